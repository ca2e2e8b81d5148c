// ObjectExchangeTests: Reduce_scatter with a count per rank (and in place), OAlltoall and OSendrecv, every
// element checked, and their refusals.  Runs at 1, 2, 3 and 4 ranks.
using System;
using System.Linq;
using System.MP;
using System.Runtime.Serialization;

public static class ObjectExchangeTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (ObjectExchangeTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }

	static long V (int r, int i) { return r * 1000 + i; }

	// Rank r receives r + 1 elements.
	static int[] Counts () { return Enumerable.Range (1, Size).ToArray (); }

	static long[] Expected (int[] counts)
	{
		int from = counts.Take (Rank).Sum ();
		return Enumerable.Range (from, counts[Rank]).Select (i => Enumerable.Range (0, Size).Sum (r => V (r, i))).ToArray ();
	}

	public static void ReduceScatterGivesRankRItsCountOfTheSum ()
	{
		int[] counts = Counts ();
		var send = Enumerable.Range (0, counts.Sum ()).Select (i => V (Rank, i)).ToArray ();
		var recv = new long[counts[Rank]];
		World.Reduce_scatter (send, recv, counts, Op.SUM);
		Assert.SequenceEqual (Expected (counts), recv, "Reduce_scatter");
	}

	public static void ReduceScatterWithZeroCountsLeavesThoseRanksEmpty ()
	{
		int[] counts = Enumerable.Range (0, Size).Select (r => r % 2 == 0 ? 0 : 3).ToArray ();
		var send = Enumerable.Range (0, counts.Sum ()).Select (i => V (Rank, i)).ToArray ();
		var recv = new long[counts[Rank]];
		World.Reduce_scatter (send, recv, counts, Op.SUM);
		Assert.SequenceEqual (Expected (counts), recv, "Reduce_scatter with zero counts");
	}

	public static void ReduceScatterInPlaceLeavesTheResultAtTheStart ()
	{
		int[] counts = Counts ();
		var buf = Enumerable.Range (0, counts.Sum ()).Select (i => V (Rank, i)).ToArray ();
		World.Reduce_scatter (buf, counts, Op.SUM);
		Assert.SequenceEqual (Expected (counts), buf.Take (counts[Rank]), "Reduce_scatter in place");
	}

	public static void ReduceScatterWithWrongCountsOnOneRankRaisesEverywhere ()
	{
		int bad = Size - 1;
		int[] counts = Rank == bad ? Counts ().Take (Size - 1).Concat (new[] { -1 }).ToArray () : Counts ();
		var send = Enumerable.Range (0, Counts ().Sum ()).Select (i => V (Rank, i)).ToArray ();
		var recv = Enumerable.Repeat (-5L, Counts ()[Rank]).ToArray ();
		if (Rank == bad) {
			Assert.Throws<ArgumentException> (() => World.Reduce_scatter (send, recv, counts, Op.SUM), "the refusing rank");
		} else {
			var e = Assert.Throws<InvalidOperationException> (() => World.Reduce_scatter (send, recv, counts, Op.SUM), "the others");
			Assert.Contains ("rank " + bad + " refused", e.Message, "names the refusing rank");
		}
		Assert.SequenceEqual (Enumerable.Repeat (-5L, Counts ()[Rank]), recv, "recvbuf unchanged");
		Assert.Throws<ArgumentException> (() => World.Reduce_scatter (send, new long[Counts ()[Rank] + 1], Counts (), Op.SUM),
			"a receive buffer of the wrong length, on every rank");
	}

	[Serializable]
	public class Item
	{
		public int From, To;
		public string Label;
		[Transportable] public int[] Data;
	}

	public static void OAlltoallDeliversElementJToRankJ ()
	{
		var items = Enumerable.Range (0, Size).Select (j => new Item {
			From = Rank, To = j, Label = Rank + "->" + j, Data = Enumerable.Range (0, 100 * (j + 1)).Select (i => Rank * 7 + j + i).ToArray ()
		}).ToArray ();
		var got = (Item[]) World.OAlltoall (items);
		Assert.Equal (Size, got.Length, "one element per rank");
		for (int i = 0; i < Size; i++) {
			Assert.Equal (i, got[i].From, "From");
			Assert.Equal (Rank, got[i].To, "To");
			Assert.Equal (i + "->" + Rank, got[i].Label, "Label");
			Assert.SequenceEqual (Enumerable.Range (0, 100 * (Rank + 1)).Select (x => i * 7 + Rank + x), got[i].Data, "Data from " + i);
		}
	}

	public static void OAlltoallOfStringsAndNullsKeepsEachElement ()
	{
		var s = Enumerable.Range (0, Size).Select (j => (j + Rank) % 3 == 0 ? null : new string ('a', Rank + j) + Rank).ToArray ();
		var got = (string[]) World.OAlltoall (s);
		for (int i = 0; i < Size; i++)
			Assert.Equal ((i + Rank) % 3 == 0 ? null : new string ('a', i + Rank) + i, got[i], "from rank " + i);
	}

	public static void OAlltoallWithTheWrongLengthOnOneRankRaisesEverywhere ()
	{
		int bad = Size - 1;
		var arr = new int[Rank == bad ? Size + 1 : Size];
		if (Rank == bad) {
			Assert.Throws<ArgumentException> (() => World.OAlltoall (arr), "the rank with the wrong length");
		} else {
			var e = Assert.Throws<SerializationException> (() => World.OAlltoall (arr), "the others");
			Assert.Contains ("rank " + bad, e.Message, "names the failed rank");
		}
		var ok = (int[]) World.OAlltoall (Enumerable.Range (0, Size).Select (j => Rank * 10 + j).ToArray ());
		Assert.SequenceEqual (Enumerable.Range (0, Size).Select (i => i * 10 + Rank), ok, "the next OAlltoall");
	}

	public static void OSendrecvAroundARingOfLargeObjectsDoesNotDeadlock ()
	{
		// 16 MB each way: far past any eager limit, so a blocking send on both sides would wait forever.
		int next = (Rank + 1) % Size, prev = (Rank + Size - 1) % Size;
		var mine = Enumerable.Range (0, 2 << 20).Select (i => (double) (Rank * 3 + i)).ToArray ();
		var st = new Status ();
		var got = (double[]) World.OSendrecv (mine, next, 5, prev, 5, st);
		Assert.Equal (prev, st.Source, "status source");
		Assert.Equal (5, st.Tag, "status tag");
		Assert.Equal (mine.Length, got.Length, "length");
		for (int i = 0; i < got.Length; i++)
			if (got[i] != prev * 3 + i)
				Assert.Equal ((double) (prev * 3 + i), got[i], "element " + i);
	}

	public static void OSendrecvWithPairsSendingBothWaysDeliversBoth ()
	{
		int peer = Rank ^ 1;
		if (peer >= Size)
			peer = Rank;
		var got = (string) World.OSendrecv ("from " + Rank, peer, 1, MPI.ANY_SOURCE, MPI.ANY_TAG, null);
		Assert.Equal ("from " + peer, got, "the peer's string");
	}

	public static void OSendrecvWithProcNullSendsAndReceivesNothing ()
	{
		var st = new Status ();
		object got = World.OSendrecv (new int[] { 1, 2 }, MPI.PROC_NULL, 0, MPI.PROC_NULL, 0, st);
		Assert.True (got == null, "nothing received from PROC_NULL");
		Assert.Equal (MPI.PROC_NULL, st.Source, "status source");
	}

	public static void OSendrecvOfAnObjectThatCannotTravelRaisesAndSendsNothing ()
	{
		Action a = () => { };
		Assert.Throws<ArgumentException> (() => World.OSendrecv (a, Rank, 0, Rank, 0, null), "a delegate");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.OSendrecv (1, Size, 0, Rank, 0, null), "dest out of range");
		// nothing is left in flight: a self-exchange now receives its own object
		Assert.Equal (42, (int) World.OSendrecv (42, Rank, 3, Rank, 3, null), "self exchange");
	}
}
