/*
 * win.c - one-sided communication: MPI RMA windows, their epochs, and the range check of every operation.
 *
 * Why exchange sizes?  MPI checks nothing at the target: a Put past the end of a target's window writes over
 * whatever follows it, which under Motor is the managed heap.  So every rank learns every other rank's window
 * size, disp_unit and element kind at creation (one Allgather on the window's private communicator), and an
 * operation whose target range does not lie inside the target's window is refused on the origin rank.
 *
 * Epochs.  MPI leaves a call outside its epoch undefined (MPICH asserts, Open MPI returns an error or
 * corrupts its state).  Each window keeps what this process knows of its epochs -- a fence has been called,
 * which ranks it has locked, lock_all, an access group from Start, an exposure epoch from Post -- and refuses
 * what cannot be right: an operation on a target no epoch covers, Unlock without Lock, Flush outside a
 * passive-target epoch, Fence or Free inside a lock epoch, and so on.  An epoch that other ranks must match
 * (a fence on one rank only) cannot be seen from here and is not checked.  The state is guarded by a mutex
 * per window that is never held across an MPI call: a call is checked and marked under it, made without it,
 * and unmarked if MPI failed.
 *
 * Blocking.  The synchronisation calls may wait for other ranks and run between the blocking hooks.  The data
 * movement calls (MPI_Put, MPI_Get, the accumulations) are non-blocking in MPI's terms -- they return without
 * waiting for remote completion -- so they run without the hooks, like a non-blocking send's post.
 *
 * Finalize.  MPICH aborts in MPI_Finalize when a window is still alive (UCX asserts on its registered
 * memory), and MPI_Win_free is collective.  Windows still alive at finalize -- a program that dropped them --
 * are freed in creation order, which is the same on every rank that holds the same windows.  Before each,
 * the window's ranks meet in a barrier that is polled for a bounded time: a window dropped on some ranks but
 * freed on others (an erroneous program) is then left alone instead of hanging the exit.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "coll-internal.h"

struct win {
	MPI_Win win;
	MPI_Comm comm; /* a private duplicate: the window's agreements and its barrier at finalize */
	struct motor_comm agree;
	int size, rank;
	int64_t *bytes; /* per rank */
	int64_t *shift; /* per rank: bytes from the MPI window's base to the memory's (mpi-compat.h) */
	int *disp_unit; /* per rank */
	int dt;
	size_t elem;
	uint64_t serial; /* creation order */
	pthread_mutex_t lock;
	/* Epoch state, under `lock`.  fence: a fence epoch may be open (since a Fence without NOSUCCEED);
	 * fence_ops: an operation has been started in it, which the next Fence completes. */
	int fence, fence_ops, lock_all, nlocked, started, posted;
	int no_locks;    /* given the hint no_locks=true (at creation or by Set_info): Lock and Lock_all are
	                    refused */
	int created;     /* over the program's memory (Create), not memory MPI allocated */
	uint8_t *locked; /* per rank: 0 or the lock type */
	uint8_t *group;  /* per rank: in the access group of Start */
	void **peer;     /* Allocate_shared: each rank's memory as mapped here; else NULL */
};

/* A reserved slot holds RESERVED until its window is made (or the slot is given back). */
static struct win reserved_mark;
#define RESERVED (&reserved_mark)
static _Atomic(struct win *) wins[MOTOR_MAX_WINS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t next_serial;

static struct win *lookup(int handle)
{
	if ((unsigned)handle >= MOTOR_MAX_WINS)
		return NULL;
	struct win *w = atomic_load_explicit(&wins[handle], memory_order_acquire);
	return w == RESERVED ? NULL : w;
}

static int reserve(void)
{
	int h = -1;
	pthread_mutex_lock(&table_lock);
	for (int i = 0; i < MOTOR_MAX_WINS && h < 0; i++)
		if (!atomic_load_explicit(&wins[i], memory_order_relaxed)) {
			atomic_store_explicit(&wins[i], RESERVED, memory_order_relaxed);
			h = i;
		}
	pthread_mutex_unlock(&table_lock);
	return h;
}

static void destroy(struct win *w)
{
	if (!w)
		return;
	free(w->bytes);
	free(w->shift);
	free(w->disp_unit);
	free(w->locked);
	free(w->group);
	free(w->peer);
	pthread_mutex_destroy(&w->lock);
	free(w);
}

static struct win *make(int size)
{
	struct win *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	pthread_mutex_init(&w->lock, NULL);
	w->bytes = calloc((size_t)size, sizeof *w->bytes);
	w->shift = calloc((size_t)size, sizeof *w->shift);
	w->disp_unit = calloc((size_t)size, sizeof *w->disp_unit);
	w->locked = calloc((size_t)size, 1);
	w->group = calloc((size_t)size, 1);
	if (!w->bytes || !w->shift || !w->disp_unit || !w->locked || !w->group) {
		destroy(w);
		return NULL;
	}
	w->size = size;
	return w;
}

/* What must match between the ranks' windows: a primitive datatype, or the size of a struct. */
static int64_t elem_key(int dt, size_t elem)
{
	return dt < MOTOR_DT_PREDEFINED ? dt : 1000 + (int64_t)elem;
}

/* Whether every rank of `comm` shares memory with every other (one node), agreed: MOTOR_OK, MOTOR_ENOTSHARED
 * or an MPI error, the same on every rank. */
static int all_shared(MPI_Comm comm, int size)
{
	MPI_Comm node = MPI_COMM_NULL;
	int n = 0;
	int rc = MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
	if (rc == MPI_SUCCESS) {
		MPI_Comm_size(node, &n);
		MPI_Comm_free(&node);
	}
	int mine = rc == MPI_SUCCESS && n == size, all = 0;
	int arc = MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, comm);
	if (arc != MPI_SUCCESS)
		return arc;
	return all ? MOTOR_OK : rc != MPI_SUCCESS ? rc : MOTOR_ENOTSHARED;
}

