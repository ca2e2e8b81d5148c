/*
 * buffer.c - which managed objects may be MPI buffers, and where their bytes are.
 *
 * Object-model integrity (paper §2.4): MPI may only write over memory that holds no object references, or a
 * receive could forge a reference and corrupt the heap.  So a buffer is an array of primitives or of
 * blittable structs, or a single object (class or boxed struct) whose fields, transitively through struct
 * fields, are all primitive.  Strings are refused too: they are immutable and their length field is runtime
 * state.  IntPtr and pointer fields are refused because overwriting them forges native handles, and so are
 * the process-local handles that hold no pointer (a GCHandle is one int: received, it names a slot of the
 * receiver's handle table, and its Target aborts the runtime or returns an unrelated object): the
 * serializer's list, one rule for both.
 *
 * The verdict depends only on the class, so it is computed once per class and cached in a table keyed by the
 * object's vtable pointer (a vtable-keyed cache, gc-hooks/mono-compat.h).  The hot path then reads the vtable
 * word, probes the table and does arithmetic -- no metadata calls, no locks.
 *
 * MPI.IN_PLACE is an empty array of a private struct, so it would pass for a buffer of no elements: a Send
 * would post an empty message and a Bcast would broadcast nothing, silently.  Its class is recognised here,
 * once, and every buffer resolution refuses it with MOTOR_EINPLACE.  The collectives that have an in-place
 * form replace it with a flag before they get here (managed/Collectives.cs), so this one check covers every
 * other operation.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include <glib.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/attrdefs.h>
#include <mono/metadata/class.h>
#include <mono/metadata/image.h>
#include <mono/metadata/metadata.h>

#include "mono-compat.h"
#include "motor-runtime.h"
#include "motor-ser.h"

MonoDomain *motor_domain;

/* KIND_ARRAY: an array whose element count is the word before its data (motor_mono_layout confirmed it);
 * KIND_ARRAY_ASK: an array whose count only mono_array_length can tell (the layout was not confirmed). */
enum kind { KIND_REFUSED, KIND_ARRAY, KIND_ARRAY_ASK, KIND_OBJECT, KIND_IN_PLACE };

struct desc {
	enum kind kind;
	int dt;               /* element datatype (arrays), MOTOR_DT_U8 (objects) */
	uint32_t elem_size;   /* bytes per element (arrays), instance data size (objects) */
	uint32_t data_offset; /* from the object's start to its first data byte */
};

/* The vtable-keyed cache (gc-hooks/mono-compat.h).  Entries hold the descriptor itself (one cache line holds
 * several) so a hit costs two dependent loads: the object's vtable word and the entry. */
#define CACHE_BITS 12
#define CACHE_SIZE (1u << CACHE_BITS)
static struct entry {
	motor_cache_key vtable;
	struct desc d;
} cache[CACHE_SIZE];
static unsigned cache_used;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* The datatype of a primitive type, or -1.  Enums count as their underlying type. */
static int primitive_dt(MonoType *t)
{
	switch (mono_type_get_type(t)) {
#define MOTOR_DT(name, mono, mpi, size, group)                                                               \
	case MONO_TYPE_##mono:                                                                               \
		return MOTOR_DT_##name;
#include "datatypes.def"
	case MONO_TYPE_VALUETYPE: {
		MonoClass *k = mono_class_from_mono_type(t);
		if (mono_class_is_enum(k))
			return primitive_dt(mono_class_enum_basetype(k));
		return -1;
	}
	default:
		return -1;
	}
}

/* True when every instance field of `k` and its parents is primitive or a struct that is itself plain.
 * Depth-bounded: struct nesting is finite, but a malformed class must not recurse forever. */
