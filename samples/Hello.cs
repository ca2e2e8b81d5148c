// Hello: every rank says who it is; rank 0 then collects a greeting from each of the others.
//
//     mpiexec -n 4 motor samples/Hello.exe
using System;
using System.MP;

class Hello
{
	static int Main (string[] args)
	{
		Intracomm world = MPI.COMM_WORLD;
		int rank = world.Get_rank (), size = world.Get_size ();

		if (rank == 0) {
			Console.WriteLine ("Hello from rank 0 of {0} on {1} ({2})", size, MPI.Get_processor_name (),
			                   MPI.Query_thread () == MPI.THREAD_MULTIPLE ? "MPI_THREAD_MULTIPLE" : "single-threaded MPI");
			var greeting = new int[2];
			var status = new Status ();
			for (int i = 1; i < size; i++) {
				world.Recv (greeting, MPI.ANY_SOURCE, 0, status);
				Console.WriteLine ("Hello from rank {0} of {1}", greeting[0], greeting[1]);
			}
		} else {
			world.Send (new int[] { rank, size }, 0, 0);
		}
		return 0;
	}
}
