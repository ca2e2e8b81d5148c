// FileTests: parallel I/O (MPI.File) on managed buffers.  Every operation is checked element by element against
// values that depend on the writing rank and the position, so a block in the wrong place, a short read or a stale
// buffer shows.  Views with int, double and struct etypes; offsets in etypes; reads past the end; non-blocking reads
// and writes with collections running while they are in flight; dropped requests and files; and every refusal,
// with the rank (and for collectives every rank) usable afterwards; the shared file pointer and the ordered forms.
// Runs at 1, 2, 3 and 4 ranks.
using System;
using System.IO;
using System.Linq;
using System.MP;
using System.Runtime.InteropServices;

public static class FileTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (FileTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Last { get { return Size - 1; } }

	const int N = 37; // elements per rank: not a power of two, so an off-by-a-block shows

	static int V (int r, int i) { return r * 100000 + i + 1; }
	static double D (int r, int i) { return r * 1000.5 + i * 0.25 + 1; }

	[StructLayout (LayoutKind.Sequential)]
	public struct Rec
	{
		public int A;
		public double B;
		public short C;
	}

	static Rec R (int r, int i) { return new Rec { A = V (r, i), B = D (r, i), C = (short) (r * 7 + i) }; }

	// A path every rank agrees on: rank 0's process id, broadcast once, and the test's name.
	static int pid = -1;
	static string PathFor (string name)
	{
		if (pid < 0) {
			var p = new[] { System.Diagnostics.Process.GetCurrentProcess ().Id };
			World.Bcast (p, 0);
			pid = p[0];
		}
		string path = "/tmp/motor-filetests-" + pid + "-" + name;
		World.Barrier ();
		if (Rank == 0 && System.IO.File.Exists (path))
			System.IO.File.Delete (path);
		World.Barrier ();
		return path;
	}

	static void Cleanup (string path)
	{
		World.Barrier ();
		if (Rank == 0 && System.IO.File.Exists (path))
			System.IO.File.Delete (path);
	}

	// The ranks are still usable: a collective gives the right answer.
	static void StillUsable (string what)
	{
		var s = new int[1];
		World.Allreduce (new[] { Rank + 1 }, s, Op.SUM);
		Assert.Equal (Size * (Size + 1) / 2, s[0], what + ": Allreduce afterwards");
	}

	static int[] Block (int r) { return Enumerable.Range (0, N).Select (i => V (r, i)).ToArray (); }

	static void CheckAllBlocks (int[] all, string what)
	{
		Assert.Equal (Size * N, all.Length, what + ": length");
		for (int r = 0; r < Size; r++)
			for (int i = 0; i < N; i++)
				Assert.Equal (V (r, i), all[r * N + i], what + ": rank " + r + "'s element " + i);
	}

	// Every rank writes its block collectively at `offset` (its place in the file's view) and reads every block back:
	// the file is usable, on every rank.
	static void WriteAndReadEveryBlock (MPI.File f, long offset, string what)
	{
		f.Write_at_all (offset, Block (Rank));
		f.Sync ();
		World.Barrier ();
		f.Sync ();
		var all = new int[Size * N];
		f.Read_at_all (0, all);
		CheckAllBlocks (all, what);
	}

	public static void WriteAtAllThenReadAtAllReadsEveryRanksBlock ()
	{
		string path = PathFor ("at-all");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			Assert.Equal (N, f.Write_at_all ((long) Rank * N * 4, Block (Rank)), "elements written");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			Assert.Equal ((long) Size * N * 4, f.Get_size (), "file size");
			// Each rank reads its right neighbour's block, then the whole file.
			int peer = (Rank + 1) % Size;
			var mine = new int[N];
			Assert.Equal (N, f.Read_at_all ((long) peer * N * 4, mine), "elements read");
			Assert.SequenceEqual (Block (peer), mine, "neighbour's block");
			var all = new int[Size * N];
			Assert.Equal (Size * N, f.Read_at_all (0, all), "elements of the whole file");
			CheckAllBlocks (all, "whole file");
		}
		Cleanup (path);
	}

	public static void WriteAtAndReadAtMoveBytesAtByteOffsets ()
	{
		string path = PathFor ("at");
		var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR);
		var bytes = Enumerable.Range (0, N).Select (i => (byte) (Rank * 31 + i)).ToArray ();
		Assert.Equal (N, f.Write_at ((long) Rank * N, bytes), "bytes written");
		f.Sync ();
		World.Barrier ();
		f.Sync ();
		var all = new byte[Size * N];
		Assert.Equal (Size * N, f.Read_at (0, all), "bytes read");
		for (int r = 0; r < Size; r++)
			for (int i = 0; i < N; i++)
				Assert.Equal ((byte) (r * 31 + i), all[r * N + i], "byte " + i + " of rank " + r);
		f.Close ();
		f.Close (); // a second Close does nothing
		Cleanup (path);
	}

	public static void IndividualPointerAdvancesPastEachWriteAndRead ()
	{
		string path = PathFor ("pointer");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			long disp = (long) Rank * 2 * N * 8;
			f.Set_view (disp, typeof (double));
			var a = Enumerable.Range (0, N).Select (i => D (Rank, i)).ToArray ();
			var b = Enumerable.Range (0, N).Select (i => -D (Rank, i)).ToArray ();
			Assert.Equal (N, f.Write (a), "first write");
			Assert.Equal (N, f.Write (b), "second write");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Set_view (disp, typeof (double)); // resets the pointer
			var c = new double[N];
			var d = new double[N];
			Assert.Equal (N, f.Read (c), "first read");
			Assert.Equal (N, f.Read (d), "second read");
			Assert.SequenceEqual (a, c, "first block");
			Assert.SequenceEqual (b, d, "second block");
			if (Rank == Last)
				Assert.Equal (0, f.Read (d), "a read at the end of the file");
		}
		Cleanup (path);
	}

	// Seek moves the individual file pointer in etypes of the view, from the start, the pointer or the end;
	// Get_position and Get_byte_offset report it; Read and Write then work from there.
	public static void SeekMovesTheIndividualPointerInEtypes ()
	{
		string path = PathFor ("seek");
		const int disp = 8;
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			// Every rank has its own view of the same ints, from byte 8.
			f.Set_view (disp, typeof (int));
			if (Rank == 0)
				f.Write_at (0, Enumerable.Range (0, 100).ToArray ());
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			Assert.Equal (0L, f.Get_position (), "the pointer after Set_view");
			int at = 10 + Rank;
			f.Seek (at, MPI.SEEK_SET);
			Assert.Equal ((long) at, f.Get_position (), "after SEEK_SET");
			Assert.Equal ((long) disp + 4 * at, f.Get_byte_offset (at), "the byte offset of the position");
			var two = new int[2];
			Assert.Equal (2, f.Read (two), "a read at the pointer");
			Assert.SequenceEqual (new[] { at, at + 1 }, two, "the ints read after SEEK_SET");
			f.Seek (-5, MPI.SEEK_CUR);
			Assert.Equal ((long) at - 3, f.Get_position (), "after SEEK_CUR back");
			Assert.Equal (2, f.Read (two), "a read after SEEK_CUR");
			Assert.SequenceEqual (new[] { at - 3, at - 2 }, two, "the ints read after SEEK_CUR");
			f.Seek (-3, MPI.SEEK_END);
			Assert.Equal (97L, f.Get_position (), "3 before the end of 100 ints");
			var rest = new int[10];
			Assert.Equal (3, f.Read (rest), "a read that meets the end");
			Assert.SequenceEqual (new[] { 97, 98, 99 }, rest.Take (3), "the last three ints");
			f.Seek (0, MPI.SEEK_END);
			Assert.Equal (100L, f.Get_position (), "at the end");
			Assert.Equal (0, f.Read (rest), "a read at the end");
			f.Seek (5, MPI.SEEK_END);
			Assert.Equal (105L, f.Get_position (), "past the end is allowed");
			// A refused seek leaves the pointer where it was.
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Seek (-1, MPI.SEEK_SET), "before the start of the view");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Seek (-106, MPI.SEEK_CUR), "SEEK_CUR before the start");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Seek (-101, MPI.SEEK_END), "SEEK_END before the start");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Seek (long.MaxValue, MPI.SEEK_CUR), "past the largest position");
			Assert.Throws<ArgumentException> (() => f.Seek (0, 7), "a bad whence");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Get_byte_offset (-1), "a negative position");
			Assert.Equal (105L, f.Get_position (), "the pointer after the refusals");
			// A write at the pointer, then the view of bytes: the int landed where the pointer was.
			World.Barrier ();
			if (Rank == 0) {
				f.Seek (-2, MPI.SEEK_END);
				Assert.Equal (1, f.Write (new[] { -7 }), "a write at the pointer");
			}
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			var back = new int[1];
			Assert.Equal (1, f.Read_at (98, back), "the int written at the pointer");
			Assert.Equal (-7, back[0], "its value");
			// A partial etype at the end counts as one: SEEK_END rounds up.
			f.Set_view (disp + 2, typeof (int));
			f.Seek (0, MPI.SEEK_END);
			Assert.Equal (100L, f.Get_position (), "the end of a view whose last int is cut short");
		}
		StillUsable ("Seek");
		Cleanup (path);
	}

	// The default view counts bytes from the start of the file.
	public static void SeekWithoutAViewCountsBytes ()
	{
		string path = PathFor ("seekbytes");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			if (Rank == 0)
				f.Write_at (0, Enumerable.Range (0, 40).Select (i => (byte) i).ToArray ());
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Seek (-4, MPI.SEEK_END);
			Assert.Equal (36L, f.Get_position (), "4 bytes before the end");
			Assert.Equal (36L, f.Get_byte_offset (36), "positions are bytes");
			var b = new byte[4];
			Assert.Equal (4, f.Read (b), "the last bytes");
			Assert.SequenceEqual (new byte[] { 36, 37, 38, 39 }, b, "their values");
		}
		Cleanup (path);
	}

	public static void SeekOnASequentialFileOrAClosedOneIsRefused ()
	{
		string path = PathFor ("seekseq");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_WRONLY | MPI.MODE_SEQUENTIAL)) {
			var e = Assert.Throws<NotSupportedException> (() => f.Seek (0, MPI.SEEK_SET), "Seek on a MODE_SEQUENTIAL file");
			Assert.Contains (path, e.Message, "names the path");
		}
		var g = MPI.File.Open (World, path, MPI.MODE_RDWR);
		g.Close ();
		Assert.Throws<ObjectDisposedException> (() => g.Seek (0, MPI.SEEK_SET), "Seek");
		Assert.Throws<ObjectDisposedException> (() => g.Get_position (), "Get_position");
		Assert.Throws<ObjectDisposedException> (() => g.Get_byte_offset (0), "Get_byte_offset");
		StillUsable ("Seek refusals");
		Cleanup (path);
	}

	// Iwrite and Iread at the individual file pointer: it advances at the call, so two posted one after the other
	// land one after the other; a read that meets the end of the file is cut there, and the pointer moves only past
	// what it reads.
	public static void NonBlockingReadsAndWritesAtTheIndividualPointer ()
	{
		string path = PathFor ("ipointer");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view ((long) Rank * 2 * N * 4, typeof (int));
			int[] a = Block (Rank), b = Block (Rank).Select (x => -x).ToArray ();
			var st = new Status ();
			Request w1 = f.Iwrite (a);
			Assert.Equal ((long) N, f.Get_position (), "the pointer after the first Iwrite");
			Request w2 = f.Iwrite (b, 0, N);
			Assert.Equal (2L * N, f.Get_position (), "the pointer after the second Iwrite");
			w1.Wait (st);
			Assert.Equal (N, st.Get_count (typeof (int)), "elements of the first Iwrite");
			w2.Wait (st);
			Assert.Equal (N, st.Get_count (typeof (int)), "elements of the second Iwrite");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Seek (0, MPI.SEEK_SET);
			var c = new int[N];
			var d = new int[N + 5];
			Request r1 = f.Iread (c);
			Request r2 = f.Iread (d, 2, N);
			Assert.Equal (2L * N, f.Get_position (), "the pointer after two Ireads");
			r1.Wait (st);
			Assert.Equal (N, st.Get_count (typeof (int)), "elements of the first Iread");
			r2.Wait (st);
			Assert.Equal (N, st.Get_count (typeof (int)), "elements of the second Iread");
			Assert.SequenceEqual (a, c, "the first block");
			Assert.SequenceEqual (b, d.Skip (2).Take (N), "the second block, from element 2");
			Assert.SequenceEqual (new[] { 0, 0, 0, 0, 0 }, d.Take (2).Concat (d.Skip (N + 2)), "the elements around it");
			if (Rank == Last) {
				f.Seek (-3, MPI.SEEK_END);
				Request r3 = f.Iread (d);
				Assert.Equal (2L * N, f.Get_position (), "the pointer after a read cut at the end");
				r3.Wait (st);
				Assert.Equal (3, st.Get_count (typeof (int)), "elements of a read that meets the end");
				Assert.SequenceEqual (b.Skip (N - 3), d.Take (3), "the last three ints");
			}
		}
		using (var g = MPI.File.Open (World, path, MPI.MODE_WRONLY)) {
			Assert.Throws<UnauthorizedAccessException> (() => g.Iread (new int[1]), "Iread of a write-only file");
			Assert.Equal (0L, g.Get_position (), "the pointer after the refusal");
		}
		StillUsable ("Iread and Iwrite");
		Cleanup (path);
	}

	public static void WriteAllAndReadAllUseEachRanksView ()
	{
		string path = PathFor ("all");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view ((long) Rank * N * 4, typeof (int));
			Assert.Equal (N, f.Write_all (Block (Rank)), "Write_all");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Set_view ((long) ((Rank + 1) % Size) * N * 4, typeof (int));
			var got = new int[N];
			Assert.Equal (N, f.Read_all (got), "Read_all");
			Assert.SequenceEqual (Block ((Rank + 1) % Size), got, "neighbour's block through the view");
		}
		Cleanup (path);
	}

	public static void IntViewCountsOffsetsInIntsFromTheDisplacement ()
	{
		string path = PathFor ("intview");
		const int disp = 12;
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (disp, typeof (int));
			f.Write_at_all ((long) Rank * N, Block (Rank));
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			// Under the default view again: bytes from the start of the file.
			f.Set_view (0, typeof (byte));
			var raw = new byte[disp + Size * N * 4];
			Assert.Equal (raw.Length, f.Read_at_all (0, raw), "bytes of the whole file");
			for (int k = 0; k < disp; k++)
				Assert.Equal ((byte) 0, raw[k], "byte " + k + " before the displacement");
			var all = new int[Size * N];
			Buffer.BlockCopy (raw, disp, all, 0, all.Length * 4);
			CheckAllBlocks (all, "ints after the displacement");
		}
		Cleanup (path);
	}

	public static void DoubleViewReadsAtElementOffsets ()
	{
		string path = PathFor ("doubleview");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (8, typeof (double));
			var mine = Enumerable.Range (0, N).Select (i => D (Rank, i)).ToArray ();
			f.Write_at_all ((long) Rank * N, mine);
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			// The last 5 elements of the next rank's block and the first 3 of the one after, in one read.
			int r = (Rank + 1) % Size;
			var got = new double[8];
			int n = f.Read_at_all ((long) r * N + N - 5, got);
			int expect = r == Last ? 5 : 8;
			Assert.Equal (expect, n, "elements read (short at the end of the file)");
			for (int i = 0; i < expect; i++) {
				int rr = i < 5 ? r : r + 1, ii = i < 5 ? N - 5 + i : i - 5;
				Assert.Equal (D (rr, ii), got[i], "element " + i);
			}
			for (int i = expect; i < 8; i++)
				Assert.Equal (0.0, got[i], "element " + i + " past the end untouched");
		}
		Cleanup (path);
	}

	public static void StructViewWritesAndReadsWholeRecords ()
	{
		string path = PathFor ("structview");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (Rec));
			var mine = Enumerable.Range (0, N).Select (i => R (Rank, i)).ToArray ();
			Assert.Equal (N, f.Write_at_all ((long) Rank * N, mine), "records written");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			var all = new Rec[Size * N];
			Assert.Equal (Size * N, f.Read_at_all (0, all), "records read");
			for (int r = 0; r < Size; r++)
				for (int i = 0; i < N; i++) {
					Rec e = R (r, i), g = all[r * N + i];
					Assert.True (e.A == g.A && e.B == g.B && e.C == g.C, "record " + i + " of rank " + r);
				}
			int size = Marshal.SizeOf (typeof (Rec));
			Assert.Equal ((long) Size * N * size, f.Get_size (), "file size in bytes");
		}
		Cleanup (path);
	}

	public static void OffsetCountFormsTouchOnlyTheirElements ()
	{
		string path = PathFor ("offcount");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			var src = Block (Rank);
			// Elements 5..14 of src at element Rank*10 of the file.
			Assert.Equal (10, f.Write_at_all ((long) Rank * 10, src, 5, 10), "Write_at_all of a slice");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			int r = (Rank + 1) % Size;
			var dst = Enumerable.Repeat (-1, 20).ToArray ();
			Assert.Equal (10, f.Read_at ((long) r * 10, dst, 3, 10), "Read_at into a slice");
			for (int i = 0; i < 20; i++)
				Assert.Equal (i >= 3 && i < 13 ? V (r, i - 3 + 5) : -1, dst[i], "element " + i);
			var dst2 = Enumerable.Repeat (-1, 20).ToArray ();
			Assert.Equal (4, f.Read_at_all ((long) r * 10 + 2, dst2, 16, 4), "Read_at_all into the tail");
			for (int i = 0; i < 20; i++)
				Assert.Equal (i >= 16 ? V (r, i - 16 + 7) : -1, dst2[i], "element " + i + " (tail)");
			// The individual-pointer forms with a slice.
			f.Set_view ((long) Rank * 10 * 4, typeof (int));
			var w = Enumerable.Repeat (-1, 6).ToArray ();
			Assert.Equal (3, f.Read (w, 2, 3), "Read of a slice");
			Assert.SequenceEqual (new[] { -1, -1, V (Rank, 5), V (Rank, 6), V (Rank, 7), -1 }, w, "Read slice");
			Assert.Equal (2, f.Read_all (w, 0, 2), "Read_all of a slice continues at the pointer");
			Assert.SequenceEqual (new[] { V (Rank, 8), V (Rank, 9), V (Rank, 5), V (Rank, 6), V (Rank, 7), -1 }, w, "Read_all slice");
		}
		Cleanup (path);
	}

	public static void MultiDimensionalArraysAreWrittenAndReadWhole ()
	{
		string path = PathFor ("multidim");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			var a = new double[3, 5];
			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 5; j++)
					a[i, j] = D (Rank, i * 5 + j);
			Assert.Equal (15, f.Write_at_all ((long) Rank * 15 * 8, a), "elements of a double[3,5]");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			int r = (Rank + Size - 1) % Size;
			var b = new double[3, 5];
			Assert.Equal (15, f.Read_at_all ((long) r * 15 * 8, b), "elements read");
			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 5; j++)
					Assert.Equal (D (r, i * 5 + j), b[i, j], "element [" + i + "," + j + "]");
			// Row 1 alone, with offset/count over the flattened array.
			var c = new double[3, 5];
			Assert.Equal (5, f.Read_at ((long) r * 15 * 8 + 5 * 8, c, 5, 5), "one row");
			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 5; j++)
					Assert.Equal (i == 1 ? D (r, 5 + j) : 0.0, c[i, j], "element [" + i + "," + j + "] of the row read");
		}
		Cleanup (path);
	}

	public static void ReadsAtOrPastTheEndReturnZeroAndShortReadsTheRest ()
	{
		string path = PathFor ("pastend");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			if (Rank == 0)
				f.Write_at (0, Enumerable.Range (1, 10).ToArray ());
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			var buf = Enumerable.Repeat (-7, 5).ToArray ();
			Assert.Equal (2, f.Read_at (8 * 4, buf), "a read across the end");
			Assert.SequenceEqual (new[] { 9, 10, -7, -7, -7 }, buf, "what a short read leaves");
			Assert.Equal (0, f.Read_at (10 * 4, buf), "a read at the end");
			Assert.Equal (0, f.Read_at (1 << 20, buf), "a read far past the end");
			Assert.SequenceEqual (new[] { 9, 10, -7, -7, -7 }, buf, "untouched by reads past the end");
			// A collective read past the end reads nothing, but MPICH's ROMIO may clear the buffer.
			Assert.Equal (0, f.Read_at_all (1000 + Rank, buf), "a collective read past the end");
			for (int i = 0; i < 5; i++)
				Assert.True (buf[i] == new[] { 9, 10, -7, -7, -7 }[i] || buf[i] == 0, "element " + i + " after a collective read past the end");
			// A file that ends inside an element: whole elements only.
			var longs = new long[3];
			Assert.Equal (1, f.Read_at (7 * 4, longs), "longs across the end (12 bytes left: one whole long)");
		}
		Cleanup (path);
	}

	// Under a view whose etype (int) is larger than the buffer's element (byte), a read across the end reads the
	// whole etypes the file holds, a collective one where only some ranks cross the end included; a block that is
	// not whole etypes is refused before MPI is called, on every rank of a collective.
	public static void ReadsUnderALargerEtypeMoveWholeEtypes ()
	{
		string path = PathFor ("wholeetypes");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			if (Rank == 0)
				f.Write_at (0, Enumerable.Range (1, 10).Select (i => (byte) i).ToArray ()); // 2.5 ints
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Set_view (0, typeof (int));
			var b = new byte[8];
			Assert.Equal (4, f.Read_at (1, b), "Read_at of two ints from int 1: one whole int before the end");
			Assert.SequenceEqual (new byte[] { 5, 6, 7, 8, 0, 0, 0, 0 }, b, "Read_at's bytes");
			Array.Clear (b, 0, 8);
			f.Seek (1, MPI.SEEK_SET);
			Assert.Equal (4, f.Read (b), "Read at the individual pointer");
			Assert.Equal (2L, f.Get_position (), "the pointer moved by the int read");
			Array.Clear (b, 0, 8);
			// Rank 0 crosses the end, the others read within the file: ROMIO's collective refused rank 0's part
			// alone, which left the others waiting in it.
			int at = Rank == 0 ? 1 : 0;
			Assert.Equal (Rank == 0 ? 4 : 8, f.Read_at_all (at, b), "Read_at_all");
			Assert.SequenceEqual (Rank == 0 ? new byte[] { 5, 6, 7, 8, 0, 0, 0, 0 } : new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 }, b,
			                      "Read_at_all's bytes");
			Array.Clear (b, 0, 8);
			Request r = f.Iread_at (1, b);
			r.Wait ();
			Assert.SequenceEqual (new byte[] { 5, 6, 7, 8, 0, 0, 0, 0 }, b, "Iread_at's bytes");
			var e = Assert.Throws<ArgumentException> (() => f.Read_at (0, b, 0, 3), "Read_at of 3 bytes");
			Assert.Contains ("whole number of the view's etypes", e.Message, "the refusal says why");
			Assert.Throws<ArgumentException> (() => f.Iwrite_at (0, b, 0, 6), "Iwrite_at of 6 bytes");
			// One rank's block is not whole ints: every rank refuses, and the file stays usable.
			if (Rank == Last)
				Assert.Throws<ArgumentException> (() => f.Read_at_all (0, b, 0, 5), "Read_at_all of 5 bytes");
			else
				Assert.Throws<InvalidOperationException> (() => f.Read_at_all (0, b, 0, 4), "Read_at_all beside a refusal");
			Assert.Equal (4, f.Read_at_all (0, b, 0, 4), "Read_at_all after the refusal");
		}
		Cleanup (path);
	}

	// Read_ordered under a view of double with byte buffers: each rank's place counts the lower ranks' blocks in
	// etypes (it counted them in bytes, and most ranks read nothing).
	public static void ReadOrderedUnderALargerEtypeCountsInEtypes ()
	{
		string path = PathFor ("orderedetypes");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			if (Rank == 0)
				f.Write_at (0, Enumerable.Range (0, 8 * (Size + 1)).Select (i => (byte) i).ToArray ()); // Size + 1 doubles
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Set_view (0, typeof (double));
			var b = new byte[8];
			Assert.Equal (8, f.Read_ordered (b), "Read_ordered of one double each");
			Assert.SequenceEqual (Enumerable.Range (8 * Rank, 8).Select (i => (byte) i).ToArray (), b, "this rank's double");
			Assert.Equal ((long) Size, f.Get_position_shared (), "the shared pointer past every rank's double");
			World.Barrier ();
			// Under the default view (etype byte) with int buffers: the pointer stops at the end.
			f.Set_view (0, typeof (byte));
			f.Seek_shared (0, MPI.SEEK_SET);
			var all = new int[2 * (Size + 1)];
			int n = f.Read_ordered (all);
			Assert.Equal (Rank == 0 ? all.Length : 0, n, "only rank 0 finds data: it reads the whole file");
			Assert.Equal ((long) (8 * (Size + 1)), f.Get_position_shared (), "the shared pointer stops at the end");
			World.Barrier ();
		}
		Cleanup (path);
	}

	public static void SetSizeTruncatesAndExtendsPreallocateGrows ()
	{
		string path = PathFor ("size");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			Assert.Equal (0L, f.Get_size (), "a new file");
			f.Set_size (1000);
			Assert.Equal (1000L, f.Get_size (), "after Set_size(1000)");
			f.Set_size (10);
			Assert.Equal (10L, f.Get_size (), "after Set_size(10)");
			f.Preallocate (4096);
			Assert.True (f.Get_size () >= 4096, "Preallocate(4096) grows the file to at least 4096 bytes, got " + f.Get_size ());
			f.Set_size (0);
			Assert.Equal (0L, f.Get_size (), "after Set_size(0)");
			Assert.Equal (path, f.Path, "Path");
		}
		Cleanup (path);
	}

	static void Storm ()
	{
		for (int k = 0; k < 3; k++) {
			var junk = new object[2000];
			for (int i = 0; i < junk.Length; i++)
				junk[i] = new int[i % 50 + 1];
			GC.Collect (k % 2);
		}
	}

	public static void NonBlockingWritesAndReadsSurviveGcStorms ()
	{
		string path = PathFor ("nonblocking");
		const int M = 40, L = 25; // M small arrays (movable) of L ints, plus one large one
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			long baseOff = (long) Rank * (M * L + 5000) * 4;
			var reqs = new Request[M + 1];
			for (int k = 0; k < M; k++) {
				var a = new int[L];
				for (int i = 0; i < L; i++)
					a[i] = V (Rank, k * L + i);
				reqs[k] = f.Iwrite_at (baseOff + (long) k * L * 4, a);
				if (k % 8 == 0)
					Storm ();
			}
			var big = Enumerable.Range (0, 5000).Select (i => V (Rank, M * L + i)).ToArray ();
			reqs[M] = f.Iwrite_at (baseOff + (long) M * L * 4, big);
			Storm ();
			var st = new Status ();
			for (int k = 0; k <= M; k++) {
				reqs[k].Wait (st);
				Assert.Equal (k < M ? L : 5000, st.Get_count (typeof (int)), "elements written by Iwrite_at " + k);
			}
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			int r = (Rank + 1) % Size;
			long rOff = (long) r * (M * L + 5000) * 4;
			var bufs = new int[M][];
			for (int k = 0; k < M; k++) {
				bufs[k] = new int[L + 2];
				reqs[k] = f.Iread_at (rOff + (long) k * L * 4, bufs[k], 1, L);
				if (k % 8 == 0)
					Storm ();
			}
			var big2 = new int[5000];
			reqs[M] = f.Iread_at (rOff + (long) M * L * 4, big2);
			Storm ();
			for (int k = 0; k <= M; k++) {
				reqs[k].Wait (st);
				Assert.Equal (k < M ? L : 5000, st.Get_count (typeof (int)), "elements read by Iread_at " + k);
			}
			for (int k = 0; k < M; k++) {
				Assert.Equal (0, bufs[k][0], "slice " + k + ": element before");
				Assert.Equal (0, bufs[k][L + 1], "slice " + k + ": element after");
				for (int i = 0; i < L; i++)
					Assert.Equal (V (r, k * L + i), bufs[k][i + 1], "array " + k + " element " + i);
			}
			for (int i = 0; i < 5000; i++)
				Assert.Equal (V (r, M * L + i), big2[i], "large array element " + i);
			// A read past the end completes with no elements.
			var past = f.Iread_at (1L << 30, new int[4]);
			past.Wait (st);
			Assert.Equal (0, st.Get_count (typeof (int)), "Iread_at past the end");
			Assert.Throws<NotSupportedException> (() => f.Iread_at (0, new int[1]).Cancel (), "Cancel of a file request");
		}
		Cleanup (path);
	}

	public static void DroppedRequestsCompleteAndCloseFinishesTheRest ()
	{
		string path = PathFor ("dropped-requests");
		var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR);
		long off = (long) Rank * 64 * 30 * 4;
		for (int k = 0; k < 64; k++) {
			var a = Enumerable.Range (0, 30).Select (i => V (Rank, k * 30 + i)).ToArray ();
			f.Iwrite_at (off + (long) k * 30 * 4, a); // dropped
			if (k % 16 == 0)
				Storm ();
		}
		Storm ();
		f.Close (); // completes whatever the collector did not
		using (var g = MPI.File.Open (World, path, MPI.MODE_RDONLY)) {
			var all = new int[64 * 30];
			int r = (Rank + 1) % Size;
			Assert.Equal (all.Length, g.Read_at_all ((long) r * 64 * 30 * 4, all), "elements read back");
			for (int i = 0; i < all.Length; i++)
				Assert.Equal (V (r, i), all[i], "element " + i);
		}
		Cleanup (path);
	}

	// The dropped file stays open (no finalizer closes it from the finalizer thread); MPI_Finalize closes it when
	// the program ends, on every rank in the same order.  A hang there fails the run by timeout.
	public static void DroppedFileStaysUsableUntilFinalizeClosesIt ()
	{
		string path = PathFor ("dropped-file");
		Drop (path);
		GC.Collect ();
		GC.WaitForPendingFinalizers ();
		GC.Collect ();
		using (var g = MPI.File.Open (World, path, MPI.MODE_RDONLY)) {
			var got = new int[N];
			Assert.Equal (N, g.Read_at_all ((long) Rank * N * 4, got), "elements the dropped file wrote");
			Assert.SequenceEqual (Block (Rank), got, "block");
		}
		// The file is deleted when the job ends (MODE_DELETE_ON_CLOSE of a second, also dropped, handle).
		MPI.File.Open (World, path, MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE).Write_at_all (0, new byte[0]);
	}

	static void Drop (string path)
	{
		var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR);
		f.Write_at_all ((long) Rank * N * 4, Block (Rank));
		f.Sync ();
		World.Barrier ();
	}

	public static void DeleteRemovesTheFileAndRefusesAMissingOne ()
	{
		string path = PathFor ("delete");
		MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_WRONLY).Close ();
		World.Barrier ();
		if (Rank == 0) {
			Assert.True (System.IO.File.Exists (path), "the file exists before Delete");
			MPI.File.Delete (path);
			Assert.True (!System.IO.File.Exists (path), "the file is gone after Delete");
			var e = Assert.Throws<FileNotFoundException> (() => MPI.File.Delete (path), "Delete of a missing file");
			Assert.Contains (path, e.Message, "the message names the path");
		}
		Assert.Throws<ArgumentNullException> (() => MPI.File.Delete (null), "Delete(null)");
		StillUsable ("Delete");
	}

	public static void OpenMissingFileRaisesFileNotFoundNamingThePath ()
	{
		string path = PathFor ("missing");
		var e = Assert.Throws<FileNotFoundException> (() => MPI.File.Open (World, path, MPI.MODE_RDONLY), "Open of a missing file");
		Assert.Contains (path, e.Message, "the message names the path");
		StillUsable ("missing file");
	}

	public static void OpenInMissingDirectoryRaisesDirectoryNotFound ()
	{
		string path = PathFor ("no-such-dir") + "/sub/file";
		var e = Assert.Throws<DirectoryNotFoundException> (() => MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_WRONLY),
			"Open in a missing directory");
		Assert.Contains (path, e.Message, "the message names the path");
		StillUsable ("missing directory");
	}

	// Tests run as root, whom file permissions do not stop; sysfs refuses to create files even to root.
	public static void OpenWithoutPermissionRaisesUnauthorizedAccess ()
	{
		string path = "/sys/motor-filetests-denied";
		if (!Directory.Exists ("/sys/kernel")) {
			Console.WriteLine ("# skipped OpenWithoutPermissionRaisesUnauthorizedAccess: no sysfs to refuse the access");
			return;
		}
		var e = Assert.Throws<UnauthorizedAccessException> (() => MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_WRONLY),
			"Open where creating is not permitted");
		Assert.Contains (path, e.Message, "the message names the path");
		StillUsable ("permission");
	}

	public static void OpenWithABadModeRaisesArgumentException ()
	{
		string path = PathFor ("badmode");
		foreach (int mode in new[] { 0, MPI.MODE_RDONLY | MPI.MODE_CREATE, MPI.MODE_RDONLY | MPI.MODE_WRONLY,
		                             MPI.MODE_RDWR | MPI.MODE_SEQUENTIAL, MPI.MODE_RDWR | 4096, MPI.MODE_RDONLY | MPI.MODE_EXCL }) {
			var e = Assert.Throws<ArgumentException> (() => MPI.File.Open (World, path, mode), "mode " + mode);
			Assert.Contains (path, e.Message, "the message names the path");
			Assert.Equal ("amode", e.ParamName, "the parameter");
		}
		StillUsable ("bad mode");
	}

	public static void OpenExclusiveOfAnExistingFileRaisesIOException ()
	{
		string path = PathFor ("excl");
		MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_WRONLY).Close ();
		var e = Assert.Throws<IOException> (() => MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_EXCL | MPI.MODE_WRONLY),
			"MODE_EXCL on an existing file");
		Assert.Contains (path, e.Message, "the message names the path");
		StillUsable ("MODE_EXCL");
		Cleanup (path);
	}

	public static void OpenRefusedOnOneRankRaisesInvalidOperationOnTheOthers ()
	{
		string path = PathFor ("refused-open");
		Action open = () => MPI.File.Open (World, Rank == Last ? null : path, MPI.MODE_CREATE | MPI.MODE_RDWR);
		if (Rank == Last) {
			Assert.Throws<ArgumentNullException> (open, "Open(null) on the refusing rank");
		} else {
			var e = Assert.Throws<InvalidOperationException> (open, "Open on rank " + Rank);
			Assert.Contains ("rank " + Last + " refused", e.Message, "names the refusing rank");
		}
		// The same with a bad mode on the last rank only.
		Action open2 = () => MPI.File.Open (World, path, Rank == Last ? 0 : MPI.MODE_CREATE | MPI.MODE_RDWR);
		if (Rank == Last)
			Assert.Throws<ArgumentException> (open2, "Open with a bad mode on the refusing rank");
		else
			Assert.Throws<InvalidOperationException> (open2, "Open on rank " + Rank);
		World.Barrier ();
		Assert.True (Size > 1 || !System.IO.File.Exists (path), "no rank created the file");
		StillUsable ("refused Open");
	}

	public static void OpenWithDifferentPathsOrModesIsRefusedEverywhere ()
	{
		if (Size == 1)
			return;
		string path = PathFor ("different");
		var e = Assert.Throws<ArgumentException> (() => MPI.File.Open (World, Rank == Last ? path + "-x" : path,
			MPI.MODE_CREATE | MPI.MODE_RDWR), "different paths");
		Assert.Contains ("different paths", e.Message, "says why");
		Assert.Throws<ArgumentException> (() => MPI.File.Open (World, path,
			MPI.MODE_CREATE | (Rank == Last ? MPI.MODE_WRONLY : MPI.MODE_RDWR)), "different modes");
		World.Barrier ();
		Assert.True (!System.IO.File.Exists (path) && !System.IO.File.Exists (path + "-x"), "no rank created a file");
		StillUsable ("different paths");
	}

	// An open the MPI library fails on one rank only (simulated: native-mpi/file.c, MOTOR_TEST_FILE_OPEN_FAILS)
	// raises the library's error there and InvalidOperationException on the others; nobody waits for a rank that
	// has no file, and the next open works everywhere.
	public static void OpenFailingOnOneRankOnlyStrandsNoRank ()
	{
		string path = PathFor ("fails-on-one");
		Environment.SetEnvironmentVariable ("MOTOR_TEST_FILE_OPEN_FAILS", Last.ToString ());
		try {
			Action open = () => MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR);
			if (Rank == Last) {
				var e = Assert.Throws<IOException> (open, "Open on the failing rank");
				Assert.Contains (path, e.Message, "names the path");
			} else {
				var e = Assert.Throws<InvalidOperationException> (open, "Open on rank " + Rank);
				Assert.Contains ("rank " + Last + " refused its arguments or could not open", e.Message, "names the failing rank");
			}
		} finally {
			Environment.SetEnvironmentVariable ("MOTOR_TEST_FILE_OPEN_FAILS", null);
		}
		StillUsable ("an open failing on one rank");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Write_at_all ((long) Rank * N * 4, Block (Rank));
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			var all = new int[Size * N];
			f.Read_at_all (0, all);
			CheckAllBlocks (all, "the next open");
		}
		Cleanup (path);
	}

	public static void OperationsOnAClosedFileRaiseObjectDisposed ()
	{
		string path = PathFor ("closed");
		var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR);
		f.Close ();
		var buf = new int[4];
		Assert.Throws<ObjectDisposedException> (() => f.Read_at (0, buf), "Read_at");
		Assert.Throws<ObjectDisposedException> (() => f.Write_at_all (0, buf), "Write_at_all");
		Assert.Throws<ObjectDisposedException> (() => f.Iread_at (0, buf), "Iread_at");
		Assert.Throws<ObjectDisposedException> (() => f.Get_size (), "Get_size");
		Assert.Throws<ObjectDisposedException> (() => f.Set_view (0, typeof (int)), "Set_view");
		var e = Assert.Throws<ObjectDisposedException> (() => f.Sync (), "Sync");
		Assert.Contains (path, e.Message, "names the path");
		f.Dispose (); // nothing left to close
		StillUsable ("closed file");
		Cleanup (path);
	}

	public static void BufferTooShortOrBadIsRefusedLocallyAndCollectively ()
	{
		string path = PathFor ("badbuf");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			var buf = Block (Rank);
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Write_at (0, buf, N - 3, 4), "Write_at past the buffer's end");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Read_at (0, buf, -1, 4), "negative buffer offset");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Read_at (-4, buf), "negative file offset");
			Assert.Throws<ArgumentNullException> (() => f.Write_at (0, null), "null buffer");
			Assert.Throws<ArgumentException> (() => f.Write_at (0, new string[2]), "string[]");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Iwrite_at (0, buf, 0, N + 1), "Iwrite_at past the end");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Set_size (-1), "Set_size(-1)");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Set_view (-8, typeof (int)), "Set_view(-8)");
			Assert.Throws<ArgumentException> (() => f.Set_view (0, typeof (void)), "Set_view(void)");
			Assert.Throws<ArgumentException> (() => f.Set_view (0, typeof (int).MakeByRefType ()), "Set_view(int&)");

			// The collective forms: the last rank's buffer is too short, or null, or not a buffer.
			var cases = new Tuple<string, Action, Type>[] {
				Tuple.Create<string, Action, Type> ("Write_at_all, too short", () => f.Write_at_all ((long) Rank * N * 4, buf, 0, Rank == Last ? N + 1 : N), typeof (ArgumentOutOfRangeException)),
				Tuple.Create<string, Action, Type> ("Read_at_all, null", () => f.Read_at_all (0, Rank == Last ? null : new int[N]), typeof (ArgumentNullException)),
				Tuple.Create<string, Action, Type> ("Write_all, string[]", () => f.Write_all (Rank == Last ? (object) new string[1] : buf), typeof (ArgumentException)),
				Tuple.Create<string, Action, Type> ("Read_all, negative count", () => f.Read_all (buf, 0, Rank == Last ? -1 : N), typeof (ArgumentOutOfRangeException)),
				Tuple.Create<string, Action, Type> ("Read_at_all, negative offset", () => f.Read_at_all (Rank == Last ? -1 : 0, buf), typeof (ArgumentOutOfRangeException)),
				Tuple.Create<string, Action, Type> ("Set_view, string", () => f.Set_view (0, Rank == Last ? typeof (string) : typeof (int)), typeof (ArgumentException)),
				Tuple.Create<string, Action, Type> ("Set_size, negative", () => f.Set_size (Rank == Last ? -1 : 10), typeof (ArgumentOutOfRangeException)),
			};
			foreach (var c in cases) {
				Exception got = null;
				try {
					c.Item2 ();
				} catch (Exception e) {
					got = e;
				}
				Type expect = Rank == Last ? c.Item3 : typeof (InvalidOperationException);
				Assert.True (got != null && got.GetType () == expect, c.Item1 + ": expected " + expect.Name + ", got " +
					(got == null ? "nothing" : got.GetType ().Name + ": " + got.Message));
				if (Rank != Last)
					Assert.Contains ("rank " + Last + " refused", got.Message, c.Item1 + ": names the refusing rank");
			}
			Assert.SequenceEqual (Block (Rank), buf, "the buffer is unchanged");
			Assert.Equal (0L, f.Get_size (), "nothing was written");
			// The file is usable: the same collective with correct arguments.
			WriteAndReadEveryBlock (f, (long) Rank * N * 4, "after the refusals");
		}
		Cleanup (path);
	}

	// Write_shared from every rank: each block lands whole, once, in some order; the shared pointer is then past all
	// of them on every rank, and the individual pointer has not moved.  Read_shared after Seek_shared(0) hands each
	// rank one whole block, each block to one rank; at the end of the file it reads nothing.
	public static void SharedPointerWritesAndReadsEveryBlockOnce ()
	{
		string path = PathFor ("shared");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			Assert.Equal (N, f.Write_shared (Block (Rank)), "Write_shared wrote the block");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			Assert.Equal ((long) Size * N, f.Get_position_shared (), "the shared pointer after every rank's write");
			Assert.Equal (0L, f.Get_position (), "the individual pointer did not move");
			var all = new int[Size * N];
			f.Read_at_all (0, all);
			var firsts = Enumerable.Range (0, Size).Select (k => all[k * N]).OrderBy (v => v).ToArray ();
			Assert.SequenceEqual (Enumerable.Range (0, Size).Select (r => V (r, 0)).ToArray (), firsts, "one block per rank");
			for (int k = 0; k < Size; k++) {
				int r = (all[k * N] - 1) / 100000;
				for (int i = 0; i < N; i++)
					Assert.Equal (V (r, i), all[k * N + i], "block " + k + " (rank " + r + "'s) element " + i);
			}
			f.Seek_shared (0, MPI.SEEK_SET);
			var mine = new int[N];
			Assert.Equal (N, f.Read_shared (mine), "Read_shared read a whole block");
			var got = new int[Size];
			World.Allgather (new[] { mine[0] }, got);
			Assert.SequenceEqual (firsts, got.OrderBy (v => v).ToArray (), "each block read by one rank");
			int r0 = (mine[0] - 1) / 100000;
			Assert.SequenceEqual (Block (r0), mine, "the block read is whole");
			World.Barrier ();
			Assert.Equal (0, f.Read_shared (mine, 0, 5), "Read_shared at the end of the file");
			World.Barrier ();
		}
		Cleanup (path);
	}

	// Write_ordered puts rank r's r + 1 elements after those of the ranks below it; Read_ordered reads them back the
	// same way, and one that meets the end of the file reads only what is there: the ranks whose part lies past it
	// read nothing.
	public static void OrderedWritesAndReadsGoInRankOrderAndStopAtTheEnd ()
	{
		string path = PathFor ("ordered");
		int total = Size * (Size + 1) / 2;
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			var mine = Enumerable.Range (0, Rank + 1).Select (i => V (Rank, i)).ToArray ();
			Assert.Equal (Rank + 1, f.Write_ordered (mine), "Write_ordered wrote this rank's part");
			Assert.Equal ((long) total, f.Get_position_shared (), "the shared pointer after Write_ordered");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			var all = new int[total];
			f.Read_at_all (0, all);
			for (int r = 0, k = 0; r < Size; r++)
				for (int i = 0; i <= r; i++, k++)
					Assert.Equal (V (r, i), all[k], "rank " + r + "'s element " + i + " in rank order");
			f.Seek_shared (0, MPI.SEEK_SET);
			var back = new int[Rank + 1];
			Assert.Equal (Rank + 1, f.Read_ordered (back), "Read_ordered read this rank's part");
			Assert.SequenceEqual (mine, back, "Read_ordered gave back this rank's part");
			// Two elements before the end (one at 1 rank), every rank asks for one: only ranks 0 and 1 find one.
			int left = Math.Min (2, total);
			f.Seek_shared (-left, MPI.SEEK_END);
			var one = new[] { -7 };
			int n = f.Read_ordered (one);
			Assert.Equal (Rank < left ? 1 : 0, n, "Read_ordered near the end of the file");
			Assert.Equal (Rank < left ? all[total - left + Rank] : -7, one[0], "the element read, or the buffer untouched");
			Assert.Equal ((long) total, f.Get_position_shared (), "the shared pointer stops at the end");
			World.Barrier ();
		}
		Cleanup (path);
	}

	public static void NonBlockingReadsAndWritesAtTheSharedPointer ()
	{
		string path = PathFor ("ishared");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			var block = Block (Rank);
			Request w = f.Iwrite_shared (block);
			GC.Collect ();
			var st = new Status ();
			w.Wait (st);
			Assert.Equal (N, st.Get_count (typeof (int)), "Iwrite_shared wrote the block");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Seek_shared (0, MPI.SEEK_SET);
			var mine = new int[N];
			Request r = f.Iread_shared (mine);
			GC.Collect ();
			r.Wait (st);
			Assert.Equal (N, st.Get_count (typeof (int)), "Iread_shared read a block");
			Assert.SequenceEqual (Block ((mine[0] - 1) / 100000), mine, "a whole block");
			World.Barrier ();
			r = f.Iread_shared (mine, 0, 3);
			r.Wait (st);
			Assert.Equal (0, st.Get_count (typeof (int)), "Iread_shared at the end of the file");
			World.Barrier ();
		}
		Cleanup (path);
	}

	// A MODE_SEQUENTIAL file allows only the shared pointer, under every library (Open MPI's ompio would let the
	// individual pointer through): Write, Read and Seek_shared are refused, Write_shared and Write_ordered work.
	public static void SequentialFileAllowsOnlyTheSharedPointer ()
	{
		string path = PathFor ("seq-shared");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_WRONLY | MPI.MODE_SEQUENTIAL)) {
			var e = Assert.Throws<NotSupportedException> (() => f.Write (new[] { 1 }), "Write on a MODE_SEQUENTIAL file");
			Assert.Contains ("Write_shared", e.Message, "says what to use");
			Assert.Throws<NotSupportedException> (() => f.Iwrite (new[] { 1 }), "Iwrite on a MODE_SEQUENTIAL file");
			Assert.Throws<NotSupportedException> (() => f.Seek_shared (0, MPI.SEEK_SET), "Seek_shared");
			Assert.Equal (1, f.Write_shared (new[] { V (Rank, 0) }), "Write_shared");
			Assert.Equal (2, f.Write_ordered (new[] { V (Rank, 1), V (Rank, 2) }), "Write_ordered");
		}
		Assert.Equal (3L * Size * sizeof (int), new FileInfo (path).Length, "every element written");
		StillUsable ("sequential file");
		Cleanup (path);
	}

	public static void SeekSharedRefusalsLeaveThePointerWhereItWas ()
	{
		string path = PathFor ("seek-shared");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			f.Write_ordered (Block (Rank));
			if (Rank == Last)
				Assert.Throws<ArgumentException> (() => f.Seek_shared (0, 7), "a bad whence");
			else {
				var e = Assert.Throws<InvalidOperationException> (() => f.Seek_shared (0, MPI.SEEK_SET), "another rank's whence");
				Assert.Contains ("rank " + Last + " refused", e.Message, "names the refusing rank");
			}
			if (Size > 1)
				Assert.Throws<ArgumentException> (() => f.Seek_shared (Rank, MPI.SEEK_SET), "different positions");
			Assert.Throws<ArgumentOutOfRangeException> (() => f.Seek_shared (-1, MPI.SEEK_SET), "before the view");
			Assert.Equal ((long) Size * N, f.Get_position_shared (), "the pointer did not move");
			f.Seek_shared (-N, MPI.SEEK_CUR);
			Assert.Equal ((long) (Size - 1) * N, f.Get_position_shared (), "SEEK_CUR from the shared pointer");
			World.Barrier ();
		}
		var g = MPI.File.Open (World, path, MPI.MODE_RDONLY);
		g.Close ();
		Assert.Throws<ObjectDisposedException> (() => g.Get_position_shared (), "Get_position_shared after Close");
		Assert.Throws<ObjectDisposedException> (() => g.Read_shared (new int[1]), "Read_shared after Close");
		StillUsable ("Seek_shared refusals");
		Cleanup (path);
	}

	// Iwrite_at_all and Iread_at_all: each rank's block at its offset, collections while they are in flight, counts in
	// the statuses, and a read across the end of the file cut there.
	public static void NonBlockingCollectiveWritesAndReadsAtExplicitOffsets ()
	{
		string path = PathFor ("iall");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			Request w = f.Iwrite_at_all ((long) Rank * N, Block (Rank));
			GC.Collect ();
			var st = new Status ();
			w.Wait (st);
			Assert.Equal (N, st.Get_count (typeof (int)), "Iwrite_at_all wrote the block");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			var all = new int[Size * N];
			Request r = f.Iread_at_all (0, all);
			GC.Collect ();
			r.Wait (st);
			Assert.Equal (Size * N, st.Get_count (typeof (int)), "Iread_at_all read every block");
			CheckAllBlocks (all, "Iread_at_all");
			var tail = new int[10];
			f.Iread_at_all (Size * N - 3, tail, 2, 8).Wait (st);
			Assert.Equal (3, st.Get_count (typeof (int)), "a read across the end of the file");
			Assert.SequenceEqual (new[] { 0, 0, V (Last, N - 3), V (Last, N - 2), V (Last, N - 1), 0, 0, 0, 0, 0 }, tail,
				"the elements before the end, the rest untouched");
		}
		Cleanup (path);
	}

	// Iwrite_all and Iread_all at the individual pointer: the pointer moves past each block at the post, so a read or
	// write posted next follows it; a read across the end of the file is cut there and moves the pointer only as far.
	public static void NonBlockingCollectivesAtTheIndividualPointerMoveItAtThePost ()
	{
		string path = PathFor ("iall-pointer");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view ((long) Rank * 2 * N * 4, typeof (int)); // each rank's region: two blocks
			var second = Block (Rank).Select (x => -x).ToArray ();
			Request w1 = f.Iwrite_all (Block (Rank));
			Assert.Equal ((long) N, f.Get_position (), "the pointer after the first Iwrite_all, before it completes");
			Request w2 = f.Iwrite_all (second);
			Assert.Equal (2L * N, f.Get_position (), "the pointer after the second");
			GC.Collect ();
			var st = new Status ();
			w1.Wait (st);
			Assert.Equal (N, st.Get_count (typeof (int)), "the first block written");
			w2.Wait ();
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Seek (0, MPI.SEEK_SET);
			var one = new int[N];
			var two = new int[N];
			Request r = f.Iread_all (one);
			Assert.Equal (N, f.Read (two), "a blocking Read after the Iread_all");
			r.Wait (st);
			Assert.Equal (N, st.Get_count (typeof (int)), "the Iread_all's count");
			Assert.SequenceEqual (Block (Rank), one, "the Iread_all read the first block");
			Assert.SequenceEqual (second, two, "the Read read the second block");
			f.Seek (2 * N - 3, MPI.SEEK_SET);
			var tail = new int[10];
			f.Iread_all (tail, 1, 8).Wait (st);
			int expect = Rank == Last ? 3 : 8; // past its region a rank reads on into the next rank's
			Assert.Equal (expect, st.Get_count (typeof (int)), "a read across the end of the file");
			Assert.Equal (2L * N - 3 + expect, f.Get_position (), "the pointer past what was read");
			Assert.SequenceEqual (second.Skip (N - 3), tail.Skip (1).Take (3), "the last elements of the region");
		}
		Cleanup (path);
	}

	// A block that is not whole etypes is refused at the post on its rank; the others' requests fail naming it, their
	// pointers stay past their blocks (as MPI moves them at the post), and the file's next collective works.
	public static void NonBlockingCollectiveAtThePointerRefusedOnOneRank ()
	{
		string path = PathFor ("iall-pointer-refused");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			if (Rank == Last) {
				var e = Assert.Throws<ArgumentException> (() => f.Iwrite_all (new byte[3]), "three bytes of a view of ints");
				Assert.Contains ("etypes", e.Message, "the message says why");
				Assert.Equal (0L, f.Get_position (), "the refusing rank's pointer has not moved");
			} else {
				Request w = f.Iwrite_all (new[] { 1, 2 });
				Assert.Equal (2L, f.Get_position (), "the pointer moved at the post");
				var e = Assert.Throws<InvalidOperationException> (() => w.Wait (), "Wait after another rank refused");
				Assert.Contains ("rank " + Last + " refused", e.Message, "names the refusing rank");
			}
			Assert.Equal (0L, f.Get_size (), "no rank wrote");
			WriteAndReadEveryBlock (f, (long) Rank * N, "after the refusal");
		}
		Cleanup (path);
	}

	// Atomic mode is set collectively and read back; the access mode and the group are what Open was given; a size
	// or flag that differs between the ranks is refused on every rank and changes nothing.
	public static void AtomicityAmodeAndGroupAndValuesThatMustMatch ()
	{
		string path = PathFor ("atomicity");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			Assert.True (!f.Get_atomicity (), "nonatomic by default");
			f.Set_atomicity (true);
			Assert.True (f.Get_atomicity (), "atomic after Set_atomicity (true)");
			// In atomic mode a write is visible to the other ranks once it returns: a barrier, and they read it.
			f.Set_view (0, typeof (int));
			f.Write_at ((long) Rank, new[] { V (Rank, 3) });
			World.Barrier ();
			var got = new int[1];
			f.Read_at ((long) ((Rank + 1) % Size), got);
			Assert.Equal (V ((Rank + 1) % Size, 3), got[0], "the next rank's write, without Sync");
			f.Set_atomicity (false);
			Assert.True (!f.Get_atomicity (), "nonatomic again");
			Assert.Equal (MPI.MODE_CREATE | MPI.MODE_RDWR, f.Get_amode (), "Get_amode");
			Group g = f.Get_group (), wg = World.Get_group ();
			Assert.Equal (MPI.IDENT, Group.Compare (g, wg), "the file's group is the communicator's");
			g.Free ();
			wg.Free ();
			if (Size > 1) {
				var e = Assert.Throws<ArgumentException> (() => f.Set_atomicity (Rank == Last), "flags that differ");
				Assert.Contains ("different", e.Message, "the message says what is wrong");
				Assert.True (!f.Get_atomicity (), "no rank changed its mode");
				Assert.Throws<ArgumentException> (() => f.Set_size (100 + Rank), "sizes that differ");
				Assert.Throws<ArgumentException> (() => f.Preallocate (100 + Rank), "preallocated sizes that differ");
				f.Sync ();
				Assert.Equal ((long) Size * 4, f.Get_size (), "no rank changed the size");
			}
			f.Set_size (64);
			Assert.Equal (64L, f.Get_size (), "a size every rank passed");
		}
		Cleanup (path);
		string wo = PathFor ("amode-wo");
		using (var r = MPI.File.Open (World, wo, MPI.MODE_CREATE | MPI.MODE_WRONLY)) {
			Assert.Equal (MPI.MODE_CREATE | MPI.MODE_WRONLY, r.Get_amode (), "Get_amode of a write-only file");
		}
		Cleanup (wo);
	}

	// The post does not wait for the other ranks: rank 0 posts, then receives what the last rank sends synchronously
	// before that rank posts.  (An agreement that waited at the post would hang here.)
	public static void NonBlockingCollectivePostDoesNotWaitForTheOtherRanks ()
	{
		if (Size < 2)
			return;
		string path = PathFor ("iall-order");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			Request w = null;
			if (Rank == 0) {
				w = f.Iwrite_at_all (0, Block (0));
				var got = new int[1];
				World.Recv (got, Last, 5, null);
				Assert.Equal (42, got[0], "the message sent before the last rank posted");
			} else if (Rank == Last) {
				World.Ssend (new[] { 42 }, 0, 5);
				w = f.Iwrite_at_all ((long) Rank * N, Block (Rank));
			} else
				w = f.Iwrite_at_all ((long) Rank * N, Block (Rank));
			w.Wait ();
			World.Barrier ();
		}
		Cleanup (path);
	}

	// A rank that refuses its arguments raises at its post; every other rank's request completes with
	// InvalidOperationException naming it, no rank moves data, and the file's next collective works.
	public static void NonBlockingCollectiveRefusedOnOneRankFailsEveryRanksRequest ()
	{
		string path = PathFor ("iall-refused");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			if (Rank == Last)
				Assert.Throws<ArgumentOutOfRangeException> (() => f.Iwrite_at_all (-1, Block (Rank)), "a negative offset");
			else {
				Request w = f.Iwrite_at_all ((long) Rank * N, Block (Rank));
				var e = Assert.Throws<InvalidOperationException> (() => w.Wait (), "Wait after another rank refused");
				Assert.Contains ("rank " + Last + " refused", e.Message, "names the refusing rank");
			}
			Assert.Equal (0L, f.Get_size (), "no rank wrote");
			WriteAndReadEveryBlock (f, (long) Rank * N, "after the refusal");
		}
		Cleanup (path);
	}

	// Requests the program drops: Close completes them first, and the data is there.
	public static void DroppedNonBlockingCollectivesAreCompletedByClose ()
	{
		string path = PathFor ("iall-dropped");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			f.Iwrite_at_all ((long) Rank * N, Block (Rank));
		}
		using (var g = MPI.File.Open (World, path, MPI.MODE_RDONLY)) {
			g.Set_view (0, typeof (int));
			var all = new int[Size * N];
			g.Read_at_all (0, all);
			CheckAllBlocks (all, "after Close completed the dropped writes");
		}
		Cleanup (path);
	}

	// The split collectives move what their blocking forms move; each _end gives the count of its _begin.
	public static void SplitCollectivesMoveWhatTheBlockingFormsMove ()
	{
		string path = PathFor ("split");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			var block = Block (Rank);
			f.Write_at_all_begin ((long) Rank * N, block);
			Assert.Equal (N, f.Write_at_all_end (block), "Write_at_all_end");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			var all = new int[Size * N];
			f.Read_all_begin (all);
			Assert.Equal (Size * N, f.Read_all_end (all), "Read_all_end");
			CheckAllBlocks (all, "Read_all_begin/end");
			var some = new int[N + 4];
			f.Read_at_all_begin ((long) Rank * N, some, 2, N);
			Assert.Equal (N, f.Read_at_all_end (some), "Read_at_all_end");
			Assert.SequenceEqual (Block (Rank), some.Skip (2).Take (N).ToArray (), "Read_at_all_begin of a slice");
			f.Seek_shared (0, MPI.SEEK_END);
			var mine = new[] { V (Rank, 7), V (Rank, 8) };
			f.Write_ordered_begin (mine);
			Assert.Equal (2, f.Write_ordered_end (mine), "Write_ordered_end");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Seek_shared (Size * N, MPI.SEEK_SET);
			var back = new int[2];
			f.Read_ordered_begin (back);
			Assert.Equal (2, f.Read_ordered_end (back), "Read_ordered_end");
			Assert.SequenceEqual (mine, back, "each rank's part in rank order");
			World.Barrier ();
		}
		Cleanup (path);
	}

	// A split collective at a file pointer or an explicit offset does not wait at its _begin: rank 0 begins, then
	// receives what the last rank sends synchronously before that rank begins.  (A _begin that did all the work
	// would hang here.)  The _end gives the count, and the data are there.
	public static void SplitCollectiveBeginDoesNotWaitForTheOtherRanks ()
	{
		if (Size < 2)
			return;
		string path = PathFor ("split-overlap");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			var block = Block (Rank);
			if (Rank == 0) {
				f.Write_at_all_begin (0, block);
				var got = new int[1];
				World.Recv (got, Last, 6, null);
				Assert.Equal (43, got[0], "the message sent before the last rank began");
			} else if (Rank == Last) {
				World.Ssend (new[] { 43 }, 0, 6);
				f.Write_at_all_begin ((long) Rank * N, block);
			} else
				f.Write_at_all_begin ((long) Rank * N, block);
			Assert.Equal (N, f.Write_at_all_end (block), "Write_at_all_end");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Seek (0, MPI.SEEK_SET);
			var all = new int[Size * N];
			f.Read_all_begin (all);
			Assert.Equal ((long) Size * N, f.Get_position (), "the pointer moved at Read_all_begin");
			Assert.Equal (Size * N, f.Read_all_end (all), "Read_all_end");
			CheckAllBlocks (all, "Read_all_begin/end");
		}
		Cleanup (path);
	}

	// _end without its _begin, with another buffer or for another operation is refused on the rank (no MPI call);
	// a second _begin before the _end is refused on every rank; a _begin refused on one rank raises there and at
	// the others' _end, and leaves no split collective in progress.
	public static void SplitCollectiveMisuseIsRefused ()
	{
		string path = PathFor ("split-misuse");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (int));
			var block = Block (Rank);
			Assert.Throws<InvalidOperationException> (() => f.Write_all_end (block), "_end without _begin");
			f.Write_at_all_begin ((long) Rank * N, block);
			Assert.Throws<InvalidOperationException> (() => f.Read_at_all_begin (0, new int[1]), "a second _begin");
			Assert.Throws<InvalidOperationException> (() => f.Write_all_end (block), "the _end of another operation");
			Assert.Throws<ArgumentException> (() => f.Write_at_all_end (new int[N]), "another buffer");
			Assert.Equal (N, f.Write_at_all_end (block), "the right _end");
			// The refusing rank raises at its _begin; the others' _begin posts, and their _end raises naming it.
			var one = new int[1];
			if (Rank == Last)
				Assert.Throws<ArgumentOutOfRangeException> (() => f.Read_at_all_begin (-1, one), "a negative offset");
			else {
				f.Read_at_all_begin (0, one);
				var e = Assert.Throws<InvalidOperationException> (() => f.Read_at_all_end (one), "another rank refused");
				Assert.Contains ("rank " + Last + " refused", e.Message, "names the refusing rank");
			}
			Assert.Throws<InvalidOperationException> (() => f.Read_at_all_end (one), "nothing in progress after the refusal");
			World.Barrier ();
		}
		StillUsable ("split collective refusals");
		Cleanup (path);
	}

	// Hints reach the library (both report cb_buffer_size as given: ROMIO's own default is 16 MiB), the file works
	// as usual, and a file opened without hints reports what the library uses.
	public static void HintsReachTheLibrary ()
	{
		string path = PathFor ("hints");
		var hints = new System.Collections.Generic.Dictionary<string, string> { { "cb_buffer_size", "1048576" },
			{ "motor_test_unknown_hint", "ignored" } };
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR, hints)) {
			var info = f.Get_info ();
			Assert.True (info.ContainsKey ("cb_buffer_size"), "cb_buffer_size reported");
			Assert.Equal ("1048576", info["cb_buffer_size"], "cb_buffer_size as given");
			WriteAndReadEveryBlock (f, (long) Rank * N * 4, "with hints");
		}
		using (var g = MPI.File.Open (World, path, MPI.MODE_RDONLY, null))
			Assert.True (g.Get_info () != null, "Get_info without hints");
		Cleanup (path);
	}

	// Set_info on an open file: the same hints on every rank (in any order), the file works as before; different
	// hints, or a refusal on one rank, raise on every rank and change nothing.
	public static void SetInfoGivesAnOpenFileMoreHints ()
	{
		string path = PathFor ("set-info");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			var hints = new System.Collections.Generic.Dictionary<string, string> ();
			if (Rank % 2 == 0) {
				hints["cb_buffer_size"] = "2097152";
				hints["motor_test_unknown_hint"] = "ignored";
			} else {
				hints["motor_test_unknown_hint"] = "ignored";
				hints["cb_buffer_size"] = "2097152";
			}
			f.Set_info (hints);
			f.Set_info (null);
			if (Size > 1) {
				var differ = Rank == 0 ? null : hints;
				var d = Assert.Throws<ArgumentException> (() => f.Set_info (differ), "different hints on the ranks");
				Assert.Equal ("hints", d.ParamName, "names the hints");
			}
			var info = f.Get_info ();
			Assert.True (info != null && !info.ContainsKey ("motor_test_unknown_hint") || info["motor_test_unknown_hint"] == "ignored",
				"Get_info after Set_info");
			WriteAndReadEveryBlock (f, (long) Rank * N * 4, "after Set_info");
			if (Rank == Last)
				Assert.Throws<ArgumentException> (() => f.Set_info (new System.Collections.Generic.Dictionary<string, string> {
					{ "cb_nodes", new string ('1', 5000) } }), "a value too long for MPI");
			else {
				var e = Assert.Throws<InvalidOperationException> (() => f.Set_info (null), "another rank's refusal");
				Assert.Contains ("rank " + Last + " refused", e.Message, "names the refusing rank");
			}
			WriteAndReadEveryBlock (f, (long) Rank * N * 4, "after the refusal");
			f.Close ();
			Assert.Throws<ObjectDisposedException> (() => f.Set_info (null), "after Close");
		}
		Cleanup (path);
	}

	public static void BadHintsAreRefusedOnEveryRank ()
	{
		string path = PathFor ("bad-hints");
		var empty = new System.Collections.Generic.Dictionary<string, string> { { "", "x" } };
		var ok = new System.Collections.Generic.Dictionary<string, string> { { "cb_nodes", "1" } };
		if (Rank == Last)
			Assert.Throws<ArgumentException> (() => MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR, empty),
				"an empty key");
		else {
			var e = Assert.Throws<InvalidOperationException> (() => MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR, ok),
				"another rank's empty key");
			Assert.Contains ("rank " + Last + " refused", e.Message, "names the refusing rank");
		}
		var tooLong = new System.Collections.Generic.Dictionary<string, string> { { "cb_nodes", new string ('1', 5000) } };
		var a = Assert.Throws<ArgumentException> (() => MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR, tooLong),
			"a value too long for MPI");
		Assert.Equal ("hints", a.ParamName, "names the hints");
		var nul = new System.Collections.Generic.Dictionary<string, string> { { "cb_nodes", null } };
		Assert.Throws<ArgumentNullException> (() => MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR, nul), "a null value");
		StillUsable ("hint refusals");
		Assert.True (!System.IO.File.Exists (path), "no rank opened (created) the file");
		Cleanup (path);
	}

	static double G (int i, int j) { return i * 1000 + j + 0.5; }

	// Each rank writes its column block of a global 4 x 3P array through a subarray view, collectively; read back
	// whole with a plain view, the file is the global array in row-major order, and each block reads back through
	// its view.
	public static void SubarrayViewsWriteEachRanksBlockOfAGlobalArray ()
	{
		string path = PathFor ("subarray");
		int cols = 3 * Size;
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view (0, typeof (double), MPI.Filetype.Subarray (new[] { 4, cols }, new[] { 4, 3 }, new[] { 0, 3 * Rank }));
			var block = new double[4, 3];
			for (int i = 0; i < 4; i++)
				for (int j = 0; j < 3; j++)
					block[i, j] = G (i, 3 * Rank + j);
			Assert.Equal (12, f.Write_all (block), "Write_all of the block");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			var back = new double[4, 3];
			Assert.Equal (12, f.Read_at_all (0, back), "Read_at_all of the block");
			for (int i = 0; i < 4; i++)
				for (int j = 0; j < 3; j++)
					Assert.Equal (G (i, 3 * Rank + j), back[i, j], "block element " + i + "," + j);
			f.Set_view (0, typeof (double));
			var all = new double[4 * cols];
			Assert.Equal (4 * cols, f.Read_at_all (0, all), "the whole file");
			for (int i = 0; i < 4; i++)
				for (int j = 0; j < cols; j++)
					Assert.Equal (G (i, j), all[i * cols + j], "global element " + i + "," + j);
		}
		Cleanup (path);
	}

	// A vector view interleaves the ranks' runs of B ints; through it a read that meets the end of the file stops
	// at the last run that is there, and Seek to the end lands after it.  A buffer of another element type than the
	// etype is refused.
	public static void VectorViewsInterleaveTheRanksAndStopAtTheEnd ()
	{
		const int B = 5;
		string path = PathFor ("vector");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			f.Set_view ((long) Rank * B * sizeof (int), typeof (int), MPI.Filetype.Vector (1, B, Size * B));
			var mine = Enumerable.Range (0, 3 * B).Select (i => V (Rank, i)).ToArray ();
			Assert.Equal (3 * B, f.Write_all (mine), "Write_all of three runs");
			f.Sync ();
			World.Barrier ();
			f.Sync ();
			var tail = new int[2 * B];
			Assert.Equal (B, f.Read_at_all (2 * B, tail), "a read through the view across the end of the file");
			Assert.SequenceEqual (mine.Skip (2 * B).ToArray (), tail.Take (B).ToArray (), "the last run");
			f.Seek (0, MPI.SEEK_END);
			Assert.Equal (3L * B, f.Get_position (), "Seek to the end of the file through the view");
			Assert.Throws<ArgumentException> (() => f.Write_at (0, new byte[4]), "a buffer of another element type");
			World.Barrier ();
			f.Set_view (0, typeof (int));
			var all = new int[3 * Size * B];
			f.Read_at_all (0, all);
			for (int r = 0; r < 3; r++)
				for (int k = 0; k < Size; k++)
					for (int i = 0; i < B; i++)
						Assert.Equal (V (k, r * B + i), all[(r * Size + k) * B + i], "round " + r + ", rank " + k + ", element " + i);
		}
		Cleanup (path);
	}

	// An indexed view selects runs at given places; the filetype factories refuse what MPI would.
	public static void IndexedViewsAndFiletypeRefusals ()
	{
		string path = PathFor ("indexed");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			if (Rank == 0) {
				f.Write_at (0, Enumerable.Range (0, 40).Select (i => (byte) i).ToArray ());
				f.Sync ();
			} else
				f.Sync ();
			World.Barrier ();
			f.Sync ();
			f.Set_view (0, typeof (byte), MPI.Filetype.Indexed (new[] { 2, 3 }, new[] { 1, 6 }));
			var got = new byte[10];
			Assert.Equal (10, f.Read_at_all (0, got), "two repetitions of the pattern");
			Assert.SequenceEqual (new byte[] { 1, 2, 6, 7, 8, 10, 11, 15, 16, 17 }, got, "the selected bytes");
		}
		Assert.Throws<ArgumentOutOfRangeException> (() => MPI.Filetype.Subarray (new[] { 4 }, new[] { 3 }, new[] { 2 }), "a block past the array");
		Assert.Throws<ArgumentException> (() => MPI.Filetype.Subarray (new[] { 4, 4 }, new[] { 2 }, new[] { 0, 0 }), "dimensions that differ");
		Assert.Throws<ArgumentNullException> (() => MPI.Filetype.Subarray (null, new[] { 1 }, new[] { 0 }), "no sizes");
		Assert.Throws<ArgumentOutOfRangeException> (() => MPI.Filetype.Vector (2, 4, 3), "a stride below the blocklength");
		Assert.Throws<ArgumentOutOfRangeException> (() => MPI.Filetype.Indexed (new[] { 2, 2 }, new[] { 4, 5 }), "overlapping blocks");
		StillUsable ("filetype refusals");
		Cleanup (path);
	}

	public static void ExplicitOffsetsOnASequentialFileAreRefused ()
	{
		string path = PathFor ("sequential");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_WRONLY | MPI.MODE_SEQUENTIAL)) {
			Exception got = null;
			try {
				f.Write_at (0, new[] { 1 });
			} catch (Exception e) {
				got = e;
			}
			Assert.True (got is NotSupportedException, "Write_at on a MODE_SEQUENTIAL file: got " +
				(got == null ? "nothing" : got.GetType ().Name + ": " + got.Message));
			Assert.Contains (path, got.Message, "names the path");
			Assert.Throws<NotSupportedException> (() => f.Write_at_all (0, new[] { 1 }), "Write_at_all on a MODE_SEQUENTIAL file");
			Assert.Throws<NotSupportedException> (() => f.Iwrite_at (0, new[] { 1 }), "Iwrite_at on a MODE_SEQUENTIAL file");
		}
		StillUsable ("sequential file");
		Cleanup (path);
	}

	public static void ReadingAWriteOnlyFileIsRefusedAndTheRankStaysUsable ()
	{
		string path = PathFor ("wronly");
		using (var f = MPI.File.Open (World, path, MPI.MODE_CREATE | MPI.MODE_WRONLY)) {
			f.Write_at ((long) Rank * 4, new[] { Rank });
			Exception got = null;
			try {
				f.Read_at (0, new int[1]);
			} catch (Exception e) {
				got = e;
			}
			Assert.True (got is UnauthorizedAccessException,
				"a read of a write-only file: got " + (got == null ? "nothing" : got.GetType ().Name + ": " + got.Message));
			Assert.Contains (path, got.Message, "names the path");
			// The collective form: refused on every rank alike, before any rank reads.
			Assert.Throws<UnauthorizedAccessException> (() => f.Read_at_all (0, new int[1]), "Read_at_all of a write-only file");
			Assert.Throws<UnauthorizedAccessException> (() => f.Iread_at (0, new int[1]), "Iread_at of a write-only file");
			f.Write_at ((long) Rank * 4, new[] { Rank + 1 });
		}
		using (var g = MPI.File.Open (World, path, MPI.MODE_RDONLY)) {
			var all = new int[Size];
			Assert.Equal (Size, g.Read_at_all (0, all), "ints read");
			for (int r = 0; r < Size; r++)
				Assert.Equal (r + 1, all[r], "rank " + r + "'s int");
		}
		StillUsable ("write-only file");
		Cleanup (path);
	}
}
