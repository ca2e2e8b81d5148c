// Request: a non-blocking operation in flight.
//
// The runtime owns the operation from Isend/Irecv until it completes; this object only learns the result.
// Completion is found by Wait/Test -- or by the garbage collector, which at every collection completes the
// operations that have finished, writes their result here and releases their buffers' pins, whether or not the
// program ever calls Wait and whether or not it still holds the Request.  Dropping a Request is therefore
// safe: nothing leaks, no pin stays behind.  (Request has no finalizer: a finalizable object costs ~0.5 us to
// allocate in Mono, more than a whole small-message round trip.)
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;

namespace System.MP
{
	/// <summary>A non-blocking operation in flight (Isend, Irecv, Issend, OIsend; <see cref="ORequest"/> for OIrecv).
	/// Complete it with <see cref="Wait()"/> or <see cref="Test()"/>, or with the static Waitall, Waitany, Waitsome,
	/// Testall.</summary>
	/// <remarks>The runtime owns the operation until it completes: the buffer stays in place and alive, and a garbage
	/// collection completes finished operations and releases their buffers even if the program never waits, so
	/// dropping a Request leaks nothing.  The first Wait or Test that sees the completion reports it (and raises the
	/// operation's error, if any); later calls return at once with an empty status.  Requests made by
	/// <see cref="Comm.Isend(object,int,int)"/> and the like cannot be created directly.</remarks>
	[StructLayout (LayoutKind.Explicit)]
	public partial class Request
	{
		// At fixed offsets the runtime writes (gc-hooks/req-internal.h, MOTOR_REQ_GEN ...; checked against Mono's
		// layout when motor starts): 40 bytes.  The runtime writes all but `ended`, which only the program's thread
		// writes (the runtime too, in the Waitall it called).  `gen` and `slot` are the slot's handle, which the
		// runtime writes as one word.
		[FieldOffset (0)] internal int gen;
		[FieldOffset (4)] internal int slot = -1;
		[FieldOffset (8)] internal byte done;    // 1 once rc and result hold the completion
		[FieldOffset (9)] internal byte send;    // 1 for a send (Isend, Issend, OIsend): Cancel refuses it
		[FieldOffset (10)] internal byte ended;  // ConsumedBit, FreedBit: 0 while the program may still learn of the completion
		[FieldOffset (12)] internal int rc;
		[FieldOffset (16)] internal StatusData result;
		// The envelope of an Isend or Irecv, over the first two words of `result` (Fresh (peer, tag)): fields of
		// their own, as Mono's JIT computes the address of a struct field before each store into it.
		[FieldOffset (16)] internal int envelopePeer;
		[FieldOffset (20)] internal int envelopeTag;

		// `slot`, `done`, `send` and `ended` read as one word (the runtime and the collector's hook write the
		// fields, never this), so that the common Wait and Test tell with one test that the runtime posted the
		// operation (slot >= 0) and that it has neither completed nor been reported: (state & Posted) == 0, written
		// out where it is tested (as a property, Mono's JIT would make a bool of it first).
		[FieldOffset (4)] ulong state;
		const ulong Posted = 0x00ff00ff80000000UL; // slot's sign, done, ended

		// What MPI reports for a null or inactive request (MPI-4.0 §3.7.3): source ANY_SOURCE, tag ANY_TAG,
		// no error, no bytes, not cancelled.
		internal static readonly StatusData EmptyStatus = new StatusData { source = MPI.ANY_SOURCE, tag = MPI.ANY_TAG };

		// The bits of `ended`: the program has been told of the completion (MPI: the request is null); the program
		// gave the request up (Free).
		internal const byte ConsumedBit = 1, FreedBit = 2;

		internal bool IsConsumed { get { return (ended & ConsumedBit) != 0; } }

		internal bool IsFreed { get { return (ended & FreedBit) != 0; } }

		internal Request () { }

		// The Request of an Isend or Irecv to or from `peer` with `tag`, which the runtime reads from its status
		// (gc-hooks/motor-pin.h, motor_pin_envelope): two arguments fewer, so that every argument of the call
		// goes in a register.  A completion writes the matched message's status over it, unless nobody will read
		// the status; then the envelope stays, as the error of a failed completion reports it.
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		internal static Request Fresh (int peer, int tag)
		{
			var r = new Request ();
			r.SetEnvelope (peer, tag);
			return r;
		}

