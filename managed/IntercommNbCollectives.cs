// Non-blocking collectives on intercommunicators: Ibarrier, Ibcast, Iscatter(v), Igather(v), Iallgather(v),
// Ialltoall(v), Ireduce, Iallreduce, Ireduce_scatter_block, Ireduce_scatter, with the rules of the blocking forms
// (IntercommCollectives.cs) and the behaviour of the intracommunicator ones (NbCollectives.cs): the agreement
// spans both groups and does not hold up the post (native-mpi/icoll.c).  Their persistent forms, Barrier_init ...
// Reduce_scatter_init, start them with the arguments given at init (PersistentCollectives.cs).
namespace System.MP
{
	public partial class Intercomm
	{
		/// <summary>Starts a barrier across both groups (MPI_Ibarrier on the intercommunicator): the request completes once every rank of both groups has posted it.</summary>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ibarrier ()
		{
			return Post (KBarrier, null, null, null, null, null, null, 0, -1, null, "Ibarrier", null);
		}

		/// <summary>Starts a rooted broadcast across the groups (MPI_Ibcast), as <see cref="Bcast(object,int)"/>.</summary>
		/// <param name="buf">At the root, the data; in the remote group, where it lands (the root's size); ignored (may be null) on the root's group mates.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ibcast (object buf, int root)
		{
			return PostBcast (buf, 0, -1, root);
		}

		/// <summary>Starts a scatter from the root to the remote group (MPI_Iscatter), as <see cref="Scatter(Array,Array,int)"/>.</summary>
		/// <param name="sendbuf">At the root, Get_remote_size() blocks; ignored (may be null) elsewhere.</param>
		/// <param name="recvbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iscatter (Array sendbuf, Array recvbuf, int root)
		{
			return Post (KScatter, sendbuf, recvbuf, null, null, null, null, 0, root, null, "Iscatter", "at the root, sendbuf's length must be a multiple of Get_remote_size()");
		}

		/// <summary>Starts a scatter of blocks of varying sizes from the root to the remote group (MPI_Iscatterv), as <see cref="Scatterv(Array,int[],int[],Array,int)"/>.  The counts and displacements are copied: they may change once this returns.</summary>
		/// <param name="sendbuf">At the root, the blocks; ignored (may be null) elsewhere.</param>
		/// <param name="sendcounts">At the root, one element count per rank of the remote group, none negative.</param>
		/// <param name="displs">At the root, where each block starts in sendbuf (every block inside it).</param>
		/// <param name="recvbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iscatterv (Array sendbuf, int[] sendcounts, int[] displs, Array recvbuf, int root)
		{
			return Post (KScatterv, sendbuf, recvbuf, sendcounts, displs, null, null, 0, root, null, "Iscatterv", "at the root, sendcounts and displs need one entry per rank of the remote group, none negative, every block inside sendbuf");
		}

		/// <summary>Starts a gather from the remote group to the root (MPI_Igather), as <see cref="Gather(Array,Array,int)"/>.</summary>
		/// <param name="sendbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="recvbuf">At the root, room for Get_remote_size() blocks; ignored (may be null) elsewhere.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Igather (Array sendbuf, Array recvbuf, int root)
		{
			return Post (KGather, sendbuf, recvbuf, null, null, null, null, 0, root, null, "Igather", "at the root, recvbuf's length must be a multiple of Get_remote_size()");
		}

		/// <summary>Starts a gather of blocks of varying sizes from the remote group to the root (MPI_Igatherv), as <see cref="Gatherv(Array,Array,int[],int[],int)"/>.  The counts and displacements are copied: they may change once this returns.</summary>
		/// <param name="sendbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="recvbuf">At the root, where the blocks land; ignored (may be null) elsewhere.</param>
		/// <param name="recvcounts">At the root, one element count per rank of the remote group, none negative.</param>
		/// <param name="displs">At the root, where each block lands in recvbuf (every block inside it).</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or a rank of the remote group.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Igatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs, int root)
		{
			return Post (KGatherv, sendbuf, recvbuf, recvcounts, displs, null, null, 0, root, null, "Igatherv", "at the root, recvcounts and displs need one entry per rank of the remote group, none negative, every block inside recvbuf");
		}

		/// <summary>Starts an allgather between the groups (MPI_Iallgather), as <see cref="Allgather(Array,Array)"/>: every rank receives the blocks of the remote group.</summary>
		/// <param name="sendbuf">This rank's block.</param>
		/// <param name="recvbuf">Room for Get_remote_size() blocks of sendbuf's length.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iallgather (Array sendbuf, Array recvbuf)
		{
			return Post (KAllgather, sendbuf, recvbuf, null, null, null, null, 0, -1, null, "Iallgather", "recvbuf must hold Get_remote_size() times as many elements as sendbuf");
		}