/* A shared-memory window: every rank's memory as mapped here (MPI_Win_shared_query), into w->peer. */
static int map_peers(struct win *w)
{
	for (int r = 0; r < w->size; r++) {
		MPI_Aint size = 0;
		int du = 0;
		int rc = MPI_Win_shared_query(w->win, r, &size, &du, &w->peer[r]);
		if (rc != MPI_SUCCESS)
			return rc;
	}
	return MPI_SUCCESS;
}

/* The window's hints as an MPI_Info (motor_mpi__info_make).  A created window reaches MPI from the aligned
 * boundary below its memory (mpi-compat.h), so the sizes MPI sees differ between ranks by up to that
 * alignment even where the program's are the same: such a window does not pass same_size on. */
static int window_info(int created, const char *hints, int always, MPI_Info *info)
{
	int rc = motor_mpi__info_make(hints, always, info);
	if (rc == MOTOR_OK && created && *info != MPI_INFO_NULL && motor_mpi__info_find(hints, "same_size"))
		rc = MPI_Info_delete(*info, "same_size") == MPI_SUCCESS ? MOTOR_OK : MOTOR_EARG;
	return rc;
}

/* The MPI part of creation, after the agreement; on error nothing of it is left.  `allocate`: 0 to expose
 * *base, 1 for memory the library allocates, 2 for shared memory (MOTOR_WIN_SHARED). */
static int create(struct win *w, const struct motor_comm *c, void **base, int64_t bytes, int disp_unit,
                  int allocate, MPI_Info info)
{
	struct motor_block b;
	int64_t shift = allocate ? 0 : (int64_t)((uintptr_t)*base % MOTOR_COMPAT_WIN_ALIGN);
	int rc;

	/* Displacements are bytes from an aligned base (mpi-compat.h, MOTOR_COMPAT_WIN_ALIGN). */
	motor_mpi__block_begin(&b);
	rc = MPI_Comm_dup(c->comm, &w->comm);
	if (rc == MPI_SUCCESS && allocate == MOTOR_WIN_SHARED &&
	    (rc = all_shared(w->comm, w->size)) != MOTOR_OK)
		MPI_Comm_free(&w->comm);
	else if (rc == MPI_SUCCESS) {
		if (allocate == MOTOR_WIN_SHARED)
			rc = MPI_Win_allocate_shared((MPI_Aint)bytes, 1, info, w->comm, base, &w->win);
		else if (allocate) /* each rank's part a whole number of alignment units (mpi-compat.h) */
			rc = MPI_Win_allocate((MPI_Aint)((bytes + MOTOR_COMPAT_WIN_ALIGN - 1) /
			                                 MOTOR_COMPAT_WIN_ALIGN * MOTOR_COMPAT_WIN_ALIGN),
			                      1, info, w->comm, base, &w->win);
		else
			rc = MPI_Win_create((char *)*base - shift, (MPI_Aint)(bytes + shift), 1, info,
			                    w->comm, &w->win);
		if (rc != MPI_SUCCESS)
			MPI_Comm_free(&w->comm);
	}
	motor_mpi__block_end(&b);
	if (rc !=
	    MPI_SUCCESS) /* a window holds communicators of the library's: it may have run out of them */
		return rc > 0 && motor_compat_out_of_comms(rc) ? MOTOR_ECOMMLIMIT : rc;
	MPI_Comm_set_errhandler(w->comm, MPI_ERRORS_RETURN);
	MPI_Win_set_errhandler(w->win, MPI_ERRORS_RETURN);

	int64_t mine[4] = {bytes, disp_unit, elem_key(w->dt, w->elem), shift};
	int64_t *all = malloc(sizeof(int64_t) * 4 * (size_t)w->size);
	rc = all ? MPI_SUCCESS : MOTOR_ENOMEM;
	/* Every rank must take part in the exchange even if its malloc failed. */
	motor_mpi__block_begin(&b);
	if (all)
		rc = MPI_Allgather(mine, 4, MPI_INT64_T, all, 4, MPI_INT64_T, w->comm);
	motor_mpi__block_end(&b);
	for (int r = 0; rc == MPI_SUCCESS && r < w->size; r++) {
		w->bytes[r] = all[4 * r];
		w->disp_unit[r] = (int)all[4 * r + 1];
		w->shift[r] = all[4 * r + 3];
		if (all[4 * r + 2] != mine[2])
			rc = MOTOR_EWINTYPE;
	}
	free(all);
	if (rc == MPI_SUCCESS && allocate == MOTOR_WIN_SHARED)
		rc = map_peers(w);
	if (rc != MPI_SUCCESS) {
		motor_mpi__block_begin(&b);
		MPI_Win_free(&w->win);
		MPI_Comm_free(&w->comm);
		motor_mpi__block_end(&b);
	}
	return rc;
}