		// The same for a persistent request's Start.
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		internal void SetEnvelope (int peer, int tag)
		{
			envelopePeer = peer;
			envelopeTag = tag;
		}

		// Completes the operation without reporting it, as a collection does: the program's Wait or Test reports it
		// later.  It tests until the operation completes, yielding in between (and while a Wait of the program on
		// another thread holds the slot).  Each test holds the slot as a collection does, so a Wait or Test of the
		// program meanwhile waits for it to end rather than being refused as a second thread completing the request.
		internal void Settle ()
		{
			while (slot >= 0 && !IsFreed && Volatile.Read (ref done) == 0) {
				int code = MPDirect.RequestSettle (this);
				if (code != 0 && code != Errors.EBUSY)
					return; // completed, or an error the program's Wait or Test will meet too
				Thread.Yield ();
			}
		}

		internal bool Active { get { return (slot >= 0 || IsDeferred) && ended == 0; } }

		// A request whose operation starts only when it is tested or waited for (ORequest: the matched receive
		// of an object message).  It has no slot; the virtual methods below complete it.
		internal virtual bool IsDeferred { get { return false; } }

		// Tests (wait == false) or waits for the operation; f tells whether it completed.  Returns a code to throw
		// for, or 0 (the operation's own error, if any, is in rc).
		internal virtual int CompleteNative (bool wait, bool wantStatus, out int f)
		{
			// 1: wait rather than test; 2: the status is wanted (converting it costs two MPI calls under Open MPI).
			return MPDirect.RequestComplete (this, slot, gen, (wait ? 1 : 0) | (wantStatus ? 2 : 0), out f);
		}

		internal virtual int CancelNative ()
		{
			return MPDirect.RequestCancel (slot, gen);
		}

		// The exception for a completed operation with rc != 0; op is the operation the program called.
		internal virtual Exception ResultException (string op)
		{
			if (Errors.IsTruncation (rc)) {
				// What the receive posted: still in its slot unless the slot has been reused since.
				long count;
				int dt;
				if (slot < 0 || MPDirect.RequestPosted (slot, gen, out count, out dt) != 0)
					count = dt = -1;
				return Errors.TruncatedDt (rc, op + " (of an Irecv)", result, count, dt);
			}
			return Errors.Make (rc, null, null, result.source, result.tag, "source");
		}

		// A test that found the operation in flight: the object receives waiting unmatched are tested too
		// (ORequest.Poll).  Out of line, so that the inlined Test costs its callers nothing more.
		[MethodImpl (MethodImplOptions.NoInlining)]
		static bool NotYet ()
		{
			ORequest.Poll ();
			return false;
		}

		// A wait the runtime did not block in because object receives wait unmatched (Errors.EPOLL; ORequest): tests
		// this request, and them, until it completes.  Any other code is thrown.
		[MethodImpl (MethodImplOptions.NoInlining)]
		void PollOrThrow (int code)
		{
			if (code != Errors.EPOLL)
				throw Errors.Make (code, null, null, 0, 0, null);
			for (int spins = 0; Volatile.Read (ref done) == 0 && !Peek (); spins++) {
				ORequest.ProgressUnmatched ();
				if (spins >= 64)
					Thread.Yield ();
			}
		}

		// Throws the exception for rc != 0, if there is one: the completion of a non-blocking collective with a
		// user-defined operator has none when the operator threw nothing (CollRequest).
		[MethodImpl (MethodImplOptions.NoInlining)]
		void Raise (string op)
		{
			Exception e = ResultException (op);
			if (e != null)
				throw e;
		}

		// The rc of a request made of others (a persistent collective, Isendrecv) whose part raised at its
		// completion: the part's exception is raised instead (ResultException).
		internal const int PartFailed = -1;

