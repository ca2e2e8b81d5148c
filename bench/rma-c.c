/*
 * rma-c.c - the native C baseline of the one-sided benchmark (bench/run-rma.sh): inside one MPI_Win_lock_all
 * epoch, rank 0 times MPI_Put + MPI_Win_flush and MPI_Get + MPI_Win_flush of `bytes` bytes to rank 1's
 * window, for every power-of-two size from `min` to `max` bytes.  Prints one CSV line "bytes,put_us,get_us"
 * per size on rank 0: the mean time of one operation with its flush, after warm-up.  The same protocol as
 * bench/Rma.cs, at the same thread level (MPI_THREAD_MULTIPLE), over memory that starts 8 bytes past a
 * 16-byte boundary and a window made from the boundary below, as Motor makes it for a managed array
 * (native-mpi/mpi-compat.h).  What was put is read back and checked for every size; a wrong byte exits
 * non-zero.
 *
 *     mpiexec -n 2 bench/rma-c MIN MAX SCALE
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Iterations for a message of `bytes` (same in Rma.cs). */
static int iterations(long bytes, double scale)
{
	long n = bytes <= 1024 ? 20000 : bytes <= 65536 ? 2000 : 200;
	n = (long)(n * scale);
	return n < 5 ? 5 : (int)n;
}

static unsigned char pattern(long i, long size)
{
	return (unsigned char)((i * 7 + size) & 255);
}

int main(int argc, char **argv)
{
	int rank, size, provided;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 4 || size < 2) {
		if (rank == 0)
			fprintf(stderr, "usage: mpiexec -n 2 rma-c MIN MAX SCALE\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	long min = atol(argv[1]), max = atol(argv[2]);
	double scale = atof(argv[3]);
	char *raw = malloc((size_t)max + 64), *oraw = malloc((size_t)max + 64), *back = malloc((size_t)max);
	if (!raw || !oraw || !back)
		MPI_Abort(MPI_COMM_WORLD, 3);
	unsigned char *mem = (unsigned char *)(((unsigned long)raw + 15) / 16 * 16 + 8);
	unsigned char *origin = (unsigned char *)(((unsigned long)oraw + 15) / 16 * 16 + 8);
	memset(mem, 0, (size_t)max);
	MPI_Win win;
	MPI_Win_create(mem - 8, max + 8, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
	MPI_Win_lock_all(0, win);
	int bad = 0;
	for (long s = min; s <= max; s *= 2) {
		int n = iterations(s, scale);
		double put = 0, get = 0;
		if (rank == 0) {
			for (long i = 0; i < s; i++)
				origin[i] = pattern(i, s);
			for (int i = 0; i < n / 10 + 1; i++) {
				MPI_Put(origin, (int)s, MPI_BYTE, 1, 8, (int)s, MPI_BYTE, win);
				MPI_Win_flush(1, win);
			}
			double t0 = MPI_Wtime();
			for (int i = 0; i < n; i++) {
				MPI_Put(origin, (int)s, MPI_BYTE, 1, 8, (int)s, MPI_BYTE, win);
				MPI_Win_flush(1, win);
			}
			put = (MPI_Wtime() - t0) / n * 1e6;
			t0 = MPI_Wtime();
			for (int i = 0; i < n; i++) {
				MPI_Get(back, (int)s, MPI_BYTE, 1, 8, (int)s, MPI_BYTE, win);
				MPI_Win_flush(1, win);
			}
			get = (MPI_Wtime() - t0) / n * 1e6;
			for (long i = 0; i < s; i++)
				bad |= back[i] != (char)pattern(i, s);
			printf("%ld,%.3f,%.3f\n", s, put, get);
			fflush(stdout);
		}
		MPI_Barrier(MPI_COMM_WORLD);
	}
	MPI_Win_unlock_all(win);
	MPI_Win_free(&win);
	MPI_Finalize();
	if (bad)
		fprintf(stderr, "rma-c: data read back differs from what was put\n");
	return bad;
}
