/*
 * pin.c - request slots, the pinning policy, and status-dependent pinning at every collection.
 *
 * When can a buffer move?  Only while the world is stopped (shared/notes/mono-runtime.md §4): a nursery
 * object at every minor collection, a small major-heap object when its block is evacuated, a large object (>
 * 8000 bytes, SGen's large-object space) never.  So a buffer of a non-blocking operation is pinned -- by a
 * conservative root that holds its address -- only if it is small, and only at the collections that happen
 * while the transfer is in flight; for a large one the same root only keeps it alive.
 *
 * Who may run while we wait?  Everything.  The GC learns completion in PRE_STOP_WORLD, while the world still
 * runs, with MPI_Test on the slots nobody else is completing (MPI_THREAD_MULTIPLE); a completed request is
 * freed there and its result written into its Request object.  In POST_STOP_WORLD, with the world stopped,
 * the hook only rewrites the root table from the slot states: no MPI (a stopped thread may hold the MPI
 * library's lock), no malloc, no Mono API.
 *
 * Slot ownership is a small state machine in `busy`: IDLE (an operation in flight that nobody is touching),
 * BY_GC (the hook is testing it), BY_USER (a thread is posting or completing it), UNUSED (free: only the
 * thread that takes it from a free list touches it).  A slot is touched only by whoever moved it out of IDLE,
 * with a compare and swap, and a free slot is never IDLE: so the hook can never take a slot that has just
 * been freed and is being posted again (it once could, and then both finished the same slot).
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mono/metadata/class.h>
#include <mono/metadata/mono-gc.h>
#include <mono/metadata/profiler.h>

#include "motor-pin.h"
#include "motor-runtime.h"

/* Exported by libmonosgen-2.0 but not in the installed headers (mono-runtime.md §3). */
extern int mono_gc_register_root(char *start, size_t size, void *descr, MonoGCRootSource source, void *key,
                                 const char *msg);

/* SGen sends objects larger than this to the large-object space, which never moves (sgen-conf.h). */
#define SGEN_MAX_SMALL_OBJ_SIZE 8000

#define CHUNK 1024
#define MAX_CHUNKS 1024

enum { FREE, ACTIVE };
enum { UNUSED, IDLE, BY_GC, BY_USER }; /* UNUSED is 0: a new chunk's slots are free */

struct slot {
	atomic_int state;
	atomic_int busy;
	atomic_int gen; /* bumped when the slot is freed: stale handles are detected */
	int16_t recv;
	int16_t
	    dt; /* the datatype and count motor_pin_post posted, kept after completion (motor_pin_posted); */
	motor_req req;      /* both fill padding, so that a slot stays the same size */
	MonoObject *buffer; /* the buffer object, held by the root table while ACTIVE */
	MonoObject
	    *buffer2; /* a collective's second buffer (its receive buffer), or NULL; held the same way */
	int movable;  /* whether holding it pins something that could move */
	int user_op;  /* a collective whose user-defined operator may run managed code inside MPI */
	int32_t count;
	MonoObject *request; /* the Request object, kept in place while ACTIVE so its result can be written */
	void *owned;         /* native memory the operation owns (a serialised object message), or NULL */
	size_t owned_cap;
	void (*release)(void *data, size_t cap);
	int next_free;
	int32_t index;    /* its own handle, set once when its chunk is added */
	int self;         /* a message of this rank to itself may match it: [lo, hi) is its buffer */
	int self_pos;     /* its place in self_list while `self` */
	uintptr_t lo, hi; /* set only while `self` */
};

/* The roots are scanned conservatively at every collection: three words per slot. */
#define ROOTS 3
struct chunk {
	struct slot slots[CHUNK];
	void *roots[ROOTS * CHUNK];
};

static _Atomic(struct chunk *) chunks[MAX_CHUNKS];
static atomic_int n_chunks;
static int free_head = -1;
static pthread_mutex_t free_lock = PTHREAD_MUTEX_INITIALIZER; /* never held across a safepoint */

/* Each thread keeps a few free slots of its own, so that posting and completing take no lock: the global list
 * is touched once per TCACHE/2 operations.  Slots cached by a thread that exits stay there (at most TCACHE).
 */
#define TCACHE 32
static __thread struct {
	int n;
	struct slot *sl[TCACHE]; /* pointers, not handles: posting looks no chunk up */
} tcache;

static int harvest_enabled;
static uint32_t off_done, off_rc, off_result, off_send; /* fields of System.MP.Request */

static atomic_uint_fast64_t pins_taken, pins_avoided, gc_released, gc_completed;

