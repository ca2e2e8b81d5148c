/*
 * mpich-win-allocate-unaligned.c - a plain C program that shows why Motor rounds every rank's part of an
 * MPI_Win_allocate window up to a multiple of 16 bytes (native-mpi/mpi-compat.h, MOTOR_COMPAT_WIN_ALIGN).
 * Not part of make check: it reproduces an MPI library's behaviour, not Motor's.
 *
 * Every rank allocates N ints (N from the command line), sets them to -1, and in one fence epoch Puts the
 * value 100 * rank + target into slot `rank % N` of every rank.  Then each checks its own slots.
 *
 *   mpicc -O2 -o win-allocate tests/upstream/mpich-win-allocate-unaligned.c
 *   mpiexec -n 2 ./win-allocate 5
 *
 * It should print "ok" on every rank.  Debian 12's MPICH 4.0.2 (ch4:ucx) does so for N = 4 or 8 (parts of 16
 * and 32 bytes) but not for N = 5: rank 1's part then starts 4 bytes past a 16-byte boundary, and the Puts
 * meant for it land in rank 0's last slot.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int rank, size, bad = 0;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int n = argc > 1 ? atoi(argv[1]) : 5;
	if (n < 1)
		n = 1;
	int *base = NULL, *vals = malloc(sizeof(int) * (size_t)size);
	MPI_Win win;
	MPI_Win_allocate((MPI_Aint)n * (MPI_Aint)sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
	                 &base, &win);
	for (int i = 0; i < n; i++)
		base[i] = -1;
	MPI_Win_fence(0, win);
	for (int t = 0; t < size; t++) {
		vals[t] = 100 * rank + t;
		MPI_Put(&vals[t], 1, MPI_INT, t, rank % n, 1, MPI_INT, win);
	}
	MPI_Win_fence(0, win);
	/* Slot s holds the Put of the highest rank r with r % n == s (Puts of one epoch to one place: the
	 * last rank's is as good as any, so only "some rank's value for this target" is checked). */
	for (int s = 0; s < n; s++) {
		int expect = s < size;
		int v = base[s];
		if (expect && (v < 0 || v % 100 != rank || (v / 100) % n != s))
			bad = 1;
		if (!expect && v != -1)
			bad = 1;
	}
	printf("rank %d, %d ints: %s\n", rank, n, bad ? "WRONG" : "ok");
	MPI_Win_free(&win);
	free(vals);
	MPI_Finalize();
	return 0;
}
