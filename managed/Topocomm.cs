// Topocomm: what the three kinds of topology communicator share -- neighbours, and the neighbour collectives
// (MPI_Neighbor_allgather(v), MPI_Neighbor_alltoall(v) and their non-blocking forms).
//
// A rank's neighbours are its in-neighbours (it receives a block from each) and out-neighbours (it sends to
// each): on a Cartesian grid both are, for each dimension in turn, the rank below and the rank above
// (MPI.PROC_NULL off the edge of a non-periodic dimension, whose block MPI neither sends nor writes); on a graph
// both are the node's neighbours (Graphcomm.Get_neighbors); on a distributed graph the sources and destinations
// it was made with.  Blocks are in that order.  Counts come from the arrays and are checked against the degrees
// (ArgumentException with the rule); the checks and the agreement are those of the other collectives
// (runtime-ext/icall-coll.c, native-mpi/coll.c), and MPI has no in-place form for these.
namespace System.MP
{
	/// <summary>An intracommunicator with a process topology: a Cartesian grid (<see cref="Cartcomm"/>), a graph
	/// (<see cref="Graphcomm"/>) or a distributed graph (<see cref="Distgraphcomm"/>).  It has the neighbour
	/// collectives, which exchange blocks with a rank's neighbours only.</summary>
	public abstract partial class Topocomm : Intracomm
	{
		// native-mpi/motor-mpi.h: enum motor_coll_kind
		const int KNeighborAllgather = 16, KNeighborAllgatherv = 17, KNeighborAlltoall = 18, KNeighborAlltoallv = 19;

		internal Topocomm (int handle) : base (handle)
		{
		}

		/// <summary>The number of neighbours this rank receives a block from in the neighbour collectives (on a
		/// Cartesian grid, 2 per dimension, MPI.PROC_NULL ones included).</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Indegree { get { int i, o; Degrees (out i, out o); return i; } }

		/// <summary>The number of neighbours this rank sends a block to in the neighbour collectives.</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Outdegree { get { int i, o; Degrees (out i, out o); return o; } }

		void Degrees (out int indegree, out int outdegree)
		{
			int rc = MPDirect.TopoDegrees (handle, out indegree, out outdegree);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
		}

		const string AllgatherRule = "recvbuf must hold Indegree times as many elements as sendbuf";
		const string AllgathervRule = "recvcounts and displs need one entry per in-neighbour (Indegree), none negative, every block inside recvbuf";
		const string AlltoallRule = "sendbuf must hold Outdegree blocks and recvbuf Indegree blocks, all of one size";
		const string AlltoallvRule = "sendcounts and sdispls need one entry per out-neighbour (Outdegree), recvcounts and rdispls one per in-neighbour (Indegree), none negative, every block inside its buffer";

		void Run (int kind, Array sendbuf, Array recvbuf, int[] v1, int[] v2, int[] v3, int[] v4, string what, string rule)
		{
			int rc = MPDirect.Neighbor (kind, sendbuf, recvbuf, v1, v2, v3, v4, handle);
			if (rc != 0)
				throw Coll.Error (rc, what, rule, (object) sendbuf ?? recvbuf, null);
		}

		Request Start (int kind, Array sendbuf, Array recvbuf, int[] v1, int[] v2, int[] v3, int[] v4, string what, string rule)
		{
			SettleIdups ();
			var r = new CollRequest (what, rule, null, null, sendbuf, recvbuf);
			int rc = MPDirect.ICollective (kind, sendbuf, recvbuf, 0, -1, v1, v2, v3, v4, 0, -1, -1, handle, r);
			if (rc != 0)
				throw Coll.Error (rc, what, rule, (object) sendbuf ?? recvbuf, null);
			return r;
		}

