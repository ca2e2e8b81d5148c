/*
 * req-internal.h - what the files of the request layer share (gc-hooks/req-*.c, gc-hook.c, self-overlap.c).
 * The public contract is motor-pin.h; this is the slot table it is built on.  Never installed.
 *
 * The layer, file by file:
 *   req-slots.c     the slot table: chunks, the free lists, claiming a slot, the Request's fields, init
 *   req-post.c      posting an operation into a slot (Isend/Irecv, Imrecv, Idup, object sends, collectives)
 *   req-complete.c  completing one: Wait/Test, cancel, what a completed receive posted
 *   gc-hook.c       the collector's side: harvesting completions before the world stops, the root table
 *   self-overlap.c  refusing a message to self whose buffers overlap (MPICH aborts on it)
 *   req-waitany.c   waiting for any of several requests
 *   req-shutdown.c  completing what is left before MPI_Finalize, and the counters
 *
 * Slot ownership is a small state machine in `busy`: IDLE (an operation in flight that nobody is touching),
 * BY_GC (the hook, or a settle, is testing it for a moment), BY_USER (a thread is posting or completing it),
 * UNUSED (free: only the thread that takes it from a free list touches it).  A slot is touched only by
 * whoever moved it out of IDLE, and a free slot is never IDLE: so the hook can never take a slot that has
 * just been freed and is being posted again (it once could, and then both finished the same slot).
 */
#ifndef MOTOR_REQ_INTERNAL_H
#define MOTOR_REQ_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <mono/metadata/object.h>

#include "mono-compat.h"
#include "motor-mpi.h"
#include "motor-object.h"
#include "motor-pin.h"

#define CHUNK 1024
#define MAX_CHUNKS 1024
#define MAX_SLOTS (CHUNK * MAX_CHUNKS)

enum { FREE, ACTIVE };
enum { UNUSED, IDLE, BY_GC, BY_USER }; /* UNUSED is 0: a new chunk's slots are free */

struct slot {
	atomic_int busy; /* first: the claim's compare-and-swap then needs no address computed */
	atomic_int state;
	/* The handle a Request holds, in the Request's order (gen, slot: motor_req__publish_handle copies
	 * both in one word). */
	atomic_int gen; /* bumped when the slot is freed: stale handles are detected */
	int32_t index;  /* its own index, set once when its chunk is added */
	int16_t recv;
	int16_t dt;    /* the datatype and count motor_pin_post posted, kept after completion */
	int32_t count; /* (motor_pin_posted) */
	motor_req req;
	MonoObject *buffer; /* the buffer object, held by the root table while ACTIVE */
	MonoObject
	    *buffer2; /* a collective's second buffer (its receive buffer), or NULL; held the same way */
	int movable;  /* 1 if holding it pins something that could move, else 0 (indexes motor_req__pins) */
	/* self: a message of this rank to itself may match the operation ([lo, hi) is its buffer); user_op: a
	 * collective whose user-defined operator may run managed code inside MPI.  `rare` reads both, so that
	 * completion tells with one test that it has nothing more to do. */
	union {
		struct {
			uint8_t self, user_op;
		};
		uint16_t rare;
	};
	MonoObject *request; /* the Request object, kept in place while ACTIVE so its result can be written */
	void *owned;         /* native memory the operation owns (a serialised object message), or NULL */
	size_t owned_cap;
	void (*release)(void *data, size_t cap);
	int next_free;
	int self_pos;     /* its place in the self list while `self` */
	uint32_t padding; /* to 128 bytes, with layout_elems */
	uintptr_t lo, hi; /* lo the buffer's address (motor_pin_post's); hi set only while `self` */
	/* For a layout (dt >= MOTOR_DT_LAYOUT): its element type (high 32 bits) and how many elements it
	 * selects (low), for the message of a truncated receive.  Otherwise padding to 128 bytes: the index
	 * arithmetic of a slot is then one shift. */
	uint64_t layout_elems;
};
_Static_assert(sizeof(struct slot) == 128, "a slot is 128 bytes");
_Static_assert(offsetof(struct slot, index) == offsetof(struct slot, gen) + 4, "gen and index form one word");

/* A free slot (UNUSED) always has self == 0, user_op == 0 and buffer, buffer2, request and owned NULL: a new
 * chunk is zeroed, and motor_req__finish and a failed post leave it so.  Posting relies on it. */

/* The roots are scanned conservatively at every collection: three words per slot. */
#define ROOTS 3

