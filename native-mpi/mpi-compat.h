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

#include <mpi.h>

/* MPI_Request is an int in MPICH and a pointer in Open MPI; motor_req carries it in 64 bits. */
_Static_assert(sizeof(MPI_Request) <= sizeof(uint64_t), "MPI_Request does not fit motor_req");

/* Fixed-width C types for the managed primitive types.  MPI-2.2 defines these in both libraries; C# char is a
 * UTF-16 code unit, which MPI_WCHAR (wchar_t, 4 bytes on Linux) is not. */
#define MOTOR_MPI_CHAR16 MPI_UINT16_T
#define MOTOR_MPI_BOOL MPI_C_BOOL

/* Byte messages of any size (object messages can exceed 2 GiB).  MPI-4 has large-count functions (MPI_Count
 * counts); without them a message is limited to INT_MAX bytes and larger ones are refused with MPI_ERR_COUNT.
 * MPICH 4 and Open MPI 5 both define them. */
#if MPI_VERSION >= 4
#define MOTOR_MPI_LARGE_COUNT 1
#define MOTOR_COUNT_MAX ((int64_t)INT64_MAX)
#else
#define MOTOR_MPI_LARGE_COUNT 0
#define MOTOR_COUNT_MAX ((int64_t)INT_MAX)
#endif

/* MPI_Message (a matched message) is an int in MPICH and a pointer in Open MPI; motor_msg carries it. */
_Static_assert(sizeof(MPI_Message) <= sizeof(uint64_t), "MPI_Message does not fit motor_msg");

/* Byte transfers with 64-bit counts and displacements.  With MPI-4 they map onto the _c functions; otherwise
 * onto the int forms, refusing what does not fit. */
#if MOTOR_MPI_LARGE_COUNT
static inline int motor_compat_isend(const void *b, int64_t n, int peer, int tag, MPI_Comm c, MPI_Request *r)
{
	return MPI_Isend_c(b, (MPI_Count)n, MPI_BYTE, peer, tag, c, r);
}
static inline int motor_compat_imrecv(void *b, int64_t n, MPI_Message *m, MPI_Request *r)
{
	return MPI_Imrecv_c(b, (MPI_Count)n, MPI_BYTE, m, r);
}
#else
static inline int motor_compat_isend(const void *b, int64_t n, int peer, int tag, MPI_Comm c, MPI_Request *r)
{
	return n > INT_MAX ? MPI_ERR_COUNT : MPI_Isend(b, (int)n, MPI_BYTE, peer, tag, c, r);
}
static inline int motor_compat_imrecv(void *b, int64_t n, MPI_Message *m, MPI_Request *r)
{
	return MPI_Imrecv(b, n > INT_MAX ? INT_MAX : (int)n, MPI_BYTE, m, r);
}
#endif

/* Posts a Scatterv (op 0), Gatherv (1) or Allgatherv (2) of bytes.  counts/displs have one entry per rank
 * (`size`) or are NULL where MPI does not read them; `tc`/`td` are caller-owned scratch of `size` 8-byte slots
 * that receive them in the library's types and must stay alive until the request completes (MPI reads the
 * count arrays of a nonblocking collective until then). */
