// Collectives: Bcast, Scatter(v), Gather(v), Allgather(v), Alltoall(v), Reduce, Allreduce, Scan, Exscan and
// Reduce_scatter_block on zero-copy buffers.
//
// Buffers are whole arrays of a primitive type or of structs without references, of any rank (a double[,] is
// one buffer of all its elements in row-major order); Bcast also takes the offset/count form and single objects
// without reference fields.  Counts come from the arrays: "a block" is what one rank contributes or receives.
// Each call checks the sizes it can see on the calling rank and refuses a mismatch with ArgumentException
// before MPI is called (the rule is in the message); a buffer that MPI ignores on a rank (the send buffer of
// Scatter off the root, the receive buffer of Gather and Reduce off the root) may be null there.
//
// In place.  Where MPI has an in-place form, pass MPI.IN_PLACE as the buffer MPI_IN_PLACE stands for: the send
// buffer (Gather, Gatherv and Reduce at the root; Allgather(v), Alltoall(v), Allreduce, Scan, Exscan,
// Reduce_scatter_block on every rank) or the receive buffer (Scatter and Scatterv at the root).  One-buffer
// overloads -- Allreduce(buf, op), Reduce(buf, op, root), ... -- do the same with less typing.
namespace System.MP
{
	public static partial class MPI
	{
		/// <summary>Stands for MPI_IN_PLACE in the collectives that have an in-place form: see Intracomm.Gather,
		/// Allreduce, ...  Everywhere else a buffer is taken (Send, Recv, Isend, Irecv, Sendrecv, Bcast,
		/// Reduce_local, the O-operations, ...) it raises ArgumentException.</summary>
		/// <remarks>Pass it as the send buffer of Gather, Gatherv and Reduce at the root, of Allgather(v),
		/// Alltoall(v), Allreduce, Scan, Exscan and Reduce_scatter_block on every rank, or as the receive buffer of
		/// Scatter and Scatterv at the root.</remarks>
		public static readonly Array IN_PLACE = new InPlaceMarker[0];

		struct InPlaceMarker
		{
		}
	}

	public partial class Intracomm
	{
		const int SendInPlace = 1, RecvInPlace = 2;

		// ---- broadcast ------------------------------------------------------------------------------

