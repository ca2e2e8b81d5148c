// Communicator management: groups, comparison, Split/Create, intercommunicators, Cartesian topologies and
// dynamic processes.  Every constructor is collective; the ranks that get MPI_COMM_NULL get null.
using System.IO;
using System.Text;

namespace System.MP
{
	public partial class Comm
	{
		/// <summary>The group of this communicator (the local group of an intercommunicator).</summary>
		/// <returns>A new group; free it with <see cref="Group.Free"/> when done.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="OutOfMemoryException">The runtime's group table is full.</exception>
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

		/// <summary>MPI.IDENT (the same communicator), MPI.CONGRUENT (same group and order), MPI.SIMILAR (same members)
		/// or MPI.UNEQUAL.</summary>
		/// <param name="comm1">A communicator.</param>
		/// <param name="comm2">Another (or the same) communicator.</param>
		/// <returns>One of the four constants.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="comm1"/> or <paramref name="comm2"/> is
		/// null.</exception>
		/// <exception cref="ObjectDisposedException">A communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
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
		/// <returns>True for an <see cref="Intercomm"/>.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
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
		/// communicator, ordered by <paramref name="key"/> (then by rank).  MPI.UNDEFINED as colour returns
		/// null.</summary>
		/// <param name="color">The new communicator to join, a non-negative number, or <see cref="MPI.UNDEFINED"/> for
		/// none.</param>
		/// <param name="key">Orders the ranks within the new communicator.</param>
		/// <returns>The new communicator of this rank's colour, or null for MPI.UNDEFINED.  Collective.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="color"/> is negative and not MPI.UNDEFINED
		/// (then every other rank raises InvalidOperationException).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (the message names the lowest
		/// refusing rank; that rank's exception says why): no communicator was made on any rank.  Also raised when
		/// MPI has been finalized, and on every rank when there are too many communicators (free the ones no longer
		/// needed with Free).</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Intracomm Split (int color, int key)
		{
			if (color < 0 && color != MPI.UNDEFINED)
				throw Coll.Refuse (this, new ArgumentOutOfRangeException ("color", color, "color must be non-negative or MPI.UNDEFINED"));
			int h;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
			Check (MPDirect.CommSplit (handle, color, key, out h));
			return h < 0 ? null : new Intracomm (h);
		}

		/// <summary>A communicator over <paramref name="group"/> (a subset of this one's group); null on ranks outside
		/// it.  Collective over this communicator.</summary>
		/// <param name="group">A subset of this communicator's group; the same on every rank.</param>
		/// <returns>The new communicator on ranks in <paramref name="group"/>, null on the others.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="group"/> is null.</exception>
		/// <exception cref="ObjectDisposedException">The communicator or the group has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (the message names the lowest
		/// refusing rank; that rank's exception says why): no communicator was made on any rank.  Also raised when
		/// MPI has been finalized, and on every rank when there are too many communicators (free the ones no longer
		/// needed with Free).</exception>
		/// <exception cref="MPIException">The MPI library reported an error (for instance a group that is not a subset
		/// of this communicator's).</exception>
		public Intracomm Create (Group group)
		{
			if (group == null)
				throw Coll.Refuse (this, new ArgumentNullException ("group"));
			int h;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
			Check (MPDirect.CommCreate (handle, group.handle, out h));
			return h < 0 ? null : new Intracomm (h);
		}

