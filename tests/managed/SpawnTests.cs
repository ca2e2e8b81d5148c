// SpawnTests: Intracomm.Spawn and Get_parent.  The parent job spawns two ranks of SpawnChild.exe, sends each a
// number over the intercommunicator and checks the replies.  Where the MPI library cannot start processes
// (Debian 12's MPICH 4.0.2 fails in MPID_Comm_spawn_multiple), Spawn must raise MPIException on every rank,
// naming the library it runs on and saying what to do, and the ranks must stay usable.  Open MPI 4.1 spawns.  Runs at 1 and 2 ranks under
// mpiexec, and as a single process started without mpiexec (tests/host-tests.sh).
using System;
using System.IO;
using System.MP;

public static class SpawnTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (SpawnTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }

	static string Child {
		get { return Path.Combine (Path.GetDirectoryName (typeof (SpawnTests).Assembly.Location), "SpawnChild.exe"); }
	}

	public static void SpawnTwoChildrenOrExplainWhyNot ()
	{
		Intercomm children;
		try {
			children = World.Spawn (Child, new[] { "hello", "wörld" }, 2, 0);
		} catch (MPIException e) {
			// The library cannot spawn: the message must name it (not some other library) and say what failed
			// and what to do, and this rank must still work.  Open MPI 4.1 can spawn here, so there it must.
			string lib = Diagnostics.MpiLibrary;
			Assert.True (!lib.StartsWith ("Open MPI"), "Open MPI spawns, but raised: " + e.Message);
			if (lib.StartsWith ("MPICH"))
				Assert.Contains ("the MPI library this job runs on (MPICH Version: " + MpichVersion (lib) + ")", e.Message, "names MPICH");
			Assert.True (!e.Message.Contains ("ucx") || lib.Contains ("ucx"), "names no device the library did not report: " + e.Message);
			Assert.Contains ("MPI_Comm_spawn failed", e.Message, "says what failed");
			Assert.Contains ("could not start 2 process(es) of SpawnChild.exe", e.Message, "says what could not start");
			Assert.Contains ("mpiexec -n N motor app.exe", e.Message, "says what to do");
			Assert.Contains ("The library says", e.Message, "the MPI library's own message is kept");
			World.Barrier ();
			var back = new int[1];
			World.Sendrecv (new[] { Rank }, Rank, 1, back, Rank, 1, null);
			Assert.Equal (Rank, back[0], "the rank is usable after a failed spawn");
			Console.Error.WriteLine ("rank " + Rank + ": spawn not supported by this MPI library (checked the error path)");
			return;
		}
		Assert.Equal (2, children.Get_remote_size (), "two children");
		Assert.Equal (Size, children.Get_size (), "local group is this job");
		if (Rank == 0) {
			for (int c = 0; c < 2; c++)
				children.Send (new[] { 100 + c }, c, 1);
			var reply = new int[3];
			for (int c = 0; c < 2; c++) {
				children.Recv (reply, c, 2, null);
				Assert.Equal (c, reply[0], "child's rank");
				Assert.Equal (100 + c + 1, reply[1], "child added one");
				Assert.Equal (Size, reply[2], "child saw the parent's size");
			}
		}
		children.Free ();
	}

	// "4.0.2" from "MPICH Version:\t4.0.2".
	static string MpichVersion (string lib)
	{
		return lib.Substring (lib.IndexOf (':') + 1).Trim ();
	}

	public static void SpawnRefusesMissingProgram ()
	{
		if (Rank == 0)
			Assert.Throws<FileNotFoundException> (() => World.Spawn ("/nonexistent/Program.exe", null, 1, 0), "missing program");
		else
			Assert.Throws<InvalidOperationException> (() => World.Spawn ("/nonexistent/Program.exe", null, 1, 0), "root refused");
	}

	public static void SpawnRefusesBadArguments ()
	{
		Assert.Throws<ArgumentOutOfRangeException> (() => World.Spawn (Child, null, 1, Size), "root past the communicator");
		if (Rank == 0) {
			Assert.Throws<ArgumentOutOfRangeException> (() => World.Spawn (Child, null, 0, 0), "no processes");
			Assert.Throws<ArgumentNullException> (() => World.Spawn (Child, new string[] { null }, 1, 0), "null argument");
		} else {
			Assert.Throws<InvalidOperationException> (() => World.Spawn (Child, null, 0, 0), "root refused maxprocs");
			Assert.Throws<InvalidOperationException> (() => World.Spawn (Child, new string[] { null }, 1, 0), "root refused args");
		}
	}

	public static void NoParent ()
	{
		Assert.True (Intracomm.Get_parent () == null, "this job was not spawned");
	}
}
