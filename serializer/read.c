/*
 * read.c - deserialisation, trusting nothing.
 *
 * Three passes over the part:
 *   0. Check.  The header, every type entry (resolved by name and checked against the sender's field layout),
 *      every object record's type index and lengths against the bytes that are really there, and the total
 *      memory the graph would take.  No object is allocated before the whole part has passed, so a truncated
 *      or corrupted message costs at most some native scratch proportional to its own size.
 *   1. Allocate every object, last record first, copy its plain data and store its references straight away.
 *      Each object is stored at once into a managed table (with the write barrier), because every allocation
 *      is a GC safepoint: a collection may move the objects made so far, and only managed memory is updated
 *      when they move (the table's root is pinned by this frame).  The writer lays records out in discovery
 *      order, so most references point to later records, which exist already: they are stored into an object
 *      that was just allocated -- in the nursery, with no write barrier, while its cache line is hot -- and
 *      always from a younger object to an older one, which a generational collector tracks for free.  The
 *      other references (to earlier records: cycles and shared objects) are left to pass 2.  Each reference
 * is checked: the index must be in range and the target's class assignable to the field's (or element's)
 *      declared type, so that no message can make a field of one type point to an object of another.  Stores
 *      into an object outside the nursery go through mono_gc_wbarrier_set_field / _set_arrayref; into a
 *      nursery object they are plain (no safepoint lies between the generation test and the store).
 *   2. Store the references to earlier records, in the few objects that have them.
 * A failure in pass 1 or 2 leaves allocated objects that nothing references: garbage, collected as usual.
 *
 * Small messages, the common case, take two shortcuts.  A graph of at most LOCAL_TABLE objects keeps them in
 * a table on this C frame's stack instead of the managed one: thread stacks are scanned conservatively
 * (doc/design.md, the GC notes), so a collection during pass 1 pins them where they are, which for a few
 * objects costs less than making the managed table.  And the type table of a message that is byte for byte
 * the previous message's on this thread -- a program sends the same kinds of graphs again and again -- is not
 * resolved again: the previous message's plans are taken as they are (plans never change or go away, and the
 * same bytes resolve to the same plans).
 */
#include <stdatomic.h>
#include <stdlib.h>

#include <mono/metadata/appdomain.h>
#include <mono/metadata/class.h>
#include <mono/metadata/mono-gc.h>

#include "motor-ser-internal.h"

#define KEEP_ALIVE(p) __asm__ volatile("" : : "g"(p) : "memory")

/* A message may allocate at most this much: 64 bytes per message byte plus 64 MiB.  Real graphs need a few
 * bytes per byte (an empty object: 16 bytes for 4 on the wire); only a hostile message comes near. */
static uint64_t alloc_limit(size_t len)
{
	return (uint64_t)len * 64 + (64u << 20);
}

/* The objects made so far live in a two-level managed table: an object[] of chunks, each an object[] of
 * TABLE_CHUNK.  A chunk (4 KiB) is allocated in the nursery and dies young with the message's scratch; one
 * flat object[] would be a large object for any graph beyond ~1,000 objects, and SGen maps fresh pages for
 * every large object, which cost more than the rest of a small deserialisation. */
#define TABLE_CHUNK 512u

static inline MonoObject **elems(MonoArray *a)
{
	return (MonoObject **)((char *)a + motor_mono_layout.array_data);
}

/* Element i, read directly (mono_array_get is a function call per element). */
static inline MonoObject **table_slot(MonoArray *table, uint32_t i)
{
	MonoArray *chunk = (MonoArray *)elems(table)[i / TABLE_CHUNK];
	return elems(chunk) + i % TABLE_CHUNK;
}

/* Stores `o` into `slot` of array `a`: a plain store into a nursery array, else through the write barrier. No
 * safepoint may lie between the generation test and the store. */
static inline void set_elem(MonoArray *a, MonoObject **slot, MonoObject *o)
{
	if (mono_gc_get_generation((MonoObject *)a) == 0)
		*slot = o;
	else
		mono_gc_wbarrier_set_arrayref(a, slot, o);
}