/* In-flight sends (0) and receives (1) that a message of this rank to itself may match: how many of each
 * direction (read without the lock, so that the common case takes none), and the slots themselves, so that an
 * overlap check looks at these few and not at every slot.  The lock is plain C only, never held across a
 * safepoint. */
static atomic_int self_active[2];
static pthread_mutex_t self_lock = PTHREAD_MUTEX_INITIALIZER;
static int32_t *self_list;
static int self_n, self_cap;

/* Statistics on the hot path: a relaxed load and store, not an atomic add (increments can be lost when
 * threads race). */
static void count(atomic_uint_fast64_t *c)
{
	atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + 1, memory_order_relaxed);
}

/* The slot of a handle from a Request (checked: a handle may be stale or forged by reflection), or NULL. */
static struct slot *slot_at(int32_t index)
{
	if (index < 0 || index >= MAX_CHUNKS * CHUNK)
		return NULL;
	uint32_t i = (uint32_t)index; /* non-negative here: the division becomes a shift */
	struct chunk *c = atomic_load_explicit(&chunks[i / CHUNK], memory_order_acquire);
	return c ? &c->slots[i % CHUNK] : NULL;
}

/* The slot of an index from the free list, which always names a slot of an existing chunk. */
static struct slot *slot_ref(int32_t index)
{
	uint32_t i = (uint32_t)index;
	return &atomic_load_explicit(&chunks[i / CHUNK], memory_order_acquire)->slots[i % CHUNK];
}

/* Adds a chunk of slots.  No lock is held while registering its roots: registration takes the GC lock, which
 * may wait for a collection, and a collection may wait for any thread blocked on a lock of ours. */
static MOTOR_COLD int grow(void)
{
	struct chunk *c = calloc(1, sizeof *c);
	if (!c)
		return MOTOR_ENOMEM;
	int index = atomic_fetch_add(&n_chunks, 1);
	if (index >= MAX_CHUNKS) {
		atomic_fetch_sub(&n_chunks, 1);
		free(c);
		return MOTOR_ENOMEM;
	}
	mono_gc_register_root((char *)c->roots, sizeof c->roots, NULL, MONO_ROOT_SOURCE_EXTERNAL, NULL,
	                      "motor: buffers of in-flight requests");
	atomic_store_explicit(&chunks[index], c, memory_order_release);
	pthread_mutex_lock(&free_lock);
	for (int i = CHUNK - 1; i >= 0; i--) {
		c->slots[i].index = index * CHUNK + i;
		c->slots[i].next_free = free_head;
		free_head = index * CHUNK + i;
	}
	pthread_mutex_unlock(&free_lock);
	return MOTOR_OK;
}

static int alloc_slot(struct slot **sl)
{
	while (tcache.n == 0) {
		pthread_mutex_lock(&free_lock);
		while (free_head >= 0 && tcache.n < TCACHE / 2) {
			struct slot *s = slot_ref(free_head);
			tcache.sl[tcache.n++] = s;
			free_head = s->next_free;
		}
		pthread_mutex_unlock(&free_lock);
		if (tcache.n == 0) {
			int rc = grow();
			if (rc != MOTOR_OK)
				return rc;
		}
	}
	*sl = tcache.sl[--tcache.n];
	return MOTOR_OK;
}

/* Only the slot's holder frees it, so the generation needs no atomic add.  A new generation tells a stale
 * handle that its operation is over (its result already in its Request: hence release).  The holder lets go
 * of the slot here: it must not touch it afterwards. */
static void free_slot(struct slot *sl)
{
	atomic_store_explicit(&sl->gen, atomic_load_explicit(&sl->gen, memory_order_relaxed) + 1,
	                      memory_order_release);
	atomic_store_explicit(&sl->state, FREE, memory_order_release);
	atomic_store_explicit(&sl->busy, UNUSED, memory_order_release);
	if (tcache.n == TCACHE) {
		pthread_mutex_lock(&free_lock);
		while (tcache.n > TCACHE / 2) {
			struct slot *s = tcache.sl[--tcache.n];
			s->next_free = free_head;
			free_head = s->index;
		}
		pthread_mutex_unlock(&free_lock);
	}
	tcache.sl[tcache.n++] = sl;
}

/* Writes a completion into the Request object: scalars only, so no write barrier is needed; `done` last.
 * Without a status (st NULL: a Wait or Test that wants none consumes the completion, so nobody will read it)
 * the Request's result keeps the zeros it was made with. */
static void tell_request(MonoObject *req, int rc, const motor_status *st)
{
	char *base = (char *)req;
	*(int32_t *)(base + off_rc) = rc;
	if (st)
		memcpy(base + off_result, st, sizeof *st);
	atomic_store_explicit((atomic_int *)(base + off_done), 1, memory_order_release);
}

