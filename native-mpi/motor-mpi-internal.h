/*
 * motor-mpi-internal.h - state shared between the files of native-mpi/.  Never installed, never included
 * outside native-mpi/.
 */
#ifndef MOTOR_MPI_INTERNAL_H
#define MOTOR_MPI_INTERNAL_H

#include <stdatomic.h>
#include <string.h>

#include "motor-mpi.h"
#include "mpi-compat.h"

/* One communicator.  Entries are written under comm.c's lock and read without it: `valid` is published
 * last (release) and read first (acquire), so a reader that sees it set sees the rest. */
struct motor_comm {
	MPI_Comm comm;
	int rank;
	int size;        /* local group size */
	int remote_size; /* remote group size for intercommunicators, else size */
	int inter;       /* an intercommunicator */
	int self_peer;   /* the peer that names this rank itself: its rank, or INT_MIN on an intercommunicator
	                  */
	atomic_int valid;       /* remote_size while the entry is live (motor_mpi__comm_publish), else 0 */
} __attribute__((aligned(32))); /* 32 bytes: an entry of the table is a shift away from its handle */

/* More than MPICH allows (2,048 context ids, see motor_compat_out_of_comms), so that under MPICH it is the
 * library that runs out -- which every rank of a collective constructor learns at the same call.  Open MPI
 * allows 65,534; there this table runs out first, on each rank that holds 4,094 communicators besides
 * COMM_WORLD and COMM_SELF (the same call on every rank when the ranks hold equally many).  Not larger: with
 * Open MPI 4.1 a motor process at 2 ranks corrupted its heap somewhere between 5,000 and 65,000
 * communicators, which a plain C program making as many does not (not yet explained). */
#define MOTOR_MAX_COMMS 4096

/* The table itself (comm.c); read it through motor_mpi__comm.  Hidden, like every global the per-message path
 * reads (and motor_mono_layout, gc-hooks/mono-compat.h): motor exports its symbols, and an exported variable
 * is read through an address loaded first; a hidden one with one PC-relative load. */
extern __attribute__((visibility("hidden"))) struct motor_comm motor_mpi__comms[MOTOR_MAX_COMMS];

/* The entry for a handle, or NULL if the handle is not a live communicator.  Inline: every operation starts
 * here. */
static inline struct motor_comm *motor_mpi__comm(int handle)
{
	if ((unsigned)handle >= MOTOR_MAX_COMMS)
		return NULL;
	struct motor_comm *c = &motor_mpi__comms[handle];
	MOTOR_HOLD_ADDRESS(c);
	return atomic_load_explicit(&c->valid, memory_order_acquire) ? c : NULL;
}
/* The entry for a handle when `peer` is one of its ranks (of the remote group on an intercommunicator), the
 * common case of a point-to-point operation, or NULL: one comparison checks both, as a live entry's `valid`
 * is its number of peers and a free one's 0.  ANY_SOURCE, PROC_NULL and a bad rank give NULL too, for the
 * caller to take motor_mpi__comm's way and check the peer there. */
static inline struct motor_comm *motor_mpi__comm_peer(int handle, int peer)
{
	if ((unsigned)handle >= MOTOR_MAX_COMMS)
		return NULL;
	struct motor_comm *c = &motor_mpi__comms[handle];
	MOTOR_HOLD_ADDRESS(c);
	return (unsigned)peer < (unsigned)atomic_load_explicit(&c->valid, memory_order_acquire) ? c : NULL;
}
/* Makes a filled-in entry live: its `valid` becomes its number of peers (never 0). */
static inline void motor_mpi__comm_publish(struct motor_comm *c)
{
	atomic_store_explicit(&c->valid, c->remote_size, memory_order_release);
}
/* Adds a communicator created by MPI (sets MPI_ERRORS_RETURN on it) and returns its handle in *handle. */
int motor_mpi__comm_add(MPI_Comm comm, int *handle);
/* The end of every communicator constructor: `rc` is the MPI constructor's result and `comm` its new
 * communicator (or MPI_COMM_NULL).  Adds it to the table (freeing it if that fails) or returns the error,
 * with a library out of communicators reported as MOTOR_ECOMMLIMIT. */
int motor_mpi__comm_made(int rc, MPI_Comm comm, int *handle);
/* Fills the table with COMM_WORLD and COMM_SELF (env.c calls it after MPI_Init). */
int motor_mpi__comm_init(void);
/* Frees every communicator in the table and marks every handle invalid (before MPI_Finalize). */
void motor_mpi__comm_fini(void);