static gboolean fields_plain(MonoClass *k, int depth)
{
	if (depth > 64 || motor_ser_process_local(k))
		return FALSE;
	for (; k; k = mono_class_get_parent(k)) {
		gpointer iter = NULL;
		MonoClassField *f;
		while ((f = mono_class_get_fields(k, &iter))) {
			if (mono_field_get_flags(f) & (MONO_FIELD_ATTR_STATIC | MONO_FIELD_ATTR_LITERAL))
				continue;
			MonoType *t = mono_field_get_type(f);
			if (primitive_dt(t) >= 0)
				continue;
			/* A struct (generic or not) is plain if its own fields are; IntPtr fails there, on
			 * its pointer field.  Anything else is a reference or a pointer. */
			int tt = mono_type_get_type(t);
			MonoClass *fk = mono_class_from_mono_type(t);
			if ((tt != MONO_TYPE_VALUETYPE && tt != MONO_TYPE_GENERICINST) ||
			    !mono_class_is_valuetype(fk) || !fields_plain(fk, depth + 1))
				return FALSE;
		}
	}
	return TRUE;
}

/* The datatype of an array element type: a primitive, or a run of bytes for a plain struct. */
static int element_dt(MonoClass *ek, uint32_t *size)
{
	MonoType *t = mono_class_get_type(ek);
	int dt = primitive_dt(t);
	uint32_t align;

	if (dt >= 0) {
		*size = (uint32_t)motor_mpi_type_size(dt);
		return dt;
	}
	if (!mono_class_is_valuetype(ek) || !fields_plain(ek, 0))
		return MOTOR_EBUFTYPE;
	*size = (uint32_t)mono_class_value_size(ek, &align);
	int rc = motor_mpi_type_bytes(*size, &dt);
	return rc == MOTOR_OK ? dt : rc;
}

/* Whether `ek` is the element class of MPI.IN_PLACE: System.MP.MPI/InPlaceMarker in the System.MP assembly.
 */
static gboolean is_in_place_marker(MonoClass *ek)
{
	MonoClass *outer = mono_class_get_nesting_type(ek);
	return outer && strcmp(mono_class_get_name(ek), "InPlaceMarker") == 0 &&
	       strcmp(mono_class_get_name(outer), "MPI") == 0 &&
	       strcmp(mono_class_get_namespace(outer), "System.MP") == 0 &&
	       strcmp(mono_image_get_name(mono_class_get_image(outer)), "System.MP") == 0;
}

static void describe(MonoObject *obj, struct desc *d)
{
	MonoClass *k = mono_object_get_class(obj);

	d->kind = KIND_REFUSED;
	if (k == mono_get_string_class())
		return;
	if (mono_class_get_rank(k) > 0) {
		if (is_in_place_marker(mono_class_get_element_class(k))) {
			d->kind = KIND_IN_PLACE;
			return;
		}
		int dt = element_dt(mono_class_get_element_class(k), &d->elem_size);
		if (dt < 0)
			return;
		d->kind = motor_mono_layout.array_length ? KIND_ARRAY : KIND_ARRAY_ASK;
		d->dt = dt;
		d->data_offset = motor_mono_layout.array_data;
		return;
	}
	if (!fields_plain(k, 0))
		return;
	d->kind = KIND_OBJECT;
	d->dt = MOTOR_DT_U8;
	d->data_offset = (uint32_t)MOTOR_MONO_HEADER_SIZE;
	d->elem_size = (uint32_t)(mono_class_instance_size(k) - (int32_t)MOTOR_MONO_HEADER_SIZE);
}

/* First use of this class: describe it outside the lock (metadata calls may allocate, which is a GC
 * safepoint, and no lock of ours may be held across one), then publish. */
static MOTOR_COLD const struct desc *learn(MonoObject *obj, const void *vt, struct desc *scratch)
{
	describe(obj, scratch);
	pthread_mutex_lock(&cache_lock);
	if (motor_cache_has_room(cache_used, CACHE_BITS)) {
		int hit;
		struct entry *e =
		    motor_cache_probe(cache, sizeof cache[0], CACHE_BITS, vt, memory_order_relaxed, &hit);
		if (!hit) {
			e->d = *scratch;
			motor_cache_publish(e, vt);
			cache_used++;
		}
	}
	pthread_mutex_unlock(&cache_lock);
	return scratch;
}

