// Heat2D: steady-state heat diffusion on a square plate by Jacobi iteration, decomposed over a 2-D Cartesian
// communicator.  Each rank holds its block of the grid in a double[,] with a one-cell halo; every iteration
// exchanges halos with its four neighbours (rows travel straight out of the double[,] with offset/count, columns
// through a Layout: one element of every row) and every 10 iterations an Allreduce(MAX) of the largest change
// decides convergence.
// At the end rank 0 gathers the blocks and checks them against a serial run of the same grid: the arithmetic is
// the same cell by cell, so the two must agree exactly.
//
// Checkpoint and restart with collective MPI-IO: at iteration `checkpoint` (default half the maximum) every rank
// writes its block into one file holding the n x n grid row by row (Write_at_all, each row straight out of the
// double[,] with offset/count); when the run ends, the ranks read the checkpoint back into fresh arrays
// (Read_at_all), run again from that iteration, and check that the restarted run ends bit for bit where the
// first one did.
//
//     mpiexec -n 4 motor samples/Heat2D.exe [n [max-iterations [tolerance [checkpoint [file]]]]]
//                                                      (default 120 5000 1e-3 max-iterations/2 /tmp/heat2d-PID.ckpt)
//
// The plate's top edge is held at 100 degrees, the other edges at 0.
using System;
using System.Diagnostics;
using System.Globalization;
using System.MP;

static class Heat2D
{
	const int Tag = 1;

	// The range of global rows (or columns) [start, start+count) owned by coordinate c of d parts of n.
	static void Part (int n, int d, int c, out int start, out int count)
	{
		count = n / d + (c < n % d ? 1 : 0);
		start = c * (n / d) + Math.Min (c, n % d);
	}

