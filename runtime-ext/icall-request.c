/*
 * icall-request.c - internal calls for non-blocking operations and requests.  The pinning policy and the slot
 * table are the request layer of gc-hooks/ (motor-pin.h); these only resolve buffers and pass handles along.
 */
#include "icalls.h"
#include "motor-pin.h"
#include "motor-runtime.h"

/* Isend/Irecv on a buffer that motor_buffer_resolve_fast leaves to motor_buffer_resolve, or when
 * motor_pin_fast_ready says no (operations to self of the other direction in flight, receives diverted while
 * object receives wait (recv-order.c), no cached slot): out of line, so that the per-message path below keeps
 * no value across a call it does not need. */
static MOTOR_COLD int32_t post_slow(MonoObject *buf, int32_t offset, int32_t count, int recv, int32_t peer,
                                    int32_t tag, int32_t comm, int32_t mode, MonoObject *req)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve(buf, offset, count, &b);
	if (rc != MOTOR_OK || (recv && (rc = motor_recv_order_check(peer, tag, comm)) != MOTOR_OK))
		return rc;
	return recv ? motor_pin_post(req, buf, &b, 1, peer, tag, comm, MOTOR_SEND_STANDARD)
	            : motor_pin_post(req, buf, &b, 0, peer, tag, comm, mode);
}

/* Isend and Irecv take the peer and tag from the Request (motor_pin_envelope): five and six arguments, all
 * in registers. */
MOTOR_HOT_PATH
int32_t motor_icall_isend(MonoObject *buf, int32_t offset, int32_t count, int32_t comm, int32_t mode,
                          MonoObject *req)
{
	struct motor_buffer b;
	int32_t dest, tag;
	motor_pin_envelope(req, &dest, &tag);
	if (!motor_pin_fast_ready(0) || !motor_buffer_resolve_fast(buf, offset, count, &b))
		return post_slow(buf, offset, count, 0, dest, tag, comm, mode, req);
	return motor_pin_post_fast(req, buf, &b, 0, dest, tag, comm, mode);
}

MOTOR_HOT_PATH
int32_t motor_icall_irecv(MonoObject *buf, int32_t offset, int32_t count, int32_t comm, MonoObject *req)
{
	struct motor_buffer b;
	int32_t source, tag;
	motor_pin_envelope(req, &source, &tag);
	if (!motor_pin_fast_ready(1) || !motor_buffer_resolve_fast(buf, offset, count, &b))
		return post_slow(buf, offset, count, 1, source, tag, comm, MOTOR_SEND_STANDARD, req);
	return motor_pin_post_fast(req, buf, &b, 1, source, tag, comm, MOTOR_SEND_STANDARD);
}

int32_t motor_icall_isend_layout(MonoObject *buf, int32_t offset, int32_t layout, int32_t dest, int32_t tag,
                                 int32_t comm, int32_t mode, MonoObject *req)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve_layout(buf, offset, layout, &b);
	return rc != MOTOR_OK ? rc : motor_pin_post_layout(req, buf, &b, 0, dest, tag, comm, mode);
}

int32_t motor_icall_irecv_layout(MonoObject *buf, int32_t offset, int32_t layout, int32_t source, int32_t tag,
                                 int32_t comm, MonoObject *req)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve_layout(buf, offset, layout, &b);
	if (rc == MOTOR_OK)
		rc = motor_recv_order_check(source, tag, comm);
	return rc != MOTOR_OK
	           ? rc
	           : motor_pin_post_layout(req, buf, &b, 1, source, tag, comm, MOTOR_SEND_STANDARD);
}

MOTOR_HOT_PATH
int32_t motor_icall_request_complete(MonoObject *req, int32_t slot, int32_t gen, int32_t wait, int32_t *flag)
{
	int rc = motor_pin_complete(req, slot, gen, wait, flag);
	MOTOR_KEEP_ALIVE(req);
	return rc;
}

MOTOR_HOT_PATH
int32_t motor_icall_request_wait(MonoObject *req)
{
	int rc = motor_pin_wait(req);
	MOTOR_KEEP_ALIVE(req);
	return rc;
}

MOTOR_HOT_PATH
int32_t motor_icall_request_wait_status(MonoObject *req)
{
	int rc = motor_pin_wait_status(req);
	MOTOR_KEEP_ALIVE(req);
	return rc;
}

MOTOR_HOT_PATH
int32_t motor_icall_request_test(MonoObject *req)
{
	int rc = motor_pin_test(req);
	MOTOR_KEEP_ALIVE(req);
	return rc;
}

MOTOR_HOT_PATH
int32_t motor_icall_request_test_status(MonoObject *req)
{
	int rc = motor_pin_test_status(req);
	MOTOR_KEEP_ALIVE(req);
	return rc;
}

int32_t motor_icall_request_settle(MonoObject *req)
{
	int rc = motor_pin_settle(req);
	MOTOR_KEEP_ALIVE(req);
	return rc;
}

int32_t motor_icall_request_posted(int32_t slot, int32_t gen, int64_t *count, int32_t *dt)
{
	int d = 0;
	int rc = motor_pin_posted(slot, gen, count, &d);
	*dt = d;
	return rc;
}

int32_t motor_icall_request_cancel(int32_t slot, int32_t gen)
{
	return motor_pin_cancel(slot, gen);
}

MOTOR_HOT_PATH
int32_t motor_icall_request_waitall(MonoArray *reqs, int32_t from, int32_t *at)
{
	*at = from;
	return reqs ? motor_pin_waitall(reqs, from, at) : MOTOR_ENULL;
}

MOTOR_HOT_PATH
int32_t motor_icall_request_testall(MonoArray *reqs, int32_t from, int32_t *at)
{
	*at = from;
	return reqs ? motor_pin_testall(reqs, from, at) : MOTOR_ENULL;
}

int32_t motor_icall_waitany(MonoArray *reqs, int32_t *index)
{
	if (!reqs)
		return MOTOR_ENULL;
	return motor_pin_waitany(reqs, index);
}

void motor_icall_pin_counts(MonoArray *counts)
{
	struct motor_pin_counts c;
	motor_pin_counts(&c);
	const uint64_t v[] = {c.pins_taken,   c.pins_avoided, c.gc_released,
	                      c.gc_completed, c.in_flight,    c.slots};
	uintptr_t n = counts ? mono_array_length(counts) : 0;
	for (uintptr_t i = 0; i < n && i < sizeof v / sizeof v[0]; i++)
		mono_array_set(counts, int64_t, i, (int64_t)v[i]);
}

/* Message.Irecv: the receive of a matched message, posted like an Irecv. */
int32_t motor_icall_imrecv(MonoObject *buf, int32_t offset, int32_t count, motor_msg *msg, int32_t source,
                           int32_t comm, MonoObject *req)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve(buf, offset, count, &b);
	if (rc != MOTOR_OK)
		return rc;
	return motor_pin_post_mrecv(req, buf, &b, msg, source, comm);
}
