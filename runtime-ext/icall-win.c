/*
 * icall-win.c - one-sided communication (System.MP.Win): what keeps window and origin memory in place.
 *
 * When can this memory move?  A managed array moves only while the world is stopped, and only if it is small
 * (8,000 bytes or less: SGen's large-object space never moves).  MPI reads and writes a window's memory at
 * any time until MPI_Win_free -- other ranks' Puts land in it while this rank runs managed code -- and an
 * origin or result buffer until the epoch that carries the operation completes, not when the call returns.
 * So each is held by a GC handle: a pinned one for a small array (a pin taken), a normal one for a large
 * array, which only has to stay alive (a pin avoided, as the request layer counts them).
 *
 * Who releases them?  A window's base is released at Free, or -- for a window the program dropped -- after
 * MPI has been finalised (motor_win_shutdown).  Origin, result and compare buffers are kept per window with
 * the target rank they were given for, and released when the epoch that carries them completes: Fence,
 * Unlock_all, Flush_all and Complete release every one; Unlock and Flush those of their target.  The list is
 * plain C under one mutex that is never held across a safepoint: GC handles are made before it is taken and
 * freed after it is let go.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/object.h>
#include <mono/metadata/reflection.h>

#include "icalls.h"
#include "mono-compat.h"
#include "motor-pin.h"
#include "motor-runtime.h"

struct hold {
	uint32_t handle;
	int target;
};

static struct winrt {
	uint32_t base; /* GC handle of the base array (Create), 0 for Allocate or a free slot */
	void *mem;     /* the window's memory: for the copies of an Allocate window */
	int64_t bytes;
	int dt;
	struct hold *v; /* origin, result and compare buffers of operations whose epoch is open */
	int n, cap;
} wrt[MOTOR_MAX_WINS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t pins_taken, pins_avoided; /* under `lock` */

/* A GC handle that keeps `obj` (of `bytes` bytes) in place and alive. */
static uint32_t hold_object(MonoObject *obj, uint64_t bytes)
{
	int movable = bytes <= SGEN_MAX_SMALL_OBJ_SIZE;
	uint32_t h = mono_gchandle_new(obj, movable);
	pthread_mutex_lock(&lock);
	if (movable)
		pins_taken++;
	else
		pins_avoided++;
	pthread_mutex_unlock(&lock);
	return h;
}

/* Adds n handles of operations on `target` to window `win`'s list; on failure they are not added. */
static int add_holds(int win, const uint32_t *h, int n, int target)
{
	int rc = MOTOR_OK;
	pthread_mutex_lock(&lock);
	struct winrt *w = &wrt[win];
	if (w->n + n > w->cap) {
		int cap = w->cap ? w->cap * 2 : 16;
		struct hold *v = realloc(w->v, sizeof *v * (size_t)cap);
		if (!v)
			rc = MOTOR_ENOMEM;
		else {
			w->v = v;
			w->cap = cap;
		}
	}
	for (int i = 0; rc == MOTOR_OK && i < n; i++)
		w->v[w->n++] = (struct hold){h[i], target};
	pthread_mutex_unlock(&lock);
	return rc;
}

/* Releases the holds of window `win` on `target` (-1: all of them), and with `base` the base too and the
 * slot.  GC handles are freed outside the lock, a round of at most 64 at a time. */
static void release(int win, int target, int base)
{
	uint32_t out[65];
	int n;

	do {
		n = 0;
		pthread_mutex_lock(&lock);
		struct winrt *w = &wrt[win];
		for (int i = 0; i < w->n && n < 64;) {
			if (target < 0 || w->v[i].target == target) {
				out[n++] = w->v[i].handle;
				w->v[i] = w->v[--w->n];
			} else
				i++;
		}
		if (base && n < 64) {
			if (w->base)
				out[n++] = w->base;
			free(w->v);
			memset(w, 0, sizeof *w);
		}
		pthread_mutex_unlock(&lock);
		for (int i = 0; i < n; i++)
			mono_gchandle_free(out[i]);
	} while (n >= 64);
}

int32_t motor_icall_win_create(MonoObject *base, int32_t disp_unit, int32_t verdict, const char *hints,
                               int32_t comm, int32_t *win)
{
	struct motor_buffer b = {0};
	uint32_t h = 0;
	int w = -1;

	if (verdict == MOTOR_OK)
		verdict = motor_buffer_resolve(base, 0, -1, &b);
	if (verdict == MOTOR_OK)
		h = hold_object(base, b.obj_bytes);
	int64_t bytes = b.count * (int64_t)motor_mpi_type_size(b.dt);
	void *data = b.data;
	int rc = motor_mpi_win_create(&data, bytes, disp_unit, verdict == MOTOR_OK ? b.dt : MOTOR_DT_U8, 0,
	                              verdict, hints, comm, &w);
	if (rc != MOTOR_OK) {
		if (h)
			mono_gchandle_free(h);
		return rc;
	}
	pthread_mutex_lock(&lock);
	wrt[w] = (struct winrt){.base = h, .mem = data, .bytes = bytes, .dt = b.dt};
	pthread_mutex_unlock(&lock);
	*win = w;
	return MOTOR_OK;
}

int32_t motor_icall_win_allocate(int64_t count, int32_t disp_unit, MonoReflectionType *type, int32_t shared,
                                 int32_t verdict, const char *hints, int32_t comm, int32_t *win)
{
	uint32_t size = 0;
	int dt = MOTOR_DT_U8, w = -1;
	void *mem = NULL;

	if (verdict == MOTOR_OK) {
		int t =
		    type ? motor_buffer_element_dt(mono_reflection_type_get_type(type), &size) : MOTOR_ENULL;
		if (t < 0)
			verdict = t;
		else
			dt = t;
	}
	if (verdict == MOTOR_OK && (count < 0 || (size && count > INT64_MAX / size)))
		verdict = MOTOR_ECOUNT;
	int64_t bytes = verdict == MOTOR_OK ? count * (int64_t)size : 0;
	int rc = motor_mpi_win_create(&mem, bytes, disp_unit, dt, shared ? MOTOR_WIN_SHARED : 1, verdict,
	                              hints, comm, &w);
	if (rc != MOTOR_OK)
		return rc;
	pthread_mutex_lock(&lock);
	wrt[w] = (struct winrt){.mem = mem, .bytes = bytes, .dt = dt};
	pthread_mutex_unlock(&lock);
	*win = w;
	return MOTOR_OK;
}

int32_t motor_icall_win_free(int32_t win)
{
	int rc = motor_mpi_win_free(win);
	if (rc == MOTOR_OK)
		release(win, -1, 1);
	return rc;
}

/* The buffers of one data-movement call, resolved into `a` (kind, target, disp and op already set): the
 * origin (read by every kind but Get), the result (written by every kind but Put and Accumulate; as many
 * elements as the origin's when there is one) and Compare_and_swap's comparand, all of one element type. */
static int rma_buffers(struct motor_rma_args *a, MonoObject *origin, int32_t ooff, int32_t ocount,
                       MonoObject *result, int32_t roff, MonoObject *compare, int32_t coff,
                       struct motor_buffer bufs[3])
{
	struct motor_buffer *o = &bufs[0], *r = &bufs[1], *c = &bufs[2];
	int kind = a->kind, rc;

	memset(bufs, 0, 3 * sizeof *bufs);
	if (kind < MOTOR_RMA_PUT || kind > MOTOR_RMA_CAS)
		return MOTOR_EARG;
	int reads = kind != MOTOR_RMA_GET, writes = kind != MOTOR_RMA_PUT && kind != MOTOR_RMA_ACC;
	if (reads && (rc = motor_buffer_resolve(origin, ooff, ocount, o)) != MOTOR_OK)
		return rc;
	if (writes &&
	    (rc = motor_buffer_resolve(result, roff, reads ? (int32_t)o->count : ocount, r)) != MOTOR_OK)
		return rc;
	if (kind == MOTOR_RMA_CAS && (rc = motor_buffer_resolve(compare, coff, 1, c)) != MOTOR_OK)
		return rc;
	if ((reads && writes && o->dt != r->dt) || (kind == MOTOR_RMA_CAS && c->dt != o->dt))
		return MOTOR_ETYPE;
	a->origin = o->data;
	a->result = r->data;
	a->compare = c->data;
	a->count = reads ? o->count : r->count;
	a->dt = reads ? o->dt : r->dt;
	return MOTOR_OK;
}

int32_t motor_icall_win_rma(int32_t win, int32_t kind, MonoObject *origin, int32_t ooff, int32_t ocount,
                            MonoObject *result, int32_t roff, MonoObject *compare, int32_t coff,
                            int32_t target, int64_t disp, int32_t op)
{
	struct motor_buffer b[3];
	struct motor_rma_args a = {
	    .kind = (enum motor_rma_kind)kind, .target = target, .disp = disp, .op = op};
	MonoObject *objs[3] = {origin, result, compare};
	uint32_t h[3];
	int n = 0;

	int rc = rma_buffers(&a, origin, ooff, ocount, result, roff, compare, coff, b);
	if (rc != MOTOR_OK)
		return rc;
	for (int i = 0; i < 3; i++)
		if (b[i].data)
			h[n++] = hold_object(objs[i], b[i].obj_bytes);
	rc = motor_mpi_rma(&a, win);
	if (rc == MOTOR_OK && target != MOTOR_PROC_NULL)
		rc = add_holds(win, h, n, target);
	if (rc != MOTOR_OK || target == MOTOR_PROC_NULL)
		for (int i = 0; i < n; i++)
			mono_gchandle_free(h[i]);
	return rc;
}

struct rrma {
	struct motor_rma_args a;
	int win;
};

static int post_rma(void *ctx, motor_req *r)
{
	struct rrma *x = ctx;
	x->a.req = r;
	return motor_mpi_rma(&x->a, x->win);
}

/* Win.Rput, Rget, Raccumulate, Rget_accumulate: posted into the request slot of `req`, which holds the origin
 * and result buffers until the request completes (not, as for Put, until the epoch ends). */
int32_t motor_icall_win_rrma(int32_t win, int32_t kind, MonoObject *origin, int32_t ooff, int32_t ocount,
                             MonoObject *result, int32_t roff, int32_t target, int64_t disp, int32_t op,
                             MonoObject *req)
{
	struct motor_buffer b[3];
	struct rrma x = {.a = {.kind = (enum motor_rma_kind)kind, .target = target, .disp = disp, .op = op},
	                 .win = win};

	if (kind == MOTOR_RMA_FETCH_OP || kind == MOTOR_RMA_CAS)
		return MOTOR_EARG;
	int rc = rma_buffers(&x.a, origin, ooff, ocount, result, roff, NULL, 0, b);
	if (rc != MOTOR_OK)
		return rc;
	return motor_pin_post_op_buffer(req, b[0].data ? origin : NULL, b[1].data ? result : NULL, &x,
	                                post_rma, NULL);
}

int32_t motor_icall_win_sync(int32_t win, int32_t what, int32_t arg, int32_t lock_type, int32_t assert)
{
	if (what < MOTOR_WIN_FENCE || what > MOTOR_WIN_SYNC)
		return MOTOR_EARG;
	int rc = motor_mpi_win_sync(win, (enum motor_win_sync)what, arg, lock_type, assert);
	if (rc != MOTOR_OK)
		return rc;
	switch (what) {
	case MOTOR_WIN_FENCE:
	case MOTOR_WIN_UNLOCK_ALL:
	case MOTOR_WIN_FLUSH_ALL:
	case MOTOR_WIN_FLUSH_LOCAL_ALL:
	case MOTOR_WIN_COMPLETE:
		release(win, -1, 0);
		break;
	case MOTOR_WIN_UNLOCK:
	case MOTOR_WIN_FLUSH:
	case MOTOR_WIN_FLUSH_LOCAL:
		release(win, arg, 0);
		break;
	default:
		break;
	}
	return MOTOR_OK;
}

int32_t motor_icall_win_info(int32_t win, int32_t rank, int64_t *bytes, int32_t *disp_unit)
{
	int du = 0;
	int rc = motor_mpi_win_info(win, rank, bytes, &du);
	*disp_unit = du;
	return rc;
}

int32_t motor_icall_win_get_info(int32_t win, char *buf, int32_t cap, int32_t *len)
{
	int n = 0;
	int rc = motor_mpi_win_get_info(win, buf, cap, &n);
	*len = n;
	return rc;
}

int32_t motor_icall_win_attr(int32_t win, int32_t what, int32_t *value)
{
	if (what != MOTOR_WIN_ATTR_GROUP && what != MOTOR_WIN_ATTR_MODEL)
		return MOTOR_EARG;
	return motor_mpi_win_attr(win, (enum motor_win_attr)what, value);
}

/* Copies between `arr` and the memory of an allocated window: this rank's part (rank < 0), or rank `rank`'s
 * part of a shared-memory window. */
int32_t motor_icall_win_copy(int32_t win, int32_t rank, int64_t index, MonoObject *arr, int32_t offset,
                             int32_t count, int32_t to_window)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve(arr, offset, count, &b);
	if (rc != MOTOR_OK)
		return rc;
	if ((unsigned)win >= MOTOR_MAX_WINS)
		return MOTOR_EWIN;
	pthread_mutex_lock(&lock);
	void *mem = wrt[win].mem;
	int64_t bytes = wrt[win].bytes;
	int dt = wrt[win].dt;
	pthread_mutex_unlock(&lock);
	if (rank >= 0)
		rc = motor_mpi_win_shared(win, rank, &mem, &bytes);
	else if (!mem)
		rc = MOTOR_EWIN;
	if (rc != MOTOR_OK)
		return rc;
	if (b.dt != dt)
		return MOTOR_ETYPE;
	int64_t elem = (int64_t)motor_mpi_type_size(dt);
	if (index < 0 || index > bytes / elem || b.count > bytes / elem - index)
		return MOTOR_EWINRANGE;
	char *at = (char *)mem + index * elem;
	if (to_window)
		memcpy(at, b.data, (size_t)(b.count * elem));
	else
		memcpy(b.data, at, (size_t)(b.count * elem));
	return MOTOR_OK;
}

int64_t motor_icall_win_holds(int32_t win)
{
	if ((unsigned)win >= MOTOR_MAX_WINS)
		return -1;
	pthread_mutex_lock(&lock);
	int64_t n = wrt[win].n + (wrt[win].base ? 1 : 0);
	pthread_mutex_unlock(&lock);
	return n;
}

void motor_icall_win_counts(int64_t *taken, int64_t *avoided)
{
	pthread_mutex_lock(&lock);
	*taken = (int64_t)pins_taken;
	*avoided = (int64_t)pins_avoided;
	pthread_mutex_unlock(&lock);
}

void motor_win_shutdown(void)
{
	for (int i = 0; i < MOTOR_MAX_WINS; i++)
		release(i, -1, 1);
}
