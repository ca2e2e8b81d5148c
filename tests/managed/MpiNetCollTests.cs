// MpiNetCollTests: MPI.dll's (MPI.NET 1.4 API) collectives, operations and topologies at 1-4 ranks, with ints, a
// user struct with operators and strings, checked against MPI.NET's documented results; refusals raise on every
// rank and leave the communicator usable.  MPI.dll is referenced under an alias: its namespace MPI would hide
// System.MP's class MPI that TestLib uses.
extern alias MPINET;
using System;
using System.Linq;
using MPINET::MPI;
using Comm = MPINET::MPI.Communicator;

public struct Pt
{
	public int X, Y;
	public Pt (int x, int y) { X = x; Y = y; }
	public static Pt operator + (Pt a, Pt b) { return new Pt (a.X + b.X, a.Y + b.Y); }
	public static Pt operator * (Pt a, Pt b) { return new Pt (a.X * b.X, a.Y * b.Y); }
	public static bool operator < (Pt a, Pt b) { return a.X < b.X; }
	public static bool operator > (Pt a, Pt b) { return a.X > b.X; }
	public override string ToString () { return "(" + X + "," + Y + ")"; }
}

// A [Serializable] class as MPI.NET programs send it: untagged reference fields travel, [NonSerialized] ones do not.
[Serializable]
public class Record
{
	public string Name;
	public int[] Data;
	public System.Collections.Generic.Dictionary<string, int> Map;
	[NonSerialized] public string Scratch;
}

public static class MpiNetCollTests
{
	static Intracommunicator W { get { return Comm.world; } }
	static int R { get { return W.Rank; } }
	static int N { get { return W.Size; } }

	static string Cat (int from, int upto) // "from" + ... + "upto-1"
	{
		string s = "";
		for (int i = from; i < upto; i++)
			s += i;
		return s;
	}

	static int Tri (int n) { return n * (n - 1) / 2; } // 0 + 1 + ... + n-1

	public static void AllgatherGivesEveryValueInRankOrderForIntsPointsAndStrings ()
	{
		Assert.SequenceEqual (Enumerable.Range (0, N).Select (i => i * 3), W.Allgather (R * 3));
		var pts = W.Allgather (new Pt (R, -R));
		for (int i = 0; i < N; i++)
			Assert.True (pts[i].X == i && pts[i].Y == -i, "point " + i);
		Assert.SequenceEqual (Enumerable.Range (0, N).Select (i => "s" + i), W.Allgather ("s" + R));
		var pre = new int[N];
		W.Allgather (R + 10, ref pre);
		Assert.SequenceEqual (Enumerable.Range (10, N), pre);
	}

	public static void AllgatherFlattenedConcatenatesBlocksOfEachRanksCount ()
	{
		int[] counts = Enumerable.Range (0, N).Select (i => i + 1).ToArray ();
		var mine = Enumerable.Repeat (R, R + 1).ToArray ();
		var all = W.AllgatherFlattened (mine, counts);
		var expect = Enumerable.Range (0, N).SelectMany (i => Enumerable.Repeat (i, i + 1));
		Assert.SequenceEqual (expect, all);
		var s = W.AllgatherFlattened (mine.Select (x => "v" + x).ToArray (), counts);
		Assert.SequenceEqual (expect.Select (x => "v" + x), s);
		Assert.SequenceEqual (Enumerable.Range (0, N).SelectMany (i => new[] { i, -i }),
			W.AllgatherFlattened (new[] { R, -R }, 2));
	}

	public static void AllreduceWithBuiltInUserStructAndStringOperations ()
	{
		Assert.Equal (Tri (N), W.Allreduce (R, Operation<int>.Add));
		Assert.Equal (N - 1, W.Allreduce (R, Operation<int>.Max));
		Assert.Equal (0, W.Allreduce (R, Operation<int>.Min));
		Assert.Equal (N == 1, W.Allreduce (R == 0, Operation<bool>.LogicalAnd));
		Assert.Equal (true, W.Allreduce (R == 0, Operation<bool>.LogicalOr));
		Assert.Equal ((double) Tri (N), W.Allreduce ((double) R, Operation<double>.Add));
		Assert.Equal ((short) Tri (N), W.Allreduce ((short) R, Operation<short>.Add));
		var p = W.Allreduce (new Pt (R, 1), Operation<Pt>.Add);
		Assert.True (p.X == Tri (N) && p.Y == N, "Pt sum " + p);
		var m = W.Allreduce (new Pt (R, R), Operation<Pt>.Max);
		Assert.Equal (N - 1, m.X, "Pt max");
		Assert.Equal (Tri (N) * 2, W.Allreduce (R, (a, b) => a + b) + W.Allreduce (R, Plus));
		Assert.Equal (Cat (0, N), W.Allreduce (R.ToString (), Operation<string>.Add));
		Assert.Equal ("0", W.Allreduce (R.ToString (), Operation<string>.Min));
		var arr = W.Allreduce (new[] { R, 1, -R }, Operation<int>.Add);
		Assert.SequenceEqual (new[] { Tri (N), N, -Tri (N) }, arr);
		var sarr = W.Allreduce (new[] { "a" + R, "b" + R }, Operation<string>.Add);
		Assert.SequenceEqual (new[] { string.Concat (Enumerable.Range (0, N).Select (i => "a" + i)),
			string.Concat (Enumerable.Range (0, N).Select (i => "b" + i)) }, sarr);
	}

