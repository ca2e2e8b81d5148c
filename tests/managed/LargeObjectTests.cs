// LargeObjectTests: object messages larger than 2 GiB (MPI-4 large counts, or derived datatypes without them;
// OBcast in pieces).  Runs at 2 ranks; each test moves ~2.1 GiB or more, so the job needs up to ~12 GB of memory
// and ~10 s per test.
using System;
using System.MP;
using System.Runtime.CompilerServices;

[Transportable]
public class Bulk
{
	[Transportable] public byte[] Bytes;
	[Transportable] public long[] Longs;
	public int Stamp;
}

public static class LargeObjectTests
{
	// 1040 MiB of bytes and 1040 MiB of longs: the serialised graph is 2080 MiB, above INT_MAX bytes.
	const int NBytes = 1040 << 20;
	const int NLongs = (1040 << 20) / 8;

	static byte ByteAt (int i) { return (byte) (i ^ (i >> 11) ^ (i >> 23)); }
	static long LongAt (int i) { return (long) i * -7046029254386353131L ^ (long) i << 7; }

	static Bulk Make (int stamp)
	{
		var b = new Bulk { Bytes = new byte[NBytes], Longs = new long[NLongs], Stamp = stamp };
		for (int i = 0; i < NBytes; i++)
			b.Bytes[i] = ByteAt (i);
		for (int i = 0; i < NLongs; i++)
			b.Longs[i] = LongAt (i);
		return b;
	}

	// Every element is compared, not a sample: a chunk lost or moved at a 2 GiB boundary would show.
	static void Check (Bulk b, int stamp, string what)
	{
		Assert.True (b != null, what + ": an object arrived");
		Assert.Equal (stamp, b.Stamp, what + ": stamp");
		Assert.Equal (NBytes, b.Bytes.Length, what + ": byte[] length");
		Assert.Equal (NLongs, b.Longs.Length, what + ": long[] length");
		for (int i = 0; i < NBytes; i++)
			if (b.Bytes[i] != ByteAt (i))
				throw new AssertionException (string.Format ("{0}: byte {1}: expected {2}, got {3}", what, i, ByteAt (i), b.Bytes[i]));
		for (int i = 0; i < NLongs; i++)
			if (b.Longs[i] != LongAt (i))
				throw new AssertionException (string.Format ("{0}: long {1}: expected {2}, got {3}", what, i, LongAt (i), b.Longs[i]));
	}

	// Runs a test's body, then gives its memory back before the next test: the graphs (the body's frame is gone,
	// so no stale slot of it pins them through the conservative stack scan) and the pooled message buffers, which
	// the pool returns at the first collection that finds them unused since the one before.
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

	static void OSendAndORecvOfMoreThan2GiBBody ()
	{
		var w = MPI.COMM_WORLD;
		if (w.Rank == 0) {
			w.OSend (Make (41), 1, 9);
		} else if (w.Rank == 1) {
			var st = new Status ();
			var b = (Bulk) w.ORecv (0, 9, st);
			Assert.Equal (0, st.Source, "source");
			Assert.Equal (9, st.Tag, "tag");
			// More than INT_MAX bytes: no int count of bytes describes the message.
			Assert.Equal (MPI.UNDEFINED, st.Get_count (typeof (byte)), "byte count of a > 2 GiB message");
			Check (b, 41, "ORecv");
		}
	}

	static void OIsendAndOIrecvOfMoreThan2GiBBody ()
	{
		var w = MPI.COMM_WORLD;
		if (w.Rank == 1) {
			var r = w.OIsend (Make (42), 0, 10);
			r.Wait ();
		} else if (w.Rank == 0) {
			var r = w.OIrecv (1, 10);
			var st = new Status ();
			r.Wait (st);
			Assert.Equal (1, st.Source, "source");
			Check ((Bulk) r.Object, 42, "OIrecv");
		}
	}

	static void OBcastOfMoreThan2GiBBody ()
	{
		var w = MPI.COMM_WORLD;
		int root = w.Size - 1;
		var b = (Bulk) w.OBcast (w.Rank == root ? Make (43) : null, root);
		if (w.Rank != root)
			Check (b, 43, "OBcast");
	}

	[Transportable]
	public class Blob
	{
		[Transportable] public byte[] A;
		public int Id;
	}

	const int BlobBytes = 520 << 20;   // four of them: 2080 MiB, above 2 GiB

	static void CheckBlob (Blob b, int id, string what)
	{
		Assert.Equal (id, b.Id, what + ": element order");
		Assert.Equal (BlobBytes, b.A.Length, what + ": length");
		for (int i = 0; i < BlobBytes; i += 4093)
			if (b.A[i] != (byte) (i + id))
				throw new AssertionException (string.Format ("{0}: element {1}, byte {2}: expected {3}, got {4}", what, id, i, (byte) (i + id), b.A[i]));
		Assert.Equal ((byte) id, b.A[BlobBytes - 1], what + ": last byte");
	}

