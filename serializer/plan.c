/*
 * plan.c - per-class field plans, cached; type names; error messages.
 *
 * The paper keeps a Transportable bit on the runtime's field descriptor so that serialisation never asks
 * reflection (§7.5).  The same effect here: the first time a class is met, its instance fields are read from
 * the metadata once -- base class first, declaration order, embedded structs flattened, custom attributes
 * resolved -- into a flat array of copy/reference steps with the Transportable decision baked in.  The plan
 * is cached under both its MonoClass and its vtable (a vtable-keyed cache, gc-hooks/mono-compat.h), so the
 * serializer's hot path reads an object's first word and probes a table: no metadata call, no lock.
 *
 * Serializable mode (MPI.dll) follows every reference field not marked [NonSerialized] instead of the
 * [Transportable] ones.  Its plans live in a cache of their own, selected by the thread's mode, so the
 * Transportable plans and their hot path are unchanged; a class met in both modes has two plans.
 *
 * Plans are never freed (classes are never unloaded: one domain).  Building a plan may reach GC safepoints
 * (metadata, the managed helpers that name types), so the writer asks for missing plans between traversals,
 * never during one (write.c).
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/attrdefs.h>
#include <mono/metadata/class.h>
#include <mono/metadata/debug-helpers.h>
#include <mono/metadata/metadata.h>
#include <mono/metadata/reflection.h>

#include "motor-ser-internal.h"

__thread uint8_t motor_ser__mode;
MonoDomain *motor_ser__domain;
MonoClass *motor_ser__object_class, *motor_ser__string_class;

static MonoClass *transportable_class;
static MonoMethod *name_of_method, *resolve_method;

/* ---- errors ---------------------------------------------------------------------------------------- */

static __thread char last_error[512];

int motor_ser_fail(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(last_error, sizeof last_error, fmt, ap);
	va_end(ap);
	return code;
}

const char *motor_ser_last_error(void)
{
	return last_error[0] ? last_error : "serialization error";
}

/* ---- the plan cache ------------------------------------------------------------------------------------ */

/* The vtable-keyed cache of gc-hooks/mono-compat.h, keyed by a MonoClass* or a MonoVTable* (distinct objects,
 * so one table holds both), one table per mode. */
#define PLAN_BITS 13
#define PLAN_SIZE (1u << PLAN_BITS)
static struct plan_entry {
	motor_cache_key key;
	struct plan *plan;
} plans[2][PLAN_SIZE];
static unsigned plans_used[2];
static pthread_mutex_t plans_lock = PTHREAD_MUTEX_INITIALIZER;

static struct plan *cache_get(const void *key)
{
	int hit;
	struct plan_entry *e = motor_cache_probe(plans[motor_ser__mode], sizeof plans[0][0], PLAN_BITS, key,
	                                         memory_order_acquire, &hit);
	return hit ? e->plan : NULL;
}

/* Publishes `p` under `key` unless some plan is there already; returns the one that is. */
static struct plan *cache_put(const void *key, struct plan *p)
{
	struct plan *winner = p;
	int hit;
	pthread_mutex_lock(&plans_lock);
	struct plan_entry *e =
	    motor_cache_probe(plans[p->mode], sizeof plans[0][0], PLAN_BITS, key, memory_order_relaxed, &hit);
	if (hit) {
		winner = e->plan;
	} else if (motor_cache_has_room(plans_used[p->mode], PLAN_BITS)) {
		e->plan = p;
		motor_cache_publish(e, key);
		plans_used[p->mode]++;
	}
	pthread_mutex_unlock(&plans_lock);
	return winner;
}

struct plan *motor_ser__plan_by_vtable(const void *vtable)
{
	return cache_get(vtable);
}

struct plan *motor_ser__plan_for_object(MonoClass *k, const void *vtable)
{
	struct plan *p = motor_ser__plan_for_class(k);
	if (p && !cache_get(vtable))
		cache_put(vtable, p);
	return p;
}

/* ---- process-local types ------------------------------------------------------------------------------ */

