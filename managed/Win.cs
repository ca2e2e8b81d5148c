// Win: one-sided communication (MPI RMA windows) on managed memory.
//
// A window exposes an array of this rank (Create) or memory the MPI library allocates (Allocate) to the other
// ranks of a communicator, which then read and write it with Put, Get and the accumulations, inside epochs
// opened and closed by Fence, Lock/Unlock, Lock_all/Unlock_all or Start/Complete with Post/Wait.
//
// Memory.  The runtime keeps the base array in place and alive until Free (runtime-ext/icall-win.c), and every
// origin, result and compare buffer until the epoch that carries its operation completes -- so a collection
// between Put and Fence can neither move nor collect it.  Every operation's target range is checked against the
// target rank's window, whose size every rank learns at creation (native-mpi/win.c).
//
// Types.  MPI lets origin and target datatypes differ; here every buffer of an operation must have the window's
// element type exactly (the same primitive type, or the same struct), which rules out reinterpreting bytes by
// accident.  Every rank's window must have the same element type too.
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace System.MP
{
	public static partial class MPI
	{
		/// <summary>An exclusive lock for <see cref="Win.Lock(int, int)"/> (MPI_LOCK_EXCLUSIVE).</summary>
		public const int LOCK_EXCLUSIVE = 1;
		/// <summary>A shared lock for <see cref="Win.Lock(int, int)"/> (MPI_LOCK_SHARED).</summary>
		public const int LOCK_SHARED = 2;

		/// <summary>The separate memory model of a window (<see cref="Win.Model"/>, MPI_WIN_SEPARATE).</summary>
		public const int WIN_SEPARATE = 1;
		/// <summary>The unified memory model of a window (<see cref="Win.Model"/>, MPI_WIN_UNIFIED).</summary>
		public const int WIN_UNIFIED = 2;

		// The assert flags of the synchronisation calls (MPI 4.0 §12.5.5): promises that let the MPI library
		// skip work.  Motor checks the ones a rank can see (Win.Fence's NOPRECEDE and NOSUCCEED); the others are
		// the program's to keep, as in MPI.

		/// <summary>Assert flag for <see cref="Win.Lock(int, int, int)"/>, <see cref="Win.Lock_all(int)"/>,
		/// <see cref="Win.Start(Group, int)"/> and <see cref="Win.Post(Group, int)"/> (MPI_MODE_NOCHECK): no other
		/// rank holds or will try to take a conflicting lock while this one is held; for Start and Post, every
		/// matching Post has completed before the Start, and both sides give the flag.  Not checked.</summary>
		public const int MODE_NOCHECK = 1 << 20;
		/// <summary>Assert flag for <see cref="Win.Fence(int)"/> and <see cref="Win.Post(Group, int)"/>
		/// (MPI_MODE_NOSTORE): this rank has not written its window memory since the last synchronisation.  Not
		/// checked.</summary>
		public const int MODE_NOSTORE = 1 << 21;
		/// <summary>Assert flag for <see cref="Win.Fence(int)"/> and <see cref="Win.Post(Group, int)"/>
		/// (MPI_MODE_NOPUT): no rank will Put or accumulate into this rank's window until the next
		/// synchronisation.  Not checked.</summary>
		public const int MODE_NOPUT = 1 << 22;
		/// <summary>Assert flag for <see cref="Win.Fence(int)"/> (MPI_MODE_NOPRECEDE): the fence completes no
		/// operation, since none was started on this rank since the last fence.  Every rank must give it or none;
		/// Motor checks both.</summary>
		public const int MODE_NOPRECEDE = 1 << 23;
		/// <summary>Assert flag for <see cref="Win.Fence(int)"/> (MPI_MODE_NOSUCCEED): no operation follows
		/// until the next fence, so the fence opens no epoch (a Lock or Start may follow).  Every rank must give it
		/// or none; Motor checks both, and refuses an operation that no epoch then covers.</summary>
		public const int MODE_NOSUCCEED = 1 << 24;
	}

	/// <summary>A window of memory that the ranks of a communicator expose to one another for one-sided
	/// communication (MPI_Win): made collectively by <see cref="Create(Array, int, Intracomm)"/> over an array of this rank, or by
	/// <see cref="Allocate{T}(long, Intracomm)"/> over memory the MPI library allocates; freed collectively by <see cref="Free"/>.
	/// </summary>
	/// <remarks>Operations (<see cref="Put(Array, int, int, int, long)"/>, <see cref="Get(Array, int, int, int, long)"/>, <see cref="Accumulate"/>,
	/// <see cref="Get_accumulate"/>, <see cref="Fetch_and_op"/>, <see cref="Compare_and_swap"/>) are only
	/// allowed inside an access epoch that covers their target: after <see cref="Fence()"/>, between
	/// <see cref="Lock(int, int)"/> and <see cref="Unlock"/> of the target, between <see cref="Lock_all()"/> and
	/// <see cref="Unlock_all"/>, or between <see cref="Start(Group)"/> and <see cref="Complete"/> with a group that holds
	/// the target.  They complete -- their origin buffers may be reused, their result buffers read -- only when
	/// that epoch ends, or at <see cref="Flush"/>/<see cref="Flush_all"/>; until then the runtime keeps every
	/// buffer in place.  Displacements count in the target's disp_unit (the element size for
	/// <see cref="Allocate{T}(long, Intracomm)"/>).  A window the program drops without <see cref="Free"/> stays alive (its array
	/// too) and is freed when MPI is finalised, where every rank that holds it must have dropped it as well.</remarks>
	public class Win
	{
		// Operation kinds and synchronisation calls: native-mpi's enum motor_rma_kind and motor_win_sync.
		const int PUT = 0, GET = 1, ACC = 2, GET_ACC = 3, FETCH_OP = 4, CAS = 5;
		const int FENCE = 0, LOCK = 1, UNLOCK = 2, LOCK_ALL = 3, UNLOCK_ALL = 4, FLUSH = 5, FLUSH_ALL = 6, START = 7,
			COMPLETE = 8, POST = 9, WAIT = 10, FLUSH_LOCAL = 11, FLUSH_LOCAL_ALL = 12, SYNC = 13;
		// Operators of one-sided accumulations only (MOTOR_OP_REPLACE, MOTOR_OP_NO_OP); Op.Handle refuses them.
		internal const int RmaOnlyHandle = -64;

		/// <summary>Replaces the target element with the origin element (MPI_REPLACE): an atomic Put for
		/// <see cref="Accumulate"/>, an atomic swap for <see cref="Get_accumulate"/> and
		/// <see cref="Fetch_and_op"/>.  One-sided operations only.</summary>
		public static readonly Op REPLACE = new Op (-64, "REPLACE");
		/// <summary>Leaves the target unchanged (MPI_NO_OP): an atomic read for <see cref="Get_accumulate"/> and
		/// <see cref="Fetch_and_op"/>.  One-sided operations only; <see cref="Accumulate"/> refuses it.</summary>
		public static readonly Op NO_OP = new Op (-65, "NO_OP");

		internal int handle; // -1 once freed
		readonly Type elementType;

		internal Win (int handle, Type elementType)
		{
			this.handle = handle;
			this.elementType = elementType;
		}

		/// <summary>The element type every buffer of an operation on this window must have.</summary>
		public Type ElementType { get { return elementType; } }

		/// <summary>The size in bytes of this rank's window (MPI_WIN_SIZE).</summary>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public long Size { get { int du; return Bytes (-1, out du, "Size"); } }

		/// <summary>The unit, in bytes, of target displacements into this rank's window (MPI_WIN_DISP_UNIT).</summary>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public int Disp_unit { get { int du; Bytes (-1, out du, "Disp_unit"); return du; } }

		/// <summary>The window's memory model (MPI_WIN_MODEL): <see cref="MPI.WIN_UNIFIED"/>, where a rank's public
		/// and private copies of its window are the same memory, or <see cref="MPI.WIN_SEPARATE"/>, where this rank
		/// sees others' updates of its window only after a synchronisation (a Lock and Unlock of its own window, or
		/// Sync inside a lock epoch), as the MPI library says.</summary>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public int Model { get { return Attr (ATTR_MODEL, "Model"); } }

		/// <summary>The group of the ranks that share the window (MPI_Win_get_group): the ranks of the communicator
		/// it was made on, in its order.  Free it when done.</summary>
		/// <returns>A new group.</returns>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public Group Get_group ()
		{
			return new Group (Attr (ATTR_GROUP, "Get_group"));
		}

		const int ATTR_GROUP = 0, ATTR_MODEL = 1;

		int Attr (int what, string op)
		{
			int value;
			Check (MPDirect.WinAttr (Handle (op), what, out value), "Win." + op, null, 0);
			return value;
		}

		/// <summary>Makes a window over <paramref name="base"/>, an array (of any rank) of a primitive type or of a
		/// struct without references, collectively over <paramref name="comm"/> (MPI_Win_create).  The array is
		/// kept in place and alive until <see cref="Free"/>.</summary>
		/// <param name="base">This rank's memory of the window: every element of the array.</param>
		/// <param name="disp_unit">The unit, in bytes, of target displacements into this rank's window (usually
		/// the element size).</param>
		/// <param name="comm">The ranks that share the window; every one of them must call Create.</param>
		/// <returns>The window.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="base"/> or <paramref name="comm"/> is
		/// null.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="disp_unit"/> is not positive.</exception>
		/// <exception cref="ArgumentException">The array's elements are not primitive or blittable, or the ranks'
		/// windows have different element types.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (it raised why); no
		/// window was made on any rank.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public static Win Create (Array @base, int disp_unit, Intracomm comm)
		{
			return Create (@base, disp_unit, comm, null);
		}

		/// <summary>Makes a window over <paramref name="base"/>, as <see cref="Create(Array, int, Intracomm)"/> does,
		/// with hints for the MPI library (MPI_Win_create's info): keys and values such as "no_locks" and "true" (no
		/// rank will lock the window: Motor then refuses Lock and Lock_all), "accumulate_ordering" and "none", or
		/// "same_disp_unit" and "true".  A library ignores hints it does not know; <see cref="Get_info"/> tells which
		/// it kept.</summary>
		/// <param name="base">This rank's memory of the window: every element of the array.</param>
		/// <param name="disp_unit">The unit, in bytes, of target displacements into this rank's window (usually
		/// the element size).</param>
		/// <param name="comm">The ranks that share the window; every one of them must call Create.</param>
		/// <param name="hints">The hints, or null for none.</param>
		/// <returns>The window.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="base"/> or <paramref name="comm"/> is null, or a
		/// hint's key or value is.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="disp_unit"/> is not positive.</exception>
		/// <exception cref="ArgumentException">The array's elements are not primitive or blittable, the ranks'
		/// windows have different element types, or a hint's key is empty, holds a NUL character or is too long
		/// for the library (as is a value).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (it raised why); no
		/// window was made on any rank.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public static unsafe Win Create (Array @base, int disp_unit, Intracomm comm, IDictionary<string, string> hints)
		{
			if (comm == null)
				throw new ArgumentNullException ("comm");
			Exception e = null;
			byte[] packed = Hints.Pack (hints, "Win.Create", out e);
			if (@base == null)
				e = new ArgumentNullException ("base", "Win.Create: the base array is null");
			else if (disp_unit <= 0)
				e = new ArgumentOutOfRangeException ("disp_unit", disp_unit, "Win.Create: disp_unit must be positive (usually the element size)");
			if (e != null)
				throw Coll.Refuse (comm, e);
			int w, rc;
			fixed (byte* h = packed)
				rc = MPDirect.WinCreate (@base, disp_unit, 0, h, comm.handle, out w);
			if (rc == Errors.EARG && hints != null && hints.Count > 0)
				throw Hints.TooLong ("Win.Create");
			if (rc != 0)
				throw Error (rc, "Win.Create", @base, 0);
			return new Win (w, @base.GetType ().GetElementType ());
		}

		/// <summary>Makes a window over <paramref name="count"/> elements of <typeparamref name="T"/> that the MPI
		/// library allocates, zeroed on no guarantee, collectively over <paramref name="comm"/>
		/// (MPI_Win_allocate).  Its disp_unit is the element size.  This rank reads and writes its own part with
		/// the window's indexer, <c>CopyTo</c> and <c>CopyFrom</c>.</summary>
		/// <typeparam name="T">A primitive type or a struct without references.</typeparam>
		/// <param name="count">Elements on this rank (0 or more; ranks may differ).</param>
		/// <param name="comm">The ranks that share the window; every one of them must call Allocate.</param>
		/// <returns>The window.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="comm"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
		/// <exception cref="ArgumentException"><typeparamref name="T"/> is not primitive or blittable, or the ranks'
		/// windows have different element types.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (it raised why).</exception>
		/// <exception cref="MPIException">The MPI library failed (for instance, out of memory).</exception>
		public static Win<T> Allocate<T> (long count, Intracomm comm) where T : struct
		{
			return Make<T> (count, comm, false, null, "Win.Allocate");
		}

		/// <summary>Makes a window over <paramref name="count"/> elements of <typeparamref name="T"/> that the MPI
		/// library allocates, as <see cref="Allocate{T}(long, Intracomm)"/> does, with hints for the library
		/// (MPI_Win_allocate's info), as <see cref="Create(Array, int, Intracomm, IDictionary{string, string})"/>
		/// takes them.</summary>
		/// <typeparam name="T">A primitive type or a struct without references.</typeparam>
		/// <param name="count">Elements on this rank (0 or more; ranks may differ).</param>
		/// <param name="comm">The ranks that share the window; every one of them must call Allocate.</param>
		/// <param name="hints">The hints, or null for none.</param>
		/// <returns>The window.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="comm"/> is null, or a hint's key or value
		/// is.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
		/// <exception cref="ArgumentException"><typeparamref name="T"/> is not primitive or blittable, the ranks'
		/// windows have different element types, or a hint is malformed or too long for the library.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (it raised why).</exception>
		/// <exception cref="MPIException">The MPI library failed (for instance, out of memory).</exception>
		public static Win<T> Allocate<T> (long count, Intracomm comm, IDictionary<string, string> hints) where T : struct
		{
			return Make<T> (count, comm, false, hints, "Win.Allocate");
		}

		/// <summary>Makes a window over <paramref name="count"/> elements of <typeparamref name="T"/> in memory that
		/// every rank of <paramref name="comm"/> can read and write directly, collectively
		/// (MPI_Win_allocate_shared).  Every rank of <paramref name="comm"/> must run on one node
		/// (<see cref="Intracomm.Split_type"/> with <see cref="MPI.COMM_TYPE_SHARED"/> makes such a communicator).
		/// Besides the one-sided operations, a rank copies to and from any rank's part with
		/// <c>CopyTo (rank, index, dest, offset, count)</c> and <c>CopyFrom (src, offset, count, rank, index)</c>;
		/// what another rank stored is visible after a synchronisation (a <see cref="Fence()"/>, or <see cref="Sync"/>
		/// inside <see cref="Lock_all()"/> with a barrier between the ranks).</summary>
		/// <typeparam name="T">A primitive type or a struct without references.</typeparam>
		/// <param name="count">Elements on this rank (0 or more; ranks may differ).</param>
		/// <param name="comm">The ranks that share the window, all on one node; every one of them must call
		/// Allocate_shared.</param>
		/// <returns>The window.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="comm"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
		/// <exception cref="ArgumentException"><typeparamref name="T"/> is not primitive or blittable, the ranks'
		/// windows have different element types, or the ranks of <paramref name="comm"/> do not all share memory (on
		/// every rank).</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (it raised why).</exception>
		/// <exception cref="MPIException">The MPI library failed (for instance, out of memory).</exception>
		public static Win<T> Allocate_shared<T> (long count, Intracomm comm) where T : struct
		{
			return Make<T> (count, comm, true, null, "Win.Allocate_shared");
		}

		/// <summary>Makes a window over <paramref name="count"/> elements of <typeparamref name="T"/> in memory every
		/// rank of <paramref name="comm"/> can read and write directly, as
		/// <see cref="Allocate_shared{T}(long, Intracomm)"/> does, with hints for the library
		/// (MPI_Win_allocate_shared's info, such as "alloc_shared_noncontig" and "true"), as
		/// <see cref="Create(Array, int, Intracomm, IDictionary{string, string})"/> takes them.</summary>
		/// <typeparam name="T">A primitive type or a struct without references.</typeparam>
		/// <param name="count">Elements on this rank (0 or more; ranks may differ).</param>
		/// <param name="comm">The ranks that share the window, all on one node; every one of them must call
		/// Allocate_shared.</param>
		/// <param name="hints">The hints, or null for none.</param>
		/// <returns>The window.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="comm"/> is null, or a hint's key or value
		/// is.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
		/// <exception cref="ArgumentException"><typeparamref name="T"/> is not primitive or blittable, the ranks do
		/// not all share memory, the ranks' windows have different element types, or a hint is malformed or too
		/// long for the library.</exception>
		/// <exception cref="InvalidOperationException">Another rank refused its arguments (it raised why).</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public static Win<T> Allocate_shared<T> (long count, Intracomm comm, IDictionary<string, string> hints)
			where T : struct
		{
			return Make<T> (count, comm, true, hints, "Win.Allocate_shared");
		}

		static unsafe Win<T> Make<T> (long count, Intracomm comm, bool shared, IDictionary<string, string> hints, string what)
			where T : struct
		{
			if (comm == null)
				throw new ArgumentNullException ("comm");
			Exception bad;
			byte[] packed = Hints.Pack (hints, what, out bad);
			if (bad != null)
				throw Coll.Refuse (comm, bad);
			if (count < 0)
				throw Coll.Refuse (comm, new ArgumentOutOfRangeException ("count", count, what + ": count must not be negative"));
			int size = MPDirect.ElementSize (typeof (T));
			if (size <= 0)
				throw Coll.Refuse (comm, NotBlittable (typeof (T)));
			int w, rc;
			fixed (byte* h = packed)
				rc = MPDirect.WinAllocate (count, size, typeof (T), shared ? 1 : 0, 0, h, comm.handle, out w);
			if (rc == Errors.EARG && hints != null && hints.Count > 0)
				throw Hints.TooLong (what);
			if (rc != 0)
				throw Error (rc, what, null, 0);
			return new Win<T> (w, count, shared);
		}

		/// <summary>The hints in effect on this window, as the MPI library reports them (MPI_Win_get_info, local):
		/// those given at creation that it uses, and its own settings.</summary>
		/// <returns>A new dictionary of keys and values.</returns>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public unsafe IDictionary<string, string> Get_info ()
		{
			int h = Handle ("Get_info"), rc;
			var hints = Hints.Read ((byte* b, int cap, out int len) => MPDirect.WinGetInfo (h, b, cap, out len), out rc);
			if (rc != 0)
				throw Error (rc, "Win.Get_info", null, 0);
			return hints;
		}

		/// <summary>Gives the window more hints (MPI_Win_set_info, collective: every rank of the window calls it with
		/// the same hints, in any order).  The library takes those it can change on a window in use and ignores the
		/// others; <see cref="Get_info"/> shows the result.  "no_locks" = "true" makes Motor refuse <see
		/// cref="Lock(int, int)"/> and <see cref="Lock_all()"/> from then on, as if given at creation; a later "false" does not
		/// take that back (the library may have relied on the promise).</summary>
		/// <param name="hints">Keys and values, as for <see cref="Create(Array, int, Intracomm, IDictionary{string,
		/// string})"/>; null or empty changes nothing.</param>
		/// <exception cref="ArgumentNullException">A key or value is null.</exception>
		/// <exception cref="ArgumentException">A key is empty, or a key or value holds a NUL character or is too long
		/// for the MPI library; or the ranks passed different hints (raised on every rank).</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="InvalidOperationException">"no_locks" = "true" while this rank holds a lock on the window
		/// (Lock or Lock_all not yet ended by Unlock); or another rank refused its hints (it raised why).  No rank
		/// changed any hint.</exception>
		/// <exception cref="MPIException">The MPI library reported an error.</exception>
		public unsafe void Set_info (IDictionary<string, string> hints)
		{
			int h = Handle ("Set_info");
			int rc = Hints.Set (hints, "Win.Set_info", "pass the same keys and values on every rank of the window",
				(p, verdict) => MPDirect.WinSetInfo (h, p, verdict));
			if (rc == Errors.EWINSYNC)
				throw Errors.New (rc, "Win.Set_info: no_locks=true while this rank holds a lock on the window; Unlock " +
					"(or Unlock_all) first", "hints");
			if (rc != 0)
				throw Error (rc, "Win.Set_info", null, 0);
		}

		/// <summary>Frees the window, collectively over its communicator (MPI_Win_free), and lets go of its
		/// memory.  No lock, Start or Post epoch may be open on it on any rank, and the operations of a fence epoch
		/// must have been completed by a Fence.</summary>
		/// <exception cref="ObjectDisposedException">The window has been freed already.</exception>
		/// <exception cref="InvalidOperationException">An epoch is still open on this rank, or operations started
		/// since its last Fence, or another rank's window had either (it raised why); the window was not freed on any
		/// rank and can be used again.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Free ()
		{
			int rc = MPDirect.WinFree (Handle ("Free"));
			if (rc != 0)
				throw Error (rc, "Win.Free", null, 0);
			handle = -1;
		}

		// ---- data movement -----------------------------------------------------------------------------

		/// <summary>Writes <paramref name="count"/> elements of <paramref name="origin"/> from
		/// <paramref name="offset"/> into the window of <paramref name="target_rank"/> at
		/// <paramref name="target_disp"/> (MPI_Put).  Completes when the epoch ends or at a flush.</summary>
		/// <param name="origin">The data, of the window's element type; it must not change until completion.</param>
		/// <param name="offset">First element of <paramref name="origin"/> to send.</param>
		/// <param name="count">Elements to send.</param>
		/// <param name="target_rank">Rank whose window is written (MPI.PROC_NULL: nothing happens).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <exception cref="ArgumentNullException"><paramref name="origin"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">offset/count outside <paramref name="origin"/>, a rank not
		/// in the window, or a target range outside the target's window.</exception>
		/// <exception cref="ArgumentException"><paramref name="origin"/>'s element type is not the window's.</exception>
		/// <exception cref="InvalidOperationException">No access epoch covers the target.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Put (Array origin, int offset, int count, int target_rank, long target_disp)
		{
			Range (origin, "origin", offset, count);
			Rma ("Put", PUT, origin, offset, count, null, 0, null, 0, target_rank, target_disp, -1);
		}

		/// <summary>Writes all of <paramref name="origin"/> into the window of <paramref name="target_rank"/> at
		/// <paramref name="target_disp"/> (MPI_Put).</summary>
		/// <param name="origin">The data, of the window's element type; it must not change until completion.</param>
		/// <param name="target_rank">Rank whose window is written (MPI.PROC_NULL: nothing happens).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <exception cref="ArgumentNullException"><paramref name="origin"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank not in the window, or a target range outside the
		/// target's window.</exception>
		/// <exception cref="ArgumentException"><paramref name="origin"/>'s element type is not the window's.</exception>
		/// <exception cref="InvalidOperationException">No access epoch covers the target.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public void Put (Array origin, int target_rank, long target_disp)
		{
			Put (origin, 0, Length (origin, "origin"), target_rank, target_disp);
		}

		/// <summary>Reads <paramref name="count"/> elements from the window of <paramref name="target_rank"/> at
		/// <paramref name="target_disp"/> into <paramref name="result"/> from <paramref name="offset"/> (MPI_Get).
		/// The data is there only once the epoch ends or at a flush.</summary>
		/// <param name="result">Receives the data, of the window's element type.</param>
		/// <param name="offset">First element of <paramref name="result"/> to fill.</param>
		/// <param name="count">Elements to read.</param>
		/// <param name="target_rank">Rank whose window is read (MPI.PROC_NULL: nothing happens).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <exception cref="ArgumentNullException"><paramref name="result"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">As for <see cref="Put(Array, int, int, int, long)"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="result"/>'s element type is not the window's.</exception>
		/// <exception cref="InvalidOperationException">No access epoch covers the target.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Get (Array result, int offset, int count, int target_rank, long target_disp)
		{
			Range (result, "result", offset, count);
			Rma ("Get", GET, null, 0, count, result, offset, null, 0, target_rank, target_disp, -1);
		}

		/// <summary>Fills all of <paramref name="result"/> from the window of <paramref name="target_rank"/> at
		/// <paramref name="target_disp"/> (MPI_Get).</summary>
		/// <param name="result">Receives the data, of the window's element type.</param>
		/// <param name="target_rank">Rank whose window is read (MPI.PROC_NULL: nothing happens).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <exception cref="ArgumentNullException"><paramref name="result"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank not in the window, or a target range outside the
		/// target's window.</exception>
		/// <exception cref="ArgumentException"><paramref name="result"/>'s element type is not the window's.</exception>
		/// <exception cref="InvalidOperationException">No access epoch covers the target.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public void Get (Array result, int target_rank, long target_disp)
		{
			Get (result, 0, Length (result, "result"), target_rank, target_disp);
		}

		/// <summary>Combines <paramref name="count"/> elements of <paramref name="origin"/> into the window of
		/// <paramref name="target_rank"/> at <paramref name="target_disp"/> with <paramref name="op"/>
		/// (target = origin op target, element-wise and atomic per element; MPI_Accumulate).</summary>
		/// <param name="origin">The data, of the window's element type.</param>
		/// <param name="offset">First element of <paramref name="origin"/>.</param>
		/// <param name="count">Elements to combine.</param>
		/// <param name="target_rank">Rank whose window is updated (MPI.PROC_NULL: nothing happens).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <param name="op">A built-in operator, or <see cref="REPLACE"/>; MPI forbids user-defined ones.</param>
		/// <exception cref="ArgumentNullException"><paramref name="origin"/> or <paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">As for <see cref="Put(Array, int, int, int, long)"/>.</exception>
		/// <exception cref="ArgumentException">A user-defined operator, an operator not defined on the element type,
		/// or an element type not the window's.</exception>
		/// <exception cref="NotSupportedException">The MPI library computes <paramref name="op"/> wrongly on the element
		/// type, and one-sided accumulations can use only the library's operators.  Motor finds such operators when it
		/// starts: MIN and MAX on unsigned types under MPICH 4.0.2, and SUM on 8- and 16-bit types under Open MPI 4.1.4
		/// on machines with AVX.</exception>
		/// <exception cref="InvalidOperationException">No access epoch covers the target.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Accumulate (Array origin, int offset, int count, int target_rank, long target_disp, Op op)
		{
			Range (origin, "origin", offset, count);
			Rma ("Accumulate", ACC, origin, offset, count, null, 0, null, 0, target_rank, target_disp, OpHandle (op, "Accumulate"));
		}

		/// <summary>Reads <paramref name="count"/> elements of the window of <paramref name="target_rank"/> at
		/// <paramref name="target_disp"/> into <paramref name="result"/> and combines <paramref name="origin"/>
		/// into them with <paramref name="op"/>, atomically per element (MPI_Get_accumulate).</summary>
		/// <param name="origin">The data to combine, of the window's element type.</param>
		/// <param name="offset">First element of <paramref name="origin"/>.</param>
		/// <param name="count">Elements to combine.</param>
		/// <param name="result">Receives the target's elements as they were before, from
		/// <paramref name="result_offset"/>.</param>
		/// <param name="result_offset">First element of <paramref name="result"/> to fill.</param>
		/// <param name="target_rank">Rank whose window is updated (MPI.PROC_NULL: nothing happens).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <param name="op">A built-in operator, <see cref="REPLACE"/> or <see cref="NO_OP"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer or <paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">As for <see cref="Put(Array, int, int, int, long)"/>, for
		/// either buffer.</exception>
		/// <exception cref="ArgumentException">As for <see cref="Accumulate"/>.</exception>
		/// <exception cref="NotSupportedException">As for <see cref="Accumulate"/>.</exception>
		/// <exception cref="InvalidOperationException">No access epoch covers the target.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Get_accumulate (Array origin, int offset, int count, Array result, int result_offset, int target_rank,
		                            long target_disp, Op op)
		{
			Range (origin, "origin", offset, count);
			Range (result, "result", result_offset, count);
			Rma ("Get_accumulate", GET_ACC, origin, offset, count, result, result_offset, null, 0, target_rank, target_disp,
			     OpHandle (op, "Get_accumulate"));
		}

		/// <summary>Get_accumulate of one element: <paramref name="result"/>[<paramref name="result_offset"/>]
		/// receives the target element, which becomes <paramref name="origin"/>[<paramref name="offset"/>]
		/// <paramref name="op"/> itself, atomically (MPI_Fetch_and_op).</summary>
		/// <param name="origin">Holds the operand.</param>
		/// <param name="offset">Index of the operand in <paramref name="origin"/>.</param>
		/// <param name="result">Receives the target element as it was.</param>
		/// <param name="result_offset">Index in <paramref name="result"/>.</param>
		/// <param name="target_rank">Rank whose window is updated (MPI.PROC_NULL: nothing happens).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <param name="op">A built-in operator, <see cref="REPLACE"/> or <see cref="NO_OP"/>.</param>
		/// <exception cref="ArgumentNullException">A buffer or <paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">An index outside its buffer, a rank not in the window, or
		/// a target element outside the target's window.</exception>
		/// <exception cref="ArgumentException">As for <see cref="Accumulate"/>.</exception>
		/// <exception cref="NotSupportedException">As for <see cref="Accumulate"/>.</exception>
		/// <exception cref="InvalidOperationException">No access epoch covers the target.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Fetch_and_op (Array origin, int offset, Array result, int result_offset, int target_rank, long target_disp, Op op)
		{
			Range (origin, "origin", offset, 1);
			Range (result, "result", result_offset, 1);
			Rma ("Fetch_and_op", FETCH_OP, origin, offset, 1, result, result_offset, null, 0, target_rank, target_disp,
			     OpHandle (op, "Fetch_and_op"));
		}

		/// <summary>Atomically replaces the target element with <paramref name="origin"/>[<paramref name="offset"/>]
		/// if it equals <paramref name="compare"/>[<paramref name="compare_offset"/>]; <paramref name="result"/>
		/// [<paramref name="result_offset"/>] receives the target element as it was (MPI_Compare_and_swap).
		/// Integer types, char and bool only.</summary>
		/// <param name="origin">Holds the new value.</param>
		/// <param name="offset">Index of the new value.</param>
		/// <param name="compare">Holds the value compared with.</param>
		/// <param name="compare_offset">Index of the value compared with.</param>
		/// <param name="result">Receives the target element as it was.</param>
		/// <param name="result_offset">Index in <paramref name="result"/>.</param>
		/// <param name="target_rank">Rank whose window is updated (MPI.PROC_NULL: nothing happens).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <exception cref="ArgumentNullException">A buffer is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">An index outside its buffer, a rank not in the window, or
		/// a target element outside the target's window.</exception>
		/// <exception cref="ArgumentException">An element type that is not the window's, or not an integer type,
		/// char or bool.</exception>
		/// <exception cref="InvalidOperationException">No access epoch covers the target.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Compare_and_swap (Array origin, int offset, Array compare, int compare_offset, Array result,
		                              int result_offset, int target_rank, long target_disp)
		{
			Range (origin, "origin", offset, 1);
			Range (compare, "compare", compare_offset, 1);
			Range (result, "result", result_offset, 1);
			Rma ("Compare_and_swap", CAS, origin, offset, 1, result, result_offset, compare, compare_offset, target_rank,
			     target_disp, -1);
		}

		// ---- request-based operations ------------------------------------------------------------------

		/// <summary>Put with a request of its own (MPI_Rput): the request completes when
		/// <paramref name="origin"/> may change again, which may be before the data reaches the target (a Flush or
		/// the end of the epoch completes it there).  Only inside a passive-target epoch: <see cref="Lock(int, int)"/> of the
		/// target or <see cref="Lock_all()"/>.</summary>
		/// <param name="origin">The data, of the window's element type; held in place until the request
		/// completes.</param>
		/// <param name="offset">First element of <paramref name="origin"/> to send.</param>
		/// <param name="count">Elements to send.</param>
		/// <param name="target_rank">Rank whose window is written (MPI.PROC_NULL: the request completes at once).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <returns>The request; complete it with Wait or Test (or drop it: nothing leaks).  It cannot be
		/// cancelled.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="origin"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">As for <see cref="Put(Array, int, int, int, long)"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="origin"/>'s element type is not the window's.</exception>
		/// <exception cref="InvalidOperationException">No Lock of the target or Lock_all is open on this rank (a
		/// fence or Start epoch does not allow request-based operations).</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public Request Rput (Array origin, int offset, int count, int target_rank, long target_disp)
		{
			Range (origin, "origin", offset, count);
			return RequestRma ("Rput", PUT, origin, offset, count, null, 0, target_rank, target_disp, -1);
		}

		/// <summary>Rput of all of <paramref name="origin"/> (MPI_Rput).</summary>
		/// <param name="origin">The data, of the window's element type; held in place until the request
		/// completes.</param>
		/// <param name="target_rank">Rank whose window is written (MPI.PROC_NULL: the request completes at once).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <returns>The request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="origin"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank not in the window, or a target range outside the
		/// target's window.</exception>
		/// <exception cref="ArgumentException"><paramref name="origin"/>'s element type is not the window's.</exception>
		/// <exception cref="InvalidOperationException">No Lock of the target or Lock_all is open on this rank.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public Request Rput (Array origin, int target_rank, long target_disp)
		{
			return Rput (origin, 0, Length (origin, "origin"), target_rank, target_disp);
		}

		/// <summary>Get with a request of its own (MPI_Rget): when the request completes, the data is in
		/// <paramref name="result"/>.  Only inside a passive-target epoch: <see cref="Lock(int, int)"/> of the target or
		/// <see cref="Lock_all()"/>.</summary>
		/// <param name="result">Receives the data, of the window's element type; held in place until the request
		/// completes.</param>
		/// <param name="offset">First element of <paramref name="result"/> to fill.</param>
		/// <param name="count">Elements to read.</param>
		/// <param name="target_rank">Rank whose window is read (MPI.PROC_NULL: the request completes at once).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <returns>The request; complete it with Wait or Test.  It cannot be cancelled.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="result"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">As for <see cref="Put(Array, int, int, int, long)"/>.</exception>
		/// <exception cref="ArgumentException"><paramref name="result"/>'s element type is not the window's.</exception>
		/// <exception cref="InvalidOperationException">No Lock of the target or Lock_all is open on this rank.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public Request Rget (Array result, int offset, int count, int target_rank, long target_disp)
		{
			Range (result, "result", offset, count);
			return RequestRma ("Rget", GET, null, 0, count, result, offset, target_rank, target_disp, -1);
		}

		/// <summary>Rget into all of <paramref name="result"/> (MPI_Rget).</summary>
		/// <param name="result">Receives the data, of the window's element type; held in place until the request
		/// completes.</param>
		/// <param name="target_rank">Rank whose window is read (MPI.PROC_NULL: the request completes at once).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <returns>The request.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="result"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A rank not in the window, or a target range outside the
		/// target's window.</exception>
		/// <exception cref="ArgumentException"><paramref name="result"/>'s element type is not the window's.</exception>
		/// <exception cref="InvalidOperationException">No Lock of the target or Lock_all is open on this rank.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public Request Rget (Array result, int target_rank, long target_disp)
		{
			return Rget (result, 0, Length (result, "result"), target_rank, target_disp);
		}

		/// <summary>Accumulate with a request of its own (MPI_Raccumulate): the request completes when
		/// <paramref name="origin"/> may change again.  Only inside a passive-target epoch.</summary>
		/// <param name="origin">The data, of the window's element type; held in place until the request
		/// completes.</param>
		/// <param name="offset">First element of <paramref name="origin"/>.</param>
		/// <param name="count">Elements to combine.</param>
		/// <param name="target_rank">Rank whose window is updated (MPI.PROC_NULL: the request completes at once).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <param name="op">A built-in operator, or <see cref="REPLACE"/>.</param>
		/// <returns>The request; complete it with Wait or Test.  It cannot be cancelled.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="origin"/> or <paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">As for <see cref="Put(Array, int, int, int, long)"/>.</exception>
		/// <exception cref="ArgumentException">As for <see cref="Accumulate"/>.</exception>
		/// <exception cref="NotSupportedException">As for <see cref="Accumulate"/>.</exception>
		/// <exception cref="InvalidOperationException">No Lock of the target or Lock_all is open on this rank.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public Request Raccumulate (Array origin, int offset, int count, int target_rank, long target_disp, Op op)
		{
			Range (origin, "origin", offset, count);
			return RequestRma ("Raccumulate", ACC, origin, offset, count, null, 0, target_rank, target_disp,
			                   OpHandle (op, "Raccumulate"));
		}

		/// <summary>Get_accumulate with a request of its own (MPI_Rget_accumulate): when the request completes,
		/// <paramref name="result"/> holds the target's elements as they were before.  Only inside a
		/// passive-target epoch.</summary>
		/// <param name="origin">The data to combine, of the window's element type; held in place until the request
		/// completes.</param>
		/// <param name="offset">First element of <paramref name="origin"/>.</param>
		/// <param name="count">Elements to combine.</param>
		/// <param name="result">Receives the target's elements as they were, from <paramref name="result_offset"/>;
		/// held in place until the request completes.</param>
		/// <param name="result_offset">First element of <paramref name="result"/> to fill.</param>
		/// <param name="target_rank">Rank whose window is updated (MPI.PROC_NULL: the request completes at once).</param>
		/// <param name="target_disp">Displacement in the target's window, in its disp_unit.</param>
		/// <param name="op">A built-in operator, <see cref="REPLACE"/> or <see cref="NO_OP"/>.</param>
		/// <returns>The request; complete it with Wait or Test.  It cannot be cancelled.</returns>
		/// <exception cref="ArgumentNullException">A buffer or <paramref name="op"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">As for <see cref="Put(Array, int, int, int, long)"/>, for
		/// either buffer.</exception>
		/// <exception cref="ArgumentException">As for <see cref="Accumulate"/>.</exception>
		/// <exception cref="NotSupportedException">As for <see cref="Accumulate"/>.</exception>
		/// <exception cref="InvalidOperationException">No Lock of the target or Lock_all is open on this rank.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public Request Rget_accumulate (Array origin, int offset, int count, Array result, int result_offset,
		                                int target_rank, long target_disp, Op op)
		{
			Range (origin, "origin", offset, count);
			Range (result, "result", result_offset, count);
			return RequestRma ("Rget_accumulate", GET_ACC, origin, offset, count, result, result_offset, target_rank,
			                   target_disp, OpHandle (op, "Rget_accumulate"));
		}

		// ---- synchronisation ---------------------------------------------------------------------------

		/// <summary>Ends the current fence epoch and starts the next, collectively (MPI_Win_fence): every operation
		/// this rank started is complete at its target, and every operation on this rank's window is complete
		/// here.</summary>
		/// <exception cref="InvalidOperationException">A lock, Start or Post epoch is open on this rank.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Fence ()
		{
			SyncCall ("Fence", FENCE, 0, 0, 0);
		}

		/// <summary>Ends the current fence epoch and starts the next, collectively (MPI_Win_fence), with assert
		/// flags that let the MPI library skip work: any of <see cref="MPI.MODE_NOSTORE"/>,
		/// <see cref="MPI.MODE_NOPUT"/>, <see cref="MPI.MODE_NOPRECEDE"/> and <see cref="MPI.MODE_NOSUCCEED"/>, or
		/// 0.  The ranks agree before any of them fences: if one refuses, every rank raises and the window's epochs
		/// are as they were.</summary>
		/// <param name="assert">The assert flags, combined with |.</param>
		/// <exception cref="ArgumentException"><paramref name="assert"/> holds a flag Fence does not take; or
		/// NOPRECEDE or NOSUCCEED is given on some ranks and not on others (MPI needs all or none).</exception>
		/// <exception cref="InvalidOperationException">A lock, Start or Post epoch is open on this rank; NOPRECEDE
		/// is given but this rank started operations since the last fence; or another rank refused.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Fence (int assert)
		{
			SyncCall ("Fence", FENCE, 0, 0, assert);
		}

		/// <summary>Starts a passive-target epoch on <paramref name="rank"/>'s window (MPI_Win_lock).</summary>
		/// <param name="lock_type"><see cref="MPI.LOCK_EXCLUSIVE"/> or <see cref="MPI.LOCK_SHARED"/>.</param>
		/// <param name="rank">The target rank.</param>
		/// <exception cref="ArgumentException"><paramref name="lock_type"/> is neither lock type.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="rank"/> is not in the window.</exception>
		/// <exception cref="InvalidOperationException">This rank holds a lock on that rank already, or
		/// Lock_all.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Lock (int lock_type, int rank)
		{
			Lock (lock_type, rank, 0);
		}

		/// <summary>Starts a passive-target epoch on <paramref name="rank"/>'s window (MPI_Win_lock), with assert
		/// flags: <see cref="MPI.MODE_NOCHECK"/> or 0.</summary>
		/// <param name="lock_type"><see cref="MPI.LOCK_EXCLUSIVE"/> or <see cref="MPI.LOCK_SHARED"/>.</param>
		/// <param name="rank">The target rank.</param>
		/// <param name="assert"><see cref="MPI.MODE_NOCHECK"/>: no other rank holds or tries to take a
		/// conflicting lock meanwhile (not checked); or 0.</param>
		/// <exception cref="ArgumentException"><paramref name="lock_type"/> is neither lock type, or
		/// <paramref name="assert"/> holds a flag Lock does not take.</exception>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="rank"/> is not in the window.</exception>
		/// <exception cref="InvalidOperationException">This rank holds a lock on that rank already, or
		/// Lock_all.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Lock (int lock_type, int rank, int assert)
		{
			if (lock_type != MPI.LOCK_EXCLUSIVE && lock_type != MPI.LOCK_SHARED)
				throw new ArgumentException ("Win.Lock: lock_type must be MPI.LOCK_EXCLUSIVE or MPI.LOCK_SHARED", "lock_type");
			SyncCall ("Lock", LOCK, rank, lock_type, assert);
		}

		/// <summary>Ends the passive-target epoch on <paramref name="rank"/>'s window (MPI_Win_unlock): every
		/// operation to it is complete there.</summary>
		/// <param name="rank">The target rank.</param>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="rank"/> is not in the window.</exception>
		/// <exception cref="InvalidOperationException">This rank holds no lock on that rank.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Unlock (int rank)
		{
			SyncCall ("Unlock", UNLOCK, rank, 0, 0);
		}

		/// <summary>Starts a shared passive-target epoch on every rank's window (MPI_Win_lock_all).</summary>
		/// <exception cref="InvalidOperationException">This rank holds a lock on the window already.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Lock_all ()
		{
			SyncCall ("Lock_all", LOCK_ALL, 0, 0, 0);
		}

		/// <summary>Starts a shared passive-target epoch on every rank's window (MPI_Win_lock_all), with assert
		/// flags: <see cref="MPI.MODE_NOCHECK"/> or 0.</summary>
		/// <param name="assert"><see cref="MPI.MODE_NOCHECK"/>: no other rank holds or tries to take an
		/// exclusive lock meanwhile (not checked); or 0.</param>
		/// <exception cref="ArgumentException"><paramref name="assert"/> holds a flag Lock_all does not
		/// take.</exception>
		/// <exception cref="InvalidOperationException">This rank holds a lock on the window already.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Lock_all (int assert)
		{
			SyncCall ("Lock_all", LOCK_ALL, 0, 0, assert);
		}

		/// <summary>Ends the epoch of <see cref="Lock_all()"/> (MPI_Win_unlock_all).</summary>
		/// <exception cref="InvalidOperationException">No Lock_all epoch is open.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Unlock_all ()
		{
			SyncCall ("Unlock_all", UNLOCK_ALL, 0, 0, 0);
		}

		/// <summary>Completes every operation this rank started to <paramref name="rank"/>, at both ends, inside
		/// a passive-target epoch (MPI_Win_flush).</summary>
		/// <param name="rank">The target rank.</param>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="rank"/> is not in the window.</exception>
		/// <exception cref="InvalidOperationException">No lock covers that rank.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Flush (int rank)
		{
			SyncCall ("Flush", FLUSH, rank, 0, 0);
		}

		/// <summary>Completes every operation this rank started on the window, inside a passive-target epoch
		/// (MPI_Win_flush_all).</summary>
		/// <exception cref="InvalidOperationException">No lock is held.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Flush_all ()
		{
			SyncCall ("Flush_all", FLUSH_ALL, 0, 0, 0);
		}

		/// <summary>Completes at this rank every operation it started to <paramref name="rank"/>, inside a
		/// passive-target epoch (MPI_Win_flush_local): the origin buffers of its Puts and Accumulates may be reused,
		/// and its Gets' results have arrived; the target may not have seen the updates yet.  Releases the buffers
		/// the window held for them.</summary>
		/// <param name="rank">The target rank.</param>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="rank"/> is not in the window.</exception>
		/// <exception cref="InvalidOperationException">No lock covers that rank.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Flush_local (int rank)
		{
			SyncCall ("Flush_local", FLUSH_LOCAL, rank, 0, 0);
		}

		/// <summary>Completes at this rank every operation it started on the window, inside a passive-target epoch
		/// (MPI_Win_flush_local_all), as <see cref="Flush_local"/> does for one rank.</summary>
		/// <exception cref="InvalidOperationException">No lock is held.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Flush_local_all ()
		{
			SyncCall ("Flush_local_all", FLUSH_LOCAL_ALL, 0, 0, 0);
		}

		/// <summary>Synchronises the public and private copies of this rank's window memory inside a passive-target
		/// epoch (MPI_Win_sync): afterwards this rank's reads of its window see the updates completed at it so far,
		/// and its own writes to the window are visible to the operations of other ranks that follow.  Completes no
		/// operation and ends no epoch.</summary>
		/// <exception cref="InvalidOperationException">No lock is held (MPICH refuses it there; Motor refuses it under
		/// every library).</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Sync ()
		{
			SyncCall ("Sync", SYNC, 0, 0, 0);
		}

		/// <summary>Starts an access epoch to the windows of <paramref name="group"/>'s ranks, which must
		/// <see cref="Post(Group)"/> (MPI_Win_start).</summary>
		/// <param name="group">The target ranks (a group of the window's ranks).</param>
		/// <exception cref="ArgumentNullException"><paramref name="group"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">The group holds a rank outside the window.</exception>
		/// <exception cref="InvalidOperationException">A Start or lock epoch is already open.</exception>
		/// <exception cref="ObjectDisposedException">The window or the group has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Start (Group group)
		{
			Start (group, 0);
		}

		/// <summary>Starts an access epoch to the windows of <paramref name="group"/>'s ranks, which must
		/// <see cref="Post(Group, int)"/> (MPI_Win_start), with assert flags: <see cref="MPI.MODE_NOCHECK"/> or
		/// 0.</summary>
		/// <param name="group">The target ranks (a group of the window's ranks).</param>
		/// <param name="assert"><see cref="MPI.MODE_NOCHECK"/>: every matching Post has completed already, and
		/// gives the flag too (not checked); or 0.</param>
		/// <exception cref="ArgumentNullException"><paramref name="group"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="assert"/> holds a flag Start does not
		/// take.</exception>
		/// <exception cref="ArgumentOutOfRangeException">The group holds a rank outside the window.</exception>
		/// <exception cref="InvalidOperationException">A Start or lock epoch is already open.</exception>
		/// <exception cref="ObjectDisposedException">The window or the group has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Start (Group group, int assert)
		{
			if (group == null)
				throw new ArgumentNullException ("group");
			SyncCall ("Start", START, group.handle, 0, assert);
		}

		/// <summary>Ends the access epoch of <see cref="Start(Group)"/> (MPI_Win_complete).</summary>
		/// <exception cref="InvalidOperationException">No Start epoch is open.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Complete ()
		{
			SyncCall ("Complete", COMPLETE, 0, 0, 0);
		}

		/// <summary>Starts an exposure epoch of this rank's window to <paramref name="group"/>'s ranks, which
		/// must <see cref="Start(Group)"/> (MPI_Win_post).</summary>
		/// <param name="group">The origin ranks (a group of the window's ranks).</param>
		/// <exception cref="ArgumentNullException"><paramref name="group"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">The group holds a rank outside the window.</exception>
		/// <exception cref="InvalidOperationException">A Post or lock epoch is already open.</exception>
		/// <exception cref="ObjectDisposedException">The window or the group has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Post (Group group)
		{
			Post (group, 0);
		}

		/// <summary>Starts an exposure epoch of this rank's window to <paramref name="group"/>'s ranks, which
		/// must <see cref="Start(Group, int)"/> (MPI_Win_post), with assert flags: any of
		/// <see cref="MPI.MODE_NOCHECK"/>, <see cref="MPI.MODE_NOSTORE"/> and <see cref="MPI.MODE_NOPUT"/>, or
		/// 0.</summary>
		/// <param name="group">The origin ranks (a group of the window's ranks).</param>
		/// <param name="assert">The assert flags, combined with | (not checked).</param>
		/// <exception cref="ArgumentNullException"><paramref name="group"/> is null.</exception>
		/// <exception cref="ArgumentException"><paramref name="assert"/> holds a flag Post does not
		/// take.</exception>
		/// <exception cref="ArgumentOutOfRangeException">The group holds a rank outside the window.</exception>
		/// <exception cref="InvalidOperationException">A Post or lock epoch is already open.</exception>
		/// <exception cref="ObjectDisposedException">The window or the group has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Post (Group group, int assert)
		{
			if (group == null)
				throw new ArgumentNullException ("group");
			SyncCall ("Post", POST, group.handle, 0, assert);
		}

		/// <summary>Ends the exposure epoch of <see cref="Post(Group)"/> once every origin has called
		/// <see cref="Complete"/> (MPI_Win_wait).</summary>
		/// <exception cref="InvalidOperationException">No Post epoch is open.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		/// <exception cref="MPIException">The MPI library failed.</exception>
		public void Wait ()
		{
			SyncCall ("Wait", WAIT, 0, 0, 0);
		}

		// ---- internals ---------------------------------------------------------------------------------

		/// <summary>Test knob: how many buffers the runtime holds for this window (the base, and origin, result
		/// and compare buffers of operations whose epoch is open).</summary>
		internal long Holds { get { return MPDirect.WinHolds (handle); } }

		/// <summary>Test knob: buffers of windows pinned (small arrays) and only kept alive (large ones).</summary>
		internal static void PinCounts (out long taken, out long avoided)
		{
			MPDirect.WinCounts (out taken, out avoided);
		}

		/// <summary>The size in bytes and disp_unit of <paramref name="rank"/>'s window.</summary>
		internal long Bytes (int rank, out int disp_unit, string op = "Bytes")
		{
			long b;
			Check (MPDirect.WinInfo (Handle (op), rank, out b, out disp_unit), "Win." + op, null, rank);
			return b;
		}

		internal int Handle (string what)
		{
			int h = handle;
			if (h < 0)
				throw new ObjectDisposedException ("Win", "Win." + what + ": the window has been freed");
			return h;
		}

		static int Length (Array a, string name)
		{
			if (a == null)
				throw new ArgumentNullException (name);
			long n = a.LongLength;
			if (n > int.MaxValue)
				throw new ArgumentException ("the array has more than int.MaxValue elements: pass offset and count", name);
			return (int) n;
		}

		void Range (Array a, string name, int offset, int count)
		{
			if (a == null)
				throw new ArgumentNullException (name);
			if (offset < 0 || (long) offset > a.LongLength)
				throw new ArgumentOutOfRangeException (name == "origin" ? "offset" : name + "_offset", offset,
					"the offset is outside " + name + " (length " + a.LongLength + ")");
			if (count < 0 || count > a.LongLength - offset)
				throw new ArgumentOutOfRangeException ("count", count, "offset + count runs past the end of " + name +
					" (length " + a.LongLength + ")");
			Type t = a.GetType ().GetElementType ();
			if (t != elementType)
				throw new ArgumentException (name + " has elements of " + t.FullName + " but the window holds " +
					elementType.FullName + ": pass an array of the window's element type (Motor does not reinterpret " +
					"one type's bytes as another's)", name);
		}

		static int OpHandle (Op op, string what)
		{
			if (op == null)
				throw new ArgumentNullException ("op");
			if (op.IsUser)
				throw new ArgumentException ("Win." + what + ": MPI forbids user-defined operators in one-sided " +
					"accumulations; use a built-in one (SUM, PROD, MIN, MAX, LAND, LOR, LXOR, BAND, BOR, BXOR) or " +
					"Win.REPLACE / Win.NO_OP", "op");
			return op.handle;
		}

		void Rma (string what, int kind, Array origin, int ooff, int ocount, Array result, int roff, Array compare, int coff,
		          int target, long disp, int op)
		{
			int rc = MPDirect.WinRma (Handle (what), kind, origin, ooff, ocount, result, roff, compare, coff, target, disp, op);
			if (rc != 0)
				throw Error (rc, "Win." + what, origin ?? result, target, disp, this);
		}

		Request RequestRma (string what, int kind, Array origin, int ooff, int ocount, Array result, int roff, int target,
		                    long disp, int op)
		{
			var r = new RmaRequest (this);
			int rc = MPDirect.WinRrma (Handle (what), kind, origin, ooff, ocount, result, roff, target, disp, op, r);
			if (rc != 0)
				throw Error (rc, "Win." + what, origin ?? result, target, disp, this);
			return r;
		}

		// The request of an Rput ... Rget_accumulate: MPI cannot cancel it, and its error is the window's.
		sealed class RmaRequest : Request
		{
			readonly Win win;

			internal RmaRequest (Win win)
			{
				this.win = win;
			}

			internal override int CancelNative ()
			{
				throw new NotSupportedException ("a request-based one-sided operation cannot be cancelled: Wait for it " +
					"(or for the epoch's Unlock or Flush)");
			}

			internal override Exception ResultException (string op)
			{
				return Error (rc, "Win." + op + " (of a request-based one-sided operation)", null, result.source, 0, win);
			}
		}

		void SyncCall (string what, int kind, int arg, int lockType, int assert)
		{
			int rc = MPDirect.WinSync (Handle (what), kind, arg, lockType, Asserts (assert));
			if (rc == Errors.EARG && assert != 0)
				throw new ArgumentException ("Win." + what + ": assert may hold only " + AssertsTaken (kind) +
					" (MPI.MODE_... flags combined with |), or 0", "assert");
			if (rc == Errors.EMISMATCH)
				throw Errors.New (rc, "Win.Fence: MPI.MODE_NOPRECEDE or MPI.MODE_NOSUCCEED was given on some ranks and " +
					"not on others (MPI needs every rank to give the same), so no rank fenced; the window's epochs are " +
					"as they were", "assert");
			if (rc == Errors.EWINASSERT)
				throw Errors.New (rc, "Win.Fence: MPI.MODE_NOPRECEDE promises that the fence completes no operation, " +
					"but this rank started operations since the last fence, so no rank fenced; call Fence without it");
			if (rc != 0)
				throw Error (rc, "Win." + what, null, arg, 0, this);
		}

		// The public flags (bits 20-24, so that a lock type or a file mode passed by mistake is refused) as
		// native-mpi's MOTOR_MODE_ flags (bits 0-4); a bit of neither kind stays as a bit native-mpi refuses.
		static int Asserts (int assert)
		{
			const int all = MPI.MODE_NOCHECK | MPI.MODE_NOSTORE | MPI.MODE_NOPUT | MPI.MODE_NOPRECEDE | MPI.MODE_NOSUCCEED;
			return (assert & all) >> 20 | ((assert & ~all) != 0 ? 1 << 30 : 0);
		}

		static string AssertsTaken (int kind)
		{
			switch (kind) {
			case FENCE:
				return "MPI.MODE_NOSTORE, MPI.MODE_NOPUT, MPI.MODE_NOPRECEDE and MPI.MODE_NOSUCCEED";
			case POST:
				return "MPI.MODE_NOCHECK, MPI.MODE_NOSTORE and MPI.MODE_NOPUT";
			default:
				return "MPI.MODE_NOCHECK";
			}
		}

		static void Check (int rc, string what, object buf, int rank)
		{
			if (rc != 0)
				throw Error (rc, what, buf, rank);
		}

		internal static Exception NotBlittable (Type t)
		{
			return new ArgumentException (t.FullName + " cannot be a window's element type: only primitive types and " +
				"structs without references can be exposed to one-sided communication", "T");
		}

		internal static Exception Error (int rc, string what, object buf, int rank, long disp = 0, Win win = null)
		{
			switch (rc) {
			case Errors.EWIN:
				return Errors.New (rc, what + ": the window has been freed", "Win");
			case Errors.EWINRANGE: {
				string size = "";
				if (win != null) {
					try {
						int du;
						long b = win.Bytes (rank, out du);
						size = " (rank " + rank + "'s window holds " + b + " bytes, disp_unit " + du + ")";
					} catch (Exception) {
					}
				}
				return Errors.New (rc, what + ": target displacement " + disp + " and count lie outside the target's window" +
					size + "; nothing was sent", "target_disp", disp);
			}
			case Errors.EOPUSER:
				return Errors.New (rc, what + ": MPI forbids user-defined operators in one-sided accumulations", "op");
			case Errors.EWINSYNC:
				return Errors.New (rc, what + ": the call does not fit the window's epoch on this rank " +
					"(an operation needs an access epoch that covers its target: Fence (one without MPI.MODE_NOSUCCEED), " +
					"Lock of the target, Lock_all, or " +
					"Start with a group holding it; Unlock, Flush, Unlock_all, Complete and Wait need the matching " +
					"Lock, Lock_all, Start or Post; Fence and Free need every lock, Start and Post epoch closed; Lock and Lock_all " +
					"need no Start epoch open; Lock, Lock_all, Start and Free need the operations of a fence epoch completed " +
					"by a Fence first, and the first three end the fence epoch)");
			case Errors.EWINNOLOCKS:
				return Errors.New (rc, what + ": the window was made with the hint no_locks=true (every rank promised not to " +
					"lock it); synchronise with Fence or Start/Post, or make the window without that hint");
			case Errors.ENOTSHARED:
				return Errors.New (rc, what + ": the ranks of the communicator do not all share memory (a shared-memory " +
					"window needs every rank on one node: make the communicator with Split_type (MPI.COMM_TYPE_SHARED, ...))",
					"comm");
			case Errors.EWINSHARED:
				return Errors.New (rc, what + ": another rank's part can be copied only in a window made by " +
					"Win.Allocate_shared; use Get or Put for this window");
			case Errors.EWINTYPE:
				return Errors.New (rc, what + ": the ranks' windows have different element types; every rank " +
					"must expose the same element type");
			case Errors.ETYPE:
				return Errors.New (rc, what + ": the buffers' element type is not the window's", "origin");
			case Errors.EOPTYPE:
				return Errors.New (rc, what + ": the operator is not defined on this element type (SUM PROD MIN " +
					"MAX: integer and floating-point types; LAND LOR LXOR: integer types and bool; BAND BOR BXOR: integer " +
					"types; NO_OP only where something is read back; Compare_and_swap: integer types, char and bool)", "op");
			case Errors.EOP:
				return Errors.New (rc, "the operator has been freed", "Op");
			case Errors.ERANK:
				return Errors.New (rc, what + ": rank " + rank + " is not in the window's group", "target_rank", rank);
			case Errors.EBUFTYPE:
				return Errors.New (rc, what + ": " + Errors.TypeName (buf) + " cannot be exposed or transferred: " +
					"only arrays of primitive types or of structs without references", "base");
			case Errors.EGROUP:
				return Errors.New (rc, what + ": the group has been freed", "Group");
			default:
				if (rc <= Errors.EPEER_BASE)
					return new InvalidOperationException (what + ": " + Coll.Peer (rc) + " refused its arguments (the " +
						"exception there says why), so no rank carried it out");
				return Errors.Make (rc, null, buf, rank, 0, "target_rank");
			}
		}
	}

	/// <summary>A window over memory the MPI library allocated (<see cref="Win.Allocate{T}(long, Intracomm)"/>,
	/// <see cref="Win.Allocate_shared{T}(long, Intracomm)"/>): this rank's part is read and written through the indexer, <c>CopyTo</c>
	/// and <c>CopyFrom</c>, each bounds-checked; in a shared-memory window, every rank's part.
	/// </summary>
	/// <typeparam name="T">The element type.</typeparam>
	public sealed class Win<T> : Win where T : struct
	{
		readonly long length;
		readonly bool shared;

		internal Win (int handle, long length, bool shared) : base (handle, typeof (T))
		{
			this.length = length;
			this.shared = shared;
		}

		/// <summary>Elements of this rank's part of the window.</summary>
		public long Length { get { return length; } }

		/// <summary>Whether the window was made by <see cref="Win.Allocate_shared{T}(long, Intracomm)"/>: every rank's part can be
		/// copied directly.</summary>
		public bool IsShared { get { return shared; } }

		/// <summary>Elements of rank <paramref name="rank"/>'s part of a shared-memory window
		/// (MPI_Win_shared_query).</summary>
		/// <param name="rank">A rank of the window's communicator.</param>
		/// <returns>The number of elements that rank allocated.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="rank"/> is not a rank of the window.</exception>
		/// <exception cref="InvalidOperationException">The window is not a shared-memory window.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public long Shared_query (int rank)
		{
			if (!shared)
				throw Error (Errors.EWINSHARED, "Win.Shared_query", null, rank);
			int du;
			return Bytes (rank, out du) / du;
		}

		/// <summary>Copies <paramref name="count"/> elements of rank <paramref name="rank"/>'s part of a
		/// shared-memory window from <paramref name="index"/> into <paramref name="dest"/> from
		/// <paramref name="offset"/>: a plain copy of memory, no MPI call.  It sees another rank's stores only
		/// after a synchronisation (see <see cref="Win.Allocate_shared{T}(long, Intracomm)"/>).</summary>
		/// <param name="rank">The rank whose part is read.</param>
		/// <param name="index">First element of that rank's part.</param>
		/// <param name="dest">Receives the elements.</param>
		/// <param name="offset">First element of <paramref name="dest"/>.</param>
		/// <param name="count">Elements to copy.</param>
		/// <exception cref="ArgumentNullException"><paramref name="dest"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A range outside <paramref name="dest"/> or that rank's part,
		/// or a rank not in the window.</exception>
		/// <exception cref="InvalidOperationException">The window is not a shared-memory window.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public void CopyTo (int rank, long index, T[] dest, int offset, int count)
		{
			Copy (rank, index, dest, offset, count, 0, "CopyTo");
		}

		/// <summary>Copies <paramref name="count"/> elements of <paramref name="src"/> from <paramref name="offset"/>
		/// into rank <paramref name="rank"/>'s part of a shared-memory window from <paramref name="index"/>: a plain
		/// copy of memory, no MPI call.  Other ranks see it after a synchronisation (see
		/// <see cref="Win.Allocate_shared{T}(long, Intracomm)"/>).</summary>
		/// <param name="src">The elements.</param>
		/// <param name="offset">First element of <paramref name="src"/>.</param>
		/// <param name="count">Elements to copy.</param>
		/// <param name="rank">The rank whose part is written.</param>
		/// <param name="index">First element of that rank's part.</param>
		/// <exception cref="ArgumentNullException"><paramref name="src"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A range outside <paramref name="src"/> or that rank's part,
		/// or a rank not in the window.</exception>
		/// <exception cref="InvalidOperationException">The window is not a shared-memory window.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public void CopyFrom (T[] src, int offset, int count, int rank, long index)
		{
			Copy (rank, index, src, offset, count, 1, "CopyFrom");
		}

		/// <summary>Element <paramref name="index"/> of this rank's part (one copy each way; use
		/// <c>CopyTo</c>/<c>CopyFrom</c> for runs).</summary>
		/// <param name="index">0 to <see cref="Length"/> - 1.</param>
		/// <returns>The element.</returns>
		/// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside this rank's part.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public T this[long index] {
			get {
				T[] one = One ();
				Copy (-1, index, one, 0, 1, 0, "this[]");
				return one[0];
			}
			set {
				T[] one = One ();
				one[0] = value;
				Copy (-1, index, one, 0, 1, 1, "this[]");
			}
		}

		// The one-element array the indexer copies an element through: one per thread and element type, so an access
		// allocates nothing.
		[ThreadStatic] static T[] scratch;

		static T[] One ()
		{
			return scratch ?? (scratch = new T[1]);
		}

		/// <summary>Copies <paramref name="count"/> elements of this rank's part from <paramref name="index"/> into
		/// <paramref name="dest"/> from <paramref name="offset"/>.</summary>
		/// <param name="index">First element of the window.</param>
		/// <param name="dest">Receives the elements.</param>
		/// <param name="offset">First element of <paramref name="dest"/>.</param>
		/// <param name="count">Elements to copy.</param>
		/// <exception cref="ArgumentNullException"><paramref name="dest"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A range outside <paramref name="dest"/> or the window.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public void CopyTo (long index, T[] dest, int offset, int count)
		{
			Copy (-1, index, dest, offset, count, 0, "CopyTo");
		}

		/// <summary>Copies <paramref name="count"/> elements of <paramref name="src"/> from <paramref name="offset"/>
		/// into this rank's part from <paramref name="index"/>.</summary>
		/// <param name="src">The elements.</param>
		/// <param name="offset">First element of <paramref name="src"/>.</param>
		/// <param name="count">Elements to copy.</param>
		/// <param name="index">First element of the window.</param>
		/// <exception cref="ArgumentNullException"><paramref name="src"/> is null.</exception>
		/// <exception cref="ArgumentOutOfRangeException">A range outside <paramref name="src"/> or the window.</exception>
		/// <exception cref="ObjectDisposedException">The window has been freed.</exception>
		public void CopyFrom (T[] src, int offset, int count, long index)
		{
			Copy (-1, index, src, offset, count, 1, "CopyFrom");
		}

		// rank < 0: this rank's part.
		void Copy (int rank, long index, T[] arr, int offset, int count, int toWindow, string what)
		{
			if (arr == null)
				throw new ArgumentNullException (toWindow != 0 ? "src" : "dest");
			if (offset < 0 || count < 0 || count > arr.Length - offset)
				throw new ArgumentOutOfRangeException ("offset", "Win." + what + ": offset and count lie outside the array (length " + arr.Length + ")");
			int h = Handle (what);
			if (rank >= 0 && !shared)
				throw Error (Errors.EWINSHARED, "Win." + what, arr, rank);
			long n = rank < 0 ? length : Shared_query (rank);
			if (index < 0 || count > n - index)
				throw new ArgumentOutOfRangeException ("index", index, "Win." + what + ": index and count lie outside " +
					(rank < 0 ? "this rank's part" : "rank " + rank + "'s part") + " of the window (" + n + " elements)");
			int rc = MPDirect.WinCopy (h, rank, index, arr, offset, count, toWindow);
			if (rc != 0)
				throw Error (rc, "Win." + what, arr, rank);
		}
	}
}
