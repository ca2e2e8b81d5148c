// Reduce_scatter on an intracommunicator: MPI_Reduce_scatter with a count per rank, and its in-place form.
using System.Runtime.CompilerServices;

namespace System.MP
{
	internal static partial class MPDirect
	{
		// runtime-ext/icall-coll.c; flags as for the other collectives
		[MethodImpl (MethodImplOptions.InternalCall)]
		internal static extern int ReduceScatter (Array sbuf, Array rbuf, int[] counts, int flags, int op, int comm);
	}

	internal static partial class Coll
	{
		internal const string ReduceScatterRule = "recvcounts needs one entry per rank, none negative; sendbuf must hold " +
			"their sum and recvbuf recvcounts[Get_rank()] elements (in place: buf must hold their sum)";
	}

	public partial class Intracomm
	{
		/// <summary>Reduces every rank's <paramref name="sendbuf"/> element-wise with <paramref name="op"/> and
		/// scatters the result: rank r receives <paramref name="recvcounts"/>[r] elements, those after the
		/// counts of ranks 0..r-1 (MPI_Reduce_scatter).</summary>
		/// <param name="sendbuf">This rank's contribution: as many elements as recvcounts add up to; or <see
		/// cref="MPI.IN_PLACE"/> (then recvbuf holds the contribution and receives the result at its start).</param>
		/// <param name="recvbuf">This rank's part of the result: recvcounts[Get_rank()] elements (in place: the
		/// contribution).</param>
		/// <param name="recvcounts">One count per rank, none negative; the same on every rank.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs, or <paramref name="recvcounts"/>, is
		/// null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed as
		/// recvbuf.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: recvcounts needs one entry per rank, none
		/// negative; sendbuf must hold their sum and recvbuf recvcounts[Get_rank()] elements (in place: recvbuf must
		/// hold their sum).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type
		/// (MPI's rules for the built-in operators; a user-defined operator's own type).</exception>
		/// <exception cref="ObjectDisposedException"><paramref name="op"/> has been freed.</exception>
		/// <exception cref="Exception">Whatever a user-defined <paramref name="op"/>'s function threw on this rank,
		/// rethrown after the collective completed (other ranks complete normally, with partial results).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Reduce_scatter (Array sendbuf, Array recvbuf, int[] recvcounts, Op op)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf, out u);
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, -1, "Reduce_scatter");
			op.Reduced (MPDirect.ReduceScatter (sendbuf, recvbuf, recvcounts, flags, h, handle), u, sendbuf, recvbuf,
			            "Reduce_scatter", Coll.ReduceScatterRule);
		}

		/// <summary>In-place Reduce_scatter: <paramref name="buf"/> holds this rank's contribution (as many elements as
		/// <paramref name="recvcounts"/> add up to); its first recvcounts[Get_rank()] elements receive this rank's
		/// part of the result.</summary>
		/// <param name="buf">The contribution, and where the result lands.</param>
		/// <param name="recvcounts">One count per rank, none negative; the same on every rank.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> or <paramref name="recvcounts"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> is not an array of a primitive type or of
		/// structs without references.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: recvcounts needs one entry per rank, none
		/// negative, and buf must hold their sum.</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type
		/// (MPI's rules for the built-in operators; a user-defined operator's own type).</exception>
		/// <exception cref="ObjectDisposedException"><paramref name="op"/> has been freed.</exception>
		/// <exception cref="Exception">Whatever a user-defined <paramref name="op"/>'s function threw on this rank,
		/// rethrown after the collective completed (other ranks complete normally, with partial results).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Reduce_scatter (Array buf, int[] recvcounts, Op op)
		{
			Reduce_scatter (MPI.IN_PLACE, buf, recvcounts, op);
		}
	}
}
