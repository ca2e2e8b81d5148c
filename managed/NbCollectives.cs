// Non-blocking collectives: Ibarrier, Ibcast, I(all)gather(v), Iscatter(v), Ialltoall(v), Ireduce, Iallreduce, Iscan,
// Iexscan, Ireduce_scatter_block.
//
// Each takes the arguments of its blocking form and goes through the same checks (runtime-ext/icall-coll.c, one
// internal call for every kind), then returns a Request.  Buffers are held as for Isend/Irecv: pinned while MPI
// uses them if they could move, released by the first collection after completion even if the program never
// waits, so a dropped request leaks nothing.  The v-forms' counts and displacements are copied at the post.
//
// The agreement every collective makes (a refusal on one rank raises on every rank) does not hold up the post:
// the post starts it, the data collective starts once it has completed, and the other ranks learn of a refusal
// from the completion.  See native-mpi/icoll.c.
namespace System.MP
{
	public partial class Comm
	{
		// native-mpi/motor-mpi.h: enum motor_coll_kind
		internal const int KBcast = 0, KScatter = 1, KGather = 2, KAllgather = 3, KAlltoall = 4, KScatterv = 5, KGatherv = 6,
			KAllgatherv = 7, KAlltoallv = 8, KReduce = 9, KAllreduce = 10, KScan = 11, KExscan = 12, KReduceScatterBlock = 13,
			KBarrier = 14, KReduceScatter = 15;

		// Posts a non-blocking collective of any kind.  inPlace: the buffer that may be MPI.IN_PLACE (Coll.Flags), 0
		// for none; an intercommunicator refuses MPI.IN_PLACE everywhere.
		internal Request Post (int kind, Array sendbuf, Array recvbuf, int[] v1, int[] v2, int[] v3, int[] v4, int inPlace, int root,
		                       Op op, string what, string sizeRule)
		{
			SettleIdups ();
			bool reduces = (kind >= KReduce && kind <= KReduceScatterBlock) || kind == KReduceScatter;
			Op.Instance u = null;
			int h = reduces ? Coll.Handle (this, op, recvbuf ?? sendbuf, out u, true) : -1;
			int flags = inPlace == 0 && !(this is Intercomm) ? 0 : Coll.Flags (this, ref sendbuf, ref recvbuf, inPlace, root, what, true);
			var r = new CollRequest (what, sizeRule, op, u, sendbuf, recvbuf);
			int rc = MPDirect.ICollective (kind, sendbuf, recvbuf, 0, -1, v1, v2, v3, v4, flags, h, root, handle, r);
			if (rc != 0) {
				if (op != null)
					op.Reduced (rc, r.TakeUse (), sendbuf, recvbuf, what, sizeRule);
				throw Coll.Error (rc, what, sizeRule, sendbuf ?? recvbuf, op);
			}
			return r;
		}

		internal Request PostBcast (object buf, int offset, int count, int root)
		{
			SettleIdups ();
			var r = new CollRequest ("Ibcast", null, null, null, buf as Array, null);
			int rc = MPDirect.ICollective (KBcast, null, buf, offset, count, null, null, null, null, 0, -1, root, handle, r);
			if (rc != 0)
				throw Coll.Error (rc, "Ibcast", null, buf, null);
			return r;
		}
	}

	public partial class Intracomm
	{
		/// <summary>Starts a barrier (MPI_Ibarrier): the request completes once every rank has posted it.</summary>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ibarrier ()
		{
			return Post (KBarrier, null, null, null, null, null, null, 0, -1, null, "Ibarrier", null);
		}

		/// <summary>Starts a broadcast of the root's <paramref name="buf"/> into every other rank's (MPI_Ibcast), as <see cref="Bcast(object,int)"/>.</summary>
		/// <param name="buf">At the root, the data; elsewhere, where it lands.  A buffer as for <see cref="Comm.Send(object,int,int)"/>.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ibcast (object buf, int root)
		{
			return PostBcast (buf, 0, -1, root);
		}

		/// <summary>Starts a broadcast of elements [offset, offset+count) of an array (MPI_Ibcast), as <see cref="Bcast(object,int,int,int)"/>.</summary>
		/// <param name="buf">The array: at the root the data, elsewhere where it lands.</param>
		/// <param name="offset">Index of the first element.</param>
		/// <param name="count">Number of elements; the same on every rank.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the communicator.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is negative or the range runs past the array.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ibcast (object buf, int offset, int count, int root)
		{
			if ((offset | count) < 0)
				throw Coll.Refuse (this, true, Errors.BadRange (offset, count));
			return PostBcast (buf, offset, count, root);
		}

