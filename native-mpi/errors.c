/*
 * errors.c - messages and classes for both kinds of error code (MPI's positive, Motor's negative).
 */
#include <stdio.h>

#include "motor-mpi-internal.h"

/* The messages of errors.def, by code. */
static const char *motor_message(int code)
{
	switch (code) {
#define MOTOR_ERROR(name, value, kind, message)                                                              \
	case (value):                                                                                        \
		return message;
#define MOTOR_SER_ERROR(name, value, kind, message) MOTOR_ERROR(name, value, kind, message)
#include "errors.def"
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

const char *motor_mpi_argument_name(int cls)
{
	static const struct {
		int cls;
		const char *name;
	} args[] = {
	    {MPI_ERR_BUFFER, "buffer"},
	    {MPI_ERR_COUNT, "count"},
	    {MPI_ERR_TYPE, "datatype"},
	    {MPI_ERR_TAG, "tag"},
	    {MPI_ERR_COMM, "comm"},
	    {MPI_ERR_RANK, "rank"},
	    {MPI_ERR_REQUEST, "request"},
	    {MPI_ERR_ROOT, "root"},
	    {MPI_ERR_GROUP, "group"},
	    {MPI_ERR_OP, "op"},
	    {MPI_ERR_TOPOLOGY, "comm"},
	    {MPI_ERR_DIMS, "dims"},
	    {MPI_ERR_ARG, ""},
	    {MPI_ERR_FILE, "file"},
	    {MPI_ERR_WIN, "window"},
	};
	for (size_t i = 0; i < sizeof args / sizeof args[0]; i++)
		if (args[i].cls == cls)
			return args[i].name;
	return NULL;
}

int motor_mpi_error_class(int code)
{
	int cls = code;
	if (code > 0 && !motor_mpi_finalized() && MPI_Error_class(code, &cls) != MPI_SUCCESS)
		cls = MPI_ERR_UNKNOWN;
	return cls;
}
