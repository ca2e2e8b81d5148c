/*
 * topo.c - process topologies: Cartesian grids (MPI_Cart_*, MPI_Dims_create), graphs (MPI_Graph_*) and
 * distributed graphs (MPI_Dist_graph_*).
 *
 * Arguments are checked here, before MPI: a dimension of zero or below, a grid larger than the communicator,
 * coordinates outside a non-periodic dimension, a graph whose index or edges do not describe a graph.  MPI
 * would report some of these through an error handler and leave others undefined.
 *
 * The constructors are collective and agree first (motor_mpi__agree), as the collectives do: a rank that
 * refuses its own arguments never leaves the others waiting in MPI.  Arguments that MPI requires to be the
 * same on every rank (a graph, the dimensions Cart_sub keeps) or to fit together (a distributed graph's
 * edges, named at both ends) are then compared across ranks, because MPI leaves a mismatch undefined: a
 * topology that disagrees with itself, and neighbour collectives that wait forever.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "motor-mpi-internal.h"

/* ---- arguments that must agree across ranks -------------------------------------------------------- */

/* FNV-1a over `n` ints, continuing from `h` (FNV_BASIS to start). */
#define FNV_BASIS 14695981039346656037u
static uint64_t hash_ints(uint64_t h, const int32_t *v, int n)
{
	for (int i = 0; i < n; i++) {
		uint32_t x = (uint32_t)v[i];
		for (int k = 0; k < 4; k++, x >>= 8)
			h = (h ^ (x & 0xff)) * 1099511628211u;
	}
	return h;
}

/* After an agreement that every rank accepted its own arguments: MOTOR_OK when every rank of `c` passed the
 * arguments that hash to `h`, else MOTOR_EMISMATCH on every rank.  One MPI_Allreduce of two int64: the
 * minimum of h and of -h, which agree only when every h is the same. */
static int same_everywhere(const struct motor_comm *c, uint64_t h)
{
	if (c->size == 1)
		return MOTOR_OK;
	int64_t v[2] = {(int64_t)(h >> 1), -(int64_t)(h >> 1)};
	struct motor_block b;
	motor_mpi__block_begin(&b);
	int rc = MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_INT64_T, MPI_MIN, c->comm);
	motor_mpi__block_end(&b);
	if (rc != MPI_SUCCESS)
		return rc;
	return v[0] == -v[1] ? MOTOR_OK : MOTOR_EMISMATCH;
}

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
	/* Ranks may refuse their grids: agree before MPI_Cart_create, as the collectives do (coll.c); then
	 * compare the grids, which MPI requires to be the same everywhere. */
	if ((rc = motor_mpi__agree(c, rc)) != MOTOR_OK)
		return rc;
	int32_t shape[2] = {ndims, reorder != 0};
	uint64_t h = hash_ints(hash_ints(hash_ints(FNV_BASIS, shape, 2), dims, ndims), periods, ndims);
	if ((rc = same_everywhere(c, h)) != MOTOR_OK)
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
	/* MPI adds disp to a coordinate, which overflows for a disp near the int's limits: a periodic
	 * dimension takes it modulo its extent, and past its extent a non-periodic one has no neighbour
	 * either way. */
	int *buf = malloc(sizeof(int) * 3 * (size_t)ndims);
	if (!buf)
		return MOTOR_ENOMEM;
	rc = MPI_Cart_get(c->comm, ndims, buf, buf + ndims, buf + 2 * ndims);
	int64_t extent = buf[direction], periodic = buf[ndims + direction];
	free(buf);
	if (rc != MPI_SUCCESS)
		return rc;
	int64_t d = periodic         ? (int64_t)disp % extent
	            : disp < -extent ? -extent
	            : disp > extent  ? extent
	                             : disp;
	if ((rc = MPI_Cart_shift(c->comm, direction, (int)d, source, dest)) != MPI_SUCCESS)
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
	/* With no entry to fill, the grid is what it is: it must have nnodes cells. */
	int free_entries = 0;
	for (int i = 0; i < ndims; i++)
		free_entries += dims[i] == 0;
	if (nnodes % fixed != 0 || (!free_entries && fixed != nnodes))
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

static struct motor_comm *intra(int comm, int *rc)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	*rc = !c ? MOTOR_ECOMM : c->inter ? MOTOR_EINTER : MOTOR_OK;
	return c;
}

