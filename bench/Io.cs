// Io: the System.MP side of the parallel I/O benchmark (bench/run-io.sh): every rank writes a block of `bytes`
// bytes at offset rank * bytes of one shared file with MPI.File.Write_at_all, straight out of a byte[], then reads
// it back with Read_at_all, for every power-of-two block size from MIN to MAX bytes.  Prints one CSV line
// "bytes,write_MBps,read_MBps" per size on rank 0: the aggregate bandwidth (all ranks' bytes over the slowest
// rank's time, mean of the iterations after warm-up, measured between barriers).  The same protocol as
// bench/io-c.c: a block is copied from one of two patterns made beforehand and checked after it is read back
// (wholly in the warm-up and the last iteration, every 4,093rd byte in the others); a wrong one exits non-zero.  The file is deleted at the end.  Both
// blocks start on a page boundary, as in io-c.c (copying between the page cache and a buffer runs at speeds that
// depend on where in a page the buffer starts): each is an offset into a large-object byte[] (which the collector
// never moves) chosen so that it does.
//
//     mpiexec -n 2 motor bench/Io.exe FILE MIN MAX SCALE
using System;
using System.Globalization;
using System.Runtime.InteropServices;
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

	// The value of byte i of rank r's block in pattern k, 0 or 1 (same in io-c.c).
	static byte Value (int r, long i, int k) { return (byte) (r * 31 + i * 7 + k); }

	// Whether `bytes` elements of a from a0 and of b from b0 agree: every one when `full`, else every 4,093rd and
	// the last (same in io-c.c).
	static bool Same (byte[] a, int a0, byte[] b, int b0, int bytes, bool full)
	{
		int step = full ? 1 : 4093;
		for (int i = 0; i < bytes; i += step)
			if (a[a0 + i] != b[b0 + i])
				return false;
		return a[a0 + bytes - 1] == b[b0 + bytes - 1];
	}

	// The index of the first element of `a` that lies on a page boundary.
	static int PageStart (byte[] a)
	{
		var h = GCHandle.Alloc (a, GCHandleType.Pinned);
		long addr = h.AddrOfPinnedObject ().ToInt64 ();
		h.Free ();
		return (int) ((4096 - addr % 4096) % 4096);
	}

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
		var wbuf = new byte[max + 4096];
		var rbuf = new byte[max + 4096];
		int w0 = PageStart (wbuf), r0 = PageStart (rbuf);
		var pattern = new[] { new byte[max], new byte[max] };
		for (long i = 0; i < max; i++) {
			pattern[0][i] = Value (rank, i, 0);
			pattern[1][i] = Value (rank, i, 1);
		}
		using (var f = MPI.File.Open (world, path, MPI.MODE_CREATE | MPI.MODE_RDWR)) {
			for (long bytes = min; bytes <= max; bytes *= 2) {
				int n = Iterations (bytes, scale), count = (int) bytes;
				double tw = 0, tr = 0;
				long at = rank * bytes;
				for (int k = -1; k < n; k++) { // k = -1: warm-up
					Buffer.BlockCopy (pattern[k & 1], 0, wbuf, w0, count);
					world.Barrier ();
					double t0 = MPI.Wtime ();
					f.Write_at_all (at, wbuf, w0, count);
					double t1 = MPI.Wtime ();
					world.Barrier ();
					Array.Clear (rbuf, r0, count);
					double t2 = MPI.Wtime ();
					int got = f.Read_at_all (at, rbuf, r0, count);
					double t3 = MPI.Wtime ();
					if (got != count) {
						Console.Error.WriteLine ("Io: rank {0} read {1} of {2} bytes", rank, got, bytes);
						return 1;
					}
					if (!Same (rbuf, r0, wbuf, w0, count, k < 0 || k == n - 1)) {
						Console.Error.WriteLine ("Io: rank {0} read back a wrong block of {1} bytes", rank, bytes);
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
