/*
 * datatype.c - the one table from managed element types to MPI datatypes, and the layouts built on them.
 *
 * Handles below MOTOR_DT_PREDEFINED are the managed primitive types; adding one is one line in `predefined`
 * (and one in enum motor_dt).  Handles from MOTOR_DT_PREDEFINED up are contiguous runs of bytes, one per
 * blittable struct size, created on first use and kept until finalize.  Handles from MOTOR_DT_LAYOUT up are
 * layouts (System.MP.Layout: a vector, subarray or indexed selection of an element type, built as a file
 * view's filetype is, motor_mpi__layout_type), each freed by its owner.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "motor-mpi-internal.h"

/* MPICH's handles are integer constants and Open MPI's are addresses of library objects: both are constant
 * expressions, so the table is a constant. */
const MPI_Datatype motor_mpi__predefined[MOTOR_DT_PREDEFINED] = {
#define MOTOR_DT(name, mono, mpi, size, group) [MOTOR_DT_##name] = mpi,
#include "datatypes.def"
};

static const size_t predefined_size[MOTOR_DT_PREDEFINED] = {
#define MOTOR_DT(name, mono, mpi, size, group) [MOTOR_DT_##name] = size,
#include "datatypes.def"
};

#define MAX_DERIVED 1024
_Static_assert(MOTOR_DT_PREDEFINED + MAX_DERIVED <= MOTOR_DT_LAYOUT, "struct handles below the layouts'");
_Static_assert(MOTOR_DT_LAYOUT + MOTOR_MAX_LAYOUTS <= INT16_MAX,
               "layout handles fit a request slot's int16_t");

static struct {
	MPI_Datatype type;
	size_t size;
} derived[MAX_DERIVED];
static atomic_int n_derived;
static pthread_mutex_t derived_lock = PTHREAD_MUTEX_INITIALIZER;

static struct layout {
	int live; /* 0: a free entry */
	int n;    /* the shape, for motor_mpi_elements_meet */
	int32_t *shape;
	MPI_Datatype type;
	int elem;      /* the element type's handle */
	size_t span;   /* bytes from the first element to one past the last */
	int64_t elems; /* elements selected */
} layouts[MOTOR_MAX_LAYOUTS];
static pthread_mutex_t layouts_lock = PTHREAD_MUTEX_INITIALIZER;

static struct layout *layout_at(int dt)
{
	int i = dt - MOTOR_DT_LAYOUT;
	return i >= 0 && i < MOTOR_MAX_LAYOUTS && layouts[i].live ? &layouts[i] : NULL;
}

MPI_Datatype motor_mpi__type(int dt)
{
	if (dt < 0)
		return MPI_DATATYPE_NULL;
	if (dt < MOTOR_DT_PREDEFINED)
		return motor_mpi__predefined[dt];
	if (dt >= MOTOR_DT_LAYOUT) {
		struct layout *l = layout_at(dt);
		return l ? l->type : MPI_DATATYPE_NULL;
	}
	int i = dt - MOTOR_DT_PREDEFINED;
	if (i >= atomic_load_explicit(&n_derived, memory_order_acquire))
		return MPI_DATATYPE_NULL;
	return derived[i].type;
}

size_t motor_mpi_type_size(int dt)
{
	if (dt < 0)
		return 0;
	if (dt < MOTOR_DT_PREDEFINED)
		return predefined_size[dt];
	if (dt >= MOTOR_DT_LAYOUT) {
		struct layout *l = layout_at(dt);
		return l ? l->span : 0;
	}
	int i = dt - MOTOR_DT_PREDEFINED;
	if (i >= atomic_load_explicit(&n_derived, memory_order_acquire))
		return 0;
	return derived[i].size;
}

