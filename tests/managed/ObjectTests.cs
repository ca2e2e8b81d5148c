// ObjectTests: the extended object-oriented operations and the Transportable serializer.  Runs at 1-4 ranks;
// point-to-point tests go around the ring (rank r sends to r+1 and receives from r-1; with one rank, to itself).
using System;
using System.Collections.Generic;
using System.Linq;
using System.MP;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Serialization;
using System.Threading;
using Microsoft.Win32.SafeHandles;

// The paper's Figure 5.
[Transportable]
public class LinkedList
{
	[Transportable] public int[] array;
	[Transportable] public LinkedList next;
	public LinkedList next2;
}

public class Unmarked
{
	public int X;
	public object Other;    // not marked: arrives null
	public int[] Data;      // not marked: arrives null
	public string Name;     // strings always travel
	public long Y;
}

public struct Point
{
	public double X, Y;
}

public struct Tagged
{
	public Point P;
	public string Label;                // a string inside a struct
	[Transportable] public Node Ref;    // a followed reference inside a struct
	public Node Skipped;                // not followed
	public byte B;
}

public enum Colour : short { Red = 1, Green = 2, Blue = 300 }

public class Node
{
	public int Id;
	public Colour C;
	public Point P;
	[Transportable] public Node Left, Right;
	[Transportable] public object Payload;
}

public class Holder
{
	public Tagged T;
	[Transportable] public Tagged[] Ts;
	[Transportable] public Point[] Ps;
	[Transportable] public int[,] Grid;
	[Transportable] public string[,] Names;
	[Transportable] public double[][] Jagged;
	[Transportable] public object[] Mixed;
	public decimal Money;
	public DateTime When;
	public char Ch;
	public bool Flag;
	public float F;
	public sbyte S8;
	public ushort U16;
	public uint U32;
	public ulong U64;
	public int? Maybe;
}

// Homes for a process-local handle: a plain field, a field of an embedded struct, a followed reference.
public class InField<T> { public int A; public T F; }
public struct InStruct<T> { public int A; public T F; }
public class InStructField<T> { public long B; public InStruct<T> S; }
public class InMarkedField { public int A; [Transportable] public object Any; }
public class Derived : Node
{
	public string Extra;
	[Transportable] public Derived Peer;
}

// The runtime's collections as fields: followed when marked, null when not, as for any reference.
public class WithCollections { [Transportable] public List<int> Marked; public List<int> Unmarked; }

// A name beyond ASCII (C# names are Unicode).
public class Café { public int X; [Transportable] public Café Next; }

// A fixed-size buffer declares its first element only (the struct's size says the rest).
public unsafe struct Fixed4 { public fixed int Buf[4]; public int After; }
public class FixedHolder { public Fixed4 F; public int Z; }
public struct FixedWithRef { public Fixed4 F; public string S; }

public class WithDelegate
{
	public int X;
	[Transportable] public Action Callback;
}

public class WithHandle
{
	public IntPtr Handle;
}

public class Particle
{
	public double X, Y, Z;
	[Transportable] public Particle Partner;
	[Transportable] public double[] History;
}

// A class with a finalizer: every received object must be finalized once it is garbage, like one made by new.
[Transportable]
public class Finalized
{
	public int X;
	public static int Count;
	~Finalized () { Interlocked.Increment (ref Count); }
}

