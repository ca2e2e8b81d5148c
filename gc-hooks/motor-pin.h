/*
 * motor-pin.h - the pinning policy and status-dependent pinning of non-blocking operations.
 *
 * Every non-blocking operation owns a *slot* from a pooled table.  A slot holds the MPI request, the managed
 * System.MP.Request object, and the buffer object, which a registered conservative root holds at every
 * collection while the operation is in flight: that pins an object that could move (8,000 bytes or less) and
 * only keeps alive a large one (SGen's large-object space never moves; counted as a pin avoided).  At every
 * collection the runtime learns which operations have completed -- before the world stops, never while it is
 * stopped -- writes their result into their Request objects, frees their MPI requests and slots, and so
 * releases their pins, whether or not the program ever calls Wait and whether or not it still holds the
 * Request.
 *
 * Ownership: a slot belongs to the runtime from post until completion; the Request object is only told the
 * result.  Slots are never freed, only reused (a table reserved at init, used in chunks of 1024 as all before
 * are in use).
 *
 * This is the whole contract of the request layer (gc-hooks/req-*.c, gc-hook.c, self-overlap.c; how the
 * files divide it is in req-internal.h) and of nursery.c.  It needs nothing from the layers above: the buffer
 * it is handed is a struct motor_buffer (motor-object.h), which runtime-ext/ fills in.
 */
#ifndef MOTOR_PIN_H
#define MOTOR_PIN_H

#include <stdatomic.h>
#include <stdint.h>

#include <mono/metadata/object.h>

#include "motor-mpi.h"
#include "motor-object.h"

/* Sets up the slot table and the GC event hook.  `request_class` is System.MP.Request, whose fields `done`,
 * `rc` and `result` receive completions.  `harvest` enables completing requests from the GC hook (it calls
 * MPI before the world stops, which needs MPI_THREAD_MULTIPLE). */
int motor_pin_init(MonoClass *request_class, int harvest);

/* Posts a non-blocking send (recv == 0) or receive on buffer `b` of object `obj` for the Request object
 * `req`, and stores the slot's handle and generation in `req`.  Returns MOTOR_OK or an error; on error
 * nothing is left behind.  Runs in GC-unsafe mode (an internal call). */
int motor_pin_post(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int recv, int peer,
                   int tag, int comm, int mode);
/* The envelope of an Isend or Irecv, which System.MP passes in the Request rather than as two more
 * arguments (managed/Comm.cs): the peer and tag, in the first two words of the Request's status, where the
 * completion writes the matched message's (req-internal.h, MOTOR_REQ_RESULT). */
#define MOTOR_PIN_ENVELOPE (sizeof(MonoObject) + 16)
static inline void motor_pin_envelope(const MonoObject *req, int32_t *peer, int32_t *tag)
{
	const int32_t *e = (const int32_t *)((const char *)req + MOTOR_PIN_ENVELOPE);
	*peer = e[0];
	*tag = e[1];
}

/* Whether motor_pin_post_fast may post an operation of this direction now: no operation to self of the other
 * direction in flight (whose overlap motor_pin_post checks) and a free slot in this thread's cache.  No call,
 * no lock: the per-message path then keeps few values across calls.  motor_pin_post_fast is motor_pin_post
 * for a caller it said yes to, with nothing called in between. */
int motor_pin_fast_ready(int recv);
int motor_pin_post_fast(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int recv, int peer,
                        int tag, int comm, int mode);
/* motor_pin_post of a buffer whose dt is a layout (motor_buffer_resolve_layout): the slot also keeps what the
 * layout selects, for the message of a truncated receive. */
int motor_pin_post_layout(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int recv, int peer,
                          int tag, int comm, int mode);
/* motor_pin_post of a receive (motor_pin_post_layout if `layout`) whose MPI call is made between the blocking
 * hooks (GC-safe), for a thread that may call MPI only so (the object receives' progress thread): the slot,
 * which roots the buffer at every collection, is published before. */
int motor_pin_post_recv_hooked(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int layout,
                               int source, int tag, int comm);

/* Posts a non-blocking collective described by `a` (native-mpi's motor_mpi_icoll, whose agreement it makes)
 * for the Request `req`.  `sobj` and `robj` are its send and receive buffer objects (NULL where there is
 * none, or for MPI.IN_PLACE): they are pinned or kept alive as by motor_pin_post until it completes.  `owned`
 * (malloc'd, or NULL) is native memory the description points into (the v-forms' counts and displacements):
 * on success the operation frees it at completion, on error the caller still owns it.  Returns MOTOR_OK, this
 * rank's refusal or MOTOR_EPEER(r) as the blocking collectives do; on error nothing is left behind.
 * Completing a collective with a user-defined operator gives the Request MOTOR_PIN_USER_OP_RAN instead of
 * MOTOR_OK. */
