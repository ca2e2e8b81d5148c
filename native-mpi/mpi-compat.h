/*
 * mpi-compat.h - every difference between MPI libraries that Motor's C code has to know about.
 *
 * Concept files include this header instead of <mpi.h> and contain no #ifdef on the MPI library.
 */
#ifndef MOTOR_MPI_COMPAT_H
#define MOTOR_MPI_COMPAT_H

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpi.h>

/* Whether an error from a communicator constructor means that the library has run out of communicators
 * (context ids), which it counts per process; every rank of the collective sees the same verdict, because the
 * free ids are agreed on collectively.  Reproduced with a C program that duplicates MPI_COMM_WORLD until a
 * call fails:
 *  - MPICH 4.0.2: after 2,046 communicators besides COMM_WORLD and COMM_SELF, the blocking constructors fail
 *    with class MPI_ERR_OTHER and "Too many communicators (0/2048 free on this process; ...)".  MPI_Comm_idup
 *    fails in MPI_Wait with "Invalid communicator" instead, which says nothing of the cause: Dup uses the
 *    blocking form.
 *  - Open MPI 4.1: after 65,532, MPI_ERR_INTERN (its "out of resource" from the CID allocator); a
 * communicator constructor on a valid communicator has no other reason to fail with it. */
static inline int motor_compat_out_of_comms(int rc)
{
	int cls = MPI_ERR_UNKNOWN;
	MPI_Error_class(rc, &cls);
#if defined(MPICH_VERSION)
	char msg[MPI_MAX_ERROR_STRING + 1];
	int len = 0;
	if (cls != MPI_ERR_OTHER || MPI_Error_string(rc, msg, &len) != MPI_SUCCESS)
		return 0;
	msg[len] = '\0';
	return strstr(msg, "Too many communicators") != NULL;
#else
	return cls == MPI_ERR_INTERN;
#endif
}

/* Whether native-mpi/icoll.c may make its shadow communicators with MPI_Comm_idup while other non-blocking
 * collectives run on the same communicator.  MPICH 4.0.2: yes.  Open MPI 4.1: no.  Its MPI_Comm_idup does not
 * post its own collectives at the call: the agreement on the new context id is a chain of MPI_Iallreduce
 * calls on the parent (ompi/communicator/comm_cid.c), each started by the progress engine once the previous
 * one has completed, so inside whichever MPI call of whichever thread next drives progress.  libnbc matches a
 * communicator's non-blocking collectives by the order in which each rank posts them, so on each rank those
 * Iallreduces land at a different place among the collectives posted on the parent after the idup (here: the
 * argument agreements; the progress thread, the collector's harvest and every test drive progress at
 * different moments on each rank), and the ranks pair different collectives: "MPI Error in NBC subrequest:
 * 15" (MPI_ERR_TRUNCATE), wrong values, hangs.  Measured with MPI_Comm_idup re-enabled: NbCollTests'
 * ManyCollectivesOnTwoCommunicatorsCompleteInEveryOrder at 4 ranks failed 6 of 6 runs; it passed 5 of 5 with
 * the progress thread and the harvest both off, and 5 of 5 with the idup waited for at once.  The plain C
 * program tests/upstream/openmpi-idup-order.c (MPI_Comm_idup, then MPI_Iallreduce on the parent, with
 * progress made in between on one rank only) fails every run under Open MPI 4.1.4 and passes under MPICH.  (A
 * related report: open-mpi/ompi#2025, the context-id allreduces of concurrent dups posted in different
 * orders.)  A blocking MPI_Comm_dup leaves nothing of the dup pending on the parent. */
#if defined(OPEN_MPI)
#define MOTOR_COMPAT_IDUP_OVERLAPS_NBC 0
#else
#define MOTOR_COMPAT_IDUP_OVERLAPS_NBC 1
#endif