int motor_mpi_type_bytes(size_t size, int *dt)
{
	int rc = MOTOR_OK;

	if (size == 0 || size > (size_t)INT32_MAX)
		return MOTOR_EARG;
	if (motor_mpi_finalized())
		return MOTOR_EFINALIZED;
	pthread_mutex_lock(&derived_lock);
	int n = atomic_load_explicit(&n_derived, memory_order_relaxed), i;
	for (i = 0; i < n; i++)
		if (derived[i].size == size)
			break;
	if (i == n) {
		MPI_Datatype t;
		if (n == MAX_DERIVED)
			rc = MOTOR_ENOMEM;
		else if ((rc = MPI_Type_contiguous((int)size, MPI_BYTE, &t)) == MPI_SUCCESS &&
		         (rc = MPI_Type_commit(&t)) == MPI_SUCCESS) {
			derived[n].type = t;
			derived[n].size = size;
			atomic_store_explicit(&n_derived, n + 1, memory_order_release);
		}
	}
	pthread_mutex_unlock(&derived_lock);
	if (rc == MOTOR_OK)
		*dt = MOTOR_DT_PREDEFINED + i;
	return rc;
}

int motor_mpi__layout_type(MPI_Datatype etype, const int32_t *shape, int n, MPI_Datatype *out)
{
	MPI_Datatype t = MPI_DATATYPE_NULL;
	int rc = MOTOR_EARG;
	*out = MPI_DATATYPE_NULL;
	if (n >= 2 && shape[0] == MOTOR_VIEW_SUBARRAY) {
		int nd = shape[1];
		if (nd < 1 || nd > 32 || n != 2 + 3 * nd)
			return MOTOR_EARG;
		const int32_t *sz = shape + 2, *sub = sz + nd, *st = sub + nd;
		for (int i = 0; i < nd; i++)
			if (sz[i] < 1 || sub[i] < 1 || st[i] < 0 || sub[i] > sz[i] - st[i])
				return MOTOR_EARG;
		rc = MPI_Type_create_subarray(nd, sz, sub, st, MPI_ORDER_C, etype, &t);
	} else if (n == 4 && shape[0] == MOTOR_VIEW_VECTOR) {
		int count = shape[1], bl = shape[2], stride = shape[3];
		MPI_Aint lb = 0, ext = 0;
		MPI_Datatype v = MPI_DATATYPE_NULL;
		if (count < 1 || bl < 1 || stride < bl || (int64_t)count * stride > INT32_MAX)
			return MOTOR_EARG;
		if ((rc = MPI_Type_vector(count, bl, stride, etype, &v)) == MPI_SUCCESS &&
		    (rc = MPI_Type_get_extent(etype, &lb, &ext)) == MPI_SUCCESS)
			rc = MPI_Type_create_resized(v, 0, (MPI_Aint)count * stride * ext, &t);
		if (v != MPI_DATATYPE_NULL)
			MPI_Type_free(&v);
	} else if (n >= 2 && shape[0] == MOTOR_VIEW_INDEXED) {
		int k = shape[1];
		if (k < 1 || n != 2 + 2 * k)
			return MOTOR_EARG;
		const int32_t *bl = shape + 2, *disp = bl + k;
		for (int i = 0; i < k; i++)
			if (bl[i] < 0 || disp[i] < 0 || (i > 0 && disp[i] < (int64_t)disp[i - 1] + bl[i - 1]))
				return MOTOR_EARG;
		MPI_Aint lb = 0, ext = 0;
		MPI_Datatype x = MPI_DATATYPE_NULL;
		if ((int64_t)disp[k - 1] + bl[k - 1] > INT32_MAX)
			return MOTOR_EARG;
		/* From position 0 to the end of the last block: a leading gap repeats too. */
		if ((rc = MPI_Type_indexed(k, bl, disp, etype, &x)) == MPI_SUCCESS &&
		    (rc = MPI_Type_get_extent(etype, &lb, &ext)) == MPI_SUCCESS)
			rc = MPI_Type_create_resized(x, 0, ((MPI_Aint)disp[k - 1] + bl[k - 1]) * ext, &t);
		if (x != MPI_DATATYPE_NULL)
			MPI_Type_free(&x);
	}
	if (rc == MPI_SUCCESS && (rc = MPI_Type_commit(&t)) != MPI_SUCCESS)
		MPI_Type_free(&t);
	if (rc == MPI_SUCCESS)
		*out = t;
	return rc == MPI_SUCCESS ? MOTOR_OK : MOTOR_EARG;
}

