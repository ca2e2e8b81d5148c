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

int motor_mpi_error_class(int code)
{
	int cls = code;
	if (code > 0 && !motor_mpi_finalized() && MPI_Error_class(code, &cls) != MPI_SUCCESS)
		cls = MPI_ERR_UNKNOWN;
	return cls;
}
