/*
 * req-post.c - posting a non-blocking operation into a slot: Isend/Irecv and the receive of a matched
 * message on a managed buffer, an operation without a buffer (Comm.Idup), a serialised object message, a
 * non-blocking collective.
 *
 * Every post goes the same way: take a free slot (it is BY_USER, invisible to the hook), fill in what it
 * holds, publish it (the Request learns its handle and the slot becomes ACTIVE, so the roots hold its
 * buffers from the next collection on), post the MPI operation, then close: a failed post gives everything
 * back and leaves nothing behind; a posted operation becomes IDLE, for Wait/Test and the hook to take.
 *
 * The policy: pin what can move; keep alive what cannot.  Both go through the root table: for a large object,
 * which SGen never moves, being held by a root only keeps it alive -- at the cost of one word, where a GC
 * handle would cost ~40 ns per operation.
 */
#include <stdlib.h>

#include <mono/metadata/object.h>

#include "req-internal.h"

/* `recv` is the slot's: passed, so that a post whose direction is a constant stores a constant. */
static void publish(struct slot *sl, MonoObject *req, int recv)
{
	sl->request = req;
	motor_req__publish_handle(req, sl);
	/* Request.Cancel refuses sends whatever their state, so the kind must outlive the slot. */
	*(uint8_t *)((char *)req + MOTOR_REQ_SEND) = (uint8_t)!recv;
	atomic_store_explicit(&sl->state, ACTIVE, memory_order_release);
}

static int close_slot(struct slot *sl, MonoObject *req, int rc)
{
	if (rc != MOTOR_OK) {
		motor_req__drop_self(sl);
		sl->buffer = sl->buffer2 = sl->request = NULL;
		sl->owned = NULL;
		motor_req__set_handle(req, -1, 0);
		motor_req__free(sl);
	} else {
		motor_req__unclaim(sl);
	}
	return rc;
}

static MOTOR_COLD void note_layout(struct slot *sl, int dt)
{
	int elem;
	size_t span;
	int64_t n = 0;
	sl->layout_elems =
	    motor_mpi_layout_info(dt, &elem, &span, &n) ? (uint64_t)elem << 32 | (uint32_t)n : 0;
}

/* Fills in a slot for an operation on buffer `b` of `obj`.  What a free slot already holds (req-internal.h:
 * not listed, no user operator, no second buffer, nothing owned) is not written again. */
static void fill_buffer(struct slot *sl, MonoObject *obj, const struct motor_buffer *b, int recv)
{
	sl->lo = (uintptr_t)b->data;
	sl->count = (int32_t)b->count; /* at most INT32_MAX: motor_buffer_resolve's count is an int32 */
	sl->dt = (int16_t)b->dt;
	sl->recv = (int16_t)recv;
	sl->buffer = obj;
	sl->movable = b->obj_bytes <= SGEN_MAX_SMALL_OBJ_SIZE;
}

/* Lists a slot whose operation a message to self may match (sl->lo its buffer's address, sl->count and
 * sl->dt what it posted).  Best effort, like the check itself: without memory for the list the operation goes
 * unlisted. */
static MOTOR_COLD void list_self(struct slot *sl)
{
	sl->hi = sl->lo + (uintptr_t)sl->count * motor_mpi_type_size(sl->dt);
	motor_req__add_self(sl);
}

/* The cold paths take the buffer's fields, not its address: `b` then stays in registers on the common path.
 *
 * Whether a post of this direction must be checked against the buffers to self in flight before it is made:
 * only while there are some of the other direction.  A matched receive always is (its source is known only
 * as the message's). */
static MOTOR_COLD int refused_self(struct motor_buffer b, int recv, int peer, int comm, int *self)
{
	uintptr_t lo, hi;
	int refused;
	*self = motor_req__self_range(&b, recv, peer, comm, &lo, &hi, &refused);
	return refused;
}

/* MPI's status of a receive from PROC_NULL. */
static const motor_status proc_null_status = {.source = MOTOR_PROC_NULL, .tag = MOTOR_ANY_TAG};

/* A receive from PROC_NULL has completed at its post.  It is finished here with MPI's status for it, which
 * not every library gives the request (MPICH 4.0.2's reports source 0 and tag 0).  1 if finished. */
static MOTOR_COLD int finish_proc_null(struct slot *sl)
{
	int flag = 0;
	int rc = motor_mpi_test(&sl->req, &flag, NULL);
	if (rc == MOTOR_OK && !flag)
		return 0;
	motor_req__finish(sl, rc, &proc_null_status);
	return 1;
}

/* What post_buffer posts from: a buffer of a primitive type or plain struct, a layout (b->dt is one), or the
 * former for a caller that motor_pin_fast_ready allowed just before (motor_pin_post_fast: no check for a
 * message to self, a slot from the thread's cache). */