/* Whether the blocking in-place MPI_Reduce (at the root) and MPI_Reduce_scatter must reduce from a copy of
 * the buffer.  MPICH 4.0.2 (ch4:ucx): yes -- MPI_Reduce with MPI_IN_PLACE at a root other than 0 crashes from
 * 513 ints on, and MPI_Reduce_scatter with MPI_IN_PLACE and unequal counts aborts above about 512 KiB (the
 * plain C program tests/upstream/mpich-inplace-reductions.c).  Open MPI 4.1: no. */
#if defined(MPICH_VERSION)
#define MOTOR_COMPAT_INPLACE_REDUCE_COPY 1
#else
#define MOTOR_COMPAT_INPLACE_REDUCE_COPY 0
#endif

/* Whether MPI_File_open needs a communicator of the library's left over: MPICH 4.0.2's ROMIO makes one inside
 * the open and, when none is left, goes on with MPI_COMM_NULL and aborts the process instead of returning an
 * error (the plain C program tests/upstream/mpich-file-open-out-of-comms.c).  Open MPI 4.1: no. */
#if defined(MPICH_VERSION)
#define MOTOR_COMPAT_FILE_OPEN_SPARE_COMM 1
#else
#define MOTOR_COMPAT_FILE_OPEN_SPARE_COMM 0
#endif

/* Whether the status of a truncated receive counts the whole message.  Open MPI 4.1: yes.  MPICH 4.0.2
 * (ch4:ucx): no -- 0, or the size of an earlier message on the same connection (the plain C program
 * tests/upstream/mpich-truncated-count.c), so Motor reports no size there. */
#if defined(MPICH_VERSION)
#define MOTOR_COMPAT_TRUNCATED_SIZE 0
#else
#define MOTOR_COMPAT_TRUNCATED_SIZE 1
#endif

/* MPI_Request is an int in MPICH and a pointer in Open MPI; motor_req carries it in 64 bits. */
_Static_assert(sizeof(MPI_Request) <= sizeof(uint64_t), "MPI_Request does not fit motor_req");

/* Fixed-width C types for the managed primitive types.  MPI-2.2 defines these in both libraries; C# char is a
 * UTF-16 code unit, which MPI_WCHAR (wchar_t, 4 bytes on Linux) is not. */
#define MOTOR_MPI_CHAR16 MPI_UINT16_T
#define MOTOR_MPI_BOOL MPI_C_BOOL

/* Byte messages of any size (object messages can exceed 2 GiB).  MPI-4 has large-count functions (MPI_Count
 * counts; MPICH 4, Open MPI 5).  Without them (MPI-3: Open MPI 4.1) counts are int, and a message of more
 * than INT_MAX bytes travels as one element of a derived datatype made of 1 GiB pieces
 * (motor_compat_bytes_type). Defining MOTOR_MPI_INT_COUNTS takes that path under an MPI-4 library too, so
 * that it can be tested there. */
#if MPI_VERSION >= 4 && !defined(MOTOR_MPI_INT_COUNTS)
#define MOTOR_MPI_LARGE_COUNT 1
#else
#define MOTOR_MPI_LARGE_COUNT 0
#endif

/* MPI_Message (a matched message) is an int in MPICH and a pointer in Open MPI; motor_msg carries it. */
_Static_assert(sizeof(MPI_Message) <= sizeof(uint64_t), "MPI_Message does not fit motor_msg");
_Static_assert(sizeof(MPI_Aint) == 8 && sizeof(MPI_Count) == 8, "64-bit MPI_Aint and MPI_Count expected");

/* Byte transfers with 64-bit counts and displacements.  With MPI-4 they map onto the _c functions; otherwise
 * onto the int forms, with a derived datatype for what does not fit. */
#if MOTOR_MPI_LARGE_COUNT
static inline int motor_compat_isend(const void *b, int64_t n, int peer, int tag, MPI_Comm c, MPI_Request *r)
{
	return MPI_Isend_c(b, (MPI_Count)n, MPI_BYTE, peer, tag, c, r);
}
static inline int motor_compat_imrecv(void *b, int64_t n, MPI_Message *m, MPI_Request *r)
{
	return MPI_Imrecv_c(b, (MPI_Count)n, MPI_BYTE, m, r);
}
#endif

