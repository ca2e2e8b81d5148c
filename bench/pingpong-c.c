/*
 * pingpong-c.c - the native C baseline of the ping-pong benchmark: the same protocol as bench/PingPong.cs
 * (MPI_Send/MPI_Recv of a byte buffer between ranks 0 and 1, payload marked and checked every round trip).
 *
 *     mpiexec -n 2 -bind-to core bench/pingpong-c [--nonblocking [--polled]] [--single] [max-bytes [scale]]
 *
 * --nonblocking: the protocol of PingPong.cs --nonblocking (a receive kept posted with MPI_Irecv, MPI_Send,
 * MPI_Wait).
 * --polled: the same protocol with MPI driven the way Motor must drive it, so that no thread ever blocks
 * inside MPI where the garbage collector would wait for it: a wait polls MPI_Test up to 256 times
 * (MOTOR_SPIN's default) before it calls MPI_Wait, and a send is MPI_Isend completed by such a wait.  Against
 * plain
 * --nonblocking it measures what that rule costs in C alone; against System.MP, what Motor's own layers add.
 * MPI runs at MPI_THREAD_MULTIPLE, the level Motor's runtime asks for (its collector completes requests from
 * whichever thread collects); --single asks for MPI_THREAD_SINGLE instead, as a single-threaded C program
 * would, and so measures what that level costs the C program. Prints "bytes,us_per_roundtrip" for 1 B ...
 * max-bytes (default 4 MiB).  `scale` multiplies the iteration counts (default 1).  Exits non-zero if a
 * payload arrives corrupted.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int iterations(long size, double scale)
{
	long n = size <= 65536 ? 4000 : 4000L * 65536 / size;
	n = (long)(n * scale);
	return n < 10 ? 10 : (int)n;
}

static int polled;

/* Completes r as Motor's runtime does under --polled (native-mpi/request.c), else with MPI_Wait. */
static void wait_for(MPI_Request *r)
{
	int flag = 0;
	for (int i = 0; polled && i < 256 && !flag; i++)
		MPI_Test(r, &flag, MPI_STATUS_IGNORE);
	if (!flag)
		MPI_Wait(r, MPI_STATUS_IGNORE);
}

static void send_to(const unsigned char *buf, int n, int peer)
{
	MPI_Request r;
	if (!polled) {
		MPI_Send(buf, n, MPI_UINT8_T, peer, 0, MPI_COMM_WORLD);
		return;
	}
	MPI_Isend(buf, n, MPI_UINT8_T, peer, 0, MPI_COMM_WORLD, &r);
	wait_for(&r);
}

/* Returns the start of the timed round trips, or -1 for a corrupted payload. */
static double nonblocking(int rank, unsigned char *sbuf, unsigned char *rbuf, int n, int warm, int timed)
{
	int peer = 1 - rank;
	double t0 = 0;
	MPI_Request r;

	if (rank > 1)
		return MPI_Wtime();
	MPI_Irecv(rbuf, n, MPI_UINT8_T, peer, 0, MPI_COMM_WORLD, &r);
	for (int i = 0; i < warm + timed; i++) {
		if (i == warm)
			t0 = MPI_Wtime();
		if (rank == 0) {
			unsigned char mark = (unsigned char)i;
			sbuf[0] = sbuf[n - 1] = mark;
			send_to(sbuf, n, peer);
			wait_for(&r);
			if (rbuf[0] != (unsigned char)(mark + 1) || rbuf[n - 1] != (unsigned char)(mark + 1))
				return -1;
			if (i + 1 < warm + timed)
				MPI_Irecv(rbuf, n, MPI_UINT8_T, peer, 0, MPI_COMM_WORLD, &r);
		} else {
			wait_for(&r);
			sbuf[0] = (unsigned char)(rbuf[0] + 1);
			sbuf[n - 1] = (unsigned char)(rbuf[n - 1] + 1);
			if (i + 1 < warm + timed)
				MPI_Irecv(rbuf, n, MPI_UINT8_T, peer, 0, MPI_COMM_WORLD, &r);
			send_to(sbuf, n, peer);
		}
	}
	return t0;
}

int main(int argc, char **argv)
{
	int rank, provided, nb = 0, single = 0;
	for (; argc > 1 && strncmp(argv[1], "--", 2) == 0; argc--, argv++) {
		if (strcmp(argv[1], "--nonblocking") == 0)
			nb = 1;
		else if (strcmp(argv[1], "--polled") == 0)
			polled = 1;
		else if (strcmp(argv[1], "--single") == 0)
			single = 1;
		else {
			fprintf(stderr, "pingpong-c: unknown option '%s'\n", argv[1]);
			return 2;
		}
	}
	if (polled && !nb) {
		fprintf(stderr, "pingpong-c: --polled needs --nonblocking\n");
		return 2;
	}
	MPI_Init_thread(&argc, &argv, single ? MPI_THREAD_SINGLE : MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	long max = argc > 1 ? atol(argv[1]) : 4L << 20;
	double scale = argc > 2 ? atof(argv[2]) : 1.0;
	unsigned char *buf = malloc(max), *rbuf = malloc(max);

	for (long size = 1; size <= max; size *= 2) {
		int timed = iterations(size, scale), warm = timed / 10 + 5;
		double t0 = 0;
		if (nb && (t0 = nonblocking(rank, buf, rbuf, (int)size, warm, timed)) < 0) {
			fprintf(stderr, "pingpong-c: corrupted payload at size %ld\n", size);
			MPI_Abort(MPI_COMM_WORLD, 3);
		}
		for (int i = 0; !nb && i < warm + timed; i++) {
			if (i == warm) {
				MPI_Barrier(MPI_COMM_WORLD);
				t0 = MPI_Wtime();
			}
			if (rank == 0) {
				unsigned char mark = (unsigned char)i;
				buf[0] = buf[size - 1] = mark;
				MPI_Send(buf, (int)size, MPI_UINT8_T, 1, 0, MPI_COMM_WORLD);
				MPI_Recv(buf, (int)size, MPI_UINT8_T, 1, 0, MPI_COMM_WORLD,
				         MPI_STATUS_IGNORE);
				if (buf[0] != (unsigned char)(mark + 1) ||
				    buf[size - 1] != (unsigned char)(mark + 1)) {
					fprintf(stderr, "pingpong-c: corrupted payload at size %ld\n", size);
					MPI_Abort(MPI_COMM_WORLD, 3);
				}
			} else if (rank == 1) {
				MPI_Recv(buf, (int)size, MPI_UINT8_T, 0, 0, MPI_COMM_WORLD,
				         MPI_STATUS_IGNORE);
				buf[0]++;
				if (size > 1)
					buf[size - 1]++;
				MPI_Send(buf, (int)size, MPI_UINT8_T, 0, 0, MPI_COMM_WORLD);
			}
		}
		double us = (MPI_Wtime() - t0) / timed * 1e6;
		if (rank == 0)
			printf("%ld,%.4f\n", size, us);
	}
	free(buf);
	free(rbuf);
	MPI_Finalize();
	return 0;
}
