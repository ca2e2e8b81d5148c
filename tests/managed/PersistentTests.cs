// PersistentTests: persistent requests (Send_init, Ssend_init, Recv_init, Start, Startall) and the completions that
// never wait (Testany, Testsome, Get_status).  Runs at 1-4 ranks; the pinning storm uses ranks 0 and 1.
using System;
using System.Linq;
using System.MP;
using System.Runtime.CompilerServices;
using System.Threading;

public static class PersistentTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (PersistentTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }

	static long Value (int rank, int iter, int i) { return rank * 1000003L + iter * 1009L + i; }

	public static void PersistentRingStartedManyTimesDeliversEveryElement ()
	{
		var sendbuf = new long[40];
		var recvbuf = new long[30];
		var send = World.Send_init (sendbuf, 5, 30, Next, 3);
		var recv = World.Recv_init (recvbuf, Prev, 3);
		var status = new Status ();
		for (int iter = 0; iter < 25; iter++) {
			for (int i = 0; i < sendbuf.Length; i++)
				sendbuf[i] = Value (Rank, iter, i);
			Prequest.Startall (new[] { recv, send });
			recv.Wait (status);
			send.Wait ();
			Assert.Equal (Prev, status.Get_source (), "source, iteration " + iter);
			Assert.Equal (3, status.Get_tag (), "tag, iteration " + iter);
			Assert.Equal (30, status.Get_count (typeof (long)), "count, iteration " + iter);
			for (int i = 0; i < 30; i++)
				Assert.Equal (Value (Prev, iter, i + 5), recvbuf[i], "iteration " + iter + ", element " + i);
			// Complete: inactive again, Wait returns at once with the empty status.
			recv.Wait (status);
			Assert.Equal (MPI.ANY_SOURCE, status.Get_source (), "inactive: empty status source");
			Assert.Equal (MPI.ANY_TAG, status.Get_tag (), "inactive: empty status tag");
		}
		send.Free ();
		recv.Free ();
	}

	public static void PersistentSynchronousSendAndRangedReceive ()
	{
		var sendbuf = new int[16];
		var recvbuf = new int[24];
		var send = World.Ssend_init (sendbuf, Next, 4);
		var recv = World.Recv_init (recvbuf, 4, 16, Prev, 4);
		for (int iter = 0; iter < 10; iter++) {
			for (int i = 0; i < 16; i++)
				sendbuf[i] = (int) Value (Rank, iter, i);
			recv.Start ();
			send.Start ();
			Request.Waitall (new Request[] { send, recv });
			for (int i = 0; i < 24; i++)
				Assert.Equal (i >= 4 && i < 20 ? (int) Value (Prev, iter, i - 4) : 0, recvbuf[i], "iteration " + iter + ", element " + i);
		}
	}

	public static void NeverStartedPersistentRequestIsInactive ()
	{
		var recv = World.Recv_init (new byte[8], Prev, 5);
		var status = new Status ();
		Assert.True (recv.Test (status), "Test of an inactive request");
		Assert.Equal (MPI.ANY_SOURCE, status.Get_source (), "empty status source");
		recv.Wait (status);
		Assert.Equal (MPI.ANY_TAG, status.Get_tag (), "empty status tag");
		Assert.True (recv.Get_status (status), "Get_status of an inactive request");
		Assert.Equal (0, status.Get_count (typeof (byte)), "empty status count");
		recv.Free ();
	}

	public static void StartOfActiveOrFreedRequestRaises ()
	{
		var buf = new int[4];
		var recv = World.Recv_init (buf, Prev, 6);
		var other = World.Recv_init (new int[4], Prev, 6);
		recv.Start ();
		Assert.Contains ("active", Assert.Throws<InvalidOperationException> (() => recv.Start (), "Start of an active request").Message);
		Assert.Throws<InvalidOperationException> (() => Prequest.Startall (new[] { other, recv }), "Startall with an active request");
		Assert.Throws<InvalidOperationException> (() => Prequest.Startall (new[] { other, other }), "Startall with a request twice");
		Assert.Throws<ArgumentNullException> (() => Prequest.Startall (new[] { other, null }), "Startall with a null entry");
		Assert.Throws<ArgumentNullException> (() => Prequest.Startall (null), "Startall(null)");
		// None of the refused Startalls started `other`: it is inactive.
		Assert.True (other.Test (), "other was not started");
		World.Send (new[] { 1, 2, 3, 4 }, Next, 6);
		recv.Wait ();
		Assert.SequenceEqual (new[] { 1, 2, 3, 4 }, buf, "received");
		recv.Free ();
		Assert.Contains ("freed", Assert.Throws<InvalidOperationException> (() => recv.Start (), "Start of a freed request").Message);
		other.Free ();
	}

	public static void FreeOfActiveRequestStillCompletesIt ()
	{
		long baseline = Diagnostics.RequestsInFlight;
		var buf = new int[3];
		var recv = World.Recv_init (buf, Prev, 7);
		recv.Start ();
		recv.Free ();
		recv.Wait (); // returns at once: freed
		Assert.Contains ("freed", Assert.Throws<InvalidOperationException> (() => recv.Start (), "Start of a request freed while active").Message);
		World.Send (new[] { 7, 8, 9 }, Next, 7);
		World.Barrier ();
		WaitUntilInFlight (baseline);
		Assert.SequenceEqual (new[] { 7, 8, 9 }, buf, "the freed receive still completed into its buffer");
	}

	public static void InitRefusesBadArguments ()
	{
		Assert.Throws<ArgumentNullException> (() => World.Send_init (null, Next, 1), "null buffer");
		Assert.Throws<ArgumentException> (() => World.Recv_init ("text", Prev, 1), "string buffer");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send_init (new int[2], Size, 1), "dest = size");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send_init (new int[2], MPI.ANY_SOURCE, 1), "dest ANY_SOURCE");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Ssend_init (new int[2], Next, -3), "negative tag");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send_init (new int[2], Next, MPI.ANY_TAG), "ANY_TAG on a send");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Recv_init (new int[2], 1, 2, Prev, 1), "range past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Recv_init (new int[2], -1, 1, Prev, 1), "negative offset");
		// ANY_SOURCE, ANY_TAG and PROC_NULL are fine where MPI takes them.
		World.Recv_init (new int[2], MPI.ANY_SOURCE, MPI.ANY_TAG).Free ();
		var toNobody = World.Send_init (new int[2], MPI.PROC_NULL, 1);
		toNobody.Start ();
		toNobody.Wait ();
		var dup = World.Dup ();
		var late = dup.Send_init (new int[2], MPI.PROC_NULL, 1);
		dup.Free ();
		Assert.Throws<ObjectDisposedException> (() => dup.Recv_init (new int[2], 0, 1), "freed communicator at init");
		Assert.Throws<ObjectDisposedException> (() => late.Start (), "communicator freed between init and Start");
		Assert.True (late.Test (), "the refused Start left the request inactive");
	}

	// ---- pinning: in place while active, free to move while inactive ----------------------------------

	// Held only in statics: a local would pin the buffer (the stack scan is conservative).
	static byte[] pbuf;
	static Prequest precv;

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void MakeStormReceive ()
	{
		pbuf = new byte[1000]; // a nursery object: it moves at the next collection unless pinned
		precv = World.Recv_init (pbuf, 0, 40);
	}

	// The address, complemented: a local holding the address itself would pin the buffer (conservative stack scan).
	[MethodImpl (MethodImplOptions.NoInlining)]
	static long Addr () { return ~Diagnostics.AddressOf (pbuf); }

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void Collect (int n)
	{
		for (int i = 0; i < n; i++) {
			GC.KeepAlive (new byte[500]);
			GC.Collect (i % 3 == 2 ? 1 : 0);
		}
	}

	static byte Expected (int iter, int i) { return (byte) (iter * 31 + i * 7 + 1); }

	public static void GcStormBufferStaysWhileActiveAndIsReleasedAfterEachUse ()
	{
		const int iterations = 40;
		if (Rank == 0 && Size > 1) {
			var data = new byte[1000];
			var send = World.Send_init (data, 1, 40);
			var go = new int[1];
			for (int iter = 0; iter < iterations; iter++) {
				World.Recv (go, 1, 41, null);
				for (int i = 0; i < data.Length; i++)
					data[i] = Expected (iter, i);
				send.Start ();
				Collect (1);
				send.Wait ();
			}
			send.Free ();
		} else if (Rank == 1) {
			long pins = Diagnostics.PinsTaken, baseline = Diagnostics.RequestsInFlight;
			MakeStormReceive ();
			int moved = 0;
			Exception failure = null;
			for (int iter = 0; iter < iterations; iter++) {
				long before = Addr ();
				precv.Start ();
				long pinnedAt = Addr ();
				try {
					Assert.Equal (before, pinnedAt, "Start does not move the buffer");
					Collect (4);
					Assert.Equal (pinnedAt, Addr (), "iteration " + iter + ": the buffer stays in place while active");
					Assert.Equal (baseline + 1, Diagnostics.RequestsInFlight, "one request in flight");
				} catch (Exception e) {
					failure = failure ?? e;
				}
				// Rank 0 sends only now, so the collections above all ran while the receive was active.
				World.Send (new int[1], 0, 41);
				precv.Wait ();
				for (int i = 0; i < pbuf.Length; i++)
					if (pbuf[i] != Expected (iter, i))
						failure = failure ?? new AssertionException ("iteration " + iter + ": byte " + i + ": expected " +
							Expected (iter, i) + ", got " + pbuf[i]);
				long after = Addr ();
				Collect (2);
				if (Addr () != after)
					moved++;
			}
			if (failure != null)
				throw failure;
			// Whether the buffer moved between uses (moved > 0) is not asserted: in some runs it stays in place
			// although nothing is in flight and no slot holds it (MPICH and Open MPI, 3-4 ranks, also with earlier
			// releases' code; suspected a conservative reference on a stack, cause not found).  GC.KeepAlive keeps
			// the count for a debugger.
			GC.KeepAlive (moved);
			Assert.True (Diagnostics.PinsTaken >= pins + iterations, "a pin per Start of a movable buffer (" +
				(Diagnostics.PinsTaken - pins) + " for " + iterations + ")");
			Assert.Equal (baseline, Diagnostics.RequestsInFlight, "nothing in flight after the last Wait");
			precv.Free ();
		}
	}

	static void WaitUntilInFlight (long baseline)
	{
		var deadline = DateTime.UtcNow.AddSeconds (30);
		while (Diagnostics.RequestsInFlight > baseline && DateTime.UtcNow < deadline) {
			Collect (1);
			Thread.Sleep (1);
		}
		Assert.Equal (baseline, Diagnostics.RequestsInFlight, "requests in flight once the collections completed them");
	}

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void StartAndDrop (int iter)
	{
		var recv = World.Recv_init (new double[100], Prev, 50);
		var send = World.Send_init (Enumerable.Range (0, 100).Select (i => (double) i + iter).ToArray (), Next, 50);
		recv.Start ();
		send.Start ();
	}

	public static void DroppedPersistentRequestsLeaveNothingInFlight ()
	{
		long baseline = Diagnostics.RequestsInFlight;
		for (int iter = 0; iter < 20; iter++)
			StartAndDrop (iter);
		World.Barrier ();
		WaitUntilInFlight (baseline);
	}

	// ---- Testany, Testsome, Get_status ----------------------------------------------------------------

	public static void TestanySkipsNullAndInactiveAndReportsOneCompletion ()
	{
		var status = new Status ();
		Assert.Equal (MPI.UNDEFINED, Request.Testany (new Request[0], status), "empty array");
		var inactive = World.Recv_init (new int[1], Prev, 60);
		Assert.Equal (MPI.UNDEFINED, Request.Testany (new Request[] { null, inactive }, status), "null and inactive only");
		Assert.Equal (MPI.ANY_SOURCE, status.Get_source (), "none active: empty status");
		var buf = new int[5];
		var recv = World.Irecv (buf, Prev, 61);
		var set = new Request[] { null, inactive, recv };
		Assert.Equal (MPI.UNDEFINED, Request.Testany (set, status), "active but not complete (nothing sent yet)");
		World.Barrier (); // every rank has tested before any sends
		World.Send (new[] { 5, 4, 3, 2, 1 }, Next, 61);
		int index;
		var deadline = DateTime.UtcNow.AddSeconds (30);
		while ((index = Request.Testany (set, status)) == MPI.UNDEFINED && DateTime.UtcNow < deadline)
			Thread.Yield ();
		Assert.Equal (2, index, "the receive completed");
		Assert.Equal (Prev, status.Get_source (), "status source");
		Assert.Equal (61, status.Get_tag (), "status tag");
		Assert.SequenceEqual (new[] { 5, 4, 3, 2, 1 }, buf, "received");
		Assert.Equal (MPI.UNDEFINED, Request.Testany (set, status), "reported: inactive now");
		Assert.Equal (MPI.ANY_TAG, status.Get_tag (), "all inactive: empty status");
		Assert.Throws<ArgumentNullException> (() => Request.Testany (null, status), "null array");
		inactive.Free ();
	}

	public static void TestsomeReportsEachCompletionOnce ()
	{
		Assert.True (Request.Testsome (new Request[] { null }, null) == null, "no active request: null (MPI_UNDEFINED)");
		var a = new short[3];
		var b = new short[4];
		var ra = World.Irecv (a, Prev, 62);
		var rb = World.Irecv (b, Prev, 63);
		var set = new Request[] { ra, null, rb };
		var none = Request.Testsome (set, null);
		Assert.True (none != null && none.Length == 0, "active but none complete: empty");
		World.Barrier ();
		World.Send (new short[] { 1, 2, 3 }, Next, 62);
		World.Send (new short[] { 4, 5, 6, 7 }, Next, 63);
		var seen = new System.Collections.Generic.List<int> ();
		var statuses = new[] { new Status (), new Status () };
		var deadline = DateTime.UtcNow.AddSeconds (30);
		while (seen.Count < 2 && DateTime.UtcNow < deadline) {
			var got = Request.Testsome (set, statuses);
			Assert.True (got != null, "some request is still active");
			for (int k = 0; k < got.Length; k++) {
				Assert.True (!seen.Contains (got[k]), "index " + got[k] + " reported once");
				Assert.Equal (got[k] == 0 ? 62 : 63, statuses[k].Get_tag (), "status " + k + " belongs to index " + got[k]);
				seen.Add (got[k]);
			}
		}
		seen.Sort ();
		Assert.SequenceEqual (new[] { 0, 2 }, seen, "both receives reported");
		Assert.SequenceEqual (new short[] { 1, 2, 3 }, a, "a");
		Assert.SequenceEqual (new short[] { 4, 5, 6, 7 }, b, "b");
		Assert.True (Request.Testsome (set, statuses) == null, "all reported: none active");
	}

	public static void GetStatusLeavesTheRequestToWait ()
	{
		var buf = new long[2];
		var recv = World.Irecv (buf, Prev, 64);
		var status = new Status ();
		Assert.True (!recv.Get_status (status), "nothing sent yet");
		World.Barrier ();
		World.Send (new[] { 11L, 22L }, Next, 64);
		var deadline = DateTime.UtcNow.AddSeconds (30);
		while (!recv.Get_status (status) && DateTime.UtcNow < deadline)
			Thread.Yield ();
		Assert.Equal (Prev, status.Get_source (), "Get_status source");
		Assert.Equal (64, status.Get_tag (), "Get_status tag");
		Assert.True (recv.Get_status (status), "still complete, still unreported");
		Assert.Equal (64, status.Get_tag (), "again: tag");
		// Wait still reports it, with its status; only then is the request inactive.
		var waited = new Status ();
		recv.Wait (waited);
		Assert.Equal (Prev, waited.Get_source (), "Wait after Get_status: source");
		Assert.Equal (2, waited.Get_count (typeof (long)), "Wait after Get_status: count");
		Assert.SequenceEqual (new[] { 11L, 22L }, buf, "received");
		Assert.True (recv.Get_status (status), "inactive");
		Assert.Equal (MPI.ANY_SOURCE, status.Get_source (), "inactive: empty status");
	}

	public static void TestanyAndTestsomeWithPersistentRequests ()
	{
		var buf = new int[1];
		var recv = World.Recv_init (buf, Prev, 65);
		var send = World.Send_init (new[] { Rank + 100 }, Next, 65);
		var set = new Request[] { recv, send };
		for (int iter = 0; iter < 3; iter++) {
			Prequest.Startall (new[] { recv, send });
			var seen = new System.Collections.Generic.List<int> ();
			var deadline = DateTime.UtcNow.AddSeconds (30);
			while (seen.Count < 2 && DateTime.UtcNow < deadline) {
				int i = Request.Testany (set, null);
				if (i != MPI.UNDEFINED)
					seen.Add (i);
			}
			seen.Sort ();
			Assert.SequenceEqual (new[] { 0, 1 }, seen, "iteration " + iter + ": both reported once");
			Assert.Equal (Prev + 100, buf[0], "iteration " + iter + ": received");
			Assert.True (Request.Testsome (set, null) == null, "both inactive again");
		}
	}

	// Persistent collectives (Allreduce_init ...): made once, started together with Startall many times, each Start
	// with the buffers' contents of that moment; the v-form's counts are those of init.
	public static void PersistentCollectivesStartedManyTimes ()
	{
		int n = Size;
		var contrib = new int[3];
		var sum = new int[3];
		var root = new long[2];
		var all = new int[2 * n];
		var mine = new int[2];
		var prefix = new int[1];
		var v = new double[n + 1];
		var counts = Enumerable.Repeat (1, n).ToArray ();
		counts[n - 1] = 2;
		var displs = Enumerable.Range (0, n).ToArray ();
		// Decimal concatenation: associative, not commutative.
		var user = Op.Create<int> ((a, b) => a * (b < 10 ? 10 : b < 100 ? 100 : b < 1000 ? 1000 : 10000) + b, false);
		var ordered = new int[1];
		var reqs = new[] {
			World.Allreduce_init (contrib, sum, Op.SUM),
			World.Bcast_init (root, 0),
			World.Allgather_init (mine, all),
			World.Scan_init (new[] { 0 }, prefix, Op.SUM),
			World.Allgatherv_init (new double[Rank == n - 1 ? 2 : 1], v, counts, displs),
			World.Allreduce_init (new[] { Rank + 1 }, ordered, user),
			World.Barrier_init (),
		};
		counts[0] = 99; // changed after init: the copy made at init counts
		for (int iter = 0; iter < 6; iter++) {
			for (int i = 0; i < 3; i++)
				contrib[i] = Rank * 100 + iter * 10 + i;
			if (Rank == 0) {
				root[0] = iter;
				root[1] = -iter;
			}
			mine[0] = Rank;
			mine[1] = iter;
			Prequest.Startall (reqs.Cast<Prequest> ().ToArray ());
			Request.Waitall (reqs);
			for (int i = 0; i < 3; i++)
				Assert.Equal (100 * n * (n - 1) / 2 + n * (iter * 10 + i), sum[i], "iteration " + iter + ": sum[" + i + "]");
			Assert.Equal (iter, (int) root[0], "iteration " + iter + ": Bcast");
			Assert.Equal (-iter, (int) root[1], "iteration " + iter + ": Bcast");
			for (int r = 0; r < n; r++) {
				Assert.Equal (r, all[2 * r], "iteration " + iter + ": Allgather rank");
				Assert.Equal (iter, all[2 * r + 1], "iteration " + iter + ": Allgather iteration");
			}
			int expect = 0;
			for (int r = 0; r < n; r++)
				expect = r == 0 ? 1 : expect * 10 + r + 1;
			Assert.Equal (expect, ordered[0], "iteration " + iter + ": user-defined operator, in rank order");
			foreach (var r in reqs)
				Assert.True (r.Test (), "inactive again");
		}
		foreach (var r in reqs)
			r.Free ();
		user.Free ();
	}

	// A persistent collective refused at Start: the refusing rank raises there, the others at the completion; the
	// request stays usable on every rank, and the communicator too.
	public static void PersistentCollectiveRefusalRaisesOnEveryRank ()
	{
		var buf = new int[4];
		var ok = World.Bcast_init (buf, 0);
		var bad = World.Bcast_init (buf, 0, Rank == Size - 1 ? 5 : 4, 0); // past the end on the last rank
		if (Rank == Size - 1) {
			Assert.Throws<ArgumentOutOfRangeException> (() => bad.Start (), "the refusing rank, at Start");
			Assert.True (bad.Test (), "not started: inactive");
		} else {
			bad.Start ();
			Assert.Throws<InvalidOperationException> (() => bad.Wait (), "rank " + Rank + ", from Wait");
			Assert.True (bad.Test (), "completed: inactive");
		}
		for (int iter = 0; iter < 3; iter++) {
			if (Rank == 0)
				buf[3] = 40 + iter;
			ok.Start ();
			Assert.Throws<InvalidOperationException> (() => ok.Start (), "Start while active");
			Assert.Throws<NotSupportedException> (() => ok.Cancel (), "Cancel of a collective");
			ok.Wait ();
			Assert.Equal (40 + iter, buf[3], "the communicator still works, iteration " + iter);
		}
		ok.Free ();
		Assert.Throws<InvalidOperationException> (() => ok.Start (), "Start after Free");
		bad.Free ();
		var freed = World.Dup ();
		freed.Free ();
		Assert.Throws<ObjectDisposedException> (() => freed.Barrier_init (), "init on a freed communicator");
	}

	// A persistent collective on nursery arrays that collections move between its uses (and during them): each
	// Start reads and writes the arrays where they are then.
	public static void PersistentCollectiveFollowsBuffersTheCollectorMoves ()
	{
		var send = new long[64];
		var recv = new long[64];
		var sum = World.Allreduce_init (send, recv, Op.SUM);
		var ring = World.Allgather_init (new[] { (long) Rank }, new long[Size]);
		for (int iter = 0; iter < 30; iter++) {
			for (int i = 0; i < send.Length; i++)
				send[i] = Rank + iter * i;
			Collect (2);
			sum.Start ();
			ring.Start ();
			Collect (2);
			Request.Waitall (new Request[] { sum, ring });
			for (int i = 0; i < recv.Length; i++)
				Assert.Equal ((long) Size * (Size - 1) / 2 + (long) Size * iter * i, recv[i], "iteration " + iter + ", element " + i);
		}
		sum.Free ();
		ring.Free ();
	}
}