/* Types of the base library whose value names something that exists only in the process that made it: a slot
 * of this runtime's handle table, an operating-system handle, a runtime metadata pointer, a native argument
 * list, a thread.  Sent as bytes, such a value names nothing -- or, worse, something unrelated -- in the
 * receiver (a GCHandle's Target then aborts Mono or returns another object of the receiver's heap).  Most of
 * them also hold an IntPtr, which is refused anyway; they are listed so that the message says what they are.
 * A class derived from one of them is refused too (SafeFileHandle, SafeWaitHandle, Mutex, ...); a struct that
 * embeds one is refused by its field (WeakReference holds a GCHandle). */
static const struct {
	const char *ns, *name, *what;
} process_local_types[] = {
    {"System.Runtime.InteropServices", "GCHandle", "a slot of this runtime's GC handle table"},
    {"System.Runtime.InteropServices", "HandleRef", "an operating-system handle"},
    {"System.Runtime.InteropServices", "SafeHandle", "an operating-system handle"},
    {"System.Runtime.InteropServices", "CriticalHandle", "an operating-system handle"},
    {"System.Threading", "WaitHandle", "an operating-system handle"},
    {"System", "RuntimeTypeHandle", "a pointer into this runtime's metadata"},
    {"System", "RuntimeMethodHandle", "a pointer into this runtime's metadata"},
    {"System", "RuntimeFieldHandle", "a pointer into this runtime's metadata"},
    {"System", "ModuleHandle", "a pointer into this runtime's metadata"},
    {"System", "RuntimeArgumentHandle", "a native argument list"},
    {"System", "ArgIterator", "a native argument list"},
    {"System", "TypedReference", "a pointer into this process's memory"},
    {"System.Threading", "Thread", "a thread of this process"},
    {"System.Threading", "ThreadLocal`1", "a slot of this process's thread-local storage"},
};

const char *motor_ser_process_local(MonoClass *k)
{
	MonoImage *corlib = mono_get_corlib();
	for (MonoClass *c = k; c; c = mono_class_get_parent(c)) {
		if (mono_class_get_image(c) != corlib)
			continue;
		const char *ns = mono_class_get_namespace(c), *name = mono_class_get_name(c);
		for (size_t i = 0; i < sizeof process_local_types / sizeof process_local_types[0]; i++)
			if (strcmp(name, process_local_types[i].name) == 0 &&
			    strcmp(ns, process_local_types[i].ns) == 0)
				return process_local_types[i].what;
	}
	return NULL;
}

/* ---- building a plan ------------------------------------------------------------------------------------
 */

struct builder {
	struct plan *p;
	size_t cap;
	uint64_t fp; /* FNV-1a over the layout */
	char why[512];
	char path[256]; /* the embedded struct fields we are inside, as "a.b." (for messages) */
};

static void fp_bytes(struct builder *b, const void *data, size_t n)
{
	const uint8_t *d = data;
	for (size_t i = 0; i < n; i++) {
		b->fp ^= d[i];
		b->fp *= 0x100000001b3ull;
	}
}

static void fp_str(struct builder *b, const char *s)
{
	fp_bytes(b, s, strlen(s) + 1);
}

static int add_op(struct builder *b, uint8_t kind, uint32_t offset, uint32_t size, MonoClass *ref_class,
                  const char *name)
{
	struct plan *p = b->p;
	/* Neighbours in declaration order that are neighbours in memory merge into one copy. */
	if (kind == OP_COPY && p->nops > 0) {
		struct op *last = &p->ops[p->nops - 1];
		if (last->kind == OP_COPY && last->offset + last->size == offset) {
			last->size += size;
			p->wire += size;
			return 1;
		}
	}
	if (p->nops == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 8;
		struct op *ops = realloc(p->ops, cap * sizeof *ops);
		if (!ops)
			return 0;
		p->ops = ops;
		b->cap = cap;
	}
	char *path = NULL;
	if (kind == OP_REF) {
		/* The field's path within the class, kept for the messages that say where a refused object
		 * sits. */
		size_t n = strlen(b->path) + strlen(name) + 1;
		if (!(path = malloc(n)))
			return 0;
		snprintf(path, n, "%s%s", b->path, name);
	}
	p->ops[p->nops++] =
	    (struct op){.offset = offset, .size = size, .kind = kind, .ref_class = ref_class, .name = path};
	p->wire += kind == OP_COPY ? size : 4;
	p->nrefs += kind == OP_REF;
	return 1;
}

