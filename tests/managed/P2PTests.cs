// P2PTests: blocking point-to-point operations on every kind of buffer.  Runs at 1, 2 and 3 ranks: messages go
// around a ring (rank r sends to r+1 and receives from r-1), which at one rank is the rank itself.
using System;
using System.Collections.Generic;
using System.Linq;
using System.MP;

public struct Point { public double X, Y; public int Id; }
public struct Segment { public Point A, B; public byte Flags; }
public struct Five { public byte A, B, C, D, E; }
public enum Colour : short { Red = 1, Green = 2, Blue = 300 }
public class Particle { public double X, Y, Z; public int Id; public bool Alive; }
public class Derived : Particle { public long Extra; }

public static class P2PTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (P2PTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }

	// Sends `outgoing` to the next rank and receives the previous rank's message into `incoming`, with Send and
	// Recv: rank 0 sends first, every other rank receives first, so the ring needs no buffering.  At one rank
	// it uses Sendrecv (a blocking send to oneself can only complete if MPI buffers it).
	static void Ring (object outgoing, object incoming, int tag, Status status = null)
	{
		if (Size == 1) {
			World.Sendrecv (outgoing, 0, tag, incoming, 0, tag, status);
		} else if (Rank == 0) {
			World.Send (outgoing, Next, tag);
			World.Recv (incoming, Prev, tag, status);
		} else {
			World.Recv (incoming, Prev, tag, status);
			World.Send (outgoing, Next, tag);
		}
	}

	// Ring with the offset/count forms: elements [soff, soff+n) of `outgoing` land at [roff, roff+n) of `incoming`.
	static void RingSlice (Array outgoing, int soff, Array incoming, int roff, int n, int tag, Status status = null)
	{
		if (Size == 1) {
			World.Sendrecv (outgoing, soff, n, 0, tag, incoming, roff, n, 0, tag, status);
		} else if (Rank == 0) {
			World.Send (outgoing, soff, n, Next, tag);
			World.Recv (incoming, roff, n, Prev, tag, status);
		} else {
			World.Recv (incoming, roff, n, Prev, tag, status);
			World.Send (outgoing, soff, n, Next, tag);
		}
	}

	static T[] Values<T> (int rank, int n, Func<int, T> make) { return Enumerable.Range (0, n).Select (i => make (rank * 1000 + i)).ToArray (); }

	static void RingOf<T> (Func<int, T> make, string name)
	{
		const int n = 37;
		var incoming = new T[n];
		Ring (Values (Rank, n, make), incoming, 1);
		Assert.SequenceEqual (Values (Prev, n, make), incoming, name);
	}

	public static void EveryPrimitiveType ()
	{
		RingOf (i => (byte) i, "byte");
		RingOf (i => (sbyte) (i % 100 - 50), "sbyte");
		RingOf (i => (short) -i, "short");
		RingOf (i => (ushort) (i * 7), "ushort");
		RingOf (i => -i * 100003, "int");
		RingOf (i => (uint) i * 4000000u, "uint");
		RingOf (i => -(long) i << 40, "long");
		RingOf (i => (ulong) i << 50, "ulong");
		RingOf (i => i / 3.0f, "float");
		RingOf (i => i / 7.0, "double");
		RingOf (i => (char) ('A' + i % 26 + (i % 2) * 0x400), "char");
		RingOf (i => i % 3 == 0, "bool");
		RingOf (i => (Colour) (i % 2 == 0 ? 300 : 2), "enum");
	}

	public static void StructArrays ()
	{
		RingOf (i => new Point { X = i, Y = -i, Id = i * 3 }, "Point");
		RingOf (i => new Segment { A = new Point { X = i }, B = new Point { Y = i, Id = 7 }, Flags = (byte) i }, "Segment");
		RingOf (i => new decimal (i) / 3, "decimal");
		RingOf (i => new DateTime (2000 + i % 20, 1, 1), "DateTime");
	}

	public static void MultidimensionalArrayIsOneBuffer ()
	{
		var a = new double[4, 5];
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 5; j++)
				a[i, j] = Rank * 100 + i * 10 + j;
		var b = new double[4, 5];
		Ring (a, b, 2);
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 5; j++)
				Assert.Equal (Prev * 100 + i * 10 + j, b[i, j], "b[" + i + "," + j + "]");

		// offset/count index the elements in row-major order: row 2 is elements 10..14.
		var row = new double[4, 5];
		RingSlice (a, 10, row, 5, 5, 3);
		for (int j = 0; j < 5; j++) {
			Assert.Equal (Prev * 100 + 20 + j, row[1, j], "row 1 holds the sender's row 2");
			Assert.Equal (0.0, row[0, j], "row 0 untouched");
			Assert.Equal (0.0, row[2, j], "row 2 untouched");
		}

		var c = new int[2, 3, 4];
		c[1, 2, 3] = Rank + 1;
		var d = new int[2, 3, 4];
		Ring (c, d, 4);
		Assert.Equal (Prev + 1, d[1, 2, 3], "3-D array");
	}

	public static void SingleObjects ()
	{
		var p = new Particle { X = Rank, Y = 2, Z = 3.5, Id = Rank + 10, Alive = true };
		var q = new Particle ();
		Ring (p, q, 5);
		Assert.Equal ((double) Prev, q.X, "X");
		Assert.Equal (3.5, q.Z, "Z");
		Assert.Equal (Prev + 10, q.Id, "Id");
		Assert.True (q.Alive, "Alive");

		var dp = new Derived { X = 1, Extra = -5 - Rank };
		var dq = new Derived ();
		Ring (dp, dq, 6);
		Assert.Equal (-5L - Prev, dq.Extra, "inherited class field");
		Assert.Equal (1.0, dq.X, "base class field");

		object boxed = new Point { X = Rank, Id = 42 };
		object into = new Point ();
		Ring (boxed, into, 7);
		Assert.Equal ((double) Prev, ((Point) into).X, "boxed struct X");
		Assert.Equal (42, ((Point) into).Id, "boxed struct Id");
	}

	public static void OffsetAndCount ()
	{
		var src = Enumerable.Range (0, 20).Select (i => Rank * 100 + i).ToArray ();
		var dst = Enumerable.Repeat (-1, 20).ToArray ();
		RingSlice (src, 3, dst, 10, 4, 8);
		for (int i = 0; i < 20; i++)
			Assert.Equal (i >= 10 && i < 14 ? Prev * 100 + i - 7 : -1, dst[i], "dst[" + i + "]");

		// Empty slices and empty arrays are valid messages.
		var status = new Status ();
		Ring (new int[0], new int[0], 9, status);
		Assert.Equal (0, status.Get_count (typeof (int)), "empty message count");
		RingSlice (src, 20, dst, 0, 0, 10, status);
		Assert.Equal (0, status.Get_count (typeof (int)), "zero-count slice");
	}

	public static void SynchronousSend ()
	{
		if (Size == 1)
			return; // a synchronous send to oneself needs a receive posted by another thread
		var buf = new long[] { Rank, Rank * 2 };
		var got = new long[2];
		if (Rank == 0) {
			World.Ssend (buf, Next, 11);
			World.Recv (got, Prev, 11, null);
		} else {
			World.Recv (got, Prev, 11, null);
			World.Ssend (buf, 0, 2, Next, 11);
		}
		Assert.Equal ((long) Prev * 2, got[1], "Ssend payload");
	}

	public static void SendrecvStatus ()
	{
		var status = new Status ();
		var got = new double[3];
		World.Sendrecv (new double[] { Rank, 1, 2 }, Next, 12 + Rank, got, MPI.ANY_SOURCE, MPI.ANY_TAG, status);
		Assert.Equal ((double) Prev, got[0], "payload");
		Assert.Equal (Prev, status.Get_source (), "status source");
		Assert.Equal (12 + Prev, status.Get_tag (), "status tag");
		Assert.Equal (Prev, status.Source, "Source property");
		Assert.Equal (3, status.Get_count (typeof (double)), "count of doubles");
		Assert.Equal (24, status.Get_count (typeof (byte)), "count of bytes");
		Assert.Equal (MPI.UNDEFINED, status.Get_count (typeof (Five)), "24 bytes are not a whole number of 5-byte structs");
		// Types that name no element: System.Void (one byte to the runtime), a by-reference type (its class is the
		// referenced one's), a generic parameter.
		foreach (var t in new[] { typeof (void), typeof (double).MakeByRefType (), typeof (List<>).GetGenericArguments ()[0] }) {
			var e = Assert.Throws<ArgumentException> (() => status.Get_count (t), "Get_count of " + t);
			Assert.True (e.Message.Contains (t.Name + " is not"), "the type named: " + e.Message);
		}
		Assert.Equal (0, status.Get_error (), "status error");
		Assert.True (!status.Is_cancelled (), "not cancelled");
	}

	public static void ProbeThenReceive ()
	{
		// The receiver learns the size from Probe, allocates, then receives.
		int n = 10 + Rank;
		var outgoing = Enumerable.Range (0, n).Select (i => (short) (Rank + i)).ToArray ();
		var status = new Status ();
		if (Size > 1 && Rank != 0)
			World.Send (outgoing, Next, 13);
		// Rank 0 sends last, after its probe has seen the message from the last rank.
		if (Rank == 0 && Size > 1) {
			World.Probe (Prev, 13, status);
			var got = new short[status.Get_count (typeof (short))];
			World.Recv (got, status.Get_source (), status.Get_tag (), null);
			World.Send (outgoing, Next, 13);
			Assert.Equal (10 + Prev, got.Length, "probed count");
			Assert.Equal ((short) (Prev + 3), got[3], "payload");
		} else if (Size > 1) {
			World.Probe (MPI.ANY_SOURCE, MPI.ANY_TAG, status);
			Assert.Equal (Prev, status.Get_source (), "probe source");
			Assert.Equal (13, status.Get_tag (), "probe tag");
			var got = new short[status.Get_count (typeof (short))];
			World.Recv (got, Prev, 13, null);
			Assert.Equal (10 + Prev, got.Length, "probed count");
		}
		World.Barrier ();
	}

	public static void IprobePolls ()
	{
		var status = new Status ();
		bool early = World.Iprobe (MPI.ANY_SOURCE, 14, status);
		World.Barrier ();
		Assert.True (!early, "nothing pending on tag 14");
		if (Size == 1)
			return;
		if (Rank == 0)
			World.Send (new int[] { 99 }, Next, 14);
		var deadline = DateTime.UtcNow.AddSeconds (20);
		while (!World.Iprobe (Prev, 14, status) && DateTime.UtcNow < deadline)
			;
		Assert.Equal (4, status.Get_count (typeof (byte)), "Iprobe saw the message");
		var got = new int[1];
		World.Recv (got, Prev, 14, null);
		if (Rank != 0)
			World.Send (new int[] { 99 }, Next, 14);
		Assert.Equal (99, got[0], "payload");
	}

	public static void ProcNull ()
	{
		var status = new Status ();
		var buf = new int[] { 5 };
		World.Send (buf, MPI.PROC_NULL, 15);
		World.Recv (buf, MPI.PROC_NULL, 15, status);
		Assert.Equal (5, buf[0], "buffer untouched by a receive from PROC_NULL");
		Assert.Equal (MPI.PROC_NULL, status.Get_source (), "source");
		Assert.Equal (MPI.ANY_TAG, status.Get_tag (), "tag");
		Assert.Equal (0, status.Get_count (typeof (int)), "count");
	}

	public static void LargeMessages ()
	{
		// 1 MiB and 4 MiB: large-object-space arrays, sent with rendezvous rather than eagerly.
		foreach (int n in new[] { 1 << 17, 1 << 19 }) {
			var a = new double[n];
			for (int i = 0; i < n; i += 1021)
				a[i] = Rank + i;
			a[n - 1] = -Rank;
			var b = new double[n];
			Ring (a, b, 16);
			for (int i = 0; i < n; i += 1021)
				Assert.Equal ((double) (Prev + i), b[i], "element " + i);
			Assert.Equal ((double) -Prev, b[n - 1], "last element");
		}
	}

	public static void ManySmallMessages ()
	{
		var buf = new int[4];
		var got = new int[4];
		for (int i = 0; i < 2000; i++) {
			buf[0] = i;
			buf[3] = Rank;
			Ring (buf, got, 17);
			if (got[0] != i || got[3] != Prev)
				Assert.Equal (i, got[0], "round " + i);
		}
	}

	// Buffered sends complete from the attached buffer before any receive: every rank sends two messages too
	// large for the eager protocol, then receives; standard sends would wait for receives nobody has posted.
	public static void BufferedSendsCompleteBeforeTheirReceives ()
	{
		const int n = 100000;
		MPI.Buffer_attach (3 * (n * 8 + MPI.BSEND_OVERHEAD));
		try {
			var a = new double[n];
			var b = new double[n];
			for (int i = 0; i < n; i++) {
				a[i] = Rank + i;
				b[i] = -Rank - i;
			}
			World.Bsend (a, Next, 30);
			World.Ibsend (b, 0, n, Next, 31).Wait ();
			a[0] = b[0] = 12345; // the messages were copied out: changing the arrays changes nothing sent
			var got = new double[n];
			World.Recv (got, Prev, 30, null);
			Assert.True (got[0] == Prev && got[n - 1] == Prev + n - 1, "Bsend payload");
			World.Recv (got, Prev, 31, null);
			Assert.True (got[1] == -Prev - 1 && got[n - 1] == -Prev - n + 1, "Ibsend payload");

			var p = World.Bsend_init (new[] { Rank, 7 }, 0, 2, Next, 32);
			for (int k = 0; k < 3; k++) {
				p.Start ();
				p.Wait ();
				var two = new int[2];
				World.Recv (two, Prev, 32, null);
				Assert.SequenceEqual (new[] { Prev, 7 }, two, "Bsend_init payload " + k);
			}
			p.Free ();
			World.Bsend (a, MPI.PROC_NULL, 30);
		} finally {
			World.Barrier ();
			Assert.Equal (3 * (n * 8 + MPI.BSEND_OVERHEAD), MPI.Buffer_detach (), "detach gives the size");
		}
		Assert.Equal (0, MPI.Buffer_detach (), "nothing attached");
	}

	public static void BufferedSendsWithoutRoomAreRefusedAndTheRankStaysUsable ()
	{
		var big = new byte[1000];
		var e = Assert.Throws<InvalidOperationException> (() => World.Bsend (big, Next, 33), "Bsend without a buffer");
		Assert.Contains ("Buffer_attach", e.Message, "says what to do");
		Assert.Throws<InvalidOperationException> (() => World.Ibsend (big, Next, 33), "Ibsend without a buffer");
		var p = World.Bsend_init (big, Next, 33);
		Assert.Throws<InvalidOperationException> (() => p.Start (), "Start of Bsend_init without a buffer");
		p.Wait (); // inactive: returns at once

		Assert.Throws<ArgumentOutOfRangeException> (() => MPI.Buffer_attach (-1), "negative size");
		MPI.Buffer_attach (100);
		try {
			Assert.Throws<InvalidOperationException> (() => MPI.Buffer_attach (100), "a second buffer");
			Assert.Throws<InvalidOperationException> (() => World.Bsend (big, Next, 33), "no room in 100 bytes");
			World.Bsend (new byte[1], MPI.PROC_NULL, 33);
		} finally {
			Assert.Equal (100, MPI.Buffer_detach (), "detached");
		}

		// Nothing was sent, and everything works afterwards.
		MPI.Buffer_attach (big.Length + MPI.BSEND_OVERHEAD);
		big[999] = (byte) Rank;
		p.Start ();
		p.Wait ();
		var got = new byte[1000];
		Status st = new Status ();
		World.Recv (got, Prev, 33, st);
		Assert.Equal ((byte) Prev, got[999], "the one message sent");
		Assert.True (!World.Iprobe (Prev, 33, null), "no other message");
		World.Barrier ();
		MPI.Buffer_detach ();
		p.Free ();
	}

	// Ready sends: each receive is posted, and every rank knows it (a barrier), before the send.
	public static void ReadySendsMatchPostedReceives ()
	{
		var got = new int[3][];
		var reqs = new Request[3];
		for (int k = 0; k < 3; k++) {
			got[k] = new int[2];
			reqs[k] = World.Irecv (got[k], Prev, 40 + k);
		}
		World.Barrier ();
		World.Rsend (new[] { Rank, 0 }, Next, 40);
		World.Irsend (new[] { 9, Rank, 1 }, 1, 2, Next, 41).Wait ();
		var p = World.Rsend_init (new[] { Rank, 2 }, Next, 42);
		p.Start ();
		p.Wait ();
		p.Free ();
		Request.Waitall (reqs);
		for (int k = 0; k < 3; k++)
			Assert.SequenceEqual (new[] { Prev, k }, got[k], "ready send " + k);
		World.Rsend (new int[1], MPI.PROC_NULL, 40);
	}

	// Isendrecv around the ring: whole buffers, ranges of one array, and a Test loop; the status is the receive's.
	public static void IsendrecvExchangesAroundTheRing ()
	{
		var got = new long[3];
		var r = World.Isendrecv (new[] { Rank * 10L, Rank * 10L + 1, Rank * 10L + 2 }, Next, 70, got, Prev, 70);
		var st = new Status ();
		r.Wait (st);
		Assert.SequenceEqual (new[] { Prev * 10L, Prev * 10L + 1, Prev * 10L + 2 }, got, "whole buffers");
		Assert.Equal (Prev, st.Get_source (), "status: source");
		Assert.Equal (3, st.Get_count (typeof (long)), "status: count");
		Assert.True (r.Test (), "inactive afterwards");

		// Disjoint ranges of one array (a halo exchange): send [0, 4), receive into [4, 8).
		var halo = new int[8];
		for (int i = 0; i < 4; i++)
			halo[i] = Rank * 100 + i;
		r = World.Isendrecv (halo, 0, 4, Next, 71, halo, 4, 4, Prev, MPI.ANY_TAG);
		var deadline = DateTime.UtcNow.AddSeconds (30);
		while (!r.Test () && DateTime.UtcNow < deadline) { }
		for (int i = 0; i < 4; i++)
			Assert.Equal (Prev * 100 + i, halo[4 + i], "range " + i);

		// With PROC_NULL on both sides: completes at once, nothing received.
		r = World.Isendrecv (new int[1], 0, 1, MPI.PROC_NULL, 72, halo, 0, 1, MPI.PROC_NULL, 72);
		r.Wait (st);
		Assert.Equal (MPI.PROC_NULL, st.Get_source (), "from PROC_NULL");
		Assert.Equal (Prev * 100, halo[4], "untouched");
	}

	// Isendrecv_replace: the range is replaced at completion (one- and two-dimensional arrays); PROC_NULL keeps it.
	public static void IsendrecvReplaceReplacesAtCompletion ()
	{
		var a = new double[] { -1, Rank, Rank + 0.5, -1 };
		var r = World.Isendrecv_replace (a, 1, 2, Next, 73, Prev, 73);
		r.Wait ();
		Assert.SequenceEqual (new[] { -1, Prev, Prev + 0.5, -1 }, a, "one-dimensional range");
		var m = new int[2, 3];
		for (int i = 0; i < 6; i++)
			m[i / 3, i % 3] = Rank * 10 + i;
		var st = new Status ();
		World.Isendrecv_replace (m, 2, 3, Next, 74, Prev, 74).Wait (st);
		for (int i = 0; i < 6; i++)
			Assert.Equal (i >= 2 && i < 5 ? Prev * 10 + i : Rank * 10 + i, m[i / 3, i % 3], "m[" + i / 3 + "," + i % 3 + "]");
		Assert.Equal (3, st.Get_count (typeof (int)), "status: count");
		var whole = new[] { Rank };
		World.Isendrecv_replace (whole, MPI.PROC_NULL, 75, MPI.PROC_NULL, 75).Wait ();
		Assert.Equal (Rank, whole[0], "from PROC_NULL: kept");
		World.Isendrecv_replace (whole, Next, 76, Prev, 76).Wait ();
		Assert.Equal (Prev, whole[0], "whole array");
	}

	// Refusals post neither part: the ring still pairs afterwards.
	public static void IsendrecvRefusalsPostNothing ()
	{
		var buf = new int[6];
		Assert.Throws<ArgumentException> (() => World.Isendrecv (buf, 0, 4, Next, 77, buf, 3, 3, Prev, 77), "overlapping ranges");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Isendrecv (buf, Next, 77, new int[1], Size, 77), "source past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Isendrecv (buf, Size, 77, new int[1], Prev, 77), "dest past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Isendrecv (buf, Next, -3, new int[1], Prev, 77), "bad send tag");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Isendrecv (buf, 0, 7, Next, 77, new int[1], 0, 1, Prev, 77), "send range past the end");
		Assert.Throws<ArgumentException> (() => World.Isendrecv ("text", Next, 77, new int[1], Prev, 77), "a string");
		Assert.Throws<ArgumentNullException> (() => World.Isendrecv (buf, Next, 77, null, Prev, 77), "no receive buffer");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Isendrecv_replace (buf, 4, 3, Next, 77, Prev, 77), "replace range past the end");
		Assert.Throws<NotSupportedException> (() => World.Isendrecv (new[] { 1 }, MPI.PROC_NULL, 77, new int[1], MPI.PROC_NULL, 77).Cancel (), "Cancel");
		var got = new int[1];
		World.Isendrecv (new[] { Rank }, Next, 78, got, Prev, 78).Wait ();
		Assert.Equal (Prev, got[0], "after the refusals");
	}
}
