/*
 * icoll.c - non-blocking collectives in two stages: the agreement, then the data.
 *
 * Every collective first agrees whether every rank accepted its arguments (coll.c, motor_mpi__agree).  For a
 * non-blocking collective the agreement must not block the post: a rank may post Iallreduce and then receive
 * from a rank that sends before it posts.  So the post only starts the agreement, an MPI_Iallreduce of the
 * verdict, and the data collective is started once the agreement has completed -- by whichever completion
 * call of this rank sees it first (Wait, Test, Waitany, the garbage collector's harvest, the polling loop of
 * any other wait of this layer).
 *
 * Two rules keep that correct:
 *   - Order.  MPI matches collectives on a communicator by the order of their calls, and each rank would see
 *     its agreements complete at different moments relative to its other collectives.  So the data
 *     collectives never run on the communicator itself but on its *shadow*, a duplicate made with
 *     MPI_Comm_idup at the first non-blocking collective (itself posted in program order, before that
 *     collective's agreement), and they are started strictly in post order: a per-communicator queue, whose
 *     head alone may start.  Every rank posts the same collectives in the same order, so every rank starts
 *     the same data collectives on the shadow in the same order; blocking collectives on the communicator
 *     itself are not affected.  The shadow is freed once its communicator has been freed and its last data
 *     collective has completed (Open MPI 4.1's libnbc crashes when a communicator is freed under a pending
 *     non-blocking collective, which MPI allows).
 *   - Progress.  A rank that waits for something else (a receive, a probe, another request) must still start
 *     the data collectives the other ranks are waiting for.  While any agreement is pending every wait of
 *     this layer polls (request.c, p2p.c, message.c) and calls motor_mpi__staged_progress_slow between its
 * tests.
 *
 * A rank that refuses its arguments still takes part in the agreement: its record (an orphan, which nobody
 * holds) stays in the queue until the agreement completes and is then dropped; the post raises at once.
 *
 * A rank may also wait where this layer cannot poll (a blocking collective on another communicator, a
 * communicator constructor, MPI_Finalize's own synchronisation): while agreements are pending a progress
 * thread, started at the first one, tests them every millisecond in which nobody else did and starts what
 * they allow.  It calls MPI only through the runtime's gate (motor_mpi_set_progress_gate): never while a
 * user-defined operator -- managed code -- could run inside an MPI call.  It needs MPI_THREAD_MULTIPLE
 * (without it, it is not started).
 *
 * Locking: one mutex for the queues, taken only with trylock by completion calls (whoever holds it is doing
 * the same work) and by the posting thread between the blocking hooks, so that a thread waiting for it never
 * holds up a garbage collection whose hook wants it too (the hook uses trylock).  Nothing blocks while
 * holding it, except the drain when a communicator is freed (between the hooks).
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#include "coll-internal.h"

/* A communicator's shadow: made at its first non-blocking collective, freed when nothing uses it any more
 * (the queue holds one reference until its communicator is freed, each started data collective one until it
 * completes). */
struct shadow {
	MPI_Comm comm;
	MPI_Comm agree; /* an intercommunicator's: an intracommunicator of both groups, for the agreements */
	int side;       /* which of an intercommunicator agreement's two blocks is this rank's group's */
	MPI_Request idup;
	int idup_done; /* 1 when MPI_Comm_idup has completed, -1 if it failed (then the shadow is not made
	                  again: the other ranks would not match a second MPI_Comm_idup) */
	atomic_int refs;
};

struct motor_staged {
	struct coll a;             /* the data collective, prepared at the post; started on the shadow */
	struct motor_agree blk[2]; /* the agreement's buffer (agree.c): two blocks on an intercommunicator */
	int side;                  /* -1, or on an intercommunicator this rank's group's block */
	int remote_size;
	struct motor_carry d; /* the description the agreement carries, if `described` */
	int described;
	int size;    /* the communicator's */
	int verdict; /* this rank's own verdict */
	int orphan;  /* a refusal: nobody holds the record, the queue frees it */
	int rc;      /* MOTOR_STAGED_ENDED: the error the request completes with */
	atomic_int state;
	MPI_Request agree, data;
	struct shadow *sh; /* MOTOR_STAGED_POSTED: the shadow `data` runs on (a reference) */
	struct motor_staged *next;
};

struct queue {
	struct shadow *sh; /* NULL until the first non-blocking collective */
	struct motor_staged *head, *tail;
	int listed; /* on the list of queues with records */
	struct queue *next_listed;
};

/* The progress thread: none, running, told to stop.  Guarded by tlock; sleeps on tcond while nothing is
 * pending. */
