// ThreadTests: several managed threads use System.MP at once (MPI_THREAD_MULTIPLE) while collections run.
// Runs at 2 and 3 ranks: thread t of every rank exchanges messages around the ring on its own tag.
using System;
using System.MP;
using System.Threading;

public static class ThreadTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (ThreadTests), args); }

	public static void ConcurrentRingsWithCollections ()
	{
		const int threads = 4, rounds = 300;
		var world = MPI.COMM_WORLD;
		int rank = world.Get_rank (), size = world.Get_size ();
		int next = (rank + 1) % size, prev = (rank + size - 1) % size;
		var errors = new string[threads];
		var workers = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			int tag = 100 + t;
			workers[t] = new Thread (() => {
				try {
					for (int r = 0; r < rounds; r++) {
						var outgoing = new int[16 + r % 50];
						outgoing[0] = rank;
						outgoing[outgoing.Length - 1] = r * 1000 + tag;
						var incoming = new int[outgoing.Length];
						world.Sendrecv (outgoing, next, tag, incoming, prev, tag, null);
						if (incoming[0] != prev || incoming[incoming.Length - 1] != r * 1000 + tag)
							throw new Exception ("thread " + tag + " round " + r + ": got " + incoming[0] + "/" + incoming[incoming.Length - 1]);
						if (r % 50 == 0)
							GC.Collect (0);
					}
				} catch (Exception e) {
					errors[tag - 100] = e.Message;
				}
			});
			workers[t].Start ();
		}
		bool done = false;
		var collector = new Thread (() => {
			while (!Volatile.Read (ref done)) {
				GC.KeepAlive (new byte[10000]);
				GC.Collect ();
				Thread.Sleep (1);
			}
		});
		collector.Start ();
		foreach (var w in workers)
			w.Join ();
		Volatile.Write (ref done, true);
		collector.Join ();
		foreach (var e in errors)
			Assert.True (e == null, e);
	}

	public static void BlockedReceiversDoNotBlockOtherThreads ()
	{
		// One thread waits in Recv for a message that comes only after the other threads have finished their
		// own exchanges: a thread blocked in MPI holds up neither MPI nor the runtime.
		var world = MPI.COMM_WORLD;
		int rank = world.Get_rank (), size = world.Get_size ();
		int next = (rank + 1) % size, prev = (rank + size - 1) % size;
		var late = new int[1];
		var waiter = new Thread (() => world.Recv (late, prev, 7, null));
		waiter.Start ();
		for (int i = 0; i < 200; i++) {
			var got = new double[8];
			world.Sendrecv (new double[8], next, 8, got, prev, 8, null);
			GC.KeepAlive (new byte[2048]);
		}
		GC.Collect ();
		world.Send (new int[] { rank + 1 }, next, 7);
		waiter.Join ();
		Assert.Equal (prev + 1, late[0], "late message");
	}
}