		/// <summary>A communicator over <paramref name="group"/>, made by the group's members alone
		/// (MPI_Comm_create_group): unlike <see cref="Create(Group)"/>, the ranks outside the group need not
		/// call.</summary>
		/// <param name="group">A subset of this communicator's group; the same on every member.</param>
		/// <param name="tag">Tells this call apart from others made at the same time by groups that share members;
		/// 0..<see cref="MPI.TAG_UB"/>, the same on every member.</param>
		/// <returns>The new communicator, its ranks in the order of <paramref name="group"/>; null on a rank outside the
		/// group (which need not call).</returns>
		/// <remarks>Only the members take part, so Motor cannot agree on the arguments before the call as it does for
		/// the collectives over a whole communicator: each member checks the group and the tag alone, and members that
		/// pass the same ones, as MPI requires, refuse alike.  A member whose group or communicator has been freed raises
		/// alone, and the other members wait in the MPI library, as they would in C.</remarks>
		/// <exception cref="ArgumentNullException"><paramref name="group"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="tag"/> is outside 0..<see
		/// cref="MPI.TAG_UB"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="group"/> holds a process outside this
		/// communicator.</exception>
		/// <exception cref="ObjectDisposedException">The communicator or the group has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized, or there are too many communicators
		/// (free the ones no longer needed with Free).</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Intracomm Create_group (Group group, int tag)
		{
			if (group == null)
				throw new ArgumentNullException ("group");
			int h;
			SettleIdups (); // Open MPI: as for Create, its context-id agreement must not overlap a running Idup
			int rc = MPDirect.CommCreateGroup (handle, group.handle, tag, out h);
			if (rc == Errors.ETAG)
				throw new ArgumentOutOfRangeException ("tag", tag, "Create_group: the tag must be in 0.." + MPI.TAG_UB);
			if (rc == Errors.ESUBGROUP)
				throw Errors.New (rc, "Create_group: the group holds a process outside this communicator", "group");
			Check (rc);
			return h < 0 ? null : new Intracomm (h);
		}

