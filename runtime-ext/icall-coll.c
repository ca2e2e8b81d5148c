/*
 * icall-coll.c - internal calls for collective operations.
 *
 * Each resolves its buffers while GC-unsafe, checks their sizes against each other and the communicator (so a
 * mistake is an ArgumentException on the rank that made it, not an MPI error or a write past an array), then
 * calls native-mpi, which waits, if it must, in a GC-safe region.  As for point-to-point, the buffer objects
 * stay pinned and alive meanwhile because this frame keeps pointers to them (MOTOR_KEEP_ALIVE) and stacks are
 * scanned conservatively.
 *
 * Sizes are the arrays' element counts (all ranks of a double[,] together).  Where MPI ignores a buffer on a
 * rank (the send buffer of Scatter off the root, ...) it may be null and is not looked at.  `flags` says which
 * buffer the caller passed as MPI.IN_PLACE.
 */
#include <mono/metadata/class.h>

#include "icalls.h"
#include "motor-pin.h"
#include "motor-runtime.h"

enum { SEND_IN_PLACE = 1, RECV_IN_PLACE = 2 };

struct cbuf {
	MonoObject *obj;
	void *data;
	int64_t count;
	int dt;
};

/* Resolves the whole of `o`; a null `o` is MOTOR_ENULL when `needed`, else an empty buffer. */
static int whole(MonoObject *o, int needed, struct cbuf *b)
{
	struct motor_buffer mb;

	b->obj = o;
	b->data = NULL;
	b->count = 0;
	b->dt = -1;
	if (!o)
		return needed ? MOTOR_ENULL : MOTOR_OK;
	int rc = motor_buffer_resolve(o, 0, -1, &mb);
	if (rc != MOTOR_OK)
		return rc;
	b->data = mb.data;
	b->count = mb.count;
	b->dt = mb.dt;
	return MOTOR_OK;
}

/* Send and receive buffers must hold the same element type: the same primitive type (enums count as their
 * underlying type), or the same struct. */
static int same_type(const struct cbuf *s, const struct cbuf *r)
{
	if (s->dt != r->dt)
		return MOTOR_ETYPE;
	if (s->dt >= MOTOR_DT_PREDEFINED &&
	    mono_class_get_element_class(mono_object_get_class(s->obj)) !=
		mono_class_get_element_class(mono_object_get_class(r->obj)))
		return MOTOR_ETYPE;
	return MOTOR_OK;
}

/* A send and a receive buffer used together: the same element type, different objects (use MPI.IN_PLACE). */
static int check_pair(const struct cbuf *s, const struct cbuf *r)
{
	int rc = same_type(s, r);
	if (rc == MOTOR_OK && s->obj == r->obj)
		rc = MOTOR_EALIAS;
	return rc;
}

/* check_pair, and the send buffer (or a root's own block) holds `count` elements. */
static int check_send(const struct cbuf *s, const struct cbuf *r, int64_t count)
{
	int rc = check_pair(s, r);
	return rc != MOTOR_OK ? rc : s->count == count ? MOTOR_OK : MOTOR_ESIZE;
}

static int rank_size(int32_t comm, int *rank, int *size)
{
	int rc = motor_mpi_comm_rank(comm, rank);
	return rc == MOTOR_OK ? motor_mpi_comm_size(comm, size) : rc;
}

/* Counts and displacements of a v-form: one of each per rank, none negative, each block inside a buffer of
 * `len` elements.  NULL arrays are MOTOR_ENULL. */
static int check_v(MonoArray *counts, MonoArray *displs, int size, int64_t len, const int32_t **c, const int32_t **d)
{
	if (!counts || !displs)
		return MOTOR_ENULL;
	if (mono_array_length(counts) != (uintptr_t)size || mono_array_length(displs) != (uintptr_t)size)
		return MOTOR_ESIZE;
	*c = mono_array_addr(counts, int32_t, 0);
	*d = mono_array_addr(displs, int32_t, 0);
	for (int i = 0; i < size; i++)
		if ((*c)[i] < 0 || (*d)[i] < 0 || (int64_t)(*d)[i] + (*c)[i] > len)
			return MOTOR_ESIZE;
	return MOTOR_OK;
}

