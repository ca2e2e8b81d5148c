// Persistent collectives (MPI-4): Barrier_init, Bcast_init, ... Reduce_scatter_init and Neighbor_allgather_init ...
// Neighbor_alltoallv_init return a Prequest whose every Start starts the collective's non-blocking form with the
// arguments given at init.
//
// Each Start goes through the non-blocking form's checks and its agreement, so a refusal is raised on every rank
// (at Start on the rank that refused, by the completion on the others), and the buffers are resolved at Start and
// held only while the collective is in flight, as for the point-to-point Prequest.  Nothing is checked at init
// beyond the communicator: a check there that refused on one rank would leave the others with a request whose
// Start waits for that rank.  The v-forms' counts and displacements are copied at init.  The libraries' own
// persistent collectives (MPICH 4 has them, Open MPI 4.1 does not) are not used: a persistent collective here costs
// what its non-blocking form costs.
namespace System.MP
{
	public partial class Comm
	{
		// A persistent collective whose every Start calls `start`.  The communicator must be live and MPI running:
		// ObjectDisposedException or InvalidOperationException otherwise.
		internal Prequest Persist (Func<Request> start)
		{
			int inter, remote;
			int rc = MPDirect.CommKind (handle, out inter, out remote);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return new Prequest (start);
		}

		internal static int[] Copy (int[] a)
		{
			return a == null ? null : (int[]) a.Clone ();
		}
	}

	public partial class Intracomm
	{

		/// <summary>A persistent form of <see cref="Ibarrier()"/> (MPI_Barrier_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ibarrier()"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Barrier_init ()
		{
			return Persist (() => Ibarrier ());
		}

		/// <summary>A persistent form of <see cref="Ibcast(object,int)"/> (MPI_Bcast_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">At the root, the data; elsewhere, where it lands.  A buffer as for <see cref="Comm.Send(object,int,int)"/>.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ibcast(object,int)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Bcast_init (object buf, int root)
		{
			return Persist (() => Ibcast (buf, root));
		}

		/// <summary>A persistent form of <see cref="Ibcast(object,int,int,int)"/> (MPI_Bcast_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">The array: at the root the data, elsewhere where it lands.</param>
		/// <param name="offset">Index of the first element.</param>
		/// <param name="count">Number of elements; the same on every rank.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ibcast(object,int,int,int)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Bcast_init (object buf, int offset, int count, int root)
		{
			return Persist (() => Ibcast (buf, offset, count, root));
		}

		/// <summary>A persistent form of <see cref="Iscatter(Array,Array,int)"/> (MPI_Scatter_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iscatter(Array,Array,int)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Scatter_init (Array sendbuf, Array recvbuf, int root)
		{
			return Persist (() => Iscatter (sendbuf, recvbuf, root));
		}

		/// <summary>A persistent form of <see cref="Iscatterv(Array,int[],int[],Array,int)"/> (MPI_Scatterv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="sendcounts">At the root, the elements for each rank.  Copied here.</param>
		/// <param name="displs">At the root, where each rank's block starts in sendbuf.  Copied here.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iscatterv(Array,int[],int[],Array,int)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Scatterv_init (Array sendbuf, int[] sendcounts, int[] displs, Array recvbuf, int root)
		{
			int[] sendcountsCopy = Copy (sendcounts), displsCopy = Copy (displs);
			return Persist (() => Iscatterv (sendbuf, sendcountsCopy, displsCopy, recvbuf, root));
		}

		/// <summary>A persistent form of <see cref="Igather(Array,Array,int)"/> (MPI_Gather_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Igather(Array,Array,int)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Gather_init (Array sendbuf, Array recvbuf, int root)
		{
			return Persist (() => Igather (sendbuf, recvbuf, root));
		}

		/// <summary>A persistent form of <see cref="Igatherv(Array,Array,int[],int[],int)"/> (MPI_Gatherv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">At the root, the elements from each rank.  Copied here.</param>
		/// <param name="displs">At the root, where each rank's block lands in recvbuf.  Copied here.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Igatherv(Array,Array,int[],int[],int)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Gatherv_init (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs, int root)
		{
			int[] recvcountsCopy = Copy (recvcounts), displsCopy = Copy (displs);
			return Persist (() => Igatherv (sendbuf, recvbuf, recvcountsCopy, displsCopy, root));
		}

		/// <summary>A persistent form of <see cref="Iallgather(Array,Array)"/> (MPI_Allgather_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iallgather(Array,Array)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Allgather_init (Array sendbuf, Array recvbuf)
		{
			return Persist (() => Iallgather (sendbuf, recvbuf));
		}

		/// <summary>A persistent form of <see cref="Iallgather(Array)"/> (MPI_Allgather_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">Get_size() blocks.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iallgather(Array)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Allgather_init (Array buf)
		{
			return Persist (() => Iallgather (buf));
		}

