// LargeTypedTests: typed messages of more than 2 GiB of bytes -- a double[] and a double[,] through Send/Recv,
// Isend/Irecv and Bcast, and a part of an array that starts beyond 2 GiB.  The element counts fit an int; the byte
// counts do not, so a byte count or offset computed in 32 bits anywhere on the way would show as a wrong element.
// Runs at 2 ranks (tests/testlist-large, `make check-large`); each test holds ~2.1 GiB per rank, plus the
// sender's copy in the same process for the checks, ~4.2 GiB per rank at most.
using System;
using System.MP;
using System.Runtime.CompilerServices;

public static class LargeTypedTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (LargeTypedTests), args); }

	// 2 GiB + 16 MiB of doubles: 270,532,608 elements, 2,164,260,864 bytes (above INT_MAX = 2,147,483,647).
	const int N = (int) (((2L << 30) + (16 << 20)) / 8);
	const int Rows = 4, Cols = N / Rows;

	// Exact in a double for every i < 2^29; differs at every element and between the tests' stamps.
	static double At (long i, int stamp) { return i * 0.25 + stamp * 1e9; }

	static double[] Make (int stamp)
	{
		var a = new double[N];
		for (int i = 0; i < N; i++)
			a[i] = At (i, stamp);
		return a;
	}

	// Every element is compared, not a sample.
	static void Check (double[] a, int stamp, string what)
	{
		Assert.Equal (N, a.Length, what + ": length");
		for (int i = 0; i < N; i++)
			if (a[i] != At (i, stamp))
				throw new AssertionException (string.Format ("{0}: element {1} (byte {2}): expected {3}, got {4}", what, i, 8L * i, At (i, stamp), a[i]));
	}

	// Runs a test's body in a frame of its own, then collects, so that the next test starts with the arrays gone.
	static void Isolated (Action body)
	{
		Call (body);
		GC.Collect ();
		GC.WaitForPendingFinalizers ();
		GC.Collect ();
		MPI.COMM_WORLD.Barrier ();
	}

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void Call (Action body)
	{
		body ();
	}

	public static void SendAndRecvOfADoubleArrayOfMoreThan2GiB () { Isolated (SendAndRecvBody); }

	static void SendAndRecvBody ()
	{
		var w = MPI.COMM_WORLD;
		if (w.Rank == 0) {
			w.Send (Make (1), 1, 21);
		} else if (w.Rank == 1) {
			var a = new double[N];
			var st = new Status ();
			w.Recv (a, 0, 21, st);
			Assert.Equal (0, st.Source, "source");
			Assert.Equal (21, st.Tag, "tag");
			Assert.Equal (N, st.Get_count (typeof (double)), "element count of the message");
			Check (a, 1, "Recv");
		}
	}

	public static void IsendAndIrecvOfADoubleArrayOfMoreThan2GiB () { Isolated (IsendAndIrecvBody); }

	static void IsendAndIrecvBody ()
	{
		var w = MPI.COMM_WORLD;
		if (w.Rank == 1) {
			var r = w.Isend (Make (2), 0, 22);
			// A collection while the transfer is in flight must neither move nor free the buffer.
			GC.Collect ();
			r.Wait ();
		} else if (w.Rank == 0) {
			var a = new double[N];
			var r = w.Irecv (a, 1, 22);
			GC.Collect ();
			var st = new Status ();
			r.Wait (st);
			Assert.Equal (1, st.Source, "source");
			Assert.Equal (N, st.Get_count (typeof (double)), "element count of the message");
			Check (a, 2, "Irecv");
		}
	}

	public static void BcastOfADoubleArrayOfMoreThan2GiB () { Isolated (BcastBody); }

	static void BcastBody ()
	{
		var w = MPI.COMM_WORLD;
		int root = w.Size - 1;
		var a = w.Rank == root ? Make (3) : new double[N];
		w.Bcast (a, root);
		Check (a, 3, "Bcast at rank " + w.Rank);
	}

	public static void SendAndRecvOfADouble2DArrayOfMoreThan2GiB () { Isolated (TwoDimensionalBody); }

	static void TwoDimensionalBody ()
	{
		var w = MPI.COMM_WORLD;
		if (w.Rank == 0) {
			var m = new double[Rows, Cols];
			for (int r = 0; r < Rows; r++)
				for (int c = 0; c < Cols; c++)
					m[r, c] = At ((long) r * Cols + c, 4);
			w.Send (m, 1, 24);
		} else if (w.Rank == 1) {
			var m = new double[Rows, Cols];
			var st = new Status ();
			w.Recv (m, 0, 24, st);
			Assert.Equal (N, st.Get_count (typeof (double)), "element count of the message");
			for (int r = 0; r < Rows; r++)
				for (int c = 0; c < Cols; c++)
					if (m[r, c] != At ((long) r * Cols + c, 4))
						throw new AssertionException (string.Format ("Recv of double[,]: [{0},{1}]: expected {2}, got {3}", r, c, At ((long) r * Cols + c, 4), m[r, c]));
		}
	}

	// A part that starts beyond byte 2^31 of the array: offset * 8 overflows an int.
	public static void SendAndRecvOfAPartBeyond2GiB () { Isolated (PartBody); }

	static void PartBody ()
	{
		var w = MPI.COMM_WORLD;
		const int count = 1 << 20, offset = N - count - 5;
		if (w.Rank == 0) {
			w.Send (Make (5), offset, count, 1, 25);
		} else if (w.Rank == 1) {
			var a = new double[N];
			w.Recv (a, offset, count, 0, 25, null);
			for (int i = 0; i < N; i++) {
				double want = i >= offset && i < offset + count ? At (i, 5) : 0;
				if (a[i] != want)
					throw new AssertionException (string.Format ("Recv of a part at element {0}: element {1}: expected {2}, got {3}", offset, i, want, a[i]));
			}
		}
	}

	// A whole array of more than INT_MAX elements (a byte[,], 46,341^2 = 2,147,488,281 of them): no MPI count
	// holds it.  Refused on the rank that passes it, with the way out in the message; a part of it, by offset and
	// count, still travels.
	public static void AWholeArrayOfMoreThanIntMaxElementsIsRefused () { Isolated (BigWholeBody); }

	static void BigWholeBody ()
	{
		var w = MPI.COMM_WORLD;
		const int side = 46341, count = 16, offset = int.MaxValue - count;
		var m = new byte[side, side];
		if (w.Rank == 0) {
			var e = Assert.Throws<ArgumentOutOfRangeException> (() => w.Send (m, 1, 26), "Send of the whole array");
			Assert.Contains ("in parts", e.Message);
			Assert.Throws<ArgumentOutOfRangeException> (() => w.Isend (m, 1, 26), "Isend of the whole array");
			for (int i = 0; i < count; i++)
				m[(offset + i) / side, (offset + i) % side] = (byte) (i + 1);
			w.Send (m, offset, count, 1, 26);
		} else if (w.Rank == 1) {
			Assert.Throws<ArgumentOutOfRangeException> (() => w.Recv (m, 0, 26, null), "Recv into the whole array");
			w.Recv (m, offset, count, 0, 26, null);
			for (int i = 0; i < count; i++)
				Assert.Equal ((byte) (i + 1), m[(offset + i) / side, (offset + i) % side], "element " + (offset + i));
		}
	}
}
