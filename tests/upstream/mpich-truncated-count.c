/*
 * mpich-truncated-count.c - a plain C program that shows why Motor does not report the size of a truncated
 * message under MPICH (native-mpi/mpi-compat.h, MOTOR_COMPAT_TRUNCATED_SIZE).  Not part of make check: it
 * reproduces an MPI library's behaviour, not Motor's.
 *
 * Rank 1 sends 4,000 bytes, then 12; rank 0 receives the first whole and the second into 8 bytes, with a
 * status it cleared first, and prints the count the status gives for the truncated receive.
 *
 *   mpicc -O2 -o truncated-count tests/upstream/mpich-truncated-count.c
 *   mpiexec -n 2 ./truncated-count
 *
 * It should print "ok".  Debian 12's MPICH 4.0.2 (ch4:ucx) counts 4,000 bytes: the earlier message's size,
 * not the truncated one's (with no earlier message it counts 0).
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	char big[4000], small[8];
	int rank;
	MPI_Status st;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	if (rank == 1) {
		memset(big, 1, sizeof big);
		MPI_Send(big, 4000, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
		MPI_Send(big, 12, MPI_BYTE, 0, 2, MPI_COMM_WORLD);
	} else if (rank == 0) {
		MPI_Recv(big, 4000, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		memset(&st, 0, sizeof st);
		int rc = MPI_Recv(small, 8, MPI_BYTE, 1, 2, MPI_COMM_WORLD, &st), cls = 0, n = -1;
		MPI_Error_class(rc, &cls);
		MPI_Get_count(&st, MPI_BYTE, &n);
		if (cls != MPI_ERR_TRUNCATE)
			printf("no truncation reported (error class %d)\n", cls);
		else if (n == 12)
			printf("ok\n");
		else
			printf("the truncated receive's status counts %d bytes; the message had 12\n", n);
	}
	MPI_Finalize();
	return 0;
}
