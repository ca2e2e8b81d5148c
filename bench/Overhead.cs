// Overhead: what System.MP itself costs per non-blocking message, with the MPI library taken out of the way.
// Run by bench/run-overhead.sh under bench/overhead-mpi.c (LD_PRELOAD), which makes MPI_Irecv, MPI_Isend,
// MPI_Send, MPI_Test and MPI_Wait on tag 77 return at once; bench/overhead-c.c is the same loop in C.
//
//     mpiexec -n 2 -env LD_PRELOAD overhead-mpi.so motor Overhead.exe [iterations [repetitions [loop]]]
//
// Rank 0 times `repetitions` runs of `iterations` x (Irecv + Send + Wait) of one byte and prints the fastest and
// the median in ns per iteration; rank 1 waits in a barrier (the peer is never contacted: tag 77 never reaches
// the library).  `loop` chooses another loop, for bench/run-instructions.sh:
//   blocking  Send + Recv of one byte on tag 77 (posted and completed at once like the Irecv);
//   status    the loop of nonblocking with Wait (status): what reading a status costs;
//   test      the loop of nonblocking with Test until true instead of Wait;
//   teststatus  the same with Test (status);
//   waitall   Irecv + Isend + Waitall of the two (the stand-in completes both at the first test);
//   halo      two Irecv + two Isend + Waitall of the four (an exchange with two neighbours);
//   testall   the loop of halo with Testall called until it returns true;
// and, through the stand-in's loopback (tag 78), each iteration one message out and the same message back in:
//   bytes4k   Send + Recv of a byte[4096] (the transport floor of an object message of that payload);
//   olist     OSend + ORecv of the linked list of samples/LinkedList.cs at N = 1 (a node and its byte[4096]);
//   osmall    OSend + ORecv of a one-node list with a 16-byte payload (the fixed cost of an object message).
// Built with samples/LinkedList.cs and samples/ListPayload.cs (-main:Overhead), so the list is the sample's.
using System;
using System.Globalization;
using System.MP;

class Overhead
{
	const int Tag = 77, LoopTag = 78;

	static int Main (string[] args)
	{
		int n = args.Length > 0 ? int.Parse (args[0]) : 1000000;
		int reps = args.Length > 1 ? int.Parse (args[1]) : 15;
		string mode = args.Length > 2 ? args[2] : "nonblocking";
		Intracomm world = MPI.COMM_WORLD;
		int rank = world.Get_rank ();
		Action<int> loop;
		switch (mode) {
		case "nonblocking": loop = Nonblocking; break;
		case "persistent": loop = Persistent; break;
		case "status": loop = WaitStatus; break;
		case "test": loop = Test; break;
		case "teststatus": loop = TestStatus; break;
		case "waitall": loop = Waitall; break;
		case "halo": loop = k => Halo (k, false); break;
		case "testall": loop = k => Halo (k, true); break;
		case "blocking": loop = Blocking; break;
		case "bytes4k": loop = Bytes4k; break;
		case "olist": loop = k => Objects (k, ListPayload.Make (1)); break;
		case "osmall": loop = k => Objects (k, new LinkedList { array = new byte[16] }); break;
		default: throw new ArgumentException ("unknown mode " + mode);
		}
		var t = new double[reps];
		if (rank == 0) {
			for (int k = 0; k < reps; k++) {
				double t0 = MPI.Wtime ();
				loop (n);
				t[k] = (MPI.Wtime () - t0) / n * 1e9;
			}
			Array.Sort (t);
			Console.WriteLine (string.Format (CultureInfo.InvariantCulture, "motor,{0:F1},{1:F1}", t[0], t[reps / 2]));
		}
		world.Barrier ();
		return 0;
	}

	// Each loop is a method of its own, so that the code Mono compiles for one does not depend on the others.
	// The communicator and the peer are locals, as in a program's message loop (Mono reloads arguments).
	static int Peer (Intracomm world)
	{
		return world.Get_size () > 1 ? 1 - world.Get_rank () : 0;
	}

	static void CheckStatus (Status st)
	{
		if (st.Source != 0 || st.Tag != Tag)
			throw new Exception ("Overhead: wrong status");
	}

