// MpiNetP2PTests: MPI.dll's point-to-point API (MPI.NET 1.4's Communicator.Send/Receive/SendReceive/
// ImmediateSend/ImmediateReceive/Probe, Request, ReceiveRequest, RequestList, Status) on Motor, written from
// MPI.NET's documented behaviour.  Values, arrays and objects ([Serializable] classes with a Dictionary and a
// byte[], [NonSerialized] fields arriving default), the refusals, and the cases MPI.NET gets wrong: char[]
// (2-byte chars), strings, dropped ImmediateReceives under a GC storm, scalar traffic that allocates nothing,
// and a NullReferenceException in user code.  Messages go around a ring (next/prev), so it needs 2 ranks or
// more: a blocking send to self, which MPI.NET's documentation rules out, may wait forever (MPICH's ch4 holds
// it until a receive matches).
using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.Serialization;
using MPI;

public static class MpiNetP2PTests
{
	static int Main (string[] args)
	{
		using (new MPI.Environment (ref args))
			return TestRunner.Run (typeof (MpiNetP2PTests), args);
	}

	static Intracommunicator World { get { return Communicator.world; } }
	static int Rank { get { return World.Rank; } }
	static int Size { get { return World.Size; } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }

	enum Colour : short { Red = 1, Green = 2, Blue = 300 }

	struct Point
	{
		public int X;
		public double Y;
		public bool Flag;
		public char C;
	}

	unsafe struct Fixed
	{
		public fixed int Data[4];
		public long Tail;
	}

	[Serializable]
	class Payload
	{
		public string Name;
		Dictionary<string, int> counts = new Dictionary<string, int> ();
		public byte[] Bytes;
		public List<Payload> Children = new List<Payload> ();
		[NonSerialized] public object Cache;
		[NonSerialized] public int Transient;
		public Dictionary<string, int> Counts { get { return counts; } }
	}

	[Serializable]
	struct Tagged
	{
		public string Label;
		public bool On;
		public int[] Values;
	}

	static Payload MakePayload (int seed)
	{
		var p = new Payload { Name = "payload-" + seed + "-\u00e9\u4e2d", Bytes = new byte[300 + seed] };
		for (int i = 0; i < p.Bytes.Length; i++)
			p.Bytes[i] = (byte) (i * 7 + seed);
		for (int i = 0; i < 50; i++)
			p.Counts["key" + i] = i * seed;
		p.Children.Add (new Payload { Name = "child" });
		p.Children.Add (p); // a cycle
		p.Cache = new object ();
		p.Transient = 99;
		return p;
	}

	static void CheckPayload (Payload p, int seed)
	{
		Assert.Equal ("payload-" + seed + "-\u00e9\u4e2d", p.Name, "Name");
		Assert.Equal (300 + seed, p.Bytes.Length, "Bytes.Length");
		for (int i = 0; i < p.Bytes.Length; i++)
			Assert.Equal ((byte) (i * 7 + seed), p.Bytes[i], "Bytes[" + i + "]");
		Assert.Equal (50, p.Counts.Count, "Counts.Count");
		for (int i = 0; i < 50; i++) {
			int v;
			Assert.True (p.Counts.TryGetValue ("key" + i, out v), "lookup of key" + i + " in the received Dictionary");
			Assert.Equal (i * seed, v, "Counts[key" + i + "]");
		}
		p.Counts["new"] = 1; // the received dictionary is usable
		Assert.Equal (1, p.Counts["new"], "insert into the received Dictionary");
		Assert.Equal (2, p.Children.Count, "Children.Count");
		Assert.Equal ("child", p.Children[0].Name, "child name");
		Assert.True (ReferenceEquals (p, p.Children[1]), "the cycle is kept");
		Assert.True (p.Cache == null, "[NonSerialized] object field arrives null");
		Assert.Equal (0, p.Transient, "[NonSerialized] int field arrives 0");
	}

