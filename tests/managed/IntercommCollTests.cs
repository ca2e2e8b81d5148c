// IntercommCollTests: collectives on intercommunicators between two groups of unequal size (COMM_WORLD split
// into the first k ranks and the rest, k = 1 and k = size - 1), every root in both groups, every element
// checked; and refusals on one rank raising on every rank of both groups.  The non-blocking forms the same way,
// several in flight at once, and a post that must not wait for the other group.  Runs at 2, 3 and 4 ranks.
using System;
using System.Collections.Generic;
using System.Linq;
using System.MP;

public static class IntercommCollTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (IntercommCollTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }

	sealed class Side
	{
		public Intercomm Comm;
		public int Group, Rank, Size, RemoteSize;    // Group 0 is the first k ranks of COMM_WORLD
		public int RemoteGroup { get { return 1 - Group; } }
	}

	// The value of element i of what rank r of group g contributes.
	static int V (int g, int r, int i) { return (g * 100 + r) * 1000 + i; }

	static int[] Block (int g, int r, int n, int from = 0) { return Enumerable.Range (from, n).Select (i => V (g, r, i)).ToArray (); }

	static void ForEachSplit (Action<Side> body)
	{
		int size = World.Get_size (), rank = World.Get_rank ();
		foreach (int k in new SortedSet<int> { 1, size - 1 }) {
			int g = rank < k ? 0 : 1;
			Intracomm local = World.Split (g, rank);
			Intercomm inter = local.Create_intercomm (0, World, g == 0 ? k : 0, 77);
			var s = new Side { Comm = inter, Group = g, Rank = local.Get_rank (), Size = local.Get_size (), RemoteSize = inter.Get_remote_size () };
			Assert.Equal (g == 0 ? k : size - k, s.Size, "local group size");
			Assert.Equal (g == 0 ? size - k : k, s.RemoteSize, "remote group size");
			try {
				body (s);
				inter.Barrier ();
			} finally {
				inter.Free ();
				local.Free ();
			}
		}
	}

	// Runs body for every root in both groups: (root group, root's rank, this rank's root argument).
	static void ForEachRoot (Side s, Action<int, int, int> body)
	{
		for (int rg = 0; rg < 2; rg++) {
			int n = rg == s.Group ? s.Size : s.RemoteSize;
			for (int root = 0; root < n; root++) {
				int arg = rg != s.Group ? root : s.Rank == root ? MPI.ROOT : MPI.PROC_NULL;
				body (rg, root, arg);
			}
		}
	}

	public static void BarrierAcrossGroupsReturnsOnEveryRank ()
	{
		ForEachSplit (s => {
			for (int i = 0; i < 3; i++)
				s.Comm.Barrier ();
		});
	}

	public static void BcastFromEveryRootReachesEveryRankOfTheRemoteGroup ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			int[] buf = arg == MPI.ROOT ? Block (rg, root, 7) : Enumerable.Repeat (-1, 7).ToArray ();
			s.Comm.Bcast (arg == MPI.PROC_NULL && root % 2 == 0 ? null : buf, arg);
			int[] want = rg == s.Group ? (arg == MPI.ROOT ? Block (rg, root, 7) : Enumerable.Repeat (-1, 7).ToArray ()) : Block (rg, root, 7);
			Assert.SequenceEqual (want, buf, "Bcast from root " + root + " of group " + rg);
		}));
	}

	public static void ScatterFromEveryRootGivesRemoteRankJBlockJ ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			const int n = 3;
			int[] send = arg == MPI.ROOT ? Block (rg, root, n * s.RemoteSize) : null;
			int[] recv = rg != s.Group ? new int[n] : null;
			s.Comm.Scatter (send, recv, arg);
			if (recv != null)
				Assert.SequenceEqual (Block (rg, root, n, s.Rank * n), recv, "Scatter block");
		}));
	}

	public static void ScattervFromEveryRootGivesRemoteRankJItsCount ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			int[] send = null, counts = null, displs = null;
			if (arg == MPI.ROOT) {
				counts = Enumerable.Range (0, s.RemoteSize).Select (j => j + 1).ToArray ();
				displs = Enumerable.Range (0, s.RemoteSize).Select (j => 10 * j).ToArray ();
				send = Block (rg, root, 10 * s.RemoteSize);
			}
			int[] recv = rg != s.Group ? new int[s.Rank + 1] : null;
			s.Comm.Scatterv (send, counts, displs, recv, arg);
			if (recv != null)
				Assert.SequenceEqual (Block (rg, root, s.Rank + 1, 10 * s.Rank), recv, "Scatterv block");
		}));
	}

	public static void GatherAtEveryRootCollectsTheRemoteGroupInRankOrder ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			const int n = 4;
			int[] send = rg != s.Group ? Block (s.Group, s.Rank, n) : null;
			int[] recv = arg == MPI.ROOT ? new int[n * s.RemoteSize] : null;
			s.Comm.Gather (send, recv, arg);
			if (recv != null)
				Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (j => Block (s.RemoteGroup, j, n)), recv, "Gather");
		}));
	}

	public static void GathervAtEveryRootPlacesEachRemoteBlockAtItsDisplacement ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			int[] send = rg != s.Group ? Block (s.Group, s.Rank, s.Rank + 2) : null;
			int[] recv = null, counts = null, displs = null;
			if (arg == MPI.ROOT) {
				counts = Enumerable.Range (0, s.RemoteSize).Select (j => j + 2).ToArray ();
				displs = Enumerable.Range (0, s.RemoteSize).Select (j => 8 * (s.RemoteSize - 1 - j)).ToArray ();
				recv = Enumerable.Repeat (-1, 8 * s.RemoteSize).ToArray ();
			}
			s.Comm.Gatherv (send, recv, counts, displs, arg);
			if (recv != null) {
				var want = Enumerable.Repeat (-1, 8 * s.RemoteSize).ToArray ();
				for (int j = 0; j < s.RemoteSize; j++)
					Array.Copy (Block (s.RemoteGroup, j, j + 2), 0, want, displs[j], j + 2);
				Assert.SequenceEqual (want, recv, "Gatherv");
			}
		}));
	}

	public static void AllgatherGivesEachGroupTheOtherGroupsBlocks ()
	{
		ForEachSplit (s => {
			var recv = new int[5 * s.RemoteSize];
			s.Comm.Allgather (Block (s.Group, s.Rank, 5), recv);
			Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (j => Block (s.RemoteGroup, j, 5)), recv, "Allgather");
		});
	}

	public static void AllgathervGivesEachGroupTheOtherGroupsBlocksOfTheirOwnLengths ()
	{
		ForEachSplit (s => {
			var counts = Enumerable.Range (0, s.RemoteSize).Select (j => j + 1).ToArray ();
			var displs = Enumerable.Range (0, s.RemoteSize).Select (j => j * (j + 1) / 2).ToArray ();
			var recv = new int[counts.Sum ()];
			s.Comm.Allgatherv (Block (s.Group, s.Rank, s.Rank + 1), recv, counts, displs);
			Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (j => Block (s.RemoteGroup, j, j + 1)), recv, "Allgatherv");
		});
	}

	public static void AlltoallSendsBlockJToRemoteRankJ ()
	{
		ForEachSplit (s => {
			const int n = 2;
			var recv = new int[n * s.RemoteSize];
			s.Comm.Alltoall (Block (s.Group, s.Rank, n * s.RemoteSize), recv);
			Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (i => Block (s.RemoteGroup, i, n, s.Rank * n)), recv, "Alltoall");
		});
	}

	public static void AlltoallvSendsBlocksOfEveryPairsOwnLength ()
	{
		// Rank i of one group sends i + j + 1 elements to rank j of the other, from 10 * j.
		ForEachSplit (s => {
			var sc = Enumerable.Range (0, s.RemoteSize).Select (j => s.Rank + j + 1).ToArray ();
			var sd = Enumerable.Range (0, s.RemoteSize).Select (j => 10 * j).ToArray ();
			var rcounts = Enumerable.Range (0, s.RemoteSize).Select (i => i + s.Rank + 1).ToArray ();
			var rd = Enumerable.Range (0, s.RemoteSize).Select (i => 10 * i).ToArray ();
			var recv = Enumerable.Repeat (-1, 10 * s.RemoteSize).ToArray ();
			s.Comm.Alltoallv (Block (s.Group, s.Rank, 10 * s.RemoteSize), sc, sd, recv, rcounts, rd);
			var want = Enumerable.Repeat (-1, 10 * s.RemoteSize).ToArray ();
			for (int i = 0; i < s.RemoteSize; i++)
				Array.Copy (Block (s.RemoteGroup, i, rcounts[i], 10 * s.Rank), 0, want, rd[i], rcounts[i]);
			Assert.SequenceEqual (want, recv, "Alltoallv");
		});
	}

	static long[] Sum (int g, int n, int length, int from = 0)
	{
		return Enumerable.Range (from, length).Select (i => Enumerable.Range (0, n).Sum (r => (long) V (g, r, i))).ToArray ();
	}

	static long[] LBlock (int g, int r, int n, int from = 0) { return Block (g, r, n, from).Select (x => (long) x).ToArray (); }

	public static void ReduceAtEveryRootSumsTheRemoteGroup ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			long[] send = rg != s.Group ? LBlock (s.Group, s.Rank, 6) : null;
			long[] recv = arg == MPI.ROOT ? new long[6] : null;
			s.Comm.Reduce (send, recv, Op.SUM, arg);
			if (recv != null)
				Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, 6), recv, "Reduce");
		}));
	}

	public static void AllreduceGivesEachGroupTheOtherGroupsSum ()
	{
		ForEachSplit (s => {
			var recv = new long[6];
			s.Comm.Allreduce (LBlock (s.Group, s.Rank, 6), recv, Op.SUM);
			Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, 6), recv, "Allreduce");
		});
	}

	public static void ReduceScatterBlockScattersEachGroupsSumOverTheOtherGroup ()
	{
		// Both groups contribute nA * nB elements; a rank receives (its group's size x its count) = that many.
		ForEachSplit (s => {
			int total = s.Size * s.RemoteSize, count = s.RemoteSize;
			var recv = new long[count];
			s.Comm.Reduce_scatter_block (LBlock (s.Group, s.Rank, total), recv, Op.SUM);
			Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, count, s.Rank * count), recv, "Reduce_scatter_block");
		});
	}

	static int[] Counts (int n)
	{
		// n counts adding up to 10: 1, 2, ... and the rest to the last
		var c = Enumerable.Range (1, n).ToArray ();
		c[n - 1] = 10 - c.Take (n - 1).Sum ();
		return c;
	}

	public static void ReduceScatterScattersEachGroupsSumByTheOtherGroupsCounts ()
	{
		ForEachSplit (s => {
			int[] counts = Counts (s.Size);
			var recv = new long[counts[s.Rank]];
			s.Comm.Reduce_scatter (LBlock (s.Group, s.Rank, 10), recv, counts, Op.SUM);
			Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, counts[s.Rank], counts.Take (s.Rank).Sum ()), recv, "Reduce_scatter");
		});
	}

	// ---- refusals -------------------------------------------------------------------------------------

	static void Refused<TEx> (Side s, int rg, int refuser, string what, Action call) where TEx : Exception
	{
		if (s.Group == rg && s.Rank == refuser) {
			Assert.Throws<TEx> (call, what + " on the refusing rank");
		} else {
			var e = Assert.Throws<InvalidOperationException> (call, what + " (rank " + refuser + " of group " + rg + " refused)");
			string who = "rank " + refuser + (s.Group == rg ? " refused" : " of the remote group refused");
			Assert.Contains (who, e.Message, what + ": the message names the refusing rank");
		}
	}

	// Every rank of both groups raises ArgumentException for a call whose counts do not fit between the groups, and
	// the buffers stay as they were.
	static void Differ (Side s, string what, Action call, params Array[] untouched)
	{
		var before = untouched.Select (a => (Array) a.Clone ()).ToArray ();
		var e = Assert.Throws<ArgumentException> (call, what + " on rank " + s.Rank + " of group " + s.Group);
		Assert.Contains ("differ between the ranks", e.Message, what + ": the message says what is wrong");
		for (int i = 0; i < untouched.Length; i++)
			Assert.SequenceEqual (before[i].Cast<object> (), untouched[i].Cast<object> (), what + ": buffer " + i + " unchanged");
	}

	// Each rank's arguments are right for its own buffers, but one rank of group 1 (the last) sends or expects blocks
	// of another size than the other group gives or expects -- which MPI calls erroneous and would truncate on some
	// ranks or complete with stale data on others.  Then the same collectives with counts that fit are right.
	public static void CountsThatDoNotFitBetweenTheGroupsRaiseOnEveryRankOfBoth ()
	{
		ForEachSplit (s => {
			bool odd = s.Group == 1 && s.Rank == s.Size - 1;
			int n = odd ? 4 : 3;
			var send = Block (s.Group, s.Rank, n);
			var all = Enumerable.Repeat (-7, n * s.RemoteSize).ToArray ();
			Differ (s, "Allgather, one rank of group 1 with blocks of 4", () => s.Comm.Allgather (send, all), send, all);
			var sum = new long[n];
			var lsend = LBlock (s.Group, s.Rank, n);
			Differ (s, "Allreduce, one rank of group 1 with 4 elements", () => s.Comm.Allreduce (lsend, sum, Op.SUM), lsend, sum);
			// Group 0's rank 0 broadcasts 3 elements; group 1's last rank expects 4.
			int arg = s.Group == 1 ? 0 : s.Rank == 0 ? MPI.ROOT : MPI.PROC_NULL;
			var b = s.Group == 0 ? Block (0, s.Rank, 3) : Enumerable.Repeat (-1, n).ToArray ();
			Differ (s, "Bcast to a group where one rank expects 4", () => s.Comm.Bcast (arg == MPI.PROC_NULL ? null : b, arg), b);
			// Group 0's rank 0 gathers blocks of 3; group 1's last rank sends 4.
			var g = arg == MPI.ROOT ? Enumerable.Repeat (-1, 3 * s.RemoteSize).ToArray () : Enumerable.Repeat (-1, 1).ToArray ();
			Differ (s, "Gather of blocks of 3 where one rank sends 4", () => s.Comm.Gather (s.Group == 1 ? send : null, arg == MPI.ROOT ? g : null, arg), send, g);
			// Reduce where one sender uses another operator.
			var r = new long[3];
			var rsend = LBlock (s.Group, s.Rank, 3);
			Differ (s, "Reduce where one rank of group 1 passes MAX", () => s.Comm.Reduce (s.Group == 1 ? rsend : null, arg == MPI.ROOT ? r : null, odd ? Op.MAX : Op.SUM, arg), rsend, r);
			// Alltoallv: the last rank of group 1 sends remote rank 0 one element more.
			var sc = Enumerable.Repeat (2, s.RemoteSize).ToArray ();
			if (odd)
				sc[0] = 3;
			var d = Enumerable.Range (0, s.RemoteSize).Select (j => 3 * j).ToArray ();
			var twos = Enumerable.Repeat (2, s.RemoteSize).ToArray ();
			var src = Block (s.Group, s.Rank, 3 * s.RemoteSize);
			var dst = Enumerable.Repeat (-1, 3 * s.RemoteSize).ToArray ();
			Differ (s, "Alltoallv, one rank sends one more", () => s.Comm.Alltoallv (src, sc, d, dst, twos, d), src, dst);

			// Reduce_scatter_block: one rank of group 1 with one more element per block (and a vector to match).
			int per = s.RemoteSize + (odd ? 1 : 0);
			var vec = LBlock (s.Group, s.Rank, s.Size * per);
			var part = new long[per];
			Differ (s, "Reduce_scatter_block, one rank of group 1 with blocks one longer",
				() => s.Comm.Reduce_scatter_block (vec, part, Op.SUM), vec, part);
			// Reduce_scatter: one rank of group 1 splits its group's blocks otherwise (same total), or, alone in its
			// group, expects a longer vector.
			int[] counts = Counts (s.Size);
			if (odd && s.Size > 1) {
				counts[0]++;
				counts[1]--;
			} else if (odd) {
				counts[0]++;
			}
			var v2 = LBlock (s.Group, s.Rank, counts.Sum ());
			var p2 = new long[counts[s.Rank]];
			Differ (s, "Reduce_scatter, one rank of group 1 with other counts",
				() => s.Comm.Reduce_scatter (v2, p2, counts, Op.SUM), v2, p2);

			var ok = new int[3 * s.RemoteSize];
			s.Comm.Allgather (Block (s.Group, s.Rank, 3), ok);
			Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (j => Block (s.RemoteGroup, j, 3)), ok, "Allgather afterwards");
		});
	}

	// Runs body for every rank of both groups as the refusing one: (its group, its rank, whether it is this rank).
	static void ForEachRefuser (Side s, Action<int, int, bool> body)
	{
		for (int rg = 0; rg < 2; rg++) {
			int n = rg == s.Group ? s.Size : s.RemoteSize;
			for (int refuser = 0; refuser < n; refuser++)
				body (rg, refuser, rg == s.Group && s.Rank == refuser);
		}
	}

	public static void RefusalOnAnyRankOfEitherGroupRaisesOnEveryRankOfBoth ()
	{
		ForEachSplit (s => {
			ForEachRefuser (s, (rg, refuser, me) => {
				var recv = Enumerable.Repeat (-7, 3 * s.RemoteSize + (me ? 1 : 0)).ToArray ();
				var before = (int[]) recv.Clone ();
				Refused<ArgumentException> (s, rg, refuser, "Allgather", () => s.Comm.Allgather (Block (s.Group, s.Rank, 3), recv));
				Assert.SequenceEqual (before, recv, "Allgather: refused, recvbuf unchanged");
				// the next collective is unaffected
				var ok = new int[3 * s.RemoteSize];
				s.Comm.Allgather (Block (s.Group, s.Rank, 3), ok);
				Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (j => Block (s.RemoteGroup, j, 3)), ok, "Allgather after the refusal");
			});
		});
	}

	public static void RefusedRootArgumentAtTheRootRaisesOnEveryRankOfBothGroups ()
	{
		ForEachSplit (s => {
			// group 0's rank 0 is the root; it passes no receive buffer to Gather
			int arg = s.Group == 1 ? 0 : s.Rank == 0 ? MPI.ROOT : MPI.PROC_NULL;
			int[] send = s.Group == 1 ? Block (1, s.Rank, 2) : null;
			Refused<ArgumentNullException> (s, 0, 0, "Gather", () => s.Comm.Gather (send, null, arg));
			if ((s.Group == 1 ? s.Size : s.RemoteSize) > 1) {
				// and then a receive buffer whose length is no multiple of the remote group's size
				int[] recv = arg == MPI.ROOT ? new int[2 * s.RemoteSize + 1] : null;
				Refused<ArgumentException> (s, 0, 0, "Gather", () => s.Comm.Gather (send, recv, arg));
			}
		});
	}

	public static void InPlaceIsRefusedOnAnIntercommunicatorWithoutStrandingTheOthers ()
	{
		ForEachSplit (s => {
			bool me = s.Group == 1 && s.Rank == s.Size - 1;
			var buf = new long[4];
			Refused<ArgumentException> (s, 1, s.Group == 1 ? s.Size - 1 : s.RemoteSize - 1, "Allreduce",
				() => s.Comm.Allreduce (me ? MPI.IN_PLACE : LBlock (s.Group, s.Rank, 4), buf, Op.SUM));
		});
	}

	public static void RootOutsideTheRemoteGroupIsRefusedOnEveryRank ()
	{
		ForEachSplit (s => {
			// group 1 names a root that group 0 does not have
			int arg = s.Group == 1 ? s.RemoteSize : s.Rank == 0 ? MPI.ROOT : MPI.PROC_NULL;
			var buf = new int[3];
			if (s.Group == 1) {
				Assert.Throws<ArgumentOutOfRangeException> (() => s.Comm.Bcast (buf, arg), "Bcast with a root the remote group lacks");
			} else {
				var e = Assert.Throws<InvalidOperationException> (() => s.Comm.Bcast (buf, arg), "Bcast in the root's group");
				Assert.Contains ("of the remote group refused", e.Message, "Bcast: names the remote group");
			}
		});
	}

	// ---- non-blocking forms ---------------------------------------------------------------------------

	// Every rooted non-blocking collective from every root of both groups, six in flight at once, completed by
	// Waitall; the buffers checked as for the blocking forms.
	public static void NonBlockingRootedFormsFromEveryRootMoveEveryBlock ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			bool remote = rg != s.Group, isRoot = arg == MPI.ROOT;
			int[] bcast = isRoot ? Block (rg, root, 7) : Enumerable.Repeat (-1, 7).ToArray ();
			int[] scatterSend = isRoot ? Block (rg, root, 3 * s.RemoteSize) : null, scatterRecv = remote ? new int[3] : null;
			int[] gatherSend = remote ? Block (s.Group, s.Rank, 4) : null, gatherRecv = isRoot ? new int[4 * s.RemoteSize] : null;
			long[] reduceSend = remote ? LBlock (s.Group, s.Rank, 6) : null, reduceRecv = isRoot ? new long[6] : null;
			int[] vCounts = isRoot ? Enumerable.Range (0, s.RemoteSize).Select (j => j + 1).ToArray () : null;
			int[] vDispls = isRoot ? Enumerable.Range (0, s.RemoteSize).Select (j => 10 * j).ToArray () : null;
			int[] svSend = isRoot ? Block (rg, root, 10 * s.RemoteSize) : null, svRecv = remote ? new int[s.Rank + 1] : null;
			int[] gvSend = remote ? Block (s.Group, s.Rank, s.Rank + 1) : null;
			int[] gvRecv = isRoot ? Enumerable.Repeat (-1, 10 * s.RemoteSize).ToArray () : null;
			var reqs = new[] {
				s.Comm.Ibcast (arg == MPI.PROC_NULL ? null : bcast, arg),
				s.Comm.Iscatter (scatterSend, scatterRecv, arg),
				s.Comm.Igather (gatherSend, gatherRecv, arg),
				s.Comm.Ireduce (reduceSend, reduceRecv, Op.SUM, arg),
				s.Comm.Iscatterv (svSend, vCounts, vDispls, svRecv, arg),
				s.Comm.Igatherv (gvSend, gvRecv, vCounts, vDispls, arg),
			};
			if (vCounts != null)
				vCounts[0] = 99; // copied at the post
			Request.Waitall (reqs);
			string at = " from root " + root + " of group " + rg;
			int[] untouched = Enumerable.Repeat (-1, 7).ToArray ();
			Assert.SequenceEqual (remote || isRoot ? Block (rg, root, 7) : untouched, bcast, "Ibcast" + at);
			if (remote) {
				Assert.SequenceEqual (Block (rg, root, 3, s.Rank * 3), scatterRecv, "Iscatter" + at);
				Assert.SequenceEqual (Block (rg, root, s.Rank + 1, 10 * s.Rank), svRecv, "Iscatterv" + at);
			}
			if (isRoot) {
				Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (j => Block (s.RemoteGroup, j, 4)), gatherRecv, "Igather" + at);
				Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, 6), reduceRecv, "Ireduce" + at);
				var want = Enumerable.Repeat (-1, 10 * s.RemoteSize).ToArray ();
				for (int j = 0; j < s.RemoteSize; j++)
					Array.Copy (Block (s.RemoteGroup, j, j + 1), 0, want, 10 * j, j + 1);
				Assert.SequenceEqual (want, gvRecv, "Igatherv" + at);
			}
		}));
	}

	// The other non-blocking collectives, all in flight at once, completed in an order that differs between the
	// ranks (Wait, Test loops, Waitany then Waitall), with a blocking collective on the intercommunicator between.
	public static void NonBlockingFormsBetweenTheGroupsCompleteInAnyOrder ()
	{
		ForEachSplit (s => {
			for (int round = 0; round < 3; round++) {
				var allgather = new int[5 * s.RemoteSize];
				var agvCounts = Enumerable.Range (0, s.RemoteSize).Select (j => j + 1).ToArray ();
				var agvDispls = Enumerable.Range (0, s.RemoteSize).Select (j => j * (j + 1) / 2).ToArray ();
				var allgatherv = new int[agvCounts.Sum ()];
				var alltoall = new int[2 * s.RemoteSize];
				var sc = Enumerable.Range (0, s.RemoteSize).Select (j => s.Rank + j + 1).ToArray ();
				var d10 = Enumerable.Range (0, s.RemoteSize).Select (j => 10 * j).ToArray ();
				var rcounts = Enumerable.Range (0, s.RemoteSize).Select (i => i + s.Rank + 1).ToArray ();
				var alltoallv = Enumerable.Repeat (-1, 10 * s.RemoteSize).ToArray ();
				var allreduce = new long[6];
				int total = s.Size * s.RemoteSize;
				var rsb = new long[s.RemoteSize];
				int[] counts = Counts (s.Size);
				var rs = new long[counts[s.Rank]];
				var reqs = new[] {
					s.Comm.Iallgather (Block (s.Group, s.Rank, 5), allgather),
					s.Comm.Iallgatherv (Block (s.Group, s.Rank, s.Rank + 1), allgatherv, agvCounts, agvDispls),
					s.Comm.Ialltoall (Block (s.Group, s.Rank, 2 * s.RemoteSize), alltoall),
					s.Comm.Ialltoallv (Block (s.Group, s.Rank, 10 * s.RemoteSize), sc, d10, alltoallv, rcounts, d10),
					s.Comm.Iallreduce (LBlock (s.Group, s.Rank, 6), allreduce, Op.SUM),
					s.Comm.Ireduce_scatter_block (LBlock (s.Group, s.Rank, total), rsb, Op.SUM),
					s.Comm.Ireduce_scatter (LBlock (s.Group, s.Rank, 10), rs, counts, Op.SUM),
					s.Comm.Ibarrier (),
				};
				switch ((s.Group + s.Rank + round) % 3) {
				case 0:
					for (int i = reqs.Length - 1; i >= 0; i--)
						reqs[i].Wait ();
					s.Comm.Barrier ();
					break;
				case 1:
					s.Comm.Barrier ();
					while (!Request.Testall (reqs)) { }
					break;
				default:
					Request.Waitany (reqs, null);
					s.Comm.Barrier ();
					Request.Waitall (reqs);
					break;
				}
				string r = ", round " + round;
				Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (j => Block (s.RemoteGroup, j, 5)), allgather, "Iallgather" + r);
				Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (j => Block (s.RemoteGroup, j, j + 1)), allgatherv, "Iallgatherv" + r);
				Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (i => Block (s.RemoteGroup, i, 2, s.Rank * 2)), alltoall, "Ialltoall" + r);
				var want = Enumerable.Repeat (-1, 10 * s.RemoteSize).ToArray ();
				for (int i = 0; i < s.RemoteSize; i++)
					Array.Copy (Block (s.RemoteGroup, i, rcounts[i], 10 * s.Rank), 0, want, d10[i], rcounts[i]);
				Assert.SequenceEqual (want, alltoallv, "Ialltoallv" + r);
				Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, 6), allreduce, "Iallreduce" + r);
				Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, s.RemoteSize, s.Rank * s.RemoteSize), rsb, "Ireduce_scatter_block" + r);
				Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, counts[s.Rank], counts.Take (s.Rank).Sum ()), rs, "Ireduce_scatter" + r);
			}
			// A request never waited for, and one a user-defined operator computes, before the communicator is freed.
			s.Comm.Iallreduce (LBlock (s.Group, s.Rank, 3), new long[3], Op.SUM);
			using (var op = Op.Create<long> ((a, b) => a + b + 1, true)) {
				var u = new long[2];
				s.Comm.Iallreduce (new long[] { s.Rank, 1 }, u, op).Wait ();
				long n = s.RemoteSize;
				Assert.SequenceEqual (new[] { n * (n - 1) / 2 + n - 1, 2 * n - 1 }, u, "Iallreduce with a user-defined operator");
			}
		});
	}

	// Valid MPI that a post waiting for the other group would deadlock: group 0's rank 0 posts Iallreduce, then
	// receives 1 MiB (a rendezvous, which waits for the receive) that group 1's rank 0 sends before it posts.
	// The first non-blocking collective on an intercommunicator comes first: it waits for every rank's (it makes
	// the communicators the others run on).
	public static void NonBlockingPostDoesNotWaitForTheOtherGroup ()
	{
		ForEachSplit (s => {
			s.Comm.Iallreduce (new long[] { 1 }, new long[1], Op.SUM).Wait ();
			int k = s.Group == 0 ? s.Size : s.RemoteSize; // COMM_WORLD rank of group 1's rank 0
			var sum = new long[1];
			var big = new byte[1 << 20];
			if (s.Group == 0 && s.Rank == 0) {
				var req = s.Comm.Iallreduce (new long[] { 1 }, sum, Op.SUM);
				World.Recv (big, k, 73, null);
				Assert.Equal ((byte) 9, big[big.Length - 1], "the message");
				req.Wait ();
			} else if (s.Group == 1 && s.Rank == 0) {
				big[big.Length - 1] = 9;
				World.Send (big, 0, 73);
				s.Comm.Iallreduce (new long[] { 1 }, sum, Op.SUM).Wait ();
			} else
				s.Comm.Iallreduce (new long[] { 1 }, sum, Op.SUM).Wait ();
			Assert.Equal ((long) s.RemoteSize, sum[0], "the other group's sum");
		});
	}

	// A refusal on any rank of either group: that rank's post raises, every other rank's completion raises
	// InvalidOperationException naming it, no buffer changes, and the next collective works.  Then arguments that
	// do not fit between the groups: every rank's completion raises ArgumentException.
	public static void NonBlockingRefusalsRaiseAtEveryCompletionOfBothGroups ()
	{
		ForEachSplit (s => {
			ForEachRefuser (s, (rg, refuser, me) => {
				var recv = Enumerable.Repeat (-7, 3 * s.RemoteSize + (me ? 1 : 0)).ToArray ();
				var before = (int[]) recv.Clone ();
				Refused<ArgumentException> (s, rg, refuser, "Iallgather", () => s.Comm.Iallgather (Block (s.Group, s.Rank, 3), recv).Wait ());
				Assert.SequenceEqual (before, recv, "Iallgather: refused, recvbuf unchanged");
				var buf = new long[4];
				Refused<ArgumentException> (s, rg, refuser, "Iallreduce in place",
					() => s.Comm.Iallreduce (me ? MPI.IN_PLACE : LBlock (s.Group, s.Rank, 4), buf, Op.SUM).Wait ());
				var ok = new int[3 * s.RemoteSize];
				s.Comm.Iallgather (Block (s.Group, s.Rank, 3), ok).Wait ();
				Assert.SequenceEqual (Enumerable.Range (0, s.RemoteSize).SelectMany (j => Block (s.RemoteGroup, j, 3)), ok, "Iallgather after the refusal");
			});
			// The root of group 0 passes no receive buffer to Igather; the request the others drop completes anyway.
			int arg = s.Group == 1 ? 0 : s.Rank == 0 ? MPI.ROOT : MPI.PROC_NULL;
			int[] send = s.Group == 1 ? Block (1, s.Rank, 2) : null;
			Refused<ArgumentNullException> (s, 0, 0, "Igather", () => s.Comm.Igather (send, null, arg).Wait ());
			if (!(s.Group == 0 && s.Rank == 0))
				s.Comm.Igather (send, null, arg);
			else
				Assert.Throws<ArgumentNullException> (() => s.Comm.Igather (send, null, arg), "Igather, dropped, at the root");

			bool odd = s.Group == 1 && s.Rank == s.Size - 1;
			var lsend = LBlock (s.Group, s.Rank, odd ? 4 : 3);
			var sum = new long[lsend.Length];
			var e = Assert.Throws<ArgumentException> (() => s.Comm.Iallreduce (lsend, sum, Op.SUM).Wait (), "Iallreduce, one rank of group 1 with 4 elements");
			Assert.Contains ("differ between the ranks", e.Message, "says what is wrong");
			Assert.SequenceEqual (new long[lsend.Length], sum, "Iallreduce: untouched");
			var sc = Enumerable.Repeat (2, s.RemoteSize).ToArray ();
			if (odd)
				sc[0] = 3;
			var d = Enumerable.Range (0, s.RemoteSize).Select (j => 3 * j).ToArray ();
			var dst = Enumerable.Repeat (-1, 3 * s.RemoteSize).ToArray ();
			var req = s.Comm.Ialltoallv (Block (s.Group, s.Rank, 3 * s.RemoteSize), sc, d, dst, Enumerable.Repeat (2, s.RemoteSize).ToArray (), d);
			Assert.Throws<ArgumentException> (() => { while (!req.Test ()) { } }, "Ialltoallv, one rank sends one more, by Test");
			Assert.SequenceEqual (Enumerable.Repeat (-1, 3 * s.RemoteSize), dst, "Ialltoallv: untouched");
			var after = new long[3];
			s.Comm.Iallreduce (LBlock (s.Group, s.Rank, 3), after, Op.SUM).Wait ();
			Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, 3), after, "Iallreduce afterwards");
		});
	}

	// Persistent forms: made once, started in three rounds with new contributions written between them (the
	// buffers given at init are read at each Start), one round by Startall; counts changed after init do not count.
	public static void PersistentFormsStartAgainWithTheBuffersGivenAtInit ()
	{
		ForEachSplit (s => {
			int arg = s.Group == 1 ? 0 : s.Rank == 0 ? MPI.ROOT : MPI.PROC_NULL;
			var sum = new long[3];
			var contribution = new long[3];
			var bcast = new int[4];
			var counts = Enumerable.Range (0, s.RemoteSize).Select (j => j + 1).ToArray ();
			var displs = Enumerable.Range (0, s.RemoteSize).Select (j => 10 * j).ToArray ();
			var gathered = arg == MPI.ROOT ? new int[10 * s.RemoteSize] : null;
			var mine = new int[s.Rank + 1];
			var reqs = new[] {
				s.Comm.Allreduce_init (contribution, sum, Op.SUM),
				s.Comm.Bcast_init (arg == MPI.PROC_NULL ? null : bcast, arg),
				s.Comm.Gatherv_init (s.Group == 1 ? mine : null, gathered, arg == MPI.ROOT ? counts : null, arg == MPI.ROOT ? displs : null, arg),
				s.Comm.Barrier_init (),
			};
			counts[0] = 77; // copied at init
			for (int round = 0; round < 3; round++) {
				for (int i = 0; i < 3; i++)
					contribution[i] = V (s.Group, s.Rank, i) + round;
				if (arg == MPI.ROOT)
					Array.Copy (Block (0, round, 4), bcast, 4);
				for (int i = 0; i < mine.Length; i++)
					mine[i] = V (s.Group, s.Rank, i) + round;
				if (round == 1) {
					Prequest.Startall (reqs);
				} else {
					foreach (var r in reqs)
						r.Start ();
				}
				Request.Waitall (reqs);
				string at = ", round " + round;
				Assert.SequenceEqual (Sum (s.RemoteGroup, s.RemoteSize, 3).Select (x => x + s.RemoteSize * round), sum, "Allreduce_init" + at);
				if (s.Group == 1)
					Assert.SequenceEqual (Block (0, round, 4), bcast, "Bcast_init" + at);
				if (gathered != null)
					for (int j = 0; j < s.RemoteSize; j++)
						Assert.SequenceEqual (Block (1, j, j + 1).Select (x => x + round), gathered.Skip (10 * j).Take (j + 1), "Gatherv_init, block " + j + at);
			}
			foreach (var r in reqs)
				r.Free ();
		});
	}
}
