/*
 * mono-compat.h - everything Motor knows about Mono's internals, in one place (as native-mpi/mpi-compat.h
 * is for the MPI libraries): the symbols Motor declares by hand, SGen's constants, the object and array
 * layout, and the pattern of the caches keyed by an object's vtable.  What lies beyond Mono's installed
 * headers is named here with the Mono source it was checked against, so that a new Mono version is checked
 * in one file.
 *
 * Checked against Mono 6.8.0.105 (Debian mono-runtime-sgen 6.8.0.105+dfsg-3.3+deb12u1, libmonosgen-2.0.so);
 * its source is cited as file:function (line).  The layout is not taken on trust: mono-compat.c measures it
 * on real objects at start-up.
 *
 * The lowest layer over Mono (gc-hooks/) holds it, so that runtime-ext/, serializer/ and gc-hooks/ itself
 * include it without any include pointing up.  Never installed.
 */
#ifndef MOTOR_MONO_COMPAT_H
#define MOTOR_MONO_COMPAT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <mono/metadata/appdomain.h>
#include <mono/metadata/mono-gc.h>
#include <mono/metadata/object.h>

/* ---- symbols exported by libmonosgen-2.0 but missing from the installed headers ---------------------- */

/* Entering and leaving a GC-safe region around a blocking MPI call made from a cooperative internal call
 * (runtime-ext/main.c, the blocking hooks): the runtime copies the stack between `stackdata` (the address of
 * a local of the calling frame) and the stack pointer so that spilled registers are scanned, then switches
 * the thread's state.  MONO_API in utils/mono-threads-api.h, which Debian does not install
 * (mono-threads-coop.c:mono_threads_enter_gc_safe_region_unbalanced).  The pair costs
 * about 45 ns. */
extern void *mono_threads_enter_gc_safe_region_unbalanced(void **stackdata);
extern void mono_threads_exit_gc_safe_region_unbalanced(void *cookie, void **stackdata);

/* The reverse, for the main thread in the host's own code (GC-safe, as the embedding API leaves it) calling
 * an entry point that runs managed code without switching itself: mono_unhandled_exception, which runs the
 * program's AppDomain.UnhandledException handlers (runtime-ext/main.c).  MONO_API in utils/mono-threads-api.h
 * (mono-threads-coop.c:mono_threads_enter_gc_unsafe_region_unbalanced). */
extern void *mono_threads_enter_gc_unsafe_region_unbalanced(void **stackdata);
extern void mono_threads_exit_gc_unsafe_region_unbalanced(void *cookie, void **stackdata);

/* Registers a conservative root: with a NULL descriptor SGen scans [start, start + size) word by word at
 * every collection, pinning (and keeping alive) whatever object a word points into (gc-hooks/req-slots.c,
 * the roots of in-flight requests).  MONO_API in metadata/gc-internals.h, not installed
 * (sgen-mono.c:mono_gc_register_root (2405)).  It takes the GC lock: never from a GC
 * callback.  Its counterpart mono_gc_deregister_root is not exported, so roots are registered for the
 * process's lifetime and cleared instead. */
extern int mono_gc_register_root(char *start, size_t size, void *descr, MonoGCRootSource source, void *key,
                                 const char *msg);

/* mono_dangerous_add_raw_internal_call, which registers an internal call that runs in GC-unsafe mode with no
 * GC-safe transition (runtime-ext/icalls.c), is public: metadata/loader.h declares it. */

/* ---- SGen ---------------------------------------------------------------------------------------------- */

/* SGen allocates an object larger than this (in bytes, header included) in its large-object space, which
 * never moves an object (sgen-conf.h:161 SGEN_MAX_SMALL_OBJ_SIZE; sgen-alloc.c:sgen_alloc_obj_nolock (182)).
 * An object of at most this size may move at a collection -- from the nursery, or out of a major-heap block
 * being evacuated -- so it is pinned while native code uses its memory; a larger one need only be kept alive.
 * mono_object_get_size gives the size this is compared with. */
#define SGEN_MAX_SMALL_OBJ_SIZE 8000

/* The MONO_GC_PARAMS option that sets the nursery's size (a number with an optional k, m or g suffix; SGen's
 * default is 4 MiB, SGEN_DEFAULT_NURSERY_SIZE).  SGen aligns the nursery to its size, a power of two
 * (sgen-gc.c:alloc_nursery): gc-hooks/nursery.c relies on that, and checks it. */
#define MOTOR_SGEN_NURSERY_SIZE_OPT "nursery-size="

/* ---- the object layout --------------------------------------------------------------------------------- */

/* Every object starts with a header of two words, {MonoVTable *vtable; MonoThreadsSync *synchronisation}
 * (struct _MonoObject, public in object.h); an instance's fields follow it.  Field offsets
 * (mono_field_get_offset) count from the object's start, so a struct used unboxed -- an array element, a
 * struct embedded in another -- is at its boxed offsets minus the header. */
#define MOTOR_MONO_HEADER_SIZE sizeof(MonoObject)

