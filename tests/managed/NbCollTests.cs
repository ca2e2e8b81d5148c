// NbCollTests: the non-blocking collectives of Intracomm.  Every operation with known results at every root, the
// in-place forms, several outstanding at once completed in another order, Test loops, collections while they are
// in flight (buffers stay put, data intact), a dropped request that leaves nothing in flight, a user-defined
// operator (with another thread collecting garbage meanwhile), and a refusal on one rank raising on every rank.
// Runs at 1, 2, 3 and 4 ranks.
using System;
using System.Linq;
using System.MP;
using System.Runtime.CompilerServices;
using System.Threading;

public static class NbCollTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (NbCollTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }

	static int V (int r, int i) { return r * 1000 + i; }
	static int[] Block (int r, int n) { return Enumerable.Range (0, n).Select (i => V (r, i)).ToArray (); }
	static int[] Blocks (int n) { return Enumerable.Range (0, Size).SelectMany (r => Block (r, n)).ToArray (); }

	public static void IbarrierCompletes ()
	{
		var r = World.Ibarrier ();
		r.Wait ();
		Assert.True (r.Test (), "an inactive request tests true");
	}

	public static void IbarrierPostsWithoutWaitingForTheOthers ()
	{
		// The last rank posts 600 ms late; the others' posts must return at once and their request stay
		// incomplete until it arrives.
		if (Size < 2)
			return;
		// Every rank starts together (the one that printed the last verdict may start late on a busy machine); a
		// rank descheduled for up to half a second still sees its Wait wait.
		World.Barrier ();
		if (Rank == Size - 1) {
			System.Threading.Thread.Sleep (600);
			World.Ibarrier ().Wait ();
			return;
		}
		var sw = System.Diagnostics.Stopwatch.StartNew ();
		var r = World.Ibarrier ();
		long posted = sw.ElapsedMilliseconds;
		bool early = r.Test ();
		r.Wait ();
		Assert.True (posted < 300, "Ibarrier's post returned after " + posted + " ms");
		Assert.True (!early, "the barrier completed before the last rank arrived");
		Assert.True (sw.ElapsedMilliseconds >= 100, "Wait returned after " + sw.ElapsedMilliseconds + " ms");
	}

	public static void IbcastDeliversTheRootsDataFromEveryRoot ()
	{
		for (int root = 0; root < Size; root++) {
			var buf = Rank == root ? Block (root, 5) : new int[5];
			World.Ibcast (buf, root).Wait ();
			Assert.SequenceEqual (Block (root, 5), buf, "Ibcast from " + root);
			var part = new double[6];
			if (Rank == root)
				for (int i = 0; i < 6; i++)
					part[i] = root + i / 8.0;
			World.Ibcast (part, 1, 4, root).Wait ();
			for (int i = 0; i < 6; i++)
				Assert.Equal (i >= 1 && i < 5 || Rank == root ? root + i / 8.0 : 0.0, part[i], "ranged Ibcast element " + i);
		}
	}

	public static void IscatterAndIgatherMoveEveryBlockAtEveryRoot ()
	{
		for (int root = 0; root < Size; root++) {
			var mine = new int[3];
			World.Iscatter (Rank == root ? Blocks (3) : null, mine, root).Wait ();
			Assert.SequenceEqual (Block (Rank, 3), mine, "Iscatter from " + root);
			var all = Rank == root ? new int[3 * Size] : null;
			World.Igather (mine, all, root).Wait ();
			if (Rank == root)
				Assert.SequenceEqual (Blocks (3), all, "Igather to " + root);
			// In place at the root.
			if (Rank == root) {
				var whole = Blocks (3);
				World.Iscatter (whole, MPI.IN_PLACE, root).Wait ();
				Assert.SequenceEqual (Blocks (3), whole, "in-place Iscatter leaves the root's buffer");
				var g = new int[3 * Size];
				Array.Copy (Block (root, 3), 0, g, 3 * root, 3);
				World.Igather (MPI.IN_PLACE, g, root).Wait ();
				Assert.SequenceEqual (Blocks (3), g, "in-place Igather");
			} else {
				var b = new int[3];
				World.Iscatter (null, b, root).Wait ();
				Assert.SequenceEqual (Block (Rank, 3), b, "Iscatter beside an in-place root");
				World.Igather (Block (Rank, 3), null, root).Wait ();
			}
		}
	}

	public static void IscattervAndIgathervUseTheCountsGivenAtPostEvenIfChangedAfter ()
	{
		int[] counts = Enumerable.Range (0, Size).Select (r => r + 1).ToArray ();
		int[] displs = new int[Size];
		for (int r = 1; r < Size; r++)
			displs[r] = displs[r - 1] + counts[r - 1];
		int total = counts.Sum ();
		var whole = Enumerable.Range (0, total).Select (i => 7 * i + 1).ToArray ();
		for (int root = 0; root < Size; root++) {
			var c = (int[]) counts.Clone ();
			var d = (int[]) displs.Clone ();
			var mine = new int[Rank + 1];
			var req = World.Iscatterv (Rank == root ? whole : null, c, d, mine, root);
			c[0] = -5; d[0] = 999; // copied at the post: changing them now changes nothing
			req.Wait ();
			Assert.SequenceEqual (whole.Skip (displs[Rank]).Take (Rank + 1), mine, "Iscatterv from " + root);
			var back = Rank == root ? new int[total] : null;
			c = (int[]) counts.Clone ();
			req = World.Igatherv (mine, back, c, displs, root);
			c[Size - 1] = 0;
			req.Wait ();
			if (Rank == root)
				Assert.SequenceEqual (whole, back, "Igatherv to " + root);
		}
	}

	public static void IallgatherAndIallgathervInBothForms ()
	{
		var all = new int[2 * Size];
		World.Iallgather (Block (Rank, 2), all).Wait ();
		Assert.SequenceEqual (Blocks (2), all, "Iallgather");
		var inPlace = new int[2 * Size];
		Array.Copy (Block (Rank, 2), 0, inPlace, 2 * Rank, 2);
		World.Iallgather (inPlace).Wait ();
		Assert.SequenceEqual (Blocks (2), inPlace, "in-place Iallgather");

		int[] counts = Enumerable.Range (0, Size).Select (r => r + 1).ToArray ();
		int[] displs = new int[Size];
		for (int r = 1; r < Size; r++)
			displs[r] = displs[r - 1] + counts[r - 1];
		var expect = Enumerable.Range (0, Size).SelectMany (r => Block (r, r + 1)).ToArray ();
		var v = new int[counts.Sum ()];
		World.Iallgatherv (Block (Rank, Rank + 1), v, counts, displs).Wait ();
		Assert.SequenceEqual (expect, v, "Iallgatherv");
		var vp = new int[counts.Sum ()];
		Array.Copy (Block (Rank, Rank + 1), 0, vp, displs[Rank], Rank + 1);
		World.Iallgatherv (MPI.IN_PLACE, vp, counts, displs).Wait ();
		Assert.SequenceEqual (expect, vp, "in-place Iallgatherv");
	}

	static int A2A (int from, int to, int i) { return from * 100 + to * 10 + i; }

	public static void IalltoallAndIalltoallvInBothForms ()
	{
		var send = new int[2 * Size];
		for (int to = 0; to < Size; to++)
			for (int i = 0; i < 2; i++)
				send[2 * to + i] = A2A (Rank, to, i);
		var expect = new int[2 * Size];
		for (int from = 0; from < Size; from++)
			for (int i = 0; i < 2; i++)
				expect[2 * from + i] = A2A (from, Rank, i);
		var recv = new int[2 * Size];
		World.Ialltoall (send, recv).Wait ();
		Assert.SequenceEqual (expect, recv, "Ialltoall");
		World.Ialltoall (send).Wait ();
		Assert.SequenceEqual (expect, send, "in-place Ialltoall");

		// Rank r sends to rank t (t + 1) elements.
		int[] sc = Enumerable.Range (0, Size).Select (t => t + 1).ToArray ();
		int[] sd = new int[Size];
		for (int t = 1; t < Size; t++)
			sd[t] = sd[t - 1] + sc[t - 1];
		int[] rcn = Enumerable.Repeat (Rank + 1, Size).ToArray ();
		int[] rd = Enumerable.Range (0, Size).Select (f => f * (Rank + 1)).ToArray ();
		var vs = new int[sc.Sum ()];
		for (int t = 0; t < Size; t++)
			for (int i = 0; i <= t; i++)
				vs[sd[t] + i] = A2A (Rank, t, i);
		var vr = new int[Size * (Rank + 1)];
		var req = World.Ialltoallv (vs, sc, sd, vr, rcn, rd);
		sc[0] = rcn[0] = 12345;
		req.Wait ();
		for (int f = 0; f < Size; f++)
			for (int i = 0; i <= Rank; i++)
				Assert.Equal (A2A (f, Rank, i), vr[rd[f] + i], "Ialltoallv from " + f + " element " + i);
	}

	static long[] Contribution (int r, int n) { return Enumerable.Range (0, n).Select (i => (long) (r + 1) * (i + 3)).ToArray (); }
	static long[] SumUpTo (int ranks, int n)
	{
		return Enumerable.Range (0, n).Select (i => Enumerable.Range (0, ranks).Sum (r => (long) (r + 1) * (i + 3))).ToArray ();
	}

	public static void IreduceGivesTheSumAtEveryRootInBothForms ()
	{
		for (int root = 0; root < Size; root++) {
			var res = Rank == root ? new long[4] : null;
			World.Ireduce (Contribution (Rank, 4), res, Op.SUM, root).Wait ();
			if (Rank == root)
				Assert.SequenceEqual (SumUpTo (Size, 4), res, "Ireduce to " + root);
			var buf = Contribution (Rank, 4);
			World.Ireduce (buf, Op.SUM, root).Wait ();
			Assert.SequenceEqual (Rank == root ? SumUpTo (Size, 4) : Contribution (Rank, 4), buf, "in-place Ireduce to " + root);
		}
	}

	public static void IallreduceIscanIexscanGiveKnownResultsInBothForms ()
	{
		var r = new long[4];
		World.Iallreduce (Contribution (Rank, 4), r, Op.SUM).Wait ();
		Assert.SequenceEqual (SumUpTo (Size, 4), r, "Iallreduce");
		var b = Contribution (Rank, 4);
		World.Iallreduce (b, Op.SUM).Wait ();
		Assert.SequenceEqual (SumUpTo (Size, 4), b, "in-place Iallreduce");

		World.Iscan (Contribution (Rank, 4), r, Op.SUM).Wait ();
		Assert.SequenceEqual (SumUpTo (Rank + 1, 4), r, "Iscan");
		b = Contribution (Rank, 4);
		World.Iscan (b, Op.SUM).Wait ();
		Assert.SequenceEqual (SumUpTo (Rank + 1, 4), b, "in-place Iscan");

		var e = new long[4];
		World.Iexscan (Contribution (Rank, 4), e, Op.SUM).Wait ();
		if (Rank > 0)
			Assert.SequenceEqual (SumUpTo (Rank, 4), e, "Iexscan");
		b = Contribution (Rank, 4);
		World.Iexscan (b, Op.SUM).Wait ();
		if (Rank > 0)
			Assert.SequenceEqual (SumUpTo (Rank, 4), b, "in-place Iexscan");
	}

	public static void IreduceScatterBlockGivesEachRankItsBlockInBothForms ()
	{
		var send = Enumerable.Range (0, 2 * Size).Select (i => Rank * 10 + i).ToArray ();
		var mine = new int[2];
		World.Ireduce_scatter_block (send, mine, Op.SUM).Wait ();
		for (int i = 0; i < 2; i++)
			Assert.Equal (Enumerable.Range (0, Size).Sum (q => q * 10 + 2 * Rank + i), mine[i], "block element " + i);
		World.Ireduce_scatter_block (send, Op.SUM).Wait ();
		for (int i = 0; i < 2; i++)
			Assert.Equal (Enumerable.Range (0, Size).Sum (q => q * 10 + 2 * Rank + i), send[i], "in-place element " + i);
	}

	public static void IreduceScatterGivesEachRankItsCountOfTheSumInBothForms ()
	{
		// Rank r receives r + 1 elements: block r of the element-wise sum of every rank's contribution.
		var counts = Enumerable.Range (0, Size).Select (r => r + 1).ToArray ();
		int total = counts.Sum (), start = counts.Take (Rank).Sum ();
		var send = Enumerable.Range (0, total).Select (i => Rank * 100 + i).ToArray ();
		var recv = new int[counts[Rank]];
		var req = World.Ireduce_scatter (send, recv, counts, Op.SUM);
		counts[0] = 99; // copied at the post
		req.Wait ();
		counts[0] = 1;
		for (int i = 0; i < recv.Length; i++)
			Assert.Equal (Enumerable.Range (0, Size).Sum (r => r * 100 + start + i), recv[i], "Ireduce_scatter element " + i);
		var buf = (int[]) send.Clone ();
		World.Ireduce_scatter (buf, counts, Op.SUM).Wait ();
		for (int i = 0; i < counts[Rank]; i++)
			Assert.Equal (Enumerable.Range (0, Size).Sum (r => r * 100 + start + i), buf[i], "in place, element " + i);
		var bad = Rank == Size - 1 ? new int[counts[Rank] + 1] : recv;
		if (Rank == Size - 1)
			Assert.Throws<ArgumentException> (() => World.Ireduce_scatter (send, bad, counts, Op.SUM), "wrong recvbuf on the last rank");
		else
			Assert.Throws<InvalidOperationException> (() => World.Ireduce_scatter (send, bad, counts, Op.SUM).Wait (), "the others raise too, from Wait");
	}

	public static void SeveralOutstandingCompleteWithWaitallInAnotherOrder ()
	{
		var a = new long[3];
		var b = Rank == 0 ? Block (0, 4) : new int[4];
		var c = new int[Size];
		var reqs = new Request[] {
			World.Iallreduce (Contribution (Rank, 3), a, Op.SUM),
			World.Ibcast (b, 0),
			World.Iallgather (new[] { V (Rank, 0) }, c),
			World.Ibarrier (),
		};
		// Each rank completes them in a different order.
		var order = Enumerable.Range (0, reqs.Length).Select (i => reqs[(i + Rank) % reqs.Length]).Reverse ().ToArray ();
		Request.Waitall (order);
		Assert.SequenceEqual (SumUpTo (Size, 3), a, "Iallreduce");
		Assert.SequenceEqual (Block (0, 4), b, "Ibcast");
		Assert.SequenceEqual (Enumerable.Range (0, Size).Select (r => V (r, 0)), c, "Iallgather");
	}

	public static void TestLoopsComplete ()
	{
		var r = new long[3];
		var req = World.Iallreduce (Contribution (Rank, 3), r, Op.SUM);
		int polls = 0;
		while (!req.Test ())
			polls++;
		Assert.SequenceEqual (SumUpTo (Size, 3), r, "Iallreduce by Test after " + polls + " polls");
		var bar = World.Ibarrier ();
		while (!bar.Test ())
			Thread.Yield ();
	}

	[MethodImpl (MethodImplOptions.NoInlining)]
	static long Addr (object a) { return Diagnostics.AddressOf (a); }

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void Collect (int n)
	{
		for (int i = 0; i < n; i++) {
			GC.KeepAlive (new byte[500]);
			GC.Collect (i % 3 == 2 ? 1 : 0);
		}
	}

	public static void CollectionsWhileInFlightMoveNoBufferAndLoseNoData ()
	{
		long taken = Diagnostics.PinsTaken;
		var send = Contribution (Rank, 100);
		var recv = new long[100];
		var gathered = new int[3 * Size];
		var req1 = World.Iallreduce (send, recv, Op.SUM);
		var req2 = World.Iallgather (Block (Rank, 3), gathered);
		Assert.True (Diagnostics.PinsTaken >= taken + 3, "the nursery buffers of both collectives are pinned");
		long s0 = Addr (send), r0 = Addr (recv), g0 = Addr (gathered);
		int inFlight = 0;
		// Another rank that sleeps before it waits keeps the collectives in flight here for a while.
		if (Rank % 2 == 1)
			Thread.Sleep (200);
		for (int round = 0; round < 30; round++) {
			bool active1 = !req1.Test (), active2 = !req2.Test ();
			if (!active1 && !active2)
				break;
			inFlight++;
			Collect (3);
			if (active1) {
				Assert.Equal (s0, Addr (send), "the send buffer did not move");
				Assert.Equal (r0, Addr (recv), "the receive buffer did not move");
			}
			if (active2)
				Assert.Equal (g0, Addr (gathered), "the gather buffer did not move");
		}
		Request.Waitall (new[] { req1, req2 });
		Console.WriteLine ("# rank " + Rank + ": " + inFlight + " rounds of collections with a collective in flight");
		Assert.SequenceEqual (SumUpTo (Size, 100), recv, "Iallreduce data intact");
		Assert.SequenceEqual (Blocks (3), gathered, "Iallgather data intact");
	}

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void PostAndDrop ()
	{
		World.Iallreduce (Contribution (Rank, 50), new long[50], Op.SUM);
		World.Ialltoall (new int[Size], new int[Size]);
	}

	public static void DroppedRequestsLeaveNothingInFlightAfterCollections ()
	{
		long before = Diagnostics.RequestsInFlight;
		PostAndDrop ();
		// A blocking collective after them: every rank has progressed its part of the dropped ones.
		World.Barrier ();
		var deadline = DateTime.UtcNow.AddSeconds (30);
		while (Diagnostics.RequestsInFlight > before && DateTime.UtcNow < deadline) {
			Collect (1);
			Thread.Sleep (1);
		}
		Assert.Equal (before, Diagnostics.RequestsInFlight, "the collector completed the dropped collectives");
		World.Barrier ();
	}


	public static void UserOperatorWorksWhileAnotherThreadCollects ()
	{
		using (var op = Op.Create<long> ((a, b) => Math.Max (a, b) + 1, true)) {
			bool stop = false;
			var collector = new Thread (() => {
				while (!Volatile.Read (ref stop)) {
					GC.KeepAlive (new byte[2000]);
					GC.Collect (0);
				}
			});
			collector.Start ();
			try {
				for (int round = 0; round < 20; round++) {
					var res = new long[8];
					var contrib = Enumerable.Range (0, 8).Select (i => (long) (Rank * 10 + i)).ToArray ();
					var req = World.Iallreduce (contrib, res, op);
					if (round % 2 == 0)
						req.Wait ();
					else
						while (!req.Test ())
							Thread.Yield ();
					// max + 1 applied Size - 1 times: each application adds one to the running maximum.
					for (int i = 0; i < 8; i++)
						Assert.True (res[i] >= (Size - 1) * 10 + i && res[i] <= (Size - 1) * 10 + i + Size - 1,
							"element " + i + " = " + res[i]);
				}
			} finally {
				Volatile.Write (ref stop, true);
				collector.Join ();
			}
		}
	}

	public static void UserOperatorExceptionIsRaisedByTheCompletion ()
	{
		using (var op = Op.Create<int> ((a, b) => { if (a + b >= 0) throw new FormatException ("from the operator"); return a; }, true)) {
			var req = World.Iallreduce (new[] { 1, 2 }, new int[2], op);
			int threw = 0;
			try {
				req.Wait ();
			} catch (FormatException e) {
				Assert.Contains ("from the operator", e.Message, "the operator's own exception");
				threw = 1;
			}
			Assert.True (req.Test (), "completed all the same");
			// MPI applies the operator on some ranks only (none at one rank); those raise at completion.
			var total = new int[1];
			World.Allreduce (new[] { threw }, total, Op.SUM);
			Assert.True (Size == 1 ? total[0] == 0 : total[0] >= 1, total[0] + " ranks raised the operator's exception");
		}
	}

	public static void RefusalOnOneRankRaisesOnEveryRankAtCompletion ()
	{
		int last = Size - 1;
		var recv = new long[4];
		var send = Rank == last ? new long[5] : Contribution (Rank, 4);
		if (Rank == last) {
			Request req = null;
			Assert.Throws<ArgumentException> (() => req = World.Iallreduce (send, recv, Op.SUM), "the refusing rank, at the post");
			Assert.True (req == null, "no request on the refusing rank");
		} else {
			// The post does not wait for the other ranks: the refusal arrives with the completion.
			var req = World.Iallreduce (send, recv, Op.SUM);
			var e = Assert.Throws<InvalidOperationException> (() => req.Wait (), "rank " + Rank + ", from Wait");
			Assert.Contains ("rank " + last + " refused", e.Message, "names the refusing rank");
			Assert.True (req.Test (), "completed: Test after the failed Wait");
		}
		Assert.SequenceEqual (new long[4], recv, "untouched");
		// A root-only refusal of a rooted collective, completed by Test, Waitall and Waitany.
		for (int root = 0; root < Size; root++) {
			var all = Rank == root ? new int[3 * Size + 1] : null;
			if (Rank == root) {
				Assert.Throws<ArgumentException> (() => World.Igather (Block (Rank, 3), all, root), "the root refuses");
				continue;
			}
			var req = World.Igather (Block (Rank, 3), all, root);
			switch (root % 3) {
			case 0:
				Assert.Throws<InvalidOperationException> (() => { while (!req.Test ()) { } }, "others raise from Test");
				break;
			case 1:
				Assert.Throws<InvalidOperationException> (() => Request.Waitall (new[] { req }), "others raise from Waitall");
				break;
			default:
				Assert.Throws<InvalidOperationException> (() => Request.Waitany (new[] { req }, null), "others raise from Waitany");
				break;
			}
		}
		// A refusal made in managed code (a null operator) and one of a dropped request.
		if (Rank == last)
			Assert.Throws<ArgumentNullException> (() => World.Iallreduce (send, recv, null), "null op");
		else
			Assert.Throws<InvalidOperationException> (() => World.Iallreduce (Contribution (Rank, 4), recv, Op.SUM).Wait (), "others");
		if (Rank == last)
			Assert.Throws<ArgumentException> (() => World.Iallreduce (send, recv, Op.SUM), "dropped: refusing rank");
		else
			World.Iallreduce (Contribution (Rank, 4), recv, Op.SUM); // dropped: completes with the refusal
		// The communicator works afterwards.
		World.Iallreduce (Contribution (Rank, 4), recv, Op.SUM).Wait ();
		Assert.SequenceEqual (SumUpTo (Size, 4), recv, "next Iallreduce");
		World.Allreduce (Contribution (Rank, 4), recv, Op.SUM);
		Assert.SequenceEqual (SumUpTo (Size, 4), recv, "next Allreduce");
	}

	// A count, root or operator that differs between the ranks: every rank's completion raises ArgumentException,
	// no buffer changes, and the communicator works afterwards.  Small collectives (carried out by the agreement)
	// and large ones, completed by Wait, Test and Waitall.
	public static void ArgumentsThatDifferBetweenRanksRaiseAtEveryCompletion ()
	{
		if (Size == 1)
			return;
		int last = Size - 1;
		foreach (int n in new[] { 3, 500 }) {
			var send = Contribution (Rank, Rank == last ? n + 1 : n);
			var recv = new long[send.Length];
			var e = Assert.Throws<ArgumentException> (() => World.Iallreduce (send, recv, Op.SUM).Wait (), "Iallreduce, one more on the last rank");
			Assert.Contains ("differ between the ranks", e.Message, "says what is wrong");
			Assert.SequenceEqual (new long[send.Length], recv, "Iallreduce: untouched");
			var b = Contribution (Rank, n);
			var req = World.Ibcast (b, Rank == last ? 1 : 0);
			Assert.Throws<ArgumentException> (() => { while (!req.Test ()) { } }, "Ibcast with another root on the last rank, by Test");
			Assert.SequenceEqual (Contribution (Rank, n), b, "Ibcast: untouched");
			var op = Rank == last ? Op.MAX : Op.SUM;
			var r = new long[n];
			Assert.Throws<ArgumentException> (() => Request.Waitall (new[] { World.Ireduce (Contribution (Rank, n), r, op, 0) }), "Ireduce with MAX on the last rank, by Waitall");
			Assert.SequenceEqual (new long[n], r, "Ireduce: untouched");
			// The same collectives with matching arguments.
			var sum = new long[n];
			World.Iallreduce (Contribution (Rank, n), sum, Op.SUM).Wait ();
			Assert.SequenceEqual (SumUpTo (Size, n), sum, "Iallreduce afterwards");
			var bb = Rank == 0 ? Contribution (7, n) : new long[n];
			World.Ibcast (bb, 0).Wait ();
			Assert.SequenceEqual (Contribution (7, n), bb, "Ibcast afterwards");
		}
	}

	// Valid MPI that a post waiting for the other ranks' posts would deadlock: rank 0 posts, then receives a
	// message that rank 1 sends (1 MiB: a rendezvous, which waits for the receive) before it posts.
	public static void PostDoesNotWaitForTheOtherRanks ()
	{
		var sum = new long[1];
		if (Rank == 0 && Size > 1) {
			var req = World.Iallreduce (new long[] { 1 }, sum, Op.SUM);
			var big = new byte[1 << 20];
			World.Recv (big, 1, 71, null);
			Assert.Equal ((byte) 9, big[big.Length - 1], "the message");
			req.Wait ();
		} else if (Rank == 1) {
			var big = new byte[1 << 20];
			big[big.Length - 1] = 9;
			World.Send (big, 0, 71);
			World.Iallreduce (new long[] { 1 }, sum, Op.SUM).Wait ();
		} else
			World.Iallreduce (new long[] { 1 }, sum, Op.SUM).Wait ();
		Assert.Equal ((long) Size, sum[0], "the sum");
	}

	// A rank blocked in something else still starts the data collective that the other ranks wait for: in a
	// receive (rank 0 waits for a message rank 1 sends only after its Wait), in a probe, and in a blocking
	// collective on another communicator (the progress thread).
	public static void ARankWaitingForSomethingElseStartsTheCollective ()
	{
		var sum = new long[1];
		long expected = (long) Size * (Size + 1) / 2;
		if (Size == 1) {
			World.Iallreduce (new long[] { 1 }, sum, Op.SUM).Wait ();
			Assert.Equal (expected, sum[0], "one rank");
			return;
		}
		var dup = World.Dup ();
		var got = new int[1];
		for (int round = 0; round < 3; round++) {
			var req = World.Iallreduce (new long[] { Rank + 1 }, sum, Op.SUM);
			if (Rank == 0) {
				if (round == 0)
					World.Recv (got, 1, 72, null);
				else if (round == 1) {
					World.Probe (1, 72, null);
					World.Recv (got, 1, 72, null);
				} else
					dup.Barrier ();
				req.Wait ();
			} else {
				req.Wait ();
				if (Rank == 1 && round < 2)
					World.Send (new int[] { 1 }, 0, 72);
				if (round == 2)
					dup.Barrier ();
			}
			Assert.Equal (expected, sum[0], "round " + round);
		}
		dup.Free ();
	}

	// Every rank completes the collectives in its own order, with blocking collectives on the same
	// communicator in between; the data collectives still pair up in post order.
	public static void RanksCompleteInDifferentOrdersAroundBlockingCollectives ()
	{
		for (int round = 0; round < 4; round++) {
			var a = new long[2];
			var b = Rank == 0 ? Block (round, 5) : new int[5];
			var c = new int[Size];
			var ra = World.Iallreduce (new long[] { Rank, 1 }, a, Op.SUM);
			var rb = World.Ibcast (b, 0);
			var rc = World.Iallgather (new[] { Rank * 3 }, c);
			switch ((Rank + round) % 3) {
			case 0:
				rc.Wait (); rb.Wait (); ra.Wait ();
				World.Barrier ();
				break;
			case 1:
				World.Barrier ();
				while (!Request.Testall (new[] { ra, rb, rc })) { }
				break;
			default:
				Request.Waitany (new[] { rb, rc, ra }, null);
				World.Barrier ();
				Request.Waitall (new[] { ra, rb, rc });
				break;
			}
			Assert.SequenceEqual (new long[] { (long) Size * (Size - 1) / 2, Size }, a, "Iallreduce, round " + round);
			Assert.SequenceEqual (Block (round, 5), b, "Ibcast, round " + round);
			Assert.SequenceEqual (Enumerable.Range (0, Size).Select (r => r * 3).ToArray (), c, "Iallgather, round " + round);
		}
	}

	// Collectives posted on a communicator while this rank's Idup of it may still be running, with progress made on
	// one rank only in between, then another Idup, a Dup and a Split of it: each collective pairs with its own on
	// every rank, every communicator works, and each Idup completes and reports once.
	// (Open MPI 4.1 starts an idup's own collectives later, from its progress engine: unless the idup is completed
	// first, they take a different place on each rank among these.  native-mpi/mpi-compat.h)
	public static void CollectivesPostedWhileAnIdupOfTheCommunicatorRuns ()
	{
		var dup = World.Dup ();
		for (int round = 0; round < 10; round++) {
			Request idr;
			Intracomm made = dup.Idup (out idr);
			if (Rank == 0)
				for (int i = 0; i < 3 && !idr.Test (); i++)
					Thread.Sleep (1);
			var sums = new int[4][];
			var reqs = new Request[4];
			for (int k = 0; k < 4; k++) {
				sums[k] = new int[2];
				reqs[k] = dup.Iallreduce (new[] { k, Rank }, sums[k], Op.SUM);
			}
			Request idr2;
			Comm second = dup.Idup (out idr2); // an Idup of a communicator with one that may still be running
			Intracomm third = dup.Dup (), half = dup.Split (Rank % 2, Rank); // and blocking constructors
			Request.Waitall (reqs);
			idr.Wait ();
			idr2.Wait ();
			for (int k = 0; k < 4; k++)
				Assert.SequenceEqual (new[] { k * Size, Size * (Size - 1) / 2 }, sums[k], "Iallreduce " + k + ", round " + round);
			var n = new int[1];
			made.Allreduce (new[] { 1 }, n, Op.SUM);
			Assert.Equal (Size, n[0], "the new communicator works, round " + round);
			third.Allreduce (new[] { 1 }, n, Op.SUM);
			Assert.Equal (Size, n[0], "Dup made while an Idup ran, round " + round);
			half.Allreduce (new[] { 1 }, n, Op.SUM);
			Assert.Equal ((Size + 1 - Rank % 2) / 2, n[0], "Split made while an Idup ran, round " + round);
			made.Free ();
			second.Free ();
			third.Free ();
			half.Free ();
		}
		dup.Free ();
	}

	// A Wait on an Idup's request on another thread, while this thread's collectives on the communicator first
	// complete the Idup (Open MPI: Comm.SettleIdups): the Wait waits for each of those tests to end instead of
	// being refused as a second thread completing the request, and reports the completion.
	public static void WaitOnAnotherThreadWhileCollectivesCompleteTheIdup ()
	{
		var dup = World.Dup ();
		for (int round = 0; round < 20; round++) {
			Request idr;
			Intracomm made = dup.Idup (out idr);
			Exception failed = null;
			var waiter = new Thread (() => {
				try {
					idr.Wait ();
				} catch (Exception e) {
					failed = e;
				}
			});
			waiter.Start ();
			var sums = new int[3][];
			var reqs = new Request[3];
			for (int k = 0; k < 3; k++) {
				sums[k] = new int[1];
				reqs[k] = dup.Iallreduce (new[] { k + 1 }, sums[k], Op.SUM);
			}
			Request.Waitall (reqs);
			waiter.Join ();
			Assert.True (failed == null, "the Wait on the other thread, round " + round + ": " + failed);
			for (int k = 0; k < 3; k++)
				Assert.Equal ((k + 1) * Size, sums[k][0], "Iallreduce " + k + ", round " + round);
			var n = new int[1];
			made.Allreduce (new[] { 1 }, n, Op.SUM);
			Assert.Equal (Size, n[0], "the new communicator works, round " + round);
			made.Free ();
		}
		dup.Free ();
	}

	// A communicator freed while its collectives are still queued behind their agreements: they complete.
	public static void FreeingTheCommunicatorCompletesWhatItQueued ()
	{
		var dup = World.Dup ();
		var sum = new int[1];
		var req = dup.Iallreduce (new[] { 1 }, sum, Op.SUM);
		dup.Free ();
		req.Wait ();
		Assert.Equal (Size, sum[0], "the sum");
	}

	// Many collectives on two communicators, each rank completing them in its own random order (Wait, Test loops,
	// Waitany, Waitall) while another thread collects garbage: every result right, nothing left in flight.
	public static void ManyCollectivesOnTwoCommunicatorsCompleteInEveryOrder ()
	{
		var dup = World.Dup ();
		bool stop = false;
		var collector = new Thread (() => {
			while (!Volatile.Read (ref stop)) {
				GC.KeepAlive (new byte[3000]);
				GC.Collect (0);
				Thread.Sleep (1);
			}
		});
		collector.Start ();
		try {
			var rng = new Random (Rank * 7919 + 1);
			for (int round = 0; round < 5; round++) {
				const int n = 16;
				var reqs = new Request[n];
				var sums = new int[n][];
				var casts = new int[n][];
				for (int k = 0; k < n; k++) {
					var comm = k % 2 == 0 ? World : dup;
					if (k % 3 == 0) {
						casts[k] = comm.Get_rank () == k % Size ? Block (k, 3) : new int[3];
						reqs[k] = comm.Ibcast (casts[k], k % Size);
					} else {
						sums[k] = new int[2];
						reqs[k] = comm.Iallreduce (new[] { k, Rank }, sums[k], Op.SUM);
					}
				}
				var order = Enumerable.Range (0, n).OrderBy (_ => rng.Next ()).ToArray ();
				for (int j = 0; j < n; j++) {
					var r = reqs[order[j]];
					switch ((j + Rank) % 4) {
					case 0: r.Wait (); break;
					case 1: while (!r.Test ()) Thread.Yield (); break;
					case 2: Request.Waitany (new[] { r, null }, null); break;
					default: Request.Waitall (new[] { r }); break;
					}
				}
				for (int k = 0; k < n; k++) {
					if (k % 3 == 0)
						Assert.SequenceEqual (Block (k, 3), casts[k], "Ibcast " + k + ", round " + round);
					else
						Assert.SequenceEqual (new[] { k * Size, Size * (Size - 1) / 2 }, sums[k], "Iallreduce " + k + ", round " + round);
				}
			}
		} finally {
			Volatile.Write (ref stop, true);
			collector.Join ();
		}
		dup.Free ();
	}

	public static void CancelIsRefusedForACollective ()
	{
		var req = World.Ibarrier ();
		Assert.Throws<NotSupportedException> (() => req.Cancel (), "Cancel");
		req.Wait ();
	}
}