/* Used by every build: the MPI-3 path for any count beyond INT_MAX, and under MPI-4 the single-call broadcast
 * on an intercommunicator (message.c). */
#define MOTOR_COMPAT_PIECE (1 << 30)

/* A committed datatype of `n` bytes that begin `at` bytes from the buffer: whole 1 GiB pieces, then the rest.
 * Its signature is n bytes, so it matches any byte message of that length, however the peer describes it.
 * The caller frees it; MPI_Type_free lets an operation in flight that uses it complete normally. */
static inline int motor_compat_bytes_type(MPI_Aint at, int64_t n, MPI_Datatype *t)
{
	int64_t q = n / MOTOR_COMPAT_PIECE, rest = n % MOTOR_COMPAT_PIECE;
	int len[2], k = 0, rc;
	MPI_Aint disp[2];
	MPI_Datatype types[2], piece;

	if (n < 0 || q > INT_MAX)
		return MPI_ERR_COUNT;
	if ((rc = MPI_Type_contiguous(MOTOR_COMPAT_PIECE, MPI_BYTE, &piece)) != MPI_SUCCESS)
		return rc;
	if (q > 0) {
		len[k] = (int)q;
		disp[k] = at;
		types[k++] = piece;
	}
	if (rest > 0 || k == 0) {
		len[k] = (int)rest;
		disp[k] = at + (MPI_Aint)q * MOTOR_COMPAT_PIECE;
		types[k++] = MPI_BYTE;
	}
	if ((rc = MPI_Type_create_struct(k, len, disp, types, t)) == MPI_SUCCESS &&
	    (rc = MPI_Type_commit(t)) != MPI_SUCCESS)
		MPI_Type_free(t);
	MPI_Type_free(&piece);
	return rc;
}

/* `n` bytes at `at` from a buffer in the terms of an MPI-3 call: plain bytes (*count of them, displacement
 * *disp) when count and displacement fit in an int, else *count = 1 of a datatype of their own that
 * motor_compat_type_free gives back.  On failure *type is MPI_BYTE: nothing to give back. */
static inline int motor_compat_bytes_at(MPI_Aint at, int64_t n, int *count, int *disp, MPI_Datatype *type)
{
	*count = *disp = 0;
	*type = MPI_BYTE;
	if (n <= INT_MAX && at <= INT_MAX) {
		*count = (int)n;
		*disp = (int)at;
		return MPI_SUCCESS;
	}
	int rc = motor_compat_bytes_type(at, n, type);
	if (rc == MPI_SUCCESS)
		*count = 1;
	else
		*type = MPI_BYTE;
	return rc;
}

static inline void motor_compat_type_free(MPI_Datatype *type)
{
	if (*type != MPI_BYTE)
		MPI_Type_free(type);
	*type = MPI_BYTE;
}

#if !MOTOR_MPI_LARGE_COUNT
static inline int motor_compat_isend(const void *b, int64_t n, int peer, int tag, MPI_Comm c, MPI_Request *r)
{
	int count, disp;
	MPI_Datatype t;
	int rc = motor_compat_bytes_at(0, n, &count, &disp, &t);
	if (rc == MPI_SUCCESS)
		rc = MPI_Isend(b, count, t, peer, tag, c, r);
	motor_compat_type_free(&t);
	return rc;
}

static inline int motor_compat_imrecv(void *b, int64_t n, MPI_Message *m, MPI_Request *r)
{
	int count, disp;
	MPI_Datatype t;
	int rc = motor_compat_bytes_at(0, n, &count, &disp, &t);
	if (rc == MPI_SUCCESS)
		rc = MPI_Imrecv(b, count, t, m, r);
	motor_compat_type_free(&t);
	return rc;
}
#endif

/* The send buffer of a reduction at an intercommunicator's root (MPI_ROOT), which MPI does not read.  MPICH
 * 4.0.2 refuses a null one all the same (MPI_Reduce at MPI_ROOT: "Null buffer pointer", internal_Reduce), so
 * a root passes this. */