	static void Nonblocking (int n)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		byte[] sbuf = new byte[16], rbuf = new byte[16];
		for (int i = 0; i < n; i++) {
			Request r = world.Irecv (rbuf, 0, 1, peer, Tag);
			world.Send (sbuf, 0, 1, peer, Tag);
			r.Wait ();
		}
	}

	static void Persistent (int n)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		byte[] sbuf = new byte[16], rbuf = new byte[16];
		Prequest pr = world.Recv_init (rbuf, 0, 1, peer, Tag);
		for (int i = 0; i < n; i++) {
			pr.Start ();
			world.Send (sbuf, 0, 1, peer, Tag);
			pr.Wait ();
		}
		pr.Free ();
	}

	static void WaitStatus (int n)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		byte[] sbuf = new byte[16], rbuf = new byte[16];
		var st = new Status ();
		for (int i = 0; i < n; i++) {
			Request r = world.Irecv (rbuf, 0, 1, peer, Tag);
			world.Send (sbuf, 0, 1, peer, Tag);
			r.Wait (st);
		}
		CheckStatus (st);
	}

	static void Test (int n)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		byte[] sbuf = new byte[16], rbuf = new byte[16];
		for (int i = 0; i < n; i++) {
			Request r = world.Irecv (rbuf, 0, 1, peer, Tag);
			world.Send (sbuf, 0, 1, peer, Tag);
			while (!r.Test ()) {
			}
		}
	}

	static void TestStatus (int n)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		byte[] sbuf = new byte[16], rbuf = new byte[16];
		var st = new Status ();
		for (int i = 0; i < n; i++) {
			Request r = world.Irecv (rbuf, 0, 1, peer, Tag);
			world.Send (sbuf, 0, 1, peer, Tag);
			while (!r.Test (st)) {
			}
		}
		CheckStatus (st);
	}

	static void Waitall (int n)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		byte[] sbuf = new byte[16], rbuf = new byte[16];
		var reqs = new Request[2];
		for (int i = 0; i < n; i++) {
			reqs[0] = world.Irecv (rbuf, 0, 1, peer, Tag);
			reqs[1] = world.Isend (sbuf, 0, 1, peer, Tag);
			Request.Waitall (reqs);
		}
	}

	// halo (Waitall) and testall (Testall until true).
	static void Halo (int n, bool test)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		byte[] left = new byte[16], right = new byte[16], sleft = new byte[16], sright = new byte[16];
		var reqs = new Request[4];
		for (int i = 0; i < n; i++) {
			reqs[0] = world.Irecv (left, 0, 1, peer, Tag);
			reqs[1] = world.Irecv (right, 0, 1, peer, Tag);
			reqs[2] = world.Isend (sleft, 0, 1, peer, Tag);
			reqs[3] = world.Isend (sright, 0, 1, peer, Tag);
			if (test)
				while (!Request.Testall (reqs)) { }
			else
				Request.Waitall (reqs);
		}
	}

	static void Blocking (int n)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		byte[] sbuf = new byte[16], rbuf = new byte[16];
		for (int i = 0; i < n; i++) {
			world.Send (sbuf, 0, 1, peer, Tag);
			world.Recv (rbuf, 0, 1, peer, Tag, null);
		}
	}

	static void Bytes4k (int n)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		var s4k = new byte[ListPayload.TotalBytes];
		var r4k = new byte[ListPayload.TotalBytes];
		for (int i = 0; i < n; i++) {
			world.Send (s4k, peer, LoopTag);
			world.Recv (r4k, peer, LoopTag, null);
		}
	}

	static void Objects (int n, LinkedList list)
	{
		Intracomm world = MPI.COMM_WORLD;
		int peer = Peer (world);
		object got = null;
		for (int i = 0; i < n; i++) {
			world.OSend (list, peer, LoopTag);
			got = world.ORecv (peer, LoopTag, null);
		}
		var g = got as LinkedList;
		if (list.array.Length == ListPayload.TotalBytes ? !ListPayload.Check (g, 1) : g == null || g.array.Length != list.array.Length)
			throw new Exception ("Overhead: wrong list received");
	}
}