struct rec {
	struct plan *plan;
	size_t off; /* of the record's first byte after the type index */
	int later;  /* pass 2 must store references this record holds to earlier records */
};

struct reader {
	const uint8_t *data;
	size_t len;
	uint32_t ntypes, nobjs;
	struct plan **types;
	struct rec *recs;
	MonoObject **local;            /* the objects made so far, when they are on the stack (LOCAL_TABLE) */
	struct motor_ser_spare *spare; /* motor_ser_read_spare's, or NULL */
	MonoVTable *largest_vtable;    /* the largest one-dimensional array made so far, when spare */
	uint64_t largest_length, largest_bytes;
};

/* Graphs of at most this many objects keep them on the stack (see the top of this file). */
#define LOCAL_TABLE 64u

/* Object i of the graph, from whichever table holds them. */
static inline MonoObject *object_at(const struct reader *r, MonoArray *table, uint32_t i)
{
	return r->local ? r->local[i] : *table_slot(table, i);
}

static int bad(const char *what)
{
	return motor_ser_fail(MOTOR_SER_EDATA, "malformed object message: %s", what);
}

static int read_types(struct reader *r, size_t at)
{
	const uint8_t *q = r->data + at, *end = r->data + r->len;

	for (uint32_t i = 0; i < r->ntypes; i++) {
		struct plan *p = NULL;
		int rc;
		if (end - q < 1)
			return bad("type table truncated");
		uint8_t kind = *q++;
		if (kind == TYPE_CLASS) {
			uint16_t nl;
			if (end - q < 2)
				return bad("type table truncated");
			memcpy(&nl, q, 2);
			if (nl == 0 || nl > MOTOR_SER_MAX_NAME || (size_t)(end - q) < 2u + nl + 8u)
				return bad("type name length");
			/* A type that cannot travel (a delegate, a pointer, a process-local handle such as
			 * GCHandle or SafeHandle, or a class or struct holding one) is refused here, whatever
			 * the fingerprint says: its plan is the sender's refused plan, so a forged message
			 * cannot make one. */
			if ((rc = motor_ser__plan_for_name((const char *)q + 2, nl, rd64(q + 2 + nl), &p)) !=
			    MOTOR_OK)
				return rc;
			q += 2 + nl + 8;
		} else if (kind == TYPE_STRING) {
			p = motor_ser__plan_for_class(motor_ser__string_class);
		} else if (kind == TYPE_ARRAY) {
			if (end - q < 6)
				return bad("type table truncated");
			uint32_t ei = rd32(q);
			uint8_t rank = q[4], vector = q[5];
			q += 6;
			if (ei >= i || rank < 1 || rank > MOTOR_SER_MAX_RANK || vector > 1 ||
			    (vector && rank != 1))
				return bad("array type entry");
			MonoClass *ek = r->types[ei]->klass;
			MonoClass *ak = vector      ? mono_array_class_get(ek, 1)
			                : rank == 1 ? mono_bounded_array_class_get(ek, 1, 1)
			                            : mono_array_class_get(ek, rank);
			if (!ak)
				return bad("array type entry");
			p = motor_ser__plan_for_class(ak);
			if (p && p->kind == PLAN_REFUSED)
				return motor_ser_fail(MOTOR_SER_EUNKNOWN, "received %s", p->refused);
		} else {
			return bad("unknown type kind");
		}
		if (!p)
			return motor_ser_fail(MOTOR_ENOMEM, "out of memory");
		r->types[i] = p;
	}
	if (q != end)
		return bad("bytes after the type table");
	return MOTOR_OK;
}

