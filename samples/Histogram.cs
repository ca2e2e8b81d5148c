// Histogram: a distributed histogram built with one-sided communication.  The bins are spread over the ranks
// in blocks, each rank's block exposed in a window (Win.Create over a long[]).  Every rank generates its own
// samples, counts them locally per bin, and adds its counts into the owners' blocks with Accumulate(SUM) inside
// one Lock_all epoch -- no rank has to know who sends to it or how much.  Then rank 0 gathers the blocks and
// checks them against a serial count of every rank's samples (the generators are deterministic), bin by bin.
//
//     mpiexec -n 4 motor samples/Histogram.exe [bins [samples-per-rank]]      (default 100 200000)
using System;
using System.Globalization;
using System.MP;

static class Histogram
{
	// The bins [start, start+count) that rank r of `size` owns.
	static void Part (int bins, int size, int r, out int start, out int count)
	{
		count = bins / size + (r < bins % size ? 1 : 0);
		start = r * (bins / size) + Math.Min (r, bins % size);
	}

	// Rank r's samples: a deterministic sum of two uniform values, so the histogram is a triangle.
	static void Counts (int r, int bins, int samples, long[] counts)
	{
		var rng = new Random (12345 + r);
		for (int i = 0; i < samples; i++) {
			double x = (rng.NextDouble () + rng.NextDouble ()) / 2;
			counts[Math.Min (bins - 1, (int) (x * bins))]++;
		}
	}

	static int Main (string[] args)
	{
		int bins = args.Length > 0 ? int.Parse (args[0], CultureInfo.InvariantCulture) : 100;
		int samples = args.Length > 1 ? int.Parse (args[1], CultureInfo.InvariantCulture) : 200000;
		var world = MPI.COMM_WORLD;
		int rank = world.Get_rank (), size = world.Get_size ();
		if (bins < size) {
			if (rank == 0)
				Console.Error.WriteLine ("Histogram: need at least one bin per rank");
			return 2;
		}

		int start, count;
		Part (bins, size, rank, out start, out count);
		var block = new long[count];
		var win = Win.Create (block, sizeof (long), world);

		var local = new long[bins];
		Counts (rank, bins, samples, local);

		// One passive-target epoch on every rank's block: each owner's run of bins goes in one Accumulate.
		win.Lock_all ();
		for (int owner = 0; owner < size; owner++) {
			int s, c;
			Part (bins, size, owner, out s, out c);
			win.Accumulate (local, s, c, owner, 0, Op.SUM);
		}
		win.Unlock_all ();
		world.Barrier (); // every rank's additions are complete at their targets
		win.Lock (MPI.LOCK_SHARED, rank); // and visible in this rank's own memory
		win.Unlock (rank);

		var all = new long[bins];
		var counts = new int[size];
		var displs = new int[size];
		for (int r = 0; r < size; r++)
			Part (bins, size, r, out displs[r], out counts[r]);
		world.Gatherv (block, all, counts, displs, 0);
		win.Free ();

		if (rank == 0) {
			var serial = new long[bins];
			for (int r = 0; r < size; r++)
				Counts (r, bins, samples, serial);
			int wrong = 0;
			long total = 0;
			for (int b = 0; b < bins; b++) {
				total += all[b];
				if (all[b] != serial[b])
					wrong++;
			}
			int peak = Array.IndexOf (all, Max (all));
			Console.WriteLine ("{0} samples on {1} ranks into {2} bins; peak at bin {3} ({4} samples)", total, size,
			                   bins, peak, all[peak]);
			Console.WriteLine ("bins different from the serial count: {0}", wrong);
			if (wrong != 0 || total != (long) samples * size)
				return 1;
		}
		return 0;
	}

	static long Max (long[] a)
	{
		long m = long.MinValue;
		foreach (long x in a)
			m = Math.Max (m, x);
		return m;
	}
}
