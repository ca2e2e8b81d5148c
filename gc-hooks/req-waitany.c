/*
 * req-waitany.c - waiting for any of several requests (Request.Waitany's blocking path).
 *
 * Every request still in flight is claimed first, so that neither the GC hook nor another thread completes
 * one while MPI_Waitany holds copies of their MPI requests; the one that completes is finished, the others
 * are let go.
 */
#include <stdlib.h>

#include "req-internal.h"

/* The slot of the Request object `r`. */
static struct slot *slot_of(MonoObject *r)
{
	return motor_req__slot_at(*(int32_t *)((char *)r + MOTOR_REQ_SLOT));
}

/* Claims the slot of each Request of `reqs` still in flight: which[k] is its index in `reqs`, mreqs[k] its
 * MPI request.  Returns MOTOR_OK (*k claimed) or the error of a slot in use elsewhere, having let go of the
 * ones claimed so far. */
static int claim_all(MonoArray *reqs, int32_t *which, motor_req *mreqs, int *k)
{
	uintptr_t n = mono_array_length(reqs);
	*k = 0;
	for (uintptr_t i = 0; i < n; i++) {
		MonoObject *r = mono_array_get(reqs, MonoObject *, i);
		if (!r || atomic_load(motor_req__done(r)))
			continue;
		struct slot *sl = slot_of(r);
		if (!sl)
			continue;
		int rc = motor_req__claim(sl, *(int32_t *)((char *)r + MOTOR_REQ_GEN));
		if (rc == MOTOR_REQ_GONE)
			continue;
		if (rc != MOTOR_OK) {
			/* Held by this call already: the request appears twice, not on another thread. */
			for (int m = 0; m < *k; m++) {
				if (mono_array_get(reqs, MonoObject *, which[m]) == r)
					rc = MOTOR_EDUPREQ;
				motor_req__unclaim(slot_of(mono_array_get(reqs, MonoObject *, which[m])));
			}
			*k = 0;
			return rc;
		}
		if (sl->request != r) {
			motor_req__unclaim(sl);
			continue;
		}
		which[*k] = (int32_t)i;
		mreqs[(*k)++] = sl->req;
	}
	return MOTOR_OK;
}

int motor_pin_waitany(MonoArray *reqs, int32_t *index)
{
	uintptr_t n = mono_array_length(reqs);
	int32_t which_local[64];
	motor_req mreqs_local[64];
	int32_t *which = n <= 64 ? which_local : malloc(sizeof *which * n);
	motor_req *mreqs = n <= 64 ? mreqs_local : malloc(sizeof *mreqs * n);
	int k = 0, j = -1, rc = MOTOR_ENOMEM;

	*index = -1;
	if (!which || !mreqs)
		goto out;
	if ((rc = claim_all(reqs, which, mreqs, &k)) != MOTOR_OK || k == 0)
		goto out;
	motor_status st = {0};
	/* Object receives waiting unmatched: managed code polls them with these (Request.PollAny). */
	rc = motor_req__must_poll() ? MOTOR_EPOLL : motor_mpi_waitany(k, mreqs, &j, &st);
	if (j >= 0) {
		struct slot *sl = slot_of(mono_array_get(reqs, MonoObject *, which[j]));
		sl->req = mreqs[j];
		motor_req__finish(sl, rc, &st);
		*index = which[j];
		rc = MOTOR_OK;
	}
	for (int m = 0; m < k; m++) {
		if (m != j) /* the finished one is no longer ours */
			motor_req__unclaim(slot_of(mono_array_get(reqs, MonoObject *, which[m])));
	}
out:
	MOTOR_KEEP_ALIVE(reqs);
	if (which != which_local)
		free(which);
	if (mreqs != mreqs_local)
		free(mreqs);
	return rc;
}