		/// <summary>Starts a scatter (MPI_Iscatter), as <see cref="Scatter(Array,Array,int)"/>; at the root recvbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iscatter (Array sendbuf, Array recvbuf, int root)
		{
			return Post (KScatter, sendbuf, recvbuf, null, null, null, null, RecvInPlace, root, null, "Iscatter", "at the root, sendbuf must hold Get_size() times as many elements as recvbuf");
		}

		/// <summary>Starts a scatter of blocks of varying sizes (MPI_Iscatterv), as <see cref="Scatterv(Array,int[],int[],Array,int)"/>.  The counts and displacements are copied: they may change once this returns.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="sendcounts">At the root, the elements for each rank.</param>
		/// <param name="displs">At the root, where each rank's block starts in sendbuf.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iscatterv (Array sendbuf, int[] sendcounts, int[] displs, Array recvbuf, int root)
		{
			return Post (KScatterv, sendbuf, recvbuf, sendcounts, displs, null, null, RecvInPlace, root, null, "Iscatterv", "at the root, sendcounts and displs need one entry per rank, none negative, every block inside sendbuf, and recvbuf must hold sendcounts[root] elements");
		}

		/// <summary>Starts a gather (MPI_Igather), as <see cref="Gather(Array,Array,int)"/>; at the root sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Igather (Array sendbuf, Array recvbuf, int root)
		{
			return Post (KGather, sendbuf, recvbuf, null, null, null, null, SendInPlace, root, null, "Igather", "at the root, recvbuf must hold Get_size() times as many elements as sendbuf");
		}

		/// <summary>Starts a gather of blocks of varying sizes (MPI_Igatherv), as <see cref="Gatherv(Array,Array,int[],int[],int)"/>.  The counts and displacements are copied.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">At the root, the elements from each rank.</param>
		/// <param name="displs">At the root, where each rank's block lands in recvbuf.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the communicator.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Igatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs, int root)
		{
			return Post (KGatherv, sendbuf, recvbuf, recvcounts, displs, null, null, SendInPlace, root, null, "Igatherv", "at the root, recvcounts and displs need one entry per rank, none negative, every block inside recvbuf, and sendbuf must hold recvcounts[root] elements");
		}

		/// <summary>Starts an all-gather (MPI_Iallgather), as <see cref="Allgather(Array,Array)"/>; sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iallgather (Array sendbuf, Array recvbuf)
		{
			return Post (KAllgather, sendbuf, recvbuf, null, null, null, null, SendInPlace, -1, null, "Iallgather", "recvbuf must hold Get_size() times as many elements as sendbuf");
		}

		/// <summary>Starts an in-place all-gather (MPI_Iallgather with MPI_IN_PLACE): <paramref name="buf"/> holds Get_size() blocks, this rank's already in place.</summary>
		/// <param name="buf">Get_size() blocks.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iallgather (Array buf)
		{
			return Iallgather (MPI.IN_PLACE, buf);
		}

		/// <summary>Starts an all-gather of blocks of varying sizes (MPI_Iallgatherv), as <see cref="Allgatherv(Array,Array,int[],int[])"/>.  The counts and displacements are copied.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">The elements from each rank.</param>
		/// <param name="displs">Where each rank's block lands in recvbuf.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iallgatherv (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs)
		{
			return Post (KAllgatherv, sendbuf, recvbuf, recvcounts, displs, null, null, SendInPlace, -1, null, "Iallgatherv", "recvcounts and displs need one entry per rank, none negative, every block inside recvbuf, and sendbuf must hold recvcounts[Get_rank()] elements");
		}

		/// <summary>Starts an all-to-all exchange (MPI_Ialltoall), as <see cref="Alltoall(Array,Array)"/>; sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ialltoall (Array sendbuf, Array recvbuf)
		{
			return Post (KAlltoall, sendbuf, recvbuf, null, null, null, null, SendInPlace, -1, null, "Ialltoall", "sendbuf and recvbuf must have the same length, a multiple of Get_size()");
		}

		/// <summary>Starts an in-place all-to-all exchange (MPI_Ialltoall with MPI_IN_PLACE).</summary>
		/// <param name="buf">Get_size() blocks: block j goes to rank j and is replaced by rank j's block for this rank.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ialltoall (Array buf)
		{
			return Ialltoall (MPI.IN_PLACE, buf);
		}

		/// <summary>Starts an all-to-all exchange of blocks of varying sizes (MPI_Ialltoallv), as <see cref="Alltoallv(Array,int[],int[],Array,int[],int[])"/>.  The counts and displacements are copied.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="sendcounts">The elements for each rank.</param>
		/// <param name="sdispls">Where each rank's block starts in sendbuf.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">The elements from each rank.</param>
		/// <param name="rdispls">Where each rank's block lands in recvbuf.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ialltoallv (Array sendbuf, int[] sendcounts, int[] sdispls, Array recvbuf, int[] recvcounts, int[] rdispls)
		{
			return Post (KAlltoallv, sendbuf, recvbuf, sendcounts, sdispls, recvcounts, rdispls, SendInPlace, -1, null, "Ialltoallv", "counts and displacements need one entry per rank, none negative, every block inside its buffer");
		}

