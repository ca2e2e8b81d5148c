/*
 * openmpi-saturating-sum.c - a plain C program that shows why Motor replaces MPI_SUM on 8- and 16-bit
 * integers with an operator of its own under Open MPI 4.1.4 (native-mpi/op.c, which checks every built-in
 * operator at init).  Not part of make check: it reproduces an MPI library's behaviour, not Motor's.
 *
 * Adds arrays of 1 to 64 elements that overflow, with MPI_Reduce_local and, across two ranks, MPI_Allreduce:
 * 170 + 153 of MPI_UINT8_T, whose sum wraps to 67 in C and in MPI (MPI 4.0 §6.9.2 defines MPI_SUM as C's +),
 * and the same bytes as MPI_INT8_T (-86 + -103 wraps to 67), MPI_UINT16_T and MPI_INT16_T.
 *
 *   mpicc.openmpi -O2 -o saturating-sum tests/upstream/openmpi-saturating-sum.c
 *   mpiexec.openmpi --allow-run-as-root -n 2 ./saturating-sum
 *
 * Every line should say "ok".  Debian 12's Open MPI 4.1.4, on a machine with AVX2 or AVX-512, gives 255 (and
 * -128, 65535, -32768) from the element where its vector code starts: the sums saturate.  The elements its
 * scalar loop handles wrap as they should, so short arrays are right.  MPICH 4.0.2 prints "ok" everywhere.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int check(const char *name, MPI_Datatype t, int size, int rank)
{
	static const int counts[] = {1, 15, 16, 64};
	unsigned char in[64 * 2], out[64 * 2], want[64 * 2];
	int bad = 0;

	for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
		int n = counts[c];
		memset(in, rank == 0 ? 170 : 153, sizeof in);
		for (int i = 0; i < n * size; i += size) {
			/* 0xaa.. + 0x99.. wraps to 0x43, or 0x4443 for two bytes. */
			want[i] = 67;
			if (size == 2)
				want[i + 1] = 68;
		}
		memcpy(out, in, sizeof out);
		if (rank == 0) {
			unsigned char other[64 * 2];
			memset(other, 153, sizeof other);
			MPI_Reduce_local(other, out, n, t, MPI_SUM);
		}
		int local_ok = rank != 0 || memcmp(out, want, (size_t)(n * size)) == 0;
		MPI_Allreduce(in, out, n, t, MPI_SUM, MPI_COMM_WORLD);
		int coll_ok = memcmp(out, want, (size_t)(n * size)) == 0;
		if (rank == 0)
			printf("%-13s x %2d: Reduce_local %s, Allreduce %s\n", name, n,
			       local_ok ? "ok" : "WRONG", coll_ok ? "ok" : "WRONG");
		bad += !local_ok + !coll_ok;
	}
	return bad;
}

int main(int argc, char **argv)
{
	int rank, size, bad = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (size != 2) {
		if (rank == 0)
			fprintf(stderr, "run with 2 ranks\n");
		MPI_Finalize();
		return 2;
	}
	bad += check("MPI_UINT8_T", MPI_UINT8_T, 1, rank);
	bad += check("MPI_INT8_T", MPI_INT8_T, 1, rank);
	bad += check("MPI_UINT16_T", MPI_UINT16_T, 2, rank);
	bad += check("MPI_INT16_T", MPI_INT16_T, 2, rank);
	MPI_Finalize();
	return bad != 0;
}
