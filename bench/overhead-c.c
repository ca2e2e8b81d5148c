/*
 * overhead-c.c - the C side of bench/run-overhead.sh: the loop of bench/Overhead.cs (MPI_Irecv + MPI_Send +
 * MPI_Wait of one byte on tag 77) under bench/overhead-mpi.c, which completes them at once.  Prints
 * "c,fastest,median" in ns per iteration.
 *
 *     mpiexec -n 2 -env LD_PRELOAD overhead-mpi.so overhead-c [iterations [repetitions]]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int provided, rank, size;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int n = argc > 1 ? atoi(argv[1]) : 1000000, reps = argc > 2 ? atoi(argv[2]) : 15;
	int peer = size > 1 ? 1 - rank : 0;
	double *t = malloc(sizeof *t * (size_t)(reps > 0 ? reps : 1));
	static unsigned char sbuf[16], rbuf[16];

	if (rank == 0 && t && reps > 0) {
		for (int k = 0; k < reps; k++) {
			double t0 = MPI_Wtime();
			for (int i = 0; i < n; i++) {
				MPI_Request r;
				MPI_Irecv(rbuf, 1, MPI_UINT8_T, peer, 77, MPI_COMM_WORLD, &r);
				MPI_Send(sbuf, 1, MPI_UINT8_T, peer, 77, MPI_COMM_WORLD);
				MPI_Wait(&r, MPI_STATUS_IGNORE);
			}
			t[k] = (MPI_Wtime() - t0) / n * 1e9;
		}
		qsort(t, (size_t)reps, sizeof *t, cmp);
		printf("c,%.1f,%.1f\n", t[0], t[reps / 2]);
	}
	free(t);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