	static int Plus (int a, int b) { return a + b; }

	public static void NonCommutativeUserOperationCombinesInRankOrder ()
	{
		// Appending decimal digits (X: the digits, Y: 10^count) is associative, not commutative: only rank order
		// gives 0123...
		ReductionOperation<Pt> digits = (a, b) => new Pt (a.X * b.Y + b.X, a.Y * b.Y);
		int want = 0;
		for (int i = 0; i < N; i++)
			want = want * 10 + i;
		Assert.Equal (want, W.Allreduce (new Pt (R, 10), digits).X);
		Assert.Equal (R == 0 ? want : 0, W.Reduce (new Pt (R, 10), digits, 0).X);
	}

	public static void AlltoallExchangesOneValuePerPairForIntsAndStrings ()
	{
		var send = Enumerable.Range (0, N).Select (j => R * 100 + j).ToArray ();
		Assert.SequenceEqual (Enumerable.Range (0, N).Select (i => i * 100 + R), W.Alltoall (send));
		Assert.SequenceEqual (Enumerable.Range (0, N).Select (i => i + ">" + R),
			W.Alltoall (Enumerable.Range (0, N).Select (j => R + ">" + j).ToArray ()));
	}

	public static void AlltoallFlattenedSendsBlocksOfDifferentSizes ()
	{
		// rank r sends j+1 values (r*100+j) to rank j; rank r receives r+1 values from each.
		int[] sc = Enumerable.Range (0, N).Select (j => j + 1).ToArray ();
		int[] rc = Enumerable.Repeat (R + 1, N).ToArray ();
		var send = Enumerable.Range (0, N).SelectMany (j => Enumerable.Repeat (R * 100 + j, j + 1)).ToArray ();
		var expect = Enumerable.Range (0, N).SelectMany (i => Enumerable.Repeat (i * 100 + R, R + 1)).ToArray ();
		Assert.SequenceEqual (expect, W.AlltoallFlattened (send, sc, rc));
		Assert.SequenceEqual (expect.Select (x => "x" + x), W.AlltoallFlattened (send.Select (x => "x" + x).ToArray (), sc, rc));
		Assert.SequenceEqual (Enumerable.Range (0, N).SelectMany (i => new[] { i, R }),
			W.AlltoallFlattened (Enumerable.Range (0, N).SelectMany (j => new[] { R, j }).ToArray (), 2));
	}

	public static void BroadcastReplacesValuesAndArraysWithTheRoots ()
	{
		int root = N - 1;
		int v = R == root ? 42 : -1;
		W.Broadcast (ref v, root);
		Assert.Equal (42, v);
		string s = R == root ? "hello" : null;
		W.Broadcast (ref s, root);
		Assert.Equal ("hello", s);
		var a = R == root ? new[] { 1, 2, 3 } : new int[3];
		W.Broadcast (ref a, root);
		Assert.SequenceEqual (new[] { 1, 2, 3 }, a);
		var sa = R == root ? new[] { "x", null, "z" } : null;
		W.Broadcast (ref sa, root);
		Assert.SequenceEqual (new[] { "x", null, "z" }, sa);
		var p = R == root ? new Pt (7, 8) : default (Pt);
		W.Broadcast (ref p, root);
		Assert.True (p.X == 7 && p.Y == 8, "Pt");
	}

