// BcastPinvoke: MPI_Bcast called through P/Invoke from plain `mono`, the protocol of bench/coll-c.c (bcast mode)
// and bench/Coll.cs.  It separates what the Mono process costs from what System.MP's binding costs: with
// --memory native the buffer is native memory (Marshal.AllocHGlobal, as malloc'd as the C program's), with
// --memory managed it is a byte[] pinned with `fixed` for the whole run.
//
//     mpiexec -n 2 -bind-to core mono bench/pinvoke/BcastPinvoke.exe --memory native|managed MIN MAX SCALE
//     mpiexec -n 2 -bind-to core motor bench/pinvoke/BcastPinvoke.exe ...   (the same calls in Motor's process)
//
// Prints "bytes,us" per size: the slowest rank's mean µs per broadcast.  Every broadcast is checked.
using System;
using System.Runtime.InteropServices;

static unsafe class BcastPinvoke
{
	[DllImport (MPIConst.Library)] static extern int MPI_Bcast (IntPtr buf, int count, int type, int root, int comm);
	[DllImport (MPIConst.Library)] static extern int MPI_Reduce (double* s, double* r, int count, int type, int op, int root, int comm);

	static int Iterations (long bytes, double scale) // as bench/coll-c.c
	{
		long n = bytes <= 1024 ? 20000 : bytes <= 65536 ? 2000 : bytes <= 1048576 ? 200 : 50;
		n = (long) (n * scale);
		return n < 5 ? 5 : (int) n;
	}

	static int Main (string[] args)
	{
		if (args.Length != 5 || args[0] != "--memory" || (args[1] != "native" && args[1] != "managed")) {
			Console.Error.WriteLine ("usage: BcastPinvoke.exe --memory native|managed MIN MAX SCALE");
			return 2;
		}
		bool native = args[1] == "native";
		long min = long.Parse (args[2]), max = long.Parse (args[3]);
		double scale = double.Parse (args[4], System.Globalization.CultureInfo.InvariantCulture);
		int provided, rank;
		// Under motor, MPI is initialised already (and finalised by it): the same P/Invoke calls then run inside
		// Motor's process, which separates the process from System.MP's binding.
		int initialized;
		Native.MPI_Initialized (out initialized);
		if (initialized == 0)
			Native.MPI_Init_thread (IntPtr.Zero, IntPtr.Zero, MPIConst.THREAD_MULTIPLE, out provided);
		Native.MPI_Comm_rank (MPIConst.COMM_WORLD, out rank);
		var managed = new byte[max];
		IntPtr nbuf = Marshal.AllocHGlobal ((IntPtr) max);
		fixed (byte* m = managed) {
			byte* a = native ? (byte*) nbuf : m;
			for (long bytes = min; bytes <= max; bytes *= 2) {
				int iters = Iterations (bytes, scale), warm = iters / 10 + 1;
				double t0 = 0;
				for (int it = -warm; it < iters; it++) {
					if (it == 0) {
						Native.MPI_Barrier (MPIConst.COMM_WORLD);
						t0 = Native.MPI_Wtime ();
					}
					if (rank == 0)
						a[bytes - 1] = (byte) it;
					MPI_Bcast ((IntPtr) a, (int) bytes, MPIConst.BYTE, 0, MPIConst.COMM_WORLD);
					if (a[bytes - 1] != (byte) it) {
						Console.Error.WriteLine ("rank {0}: wrong broadcast at {1} bytes", rank, bytes);
						Native.MPI_Abort (MPIConst.COMM_WORLD, 1);
					}
				}
				double t = Native.MPI_Wtime () - t0, tmax = 0;
				MPI_Reduce (&t, &tmax, 1, MPIConst.DOUBLE, MPIConst.MAX, 0, MPIConst.COMM_WORLD);
				if (rank == 0)
					Console.WriteLine ("{0},{1:F3}", bytes, tmax / iters * 1e6);
			}
		}
		Marshal.FreeHGlobal (nbuf);
		if (initialized == 0)
			Native.MPI_Finalize ();
		return 0;
	}
}
