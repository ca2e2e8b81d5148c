// ExitCode: prints its arguments and returns the first as the exit status.  With a second argument "exit", every
// rank instead prints "rank R exits" (rank R after R tenths of a second) and ends with Environment.Exit of the first
// argument.  Driven by tests/host-tests.sh.
using System;
using System.MP;
using System.Threading;

public static class ExitCode
{
	static int Main (string[] args)
	{
		int rank = MPI.COMM_WORLD.Get_rank ();
		int code = args.Length > 0 ? int.Parse (args[0]) : 0;
		if (args.Length > 1 && args[1] == "exit") {
			MPI.COMM_WORLD.Barrier ();
			Thread.Sleep (100 * rank);
			Console.WriteLine ("rank " + rank + " exits");
			Environment.Exit (code);
		}
		if (rank == 0)
			Console.WriteLine ("args: " + string.Join ("|", args));
		return code;
	}
}