static int is_transportable(MonoClass *declaring, MonoClassField *f)
{
	MonoCustomAttrInfo *info = mono_custom_attrs_from_field(declaring, f);
	if (!info)
		return 0;
	int yes = transportable_class && mono_custom_attrs_has_attr(info, transportable_class);
	mono_custom_attrs_free(info);
	return yes;
}

/* The directory that holds the directory of mscorlib (e.g. /usr/lib/mono/), with a slash; empty if none. */
static char runtime_root[4096];
static size_t runtime_root_len;

static void find_runtime_root(void)
{
	const char *corlib = mono_image_get_filename(mono_get_corlib());
	char *dir = corlib ? g_path_get_dirname(corlib) : NULL;
	char *up = dir ? g_path_get_dirname(dir) : NULL;
	if (up && strlen(up) + 2 < sizeof runtime_root && strcmp(up, "/") != 0 && strcmp(up, ".") != 0) {
		snprintf(runtime_root, sizeof runtime_root, "%s/", up);
		runtime_root_len = strlen(runtime_root);
	}
	g_free(dir);
	g_free(up);
}

/* Whether class `k` comes with the runtime (mscorlib, System, System.Core, ...: an assembly under
 * runtime_root), whose fields no program can mark [Transportable]. */
static int from_the_runtime(MonoClass *k)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, find_runtime_root);
	MonoImage *image = mono_class_get_image(k);
	if (image == mono_get_corlib())
		return 1;
	const char *file = mono_image_get_filename(image);
	return runtime_root_len && file && strncmp(file, runtime_root, runtime_root_len) == 0;
}

/* Whether a reference field is followed: in Transportable mode when it carries [Transportable], in
 * serializable mode unless it is [NonSerialized] (a field flag in the metadata, not a custom attribute).  The
 * fields of the runtime's own classes (List<T>, Dictionary<K,V>, Tuple, KeyValuePair, ...), which no program
 * can mark, follow the serializable rule in both modes: marked or not, their references are what makes them
 * work. */
static int is_followed(const struct builder *b, MonoClass *declaring, MonoClassField *f)
{
	if (b->p->mode == MOTOR_SER_SERIALIZABLE || from_the_runtime(declaring))
		return !(mono_field_get_flags(f) & MONO_FIELD_ATTR_NOT_SERIALIZED);
	return is_transportable(declaring, f);
}

static int add_fields(struct builder *b, MonoClass *k, int32_t base, int depth);

/* The size in bytes of a field of primitive type `tt` (enums are not: their underlying type is), or 0. */
static uint32_t primitive_size(int tt)
{
	switch (tt) {
#define MOTOR_DT(name, mono, mpi, size, group)                                                               \
	case MONO_TYPE_##mono:                                                                               \
		return size;
#include "datatypes.def"
	default:
		return 0;
	}
}

/* An embedded struct field `name` of struct type `fk` (`t`) at `offset`: its own fields, flattened into the
 * container's ops, unless it is a process-local handle. */
static int add_struct_field(struct builder *b, MonoClass *fk, MonoType *t, const char *name, uint32_t offset,
                            int depth)
{
	const char *local = motor_ser_process_local(fk);
	if (local) {
		char *tn = mono_type_full_name(t);
		snprintf(b->why, sizeof b->why,
		         "field '%s%s' is a %s, a process-local handle (%s): its value means "
		         "nothing in "
		         "another process",
		         b->path, name, tn ? tn : "?", local);
		mono_free(tn);
		return MOTOR_SER_ETYPE;
	}
	/* A struct without references travels as its bytes, all of them: its declared fields need not cover
	 * it (a fixed-size buffer, `fixed int a[4]`, declares its first element only; the size says the
	 * rest). */
	struct plan *e = motor_ser__plan_for_class(fk);
	if (!e)
		return MOTOR_ENOMEM;
	if (e->kind == PLAN_CLASS && !e->has_refs) {
		fp_str(b, name);
		fp_bytes(b, "[", 1);
		fp_bytes(b, &e->fingerprint, sizeof e->fingerprint);
		fp_bytes(b, &e->value_size, sizeof e->value_size);
		return add_op(b, OP_COPY, offset, e->value_size, NULL, name) ? MOTOR_OK : MOTOR_ENOMEM;
	}
	fp_str(b, name);
	fp_bytes(b, "{", 1);
	size_t pl = strlen(b->path);
	snprintf(b->path + pl, sizeof b->path - pl, "%s.", name);
	int rc = add_fields(b, fk, (int32_t)offset - (int32_t)MOTOR_MONO_HEADER_SIZE, depth + 1);
	b->path[pl] = '\0';
	fp_bytes(b, "}", 1);
	return rc;
}

