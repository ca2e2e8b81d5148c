// Communicator management: groups, comparison, Split/Create, intercommunicators, Cartesian topologies and
// dynamic processes.  Every constructor is collective; the ranks that get MPI_COMM_NULL get null.
using System.IO;
using System.Text;

namespace System.MP
{
	public partial class Comm
	{
		/// <summary>The group of this communicator (the local group of an intercommunicator).</summary>
		public Group Get_group ()
		{
			return GroupOf (0);
		}

		internal Group GroupOf (int remote)
		{
			int g;
			int rc = MPDirect.CommGroup (handle, remote, out g);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return new Group (g);
		}

		/// <summary>MPI.IDENT (the same communicator), MPI.CONGRUENT (same group and order), MPI.SIMILAR (same
		/// members) or MPI.UNEQUAL.</summary>
		public static int Compare (Comm comm1, Comm comm2)
		{
			if (comm1 == null)
				throw new ArgumentNullException ("comm1");
			if (comm2 == null)
				throw new ArgumentNullException ("comm2");
			int r;
			int rc = MPDirect.CommCompare (comm1.handle, comm2.handle, out r);
			if (rc != 0)
				throw Errors.Make (rc, comm1, null, 0, 0, null);
			return r;
		}

		/// <summary>Whether this is an intercommunicator.</summary>
		public bool Is_inter ()
		{
			int inter, remote;
			int rc = MPDirect.CommKind (handle, out inter, out remote);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return inter != 0;
		}
	}

	public partial class Intracomm
	{
		/// <summary>Partitions the communicator: ranks passing the same <paramref name="color"/> form one new
		/// communicator, ordered by <paramref name="key"/> (then by rank).  MPI.UNDEFINED as colour returns null.</summary>
		public Intracomm Split (int color, int key)
		{
			if (color < 0 && color != MPI.UNDEFINED)
				throw new ArgumentOutOfRangeException ("color", color, "color must be non-negative or MPI.UNDEFINED");
			int h;
			Check (MPDirect.CommSplit (handle, color, key, out h));
			return h < 0 ? null : new Intracomm (h);
		}

		/// <summary>A communicator over <paramref name="group"/> (a subset of this one's group); null on ranks
		/// outside it.  Collective over this communicator.</summary>
		public Intracomm Create (Group group)
		{
			if (group == null)
				throw new ArgumentNullException ("group");
			int h;
			Check (MPDirect.CommCreate (handle, group.handle, out h));
			return h < 0 ? null : new Intracomm (h);
		}

		/// <summary>An intercommunicator between this communicator's group and another disjoint group.
		/// <paramref name="peer"/> and <paramref name="remote_leader"/> are read only at the local leader, where
		/// peer must contain both leaders (other ranks may pass null).</summary>
		public Intercomm Create_intercomm (int local_leader, Comm peer, int remote_leader, int tag)
		{
			int h;
			int rc = MPDirect.IntercommCreate (handle, local_leader, peer == null ? -1 : peer.handle, remote_leader, tag, out h);
			if (rc == Errors.ERANK)
				throw Get_rank () == local_leader && local_leader >= 0 && local_leader < Get_size ()
					? new ArgumentOutOfRangeException ("remote_leader", remote_leader, "remote_leader is not in the peer communicator")
					: new ArgumentOutOfRangeException ("local_leader", local_leader, "local_leader is not in the communicator (size " + Get_size () + ")");
			if (rc == Errors.ECOMM && IsValid)
				throw peer == null ? new ArgumentNullException ("peer", "the local leader needs the peer communicator")
				                   : (Exception) new ObjectDisposedException ("peer", "the peer communicator has been freed");
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, tag, "tag");
			return new Intercomm (h);
		}

		/// <summary>A communicator with a Cartesian grid of <paramref name="dims"/>; ranks beyond the grid get null.</summary>
		public unsafe Cartcomm Create_cart (int[] dims, bool[] periods, bool reorder)
		{
			if (dims == null)
				throw new ArgumentNullException ("dims");
			if (periods == null)
				throw new ArgumentNullException ("periods");
			if (periods.Length != dims.Length)
				throw new ArgumentException ("periods must have one entry per dimension (" + dims.Length + ")", "periods");
			var p = Array.ConvertAll (periods, b => b ? 1 : 0);
			int h, rc;
			fixed (int* d = dims, q = p)
				rc = MPDirect.CartCreate (handle, dims.Length, d, q, reorder ? 1 : 0, out h);
			if (rc == Errors.EDIMS)
				throw new ArgumentException ("every dimension must be at least 1 and the grid (" + string.Join ("x", dims) +
					") no larger than the communicator (" + Get_size () + ")", "dims");
			Check (rc);
			return h < 0 ? null : new Cartcomm (h);
		}

