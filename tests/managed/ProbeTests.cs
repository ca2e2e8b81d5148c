// ProbeTests: matched probes (Mprobe, Improbe, Message), Sendrecv_replace, Split_type, communicator names and
// Idup.  Runs at 1-4 ranks: every rank sends to the next and receives from the previous (itself at 1 rank).
using System;
using System.Linq;
using System.MP;
using System.Runtime.CompilerServices;
using System.Threading;

public static class ProbeTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (ProbeTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }

	static double[] Payload (int rank) { return Enumerable.Range (0, 10 + 3 * rank).Select (i => rank * 100.5 + i).ToArray (); }

	public static void MprobeSizesTheMessageAndRecvGetsEveryElement ()
	{
		var s = World.Isend (Payload (Rank), Next, 7);
		var status = new Status ();
		Message m = World.Mprobe (MPI.ANY_SOURCE, 7, status);
		Assert.Equal (Prev, status.Get_source (), "probed source");
		Assert.Equal (Prev, m.Source, "Message.Source");
		int n = status.Get_count (typeof (double));
		Assert.Equal (10 + 3 * Prev, n, "probed count");
		var buf = new double[n];
		var got = new Status ();
		m.Recv (buf, got);
		Assert.Equal (7, got.Get_tag (), "received tag");
		Assert.SequenceEqual (Payload (Prev), buf, "received");
		Assert.Contains ("received already", Assert.Throws<InvalidOperationException> (() => m.Recv (buf, null), "second Recv").Message);
		Assert.Throws<InvalidOperationException> (() => m.Irecv (buf), "Irecv after Recv");
		s.Wait ();
	}

	public static void ImprobeWithNothingWaitingReturnsNull ()
	{
		var status = new Status ();
		Assert.True (World.Improbe (MPI.ANY_SOURCE, 99, status) == null, "no message with tag 99");
		Assert.True (World.Improbe (Prev, MPI.ANY_TAG, null) == null, "no message at all");
		World.Barrier ();
	}

	public static void ImprobeThenIrecvIntoARange ()
	{
		var data = Enumerable.Range (0, 20).Select (i => Rank * 50 + i).ToArray ();
		var s = World.Isend (data, Next, 8); // a blocking Send to itself may wait for the receive (MPICH)
		Message m = null;
		var status = new Status ();
		var deadline = DateTime.UtcNow.AddSeconds (30);
		while (m == null && DateTime.UtcNow < deadline)
			m = World.Improbe (Prev, 8, status);
		Assert.True (m != null, "the message was matched");
		Assert.Equal (20, status.Get_count (typeof (int)), "probed count");
		var buf = new int[30];
		var r = m.Irecv (buf, 5, 20);
		r.Wait (status);
		Assert.Equal (Prev, status.Get_source (), "source");
		for (int i = 0; i < 30; i++)
			Assert.Equal (i >= 5 && i < 25 ? Prev * 50 + i - 5 : 0, buf[i], "element " + i);
		Assert.Throws<InvalidOperationException> (() => m.Irecv (buf), "second Irecv");
		s.Wait ();
	}

	public static void MessageFromProcNullReceivesNothing ()
	{
		var status = new Status ();
		Message m = World.Mprobe (MPI.PROC_NULL, 3, status);
		Assert.Equal (MPI.PROC_NULL, status.Get_source (), "probe source");
		var buf = new int[] { 9, 9 };
		m.Recv (buf, status);
		Assert.Equal (MPI.PROC_NULL, status.Get_source (), "recv source");
		Assert.Equal (MPI.ANY_TAG, status.Get_tag (), "recv tag");
		Assert.Equal (0, status.Get_count (typeof (int)), "recv count");
		Assert.SequenceEqual (new[] { 9, 9 }, buf, "buffer untouched");
		Assert.Throws<InvalidOperationException> (() => m.Recv (buf, null), "second Recv");
		Message m2 = World.Improbe (MPI.PROC_NULL, MPI.ANY_TAG, null);
		Assert.True (m2 != null, "Improbe from PROC_NULL matches at once");
		var r = m2.Irecv (buf);
		r.Wait (status);
		Assert.Equal (MPI.PROC_NULL, status.Get_source (), "irecv source");
		Assert.Equal (0, status.Get_count (typeof (int)), "irecv count");
		Assert.SequenceEqual (new[] { 9, 9 }, buf, "buffer untouched by Irecv");
	}

	public static void RefusedBufferLeavesTheMessageReceivable ()
	{
		var s = World.Isend (new byte[] { 1, 2, 3 }, Next, 9);
		Message m = World.Mprobe (Prev, 9, null);
		Assert.Throws<ArgumentException> (() => m.Recv ("not a buffer", null), "string buffer");
		Assert.Throws<ArgumentNullException> (() => m.Recv (null, null), "null buffer");
		Assert.Throws<ArgumentOutOfRangeException> (() => m.Recv (new byte[3], 2, 5, null), "range past the end");
		var buf = new byte[3];
		m.Recv (buf, null);
		Assert.SequenceEqual (new byte[] { 1, 2, 3 }, buf, "received after the refusals");
		s.Wait ();
	}

	public static void TruncatedMessageRaisesAndIsConsumed ()
	{
		var s = World.Isend (Enumerable.Range (1, 10).ToArray (), Next, 10);
		Message m = World.Mprobe (Prev, 10, null);
		var small = new int[4];
		var e = Assert.Throws<MPIException> (() => m.Recv (small, null), "truncated");
		Assert.Contains ("truncated", e.Message);
		Assert.Throws<InvalidOperationException> (() => m.Recv (new int[10], null), "a truncated message was received");
		s.Wait ();
		World.Barrier ();
	}

	public static void MessageOfAFreedCommunicatorRaises ()
	{
		var dup = World.Dup ();
		var s1 = dup.Isend (new[] { 1 }, Next, 11);
		var buf = new int[1];
		dup.Mprobe (Prev, 11, null).Recv (buf, null);
		Assert.Equal (1, buf[0], "a message received before the communicator is freed");
		s1.Wait ();
		var s3 = dup.Isend (new[] { 3 }, Next, 13);
		Message m = dup.Mprobe (Prev, 13, null);
		dup.Free ();
		// The message is discarded (received into scratch memory), so nothing stays behind in the MPI library.
		Assert.Throws<ObjectDisposedException> (() => m.Recv (buf, null), "communicator freed");
		Assert.Equal (1, buf[0], "the buffer is untouched");
		Assert.Throws<InvalidOperationException> (() => m.Recv (buf, null), "and the message is gone");
		s3.Wait (); // received by the discard
	}

	public static void ProbeArgumentsAreChecked ()
	{
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Mprobe (Size, 1, null), "source = size");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Improbe (0, -5, null), "negative tag");
		var dup = World.Dup ();
		dup.Free ();
		Assert.Throws<ObjectDisposedException> (() => dup.Improbe (0, 1, null), "freed communicator");
	}

	// ---- Sendrecv_replace ------------------------------------------------------------------------------

	public static void SendrecvReplaceAroundTheRing ()
	{
		var buf = Enumerable.Range (0, 33).Select (i => (long) Rank * 1000 + i).ToArray ();
		var status = new Status ();
		World.Sendrecv_replace (buf, Next, 14, Prev, 14, status);
		Assert.Equal (Prev, status.Get_source (), "source");
		Assert.Equal (33, status.Get_count (typeof (long)), "count");
		for (int i = 0; i < 33; i++)
			Assert.Equal ((long) Prev * 1000 + i, buf[i], "element " + i);
		// Around the whole ring, one step at a time: back to this rank's own data.
		for (int step = 1; step < Size; step++)
			World.Sendrecv_replace (buf, Next, 15, Prev, 15, null);
		for (int i = 0; i < 33; i++)
			Assert.Equal ((long) Rank * 1000 + i, buf[i], "after a full turn, element " + i);
	}

	public static void SendrecvReplaceOfARangeLeavesTheRest ()
	{
		var buf = Enumerable.Range (0, 12).Select (i => (float) (Rank * 10 + i)).ToArray ();
		World.Sendrecv_replace (buf, 3, 5, Next, 16, Prev, 16, null);
		for (int i = 0; i < 12; i++)
			Assert.Equal (i >= 3 && i < 8 ? (float) (Prev * 10 + i) : (float) (Rank * 10 + i), buf[i], "element " + i);
		// From PROC_NULL nothing arrives: the buffer keeps what was sent.
		var keep = new[] { 1, 2, 3 };
		var status = new Status ();
		World.Sendrecv_replace (keep, MPI.PROC_NULL, 17, MPI.PROC_NULL, 17, status);
		Assert.SequenceEqual (new[] { 1, 2, 3 }, keep, "PROC_NULL both ways");
		Assert.Equal (MPI.PROC_NULL, status.Get_source (), "PROC_NULL status");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Sendrecv_replace (keep, Size, 1, Prev, 1, null), "dest = size");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Sendrecv_replace (keep, Next, 1, Size + 1, 1, null), "source past size");
		Assert.Throws<ArgumentException> (() => World.Sendrecv_replace ("x", Next, 1, Prev, 1, null), "string buffer");
	}

	public static void SendrecvReplaceTruncationRaises ()
	{
		// Each rank sends 8 ints to the next, which offers room for 3.
		var s = World.Isend (new int[8], Next, 19);
		var small = new int[] { 5, 6, 7 };
		var e = Assert.Throws<MPIException> (() => World.Sendrecv_replace (small, MPI.PROC_NULL, 19, Prev, 19, null), "truncated");
		Assert.Contains ("truncated", e.Message);
		s.Wait ();
	}

	// ---- Split_type, names, Idup ---------------------------------------------------------------------

	public static void SplitTypeSharedGroupsEveryRankOfThisHost ()
	{
		var node = World.Split_type (MPI.COMM_TYPE_SHARED, -Rank);
		Assert.Equal (Size, node.Get_size (), "every rank runs on this host");
		Assert.Equal (Size - 1 - Rank, node.Get_rank (), "ordered by key (descending world rank)");
		var sum = new int[1];
		node.Allreduce (new[] { Rank }, sum, Op.SUM);
		Assert.Equal (Size * (Size - 1) / 2, sum[0], "traffic on the new communicator");
		node.Free ();
		var some = World.Split_type (Rank % 2 == 0 ? MPI.COMM_TYPE_SHARED : MPI.UNDEFINED, 0);
		if (Rank % 2 == 1)
			Assert.True (some == null, "UNDEFINED gives null");
		else {
			Assert.Equal ((Size + 1) / 2, some.Get_size (), "the even ranks");
			some.Free ();
		}
	}

	public static void SplitTypeRefusalRaisesOnEveryRank ()
	{
		if (Rank == 0)
			Assert.Throws<ArgumentOutOfRangeException> (() => World.Split_type (99, 0), "bad type");
		else
			Assert.Contains ("rank 0", Assert.Throws<InvalidOperationException> (() => World.Split_type (MPI.COMM_TYPE_SHARED, 0), "peer refused").Message);
		// Still usable afterwards.
		var node = World.Split_type (MPI.COMM_TYPE_SHARED, 0);
		Assert.Equal (Size, node.Get_size (), "after a refusal");
		node.Free ();
	}

	public static void NamesRoundTrip ()
	{
		Assert.Equal ("MPI_COMM_WORLD", World.Get_name (), "COMM_WORLD's name");
		Assert.Equal ("MPI_COMM_SELF", MPI.COMM_SELF.Get_name (), "COMM_SELF's name");
		var dup = World.Dup ();
		string name = "grid rows \u00e9\u00e8 " + Rank;
		dup.Set_name (name);
		Assert.Equal (name, dup.Get_name (), "round trip");
		string longest = new string ('n', Comm.MAX_OBJECT_NAME);
		dup.Set_name (longest);
		Assert.Equal (longest, dup.Get_name (), "longest name");
		Assert.Throws<ArgumentException> (() => dup.Set_name (longest + "x"), "too long");
		Assert.Throws<ArgumentException> (() => dup.Set_name ("a\0b"), "NUL");
		Assert.Throws<ArgumentNullException> (() => dup.Set_name (null), "null");
		Assert.Equal (longest, dup.Get_name (), "refusals changed nothing");
		dup.Free ();
		Assert.Throws<ObjectDisposedException> (() => dup.Get_name (), "freed");
	}

	public static void IdupThenTrafficOnTheNewCommunicator ()
	{
		Request r;
		Intracomm c = World.Idup (out r);
		// Before the request completes the communicator cannot be used.  (A collection could complete it in
		// between; none runs here, as nothing is allocated.)
		var e = Assert.Throws<InvalidOperationException> (() => c.Send (new int[1], Next, 1), "used before Wait");
		Assert.Contains ("Idup", e.Message);
		Assert.Contains ("Idup", Assert.Throws<ObjectDisposedException> (() => c.Allreduce (new[] { 1 }, new int[1], Op.SUM),
			"a collective before Wait").Message);
		Assert.Contains ("Idup", Assert.Throws<InvalidOperationException> (() => c.Free (), "Free before Wait").Message);
		r.Wait ();
		Assert.Equal (Size, c.Get_size (), "size");
		Assert.Equal (Rank, c.Get_rank (), "rank");
		var got = new int[2];
		c.Sendrecv (new[] { Rank, -Rank }, Next, 2, got, Prev, 2, null);
		Assert.SequenceEqual (new[] { Prev, -Prev }, got, "Sendrecv on the new communicator");
		Assert.Equal (MPI.CONGRUENT, Comm.Compare (World, c), "congruent with its parent");
		c.Barrier ();
		c.Free ();
	}

	static Intracomm dropped;

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void IdupAndDropTheRequest ()
	{
		Request r;
		dropped = World.Idup (out r);
	}

	public static void IdupWhoseRequestIsDroppedCompletesThroughTheCollector ()
	{
		IdupAndDropTheRequest ();
		var deadline = DateTime.UtcNow.AddSeconds (30);
		bool usable = false;
		while (!usable && DateTime.UtcNow < deadline) {
			GC.Collect (0);
			try {
				dropped.Get_size ();
				usable = true;
			} catch (InvalidOperationException) {
				Thread.Sleep (1);
			}
		}
		Assert.True (usable, "a collection completed the Idup");
		var sum = new long[1];
		dropped.Allreduce (new long[] { Rank + 1 }, sum, Op.SUM);
		Assert.Equal ((long) Size * (Size + 1) / 2, sum[0], "Allreduce on it");
		dropped.Free ();
	}
}