		/// <summary>An intercommunicator between this communicator's group and another disjoint group.
		/// <paramref name="peer"/> and <paramref name="remote_leader"/> are read only at the local leader, where peer
		/// must contain both leaders (other ranks may pass null).</summary>
		/// <param name="local_leader">The rank of this group's leader in this communicator; the same on every rank of
		/// the group.</param>
		/// <param name="peer">At the local leader, a communicator containing both leaders (COMM_WORLD,
		/// typically).</param>
		/// <param name="remote_leader">At the local leader, the other leader's rank in <paramref name="peer"/>.</param>
		/// <param name="tag">A tag for the leaders' messages on <paramref name="peer"/>; the same at both
		/// leaders.</param>
		/// <returns>The new intercommunicator.  Collective over both groups.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="local_leader"/> is not in this communicator;
		/// at the local leader, <paramref name="remote_leader"/> is not in <paramref name="peer"/>; or
		/// <paramref name="tag"/> is out of range.</exception>
		/// <exception cref="ArgumentNullException">At the local leader, <paramref name="peer"/> is null.</exception>
		/// <exception cref="ObjectDisposedException">This communicator, or at the local leader <paramref name="peer"/>,
		/// has been freed.</exception>
		/// <exception cref="ArgumentException">The ranks of a group passed different tags.</exception>
		/// <exception cref="InvalidOperationException">On the other ranks of both groups, when a rank refused its
		/// arguments (it raises the reason); or MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		/// <remarks>Each group agrees on its arguments, and the leaders tell each other their groups' outcome before
		/// MPI is called, so that a refusal raises on every rank of both groups.  A group that cannot reach the other
		/// -- a local_leader that is not the same valid rank on all of its ranks, or at its leader a bad peer,
		/// remote_leader or tag (or a tag that differs from the other leader's) -- raises on all of its ranks, but the
		/// other group then waits for its leader, as in C.</remarks>
		public Intercomm Create_intercomm (int local_leader, Comm peer, int remote_leader, int tag)
		{
			int h;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
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

		/// <summary>A communicator with a Cartesian grid of <paramref name="dims"/>; ranks beyond the grid get
		/// null.  Every rank must pass the same grid (dims, periods and reorder).</summary>
		/// <param name="dims">The extent of each dimension, each at least 1; the grid must not be larger than the
		/// communicator.  With no dimension the grid has one cell, as MPI defines: rank 0 alone.</param>
		/// <param name="periods">Whether each dimension wraps around; one entry per dimension.</param>
		/// <param name="reorder">Whether the MPI library may renumber the ranks to fit the machine.</param>
		/// <returns>The new communicator, or null on ranks beyond the grid.  Collective.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="dims"/> or <paramref name="periods"/> is
		/// null.</exception>
		/// <exception cref="ArgumentException"><paramref name="periods"/> does not have one entry per dimension, a
		/// dimension is less than 1, or the grid is larger than the communicator; or, on every rank, the ranks passed
		/// different grids.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (the message names the lowest
		/// refusing rank; that rank's exception says why): no communicator was made on any rank.  Also raised when
		/// MPI has been finalized, and on every rank when there are too many communicators (free the ones no longer
		/// needed with Free).</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public unsafe Cartcomm Create_cart (int[] dims, bool[] periods, bool reorder)
		{
			if (dims == null)
				throw Coll.Refuse (this, new ArgumentNullException ("dims"));
			if (periods == null)
				throw Coll.Refuse (this, new ArgumentNullException ("periods"));
			if (periods.Length != dims.Length)
				throw Coll.Refuse (this, new ArgumentException ("periods must have one entry per dimension (" + dims.Length + ")", "periods"));
			var p = Array.ConvertAll (periods, b => b ? 1 : 0);
			int h, rc;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
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
		/// <param name="nnodes">The number of grid cells, positive.</param>
		/// <param name="dims">One entry per dimension: zero entries are filled in, non-zero ones are kept.</param>
		/// <exception cref="ArgumentNullException"><paramref name="dims"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="nnodes"/> is not positive.</exception>
		/// <exception cref="ArgumentException">A fixed (non-zero) entry of <paramref name="dims"/> is negative, the
		/// fixed entries do not divide <paramref name="nnodes"/>, or no entry is zero and their product is not
		/// <paramref name="nnodes"/>.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
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
				throw new ArgumentException ("the fixed (non-zero) entries of dims must be positive and divide nnodes (" + nnodes +
					"), and make nnodes when there is no zero entry to fill", "dims");
			Errors.Check (rc);
		}

		/// <summary>Starts <paramref name="maxprocs"/> processes running the managed program
		/// <paramref name="program"/> (a .exe) under motor, and returns the intercommunicator to them; the children
		/// reach this job with Intracomm.Get_parent().  Collective; program, args and maxprocs are read at <paramref
		/// name="root"/> only.  An MPI library that cannot start processes raises MPIException on every rank, naming the
		/// library (MPI_Get_library_version) and keeping its own message.</summary>
		/// <param name="program">At the root, the path of the .exe to run.</param>
		/// <param name="args">At the root, its arguments (may be null; no entry null).</param>
		/// <param name="maxprocs">At the root, how many processes to start, positive.</param>
		/// <param name="root">The rank that supplies the program and arguments; the same on every rank.</param>
		/// <returns>The intercommunicator whose remote group is the new processes.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="root"/> is not a rank of the communicator
		/// (every rank checks it before taking part); at the root, <paramref name="maxprocs"/> is not
		/// positive.</exception>
		/// <exception cref="ArgumentNullException">At the root, <paramref name="program"/> or an entry of
		/// <paramref name="args"/> is null.</exception>
		/// <exception cref="System.IO.FileNotFoundException">At the root, <paramref name="program"/> does not
		/// exist.</exception>
		/// <exception cref="InvalidOperationException">On the other ranks, when the root refused its arguments (it
		/// raises the reason); or MPI has been finalized.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="MPIException">The MPI library could not start the processes (on every rank), for instance
		/// because it does not support dynamic processes.</exception>
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
				else if (!System.IO.File.Exists (program))
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
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
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
		/// <returns>The parent intercommunicator (the same object on every call), or null.</returns>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
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
