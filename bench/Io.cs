// Io: the System.MP side of the parallel I/O benchmark (bench/run-io.sh): every rank writes a block of `bytes`
// bytes at offset rank * bytes of one shared file with MPI.File.Write_at_all, straight out of a byte[], then reads
// it back with Read_at_all, for every power-of-two block size from MIN to MAX bytes.  Prints one CSV line
// "bytes,write_MBps,read_MBps" per size on rank 0: the aggregate bandwidth (all ranks' bytes over the slowest
// rank's time, mean of the iterations after warm-up, measured between barriers).  The same protocol as
// bench/io-c.c.  Every block read is checked; a wrong one exits non-zero.  The file is deleted at the end.
//
//     mpiexec -n 2 motor bench/Io.exe FILE MIN MAX SCALE
using System;
using System.Globalization;
using System.MP;

static class Io
{
	// Iterations for a block of `bytes` (same in io-c.c).
	static int Iterations (long bytes, double scale)
	{
		long n = bytes <= 1048576 ? 50 : bytes <= 16777216 ? 10 : 4;
		n = (long) (n * scale);
		return n < 2 ? 2 : (int) n;
	}

	// The value of byte i of rank r's block in iteration k (same in io-c.c).
	static byte Value (int r, long i, int k) { return (byte) (r * 31 + i * 7 + k); }

	static int Main (string[] args)
	{
		if (args.Length < 4) {
			Console.Error.WriteLine ("usage: motor Io.exe FILE MIN MAX SCALE");
			return 2;
		}
		var world = MPI.COMM_WORLD;
		int rank = world.Get_rank (), size = world.Get_size ();
		string path = args[0];
		long min = long.Parse (args[1]), max = long.Parse (args[2]);
		double scale = double.Parse (args[3], CultureInfo.InvariantCulture);
		var wbuf = new byte[max];
		var rbuf = new byte[max];
		using (var f = MPI.File.Open (world, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			for (long bytes = min; bytes <= max; bytes *= 2) {
				int n = Iterations (bytes, scale), count = (int) bytes;
				double tw = 0, tr = 0;
				long at = rank * bytes;
				for (int k = -1; k < n; k++) { // k = -1: warm-up
					for (long i = 0; i < bytes; i++)
						wbuf[i] = Value (rank, i, k);
					world.Barrier ();
					double t0 = MPI.Wtime ();
					f.Write_at_all (at, wbuf, 0, count);
					double t1 = MPI.Wtime ();
					world.Barrier ();
					Array.Clear (rbuf, 0, count);
					double t2 = MPI.Wtime ();
					int got = f.Read_at_all (at, rbuf, 0, count);
					double t3 = MPI.Wtime ();
					if (got != count) {
						Console.Error.WriteLine ("Io: rank {0} read {1} of {2} bytes", rank, got, bytes);
						return 1;
					}
					for (long i = 0; i < bytes; i++)
						if (rbuf[i] != wbuf[i]) {
							Console.Error.WriteLine ("Io: rank {0} read back a wrong block of {1} bytes (byte {2})", rank, bytes, i);
							return 1;
						}
					if (k >= 0) {
						tw += t1 - t0;
						tr += t3 - t2;
					}
				}
				var slowest = new double[2];
				world.Reduce (new[] { tw / n, tr / n }, slowest, Op.MAX, 0);
				if (rank == 0)
					Console.WriteLine (string.Format (CultureInfo.InvariantCulture, "{0},{1:F2},{2:F2}", bytes,
						bytes * size / slowest[0] / 1e6, bytes * size / slowest[1] / 1e6));
			}
		}
		if (rank == 0)
			MPI.File.Delete (path);
		return 0;
	}
}