		// Completes `part`, one of the requests this one is made of; true once it has completed.  The exception its
		// completion raised goes into `error` (the first one kept); one raised before any completion (another thread
		// completing it, MPI finalized) propagates, the part still in flight.
		internal static bool CompletePart (Request part, bool wait, Status status, string op, ref Exception error)
		{
			bool flag;
			try {
				part.Complete (wait, status, out flag, op);
			} catch (Exception e) {
				if (!part.IsConsumed)
					throw;
				error = error ?? e;
				flag = true;
			}
			return flag;
		}

		internal void Complete (bool wait, Status status, out bool flag, string op)
		{
			flag = true;
			if (ended == 0 && Volatile.Read (ref done) == 0) {
				// An operation the runtime posted (an ORequest, the one override, has no slot) is completed by the
				// internal call directly: the virtual call costs as much again as the rest of this method.
				int f;
				int code = slot >= 0
					? MPDirect.RequestComplete (this, slot, gen, (wait ? 1 : 0) | (status != null ? 2 : 0), out f)
					: CompleteNative (wait, status != null, out f);
				if (code != 0) {
					PollOrThrow (code);
					f = 1;
				}
				flag = f != 0;
				if (!flag) {
					if (slot >= 0)
						ORequest.Poll (); // an ORequest's own test has tested the others already
					return;
				}
			}
			bool first = ended == 0;
			ended |= ConsumedBit;
			if (status != null)
				status.data = first ? result : EmptyStatus;
			if (first && rc != 0)
				Raise (op);
		}

		/// <summary>Waits until the operation completes (MPI_Wait).  Returns at once if it has completed and been
		/// reported already, or the request was freed.</summary>
		/// <exception cref="MPIException">The operation failed in the MPI library; for a receive, <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message was longer than the buffer.  Raised once,
		/// by the call that learns of the completion.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt (malformed data, a type this program does not have or whose layout
		/// differs, a message above the size limit).</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing the same request at this moment
		/// (MPI forbids it); or MPI has been finalized.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)] // Comm.cs: the per-message operations are inlined
		public void Wait ()
		{
			// The common case in one direct call: an operation the runtime posted (an ORequest has no slot),
			// its completion not yet consumed, no status wanted.  Waiting always completes it (MPI_Wait).
			if ((state & Posted) == 0) {
				int code = Direct.RequestWait (this);
				if (code != 0)
					PollOrThrow (code);
				ended = ConsumedBit; // was 0
				if (rc != 0)
					Raise ("Wait");
				return;
			}
			WaitAs ("Wait"); // everything but the common case, out of line
		}