/* A reference field `f` of type `fk` at `offset`: a REF op if it is followed in the plan's mode. */
static int add_ref_field(struct builder *b, MonoClass *declaring, MonoClassField *f, MonoClass *fk,
                         const char *name, uint32_t offset)
{
	b->p->has_refs = 1;
	fp_str(b, name);
	if (!is_followed(b, declaring, f)) {
		/* Not followed: arrives null.  Still part of the layout. */
		fp_bytes(b, "n", 1);
		return MOTOR_OK;
	}
	fp_bytes(b, "r", 1);
	return add_op(b, OP_REF, offset, sizeof(void *), fk, name) ? MOTOR_OK : MOTOR_ENOMEM;
}

/* One field of type `t` at `offset` (boxed offsets, adjusted by the caller for embedded structs). */
static int add_field(struct builder *b, MonoClass *declaring, MonoClassField *f, MonoType *t, uint32_t offset,
                     int depth)
{
	const char *name = mono_field_get_name(f);
	int tt = mono_type_get_type(t);

	if (b->p->mode == MOTOR_SER_SERIALIZABLE &&
	    (mono_field_get_flags(f) & MONO_FIELD_ATTR_NOT_SERIALIZED)) {
		/* [NonSerialized], of any type: no step, so it arrives as its default.  Still part of the
		 * layout; and a struct holding one is never copied as raw bytes (an array of them goes
		 * element by element through the plan). */
		b->p->has_refs = 1;
		fp_str(b, name);
		fp_bytes(b, "x", 1);
		return MOTOR_OK;
	}

	uint32_t size = primitive_size(tt);
	if (size) {
		fp_str(b, name);
		fp_bytes(b, &tt, sizeof tt);
		return add_op(b, OP_COPY, offset, size, NULL, name) ? MOTOR_OK : MOTOR_ENOMEM;
	}
	MonoClass *fk = mono_class_from_mono_type(t);
	switch (tt) {
	case MONO_TYPE_STRING:
		/* Strings are values: they always travel. */
		b->p->has_refs = 1;
		fp_str(b, name);
		fp_bytes(b, "s", 1);
		return add_op(b, OP_REF, offset, sizeof(void *), motor_ser__string_class, name)
		           ? MOTOR_OK
		           : MOTOR_ENOMEM;
	case MONO_TYPE_VALUETYPE:
	case MONO_TYPE_GENERICINST:
		if (mono_class_is_valuetype(fk)) {
			if (mono_class_is_enum(fk))
				return add_field(b, declaring, f, mono_class_enum_basetype(fk), offset,
				                 depth);
			return add_struct_field(b, fk, t, name, offset, depth);
		}
		/* otherwise a reference type, as below */
		__attribute__((fallthrough));
	case MONO_TYPE_CLASS:
	case MONO_TYPE_OBJECT:
	case MONO_TYPE_SZARRAY:
	case MONO_TYPE_ARRAY:
		return add_ref_field(b, declaring, f, fk, name, offset);
	default:
		snprintf(b->why, sizeof b->why,
		         "field '%s%s' is a pointer, IntPtr or UIntPtr, which cannot travel", b->path, name);
		return MOTOR_SER_ETYPE;
	}
}