/* The entry this thread found last, and the array entry (KIND_ARRAY) it found last: a message loop resolves
 * buffers of one or two classes over and over, so most lookups end here, without hashing, and the
 * per-message path (motor_buffer_resolve_fast) looks only at the second, whose kind it need not test. Entries
 * never change once published, and a thread only ever points at one it has found published. */
static const struct entry no_entry;
static __thread const struct entry *last_entry = &no_entry, *last_array = &no_entry;

static const struct desc *lookup(MonoObject *obj, struct desc *scratch)
{
	const void *vt = motor_mono_vtable_of(obj);
	if (atomic_load_explicit(&last_entry->vtable, memory_order_relaxed) == vt)
		return &last_entry->d;
	int hit;
	struct entry *e =
	    motor_cache_probe(cache, sizeof cache[0], CACHE_BITS, vt, memory_order_acquire, &hit);
	if (!hit)
		return learn(obj, vt, scratch);
	last_entry = e;
	if (e->d.kind == KIND_ARRAY)
		last_array = e;
	return &e->d;
}

/* Why motor_buffer_resolve refused a range: a whole array too large for a count, the offset, or else the
 * count. */
static MOTOR_COLD int bad_range(uint64_t len, int32_t offset, int32_t count)
{
	if (count == -1 && offset == 0)
		return MOTOR_EBIGARRAY;
	return offset < 0 || (uint64_t)offset > len ? MOTOR_EOFFSET : MOTOR_ECOUNT;
}

/* Elements [offset, offset + count) of an array of `len` elements described by `d`; count -1 with offset 0 is
 * the whole array, which a count holds only up to INT32_MAX elements (a multidimensional array may have
 * more). 0 if they do not fit.  A resolved count is always within [0, INT32_MAX]. */
static inline int array_fits(MonoObject *obj, const struct desc *d, uint64_t len, int32_t offset,
                             int32_t count, struct motor_buffer *b)
{
	if (count == -1 && offset == 0) {
		if (len > INT32_MAX)
			return 0;
		count = (int32_t)len;
	}
	/* Negative values become huge as unsigned numbers (the count sign-extended) and fail the comparisons.
	 */
	else if ((uint32_t)offset > len || (uint64_t)(int64_t)count > len - (uint32_t)offset)
		return 0;
	b->data = (char *)obj + d->data_offset + (size_t)(uint32_t)offset * d->elem_size;
	b->count = count;
	b->dt = d->dt;
	b->obj_bytes = d->data_offset + len * d->elem_size;
	return 1;
}

static inline int array_range(MonoObject *obj, const struct desc *d, uint64_t len, int32_t offset,
                              int32_t count, struct motor_buffer *b)
{
	return array_fits(obj, d, len, offset, count, b) ? MOTOR_OK : bad_range(len, offset, count);
}

/* An array's element count, from the word before its data (for KIND_ARRAY). */
static inline uint64_t array_length(MonoObject *obj, const struct desc *d)
{
	return *(const uintptr_t *)((const char *)obj + d->data_offset - sizeof(uintptr_t));
}

static MOTOR_COLD int resolve_other(MonoObject *obj, const struct desc *d, int32_t offset, int32_t count,
                                    struct motor_buffer *b)
{
	switch (d->kind) {
	case KIND_ARRAY_ASK:
		return array_range(obj, d, mono_array_length((MonoArray *)obj), offset, count, b);
	case KIND_OBJECT:
		if (count != -1 || offset != 0)
			return MOTOR_ENOTARRAY;
		b->data = (char *)obj + d->data_offset;
		b->count = d->elem_size;
		b->dt = d->dt;
		b->obj_bytes = d->data_offset + d->elem_size;
		return MOTOR_OK;
	case KIND_IN_PLACE:
		return MOTOR_EINPLACE;
	default:
		return MOTOR_EBUFTYPE;
	}
}

/* The per-message path of Send/Recv and Isend/Irecv: an array of the class this thread resolved last, with a
 * range that fits.  No call, so that the caller keeps few values in callee-saved registers. */