		/// <summary>Waits until the operation completes and fills <paramref name="status"/> (MPI_Wait).</summary>
		/// <param name="status">Filled with the source, tag and size of a received message (and whether the operation
		/// was cancelled); for an inactive request MPI's empty status.  May be null.</param>
		/// <remarks>Once the completion has been reported (by an earlier Wait or Test), the request is inactive:
		/// waiting again returns at once with MPI's empty status (source MPI.ANY_SOURCE, tag MPI.ANY_TAG, count 0, not
		/// cancelled).</remarks>
		/// <exception cref="MPIException">The operation failed in the MPI library; for a receive, <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message was longer than the buffer.  Raised once,
		/// by the call that learns of the completion.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt (malformed data, a type this program does not have or whose layout
		/// differs, a message above the size limit).</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing the same request at this moment
		/// (MPI forbids it); or MPI has been finalized.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public void Wait (Status status)
		{
			// The common case in one direct call, as in Wait ().
			if (status != null && (state & Posted) == 0) {
				int code = Direct.RequestWaitStatus (this);
				if (code != 0)
					PollOrThrow (code);
				ended = ConsumedBit; // was 0
				status.data = result;
				if (rc != 0)
					Raise ("Wait");
				return;
			}
			bool f;
			Complete (true, status, out f, "Wait");
		}
		/// <summary>Whether the operation has completed, without waiting (MPI_Test).</summary>
		/// <returns>True if it has completed (now or before: an inactive request tests true); false if it is still in
		/// flight.</returns>
		/// <exception cref="MPIException">The operation failed in the MPI library; for a receive, <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message was longer than the buffer.  Raised once,
		/// by the call that learns of the completion.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt (malformed data, a type this program does not have or whose layout
		/// differs, a message above the size limit).</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing the same request at this moment
		/// (MPI forbids it); or MPI has been finalized.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public bool Test ()
		{
			// The common case in one direct call, as in Wait ().
			if ((state & Posted) == 0) {
				int code = Direct.RequestTest (this);
				if (code < 0)
					throw Errors.Make (code, null, null, 0, 0, null);
				if (code == 0)
					return NotYet ();
				ended = ConsumedBit; // was 0
				if (rc != 0)
					Raise ("Test");
				return true;
			}
			bool f;
			Complete (false, null, out f, "Test");
			return f;
		}
		/// <summary>Whether the operation has completed, without waiting; fills <paramref name="status"/> if
		/// so.</summary>
		/// <param name="status">Filled as for <see cref="Wait(Status)"/> when the result is true; may be null.</param>
		/// <returns>True if it has completed (now or before: an inactive request tests true); false if it is still in
		/// flight.</returns>
		/// <exception cref="MPIException">The operation failed in the MPI library; for a receive, <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message was longer than the buffer.  Raised once,
		/// by the call that learns of the completion.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt (malformed data, a type this program does not have or whose layout
		/// differs, a message above the size limit).</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing the same request at this moment
		/// (MPI forbids it); or MPI has been finalized.</exception>
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		public bool Test (Status status)
		{
			// The common case in one direct call, as in Wait ().
			if (status != null && (state & Posted) == 0) {
				int code = Direct.RequestTestStatus (this);
				if (code < 0)
					throw Errors.Make (code, null, null, 0, 0, null);
				if (code == 0)
					return NotYet ();
				ended = ConsumedBit; // was 0
				status.data = result;
				if (rc != 0)
					Raise ("Test");
				return true;
			}
			bool f;
			Complete (false, status, out f, "Test");
			return f;
		}

		/// <summary>Asks MPI to cancel a receive; it must still be completed (Wait/Test), and Status.Is_cancelled
		/// tells whether it was.</summary>
		/// <remarks>Does nothing for a receive that has completed or been freed.</remarks>
		/// <exception cref="NotSupportedException">The request is a send (Isend, Issend, OIsend) or a non-blocking
		/// collective (Ibcast, ...).  The request is
		/// unchanged and completes as usual once the message has been delivered.</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing the request at this
		/// moment.</exception>
		/// <exception cref="MPIException">The MPI library refused to cancel.</exception>
		public void Cancel ()
		{
			if (send == CollRequest.Collective)
				throw new NotSupportedException ("a non-blocking collective cannot be cancelled (MPI forbids it: every " +
					"rank takes part).  The request is unchanged: complete it with Wait or Test.");
			if (send != 0)
				throw new NotSupportedException ("a send cannot be cancelled: MPI-4 deprecates cancelling sends, and " +
					"the MPI library cannot withdraw a message it may already have delivered (MPICH with UCX and Open " +
					"MPI never do, so a Wait after Cancel would hang until the peer receives).  The request is unchanged " +
					"and completes when the peer receives the message.  Instead, let the peer receive and discard it " +
					"(for example by a message that tells it so), or wait with Test and give up on the request " +
					"(Request.Free) if it never completes.");
			if (!Active || Volatile.Read (ref done) != 0)
				return;
			int code = CancelNative ();
			if (code != 0)
				throw Errors.Make (code, null, null, 0, 0, null);
		}

		/// <summary>Gives the request up: the operation still completes, and the runtime completes it and
		/// releases its buffer, but its result is no longer available.</summary>
		/// <remarks>Never raises.  Wait and Test return at once afterwards.</remarks>
		public void Free ()
		{
			ended |= FreedBit;
			Freed ();
		}

		// A request whose operation only its tests make progress (an ORequest) keeps itself alive once freed.
		internal virtual void Freed () { }