int motor_pin_post_coll(MonoObject *req, const struct motor_coll_args *a, MonoObject *sobj, MonoObject *robj,
                        void *owned, int comm);
#define MOTOR_PIN_USER_OP_RAN (-99)
/* The value of Request.send for a collective (Cancel refuses it). */
#define MOTOR_PIN_COLLECTIVE 2
/* free(data), for `owned` memory. */
void motor_pin_release_malloc(void *data, size_t cap);

/* Posts the receive of matched message *msg (Comm.Mprobe) into buffer `b` of object `obj`, as motor_pin_post
 * posts an Irecv; `source` is the message's source (for the overlap check of a message to self).  The message
 * is consumed whatever the result.  The "no process" message of a probe from PROC_NULL completes at once. */
int motor_pin_post_mrecv(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, motor_msg *msg,
                         int source, int comm);

/* Posts an operation without a managed buffer (Comm.Idup) for the Request `req`: post(ctx, r) posts it into
 * the slot's request.  On success the slot owns ctx and calls release(ctx, 0) when the operation completes
 * (Wait/Test, or the GC hook before the world stops); on error the caller still owns ctx and nothing is left
 * behind. */
int motor_pin_post_op(MonoObject *req, void *ctx, int (*post)(void *ctx, motor_req *r),
                      void (*release)(void *ctx, size_t unused));
/* motor_pin_post_op on managed buffer objects `obj` and `obj2` (a file's Iread_at/Iwrite_at, a window's Rput
 * ... Rget_accumulate; either may be NULL), each pinned or kept alive as by motor_pin_post until the
 * operation completes.  `release` may be NULL: then ctx need only live during the call (post reads it,
 * nothing keeps it). */
int motor_pin_post_op_buffer(MonoObject *req, MonoObject *obj, MonoObject *obj2, void *ctx,
                             int (*post)(void *ctx, motor_req *r), void (*release)(void *ctx, size_t unused));

/* For a blocking send (recv == 0) or receive on buffer `b`: MOTOR_EOVERLAP if it may be a message of this
 * rank to itself and its buffer overlaps that of a non-blocking operation of the other direction in flight on
 * a message to itself (MPICH aborts the process on such a copy), else MOTOR_OK.  motor_pin_post checks the
 * same. */
int motor_pin_check_self(const struct motor_buffer *b, int recv, int peer, int comm);
/* In-flight sends (0) and receives (1) that a message of this rank to itself may match (self-overlap.c).
 * While there are none of the other direction motor_pin_check_self has nothing to check: a caller may test
 * this first and build the buffer it passes only when it must. */
extern __attribute__((visibility("hidden"))) atomic_int motor_req__self_active[2];
/* Sends every receive post to its checked path (on 1) or no longer (on 0), as an operation to self in flight
 * does: a large count added to the receives' word, so the common path still tests one word.  The runtime
 * turns it on while typed receives must be checked against object receives posted before them. */
void motor_pin_divert_receives(int on);
static inline int motor_pin_self_possible(int recv)
{
	return atomic_load_explicit(&motor_req__self_active[!recv], memory_order_seq_cst) != 0;
}

/* Posts a non-blocking send of `n` bytes of native memory `data` (a serialised object message) for the
 * Request `req`.  On success the operation owns the buffer and calls release(data, cap) when it completes
 * (from Wait/Test, or from the GC hook before the world stops -- never while it is stopped); on error the
 * caller still owns it and nothing is left behind. */
int motor_pin_post_bytes(MonoObject *req, void *data, int64_t n, size_t cap, void (*release)(void *, size_t),
                         int dest, int tag, int comm);

/* Completes the request of slot `slot`/`gen` for Request `req`: waits if need be (MOTOR_PIN_WAIT in `how`) or
 * tests once (*flag tells whether it completed); the status is filled in only with MOTOR_PIN_STATUS.  The
 * result is written into `req`.  A slot that the GC has already completed returns at once. */
enum { MOTOR_PIN_WAIT = 1, MOTOR_PIN_STATUS = 2, MOTOR_PIN_SETTLE = 4 };
int motor_pin_complete(MonoObject *req, int32_t slot, int32_t gen, int how, int32_t *flag);
/* Request.Wait's and Request.Test's common case: waits for, or tests once, the operation of the slot whose
 * handle `req` holds, no status.  motor_pin_test returns 1 if it has completed, 0 if not, or an error (< 0).
 */
int motor_pin_wait(MonoObject *req);
int motor_pin_test(MonoObject *req);
/* motor_pin_wait and motor_pin_test, with the status written into the Request (Request.Wait (Status), Test
 * (Status)). */
int motor_pin_wait_status(MonoObject *req);
int motor_pin_test_status(MonoObject *req);
/* motor_pin_test for the runtime's own completion of a request the program also holds (Request.Settle): it
 * holds the slot as a collection does, so a Wait or Test of the program on another thread meanwhile waits for
 * the test to end instead of being refused as a second thread completing the request.  (MOTOR_PIN_SETTLE in
 * `how` for motor_pin_complete.) */