int motor_mpi_win_create(void **base, int64_t bytes, int disp_unit, int dt, int allocate, int verdict,
                         const char *hints, int comm, int *win)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	struct win *w = NULL;
	MPI_Info info = MPI_INFO_NULL;
	int h = -1, rc;

	if (!c)
		return MOTOR_ECOMM;
	size_t elem = motor_mpi_type_size(dt);
	if (verdict == MOTOR_OK && c->inter)
		verdict = MOTOR_EINTER;
	if (verdict == MOTOR_OK &&
	    (bytes < 0 || disp_unit <= 0 || elem == 0 || (!allocate && !*base && bytes)))
		verdict = MOTOR_EARG;
	if (verdict == MOTOR_OK && (!(w = make(c->size)) || (h = reserve()) < 0))
		verdict = MOTOR_ENOMEM;
	if (verdict == MOTOR_OK && allocate == MOTOR_WIN_SHARED &&
	    !(w->peer = calloc((size_t)c->size, sizeof *w->peer)))
		verdict = MOTOR_ENOMEM;
	if (verdict == MOTOR_OK)
		verdict = window_info(!allocate, hints, 0, &info);
	rc = motor_mpi__agree(c, verdict);
	if (rc == MOTOR_OK) {
		w->dt = dt;
		w->elem = elem;
		w->rank = c->rank;
		w->no_locks = motor_mpi__info_true(hints, "no_locks");
		w->created = !allocate;
		rc = create(w, c, base, bytes, disp_unit, allocate, info);
	}
	if (info != MPI_INFO_NULL)
		MPI_Info_free(&info);
	if (rc != MOTOR_OK) {
		if (h >= 0)
			atomic_store_explicit(&wins[h], NULL, memory_order_release);
		destroy(w);
		return rc;
	}
	w->agree =
	    (struct motor_comm){.comm = w->comm, .rank = c->rank, .size = c->size, .remote_size = c->size};
	pthread_mutex_lock(&table_lock);
	w->serial = next_serial++;
	pthread_mutex_unlock(&table_lock);
	atomic_store_explicit(&wins[h], w, memory_order_release);
	*win = h;
	return MOTOR_OK;
}

/* Whether any epoch but a fence's is open on the window (under its lock). */
static int in_epoch(const struct win *w)
{
	return w->nlocked || w->lock_all || w->started || w->posted;
}

int motor_mpi_win_free(int handle)
{
	struct win *w = lookup(handle);
	if (!w)
		return MOTOR_EWIN;
	/* Operations started since the last Fence must be completed by one first (MPI 4.0 §12.2.5). */
	pthread_mutex_lock(&w->lock);
	int verdict = in_epoch(w) || w->fence_ops ? MOTOR_EWINSYNC : MOTOR_OK;
	pthread_mutex_unlock(&w->lock);
	int rc = motor_mpi__agree(&w->agree, verdict);
	if (rc != MOTOR_OK)
		return rc;
	atomic_store_explicit(&wins[handle], NULL, memory_order_release);
	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = MPI_Win_free(&w->win);
	if (rc == MPI_SUCCESS)
		MPI_Comm_free(&w->comm);
	motor_mpi__block_end(&b);
	if (rc != MPI_SUCCESS) {
		/* MPI kept the window: so does the table. */
		atomic_store_explicit(&wins[handle], w, memory_order_release);
		return rc;
	}
	destroy(w);
	return rc;
}

