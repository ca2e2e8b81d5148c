// IntercommObjectTests: OBcast, OScatter, OGather, OAllgather and OAlltoall on intercommunicators between two
// groups of unequal size (COMM_WORLD split into the first k ranks and the rest, k = 1 and k = size - 1), every root in
// both groups, every received object graph checked field by field; and a rank that cannot serialise raising its
// reason while every rank of both groups raises SerializationException naming it, after which the
// intercommunicator still works.  Runs at 2, 3 and 4 ranks.
using System;
using System.Collections.Generic;
using System.Linq;
using System.MP;
using System.Runtime.Serialization;

[Transportable]
public class Item
{
	public int Group, Rank, Index;
	public string Name;
	[Transportable] public double[] Values;
	[Transportable] public Item Next;   // a two-node list whose second node points back at the first (a cycle)
	public Action Skipped;               // not followed: never travels
}

public static class IntercommObjectTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (IntercommObjectTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }

	sealed class Side
	{
		public Intercomm Comm;
		public int Group, Rank, Size, RemoteSize;    // Group 0 is the first k ranks of COMM_WORLD
	}

	// The object graph rank r of group g contributes (index i: which element).
	static Item Make (int g, int r, int i)
	{
		var a = new Item { Group = g, Rank = r, Index = i, Name = "g" + g + "r" + r + "i" + i,
			Values = Enumerable.Range (0, 3 + r + i).Select (k => g * 1e6 + r * 1e3 + i + k / 8.0).ToArray (),
			Skipped = () => { } };
		a.Next = new Item { Group = g, Rank = r, Index = -i, Name = null, Values = new double[0], Next = a };
		return a;
	}

	static void Check (int g, int r, int i, object got, string what)
	{
		var want = Make (g, r, i);
		var a = got as Item;
		Assert.True (a != null, what + ": an Item");
		Assert.Equal (want.Group, a.Group, what + " Group");
		Assert.Equal (want.Rank, a.Rank, what + " Rank");
		Assert.Equal (want.Index, a.Index, what + " Index");
		Assert.Equal (want.Name, a.Name, what + " Name");
		Assert.SequenceEqual (want.Values, a.Values, what + " Values");
		Assert.True (a.Skipped == null, what + " Skipped is not sent");
		var b = a.Next;
		Assert.True (b != null && b != a, what + " Next");
		Assert.Equal (want.Next.Index, b.Index, what + " Next.Index");
		Assert.Equal (want.Next.Rank, b.Rank, what + " Next.Rank");
		Assert.Equal (null, b.Name, what + " Next.Name");
		Assert.Equal (0, b.Values.Length, what + " Next.Values");
		Assert.True (b.Next == a, what + " the cycle is kept");
	}

	static void ForEachSplit (Action<Side> body)
	{
		int size = World.Get_size (), rank = World.Get_rank ();
		foreach (int k in new SortedSet<int> { 1, size - 1 }) {
			int g = rank < k ? 0 : 1;
			Intracomm local = World.Split (g, rank);
			Intercomm inter = local.Create_intercomm (0, World, g == 0 ? k : 0, 78);
			var s = new Side { Comm = inter, Group = g, Rank = local.Get_rank (), Size = local.Get_size (), RemoteSize = inter.Get_remote_size () };
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
			for (int root = 0; root < n; root++)
				body (rg, root, rg != s.Group ? root : s.Rank == root ? MPI.ROOT : MPI.PROC_NULL);
		}
	}

	public static void OBcastFromEveryRootReachesEveryRankOfTheRemoteGroup ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			Item mine = arg == MPI.ROOT ? Make (rg, root, 7) : null;
			object got = s.Comm.OBcast (arg == MPI.PROC_NULL ? Make (9, 9, 9) : mine, arg);
			string what = "OBcast from root " + root + " of group " + rg;
			if (arg == MPI.ROOT)
				Assert.True (got == mine, what + ": the root gets its own object");
			else if (arg == MPI.PROC_NULL)
				Assert.True (got == null, what + ": the root's group mates get null");
			else
				Check (rg, root, 7, got, what);
		}));
	}

	public static void OBcastOfNullGivesTheRemoteGroupNull ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			Assert.True (s.Comm.OBcast (null, arg) == null, "OBcast of null from root " + root + " of group " + rg);
		}));
	}

	public static void OScatterFromEveryRootGivesRemoteRankJElementJ ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			Item[] arr = arg == MPI.ROOT ? Enumerable.Range (0, s.RemoteSize).Select (j => Make (rg, root, j)).ToArray () : null;
			object got = s.Comm.OScatter (arr, arg);
			string what = "OScatter from root " + root + " of group " + rg;
			if (rg == s.Group)
				Assert.True (got == null, what + ": the root's group gets null");
			else
				Check (rg, root, s.Rank, got, what);
		}));
	}

	public static void OGatherAtEveryRootReturnsOneObjectPerRemoteRank ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			object[] got = s.Comm.OGather (rg == s.Group ? null : Make (s.Group, s.Rank, root), arg);
			string what = "OGather at root " + root + " of group " + rg;
			if (arg != MPI.ROOT) {
				Assert.True (got == null, what + ": only the root receives");
				return;
			}
			Assert.Equal (s.RemoteSize, got.Length, what + ": length");
			for (int j = 0; j < s.RemoteSize; j++)
				Check (1 - s.Group, j, root, got[j], what + " from remote rank " + j);
		}));
	}

	public static void OAllgatherGivesEachGroupTheOtherGroupsObjects ()
	{
		ForEachSplit (s => {
			object[] got = s.Comm.OAllgather (Make (s.Group, s.Rank, 3));
			Assert.Equal (s.RemoteSize, got.Length, "OAllgather: length");
			for (int j = 0; j < s.RemoteSize; j++)
				Check (1 - s.Group, j, 3, got[j], "OAllgather from remote rank " + j);
			object[] nulls = s.Comm.OAllgather (null);
			Assert.SequenceEqual (new object[s.RemoteSize], nulls, "OAllgather of null");
		});
	}

	public static void OAlltoallSendsElementJToRemoteRankJ ()
	{
		ForEachSplit (s => {
			var arr = Enumerable.Range (0, s.RemoteSize).Select (j => Make (s.Group, s.Rank, j)).ToArray ();
			var got = (Item[]) s.Comm.OAlltoall (arr);
			Assert.Equal (s.RemoteSize, got.Length, "OAlltoall: length");
			for (int i = 0; i < s.RemoteSize; i++)
				Check (1 - s.Group, i, s.Rank, got[i], "OAlltoall from remote rank " + i);
			var nulls = s.Comm.OAlltoall (new object[s.RemoteSize]);
			Assert.SequenceEqual (new object[s.RemoteSize], nulls.Cast<object> (), "OAlltoall of nulls");
		});
	}

	public static void OScatterWithTheWrongLengthAtTheRootRaisesOnEveryRankOfBothGroups ()
	{
		ForEachSplit (s => ForEachRoot (s, (rg, root, arg) => {
			Item[] arr = arg == MPI.ROOT ? new Item[s.RemoteSize + 1] : null;
			if (arg == MPI.ROOT) {
				Assert.Throws<ArgumentException> (() => s.Comm.OScatter (arr, arg), "the root");
			} else {
				var e = Assert.Throws<SerializationException> (() => s.Comm.OScatter (arr, arg), "the others");
				Assert.Contains ("rank " + root + " of " + (rg == s.Group ? "this" : "the remote") + " group", e.Message, "names the root");
			}
		}));
	}

	// A graph holding an object that cannot travel (a delegate in a followed field) on one rank.
	[Transportable]
	public class Bad { [Transportable] public object Payload; }

	static object Unsendable () { return new Bad { Payload = (Action) (() => { }) }; }

	public static void AnObjectThatCannotTravelOnOneRankRaisesOnEveryRankOfBothGroups ()
	{
		ForEachSplit (s => {
			// Every rank of both groups takes a turn as the failing one, in OAllgather, OGather and OBcast.
			for (int fg = 0; fg < 2; fg++) {
				int n = fg == s.Group ? s.Size : s.RemoteSize;
				for (int fr = 0; fr < n; fr++) {
					bool me = fg == s.Group && fr == s.Rank;
					string where = "rank " + fr + " of " + (fg == s.Group ? "this" : "the remote") + " group";
					Expect (me, where, "OAllgather", () => s.Comm.OAllgather (me ? Unsendable () : Make (s.Group, s.Rank, 0)));
					// OGather rooted at rank 0 of the other group: the failing rank sends.
					int arg = fg == s.Group ? 0 : s.Rank == 0 ? MPI.ROOT : MPI.PROC_NULL;
					Expect (me, where, "OGather", () => s.Comm.OGather (me ? Unsendable () : Make (s.Group, s.Rank, 0), arg));
					// OBcast rooted at the failing rank.
					arg = fg != s.Group ? fr : me ? MPI.ROOT : MPI.PROC_NULL;
					Expect (me, where, "OBcast", () => s.Comm.OBcast (me ? Unsendable () : null, arg));
					// OAlltoall, with an element that cannot travel and with one element too many.
					var parts = Enumerable.Range (0, s.RemoteSize).Select (j => (object) Make (s.Group, s.Rank, j)).ToArray ();
					if (me)
						parts[s.RemoteSize - 1] = Unsendable ();
					Expect (me, where, "OAlltoall", () => s.Comm.OAlltoall (parts));
					Expect (me, where, "OAlltoall, one element too many", () => s.Comm.OAlltoall (new object[s.RemoteSize + (me ? 1 : 0)]));
				}
			}
			object[] ok = s.Comm.OAllgather (Make (s.Group, s.Rank, 5));
			for (int j = 0; j < s.RemoteSize; j++)
				Check (1 - s.Group, j, 5, ok[j], "the next OAllgather from remote rank " + j);
			var okParts = (Item[]) s.Comm.OAlltoall (Enumerable.Range (0, s.RemoteSize).Select (j => Make (s.Group, s.Rank, j)).ToArray ());
			for (int i = 0; i < s.RemoteSize; i++)
				Check (1 - s.Group, i, s.Rank, okParts[i], "the next OAlltoall from remote rank " + i);
		});
	}

	static void Expect (bool me, string where, string op, Action a)
	{
		if (me) {
			Assert.Throws<ArgumentException> (a, op + ": the rank whose object cannot travel");
		} else {
			var e = Assert.Throws<SerializationException> (a, op + ": the others");
			Assert.Contains (where, e.Message, op + " names " + where);
		}
	}

	public static void ABadRootOnOneRankRaisesOnEveryRankOfBothGroups ()
	{
		ForEachSplit (s => {
			// Rank 0 of group 1 passes a root beyond the remote group; every rank of group 0 is a leaf of root 0.
			int arg = s.Group == 0 ? (s.Rank == 0 ? MPI.ROOT : MPI.PROC_NULL) : s.Rank == 0 ? s.RemoteSize : 0;
			if (s.Group == 1 && s.Rank == 0)
				Assert.Throws<ArgumentOutOfRangeException> (() => s.Comm.OBcast (null, arg), "the bad root");
			else
				Assert.Contains ("rank 0 of " + (s.Group == 1 ? "this" : "the remote") + " group",
					Assert.Throws<SerializationException> (() => s.Comm.OBcast (Make (0, 0, 0), arg), "the others").Message, "names it");
		});
	}
}