	public static void GatherAndGatherFlattenedCollectAtTheRootOnly ()
	{
		int root = N / 2;
		var g = W.Gather (R * 2, root);
		var gs = W.Gather ("g" + R, root);
		var f = W.GatherFlattened (Enumerable.Repeat (R, R).ToArray (), root);
		var fc = W.GatherFlattened (Enumerable.Repeat ("f" + R, R).ToArray (), Enumerable.Range (0, N).ToArray (), root);
		if (R == root) {
			Assert.SequenceEqual (Enumerable.Range (0, N).Select (i => i * 2), g);
			Assert.SequenceEqual (Enumerable.Range (0, N).Select (i => "g" + i), gs);
			Assert.SequenceEqual (Enumerable.Range (0, N).SelectMany (i => Enumerable.Repeat (i, i)), f);
			Assert.SequenceEqual (Enumerable.Range (0, N).SelectMany (i => Enumerable.Repeat ("f" + i, i)), fc);
		} else {
			Assert.True (g == null && gs == null && f == null && fc == null, "null off the root");
		}
	}

	public static void ReduceCombinesValuesAndArraysAtTheRoot ()
	{
		int root = N - 1;
		int s = W.Reduce (R + 1, Operation<int>.Multiply, root);
		var str = W.Reduce (R.ToString (), Operation<string>.Add, root);
		var p = W.Reduce (new Pt (1, R), Operation<Pt>.Add, root);
		var arr = W.Reduce (new[] { R, 2 * R }, Operation<int>.Add, root);
		var sarr = W.Reduce (new[] { "p" + R, "q" + R }, Operation<string>.Add, root);
		if (R == root) {
			int fact = 1;
			for (int i = 1; i <= N; i++)
				fact *= i;
			Assert.Equal (fact, s);
			Assert.Equal (Cat (0, N), str);
			Assert.True (p.X == N && p.Y == Tri (N), "Pt " + p);
			Assert.SequenceEqual (new[] { Tri (N), 2 * Tri (N) }, arr);
			Assert.SequenceEqual (new[] { string.Concat (Enumerable.Range (0, N).Select (i => "p" + i)),
				string.Concat (Enumerable.Range (0, N).Select (i => "q" + i)) }, sarr);
		} else {
			Assert.True (str == null && arr == null && sarr == null, "nothing off the root");
		}
	}

	public static void ReduceScatterGivesEachRankItsBlockOfTheReductionForIntsAndStrings ()
	{
		int[] counts = Enumerable.Range (0, N).Select (i => i + 1).ToArray ();
		int total = counts.Sum ();
		var vals = Enumerable.Range (0, total).Select (k => k * (R + 1)).ToArray ();
		int start = counts.Take (R).Sum ();
		int factor = Enumerable.Range (1, N).Sum ();
		Assert.SequenceEqual (Enumerable.Range (start, R + 1).Select (k => k * factor), W.ReduceScatter (vals, Operation<int>.Add, counts));
		var svals = Enumerable.Range (0, total).Select (k => k + ":" + R + ";").ToArray ();
		var got = W.ReduceScatter (svals, Operation<string>.Add, counts);
		Assert.SequenceEqual (Enumerable.Range (start, R + 1).Select (k => string.Concat (Enumerable.Range (0, N).Select (i => k + ":" + i + ";"))), got);
	}

	public static void ScanAndExclusiveScanGivePrefixesInRankOrder ()
	{
		Assert.Equal (Tri (R + 1), W.Scan (R, Operation<int>.Add));
		Assert.Equal (Cat (0, R + 1), W.Scan (R.ToString (), Operation<string>.Add));
		Assert.Equal (R == 0 ? 0 : Tri (R), W.ExclusiveScan (R, Operation<int>.Add));
		Assert.Equal (R == 0 ? null : Cat (0, R), W.ExclusiveScan (R.ToString (), Operation<string>.Add));
		Assert.SequenceEqual (new[] { Tri (R + 1), R + 1 }, W.Scan (new[] { R, 1 }, Operation<int>.Add));
		var exi = W.ExclusiveScan (new[] { R, 1 }, Operation<int>.Add);
		if (R == 0)
			Assert.True (exi == null, "rank 0's ExclusiveScan of an int array is null");
		else
			Assert.SequenceEqual (new[] { Tri (R), R }, exi);
		Assert.SequenceEqual (new[] { Cat (0, R + 1) }, W.Scan (new[] { R.ToString () }, Operation<string>.Add));
		var ex = W.ExclusiveScan (new[] { R.ToString () }, Operation<string>.Add);
		if (R == 0)
			Assert.True (ex == null, "rank 0's ExclusiveScan of a string array is null");
		else
			Assert.SequenceEqual (new[] { Cat (0, R) }, ex);
		var pt = W.Scan (new Pt (R, 1), Operation<Pt>.Add);
		Assert.True (pt.X == Tri (R + 1) && pt.Y == R + 1, "Pt scan " + pt);
	}