enum { T_NONE, T_RUNNING, T_STOPPING };
static int t_state;
static pthread_t t_id;
static pthread_mutex_t tlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t tcond = PTHREAD_COND_INITIALIZER;
static int (*gate_enter)(void);
static void (*gate_leave)(void);

/* How often the progress thread looks (nanoseconds), and how many times the queues have been advanced. */
#define PROGRESS_PERIOD_NS 1000000
static atomic_uint passes;

static struct queue queues[MOTOR_MAX_COMMS];
static struct queue *listed; /* the queues that hold records */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
atomic_int motor_mpi__staged_pending;

static struct motor_staged *staged_of(const motor_req *r)
{
	return (struct motor_staged *)(uintptr_t)(r->opaque & ~MOTOR_MPI__STAGED_BIT);
}

/* Drops a reference to a shadow; the last frees it.  Its MPI_Comm_idup has been decided by then (the queue
 * waits for it before it lets go, and no data collective starts before it completes). */
static void shadow_release(struct shadow *sh)
{
	if (!sh || atomic_fetch_sub(&sh->refs, 1) != 1)
		return;
	if (sh->idup_done == 1 && sh->comm != MPI_COMM_NULL)
		MPI_Comm_free(&sh->comm);
	if (sh->agree != MPI_COMM_NULL)
		MPI_Comm_free(&sh->agree);
	free(sh);
}

/* Takes the lock between the blocking hooks if it is held: the holder may be waiting for a collection. */
static void lock_waiting(void)
{
	if (pthread_mutex_trylock(&lock) == 0)
		return;
	struct motor_block b;
	motor_mpi__block_begin(&b);
	pthread_mutex_lock(&lock);
	motor_mpi__block_end(&b);
}

/* The outcome of a record whose agreement has completed with MPI result `mrc`: its data collective started,
 * or the error it completes with. */
static void decide(struct queue *q, struct motor_staged *s, int mrc)
{
	int rc = mrc, done = 0;
	if (rc == MPI_SUCCESS)
		rc = s->verdict != MOTOR_OK ? s->verdict
		     : s->side >= 0
		         ? motor_mpi__agree_outcome_inter(s->blk, s->side, s->size, s->remote_size)
		         : motor_mpi__agree_outcome(s->blk, s->size, s->described ? &s->d : NULL, &done);
	/* Refused here or elsewhere, described differently, or carried out by the agreement: no data
	 * collective. */
	if (rc == MPI_SUCCESS && !done) {
		if (!q->sh || q->sh->idup_done != 1) {
			rc = MOTOR_ECOMM; /* the shadow could not be made: every rank learnt it from the same
			                     MPI_Comm_idup */
		} else {
			s->a.comm = q->sh->comm;
			if ((rc = motor_mpi__coll_start(&s->a, &s->data)) == MPI_SUCCESS) {
				s->sh = q->sh;
				atomic_fetch_add(&s->sh->refs, 1);
			}
		}
	}
	atomic_fetch_sub_explicit(&motor_mpi__staged_pending, 1, memory_order_relaxed);
	if (s->orphan) {
		free(s);
		return;
	}
	s->rc = rc;
	atomic_store_explicit(&s->state,
	                      rc == MPI_SUCCESS && !done ? MOTOR_STAGED_POSTED : MOTOR_STAGED_ENDED,
	                      memory_order_release);
}

/* Starts what can start from the head of queue `q`; with `wait`, waits for each agreement (only where every
 * rank is known to have posted them).  Under the lock. */
static void advance(struct queue *q, int wait)
{
	while (q->head) {
		struct motor_staged *s = q->head;
		int flag = 1, rc = MPI_SUCCESS;
		struct shadow *sh = q->sh;
		if (sh && !sh->idup_done) {
			rc = wait ? MPI_Wait(&sh->idup, MPI_STATUS_IGNORE)
			          : MPI_Test(&sh->idup, &flag, MPI_STATUS_IGNORE);
			if (!flag && rc == MPI_SUCCESS)
				return;
			sh->idup_done = rc == MPI_SUCCESS ? 1 : -1;
		}
		rc = wait ? MPI_Wait(&s->agree, MPI_STATUS_IGNORE)
		          : MPI_Test(&s->agree, &flag, MPI_STATUS_IGNORE);
		if (!flag && rc == MPI_SUCCESS)
			return;
		q->head = s->next;
		if (!q->head)
			q->tail = NULL;
		decide(q, s, rc);
	}
}

