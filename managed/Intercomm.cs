// Intercomm: a communicator between two disjoint groups.  Point-to-point ranks name processes of the remote
// group; Get_size and Get_rank describe the local group.
namespace System.MP
{
	/// <summary>A communicator between two disjoint groups (from <see cref="Intracomm.Create_intercomm"/>,
	/// <see cref="Intracomm.Spawn"/> or <see cref="Intracomm.Get_parent"/>).  Point-to-point ranks name processes of
	/// the remote group; <see cref="Comm.Get_size"/> and <see cref="Comm.Get_rank"/> describe the local group.
	/// <see cref="Merge"/> makes an intracommunicator over both.</summary>
	public partial class Intercomm : Comm
	{
		internal Intercomm (int handle) : base (handle)
		{
		}

		/// <summary>The number of processes in the remote group.</summary>
		/// <returns>The remote group's size.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int Get_remote_size ()
		{
			int inter, remote;
			int rc = MPDirect.CommKind (handle, out inter, out remote);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return remote;
		}

		/// <summary>The same as <see cref="Get_remote_size"/>.</summary>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		public int RemoteSize { get { return Get_remote_size (); } }

		/// <summary>The remote group.</summary>
		/// <returns>A new group; free it with <see cref="Group.Free"/> when done.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime's group table is full.</exception>
		public Group Get_remote_group ()
		{
			return GroupOf (1);
		}

		/// <summary>An intracommunicator over both groups (collective over both).  The group that passes
		/// <paramref name="high"/> = true is ordered after the other.</summary>
		/// <param name="high">Whether this group comes second; pass the same value on every rank of a group.</param>
		/// <returns>The new intracommunicator.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Intracomm Merge (bool high)
		{
			int h;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
			int rc = MPDirect.IntercommMerge (handle, high ? 1 : 0, out h);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return new Intracomm (h);
		}

		/// <summary>A new intercommunicator with the same groups and a new context.  Collective over both
		/// groups.</summary>
		/// <returns>The new communicator; free it with <see cref="Comm.Free"/> when done.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public new Intercomm Dup ()
		{
			return new Intercomm (DupHandle ());
		}
	}
}
