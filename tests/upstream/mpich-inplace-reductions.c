/*
 * mpich-inplace-reductions.c - a plain C program that shows why Motor reduces from a copy where a program
 * asks for two in-place reductions under MPICH (native-mpi/coll.c, MOTOR_COMPAT_INPLACE_REDUCE_COPY).  Not
 * part of make check: it reproduces an MPI library's behaviour, not Motor's.
 *
 *   mpicc -O2 -o inplace-reductions tests/upstream/mpich-inplace-reductions.c
 *   mpiexec -n 2 ./inplace-reductions reduce          # MPI_Reduce, MPI_IN_PLACE at root 1, 1,000 ints
 *   mpiexec -n 2 ./inplace-reductions reduce_scatter  # MPI_Reduce_scatter, MPI_IN_PLACE, counts 70,000 +
 * rank
 *
 * Each should print "ok".  Debian 12's MPICH 4.0.2 (ch4:ucx) crashes in the first (SIGSEGV; at root 0, or up
 * to 512 ints, it works) and aborts in the second ("memcpy argument memory ranges overlap" in
 * typerep_yaksa_pack.c; equal counts, or about 50,000 per rank, work).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	int rank, size, ok = 1;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc > 1 && strcmp(argv[1], "reduce") == 0) {
		int n = 1000, root = size > 1 ? 1 : 0, *b = malloc(sizeof(int) * (size_t)n);
		for (int i = 0; i < n; i++)
			b[i] = rank + i;
		if (rank == root)
			MPI_Reduce(MPI_IN_PLACE, b, n, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
		else
			MPI_Reduce(b, NULL, n, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
		for (int i = 0; rank == root && i < n; i++)
			ok &= b[i] == size * (size - 1) / 2 + size * i;
		free(b);
	} else {
		int *counts = malloc(sizeof(int) * (size_t)size), total = 0;
		for (int r = 0; r < size; r++)
			total += counts[r] = 70000 + r;
		int *b = malloc(sizeof(int) * (size_t)total);
		for (int i = 0; i < total; i++)
			b[i] = 1;
		MPI_Reduce_scatter(MPI_IN_PLACE, b, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
		for (int i = 0; i < counts[rank]; i++)
			ok &= b[i] == size;
		free(b);
		free(counts);
	}
	printf("rank %d: %s\n", rank, ok ? "ok" : "wrong result");
	MPI_Finalize();
	return 0;
}