/* The elements a layout spans, from its first to one past its last, or -1 for a shape it does not accept. */
static int64_t layout_span(const int32_t *shape, int n)
{
	int64_t span = -1;
	if (n >= 2 && shape[0] == MOTOR_VIEW_SUBARRAY && n == 2 + 3 * shape[1]) {
		span = 1;
		for (int i = 0; i < shape[1] && span <= INT32_MAX; i++)
			span *= shape[2 + i];
	} else if (n == 4 && shape[0] == MOTOR_VIEW_VECTOR) {
		span = (int64_t)(shape[1] - 1) * shape[3] + shape[2];
	} else if (n >= 2 && shape[0] == MOTOR_VIEW_INDEXED && shape[1] >= 1 && n == 2 + 2 * shape[1]) {
		span = (int64_t)shape[2 + 2 * shape[1] - 1] + shape[2 + shape[1] - 1];
	}
	return span;
}

int motor_mpi_layout_make(int elem, const int32_t *shape, int n, int *dt)
{
	MPI_Datatype etype = elem >= 0 && elem < MOTOR_DT_LAYOUT ? motor_mpi__type(elem) : MPI_DATATYPE_NULL,
	             t;
	*dt = -1;
	if (etype == MPI_DATATYPE_NULL || !shape || n < 1)
		return MOTOR_EARG;
	if (motor_mpi_finalized())
		return MOTOR_EFINALIZED;
	/* The shape is checked here, before anything else reads it. */
	int rc = motor_mpi__layout_type(etype, shape, n, &t);
	if (rc != MOTOR_OK)
		return rc;
	int64_t span = layout_span(shape, n);
	int32_t *copy = malloc((size_t)n * sizeof *copy);
	MPI_Count bytes = 0;
	if (!copy || span < 0 || MPI_Type_size_x(t, &bytes) != MPI_SUCCESS) {
		MPI_Type_free(&t);
		free(copy);
		return copy ? MOTOR_EARG : MOTOR_ENOMEM;
	}
	memcpy(copy, shape, (size_t)n * sizeof *copy);
	size_t es = motor_mpi_type_size(elem);
	pthread_mutex_lock(&layouts_lock);
	int i = 0;
	while (i < MOTOR_MAX_LAYOUTS && layouts[i].live)
		i++;
	if (i < MOTOR_MAX_LAYOUTS)
		layouts[i] = (struct layout){.live = 1,
		                             .n = n,
		                             .shape = copy,
		                             .type = t,
		                             .elem = elem,
		                             .span = (size_t)span * es,
		                             .elems = bytes / (int64_t)es};
	pthread_mutex_unlock(&layouts_lock);
	if (i == MOTOR_MAX_LAYOUTS) {
		MPI_Type_free(&t);
		free(copy);
		return MOTOR_ENOMEM;
	}
	*dt = MOTOR_DT_LAYOUT + i;
	return MOTOR_OK;
}

void motor_mpi_layout_free(int dt)
{
	pthread_mutex_lock(&layouts_lock);
	struct layout *l = layout_at(dt);
	/* MPI lets a datatype go while operations that use it are in flight; after finalize there is nothing
	 * to free. */
	if (l && !motor_mpi_finalized())
		MPI_Type_free(&l->type);
	if (l) {
		free(l->shape);
		l->shape = NULL;
		l->live = 0;
	}
	pthread_mutex_unlock(&layouts_lock);
}

int motor_mpi_layout_info(int dt, int *elem, size_t *span, int64_t *n)
{
	struct layout *l = layout_at(dt);
	if (!l)
		return 0;
	*elem = l->elem;
	*span = l->span;
	*n = l->elems;
	return 1;
}

/* The runs of elements a buffer covers, in increasing order, one at a time: a contiguous run (shape NULL) or
 * a layout's blocks from `base`. */
struct runs {
	const int32_t *shape; /* NULL: the single run [base, base + count) */
	int64_t base, count, next, lo, hi;
	int32_t idx[32]; /* a subarray's index along each dimension but the last */
	int done;
};

