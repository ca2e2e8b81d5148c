/*
 * req-shutdown.c - completing every request still in flight before MPI_Finalize, and the layer's counters.
 */
#include <sched.h>
#include <time.h>

#include "req-internal.h"

atomic_uint_fast64_t motor_req__pins[2], motor_req__gc_released, motor_req__gc_completed;

struct shutdown_pass {
	int pass, left;
};

static void shutdown_slot(struct slot *sl, int32_t index, void *ctx)
{
	struct shutdown_pass *p = ctx;
	(void)index;
	if (atomic_load(&sl->state) != ACTIVE || motor_req__claim(sl, atomic_load(&sl->gen)) != MOTOR_OK)
		return;
	if (p->pass == 1)
		motor_mpi_cancel(&sl->req); /* nothing will come for it any more */
	if (!motor_req__finish_if_done(sl))
		p->left++;
}

/* The first pass completes what has completed, the second cancels the rest; then each is tested until it
 * completes or two seconds have passed. */
int motor_pin_shutdown(void)
{
	struct timespec t0, now;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (struct shutdown_pass p = {0};; p.pass++) {
		p.left = 0;
		motor_req__each_slot(shutdown_slot, &p);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (!p.left || (now.tv_sec - t0.tv_sec) > 2)
			return p.left;
		sched_yield();
	}
}

static void count_in_flight(struct slot *sl, int32_t index, void *ctx)
{
	uint64_t *n = ctx;
	(void)index;
	*n += atomic_load_explicit(&sl->state, memory_order_relaxed) == ACTIVE;
}

void motor_pin_counts(struct motor_pin_counts *c)
{
	c->pins_taken = atomic_load(&motor_req__pins[1]);
	c->pins_avoided = atomic_load(&motor_req__pins[0]);
	c->gc_released = atomic_load(&motor_req__gc_released);
	c->gc_completed = atomic_load(&motor_req__gc_completed);
	c->in_flight = 0;
	motor_req__each_slot(count_in_flight, &c->in_flight);
	c->slots = (uint64_t)atomic_load(&motor_req__n_slots);
}