int motor_mpi_win_shared(int handle, int rank, void **mem, int64_t *bytes)
{
	struct win *w = lookup(handle);
	if (!w)
		return MOTOR_EWIN;
	if (!w->peer)
		return MOTOR_EWINSHARED;
	if (rank < 0 || rank >= w->size)
		return MOTOR_ERANK;
	*mem = w->peer[rank];
	*bytes = w->bytes[rank];
	return MOTOR_OK;
}

int motor_mpi_win_info(int handle, int rank, int64_t *bytes, int *disp_unit)
{
	struct win *w = lookup(handle);
	if (!w)
		return MOTOR_EWIN;
	if (rank == -1)
		rank = w->rank;
	if (rank < 0 || rank >= w->size)
		return MOTOR_ERANK;
	*bytes = w->bytes[rank];
	*disp_unit = w->disp_unit[rank];
	return MOTOR_OK;
}

int motor_mpi_win_get_info(int handle, char *buf, int cap, int *len)
{
	struct win *w = lookup(handle);
	MPI_Info info = MPI_INFO_NULL;
	*len = 0;
	if (!w)
		return MOTOR_EWIN;
	int rc = MPI_Win_get_info(w->win, &info);
	if (rc == MPI_SUCCESS)
		rc = motor_mpi__info_pack(info, buf, cap, len);
	return rc;
}

/* Hints for a window: the same on every rank (motor_mpi_win_create's same_size applies here too).  A window
 * that has once been promised no_locks=true keeps the promise: the library may have relied on it. */
int motor_mpi_win_set_info(int handle, const char *hints, int verdict)
{
	struct win *w = lookup(handle);
	MPI_Info info = MPI_INFO_NULL;
	if (!w)
		return MOTOR_EWIN;
	int promise = motor_mpi__info_true(hints, "no_locks");
	if (verdict == MOTOR_OK && promise) {
		pthread_mutex_lock(&w->lock);
		if (w->lock_all || w->nlocked)
			verdict = MOTOR_EWINSYNC;
		pthread_mutex_unlock(&w->lock);
	}
	if (verdict == MOTOR_OK)
		verdict =
		    window_info(w->created, hints, 1, &info); /* collective: a rank without hints calls too */
	struct motor_carry d = {.kind = WIN_SET_INFO,
	                        .root = -1,
	                        .op = -1,
	                        .dt = CARRY_DT_BYTES,
	                        .count = motor_mpi__info_digest(hints)};
	int done, rc = motor_mpi__agree_carry(&w->agree, verdict, &d, &done);
	if (rc == MOTOR_OK) {
		struct motor_block b;
		motor_mpi__block_begin(&b);
		rc = MPI_Win_set_info(w->win, info);
		motor_mpi__block_end(&b);
	}
	if (rc == MOTOR_OK && promise) {
		pthread_mutex_lock(&w->lock);
		w->no_locks = 1;
		pthread_mutex_unlock(&w->lock);
	}
	if (info != MPI_INFO_NULL)
		MPI_Info_free(&info);
	return rc;
}

int motor_mpi_win_attr(int handle, enum motor_win_attr what, int *value)
{
	struct win *w = lookup(handle);
	MPI_Group g = MPI_GROUP_NULL;
	int *model = NULL, flag = 0, rc;
	if (!w)
		return MOTOR_EWIN;
	switch (what) {
	case MOTOR_WIN_ATTR_GROUP:
		if ((rc = MPI_Win_get_group(w->win, &g)) != MPI_SUCCESS)
			return rc;
		return motor_mpi__group_add(g, value);
	case MOTOR_WIN_ATTR_MODEL:
		if ((rc = MPI_Win_get_attr(w->win, MPI_WIN_MODEL, &model, &flag)) != MPI_SUCCESS)
			return rc;
		*value = flag && model && *model == MPI_WIN_UNIFIED ? MOTOR_WIN_UNIFIED : MOTOR_WIN_SEPARATE;
		return MOTOR_OK;
	}
	return MOTOR_EARG;
}

/* Whether an access epoch covers `target` (under the window's lock). */
static int covered(const struct win *w, int target)
{
	return w->fence || w->lock_all || w->locked[target] || (w->started && w->group[target]);
}

/* MPI 4.0 §12.3.4: Compare_and_swap takes integer, logical and byte types only. */
static int cas_type(int dt)
{
	return dt == MOTOR_DT_BOOL || motor_mpi_op_check(MOTOR_OP_BOR, dt) == MOTOR_OK;
}