static void runs_next(struct runs *r)
{
	const int32_t *sh = r->shape;
	if (!sh) {
		r->done = r->next++ > 0;
		r->lo = r->base;
		r->hi = r->base + r->count;
		return;
	}
	switch (sh[0]) {
	case MOTOR_VIEW_VECTOR:
		r->done = r->next >= sh[1];
		r->lo = r->base + r->next * sh[3];
		r->hi = r->lo + sh[2];
		r->next++;
		return;
	case MOTOR_VIEW_INDEXED:
		/* Blocks of no elements cover nothing. */
		while (r->next < sh[1] && sh[2 + r->next] == 0)
			r->next++;
		r->done = r->next >= sh[1];
		if (!r->done) {
			r->lo = r->base + sh[2 + sh[1] + r->next];
			r->hi = r->lo + sh[2 + r->next];
		}
		r->next++;
		return;
	default: { /* MOTOR_VIEW_SUBARRAY: one run along the last dimension per index of the others */
		int nd = sh[1];
		const int32_t *sz = sh + 2, *sub = sz + nd, *st = sub + nd;
		if (r->next > 0) { /* advance the index, the last dimension but one fastest */
			int d = nd - 2;
			while (d >= 0 && ++r->idx[d] == sub[d])
				r->idx[d--] = 0;
			if (d < 0) {
				r->done = 1;
				return;
			}
		}
		int64_t at = 0;
		for (int d = 0; d < nd; d++)
			at = at * sz[d] + st[d] + (d < nd - 1 ? r->idx[d] : 0);
		r->lo = r->base + at;
		r->hi = r->lo + sub[nd - 1];
		r->next++;
		return;
	}
	}
}

static int runs_start(struct runs *r, int dt, int64_t offset, int64_t count)
{
	*r = (struct runs){.base = offset, .count = count};
	if (dt >= MOTOR_DT_LAYOUT) {
		struct layout *l = layout_at(dt);
		if (!l)
			return 0;
		r->shape = l->shape;
	}
	runs_next(r);
	return 1;
}

/* Whether the layouts (or contiguous runs) dt_a from element offset_a and dt_b from offset_b cover a common
 * element; 1 for a handle that is not live. */
static int runs_meet(int dt_a, int64_t offset_a, int64_t count_a, int dt_b, int64_t offset_b, int64_t count_b)
{
	struct runs a, b;
	if (!runs_start(&a, dt_a, offset_a, count_a) || !runs_start(&b, dt_b, offset_b, count_b))
		return 1;
	while (!a.done && !b.done) {
		if (a.hi <= b.lo || a.lo == a.hi)
			runs_next(&a);
		else if (b.hi <= a.lo || b.lo == b.hi)
			runs_next(&b);
		else
			return 1;
	}
	return 0;
}

int motor_mpi_elements_meet(const void *a, int64_t count_a, int dt_a, const void *b, int64_t count_b,
                            int dt_b)
{
	int elem;
	size_t span;
	int64_t n;
	if (dt_a < MOTOR_DT_LAYOUT && dt_b < MOTOR_DT_LAYOUT)
		return 1;
	if (!motor_mpi_layout_info(dt_a >= MOTOR_DT_LAYOUT ? dt_a : dt_b, &elem, &span, &n))
		return 1;
	uintptr_t lo_a = (uintptr_t)a, lo_b = (uintptr_t)b, base = lo_a < lo_b ? lo_a : lo_b;
	uintptr_t es = motor_mpi_type_size(elem);
	if (!es || (lo_a - base) % es || (lo_b - base) % es)
		return 1;
	return runs_meet(dt_a, (int64_t)((lo_a - base) / es), count_a, dt_b, (int64_t)((lo_b - base) / es),
	                 count_b);
}

void motor_mpi__type_fini(void)
{
	pthread_mutex_lock(&derived_lock);
	int n = atomic_exchange(&n_derived, 0);
	for (int i = 0; i < n; i++)
		MPI_Type_free(&derived[i].type);
	pthread_mutex_unlock(&derived_lock);
	pthread_mutex_lock(&layouts_lock);
	for (int i = 0; i < MOTOR_MAX_LAYOUTS; i++)
		if (layouts[i].live) {
			MPI_Type_free(&layouts[i].type);
			free(layouts[i].shape);
			layouts[i].shape = NULL;
			layouts[i].live = 0;
		}
	pthread_mutex_unlock(&layouts_lock);
}
