/*
 * req-complete.c - completing the operation of a slot: Wait and Test (motor_pin_complete), MPI_Cancel, and
 * what a completed receive posted (for the message of its error).
 *
 * Whoever completes an operation -- a Wait or Test, Waitany, the GC hook before the world stops, shutdown --
 * holds its slot (BY_USER or BY_GC) and ends in motor_req__finish: the result is written into the Request,
 * the buffers stop being held, native memory the operation owned is released, and the slot is freed.  A
 * Request whose slot a collection has already finished holds its result; its stale handle finds the slot's
 * generation changed and returns at once.
 */
#include "req-internal.h"

/* Writes a completion into the Request object: scalars only, so no write barrier is needed; `done` last.
 * Without a status (st NULL: a Wait or Test that wants none consumes the completion, so nobody will read it)
 * the Request's result keeps what it was made with: zeros, or an Isend's or Irecv's envelope
 * (motor_pin_envelope). */
static void tell_request(MonoObject *req, int rc, const motor_status *st)
{
	char *base = (char *)req;
	*(int32_t *)(base + MOTOR_REQ_RC) = rc;
	if (st)
		memcpy(base + MOTOR_REQ_RESULT, st, sizeof *st);
	atomic_store_explicit(motor_req__done(req), 1, memory_order_release);
}

/* What only some operations need at completion: leaving the list of operations to self, and the end of a
 * collective whose user-defined operator may run managed code.  Returns the result to tell. */
static MOTOR_COLD int finish_rare(struct slot *sl, int rc)
{
	motor_req__drop_self(sl);
	if (sl->user_op) {
		/* Tells managed code to look for an exception the operator threw (Op.Reduced). */
		if (rc == MOTOR_OK)
			rc = MOTOR_PIN_USER_OP_RAN;
		sl->user_op = 0;
		motor_pin_user_code_leave();
	}
	return rc;
}

void motor_req__finish(struct slot *sl, int rc, const motor_status *st)
{
	if (__builtin_expect(sl->rare, 0))
		rc = finish_rare(sl, rc);
	tell_request(sl->request, rc, st);
	sl->buffer = sl->buffer2 = NULL;
	sl->request = NULL;
	if (sl->owned) {
		/* Runs from Wait/Test or from the GC hook before the world stops: never with the world
		 * stopped. */
		sl->release(sl->owned, sl->owned_cap);
		sl->owned = NULL;
	}
	motor_req__free(sl);
}

int motor_req__finish_if_done(struct slot *sl)
{
	motor_status st = {0};
	int flag = 0;
	int rc = motor_mpi_test(&sl->req, &flag, &st);
	if (!flag) {
		motor_req__unclaim(sl);
		return 0;
	}
	motor_req__finish(sl, rc, &st);
	return 1;
}

int motor_pin_complete(MonoObject *req, int32_t index, int32_t gen, int how, int32_t *flag)
{
	struct slot *sl = motor_req__slot_at(index);
	motor_status st;
	int rc, f = 1;

	if (!sl)
		return MOTOR_EARG;
	/* Completed by a collection in the meantime: the result is already in the Request.  (Or a handle
	 * forged by reflection: nothing to tell.) */
	/* A settle holds the slot as the hook does, for one test: a Wait of the program meanwhile waits for
	 * it. */
	int holder = (how & MOTOR_PIN_SETTLE) ? BY_GC : BY_USER;
	if ((rc = motor_req__claim_as(sl, gen, holder)) != MOTOR_OK && rc != MOTOR_REQ_GONE)
		return rc;
	if (rc == MOTOR_REQ_GONE || sl->request != req) {
		if (rc == MOTOR_OK)
			motor_req__unclaim(sl);
		*flag = 1;
		return MOTOR_OK;
	}
	/* Converting the status costs two more MPI calls under Open MPI (mpi-compat.h): only when someone
	 * will read it. */
	motor_status *stp = (how & MOTOR_PIN_STATUS) ? &st : NULL;
	int poll = (how & MOTOR_PIN_WAIT) && motor_req__must_poll();
	if ((how & MOTOR_PIN_WAIT) && !poll)
		rc = motor_mpi_wait(&sl->req, stp);
	else
		rc = motor_mpi_test(&sl->req, &f, stp);
	if (f)
		motor_req__finish(sl, rc, stp);
	else
		motor_req__unclaim(sl);
	*flag = f;
	/* The error, if any, is in the Request with the status. */
	return f || !poll ? MOTOR_OK : MOTOR_EPOLL;
}

