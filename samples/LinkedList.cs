// LinkedList: the Motor paper's object ping-pong (Figures 10 and 11, §8).  A linked list of N elements carries
// 4,096 bytes in total, spread evenly over the elements (element i holds a byte[] of 4096/N bytes, the first
// 4096 % N one byte more; beyond 4,096 elements the arrays are empty), so 2N objects travel.  Ranks 0 and 1
// bounce the whole list back and forth; serialisation and deserialisation are included in every round trip, as
// in the paper.  N = 1, 2, 4, ... up to the maximum.  The list, its check and the timing rule are in
// samples/ListPayload.cs, which the P/Invoke baseline compiles too.
//
//     mpiexec -n 2 -bind-to core motor samples/LinkedList.exe [--csv] [--binaryformatter] [--max N] [--budget S]
//
// Default: Motor's O-operations (OSend/ORecv).  --binaryformatter: the standard CLI BinaryFormatter serialises
// the list into a byte[], which travels with System.MP's Send/Probe/Recv -- the paper's ".NET" baseline.  The same
// with a P/Invoke wrapper instead of System.MP is bench/pinvoke/LinkedListPinvoke.cs (run under plain mono).
// Each N gets three untimed warm-up round trips (the first ever includes JIT compilation), the last of which sizes
// the timed run: as many round trips as fit in --budget seconds (default 0.5; at least 5 -- 1 if a round trip takes
// over a second --, at most 2,000); each is timed on its own and the median is reported.  Rank 0 checks the last
// list it received (length and every payload byte) and the program exits with status 3 if it is wrong.
//
// Prints microseconds per round trip and per object, or with --csv "elements,us_per_roundtrip,us_per_object".
using System;
using System.Globalization;
using System.IO;
using System.MP;
using System.Runtime.Serialization.Formatters.Binary;
using System.Threading;

[Transportable, Serializable]
public class LinkedList
{
	[Transportable] public byte[] array;
	[Transportable] public LinkedList next;
}

public static class LinkedListPingPong
{
	static readonly BinaryFormatter formatter = new BinaryFormatter ();

	static void Send (Intracomm world, LinkedList list, int peer, bool bf)
	{
		if (!bf) {
			world.OSend (list, peer, 0);
			return;
		}
		var ms = new MemoryStream ();
		formatter.Serialize (ms, list);
		world.Send (ms.GetBuffer (), 0, (int) ms.Length, peer, 0);
	}

	static LinkedList Recv (Intracomm world, int peer, bool bf, Status st)
	{
		if (!bf)
			return (LinkedList) world.ORecv (peer, 0, null);
		world.Probe (peer, 0, st);
		var bytes = new byte[st.Get_count (typeof (byte))];
		world.Recv (bytes, peer, 0, null);
		return (LinkedList) formatter.Deserialize (new MemoryStream (bytes));
	}

	static int Run (string[] args)
	{
		bool csv = false, bf = false;
		int max = 1 << 20;
		double budget = 0.5;
		for (int i = 0; i < args.Length; i++) {
			switch (args[i]) {
			case "--csv": csv = true; break;
			case "--binaryformatter": bf = true; break;
			case "--max": max = int.Parse (args[++i]); break;
			case "--budget": budget = double.Parse (args[++i], CultureInfo.InvariantCulture); break;
			default: Console.Error.WriteLine ("usage: LinkedList.exe [--csv] [--binaryformatter] [--max N] [--budget S]"); return 2;
			}
		}
		Intracomm world = MPI.COMM_WORLD;
		int rank = world.Get_rank ();
		if (world.Get_size () < 2) {
			Console.Error.WriteLine ("LinkedList needs 2 ranks");
			return 2;
		}
		var st = new Status ();
		if (rank == 0)
			ListPayload.Header (csv, bf ? "BinaryFormatter + Send/Recv" : "Motor OSend/ORecv");
		for (int n = 1; n <= max; n *= 2) {
			var count = new int[1];
			double t0 = 0, one = 0;
			LinkedList got = null;
			if (rank == 0) {
				var list = ListPayload.Make (n);
				for (int k = 0; k < ListPayload.WarmUps; k++) {
					t0 = MPI.Wtime ();
					Send (world, list, 1, bf);
					got = Recv (world, 1, bf, st);
					one = MPI.Wtime () - t0;
				}
				count[0] = ListPayload.TimedRoundTrips (one, budget);
				world.Send (count, 1, 1);
				var times = new double[count[0]];
				for (int k = 0; k < count[0]; k++) {
					t0 = MPI.Wtime ();
					Send (world, list, 1, bf);
					got = Recv (world, 1, bf, st);
					times[k] = MPI.Wtime () - t0;
				}
				if (!ListPayload.Check (got, n)) {
					Console.Error.WriteLine ("LinkedList: wrong list received for N = " + n);
					return 3;
				}
				ListPayload.Report (csv, n, times);
			} else if (rank == 1) {
				// Echo: deserialise what came, serialise it again and send it back.
				for (int k = 0; k < ListPayload.WarmUps; k++)
					Send (world, Recv (world, 0, bf, st), 0, bf);
				world.Recv (count, 0, 1, null);
				for (int k = 0; k < count[0]; k++)
					Send (world, Recv (world, 0, bf, st), 0, bf);
			}
		}
		return 0;
	}

	static int Main (string[] args)
	{
		// BinaryFormatter may recurse deeply on long lists: run on a thread with a large stack.
		int status = 0;
		var t = new Thread (() => status = Run (args), 1 << 30);
		t.Start ();
		t.Join ();
		return status;
	}
}