		/// <summary>Starts a reduction to the root (MPI_Ireduce), as <see cref="Reduce(Array,Array,Op,int)"/>; at the root sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the communicator.</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ireduce (Array sendbuf, Array recvbuf, Op op, int root)
		{
			return Post (KReduce, sendbuf, recvbuf, null, null, null, null, SendInPlace, root, op, "Ireduce", "sendbuf and recvbuf must have the same length");
		}

		/// <summary>Starts an in-place reduction to the root: every rank contributes <paramref name="buf"/>; the root's receives the result.</summary>
		/// <param name="buf">This rank's contribution; at the root it receives the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the communicator.</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ireduce (Array buf, Op op, int root)
		{
			return Get_rank () == root ? Ireduce (MPI.IN_PLACE, buf, op, root) : Ireduce (buf, null, op, root);
		}

		/// <summary>Starts an all-reduction (MPI_Iallreduce), as <see cref="Allreduce(Array,Array,Op)"/>; sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iallreduce (Array sendbuf, Array recvbuf, Op op)
		{
			return Post (KAllreduce, sendbuf, recvbuf, null, null, null, null, SendInPlace, -1, op, "Iallreduce", "sendbuf and recvbuf must have the same length");
		}

		/// <summary>Starts the in-place form of Iallreduce: <paramref name="buf"/> is this rank's contribution and receives the result.</summary>
		/// <param name="buf">This rank's contribution, replaced by the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iallreduce (Array buf, Op op)
		{
			return Iallreduce (MPI.IN_PLACE, buf, op);
		}

		/// <summary>Starts an inclusive prefix reduction (MPI_Iscan), as <see cref="Scan(Array,Array,Op)"/>; sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iscan (Array sendbuf, Array recvbuf, Op op)
		{
			return Post (KScan, sendbuf, recvbuf, null, null, null, null, SendInPlace, -1, op, "Iscan", "sendbuf and recvbuf must have the same length");
		}

		/// <summary>Starts the in-place form of Iscan: <paramref name="buf"/> is this rank's contribution and receives the result.</summary>
		/// <param name="buf">This rank's contribution, replaced by the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iscan (Array buf, Op op)
		{
			return Iscan (MPI.IN_PLACE, buf, op);
		}

		/// <summary>Starts an exclusive prefix reduction (MPI_Iexscan), as <see cref="Exscan(Array,Array,Op)"/>; sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iexscan (Array sendbuf, Array recvbuf, Op op)
		{
			return Post (KExscan, sendbuf, recvbuf, null, null, null, null, SendInPlace, -1, op, "Iexscan", "sendbuf and recvbuf must have the same length");
		}

		/// <summary>Starts the in-place form of Iexscan: <paramref name="buf"/> is this rank's contribution and receives the result.</summary>
		/// <param name="buf">This rank's contribution, replaced by the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Iexscan (Array buf, Op op)
		{
			return Iexscan (MPI.IN_PLACE, buf, op);
		}

		/// <summary>Starts a reduction whose result is scattered in equal blocks (MPI_Ireduce_scatter_block), as <see cref="Reduce_scatter_block(Array,Array,Op)"/>; sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ireduce_scatter_block (Array sendbuf, Array recvbuf, Op op)
		{
			return Post (KReduceScatterBlock, sendbuf, recvbuf, null, null, null, null, SendInPlace, -1, op, "Ireduce_scatter_block", "sendbuf must hold Get_size() times as many elements as recvbuf (in place: buf's length must be a multiple of Get_size())");
		}

		/// <summary>Starts a reduction whose result is scattered in blocks of per-rank sizes (MPI_Ireduce_scatter), as <see cref="Reduce_scatter(Array,Array,int[],Op)"/>; sendbuf may be MPI.IN_PLACE.</summary>
		/// <param name="sendbuf">This rank's contribution: as many elements as <paramref name="recvcounts"/> add up to.</param>
		/// <param name="recvbuf">Receives this rank's block of the result: recvcounts[Get_rank()] elements.</param>
		/// <param name="recvcounts">One count per rank, none negative; the same on every rank.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them), but recvcounts is copied and may be changed at once.  Its completion raises what the blocking form raises after moving data (MPIException; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs, <paramref name="recvcounts"/> or <paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form); or recvcounts does not have one non-negative entry per rank, or the buffer sizes do not fit (sendbuf holds the sum of recvcounts, recvbuf recvcounts[Get_rank()]); or <paramref name="op"/> is not defined for the element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ireduce_scatter (Array sendbuf, Array recvbuf, int[] recvcounts, Op op)
		{
			return Post (KReduceScatter, sendbuf, recvbuf, recvcounts, null, null, null, SendInPlace, -1, op, "Ireduce_scatter", Coll.ReduceScatterRule);
		}