/* Advances every listed queue and unlists the empty ones.  Under the lock. */
static void advance_all(int wait)
{
	for (struct queue **p = &listed; *p;) {
		struct queue *q = *p;
		advance(q, wait);
		if (q->head) {
			p = &q->next_listed;
			continue;
		}
		q->listed = 0;
		*p = q->next_listed;
	}
}

void motor_mpi__staged_progress_slow(void)
{
	if (pthread_mutex_trylock(&lock) != 0)
		return;
	advance_all(0);
	atomic_store_explicit(&passes, atomic_load_explicit(&passes, memory_order_relaxed) + 1,
	                      memory_order_relaxed);
	pthread_mutex_unlock(&lock);
}

void motor_mpi_set_progress_gate(int (*enter)(void), void (*leave)(void))
{
	gate_enter = enter;
	gate_leave = leave;
}

/* The progress thread: a fallback.  It steps in only when nobody else has advanced the queues since its last
 * look, so a rank that waits or tests (the common case) never shares its core or the MPI library's lock with
 * it; a rank stuck where the runtime cannot poll gets its collectives started within about a millisecond. */
static void *progress_main(void *unused)
{
	unsigned seen = atomic_load(&passes) - 1;
	(void)unused;
	pthread_mutex_lock(&tlock);
	while (t_state == T_RUNNING) {
		if (!atomic_load(&motor_mpi__staged_pending)) {
			pthread_cond_wait(&tcond, &tlock);
			continue;
		}
		pthread_mutex_unlock(&tlock);
		nanosleep(&(struct timespec){.tv_nsec = PROGRESS_PERIOD_NS}, NULL);
		unsigned now = atomic_load(&passes);
		if (now == seen && gate_enter()) {
			motor_mpi__staged_progress_slow();
			gate_leave();
		}
		seen = atomic_load(&passes);
		pthread_mutex_lock(&tlock);
	}
	pthread_mutex_unlock(&tlock);
	return NULL;
}

/* Something is pending: wake the progress thread, starting it the first time. */
static void wake_progress(void)
{
	int level = 0;
	pthread_mutex_lock(&tlock);
	if (t_state == T_NONE && gate_enter && MPI_Query_thread(&level) == MPI_SUCCESS &&
	    level == MPI_THREAD_MULTIPLE && pthread_create(&t_id, NULL, progress_main, NULL) == 0)
		t_state = T_RUNNING;
	pthread_cond_signal(&tcond);
	pthread_mutex_unlock(&tlock);
}

static void stop_progress(void)
{
	pthread_mutex_lock(&tlock);
	int running = t_state == T_RUNNING;
	if (running)
		t_state = T_STOPPING;
	pthread_cond_signal(&tcond);
	pthread_mutex_unlock(&tlock);
	if (running)
		pthread_join(t_id, NULL);
}

/* An intercommunicator's agreements run on an intracommunicator of both groups (MPI_Intercomm_merge), as one
 * MPI_Iallreduce of two blocks, one per group: an MPI_Iallreduce on the intercommunicator itself would give
 * each group only the other's, and a second one to hand each group its own could not keep its place among
 * the agreements that later posts start.  The group whose rank 0 comes first in it has block 0. */
static int merged(const struct motor_comm *c, struct shadow *sh)
{
	MPI_Group local = MPI_GROUP_NULL, all = MPI_GROUP_NULL;
	int zero = 0, at = -1;
	int rc = MPI_Intercomm_merge(c->comm, 0, &sh->agree);
	if (rc == MPI_SUCCESS && (rc = MPI_Comm_group(c->comm, &local)) == MPI_SUCCESS &&
	    (rc = MPI_Comm_group(sh->agree, &all)) == MPI_SUCCESS)
		rc = MPI_Group_translate_ranks(local, 1, &zero, all, &at);
	if (local != MPI_GROUP_NULL)
		MPI_Group_free(&local);
	if (all != MPI_GROUP_NULL)
		MPI_Group_free(&all);
	sh->side = at == 0 ? 0 : 1;
	if (rc != MPI_SUCCESS && sh->agree != MPI_COMM_NULL)
		MPI_Comm_free(&sh->agree);
	return rc;
}

/* The communicator the agreements on `c` run on, and this rank's side in them (-1: one block): `c` itself
 * for an intracommunicator, for an intercommunicator its shadow's merged one (MPI_COMM_NULL while it has
 * none).  Under the lock. */
static MPI_Comm agree_comm(const struct motor_comm *c, const struct queue *q, int *side)
{
	*side = -1;
	if (!c->inter)
		return c->comm;
	if (!q || !q->sh || q->sh->idup_done != 1)
		return MPI_COMM_NULL;
	*side = q->sh->side;
	return q->sh->agree;
}