	// MPI.NET documents ExclusiveScan's array forms as giving rank 0 a null array, in the ref form too (the
	// caller's outValues is replaced by null there); ranks above 0 receive the prefix in their own array when it
	// has the right length.
	public static void ExclusiveScanOfArraysGivesRankZeroNull ()
	{
		var outInts = new int[] { -7, -7, -7 };
		var mine = outInts;
		W.ExclusiveScan (new[] { R, 2 * R, 1 }, Operation<int>.Add, ref outInts);
		if (R == 0) {
			Assert.True (outInts == null, "rank 0's int outValues is null");
		} else {
			Assert.True (ReferenceEquals (mine, outInts), "the caller's array of the right length is filled");
			Assert.SequenceEqual (new[] { Tri (R), 2 * Tri (R), R }, outInts);
		}
		var outPts = new Pt[1];
		W.ExclusiveScan (new[] { new Pt (R, 1) }, Operation<Pt>.Add, ref outPts);
		if (R == 0)
			Assert.True (outPts == null, "rank 0's struct outValues is null");
		else
			Assert.True (outPts.Length == 1 && outPts[0].X == Tri (R) && outPts[0].Y == R, "Pt exscan");
		var outStrs = new string[] { "x" };
		W.ExclusiveScan (new[] { R.ToString () }, Operation<string>.Add, ref outStrs);
		if (R == 0)
			Assert.True (outStrs == null, "rank 0's string outValues is null");
		else
			Assert.SequenceEqual (new[] { Cat (0, R) }, outStrs);
	}

	public static void ScatterAndScatterFromFlattenedDeliverTheRootsBlocks ()
	{
		int root = 0;
		int v = R == root ? W.Scatter (Enumerable.Range (0, N).Select (i => i * 5).ToArray ()) : W.Scatter<int> (root);
		Assert.Equal (R * 5, v);
		string s = W.Scatter (R == root ? Enumerable.Range (0, N).Select (i => "t" + i).ToArray () : null, root);
		Assert.Equal ("t" + R, s);
		int[] counts = Enumerable.Range (0, N).Select (i => 2 * i).ToArray ();
		var data = Enumerable.Range (0, N).SelectMany (i => Enumerable.Repeat (i, 2 * i)).ToArray ();
		Assert.SequenceEqual (Enumerable.Repeat (R, 2 * R), W.ScatterFromFlattened (R == root ? data : null, counts, root));
		Assert.SequenceEqual (Enumerable.Repeat ("u" + R, 2 * R),
			W.ScatterFromFlattened (R == root ? data.Select (x => "u" + x).ToArray () : null, counts, root));
		Assert.SequenceEqual (new[] { R, R }, W.ScatterFromFlattened (Enumerable.Range (0, N).SelectMany (i => new[] { i, i }).ToArray (), 2, root));
	}

	static void Refused (Action a, int refuser, string what)
	{
		if (R == refuser)
			Assert.Throws<ArgumentException> (a, what + " at the refusing rank");
		else
			Assert.Contains ("rank " + refuser, Assert.Throws<InvalidOperationException> (a, what + " elsewhere").Message, what);
		Assert.Equal (Tri (N), W.Allreduce (R, Operation<int>.Add), "usable after " + what);
	}

	public static void ScatterWithTooFewValuesAtTheRootRaisesOnEveryRank ()
	{
		int root = N - 1;
		Refused (() => W.Scatter (new int[N + 1], root), root, "Scatter<int>");
		Refused (() => W.Scatter (new string[N + 1], root), root, "Scatter<string>");
	}

	public static void FlattenedCountsThatDoNotFitRaiseOnEveryRank ()
	{
		int bad = N / 2;
		int[] counts = Enumerable.Repeat (1, N).ToArray ();
		Refused (() => W.AllgatherFlattened (new int[R == bad ? 2 : 1], counts), bad, "AllgatherFlattened<int>");
		Refused (() => W.AllgatherFlattened (new string[R == bad ? 2 : 1], counts), bad, "AllgatherFlattened<string>");
		Refused (() => W.ReduceScatter (new string[R == bad ? 0 : N], Operation<string>.Add, counts), bad, "ReduceScatter<string>");
		Refused (() => W.ReduceScatter (new int[R == bad ? 0 : N], Operation<int>.Add, counts), bad, "ReduceScatter<int>");
		Refused (() => W.AlltoallFlattened (new string[R == bad ? 0 : N], counts, counts), bad, "AlltoallFlattened<string>");
		Refused (() => W.Alltoall (new int[R == bad ? N + 1 : N]), bad, "Alltoall<int>");
	}

	public static void ScatterNonRootFormAtTheRootRaisesOnEveryRank ()
	{
		Refused (() => { if (R == 0) W.Scatter<int> (0); else W.Scatter<int> (0); }, 0, "Scatter<int>(root) at the root");
		Refused (() => W.Scatter<string> (0), 0, "Scatter<string>(root) at the root");
	}