_Static_assert(sizeof(MPI_Aint) == 8 && sizeof(MPI_Count) == 8, "64-bit MPI_Aint and MPI_Count expected");
static inline int motor_compat_ibytesv(int op, const void *sb, int64_t sn, void *rb, int64_t rn, const int64_t *counts,
				       const int64_t *displs, int size, int64_t *tc, int64_t *td, int root, MPI_Comm c,
				       MPI_Request *r)
{
#if MOTOR_MPI_LARGE_COUNT
	MPI_Count *cn = counts ? (MPI_Count *)(void *)tc : NULL;
	MPI_Aint *dp = counts ? (MPI_Aint *)(void *)td : NULL;
	for (int i = 0; counts && i < size; i++) {
		cn[i] = (MPI_Count)counts[i];
		dp[i] = (MPI_Aint)displs[i];
	}
	if (op == 0)
		return MPI_Iscatterv_c(sb, cn, dp, MPI_BYTE, rb, (MPI_Count)rn, MPI_BYTE, root, c, r);
	if (op == 1)
		return MPI_Igatherv_c(sb, (MPI_Count)sn, MPI_BYTE, rb, cn, dp, MPI_BYTE, root, c, r);
	return MPI_Iallgatherv_c(sb, (MPI_Count)sn, MPI_BYTE, rb, cn, dp, MPI_BYTE, c, r);
#else
	int *cn = counts ? (int *)(void *)tc : NULL;
	int *dp = counts ? (int *)(void *)td : NULL;
	if (sn > INT_MAX || rn > INT_MAX)
		return MPI_ERR_COUNT;
	for (int i = 0; counts && i < size; i++) {
		if (counts[i] > INT_MAX || displs[i] > INT_MAX)
			return MPI_ERR_COUNT;
		cn[i] = (int)counts[i];
		dp[i] = (int)displs[i];
	}
	if (op == 0)
		return MPI_Iscatterv(sb, cn, dp, MPI_BYTE, rb, (int)rn, MPI_BYTE, root, c, r);
	if (op == 1)
		return MPI_Igatherv(sb, (int)sn, MPI_BYTE, rb, cn, dp, MPI_BYTE, root, c, r);
	return MPI_Iallgatherv(sb, (int)sn, MPI_BYTE, rb, cn, dp, MPI_BYTE, c, r);
#endif
}

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
#if defined(OPEN_MPI) && OMPI_MAJOR_VERSION < 5 /* 5.x moved single copy to the smsc framework; not checked */
	setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 0);
#endif
}

/* Whether a send-receive whose send goes to self should post the send first.  Open MPI 4.1 (ob1, self BTL)
 * completes a message to self that arrives in a receive posted before it, and is too small, without any error:
 * the receive reports success and holds the first bytes only.  Sent first, the message is matched as it is
 * received and the truncation is reported.  Reproduced with Open MPI 4.1.4: MPI_Irecv of 8 ints, then
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
#define MOTOR_MPI_FLAVOUR                                                                                     \
	"Open MPI " MOTOR_MPI_STR(OMPI_MAJOR_VERSION) "." MOTOR_MPI_STR(OMPI_MINOR_VERSION) "." MOTOR_MPI_STR(  \
	    OMPI_RELEASE_VERSION)
#else
#define MOTOR_MPI_FLAVOUR "MPI"
#endif

/* Whether a request a library has just returned from a non-blocking call is already complete, known without
 * calling MPI (each MPI call takes the library's lock under MPI_THREAD_MULTIPLE: ~40 ns).  MPICH hands out one
 * of a few built-in, pre-completed request handles when the transport finished the operation during the call --
 * an eager send copied out at once, a receive from MPI_PROC_NULL (src/include/mpir_request.h in MPICH 4.0:
 * MPIR_Request_create_complete; handles of kind HANDLE_KIND_BUILTIN, src/include/mpir_objects.h).  Completing
 * such a handle with MPI_Test only nulls it and frees nothing.  Elsewhere the answer is "not known" (0), and the
 * caller tests as usual. */
#if defined(MPICH_VERSION) && MPI_VERSION >= 4
static inline int motor_compat_done_at_post(MPI_Request r)
{
	/* Top two bits 01 (built-in), next four the MPI object kind of requests (0x2c000000 = MPI_REQUEST_NULL,
	 * which is of kind "invalid"). */
	return ((unsigned)r & 0xfc000000u) == (0x40000000u | ((unsigned)MPI_REQUEST_NULL & 0x3c000000u));
}
#else
static inline int motor_compat_done_at_post(MPI_Request r)
{
	(void)r;
	return 0;
}
#endif

#endif /* MOTOR_MPI_COMPAT_H */
