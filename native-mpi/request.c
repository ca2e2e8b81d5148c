/*
 * request.c - completing requests: poll first, wait between the blocking hooks only if polling was not enough.
 *
 * This is where the runtime's rule "a thread blocked in MPI must not stall the garbage collector" meets the
 * rule "the common case pays nothing".  Entering a GC-safe region costs about 45 ns in Mono 6.8 -- more than the
 * whole gap between an internal call and a P/Invoke -- so it is paid only by operations that really wait.  The
 * poll is bounded because the caller may be in a state where the collector waits for it.
 */
#include "motor-mpi-internal.h"

void motor_mpi__status_from(const MPI_Status *in, motor_status *st)
{
	MPI_Count bytes = 0;
	int cancelled = 0;

	st->source = in->MPI_SOURCE == MPI_PROC_NULL ? MOTOR_PROC_NULL : in->MPI_SOURCE;
	st->tag = in->MPI_TAG == MPI_ANY_TAG ? MOTOR_ANY_TAG : in->MPI_TAG;
	st->error = in->MPI_ERROR;
	MPI_Get_elements_x(in, MPI_BYTE, &bytes);
	MPI_Test_cancelled(in, &cancelled);
	st->bytes = bytes == MPI_UNDEFINED ? 0 : (int64_t)bytes;
	st->cancelled = cancelled;
}

/* Statistics only: a relaxed load and store, not an atomic add, so that counting costs the hot path nothing;
 * increments can be lost when threads race. */
static void count(atomic_uint_fast64_t *c)
{
	atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + 1, memory_order_relaxed);
}

static int finish(int rc, int n, MPI_Status *ms, motor_status *st)
{
	/* Testall/Waitall report per-request errors in the statuses; MPI_Test/Wait in the return code. */
	int in_status = rc == MPI_ERR_IN_STATUS;
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

int motor_mpi__complete(MPI_Request *reqs, int n, motor_status *st)
{
	MPI_Status ms[2] = {{0}}; /* MPI leaves some fields of a send's status unset */
	int flag = 0, rc;

	if (n < 1 || n > 2)
		return MOTOR_EARG;
	for (int i = 0; i < motor_mpi__spin; i++) {
		rc = n == 1 ? MPI_Test(reqs, &flag, ms) : MPI_Testall(n, reqs, &flag, ms);
		if (flag || (rc != MPI_SUCCESS && n == 1)) {
			count(&motor_mpi__immediate);
			return finish(rc, n, ms, st);
		}
		/* An error from Testall may leave the other request in flight: Waitall below finishes both. */
		if (rc != MPI_SUCCESS)
			break;
	}

	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = n == 1 ? MPI_Wait(reqs, ms) : MPI_Waitall(n, reqs, ms);
	motor_mpi__block_end(&b);
	return finish(rc, n, ms, st);
}