		/// <summary>Starts the in-place form of Ireduce_scatter: <paramref name="buf"/> holds this rank's contribution (as many elements as <paramref name="recvcounts"/> add up to); its first recvcounts[Get_rank()] elements receive this rank's block of the result.</summary>
		/// <param name="buf">The contribution, and where the result lands.</param>
		/// <param name="recvcounts">One count per rank, none negative; the same on every rank.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them), but recvcounts is copied and may be changed at once.  Its completion raises what the blocking form raises after moving data (MPIException; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs, <paramref name="recvcounts"/> or <paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types or are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form); or recvcounts does not have one non-negative entry per rank, or the buffer sizes do not fit (sendbuf holds the sum of recvcounts, recvbuf recvcounts[Get_rank()]); or <paramref name="op"/> is not defined for the element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ireduce_scatter (Array buf, int[] recvcounts, Op op)
		{
			return Ireduce_scatter (MPI.IN_PLACE, buf, recvcounts, op);
		}

		/// <summary>Starts the in-place form of Ireduce_scatter_block: <paramref name="buf"/> holds Get_size() blocks; this rank's result is left in its first block.</summary>
		/// <param name="buf">Get_size() blocks: this rank's contribution; block 0 receives this rank's result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The request.  Complete it with <see cref="Request.Wait()"/>, <see cref="Request.Test()"/> or <see cref="Request.Waitall"/>, ...; until then the buffers belong to MPI (do not read or write them).  Its completion raises what the blocking form raises after moving data (MPIException, for example MPI_ERR_TRUNCATE; a user-defined operator's exception). If another rank refused its arguments to this collective, the completion raises InvalidOperationException naming the lowest refusing rank (that rank's own exception, raised by its post, says why): no rank moved any data, this rank's buffers are unchanged and the communicator can be used again.</returns>
		/// <exception cref="ArgumentNullException">A buffer this rank needs is null.</exception>
		/// <exception cref="ArgumentException">A buffer this rank uses is not an array of a primitive type or of structs without references, or the send and receive buffers have different element types, or they are the same array (pass <see cref="MPI.IN_PLACE"/> for the in-place form), or MPI.IN_PLACE is passed where this collective has no in-place form or off the root; or the buffer sizes do not fit (the rule of the blocking form, in the message).</exception>
		/// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="op"/> is not defined for the buffers' element type.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.  (Another rank's refusal is raised by the completion: see the return value.)</exception>
		/// <exception cref="ObjectDisposedException">The communicator (or <c>op</c>) has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Request Ireduce_scatter_block (Array buf, Op op)
		{
			return Ireduce_scatter_block (MPI.IN_PLACE, buf, op);
		}
	}

	/// <summary>The request of a non-blocking collective: its completion raises what the blocking form raises after
	/// moving data.</summary>
	sealed class CollRequest : Request
	{
		// Request.send of a collective (gc-hooks/motor-pin.h MOTOR_PIN_COLLECTIVE): Cancel refuses it.
		internal const int Collective = 2;
		// The completion of a collective with a user-defined operator (MOTOR_PIN_USER_OP_RAN): look for an
		// exception the operator threw.
		const int UserOpRan = -99;

		readonly string what, sizeRule;
		readonly Op op;
		Op.Instance use;     // the instance of a user-defined operator the collective runs on, until given back
		readonly Array sendbuf, recvbuf;

		internal CollRequest (string what, string sizeRule, Op op, Op.Instance use, Array sendbuf, Array recvbuf)
		{
			this.what = what;
			this.sizeRule = sizeRule;
			this.op = op;
			this.use = use;
			this.sendbuf = sendbuf;
			this.recvbuf = recvbuf;
		}

		// The instance, once: whoever takes it gives it back (Op.Reduced).
		internal Op.Instance TakeUse ()
		{
			return System.Threading.Interlocked.Exchange (ref use, null);
		}

		internal override Exception ResultException (string how)
		{
			if (op != null && op.IsUser) {
				op.Reduced (rc == UserOpRan ? 0 : rc, TakeUse (), sendbuf, recvbuf, what, sizeRule);
				return null;
			}
			return Coll.Error (rc, what, sizeRule, (object) sendbuf ?? recvbuf, op);
		}
	}
}