static MOTOR_COLD void unlist_self(struct slot *sl)
{
	pthread_mutex_lock(&self_lock);
	int32_t last = self_list[--self_n];
	self_list[sl->self_pos] = last;
	slot_ref(last)->self_pos = sl->self_pos;
	pthread_mutex_unlock(&self_lock);
	atomic_fetch_sub(&self_active[sl->recv], 1);
	sl->self = 0;
}

/* The slot no longer holds an operation a message to self may match. */
static void drop_self(struct slot *sl)
{
	if (sl->self)
		unlist_self(sl);
}

/* Lists a slot whose operation a message to self may match. */
static MOTOR_COLD int add_self(struct slot *sl)
{
	pthread_mutex_lock(&self_lock);
	if (self_n == self_cap) {
		int cap = self_cap ? 2 * self_cap : 64;
		int32_t *list = realloc(self_list, sizeof *list * (size_t)cap);
		if (!list) {
			pthread_mutex_unlock(&self_lock);
			return MOTOR_ENOMEM;
		}
		self_list = list;
		self_cap = cap;
	}
	sl->self_pos = self_n;
	self_list[self_n++] = sl->index;
	pthread_mutex_unlock(&self_lock);
	sl->self = 1;
	atomic_fetch_add(&self_active[sl->recv], 1);
	return MOTOR_OK;
}

/* The operation of a slot this thread holds has completed: tell its Request, drop what kept the buffer in
 * place, free the slot (which lets go of it). */
static void finish(struct slot *sl, int rc, const motor_status *st)
{
	drop_self(sl);
	if (sl->user_op) {
		/* Tells managed code to look for an exception the operator threw (Op.Reduced). */
		if (rc == MOTOR_OK)
			rc = MOTOR_PIN_USER_OP_RAN;
		sl->user_op = 0;
		motor_pin_user_code_leave();
	}
	tell_request(sl->request, rc, st);
	sl->buffer = sl->buffer2 = NULL;
	sl->request = NULL;
	if (sl->owned) {
		/* Runs from Wait/Test or from the GC hook before the world stops: never with the world
		 * stopped. */
		sl->release(sl->owned, sl->owned_cap);
		sl->owned = NULL;
	}
	free_slot(sl);
}

static void set_handle(MonoObject *req, int32_t index, int32_t gen);

/* Posting, shared by both kinds of operation: the caller takes a free slot, marks it busy and fills in what
 * it holds; publish_slot publishes it (the Request learns its handle, the slot becomes ACTIVE, so the GC
 * hook may see it) -- then post, and on failure give everything back. */
static void publish_slot(struct slot *sl, MonoObject *req)
{
	sl->request = req;
	set_handle(req, sl->index, atomic_load_explicit(&sl->gen, memory_order_relaxed));
	/* Request.Cancel refuses sends whatever their state, so the kind must outlive the slot. */
	*(int32_t *)((char *)req + off_send) = !sl->recv;
	atomic_store_explicit(&sl->state, ACTIVE, memory_order_release);
}

/* Lets go of a slot whose operation is still in flight: IDLE, for Wait/Test and the hook to take. */
static void unclaim(struct slot *sl)
{
	atomic_store_explicit(&sl->busy, IDLE, memory_order_release);
}

/* After posting: a failed post leaves nothing behind (the caller still owns any buffer it passed); a posted
 * operation becomes IDLE, for Wait/Test and the hook to take. */
static int close_slot(struct slot *sl, MonoObject *req, int rc)
{
	if (rc != MOTOR_OK) {
		drop_self(sl);
		sl->buffer = sl->buffer2 = sl->request = NULL;
		sl->owned = NULL;
		set_handle(req, -1, 0);
		free_slot(sl);
	} else {
		unclaim(sl);
	}
	return rc;
}

/* A message of a rank to itself is copied by the MPI library straight from the send buffer into the receive
 * buffer, and MPICH aborts the process when the two overlap.  MPI forbids touching the buffer of an operation
 * in flight, so such a program is wrong -- but it must get an exception, not lose the rank.  Only operations
 * that may be messages to self are compared, and only while one of the other direction is in flight: the
 * common case costs one atomic load for a blocking operation, a communicator lookup for a post.  (Best effort
 * across threads: two threads posting the conflicting operations at the same instant can both pass.) */
static MOTOR_COLD int overlaps_listed(uintptr_t lo, uintptr_t hi, int recv)
{
	int found = 0;
	pthread_mutex_lock(&self_lock);
	for (int i = 0; i < self_n && !found; i++) {
		const struct slot *sl = slot_ref(self_list[i]);
		found = sl->recv != recv && sl->lo < hi && lo < sl->hi;
	}
	pthread_mutex_unlock(&self_lock);
	return found;
}