static long long motor_compat_unread __attribute__((unused));
#define MOTOR_COMPAT_UNREAD_BUF ((void *)&motor_compat_unread)

/* The count the root's group mates in an intercommunicator collective (MPI_PROC_NULL) pass, with
 * MOTOR_COMPAT_UNREAD_BUF for every buffer: MPI reads none of it there.  Open MPI 4.1.4's libnbc leaves
 * MPI_Ibcast and MPI_Ireduce on an intercommunicator incomplete on other ranks when those ranks pass 0 (the
 * plain C program tests/upstream/openmpi-inter-count0.c); 1 works under Open MPI and MPICH alike. */
#define MOTOR_COMPAT_IDLE_COUNT 1

/* Posts a Scatterv (op 0), Gatherv (1) or Allgatherv (2) of bytes.  counts/displs have one entry per rank
 * of the remote group (`size`; the group itself on an intracommunicator) or are NULL where MPI does not read
 * them.  `root` is MPI's (MPI_ROOT or MPI_PROC_NULL in the root's group on an intercommunicator), `is_root`
 * whether this rank is the root.  On an intercommunicator the Alltoallw below pairs this rank with the ranks
 * of the remote group, so the same counts describe it: the root sends block i to remote rank i (or receives
 * it), a remote rank exchanges with rank `root` of the root's group only, and the root's group mates
 * (MPI_PROC_NULL, which no index matches) exchange nothing.  `scratch` holds
 * motor_compat_bytesv_scratch(size) bytes the library reads until the request completes;
 * motor_compat_bytesv_release then frees what it made.
 *
 * Without large counts the v-collectives take int counts and int displacements, and a split representation of
 * more than 2 GiB in all needs displacements beyond INT_MAX even when every part is small.  So the operation
 * is an Alltoallw in which every part has a datatype of its own that carries its 64-bit displacement
 * (motor_compat_bytes_type); only the pairs that exchange data have a count.  All ranks must choose the same
 * collective, and at a scatter or gather only the root knows whether anything is large: so the Alltoallw is
 * used whatever the sizes. */
#if MOTOR_MPI_LARGE_COUNT
static inline size_t motor_compat_bytesv_scratch(int size)
{
	return 2 * sizeof(MPI_Count) * (size_t)size;
}

static inline int motor_compat_ibytesv(int op, const void *sb, int64_t sn, void *rb, int64_t rn,
                                       const int64_t *counts, const int64_t *displs, int size, int is_root,
                                       int root, void *scratch, MPI_Comm c, MPI_Request *r)
{
	(void)is_root;
	MPI_Count *cn = counts ? (MPI_Count *)scratch : NULL;
	MPI_Aint *dp = counts ? (MPI_Aint *)scratch + size : NULL;
	for (int i = 0; counts && i < size; i++) {
		cn[i] = (MPI_Count)counts[i];
		dp[i] = (MPI_Aint)displs[i];
	}
	if (op == 0)
		return MPI_Iscatterv_c(sb, cn, dp, MPI_BYTE, rb, (MPI_Count)rn, MPI_BYTE, root, c, r);
	if (op == 1)
		return MPI_Igatherv_c(sb, (MPI_Count)sn, MPI_BYTE, rb, cn, dp, MPI_BYTE, root, c, r);
	return MPI_Iallgatherv_c(sb, (MPI_Count)sn, MPI_BYTE, rb, cn, dp, MPI_BYTE, c, r);
}

static inline void motor_compat_bytesv_release(void *scratch, int size)
{
	(void)scratch;
	(void)size;
}

/* An Alltoallv of bytes: scounts[i] bytes at sdispls[i] go to rank i, rcounts[i] bytes from rank i land at
 * rdispls[i].  Scratch and release as for motor_compat_ibytesv, with motor_compat_alltoallv_scratch bytes. */
static inline size_t motor_compat_alltoallv_scratch(int size)
{
	return 4 * sizeof(MPI_Count) * (size_t)size;
}

