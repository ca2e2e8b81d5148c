// TopologyTests: graph and distributed-graph communicators and their queries, Cart_sub, and the neighbour
// collectives (blocking and non-blocking) on a periodic Cartesian ring, a non-periodic line, a graph and
// distributed graphs, each checked element by element against results worked out from the known structure;
// and the refusals: wrong block counts, bad graphs on one rank, graphs that differ or do not fit across ranks.
// Runs at 1, 2, 3 and 4 ranks.
using System;
using System.Linq;
using System.MP;

public static class TopologyTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (TopologyTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Last { get { return Size - 1; } }
	static int Left { get { return (Rank - 1 + Size) % Size; } }
	static int Right { get { return (Rank + 1) % Size; } }

	static int V (int r, int i) { return r * 1000 + i; }

	static int[] Filled (int n, int value) { return Enumerable.Repeat (value, n).ToArray (); }

	// ---- helpers -------------------------------------------------------------------------------------

	/// <summary>Rank <paramref name="refuser"/> must throw <typeparamref name="TEx"/>, every other rank
	/// InvalidOperationException naming it; then the world must still work (an Allreduce).</summary>
	// A non-blocking collective's refusal reaches the other ranks through the completion: pass "() => I...(...).Wait ()".
	static void Refused<TEx> (string what, int refuser, Action call) where TEx : Exception
	{
		if (Rank == refuser) {
			Assert.Throws<TEx> (call, what + " on the refusing rank " + refuser);
		} else {
			var e = Assert.Throws<InvalidOperationException> (call, what + " on rank " + Rank);
			Assert.Contains ("rank " + refuser + " refused", e.Message, what + ": the message names the refusing rank");
		}
		var one = new[] { 1 };
		var sum = new int[1];
		World.Allreduce (one, sum, Op.SUM);
		Assert.Equal (Size, sum[0], what + ": the world still works");
	}

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

	// The block rank s sends to out-neighbour j in Neighbor_alltoallv: CountV(s, j) elements V(s, 100*j + k).
	// At 1 and 2 ranks a rank can be the same neighbour twice (a periodic ring, a ring graph), and which of its
	// blocks lands in which of the two places is the MPI library's choice (MPICH 4.0 differs between
	// Neighbor_alltoall and Neighbor_alltoallv), so the blocks it sends then have one size and CheckBlocks accepts
	// them in either place.
	static int CountV (int s, int j) { return 1 + s % 2 + (Size <= 2 ? 0 : j); }

	/// <summary>Compares received blocks with the expected ones; the blocks from a rank that is an in-neighbour
	/// more than once may come in any order among its places.</summary>
	static void CheckBlocks (int[][] ins, int[][] expect, int[][] got, string what)
	{
		for (int i = 0; i < ins.Length; i++) {
			int src = ins[i][0];
			var places = Enumerable.Range (0, ins.Length).Where (x => ins[x][0] == src).ToArray ();
			if (src == MPI.PROC_NULL || places.Length == 1) {
				Assert.SequenceEqual (expect[i], got[i], what + ": block " + i);
				continue;
			}
			Func<int[], string> key = a => string.Join (",", a);
			var want = places.Select (x => key (expect[x])).OrderBy (x => x);
			var have = places.Select (x => key (got[x])).OrderBy (x => x);
			Assert.SequenceEqual (want, have, what + ": the blocks from rank " + src + ", a neighbour " + places.Length + " times");
		}
	}

	const int Blocking = 0, NonBlocking = 1, Persistent = 2;

	// One neighbour collective in one of its three forms; the persistent one is started twice (the same blocks
	// arrive again) and freed.
	static void Run (int mode, Action blocking, Func<Request> nonBlocking, Func<Prequest> init)
	{
		if (mode == Blocking) {
			blocking ();
		} else if (mode == NonBlocking) {
			nonBlocking ().Wait ();
		} else {
			var p = init ();
			for (int k = 0; k < 2; k++) {
				p.Start ();
				p.Wait ();
			}
			p.Free ();
		}
	}

	/// <summary>Every neighbour collective, blocking, non-blocking and persistent, on <paramref name="c"/>.  This rank's
	/// out-neighbours are <paramref name="outs"/>; its in-neighbour i is rank ins[i][0], which sends it its block
	/// ins[i][1] (in-neighbours of MPI.PROC_NULL send nothing: their blocks must stay untouched).</summary>
	static void CheckNeighborCollectives (Topocomm c, int[] outs, int[][] ins, string what)
	{
		Assert.Equal (ins.Length, c.Indegree, what + ": Indegree");
		Assert.Equal (outs.Length, c.Outdegree, what + ": Outdegree");
		foreach (int mode in new[] { Blocking, NonBlocking, Persistent }) {
			string w = what + (mode == NonBlocking ? " (non-blocking)" : mode == Persistent ? " (persistent)" : "");
			// allgather: 2 elements from each in-neighbour
			var s = new[] { V (Rank, 0), V (Rank, 1) };
			var r = Filled (2 * ins.Length, -1);
			Run (mode, () => c.Neighbor_allgather (s, r), () => c.Ineighbor_allgather (s, r), () => c.Neighbor_allgather_init (s, r));
			for (int i = 0; i < ins.Length; i++) {
				int src = ins[i][0];
				for (int k = 0; k < 2; k++)
					Assert.Equal (src == MPI.PROC_NULL ? -1 : V (src, k), r[2 * i + k], w + ": Neighbor_allgather block " + i + "[" + k + "]");
			}
			// alltoall: block j (2 elements) for out-neighbour j
			s = new int[2 * outs.Length];
			for (int j = 0; j < outs.Length; j++) {
				s[2 * j] = V (Rank, 10 * j);
				s[2 * j + 1] = V (Rank, 10 * j + 1);
			}
			r = Filled (2 * ins.Length, -1);
			Run (mode, () => c.Neighbor_alltoall (s, r), () => c.Ineighbor_alltoall (s, r), () => c.Neighbor_alltoall_init (s, r));
			CheckBlocks (ins,
				ins.Select (p => p[0] == MPI.PROC_NULL ? new[] { -1, -1 } : new[] { V (p[0], 10 * p[1]), V (p[0], 10 * p[1] + 1) }).ToArray (),
				Enumerable.Range (0, ins.Length).Select (i => r.Skip (2 * i).Take (2).ToArray ()).ToArray (), w + ": Neighbor_alltoall");
			// allgatherv: rank s sends s+1 elements; blocks placed with a gap of one element after each
			s = Enumerable.Range (0, Rank + 1).Select (k => V (Rank, k)).ToArray ();
			var counts = ins.Select (p => p[0] == MPI.PROC_NULL ? 2 : p[0] + 1).ToArray ();
			var displs = new int[ins.Length];
			for (int i = 1; i < ins.Length; i++)
				displs[i] = displs[i - 1] + counts[i - 1] + 1;
			r = Filled (counts.Sum () + ins.Length + 1, -1);
			Run (mode, () => c.Neighbor_allgatherv (s, r, counts, displs), () => c.Ineighbor_allgatherv (s, r, counts, displs),
				() => c.Neighbor_allgatherv_init (s, r, counts, displs));
			var expect = Filled (r.Length, -1);
			for (int i = 0; i < ins.Length; i++)
				if (ins[i][0] != MPI.PROC_NULL)
					for (int k = 0; k < counts[i]; k++)
						expect[displs[i] + k] = V (ins[i][0], k);
			Assert.SequenceEqual (expect, r, w + ": Neighbor_allgatherv");
			// alltoallv: CountV(me, j) elements to out-neighbour j, blocks with gaps on both sides
			var scounts = Enumerable.Range (0, outs.Length).Select (j => CountV (Rank, j)).ToArray ();
			var sdispls = new int[outs.Length];
			for (int j = 1; j < outs.Length; j++)
				sdispls[j] = sdispls[j - 1] + scounts[j - 1] + 1;
			s = Filled (scounts.Sum () + outs.Length, -9);
			for (int j = 0; j < outs.Length; j++)
				for (int k = 0; k < scounts[j]; k++)
					s[sdispls[j] + k] = V (Rank, 100 * j + k);
			var rcounts = ins.Select (p => p[0] == MPI.PROC_NULL ? 1 : CountV (p[0], p[1])).ToArray ();
			var rdispls = new int[ins.Length];
			for (int i = 0; i < ins.Length; i++)
				rdispls[i] = (i == 0 ? 0 : rdispls[i - 1] + rcounts[i - 1]) + 1;
			r = Filled (rcounts.Sum () + ins.Length + 1, -1);
			Run (mode, () => c.Neighbor_alltoallv (s, scounts, sdispls, r, rcounts, rdispls),
				() => c.Ineighbor_alltoallv (s, scounts, sdispls, r, rcounts, rdispls),
				() => c.Neighbor_alltoallv_init (s, scounts, sdispls, r, rcounts, rdispls));
			for (int i = 0; i <= ins.Length; i++)
				Assert.Equal (-1, r[i == 0 ? 0 : rdispls[i - 1] + rcounts[i - 1]], w + ": Neighbor_alltoallv: the gap before block " + i + " is untouched");
			CheckBlocks (ins,
				Enumerable.Range (0, ins.Length).Select (i => ins[i][0] == MPI.PROC_NULL ? Filled (rcounts[i], -1)
					: Enumerable.Range (0, rcounts[i]).Select (k => V (ins[i][0], 100 * ins[i][1] + k)).ToArray ()).ToArray (),
				Enumerable.Range (0, ins.Length).Select (i => r.Skip (rdispls[i]).Take (rcounts[i]).ToArray ()).ToArray (),
				w + ": Neighbor_alltoallv");
		}
	}

	static int[] RingIndex () { return Enumerable.Range (1, Size).Select (i => 2 * i).ToArray (); }

	static int[] RingEdges ()
	{
		return Enumerable.Range (0, Size).SelectMany (i => new[] { (i - 1 + Size) % Size, (i + 1) % Size }).ToArray ();
	}

	// ---- graphs ---------------------------------------------------------------------------------------

	public static void GraphRingHasTheGivenStructure ()
	{
		var g = World.Create_graph (RingIndex (), RingEdges (), false);
		Assert.True (g != null, "every rank is a node");
		int nnodes, nedges;
		g.Get_dims (out nnodes, out nedges);
		Assert.Equal (Size, nnodes, "nnodes");
		Assert.Equal (2 * Size, nedges, "nedges");
		int[] index, edges;
		g.Get_topo (out index, out edges);
		Assert.SequenceEqual (RingIndex (), index, "index");
		Assert.SequenceEqual (RingEdges (), edges, "edges");
		for (int r = 0; r < Size; r++) {
			Assert.Equal (2, g.Get_neighbors_count (r), "neighbours of " + r);
			Assert.SequenceEqual (new[] { (r - 1 + Size) % Size, (r + 1) % Size }, g.Get_neighbors (r), "neighbours of " + r);
		}
		Assert.Throws<ArgumentOutOfRangeException> (() => g.Get_neighbors (Size), "a rank beyond the communicator");
		Assert.Throws<ArgumentOutOfRangeException> (() => g.Get_neighbors_count (-1), "a negative rank");
		g.Free ();
	}

	public static void GraphStarGivesNullToRanksBeyondItsNodes ()
	{
		int nnodes = Math.Max (1, Size - 1);
		// node 0 is the hub, linked both ways to nodes 1..nnodes-1
		var index = Enumerable.Range (0, nnodes).Select (i => i == 0 ? nnodes - 1 : nnodes - 1 + i).ToArray ();
		var edges = Enumerable.Range (1, nnodes - 1).Concat (Enumerable.Repeat (0, nnodes - 1)).ToArray ();
		var g = World.Create_graph (index, edges, false);
		if (Rank >= nnodes) {
			Assert.True (g == null, "rank " + Rank + " is beyond the " + nnodes + " nodes");
			return;
		}
		Assert.Equal (nnodes, g.Get_size (), "size");
		Assert.Equal (nnodes - 1, g.Get_neighbors_count (0), "the hub's neighbours");
		Assert.SequenceEqual (Enumerable.Range (1, nnodes - 1), g.Get_neighbors (0), "the hub's neighbours");
		for (int r = 1; r < nnodes; r++)
			Assert.SequenceEqual (new[] { 0 }, g.Get_neighbors (r), "neighbours of leaf " + r);
		int nn, ne;
		g.Get_dims (out nn, out ne);
		Assert.Equal (nnodes, nn, "nnodes");
		Assert.Equal (2 * (nnodes - 1), ne, "nedges");
		g.Free ();
	}

	public static void DistGraphDirectedRingHasTheGivenEdges ()
	{
		var d = World.Create_dist_graph_adjacent (new[] { Left }, new[] { Right }, false);
		int indeg, outdeg;
		bool weighted;
		d.Get_dist_neighbors_count (out indeg, out outdeg, out weighted);
		Assert.Equal (1, indeg, "indegree");
		Assert.Equal (1, outdeg, "outdegree");
		Assert.True (!weighted, "made without weights");
		int[] s, t, sw, tw;
		d.Get_dist_neighbors (out s, out t);
		Assert.SequenceEqual (new[] { Left }, s, "sources");
		Assert.SequenceEqual (new[] { Right }, t, "destinations");
		d.Get_dist_neighbors (out s, out sw, out t, out tw);
		Assert.True (sw == null && tw == null, "no weights for an unweighted graph");
		Assert.SequenceEqual (new[] { Left }, s, "sources (weighted query)");
		d.Free ();
	}

	public static void DistGraphWeightedStarHasTheGivenEdgesAndWeights ()
	{
		// every other rank sends to rank 0, with weight 10 * its rank + 1
		var sources = Rank == 0 ? Enumerable.Range (1, Size - 1).ToArray () : new int[0];
		var sweights = sources.Select (x => 10 * x + 1).ToArray ();
		var dests = Rank == 0 ? new int[0] : new[] { 0 };
		var dweights = Rank == 0 ? new int[0] : new[] { 10 * Rank + 1 };
		var d = World.Create_dist_graph_adjacent (sources, sweights, dests, dweights, false);
		int indeg, outdeg;
		bool weighted;
		d.Get_dist_neighbors_count (out indeg, out outdeg, out weighted);
		Assert.Equal (sources.Length, indeg, "indegree");
		Assert.Equal (dests.Length, outdeg, "outdegree");
		Assert.True (weighted, "made with weights");
		int[] s, t, sw, tw;
		d.Get_dist_neighbors (out s, out sw, out t, out tw);
		Assert.SequenceEqual (sources, s, "sources");
		Assert.SequenceEqual (sweights, sw, "source weights");
		Assert.SequenceEqual (dests, t, "destinations");
		Assert.SequenceEqual (dweights, tw, "destination weights");
		d.Free ();
	}

	// ---- Cart_sub ---------------------------------------------------------------------------------------

	public static void SubOfATwoDimensionalGridKeepsTheChosenDimension ()
	{
		var dims = new int[2];
		Intracomm.Dims_create (Size, dims);
		var grid = World.Create_cart (dims, new[] { true, false }, false);
		var coords = grid.Coords;
		for (int keep = 0; keep < 2; keep++) {
			var remain = new[] { keep == 0, keep == 1 };
			var sub = grid.Sub (remain);
			Assert.Equal (dims[keep], sub.Get_size (), "size of the sub-grid keeping dimension " + keep);
			Assert.Equal (1, sub.Get_dim (), "one dimension");
			Assert.SequenceEqual (new[] { dims[keep] }, sub.Dims, "dims");
			Assert.SequenceEqual (new[] { keep == 0 }, sub.Periods, "periods");
			Assert.SequenceEqual (new[] { coords[keep] }, sub.Coords, "coords");
			Assert.Equal (coords[keep], sub.Get_rank (), "rank in the sub-grid");
			// the members share the dropped coordinate: an allgather of world ranks proves it
			var mine = new[] { Rank };
			var all = new int[sub.Get_size ()];
			sub.Allgather (mine, all);
			for (int i = 0; i < all.Length; i++) {
				var c = new int[2];
				c[keep] = i;
				c[1 - keep] = coords[1 - keep];
				Assert.Equal (grid.Get_cart_rank (c), all[i], "member " + i + " of the sub-grid keeping dimension " + keep);
			}
			sub.Free ();
		}
		var none = grid.Sub (new[] { false, false });
		Assert.Equal (1, none.Get_size (), "keeping no dimension leaves each rank alone");
		Assert.Equal (0, none.Get_dim (), "in a grid of no dimensions");
		none.Free ();
		grid.Free ();
	}

	// ---- neighbour collectives ------------------------------------------------------------------------

	public static void NeighborCollectivesOnAPeriodicRing ()
	{
		BothModes (() => {
			var ring = World.Create_cart (new[] { Size }, new[] { true }, false);
			// in-neighbour 0 is the rank below, which sends it its block 1 (upward); in-neighbour 1 the rank above,
			// which sends its block 0
			CheckNeighborCollectives (ring, new[] { Left, Right }, new[] { new[] { Left, 1 }, new[] { Right, 0 } }, "periodic ring");
			ring.Free ();
		});
	}

	public static void NeighborCollectivesOnANonPeriodicLineLeaveProcNullBlocksUntouched ()
	{
		BothModes (() => {
			var line = World.Create_cart (new[] { Size }, new[] { false }, false);
			int below = Rank == 0 ? MPI.PROC_NULL : Rank - 1, above = Rank == Last ? MPI.PROC_NULL : Rank + 1;
			CheckNeighborCollectives (line, new[] { below, above }, new[] { new[] { below, 1 }, new[] { above, 0 } }, "non-periodic line");
			line.Free ();
		});
	}

	public static void NeighborCollectivesOnAGraphRing ()
	{
		BothModes (() => {
			var g = World.Create_graph (RingIndex (), RingEdges (), false);
			// Rank s sends its block j to its neighbour j; the k-th edge from s here matches the k-th edge to this
			// rank there (messages between two ranks keep their order).
			var outs = new[] { Left, Right };
			var ins = new int[2][];
			for (int i = 0; i < 2; i++) {
				int src = outs[i], k = outs.Take (i).Count (x => x == src);
				var theirs = new[] { (src - 1 + Size) % Size, (src + 1) % Size };
				int j = Enumerable.Range (0, 2).Where (x => theirs[x] == Rank).ElementAt (k);
				ins[i] = new[] { src, j };
			}
			CheckNeighborCollectives (g, outs, ins, "graph ring");
			g.Free ();
		});
	}

	public static void NeighborCollectivesOnADistGraphDirectedRing ()
	{
		BothModes (() => {
			var d = World.Create_dist_graph_adjacent (new[] { Left }, new[] { Right }, false);
			CheckNeighborCollectives (d, new[] { Right }, new[] { new[] { Left, 0 } }, "directed ring");
			d.Free ();
		});
	}

	public static void NeighborCollectivesOnADistGraphStarWithUnequalDegrees ()
	{
		BothModes (() => {
			// rank 0 receives from every rank, itself included; every rank sends to rank 0 only
			var sources = Rank == 0 ? Enumerable.Range (0, Size).ToArray () : new int[0];
			var d = World.Create_dist_graph_adjacent (sources, new[] { 0 }, false);
			CheckNeighborCollectives (d, new[] { 0 }, sources.Select (x => new[] { x, 0 }).ToArray (), "star");
			d.Free ();
		});
	}

	// ---- refusals -------------------------------------------------------------------------------------

	public static void NeighborCollectivesRefuseWrongBlockCountsOnOneRank ()
	{
		BothModes (() => {
			var ring = World.Create_cart (new[] { Size }, new[] { true }, false);
			var s = new[] { V (Rank, 0), V (Rank, 1) };
			var bad = Filled (Rank == Last ? 3 : 4, -1);
			Refused<ArgumentException> ("Neighbor_allgather", Last, () => ring.Neighbor_allgather (s, bad));
			Assert.SequenceEqual (Filled (bad.Length, -1), bad, "the refused Neighbor_allgather wrote nothing");
			Refused<ArgumentException> ("Ineighbor_allgather", Last, () => ring.Ineighbor_allgather (s, bad).Wait ());
			Refused<ArgumentException> ("Neighbor_alltoall", Last, () => ring.Neighbor_alltoall (new int[4], bad));
			Refused<ArgumentException> ("Ineighbor_alltoall", Last, () => ring.Ineighbor_alltoall (new int[4], bad).Wait ());
			// counts with one entry too many on the last rank
			int n = Rank == Last ? 3 : 2;
			Refused<ArgumentException> ("Neighbor_allgatherv", Last,
				() => ring.Neighbor_allgatherv (s, new int[8], Filled (n, 2), new int[n]));
			Refused<ArgumentException> ("Ineighbor_alltoallv", Last,
				() => ring.Ineighbor_alltoallv (new int[4], Filled (2, 2), new[] { 0, 2 }, new int[4], Filled (n, 1), new int[n]).Wait ());
			// a block outside recvbuf on the last rank
			var displs = Rank == Last ? new[] { 0, 3 } : new[] { 0, 2 };
			Refused<ArgumentException> ("Neighbor_alltoallv", Last,
				() => ring.Neighbor_alltoallv (new int[4], Filled (2, 2), new[] { 0, 2 }, new int[4], Filled (2, 2), displs));
			// the same collective, now correct, gives the right blocks
			var r = new int[4];
			ring.Neighbor_allgather (s, r);
			Assert.SequenceEqual (new[] { V (Left, 0), V (Left, 1), V (Right, 0), V (Right, 1) }, r, "Neighbor_allgather after the refusals");
			ring.Free ();
		});
	}

	// Each rank's counts are right for its own buffers, but the last rank sends its upper neighbour a block of another
	// size than that neighbour expects (or, in Neighbor_allgather, blocks of 3 where the others expect 2): every rank
	// raises ArgumentException and no rank's receive buffer changes; then the same collectives with blocks that fit
	// are right.  On a periodic ring and on a directed distributed-graph ring.
	public static void NeighborBlocksThatDifferBetweenSenderAndReceiverRaiseOnEveryRank ()
	{
		BothModes (() => {
			var ring = World.Create_cart (new[] { Size }, new[] { true }, false);
			var dring = World.Create_dist_graph_adjacent (new[] { Left }, new[] { Right }, false);
			foreach (int more in new[] { 1, -1 }) {
				var sc = Filled (2, 2);
				if (Rank == Last)
					sc[1] += more;
				var r = Filled (6, -1);
				NeighborDiffer ("Neighbor_alltoallv, the last rank sends " + more + " more upward",
					() => ring.Neighbor_alltoallv (new int[6], sc, new[] { 0, 3 }, r, Filled (2, 2), new[] { 0, 3 }), r);
				NeighborDiffer ("Ineighbor_alltoallv, the last rank sends " + more + " more upward",
					() => ring.Ineighbor_alltoallv (new int[6], sc, new[] { 0, 3 }, r, Filled (2, 2), new[] { 0, 3 }).Wait (), r);
				var one = new[] { Rank == Last ? 2 + more : 2 };
				NeighborDiffer ("Neighbor_alltoallv on a directed ring, the last rank sends " + more + " more",
					() => dring.Neighbor_alltoallv (new int[3], one, new[] { 0 }, r, new[] { 2 }, new[] { 0 }), r);
			}
			int n = Rank == Last ? 3 : 2;
			var g = Filled (2 * n, -1);
			if (Size > 1) // alone, the last rank's blocks of 3 are what it expects
				NeighborDiffer ("Neighbor_allgather, blocks of 3 from the last rank", () => ring.Neighbor_allgather (Filled (n, Rank), g), g);
			// With blocks that fit, right.
			var ok = new int[4];
			ring.Neighbor_allgather (new[] { V (Rank, 0), V (Rank, 1) }, ok);
			Assert.SequenceEqual (new[] { V (Left, 0), V (Left, 1), V (Right, 0), V (Right, 1) }, ok, "Neighbor_allgather afterwards");
			var got = Filled (2, -1);
			dring.Neighbor_alltoallv (new[] { V (Rank, 0), V (Rank, 1) }, new[] { 2 }, new[] { 0 }, got, new[] { 2 }, new[] { 0 });
			Assert.SequenceEqual (new[] { V (Left, 0), V (Left, 1) }, got, "Neighbor_alltoallv on the directed ring afterwards");
			dring.Free ();
			ring.Free ();
		});
	}

	// Motor keeps each communicator's neighbours after its first neighbour collective; a communicator made
	// after one was freed (and given its handle) must be judged by its own.  The reversed ring's blocks fit;
	// judged by the freed directed ring's edges they would not (at 3 ranks and more).
	public static void NeighborCollectivesOfANewCommunicatorUseItsOwnNeighbours ()
	{
		for (int round = 0; round < 3; round++) {
			var dring = World.Create_dist_graph_adjacent (new[] { Left }, new[] { Right }, false);
			var got = Filled (1, -1);
			dring.Neighbor_alltoallv (new[] { V (Rank, 0) }, new[] { 1 }, new[] { 0 }, got, new[] { 1 }, new[] { 0 });
			Assert.SequenceEqual (new[] { V (Left, 0) }, got, "the directed ring, round " + round);
			dring.Free ();
			var back = World.Create_dist_graph_adjacent (new[] { Right }, new[] { Left }, false);
			var blocks = new int[Rank + 1];
			for (int i = 0; i <= Rank; i++)
				blocks[i] = V (Rank, i);
			var r = Filled (Right + 1, -1);
			back.Neighbor_alltoallv (blocks, new[] { Rank + 1 }, new[] { 0 }, r, new[] { Right + 1 }, new[] { 0 });
			for (int i = 0; i <= Right; i++)
				Assert.Equal (V (Right, i), r[i], "the reversed ring's block from the right, element " + i + ", round " + round);
			back.Free ();
		}
	}

	static void NeighborDiffer (string what, Action call, int[] untouched)
	{
		var before = (int[]) untouched.Clone ();
		var e = Assert.Throws<ArgumentException> (call, what + " on rank " + Rank);
		Assert.Contains ("differ between the ranks", e.Message, what + ": the message says what is wrong");
		Assert.SequenceEqual (before, untouched, what + ": the receive buffer is unchanged");
	}

	public static void NeighborCollectivesRefuseInPlaceAndAliasedBuffers ()
	{
		var ring = World.Create_cart (new[] { Size }, new[] { true }, false);
		var e = Assert.Throws<ArgumentException> (() => ring.Neighbor_allgather (MPI.IN_PLACE, new int[4]), "MPI.IN_PLACE");
		Assert.Contains ("IN_PLACE", e.Message, "the message names MPI.IN_PLACE");
		var buf = new int[4];
		Assert.Throws<ArgumentException> (() => ring.Neighbor_alltoall (buf, buf), "the same array twice");
		Assert.Throws<ArgumentException> (() => ring.Ineighbor_alltoall (new int[4], new long[4]), "different element types");
		Assert.Throws<ArgumentNullException> (() => ring.Neighbor_allgather (null, new int[4]), "a null sendbuf");
		ring.Free ();
	}

	public static void CreateGraphRefusesABadIndexOnOneRank ()
	{
		var index = RingIndex ();
		if (Rank == Last)
			index[0] = -1;
		Refused<ArgumentException> ("Create_graph (bad index)", Last, () => World.Create_graph (index, RingEdges (), false));
		var edges = RingEdges ();
		if (Rank == Last)
			edges[0] = Size;
		Refused<ArgumentException> ("Create_graph (edge beyond the nodes)", Last, () => World.Create_graph (RingIndex (), edges, false));
		Refused<ArgumentException> ("Create_graph (too few edges)", Last,
			() => World.Create_graph (RingIndex (), Rank == Last ? RingEdges ().Skip (1).ToArray () : RingEdges (), false));
		Refused<ArgumentException> ("Create_graph (more nodes than ranks)", Last,
			() => World.Create_graph (Rank == Last ? Enumerable.Range (0, Size + 1).ToArray () : RingIndex (),
			                          Rank == Last ? Enumerable.Range (0, Size).ToArray () : RingEdges (), false));
		Refused<ArgumentNullException> ("Create_graph (null edges)", Last, () => World.Create_graph (RingIndex (), Rank == Last ? null : RingEdges (), false));
		var g = World.Create_graph (RingIndex (), RingEdges (), false);
		Assert.SequenceEqual (new[] { Left, Right }, g.Get_neighbors (Rank), "a correct graph after the refusals");
		g.Free ();
	}

	public static void CreateGraphWithDifferentGraphsOnTheRanksRaisesEverywhere ()
	{
		if (Size < 2)
			return;
		// the last rank passes a valid graph, but another one: a path instead of a ring
		var edges = RingEdges ();
		if (Rank == Last)
			edges[1] = 0;
		var e = Assert.Throws<ArgumentException> (() => World.Create_graph (RingIndex (), edges, false), "different graphs");
		Assert.Contains ("same graph", e.Message, "the message says why");
	}

	public static void CreateDistGraphRefusesEdgesThatDoNotFit ()
	{
		// the last rank leaves out its source: the edge from Left to it is named only at one end
		var sources = Rank == Last ? new int[0] : new[] { Left };
		var e = CatchOn (Last, () => World.Create_dist_graph_adjacent (sources, new[] { Right }, false), "edges that do not fit");
		if (e != null)
			Assert.Contains ("do not fit", e.Message, "the message says why");
		Refused<ArgumentException> ("Create_dist_graph_adjacent (a rank beyond the communicator)", Last,
			() => World.Create_dist_graph_adjacent (new[] { Left }, new[] { Rank == Last ? Size : Right }, false));
		Refused<ArgumentException> ("Create_dist_graph_adjacent (negative weight)", Last,
			() => World.Create_dist_graph_adjacent (new[] { Left }, new[] { 1 }, new[] { Right }, new[] { Rank == Last ? -1 : 1 }, false));
		Refused<ArgumentException> ("Create_dist_graph_adjacent (weights of the wrong length)", Last,
			() => World.Create_dist_graph_adjacent (new[] { Left }, new int[Rank == Last ? 2 : 1], new[] { Right }, new[] { 1 }, false));
		if (Size >= 2) {
			// weights on one rank only: every rank sees the difference
			Assert.Throws<ArgumentException> (() => {
				if (Rank == Last)
					World.Create_dist_graph_adjacent (new[] { Left }, new[] { 1 }, new[] { Right }, new[] { 1 }, false);
				else
					World.Create_dist_graph_adjacent (new[] { Left }, new[] { Right }, false);
			}, "weights on one rank only");
		}
		var d = World.Create_dist_graph_adjacent (new[] { Left }, new[] { Right }, false);
		int[] s, t;
		d.Get_dist_neighbors (out s, out t);
		Assert.SequenceEqual (new[] { Left }, s, "a correct graph after the refusals");
		d.Free ();
	}

	/// <summary>Rank <paramref name="refuser"/> raises ArgumentException (returned), the others InvalidOperationException.</summary>
	static ArgumentException CatchOn (int refuser, Action call, string what)
	{
		if (Rank == refuser)
			return Assert.Throws<ArgumentException> (call, what + " on the refusing rank");
		Assert.Throws<InvalidOperationException> (call, what + " on rank " + Rank);
		return null;
	}

	public static void CartSubRefusesWrongOrDifferentRemainDims ()
	{
		var dims = new int[2];
		Intracomm.Dims_create (Size, dims);
		var grid = World.Create_cart (dims, new[] { false, false }, false);
		Refused<ArgumentException> ("Sub (one entry too many)", Last, () => grid.Sub (new bool[Rank == Last ? 3 : 2]));
		Refused<ArgumentNullException> ("Sub (null)", Last, () => grid.Sub (Rank == Last ? null : new bool[2]));
		if (Size >= 2) {
			var e = Assert.Throws<ArgumentException> (() => grid.Sub (new[] { Rank == Last, Rank != Last }), "different remain_dims");
			Assert.Contains ("same remain_dims", e.Message, "the message says why");
		}
		var sub = grid.Sub (new[] { true, false });
		Assert.Equal (dims[0], sub.Get_size (), "a correct Sub after the refusals");
		sub.Free ();
		grid.Free ();
	}
}
