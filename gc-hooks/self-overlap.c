/*
 * self-overlap.c - refusing a message of this rank to itself whose buffers overlap.
 *
 * A message of a rank to itself is copied by the MPI library straight from the send buffer into the receive
 * buffer, and MPICH aborts the process when the two overlap.  MPI forbids touching the buffer of an operation
 * in flight, so such a program is wrong -- but it must get an exception, not lose the rank.  Only operations
 * that may be messages to self are compared, and only while one of the other direction is in flight: the
 * common case costs one atomic load (a post learns whether it may be a message to self from native-mpi,
 * which looks the communicator up anyway).  (Best effort
 * across threads: two threads posting the conflicting operations at the same instant can both pass.)
 */
#include <pthread.h>
#include <stdlib.h>

#include "req-internal.h"

/* In-flight sends (0) and receives (1) that a message of this rank to itself may match: how many of each
 * direction (read without the lock, so that the common case takes none), and the slots themselves, so that an
 * overlap check looks at these few and not at every slot.  The lock is plain C only, never held across a
 * safepoint. */
atomic_int motor_req__self_active[2];
static pthread_mutex_t self_lock = PTHREAD_MUTEX_INITIALIZER;
static int32_t *self_list;
static int self_n, self_cap;

MOTOR_COLD void motor_req__unlist_self(struct slot *sl)
{
	pthread_mutex_lock(&self_lock);
	int32_t last = self_list[--self_n];
	self_list[sl->self_pos] = last;
	motor_req__slot_ref(last)->self_pos = sl->self_pos;
	pthread_mutex_unlock(&self_lock);
	atomic_fetch_sub(&motor_req__self_active[sl->recv], 1);
	sl->self = 0;
}

MOTOR_COLD int motor_req__add_self(struct slot *sl)
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
	atomic_fetch_add(&motor_req__self_active[sl->recv], 1);
	return MOTOR_OK;
}

static MOTOR_COLD int overlaps_listed(uintptr_t lo, uintptr_t hi, int64_t count, int dt, int recv)
{
	int found = 0;
	pthread_mutex_lock(&self_lock);
	for (int i = 0; i < self_n && !found; i++) {
		const struct slot *sl = motor_req__slot_ref(self_list[i]);
		found = sl->recv != recv && sl->lo < sl->hi && sl->lo < hi &&
		        lo < sl->hi && /* empty: no element */
		        motor_mpi_elements_meet((void *)lo, count, dt, (void *)sl->lo, sl->count, sl->dt);
	}
	pthread_mutex_unlock(&self_lock);
	return found;
}

/* Receives read motor_req__self_active[0], the count of sends to self in flight; this count on top of it
 * sends them to their checked path while it is there.  No count of slots comes near it. */
#define DIVERT (1 << 28)

void motor_pin_divert_receives(int on)
{
	atomic_fetch_add(&motor_req__self_active[0], on ? DIVERT : -DIVERT);
}

static int overlaps_in_flight(uintptr_t lo, uintptr_t hi, int64_t count, int dt, int recv)
{
	return lo != hi && motor_pin_self_possible(recv) && overlaps_listed(lo, hi, count, dt, recv);
}

int motor_req__self_range(const struct motor_buffer *b, int recv, int peer, int comm, uintptr_t *lo,
                          uintptr_t *hi, int *refused)
{
	*lo = *hi = 0;
	*refused = 0;
	if (!motor_mpi_peer_may_be_self(comm, peer, recv))
		return 0;
	*lo = (uintptr_t)b->data;
	*hi = *lo + (uintptr_t)b->count * motor_mpi_type_size(b->dt);
	*refused = overlaps_in_flight(*lo, *hi, b->count, b->dt, recv);
	return 1;
}

int motor_pin_check_self(const struct motor_buffer *b, int recv, int peer, int comm)
{
	uintptr_t lo, hi;
	int refused;
	/* Nothing of the other direction to self in flight: nothing to overlap, and no communicator lookup.
	 */
	if (!motor_pin_self_possible(recv))
		return MOTOR_OK;
	motor_req__self_range(b, recv, peer, comm, &lo, &hi, &refused);
	return refused ? MOTOR_EOVERLAP : MOTOR_OK;
}