/* The communicator if it carries topology `want` (MPI_GRAPH, MPI_DIST_GRAPH). */
static int topo(int comm, int want, struct motor_comm **out)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	int kind = MPI_UNDEFINED, rc;

	if (!c)
		return MOTOR_ECOMM;
	if ((rc = MPI_Topo_test(c->comm, &kind)) != MPI_SUCCESS)
		return rc;
	if (kind != want)
		return MOTOR_ETOPO;
	*out = c;
	return MOTOR_OK;
}

/* ---- Cart_sub ---------------------------------------------------------------------------------------- */

int motor_mpi_cart_sub(int comm, int n, const int32_t *remain, int *newcomm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	int ndims = 0, rc, *r = NULL;
	MPI_Comm nc = MPI_COMM_NULL;

	if (!c)
		return MOTOR_ECOMM;
	rc = cart(comm, &c, &ndims);
	if (rc == MOTOR_OK && n != ndims)
		rc = MOTOR_EDIMS;
	if (rc == MOTOR_OK && !(r = malloc(sizeof(int) * (size_t)(ndims + 1))))
		rc = MOTOR_ENOMEM;
	if ((rc = motor_mpi__agree(c, rc)) != MOTOR_OK)
		goto out;
	uint64_t h = FNV_BASIS;
	for (int i = 0; i < ndims; i++) {
		r[i] = remain[i] != 0;
		h = hash_ints(h, &r[i], 1);
	}
	if ((rc = same_everywhere(c, h)) != MOTOR_OK)
		goto out;
	int kept = 0;
	for (int i = 0; i < ndims; i++)
		kept += r[i];
	struct motor_block b;
	motor_mpi__block_begin(&b);
	/* Keeping no dimension leaves each rank alone in a grid of no dimensions.  MPICH's MPI_Cart_sub gives
	 * that grid to rank 0 only (MPI_COMM_NULL elsewhere), so it is made here, from MPI_COMM_SELF, on
	 * every rank. */
	if (kept == 0)
		rc = MPI_Cart_create(MPI_COMM_SELF, 0, r, r, 0, &nc);
	else
		rc = MPI_Cart_sub(c->comm, r, &nc);
	motor_mpi__block_end(&b);
	rc = motor_mpi__comm_made(rc, nc, newcomm);
out:
	free(r);
	return rc;
}

/* ---- graphs ------------------------------------------------------------------------------------------ */

int motor_mpi_graph_create(int comm, int nnodes, const int32_t *index, int nedges, const int32_t *edges,
                           int reorder, int *newcomm)
{
	int rc;
	struct motor_comm *c = intra(comm, &rc);
	MPI_Comm nc = MPI_COMM_NULL;

	if (rc == MOTOR_ECOMM)
		return rc;
	if (rc == MOTOR_OK && (nnodes < 0 || nnodes > c->size))
		rc = MOTOR_EGRAPH;
	for (int i = 0; rc == MOTOR_OK && i < nnodes; i++)
		if (index[i] < (i ? index[i - 1] : 0))
			rc = MOTOR_EGRAPH;
	if (rc == MOTOR_OK && nedges != (nnodes ? index[nnodes - 1] : 0))
		rc = MOTOR_EGRAPH;
	for (int i = 0; rc == MOTOR_OK && i < nedges; i++)
		if (edges[i] < 0 || edges[i] >= nnodes)
			rc = MOTOR_EGRAPH;
	if ((rc = motor_mpi__agree(c, rc)) != MOTOR_OK)
		return rc;
	uint64_t h = hash_ints(hash_ints(hash_ints(FNV_BASIS, &nnodes, 1), index, nnodes), edges, nedges);
	if ((rc = same_everywhere(c, h)) != MOTOR_OK)
		return rc;
	/* MPI_Graph_create takes no empty graph on every MPI library; the result is MPI_COMM_NULL everywhere.
	 */
	if (nnodes == 0) {
		*newcomm = -1;
		return MOTOR_OK;
	}
	int *ix = malloc(sizeof(int) * (size_t)(nnodes + nedges + 1));
	if (!ix)
		return MOTOR_ENOMEM;
	memcpy(ix, index, sizeof(int) * (size_t)nnodes);
	if (nedges)
		memcpy(ix + nnodes, edges, sizeof(int) * (size_t)nedges);
	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = MPI_Graph_create(c->comm, nnodes, ix, ix + nnodes, reorder != 0, &nc);
	motor_mpi__block_end(&b);
	free(ix);
	return motor_mpi__comm_made(rc, nc, newcomm);
}

