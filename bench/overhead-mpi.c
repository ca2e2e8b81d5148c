/*
 * overhead-mpi.c - an MPI that does nothing, for bench/run-overhead.sh.  Loaded with LD_PRELOAD, it takes
 * over the point-to-point calls on one tag (77) through the profiling interface: MPI_Irecv, MPI_Isend and
 * MPI_Send return at once, and the requests they hand out are complete at the first MPI_Test or MPI_Wait.
 * Everything else, and every other tag, goes to the real library.  What is left of an Irecv + Send + Wait is
 * the cost of the layers above MPI: nothing in C, Motor's runtime in System.MP.
 *
 * Tag 78 is a loopback for bench/run-instructions.sh's message modes: a send (MPI_Send, MPI_Isend,
 * MPI_Isend_c) copies its bytes into one stash, and the next receive (MPI_Irecv, or a matched probe --
 * MPI_Improbe, MPI_Mprobe -- and MPI_Imrecv/MPI_Imrecv_c) copies them out, so a rank that sends to itself
 * through it runs the whole send and receive path, with one memcpy on each side standing in for the
 * transport.
 */
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

enum { TAG = 77, LOOP_TAG = 78 };

/* A request of ours, complete at its first test: never a handle the library hands out. */
#if defined(MPICH_VERSION)
#define FAKE ((MPI_Request)0x7777)
/* What MPICH returns for an eager send it copied out during MPI_Isend: a built-in, complete request, which
 * Motor recognises without an MPI call (native-mpi/mpi-compat.h).  The real library does this for the small
 * messages this measures, so the fake does too. */
#define FAKE_SEND ((MPI_Request)(0x40000000u | ((unsigned)MPI_REQUEST_NULL & 0x3c000000u)))
#else
static char fake_request;
#define FAKE ((MPI_Request)(void *)&fake_request)
#define FAKE_SEND FAKE
#endif

/* The loopback's receive requests and matched messages, complete at their first test like FAKE. */
#if defined(MPICH_VERSION)
#define FAKE_RECV ((MPI_Request)0x7778)
#define FAKE_MSG ((MPI_Message)0x7779)
#else
static char fake_recv, fake_msg;
#define FAKE_RECV ((MPI_Request)(void *)&fake_recv)
#define FAKE_MSG ((MPI_Message)(void *)&fake_msg)
#endif

static char *stash;
static size_t stash_len, stash_cap, last_recv;
static int stash_full;

static size_t bytes_of(MPI_Count count, MPI_Datatype dt)
{
	int size = 0;
	PMPI_Type_size(dt, &size);
	return (size_t)count * (size_t)size;
}

static void put(const void *buf, size_t n)
{
	if (n > stash_cap) {
		stash = realloc(stash, n);
		stash_cap = n;
	}
	memcpy(stash, buf, n);
	stash_len = n;
	stash_full = 1;
}

static void take(void *buf, size_t cap)
{
	last_recv = stash_len < cap ? stash_len : cap;
	memcpy(buf, stash, last_recv);
	stash_full = 0;
}

static void fill_loop(MPI_Status *st, size_t n)
{
	if (st != MPI_STATUS_IGNORE) {
		st->MPI_SOURCE = 1;
		st->MPI_TAG = LOOP_TAG;
		st->MPI_ERROR = MPI_SUCCESS;
		PMPI_Status_set_elements_x(st, MPI_BYTE, (MPI_Count)n);
		PMPI_Status_set_cancelled(st, 0);
	}
}

int MPI_Irecv(void *buf, int count, MPI_Datatype dt, int source, int tag, MPI_Comm comm, MPI_Request *req)
{
	if (tag == LOOP_TAG) {
		take(buf, bytes_of(count, dt));
		*req = FAKE_RECV;
		return MPI_SUCCESS;
	}
	if (tag != TAG)
		return PMPI_Irecv(buf, count, dt, source, tag, comm, req);
	*req = FAKE;
	return MPI_SUCCESS;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm, MPI_Request *req)
{
	if (tag == LOOP_TAG)
		put(buf, bytes_of(count, dt));
	else if (tag != TAG)
		return PMPI_Isend(buf, count, dt, dest, tag, comm, req);
	*req = FAKE_SEND;
	return MPI_SUCCESS;
}

int MPI_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
	if (tag == LOOP_TAG) {
		put(buf, bytes_of(count, dt));
		return MPI_SUCCESS;
	}
	return tag == TAG ? MPI_SUCCESS : PMPI_Send(buf, count, dt, dest, tag, comm);
}

static void fill(MPI_Status *st)
{
	if (st != MPI_STATUS_IGNORE) {
		st->MPI_SOURCE = 0;
		st->MPI_TAG = TAG;
		st->MPI_ERROR = MPI_SUCCESS;
	}
}

#if MPI_VERSION >= 4
int MPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm,
                MPI_Request *req)
{
	if (tag != LOOP_TAG)
		return PMPI_Isend_c(buf, count, dt, dest, tag, comm, req);
	put(buf, bytes_of(count, dt));
	*req = FAKE_SEND;
	return MPI_SUCCESS;
}

int MPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype dt, MPI_Message *msg, MPI_Request *req)
{
	if (*msg != FAKE_MSG)
		return PMPI_Imrecv_c(buf, count, dt, msg, req);
	take(buf, bytes_of(count, dt));
	*msg = MPI_MESSAGE_NULL;
	*req = FAKE_RECV;
	return MPI_SUCCESS;
}
#endif

int MPI_Imrecv(void *buf, int count, MPI_Datatype dt, MPI_Message *msg, MPI_Request *req)
{
	if (*msg != FAKE_MSG)
		return PMPI_Imrecv(buf, count, dt, msg, req);
	take(buf, bytes_of(count, dt));
	*msg = MPI_MESSAGE_NULL;
	*req = FAKE_RECV;
	return MPI_SUCCESS;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *msg, MPI_Status *st)
{
	if (tag != LOOP_TAG)
		return PMPI_Improbe(source, tag, comm, flag, msg, st);
	*flag = stash_full;
	if (stash_full) {
		*msg = FAKE_MSG;
		fill_loop(st, stash_len);
	}
	return MPI_SUCCESS;
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *msg, MPI_Status *st)
{
	if (tag != LOOP_TAG)
		return PMPI_Mprobe(source, tag, comm, msg, st);
	*msg = FAKE_MSG; /* the benchmark always sends first */
	fill_loop(st, stash_len);
	return MPI_SUCCESS;
}

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *st)
{
	if (*req == FAKE_RECV) {
		*req = MPI_REQUEST_NULL;
		*flag = 1;
		fill_loop(st, last_recv);
		return MPI_SUCCESS;
	}
	if (*req != FAKE && *req != FAKE_SEND)
		return PMPI_Test(req, flag, st);
	*req = MPI_REQUEST_NULL;
	*flag = 1;
	fill(st);
	return MPI_SUCCESS;
}

int MPI_Wait(MPI_Request *req, MPI_Status *st)
{
	if (*req == FAKE_RECV) {
		*req = MPI_REQUEST_NULL;
		fill_loop(st, last_recv);
		return MPI_SUCCESS;
	}
	if (*req != FAKE && *req != FAKE_SEND)
		return PMPI_Wait(req, st);
	*req = MPI_REQUEST_NULL;
	fill(st);
	return MPI_SUCCESS;
}