int32_t motor_icall_bcast(MonoObject *buf, int32_t offset, int32_t count, int32_t root, int32_t comm)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve(buf, offset, count, &b);
	if (rc != MOTOR_OK)
		return motor_mpi_coll_refuse(comm, rc);
	rc = motor_mpi_bcast(b.data, b.count, b.dt, root, comm);
	MOTOR_KEEP_ALIVE(buf);
	return rc;
}

/* Scatter(v) and Gather(v), seen from the root: `whole_obj` (Scatter's send buffer, Gather's receive buffer)
 * holds a block per rank -- equal blocks, or as `counts` and `displs` say for a v-form -- and `block_obj` the
 * root's own block, unless it is in place.  Off the root only `block_obj` is used. */
struct rooted {
	struct cbuf w, b;      /* resolved; MOTOR_IN_PLACE data for a block in place, NULL for a buffer not used */
	const int32_t *c, *d;  /* a v-form's counts and displacements at the root, else NULL */
	int64_t count;         /* elements in this rank's block */
};

static int rooted(MonoObject *whole_obj, MonoObject *block_obj, int v, MonoArray *counts, MonoArray *displs,
		  int in_place, int32_t root, int32_t comm, struct rooted *x)
{
	int rank, size, rc;

	x->c = x->d = NULL;
	if ((rc = rank_size(comm, &rank, &size)) != MOTOR_OK)
		return rc;
	if (root < 0 || root >= size)
		return MOTOR_ERANK;
	if (rank != root) {
		if ((rc = whole(block_obj, 1, &x->b)) != MOTOR_OK)
			return rc;
		x->w = (struct cbuf){.data = NULL, .dt = x->b.dt};
		x->count = x->b.count;
		return MOTOR_OK;
	}
	if ((rc = whole(whole_obj, 1, &x->w)) != MOTOR_OK)
		return rc;
	if (v) {
		if ((rc = check_v(counts, displs, size, x->w.count, &x->c, &x->d)) != MOTOR_OK)
			return rc;
		x->count = x->c[rank];
	} else {
		if (x->w.count % size)
			return MOTOR_ESIZE;
		x->count = x->w.count / size;
	}
	if (in_place) {
		x->b = (struct cbuf){.data = MOTOR_IN_PLACE, .count = x->count, .dt = x->w.dt};
		return MOTOR_OK;
	}
	rc = whole(block_obj, 1, &x->b);
	return rc != MOTOR_OK ? rc : check_send(&x->b, &x->w, x->count);
}

