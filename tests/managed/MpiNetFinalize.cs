// MpiNetFinalize: disposing an MPI.Environment finalises MPI, even a nested one (as in MPI.NET), and a new
// Environment afterwards raises ObjectDisposedException (an InvalidOperationException).  Prints its own
// verdicts: no TestRunner after finalisation.
using System;
using MPI;

public static class MpiNetFinalize
{
	static int Main (string[] args)
	{
		int rank = Communicator.world.Rank;
		int failed = 0;
		var outer = new MPI.Environment (ref args);
		failed += Check (rank, "NestedEnvironmentIsAllowed", !MPI.Environment.Finalized);
		using (new MPI.Environment (ref args)) {
			Communicator.world.Barrier ();
		}
		failed += Check (rank, "DisposeFinalizes", MPI.Environment.Finalized);
		bool threw = false;
		try {
			new MPI.Environment (ref args);
		} catch (InvalidOperationException e) {
			threw = e is ObjectDisposedException;
		}
		failed += Check (rank, "ReinitAfterFinalizeThrows", threw);
		threw = false;
		try {
			Communicator.world.Send (1, 0, 0);
		} catch (InvalidOperationException) {
			threw = true;
		}
		failed += Check (rank, "SendAfterFinalizeThrows", threw);
		outer.Dispose ();
		return failed;
	}

	static int Check (int rank, string name, bool ok)
	{
		if (rank == 0)
			Console.WriteLine ((ok ? "ok " : "not ok ") + name);
		return ok ? 0 : 1;
	}
}