/* The instance fields of `k` and its parents, base class first, at offsets shifted by `base`. */
static int add_fields(struct builder *b, MonoClass *k, int32_t base, int depth)
{
	enum { MAX_CHAIN = 256 };
	MonoClass *chain[MAX_CHAIN];
	int n = 0;

	if (depth > 32) {
		snprintf(b->why, sizeof b->why, "structs nested too deeply");
		return MOTOR_SER_ETYPE;
	}
	for (MonoClass *c = k; c; c = mono_class_get_parent(c)) {
		if (n == MAX_CHAIN) {
			snprintf(b->why, sizeof b->why, "its class hierarchy is deeper than %d classes",
			         MAX_CHAIN);
			return MOTOR_SER_ETYPE;
		}
		chain[n++] = c;
	}
	while (n-- > 0) {
		void *iter = NULL;
		MonoClassField *f;
		while ((f = mono_class_get_fields(chain[n], &iter))) {
			if (mono_field_get_flags(f) & (MONO_FIELD_ATTR_STATIC | MONO_FIELD_ATTR_LITERAL))
				continue;
			int rc = add_field(b, chain[n], f, mono_field_get_type(f),
			                   (uint32_t)((int32_t)mono_field_get_offset(f) + base), depth);
			if (rc != MOTOR_OK)
				return rc;
		}
	}
	return MOTOR_OK;
}

/* The name a type travels under: Type.FullName + ", " + the assembly's simple name (System.MP's
 * ObjectSupport.NameOf).  NULL if it has none (e.g. a generic parameter). */
static char *type_name(MonoClass *k)
{
	MonoReflectionType *rt = mono_type_get_object(motor_ser__domain, mono_class_get_type(k));
	void *args[1] = {rt};
	MonoObject *exc = NULL;
	MonoObject *s = rt && name_of_method ? mono_runtime_invoke(name_of_method, NULL, args, &exc) : NULL;
	if (!s || exc)
		return NULL;
	return mono_string_to_utf8((MonoString *)s);
}

static struct plan *refuse(struct plan *p, const char *why)
{
	char *name = mono_type_full_name(mono_class_get_type(p->klass));
	size_t n = strlen(why) + (name ? strlen(name) : 1) + 40;
	char *msg = malloc(n);
	if (msg)
		snprintf(msg, n, "%s cannot travel: %s", name ? name : "?", why);
	mono_free(name);
	p->kind = PLAN_REFUSED;
	p->refused = msg ? msg : "type cannot travel";
	return p;
}

/* The plan of array class `k` (build has set p's class and mode): its element plan and how elements travel.
 */
static struct plan *build_array(struct plan *p, MonoClass *k)
{
	MonoClass *ek = mono_class_get_element_class(k);
	struct plan *e = motor_ser__plan_for_class(ek);
	if (!e)
		return NULL;
	p->kind = PLAN_ARRAY;
	p->elem = e;
	p->rank = (uint8_t)mono_class_get_rank(k);
	p->vector = mono_type_get_type(mono_class_get_type(k)) == MONO_TYPE_SZARRAY;
	p->vtable = mono_class_vtable(motor_ser__domain, k);
	if (e->kind == PLAN_REFUSED)
		return refuse(p, e->refused);
	if (p->rank > MOTOR_SER_MAX_RANK || (!p->vector && !motor_mono_layout.bounds_entry))
		return refuse(p, "arrays of this rank are not supported");
	if (mono_class_is_valuetype(ek)) {
		p->elem_size = e->value_size;
		/* Raw bytes only for structs without any reference field: copying one that is not
		 * followed would carry a pointer across. */
		if (!e->has_refs) {
			p->elem_mode = ELEM_RAW;
			p->elem_wire = e->value_size;
		} else {
			p->elem_mode = ELEM_STRUCT;
			p->elem_wire = e->wire;
		}
	} else {
		p->elem_mode = ELEM_REF;
		p->elem_size = sizeof(void *);
		p->elem_wire = 4;
	}
	return p;
}

/* Whether `k` derives from System.MarshalByRefObject, whose objects Mono may have to create as proxies: only
 * mono_object_new_specific knows how. */
static int marshal_by_ref(MonoClass *k)
{
	for (MonoClass *c = mono_class_get_parent(k); c; c = mono_class_get_parent(c))
		if (mono_class_get_image(c) == mono_get_corlib() &&
		    strcmp(mono_class_get_name(c), "MarshalByRefObject") == 0 &&
		    strcmp(mono_class_get_namespace(c), "System") == 0)
			return 1;
	return 0;
}

