/*
 * motor-mpi.h - Motor's C layer over the system MPI library.
 *
 * This layer knows MPI and nothing of Mono: it builds and is unit-tested without a runtime.  Everything
 * above it names MPI objects by small integer handles (communicators, datatypes) or by opaque fixed-size
 * structs (requests, statuses), so neither runtime-ext/ nor managed code depends on the MPI library's handle
 * types (an int in MPICH, a pointer in Open MPI).
 *
 * Errors.  Every function returns MOTOR_OK (0), a positive MPI error code straight from the MPI library
 * (every communicator uses MPI_ERRORS_RETURN), or a negative MOTOR_E* code for misuse this layer detects
 * before calling MPI.  Nothing is printed and nothing aborts.  A failed call leaves nothing behind.
 *
 * Blocking.  Operations that may have to wait first post a non-blocking MPI operation and poll it a bounded
 * number of times; only when it is still incomplete do they call the blocking hooks (motor_mpi_set_block_hooks)
 * around the MPI call that waits.  Most operations on small messages complete during the poll and never call
 * the hooks.
 *
 * Threads.  Every function may be called from any thread (MPI_THREAD_MULTIPLE).
 */
#ifndef MOTOR_MPI_H
#define MOTOR_MPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes of this layer.  Positive codes are the MPI library's. */
enum {
	MOTOR_OK = 0,
	MOTOR_ENULL = -1,      /* a required buffer is null */
	MOTOR_EBUFTYPE = -2,   /* the object cannot be an MPI buffer (reference fields, string, object[]) */
	MOTOR_EOFFSET = -3,    /* offset outside the buffer */
	MOTOR_ECOUNT = -4,     /* negative count, or offset + count past the end */
	MOTOR_ERANK = -5,      /* destination or source rank not in the communicator */
	MOTOR_ETAG = -6,       /* tag negative or above MPI_TAG_UB (ANY_TAG only where receiving) */
	MOTOR_ECOMM = -7,      /* communicator handle freed or never valid */
	MOTOR_ENOTARRAY = -8,  /* an offset/count form was given an object that is not an array */
	MOTOR_EFINALIZED = -9, /* MPI has been finalized */
	MOTOR_ENOMEM = -10,    /* out of memory or out of handles */
	MOTOR_EALIAS = -11,    /* the same buffer passed where MPI requires distinct ones */
	MOTOR_EARG = -12,      /* any other invalid argument */
	MOTOR_ECOMMFREE = -13, /* COMM_WORLD and COMM_SELF cannot be freed */
	MOTOR_EBUSY = -14,     /* the request is being completed by another thread */
};

/* Managed-side constants.  They are fixed here (and in managed/MPI.cs) and mapped to the MPI library's. */
enum {
	MOTOR_ANY_SOURCE = -1,
	MOTOR_ANY_TAG = -1,
	MOTOR_PROC_NULL = -2,
	MOTOR_UNDEFINED = -32766,
};

/* Thread support levels, in managed numbering (System.MP.MPI.THREAD_*). */
enum { MOTOR_THREAD_SINGLE = 0, MOTOR_THREAD_FUNNELED = 1, MOTOR_THREAD_SERIALIZED = 2, MOTOR_THREAD_MULTIPLE = 3 };

/* Predefined element datatypes: one per managed primitive type.  Handles >= MOTOR_DT_PREDEFINED are
 * contiguous runs of bytes made by motor_mpi_type_bytes() for blittable structs. */
enum motor_dt {
	MOTOR_DT_U8,
	MOTOR_DT_I8,
	MOTOR_DT_I16,
	MOTOR_DT_U16,
	MOTOR_DT_I32,
	MOTOR_DT_U32,
	MOTOR_DT_I64,
	MOTOR_DT_U64,
	MOTOR_DT_F32,
	MOTOR_DT_F64,
	MOTOR_DT_CHAR16, /* C# char: a UTF-16 code unit, not wchar_t */
	MOTOR_DT_BOOL,   /* C# bool: one byte */
	MOTOR_DT_PREDEFINED
};

/* The two communicators that always exist. */
enum { MOTOR_COMM_WORLD = 0, MOTOR_COMM_SELF = 1 };

/* A status in a fixed layout, mirrored by System.MP.Status (managed/Status.cs). */
typedef struct motor_status {
	int32_t source; /* managed numbering: PROC_NULL is MOTOR_PROC_NULL */
	int32_t tag;
	int32_t error;
	int32_t cancelled;
	int64_t bytes; /* bytes received (or probed) */
} motor_status;

/* An MPI request, opaque above this layer. */
typedef struct motor_req {
	uint64_t opaque;
} motor_req;

/* ---- env.c ---------------------------------------------------------------------------------------- */