		/// <summary>Sends the root's <paramref name="buf"/> into every other rank's.  Every rank passes a buffer of the
		/// same size and type.</summary>
		/// <param name="buf">At the root, the data; elsewhere, where it lands.  A buffer as for <see
		/// cref="Comm.Send(object,int,int)"/>.</param>
		/// <param name="root">The rank that sends (Bcast, Scatter) or receives (Gather, Reduce) the whole; the same on
		/// every rank.</param>
		/// <remarks>Sizes are not compared across ranks before the transfer: a rank whose buffer is smaller than the
		/// root's gets MPIException (MPI_ERR_TRUNCATE) from the MPI library.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Bcast (object buf, int root)
		{
			int rc = MPDirect.Bcast (buf, 0, -1, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Bcast", null, buf, null);
		}

		/// <summary>Broadcasts elements [offset, offset+count) of an array.</summary>
		/// <param name="buf">The array: at the root the data, elsewhere where it lands.</param>
		/// <param name="offset">Index of the first element.</param>
		/// <param name="count">Number of elements; the same on every rank.</param>
		/// <param name="root">The rank that sends (Bcast, Scatter) or receives (Gather, Reduce) the whole; the same on
		/// every rank.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> is not an array, or cannot be an MPI
		/// buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is
		/// negative or the range runs past the array, or <paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Bcast (object buf, int offset, int count, int root)
		{
			if ((offset | count) < 0)
				throw Coll.Refuse (this, Errors.BadRange (offset, count));
			int rc = MPDirect.Bcast (buf, offset, count, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Bcast", null, buf, null);
		}

		// ---- scatter and gather ---------------------------------------------------------------------

		/// <summary>The root's <paramref name="sendbuf"/> holds Get_size() blocks; block r lands in rank r's
		/// <paramref name="recvbuf"/>.  At the root, recvbuf may be MPI.IN_PLACE (its block stays in
		/// sendbuf).</summary>
		/// <param name="sendbuf">At the root, Get_size() blocks of recvbuf's length; ignored (may be null)
		/// elsewhere.</param>
		/// <param name="recvbuf">This rank's block; at the root it may be <see cref="MPI.IN_PLACE"/>.</param>
		/// <param name="root">The rank that sends (Bcast, Scatter) or receives (Gather, Reduce) the whole; the same on
		/// every rank.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: at the root, sendbuf must hold Get_size()
		/// times as many elements as recvbuf.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Scatter (Array sendbuf, Array recvbuf, int root)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, RecvInPlace, root, "Scatter");
			int rc = MPDirect.Scatter (sendbuf, recvbuf, flags, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Scatter", "at the root, sendbuf must hold Get_size() times as many elements as recvbuf", sendbuf ?? recvbuf, null);
		}

		/// <summary>Block r of the root's <paramref name="sendbuf"/> is <paramref name="sendcounts"/>[r] elements from
		/// <paramref name="displs"/>[r]; rank r receives it into the whole of its <paramref name="recvbuf"/>.
		/// sendcounts and displs matter only at the root.</summary>
		/// <param name="sendbuf">At the root, the blocks; ignored (may be null) elsewhere.</param>
		/// <param name="sendcounts">At the root, the element count of each rank's block (one entry per rank, none
		/// negative).</param>
		/// <param name="displs">At the root, where each block starts in sendbuf (one entry per rank, none negative,
		/// every block inside sendbuf).</param>
		/// <param name="recvbuf">This rank's block (sendcounts[rank] elements at the root); at the root it may be <see
		/// cref="MPI.IN_PLACE"/>.</param>
		/// <param name="root">The rank that sends (Bcast, Scatter) or receives (Gather, Reduce) the whole; the same on
		/// every rank.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: at the root, sendcounts and displs need one
		/// entry per rank, none negative, every block inside sendbuf, and recvbuf must hold sendcounts[root]
		/// elements.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Scatterv (Array sendbuf, int[] sendcounts, int[] displs, Array recvbuf, int root)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, RecvInPlace, root, "Scatterv");
			int rc = MPDirect.Scatterv (sendbuf, sendcounts, displs, recvbuf, flags, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Scatterv", "at the root, sendcounts and displs need one entry per rank, none negative, " +
					"every block inside sendbuf, and recvbuf must hold sendcounts[root] elements", sendbuf ?? recvbuf, null);
		}

		/// <summary>Every rank's <paramref name="sendbuf"/> lands, in rank order, in the root's
		/// <paramref name="recvbuf"/> (Get_size() blocks).  At the root, sendbuf may be MPI.IN_PLACE (its block is
		/// already in place in recvbuf).</summary>
		/// <param name="sendbuf">This rank's block; at the root it may be <see cref="MPI.IN_PLACE"/>.</param>
		/// <param name="recvbuf">At the root, room for Get_size() blocks; ignored (may be null) elsewhere.</param>
		/// <param name="root">The rank that sends (Bcast, Scatter) or receives (Gather, Reduce) the whole; the same on
		/// every rank.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: at the root, recvbuf must hold Get_size()
		/// times as many elements as sendbuf.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Gather (Array sendbuf, Array recvbuf, int root)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, root, "Gather");
			int rc = MPDirect.Gather (sendbuf, recvbuf, flags, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Gather", "at the root, recvbuf must hold Get_size() times as many elements as sendbuf", sendbuf ?? recvbuf, null);
		}

		/// <summary>Rank r's <paramref name="sendbuf"/> lands at <paramref name="displs"/>[r] of the root's
		/// <paramref name="recvbuf"/>; it must hold <paramref name="recvcounts"/>[r] elements.</summary>
		/// <param name="sendbuf">This rank's block; at the root it may be <see cref="MPI.IN_PLACE"/>.</param>
		/// <param name="recvbuf">At the root, where the blocks land; ignored (may be null) elsewhere.</param>
		/// <param name="recvcounts">At the root, each rank's element count (one entry per rank, none negative).</param>
		/// <param name="displs">At the root, where each rank's block lands in recvbuf (every block inside it).</param>
		/// <param name="root">The rank that sends (Bcast, Scatter) or receives (Gather, Reduce) the whole; the same on
		/// every rank.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: at the root, recvcounts and displs need one
		/// entry per rank, none negative, every block inside recvbuf, and sendbuf must hold recvcounts[root]
		/// elements.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Gatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs, int root)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, root, "Gatherv");
			int rc = MPDirect.Gatherv (sendbuf, recvbuf, recvcounts, displs, flags, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Gatherv", "at the root, recvcounts and displs need one entry per rank, none negative, " +
					"every block inside recvbuf, and sendbuf must hold recvcounts[root] elements", sendbuf ?? recvbuf, null);
		}

