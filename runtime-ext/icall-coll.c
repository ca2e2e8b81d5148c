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
 * rank (the send buffer of Scatter off the root, ...) it may be null and is not looked at.  `flags` says
 * which buffer the caller passed as MPI.IN_PLACE.
 *
 * Non-blocking forms go through the same checks: each checking function takes a Request object `req`, NULL
 * for the blocking form; with one it posts the collective it has checked (post_nb) instead of running it.
 */
#include <stdlib.h>
#include <string.h>

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

/* This rank's refusal, as its part in the agreement of a non-blocking collective (`req`) or a blocking one.
 */
static int32_t refuse(int32_t comm, int rc, MonoObject *req)
{
	return req ? motor_mpi_icoll_refuse(comm, rc) : motor_mpi_coll_refuse(comm, rc);
}

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
	if (s->dt >= MOTOR_DT_PREDEFINED && mono_class_get_element_class(mono_object_get_class(s->obj)) !=
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

/* The communicator's shape, and MOTOR_EINPLACE for MPI.IN_PLACE on an intercommunicator (MPI has no in-place
 * form there). */
static int shape(int32_t comm, int32_t flags, struct motor_coll_shape *sh)
{
	int rc = motor_mpi_coll_shape(comm, sh);
	return rc == MOTOR_OK && sh->inter && flags ? MOTOR_EINPLACE : rc;
}

/* A buffer MPI does not read on this rank: no data, any valid datatype. */
static const struct cbuf unused = {.data = NULL, .count = 0, .dt = MOTOR_DT_U8};

/* Counts and displacements of a v-form: one of each per rank, none negative, each block inside a buffer of
 * `len` elements.  NULL arrays are MOTOR_ENULL. */
static int check_v(MonoArray *counts, MonoArray *displs, int size, int64_t len, const int32_t **c,
                   const int32_t **d)
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

/* Posts the non-blocking form of a checked collective for Request `req` (gc-hooks' motor_pin_post_coll, which
 * makes the agreement).  The v-forms' counts and displacements are copied into native memory the request
 * owns: the managed arrays may move, change or die once this returns.  sc/sd hold `ns` entries each and rc/rd
 * `nr` (the communicator's size, or a neighbour collective's out- and in-degree). */
static int32_t post_nb_n(MonoObject *req, struct motor_coll_args a, MonoObject *sobj, MonoObject *robj,
                         int32_t comm, int ns, int nr)
{
	const int32_t **v[] = {&a.sc, &a.sd, &a.rc, &a.rd};
	const int len[] = {ns, ns, nr, nr};
	int32_t *copy = NULL;
	size_t n = 0;

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		n += *v[i] ? (size_t)len[i] : 0;
	if (n || a.sc || a.rc) {
		/* One entry more, so that no degree of 0 makes a zero-byte allocation. */
		if (!(copy = malloc(sizeof *copy * (n + 1))))
			return refuse(comm, MOTOR_ENOMEM, req);
		int32_t *p = copy;
		for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
			if (*v[i]) {
				memcpy(p, *v[i], sizeof *p * (size_t)len[i]);
				*v[i] = p;
				p += len[i];
			}
	}
	/* In place: no buffer object behind the data. */
	int rc = motor_pin_post_coll(req, &a, a.sbuf == MOTOR_IN_PLACE ? NULL : sobj,
	                             a.rbuf == MOTOR_IN_PLACE ? NULL : robj, copy, comm);
	if (rc != MOTOR_OK)
		free(copy);
	return rc;
}

/* The v-forms' arrays hold an entry per block (per rank of the remote group on an intercommunicator), but
 * Reduce_scatter's counts one per rank of the local group. */
static int32_t post_nb(MonoObject *req, struct motor_coll_args a, MonoObject *sobj, MonoObject *robj,
                       int32_t comm)
{
	struct motor_coll_shape sh = {0};
	if ((a.sc || a.rc) && motor_mpi_coll_shape(comm, &sh) != MOTOR_OK)
		return refuse(comm, MOTOR_ECOMM, req);
	int n = a.kind == MOTOR_COLL_REDUCE_SCATTER ? sh.size : sh.blocks;
	return post_nb_n(req, a, sobj, robj, comm, n, n);
}

static int32_t bcast(MonoObject *buf, int32_t offset, int32_t count, int32_t root, int32_t comm,
                     MonoObject *req)
{
	struct motor_coll_shape sh;
	struct motor_buffer b = {.data = NULL, .count = 0, .dt = MOTOR_DT_U8};
	int rc = shape(comm, 0, &sh);
	/* On an intercommunicator the root's group mates read nothing: their buffer may be null. */
	if (rc == MOTOR_OK && !(sh.inter && root == MOTOR_PROC_NULL && !buf))
		rc = motor_buffer_resolve(buf, offset, count, &b);
	if (rc != MOTOR_OK)
		return refuse(comm, rc, req);
	if (req)
		return post_nb(req,
		               (struct motor_coll_args){MOTOR_COLL_BCAST, NULL, b.data, b.count, .dt = b.dt,
		                                        .op = -1, .root = root},
		               NULL, buf, comm);
	rc = motor_mpi_bcast(b.data, b.count, b.dt, root, comm);
	MOTOR_KEEP_ALIVE(buf);
	return rc;
}

/* Scatter(v) and Gather(v), seen from the root: `whole_obj` (Scatter's send buffer, Gather's receive buffer)
 * holds a block per rank (of the remote group on an intercommunicator) -- equal blocks, or as `counts` and
 * `displs` say for a v-form -- and, on an intracommunicator, `block_obj` the root's own block unless it is in
 * place.  A leaf uses only `block_obj`; an intercommunicator's idle ranks use neither. */
struct rooted {
	struct cbuf w, b; /* resolved; MOTOR_IN_PLACE data for a block in place, NULL for a buffer not used */
	const int32_t *c, *d; /* a v-form's counts and displacements at the root, else NULL */
	int64_t count; /* elements in this rank's block (at an intercommunicator's root: in each block) */
};

static int rooted(MonoObject *whole_obj, MonoObject *block_obj, int v, MonoArray *counts, MonoArray *displs,
                  int in_place, int32_t root, int32_t comm, struct rooted *x)
{
	struct motor_coll_shape sh;
	int rc, role;

	x->c = x->d = NULL;
	x->w = x->b = unused;
	x->count = 0;
	if ((rc = shape(comm, in_place, &sh)) != MOTOR_OK)
		return rc;
	if ((role = motor_mpi_coll_role(&sh, root)) < 0)
		return role;
	if (role == MOTOR_ROLE_IDLE)
		return MOTOR_OK;
	if (role == MOTOR_ROLE_LEAF) {
		if ((rc = whole(block_obj, 1, &x->b)) != MOTOR_OK)
			return rc;
		x->w = (struct cbuf){.data = NULL, .dt = x->b.dt};
		x->count = x->b.count;
		return MOTOR_OK;
	}
	if ((rc = whole(whole_obj, 1, &x->w)) != MOTOR_OK)
		return rc;
	if (v) {
		if ((rc = check_v(counts, displs, sh.blocks, x->w.count, &x->c, &x->d)) != MOTOR_OK)
			return rc;
		x->count = sh.inter ? 0 : x->c[sh.rank];
	} else {
		if (x->w.count % sh.blocks)
			return MOTOR_ESIZE;
		x->count = x->w.count / sh.blocks;
	}
	if (sh.inter) {
		x->b = (struct cbuf){.data = NULL, .count = x->count, .dt = x->w.dt};
		return MOTOR_OK;
	}
	if (in_place) {
		x->b = (struct cbuf){.data = MOTOR_IN_PLACE, .count = x->count, .dt = x->w.dt};
		return MOTOR_OK;
	}
	rc = whole(block_obj, 1, &x->b);
	return rc != MOTOR_OK ? rc : check_send(&x->b, &x->w, x->count);
}

static int32_t scatter(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t root, int32_t comm,
                       MonoObject *req)
{
	struct rooted x;
	int rc = rooted(sbuf, rbuf, 0, NULL, NULL, flags & RECV_IN_PLACE, root, comm, &x);
	if (rc != MOTOR_OK)
		return refuse(comm, rc, req);
	if (req)
		return post_nb(req,
		               (struct motor_coll_args){MOTOR_COLL_SCATTER, x.w.data, x.b.data, x.count,
		                                        .dt = x.b.dt, .op = -1, .root = root},
		               sbuf, rbuf, comm);
	rc = motor_mpi_scatter(x.w.data, x.b.data, x.count, x.b.dt, root, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
}

static int32_t gather(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t root, int32_t comm,
                      MonoObject *req)
{
	struct rooted x;
	int rc = rooted(rbuf, sbuf, 0, NULL, NULL, flags & SEND_IN_PLACE, root, comm, &x);
	if (rc != MOTOR_OK)
		return refuse(comm, rc, req);
	if (req)
		return post_nb(req,
		               (struct motor_coll_args){MOTOR_COLL_GATHER, x.b.data, x.w.data, x.count,
		                                        .dt = x.w.dt, .op = -1, .root = root},
		               sbuf, rbuf, comm);
	rc = motor_mpi_gather(x.b.data, x.w.data, x.count, x.w.dt, root, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
}

/* Allgather and Alltoall: the receive buffer holds a block per rank (of the remote group on an
 * intercommunicator); the send buffer one block (Allgather) or as many as the receive buffer (Alltoall). */
static int32_t all(int alltoall, MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t comm,
                   MonoObject *req)
{
	struct motor_coll_shape sh;
	struct cbuf s, r;
	int rc;

	if ((rc = shape(comm, flags, &sh)) != MOTOR_OK || (rc = whole(rbuf, 1, &r)) != MOTOR_OK)
		goto refuse;
	if (r.count % sh.blocks) {
		rc = MOTOR_ESIZE;
		goto refuse;
	}
	int64_t count = r.count / sh.blocks;
	if (flags & SEND_IN_PLACE)
		s = (struct cbuf){.data = MOTOR_IN_PLACE};
	else if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK ||
	         (rc = check_send(&s, &r, alltoall ? r.count : count)) != MOTOR_OK)
		goto refuse;
	if (req)
		return post_nb(req,
		               (struct motor_coll_args){alltoall ? MOTOR_COLL_ALLTOALL : MOTOR_COLL_ALLGATHER,
		                                        s.data, r.data, count, .dt = r.dt, .op = -1,
		                                        .root = -1},
		               sbuf, rbuf, comm);
	rc = (alltoall ? motor_mpi_alltoall : motor_mpi_allgather)(s.data, r.data, count, r.dt, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
refuse:
	return refuse(comm, rc, req);
}

int32_t motor_icall_allgather(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t comm)
{
	return all(0, sbuf, rbuf, flags, comm, NULL);
}

int32_t motor_icall_alltoall(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t comm)
{
	return all(1, sbuf, rbuf, flags, comm, NULL);
}

static int32_t scatterv(MonoObject *sbuf, MonoArray *counts, MonoArray *displs, MonoObject *rbuf,
                        int32_t flags, int32_t root, int32_t comm, MonoObject *req)
{
	struct rooted x;
	int rc = rooted(sbuf, rbuf, 1, counts, displs, flags & RECV_IN_PLACE, root, comm, &x);
	if (rc != MOTOR_OK)
		return refuse(comm, rc, req);
	if (req)
		return post_nb(req,
		               (struct motor_coll_args){MOTOR_COLL_SCATTERV, x.w.data, x.b.data, x.count, x.c,
		                                        x.d, .dt = x.b.dt, .op = -1, .root = root},
		               sbuf, rbuf, comm);
	rc = motor_mpi_scatterv(x.w.data, x.c, x.d, x.b.data, x.count, x.b.dt, root, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(counts);
	MOTOR_KEEP_ALIVE(displs);
	return rc;
}

static int32_t gatherv(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, MonoArray *displs,
                       int32_t flags, int32_t root, int32_t comm, MonoObject *req)
{
	struct rooted x;
	int rc = rooted(rbuf, sbuf, 1, counts, displs, flags & SEND_IN_PLACE, root, comm, &x);
	if (rc != MOTOR_OK)
		return refuse(comm, rc, req);
	if (req)
		return post_nb(req,
		               (struct motor_coll_args){MOTOR_COLL_GATHERV, x.b.data, x.w.data, x.count,
		                                        .rc = x.c, .rd = x.d, .dt = x.w.dt, .op = -1,
		                                        .root = root},
		               sbuf, rbuf, comm);
	rc = motor_mpi_gatherv(x.b.data, x.count, x.w.data, x.c, x.d, x.w.dt, root, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(counts);
	MOTOR_KEEP_ALIVE(displs);
	return rc;
}

static int32_t allgatherv(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, MonoArray *displs,
                          int32_t flags, int32_t comm, MonoObject *req)
{
	struct motor_coll_shape sh;
	struct cbuf s, r;
	const int32_t *c, *d;
	int rc;

	if ((rc = shape(comm, flags, &sh)) != MOTOR_OK || (rc = whole(rbuf, 1, &r)) != MOTOR_OK ||
	    (rc = check_v(counts, displs, sh.blocks, r.count, &c, &d)) != MOTOR_OK)
		goto refuse;
	/* On an intercommunicator this rank's block goes to the other group, whose counts say how long it is.
	 */
	if (flags & SEND_IN_PLACE)
		s = (struct cbuf){.data = MOTOR_IN_PLACE, .count = c[sh.rank]};
	else if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK ||
	         (rc = sh.inter ? check_pair(&s, &r) : check_send(&s, &r, c[sh.rank])) != MOTOR_OK)
		goto refuse;
	if (req)
		return post_nb(req,
		               (struct motor_coll_args){MOTOR_COLL_ALLGATHERV, s.data, r.data, s.count,
		                                        .rc = c, .rd = d, .dt = r.dt, .op = -1, .root = -1},
		               sbuf, rbuf, comm);
	rc = motor_mpi_allgatherv(s.data, s.count, r.data, c, d, r.dt, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(counts);
	MOTOR_KEEP_ALIVE(displs);
	return rc;
refuse:
	return refuse(comm, rc, req);
}

static int32_t alltoallv(MonoObject *sbuf, MonoArray *scounts, MonoArray *sdispls, MonoObject *rbuf,
                         MonoArray *rcounts, MonoArray *rdispls, int32_t flags, int32_t comm, MonoObject *req)
{
	struct motor_coll_shape sh;
	struct cbuf s, r;
	const int32_t *sc = NULL, *sd = NULL, *rc_, *rd;
	int rc;

	if ((rc = shape(comm, flags, &sh)) != MOTOR_OK || (rc = whole(rbuf, 1, &r)) != MOTOR_OK ||
	    (rc = check_v(rcounts, rdispls, sh.blocks, r.count, &rc_, &rd)) != MOTOR_OK)
		goto refuse;
	if (flags & SEND_IN_PLACE) {
		s = (struct cbuf){.data = MOTOR_IN_PLACE};
	} else {
		if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK || (rc = check_pair(&s, &r)) != MOTOR_OK ||
		    (rc = check_v(scounts, sdispls, sh.blocks, s.count, &sc, &sd)) != MOTOR_OK)
			goto refuse;
	}
	if (req)
		return post_nb(req,
		               (struct motor_coll_args){MOTOR_COLL_ALLTOALLV, s.data, r.data, 0, sc, sd, rc_,
		                                        rd, .dt = r.dt, .op = -1, .root = -1},
		               sbuf, rbuf, comm);
	rc = motor_mpi_alltoallv(s.data, sc, sd, r.data, rc_, rd, r.dt, comm);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(scounts);
	MOTOR_KEEP_ALIVE(sdispls);
	MOTOR_KEEP_ALIVE(rcounts);
	MOTOR_KEEP_ALIVE(rdispls);
	return rc;
refuse:
	return refuse(comm, rc, req);
}

/* ---- neighbour collectives -------------------------------------------------------------------------- */

/* Counts and displacements of a neighbour v-form: `n` of each (a degree), each block inside `len` elements.
 */
static int check_nv(MonoArray *counts, MonoArray *displs, int n, int64_t len, const int32_t **c,
                    const int32_t **d)
{
	if (!counts || !displs)
		return MOTOR_ENULL;
	if (mono_array_length(counts) != (uintptr_t)n || mono_array_length(displs) != (uintptr_t)n)
		return MOTOR_ESIZE;
	*c = mono_array_addr(counts, int32_t, 0);
	*d = mono_array_addr(displs, int32_t, 0);
	for (int i = 0; i < n; i++)
		if ((*c)[i] < 0 || (*d)[i] < 0 || (int64_t)(*d)[i] + (*c)[i] > len)
			return MOTOR_ESIZE;
	return MOTOR_OK;
}

/* Neighbor_allgather(v), Neighbor_alltoall(v) on a communicator with a topology (MOTOR_ETOPO otherwise).
 * recvbuf holds a block per in-neighbour; sendbuf one block (allgather) or one per out-neighbour (alltoall).
 * The block of the equal-block forms is sendbuf's length (allgather), sendbuf's length over the out-degree
 * (alltoall), or, with no out-neighbour, recvbuf's over the in-degree.  MPI has no in-place form:
 * MPI.IN_PLACE is refused by the buffer resolution. */
static int32_t neighbor(int kind, MonoObject *sbuf, MonoObject *rbuf, MonoArray *v1, MonoArray *v2,
                        MonoArray *v3, MonoArray *v4, int32_t comm, MonoObject *req)
{
	struct cbuf s, r;
	const int32_t *sc = NULL, *sd = NULL, *rc_ = NULL, *rd = NULL;
	int indeg, outdeg, rc;
	int64_t count = 0;

	if ((rc = motor_mpi_topo_degrees(comm, &indeg, &outdeg)) != MOTOR_OK ||
	    (rc = whole(rbuf, 1, &r)) != MOTOR_OK || (rc = whole(sbuf, 1, &s)) != MOTOR_OK ||
	    (rc = check_pair(&s, &r)) != MOTOR_OK)
		goto refuse;
	switch (kind) {
	case MOTOR_COLL_NEIGHBOR_ALLGATHER:
		count = s.count;
		rc = r.count == count * indeg ? MOTOR_OK : MOTOR_ESIZE;
		break;
	case MOTOR_COLL_NEIGHBOR_ALLTOALL:
		count = outdeg ? s.count / outdeg : indeg ? r.count / indeg : 0;
		rc = s.count == count * outdeg && r.count == count * indeg ? MOTOR_OK : MOTOR_ESIZE;
		break;
	case MOTOR_COLL_NEIGHBOR_ALLGATHERV:
		count = s.count;
		rc = check_nv(v1, v2, indeg, r.count, &rc_, &rd);
		break;
	default:
		if ((rc = check_nv(v1, v2, outdeg, s.count, &sc, &sd)) == MOTOR_OK)
			rc = check_nv(v3, v4, indeg, r.count, &rc_, &rd);
		break;
	}
	if (rc != MOTOR_OK)
		goto refuse;
	if (req)
		return post_nb_n(req,
		                 (struct motor_coll_args){kind, s.data, r.data, count, sc, sd, rc_, rd,
		                                          .dt = r.dt, .op = -1, .root = -1},
		                 sbuf, rbuf, comm, outdeg, indeg);
	switch (kind) {
	case MOTOR_COLL_NEIGHBOR_ALLGATHER:
		rc = motor_mpi_neighbor_allgather(s.data, r.data, count, r.dt, comm);
		break;
	case MOTOR_COLL_NEIGHBOR_ALLTOALL:
		rc = motor_mpi_neighbor_alltoall(s.data, r.data, count, r.dt, comm);
		break;
	case MOTOR_COLL_NEIGHBOR_ALLGATHERV:
		rc = motor_mpi_neighbor_allgatherv(s.data, count, r.data, rc_, rd, r.dt, comm);
		break;
	default:
		rc = motor_mpi_neighbor_alltoallv(s.data, sc, sd, r.data, rc_, rd, r.dt, comm);
		break;
	}
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(v1);
	MOTOR_KEEP_ALIVE(v2);
	MOTOR_KEEP_ALIVE(v3);
	MOTOR_KEEP_ALIVE(v4);
	return rc;
refuse:
	return refuse(comm, rc, req);
}

/* Every neighbour collective through one internal call: v1..v4 as for motor_icall_icollective. */
int32_t motor_icall_neighbor(int32_t kind, MonoObject *sbuf, MonoObject *rbuf, MonoArray *v1, MonoArray *v2,
                             MonoArray *v3, MonoArray *v4, int32_t comm)
{
	if (kind < MOTOR_COLL_NEIGHBOR_ALLGATHER || kind > MOTOR_COLL_NEIGHBOR_ALLTOALLV)
		return motor_mpi_coll_refuse(comm, MOTOR_EARG);
	return neighbor(kind, sbuf, rbuf, v1, v2, v3, v4, comm, NULL);
}

/* ---- reductions ------------------------------------------------------------------------------------ */

enum { REDUCE, ALLREDUCE, SCAN, EXSCAN, REDUCE_SCATTER_BLOCK, REDUCE_SCATTER };

/* Runs a reduction.  A user-defined operator runs managed code inside the MPI library (which may hold its own
 * lock meanwhile), so the collector's request harvest, which calls MPI, is kept out while one may run. */
static int reduce_call(int kind, const struct cbuf *s, const struct cbuf *r, int64_t count,
                       const int32_t *counts, int dt, int32_t op, int32_t root, int32_t comm, MonoObject *req)
{
	int user = op >= MOTOR_OP_PREDEFINED, rc;

	if (req) {
		static const enum motor_coll_kind kinds[] = {MOTOR_COLL_REDUCE,
		                                             MOTOR_COLL_ALLREDUCE,
		                                             MOTOR_COLL_SCAN,
		                                             MOTOR_COLL_EXSCAN,
		                                             MOTOR_COLL_REDUCE_SCATTER_BLOCK,
		                                             MOTOR_COLL_REDUCE_SCATTER};
		return post_nb(req,
		               (struct motor_coll_args){kinds[kind], s->data, r->data, count, .rc = counts,
		                                        .dt = dt, .op = op, .root = root},
		               s->obj, r->obj, comm);
	}

	if (user)
		motor_pin_user_code_enter();
	switch (kind) {
	case REDUCE:
		rc = motor_mpi_reduce(s->data, r->data, count, dt, op, root, comm);
		break;
	case ALLREDUCE:
		rc = motor_mpi_allreduce(s->data, r->data, count, dt, op, comm);
		break;
	case SCAN:
		rc = motor_mpi_scan(s->data, r->data, count, dt, op, comm);
		break;
	case EXSCAN:
		rc = motor_mpi_exscan(s->data, r->data, count, dt, op, comm);
		break;
	case REDUCE_SCATTER:
		rc = motor_mpi_reduce_scatter(s->data, r->data, counts, dt, op, comm);
		break;
	default:
		rc = motor_mpi_reduce_scatter_block(s->data, r->data, count, dt, op, comm);
		break;
	}
	if (user)
		motor_pin_user_code_leave();
	return rc;
}

static int32_t reduce(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t root,
                      int32_t comm, MonoObject *req)
{
	struct motor_coll_shape sh;
	struct cbuf s = unused, r = unused;
	int rc, role;

	if ((rc = shape(comm, flags, &sh)) != MOTOR_OK)
		goto refuse;
	if ((role = motor_mpi_coll_role(&sh, root)) < 0) {
		rc = role;
		goto refuse;
	}
	if (role == MOTOR_ROLE_IDLE) {
		/* an intercommunicator's root group mate: MPI reads no buffer */
	} else if (role == MOTOR_ROLE_ROOT && sh.inter) {
		/* an intercommunicator's root receives the other group's reduction and sends nothing */
		if ((rc = whole(rbuf, 1, &r)) != MOTOR_OK)
			goto refuse;
		s = (struct cbuf){.data = NULL, .count = r.count, .dt = r.dt};
	} else if (role == MOTOR_ROLE_ROOT) {
		if ((rc = whole(rbuf, 1, &r)) != MOTOR_OK)
			goto refuse;
		if (flags & SEND_IN_PLACE)
			s = (struct cbuf){.data = MOTOR_IN_PLACE, .count = r.count, .dt = r.dt};
		else if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK ||
		         (rc = check_send(&s, &r, r.count)) != MOTOR_OK)
			goto refuse;
	} else if ((rc = whole(sbuf, 1, &s)) != MOTOR_OK) {
		goto refuse;
	}
	rc = reduce_call(REDUCE, &s, &r, s.count, NULL, s.dt, op, root, comm, req);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
refuse:
	return refuse(comm, rc, req);
}

/* Allreduce, Scan, Exscan: equal buffers on every rank.  Reduce_scatter_block: the send buffer holds `size`
 * blocks of the receive buffer's length (in place: the buffer holds them and the result is its first block).
 * On an intercommunicator `size` is the local group's, as in MPI: each group's reduction, of the same length
 * in both groups, is scattered over the other group. */
static int32_t reduce_all(int kind, MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op,
                          int32_t comm, MonoObject *req)
{
	struct motor_coll_shape sh;
	struct cbuf s, r;
	int rc, size;
	int64_t count;

	if ((rc = shape(comm, flags, &sh)) != MOTOR_OK || (rc = whole(rbuf, 1, &r)) != MOTOR_OK)
		goto refuse;
	size = sh.size;
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
	           (rc = check_send(&s, &r, kind == REDUCE_SCATTER_BLOCK ? r.count * size : r.count)) !=
	               MOTOR_OK) {
		goto refuse;
	}
	rc = reduce_call(kind, &s, &r, count, NULL, r.dt, op, -1, comm, req);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	return rc;
refuse:
	return refuse(comm, rc, req);
}

int32_t motor_icall_allreduce(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm)
{
	return reduce_all(ALLREDUCE, sbuf, rbuf, flags, op, comm, NULL);
}

int32_t motor_icall_scan(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm)
{
	return reduce_all(SCAN, sbuf, rbuf, flags, op, comm, NULL);
}

int32_t motor_icall_exscan(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm)
{
	return reduce_all(EXSCAN, sbuf, rbuf, flags, op, comm, NULL);
}

int32_t motor_icall_reduce_scatter_block(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op,
                                         int32_t comm)
{
	return reduce_all(REDUCE_SCATTER_BLOCK, sbuf, rbuf, flags, op, comm, NULL);
}

int32_t motor_icall_bcast(MonoObject *buf, int32_t offset, int32_t count, int32_t root, int32_t comm)
{
	return bcast(buf, offset, count, root, comm, NULL);
}

int32_t motor_icall_scatter(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t root, int32_t comm)
{
	return scatter(sbuf, rbuf, flags, root, comm, NULL);
}

int32_t motor_icall_gather(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t root, int32_t comm)
{
	return gather(sbuf, rbuf, flags, root, comm, NULL);
}

int32_t motor_icall_scatterv(MonoObject *sbuf, MonoArray *counts, MonoArray *displs, MonoObject *rbuf,
                             int32_t flags, int32_t root, int32_t comm)
{
	return scatterv(sbuf, counts, displs, rbuf, flags, root, comm, NULL);
}

int32_t motor_icall_gatherv(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, MonoArray *displs,
                            int32_t flags, int32_t root, int32_t comm)
{
	return gatherv(sbuf, rbuf, counts, displs, flags, root, comm, NULL);
}

int32_t motor_icall_allgatherv(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, MonoArray *displs,
                               int32_t flags, int32_t comm)
{
	return allgatherv(sbuf, rbuf, counts, displs, flags, comm, NULL);
}

int32_t motor_icall_alltoallv(MonoObject *sbuf, MonoArray *scounts, MonoArray *sdispls, MonoObject *rbuf,
                              MonoArray *rcounts, MonoArray *rdispls, int32_t flags, int32_t comm)
{
	return alltoallv(sbuf, scounts, sdispls, rbuf, rcounts, rdispls, flags, comm, NULL);
}

int32_t motor_icall_reduce(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t root,
                           int32_t comm)
{
	return reduce(sbuf, rbuf, flags, op, root, comm, NULL);
}

/* Every non-blocking collective, by kind (motor_coll_kind), through the checks of its blocking form.  The
 * arguments a kind does not take are ignored: offset and count are Ibcast's, v1..v4 the v-forms' arrays in
 * the order their blocking internal calls take them. */
static int32_t reduce_scatter(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, int32_t flags,
                              int32_t op, int32_t comm, MonoObject *req);

int32_t motor_icall_icollective(int32_t kind, MonoObject *sbuf, MonoObject *rbuf, int32_t offset,
                                int32_t count, MonoArray *v1, MonoArray *v2, MonoArray *v3, MonoArray *v4,
                                int32_t flags, int32_t op, int32_t root, int32_t comm, MonoObject *req)
{
	if (!req)
		return MOTOR_ENULL;
	switch (kind) {
	case MOTOR_COLL_BARRIER:
		return post_nb(req, (struct motor_coll_args){MOTOR_COLL_BARRIER, .op = -1, .root = -1}, NULL,
		               NULL, comm);
	case MOTOR_COLL_BCAST:
		return bcast(rbuf, offset, count, root, comm, req);
	case MOTOR_COLL_SCATTER:
		return scatter(sbuf, rbuf, flags, root, comm, req);
	case MOTOR_COLL_GATHER:
		return gather(sbuf, rbuf, flags, root, comm, req);
	case MOTOR_COLL_ALLGATHER:
		return all(0, sbuf, rbuf, flags, comm, req);
	case MOTOR_COLL_ALLTOALL:
		return all(1, sbuf, rbuf, flags, comm, req);
	case MOTOR_COLL_SCATTERV:
		return scatterv(sbuf, v1, v2, rbuf, flags, root, comm, req);
	case MOTOR_COLL_GATHERV:
		return gatherv(sbuf, rbuf, v1, v2, flags, root, comm, req);
	case MOTOR_COLL_ALLGATHERV:
		return allgatherv(sbuf, rbuf, v1, v2, flags, comm, req);
	case MOTOR_COLL_ALLTOALLV:
		return alltoallv(sbuf, v1, v2, rbuf, v3, v4, flags, comm, req);
	case MOTOR_COLL_REDUCE:
		return reduce(sbuf, rbuf, flags, op, root, comm, req);
	case MOTOR_COLL_ALLREDUCE:
		return reduce_all(ALLREDUCE, sbuf, rbuf, flags, op, comm, req);
	case MOTOR_COLL_SCAN:
		return reduce_all(SCAN, sbuf, rbuf, flags, op, comm, req);
	case MOTOR_COLL_EXSCAN:
		return reduce_all(EXSCAN, sbuf, rbuf, flags, op, comm, req);
	case MOTOR_COLL_REDUCE_SCATTER_BLOCK:
		return reduce_all(REDUCE_SCATTER_BLOCK, sbuf, rbuf, flags, op, comm, req);
	case MOTOR_COLL_REDUCE_SCATTER:
		return reduce_scatter(sbuf, rbuf, v1, flags, op, comm, req);
	case MOTOR_COLL_NEIGHBOR_ALLGATHER:
	case MOTOR_COLL_NEIGHBOR_ALLGATHERV:
	case MOTOR_COLL_NEIGHBOR_ALLTOALL:
	case MOTOR_COLL_NEIGHBOR_ALLTOALLV:
		return neighbor(kind, sbuf, rbuf, v1, v2, v3, v4, comm, req);
	}
	return motor_mpi_icoll_refuse(comm, MOTOR_EARG);
}

/* Reduce_scatter: one count per rank of the local group, none negative; the send buffer holds their sum and
 * the receive buffer this rank's count (in place: the buffer holds the sum and the result is its start). */
static int32_t reduce_scatter(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, int32_t flags,
                              int32_t op, int32_t comm, MonoObject *req)
{
	struct motor_coll_shape sh;
	struct cbuf s, r;
	const int32_t *c;
	int64_t sum = 0;
	int rc;

	if ((rc = shape(comm, flags, &sh)) != MOTOR_OK || (rc = whole(rbuf, 1, &r)) != MOTOR_OK)
		goto refuse;
	if (!counts) {
		rc = MOTOR_ENULL;
		goto refuse;
	}
	if (mono_array_length(counts) != (uintptr_t)sh.size) {
		rc = MOTOR_ESIZE;
		goto refuse;
	}
	c = mono_array_addr(counts, int32_t, 0);
	for (int i = 0; i < sh.size; i++) {
		if (c[i] < 0) {
			rc = MOTOR_ESIZE;
			goto refuse;
		}
		sum += c[i];
	}
	if (flags & SEND_IN_PLACE) {
		s = (struct cbuf){.data = MOTOR_IN_PLACE};
		rc = r.count == sum ? MOTOR_OK : MOTOR_ESIZE;
	} else if ((rc = whole(sbuf, 1, &s)) == MOTOR_OK && (rc = check_send(&s, &r, sum)) == MOTOR_OK) {
		rc = r.count == c[sh.rank] ? MOTOR_OK : MOTOR_ESIZE;
	}
	if (rc != MOTOR_OK)
		goto refuse;
	rc = reduce_call(REDUCE_SCATTER, &s, &r, 0, c, r.dt, op, -1, comm, req);
	MOTOR_KEEP_ALIVE(sbuf);
	MOTOR_KEEP_ALIVE(rbuf);
	MOTOR_KEEP_ALIVE(counts);
	return rc;
refuse:
	return refuse(comm, rc, req);
}

int32_t motor_icall_reduce_scatter(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, int32_t flags,
                                   int32_t op, int32_t comm)
{
	return reduce_scatter(sbuf, rbuf, counts, flags, op, comm, NULL);
}

int32_t motor_icall_coll_mode(int32_t nonblocking)
{
	int was = motor_mpi_get_coll_nonblocking();
	if (nonblocking >= 0)
		motor_mpi_set_coll_nonblocking(nonblocking);
	return was;
}

int32_t motor_icall_coll_refuse(int32_t comm, int32_t nonblocking)
{
	int rc =
	    nonblocking ? motor_mpi_icoll_refuse(comm, MOTOR_EARG) : motor_mpi_coll_refuse(comm, MOTOR_EARG);
	return rc == MOTOR_ECOMM ? rc : MOTOR_OK;
}