/* ---- req-slots.c ------------------------------------------------------------------------------------ */

/* The table is one array of MAX_SLOTS slots, and one of ROOTS words per slot, reserved in address space when
 * motor starts; a chunk of CHUNK slots (and their roots) is made usable when all those before are in use.  So
 * the slot of an index is one shift from the array's start.  motor_req__n_slots counts the slots of the
 * chunks taken so far; those of a chunk still being added are zero, that is free (UNUSED), and are skipped
 * like any free slot.  The globals are hidden, as motor_mono_layout is (mono-compat.h): each read is one
 * PC-relative load. */
extern __attribute__((visibility("hidden"))) struct slot *motor_req__slots;
extern __attribute__((visibility("hidden"))) void **motor_req__roots;
extern __attribute__((visibility("hidden"))) atomic_int motor_req__n_slots;

/* Offsets of System.MP.Request's fields: managed/Request.cs places them explicitly, right after the object
 * header: gen and slot (int32, the handle, written as one word), done and send (one byte each, then
 * `ended`, a byte of the program's flags, and one of padding), rc (int32), result (a motor_status,
 * 8-aligned): 40 bytes, a 56-byte object.  The program reads slot, done, send and `ended` as one word
 * (Request.state). motor_pin_init checks them against Mono's own answer, and motor refuses to start on a
 * mismatch (a System.MP.dll of another version).  Constants, so that the per-message path adds them to the
 * object's address instead of loading them. */
enum {
	MOTOR_REQ_GEN = MOTOR_MONO_HEADER_SIZE,
	MOTOR_REQ_SLOT = MOTOR_REQ_GEN + 4,
	MOTOR_REQ_DONE = MOTOR_REQ_SLOT + 4,  /* uint8_t: 1 once rc and result hold the completion */
	MOTOR_REQ_SEND = MOTOR_REQ_DONE + 1,  /* uint8_t: 1 for a send, MOTOR_PIN_COLLECTIVE, else 0 */
	MOTOR_REQ_ENDED = MOTOR_REQ_DONE + 2, /* uint8_t, the program's: MOTOR_REQ_CONSUMED ... */
	MOTOR_REQ_RC = MOTOR_REQ_DONE + 4,
	MOTOR_REQ_RESULT = MOTOR_REQ_GEN + 16 /* a motor_status; MOTOR_PIN_ENVELOPE (motor-pin.h) before */
};

/* Request.ConsumedBit: the program has been told of the completion.  Only the program's thread writes
 * `ended` (Request.cs); the runtime writes it only for a wait the program called (motor_pin_waitall). */
#define MOTOR_REQ_CONSUMED 1

/* The Request's `done`, which the collector's hook may write while the program reads it. */
static inline atomic_uchar *motor_req__done(MonoObject *req)
{
	return (atomic_uchar *)((char *)req + MOTOR_REQ_DONE);
}

/* The slot of a handle from a Request (checked: a handle may be stale or forged by reflection), or NULL. */
static inline struct slot *motor_req__slot_at(int32_t index)
{
	/* A negative index becomes huge as an unsigned number and fails the comparison. */
	if ((uint32_t)index >= (uint32_t)atomic_load_explicit(&motor_req__n_slots, memory_order_acquire))
		return NULL;
	struct slot *sl = &motor_req__slots[(uint32_t)index];
	MOTOR_HOLD_ADDRESS(sl);
	return sl;
}

/* The slot of an index from a free list or the self list, which always names a slot of an existing chunk. */
static inline struct slot *motor_req__slot_ref(int32_t index)
{
	return &motor_req__slots[(uint32_t)index];
}

/* Takes a free slot for this thread, already BY_USER (*sl), or returns MOTOR_ENOMEM. */
int motor_req__alloc(struct slot **sl);
/* Whether this thread's cache holds a free slot; takes one (BY_USER) when it does (no call, no lock). */
int motor_req__cached(void);
struct slot *motor_req__take_cached(void);
/* Frees a slot this thread holds: bumps its generation (stale handles see it), makes it FREE and UNUSED.
 * The holder lets go of the slot here: it must not touch it afterwards. */
void motor_req__free(struct slot *sl);

/* What motor_req__claim returns when the handle's operation is over: its slot has been freed since (and
 * perhaps reused). */
#define MOTOR_REQ_GONE 1
/* Takes the slot of generation `gen` for this thread as `holder` (BY_USER, or BY_GC for a brief test that
 * a user thread may wait for): MOTOR_OK, MOTOR_REQ_GONE, or MOTOR_EBUSY when a user thread holds it. */