/* The plan of class or struct `k` (build has set p's class and mode): its name and its fields' ops. */
static struct plan *build_class(struct plan *p, MonoClass *k)
{
	/* The modes start from different offset bases, so that no layout fingerprint of one matches the
	 * other's: a receiver never rebuilds a part with a plan of the other mode. */
	struct builder b = {
	    .p = p, .fp = p->mode == MOTOR_SER_SERIALIZABLE ? 0x6c62272e07bb0142ull : 0xcbf29ce484222325ull};
	p->kind = PLAN_CLASS;
	int tt = mono_type_get_type(mono_class_get_type(k));
	if (tt == MONO_TYPE_PTR || tt == MONO_TYPE_FNPTR || tt == MONO_TYPE_I || tt == MONO_TYPE_U)
		return refuse(p, "pointers cannot travel");
	uint32_t flags = mono_class_get_flags(k);
	/* Abstract classes and interfaces may still name a field's or an array element's type.  A boxed
	 * Nullable<T> does not exist in the CLR (boxing gives a T or null), so none is ever created. */
	if ((flags & (MONO_TYPE_ATTR_ABSTRACT | MONO_TYPE_ATTR_INTERFACE)) || mono_class_is_nullable(k))
		p->instantiable = 0;
	/* Whether it is a struct is part of the layout: a receiver whose type of the same name is the other
	 * kind would read references as field bytes, or the reverse. */
	fp_bytes(&b, mono_class_is_valuetype(k) ? "v" : "c", 1);
	if (mono_class_is_valuetype(k)) {
		uint32_t align;
		p->value_size = (uint32_t)mono_class_value_size(k, &align);
	}
	p->name = type_name(k);
	if (!p->name)
		return refuse(p, "it has no name another process could resolve");
	size_t nl = strlen(p->name);
	if (nl > MOTOR_SER_MAX_NAME)
		return refuse(p, "its name is too long");
	if (strchr(p->name, '\\'))
		return refuse(p, "its name has an escaped character ('\\'), which receivers refuse");
	p->name_len = (uint16_t)nl;
	if (mono_class_is_delegate(k))
		return refuse(
		    p, "delegates cannot travel (they hold method pointers and a target of this process)");
	const char *local = motor_ser_process_local(k);
	if (local) {
		char why[256];
		snprintf(why, sizeof why,
		         "process-local handle (%s): its value means nothing in another process", local);
		return refuse(p, why);
	}
	int rc = add_fields(&b, k, 0, 0);
	if (rc == MOTOR_ENOMEM)
		return NULL;
	if (rc != MOTOR_OK)
		return refuse(p, b.why);
	if (mono_class_is_valuetype(k) && !p->has_refs) {
		/* A boxed struct without references: all its bytes, as in add_struct_field. */
		p->nops = 0;
		p->wire = 0;
		fp_bytes(&b, &p->value_size, sizeof p->value_size);
		if (!add_op(&b, OP_COPY, (uint32_t)MOTOR_MONO_HEADER_SIZE, p->value_size, NULL, ""))
			return NULL;
	}
	p->fingerprint = b.fp;
	if (p->instantiable)
		p->vtable = mono_class_vtable(motor_ser__domain, k);
	if (p->instantiable && !p->vtable)
		p->instantiable = 0;
	if (p->instantiable) {
		p->instance_size = (uint32_t)mono_class_instance_size(k);
		p->by_ref = (uint8_t)marshal_by_ref(k);
	}
	return p;
}

static struct plan *build(MonoClass *k)
{
	struct plan *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->klass = k;
	p->instantiable = 1;
	p->mode = motor_ser__mode;

	if (k == motor_ser__string_class) {
		p->kind = PLAN_STRING;
		p->vtable = mono_class_vtable(motor_ser__domain, k);
		return p;
	}
	if (mono_class_get_rank(k) > 0)
		return build_array(p, k);
	return build_class(p, k);
}

struct plan *motor_ser__plan_for_class(MonoClass *k)
{
	struct plan *p = cache_get(k);
	if (p)
		return p;
	if (!(p = build(k)))
		return NULL;
	struct plan *w = cache_put(k, p);
	if (w != p)
		return w; /* another thread won; ours is dropped (rare, small) */
	if (p->vtable)
		cache_put(p->vtable, p);
	return p;
}

