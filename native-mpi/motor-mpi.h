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
 * number of times; only when it is still incomplete do they call the blocking hooks
 * (motor_mpi_set_block_hooks) around the MPI call that waits.  Most operations on small messages complete
 * during the poll and never call the hooks.
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

/* For the per-message paths of this layer and of gc-hooks/: holds the address `p` of a table entry in a
 * register once computed.  Under register pressure GCC otherwise recomputes it from the entry's index at each
 * use (a shift and an add each time); the empty asm only hides how `p` was derived -- and so that it is not
 * NULL, which the second statement tells again (else every caller that tests for a NULL entry tests `p`). */
#define MOTOR_HOLD_ADDRESS(p)                                                                                \
	do {                                                                                                 \
		__asm__("" : "+r"(p));                                                                       \
		if (!(p))                                                                                    \
			__builtin_unreachable();                                                             \
	} while (0)

/* Statistics on the per-message paths of this layer and of gc-hooks/: adds one to the counter `c` (an
 * atomic_uint_fast64_t *, read elsewhere with atomic loads) without a lock -- one unlocked `inc` on x86-64, a
 * relaxed load and store elsewhere -- so that counting costs next to nothing; increments can be lost when
 * threads race. */
#if defined(__x86_64__)
#define MOTOR_COUNT(c) __asm__("incq %0" : "+m"(*(uint64_t *)(c)))
#else
#define MOTOR_COUNT(c)                                                                                       \
	atomic_store_explicit((c), atomic_load_explicit((c), memory_order_relaxed) + 1, memory_order_relaxed)
#endif

/* Error codes of this layer.  Positive codes are the MPI library's.  The negative ones, their messages and
 * the exceptions managed code raises for them are listed once, in errors.def (adding a code is one line
 * there). MOTOR_EPEER(r): rank r of the communicator refused its arguments to the same collective, so no rank
 * moved any data (coll.c); codes at or below MOTOR_EPEER_BASE, the rank is MOTOR_EPEER_BASE - code.
 * MOTOR_EPEER_REMOTE(r): on an intercommunicator, rank r of the remote group refused; codes at or below
 * MOTOR_EPEER_REMOTE_BASE. */
enum {
	MOTOR_OK = 0,
#define MOTOR_ERROR(name, value, kind, message) MOTOR_##name = (value),
#define MOTOR_ERROR_BASE(name, value) MOTOR_##name = (value),
#include "errors.def"
};
#define MOTOR_EPEER(rank) (MOTOR_EPEER_BASE - (rank))
#define MOTOR_EPEER_REMOTE(rank) (MOTOR_EPEER_REMOTE_BASE - (rank))

/* Managed-side constants.  They are fixed here (and in managed/MPI.cs) and mapped to the MPI library's. */
enum {
	MOTOR_ANY_SOURCE = -1,
	MOTOR_ANY_TAG = -1,
	MOTOR_PROC_NULL = -2,
	MOTOR_ROOT = -3, /* the root of a collective on an intercommunicator, in the root's own group */
	MOTOR_UNDEFINED = -32766,
};

/* Thread support levels, in managed numbering (System.MP.MPI.THREAD_*). */
enum {
	MOTOR_THREAD_SINGLE = 0,
	MOTOR_THREAD_FUNNELED = 1,
	MOTOR_THREAD_SERIALIZED = 2,
	MOTOR_THREAD_MULTIPLE = 3
};

/* Predefined element datatypes: one per managed primitive type, listed in datatypes.def.  Handles >=
 * MOTOR_DT_PREDEFINED are contiguous runs of bytes made by motor_mpi_type_bytes() for blittable structs;
 * handles from MOTOR_DT_LAYOUT up are layouts (motor_mpi_layout_make). */
enum motor_dt {
#define MOTOR_DT(name, mono, mpi, size, group) MOTOR_DT_##name,
#include "datatypes.def"
	MOTOR_DT_PREDEFINED
};
/* Layout handles fit in 16 bits, as a request slot keeps them (gc-hooks/req-internal.h). */
enum { MOTOR_DT_LAYOUT = 16384, MOTOR_MAX_LAYOUTS = 4096 };

/* Results of comparing groups or communicators (System.MP.MPI.IDENT...). */
enum { MOTOR_IDENT = 0, MOTOR_CONGRUENT = 1, MOTOR_SIMILAR = 2, MOTOR_UNEQUAL = 3 };

/* The group that always exists, and the set operations of motor_mpi_group_combine. */
enum { MOTOR_GROUP_EMPTY = 0 };
enum { MOTOR_GROUP_UNION = 0, MOTOR_GROUP_INTERSECTION = 1, MOTOR_GROUP_DIFFERENCE = 2 };

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
/* Whether the calling thread is the one that initialised MPI (MPI_Is_thread_main), in *flag. */
int motor_mpi_is_thread_main(int *flag);
/* The version of the MPI standard the library implements (MPI_Get_version): callable at any time. */
void motor_mpi_get_version(int *version, int *subversion);
/* Seconds of CLOCK_MONOTONIC, and its resolution: one clock under every MPI library, callable at any time. */
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
/* The progress gate.  A non-blocking collective's data stage is started, while the program calls nothing
 * that would start it, by a thread of this layer (icoll.c) that calls MPI_Test -- and MPI may run a
 * user-defined operator, managed code, inside any MPI call.  That thread calls MPI only between enter() and
 * leave(), and only when enter() returned nonzero: the runtime refuses while managed code may run inside MPI.
 * With no gate (the default) the thread is never started. */
void motor_mpi_set_progress_gate(int (*enter)(void), void (*leave)(void));
/* Object receives waiting unmatched, which only the runtime's managed code can test (ORequest): while there
 * are more than the calling thread's own wait is for (motor_mpi_poll_exempt), every wait of this layer that
 * would block polls instead and calls `hook` between its tests, outside the blocking hooks, so that the
 * runtime tests them: a peer may wait in a send for one of them.  motor_mpi_set_unmatched sets their number;
 * motor_mpi_poll_exempt(1) marks a thread that is waiting for one of them itself, until it passes 0. */
void motor_mpi_set_poll_hook(void (*hook)(void));
void motor_mpi_set_unmatched(int n);
int motor_mpi_unmatched(void);
void motor_mpi_poll_exempt(int exempt);
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
/* The MPI library's MPI_ERR_TRUNCATE: the class of a receive whose message is longer than its buffer. */
int motor_mpi_truncate_class(void);
/* For an error class of MPI's that names a bad argument (MPI_ERR_BUFFER, _COUNT, _TYPE, _TAG, _COMM, _RANK,
 * _REQUEST, _ROOT, _GROUP, _OP, _TOPOLOGY, _DIMS, _ARG, _FILE, _WIN): the argument's name ("" for
 * MPI_ERR_ARG); NULL for any other class. */
const char *motor_mpi_argument_name(int cls);

/* ---- comm.c --------------------------------------------------------------------------------------- */

int motor_mpi_comm_rank(int comm, int *rank);
/* Whether a send to `peer` (recv == 0) or a receive from `peer` (recv == 1) on `comm` may be a message of
 * this rank to itself: the peer is this rank, or a receive from ANY_SOURCE, on an intracommunicator.  0 for
 * an invalid communicator (the operation itself reports that). */