static int rma_op(const struct motor_rma_args *a, MPI_Op *op)
{
	if (a->kind == MOTOR_RMA_PUT || a->kind == MOTOR_RMA_GET || a->kind == MOTOR_RMA_CAS)
		return MOTOR_OK;
	if (a->op == MOTOR_OP_REPLACE) {
		*op = MPI_REPLACE;
		return MOTOR_OK;
	}
	if (a->op == MOTOR_OP_NO_OP) {
		*op = MPI_NO_OP;
		/* MPI_NO_OP only makes sense where something is read back. */
		return a->kind == MOTOR_RMA_ACC ? MOTOR_EOPTYPE : MOTOR_OK;
	}
	if (a->op < 0)
		return MOTOR_EOP;
	if (a->op >= MOTOR_OP_PREDEFINED)
		return MOTOR_EOPUSER;
	int rc = motor_mpi__op(a->op, a->dt, op);
	return rc == MOTOR_OK && motor_mpi__op_replaced(a->op, a->dt) ? MOTOR_EOPLIBRARY : rc;
}

/* The request-based form of a checked operation. */
static int rma_request(const struct motor_rma_args *a, int n, MPI_Datatype t, MPI_Aint d, MPI_Op op,
                       MPI_Win win)
{
	MPI_Request r = MPI_REQUEST_NULL;
	int rc;
	switch (a->kind) {
	case MOTOR_RMA_PUT:
		rc = MPI_Rput(a->origin, n, t, a->target, d, n, t, win, &r);
		break;
	case MOTOR_RMA_GET:
		rc = MPI_Rget(a->result, n, t, a->target, d, n, t, win, &r);
		break;
	case MOTOR_RMA_ACC:
		rc = MPI_Raccumulate(a->origin, n, t, a->target, d, n, t, op, win, &r);
		break;
	default:
		rc = MPI_Rget_accumulate(a->origin, n, t, a->result, n, t, a->target, d, n, t, op, win, &r);
		break;
	}
	if (rc == MPI_SUCCESS)
		motor_mpi__req_set(a->req, r);
	return rc;
}

int motor_mpi_rma(const struct motor_rma_args *a, int handle)
{
	struct win *w = lookup(handle);
	MPI_Op op = MPI_OP_NULL;
	int rc;

	if (!w)
		return MOTOR_EWIN;
	if (a->req && a->kind != MOTOR_RMA_PUT && a->kind != MOTOR_RMA_GET && a->kind != MOTOR_RMA_ACC &&
	    a->kind != MOTOR_RMA_GET_ACC)
		return MOTOR_EARG;
	if (a->target == MOTOR_PROC_NULL) {
		if (a->req) /* complete at once, as MPI's request for PROC_NULL */
			motor_mpi__req_set(a->req, MPI_REQUEST_NULL);
		return MOTOR_OK;
	}
	if (a->target < 0 || a->target >= w->size)
		return MOTOR_ERANK;
	if (motor_mpi_type_size(a->dt) != w->elem)
		return MOTOR_ETYPE;
	if ((rc = rma_op(a, &op)) != MOTOR_OK)
		return rc;
	if (a->kind == MOTOR_RMA_CAS && !cas_type(a->dt))
		return MOTOR_EOPTYPE;
	int64_t unit = w->disp_unit[a->target], size = w->bytes[a->target];
	if (a->count < 0 || a->disp < 0 || a->disp > size / unit ||
	    a->count > (size - a->disp * unit) / (int64_t)w->elem)
		return MOTOR_EWINRANGE;
	if (a->count > INT_MAX)
		return MOTOR_ECOUNT;
	pthread_mutex_lock(&w->lock);
	/* MPI 4.0 §12.3.5: the request-based forms only in passive-target epochs. */
	int ok = a->req ? w->lock_all || w->locked[a->target] : covered(w, a->target);
	if (ok && !a->req && !(w->lock_all || w->locked[a->target] || (w->started && w->group[a->target])))
		w->fence_ops = 1; /* only the fence epoch covers it */
	pthread_mutex_unlock(&w->lock);
	if (!ok)
		return MOTOR_EWINSYNC;

	MPI_Datatype t = motor_mpi__type(a->dt);
	int n = (int)a->count;
	MPI_Aint d = (MPI_Aint)(w->shift[a->target] + a->disp * unit);
	if (a->req)
		return rma_request(a, n, t, d, op, w->win);
	switch (a->kind) {
	case MOTOR_RMA_PUT:
		return MPI_Put(a->origin, n, t, a->target, d, n, t, w->win);
	case MOTOR_RMA_GET:
		return MPI_Get(a->result, n, t, a->target, d, n, t, w->win);
	case MOTOR_RMA_ACC:
		return MPI_Accumulate(a->origin, n, t, a->target, d, n, t, op, w->win);
	case MOTOR_RMA_GET_ACC:
		return MPI_Get_accumulate(a->origin, n, t, a->result, n, t, a->target, d, n, t, op, w->win);
	case MOTOR_RMA_FETCH_OP:
		return MPI_Fetch_and_op(a->origin, a->result, t, a->target, d, op, w->win);
	case MOTOR_RMA_CAS:
		return MPI_Compare_and_swap(a->origin, a->compare, a->result, t, a->target, d, w->win);
	}
	return MOTOR_EARG;
}