int motor_pin_settle(MonoObject *req);

/* For an operation of motor_pin_post that has completed (slot `slot`, generation `gen`): the count and
 * datatype it posted, for the message of a failed receive.  Nothing is recorded for this: the slot still
 * holds them until it is posted again, so this is best effort -- MOTOR_EARG once the slot has been reused (or
 * for a forged handle).  Costs nothing unless called. */
int motor_pin_posted(int32_t slot, int32_t gen, int64_t *count, int *dt);

/* MPI_Cancel on the request of a slot still in flight. */
int motor_pin_cancel(int32_t slot, int32_t gen);

/* Request.Waitall's common case in one call: waits, in order from index `from`, for each Request of `reqs` as
 * motor_pin_wait does and marks its completion reported (MOTOR_REQ_CONSUMED), as Wait () does; null entries
 * pass, and requests already reported or freed are marked reported as Wait () marks them.  Stops at the first
 * request left to managed code, *at its index: one without a slot (returns MOTOR_PIN_WAITALL_OTHER, the
 * request untouched), or one whose completion carries a result code (MOTOR_PIN_WAITALL_RAISE, the
 * completion reported: the caller raises it).  Returns MOTOR_OK with *at the array's length when all are
 * done, or an error for the request at *at, left as motor_pin_wait leaves it: MOTOR_EPOLL while object
 * receives wait unmatched (motor_mpi_set_unmatched), so that the caller tests them all instead of leaving
 * such a receive behind a send it comes after. */
enum { MOTOR_PIN_WAITALL_OTHER = 1, MOTOR_PIN_WAITALL_RAISE = 2 };
int motor_pin_waitall(MonoArray *reqs, int32_t from, int32_t *at);
/* Request.Testall's test: tests, in order from index `from`, each Request of `reqs` still in flight as
 * motor_pin_test_status does, which keeps the completion and its status in the Request without reporting it.
 * Every one is tested, also after one still in flight, so that each makes progress.  Stops at one without a
 * slot (MOTOR_PIN_WAITALL_OTHER, untouched, *at its index) or at an error for the one at *at; at the end
 * (*at the array's length) returns MOTOR_PIN_TESTALL_DONE when all it tested have completed, else 0.  Null
 * entries and requests no longer active pass. */
enum { MOTOR_PIN_TESTALL_DONE = 3 };
int motor_pin_testall(MonoArray *reqs, int32_t from, int32_t *at);

/* Waits until one of the `n` Request objects completes; returns its index, or -1 if none is in flight
 * (MOTOR_EPOLL, nothing waited for, while object receives wait unmatched). */
int motor_pin_waitany(MonoArray *reqs, int32_t *index);

/* Completes every request still in flight before MPI_Finalize: receives and unmatched sends are cancelled,
 * then each is waited for (bounded); returns how many could not be completed. */
int motor_pin_shutdown(void);

struct motor_pin_counts {
	uint64_t pins_taken;   /* buffers pinned for a transfer */
	uint64_t pins_avoided; /* buffers that cannot move: kept alive, not pinned */
	uint64_t gc_released;  /* pins released because a collection found the transfer complete */
	uint64_t gc_completed; /* requests completed by the GC hook (with or without a pin) */
	uint64_t in_flight;    /* requests now in flight */
	uint64_t slots;        /* slots allocated (pooled, reused) */
};
void motor_pin_counts(struct motor_pin_counts *c);

/* Brackets an MPI call that may run managed code inside the MPI library (a reduction with a user-defined
 * operator).  That code may hold the library's lock while it allocates, and an allocation may wait for the
 * collector, so the collector must not call MPI meanwhile: while any such call is in progress the request
 * harvest at PRE_STOP_WORLD is skipped (requests then complete through Wait/Test or a later collection), and
 * enter waits for a harvest already running to end before the call starts. */
void motor_pin_user_code_enter(void);
void motor_pin_user_code_leave(void);
/* The other side, for a thread outside managed code that calls MPI (native-mpi's progress thread, through
 * motor_mpi_set_progress_gate; the harvest uses it too): enter returns 1 when no such call is in progress,
 * and until leave none starts; 0 when one is (then do not call MPI, and do not call leave). */
int motor_pin_foreign_enter(void);
void motor_pin_foreign_leave(void);

/* nursery.c: the nursery size a MONO_GC_PARAMS string sets (0 if none), and faulting the nursery of `size`
 * bytes in before the program runs.  *populated is how many bytes were (0 where the kernel cannot, or the
 * nursery is not where SGen's layout puts it; then MOTOR_EARG and nothing changes). */
size_t motor_nursery_size_from(const char *params);
int motor_nursery_prefault(MonoDomain *domain, size_t size, size_t *populated);

#endif /* MOTOR_PIN_H */
