// FuzzTypes: the types the fuzzed messages name, the entry point of the fuzz target (fuzz-deserialize.c), and a
// seed-corpus writer:  motor tests/fuzz/FuzzTypes.exe DIR  writes real messages of these types into DIR.
using System;
using System.Collections.Generic;
using System.IO;
using System.MP;
using System.Runtime.InteropServices;
using System.Runtime.Serialization;
using System.Text;

[Transportable]
public class LinkedList
{
	[Transportable] public int[] array;
	[Transportable] public LinkedList next;
	public LinkedList next2;
}

public struct Point { public double X, Y; }

public struct Tagged
{
	public Point P;
	public string Label;
	[Transportable] public Node Ref;
	public object Skipped;
}

public class Node
{
	public int Id;
	public DayOfWeek Day;
	[Transportable] public Node Left, Right;
	[Transportable] public object Payload;
	[Transportable] public Tagged[] Tags;
	[Transportable] public int[,] Grid;
	[Transportable] public string[][] Jagged;
	public decimal Money;
	public string Name;
}

public abstract class Shape { public double Area; }
public class Circle : Shape { public double R; [Transportable] public Shape Next; }
public struct Hollow { public object O; }
public enum Small : byte { A = 1, B = 200 }
public class Base { public long B1; public string BName; }
public class Derived : Base { public Small S; public char C; public bool F; [Transportable] public Base Parent; }
public struct Mixed { public byte A; public double D; public short S; }
public class Box<T> { public T Value; [Transportable] public T[] Values; }

// Process-local handle types, never sent (the sender refuses them), but named by forged messages: a twin type
// with the same field layout (the fingerprint covers field names and types, not the type's name) is sent, and
// its name replaced by the handle type's in the message.
public struct GCHandleTwin { public int handle; }
public class HandleHolder { public int X; public GCHandle H; }
public class HandleHolderTwin { public int X; public GCHandleTwin H; }
public class WeakReferenceTwin { public bool isLongReference; public GCHandleTwin gcHandle; }

public static class FuzzEntry
{
	public static int Run (byte[] data)
	{
		try {
			ObjectDiagnostics.Deserialize (data);
			return 0;
		} catch (SerializationException) {
			return 1;
		}
	}

	static void Write (string dir, string name, object o)
	{
		File.WriteAllBytes (Path.Combine (dir, name), ObjectDiagnostics.Serialize (o));
	}

	// `msg` with the type name `from` in its type table replaced by `to` (its u16 length in front of it too).
	static byte[] Rename (byte[] msg, string from, string to)
	{
		var f = Encoding.ASCII.GetBytes (from);
		for (int i = 32; i + f.Length <= msg.Length; i++) {
			int k = 0;
			while (k < f.Length && msg[i + k] == f[k])
				k++;
			if (k < f.Length || BitConverter.ToUInt16 (msg, i - 2) != f.Length)
				continue;
			var t = Encoding.ASCII.GetBytes (to);
			var o = new List<byte> (msg.Length + t.Length);
			o.AddRange (new ArraySegment<byte> (msg, 0, i - 2));
			o.AddRange (BitConverter.GetBytes ((ushort) t.Length));
			o.AddRange (t);
			o.AddRange (new ArraySegment<byte> (msg, i + f.Length, msg.Length - i - f.Length));
			return o.ToArray ();
		}
		throw new Exception ("'" + from + "' not in the message");
	}

	// A message with one class type called `name` (fingerprint 0) and one object of it with no data.
	static byte[] OneObject (string name)
	{
		var n = Encoding.ASCII.GetBytes (name);
		var m = new byte[32 + 4 + 1 + 2 + n.Length + 8];
		BitConverter.GetBytes (0x3152544du).CopyTo (m, 0);
		BitConverter.GetBytes (1u).CopyTo (m, 4);
		BitConverter.GetBytes (1u).CopyTo (m, 8);
		BitConverter.GetBytes (1u).CopyTo (m, 12);
		BitConverter.GetBytes (4ul).CopyTo (m, 24);
		m[36] = 1;
		BitConverter.GetBytes ((ushort) n.Length).CopyTo (m, 37);
		n.CopyTo (m, 39);
		return m;
	}

