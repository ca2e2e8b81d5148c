// Heat2D: steady-state heat diffusion on a square plate by Jacobi iteration, decomposed over a 2-D Cartesian
// communicator.  Each rank holds its block of the grid in a double[,] with a one-cell halo; every iteration
// exchanges halos with its four neighbours (rows travel straight out of the double[,] with offset/count,
// columns are packed) and every 10 iterations an Allreduce(MAX) of the largest change decides convergence.
// At the end rank 0 gathers the blocks and checks them against a serial run of the same grid: the arithmetic is
// the same cell by cell, so the two must agree exactly.
//
//     mpiexec -n 4 motor samples/Heat2D.exe [n [max-iterations [tolerance]]]      (default 120 5000 1e-3)
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

	static int Main (string[] args)
	{
		int n = args.Length > 0 ? int.Parse (args[0]) : 120;
		int maxIter = args.Length > 1 ? int.Parse (args[1]) : 5000;
		double tol = args.Length > 2 ? double.Parse (args[2], CultureInfo.InvariantCulture) : 1e-3;
		var world = MPI.COMM_WORLD;
		int size = world.Get_size ();

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

		var u = new double[rows + 2, cols + 2];
		var v = new double[rows + 2, cols + 2];
		Boundary (u, r0, rows, c0, cols, n);
		Boundary (v, r0, rows, c0, cols, n);
		var sendL = new double[rows];
		var sendR = new double[rows];
		var recvL = new double[rows];
		var recvR = new double[rows];
		var local = new double[1];
		var global = new double[1];
		int w = cols + 2;

		var clock = Stopwatch.StartNew ();
		int iter = 0;
		double change = double.MaxValue;
		while (iter < maxIter) {
			// Halo rows: row 1 goes up while row rows+1 comes from below, and the other way round.
			cart.Sendrecv (u, 1 * w, w, up, Tag, u, (rows + 1) * w, w, down, Tag, null);
			cart.Sendrecv (u, rows * w, w, down, Tag, u, 0, w, up, Tag, null);
			// Halo columns: packed, exchanged, unpacked.
			for (int i = 0; i < rows; i++) {
				sendL[i] = u[i + 1, 1];
				sendR[i] = u[i + 1, cols];
			}
			cart.Sendrecv (sendL, left, Tag, recvR, right, Tag, null);
			cart.Sendrecv (sendR, right, Tag, recvL, left, Tag, null);
			for (int i = 0; i < rows; i++) {
				if (left != MPI.PROC_NULL) u[i + 1, 0] = recvL[i];
				if (right != MPI.PROC_NULL) u[i + 1, cols + 1] = recvR[i];
			}
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
		double seconds = clock.Elapsed.TotalSeconds;

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
			Console.WriteLine ("centre temperature {0:F4}; largest difference from the serial run: {1}", whole[n / 2, n / 2], worst);
			if (worst != 0) {
				Console.Error.WriteLine ("Heat2D: the parallel result differs from the serial run");
				return 1;
			}
		}
		cart.Free ();
		return 0;
	}
}
