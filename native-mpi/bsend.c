/*
 * bsend.c - the buffer of buffered-mode sends (Bsend, Ibsend, Bsend_init): MPI_Buffer_attach of memory Motor
 * allocates and owns, so no managed array has to stay in place for it, and its detach, which waits for the
 * messages still in it.  One buffer per process, as in MPI.  At finalize a buffer still attached is detached
 * (its messages delivered) and freed.
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "motor-mpi-internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *attached;                 /* under lock */
static _Atomic int attached_size = -1; /* written under lock; -1: none attached */
static int busy; /* under lock: an attach or detach is between its MPI call and its bookkeeping */

int motor_mpi_buffer_attach(int64_t size)
{
	if (size < 0 || size > INT_MAX)
		return MOTOR_ECOUNT;
	if (motor_mpi_finalized())
		return MOTOR_EFINALIZED;
	pthread_mutex_lock(&lock);
	int taken = attached || busy;
	busy |= !taken;
	pthread_mutex_unlock(&lock);
	if (taken)
		return MOTOR_EBUFATTACHED;
	void *p = malloc(size > 0 ? (size_t)size : 1);
	int rc = p ? MPI_Buffer_attach(p, (int)size) : MOTOR_ENOMEM;
	pthread_mutex_lock(&lock);
	if (rc == MPI_SUCCESS) {
		attached = p;
		attached_size = (int)size;
	}
	busy = 0;
	pthread_mutex_unlock(&lock);
	if (rc != MPI_SUCCESS)
		free(p);
	return rc;
}

/* Detaches and frees the buffer, if one is attached and no other thread is attaching or detaching. */
static int detach(int64_t *size)
{
	*size = 0;
	pthread_mutex_lock(&lock);
	int was_busy = busy, none = !attached;
	busy |= !none;
	pthread_mutex_unlock(&lock);
	if (was_busy)
		return MOTOR_EBUFATTACHED;
	if (none)
		return MOTOR_OK;
	/* MPI_Buffer_detach returns once every message in the buffer has gone: wait between the hooks. */
	void *p;
	int n, rc;
	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = MPI_Buffer_detach(&p, &n);
	motor_mpi__block_end(&b);
	pthread_mutex_lock(&lock);
	if (rc == MPI_SUCCESS) {
		free(attached);
		attached = NULL;
		*size = attached_size;
		attached_size = -1;
	}
	busy = 0;
	pthread_mutex_unlock(&lock);
	return rc;
}

int motor_mpi_buffer_detach(int64_t *size)
{
	/* Finalisation detached the buffer (motor_mpi__bsend_fini), and none can be attached since. */
	if (motor_mpi_finalized()) {
		*size = 0;
		return MOTOR_OK;
	}
	return detach(size);
}

int motor_mpi__bsend_fits(int64_t bytes)
{
	int size = atomic_load_explicit(&attached_size, memory_order_relaxed);
	return size >= 0 && bytes + MPI_BSEND_OVERHEAD <= size;
}

int motor_mpi_bsend_overhead(void)
{
	return MPI_BSEND_OVERHEAD;
}

void motor_mpi__bsend_fini(void)
{
	int64_t size;
	detach(&size);
}
