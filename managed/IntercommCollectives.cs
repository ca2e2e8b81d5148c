// Collectives on intercommunicators (MPI's intercommunicator rules): rooted ones are rooted in one group and
// move data to or from the other; the others move data between the groups.  The root passes MPI.ROOT, the rest
// of its group MPI.PROC_NULL (they take part without data), and the other group the root's rank in the remote
// group.  Whole buffers hold a block per rank of the remote group.  MPI.IN_PLACE is not allowed (MPI has none
// here).  The agreement spans both groups: a refusal on any rank raises on every rank of both (coll.c).
namespace System.MP
{
	public static partial class MPI
	{
		/// <summary>As the root of a collective on an <see cref="Intercomm"/>: passed by the root itself (the other
		/// ranks of its group pass <see cref="PROC_NULL"/>, the remote group the root's rank in the remote
		/// group).</summary>
		public const int ROOT = -3;
	}

	public partial class Intercomm
	{
		/// <summary>Waits until every rank of both groups has called Barrier (MPI_Barrier on the
		/// intercommunicator).</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Barrier ()
		{
			int rc = MPDirect.Barrier (handle);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
		}

		/// <summary>Rooted broadcast across the groups: the root's <paramref name="buf"/> lands in the buffer of every rank of
		/// the remote group; the other ranks of the root's group take part without data.</summary>
		/// <param name="buf">At the root, the data; in the remote group, where it lands (the root's size); ignored (may
		/// be null) on the root's group mates.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="buf"/> cannot be an MPI buffer.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or
		/// a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Bcast (object buf, int root)
		{
			int rc = MPDirect.Bcast (buf, 0, -1, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Bcast", null, buf, null);
		}

		/// <summary>The root's <paramref name="sendbuf"/> holds a block per rank of the remote group; block r lands in the
		/// <paramref name="recvbuf"/> of remote rank r.</summary>
		/// <param name="sendbuf">At the root, Get_remote_size() blocks; ignored (may be null) elsewhere.</param>
		/// <param name="recvbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: at the root, sendbuf's length must be a multiple of Get_remote_size().</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or
		/// a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Scatter (Array sendbuf, Array recvbuf, int root)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, root, "Scatter");
			int rc = MPDirect.Scatter (sendbuf, recvbuf, flags, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Scatter", "at the root, sendbuf's length must be a multiple of Get_remote_size()", sendbuf ?? recvbuf, null);
		}

		/// <summary>Block r of the root's <paramref name="sendbuf"/> is <paramref name="sendcounts"/>[r] elements from
		/// <paramref name="displs"/>[r]; remote rank r receives it into the whole of its <paramref name="recvbuf"/>.</summary>
		/// <param name="sendbuf">At the root, the blocks; ignored (may be null) elsewhere.</param>
		/// <param name="sendcounts">At the root, one element count per rank of the remote group, none negative.</param>
		/// <param name="displs">At the root, where each block starts in sendbuf (every block inside it).</param>
		/// <param name="recvbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: at the root, sendcounts and displs need one entry per rank of the remote group, none negative, every block inside sendbuf.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or
		/// a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Scatterv (Array sendbuf, int[] sendcounts, int[] displs, Array recvbuf, int root)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, root, "Scatterv");
			int rc = MPDirect.Scatterv (sendbuf, sendcounts, displs, recvbuf, flags, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Scatterv", "at the root, sendcounts and displs need one entry per rank of the remote " +
					"group, none negative, every block inside sendbuf", sendbuf ?? recvbuf, null);
		}

		/// <summary>Every remote rank's <paramref name="sendbuf"/> lands, in rank order, in the root's
		/// <paramref name="recvbuf"/> (Get_remote_size() blocks).</summary>
		/// <param name="sendbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="recvbuf">At the root, room for Get_remote_size() blocks; ignored (may be null) elsewhere.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: at the root, recvbuf's length must be a multiple of Get_remote_size().</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or
		/// a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Gather (Array sendbuf, Array recvbuf, int root)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, root, "Gather");
			int rc = MPDirect.Gather (sendbuf, recvbuf, flags, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Gather", "at the root, recvbuf's length must be a multiple of Get_remote_size()", sendbuf ?? recvbuf, null);
		}

		/// <summary>Remote rank r's <paramref name="sendbuf"/> lands at <paramref name="displs"/>[r] of the root's
		/// <paramref name="recvbuf"/>; it must hold <paramref name="recvcounts"/>[r] elements.</summary>
		/// <param name="sendbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="recvbuf">At the root, where the blocks land; ignored (may be null) elsewhere.</param>
		/// <param name="recvcounts">At the root, one element count per rank of the remote group, none negative.</param>
		/// <param name="displs">At the root, where each block lands in recvbuf (every block inside it).</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: at the root, recvcounts and displs need one entry per rank of the remote group, none negative, every block inside recvbuf.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or
		/// a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Gatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs, int root)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, root, "Gatherv");
			int rc = MPDirect.Gatherv (sendbuf, recvbuf, recvcounts, displs, flags, root, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Gatherv", "at the root, recvcounts and displs need one entry per rank of the remote " +
					"group, none negative, every block inside recvbuf", sendbuf ?? recvbuf, null);
		}