/* Pass 0 over the object records. */
static int check_objects(struct reader *r)
{
	const uint8_t *start = r->data + MOTOR_SER_HEADER;
	const uint8_t *q = start, *end = start + rd64(r->data + 24);
	uint64_t est = 32 + (uint64_t)r->nobjs * 8, limit = alloc_limit(r->len);

	for (uint32_t i = 0; i < r->nobjs; i++) {
		if (end - q < 4)
			return bad("object data truncated");
		uint32_t t = rd32(q);
		q += 4;
		if (t >= r->ntypes)
			return bad("type index out of range");
		struct plan *p = r->types[t];
		r->recs[i] = (struct rec){.plan = p, .off = (size_t)(q - r->data)};
		size_t left = (size_t)(end - q);
		switch (p->kind) {
		case PLAN_CLASS:
			if (!p->instantiable)
				return motor_ser_fail(MOTOR_SER_EUNKNOWN,
				                      "cannot create an object of abstract type '%s'",
				                      p->name ? p->name : "?");
			if (left < p->wire)
				return bad("object data truncated");
			q += p->wire;
			est += p->instance_size;
			break;
		case PLAN_STRING: {
			if (left < 4)
				return bad("object data truncated");
			uint32_t n = rd32(q);
			if (n > (left - 4) / 2 || n > INT32_MAX / 2)
				return bad("string length");
			q += 4 + 2 * (size_t)n;
			est += 24 + 2 * (uint64_t)n;
			break;
		}
		case PLAN_ARRAY: {
			uint64_t n = 1;
			size_t head = p->vector ? 4 : 8 * (size_t)p->rank;
			if (left < head)
				return bad("object data truncated");
			for (uint32_t d = 0; d < (p->vector ? 1u : p->rank); d++) {
				uint64_t len = rd32(q + (p->vector ? 0 : 8 * d));
				int64_t lb = p->vector ? 0 : (int32_t)rd32(q + 8 * d + 4);
				if (len > INT32_MAX || lb + (int64_t)len > (int64_t)INT32_MAX + 1)
					return bad("array length");
				n *= len;
				if (n > INT32_MAX)
					return bad("array length");
			}
			q += head;
			left -= head;
			if (p->elem_wire && n > left / p->elem_wire)
				return bad("array data truncated");
			q += n * p->elem_wire;
			est += 32 + 16 * (uint64_t)p->rank + n * p->elem_size;
			break;
		}
		default:
			return bad("type cannot be instantiated");
		}
		if (est > limit)
			return motor_ser_fail(MOTOR_SER_ELIMIT,
			                      "object message would allocate more than %llu bytes",
			                      (unsigned long long)limit);
	}
	if (q != end)
		return bad("bytes after the last object");
	return MOTOR_OK;
}

/* Copies the COPY steps of plan `p` from the record at q into the object (or struct, base = value - 16). */
static const uint8_t *copy_plain(const struct plan *p, char *base, const uint8_t *q)
{
	for (uint32_t i = 0; i < p->nops; i++) {
		const struct op *op = &p->ops[i];
		if (op->kind == OP_COPY) {
			memcpy(base + op->offset, q, op->size);
			q += op->size;
		} else {
			q += 4;
		}
	}
	return q;
}

/* The guess of motor_ser_spare_make: what the last message needed, and whether the one before agreed. */
static __thread MonoVTable *guess_vtable;
static __thread uint32_t guess_length;
static __thread uint8_t guess_confirmed;
static atomic_uint_fast64_t spares_made, spares_used;

void motor_ser_spare_make(struct motor_ser_spare *s)
{
	s->vtable = guess_confirmed ? guess_vtable : NULL;
	s->length = guess_length;
	s->array = s->vtable ? mono_array_new_specific(s->vtable, s->length) : NULL;
	if (s->array)
		atomic_fetch_add_explicit(&spares_made, 1, memory_order_relaxed);
}

void motor_ser_spare_counts(uint64_t *made, uint64_t *used)
{
	*made = atomic_load(&spares_made);
	*used = atomic_load(&spares_used);
}

/* Learns the next guess from the largest array of the graph just built (none: no guess). */
static void learn(const struct reader *r)
{
	uint64_t fits = SGEN_MAX_SMALL_OBJ_SIZE - motor_mono_layout.array_data;
	MonoVTable *vt = r->largest_bytes <= fits ? r->largest_vtable : NULL;
	uint32_t n = vt ? (uint32_t)r->largest_length : 0;
	guess_confirmed = vt && vt == guess_vtable && n == guess_length;
	guess_vtable = vt;
	guess_length = n;
}

