/*
 * motor-ser-internal.h - what the files of serializer/ share: per-class plans, the wire format.  The object
 * layout they read objects by is gc-hooks/mono-compat.h's.  Never installed, never included outside
 * serializer/ (and its fuzz harness).
 */
#ifndef MOTOR_SER_INTERNAL_H
#define MOTOR_SER_INTERNAL_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include <mono/metadata/class.h>
#include <mono/metadata/object.h>

#include "mono-compat.h"
#include "motor-mpi.h"
#include "motor-ser.h"

/* ---- the wire format (all integers little-endian, unaligned) --------------------------------------- */

#define MOTOR_SER_MAGIC 0x3152544Du /* "MTR1" */
#define MOTOR_SER_HEADER 32u

/* header: u32 magic, u32 ntypes, u32 nobjs, u32 root (1-based, 0 = null), u32 flags (the mode it was written
 *         in: MOTOR_SER_TRANSPORTABLE or MOTOR_SER_SERIALIZABLE), u32 reserved (0),
 *         u64 data_bytes  -- then the object data, then the type table (types_bytes = part length - 32 -
 *         data_bytes) */
enum { TYPE_CLASS = 1, TYPE_STRING = 2, TYPE_ARRAY = 3 };
/* type entries:  CLASS: u8 1, u16 name length, name (printable ASCII), u64 fingerprint
 *                STRING: u8 2
 *                ARRAY: u8 3, u32 element type index (< this entry's), u8 rank, u8 1 if a vector (T[]) */
#define MOTOR_SER_MAX_NAME 2048
#define MOTOR_SER_MAX_RANK 32

/* Object records: u32 type index, then
 *   class:  the plan's field ops in order (COPY: the bytes; REF: u32 object reference)
 *   string: u32 length, length UTF-16 code units
 *   array:  vector: u32 length; other: rank x (u32 length, i32 lower bound); then the elements (RAW: the
 *           bytes; REF: u32 references; STRUCT: the element plan's ops for each element) */

/* ---- plans ------------------------------------------------------------------------------------------ */

enum op_kind { OP_COPY, OP_REF };

/* One step of a plan.  Offsets are from the start of a boxed object (header included); embedded structs are
 * flattened into their container's ops, and a struct used unboxed (array element) subtracts the header. */
struct op {
	uint32_t offset;
	uint32_t size; /* bytes for COPY; pointer size for REF */
	uint8_t kind;
	MonoClass *ref_class; /* REF: the field's declared type; what arrives must be assignable to it */
	const char *name; /* REF: the field's path in the class ("a.b" in embedded structs), for messages */
};

enum plan_kind { PLAN_CLASS, PLAN_STRING, PLAN_ARRAY, PLAN_REFUSED };
enum elem_mode { ELEM_RAW, ELEM_REF, ELEM_STRUCT };

struct plan {
	MonoClass *klass;
	MonoVTable *vtable;
	uint8_t kind;
	uint8_t instantiable; /* an object of exactly this class may be created (not abstract/interface) */
	uint8_t by_ref;      /* derives from System.MarshalByRefObject: created by mono_object_new_specific */
	const char *refused; /* why it cannot travel (PLAN_REFUSED) */
	/* class */
	struct op *ops;
	uint32_t nops;
	uint32_t nrefs;      /* REF ops */
	uint8_t has_refs;    /* any reference field at all, followed or not: never copied as raw bytes */
	uint8_t mode;        /* MOTOR_SER_TRANSPORTABLE or MOTOR_SER_SERIALIZABLE: which fields it follows */
	uint32_t wire;       /* bytes of the field data on the wire */
	uint32_t value_size; /* unboxed size (structs) */
	uint32_t instance_size; /* boxed size, header included (instantiable classes) */
	uint64_t fingerprint;
	char *name; /* assembly-qualified (class plans) */
	uint16_t name_len;
	/* array */
	struct plan *elem;
	uint8_t rank;
	uint8_t vector; /* T[] (SZARRAY) rather than T[*] or T[,] */
	uint8_t elem_mode;
	uint32_t elem_size; /* bytes per element in memory */
	uint32_t elem_wire; /* bytes per element on the wire */
};

