// Communicators, continued: Split_type, names, and Idup.
//
// Idup posts MPI_Comm_idup into a request slot like any non-blocking operation.  The new communicator's handle is
// reserved at once and becomes valid when the request completes -- by Wait/Test or by a collection, since the GC
// hook completes requests the program dropped.  Until then every operation on the new communicator raises
// InvalidOperationException saying to wait for the request: MPI makes using it earlier erroneous, and blocking
// there instead would hide the mistake and could deadlock a program whose other ranks have not called Idup yet.
//
// Under Open MPI 4.1 an MPI_Comm_idup must have completed before another non-blocking collective is posted on its
// parent: the idup's own collectives are started later, from the progress engine, and would fall at a different
// place on each rank among the collectives posted meanwhile (native-mpi/mpi-compat.h).  There each communicator
// keeps this rank's Idups of it that may still be running, and every non-blocking collective on it, every
// communicator made from it (Dup, Split, Create, topologies, Spawn, ...: their context-id agreement is made the same
// way) and every further Idup of it first completes them -- without reporting them: the program's Wait or Test
// still does.
using System.Collections.Generic;
using System.Text;
using System.Threading;

namespace System.MP
{
	public static partial class MPI
	{
		/// <summary>The split type of <see cref="Intracomm.Split_type"/> that groups the ranks sharing memory (one
		/// node).</summary>
		public const int COMM_TYPE_SHARED = 1;
	}

	// The request of an Idup: nothing to cancel (MPI forbids cancelling a non-blocking collective).
	internal sealed class IdupRequest : Request
	{
		internal override int CancelNative ()
		{
			throw new NotSupportedException ("the request of an Idup cannot be cancelled (MPI does not cancel " +
				"collective operations): Wait for it");
		}
	}

	public unsafe partial class Comm
	{
		// The request of the Idup that made this communicator, if it was made by one.
		internal Request idup;
		// This rank's Idups of this communicator that may still be running, where the library needs them completed
		// before another non-blocking collective on it; null until the first.
		List<Request> idupsRunning;
		// In a class of its own, so that Comm has no static initializer (the JIT would check it on hot paths).
		static class IdupPolicy
		{
			internal static readonly bool BlocksCollectives = MPDirect.IdupOverlapsNbc () == 0;
		}

		// Completes this rank's Idups of this communicator that are still running (see the top of this file).  The
		// other ranks have called them too, before the collective about to be posted, so this waits only for
		// progress.
		internal void SettleIdups ()
		{
			List<Request> l = idupsRunning;
			if (l == null)
				return;
			Request[] running;
			lock (l) {
				running = l.ToArray ();
				l.Clear ();
			}
			foreach (Request r in running)
				r.Settle ();
		}
		// How many Idups this process has made: only then can a communicator be unusable for that reason.
		internal static int IdupsMade;

		// Why an operation found the handle invalid, if the communicator comes from an Idup that is not complete.
		internal Exception IdupNotUsable ()
		{
			var r = idup;
			if (r == null)
				return null;
			if (Volatile.Read (ref r.done) == 0)
				return new InvalidOperationException ("this communicator was made by Idup and cannot be used until the " +
					"request Idup returned has completed: Wait for it (or Test it until true) first");
			if (r.rc != 0)
				return new InvalidOperationException ("the Idup that was to make this communicator failed (Wait on its " +
					"request raises the reason): the communicator does not exist");
			return null;
		}

		/// <summary>Starts duplicating the communicator (MPI_Comm_idup, collective and non-blocking).</summary>
		/// <param name="request">Completes when the new communicator is ready.</param>
		/// <returns>The new communicator (an <see cref="Intercomm"/> for an intercommunicator, else an <see
		/// cref="Intracomm"/>; a Cartesian topology is not copied).  It cannot be used until <paramref
		/// name="request"/> has completed: until then every operation on it raises InvalidOperationException.  Free it
		/// with <see cref="Free"/> when done.</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized; or there is no room for another
		/// communicator (free the ones no longer needed with Free).</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Comm Idup (out Request request)
		{
			int inter, remote;
			int rc = MPDirect.CommKind (handle, out inter, out remote);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			var r = new IdupRequest ();
			int h;
			SettleIdups ();
			rc = MPDirect.CommIdup (handle, r, out h);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			if (IdupPolicy.BlocksCollectives) {
				if (idupsRunning == null)
					Interlocked.CompareExchange (ref idupsRunning, new List<Request> (), null);
				lock (idupsRunning)
					idupsRunning.Add (r);
			}
			Interlocked.Increment (ref IdupsMade);
			Comm c = inter != 0 ? (Comm) new Intercomm (h) : new Intracomm (h);
			c.idup = r;
			request = r;
			return c;
		}

