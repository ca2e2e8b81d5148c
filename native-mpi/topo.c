/*
 * topo.c - Cartesian topologies (MPI_Cart_*, MPI_Dims_create).
 *
 * Arguments are checked here, before MPI: a dimension of zero or below, a grid larger than the communicator,
 * coordinates outside a non-periodic dimension.  MPI would report some of these through an error handler and
 * leave others undefined.
 */
#include <stdlib.h>

#include "motor-mpi-internal.h"

/* The communicator if it carries a Cartesian topology, with its number of dimensions. */
static int cart(int comm, struct motor_comm **out, int *ndims)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	int kind = MPI_UNDEFINED, rc;

	if (!c)
		return MOTOR_ECOMM;
	if ((rc = MPI_Topo_test(c->comm, &kind)) != MPI_SUCCESS)
		return rc;
	if (kind != MPI_CART)
		return MOTOR_ETOPO;
	*out = c;
	return MPI_Cartdim_get(c->comm, ndims);
}

int motor_mpi_cart_create(int comm, int ndims, const int32_t *dims, const int32_t *periods, int reorder,
			  int *newcomm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Comm nc = MPI_COMM_NULL;
	struct motor_block b;

	if (!c)
		return MOTOR_ECOMM;
	if (c->inter)
		return MOTOR_EINTER;
	int64_t cells = 1;
	int rc = ndims < 0 ? MOTOR_EARG : MOTOR_OK;
	for (int i = 0; rc == MOTOR_OK && i < ndims; i++) {
		cells *= dims[i];
		if (dims[i] <= 0 || cells > c->size)
			rc = MOTOR_EDIMS;
	}
	/* Ranks may pass different grids: agree before MPI_Cart_create, as the collectives do (coll.c). */
	if ((rc = motor_mpi__agree(c, rc)) != MOTOR_OK)
		return rc;
	int *d = malloc(sizeof(int) * (size_t)(ndims + 1)), *p = malloc(sizeof(int) * (size_t)(ndims + 1));
	rc = MOTOR_ENOMEM;
	if (!d || !p)
		goto out;
	for (int i = 0; i < ndims; i++) {
		d[i] = dims[i];
		p[i] = periods[i] != 0;
	}
	motor_mpi__block_begin(&b);
	rc = MPI_Cart_create(c->comm, ndims, d, p, reorder != 0, &nc);
	motor_mpi__block_end(&b);
	rc = motor_mpi__comm_made(rc, nc, newcomm);
out:
	free(p);
	free(d);
	return rc;
}

int motor_mpi_cart_get(int comm, int maxdims, int32_t *dims, int32_t *periods, int32_t *coords, int *ndims)
{
	struct motor_comm *c;
	int rc = cart(comm, &c, ndims);

	if (rc != MOTOR_OK)
		return rc;
	if (maxdims < *ndims)
		return maxdims == 0 ? MOTOR_OK : MOTOR_ECOUNT;
	int n = *ndims ? *ndims : 1;
	int *buf = malloc(sizeof(int) * 3 * (size_t)n);
	if (!buf)
		return MOTOR_ENOMEM;
	rc = MPI_Cart_get(c->comm, *ndims, buf, buf + n, buf + 2 * n);
	for (int i = 0; rc == MPI_SUCCESS && i < *ndims; i++) {
		dims[i] = buf[i];
		periods[i] = buf[n + i];
		coords[i] = buf[2 * n + i];
	}
	free(buf);
	return rc;
}

int motor_mpi_cart_coords(int comm, int rank, int maxdims, int32_t *coords)
{
	struct motor_comm *c;
	int ndims, rc = cart(comm, &c, &ndims);

	if (rc != MOTOR_OK)
		return rc;
	if (rank < 0 || rank >= c->size)
		return MOTOR_ERANK;
	if (maxdims != ndims)
		return MOTOR_EDIMS;
	int *buf = malloc(sizeof(int) * (size_t)(ndims ? ndims : 1));
	if (!buf)
		return MOTOR_ENOMEM;
	rc = MPI_Cart_coords(c->comm, rank, ndims, buf);
	for (int i = 0; rc == MPI_SUCCESS && i < ndims; i++)
		coords[i] = buf[i];
	free(buf);
	return rc;
}

int motor_mpi_cart_rank(int comm, int n, const int32_t *coords, int *rank)
{
	struct motor_comm *c;
	int ndims, rc = cart(comm, &c, &ndims);

	if (rc != MOTOR_OK)
		return rc;
	if (n != ndims)
		return MOTOR_EDIMS;
	int *buf = malloc(sizeof(int) * 3 * (size_t)(ndims ? ndims : 1));
	if (!buf)
		return MOTOR_ENOMEM;
	int *dims = buf, *periods = buf + ndims, *mine = buf + 2 * ndims;
	rc = MPI_Cart_get(c->comm, ndims, dims, periods, mine);
	/* Out-of-range coordinates are an error in a non-periodic dimension; MPI wraps periodic ones. */
	for (int i = 0; rc == MPI_SUCCESS && i < ndims; i++) {
		if (!periods[i] && (coords[i] < 0 || coords[i] >= dims[i]))
			rc = MOTOR_ECOORDS;
		mine[i] = coords[i];
	}
	if (rc == MPI_SUCCESS)
		rc = MPI_Cart_rank(c->comm, mine, rank);
	free(buf);
	return rc;
}

int motor_mpi_cart_shift(int comm, int direction, int disp, int *source, int *dest)
{
	struct motor_comm *c;
	int ndims, rc = cart(comm, &c, &ndims);

	if (rc != MOTOR_OK)
		return rc;
	if (direction < 0 || direction >= ndims)
		return MOTOR_EDIMS;
	if ((rc = MPI_Cart_shift(c->comm, direction, disp, source, dest)) != MPI_SUCCESS)
		return rc;
	if (*source == MPI_PROC_NULL)
		*source = MOTOR_PROC_NULL;
	if (*dest == MPI_PROC_NULL)
		*dest = MOTOR_PROC_NULL;
	return MOTOR_OK;
}

int motor_mpi_dims_create(int nnodes, int ndims, int32_t *dims)
{
	if (nnodes <= 0 || ndims < 0)
		return MOTOR_EARG;
	/* Fixed entries must divide nnodes, else MPI_Dims_create fails. */
	int64_t fixed = 1;
	for (int i = 0; i < ndims; i++) {
		if (dims[i] < 0)
			return MOTOR_EDIMS;
		if (dims[i] > 0)
			fixed *= dims[i];
		if (fixed > nnodes)
			return MOTOR_EDIMS;
	}
	if (nnodes % fixed != 0)
		return MOTOR_EDIMS;
	int *buf = malloc(sizeof(int) * (size_t)(ndims ? ndims : 1));
	if (!buf)
		return MOTOR_ENOMEM;
	for (int i = 0; i < ndims; i++)
		buf[i] = dims[i];
	int rc = MPI_Dims_create(nnodes, ndims, buf);
	for (int i = 0; rc == MPI_SUCCESS && i < ndims; i++)
		dims[i] = buf[i];
	free(buf);
	return rc;
}
