/*
 * overhead-mpi.c - an MPI that does nothing, for bench/run-overhead.sh.  Loaded with LD_PRELOAD, it takes
 * over the point-to-point calls on one tag (77) through the profiling interface: MPI_Irecv, MPI_Isend and
 * MPI_Send return at once, and the requests they hand out are complete at the first MPI_Test or MPI_Wait.
 * Everything else, and every other tag, goes to the real library.  What is left of an Irecv + Send + Wait is
 * the cost of the layers above MPI: nothing in C, Motor's runtime in System.MP.
 */
#include <mpi.h>

enum { TAG = 77 };

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

int MPI_Irecv(void *buf, int count, MPI_Datatype dt, int source, int tag, MPI_Comm comm, MPI_Request *req)
{
	if (tag != TAG)
		return PMPI_Irecv(buf, count, dt, source, tag, comm, req);
	*req = FAKE;
	return MPI_SUCCESS;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm, MPI_Request *req)
{
	if (tag != TAG)
		return PMPI_Isend(buf, count, dt, dest, tag, comm, req);
	*req = FAKE_SEND;
	return MPI_SUCCESS;
}

int MPI_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
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

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *st)
{
	if (*req != FAKE)
		return PMPI_Test(req, flag, st);
	*req = MPI_REQUEST_NULL;
	*flag = 1;
	fill(st);
	return MPI_SUCCESS;
}

int MPI_Wait(MPI_Request *req, MPI_Status *st)
{
	if (*req != FAKE)
		return PMPI_Wait(req, st);
	*req = MPI_REQUEST_NULL;
	fill(st);
	return MPI_SUCCESS;
}
