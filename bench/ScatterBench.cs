// ScatterBench: OScatter of 1,000,000 small objects from rank 0 over all ranks, against OSend of the same
// objects to one rank (the target: the scatter within 2x of the send).  Both times run from just before
// the operation on rank 0 until every rank holds its objects (a barrier after the receive), so both include
// serialisation, transfer and deserialisation.  Repetitions alternate the two; prints one CSV line per repetition
// "rep,scatter_ms,send_ms" and checks every received object.
//
//     mpiexec -n 4 -bind-to core motor bench/ScatterBench.exe [objects [reps]]
using System;
using System.Globalization;
using System.MP;

[Transportable]
public class Particle
{
	public double X, Y, Z;
	public int Id;
}

public static class ScatterBench
{
	static int Main (string[] args)
	{
		int n = args.Length > 0 ? int.Parse (args[0]) : 1000000;
		int reps = args.Length > 1 ? int.Parse (args[1]) : 5;
		Intracomm world = MPI.COMM_WORLD;
		int rank = world.Get_rank (), size = world.Get_size ();
		Particle[] all = null;
		if (rank == 0) {
			all = new Particle[n];
			for (int i = 0; i < n; i++)
				all[i] = new Particle { X = i, Y = -i, Z = 0.5 * i, Id = i };
		}
		int bad = 0;
		for (int rep = 0; rep <= reps; rep++) {
			double scatter = 0, send = 0;
			for (int pass = 0; pass < 2; pass++) {
				bool doScatter = (pass == 0) == (rep % 2 == 0);
				world.Barrier ();
				double t0 = MPI.Wtime ();
				if (doScatter) {
					var part = (Particle[]) world.OScatter (all, 0);
					int start = 0;
					for (int r = 0; r < rank; r++)
						start += n / size + (r < n % size ? 1 : 0);
					for (int i = 0; i < part.Length; i += 997)
						if (part[i].Id != start + i)
							bad++;
				} else if (rank == 0) {
					world.OSend (all, 1, 0);
				} else if (rank == 1) {
					var got = (Particle[]) world.ORecv (0, 0, null);
					for (int i = 0; i < got.Length; i += 997)
						if (got[i].Id != i)
							bad++;
				}
				world.Barrier ();
				double ms = (MPI.Wtime () - t0) * 1e3;
				if (doScatter)
					scatter = ms;
				else
					send = ms;
				GC.Collect ();
			}
			if (rep > 0 && rank == 0) // repetition 0 warms up
				Console.WriteLine (string.Format (CultureInfo.InvariantCulture, "{0},{1:F2},{2:F2}", rep, scatter, send));
		}
		if (bad > 0) {
			Console.Error.WriteLine ("ScatterBench: " + bad + " wrong objects on rank " + rank);
			return 3;
		}
		return 0;
	}
}