int motor_mpi_peer_may_be_self(int comm, int peer, int recv);
int motor_mpi_comm_size(int comm, int *size);
/* MPI_Comm_dup (collective); *newcomm receives the new handle. */
int motor_mpi_comm_dup(int comm, int *newcomm);
/* MPI_Comm_free; the handle becomes invalid.  WORLD and SELF give MOTOR_ECOMMFREE. */
int motor_mpi_comm_free(int comm);
int motor_mpi_barrier(int comm);
/* Communicator constructors.  Each is collective over the communicator and runs between the blocking hooks.
 * *newcomm receives the new handle, or -1 where MPI gives this rank MPI_COMM_NULL (Split with colour
 * MOTOR_UNDEFINED, Create with a group this rank is not in). */
int motor_mpi_comm_split(int comm, int color, int key, int *newcomm);
int motor_mpi_comm_create(int comm, int group, int *newcomm);
/* MPI_Comm_create_group: collective over the members of `group` only (no agreement is possible before it: a
 * rank cannot reach the others when its group is gone).  A rank outside the group gets -1 without calling
 * MPI; MOTOR_ESUBGROUP when the group is not a subgroup of the communicator's, MOTOR_ETAG for a tag outside
 * 0..TAG_UB: both the same on every member that passed the same group and tag, as MPI requires. */
int motor_mpi_comm_create_group(int comm, int group, int tag, int *newcomm);
/* peer and remote_leader are read only at the local leader. */
int motor_mpi_intercomm_create(int local, int local_leader, int peer, int remote_leader, int tag,
                               int *newcomm);
int motor_mpi_intercomm_merge(int comm, int high, int *newcomm);
/* MPI_Comm_compare: *result is MOTOR_IDENT, _CONGRUENT, _SIMILAR or _UNEQUAL. */
int motor_mpi_comm_compare(int comm1, int comm2, int *result);
/* The local group (remote = 0) or an intercommunicator's remote group, as a new group handle. */
int motor_mpi_comm_group(int comm, int remote, int *group);
/* Whether the communicator is an intercommunicator, and its remote group's size (else its size). */
int motor_mpi_comm_kind(int comm, int *inter, int *remote_size);
/* Whether an MPI_Comm_idup may still be pending on a communicator when a non-blocking collective is posted on
 * it (1), or the library needs the idup completed first (0: Open MPI 4.1; mpi-compat.h). */
int motor_mpi_idup_overlaps_nbc(void);
/* The largest valid tag (the MPI_TAG_UB attribute). */
int motor_mpi_tag_ub(void);

/* ---- group.c -------------------------------------------------------------------------------------- */

/* Groups are handles like communicators; every function returns MOTOR_EGROUP for a handle that is not live.
 * New groups are new handles the caller frees with motor_mpi_group_free (freeing MOTOR_GROUP_EMPTY does
 * nothing); the table frees the rest at finalize. */
int motor_mpi_group_free(int group);
int motor_mpi_group_size(int group, int *size);
/* This process's rank in the group, or MOTOR_UNDEFINED. */
int motor_mpi_group_rank(int group, int *rank);
/* MPI_Group_incl (exclude = 0) or MPI_Group_excl: ranks must be distinct and in the group. */
int motor_mpi_group_incl(int group, const int32_t *ranks, int n, int exclude, int *newgroup);
/* Union, intersection or difference (MOTOR_GROUP_*). */
int motor_mpi_group_combine(int g1, int g2, int how, int *newgroup);
/* The ranks in g2 of n ranks of g1 (MOTOR_UNDEFINED where absent; MOTOR_PROC_NULL maps to itself). */
int motor_mpi_group_translate(int g1, const int32_t *ranks, int n, int g2, int32_t *out);
int motor_mpi_group_compare(int g1, int g2, int *result);

/* ---- topo.c --------------------------------------------------------------------------------------- */

/* MPI_Cart_create over `comm` (collective): *newcomm is -1 on ranks outside the grid.  dims[i] > 0 and the
 * grid no larger than the communicator, else MOTOR_EDIMS. */
int motor_mpi_cart_create(int comm, int ndims, const int32_t *dims, const int32_t *periods, int reorder,
                          int *newcomm);
/* The grid of a Cartesian communicator: *ndims, and (maxdims >= *ndims) dims/periods/this rank's coords;
 * maxdims = 0 asks only for *ndims. */
int motor_mpi_cart_get(int comm, int maxdims, int32_t *dims, int32_t *periods, int32_t *coords, int *ndims);
/* The coordinates of `rank` (maxdims must equal the number of dimensions). */
int motor_mpi_cart_coords(int comm, int rank, int maxdims, int32_t *coords);
/* The rank at `coords` (n = number of dimensions); periodic dimensions wrap, others give MOTOR_ECOORDS. */
int motor_mpi_cart_rank(int comm, int n, const int32_t *coords, int *rank);
/* Source and destination ranks for a shift (MOTOR_PROC_NULL off the edge of a non-periodic dimension). */
int motor_mpi_cart_shift(int comm, int direction, int disp, int *source, int *dest);
/* MPI_Dims_create: fills the zero entries of dims so that their product is nnodes. */
int motor_mpi_dims_create(int nnodes, int ndims, int32_t *dims);
/* MPI_Cart_sub (collective): remain has one entry per dimension (else MOTOR_EDIMS), the same on every rank
 * (else MOTOR_EMISMATCH on every rank). */
int motor_mpi_cart_sub(int comm, int n, const int32_t *remain, int *newcomm);

/* MPI_Graph_create over `comm` (collective): nnodes <= size, index non-decreasing from >= 0, nedges =
 * index[nnodes-1], every edge in [0, nnodes), else MOTOR_EGRAPH; the same graph on every rank, else
 * MOTOR_EMISMATCH on every rank.  *newcomm is -1 on ranks beyond nnodes (and everywhere for nnodes = 0). */
int motor_mpi_graph_create(int comm, int nnodes, const int32_t *index, int nedges, const int32_t *edges,
                           int reorder, int *newcomm);
/* The graph of a graph communicator (MOTOR_ETOPO for any other): *nnodes and *nedges, and when maxindex and
 * maxedges are not both 0 (then they must equal them, else MOTOR_ECOUNT) index and edges. */
int motor_mpi_graph_get(int comm, int maxindex, int maxedges, int32_t *index, int32_t *edges, int *nnodes,
                        int *nedges);
/* The neighbours of `rank` in a graph communicator: *count, and with max = *count the neighbours. */
int motor_mpi_graph_neighbors(int comm, int rank, int max, int32_t *neighbors, int *count);
/* MPI_Dist_graph_create_adjacent (collective): ranks in the communicator, weights >= 0 (else MOTOR_EGRAPH);
 * sweights and dweights both NULL (unweighted) or both given (else MOTOR_EARG).  The edges are checked across
 * ranks (one MPI_Alltoall): a rank that names as sources other ranks than those naming it as a destination,
 * or whose weightedness differs from another's, refuses with MOTOR_EMISMATCH.  Every rank gets a
 * communicator. */
int motor_mpi_dist_graph_create_adjacent(int comm, int indeg, const int32_t *sources, const int32_t *sweights,
                                         int outdeg, const int32_t *dests, const int32_t *dweights,
                                         int reorder, int *newcomm);