	public static void BadRootRaisesOnEveryRank ()
	{
		int v = 1;
		Assert.Throws<ArgumentOutOfRangeException> (() => W.Broadcast (ref v, N), "Broadcast<int>");
		string s = "x";
		Assert.Throws<ArgumentOutOfRangeException> (() => W.Broadcast (ref s, -7), "Broadcast<string>");
		Assert.Equal (Tri (N), W.Allreduce (R, Operation<int>.Add), "usable");
	}

	public static void OperationPropertiesExistWhereTheTypeHasTheOperator ()
	{
		Assert.Equal (5, Operation<int>.Add (2, 3));
		Assert.Equal ((byte) 6, Operation<byte>.BitwiseOr (2, 4));
		Assert.Equal ("ab", Operation<string>.Add ("a", "b"));
		Assert.True (Operation<string>.Multiply == null, "no string Multiply");
		Assert.True (Operation<Pt>.BitwiseAnd == null, "no Pt &");
		Assert.True (ReferenceEquals (Operation<int>.Add, Operation<int>.Add), "cached");
		Assert.Equal (3, new Pt (1, 2).X + Operation<Pt>.Multiply (new Pt (2, 1), new Pt (1, 1)).X);
	}

	// ---- intercommunicator ------------------------------------------------------------------------------

	// Even ranks form group 0, odd ranks group 1; leaders are world ranks 0 and 1.
	static Intercommunicator Inter (out int group)
	{
		group = R % 2;
		var local = (Intracommunicator) W.Split (group, R);
		return new Intercommunicator (local, 0, W, group == 0 ? 1 : 0, 77);
	}

