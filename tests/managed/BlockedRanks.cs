// BlockedRanks: every rank but 1 blocks in an MPI operation that cannot complete without rank 1, and rank 1's
// main thread blocks in a receive nobody matches; then rank 1 dies, killed from outside or by an unhandled
// exception in a thread other than its main one.  The job must end promptly with a non-zero status.  Driven by
// tests/abort-tests.sh.
//
//     BlockedRanks.exe OP HOW DIR
//
//   OP   recv | barrier | allreduce: what the ranks other than 1 block in
//   HOW  kill: rank 1 only blocks, and the test kills it (SIGKILL)
//        thread: a new Thread on rank 1 throws "boom from a thread on rank 1"
//        pool: a ThreadPool.QueueUserWorkItem item on rank 1 throws "boom from the thread pool on rank 1"
//   DIR  each rank writes its process id to DIR/pid.RANK once MPI is up, then DIR/ready.RANK just before it
//        blocks
//
// Tasks are left out on purpose: a faulted Task whose exception is never observed is not an unhandled exception
// in .NET (it raises TaskScheduler.UnobservedTaskException at finalization, and the process goes on), so no
// runtime may abort the job for it.
using System;
using System.Diagnostics;
using System.IO;
using System.MP;
using System.Threading;

public static class BlockedRanks
{
	static void Write (string dir, string name, string text)
	{
		string path = Path.Combine (dir, name);
		File.WriteAllText (path + ".tmp", text);
		File.Move (path + ".tmp", path);
	}

	static int Main (string[] args)
	{
		if (args.Length != 3) {
			Console.Error.WriteLine ("usage: BlockedRanks.exe recv|barrier|allreduce kill|thread|pool DIR");
			return 2;
		}
		string op = args[0], how = args[1], dir = args[2];
		var world = MPI.COMM_WORLD;
		int rank = world.Get_rank ();
		Write (dir, "pid." + rank, Process.GetCurrentProcess ().Id.ToString ());
		world.Barrier ();
		if (rank == 1) {
			// The exception comes once the main thread is blocked in the receive below.
			if (how == "thread")
				new Thread (() => {
					Thread.Sleep (300);
					throw new InvalidOperationException ("boom from a thread on rank 1");
				}).Start ();
			else if (how == "pool")
				ThreadPool.QueueUserWorkItem (_ => {
					Thread.Sleep (300);
					throw new InvalidOperationException ("boom from the thread pool on rank 1");
				});
			else if (how != "kill")
				throw new ArgumentException ("HOW must be kill, thread or pool, not " + how);
			Write (dir, "ready." + rank, "");
			world.Recv (new int[1], 0, 99, null);
		} else {
			Write (dir, "ready." + rank, "");
			switch (op) {
			case "recv":
				world.Recv (new int[1], 1, 99, null);
				break;
			case "barrier":
				world.Barrier ();
				break;
			case "allreduce":
				world.Allreduce (new[] { rank }, new int[1], Op.SUM);
				break;
			default:
				throw new ArgumentException ("OP must be recv, barrier or allreduce, not " + op);
			}
		}
		Console.Error.WriteLine ("rank " + rank + ": the operation completed, which it must not");
		return 3;
	}
}