/* An object's vtable, its first word: one per class in Motor's single domain, never freed, so it identifies
 * the class without a call (mono_object_get_class reads it and follows it to the class). */
static inline const void *motor_mono_vtable_of(const MonoObject *obj)
{
	return *(const void *const *)obj;
}

/* The layout of arrays and strings, which object.h keeps private (MonoArray, MonoString): offsets from an
 * object's start, measured by motor_mono_layout_init on real objects and checked, never assumed.
 *   array:  header, MonoArrayBounds *bounds (NULL for a vector, T[]), uintptr_t max_length (the element
 *           count; for rank > 1 the total), then the elements.  A bound is {mono_array_size_t length; int32_t
 *           lower_bound}, whose size type is 32 bits unless Mono was built with big arrays: 8 or 16 bytes.
 *   string: header, int32_t length, then the UTF-16 code units. */
struct motor_mono_layout {
	uint32_t array_data;    /* element 0 of every array */
	uint32_t array_length;  /* the element count, or 0 if not found there (then ask mono_array_length) */
	uint32_t array_bounds;  /* the pointer to the bounds (valid if bounds_entry != 0) */
	uint32_t bounds_entry;  /* bytes per dimension in the bounds (8 or 16), or 0 if they cannot be read */
	uint32_t string_length; /* the int32 length, or 0 if not where expected */
	uint32_t string_chars;  /* the first UTF-16 code unit */
};
/* Hidden: motor exports its symbols (-rdynamic), and under link-time optimisation an exported variable is
 * read through its address in a register; this one is read with one PC-relative load, as a static is. */
extern __attribute__((visibility("hidden"))) struct motor_mono_layout motor_mono_layout;

/* Measures motor_mono_layout on objects allocated in `domain`; the first call does, later ones return its
 * result.  Called at start-up (motor's main, motor_ser_init), before any other thread reads the layout.
 * Returns MOTOR_OK, or MOTOR_ENOMEM if a probe object could not be allocated.  A field it cannot confirm is
 * left 0 and its users fall back or refuse (see above). */
int motor_mono_layout_init(MonoDomain *domain);

/* The element count of array `obj` (for rank > 1 the total): one load where the layout was confirmed. */
static inline uint64_t motor_mono_array_length(const MonoObject *obj)
{
	if (motor_mono_layout.array_length)
		return *(const uintptr_t *)((const char *)obj + motor_mono_layout.array_length);
	return mono_array_length((MonoArray *)obj);
}

/* ---- caches keyed by a vtable -------------------------------------------------------------------------- */

/* runtime-ext/buffer.c (what a class is as an MPI buffer) and serializer/plan.c (a class's plan) cache what
 * they learn of a class under its vtable, so that the per-message path reads an object's first word and
 * probes a table: no call into Mono, no lock.  (plan.c also keys its table by MonoClass*: a distinct object,
 * so one table holds both.)  Both tables follow the one pattern defined here:
 *   - 1 << bits entries, each starting with its key (motor_cache_key; NULL = free), then the cached value;
 *     open addressing, linear probing, never shrinks;
 *   - at most three-quarters full (motor_cache_has_room): after that a new key is answered correctly, just
 *     not cached, and every probe still ends at a free entry;
 *   - a writer holds the cache's lock, writes the entry's value, then publishes its key with a release store
 *     (motor_cache_publish); readers take no lock, load keys with acquire, and read the value only on a
 *     match.  A published entry never changes. */
typedef _Atomic(const void *) motor_cache_key;

/* The first entry a key probes: Fibonacci hashing of the pointer (its low 3 bits are always 0). */
static inline unsigned motor_cache_slot(const void *key, unsigned bits)
{
	return (unsigned)(((uintptr_t)key >> 3) * 0x9E3779B97F4A7C15ull >> (64 - bits));
}

/* Probes `table` (1 << bits entries of `stride` bytes) for `key`, never NULL: returns the entry that holds
 * it (*hit = 1) or the free entry where it would go (*hit = 0).  `order` is memory_order_acquire for a
 * reader, memory_order_relaxed for a writer holding the lock. */
static inline void *motor_cache_probe(void *table, size_t stride, unsigned bits, const void *key,
                                      memory_order order, int *hit)
{
	unsigned s = motor_cache_slot(key, bits);
	for (;;) {
		char *e = (char *)table + (size_t)s * stride;
		const void *k = atomic_load_explicit((motor_cache_key *)e, order);
		if (k == key) {
			*hit = 1;
			return e;
		}
		if (!k) {
			*hit = 0;
			return e;
		}
		s = (s + 1) & ((1u << bits) - 1);
	}
}

/* Whether a cache of 1 << bits entries of which `used` are taken may take another. */
static inline int motor_cache_has_room(unsigned used, unsigned bits)
{
	return used < (1u << bits) / 4 * 3;
}

/* Publishes the free entry `e`, its value written, under `key` (the caller holds the lock and counts it). */
static inline void motor_cache_publish(void *e, const void *key)
{
	atomic_store_explicit((motor_cache_key *)e, key, memory_order_release);
}

#endif /* MOTOR_MONO_COMPAT_H */