/* A one-dimensional array of n elements for plan p: the spare if it is one, else a new one. */
static MonoArray *new_vector(struct reader *r, const struct plan *p, uint64_t n)
{
	if (!r->spare)
		return mono_array_new_specific(p->vtable, (uintptr_t)n);
	uint64_t bytes = n * p->elem_size;
	if (bytes > r->largest_bytes || !r->largest_vtable) {
		r->largest_vtable = p->vtable;
		r->largest_length = n;
		r->largest_bytes = bytes;
	}
	MonoArray *a = r->spare->array;
	if (a && p->vtable == r->spare->vtable && n == r->spare->length) {
		r->spare->array = NULL;
		atomic_fetch_add_explicit(&spares_used, 1, memory_order_relaxed);
		return a;
	}
	return mono_array_new_specific(p->vtable, (uintptr_t)n);
}

/* Allocates the object of record i, fills its plain data and stores it into `table`, a managed two-level
 * object[] (see TABLE_CHUNK) whose chunks are made here, the last one first. */
static int allocate(struct reader *r, MonoArray *table, uint32_t i)
{
	const struct plan *p = r->recs[i].plan;
	const uint8_t *q = r->data + r->recs[i].off;
	MonoObject *o = NULL;
	if (!r->local && (i == r->nobjs - 1 || i % TABLE_CHUNK == TABLE_CHUNK - 1)) {
		uint32_t n = r->nobjs - i / TABLE_CHUNK * TABLE_CHUNK;
		if (n > TABLE_CHUNK)
			n = TABLE_CHUNK;
		MonoArray *chunk = mono_array_new(motor_ser__domain, motor_ser__object_class, n);
		if (!chunk)
			return motor_ser_fail(MOTOR_ENOMEM, "out of memory deserialising an object message");
		set_elem(table, elems(table) + i / TABLE_CHUNK, (MonoObject *)chunk);
	}
	switch (p->kind) {
	case PLAN_CLASS:
		/* The allocation and what every new object needs (its finalizer registered, the profiler
		 * told), without the checks for COM and remoting that cost about 50 instructions per object.
		 */
		if ((o = p->by_ref ? mono_object_new_specific(p->vtable)
		                   : mono_object_new_alloc_specific(p->vtable)))
			copy_plain(p, (char *)o, q);
		break;
	case PLAN_STRING: {
		uint32_t n = rd32(q);
		MonoString *s = mono_string_new_size(motor_ser__domain, (int32_t)n);
		if (s)
			memcpy(mono_string_chars(s), q + 4, 2 * (size_t)n);
		o = (MonoObject *)s;
		break;
	}
	default: {
		uint64_t n;
		MonoArray *a;
		if (p->vector) {
			n = rd32(q);
			q += 4;
			a = new_vector(r, p, n);
		} else {
			uintptr_t lengths[MOTOR_SER_MAX_RANK];
			intptr_t lower[MOTOR_SER_MAX_RANK];
			n = 1;
			for (uint32_t d = 0; d < p->rank; d++) {
				lengths[d] = rd32(q + 8 * d);
				lower[d] = (int32_t)rd32(q + 8 * d + 4);
				n *= lengths[d];
			}
			q += 8 * (size_t)p->rank;
			a = mono_array_new_full(motor_ser__domain, p->klass, lengths, lower);
		}
		if (!a)
			break;
		char *data = (char *)a + motor_mono_layout.array_data;
		if (p->elem_mode == ELEM_RAW)
			memcpy(data, q, (size_t)n * p->elem_size);
		else if (p->elem_mode == ELEM_STRUCT)
			for (uint64_t e = 0; e < n; e++)
				q = copy_plain(p->elem, data + e * p->elem_size - MOTOR_MONO_HEADER_SIZE, q);
		o = (MonoObject *)a;
		break;
	}
	}
	if (!o)
		return motor_ser_fail(MOTOR_ENOMEM, "out of memory deserialising an object message");
	if (r->local) {
		r->local[i] = o;
		return MOTOR_OK;
	}
	MonoArray *chunk = (MonoArray *)elems(table)[i / TABLE_CHUNK];
	set_elem(chunk, elems(chunk) + i % TABLE_CHUNK, o);
	return MOTOR_OK;
}

