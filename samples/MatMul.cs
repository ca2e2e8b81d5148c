// MatMul: master/worker matrix multiplication, the experiment of the desktop-grid MPI paper
// (../shared/reference/002: C = A x B for 1500x1500 matrices; the master hands out work and collects results
// from whichever worker finishes first).  Rank 0 is the master: it broadcasts B, sends each worker a band of
// rows of A (straight out of the double[,] with offset/count), and receives the bands of C from ANY_SOURCE in
// the order they finish.  It also multiplies serially, checks the parallel result against it and prints the
// speed-up over one rank.  With one rank there are no workers and the master does the work itself.
//
//     mpiexec -n 3 motor samples/MatMul.exe [n]        (default 1500)
using System;
using System.Diagnostics;
using System.MP;

static class MatMul
{
	const int TagWork = 1, TagResult = 2;

	// c[rows x n] = a[rows x n] * b[n x n], for the band of `rows` rows starting at row `first` of a and c.
	static void Multiply (double[,] a, double[,] b, double[,] c, int first, int rows, int n)
	{
		var row = new double[n];
		for (int i = first; i < first + rows; i++) {
			Array.Clear (row, 0, n);
			for (int k = 0; k < n; k++) {
				double x = a[i, k];
				for (int j = 0; j < n; j++)
					row[j] += x * b[k, j];
			}
			for (int j = 0; j < n; j++)
				c[i, j] = row[j];
		}
	}

	static void Band (int n, int workers, int w, out int first, out int rows)
	{
		rows = n / workers + (w < n % workers ? 1 : 0);
		first = w * (n / workers) + Math.Min (w, n % workers);
	}

	static int Main (string[] args)
	{
		int n = args.Length > 0 ? int.Parse (args[0]) : 1500;
		var world = MPI.COMM_WORLD;
		int rank = world.Get_rank (), size = world.Get_size (), workers = size - 1;
		var b = new double[n, n];
		var rng = new Random (42);

		if (rank == 0) {
			var a = new double[n, n];
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++) {
					a[i, j] = rng.NextDouble () - 0.5;
					b[i, j] = rng.NextDouble () - 0.5;
				}
			var serial = new double[n, n];
			var clock = Stopwatch.StartNew ();
			Multiply (a, b, serial, 0, n, n);
			double serialSeconds = clock.Elapsed.TotalSeconds;

			var c = new double[n, n];
			world.Barrier ();
			clock.Restart ();
			if (workers == 0) {
				Multiply (a, b, c, 0, n, n);
			} else {
				world.Bcast (b, 0);
				for (int w = 0; w < workers; w++) {
					int first, rows;
					Band (n, workers, w, out first, out rows);
					world.Send (a, first * n, rows * n, w + 1, TagWork);
				}
				// Results in the order the workers finish.
				var status = new Status ();
				for (int done = 0; done < workers; done++) {
					world.Probe (MPI.ANY_SOURCE, TagResult, status);
					int w = status.Get_source () - 1, first, rows;
					Band (n, workers, w, out first, out rows);
					world.Recv (c, first * n, rows * n, w + 1, TagResult, null);
				}
			}
			double seconds = clock.Elapsed.TotalSeconds;
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++)
					if (c[i, j] != serial[i, j]) {
						Console.Error.WriteLine ("MatMul: C[{0},{1}] = {2}, serial {3}", i, j, c[i, j], serial[i, j]);
						return 1;
					}
			Console.WriteLine ("MatMul {0}x{0}: {1} worker(s), {2:F3} s; one rank {3:F3} s; speed-up {4:F2} (result checked)",
				n, workers, seconds, serialSeconds, serialSeconds / seconds);
		} else {
			world.Barrier ();
			world.Bcast (b, 0);
			int first, rows;
			Band (n, workers, rank - 1, out first, out rows);
			// The band arrives in the first rows of a local matrix and the result leaves from the same rows.
			var a = new double[Math.Max (rows, 1), n];
			var c = new double[Math.Max (rows, 1), n];
			world.Recv (a, 0, rows * n, 0, TagWork, null);
			Multiply (a, b, c, 0, rows, n);
			world.Send (c, 0, rows * n, 0, TagResult);
		}
		return 0;
	}
}