static inline int complete_held(MonoObject *req, int how, int32_t *flag)
{
	const char *base = (const char *)req;
	return motor_pin_complete(req, *(const int32_t *)(base + MOTOR_REQ_SLOT),
	                          *(const int32_t *)(base + MOTOR_REQ_GEN), how, flag);
}

/* The common case of Wait () and Test () -- the slot idle and the Request's own -- with nothing kept across
 * MPI's call but the slot and the Request (fewer registers to save): the slot claimed, or NULL for the
 * general way (complete_held), which claims it itself. */
static inline struct slot *claim_own(MonoObject *req)
{
	const char *base = (const char *)req;
	int32_t gen = *(const int32_t *)(base + MOTOR_REQ_GEN);
	struct slot *sl = motor_req__slot_at(*(const int32_t *)(base + MOTOR_REQ_SLOT));
	int expected = IDLE;
	if (!sl || !atomic_compare_exchange_strong(&sl->busy, &expected, BY_USER))
		return NULL;
	if (atomic_load_explicit(&sl->gen, memory_order_acquire) == gen && sl->request == req)
		return sl;
	motor_req__unclaim(sl);
	return NULL;
}

static MOTOR_COLD int wait_general(MonoObject *req, int how)
{
	int32_t flag;
	return complete_held(req, MOTOR_PIN_WAIT | how, &flag);
}

/* An operation not complete at the first test lets go of the slot and waits the general way, which claims it
 * again (the hook may have completed the operation in between: then the result is in the Request already).
 * st: where the status goes on the way into the Request, or NULL (a constant) for none. */
static inline int wait_own(MonoObject *req, motor_status *st)
{
	struct slot *sl = claim_own(req);
	int how = st ? MOTOR_PIN_STATUS : 0;
	if (!sl)
		return wait_general(req, how);
	int done, rc = motor_mpi_wait_try(&sl->req, st, &done);
	if (!done) {
		motor_req__unclaim(sl);
		return wait_general(req, how);
	}
	motor_req__finish(sl, rc, st);
	return MOTOR_OK;
}

int motor_pin_wait(MonoObject *req)
{
	return wait_own(req, NULL);
}

int motor_pin_wait_status(MonoObject *req)
{
	motor_status st;
	return wait_own(req, &st);
}

/* Element i of a Request[] (NULL or a Request), read where it is now: a collection during a wait may have
 * moved the Requests, not the array, which the caller's frame holds and so pins. */
static inline char *request_at(MonoArray *reqs, uintptr_t i)
{
	return ((char **)((char *)reqs + motor_mono_layout.array_data))[i];
}

int motor_pin_waitall(MonoArray *reqs, int32_t from, int32_t *at)
{
	uintptr_t n = motor_mono_array_length((MonoObject *)reqs), i = from < 0 ? 0 : (uintptr_t)from;
	int rc = MOTOR_OK;
	for (; i < n; i++) {
		char *r = request_at(reqs, i);
		if (!r)
			continue;
		uint8_t *ended = (uint8_t *)(r + MOTOR_REQ_ENDED);
		if (*ended) {
			*ended |= MOTOR_REQ_CONSUMED;
			continue;
		}
		if (*(const int32_t *)(r + MOTOR_REQ_SLOT) < 0) {
			rc = MOTOR_PIN_WAITALL_OTHER;
			break;
		}
		if (!atomic_load_explicit(motor_req__done((MonoObject *)r), memory_order_acquire) &&
		    (rc = wait_own((MonoObject *)r, NULL)) != MOTOR_OK)
			break;
		*ended = MOTOR_REQ_CONSUMED;
		if (*(const int32_t *)(r + MOTOR_REQ_RC) != MOTOR_OK) {
			rc = MOTOR_PIN_WAITALL_RAISE;
			break;
		}
	}
	*at = (int32_t)i;
	MOTOR_KEEP_ALIVE(reqs);
	return rc;
}