int32_t motor_icall_scatter(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t root, int32_t comm)
{
	struct rooted x;
	int rc = rooted(sbuf, rbuf, 0, NULL, NULL, flags & RECV_IN_PLACE, root, comm, &x);
	if (rc != MOTOR_OK)
		return motor_mpi_coll_refuse(comm, rc);
	rc = motor_mpi_scatter(x.w.data, x.b.data, x.count, x.b.dt, root, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
}

int32_t motor_icall_gather(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t root, int32_t comm)
{
	struct rooted x;
	int rc = rooted(rbuf, sbuf, 0, NULL, NULL, flags & SEND_IN_PLACE, root, comm, &x);
	if (rc != MOTOR_OK)
		return motor_mpi_coll_refuse(comm, rc);
	rc = motor_mpi_gather(x.b.data, x.w.data, x.count, x.w.dt, root, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
}

/* Allgather and Alltoall: the receive buffer holds `size` blocks; the send buffer one block (Allgather) or the
 * same as the receive buffer (Alltoall). */
static int32_t all(int alltoall, MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t comm)
{
	struct cbuf s, r;
	int rank, size, rc;

	if ((rc = rank_size(comm, &rank, &size)) != MOTOR_OK || (rc = whole(rbuf, 1, &r)) != MOTOR_OK)
		goto refuse;
	if (r.count % size) {
		rc = MOTOR_ESIZE;
		goto refuse;
	}
	int64_t count = r.count / size;
	if (flags & SEND_IN_PLACE)
		s = (struct cbuf){.data = MOTOR_IN_PLACE};
	else if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK || (rc = check_send(&s, &r, alltoall ? r.count : count)) != MOTOR_OK)
		goto refuse;
	rc = (alltoall ? motor_mpi_alltoall : motor_mpi_allgather)(s.data, r.data, count, r.dt, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
refuse:
	return motor_mpi_coll_refuse(comm, rc);
}

int32_t motor_icall_allgather(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t comm)
{
	return all(0, sbuf, rbuf, flags, comm);
}

int32_t motor_icall_alltoall(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t comm)
{
	return all(1, sbuf, rbuf, flags, comm);
}

int32_t motor_icall_scatterv(MonoObject *sbuf, MonoArray *counts, MonoArray *displs, MonoObject *rbuf, int32_t flags,
			     int32_t root, int32_t comm)
{
	struct rooted x;
	int rc = rooted(sbuf, rbuf, 1, counts, displs, flags & RECV_IN_PLACE, root, comm, &x);
	if (rc != MOTOR_OK)
		return motor_mpi_coll_refuse(comm, rc);
	rc = motor_mpi_scatterv(x.w.data, x.c, x.d, x.b.data, x.count, x.b.dt, root, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(counts);
	MOTOR_KEEP_ALIVE(displs);
	return rc;
}

int32_t motor_icall_gatherv(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, MonoArray *displs, int32_t flags,
			    int32_t root, int32_t comm)
{
	struct rooted x;
	int rc = rooted(rbuf, sbuf, 1, counts, displs, flags & SEND_IN_PLACE, root, comm, &x);
	if (rc != MOTOR_OK)
		return motor_mpi_coll_refuse(comm, rc);
	rc = motor_mpi_gatherv(x.b.data, x.count, x.w.data, x.c, x.d, x.w.dt, root, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(counts);
	MOTOR_KEEP_ALIVE(displs);
	return rc;
}

int32_t motor_icall_allgatherv(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, MonoArray *displs,
			       int32_t flags, int32_t comm)
{
	struct cbuf s, r;
	const int32_t *c, *d;
	int rank, size, rc;

	if ((rc = rank_size(comm, &rank, &size)) != MOTOR_OK || (rc = whole(rbuf, 1, &r)) != MOTOR_OK ||
	    (rc = check_v(counts, displs, size, r.count, &c, &d)) != MOTOR_OK)
		goto refuse;
	if (flags & SEND_IN_PLACE)
		s = (struct cbuf){.data = MOTOR_IN_PLACE, .count = c[rank]};
	else if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK || (rc = check_send(&s, &r, c[rank])) != MOTOR_OK)
		goto refuse;
	rc = motor_mpi_allgatherv(s.data, s.count, r.data, c, d, r.dt, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(counts);
	MOTOR_KEEP_ALIVE(displs);
	return rc;
refuse:
	return motor_mpi_coll_refuse(comm, rc);
}

int32_t motor_icall_alltoallv(MonoObject *sbuf, MonoArray *scounts, MonoArray *sdispls, MonoObject *rbuf,
			      MonoArray *rcounts, MonoArray *rdispls, int32_t flags, int32_t comm)
{
	struct cbuf s, r;
	const int32_t *sc = NULL, *sd = NULL, *rc_, *rd;
	int rank, size, rc;

	if ((rc = rank_size(comm, &rank, &size)) != MOTOR_OK || (rc = whole(rbuf, 1, &r)) != MOTOR_OK ||
	    (rc = check_v(rcounts, rdispls, size, r.count, &rc_, &rd)) != MOTOR_OK)
		goto refuse;
	if (flags & SEND_IN_PLACE) {
		s = (struct cbuf){.data = MOTOR_IN_PLACE};
	} else {
		if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK || (rc = check_pair(&s, &r)) != MOTOR_OK ||
		    (rc = check_v(scounts, sdispls, size, s.count, &sc, &sd)) != MOTOR_OK)
			goto refuse;
	}
	rc = motor_mpi_alltoallv(s.data, sc, sd, r.data, rc_, rd, r.dt, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(scounts);
	MOTOR_KEEP_ALIVE(sdispls);
	MOTOR_KEEP_ALIVE(rcounts);
	MOTOR_KEEP_ALIVE(rdispls);
	return rc;
refuse:
	return motor_mpi_coll_refuse(comm, rc);
}

/* ---- reductions ------------------------------------------------------------------------------------ */

enum { REDUCE, ALLREDUCE, SCAN, EXSCAN, REDUCE_SCATTER_BLOCK };

/* Runs a reduction.  A user-defined operator runs managed code inside the MPI library (which may hold its own
 * lock meanwhile), so the collector's request harvest, which calls MPI, is kept out while one may run. */
static int reduce_call(int kind, const struct cbuf *s, const struct cbuf *r, int64_t count, int dt, int32_t op,
		       int32_t root, int32_t comm)
{
	int user = op >= MOTOR_OP_PREDEFINED, rc;

	if (user)
		motor_pin_user_code_enter();
	switch (kind) {
	case REDUCE: rc = motor_mpi_reduce(s->data, r->data, count, dt, op, root, comm); break;
	case ALLREDUCE: rc = motor_mpi_allreduce(s->data, r->data, count, dt, op, comm); break;
	case SCAN: rc = motor_mpi_scan(s->data, r->data, count, dt, op, comm); break;
	case EXSCAN: rc = motor_mpi_exscan(s->data, r->data, count, dt, op, comm); break;
	default: rc = motor_mpi_reduce_scatter_block(s->data, r->data, count, dt, op, comm); break;
	}
	if (user)
		motor_pin_user_code_leave();
	return rc;
}

int32_t motor_icall_reduce(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t root, int32_t comm)
{
	struct cbuf s, r = {.data = NULL};
	int rank, size, rc;

	if ((rc = rank_size(comm, &rank, &size)) != MOTOR_OK)
		goto refuse;
	if (root < 0 || root >= size) {
		rc = MOTOR_ERANK;
		goto refuse;
	}
	if (rank == root) {
		if ((rc = whole(rbuf, 1, &r)) != MOTOR_OK)
			goto refuse;
		if (flags & SEND_IN_PLACE)
			s = (struct cbuf){.data = MOTOR_IN_PLACE, .count = r.count, .dt = r.dt};
		else if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK || (rc = check_send(&s, &r, r.count)) != MOTOR_OK)
			goto refuse;
	} else if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK) {
		goto refuse;
	}
	rc = reduce_call(REDUCE, &s, &r, s.count, s.dt, op, root, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
refuse:
	return motor_mpi_coll_refuse(comm, rc);
}

/* Allreduce, Scan, Exscan: equal buffers on every rank.  Reduce_scatter_block: the send buffer holds `size`
 * blocks of the receive buffer's length (in place: the buffer holds them and the result is its first block). */
static int32_t reduce_all(int kind, MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm)
{
	struct cbuf s, r;
	int rank, size, rc;
	int64_t count;

	if ((rc = rank_size(comm, &rank, &size)) != MOTOR_OK || (rc = whole(rbuf, 1, &r)) != MOTOR_OK)
		goto refuse;
	count = r.count;
	if (flags & SEND_IN_PLACE) {
		s = (struct cbuf){.data = MOTOR_IN_PLACE};
		if (kind == REDUCE_SCATTER_BLOCK) {
			if (r.count % size) {
				rc = MOTOR_ESIZE;
				goto refuse;
			}
			count = r.count / size;
		}
	} else if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK ||
		   (rc = check_send(&s, &r, kind == REDUCE_SCATTER_BLOCK ? r.count * size : r.count)) != MOTOR_OK) {
		goto refuse;
	}
	rc = reduce_call(kind, &s, &r, count, r.dt, op, -1, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
refuse:
	return motor_mpi_coll_refuse(comm, rc);
}

int32_t motor_icall_allreduce(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm)
{
	return reduce_all(ALLREDUCE, sbuf, rbuf, flags, op, comm);
}

int32_t motor_icall_scan(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm)
{
	return reduce_all(SCAN, sbuf, rbuf, flags, op, comm);
}

int32_t motor_icall_exscan(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm)
{
	return reduce_all(EXSCAN, sbuf, rbuf, flags, op, comm);
}

int32_t motor_icall_reduce_scatter_block(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm)
{
	return reduce_all(REDUCE_SCATTER_BLOCK, sbuf, rbuf, flags, op, comm);
}

int32_t motor_icall_coll_mode(int32_t nonblocking)
{
	int was = motor_mpi_get_coll_nonblocking();
	if (nonblocking >= 0)
		motor_mpi_set_coll_nonblocking(nonblocking);
	return was;
}

int32_t motor_icall_coll_refuse(int32_t comm)
{
	int rc = motor_mpi_coll_refuse(comm, MOTOR_EARG);
	return rc == MOTOR_ECOMM ? rc : MOTOR_OK;
}