/* Where MPI_Comm_idup cannot overlap other non-blocking collectives (mpi-compat.h), the shadow of a
 * communicator that has none yet is made by a blocking MPI_Comm_dup, between the hooks and outside the lock:
 * the first non-blocking collective on a communicator then waits for every rank's first one.  NULL if the
 * communicator has a shadow already (or no memory: then the post makes it with MPI_Comm_idup).  If the dup
 * fails (on every rank: the library is out of communicators), the shadow is marked failed and the
 * collectives complete with MOTOR_ECOMM. */
static struct shadow *blocking_shadow(const struct motor_comm *c, struct queue *q)
{
	lock_waiting();
	int has = q->sh != NULL;
	pthread_mutex_unlock(&lock);
	struct shadow *sh = has ? NULL : calloc(1, sizeof *sh);
	if (!sh)
		return NULL;
	struct motor_block b;
	motor_mpi__block_begin(&b);
	sh->agree = MPI_COMM_NULL;
	int rc = MPI_Comm_dup(c->comm, &sh->comm);
	if (rc == MPI_SUCCESS && c->inter && (rc = merged(c, sh)) != MPI_SUCCESS)
		MPI_Comm_free(&sh->comm);
	motor_mpi__block_end(&b);
	atomic_init(&sh->refs, 1);
	sh->idup = MPI_REQUEST_NULL;
	sh->idup_done = rc == MPI_SUCCESS ? 1 : -1;
	return sh;
}

/* Takes this rank's part in the next agreement on `c` as a refusal, here and now, without a record: the other
 * ranks see it refuse, as if it had refused its arguments.  Under the lock, so that it keeps its place among
 * the agreements other threads post. */
static void refuse_now(const struct motor_comm *c, const struct queue *q)
{
	struct motor_agree blk[2];
	MPI_Request r;
	int side;
	MPI_Comm comm = agree_comm(c, q, &side);
	int n = motor_mpi__agree_fill(blk, c, side, MOTOR_EARG, NULL);
	if (comm != MPI_COMM_NULL && motor_mpi__agree_start(blk, n, comm, &r) == MPI_SUCCESS)
		motor_mpi__complete(&r, 1, NULL);
}

int motor_mpi__staged_refuse(const struct motor_comm *c, int verdict)
{
	lock_waiting();
	refuse_now(c, NULL);
	pthread_mutex_unlock(&lock);
	return verdict;
}

int motor_mpi__staged_unshadowed(int comm)
{
	int rc = MOTOR_OK;
	if ((unsigned)comm >= MOTOR_MAX_COMMS)
		return MOTOR_ECOMM;
	lock_waiting();
	struct queue *q = &queues[comm];
	if (!q->sh && (q->sh = calloc(1, sizeof *q->sh)) != NULL) {
		q->sh->comm = MPI_COMM_NULL; /* a data operation that needs one would fail, not hang */
		q->sh->agree = MPI_COMM_NULL;
		q->sh->idup = MPI_REQUEST_NULL;
		q->sh->idup_done = 1;
		atomic_init(&q->sh->refs, 1);
	} else if (!q->sh)
		rc = MOTOR_ENOMEM;
	pthread_mutex_unlock(&lock);
	return rc;
}

