// Request: a non-blocking operation in flight.
//
// The runtime owns the operation from Isend/Irecv until it completes; this object only learns the result.
// Completion is found by Wait/Test -- or by the garbage collector, which at every collection completes the
// operations that have finished, writes their result here and releases their buffers' pins, whether or not the
// program ever calls Wait and whether or not it still holds the Request.  Dropping a Request is therefore
// safe: nothing leaks, no pin stays behind.  (Request has no finalizer: a finalizable object costs ~0.5 us to
// allocate in Mono, more than a whole small-message round trip.)
using System.Runtime.CompilerServices;
using System.Threading;

namespace System.MP
{
	public class Request
	{
		// Written by the runtime (gc-hooks/pin.c looks the fields up by name).
		internal int slot = -1, gen;
		internal int done;            // 1 once rc and result hold the completion
		internal int rc;
		internal StatusData result;

		bool consumed;                // the program has been told of the completion (MPI: the request is null)
		bool freed;

		internal Request () { }

		// The Request of this thread's next Isend/Irecv, made while a Wait had time to spare: in a message exchange
		// the allocation then happens while the thread waits for its peer, not between learning that a message
		// arrived and posting the reply.
		[ThreadStatic] static Request spare;

		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		internal static Request Fresh ()
		{
			Request r = spare;
			if (r == null)
				return new Request ();
			spare = null;
			return r;
		}

		// Called by a Wait that is about to call MPI: the time it may spend waiting pays for the next allocation.
		[MethodImpl (MethodImplOptions.AggressiveInlining)]
		static void MakeSpare ()
		{
			if (spare == null)
				spare = new Request ();
		}

		internal bool Active { get { return (slot >= 0 || IsDeferred) && !consumed && !freed; } }

		// A request whose operation starts only when it is tested or waited for (ORequest: the matched receive
		// of an object message).  It has no slot; the virtual methods below complete it.
		internal virtual bool IsDeferred { get { return false; } }