int motor_mpi_graph_get(int comm, int maxindex, int maxedges, int32_t *index, int32_t *edges, int *nnodes,
                        int *nedges)
{
	struct motor_comm *c;
	int rc = topo(comm, MPI_GRAPH, &c);

	if (rc != MOTOR_OK || (rc = MPI_Graphdims_get(c->comm, nnodes, nedges)) != MPI_SUCCESS)
		return rc;
	if (maxindex == 0 && maxedges == 0)
		return MOTOR_OK;
	if (maxindex != *nnodes || maxedges != *nedges)
		return MOTOR_ECOUNT;
	int *buf = malloc(sizeof(int) * (size_t)(*nnodes + *nedges + 1));
	if (!buf)
		return MOTOR_ENOMEM;
	rc = MPI_Graph_get(c->comm, *nnodes, *nedges, buf, buf + *nnodes);
	if (rc == MPI_SUCCESS) {
		memcpy(index, buf, sizeof(int) * (size_t)*nnodes);
		if (*nedges)
			memcpy(edges, buf + *nnodes, sizeof(int) * (size_t)*nedges);
	}
	free(buf);
	return rc;
}

int motor_mpi_graph_neighbors(int comm, int rank, int max, int32_t *neighbors, int *count)
{
	struct motor_comm *c;
	int rc = topo(comm, MPI_GRAPH, &c);

	if (rc != MOTOR_OK)
		return rc;
	if (rank < 0 || rank >= c->size)
		return MOTOR_ERANK;
	if ((rc = MPI_Graph_neighbors_count(c->comm, rank, count)) != MPI_SUCCESS || max == 0)
		return rc;
	if (max != *count)
		return MOTOR_ECOUNT;
	int *buf = malloc(sizeof(int) * (size_t)(*count + 1));
	if (!buf)
		return MOTOR_ENOMEM;
	if ((rc = MPI_Graph_neighbors(c->comm, rank, *count, buf)) == MPI_SUCCESS)
		memcpy(neighbors, buf, sizeof(int) * (size_t)*count);
	free(buf);
	return rc;
}

/* ---- distributed graphs ------------------------------------------------------------------------------ */

static int check_ends(const struct motor_comm *c, int n, const int32_t *ranks, const int32_t *weights)
{
	if (n < 0)
		return MOTOR_EGRAPH;
	for (int i = 0; i < n; i++)
		if (ranks[i] < 0 || ranks[i] >= c->size || (weights && weights[i] < 0))
			return MOTOR_EGRAPH;
	return MOTOR_OK;
}

/* Whether the edges fit together: every rank names as sources exactly the ranks that name it as a
 * destination, as often, and every rank gives weights or none does.  One MPI_Alltoall of two ints per pair of
 * ranks: how many edges this rank sends to that one, and whether it is weighted.  `x` has room for 4 ints per
 * rank. */
static int dist_edges_fit(const struct motor_comm *c, int *x, int indeg, const int32_t *sources, int outdeg,
                          const int32_t *dests, int weighted)
{
	int *out = x, *in = x + 2 * c->size, rc;

	memset(out, 0, sizeof(int) * 2 * (size_t)c->size);
	for (int k = 0; k < outdeg; k++)
		out[2 * dests[k]]++;
	for (int r = 0; r < c->size; r++)
		out[2 * r + 1] = weighted;
	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = MPI_Alltoall(out, 2, MPI_INT, in, 2, MPI_INT, c->comm);
	motor_mpi__block_end(&b);
	if (rc != MPI_SUCCESS)
		return rc;
	for (int k = 0; k < indeg; k++)
		in[2 * sources[k]]--;
	for (int r = 0; r < c->size; r++)
		if (in[2 * r] != 0 || in[2 * r + 1] != weighted)
			return MOTOR_EMISMATCH;
	return MOTOR_OK;
}