/* This rank's edges in a distributed-graph communicator: *indeg, *outdeg, *weighted; unless sources and dests
 * are NULL (and maxin, maxout 0), the arrays, which must hold exactly *indeg and *outdeg entries (weights may
 * be NULL; given for an unweighted graph: MOTOR_ECOUNT). */
int motor_mpi_dist_graph_neighbors(int comm, int maxin, int32_t *sources, int32_t *sweights, int maxout,
                                   int32_t *dests, int32_t *dweights, int *indeg, int *outdeg, int *weighted);
/* The number of neighbours a rank receives from and sends to in the neighbour collectives, for a Cartesian
 * (2 per dimension, PROC_NULL ones included), graph or distributed-graph communicator; MOTOR_ETOPO for one
 * without a topology. */
int motor_mpi_topo_degrees(int comm, int *indeg, int *outdeg);

/* ---- spawn.c -------------------------------------------------------------------------------------- */

/* MPI_Comm_spawn (collective over comm): starts maxprocs copies of `command` with `argv` (NULL-terminated;
 * read only at root), *intercomm receives the intercommunicator to them.  errcodes (maxprocs entries, root
 * only, may be NULL) receives one code per process. */
int motor_mpi_comm_spawn(const char *command, char **argv, int maxprocs, int root, int comm, int *intercomm,
                         int32_t *errcodes);
/* The intercommunicator to the parent job, or -1 when this job was not spawned (or the program freed it). */
int motor_mpi_comm_get_parent(int *parent);

/* ---- datatype.c ----------------------------------------------------------------------------------- */

/* Size in bytes of one element of a datatype handle, or 0 for an invalid handle.  For a layout, the bytes it
 * spans from its first element to one past its last: what range checks need. */
size_t motor_mpi_type_size(int dt);
/* A layout: the elements of element type `elem` that `shape` (n ints, as motor_mpi_file_set_view's) selects
 * from a buffer, as a datatype handle in *dt that the point-to-point operations take with count 1.
 * MOTOR_EARG for a shape MPI would refuse, MOTOR_ENOMEM when MOTOR_MAX_LAYOUTS are alive.  Its owner frees it
 * (motor_mpi_layout_free; operations in flight may still use it). */
int motor_mpi_layout_make(int elem, const int32_t *shape, int n, int *dt);
void motor_mpi_layout_free(int dt);
/* Whether dt is a live layout, with its element type, the bytes it spans and the elements it selects. */
int motor_mpi_layout_info(int dt, int *elem, size_t *span, int64_t *n);
/* Whether two buffers whose byte ranges meet (so in one array, of one element type) share an element: `count`
 * elements of element type dt from `a`, or the layout dt from `a` (count 1).  Only a layout's span has gaps
 * another buffer may fill (a column of a matrix beside the next one), so without a layout this is 1; with one
 * the two buffers' runs of elements are walked in order.  1 for a layout handle that is not live. */
int motor_mpi_elements_meet(const void *a, int64_t count_a, int dt_a, const void *b, int64_t count_b,
                            int dt_b);
/* A handle for a contiguous run of `size` bytes (a blittable struct), created once per size and kept until
 * finalize. */
int motor_mpi_type_bytes(size_t size, int *dt);

/* ---- p2p.c ---------------------------------------------------------------------------------------- */

/* MPI's send modes: MPI_Send/Isend, MPI_Ssend/Issend, MPI_Bsend/Ibsend, MPI_Rsend/Irsend.  Another value is
 * MOTOR_EARG. */
enum motor_send_mode {
	MOTOR_SEND_STANDARD = 0,
	MOTOR_SEND_SYNC = 1,
	MOTOR_SEND_BUFFERED = 2,
	MOTOR_SEND_READY = 3
};

/* Blocking sends and receives of `count` elements of datatype `dt` at `buf`.  Ranks and tags are checked
 * against the communicator (MOTOR_ERANK / MOTOR_ETAG) before MPI is called.  A message longer than the
 * receive buffer gives MPI_ERR_TRUNCATE and nothing is written outside the buffer.  `st` may be NULL. */
int motor_mpi_send(const void *buf, int64_t count, int dt, int dest, int tag, int comm, int mode);
int motor_mpi_recv(void *buf, int64_t count, int dt, int source, int tag, int comm, motor_status *st);
int motor_mpi_sendrecv(const void *sbuf, int64_t scount, int sdt, int dest, int stag, void *rbuf,
                       int64_t rcount, int rdt, int source, int rtag, int comm, motor_status *st);
int motor_mpi_probe(int source, int tag, int comm, motor_status *st);
int motor_mpi_iprobe(int source, int tag, int comm, int *flag, motor_status *st);

/* Non-blocking forms.  On success *req is an active request that the caller must complete with
 * motor_mpi_test/wait/waitany (which free it), and *to_self tells whether it may be a message of this rank
 * to itself (as motor_mpi_peer_may_be_self would, without looking the communicator up again) -- for
 * motor_mpi_irecv MOTOR_TO_PROC_NULL when the source is PROC_NULL, whose status the caller fills in; on
 * failure nothing was posted.  The buffer must stay where it is until then: the caller (gc-hooks/) keeps it
 * pinned or alive. */
#define MOTOR_TO_PROC_NULL 2
int motor_mpi_isend(const void *buf, int64_t count, int dt, int dest, int tag, int comm, int mode,
                    motor_req *req, int *to_self);
int motor_mpi_irecv(void *buf, int64_t count, int dt, int source, int tag, int comm, motor_req *req,
                    int *to_self);
/* motor_mpi_irecv between the blocking hooks (motor_mpi_set_block_hooks), for a thread that may call MPI only
 * GC-safe; not counted as a wait. */
int motor_mpi_irecv_hooked(void *buf, int64_t count, int dt, int source, int tag, int comm, motor_req *req,
                           int *to_self);

/* ---- bsend.c -------------------------------------------------------------------------------------- */

/* The buffer of buffered-mode sends: `size` bytes Motor allocates (MOTOR_ECOUNT outside 0..INT_MAX,
 * MOTOR_EBUFATTACHED if one is attached).  Detach waits (between the blocking hooks) until its messages have
 * gone, frees it and gives its size; with none attached it gives 0. */
int motor_mpi_buffer_attach(int64_t size);
int motor_mpi_buffer_detach(int64_t *size);
/* MPI_BSEND_OVERHEAD: the bytes of the buffer each buffered message needs beyond its data. */
int motor_mpi_bsend_overhead(void);

/* ---- request.c ------------------------------------------------------------------------------------ */

/* MPI_Test: *flag set on completion, when the request is freed and made null and `st` (may be NULL) filled.
 */
int motor_mpi_test(motor_req *req, int *flag, motor_status *st);
/* motor_mpi_test for a request whose holder lets go of it once it has completed (a request slot, freed next):
 * *req is not made null then, and must not be used again. */
int motor_mpi_test_slot(motor_req *req, int *flag, motor_status *st);
/* Completes the request: polls, then waits between the blocking hooks.  The request is freed and made null.
 */
int motor_mpi_wait(motor_req *req, motor_status *st);
/* motor_mpi_wait's first test alone: *done 1 if the operation has completed (the MPI request freed, counted
 * as completed at once, its status in *st unless st is NULL; *req then still holds the freed handle, which
 * the caller must not use again -- the request slot is freed next), else 0 and nothing happened (a staged
 * collective is never tested here).  Then motor_mpi_wait completes it. */
