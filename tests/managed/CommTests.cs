// CommTests: communicators, groups, intercommunicators and Cartesian topologies, with known results at 1, 2, 3
// and 4 ranks, and each refusal path.  Every communicator a test makes is used for traffic, then freed.
using System;
using System.Linq;
using System.MP;

public static class CommTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (CommTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }

	// The sum of the values every member of `comm` holds, by a ring of Sendrecv (no collectives needed).
	static int RingSum (Intracomm comm, int value)
	{
		int n = comm.Get_size (), r = comm.Get_rank (), sum = value;
		var token = new int[] { value };
		var incoming = new int[1];
		for (int step = 1; step < n; step++) {
			comm.Sendrecv (token, (r + 1) % n, 7, incoming, (r + n - 1) % n, 7, null);
			sum += incoming[0];
			token[0] = incoming[0];
		}
		return sum;
	}

	public static void SplitByParityOrdersByKey ()
	{
		// Key = -rank reverses the order inside each colour.
		var c = World.Split (Rank % 2, -Rank);
		int members = (Size + 1 - Rank % 2) / 2;
		Assert.Equal (members, c.Get_size (), "size");
		var mates = Enumerable.Range (0, Size).Where (r => r % 2 == Rank % 2).Reverse ().ToList ();
		Assert.Equal (mates.IndexOf (Rank), c.Get_rank (), "rank ordered by key");
		Assert.Equal (mates.Sum (), RingSum (c, Rank), "traffic in the new communicator");
		c.Free ();
	}

	public static void SplitUndefinedGivesNull ()
	{
		var c = World.Split (Rank == 0 ? MPI.UNDEFINED : 1, 0);
		if (Rank == 0) {
			Assert.True (c == null, "rank 0 asked for no communicator");
		} else {
			Assert.Equal (Size - 1, c.Get_size (), "size without rank 0");
			Assert.Equal (Rank - 1, c.Get_rank (), "rank");
			c.Free ();
		}
	}

	public static void SplitRefusesNegativeColour ()
	{
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Split (-5, 0), "negative colour");
	}

	public static void GroupOfWorldMatchesWorld ()
	{
		var g = World.Get_group ();
		Assert.Equal (Size, g.Get_size (), "size");
		Assert.Equal (Rank, g.Get_rank (), "rank");
		Assert.Equal (MPI.IDENT, Group.Compare (g, World.Get_group ()), "compare with itself");
		g.Free ();
		Assert.Throws<ObjectDisposedException> (() => g.Get_size (), "freed group");
	}

	public static void GroupSetOperations ()
	{
		var all = World.Get_group ();
		var evens = all.Incl (Enumerable.Range (0, Size).Where (r => r % 2 == 0).ToArray ());
		var odds = all.Excl (Enumerable.Range (0, Size).Where (r => r % 2 == 0).ToArray ());
		Assert.Equal ((Size + 1) / 2, evens.Get_size (), "evens");
		Assert.Equal (Size / 2, odds.Get_size (), "odds");
		Assert.Equal (Rank % 2 == 0 ? Rank / 2 : MPI.UNDEFINED, evens.Get_rank (), "rank in evens");

		var union = Group.Union (evens, odds);
		Assert.Equal (Size, union.Get_size (), "union size");
		Assert.Equal (Size == 1 ? MPI.IDENT : Size == 2 ? MPI.IDENT : MPI.SIMILAR, Group.Compare (union, all), "union vs all");
		Assert.Equal (0, Group.Intersection (evens, odds).Get_size (), "intersection of disjoint groups");
		Assert.Equal (MPI.IDENT, Group.Compare (Group.Difference (all, odds), evens), "all - odds = evens");
		Assert.Equal (0, Group.Difference (evens, all).Get_size (), "evens - all");

		// Translate: rank 2k of all is rank k of evens; odd ranks are not in evens.
		var ranks = Enumerable.Range (0, Size).ToArray ();
		var t = Group.Translate_ranks (all, ranks, evens);
		Assert.SequenceEqual (ranks.Select (r => r % 2 == 0 ? r / 2 : MPI.UNDEFINED), t, "translate");

		// Incl keeps the listed order.
		var reversed = all.Incl (Enumerable.Range (0, Size).Reverse ().ToArray ());
		Assert.Equal (Size - 1 - Rank, reversed.Get_rank (), "rank in reversed group");
		Assert.Equal (Size == 1 ? MPI.IDENT : MPI.SIMILAR, Group.Compare (reversed, all), "reversed vs all");
		foreach (var g in new[] { all, evens, odds, union, reversed })
			g.Free ();
	}

	public static void GroupRefusals ()
	{
		var all = World.Get_group ();
		Assert.Throws<ArgumentOutOfRangeException> (() => all.Incl (new[] { Size }), "rank past the group");
		Assert.Throws<ArgumentOutOfRangeException> (() => all.Excl (new[] { -1 }), "negative rank");
		Assert.Throws<ArgumentException> (() => all.Incl (new[] { 0, 0 }), "duplicate ranks");
		Assert.Throws<ArgumentNullException> (() => all.Incl (null), "null ranks");
		Assert.Throws<ArgumentNullException> (() => Group.Union (all, null), "null group");
		Assert.Throws<ArgumentOutOfRangeException> (() => Group.Translate_ranks (all, new[] { Size + 3 }, all), "translate out of range");
		Assert.Equal (0, Group.EMPTY.Get_size (), "empty group");
		Group.EMPTY.Free ();
		Assert.Equal (0, Group.EMPTY.Get_size (), "EMPTY survives Free");
		all.Free ();
		Assert.Throws<ObjectDisposedException> (() => all.Free (), "double free");
	}

	public static void CreateFromGroup ()
	{
		// The communicator of the ranks other than the last one (at one rank: the empty group).
		var all = World.Get_group ();
		var front = all.Excl (new[] { Size - 1 });
		var c = World.Create (front);
		if (Rank == Size - 1) {
			Assert.True (c == null, "the excluded rank gets null");
		} else {
			Assert.Equal (Size - 1, c.Get_size (), "size");
			Assert.Equal (Enumerable.Range (0, Size - 1).Sum (), RingSum (c, Rank), "traffic");
			Assert.Equal (MPI.CONGRUENT, Group.Compare (c.Get_group (), front) == MPI.IDENT ? MPI.CONGRUENT : -1, "group of the new communicator");
			c.Free ();
		}
		front.Free ();
		all.Free ();
		Assert.Throws<ArgumentNullException> (() => World.Create (null), "null group");
	}

	// Create_group: each parity makes its own communicator, ranks in the group's order, without the other ranks;
	// a rank outside the group gets null at once; the refusals are raised by each member alone, alike.
	public static void CreateGroupByItsMembersAlone ()
	{
		var all = World.Get_group ();
		int[] mine = Enumerable.Range (0, Size).Where (r => r % 2 == Rank % 2).Reverse ().ToArray ();
		int[] other = Enumerable.Range (0, Size).Where (r => r % 2 != Rank % 2).ToArray ();
		var g = all.Incl (mine);
		var c = World.Create_group (g, 5 + Rank % 2);
		Assert.Equal (mine.Length, c.Get_size (), "size");
		Assert.Equal (Array.IndexOf (mine, Rank), c.Get_rank (), "rank in the group's order");
		Assert.Equal (mine.Sum (), RingSum (c, Rank), "traffic among the members");
		var sum = new int[1];
		c.Allreduce (new[] { Rank }, sum, Op.SUM);
		Assert.Equal (mine.Sum (), sum[0], "a collective on it");
		c.Free ();
		var og = all.Incl (other);
		Assert.True (World.Create_group (og, 5) == null, "a rank outside the group gets null");
		var whole = World.Create_group (all, 0);
		Assert.Equal (Size, whole.Get_size (), "the whole group");
		Assert.Equal (Rank, whole.Get_rank (), "the whole group's order");
		Assert.Throws<ArgumentNullException> (() => World.Create_group (null, 0), "null group");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Create_group (g, -1), "negative tag");
		if (MPI.TAG_UB < int.MaxValue)
			Assert.Throws<ArgumentOutOfRangeException> (() => World.Create_group (g, MPI.TAG_UB + 1), "tag above TAG_UB");
		// A group with a process outside the communicator: the world's, on a communicator of this rank alone.
		var self = World.Create_group (all.Incl (new[] { Rank }), 1);
		if (Size > 1) {
			var e = Assert.Throws<ArgumentException> (() => self.Create_group (all, 2), "a group larger than the communicator");
			Assert.Equal ("group", e.ParamName, "names the group");
		}
		self.Free ();
		whole.Free ();
		Assert.Throws<ObjectDisposedException> (() => whole.Create_group (all, 0), "a freed communicator");
		g.Free ();
		Assert.Throws<ObjectDisposedException> (() => World.Create_group (g, 0), "a freed group");
		og.Free ();
		all.Free ();
	}

	public static void CompareCommunicators ()
	{
		Assert.Equal (MPI.IDENT, Comm.Compare (World, World), "itself");
		var dup = World.Dup ();
		Assert.Equal (MPI.CONGRUENT, Comm.Compare (World, dup), "a duplicate");
		var rev = World.Split (0, -Rank);
		Assert.Equal (Size == 1 ? MPI.CONGRUENT : MPI.SIMILAR, Comm.Compare (World, rev), "reordered");
		Assert.Equal (Size == 1 ? MPI.CONGRUENT : MPI.UNEQUAL, Comm.Compare (World, MPI.COMM_SELF), "self");
		dup.Free ();
		rev.Free ();
		Assert.Throws<ObjectDisposedException> (() => Comm.Compare (World, dup), "freed communicator");
	}

	// Two halves (ranks below Size/2 and the rest) joined by an intercommunicator.  Needs 2 ranks or more.
	static Intercomm Halves (out Intracomm local, out bool low)
	{
		low = Rank < Size / 2;
		local = World.Split (low ? 0 : 1, Rank);
		return local.Create_intercomm (0, World, low ? Size / 2 : 0, 99);
	}

	public static void IntercommPointToPoint ()
	{
		if (Size < 2)
			return;
		Intracomm local;
		bool low;
		var ic = Halves (out local, out low);
		Assert.True (ic.Is_inter (), "is an intercommunicator");
		Assert.True (!World.Is_inter (), "world is not");
		int lowSize = Size / 2, highSize = Size - Size / 2;
		Assert.Equal (low ? lowSize : highSize, ic.Get_size (), "local size");
		Assert.Equal (low ? highSize : lowSize, ic.Get_remote_size (), "remote size");
		Assert.Equal (low ? highSize : lowSize, ic.Get_remote_group ().Get_size (), "remote group");
		// Each process of the low half sends to rank r % highSize of the high half; the high half receives
		// every message sent to it.
		if (low) {
			ic.Send (new[] { Rank * 10 }, ic.Get_rank () % highSize, 5);
		} else {
			int r = ic.Get_rank ();
			var buf = new int[1];
			var st = new Status ();
			for (int s = 0; s < lowSize; s++) {
				if (s % highSize != r)
					continue;
				ic.Recv (buf, s, 5, st);
				Assert.Equal (s, st.Get_source (), "source is a remote rank");
				Assert.Equal (s * 10, buf[0], "payload");
			}
		}
		Assert.Throws<ArgumentOutOfRangeException> (() => ic.Send (new int[1], low ? highSize : lowSize, 5), "rank past the remote group");
		ic.Free ();
		local.Free ();
	}

	public static void IntercommMerge ()
	{
		if (Size < 2)
			return;
		Intracomm local;
		bool low;
		var ic = Halves (out local, out low);
		// The high half passes high = true: the low half comes first, so ranks are the world's.
		var merged = ic.Merge (!low);
		Assert.Equal (Size, merged.Get_size (), "merged size");
		Assert.Equal (Rank, merged.Get_rank (), "merged rank");
		Assert.Equal (Enumerable.Range (0, Size).Sum (), RingSum (merged, Rank), "traffic");
		// The opposite order puts the high half first.
		var swapped = ic.Merge (low);
		Assert.Equal (low ? Rank + (Size - Size / 2) : Rank - Size / 2, swapped.Get_rank (), "swapped rank");
		var dup = ic.Dup ();
		Assert.Equal (ic.Get_remote_size (), dup.Get_remote_size (), "a duplicate is an intercommunicator too");
		dup.Free ();
		merged.Free ();
		swapped.Free ();
		ic.Free ();
		local.Free ();
	}

	public static void IntercommRefusals ()
	{
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Create_intercomm (Size, World, 0, 1), "local leader past the communicator");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Create_intercomm (0, World, 0, -3), "negative tag");
		// A bad peer at the leader raises there and on every other rank (no one is left waiting).
		if (Rank == 0)
			Assert.Throws<ArgumentOutOfRangeException> (() => World.Create_intercomm (0, World, Size + 1, 1), "remote leader past the peer");
		else
			Assert.Throws<InvalidOperationException> (() => World.Create_intercomm (0, World, Size + 1, 1), "the leader refused");
	}

	// A refusal on a rank that is not a leader reaches the other group through the leaders, so every rank of both
	// groups raises (and both can make the intercommunicator afterwards).  Needs a group with two ranks.
	public static void IntercommRefusalOnANonLeaderRaisesInBothGroups ()
	{
		if (Size < 3)
			return;
		bool low = Rank < Size / 2;
		var local = World.Split (low ? 0 : 1, Rank);
		int remote = low ? Size / 2 : 0;
		// The last rank is a non-leader of the high group: a bad tag, then a valid one that differs.
		if (Rank == Size - 1)
			Assert.Throws<ArgumentOutOfRangeException> (() => local.Create_intercomm (0, World, remote, -4), "bad tag here");
		else if (!low)
			Assert.Throws<InvalidOperationException> (() => local.Create_intercomm (0, World, remote, 5), "beside it");
		else {
			var e = Assert.Throws<InvalidOperationException> (() => local.Create_intercomm (0, World, remote, 5), "the other group");
			Assert.Contains ("of the remote group", e.Message, "names the other group's rank");
		}
		Assert.Throws<ArgumentException> (() => local.Create_intercomm (0, World, remote, Rank == Size - 1 ? 6 : 5),
		                                  "tags that differ in one group");
		var ic = local.Create_intercomm (0, World, remote, 5);
		Assert.Equal (low ? Size - Size / 2 : Size / 2, ic.Get_remote_size (), "made afterwards");
		ic.Free ();
		local.Free ();
	}

	public static void CartesianGrid ()
	{
		var dims = new int[2];
		Intracomm.Dims_create (Size, dims);
		Assert.Equal (Size, dims[0] * dims[1], "dims cover the ranks");
		Assert.True (dims[0] >= dims[1], "dims in non-increasing order");
		var cart = World.Create_cart (dims, new[] { true, false }, false);
		Assert.Equal (2, cart.Get_dim (), "dimensions");
		Assert.SequenceEqual (dims, cart.Dims, "dims");
		Assert.SequenceEqual (new[] { true, false }, cart.Periods, "periods");
		int r = cart.Get_rank ();
		var coords = cart.Get_coords (r);
		Assert.SequenceEqual (new[] { r / dims[1], r % dims[1] }, coords, "row-major coordinates");
		Assert.SequenceEqual (coords, cart.Coords, "Coords");
		Assert.Equal (r, cart.Get_cart_rank (coords), "rank of own coordinates");
		// Dimension 0 is periodic: -1 wraps.  Dimension 1 is not: past the edge is refused.
		Assert.Equal (cart.Get_cart_rank (new[] { dims[0] - 1, coords[1] }), cart.Get_cart_rank (new[] { -1, coords[1] }), "wrap");
		Assert.Throws<ArgumentOutOfRangeException> (() => cart.Get_cart_rank (new[] { 0, dims[1] }), "past a non-periodic edge");
		Assert.Throws<ArgumentException> (() => cart.Get_cart_rank (new[] { 0 }), "wrong number of coordinates");
		Assert.Throws<ArgumentOutOfRangeException> (() => cart.Get_coords (Size), "rank past the grid");

		int src, dst;
		cart.Shift (0, 1, out src, out dst);
		Assert.Equal (cart.Get_cart_rank (new[] { coords[0] - 1, coords[1] }), src, "periodic shift source");
		Assert.Equal (cart.Get_cart_rank (new[] { coords[0] + 1, coords[1] }), dst, "periodic shift dest");
		cart.Shift (1, 1, out src, out dst);
		Assert.Equal (coords[1] == 0 ? MPI.PROC_NULL : r - 1, src, "non-periodic shift source");
		Assert.Equal (coords[1] == dims[1] - 1 ? MPI.PROC_NULL : r + 1, dst, "non-periodic shift dest");
		Assert.Throws<ArgumentOutOfRangeException> (() => cart.Shift (2, 1, out src, out dst), "direction past the grid");

		// A halo exchange along dimension 0 with Sendrecv.
		cart.Shift (0, 1, out src, out dst);
		var got = new int[1];
		cart.Sendrecv (new[] { r }, dst, 3, got, src, 3, null);
		Assert.Equal (src, got[0], "value from the periodic neighbour");

		var dup = cart.Dup ();
		Assert.SequenceEqual (dims, dup.Dims, "a duplicate keeps the topology");
		dup.Free ();
		cart.Free ();
	}

	public static void CartesianSmallerThanWorld ()
	{
		// A 1-D grid of Size - 1 cells (at least 1): the last rank is outside it when Size > 1.
		int cells = Math.Max (1, Size - 1);
		var cart = World.Create_cart (new[] { cells }, new[] { false }, false);
		if (Rank >= cells) {
			Assert.True (cart == null, "rank outside the grid gets null");
		} else {
			Assert.Equal (cells, cart.Get_size (), "grid size");
			cart.Free ();
		}
	}

	public static void CartesianRefusals ()
	{
		Assert.Throws<ArgumentException> (() => World.Create_cart (new[] { Size + 1 }, new[] { false }, false), "grid larger than the communicator");
		Assert.Throws<ArgumentException> (() => World.Create_cart (new[] { 0 }, new[] { false }, false), "zero dimension");
		Assert.Throws<ArgumentException> (() => World.Create_cart (new[] { 1, 1 }, new[] { false }, false), "periods of the wrong length");
		Assert.Throws<ArgumentNullException> (() => World.Create_cart (null, new bool[0], false), "null dims");
		var fixedDims = new[] { Size + 1, 0 };
		Assert.Throws<ArgumentException> (() => Intracomm.Dims_create (Size, fixedDims), "fixed entry does not divide");
		Assert.Throws<ArgumentOutOfRangeException> (() => Intracomm.Dims_create (0, new int[1]), "no nodes");
		var d3 = new int[] { 0, 1, 0 };
		Intracomm.Dims_create (Size * 4, d3);
		Assert.Equal (1, d3[1], "fixed entry kept");
		Assert.Equal (Size * 4, d3[0] * d3[1] * d3[2], "product");
	}

	// Grids that differ between ranks (each valid alone) are refused on every rank: MPI would make a topology
	// that disagrees with itself, whose neighbour collectives wait forever.
	public static void CartesianGridsThatDifferBetweenRanksAreRefusedEverywhere ()
	{
		if (Size < 2)
			return;
		Assert.Throws<ArgumentException> (() => World.Create_cart (new[] { Rank == 0 ? Size : Size - 1 }, new[] { false }, false),
		                                  "dims differ");
		Assert.Throws<ArgumentException> (() => World.Create_cart (new[] { Size }, new[] { Rank == 0 }, false), "periods differ");
		Assert.Throws<ArgumentException> (() => World.Create_cart (new[] { Size }, new[] { true }, Rank == 0), "reorder differs");
		var cart = World.Create_cart (new[] { Size }, new[] { true }, false);
		Assert.Equal (Size, cart.Get_size (), "the same grid everywhere afterwards");
		cart.Free ();
	}

	// No dimension: a grid of one cell, as MPI defines it (rank 0 alone).  Dims_create with no zero entry to fill
	// must already make nnodes.
	public static void ZeroDimensionalGridAndDimsCreateWithNothingToFill ()
	{
		var cart = World.Create_cart (new int[0], new bool[0], false);
		Assert.True (Rank == 0 ? cart != null && cart.Get_size () == 1 && cart.Get_dim () == 0 : cart == null,
		             "rank 0 alone in a grid without dimensions");
		if (cart != null)
			cart.Free ();
		Assert.Throws<ArgumentException> (() => Intracomm.Dims_create (4, new[] { 1, 1 }), "1 x 1 is not 4");
		Assert.Throws<ArgumentException> (() => Intracomm.Dims_create (4, new[] { 2 }), "2 is not 4");
		Assert.Throws<ArgumentException> (() => Intracomm.Dims_create (4, new int[0]), "no dimension is not 4 cells");
		var ok = new[] { 2, 2 };
		Intracomm.Dims_create (4, ok);
		Assert.SequenceEqual (new[] { 2, 2 }, ok, "a full grid of nnodes is kept");
		Intracomm.Dims_create (1, new int[0]);
	}

	// Shift by displacements near the int's limits: modulo the extent on a periodic dimension, no neighbour past
	// the extent on a non-periodic one (MPI adds them to a coordinate, which overflowed).
	public static void ShiftByHugeDisplacements ()
	{
		foreach (bool periodic in new[] { true, false }) {
			var cart = World.Create_cart (new[] { Size }, new[] { periodic }, false);
			int r = cart.Get_rank ();
			foreach (int disp in new[] { int.MaxValue, int.MinValue, int.MaxValue - 1, int.MinValue + 1, Size, -Size }) {
				int src, dst;
				cart.Shift (0, disp, out src, out dst);
				long k = ((long) disp % Size + Size) % Size;
				bool inside = (long) r + disp >= 0 && (long) r + disp < Size, back = (long) r - disp >= 0 && (long) r - disp < Size;
				Assert.Equal (periodic ? (int) ((r + k) % Size) : inside ? (int) (r + disp) : MPI.PROC_NULL, dst,
				              "destination, disp " + disp + (periodic ? ", periodic" : ""));
				Assert.Equal (periodic ? (int) ((r - k + Size) % Size) : back ? (int) (r - disp) : MPI.PROC_NULL, src,
				              "source, disp " + disp + (periodic ? ", periodic" : ""));
			}
			cart.Free ();
		}
	}

	public static void FreedCommunicatorIsRefused ()
	{
		var c = World.Split (0, Rank);
		c.Free ();
		Assert.Throws<ObjectDisposedException> (() => c.Abort (3), "Abort of a freed communicator (not COMM_WORLD's)");
		Assert.Throws<ObjectDisposedException> (() => c.Get_group (), "group of a freed communicator");
		Assert.Throws<ObjectDisposedException> (() => c.Split (0, 0), "split of a freed communicator");
	}

	public static void NotSpawned ()
	{
		Assert.True (Intracomm.Get_parent () == null, "a job started by mpiexec has no parent");
	}

	public static void UnfreedCommunicatorsAreReleasedAtExit ()
	{
		// Left for the runtime to free at finalize: a split, a group, a Cartesian grid.
		World.Split (Rank % 2, 0);
		World.Get_group ().Incl (new[] { 0 });
		World.Create_cart (new[] { Size }, new[] { true }, true);
	}
}
