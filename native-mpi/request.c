/*
 * request.c - completing requests: poll first, wait between the blocking hooks only if polling was not
 * enough.
 *
 * This is where the runtime's rule "a thread blocked in MPI must not stall the garbage collector" meets the
 * rule "the common case pays nothing".  Entering a GC-safe region costs about 45 ns in Mono 6.8 -- more than
 * the whole gap between an internal call and a P/Invoke -- so it is paid only by operations that really wait.
 * The poll is bounded because the caller may be in a state where the collector waits for it.
 */
#include <sched.h>
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
		int cls = MPI_SUCCESS;
		if (!MOTOR_COMPAT_TRUNCATED_SIZE && st[i].error != MPI_SUCCESS &&
		    MPI_Error_class(st[i].error, &cls) == MPI_SUCCESS && cls == MPI_ERR_TRUNCATE)
			st[i].bytes = 0; /* not the message's size (mpi-compat.h) */
	}
	return rc;
}

/* ---- polling instead of blocking ---------------------------------------------------------------------- */

static void (*poll_hook)(void);
static atomic_int unmatched;
static _Thread_local int exempt;

void motor_mpi_set_poll_hook(void (*hook)(void))
{
	poll_hook = hook;
}

void motor_mpi_set_unmatched(int n)
{
	atomic_store_explicit(&unmatched, n, memory_order_relaxed);
}

int motor_mpi_unmatched(void)
{
	return atomic_load_explicit(&unmatched, memory_order_relaxed);
}

void motor_mpi_poll_exempt(int e)
{
	exempt = e;
}

int motor_mpi__polling(void)
{
	return atomic_load_explicit(&motor_mpi__staged_pending, memory_order_relaxed) ||
	       atomic_load_explicit(&unmatched, memory_order_relaxed) > exempt;
}

void motor_mpi__poll_round(struct motor_block *b)
{
	if (atomic_load_explicit(&motor_mpi__staged_pending, memory_order_relaxed))
		motor_mpi__staged_progress_slow();
	if (poll_hook && atomic_load_explicit(&unmatched, memory_order_relaxed) > exempt) {
		motor_mpi__block_end(b);
		poll_hook();
		motor_mpi__block_begin(b);
	}
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
			MOTOR_COUNT(&motor_mpi__immediate);
			return finish(rc, n, ms, st);
		}
		/* An error from Testall may leave the other request in flight: Waitall below finishes both.
		 */
		if (rc != MPI_SUCCESS)
			break;
	}

	struct motor_block b;
	motor_mpi__block_begin(&b);
	while (!flag && motor_mpi__polling()) {
		/* Non-blocking collectives wait for their agreement: keep starting them (icoll.c); object
		 * receives wait unmatched: let the runtime test them. */
		motor_mpi__poll_round(&b);
		rc = n == 1 ? MPI_Test(reqs, &flag, msp) : MPI_Testall(n, reqs, &flag, ms);
		if (rc != MPI_SUCCESS && n == 1)
			flag = 1;
		else if (!flag)
			sched_yield();
	}
	if (!flag)
		rc = n == 1 ? MPI_Wait(reqs, msp) : MPI_Waitall(n, reqs, ms);
	motor_mpi__block_end(&b);
	return finish(rc, n, ms, st);
}

/* The first test of a wait for one request: *done 1 if it has completed (or failed: its error is returned),
 * counted as completed at once, with its status in *st if st is not NULL.  Without a status wanted the error
 * is the return code, so MPI need not fill one; a status is cleared first (MPI leaves some fields of a send's
 * status unset).  Callers pass st NULL as a constant where they want none, so that it costs nothing. */
static inline int first_test(MPI_Request *r, motor_status *st, int *done)
{
	MPI_Status ms = {0};
	int flag, rc = MPI_Test(r, &flag, st ? &ms : MPI_STATUS_IGNORE);
	*done = rc != MPI_SUCCESS || flag; /* flag is set only on success */
	if (!*done)
		return rc;
	MOTOR_COUNT(&motor_mpi__immediate);
	return st ? finish(rc, 1, &ms, st) : rc;
}