int motor_mpi__staged_post(struct motor_comm *c, int comm, const struct coll *a, int verdict,
                           const struct motor_carry *d, motor_req *req)
{
	struct motor_staged *s = calloc(1, sizeof *s);
	int rc = MPI_SUCCESS;
	struct queue *q = &queues[comm];

	motor_mpi__req_set(req, MPI_REQUEST_NULL);
	/* An intercommunicator's shadow comes with the merged communicator of its agreements, made by a
	 * blocking call. */
	struct shadow *made = MOTOR_COMPAT_IDUP_OVERLAPS_NBC && !c->inter ? NULL : blocking_shadow(c, q);
	lock_waiting();
	if (!q->sh && made) {
		q->sh = made;
		made = NULL;
	} else if (!q->sh && !c->inter && (q->sh = calloc(1, sizeof *q->sh)) != NULL) {
		atomic_init(&q->sh->refs, 1);
		q->sh->agree = MPI_COMM_NULL;
		rc = MPI_Comm_idup(c->comm, &q->sh->comm, &q->sh->idup);
		q->sh->idup_done = rc == MPI_SUCCESS ? 0 : -1;
	} else if (!q->sh)
		rc = MOTOR_ENOMEM;
	shadow_release(made); /* another thread made one first */
	if (!s) {
		/* No record: take part in the agreement here and now, and refuse. */
		refuse_now(c, q);
		pthread_mutex_unlock(&lock);
		return verdict == MOTOR_OK ? MOTOR_ENOMEM : verdict;
	}
	int side;
	MPI_Comm on = agree_comm(c, q, &side);
	if (on == MPI_COMM_NULL && rc == MPI_SUCCESS)
		rc = MOTOR_ECOMM; /* an intercommunicator whose shadow could not be made, on every rank */
	*s = (struct motor_staged){.a = *a,
	                           .described = d != NULL,
	                           .side = side,
	                           .remote_size = c->remote_size,
	                           .size = c->size,
	                           .verdict = verdict,
	                           .orphan = verdict != MOTOR_OK,
	                           .state = MOTOR_STAGED_AGREEING};
	if (d)
		s->d = *d;
	int n = motor_mpi__agree_fill(s->blk, c, side, verdict, d);
	if (rc == MPI_SUCCESS)
		rc = motor_mpi__agree_start(s->blk, n, on, &s->agree);
	if (rc != MPI_SUCCESS) {
		pthread_mutex_unlock(&lock);
		free(s);
		return verdict == MOTOR_OK ? rc : verdict;
	}
	if (q->tail)
		q->tail->next = s;
	else
		q->head = s;
	q->tail = s;
	if (!q->listed) {
		q->listed = 1;
		q->next_listed = listed;
		listed = q;
	}
	atomic_fetch_add_explicit(&motor_mpi__staged_pending, 1, memory_order_relaxed);
	pthread_mutex_unlock(&lock);
	wake_progress();
	if (verdict != MOTOR_OK)
		return verdict;
	req->opaque = (uint64_t)(uintptr_t)s | MOTOR_MPI__STAGED_BIT;
	return MOTOR_OK;
}

int motor_mpi__staged_resolve(motor_req *req, int *rc)
{
	struct motor_staged *s = staged_of(req);
	int state = atomic_load_explicit(&s->state, memory_order_acquire);
	if (state == MOTOR_STAGED_AGREEING) {
		motor_mpi__staged_progress_slow();
		state = atomic_load_explicit(&s->state, memory_order_acquire);
	}
	if (state == MOTOR_STAGED_ENDED) {
		/* Out of the queue: only the holder of `req` refers to the record now. */
		*rc = s->rc;
		free(s);
		motor_mpi__req_set(req, MPI_REQUEST_NULL);
	}
	return state;
}

MPI_Request *motor_mpi__staged_data(motor_req *req)
{
	return &staged_of(req)->data;
}

void motor_mpi__staged_done(motor_req *req)
{
	struct motor_staged *s = staged_of(req);
	shadow_release(s->sh);
	free(s);
	motor_mpi__req_set(req, MPI_REQUEST_NULL);
}

/* Drains queue `q` completely (every rank posted its agreements) and lets go of its shadow, which its data
 * collectives still running keep.  Under the lock. */
static void drain(struct queue *q)
{
	struct motor_block b;
	motor_mpi__block_begin(&b);
	advance(q, 1);
	if (q->sh && !q->sh->idup_done)
		q->sh->idup_done = MPI_Wait(&q->sh->idup, MPI_STATUS_IGNORE) == MPI_SUCCESS ? 1 : -1;
	motor_mpi__block_end(&b);
	shadow_release(q->sh);
	q->sh = NULL;
}

void motor_mpi__staged_comm_freed(int handle)
{
	if ((unsigned)handle >= MOTOR_MAX_COMMS)
		return;
	lock_waiting();
	struct queue *q = &queues[handle];
	if (q->sh || q->head) {
		drain(q);
		advance_all(0); /* unlists it */
	}
	pthread_mutex_unlock(&lock);
}

void motor_mpi__staged_fini(void)
{
	struct timespec t0, now;

	/* Bounded: a rank that never posts a collective the others posted must not hang the others'
	 * finalize. */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (atomic_load(&motor_mpi__staged_pending)) {
		motor_mpi__staged_progress_slow();
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - t0.tv_sec > 2)
			break;
		sched_yield();
	}
	stop_progress();
	pthread_mutex_lock(&lock);
	for (int h = 0; h < MOTOR_MAX_COMMS; h++)
		if (!queues[h].head && queues[h].sh && queues[h].sh->idup_done) {
			shadow_release(queues[h].sh);
			queues[h].sh = NULL;
		}
	pthread_mutex_unlock(&lock);
}
