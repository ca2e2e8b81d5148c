/*
 * pool.c - native buffers for object messages, reused across operations and given back when idle.
 *
 * The paper's runtime keeps serialisation buffers in a stack and, at each garbage collection, frees the ones
 * unused since the previous collection (§7.5).  Here a collection *counts* while the world is stopped: the GC
 * hook increments an epoch with one atomic add (no lock, no malloc, no Mono call).  A pooled buffer last used
 * in epoch e is freed once the epoch reaches e + 2, i.e. once a whole collection cycle passed without it
 * being used.  The freeing happens outside any stopped world: at the end of the collection, once the world
 * runs again (POST_START_WORLD_UNLOCKED, where plain C is allowed), and by whichever thread next takes or
 * gives back a buffer.
 *
 * The pool's mutex is never held across a GC safepoint (only malloc/free and bookkeeping inside), so a thread
 * that the collector stops can never hold it while another waits for it; the end-of-collection hook only
 * tries the mutex, and leaves the trimming to its holder when it is taken.
 *
 * In front of the pool sits one *hot* buffer (at most HOT_MAX bytes), guarded by a flag that is only ever
 * tried, never waited for: a blocking OSend gives its buffer back and the ORecv that follows takes it again,
 * so a ping-pong of small messages passes one buffer back and forth without the mutex or the best-fit scan.
 * When the flag is taken (another thread is at the hot buffer) the caller goes to the pool.  The hot buffer
 * is pooled like the others -- counted, trimmed by the same epochs, by the same hook.
 */
#include <pthread.h>
#include <stdlib.h>

#include <mono/metadata/profiler.h>

#include "motor-ser-internal.h"

#define POOL_MAX 16
#define MIN_BUFFER 4096

static struct {
	void *data;
	size_t cap;
	uint64_t epoch;
} pool[POOL_MAX];
static int pooled;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_uint_fast64_t epoch;
static uint64_t trimmed_at = UINT64_MAX; /* the epoch of the last trim (under the lock) */
static atomic_uint_fast64_t n_allocated, n_reused, n_trimmed;

#define HOT_MAX (256u << 10)
static atomic_flag hot_busy = ATOMIC_FLAG_INIT;
static struct {
	void *data;
	size_t cap;
	uint64_t epoch;
} hot;

/* Takes the hot buffer if it is free and at least `min` bytes; frees it if a collection cycle passed
 * without it.  Returns NULL if there was none to take. */
static void *hot_get(size_t min, size_t *cap)
{
	void *data = NULL, *stale = NULL;
	if (atomic_flag_test_and_set_explicit(&hot_busy, memory_order_acquire))
		return NULL;
	if (hot.data) {
		if (hot.epoch + 2 <= atomic_load_explicit(&epoch, memory_order_relaxed)) {
			stale = hot.data;
			hot.data = NULL;
		} else if (hot.cap >= min) {
			data = hot.data;
			*cap = hot.cap;
			hot.data = NULL;
		}
	}
	atomic_flag_clear_explicit(&hot_busy, memory_order_release);
	if (stale) {
		free(stale);
		atomic_fetch_add_explicit(&n_trimmed, 1, memory_order_relaxed);
	}
	return data;
}

/* Makes (data, cap) the hot buffer if the place is free.  Returns whether it did. */
static int hot_put(void *data, size_t cap)
{
	int done = 0;
	if (cap > HOT_MAX || atomic_flag_test_and_set_explicit(&hot_busy, memory_order_acquire))
		return 0;
	if (!hot.data) {
		hot.data = data;
		hot.cap = cap;
		hot.epoch = atomic_load_explicit(&epoch, memory_order_relaxed);
		done = 1;
	}
	atomic_flag_clear_explicit(&hot_busy, memory_order_release);
	return done;
}

/* Frees the hot buffer if a collection cycle passed without it (unless another thread is at it). */
static void hot_trim(void)
{
	void *stale = NULL;
	if (atomic_flag_test_and_set_explicit(&hot_busy, memory_order_acquire))
		return;
	if (hot.data && hot.epoch + 2 <= atomic_load_explicit(&epoch, memory_order_relaxed)) {
		stale = hot.data;
		hot.data = NULL;
	}
	atomic_flag_clear_explicit(&hot_busy, memory_order_release);
	if (stale) {
		free(stale);
		atomic_fetch_add_explicit(&n_trimmed, 1, memory_order_relaxed);
	}
}

/* Under the lock: frees what a whole collection cycle passed without. */
static void trim(void)
{
	uint64_t now = atomic_load_explicit(&epoch, memory_order_relaxed);
	/* Every buffer put since the last trim has that trim's epoch or a later one: nothing more to free
	 * until a collection has counted. */
	if (now == trimmed_at)
		return;
	trimmed_at = now;
	for (int i = 0; i < pooled;) {
		if (pool[i].epoch + 2 <= now) {
			free(pool[i].data);
			pool[i] = pool[--pooled];
			atomic_fetch_add_explicit(&n_trimmed, 1, memory_order_relaxed);
		} else {
			i++;
		}
	}
}

