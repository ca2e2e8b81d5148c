// NullReferenceTests: a null dereference in user code is an ordinary, catchable NullReferenceException on a rank
// where MPI is up, on any thread, with operations in flight, and inside a user-defined reduction operator.
//
// What this protects.  Mono turns a null dereference into a NullReferenceException from its SIGSEGV handler.
// UCX (under MPICH's ch4:ucx device, Debian 12's MPICH) installs a SIGSEGV handler of its own that
// prints a backtrace and kills the process -- which is what ends a P/Invoke MPI binding's process at its first
// NullReferenceException, because there the MPI library (and UCX with it) is loaded after Mono has set up its
// handlers.  Motor links the MPI library: libucs's constructor installs UCX's handler before main, and
// mono_jit_init then replaces it with Mono's; MPI_Init installs none (Open MPI installs its own stack-trace
// handler at MPI_Init, but only for signals that have no handler yet).  The tests run, and must pass, whatever
// the MPI library.  Should the order ever change (the MPI library loaded late, or a library
// installing its handler at MPI_Init), the first dereference below kills the rank and every test here fails;
// running this program with UCX's sigaction guard preloaded (LD_PRELOAD=libucs_signal.so, which keeps Mono from
// replacing UCX's handler) reproduces that.
using System;
using System.Linq;
using System.MP;
using System.Runtime.CompilerServices;
using System.Threading;

public static class NullReferenceTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (NullReferenceTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }

	class Holder
	{
		public int value;
		public int[] array = null;
	}

	static Holder nothing = null; // always null; a static field, so the compiler cannot see that

	// Dereferences null `times` times, each in its own way in turn (a field read, a field write, an array
	// element through a null reference), and returns how many NullReferenceExceptions were caught.
	[MethodImpl (MethodImplOptions.NoInlining)]
	static int DereferenceNull (int times)
	{
		int caught = 0, sink = 0;
		for (int i = 0; i < times; i++) {
			try {
				switch (i % 3) {
				case 0:
					sink += nothing.value;
					break;
				case 1:
					nothing.value = i;
					break;
				default:
					sink += nothing.array[0];
					break;
				}
			} catch (NullReferenceException) {
				caught++;
			}
		}
		return caught + sink; // sink stays 0
	}

	// A ring exchange of `n` ints whose values say who sent them in which round; checks every element.
	static void Ring (int n, int round)
	{
		var send = Enumerable.Range (0, n).Select (i => Rank * 1000003 + round * 7919 + i).ToArray ();
		var recv = new int[n];
		Request r = World.Irecv (recv, Prev, 40 + round);
		World.Send (send, Next, 40 + round);
		r.Wait ();
		for (int i = 0; i < n; i++)
			if (recv[i] != Prev * 1000003 + round * 7919 + i)
				Assert.Equal (Prev * 1000003 + round * 7919 + i, recv[i], "round " + round + ", element " + i);
	}

	public static void NullDereferencesAfterMessagingAreCaught ()
	{
		Ring (16, 0);
		Ring (1 << 18, 1); // 1 MiB: a rendezvous transfer, so every transport UCX has is set up
		Assert.Equal (3000, DereferenceNull (3000), "caught");
		Ring (16, 2);
		Ring (1 << 18, 3);
		World.Barrier ();
	}

	public static void NullDereferencesOnASecondThreadAreCaughtWhileTheMainThreadMessages ()
	{
		int caught = -1;
		var t = new Thread (() => { caught = DereferenceNull (3000); });
		t.Start ();
		for (int round = 0; round < 20; round++)
			Ring (round % 2 == 0 ? 64 : 1 << 16, round);
		t.Join ();
		Assert.Equal (3000, caught, "caught on the second thread");
		Assert.Equal (300, DereferenceNull (300), "caught on the main thread after");
		World.Barrier ();
	}

	public static void NullDereferencesWhileNonBlockingOperationsAreInFlight ()
	{
		const int small = 32, large = 1 << 18;
		var sendSmall = Enumerable.Range (0, small).Select (i => Rank * 100 + i).ToArray ();
		var sendLarge = Enumerable.Range (0, large).Select (i => (double) (Rank * 10000000 + i)).ToArray ();
		var recvSmall = new int[small];
		var recvLarge = new double[large];
		var reqs = new[] {
			World.Irecv (recvLarge, Prev, 51), World.Irecv (recvSmall, Prev, 50),
			World.Isend (sendLarge, Next, 51), World.Isend (sendSmall, Next, 50),
		};
		Assert.Equal (3000, DereferenceNull (3000), "caught with four operations in flight");
		Request.Waitall (reqs);
		for (int i = 0; i < small; i++)
			if (recvSmall[i] != Prev * 100 + i)
				Assert.Equal (Prev * 100 + i, recvSmall[i], "small element " + i);
		for (int i = 0; i < large; i++)
			if (recvLarge[i] != Prev * 10000000 + i)
				Assert.Equal ((double) (Prev * 10000000 + i), recvLarge[i], "large element " + i);
		World.Barrier ();
	}

	public static void NullDereferenceInAReductionOperatorSurfacesAsNullReferenceException ()
	{
		// The operator dereferences null on every call.  MPI calls it on the ranks that combine values (at one
		// rank, on none): there Allreduce must throw the NullReferenceException once the collective is done.
		var faulty = Op.Create<int> ((a, b) => a + b + nothing.value, true);
		Exception seen = null;
		try {
			World.Allreduce (new[] { Rank, 1 }, new int[2], faulty);
		} catch (Exception e) {
			seen = e;
		}
		Assert.True (seen == null || seen is NullReferenceException, "a NullReferenceException or nothing, got " + seen);
		var threw = new int[1];
		World.Allreduce (new[] { seen != null ? 1 : 0 }, threw, Op.SUM);
		if (Size > 1)
			Assert.True (threw[0] > 0, "some rank's operator call threw");
		faulty.Free ();
		// The rank stays usable: the same reduction with a correct operator, then more null dereferences.
		var sum = Op.Create<int> ((a, b) => a + b, true);
		var got = new int[2];
		World.Allreduce (new[] { Rank, 1 }, got, sum);
		Assert.Equal (Size * (Size - 1) / 2, got[0], "sum of ranks");
		Assert.Equal (Size, got[1], "count");
		sum.Free ();
		Assert.Equal (300, DereferenceNull (300), "caught after");
		World.Barrier ();
	}
}