int motor_mpi_wait_try(motor_req *req, motor_status *st, int *done);
/* For a request just posted: whether the library already finished it during the call, learnt without an MPI
 * call (an eager send copied out at once, in MPICH).  If so (returns 1) the request is made null and `st`
 * gets the status MPI gives a completed send (all zero); 0 means "not known", and the request must be
 * completed as usual. */
int motor_mpi_done_at_post(motor_req *req, motor_status *st);
/* Completes one of `n` requests (null ones are skipped): polls, then waits between the hooks.  *index is the
 * completed one (that request is freed and made null), or -1 when all are null. */
int motor_mpi_waitany(int n, motor_req *reqs, int *index, motor_status *st);
/* MPI_Cancel; the request must still be completed. */
int motor_mpi_cancel(motor_req *req);

/* ---- op.c ----------------------------------------------------------------------------------------- */

/* Reduction operators.  Handles below MOTOR_OP_PREDEFINED are MPI's built-in operators; handles from
 * MOTOR_OP_PREDEFINED up are user-defined operators made by motor_mpi_op_create. */
enum motor_op {
	MOTOR_OP_SUM,
	MOTOR_OP_PROD,
	MOTOR_OP_MIN,
	MOTOR_OP_MAX,
	MOTOR_OP_LAND,
	MOTOR_OP_LOR,
	MOTOR_OP_LXOR,
	MOTOR_OP_BAND,
	MOTOR_OP_BOR,
	MOTOR_OP_BXOR,
	MOTOR_OP_PREDEFINED
};

/* The function behind a user-defined operator: inoutvec[i] = invec[i] op inoutvec[i] for i < len, where the
 * elements have the datatype the operator was created for.  `ctx` is the value given to motor_mpi_op_create.
 * The MPI library calls it from inside a reduction, on the thread that called the collective or on any other
 * thread, possibly between the blocking hooks.  It must not call back into this layer and must return
 * normally (it cannot report an error to MPI). */
typedef void (*motor_op_fn)(void *ctx, void *invec, void *inoutvec, int32_t len);

/* Whether operator `op` may reduce elements of datatype `dt`: MOTOR_OK, MOTOR_EOPTYPE (MPI does not define a
 * built-in operator on that type, or a user operator was made for another datatype) or MOTOR_EOP. */
int motor_mpi_op_check(int op, int dt);
/* Creates a user-defined operator on elements of datatype `dt` (commute: whether the function is
 * commutative).  Each operator gets its own C entry point (a libffi closure) that calls fn(ctx, ...), so
 * there is no limit on how many exist at once.  *op receives the handle.  The caller keeps whatever ctx names
 * alive until motor_mpi_op_free. */
int motor_mpi_op_create(motor_op_fn fn, void *ctx, int dt, int commute, int *op);
/* Frees a user-defined operator (MPI_Op_free and its entry point); built-in ones give MOTOR_EOP.  No
 * collective may be using it.  Operators still alive at finalize are freed then. */
int motor_mpi_op_free(int op);
/* MPI_Reduce_local: inout[i] = in[i] op inout[i] for `count` elements, on this thread, no communication. */
int motor_mpi_reduce_local(const void *in, void *inout, int64_t count, int dt, int op);
/* The same, run on a new thread while this one waits between the blocking hooks (a test of operators called
 * from threads the runtime has never seen). */
int motor_mpi_reduce_local_on_new_thread(const void *in, void *inout, int64_t count, int dt, int op);

/* ---- coll.c --------------------------------------------------------------------------------------- */

/* Collective operations on a communicator, `count`s in elements of `dt`.  Roots are checked (MOTOR_ERANK),
 * operators against the datatype (motor_mpi_op_check); buffer sizes are the caller's to check.  A buffer
 * argument of MOTOR_IN_PLACE is MPI_IN_PLACE; buffers that MPI ignores on a rank may be NULL.  Each waits,
 * if it must, between the blocking hooks; a user-defined operator may be called while it does.
 *
 * Agreement.  Before any data moves, the ranks of a communicator with more than one rank agree on whether
 * every one of them accepted its arguments (one MPI_Allreduce of an int).  If one refused, no rank calls the
 * collective: the refusing ranks return their own code and the others MOTOR_EPEER(lowest refusing rank).  So
 * a check that only some ranks can make (a root's buffer, a count vector) never strands or corrupts the
 * others, and the communicator's next collective is correct.  A caller that refuses before it gets here must
 * take its part in the agreement with motor_mpi_coll_refuse (motor_mpi_icoll_refuse for a non-blocking
 * collective), exactly once per collective.  Only an invalid
 * communicator (MOTOR_ECOMM) returns without agreeing.  MOTOR_COLL_AGREE=0 in the environment of every rank
 * turns the agreement off at init: each rank then refuses alone, as a C program's MPI calls would, and the
 * others may wait for it forever. */
int motor_mpi_coll_refuse(int comm, int code);
/* The agreement of an object collective (runtime-ext/icall-object.c), whose data move by exchanges of their
 * own: this rank's verdict with which collective it is and its root (0 for those without one), so that a root
 * that differs between the ranks of an intracommunicator, or another object collective on some of them, is
 * MOTOR_EMISMATCH on every rank instead of a hang or another rank's data.  On an intercommunicator, where the
 * roots differ by design (MOTOR_ROOT, MOTOR_PROC_NULL, a remote rank), the verdicts alone are agreed on, as
 * by motor_mpi_coll_refuse. */
enum motor_ocoll_kind {
	MOTOR_OCOLL_BCAST,
	MOTOR_OCOLL_SCATTER,
	MOTOR_OCOLL_GATHER,
	MOTOR_OCOLL_ALLGATHER,
	MOTOR_OCOLL_ALLTOALL
};
int motor_mpi_coll_agree_object(int comm, enum motor_ocoll_kind kind, int root, int verdict);
#define MOTOR_IN_PLACE ((void *)(uintptr_t)1)

/* Intercommunicators.  A collective's root is MOTOR_ROOT at the root, MOTOR_PROC_NULL on the other ranks of
 * its group, and the root's rank in the remote group on the other group; whole buffers hold a block per rank
 * of the remote group.  MOTOR_IN_PLACE is not allowed (MPI has no in-place form there).  The agreement spans
 * both groups: a rank learns the lowest refusing rank of its own group (MOTOR_EPEER) or, if its group
 * accepted, of the remote group (MOTOR_EPEER_REMOTE). */
struct motor_coll_shape {
	int rank;   /* this rank in its (local) group */
	int size;   /* the local group's size */
	int blocks; /* blocks in a whole buffer: the remote group's size on an intercommunicator, else size */
	int inter;  /* an intercommunicator */
};
enum { MOTOR_ROLE_ROOT, MOTOR_ROLE_LEAF, MOTOR_ROLE_IDLE };
int motor_mpi_coll_shape(int comm, struct motor_coll_shape *s);
/* The part this rank plays in a collective rooted at `root`: MOTOR_ROLE_ROOT (it sends or receives the whole;
 * on an intracommunicator it also has a block of its own), MOTOR_ROLE_LEAF (it sends or receives one block),
 * MOTOR_ROLE_IDLE (intercommunicator, the root's group but not the root: MPI reads no buffer), or
 * MOTOR_ERANK. */
int motor_mpi_coll_role(const struct motor_coll_shape *s, int root);

