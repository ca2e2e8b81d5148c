/*
 * icall-comm.c - internal calls on communicators.
 */
#include "icalls.h"
#include "motor-pin.h"
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

/* Comm.Idup: reserves the new communicator's handle and posts MPI_Comm_idup into a request slot, whose
 * completion makes the handle valid. */
int32_t motor_icall_comm_idup(int32_t comm, MonoObject *req, int32_t *newcomm)
{
	void *ctx;
	int h = -1;
	int rc = motor_mpi_comm_idup_prepare(comm, &h, &ctx);
	if (rc != MOTOR_OK)
		return rc;
	if ((rc = motor_pin_post_op(req, ctx, motor_mpi_comm_idup_post, motor_mpi_comm_idup_done)) !=
	    MOTOR_OK) {
		motor_mpi_comm_idup_abandon(ctx);
		return rc;
	}
	*newcomm = h;
	return MOTOR_OK;
}