enum form { PLAIN, LAYOUT, FAST };

/* Posting on a managed buffer: a send, a receive, or (msg not NULL) the receive of a matched message, whose
 * peer is the message's source.  Inlined into each caller, so the common forms test neither msg nor form.
 *
 * An operation that may be a message to self is listed (self-overlap.c) after it is posted -- native-mpi
 * tells, from the communicator it has looked up anyway -- but while its slot is still BY_USER, so before
 * anyone else can complete it; and it is checked before it is posted, which costs a communicator lookup of
 * its own, only while operations to self of the other direction are in flight. */
static inline int post_buffer(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int recv,
                              int peer, int tag, int comm, int mode, motor_msg *msg, enum form form,
                              int hooked)
{
	int self = 0, to_self = 0;
	if (form != FAST && (msg || motor_pin_self_possible(recv)) &&
	    refused_self(*b, recv, peer, comm, &self))
		return MOTOR_EOVERLAP;
	struct slot *sl;
	int rc = MOTOR_OK;
	if (form == FAST)
		sl = motor_req__take_cached();
	else if ((rc = motor_req__alloc(&sl)) != MOTOR_OK)
		return rc;
	fill_buffer(sl, obj, b, recv);
	if (form == LAYOUT)
		note_layout(sl, b->dt);
	publish(sl, req, recv);

	if (msg) {
		/* The "no process" message of a probe from PROC_NULL posts nothing: complete at once, with
		 * MPI's status for it. */
		int no_proc = motor_mpi_msg_is_no_proc(msg);
		rc = motor_mpi_imrecv(b->data, b->count, b->dt, msg, &sl->req);
		to_self = self;
		if (rc == MOTOR_OK && no_proc) {
			motor_req__finish(sl, MOTOR_OK, &proc_null_status);
			return MOTOR_OK;
		}
	} else {
		rc = hooked ? motor_mpi_irecv_hooked(b->data, b->count, b->dt, peer, tag, comm, &sl->req,
		                                     &to_self)
		     : recv ? motor_mpi_irecv(b->data, b->count, b->dt, peer, tag, comm, &sl->req, &to_self)
		            : motor_mpi_isend(b->data, b->count, b->dt, peer, tag, comm, mode, &sl->req,
		                              &to_self);
	}
	/* From here on only the slot is used (it holds the Request, the buffer's address, count and
	 * datatype): nothing else needs to be kept across MPI's call. */
	if (rc != MOTOR_OK)
		return close_slot(sl, sl->request, rc);
	/* A send the transport finished during the call (an eager message copied out) completes here: no
	 * collection ever sees its buffer, so no pin was needed -- and Wait finds the result without an MPI
	 * call. */
	motor_status st;
	if (!recv && motor_mpi_done_at_post(&sl->req, &st)) {
		MOTOR_COUNT(&motor_req__pins[0]);
		motor_req__finish(sl, MOTOR_OK, &st);
		return MOTOR_OK;
	}
	if (to_self) {
		if (to_self == MOTOR_TO_PROC_NULL && finish_proc_null(sl))
			return MOTOR_OK;
		list_self(sl);
	}
	MOTOR_COUNT(&motor_req__pins[sl->movable]);
	motor_req__unclaim(sl);
	return MOTOR_OK;
}

int motor_pin_post(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int recv, int peer,
                   int tag, int comm, int mode)
{
	return post_buffer(req, obj, b, recv, peer, tag, comm, mode, NULL, PLAIN, 0);
}

int motor_pin_fast_ready(int recv)
{
	return !motor_pin_self_possible(recv) && motor_req__cached();
}

int motor_pin_post_fast(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int recv, int peer,
                        int tag, int comm, int mode)
{
	return post_buffer(req, obj, b, recv, peer, tag, comm, mode, NULL, FAST, 0);
}

int motor_pin_post_layout(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int recv, int peer,
                          int tag, int comm, int mode)
{
	return post_buffer(req, obj, b, recv, peer, tag, comm, mode, NULL, LAYOUT, 0);
}

int motor_pin_post_recv_hooked(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int layout,
                               int source, int tag, int comm)
{
	return layout ? post_buffer(req, obj, b, 1, source, tag, comm, MOTOR_SEND_STANDARD, NULL, LAYOUT, 1)
	              : post_buffer(req, obj, b, 1, source, tag, comm, MOTOR_SEND_STANDARD, NULL, PLAIN, 1);
}

int motor_pin_post_mrecv(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, motor_msg *msg,
                         int source, int comm)
{
	return post_buffer(req, obj, b, 1, source, 0, comm, MOTOR_SEND_STANDARD, msg, PLAIN, 0);
}

/* Fills in a slot for an operation without a managed buffer: nothing to pin, nothing a message to self could
 * overlap. */
