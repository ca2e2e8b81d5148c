/*
 * mprobe-c.c - what a matched probe costs a C ping-pong: the round trip of SIZE bytes between ranks 0 and 1
 * received by a posted MPI_Recv (MODE 0) or, as Motor's ORecv receives an object message, by MPI_Mprobe,
 * MPI_Get_count, malloc and MPI_Mrecv (MODE 1).  Prints microseconds per round trip on rank 0.
 *
 *     mpicc -O2 -o mprobe-c bench/mprobe-c.c
 *     mpiexec -n 2 -bind-to core ./mprobe-c ROUNDS SIZE MODE
 *
 * Results in doc/benchmarks.md, (c, d) Object transport.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void receive(char *buf, int size, int peer, int matched)
{
	if (!matched) {
		MPI_Recv(buf, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		return;
	}
	MPI_Message m;
	MPI_Status st;
	int n = 0;
	MPI_Mprobe(peer, 1, MPI_COMM_WORLD, &m, &st);
	MPI_Get_count(&st, MPI_BYTE, &n);
	char *p = malloc(n > 0 ? (size_t)n : 1);
	MPI_Mrecv(p, n, MPI_BYTE, &m, MPI_STATUS_IGNORE);
	free(p);
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	if (argc != 4) {
		fprintf(stderr,
		        "usage: mprobe-c ROUNDS SIZE MODE (0: MPI_Recv, 1: MPI_Mprobe + MPI_Mrecv)\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	int rank, rounds = atoi(argv[1]), size = atoi(argv[2]), matched = atoi(argv[3]);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	char *out = malloc((size_t)size + 1), *in = malloc((size_t)size + 1);
	memset(out, 1, (size_t)size + 1);
	int peer = 1 - rank;
	double t0 = 0;
	for (int i = -1000; i < rounds; i++) { /* 1,000 rounds of warm-up */
		if (i == 0) {
			MPI_Barrier(MPI_COMM_WORLD);
			t0 = MPI_Wtime();
		}
		if (rank == 0)
			MPI_Send(out, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
		receive(in, size, peer, matched);
		if (rank == 1)
			MPI_Send(out, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
	}
	if (rank == 0)
		printf("%.3f\n", (MPI_Wtime() - t0) / rounds * 1e6);
	free(out);
	free(in);
	MPI_Finalize();
	return 0;
}
