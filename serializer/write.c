/*
 * write.c - serialisation: one iterative pass over the object graph.
 *
 * Objects are numbered in the order they are discovered.  The writer keeps them in a queue and writes object
 * i only after objects 0..i-1, so a reference is just the index the target got when it was first seen (found
 * in O(1) in a hash map keyed by address) and the traversal needs no recursion: a list of a million elements
 * uses no stack, only the queue.  Types are numbered the same way and written after the object data, so that
 * the pass never has to go back.
 *
 * When can an object move?  Only at a GC safepoint, and a traversal reaches none: it runs in GC-unsafe mode,
 * allocates nothing managed and calls no Mono function that could poll (plans are read from a lock-free
 * cache; buffers and maps are malloc'ed).  So the addresses in the map and queue stay valid for the whole
 * pass.  The one exception is a class met for the first time: building its plan reads metadata and calls
 * managed code, which may collect.  The pass then stops, the plan is built, and the pass starts again from
 * scratch (the root is held by the caller's frame, so the conservative stack scan pins it meanwhile).  Each
 * restart adds a plan, so a program restarts at most once per class it ever sends.
 */
#include <stdio.h>
#include <stdlib.h>

#include "motor-ser-internal.h"

#define NEED_PLAN 1

/* Per-thread state reused across operations: the visited map, the type map, the queue. */
static __thread struct ptrmap visited, typemap;
static __thread MonoObject **queue;
static __thread size_t queue_cap;
static __thread struct plan **tlist;
static __thread uint32_t tlist_cap;

struct writer {
	struct motor_ser_buf *b;
	size_t nq;
	uint32_t ntypes;
	MonoClass *missing;
	const void *missing_vt;
	const void *last_vt;
	struct plan *last_plan;
	uint32_t last_type;
};

static int push(struct writer *w, MonoObject *o)
{
	if (w->nq == queue_cap) {
		size_t cap = queue_cap ? queue_cap * 2 : 1024;
		MonoObject **q = realloc(queue, cap * sizeof *q);
		if (!q)
			return MOTOR_ENOMEM;
		queue = q;
		queue_cap = cap;
	}
	queue[w->nq++] = o;
	return MOTOR_OK;
}

/* The 1-based index of `o` in this part (0 for null), discovering it if it is new. */
static int ref_index(struct writer *w, MonoObject *o, uint32_t *out)
{
	if (!o) {
		*out = 0;
		return MOTOR_OK;
	}
	if (visited.count + 1 > (visited.mask + 1) / 2 && motor_ser__map_grow(&visited) != MOTOR_OK)
		return MOTOR_ENOMEM;
	if (w->nq >= UINT32_MAX - 1)
		return motor_ser_fail(MOTOR_SER_ELIMIT, "more than 4 billion objects in one message");
	uint32_t idx = map_find_or_add(&visited, (uintptr_t)o, (uint32_t)w->nq);
	if (idx != UINT32_MAX) {
		*out = idx + 1;
		return MOTOR_OK;
	}
	int rc = push(w, o);
	*out = (uint32_t)w->nq;
	return rc;
}

/* A part with at most this many types finds them by scanning the list; beyond, the type map holds them all.
 */
#define FEW_TYPES 8u

