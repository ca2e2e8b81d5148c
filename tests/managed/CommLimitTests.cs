// CommLimitTests: running out of communicators -- the MPI library allows only so many per process -- raises the
// same clear exception on every rank at the same call, from every constructor, and freeing them makes room again.
// A program of its own, with a long timeout: MPICH's limit takes 2,046 collective Dups to reach, which take a
// minute or more at 3 ranks on a loaded 2-core machine.  Also the runtime's group table.  Runs at 1, 2 and 3
// ranks.
using System;
using System.MP;

public static class CommLimitTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (CommLimitTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }

	// The sum of the values every member of `comm` holds, by a ring of Sendrecv (no collectives needed).
	static int RingSum (Intracomm comm, int value)
	{
		int n = comm.Get_size (), r = comm.Get_rank (), sum = value;
		var token = new int[] { value };
		var incoming = new int[1];
		for (int step = 1; step < n; step++) {
			comm.Sendrecv (token, (r + 1) % n, 7, incoming, (r + n - 1) % n, 7, null);
			sum += incoming[0];
			token[0] = incoming[0];
		}
		return sum;
	}

	static void OutOfCommunicators (Action make, string what)
	{
		var e = Assert.Throws<InvalidOperationException> (make, what);
		Assert.Contains ("too many communicators", e.Message, what);
		Assert.Contains ("Comm.Free", e.Message, what + ": says what to do");
	}

	// MPICH allows 2,046 communicators besides COMM_WORLD and COMM_SELF; under Open MPI (which allows 65,532)
	// Motor's table of 4,096 runs out first.  MOTOR_TEST_MAX_COMMS changes the bound of 5,000.
	public static void RunningOutOfCommunicatorsRaisesOnEveryRankAndFreeingRecovers ()
	{
		string env = Environment.GetEnvironmentVariable ("MOTOR_TEST_MAX_COMMS");
		int bound = env != null ? int.Parse (env) : 5000;
		var made = new System.Collections.Generic.List<Intracomm> ();
		InvalidOperationException full = null;
		try {
			while (made.Count < bound) {
				try {
					made.Add (World.Dup ());
				} catch (InvalidOperationException e) {
					full = e;
					break;
				}
			}
			// Every rank stopped at the same Dup (none waits in a collective the others have left).
			var counts = new int[Size];
			World.Allgather (new[] { made.Count }, counts);
			for (int r = 0; r < Size; r++)
				Assert.Equal (made.Count, counts[r], "communicators made by rank " + r);
			if (full != null) {
				OutOfCommunicators (() => { throw full; }, "Dup");
				// The other constructors refuse alike while there is no room, on every rank.
				OutOfCommunicators (() => World.Dup (), "Dup again");
				OutOfCommunicators (() => made[made.Count - 1].Dup (), "Dup of a duplicate");
				OutOfCommunicators (() => World.Split (0, Rank), "Split");
				Group g = World.Get_group ();
				try {
					OutOfCommunicators (() => World.Create (g), "Create");
				} finally {
					g.Free ();
				}
				OutOfCommunicators (() => World.Create_cart (new[] { Size }, new[] { false }, false), "Create_cart");
				// Those made so far still work, the first and the last.
				Assert.Equal (Size * (Size + 1) / 2, RingSum (made[0], Rank + 1), "first duplicate");
				Assert.Equal (Size * (Size + 1) / 2, RingSum (made[made.Count - 1], Rank + 1), "last duplicate");
			} else if (Rank == 0) {
				Console.Error.WriteLine ("# the MPI library allows more than " + bound + " communicators: limit not reached");
			}
		} finally {
			foreach (var c in made)
				c.Free ();
		}
		// Room again: a Dup, a Split and a Cartesian grid work and carry traffic.
		Intracomm again = World.Dup (), half = World.Split (Rank % 2, Rank);
		Cartcomm grid = World.Create_cart (new[] { Size }, new[] { true }, false);
		Assert.Equal (Size * (Size + 1) / 2, RingSum (again, Rank + 1), "a new Dup after freeing");
		Assert.Equal (half.Get_size (), RingSum (half, 1), "a new Split after freeing");
		Assert.Equal (Size, RingSum (grid, 1), "a new grid after freeing");
		again.Free ();
		half.Free ();
		grid.Free ();
	}

	// Running out of group handles says which table is full and what to do; freeing makes room again.
	public static void GroupTableFullSaysWhatToDo ()
	{
		var made = new System.Collections.Generic.List<Group> ();
		try {
			var e = Assert.Throws<OutOfMemoryException> (() => { for (;;) made.Add (World.Get_group ()); }, "group after group");
			Assert.Contains ("group table is full", e.Message, "names the table");
			Assert.Contains ("Group.Free", e.Message, "says what to do");
		} finally {
			foreach (var g in made)
				g.Free ();
		}
		Group again = World.Get_group ();
		Assert.Equal (Size, again.Get_size (), "a group after freeing");
		again.Free ();
	}

	// Open files hold communicators of the library's: running out of those while opening files says so, as for any
	// communicator, instead of the library's raw error (under MPICH: about 1,020 files; elsewhere the runtime's
	// table of 1,024 files is full first: OutOfMemoryException).
	public static void OpeningTooManyFilesSaysWhy ()
	{
		string dir = System.IO.Path.Combine (System.IO.Path.GetTempPath (), "motor-commlimit-" +
			System.Diagnostics.Process.GetCurrentProcess ().Id);
		System.IO.Directory.CreateDirectory (dir);
		var open = new System.Collections.Generic.List<MPI.File> ();
		try {
			Exception e = null;
			try {
				for (int i = 0; i < 1100; i++)
					open.Add (MPI.File.Open (MPI.COMM_SELF, dir + "/f" + i, MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE));
			} catch (Exception x) {
				e = x;
			}
			Assert.True (e is InvalidOperationException && e.Message.Contains ("too many communicators") ||
			             e is OutOfMemoryException, "after " + open.Count + " files: " + e);
		} finally {
			foreach (var f in open)
				f.Close ();
		}
		MPI.File.Open (MPI.COMM_SELF, dir + "/again", MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE).Close ();
		System.IO.Directory.Delete (dir, true);
	}
}
