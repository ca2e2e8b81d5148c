// SmallColl.cs - small collectives in a loop: what a latency-bound program pays per call (doc/benchmarks.md, (e1)).
//
//     mcs -r:System.MP.dll -out:SmallColl.exe bench/SmallColl.cs
//     mpiexec -n 2 -bind-to core motor SmallColl.exe [calls]
//
// Rank 0 prints, for three passes, the mean µs per call of Allreduce of 1 and 4 doubles, Reduce of 1 double, Bcast
// of 1, 48 and 4,096 bytes, Gather of 1 int and Barrier (default 50,000 calls each).  To compare two builds, run
// their motor executables in turn, several times, and take the medians.
using System;
using System.Diagnostics;
using System.MP;
public static class SmallColl {
	public static int Main (string[] args) {
		var w = MPI.COMM_WORLD;
		int n = args.Length > 0 ? int.Parse (args[0]) : 50000;
		var d1 = new double[1]; var r1 = new double[1];
		var d4 = new double[4]; var r4 = new double[4];
		var b1 = new byte[1]; var b48 = new byte[48]; var b4k = new byte[4096];
		var ga = new int[1]; var gr = new int[w.Get_size ()];
		for (int rep = 0; rep < 3; rep++) {
			string line = "";
			Action<string, Action> time = (name, f) => {
				w.Barrier ();
				var sw = Stopwatch.StartNew ();
				for (int i = 0; i < n; i++) f ();
				double us = sw.Elapsed.TotalMilliseconds * 1000 / n;
				line += string.Format ("{0} {1:F3}  ", name, us);
			};
			time ("allreduce1", () => w.Allreduce (d1, r1, Op.SUM));
			time ("allreduce4", () => w.Allreduce (d4, r4, Op.SUM));
			time ("reduce1", () => w.Reduce (d1, r1, Op.SUM, 0));
			time ("bcast1", () => w.Bcast (b1, 0));
			time ("bcast48", () => w.Bcast (b48, 0));
			time ("bcast4k", () => w.Bcast (b4k, 0));
			time ("gather1", () => w.Gather (ga, gr, 0));
			time ("barrier", () => w.Barrier ());
			if (w.Get_rank () == 0) Console.WriteLine (line);
		}
		return 0;
	}
}
