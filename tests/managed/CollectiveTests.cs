// CollectiveTests: every collective on every kind of buffer, with results known in advance, the in-place forms,
// each refusal, and collections while a rank blocks in a collective.  Runs at 1, 2, 3 and 4 ranks; every root is
// tried.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.MP;
using System.Threading;

public struct Pair { public int A; public double B; }
public class Holder { public object Ref; }
public struct WithRef { public string S; }
public struct Sixteen { public long A, B; }

public static class CollectiveTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (CollectiveTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }

	// The value element i of rank r contributes, in every test.
	static int V (int r, int i) { return r * 1000 + i; }

	// ---- broadcast -------------------------------------------------------------------------------------

	public static void BcastEveryRootAndBufferKind ()
	{
		for (int root = 0; root < Size; root++) {
			var ints = Rank == root ? Enumerable.Range (0, 100).Select (i => V (root, i)).ToArray () : new int[100];
			World.Bcast (ints, root);
			Assert.SequenceEqual (Enumerable.Range (0, 100).Select (i => V (root, i)), ints, "int[] from " + root);

			var m = new double[3, 4];
			if (Rank == root)
				for (int i = 0; i < 3; i++)
					for (int j = 0; j < 4; j++)
						m[i, j] = root + i * 10 + j / 8.0;
			World.Bcast (m, root);
			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 4; j++)
					Assert.Equal (root + i * 10 + j / 8.0, m[i, j], "double[,] [" + i + "," + j + "]");

			var pairs = new Pair[5];
			if (Rank == root)
				for (int i = 0; i < 5; i++)
					pairs[i] = new Pair { A = i + root, B = i * 0.5 };
			World.Bcast (pairs, root);
			for (int i = 0; i < 5; i++)
				Assert.Equal (new Pair { A = i + root, B = i * 0.5 }, pairs[i], "Pair[] " + i);

			var p = new Particle ();
			if (Rank == root) {
				p.X = 1.5; p.Id = 7 + root; p.Alive = true;
			}
			World.Bcast (p, root);
			Assert.True (p.X == 1.5 && p.Id == 7 + root && p.Alive, "single object");
		}
	}

	public static void BcastOffsetCount ()
	{
		var b = new long[10];
		for (int i = 0; i < 10; i++)
			b[i] = Rank == 0 ? 100 + i : -1;
		World.Bcast (b, 3, 4, 0);
		for (int i = 0; i < 10; i++)
			Assert.Equal (Rank == 0 || (i >= 3 && i < 7) ? 100 + i : -1L, b[i], "element " + i);
	}

	public static void BcastLargeAndEmpty ()
	{
		var big = new byte[4 << 20];
		if (Rank == Size - 1)
			for (int i = 0; i < big.Length; i++)
				big[i] = (byte) (i * 7);
		World.Bcast (big, Size - 1);
		for (int i = 0; i < big.Length; i += 4093)
			Assert.Equal ((byte) (i * 7), big[i], "4 MiB element " + i);
		World.Bcast (new int[0], 0);
	}

	// ---- scatter / gather -------------------------------------------------------------------------------

	public static void ScatterEveryRoot ()
	{
		const int n = 3;
		for (int root = 0; root < Size; root++) {
			int[] send = Rank == root ? Enumerable.Range (0, n * Size).Select (i => V (root, i)).ToArray () : null;
			var recv = new int[n];
			World.Scatter (send, recv, root);
			Assert.SequenceEqual (Enumerable.Range (Rank * n, n).Select (i => V (root, i)), recv, "from root " + root);
		}
	}

	public static void ScatterInPlaceAtRoot ()
	{
		var send = Enumerable.Range (0, 2 * Size).Select (i => (double) i).ToArray ();
		var recv = new double[2];
		World.Scatter (Rank == 0 ? send : null, Rank == 0 ? MPI.IN_PLACE : recv, 0);
		if (Rank != 0)
			Assert.SequenceEqual (new double[] { 2 * Rank, 2 * Rank + 1 }, recv, "block");
		else
			Assert.SequenceEqual (Enumerable.Range (0, 2 * Size).Select (i => (double) i), send, "root's sendbuf untouched");
	}

	public static void GatherEveryRootAndMatrix ()
	{
		for (int root = 0; root < Size; root++) {
			var send = new[] { V (Rank, 0), V (Rank, 1) };
			var recv = Rank == root ? new int[2 * Size] : null;
			World.Gather (send, recv, root);
			if (Rank == root)
				Assert.SequenceEqual (Enumerable.Range (0, Size).SelectMany (r => new[] { V (r, 0), V (r, 1) }), recv, "root " + root);
		}
		// Rows of a double[,]: rank r fills row r.
		var row = new double[] { Rank, Rank + 0.5, -Rank };
		var m = Rank == 0 ? new double[Size, 3] : null;
		World.Gather (row, m, 0);
		if (Rank == 0)
			for (int r = 0; r < Size; r++)
				Assert.True (m[r, 0] == r && m[r, 1] == r + 0.5 && m[r, 2] == -r, "row " + r);
	}

	public static void GatherInPlaceAtRoot ()
	{
		var all = new short[Size];
		all[Rank] = (short) (Rank + 40);
		if (Rank == 0)
			World.Gather (MPI.IN_PLACE, all, 0);
		else
			World.Gather (new[] { (short) (Rank + 40) }, null, 0);
		if (Rank == 0)
			Assert.SequenceEqual (Enumerable.Range (40, Size).Select (i => (short) i), all, "gathered");
	}

	public static void ScattervAndGatherv ()
	{
		// Rank r gets r+1 elements; the root's buffer has a gap of one element between blocks.
		int[] counts = Enumerable.Range (0, Size).Select (r => r + 1).ToArray ();
		int[] displs = new int[Size];
		for (int r = 1; r < Size; r++)
			displs[r] = displs[r - 1] + counts[r - 1] + 1;
		int total = displs[Size - 1] + counts[Size - 1];
		for (int root = 0; root < Size; root++) {
			var send = Rank == root ? Enumerable.Range (0, total).Select (i => (float) i).ToArray () : null;
			var recv = new float[Rank + 1];
			World.Scatterv (send, Rank == root ? counts : null, Rank == root ? displs : null, recv, root);
			Assert.SequenceEqual (Enumerable.Range (displs[Rank], Rank + 1).Select (i => (float) i), recv, "scatterv root " + root);

			var back = Rank == root ? Enumerable.Repeat (-1f, total).ToArray () : null;
			World.Gatherv (recv, back, Rank == root ? counts : null, Rank == root ? displs : null, root);
			if (Rank == root)
				for (int i = 0; i < total; i++) {
					bool inBlock = Enumerable.Range (0, Size).Any (r => i >= displs[r] && i < displs[r] + counts[r]);
					Assert.Equal (inBlock ? (float) i : -1f, back[i], "gatherv root " + root + " element " + i);
				}
		}
	}

	public static void ScattervGathervInPlace ()
	{
		int[] counts = Enumerable.Repeat (2, Size).ToArray ();
		int[] displs = Enumerable.Range (0, Size).Select (r => 2 * r).ToArray ();
		var buf = Enumerable.Range (0, 2 * Size).Select (i => (ulong) i * 3).ToArray ();
		var mine = new ulong[2];
		if (Rank == 0) {
			World.Scatterv (buf, counts, displs, MPI.IN_PLACE, 0);
		} else {
			World.Scatterv (null, null, null, mine, 0);
			Assert.SequenceEqual (new ulong[] { (ulong) (2 * Rank) * 3, (ulong) (2 * Rank + 1) * 3 }, mine, "scattered");
			mine[0] += 1;
		}
		var back = Rank == 0 ? buf : null;
		if (Rank == 0)
			World.Gatherv (MPI.IN_PLACE, back, counts, displs, 0);
		else
			World.Gatherv (mine, null, null, null, 0);
		if (Rank == 0)
			for (int r = 1; r < Size; r++)
				Assert.Equal ((ulong) (2 * r) * 3 + 1, back[2 * r], "gathered from " + r);
	}

	// ---- all-to-all family ---------------------------------------------------------------------------------

	public static void AllgatherAndInPlace ()
	{
		var recv = new Pair[2 * Size];
		World.Allgather (new[] { new Pair { A = Rank, B = 1 }, new Pair { A = Rank, B = 2 } }, recv);
		for (int r = 0; r < Size; r++)
			Assert.True (recv[2 * r].A == r && recv[2 * r].B == 1 && recv[2 * r + 1].B == 2, "Pair block " + r);

		var buf = new char[Size];
		buf[Rank] = (char) ('a' + Rank);
		World.Allgather (buf);
		Assert.Equal (new string (Enumerable.Range (0, Size).Select (r => (char) ('a' + r)).ToArray ()), new string (buf), "in place");
	}

	public static void AllgathervAndInPlace ()
	{
		int[] counts = Enumerable.Range (0, Size).Select (r => Size - r).ToArray ();
		int[] displs = new int[Size];
		for (int r = 1; r < Size; r++)
			displs[r] = displs[r - 1] + counts[r - 1];
		int total = displs[Size - 1] + counts[Size - 1];
		var recv = new int[total];
		World.Allgatherv (Enumerable.Repeat (Rank + 1, Size - Rank).ToArray (), recv, counts, displs);
		for (int r = 0; r < Size; r++)
			for (int k = 0; k < counts[r]; k++)
				Assert.Equal (r + 1, recv[displs[r] + k], "block " + r);

		var buf = new int[total];
		for (int k = 0; k < counts[Rank]; k++)
			buf[displs[Rank] + k] = -(Rank + 1);
		World.Allgatherv (MPI.IN_PLACE, buf, counts, displs);
		for (int r = 0; r < Size; r++)
			Assert.Equal (-(r + 1), buf[displs[r]], "in place block " + r);
	}

	public static void AlltoallAndInPlace ()
	{
		// Block j of rank i holds V(i, j); afterwards block i of rank j holds it.
		var send = Enumerable.Range (0, Size).SelectMany (j => new long[] { V (Rank, j), -V (Rank, j) }).ToArray ();
		var recv = new long[2 * Size];
		World.Alltoall (send, recv);
		for (int i = 0; i < Size; i++)
			Assert.True (recv[2 * i] == V (i, Rank) && recv[2 * i + 1] == -V (i, Rank), "block from " + i);
		World.Alltoall (send);
		Assert.SequenceEqual (recv, send, "in place");
	}

	public static void AlltoallvVariableBlocks ()
	{
		// Rank i sends j+1 elements to rank j, all equal to V(i, j).
		int[] scounts = Enumerable.Range (0, Size).Select (j => j + 1).ToArray ();
		int[] sdispls = new int[Size];
		for (int j = 1; j < Size; j++)
			sdispls[j] = sdispls[j - 1] + scounts[j - 1];
		var send = Enumerable.Range (0, Size).SelectMany (j => Enumerable.Repeat ((double) V (Rank, j), j + 1)).ToArray ();
		int[] rcounts = Enumerable.Repeat (Rank + 1, Size).ToArray ();
		int[] rdispls = Enumerable.Range (0, Size).Select (i => i * (Rank + 1)).ToArray ();
		var recv = new double[Size * (Rank + 1)];
		World.Alltoallv (send, scounts, sdispls, recv, rcounts, rdispls);
		for (int i = 0; i < Size; i++)
			for (int k = 0; k <= Rank; k++)
				Assert.Equal ((double) V (i, Rank), recv[i * (Rank + 1) + k], "from " + i);
	}

	// ---- reductions -----------------------------------------------------------------------------------------

	static int SumOfRanks { get { return Size * (Size - 1) / 2; } }

	public static void ReduceEveryRootAndInPlace ()
	{
		for (int root = 0; root < Size; root++) {
			var send = new[] { Rank, 1, -Rank * 2 };
			var recv = Rank == root ? new int[3] : null;
			World.Reduce (send, recv, Op.SUM, root);
			if (Rank == root)
				Assert.SequenceEqual (new[] { SumOfRanks, Size, -2 * SumOfRanks }, recv, "root " + root);

			var buf = new double[] { Rank + 1, -Rank };
			World.Reduce (buf, Op.MAX, root);
			if (Rank == root)
				Assert.SequenceEqual (new double[] { Size, 0 }, buf, "in place, root " + root);
			else
				Assert.SequenceEqual (new double[] { Rank + 1, -Rank }, buf, "non-root's buffer untouched");
		}
	}

	public static void AllreduceMatrixAndInPlace ()
	{
		var a = new double[2, 3];
		for (int i = 0; i < 2; i++)
			for (int j = 0; j < 3; j++)
				a[i, j] = Rank * (i + 1) + j;
		var b = new double[2, 3];
		World.Allreduce (a, b, Op.SUM);
		for (int i = 0; i < 2; i++)
			for (int j = 0; j < 3; j++)
				Assert.Equal ((double) SumOfRanks * (i + 1) + j * Size, b[i, j], "double[,] [" + i + "," + j + "]");
		World.Allreduce (a, Op.MIN);
		Assert.Equal (0.0, a[1, 0], "in place MIN");
		Assert.Equal (2.0, a[0, 2], "in place MIN");
	}

	public static void AllreduceLarge ()
	{
		var a = new double[1 << 17];
		for (int i = 0; i < a.Length; i++)
			a[i] = i + Rank;
		World.Allreduce (a, Op.SUM);
		for (int i = 0; i < a.Length; i += 997)
			Assert.Equal ((double) i * Size + SumOfRanks, a[i], "element " + i);
	}

	public static void ScanAndExscan ()
	{
		var send = new[] { Rank + 1, 2 };
		var recv = new int[2];
		World.Scan (send, recv, Op.SUM);
		Assert.SequenceEqual (new[] { (Rank + 1) * (Rank + 2) / 2, 2 * (Rank + 1) }, recv, "Scan");

		var ex = new[] { -7, -7 };
		World.Exscan (send, ex, Op.SUM);
		if (Rank > 0)
			Assert.SequenceEqual (new[] { Rank * (Rank + 1) / 2, 2 * Rank }, ex, "Exscan");

		var buf = new long[] { Rank + 1 };
		World.Scan (buf, Op.PROD);
		long fact = 1;
		for (int r = 1; r <= Rank + 1; r++)
			fact *= r;
		Assert.Equal (fact, buf[0], "Scan in place (factorial)");
		var ebuf = new long[] { Rank + 1 };
		World.Exscan (ebuf, Op.PROD);
		if (Rank > 0)
			Assert.Equal (fact / (Rank + 1), ebuf[0], "Exscan in place");
	}

	public static void ReduceScatterBlockAndInPlace ()
	{
		// Rank i's block j holds {i, j}; the reduced block j is {SumOfRanks, Size*j}.
		var send = Enumerable.Range (0, Size).SelectMany (j => new[] { Rank, j }).ToArray ();
		var recv = new int[2];
		World.Reduce_scatter_block (send, recv, Op.SUM);
		Assert.SequenceEqual (new[] { SumOfRanks, Size * Rank }, recv, "block " + Rank);
		World.Reduce_scatter_block (send, Op.SUM);
		Assert.SequenceEqual (new[] { SumOfRanks, Size * Rank }, send.Take (2), "in place");
	}

	public static void CollectivesOnDupAndSelf ()
	{
		var dup = World.Dup ();
		var x = new[] { Rank };
		dup.Allreduce (x, Op.SUM);
		Assert.Equal (SumOfRanks, x[0], "dup");
		dup.Free ();
		var self = MPI.COMM_SELF;
		var y = new[] { 5 };
		self.Allreduce (y, Op.SUM);
		self.Bcast (y, 0);
		Assert.Equal (5, y[0], "self");
	}

	// ---- refusals: every rank makes the same mistake, or only the root when only the root can see it ---------

	static void Refused<TEx> (Action a, string what, string needle = null) where TEx : Exception
	{
		var e = Assert.Throws<TEx> (a, what);
		if (needle != null)
			Assert.Contains (needle, e.Message, what);
	}

	/// <summary>A refusal only the root can see: the root runs <paramref name="atRoot"/> and raises TEx, the
	/// others run <paramref name="elsewhere"/> and raise InvalidOperationException because the root refused.</summary>
	static void AtRoot<TEx> (Action atRoot, Action elsewhere, string what, string needle = null) where TEx : Exception
	{
		if (Rank == 0)
			Refused<TEx> (atRoot, what, needle);
		else
			Refused<InvalidOperationException> (elsewhere, what + " off the root", "rank 0 refused");
	}

	public static void RefusesSizeMismatches ()
	{
		Refused<ArgumentException> (() => World.Allgather (new int[2], new int[2 * Size + 1]), "Allgather", "Get_size()");
		Refused<ArgumentException> (() => World.Allreduce (new int[3], new int[4], Op.SUM), "Allreduce lengths", "same length");
		Refused<ArgumentException> (() => World.Alltoall (new int[Size], new int[2 * Size]), "Alltoall lengths");
		if (Size > 1)
			Refused<ArgumentException> (() => World.Reduce_scatter_block (new int[Size + 1], Op.SUM), "Reduce_scatter_block in place");
		Refused<ArgumentException> (() => World.Reduce_scatter_block (new int[2 * Size], new int[3], Op.SUM), "Reduce_scatter_block");
		Refused<ArgumentException> (() => World.Scan (new int[1], new int[2], Op.SUM), "Scan");
		Refused<ArgumentException> (() => World.Exscan (new int[2], new int[1], Op.SUM), "Exscan");
		// Only the root sees these: the other ranks, with arguments right for them, raise because it refused.
		AtRoot<ArgumentException> (() => World.Scatter (new int[2 * Size], new int[3], 0), () => World.Scatter (null, new int[3], 0), "Scatter", "Get_size()");
		AtRoot<ArgumentException> (() => World.Gather (new int[2], new int[2 * Size + 2], 0), () => World.Gather (new int[2], null, 0), "Gather");
		AtRoot<ArgumentException> (() => World.Reduce (new int[2], new int[3], Op.SUM, 0), () => World.Reduce (new int[2], null, Op.SUM, 0), "Reduce");
		AtRoot<ArgumentException> (() => World.Scatterv (new int[4], new int[Size + 1], new int[Size + 1], new int[1], 0),
			() => World.Scatterv (null, null, null, new int[1], 0), "Scatterv counts length");
		AtRoot<ArgumentException> (() => World.Gatherv (new int[1], new int[4], Enumerable.Repeat (1, Size).ToArray (),
			Enumerable.Repeat (4, Size).ToArray (), 0), () => World.Gatherv (new int[1], null, null, null, 0), "Gatherv block past the end");
		AtRoot<ArgumentException> (() => World.Gatherv (new int[1], new int[4], Enumerable.Repeat (-1, Size).ToArray (),
			new int[Size], 0), () => World.Gatherv (new int[1], null, null, null, 0), "Gatherv negative count");
		AtRoot<ArgumentNullException> (() => World.Scatterv (new int[4], null, null, new int[1], 0),
			() => World.Scatterv (null, null, null, new int[1], 0), "Scatterv null counts");
		Refused<ArgumentException> (() => World.Allgatherv (new int[2], new int[2 * Size], Enumerable.Repeat (1, Size).ToArray (),
			Enumerable.Range (0, Size).ToArray ()), "Allgatherv sendbuf longer than its count");
		Refused<ArgumentException> (() => World.Alltoallv (new int[1], new int[Size], new int[Size], new int[1],
			Enumerable.Repeat (2, Size).ToArray (), new int[Size]), "Alltoallv block past the end");
	}

	public static void RefusesTypeAndBufferMistakes ()
	{
		Refused<ArgumentException> (() => World.Allreduce (new int[2], new float[2], Op.SUM), "int vs float", "element type");
		Refused<ArgumentException> (() => World.Allgather (new Pair[1], new Sixteen[Size]), "structs of the same size", "element type");
		var same = new int[2];
		Refused<ArgumentException> (() => World.Allreduce (same, same, Op.SUM), "same array", "IN_PLACE");
		Refused<ArgumentNullException> (() => World.Allreduce (new int[2], null, Op.SUM), "null recvbuf");
		Refused<ArgumentNullException> (() => World.Allreduce (null, new int[2], Op.SUM), "null sendbuf");
		Refused<ArgumentNullException> (() => World.Bcast (null, 0), "Bcast null");
		Refused<ArgumentNullException> (() => World.Allreduce (new int[2], new int[2], null), "null op");
		Refused<ArgumentException> (() => World.Bcast ("text", 0), "Bcast string", "O-operations");
		Refused<ArgumentException> (() => World.Bcast (new Holder (), 0), "Bcast object with references");
		Refused<ArgumentException> (() => World.Allgather (new string[1], new string[Size]), "string[]");
		Refused<ArgumentException> (() => World.Allreduce (new WithRef[1], new WithRef[1], Op.SUM), "struct with reference");
		Refused<ArgumentOutOfRangeException> (() => World.Bcast (new int[4], 2, 3, 0), "Bcast count past the end");
		Refused<ArgumentOutOfRangeException> (() => World.Bcast (new int[4], -1, 1, 0), "Bcast negative offset");
		Refused<ArgumentOutOfRangeException> (() => World.Bcast (new int[4], Size), "Bcast root");
		Refused<ArgumentOutOfRangeException> (() => World.Reduce (new int[1], new int[1], Op.SUM, -1), "Reduce root");
		Refused<ArgumentOutOfRangeException> (() => World.Scatter (new int[Size], new int[1], Size + 3), "Scatter root");
		Refused<ArgumentException> (() => World.Allreduce (new int[1], MPI.IN_PLACE, Op.SUM), "IN_PLACE as recvbuf", "sendbuf");
		Refused<ArgumentException> (() => World.Scatter (MPI.IN_PLACE, new int[1], 0), "IN_PLACE as Scatter's sendbuf", "recvbuf");
		if (Size > 1) {
			// Off the root MPI.IN_PLACE is refused; the root, whose arguments are right, raises because of it.
			if (Rank != 0)
				Refused<ArgumentException> (() => World.Gather (MPI.IN_PLACE, new int[Size], 0), "IN_PLACE off the root", "root");
			else
				Refused<InvalidOperationException> (() => World.Gather (MPI.IN_PLACE, new int[Size], 0), "the root of a refused Gather", "refused");
		}
		var freed = World.Dup ();
		freed.Free ();
		Refused<ObjectDisposedException> (() => freed.Allreduce (new int[1], Op.SUM), "freed communicator");
		// The rank is usable afterwards, with no stray message.
		var x = new[] { 1 };
		World.Allreduce (x, Op.SUM);
		Assert.Equal (Size, x[0], "usable afterwards");
	}

	// ---- the collector runs while a rank blocks in a collective ---------------------------------------------

	class Storm
	{
		public int Collections;
		public double MaxPauseMs;
		volatile bool stop;
		Thread thread;

		public void Start ()
		{
			thread = new Thread (() => {
				var sw = new Stopwatch ();
				while (!stop) {
					for (int i = 0; i < 100; i++)
						GC.KeepAlive (new byte[256]);
					sw.Restart ();
					GC.Collect (0);
					MaxPauseMs = Math.Max (MaxPauseMs, sw.Elapsed.TotalMilliseconds);
					Collections++;
					Thread.Sleep (1);
				}
			});
			thread.Start ();
		}

		public void Stop ()
		{
			stop = true;
			thread.Join ();
		}
	}

	// The last rank arrives 1.5 s late; the others wait in the collective while their collections keep running.
	// A check that fails is noted, not raised: a rank that raised here would leave the test while the others wait in
	// its next collective (a hang, not a failure).  CheckedTogether raises on every rank after the last collective.
	static void Late (string what, Action collective, List<string> failed)
	{
		if (Size < 2) {
			collective ();
			return;
		}
		const int LateMs = 1500;
		if (Rank == Size - 1) {
			Thread.Sleep (LateMs);
			collective ();
			return;
		}
		var storm = new Storm ();
		storm.Start ();
		Thread.Sleep (20);
		int before = storm.Collections;
		var sw = Stopwatch.StartNew ();
		collective ();
		int during = storm.Collections - before;
		storm.Stop ();
		if (sw.ElapsedMilliseconds < LateMs - 300)
			failed.Add (what + " did not wait for the late rank (" + sw.ElapsedMilliseconds + " ms)");
		if (during < 20)
			failed.Add (what + ": only " + during + " collections completed while blocked");
		if (storm.MaxPauseMs >= 1000)
			failed.Add (what + ": longest collection " + storm.MaxPauseMs + " ms");
	}

	// Raises on every rank if a check failed on any: this rank's failures, or which rank failed.
	static void CheckedTogether (List<string> failed)
	{
		var worst = new int[1];
		World.Allreduce (new[] { failed.Count > 0 ? Rank + 1 : 0 }, worst, Op.MAX);
		Assert.True (failed.Count == 0, string.Join ("; ", failed));
		Assert.True (worst[0] == 0, "rank " + (worst[0] - 1) + "'s checks failed (its exception says which)");
	}

	public static void BlockedCollectivesDoNotStallTheCollector ()
	{
		var failed = new List<string> ();
		var small = new byte[100]; // a nursery object: it must not move while MPI writes it
		Late ("Bcast", () => World.Bcast (small, Size - 1), failed);
		var a = new double[1000];
		for (int i = 0; i < a.Length; i++)
			a[i] = Rank + i;
		Late ("Allreduce", () => World.Allreduce (a, Op.SUM), failed);
		for (int i = 0; i < a.Length; i += 99)
			if (a[i] != (double) SumOfRanks + Size * i)
				failed.Add ("Allreduce result " + i + ": " + a[i]);
		var g = new int[Size];
		Late ("Allgather", () => World.Allgather (new[] { Rank * 3 }, g), failed);
		CheckedTogether (failed);
		Assert.SequenceEqual (Enumerable.Range (0, Size).Select (r => r * 3), g, "Allgather result");
	}

	// ---- the same again with the non-blocking forms (MPI_Ibcast, ...) --------------------------------------------

	// In-place Reduce at the last rank and in-place Reduce_scatter with unequal counts, at sizes where MPICH 4.0.2
	// crashes or aborts doing them in place (tests/upstream/mpich-inplace-reductions.c): the runtime reduces from a
	// copy there.
	public static void LargeInPlaceReductionsAtAnyRoot ()
	{
		int root = Size - 1, n = 1000;
		var buf = Enumerable.Range (0, n).Select (i => Rank + i).ToArray ();
		World.Reduce (buf, Op.SUM, root);
		if (Rank == root)
			for (int i = 0; i < n; i++)
				Assert.Equal (Size * (Size - 1) / 2 + Size * i, buf[i], "Reduce element " + i);
		var counts = Enumerable.Range (0, Size).Select (r => 70000 + r).ToArray ();
		int total = counts.Sum (), off = counts.Take (Rank).Sum ();
		var all = Enumerable.Range (0, total).ToArray ();
		World.Reduce_scatter (all, counts, Op.SUM);
		for (int i = 0; i < counts[Rank]; i++)
			if (all[i] != Size * (off + i))
				Assert.Equal (Size * (off + i), all[i], "Reduce_scatter element " + i);
	}

	public static void NonBlockingFormsGiveTheSameResults ()
	{
		bool was = Diagnostics.CollectivesNonBlocking;
		Diagnostics.CollectivesNonBlocking = true;
		try {
			BcastEveryRootAndBufferKind ();
			ScatterEveryRoot ();
			GatherEveryRootAndMatrix ();
			ScattervAndGatherv ();
			ScattervGathervInPlace ();
			AllgatherAndInPlace ();
			AllgathervAndInPlace ();
			AlltoallAndInPlace ();
			AlltoallvVariableBlocks ();
			ReduceEveryRootAndInPlace ();
			AllreduceMatrixAndInPlace ();
			ScanAndExscan ();
			ReduceScatterBlockAndInPlace ();
			BlockedCollectivesDoNotStallTheCollector ();
		} finally {
			Diagnostics.CollectivesNonBlocking = was;
		}
	}
}

public class Particle { public double X, Y, Z; public int Id; public bool Alive; }
public struct Point { public double X, Y; public int Id; }
