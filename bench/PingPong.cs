// PingPong (benchmark): the System.MP side of bench/pingpong-c.c -- the same protocol, sizes and iteration
// counts, the same output ("bytes,us_per_roundtrip").  Exits non-zero if a payload arrives corrupted.
//
//     mpiexec -n 2 -bind-to core motor bench/PingPong.exe [max-bytes [scale]]
using System;
using System.Globalization;
using System.MP;

class PingPongBench
{
	static int Iterations (long size, double scale)
	{
		long n = size <= 65536 ? 4000 : 4000L * 65536 / size;
		n = (long) (n * scale);
		return n < 10 ? 10 : (int) n;
	}

	static int Main (string[] args)
	{
		Intracomm world = MPI.COMM_WORLD;
		int rank = world.Get_rank ();
		long max = args.Length > 0 ? long.Parse (args[0]) : 4L << 20;
		double scale = args.Length > 1 ? double.Parse (args[1], CultureInfo.InvariantCulture) : 1.0;
		var buf = new byte[max];

		for (long size = 1; size <= max; size *= 2) {
			int n = (int) size;
			int timed = Iterations (size, scale), warm = timed / 10 + 5;
			double t0 = 0;
			for (int i = 0; i < warm + timed; i++) {
				if (i == warm) {
					world.Barrier ();
					t0 = MPI.Wtime ();
				}
				if (rank == 0) {
					byte mark = (byte) i;
					buf[0] = mark;
					buf[n - 1] = mark;
					world.Send (buf, 0, n, 1, 0);
					world.Recv (buf, 0, n, 1, 0, null);
					if (buf[0] != (byte) (mark + 1) || buf[n - 1] != (byte) (mark + 1)) {
						Console.Error.WriteLine ("PingPong: corrupted payload at size " + size);
						return 3;
					}
				} else if (rank == 1) {
					world.Recv (buf, 0, n, 0, 0, null);
					buf[0]++;
					if (n > 1)
						buf[n - 1]++;
					world.Send (buf, 0, n, 0, 0);
				}
			}
			double us = (MPI.Wtime () - t0) / timed * 1e6;
			if (rank == 0)
				Console.WriteLine (string.Format (CultureInfo.InvariantCulture, "{0},{1:F4}", size, us));
		}
		return 0;
	}
}
