/*
 * icall-p2p.c - internal calls for blocking point-to-point operations.
 *
 * Each resolves its buffers while GC-unsafe (so no collection can move them between resolving and posting),
 * then calls native-mpi, which polls and, only if it must wait, waits inside a GC-safe region.  While it
 * waits the buffer objects stay pinned and alive because this frame keeps pointers to them (MOTOR_KEEP_ALIVE)
 * and thread stacks are scanned conservatively.  Nothing is pinned explicitly: an operation that completes
 * while polling gives the collector no chance to run.
 */
#include "icalls.h"
#include "motor-pin.h"
#include "motor-runtime.h"

/* A blocking send or receive on buffer `b` of `buf`, resolved, with the check for a message to self that
 * overlaps one in flight.  For the layout forms, and for the others beyond the common case below. */
static int32_t transfer(MonoObject *buf, const struct motor_buffer *b, int32_t peer, int32_t tag,
                        int32_t comm, int recv, int32_t mode, motor_status *st)
{
	int rc;
	if (motor_pin_self_possible(recv) && (rc = motor_pin_check_self(b, recv, peer, comm)) != MOTOR_OK)
		return rc;
	if (recv && (rc = motor_recv_order_wait(peer, tag, comm)) != MOTOR_OK)
		return rc;
	rc = recv ? motor_mpi_recv(b->data, b->count, b->dt, peer, tag, comm, st)
	          : motor_mpi_send(b->data, b->count, b->dt, peer, tag, comm, mode);
	MOTOR_KEEP_ALIVE(buf);
	return rc;
}

/* The common case below does not cover: a buffer motor_buffer_resolve_fast leaves to motor_buffer_resolve, or
 * operations to self of the other direction in flight.  The whole operation out of line, so that on the
 * per-message path no value lives across a call but MPI's own (fewer registers to save). */
static MOTOR_COLD int32_t slow(MonoObject *buf, int32_t offset, int32_t count, int32_t peer, int32_t tag,
                               int32_t comm, int recv, int32_t mode, motor_status *st)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve(buf, offset, count, &b);
	return rc != MOTOR_OK ? rc : transfer(buf, &b, peer, tag, comm, recv, mode, st);
}

static inline int32_t send_buffer(MonoObject *buf, int32_t offset, int32_t count, int32_t dest, int32_t tag,
                                  int32_t comm, int32_t mode)
{
	struct motor_buffer b = {0}; /* set on every path: GCC cannot tell once `b` is in registers */
	if (motor_pin_self_possible(0) || !motor_buffer_resolve_fast(buf, offset, count, &b))
		return slow(buf, offset, count, dest, tag, comm, 0, mode, NULL);
	int rc = motor_mpi_send(b.data, b.count, b.dt, dest, tag, comm, mode);
	MOTOR_KEEP_ALIVE(buf);
	return rc;
}

static inline int32_t recv_buffer(MonoObject *buf, int32_t offset, int32_t count, int32_t source, int32_t tag,
                                  int32_t comm, motor_status *st)
{
	struct motor_buffer b = {0}; /* set on every path: GCC cannot tell once `b` is in registers */
	if (motor_pin_self_possible(1) || !motor_buffer_resolve_fast(buf, offset, count, &b))
		return slow(buf, offset, count, source, tag, comm, 1, MOTOR_SEND_STANDARD, st);
	int rc = motor_mpi_recv(b.data, b.count, b.dt, source, tag, comm, st);
	MOTOR_KEEP_ALIVE(buf);
	return rc;
}

/* The common forms have their own internal calls, with the constant argument folded in: a standard send, a
 * receive that wants no status.  Six arguments, all passed in registers. */
MOTOR_HOT_PATH
int32_t motor_icall_send(MonoObject *buf, int32_t offset, int32_t count, int32_t dest, int32_t tag,
                         int32_t comm, int32_t mode)
{
	return send_buffer(buf, offset, count, dest, tag, comm, mode);
}

