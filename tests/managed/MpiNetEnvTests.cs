// MpiNetEnvTests: MPI.dll's Environment, Communicator management (world/self, Clone, Split, Create, Compare,
// Group, Parent, Barrier, Dispose), Group and attributes, written from MPI.NET 1.4's documented behaviour.
// Finalisation is in MpiNetFinalize.cs (it cannot be undone within a program).
using System;
using System.Linq;
using MPI;

public static class MpiNetEnvTests
{
	static int Main (string[] args)
	{
		using (new MPI.Environment (ref args))
			return TestRunner.Run (typeof (MpiNetEnvTests), args);
	}

	static Intracommunicator World { get { return Communicator.world; } }
	static int Rank { get { return World.Rank; } }
	static int Size { get { return World.Size; } }

	struct Point
	{
		public double X, Y;
	}

	class Holder : ICloneable
	{
		public string S;
		public object Clone () { return new Holder { S = S + "-copy" }; }
	}

	class NotCloneable
	{
	}

	public static void EnvironmentNestsAndReportsTheRuntime ()
	{
		string[] args = new[] { "a", "b" };
		new MPI.Environment (ref args); // nested: does nothing (its Dispose would finalise MPI: MpiNetFinalize)
		Assert.SequenceEqual (new[] { "a", "b" }, args, "args unchanged");
		Assert.True (!MPI.Environment.Finalized, "not finalized");
		Assert.True (MPI.Environment.Initialized, "Initialized");
		Assert.Equal (Threading.Multiple, MPI.Environment.Threading, "Threading (motor asks for MPI_THREAD_MULTIPLE)");
		Assert.True (MPI.Environment.IsMainThread, "IsMainThread on the main thread");
		bool other = true;
		var t = new System.Threading.Thread (() => other = MPI.Environment.IsMainThread);
		t.Start ();
		t.Join ();
		Assert.True (!other, "IsMainThread on another thread");
		Assert.Equal (System.Net.Dns.GetHostName ().Split ('.')[0], MPI.Environment.ProcessorName.Split ('.')[0], "ProcessorName");
		Assert.True (MPI.Environment.MaxTag >= 32767, "MaxTag >= 32767");
		double t0 = MPI.Environment.Time; // Open MPI counts from MPI_Init, MPICH from some earlier point
		System.Threading.Thread.Sleep (2);
		Assert.True (MPI.Environment.Time > t0, "Time advances");
		Assert.True (MPI.Environment.TimeResolution > 0, "TimeResolution");
		Assert.True (MPI.Environment.TranslateErrorIntoException (0) == null, "success translates to null");
	}

	public static void WorldAndSelfAreIntracommunicatorFields ()
	{
		Assert.Equal (typeof (Intracommunicator), typeof (Communicator).GetField ("world").FieldType, "world is a field of type Intracommunicator");
		Assert.True (typeof (Communicator).GetField ("anySource") != null, "anySource is a field");
		Assert.Equal (TestRunner.Rank, World.Rank, "Rank");
		Assert.Equal (TestRunner.Size, World.Size, "Size");
		Assert.Equal (0, Communicator.self.Rank, "self.Rank");
		Assert.Equal (1, Communicator.self.Size, "self.Size");
		Assert.True (World.Parent == null, "Parent of a process that was not spawned");
		World.Dispose (); // does nothing to the world
		World.Barrier ();
		Assert.Equal (Comparison.Identical, World.Compare (World), "Compare to itself");
		Assert.Equal (Size == 1 ? Comparison.Congruent : Comparison.Unequal, World.Compare (Communicator.self), "world vs self");
	}

	public static void CloneIsACongruentIntracommunicatorThatDisposes ()
	{
		var c = (Communicator) World.Clone ();
		Assert.True (c is Intracommunicator, "Clone keeps the type");
		Assert.Equal (Comparison.Congruent, World.Compare (c), "congruent");
		Assert.Equal (Rank, c.Rank, "Rank");
		// messages on the clone do not meet the world's (not at 1 rank: a blocking send to self may wait forever)
		if (Size > 1) {
			c.Send (Rank, (Rank + 1) % Size, 0);
			World.Send (-1, (Rank + 1) % Size, 0);
			Assert.Equal ((Rank + Size - 1) % Size, c.Receive<int> ((Rank + Size - 1) % Size, 0), "message on the clone");
			Assert.Equal (-1, World.Receive<int> ((Rank + Size - 1) % Size, 0), "message on the world");
		}
		c.Dispose ();
		c.Dispose ();
		Assert.Throws<ObjectDisposedException> (() => { int r = c.Rank; }, "Rank after Dispose");
	}

