// RefusalTests: object-model integrity (paper §2.4) and argument checking.  Every refusal raises the matching
// exception, writes nothing, and leaves the rank usable.  Runs at 1, 2 and 3 ranks.
using System;
using System.Linq;
using System.MP;
using System.Runtime.InteropServices;

public class WithReference { public int A; public object Ref; }
public class WithString { public string Name; }
public class WithPointer { public IntPtr Handle; }
public struct StructWithReference { public int A; public string S; }
public class Plain { public int A; }
public struct WithGCHandle { public int A; public GCHandle H; }
public class HoldsGCHandle { public long A; public GCHandle H; }

public static class RefusalTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (RefusalTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }

	static void RefusedAsBuffer (object buf, string typeName)
	{
		var e = Assert.Throws<ArgumentException> (() => World.Send (buf, Rank, 1), "Send " + typeName);
		Assert.Contains (typeName, e.Message, "message names the type");
		Assert.Contains ("O-operations", e.Message, "message points to the O-operations");
		Assert.Throws<ArgumentException> (() => World.Recv (buf, Rank, 1, null), "Recv " + typeName);
		Assert.Throws<ArgumentException> (() => World.Ssend (buf, Rank, 1), "Ssend " + typeName);
		Assert.Throws<ArgumentException> (() => World.Sendrecv (new int[1], Rank, 1, buf, Rank, 1, null), "Sendrecv recvbuf " + typeName);
		Assert.Throws<ArgumentException> (() => World.Sendrecv (buf, Rank, 1, new int[1], Rank, 1, null), "Sendrecv sendbuf " + typeName);
	}

	public static void ObjectsWithReferencesAreRefused ()
	{
		RefusedAsBuffer (new WithReference (), "WithReference");
		RefusedAsBuffer (new WithString { Name = "x" }, "WithString");
		RefusedAsBuffer (new WithPointer (), "WithPointer");
		RefusedAsBuffer ("a string", "System.String");
		RefusedAsBuffer (new object[3], "System.Object[]");
		RefusedAsBuffer (new string[3], "System.String[]");
		RefusedAsBuffer (new int[2][], "System.Int32[][]");
		RefusedAsBuffer (new StructWithReference[2], "StructWithReference[]");
		RefusedAsBuffer (new IntPtr[2], "System.IntPtr[]");
		RefusedAsBuffer (new Plain[2], "Plain[]");
	}

	// A GCHandle is one int, so it passes the "no references, no pointers" rule; but its value is a slot of this
	// process's handle table, and a received one names an unrelated slot of the receiver's (its Target aborts the
	// runtime).  As every process-local handle, it is refused as a buffer wherever it sits.
	public static void ProcessLocalHandlesAreRefusedAsBuffers ()
	{
		var h = GCHandle.Alloc (new object ());
		try {
			RefusedAsBuffer (new GCHandle[2] { h, h }, "System.Runtime.InteropServices.GCHandle[]");
			RefusedAsBuffer (new WithGCHandle[3], "WithGCHandle[]");
			RefusedAsBuffer (h, "System.Runtime.InteropServices.GCHandle");
			RefusedAsBuffer (new WithGCHandle { H = h }, "WithGCHandle");
			RefusedAsBuffer (new HoldsGCHandle { H = h }, "HoldsGCHandle");
			RefusedAsBuffer (new WeakReference (new object ()), "System.WeakReference");
			RefusedAsBuffer (new RuntimeTypeHandle[1], "System.RuntimeTypeHandle[]");
			var e = Assert.Throws<ArgumentException> (() => World.Send (new WithGCHandle[1], Rank, 1), "message");
			Assert.Contains ("process-local", e.Message, "the message says why");
			// The collectives resolve their buffers the same way.
			var arr = new WithGCHandle[2];
			Assert.Throws<ArgumentException> (() => World.Bcast (arr, 0), "Bcast");
			Assert.Throws<ArgumentException> (() => World.Bcast (new GCHandle[1], 0), "Bcast GCHandle[]");
			Assert.Throws<ArgumentException> (() => World.Allgather (new GCHandle[1], new GCHandle[Size]), "Allgather");
		} finally {
			h.Free ();
		}
		// The rank is usable: a plain struct array with the same ints still goes through.
		var got = new int[2];
		World.Sendrecv (new[] { Rank, 5 }, (Rank + 1) % Size, 23, got, (Rank + Size - 1) % Size, 23, null);
		Assert.True (got[0] == (Rank + Size - 1) % Size && got[1] == 5, "exchange after the refusals");
	}

	public static void NullBufferIsRefused ()
	{
		Assert.Throws<ArgumentNullException> (() => World.Send (null, Rank, 1), "Send null");
		Assert.Throws<ArgumentNullException> (() => World.Recv (null, Rank, 1, null), "Recv null");
		Assert.Throws<ArgumentNullException> (() => World.Send (null, 0, 1, Rank, 1), "Send null slice");
	}

	public static void OffsetAndCountAreChecked ()
	{
		var a = new int[10];
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, -1, 2, Rank, 1), "negative offset");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, 0, -1, Rank, 1), "count -1 is not 'whole buffer'");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, 0, -7, Rank, 1), "negative count");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, 11, 0, Rank, 1), "offset past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, 5, 6, Rank, 1), "offset + count past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Recv (a, 9, 2, Rank, 1, null), "Recv past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, int.MaxValue, 1, Rank, 1), "huge offset");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, 1, int.MaxValue, Rank, 1), "huge count");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (new double[2, 3], 4, 3, Rank, 1), "past the end of a 2-D array");
		var e = Assert.Throws<ArgumentException> (() => World.Send (new Plain (), 0, 1, Rank, 1), "slice of a non-array");
		Assert.Contains ("Plain", e.Message, "message names the type");
	}

	public static void RanksAreChecked ()
	{
		var a = new int[1];
		var e = Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, Size, 1), "dest == size");
		Assert.Contains ("rank " + Size, e.Message, "message names the rank");
		Assert.Equal ("dest", e.ParamName, "ParamName");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, -5, 1), "dest -5");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, MPI.ANY_SOURCE, 1), "ANY_SOURCE as dest");
		var r = Assert.Throws<ArgumentOutOfRangeException> (() => World.Recv (a, Size + 3, 1, null), "source out of range");
		Assert.Equal ("source", r.ParamName, "ParamName");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Probe (-9, 1, null), "Probe source");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Iprobe (Size, 1, null), "Iprobe source");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Sendrecv (a, Size, 1, new int[1], 0, 1, null), "Sendrecv dest");
		Assert.Throws<ArgumentOutOfRangeException> (() => MPI.COMM_SELF.Send (a, 1, 1), "rank 1 on COMM_SELF");
	}

	public static void TagsAreChecked ()
	{
		var a = new int[1];
		var e = Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, Rank, -5), "negative tag");
		Assert.Equal ("tag", e.ParamName, "ParamName");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, Rank, MPI.ANY_TAG), "ANY_TAG as send tag");
		if (MPI.TAG_UB < int.MaxValue)
			Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (a, Rank, MPI.TAG_UB + 1), "tag above TAG_UB");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Recv (a, Rank, -7, null), "negative receive tag");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Iprobe (Rank, -3, null), "negative probe tag");
	}

	public static void OverlappingBuffersInSendrecvAreRefused ()
	{
		var a = new int[4];
		Assert.Throws<ArgumentException> (() => World.Sendrecv (a, Rank, 1, a, Rank, 1, null), "same object");
		Assert.Throws<ArgumentException> (() => World.Sendrecv (a, 0, 3, Rank, 1, a, 2, 2, Rank, 1, null), "overlapping slices");
		a[0] = 5;
		a[1] = 6;
		World.Sendrecv (a, 0, 2, Rank, 1, a, 2, 2, Rank, 1, null); // disjoint slices of one array are fine
		Assert.SequenceEqual (new[] { 5, 6, 5, 6 }, a, "disjoint slices exchanged");
		// An empty range shares no element: not refused, inside another range or not.
		World.Sendrecv (a, 2, 0, Rank, 2, a, 0, 4, Rank, 2, null);
		Request r = World.Irecv (a, 1, 0, Rank, 3);
		Request r4 = World.Irecv (new int[4], Rank, 4);
		World.Send (a, 0, 4, Rank, 4); // the whole array, beside an empty receive in flight
		r4.Wait ();
		World.Send (a, 0, 0, Rank, 3);
		r.Wait ();
		var isr = World.Isendrecv (a, 3, 0, Rank, 5, a, 0, 4, Rank, 5);
		isr.Wait ();
	}

	public static void TruncationRaisesAndWritesNothingOutside ()
	{
		// A 50-byte message received into a 20-byte slice of a guarded array.
		var outgoing = Enumerable.Range (1, 50).Select (i => (byte) i).ToArray ();
		var guarded = Enumerable.Repeat ((byte) 0xEE, 100).ToArray ();
		var e = Assert.Throws<MPIException> (() => World.Sendrecv (outgoing, 0, 50, Rank, 20, guarded, 10, 20, Rank, 20, null), "truncated receive");
		Assert.Contains ("trunc", e.Message, "MPI's message says truncated");
		Assert.True (e.ErrorClass > 0, "ErrorClass is an MPI error class");
		for (int i = 0; i < 100; i++)
			if (i < 10 || i >= 30)
				Assert.Equal ((byte) 0xEE, guarded[i], "byte " + i + " outside the receive slice");

		// The same through a whole-buffer receive from another rank.
		if (Size > 1) {
			int next = (Rank + 1) % Size, prev = (Rank + Size - 1) % Size;
			var small = new long[2];
			var neighbour = new long[] { 7, 7, 7 };
			var big = new long[] { 1, 2, 3, 4 };
			Exception caught = null;
			try {
				World.Sendrecv (big, next, 21, small, prev, 21, null);
			} catch (MPIException x) {
				caught = x;
			}
			Assert.True (caught != null, "MPIException for a 32-byte message into a 16-byte array");
			Assert.SequenceEqual (new long[] { 7, 7, 7 }, neighbour, "neighbouring array untouched");
		}
	}

	// MPI.IN_PLACE where MPI takes no MPI_IN_PLACE: an ArgumentException that says where it belongs.
	static void InPlaceRefused (Action action, string what)
	{
		var e = Assert.Throws<ArgumentException> (action, what);
		Assert.Contains ("MPI.IN_PLACE is not a buffer: only the collectives with an in-place form take it", e.Message, what);
		Assert.Contains ("Allreduce", e.Message, what + ": the message lists where it belongs");
	}

	public static void InPlaceIsRefusedWhereMpiTakesNoInPlace ()
	{
		var p = MPI.IN_PLACE;
		int rank = Rank, next = (rank + 1) % Size;
		var buf = new int[] { 41, 42 };
		// Point to point: every form, both buffers of Sendrecv.
		InPlaceRefused (() => World.Send (p, next, 3), "Send");
		InPlaceRefused (() => World.Send (p, 0, 0, next, 3), "Send (offset, count)");
		InPlaceRefused (() => World.Ssend (p, next, 3), "Ssend");
		InPlaceRefused (() => World.Ssend (p, 0, 0, next, 3), "Ssend (offset, count)");
		InPlaceRefused (() => World.Isend (p, next, 3), "Isend");
		InPlaceRefused (() => World.Isend (p, 0, 0, next, 3), "Isend (offset, count)");
		InPlaceRefused (() => World.Issend (p, next, 3), "Issend");
		InPlaceRefused (() => World.Issend (p, 0, 0, next, 3), "Issend (offset, count)");
		InPlaceRefused (() => World.Recv (p, next, 3, null), "Recv");
		InPlaceRefused (() => World.Recv (p, 0, 0, next, 3, new Status ()), "Recv (offset, count)");
		InPlaceRefused (() => World.Irecv (p, next, 3), "Irecv");
		InPlaceRefused (() => World.Irecv (p, 0, 0, next, 3), "Irecv (offset, count)");
		InPlaceRefused (() => World.Sendrecv (p, rank, 3, buf, rank, 3, null), "Sendrecv sendbuf");
		InPlaceRefused (() => World.Sendrecv (buf, rank, 3, p, rank, 3, null), "Sendrecv recvbuf");
		InPlaceRefused (() => World.Sendrecv (p, 0, 0, rank, 3, buf, 0, 1, rank, 3, null), "Sendrecv (ranges) sendbuf");
		InPlaceRefused (() => World.Sendrecv (buf, 0, 1, rank, 3, p, 0, 0, rank, 3, null), "Sendrecv (ranges) recvbuf");
		// Local reduction, either argument.
		InPlaceRefused (() => Op.SUM.Reduce_local (p, buf), "Reduce_local inbuf");
		InPlaceRefused (() => Op.SUM.Reduce_local (buf, p), "Reduce_local inoutbuf");
		using (var op = Op.Create<int> ((a, b) => a + b, true))
			InPlaceRefused (() => op.Reduce_local (p, buf), "Reduce_local of a user operator");
		// Object operations, point to point and diagnostics.
		InPlaceRefused (() => World.OSend (p, next, 3), "OSend");
		InPlaceRefused (() => World.OSend (p, 0, 0, next, 3), "OSend (offset, count)");
		InPlaceRefused (() => World.OIsend (p, next, 3), "OIsend");
		InPlaceRefused (() => ObjectDiagnostics.Serialize (p), "Serialize");
		Assert.SequenceEqual (new[] { 41, 42 }, buf, "nothing written");

		// Collectives, refused on every rank alike (all pass IN_PLACE), so no rank waits for another.
		InPlaceRefused (() => World.Bcast (p, 0), "Bcast");
		InPlaceRefused (() => World.Bcast (p, 0, 0, 0), "Bcast (offset, count)");
		InPlaceRefused (() => World.Allreduce (buf, p, Op.SUM), "Allreduce recvbuf");
		World.Barrier ();
		// Object collectives: the rank that serialises refuses it; the others learn that it failed.
		Exception obcast = null;
		try {
			World.OBcast (p, 0);
		} catch (Exception e) {
			obcast = e;
		}
		Assert.True (obcast != null, "OBcast raised");
		if (rank == 0)
			InPlaceRefused (() => { throw obcast; }, "OBcast at the root");
		Exception oscatter = null;
		try {
			World.OScatter (p, 0);
		} catch (Exception e) {
			oscatter = e;
		}
		Assert.True (oscatter != null, "OScatter raised");
		if (rank == 0)
			InPlaceRefused (() => { throw oscatter; }, "OScatter at the root");
		InPlaceRefused (() => World.OAllgather (p), "OAllgather");
		InPlaceRefused (() => World.OGather (p, 0), "OGather");
		// The rank is still usable: a Bcast and an object exchange after all that.
		var after = new[] { rank == 0 ? 7 : 0 };
		World.Bcast (after, 0);
		Assert.Equal (7, after[0], "Bcast afterwards");
		Assert.Equal ((object) 9, World.OBcast (rank == 0 ? (object) 9 : null, 0), "OBcast afterwards");
	}

	public static void RankIsUsableAfterRefusals ()
	{
		// Every refusal above returned before posting anything: a normal exchange still works and no stale
		// message is waiting.
		int size = Size, rank = Rank;
		var got = new int[1];
		World.Sendrecv (new int[] { rank }, (rank + 1) % size, 22, got, (rank + size - 1) % size, 22, null);
		Assert.Equal ((rank + size - 1) % size, got[0], "exchange after refusals");
		World.Barrier ();
		var stray = new Status ();
		Assert.True (!World.Iprobe (MPI.ANY_SOURCE, MPI.ANY_TAG, stray), "no stray message left behind (found one from rank " +
			stray.Get_source () + ", tag " + stray.Get_tag () + ", " + stray.Get_count (typeof (byte)) + " bytes)");
	}
}