static int overlaps_in_flight(uintptr_t lo, uintptr_t hi, int recv)
{
	return lo != hi && atomic_load(&self_active[!recv]) != 0 && overlaps_listed(lo, hi, recv);
}

/* Whether the operation may be a message to self; if so, [*lo, *hi) is its buffer's byte range, which must
 * not overlap one of the other direction in flight (else *refused). */
static int self_range(const struct motor_buffer *b, int recv, int peer, int comm, uintptr_t *lo,
                      uintptr_t *hi, int *refused)
{
	*lo = *hi = 0;
	*refused = 0;
	if (!motor_mpi_peer_may_be_self(comm, peer, recv))
		return 0;
	*lo = (uintptr_t)b->data;
	*hi = *lo + (uintptr_t)b->count * motor_mpi_type_size(b->dt);
	*refused = overlaps_in_flight(*lo, *hi, recv);
	return 1;
}

int motor_pin_check_self(const struct motor_buffer *b, int recv, int peer, int comm)
{
	uintptr_t lo, hi;
	int refused;
	/* Nothing of the other direction to self in flight: nothing to overlap, and no communicator lookup.
	 */
	if (atomic_load(&self_active[!recv]) == 0)
		return MOTOR_OK;
	self_range(b, recv, peer, comm, &lo, &hi, &refused);
	return refused ? MOTOR_EOVERLAP : MOTOR_OK;
}

/* Posting on a managed buffer: a send, a receive, or (msg not NULL) the receive of a matched message, whose
 * peer is the message's source.  Inlined into each caller, so the common forms test no msg. */
static inline int post_buffer(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int recv,
                              int peer, int tag, int comm, int mode, motor_msg *msg)
{
	uintptr_t lo, hi;
	int refused, self = self_range(b, recv, peer, comm, &lo, &hi, &refused);
	if (refused)
		return MOTOR_EOVERLAP;
	struct slot *sl;
	int rc = alloc_slot(&sl);
	if (rc != MOTOR_OK)
		return rc;
	atomic_store_explicit(&sl->busy, BY_USER, memory_order_relaxed);
	sl->self = 0;
	sl->count =
	    (int32_t)b->count; /* at most INT32_MAX elements: motor_buffer_resolve's count is an int32 */
	sl->dt = (int16_t)b->dt;
	sl->recv = recv;
	if (self) {
		sl->lo = lo;
		sl->hi = hi;
		if ((rc = add_self(sl)) != MOTOR_OK)
			return close_slot(sl, req, rc);
	}

	/* The policy: pin what can move; keep alive what cannot.  Both go through the root table: for a large
	 * object, which SGen never moves, being held by a root only keeps it alive -- at the cost of one
	 * word, where a GC handle would cost ~40 ns per operation. */
	sl->buffer = obj;
	sl->buffer2 = NULL;
	sl->user_op = 0;
	sl->movable = b->obj_bytes <= SGEN_MAX_SMALL_OBJ_SIZE;
	publish_slot(sl, req);

	if (msg) {
		rc = motor_mpi_imrecv(b->data, b->count, b->dt, msg, &sl->req);
		/* The "no process" message of a probe from PROC_NULL: complete at once, with MPI's status for
		 * it. */
		if (rc == MOTOR_OK && motor_mpi_req_is_null(&sl->req)) {
			motor_status none = {.source = MOTOR_PROC_NULL, .tag = MOTOR_ANY_TAG};
			finish(sl, MOTOR_OK, &none);
			return MOTOR_OK;
		}
	} else {
		rc = recv ? motor_mpi_irecv(b->data, b->count, b->dt, peer, tag, comm, &sl->req)
		          : motor_mpi_isend(b->data, b->count, b->dt, peer, tag, comm, mode, &sl->req);
	}
	/* A send the transport finished during the call (an eager message copied out) completes here: no
	 * collection ever sees its buffer, so no pin was needed -- and Wait finds the result without an MPI
	 * call. */
	motor_status st;
	if (rc == MOTOR_OK && !recv && motor_mpi_done_at_post(&sl->req, &st)) {
		count(&pins_avoided);
		finish(sl, MOTOR_OK, &st);
		return MOTOR_OK;
	}
	if (rc == MOTOR_OK) {
		count(sl->movable ? &pins_taken : &pins_avoided);
	}
	return close_slot(sl, req, rc);
}

int motor_pin_post(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, int recv, int peer,
                   int tag, int comm, int mode)
{
	return post_buffer(req, obj, b, recv, peer, tag, comm, mode, NULL);
}