static void fill_native(struct slot *sl, int recv, void *owned, size_t cap, void (*release)(void *, size_t))
{
	sl->self = 0;
	sl->buffer = sl->buffer2 = NULL;
	sl->user_op = 0;
	sl->movable = 0;
	sl->recv = (int16_t)recv;
	sl->owned = owned;
	sl->owned_cap = cap;
	sl->release = release;
}

int motor_pin_post_bytes(MonoObject *req, void *data, int64_t n, size_t cap, void (*release)(void *, size_t),
                         int dest, int tag, int comm)
{
	struct slot *sl;
	int rc = motor_req__alloc(&sl);
	if (rc != MOTOR_OK)
		return rc;
	/* Native memory never moves: nothing to pin, only to free at completion. */
	fill_native(sl, 0, data, cap, release);
	publish(sl, req, 0);
	rc = motor_mpi_isend_bytes(data, n, dest, tag, comm, &sl->req);
	return close_slot(sl, req, rc);
}

static int movable(MonoObject *obj)
{
	return obj && mono_object_get_size(obj) <= SGEN_MAX_SMALL_OBJ_SIZE;
}

/* Counts the pins a posted operation's buffers took or avoided. */
static void count_pins(int rc, MonoObject *obj, MonoObject *obj2)
{
	if (rc != MOTOR_OK)
		return;
	if (obj)
		MOTOR_COUNT(&motor_req__pins[movable(obj)]);
	if (obj2)
		MOTOR_COUNT(&motor_req__pins[movable(obj2)]);
}

/* An operation posted by `post` (Comm.Idup, a file's Iread_at/Iwrite_at, a window's Rput ...).  Its buffers,
 * if any, are held by the slot's two roots as motor_pin_post holds one: pinned if they could move, kept alive
 * if not.  Not an operation on messages: nothing that a message to self could overlap. */
int motor_pin_post_op_buffer(MonoObject *req, MonoObject *obj, MonoObject *obj2, void *ctx,
                             int (*post)(void *ctx, motor_req *r), void (*release)(void *ctx, size_t unused))
{
	struct slot *sl;
	int rc = motor_req__alloc(&sl);
	if (rc != MOTOR_OK)
		return rc;
	fill_native(sl, 1, NULL, 0, release);
	sl->count = 0;
	sl->dt = -1;
	sl->buffer = obj;
	sl->buffer2 = obj2;
	sl->movable = movable(obj) || movable(obj2);
	publish(sl, req, 1);
	rc = post(ctx, &sl->req);
	if (rc == MOTOR_OK && release)
		sl->owned = ctx; /* owned only once posted: a failed post leaves ctx to the caller */
	count_pins(rc, obj, obj2);
	return close_slot(sl, req, rc);
}

int motor_pin_post_op(MonoObject *req, void *ctx, int (*post)(void *ctx, motor_req *r),
                      void (*release)(void *ctx, size_t unused))
{
	return motor_pin_post_op_buffer(req, NULL, NULL, ctx, post, release);
}

/* A non-blocking collective.  Its buffers are held by the slot's two roots from the post until completion,
 * the agreement's stage included (native-mpi/icoll.c): their addresses are taken at the post.  A user-defined
 * operator may run managed code inside any MPI call until the collective completes -- the hook's MPI_Test of
 * any other request included, since MPI progresses every request in any call -- so the harvest stays off from
 * here until then (motor_req__finish). */
int motor_pin_post_coll(MonoObject *req, const struct motor_coll_args *a, MonoObject *sobj, MonoObject *robj,
                        void *owned, int comm)
{
	struct slot *sl;
	int rc = motor_req__alloc(&sl);
	if (rc != MOTOR_OK)
		return motor_mpi_icoll_refuse(comm, rc);
	fill_native(sl, 0, owned, 0, owned ? motor_pin_release_malloc : NULL);
	sl->count = 0;
	sl->dt = -1;
	sl->buffer = sobj;
	sl->buffer2 = robj;
	sl->movable = movable(sobj) || movable(robj);
	sl->user_op = a->op >= MOTOR_OP_PREDEFINED;
	if (sl->user_op)
		motor_pin_user_code_enter();
	publish(sl, req, 0);
	*(uint8_t *)((char *)req + MOTOR_REQ_SEND) = MOTOR_PIN_COLLECTIVE;
	rc = motor_mpi_icoll(a, MOTOR_OK, comm, &sl->req);
	if (rc != MOTOR_OK && sl->user_op) {
		sl->user_op = 0;
		motor_pin_user_code_leave();
	}
	count_pins(rc, sobj, robj);
	return close_slot(sl, req, rc);
}

void motor_pin_release_malloc(void *data, size_t cap)
{
	(void)cap;
	free(data);
}
