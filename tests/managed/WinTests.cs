// WinTests: one-sided communication (System.MP.Win).  Every operation with known results, every element
// checked; each synchronisation mode; a multi-dimensional base; Allocate; collections while windows and epochs
// are open (window and origin memory must not move, data must arrive intact); dropped windows (this program
// ends with windows it never freed, one with an operation no fence has completed: MPI finalisation must free
// them without a crash); the request-based
// operations (Rput ...); and every refusal.
// Runs at 1, 2, 3 and 4 ranks.
using System;
using System.Collections.Generic;
using System.Linq;
using System.MP;

public static class WinTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (WinTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }

	static int V (int r, int i) { return r * 1000 + i; }
	static int[] Block (int r, int n) { return Enumerable.Range (0, n).Select (i => V (r, i)).ToArray (); }

	/// <summary>Makes this rank's own window memory consistent with what others wrote (separate memory model):
	/// a lock and unlock of its own window after every rank's epoch has ended.</summary>
	static void SyncLocal (Win w)
	{
		World.Barrier ();
		w.Lock (MPI.LOCK_EXCLUSIVE, Rank);
		w.Unlock (Rank);
	}

	public static void PutUnderFenceWritesEveryElementAtTheNextRank ()
	{
		var mem = new int[50];
		var w = Win.Create (mem, sizeof (int), World);
		w.Fence ();
		var block = Block (Rank, 40);
		w.Put (block, 5, 30, Next, 10);
		w.Fence ();
		for (int i = 0; i < 50; i++)
			Assert.Equal (i >= 10 && i < 40 ? V (Prev, i - 5) : 0, mem[i], "element " + i);
		w.Free ();
	}

	public static void GetUnderFenceReadsEveryElementOfThePreviousRank ()
	{
		var mem = Block (Rank, 64);
		var w = Win.Create (mem, sizeof (int), World);
		var got = new int[70];
		w.Fence ();
		w.Get (got, 3, 60, Prev, 4);
		w.Fence ();
		for (int i = 0; i < 70; i++)
			Assert.Equal (i >= 3 && i < 63 ? V (Prev, i + 1) : 0, got[i], "element " + i);
		w.Free ();
	}

	public static void AccumulateSumFromEveryRankUnderLockAll ()
	{
		var mem = new long[32];
		var w = Win.Create (mem, sizeof (long), World);
		w.Lock_all ();
		var contrib = Enumerable.Range (0, 32).Select (i => (long) (Rank + 1) * (i + 1)).ToArray ();
		for (int t = 0; t < Size; t++)
			w.Accumulate (contrib, 0, 32, t, 0, Op.SUM);
		w.Unlock_all ();
		SyncLocal (w);
		long ranks = (long) Size * (Size + 1) / 2;
		for (int i = 0; i < 32; i++)
			Assert.Equal (ranks * (i + 1), mem[i], "element " + i);
		w.Free ();
	}

	public static void AccumulateMaxAndReplaceUnderFence ()
	{
		var mem = Enumerable.Repeat (-1, 16).ToArray ();
		var w = Win.Create (mem, sizeof (int), World);
		w.Fence ();
		var mine = Enumerable.Range (0, 8).Select (i => Rank * 10 + i).ToArray ();
		w.Accumulate (mine, 0, 8, 0, 0, Op.MAX);
		if (Rank == Size - 1)
			w.Accumulate (new[] { 7, 7, 7 }, 0, 3, 0, 8, Win.REPLACE);
		w.Fence ();
		if (Rank == 0)
			for (int i = 0; i < 16; i++)
				Assert.Equal (i < 8 ? (Size - 1) * 10 + i : i < 11 ? 7 : -1, mem[i], "element " + i);
		w.Free ();
	}

	public static void FetchAndOpHandsOutEveryTicketOnce ()
	{
		var counter = new long[1];
		var w = Win.Create (counter, sizeof (long), World);
		var one = new long[] { 1 };
		var old = new long[1];
		w.Lock (MPI.LOCK_SHARED, 0);
		w.Fetch_and_op (one, 0, old, 0, 0, 0, Op.SUM);
		w.Unlock (0);
		var all = new long[Size];
		World.Allgather (old, all);
		Assert.SequenceEqual (Enumerable.Range (0, Size).Select (i => (long) i), all.OrderBy (x => x), "tickets");
		SyncLocal (w);
		if (Rank == 0)
			Assert.Equal ((long) Size, counter[0], "counter");
		// NO_OP reads atomically, REPLACE swaps.
		var read = new long[1];
		w.Lock (MPI.LOCK_EXCLUSIVE, 0);
		w.Fetch_and_op (one, 0, read, 0, 0, 0, Win.NO_OP);
		w.Flush (0);
		long seen = read[0];
		w.Unlock (0);
		Assert.True (seen >= Size, "NO_OP read " + seen);
		w.Free ();
	}

	public static void GetAccumulateReturnsTheOldValues ()
	{
		var mem = Block (Rank, 20);
		var w = Win.Create (mem, sizeof (int), World);
		var add = Enumerable.Repeat (1, 20).ToArray ();
		var old = new int[25];
		w.Fence ();
		w.Get_accumulate (add, 0, 20, old, 5, Next, 0, Op.SUM);
		w.Fence ();
		for (int i = 0; i < 25; i++)
			Assert.Equal (i < 5 ? 0 : V (Next, i - 5), old[i], "old element " + i);
		for (int i = 0; i < 20; i++)
			Assert.Equal (V (Rank, i) + 1, mem[i], "updated element " + i);
		w.Free ();
	}

	public static void CompareAndSwapHasExactlyOneWinner ()
	{
		var mem = new int[] { -1, -1 };
		var w = Win.Create (mem, sizeof (int), World);
		var result = new int[1];
		w.Lock (MPI.LOCK_SHARED, 0);
		w.Compare_and_swap (new[] { Rank }, 0, new[] { -1 }, 0, result, 0, 0, 1);
		w.Unlock (0);
		var all = new int[Size];
		World.Allgather (result, all);
		int winners = all.Count (x => x == -1);
		Assert.Equal (1, winners, "ranks that saw -1");
		int winner = Array.IndexOf (all, -1);
		for (int r = 0; r < Size; r++)
			Assert.Equal (r == winner ? -1 : winner, all[r], "rank " + r + " saw");
		SyncLocal (w);
		if (Rank == 0)
			Assert.SequenceEqual (new[] { -1, winner }, mem, "window");
		w.Free ();
	}

	public static void PostStartCompleteWaitMoveARing ()
	{
		var mem = new int[10];
		var w = Win.Create (mem, sizeof (int), World);
		var wg = World.Get_group ();
		var from = wg.Incl (new[] { Prev });
		var to = wg.Incl (new[] { Next });
		w.Post (from);
		w.Start (to);
		w.Put (Block (Rank, 10), Next, 0);
		w.Complete ();
		w.Wait ();
		Assert.SequenceEqual (Block (Prev, 10), mem, "ring");
		w.Free ();
	}

	// Lock and Lock_all inside a Start epoch are refused as Start inside a lock epoch is, and the epoch goes on.
	public static void LockInsideStartIsRefused ()
	{
		var mem = new int[10];
		var w = Win.Create (mem, sizeof (int), World);
		var wg = World.Get_group ();
		w.Post (wg.Incl (new[] { Prev }));
		w.Start (wg.Incl (new[] { Next }));
		Assert.Throws<InvalidOperationException> (() => w.Lock (MPI.LOCK_SHARED, Next), "Lock inside Start");
		Assert.Throws<InvalidOperationException> (() => w.Lock_all (), "Lock_all inside Start");
		w.Put (Block (Rank, 10), Next, 0);
		w.Complete ();
		w.Wait ();
		Assert.SequenceEqual (Block (Prev, 10), mem, "the Start epoch after the refusals");
		w.Free ();
	}

	// An operation in a fence epoch must be completed by a Fence before Free: every rank refuses (the target too,
	// which started nothing), and the window stays usable.
	public static void FreeBeforeTheFenceThatCompletesAnOperationIsRefusedEverywhere ()
	{
		var mem = new int[4];
		var w = Win.Create (mem, sizeof (int), World);
		w.Fence ();
		if (Rank == 0)
			w.Put (new[] { 9 }, 0, 1, Next, 0);
		Assert.Throws<InvalidOperationException> (() => w.Free (), "Free with rank 0's Put not completed");
		w.Fence ();
		Assert.Equal (Prev == 0 ? 9 : 0, mem[0], "the Put, completed by the Fence after the refusal");
		w.Free ();
	}

	public static void LockPutFlushGetSeesTheData ()
	{
		var mem = new double[8];
		var w = Win.Create (mem, sizeof (double), World);
		World.Barrier ();
		var data = Enumerable.Range (0, 8).Select (i => Rank + i / 8.0).ToArray ();
		var back = new double[8];
		w.Lock (MPI.LOCK_EXCLUSIVE, Next);
		w.Put (data, Next, 0);
		w.Flush (Next);
		w.Get (back, Next, 0);
		w.Unlock (Next);
		// Every rank Puts to its next, and then reads it back; another rank writes the same window only
		// when Size == 1 (itself), so what comes back is this rank's data.
		Assert.SequenceEqual (data, back, "read back");
		SyncLocal (w);
		Assert.SequenceEqual (Enumerable.Range (0, 8).Select (i => Prev + i / 8.0), mem, "window");
		w.Free ();
	}

	public static void MultiDimensionalBaseIsOneWindow ()
	{
		var mem = new int[4, 5];
		var w = Win.Create (mem, sizeof (int), World);
		w.Fence ();
		w.Put (Block (Rank, 7), 0, 7, Next, 6); // row 1 from column 1, into row 2
		w.Fence ();
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 5; j++) {
				int k = i * 5 + j;
				Assert.Equal (k >= 6 && k < 13 ? V (Prev, k - 6) : 0, mem[i, j], "element [" + i + "," + j + "]");
			}
		w.Free ();
	}

	// Windows the library allocates, of sizes that are not multiples of 16 bytes: every Put and atomic lands in the
	// target's own part (under MPICH the ranks' parts lie one after another, and a part of 20 bytes left the next
	// rank's Puts landing in the previous rank's memory: tests/upstream/mpich-win-allocate-unaligned.c).
	public static void AllocatedWindowsOfAnySizeKeepEachRanksPart ()
	{
		foreach (int n in new[] { 1, 3, 5, 1001 }) {
			var w = Win.Allocate<int> (n, World);
			w.Fence ();
			w.CopyFrom (Enumerable.Repeat (-1, n).ToArray (), 0, n, 0);
			w.Fence ();
			w.Put (new[] { 100 * Rank + Next }, Next, n - 1);
			w.Fence ();
			var mine = new int[n];
			w.CopyTo (0, mine, 0, n);
			for (int i = 0; i < n - 1; i++)
				Assert.Equal (-1, mine[i], n + " ints: element " + i + " untouched");
			Assert.Equal (100 * Prev + Rank, mine[n - 1], n + " ints: the previous rank's Put, in the last element");
			w.Fence ();
			var old = new int[1];
			w.Fetch_and_op (new[] { 1 }, 0, old, 0, Next, 0, Op.SUM);
			w.Fence ();
			w.CopyTo (0, mine, 0, 1);
			Assert.Equal (n == 1 ? 100 * Prev + Rank + 1 : 0, mine[0], n + " ints: Fetch_and_op added into this rank's part");
			w.Free ();
		}
	}

	public static void AllocateIndexerAndCopiesAreBoundsChecked ()
	{
		var w = Win.Allocate<long> (100, World);
		Assert.Equal (100L, w.Length, "length");
		var init = Enumerable.Range (0, 100).Select (i => (long) V (Rank, i)).ToArray ();
		w.Fence ();
		w.CopyFrom (init, 0, 100, 0);
		w[99] = -7;
		Assert.Equal (-7L, w[99], "indexer");
		w.Fence ();
		var got = new long[50];
		w.Get (got, 0, 50, Prev, 50);
		w.Fence ();
		for (int i = 0; i < 50; i++)
			Assert.Equal (i == 49 ? -7L : V (Prev, 50 + i), got[i], "got " + i);
		var copy = new long[10];
		w.CopyTo (90, copy, 0, 10);
		Assert.Equal (V (Rank, 90), copy[0], "CopyTo");
		var e = Assert.Throws<ArgumentOutOfRangeException> (() => { var x = w[100]; }, "index 100");
		Assert.True (e.Message.Contains ("Win.this[]") && e.ParamName == "index", "the indexer named: " + e.Message);
		Assert.Throws<ArgumentOutOfRangeException> (() => { w[-1] = 0; }, "set index -1");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.CopyTo (95, copy, 0, 10), "CopyTo past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.CopyFrom (copy, 5, 10, 0), "CopyFrom past the array");
		w.Free ();
		Assert.Throws<ObjectDisposedException> (() => { var x = w[0]; }, "freed");
	}

	public static void AttributesDescribeTheWindow ()
	{
		var w = Win.Create (new int[10 + Rank], sizeof (int), World);
		Assert.Equal (4L * (10 + Rank), w.Size, "Size: this rank's bytes");
		Assert.Equal (4, w.Disp_unit, "Disp_unit");
		Assert.True (w.Model == MPI.WIN_UNIFIED || w.Model == MPI.WIN_SEPARATE, "Model is one of the two: " + w.Model);
		Group g = w.Get_group (), wg = World.Get_group ();
		Assert.Equal (MPI.IDENT, Group.Compare (g, wg), "the window's group is the communicator's");
		Assert.Equal (Rank, g.Rank, "this rank's place in it");
		g.Free ();
		wg.Free ();
		w.Free ();
		Assert.Throws<ObjectDisposedException> (() => { var x = w.Size; }, "Size of a freed window");
		Assert.Throws<ObjectDisposedException> (() => { var x = w.Model; }, "Model of a freed window");
		Assert.Throws<ObjectDisposedException> (() => w.Get_group (), "Get_group of a freed window");
		var a = Win.Allocate<long> (5, World);
		Assert.Equal (40L, a.Size, "an allocated window's bytes");
		Assert.Equal (8, a.Disp_unit, "an allocated window's disp_unit is its element's size");
		a.Free ();
	}

	// Hints reach the library (both libraries report no_locks back), and Motor keeps the no_locks promise for the
	// program: Lock and Lock_all are refused, fences work.
	public static void HintsReachTheLibraryAndNoLocksIsKept ()
	{
		var mem = new int[4];
		var w = Win.Create (mem, sizeof (int), World, new Dictionary<string, string> { { "no_locks", "true" } });
		Assert.Equal ("true", w.Get_info ()["no_locks"], "the library kept no_locks");
		var e = Assert.Throws<InvalidOperationException> (() => w.Lock (MPI.LOCK_SHARED, Next), "Lock on a no_locks window");
		Assert.Contains ("no_locks", e.Message, "the message names the hint");
		Assert.Throws<InvalidOperationException> (() => w.Lock_all (), "Lock_all on a no_locks window");
		w.Fence ();
		w.Put (new[] { V (Rank, 1) }, Next, 2);
		w.Fence ();
		Assert.Equal (V (Prev, 1), mem[2], "a Put under fences");
		w.Free ();
		var a = Win.Allocate<long> (3, World, new Dictionary<string, string> { { "accumulate_ordering", "none" } });
		Assert.Equal (24L, a.Size, "an allocated window with hints");
		a.Lock_all ();
		a.Unlock_all ();
		a.Free ();
		// Create does not pass same_size on (the windows MPI sees start at an aligned boundary below each array).
		var c = Win.Create (new int[4], sizeof (int), World, new Dictionary<string, string> { { "same_size", "true" } });
		string v;
		Assert.True (!(c.Get_info ().TryGetValue ("same_size", out v) && v == "true"), "same_size did not reach MPI from Create");
		c.Free ();
		var none = Win.Allocate<int> (1, World, null); // null: no hints, so locks are allowed
		none.Lock_all ();
		none.Unlock_all ();
		none.Free ();
	}

	public static void BadHintsAreRefusedOnEveryRank ()
	{
		var bad = new Dictionary<string, string> { { "no_locks", null } };
		Assert.Throws<ArgumentNullException> (() => Win.Create (new int[1], 4, World, bad), "a null value");
		Assert.Throws<ArgumentException> (() => Win.Allocate<int> (1, World, new Dictionary<string, string> { { "", "x" } }),
			"an empty key");
		var e = Assert.Throws<ArgumentException> (() => Win.Create (new int[1], 4, World,
			new Dictionary<string, string> { { new string ('k', 300), "v" } }), "a key too long for the library");
		Assert.Contains ("too long", e.Message, "the message says why");
		int last = Size - 1;
		if (Size > 1) {
			var mine = Rank == last ? bad : null;
			if (Rank == last)
				Assert.Throws<ArgumentNullException> (() => Win.Create (new int[1], 4, World, mine), "a null value on the last rank");
			else {
				var x = Assert.Throws<InvalidOperationException> (() => Win.Create (new int[1], 4, World, mine), "the last rank refused");
				Assert.Contains ("rank " + last, x.Message, "names the refusing rank");
			}
		}
		var w = Win.Create (new int[1], 4, World, new Dictionary<string, string> ());
		w.Free ();
	}

	// Set_info: the same hints on every rank reach the library; different ones, a bad one on one rank, or no_locks
	// while this rank holds a lock are refused on every rank and change nothing; a no_locks given later is kept
	// like one given at creation, and a later "false" does not undo it.
	public static void SetInfoGivesAWindowMoreHints ()
	{
		var mem = new int[4];
		var w = Win.Create (mem, sizeof (int), World);
		w.Set_info (new Dictionary<string, string> { { "accumulate_ordering", "none" } });
		w.Set_info (null);
		w.Set_info (new Dictionary<string, string> ());
		Assert.True (w.Get_info () != null, "Get_info after Set_info");
		if (Size > 1) {
			var e = Assert.Throws<ArgumentException> (() => w.Set_info (new Dictionary<string, string> {
				{ "accumulate_ordering", Rank == 0 ? "none" : "rar,war" } }), "different values on rank 0");
			Assert.Contains ("different hints", e.Message, "the message says why");
			int last = Size - 1;
			var bad = new Dictionary<string, string> { { "accumulate_ordering", Rank == last ? null : "none" } };
			if (Rank == last)
				Assert.Throws<ArgumentNullException> (() => w.Set_info (bad), "a null value on the last rank");
			else
				Assert.Contains ("rank " + last, Assert.Throws<InvalidOperationException> (() => w.Set_info (bad),
					"the last rank refused").Message, "names the refusing rank");
		}
		var noLocks = new Dictionary<string, string> { { "no_locks", "true" } };
		// While rank 0 holds a lock, no_locks is refused there and, through the agreement, everywhere.
		if (Rank == 0)
			w.Lock (MPI.LOCK_SHARED, 0);
		var held = Assert.Throws<InvalidOperationException> (() => w.Set_info (noLocks), "no_locks while rank 0 holds a lock");
		Assert.Contains (Rank == 0 ? "Unlock" : "rank 0", held.Message, "the message says why");
		if (Rank == 0)
			w.Unlock (0);
		// The window still works with locks, then takes the promise.
		w.Lock_all ();
		w.Put (new[] { V (Rank, 3) }, Next, 1);
		w.Unlock_all ();
		w.Set_info (noLocks);
		Assert.Contains ("no_locks", Assert.Throws<InvalidOperationException> (() => w.Lock (MPI.LOCK_SHARED, Next),
			"Lock after no_locks").Message, "names the hint");
		Assert.Throws<InvalidOperationException> (() => w.Lock_all (), "Lock_all after no_locks");
		w.Set_info (new Dictionary<string, string> { { "no_locks", "false" } });
		Assert.Throws<InvalidOperationException> (() => w.Lock_all (), "Lock_all after no_locks=false: the promise stands");
		w.Fence ();
		w.Put (new[] { V (Rank, 4) }, Next, 2);
		w.Fence ();
		Assert.Equal (V (Prev, 3), mem[1], "the Put under Lock_all");
		Assert.Equal (V (Prev, 4), mem[2], "the Put under fences");
		w.Free ();
		Assert.Throws<ObjectDisposedException> (() => w.Set_info (null), "Set_info of a freed window");
		// Create does not pass same_size on by Set_info either (see HintsReachTheLibraryAndNoLocksIsKept).
		var c = Win.Create (new int[4], sizeof (int), World);
		c.Set_info (new Dictionary<string, string> { { "same_size", "true" } });
		string v;
		Assert.True (!(c.Get_info ().TryGetValue ("same_size", out v) && v == "true"), "same_size did not reach MPI");
		c.Free ();
	}

	// The indexer copies through a per-thread one-element array: reading and writing elements allocates nothing.
	public static void AllocateIndexerAllocatesNothing ()
	{
		var w = Win.Allocate<double> (8, World);
		w.Fence ();
		w[0] = 1.5;
		double sum = w[0];
		long before = GC.GetAllocatedBytesForCurrentThread ();
		for (int i = 0; i < 1000; i++) {
			w[i % 8] = i;
			sum += w[(i + 7) % 8];
		}
		long allocated = GC.GetAllocatedBytesForCurrentThread () - before;
		w.Fence ();
		Assert.Equal (0L, allocated, "bytes allocated by 2,000 indexer accesses");
		Assert.Equal (999.0, w[7], "the last element written");
		w.Free ();
	}

	static void Garbage (int rounds)
	{
		for (int k = 0; k < rounds; k++) {
			object[] junk = new object[200];
			for (int i = 0; i < junk.Length; i++)
				junk[i] = new byte[i % 7 * 50 + 16];
			GC.Collect (k % 3 == 2 ? 2 : 0);
		}
	}

	public static void GcStormWithOpenEpochsMovesNothing ()
	{
		var mem = new int[64]; // small: in the nursery, it would move without its pin
		var w = Win.Create (mem, sizeof (int), World);
		long baseAddr = MPDirect.AddressOf (mem);
		World.Barrier ();
		w.Lock_all ();
		var origins = new int[10][];
		var addrs = new long[10];
		for (int k = 0; k < 10; k++) {
			origins[k] = Enumerable.Range (0, 6).Select (i => V (Rank, k * 6 + i)).ToArray ();
			addrs[k] = MPDirect.AddressOf (origins[k]);
			w.Put (origins[k], 0, 6, Next, k * 6);
			Garbage (3);
		}
		Assert.Equal (11L, w.Holds, "base and ten origins held until the epoch ends");
		Garbage (20);
		for (int k = 0; k < 10; k++)
			Assert.Equal (addrs[k], MPDirect.AddressOf (origins[k]), "origin " + k + " did not move");
		w.Flush_all ();
		Assert.Equal (1L, w.Holds, "origins released at Flush_all");
		w.Unlock_all ();
		Garbage (20);
		SyncLocal (w);
		Assert.Equal (baseAddr, MPDirect.AddressOf (mem), "window did not move");
		for (int i = 0; i < 60; i++)
			Assert.Equal (V (Prev, i), mem[i], "element " + i);
		w.Free ();
		Assert.Equal (-1L, w.Holds, "nothing held after Free (a freed window has no handle)");
	}

	public static void SmallBasesArePinnedLargeOnesOnlyKeptAlive ()
	{
		long t0, a0, t1, a1, t2, a2;
		Win.PinCounts (out t0, out a0);
		var small = Win.Create (new byte[100], 1, World);
		Win.PinCounts (out t1, out a1);
		var large = Win.Create (new byte[100000], 1, World);
		Win.PinCounts (out t2, out a2);
		Assert.Equal (t0 + 1, t1, "small base pinned");
		Assert.Equal (a0, a1, "small base: no pin avoided");
		Assert.Equal (t1, t2, "large base not pinned");
		Assert.Equal (a1 + 1, a2, "large base: pin avoided");
		small.Free ();
		large.Free ();
	}

	public static void FlushReleasesOnlyTheBuffersOfItsTarget ()
	{
		var mem = new int[6000];
		var w = Win.Create (mem, sizeof (int), World);
		World.Barrier ();
		long t0, a0, t1, a1;
		Win.PinCounts (out t0, out a0);
		var small = Block (Rank, 10);
		var large = Block (Rank, 5000); // in the large-object space: kept alive, not pinned
		w.Lock_all ();
		w.Put (small, 0, 10, Next, 0);
		w.Put (large, 0, 5000, Prev, 100);
		Win.PinCounts (out t1, out a1);
		Assert.Equal (t0 + 1, t1, "the small origin pinned");
		Assert.Equal (a0 + 1, a1, "the large origin only kept alive");
		Assert.Equal (3L, w.Holds, "base and both origins held");
		w.Flush (Next);
		Assert.Equal (Next == Prev ? 1L : 2L, w.Holds, "Flush(next) released the buffers to next only");
		w.Flush_all ();
		Assert.Equal (1L, w.Holds, "Flush_all released the rest");
		w.Unlock_all ();
		SyncLocal (w);
		int fromPrev = Prev, fromNext = Next; // small came from prev, large from next
		for (int i = 0; i < 10; i++)
			Assert.Equal (V (fromPrev, i), mem[i], "small element " + i);
		for (int i = 0; i < 5000; i++)
			Assert.Equal (V (fromNext, i), mem[100 + i], "large element " + i);
		w.Free ();
	}

	// Rput, Rget, Raccumulate and Rget_accumulate inside Lock_all, each completed by its own Wait: an Rput's origin
	// may change once its Wait returns, an Rget's data is there at its Wait (before any flush), and Rget_accumulate
	// hands out each ticket once.  After Flush_all every update is at its target.
	public static void RequestBasedOperationsCompleteWithTheirOwnWait ()
	{
		var mem = new int[64];
		for (int i = 0; i < 16; i++)
			mem[48 + i] = V (Rank, i); // read by the Rgets, never written
		var w = Win.Create (mem, sizeof (int), World);
		World.Barrier ();
		w.Lock_all ();
		var block = Block (Rank, 16);
		Request put = w.Rput (block, 2, 10, Next, 0);
		var got = new int[16];
		Request get = w.Rget (got, Prev, 48);
		Request acc = w.Raccumulate (Enumerable.Repeat (1, 8).ToArray (), 0, 8, 0, 16, Op.SUM);
		var ticket = new int[1];
		Request take = w.Rget_accumulate (new[] { 1 }, 0, 1, ticket, 0, 0, 40, Op.SUM);
		put.Wait ();
		Array.Clear (block, 0, block.Length); // the data has left the origin
		get.Wait ();
		Assert.SequenceEqual (Block (Prev, 16), got, "the Rget's result at its Wait");
		acc.Wait ();
		take.Wait ();
		w.Flush_all ();
		World.Barrier ();
		var sums = new int[8];
		w.Rget_accumulate (new int[8], 0, 8, sums, 0, 0, 16, Win.NO_OP).Wait ();
		Assert.SequenceEqual (Enumerable.Repeat (Size, 8).ToArray (), sums, "rank 0's sums of every rank's Raccumulate");
		var tickets = new int[Size];
		World.Allgather (ticket, tickets);
		Assert.SequenceEqual (Enumerable.Range (0, Size).ToArray (), tickets.OrderBy (t => t).ToArray (),
			"each ticket handed out once");
		World.Barrier ();
		w.Unlock_all ();
		SyncLocal (w);
		for (int i = 0; i < 10; i++)
			Assert.Equal (V (Prev, i + 2), mem[i], "Rput element " + i);
		World.Barrier ();
		w.Free ();
	}

	public static void RequestBasedOperationsNeedAPassiveTargetEpoch ()
	{
		var w = Win.Create (new int[4], sizeof (int), World);
		Assert.Throws<InvalidOperationException> (() => w.Rput (new int[1], Next, 0), "Rput with no epoch");
		w.Fence ();
		Assert.Throws<InvalidOperationException> (() => w.Rput (new int[1], Next, 0), "Rput under Fence");
		Assert.Throws<InvalidOperationException> (() => w.Rget (new int[1], Next, 0), "Rget under Fence");
		w.Fence ();
		w.Lock (MPI.LOCK_SHARED, Next);
		if (Size > 1)
			Assert.Throws<InvalidOperationException> (() => w.Rget (new int[1], Rank, 0), "Rget of a rank not locked");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Rput (new int[2], Next, 3), "past the target's window");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Rget (new int[2], 1, 2, Next, 0), "past the result");
		Assert.Throws<ArgumentException> (() => w.Rput (new long[1], Next, 0), "another element type");
		Assert.Throws<ArgumentNullException> (() => w.Rget (null, Next, 0), "no result");
		Assert.Throws<ArgumentException> (() => w.Raccumulate (new int[1], 0, 1, Next, 0, Op.Create<int> ((a, b) => a, true)),
			"a user-defined operator");
		Assert.Throws<ArgumentException> (() => w.Raccumulate (new int[1], 0, 1, Next, 0, Win.NO_OP), "NO_OP");
		Request none = w.Rput (new int[1], MPI.PROC_NULL, 0);
		Assert.True (none.Test (), "a request to PROC_NULL is complete at once");
		var one = new int[1];
		w.Rget (one, Next, 0).Wait ();
		w.Unlock (Next);
		World.Barrier ();
		w.Free ();
	}

	// Rgets whose requests the program drops, among collections: MPI writes into each result while its request is in
	// flight, so the slot holds it in place; every result is intact after the epoch, and a collection completes
	// the dropped requests.
	public static void DroppedRequestsKeepTheirBuffersInPlaceUntilTheyComplete ()
	{
		var mem = Block (Rank, 64);
		var w = Win.Create (mem, sizeof (int), World);
		World.Barrier ();
		long before = Diagnostics.RequestsInFlight;
		w.Lock_all ();
		var results = new int[8][];
		for (int k = 0; k < 8; k++) {
			results[k] = new int[8]; // small: in the nursery, it would move without its pin
			w.Rget (results[k], Next, k * 8);
			Garbage (2);
		}
		w.Unlock_all ();
		for (int k = 0; k < 8; k++)
			Assert.SequenceEqual (Block (Next, 64).Skip (k * 8).Take (8).ToArray (), results[k], "result " + k);
		DateTime deadline = DateTime.UtcNow.AddSeconds (20);
		while (Diagnostics.RequestsInFlight > before && DateTime.UtcNow < deadline)
			Garbage (1);
		Assert.Equal (before, Diagnostics.RequestsInFlight, "the collector completed the dropped requests");
		World.Barrier ();
		w.Free ();
	}

	// A shared-memory window over the ranks of this node (every rank, here): each rank fills its own part, and after a
	// fence reads every rank's part directly; a store into the next rank's part and a Put into it are both seen there
	// after the next fence.  Parts of different sizes.
	public static void SharedWindowPartsAreReadAndWrittenDirectly ()
	{
		Intracomm node = World.Split_type (MPI.COMM_TYPE_SHARED, Rank);
		int n = node.Get_size (), me = node.Get_rank (), next = (me + 1) % n, prev = (me + n - 1) % n;
		Win<int> w = Win.Allocate_shared<int> (10 + me, node);
		Assert.True (w.IsShared, "IsShared");
		Assert.Equal (10L + me, w.Length, "Length");
		w.CopyFrom (Block (me, 10 + me), 0, 10 + me, 0);
		w.Fence ();
		for (int r = 0; r < n; r++) {
			Assert.Equal (10L + r, w.Shared_query (r), "rank " + r + "'s part");
			var part = new int[10 + r];
			w.CopyTo (r, 0, part, 0, part.Length);
			Assert.SequenceEqual (Block (r, 10 + r), part, "rank " + r + "'s part read directly");
		}
		w.Fence ();
		w.CopyFrom (new[] { V (me, 500) }, 0, 1, next, 0);
		w.Put (new[] { V (me, 600) }, 0, 1, next, 1);
		w.Fence ();
		Assert.Equal (V (prev, 500), w[0], "the previous rank's store into this rank's part");
		Assert.Equal (V (prev, 600), w[1], "the previous rank's Put into this rank's part");
		w.Fence ();
		w.Free ();
		node.Free ();
	}

	public static void SharedCopiesAreRefusedOutsideASharedWindowAndOutsideTheParts ()
	{
		Win<int> plain = Win.Allocate<int> (4, World);
		Assert.True (!plain.IsShared, "Allocate: not shared");
		Assert.Throws<InvalidOperationException> (() => plain.CopyTo (Rank, 0, new int[1], 0, 1), "CopyTo a rank's part");
		Assert.Throws<InvalidOperationException> (() => plain.Shared_query (Rank), "Shared_query");
		plain.Free ();
		Intracomm node = World.Split_type (MPI.COMM_TYPE_SHARED, Rank);
		Win<int> w = Win.Allocate_shared<int> (4, node);
		Assert.Throws<ArgumentOutOfRangeException> (() => w.CopyTo (node.Get_size (), 0, new int[1], 0, 1), "a rank outside the window");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.CopyTo (0, 3, new int[2], 0, 2), "past the end of rank 0's part");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.CopyFrom (new int[2], 1, 2, 0, 0), "past the end of the source");
		Assert.Throws<ArgumentNullException> (() => w.CopyFrom (null, 0, 1, 0, 0), "no source");
		var e = Assert.Throws<ArgumentOutOfRangeException> (() => Win.Allocate_shared<int> (-1, node), "a negative count");
		Assert.Equal ("count", e.ParamName, "names count");
		w.Free ();
		Assert.Throws<ObjectDisposedException> (() => w.CopyTo (0, 0, new int[1], 0, 1), "freed");
		node.Free ();
	}

	struct Pair { public int A; public double B; }

	public static void StructElementsTravelWhole ()
	{
		var mem = new Pair[8];
		var w = Win.Create (mem, 16, World);
		var src = Enumerable.Range (0, 4).Select (i => new Pair { A = V (Rank, i), B = Rank + i * 0.5 }).ToArray ();
		w.Fence ();
		w.Put (src, 0, 4, Next, 2);
		w.Fence ();
		for (int i = 0; i < 8; i++) {
			bool put = i >= 2 && i < 6;
			Assert.Equal (put ? V (Prev, i - 2) : 0, mem[i].A, "A of element " + i);
			Assert.Equal (put ? Prev + (i - 2) * 0.5 : 0.0, mem[i].B, "B of element " + i);
		}
		w.Free ();
		var a = Win.Allocate<Pair> (3, World);
		a.Fence ();
		a[1] = new Pair { A = 7, B = 2.5 };
		a.Fence ();
		var got = new Pair[3];
		a.Get (got, 0, 3, Prev, 0);
		a.Fence ();
		Assert.Equal (7, got[1].A, "Allocate<Pair>: A");
		Assert.Equal (2.5, got[1].B, "Allocate<Pair>: B");
		a.Free ();
	}

	static WeakReference dropped;

	static void DropAWindow ()
	{
		var mem = Block (Rank, 16);
		dropped = new WeakReference (mem);
		Win.Create (mem, sizeof (int), World);
		Win.Allocate<int> (16, World);
		// A third with an operation in its fence epoch: finalisation completes it with a fence before freeing.
		var w = Win.Create (new int[4], sizeof (int), World);
		w.Fence ();
		w.Put (Block (Rank, 4), Next, 0);
	}

	public static void DroppedWindowKeepsItsArrayUntilFinalize ()
	{
		DropAWindow ();
		for (int i = 0; i < 5; i++) {
			Garbage (5);
			GC.Collect ();
			GC.WaitForPendingFinalizers ();
		}
		var mem = dropped.Target as int[];
		Assert.True (mem != null, "the base of a dropped window is still alive");
		Assert.SequenceEqual (Block (Rank, 16), mem, "and intact");
		// Both windows stay alive: MPI finalisation at exit frees them (this program must end cleanly).
	}

	// ---- refusals ----

	public static void OutOfRangeTargetIsRefusedOnTheOrigin ()
	{
		var mem = new int[10];
		var w = Win.Create (mem, sizeof (int), World);
		w.Fence ();
		var src = Block (Rank, 20);
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Put (src, 0, 11, Next, 0), "count past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Put (src, 0, 2, Next, 9), "last element past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Put (src, 0, 1, Next, 10), "displacement at the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Put (src, 0, 1, Next, -1), "negative displacement");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Get (src, 0, 1, Next, long.MaxValue), "huge displacement");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Accumulate (src, 0, 20, Next, 0, Op.SUM), "accumulate past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Put (src, 0, 1, Size, 0), "rank outside");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Put (src, 15, 6, Next, 0), "origin range");
		w.Put (src, 0, 10, Next, 0); // the whole window is fine
		w.Fence ();
		Assert.SequenceEqual (Block (Prev, 10), mem, "window holds exactly the valid Put");
		w.Free ();
	}

	public static void FreedWindowIsRefused ()
	{
		var w = Win.Create (new int[4], sizeof (int), World);
		w.Free ();
		Assert.Throws<ObjectDisposedException> (() => w.Fence (), "Fence");
		Assert.Throws<ObjectDisposedException> (() => w.Put (new int[1], 0, 0), "Put");
		Assert.Throws<ObjectDisposedException> (() => w.Free (), "Free");
	}

	// Flush_local(rank) completes this rank's operations to that rank at the origin: it releases the buffers held for
	// them (and only them); Flush_local_all the rest.  The Get's result has arrived, and after Unlock every update is in
	// place at its target.
	public static void FlushLocalCompletesAtTheOriginAndReleasesItsTargetsBuffers ()
	{
		var mem = new int[6000];
		var w = Win.Create (mem, sizeof (int), World);
		for (int i = 0; i < 50; i++)
			mem[5500 + i] = V (Rank, i); // past what the Puts below write
		World.Barrier ();
		var small = Block (Rank, 10);
		var large = Block (Rank, 5000);
		var got = new int[50];
		w.Lock_all ();
		w.Put (small, 0, 10, Next, 0);
		w.Put (large, 0, 5000, Prev, 100);
		w.Get (got, 0, 50, Next, 5500);
		Assert.Equal (4L, w.Holds, "base, both origins and the result held");
		w.Flush_local (Next);
		Assert.Equal (Next == Prev ? 1L : 2L, w.Holds, "Flush_local(next) released the buffers of next only");
		Assert.SequenceEqual (Block (Next, 50), got, "the Get's result after Flush_local");
		w.Flush_local_all ();
		Assert.Equal (1L, w.Holds, "Flush_local_all released the rest");
		// The origin buffers may be reused at once: the data already left them.
		Array.Clear (small, 0, small.Length);
		Array.Clear (large, 0, large.Length);
		w.Unlock_all ();
		SyncLocal (w);
		for (int i = 0; i < 10; i++)
			Assert.Equal (V (Prev, i), mem[i], "small element " + i);
		for (int i = 0; i < 5000; i++)
			Assert.Equal (V (Next, i), mem[100 + i], "large element " + i);
		w.Free ();
	}

	// Inside a Lock_all epoch: each rank Puts to its next and flushes; after a barrier, Sync lets each rank read what
	// its previous rank put into its window, without ending the epoch.
	public static void SyncShowsCompletedUpdatesInsideALockEpoch ()
	{
		var mem = new int[16];
		var w = Win.Create (mem, sizeof (int), World);
		World.Barrier ();
		w.Lock_all ();
		w.Put (Block (Rank, 16), Next, 0);
		w.Flush (Next);
		World.Barrier ();
		w.Sync ();
		Assert.SequenceEqual (Block (Prev, 16), mem, "the window after Flush, a barrier and Sync");
		World.Barrier ();
		w.Unlock_all ();
		w.Free ();
	}

	public static void CallsOutsideTheirEpochAreRefused ()
	{
		var mem = new int[4];
		var w = Win.Create (mem, sizeof (int), World);
		Assert.Throws<InvalidOperationException> (() => w.Put (new int[1], Next, 0), "Put with no epoch");
		Assert.Throws<InvalidOperationException> (() => w.Unlock (Next), "Unlock without Lock");
		Assert.Throws<InvalidOperationException> (() => w.Flush (Next), "Flush without Lock");
		Assert.Throws<InvalidOperationException> (() => w.Flush_all (), "Flush_all without Lock");
		Assert.Throws<InvalidOperationException> (() => w.Flush_local (Next), "Flush_local without Lock");
		Assert.Throws<InvalidOperationException> (() => w.Flush_local_all (), "Flush_local_all without Lock");
		Assert.Throws<ArgumentOutOfRangeException> (() => w.Flush_local (Size), "Flush_local of a rank outside the window");
		Assert.Throws<InvalidOperationException> (() => w.Sync (), "Sync without Lock");
		Assert.Throws<InvalidOperationException> (() => w.Unlock_all (), "Unlock_all without Lock_all");
		Assert.Throws<InvalidOperationException> (() => w.Complete (), "Complete without Start");
		Assert.Throws<InvalidOperationException> (() => w.Wait (), "Wait without Post");
		Assert.Throws<ArgumentException> (() => w.Lock (7, Next), "bad lock type");
		w.Lock (MPI.LOCK_SHARED, Next);
		Assert.Throws<InvalidOperationException> (() => w.Lock (MPI.LOCK_SHARED, Next), "Lock twice");
		Assert.Throws<InvalidOperationException> (() => w.Lock_all (), "Lock_all inside Lock");
		Assert.Throws<InvalidOperationException> (() => w.Fence (), "Fence inside Lock");
		if (Size > 1)
			Assert.Throws<InvalidOperationException> (() => w.Put (new int[1], Rank, 0), "Put to a rank not locked");
		w.Unlock (Next);
		w.Lock_all ();
		Assert.Throws<InvalidOperationException> (() => w.Free (), "Free inside Lock_all");
		w.Unlock_all ();
		World.Barrier ();
		w.Free ();
	}

	public static void AssertFlagsOpenAndCloseEpochs ()
	{
		var mem = new int[8];
		var w = Win.Create (mem, sizeof (int), World);
		w.Fence (MPI.MODE_NOPRECEDE);
		w.Put (Block (Rank, 8), Next, 0);
		w.Fence (MPI.MODE_NOSTORE | MPI.MODE_NOSUCCEED);
		Assert.SequenceEqual (Block (Prev, 8), mem, "the Put between the asserted fences");
		// After NOSUCCEED no fence epoch is open: an operation is refused, and a lock epoch may follow.
		Assert.Throws<InvalidOperationException> (() => w.Put (new int[1], Next, 0), "Put after Fence (MODE_NOSUCCEED)");
		var back = new int[8];
		w.Lock (MPI.LOCK_SHARED, Next, MPI.MODE_NOCHECK); // every lock of this test is shared: none conflicts
		w.Get (back, Next, 0);
		w.Unlock (Next);
		Assert.SequenceEqual (Block (Rank, 8), back, "Get under Lock (MODE_NOCHECK)");
		w.Lock_all (MPI.MODE_NOCHECK);
		w.Get (back, 2, 3, Prev, 5);
		w.Unlock_all ();
		int pp = (Prev + Size - 1) % Size; // the previous rank's window holds its previous rank's block
		Assert.SequenceEqual (Block (Rank, 8).Take (2).Concat (Block (pp, 8).Skip (5)).Concat (Block (Rank, 8).Skip (5)), back,
			"Get under Lock_all (MODE_NOCHECK)");
		// Post and Start with NOCHECK: every Post has completed (the barrier) before any Start.
		var wg = World.Get_group ();
		w.Post (wg.Incl (new[] { Next }), MPI.MODE_NOCHECK | MPI.MODE_NOSTORE | MPI.MODE_NOPUT);
		World.Barrier ();
		w.Start (wg.Incl (new[] { Prev }), MPI.MODE_NOCHECK);
		w.Get (back, 0, 8, Prev, 0);
		w.Complete ();
		w.Wait ();
		Assert.SequenceEqual (Block (pp, 8), back, "Get under Start (MODE_NOCHECK)");
		// A fence epoch again, with nothing to complete before it.
		w.Fence (MPI.MODE_NOPRECEDE);
		w.Put (Block (Rank + 10, 8), Next, 0);
		w.Fence (MPI.MODE_NOSUCCEED);
		Assert.SequenceEqual (Block (Prev + 10, 8), mem, "the second fence epoch");
		w.Free ();
	}

	public static void AssertFlagsThatDoNotHoldRaiseOnEveryRank ()
	{
		var mem = new int[4];
		var w = Win.Create (mem, sizeof (int), World);
		int last = Size - 1;
		w.Fence ();
		if (Rank == last)
			w.Put (new[] { 7 }, Next, 0);
		var e = Assert.Throws<InvalidOperationException> (() => w.Fence (MPI.MODE_NOPRECEDE), "NOPRECEDE after a Put on the last rank");
		Assert.Contains (Rank == last ? "MODE_NOPRECEDE" : "rank " + last + " refused", e.Message, "the message says why");
		w.Fence ();
		Assert.Equal (Rank == (last + 1) % Size ? 7 : 0, mem[0], "the last rank's Put, completed by the next Fence");
		if (Size > 1) {
			var m = Assert.Throws<ArgumentException> (() => w.Fence (Rank == last ? MPI.MODE_NOSUCCEED : 0), "NOSUCCEED on one rank");
			Assert.Contains ("MODE_NOSUCCEED", m.Message, "the message names the flags");
		}
		// The fence epoch is still open.
		w.Put (new[] { 5 }, Next, 1);
		Assert.Throws<InvalidOperationException> (() => w.Lock (MPI.LOCK_SHARED, Next), "Lock before the fence epoch's Put is completed");
		Assert.Throws<InvalidOperationException> (() => w.Lock_all (), "Lock_all before the fence epoch's Put is completed");
		w.Fence ();
		Assert.Equal (5, mem[1], "a Put after the refused fences");
		// A lock held on one rank: Fence raises on every rank instead of leaving the others waiting.
		if (Rank == last)
			w.Lock (MPI.LOCK_SHARED, Rank);
		e = Assert.Throws<InvalidOperationException> (() => w.Fence (), "Fence while the last rank holds a lock");
		if (Rank != last)
			Assert.Contains ("rank " + last + " refused", e.Message, "names the refusing rank");
		if (Rank == last)
			w.Unlock (Rank);
		// The lock ended the last rank's fence epoch: a fence opens one for every rank again.
		w.Fence ();
		// Flags a call does not take, and values that are no flags.
		var all = World.Get_group ();
		Assert.Throws<ArgumentException> (() => w.Fence (MPI.MODE_NOCHECK), "Fence (MODE_NOCHECK)");
		Assert.Throws<ArgumentException> (() => w.Fence (1), "Fence (1)");
		Assert.Throws<ArgumentException> (() => w.Lock (MPI.LOCK_SHARED, Next, MPI.MODE_NOPUT), "Lock (MODE_NOPUT)");
		Assert.Throws<ArgumentException> (() => w.Lock_all (MPI.LOCK_EXCLUSIVE), "Lock_all with a lock type as assert");
		Assert.Throws<ArgumentException> (() => w.Start (all, MPI.MODE_NOPRECEDE), "Start (MODE_NOPRECEDE)");
		Assert.Throws<ArgumentException> (() => w.Post (all, MPI.MODE_NOSUCCEED), "Post (MODE_NOSUCCEED)");
		w.Put (new[] { 6 }, Next, 2);
		w.Fence (MPI.MODE_NOSUCCEED);
		Assert.Equal (6, mem[2], "a Put after the refusals");
		w.Free ();
	}

	public static void FreeRefusedOnOneRankIsRefusedEverywhere ()
	{
		var w = Win.Create (new int[4], sizeof (int), World);
		int last = Size - 1;
		if (Rank == last)
			w.Lock_all ();
		var e = Assert.Throws<InvalidOperationException> (() => w.Free (), "Free");
		if (Rank != last)
			Assert.Contains ("rank " + last + " refused", e.Message, "names the refusing rank");
		if (Rank == last)
			w.Unlock_all ();
		w.Free ();
	}

	public static void UserDefinedOperatorIsRefused ()
	{
		var mem = new int[4];
		var w = Win.Create (mem, sizeof (int), World);
		var op = Op.Create<int> ((a, b) => a + b, true);
		w.Fence ();
		var e = Assert.Throws<ArgumentException> (() => w.Accumulate (new int[4], 0, 4, Next, 0, op), "Accumulate");
		Assert.Contains ("user-defined", e.Message, "message");
		Assert.Throws<ArgumentException> (() => w.Fetch_and_op (new int[1], 0, new int[1], 0, Next, 0, op), "Fetch_and_op");
		Assert.Throws<ArgumentException> (() => w.Accumulate (new int[1], 0, 1, Next, 0, Win.NO_OP), "NO_OP in Accumulate");
		Assert.Throws<ArgumentException> (() => World.Allreduce (new int[1], new int[1], Win.REPLACE), "REPLACE in a reduction");
		Assert.Throws<ArgumentException> (() => w.Accumulate (new bool[1], 0, 1, Next, 0, Op.SUM), "type mismatch");
		w.Fence ();
		Assert.SequenceEqual (new int[4], mem, "window unchanged");
		op.Free ();
		w.Free ();
		var d = new double[2];
		var wd = Win.Create (d, sizeof (double), World);
		wd.Fence ();
		Assert.Throws<ArgumentException> (() => wd.Compare_and_swap (new double[1], 0, new double[1], 0, new double[1], 0, Next, 0), "CAS on double");
		wd.Fence ();
		wd.Free ();
	}

	// One-sided accumulations take only the library's operators, and some libraries compute some of them wrongly
	// (Debian 12's MPICH 4.0.2: MIN and MAX on unsigned types; its Open MPI 4.1.4: 8- and 16-bit sums, which
	// saturate).  Motor finds them at start-up and refuses them here rather than let a wrong value land.  Under a
	// library that gets a pair right, it must give the right value.
	static bool AccumulatesRightOrIsRefused<T> (T[] window, T[] origin, Op op, T[] expected, string what)
	{
		var w = Win.Create (window, System.Runtime.InteropServices.Marshal.SizeOf (typeof (T)), World);
		var before = (T[]) window.Clone ();
		w.Fence ();
		bool refused = false;
		try {
			w.Accumulate (origin, 0, origin.Length, Rank, 0, op);
		} catch (NotSupportedException e) {
			refused = true;
			Assert.Contains ("computes this built-in operator wrongly", e.Message, what + ": the message names the library's fault");
		}
		w.Fence ();
		Assert.SequenceEqual (refused ? before : expected, window, what + (refused ? ": window unchanged after the refusal" : ""));
		w.Free ();
		return refused;
	}

	public static void LibraryOperatorsThatAreWrongAreRefusedInAccumulate ()
	{
		bool min = AccumulatesRightOrIsRefused (new uint[] { uint.MaxValue, 1 }, new uint[] { 5, uint.MaxValue }, Op.MIN,
		                                        new uint[] { 5, 1 }, "MIN on uint");
		bool sum = AccumulatesRightOrIsRefused (Enumerable.Repeat ((byte) 170, 64).ToArray (), Enumerable.Repeat ((byte) 153, 64).ToArray (),
		                                        Op.SUM, Enumerable.Repeat ((byte) 67, 64).ToArray (), "SUM on byte");
		string lib = string.Join (" ", Diagnostics.MpiLibrary.Split (new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries));
		// MPICH's fault is in its plain C code; Open MPI's only where its vector code runs (AVX), so only the
		// first can be expected of every machine.
		if (lib.StartsWith ("MPICH Version: 4.0.2"))
			Assert.True (min && !sum, "MPICH 4.0.2 gets MIN wrong on uint, SUM on byte right");
		if (lib.StartsWith ("Open MPI"))
			Assert.True (!min, "Open MPI gets MIN on uint right");
	}

	public static void OriginOfAnotherElementTypeIsRefused ()
	{
		var w = Win.Create (new int[4], sizeof (int), World);
		w.Fence ();
		var e = Assert.Throws<ArgumentException> (() => w.Put (new float[2], Next, 0), "float into int");
		Assert.Contains ("System.Single", e.Message, "names the type");
		Assert.Throws<ArgumentException> (() => w.Get (new uint[2], Next, 0), "uint from int");
		w.Fence ();
		w.Free ();
	}

	struct WithRef { public int A; public string S; }

	public static void NonBlittableBaseIsRefusedOnItsRankAndAgreedOnTheOthers ()
	{
		int last = Size - 1;
		Array mem = Rank == last ? (Array) new string[4] : new int[4];
		if (Rank == last)
			Assert.Throws<ArgumentException> (() => Win.Create (mem, 4, World), "string[] base");
		else {
			var e = Assert.Throws<InvalidOperationException> (() => Win.Create (mem, 4, World), "others");
			Assert.Contains ("rank " + last + " refused", e.Message, "names the refusing rank");
		}
		if (Rank == last)
			Assert.Throws<ArgumentOutOfRangeException> (() => Win.Create (mem, 0, World), "disp_unit 0");
		else
			Assert.Throws<InvalidOperationException> (() => Win.Create (mem, 4, World), "others, disp_unit");
		Assert.Throws<ArgumentException> (() => Win.Allocate<WithRef> (4, World), "struct with a reference");
		// Every rank still works: a good window after the refusals.
		var w = Win.Create (new int[4], 4, World);
		w.Fence ();
		w.Put (new[] { Rank }, Next, 1);
		w.Fence ();
		w.Free ();
	}

	public static void WindowsOfDifferentElementTypesAreRefused ()
	{
		if (Size == 1)
			return;
		Array mem = Rank == 0 ? (Array) new int[4] : new float[4];
		Assert.Throws<ArgumentException> (() => Win.Create (mem, 4, World), "int and float windows");
		var w = Win.Create (new int[4], 4, World);
		w.Free ();
	}
}
