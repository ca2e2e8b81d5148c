/*
 * openmpi-inter-count0.c - a plain C program that shows why the ranks of an intercommunicator collective's
 * root group that are not the root (they pass MPI_PROC_NULL) hand Motor's collectives a count of 1, not 0
 * (native-mpi/mpi-compat.h, MOTOR_COMPAT_IDLE_COUNT).  Not part of make check: it reproduces an MPI library's
 * behaviour, not Motor's.
 *
 * MPI_COMM_WORLD is split into rank 0 and the rest, joined by an intercommunicator.  For every root of both
 * groups every rank calls MPI_Ibcast and then MPI_Ireduce on it, and waits for each; the root's group mates
 * pass count 0 and null buffers, which MPI does not read there (MPI-4.0 §6.2.2).  With COUNT=1 they pass 1.
 *
 *   mpicc.openmpi -O2 -o inter-count0 tests/upstream/openmpi-inter-count0.c
 *   mpiexec.openmpi --allow-run-as-root --oversubscribe -n 3 ./inter-count0
 *
 * Rank 0 prints "ok" when every request completes (MPICH 4.0.2; Open MPI 4.1.4 with -DCOUNT=1).  Open
 * MPI 4.1.4 with count 0 leaves a request of rank 0 incomplete: reported as HUNG after 10 s, then MPI_Abort.
 */
#include <mpi.h>
#include <stdio.h>

#ifndef COUNT
#define COUNT 0
#endif

/* Waits for r, for 10 seconds at most. */
static void finish(MPI_Request *r, const char *what, int root, int group, int rank)
{
	double start = MPI_Wtime();
	int done = 0;
	while (!done && MPI_Wtime() - start < 10)
		MPI_Test(r, &done, MPI_STATUS_IGNORE);
	if (!done) {
		printf("rank %d: HUNG in %s from root %d of group %d\n", rank, what, root, group);
		fflush(stdout);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
}

int main(int argc, char **argv)
{
	int rank, size, lrank, lsize, rsize;
	MPI_Comm local, inter;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	int group = rank == 0 ? 0 : 1;
	MPI_Comm_split(MPI_COMM_WORLD, group, rank, &local);
	MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, group == 0 ? 1 : 0, 7, &inter);
	MPI_Comm_rank(local, &lrank);
	MPI_Comm_size(local, &lsize);
	MPI_Comm_remote_size(inter, &rsize);
	long data[4] = {1, 2, 3, 4}, sum[4];
	for (int g = 0; g < 2; g++) {
		int n = g == group ? lsize : rsize;
		for (int root = 0; root < n; root++) {
			int arg = g != group ? root : lrank == root ? MPI_ROOT : MPI_PROC_NULL;
			int idle = arg == MPI_PROC_NULL;
			MPI_Request r;
			MPI_Ibcast(idle ? NULL : data, idle ? COUNT : 4, MPI_LONG, arg, inter, &r);
			finish(&r, "MPI_Ibcast", root, g, rank);
			MPI_Ireduce(idle ? NULL : data, idle ? NULL : sum, idle ? COUNT : 4, MPI_LONG,
			            MPI_SUM, arg, inter, &r);
			finish(&r, "MPI_Ireduce", root, g, rank);
		}
	}
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0)
		printf("ok\n");
	MPI_Comm_free(&inter);
	MPI_Comm_free(&local);
	MPI_Finalize();
	return 0;
}