		/// <summary>Waits for every request of <paramref name="requests"/> in turn (null entries and inactive
		/// requests count as complete, as in MPI).</summary>
		/// <param name="requests">The requests.</param>
		/// <exception cref="ArgumentNullException"><paramref name="requests"/> is null.</exception>
		/// <exception cref="MPIException">The operation failed in the MPI library; for a receive, <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message was longer than the buffer.  Raised once,
		/// by the call that learns of the completion.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt (malformed data, a type this program does not have or whose layout
		/// differs, a message above the size limit).</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing the same request at this moment
		/// (MPI forbids it); or MPI has been finalized.</exception>
		/// <remarks>When a request raises, the ones after it in the array have not been waited for: call Waitall again
		/// (the completed ones return at once).</remarks>
		public static void Waitall (Request[] requests)
		{
			CompleteAll (requests, "Waitall");
		}

		// Waitall, and Testall once all have completed: the runtime waits for each request in turn as Wait () does, in
		// one internal call for the whole array, and stops at one it leaves to this loop.
		static void CompleteAll (Request[] requests, string op)
		{
			if (requests == null)
				throw new ArgumentNullException ("requests");
			for (int from = 0; from < requests.Length;) {
				int at;
				int code = Direct.RequestWaitall (requests, from, out at);
				if (code == 0)
					return;
				if (code == Errors.EPOLL) { // object receives wait unmatched: test all, with them
					SettleAll (requests);
					continue;
				}
				if (code < 0)
					throw Errors.Make (code, null, null, 0, 0, null);
				Request r = requests[at];
				if (r != null) {
					if (code == 1)
						r.WaitAs (op);
					else
						r.Raise (op); // reported by the runtime; raises unless a user operator's ran clean
				}
				from = at + 1;
			}
		}

		// Object receives wait unmatched (ORequest), which only tests make progress, and a wait would block: tests
		// every request until all have completed, without consuming any, as Testall does, and those receives with
		// them (ORequest.ProgressUnmatched).  Waiting for each in turn would leave such a receive in the array
		// behind a send it comes after, and two ranks exchanging large objects with OIsend and OIrecv would each
		// wait in its send for the other's receive.
		static void SettleAll (Request[] requests)
		{
			for (int spins = 0; !TestEvery (requests); spins++) // TestEvery tests those receives too
				if (spins >= 64)
					Thread.Yield ();
		}

		// Tests every request without reporting any (Peek), also those after one still in flight, so that each
		// makes progress; true when all have completed.  The runtime tests the ones it posted, in one internal call
		// that stops at each it leaves to Peek.
		static bool TestEvery (Request[] requests)
		{
			if (!ORequest.BeginSweep ())
				return TestEach (requests);
			try {
				return TestEach (requests);
			} finally {
				ORequest.EndSweep ();
			}
		}

		static bool TestEach (Request[] requests)
		{
			bool all = true;
			for (int from = 0;;) {
				int at;
				int code = Direct.RequestTestall (requests, from, out at);
				if (code == 3)
					return all;
				if (code == 0)
					return false;
				if (code < 0)
					throw Errors.Make (code, null, null, 0, 0, null);
				Request r = requests[at];
				if (r != null && r.Active && Volatile.Read (ref r.done) == 0 && !r.Peek ())
					all = false;
				from = at + 1;
			}
		}

		// Wait (), its exception naming `op`, the operation the program called: for a wait on several requests,
		// and for Wait ()'s own cases beyond the common one.  Out of line (its local would cost every caller of
		// Wait () a store); Wait () repeats the common case, as an inlined call inside an inlined method costs the
		// caller a copy of every argument (Comm.cs).
		[MethodImpl (MethodImplOptions.NoInlining)]
		void WaitAs (string op)
		{
			if (slot >= 0 && ended == 0) {
				if (Volatile.Read (ref done) == 0) {
					int code = Direct.RequestWait (this);
					if (code != 0)
						PollOrThrow (code);
				}
				ended = ConsumedBit; // was 0
				if (rc != 0)
					Raise (op);
				return;
			}
			bool f;
			Complete (true, null, out f, op);
		}