/* The index of type `p` in this part's table, adding it (element types first) if it is new. */
static int type_index(struct writer *w, struct plan *p, uint32_t *out)
{
	for (uint32_t i = 0; i < w->ntypes && i < FEW_TYPES; i++)
		if (tlist[i] == p) {
			*out = i;
			return MOTOR_OK;
		}
	if (w->ntypes > FEW_TYPES) {
		if (typemap.count + 1 > (typemap.mask + 1) / 2 && motor_ser__map_grow(&typemap) != MOTOR_OK)
			return MOTOR_ENOMEM;
		size_t s = map_slot(&typemap, (uintptr_t)p);
		for (;;) {
			struct ptrmap_entry *e = &typemap.e[s];
			if (e->stamp != typemap.stamp)
				break;
			if (e->key == (uintptr_t)p) {
				*out = e->val;
				return MOTOR_OK;
			}
			s = (s + 1) & typemap.mask;
		}
	}
	if (p->kind == PLAN_ARRAY) {
		uint32_t ei;
		int rc = type_index(w, p->elem, &ei);
		if (rc != MOTOR_OK)
			return rc;
	}
	if (w->ntypes == tlist_cap) {
		uint32_t cap = tlist_cap ? tlist_cap * 2 : 64;
		struct plan **t = realloc(tlist, cap * sizeof *t);
		if (!t)
			return MOTOR_ENOMEM;
		tlist = t;
		tlist_cap = cap;
	}
	tlist[w->ntypes] = p;
	if (w->ntypes == FEW_TYPES) {
		/* The list gets too long to scan: the map takes over, with every type so far. */
		if (motor_ser__map_reset(&typemap, 2 * FEW_TYPES) != MOTOR_OK)
			return MOTOR_ENOMEM;
		for (uint32_t i = 0; i < FEW_TYPES; i++)
			map_find_or_add(&typemap, (uintptr_t)tlist[i], i);
	}
	if (w->ntypes >= FEW_TYPES) {
		if (typemap.count + 1 > (typemap.mask + 1) / 2 && motor_ser__map_grow(&typemap) != MOTOR_OK)
			return MOTOR_ENOMEM;
		map_find_or_add(&typemap, (uintptr_t)p, w->ntypes);
	}
	*out = w->ntypes++;
	return MOTOR_OK;
}

/* Writes the field data of one boxed object (or of one struct value, with `base` pointing 16 bytes before
 * it) following plan `p`.  Room for p->wire bytes at *at has been reserved. */
static int write_fields(struct writer *w, const struct plan *p, const char *base, uint8_t **at)
{
	uint8_t *q = *at;
	for (uint32_t i = 0; i < p->nops; i++) {
		const struct op *op = &p->ops[i];
		if (op->kind == OP_COPY) {
			memcpy(q, base + op->offset, op->size);
			q += op->size;
		} else {
			uint32_t r;
			int rc = ref_index(w, *(MonoObject *const *)(base + op->offset), &r);
			if (rc != MOTOR_OK)
				return rc;
			wr32(q, r);
			q += 4;
		}
	}
	*at = q;
	return MOTOR_OK;
}

static int reserve(struct writer *w, uint64_t n)
{
	if (n > SIZE_MAX / 2)
		return motor_ser_fail(MOTOR_SER_ELIMIT, "object too large");
	if (w->b->cap - w->b->len >= n)
		return MOTOR_OK;
	return motor_ser_buf_reserve(w->b, (size_t)n);
}

/* Writes a class instance (PLAN_CLASS): its type index, then its fields. */
static inline int write_class(struct writer *w, const struct plan *p, const char *base, uint32_t tidx)
{
	int rc;
	if ((rc = reserve(w, 4 + (uint64_t)p->wire)) != MOTOR_OK)
		return rc;
	uint8_t *q = w->b->data + w->b->len;
	wr32(q, tidx);
	q += 4;
	if ((rc = write_fields(w, p, base, &q)) != MOTOR_OK)
		return rc;
	w->b->len = (size_t)(q - w->b->data);
	return MOTOR_OK;
}

/* Writes a string (PLAN_STRING): its type index, its length in UTF-16 units, then the units. */
static inline int write_string(struct writer *w, const char *base, uint32_t tidx)
{
	int32_t len = *(const int32_t *)(base + motor_mono_layout.string_length);
	int rc;
	if ((rc = reserve(w, 8 + 2 * (uint64_t)len)) != MOTOR_OK)
		return rc;
	uint8_t *q = w->b->data + w->b->len;
	wr32(q, tidx);
	wr32(q + 4, (uint32_t)len);
	memcpy(q + 8, base + motor_mono_layout.string_chars, 2 * (size_t)len);
	w->b->len += 8 + 2 * (size_t)len;
	return MOTOR_OK;
}

/* Writes the `n` elements of an array (plan `p`) that start at `data`: raw bytes, reference indexes, or the
 * fields of each struct.  Room for them at *at has been reserved. */