int motor_pin_post_mrecv(MonoObject *req, MonoObject *obj, const struct motor_buffer *b, motor_msg *msg,
                         int source, int comm)
{
	return post_buffer(req, obj, b, 1, source, 0, comm, MOTOR_SEND_STANDARD, msg);
}

static int movable(MonoObject *obj);

int motor_pin_post_op(MonoObject *req, void *ctx, int (*post)(void *ctx, motor_req *r),
                      void (*release)(void *ctx, size_t unused))
{
	return motor_pin_post_op_buffer(req, NULL, ctx, post, release);
}

int motor_pin_post_op_buffer(MonoObject *req, MonoObject *obj, void *ctx,
                             int (*post)(void *ctx, motor_req *r), void (*release)(void *ctx, size_t unused))
{
	struct slot *sl;
	int rc = alloc_slot(&sl);
	if (rc != MOTOR_OK)
		return rc;
	atomic_store_explicit(&sl->busy, BY_USER, memory_order_relaxed);
	/* A buffer, if any, is held by the slot's root as motor_pin_post holds one: pinned if it could move,
	 * kept alive if not.  Not an operation on messages: nothing that a message to self could overlap. */
	sl->self = 0;
	sl->buffer = obj;
	sl->buffer2 = NULL;
	sl->user_op = 0;
	sl->movable = movable(obj);
	sl->count = 0;
	sl->dt = -1;
	sl->recv = 1;
	publish_slot(sl, req);
	rc = post(ctx, &sl->req);
	if (rc == MOTOR_OK && release) {
		/* Owned only once posted: a failed post leaves ctx to the caller. */
		sl->owned = ctx;
		sl->owned_cap = 0;
		sl->release = release;
	}
	if (rc == MOTOR_OK && obj)
		count(sl->movable ? &pins_taken : &pins_avoided);
	return close_slot(sl, req, rc);
}

int motor_pin_post_bytes(MonoObject *req, void *data, int64_t n, size_t cap, void (*release)(void *, size_t),
                         int dest, int tag, int comm)
{
	struct slot *sl;
	int rc = alloc_slot(&sl);
	if (rc != MOTOR_OK)
		return rc;
	atomic_store_explicit(&sl->busy, BY_USER, memory_order_relaxed);
	/* Native memory never moves: nothing to pin, only to free at completion.  Nor can it overlap a
	 * managed buffer. */
	sl->self = 0;
	sl->buffer = sl->buffer2 = NULL;
	sl->user_op = 0;
	sl->movable = 0;
	sl->recv = 0;
	sl->owned = data;
	sl->owned_cap = cap;
	sl->release = release;
	publish_slot(sl, req);
	rc = motor_mpi_isend_bytes(data, n, dest, tag, comm, &sl->req);
	return close_slot(sl, req, rc);
}

static int movable(MonoObject *obj)
{
	return obj && mono_object_get_size(obj) <= SGEN_MAX_SMALL_OBJ_SIZE;
}

/* A non-blocking collective.  Its buffers are held by the slot's two roots from before the agreement (this
 * frame holds them too, while it waits in the agreement) until completion.  A user-defined operator may run
 * managed code inside any MPI call until the collective completes -- the hook's MPI_Test of any other request
 * included, since MPI progresses every request in any call -- so the harvest stays off from here until then
 * (finish). */
int motor_pin_post_coll(MonoObject *req, const struct motor_coll_args *a, MonoObject *sobj, MonoObject *robj,
                        void *owned, int comm)
{
	struct slot *sl;
	int rc = alloc_slot(&sl);
	if (rc != MOTOR_OK)
		return motor_mpi_coll_refuse(comm, rc);
	atomic_store_explicit(&sl->busy, BY_USER, memory_order_relaxed);
	sl->self = 0;
	sl->count = 0;
	sl->dt = -1;
	sl->recv = 0;
	sl->buffer = sobj;
	sl->buffer2 = robj;
	sl->movable = movable(sobj) || movable(robj);
	sl->owned = owned;
	sl->owned_cap = 0;
	sl->release = owned ? motor_pin_release_malloc : NULL;
	sl->user_op = a->op >= MOTOR_OP_PREDEFINED;
	if (sl->user_op)
		motor_pin_user_code_enter();
	publish_slot(sl, req);
	*(int32_t *)((char *)req + off_send) = MOTOR_PIN_COLLECTIVE;
	rc = motor_mpi_icoll(a, MOTOR_OK, comm, &sl->req);
	if (rc != MOTOR_OK && sl->user_op) {
		sl->user_op = 0;
		motor_pin_user_code_leave();
	}
	if (rc == MOTOR_OK) {
		if (sobj)
			count(movable(sobj) ? &pins_taken : &pins_avoided);
		if (robj)
			count(movable(robj) ? &pins_taken : &pins_avoided);
	}
	return close_slot(sl, req, rc);
}

