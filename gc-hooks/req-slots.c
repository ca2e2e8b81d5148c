/*
 * req-slots.c - the slot table of the request layer: chunks of slots, the free lists, claiming a slot, and
 * the Request fields a slot's handle is written into.
 *
 * Every non-blocking operation owns a slot from post until completion.  Slots are never freed, only reused:
 * they come in chunks of CHUNK, taken from the table reserved at init when all are in use, each with the
 * conservative roots that pin or keep alive its slots' buffers (gc-hook.c rewrites them).  A handle is a
 * slot's index plus its generation, which free bumps, so a stale handle (its operation completed, perhaps by
 * a collection) is told apart from the operation now in the slot.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>

#include <mono/metadata/class.h>
#include <mono/metadata/mono-gc.h>

#include "mono-compat.h"
#include "req-internal.h"

struct slot *motor_req__slots;
void **motor_req__roots;
atomic_int motor_req__n_slots;

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

/* Reserves the table: address space only, the system gives a page memory when it is first written. */
static int reserve(void)
{
	size_t slots = (size_t)MAX_SLOTS * sizeof(struct slot),
	       roots = (size_t)MAX_SLOTS * ROOTS * sizeof(void *);
	void *p = mmap(NULL, slots + roots, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return MOTOR_ENOMEM;
	motor_req__slots = p;
	motor_req__roots = (void **)((char *)p + slots);
	return MOTOR_OK;
}

/* Adds a chunk of slots.  No lock is held while registering its roots: registration takes the GC lock, which
 * may wait for a collection, and a collection may wait for any thread blocked on a lock of ours. */
static MOTOR_COLD int grow(void)
{
	int first = atomic_load(&motor_req__n_slots);
	do {
		if (first >= MAX_SLOTS)
			return MOTOR_ENOMEM;
	} while (!atomic_compare_exchange_weak(&motor_req__n_slots, &first, first + CHUNK));
	mono_gc_register_root((char *)&motor_req__roots[ROOTS * first], ROOTS * CHUNK * sizeof(void *), NULL,
	                      MONO_ROOT_SOURCE_EXTERNAL, NULL, "motor: buffers of in-flight requests");
	pthread_mutex_lock(&free_lock);
	for (int i = first + CHUNK - 1; i >= first; i--) {
		motor_req__slots[i].index = i;
		motor_req__slots[i].next_free = free_head;
		free_head = i;
	}
	pthread_mutex_unlock(&free_lock);
	return MOTOR_OK;
}

/* Refills this thread's cache from the global list (half of it), growing the table if that is empty. */
static MOTOR_COLD int refill(void)
{
	while (tcache.n == 0) {
		pthread_mutex_lock(&free_lock);
		while (free_head >= 0 && tcache.n < TCACHE / 2) {
			struct slot *s = motor_req__slot_ref(free_head);
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
	return MOTOR_OK;
}

int motor_req__cached(void)
{
	return tcache.n != 0;
}

struct slot *motor_req__take_cached(void)
{
	struct slot *sl = tcache.sl[--tcache.n];
	atomic_store_explicit(&sl->busy, BY_USER, memory_order_relaxed);
	return sl;
}

int motor_req__alloc(struct slot **sl)
{
	if (tcache.n == 0) {
		int rc = refill();
		if (rc != MOTOR_OK)
			return rc;
	}
	*sl = motor_req__take_cached();
	return MOTOR_OK;
}

/* Gives half of this thread's cache back to the global list. */
static MOTOR_COLD void spill(void)
{
	pthread_mutex_lock(&free_lock);
	while (tcache.n > TCACHE / 2) {
		struct slot *s = tcache.sl[--tcache.n];
		s->next_free = free_head;
		free_head = s->index;
	}
	pthread_mutex_unlock(&free_lock);
}

/* Only the slot's holder frees it, so the generation needs no atomic add.  A new generation tells a stale
 * handle that its operation is over (its result already in its Request). */
void motor_req__free(struct slot *sl)
{
	atomic_store_explicit(&sl->gen, atomic_load_explicit(&sl->gen, memory_order_relaxed) + 1,
	                      memory_order_release);
	atomic_store_explicit(&sl->state, FREE, memory_order_release);
	atomic_store_explicit(&sl->busy, UNUSED, memory_order_release);
	if (tcache.n == TCACHE)
		spill();
	tcache.sl[tcache.n++] = sl;
}

/* The GC hook and a settle hold slots only briefly (one test), so waiting for them is bounded; a slot held by
 * another user thread means the program completes one request from two threads at once, which MPI forbids. */
int motor_req__claim_as(struct slot *sl, int32_t gen, int holder)
{
	for (;;) {
		int expected = IDLE;
		if (atomic_compare_exchange_weak(&sl->busy, &expected, holder)) {
			if (atomic_load_explicit(&sl->gen, memory_order_acquire) == gen)
				return MOTOR_OK;
			motor_req__unclaim(sl);
			return MOTOR_REQ_GONE;
		}
		if (expected == UNUSED || atomic_load_explicit(&sl->gen, memory_order_acquire) != gen)
			return MOTOR_REQ_GONE;
		if (expected == BY_USER)
			return MOTOR_EBUSY;
		sched_yield();
	}
}

void motor_req__set_handle(MonoObject *req, int32_t index, int32_t gen)
{
	*(int32_t *)((char *)req + MOTOR_REQ_SLOT) = index;
	*(int32_t *)((char *)req + MOTOR_REQ_GEN) = gen;
	*(uint8_t *)((char *)req + MOTOR_REQ_DONE) = 0;
}

void motor_req__each_slot(void (*visit)(struct slot *sl, int32_t index, void *ctx), void *ctx)
{
	int n = atomic_load(&motor_req__n_slots);
	for (int i = 0; i < n; i++)
		visit(&motor_req__slots[i], i, ctx);
}

static uint32_t field_offset(MonoClass *k, const char *name)
{
	MonoClassField *f = mono_class_get_field_from_name(k, name);
	return f ? mono_field_get_offset(f) : 0;
}

int motor_pin_init(MonoClass *request_class, int harvest)
{
	static const struct {
		const char *name;
		uint32_t offset;
	} fields[] = {{"slot", MOTOR_REQ_SLOT},  {"gen", MOTOR_REQ_GEN},       {"done", MOTOR_REQ_DONE},
	              {"rc", MOTOR_REQ_RC},      {"result", MOTOR_REQ_RESULT}, {"send", MOTOR_REQ_SEND},
	              {"ended", MOTOR_REQ_ENDED}};
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (field_offset(request_class, fields[i].name) != fields[i].offset)
			return MOTOR_EARG;
	int rc = reserve();
	if (rc != MOTOR_OK)
		return rc;
	motor_req__gc_hook_init(harvest);
	return grow();
}