static inline int write_elements(struct writer *w, const struct plan *p, const char *data, uint64_t n,
                                 uint8_t **at)
{
	uint8_t *q = *at;
	int rc;
	switch (p->elem_mode) {
	case ELEM_RAW:
		memcpy(q, data, (size_t)n * p->elem_size);
		q += (size_t)n * p->elem_size;
		break;
	case ELEM_REF:
		for (uint64_t i = 0; i < n; i++) {
			uint32_t r;
			if ((rc = ref_index(w, ((MonoObject *const *)data)[i], &r)) != MOTOR_OK)
				return rc;
			wr32(q, r);
			q += 4;
		}
		break;
	default:
		for (uint64_t i = 0; i < n; i++) {
			const char *elem = data + i * p->elem_size - MOTOR_MONO_HEADER_SIZE;
			if ((rc = write_fields(w, p->elem, elem, &q)) != MOTOR_OK)
				return rc;
		}
		break;
	}
	*at = q;
	return MOTOR_OK;
}

/* Writes an array (PLAN_ARRAY): its type index, its length (a vector) or its bounds, then its elements; for
 * the root of a slice (cnt >= 0), elements [off, off + cnt) of the vector. */
static inline int write_array(struct writer *w, const struct plan *p, const char *base, uint32_t tidx,
                              int64_t off, int64_t cnt)
{
	uint64_t n;
	uint64_t head = 4;
	int rc;

	if (p->vector) {
		n = *(const uintptr_t *)(base + motor_mono_layout.array_length);
		if (cnt >= 0)
			n = (uint64_t)cnt;
		else
			off = 0;
		head += 4;
	} else {
		n = *(const uintptr_t *)(base + motor_mono_layout.array_length);
		off = 0;
		head += 8 * (uint64_t)p->rank;
	}
	if (n > UINT32_MAX)
		return motor_ser_fail(MOTOR_SER_ELIMIT, "array too long");
	if ((rc = reserve(w, head + n * p->elem_wire)) != MOTOR_OK)
		return rc;
	uint8_t *q = w->b->data + w->b->len;
	wr32(q, tidx);
	q += 4;
	if (p->vector) {
		wr32(q, (uint32_t)n);
		q += 4;
	} else {
		const uint8_t *bounds = *(const uint8_t *const *)(base + motor_mono_layout.array_bounds);
		for (uint32_t d = 0; d < p->rank; d++) {
			uint32_t len;
			int32_t lb;
			array_bound(bounds, d, &len, &lb);
			wr32(q, len);
			wr32(q + 4, (uint32_t)lb);
			q += 8;
		}
	}
	const char *data = base + motor_mono_layout.array_data + (size_t)off * p->elem_size;
	if ((rc = write_elements(w, p, data, n, &q)) != MOTOR_OK)
		return rc;
	w->b->len = (size_t)(q - w->b->data);
	return MOTOR_OK;
}

/* Writes object `o` with plan `p`; for the root of a slice, elements [off, off + cnt) of the vector `o`.  On
 * the per-object path: the helpers above are inlined into it. */
static int write_object(struct writer *w, MonoObject *o, struct plan *p, uint32_t tidx, int64_t off,
                        int64_t cnt)
{
	const char *base = (const char *)o;

	switch (p->kind) {
	case PLAN_CLASS:
		return write_class(w, p, base, tidx);
	case PLAN_STRING:
		return write_string(w, base, tidx);
	case PLAN_ARRAY:
		return write_array(w, p, base, tidx, off, cnt);
	default:
		return motor_ser_fail(MOTOR_SER_ETYPE, "%s", p->refused);
	}
}

/* ---- where a refused object sits (error path only) ---------------------------------------------------- */

/* Whether object `from` (plan `p`) holds a reference to `to`; if so, writes the step ("Field", "[3]",
 * "[3].Field") to `step`.  For the root of a slice only the sent elements count. */
