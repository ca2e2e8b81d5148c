/*
 * recv-order.c - typed receives behind the object receives posted before them.
 *
 * An object receive (OIrecv) posts nothing in MPI until its message has matched (ORequest), so a typed
 * receive (Recv, Irecv) posted after it with an envelope that overlaps would be matched by MPI first, and
 * take the message that MPI's order gives the object receive.  Managed code lists here the envelope of every
 * receive that waits in ORequest's list (object receives unmatched, and the typed receives queued behind
 * them); a typed receive whose envelope overlaps one of them is refused with MOTOR_EBEHIND and managed code
 * queues it (Irecv; Sendrecv becomes Isendrecv and a wait); a blocking Recv waits here until the receives
 * before it have matched.
 *
 * While the list is not empty, receive posts take their checked path (motor_pin_divert_receives), so the
 * common case costs nothing here.  A queued receive is posted in its turn by motor_icall_irecv_queued, past
 * the check (the receives listed after it must not hold it back), also by the object receives' progress
 * thread, which calls MPI only between the blocking hooks.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "icalls.h"
#include "motor-pin.h"
#include "motor-runtime.h"

struct envelope {
	int32_t source, tag, comm;
};

static pthread_mutex_t order_lock = PTHREAD_MUTEX_INITIALIZER;
static struct envelope *listed;
static int n_listed, cap_listed;
static atomic_int any_listed;

static int overlap(const struct envelope *e, int32_t source, int32_t tag, int32_t comm)
{
	return e->comm == comm && e->source != MOTOR_PROC_NULL &&
	       (e->source == MOTOR_ANY_SOURCE || source == MOTOR_ANY_SOURCE || e->source == source) &&
	       (e->tag == MOTOR_ANY_TAG || tag == MOTOR_ANY_TAG || e->tag == tag);
}

static int add(int32_t source, int32_t tag, int32_t comm)
{
	if (n_listed == cap_listed) {
		int cap = cap_listed ? 2 * cap_listed : 16;
		struct envelope *l = realloc(listed, sizeof *l * (size_t)cap);
		if (!l)
			return MOTOR_ENOMEM;
		listed = l;
		cap_listed = cap;
	}
	listed[n_listed++] = (struct envelope){source, tag, comm};
	return MOTOR_OK;
}

static void remove_one(int32_t source, int32_t tag, int32_t comm)
{
	for (int i = 0; i < n_listed; i++)
		if (listed[i].source == source && listed[i].tag == tag && listed[i].comm == comm) {
			listed[i] = listed[--n_listed];
			return;
		}
}

int32_t motor_icall_recv_order_list(int32_t add_it, int32_t source, int32_t tag, int32_t comm)
{
	int rc = MOTOR_OK;
	pthread_mutex_lock(&order_lock);
	int before = n_listed;
	if (add_it)
		rc = add(source, tag, comm);
	else
		remove_one(source, tag, comm);
	if (!before != !n_listed) {
		atomic_store(&any_listed, n_listed > 0);
		motor_pin_divert_receives(n_listed > 0);
	}
	pthread_mutex_unlock(&order_lock);
	return rc;
}

int motor_recv_order_check(int32_t source, int32_t tag, int32_t comm)
{
	if (!atomic_load_explicit(&any_listed, memory_order_relaxed) || source == MOTOR_PROC_NULL)
		return MOTOR_OK;
	int found = 0;
	pthread_mutex_lock(&order_lock);
	for (int i = 0; i < n_listed && !found; i++)
		found = overlap(&listed[i], source, tag, comm);
	pthread_mutex_unlock(&order_lock);
	return found ? MOTOR_EBEHIND : MOTOR_OK;
}

int motor_recv_order_wait(int32_t source, int32_t tag, int32_t comm)
{
	int rc;
	while ((rc = motor_recv_order_check(source, tag, comm)) == MOTOR_EBEHIND)
		motor_object_await_before(source, tag, comm);
	return rc;
}

int32_t motor_icall_irecv_queued(MonoObject *buf, int32_t offset, int32_t count, int32_t layout,
                                 int32_t source, int32_t tag, int32_t comm, MonoObject *req)
{
	struct motor_buffer b;
	int rc = layout >= 0 ? motor_buffer_resolve_layout(buf, offset, layout, &b)
	                     : motor_buffer_resolve(buf, offset, count, &b);
	if (rc != MOTOR_OK)
		return rc;
	if (motor_object_progress_thread())
		return motor_pin_post_recv_hooked(req, buf, &b, layout >= 0, source, tag, comm);
	return layout >= 0 ? motor_pin_post_layout(req, buf, &b, 1, source, tag, comm, MOTOR_SEND_STANDARD)
	                   : motor_pin_post(req, buf, &b, 1, source, tag, comm, MOTOR_SEND_STANDARD);
}