/* Marks the window for `what` under its lock, or refuses: MOTOR_OK when the call may go ahead. */
static int mark(struct win *w, enum motor_win_sync what, int rank, int lock_type, const uint8_t *group)
{
	switch (what) {
	case MOTOR_WIN_FENCE: /* fence(), which agrees first */
		return MOTOR_EARG;
	case MOTOR_WIN_LOCK:
		if (w->no_locks)
			return MOTOR_EWINNOLOCKS;
		if (w->lock_all || w->locked[rank] || w->fence_ops || w->started)
			return MOTOR_EWINSYNC;
		w->locked[rank] = (uint8_t)lock_type;
		w->nlocked++;
		return MOTOR_OK;
	case MOTOR_WIN_UNLOCK:
		return w->locked[rank] ? MOTOR_OK : MOTOR_EWINSYNC;
	case MOTOR_WIN_FLUSH:
	case MOTOR_WIN_FLUSH_LOCAL:
		return w->locked[rank] || w->lock_all ? MOTOR_OK : MOTOR_EWINSYNC;
	case MOTOR_WIN_LOCK_ALL:
		if (w->no_locks)
			return MOTOR_EWINNOLOCKS;
		if (w->lock_all || w->nlocked || w->fence_ops || w->started)
			return MOTOR_EWINSYNC;
		w->lock_all = 1;
		return MOTOR_OK;
	case MOTOR_WIN_UNLOCK_ALL:
		return w->lock_all ? MOTOR_OK : MOTOR_EWINSYNC;
	case MOTOR_WIN_FLUSH_ALL:
	case MOTOR_WIN_FLUSH_LOCAL_ALL:
	case MOTOR_WIN_SYNC: /* MPICH refuses it outside a lock epoch; Open MPI does not check */
		return w->lock_all || w->nlocked ? MOTOR_OK : MOTOR_EWINSYNC;
	case MOTOR_WIN_START:
		if (w->started || w->nlocked || w->lock_all || w->fence_ops)
			return MOTOR_EWINSYNC;
		w->started = 1;
		memcpy(w->group, group, (size_t)w->size);
		return MOTOR_OK;
	case MOTOR_WIN_COMPLETE:
		return w->started ? MOTOR_OK : MOTOR_EWINSYNC;
	case MOTOR_WIN_POST:
		if (w->posted || w->nlocked || w->lock_all)
			return MOTOR_EWINSYNC;
		w->posted = 1;
		return MOTOR_OK;
	case MOTOR_WIN_WAIT:
		return w->posted ? MOTOR_OK : MOTOR_EWINSYNC;
	}
	return MOTOR_EARG;
}

/* After the MPI call: undoes the mark of a call that failed, or ends the epoch of one that succeeded.  An
 * access epoch that starts ends the fence epoch, which had no operations (mark): the libraries then refuse
 * an operation that only a fence would cover. */
static void settle(struct win *w, enum motor_win_sync what, int rank, int ok)
{
	if (ok && (what == MOTOR_WIN_LOCK || what == MOTOR_WIN_LOCK_ALL || what == MOTOR_WIN_START))
		w->fence = 0;
	switch (what) {
	case MOTOR_WIN_LOCK:
		if (!ok) {
			w->locked[rank] = 0;
			w->nlocked--;
		}
		break;
	case MOTOR_WIN_UNLOCK:
		if (ok) {
			w->locked[rank] = 0;
			w->nlocked--;
		}
		break;
	case MOTOR_WIN_LOCK_ALL:
	case MOTOR_WIN_UNLOCK_ALL:
		w->lock_all = (what == MOTOR_WIN_LOCK_ALL) == ok;
		break;
	case MOTOR_WIN_START:
	case MOTOR_WIN_COMPLETE:
		w->started = (what == MOTOR_WIN_START) == ok;
		break;
	case MOTOR_WIN_POST:
	case MOTOR_WIN_WAIT:
		w->posted = (what == MOTOR_WIN_POST) == ok;
		break;
	default:
		break;
	}
}