static inline int motor_compat_ialltoallv_bytes(const void *sb, const int64_t *scounts,
                                                const int64_t *sdispls, void *rb, const int64_t *rcounts,
                                                const int64_t *rdispls, int size, void *scratch, MPI_Comm c,
                                                MPI_Request *r)
{
	_Static_assert(sizeof(MPI_Aint) <= sizeof(MPI_Count), "displacements fit the scratch");
	MPI_Count *sc = (MPI_Count *)scratch, *rc = sc + 2 * size;
	MPI_Aint *sd = (MPI_Aint *)(sc + size), *rd = (MPI_Aint *)(rc + size);
	for (int i = 0; i < size; i++) {
		sc[i] = (MPI_Count)scounts[i];
		sd[i] = (MPI_Aint)sdispls[i];
		rc[i] = (MPI_Count)rcounts[i];
		rd[i] = (MPI_Aint)rdispls[i];
	}
	return MPI_Ialltoallv_c(sb, sc, sd, MPI_BYTE, rb, rc, rd, MPI_BYTE, c, r);
}
#else
struct motor_compat_w {
	int *scounts, *sdispls, *rcounts, *rdispls;
	MPI_Datatype *stypes, *rtypes;
};

static inline size_t motor_compat_bytesv_scratch(int size)
{
	return (4 * sizeof(int) + 2 * sizeof(MPI_Datatype)) * (size_t)size;
}

static inline struct motor_compat_w motor_compat_w_at(void *scratch, int size)
{
	struct motor_compat_w w;
	w.stypes = (MPI_Datatype *)scratch;
	w.rtypes = w.stypes + size;
	w.scounts = (int *)(void *)(w.rtypes + size);
	w.sdispls = w.scounts + size;
	w.rcounts = w.sdispls + size;
	w.rdispls = w.rcounts + size;
	return w;
}

static inline void motor_compat_bytesv_release(void *scratch, int size)
{
	struct motor_compat_w w = motor_compat_w_at(scratch, size);
	for (int i = 0; i < size; i++) {
		motor_compat_type_free(&w.stypes[i]);
		motor_compat_type_free(&w.rtypes[i]);
	}
}

static inline int motor_compat_ibytesv(int op, const void *sb, int64_t sn, void *rb, int64_t rn,
                                       const int64_t *counts, const int64_t *displs, int size, int is_root,
                                       int root, void *scratch, MPI_Comm c, MPI_Request *r)
{
	struct motor_compat_w w = motor_compat_w_at(scratch, size);
	int rc = MPI_SUCCESS;

	for (int i = 0; i < size; i++) {
		w.scounts[i] = w.sdispls[i] = w.rcounts[i] = w.rdispls[i] = 0;
		w.stypes[i] = w.rtypes[i] = MPI_BYTE;
	}
	for (int i = 0; i < size && rc == MPI_SUCCESS; i++) {
		/* What this rank sends to i, and receives from i. */
		int64_t out = op == 0 ? (is_root ? counts[i] : 0) : (op == 2 || i == root ? sn : 0);
		MPI_Aint out_at = op == 0 && is_root ? (MPI_Aint)displs[i] : 0;
		int64_t in = op == 0 ? (i == root ? rn : 0) : (op == 2 || is_root ? counts[i] : 0);
		MPI_Aint in_at = op == 0 ? 0 : (MPI_Aint)(in ? displs[i] : 0);
		if ((rc = motor_compat_bytes_at(out_at, out, &w.scounts[i], &w.sdispls[i], &w.stypes[i])) ==
		    MPI_SUCCESS)
			rc = motor_compat_bytes_at(in_at, in, &w.rcounts[i], &w.rdispls[i], &w.rtypes[i]);
	}
	if (rc == MPI_SUCCESS)
		rc = MPI_Ialltoallw(sb, w.scounts, w.sdispls, w.stypes, rb, w.rcounts, w.rdispls, w.rtypes, c,
		                    r);
	if (rc != MPI_SUCCESS)
		motor_compat_bytesv_release(scratch, size);
	return rc;
}

