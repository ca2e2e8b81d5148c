// GcVerifyTraffic: non-blocking array messages and object messages crossing a ring while the GC runs all the time,
// every received byte checked.  tests/gc-verify-tests.sh runs it under Mono's heap verifier (MONO_GC_DEBUG:
// canaries after nursery objects, a heap check before every collection, a collection every few allocations,
// remembered-set checks) with a 1 MB nursery, so that a pin that comes too late, a buffer released while MPI
// still writes it, or a reference stored without a barrier shows up as a corrupted byte or a verifier abort.
//
//     GcVerifyTraffic.exe [TestName] [rounds]
using System;
using System.Collections.Generic;
using System.Linq;
using System.MP;

[Transportable]
public class Cell
{
	[Transportable] public byte[] bytes;
	[Transportable] public Cell next;
	public string label;
	public long stamp;
}

public static class GcVerifyTraffic
{
	static int rounds = 8;

	static int Main (string[] args)
	{
		if (args.Length > 1)
			rounds = int.Parse (args[1]);
		return TestRunner.Run (typeof (GcVerifyTraffic), args.Take (1).ToArray ());
	}

	static Intracomm World { get { return MPI.COMM_WORLD; } }
	static int Rank { get { return World.Get_rank (); } }
	static int Size { get { return World.Get_size (); } }
	static int Next { get { return (Rank + 1) % Size; } }
	static int Prev { get { return (Rank + Size - 1) % Size; } }

	// Byte i of message `which` sent by `sender` in `round`: differs between neighbouring bytes, messages, rounds
	// and senders, and is never the 0 of a fresh buffer for long.
	static byte Pattern (int sender, int round, int which, int i)
	{
		return (byte) (sender * 89 + round * 53 + which * 29 + i * 7 + (i >> 8) + 1);
	}

	// Array sizes: in the nursery (and below the eager limit), in the nursery above it, and in the large-object
	// space (over 8000 bytes), moved with a rendezvous.
	static readonly int[] sizes = { 13, 3000, 7000, 100000 };
	const int cells = 40;

	static long Stamp (int sender, int round, int k)
	{
		return sender * 1000000000L + round * 100000L + k;
	}

	static Cell MakeGraph (int sender, int round)
	{
		Cell head = null;
		for (int k = cells - 1; k >= 0; k--) {
			var b = new byte[k * 37 % 300];
			for (int i = 0; i < b.Length; i++)
				b[i] = Pattern (sender, round, 100 + k, i);
			head = new Cell { bytes = b, next = head, label = "cell " + sender + "/" + round + "/" + k,
				stamp = Stamp (sender, round, k) };
		}
		return head;
	}

	// Allocates short-lived garbage, some of it kept a while, so that collections happen while messages are in
	// flight and surviving objects move around the received ones.
	static object Churn (int n)
	{
		var keep = new List<object> ();
		for (int i = 0; i < n; i++) {
			var o = new int[i % 50 + 1];
			if (i % 16 == 0)
				keep.Add (o);
		}
		return keep;
	}

	public static void NonBlockingAndObjectTrafficKeepsEveryByteUnderTheGcVerifier ()
	{
		long corrupted = 0, checkedBytes = 0;
		string first = null;
		Action<string, int, int> bad = (what, expected, got) => {
			corrupted++;
			if (first == null)
				first = what + ": expected " + expected + ", got " + got;
		};
		for (int round = 0; round < rounds; round++) {
			var recvs = sizes.Select (n => new byte[n]).ToArray ();
			var sends = sizes.Select ((n, w) => {
				var b = new byte[n];
				for (int i = 0; i < n; i++)
					b[i] = Pattern (Rank, round, w, i);
				return b;
			}).ToArray ();
			var reqs = new List<Request> ();
			for (int w = 0; w < sizes.Length; w++)
				reqs.Add (World.Irecv (recvs[w], Prev, w));
			ORequest graphIn = World.OIrecv (Prev, 90);
			Churn (500);
			for (int w = sizes.Length - 1; w >= 0; w--)
				reqs.Add (World.Isend (sends[w], Next, w));
			reqs.Add (World.OIsend (MakeGraph (Rank, round), Next, 90));
			object kept = Churn (500);
			// Completed one by one with Waitany, allocating in between.  The object receive is in the set: it
			// receives only when tested, and the neighbour's object send may wait for that.
			reqs.Add (graphIn);
			var pending = reqs.ToArray ();
			for (int k = 0; k < pending.Length; k++) {
				Request.Waitany (pending, null);
				Churn (50);
			}
			GC.KeepAlive (kept);
			for (int w = 0; w < sizes.Length; w++)
				for (int i = 0; i < sizes[w]; i++) {
					checkedBytes++;
					if (recvs[w][i] != Pattern (Prev, round, w, i))
						bad ("round " + round + " array " + sizes[w] + " byte " + i, Pattern (Prev, round, w, i), recvs[w][i]);
				}
			// Sent arrays must be untouched too.
			for (int w = 0; w < sizes.Length; w++)
				for (int i = 0; i < sizes[w]; i++) {
					checkedBytes++;
					if (sends[w][i] != Pattern (Rank, round, w, i))
						bad ("round " + round + " sent array " + sizes[w] + " byte " + i, Pattern (Rank, round, w, i), sends[w][i]);
				}
			int k2 = 0;
			for (var c = (Cell) graphIn.Object; c != null; c = c.next, k2++) {
				if (c.stamp != Stamp (Prev, round, k2) || c.label != "cell " + Prev + "/" + round + "/" + k2 || c.bytes.Length != k2 * 37 % 300) {
					bad ("round " + round + " cell " + k2 + " header (" + c.label + ")", 0, 1);
					continue;
				}
				for (int i = 0; i < c.bytes.Length; i++) {
					checkedBytes++;
					if (c.bytes[i] != Pattern (Prev, round, 100 + k2, i))
						bad ("round " + round + " cell " + k2 + " byte " + i, Pattern (Prev, round, 100 + k2, i), c.bytes[i]);
				}
			}
			if (k2 != cells)
				bad ("round " + round + " cells in the graph", cells, k2);
		}
		Assert.True (checkedBytes > 0, "bytes were checked");
		Assert.Equal (0L, corrupted, "corrupted bytes of " + checkedBytes + " (first: " + first + ")");
		World.Barrier ();
	}
}