	public static void ValuesOfEveryRawTypeRoundTrip ()
	{
		World.Send (Rank * 1000 + 7, Next, 1);
		World.Send ((long) Rank << 40, Next, 2);
		World.Send (Rank + 0.25, Next, 3);
		World.Send (Rank % 2 == 0, Next, 4);
		World.Send ((char) (0x4e00 + Rank), Next, 5);
		World.Send (Colour.Blue, Next, 6);
		World.Send (new Point { X = Rank, Y = -Rank, Flag = true, C = '\uffee' }, Next, 7);
		World.Send (12345.678m + Rank, Next, 8);
		var f = new Fixed { Tail = Rank };
		unsafe {
			for (int i = 0; i < 4; i++)
				f.Data[i] = Rank * 10 + i;
		}
		World.Send (f, Next, 9);

		int p = Prev;
		Assert.Equal (p * 1000 + 7, World.Receive<int> (p, 1), "int");
		long l;
		World.Receive (p, 2, out l);
		Assert.Equal ((long) p << 40, l, "long");
		Assert.Equal (p + 0.25, World.Receive<double> (p, 3), "double");
		Assert.Equal (p % 2 == 0, World.Receive<bool> (p, 4), "bool");
		Assert.Equal ((char) (0x4e00 + p), World.Receive<char> (p, 5), "char");
		Assert.Equal (Colour.Blue, World.Receive<Colour> (p, 6), "enum");
		Point pt;
		CompletedStatus st;
		World.Receive (p, 7, out pt, out st);
		Assert.Equal (p, pt.X, "Point.X");
		Assert.Equal ((double) -p, pt.Y, "Point.Y");
		Assert.True (pt.Flag, "Point.Flag");
		Assert.Equal ('\uffee', pt.C, "Point.C");
		Assert.Equal (p, st.Source, "status Source");
		Assert.Equal (7, st.Tag, "status Tag");
		Assert.Equal (1, st.Count (), "status Count()");
		Assert.Equal (12345.678m + p, World.Receive<decimal> (p, 8), "decimal");
		var g = World.Receive<Fixed> (p, 9);
		Assert.Equal ((long) p, g.Tail, "fixed buffer struct tail");
		unsafe {
			for (int i = 0; i < 4; i++)
				Assert.Equal (p * 10 + i, g.Data[i], "fixed buffer element " + i);
		}
	}

	public static void ArraysLandInTheCallersArray ()
	{
		World.Send (Enumerable.Range (Rank, 100).ToArray (), Next, 10);
		World.Send (Enumerable.Range (0, 10).Select (i => new Point { X = i + Rank, Y = i / 2.0 }).ToArray (), Next, 11);
		var ints = new int[120];
		var keep = ints;
		CompletedStatus st;
		World.Receive (Prev, 10, ref ints, out st);
		Assert.True (ReferenceEquals (keep, ints), "the raw-type array is received into, not replaced");
		Assert.Equal (100, st.Count (), "Count() says how many arrived");
		for (int i = 0; i < 100; i++)
			Assert.Equal (Prev + i, ints[i], "element " + i);
		Assert.Equal (0, ints[100], "beyond the message the array is untouched");
		var pts = new Point[10];
		World.Receive (Prev, 11, ref pts);
		for (int i = 0; i < 10; i++)
			Assert.Equal (i + Prev, pts[i].X, "Point[" + i + "].X");
	}

	public static void CharArraysKeepEveryUtf16CodeUnit ()
	{
		// MPI.NET maps char to a 1-byte MPI_CHAR; a char is 2 bytes, so every code unit must survive.
		var all = new char[65536];
		for (int i = 0; i < all.Length; i++)
			all[i] = (char) (i ^ Rank);
		var got = new char[65536];
		World.SendReceive (all, Next, 12, Prev, 12, ref got);
		for (int i = 0; i < got.Length; i++)
			if (got[i] != (char) (i ^ Prev))
				Assert.Equal ((int) (char) (i ^ Prev), (int) got[i], "char " + i);
		var small = new char[] { 'a', '\u00ff', '\u0100', '\ud800', '\udfff', '\uffff' };
		World.Send (small, Next, 13);
		var back = new char[6];
		World.Receive (Prev, 13, ref back);
		Assert.SequenceEqual (small, back, "char[] with surrogates and high code units");
	}

