/*
 * request.c - completing requests: poll first, wait between the blocking hooks only if polling was not
 * enough.
 *
 * This is where the runtime's rule "a thread blocked in MPI must not stall the garbage collector" meets the
 * rule "the common case pays nothing".  Entering a GC-safe region costs about 45 ns in Mono 6.8 -- more than
 * the whole gap between an internal call and a P/Invoke -- so it is paid only by operations that really wait.
 * The poll is bounded because the caller may be in a state where the collector waits for it.
 */
#include <stdlib.h>

#include "motor-mpi-internal.h"

void motor_mpi__status_from(const MPI_Status *in, motor_status *st)
{
	int cancelled = 0;

	st->source = in->MPI_SOURCE == MPI_PROC_NULL ? MOTOR_PROC_NULL : in->MPI_SOURCE;
	st->tag = in->MPI_TAG == MPI_ANY_TAG ? MOTOR_ANY_TAG : in->MPI_TAG;
	st->error = in->MPI_ERROR;
	st->bytes = motor_compat_status_bytes(in, &cancelled);
	st->cancelled = cancelled;
}

static int finish(int rc, int n, MPI_Status *ms, motor_status *st)
{
	/* Testall/Waitall report per-request errors in the statuses; MPI_Test/Wait in the return code (their
	 * status may be MPI_STATUS_IGNORE). */
	int in_status = n > 1 && rc == MPI_ERR_IN_STATUS;
	if (in_status) {
		for (int i = 0; i < n; i++)
			if (ms[i].MPI_ERROR != MPI_SUCCESS && ms[i].MPI_ERROR != MPI_ERR_PENDING) {
				rc = ms[i].MPI_ERROR;
				break;
			}
	}
	if (!st)
		return rc;
	for (int i = 0; i < n; i++) {
		motor_mpi__status_from(&ms[i], &st[i]);
		/* MPI sets MPI_ERROR in the statuses of a multiple completion only when it reports
		 * MPI_ERR_IN_STATUS; otherwise the field is undefined. */
		if (n == 1 || !in_status)
			st[i].error = rc;
	}
	return rc;
}

/* Polls, then waits between the blocking hooks: everything but a single request complete at its first test,
 * kept out of line so that the per-message path it is called from stays short. */
static __attribute__((noinline, cold)) int complete_polling(MPI_Request *reqs, int n, motor_status *st)
{
	MPI_Status ms[2];
	int flag = 0, rc;

	if (n < 1 || n > 2)
		return MOTOR_EARG;
	/* One request and no status wanted: its error is the return code, so MPI need not fill a status.
	 * Otherwise the statuses are cleared first: MPI leaves some fields of a send's status unset. */
	MPI_Status *msp = n == 1 && !st ? MPI_STATUS_IGNORE : ms;
	if (msp == ms)
		memset(ms, 0, sizeof ms);
	for (int i = 0; i < motor_mpi__spin; i++) {
		rc = n == 1 ? MPI_Test(reqs, &flag, msp) : MPI_Testall(n, reqs, &flag, ms);
		if (flag || (rc != MPI_SUCCESS && n == 1)) {
			motor_mpi__count(&motor_mpi__immediate);
			return finish(rc, n, ms, st);
		}
		/* An error from Testall may leave the other request in flight: Waitall below finishes both.
		 */
		if (rc != MPI_SUCCESS)
			break;
	}

	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = n == 1 ? MPI_Wait(reqs, msp) : MPI_Waitall(n, reqs, ms);
	motor_mpi__block_end(&b);
	return finish(rc, n, ms, st);
}

int motor_mpi__complete(MPI_Request *reqs, int n, motor_status *st)
{
	/* The common case first: one request complete at the first test.  Without a status wanted its error
	 * is the return code, so MPI need not fill one; a status is cleared first (MPI leaves some fields of
	 * a send's status unset). */
	if (n == 1 && !st) {
		int flag = 0, rc = MPI_Test(reqs, &flag, MPI_STATUS_IGNORE);
		if (flag || rc != MPI_SUCCESS) {
			motor_mpi__count(&motor_mpi__immediate);
			return rc;
		}
	} else if (n == 1) {
		MPI_Status ms = {0};
		int flag = 0, rc = MPI_Test(reqs, &flag, &ms);
		if (flag || rc != MPI_SUCCESS) {
			motor_mpi__count(&motor_mpi__immediate);
			return finish(rc, 1, &ms, st);
		}
	}
	return complete_polling(reqs, n, st);
}

int motor_mpi_test(motor_req *req, int *flag, motor_status *st)
{
	MPI_Request r = motor_mpi__req_get(req);
	MPI_Status ms = {0};
	int rc = MPI_Test(&r, flag, st ? &ms : MPI_STATUS_IGNORE);
	motor_mpi__req_set(req, r);
	if (*flag || rc != MPI_SUCCESS) {
		*flag = 1;
		finish(rc, 1, &ms, st);
	}
	return rc;
}

int motor_mpi_wait(motor_req *req, motor_status *st)
{
	MPI_Request r = motor_mpi__req_get(req);
	int rc = motor_mpi__complete(&r, 1, st);
	motor_mpi__req_set(req, r);
	return rc;
}

int motor_mpi_done_at_post(motor_req *req, motor_status *st)
{
	if (!motor_compat_done_at_post(motor_mpi__req_get(req)))
		return 0;
	/* Not counted as a blocking operation completed at once: a non-blocking one finished early. */
	motor_mpi__req_set(req, MPI_REQUEST_NULL);
	/* What MPI_Test gives for a completed send: only the error and the cancelled flag are set. */
	if (st)
		*st = (motor_status){0};
	return 1;
}

int motor_mpi_cancel(motor_req *req)
{
	MPI_Request r = motor_mpi__req_get(req);
	return MPI_Cancel(&r);
}

int motor_mpi_waitany(int n, motor_req *reqs, int *index, motor_status *st)
{
	MPI_Request local[16];
	MPI_Request *r = n <= 16 ? local : malloc(sizeof *r * (size_t)n);
	MPI_Status ms = {0};
	int rc = MPI_SUCCESS, flag = 0;

	if (!r)
		return MOTOR_ENOMEM;
	for (int i = 0; i < n; i++)
		r[i] = motor_mpi__req_get(&reqs[i]);
	for (int i = 0; i < motor_mpi__spin && !flag; i++)
		if ((rc = MPI_Testany(n, r, index, &flag, &ms)) != MPI_SUCCESS)
			flag = 1;
	if (flag) {
		motor_mpi__count(&motor_mpi__immediate);
	} else {
		struct motor_block b;
		motor_mpi__block_begin(&b);
		rc = MPI_Waitany(n, r, index, &ms);
		motor_mpi__block_end(&b);
	}
	if (*index == MPI_UNDEFINED)
		*index = -1;
	else
		finish(rc, 1, &ms, st);
	for (int i = 0; i < n; i++)
		motor_mpi__req_set(&reqs[i], r[i]);
	if (r != local)
		free(r);
	return rc;
}