/* Groups (group.c): adds a group made by MPI (MPI_GROUP_EMPTY maps to MOTOR_GROUP_EMPTY; on failure the
 * group is freed), looks one up (MPI_GROUP_NULL if the handle is not live), fills and empties the table. */
int motor_mpi__group_add(MPI_Group g, int *handle);
MPI_Group motor_mpi__group(int handle);
void motor_mpi__group_init(void);
void motor_mpi__group_fini(void);
/* MPI_IDENT... as MOTOR_IDENT... */
int motor_mpi__compare_result(int mpi_result);
/* Adds a communicator that may be MPI_COMM_NULL (then *handle is -1 and nothing is added). */
int motor_mpi__comm_add_or_null(MPI_Comm comm, int *handle);

/* info.c: hints packed as "key\0value\0...\0" (NULL or "": none) as a new MPI_Info in *out (for none, an
 * empty one if `always`, else MPI_INFO_NULL): MOTOR_EARG for a key of MPI_MAX_INFO_KEY characters or more or
 * a value of MPI_MAX_INFO_VAL or more (the library would refuse or cut them).  The value of `key` in packed
 * hints, or NULL; whether it is "true".  An MPI_Info's hints packed into buf[cap], and the MPI_Info freed:
 * *len is the bytes they need, and MOTOR_ECOUNT says that is more than cap. */
int motor_mpi__info_make(const char *hints, int always, MPI_Info *out);
const char *motor_mpi__info_find(const char *hints, const char *key);
int motor_mpi__info_true(const char *hints, const char *key);
int motor_mpi__info_pack(MPI_Info info, char *buf, int cap, int *len);
/* FNV-1a, 64 bits, of the string s, continued from h (MOTOR_FNV_BASIS to start): ranks compare paths and
 * hints by it.  Packed hints as a non-negative number that does not depend on their order: the sum of the
 * FNV-1a hashes of each "key\0value" pair (the NUL hashed too, so that "ab" = "c" differs from "a" = "bc").
 */
#define MOTOR_FNV_BASIS 1469598103934665603ull
uint64_t motor_mpi__fnv1a(uint64_t h, const char *s);
int64_t motor_mpi__info_digest(const char *hints);

/* file.c: closes every file still open, in handle order (before the communicators are freed). */
void motor_mpi__file_fini(void);
/* bsend.c: detaches (delivering its messages) and frees a buffer still attached. */
void motor_mpi__bsend_fini(void);
/* Whether a buffer is attached that could hold a buffered message of `bytes` bytes if it were empty.  The
 * libraries differ without it: Open MPI sends a message that fits its eager protocol without any buffer. */
int motor_mpi__bsend_fits(int64_t bytes);

/* spawn.c: a communicator handle was freed (the parent communicator may be gone). */
void motor_mpi__comm_freed(int handle);
/* coll.c: a communicator handle was freed (its cached neighbours go). */
void motor_mpi__coll_comm_freed(int handle);

/* The MPI datatype for a handle, or MPI_DATATYPE_NULL. */
MPI_Datatype motor_mpi__type(int dt);
/* The primitive types' MPI datatypes, from datatype.c's table, for the per-message path (motor_mpi__type_of):
 * an array of the handles alone, indexed with the load's own scale. */
extern __attribute__((visibility("hidden"))) const MPI_Datatype motor_mpi__predefined[MOTOR_DT_PREDEFINED];
/* Whether `dt` is a live handle, and its MPI datatype in *type: motor_mpi__type with a primitive type's
 * handle looked up inline (one comparison and one load). */
static inline int motor_mpi__type_of(int dt, MPI_Datatype *type)
{
	if ((unsigned)dt < MOTOR_DT_PREDEFINED) {
		*type = motor_mpi__predefined[dt];
		return 1;
	}
	return (*type = motor_mpi__type(dt)) != MPI_DATATYPE_NULL;
}
void motor_mpi__type_fini(void);
/* The committed MPI datatype of a layout of `etype` (motor_mpi_file_set_view's shapes; the vector and indexed
 * ones resized so that they repeat as a filetype does).  MOTOR_EARG for anything MPI would refuse. */
int motor_mpi__layout_type(MPI_Datatype etype, const int32_t *shape, int n, MPI_Datatype *out);

/* op.c: the MPI operator for handle `op` applied to datatype handle `dt`, or MOTOR_EOP / MOTOR_EOPTYPE. */
int motor_mpi__op(int op, int dt, MPI_Op *out);
/* Checks every built-in operator of the library on every type it is defined on, and makes an operator of its
 * own for each that is wrong somewhere (op.c; after MPI_Init). */