		/// <summary>Gather to every rank: <paramref name="recvbuf"/> holds Get_size() blocks of sendbuf's length.
		/// sendbuf may be MPI.IN_PLACE (each rank's block already in place).</summary>
		/// <param name="sendbuf">This rank's block, or <see cref="MPI.IN_PLACE"/>.</param>
		/// <param name="recvbuf">Room for Get_size() blocks.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: recvbuf must hold Get_size() times as many
		/// elements as sendbuf.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Allgather (Array sendbuf, Array recvbuf)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, -1, "Allgather");
			int rc = MPDirect.Allgather (sendbuf, recvbuf, flags, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Allgather", "recvbuf must hold Get_size() times as many elements as sendbuf", sendbuf ?? recvbuf, null);
		}

		/// <summary>In-place Allgather: rank r's block r of <paramref name="buf"/> goes to every rank.</summary>
		/// <param name="buf">Get_size() blocks; this rank's block is block Get_rank().</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: the length of buf must be a multiple of
		/// Get_size().</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Allgather (Array buf)
		{
			Allgather (MPI.IN_PLACE, buf);
		}

		/// <summary>Gatherv to every rank: rank r's <paramref name="sendbuf"/> lands at <paramref name="displs"/>[r] of
		/// every rank's <paramref name="recvbuf"/> (MPI_Allgatherv).</summary>
		/// <param name="sendbuf">This rank's block (recvcounts[Get_rank()] elements), or <see cref="MPI.IN_PLACE"/>
		/// (the block is already at displs[Get_rank()] of recvbuf).</param>
		/// <param name="recvbuf">Where the blocks land.</param>
		/// <param name="recvcounts">Each rank's element count, one entry per rank, none negative; the same on every
		/// rank.</param>
		/// <param name="displs">Where each rank's block lands in recvbuf; every block inside it.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: recvcounts and displs need one entry per
		/// rank, none negative, every block inside recvbuf, and sendbuf must hold recvcounts[Get_rank()]
		/// elements.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Allgatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, -1, "Allgatherv");
			int rc = MPDirect.Allgatherv (sendbuf, recvbuf, recvcounts, displs, flags, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Allgatherv", "recvcounts and displs need one entry per rank, none negative, every block " +
					"inside recvbuf, and sendbuf must hold recvcounts[Get_rank()] elements", sendbuf ?? recvbuf, null);
		}

		/// <summary>Block j of rank i's <paramref name="sendbuf"/> lands as block i of rank j's
		/// <paramref name="recvbuf"/>.  Both hold Get_size() blocks of equal length.</summary>
		/// <param name="sendbuf">Get_size() blocks, block j for rank j; or <see cref="MPI.IN_PLACE"/>.</param>
		/// <param name="recvbuf">Get_size() blocks, block i from rank i.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: sendbuf and recvbuf must have the same
		/// length, a multiple of Get_size().</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Alltoall (Array sendbuf, Array recvbuf)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, -1, "Alltoall");
			int rc = MPDirect.Alltoall (sendbuf, recvbuf, flags, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Alltoall", "sendbuf and recvbuf must have the same length, a multiple of Get_size()", sendbuf ?? recvbuf, null);
		}