/* Initialises MPI (MPI_Init_thread with `required`, a MOTOR_THREAD_* level) unless it already is, sets
 * MPI_ERRORS_RETURN on COMM_WORLD and COMM_SELF, and fills the communicator table.  `provided` receives the
 * thread level (MOTOR_THREAD_*). */
int motor_mpi_init(int *argc, char ***argv, int required, int *provided);
/* Frees every communicator still in the table, then MPI_Finalize.  Idempotent. */
int motor_mpi_finalize(void);
int motor_mpi_initialized(void);
int motor_mpi_finalized(void);
/* The thread level MPI provides, as MOTOR_THREAD_*. */
int motor_mpi_query_thread(int *provided);
double motor_mpi_wtime(void);
double motor_mpi_wtick(void);
/* Writes the processor name, NUL-terminated, into buf (at least MOTOR_MAX_PROCESSOR_NAME bytes). */
#define MOTOR_MAX_PROCESSOR_NAME 256
int motor_mpi_processor_name(char *buf, size_t buflen);
/* MPI_Abort on the communicator (any valid handle; COMM_WORLD if the handle is invalid).  Does not return
 * unless the MPI library does. */
int motor_mpi_abort(int comm, int errorcode);
/* The library's version string (MPI_Get_library_version), for --version and benchmark records. */
const char *motor_mpi_library_version(void);

/* Blocking hooks.  enter() is called just before an MPI call that may wait, leave() just after; `stackdata`
 * is the address of a local in a frame that stays alive from enter to leave, and `cookie` is what enter
 * returned.  The runtime uses them to let the garbage collector run while a thread waits in MPI.  Neither
 * hook may call back into this layer.  NULL hooks (the default) do nothing. */
typedef void *(*motor_block_enter_fn)(void **stackdata);
typedef void (*motor_block_leave_fn)(void *cookie, void **stackdata);
void motor_mpi_set_block_hooks(motor_block_enter_fn enter, motor_block_leave_fn leave);
/* How many times a blocking operation polls before it calls the hooks and waits (default 256;
 * environment variable MOTOR_SPIN overrides it at init). 0 waits at once. */
void motor_mpi_set_spin(int polls);
int motor_mpi_get_spin(void);
/* How many blocking operations had to wait (called the hooks) and how many completed while polling. */
void motor_mpi_block_counts(uint64_t *waited, uint64_t *immediate);

/* ---- errors.c ------------------------------------------------------------------------------------- */

/* The message for a code of either kind, into buf (NUL-terminated, truncated to buflen). */
void motor_mpi_error_string(int code, char *buf, size_t buflen);
/* The MPI error class of a positive code; the code itself for negative (Motor) codes. */
int motor_mpi_error_class(int code);

/* ---- comm.c --------------------------------------------------------------------------------------- */

int motor_mpi_comm_rank(int comm, int *rank);
int motor_mpi_comm_size(int comm, int *size);
/* MPI_Comm_dup (collective); *newcomm receives the new handle. */
int motor_mpi_comm_dup(int comm, int *newcomm);
/* MPI_Comm_free; the handle becomes invalid.  WORLD and SELF give MOTOR_ECOMMFREE. */
int motor_mpi_comm_free(int comm);
int motor_mpi_barrier(int comm);
/* The largest valid tag (the MPI_TAG_UB attribute). */
int motor_mpi_tag_ub(void);

/* ---- datatype.c ----------------------------------------------------------------------------------- */

/* Size in bytes of one element of a datatype handle, or 0 for an invalid handle. */
size_t motor_mpi_type_size(int dt);
/* A handle for a contiguous run of `size` bytes (a blittable struct), created once per size and kept until
 * finalize. */
int motor_mpi_type_bytes(size_t size, int *dt);

/* ---- p2p.c ---------------------------------------------------------------------------------------- */

enum motor_send_mode { MOTOR_SEND_STANDARD = 0, MOTOR_SEND_SYNC = 1 };

/* Blocking sends and receives of `count` elements of datatype `dt` at `buf`.  Ranks and tags are checked
 * against the communicator (MOTOR_ERANK / MOTOR_ETAG) before MPI is called.  A message longer than the
 * receive buffer gives MPI_ERR_TRUNCATE and nothing is written outside the buffer.  `st` may be NULL. */
int motor_mpi_send(const void *buf, int64_t count, int dt, int dest, int tag, int comm, int mode);
int motor_mpi_recv(void *buf, int64_t count, int dt, int source, int tag, int comm, motor_status *st);
int motor_mpi_sendrecv(const void *sbuf, int64_t scount, int sdt, int dest, int stag, void *rbuf, int64_t rcount,
		       int rdt, int source, int rtag, int comm, motor_status *st);
int motor_mpi_probe(int source, int tag, int comm, motor_status *st);
int motor_mpi_iprobe(int source, int tag, int comm, int *flag, motor_status *st);