/* Whether an object of plan `tp` may be stored where `want` is declared.  May reach a safepoint (metadata).
 */
static int compatible(MonoClass *want, const struct plan *tp)
{
	return want == motor_ser__object_class || want == tp->klass ||
	       mono_class_is_assignable_from(want, tp->klass);
}

struct refcheck {
	MonoClass *want, *got; /* the last pair found compatible */
};

/* Reads reference `ref` (1-based) for a slot of declared type `want`; *target = NULL for null. */
static int resolve_ref(struct reader *r, struct refcheck *c, uint32_t ref, MonoClass *want, uint32_t *index)
{
	if (ref > r->nobjs)
		return bad("reference out of range");
	if (ref == 0) {
		*index = UINT32_MAX;
		return MOTOR_OK;
	}
	const struct plan *tp = r->recs[ref - 1].plan;
	if (!(c->want == want && c->got == tp->klass)) {
		if (!compatible(want, tp))
			return motor_ser_fail(
			    MOTOR_SER_EDATA,
			    "malformed object message: a reference to an object of the wrong type");
		c->want = want;
		c->got = tp->klass;
	}
	*index = ref - 1;
	return MOTOR_OK;
}

/* Stores object `index` into the reference slot `slot` inside `o` (an array if `array`). */
static void store(const struct reader *r, MonoArray *table, MonoObject *o, void **slot, uint32_t index,
                  int array)
{
	MonoObject *v = object_at(r, table, index);
	if (mono_gc_get_generation(o) == 0)
		*slot = v;
	else if (array)
		mono_gc_wbarrier_set_arrayref((MonoArray *)o, slot, v);
	else
		mono_gc_wbarrier_set_field(o, slot, v);
}

/* Stores the references of one object (or struct element) `base` inside `o` whose targets are records after
 * `after` (all of them when after < 0); counts in *skipped those it leaves for later. */
static int link_fields(struct reader *r, struct refcheck *c, MonoArray *table, MonoObject *o,
                       const struct plan *p, char *base, const uint8_t **at, int64_t after, int *skipped)
{
	const uint8_t *q = *at;
	for (uint32_t i = 0; i < p->nops; i++) {
		const struct op *op = &p->ops[i];
		if (op->kind == OP_COPY) {
			q += op->size;
			continue;
		}
		uint32_t index;
		int rc = resolve_ref(r, c, rd32(q), op->ref_class, &index);
		q += 4;
		if (rc != MOTOR_OK)
			return rc;
		if (index == UINT32_MAX)
			continue;
		if ((int64_t)index > after)
			store(r, table, o, (void **)(base + op->offset), index, 0);
		else
			*skipped = 1;
	}
	*at = q;
	return MOTOR_OK;
}

/* Stores the references of record i to records after `after` (all of them when after < 0); sets
 * r->recs[i].later when it leaves some. */
static int link(struct reader *r, struct refcheck *c, MonoArray *table, uint32_t i, int64_t after)
{
	const struct plan *p = r->recs[i].plan;
	const uint8_t *q = r->data + r->recs[i].off;
	int rc = MOTOR_OK, skipped = 0;
	if (p->kind == PLAN_CLASS && p->nrefs) {
		MonoObject *o = object_at(r, table, i);
		rc = link_fields(r, c, table, o, p, (char *)o, &q, after, &skipped);
		KEEP_ALIVE(o);
	} else if (p->kind == PLAN_ARRAY && p->elem_mode != ELEM_RAW) {
		MonoObject *o = object_at(r, table, i);
		uint64_t n = *(const uintptr_t *)((const char *)o + motor_mono_layout.array_length);
		q += p->vector ? 4 : 8 * (size_t)p->rank;
		for (uint64_t e = 0; e < n && rc == MOTOR_OK; e++) {
			char *data = (char *)o + motor_mono_layout.array_data;
			if (p->elem_mode == ELEM_REF) {
				uint32_t index;
				rc = resolve_ref(r, c, rd32(q), p->elem->klass, &index);
				q += 4;
				if (rc != MOTOR_OK || index == UINT32_MAX)
					continue;
				if ((int64_t)index > after)
					store(r, table, o, (void **)(data + e * sizeof(void *)), index, 1);
				else
					skipped = 1;
			} else {
				rc = link_fields(r, c, table, o, p->elem,
				                 data + e * p->elem_size - MOTOR_MONO_HEADER_SIZE, &q, after,
				                 &skipped);
			}
		}
		KEEP_ALIVE(o);
	}
	r->recs[i].later = skipped;
	return rc;
}

