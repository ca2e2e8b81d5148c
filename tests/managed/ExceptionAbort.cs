// ExceptionAbort: rank 1 lets an exception escape (from Main, or with argument "thread" from another thread)
// while the other ranks wait for a message that never comes.  The runtime must abort the whole job promptly
// with "rank 1: System.InvalidOperationException: boom from rank 1" on stderr.  With argument "finalized" every
// rank finalizes MPI first (as MPI.NET's Environment.Dispose does) and rank 1 then throws: the report must still
// name rank 1.  The program's own AppDomain.UnhandledException handler runs first (it prints "handler: boom from
// rank 1"), and the report is printed once (not also by Mono as "Unhandled Exception:").  With arguments "exitcode N" no exception: every rank sets Environment.ExitCode to N and returns from
// its void Main, and the job's status is N.  Driven by tests/host-tests.sh.
using System;
using System.MP;
using System.Threading;

public static class ExceptionAbort
{
	static void Main (string[] args)
	{
		var world = MPI.COMM_WORLD;
		AppDomain.CurrentDomain.UnhandledException += (sender, e) =>
			Console.Error.WriteLine ("handler: " + ((Exception) e.ExceptionObject).Message);
		world.Barrier ();
		if (args.Length > 1 && args[0] == "exitcode") { // no exception: Main returns no value, the status is ExitCode
			Environment.ExitCode = int.Parse (args[1]);
			return;
		}
		if (args.Length > 0 && args[0] == "finalized") {
			int rank = world.Get_rank ();
			MPI.Finalize ();
			if (rank == 1)
				throw new InvalidOperationException ("boom from rank 1");
			return;
		}
		if (world.Get_rank () == 1) {
			if (args.Length > 0 && args[0] == "thread") {
				var t = new Thread (() => { throw new InvalidOperationException ("boom from rank 1"); });
				t.Start ();
				t.Join ();
				Thread.Sleep (Timeout.Infinite);
			}
			throw new InvalidOperationException ("boom from rank 1");
		}
		world.Recv (new int[1], 1, 0, null);
	}
}