		/// <summary>Starts an allgather with blocks of any size between the groups (MPI_Iallgatherv), as <see cref="Allgatherv(Array,Array,int[],int[])"/>.  The counts and displacements are copied: they may change once this returns.</summary>
		/// <param name="sendbuf">This rank's block (the other group's recvcounts say how long it must be).</param>
		/// <param name="recvbuf">Where the remote group's blocks land.</param>
		/// <param name="recvcounts">One element count per rank of the remote group, none negative.</param>
		/// <param name="displs">Where each remote rank's block lands in recvbuf (every block inside it).</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iallgatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs)
		{
			return Post (KAllgatherv, sendbuf, recvbuf, recvcounts, displs, null, null, 0, -1, null, "Iallgatherv", "recvcounts and displs need one entry per rank of the remote group, none negative, every block inside recvbuf");
		}

		/// <summary>Starts an all-to-all exchange between the groups (MPI_Ialltoall), as <see cref="Alltoall(Array,Array)"/>.</summary>
		/// <param name="sendbuf">Get_remote_size() blocks, block j for remote rank j.</param>
		/// <param name="recvbuf">Get_remote_size() blocks, block i from remote rank i.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ialltoall (Array sendbuf, Array recvbuf)
		{
			return Post (KAlltoall, sendbuf, recvbuf, null, null, null, null, 0, -1, null, "Ialltoall", "sendbuf and recvbuf must have the same length, a multiple of Get_remote_size()");
		}

		/// <summary>Starts an all-to-all exchange with blocks of any size between the groups (MPI_Ialltoallv), as <see cref="Alltoallv(Array,int[],int[],Array,int[],int[])"/>.  The counts and displacements are copied: they may change once this returns.</summary>
		/// <param name="sendbuf">The blocks to send.</param>
		/// <param name="sendcounts">Elements for each remote rank, one entry per rank of the remote group.</param>
		/// <param name="sdispls">Where each remote rank's block starts in sendbuf.</param>
		/// <param name="recvbuf">Where the remote group's blocks land.</param>
		/// <param name="recvcounts">Elements from each remote rank, one entry per rank of the remote group.</param>
		/// <param name="rdispls">Where each remote rank's block lands in recvbuf.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ialltoallv (Array sendbuf, int[] sendcounts, int[] sdispls, Array recvbuf, int[] recvcounts, int[] rdispls)
		{
			return Post (KAlltoallv, sendbuf, recvbuf, sendcounts, sdispls, recvcounts, rdispls, 0, -1, null, "Ialltoallv", "counts and displacements need one entry per rank of the remote group, none negative, and every block inside its buffer");
		}

		/// <summary>Starts a reduction of the remote group's contributions into the root's <paramref name="recvbuf"/> (MPI_Ireduce), as <see cref="Reduce(Array,Array,Op,int)"/>.</summary>
		/// <param name="sendbuf">In the remote group, this rank's contribution; ignored (may be null) in the root's group.</param>
		/// <param name="recvbuf">At the root, the result (the contributions' length); ignored (may be null) elsewhere.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is none of MPI.ROOT, MPI.PROC_NULL or a rank of the remote group.</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ireduce (Array sendbuf, Array recvbuf, Op op, int root)
		{
			return Post (KReduce, sendbuf, recvbuf, null, null, null, null, 0, root, op, "Ireduce", "sendbuf and recvbuf must have the same length");
		}

		/// <summary>Starts an allreduce between the groups (MPI_Iallreduce), as <see cref="Allreduce(Array,Array,Op)"/>: each group receives the reduction of the other group's contributions.</summary>
		/// <param name="sendbuf">This rank's contribution.</param>
		/// <param name="recvbuf">The remote group's reduction (sendbuf's length, the same in both groups).</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iallreduce (Array sendbuf, Array recvbuf, Op op)
		{
			return Post (KAllreduce, sendbuf, recvbuf, null, null, null, null, 0, -1, op, "Iallreduce", "sendbuf and recvbuf must have the same length");
		}

		/// <summary>Starts a reduction of each group's contributions scattered in equal blocks over the other group (MPI_Ireduce_scatter_block), as <see cref="Reduce_scatter_block(Array,Array,Op)"/>.</summary>
		/// <param name="sendbuf">Get_size() times as many elements as recvbuf; its length is the same in both groups.</param>
		/// <param name="recvbuf">This rank's block of the remote group's reduction.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ireduce_scatter_block (Array sendbuf, Array recvbuf, Op op)
		{
			return Post (KReduceScatterBlock, sendbuf, recvbuf, null, null, null, null, 0, -1, op, "Ireduce_scatter_block", "sendbuf must hold Get_size() times as many elements as recvbuf");
		}