int motor_mpi_bcast(void *buf, int64_t count, int dt, int root, int comm);
int motor_mpi_scatter(const void *sbuf, void *rbuf, int64_t count, int dt, int root, int comm);
int motor_mpi_gather(const void *sbuf, void *rbuf, int64_t count, int dt, int root, int comm);
int motor_mpi_allgather(const void *sbuf, void *rbuf, int64_t count, int dt, int comm);
int motor_mpi_alltoall(const void *sbuf, void *rbuf, int64_t count, int dt, int comm);
/* The v-forms: counts and displs hold one entry per rank (at the root only for scatterv/gatherv). */
int motor_mpi_scatterv(const void *sbuf, const int32_t *counts, const int32_t *displs, void *rbuf,
                       int64_t rcount, int dt, int root, int comm);
int motor_mpi_gatherv(const void *sbuf, int64_t scount, void *rbuf, const int32_t *counts,
                      const int32_t *displs, int dt, int root, int comm);
int motor_mpi_allgatherv(const void *sbuf, int64_t scount, void *rbuf, const int32_t *counts,
                         const int32_t *displs, int dt, int comm);
int motor_mpi_alltoallv(const void *sbuf, const int32_t *scounts, const int32_t *sdispls, void *rbuf,
                        const int32_t *rcounts, const int32_t *rdispls, int dt, int comm);
int motor_mpi_reduce(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int root, int comm);
int motor_mpi_allreduce(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int comm);
int motor_mpi_scan(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int comm);
int motor_mpi_exscan(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int comm);
/* `count` is the number of elements each rank receives. */
int motor_mpi_reduce_scatter_block(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int comm);
/* Rank r receives counts[r] elements (one entry per rank of the local group; the caller checks them). */
int motor_mpi_reduce_scatter(const void *sbuf, void *rbuf, const int32_t *counts, int dt, int op, int comm);

/* Neighbour collectives (MPI_Neighbor_*): `count` elements per block, a block per in-neighbour in rbuf and
 * (for alltoall) per out-neighbour in sbuf; the v-forms' scounts/sdispls have one entry per out-neighbour,
 * rcounts/rdispls one per in-neighbour.  No in-place form. */
int motor_mpi_neighbor_allgather(const void *sbuf, void *rbuf, int64_t count, int dt, int comm);
int motor_mpi_neighbor_alltoall(const void *sbuf, void *rbuf, int64_t count, int dt, int comm);
int motor_mpi_neighbor_allgatherv(const void *sbuf, int64_t scount, void *rbuf, const int32_t *rcounts,
                                  const int32_t *rdispls, int dt, int comm);
int motor_mpi_neighbor_alltoallv(const void *sbuf, const int32_t *scounts, const int32_t *sdispls, void *rbuf,
                                 const int32_t *rcounts, const int32_t *rdispls, int dt, int comm);

/* Non-blocking collectives (MPI_Ibcast, ...).  One description serves every kind; its fields mean what the
 * arguments of the blocking function of the same kind mean (count: as there; root -1 and op -1 where the kind
 * has none; the v-forms' arrays, which must stay valid and unchanged until the request completes).  `verdict`
 * is this rank's own check of its arguments (MOTOR_OK or the refusal).  The agreement of the blocking forms
 * is made too, without blocking the post (icoll.c): it is started here, and the data collective when it has
 * completed.  A refusing rank gets its code back at once (nothing of its own is posted but its part of the
 * agreement); the others get an active *req, which completes with MOTOR_EPEER(lowest refusing rank) and
 * moves no data.  *req is for motor_mpi_test/wait/waitany. */
enum motor_coll_kind {
	MOTOR_COLL_BCAST,
	MOTOR_COLL_SCATTER,
	MOTOR_COLL_GATHER,
	MOTOR_COLL_ALLGATHER,
	MOTOR_COLL_ALLTOALL,
	MOTOR_COLL_SCATTERV,
	MOTOR_COLL_GATHERV,
	MOTOR_COLL_ALLGATHERV,
	MOTOR_COLL_ALLTOALLV,
	MOTOR_COLL_REDUCE,
	MOTOR_COLL_ALLREDUCE,
	MOTOR_COLL_SCAN,
	MOTOR_COLL_EXSCAN,
	MOTOR_COLL_REDUCE_SCATTER_BLOCK,
	MOTOR_COLL_BARRIER,
	MOTOR_COLL_REDUCE_SCATTER, /* rc: the per-rank counts */
	/* Neighbour collectives on a communicator with a topology: blocks per in- or out-neighbour
	 * (motor_mpi_topo_degrees) instead of per rank; the v-forms' send arrays have one entry per
	 * out-neighbour, the receive arrays one per in-neighbour. */
	MOTOR_COLL_NEIGHBOR_ALLGATHER,
	MOTOR_COLL_NEIGHBOR_ALLGATHERV,
	MOTOR_COLL_NEIGHBOR_ALLTOALL,
	MOTOR_COLL_NEIGHBOR_ALLTOALLV
};
struct motor_coll_args {
	enum motor_coll_kind kind;
	const void *sbuf;
	void *rbuf;
	int64_t count;
	const int32_t *sc, *sd, *rc, *rd;
	int dt, op, root;
};
int motor_mpi_icoll(const struct motor_coll_args *x, int verdict, int comm, motor_req *req);
/* motor_mpi_coll_refuse for a non-blocking collective: this rank's part in its agreement, which the other
 * ranks post with motor_mpi_icoll (a blocking agreement would not match theirs).  Returns `code` (MOTOR_ECOMM
 * for a communicator that is not valid) without waiting. */
int motor_mpi_icoll_refuse(int comm, int code);

/* How collectives wait: 0 (default) calls MPI's blocking collective between the blocking hooks; 1 posts the
 * non-blocking form (MPI_Ibcast, ...) and polls it like point-to-point, waiting between the hooks only if
 * polling was not enough.  The environment variable MOTOR_COLL_NB=1 selects 1 at init. */
void motor_mpi_set_coll_nonblocking(int on);
int motor_mpi_get_coll_nonblocking(void);
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

/* Collectives on bytes; `root` is checked (MOTOR_ERANK).  On an intercommunicator `root` follows the
 * convention above (MOTOR_ROOT, MOTOR_PROC_NULL, or the root's rank in the remote group), "per rank" means
 * per rank of the remote group, and the root's group mates take part with nothing (n = 0, buffers NULL): the
 * broadcast reaches the remote group, the scatter and gather move blocks between the root and the remote
 * ranks, the allgather gives each group the other group's blocks.  These do not agree (coll.c): their callers
 * check first. */
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
 * (`all` everywhere; root ignored); on an intercommunicator as the byte collectives above. */
enum { MOTOR_I64_SCATTER, MOTOR_I64_GATHER, MOTOR_I64_ALLGATHER, MOTOR_I64_ALLTOALL };
/* MOTOR_I64_ALLTOALL: `mine` holds one int64 per rank (mine[i] goes to rank i) and all[j] receives rank j's
 * (on an intercommunicator, per rank of the remote group). */
int motor_mpi_exchange_i64(int op, int64_t *mine, int64_t *all, int root, int comm);
/* An Alltoallv of bytes: scounts[i] bytes at sdispls[i] of sbuf go to rank i; rcounts[i] bytes from rank i
 * land at rdispls[i] of rbuf (one entry per rank, none negative; on an intercommunicator per rank of the
 * remote group). */