MOTOR_HOT_PATH
int32_t motor_icall_send_standard(MonoObject *buf, int32_t offset, int32_t count, int32_t dest, int32_t tag,
                                  int32_t comm)
{
	return send_buffer(buf, offset, count, dest, tag, comm, MOTOR_SEND_STANDARD);
}

MOTOR_HOT_PATH
int32_t motor_icall_recv(MonoObject *buf, int32_t offset, int32_t count, int32_t source, int32_t tag,
                         int32_t comm, motor_status *st)
{
	return recv_buffer(buf, offset, count, source, tag, comm, st);
}

MOTOR_HOT_PATH
int32_t motor_icall_recv_no_status(MonoObject *buf, int32_t offset, int32_t count, int32_t source,
                                   int32_t tag, int32_t comm)
{
	return recv_buffer(buf, offset, count, source, tag, comm, NULL);
}

/* The operations on a layout of an array (System.MP.Layout). */
int32_t motor_icall_send_layout(MonoObject *buf, int32_t offset, int32_t layout, int32_t dest, int32_t tag,
                                int32_t comm, int32_t mode)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve_layout(buf, offset, layout, &b);
	return rc != MOTOR_OK ? rc : transfer(buf, &b, dest, tag, comm, 0, mode, NULL);
}

int32_t motor_icall_recv_layout(MonoObject *buf, int32_t offset, int32_t layout, int32_t source, int32_t tag,
                                int32_t comm, motor_status *st)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve_layout(buf, offset, layout, &b);
	return rc != MOTOR_OK ? rc : transfer(buf, &b, source, tag, comm, 1, MOTOR_SEND_STANDARD, st);
}

int32_t motor_icall_layout_make(MonoObject *buf, MonoArray *shape, int32_t *layout)
{
	return motor_buffer_layout_make(buf, shape, layout);
}

void motor_icall_layout_free(int32_t layout)
{
	motor_mpi_layout_free(layout);
}

/* The send and receive buffers of a Sendrecv (or Isendrecv).  MPI forbids them to share an element; disjoint
 * parts of one array are fine (a halo exchange sends one row of a double[,] and receives into another, or one
 * column and into another, whose spans interleave). */
static int sendrecv_disjoint(MonoObject *sbuf, const struct motor_buffer *s, MonoObject *rbuf,
                             const struct motor_buffer *r)
{
	if (sbuf != rbuf)
		return MOTOR_OK;
	uintptr_t s0 = (uintptr_t)s->data, r0 = (uintptr_t)r->data;
	uintptr_t s1 = s0 + (uintptr_t)s->count * motor_mpi_type_size(s->dt);
	uintptr_t r1 = r0 + (uintptr_t)r->count * motor_mpi_type_size(r->dt);
	/* An empty range shares no element with anything. */
	return s0 < s1 && r0 < r1 && s0 < r1 && r0 < s1 &&
	               motor_mpi_elements_meet(s->data, s->count, s->dt, r->data, r->count, r->dt)
	           ? MOTOR_EALIAS
	           : MOTOR_OK;
}

/* Sendrecv of two resolved buffers. */
static int sendrecv_buffers(MonoObject *sbuf, struct motor_buffer *s, int32_t dest, int32_t stag,
                            MonoObject *rbuf, struct motor_buffer *r, int32_t source, int32_t rtag,
                            int32_t comm, motor_status *st)
{
	int rc;
	if ((rc = sendrecv_disjoint(sbuf, s, rbuf, r)) != MOTOR_OK ||
	    (rc = motor_pin_check_self(s, 0, dest, comm)) != MOTOR_OK ||
	    (rc = motor_pin_check_self(r, 1, source, comm)) != MOTOR_OK ||
	    (rc = motor_recv_order_check(source, rtag, comm)) != MOTOR_OK)
		return rc;
	rc = motor_mpi_sendrecv(s->data, s->count, s->dt, dest, stag, r->data, r->count, r->dt, source, rtag,
	                        comm, st);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
}