		/// <summary>Whether every request has completed; if so, completes them all (as <see cref="Waitall"/>), else
		/// completes none (MPI_Testall).  Null entries and inactive
		/// requests count as complete, as in MPI.</summary>
		/// <param name="requests">The requests.</param>
		/// <returns>True if every request had completed.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="requests"/> is null.</exception>
		/// <exception cref="MPIException">The operation failed in the MPI library; for a receive, <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message was longer than the buffer.  Raised once,
		/// by the call that learns of the completion.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt (malformed data, a type this program does not have or whose layout
		/// differs, a message above the size limit).</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing the same request at this moment
		/// (MPI forbids it); or MPI has been finalized.</exception>
		public static bool Testall (Request[] requests)
		{
			if (requests == null)
				throw new ArgumentNullException ("requests");
			// MPI semantics: complete none unless all have completed.  A request that is done (by Test, Wait or
			// the GC) stays done until it is consumed, so test each, then consume all.  Each is tested, even after
			// one still in flight: an object receive makes progress only when tested, and a send before it in the
			// array may wait for the peer's receive.
			if (!TestEvery (requests))
				return false; // TestEvery has tested the object receives waiting unmatched too
			CompleteAll (requests, "Testall");
			return true;
		}

		// Tests without consuming: the completion stays, with its status, for a later Wait/Test.  An operation the
		// runtime posted is tested by Test (Status)'s internal call, which reports nothing either: only `ended`, which
		// managed code sets, consumes a completion.
		internal bool Peek ()
		{
			if (slot >= 0) {
				int got = Direct.RequestTestStatus (this); // 1: completed, 0: in flight, < 0: an error code
				if (got < 0)
					throw Errors.Make (got, null, null, 0, 0, null);
				return got != 0;
			}
			int f;
			int code = CompleteNative (false, true, out f);
			if (code != 0)
				throw Errors.Make (code, null, null, 0, 0, null);
			return f != 0;
		}

		/// <summary>Waits until one request completes and returns its index (status filled), or MPI.UNDEFINED when none
		/// is active.</summary>
		/// <param name="requests">The requests; null entries and requests whose completion has already been reported
		/// are skipped, as MPI skips null and inactive requests.</param>
		/// <param name="status">Filled for the completed request as by <see cref="Wait(Status)"/>; with the empty
		/// status when none is active.  May be null.</param>
		/// <returns>The index of the request that completed, or <see cref="MPI.UNDEFINED"/>.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="requests"/> is null.</exception>
		/// <exception cref="MPIException">The operation failed in the MPI library; for a receive, <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message was longer than the buffer.  Raised once,
		/// by the call that learns of the completion.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt (malformed data, a type this program does not have or whose layout
		/// differs, a message above the size limit).</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing the same request at this moment
		/// (MPI forbids it); or MPI has been finalized.</exception>
		public static int Waitany (Request[] requests, Status status)
		{
			return WaitanyAs (requests, status, "Waitany");
		}

		// Waitany, its errors naming op (Waitsome starts with one).
		static int WaitanyAs (Request[] requests, Status status, string op)
		{
			if (requests == null)
				throw new ArgumentNullException ("requests");
			foreach (var r in requests)
				if (r != null && r.Active && r.IsDeferred)
					return PollAny (requests, status, op);
			for (;;) {
				// One already complete wins at once.
				for (int i = 0; i < requests.Length; i++) {
					var r = requests[i];
					if (r != null && r.Active && Volatile.Read (ref r.done) != 0) {
						RefuseTwice (requests, i);
						bool f;
						r.Complete (true, status, out f, op);
						return i;
					}
				}
				int index;
				int code = Direct.Waitany (requests, out index);
				if (code == Errors.EPOLL) // object receives wait unmatched: poll these with them
					return PollAny (requests, status, op);
				if (code != 0)
					throw Errors.Make (code, null, null, 0, 0, null);
				if (index >= 0) {
					bool f;
					requests[index].Complete (true, status, out f, op);
					return index;
				}
				bool anyActive = false;
				foreach (var r in requests)
					anyActive |= r != null && r.Active;
				if (!anyActive)
					return Inactive (status);
			}
		}

		// Waitany over requests none of which is active: MPI.UNDEFINED and the empty status.
		static int Inactive (Status status)
		{
			if (status != null)
				status.data = EmptyStatus;
			return MPI.UNDEFINED;
		}