	public static void IntercommunicatorCollectivesMoveDataBetweenTheGroups ()
	{
		if (N < 2)
			return;
		int group;
		var ic = Inter (out group);
		int remote = ic.RemoteSize, lr = ic.Rank;
		Assert.Equal (group == 0 ? N / 2 : (N + 1) / 2, remote, "RemoteSize");
		// remote group's world ranks, in their local rank order
		int[] rw = Enumerable.Range (0, remote).Select (i => 2 * i + (1 - group)).ToArray ();
		Assert.SequenceEqual (rw, ic.Allgather (R));
		Assert.SequenceEqual (rw.Select (x => "w" + x), ic.Allgather ("w" + R));
		Assert.Equal (rw.Sum (), ic.Allreduce (R, Operation<int>.Add));
		Assert.Equal (string.Concat (rw), ic.Allreduce (R.ToString (), Operation<string>.Add));
		Assert.SequenceEqual (rw.Select (x => x * 10 + lr), ic.Alltoall (Enumerable.Range (0, remote).Select (j => R * 10 + j).ToArray ()));
		Assert.SequenceEqual (rw.Select (x => x + "-" + lr), ic.Alltoall (Enumerable.Range (0, remote).Select (j => R + "-" + j).ToArray ()));
		// AlltoallFlattened of strings: j + 1 values to remote process j, so lr + 1 from each remote process.
		string[] flat = null;
		ic.AlltoallFlattened (Enumerable.Range (0, remote).SelectMany (j => Enumerable.Repeat (R + ":" + j, j + 1)).ToArray (),
			Enumerable.Range (1, remote).ToArray (), Enumerable.Repeat (lr + 1, remote).ToArray (), ref flat);
		Assert.SequenceEqual (rw.SelectMany (x => Enumerable.Repeat (x + ":" + lr, lr + 1)), flat);
		// Rooted: group 0's rank 0 is the root.
		int root = group == 0 ? (lr == 0 ? Intercommunicator.Root : Intercommunicator.Null) : 0;
		int v = 99;
		string s = "hi";
		var a = new[] { 4, 5 };
		ic.Broadcast (ref v, root);
		ic.Broadcast (ref s, root);
		if (group == 1) {
			v = -1;
			s = null;
			a = new int[2];
		}
		ic.Broadcast (ref v, root);
		ic.Broadcast (ref s, root);
		ic.Broadcast (ref a, root);
		Assert.True (v == 99 && s == "hi", "Broadcast " + v + " " + s);
		Assert.SequenceEqual (new[] { 4, 5 }, a);
		var g = ic.Gather (R, root);
		var gs = ic.Gather ("g" + R, root);
		int red = ic.Reduce (R, Operation<int>.Add, root);
		string reds = ic.Reduce (R.ToString (), Operation<string>.Add, root);
		var redArr = new int[2];
		ic.Reduce (group == 1 ? new[] { R, 1 } : null, Operation<int>.Add, root, ref redArr);
		if (root == Intercommunicator.Root) {
			Assert.SequenceEqual (rw, g);
			Assert.SequenceEqual (rw.Select (x => "g" + x), gs);
			Assert.Equal (rw.Sum (), red);
			Assert.Equal (string.Concat (rw), reds);
			Assert.SequenceEqual (new[] { rw.Sum (), remote }, redArr);
		} else {
			Assert.True (g == null && gs == null && reds == null, "nothing off the root");
		}
		// Scatter from the root to group 1.
		if (root == Intercommunicator.Root) {
			ic.Scatter (Enumerable.Range (0, remote).Select (i => i * 3).ToArray ());
			ic.Scatter (Enumerable.Range (0, remote).Select (i => "sc" + i).ToArray ());
			ic.ScatterFromFlattened (Enumerable.Range (0, remote).SelectMany (i => new[] { i, i }).ToArray (), 2);
			ic.ScatterFromFlattened (Enumerable.Range (0, remote).SelectMany (i => new[] { "f" + i, "F" + i }).ToArray (), 2);
		} else if (root == Intercommunicator.Null) {
			ic.Scatter<int> ();
			ic.Scatter<string> ();
			ic.ScatterFromFlattened<int> ();
			ic.ScatterFromFlattened<string> ();
		} else {
			Assert.Equal (lr * 3, ic.Scatter<int> (root));
			Assert.Equal ("sc" + lr, ic.Scatter<string> (root));
			int[] o = null;
			ic.ScatterFromFlattened (2, root, ref o);
			Assert.SequenceEqual (new[] { lr, lr }, o);
			string[] os = null;
			ic.ScatterFromFlattened (2, root, ref os);
			Assert.SequenceEqual (new[] { "f" + lr, "F" + lr }, os);
		}
		// GatherFlattened: group 1 sends lr+1 values to the root.
		if (root == Intercommunicator.Root) {
			var counts = Enumerable.Range (0, remote).Select (i => i + 1).ToArray ();
			Assert.SequenceEqual (Enumerable.Range (0, remote).SelectMany (i => Enumerable.Repeat (i, i + 1)), ic.GatherFlattened<int> (counts));
			Assert.SequenceEqual (Enumerable.Range (0, remote).SelectMany (i => Enumerable.Repeat ("e" + i, i + 1)), ic.GatherFlattened<string> (counts));
		} else if (root == Intercommunicator.Null) {
			ic.GatherFlattened<int> ();
			ic.GatherFlattened<string> ();
		} else {
			ic.GatherFlattened (Enumerable.Repeat (lr, lr + 1).ToArray (), root);
			ic.GatherFlattened (Enumerable.Repeat ("e" + lr, lr + 1).ToArray (), root);
		}
		// ReduceScatter: each group's vectors (2 elements, as long as the sum of either group's counts) are
		// reduced and the result scattered over the other group.
		var cnt = ic.Size == 1 ? new[] { 2 } : new[] { 1, 1 };
		int at = lr == 0 ? 0 : 1, len = cnt[lr];
		var mine = new[] { R * 100, R * 100 + 1 };
		Assert.SequenceEqual (Enumerable.Range (at, len).Select (k => rw.Sum () * 100 + remote * k), ic.ReduceScatter (mine, Operation<int>.Add, cnt));
		var smine = new[] { R + ".0;", R + ".1;" };
		Assert.SequenceEqual (Enumerable.Range (at, len).Select (k => string.Concat (rw.Select (x => x + "." + k + ";"))), ic.ReduceScatter (smine, Operation<string>.Add, cnt));
		var merged = ic.Merge (group == 1);
		Assert.Equal (N, merged.Size, "Merge size");
		Assert.Equal (Tri (N), merged.Allreduce (R, Operation<int>.Add), "Merge works");
		ic.Barrier ();
	}

	// A program compiled against MPI.NET's own MPI.dll carries its Root and Null constants as they were in the MPI
	// library MPI.NET was built on: MPI_ROOT and MPI_PROC_NULL, -3 and -1 under MPICH and MS-MPI, -4 and -2 under
	// Open MPI.  Both pairs work.
	public static void IntercommunicatorRootsOfMpiNetBuildsOnOtherLibraries ()
	{
		if (N < 2)
			return;
		int group;
		var ic = Inter (out group);
		foreach (var pair in new[] { new[] { -3, -1 }, new[] { -4, -2 } }) {
			int root = group == 0 ? (ic.Rank == 0 ? pair[0] : pair[1]) : 0;
			int v = group == 0 ? 42 + pair[0] : 0;
			ic.Broadcast (ref v, root);
			if (group == 1)
				Assert.Equal (42 + pair[0], v, "Broadcast with Root " + pair[0] + " and Null " + pair[1]);
			var g = ic.Gather ("g" + ic.Rank, root);
			if (group == 0 && ic.Rank == 0)
				Assert.SequenceEqual (Enumerable.Range (0, ic.RemoteSize).Select (i => "g" + i), g);
			else
				Assert.True (g == null, "Gather with Root " + pair[0] + " and Null " + pair[1] + ": null off the root");
		}
	}