int32_t motor_icall_sendrecv(MonoObject *sbuf, int32_t soffset, int32_t scount, int32_t dest, int32_t stag,
                             MonoObject *rbuf, int32_t roffset, int32_t rcount, int32_t source, int32_t rtag,
                             int32_t comm, motor_status *st)
{
	struct motor_buffer s, r;
	int rc;

	if ((rc = motor_buffer_resolve(sbuf, soffset, scount, &s)) != MOTOR_OK ||
	    (rc = motor_buffer_resolve(rbuf, roffset, rcount, &r)) != MOTOR_OK)
		return rc;
	return sendrecv_buffers(sbuf, &s, dest, stag, rbuf, &r, source, rtag, comm, st);
}

int32_t motor_icall_sendrecv_layout(MonoObject *sbuf, int32_t soffset, int32_t slayout, int32_t dest,
                                    int32_t stag, MonoObject *rbuf, int32_t roffset, int32_t rlayout,
                                    int32_t source, int32_t rtag, int32_t comm, motor_status *st)
{
	struct motor_buffer s, r;
	int rc;

	if ((rc = motor_buffer_resolve_layout(sbuf, soffset, slayout, &s)) != MOTOR_OK ||
	    (rc = motor_buffer_resolve_layout(rbuf, roffset, rlayout, &r)) != MOTOR_OK)
		return rc;
	return sendrecv_buffers(sbuf, &s, dest, stag, rbuf, &r, source, rtag, comm, st);
}

/* The buffers of an Isendrecv, checked before either part is posted. */
int32_t motor_icall_check_sendrecv(MonoObject *sbuf, int32_t soffset, int32_t scount, MonoObject *rbuf,
                                   int32_t roffset, int32_t rcount)
{
	struct motor_buffer s, r;
	int rc;

	if ((rc = motor_buffer_resolve(sbuf, soffset, scount, &s)) != MOTOR_OK ||
	    (rc = motor_buffer_resolve(rbuf, roffset, rcount, &r)) != MOTOR_OK)
		return rc;
	return sendrecv_disjoint(sbuf, &s, rbuf, &r);
}

int32_t motor_icall_check_layout(MonoObject *buf, int32_t offset, int32_t layout)
{
	struct motor_buffer b;
	return motor_buffer_resolve_layout(buf, offset, layout, &b);
}

int32_t motor_icall_probe(int32_t source, int32_t tag, int32_t comm, motor_status *st)
{
	return motor_mpi_probe(source, tag, comm, st);
}

int32_t motor_icall_iprobe(int32_t source, int32_t tag, int32_t comm, int32_t *flag, motor_status *st)
{
	int f = 0;
	int rc = motor_mpi_iprobe(source, tag, comm, &f, st);
	*flag = f;
	return rc;
}

int32_t motor_icall_sendrecv_replace(MonoObject *buf, int32_t offset, int32_t count, int32_t dest,
                                     int32_t stag, int32_t source, int32_t rtag, int32_t comm,
                                     motor_status *st)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve(buf, offset, count, &b);
	if (rc != MOTOR_OK || (rc = motor_pin_check_self(&b, 0, dest, comm)) != MOTOR_OK ||
	    (rc = motor_pin_check_self(&b, 1, source, comm)) != MOTOR_OK ||
	    (rc = motor_recv_order_check(source, rtag, comm)) != MOTOR_OK)
		return rc;
	rc = motor_mpi_sendrecv_replace(b.data, b.count, b.dt, dest, stag, source, rtag, comm, st);
	MOTOR_KEEP_ALIVE(buf);
	return rc;
}

/* The receive of a matched message (Message.Recv): blocking like Recv; `source` is the message's, for the
 * overlap check of a message to self. */
int32_t motor_icall_mrecv(MonoObject *buf, int32_t offset, int32_t count, motor_msg *msg, int32_t source,
                          int32_t comm, motor_status *st)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve(buf, offset, count, &b);
	if (rc != MOTOR_OK || (rc = motor_pin_check_self(&b, 1, source, comm)) != MOTOR_OK)
		return rc;
	rc = motor_mpi_mrecv(b.data, b.count, b.dt, msg, st);
	MOTOR_KEEP_ALIVE(buf);
	return rc;
}