int motor_mpi__complete(MPI_Request *reqs, int n, motor_status *st)
{
	/* The common case first: one request complete at the first test. */
	if (n == 1) {
		int done, rc = st ? first_test(reqs, st, &done) : first_test(reqs, NULL, &done);
		if (done)
			return rc;
	}
	return complete_polling(reqs, n, st);
}

/* A staged collective that ended with its agreement: completed, with MPI's empty status and the error (none
 * when the agreement carried it out). */
static int staged_ended(int rc, motor_status *st)
{
	if (st)
		*st = (motor_status){.source = MOTOR_ANY_SOURCE, .tag = MOTOR_ANY_TAG, .error = rc};
	return rc;
}

/* Waits until a staged collective's agreement has completed and its data collective started (or failed):
 * polls, then polls between the blocking hooks, starting other ranks' awaited collectives meanwhile. */
static __attribute__((noinline, cold)) int staged_wait(motor_req *req, int *rc)
{
	int how = motor_mpi__staged_resolve(req, rc);
	for (int i = 0; how == MOTOR_STAGED_AGREEING && i < motor_mpi__spin; i++)
		how = motor_mpi__staged_resolve(req, rc);
	if (how != MOTOR_STAGED_AGREEING)
		return how;
	struct motor_block b;
	motor_mpi__block_begin(&b);
	while ((how = motor_mpi__staged_resolve(req, rc)) == MOTOR_STAGED_AGREEING)
		sched_yield();
	motor_mpi__block_end(&b);
	return how;
}

/* motor_mpi_test of a staged collective, kept out of the per-message path. */
static __attribute__((noinline, cold)) int staged_test(motor_req *req, int *flag, motor_status *st)
{
	int rc = MPI_SUCCESS, how = motor_mpi__staged_resolve(req, &rc);
	*flag = how == MOTOR_STAGED_ENDED;
	if (how != MOTOR_STAGED_POSTED)
		return how == MOTOR_STAGED_ENDED ? staged_ended(rc, st) : MPI_SUCCESS;
	MPI_Status ms = {0};
	rc = MPI_Test(motor_mpi__staged_data(req), flag, st ? &ms : MPI_STATUS_IGNORE);
	if (*flag || rc != MPI_SUCCESS) {
		*flag = 1;
		finish(rc, 1, &ms, st);
		motor_mpi__staged_done(req);
	}
	return rc;
}

/* One MPI_Test of an MPI request: a failure counts as completed. */
static inline int test_once(MPI_Request *r, int *flag, motor_status *st)
{
	MPI_Status ms = {0};
	int rc = MPI_Test(r, flag, st ? &ms : MPI_STATUS_IGNORE);
	if (*flag || rc != MPI_SUCCESS) {
		*flag = 1;
		finish(rc, 1, &ms, st);
	}
	return rc;
}

int motor_mpi_test(motor_req *req, int *flag, motor_status *st)
{
	if (__builtin_expect(motor_mpi__is_staged(req), 0))
		return staged_test(req, flag, st);
	MPI_Request r = motor_mpi__req_get(req);
	int rc = test_once(&r, flag, st);
	motor_mpi__req_set(req, r);
	return rc;
}

int motor_mpi_test_slot(motor_req *req, int *flag, motor_status *st)
{
	if (__builtin_expect(motor_mpi__is_staged(req), 0))
		return motor_mpi_test(req, flag, st);
	MPI_Request r = motor_mpi__req_get(req);
	return test_once(&r, flag, st);
}

int motor_mpi_wait(motor_req *req, motor_status *st)
{
	if (__builtin_expect(motor_mpi__is_staged(req), 0)) {
		int rc = MPI_SUCCESS;
		if (staged_wait(req, &rc) == MOTOR_STAGED_ENDED)
			return staged_ended(rc, st);
		rc = motor_mpi__complete(motor_mpi__staged_data(req), 1, st);
		motor_mpi__staged_done(req);
		return rc;
	}
	MPI_Request r = motor_mpi__req_get(req);
	int rc = motor_mpi__complete(&r, 1, st);
	motor_mpi__req_set(req, r);
	return rc;
}