	public static void StringsAndStringArraysRoundTrip ()
	{
		string s = "rank " + Rank + " \u4e2d\u6587 \ud83d\ude00";
		World.Send (s, Next, 14);
		World.Send ((string) null, Next, 15);
		World.Send ("", Next, 16);
		World.Send (new[] { "a", null, "", "rank" + Rank }, Next, 17);
		Assert.Equal ("rank " + Prev + " \u4e2d\u6587 \ud83d\ude00", World.Receive<string> (Prev, 14), "string");
		Assert.True (World.Receive<string> (Prev, 15) == null, "null string");
		Assert.Equal ("", World.Receive<string> (Prev, 16), "empty string");
		string[] arr = null;
		World.Receive (Prev, 17, ref arr);
		Assert.SequenceEqual (new[] { "a", null, "", "rank" + Prev }, arr, "string[]");
	}

	// Even ranks send first, odd ranks receive first: a blocking send of a message above the eager limit (a few
	// KiB under Open MPI's shared memory) waits for its receive, so a ring of sends first would deadlock.
	static void Exchange (Action send, Action receive)
	{
		if (Rank % 2 == 0) {
			send ();
			receive ();
		} else {
			receive ();
			send ();
		}
	}

	public static void SerializableClassTravelsWithEveryNonSerializedFieldDefault ()
	{
		Payload got = null;
		Exchange (() => World.Send (MakePayload (Rank + 1), Next, 18), () => got = World.Receive<Payload> (Prev, 18));
		CheckPayload (got, Prev + 1);
		Payload[] arr = new Payload[0];
		CompletedStatus st = null;
		Exchange (() => World.Send (new[] { MakePayload (3), null, MakePayload (4) }, Next, 19),
		          () => World.Receive (Prev, 19, ref arr, out st));
		Assert.Equal (3, arr.Length, "the serialised array replaces the caller's");
		Assert.Equal (3, st.Count (), "Count() of a serialised array");
		CheckPayload (arr[0], 3);
		Assert.True (arr[1] == null, "null element");
		CheckPayload (arr[2], 4);
	}

	public static void SerializableStructWithReferencesTravels ()
	{
		World.Send (new Tagged { Label = "t" + Rank, On = true, Values = new[] { Rank, 2, 3 } }, Next, 20);
		var t = World.Receive<Tagged> (Prev, 20);
		Assert.Equal ("t" + Prev, t.Label, "Label");
		Assert.True (t.On, "On");
		Assert.SequenceEqual (new[] { Prev, 2, 3 }, t.Values, "Values (an untagged reference field)");
	}

	public static void SystemMPObjectOperationsStillFollowOnlyTransportableFields ()
	{
		// Serializable mode is MPI.dll's alone: System.MP's own OSend keeps the opt-in rule.
		var w = System.MP.MPI.COMM_WORLD;
		Payload p = null;
		Exchange (() => w.OSend (MakePayload (5), Next, 21), () => p = (Payload) w.ORecv (Prev, 21, null));
		Assert.Equal ("payload-5-\u00e9\u4e2d", p.Name, "strings always travel");
		Assert.True (p.Bytes == null, "an untagged byte[] arrives null under System.MP's rule");
		// and MPI.dll's next send is serializable again
		Exchange (() => World.Send (MakePayload (6), Next, 22), () => p = World.Receive<Payload> (Prev, 22));
		CheckPayload (p, 6);
	}

	public static void SendReceiveOfValuesStringsAndArrays ()
	{
		int i;
		World.SendReceive (Rank * 3, Next, 23, Prev, 23, out i);
		Assert.Equal (Prev * 3, i, "int");
		string s;
		CompletedStatus st;
		World.SendReceive ("s" + Rank, Next, 24, Prev, 24, out s, out st);
		Assert.Equal ("s" + Prev, s, "string");
		Assert.Equal (Prev, st.Source, "status Source");
		var inA = new[] { "x" + Rank, "y" };
		string[] outA = null;
		World.SendReceive (inA, Next, 25, Prev, 25, ref outA);
		Assert.SequenceEqual (new[] { "x" + Prev, "y" }, outA, "string[]");
		var d = new double[1000];
		for (int k = 0; k < d.Length; k++)
			d[k] = k + Rank;
		var r = new double[1000];
		World.SendReceive (d, Next, 26, Prev, 26, ref r, out st);
		Assert.Equal (1000, st.Count (), "Count()");
		for (int k = 0; k < r.Length; k++)
			Assert.Equal (k + (double) Prev, r[k], "double " + k);
		if (Size == 2) { // the one-tag form, with the peer
			World.SendReceive (Rank + 40, Next, 27, out i);
			Assert.Equal (Prev + 40, i, "one-tag SendReceive");
		}
	}