		// Tests (wait == false) or waits for the operation; f tells whether it completed.  Returns a code to throw
		// for, or 0 (the operation's own error, if any, is in rc).
		internal virtual int CompleteNative (bool wait, bool wantStatus, out int f)
		{
			// 1: wait rather than test; 2: the status is wanted (converting it costs two MPI calls).
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

		void Complete (bool wait, Status status, out bool flag, string op)
		{
			flag = true;
			if (!consumed && !freed && Volatile.Read (ref done) == 0) {
				if (wait)
					MakeSpare ();
				int f;
				int code = CompleteNative (wait, status != null, out f);
				if (code != 0)
					throw Errors.Make (code, null, null, 0, 0, null);
				flag = f != 0;
				if (!flag)
					return;
			}
			bool first = !consumed;
			consumed = true;
			if (status != null)
				status.data = first && !freed ? result : default (StatusData);
			if (first && !freed && rc != 0)
				throw ResultException (op);
		}

		[MethodImpl (MethodImplOptions.AggressiveInlining)] // Comm.cs: the per-message operations are inlined
		public void Wait ()
		{
			// The common case in one internal call: an operation the runtime posted (an ORequest has no slot),
			// its completion not yet consumed, no status wanted.  Waiting always completes it (MPI_Wait).
			if (slot >= 0 && !consumed && !freed) {
				if (Volatile.Read (ref done) == 0) {
					MakeSpare ();
					int f;
					int code = MPDirect.RequestComplete (this, slot, gen, 1, out f);
					if (code != 0)
						throw Errors.Make (code, null, null, 0, 0, null);
				}
				consumed = true;
				if (rc != 0)
					throw ResultException ("Wait");
				return;
			}
			bool completed;
			Complete (true, null, out completed, "Wait");
		}

		public void Wait (Status status) { bool f; Complete (true, status, out f, "Wait"); }
		public bool Test () { bool f; Complete (false, null, out f, "Test"); return f; }
		public bool Test (Status status) { bool f; Complete (false, status, out f, "Test"); return f; }

		/// <summary>Asks MPI to cancel the operation; it must still be completed (Wait/Test), and
		/// Status.Is_cancelled tells whether it was.</summary>
		public void Cancel ()
		{
			if (!Active || Volatile.Read (ref done) != 0)
				return;
			int code = CancelNative ();
			if (code != 0)
				throw Errors.Make (code, null, null, 0, 0, null);
		}

		/// <summary>Gives the request up: the operation still completes, and the runtime completes it and
		/// releases its buffer, but its result is no longer available.</summary>
		public void Free ()
		{
			freed = true;
		}

		public static void Waitall (Request[] requests)
		{
			CompleteAll (requests, "Waitall");
		}

		static void CompleteAll (Request[] requests, string op)
		{
			if (requests == null)
				throw new ArgumentNullException ("requests");
			foreach (var r in requests)
				if (r != null) {
					bool f;
					r.Complete (true, null, out f, op);
				}
		}

		public static bool Testall (Request[] requests)
		{
			if (requests == null)
				throw new ArgumentNullException ("requests");
			// MPI semantics: complete none unless all have completed.  A request that is done (by Test, Wait or
			// the GC) stays done until it is consumed, so test each, then consume all.
			foreach (var r in requests)
				if (r != null && r.Active && Volatile.Read (ref r.done) == 0 && !r.Peek ())
					return false;
			CompleteAll (requests, "Testall");
			return true;
		}

		// Tests without consuming: the completion stays for a later Wait/Test.
		bool Peek ()
		{
			int f;
			int code = CompleteNative (false, true, out f); // keeps the status for a later Wait
			if (code != 0)
				throw Errors.Make (code, null, null, 0, 0, null);
			return f != 0;
		}

		/// <summary>Waits until one request completes and returns its index (status filled), or
		/// MPI.UNDEFINED when none is active.</summary>
		public static int Waitany (Request[] requests, Status status)
		{
			if (requests == null)
				throw new ArgumentNullException ("requests");
			foreach (var r in requests)
				if (r != null && r.Active && r.IsDeferred)
					return PollAny (requests, status);
			for (;;) {
				// One already complete wins at once.
				for (int i = 0; i < requests.Length; i++) {
					var r = requests[i];
					if (r != null && r.Active && Volatile.Read (ref r.done) != 0) {
						bool f;
						r.Complete (true, status, out f, "Waitany");
						return i;
					}
				}
				int index;
				int code = MPDirect.Waitany (requests, out index);
				if (code != 0)
					throw Errors.Make (code, null, null, 0, 0, null);
				if (index >= 0) {
					bool f;
					requests[index].Complete (true, status, out f, "Waitany");
					return index;
				}
				bool anyActive = false;
				foreach (var r in requests)
					anyActive |= r != null && r.Active;
				if (!anyActive)
					return MPI.UNDEFINED;
			}
		}

		// Waitany over a set holding deferred requests (ORequest), which no MPI call can wait for: poll them all.
		static int PollAny (Request[] requests, Status status)
		{
			for (;;) {
				bool anyActive = false;
				for (int i = 0; i < requests.Length; i++) {
					var r = requests[i];
					if (r == null || !r.Active)
						continue;
					anyActive = true;
					if (Volatile.Read (ref r.done) != 0 || r.Peek ()) {
						bool f;
						r.Complete (true, status, out f, "Waitany");
						return i;
					}
				}
				if (!anyActive)
					return MPI.UNDEFINED;
				Thread.Yield ();
			}
		}

		/// <summary>Waits until at least one request completes, completes every request that has, and returns
		/// their indices (empty when none is active).</summary>
		public static int[] Waitsome (Request[] requests, Status[] statuses)
		{
			int first = Waitany (requests, statuses != null && statuses.Length > 0 ? statuses[0] : null);
			if (first == MPI.UNDEFINED)
				return new int[0];
			var done = new System.Collections.Generic.List<int> { first };
			for (int i = 0; i < requests.Length; i++) {
				var r = requests[i];
				if (i != first && r != null && r.Active && r.Test (statuses != null && done.Count < statuses.Length ? statuses[done.Count] : null))
					done.Add (i);
			}
			return done.ToArray ();
		}
	}
}
