// Rma: the System.MP side of the one-sided benchmark (bench/run-rma.sh).  Inside one Lock_all epoch, rank 0
// times Put + Flush and Get + Flush of `bytes` bytes to rank 1's window (Win.Create over a byte[]), for every
// power-of-two size from MIN to MAX bytes, and prints "bytes,put_us,get_us" per size: the mean time of one
// operation with its flush, after warm-up.  The same protocol as bench/rma-c.c.  What was put is read back and
// checked for every size; a wrong byte exits non-zero.
//
//     mpiexec -n 2 motor bench/Rma.exe MIN MAX SCALE
using System;
using System.Globalization;
using System.MP;

static class Rma
{
	// Iterations for a message of `bytes` (same in rma-c.c).
	static int Iterations (long bytes, double scale)
	{
		long n = bytes <= 1024 ? 20000 : bytes <= 65536 ? 2000 : 200;
		n = (long) (n * scale);
		return n < 5 ? 5 : (int) n;
	}

	static byte Pattern (long i, long size)
	{
		return (byte) ((i * 7 + size) & 255);
	}

	static int Main (string[] args)
	{
		var world = MPI.COMM_WORLD;
		int rank = world.Get_rank ();
		if (args.Length < 3 || world.Get_size () < 2) {
			if (rank == 0)
				Console.Error.WriteLine ("usage: mpiexec -n 2 motor Rma.exe MIN MAX SCALE");
			return 2;
		}
		int min = int.Parse (args[0], CultureInfo.InvariantCulture), max = int.Parse (args[1], CultureInfo.InvariantCulture);
		double scale = double.Parse (args[2], CultureInfo.InvariantCulture);
		var mem = new byte[max];
		var origin = new byte[max];
		var back = new byte[max];
		var win = Win.Create (mem, 1, world);
		win.Lock_all ();
		bool bad = false;
		for (int s = min; s <= max; s *= 2) {
			int n = Iterations (s, scale);
			if (rank == 0) {
				for (int i = 0; i < s; i++)
					origin[i] = Pattern (i, s);
				for (int i = 0; i < n / 10 + 1; i++) {
					win.Put (origin, 0, s, 1, 0);
					win.Flush (1);
				}
				double t0 = MPI.Wtime ();
				for (int i = 0; i < n; i++) {
					win.Put (origin, 0, s, 1, 0);
					win.Flush (1);
				}
				double put = (MPI.Wtime () - t0) / n * 1e6;
				t0 = MPI.Wtime ();
				for (int i = 0; i < n; i++) {
					win.Get (back, 0, s, 1, 0);
					win.Flush (1);
				}
				double get = (MPI.Wtime () - t0) / n * 1e6;
				for (int i = 0; i < s; i++)
					bad |= back[i] != Pattern (i, s);
				Console.WriteLine (string.Format (CultureInfo.InvariantCulture, "{0},{1:F3},{2:F3}", s, put, get));
			}
			world.Barrier ();
		}
		win.Unlock_all ();
		win.Free ();
		if (bad)
			Console.Error.WriteLine ("Rma: data read back differs from what was put");
		return bad ? 1 : 0;
	}
}