void motor_pin_release_malloc(void *data, size_t cap)
{
	(void)cap;
	free(data);
}

/* What claim returns when the handle's operation is over: its slot has been freed since (and perhaps reused).
 */
#define GONE 1

/* Takes the slot of generation `gen` for this thread.  The GC hook holds slots only briefly, and never across
 * a stop of the world, so waiting for it is bounded; a slot held by another user thread means the program
 * completes one request from two threads at once, which MPI forbids. */
static int claim(struct slot *sl, int32_t gen)
{
	for (;;) {
		int expected = IDLE;
		if (atomic_compare_exchange_weak(&sl->busy, &expected, BY_USER)) {
			if (atomic_load_explicit(&sl->gen, memory_order_acquire) == gen)
				return MOTOR_OK;
			unclaim(sl);
			return GONE;
		}
		if (expected == UNUSED || atomic_load_explicit(&sl->gen, memory_order_acquire) != gen)
			return GONE;
		if (expected == BY_USER)
			return MOTOR_EBUSY;
		sched_yield();
	}
}

int motor_pin_complete(MonoObject *req, int32_t index, int32_t gen, int wait, int32_t *flag)
{
	struct slot *sl = slot_at(index);
	motor_status st;
	int rc, f = 1;

	if (!sl)
		return MOTOR_EARG;
	/* Completed by a collection in the meantime: the result is already in the Request.  (Or a handle
	 * forged by reflection: nothing to tell.) */
	if ((rc = claim(sl, gen)) != MOTOR_OK && rc != GONE)
		return rc;
	if (rc == GONE || sl->request != req) {
		if (rc == MOTOR_OK)
			unclaim(sl);
		*flag = 1;
		return MOTOR_OK;
	}
	/* Converting the status costs two more MPI calls: only when someone will read it. */
	motor_status *stp = (wait & MOTOR_PIN_STATUS) ? &st : NULL;
	if (wait & MOTOR_PIN_WAIT)
		rc = motor_mpi_wait(&sl->req, stp);
	else
		rc = motor_mpi_test(&sl->req, &f, stp);
	if (f)
		finish(sl, rc, stp);
	else
		unclaim(sl);
	*flag = f;
	/* The error, if any, is in the Request with the status. */
	return MOTOR_OK;
}

int motor_pin_posted(int32_t index, int32_t gen, int64_t *count, int *dt)
{
	struct slot *sl = slot_at(index);
	if (!sl)
		return MOTOR_EARG;
	/* Freed exactly once since the operation was posted (free_slot bumps gen), and not taken again: a
	 * post would have made it BY_USER before writing count and dt, and its completion would have bumped
	 * gen again.  Checked before and after reading, so what is read is what the operation posted. */
	int32_t freed = gen + 1;
	if (atomic_load(&sl->busy) != UNUSED || atomic_load(&sl->gen) != freed)
		return MOTOR_EARG;
	int32_t c = __atomic_load_n(&sl->count, __ATOMIC_RELAXED);
	int d = __atomic_load_n(&sl->dt, __ATOMIC_RELAXED);
	atomic_thread_fence(memory_order_acquire);
	if (atomic_load(&sl->busy) != UNUSED || atomic_load(&sl->gen) != freed)
		return MOTOR_EARG;
	*count = c;
	*dt = d;
	return MOTOR_OK;
}

int motor_pin_cancel(int32_t index, int32_t gen)
{
	struct slot *sl = slot_at(index);
	int rc;

	if (!sl)
		return MOTOR_EARG;
	if ((rc = claim(sl, gen)) != MOTOR_OK)
		return rc == GONE ? MOTOR_OK : rc; /* over: nothing to cancel */
	rc = motor_mpi_cancel(&sl->req);
	unclaim(sl);
	return rc;
}

/* ---- the GC hook ----------------------------------------------------------------------------------- */

/* Testing only: MOTOR_TEST_RACE_DELAY_US=N makes the hook pause up to N microseconds between finding an
 * active slot and taking it, and again after taking it -- the windows in which a user thread may complete the
 * slot's operation and post another into it (tests/race-tests.sh).  Harvests never overlap, so the seed needs
 * no lock. */
static unsigned race_delay_us, race_seed = 1;

static MOTOR_COLD void race_pause(void)
{
	usleep((useconds_t)(rand_r(&race_seed) % race_delay_us));
}

/* Calls visit(chunk, index, ctx) for every slot of every chunk allocated so far; the slot is
 * ch->slots[index % CHUNK].  A chunk still being added is skipped. */