int motor_mpi_alltoallv_bytes(const void *sbuf, const int64_t *scounts, const int64_t *sdispls, void *rbuf,
                              const int64_t *rcounts, const int64_t *rdispls, int comm);

/* ---- matched receives, Sendrecv_replace, communicator extras (p2p.c, message.c, comm.c) --------------- */

/* MPI_Sendrecv_replace: sends `count` elements of `buf` to `dest` and receives as many into `buf` from
 * `source`.  The outgoing data is copied to native memory first (as MPI libraries do), so the send and the
 * receive run as one motor_mpi_sendrecv, polled and then waited for between the blocking hooks. */
int motor_mpi_sendrecv_replace(void *buf, int64_t count, int dt, int dest, int stag, int source, int rtag,
                               int comm, motor_status *st);
/* Receives a matched message (motor_mpi_mprobe/improbe) into `count` elements of `dt` at `buf`: blocking
 * (motor_mpi_mrecv) or posted (motor_mpi_imrecv, which makes *req an active request to complete as an
 * Irecv's).  Either consumes the message (*msg becomes null) whatever the result.  The "no process" message
 * of a probe from PROC_NULL receives nothing: motor_mpi_mrecv fills the PROC_NULL status, motor_mpi_imrecv
 * posts nothing (the caller, having asked motor_mpi_msg_is_no_proc before, completes it at once with that
 * status). */
int motor_mpi_mrecv(void *buf, int64_t count, int dt, motor_msg *msg, motor_status *st);
int motor_mpi_imrecv(void *buf, int64_t count, int dt, motor_msg *msg, motor_req *req);
/* Whether *msg is the "no process" message of a probe from PROC_NULL, whose receive receives nothing. */
int motor_mpi_msg_is_no_proc(const motor_msg *msg);

/* MPI_Comm_split_type (collective, agreeing first like motor_mpi_comm_split): `type` MOTOR_COMM_TYPE_SHARED
 * groups the ranks that share memory (a node); MOTOR_UNDEFINED gives this rank no communicator (-1); any
 * other type is refused (MOTOR_EARG) after the agreement.  Intracommunicators only (MOTOR_EINTER). */
enum { MOTOR_COMM_TYPE_SHARED = 1 };
int motor_mpi_comm_split_type(int comm, int type, int key, int *newcomm);
/* MPI_Comm_set_name / get_name, local.  Names are `len` bytes (UTF-8, no NUL), at most
 * motor_mpi_max_object_name() of them (else MOTOR_EARG).  get_name copies at most `cap` bytes and sets *len
 * to the name's length. */
int motor_mpi_comm_set_name(int comm, const uint8_t *name, int len);
int motor_mpi_comm_get_name(int comm, uint8_t *buf, int cap, int *len);
int motor_mpi_max_object_name(void);
/* MPI_Comm_idup in three steps, so that the caller can keep the request in its own table: _prepare reserves a
 * handle for the new communicator (*newcomm; not valid until the request completes) and makes the context
 * *ctx; _post posts MPI_Comm_idup for it (`ctx` is what _prepare made); when the request has completed,
 * successfully or not, _done(ctx, 0) makes the handle valid (or gives it back if the duplication failed) and
 * frees ctx.  If _post fails, _abandon(ctx) gives the handle back and frees ctx.  _done may run on any
 * thread, from the GC hook too: it calls MPI and takes the communicator table's lock, nothing else. */
int motor_mpi_comm_idup_prepare(int comm, int *newcomm, void **ctx);
int motor_mpi_comm_idup_post(void *ctx, motor_req *req);
void motor_mpi_comm_idup_done(void *ctx, size_t unused);
void motor_mpi_comm_idup_abandon(void *ctx);

/* ---- win.c: one-sided communication (MPI RMA windows) ------------------------------------------------ */

/* Windows are handles like communicators (at most MOTOR_MAX_WINS alive at once).  Each knows every rank's
 * window size in bytes, disp_unit and element kind, exchanged at creation with one Allgather, so an operation
 * whose target range lies outside the target's window is refused here (MOTOR_EWINRANGE) and never reaches
 * MPI.  Epochs are tracked per window as far as this process can see them (fence, locks, lock_all, start and
 * post), and an operation or synchronisation outside the epoch MPI requires is refused (MOTOR_EWINSYNC).
 * Windows still alive at motor_mpi_finalize are freed then, in creation order (MPI_Win_free is collective;
 * see win.c for a window freed on some ranks and dropped on others). */
#define MOTOR_MAX_WINS 4096
/* Its error codes (MOTOR_EWIN ... MOTOR_EWINTYPE) are in errors.def. */
enum { MOTOR_LOCK_EXCLUSIVE = 1, MOTOR_LOCK_SHARED = 2 };
/* Operators only one-sided accumulations take (MPI_REPLACE, MPI_NO_OP), beside the built-in ones. */
enum { MOTOR_OP_REPLACE = -64, MOTOR_OP_NO_OP = -65 };
/* Creates a window over `bytes` bytes at `base` (memory the caller keeps in place and alive until
 * motor_mpi_win_free or finalize) of elements of `dt`, collectively over intracommunicator `comm`, after
 * agreeing on `verdict` (this rank's check of its arguments) as the collectives do.  *win receives the
 * handle. With allocate = 1 the MPI library allocates the memory instead (MPI_Win_allocate) and *base
 * receives it; it is freed with the window.  With allocate = MOTOR_WIN_SHARED it allocates memory every rank
 * can load and store (MPI_Win_allocate_shared): MOTOR_ENOTSHARED, on every rank, unless all of `comm` shares
 * memory. */
enum { MOTOR_WIN_SHARED = 2 };
int motor_mpi_win_create(void **base, int64_t bytes, int disp_unit, int dt, int allocate, int verdict,
                         const char *hints, int comm, int *win);
/* The hints in effect on a window (MPI_Win_get_info), packed "key\0value\0...\0" into buf[cap]; *len is
 * the bytes they need (MOTOR_ECOUNT: more than cap, ask again). */
int motor_mpi_win_get_info(int win, char *buf, int cap, int *len);
/* MPI_Win_set_info, collective: the hints packed as for motor_mpi_win_create, the same on every rank (else
 * MOTOR_EMISMATCH everywhere); `verdict` this rank's refusal of its arguments, agreed on as by a collective.
 * no_locks=true while this rank holds a lock: MOTOR_EWINSYNC. */
int motor_mpi_win_set_info(int win, const char *hints, int verdict);
/* MPI_Win_free, collective, after agreeing on whether every rank's window may be freed (no lock or
 * access/exposure epoch open on it). */
int motor_mpi_win_free(int win);
/* A shared-memory window's part of rank `rank`, as mapped in this process, and its size in bytes
 * (MOTOR_EWINSHARED for another window). */
int motor_mpi_win_shared(int win, int rank, void **mem, int64_t *bytes);
/* The size in bytes and the disp_unit of rank `rank`'s window (-1: this rank's). */
int motor_mpi_win_info(int win, int rank, int64_t *bytes, int *disp_unit);
/* What MPI tells of a window: its group (MPI_Win_get_group, a new group handle) or its memory model
 * (MPI_WIN_MODEL: MOTOR_WIN_SEPARATE or MOTOR_WIN_UNIFIED), in *value. */