		/// <summary>A persistent form of <see cref="Iallgatherv(Array,Array,int[],int[])"/> (MPI_Allgatherv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">The elements from each rank.  Copied here.</param>
		/// <param name="displs">Where each rank's block lands in recvbuf.  Copied here.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iallgatherv(Array,Array,int[],int[])"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Allgatherv_init (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs)
		{
			int[] recvcountsCopy = Copy (recvcounts), displsCopy = Copy (displs);
			return Persist (() => Iallgatherv (sendbuf, recvbuf, recvcountsCopy, displsCopy));
		}

		/// <summary>A persistent form of <see cref="Ialltoall(Array,Array)"/> (MPI_Alltoall_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ialltoall(Array,Array)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Alltoall_init (Array sendbuf, Array recvbuf)
		{
			return Persist (() => Ialltoall (sendbuf, recvbuf));
		}

		/// <summary>A persistent form of <see cref="Ialltoall(Array)"/> (MPI_Alltoall_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">Get_size() blocks: block j goes to rank j and is replaced by rank j's block for this rank.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ialltoall(Array)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Alltoall_init (Array buf)
		{
			return Persist (() => Ialltoall (buf));
		}

		/// <summary>A persistent form of <see cref="Ialltoallv(Array,int[],int[],Array,int[],int[])"/> (MPI_Alltoallv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="sendcounts">The elements for each rank.  Copied here.</param>
		/// <param name="sdispls">Where each rank's block starts in sendbuf.  Copied here.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">The elements from each rank.  Copied here.</param>
		/// <param name="rdispls">Where each rank's block lands in recvbuf.  Copied here.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ialltoallv(Array,int[],int[],Array,int[],int[])"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Alltoallv_init (Array sendbuf, int[] sendcounts, int[] sdispls, Array recvbuf, int[] recvcounts, int[] rdispls)
		{
			int[] sendcountsCopy = Copy (sendcounts), sdisplsCopy = Copy (sdispls), recvcountsCopy = Copy (recvcounts), rdisplsCopy = Copy (rdispls);
			return Persist (() => Ialltoallv (sendbuf, sendcountsCopy, sdisplsCopy, recvbuf, recvcountsCopy, rdisplsCopy));
		}

		/// <summary>A persistent form of <see cref="Ireduce(Array,Array,Op,int)"/> (MPI_Reduce_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ireduce(Array,Array,Op,int)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Reduce_init (Array sendbuf, Array recvbuf, Op op, int root)
		{
			return Persist (() => Ireduce (sendbuf, recvbuf, op, root));
		}

		/// <summary>A persistent form of <see cref="Ireduce(Array,Op,int)"/> (MPI_Reduce_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">This rank's contribution; at the root it receives the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <param name="root">The root rank; the same on every rank.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ireduce(Array,Op,int)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Reduce_init (Array buf, Op op, int root)
		{
			return Persist (() => Ireduce (buf, op, root));
		}

		/// <summary>A persistent form of <see cref="Iallreduce(Array,Array,Op)"/> (MPI_Allreduce_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iallreduce(Array,Array,Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Allreduce_init (Array sendbuf, Array recvbuf, Op op)
		{
			return Persist (() => Iallreduce (sendbuf, recvbuf, op));
		}

		/// <summary>A persistent form of <see cref="Iallreduce(Array,Op)"/> (MPI_Allreduce_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">This rank's contribution, replaced by the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iallreduce(Array,Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Allreduce_init (Array buf, Op op)
		{
			return Persist (() => Iallreduce (buf, op));
		}

		/// <summary>A persistent form of <see cref="Iscan(Array,Array,Op)"/> (MPI_Scan_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iscan(Array,Array,Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Scan_init (Array sendbuf, Array recvbuf, Op op)
		{
			return Persist (() => Iscan (sendbuf, recvbuf, op));
		}

		/// <summary>A persistent form of <see cref="Iscan(Array,Op)"/> (MPI_Scan_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">This rank's contribution, replaced by the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iscan(Array,Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Scan_init (Array buf, Op op)
		{
			return Persist (() => Iscan (buf, op));
		}

		/// <summary>A persistent form of <see cref="Iexscan(Array,Array,Op)"/> (MPI_Exscan_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iexscan(Array,Array,Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Exscan_init (Array sendbuf, Array recvbuf, Op op)
		{
			return Persist (() => Iexscan (sendbuf, recvbuf, op));
		}

		/// <summary>A persistent form of <see cref="Iexscan(Array,Op)"/> (MPI_Exscan_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">This rank's contribution, replaced by the result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Iexscan(Array,Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Exscan_init (Array buf, Op op)
		{
			return Persist (() => Iexscan (buf, op));
		}

		/// <summary>A persistent form of <see cref="Ireduce_scatter_block(Array,Array,Op)"/> (MPI_Reduce_scatter_block_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ireduce_scatter_block(Array,Array,Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Reduce_scatter_block_init (Array sendbuf, Array recvbuf, Op op)
		{
			return Persist (() => Ireduce_scatter_block (sendbuf, recvbuf, op));
		}