	static int Main (string[] args)
	{
		string dir = args.Length > 0 ? args[0] : "corpus";
		Directory.CreateDirectory (dir);
		LinkedList list = null;
		for (int i = 0; i < 5; i++)
			list = new LinkedList { array = new[] { i, i * i }, next = list, next2 = list };
		Write (dir, "linkedlist", list);
		var a = new Node { Id = 1, Day = DayOfWeek.Friday, Money = 1.5m, Name = "a" };
		var b = new Node { Id = 2, Left = a, Right = a, Payload = new object[] { 1, "s", null, a, 2.5, new Point { X = 1 } } };
		a.Left = b;
		a.Tags = new[] { new Tagged { Label = "t", Ref = b, P = new Point { Y = 2 } }, new Tagged () };
		a.Grid = new int[2, 3] { { 1, 2, 3 }, { 4, 5, 6 } };
		a.Jagged = new[] { new[] { "x", null }, null, new string[0] };
		Write (dir, "graph", a);
		Write (dir, "shapes", new Shape[] { new Circle { R = 1, Next = new Circle { R = 2 } }, null });
		Write (dir, "strings", new[] { "", "abc", null, "\u20ac" });
		Write (dir, "hollow", new Hollow[3]);
		Write (dir, "boxed", 42);
		Write (dir, "null", null);
		Write (dir, "doubles", new double[,,] { { { 1, 2 } }, { { 3, 4 } } });
		Write (dir, "lowerbounds", Array.CreateInstance (typeof (short), new[] { 2, 2 }, new[] { -1, 3 }));
		// Every other kind of object: boxed primitives and enums, derived classes, generic instances, arrays of
		// every element mode (raw, references, structs with references), empty and jagged arrays, sharing.
		Write (dir, "primitives", new object[] { (byte) 1, (sbyte) -1, (short) -2, (ushort) 3, -4, 5u, -6L, 7ul, 1.5f,
		                                          2.5, 'z', true, 3.25m, Small.B, DayOfWeek.Monday, new Mixed { A = 1, D = 2, S = 3 } });
		var d = new Derived { B1 = 9, BName = "base", S = Small.A, C = 'c', F = true };
		d.Parent = new Derived { Parent = d };
		Write (dir, "derived", d);
		Write (dir, "generic", new Box<string> { Value = "v", Values = new[] { "a", "b", "a" } });
		Write (dir, "genericstruct", new Box<Point> { Value = new Point { X = 3 }, Values = new Point[2] });
		Write (dir, "emptyarrays", new object[] { new int[0], new string[0], new Tagged[0], new int[0, 0], new object[0] });
		Write (dir, "jagged", new int[][][] { new int[][] { new[] { 1 }, null }, null });
		Write (dir, "structarray", new Mixed[] { new Mixed { A = 7 }, new Mixed { D = -1 } });
		Write (dir, "bigstring", new string ('\u00e9', 300));
		var shared = new int[] { 1, 2 };
		Write (dir, "shared", new object[] { shared, shared, new object[] { shared } });
		// Messages that name the process-local handle types: each must be refused by the receiver.
		Write (dir, "handle-gchandle", Rename (ObjectDiagnostics.Serialize (new GCHandleTwin { handle = 7 }),
		                                       "GCHandleTwin, FuzzTypes", "System.Runtime.InteropServices.GCHandle, mscorlib"));
		Write (dir, "handle-gchandle-array", Rename (ObjectDiagnostics.Serialize (new GCHandleTwin[3]),
		                                             "GCHandleTwin, FuzzTypes", "System.Runtime.InteropServices.GCHandle, mscorlib"));
		Write (dir, "handle-field", Rename (ObjectDiagnostics.Serialize (new HandleHolderTwin { X = 1 }),
		                                    "HandleHolderTwin, FuzzTypes", "HandleHolder, FuzzTypes"));
		Write (dir, "handle-weakreference", Rename (ObjectDiagnostics.Serialize (new WeakReferenceTwin ()),
		                                            "WeakReferenceTwin, FuzzTypes", "System.WeakReference, mscorlib"));
		foreach (var name in new[] { "System.Runtime.InteropServices.HandleRef", "System.RuntimeTypeHandle",
		                             "System.RuntimeMethodHandle", "System.RuntimeFieldHandle", "System.ModuleHandle",
		                             "System.ArgIterator", "System.RuntimeArgumentHandle", "System.Threading.Thread",
		                             "Microsoft.Win32.SafeHandles.SafeFileHandle", "Microsoft.Win32.SafeHandles.SafeWaitHandle",
		                             "System.Threading.ManualResetEvent", "System.Action" })
			Write (dir, "handle-" + name.Substring (name.LastIndexOf ('.') + 1), OneObject (name + ", mscorlib"));
		return 0;
	}
}