static void each_slot(void (*visit)(struct chunk *ch, int32_t index, void *ctx), void *ctx)
{
	int n = atomic_load(&n_chunks);
	for (int c = 0; c < n; c++) {
		struct chunk *ch = atomic_load_explicit(&chunks[c], memory_order_acquire);
		for (int i = 0; ch && i < CHUNK; i++)
			visit(ch, c * CHUNK + i, ctx);
	}
}

/* Tests the operation of a slot this thread has claimed: finishes it if it has completed (returns 1), else
 * lets go of the slot (returns 0). */
static int finish_if_done(struct slot *sl)
{
	motor_status st = {0};
	int flag = 0;
	int rc = motor_mpi_test(&sl->req, &flag, &st);
	if (!flag) {
		unclaim(sl);
		return 0;
	}
	finish(sl, rc, &st);
	return 1;
}

static void harvest_slot(struct chunk *ch, int32_t index, void *unused)
{
	struct slot *sl = &ch->slots[index % CHUNK];
	int expected = IDLE;
	(void)unused;
	/* IDLE: an operation posted and in flight (a free slot is UNUSED). */
	if (atomic_load_explicit(&sl->state, memory_order_acquire) != ACTIVE)
		return;
	if (race_delay_us)
		race_pause();
	if (!atomic_compare_exchange_strong(&sl->busy, &expected, BY_GC))
		return;
	if (race_delay_us)
		race_pause();
	int movable = sl->movable;
	if (finish_if_done(sl)) {
		if (movable)
			atomic_fetch_add_explicit(&gc_released, 1, memory_order_relaxed);
		atomic_fetch_add_explicit(&gc_completed, 1, memory_order_relaxed);
	}
}

/* PRE_STOP_WORLD: the world still runs.  Test every in-flight request nobody is completing; finish those that
 * completed.  O(requests in flight), under the GC lock, so it stays short. */
static void harvest(void)
{
	each_slot(harvest_slot, NULL);
}

static void rewrite_root(struct chunk *ch, int32_t index, void *unused)
{
	int i = index % CHUNK;
	int active = atomic_load_explicit(&ch->slots[i].state, memory_order_acquire) == ACTIVE;
	(void)unused;
	ch->roots[ROOTS * i] = active ? ch->slots[i].buffer : NULL;
	ch->roots[ROOTS * i + 1] = active ? ch->slots[i].buffer2 : NULL;
	ch->roots[ROOTS * i + 2] = active ? ch->slots[i].request : NULL;
}

/* POST_STOP_WORLD: the world is stopped, nothing has been pinned yet.  Plain loads and stores only. */
static void rewrite_roots(void)
{
	each_slot(rewrite_root, NULL);
}

/* Calls that may run managed code inside MPI, and whether a harvest is running.  Both sides store their own
 * flag and then read the other's, sequentially consistent, so at least one of them sees the other: either the
 * harvest is skipped or the call waits for it to end.  The waiting side is GC-unsafe, but the harvest never
 * waits for it: the world is stopped only after `harvesting` is cleared. */
static atomic_int user_code, harvesting;

void motor_pin_user_code_enter(void)
{
	atomic_fetch_add(&user_code, 1);
	while (atomic_load(&harvesting))
		sched_yield();
}

void motor_pin_user_code_leave(void)
{
	atomic_fetch_sub(&user_code, 1);
}

static void gc_event(MonoProfiler *prof, MonoProfilerGCEvent ev, uint32_t generation, mono_bool is_serial)
{
	if (ev == MONO_GC_EVENT_PRE_STOP_WORLD && harvest_enabled) {
		atomic_store(&harvesting, 1);
		if (atomic_load(&user_code) == 0)
			harvest();
		atomic_store(&harvesting, 0);
	} else if (ev == MONO_GC_EVENT_POST_STOP_WORLD)
		rewrite_roots();
}

struct _MonoProfiler {
	int unused;
};
static struct _MonoProfiler profiler;

static uint32_t field_offset(MonoClass *k, const char *name)
{
	MonoClassField *f = mono_class_get_field_from_name(k, name);
	return f ? mono_field_get_offset(f) : 0;
}

static uint32_t off_slot, off_gen;

static void set_handle(MonoObject *req, int32_t index, int32_t gen)
{
	*(int32_t *)((char *)req + off_slot) = index;
	*(int32_t *)((char *)req + off_gen) = gen;
	*(int32_t *)((char *)req + off_done) = 0;
}

