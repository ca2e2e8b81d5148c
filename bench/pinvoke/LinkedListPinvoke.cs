// LinkedListPinvoke: the linked-list object ping-pong of samples/LinkedList.cs as a user of a P/Invoke MPI wrapper
// writes it today: the standard CLI BinaryFormatter serialises the list into a MemoryStream, whose bytes travel
// with the wrapper of bench/pinvoke/Native.cs (GCHandle.Alloc(..., Pinned) and Free around every operation, as
// MPI.NET does); the receiver learns the size with MPI_Probe + MPI_Get_count, allocates a byte[] and calls
// MPI_Recv.  It is the baseline Motor's O-operations are judged against (bench/run-objects.sh, variant
// bf-pinvoke).  It runs under plain `mono` (not motor), initialises MPI itself, and needs 2 ranks.
//
//     mpiexec -n 2 -bind-to core mono bench/pinvoke/LinkedListPinvoke.exe [--csv] [--max N] [--budget S]
//
// Everything else is samples/LinkedList.cs's, and the list and the timing are the very code it uses
// (samples/ListPayload.cs, compiled into both): a list of N elements carries 4,096 bytes in total (element i holds
// a byte[] of 4096/N bytes, the first 4096 % N one byte more), N = 1, 2, 4, ... up to --max; ranks 0 and 1 bounce
// the whole list, serialisation and deserialisation included in every round trip.  Each N gets three untimed
// warm-up round trips, the last of which sizes the timed run: as many round trips as fit in --budget seconds
// (default 0.5; at least 5 -- 1 if a round trip takes over a second --, at most 2,000), each timed on its own;
// the median is reported.  Rank 0 checks the last list it received (length and every payload byte) and a wrong
// one ends the job with status 3 (MPI_Abort).
//
// Prints microseconds per round trip and per object, or with --csv "elements,us_per_roundtrip,us_per_object".
using System;
using System.Globalization;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using System.Threading;

[Serializable]
public class LinkedList
{
	public byte[] array;
	public LinkedList next;
}

public static class LinkedListPinvoke
{
	static readonly BinaryFormatter formatter = new BinaryFormatter ();

	static void Send (LinkedList list, int peer)
	{
		var ms = new MemoryStream ();
		formatter.Serialize (ms, list);
		Wrapper.Send (ms.GetBuffer (), 0, (int) ms.Length, peer, 0);
	}

	static LinkedList Recv (int peer)
	{
		var st = Wrapper.Probe (peer, 0);
		var bytes = new byte[st.Count];
		Wrapper.Recv (bytes, 0, bytes.Length, peer, 0);
		return (LinkedList) formatter.Deserialize (new MemoryStream (bytes));
	}

	static double RoundTrip (LinkedList list, ref LinkedList got)
	{
		double t0 = Native.MPI_Wtime ();
		Send (list, 1);
		got = Recv (1);
		return Native.MPI_Wtime () - t0;
	}

	static int Run (string[] args)
	{
		bool csv = false;
		int max = 1 << 20;
		double budget = 0.5;
		for (int i = 0; i < args.Length; i++) {
			switch (args[i]) {
			case "--csv": csv = true; break;
			case "--max": max = int.Parse (args[++i]); break;
			case "--budget": budget = double.Parse (args[++i], CultureInfo.InvariantCulture); break;
			default: Console.Error.WriteLine ("usage: LinkedListPinvoke.exe [--csv] [--max N] [--budget S]"); return 2;
			}
		}
		// THREAD_MULTIPLE as motor asks for, so both run the MPI library in the same mode.
		int provided, rank, size;
		Native.MPI_Init_thread (IntPtr.Zero, IntPtr.Zero, MPIConst.THREAD_MULTIPLE, out provided);
		Native.MPI_Comm_rank (MPIConst.COMM_WORLD, out rank);
		Native.MPI_Comm_size (MPIConst.COMM_WORLD, out size);
		if (size < 2) {
			Console.Error.WriteLine ("LinkedListPinvoke needs 2 ranks");
			Native.MPI_Finalize ();
			return 2;
		}
		Wrapper.UseGCHandle = true;
		var count = new byte[4];
		if (rank == 0)
			ListPayload.Header (csv, "BinaryFormatter + P/Invoke wrapper");
		for (int n = 1; n <= max; n *= 2) {
			if (rank == 0) {
				var list = ListPayload.Make (n);
				LinkedList got = null;
				double one = 0;
				for (int k = 0; k < ListPayload.WarmUps; k++)
					one = RoundTrip (list, ref got);
				int timed = ListPayload.TimedRoundTrips (one, budget);
				Wrapper.Send (BitConverter.GetBytes (timed), 0, 4, 1, 1);
				var times = new double[timed];
				for (int k = 0; k < timed; k++)
					times[k] = RoundTrip (list, ref got);
				if (!ListPayload.Check (got, n)) {
					Console.Error.WriteLine ("LinkedListPinvoke: wrong list received for N = " + n);
					Console.Error.Flush ();
					Native.MPI_Abort (MPIConst.COMM_WORLD, 3);
					return 3;
				}
				ListPayload.Report (csv, n, times);
			} else if (rank == 1) {
				// Echo: deserialise what came, serialise it again and send it back.
				for (int k = 0; k < ListPayload.WarmUps; k++)
					Send (Recv (0), 0);
				Wrapper.Recv (count, 0, 4, 0, 1);
				int timed = BitConverter.ToInt32 (count, 0);
				for (int k = 0; k < timed; k++)
					Send (Recv (0), 0);
			}
		}
		Native.MPI_Finalize ();
		return 0;
	}

	static int Main (string[] args)
	{
		// BinaryFormatter recurses once per element on long lists: run on a thread with a large stack.  That
		// thread initialises and finalises MPI and makes every call in between.
		int status = 0;
		var t = new Thread (() => status = Run (args), 1 << 30);
		t.Start ();
		t.Join ();
		return status;
	}
}
