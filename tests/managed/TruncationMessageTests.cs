// TruncationMessageTests: a receive whose buffer is too small raises MPIException (class MPI_ERR_TRUNCATE) whose
// message names the operation the program called (Recv, Sendrecv, Wait, Test, Waitall, Waitany), the source and tag
// when they are known, what the buffer holds (bytes, count and element type) and what to do.  Open MPI reports
// the size of the whole message in the status, so there the message gives it; MPICH reports 0 bytes, so there
// the message says the message is longer.  Every rank sends to the next and receives from the previous one (at
// 1 rank: a message to itself), and stays usable afterwards.
using System;
using System.MP;

public static class TruncationMessageTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (TruncationMessageTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }
	static bool OpenMpi { get { return Diagnostics.MpiLibrary.StartsWith ("Open MPI"); } }

	const string Advice = ": pass a larger buffer, or Probe first to size it";

	// MPI_ERR_TRUNCATE in the library's numbering: 14 in MPICH 4.0, 15 in Open MPI 4.1.
	static void IsTruncation (MPIException e)
	{
		string lib = Diagnostics.MpiLibrary;
		if (lib.StartsWith ("MPICH"))
			Assert.Equal (14, e.ErrorClass, "MPICH's MPI_ERR_TRUNCATE");
		else if (lib.StartsWith ("Open MPI"))
			Assert.Equal (15, e.ErrorClass, "Open MPI's MPI_ERR_TRUNCATE");
		else
			Assert.True (e.ErrorClass > 0, "an MPI error class");
	}

	// The size part of the message: the whole message's size where the library reports it (Open MPI, with a
	// status), else "longer than".
	static string SizeText (int messageBytes, bool withStatus, string holds)
	{
		return OpenMpi && withStatus ? " has " + messageBytes + " bytes but the buffer holds " + holds
			: " is longer than the buffer, which holds " + holds;
	}

	static MPIException RecvTruncated (Action recv, int sendCount, int tag)
	{
		var big = new int[sendCount];
		for (int i = 0; i < big.Length; i++)
			big[i] = i + 1;
		Request s = World.Isend (big, Next, tag);
		var e = Assert.Throws<MPIException> (recv, "truncated receive");
		s.Wait ();
		IsTruncation (e);
		return e;
	}

	public static void RecvNamesSourceTagBothSizesAndWhatToDo ()
	{
		var small = new int[10];
		var e = RecvTruncated (() => World.Recv (small, Prev, 7, null), 100, 7);
		Assert.Equal ("Recv: message truncated: the message from rank " + Prev + " (tag 7)" +
			SizeText (400, false, "40 bytes (10 x System.Int32)") + Advice, e.Message, "message");
	}

	public static void RecvWithStatusNamesWhatTheLibraryReports ()
	{
		var small = new int[10];
		var st = new Status ();
		var e = RecvTruncated (() => World.Recv (small, MPI.ANY_SOURCE, MPI.ANY_TAG, st), 100, 8);
		Assert.Equal ("Recv: message truncated: the message from rank " + Prev + " (tag 8)" +
			SizeText (400, true, "40 bytes (10 x System.Int32)") + Advice, e.Message, "message");
		Assert.Equal (Prev, st.Source, "status source");
		Assert.Equal (8, st.Tag, "status tag");
	}

	// After a larger message on the same connection: MPICH's status of the truncated receive counts that earlier
	// message's bytes (tests/upstream/mpich-truncated-count.c), which must not be reported as this one's size.
	public static void TruncationAfterALargerMessageNamesNoStaleSize ()
	{
		var whole = new int[1000];
		Request s = World.Isend (new int[1000], Next, 13);
		World.Recv (whole, Prev, 13, null);
		s.Wait ();
		var st = new Status ();
		var e = RecvTruncated (() => World.Recv (new int[2], Prev, 14, st), 3, 14);
		Assert.Equal ("Recv: message truncated: the message from rank " + Prev + " (tag 14)" +
			SizeText (12, true, "8 bytes (2 x System.Int32)") + Advice, e.Message, "message");
		Assert.Equal (OpenMpi ? 12 : 0, st.Get_count (typeof (byte)), "the status's count: the message's, or none");
	}

	public static void RecvFromAnySourceWithoutStatusSaysAStatusTells ()
	{
		var small = new int[10];
		var e = RecvTruncated (() => World.Recv (small, MPI.ANY_SOURCE, MPI.ANY_TAG, null), 11, 9);
		Assert.Equal ("Recv: message truncated: the message from some rank (ANY_SOURCE, any tag) is longer than the buffer, " +
			"which holds 40 bytes (10 x System.Int32)" + Advice + " (a Status tells which message it was)", e.Message, "message");
	}

	public static void RangedRecvCountsTheRangeOnly ()
	{
		var buf = new double[100];
		var big = new double[6];
		Request s = World.Isend (big, Next, 10);
		var e = Assert.Throws<MPIException> (() => World.Recv (buf, 20, 5, Prev, 10, null), "truncated");
		s.Wait ();
		IsTruncation (e);
		Assert.Equal ("Recv: message truncated: the message from rank " + Prev + " (tag 10)" +
			SizeText (48, false, "40 bytes (5 x System.Double)") + Advice, e.Message, "message");
	}

	public static void SendrecvNamesSendrecv ()
	{
		var big = new short[30];
		var small = new short[3];
		var e = Assert.Throws<MPIException> (() => World.Sendrecv (big, Next, 11, small, Prev, 11, null), "truncated");
		IsTruncation (e);
		Assert.Equal ("Sendrecv: message truncated: the message from rank " + Prev + " (tag 11)" +
			SizeText (60, true, "6 bytes (3 x System.Int16)") + Advice, e.Message, "message");
	}

	// Posts the receive and sends the message to it.  Open MPI 4.1 (ob1, self BTL) completes a message to self that
	// arrives in a receive posted before it, and is too small, without any error (native-mpi/mpi-compat.h,
	// motor_compat_self_send_first), so at 1 rank under Open MPI the message is sent first.
	static Request PostAndSend (Func<Request> post, Array message, int tag)
	{
		if (Size == 1 && OpenMpi) {
			Request s = World.Isend (message, Next, tag);
			Request r = post ();
			s.Wait ();
			return r;
		}
		Request recv = post ();
		World.Send (message, Next, tag);
		return recv;
	}

	// A non-blocking receive completed without a status: its source is known only if a collection completed it
	// (the runtime then keeps the status), so only the rest of the message is checked exactly.
	static void CheckIrecv (MPIException e, string op, string holds)
	{
		IsTruncation (e);
		string head = op + " (of an Irecv): message truncated: the message";
		Assert.True (e.Message.StartsWith (head), "starts with '" + head + "': " + e.Message);
		Assert.Contains ("the buffer, which holds " + holds + Advice, e.Message, "what the buffer holds");
	}

	public static void IrecvThenWaitNamesWaitAndTheBuffer ()
	{
		var small = new long[3];
		Request r = PostAndSend (() => World.Irecv (small, Prev, 12), new long[20], 12);
		var e = Assert.Throws<MPIException> (() => r.Wait (), "Wait");
		CheckIrecv (e, "Wait", "24 bytes (3 x System.Int64)");
	}

	// A non-blocking receive's message names the element type from the runtime's datatype handle (the table
	// generated from native-mpi/datatypes.def): every primitive type, with its size.
	public static void IrecvNamesEveryPrimitiveElementTypeAndItsSize ()
	{
		var kinds = new Array[] { new byte[8], new sbyte[8], new short[8], new ushort[8], new int[8], new uint[8],
			new long[8], new ulong[8], new float[8], new double[8], new char[8], new bool[8] };
		var sizes = new[] { 1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 2, 1 };
		for (int k = 0; k < kinds.Length; k++) {
			Type t = kinds[k].GetType ().GetElementType ();
			Array small = Array.CreateInstance (t, 2);
			int tag = 40 + k;
			Request r = PostAndSend (() => World.Irecv (small, Prev, tag), kinds[k], tag);
			var e = Assert.Throws<MPIException> (() => r.Wait (), "Wait, " + t.Name);
			CheckIrecv (e, "Wait", 2 * sizes[k] + " bytes (2 x " + t.FullName + ")");
		}
	}

	public static void IrecvThenWaitWithStatusNamesSourceTagAndSize ()
	{
		var small = new byte[5];
		var st = new Status ();
		Request r = PostAndSend (() => World.Irecv (small, MPI.ANY_SOURCE, MPI.ANY_TAG), new byte[77], 13);
		var e = Assert.Throws<MPIException> (() => r.Wait (st), "Wait(Status)");
		IsTruncation (e);
		Assert.Equal ("Wait (of an Irecv): message truncated: the message from rank " + Prev + " (tag 13)" +
			SizeText (77, true, "5 bytes (5 x System.Byte)") + Advice, e.Message, "message");
	}

	// Test (status) fills the status before it raises, as Wait (status) does; the request is inactive afterwards.
	public static void IrecvThenTestWithStatusFillsTheStatusAndRaisesOnce ()
	{
		var small = new short[3];
		var st = new Status ();
		Request r = PostAndSend (() => World.Irecv (small, MPI.ANY_SOURCE, MPI.ANY_TAG), new short[10], 18);
		MPIException e = null;
		try {
			while (!r.Test (st)) { }
		} catch (MPIException x) {
			e = x;
		}
		Assert.True (e != null, "Test(Status) raised");
		IsTruncation (e);
		Assert.Equal ("Test (of an Irecv): message truncated: the message from rank " + Prev + " (tag 18)" +
			SizeText (20, true, "6 bytes (3 x System.Int16)") + Advice, e.Message, "message");
		Assert.Equal (Prev, st.Source, "status source");
		Assert.Equal (18, st.Tag, "status tag");
		Assert.True (r.Test (st), "Test(Status) of the inactive request");
		Assert.Equal (MPI.ANY_SOURCE, st.Source, "empty status source");
		Assert.Equal (MPI.ANY_TAG, st.Tag, "empty status tag");
	}

	public static void IrecvThenTestNamesTest ()
	{
		var small = new float[2];
		Request r = PostAndSend (() => World.Irecv (small, Prev, 14), new float[4], 14);
		MPIException e = null;
		try {
			while (!r.Test ()) { }
		} catch (MPIException x) {
			e = x;
		}
		Assert.True (e != null, "Test raised");
		CheckIrecv (e, "Test", "8 bytes (2 x System.Single)");
	}

	public static void WaitallAndWaitanyNameThemselves ()
	{
		var small = new int[1];
		var fine = new int[4];
		Request[] rs = { PostAndSend (() => World.Irecv (fine, Prev, 15), new int[4], 15),
			PostAndSend (() => World.Irecv (small, Prev, 16), new int[4], 16) };
		var e = Assert.Throws<MPIException> (() => Request.Waitall (rs), "Waitall");
		CheckIrecv (e, "Waitall", "4 bytes (1 x System.Int32)");

		Request[] one = { PostAndSend (() => World.Irecv (small, Prev, 17), new int[2], 17) };
		e = Assert.Throws<MPIException> (() => Request.Waitany (one, new Status ()), "Waitany");
		IsTruncation (e);
		Assert.Equal ("Waitany (of an Irecv): message truncated: the message from rank " + Prev + " (tag 17)" +
			SizeText (8, true, "4 bytes (1 x System.Int32)") + Advice, e.Message, "message");
	}

	// Waitall stops at the request that raises: the ones after it are not waited for (one still unmatched must not
	// hang the call), and the next Waitall over the same array completes them without raising the first again.
	public static void WaitallStopsAtATruncationAndTheNextOneCompletesTheRest ()
	{
		var small = new int[1];
		var later = new int[2];
		var done = new int[2];
		Request finished = PostAndSend (() => World.Irecv (done, Prev, 19), new[] { 5, 6 }, 19);
		finished.Wait ();
		Request[] rs = { finished, null, PostAndSend (() => World.Irecv (small, Prev, 20), new int[3], 20),
			World.Irecv (later, Prev, 21) };
		var e = Assert.Throws<MPIException> (() => Request.Waitall (rs), "Waitall");
		CheckIrecv (e, "Waitall", "4 bytes (1 x System.Int32)");
		Assert.True (!rs[3].Test (), "the receive after the truncated one is still in flight");
		World.Barrier (); // every rank has tested before any sends
		World.Send (new[] { Rank, 21 }, Next, 21);
		Request.Waitall (rs);
		Assert.SequenceEqual (new[] { Prev, 21 }, later, "the receive after the truncated one");
		var st = new Status ();
		Assert.True (rs[2].Test (st), "the truncated receive is inactive");
		Assert.Equal (MPI.ANY_SOURCE, st.Get_source (), "its empty status");
		Request.Waitall (rs); // all inactive: returns at once
	}

	// Testsome and Waitsome over a receive, a truncated one and another receive, all three complete: the first call
	// returns the first alone, the next raises for the truncated one, the one after returns the last.
	public static void TestsomeAndWaitsomeReportATruncationAlone ()
	{
		foreach (string op in new[] { "Testsome", "Waitsome" }) {
			int tag = op == "Testsome" ? 22 : 25;
			var a = new int[2];
			var small = new int[1];
			var b = new int[2];
			Request[] rs = { PostAndSend (() => World.Irecv (a, Prev, tag), new[] { Rank, 1 }, tag),
				PostAndSend (() => World.Irecv (small, Prev, tag + 1), new int[3], tag + 1),
				PostAndSend (() => World.Irecv (b, Prev, tag + 2), new[] { Rank, 3 }, tag + 2) };
			foreach (Request r in rs)
				while (!r.Get_status (null)) { } // complete, none reported
			Func<Status[], int[]> some = sts => op == "Testsome" ? Request.Testsome (rs, sts) : Request.Waitsome (rs, sts);
			var st = new[] { new Status (), new Status () };
			Assert.SequenceEqual (new[] { 0 }, some (st), op + ": the first receive, without the truncated one");
			Assert.Equal (Prev, st[0].Get_source (), op + ": its status");
			Assert.SequenceEqual (new[] { Prev, 1 }, a, op + ": the first receive's data");
			var e = Assert.Throws<MPIException> (() => some (null), op + " again");
			// The completion was found with a status (Get_status), so Open MPI's size of the message is named.
			IsTruncation (e);
			Assert.True (e.Message.StartsWith (op + " (of an Irecv): message truncated: the message"), "names " + op + ": " + e.Message);
			Assert.Contains ("4 bytes (1 x System.Int32)" + Advice, e.Message, "what the buffer holds");
			Assert.SequenceEqual (new[] { 2 }, some (st), op + ": then the last receive");
			Assert.Equal (tag + 2, st[0].Get_tag (), op + ": its status");
			Assert.SequenceEqual (new[] { Prev, 3 }, b, op + ": the last receive's data");
			int[] none = some (null);
			Assert.True (op == "Testsome" ? none == null : none.Length == 0, op + ": nothing left active");
		}
	}

	public static void RankIsUsableAfterTruncations ()
	{
		var got = new int[1];
		World.Sendrecv (new[] { Rank }, Next, 18, got, Prev, 18, null);
		Assert.Equal (Prev, got[0], "exchange after truncations");
		World.Barrier ();
		var stray = new Status ();
		Assert.True (!World.Iprobe (MPI.ANY_SOURCE, MPI.ANY_TAG, stray), "no stray message (tag " + stray.Tag + ")");
	}
}