		/// <summary>Every rank receives the blocks of the remote group: rank r's <paramref name="sendbuf"/> lands as block r of
		/// the <paramref name="recvbuf"/> of every rank of the other group.  Blocks have the same length in both groups.</summary>
		/// <param name="sendbuf">This rank's block.</param>
		/// <param name="recvbuf">Room for Get_remote_size() blocks of sendbuf's length.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: recvbuf must hold Get_remote_size() times as many elements as sendbuf.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Allgather (Array sendbuf, Array recvbuf)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, -1, "Allgather");
			int rc = MPDirect.Allgather (sendbuf, recvbuf, flags, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Allgather", "recvbuf must hold Get_remote_size() times as many elements as sendbuf", sendbuf ?? recvbuf, null);
		}

		/// <summary>Allgather with blocks of any size: remote rank r's <paramref name="sendbuf"/> lands at
		/// <paramref name="displs"/>[r] of <paramref name="recvbuf"/>, <paramref name="recvcounts"/>[r] elements.</summary>
		/// <param name="sendbuf">This rank's block (the other group's recvcounts say how long it must be).</param>
		/// <param name="recvbuf">Where the remote group's blocks land.</param>
		/// <param name="recvcounts">One element count per rank of the remote group, none negative.</param>
		/// <param name="displs">Where each remote rank's block lands in recvbuf (every block inside it).</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: recvcounts and displs need one entry per rank of the remote group, none negative, every block inside recvbuf.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Allgatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, -1, "Allgatherv");
			int rc = MPDirect.Allgatherv (sendbuf, recvbuf, recvcounts, displs, flags, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Allgatherv", "recvcounts and displs need one entry per rank of the remote group, none " +
					"negative, every block inside recvbuf", sendbuf ?? recvbuf, null);
		}

		/// <summary>Block j of rank i's <paramref name="sendbuf"/> lands as block i of remote rank j's
		/// <paramref name="recvbuf"/>.  Both hold Get_remote_size() blocks; blocks have the same length in both groups.</summary>
		/// <param name="sendbuf">Get_remote_size() blocks, block j for remote rank j.</param>
		/// <param name="recvbuf">Get_remote_size() blocks, block i from remote rank i.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: sendbuf and recvbuf must have the same length, a multiple of Get_remote_size().</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Alltoall (Array sendbuf, Array recvbuf)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, -1, "Alltoall");
			int rc = MPDirect.Alltoall (sendbuf, recvbuf, flags, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Alltoall", "sendbuf and recvbuf must have the same length, a multiple of Get_remote_size()", sendbuf ?? recvbuf, null);
		}

		/// <summary>Alltoall with blocks of any size: <paramref name="sendcounts"/>[j] elements from
		/// <paramref name="sdispls"/>[j] go to remote rank j, which receives them at its <paramref name="rdispls"/>[i].</summary>
		/// <param name="sendbuf">The blocks to send.</param>
		/// <param name="sendcounts">Elements for each remote rank, one entry per rank of the remote group.</param>
		/// <param name="sdispls">Where each remote rank's block starts in sendbuf.</param>
		/// <param name="recvbuf">Where the remote group's blocks land.</param>
		/// <param name="recvcounts">Elements from each remote rank, one entry per rank of the remote group.</param>
		/// <param name="rdispls">Where each remote rank's block lands in recvbuf.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: counts and displacements need one entry per rank of the remote group, none negative, and every block inside its buffer.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Alltoallv (Array sendbuf, int[] sendcounts, int[] sdispls, Array recvbuf, int[] recvcounts, int[] rdispls)
		{
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, -1, "Alltoallv");
			int rc = MPDirect.Alltoallv (sendbuf, sendcounts, sdispls, recvbuf, recvcounts, rdispls, flags, handle);
			if (rc != 0)
				throw Coll.Error (rc, "Alltoallv", "counts and displacements need one entry per rank of the remote group, none " +
					"negative, and every block inside its buffer", sendbuf ?? recvbuf, null);
		}

		/// <summary>Reduces the <paramref name="sendbuf"/> of every rank of the remote group element-wise into the root's
		/// <paramref name="recvbuf"/>.</summary>
		/// <param name="sendbuf">In the remote group, this rank's contribution; ignored (may be null) in the root's
		/// group.</param>
		/// <param name="recvbuf">At the root, the result (the contributions' length); ignored (may be null)
		/// elsewhere.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element
		/// type.</exception>
		/// <exception cref="ObjectDisposedException"><paramref name="op"/> has been freed.</exception>
		/// <exception cref="Exception">Whatever a user-defined <paramref name="op"/>'s function threw on this rank,
		/// rethrown after the collective completed.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or
		/// a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Reduce (Array sendbuf, Array recvbuf, Op op, int root)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf ?? sendbuf, out u);
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, root, "Reduce");
			op.Reduced (MPDirect.Reduce (sendbuf, recvbuf, flags, h, root, handle), u, sendbuf, recvbuf, "Reduce", "sendbuf and recvbuf must have the same length");
		}

		/// <summary>Each group receives the element-wise reduction of the other group's <paramref name="sendbuf"/>s.</summary>
		/// <param name="sendbuf">This rank's contribution.</param>
		/// <param name="recvbuf">The remote group's reduction (sendbuf's length, the same in both groups).</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: sendbuf and recvbuf must have the same length.</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element
		/// type.</exception>
		/// <exception cref="ObjectDisposedException"><paramref name="op"/> has been freed.</exception>
		/// <exception cref="Exception">Whatever a user-defined <paramref name="op"/>'s function threw on this rank,
		/// rethrown after the collective completed.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Allreduce (Array sendbuf, Array recvbuf, Op op)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf, out u);
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, -1, "Allreduce");
			op.Reduced (MPDirect.Allreduce (sendbuf, recvbuf, flags, h, handle), u, sendbuf, recvbuf, "Allreduce", "sendbuf and recvbuf must have the same length");
		}

		/// <summary>The element-wise reduction of one group's <paramref name="sendbuf"/>s is scattered over the other group:
		/// rank r receives block r.  sendbuf holds Get_size() blocks of recvbuf's length, and its length is the same in
		/// both groups (MPI_Reduce_scatter_block).</summary>
		/// <param name="sendbuf">This rank's contribution: Get_size() blocks of recvbuf's length.</param>
		/// <param name="recvbuf">This rank's block of the remote group's reduction.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: sendbuf must hold Get_size() times as many elements as recvbuf.</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element
		/// type.</exception>
		/// <exception cref="ObjectDisposedException"><paramref name="op"/> has been freed.</exception>
		/// <exception cref="Exception">Whatever a user-defined <paramref name="op"/>'s function threw on this rank,
		/// rethrown after the collective completed.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Reduce_scatter_block (Array sendbuf, Array recvbuf, Op op)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf, out u);
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, -1, "Reduce_scatter_block");
			op.Reduced (MPDirect.ReduceScatterBlock (sendbuf, recvbuf, flags, h, handle), u, sendbuf, recvbuf, "Reduce_scatter_block",
			            "sendbuf must hold Get_size() times as many elements as recvbuf");
		}

		/// <summary>The element-wise reduction of one group's <paramref name="sendbuf"/>s is scattered over the other group:
		/// rank r of a group receives <paramref name="recvcounts"/>[r] elements (MPI_Reduce_scatter).  The sum of
		/// recvcounts is the same in both groups.</summary>
		/// <param name="sendbuf">This rank's contribution: as many elements as recvcounts add up to.</param>
		/// <param name="recvbuf">This rank's part of the remote group's reduction: recvcounts[Get_rank()] elements.</param>
		/// <param name="recvcounts">One count per rank of this group, none negative; the same on every rank of the
		/// group.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see
		/// cref="Op.Create{T}"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of
		/// structs without references, or the send and receive buffers have different element types or are the same
		/// array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator).</exception>
		/// <exception cref="ArgumentException">The buffer sizes do not fit: recvcounts needs one entry per rank of this group, none negative; sendbuf must hold their sum and recvbuf recvcounts[Get_rank()] elements.</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element
		/// type.</exception>
		/// <exception cref="ObjectDisposedException"><paramref name="op"/> has been freed.</exception>
		/// <exception cref="Exception">Whatever a user-defined <paramref name="op"/>'s function threw on this rank,
		/// rethrown after the collective completed.</exception>
		/// <exception cref="InvalidOperationException">A rank of either group refused its arguments to this collective (the
		/// message names the lowest refusing rank of this group, or else of the remote group; that rank's exception says
		/// why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.  Also
		/// raised when MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Reduce_scatter (Array sendbuf, Array recvbuf, int[] recvcounts, Op op)
		{
			Op.Instance u;
			int h = Coll.Handle (this, op, recvbuf, out u);
			int flags = Coll.Flags (this, ref sendbuf, ref recvbuf, 0, -1, "Reduce_scatter");
			op.Reduced (MPDirect.ReduceScatter (sendbuf, recvbuf, recvcounts, flags, h, handle), u, sendbuf, recvbuf, "Reduce_scatter",
			            Coll.ReduceScatterRule);
		}
	}
}
