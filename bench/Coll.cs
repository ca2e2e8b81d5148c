// Coll.cs - the System.MP side of the collective benchmark (bench/run-coll.sh); same protocol as bench/coll-c.c.
//
//     mpiexec -n 2 motor bench/Coll.exe allreduce|bcast|userop|iallreduce|ibcast MIN MAX SCALE
//
// allreduce: Allreduce of double[] with Op.SUM; bcast: Bcast of the first bytes of one byte[]; userop: Allreduce with a user-defined
// SUM (Op.Create<double>((a, b) => a + b, true)) and with Op.SUM alternately, printing "bytes,builtin_us,user_us";
// iallreduce and ibcast: Iallreduce or Ibcast followed at once by Wait (the cost of a non-blocking collective's post,
// agreement included, and completion).
// Rank 0 prints one CSV line per size; every result is checked and a wrong one exits non-zero.
using System;
using System.MP;

static class Coll
{
	static int Iterations (long bytes, double scale)
	{
		long n = bytes <= 1024 ? 20000 : bytes <= 65536 ? 2000 : bytes <= 1048576 ? 200 : 50;
		n = (long) (n * scale);
		return n < 5 ? 5 : (int) n;
	}

	static Intracomm W { get { return MPI.COMM_WORLD; } }

	// Mean µs per operation over `iters`, after warm-up, the slowest rank's.
	static double Time (int iters, Action<int> op)
	{
		int warm = iters / 10 + 1;
		for (int it = -warm; it < 0; it++)
			op (it);
		W.Barrier ();
		double t0 = MPI.Wtime ();
		for (int it = 0; it < iters; it++)
			op (it);
		var t = new[] { MPI.Wtime () - t0 };
		var tmax = new double[1];
		W.Reduce (t, tmax, Op.MAX, 0);
		return tmax[0] / iters * 1e6;
	}

	static void Fail (string what)
	{
		Console.Error.WriteLine ("rank " + W.Rank + ": " + what);
		W.Abort (1);
	}

	static int Main (string[] args)
	{
		if (args.Length < 4) {
			Console.Error.WriteLine ("usage: Coll.exe allreduce|bcast|userop|iallreduce|ibcast MIN MAX SCALE");
			return 2;
		}
		string mode = args[0];
		long min = long.Parse (args[1]), max = long.Parse (args[2]);
		double scale = double.Parse (args[3], System.Globalization.CultureInfo.InvariantCulture);
		int rank = W.Rank, size = W.Size;
		var user = Op.Create<double> ((a, b) => a + b, true);
		// One broadcast buffer for every size, its first `bytes` broadcast, as bench/coll-c.c does with its malloc'd
		// buffer.  (A fresh byte[] per size is slower to broadcast at 64-512 KiB, C or not: README, Collective
		// benchmark.)
		bool nb = mode == "iallreduce" || mode == "ibcast";
		var buf = mode == "bcast" || mode == "ibcast" ? new byte[max] : null;
		for (long bytes = min; bytes <= max; bytes *= 2) {
			int iters = Iterations (bytes, scale);
			if (buf != null) {
				double us = Time (iters, it => {
					if (rank == 0)
						buf[bytes - 1] = (byte) it;
					if (nb)
						W.Ibcast (buf, 0, (int) bytes, 0).Wait ();
					else
						W.Bcast (buf, 0, (int) bytes, 0);
					if (buf[bytes - 1] != (byte) it)
						Fail ("wrong broadcast at " + bytes + " bytes");
				});
				if (rank == 0)
					Console.WriteLine ("{0},{1:F3}", bytes, us);
				continue;
			}
			int n = (int) (bytes / 8);
			var x = new double[n];
			var y = new double[n];
			for (int i = 0; i < n; i++)
				x[i] = rank + i;
			double expected = (double) size * (n - 1) + size * (size - 1) / 2.0;
			double builtin = nb ? Time (iters, it => W.Iallreduce (x, y, Op.SUM).Wait ()) : Time (iters, it => W.Allreduce (x, y, Op.SUM));
			if (Math.Abs (y[n - 1] - expected) > 1e-6)
				Fail ("wrong sum at " + bytes + " bytes");
			if (mode == "userop") {
				Array.Clear (y, 0, n);
				double mine = Time (iters, it => W.Allreduce (x, y, user));
				if (Math.Abs (y[n - 1] - expected) > 1e-6)
					Fail ("wrong user sum at " + bytes + " bytes");
				if (rank == 0)
					Console.WriteLine ("{0},{1:F3},{2:F3}", bytes, builtin, mine);
			} else if (rank == 0) {
				Console.WriteLine ("{0},{1:F3}", bytes, builtin);
			}
		}
		user.Free ();
		return 0;
	}
}
