// ExitCode: prints its arguments and returns the first as the exit status.  Driven by tests/host-tests.sh.
using System;
using System.MP;

public static class ExitCode
{
	static int Main (string[] args)
	{
		if (MPI.COMM_WORLD.Get_rank () == 0)
			Console.WriteLine ("args: " + string.Join ("|", args));
		return args.Length > 0 ? int.Parse (args[0]) : 0;
	}
}