	static Blob MakeBlob (int id)
	{
		var b = new Blob { A = new byte[BlobBytes], Id = id };
		for (int i = 0; i < BlobBytes; i += 4093)
			b.A[i] = (byte) (i + id);
		b.A[BlobBytes - 1] = (byte) id;
		return b;
	}

	// The split representation beyond 2 GiB in all: two elements of 520 MiB per rank, so the root's buffer holds
	// more than INT_MAX bytes; each rank's part stays below it, as displacements do at two ranks.
	static void OScatterAndOGatherOfMoreThan2GiBInAllBody ()
	{
		var w = MPI.COMM_WORLD;
		int k = 2 * w.Size;
		Blob[] all = null;
		if (w.Rank == 0) {
			all = new Blob[k];
			for (int j = 0; j < k; j++)
				all[j] = MakeBlob (j);
		}
		var mine = (Blob[]) w.OScatter (all, 0);
		all = null;
		Assert.Equal (2, mine.Length, "OScatter: part length");
		for (int j = 0; j < 2; j++)
			CheckBlob (mine[j], 2 * w.Rank + j, "OScatter");
		GC.Collect ();

		var gathered = (Blob[]) w.OGather (mine, 0);
		if (w.Rank == 0) {
			Assert.Equal (k, gathered.Length, "OGather: length");
			for (int j = 0; j < k; j++)
				CheckBlob (gathered[j], j, "OGather");
		}
	}

	// Uneven parts at two ranks: four elements (2080 MiB) for rank 0 and one for rank 1, so one part is larger
	// than INT_MAX bytes and rank 1's part lies beyond INT_MAX bytes into the root's buffer.  Without MPI-4 large
	// counts (Open MPI 4.1, or a build with MOTOR_MPI_INT_COUNTS) neither fits an int of a v-collective.
	static void OScatterAndOGatherOfAPartAndADisplacementBeyond2GiBBody ()
	{
		var w = MPI.COMM_WORLD;
		int[] counts = new int[w.Size];
		counts[0] = 4;
		for (int r = 1; r < w.Size; r++)
			counts[r] = 1;
		int k = 4 + w.Size - 1, first = w.Rank == 0 ? 0 : 3 + w.Rank;
		Blob[] all = null;
		if (w.Rank == 0) {
			all = new Blob[k];
			for (int j = 0; j < k; j++)
				all[j] = MakeBlob (j);
		}
		var mine = (Blob[]) w.OScatter (all, counts, 0);
		all = null;
		Assert.Equal (counts[w.Rank], mine.Length, "OScatter: part length");
		for (int j = 0; j < mine.Length; j++)
			CheckBlob (mine[j], first + j, "OScatter");
		GC.Collect ();

		var gathered = (Blob[]) w.OGather (mine, 0);
		mine = null;
		if (w.Rank == 0) {
			Assert.Equal (k, gathered.Length, "OGather: length");
			for (int j = 0; j < k; j++)
				CheckBlob (gathered[j], j, "OGather");
		}
	}

	// Every rank receives more than INT_MAX bytes and rebuilds them (~12 GB for the job at its peak).
	static void OAllgatherOfMoreThan2GiBInAllBody ()
	{
		var w = MPI.COMM_WORLD;
		int k = 2 * w.Size;
		var mine = new[] { MakeBlob (2 * w.Rank), MakeBlob (2 * w.Rank + 1) };
		var everything = (Blob[]) w.OAllgather (mine);
		mine = null;
		Assert.Equal (k, everything.Length, "OAllgather: length");
		for (int j = 0; j < k; j++)
			CheckBlob (everything[j], j, "OAllgather");
	}

	public static void OSendAndORecvOfMoreThan2GiB () { Isolated (OSendAndORecvOfMoreThan2GiBBody); }
	public static void OIsendAndOIrecvOfMoreThan2GiB () { Isolated (OIsendAndOIrecvOfMoreThan2GiBBody); }
	public static void OBcastOfMoreThan2GiB () { Isolated (OBcastOfMoreThan2GiBBody); }
	public static void OScatterAndOGatherOfMoreThan2GiBInAll () { Isolated (OScatterAndOGatherOfMoreThan2GiBInAllBody); }
	public static void OScatterAndOGatherOfAPartAndADisplacementBeyond2GiB () { Isolated (OScatterAndOGatherOfAPartAndADisplacementBeyond2GiBBody); }
	public static void OAllgatherOfMoreThan2GiBInAll () { Isolated (OAllgatherOfMoreThan2GiBInAllBody); }

	public static int Main (string[] args)
	{
		return TestRunner.Run (typeof (LargeObjectTests), args);
	}
}
