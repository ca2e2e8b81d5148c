/*
 * coll-c.c - the native C baseline of the collective benchmark (bench/run-coll.sh): MPI_Allreduce of doubles
 * (MPI_SUM) or MPI_Bcast of bytes -- or their non-blocking forms, MPI_Iallreduce or MPI_Ibcast followed at
 * once by MPI_Wait (iallreduce, ibcast) -- for every power-of-two size from `min` to `max` bytes.  Prints one
 * CSV line "bytes,us" per size on rank 0: the mean time of one operation, after warm-up, measured between
 * barriers. The same protocol as bench/Coll.cs, at the same thread level (MPI_THREAD_MULTIPLE).  Every result
 * is checked; a wrong one exits non-zero.
 *
 *     mpiexec -n 2 bench/coll-c allreduce|bcast|iallreduce|ibcast MIN MAX SCALE [scrambled]
 *
 * `scrambled` is an experiment, not the baseline: the buffers are mapped fresh and their pages first touched
 * in a scrambled order, so that virtually consecutive pages are not physically consecutive -- as in a heap
 * whose pages were faulted in over time.  Large broadcasts (copied page by page by the kernel, CMA) are
 * slower from such memory (README, Collective benchmark).
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Iterations for a message of `bytes`: many for small messages, fewer for large ones (same in Coll.cs). */
static int iterations(long bytes, double scale)
{
	long n = bytes <= 1024 ? 20000 : bytes <= 65536 ? 2000 : bytes <= 1048576 ? 200 : 50;
	n = (long)(n * scale);
	return n < 5 ? 5 : (int)n;
}

/* `bytes` of fresh memory whose pages are first touched in a scrambled order (page i*k mod n, k odd and
 * coprime with the power-of-two page count). */
static char *scrambled_buffer(long bytes)
{
	long page = 4096, n = 1;
	while (n * page < bytes)
		n *= 2;
	char *b = mmap(NULL, (size_t)(n * page), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b == MAP_FAILED)
		return NULL;
	for (long i = 0; i < n; i++)
		b[(i * 7919 % n) * page] = 1;
	return b;
}

int main(int argc, char **argv)
{
	int rank, size, provided;
	/* The thread level motor asks for (its runtime always has several threads, and the collector's hook
	 * completes requests from whichever thread collects), as bench/pingpong-c.c does: the comparison then
	 * measures what Motor adds, not the cost of MPICH's locking, which both pay. */
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 5) {
		if (rank == 0)
			fprintf(stderr, "usage: coll-c allreduce|bcast|iallreduce|ibcast MIN MAX SCALE\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	int nb = argv[1][0] == 'i';
	int allreduce = strcmp(argv[1] + nb, "allreduce") == 0;
	MPI_Request req;
	long min = atol(argv[2]), max = atol(argv[3]);
	double scale = atof(argv[4]);
	int scrambled = argc > 5 && strcmp(argv[5], "scrambled") == 0;
	char *a = scrambled ? scrambled_buffer(max) : malloc((size_t)max);
	char *b = scrambled ? scrambled_buffer(max) : malloc((size_t)max);
	if (!a || !b)
		MPI_Abort(MPI_COMM_WORLD, 3);

	for (long bytes = min; bytes <= max; bytes *= 2) {
		int iters = iterations(bytes, scale), warm = iters / 10 + 1;
		long n = allreduce ? bytes / 8 : bytes;
		double *x = (double *)a, *y = (double *)b;
		if (allreduce)
			for (long i = 0; i < n; i++)
				x[i] = rank + i;
		double t0 = 0;
		for (int it = -warm; it < iters; it++) {
			if (it == 0) {
				MPI_Barrier(MPI_COMM_WORLD);
				t0 = MPI_Wtime();
			}
			if (allreduce) {
				if (nb) {
					MPI_Iallreduce(x, y, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD,
					               &req);
					MPI_Wait(&req, MPI_STATUS_IGNORE);
				} else {
					MPI_Allreduce(x, y, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
				}
			} else {
				if (rank == 0)
					a[bytes - 1] = (char)it;
				if (nb) {
					MPI_Ibcast(a, (int)bytes, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
					MPI_Wait(&req, MPI_STATUS_IGNORE);
				} else {
					MPI_Bcast(a, (int)bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
				}
				if (a[bytes - 1] != (char)it) {
					fprintf(stderr, "rank %d: wrong broadcast at %ld bytes\n", rank,
					        bytes);
					MPI_Abort(MPI_COMM_WORLD, 1);
				}
			}
		}
		double t = MPI_Wtime() - t0;
		if (allreduce && fabs(y[n - 1] - ((double)size * (n - 1) + size * (size - 1) / 2.0)) > 1e-6) {
			fprintf(stderr, "rank %d: wrong sum at %ld bytes\n", rank, bytes);
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
		/* The slowest rank's time is the operation's time. */
		double tmax;
		MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
		if (rank == 0)
			printf("%ld,%.3f\n", bytes, tmax / iters * 1e6);
	}
	if (!scrambled) { /* the scrambled mappings end with the process */
		free(a);
		free(b);
	}
	MPI_Finalize();
	return 0;
}