/* The ranks of the window's group that `group` holds, one flag per rank. */
static int group_flags(struct win *w, int group, MPI_Group *g, uint8_t *flags)
{
	MPI_Group wg;
	int n, rc;

	if ((*g = motor_mpi__group(group)) == MPI_GROUP_NULL)
		return MOTOR_EGROUP;
	if ((rc = MPI_Group_size(*g, &n)) != MPI_SUCCESS ||
	    (rc = MPI_Win_get_group(w->win, &wg)) != MPI_SUCCESS)
		return rc;
	int *in = malloc(sizeof(int) * (size_t)(n ? n : 1)), *out = malloc(sizeof(int) * (size_t)(n ? n : 1));
	rc = in && out ? MPI_SUCCESS : MOTOR_ENOMEM;
	for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
		in[i] = i;
	if (rc == MPI_SUCCESS)
		rc = MPI_Group_translate_ranks(*g, n, in, wg, out);
	for (int i = 0; rc == MPI_SUCCESS && i < n; i++) {
		if (out[i] == MPI_UNDEFINED)
			rc = MOTOR_ERANK; /* a rank outside the window's group */
		else
			flags[out[i]] = 1;
	}
	free(in);
	free(out);
	MPI_Group_free(&wg);
	return rc;
}

/* The assert flags each synchronisation call takes (MPI 4.0 §12.5.5). */
static int asserts_taken(enum motor_win_sync what)
{
	switch (what) {
	case MOTOR_WIN_FENCE:
		return MOTOR_MODE_NOSTORE | MOTOR_MODE_NOPUT | MOTOR_MODE_NOPRECEDE | MOTOR_MODE_NOSUCCEED;
	case MOTOR_WIN_LOCK:
	case MOTOR_WIN_LOCK_ALL:
	case MOTOR_WIN_START:
		return MOTOR_MODE_NOCHECK;
	case MOTOR_WIN_POST:
		return MOTOR_MODE_NOCHECK | MOTOR_MODE_NOSTORE | MOTOR_MODE_NOPUT;
	default:
		return 0;
	}
}

/* Motor's assert flags as the MPI library's. */
static int mpi_assert(int assert)
{
	return (assert &MOTOR_MODE_NOCHECK ? MPI_MODE_NOCHECK : 0) |
	       (assert &MOTOR_MODE_NOSTORE ? MPI_MODE_NOSTORE : 0) |
	       (assert &MOTOR_MODE_NOPUT ? MPI_MODE_NOPUT : 0) |
	       (assert &MOTOR_MODE_NOPRECEDE ? MPI_MODE_NOPRECEDE : 0) |
	       (assert &MOTOR_MODE_NOSUCCEED ? MPI_MODE_NOSUCCEED : 0);
}

/* MPI_Win_fence, after the ranks agree that every one of them may: none is in another epoch, none breaks a
 * NOPRECEDE it gives, and all give the same NOPRECEDE and NOSUCCEED (MPI 4.0 §12.5.5 requires it; MPICH
 * skips its synchronisation on NOPRECEDE, so ranks that differ would not meet).  The flags are compared as
 * the count of a description no collective gives (BARRIER's is never described). */
static int fence(struct win *w, int assert)
{
	pthread_mutex_lock(&w->lock);
	int verdict = (assert & ~asserts_taken(MOTOR_WIN_FENCE))       ? MOTOR_EARG
	              : in_epoch(w)                                    ? MOTOR_EWINSYNC
	              : (assert &MOTOR_MODE_NOPRECEDE) && w->fence_ops ? MOTOR_EWINASSERT
	                                                               : MOTOR_OK;
	pthread_mutex_unlock(&w->lock);
	struct motor_carry d = {.kind = BARRIER,
	                        .root = -1,
	                        .op = -1,
	                        .dt = CARRY_DT_BYTES,
	                        .count = assert &(MOTOR_MODE_NOPRECEDE | MOTOR_MODE_NOSUCCEED)};
	int done, rc = motor_mpi__agree_carry(&w->agree, verdict, &d, &done);
	if (rc != MOTOR_OK)
		return rc;
	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = MPI_Win_fence(mpi_assert(assert), w->win);
	motor_mpi__block_end(&b);
	if (rc == MPI_SUCCESS) {
		pthread_mutex_lock(&w->lock);
		w->fence = !(assert &MOTOR_MODE_NOSUCCEED);
		w->fence_ops = 0;
		pthread_mutex_unlock(&w->lock);
	}
	return rc;
}