	public static void IntercommunicatorRefusalRaisesInBothGroups ()
	{
		if (N < 2)
			return;
		int group;
		var ic = Inter (out group);
		int root = group == 0 ? (ic.Rank == 0 ? Intercommunicator.Root : Intercommunicator.Null) : 0;
		foreach (bool strings in new[] { false, true }) {
			Exception e = null;
			try {
				if (root == Intercommunicator.Root) {
					if (strings)
						ic.Scatter (new string[ic.RemoteSize + 1]);
					else
						ic.Scatter (new int[ic.RemoteSize + 1]);
				} else if (root == Intercommunicator.Null) {
					if (strings) ic.Scatter<string> (); else ic.Scatter<int> ();
				} else {
					if (strings) ic.Scatter<string> (root); else ic.Scatter<int> (root);
				}
			} catch (Exception x) {
				e = x;
			}
			Assert.True (e != null, "raised (" + (strings ? "string" : "int") + ")");
			Assert.True (root == Intercommunicator.Root ? e is ArgumentException : e is InvalidOperationException, e.GetType () + ": " + e.Message);
			Assert.Equal (N - 1 - (group == 0 ? 0 : 0) >= 0, true);
		}
		int[] rw = Enumerable.Range (0, ic.RemoteSize).Select (i => 2 * i + (1 - group)).ToArray ();
		Assert.Equal (rw.Sum (), ic.Allreduce (R, Operation<int>.Add), "usable afterwards");
	}

	// ---- topologies -------------------------------------------------------------------------------------

	public static void CartesianGridCoordinatesRanksShiftNeighborsAndSubgrid ()
	{
		int[] dims = null;
		CartesianCommunicator.ComputeDimensions (N, 2, ref dims);
		Assert.Equal (N, dims[0] * dims[1], "dims product");
		var cart = new CartesianCommunicator (W, 2, dims, new[] { true, false }, false);
		Assert.SequenceEqual (dims, cart.Dimensions);
		Assert.SequenceEqual (new[] { true, false }, cart.Periodic);
		int[] c = cart.Coordinates;
		Assert.SequenceEqual (c, cart.GetCartesianCoordinates (cart.Rank));
		Assert.Equal (cart.Rank, cart.GetCartesianRank (c));
		int src, dst;
		cart.Shift (0, 1, out src, out dst);
		Assert.Equal (cart.GetCartesianRank (new[] { (c[0] + 1) % dims[0], c[1] }), dst, "Shift dest");
		Assert.Equal (cart.GetCartesianRank (new[] { (c[0] - 1 + dims[0]) % dims[0], c[1] }), src, "Shift source");
		int expectEdges = (dims[0] - 1 + 1) * dims[1] + (dims[1] - 1) * dims[0];
		Assert.Equal (expectEdges, cart.NumEdges, "NumEdges");
		foreach (int nb in cart.Neighbors) {
			var nc = cart.GetCartesianCoordinates (nb);
			Assert.True (nb != cart.Rank && (nc[0] == c[0] || nc[1] == c[1]), "neighbour " + nb + " shares a line");
		}
		// NeighborsOf, its argument named as MPI.NET names it: the same as Neighbors for this rank.
		Assert.SequenceEqual (cart.Neighbors, cart.NeighborsOf (Rank: cart.Rank));
		var sub = cart.Subgrid (new[] { 0, 1 });
		Assert.Equal (dims[1], sub.Size, "Subgrid size");
		Assert.SequenceEqual (new[] { dims[1] }, sub.Dimensions);
		Assert.Equal (c[1], sub.Coordinates[0], "Subgrid coordinate");
		Assert.Equal (Enumerable.Range (0, N).Where (r => cart.GetCartesianCoordinates (r)[0] == c[0]).Sum (),
			sub.Allreduce (cart.Rank, Operation<int>.Add), "Subgrid collective");
	}

