// Overhead: what System.MP itself costs per non-blocking message, with the MPI library taken out of the way.
// Run by bench/run-overhead.sh under bench/overhead-mpi.c (LD_PRELOAD), which makes MPI_Irecv, MPI_Isend,
// MPI_Send, MPI_Test and MPI_Wait on tag 77 return at once; bench/overhead-c.c is the same loop in C.
//
//     mpiexec -n 2 -env LD_PRELOAD overhead-mpi.so motor Overhead.exe [iterations [repetitions [loop]]]
//
// Rank 0 times `repetitions` runs of `iterations` x (Irecv + Send + Wait) of one byte and prints the fastest and
// the median in ns per iteration; rank 1 waits in a barrier (the peer is never contacted: tag 77 never reaches
// the library).  `loop` chooses another loop for bench/run-instructions.sh: "blocking" is Send + Recv of one
// byte on tag 77 (posted and completed at once like the Irecv), "object" is OSend + ORecv of a small object that
// rank 0 sends to itself through the real library (tag 78).
using System;
using System.Globalization;
using System.MP;

class Overhead
{
	const int Tag = 77;

	static int Main (string[] args)
	{
		int n = args.Length > 0 ? int.Parse (args[0]) : 1000000;
		int reps = args.Length > 1 ? int.Parse (args[1]) : 15;
		string loop = args.Length > 2 ? args[2] : "nonblocking";
		Intracomm world = MPI.COMM_WORLD;
		int rank = world.Get_rank (), peer = world.Get_size () > 1 ? 1 - rank : 0;
		var sbuf = new byte[16];
		var rbuf = new byte[16];
		var t = new double[reps];
		if (rank == 0) {
			for (int k = 0; k < reps; k++) {
				double t0 = MPI.Wtime ();
				if (loop == "blocking") {
					for (int i = 0; i < n; i++) {
						world.Send (sbuf, 0, 1, peer, Tag);
						world.Recv (rbuf, 0, 1, peer, Tag, null);
					}
				} else if (loop == "object") {
					object o = new int[] { 1, 2, 3, 4 };
					for (int i = 0; i < n; i++) {
						world.OSend (o, rank, Tag + 1);
						o = world.ORecv (rank, Tag + 1, null);
					}
				} else {
					for (int i = 0; i < n; i++) {
						Request r = world.Irecv (rbuf, 0, 1, peer, Tag);
						world.Send (sbuf, 0, 1, peer, Tag);
						r.Wait ();
					}
				}
				t[k] = (MPI.Wtime () - t0) / n * 1e9;
			}
			Array.Sort (t);
			Console.WriteLine (string.Format (CultureInfo.InvariantCulture, "motor,{0:F1},{1:F1}", t[0], t[reps / 2]));
		}
		world.Barrier ();
		return 0;
	}
}
