// ExceptionAbort: rank 1 lets an exception escape (from Main, or with argument "thread" from another thread)
// while the other ranks wait for a message that never comes.  The runtime must abort the whole job promptly
// with "rank 1: System.InvalidOperationException: boom from rank 1" on stderr.  With argument "finalized" every
// rank finalizes MPI first (as MPI.NET's Environment.Dispose does) and rank 1 then throws: the report must still
// name rank 1.  Driven by tests/host-tests.sh.
using System;
using System.MP;
using System.Threading;

public static class ExceptionAbort
{
	static void Main (string[] args)
	{
		var world = MPI.COMM_WORLD;
		world.Barrier ();
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