/* Non-blocking forms.  On success *req is an active request that the caller must complete with
 * motor_mpi_test/wait/waitany (which free it); on failure nothing was posted.  The buffer must stay where it
 * is until then: the caller (gc-hooks/) keeps it pinned or alive. */
int motor_mpi_isend(const void *buf, int64_t count, int dt, int dest, int tag, int comm, int mode, motor_req *req);
int motor_mpi_irecv(void *buf, int64_t count, int dt, int source, int tag, int comm, motor_req *req);

/* ---- request.c ------------------------------------------------------------------------------------ */

/* A request that is not active (never posted, or completed and freed). */
void motor_mpi_req_null(motor_req *req);
int motor_mpi_req_is_null(const motor_req *req);
/* MPI_Test: *flag set on completion, when the request is freed and made null and `st` (may be NULL) filled. */
int motor_mpi_test(motor_req *req, int *flag, motor_status *st);
/* Completes the request: polls, then waits between the blocking hooks.  The request is freed and made null. */
int motor_mpi_wait(motor_req *req, motor_status *st);
/* MPI_Request_get_status: whether the request has completed, without freeing it.  Safe to call from a thread
 * other than the one that owns the request only under MPI_THREAD_MULTIPLE and only when no other thread is
 * completing that request at the same time. */
int motor_mpi_peek(motor_req *req, int *flag);
/* Completes one of `n` requests (null ones are skipped): polls, then waits between the hooks.  *index is the
 * completed one (that request is freed and made null), or -1 when all are null. */
int motor_mpi_waitany(int n, motor_req *reqs, int *index, motor_status *st);
/* MPI_Cancel; the request must still be completed. */
int motor_mpi_cancel(motor_req *req);

/* ---- message.c ------------------------------------------------------------------------------------ */

/* Byte messages for the object-oriented operations: a serialised object graph is one message of any size
 * (MPI-4 large counts; without them, at most INT_MAX bytes, else MPI_ERR_COUNT).  Buffers are native memory
 * owned by the caller; nothing here knows of Mono. */

/* A matched message (MPI_Message), received exactly once by motor_mpi_mrecv_bytes. */
typedef struct motor_msg {
	uint64_t opaque;
} motor_msg;

/* Blocking send of `n` bytes (polls, then waits between the blocking hooks). */
int motor_mpi_send_bytes(const void *buf, int64_t n, int dest, int tag, int comm);
/* Non-blocking send of `n` bytes; `buf` must stay valid until the request completes. */
int motor_mpi_isend_bytes(const void *buf, int64_t n, int dest, int tag, int comm, motor_req *req);
/* Matched probe: waits for a message and removes it from matching, so no other receiver (another thread with
 * the same wildcards) can take it; st->bytes is its size.  From PROC_NULL *msg is the "no process" message,
 * which receives 0 bytes. */
int motor_mpi_mprobe(int source, int tag, int comm, motor_msg *msg, motor_status *st);
/* Non-blocking matched probe: *flag tells whether a message was matched (then as motor_mpi_mprobe). */
int motor_mpi_improbe(int source, int tag, int comm, int *flag, motor_msg *msg, motor_status *st);
/* Receives the matched message into `buf` (`n` bytes, at least its size).  Always consumes the message. */
int motor_mpi_mrecv_bytes(void *buf, int64_t n, motor_msg *msg, motor_status *st);

/* Collectives on bytes, on an intracommunicator; `root` is checked against its size (MOTOR_ERANK). */
int motor_mpi_bcast_bytes(void *buf, int64_t n, int root, int comm);
/* Each rank receives counts[rank] bytes at displs[rank] of the root's sbuf (counts/displs read at root only).
 * rcount must equal this rank's count. */
int motor_mpi_scatterv_bytes(const void *sbuf, const int64_t *counts, const int64_t *displs, void *rbuf,
			     int64_t rcount, int root, int comm);
/* Root receives counts[r] bytes from rank r at displs[r] of rbuf (read at root only); `all` makes it an
 * allgatherv where every rank receives (counts/displs read everywhere). */
int motor_mpi_gatherv_bytes(const void *sbuf, int64_t scount, void *rbuf, const int64_t *counts,
			    const int64_t *displs, int root, int all, int comm);
/* One int64 per rank: scatter (root's `all` to each rank's `mine`), gather (to root's `all`) or allgather
 * (`all` everywhere; root ignored). */
enum { MOTOR_I64_SCATTER, MOTOR_I64_GATHER, MOTOR_I64_ALLGATHER };
int motor_mpi_exchange_i64(int op, int64_t *mine, int64_t *all, int root, int comm);

#ifdef __cplusplus
}
#endif

#endif /* MOTOR_MPI_H */
