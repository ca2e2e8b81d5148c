// Halo.cs - the halo-exchange benchmark (bench/run-halo.sh): a 1-D ring in which every rank exchanges a block of
// doubles with its left and right neighbours each iteration, timed in two variants in the same process.
//
//     mpiexec -n NP motor bench/Halo.exe MIN MAX ROUNDS SCALE
//
// isend:      Irecv from both neighbours and Isend to both, posted anew every iteration, then Request.Waitall.
// persistent: the same four operations made once per block size (Recv_init, Send_init) and started every
//             iteration with Prequest.Startall, then Request.Waitall.
// For every power-of-two block size from MIN to MAX bytes (multiples of 8), ROUNDS rounds; each round times both
// variants back to back, alternating which goes first, so drift and the machine's load fall on both alike.  Rank 0
// prints one line per round: "bytes,round,isend_us,persistent_us", the slowest rank's mean time per iteration.
//
// Checking: every iteration stamps the first and last element of each outgoing block with a number that names the
// sender, the direction and the iteration, and checks the stamps of both incoming blocks after Waitall.  The
// receive buffers are cleared (NaN) at the start of every round, and the last iteration of each round checks every
// element.  A wrong value exits non-zero (Abort), so a wrong result fails the run.
using System;
using System.MP;

static class Halo
{
	const int ToRight = 0, ToLeft = 1; // the tag is the direction of travel

	static Intracomm W { get { return MPI.COMM_WORLD; } }

	static int rank, left, right;
	static double[] sendR, sendL, recvL, recvR;
	static long seq; // iterations so far, the same on every rank (all ranks run the same sequence)

	static int Iterations (long bytes, double scale)
	{
		long n = bytes <= 1024 ? 20000 : bytes <= 16384 ? 5000 : 2000;
		n = (long) (n * scale);
		return n < 5 ? 5 : (int) n;
	}

	// The stamp of iteration `s`'s block from `sender` in direction `dir`: an integer below 2^53, exact in a double.
	static double Stamp (int sender, int dir, long s)
	{
		return (double) (((long) sender << 32) + s * 2 + dir);
	}

	// The element i of every block from `sender` in direction `dir`, apart from the stamped first and last.
	static double Pattern (int sender, int dir, int i)
	{
		return sender * 1e6 + dir * 5e5 + i;
	}

	static void Fail (string what)
	{
		Console.Error.WriteLine ("rank " + rank + ": " + what);
		W.Abort (1);
	}

	// Stamps the outgoing blocks of the next iteration.
	static void Prepare (int n)
	{
		sendR[0] = sendR[n - 1] = Stamp (rank, ToRight, seq);
		sendL[0] = sendL[n - 1] = Stamp (rank, ToLeft, seq);
	}

	// Checks the blocks just received: the stamps always, every element if `full`.
	static void Check (int n, bool full, string variant)
	{
		// From the left neighbour, travelling right; from the right neighbour, travelling left.
		double l = Stamp (left, ToRight, seq), r = Stamp (right, ToLeft, seq);
		if (recvL[0] != l || recvL[n - 1] != l || recvR[0] != r || recvR[n - 1] != r)
			Fail (variant + ": wrong stamp at " + n * 8 + " bytes, iteration " + seq + ": got " + recvL[0] + "/" +
				recvL[n - 1] + " from the left and " + recvR[0] + "/" + recvR[n - 1] + " from the right, expected " +
				l + " and " + r);
		if (full)
			for (int i = 1; i < n - 1; i++)
				if (recvL[i] != Pattern (left, ToRight, i) || recvR[i] != Pattern (right, ToLeft, i))
					Fail (variant + ": wrong element " + i + " at " + n * 8 + " bytes: got " + recvL[i] + " from the " +
						"left and " + recvR[i] + " from the right, expected " + Pattern (left, ToRight, i) + " and " +
						Pattern (right, ToLeft, i));
		seq++;
	}