int motor_mpi_wait_try(motor_req *req, motor_status *st, int *done)
{
	*done = 0;
	if (__builtin_expect(motor_mpi__is_staged(req), 0))
		return MPI_SUCCESS;
	MPI_Request r = motor_mpi__req_get(req);
	return first_test(&r, st, done);
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
	if (motor_mpi__is_staged(req))
		return MPI_SUCCESS; /* a collective: MPI cannot cancel it, and nothing of it needs cancelling
		                     */
	MPI_Request r = motor_mpi__req_get(req);
	return MPI_Cancel(&r);
}

/* Resolves the staged collectives of `reqs` (as motor_mpi_test does one) and fills r[] with the MPI requests
 * to test (null for those still agreeing).  Returns the index of one that ended with its agreement (now null;
 * its status and error in *st, *rc), else -1; *agreeing counts those still agreeing. */
static int staged_scan(int n, motor_req *reqs, MPI_Request *r, int *agreeing, int *rc, motor_status *st)
{
	int ended = -1;
	*agreeing = 0;
	for (int i = 0; i < n; i++) {
		int how = MOTOR_STAGED_POSTED;
		if (motor_mpi__is_staged(&reqs[i]) && ended >= 0) {
			r[i] = MPI_REQUEST_NULL; /* not looked at: the one that ended is the result */
			continue;
		}
		if (motor_mpi__is_staged(&reqs[i])) {
			how = motor_mpi__staged_resolve(&reqs[i], rc);
			if (how == MOTOR_STAGED_ENDED) {
				staged_ended(*rc, st);
				ended = i;
			}
		}
		if (!motor_mpi__is_staged(&reqs[i]))
			r[i] = motor_mpi__req_get(&reqs[i]);
		else if (how == MOTOR_STAGED_POSTED)
			r[i] = *motor_mpi__staged_data(&reqs[i]);
		else {
			r[i] = MPI_REQUEST_NULL;
			(*agreeing)++;
		}
	}
	return ended;
}

int motor_mpi_waitany(int n, motor_req *reqs, int *index, motor_status *st)
{
	MPI_Request local[16];
	MPI_Request *r = n <= 16 ? local : malloc(sizeof *r * (size_t)n);
	MPI_Status ms = {0};
	struct motor_block b;
	int rc = MPI_SUCCESS, flag = 0, agreeing = 0, blocked = 0, ended = -1;

	if (!r)
		return MOTOR_ENOMEM;
	for (int i = 0;; i++) {
		if ((ended = staged_scan(n, reqs, r, &agreeing, &rc, st)) >= 0) {
			*index = ended; /* ended with its agreement: completed, with its error if any */
			break;
		}
		if ((rc = MPI_Testany(n, r, index, &flag, &ms)) != MPI_SUCCESS)
			flag = 1;
		/* All null but collectives still agreeing: not "none active". */
		if (flag && !(*index == MPI_UNDEFINED && agreeing && rc == MPI_SUCCESS))
			break;
		flag = 0;
		if (i < motor_mpi__spin)
			continue;
		if (!blocked) {
			motor_mpi__block_begin(&b);
			blocked = 1;
		}
		if (!agreeing && !motor_mpi__polling()) {
			rc = MPI_Waitany(n, r, index, &ms);
			break;
		}
		motor_mpi__poll_round(&b);
		sched_yield();
	}
	if (blocked)
		motor_mpi__block_end(&b);
	else
		MOTOR_COUNT(&motor_mpi__immediate);
	if (*index == MPI_UNDEFINED)
		*index = -1;
	else if (ended < 0)
		finish(rc, 1, &ms, st);
	/* One that ended is null now; those still agreeing were null in r[] and did not complete. */
	for (int k = 0; k < n; k++) {
		if (!motor_mpi__is_staged(&reqs[k]))
			motor_mpi__req_set(&reqs[k], r[k]);
		else if (k == *index && ended < 0)
			motor_mpi__staged_done(&reqs[k]);
		else if (r[k] != MPI_REQUEST_NULL)
			*motor_mpi__staged_data(&reqs[k]) = r[k];
	}
	if (r != local)
		free(r);
	return rc;
}
