// CollectiveRefusalTests: a collective refused on some ranks never strands or corrupts the others.  Each case
// makes one rank (the root, or the last rank) pass arguments only it can see are wrong; that rank must raise its
// own exception, every other rank an InvalidOperationException naming it, no rank's buffers may change, and the
// communicator's next collective -- the same one with correct arguments -- must give correct results everywhere
// (no stale block of the refused call may surface in it).  Every case runs with blocking and with non-blocking
// MPI collectives underneath.  Runs at 1, 2, 3 and 4 ranks.
using System;
using System.Linq;
using System.MP;

public static class CollectiveRefusalTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (CollectiveRefusalTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Last { get { return Size - 1; } }

	static int V (int r, int i) { return r * 1000 + i; }

	static int[] Block (int r, int n) { return Enumerable.Range (0, n).Select (i => V (r, i)).ToArray (); }

	static int[] Filled (int n, int value) { return Enumerable.Repeat (value, n).ToArray (); }

	/// <summary>Runs <paramref name="call"/> on every rank: rank <paramref name="refuser"/> must throw
	/// <typeparamref name="TEx"/>, the others InvalidOperationException naming the refuser.  The buffers in
	/// <paramref name="untouched"/> (with their values before the call) must not have changed anywhere.</summary>
	static void Refused<TEx> (string what, int refuser, Action call, params int[][] untouched) where TEx : Exception
	{
		var before = untouched.Select (a => a == null ? null : (int[]) a.Clone ()).ToArray ();
		if (Rank == refuser) {
			Assert.Throws<TEx> (call, what + " on the refusing rank " + refuser);
		} else {
			var e = Assert.Throws<InvalidOperationException> (call, what + " on rank " + Rank + " (rank " + refuser + " refused)");
			Assert.Contains ("rank " + refuser + " refused", e.Message, what + ": the message names the refusing rank");
		}
		for (int i = 0; i < untouched.Length; i++)
			if (untouched[i] != null)
				Assert.SequenceEqual (before[i], untouched[i], what + ": buffer " + i + " unchanged");
	}

	/// <summary>Every case, with blocking MPI collectives and with their non-blocking forms polled.</summary>
	static void BothModes (Action cases)
	{
		bool was = Diagnostics.CollectivesNonBlocking;
		try {
			Diagnostics.CollectivesNonBlocking = false;
			cases ();
			Diagnostics.CollectivesNonBlocking = true;
			cases ();
		} finally {
			Diagnostics.CollectivesNonBlocking = was;
		}
	}

	public static void GatherWithTooShortReceiveBufferAtTheRootLeavesNoStaleBlock ()
	{
		BothModes (() => {
			for (int root = 0; root < Size; root++) {
				var send = Block (Rank, 2);
				var shortRecv = Rank == root ? Filled (2 * Size - 1, -7) : null;
				Refused<ArgumentException> ("Gather", root, () => World.Gather (send, shortRecv, root), shortRecv, send);
				// The same Gather, now correct: every block must be this call's, none left from the refused one.
				var send2 = Block (Rank + 500, 2);
				var recv = Rank == root ? new int[2 * Size] : null;
				World.Gather (send2, recv, root);
				if (Rank == root)
					for (int r = 0; r < Size; r++)
						Assert.SequenceEqual (Block (r + 500, 2), recv.Skip (2 * r).Take (2), "Gather after refusal, block " + r);
			}
		});
	}

	public static void GathervWithABlockOutsideTheReceiveBufferLeavesNoStaleBlock ()
	{
		BothModes (() => {
			int root = Last;
			var counts = Filled (Size, 3);
			var badDispls = Enumerable.Range (0, Size).Select (r => 3 * r + 1).ToArray (); // last block runs past the end
			var goodDispls = Enumerable.Range (0, Size).Select (r => 3 * r).ToArray ();
			var send = Block (Rank, 3);
			var recv = Rank == root ? Filled (3 * Size, -7) : null;
			Refused<ArgumentException> ("Gatherv", root, () => World.Gatherv (send, recv, counts, badDispls, root), recv, send);
			var send2 = Block (Rank + 700, 3);
			World.Gatherv (send2, recv, counts, goodDispls, root);
			if (Rank == root)
				for (int r = 0; r < Size; r++)
					Assert.SequenceEqual (Block (r + 700, 3), recv.Skip (3 * r).Take (3), "Gatherv after refusal, block " + r);
		});
	}

	public static void ScattervWithANegativeCountAtTheRootRaisesOnEveryRank ()
	{
		BothModes (() => {
			int root = 0;
			var send = Rank == root ? Enumerable.Range (0, Size).SelectMany (r => Block (r, 2)).ToArray () : null;
			var badCounts = Filled (Size, 2);
			badCounts[Last] = -1;
			var displs = Enumerable.Range (0, Size).Select (r => 2 * r).ToArray ();
			var recv = Filled (2, -7);
			Refused<ArgumentException> ("Scatterv", root, () => World.Scatterv (send, badCounts, displs, recv, root), recv);
			World.Scatterv (send, Filled (Size, 2), displs, recv, root);
			Assert.SequenceEqual (Block (Rank, 2), recv, "Scatterv after refusal");
		});
	}

	public static void ScatterWithATooShortSendBufferAtTheRootRaisesOnEveryRank ()
	{
		BothModes (() => {
			int root = Last;
			var shortSend = Rank == root ? Filled (3 * Size - 1, 5) : null;
			var recv = Filled (3, -7);
			Refused<ArgumentException> ("Scatter", root, () => World.Scatter (shortSend, recv, root), recv);
			var send = Rank == root ? Enumerable.Range (0, Size).SelectMany (r => Block (r, 3)).ToArray () : null;
			World.Scatter (send, recv, root);
			Assert.SequenceEqual (Block (Rank, 3), recv, "Scatter after refusal");
		});
	}

	public static void BcastRefusedAtTheRootOrElsewhereRaisesOnEveryRank ()
	{
		BothModes (() => {
			var buf = Rank == 0 ? Block (0, 4) : Filled (4, -7);
			var keep = (int[]) buf.Clone ();
			// The root's buffer is null.
			Refused<ArgumentNullException> ("Bcast null at the root", 0, () => World.Bcast (Rank == 0 ? null : buf, 0), buf);
			// A range past the end of the last rank's buffer (checked in the internal call) ...
			Refused<ArgumentOutOfRangeException> ("Bcast range", Last, () => World.Bcast (buf, Rank == Last ? 2 : 0, 4, 0), buf);
			// ... and a negative one (checked in System.MP before the internal call).
			Refused<ArgumentOutOfRangeException> ("Bcast negative count", Last, () => World.Bcast (buf, 0, Rank == Last ? -2 : 4, 0), buf);
			// A buffer that cannot be one.
			object bad = new string[4];
			Refused<ArgumentException> ("Bcast string[]", Last, () => World.Bcast (Rank == Last ? bad : buf, 0), buf);
			Assert.SequenceEqual (keep, buf, "nothing arrived");
			World.Bcast (buf, 0);
			Assert.SequenceEqual (Block (0, 4), buf, "Bcast after refusals");
		});
	}

	public static void ReduceRefusedAtTheRootRaisesOnEveryRank ()
	{
		BothModes (() => {
			int root = Last;
			var send = Block (Rank, 3);
			Refused<ArgumentNullException> ("Reduce null recvbuf at the root", root, () => World.Reduce (send, null, Op.SUM, root), send);
			var wrongType = Rank == root ? new long[3] : null;
			Refused<ArgumentException> ("Reduce long[] recvbuf", root, () => World.Reduce (send, wrongType, Op.SUM, root), send);
			var recv = Rank == root ? new int[3] : null;
			World.Reduce (send, recv, Op.SUM, root);
			if (Rank == root)
				for (int i = 0; i < 3; i++)
					Assert.Equal (Enumerable.Range (0, Size).Sum (r => V (r, i)), recv[i], "Reduce after refusal, element " + i);
		});
	}

	public static void CountVectorsRefusedOnOneRankRaiseOnEveryRank ()
	{
		BothModes (() => {
			// Alltoallv: the last rank's send counts have one entry too few.
			var counts = Filled (Size, 2);
			var displs = Enumerable.Range (0, Size).Select (r => 2 * r).ToArray ();
			var send = Enumerable.Range (0, Size).SelectMany (d => Block (Rank * 10 + d, 2)).ToArray ();
			var recv = Filled (2 * Size, -7);
			var shortCounts = Rank == Last ? Filled (Size - 1, 2) : counts;
			Refused<ArgumentException> ("Alltoallv", Last, () => World.Alltoallv (send, shortCounts, displs, recv, counts, displs), recv, send);
			World.Alltoallv (send, counts, displs, recv, counts, displs);
			for (int s = 0; s < Size; s++)
				Assert.SequenceEqual (Block (s * 10 + Rank, 2), recv.Skip (2 * s).Take (2), "Alltoallv after refusal, from " + s);

			// Allgatherv: a negative count on the last rank.
			var mine = Block (Rank, 2);
			var all = Filled (2 * Size, -7);
			var negative = Filled (Size, 2);
			negative[0] = -2;
			Refused<ArgumentException> ("Allgatherv", Last, () => World.Allgatherv (mine, all, Rank == Last ? negative : counts, displs), all, mine);
			World.Allgatherv (mine, all, counts, displs);
			for (int r = 0; r < Size; r++)
				Assert.SequenceEqual (Block (r, 2), all.Skip (2 * r).Take (2), "Allgatherv after refusal, block " + r);
		});
	}

	public static void ReductionsRefusedOnOneRankRaiseOnEveryRank ()
	{
		BothModes (() => {
			var send = Block (Rank, 4);
			var recv = Filled (4, -7);
			Refused<ArgumentNullException> ("Allreduce null recvbuf", Last, () => World.Allreduce (send, Rank == Last ? null : recv, Op.SUM), recv, send);
			Refused<ArgumentException> ("Allreduce BAND on double", Last,
			                            () => { if (Rank == Last) World.Allreduce (new double[4], new double[4], Op.BAND); else World.Allreduce (send, recv, Op.SUM); },
			                            recv, send);
			Refused<ArgumentNullException> ("Allreduce null op", Last, () => World.Allreduce (send, recv, Rank == Last ? null : Op.SUM), recv, send);
			var freed = Op.Create<int> ((a, b) => a + b, true);
			freed.Free ();
			Refused<ObjectDisposedException> ("Allreduce freed op", Last, () => World.Allreduce (send, recv, Rank == Last ? freed : Op.SUM), recv, send);
			Refused<ArgumentException> ("Allreduce IN_PLACE as recvbuf", Last,
			                            () => World.Allreduce (send, Rank == Last ? MPI.IN_PLACE : recv, Op.SUM), recv, send);
			Refused<ArgumentException> ("Scan IN_PLACE as recvbuf", Last,
			                            () => World.Scan (send, Rank == Last ? MPI.IN_PLACE : recv, Op.SUM), recv, send);
			Refused<ArgumentException> ("Reduce_scatter_block", Last,
			                            () => World.Reduce_scatter_block (Rank == Last ? new int[4 * Size - 1] : Block (Rank, 4 * Size), recv, Op.SUM), recv);
			World.Allreduce (send, recv, Op.SUM);
			for (int i = 0; i < 4; i++)
				Assert.Equal (Enumerable.Range (0, Size).Sum (r => V (r, i)), recv[i], "Allreduce after refusals, element " + i);
		});
	}

	public static void AllgatherAndAlltoallRefusedOnOneRankRaiseOnEveryRank ()
	{
		BothModes (() => {
			var mine = Block (Rank, 2);
			var all = Filled (2 * Size, -7);
			Refused<ArgumentException> ("Allgather", 0, () => World.Allgather (mine, Rank == 0 ? new int[2 * Size + 1] : all), all, mine);
			World.Allgather (mine, all);
			for (int r = 0; r < Size; r++)
				Assert.SequenceEqual (Block (r, 2), all.Skip (2 * r).Take (2), "Allgather after refusal, block " + r);
			var send = Enumerable.Range (0, Size).SelectMany (d => Block (Rank * 10 + d, 1)).ToArray ();
			var recv = Filled (Size, -7);
			Refused<ArgumentException> ("Alltoall same array", Last, () => World.Alltoall (send, Rank == Last ? send : recv), recv, send);
			World.Alltoall (send, recv);
			for (int s = 0; s < Size; s++)
				Assert.Equal (V (s * 10 + Rank, 0), recv[s], "Alltoall after refusal, from " + s);
		});
	}

	public static void ManyRefusalsInARowLeaveTheCommunicatorUsable ()
	{
		// Refusals by every rank in turn, and by several ranks at once (the lowest is named), then work.
		var send = Block (Rank, 2);
		var recv = Filled (2, -7);
		for (int round = 0; round < 50; round++) {
			int refuser = round % Size;
			Refused<ArgumentNullException> ("round " + round, refuser, () => World.Allreduce (send, Rank == refuser ? null : recv, Op.MAX), recv);
		}
		if (Size > 1) {
			try {
				World.Allreduce (send, Rank >= 1 ? null : recv, Op.MAX);
				throw new AssertionException ("several refusers: nothing was thrown");
			} catch (ArgumentNullException) {
				Assert.True (Rank >= 1, "only the refusing ranks raise their own exception");
			} catch (InvalidOperationException e) {
				Assert.True (Rank == 0, "the others raise InvalidOperationException");
				Assert.Contains ("rank 1 refused", e.Message, "the lowest refusing rank is named");
			}
		}
		World.Allreduce (send, recv, Op.MAX);
		Assert.SequenceEqual (Block (Last, 2), recv, "Allreduce after 50 refusals");
	}

	public static void CommunicatorConstructorsRefusedOnOneRankRaiseOnEveryRank ()
	{
		Refused<ArgumentOutOfRangeException> ("Split", Last, () => World.Split (Rank == Last ? -5 : 0, Rank));
		var group = World.Get_group ();
		Refused<ArgumentNullException> ("Create", Last, () => World.Create (Rank == Last ? null : group));
		Refused<ArgumentException> ("Create_cart too large", Last,
		                            () => World.Create_cart (new[] { Rank == Last ? Size + 1 : Size }, new[] { false }, false));
		Refused<ArgumentNullException> ("Create_cart null dims", 0,
		                                () => World.Create_cart (Rank == 0 ? null : new[] { Size }, new[] { false }, false));
		// The communicator still makes new ones, on every rank alike.
		var half = World.Split (Rank % 2, Rank);
		Assert.Equal ((Size - Rank % 2 + 1) / 2, half.Get_size (), "Split after refusals");
		var same = World.Create (group);
		Assert.Equal (Size, same.Get_size (), "Create after refusals");
		var cart = World.Create_cart (new[] { Size }, new[] { true }, false);
		Assert.Equal (Size, cart.Get_size (), "Create_cart after refusals");
		cart.Free ();
		same.Free ();
		half.Free ();
		group.Free ();
	}

	/// <summary>Runs <paramref name="call"/> on every rank, which must all raise ArgumentException saying that the
	/// ranks' arguments differ, with the buffers in <paramref name="untouched"/> unchanged.</summary>
	static void Differ (string what, Action call, params Array[] untouched)
	{
		var before = untouched.Select (a => (Array) a.Clone ()).ToArray ();
		var e = Assert.Throws<ArgumentException> (call, what + " on rank " + Rank);
		Assert.Contains ("differ between the ranks", e.Message, what + ": the message says what is wrong");
		for (int i = 0; i < untouched.Length; i++)
			Assert.SequenceEqual (before[i].Cast<object> (), untouched[i].Cast<object> (), what + ": buffer " + i + " unchanged");
	}

	// Counts, roots or operators that differ between the ranks, which MPI calls erroneous and cannot see: every rank
	// raises, none moves data, and the same collective with matching arguments is right afterwards.  Small and large
	// buffers take different paths (a small collective is carried out by its agreement).
	public static void ArgumentsThatDifferBetweenRanksRaiseOnEveryRank ()
	{
		if (Size == 1)
			return;
		BothModes (() => {
			foreach (int n in new[] { 2, 7, 8, 1000 }) {
				var send = Enumerable.Range (0, Rank == Last ? n + 1 : n).Select (i => (double) (Rank + i)).ToArray ();
				var recv = Enumerable.Repeat (-1.0, send.Length).ToArray ();
				Differ ("Allreduce of " + n + " doubles, one more on the last rank", () => World.Allreduce (send, recv, Op.SUM), send, recv);
				Differ ("Allreduce of " + n + " doubles in place, one more on the last rank", () => World.Allreduce (recv, Op.SUM), recv);
				Differ ("Reduce of " + n + " doubles, one more on the last rank", () => World.Reduce (send, recv, Op.SUM, 0), send, recv);
				var op = Rank == Last ? Op.MAX : Op.SUM;
				var same = new double[n];
				Differ ("Allreduce with MAX on the last rank, SUM elsewhere", () => World.Allreduce (same, recv.Take (n).ToArray (), op), same);
				var b = Enumerable.Repeat ((byte) Rank, Rank == Last ? n + 1 : n).ToArray ();
				Differ ("Bcast of " + n + " bytes, one more on the last rank", () => World.Bcast (b, 0), b);
				Differ ("Bcast with another root on the last rank", () => World.Bcast (b.Take (n).ToArray (), Rank == Last ? 1 : 0));
				Differ ("Reduce with another root on the last rank", () => World.Reduce (same, new double[n], Op.SUM, Rank == Last ? 1 : 0), same);

				// The same collectives with matching arguments.
				var x = Enumerable.Range (0, n).Select (i => (double) (Rank + i)).ToArray ();
				var sum = new double[n];
				World.Allreduce (x, sum, Op.SUM);
				for (int i = 0; i < n; i++)
					Assert.Equal (Size * (Size - 1) / 2.0 + Size * i, sum[i], "Allreduce after the refusals, element " + i);
				var bb = Enumerable.Repeat ((byte) (Rank + 7), n).ToArray ();
				World.Bcast (bb, Last);
				Assert.SequenceEqual (Enumerable.Repeat ((byte) (Last + 7), n), bb, "Bcast after the refusals");
			}
		});
	}

	// The same for the other collectives with one count for every rank: each rank's arguments are right for it
	// alone, but the last rank's blocks are one element longer.
	public static void BlockCountsThatDifferBetweenRanksRaiseOnEveryRank ()
	{
		if (Size == 1)
			return;
		BothModes (() => {
			int n = Rank == Last ? 3 : 2;
			var send = Block (Rank, n);
			var all = Filled (n * Size, -1);
			Differ ("Allgather", () => World.Allgather (send, all), send, all);
			var many = Block (Rank, n * Size);
			Differ ("Alltoall", () => World.Alltoall (many, all), many, all);
			var block = Filled (n, -1);
			Differ ("Scatter from rank 0", () => World.Scatter (Rank == 0 ? many : null, block, 0), block);
			Differ ("Gather to rank 0", () => World.Gather (send, Rank == 0 ? all : null, 0), send);
			var scan = Filled (n, -1);
			Differ ("Scan", () => World.Scan (send, scan, Op.SUM), send, scan);
			Differ ("Exscan", () => World.Exscan (send, scan, Op.SUM), send, scan);
			Differ ("Scan with MAX on the last rank", () => World.Scan (Block (Rank, 2), Filled (2, -1), Rank == Last ? Op.MAX : Op.SUM));
			Differ ("Reduce_scatter_block", () => World.Reduce_scatter_block (many, block, Op.SUM), many, block);
			// And with matching counts, right.
			var ok = new int[2 * Size];
			World.Allgather (Block (Rank, 2), ok);
			for (int r = 0; r < Size; r++)
				Assert.SequenceEqual (Block (r, 2), ok.Skip (2 * r).Take (2), "Allgather afterwards, block " + r);
		});
	}

	// The v-forms: each rank's counts are right for its own buffers, but the size of one block differs between the
	// rank that sends it and the rank that receives it -- larger (MPI would truncate on one rank only) or smaller
	// (MPI would leave part of the receiver's block stale, silently).  Every rank raises, none moves data, and the
	// same collectives with counts that agree are right afterwards.
	public static void VFormBlocksThatDifferBetweenSenderAndReceiverRaiseOnEveryRank ()
	{
		if (Size == 1)
			return;
		BothModes (() => {
			var twos = Filled (Size, 2);
			var displs = Enumerable.Range (0, Size).Select (r => 3 * r).ToArray ();
			foreach (int last in new[] { 3, 1 }) {
				string how = last == 3 ? "one more" : "one fewer";
				var send = Block (Rank, Rank == Last ? last : 2);
				var recv = Filled (3 * Size, -1);
				Differ ("Gatherv, the last rank sends " + how, () => World.Gatherv (send, Rank == 0 ? recv : null, twos, displs, 0), send, recv);
				Differ ("Igatherv, the last rank sends " + how,
					() => World.Igatherv (send, Rank == 0 ? recv : null, twos, displs, 0).Wait (), send, recv);
				var own = Filled (Size, 2); // the last rank's counts give its own block its own size
				if (Rank == Last)
					own[Last] = last;
				Differ ("Allgatherv, the last rank sends " + how, () => World.Allgatherv (send, recv, own, displs), send, recv);
				var mine = Filled (Rank == Last ? last : 2, -1);
				var all = Block (Rank, 3 * Size);
				Differ ("Scatterv, the last rank receives " + how, () => World.Scatterv (Rank == 0 ? all : null, twos, displs, mine, 0), all, mine);
				var scounts = Filled (Size, 2);
				if (Rank == Last)
					scounts[0] = last;
				Differ ("Alltoallv, the last rank sends rank 0 " + how,
					() => World.Alltoallv (all, scounts, displs, recv, twos, displs), all, recv);
				Differ ("Ialltoallv, the last rank sends rank 0 " + how,
					() => World.Ialltoallv (all, scounts, displs, recv, twos, displs).Wait (), all, recv);
				// Reduce_scatter: the last rank's counts give rank 0 a block of another size.
				var rcounts = Filled (Size, 2);
				if (Rank == Last)
					rcounts[0] = last;
				var contrib = Block (Rank, rcounts.Sum ());
				var part = Filled (rcounts[Rank], -1);
				Differ ("Reduce_scatter, the last rank's counts give rank 0 " + how,
					() => World.Reduce_scatter (contrib, part, rcounts, Op.SUM), contrib, part);
			}
			// With counts that agree, right.
			var got = Filled (3 * Size, -1);
			World.Gatherv (Block (Rank + 40, 2), Rank == 0 ? got : null, twos, displs, 0);
			if (Rank == 0)
				for (int r = 0; r < Size; r++)
					Assert.SequenceEqual (Block (r + 40, 2), got.Skip (3 * r).Take (2), "Gatherv afterwards, block " + r);
			var each = Filled (3 * Size, -1);
			World.Alltoallv (Block (Rank, 3 * Size), twos, displs, each, twos, displs);
			for (int r = 0; r < Size; r++)
				Assert.SequenceEqual (Block (r, 3 * Size).Skip (3 * Rank).Take (2), each.Skip (3 * r).Take (2), "Alltoallv afterwards, block " + r);
		});
	}

	// A refusal and a difference in the same call: the refusal wins, as it explains the rest.
	public static void ARefusalIsReportedBeforeADifference ()
	{
		if (Size == 1)
			return;
		var send = new int[Rank == 0 ? 3 : 2];
		var recv = new int[Rank == Last ? 1 : send.Length]; // too short on the last rank: it refuses
		Refused<ArgumentException> ("Allreduce", Last, () => World.Allreduce (send, recv, Op.SUM), send, recv);
	}
}