/* An Alltoallv of bytes, as the Alltoallw above for the same reason (displacements beyond INT_MAX). */
static inline size_t motor_compat_alltoallv_scratch(int size)
{
	return motor_compat_bytesv_scratch(size);
}

static inline int motor_compat_ialltoallv_bytes(const void *sb, const int64_t *scounts,
                                                const int64_t *sdispls, void *rb, const int64_t *rcounts,
                                                const int64_t *rdispls, int size, void *scratch, MPI_Comm c,
                                                MPI_Request *r)
{
	struct motor_compat_w w = motor_compat_w_at(scratch, size);
	int rc = MPI_SUCCESS;

	for (int i = 0; i < size; i++) {
		w.scounts[i] = w.sdispls[i] = w.rcounts[i] = w.rdispls[i] = 0;
		w.stypes[i] = w.rtypes[i] = MPI_BYTE;
	}
	for (int i = 0; i < size && rc == MPI_SUCCESS; i++)
		if ((rc = motor_compat_bytes_at((MPI_Aint)sdispls[i], scounts[i], &w.scounts[i],
		                                &w.sdispls[i], &w.stypes[i])) == MPI_SUCCESS)
			rc = motor_compat_bytes_at((MPI_Aint)rdispls[i], rcounts[i], &w.rcounts[i],
			                           &w.rdispls[i], &w.rtypes[i]);
	if (rc == MPI_SUCCESS)
		rc = MPI_Ialltoallw(sb, w.scounts, w.sdispls, w.stypes, rb, w.rcounts, w.rdispls, w.rtypes, c,
		                    r);
	if (rc != MPI_SUCCESS)
		motor_compat_bytesv_release(scratch, size);
	return rc;
}
#endif

/* Settings the library reads from the environment at MPI_Init, made before it is called.
 *
 * Open MPI 4.1 (ob1 with the vader BTL): when a rendezvous message is longer than the receive buffer, the
 * single-copy transfer (CMA, process_vm_readv) copies the whole message and writes past the end of the buffer
 * -- MPI_Recv does return MPI_ERR_TRUNCATE, but the memory after the buffer (for us: the managed heap) is
 * already overwritten.  With the single-copy mechanism off, the copy-in/copy-out path truncates correctly.
 * Reproduced with Open MPI 4.1.4 (Debian 12): a 1 MiB send into a 256 KiB receive overwrites every guard byte
 * after the buffer, then the process aborts in free().  A user who sets the parameter keeps their value. */
static inline void motor_compat_before_init(void)
{
	/* UCX_ERROR_SIGNALS: UCX installs a SIGSEGV handler that kills the process, which turns a managed
	 * NullReferenceException into a crash (tests/managed/NullReferenceTests.cs).  MPICH's ch4:ucx links
	 * libucs, which installs it when it is loaded, before main; mono_jit_init then replaces it with
	 * Mono's, and setting the variable here would change nothing (UCX 1.13 then prints "unused env
	 * variable: UCX_ERROR_SIGNALS" on every rank).  Open MPI loads libucs during MPI_Init, after Mono,
	 * when its osc/ucx component opens (enabled below for windows): there UCX's handler would win, so it
	 * is told to install none.  Reproduced with Open MPI 4.1.4 (Debian 12): NullReferenceTests abort with
	 * "Caught signal 11" in ucs_handle_error without it.  A user's own value is kept. */
#if defined(OPEN_MPI) && OMPI_MAJOR_VERSION < 5 /* 5.x moved single copy to the smsc framework; not checked  \
                                                 */
	setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 0);
	/* One-sided windows over memory the program gives (MPI_Win_create, Win.Create): osc/rdma needs the
	 * single copy that is turned off above, osc/pt2pt refuses MPI_THREAD_MULTIPLE, and Debian's
	 * openmpi-mca-params.conf excludes osc/ucx ("osc = ^ucx,pt2pt"), so every MPI_Win_create failed with
	 * MPI_ERR_WIN.  osc/ucx works beside pml ob1: reproduced with Open MPI 4.1.4 (Debian 12), a C program
	 * at MPI_THREAD_MULTIPLE whose MPI_Win_create returns 53 by default and succeeds with
	 * OMPI_MCA_osc=^pt2pt. */
	setenv("OMPI_MCA_osc", "^pt2pt", 0);
	setenv("UCX_ERROR_SIGNALS", "", 0);