static int refers(MonoObject *from, const struct plan *p, MonoObject *to, int64_t off, int64_t cnt,
                  char *step, size_t size)
{
	const char *base = (const char *)from;
	if (p->kind == PLAN_CLASS) {
		for (uint32_t k = 0; k < p->nops; k++)
			if (p->ops[k].kind == OP_REF &&
			    *(MonoObject *const *)(base + p->ops[k].offset) == to) {
				snprintf(step, size, ".%s", p->ops[k].name);
				return 1;
			}
		return 0;
	}
	if (p->kind != PLAN_ARRAY || p->elem_mode == ELEM_RAW)
		return 0;
	uint64_t n = *(const uintptr_t *)(base + motor_mono_layout.array_length);
	uint64_t first = 0;
	if (cnt >= 0) {
		first = (uint64_t)off;
		n = (uint64_t)off + (uint64_t)cnt;
	}
	const char *data = base + motor_mono_layout.array_data;
	for (uint64_t e = first; e < n; e++) {
		if (p->elem_mode == ELEM_REF) {
			if (((MonoObject *const *)data)[e] == to) {
				snprintf(step, size, "[%llu]", (unsigned long long)e);
				return 1;
			}
			continue;
		}
		const char *elem = data + e * p->elem_size - MOTOR_MONO_HEADER_SIZE;
		for (uint32_t k = 0; k < p->elem->nops; k++) {
			const struct op *op = &p->elem->ops[k];
			if (op->kind == OP_REF && *(MonoObject *const *)(elem + op->offset) == to) {
				snprintf(step, size, "[%llu].%s", (unsigned long long)e, op->name);
				return 1;
			}
		}
	}
	return 0;
}

/* Writes to `out` the path from the root to queued object `i`, e.g. "root.Items[3].Handle".  Each step goes
 * to an object queued earlier that refers to the current one (the one that discovered it, or another), so the
 * walk ends at the root; it is cut after 16 steps.  Reads only memory and cached plans: like the
 * traversal it reaches no safepoint, so the queued addresses are still valid. */
static void path_to(size_t i, int64_t off, int64_t cnt, char *out, size_t size)
{
	char steps[16][96];
	int nsteps = 0, cut = 0;
	size_t cur = i;
	while (cur > 0) {
		if (nsteps == 16) {
			cut = 1;
			break;
		}
		size_t j = cur;
		while (j-- > 0) {
			const struct plan *p = motor_ser__plan_by_vtable(motor_mono_vtable_of(queue[j]));
			if (p && refers(queue[j], p, queue[cur], j == 0 ? off : -1, j == 0 ? cnt : -1,
			                steps[nsteps], sizeof steps[nsteps]))
				break;
		}
		if (j == SIZE_MAX) {
			cut = 1;
			break;
		}
		nsteps++;
		cur = j;
	}
	size_t len = (size_t)snprintf(out, size, "%s", cut ? "..." : "root");
	while (nsteps-- > 0 && len < size)
		len += (size_t)snprintf(out + len, size - len, "%s", steps[nsteps]);
}

static int write_types(struct writer *w)
{
	for (uint32_t i = 0; i < w->ntypes; i++) {
		struct plan *p = tlist[i];
		int rc = reserve(w, 16 + (uint64_t)p->name_len);
		if (rc != MOTOR_OK)
			return rc;
		uint8_t *q = w->b->data + w->b->len;
		if (p->kind == PLAN_STRING) {
			*q++ = TYPE_STRING;
		} else if (p->kind == PLAN_ARRAY) {
			uint32_t ei = UINT32_MAX;
			type_index(w, p->elem, &ei); /* present: added before the array */
			*q++ = TYPE_ARRAY;
			wr32(q, ei);
			q[4] = p->rank;
			q[5] = p->vector;
			q += 6;
		} else {
			*q++ = TYPE_CLASS;
			memcpy(q, &p->name_len, 2);
			memcpy(q + 2, p->name, p->name_len);
			q += 2 + p->name_len;
			wr64(q, p->fingerprint);
			q += 8;
		}
		w->b->len = (size_t)(q - w->b->data);
	}
	return MOTOR_OK;
}

