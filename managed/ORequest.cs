// ORequest: a non-blocking object receive (Comm.OIrecv).
//
// The size of an object message is unknown until it arrives, so nothing can be posted in advance.  OIrecv
// only records (source, tag, communicator); Test performs a non-blocking matched probe (MPI_Improbe) and, when a
// message has matched, receives it through its handle (MPI_Imrecv) and deserialises it; Wait does the same with
// a blocking matched probe (polled, then waiting in a GC-safe region).  A matched probe takes the message out of
// matching, so several OIrecv with ANY_SOURCE never receive the same message and never lose one.  Consequences
// worth knowing: which of several pending ORequests with overlapping wildcards gets which message depends on the
// order in which they are tested, not posted; Test may take as long as the transfer of a message that has already
// matched.  While ORequests wait unmatched, every wait of the process for a request polls and tests them too
// (ProgressUnmatched), since a peer may wait in a send for one of them, as for a posted receive.
using System.Collections.Generic;
using System.Runtime.Serialization;
using System.Threading;

namespace System.MP
{
	/// <summary>A non-blocking object receive (<see cref="Comm.OIrecv"/>); <see cref="Object"/> holds the received
	/// object once the request completes.</summary>
	/// <remarks>The size of an object message is unknown until it arrives, so nothing is posted in advance: the
	/// message is matched when the request is tested or waited for (a matched probe), so several ORequests with
	/// wildcards never receive the same message.  Which of several pending ORequests gets which message depends on the
	/// order they are tested in.  While an ORequest waits unmatched, every wait of this process in point-to-point
	/// communication (Wait, Waitall, Waitany, ..., blocking Send, Recv, Probe, Sendrecv, OSend, ORecv) polls instead
	/// of blocking and tests it too, so a peer that sends to it before receiving cannot wait for ever; the blocking
	/// collectives do not test it.  Cancelling one that has not matched always succeeds.</remarks>
	public unsafe class ORequest : Request
	{
		readonly int source, tag, comm;
		object received;
		Exception error;

		internal ORequest (int source, int tag, int comm)
		{
			this.source = source;
			this.tag = tag;
			this.comm = comm;
			lock (unmatched) {
				unmatched.Add (new WeakReference<ORequest> (this));
				Publish ();
			}
		}

		// The object receives waiting unmatched, which only their tests make progress: MPI would have posted a
		// receive for each, so a peer may wait for it in a send.  While there are any, a wait of this process that
		// would block polls instead (the runtime returns Errors.EPOLL) and tests them too (ProgressUnmatched).  Held
		// weakly: a dropped ORequest stops counting at the next collection.
		static readonly List<WeakReference<ORequest>> unmatched = new List<WeakReference<ORequest>> ();

		// How many there are (unmatched.Count, read without the lock).
		internal static volatile int Unmatched;

		// 1 while a thread tests this request: two matched probes for it at once could each take a message.
		int testing;

		// Under the lock: drops the requests that have matched, been cancelled or been collected, and tells the
		// runtime how many are left.
		static void Publish ()
		{
			unmatched.RemoveAll (w => {
				ORequest q;
				return !w.TryGetTarget (out q) || Volatile.Read (ref q.done) != 0;
			});
			if (Unmatched != unmatched.Count) {
				Unmatched = unmatched.Count;
				MPDirect.SetUnmatchedObjectReceives (Unmatched);
			}
		}

		static void Matched ()
		{
			lock (unmatched)
				Publish ();
		}

		// Tests every object receive waiting unmatched that no other thread is testing: called by a wait that polls
		// instead of blocking.  It allocates nothing (it runs at every round of a poll); a request that matches
		// meanwhile leaves the list, and the one after it waits for the next round.
		internal static void ProgressUnmatched ()
		{
			for (int i = 0;; i++) {
				ORequest q = null;
				lock (unmatched) {
					if (i >= unmatched.Count)
						return;
					unmatched[i].TryGetTarget (out q);
				}
				int f;
				if (q != null && Volatile.Read (ref q.done) == 0 && Interlocked.CompareExchange (ref q.testing, 1, 0) == 0) {
					try {
						q.Progress (false, out f); // an error stays with the request, for its own Wait or Test
					} finally {
						Volatile.Write (ref q.testing, 0);
					}
				}
			}
		}

		/// <summary>The received object (the root of its graph) once the request has completed.</summary>
		/// <remarks>Null until then, and when null was sent.</remarks>
		public object Object { get { return received; } }

		internal override bool IsDeferred { get { return true; } }

		internal override int CompleteNative (bool wait, bool wantStatus, out int f)
		{
			for (int spins = 0;; spins++) {
				if (Volatile.Read (ref done) != 0) {
					f = 1;
					return 0;
				}
				if (Interlocked.CompareExchange (ref testing, 1, 0) == 0) {
					int code;
					try {
						// A wait blocks in the matched probe only when no other object receive waits unmatched.
						code = Progress (wait && Unmatched <= 1, out f);
					} finally {
						Volatile.Write (ref testing, 0);
					}
					if (f != 0 || code != 0 || !wait)
						return code;
				} else if (!wait) {
					f = 0; // another thread's wait is testing it
					return 0;
				}
				ProgressUnmatched ();
				if (spins >= 64)
					Thread.Yield ();
			}
		}

		// One matched probe (blocking when `wait`); on a match, receives the message and completes the request.
		int Progress (bool wait, out int f)
		{
			StatusData st = default (StatusData);
			int flag, code;
			object o = MPDirect.OIrecvProgress (source, tag, comm, wait ? 1 : 0, out flag, &st, out code);
			f = flag;
			if (flag == 0)
				return code; // nothing matched yet, or the probe itself was refused
			// Matched and consumed: the request is complete, with or without an error.
			received = o;
			result = st;
			rc = code;
			if (code != 0)
				error = Errors.Make (code, null, null, st.source, st.tag, "source");
			Volatile.Write (ref done, 1);
			Matched ();
			return 0;
		}

		internal override int CancelNative ()
		{
			// Nothing is posted until a message matches: cancelling before then always succeeds.
			while (Interlocked.CompareExchange (ref testing, 1, 0) != 0)
				Thread.Yield ();
			try {
				if (Volatile.Read (ref done) == 0) {
					result = new StatusData { source = source, tag = tag, cancelled = 1 };
					Volatile.Write (ref done, 1);
				}
			} finally {
				Volatile.Write (ref testing, 0);
			}
			Matched ();
			return 0;
		}

		internal override Exception ResultException (string op)
		{
			return error ?? base.ResultException (op);
		}
	}
}