int motor_ser_buf_get(struct motor_ser_buf *b, size_t min)
{
	int best = -1;
	if (min < MIN_BUFFER)
		min = MIN_BUFFER;
	size_t hot_cap = 0;
	void *hot_data = hot_get(min, &hot_cap);
	if (hot_data) {
		atomic_fetch_add_explicit(&n_reused, 1, memory_order_relaxed);
		*b = (struct motor_ser_buf){.data = hot_data, .len = 0, .cap = hot_cap};
		return MOTOR_OK;
	}
	pthread_mutex_lock(&lock);
	trim();
	/* The smallest pooled buffer that is large enough; else the largest, to be grown. */
	for (int i = 0; i < pooled; i++)
		if (pool[i].cap >= min ? best < 0 || pool[best].cap < min || pool[i].cap < pool[best].cap
		                       : best < 0 || (pool[best].cap < min && pool[i].cap > pool[best].cap))
			best = i;
	void *data = NULL;
	size_t cap = 0;
	if (best >= 0) {
		data = pool[best].data;
		cap = pool[best].cap;
		pool[best] = pool[--pooled];
	}
	pthread_mutex_unlock(&lock);
	if (data && cap < min) {
		void *bigger = realloc(data, min);
		if (!bigger) {
			free(data);
			data = NULL;
		} else {
			data = bigger;
			cap = min;
		}
	} else if (data) {
		atomic_fetch_add_explicit(&n_reused, 1, memory_order_relaxed);
	}
	if (!data) {
		if (!(data = malloc(min)))
			return MOTOR_ENOMEM;
		cap = min;
		atomic_fetch_add_explicit(&n_allocated, 1, memory_order_relaxed);
	}
	*b = (struct motor_ser_buf){.data = data, .len = 0, .cap = cap};
	return MOTOR_OK;
}

int motor_ser_buf_reserve(struct motor_ser_buf *b, size_t extra)
{
	if (b->cap - b->len >= extra)
		return MOTOR_OK;
	if (extra > SIZE_MAX / 4 - b->len)
		return MOTOR_ENOMEM;
	size_t cap = b->cap ? b->cap : MIN_BUFFER;
	while (cap - b->len < extra)
		cap = cap / 2 * 3 + MIN_BUFFER;
	uint8_t *d = realloc(b->data, cap);
	if (!d)
		return MOTOR_ENOMEM;
	b->data = d;
	b->cap = cap;
	return MOTOR_OK;
}

void motor_ser_pool_put(void *data, size_t cap)
{
	if (!data || hot_put(data, cap))
		return;
	pthread_mutex_lock(&lock);
	trim();
	if (pooled == POOL_MAX) {
		/* Full: drop the smallest, which is the cheapest to make again. */
		int small = 0;
		for (int i = 1; i < pooled; i++)
			if (pool[i].cap < pool[small].cap)
				small = i;
		if (pool[small].cap < cap) {
			void *old = pool[small].data;
			pool[small] = pool[--pooled];
			free(old);
		}
	}
	if (pooled < POOL_MAX) {
		pool[pooled].data = data;
		pool[pooled].cap = cap;
		pool[pooled].epoch = atomic_load_explicit(&epoch, memory_order_relaxed);
		pooled++;
		data = NULL;
	}
	pthread_mutex_unlock(&lock);
	free(data);
}

void motor_ser_buf_release(struct motor_ser_buf *b)
{
	motor_ser_pool_put(b->data, b->cap);
	*b = (struct motor_ser_buf){0};
}

void motor_ser_pool_counts(struct motor_ser_pool_counts *c)
{
	/* Reported as they are, without trimming: the tests see what the end of a collection gave back. */
	pthread_mutex_lock(&lock);
	c->pooled = (uint64_t)pooled;
	c->pooled_bytes = 0;
	for (int i = 0; i < pooled; i++)
		c->pooled_bytes += pool[i].cap;
	pthread_mutex_unlock(&lock);
	if (!atomic_flag_test_and_set_explicit(&hot_busy, memory_order_acquire)) {
		if (hot.data) {
			c->pooled++;
			c->pooled_bytes += hot.cap;
		}
		atomic_flag_clear_explicit(&hot_busy, memory_order_release);
	}
	c->allocated = atomic_load(&n_allocated);
	c->reused = atomic_load(&n_reused);
	c->trimmed = atomic_load(&n_trimmed);
}

/* ---- the GC hook ---------------------------------------------------------------------------------- */

struct _MonoProfiler {
	int unused;
};
static struct _MonoProfiler profiler;

static void gc_event(MonoProfiler *prof, MonoProfilerGCEvent ev, uint32_t generation, mono_bool is_serial)
{
	if (ev == MONO_GC_EVENT_POST_STOP_WORLD) {
		/* The world is stopped: one atomic add, nothing else. */
		atomic_fetch_add_explicit(&epoch, 1, memory_order_relaxed);
	} else if (ev == MONO_GC_EVENT_POST_START_WORLD_UNLOCKED) {
		/* The world runs again (the GC mutex is still held: no Mono call here, only free). */
		if (pthread_mutex_trylock(&lock) == 0) {
			trim();
			pthread_mutex_unlock(&lock);
		}
		hot_trim();
	}
}

void motor_ser__pool_init(void)
{
	MonoProfilerHandle h = mono_profiler_create(&profiler);
	mono_profiler_set_gc_event_callback(h, gc_event);
}
