/*
 * openmpi-idup-order.c - a plain C program that shows why Motor makes its shadow communicators with a
 * blocking MPI_Comm_dup under Open MPI (native-mpi/mpi-compat.h, MOTOR_COMPAT_IDUP_OVERLAPS_NBC).  Not part
 * of make check: it reproduces an MPI library's behaviour, not Motor's.
 *
 * Every rank calls, in the same order, MPI_Comm_idup(MPI_COMM_WORLD) and then four MPI_Iallreduce on
 * MPI_COMM_WORLD, 20 times.  That is legal MPI: each rank posts the same collectives in the same order.  Only
 * rank 0 makes progress between the two (MPI_Test of the idup request).  Under Open MPI 4.1 the idup's own
 * context-id allreduces are started from the progress engine, so on rank 0 they come before the four
 * Iallreduces and on the others after them: libnbc pairs different collectives.
 *
 *   mpicc.openmpi -O2 -o idup-order tests/upstream/openmpi-idup-order.c
 *   mpiexec.openmpi --allow-run-as-root --oversubscribe -n 4 ./idup-order
 *
 * Every rank prints "ok" when the library keeps the order (MPICH 4.0.2).  Open MPI 4.1.4 prints "MPI Error in
 * NBC subrequest ...: 15" (MPI_ERR_TRUNCATE), and the requests never complete: reported as HUNG after 10 s,
 * then MPI_Abort.  Variants: -DNO_PROGRESS_BETWEEN (no MPI call between the posts on any rank) passes under
 * Open MPI too; -DPROGRESS_THREAD (a second thread on every rank calls MPI_Iprobe every 200 us, as Motor's
 * progress thread and collector harvest drive progress; link with -lpthread) fails like the default.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef PROGRESS_THREAD
#include <pthread.h>
#include <stdatomic.h>
static atomic_int stop;
/* What Motor's progress thread and GC harvest do: test requests from another thread every so often. */
static void *poller(void *unused)
{
	int flag;
	(void)unused;
	while (!atomic_load(&stop)) {
		MPI_Iprobe(MPI_ANY_SOURCE, 12345, MPI_COMM_SELF, &flag,
		           MPI_STATUS_IGNORE); /* drives progress */
		usleep(200);
	}
	return NULL;
}
#endif

int main(int argc, char **argv)
{
	int rank, size, bad = 0;
#ifdef PROGRESS_THREAD
	int provided;
	pthread_t t;
	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	pthread_create(&t, NULL, poller, NULL);
#else
	MPI_Init(&argc, &argv);
#endif
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

	for (int iter = 0; iter < 20 && !bad; iter++) {
		MPI_Comm dup;
		MPI_Request idup, r[4];
		int buf[4][2];

		MPI_Comm_idup(MPI_COMM_WORLD, &dup, &idup);
#if defined(PROGRESS_THREAD)
		usleep(300 *
		       rank); /* the posting thread's own work between its posts, different on each rank */
#elif !defined(NO_PROGRESS_BETWEEN)
		if (rank == 0)
			for (int i = 0, flag; i < 3;
			     i++) { /* progress on rank 0 only, between its collective calls */
				MPI_Test(&idup, &flag, MPI_STATUS_IGNORE);
				if (flag)
					break;
				usleep(1000);
			}
#endif
		for (int k = 0; k < 4; k++) {
			buf[k][0] = k;
			buf[k][1] = rank;
			MPI_Iallreduce(MPI_IN_PLACE, buf[k], 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[k]);
		}
		/* MPI_Waitall, bounded: Open MPI's libnbc prints the error and never completes the request.
		 */
		int rc = MPI_SUCCESS, all = 0;
		double t0 = MPI_Wtime();
		while (rc == MPI_SUCCESS && !all) {
			rc = MPI_Testall(4, r, &all, MPI_STATUSES_IGNORE);
			if (rc == MPI_SUCCESS && all && idup != MPI_REQUEST_NULL)
				rc = MPI_Test(&idup, &all, MPI_STATUS_IGNORE);
			if (!all && MPI_Wtime() - t0 > 10) {
				printf("rank %d iter %d: HUNG (not complete after 10 s)\n", rank, iter);
				bad = 1;
				break;
			}
		}
		if (rc != MPI_SUCCESS) {
			char msg[MPI_MAX_ERROR_STRING];
			int len;
			MPI_Error_string(rc, msg, &len);
			printf("rank %d iter %d: error %s\n", rank, iter, msg);
			bad = 1;
		}
		for (int k = 0; k < 4 && !bad; k++)
			if (buf[k][0] != k * size || buf[k][1] != size * (size - 1) / 2) {
				printf("rank %d iter %d: Iallreduce %d wrong: {%d,%d}\n", rank, iter, k,
				       buf[k][0], buf[k][1]);
				bad = 1;
			}
		if (!bad)
			MPI_Comm_free(&dup);
	}
#ifdef PROGRESS_THREAD
	atomic_store(&stop, 1);
	pthread_join(t, NULL);
#endif
	printf("rank %d: %s\n", rank, bad ? "FAILED" : "ok");
	fflush(stdout);
	if (bad)
		MPI_Abort(MPI_COMM_WORLD, 1);
	MPI_Finalize();
	return 0;
}
