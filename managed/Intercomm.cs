// Intercomm: a communicator between two disjoint groups.  Point-to-point ranks name processes of the remote
// group; Get_size and Get_rank describe the local group.
namespace System.MP
{
	public class Intercomm : Comm
	{
		internal Intercomm (int handle) : base (handle)
		{
		}

		/// <summary>The number of processes in the remote group.</summary>
		public int Get_remote_size ()
		{
			int inter, remote;
			int rc = MPDirect.CommKind (handle, out inter, out remote);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return remote;
		}

		public int RemoteSize { get { return Get_remote_size (); } }

		public Group Get_remote_group ()
		{
			return GroupOf (1);
		}

		/// <summary>An intracommunicator over both groups (collective over both).  The group that passes
		/// <paramref name="high"/> = true is ordered after the other.</summary>
		public Intracomm Merge (bool high)
		{
			int h;
			int rc = MPDirect.IntercommMerge (handle, high ? 1 : 0, out h);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return new Intracomm (h);
		}

		public new Intercomm Dup ()
		{
			return new Intercomm (DupHandle ());
		}
	}
}