		/// <summary>A persistent form of <see cref="Ireduce_scatter(Array,Array,int[],Op)"/> (MPI_Reduce_scatter_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">This rank's contribution: as many elements as <paramref name="recvcounts"/> add up to.</param>
		/// <param name="recvbuf">Receives this rank's block of the result: recvcounts[Get_rank()] elements.</param>
		/// <param name="recvcounts">One count per rank, none negative; the same on every rank.  Copied here.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ireduce_scatter(Array,Array,int[],Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Reduce_scatter_init (Array sendbuf, Array recvbuf, int[] recvcounts, Op op)
		{
			int[] recvcountsCopy = Copy (recvcounts);
			return Persist (() => Ireduce_scatter (sendbuf, recvbuf, recvcountsCopy, op));
		}

		/// <summary>A persistent form of <see cref="Ireduce_scatter(Array,int[],Op)"/> (MPI_Reduce_scatter_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">The contribution, and where the result lands.</param>
		/// <param name="recvcounts">One count per rank, none negative; the same on every rank.  Copied here.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ireduce_scatter(Array,int[],Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Reduce_scatter_init (Array buf, int[] recvcounts, Op op)
		{
			int[] recvcountsCopy = Copy (recvcounts);
			return Persist (() => Ireduce_scatter (buf, recvcountsCopy, op));
		}

		/// <summary>A persistent form of <see cref="Ireduce_scatter_block(Array,Op)"/> (MPI_Reduce_scatter_block_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="buf">Get_size() blocks: this rank's contribution; block 0 receives this rank's result.</param>
		/// <param name="op">The reduction operator: a built-in one (<see cref="Op.SUM"/>, ...) or one made by <see cref="Op.Create{T}"/>.  Do not free it before the request completes.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ireduce_scatter_block(Array,Op)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Reduce_scatter_block_init (Array buf, Op op)
		{
			return Persist (() => Ireduce_scatter_block (buf, op));
		}
	}

	public partial class Topocomm
	{
		/// <summary>A persistent form of <see cref="Ineighbor_allgather(Array,Array)"/> (MPI_Neighbor_allgather_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ineighbor_allgather(Array,Array)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Neighbor_allgather_init (Array sendbuf, Array recvbuf)
		{
			return Persist (() => Ineighbor_allgather (sendbuf, recvbuf));
		}

		/// <summary>A persistent form of <see cref="Ineighbor_allgatherv(Array,Array,int[],int[])"/> (MPI_Neighbor_allgatherv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">As for the blocking form.  Copied here.</param>
		/// <param name="displs">As for the blocking form.  Copied here.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ineighbor_allgatherv(Array,Array,int[],int[])"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Neighbor_allgatherv_init (Array sendbuf, Array recvbuf, int[] recvcounts, int[] displs)
		{
			int[] recvcountsCopy = Copy (recvcounts), displsCopy = Copy (displs);
			return Persist (() => Ineighbor_allgatherv (sendbuf, recvbuf, recvcountsCopy, displsCopy));
		}

		/// <summary>A persistent form of <see cref="Ineighbor_alltoall(Array,Array)"/> (MPI_Neighbor_alltoall_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ineighbor_alltoall(Array,Array)"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Neighbor_alltoall_init (Array sendbuf, Array recvbuf)
		{
			return Persist (() => Ineighbor_alltoall (sendbuf, recvbuf));
		}

		/// <summary>A persistent form of <see cref="Ineighbor_alltoallv(Array,int[],int[],Array,int[],int[])"/> (MPI_Neighbor_alltoallv_init): each <see cref="Prequest.Start"/> starts it with
		/// these arguments.</summary>
		/// <param name="sendbuf">As for the blocking form.</param>
		/// <param name="sendcounts">As for the blocking form.  Copied here.</param>
		/// <param name="sdispls">As for the blocking form.  Copied here.</param>
		/// <param name="recvbuf">As for the blocking form.</param>
		/// <param name="recvcounts">As for the blocking form.  Copied here.</param>
		/// <param name="rdispls">As for the blocking form.  Copied here.</param>
		/// <returns>The inactive persistent request.  Start it, complete it with <see cref="Request.Wait()"/> or <see
		/// cref="Request.Test()"/> (which raise what the non-blocking form's completion raises), and start it
		/// again.</returns>
		/// <remarks>The buffers are those given here, read or written at each Start where they are then; the arguments
		/// are checked at each Start as <see cref="Ineighbor_alltoallv(Array,int[],int[],Array,int[],int[])"/> checks them.  Every rank makes and starts its
		/// persistent collectives on a communicator in the same order.</remarks>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public Prequest Neighbor_alltoallv_init (Array sendbuf, int[] sendcounts, int[] sdispls, Array recvbuf, int[] recvcounts, int[] rdispls)
		{
			int[] sendcountsCopy = Copy (sendcounts), sdisplsCopy = Copy (sdispls), recvcountsCopy = Copy (recvcounts), rdisplsCopy = Copy (rdispls);
			return Persist (() => Ineighbor_alltoallv (sendbuf, sendcountsCopy, sdisplsCopy, recvbuf, recvcountsCopy, rdisplsCopy));
		}
	}
}