int motor_pin_init(MonoClass *request_class, int harvest_on)
{
	off_slot = field_offset(request_class, "slot");
	off_gen = field_offset(request_class, "gen");
	off_done = field_offset(request_class, "done");
	off_rc = field_offset(request_class, "rc");
	off_result = field_offset(request_class, "result");
	off_send = field_offset(request_class, "send");
	if (!off_slot || !off_gen || !off_done || !off_rc || !off_result || !off_send)
		return MOTOR_EARG;
	harvest_enabled = harvest_on;
	const char *delay = getenv("MOTOR_TEST_RACE_DELAY_US");
	race_delay_us = delay ? (unsigned)strtoul(delay, NULL, 10) : 0;
	MonoProfilerHandle h = mono_profiler_create(&profiler);
	mono_profiler_set_gc_event_callback(h, gc_event);
	return grow();
}

/* ---- waitany, shutdown, counters -------------------------------------------------------------------- */

int motor_pin_waitany(MonoArray *reqs, int32_t *index)
{
	uintptr_t n = mono_array_length(reqs);
	int32_t which_local[64];
	motor_req mreqs_local[64];
	int32_t *which = n <= 64 ? which_local : malloc(sizeof *which * n);
	motor_req *mreqs = n <= 64 ? mreqs_local : malloc(sizeof *mreqs * n);
	int k = 0, rc = MOTOR_OK;

	*index = -1;
	if (!which || !mreqs) {
		if (which != which_local)
			free(which);
		if (mreqs != mreqs_local)
			free(mreqs);
		return MOTOR_ENOMEM;
	}
	/* Claim every request still in flight; give back the ones claimed so far if one is in use elsewhere.
	 */
	for (uintptr_t i = 0; i < n && rc == MOTOR_OK; i++) {
		MonoObject *r = mono_array_get(reqs, MonoObject *, i);
		if (!r)
			continue;
		int32_t s = *(int32_t *)((char *)r + off_slot), g = *(int32_t *)((char *)r + off_gen);
		struct slot *sl = slot_at(s);
		if (!sl || atomic_load((atomic_int *)((char *)r + off_done)))
			continue;
		if ((rc = claim(sl, g)) == GONE) {
			rc = MOTOR_OK;
			continue;
		}
		if (rc != MOTOR_OK)
			break;
		if (sl->request != r) {
			unclaim(sl);
			continue;
		}
		which[k] = (int32_t)i;
		mreqs[k++] = sl->req;
	}
	int j = -1;
	if (rc == MOTOR_OK && k > 0) {
		motor_status st = {0};
		rc = motor_mpi_waitany(k, mreqs, &j, &st);
		if (j >= 0) {
			MonoObject *r = mono_array_get(reqs, MonoObject *, which[j]);
			int32_t s = *(int32_t *)((char *)r + off_slot);
			struct slot *sl = slot_at(s);
			sl->req = mreqs[j];
			finish(sl, rc, &st);
			*index = which[j];
			rc = MOTOR_OK;
		}
	}
	for (int m = 0; m < k; m++) {
		if (m == j)
			continue; /* finished: no longer ours */
		MonoObject *r = mono_array_get(reqs, MonoObject *, which[m]);
		unclaim(slot_at(*(int32_t *)((char *)r + off_slot)));
	}
	MOTOR_KEEP_ALIVE(reqs);
	if (which != which_local)
		free(which);
	if (mreqs != mreqs_local)
		free(mreqs);
	return rc;
}

struct shutdown_pass {
	int pass, left;
};

static void shutdown_slot(struct chunk *ch, int32_t index, void *ctx)
{
	struct shutdown_pass *p = ctx;
	struct slot *sl = &ch->slots[index % CHUNK];
	if (atomic_load(&sl->state) != ACTIVE || claim(sl, atomic_load(&sl->gen)) != MOTOR_OK)
		return;
	if (p->pass == 1)
		motor_mpi_cancel(&sl->req); /* nothing will come for it any more */
	if (!finish_if_done(sl))
		p->left++;
}

int motor_pin_shutdown(void)
{
	struct timespec t0, now;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (struct shutdown_pass p = {0};; p.pass++) {
		p.left = 0;
		each_slot(shutdown_slot, &p);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (!p.left || (now.tv_sec - t0.tv_sec) > 2)
			return p.left;
		sched_yield();
	}
}

static void count_in_flight(struct chunk *ch, int32_t index, void *ctx)
{
	uint64_t *n = ctx;
	*n += atomic_load_explicit(&ch->slots[index % CHUNK].state, memory_order_relaxed) == ACTIVE;
}

void motor_pin_counts(struct motor_pin_counts *c)
{
	c->pins_taken = atomic_load(&pins_taken);
	c->pins_avoided = atomic_load(&pins_avoided);
	c->gc_released = atomic_load(&gc_released);
	c->gc_completed = atomic_load(&gc_completed);
	c->in_flight = 0;
	each_slot(count_in_flight, &c->in_flight);
	c->slots = (uint64_t)atomic_load(&n_chunks) * CHUNK;
}