		/// <summary>In-place Alltoall on <paramref name="buf"/>.</summary>
		/// <param name="buf">Get_size() blocks: block j is sent to rank j and replaced by the block from rank
		/// j.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: the length of buf must be a multiple of
		/// Get_size().</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Alltoall (Array buf)
		{
			Alltoall (MPI.IN_PLACE, buf);
		}

		/// <summary>Alltoall with blocks of any size: <paramref name="sendcounts"/>[j] elements from
		/// <paramref name="sdispls"/>[j] of <paramref name="sendbuf"/> go to rank j, which receives them at its
		/// <paramref name="rdispls"/>[i] (MPI_Alltoallv).</summary>
		/// <param name="sendbuf">The blocks to send, or <see cref="MPI.IN_PLACE"/> (then the blocks sent are those of
		/// recvbuf, described by recvcounts and rdispls).</param>
		/// <param name="sendcounts">Elements for each rank, one entry per rank.</param>
		/// <param name="sdispls">Where each rank's block starts in sendbuf.</param>
		/// <param name="recvbuf">Where the blocks from every rank land.</param>
		/// <param name="recvcounts">Elements from each rank, one entry per rank.</param>
		/// <param name="rdispls">Where each rank's block lands in recvbuf.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: counts and displacements need one entry per
		/// rank, none negative, and every block inside its buffer.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank; that rank's exception says why): no rank moved any data, this rank's
		/// buffers are unchanged and the communicator can be used again.  Also raised when MPI has been
		/// finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Alltoallv (Array sendbuf, int[] sendcounts, int[] sdispls, Array recvbuf, int[] recvcounts, int[] rdispls)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, -1, "Alltoallv");
			int rc = MPDirect.Alltoallv (sendbuf, sendcounts, sdispls, recvbuf, recvcounts, rdispls, flags, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Alltoallv", "counts and displacements need one entry per rank, none negative, and every " +
					"block inside its buffer", sendbuf ?? recvbuf, null);
		}

		// ---- reductions -----------------------------------------------------------------------------

		const string SameLength = "sendbuf and recvbuf must have the same length";

		/// <summary>Reduces every rank's <paramref name="sendbuf"/> element-wise with <paramref name="op"/> into the
		/// root's <paramref name="recvbuf"/> (null elsewhere is fine).  At the root sendbuf may be
		/// MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">This rank's contribution, or <see cref="MPI.IN_PLACE"/> at the root (its contribution
		/// is then recvbuf).</param>
		/// <param name="recvbuf">At the root, the result (sendbuf's length); ignored (may be null) elsewhere.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <param name="root">The rank that sends (Bcast, Scatter) or receives (Gather, Reduce) the whole; the same on
		/// every rank.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: sendbuf and recvbuf must have the same
		/// length.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
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
		public void Reduce (Array sendbuf, Array recvbuf, Op op, int root)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf ?? sendbuf, out u);
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, root, "Reduce");
			op.Reduced (MPDirect.Reduce (sendbuf, recvbuf, flags, h, root, handle), u, sendbuf, recvbuf, "Reduce", SameLength);
		}

		/// <summary>In-place Reduce: every rank contributes <paramref name="buf"/>; the root's receives the
		/// result.</summary>
		/// <param name="buf">This rank's contribution; at the root it receives the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <param name="root">The rank that sends (Bcast, Scatter) or receives (Gather, Reduce) the whole; the same on
		/// every rank.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the
		/// communicator.</exception>
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
		public void Reduce (Array buf, Op op, int root)
		{
			if (Get_rank () == root)
				Reduce (MPI.IN_PLACE, buf, op, root);
			else
				Reduce (buf, null, op, root);
		}

		/// <summary>Reduces every rank's <paramref name="sendbuf"/> element-wise into every rank's
		/// <paramref name="recvbuf"/>.  sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">This rank's contribution, or <see cref="MPI.IN_PLACE"/> (the contribution is then
		/// recvbuf).</param>
		/// <param name="recvbuf">The result, on every rank.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: sendbuf and recvbuf must have the same
		/// length.</exception>
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
		public void Allreduce (Array sendbuf, Array recvbuf, Op op)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf, out u);
			int flags = 0;
			if (ReferenceEquals (recvbuf, MPI.IN_PLACE))
				throw Coll.Refuse (this, new ArgumentException ("Allreduce: MPI.IN_PLACE is not a buffer: only the collectives " +
					"with an in-place form take it, and Allreduce takes it only as the sendbuf", "recvbuf"));
			if (ReferenceEquals (sendbuf, MPI.IN_PLACE)) {
				flags = SendInPlace;
				sendbuf = null;
			}
			int rc = MPDirect.Allreduce (sendbuf, recvbuf, flags, h, handle);
			if (rc != 0 || op.IsUser)
				op.Reduced (rc, u, sendbuf, recvbuf, "Allreduce", SameLength);
		}

		/// <summary>In-place Allreduce: every rank's <paramref name="buf"/> is replaced by the element-wise reduction
		/// of all of them.</summary>
		/// <param name="buf">This rank's contribution, replaced by the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
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
		public void Allreduce (Array buf, Op op)
		{
			Allreduce (MPI.IN_PLACE, buf, op);
		}

		/// <summary>Inclusive prefix reduction: rank r receives the reduction of ranks 0..r.</summary>
		/// <param name="sendbuf">This rank's contribution, or <see cref="MPI.IN_PLACE"/> (the contribution is then
		/// recvbuf).</param>
		/// <param name="recvbuf">This rank's result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: sendbuf and recvbuf must have the same
		/// length.</exception>
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
		public void Scan (Array sendbuf, Array recvbuf, Op op)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf, out u);
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, -1, "Scan");
			op.Reduced (MPDirect.Scan (sendbuf, recvbuf, flags, h, handle), u, sendbuf, recvbuf, "Scan", SameLength);
		}

		/// <summary>In-place inclusive prefix reduction: rank r's <paramref name="buf"/> is replaced by the reduction
		/// of ranks 0..r.</summary>
		/// <param name="buf">This rank's contribution, replaced by the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
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
		public void Scan (Array buf, Op op)
		{
			Scan (MPI.IN_PLACE, buf, op);
		}

		/// <summary>Exclusive prefix reduction: rank r receives the reduction of ranks 0..r-1.  Rank 0's recvbuf is
		/// undefined afterwards (MPI leaves it so).</summary>
		/// <param name="sendbuf">This rank's contribution, or <see cref="MPI.IN_PLACE"/> (the contribution is then
		/// recvbuf).</param>
		/// <param name="recvbuf">This rank's result (undefined on rank 0).</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: sendbuf and recvbuf must have the same
		/// length.</exception>
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
		public void Exscan (Array sendbuf, Array recvbuf, Op op)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf, out u);
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, -1, "Exscan");
			op.Reduced (MPDirect.Exscan (sendbuf, recvbuf, flags, h, handle), u, sendbuf, recvbuf, "Exscan", SameLength);
		}

		/// <summary>In-place exclusive prefix reduction: rank r's <paramref name="buf"/> is replaced by the reduction
		/// of ranks 0..r-1 (rank 0's is undefined afterwards).</summary>
		/// <param name="buf">This rank's contribution, replaced by the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
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
		public void Exscan (Array buf, Op op)
		{
			Exscan (MPI.IN_PLACE, buf, op);
		}

		/// <summary>Reduces every rank's <paramref name="sendbuf"/> (Get_size() blocks of recvbuf's length) and
		/// scatters the result: rank r receives block r.</summary>
		/// <param name="sendbuf">This rank's contribution, or <see cref="MPI.IN_PLACE"/> (then recvbuf holds the
		/// contribution, Get_size() blocks).</param>
		/// <param name="recvbuf">This rank's block of the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: sendbuf must hold Get_size() times as many
		/// elements as recvbuf.</exception>
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
		public void Reduce_scatter_block (Array sendbuf, Array recvbuf, Op op)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf, out u);
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, SendInPlace, -1, "Reduce_scatter_block");
			op.Reduced (MPDirect.ReduceScatterBlock (sendbuf, recvbuf, flags, h, handle), u, sendbuf, recvbuf, "Reduce_scatter_block",
			            "sendbuf must hold Get_size() times as many elements as recvbuf (in place: buf's length must be a multiple of Get_size())");
		}

		/// <summary>In-place form: <paramref name="buf"/> holds Get_size() blocks; rank r's result is left in its first
		/// block.</summary>
		/// <param name="buf">Get_size() blocks: this rank's contribution; block 0 receives this rank's result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException"><paramref name="buf"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types, or they are the
		/// same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this
		/// collective has no in-place form or off the root.</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: buf's length must be a multiple of
		/// Get_size().</exception>
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
		public void Reduce_scatter_block (Array buf, Op op)
		{
			Reduce_scatter_block (MPI.IN_PLACE, buf, op);
		}
	}

	/// <summary>Argument handling shared by the collectives.</summary>
	internal static partial class Coll
	{
		// MOTOR_EPEER(r) = Errors.EPEER_BASE - r: rank r refused its arguments to the same collective.
		// MOTOR_EPEER_REMOTE(r) = Errors.EPEER_REMOTE_BASE - r: on an intercommunicator, rank r of the remote group
		// refused (native-mpi/errors.def).
		const int EPEER_BASE = Errors.EPEER_BASE, EPEER_REMOTE_BASE = Errors.EPEER_REMOTE_BASE;

		/// <summary>The message for a peer's refusal code (<paramref name="rc"/> &lt;= EPEER_BASE).</summary>
		internal static string Peer (int rc)
		{
			return rc <= EPEER_REMOTE_BASE ? "rank " + (EPEER_REMOTE_BASE - rc) + " of the remote group"
				: "rank " + (EPEER_BASE - rc);
		}

		/// <summary>The flags for MPI.IN_PLACE in either buffer, which it replaces with null.  `allowed` is the
		/// one buffer where MPI has an in-place form, and only at `root` when root >= 0.</summary>
		internal static int Flags (Comm comm, ref Array sendbuf, ref Array recvbuf, int allowed, int root, string what,
		                           bool nonblocking = false)
		{
			int flags = 0;
			if (ReferenceEquals (sendbuf, MPI.IN_PLACE)) {
				flags |= 1;
				sendbuf = null;
			}
			if (ReferenceEquals (recvbuf, MPI.IN_PLACE)) {
				flags |= 2;
				recvbuf = null;
			}
			if (flags == 0)
				return 0;
			if (comm is Intercomm)
				throw Refuse (comm, nonblocking, new ArgumentException (what + ": MPI.IN_PLACE is not allowed on an intercommunicator " +
					"(MPI has no in-place form there)", flags == 1 ? "sendbuf" : "recvbuf"));
			string where = allowed == 1 ? "sendbuf" : "recvbuf";
			if (flags != allowed)
				throw Refuse (comm, nonblocking, new ArgumentException (what + ": MPI.IN_PLACE can only be the " + where, flags == 1 ? "sendbuf" : "recvbuf"));
			if (root >= 0 && comm.Get_rank () != root)
				throw Refuse (comm, nonblocking, new ArgumentException (what + ": MPI.IN_PLACE is only for the root's " + where, where));
			return flags;
		}

		/// <summary>The handle of <paramref name="op"/> for a reduction on <paramref name="comm"/> (null: a local
		/// one); a null or freed operator is refused there (see <see cref="Refuse(Comm,bool,Exception)"/>).  For a
		/// user-defined operator, the handle of the instance the reduction takes (<paramref name="use"/>), which
		/// <see cref="Op.Reduced"/> gives back; a refusal after this leaves it to be collected.</summary>
		internal static int Handle (Comm comm, Op op, Array buf, out Op.Instance use, bool nonblocking = false)
		{
			use = null;
			try {
				if (op == null)
					throw new ArgumentNullException ("op");
				int h = op.Handle (buf);
				use = op.Take ();
				return use != null ? use.handle : h;
			} catch (Exception e) {
				if (comm == null)
					throw;
				throw Refuse (comm, nonblocking, e);
			}
		}

		/// <summary>Takes this rank's part, as a refusal, in the agreement that every collective on a
		/// communicator of several ranks makes before it moves data (native-mpi/coll.c), and returns
		/// <paramref name="e"/> to throw.  Every check made here in managed code before the internal call goes
		/// through it, so the other ranks raise too instead of waiting for this one.</summary>
		internal static Exception Refuse (Comm comm, Exception e)
		{
			return Refuse (comm, false, e);
		}

		/// <summary>As <see cref="Refuse(Comm,Exception)"/>, for a blocking collective or (<paramref name="nonblocking"/>)
		/// a non-blocking one, whose agreement the other ranks post without waiting (native-mpi/icoll.c): this
		/// rank's part in it must be of the same kind.</summary>
		internal static Exception Refuse (Comm comm, bool nonblocking, Exception e)
		{
			if (nonblocking)
				comm.SettleIdups ();
			MPDirect.CollRefuse (comm.handle, nonblocking ? 1 : 0);
			return e;
		}

		/// <summary>The exception for code <paramref name="rc"/> of collective <paramref name="what"/>.</summary>
		internal static Exception Error (int rc, string what, string sizeRule, object buf, Op op)
		{
			if (rc <= EPEER_BASE)
				return new InvalidOperationException (what + ": " + Peer (rc) + " refused its arguments " +
					"(the exception there says why), so no rank moved any data; this rank's buffers are unchanged and " +
					"the communicator can be used again");
			switch (rc) {
			case Errors.ESIZE:
				return Errors.New (rc, what + ": the buffer sizes do not fit: " + sizeRule);
			case Errors.ETYPE:
				return Errors.New (rc, what + ": sendbuf and recvbuf must have the same element type");
			case Errors.EOPTYPE:
				return Errors.New (rc, what + ": " + (op != null ? op.TypeRefusal (buf) : "operator not defined for the element type"), "op");
			case Errors.EOP:
				return Errors.New (rc, "the operator has been freed", "Op");
			case Errors.ENULL:
				return Errors.New (rc, what + ": a buffer this rank needs is null", "buf");
			case Errors.ERANK:
				return Errors.New (rc, what + ": root is not a rank of the communicator (on an " +
					"intercommunicator: MPI.ROOT at the root, MPI.PROC_NULL on the rest of its group, the root's rank in " +
					"the remote group on the other group)", "root");
			case Errors.EALIAS:
				return Errors.New (rc, what + ": sendbuf and recvbuf are the same array; pass MPI.IN_PLACE as the " +
					"send buffer for the in-place form", "recvbuf");
			case Errors.EMISMATCH:
				return Errors.New (rc, what + ": the count, root or operator differ between the ranks, or a block's size " +
					"between the rank that sends it and the rank that receives it (MPI needs them to fit), so no rank moved " +
					"any data; this rank's buffers are unchanged and the communicator can be used again");
			default:
				return Errors.Make (rc, null, buf, 0, 0, null);
			}
		}
	}
}

namespace System.MP
{
	public static partial class Diagnostics
	{
		/// <summary>Whether collectives post their non-blocking MPI forms and poll them (true) or call the
		/// blocking forms inside a GC-safe region (false, the default; MOTOR_COLL_NB=1 sets true at start-up).
		/// For tests and benchmarks.</summary>
		internal static bool CollectivesNonBlocking {
			get { return MPDirect.CollMode (-1) != 0; }
			set { MPDirect.CollMode (value ? 1 : 0); }
		}

		/// <summary>op.Reduce_local run on a new native thread that the runtime has never seen, as when the MPI
		/// library calls an operator from a thread of its own; this thread waits in a GC-safe region.</summary>
		internal static void ReduceLocalOnNewThread (Op op, Array inbuf, Array inoutbuf)
		{
			Op.Instance u;
			int h = Coll.Handle (null, op, inoutbuf, out u);
			op.Reduced (MPDirect.ReduceLocalForeignThread (inbuf, inoutbuf, h), u, inbuf, inoutbuf, "Reduce_local",
			            "inbuf and inoutbuf must have the same length");
		}
	}
}
