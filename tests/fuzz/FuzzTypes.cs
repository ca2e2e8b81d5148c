// FuzzTypes: the types the fuzzed messages name, the entry point of the fuzz target (fuzz-deserialize.c), and a
// seed-corpus writer:  motor tests/fuzz/FuzzTypes.exe DIR  writes real messages of these types into DIR.
using System;
using System.IO;
using System.MP;
using System.Runtime.Serialization;

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
		return 0;
	}
}
