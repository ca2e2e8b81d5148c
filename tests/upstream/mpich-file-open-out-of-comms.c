/*
 * mpich-file-open-out-of-comms.c - a plain C program that shows why Motor keeps a communicator in reserve for
 * the MPI library when it opens a file under MPICH (native-mpi/file.c, MOTOR_COMPAT_FILE_OPEN_SPARE_COMM).
 * Not part of make check: it reproduces an MPI library's behaviour, not Motor's.
 *
 * Duplicates MPI_COMM_SELF until the library has no communicator left, frees one, and opens a file on
 * MPI_COMM_SELF with MPI_ERRORS_RETURN: the open needs a communicator of its own, so it should return an
 * error.
 *
 *   mpicc -O2 -o file-open-out-of-comms tests/upstream/mpich-file-open-out-of-comms.c
 *   mpiexec -n 1 ./file-open-out-of-comms
 *
 * It should print "ok" (the open either works or returns an error).  Debian 12's MPICH 4.0.2 (ch4:ucx) aborts
 * the process instead ("Fatal error in internal_Allreduce: Invalid communicator ... MPI_COMM_NULL"): ROMIO
 * goes on with the communicator it failed to make.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	static MPI_Comm dups[8192];
	int n = 0;
	MPI_File fh;

	MPI_Init(&argc, &argv);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
	while (n < 8192 && MPI_Comm_dup(MPI_COMM_SELF, &dups[n]) == MPI_SUCCESS)
		n++;
	int rc =
	    MPI_File_open(MPI_COMM_SELF, "/tmp/file-open-out-of-comms.tmp",
	                  MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
	if (rc == MPI_SUCCESS)
		MPI_File_close(&fh);
	printf("ok (%d communicators made, the open %s)\n", n + 1,
	       rc == MPI_SUCCESS ? "worked" : "returned an error");
	while (n > 0)
		MPI_Comm_free(&dups[--n]);
	MPI_Finalize();
	return 0;
}