int motor_req__claim_as(struct slot *sl, int32_t gen, int holder);
static inline int motor_req__claim(struct slot *sl, int32_t gen)
{
	return motor_req__claim_as(sl, gen, BY_USER);
}

/* Lets go of a slot whose operation is still in flight: IDLE, for Wait/Test and the hook to take. */
static inline void motor_req__unclaim(struct slot *sl)
{
	atomic_store_explicit(&sl->busy, IDLE, memory_order_release);
}

/* Writes the slot's handle into the Request and clears its `done`. */
void motor_req__set_handle(MonoObject *req, int32_t index, int32_t gen);
/* motor_req__set_handle with the handle of slot `sl`, which this thread holds (its gen cannot change): index
 * and gen copied as one word. */
static inline void motor_req__publish_handle(MonoObject *req, const struct slot *sl)
{
	uint64_t handle;
	memcpy(&handle, &sl->gen, sizeof handle);
	memcpy((char *)req + MOTOR_REQ_GEN, &handle, sizeof handle);
	*(uint8_t *)((char *)req + MOTOR_REQ_DONE) = 0;
}

/* Calls visit(slot, index, ctx) for every slot of every chunk taken so far (those of a chunk still being
 * added are free); the slot's roots are motor_req__roots[ROOTS * index ...]. */
void motor_req__each_slot(void (*visit)(struct slot *sl, int32_t index, void *ctx), void *ctx);

/* ---- req-complete.c --------------------------------------------------------------------------------- */

/* The operation of a slot this thread holds has completed: tell its Request (`st` may be NULL: nobody will
 * read the status), drop what kept the buffer in place, free the slot (which lets go of it). */
void motor_req__finish(struct slot *sl, int rc, const motor_status *st);
/* Tests the operation of a slot this thread has claimed: finishes it if it has completed (returns 1), else
 * lets go of the slot (returns 0). */
int motor_req__finish_if_done(struct slot *sl);

/* ---- gc-hook.c -------------------------------------------------------------------------------------- */

/* Registers the GC event callback; `harvest` enables completing requests before the world stops. */
void motor_req__gc_hook_init(int harvest);

/* ---- self-overlap.c --------------------------------------------------------------------------------- */

/* motor_req__self_active (motor-pin.h): the operations listed below, by direction. */

/* Whether the operation may be a message to self; if so, [*lo, *hi) is its buffer's byte range, which must
 * not overlap one of the other direction in flight (else *refused). */
int motor_req__self_range(const struct motor_buffer *b, int recv, int peer, int comm, uintptr_t *lo,
                          uintptr_t *hi, int *refused);
/* Lists a slot whose operation a message to self may match (sl->lo, sl->hi, sl->recv set); MOTOR_ENOMEM
 * leaves it unlisted. */
int motor_req__add_self(struct slot *sl);
/* Takes a listed slot off the list. */
void motor_req__unlist_self(struct slot *sl);

/* The slot no longer holds an operation a message to self may match. */
static inline void motor_req__drop_self(struct slot *sl)
{
	if (sl->self)
		motor_req__unlist_self(sl);
}

/* ---- req-shutdown.c (counters) ---------------------------------------------------------------------- */

/* motor_req__pins[1]: buffers pinned for a transfer; [0]: buffers that cannot move, kept alive instead.  An
 * array indexed by the slot's `movable` (0 or 1), so that counting a post costs no branch or select. */
extern __attribute__((visibility("hidden"))) atomic_uint_fast64_t motor_req__pins[2], motor_req__gc_released,
    motor_req__gc_completed;

/* Object receives (ORequest) wait unmatched (motor_mpi_set_unmatched), which only their tests make progress:
 * a wait that would block (motor_pin_complete, motor_pin_waitall, motor_pin_waitany) tests instead and
 * returns MOTOR_EPOLL if the operation has not completed, so that managed code polls it together with them --
 * a blocking wait could wait for a peer that waits for one of them. */
static inline int motor_req__must_poll(void)
{
	return motor_mpi_unmatched() > 0;
}

_Static_assert(MOTOR_REQ_RESULT == MOTOR_PIN_ENVELOPE && offsetof(motor_status, source) == 0 &&
                   offsetof(motor_status, tag) == 4,
               "an Isend or Irecv passes its peer and tag in the Request's status");

#endif /* MOTOR_REQ_INTERNAL_H */