static int write_once(struct writer *w, MonoObject *root, int64_t off, int64_t cnt)
{
	size_t start = w->b->len;
	int rc;

	w->nq = 0;
	w->ntypes = 0;
	w->last_vt = NULL;
	if ((rc = motor_ser__map_reset(&visited, 0)) != MOTOR_OK ||
	    (rc = reserve(w, MOTOR_SER_HEADER)) != MOTOR_OK)
		return rc;
	w->b->len += MOTOR_SER_HEADER;
	if (root) {
		/* A slice root is not the array itself: a reference to the array from inside the graph is
		 * written as the whole array, separately. */
		if (cnt < 0)
			map_find_or_add(&visited, (uintptr_t)root, 0);
		if ((rc = push(w, root)) != MOTOR_OK)
			return rc;
	}
	for (size_t i = 0; i < w->nq; i++) {
		MonoObject *o = queue[i];
		const void *vt = motor_mono_vtable_of(o);
		struct plan *p;
		uint32_t tidx;
		if (vt == w->last_vt) {
			p = w->last_plan;
			tidx = w->last_type;
		} else {
			if (!(p = motor_ser__plan_by_vtable(vt))) {
				w->missing = mono_object_get_class(o);
				w->missing_vt = vt;
				return NEED_PLAN;
			}
			if (p->kind == PLAN_REFUSED) {
				char at[400];
				path_to(i, off, cnt, at, sizeof at);
				return motor_ser_fail(MOTOR_SER_ETYPE, "%s (the object at %s)", p->refused,
				                      at);
			}
			if ((rc = type_index(w, p, &tidx)) != MOTOR_OK)
				return rc;
			w->last_vt = vt;
			w->last_plan = p;
			w->last_type = tidx;
		}
		if ((rc = write_object(w, o, p, tidx, i == 0 ? off : -1, i == 0 ? cnt : -1)) != MOTOR_OK)
			return rc;
	}
	uint64_t data_bytes = w->b->len - start - MOTOR_SER_HEADER;
	if ((rc = write_types(w)) != MOTOR_OK)
		return rc;
	uint8_t *h = w->b->data + start;
	wr32(h, MOTOR_SER_MAGIC);
	wr32(h + 4, w->ntypes);
	wr32(h + 8, (uint32_t)w->nq);
	wr32(h + 12, root ? 1 : 0);
	wr32(h + 16, motor_ser__mode);
	wr32(h + 20, 0);
	wr64(h + 24, data_bytes);
	return MOTOR_OK;
}

int motor_ser_write(struct motor_ser_buf *b, MonoObject *root, int32_t offset, int32_t count)
{
	struct writer w = {.b = b};
	size_t start = b->len;
	int rc;

	if (count != -1) {
		if (!root)
			return MOTOR_ENULL;
		MonoClass *k = mono_object_get_class(root);
		if (mono_class_get_rank(k) != 1 ||
		    mono_type_get_type(mono_class_get_type(k)) != MONO_TYPE_SZARRAY)
			return motor_ser_fail(MOTOR_ENOTARRAY,
			                      "the offset/count form needs a one-dimensional array");
		uint64_t len = mono_array_length((MonoArray *)root);
		if (offset < 0 || (uint64_t)offset > len)
			return MOTOR_EOFFSET;
		if (count < 0 || (uint64_t)count > len - (uint64_t)offset)
			return MOTOR_ECOUNT;
	}
	for (int tries = 0;; tries++) {
		rc = write_once(&w, root, offset, count);
		if (rc != NEED_PLAN)
			break;
		b->len = start;
		/* Building a plan may collect: nothing of this pass is kept (see the top of this file). */
		if (!motor_ser__plan_for_object(w.missing, w.missing_vt)) {
			rc = motor_ser_fail(MOTOR_ENOMEM, "out of memory building a type plan");
			break;
		}
		if (!motor_ser__plan_by_vtable(w.missing_vt)) {
			rc = motor_ser_fail(MOTOR_SER_ELIMIT,
			                    "too many classes sent by this process (plan cache full)");
			break;
		}
	}
	motor_ser__map_shrink(&visited, w.nq);
	if (queue_cap > 65536 && queue_cap > w.nq * 8) {
		free(queue);
		queue = NULL;
		queue_cap = 0;
	}
	if (rc != MOTOR_OK)
		b->len = start;
	return rc;
}