enum motor_win_attr { MOTOR_WIN_ATTR_GROUP, MOTOR_WIN_ATTR_MODEL };
enum { MOTOR_WIN_SEPARATE = 1, MOTOR_WIN_UNIFIED = 2 };
int motor_mpi_win_attr(int win, enum motor_win_attr what, int *value);
/* One data-movement call: `count` elements of `dt` at `origin` to or from the window of `target` at
 * displacement `disp` (in the target's disp_units).  `result` receives what Get/Get_accumulate/Fetch_and_op/
 * Compare_and_swap read, `compare` is Compare_and_swap's comparand; `op` an operator for the accumulations
 * (built-in, MOTOR_OP_REPLACE or MOTOR_OP_NO_OP; user-defined ones give MOTOR_EOPUSER).  Every buffer must
 * stay in place until the epoch that carries the operation completes.  With `req`, the request-based form
 * (MPI_Rput, MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate; no other kind): allowed only inside a
 * passive-target epoch that covers the target (Lock of it, or Lock_all), its request is set into *req, and
 * the buffers must stay in place until that request completes. */
enum motor_rma_kind {
	MOTOR_RMA_PUT,
	MOTOR_RMA_GET,
	MOTOR_RMA_ACC,
	MOTOR_RMA_GET_ACC,
	MOTOR_RMA_FETCH_OP,
	MOTOR_RMA_CAS
};
struct motor_rma_args {
	enum motor_rma_kind kind;
	const void *origin, *compare;
	void *result;
	int64_t count, disp;
	int dt, op, target;
	motor_req *req; /* NULL: completed by the epoch */
};
int motor_mpi_rma(const struct motor_rma_args *a, int win);
/* Synchronisation.  Each waits, if it must, between the blocking hooks.  `rank` is a rank of the window's
 * group (Lock, Unlock, Flush, Flush_local), `group` a group handle (Start, Post).  `assert` holds the
 * MOTOR_MODE_ flags the call takes (MPI 4.0 §12.5.5; others give MOTOR_EARG): Fence NOSTORE, NOPUT, NOPRECEDE
 * and NOSUCCEED; Lock, Lock_all and Start NOCHECK; Post NOCHECK, NOSTORE and NOPUT; the rest none.  Fence is
 * collective and agreed (motor_mpi__agree): a rank in another epoch, a NOPRECEDE on a rank whose operations
 * since the last fence it would leave incomplete (MOTOR_EWINASSERT), or NOPRECEDE or NOSUCCEED not given by
 * every rank (MOTOR_EMISMATCH) makes no rank fence.  After a fence with NOSUCCEED no fence epoch is open. */
enum {
	MOTOR_MODE_NOCHECK = 1,
	MOTOR_MODE_NOSTORE = 2,
	MOTOR_MODE_NOPUT = 4,
	MOTOR_MODE_NOPRECEDE = 8,
	MOTOR_MODE_NOSUCCEED = 16
};
enum motor_win_sync {
	MOTOR_WIN_FENCE,
	MOTOR_WIN_LOCK,
	MOTOR_WIN_UNLOCK,
	MOTOR_WIN_LOCK_ALL,
	MOTOR_WIN_UNLOCK_ALL,
	MOTOR_WIN_FLUSH,
	MOTOR_WIN_FLUSH_ALL,
	MOTOR_WIN_START,
	MOTOR_WIN_COMPLETE,
	MOTOR_WIN_POST,
	MOTOR_WIN_WAIT,
	MOTOR_WIN_FLUSH_LOCAL, /* as FLUSH and FLUSH_ALL, completing the operations at the origin only */
	MOTOR_WIN_FLUSH_LOCAL_ALL,
	MOTOR_WIN_SYNC /* MPI_Win_sync, inside a passive-target epoch */
};
int motor_mpi_win_sync(int win, enum motor_win_sync what, int arg, int lock_type, int assert);

/* ---- file.c --------------------------------------------------------------------------------------- */

/* Parallel I/O.  Files are handles like communicators; every function returns MOTOR_EFILE for one that is not
 * open.  Collective operations take `verdict`, this rank's own check of its arguments (MOTOR_OK or its
 * refusal), and agree on it first exactly as the collectives of coll.c do: on a refusal no rank calls MPI,
 * the refusing ranks return their code and the others MOTOR_EPEER(lowest refusing rank).  Only a file handle
 * that is not open (MOTOR_EFILE) returns without agreeing.  Every call that may wait runs between the
 * blocking hooks.  Offsets count etypes of the file's view (bytes under the default view). */

/* Access modes in managed numbering (System.MP.MPI.MODE_*), mapped to the library's. */
enum {
	MOTOR_MODE_RDONLY = 1,
	MOTOR_MODE_WRONLY = 2,
	MOTOR_MODE_RDWR = 4,
	MOTOR_MODE_CREATE = 8,
	MOTOR_MODE_EXCL = 16,
	MOTOR_MODE_DELETE_ON_CLOSE = 32,
	MOTOR_MODE_UNIQUE_OPEN = 64,
	MOTOR_MODE_SEQUENTIAL = 128,
	MOTOR_MODE_APPEND = 256
};
/* MPI_File_open over `comm` (collective; intracommunicators only, else MOTOR_EINTER).  The ranks agree first
 * on their verdicts and on passing the same path and mode (else MOTOR_EMISMATCH everywhere); a bad mode is
 * MOTOR_EAMODE.  If the library fails to open the file on some ranks only, those return its error and the
 * others MOTOR_EPEER (the file stays open there, unusable, until the process ends: closing it is collective).
 * `hints` are the open's info hints, "key\0value\0...\0" (NULL or "" for none; MOTOR_EARG for an empty key or
 * one or a value too long for MPI), which the library may ignore.  *handle is the new file's handle, -1 on
 * failure. */
int motor_mpi_file_open(int comm, const char *path, int amode, int verdict, const char *hints, int *handle);
/* The hints in effect on an open file (MPI_File_get_info), as "key\0value\0...\0" into buf (cap bytes);
 * *len is the length the whole list needs, terminator included.  MOTOR_ECOUNT if cap is too small (then
 * ask again with *len bytes). */
int motor_mpi_file_get_info(int handle, char *buf, int cap, int *len);
/* MPI_File_set_info, collective: `hints` packed as for motor_mpi_file_open; `verdict` this rank's refusal.
 * Agrees first, so that a refusal on one rank (hints the library cannot take) changes nothing anywhere. */
int motor_mpi_file_set_info(int handle, const char *hints, int verdict);
/* MPI_File_close (collective, no agreement: nothing to refuse).  The handle becomes invalid. */
int motor_mpi_file_close(int handle);
/* MPI_File_delete (local). */
int motor_mpi_file_delete(const char *path);
/* MPI_File_get_size (local), in bytes. */
int motor_mpi_file_get_size(int handle, int64_t *size);
/* The individual file pointer (local), in etypes of the view: MPI_File_seek to `offset` from the start of the
 * view (MOTOR_SEEK_SET), from the pointer (MOTOR_SEEK_CUR) or from the end of the file (MOTOR_SEEK_END: the
 * first etype at or past it, rounded up).  The new position is computed here and set absolutely, so every
 * library refuses the same: MOTOR_EARG for another `whence`, MOTOR_EPOSITION for a position before the view's
 * start (or past INT64_MAX), MOTOR_ESEQUENTIAL on a MODE_SEQUENTIAL file. */