int motor_mpi_dist_graph_create_adjacent(int comm, int indeg, const int32_t *sources, const int32_t *sweights,
                                         int outdeg, const int32_t *dests, const int32_t *dweights,
                                         int reorder, int *newcomm)
{
	int rc;
	struct motor_comm *c = intra(comm, &rc);
	MPI_Comm nc = MPI_COMM_NULL;
	int weighted = sweights != NULL;

	if (rc == MOTOR_ECOMM)
		return rc;
	if (rc == MOTOR_OK && (sweights != NULL) != (dweights != NULL))
		rc = MOTOR_EARG;
	if (rc == MOTOR_OK)
		rc = check_ends(c, indeg, sources, sweights);
	if (rc == MOTOR_OK)
		rc = check_ends(c, outdeg, dests, dweights);
	/* Room for the exchange of dist_edges_fit and for MPI's copies of the arrays (int, not int32_t). */
	int *buf = NULL;
	if (rc == MOTOR_OK &&
	    !(buf = malloc(sizeof(int) * (4 * (size_t)c->size + 2 * (size_t)(indeg + outdeg)))))
		rc = MOTOR_ENOMEM;
	if ((rc = motor_mpi__agree(c, rc)) != MOTOR_OK)
		goto out;
	/* A rank whose edges do not fit refuses; the agreement tells the others. */
	rc = motor_mpi__agree(c, dist_edges_fit(c, buf, indeg, sources, outdeg, dests, weighted));
	if (rc != MOTOR_OK)
		goto out;
	int *s = buf + 4 * c->size, *sw = s + indeg, *d = sw + indeg, *dw = d + outdeg;
	for (int k = 0; k < indeg; k++) {
		s[k] = sources[k];
		sw[k] = weighted ? sweights[k] : 0;
	}
	for (int k = 0; k < outdeg; k++) {
		d[k] = dests[k];
		dw[k] = weighted ? dweights[k] : 0;
	}
	int *swp = !weighted ? MPI_UNWEIGHTED : indeg ? sw : MPI_WEIGHTS_EMPTY;
	int *dwp = !weighted ? MPI_UNWEIGHTED : outdeg ? dw : MPI_WEIGHTS_EMPTY;
	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = MPI_Dist_graph_create_adjacent(c->comm, indeg, s, swp, outdeg, d, dwp, MPI_INFO_NULL,
	                                    reorder != 0, &nc);
	motor_mpi__block_end(&b);
	rc = motor_mpi__comm_made(rc, nc, newcomm);
out:
	free(buf);
	return rc;
}

int motor_mpi_dist_graph_neighbors(int comm, int maxin, int32_t *sources, int32_t *sweights, int maxout,
                                   int32_t *dests, int32_t *dweights, int *indeg, int *outdeg, int *weighted)
{
	struct motor_comm *c;
	int rc = topo(comm, MPI_DIST_GRAPH, &c);

	if (rc != MOTOR_OK ||
	    (rc = MPI_Dist_graph_neighbors_count(c->comm, indeg, outdeg, weighted)) != MPI_SUCCESS)
		return rc;
	*weighted = *weighted != 0;
	if (maxin == 0 && maxout == 0 && !sources && !dests)
		return MOTOR_OK;
	if (maxin != *indeg || maxout != *outdeg || ((sweights || dweights) && !*weighted))
		return MOTOR_ECOUNT;
	int *buf = malloc(sizeof(int) * (size_t)(2 * (*indeg + *outdeg) + 1));
	if (!buf)
		return MOTOR_ENOMEM;
	int *s = buf, *sw = s + *indeg, *d = sw + *indeg, *dw = d + *outdeg;
	int w = sweights || dweights;
	rc = MPI_Dist_graph_neighbors(c->comm, *indeg, s, w ? sw : MPI_UNWEIGHTED, *outdeg, d,
	                              w ? dw : MPI_UNWEIGHTED);
	if (rc == MPI_SUCCESS) {
		for (int k = 0; k < *indeg; k++) {
			sources[k] = s[k];
			if (sweights)
				sweights[k] = sw[k];
		}
		for (int k = 0; k < *outdeg; k++) {
			dests[k] = d[k];
			if (dweights)
				dweights[k] = dw[k];
		}
	}
	free(buf);
	return rc;
}

/* ---- what every topology has: neighbours ------------------------------------------------------------- */

int motor_mpi_topo_degrees(int comm, int *indeg, int *outdeg)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	int kind = MPI_UNDEFINED, rc, w;

	if (!c)
		return MOTOR_ECOMM;
	if ((rc = MPI_Topo_test(c->comm, &kind)) != MPI_SUCCESS)
		return rc;
	switch (kind) {
	case MPI_CART:
		if ((rc = MPI_Cartdim_get(c->comm, indeg)) == MPI_SUCCESS)
			*outdeg = *indeg = 2 * *indeg;
		return rc;
	case MPI_GRAPH:
		if ((rc = MPI_Graph_neighbors_count(c->comm, c->rank, indeg)) == MPI_SUCCESS)
			*outdeg = *indeg;
		return rc;
	case MPI_DIST_GRAPH:
		return MPI_Dist_graph_neighbors_count(c->comm, indeg, outdeg, &w);
	}
	return MOTOR_ETOPO;
}
