/*
 * mpich-unsigned-minmax.c - a plain C program that shows why Motor replaces MPI_MIN and MPI_MAX on unsigned
 * integer types with operators of its own where the library gets them wrong (native-mpi/op.c, probed at
 * init). Not part of make check: it reproduces an MPI library's behaviour, not Motor's.
 *
 * Reduces the largest value of each unsigned type against 1 with MPI_Reduce_local, MPI_MIN and MPI_MAX, and
 * the same two values across two ranks with MPI_Allreduce.
 *
 *   mpicc -O2 -o unsigned-minmax tests/upstream/mpich-unsigned-minmax.c
 *   mpiexec -n 2 ./unsigned-minmax
 *
 * Every line should say "ok".  Debian 12's MPICH 4.0.2 (ch4:ucx) compares the values as signed: MIN(2^8 - 1,
 * 1) of two MPI_UINT8_T is 255 and MAX is 1, and so for MPI_UNSIGNED_CHAR, MPI_UINT16_T, MPI_UINT32_T and
 * MPI_UINT64_T, locally and in the collective.  Open MPI 4.1.4 prints "ok" everywhere.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int check(const char *name, MPI_Datatype t, int size, int rank)
{
	unsigned char big[8], one[8], out[8];
	int bad = 0;

	memset(big, 0xff, sizeof big);
	memset(one, 0, sizeof one);
	one[0] = 1; /* little-endian */
	for (int max = 0; max < 2; max++) {
		MPI_Op op = max ? MPI_MAX : MPI_MIN;
		const unsigned char *want = max ? big : one;
		memcpy(out, one, sizeof out);
		MPI_Reduce_local(big, out, 1, t, op);
		int local_ok = memcmp(out, want, (size_t)size) == 0;
		MPI_Allreduce(rank == 0 ? big : one, out, 1, t, op, MPI_COMM_WORLD);
		int coll_ok = memcmp(out, want, (size_t)size) == 0;
		if (rank == 0)
			printf("%-18s %s: Reduce_local %s, Allreduce %s\n", name, max ? "MAX" : "MIN",
			       local_ok ? "ok" : "WRONG", coll_ok ? "ok" : "WRONG");
		bad += !local_ok + !coll_ok;
	}
	return bad;
}

int main(int argc, char **argv)
{
	int rank, bad = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	bad += check("MPI_UINT8_T", MPI_UINT8_T, 1, rank);
	bad += check("MPI_UNSIGNED_CHAR", MPI_UNSIGNED_CHAR, 1, rank);
	bad += check("MPI_UINT16_T", MPI_UINT16_T, 2, rank);
	bad += check("MPI_UINT32_T", MPI_UINT32_T, 4, rank);
	bad += check("MPI_UINT64_T", MPI_UINT64_T, 8, rank);
	MPI_Finalize();
	return bad != 0;
}
