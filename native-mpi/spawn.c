/*
 * spawn.c - dynamic processes: MPI_Comm_spawn and MPI_Comm_get_parent.
 *
 * The runtime passes the command to start (its own executable) and the arguments (the program and its
 * arguments); this layer knows nothing of managed programs.  Not every MPI library can start processes here:
 * Debian 12's MPICH 4.0.2 fails in MPID_Comm_spawn_multiple ("Error in spawn call", class MPI_ERR_OTHER), and
 * the error comes back as the MPI library's code, with nothing started and nothing left behind (the managed
 * side names the library in its message).  Open MPI 4.1.4 spawns.
 */
#include <pthread.h>
#include <stdlib.h>

#include "motor-mpi-internal.h"

static pthread_mutex_t parent_lock = PTHREAD_MUTEX_INITIALIZER;
static int parent_handle = -2; /* -2: not looked up yet; -1: no parent */

int motor_mpi_comm_spawn(const char *command, char **argv, int maxprocs, int root, int comm, int *intercomm,
                         int32_t *errcodes)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Comm ic = MPI_COMM_NULL;
	struct motor_block b;

	if (!c)
		return MOTOR_ECOMM;
	if (c->inter)
		return MOTOR_EINTER;
	if (root < 0 || root >= c->size)
		return MOTOR_ERANK;
	/* The arguments matter only at the root, which tells the others whether they are valid before anyone
	 * enters MPI_Comm_spawn: a bad program raises on every rank instead of leaving the others waiting. */
	int verdict = MOTOR_OK;
	if (c->rank == root && (!command || !argv || maxprocs <= 0))
		verdict = MOTOR_EARG;
	int n = c->rank == root && maxprocs > 0 ? maxprocs : 1;
	int *codes = calloc((size_t)n, sizeof(int));
	if (!codes)
		verdict = MOTOR_ENOMEM;
	motor_mpi__block_begin(&b);
	int rc = MPI_Bcast(&verdict, 1, MPI_INT, root, c->comm);
	if (rc == MPI_SUCCESS && verdict == MOTOR_OK)
		rc = MPI_Comm_spawn(command, argv, maxprocs, MPI_INFO_NULL, root, c->comm, &ic,
		                    c->rank == root ? codes : MPI_ERRCODES_IGNORE);
	motor_mpi__block_end(&b);
	if (rc == MPI_SUCCESS && verdict != MOTOR_OK) {
		free(codes);
		return c->rank == root ? verdict : MOTOR_EREMOTE;
	}
	if (c->rank == root && errcodes && codes)
		for (int i = 0; i < maxprocs; i++)
			errcodes[i] = codes[i];
	free(codes);
	return motor_mpi__comm_made(rc, ic, intercomm);
}

int motor_mpi_comm_get_parent(int *parent)
{
	int rc = MOTOR_OK;

	pthread_mutex_lock(&parent_lock);
	if (parent_handle == -2) {
		/* The table takes the parent communicator itself (not a duplicate: duplicating an
		 * intercommunicator is collective over both groups).  Once the program frees it, there is no
		 * parent any more, as in MPI, where MPI_Comm_get_parent returns MPI_COMM_NULL after the
		 * parent communicator is freed. */
		MPI_Comm p = MPI_COMM_NULL;
		if ((rc = MPI_Comm_get_parent(&p)) == MPI_SUCCESS)
			rc = p == MPI_COMM_NULL ? MOTOR_OK : motor_mpi__comm_add(p, &parent_handle);
		if (rc != MOTOR_OK || p == MPI_COMM_NULL)
			parent_handle = -1;
	}
	*parent = parent_handle;
	pthread_mutex_unlock(&parent_lock);
	return rc;
}

void motor_mpi__comm_freed(int handle)
{
	pthread_mutex_lock(&parent_lock);
	if (handle == parent_handle)
		parent_handle = -1;
	pthread_mutex_unlock(&parent_lock);
}
