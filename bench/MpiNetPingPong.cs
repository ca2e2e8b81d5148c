// MpiNetPingPong: blocking byte[] ping-pong between ranks 0 and 1 through MPI.dll's MPI.NET API
// (Communicator.Send<byte[]> / Receive(ref byte[])) and through System.MP (Comm.Send / Recv), interleaved in the
// same process: for every size and round both variants run back to back, alternating which goes first.
//
//     mpiexec -n 2 motor bench/MpiNetPingPong.exe MIN MAX ROUNDS SCALE
//
// Rank 0 prints one CSV line per size and round: bytes,round,mpinet_us,systemmp_us (half round-trip time).
// Every received buffer is checked (its first and last byte carry the iteration); a mismatch exits non-zero.
using System;
using System.Diagnostics;
using MPI;

public static class MpiNetPingPong
{
	static int Main (string[] args)
	{
		int min = int.Parse (args[0]), max = int.Parse (args[1]), rounds = int.Parse (args[2]);
		double scale = double.Parse (args[3], System.Globalization.CultureInfo.InvariantCulture);
		var world = Communicator.world;
		var sys = System.MP.MPI.COMM_WORLD;
		int rank = world.Rank;
		if (world.Size < 2)
			throw new InvalidOperationException ("MpiNetPingPong needs 2 ranks");
		for (int bytes = min; bytes <= max; bytes *= 2) {
			int iters = Math.Max (10, (int) (scale * (bytes <= 4096 ? 20000 : 20000 * 4096 / bytes)));
			var buf = new byte[bytes];
			for (int round = 1; round <= rounds; round++) {
				double a = 0, b = 0;
				for (int k = 0; k < 2; k++) {
					bool mpinetFirst = round % 2 == 1;
					if ((k == 0) == mpinetFirst)
						a = Run (true, world, sys, rank, buf, iters);
					else
						b = Run (false, world, sys, rank, buf, iters);
				}
				if (rank == 0)
					Console.WriteLine ("{0},{1},{2:F3},{3:F3}", bytes, round, a, b);
			}
		}
		return 0;
	}

	// Half round-trip time in microseconds over iters exchanges (after 10 % warm-up).
	static double Run (bool mpinet, Intracommunicator world, System.MP.Intracomm sys, int rank, byte[] buf, int iters)
	{
		world.Barrier ();
		int warm = iters / 10 + 1;
		var sw = new Stopwatch ();
		for (int i = -warm; i < iters; i++) {
			if (i == 0)
				sw.Start ();
			byte mark = (byte) i;
			if (rank == 0) {
				buf[0] = mark;
				buf[buf.Length - 1] = mark;
				if (mpinet) {
					world.Send (buf, 1, 1);
					world.Receive (1, 1, ref buf);
				} else {
					sys.Send (buf, 1, 1);
					sys.Recv (buf, 1, 1, null);
				}
				if (buf[0] != (byte) (mark + 1) || buf[buf.Length - 1] != (byte) (mark + 1))
					System.Environment.Exit (3);
			} else if (rank == 1) {
				if (mpinet)
					world.Receive (0, 1, ref buf);
				else
					sys.Recv (buf, 0, 1, null);
				if (buf[0] != mark || buf[buf.Length - 1] != mark)
					System.Environment.Exit (3);
				buf[0] = (byte) (mark + 1);
				buf[buf.Length - 1] = (byte) (mark + 1);
				if (mpinet)
					world.Send (buf, 0, 1);
				else
					sys.Send (buf, 0, 1);
			}
		}
		sw.Stop ();
		return sw.Elapsed.TotalMilliseconds * 1000.0 / iters / 2;
	}
}
