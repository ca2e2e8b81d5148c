// NonBlockingTests: Isend/Irecv, requests, and status-dependent pinning.  Runs at 2 ranks (and 3 where noted
// by the test list); rank 0 and rank 1 do the interesting parts, other ranks only take part in the checks.
using System;
using System.Linq;
using System.MP;
using System.Runtime.CompilerServices;
using System.Threading;

public static class NonBlockingTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (NonBlockingTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }

	public static void RingWithEveryForm ()
	{
		var a = Enumerable.Range (0, 50).Select (i => Rank * 1000 + i).ToArray ();
		var b = new int[50];
		var c = new double[3, 4];
		c[2, 3] = Rank;
		var d = new double[3, 4];
		var status = new Status ();
		Request r1 = World.Irecv (b, 10, 20, Prev, 1);
		Request r2 = World.Irecv (d, Prev, 2);
		Request s1 = World.Isend (a, 5, 20, Next, 1);
		Request s2 = World.Issend (c, Next, 2);
		r1.Wait (status);
		Assert.Equal (Prev, status.Get_source (), "source");
		Assert.Equal (1, status.Get_tag (), "tag");
		Assert.Equal (20, status.Get_count (typeof (int)), "count");
		Request.Waitall (new[] { r2, s1, s2 });
		for (int i = 0; i < 50; i++)
			Assert.Equal (i >= 10 && i < 30 ? Prev * 1000 + i - 5 : 0, b[i], "b[" + i + "]");
		Assert.Equal ((double) Prev, d[2, 3], "2-D");
		Assert.True (r1.Test (), "a completed request tests true");
		r1.Wait (); // waiting again is a no-op (MPI: the request is null)
	}

	public static void TestPollsUntilDone ()
	{
		var got = new long[1];
		Request r = World.Irecv (got, Prev, 3);
		World.Barrier ();
		World.Send (new long[] { Rank + 7 }, Next, 3);
		var status = new Status ();
		var deadline = DateTime.UtcNow.AddSeconds (30);
		while (!r.Test (status) && DateTime.UtcNow < deadline)
			;
		Assert.Equal ((long) Prev + 7, got[0], "payload");
		Assert.Equal (Prev, status.Get_source (), "source");
	}

	// Every post gets a new, incomplete request, distinct from the others, on this thread and on another, also
	// right after a Wait.
	public static void RequestsPostedAfterAWaitAreNewOnes ()
	{
		var got = new int[3];
		Request first = World.Irecv (got, 0, 1, Prev, 4);
		World.Send (new[] { Rank }, Next, 4);
		first.Wait ();
		Request second = World.Irecv (got, 1, 1, Prev, 5);
		Request third = World.Irecv (got, 2, 1, Prev, 6);
		// Tested before the barrier: the neighbour sends only after it, which it leaves only once this rank has
		// entered it.  Checks come at the end, so that a failed one leaves no neighbour waiting.
		bool early = second.Test () || third.Test ();
		World.Barrier ();
		Request[] other = new Request[2];
		var t = new Thread (() => {
			other[0] = World.Isend (new[] { Rank + 1 }, Next, 5);
			other[0].Wait ();
			other[1] = World.Isend (new[] { Rank + 2 }, Next, 6);
			other[1].Wait ();
		});
		t.Start ();
		t.Join ();
		Request.Waitall (new[] { second, third });
		Assert.True (!ReferenceEquals (first, second) && !ReferenceEquals (second, third) && !ReferenceEquals (first, third),
		             "a new Request for each post");
		Assert.True (!early, "the new requests had not completed before anything was sent");
		Assert.Equal (Prev + 1, got[1], "payload on tag 5");
		Assert.Equal (Prev + 2, got[2], "payload on tag 6");
		Assert.True (!ReferenceEquals (other[0], other[1]) && other.All (o => o != second && o != third),
		             "another thread's Requests");
	}

	public static void WaitanyAndTestall ()
	{
		// Every rank sends all its messages whatever it observes, and checks afterwards, so that a failed check
		// cannot leave a neighbour waiting.
		var bufs = Enumerable.Range (0, 4).Select (_ => new int[1]).ToArray ();
		var reqs = Enumerable.Range (0, 4).Select (t => World.Irecv (bufs[t], Prev, 10 + t)).ToArray ();
		bool early = Request.Testall (reqs);
		World.Barrier ();
		World.Send (new int[] { 42 }, Next, 12);
		var status = new Status ();
		int index = Request.Waitany (reqs, status);
		World.Barrier (); // only now may the other messages come
		foreach (int t in new[] { 0, 1, 3 })
			World.Send (new int[] { t }, Next, 10 + t);
		var some = Request.Waitsome (reqs, null);
		Request.Waitall (reqs);
		Assert.True (!early, "Testall: nothing had arrived yet");
		Assert.Equal (2, index, "Waitany: the request whose message came");
		Assert.Equal (12, status.Get_tag (), "its tag");
		Assert.Equal (42, bufs[2][0], "its payload");
		Assert.True (some.Length >= 1 && !some.Contains (2), "Waitsome completed at least one other: " + string.Join (",", some));
		Assert.True (Request.Testall (reqs), "all done");
		Assert.Equal (MPI.UNDEFINED, Request.Waitany (reqs, null), "Waitany with nothing active");
		Assert.Equal (3, bufs[3][0], "last payload");
	}

	// Testall reports nothing until every request has completed: a receive that completed meanwhile keeps its
	// completion and status for a later Wait.  An object receive in the set (tested by managed code) and a null entry
	// take part; once all have completed, Testall reports them all.
	// The same request twice in a set: Waitany and Waitsome refuse it clearly (they hold each request while they
	// wait), Testsome reports its completion once.
	public static void TheSameRequestTwiceInASet ()
	{
		var b = new int[1];
		var r = World.Irecv (b, Prev, 91);
		// The message may already have arrived (and a collection completed r): refused either way.
		Exception any = Assert.Caught (() => Request.Waitany (new[] { r, r }, null));
		Exception some = Assert.Caught (() => Request.Waitsome (new[] { null, r, r }, null));
		World.Send (new[] { Rank }, Next, 91); // before any check can raise: the next rank waits for this
		while (!r.Get_status (null)) { }
		// Completed and not yet reported: still refused (found complete before any wait, it was returned).
		Exception anyDone = Assert.Caught (() => Request.Waitany (new[] { r, r }, null));
		Exception someDone = Assert.Caught (() => Request.Waitsome (new[] { null, r, r }, null));
		Assert.True (any is ArgumentException && any.Message.Contains ("more than once"), "Waitany: " + any);
		Assert.True (some is ArgumentException, "Waitsome: " + some);
		Assert.True (anyDone is ArgumentException, "Waitany of a completed request: " + anyDone);
		Assert.True (someDone is ArgumentException, "Waitsome of a completed request: " + someDone);
		Assert.SequenceEqual (new[] { 0 }, Request.Testsome (new[] { r, r }, null), "Testsome reports it once");
		Assert.Equal (Prev, b[0], "received");
	}


	// Waitsome reports a completion it found even when another request of the set is held by another thread
	// waiting on it (the exception for that request came after the first completion was consumed, which was then
	// reported to nobody).
	public static void WaitsomeKeepsACompletionWhenAnotherThreadHoldsARequest ()
	{
		var b1 = new int[1];
		var b2 = new int[1];
		Request r1 = World.Irecv (b1, Prev, 92), r2 = World.Irecv (b2, Prev, 93);
		World.Send (new[] { Rank }, Next, 92);
		while (!r1.Get_status (null))
			Thread.Yield ();
		var waiter = new Thread (() => r2.Wait ());
		waiter.Start ();
		Thread.Sleep (50); // the waiter holds r2
		var set = new[] { r1, r2 };
		bool reported = false;
		try {
			reported = Array.IndexOf (Request.Waitsome (set, null), 0) >= 0;
		} catch (InvalidOperationException) {
		}
		World.Send (new[] { Rank }, Next, 93);
		waiter.Join ();
		if (!reported)
			reported = Array.IndexOf (Request.Waitsome (set, null), 0) >= 0;
		Assert.True (reported, "the first receive's completion is reported, by the Waitsome that raised or the next");
		Assert.Equal (Prev, b1[0], "its data");
	}

	public static void TestallReportsNothingUntilAllHaveCompleted ()
	{
		var a = new int[1];
		var c = new int[1];
		var reqs = new Request[] { World.Irecv (a, Prev, 60), World.OIrecv (Prev, 61), null, World.Irecv (c, Prev, 62) };
		World.Send (new[] { 60 }, Next, 60);
		World.OSend ("sixty-one", Next, 61);
		while (!reqs[0].Get_status (null)) { }
		Assert.True (!Request.Testall (reqs), "Testall before the last message");
		var st = new Status ();
		reqs[0].Wait (st);
		Assert.Equal (60, st.Get_tag (), "the completed receive, left unreported with its status");
		Assert.Equal (Prev, st.Get_source (), "its source");
		World.Barrier (); // every rank has tested before the last message goes
		World.Send (new[] { 62 }, Next, 62);
		while (!Request.Testall (reqs)) { }
		Assert.Equal ("sixty-one", (string) ((ORequest) reqs[1]).Object, "the object");
		Assert.Equal (62, c[0], "the last payload");
		st = new Status ();
		reqs[3].Wait (st);
		Assert.Equal (MPI.ANY_SOURCE, st.Get_source (), "reported by Testall: a later Wait gives the empty status");
		Assert.True (Request.Testall (reqs), "all inactive");
	}

	// A small send that the transport copies out during Isend (MPICH: an eager message) completes there: its
	// buffer is never pinned, no request stays in flight, and Wait/Test need no MPI call.  Where the library
	// does not say so (Open MPI), the send is in flight as usual.  Either way each Isend is counted once, the
	// payload arrives, and the status says the send was not cancelled.
	public static void EagerSendsFinishedAtPostPinNothing ()
	{
		const int n = 200;
		int atPost = 0;
		var got = new int[n][];
		var recvs = new Request[n];
		for (int i = 0; i < n; i++)
			recvs[i] = World.Irecv (got[i] = new int[4], Prev, 40);
		World.Barrier ();
		for (int i = 0; i < n; i++) {
			long taken = Diagnostics.PinsTaken, avoided = Diagnostics.PinsAvoided;
			long inFlight = Diagnostics.RequestsInFlight, byGc = Diagnostics.RequestsCompletedByGC;
			var buf = new int[] { Rank, i, -i, 7 };
			Request s = World.Isend (buf, Next, 40);
			// A collection meanwhile may have completed one of the receives (one fewer in flight while the send
			// adds one): then the count tells nothing, and this send is not judged.
			bool finished = Diagnostics.RequestsCompletedByGC == byGc && Diagnostics.RequestsInFlight == inFlight;
			Assert.Equal (taken + avoided + 1, Diagnostics.PinsTaken + Diagnostics.PinsAvoided, "counted once");
			if (finished) {
				atPost++;
				Assert.Equal (taken, Diagnostics.PinsTaken, "a send finished at post pins nothing");
				Assert.True (s.Test (), "a send finished at post tests true at once");
			}
			var st = new Status ();
			s.Wait (st);
			Assert.True (!st.Is_cancelled (), "not cancelled");
			s.Wait (); // again: a no-op
		}
		Request.Waitall (recvs);
		for (int i = 0; i < n; i++)
			Assert.True (got[i].SequenceEqual (new[] { Prev, i, -i, 7 }), "payload " + i);
		if (Diagnostics.MpiLibrary.StartsWith ("MPICH"))
			Assert.True (atPost > n / 2, "MPICH finishes most small sends at post: " + atPost + " of " + n);
	}

	// A message of a rank to itself is copied by MPI from the send buffer straight into the receive buffer, and
	// MPICH aborts the process when the two overlap.  Every way of posting one against a buffer of an operation
	// in flight is refused with an exception; the operations in flight are untouched and complete normally.
	public static void MessagesToSelfOverlappingAnInFlightBufferAreRefused ()
	{
		int me = Rank;
		var x = new int[64];
		var big = new int[20000]; // a large object: the check does not depend on where the buffer lives
		Request r = World.Irecv (x, 0, 8, me, 50);
		Request rb = World.Irecv (big, 0, 10000, MPI.ANY_SOURCE, 51);
		Refused (() => World.Send (x, 4, 8, me, 50), "Send into a receive in flight");
		Refused (() => World.Isend (x, 0, 8, me, 50), "Isend from the same slice");
		Refused (() => World.Issend (x, 7, 1, me, 50), "Issend touching its last element");
		Refused (() => World.Send (big, 9999, 2, me, 51), "Send overlapping a large ANY_SOURCE receive");
		Refused (() => World.Sendrecv (x, 2, 4, me, 50, new int[4], 0, 4, me, 52, null), "Sendrecv's send side");
		// Disjoint buffers, and other ranks' messages, are not affected.
		Request d = World.Irecv (x, 16, 8, me, 53); // posted first: a send to self may wait for its receive
		World.Send (x, 8, 8, me, 53);
		d.Wait ();
		var status = new Status ();
		World.Send (new[] { 1, 2, 3, 4, 5, 6, 7, 8 }, me, 50);
		r.Wait (status);
		Assert.Equal (8, x[7], "the refused operations left the receive to complete normally");
		Assert.Equal (me, status.Get_source (), "source");
		World.Send (Enumerable.Range (0, 10000).ToArray (), me, 51);
		rb.Wait ();
		Assert.Equal (9999, big[9999], "large receive");

		// The other direction: a send to itself in flight, then receives into its buffer.
		Request s = World.Issend (x, 32, 8, me, 54); // synchronous: stays in flight until matched
		Refused (() => World.Recv (x, 36, 2, me, 54, null), "Recv into a send in flight");
		Refused (() => World.Irecv (x, 30, 4, MPI.ANY_SOURCE, 54), "Irecv from ANY_SOURCE into it");
		Refused (() => World.Sendrecv (new int[2], 0, 2, me, 55, x, 39, 2, MPI.ANY_SOURCE, 55, null), "Sendrecv's receive side");
		var y = new int[8];
		World.Recv (y, me, 54, null);
		s.Wait ();
		Assert.True (y.SequenceEqual (x.Skip (32).Take (8)), "the send completed with its data");
		// Once complete, the same buffers are free again.
		Request r2 = World.Irecv (x, 0, 8, me, 56);
		World.Send (x, 8, 8, me, 56);
		r2.Wait ();
		World.Barrier ();
	}

	// Many receives from self in flight at once (more than the first capacity of the list the check keeps),
	// completed in a scrambled order: the check still finds each one still in flight, and forgets each one
	// completed.
	public static void ManyMessagesToSelfInFlightAreCheckedOneByOne ()
	{
		const int n = 200;
		int me = Rank;
		long before = Diagnostics.RequestsInFlight;
		var x = new int[4 * n];
		var reqs = new Request[n];
		for (int i = 0; i < n; i++)
			reqs[i] = World.Irecv (x, 4 * i, 4, me, 1000 + i);
		var done = new bool[n];
		for (int k = 0; k < n; k++) {
			int i = (k * 67) % n; // 67 is coprime with 200: every receive once
			World.Send (new[] { i, i, i, -i }, 0, 4, me, 1000 + i);
			reqs[i].Wait ();
			done[i] = true;
			int j = (i + 101) % n;
			if (done[j]) {
				World.Send (x, 4 * j, 4, me, 3000); // overlaps nothing in flight any more
				World.Recv (new int[4], 0, 4, me, 3000, null);
			} else {
				Refused (() => World.Send (x, 4 * j + 1, 2, me, 3000), "Send into receive " + j + " still in flight");
			}
		}
		for (int i = 0; i < n; i++)
			Assert.True (x[4 * i] == i && x[4 * i + 3] == -i, "payload " + i);
		Assert.Equal (before, Diagnostics.RequestsInFlight, "requests in flight");
		World.Barrier ();
	}

	static void Refused (Action a, string what)
	{
		try {
			a ();
		} catch (ArgumentException e) {
			Assert.True (e.Message.Contains ("in flight"), what + ": message says why: " + e.Message);
			return;
		}
		throw new Exception (what + ": not refused");
	}

	public static void CancelledReceive ()
	{
		Request r = World.Irecv (new int[1], Prev, 20);
		r.Cancel ();
		var status = new Status ();
		r.Wait (status);
		Assert.True (status.Is_cancelled (), "cancelled");
	}

	// MPI's empty status: what a null or inactive request reports.
	static void AssertEmpty (Status st, string what)
	{
		Assert.Equal (MPI.ANY_SOURCE, st.Get_source (), what + ": source");
		Assert.Equal (MPI.ANY_TAG, st.Get_tag (), what + ": tag");
		Assert.Equal (0, st.Get_count (typeof (byte)), what + ": count");
		Assert.Equal (0, st.Get_error (), what + ": error");
		Assert.True (!st.Is_cancelled (), what + ": not cancelled");
	}

	public static void InactiveRequestsReportTheEmptyStatus ()
	{
		var got = new int[1];
		Request r = World.Irecv (got, Prev, 30);
		Request s = World.Isend (new[] { 100 + Rank }, Next, 30);
		var st = new Status ();
		r.Wait (st);
		s.Wait ();
		Assert.Equal (Prev, st.Get_source (), "first Wait: source");
		Assert.Equal (30, st.Get_tag (), "first Wait: tag");
		Assert.Equal (1, st.Get_count (typeof (int)), "first Wait: count");
		Assert.Equal (100 + Prev, got[0], "payload");
		r.Wait (st);
		AssertEmpty (st, "second Wait of the receive");
		st = new Status ();
		s.Wait (st);
		AssertEmpty (st, "second Wait of the send");
		st = new Status ();
		Assert.True (r.Test (st), "Test of an inactive request");
		AssertEmpty (st, "Test of an inactive request");
		// Waitany over nothing active (null entries, completed requests) gives MPI.UNDEFINED and the empty status;
		// Waitall and Testall take them as complete.
		var set = new[] { r, null, s };
		var real = World.Irecv (new int[1], MPI.PROC_NULL, 0); // a status with real-looking values first
		st = new Status ();
		real.Wait (st);
		Assert.Equal (MPI.UNDEFINED, Request.Waitany (set, st), "Waitany over inactive requests");
		AssertEmpty (st, "Waitany over inactive requests");
		Request.Waitall (set);
		Assert.True (Request.Testall (set), "Testall over inactive requests");
		Assert.Equal (0, Request.Waitsome (set, null).Length, "Waitsome over inactive requests");
		// An object receive likewise.
		ORequest o = World.OIrecv (Prev, 31);
		World.OSend ("from " + Rank, Next, 31);
		o.Wait (st);
		Assert.Equal ("from " + Prev, (string) o.Object, "object payload");
		Assert.Equal (31, st.Get_tag (), "object receive: tag");
		o.Wait (st);
		AssertEmpty (st, "second Wait of an object receive");
	}

	// An Isend or Irecv hands its peer and tag to the runtime in the Request's status (Request.Fresh), which a
	// completion without a status leaves there: no status the program reads may show them.  A receive from
	// ANY_SOURCE with ANY_TAG reports the message it matched; one completed without a status, the empty status
	// after; a send, the empty status after as well.
	public static void ThePostedEnvelopeIsNeverReportedAsAStatus ()
	{
		var got = new int[2];
		Request any = World.Irecv (got, 0, 1, MPI.ANY_SOURCE, MPI.ANY_TAG);
		World.Send (new[] { 7 }, Next, 41);
		var st = new Status ();
		any.Wait (st);
		Assert.Equal (Prev, st.Get_source (), "ANY_SOURCE receive: source matched");
		Assert.Equal (41, st.Get_tag (), "ANY_TAG receive: tag matched");
		World.Barrier (); // no message of this test is left for the receives below to take
		Request quiet = World.Irecv (got, 1, 1, Prev, 42);
		Request send = World.Isend (new[] { 8 }, Next, 42);
		quiet.Wait ();
		send.Wait ();
		st = new Status ();
		quiet.Wait (st);
		AssertEmpty (st, "receive completed without a status, then waited for with one");
		st = new Status ();
		Assert.True (send.Test (st), "an inactive send tests true");
		AssertEmpty (st, "send completed without a status, then tested with one");
		Request again = World.Irecv (got, 1, 1, Prev, 43);
		World.Send (new[] { 9 }, Next, 43);
		st = new Status ();
		Assert.Equal (0, Request.Waitany (new[] { again }, st), "Waitany's index");
		Assert.Equal (Prev, st.Get_source (), "Waitany status: source");
		Assert.Equal (43, st.Get_tag (), "Waitany status: tag");
		Assert.Equal (9, got[1], "payload");
	}

	// A non-blocking receive from PROC_NULL completes at once with MPI's status for it (source PROC_NULL, tag
	// ANY_TAG, no data), through Wait, Test, a persistent receive and Waitany, as the blocking Recv does.
	public static void ReceivesFromProcNullReportTheProcNullStatus ()
	{
		var buf = new[] { 7 };
		var st = new Status ();
		World.Irecv (buf, MPI.PROC_NULL, 5).Wait (st);
		AssertProcNull (st, "Irecv + Wait");
		var r = World.Irecv (buf, 0, 1, MPI.PROC_NULL, MPI.ANY_TAG);
		Assert.True (r.Test (st), "Test: complete at once");
		AssertProcNull (st, "Irecv + Test");
		var p = World.Recv_init (buf, MPI.PROC_NULL, 5);
		p.Start ();
		p.Wait (st);
		AssertProcNull (st, "Recv_init + Start + Wait");
		p.Free ();
		Assert.Equal (0, Request.Waitany (new[] { World.Irecv (buf, MPI.PROC_NULL, 5) }, st), "Waitany");
		AssertProcNull (st, "Waitany");
		Assert.Equal (7, buf[0], "nothing received");
	}

	static void AssertProcNull (Status st, string what)
	{
		Assert.Equal (MPI.PROC_NULL, st.Get_source (), what + ": source");
		Assert.Equal (MPI.ANY_TAG, st.Get_tag (), what + ": tag");
		Assert.Equal (0, st.Get_count (typeof (int)), what + ": count");
	}

	const string SendCancelRefusal = "a send cannot be cancelled: MPI-4 deprecates cancelling sends";

	public static void CancelOfASendIsRefusedAndTheSendStillCompletes ()
	{
		// 1 MiB, more than any eager limit: the peer has not received it when Cancel is called.
		var big = new byte[1 << 20];
		for (int i = 0; i < big.Length; i++)
			big[i] = (byte) (i * 7 + Rank);
		Request s = World.Isend (big, Next, 32);
		var e = Assert.Throws<NotSupportedException> (() => s.Cancel (), "Cancel of an Isend");
		Assert.Contains (SendCancelRefusal, e.Message, "says why");
		Assert.Contains ("cannot withdraw a message it may already have delivered", e.Message, "says why");
		Assert.Contains ("Instead", e.Message, "says what to do");
		Assert.True (!s.Test (), "the send is still in flight");
		// A small send, done at once or not, and a synchronous one: refused alike, whatever their state.
		Request small = World.Isend (new[] { 1 }, Next, 33);
		Request sync = World.Issend (new[] { 2 }, Next, 34);
		Request obj = World.OIsend ("three", Next, 35);
		Assert.Throws<NotSupportedException> (() => small.Cancel (), "Cancel of a small Isend");
		Assert.Throws<NotSupportedException> (() => sync.Cancel (), "Cancel of an Issend");
		Assert.Throws<NotSupportedException> (() => obj.Cancel (), "Cancel of an OIsend");
		World.Barrier (); // every send refused before anything is received
		var got = new byte[1 << 20];
		var one = new int[1];
		var two = new int[1];
		World.Recv (got, Prev, 32, null);
		World.Recv (one, Prev, 33, null);
		World.Recv (two, Prev, 34, null);
		object three = World.ORecv (Prev, 35, null);
		var st = new Status ();
		s.Wait (st);
		Assert.True (!st.Is_cancelled (), "the send was not cancelled");
		Request.Waitall (new[] { small, sync, obj });
		Assert.Throws<NotSupportedException> (() => s.Cancel (), "Cancel of a completed send");
		for (int i = 0; i < got.Length; i++)
			if (got[i] != (byte) (i * 7 + Prev))
				throw new AssertionException ("byte " + i + ": expected " + (byte) (i * 7 + Prev) + ", got " + got[i]);
		Assert.Equal (1, one[0], "small payload");
		Assert.Equal (2, two[0], "synchronous payload");
		Assert.Equal ("three", (string) three, "object payload");
	}

	public static void CancelledReceivesLeaveTheRankUsable ()
	{
		var untouched = new[] { -5 };
		Request r = World.Irecv (untouched, Prev, 36);
		r.Cancel ();
		var st = new Status ();
		r.Wait (st);
		Assert.True (st.Is_cancelled (), "receive cancelled");
		Assert.Equal (-5, untouched[0], "the cancelled receive wrote nothing");
		ORequest o = World.OIrecv (Prev, 37);
		o.Cancel ();
		o.Wait (st);
		Assert.True (st.Is_cancelled (), "object receive cancelled");
		Assert.True (o.Object == null, "nothing received");
		// Messages on the same tags sent afterwards go to new receives: nothing was left posted.
		World.Barrier ();
		var got = new int[1];
		Request again = World.Irecv (got, Prev, 36);
		World.Send (new[] { 600 + Rank }, Next, 36);
		World.OSend ("object " + Rank, Next, 37);
		again.Wait ();
		Assert.Equal (600 + Prev, got[0], "a receive after the cancelled one");
		Assert.Equal ("object " + Prev, (string) World.ORecv (Prev, 37, null), "an object receive after the cancelled one");
		Assert.Equal (-5, untouched[0], "the cancelled receive's buffer still untouched");
	}

	public static void RefusalsPostNothing ()
	{
		long inFlight = Diagnostics.RequestsInFlight;
		Assert.Throws<ArgumentException> (() => World.Isend ("text", Next, 1), "string");
		Assert.Throws<ArgumentException> (() => World.Irecv (new object[1], Prev, 1), "object[]");
		Assert.Throws<ArgumentNullException> (() => World.Isend (null, Next, 1), "null");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Irecv (new int[2], 1, 2, Prev, 1), "slice");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Isend (new int[2], 0, -1, Next, 1), "negative count");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Isend (new int[2], Size, 1), "rank");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Irecv (new int[2], Prev, -4), "tag");
		Assert.Equal (inFlight, Diagnostics.RequestsInFlight, "requests in flight");
	}

	// ---- status-dependent pinning ----------------------------------------------------------------------

	// Held only in statics, so that the only thing pinning them is the runtime (the stack scan is
	// conservative: a local would pin them too).
	static byte[] inflight, control;
	static Request pending;

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void PostNurseryReceive (int tag)
	{
		inflight = new byte[1000];
		control = new byte[1000];
		pending = World.Irecv (inflight, 0, tag);
	}

	[MethodImpl (MethodImplOptions.NoInlining)]
	static long Addr (byte[] a) { return Diagnostics.AddressOf (a); }

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void Collect (int n)
	{
		for (int i = 0; i < n; i++) {
			GC.KeepAlive (new byte[500]);
			GC.Collect (i % 3 == 2 ? 1 : 0);
		}
	}

	public static void NurseryReceiveStaysPinnedWhileInFlightAndIsReleasedAfter ()
	{
		const int tag = 30;
		if (Rank == 0) {
			var go = new int[1];
			World.Recv (go, 1, tag + 1, null);
			var data = new byte[1000];
			for (int i = 0; i < data.Length; i++)
				data[i] = (byte) (i * 7 + 1);
			World.Send (data, 1, tag);
		} else if (Rank == 1) {
			// Rank 1 must send "go" whatever happens, or rank 0 would wait forever: checks run after.
			Exception failure = null;
			try {
				CheckPinnedWhileInFlight (tag);
			} catch (Exception e) {
				failure = e;
			}
			World.Send (new int[1], 0, tag + 1);
			if (failure == null)
				CheckReleasedAfterArrival (tag);
			else
				pending.Wait ();
			if (failure != null)
				throw failure;
		}
	}

	static long pinnedAt;

	static void CheckPinnedWhileInFlight (int tag)
	{
		long taken = Diagnostics.PinsTaken;
		PostNurseryReceive (tag);
		Assert.Equal (taken + 1, Diagnostics.PinsTaken, "a nursery buffer is pinned");
		long before = Addr (inflight), controlBefore = Addr (control);
		Collect (6);
		pinnedAt = Addr (inflight);
		Assert.Equal (before, pinnedAt, "the in-flight buffer did not move");
		Assert.True (Addr (control) != controlBefore, "an unpinned neighbour did move (the collections are real)");
	}

	static void CheckReleasedAfterArrival (int tag)
	{
		// Collect without calling Wait until a collection has completed the request and released the pin.
		long released = Diagnostics.PinsReleasedByGC;
		var deadline = DateTime.UtcNow.AddSeconds (30);
		while (Diagnostics.PinsReleasedByGC == released && DateTime.UtcNow < deadline) {
			Collect (1);
			Thread.Sleep (1);
		}
		Assert.True (Diagnostics.PinsReleasedByGC > released, "a collection released the pin without Wait");
		// The collection that completes the request releases the pin before it pins anything, so the buffer
		// may already move in that very collection.
		bool moved = Addr (inflight) != pinnedAt;
		for (int i = 0; i < 10 && !moved; i++) {
			Collect (1);
			moved = Addr (inflight) != pinnedAt;
		}
		Assert.True (moved, "the released buffer is free to move");
		for (int i = 0; i < 1000; i++)
			if (inflight[i] != (byte) (i * 7 + 1))
				Assert.Equal ((byte) (i * 7 + 1), inflight[i], "byte " + i);
		// Wait after the GC completed the request still returns its status.
		var status = new Status ();
		pending.Wait (status);
		Assert.Equal (0, status.Get_source (), "status source after GC completion");
		Assert.Equal (tag, status.Get_tag (), "status tag after GC completion");
		Assert.Equal (1000, status.Get_count (typeof (byte)), "status count after GC completion");
	}

	[MethodImpl (MethodImplOptions.NoInlining)]
	static WeakReference PostLargeAndDrop (int tag)
	{
		var big = new byte[100000];
		World.Irecv (big, 0, tag); // both the buffer and the Request are dropped
		return new WeakReference (big);
	}

	// Collects until the weak reference's target is gone or `seconds` have passed.  Its own frame, so that no
	// stale copy of the target stays in the caller's (the stack scan is conservative).
	[MethodImpl (MethodImplOptions.NoInlining)]
	static bool CollectedWithin (WeakReference weak, int seconds)
	{
		var deadline = DateTime.UtcNow.AddSeconds (seconds);
		do {
			GC.Collect ();
			if (!weak.IsAlive)
				return true;
			Thread.Sleep (1);
		} while (DateTime.UtcNow < deadline);
		return false;
	}

	public static void LargeBuffersAreKeptAliveNotPinned ()
	{
		const int tag = 40;
		if (Rank == 0) {
			World.Recv (new int[1], 1, tag + 1, null);
			var data = new byte[100000];
			data[99999] = 9;
			World.Send (data, 1, tag);
		} else if (Rank == 1) {
			long taken = Diagnostics.PinsTaken, avoided = Diagnostics.PinsAvoided;
			WeakReference weak = PostLargeAndDrop (tag);
			Collect (3);
			bool alive = CollectedWithin (weak, 0) == false;
			World.Send (new int[1], 0, tag + 1); // before any check can fail: rank 0 waits for it
			Assert.Equal (taken, Diagnostics.PinsTaken, "no pin taken");
			Assert.Equal (avoided + 1, Diagnostics.PinsAvoided, "pin avoided");
			Assert.True (alive, "a dropped in-flight buffer is not collected");
			Assert.True (CollectedWithin (weak, 30), "collected once the transfer ended");
		}
	}

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void DropMany (int n, int tag)
	{
		for (int i = 0; i < n; i++) {
			World.Irecv (new int[4], Prev, tag);
			World.Isend (new int[] { i, i, i, i }, Next, tag);
		}
	}

	public static void DroppedRequestsLeaveNothingBehind ()
	{
		const int n = 5000, tag = 50;
		DropMany (1000, tag); // warm up: slots and memory reach their steady state
		World.Barrier ();
		Collect (5);
		long memory = GC.GetTotalMemory (true);
		long slots = Diagnostics.RequestSlots;
		DropMany (n, tag);
		World.Barrier ();
		var deadline = DateTime.UtcNow.AddSeconds (60);
		while (Diagnostics.RequestsInFlight > 0 && DateTime.UtcNow < deadline) {
			Collect (1);
			Thread.Sleep (1);
		}
		Assert.Equal (0L, Diagnostics.RequestsInFlight, "requests in flight after collections");
		Assert.True (Diagnostics.RequestSlots <= Math.Max (slots, 2 * n + 2048), "slots are reused: " + Diagnostics.RequestSlots);
		long after = GC.GetTotalMemory (true);
		Assert.True (after < memory + (1 << 20), "managed memory did not grow: " + memory + " -> " + after);
	}

	public static void GcStormWhileTenThousandPairsCross ()
	{
		const int pairs = 10000, window = 16;
		bool stop = false;
		int collections = 0;
		var storm = new Thread (() => {
			while (!Volatile.Read (ref stop)) {
				for (int i = 0; i < 50; i++)
					GC.KeepAlive (new byte[200]);
				GC.Collect (0);
				Interlocked.Increment (ref collections);
			}
		});
		storm.Start ();
		int corrupted = 0;
		string first = null; // the first wrong buffer, for the report
		var recvs = new Request[window];
		var sends = new Request[window];
		var bufs = new int[window][];
		for (int done = 0; done < pairs; done += window) {
			// At least one collection per 500 pairs: on a loaded machine the storm thread may otherwise not
			// run at all before the pairs have crossed.
			while (Volatile.Read (ref collections) < done / 500)
				Thread.Yield ();
			for (int w = 0; w < window; w++) {
				bufs[w] = new int[8];
				recvs[w] = World.Irecv (bufs[w], Prev, 60 + w);
				var outgoing = new int[8];
				for (int k = 0; k < 8; k++)
					outgoing[k] = (done + w) * 31 + k + Rank;
				sends[w] = World.Isend (outgoing, Next, 60 + w);
			}
			Request.Waitall (recvs);
			Request.Waitall (sends);
			for (int w = 0; w < window; w++) {
				int wrong = 0;
				for (int k = 0; k < 8; k++)
					if (bufs[w][k] != (done + w) * 31 + k + Prev)
						wrong++;
				if (wrong > 0 && first == null)
					first = "pair " + (done + w) + " expected from " + ((done + w) * 31 + Prev) + ", got " +
						string.Join (",", bufs[w]) + " (collections so far " + Volatile.Read (ref collections) + ")";
				corrupted += wrong;
			}
		}
		Volatile.Write (ref stop, true);
		storm.Join ();
		Assert.Equal (0, corrupted, "corrupted elements; first: " + first);
		Assert.True (collections > 10, "collections during the storm: " + collections);
	}

	public static void ThreadsUsingRequestsAtOnce ()
	{
		const int threads = 4, rounds = 200;
		var errors = new string[threads];
		var workers = Enumerable.Range (0, threads).Select (t => new Thread (() => {
			try {
				for (int r = 0; r < rounds; r++) {
					var got = new long[3];
					Request rr = World.Irecv (got, Prev, 70 + t);
					Request sr = World.Isend (new long[] { r, t, Rank }, Next, 70 + t);
					if (r % 2 == 0) { rr.Wait (); sr.Wait (); } else Request.Waitall (new[] { sr, rr });
					if (got[0] != r || got[1] != t || got[2] != Prev)
						throw new Exception ("thread " + t + " round " + r + ": " + string.Join (",", got));
					if (r % 40 == 0)
						GC.Collect ();
				}
			} catch (Exception e) {
				errors[t] = e.Message;
			}
		})).ToArray ();
		foreach (var w in workers) w.Start ();
		foreach (var w in workers) w.Join ();
		foreach (var e in errors)
			Assert.True (e == null, e);
	}
}