		/// <summary>Sends <paramref name="sendbuf"/> to every out-neighbour and receives a block from every
		/// in-neighbour into <paramref name="recvbuf"/>, in neighbour order (MPI_Neighbor_allgather).  Blocks from
		/// MPI.PROC_NULL neighbours are left as they were.</summary>
		/// <param name="sendbuf">This rank's block: an array of a primitive type or of structs without references.</param>
		/// <param name="recvbuf">Indegree blocks of sendbuf's length and element type.</param>
		/// <exception cref="ArgumentNullException">A buffer is null.</exception>
		/// <exception cref="ArgumentException">A buffer is not an array of a primitive type or of structs without
		/// references, or MPI.IN_PLACE (these collectives have no in-place form), or the two are the same array or of
		/// different element types, or the sizes do not fit (the rule is in the message).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank): no rank moved any data, this rank's buffers are unchanged and the
		/// communicator can be used again.  Also raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error (for example MPI_ERR_TRUNCATE when a
		/// neighbour sends a larger block).</exception>
		public void Neighbor_allgather (Array sendbuf, Array recvbuf)
		{
			Run (KNeighborAllgather, sendbuf, recvbuf, null, null, null, null, "Neighbor_allgather", AllgatherRule);
		}

		/// <summary>As <see cref="Neighbor_allgather"/>, with a block of its own size and place in
		/// <paramref name="recvbuf"/> for each in-neighbour (MPI_Neighbor_allgatherv).</summary>
		/// <param name="sendbuf">This rank's block.</param>
		/// <param name="recvbuf">Where the blocks land.</param>
		/// <param name="recvcounts">The elements from each in-neighbour; Indegree entries.</param>
		/// <param name="displs">Where each in-neighbour's block starts in recvbuf; Indegree entries.</param>
		/// <exception cref="ArgumentNullException">A buffer, <paramref name="recvcounts"/> or <paramref name="displs"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer is not an array of a primitive type or of structs without
		/// references, or MPI.IN_PLACE, or the two are the same array or of different element types, or the counts do
		/// not fit (the rule is in the message).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank): no rank moved any data, this rank's buffers are unchanged and the
		/// communicator can be used again.  Also raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error (for example MPI_ERR_TRUNCATE when a
		/// neighbour sends more than its count).</exception>
		public void Neighbor_allgatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs)
		{
			Run (KNeighborAllgatherv, sendbuf, recvbuf, recvcounts, displs, null, null, "Neighbor_allgatherv", AllgathervRule);
		}

		/// <summary>Sends block i of <paramref name="sendbuf"/> to out-neighbour i and receives a block from each
		/// in-neighbour into <paramref name="recvbuf"/> (MPI_Neighbor_alltoall).  Blocks from MPI.PROC_NULL
		/// neighbours are left as they were.</summary>
		/// <param name="sendbuf">Outdegree blocks.</param>
		/// <param name="recvbuf">Indegree blocks of the same size and element type.</param>
		/// <exception cref="ArgumentNullException">A buffer is null.</exception>
		/// <exception cref="ArgumentException">A buffer is not an array of a primitive type or of structs without
		/// references, or MPI.IN_PLACE, or the two are the same array or of different element types, or the sizes do
		/// not fit (the rule is in the message).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank): no rank moved any data, this rank's buffers are unchanged and the
		/// communicator can be used again.  Also raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error (for example MPI_ERR_TRUNCATE when a
		/// neighbour sends a larger block).</exception>
		public void Neighbor_alltoall (Array sendbuf, Array recvbuf)
		{
			Run (KNeighborAlltoall, sendbuf, recvbuf, null, null, null, null, "Neighbor_alltoall", AlltoallRule);
		}

		/// <summary>As <see cref="Neighbor_alltoall"/>, with blocks of their own sizes and places
		/// (MPI_Neighbor_alltoallv).</summary>
		/// <param name="sendbuf">The blocks to send.</param>
		/// <param name="sendcounts">The elements for each out-neighbour; Outdegree entries.</param>
		/// <param name="sdispls">Where each out-neighbour's block starts in sendbuf; Outdegree entries.</param>
		/// <param name="recvbuf">Where the blocks land.</param>
		/// <param name="recvcounts">The elements from each in-neighbour; Indegree entries.</param>
		/// <param name="rdispls">Where each in-neighbour's block starts in recvbuf; Indegree entries.</param>
		/// <exception cref="ArgumentNullException">A buffer or a count or displacement array is null.</exception>
		/// <exception cref="ArgumentException">A buffer is not an array of a primitive type or of structs without
		/// references, or MPI.IN_PLACE, or the two are the same array or of different element types, or the counts do
		/// not fit (the rule is in the message).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments to this collective (the
		/// message names the lowest refusing rank): no rank moved any data, this rank's buffers are unchanged and the
		/// communicator can be used again.  Also raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error (for example MPI_ERR_TRUNCATE when a
		/// neighbour sends more than its count).</exception>
		public void Neighbor_alltoallv (Array sendbuf, int[] sendcounts, int[] sdispls, Array recvbuf, int[] recvcounts, int[] rdispls)
		{
			Run (KNeighborAlltoallv, sendbuf, recvbuf, sendcounts, sdispls, recvcounts, rdispls, "Neighbor_alltoallv", AlltoallvRule);
		}