int motor_mpi__op_init(void);
/* inout[i] = in[i] (op) inout[i], i < n, for built-in operator `op` on predefined datatype `dt`, with MPI's
 * rules (integers wrap): what the library should compute (op.c). */
void motor_mpi__reduce_builtin(int dt, int op, const void *in, void *inout, int64_t n);
/* Whether built-in operator `op` on datatype `dt` is one of Motor's own there (motor_mpi__op_init): such a
 * pair cannot be used where MPI takes only its own operators (one-sided accumulations). */
int motor_mpi__op_replaced(int op, int dt);
/* Frees every user-defined operator still alive (before MPI_Finalize). */
void motor_mpi__op_fini(void);

/* win.c: frees every window still alive, in creation order (before the communicators and MPI_Finalize). */
void motor_mpi__win_fini(void);

/* coll.c: whether collectives use their non-blocking forms (motor_mpi_set_coll_nonblocking). */
extern int motor_mpi__coll_nb;
/* Whether collectives agree on their arguments before moving data (coll.c); MOTOR_COLL_AGREE=0 at init turns
 * it off.  Read-only after init. */
extern int motor_mpi__coll_agree;
/* The ranks of communicator `c` agree whether each accepted its arguments to a collective (motor-mpi.h,
 * agree.c): returns `verdict` where it is not MOTOR_OK, else MOTOR_EPEER(lowest refusing rank) or MOTOR_OK.
 */
int motor_mpi__agree(const struct motor_comm *c, int verdict);
/* The agreement's MPI datatype and operator (agree.c): made after MPI_Init, freed before MPI_Finalize. */
int motor_mpi__agree_init(void);
void motor_mpi__agree_fini(void);

/* Blocking hooks and spin count (env.c). */
extern motor_block_enter_fn motor_mpi__block_enter;
extern motor_block_leave_fn motor_mpi__block_leave;
extern int motor_mpi__spin;
extern __attribute__((visibility("hidden"))) atomic_uint_fast64_t motor_mpi__waited, motor_mpi__immediate;
extern __attribute__((visibility("hidden"))) int motor_mpi__tag_ub;

/* Brackets an MPI call that may wait.  `b` must be a local of the frame that makes the MPI call: the runtime
 * scans the stack up from &b->stackdata while the thread waits. */
struct motor_block {
	void *stackdata;
	void *cookie;
};

/* Rank and tag arguments in managed numbering, checked and mapped to the MPI library's numbering.  A rank of
 * the communicator (a tag up to the bound) is tested first, with one comparison: the special values, which
 * need mapping, come after it. */
static inline int motor_mpi__dest(const struct motor_comm *c, int rank, int *out)
{
	*out = rank;
	if (__builtin_expect((unsigned)rank < (unsigned)c->remote_size, 1)) /* a negative rank fails it */
		return MOTOR_OK;
	if (rank != MOTOR_PROC_NULL)
		return MOTOR_ERANK;
	*out = MPI_PROC_NULL;
	return MOTOR_OK;
}

static inline int motor_mpi__source(const struct motor_comm *c, int rank, int *out)
{
	if (__builtin_expect((unsigned)rank < (unsigned)c->remote_size, 1)) {
		*out = rank;
		return MOTOR_OK;
	}
	if (rank != MOTOR_ANY_SOURCE)
		return motor_mpi__dest(c, rank, out);
	*out = MPI_ANY_SOURCE;
	return MOTOR_OK;
}

static inline int motor_mpi__send_tag(int tag)
{
	return (unsigned)tag > (unsigned)motor_mpi__tag_ub ? MOTOR_ETAG : MOTOR_OK; /* a negative tag too */
}

static inline int motor_mpi__recv_tag(int tag, int *out)
{
	*out = tag;
	if (__builtin_expect((unsigned)tag <= (unsigned)motor_mpi__tag_ub, 1)) /* a negative tag fails it */
		return MOTOR_OK;
	if (tag != MOTOR_ANY_TAG)
		return MOTOR_ETAG;
	*out = MPI_ANY_TAG;
	return MOTOR_OK;
}

static inline void motor_mpi__block_begin(struct motor_block *b)
{
	b->cookie = motor_mpi__block_enter ? motor_mpi__block_enter(&b->stackdata) : NULL;
}