/* The MPI call of synchronisation `what`, made between the blocking hooks (a fence is fence()'s). */
static int sync_call(struct win *w, enum motor_win_sync what, int arg, int lock_type, int assert, MPI_Group g)
{
	int rc = MOTOR_EARG;
	switch (what) {
	case MOTOR_WIN_FENCE: /* fence() */
		break;
	case MOTOR_WIN_LOCK:
		rc = MPI_Win_lock(lock_type == MOTOR_LOCK_EXCLUSIVE ? MPI_LOCK_EXCLUSIVE : MPI_LOCK_SHARED,
		                  arg, mpi_assert(assert), w->win);
		break;
	case MOTOR_WIN_UNLOCK:
		rc = MPI_Win_unlock(arg, w->win);
		break;
	case MOTOR_WIN_LOCK_ALL:
		rc = MPI_Win_lock_all(mpi_assert(assert), w->win);
		break;
	case MOTOR_WIN_UNLOCK_ALL:
		rc = MPI_Win_unlock_all(w->win);
		break;
	case MOTOR_WIN_FLUSH:
		rc = MPI_Win_flush(arg, w->win);
		break;
	case MOTOR_WIN_FLUSH_ALL:
		rc = MPI_Win_flush_all(w->win);
		break;
	case MOTOR_WIN_FLUSH_LOCAL:
		rc = MPI_Win_flush_local(arg, w->win);
		break;
	case MOTOR_WIN_FLUSH_LOCAL_ALL:
		rc = MPI_Win_flush_local_all(w->win);
		break;
	case MOTOR_WIN_SYNC:
		rc = MPI_Win_sync(w->win);
		break;
	case MOTOR_WIN_START:
		rc = MPI_Win_start(g, mpi_assert(assert), w->win);
		break;
	case MOTOR_WIN_COMPLETE:
		rc = MPI_Win_complete(w->win);
		break;
	case MOTOR_WIN_POST:
		rc = MPI_Win_post(g, mpi_assert(assert), w->win);
		break;
	case MOTOR_WIN_WAIT:
		rc = MPI_Win_wait(w->win);
		break;
	}
	return rc;
}

int motor_mpi_win_sync(int handle, enum motor_win_sync what, int arg, int lock_type, int assert)
{
	struct win *w = lookup(handle);
	MPI_Group g = MPI_GROUP_NULL;
	uint8_t *flags = NULL;
	int rc;

	if (!w)
		return MOTOR_EWIN;
	if (what == MOTOR_WIN_FENCE)
		return fence(w, assert);
	if (assert & ~asserts_taken(what))
		return MOTOR_EARG;
	if ((what == MOTOR_WIN_LOCK || what == MOTOR_WIN_UNLOCK || what == MOTOR_WIN_FLUSH ||
	     what == MOTOR_WIN_FLUSH_LOCAL) &&
	    (arg < 0 || arg >= w->size))
		return MOTOR_ERANK;
	if (what == MOTOR_WIN_LOCK && lock_type != MOTOR_LOCK_EXCLUSIVE && lock_type != MOTOR_LOCK_SHARED)
		return MOTOR_EARG;
	if (what == MOTOR_WIN_START || what == MOTOR_WIN_POST) {
		if (!(flags = calloc((size_t)w->size, 1)))
			return MOTOR_ENOMEM;
		if ((rc = group_flags(w, arg, &g, flags)) != MPI_SUCCESS) {
			free(flags);
			return rc;
		}
	}
	pthread_mutex_lock(&w->lock);
	rc = mark(w, what, arg, lock_type, flags);
	pthread_mutex_unlock(&w->lock);
	free(flags);
	if (rc != MOTOR_OK)
		return rc;

	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = sync_call(w, what, arg, lock_type, assert, g);
	motor_mpi__block_end(&b);
	pthread_mutex_lock(&w->lock);
	settle(w, what, arg, rc == MPI_SUCCESS);
	pthread_mutex_unlock(&w->lock);
	return rc;
}

/* How long finalize waits for a window's ranks to meet before it leaves the window alone. */
#define FINI_WAIT_NS (5LL * 1000000000LL)

static int64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

void motor_mpi__win_fini(void)
{
	for (;;) {
		struct win *w = NULL;
		int h = -1;
		for (int i = 0; i < MOTOR_MAX_WINS; i++) {
			struct win *x = lookup(i);
			if (x && (!w || x->serial < w->serial)) {
				w = x;
				h = i;
			}
		}
		if (!w)
			return;
		atomic_store_explicit(&wins[h], NULL, memory_order_release);
		MPI_Request r;
		int done = 0;
		if (MPI_Ibarrier(w->comm, &r) == MPI_SUCCESS) {
			int64_t end = now_ns() + FINI_WAIT_NS;
			while (!done && MPI_Test(&r, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done &&
			       now_ns() < end)
				sched_yield();
		}
		if (!done)
			continue; /* the others freed it already: leave it (see the file's comment) */
		if (w->lock_all)
			MPI_Win_unlock_all(w->win);
		for (int r2 = 0; r2 < w->size; r2++)
			if (w->locked[r2])
				MPI_Win_unlock(r2, w->win);
		/* An open fence epoch (the same on every rank: Fence is collective) may hold operations that
		 * only a fence completes, and MPI_Win_free refuses them. */
		if (w->fence)
			MPI_Win_fence(MPI_MODE_NOSUCCEED, w->win);
		MPI_Win_free(&w->win);
		MPI_Comm_free(&w->comm);
		destroy(w);
	}
}