		/// <summary>Gives the communicator a name (MPI_Comm_set_name), for this process only; tools and error
		/// messages of the MPI library show it.</summary>
		/// <param name="name">The name: at most <see cref="MAX_OBJECT_NAME"/> bytes in UTF-8, without NUL
		/// characters.</param>
		/// <exception cref="ArgumentNullException"><paramref name="name"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="name"/> is longer than MAX_OBJECT_NAME bytes in UTF-8 or
		/// contains a NUL character.</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public void Set_name (string name)
		{
			if (name == null)
				throw new ArgumentNullException ("name");
			if (name.IndexOf ('\0') >= 0)
				throw new ArgumentException ("a communicator name cannot contain NUL characters", "name");
			byte[] bytes = Encoding.UTF8.GetBytes (name);
			int max = MAX_OBJECT_NAME;
			if (bytes.Length > max)
				throw new ArgumentException ("the name is " + bytes.Length + " bytes long in UTF-8; the MPI library " +
					"takes at most " + max + " (Comm.MAX_OBJECT_NAME): use a shorter name", "name");
			int rc;
			fixed (byte* p = bytes)
				rc = MPDirect.CommSetName (handle, p, bytes.Length);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
		}

		/// <summary>The communicator's name (MPI_Comm_get_name): the one given by <see cref="Set_name"/>, the MPI
		/// library's for COMM_WORLD and COMM_SELF ("MPI_COMM_WORLD", "MPI_COMM_SELF"), else empty.</summary>
		/// <returns>The name (empty if there is none).</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public string Get_name ()
		{
			int max = MAX_OBJECT_NAME;
			var bytes = new byte[max];
			int len, rc;
			fixed (byte* p = bytes)
				rc = MPDirect.CommGetName (handle, p, max, out len);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return Encoding.UTF8.GetString (bytes, 0, Math.Min (len, max));
		}

		/// <summary>The longest communicator name the MPI library takes, in bytes of UTF-8 (MPI_MAX_OBJECT_NAME less
		/// its terminating NUL: 127 in MPICH, 63 in Open MPI).</summary>
		public static int MAX_OBJECT_NAME { get { return MPDirect.MaxObjectName (); } }
	}

	public partial class Intracomm
	{
		/// <summary>Starts duplicating the intracommunicator (MPI_Comm_idup, collective and non-blocking).</summary>
		/// <param name="request">Completes when the new communicator is ready.</param>
		/// <returns>The new communicator, which cannot be used until <paramref name="request"/> has completed (until
		/// then every operation on it raises InvalidOperationException).</returns>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">MPI has been finalized; or there is no room for another
		/// communicator (free the ones no longer needed with Free).</exception>
		/// <exception cref="OutOfMemoryException">The runtime could not allocate a request slot.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public new Intracomm Idup (out Request request)
		{
			return (Intracomm) base.Idup (out request);
		}

		/// <summary>Partitions the communicator by a property of the ranks (MPI_Comm_split_type): with <see
		/// cref="MPI.COMM_TYPE_SHARED"/>, the ranks that share memory (run on one node) form one new communicator,
		/// ordered by <paramref name="key"/> (then by rank).  Collective.</summary>
		/// <param name="split_type"><see cref="MPI.COMM_TYPE_SHARED"/>, or <see cref="MPI.UNDEFINED"/> for no new
		/// communicator on this rank.</param>
		/// <param name="key">Orders the ranks within the new communicator.</param>
		/// <returns>The new communicator, or null for MPI.UNDEFINED.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="split_type"/> is neither COMM_TYPE_SHARED nor
		/// UNDEFINED (then every other rank raises InvalidOperationException).</exception>
		/// <exception cref="ObjectDisposedException">The communicator has been freed.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (the message names the lowest
		/// refusing rank): no communicator was made on any rank.  Also raised when MPI has been finalized, and on every
		/// rank when there are too many communicators.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public Intracomm Split_type (int split_type, int key)
		{
			if (split_type != MPI.COMM_TYPE_SHARED && split_type != MPI.UNDEFINED)
				throw Coll.Refuse (this, new ArgumentOutOfRangeException ("split_type", split_type,
					"split_type must be MPI.COMM_TYPE_SHARED or MPI.UNDEFINED"));
			int h;
			SettleIdups (); // Open MPI: its context-id agreement must not overlap a running Idup (CommExtras.cs)
			int rc = MPDirect.CommSplitType (handle, split_type, key, out h);
			if (rc != 0)
				throw Errors.Make (rc, this, null, 0, 0, null);
			return h < 0 ? null : new Intracomm (h);
		}
	}
}