static inline void motor_mpi__block_end(struct motor_block *b)
{
	if (motor_mpi__block_leave)
		motor_mpi__block_leave(b->cookie, &b->stackdata);
	MOTOR_COUNT(&motor_mpi__waited);
}

/* The opaque handles of motor-mpi.h carry an MPI handle in their first bytes (copied, so no aliasing rules
 * are bent; mpi-compat.h checks that it fits): NAME_get and NAME_set read and write one. */
#define MOTOR_MPI__OPAQUE(name, wrapper, handle)                                                             \
	static inline handle name##_get(const wrapper *w)                                                    \
	{                                                                                                    \
		handle h;                                                                                    \
		memcpy(&h, &w->opaque, sizeof h);                                                            \
		return h;                                                                                    \
	}                                                                                                    \
	static inline void name##_set(wrapper *w, handle h)                                                  \
	{                                                                                                    \
		uint64_t v = 0; /* built in a register, then one store */                                    \
		memcpy(&v, &h, sizeof h);                                                                    \
		w->opaque = v;                                                                               \
	}

MOTOR_MPI__OPAQUE(motor_mpi__req, motor_req, MPI_Request)
MOTOR_MPI__OPAQUE(motor_mpi__msg, motor_msg, MPI_Message)

/* icoll.c: a request of a non-blocking collective whose agreement may still be running is held in a motor_req
 * as a pointer to its record with the top bit set (no MPI_Request of MPICH, an int, or of Open MPI, a pointer
 * into user space, has it).  Whoever completes the motor_req resolves it first: */
struct motor_staged;
#define MOTOR_MPI__STAGED_BIT (UINT64_C(1) << 63)
static inline int motor_mpi__is_staged(const motor_req *r)
{
	return (r->opaque & MOTOR_MPI__STAGED_BIT) != 0;
}
enum { MOTOR_STAGED_AGREEING, MOTOR_STAGED_POSTED, MOTOR_STAGED_ENDED };
/* MOTOR_STAGED_AGREEING: the agreement has not completed (or an earlier collective of the communicator has
 * not started).  MOTOR_STAGED_POSTED: the data collective runs: complete *motor_mpi__staged_data(req) as any
 * request, then call motor_mpi__staged_done.  MOTOR_STAGED_ENDED: the collective ended with its agreement
 * (*rc: the agreed error, the error that kept it from starting, or MOTOR_OK when the agreement carried it
 * out); *req is null now. */
int motor_mpi__staged_resolve(motor_req *req, int *rc);
MPI_Request *motor_mpi__staged_data(motor_req *req);
/* The data collective of a MOTOR_STAGED_POSTED request has completed: drops the record, *req becomes null. */
void motor_mpi__staged_done(motor_req *req);
/* Collectives whose agreement is still running, on all communicators: while there are any, every wait of this
 * layer polls and calls motor_mpi__staged_progress_slow instead of blocking in the MPI library, so that a
 * rank waiting for anything still starts the data collectives the other ranks wait for. */
extern __attribute__((visibility("hidden"))) atomic_int motor_mpi__staged_pending;
/* Tests the agreements at the head of every communicator's queue and starts the collectives agreed on, unless
 * another thread is doing so.  Callers check motor_mpi__staged_pending first. */
void motor_mpi__staged_progress_slow(void);
/* Whether a wait must poll instead of blocking in the MPI library: collectives agreeing (above), or object
 * receives waiting unmatched beyond this thread's own (motor_mpi_set_unmatched). */
int motor_mpi__polling(void);
/* One round of such a poll, between the blocking hooks `b` holds: starts the agreed collectives, and calls
 * the runtime's poll hook with the hooks left for the call. */
void motor_mpi__poll_round(struct motor_block *b);
/* A communicator is being freed (comm.c): its queued collectives are started (their agreements complete,
 * since every rank posted them before the collective free) and its shadow is freed. */
void motor_mpi__staged_comm_freed(int handle);
/* Before MPI_Finalize: the same for every communicator, bounded in time. */
void motor_mpi__staged_fini(void);

/* request.c: polls `n` requests until all are complete, at most motor_mpi__spin times, then waits for them
 * between the blocking hooks.  Completed requests become MPI_REQUEST_NULL.  `st` (may be NULL) receives n
 * statuses.  Returns the first error. */
int motor_mpi__complete(MPI_Request *reqs, int n, motor_status *st);
/* Converts an MPI_Status into a motor_status (managed numbering for the source). */
void motor_mpi__status_from(const MPI_Status *in, motor_status *st);

#endif /* MOTOR_MPI_INTERNAL_H */