public static class ObjectTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (ObjectTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }
	// The rank this one is paired with (0 with 1, 2 with 3, ...), or -1: at one rank, and for the last of an odd
	// number.
	static int Partner { get { return Size < 2 || (Size % 2 == 1 && Rank == Size - 1) ? -1 : Rank ^ 1; } }

	// Sends obj to the next rank and returns what the previous rank sent (works with one rank too).
	static object Ring (object obj, int tag, Status status = null)
	{
		Request r = World.OIsend (obj, Next, tag);
		object got = World.ORecv (Prev, tag, status);
		r.Wait ();
		return got;
	}

	static LinkedList MakeList (int n, int seed)
	{
		LinkedList head = null;
		for (int i = n - 1; i >= 0; i--)
			head = new LinkedList { array = new[] { seed, i }, next = head, next2 = head };
		return head;
	}

	[System.Runtime.CompilerServices.MethodImpl (System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
	static void ReceiveAndDrop (int n, int tag)
	{
		for (int i = 0; i < n; i++) {
			var got = (Finalized) Ring (new Finalized { X = i }, tag);
			Assert.Equal (i, got.X, "object " + i);
		}
	}

	// The serializer creates objects through Mono's C API: their finalizers must be registered all the same.  The
	// stack is scanned conservatively, so a stale reference may keep a few alive.
	public static void ReceivedObjectsWithAFinalizerAreFinalized ()
	{
		const int n = 200;
		int before = Finalized.Count;
		ReceiveAndDrop (n, 41);
		for (int k = 0; k < 5 && Finalized.Count - before < 2 * n - 10; k++) {
			GC.Collect ();
			GC.WaitForPendingFinalizers ();
		}
		// the objects this rank sent and those it received
		Assert.True (Finalized.Count - before >= 2 * n - 10, "finalized " + (Finalized.Count - before) + " of " + 2 * n);
	}

	public static void Figure5LinkedListFollowsOnlyMarkedReferences ()
	{
		var list = MakeList (10, Rank);
		var got = (LinkedList) Ring (list, 1);
		int n = 0;
		for (var e = got; e != null; e = e.next, n++) {
			Assert.SequenceEqual (new[] { Prev, n }, e.array, "array of element " + n);
			Assert.True (e.next2 == null, "next2 (not Transportable) arrives null");
		}
		Assert.Equal (10, n, "elements");
	}

	public static void UnmarkedReferenceFieldsArriveNull ()
	{
		var u = new Unmarked { X = Rank + 5, Other = new object (), Data = new[] { 1 }, Name = "ü-" + Rank, Y = -1L << 40 };
		var got = (Unmarked) Ring (u, 2);
		Assert.Equal (Prev + 5, got.X, "X");
		Assert.Equal ("ü-" + Prev, got.Name, "string field");
		Assert.Equal (-1L << 40, got.Y, "Y");
		Assert.True (got.Other == null && got.Data == null, "unmarked references are null");
	}

	public static void StringsTravelAsValues ()
	{
		var s = new string ('x', 1000) + "\u20ac\ud83d\ude00" + Rank;
		Assert.Equal (new string ('x', 1000) + "\u20ac\ud83d\ude00" + Prev, (string) Ring (s, 3), "string root");
		Assert.Equal ("", (string) Ring ("", 3), "empty string");
		Assert.True (Ring (null, 3) == null, "null root");
		var arr = new[] { "a", null, "", "b" + Rank };
		Assert.SequenceEqual (new[] { "a", null, "", "b" + Prev }, (string[]) Ring (arr, 3), "string[]");
	}

	public static void StructFieldsAndStructArrays ()
	{
		var shared = new Node { Id = 77 };
		var h = new Holder {
			T = new Tagged { P = new Point { X = 1.5, Y = Rank }, Label = "lbl", Ref = shared, Skipped = shared, B = 9 },
			Ts = new[] { new Tagged { Label = "t0", Ref = shared }, new Tagged { P = new Point { X = -1 }, Label = null, Ref = null } },
			Ps = Enumerable.Range (0, 100).Select (i => new Point { X = i, Y = -i }).ToArray (),
			Money = 123.456m, When = new DateTime (2009, 3, 4, 5, 6, 7), Ch = 'Z', Flag = true, F = 0.25f,
			S8 = -8, U16 = 65535, U32 = 4000000000, U64 = ulong.MaxValue, Maybe = 42,
		};
		var got = (Holder) Ring (h, 4);
		Assert.Equal (1.5, got.T.P.X, "T.P.X");
		Assert.Equal ((double) Prev, got.T.P.Y, "T.P.Y");
		Assert.Equal ("lbl", got.T.Label, "T.Label");
		Assert.Equal (77, got.T.Ref.Id, "T.Ref (marked, inside a struct)");
		Assert.True (got.T.Skipped == null, "T.Skipped (unmarked) is null");
		Assert.Equal ((byte) 9, got.T.B, "T.B");
		Assert.True (got.Ts[0].Ref == got.T.Ref, "a node shared between a struct field and a struct array element stays shared");
		Assert.Equal ("t0", got.Ts[0].Label, "Ts[0].Label");
		Assert.True (got.Ts[1].Label == null && got.Ts[1].Ref == null && got.Ts[1].P.X == -1, "Ts[1]");
		for (int i = 0; i < 100; i++)
			Assert.True (got.Ps[i].X == i && got.Ps[i].Y == -i, "Ps[" + i + "]");
		Assert.Equal (123.456m, got.Money, "decimal");
		Assert.Equal (new DateTime (2009, 3, 4, 5, 6, 7), got.When, "DateTime");
		Assert.True (got.Ch == 'Z' && got.Flag && got.F == 0.25f && got.S8 == -8 && got.U16 == 65535 && got.U32 == 4000000000 &&
			got.U64 == ulong.MaxValue && got.Maybe == 42, "primitive fields");
	}

	public static void MultidimensionalAndJaggedArrays ()
	{
		var grid = new int[3, 4];
		var names = new string[2, 2] { { "a", null }, { "c", "d" + Rank } };
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 4; j++)
				grid[i, j] = i * 10 + j + Rank;
		var h = new Holder { Grid = grid, Names = names, Jagged = new[] { new[] { 1.0, 2.0 }, null, new double[0], new[] { (double) Rank } } };
		var got = (Holder) Ring (h, 5);
		Assert.Equal (3, got.Grid.GetLength (0), "rows");
		Assert.Equal (4, got.Grid.GetLength (1), "columns");
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 4; j++)
				Assert.Equal (i * 10 + j + Prev, got.Grid[i, j], "grid");
		Assert.True (got.Names[0, 0] == "a" && got.Names[0, 1] == null && got.Names[1, 1] == "d" + Prev, "string[,]");
		Assert.Equal (4, got.Jagged.Length, "jagged rows");
		Assert.True (got.Jagged[1] == null && got.Jagged[2].Length == 0 && got.Jagged[3][0] == Prev && got.Jagged[0][1] == 2.0, "jagged");
		var cube = (double[,,]) Ring (new double[2, 3, 4] { { { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 9, 10, 11, 12 } }, { { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, { 0, 0, 0, Rank } } }, 5);
		Assert.True (cube.GetLength (2) == 4 && cube[0, 2, 3] == 12 && cube[1, 2, 3] == Prev, "double[,,] root");
		var nonzero = Array.CreateInstance (typeof (long), new[] { 2, 3 }, new[] { 5, -2 });
		nonzero.SetValue ((long) Rank, 6, 0);
		var back = (Array) Ring (nonzero, 5);
		Assert.True (back.GetLowerBound (0) == 5 && back.GetLowerBound (1) == -2 && (long) back.GetValue (6, 0) == Prev, "non-zero lower bounds");
	}

	public static void ObjectArraysWithNullsBoxedValuesAndMixedTypes ()
	{
		var node = new Node { Id = 3, C = Colour.Blue };
		var mixed = new object[] { null, 42, "s", node, null, new Point { X = 2 }, Colour.Green, new int[] { 7 }, node, 3.5, null };
		var got = ((Holder) Ring (new Holder { Mixed = mixed }, 6)).Mixed;
		Assert.Equal (mixed.Length, got.Length, "length");
		Assert.True (got[0] == null && got[4] == null && got[10] == null, "null elements");
		Assert.Equal (42, (int) got[1], "boxed int");
		Assert.Equal ("s", (string) got[2], "string element");
		Assert.Equal (Colour.Blue, ((Node) got[3]).C, "enum field");
		Assert.True (got[3] == got[8], "an object twice in one array arrives once");
		Assert.Equal (2.0, ((Point) got[5]).X, "boxed struct");
		Assert.Equal (Colour.Green, (Colour) got[6], "boxed enum");
		Assert.Equal (7, ((int[]) got[7])[0], "array element");
		Assert.Equal (3.5, (double) got[9], "boxed double");
		Assert.Equal (12345, (int) Ring (12345, 6), "boxed int root");
	}

	public static void SharedReferencesAndCyclesKeepIdentity ()
	{
		var a = new Node { Id = 1 };
		var b = new Node { Id = 2, Left = a };
		a.Left = a;            // self-cycle
		a.Right = b;           // cycle a -> b -> a
		b.Right = b;
		a.Payload = b;
		var d = new Derived { Id = 3, Extra = "x", Left = a };
		d.Peer = d;
		b.Payload = d;
		var got = (Node) Ring (a, 7);
		Assert.True (got.Left == got, "self-cycle");
		Assert.True (got.Right.Left == got, "two-cycle");
		Assert.True (got.Payload == got.Right, "shared through an object-typed field");
		var gd = (Derived) got.Right.Payload;
		Assert.True (gd.Peer == gd && gd.Left == got && gd.Extra == "x" && gd.Id == 3, "derived class, inherited and own fields");
		// Array elements that refer back: to the array itself, and to an object met earlier.
		var arr = new object[4];
		arr[0] = arr;
		arr[1] = a;
		arr[2] = a.Right;
		arr[3] = new object[] { arr, a };
		var ga = (object[]) Ring (arr, 9);
		var gn = (Node) ga[1];
		var inner = (object[]) ga[3];
		Assert.True (ga[0] == ga && ga[2] == gn.Right && gn.Left == gn, "array refers to itself and to its elements' objects");
		Assert.True (inner[0] == ga && inner[1] == gn, "nested array refers back to its container");
	}

	public static void MillionElementListDoesNotOverflowTheStack ()
	{
		const int n = 1000000;
		var list = MakeList (n, Rank);
		var got = (LinkedList) Ring (list, 8);
		int count = 0;
		for (var e = got; e != null; e = e.next) {
			if (e.array[1] != count || e.array[0] != Prev)
				throw new AssertionException ("element " + count + " wrong");
			count++;
		}
		Assert.Equal (n, count, "elements received");
		// And through the local serializer, on the thread's own (1 MiB default) stack.
		var local = (LinkedList) ObjectDiagnostics.Deserialize (ObjectDiagnostics.Serialize (list));
		count = 0;
		for (var e = local; e != null; e = e.next)
			count++;
		Assert.Equal (n, count, "elements after a local round trip");
	}

	public static void SlicesSendAndReceiveElementRanges ()
	{
		var arr = Enumerable.Range (0, 20).Select (i => new Node { Id = Rank * 100 + i }).ToArray ();
		arr[6].Left = arr[5]; // a reference inside the slice
		arr[7].Left = arr[0]; // a reference out of the slice: that node travels as well
		// A blocking send to oneself is unsafe in MPI (it may wait for its receive): with one rank only the
		// argument checks run.
		if (Size > 1)
			SliceExchange (arr);
		var ints = Enumerable.Range (0, 10).ToArray ();
		Assert.Throws<ArgumentOutOfRangeException> (() => World.OSend (ints, 8, 3, Next, 12), "slice past the end");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.OSend (ints, -1, 3, Next, 12), "negative offset");
		Assert.Throws<ArgumentException> (() => World.OSend (new Node (), 0, 1, Next, 12), "slice of a non-array");
		Assert.Throws<ArgumentException> (() => World.OSend (new int[2, 2], 0, 1, Next, 12), "slice of a 2-D array");
	}

	// Small messages go eagerly: with two or more ranks, sending first and then receiving cannot deadlock.
	static void SliceExchange (Node[] arr)
	{
		World.OSend (arr, 5, 4, Next, 9);
		var got = (Node[]) World.ORecv (Prev, 3, 4, 9, null);
		Assert.Equal (7, got.Length, "length offset + numcomponents");
		Assert.True (got[0] == null && got[1] == null && got[2] == null, "leading elements are null");
		for (int i = 0; i < 4; i++)
			Assert.Equal (Prev * 100 + 5 + i, got[3 + i].Id, "element " + i);
		Assert.True (got[4].Left == got[3], "reference inside the slice kept");
		Assert.Equal (Prev * 100, got[5].Left.Id, "reference out of the slice followed");
		// Primitive slice, and a count that does not match.
		var ints = Enumerable.Range (0, 10).ToArray ();
		World.OSend (ints, 2, 3, Next, 10);
		var gi = (int[]) World.ORecv (Prev, 0, 3, 10, null);
		Assert.SequenceEqual (new[] { 2, 3, 4 }, gi, "int slice");
		World.OSend (ints, 2, 3, Next, 11);
		Assert.Throws<SerializationException> (() => World.ORecv (Prev, 0, 4, 11, null), "count mismatch");
	}

	public static void BcastFromEveryRoot ()
	{
		for (int root = 0; root < Size; root++) {
			LinkedList mine = Rank == root ? MakeList (100, root) : null;
			var got = (LinkedList) World.OBcast (mine, root);
			if (Rank == root)
				Assert.True (got == mine, "the root gets its own object");
			int n = 0;
			for (var e = got; e != null; e = e.next, n++)
				Assert.Equal (root, e.array[0], "payload from root " + root);
			Assert.Equal (100, n, "elements from root " + root);
		}
		Assert.True (World.OBcast (null, 0) == null, "null broadcast");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.OBcast (1, Size), "root out of range");
	}

	static Particle[] Particles (int n)
	{
		var ps = new Particle[n];
		for (int i = 0; i < n; i++)
			ps[i] = new Particle { X = i, Y = -i, Z = i * 0.5, History = new[] { (double) i } };
		return ps;
	}

	public static void ScatterEvenSplitWithLengthsThatDoNotDivide ()
	{
		foreach (int n in new[] { 0, 1, Size - 1, Size + 1, 2 * Size + 3, 1001 }) {
			if (n < 0)
				continue;
			Particle[] all = Rank == 0 ? Particles (n) : null;
			var part = (Particle[]) World.OScatter (all, 0);
			int start = 0;
			for (int r = 0; r < Rank; r++)
				start += n / Size + (r < n % Size ? 1 : 0);
			int expect = n / Size + (Rank < n % Size ? 1 : 0);
			Assert.Equal (expect, part.Length, "part length for n=" + n);
			for (int i = 0; i < part.Length; i++)
				Assert.True (part[i].X == start + i && part[i].History[0] == start + i, "element " + i + " for n=" + n);
		}
	}

	public static void ScatterWithExplicitCountsFromEveryRoot ()
	{
		for (int root = 0; root < Size; root++) {
			int[] counts = Enumerable.Range (0, Size).Select (r => (r * 7 + root) % 5).ToArray ();
			int n = counts.Sum ();
			var all = Rank == root ? Enumerable.Range (0, n).Select (i => "s" + i).ToArray () : null;
			var part = (string[]) World.OScatter (all, Rank == root ? counts : null, root);
			int start = counts.Take (Rank).Sum ();
			Assert.Equal (counts[Rank], part.Length, "part length");
			for (int i = 0; i < part.Length; i++)
				Assert.Equal ("s" + (start + i), part[i], "element");
		}
		// Null counts at the root: refused there, and the other ranks hear of it instead of waiting.
		Exception e = null;
		try {
			World.OScatter (new int[3], null, 0);
		} catch (Exception x) {
			e = x;
		}
		Assert.True (Rank == 0 ? e is ArgumentNullException : e is InvalidOperationException,
			"null counts at the root: " + (Rank == 0 ? "ArgumentNullException" : "InvalidOperationException") + ", got " + e);
		Assert.Equal ("next", (string) World.OBcast (Rank == 0 ? "next" : null, 0), "the next object collective");
	}


	public static void ObjectCollectivesAgreeOnTheRootAndTheOperation ()
	{
		if (Size > 1) {
			// A root that differs between the ranks, or another object collective on some: ArgumentException on
			// every rank, nothing moved (before, each rank broadcast its own object, or OGather hung).
			var cases = new Tuple<string, Action>[] {
				Tuple.Create<string, Action> ("OBcast", () => World.OBcast ("mine", Rank)),
				Tuple.Create<string, Action> ("OScatter", () => World.OScatter (new int[Size], Rank)),
				Tuple.Create<string, Action> ("OGather", () => World.OGather (new[] { 1 }, Rank)),
				Tuple.Create<string, Action> ("OAllgather or OAlltoall", () => {
					if (Rank == 0)
						World.OAllgather (new[] { 1 });
					else
						World.OAlltoall (new int[Size]);
				}),
			};
			foreach (var c in cases) {
				var e = Assert.Caught (c.Item2);
				Assert.True (e is ArgumentException && e.Message.Contains ("differs between the ranks"), c.Item1 + ": got " + e);
				Assert.Equal ("after " + c.Item1, (string) World.OBcast (Rank == 0 ? "after " + c.Item1 : null, 0), "usable afterwards");
			}
		}
		// A root out of range on the last rank only: ArgumentOutOfRangeException there, InvalidOperationException on
		// the others (before, they broadcast without it, and its next OBcast returned the stale object).
		var bad = Assert.Caught (() => World.OBcast (Rank == 0 ? "x" : null, Rank == Size - 1 ? Size + 7 : 0));
		Assert.True (Rank == Size - 1 ? bad is ArgumentOutOfRangeException : bad is InvalidOperationException,
			"a bad root on the last rank: got " + bad);
		Assert.Equal ("second", (string) World.OBcast (Rank == 0 ? "second" : null, 0), "the next OBcast gets its own object");
	}

	public static void ScatterBadCountsFailOnEveryRankWithoutHanging ()
	{
		var bad = Enumerable.Repeat (1, Size).ToArray ();
		bad[0] = 5; // the sum does not match the array
		Exception e = null;
		try {
			World.OScatter (Rank == 0 ? new int[Size] : null, bad, 0);
		} catch (Exception x) {
			e = x;
		}
		Assert.True (e != null, "an exception");
		if (Rank == 0)
			Assert.True (e is ArgumentException, "root: ArgumentException, got " + e.GetType ());
		else
			Assert.True (e is SerializationException, "others: SerializationException, got " + e.GetType ());
		World.Barrier ();
	}

	public static void SharingAcrossScatteredElementsIsKeptWithinAPart ()
	{
		int n = 4 * Size;
		Particle[] all = null;
		if (Rank == 0) {
			all = Particles (n);
			// Pairs (2k, 2k+1) share a partner; with 4 per rank both of a pair land on the same rank.
			for (int k = 0; k < n / 2; k++)
				all[2 * k].Partner = all[2 * k + 1].Partner = new Particle { X = -k };
			all[0].History = all[1].History; // a shared array too
		}
		var part = (Particle[]) World.OScatter (all, 0);
		Assert.Equal (4, part.Length, "part length");
		Assert.True (part[0].Partner == part[1].Partner && part[2].Partner == part[3].Partner, "shared partner kept within the part");
		Assert.True (part[0].Partner != part[2].Partner, "distinct partners stay distinct");
		if (Rank == 0)
			Assert.True (part[0].History == part[1].History, "shared array kept");
	}

	public static void GatherAndAllgatherConcatenateInRankOrder ()
	{
		int mine = Rank % 3 + (Rank == 1 ? 0 : 1); // lengths that differ, one may be 1
		var part = Enumerable.Range (0, mine).Select (i => new Node { Id = Rank * 1000 + i }).ToArray ();
		if (part.Length > 1)
			part[1].Left = part[0];
		var lengths = Enumerable.Range (0, Size).Select (r => r % 3 + (r == 1 ? 0 : 1)).ToArray ();
		for (int root = 0; root < Size; root++) {
			var got = (Node[]) World.OGather (part, root);
			if (Rank != root) {
				Assert.True (got == null, "non-root gets null");
				continue;
			}
			Check (got, lengths, "gather to " + root);
		}
		Check ((Node[]) World.OAllgather (part), lengths, "allgather");
		var ints = (int[]) World.OAllgather (new[] { Rank, Rank });
		Assert.SequenceEqual (Enumerable.Range (0, Size).SelectMany (r => new[] { r, r }), ints, "int allgather");
	}

	static void Check (Node[] got, int[] lengths, string what)
	{
		Assert.Equal (lengths.Sum (), got.Length, what + ": length");
		int at = 0;
		for (int r = 0; r < lengths.Length; r++)
			for (int i = 0; i < lengths[r]; i++, at++) {
				Assert.Equal (r * 1000 + i, got[at].Id, what + ": element " + at);
				if (i == 1)
					Assert.True (got[at].Left == got[at - 1], what + ": sharing inside a part");
			}
	}

	public static void GatherWithANullPartFailsWithoutHanging ()
	{
		Exception e = null;
		try {
			World.OGather (Rank == Size - 1 ? null : new[] { 1 }, 0);
		} catch (Exception x) {
			e = x;
		}
		if (Rank == Size - 1)
			Assert.True (e is ArgumentNullException, "the rank with a null part: ArgumentNullException, got " + e);
		else if (Rank == 0)
			Assert.True (e is SerializationException, "root: SerializationException, got " + e);
		else
			Assert.True (e == null, "other ranks: nothing, got " + e);
		World.Barrier ();
	}

	public static void IrecvAnySourceFromSeveralSenders ()
	{
		const int each = 20;
		if (Rank == 0) {
			int expected = (Size - 1) * each;
			var reqs = Enumerable.Range (0, expected).Select (_ => World.OIrecv (MPI.ANY_SOURCE, 13)).ToArray ();
			World.Barrier ();
			var status = new Status ();
			var seen = new HashSet<string> ();
			for (int k = 0; k < expected; k++) {
				int i = Request.Waitany (reqs.Cast<Request> ().ToArray (), status);
				var o = (string[]) reqs[i].Object;
				Assert.Equal (status.Get_source (), int.Parse (o[0]), "status source matches the payload");
				Assert.True (seen.Add (o[0] + ":" + o[1]), "no message received twice");
			}
			Assert.Equal (expected, seen.Count, "every message received once");
			Assert.Equal (MPI.UNDEFINED, Request.Waitany (reqs.Cast<Request> ().ToArray (), null), "all done");
		} else {
			World.Barrier ();
			var sends = Enumerable.Range (0, each).Select (i => World.OIsend (new[] { Rank.ToString (), i.ToString () }, 0, 13)).ToArray ();
			Request.Waitall (sends);
		}
		// Threads receiving with wildcards at once: each message goes to exactly one of them.
		if (Rank == 0 && Size > 1) {
			int total = (Size - 1) * each, claimed = 0;
			var got = new List<string> ();
			var threads = Enumerable.Range (0, 4).Select (t => new Thread (() => {
				while (Interlocked.Increment (ref claimed) <= total) {
					var r = World.OIrecv (MPI.ANY_SOURCE, 14);
					r.Wait ();
					lock (got)
						got.Add (string.Join (":", (string[]) r.Object));
				}
			})).ToArray ();
			foreach (var t in threads)
				t.Start ();
			World.Barrier ();
			foreach (var t in threads)
				t.Join ();
			Assert.Equal (total, got.Count, "thread receives");
			Assert.Equal (total, got.Distinct ().Count (), "no duplicates between threads");
		} else if (Size > 1) {
			World.Barrier ();
			for (int i = 0; i < each; i++)
				World.OSend (new[] { Rank.ToString (), i.ToString () }, 0, 14);
		}
		World.Barrier ();
	}

	public static void IsendBufferIsOwnedByTheRequest ()
	{
		var list = MakeList (50, Rank);
		Request r = World.OIsend (list, Next, 15);
		list.next = null; // the graph was serialised at the call: changing it now changes nothing
		var req = World.OIrecv (Prev, 15);
		GC.Collect ();
		req.Wait ();
		r.Wait ();
		int n = 0;
		for (var e = (LinkedList) req.Object; e != null; e = e.next)
			n++;
		Assert.Equal (50, n, "received the graph as it was at OIsend");
		var c = World.OIrecv (Prev, 16);
		c.Cancel ();
		var st = new Status ();
		c.Wait (st);
		Assert.True (st.Is_cancelled () && c.Object == null, "a cancelled OIrecv");
	}

	// One value of every kind of process-local handle (serializer/plan.c), with the name its message must give.
	static List<KeyValuePair<string, object>> ProcessLocalValues ()
	{
		var ev = new ManualResetEvent (false);
		return new List<KeyValuePair<string, object>> {
			new KeyValuePair<string, object> ("GCHandle", GCHandle.Alloc (new object ())),
			new KeyValuePair<string, object> ("HandleRef", new HandleRef (new object (), IntPtr.Zero)),
			new KeyValuePair<string, object> ("RuntimeTypeHandle", typeof (Node).TypeHandle),
			new KeyValuePair<string, object> ("RuntimeMethodHandle", typeof (ObjectTests).GetMethod ("Main", BindingFlags.NonPublic | BindingFlags.Static).MethodHandle),
			new KeyValuePair<string, object> ("RuntimeFieldHandle", typeof (Node).GetField ("Id").FieldHandle),
			new KeyValuePair<string, object> ("ModuleHandle", typeof (Node).Module.ModuleHandle),
			new KeyValuePair<string, object> ("SafeFileHandle", new SafeFileHandle (IntPtr.Zero, false)),
			new KeyValuePair<string, object> ("SafeWaitHandle", ev.SafeWaitHandle),
			new KeyValuePair<string, object> ("ManualResetEvent", ev),
			new KeyValuePair<string, object> ("Thread", Thread.CurrentThread),
			new KeyValuePair<string, object> ("ThreadLocal", new ThreadLocal<int> (() => 5)),
			new KeyValuePair<string, object> ("WeakReference", new WeakReference (new object ())),
			new KeyValuePair<string, object> ("WeakReference", new WeakReference<Node> (new Node ())),
		};
	}

	static void RefusedBySender (object o, string typeName, string where, string what)
	{
		var e = Assert.Throws<ArgumentException> (() => World.OSend (o, Next, 30), what);
		Assert.Contains (typeName, e.Message, what + ": the message names the type");
		Assert.Contains (where, e.Message, what + ": the message says where it is");
		Assert.Contains ("means nothing in another process", e.Message, what + ": the message says why");
		var again = Assert.Throws<ArgumentException> (() => World.OIsend (o, Next, 30), what + " (OIsend)");
		Assert.Equal (e.Message, again.Message, what + ": the same refusal through OIsend");
		// Nothing was sent: the next message on the tag is a correct one, and both ends are usable.
		var got = (Node) Ring (new Node { Id = 77, Payload = what }, 30);
		Assert.True (got.Id == 77 && (string) got.Payload == what, what + ": a correct message goes through afterwards");
	}

	public static void ProcessLocalHandlesAreRefusedBySenderWhereverTheyAre ()
	{
		foreach (var kv in ProcessLocalValues ()) {
			string name = kv.Key;
			object v = kv.Value;
			RefusedBySender (v, name, "at root", name + " as the root");
			RefusedBySender (new object[] { 1, "x", v }, name, "at root[2]", name + " in an array element");
			RefusedBySender (new InMarkedField { Any = new object[] { v } }, name, "at root.Any[0]", name + " in a followed field");
			var arr = Array.CreateInstance (v.GetType (), 2);
			RefusedBySender (arr, name, "", name + "[] as the root");
			RefusedBySender (new InMarkedField { Any = arr }, name, "at root.Any", name + "[] in a followed field");
			if (v.GetType ().IsValueType) {
				var inField = Activator.CreateInstance (typeof (InField<>).MakeGenericType (v.GetType ()));
				RefusedBySender (inField, name, "field 'F'", name + " in a field");
				var inStruct = Activator.CreateInstance (typeof (InStructField<>).MakeGenericType (v.GetType ()));
				RefusedBySender (inStruct, name, "field 'S.F'", name + " in a struct field");
			}
		}
	}

	public static void UnmarkedReferencesToHandlesArriveNullAndAreNotRefused ()
	{
		// A reference field without [Transportable] never travels, so what it points to does not matter.
		var u = new Unmarked { X = 3, Other = Thread.CurrentThread, Name = "n" };
		var got = (Unmarked) Ring (u, 31);
		Assert.True (got.X == 3 && got.Other == null && got.Name == "n", "the handle stayed home, the rest arrived");
	}

	static unsafe Fixed4 MakeFixed (int seed)
	{
		var f = new Fixed4 { After = seed + 4 };
		for (int i = 0; i < 4; i++)
			f.Buf[i] = seed + i;
		return f;
	}

	static unsafe void CheckFixed (Fixed4 f, int seed, string what)
	{
		for (int i = 0; i < 4; i++)
			Assert.Equal (seed + i, f.Buf[i], what + ": element " + i + " of the fixed buffer");
		Assert.Equal (seed + 4, f.After, what + ": the field after it");
	}

	// Waitall of an object exchange with the send first: the receive, which only tests make progress, is tested while
	// the send is in flight (before, each rank waited in its send of 64 KiB for the other's receive, for ever).
	public static void WaitallOfAnObjectExchangeInEitherOrder ()
	{
		foreach (bool sendFirst in new[] { true, false }) {
			var data = Enumerable.Range (0, 8192).Select (i => (double) (Rank * 10000 + i)).ToArray ();
			Request s = World.OIsend (data, Next, 39);
			ORequest q = World.OIrecv (Prev, 39);
			Request.Waitall (sendFirst ? new[] { s, q } : new Request[] { q, s });
			var got = (double[]) q.Object;
			Assert.Equal (8192, got.Length, "length");
			Assert.Equal ((double) (Prev * 10000 + 8191), got[8191], "the last element, " + (sendFirst ? "send" : "receive") + " first");
		}
	}

	// Testall polled until true over the same exchange: every request is tested in each call, not only those up to
	// the first still in flight (before, each rank's Testall stopped at its send and never tested the receive).
	public static void TestallOfAnObjectExchangeInEitherOrder ()
	{
		foreach (bool sendFirst in new[] { true, false }) {
			var data = Enumerable.Range (0, 8192).Select (i => (double) (Rank * 10000 + i)).ToArray ();
			Request s = World.OIsend (data, Next, 48);
			ORequest q = World.OIrecv (Prev, 48);
			Request[] reqs = sendFirst ? new[] { s, q } : new Request[] { q, s };
			var watch = System.Diagnostics.Stopwatch.StartNew ();
			while (!Request.Testall (reqs))
				Assert.True (watch.Elapsed.TotalSeconds < 60, "Testall has not seen the exchange complete in 60 s");
			var got = (double[]) q.Object;
			Assert.Equal ((double) (Prev * 10000 + 8191), got[8191], "the last element, " + (sendFirst ? "send" : "receive") + " first");
		}
	}

	// 1.2 MB: past the eager limit of every transport (MPICH's shared memory sends up to 128 KiB at once).
	const int BigLength = 150000;

	static double[] Big (int seed)
	{
		return Enumerable.Range (0, BigLength).Select (i => (double) (seed * 1000000 + i)).ToArray ();
	}

	static void CheckBig (object got, int seed, string what)
	{
		var a = (double[]) got;
		Assert.Equal (BigLength, a.Length, what + ": length");
		Assert.Equal ((double) (seed * 1000000 + 100), a[100], what + ": element 100");
		Assert.Equal ((double) (seed * 1000000 + BigLength - 1), a[BigLength - 1], what + ": the last element");
	}

	// A Wait for the send of an exchange after its OIrecv, the receive waited for last (MPI's usual order): while
	// an object receive waits unmatched, a wait that would block polls and tests it (before, each rank waited in its
	// send of 64 KiB for the other's receive, for ever).  The same for Wait (status) and Waitany of the send alone.
	public static void WaitsForASendTestTheObjectReceivesWaitingUnmatched ()
	{
		for (int form = 0; form < 3; form++) {
			ORequest q = World.OIrecv (Prev, 49);
			Request s = World.OIsend (Big (Rank), Next, 49);
			if (form == 0)
				s.Wait ();
			else if (form == 1)
				s.Wait (new Status ());
			else
				Assert.Equal (0, Request.Waitany (new[] { s }, null), "Waitany's index");
			q.Wait ();
			CheckBig (q.Object, Prev, "form " + form);
		}
	}

	// Typed receives posted after an OIrecv whose envelope they overlap get their messages in MPI's order: the
	// OIrecv the first, then each in the order posted (before, a typed receive posted in MPI at once took the
	// object's message).  An Irecv waits in a queue, a blocking Recv until those before it have matched; an Irecv
	// of an envelope no OIrecv overlaps is posted at once.  Large messages, so that a send waits for its receive.
	public static void TypedReceivesAfterAnOIrecvGetTheirMessagesInPostOrder ()
	{
		int partner = Partner;
		if (partner < 0)
			return;
		if (Rank % 2 == 0) {
			ORequest q1 = World.OIrecv (partner, 60);
			var a2 = new double[BigLength];
			Request r2 = World.Irecv (a2, partner, 60);
			Assert.True (r2.GetType () != typeof (Request), "the Irecv behind the OIrecv is queued");
			var other = new int[1];
			Request r0 = World.Irecv (other, partner, 59);
			Assert.True (r0.GetType () == typeof (Request), "an Irecv of another tag is posted at once");
			World.Send (new int[1], partner, 58); // the partner sends only now: nothing can match before
			var a3 = new int[1];
			World.Recv (a3, partner, 60, null); // waits until q1 has matched and r2 is posted
			Assert.Equal (3, a3[0], "the blocking Recv's message");
			r2.Wait ();
			CheckBig (a2, partner + 2, "the queued Irecv");
			q1.Wait ();
			CheckBig (q1.Object, partner, "the OIrecv");
			r0.Wait ();
			Assert.Equal (9, other[0], "the Irecv of another tag");
			// A wildcard receive behind an OIrecv, completed by Waitall before the OIrecv is.
			ORequest q4 = World.OIrecv (partner, 60);
			var a5 = new int[1];
			Request r5 = World.Irecv (a5, partner, MPI.ANY_TAG);
			Request.Waitall (new Request[] { r5, q4 });
			var st = new Status ();
			r5.Wait (st); // inactive now: MPI's empty status
			Assert.Equal (5, a5[0], "the wildcard Irecv");
			Assert.Equal (MPI.ANY_TAG, st.Tag, "the wildcard Irecv's status after Waitall");
			Assert.Equal (4, (int) q4.Object, "the second OIrecv");
		} else {
			World.Recv (new int[1], partner, 58, null);
			World.OSend (Big (Rank), partner, 60);
			World.Send (Big (Rank + 2), partner, 60);
			World.Send (new[] { 3 }, partner, 60);
			World.Send (new[] { 9 }, partner, 59);
			World.OSend (4, partner, 60);
			World.Send (new[] { 5 }, partner, 61);
		}
	}

	// A blocking Recv behind an OIrecv waits for its turn inside its direct call, which runs ORequest.AwaitBefore
	// through the runtime (runtime-ext/direct-def.h).  Exceptions thrown there (forced here, three times) stay at
	// that boundary: the Recv goes on, gets its message after the OIrecv's, and the rank stays usable.
	public static void AnExceptionInsideADirectCallStaysThere ()
	{
		int partner = Partner;
		if (partner < 0)
			return;
		if (Rank % 2 == 0) {
			ORequest q = World.OIrecv (partner, 70);
			ORequest.testThrowsInAwait = 3;
			try {
				World.Send (new int[1], partner, 58); // the partner sends only now: nothing can match before
				var a = new int[1];
				World.Recv (a, partner, 70, null);
				Assert.Equal (7, a[0], "the Recv behind the OIrecv");
				Assert.Equal (0, Math.Max (ORequest.testThrowsInAwait, 0), "AwaitBefore threw each time asked");
			} finally {
				ORequest.testThrowsInAwait = 0;
			}
			q.Wait ();
			Assert.Equal ("first", (string) q.Object, "the OIrecv");
			World.Send (new[] { 8 }, partner, 71);
		} else {
			World.Recv (new int[1], partner, 58, null);
			World.OSend ("first", partner, 70);
			World.Send (new[] { 7 }, partner, 70);
			var b = new int[1];
			World.Recv (b, partner, 71, null);
			Assert.Equal (8, b[0], "a message after it");
		}
	}

	// Behind an OIrecv: a blocking Sendrecv (and Sendrecv_replace) sends at once and its receive waits for its
	// turn, as an Isendrecv's does, and a queued Irecv the program frees still takes its message, so the receive after it gets the next.
	public static void SendrecvIsendrecvAndAFreedIrecvKeepTheirTurnBehindAnOIrecv ()
	{
		int partner = Partner;
		if (partner < 0)
			return;
		if (Rank % 2 == 0) {
			ORequest q = World.OIrecv (partner, 65);
			World.Send (new int[1], partner, 58); // the partner sends only now: nothing can match before
			var a1 = new int[1];
			World.Sendrecv (new[] { 10 }, partner, 66, a1, partner, 65, null);
			Assert.Equal (1, a1[0], "the Sendrecv's message");
			q.Wait ();
			Assert.Equal ("x", (string) q.Object, "the first OIrecv");
			ORequest q2 = World.OIrecv (partner, 65);
			var a2 = new int[1];
			Request rq = World.Isendrecv (new[] { 20 }, partner, 66, a2, partner, 65);
			var a3 = new int[1];
			World.Irecv (a3, partner, 65).Free ();
			Request.Waitall (new Request[] { rq, q2 });
			Assert.Equal (2, a2[0], "the Isendrecv's message");
			Assert.Equal ("y", (string) q2.Object, "the second OIrecv");
			var a4 = new int[1];
			World.Recv (a4, partner, 65, null);
			Assert.Equal (4, a4[0], "the Recv after the freed Irecv");
			ORequest q3 = World.OIrecv (partner, 65);
			var b = new[] { 30 };
			World.Sendrecv_replace (b, partner, 66, partner, 65, null);
			Assert.Equal (5, b[0], "the Sendrecv_replace's message");
			q3.Wait ();
			Assert.Equal ("z", (string) q3.Object, "the third OIrecv");
		} else {
			// Each object message only after what the Sendrecv or Isendrecv sends: their sends cannot wait.
			World.Recv (new int[1], partner, 58, null);
			var got = new int[1];
			World.Recv (got, partner, 66, null);
			Assert.Equal (10, got[0], "what the Sendrecv sent");
			World.OSend ("x", partner, 65);
			World.Send (new[] { 1 }, partner, 65);
			World.Recv (got, partner, 66, null);
			Assert.Equal (20, got[0], "what the Isendrecv sent");
			World.OSend ("y", partner, 65);
			World.Send (new[] { 2 }, partner, 65);
			World.Send (new[] { 3 }, partner, 65);
			World.Send (new[] { 4 }, partner, 65);
			World.Recv (got, partner, 66, null);
			Assert.Equal (30, got[0], "what the Sendrecv_replace sent");
			World.OSend ("z", partner, 65);
			World.Send (new[] { 5 }, partner, 65);
		}
	}

	// A queued Irecv is posted in its turn by the progress thread too: here the rank blocks in an Allreduce while its
	// partner sends the OIrecv's object and then the Irecv's message, both large, before joining the Allreduce.
	public static void AQueuedIrecvIsPostedWhileTheRankBlocksInACollective ()
	{
		int partner = Partner;
		ORequest q = null;
		Request r = null;
		var a = new double[BigLength];
		if (partner >= 0 && Rank % 2 == 0) {
			q = World.OIrecv (partner, 67);
			r = World.Irecv (a, partner, 67);
			Assert.True (r.GetType () != typeof (Request), "the Irecv behind the OIrecv is queued");
			World.Send (new int[1], partner, 58);
		} else if (partner >= 0) {
			World.Recv (new int[1], partner, 58, null);
			World.OSend (Big (Rank), partner, 67);
			World.Send (Big (Rank + 2), partner, 67);
		}
		var sum = new int[1];
		World.Allreduce (new[] { 1 }, sum, Op.SUM);
		Assert.Equal (Size, sum[0], "the Allreduce");
		if (q != null) {
			r.Wait ();
			CheckBig (a, partner + 2, "the queued Irecv");
			q.Wait ();
			CheckBig (q.Object, partner, "the OIrecv");
		}
	}

	// A queued Irecv cancelled before its turn takes no message: the next receive does.  A persistent receive
	// cannot start behind an OIrecv (it cannot wait in the queue) and says so; it starts once the OIrecv has matched.
	public static void AQueuedIrecvCancelsAndAPersistentReceiveIsRefusedBehindAnOIrecv ()
	{
		int partner = Partner;
		if (partner < 0)
			return;
		if (Rank % 2 == 0) {
			ORequest q = World.OIrecv (partner, 62);
			var a = new int[1];
			Request r = World.Irecv (a, partner, 62);
			r.Cancel ();
			var st = new Status ();
			r.Wait (st);
			Assert.True (st.Is_cancelled (), "the queued Irecv is cancelled");
			var b = new int[1];
			Prequest p = World.Recv_init (b, partner, 62);
			Assert.Throws<InvalidOperationException> (() => p.Start (), "Start behind the OIrecv");
			World.Send (new int[1], partner, 58); // the partner sends only now: nothing can match before
			q.Wait ();
			Assert.Equal ("first", (string) q.Object, "the OIrecv");
			p.Start ();
			p.Wait ();
			Assert.Equal (7, b[0], "the persistent receive after the OIrecv");
			p.Free ();
		} else {
			World.Recv (new int[1], partner, 58, null);
			World.OSend ("first", partner, 62);
			World.Send (new[] { 7 }, partner, 62);
		}
	}

	// Blocking OSend after an OIrecv, then the wait for the receive (before, it waited for ever past the eager limit).
	public static void BlockingOSendAfterAnOIrecvTestsTheReceive ()
	{
		ORequest q = World.OIrecv (Prev, 50);
		World.OSend (Big (Rank), Next, 50);
		q.Wait ();
		CheckBig (q.Object, Prev, "the OIrecv");
		// The form that sends a part of an array.
		q = World.OIrecv (Prev, 53);
		World.OSend (Big (Rank), 100, 8000, Next, 53);
		q.Wait ();
		var part = (double[]) q.Object;
		Assert.Equal (8000, part.Length, "the part's length");
		Assert.Equal ((double) (Prev * 1000000 + 100), part[0], "the part's first element");
		Assert.Equal ((double) (Prev * 1000000 + 8099), part[7999], "the part's last element");
	}

	// ORecv of another tag while an OIrecv waits unmatched, the sender sending the OIrecv's message first: the ORecv
	// polls and tests the OIrecv (before, it waited in a matched probe while the sender waited in its send).
	public static void ORecvAfterAnOIrecvTestsIt ()
	{
		int partner = Partner;
		if (partner < 0)
			return;
		if (Rank % 2 == 0) {
			ORequest q = World.OIrecv (partner, 51);
			object small = World.ORecv (partner, 52, null);
			Assert.Equal (partner, (int) small, "the ORecv");
			q.Wait ();
			CheckBig (q.Object, partner, "the OIrecv");
		} else {
			World.OSend (Big (Rank), partner, 51);
			World.OSend (Rank, partner, 52);
		}
	}

	// Blocking Send, Recv and Probe of arrays while an OIrecv waits unmatched: the even rank of each pair posts an
	// OIrecv and then blocks; its partner first sends the OIrecv's object (a blocking OSend, which completes only
	// once that receive has matched) and only then what the even rank blocks for.  The blocking calls poll and let
	// the OIrecv match, as MPI's progress would complete a posted receive (before, both waited for ever).
	public static void BlockingPointToPointTestsTheObjectReceivesWaitingUnmatched ()
	{
		int partner = Partner;
		if (partner < 0)
			return;
		var data = Big (Rank);
		var into = new double[BigLength];
		for (int form = 0; form < 3; form++) {
			int tag = 60 + 2 * form;
			if (Rank % 2 == 0) {
				ORequest q = World.OIrecv (partner, tag);
				if (form == 0)
					World.Send (data, partner, tag + 1);
				else {
					if (form == 2) {
						var st = new Status ();
						World.Probe (partner, tag + 1, st);
						Assert.Equal (tag + 1, st.Get_tag (), "Probe's tag");
					}
					World.Recv (into, partner, tag + 1, null);
					CheckBig (into, partner, "the array, form " + form);
				}
				q.Wait ();
				CheckBig (q.Object, partner, "the OIrecv, form " + form);
			} else {
				World.OSend (data, partner, tag);
				if (form == 0) {
					World.Recv (into, partner, tag + 1, null);
					CheckBig (into, partner, "the array");
				} else
					World.Send (data, partner, tag + 1);
			}
		}
	}

	// Blocking collectives while an OIrecv waits unmatched, its message sent by a rank before that rank joins them
	// (a blocking OSend of 1.2 MB, which completes only once the receive has matched): the progress thread lets the
	// OIrecv match while the collective waits, as MPI's progress completes a posted receive (before, both ranks waited
	// for ever).  An Allreduce, one with a user-defined operator that allocates (managed code inside MPI, where the
	// progress thread must not call MPI), and a Bcast too large for the agreement to carry.  Needs
	// MPI_THREAD_MULTIPLE.
	public static void BlockingCollectivesLetTheObjectReceivesWaitingUnmatchedMatch ()
	{
		if (MPI.Query_thread () != MPI.THREAD_MULTIPLE)
			return;
		int partner = Partner;
		using (var op = Op.Create<long> ((a, b) => new long[] { a, b }.Sum (), true)) {
			for (int form = 0; form < 3; form++) {
				int tag = 100 + form;
				ORequest q = null;
				if (partner >= 0 && Rank % 2 == 0)
					q = World.OIrecv (partner, tag);
				else if (partner >= 0)
					World.OSend (Big (Rank), partner, tag);
				if (form < 2) {
					var sum = new long[] { 1 };
					World.Allreduce (sum, form == 0 ? Op.SUM : op);
					Assert.Equal ((long) Size, sum[0], "the Allreduce, form " + form);
				} else {
					var data = Rank == 0 ? Big (7) : new double[BigLength];
					World.Bcast (data, 0);
					CheckBig (data, 7, "the Bcast");
				}
				if (q != null) {
					q.Wait ();
					CheckBig (q.Object, partner, "the OIrecv, form " + form);
				}
			}
		}
	}

	// A wait another thread began before an OIrecv was posted blocks in MPI, not polling: the OIrecv's message, sent
	// before the message that wait is for (a blocking OSend, which completes only once the receive has matched), is
	// matched by the progress thread while the program's own thread waits for the waiting one (before, nothing tested
	// the OIrecv and both ranks waited for ever).  Needs MPI_THREAD_MULTIPLE.
	public static void AWaitBegunBeforeAnOIrecvWasPostedLetsItMatch ()
	{
		int partner = Partner;
		if (partner < 0 || MPI.Query_thread () != MPI.THREAD_MULTIPLE)
			return;
		if (Rank % 2 == 1) {
			World.OSend (Big (Rank), partner, 104);
			World.Send (Big (Rank), partner, 105);
			return;
		}
		var into = new double[BigLength];
		Request r = World.Irecv (into, partner, 105);
		var waiter = new Thread (() => r.Wait ());
		waiter.Start ();
		Thread.Sleep (200); // the wait has begun, while no object receive waited: it blocks in MPI
		ORequest q = World.OIrecv (partner, 104);
		Assert.True (waiter.Join (60000), "the waiting thread has not returned in 60 s");
		CheckBig (into, partner, "the array");
		q.Wait ();
		CheckBig (q.Object, partner, "the OIrecv");
	}

	static ORequest[] UnmatchedList ()
	{
		var list = (LinkedList<ORequest.Entry>) typeof (ORequest).GetField ("unmatched", BindingFlags.NonPublic | BindingFlags.Static).GetValue (null);
		lock (list)
			return list.Select (e => { ORequest q = null; if (e.Object != null) e.Object.TryGetTarget (out q); return q; }).ToArray ();
	}

	static int UnmatchedObjectReceives ()
	{
		return (int) typeof (ORequest).GetField ("Unmatched", BindingFlags.NonPublic | BindingFlags.Static).GetValue (null);
	}

	// Loops of Test, Testall, Testany and Iprobe while an OIrecv waits unmatched: the even rank of each pair tests
	// for what its partner sends second, after the OIrecv's object (a blocking OSend).  A test that finds nothing
	// lets the OIrecv make progress, as a test lets MPI complete a posted receive (before, both waited for ever).
	public static void TestLoopsLetTheObjectReceivesWaitingUnmatchedMatch ()
	{
		int partner = Partner;
		if (partner < 0)
			return;
		var data = Big (Rank);
		var into = new double[BigLength];
		for (int form = 0; form < 4; form++) {
			int tag = 70 + 2 * form;
			if (Rank % 2 == 1) {
				World.OSend (data, partner, tag);
				World.Send (data, partner, tag + 1);
				continue;
			}
			ORequest q = World.OIrecv (partner, tag);
			var watch = System.Diagnostics.Stopwatch.StartNew ();
			Func<bool> test;
			if (form == 3) {
				test = () => World.Iprobe (partner, tag + 1, null);
			} else {
				Request r = World.Irecv (into, partner, tag + 1);
				if (form == 0)
					test = () => r.Test ();
				else if (form == 1)
					test = () => Request.Testall (new[] { r });
				else
					test = () => Request.Testany (new[] { r }, null) == 0;
			}
			while (!test ())
				Assert.True (watch.Elapsed.TotalSeconds < 60, "form " + form + " has not seen the message in 60 s");
			if (form == 3)
				World.Recv (into, partner, tag + 1, null);
			CheckBig (into, partner, "the array, form " + form);
			q.Wait ();
			CheckBig (q.Object, partner, "the OIrecv, form " + form);
		}
	}

	// Cancel of an ORequest that another thread waits for, in its matched probe, is refused as for any request another
	// thread is completing (before, it waited until a message came); before that thread blocks, it succeeds.
	public static void CancellingAnORequestAnotherThreadWaitsForReturnsAtOnce ()
	{
		ORequest q = World.OIrecv (Rank, 80);
		var status = new Status ();
		var waiter = new Thread (() => q.Wait (status));
		waiter.Start ();
		Thread.Sleep (300);
		var watch = System.Diagnostics.Stopwatch.StartNew ();
		Exception e = Assert.Caught (() => q.Cancel ());
		Assert.True (watch.Elapsed.TotalSeconds < 5, "Cancel returned after " + watch.Elapsed.TotalSeconds + " s");
		Assert.True (e == null || e is InvalidOperationException, "Cancel raised " + e);
		World.OIsend ("x", Rank, 80).Wait ();
		Assert.True (waiter.Join (60000), "the waiting thread has not returned in 60 s");
		if (status.Is_cancelled ())
			Assert.Equal ("x", (string) World.ORecv (Rank, 80, null), "the message the cancelled receive left");
		else
			Assert.Equal ("x", (string) q.Object, "the message");
	}

	// An OIrecv whose communicator is freed completes with the error at its next test (before, it raised and stayed
	// unmatched, and every later wait of the process polled for ever).
	public static void AnOIrecvOnAFreedCommunicatorCompletesWithTheError ()
	{
		Intracomm d = (Intracomm) World.Dup ();
		ORequest q = d.OIrecv (Prev, 81);
		d.Free ();
		Assert.Throws<ObjectDisposedException> (() => q.Test (), "the first test");
		Assert.True (q.Test (), "a later test of the completed request");
		Assert.True (Array.IndexOf (UnmatchedList (), q) < 0, "the request has left the object receives waiting unmatched");
	}

	static void PostAndDrop (int n)
	{
		for (int i = 0; i < n; i++)
			World.OIrecv (Prev, 88);
	}

	// OIrecvs the program dropped stop counting once collected: the next test of any set finds them gone (before,
	// they counted until another OIrecv matched, and every wait polled meanwhile).  The progress thread holds the one
	// it tests for that moment: a collection then misses that one, and a later one frees it.
	public static void DroppedOIrecvsStopCountingOnceCollected ()
	{
		int before = UnmatchedObjectReceives (); // 0 unless an earlier test left some
		var t = new Thread (() => PostAndDrop (10)); // its stack, gone with it, holds none of them
		t.Start ();
		t.Join ();
		Assert.True (UnmatchedObjectReceives () > before, "object receives waiting unmatched after posting: " +
			UnmatchedObjectReceives () + ", " + before + " before");
		for (int round = 0; round < 20 && UnmatchedObjectReceives () > before; round++) {
			if (round > 0)
				Thread.Sleep (10);
			GC.Collect ();
			GC.WaitForPendingFinalizers ();
			GC.Collect ();
			Request.Testall (new Request[0]);
		}
		Assert.True (UnmatchedObjectReceives () <= before, "object receives waiting unmatched after 20 collections and " +
			"tests: " + UnmatchedObjectReceives () + ", " + before + " before");
	}

	// Object receives with the same envelope match their messages in the order they were posted, whichever is waited
	// for first, and an ORecv after an OIrecv gets the later message (before, the one tested first took the first).
	// A marker sent last makes sure both messages have arrived: the order holds for messages that have.
	public static void ObjectReceivesWithTheSameEnvelopeMatchInPostOrder ()
	{
		int partner = Partner;
		if (partner < 0)
			return;
		foreach (int tag in new[] { 82, 84 }) {
			if (Rank % 2 == 1) {
				World.OSend ("first", partner, tag);
				World.OSend ("second", partner, tag);
				World.OSend ("marker", partner, tag + 1);
				continue;
			}
			World.ORecv (partner, tag + 1, null);
			ORequest q1 = World.OIrecv (partner, tag);
			if (tag == 82) {
				ORequest q2 = World.OIrecv (partner, tag);
				q2.Wait ();
				q1.Wait ();
				Assert.Equal ("second", (string) q2.Object, "the OIrecv posted second");
			} else
				Assert.Equal ("second", (string) World.ORecv (partner, tag, null), "the ORecv after the OIrecv");
			q1.Wait ();
			Assert.Equal ("first", (string) q1.Object, "the OIrecv posted first, tag " + tag);
		}
	}

	// The form of OSend that sends part of an array refuses an array not indexed from 0 also while an OIrecv waits
	// unmatched (before, that path sent it).
	public static void OSendOfAPartRefusesTheSameArraysWhileAnOIrecvWaits ()
	{
		ORequest q = World.OIrecv (Prev, 86);
		Array odd = Array.CreateInstance (typeof (int), new[] { 10 }, new[] { 5 });
		Assert.Throws<ArgumentException> (() => World.OSend (odd, 0, 3, Next, 87), "an array indexed from 5");
		q.Cancel ();
		q.Wait ();
	}

	// OIrecvs posted ahead and waited for in order get the messages of their envelope in order, also when a message
	// arrives between the probes of two of them: the one posted first takes it (before, a later one did, and with an
	// acknowledgement after each message both ranks waited for ever).
	public static void PrepostedOIrecvsGetTheirMessagesInPostOrder ()
	{
		int partner = Partner;
		if (partner < 0)
			return;
		const int N = 200;
		var ack = new int[1];
		foreach (bool acknowledged in new[] { true, false }) {
			int tag = acknowledged ? 89 : 90;
			if (Rank % 2 == 1) {
				var sends = new Request[N];
				for (int i = 0; i < N; i++) {
					if (acknowledged) {
						World.OSend (i, partner, tag);
						World.Recv (ack, partner, 91, null);
					} else
						sends[i] = World.OIsend (i, partner, tag);
				}
				if (!acknowledged)
					Request.Waitall (sends);
				continue;
			}
			var qs = new ORequest[N];
			for (int i = 0; i < N; i++)
				qs[i] = World.OIrecv (partner, tag);
			for (int i = 0; i < N; i++) {
				qs[i].Wait ();
				Assert.Equal (i, (int) qs[i].Object, "the OIrecv posted " + i + "th" + (acknowledged ? ", acknowledged" : ""));
				if (acknowledged)
					World.Send (ack, partner, 91);
			}
		}
	}

	[MethodImpl (MethodImplOptions.NoInlining)]
	static void PostAndFree (int source, int tag)
	{
		World.OIrecv (source, tag).Free ();
	}

	// An OIrecv the program freed and dropped still takes its message, as a freed MPI receive still completes (before,
	// a collection dropped it and the next receive got its message).
	public static void AFreedOIrecvStillTakesItsMessage ()
	{
		PostAndFree (Prev, 92);
		GC.Collect ();
		GC.WaitForPendingFinalizers ();
		GC.Collect ();
		Request a = World.OIsend ("A", Next, 92), b = World.OIsend ("B", Next, 92);
		Assert.Equal ("B", (string) World.ORecv (Prev, 92, null), "the receive after the freed one");
		Request.Waitall (new[] { a, b });
	}

	// The runtime's own classes (List<T>, Dictionary<K,V>, ...) cannot be marked [Transportable]: their fields follow
	// the [Serializable] rule, so they arrive usable (before, a List arrived with its Count and a null array).
	public static void TheRuntimesCollectionsArriveUsable ()
	{
		var list = (List<int>) Ring (new List<int> { Rank, 2, 3 }, 40);
		Assert.SequenceEqual (new[] { Prev, 2, 3 }, list.ToArray (), "List<int>");
		var dict = (Dictionary<string, int>) Ring (new Dictionary<string, int> { { "a", Rank }, { "b", 2 } }, 41);
		Assert.True (dict.ContainsKey ("a") && dict["a"] == Prev && dict["b"] == 2, "Dictionary<string, int> lookups");
		var set = (HashSet<string>) Ring (new HashSet<string> { "x", "y" }, 42);
		Assert.True (set.Count == 2 && set.Contains ("x") && set.Contains ("y") && !set.Contains ("z"), "HashSet<string>");
		var queue = (Queue<int>) Ring (new Queue<int> (new[] { 4, 5 }), 43);
		Assert.Equal (4, queue.Dequeue (), "Queue<int>");
		var tuple = (Tuple<int, int[]>) Ring (Tuple.Create (Rank, new[] { 7, 8 }), 44);
		Assert.True (tuple.Item1 == Prev && tuple.Item2[1] == 8, "Tuple<int, int[]>");
		var pair = (KeyValuePair<string, object>) Ring (new KeyValuePair<string, object> ("k", "v"), 45);
		Assert.Equal ("v", (string) pair.Value, "KeyValuePair<string, object>");
		var text = (System.Text.StringBuilder) Ring (new System.Text.StringBuilder ("abc"), 46);
		Assert.Equal ("abc", text.ToString (), "StringBuilder");
		var holder = (WithCollections) Ring (new WithCollections { Marked = new List<int> { 9 }, Unmarked = new List<int> { 9 } }, 47);
		Assert.Equal (9, holder.Marked[0], "a marked List field");
		Assert.True (holder.Unmarked == null, "an unmarked List field arrives null, as any unmarked reference");
	}

	public static void TypesNamedBeyondAsciiTravel ()
	{
		var got = (Café) Ring (new Café { X = Rank, Next = new Café { X = 7 } }, 38);
		Assert.Equal (Prev, got.X, "X");
		Assert.Equal (7, got.Next.X, "Next.X");
	}

	public static void FixedSizeBuffersTravelWhole ()
	{
		var h = (FixedHolder) Ring (new FixedHolder { F = MakeFixed (Rank * 10), Z = 9 }, 31);
		CheckFixed (h.F, Prev * 10, "a class's field");
		Assert.Equal (9, h.Z, "the field after the struct");
		CheckFixed ((Fixed4) Ring (MakeFixed (Rank), 32), Prev, "a boxed struct");
		CheckFixed (((Fixed4[]) Ring (new[] { MakeFixed (Rank) }, 33))[0], Prev, "an array of the struct");
		var w = (FixedWithRef[]) Ring (new[] { new FixedWithRef { F = MakeFixed (Rank), S = "s" } }, 34);
		CheckFixed (w[0].F, Prev, "an array of a struct with a reference");
		Assert.Equal ("s", w[0].S, "the reference beside it");
	}

	// A chain of `depth` classes C0 : ... : C(depth-1), each with an int field, made at run time in an assembly that
	// Type.GetType finds through AssemblyResolve (every rank makes the same one); returns an object of the last,
	// its fields F0..F(depth-1) = 1..depth.
	static object DeepObject (int depth)
	{
		string asm = "Deep" + depth;
		var ab = AppDomain.CurrentDomain.DefineDynamicAssembly (new AssemblyName (asm), System.Reflection.Emit.AssemblyBuilderAccess.Run);
		var mb = ab.DefineDynamicModule (asm);
		AppDomain.CurrentDomain.AssemblyResolve += (sender, e) => new AssemblyName (e.Name).Name == asm ? ab : null;
		Type parent = typeof (object);
		for (int i = 0; i < depth; i++) {
			var tb = mb.DefineType ("C" + i, TypeAttributes.Public, parent);
			tb.DefineField ("F" + i, typeof (int), FieldAttributes.Public);
			tb.DefineDefaultConstructor (MethodAttributes.Public);
			parent = tb.CreateType ();
		}
		object o = Activator.CreateInstance (parent);
		for (int i = 0; i < depth; i++)
			parent.GetField ("F" + i).SetValue (o, i + 1);
		return o;
	}

	public static void DeepClassHierarchiesTravelWholeOrAreRefused ()
	{
		var got = Ring (DeepObject (70), 35);
		for (int i = 0; i < 70; i++)
			Assert.Equal (i + 1, (int) got.GetType ().GetField ("F" + i).GetValue (got), "field F" + i + " of a 70-class chain");
		var e = Assert.Throws<ArgumentException> (() => World.OSend (DeepObject (300), Next, 36), "a 300-class chain");
		Assert.Contains ("deeper than 256", e.Message, "message");
		Assert.Equal (5, (int) Ring (5, 37), "usable afterwards");
	}

	public static void TypesThatCannotTravelAreRefusedAndTheRankStaysUsable ()
	{
		var e1 = Assert.Throws<ArgumentException> (() => World.OSend (new WithDelegate { Callback = () => { } }, Next, 17), "delegate");
		Assert.Contains ("cannot travel", e1.Message, "message");
		var e2 = Assert.Throws<ArgumentException> (() => World.OSend (new WithHandle (), Next, 17), "IntPtr field");
		Assert.Contains ("WithHandle", e2.Message, "message names the type");
		Assert.Throws<ArgumentException> (() => World.OIsend (new object[] { new WithHandle () }, Next, 17), "inside an array");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.OSend (1, Size, 17), "rank out of range");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.ORecv (Size, 17, null), "source out of range");
		Assert.Throws<ArgumentOutOfRangeException> (() => World.OIrecv (0, -5), "bad tag");
		// A delegate in an unmarked field does not travel at all, so it is fine.
		var ok = (WithDelegate) Ring (new WithDelegate { X = 4 }, 17);
		Assert.Equal (4, ok.X, "usable afterwards");
		Assert.True (World.ORecv (MPI.PROC_NULL, 17, null) == null, "receive from PROC_NULL");
		World.OSend (new Node (), MPI.PROC_NULL, 17);
	}

	public static void CollectionsWhileReceivingDoNotCorruptGraphs ()
	{
		// Another thread collects all the time, so objects move while the deserializer builds graphs.
		bool stop = false;
		var gc = new Thread (() => { while (!Volatile.Read (ref stop)) { GC.Collect (0); var junk = new byte[1000]; GC.KeepAlive (junk); } });
		gc.Start ();
		try {
			for (int round = 0; round < 30; round++) {
				var got = (LinkedList) Ring (MakeList (3000, Rank + round), 18);
				int n = 0;
				for (var e = got; e != null; e = e.next, n++)
					if (e.array[0] != Prev + round || e.array[1] != n)
						throw new AssertionException ("round " + round + " element " + n + " corrupted");
				Assert.Equal (3000, n, "length");
			}
		} finally {
			Volatile.Write (ref stop, true);
			gc.Join ();
		}
	}

	public static void SerialisationBuffersAreReusedAndTrimmedAfterCollections ()
	{
		for (int i = 0; i < 10; i++)
			Ring (MakeList (100, i), 19);
		long alloc = ObjectDiagnostics.BuffersAllocated, reused = ObjectDiagnostics.BuffersReused;
		for (int i = 0; i < 50; i++)
			Ring (MakeList (100, i), 19);
		Assert.True (ObjectDiagnostics.BuffersReused >= reused + 100, "buffers reused: " + (ObjectDiagnostics.BuffersReused - reused));
		Assert.True (ObjectDiagnostics.BuffersAllocated - alloc <= 2, "no new buffers in steady state: " + (ObjectDiagnostics.BuffersAllocated - alloc));
		Assert.True (ObjectDiagnostics.BuffersPooled > 0, "pooled buffers");
		long trimmed = ObjectDiagnostics.BuffersTrimmed;
		GC.Collect ();
		GC.Collect ();
		GC.Collect ();
		// Given back by the collections themselves (reading the counters trims nothing).
		Assert.Equal (0L, ObjectDiagnostics.BuffersPooled, "idle buffers given back after collections");
		Assert.True (ObjectDiagnostics.BuffersTrimmed > trimmed, "trimmed counter");
	}

	static int[] Filled (int n, int seed)
	{
		var a = new int[n];
		for (int i = 0; i < n; i++)
			a[i] = seed * 1000 + i;
		return a;
	}

	static void AssertFilled (int[] a, int n, int seed, string what)
	{
		Assert.Equal (n, a.Length, what + ": length");
		for (int i = 0; i < n; i++)
			if (a[i] != seed * 1000 + i)
				throw new AssertionException (what + ": element " + i + " is " + a[i]);
	}

	// A receive that waits allocates, before it waits, the array the last two messages agreed on; whatever the
	// next message holds, it arrives whole, and a spare it does not need is left unused.
	public static void ArraysAllocatedInAdvanceAreUsedOnlyWhenTheyFit ()
	{
		for (int k = 0; k < 3; k++) {
			var got = (LinkedList) Ring (new LinkedList { array = Filled (300, Rank + k) }, 20);
			AssertFilled (got.array, 300, Prev + k, "message " + k);
		}
		long made = ObjectDiagnostics.ArraysAllocatedInAdvance, used = ObjectDiagnostics.ArraysAllocatedInAdvanceUsed;
		var same = (LinkedList) Ring (new LinkedList { array = Filled (300, Rank + 7) }, 20);
		AssertFilled (same.array, 300, Prev + 7, "same shape");
		Assert.Equal (made + 1, ObjectDiagnostics.ArraysAllocatedInAdvance, "made for a message of the same shape");
		Assert.Equal (used + 1, ObjectDiagnostics.ArraysAllocatedInAdvanceUsed, "used by it");

		// Longer, then the same length of another type: the spare (int[300]) is left over each time.
		var longer = (LinkedList) Ring (new LinkedList { array = Filled (301, Rank) }, 20);
		AssertFilled (longer.array, 301, Prev, "longer");
		Assert.Equal (used + 1, ObjectDiagnostics.ArraysAllocatedInAdvanceUsed, "no spare fits a longer array");
		Ring (new LinkedList { array = Filled (300, Rank) }, 20);
		Ring (new LinkedList { array = Filled (300, Rank) }, 20);
		made = ObjectDiagnostics.ArraysAllocatedInAdvance;
		var other = (long[]) Ring (new long[300], 20);
		Assert.True (other.Length == 300 && other.All (x => x == 0), "long[300] after int[300]");
		Assert.Equal (made + 1, ObjectDiagnostics.ArraysAllocatedInAdvance, "an int[300] made for it");
		Assert.Equal (used + 1, ObjectDiagnostics.ArraysAllocatedInAdvanceUsed, "an int[300] spare does not serve a long[300]");

		// Two arrays of the guessed shape in one graph: the spare serves one, and the two stay distinct.
		Ring (new LinkedList { array = Filled (300, Rank) }, 20);
		Ring (new LinkedList { array = Filled (300, Rank) }, 20);
		long before = ObjectDiagnostics.ArraysAllocatedInAdvanceUsed;
		var two = (LinkedList) Ring (new LinkedList { array = Filled (300, Rank), next = new LinkedList { array = Filled (300, Rank + 1) } }, 20);
		Assert.Equal (before + 1, ObjectDiagnostics.ArraysAllocatedInAdvanceUsed, "one spare per receive");
		Assert.True (!ReferenceEquals (two.array, two.next.array), "two arrays, not one spare twice");
		AssertFilled (two.array, 300, Prev, "first of two");
		AssertFilled (two.next.array, 300, Prev + 1, "second of two");

		// Arrays too large for the nursery are never allocated in advance.
		long made2 = ObjectDiagnostics.ArraysAllocatedInAdvance;
		for (int k = 0; k < 3; k++)
			AssertFilled (((LinkedList) Ring (new LinkedList { array = Filled (2500, Rank) }, 20)).array, 2500, Prev, "int[2500]");
		Assert.True (ObjectDiagnostics.ArraysAllocatedInAdvance <= made2 + 1, "no spares for 10,000-byte arrays");
	}

	// The spare lives on the waiting thread's stack while collections run: it must stay where it is and arrive
	// filled.  One rank of each pair sends late, so its peer waits with the spare through the collections.
	// Parts whose element types differ between ranks raise SerializationException on every rank whose part
	// differs from another's (an int[] beside a long[] would widen on one rank and fail on the other).
	public static void ObjectCollectivesRefusePartsOfAnotherElementType ()
	{
		if (Size < 2)
			return;
		Array mine = Rank == 0 ? (Array) new long[] { 1 } : new int[] { 2 };
		Assert.Throws<SerializationException> (() => World.OAllgather (mine), "OAllgather of int[] beside long[]");
		Array each = Rank == 0 ? (Array) new object[Size] : new int[Size];
		Assert.Throws<SerializationException> (() => World.OAlltoall (each), "OAlltoall of int[] beside object[] of nulls");
		Assert.SequenceEqual (Enumerable.Range (0, Size), (int[]) World.OAllgather (new[] { Rank }), "usable afterwards");
	}

	// A one-dimensional array that does not start at index 0 (int[*]) is gathered and received by offset whole
	// (Array.Copy from index 0 crashed Mono 6.8).
	public static void ArraysNotStartingAtZeroInObjectOperations ()
	{
		var part = Array.CreateInstance (typeof (int), new[] { 2 }, new[] { 1 });
		part.SetValue (Rank, 1);
		part.SetValue (-Rank, 2);
		var all = (int[]) World.OAllgather (part);
		Assert.SequenceEqual (Enumerable.Range (0, Size).SelectMany (r => new[] { r, -r }), all, "OAllgather");
		int next = (Rank + 1) % Size, prev = (Rank + Size - 1) % Size;
		var req = World.OIsend (part, next, 71);
		var got = (int[]) World.ORecv (prev, 1, 2, 71, null);
		req.Wait ();
		Assert.SequenceEqual (new[] { 0, prev, -prev }, got, "ORecv with an offset");
	}

	public static void ArraysAllocatedInAdvanceSurviveCollectionsWhileTheReceiveWaits ()
	{
		for (int k = 0; k < 2; k++)
			Ring (new LinkedList { array = Filled (1000, Rank) }, 21);
		bool stop = false;
		var gc = new Thread (() => { while (!Volatile.Read (ref stop)) { GC.Collect (0); var junk = new byte[3000]; GC.KeepAlive (junk); } });
		gc.Start ();
		long used = ObjectDiagnostics.ArraysAllocatedInAdvanceUsed;
		try {
			for (int round = 0; round < 5; round++) {
				if (Rank % 2 == 1)
					Thread.Sleep (50);
				var got = (LinkedList) Ring (new LinkedList { array = Filled (1000, Rank + round) }, 21);
				GC.Collect ();
				AssertFilled (got.array, 1000, Prev + round, "round " + round);
			}
		} finally {
			Volatile.Write (ref stop, true);
			gc.Join ();
		}
		Assert.Equal (used + 5, ObjectDiagnostics.ArraysAllocatedInAdvanceUsed, "a spare per receive");
	}
}