	public static void AttributesAreCopiedAsTheirDuplicationSays ()
	{
		var parent = (Intracommunicator) World.Clone ();
		var none = MPI.Attribute.Create<int> (AttributeDuplication.None);
		var shallowInt = MPI.Attribute.Create<int> (AttributeDuplication.Shallow);
		var shallowPoint = MPI.Attribute.Create<Point> (AttributeDuplication.Shallow);
		var deepPoint = MPI.Attribute.Create<Point> (AttributeDuplication.Deep);
		var shallowObj = MPI.Attribute.Create<Holder> (AttributeDuplication.Shallow);
		var deepObj = MPI.Attribute.Create<Holder> (AttributeDuplication.Deep);
		parent.Attributes[none] = 17;
		parent.Attributes[shallowInt] = 25;
		parent.Attributes[shallowPoint] = new Point { X = 7 };
		parent.Attributes[deepPoint] = new Point { X = 1, Y = 2 };
		var h = new Holder { S = "shared" };
		parent.Attributes[shallowObj] = h;
		parent.Attributes[deepObj] = new Holder { S = "deep" };
		Assert.Equal (AttributeDuplication.Deep, deepObj.Duplication, "Duplication field");
		Assert.Throws<InvalidCastException> (() => parent.Attributes[none] = "not an int", "a value of another type");

		var child = (Communicator) parent.Clone ();
		Assert.True (child.Attributes[none] == null, "None is not copied");
		Assert.Equal (25, (int) child.Attributes[shallowInt], "Shallow int copied");
		Assert.Equal (2.0, ((Point) child.Attributes[deepPoint]).Y, "Deep struct copied");
		Assert.True (ReferenceEquals (h, child.Attributes[shallowObj]), "Shallow object: the same reference");
		Assert.Equal ("deep-copy", ((Holder) child.Attributes[deepObj]).S, "Deep object: ICloneable.Clone");
		child.Attributes[shallowInt] = 99;
		Assert.Equal (25, (int) parent.Attributes[shallowInt], "a Shallow value type no larger than a pointer is copied");
		child.Attributes[shallowPoint] = new Point { X = 8 };
		Assert.Equal (8.0, ((Point) parent.Attributes[shallowPoint]).X, "a larger Shallow value type is shared storage");
		child.Attributes[deepPoint] = new Point { X = 5 };
		Assert.Equal (1.0, ((Point) parent.Attributes[deepPoint]).X, "a Deep value type is a copy");
		child.Attributes.Remove (shallowObj);
		Assert.True (child.Attributes[shallowObj] == null, "Remove");
		Assert.True (ReferenceEquals (h, parent.Attributes[shallowObj]), "Remove leaves the parent's");
		var bad = MPI.Attribute.Create<object> (AttributeDuplication.Deep);
		parent.Attributes[bad] = new NotCloneable ();
		Assert.Throws<InvalidOperationException> (() => parent.Clone (), "Deep attribute that is not ICloneable");
		parent.Attributes.Remove (bad);
		child.Dispose ();
		parent.Dispose ();
	}

	public static void SplitGroupsByColourAndOrdersByKey ()
	{
		var c = World.Split (Rank % 2, -Rank);
		Assert.True (c is Intracommunicator, "Split gives an Intracommunicator");
		int members = (Size - Rank % 2 + 1) / 2;
		Assert.Equal (members, c.Size, "Size");
		// keys are -rank: the highest world rank gets rank 0
		int[] mine = Enumerable.Range (0, Size).Where (r => r % 2 == Rank % 2).OrderByDescending (r => r).ToArray ();
		Assert.Equal (Array.IndexOf (mine, Rank), c.Rank, "rank ordered by key");
		c.Dispose ();
	}

	public static void SplitWithANegativeColourRaisesOnEveryRank ()
	{
		if (Size == 1) {
			Assert.Throws<ArgumentException> (() => World.Split (-1, 0), "negative colour");
			return;
		}
		if (Rank == Size - 1)
			Assert.Throws<ArgumentException> (() => World.Split (-3, 0), "negative colour");
		else
			Assert.Throws<InvalidOperationException> (() => World.Split (0, 0), "the others learn of the refusal");
		World.Barrier ();
		var ok = World.Split (0, Rank);
		Assert.Equal (Size, ok.Size, "the world is usable after the refusal");
		ok.Dispose ();
	}

	public static void CreateAndGroupOperations ()
	{
		Group g = World.Group;
		Assert.Equal (Size, g.Size, "Group.Size");
		Assert.Equal (Rank, g.Rank, "Group.Rank");
		var evens = g.IncludeOnly (Enumerable.Range (0, Size).Where (r => r % 2 == 0).ToArray ());
		var odds = g.Exclude (Enumerable.Range (0, Size).Where (r => r % 2 == 0).ToArray ());
		Assert.Equal ((Size + 1) / 2, evens.Size, "IncludeOnly");
		Assert.Equal (Size / 2, odds.Size, "Exclude");
		Assert.Equal (Rank % 2 == 0 ? Rank / 2 : Group.NoProcess, evens.Rank, "Rank in a group, or NoProcess");
		Assert.Equal (Size, (evens | odds).Size, "union");
		Assert.Equal (0, (evens & odds).Size, "intersection");
		Assert.Equal (evens.Size, (g - odds).Size, "difference");
		Assert.Equal (Comparison.Similar == (evens | odds).Compare (g) || Size <= 2 ? true : false, true, "union compares Similar (or Identical)");
		Assert.Equal (Comparison.Identical, g.Compare (World.Group), "the world's group twice");
		Assert.Equal (0, Group.empty.Size, "empty");
		int[] t = evens.TranslateRanks (new[] { 0 }, g);
		Assert.Equal (0, t[0], "TranslateRanks");
		Communicator c = World.Create (evens);
		if (Rank % 2 == 0) {
			Assert.True (c is Intracommunicator, "Create gives an Intracommunicator");
			Assert.Equal (Rank / 2, c.Rank, "rank in the created communicator");
			c.Dispose ();
		} else {
			Assert.True (c == null, "Create returns null outside the group");
		}
		Assert.Throws<ArgumentNullException> (() => World.Create (null), "Create(null)");
		evens.Dispose ();
		odds.Dispose ();
		g.Dispose ();
	}
}