/* ---- received type names ------------------------------------------------------------------------------ */

/* Names seen in messages, resolved once: (name, fingerprint) -> plan.  Only names that resolved to a usable
 * type are cached, so hostile names cannot grow the table beyond the types that exist. */
#define NAME_BITS 12
#define NAME_SIZE (1u << NAME_BITS)
static struct {
	_Atomic(const char *) name;
	uint16_t len;
	uint64_t fingerprint;
	struct plan *plan;
} names[NAME_SIZE];
static unsigned names_used;

static unsigned name_slot(const char *s, uint16_t len, uint64_t fp)
{
	uint64_t h = 0xcbf29ce484222325ull ^ fp;
	for (uint16_t i = 0; i < len; i++) {
		h ^= (uint8_t)s[i];
		h *= 0x100000001b3ull;
	}
	return (unsigned)(h >> (64 - NAME_BITS));
}

static struct plan *names_get(const char *s, uint16_t len, uint64_t fp)
{
	unsigned slot = name_slot(s, len, fp);
	for (unsigned n = 0; n < NAME_SIZE; n++) {
		const char *k = atomic_load_explicit(&names[slot].name, memory_order_acquire);
		if (!k)
			return NULL;
		if (names[slot].len == len && names[slot].fingerprint == fp && memcmp(k, s, len) == 0)
			return names[slot].plan;
		slot = (slot + 1) & (NAME_SIZE - 1);
	}
	return NULL;
}

static void names_put(const char *s, uint16_t len, uint64_t fp, struct plan *p)
{
	char *copy = malloc((size_t)len + 1);
	if (!copy)
		return;
	memcpy(copy, s, len);
	copy[len] = '\0';
	pthread_mutex_lock(&plans_lock);
	if (names_used < NAME_SIZE / 4 * 3 && !names_get(s, len, fp)) {
		unsigned slot = name_slot(s, len, fp);
		while (atomic_load_explicit(&names[slot].name, memory_order_relaxed))
			slot = (slot + 1) & (NAME_SIZE - 1);
		names[slot].len = len;
		names[slot].fingerprint = fp;
		names[slot].plan = p;
		atomic_store_explicit(&names[slot].name, copy, memory_order_release);
		names_used++;
		copy = NULL;
	}
	pthread_mutex_unlock(&plans_lock);
	free(copy);
}

static MonoClass *resolve(const char *name, uint16_t len)
{
	MonoString *s = mono_string_new_len(motor_ser__domain, name, len);
	void *args[1] = {s};
	MonoObject *exc = NULL;
	if (!s || !resolve_method)
		return NULL;
	MonoObject *t = mono_runtime_invoke(resolve_method, NULL, args, &exc);
	if (!t || exc)
		return NULL;
	MonoType *mt = mono_reflection_type_get_type((MonoReflectionType *)t);
	return mt ? mono_class_from_mono_type(mt) : NULL;
}

int motor_ser__plan_for_name(const char *name, uint16_t len, uint64_t fp, struct plan **out)
{
	struct plan *p = names_get(name, len, fp);
	if (p && p->mode == motor_ser__mode) {
		*out = p;
		return MOTOR_OK;
	}
	/* UTF-8 (C# names are Unicode: a class Café) without control characters or backslashes.  Mono's
	 * type-name parser (behind Type.GetType) takes a backslash as an escape and skips the next character
	 * even when it is the terminating NUL, then reads past the end of the name (found by fuzzing:
	 * AddressSanitizer, heap-buffer-overflow in strchr).  Our senders never write a backslash (build()
	 * refuses such names), so none is accepted. */
	for (uint16_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];
		if (c < 0x20 || c == 0x7f || c == '\\')
			return motor_ser_fail(MOTOR_SER_EDATA, "malformed type name in the message");
	}
	if (!g_utf8_validate(name, len, NULL))
		return motor_ser_fail(MOTOR_SER_EDATA, "malformed type name in the message (not UTF-8)");
	MonoClass *k = resolve(name, len);
	if (!k)
		return motor_ser_fail(MOTOR_SER_EUNKNOWN, "type '%.*s' is not known to the receiving process",
		                      (int)(len > 200 ? 200 : len), name);
	if (!(p = motor_ser__plan_for_class(k)))
		return motor_ser_fail(MOTOR_ENOMEM, "out of memory");
	if (p->kind == PLAN_REFUSED)
		return motor_ser_fail(MOTOR_SER_EUNKNOWN, "received %s", p->refused);
	if (p->kind != PLAN_CLASS)
		return motor_ser_fail(MOTOR_SER_EDATA, "type '%.*s' is not a class or struct",
		                      (int)(len > 200 ? 200 : len), name);
	if (p->fingerprint != fp)
		return motor_ser_fail(
		    MOTOR_SER_ELAYOUT,
		    "type '%.*s' has a different field layout in the sending process (different "
		    "fields, field types or [Transportable] marks, or a class on one side and a struct "
		    "on the other)",
		    (int)(len > 200 ? 200 : len), name);
	names_put(name, len, fp, p);
	*out = p;
	return MOTOR_OK;
}