	// Clone keeps a topology's type, as MPI.NET's does.
	public static void CloneOfATopologyKeepsItsType ()
	{
		var cart = new CartesianCommunicator (W, 1, new[] { N }, new[] { false }, false);
		var cc = cart.Clone () as CartesianCommunicator;
		Assert.True (cc != null, "a CartesianCommunicator's clone is one");
		Assert.SequenceEqual (new[] { N }, cc.Dimensions);
		var edges = new int[N][];
		for (int i = 0; i < N; i++)
			edges[i] = new int[0];
		var g = new GraphCommunicator (W, edges, false);
		Assert.True (g.Clone () is GraphCommunicator, "a GraphCommunicator's clone is one");
	}

	// LogicalAnd and LogicalOr exist for integer types and compute MPI's LAND and LOR (1 or 0).
	public static void LogicalOperationsOnIntegers ()
	{
		// (Values 0 and 1: with one rank MPI returns the value itself, reducing nothing.)
		Assert.Equal (1, W.Allreduce (R == 0 ? 1 : 0, Operation<int>.LogicalOr), "LogicalOr");
		Assert.Equal (N == 1 ? 1 : 0, W.Allreduce (R == 0 ? 1L : 0L, Operation<long>.LogicalAnd), "LogicalAnd");
		Assert.Equal (1, Operation<int>.LogicalOr (0, 9), "the delegate: either non-zero");
		Assert.Equal (0, Operation<int>.LogicalAnd (0, 9), "the delegate: not both non-zero");
		Assert.Equal (1, Operation<int>.LogicalAnd (3, 9), "the delegate: both non-zero");
	}

	// bool and structs holding one travel serialised, as in MPI.NET (which has no MPI datatype for bool): an array
	// passed by ref is replaced by the one broadcast.
	public static void BoolArraysTravelAsMpiNetSendsThem ()
	{
		bool[] flags = R == 0 ? new[] { true, false, true } : null;
		W.Broadcast (ref flags, 0);
		Assert.SequenceEqual (new[] { true, false, true }, flags, "a null array on the other ranks is replaced");
		int?[] maybe = R == 0 ? new int?[] { 1, null } : new int?[5];
		W.Broadcast (ref maybe, 0);
		Assert.Equal (2, maybe.Length, "Nullable<int>: the array broadcast, whatever the length passed");
	}

	public static void GraphRingHasTheGivenEdges ()
	{
		var edges = new int[N][];
		for (int i = 0; i < N; i++)
			edges[i] = N == 1 ? new int[0] : N == 2 ? new[] { 1 - i } : new[] { (i + N - 1) % N, (i + 1) % N };
		var g = new GraphCommunicator (W, edges, false);
		Assert.Equal (edges.Sum (e => e.Length), g.NumEdges, "NumEdges");
		var got = g.Edges;
		for (int i = 0; i < N; i++)
			Assert.SequenceEqual (edges[i], got[i], "edges of " + i);
		Assert.SequenceEqual (edges[g.Rank], g.Neighbors);
		Assert.Equal (Tri (N), g.Allreduce (g.Rank, Operation<int>.Add), "collective on the graph");
	}

	public static void GraphWithANodeOutOfRangeRaisesOnEveryRank ()
	{
		var edges = new int[N][];
		for (int i = 0; i < N; i++)
			edges[i] = new[] { i == 0 ? N + 5 : 0 };
		Assert.Throws<ArgumentException> (() => new GraphCommunicator (W, edges, false), "bad graph");
		Assert.Equal (Tri (N), W.Allreduce (R, Operation<int>.Add), "usable");
	}

	static int Main (string[] args) { return TestRunner.Run (typeof (MpiNetCollTests), args); }

	static Record Rec (int r)
	{
		var m = new System.Collections.Generic.Dictionary<string, int> ();
		m["rank"] = r;
		return new Record { Name = "r" + r, Data = new[] { r, r + 1 }, Map = m, Scratch = "local" };
	}

	static void CheckRec (Record x, int r)
	{
		Assert.Equal ("r" + r, x.Name, "Name");
		Assert.SequenceEqual (new[] { r, r + 1 }, x.Data);
		Assert.Equal (r, x.Map["rank"], "Map");
		Assert.True (x.Scratch == null, "a [NonSerialized] field arrives null");
	}

	public static void SerializableObjectsTravelWithEveryFieldThroughBroadcastGatherAndAllgather ()
	{
		Record b = R == 0 ? Rec (0) : null;
		W.Broadcast (ref b, 0);
		if (R == 0)
			b.Scratch = null; // the root keeps its own object
		CheckRec (b, 0);
		Record[] all = W.Allgather (Rec (R));
		for (int i = 0; i < N; i++)
			CheckRec (all[i], i);
		Record[] g = W.Gather (Rec (R), 0);
		if (R == 0)
			for (int i = 0; i < N; i++)
				CheckRec (g[i], i);
	}
}