/* Pass 1, last record first, then pass 2 over the records that refer back. */
static int build(struct reader *r, MonoArray *table)
{
	struct refcheck c = {0};
	int rc;
	for (uint32_t i = r->nobjs; i-- > 0;)
		if ((rc = allocate(r, table, i)) != MOTOR_OK || (rc = link(r, &c, table, i, i)) != MOTOR_OK)
			return rc;
	for (uint32_t i = 0; i < r->nobjs; i++)
		if (r->recs[i].later && (rc = link(r, &c, table, i, -1)) != MOTOR_OK)
			return rc;
	return MOTOR_OK;
}

/* The per-object scratch, kept by each thread across messages (a large one is freed when a much smaller
 * message follows), so that a big graph does not cost a fresh mapping of pages every time. */
static __thread struct rec *recs;
static __thread size_t recs_cap;

static struct rec *recs_for(uint32_t n)
{
	if (recs_cap < n) {
		free(recs);
		recs_cap = 0;
		if (!(recs = malloc(sizeof *recs * n)))
			return NULL;
		recs_cap = n;
	}
	return recs;
}

static void recs_done(uint32_t n)
{
	if (recs_cap > 65536 && recs_cap > (size_t)n * 8) {
		free(recs);
		recs = NULL;
		recs_cap = 0;
	}
}

/* The type table of the last message this thread read, and its plans (see the top of this file).  Only
 * tables up to LAST_TYPES_MAX bytes are kept.  Resolving a name may run managed code (Type.GetType), which
 * could read another message on this thread: the outer read then owns `types`, and an inner one (depth > 0)
 * uses an array of its own. */
#define LAST_TYPES_MAX 4096u
static __thread uint8_t last_types[LAST_TYPES_MAX];
static __thread size_t last_types_len; /* 0: nothing kept */
static __thread uint32_t last_ntypes;
static __thread uint8_t last_mode; /* the mode its plans were resolved in */
static __thread struct plan **types;
static __thread uint32_t types_cap;
static __thread int depth;

/* Resolves the type table of r (types_len bytes at `at`) into r->types, or takes the last message's. */
static int resolve_types(struct reader *r, size_t at, size_t types_len)
{
	const uint8_t *t = r->data + at;
	if (depth == 0 && types_len == last_types_len && r->ntypes == last_ntypes &&
	    last_mode == motor_ser__mode && memcmp(t, last_types, types_len) == 0) {
		r->types = types;
		return MOTOR_OK;
	}
	if (depth > 0) {
		r->types = calloc(r->ntypes ? r->ntypes : 1, sizeof *r->types);
	} else {
		last_types_len = 0;
		if (types_cap < r->ntypes || !types) {
			uint32_t n = r->ntypes ? r->ntypes : 1;
			free(types);
			types_cap = 0;
			if ((types = malloc(sizeof *types * n)))
				types_cap = n;
		}
		r->types = types;
	}
	if (!r->types)
		return motor_ser_fail(MOTOR_ENOMEM, "out of memory");
	depth++;
	int rc = read_types(r, at);
	depth--;
	if (rc == MOTOR_OK && depth == 0 && types_len > 0 && types_len <= LAST_TYPES_MAX) {
		memcpy(last_types, t, types_len);
		last_types_len = types_len;
		last_ntypes = r->ntypes;
		last_mode = motor_ser__mode;
	}
	return rc;
}

/* Gives back what resolve_types took. */
static void types_done(struct reader *r)
{
	if (r->types != types) {
		free(r->types);
	} else if (types_cap > 4096) {
		/* A message with many types (or a hostile count) does not keep its array. */
		free(types);
		types = NULL;
		types_cap = 0;
		last_types_len = 0;
	}
}