		// Waitany over a set holding deferred requests (ORequest), which no MPI call can wait for: poll them all.
		static int PollAny (Request[] requests, Status status, string op)
		{
			for (;;) {
				bool anyActive;
				int i = FirstDone (requests, status, op, true, out anyActive);
				if (i >= 0)
					return i;
				if (!anyActive)
					return Inactive (status);
				Thread.Yield (); // FirstDone has tested the object receives waiting unmatched too
			}
		}

		/// <summary>One pass over <paramref name="requests"/>: completes the first active one that has completed and
		/// returns its index, else -1.  <paramref name="anyActive"/> tells whether any was active.  With
		/// <paramref name="once"/> (the waits), a request found there twice is refused instead.</summary>
		internal static int FirstDone (Request[] requests, Status status, string op, bool once, out bool anyActive)
		{
			if (!ORequest.BeginSweep ())
				return FirstDoneOf (requests, status, op, once, out anyActive);
			try {
				return FirstDoneOf (requests, status, op, once, out anyActive);
			} finally {
				ORequest.EndSweep ();
			}
		}

		static int FirstDoneOf (Request[] requests, Status status, string op, bool once, out bool anyActive)
		{
			anyActive = false;
			for (int i = 0; i < requests.Length; i++) {
				var r = requests[i];
				if (r == null || !r.Active)
					continue;
				anyActive = true;
				if (Volatile.Read (ref r.done) != 0 || r.Peek ()) {
					if (once)
						RefuseTwice (requests, i);
					bool f;
					r.Complete (true, status, out f, op);
					return i;
				}
			}
			return -1;
		}

		/// <summary>Refuses a set that holds request <paramref name="i"/> more than once, as the runtime refuses one
		/// whose requests it waits for (EDUPREQ): a completion found before any wait must not be the exception.</summary>
		static void RefuseTwice (Request[] requests, int i)
		{
			for (int j = i + 1; j < requests.Length; j++)
				if (ReferenceEquals (requests[j], requests[i]))
					throw Errors.Make (Errors.EDUPREQ, null, null, 0, 0, null);
		}

		/// <summary>Waits until at least one request completes, completes every request that has, and returns their
		/// indices (empty when none is active).</summary>
		/// <param name="requests">The requests; null entries and completed or freed requests are skipped.</param>
		/// <param name="statuses">Filled in the order of the returned indices (entry i for the i-th index); may be null
		/// or shorter than the result.</param>
		/// <returns>The indices of the requests completed by this call.</returns>
		/// <exception cref="ArgumentNullException"><paramref name="requests"/> is null.</exception>
		/// <exception cref="MPIException">An operation failed in the MPI library; for a receive, <see
		/// cref="MPIException.ErrorClass"/> MPI_ERR_TRUNCATE when the message was longer than the buffer.  Raised once.
		/// A failed operation is reported alone, as by <see cref="Testsome"/>: a call that finds it after another
		/// completion returns without it, and the next call raises for it.</exception>
		/// <exception cref="System.Runtime.Serialization.SerializationException">For an <see cref="ORequest"/>: the
		/// object message could not be rebuilt (malformed data, a type this program does not have or whose layout
		/// differs, a message above the size limit).</exception>
		/// <exception cref="InvalidOperationException">Another thread is completing the same request at this moment
		/// (MPI forbids it); or MPI has been finalized.</exception>
		public static int[] Waitsome (Request[] requests, Status[] statuses)
		{
			int first = WaitanyAs (requests, statuses != null && statuses.Length > 0 ? statuses[0] : null, "Waitsome");
			if (first == MPI.UNDEFINED)
				return new int[0];
			// The others that have completed, as Testsome finds them: one that failed is left to the next call.
			var done = new System.Collections.Generic.List<int> { first };
			try {
				CollectDone (requests, done);
			} catch (InvalidOperationException) {
				// Another thread is completing one of the others: this call reports what it has (the first
				// completion is consumed already and must not be lost to the exception).
			}
			Report (requests, done, 1, statuses, "Waitsome");
			return done.ToArray ();
		}
	}
}