/* One test: 1 if the operation has completed, 0 if not, or an error (< 0). */
static inline int test_held(MonoObject *req, int how)
{
	int32_t flag = 0;
	int rc = complete_held(req, how, &flag);
	return rc != MOTOR_OK ? rc : flag;
}

static MOTOR_COLD int test_general(MonoObject *req, int how)
{
	return test_held(req, how);
}

/* st: as for wait_own. */
static inline int test_own(MonoObject *req, motor_status *st)
{
	struct slot *sl = claim_own(req);
	if (!sl)
		return test_general(req, st ? MOTOR_PIN_STATUS : 0);
	int flag = 0, rc = motor_mpi_test_slot(&sl->req, &flag, st);
	if (!flag) {
		motor_req__unclaim(sl);
		return 0;
	}
	motor_req__finish(sl, rc, st);
	return 1;
}

int motor_pin_test(MonoObject *req)
{
	return test_own(req, NULL);
}

int motor_pin_test_status(MonoObject *req)
{
	motor_status st;
	return test_own(req, &st);
}

int motor_pin_testall(MonoArray *reqs, int32_t from, int32_t *at)
{
	uintptr_t n = motor_mono_array_length((MonoObject *)reqs), i = from < 0 ? 0 : (uintptr_t)from;
	int rc = MOTOR_PIN_TESTALL_DONE, all = 1;
	for (; i < n; i++) {
		char *r = request_at(reqs, i);
		if (!r || *(const uint8_t *)(r + MOTOR_REQ_ENDED) ||
		    atomic_load_explicit(motor_req__done((MonoObject *)r), memory_order_acquire))
			continue;
		if (*(const int32_t *)(r + MOTOR_REQ_SLOT) < 0) {
			rc = MOTOR_PIN_WAITALL_OTHER;
			break;
		}
		motor_status st;
		int got = test_own((MonoObject *)r, &st);
		if (got < 0) {
			rc = got;
			break;
		}
		all &= got; /* 0: still in flight; the ones after it are tested all the same */
	}
	if (rc == MOTOR_PIN_TESTALL_DONE && !all)
		rc = 0;
	*at = (int32_t)i;
	MOTOR_KEEP_ALIVE(reqs);
	return rc;
}

int motor_pin_settle(MonoObject *req)
{
	return test_held(req, MOTOR_PIN_SETTLE);
}

int motor_pin_posted(int32_t index, int32_t gen, int64_t *count, int *dt)
{
	struct slot *sl = motor_req__slot_at(index);
	if (!sl)
		return MOTOR_EARG;
	/* Freed exactly once since the operation was posted (free bumps gen), and not taken again: a post
	 * would have made it BY_USER before writing count and dt, and its completion would have bumped gen
	 * again.  Checked before and after reading, so what is read is what the operation posted. */
	int32_t freed = gen + 1;
	if (atomic_load(&sl->busy) != UNUSED || atomic_load(&sl->gen) != freed)
		return MOTOR_EARG;
	int32_t c = __atomic_load_n(&sl->count, __ATOMIC_RELAXED);
	int d = __atomic_load_n(&sl->dt, __ATOMIC_RELAXED);
	uint64_t layout = __atomic_load_n(&sl->layout_elems, __ATOMIC_RELAXED);
	atomic_thread_fence(memory_order_acquire);
	if (atomic_load(&sl->busy) != UNUSED || atomic_load(&sl->gen) != freed)
		return MOTOR_EARG;
	/* A layout: what it selects, as that many elements of its element type. */
	if (d >= MOTOR_DT_LAYOUT && layout) {
		c = (int32_t)(uint32_t)layout;
		d = (int)(layout >> 32);
	}
	*count = c;
	*dt = d;
	return MOTOR_OK;
}

int motor_pin_cancel(int32_t index, int32_t gen)
{
	struct slot *sl = motor_req__slot_at(index);
	int rc;

	if (!sl)
		return MOTOR_EARG;
	if ((rc = motor_req__claim(sl, gen)) != MOTOR_OK)
		return rc == MOTOR_REQ_GONE ? MOTOR_OK : rc; /* over: nothing to cancel */
	rc = motor_mpi_cancel(&sl->req);
	motor_req__unclaim(sl);
	return rc;
}