/* ---- visited-object maps ---------------------------------------------------------------------------------
 */

int motor_ser__map_reset(struct ptrmap *m, size_t expect)
{
	size_t want = 1024;
	while (want < expect * 2)
		want *= 2;
	if (m->mask + 1 < want || !m->e) {
		struct ptrmap_entry *e = calloc(want, sizeof *e);
		if (!e)
			return MOTOR_ENOMEM;
		free(m->e);
		m->e = e;
		m->mask = want - 1;
		m->stamp = 0;
	}
	/* A stamp that wrapped around could match stale entries: clear them then. */
	if (++m->stamp == 0) {
		memset(m->e, 0, (m->mask + 1) * sizeof *m->e);
		m->stamp = 1;
	}
	m->count = 0;
	return MOTOR_OK;
}

int motor_ser__map_grow(struct ptrmap *m)
{
	size_t cap = (m->mask + 1) * 2;
	struct ptrmap_entry *e = calloc(cap, sizeof *e);
	if (!e)
		return MOTOR_ENOMEM;
	struct ptrmap n = {.e = e, .mask = cap - 1, .count = 0, .stamp = 1};
	for (size_t i = 0; i <= m->mask; i++)
		if (m->e[i].stamp == m->stamp)
			map_find_or_add(&n, m->e[i].key, m->e[i].val);
	free(m->e);
	*m = n;
	return MOTOR_OK;
}

void motor_ser__map_shrink(struct ptrmap *m, size_t used)
{
	/* Keep up to 64k entries (1 MiB) whatever happens; beyond that only what the last operation needed.
	 */
	if (m->e && m->mask + 1 > 65536 && m->mask + 1 > used * 8) {
		free(m->e);
		*m = (struct ptrmap){0};
	}
}

/* ---- init ------------------------------------------------------------------------------------------------
 */

int motor_ser_set_mode(int mode)
{
	if (mode != MOTOR_SER_TRANSPORTABLE && mode != MOTOR_SER_SERIALIZABLE)
		return MOTOR_EARG;
	int old = motor_ser__mode;
	motor_ser__mode = (uint8_t)mode;
	return old;
}

int motor_ser_init(MonoDomain *domain, MonoImage *system_mp)
{
	motor_ser__domain = domain;
	motor_ser__object_class = mono_get_object_class();
	motor_ser__string_class = mono_get_string_class();
	transportable_class = mono_class_from_name(system_mp, "System.MP", "TransportableAttribute");
	MonoClass *support = mono_class_from_name(system_mp, "System.MP", "ObjectSupport");
	if (!transportable_class || !support)
		return MOTOR_EARG;
	name_of_method = mono_class_get_method_from_name(support, "NameOf", 1);
	resolve_method = mono_class_get_method_from_name(support, "Resolve", 1);
	if (!name_of_method || !resolve_method)
		return MOTOR_EARG;
	motor_ser__pool_init();
	/* The serializer reads array lengths and strings directly: it needs their layout confirmed.
	 * Multidimensional arrays are refused if their bounds cannot be found (build). */
	int rc = motor_mono_layout_init(domain);
	if (rc != MOTOR_OK)
		return rc;
	return motor_mono_layout.array_length && motor_mono_layout.string_length ? MOTOR_OK : MOTOR_EARG;
}