		/// <summary>Starts <see cref="Neighbor_allgather"/> (MPI_Ineighbor_allgather).</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/>, ...;
		/// until then the buffers belong to MPI.  Its completion raises what the blocking form raises after moving
		/// data (MPIException); if another rank refused its arguments, InvalidOperationException naming the lowest
		/// refusing rank (no rank moved any data).</returns>
		/// <exception cref="ArgumentNullException">A buffer is null.</exception>
		/// <exception cref="ArgumentException">As for the blocking form.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by
		/// the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ineighbor_allgather (Array sendbuf, Array recvbuf)
		{
			return Start (KNeighborAllgather, sendbuf, recvbuf, null, null, null, null, "Ineighbor_allgather", AllgatherRule);
		}

		/// <summary>Starts <see cref="Neighbor_allgatherv"/> (MPI_Ineighbor_allgatherv).  The counts and
		/// displacements are copied: they may change once this returns.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">As for the blocking form.</param>
		/// <param name="displs">As for the blocking form.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/>, ...;
		/// until then the buffers belong to MPI.  Its completion raises what the blocking form raises after moving
		/// data (MPIException); if another rank refused its arguments, InvalidOperationException naming the lowest
		/// refusing rank (no rank moved any data).</returns>
		/// <exception cref="ArgumentNullException">A buffer or array is null.</exception>
		/// <exception cref="ArgumentException">As for the blocking form.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by
		/// the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ineighbor_allgatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs)
		{
			return Start (KNeighborAllgatherv, sendbuf, recvbuf, recvcounts, displs, null, null, "Ineighbor_allgatherv", AllgathervRule);
		}

		/// <summary>Starts <see cref="Neighbor_alltoall"/> (MPI_Ineighbor_alltoall).</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/>, ...;
		/// until then the buffers belong to MPI.  Its completion raises what the blocking form raises after moving
		/// data (MPIException); if another rank refused its arguments, InvalidOperationException naming the lowest
		/// refusing rank (no rank moved any data).</returns>
		/// <exception cref="ArgumentNullException">A buffer is null.</exception>
		/// <exception cref="ArgumentException">As for the blocking form.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by
		/// the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ineighbor_alltoall (Array sendbuf, Array recvbuf)
		{
			return Start (KNeighborAlltoall, sendbuf, recvbuf, null, null, null, null, "Ineighbor_alltoall", AlltoallRule);
		}

		/// <summary>Starts <see cref="Neighbor_alltoallv"/> (MPI_Ineighbor_alltoallv).  The counts and
		/// displacements are copied: they may change once this returns.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="sendcounts">As for the blocking form.</param>
		/// <param name="sdispls">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">As for the blocking form.</param>
		/// <param name="rdispls">As for the blocking form.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/>, ...;
		/// until then the buffers belong to MPI.  Its completion raises what the blocking form raises after moving
		/// data (MPIException); if another rank refused its arguments, InvalidOperationException naming the lowest
		/// refusing rank (no rank moved any data).</returns>
		/// <exception cref="ArgumentNullException">A buffer or array is null.</exception>
		/// <exception cref="ArgumentException">As for the blocking form.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by
		/// the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ineighbor_alltoallv (Array sendbuf, int[] sendcounts, int[] sdispls, Array recvbuf, int[] recvcounts, int[] rdispls)
		{
			return Start (KNeighborAlltoallv, sendbuf, recvbuf, sendcounts, sdispls, recvcounts, rdispls, "Ineighbor_alltoallv", AlltoallvRule);
		}
	}
}