		/// <summary>Starts a reduction of each group's contributions scattered in blocks of <paramref name="recvcounts"/> over the other group (MPI_Ireduce_scatter), as <see cref="Reduce_scatter(Array,Array,int[],Op)"/>.  The counts are copied: they may change once this returns.</summary>
		/// <param name="sendbuf">The contribution: the sum of recvcounts elements, the same in both groups.</param>
		/// <param name="recvbuf">This rank's block, recvcounts[Get_rank()] elements.</param>
		/// <param name="recvcounts">One element count per rank of the local group, none negative; the same on every rank of the group.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If a rank of either group refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank of this group, or else of the remote group (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array, or a buffer is <see cref="MPI.IN_PLACE"/> (not allowed on an intercommunicator); or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ireduce_scatter (Array sendbuf, Array recvbuf, int[] recvcounts, Op op)
		{
			return Post (KReduceScatter, sendbuf, recvbuf, recvcounts, null, null, null, 0, -1, op, "Ireduce_scatter", Coll.ReduceScatterRule);
		}

		/// <summary>A persistent form of <see cref="Ibarrier()"/> (MPI_Barrier_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ibarrier()"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Barrier_init ()
		{
			return Persist (() => Ibarrier ());
		}

		/// <summary>A persistent form of <see cref="Ibcast(object,int)"/> (MPI_Bcast_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">At the root, the data; in the remote group, where it lands; ignored (may be null) on the root's group mates.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ibcast(object,int)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Bcast_init (object buf, int root)
		{
			return Persist (() => Ibcast (buf, root));
		}

		/// <summary>A persistent form of <see cref="Iscatter(Array,Array,int)"/> (MPI_Scatter_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">At the root, Get_remote_size() blocks; ignored (may be null) elsewhere.</param>
		/// <param name="recvbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iscatter(Array,Array,int)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Scatter_init (Array sendbuf, Array recvbuf, int root)
		{
			return Persist (() => Iscatter (sendbuf, recvbuf, root));
		}

		/// <summary>A persistent form of <see cref="Iscatterv(Array,int[],int[],Array,int)"/> (MPI_Scatterv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">At the root, the blocks; ignored (may be null) elsewhere.</param>
		/// <param name="sendcounts">At the root, one element count per rank of the remote group (copied here).</param>
		/// <param name="displs">At the root, where each block starts in sendbuf (copied here).</param>
		/// <param name="recvbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iscatterv(Array,int[],int[],Array,int)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Scatterv_init (Array sendbuf, int[] sendcounts, int[] displs, Array recvbuf, int root)
		{
			int[] sendcountsCopy = Copy (sendcounts), displsCopy = Copy (displs);
			return Persist (() => Iscatterv (sendbuf, sendcountsCopy, displsCopy, recvbuf, root));
		}

		/// <summary>A persistent form of <see cref="Igather(Array,Array,int)"/> (MPI_Gather_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="recvbuf">At the root, room for Get_remote_size() blocks; ignored (may be null) elsewhere.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Igather(Array,Array,int)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Gather_init (Array sendbuf, Array recvbuf, int root)
		{
			return Persist (() => Igather (sendbuf, recvbuf, root));
		}

		/// <summary>A persistent form of <see cref="Igatherv(Array,Array,int[],int[],int)"/> (MPI_Gatherv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">In the remote group, this rank's block; ignored (may be null) in the root's group.</param>
		/// <param name="recvbuf">At the root, where the blocks land; ignored (may be null) elsewhere.</param>
		/// <param name="recvcounts">At the root, one element count per rank of the remote group (copied here).</param>
		/// <param name="displs">At the root, where each block lands in recvbuf (copied here).</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Igatherv(Array,Array,int[],int[],int)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Gatherv_init (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs, int root)
		{
			int[] recvcountsCopy = Copy (recvcounts), displsCopy = Copy (displs);
			return Persist (() => Igatherv (sendbuf, recvbuf, recvcountsCopy, displsCopy, root));
		}

		/// <summary>A persistent form of <see cref="Iallgather(Array,Array)"/> (MPI_Allgather_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">This rank's block.</param>
		/// <param name="recvbuf">Room for Get_remote_size() blocks of sendbuf's length.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iallgather(Array,Array)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Allgather_init (Array sendbuf, Array recvbuf)
		{
			return Persist (() => Iallgather (sendbuf, recvbuf));
		}