int motor_buffer_resolve_fast(MonoObject *obj, int32_t offset, int32_t count, struct motor_buffer *b)
{
	if (!obj)
		return 0;
	const struct entry *e = last_array;
	if (atomic_load_explicit(&e->vtable, memory_order_relaxed) != motor_mono_vtable_of(obj) ||
	    !array_fits(obj, &e->d, array_length(obj, &e->d), offset, count, b))
		return 0;
	if (b->count < 0)
		__builtin_unreachable(); /* array_fits said so, in terms the compiler can use */
	return 1;
}

/* The per-message path: an array (the common buffer) is tested first, its element count read from the word
 * before its data, and its range checked with one comparison per bound; objects, refusals and bad ranges go
 * out of line. */
int motor_buffer_resolve(MonoObject *obj, int32_t offset, int32_t count, struct motor_buffer *b)
{
	struct desc scratch;

	if (!obj)
		return MOTOR_ENULL;
	const struct desc *d = lookup(obj, &scratch);
	if (__builtin_expect(d->kind != KIND_ARRAY, 0)) {
		/* Filled through a copy: the caller's `b`, whose address then never escapes, can stay in
		 * registers when this function is inlined. */
		struct motor_buffer other = {0};
		int rc = resolve_other(obj, d, offset, count, &other);
		*b = other;
		return rc;
	}
	return array_range(obj, d, array_length(obj, d), offset, count, b);
}

int motor_buffer_resolve_layout(MonoObject *obj, int32_t offset, int32_t layout, struct motor_buffer *b)
{
	/* The whole array, refused as the offset/count forms refuse what is not an array (count 0 first). */
	int rc = motor_buffer_resolve(obj, 0, 0, b);
	if (rc != MOTOR_OK || (rc = motor_buffer_resolve(obj, 0, -1, b)) != MOTOR_OK)
		return rc;
	int elem;
	int64_t n;
	size_t span, es = motor_mpi_type_size(b->dt);
	if (!motor_mpi_layout_info(layout, &elem, &span, &n) || elem != b->dt)
		return MOTOR_EARG;
	uint64_t len = (uint64_t)b->count;
	if (offset < 0 || (uint64_t)offset > len)
		return MOTOR_EOFFSET;
	if ((uint64_t)offset * es + span > len * es)
		return MOTOR_ELAYOUTEND;
	b->data = (char *)b->data + (size_t)offset * es;
	b->count = 1;
	b->dt = layout;
	return MOTOR_OK;
}

int motor_buffer_layout_make(MonoObject *obj, MonoArray *shape, int32_t *layout)
{
	struct motor_buffer b;
	*layout = -1;
	if (!shape)
		return MOTOR_ENULL;
	int rc = motor_buffer_resolve(obj, 0, 0, &b);
	if (rc != MOTOR_OK)
		return rc;
	return motor_mpi_layout_make(b.dt, mono_array_addr(shape, int32_t, 0), (int)mono_array_length(shape),
	                             layout);
}

/* Through the vtable-keyed cache, like a buffer: every object operation asks this of its root, and a Mono
 * API call (mono_object_get_class: a GC-mode transition) would cost more than the rest of a small OSend's
 * checks. */
int motor_buffer_is_in_place(MonoObject *obj)
{
	struct desc scratch;
	return obj && lookup(obj, &scratch)->kind == KIND_IN_PLACE;
}

int motor_buffer_element_size(MonoType *type)
{
	uint32_t size;
	int dt = motor_buffer_element_dt(type, &size);
	return dt < 0 ? dt : (int)size;
}

/* A Type object the program passed (Status.Get_count, an etype, a window's element type): a by-reference type
 * (int&) names no element, though its class is the referenced one's, nor does System.Void (a struct of one
 * byte to Mono). */
int motor_buffer_element_dt(MonoType *type, uint32_t *size)
{
	if (mono_type_is_byref(type) || mono_type_get_type(type) == MONO_TYPE_VOID)
		return MOTOR_EBUFTYPE;
	return element_dt(mono_class_from_mono_type(type), size);
}