static int read_part(const uint8_t *data, size_t len, struct motor_ser_spare *spare, MonoObject **result);

int motor_ser_read(const uint8_t *data, size_t len, MonoObject **result)
{
	return motor_ser_read_spare(data, len, NULL, result);
}

/* A part is rebuilt in the mode it was written in (its header's flags): the thread's mode is switched for the
 * read, so every plan it looks up comes from that mode's cache, and restored after. */
int motor_ser_read_spare(const uint8_t *data, size_t len, struct motor_ser_spare *spare, MonoObject **result)
{
	*result = NULL;
	if (len < MOTOR_SER_HEADER || !data)
		return read_part(data, len, spare, result);
	uint32_t flags = rd32(data + 16);
	if (flags != MOTOR_SER_TRANSPORTABLE && flags != MOTOR_SER_SERIALIZABLE)
		return bad("unknown flags");
	uint8_t saved = motor_ser__mode;
	motor_ser__mode = (uint8_t)flags;
	int rc = read_part(data, len, spare, result);
	motor_ser__mode = saved;
	return rc;
}

static int read_part(const uint8_t *data, size_t len, struct motor_ser_spare *spare, MonoObject **result)
{
	struct reader r = {.data = data, .len = len, .spare = spare};
	MonoArray *table = NULL;
	MonoObject *local[LOCAL_TABLE];
	int rc;

	*result = NULL;
	if (len < MOTOR_SER_HEADER || !data)
		return bad("shorter than its header");
	uint64_t data_bytes = rd64(data + 24);
	r.ntypes = rd32(data + 4);
	r.nobjs = rd32(data + 8);
	uint32_t root = rd32(data + 12);
	if (rd32(data) != MOTOR_SER_MAGIC)
		return bad("not an object message (bad magic number)");
	if (rd32(data + 20) != 0)
		return bad("unknown flags");
	if (data_bytes > len - MOTOR_SER_HEADER)
		return bad("data section longer than the message");
	size_t types_bytes = len - MOTOR_SER_HEADER - (size_t)data_bytes;
	if (r.nobjs > data_bytes / 4 || r.ntypes > types_bytes || root > r.nobjs ||
	    (r.nobjs > 0 && root == 0))
		return bad("counts in the header");
	if (r.nobjs == 0)
		return r.ntypes == 0 && types_bytes == 0 ? MOTOR_OK : bad("types without objects");

	if ((rc = resolve_types(&r, MOTOR_SER_HEADER + (size_t)data_bytes, types_bytes)) != MOTOR_OK)
		goto out;
	/* After the types: resolving them may run managed code that reads a message on this thread. */
	if (!(r.recs = recs_for(r.nobjs))) {
		rc = motor_ser_fail(MOTOR_ENOMEM, "out of memory");
		goto out;
	}
	if ((rc = check_objects(&r)) != MOTOR_OK)
		goto out;
	if (r.nobjs <= LOCAL_TABLE) {
		r.local = local;
	} else if (!(table = mono_array_new(motor_ser__domain, motor_ser__object_class,
	                                    (r.nobjs + TABLE_CHUNK - 1) / TABLE_CHUNK))) {
		rc = motor_ser_fail(MOTOR_ENOMEM, "out of memory deserialising an object message");
		goto out;
	}
	if ((rc = build(&r, table)) != MOTOR_OK)
		goto out;
	if (spare)
		learn(&r);
	*result = object_at(&r, table, root - 1);
out:
	KEEP_ALIVE(table);
	KEEP_ALIVE(local);
	recs_done(r.nobjs);
	if (r.types)
		types_done(&r);
	return rc;
}

int motor_ser_read_array(MonoArray *bytes, MonoObject **result)
{
	struct motor_ser_buf b;
	*result = NULL;
	if (!bytes)
		return MOTOR_ENULL;
	size_t n = mono_array_length(bytes);
	int rc = motor_ser_buf_get(&b, n);
	if (rc != MOTOR_OK)
		return rc;
	memcpy(b.data, mono_array_addr_with_size(bytes, 1, 0), n);
	rc = motor_ser_read(b.data, n, result);
	motor_ser_buf_release(&b);
	return rc;
}