		/// <summary>A persistent form of <see cref="Iallgatherv(Array,Array,int[],int[])"/> (MPI_Allgatherv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">This rank's block.</param>
		/// <param name="recvbuf">Where the remote group's blocks land.</param>
		/// <param name="recvcounts">One element count per rank of the remote group (copied here).</param>
		/// <param name="displs">Where each remote rank's block lands in recvbuf (copied here).</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iallgatherv(Array,Array,int[],int[])"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Allgatherv_init (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs)
		{
			int[] recvcountsCopy = Copy (recvcounts), displsCopy = Copy (displs);
			return Persist (() => Iallgatherv (sendbuf, recvbuf, recvcountsCopy, displsCopy));
		}

		/// <summary>A persistent form of <see cref="Ialltoall(Array,Array)"/> (MPI_Alltoall_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">Get_remote_size() blocks, block j for remote rank j.</param>
		/// <param name="recvbuf">Get_remote_size() blocks, block i from remote rank i.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ialltoall(Array,Array)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Alltoall_init (Array sendbuf, Array recvbuf)
		{
			return Persist (() => Ialltoall (sendbuf, recvbuf));
		}

		/// <summary>A persistent form of <see cref="Ialltoallv(Array,int[],int[],Array,int[],int[])"/> (MPI_Alltoallv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">The blocks to send.</param>
		/// <param name="sendcounts">Elements for each remote rank (copied here).</param>
		/// <param name="sdispls">Where each remote rank's block starts in sendbuf (copied here).</param>
		/// <param name="recvbuf">Where the remote group's blocks land.</param>
		/// <param name="recvcounts">Elements from each remote rank (copied here).</param>
		/// <param name="rdispls">Where each remote rank's block lands in recvbuf (copied here).</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ialltoallv(Array,int[],int[],Array,int[],int[])"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Alltoallv_init (Array sendbuf, int[] sendcounts, int[] sdispls, Array recvbuf, int[] recvcounts, int[] rdispls)
		{
			int[] sendcountsCopy = Copy (sendcounts), sdisplsCopy = Copy (sdispls), recvcountsCopy = Copy (recvcounts), rdisplsCopy = Copy (rdispls);
			return Persist (() => Ialltoallv (sendbuf, sendcountsCopy, sdisplsCopy, recvbuf, recvcountsCopy, rdisplsCopy));
		}

		/// <summary>A persistent form of <see cref="Ireduce(Array,Array,Op,int)"/> (MPI_Reduce_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">In the remote group, this rank's contribution; ignored (may be null) in the root's group.</param>
		/// <param name="recvbuf">At the root, the result; ignored (may be null) elsewhere.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.</param>
		/// <param name="root"><see cref="MPI.ROOT"/> at the root, <see cref="MPI.PROC_NULL"/> on the other ranks of the
		/// root's group, the root's rank in the remote group on the other group.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ireduce(Array,Array,Op,int)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Reduce_init (Array sendbuf, Array recvbuf, Op op, int root)
		{
			return Persist (() => Ireduce (sendbuf, recvbuf, op, root));
		}

		/// <summary>A persistent form of <see cref="Iallreduce(Array,Array,Op)"/> (MPI_Allreduce_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">This rank's contribution.</param>
		/// <param name="recvbuf">The remote group's reduction.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iallreduce(Array,Array,Op)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Allreduce_init (Array sendbuf, Array recvbuf, Op op)
		{
			return Persist (() => Iallreduce (sendbuf, recvbuf, op));
		}

		/// <summary>A persistent form of <see cref="Ireduce_scatter_block(Array,Array,Op)"/> (MPI_Reduce_scatter_block_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">Get_size() times as many elements as recvbuf.</param>
		/// <param name="recvbuf">This rank's block of the remote group's reduction.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ireduce_scatter_block(Array,Array,Op)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Reduce_scatter_block_init (Array sendbuf, Array recvbuf, Op op)
		{
			return Persist (() => Ireduce_scatter_block (sendbuf, recvbuf, op));
		}

		/// <summary>A persistent form of <see cref="Ireduce_scatter(Array,Array,int[],Op)"/> (MPI_Reduce_scatter_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">The contribution: the sum of recvcounts elements.</param>
		/// <param name="recvbuf">This rank's block, recvcounts[Get_rank()] elements.</param>
		/// <param name="recvcounts">One element count per rank of the local group (copied here).</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ireduce_scatter(Array,Array,int[],Op)"/> checks them.  Every rank of both groups makes and starts its
		/// persistent collectives on the intercommunicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Reduce_scatter_init (Array sendbuf, Array recvbuf, int[] recvcounts, Op op)
		{
			int[] recvcountsCopy = Copy (recvcounts);
			return Persist (() => Ireduce_scatter (sendbuf, recvbuf, recvcountsCopy, op));
		}
	}
}
