// PingPong: the Motor paper's §8 benchmark.  Ranks 0 and 1 bounce a byte[] of 1 B ... 4 MiB back and forth;
// one iteration is a round trip.  For each size, warm-up round trips are followed by timed ones, and every
// payload is checked (the program exits with status 3 if one arrives corrupted).
//
//     mpiexec -n 2 -bind-to core motor samples/PingPong.exe [--csv] [--nonblocking] [max-bytes [scale]]
//
// --nonblocking runs the non-blocking protocol instead: each rank keeps a receive posted (Irecv), sends with
// Send, and completes the receive with Wait -- Irecv + Send + Wait per message.
//
// Prints microseconds per round trip and bandwidth (2 x size per round trip) as a table, or with --csv the
// lines "bytes,us_per_roundtrip" that bench/run-pingpong.sh compares with the native C program
// bench/pingpong-c.c, which runs the same protocol with the same iteration counts.  `scale` multiplies them.
using System;
using System.Globalization;
using System.Linq;
using System.MP;

class PingPong
{
	// The same counts as bench/pingpong-c.c.
	static int Iterations (long size, double scale)
	{
		long n = size <= 65536 ? 4000 : 4000L * 65536 / size;
		n = (long) (n * scale);
		return n < 10 ? 10 : (int) n;
	}

	// The non-blocking protocol; returns the start time of the timed round trips, or -1 on a corrupted payload.
	static double NonBlocking (Intracomm world, int rank, byte[] sbuf, byte[] rbuf, int n, int warm, int timed)
	{
		int peer = 1 - rank;
		double t0 = 0;
		if (rank > 1)
			return MPI.Wtime ();
		Request r = world.Irecv (rbuf, 0, n, peer, 0);
		for (int i = 0; i < warm + timed; i++) {
			if (i == warm)
				t0 = MPI.Wtime ();
			if (rank == 0) {
				byte mark = (byte) i;
				sbuf[0] = mark;
				sbuf[n - 1] = mark;
				world.Send (sbuf, 0, n, peer, 0);
				r.Wait ();
				if (rbuf[0] != (byte) (mark + 1) || rbuf[n - 1] != (byte) (mark + 1))
					return -1;
				if (i + 1 < warm + timed)
					r = world.Irecv (rbuf, 0, n, peer, 0);
			} else {
				r.Wait ();
				sbuf[0] = (byte) (rbuf[0] + 1);
				sbuf[n - 1] = (byte) (rbuf[n - 1] + 1);
				if (i + 1 < warm + timed)
					r = world.Irecv (rbuf, 0, n, peer, 0);
				world.Send (sbuf, 0, n, peer, 0);
			}
		}
		return t0;
	}

	static int Main (string[] args)
	{
		Intracomm world = MPI.COMM_WORLD;
		int rank = world.Get_rank ();
		bool csv = args.Contains ("--csv"), nonblocking = args.Contains ("--nonblocking");
		args = args.Where (a => !a.StartsWith ("--")).ToArray ();
		if (world.Get_size () < 2) {
			if (rank == 0)
				Console.Error.WriteLine ("PingPong needs two ranks: mpiexec -n 2 motor PingPong.exe");
			return 2;
		}
		long max = args.Length > 0 ? long.Parse (args[0]) : 4L << 20;
		double scale = args.Length > 1 ? double.Parse (args[1], CultureInfo.InvariantCulture) : 1.0;
		var buf = new byte[max];
		var rbuf = new byte[max];
		if (rank == 0 && !csv)
			Console.WriteLine ("{0,10} {1,14} {2,12}", "bytes", "us/roundtrip", "MB/s");

		for (long size = 1; size <= max; size *= 2) {
			int n = (int) size;
			int timed = Iterations (size, scale), warm = timed / 10 + 5;
			double t0 = 0;
			if (nonblocking) {
				t0 = NonBlocking (world, rank, buf, rbuf, n, warm, timed);
				if (t0 < 0) {
					Console.Error.WriteLine ("PingPong: corrupted payload at size " + size);
					return 3;
				}
			}
			for (int i = 0; !nonblocking && i < warm + timed; i++) {
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
			if (rank != 0)
				continue;
			if (csv)
				Console.WriteLine (string.Format (CultureInfo.InvariantCulture, "{0},{1:F4}", size, us));
			else
				Console.WriteLine ("{0,10} {1,14:F2} {2,12:F1}", size, us, 2.0 * size / us);
		}
		return 0;
	}
}