#endif
}

/* Whether a send-receive whose send goes to self should post the send first.  Open MPI 4.1 (ob1, self BTL)
 * completes a message to self that arrives in a receive posted before it, and is too small, without any
 * error: the receive reports success and holds the first bytes only.  Sent first, the message is matched as
 * it is received and the truncation is reported.  Reproduced with Open MPI 4.1.4: MPI_Irecv of 8 ints, then
 * MPI_Isend of 16 to self, gives MPI_SUCCESS and a count of 8. */
static inline int motor_compat_self_send_first(int to_self)
{
#if defined(OPEN_MPI)
	return to_self;
#else
	(void)to_self;
	return 0;
#endif
}

/* The library's name for logs and --version. */
#if defined(MPICH_VERSION)
#define MOTOR_MPI_FLAVOUR "MPICH " MPICH_VERSION
#elif defined(OPEN_MPI)
#define MOTOR_MPI_STR_(x) #x
#define MOTOR_MPI_STR(x) MOTOR_MPI_STR_(x)
#define MOTOR_MPI_FLAVOUR                                                                                    \
	"Open MPI " MOTOR_MPI_STR(OMPI_MAJOR_VERSION) "." MOTOR_MPI_STR(                                     \
	    OMPI_MINOR_VERSION) "." MOTOR_MPI_STR(OMPI_RELEASE_VERSION)
#else
#define MOTOR_MPI_FLAVOUR "MPI"
#endif

/* Whether a request a library has just returned from a non-blocking call is already complete, known without
 * calling MPI (each MPI call takes the library's lock under MPI_THREAD_MULTIPLE: ~40 ns).  MPICH hands out
 * one of a few built-in, pre-completed request handles when the transport finished the operation during the
 * call -- an eager send copied out at once, a receive from MPI_PROC_NULL (src/include/mpir_request.h in
 * MPICH 4.0: MPIR_Request_create_complete; handles of kind HANDLE_KIND_BUILTIN, src/include/mpir_objects.h).
 * Completing such a handle with MPI_Test only nulls it and frees nothing.  Elsewhere the answer is "not
 * known" (0), and the caller tests as usual. */
#if defined(MPICH_VERSION) && MPI_VERSION >= 4
static inline int motor_compat_done_at_post(MPI_Request r)
{
	/* Top two bits 01 (built-in), next four the MPI object kind of requests (0x2c000000 =
	 * MPI_REQUEST_NULL, which is of kind "invalid"). */
	return ((unsigned)r & 0xfc000000u) == (0x40000000u | ((unsigned)MPI_REQUEST_NULL & 0x3c000000u));
}
#else
static inline int motor_compat_done_at_post(MPI_Request r)
{
	(void)r;
	return 0;
}
#endif

/* MPICH 4.0.2 (ch4:ucx) lands an MPI_Put into a window made by MPI_Win_create at (base rounded down to 16
 * bytes) + displacement, while MPI_Accumulate and MPI_Get use the base as given: a Put into a window whose
 * base is 8 bytes past a 16-byte boundary writes 8 bytes early.  Reproduced with a C program that exposes
 * malloc'd memory at offsets 32, 36, 40 and 56 and Puts at displacement 10: offsets 36, 40 and 56 shifted
 * the data by 4, 8 and 8 bytes; Open MPI 4.1 did not.  Managed arrays start 8 bytes past a 16-byte boundary
 * as often as not, so every window is made over memory from a boundary of this many bytes, with disp_unit 1,
 * and win.c adds the distance to the real base to every displacement (in every library: one path).  The same
 * holds for MPI_Win_allocate, which lays the ranks of a node out one after another in one segment: a rank
 * whose part is not a multiple of 16 bytes leaves the next rank's base off the boundary, and Puts to that
 * rank land in the previous one's memory (tests/upstream/mpich-win-allocate-unaligned.c).  So every rank asks
 * for its part rounded up to a multiple of this. */