/* plan.c */
/* This thread's mode (motor_ser_set_mode): selects the plan cache every lookup below uses. */
extern __thread uint8_t motor_ser__mode;
extern MonoDomain *motor_ser__domain;
extern MonoClass *motor_ser__object_class, *motor_ser__string_class;

/* Dimension d of an array's bounds (the layout of gc-hooks/mono-compat.h): a length (4 or 8 bytes), then an
 * int32 lower bound. */
static inline void array_bound(const uint8_t *bounds, uint32_t d, uint32_t *len, int32_t *lb)
{
	uint32_t entry = motor_mono_layout.bounds_entry;
	const uint8_t *e = bounds + (size_t)d * entry;
	uint64_t l = 0;
	memcpy(&l, e, entry == 8 ? 4 : 8);
	memcpy(lb, e + (entry == 8 ? 4 : 8), 4);
	*len = (uint32_t)l;
}

/* The cached plan for a vtable (sender hot path: no Mono calls) or NULL if none is built yet. */
struct plan *motor_ser__plan_by_vtable(const void *vtable);
/* The plan for a class, built on first use (may reach GC safepoints: metadata, managed helpers). */
struct plan *motor_ser__plan_for_class(MonoClass *k);
/* The plan for the class of an object with vtable `vtable`, built if need be and cached under the vtable. */
struct plan *motor_ser__plan_for_object(MonoClass *k, const void *vtable);
/* The class plan for a received type name + fingerprint: resolves and checks it (may reach safepoints).
 * Returns MOTOR_OK or MOTOR_SER_EUNKNOWN / ELAYOUT / ETYPE with the message set. */
int motor_ser__plan_for_name(const char *name, uint16_t len, uint64_t fingerprint, struct plan **out);

/* pool.c: counts collections (installed by motor_ser_init). */
void motor_ser__pool_init(void);

/* Unaligned little-endian access (x86-64 and every other target Motor builds on are little-endian). */
static inline uint32_t rd32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}
static inline uint64_t rd64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}
static inline void wr32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}
static inline void wr64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

/* An open-addressing map from pointers to 32-bit values, reused across operations of one thread without
 * clearing: an entry is live only if its stamp is the map's current one.  Used for visited objects and for
 * the per-message type indices. */
struct ptrmap {
	struct ptrmap_entry {
		uintptr_t key;
		uint32_t val;
		uint32_t stamp;
	} * e;
	size_t mask; /* capacity - 1 (capacity a power of two), or 0 before first use */
	size_t count;
	uint32_t stamp;
};
/* Starts a new, empty generation with room for `expect` entries. Returns MOTOR_OK or MOTOR_ENOMEM. */
int motor_ser__map_reset(struct ptrmap *m, size_t expect);
/* Grows the table (rehash) so that one more insert keeps the load under one half. */
int motor_ser__map_grow(struct ptrmap *m);
/* Frees a map whose capacity is far above what recent operations needed. */
void motor_ser__map_shrink(struct ptrmap *m, size_t used);

/* The slot of an address: its 4 KiB page is hashed (Fibonacci hashing spreads pages that differ in a few
 * bits, which plain masking would pile onto one probe chain), and objects within a page keep their order in a
 * window of 256 slots.  Objects allocated one after another -- a list built in a loop -- thus land in
 * neighbouring slots and the map is walked almost sequentially, which matters when it is far larger than the
 * caches. */
static inline size_t map_slot(const struct ptrmap *m, uintptr_t key)
{
	uint64_t page = (uint64_t)(key >> 12) * 0x9E3779B97F4A7C15ull;
	return (size_t)((page >> 32) + ((key >> 4) & 255)) & m->mask;
}

/* Looks `key` up; if absent, inserts it with value `val` and returns UINT32_MAX; else returns its value.
 * The caller has made sure there is room (count + 1 <= capacity / 2). */
static inline uint32_t map_find_or_add(struct ptrmap *m, uintptr_t key, uint32_t val)
{
	size_t s = map_slot(m, key);
	for (;;) {
		struct ptrmap_entry *e = &m->e[s];
		if (e->stamp != m->stamp) {
			e->key = key;
			e->val = val;
			e->stamp = m->stamp;
			m->count++;
			return UINT32_MAX;
		}
		if (e->key == key)
			return e->val;
		s = (s + 1) & m->mask;
	}
}

#endif /* MOTOR_SER_INTERNAL_H */
