/*
 * errors.c - messages and classes for both kinds of error code (MPI's positive, Motor's negative).
 */
#include <stdio.h>

#include "motor-mpi-internal.h"

static const char *motor_message(int code)
{
	switch (code) {
	case MOTOR_ENULL:
		return "buffer is null";
	case MOTOR_EBUFTYPE:
		return "object cannot be an MPI buffer";
	case MOTOR_EOFFSET:
		return "offset is outside the buffer";
	case MOTOR_ECOUNT:
		return "count is negative or runs past the end of the buffer";
	case MOTOR_ERANK:
		return "rank is not in the communicator";
	case MOTOR_ETAG:
		return "tag is out of range";
	case MOTOR_ECOMM:
		return "communicator is not valid (freed, or MPI finalized)";
	case MOTOR_ENOTARRAY:
		return "offset/count given for an object that is not an array";
	case MOTOR_EFINALIZED:
		return "MPI has been finalized";
	case MOTOR_ENOMEM:
		return "out of memory";
	case MOTOR_EALIAS:
		return "send and receive buffers must be distinct objects";
	case MOTOR_EARG:
		return "invalid argument";
	case MOTOR_ECOMMFREE:
		return "COMM_WORLD and COMM_SELF cannot be freed";
	case MOTOR_EBUSY:
		return "the request is being completed by another thread";
	case MOTOR_EOVERLAP:
		return "the buffer overlaps that of an operation in flight it may match (a message to "
		       "itself)";
	case MOTOR_EINPLACE:
		return "MPI.IN_PLACE is not a buffer: only the collectives with an in-place form take it";
	case MOTOR_ECOMMLIMIT:
		return "too many communicators: free the ones you no longer need (Comm.Free)";
	case MOTOR_EGROUP:
		return "group is not valid (freed, or MPI finalized)";
	case MOTOR_EINTER:
		return "the operation needs an intracommunicator";
	case MOTOR_EINTRA:
		return "the operation needs an intercommunicator";
	case MOTOR_ETOPO:
		return "the communicator has no topology of the kind the operation needs";
	case MOTOR_EDIMS:
		return "dimensions do not fit the communicator";
	case MOTOR_ECOORDS:
		return "coordinate outside a non-periodic dimension";
	case MOTOR_EGRAPH:
		return "the index, edges, sources, destinations or weights do not describe a graph";
	case MOTOR_EMISMATCH:
		return "the ranks passed arguments that do not fit together";
	case MOTOR_EREMOTE:
		return "the root (or leader) of the collective operation refused its arguments";
	case MOTOR_EOP:
		return "reduction operator is not valid (freed, or never created)";
	case MOTOR_EOPTYPE:
		return "reduction operator is not defined for the element type";
	case MOTOR_ESIZE:
		return "buffer sizes do not fit the collective operation";
	case MOTOR_ETYPE:
		return "send and receive buffers have different element types";
	case MOTOR_EFILE:
		return "the file has been closed";
	case MOTOR_ESEQUENTIAL:
		return "explicit offsets are not allowed on a file opened with MODE_SEQUENTIAL";
	case MOTOR_EACCMODE:
		return "the file's access mode does not allow the operation (a read of a write-only file or "
		       "a write "
		       "to a read-only one)";
	case MOTOR_EAMODE:
		return "the access mode is not allowed: exactly one of MODE_RDONLY, MODE_WRONLY and "
		       "MODE_RDWR; "
		       "no MODE_CREATE or MODE_EXCL with MODE_RDONLY; no MODE_SEQUENTIAL with MODE_RDWR";
	default:
		return "unknown Motor error";
	}
}

void motor_mpi_error_string(int code, char *buf, size_t buflen)
{
	if (buflen == 0)
		return;
	if (code < 0) {
		snprintf(buf, buflen, "%s", motor_message(code));
		return;
	}
	char msg[MPI_MAX_ERROR_STRING + 1];
	int len = 0;
	if (motor_mpi_finalized() || MPI_Error_string(code, msg, &len) != MPI_SUCCESS) {
		snprintf(buf, buflen, "MPI error %d", code);
		return;
	}
	msg[len] = '\0';
	snprintf(buf, buflen, "%s", msg);
}

int motor_mpi_truncate_class(void)
{
	return MPI_ERR_TRUNCATE;
}

int motor_mpi_error_class(int code)
{
	int cls = code;
	if (code > 0 && !motor_mpi_finalized() && MPI_Error_class(code, &cls) != MPI_SUCCESS)
		cls = MPI_ERR_UNKNOWN;
	return cls;
}
