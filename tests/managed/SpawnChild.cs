// SpawnChild: started by SpawnTests through Intracomm.Spawn.  Checks its arguments, receives a number from the
// parent's rank 0 and replies with its rank, the number plus one and the parent job's size.
using System;
using System.MP;

public static class SpawnChild
{
	static int Main (string[] args)
	{
		var parent = Intracomm.Get_parent ();
		if (parent == null) {
			Console.Error.WriteLine ("SpawnChild: no parent");
			return 1;
		}
		if (args.Length != 2 || args[0] != "hello" || args[1] != "wörld") {
			Console.Error.WriteLine ("SpawnChild: wrong arguments: " + string.Join ("|", args));
			return 2;
		}
		var n = new int[1];
		parent.Recv (n, 0, 1, null);
		parent.Send (new[] { MPI.COMM_WORLD.Get_rank (), n[0] + 1, parent.Get_remote_size () }, 0, 2);
		parent.Free ();
		return 0;
	}
}