	// One Jacobi sweep over the interior of u (halo included in the array), into v; returns the largest change.
	static double Sweep (double[,] u, double[,] v, int rows, int cols)
	{
		double diff = 0;
		for (int i = 1; i <= rows; i++)
			for (int j = 1; j <= cols; j++) {
				double x = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1]);
				double d = Math.Abs (x - u[i, j]);
				if (d > diff)
					diff = d;
				v[i, j] = x;
			}
		return diff;
	}

	// The fixed boundary: cells of the halo that lie outside the plate.  Row -1 (the top edge) is hot.
	static void Boundary (double[,] u, int r0, int rows, int c0, int cols, int n)
	{
		for (int j = 0; j <= cols + 1; j++) {
			if (r0 == 0) u[0, j] = 100.0;
			if (r0 + rows == n) u[rows + 1, j] = 0.0;
		}
		for (int i = 1; i <= rows; i++) {
			if (c0 == 0) u[i, 0] = 0.0;
			if (c0 + cols == n) u[i, cols + 1] = 0.0;
		}
	}

	sealed class Grid
	{
		internal Cartcomm Cart;
		internal int N, R0, Rows, C0, Cols, Up, Down, Left, Right;
	}

	// Jacobi iterations from iteration `iter` until `maxIter` or convergence (checked every 10 iterations);
	// returns the iteration reached.  u holds the result.
	static int Iterate (Grid g, ref double[,] u, ref double[,] v, int iter, int maxIter, double tol, out double change)
	{
		var cart = g.Cart;
		int rows = g.Rows, cols = g.Cols, w = cols + 2;
		var column = Layout.Vector (rows, 1, w); // one element of each interior row
		var local = new double[1];
		var global = new double[1];
		change = double.MaxValue;
		while (iter < maxIter) {
			// Halo rows: row 1 goes up while row rows+1 comes from below, and the other way round.
			cart.Sendrecv (u, 1 * w, w, g.Up, Tag, u, (rows + 1) * w, w, g.Down, Tag, null);
			cart.Sendrecv (u, rows * w, w, g.Down, Tag, u, 0, w, g.Up, Tag, null);
			// Halo columns, straight out of and into the double[,]: column 1 goes left while column cols+1 comes
			// from the right, and the other way round.  (From PROC_NULL nothing arrives: the column stays.)
			cart.Sendrecv (u, w + 1, column, g.Left, Tag, u, w + cols + 1, column, g.Right, Tag, null);
			cart.Sendrecv (u, w + cols, column, g.Right, Tag, u, w, column, g.Left, Tag, null);
			local[0] = Sweep (u, v, rows, cols);
			var t = u; u = v; v = t;
			iter++;
			if (iter % 10 == 0) {
				cart.Allreduce (local, global, Op.MAX);
				change = global[0];
				if (change < tol)
					break;
			}
		}
		return iter;
	}

	// The checkpoint file: the iteration (a long) and n (a long), then the n x n grid of doubles row by row.
	const int HeaderBytes = 16;

	// Every rank writes its rows of the grid where they belong in the file, one collective Write_at_all per row
	// (ranks with fewer rows than others take part in the extra calls with nothing), straight out of u.
	static void Checkpoint (Grid g, double[,] u, int iter, string path)
	{
		int w = g.Cols + 2;
		var most = new int[1];
		g.Cart.Allreduce (new[] { g.Rows }, most, Op.MAX);
		using (var f = MPI.File.Open (g.Cart, path, MPI.MODE_CREATE | MPI.MODE_WRONLY)) {
			f.Set_size (0);
			f.Write_at_all (0, new long[] { iter, g.N }, 0, g.Cart.Get_rank () == 0 ? 2 : 0);
			for (int i = 0; i < most[0]; i++) {
				long at = HeaderBytes + ((long) (g.R0 + i) * g.N + g.C0) * sizeof (double);
				if (i < g.Rows)
					f.Write_at_all (at, u, (i + 1) * w + 1, g.Cols);
				else
					f.Write_at_all (HeaderBytes, u, 0, 0);
			}
		}
	}

	// Reads the checkpoint back into u (whose boundary is set): every rank its own rows, collectively; returns the
	// iteration it was taken at.  The file is deleted when closed.
	static int Restart (Grid g, double[,] u, string path)
	{
		int w = g.Cols + 2;
		var most = new int[1];
		g.Cart.Allreduce (new[] { g.Rows }, most, Op.MAX);
		using (var f = MPI.File.Open (g.Cart, path, MPI.MODE_RDONLY | MPI.MODE_DELETE_ON_CLOSE)) {
			var header = new long[2];
			if (f.Read_at_all (0, header) != 2 || header[1] != g.N)
				throw new InvalidOperationException ("Heat2D: " + path + " is not a checkpoint of a " + g.N + "x" + g.N + " grid");
			for (int i = 0; i < most[0]; i++) {
				long at = HeaderBytes + ((long) (g.R0 + i) * g.N + g.C0) * sizeof (double);
				if (i < g.Rows) {
					if (f.Read_at_all (at, u, (i + 1) * w + 1, g.Cols) != g.Cols)
						throw new InvalidOperationException ("Heat2D: " + path + " ends inside row " + (g.R0 + i));
				} else {
					f.Read_at_all (HeaderBytes, u, 0, 0);
				}
			}
			return (int) header[0];
		}
	}

	static int Main (string[] args)
	{
		int n = args.Length > 0 ? int.Parse (args[0]) : 120;
		int maxIter = args.Length > 1 ? int.Parse (args[1]) : 5000;
		double tol = args.Length > 2 ? double.Parse (args[2], CultureInfo.InvariantCulture) : 1e-3;
		int checkpointAt = args.Length > 3 ? int.Parse (args[3]) : maxIter / 2;
		var world = MPI.COMM_WORLD;
		int size = world.Get_size ();
		var pid = new[] { Process.GetCurrentProcess ().Id };
		world.Bcast (pid, 0);
		string path = args.Length > 4 ? args[4] : "/tmp/heat2d-" + pid[0] + ".ckpt";

		var dims = new int[2];
		Intracomm.Dims_create (size, dims);
		if (dims[0] > n || dims[1] > n) {
			if (world.Get_rank () == 0)
				Console.Error.WriteLine ("Heat2D: a {0}x{0} grid cannot be split over {1}x{2} ranks", n, dims[0], dims[1]);
			return 2;
		}
		var cart = world.Create_cart (dims, new[] { false, false }, true);
		int rank = cart.Get_rank ();
		var coords = cart.Coords;
		int r0, rows, c0, cols;
		Part (n, dims[0], coords[0], out r0, out rows);
		Part (n, dims[1], coords[1], out c0, out cols);
		int up, down, left, right;
		cart.Shift (0, 1, out up, out down);
		cart.Shift (1, 1, out left, out right);

		var g = new Grid { Cart = cart, N = n, R0 = r0, Rows = rows, C0 = c0, Cols = cols, Up = up, Down = down,
			Left = left, Right = right };
		var u = new double[rows + 2, cols + 2];
		var v = new double[rows + 2, cols + 2];
		Boundary (u, r0, rows, c0, cols, n);
		Boundary (v, r0, rows, c0, cols, n);

		var clock = Stopwatch.StartNew ();
		double change;
		int iter = Iterate (g, ref u, ref v, 0, Math.Min (checkpointAt, maxIter), tol, out change);
		int saved = iter;
		bool converged = change < tol;
		Checkpoint (g, u, iter, path);
		if (!converged)
			iter = Iterate (g, ref u, ref v, iter, maxIter, tol, out change);
		double seconds = clock.Elapsed.TotalSeconds;

		// The restart: fresh arrays from the checkpoint, the same iterations again.
		var ru = new double[rows + 2, cols + 2];
		var rv = new double[rows + 2, cols + 2];
		Boundary (ru, r0, rows, c0, cols, n);
		Boundary (rv, r0, rows, c0, cols, n);
		int from = Restart (g, ru, path);
		double rchange = change;
		int riter = converged ? from : Iterate (g, ref ru, ref rv, from, maxIter, tol, out rchange);
		var diff = new[] { from != saved || riter != iter ? 1 : 0 };
		for (int i = 1; i <= rows; i++)
			for (int j = 1; j <= cols; j++)
				if (BitConverter.DoubleToInt64Bits (ru[i, j]) != BitConverter.DoubleToInt64Bits (u[i, j]))
					diff[0]++;
		var diffs = new int[1];
		cart.Allreduce (diff, diffs, Op.SUM);


		// Gather the interior blocks at rank 0 (block origin and extent first, then the rows).
		double[,] whole = rank == 0 ? new double[n, n] : null;
		var block = new double[rows * cols];
		for (int i = 0; i < rows; i++)
			for (int j = 0; j < cols; j++)
				block[i * cols + j] = u[i + 1, j + 1];
		if (rank != 0) {
			cart.Send (new[] { r0, rows, c0, cols }, 0, Tag + 1);
			cart.Send (block, 0, Tag + 2);
		} else {
			for (int src = 0; src < size; src++) {
				int[] h = src == 0 ? new[] { r0, rows, c0, cols } : new int[4];
				double[] b = block;
				if (src != 0) {
					cart.Recv (h, src, Tag + 1, null);
					b = new double[h[1] * h[3]];
					cart.Recv (b, src, Tag + 2, null);
				}
				for (int i = 0; i < h[1]; i++)
					for (int j = 0; j < h[3]; j++)
						whole[h[0] + i, h[2] + j] = b[i * h[3] + j];
			}

			// The serial run of the same grid for the same number of iterations.
			var su = new double[n + 2, n + 2];
			var sv = new double[n + 2, n + 2];
			Boundary (su, 0, n, 0, n, n);
			Boundary (sv, 0, n, 0, n, n);
			var serialClock = Stopwatch.StartNew ();
			for (int k = 0; k < iter; k++) {
				Sweep (su, sv, n, n);
				var t = su; su = sv; sv = t;
			}
			double serialSeconds = serialClock.Elapsed.TotalSeconds;
			double worst = 0;
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++)
					worst = Math.Max (worst, Math.Abs (whole[i, j] - su[i + 1, j + 1]));
			Console.WriteLine ("Heat2D {0}x{0} on {1} rank(s) ({2}x{3} grid): {4} iterations, last change {5:E2}, {6:F3} s (serial {7:F3} s, speed-up {8:F2})",
				n, size, dims[0], dims[1], iter, change, seconds, serialSeconds, serialSeconds / seconds);
			Console.WriteLine ("checkpoint at iteration {0} ({1}), restarted: {2} cells differ from the first run", saved, path, diffs[0]);
			Console.WriteLine ("centre temperature {0:F4}; largest difference from the serial run: {1}", whole[n / 2, n / 2], worst);
			if (diffs[0] != 0) {
				Console.Error.WriteLine ("Heat2D: the run restarted from the checkpoint differs from the first run");
				return 1;
			}
			if (worst != 0) {
				Console.Error.WriteLine ("Heat2D: the parallel result differs from the serial run");
				return 1;
			}
		}
		cart.Free ();
		return 0;
	}
}
