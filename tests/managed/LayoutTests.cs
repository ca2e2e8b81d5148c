// LayoutTests: point-to-point operations on layouts (System.MP.Layout: vector, subarray, indexed selections of an
// array).  Runs at 1-3 ranks; every test goes around the ring (rank r sends to r+1 and receives from r-1).
using System;
using System.Linq;
using System.MP;

public static class LayoutTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (LayoutTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }

	static double[,] Matrix (int rows, int cols, int seed)
	{
		var m = new double[rows, cols];
		for (int i = 0; i < rows; i++)
			for (int j = 0; j < cols; j++)
				m[i, j] = seed * 1000 + i * 10 + j;
		return m;
	}

	// A column of a row-major matrix out of one array and into a column of another, and into a contiguous array.
	public static void ColumnsTravelAsVectors ()
	{
		var m = Matrix (4, 5, Rank);
		var column = Layout.Vector (4, 1, 5);
		var r = World.Irecv (new double[4], 0, Layout.Vector (4, 1, 1), Prev, 1); // a vector of single elements
		var got = new double[4];
		var req = World.Irecv (got, Prev, 2);
		World.Send (m, 2, column, Next, 2);   // column 2
		req.Wait ();
		for (int i = 0; i < 4; i++)
			Assert.Equal (Prev * 1000 + i * 10 + 2.0, got[i], "column element " + i);
		World.Send (new double[] { 1, 2, 3, 4 }, Next, 1);
		r.Wait ();

		// Into column 4 of a matrix: the other columns stay as they were.
		var into = Matrix (4, 5, 7);
		var st = new Status ();
		var r2 = World.Irecv (into, 4, column, Prev, 3);
		World.Send (new double[] { -1, -2, -3, -4 }, Next, 3);
		r2.Wait (st);
		Assert.Equal (4, st.Get_count (typeof (double)), "elements received");
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 5; j++)
				Assert.Equal (j == 4 ? -(i + 1.0) : 7000 + i * 10 + j, into[i, j], "into[" + i + "," + j + "]");
	}

	// A block of a grid, with Subarray, into a block of another grid at another place.
	public static void BlocksOfGridsTravelAsSubarrays ()
	{
		var grid = new int[6, 8];
		for (int i = 0; i < 6; i++)
			for (int j = 0; j < 8; j++)
				grid[i, j] = Rank * 100 + i * 8 + j;
		var block = Layout.Subarray (new[] { 6, 8 }, new[] { 2, 3 }, new[] { 1, 2 });
		var dest = new int[4, 4];
		var r = World.Irecv (dest, 0, Layout.Subarray (new[] { 4, 4 }, new[] { 2, 3 }, new[] { 2, 1 }), Prev, 4);
		World.Send (grid, 0, block, Next, 4);
		r.Wait ();
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 4; j++) {
				bool inside = i >= 2 && j >= 1 && j < 4;
				int want = inside ? Prev * 100 + (i - 1) * 8 + (j + 1) : 0;
				Assert.Equal (want, dest[i, j], "dest[" + i + "," + j + "]");
			}
	}

	public static void IndexedBlocksTravelInOrder ()
	{
		var src = Enumerable.Range (Rank * 100, 20).Select (x => (long) x).ToArray ();
		var layout = Layout.Indexed (new[] { 2, 0, 3 }, new[] { 1, 4, 10 });
		var got = new long[5];
		var r = World.Irecv (got, Prev, 5);
		World.Isend (src, 3, layout, Next, 5).Wait ();   // elements 4, 5, 13, 14, 15
		r.Wait ();
		Assert.SequenceEqual (new long[] { 4, 5, 13, 14, 15 }.Select (x => x + Prev * 100), got, "indexed blocks");

		// Received through the same layout: only its elements change.
		var back = new long[20];
		var r2 = World.Irecv (back, 0, layout, Prev, 6);
		World.Send (new long[] { 9, 8, 7, 6, 5 }, Next, 6);
		r2.Wait ();
		Assert.SequenceEqual (new long[] { 0, 9, 8, 0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 0, 0, 0, 0, 0, 0, 0 }, back, "received blocks");
	}

	// One layout with arrays of several element types, alternately: the datatype behind it follows the type.
	public static void OneLayoutServesEveryElementType ()
	{
		var every = Layout.Vector (3, 1, 2);
		for (int k = 0; k < 3; k++) {
			var d = new double[6] { 1, 2, 3, 4, 5, 6 };
			var i = new short[6] { 10, 20, 30, 40, 50, 60 };
			var gd = new double[3];
			var gi = new short[3];
			var r1 = World.Irecv (gd, Prev, 7);
			var r2 = World.Irecv (gi, Prev, 8);
			World.Send (d, 1, every, Next, 7);
			World.Send (i, 0, every, Next, 8);
			Request.Waitall (new[] { r1, r2 });
			Assert.SequenceEqual (new double[] { 2, 4, 6 }, gd, "doubles, round " + k);
			Assert.SequenceEqual (new short[] { 10, 30, 50 }, gi, "shorts, round " + k);
		}
	}

	// A receive through a layout in flight while collections run: the array stays in place.
	public static void LayoutReceivesSurviveCollections ()
	{
		var small = new int[64]; // small enough to move, were it not pinned
		var r = World.Irecv (small, 8, Layout.Vector (8, 2, 4), Prev, 9);
		for (int k = 0; k < 5; k++) {
			GC.Collect ();
			var junk = new byte[5000];
			GC.KeepAlive (junk);
		}
		World.Send (Enumerable.Range (1, 16).ToArray (), Next, 9);
		r.Wait ();
		for (int e = 0; e < 64; e++) {
			int rel = e - 8, want = rel >= 0 && rel < 30 && rel % 4 < 2 ? 1 + rel / 4 * 2 + rel % 4 : 0;
			Assert.Equal (want, small[e], "element " + e);
		}
	}

	public static void MisuseIsRefusedAndTheRankStaysUsable ()
	{
		var a = new double[10];
		var v = Layout.Vector (3, 2, 4);   // spans 10 elements
		Assert.Throws<ArgumentNullException> (() => World.Send (a, 0, null, Next, 10), "null layout");
		Assert.Throws<ArgumentNullException> (() => World.Send (null, 0, v, Next, 10), "null buffer");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, 1, v, Next, 10), "runs past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Isend (a, -1, v, Next, 10), "negative offset");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Irecv (a, 11, v, Prev, 10), "offset past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Recv (new double[3, 3], 0, v, Prev, 10, null), "a 3x3 array has 9");
		Assert.Throws<ArgumentException> (() => World.Send (new string[10], 0, v, Next, 10), "strings are no buffer");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, 0, v, Size, 10), "no such rank");
		Assert.Throws<ArgumentOutOfRangeException> (() => Layout.Vector (0, 1, 1), "count 0");
		Assert.Throws<ArgumentOutOfRangeException> (() => Layout.Vector (2, 3, 2), "stride below blocklength");
		Assert.Throws<ArgumentOutOfRangeException> (() => Layout.Indexed (new[] { 2, 2 }, new[] { 0, 1 }), "overlapping blocks");
		Assert.Throws<ArgumentException> (() => Layout.Subarray (new[] { 2 }, new[] { 1, 1 }, new[] { 0 }), "dimensions differ");
		Assert.Throws<ArgumentOutOfRangeException> (() => Layout.Subarray (new[] { 4 }, new[] { 3 }, new[] { 2 }), "block outside");

		// A message longer than the layout: truncated, and the elements outside the layout untouched.  (Open MPI 4.1
		// completes a message to self into a receive that is too small without an error: README, limitations.)
		var got = new double[10];
		var r = World.Irecv (got, 0, Layout.Vector (2, 1, 3), Prev, 11);
		World.Send (new double[] { 1, 2, 3 }, Next, 11);
		if (Size > 1 || !Diagnostics.MpiLibrary.StartsWith ("Open MPI")) {
			var e = Assert.Throws<MPIException> (() => r.Wait (), "truncation");
			Assert.Contains ("truncat", e.Message, "says it was truncated");
			Assert.Contains ("16 bytes (2 x System.Double)", e.Message, "names what the layout holds");
			var s = World.Isend (new double[] { 1, 2, 3 }, Next, 11); // a send to oneself may wait for its receive
			var e2 = Assert.Throws<MPIException> (() => World.Recv (got, 0, Layout.Vector (2, 1, 3), Prev, 11, null), "blocking truncation");
			Assert.Contains ("16 bytes (2 x System.Double)", e2.Message, "names what the layout holds");
			s.Wait ();
		} else {
			r.Wait ();
		}
		Assert.True (got.Skip (1).Take (2).All (x => x == 0) && got.Skip (4).All (x => x == 0), "nothing written outside the layout");

		// Still usable.
		var ok = new double[10];
		var r2 = World.Irecv (ok, 0, v, Prev, 12);
		World.Send (Enumerable.Range (1, 6).Select (x => (double) x).ToArray (), Next, 12);
		r2.Wait ();
		Assert.SequenceEqual (new double[] { 1, 2, 0, 0, 3, 4, 0, 0, 5, 6 }, ok, "after the refusals");
		Assert.Equal ("Layout.Vector (3, 2, 4)", v.ToString (), "ToString");
		Assert.Equal (6L, v.Count, "a vector's count");
		Assert.Equal (6L, Layout.Subarray (new[] { 4, 5 }, new[] { 2, 3 }, new[] { 1, 1 }).Count, "a subarray's count");
		Assert.Equal (5L, Layout.Indexed (new[] { 2, 0, 3 }, new[] { 1, 4, 10 }).Count, "an indexed layout's count");
	}

	// Layouts made and dropped by the thousand: their datatypes are freed when they are collected.
	public static void DroppedLayoutsAreFreed ()
	{
		var buf = new int[8];
		for (int k = 0; k < 6000; k++) {
			var r = World.Irecv (buf, 0, Layout.Vector (2, 1, 1 + k % 7), Prev, 13);
			World.Send (new[] { k, k }, Next, 13);
			r.Wait ();
			if (k % 1000 == 999) {
				GC.Collect ();
				GC.WaitForPendingFinalizers ();
			}
		}
		Assert.Equal (5999, buf[0], "last message");
	}

	// The halo exchange layouts exist for: ghost columns 0 and 5 of one matrix filled from the neighbours'
	// interior columns, with Sendrecv (the columns' spans interleave; their elements do not) and with persistent
	// requests.
	public static void HaloColumnsOfOneMatrixWithSendrecvAndPersistentRequests ()
	{
		var m = Matrix (4, 6, Rank);
		var col = Layout.Vector (4, 1, 6);
		World.Sendrecv (m, 4, col, Next, 20, m, 0, col, Prev, 20, null);
		var st = new Status ();
		World.Sendrecv (m, 1, col, Prev, 21, m, 5, col, Next, 21, st);
		Assert.Equal (4, st.Get_count (typeof (double)), "elements received");
		for (int i = 0; i < 4; i++) {
			Assert.Equal (Prev * 1000 + i * 10 + 4.0, m[i, 0], "left ghost, row " + i);
			Assert.Equal (Next * 1000 + i * 10 + 1.0, m[i, 5], "right ghost, row " + i);
			for (int j = 1; j < 5; j++)
				Assert.Equal (Rank * 1000 + i * 10 + j + 0.0, m[i, j], "interior " + i + "," + j);
		}

		var reqs = new Prequest[] {
			World.Recv_init (m, 0, col, Prev, 22), World.Recv_init (m, 5, col, Next, 23),
			World.Send_init (m, 4, col, Next, 22), World.Send_init (m, 1, col, Prev, 23),
		};
		for (int step = 0; step < 3; step++) {
			for (int i = 0; i < 4; i++)
				for (int j = 1; j < 5; j++)
					m[i, j] = step * 100000 + Rank * 1000 + i * 10 + j;
			Prequest.Startall (reqs);
			Request.Waitall (reqs);
			for (int i = 0; i < 4; i++) {
				Assert.Equal (step * 100000 + Prev * 1000 + i * 10 + 4.0, m[i, 0], "step " + step + ", left ghost " + i);
				Assert.Equal (step * 100000 + Next * 1000 + i * 10 + 1.0, m[i, 5], "step " + step + ", right ghost " + i);
			}
		}
		foreach (var r in reqs)
			r.Free ();
		Assert.Throws<ArgumentNullException> (() => World.Send_init (m, 0, null, Next, 24), "Send_init without a layout");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Recv_init (m, 6, col, Prev, 24), "Recv_init past the end");
	}

	// Sendrecv within one array is refused exactly when the two layouts share an element, whatever their spans.
	public static void SendrecvInOneArrayIsRefusedOnlyWhenElementsAreShared ()
	{
		var m = new double[4, 6];
		var col = Layout.Vector (4, 1, 6);
		var row = Layout.Vector (1, 6, 6);
		Assert.Throws<ArgumentException> (() => World.Sendrecv (m, 1, col, Next, 25, m, 1, col, Prev, 25, null), "the same column");
		Assert.Throws<ArgumentException> (() => World.Sendrecv (m, 2, col, Next, 25, m, 12, row, Prev, 25, null), "column 2 meets row 2");
		var grid = new int[2, 4, 4];
		var a = Layout.Subarray (new[] { 2, 4, 4 }, new[] { 2, 2, 2 }, new[] { 0, 0, 0 });
		var b = Layout.Subarray (new[] { 2, 4, 4 }, new[] { 2, 2, 2 }, new[] { 0, 2, 2 });
		var c = Layout.Subarray (new[] { 2, 4, 4 }, new[] { 2, 2, 2 }, new[] { 0, 1, 1 });
		Assert.Throws<ArgumentException> (() => World.Sendrecv (grid, 0, a, Next, 26, grid, 0, c, Prev, 26, null), "blocks a and c share (x, 1, 1)");
		var ix = Layout.Indexed (new[] { 1, 0, 2 }, new[] { 3, 5, 9 });
		Assert.Throws<ArgumentException> (() => World.Sendrecv (m, 0, ix, Next, 27, m, 10, Layout.Vector (1, 1, 1), Prev, 27, null), "element 10");

		// Disjoint: allowed, and the data arrive.
		for (int x = 0; x < 2; x++)
			for (int y = 0; y < 4; y++)
				for (int z = 0; z < 4; z++)
					grid[x, y, z] = Rank * 1000 + x * 100 + y * 10 + z;
		World.Sendrecv (grid, 0, a, Next, 28, grid, 0, b, Prev, 28, null);
		for (int x = 0; x < 2; x++)
			for (int y = 2; y < 4; y++)
				for (int z = 2; z < 4; z++)
					Assert.Equal (Prev * 1000 + x * 100 + (y - 2) * 10 + (z - 2), grid[x, y, z], "block b at " + x + y + z);
		World.Sendrecv (m, 0, ix, Next, 29, m, 11, Layout.Vector (3, 1, 1), Prev, 29, null);
	}

	// Every send mode takes a layout: the column arrives whole, in order, through Ssend, Bsend, Rsend, their
	// non-blocking and persistent forms.  A buffered send without a buffer is refused and sends nothing.
	public static void EverySendModeTakesALayout ()
	{
		var m = Matrix (4, 5, Rank);
		var col = Layout.Vector (4, 1, 5);
		var modes = new Func<int, Request>[] {
			t => { World.Ssend (m, 1, col, Next, t); return null; },
			t => { World.Bsend (m, 1, col, Next, t); return null; },
			t => { World.Rsend (m, 1, col, Next, t); return null; },
			t => World.Issend (m, 1, col, Next, t),
			t => World.Ibsend (m, 1, col, Next, t),
			t => World.Irsend (m, 1, col, Next, t),
			t => { var p = World.Ssend_init (m, 1, col, Next, t); p.Start (); return p; },
			t => { var p = World.Bsend_init (m, 1, col, Next, t); p.Start (); return p; },
			t => { var p = World.Rsend_init (m, 1, col, Next, t); p.Start (); return p; },
		};
		MPI.Buffer_attach (2 * (4 * 8 + MPI.BSEND_OVERHEAD));
		try {
			for (int k = 0; k < modes.Length; k++) {
				var got = new double[4];
				var r = World.Irecv (got, Prev, 40 + k);
				World.Barrier (); // every receive is posted before a ready send
				var s = modes[k] (40 + k);
				r.Wait ();
				if (s != null)
					s.Wait ();
				for (int i = 0; i < 4; i++)
					Assert.Equal (Prev * 1000 + i * 10 + 1.0, got[i], "mode " + k + ", element " + i);
				var p = s as Prequest;
				if (p != null)
					p.Free ();
			}
		} finally {
			MPI.Buffer_detach ();
		}
		Assert.Throws<InvalidOperationException> (() => World.Bsend (m, 1, col, Next, 49), "Bsend without a buffer");
		Assert.Throws<InvalidOperationException> (() => World.Ibsend (m, 1, col, Next, 49), "Ibsend without a buffer");
		var pb = World.Bsend_init (m, 1, col, Next, 49);
		Assert.Throws<InvalidOperationException> (() => pb.Start (), "Start of Bsend_init without a buffer");
		pb.Free ();
		Assert.Throws<ArgumentNullException> (() => World.Issend (m, 0, null, Next, 49), "Issend without a layout");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Rsend_init (m, 5, col, Next, 49), "Rsend_init past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Ssend (m, 1, col, Size, 49), "Ssend to a rank past the end");
		// Nothing was sent by the refusals: the ring still pairs.
		var back = new double[4];
		var rr = World.Irecv (back, Prev, 50);
		World.Ssend (m, 0, col, Next, 50);
		rr.Wait ();
		Assert.Equal (Prev * 1000.0, back[0], "after the refusals");
		World.Barrier ();
	}
}
