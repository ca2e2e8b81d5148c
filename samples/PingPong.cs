// PingPong: the Motor paper's §8 benchmark.  Ranks 0 and 1 bounce a byte[] of 1 B ... 4 MiB back and forth;
// one iteration is a round trip.  For each size, warm-up round trips are followed by timed ones; the program
// prints microseconds per round trip and the bandwidth (2 x size per round trip), and checks every payload.
//
//     mpiexec -n 2 -bind-to core motor samples/PingPong.exe [max-bytes]
using System;
using System.MP;

class PingPong
{
	static int Main (string[] args)
	{
		Intracomm world = MPI.COMM_WORLD;
		int rank = world.Get_rank ();
		if (world.Get_size () < 2) {
			if (rank == 0)
				Console.Error.WriteLine ("PingPong needs two ranks: mpiexec -n 2 motor PingPong.exe");
			return 2;
		}
		int max = args.Length > 0 ? int.Parse (args[0]) : 4 << 20;
		if (rank == 0)
			Console.WriteLine ("{0,10} {1,14} {2,12}", "bytes", "us/roundtrip", "MB/s");

		for (int size = 1; size <= max; size *= 2) {
			var buf = new byte[size];
			int timed = size <= 65536 ? 2000 : Math.Max (20, (int) (200L * 65536 / size));
			int warm = Math.Max (10, timed / 10);
			double t0 = 0;
			for (int i = 0; i < warm + timed; i++) {
				if (i == warm) {
					world.Barrier ();
					t0 = MPI.Wtime ();
				}
				if (rank == 0) {
					byte mark = (byte) i;
					buf[0] = mark;
					buf[size - 1] = mark;
					world.Send (buf, 1, 0);
					world.Recv (buf, 1, 0, null);
					if (buf[0] != (byte) (mark + 1) || buf[size - 1] != (byte) (mark + 1))
						throw new Exception ("corrupted payload at size " + size);
				} else if (rank == 1) {
					world.Recv (buf, 0, 0, null);
					buf[0]++;
					if (size > 1)
						buf[size - 1]++;
					world.Send (buf, 0, 0);
				}
			}
			double us = (MPI.Wtime () - t0) / timed * 1e6;
			if (rank == 0)
				Console.WriteLine ("{0,10} {1,14:F2} {2,12:F1}", size, us, 2.0 * size / us);
		}
		return 0;
	}
}
