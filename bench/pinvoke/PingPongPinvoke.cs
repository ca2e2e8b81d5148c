// PingPongPinvoke: the ping-pong of samples/PingPong.cs written the way P/Invoke wrapper libraries (MPI.NET, the
// Indiana C# bindings) call MPI: [DllImport] declarations of the C functions, buffers pinned per operation.
// It runs under plain `mono`, initialises MPI itself, and is the baseline System.MP must beat.  The binding (the
// [DllImport]s and the wrapper's Send/Recv/Request) is bench/pinvoke/Native.cs, shared with LinkedListPinvoke.cs.
//
//     mpiexec -n 2 -bind-to core mono bench/pinvoke/PingPongPinvoke.exe --pin gchandle|fixed [--nonblocking] [max [scale]]
//
// --pin gchandle: GCHandle.Alloc(buffer, Pinned) and Free around every operation (MPI.NET's way; for a
//                 non-blocking receive the handle lives in the request until Wait);
// --pin fixed:    `fixed` around every call (the best a wrapper can do; blocking only).
// Prints "bytes,us" per size (us per round trip); every payload is checked and a corrupted one exits with 3.
using System;
using System.Linq;

static class PingPongPinvoke
{
	static int Iterations (long size, double scale)
	{
		long n = size <= 65536 ? 4000 : 4000L * 65536 / size; // as samples/PingPong.cs and bench/pingpong-c.c
		n = (long) (n * scale);
		return n < 10 ? 10 : (int) n;
	}

	static double Blocking (int rank, byte[] buf, int n, int warm, int timed)
	{
		int peer = 1 - rank;
		double t0 = 0;
		if (rank > 1)
			return Native.MPI_Wtime ();
		for (int i = 0; i < warm + timed; i++) {
			if (i == warm) {
				Native.MPI_Barrier (MPIConst.COMM_WORLD);
				t0 = Native.MPI_Wtime ();
			}
			if (rank == 0) {
				byte mark = (byte) i;
				buf[0] = buf[n - 1] = mark;
				Wrapper.Send (buf, 0, n, peer, 0);
				Wrapper.Recv (buf, 0, n, peer, 0);
				if (buf[0] != (byte) (mark + 1) || buf[n - 1] != (byte) (mark + 1))
					return -1;
			} else {
				Wrapper.Recv (buf, 0, n, peer, 0);
				buf[0]++;
				if (n > 1)
					buf[n - 1]++;
				Wrapper.Send (buf, 0, n, peer, 0);
			}
		}
		return t0;
	}

	static double NonBlocking (int rank, byte[] sbuf, byte[] rbuf, int n, int warm, int timed)
	{
		int peer = 1 - rank;
		double t0 = 0;
		if (rank > 1)
			return Native.MPI_Wtime ();
		var r = new Wrapper.Request (rbuf, 0, n, peer, 0);
		for (int i = 0; i < warm + timed; i++) {
			if (i == warm)
				t0 = Native.MPI_Wtime ();
			if (rank == 0) {
				byte mark = (byte) i;
				sbuf[0] = sbuf[n - 1] = mark;
				Wrapper.Send (sbuf, 0, n, peer, 0);
				r.Wait ();
				if (rbuf[0] != (byte) (mark + 1) || rbuf[n - 1] != (byte) (mark + 1))
					return -1;
				if (i + 1 < warm + timed)
					r = new Wrapper.Request (rbuf, 0, n, peer, 0);
			} else {
				r.Wait ();
				sbuf[0] = (byte) (rbuf[0] + 1);
				sbuf[n - 1] = (byte) (rbuf[n - 1] + 1);
				if (i + 1 < warm + timed)
					r = new Wrapper.Request (rbuf, 0, n, peer, 0);
				Wrapper.Send (sbuf, 0, n, peer, 0);
			}
		}
		return t0;
	}

	static int Main (string[] args)
	{
		int pinAt = Array.IndexOf (args, "--pin");
		string pin = pinAt >= 0 && pinAt + 1 < args.Length ? args[pinAt + 1] : null;
		if (pin != "gchandle" && pin != "fixed") {
			Console.Error.WriteLine ("usage: PingPongPinvoke.exe --pin gchandle|fixed [--nonblocking] [max [scale]]");
			return 2;
		}
		bool nonblocking = args.Contains ("--nonblocking");
		if (nonblocking && pin == "fixed") {
			Console.Error.WriteLine ("PingPongPinvoke: a `fixed` pin cannot outlive the call, so --nonblocking needs --pin gchandle");
			return 2;
		}
		Wrapper.UseGCHandle = pin == "gchandle";
		var rest = args.Where ((a, i) => !a.StartsWith ("--") && (i == 0 || args[i - 1] != "--pin")).ToArray ();
		long max = rest.Length > 0 ? long.Parse (rest[0]) : 4L << 20;
		double scale = rest.Length > 1 ? double.Parse (rest[1], System.Globalization.CultureInfo.InvariantCulture) : 1.0;

		int provided, rank;
		Native.MPI_Init_thread (IntPtr.Zero, IntPtr.Zero, MPIConst.THREAD_MULTIPLE, out provided);
		Native.MPI_Comm_rank (MPIConst.COMM_WORLD, out rank);
		var sbuf = new byte[max];
		var rbuf = new byte[max];
		for (long size = 1; size <= max; size *= 2) {
			int timed = Iterations (size, scale), warm = timed / 10 + 5;
			double t0 = nonblocking ? NonBlocking (rank, sbuf, rbuf, (int) size, warm, timed)
			                        : Blocking (rank, sbuf, (int) size, warm, timed);
			if (t0 < 0) {
				Console.Error.WriteLine ("PingPongPinvoke: corrupted payload at size " + size);
				Native.MPI_Abort (MPIConst.COMM_WORLD, 3);
			}
			double us = (Native.MPI_Wtime () - t0) / timed * 1e6;
			if (rank == 0)
				Console.WriteLine (string.Format (System.Globalization.CultureInfo.InvariantCulture, "{0},{1:F4}", size, us));
		}
		Native.MPI_Finalize ();
		return 0;
	}
}