		/// <summary>Fills the zero entries of <paramref name="dims"/> so that the grid has
		/// <paramref name="nnodes"/> cells, as balanced as possible (MPI_Dims_create).</summary>
		public static unsafe void Dims_create (int nnodes, int[] dims)
		{
			if (dims == null)
				throw new ArgumentNullException ("dims");
			if (nnodes <= 0)
				throw new ArgumentOutOfRangeException ("nnodes", nnodes, "nnodes must be positive");
			int rc;
			fixed (int* d = dims)
				rc = MPDirect.DimsCreate (nnodes, dims.Length, d);
			if (rc == Errors.EDIMS)
				throw new ArgumentException ("the fixed (non-zero) entries of dims must be positive and divide nnodes (" + nnodes + ")", "dims");
			Errors.Check (rc);
		}

		/// <summary>Starts <paramref name="maxprocs"/> processes running the managed program
		/// <paramref name="program"/> (a .exe) under motor, and returns the intercommunicator to them; the
		/// children reach this job with Intracomm.Get_parent().  Collective; program, args and maxprocs are read
		/// at <paramref name="root"/> only.  An MPI library that cannot start processes raises MPIException on
		/// every rank, naming the library (MPI_Get_library_version) and keeping its own message.</summary>
		public unsafe Intercomm Spawn (string program, string[] args, int maxprocs, int root)
		{
			byte[] block = null;
			int nstrings = 0;
			Exception refused = null;
			int size = Get_size ();
			if (root < 0 || root >= size)
				throw new ArgumentOutOfRangeException ("root", root, "root " + root + " is not in the communicator (size " + size + ")");
			if (Get_rank () == root) {
				// The root checks its arguments but still takes part, so that every rank fails together.
				if (program == null)
					refused = new ArgumentNullException ("program");
				else if (!File.Exists (program))
					refused = new FileNotFoundException ("the program to spawn does not exist", program);
				else if (maxprocs <= 0)
					refused = new ArgumentOutOfRangeException ("maxprocs", maxprocs, "maxprocs must be positive");
				else if (args != null && Array.IndexOf (args, null) >= 0)
					refused = new ArgumentNullException ("args", "an argument is null");
				if (refused == null) {
					var sb = new StringBuilder (Path.GetFullPath (program)).Append ('\0');
					foreach (var a in args ?? new string[0])
						sb.Append (a).Append ('\0');
					block = Encoding.UTF8.GetBytes (sb.ToString ());
					nstrings = 1 + (args == null ? 0 : args.Length);
				}
			}
			var codes = new int[Math.Max (maxprocs, 1)];
			int h, rc;
			fixed (byte* b = block)
			fixed (int* c = codes)
				rc = MPDirect.CommSpawn (refused == null ? b : null, nstrings, maxprocs, root, handle, out h, c);
			if (refused != null)
				throw refused;
			if (rc == Errors.EREMOTE)
				throw new InvalidOperationException ("Spawn: the root (rank " + root + ") refused the program or its arguments");
			if (rc > 0)
				throw new MPIException (rc, MPDirect.ErrorClass (rc), "Spawn: MPI_Comm_spawn failed, so the MPI library " +
					"this job runs on (" + Diagnostics.LibraryName () + ") could not start " + maxprocs + " process(es) of " +
					(program == null ? "the program" : Path.GetFileName (program)) + ". It may not support dynamic processes " +
					"as installed here: start every rank at once with `mpiexec -n N motor app.exe`, or use an MPI " +
					"library that can spawn. The library says: " + MPDirect.ErrorString (rc));
			Check (rc);
			return new Intercomm (h);
		}

		static Intercomm parent;
		static readonly object parentLock = new object ();

		/// <summary>The intercommunicator to the job that spawned this one, or null if it was not spawned.</summary>
		public static Intercomm Get_parent ()
		{
			int h;
			Errors.Check (MPDirect.CommGetParent (out h));
			if (h < 0)
				return null;
			lock (parentLock) {
				if (parent == null || parent.handle != h)
					parent = new Intercomm (h);
				return parent;
			}
		}

		void Check (int rc)
		{
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
		}
	}
}
