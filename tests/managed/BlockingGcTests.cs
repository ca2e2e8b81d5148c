// BlockingGcTests: a thread blocked in MPI must not stall the garbage collector (Mono's hybrid suspend waits
// for a thread in a cooperative internal call until it returns), and its buffer must neither move nor be
// corrupted meanwhile.  Two ranks: one blocks for at least 2 s while another thread on the same rank allocates
// and forces collections; the other rank makes it wait.
using System;
using System.Diagnostics;
using System.MP;
using System.Threading;

public static class BlockingGcTests
{
	static int Main (string[] args) { return TestRunner.Run (typeof (BlockingGcTests), args); }

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	const int BlockMs = 2000;

	class Storm
	{
		public int Collections;
		public double MaxPauseMs;
		public int ControlMoves;
		volatile bool stop;
		Thread thread;
		static byte[] control; // a nursery object reachable only from a static: free to move

		public void Start ()
		{
			thread = new Thread (Run);
			thread.Start ();
		}

		void Run ()
		{
			var sw = new Stopwatch ();
			while (!stop) {
				control = new byte[64];
				long before = Diagnostics.AddressOf (control);
				for (int i = 0; i < 100; i++)
					GC.KeepAlive (new byte[256]);
				sw.Restart ();
				GC.Collect (0);
				sw.Stop ();
				if (Diagnostics.AddressOf (control) != before)
					ControlMoves++;
				Collections++;
				MaxPauseMs = Math.Max (MaxPauseMs, sw.Elapsed.TotalMilliseconds);
			}
		}

		public void Stop ()
		{
			stop = true;
			thread.Join ();
		}
	}

	// Runs `block` (expected to wait about BlockMs) while a storm of collections runs on another thread, and
	// checks that collections kept completing and none waited for the blocked thread.
	static void WhileCollecting (string what, Action block)
	{
		var storm = new Storm ();
		storm.Start ();
		Thread.Sleep (50);
		int before = storm.Collections;
		var sw = Stopwatch.StartNew ();
		block ();
		sw.Stop ();
		int during = storm.Collections - before;
		storm.Stop ();
		Assert.True (sw.ElapsedMilliseconds >= BlockMs - 200, what + " blocked for about 2 s (" + sw.ElapsedMilliseconds + " ms)");
		Assert.True (during >= 20, what + ": collections completed while blocked: " + during);
		Assert.True (storm.MaxPauseMs < 1000, what + ": longest collection " + storm.MaxPauseMs + " ms (a stalled GC waits for the blocked thread)");
		Assert.True (storm.ControlMoves > 0, what + ": the collections really move objects (control moved " + storm.ControlMoves + " times)");
	}

	static byte[] Pattern (int n, int seed)
	{
		var b = new byte[n];
		for (int i = 0; i < n; i++)
			b[i] = (byte) (i * 31 + seed);
		return b;
	}

	static void CheckPattern (byte[] b, int seed, string what)
	{
		for (int i = 0; i < b.Length; i++)
			if (b[i] != (byte) (i * 31 + seed))
				Assert.Equal ((byte) (i * 31 + seed), b[i], what + " byte " + i);
	}

	static void DelayedPeer (Action action)
	{
		Thread.Sleep (BlockMs + 300);
		action ();
	}

	public static void RecvOfNurseryBufferLetsCollectionsRun ()
	{
		if (World.Get_rank () == 0) {
			DelayedPeer (() => World.Send (Pattern (1000, 7), 1, 1));
			return;
		}
		var buf = new byte[1000]; // small: in the nursery, where a collection would move it
		long address = Diagnostics.AddressOf (buf);
		WhileCollecting ("Recv", () => World.Recv (buf, 0, 1, null));
		Assert.Equal (address, Diagnostics.AddressOf (buf), "the receive buffer did not move");
		CheckPattern (buf, 7, "received");
	}

	public static void RecvOfLargeBufferLetsCollectionsRun ()
	{
		if (World.Get_rank () == 0) {
			DelayedPeer (() => World.Send (Pattern (4 << 20, 3), 1, 2));
			return;
		}
		var buf = new byte[4 << 20];
		WhileCollecting ("Recv 4 MiB", () => World.Recv (buf, 0, 2, null));
		CheckPattern (buf, 3, "received");
	}

	public static void SsendLetsCollectionsRun ()
	{
		if (World.Get_rank () == 1) {
			var got = new byte[500];
			DelayedPeer (() => World.Recv (got, 0, 3, null));
			CheckPattern (got, 9, "received");
			return;
		}
		var buf = Pattern (500, 9);
		WhileCollecting ("Ssend", () => World.Ssend (buf, 1, 3));
		CheckPattern (buf, 9, "send buffer unchanged");
	}

	public static void ProbeLetsCollectionsRun ()
	{
		if (World.Get_rank () == 0) {
			DelayedPeer (() => World.Send (new int[] { 5 }, 1, 4));
			return;
		}
		var status = new Status ();
		WhileCollecting ("Probe", () => World.Probe (0, 4, status));
		var got = new int[status.Get_count (typeof (int))];
		World.Recv (got, 0, 4, null);
		Assert.Equal (5, got[0], "payload");
	}

	public static void BarrierLetsCollectionsRun ()
	{
		if (World.Get_rank () == 0)
			DelayedPeer (() => World.Barrier ());
		else
			WhileCollecting ("Barrier", () => World.Barrier ());
	}

	public static void SendrecvLetsCollectionsRun ()
	{
		var got = new long[100];
		var mine = new long[100];
		mine[99] = World.Get_rank () + 1;
		if (World.Get_rank () == 0)
			DelayedPeer (() => World.Sendrecv (mine, 1, 5, got, 1, 5, null));
		else
			WhileCollecting ("Sendrecv", () => World.Sendrecv (mine, 0, 5, got, 0, 5, null));
		Assert.Equal ((long) (2 - World.Get_rank ()), got[99], "payload");
	}

	public static void CompletingAtOnceNeedsNoWait ()
	{
		// The common case pays nothing: a receive whose message has already arrived completes while polling,
		// without entering a GC-safe region.
		if (World.Get_rank () == 0) {
			World.Send (new int[] { 1 }, 1, 6);
			World.Barrier ();
			return;
		}
		World.Barrier ();
		World.Probe (0, 6, null); // the message is here
		long waited = Diagnostics.WaitedOperations, immediate = Diagnostics.ImmediateOperations;
		World.Recv (new int[1], 0, 6, null);
		Assert.Equal (waited, Diagnostics.WaitedOperations, "waited operations");
		Assert.True (Diagnostics.ImmediateOperations > immediate, "counted as completed while polling");
	}
}
