// ORequest: a non-blocking object receive (Comm.OIrecv).
//
// The size of an object message is unknown until it arrives, so nothing can be posted in advance.  OIrecv
// only records (source, tag, communicator); Test performs a non-blocking matched probe (MPI_Improbe) and, when a
// message has matched, receives it through its handle (MPI_Imrecv) and deserialises it; Wait does the same with
// a blocking matched probe (polled, then waiting in a GC-safe region).  A matched probe takes the message out of
// matching, so several OIrecv with ANY_SOURCE never receive the same message and never lose one.  A test of one
// tests all those waiting unmatched, in the order they were posted (ProgressUnmatched), and a message one of them
// matches goes to the oldest that accepts it (Deliver), so that the messages of one envelope reach them in post
// order, as with posted receives; Test may take as long as the transfer of a message that has already matched.
// While ORequests wait unmatched, every wait of the process polls and tests them too, since a peer may wait in a
// send for one of them, as for a posted receive; where the process waits without polling, a progress thread tests
// them (ProgressLoop).  Typed receives posted after one of them with an overlapping envelope wait in the same list
// (QueuedRecv.cs).
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.Serialization;
using System.Threading;

namespace System.MP
{
	/// <summary>A non-blocking object receive (<see cref="Comm.OIrecv"/>); <see cref="Object"/> holds the received
	/// object once the request completes.</summary>
	/// <remarks>The size of an object message is unknown until it arrives, so nothing is posted in advance: the
	/// message is matched when the request is tested or waited for (a matched probe), so several ORequests with
	/// wildcards never receive the same message.  Whichever is tested, the ORequests waiting unmatched are tested in
	/// the order they were posted and a message goes to the oldest that accepts it, so the messages of one source and
	/// tag reach them in the order they were posted, as with MPI's receives.  One that is freed (<see
	/// cref="Request.Free"/>) still takes its message.  While
	/// an ORequest waits unmatched, every wait and test of this process in point-to-point communication (Wait, Test,
	/// Waitall, Testall, ..., Iprobe, blocking Send, Recv, Probe, Sendrecv, Barrier, OSend, ORecv) polls instead of
	/// blocking and tests it too, so a peer that sends to it before receiving cannot wait for ever.  Where the process
	/// waits without testing it (the other blocking collectives, a wait that another thread began before the OIrecv
	/// was posted), a background thread tests it about once a millisecond when MPI provides MPI_THREAD_MULTIPLE (as
	/// MPICH and Open MPI do under motor).  A typed receive posted later whose envelope overlaps waits its turn, as
	/// MPI's order asks: an Irecv (or Isendrecv) is queued and posted once the object receives before it have
	/// matched, at a test or wait of the process or by that thread; a blocking Recv waits for that (a Sendrecv
	/// sends at once and queues its receive); the Start of a persistent receive is refused.  Cancelling one that has
	/// not matched succeeds, unless another thread waits for it (InvalidOperationException, as for any request
	/// another thread is completing).  If its communicator is freed first, its next test completes it with
	/// ObjectDisposedException.</remarks>
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
			lock (unmatched)
				node = List (new Entry (this, null, source, tag, comm));
		}

		// The object receives waiting unmatched, in the order they were posted, which only their tests make progress:
		// MPI would have posted a receive for each, so a peer may wait for it in a send.  While there are any, a wait
		// of this process that would block polls instead (the runtime returns Errors.EPOLL, or calls the poll hook)
		// and tests them too (ProgressUnmatched).  Held weakly: a dropped ORequest leaves the list when a poll finds
		// it collected.
		// The list also holds the typed receives (Recv, Irecv) posted after one of them with an overlapping envelope
		// (QueuedRecv): each is posted in MPI only once every receive listed before it that overlaps it has left, as
		// MPI gives a message to the matching receive posted first, and an object receive listed after one waits for
		// it to be posted (runtime-ext/recv-order.c keeps the envelopes, so that the runtime refuses a typed receive
		// that would overtake).
		static readonly LinkedList<Entry> unmatched = new LinkedList<Entry> ();

		// One receive of the list: an object receive, held weakly, or a queued typed receive, held strongly (it
		// takes its message even if dropped, as a posted receive would).
		internal sealed class Entry
		{
			internal readonly WeakReference<ORequest> Object;
			internal readonly QueuedRecv Typed;
			internal readonly int Source, Tag, Comm;

			internal Entry (ORequest o, QueuedRecv typed, int source, int tag, int comm)
			{
				if (o != null)
					Object = new WeakReference<ORequest> (o);
				Typed = typed;
				Source = source;
				Tag = tag;
				Comm = comm;
			}

			// Whether a message could match both this receive and one of (source, tag, comm); a receive from
			// PROC_NULL matches no message.
			internal bool Overlaps (int source, int tag, int comm)
			{
				return Comm == comm && Source != MPI.PROC_NULL && source != MPI.PROC_NULL &&
					(Source == MPI.ANY_SOURCE || source == MPI.ANY_SOURCE || Source == source) &&
					(Tag == MPI.ANY_TAG || tag == MPI.ANY_TAG || Tag == tag);
			}
		}

		// How many there are (unmatched.Count, read without the lock), and how many of them are typed.
		internal static volatile int Unmatched;
		static int typed;

		// This request's place in the list; null once it has left it.
		LinkedListNode<Entry> node;

		// Under the lock: lists e last, with its envelope in the runtime.
		static LinkedListNode<Entry> List (Entry e)
		{
			int code = MPDirect.RecvOrderList (1, e.Source, e.Tag, e.Comm);
			if (code != 0)
				throw Errors.Make (code, null, null, e.Source, e.Tag, "source");
			var n = unmatched.AddLast (e);
			if (e.Typed != null)
				typed++;
			Publish ();
			return n;
		}

		// Under the lock: takes n out of the list.
		static void Unlist (LinkedListNode<Entry> n)
		{
			unmatched.Remove (n);
			MPDirect.RecvOrderList (0, n.Value.Source, n.Value.Tag, n.Value.Comm);
			if (n.Value.Typed != null)
				typed--;
			Publish ();
		}

		// Who tests this request: 0 nobody, Testing a thread's test (two matched probes for it at once could each
		// take a message), Blocked a thread waiting in its matched probe.
		int testing;
		const int Testing = 1, Blocked = 2;

		// Under the lock: tells the runtime how many there are, and wakes the progress thread when there are some.
		static void Publish ()
		{
			if (Unmatched != unmatched.Count) {
				bool none = Unmatched == 0;
				Unmatched = unmatched.Count;
				MPDirect.SetUnmatchedObjectReceives (Unmatched);
				if (none && Unmatched > 0)
					WakeProgress ();
			}
		}

		// The request has completed (matched, cancelled, or failed): it leaves the list.
		void Leave ()
		{
			lock (unmatched) {
				if (node != null) {
					Unlist (node);
					node = null;
					freed.Remove (this);
				}
			}
		}

		// The requests the program freed (Request.Free) before they matched: kept alive until they do, as a freed
		// MPI receive still completes (its message must not go to a later receive).
		static readonly HashSet<ORequest> freed = new HashSet<ORequest> ();

		internal override void Freed ()
		{
			lock (unmatched)
				if (node != null)
					freed.Add (this);
		}

		// Tests every object receive waiting unmatched, in the order they were posted (an older one matches before a
		// newer one with the same envelope, as posted receives would): called by a wait that polls instead of
		// blocking, by a test that finds its request in flight, and by the progress thread.  One thread at a time: a
		// thread that finds another at it returns at once, as that one tests them (two at once each took messages for
		// the requests the other was testing, out of order).  A request whose older sibling with an overlapping
		// envelope waits in a blocking matched probe (WaitMatched) is left alone: the message belongs to that one.
		// It allocates nothing (it runs at every round of a poll), and drops the requests it finds collected.
		internal static void ProgressUnmatched ()
		{
			TryProgressUnmatched ();
		}

		// ProgressUnmatched; false if another thread's pass was on, so that this one tested nothing.
		static bool TryProgressUnmatched ()
		{
			if (Interlocked.CompareExchange (ref matching, 1, 0) != 0)
				return false;
			try {
				TestUnmatched ();
				passes++;
			} finally {
				Volatile.Write (ref matching, 0);
			}
			return true;
		}

		// 1 while a thread runs ProgressUnmatched; how many passes it has made; how many requests wait in a blocking
		// matched probe.
		static int matching, passes, blocked;

		static void TestUnmatched ()
		{
			LinkedListNode<Entry> n;
			lock (unmatched)
				n = unmatched.First;
			while (n != null) {
				ORequest q = null;
				LinkedListNode<Entry> next;
				lock (unmatched) {
					if (n.List == null)
						return; // it completed meanwhile: the next round starts again from the first
					next = n.Next;
					if (n.Value.Typed != null) {
						if (!Behind (n, false)) { // its turn: posted
							Unlist (n);
							n.Value.Typed.Post ();
						}
					} else if (!n.Value.Object.TryGetTarget (out q))
						Unlist (n);
					else if ((typed > 0 || Volatile.Read (ref blocked) > 0) && Behind (n, true))
						q = null;
				}
				if (q != null && Volatile.Read (ref q.done) == 0 &&
				    Interlocked.CompareExchange (ref q.testing, Testing, 0) == 0) {
					try {
						q.Probe (); // an error stays with the request, for its own Wait or Test
					} finally {
						Volatile.Write (ref q.testing, 0);
					}
				}
				n = next;
			}
		}

		// Under the lock: whether a receive listed before n's that a message of n's envelope could match must have
		// it first.  For an object receive (objects true): a queued typed receive, or an object receive waiting in a
		// blocking matched probe; for a typed one, any.
		static bool Behind (LinkedListNode<Entry> n, bool objects)
		{
			Entry e = n.Value;
			ORequest p;
			for (var o = unmatched.First; o != n; o = o.Next)
				if (o.Value.Overlaps (e.Source, e.Tag, e.Comm) &&
				    (!objects || o.Value.Typed != null ||
				     (o.Value.Object.TryGetTarget (out p) && Volatile.Read (ref p.testing) == Blocked)))
					return true;
			return false;
		}

		// A blocking typed receive of (source, tag, comm) refused because receives listed here overlap it
		// (Errors.EBEHIND): returns once none is left, each object receive matched (its completion left for its
		// own Wait or Test) and each typed one posted.
		internal static void AwaitBefore (int source, int tag, int comm)
		{
			if (Volatile.Read (ref testThrowsInAwait) > 0 && Interlocked.Decrement (ref testThrowsInAwait) >= 0)
				throw new InvalidOperationException ("thrown by a test inside a direct call");
			for (int spins = 0;; spins++) {
				ORequest o = null;
				bool any = false;
				lock (unmatched)
					for (var n = unmatched.First; n != null && !any; n = n.Next)
						if (n.Value.Overlaps (source, tag, comm)) {
							any = true;
							if (n.Value.Object != null)
								n.Value.Object.TryGetTarget (out o);
						}
				if (!any)
					return;
				int f;
				if (o != null && Volatile.Read (ref o.done) == 0)
					o.CompleteNative (true, false, out f);
				else
					ProgressUnmatched ();
				if (spins >= 64)
					Thread.Yield ();
			}
		}

		// For tests: the next calls of AwaitBefore that throw, to show that an exception inside a direct call's
		// managed callback stays at the runtime's boundary (the blocking receive calls AwaitBefore again).
		internal static int testThrowsInAwait;

		// Lists q, a typed receive posted after a listed one with an overlapping envelope.
		internal static LinkedListNode<Entry> Queue (QueuedRecv q, int source, int tag, int comm)
		{
			lock (unmatched)
				return List (new Entry (null, q, source, tag, comm));
		}

		// Cancels q if it is still listed: true, else false (it has been posted).
		internal static bool Unqueue (LinkedListNode<Entry> n)
		{
			lock (unmatched) {
				if (n.List == null)
					return false;
				Unlist (n);
				return true;
			}
		}

		// The progress thread: while object receives wait unmatched, it tests them every millisecond, so that one
		// matches while every thread of the program waits where the runtime does not poll (a blocking collective, a
		// wait begun on another thread before the receive was posted), as MPI's progress would complete a posted
		// receive.  Started at the first object receive, if MPI gives MPI_THREAD_MULTIPLE; it sleeps on the list
		// while there are none, and stops when MPI is finalized (runtime-ext/icall-object.c: its MPI calls are made
		// between the blocking hooks, so that a collection can stop it while it waits for the library's lock).
		static Thread progress;
		static bool noProgress;

		// Under the lock.
		static void WakeProgress ()
		{
			if (progress != null) {
				Monitor.PulseAll (unmatched);
				return;
			}
			if (noProgress)
				return;
			int level;
			if (MPDirect.QueryThread (out level) != 0 || level != MPI.THREAD_MULTIPLE) {
				noProgress = true;
				return;
			}
			progress = new Thread (ProgressLoop) { IsBackground = true, Name = "System.MP object receives" };
			progress.Start ();
		}

		// A pass only after a millisecond in which no thread of the program made one: while it polls, this one sleeps.
		static void ProgressLoop ()
		{
			for (;;) {
				lock (unmatched)
					while (Unmatched == 0)
						Monitor.Wait (unmatched);
				int seen = passes;
				Thread.Sleep (1);
				if (passes != seen)
					continue;
				if (MPDirect.ObjectProgressEnter () == 0)
					return;
				try {
					ProgressUnmatched ();
				} finally {
					MPDirect.ObjectProgressLeave ();
				}
				Scrub ();
			}
		}

		// Clears the stack below the loop, where the round's frames held the requests it tested: the collector scans
		// a waiting thread's stack conservatively, and a stale reference there would keep a dropped request alive.
		[MethodImpl (MethodImplOptions.NoInlining)]
		static void Scrub ()
		{
			byte* clear = stackalloc byte[8192];
			clear[0] = 0;
		}

		// One non-blocking matched probe of this request (held by this thread); a message it matches goes to the
		// receive posted first that accepts it (Deliver).  A probe that fails completes the request with the error.
		void Probe ()
		{
			StatusData st = default (StatusData);
			int flag;
			ulong msg;
			int code = MPDirect.Improbe (source, tag, comm, out flag, out msg, &st);
			if (code != 0)
				Fail (code);
			else if (flag != 0)
				Deliver (this, msg, st);
		}

		// q, held by this thread, has matched the message msg: it goes to the oldest of the requests waiting
		// unmatched before q that accept its envelope, as MPI gives a message to the matching receive posted first
		// (a pass over the list probes the older ones first, but a message may arrive between two probes); q takes
		// it if there is none, or none that another thread is not testing at that moment.  An older one that
		// accepts more (a wildcard) may thereby take this message where MPI would have given it an earlier one of
		// another envelope that arrived between the probes: MPI orders only the messages of one envelope.
		static void Deliver (ORequest q, ulong msg, StatusData st)
		{
			LinkedListNode<Entry> n;
			lock (unmatched)
				n = st.source == MPI.PROC_NULL ? null : unmatched.First; // the "no process" message is q's alone
			while (n != null) {
				ORequest p = null;
				LinkedListNode<Entry> next;
				lock (unmatched) {
					if (n.List == null || n == q.node)
						break;
					next = n.Next;
					if (n.Value.Object != null)
						n.Value.Object.TryGetTarget (out p);
				}
				if (p != null && p.Accepts (q.comm, st) && Volatile.Read (ref p.done) == 0 &&
				    Interlocked.CompareExchange (ref p.testing, Testing, 0) == 0) {
					try {
						if (Volatile.Read (ref p.done) == 0) {
							p.Take (msg, st);
							return;
						}
					} finally {
						Volatile.Write (ref p.testing, 0);
					}
				}
				n = next;
			}
			q.Take (msg, st);
		}

		// Whether this request would match a message of communicator c with status st.
		bool Accepts (int c, StatusData st)
		{
			return comm == c && (source == MPI.ANY_SOURCE || source == st.source) && (tag == MPI.ANY_TAG || tag == st.tag);
		}

		// Completes the request with the matched message msg (status st): receives it and rebuilds its graph.
		void Take (ulong msg, StatusData st)
		{
			int code;
			object o = MPDirect.OMrecv (ref msg, &st, out code);
			Finish (o, st, code);
		}

		// Completes the request with a probe's error: it can never match (the communicator freed, MPI finalized).
		void Fail (int code)
		{
			Finish (null, new StatusData { source = source, tag = tag, error = code > 0 ? code : 0 }, code);
		}

		// Completes the request, with or without an error, and takes it out of the list.
		void Finish (object o, StatusData st, int code)
		{
			received = o;
			result = st;
			rc = code;
			if (code != 0)
				error = Errors.Make (code, null, null, st.source, st.tag, "source");
			Volatile.Write (ref done, 1);
			Leave ();
		}

		// A test that found its request in flight: lets the object receives waiting unmatched make progress, as a
		// test of a posted receive would let MPI progress them.
		internal static void Poll ()
		{
			if (Unmatched > 0)
				ProgressUnmatched ();
		}

		// True while this thread tests a whole set of requests (Testall, Testany, Testsome, and the polling forms of
		// Waitall, Waitany, Waitsome): the object receives waiting unmatched are tested once for the set, up front,
		// and a test of an ORequest of the set only reads its state.  Else a set of N of them would test N x N.
		[ThreadStatic] static bool sweeping;

		// Starts such a set: false (nothing to end) when no object receive waits unmatched or a set is under way.
		internal static bool BeginSweep ()
		{
			if (Unmatched == 0 || sweeping)
				return false;
			ProgressUnmatched ();
			sweeping = true;
			return true;
		}

		internal static void EndSweep ()
		{
			sweeping = false;
		}

		/// <summary>The received object (the root of its graph) once the request has completed.</summary>
		/// <remarks>Null until then, and when null was sent.</remarks>
		public object Object { get { return received; } }

		internal override bool IsDeferred { get { return true; } }

		internal override int CompleteNative (bool wait, bool wantStatus, out int f)
		{
			for (int spins = 0;; spins++) {
				// Every object receive waiting unmatched is tested, this one in its place among them (by the set
				// this test is part of, if there is one).
				bool tested = true;
				if (Volatile.Read (ref done) == 0 && (wait || !sweeping))
					tested = TryProgressUnmatched ();
				if (Volatile.Read (ref done) != 0) {
					f = 1;
					return 0;
				}
				if (!wait) {
					// Another thread's pass (the progress thread's) was testing them: a test waits for its turn, a
					// few yields at most, so that it sees what was decided before it (a freed communicator's error,
					// a message that has arrived) instead of answering false for a test it did not make.
					if (!tested && spins < 200) {
						Thread.Yield ();
						continue;
					}
					f = 0;
					return 0;
				}
				// The only one: wait in its matched probe.
				if (Unmatched <= 1 && Interlocked.CompareExchange (ref testing, Blocked, 0) == 0) {
					Interlocked.Increment (ref blocked);
					try {
						WaitMatched ();
					} finally {
						Interlocked.Decrement (ref blocked);
						Volatile.Write (ref testing, 0);
					}
					f = 1;
					return 0;
				}
				if (spins >= 64)
					Thread.Yield ();
			}
		}

		// Waits in a blocking matched probe (this request the only one waiting unmatched, held by this thread), then
		// receives the message; completes the request either way.
		void WaitMatched ()
		{
			StatusData st = default (StatusData);
			int matched, code;
			object o = MPDirect.OIrecvWait (source, tag, comm, out matched, &st, out code);
			if (matched == 0)
				Fail (code);
			else
				Finish (o, st, code);
		}

		internal override int CancelNative ()
		{
			// Nothing is posted until a message matches: cancelling before then always succeeds, unless another
			// thread waits in this request's matched probe (as for any request another thread is completing).
			for (int t; (t = Interlocked.CompareExchange (ref testing, Testing, 0)) != 0; Thread.Yield ())
				if (t == Blocked)
					return Errors.EBUSY;
			try {
				if (Volatile.Read (ref done) == 0) {
					result = new StatusData { source = source, tag = tag, cancelled = 1 };
					Volatile.Write (ref done, 1);
				}
			} finally {
				Volatile.Write (ref testing, 0);
			}
			Leave ();
			return 0;
		}

		internal override Exception ResultException (string op)
		{
			return error ?? base.ResultException (op);
		}
	}
}
