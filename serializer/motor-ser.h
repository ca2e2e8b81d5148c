/*
 * motor-ser.h - the Transportable serializer: object graphs to bytes and back (paper §2.4, §4.2.2, §7.5).
 *
 * One *part* is one independently deserialisable representation of an object graph:
 *
 *	header (32 bytes)  magic, type count, object count, root, section sizes
 *	object data        every object once, in discovery order: a type index, then its data; a reference is
 *	                   the 1-based index of the object it points to (0 = null)
 *	type table         every type once: assembly-qualified name + fingerprint of the field layout
 *(classes), element type + rank (arrays), or "string"
 *
 * What travels: primitive, struct and string fields always; a reference field only when it carries
 * [Transportable] (otherwise it arrives null); arrays with all their elements.  An object reached twice is
 * written once, so sharing and cycles survive.  A split representation (OScatter) is several parts laid one
 * after the other, each with its own type table.
 *
 * Threads: every function may be called from any thread attached to the runtime, in GC-unsafe mode (an
 * internal call).  Serialisation never reaches a GC safepoint once it has the plans it needs; deserialisation
 * allocates, and keeps every object it has made in a managed array so that a collection may move them.
 *
 * Errors: functions return MOTOR_OK or a negative code (below, or MOTOR_E* from motor-mpi.h); the message for
 * the last error on this thread is motor_ser_last_error().  Nothing raises a managed exception.
 */
#ifndef MOTOR_SER_H
#define MOTOR_SER_H

#include <stddef.h>
#include <stdint.h>

#include <mono/metadata/image.h>
#include <mono/metadata/object.h>

/* The serializer's error codes, MOTOR_SER_E*, listed with all of Motor's in native-mpi/errors.def. */
enum {
#define MOTOR_SER_ERROR(name, value, kind, message) MOTOR_SER_##name = (value),
#include "errors.def"
};

/* A growable native buffer, taken from the pool (pool.c).  Owned by whoever holds it; give it back with
 * motor_ser_buf_release. */
struct motor_ser_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
};

/* Which reference fields travel.  TRANSPORTABLE (Motor's O-operations): only those marked [Transportable].
 * SERIALIZABLE (MPI.dll, MPI.NET's [Serializable] semantics): every reference field not marked
 * [NonSerialized]; a [NonSerialized] field of any type arrives as its default.  The mode is per thread: it
 * governs the parts this thread writes, and is written into each part's header, so a reader always rebuilds
 * a part in the mode it was written in (motor_ser_read sets the thread's mode for its duration).  Plans are
 * built and cached per mode; the two modes' layout fingerprints never match. */
enum { MOTOR_SER_TRANSPORTABLE = 0, MOTOR_SER_SERIALIZABLE = 1 };

/* Sets this thread's mode and returns the previous one (MOTOR_EARG, mode unchanged, for any other value). */
int motor_ser_set_mode(int mode);

/* Sets up the serializer: the domain objects are made in, and System.MP's image (TransportableAttribute and
 * the managed helpers that name and resolve types).  Also installs the GC hook of the buffer pool. */
int motor_ser_init(MonoDomain *domain, MonoImage *system_mp);

/* Appends one part for `root` to `b`.  count == -1: the whole object (root may be NULL); otherwise elements
 * [offset, offset + count) of a one-dimensional array, as an array of the same type (MOTOR_ENOTARRAY,
 * MOTOR_EOFFSET, MOTOR_ECOUNT).  On error b->len is unchanged. */
int motor_ser_write(struct motor_ser_buf *b, MonoObject *root, int32_t offset, int32_t count);

/* Builds the graph of the part data[0, len) and returns its root in *result (NULL for a null root).  Trusts
 * nothing in the data; on error nothing reachable has changed and *result is NULL. */
int motor_ser_read(const uint8_t *data, size_t len, MonoObject **result);

/* The array a receive that waits expects its message to need, allocated before it waits
 * (motor_ser_spare_make) so that the allocation, and the clearing of nursery memory that is not in the cache,
 * happen while the message is on its way instead of after it arrived.  The guess is the largest
 * one-dimensional array of the last two messages this thread read through motor_ser_read_spare, when they
 * agreed on its type and length and it fits in the nursery; otherwise array is NULL.  A spare the message
 * does not need is garbage.  The caller keeps the struct in its frame until the read: the conservative stack
 * scan pins the array meanwhile. */
struct motor_ser_spare {
	MonoArray *array;
	MonoVTable *vtable;
	uint32_t length;
};
void motor_ser_spare_make(struct motor_ser_spare *s);
/* Spares made since start-up, and how many of them a message used (all threads). */
void motor_ser_spare_counts(uint64_t *made, uint64_t *used);

/* motor_ser_read that takes s->array (if not NULL) for the first array of its type and length, and learns the
 * next guess from the graph it builds. */
int motor_ser_read_spare(const uint8_t *data, size_t len, struct motor_ser_spare *s, MonoObject **result);

/* motor_ser_read of a whole byte[] (MOTOR_ENULL for null), copied first into a pooled buffer: the array could
 * move at the reader's first allocation. */
int motor_ser_read_array(MonoArray *bytes, MonoObject **result);

/* Whether values of class `k` (or of a class it derives from) mean something only inside this process:
 * GCHandle, SafeHandle, WaitHandle, Thread, the runtime's metadata handles, ...  Returns what they hold, as a
 * phrase for messages, or NULL.  Reads metadata: call it outside GC callbacks; the result depends only on the
 * class. */
const char *motor_ser_process_local(MonoClass *k);

/* The message for the last error on this thread (never NULL). */
const char *motor_ser_last_error(void);
/* Sets this thread's message and returns `code`. */
int motor_ser_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- pool.c: native buffers reused across operations ------------------------------------------------- */

/* Takes a buffer of at least `min` bytes (len = 0).  Returns MOTOR_ENOMEM on failure. */
int motor_ser_buf_get(struct motor_ser_buf *b, size_t min);
/* Makes room for `extra` more bytes after len (may move data). */
int motor_ser_buf_reserve(struct motor_ser_buf *b, size_t extra);
/* Gives the buffer back to the pool (or frees it); b is emptied.  Safe with an empty buffer. */
void motor_ser_buf_release(struct motor_ser_buf *b);
/* The same, for a buffer handed over as (data, cap), e.g. by a request at completion. */
void motor_ser_pool_put(void *data, size_t cap);

struct motor_ser_pool_counts {
	uint64_t allocated; /* buffers malloc'ed */
	uint64_t reused;    /* gets served from the pool */
	uint64_t trimmed;   /* buffers given back because a collection passed without their use */
	uint64_t pooled;    /* buffers in the pool now */
	uint64_t pooled_bytes;
};
void motor_ser_pool_counts(struct motor_ser_pool_counts *c);

#endif /* MOTOR_SER_H */
