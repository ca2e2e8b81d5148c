/*
 * icall-comm.c - internal calls on communicators.
 */
#include "icalls.h"
#include "motor-runtime.h"

int32_t motor_icall_comm_rank(int32_t comm)
{
	int rank;
	int rc = motor_mpi_comm_rank(comm, &rank);
	return rc == MOTOR_OK ? rank : rc;
}

int32_t motor_icall_comm_size(int32_t comm)
{
	int size;
	int rc = motor_mpi_comm_size(comm, &size);
	return rc == MOTOR_OK ? size : rc;
}

int32_t motor_icall_comm_dup(int32_t comm, int32_t *newcomm)
{
	int h = -1;
	int rc = motor_mpi_comm_dup(comm, &h);
	*newcomm = h;
	return rc;
}

int32_t motor_icall_comm_free(int32_t comm)
{
	return motor_mpi_comm_free(comm);
}

int32_t motor_icall_barrier(int32_t comm)
{
	return motor_mpi_barrier(comm);
}
