/*
 * io-c.c - the native C baseline of the parallel I/O benchmark (bench/run-io.sh): every rank writes a block
 * of `bytes` bytes at offset rank * bytes of one shared file with MPI_File_write_at_all, then reads it back
 * with MPI_File_read_at_all, for every power-of-two block size from `min` to `max` bytes.  Prints one CSV
 * line "bytes,write_MBps,read_MBps" per size on rank 0: the aggregate bandwidth (all ranks' bytes over the
 * slowest rank's time, mean of the iterations after warm-up, measured between barriers).  The same protocol
 * as bench/Io.cs, at the same thread level (MPI_THREAD_MULTIPLE).  A block is copied from one of two patterns
 * made beforehand and checked after it is read back (wholly in the warm-up and the last iteration, every
 * 4,093rd byte in the others), so that both sides spend the same short time between the timed calls: a pause
 * of a millisecond before each write halves the bandwidth measured here.  A wrong block exits non-zero.  The
 * file is deleted at the end.  Both buffers start on a page boundary, as in Io.cs: the speed of copying
 * between the page cache and a buffer depends on where in a page the buffer starts (malloc's 16 bytes past a
 * page boundary read at a third of the speed here), so both sides use the same placement.
 *
 *     mpiexec -n 2 bench/io-c FILE MIN MAX SCALE
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Iterations for a block of `bytes` (same in Io.cs). */
static int iterations(long bytes, double scale)
{
	long n = bytes <= 1048576 ? 50 : bytes <= 16777216 ? 10 : 4;
	n = (long)(n * scale);
	return n < 2 ? 2 : (int)n;
}

/* The value of byte i of rank r's block in pattern k, 0 or 1 (same in Io.cs). */
static unsigned char value(int r, long i, int k)
{
	return (unsigned char)(r * 31 + i * 7 + k);
}

/* Whether the first `bytes` of a and b agree: every byte when `full`, else every 4,093rd and the last (same
 * in Io.cs). */
static int same(const unsigned char *a, const unsigned char *b, long bytes, int full)
{
	if (full)
		return memcmp(a, b, (size_t)bytes) == 0;
	for (long i = 0; i < bytes; i += 4093)
		if (a[i] != b[i])
			return 0;
	return a[bytes - 1] == b[bytes - 1];
}

int main(int argc, char **argv)
{
	int rank, size, provided;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 5) {
		if (rank == 0)
			fprintf(stderr, "usage: io-c FILE MIN MAX SCALE\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	const char *path = argv[1];
	long min = atol(argv[2]), max = atol(argv[3]);
	double scale = atof(argv[4]);
	unsigned char *wbuf = NULL, *rbuf = NULL, *pattern[2] = {NULL, NULL};
	if (posix_memalign((void **)&wbuf, 4096, (size_t)max) != 0 ||
	    posix_memalign((void **)&rbuf, 4096, (size_t)max) != 0 || !(pattern[0] = malloc((size_t)max)) ||
	    !(pattern[1] = malloc((size_t)max)))
		MPI_Abort(MPI_COMM_WORLD, 3);
	for (long i = 0; i < max; i++) {
		pattern[0][i] = value(rank, i, 0);
		pattern[1][i] = value(rank, i, 1);
	}
	MPI_File fh;
	if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh) !=
	    MPI_SUCCESS)
		MPI_Abort(MPI_COMM_WORLD, 3);
	for (long bytes = min; bytes <= max; bytes *= 2) {
		int n = iterations(bytes, scale);
		double tw = 0, tr = 0;
		MPI_Offset at = (MPI_Offset)rank * bytes;
		for (int k = -1; k < n; k++) { /* k = -1: warm-up */
			memcpy(wbuf, pattern[k & 1], (size_t)bytes);
			MPI_Barrier(MPI_COMM_WORLD);
			double t0 = MPI_Wtime();
			MPI_File_write_at_all(fh, at, wbuf, (int)bytes, MPI_BYTE, MPI_STATUS_IGNORE);
			double t1 = MPI_Wtime();
			MPI_Barrier(MPI_COMM_WORLD);
			memset(rbuf, 0, (size_t)bytes);
			double t2 = MPI_Wtime();
			MPI_File_read_at_all(fh, at, rbuf, (int)bytes, MPI_BYTE, MPI_STATUS_IGNORE);
			double t3 = MPI_Wtime();
			if (!same(rbuf, wbuf, bytes, k < 0 || k == n - 1)) {
				fprintf(stderr, "io-c: rank %d read back a wrong block of %ld bytes\n", rank,
				        bytes);
				MPI_Abort(MPI_COMM_WORLD, 1);
			}
			if (k >= 0) {
				tw += t1 - t0;
				tr += t3 - t2;
			}
		}
		double t[2] = {tw / n, tr / n}, slowest[2];
		MPI_Reduce(t, slowest, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
		if (rank == 0)
			printf("%ld,%.2f,%.2f\n", bytes, (double)bytes * size / slowest[0] / 1e6,
			       (double)bytes * size / slowest[1] / 1e6);
	}
	MPI_File_close(&fh);
	if (rank == 0)
		MPI_File_delete(path, MPI_INFO_NULL);
	free(wbuf);
	free(rbuf);
	free(pattern[0]);
	free(pattern[1]);
	MPI_Finalize();
	return 0;
}