#define MOTOR_COMPAT_WIN_ALIGN 16

/* The byte count and the cancelled flag of a status.  MPI_Get_elements_x and MPI_Test_cancelled cost about
 * 130 instructions together in MPICH 4.0.2 (argument checks, a datatype lookup), measured with callgrind
 * (bench/run-instructions.sh); MPICH's status keeps both in its two hidden words (count_lo, and
 * count_hi_and_cancelled: the high part shifted left by one, the flag in bit 0, in bytes -- mpi.h and
 * MPIR_STATUS_GET_COUNT in mpir_status.h), the layout of every MPICH since 3.0.  Open MPI's hidden fields
 * are declared "subject to change", so there the calls stay.  Returns the count, or 0 for MPI_UNDEFINED. */
#if defined(MPICH_VERSION)
static inline int64_t motor_compat_status_bytes(const MPI_Status *s, int *cancelled)
{
	*cancelled = s->count_hi_and_cancelled & 1;
	return (int64_t)(((uint64_t)((unsigned)s->count_hi_and_cancelled >> 1) << 32) |
	                 (unsigned)s->count_lo);
}
#else
static inline int64_t motor_compat_status_bytes(const MPI_Status *s, int *cancelled)
{
	MPI_Count bytes = 0;
	MPI_Get_elements_x(s, MPI_BYTE, &bytes);
	MPI_Test_cancelled(s, cancelled);
	return bytes == MPI_UNDEFINED ? 0 : (int64_t)bytes;
}
#endif

/* Before MPI_Finalize, once, every rank (MPI_Finalize is collective).  MPICH 4.0.2's ch4:ucx can hang in
 * MPI_Finalize when ranks reach each other over UCX's TCP transport: its finalize closes every endpoint in
 * flush mode, progresses only until its own closes are done and then blocks in a PMI barrier without
 * progressing UCX; a TCP flush needs the peer's answer, so a rank whose peer has already gone into that
 * barrier spins for ever. Reproduced in plain C (MPI_Sendrecv_replace between all pairs, MPI_Barrier,
 * MPI_Finalize at 4 ranks with UCX_TLS=tcp: 7 of 30 runs hang; 0 of 260 with the pause below).  It needs a
 * rank still inside MPI while another closes: so where TCP may carry the traffic (the job spans several
 * nodes, or UCX_TLS leaves out shared memory) all ranks meet in a barrier and then pause, outside MPI,
 * MOTOR_FINALIZE_PAUSE_MS milliseconds (200 by default; 0 turns the pause off) before finalizing. */
static inline void motor_compat_before_finalize(void)
{
#if defined(MPICH_VERSION)
	char version[MPI_MAX_LIBRARY_VERSION_STRING];
	int len = 0, size = 1, node_size = 1;
	const char *pause = getenv("MOTOR_FINALIZE_PAUSE_MS"), *tls = getenv("UCX_TLS");
	long ms = pause && *pause ? strtol(pause, NULL, 10) : 200;
	if (ms <= 0 || MPI_Get_library_version(version, &len) != MPI_SUCCESS || !strstr(version, "ch4:ucx"))
		return;
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (size < 2)
		return;
	MPI_Comm node = MPI_COMM_NULL;
	if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) ==
	    MPI_SUCCESS) {
		MPI_Comm_size(node, &node_size);
		MPI_Comm_free(&node);
	}
	int tcp_only = tls && *tls && strstr(tls, "tcp") && !strstr(tls, "sm") && !strstr(tls, "posix") &&
	               !strstr(tls, "sysv") && !strstr(tls, "all");
	if (node_size == size && !tcp_only)
		return;
	MPI_Barrier(MPI_COMM_WORLD);
	struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
	while (nanosleep(&ts, &ts) != 0)
		;
#endif
}

#endif /* MOTOR_MPI_COMPAT_H */