	// Runs a tenth of `iters` iterations of one variant as warm-up, then `iters` timed ones; returns the slowest rank's
	// mean µs per timed iteration.  `exchange` posts and completes one exchange of n doubles.
	static double Time (int n, int iters, string variant, Action exchange)
	{
		for (int i = 0; i < n; i++)
			recvL[i] = recvR[i] = double.NaN;
		for (int it = 0; it < iters / 10 + 1; it++) {
			Prepare (n);
			exchange ();
			Check (n, false, variant);
		}
		W.Barrier ();
		double t0 = MPI.Wtime ();
		for (int it = 0; it < iters; it++) {
			Prepare (n);
			exchange ();
			Check (n, it == iters - 1, variant);
		}
		var t = new[] { MPI.Wtime () - t0 };
		var tmax = new double[1];
		W.Reduce (t, tmax, Op.MAX, 0);
		return tmax[0] / iters * 1e6;
	}

	static int Main (string[] args)
	{
		if (args.Length < 4) {
			Console.Error.WriteLine ("usage: Halo.exe MIN MAX ROUNDS SCALE");
			return 2;
		}
		long min = long.Parse (args[0]), max = long.Parse (args[1]);
		int rounds = int.Parse (args[2]);
		double scale = double.Parse (args[3], System.Globalization.CultureInfo.InvariantCulture);
		if (min < 8 || min % 8 != 0 || max < min || rounds < 1) {
			Console.Error.WriteLine ("Halo.exe: MIN must be a multiple of 8 bytes, MAX >= MIN, ROUNDS >= 1");
			return 2;
		}
		rank = W.Rank;
		int size = W.Size;
		left = (rank + size - 1) % size;
		right = (rank + 1) % size;
		// One buffer per direction for every size, its first n elements exchanged, as Coll.cs reuses its broadcast
		// buffer: the pages stay the same from size to size and from variant to variant.
		int maxn = (int) (max / 8);
		sendR = new double[maxn];
		sendL = new double[maxn];
		recvL = new double[maxn];
		recvR = new double[maxn];
		for (int i = 0; i < maxn; i++) {
			sendR[i] = Pattern (rank, ToRight, i);
			sendL[i] = Pattern (rank, ToLeft, i);
		}
		var reqs = new Request[4];
		for (long bytes = min; bytes <= max; bytes *= 2) {
			int n = (int) (bytes / 8), iters = Iterations (bytes, scale);
			// Receives first, in the same order in both variants.
			var pers = new[] {
				W.Recv_init (recvL, 0, n, left, ToRight),
				W.Recv_init (recvR, 0, n, right, ToLeft),
				W.Send_init (sendR, 0, n, right, ToRight),
				W.Send_init (sendL, 0, n, left, ToLeft),
			};
			Action isend = () => {
				reqs[0] = W.Irecv (recvL, 0, n, left, ToRight);
				reqs[1] = W.Irecv (recvR, 0, n, right, ToLeft);
				reqs[2] = W.Isend (sendR, 0, n, right, ToRight);
				reqs[3] = W.Isend (sendL, 0, n, left, ToLeft);
				Request.Waitall (reqs);
			};
			Action persistent = () => {
				Prequest.Startall (pers);
				Request.Waitall (pers);
			};
			for (int round = 1; round <= rounds; round++) {
				double a, b;
				if (round % 2 == 1) {
					a = Time (n, iters, "isend", isend);
					b = Time (n, iters, "persistent", persistent);
				} else {
					b = Time (n, iters, "persistent", persistent);
					a = Time (n, iters, "isend", isend);
				}
				if (rank == 0)
					Console.WriteLine ("{0},{1},{2:F3},{3:F3}", bytes, round, a, b);
			}
			foreach (var p in pers)
				p.Free ();
			// Put the pattern back where this size's stamps were: those are interior elements of the larger blocks.
			sendR[n - 1] = Pattern (rank, ToRight, n - 1);
			sendL[n - 1] = Pattern (rank, ToLeft, n - 1);
			sendR[0] = Pattern (rank, ToRight, 0);
			sendL[0] = Pattern (rank, ToLeft, 0);
		}
		return 0;
	}
}
