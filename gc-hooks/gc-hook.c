/*
 * gc-hook.c - the collector's side of the request layer: status-dependent pinning at every collection.
 *
 * When can a buffer move?  Only while the world is stopped (SGen moves objects only then): a nursery
 * object at every minor collection, a small major-heap object when its block is evacuated, a large object (>
 * 8000 bytes, SGen's large-object space) never.  So a buffer of a non-blocking operation is pinned -- by a
 * conservative root that holds its address -- only if it is small, and only at the collections that happen
 * while the transfer is in flight; for a large one the same root only keeps it alive.
 *
 * Who may run while we wait?  Everything.  The GC learns completion in PRE_STOP_WORLD, while the world still
 * runs, with MPI_Test on the slots nobody else is completing (MPI_THREAD_MULTIPLE); a completed request is
 * freed there and its result written into its Request object.  In POST_STOP_WORLD, with the world stopped,
 * the hook only rewrites the root table from the slot states: no MPI (a stopped thread may hold the MPI
 * library's lock), no malloc, no Mono API.  The hook takes a slot from IDLE with a compare and swap, like any
 * other completer (req-slots.c).
 */
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include <mono/metadata/profiler.h>

#include "req-internal.h"

static int harvest_enabled;

/* Testing only: MOTOR_TEST_RACE_DELAY_US=N makes the hook pause up to N microseconds between finding an
 * active slot and taking it, and again after taking it -- the windows in which a user thread may complete the
 * slot's operation and post another into it (tests/race-tests.sh).  Harvests never overlap, so the seed needs
 * no lock. */
static unsigned race_delay_us, race_seed = 1;

static MOTOR_COLD void race_pause(void)
{
	usleep((useconds_t)(rand_r(&race_seed) % race_delay_us));
}

static void harvest_slot(struct slot *sl, int32_t index, void *unused)
{
	int expected = IDLE;
	(void)index;
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
	if (motor_req__finish_if_done(sl)) {
		if (movable)
			atomic_fetch_add_explicit(&motor_req__gc_released, 1, memory_order_relaxed);
		atomic_fetch_add_explicit(&motor_req__gc_completed, 1, memory_order_relaxed);
	}
}

static void rewrite_root(struct slot *sl, int32_t index, void *unused)
{
	int active = atomic_load_explicit(&sl->state, memory_order_acquire) == ACTIVE;
	void **roots = &motor_req__roots[ROOTS * index];
	(void)unused;
	roots[0] = active ? sl->buffer : NULL;
	roots[1] = active ? sl->buffer2 : NULL;
	roots[2] = active ? sl->request : NULL;
}

/* Calls that may run managed code inside MPI, and how many harvests (or other callers of MPI from outside
 * managed code: motor_pin_foreign_enter) are running.  Both sides store their own count and then read the
 * other's, sequentially consistent, so at least one of them sees the other: either the harvest is skipped or
 * the call waits for it to end.  The waiting side is GC-unsafe, but the harvest never waits for it: the world
 * is stopped only after `harvesting` is back to 0. */
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

int motor_pin_foreign_enter(void)
{
	atomic_fetch_add(&harvesting, 1);
	if (atomic_load(&user_code) == 0)
		return 1;
	atomic_fetch_sub(&harvesting, 1);
	return 0;
}

void motor_pin_foreign_leave(void)
{
	atomic_fetch_sub(&harvesting, 1);
}

/* PRE_STOP_WORLD: the world still runs.  Test every in-flight request nobody is completing and finish those
 * that completed: O(requests in flight), under the GC lock, so it stays short.  POST_STOP_WORLD: the world is
 * stopped, nothing has been pinned yet: rewrite the roots, with plain loads and stores only. */
static void gc_event(MonoProfiler *prof, MonoProfilerGCEvent ev, uint32_t generation, mono_bool is_serial)
{
	(void)prof, (void)generation, (void)is_serial;
	if (ev == MONO_GC_EVENT_PRE_STOP_WORLD && harvest_enabled) {
		if (motor_pin_foreign_enter()) {
			motor_req__each_slot(harvest_slot, NULL);
			motor_pin_foreign_leave();
		}
	} else if (ev == MONO_GC_EVENT_POST_STOP_WORLD)
		motor_req__each_slot(rewrite_root, NULL);
}

struct _MonoProfiler {
	int unused;
};
static struct _MonoProfiler profiler;

void motor_req__gc_hook_init(int harvest)
{
	harvest_enabled = harvest;
	const char *delay = getenv("MOTOR_TEST_RACE_DELAY_US");
	race_delay_us = delay ? (unsigned)strtoul(delay, NULL, 10) : 0;
	MonoProfilerHandle h = mono_profiler_create(&profiler);
	mono_profiler_set_gc_event_callback(h, gc_event);
}