	public static void TooSmallArrayRaisesMessageTruncatedAndTheNextMessageArrives ()
	{
		World.Send (new int[10], Next, 28);
		World.Send (new[] { 1, 2, 3 }, Next, 29);
		var small = new int[5];
		Assert.Throws<MessageTruncatedException> (() => World.Receive (Prev, 28, ref small), "int[10] into int[5]");
		var ok = new int[3];
		World.Receive (Prev, 29, ref ok);
		Assert.SequenceEqual (new[] { 1, 2, 3 }, ok, "the next message");
		World.Send (new long[] { 1, 2 }, Next, 30);
		Assert.Throws<MessageTruncatedException> (() => World.Receive<long> (Prev, 30), "two longs into one");
	}

	public static void WrongTypeAndBadArgumentsRaise ()
	{
		World.Send ("text", Next, 31);
		Assert.Throws<InvalidCastException> (() => World.Receive<Payload> (Prev, 31), "string received as Payload");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (1, Size, 0), "dest == Size");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send ("x", -7, 0), "dest -7 (object)");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Send (1, Next, -5), "negative tag");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Receive<int> (Size + 3, 0), "source out of range");
		Assert.Throws<ArgumentNullException> (() => World.Send ((int[]) null, Next, 0), "null int[]");
		Assert.Throws<ArgumentException> (() => World.Send<Action> (() => { }, Next, 0), "a delegate cannot travel");
		Assert.Throws<ArgumentNullException> (() => World.ImmediateReceive<int> (Prev, 0, (int[]) null), "null array");
		// every rank is still usable
		World.Send (Rank, Next, 32);
		Assert.Equal (Prev, World.Receive<int> (Prev, 32), "after the refusals");
	}

	// RequestList.WaitAll waits in the list's order: when a request raises, the ones before it have left the list
	// and the list keeps it and the ones after it; the next WaitAll completes those.
	public static void RequestListWaitAllKeepsEveryRequestWhenOneRaises ()
	{
		var first = new int[4];
		var small = new int[2];
		var last = new int[4];
		var list = new RequestList ();
		list.Add (World.ImmediateReceive (Prev, 37, first));
		list.Add (World.ImmediateReceive (Prev, 38, small));
		list.Add (World.ImmediateReceive (Prev, 39, last));
		foreach (int tag in new[] { 37, 38, 39 })
			World.Send (new[] { Rank, tag, 0, 1 }, Next, tag);
		Assert.Throws<MessageTruncatedException> (() => list.WaitAll (), "the second receive's message is too long");
		Assert.Equal (3, list.Count, "the list keeps every request, the completed ones included");
		List<Request> rest = list.WaitAll ();
		Assert.Equal (3, rest.Count, "the next WaitAll returns them all");
		Assert.Equal (0, list.Count, "and empties the list");
		Assert.SequenceEqual (new[] { Prev, 37, 0, 1 }, first, "the first receive completed");
		Assert.SequenceEqual (new[] { Prev, 39, 0, 1 }, last, "the last receive completed");
	}

	public static void RequestListTestSomeLeavesTheListAsItWasWhenOneRaises ()
	{
		// One tag: MPI matches the three messages to the three receives in order, so once the last has arrived the
		// first two have been matched too (small messages complete when matched).
		var first = new int[4];
		var small = new int[2];
		var last = new int[4];
		Request r1 = World.ImmediateReceive (Prev, 47, first);
		Request r2 = World.ImmediateReceive (Prev, 47, small);
		Request r3 = World.ImmediateReceive (Prev, 47, last);
		var list = new RequestList ();
		list.Add (r1);
		list.Add (r2);
		list.Add (r3);
		for (int k = 0; k < 3; k++)
			World.Send (new[] { Rank, k, 0, 1 }, Next, 47);
		r3.Wait ();
		Assert.Throws<MessageTruncatedException> (() => list.TestSome (), "the second receive's message is too long");
		Assert.Equal (3, list.Count, "the list is left as it was, with the first receive that completed in that call");
		List<Request> got = list.TestSome ();
		Assert.Equal (3, got.Count, "the next TestSome returns all three");
		Assert.True (ReferenceEquals (r1, got[0]) && ReferenceEquals (r2, got[1]) && ReferenceEquals (r3, got[2]),
		             "in the list's order");
		Assert.Equal (0, list.Count, "and empties the list");
		Assert.Equal (0, r2.Test ().Count (), "the request that raised completes with an empty status");
		Assert.SequenceEqual (new[] { Prev, 0, 0, 1 }, first, "the first receive completed");
		Assert.SequenceEqual (new[] { Prev, 2, 0, 1 }, last, "the last receive completed");
	}

	// As in MPI.NET, WaitAll completes the requests in the order they complete: here the second's action sends what
	// lets the first complete (on the next rank), which waiting in the list's order would never see.
	public static void RequestListWaitAllCompletesInTheOrderRequestsComplete ()
	{
		var list = new RequestList ();
		Request first = World.ImmediateReceive<int> (Prev, 53);
		list.Add (first);
		list.Add (World.ImmediateReceive<int> (Prev, 54, v => World.Send (v + 1, Next, 53)));
		World.Send (Rank * 10, Next, 54);
		List<Request> done = list.WaitAll ();
		Assert.Equal (2, done.Count, "both");
		Assert.Equal (10 * ((Prev + Size - 1) % Size) + 1, (int) ((ReceiveRequest) first).GetValue (),
		              "the value the previous rank's action sent");
	}

	// A receive's action may add requests to the list being completed (a chain of receives) or remove one from it:
	// every form picks up what was added and drops what was removed (before, "Collection was modified").
	public static void RequestListCompletionActionsMayChangeTheList ()
	{
		foreach (string form in new[] { "WaitAll", "WaitSome", "WaitAny", "TestAll" }) {
			var list = new RequestList ();
			int received = 0;
			Action<int> onValue = null;
			onValue = v => {
				received++;
				if (v < 3)
					list.Add (World.ImmediateReceive<int> (Prev, 59, onValue));
			};
			list.Add (World.ImmediateReceive<int> (Prev, 59, onValue));
			// A request the first receive's action removes: a receive no message will match.
			Request orphan = World.ImmediateReceive<int> (Prev, 60);
			list.Add (World.ImmediateReceive<int> (Prev, 61, v => list.Remove (orphan)));
			list.Add (orphan);
			World.Send (0, Next, 61);
			for (int i = 1; i <= 3; i++)
				World.Send (i, Next, 59);
			int completed = 0;
			while (list.Count > 0) {
				if (form == "WaitAll")
					completed += list.WaitAll ().Count;
				else if (form == "WaitSome")
					completed += list.WaitSome ().Count;
				else if (form == "WaitAny")
					completed += list.WaitAny () != null ? 1 : 0;
				else {
					var all = list.TestAll ();
					completed += all != null ? all.Count : 0;
				}
			}
			Assert.Equal (3, received, form + ": the chain of three receives");
			Assert.Equal (4, completed, form + ": the chain and the receive whose action removed the orphan");
			orphan.Cancel ();
			orphan.Wait ();
		}
	}

	// A request of the program's own: both of two receives, completed through its Wait and Test.
	sealed class Both : ReceiveRequest
	{
		readonly ReceiveRequest a, b;
		CompletedStatus done;

		public Both (ReceiveRequest a, ReceiveRequest b)
		{
			this.a = a;
			this.b = b;
		}

		public override CompletedStatus Wait ()
		{
			a.Wait ();
			return done = b.Wait ();
		}

		public override CompletedStatus Test ()
		{
			if (done == null && a.Test () != null)
				done = b.Test ();
			return done;
		}

		public override void Cancel ()
		{
			a.Cancel ();
			b.Cancel ();
		}

		public override object GetValue ()
		{
			return (int) a.GetValue () + (int) b.GetValue ();
		}
	}

	// Request and ReceiveRequest can be subclassed, as in MPI.NET (a protected constructor), and a RequestList
	// completes such a request through its overrides.
	public static void RequestsOfTheProgramsOwnInARequestList ()
	{
		var both = new Both (World.ImmediateReceive<int> (Prev, 62), World.ImmediateReceive<int> (Prev, 63));
		var list = new RequestList ();
		list.Add (both);
		list.Add (World.ImmediateSend (Rank, Next, 63));
		list.Add (World.ImmediateSend (100, Next, 62));
		Assert.Equal (3, list.WaitAll ().Count, "all three");
		Assert.Equal (100 + Prev, (int) both.GetValue (), "the sum of both receives");
	}

	// GetValue waits for the receive, as MPI.NET's does; an action that throws runs once, and the status is kept.
	public static void GetValueWaitsAndAThrowingActionRunsOnce ()
	{
		var v = World.ImmediateReceive<int> (Prev, 55);
		var arr = new int[3];
		var a = World.ImmediateReceive (Prev, 56, arr);
		var o = World.ImmediateReceive<string> (Prev, 57);
		int runs = 0;
		var thrower = World.ImmediateReceive<string> (Prev, 58, s => { runs++; throw new InvalidOperationException ("from the action"); });
		World.Barrier (); // every rank has posted before any sends, so GetValue really waits
		World.Send (Rank + 7, Next, 55);
		World.Send (new[] { Rank, 1, 2 }, Next, 56);
		World.Send ("s" + Rank, Next, 57);
		World.Send ("t" + Rank, Next, 58);
		Assert.Equal (Prev + 7, (int) v.GetValue (), "a value");
		Assert.True (ReferenceEquals (arr, a.GetValue ()), "the array");
		Assert.SequenceEqual (new[] { Prev, 1, 2 }, arr, "its elements");
		Assert.Equal ("s" + Prev, (string) o.GetValue (), "a serialised value");
		Assert.Throws<InvalidOperationException> (() => thrower.Wait (), "the action's exception");
		CompletedStatus st = thrower.Wait ();
		Assert.Equal (1, runs, "the action ran once");
		Assert.Equal (Prev, st.Source, "the status is kept");
		Assert.Equal (58, st.Tag, "its tag");
	}

	// TranslateErrorIntoException gives ArgumentException for the classes that name an argument, as MPI.NET does.
	// The classes' numbers are the library's (mpi.h): MPICH's and Open MPI's differ.
	public static void TranslateErrorGivesArgumentExceptionsForArgumentClasses ()
	{
		bool ompi = System.MP.Diagnostics.MpiLibrary.StartsWith ("Open MPI");
		int count = 2, tag = 4, rank = 6, arg = ompi ? 13 : 12, truncate = ompi ? 15 : 14, other = ompi ? 16 : 15;
		foreach (int c in new[] { count, tag, rank, arg })
			Assert.True (MPI.Environment.TranslateErrorIntoException (c) is ArgumentException, "argument class " + c);
		Assert.Equal ("tag", ((ArgumentException) MPI.Environment.TranslateErrorIntoException (tag)).ParamName,
		              "named as MPI.NET names it");
		Assert.True (MPI.Environment.TranslateErrorIntoException (truncate) is MessageTruncatedException, "truncation");
		Assert.True (!(MPI.Environment.TranslateErrorIntoException (other) is ArgumentException), "another class");
	}

	// A value received from PROC_NULL (Intercommunicator.Null) is default (T), not the value the thread received
	// last.
	public static void ValueFromProcNullIsTheDefault ()
	{
		World.Send (777, Rank, 62);
		Assert.Equal (777, World.Receive<int> (Rank, 62), "a value to self");
		int v;
		World.Receive (Intercommunicator.Null, 62, out v);
		Assert.Equal (0, v, "Receive from PROC_NULL");
		World.Send (888, Rank, 62);
		Assert.Equal (888, World.Receive<int> (Rank, 62), "another value to self");
		int back;
		World.SendReceive (5, Intercommunicator.Null, 63, Intercommunicator.Null, 63, out back);
		Assert.Equal (0, back, "SendReceive from PROC_NULL");
	}

	// bool travels serialised, as in MPI.NET: a received array replaces the one passed by ref, and Count is null.
	public static void BoolArraysAreReplacedOnReceiveAsInMpiNet ()
	{
		World.Send (new[] { true, false }, Next, 64);
		bool[] got = new bool[10];
		CompletedStatus st;
		World.Receive (Prev, 64, ref got, out st);
		Assert.SequenceEqual (new[] { true, false }, got, "the array received, not the longer one passed");
		Assert.True (st.Count (typeof (bool)) == null, "Count of a serialised type is null");
	}

	public static void ImmediateOperationsCompleteWithStatusAndValue ()
	{
		var rv = World.ImmediateReceive<int> (Prev, 33);
		int seen = -1;
		var ra = World.ImmediateReceive<string> (Prev, 34, v => seen = v.Length);
		var arr = new int[8];
		var rarr = World.ImmediateReceive (Prev, 35, arr);
		var sarr = new string[3];
		var rsarr = World.ImmediateReceive (Prev, 36, sarr);
		var list = new RequestList ();
		list.Add (World.ImmediateSend (Rank + 100, Next, 33));
		list.Add (World.ImmediateSend ("hello" + Rank, Next, 34));
		list.Add (World.ImmediateSend (Enumerable.Range (Rank, 8).ToArray (), Next, 35));
		list.Add (World.ImmediateSend (new[] { "p", "q" + Rank }, Next, 36));
		Assert.Equal (4, list.Count, "Count");
		List<Request> sends = list.WaitAll ();
		Assert.Equal (4, sends.Count, "WaitAll returns every request");
		Assert.Equal (0, list.Count, "and empties the list");
		CompletedStatus st = rv.Wait ();
		Assert.Equal (Prev + 100, (int) rv.GetValue (), "value");
		Assert.Equal (Prev, st.Source, "Source");
		Assert.Equal (33, st.Tag, "Tag");
		Assert.Equal (1, st.Count (), "Count");
		Assert.True (ReferenceEquals (st, rv.Wait ()), "a second Wait returns the same status");
		Assert.True (ReferenceEquals (st, rv.Test ()), "Test after completion returns it too");
		Assert.True (!st.Cancelled, "not cancelled");
		ra.Wait ();
		Assert.Equal ("hello" + Prev, (string) ra.GetValue (), "string value");
		Assert.Equal (("hello" + Prev).Length, seen, "the action ran with the value");
		st = rarr.Wait ();
		Assert.True (ReferenceEquals (arr, rarr.GetValue ()), "GetValue gives the caller's array");
		Assert.Equal (8, st.Count (), "array Count");
		Assert.SequenceEqual (Enumerable.Range (Prev, 8).ToArray (), arr, "array");
		st = rsarr.Wait ();
		Assert.True (ReferenceEquals (sarr, rsarr.GetValue ()), "serialised elements copied into the caller's array");
		Assert.SequenceEqual (new[] { "p", "q" + Prev, null }, sarr, "string[] elements");
		Assert.Equal (2, st.Count (), "string[] Count");
	}

	public static void RequestListAnySomeAndTestForms ()
	{
		var list = new RequestList ();
		for (int t = 0; t < 6; t++)
			list.Add (World.ImmediateReceive<int> (Prev, 40 + t));
		Assert.True (list.TestAll () == null, "TestAll before anything was sent");
		Assert.True (list.TestAny () == null, "TestAny before anything was sent");
		Assert.True (list.TestSome () == null, "TestSome before anything was sent");
		Assert.Equal (6, list.Count, "nothing removed");
		World.Barrier (); // no rank sends before every rank has tested its empty list
		World.Send (1, Next, 42);
		var any = (ReceiveRequest) list.WaitAny ();
		Assert.Equal (1, (int) any.GetValue (), "WaitAny's request holds the value");
		Assert.Equal (5, list.Count, "WaitAny removes it");
		World.Barrier (); // each step's messages are sent only once every rank has finished the step before
		World.Send (2, Next, 40);
		World.Send (3, Next, 41);
		var got = new List<int> ();
		while (got.Count < 2)
			foreach (Request r in list.WaitSome ())
				got.Add ((int) ((ReceiveRequest) r).GetValue ());
		got.Sort ();
		Assert.SequenceEqual (new[] { 2, 3 }, got, "WaitSome");
		Assert.Equal (3, list.Count, "three left");
		World.Barrier ();
		for (int t = 43; t < 46; t++)
			World.Send (t, Next, t);
		List<Request> rest;
		while ((rest = list.TestAll ()) == null) { }
		Assert.Equal (3, rest.Count, "TestAll returns them all");
		Assert.Throws<ArgumentException> (() => list.WaitAny (), "WaitAny on an empty list");
	}

	public static void CancelledImmediateReceiveReportsCancelled ()
	{
		var r = World.ImmediateReceive<int> (Prev, 999);
		r.Cancel ();
		CompletedStatus st = r.Wait ();
		Assert.True (st.Cancelled, "Cancelled");
		var o = World.ImmediateReceive<string> (Prev, 999);
		o.Cancel ();
		Assert.True (o.Wait ().Cancelled, "serialised receive Cancelled");
		Assert.True (o.GetValue () == null, "no value");
		var s = World.ImmediateSend (1, Next, 50);
		Assert.Throws<NotSupportedException> (() => s.Cancel (), "a send cannot be cancelled");
		s.Wait ();
		Assert.Equal (1, World.Receive<int> (Prev, 50), "the send still arrives");
	}

	public static void ProbeAndImmediateProbeDescribeTheMessage ()
	{
		Assert.True (World.ImmediateProbe (Prev, 51) == null, "no message yet");
		World.Barrier ();
		World.Send (new int[7], Next, 51);
		Status st = World.Probe (Communicator.anySource, Communicator.anyTag);
		Assert.Equal (Prev, st.Source, "Source");
		Assert.Equal (51, st.Tag, "Tag");
		Assert.Equal (7, st.Count (typeof (int)).Value, "Count(int)");
		Assert.True (st.Count (typeof (string)) == null, "Count of a serialised type is null");
		Status im = null;
		while (im == null)
			im = World.ImmediateProbe (Prev, 51);
		Assert.Equal (28, im.Count (typeof (byte)).Value, "Count(byte)");
		var a = new int[7];
		World.Receive (Communicator.anySource, 51, ref a);
		World.Barrier ();
	}

	public static void ScalarTrafficAllocatesNothing ()
	{
		// Send<int>/Receive<int>/SendReceive<double> use per-thread one-element buffers: after warm-up, no heap
		// allocation per call (MPI.NET boxes or pins a GCHandle per call).
		for (int i = 0; i < 10; i++)
			RoundTrips (10);
		long before = GC.GetAllocatedBytesForCurrentThread ();
		RoundTrips (2000);
		long after = GC.GetAllocatedBytesForCurrentThread ();
		Assert.True (after - before < 2000, "2000 scalar round trips allocated " + (after - before) + " bytes (expected none)");
	}

	static void RoundTrips (int n)
	{
		for (int i = 0; i < n; i++) {
			int v;
			double d;
			World.Send (i + Rank, Next, 52);
			World.Receive (Prev, 52, out v);
			if (v != i + Prev)
				throw new AssertionException ("scalar round trip " + i + ": got " + v);
			World.SendReceive (i * 0.5, Next, 53, Prev, 53, out d);
			if (d != i * 0.5)
				throw new AssertionException ("SendReceive " + i + ": got " + d);
		}
	}

	public static void DroppedImmediateReceivesLeakNoPinsUnderAGcStorm ()
	{
		long inFlight0 = System.MP.Diagnostics.RequestsInFlight;
		for (int round = 0; round < 20; round++) {
			for (int i = 0; i < 50; i++) {
				World.ImmediateReceive<int> (Prev, 60);                 // dropped
				World.ImmediateReceive (Prev, 61, new byte[1000 + i]);  // dropped, a movable buffer
				World.ImmediateReceive<string> (Prev, 62);              // dropped (never matched: nothing posted)
			}
			for (int i = 0; i < 50; i++) {
				World.Send (i, Next, 60);
				World.Send (new byte[1000 + i], Next, 61);
			}
			for (int i = 0; i < 200; i++)
				new byte[10000].GetHashCode ();
			GC.Collect ();
		}
		World.Barrier ();
		GC.Collect ();
		GC.WaitForPendingFinalizers ();
		GC.Collect ();
		// The serialised receives never matched post nothing; every buffer receive has completed and the GC hook
		// released it.
		long left = System.MP.Diagnostics.RequestsInFlight - inFlight0;
		Assert.Equal (0L, left, "requests still in flight after the storm");
		World.Barrier ();
	}

	public static void NullReferenceInUserCodeIsAnOrdinaryException ()
	{
		int caught = 0;
		Payload nothing = null;
		for (int i = 0; i < 20; i++) {
			World.Send (i, Next, 70);
			try {
				nothing.Transient = World.Receive<int> (Prev, 70);
			} catch (NullReferenceException) {
				caught++;
			}
		}
		Assert.Equal (20, caught, "NullReferenceExceptions caught");
		World.Barrier ();
	}
}