enum { MOTOR_SEEK_SET, MOTOR_SEEK_CUR, MOTOR_SEEK_END };
int motor_mpi_file_seek(int handle, int64_t offset, int whence);
/* MPI_File_get_position: the individual file pointer, in etypes. */
int motor_mpi_file_get_position(int handle, int64_t *pos);
/* MPI_File_seek_shared (collective): the shared file pointer to `offset` from `whence`, as for
 * motor_mpi_file_seek (the position computed here, then set absolutely).  The ranks agree first: on this
 * rank's `verdict` and its refusals, and that every rank asks for the same position (MOTOR_EMISMATCH
 * otherwise); a refusal anywhere makes no rank move the pointer. */
int motor_mpi_file_seek_shared(int handle, int64_t offset, int whence, int verdict);
/* MPI_File_get_position_shared: the shared file pointer, in etypes. */
int motor_mpi_file_get_position_shared(int handle, int64_t *pos);
/* MPI_File_get_byte_offset: where etype `offset` of the view lies, in bytes from the start of the file
 * (MOTOR_EPOSITION for a negative offset). */
int motor_mpi_file_get_byte_offset(int handle, int64_t offset, int64_t *bytes);
/* The collective controls: set_size and preallocate (arg: bytes, not negative), set_atomicity, sync, or only
 * the agreement (MOTOR_FILE_AGREE: this rank's part in a collective it refused before getting here).  The
 * ranks must pass the same arg (MOTOR_EMISMATCH on every rank, and nothing done, if not). */
enum {
	MOTOR_FILE_SET_SIZE,
	MOTOR_FILE_PREALLOCATE,
	MOTOR_FILE_SYNC,
	MOTOR_FILE_SET_ATOMICITY, /* arg 0 or 1 */
	MOTOR_FILE_AGREE = 4
};
int motor_mpi_file_ctl(int handle, int what, int64_t arg, int verdict);
/* What a file is, local: MOTOR_FILE_ATOMICITY (MPI_File_get_atomicity: 0 or 1), MOTOR_FILE_AMODE (the
 * MOTOR_MODE_ flags it was opened with) or MOTOR_FILE_GROUP (MPI_File_get_group: a new group handle). */
enum { MOTOR_FILE_ATOMICITY, MOTOR_FILE_AMODE, MOTOR_FILE_GROUP };
int motor_mpi_file_query(int handle, int what, int64_t *value);
/* MPI_File_set_view (collective, agreed): displacement `disp` in bytes, etype `dt`, data representation
 * "native", and as filetype the etype itself (shape NULL) or the pattern `shape` describes (n ints):
 * MOTOR_VIEW_SUBARRAY, ndims, sizes, subsizes, starts (C order); MOTOR_VIEW_VECTOR, count, blocklength,
 * stride (repeating every count * stride etypes); MOTOR_VIEW_INDEXED, n, blocklengths, displacements
 * (nondecreasing, not overlapping; repeating every end-of-the-last-block etypes).  MOTOR_EARG for a shape MPI
 * would refuse.  Under a view with a filetype every read and write must use buffers of the etype (MOTOR_ETYPE
 * otherwise). */
enum { MOTOR_VIEW_SUBARRAY = 1, MOTOR_VIEW_VECTOR, MOTOR_VIEW_INDEXED };
int motor_mpi_file_set_view(int handle, int64_t disp, int dt, const int32_t *shape, int n, int verdict);
/* Reads or writes `count` elements of `dt` at `buf`: `how` combines MOTOR_FILE_WRITE (else a read),
 * MOTOR_FILE_AT (at `offset`) or MOTOR_FILE_SHARED (at the shared file pointer; else at the individual one),
 * and MOTOR_FILE_ALL (the collective form, which agrees first; with MOTOR_FILE_SHARED the ordered one,
 * MPI_File_read_ordered / _write_ordered).  *done is the number of whole elements moved (0 for a read at or
 * past the end).  On a MODE_SEQUENTIAL file only the shared pointer is allowed (MOTOR_ESEQUENTIAL). */
enum { MOTOR_FILE_WRITE = 1, MOTOR_FILE_AT = 2, MOTOR_FILE_ALL = 4, MOTOR_FILE_SHARED = 8 };
int motor_mpi_file_rw(int handle, int how, int64_t offset, void *buf, int64_t count, int dt, int verdict,
                      int64_t *done);
/* MPI_File_iread_at / _iwrite_at (`how` with MOTOR_FILE_AT), MPI_File_iread_shared / _iwrite_shared (with
 * MOTOR_FILE_SHARED), or MPI_File_iread / _iwrite at the individual file pointer; a file pointer advances at
 * the call (`offset` unused).  MOTOR_FILE_WRITE for a write.  *req becomes an
 * active request for motor_mpi_test/wait (its status counts the bytes moved).  `buf` must stay in place until
 * it completes. */
int motor_mpi_file_iat(int handle, int how, int64_t offset, void *buf, int64_t count, int dt, motor_req *req);
/* MPI_File_iread_at_all / _iwrite_at_all (`how`: MOTOR_FILE_AT, with MOTOR_FILE_WRITE for a write), or
 * without MOTOR_FILE_AT the same at the individual file pointer, which moves past the block at the post (as
 * MPI_File_iread_all / _iwrite_all; MOTOR_EETYPES if the block is not whole etypes of a contiguous view, and
 * it stays moved if another rank refuses), collective and non-blocking: the post
 * starts the agreement on this rank's `verdict` and returns; the data operation starts once every rank has
 * accepted, in post order with the file's other non-blocking collectives (icoll.c's staged collectives), so
 * the post never waits for another rank.  A read is cut at the end of the file first.  *req becomes an
 * active request (its status counts the elements moved; a refusal anywhere completes it with MOTOR_EPEER or
 * this rank's code).  With a `verdict` other than MOTOR_OK this rank only takes part in the agreement and the
 * verdict is returned.  `buf` must stay in place until the request completes. */
int motor_mpi_file_iall(int handle, int how, int64_t offset, void *buf, int64_t count, int dt, int verdict,
                        motor_req *req);
/* What an MPI error code of a file operation means, for the exception managed code raises. */
enum {
	MOTOR_FERR_OTHER,
	MOTOR_FERR_NOENT,       /* MPI_ERR_NO_SUCH_FILE */
	MOTOR_FERR_ACCESS,      /* MPI_ERR_ACCESS */
	MOTOR_FERR_AMODE,       /* MPI_ERR_AMODE */
	MOTOR_FERR_EXISTS,      /* MPI_ERR_FILE_EXISTS */
	MOTOR_FERR_INUSE,       /* MPI_ERR_FILE_IN_USE */
	MOTOR_FERR_NOSPACE,     /* MPI_ERR_NO_SPACE, MPI_ERR_QUOTA */
	MOTOR_FERR_READONLY,    /* MPI_ERR_READ_ONLY */
	MOTOR_FERR_BADNAME,     /* MPI_ERR_BAD_FILE */
	MOTOR_FERR_IO,          /* MPI_ERR_IO, MPI_ERR_FILE */
	MOTOR_FERR_UNSUPPORTED, /* MPI_ERR_UNSUPPORTED_OPERATION */
};
int motor_mpi_file_error_kind(int code);

#ifdef __cplusplus
}
#endif

#endif /* MOTOR_MPI_H */
