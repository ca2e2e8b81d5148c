/*
 * coll.c - collective operations.
 *
 * Two ways to wait without stalling the garbage collector, chosen by motor_mpi__coll_nb:
 *   0 (default)  the blocking MPI collective, called between the blocking hooks.  Entering and leaving the
 *                GC-safe region costs about 45 ns per call, which is small beside any collective, and MPICH's
 *                blocking collectives use algorithms (shared-memory, recursive doubling) that its
 * non-blocking schedules do not, so this is the faster of the two for small messages (bench/run-coll.sh). 1
 * the non-blocking form, polled MOTOR_SPIN times, then waited between the hooks, like point-to-point
 * (request.c). Either way every collective is described once, in a struct coll, and started by one switch per
 * form.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "coll-internal.h"

_Static_assert(sizeof(int) == sizeof(int32_t), "counts and displacements are passed as int32_t arrays");

int motor_mpi__coll_nb;
int motor_mpi__coll_agree = 1;

void motor_mpi_set_coll_nonblocking(int on)
{
	motor_mpi__coll_nb = on != 0;
}

static void *mpi_buf(const void *p)
{
	return p == MOTOR_IN_PLACE ? MPI_IN_PLACE : (void *)p;
}

int motor_mpi_coll_shape(int comm, struct motor_coll_shape *s)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	if (!c)
		return MOTOR_ECOMM;
	*s = (struct motor_coll_shape){
	    .rank = c->rank, .size = c->size, .blocks = c->remote_size, .inter = c->inter};
	return MOTOR_OK;
}

int motor_mpi_coll_role(const struct motor_coll_shape *s, int root)
{
	if (!s->inter)
		return root < 0 || root >= s->size ? MOTOR_ERANK
		       : root == s->rank           ? MOTOR_ROLE_ROOT
		                                   : MOTOR_ROLE_LEAF;
	if (root == MOTOR_ROOT)
		return MOTOR_ROLE_ROOT;
	if (root == MOTOR_PROC_NULL)
		return MOTOR_ROLE_IDLE;
	return root < 0 || root >= s->blocks ? MOTOR_ERANK : MOTOR_ROLE_LEAF;
}

/* A root in managed numbering as the MPI library's: MOTOR_ROOT and MOTOR_PROC_NULL on an intercommunicator
 * become MPI_ROOT and MPI_PROC_NULL. */
static int map_root(const struct motor_comm *c, int root, int *out)
{
	struct motor_coll_shape s = {
	    .rank = c->rank, .size = c->size, .blocks = c->remote_size, .inter = c->inter};
	int role = motor_mpi_coll_role(&s, root);
	if (role < 0)
		return role;
	*out = !c->inter                 ? root
	       : role == MOTOR_ROLE_ROOT ? MPI_ROOT
	       : role == MOTOR_ROLE_IDLE ? MPI_PROC_NULL
	                                 : root;
	return MOTOR_OK;
}

/* Checks and maps what every collective shares.  `root` NO_ROOT means the collective has no root; `op` < 0
 * that it reduces nothing.  On an intercommunicator a rank of the root's group other than the root takes part
 * with no buffers, so its datatype and operator are not looked at: MPI reads nothing but the root there. */
static int prepare(struct coll *a, enum kind kind, const void *sbuf, void *rbuf, int64_t count, int dt,
                   int op, int root, int comm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	int rc;

	if (!c)
		return MOTOR_ECOMM;
	a->root = root;
	if (root != NO_ROOT && (rc = map_root(c, root, &a->root)) != MOTOR_OK)
		return rc;
	if (c->inter && (kind == SCAN || kind == EXSCAN))
		return MOTOR_EINTER;
	if (c->inter && (sbuf == MOTOR_IN_PLACE || rbuf == MOTOR_IN_PLACE))
		return MOTOR_EINPLACE;
	if (c->inter && a->root == MPI_PROC_NULL) {
		*a = (struct coll){.kind = kind,
		                   .sbuf = MOTOR_COMPAT_UNREAD_BUF,
		                   .rbuf = MOTOR_COMPAT_UNREAD_BUF,
		                   .count = MOTOR_COMPAT_IDLE_COUNT,
		                   .type = MPI_INT,
		                   .op = MPI_SUM,
		                   .root = MPI_PROC_NULL,
		                   .comm = c->comm};
		return MOTOR_OK;
	}
	if ((a->type = motor_mpi__type(dt)) == MPI_DATATYPE_NULL)
		return MOTOR_EARG;
	/* Managed arrays hold at most INT32_MAX elements, so counts always fit MPI's int. */
	if (count < 0 || count > INT_MAX)
		return MOTOR_ECOUNT;
	if (op >= 0 && (rc = motor_mpi__op(op, dt, &a->op)) != MOTOR_OK)
		return rc;
	a->kind = kind;
	a->sbuf = mpi_buf(sbuf);
	a->rbuf = mpi_buf(rbuf);
	a->count = (int)count;
	a->comm = c->comm;
	if (a->root == MPI_ROOT && !a->sbuf)
		a->sbuf = MOTOR_COMPAT_UNREAD_BUF;
	return MOTOR_OK;
}

int motor_mpi_coll_refuse(int comm, int code)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	return c ? motor_mpi__agree(c, code) : code;
}

int motor_mpi_coll_agree_object(int comm, enum motor_ocoll_kind kind, int root, int verdict)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	if (!c)
		return MOTOR_ECOMM;
	if (c->inter)
		return motor_mpi__agree(c, verdict);
	/* count -1: compared, never carried (agree.c) */
	struct motor_carry d = {
	    .kind = OBJECT_BCAST + (int)kind, .root = root, .op = -1, .dt = -1, .count = -1};
	int done;
	return motor_mpi__agree_carry(c, verdict, &d, &done);
}

/* splitmix64's finaliser: a 64-bit value whose every bit depends on every bit of x. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 27;
	x *= UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

/* A block of `bytes` bytes from rank `from` to rank `to`, as one 64-bit value: the flows of struct
 * motor_carry sum these. */
static uint64_t flow(int from, int to, int64_t bytes)
{
	return mix(mix(((uint64_t)(uint32_t)from << 32 | (uint32_t)to) + UINT64_C(0x9e3779b97f4a7c15)) ^
	           (uint64_t)bytes);
}

/* The flows of a v-form on a communicator of c->size ranks: sc/rc are its send and receive counts (NULL where
 * it has none or this rank need not give them), `count` its one count (Gatherv's and Allgatherv's send,
 * Scatterv's receive), `es` the bytes of an element.  MPI_IN_PLACE takes the block from the counts, as MPI
 * does.  0 when a count this rank must give is missing: it then describes nothing. */
static int describe_flows(const struct motor_comm *c, enum kind kind, const void *sbuf, const void *rbuf,
                          int64_t count, const int32_t *sc, const int32_t *rc, int root, size_t es,
                          struct motor_carry *d)
{
	int me = c->rank, p = c->size;
	int64_t b = count * (int64_t)es;
	uint64_t sent = 0, expected = 0;

	if (kind == ALLTOALLV && sbuf == MOTOR_IN_PLACE)
		sc = rc;
	if (((kind == SCATTERV && me == root) || kind == ALLTOALLV) && !sc)
		return 0;
	if (((kind == GATHERV && me == root) || kind == ALLGATHERV || kind == ALLTOALLV ||
	     kind == REDUCE_SCATTER) &&
	    !rc)
		return 0;
	switch (kind) {
	case SCATTERV:
		if (me == root)
			for (int j = 0; j < p; j++)
				sent += flow(root, j, sc[j] * (int64_t)es);
		expected = flow(root, me, me == root && rbuf == MOTOR_IN_PLACE ? sc[me] * (int64_t)es : b);
		break;
	case GATHERV:
		sent = flow(me, root, me == root && sbuf == MOTOR_IN_PLACE ? rc[me] * (int64_t)es : b);
		if (me == root)
			for (int i = 0; i < p; i++)
				expected += flow(i, root, rc[i] * (int64_t)es);
		break;
	case ALLGATHERV:
		if (sbuf == MOTOR_IN_PLACE)
			b = rc[me] * (int64_t)es;
		for (int j = 0; j < p; j++) {
			sent += flow(me, j, b);
			expected += flow(j, me, rc[j] * (int64_t)es);
		}
		break;
	case ALLTOALLV:
		for (int j = 0; j < p; j++) {
			sent += flow(me, j, sc[j] * (int64_t)es);
			expected += flow(j, me, rc[j] * (int64_t)es);
		}
		break;
	default: /* REDUCE_SCATTER: every rank's counts must be the same, so this rank's view of block j is a
	          * flow to j, and rank j's view of its own block what j expects from every rank */
		for (int j = 0; j < p; j++) {
			sent += flow(me, j, rc[j] * (int64_t)es);
			expected += flow(j, me, rc[me] * (int64_t)es);
		}
		break;
	}
	d->flows = 1;
	d->sent = sent;
	d->expected = expected;
	return 1;
}

/* A description by flows alone (struct motor_carry), for the collectives whose counts differ between ranks or
 * groups by design.  Returns 1: described. */
static int by_flows(struct motor_carry *d, enum kind kind, uint64_t sent, uint64_t expected,
                    uint64_t sent_within, uint64_t expected_within)
{
	*d = (struct motor_carry){.kind = kind,
	                          .root = -1,
	                          .op = -1,
	                          .dt = CARRY_DT_BYTES,
	                          .count = -1,
	                          .flows = 1,
	                          .sent = sent,
	                          .expected = expected,
	                          .sent_within = sent_within,
	                          .expected_within = expected_within};
	return 1;
}

/* The neighbours of this rank in the topology of a communicator, in MPI's order: nin sources in ids[], then
 * nout destinations (a Cartesian grid: per dimension the rank at -1, then at +1, either MPI_PROC_NULL at an
 * edge; a graph: its neighbours both ways). */
struct hood {
	int nin, nout;
	int ids[];
};

/* Each communicator's neighbours, asked of MPI at its first neighbour collective and kept: a communicator's
 * topology never changes.  Dropped when the handle is freed (motor_mpi__coll_comm_freed). */
static _Atomic(struct hood *) hoods[MOTOR_MAX_COMMS];

/* Asks MPI for the neighbours of this rank in `c`; NULL without a topology or memory. */
static struct hood *ask_neighbours(const struct motor_comm *c)
{
	int kind = MPI_UNDEFINED, n = 0, w, nin, nout;
	if (MPI_Topo_test(c->comm, &kind) != MPI_SUCCESS)
		return NULL;
	if (kind == MPI_CART && MPI_Cartdim_get(c->comm, &n) == MPI_SUCCESS)
		nin = nout = 2 * n;
	else if (kind == MPI_GRAPH && MPI_Graph_neighbors_count(c->comm, c->rank, &n) == MPI_SUCCESS)
		nin = nout = n;
	else if (kind != MPI_DIST_GRAPH ||
	         MPI_Dist_graph_neighbors_count(c->comm, &nin, &nout, &w) != MPI_SUCCESS)
		return NULL;
	/* Room for a weighted graph's weights too, which a library may return whether asked for or not. */
	struct hood *h = malloc(sizeof *h + sizeof(int) * (size_t)(2 * (nin + nout) + 1));
	if (!h)
		return NULL;
	int *in = h->ids, *out = in + nin, rc = MPI_SUCCESS;
	h->nin = nin;
	h->nout = nout;
	if (kind == MPI_CART)
		for (int d = 0; d < n && rc == MPI_SUCCESS; d++) {
			rc = MPI_Cart_shift(c->comm, d, 1, &in[2 * d], &in[2 * d + 1]);
			out[2 * d] = in[2 * d];
			out[2 * d + 1] = in[2 * d + 1];
		}
	else if (kind == MPI_GRAPH && (rc = MPI_Graph_neighbors(c->comm, c->rank, n, in)) == MPI_SUCCESS)
		memcpy(out, in, sizeof(int) * (size_t)n);
	else if (kind == MPI_DIST_GRAPH)
		rc = MPI_Dist_graph_neighbors(c->comm, nin, in, out + nout, nout, out, out + nout + nin);
	if (rc != MPI_SUCCESS) {
		free(h);
		return NULL;
	}
	return h;
}

/* The neighbours of this rank in `c`, from the cache or asked and cached; NULL without a topology or memory.
 */
static const struct hood *neighbours(const struct motor_comm *c)
{
	_Atomic(struct hood *) *slot = &hoods[c - motor_mpi__comms];
	struct hood *h = atomic_load_explicit(slot, memory_order_acquire), *none = NULL;
	if (h || !(h = ask_neighbours(c)))
		return h;
	/* Two threads may ask at once for different collectives' sake (only a program's error could make them
	 * the same communicator's): the first one kept is the one used. */
	if (!atomic_compare_exchange_strong_explicit(slot, &none, h, memory_order_acq_rel,
	                                             memory_order_acquire)) {
		free(h);
		h = none;
	}
	return h;
}

void motor_mpi__coll_comm_freed(int handle)
{
	free(atomic_exchange_explicit(&hoods[handle], NULL, memory_order_acq_rel));
}

/* The flows of a neighbour collective: block k goes to out[k] and comes from in[k] (counts sc/rc, else
 * `count`), none to or from MPI_PROC_NULL.  A program whose blocks fit gives the same multiset of (sender,
 * receiver, bytes) on both sides, so the sums agree whatever order MPI pairs two edges between the same ranks
 * in; two such edges with their sizes swapped would pass unseen.  0 without the neighbours. */
static int describe_neighbours(const struct motor_comm *c, enum kind kind, int64_t count, const int32_t *sc,
                               const int32_t *rc, int64_t es, struct motor_carry *d)
{
	const struct hood *h = neighbours(c);
	if (!h || (kind == NEIGHBOR_ALLTOALLV && !sc) ||
	    ((kind == NEIGHBOR_ALLGATHERV || kind == NEIGHBOR_ALLTOALLV) && !rc))
		return 0;
	int nin = h->nin, nout = h->nout;
	const int *in = h->ids, *out = in + nin;
	uint64_t sent = 0, expected = 0;
	for (int k = 0; k < nout; k++)
		if (out[k] != MPI_PROC_NULL)
			sent += flow(c->rank, out[k], (kind == NEIGHBOR_ALLTOALLV ? sc[k] : count) * es);
	for (int k = 0; k < nin; k++)
		if (in[k] != MPI_PROC_NULL)
			expected += flow(
			    in[k], c->rank,
			    (kind == NEIGHBOR_ALLGATHERV || kind == NEIGHBOR_ALLTOALLV ? rc[k] : count) * es);
	return by_flows(d, kind, sent, expected, 0, 0);
}

/* What of a collective's reduction its description compares: whether its element type `dt` is built in
 * (then returns 1), and in *cop its operator if both are built in, else -1.  A user-defined type or operator
 * is a handle of this rank's own, meaningless on another. */
static int compared_reduction(int reduction, int dt, int op, int *cop)
{
	int builtin = reduction && dt >= 0 && dt < MOTOR_DT_PREDEFINED;
	*cop = builtin && op < MOTOR_OP_PREDEFINED ? op : -1;
	return builtin;
}

/* The description of a collective on intercommunicator `c`: its kind and its flows, every block going from
 * one group to the other (a root's group sends in Bcast, Scatter and Scatterv, receives in Gather, Gatherv
 * and Reduce, where its other ranks pass MPI_PROC_NULL and move nothing).  A reduction's operator and element
 * type are part of each block's size, as far as they can be compared (built in).  A reduce-scatter's vectors
 * are compared with the other group's blocks together, and its counts within the group. */
static int describe_inter(const struct motor_comm *c, enum kind kind, int64_t count, int dt, int op, int root,
                          const int32_t *sc, const int32_t *rc, struct motor_carry *d)
{
	int me = c->rank, q = c->remote_size;
	int64_t es = (int64_t)motor_mpi_type_size(dt), b = count * es;
	int reduction =
	    kind == REDUCE || kind == ALLREDUCE || kind == REDUCE_SCATTER_BLOCK || kind == REDUCE_SCATTER;
	int cop, builtin = compared_reduction(reduction, dt, op, &cop);
	/* Mixed into a reduction's block sizes: its built-in operator and element type, if they are. */
	int64_t x = !reduction ? 0 : (int64_t)mix((uint64_t)cop << 32 | (uint32_t)(builtin ? dt : -1));
	uint64_t sent = 0, expected = 0, within_sent = 0, within_expected = 0;

	if ((kind == SCATTERV && root == MOTOR_ROOT && !sc) ||
	    (kind == GATHERV && root == MOTOR_ROOT && !rc) ||
	    ((kind == ALLGATHERV || kind == ALLTOALLV || kind == REDUCE_SCATTER) && !rc) ||
	    (kind == ALLTOALLV && !sc))
		return 0;
	switch (kind) {
	case BCAST:
	case SCATTER:
	case SCATTERV:
		if (root == MOTOR_ROOT)
			for (int j = 0; j < q; j++)
				sent += flow(me, j, kind == SCATTERV ? sc[j] * es : b);
		else if (root != MOTOR_PROC_NULL)
			expected = flow(root, me, b);
		break;
	case GATHER:
	case GATHERV:
	case REDUCE:
		if (root == MOTOR_ROOT)
			for (int i = 0; i < q; i++)
				expected += flow(i, me, (kind == GATHERV ? rc[i] * es : b) ^ x);
		else if (root != MOTOR_PROC_NULL)
			sent = flow(me, root, b ^ x);
		break;
	case ALLGATHER:
	case ALLGATHERV:
	case ALLTOALL:
	case ALLTOALLV:
	case ALLREDUCE:
		for (int j = 0; j < q; j++) {
			sent += flow(me, j, (kind == ALLTOALLV ? sc[j] * es : b) ^ x);
			expected +=
			    flow(j, me, (kind == ALLGATHERV || kind == ALLTOALLV ? rc[j] * es : b) ^ x);
		}
		break;
	case REDUCE_SCATTER_BLOCK:
	case REDUCE_SCATTER: {
		/* Each group's vectors, reduced, are scattered over the other group, so a vector must be as
		 * long as the other group's blocks together: (group size) x count, or the sum of the counts
		 * -- the same on every rank of both groups.  Sent and expected name that length as this rank
		 * sees it. */
		int64_t total = kind == REDUCE_SCATTER_BLOCK ? c->size * b : 0;
		if (kind == REDUCE_SCATTER)
			for (int k = 0; k < c->size; k++) {
				total += rc[k] * es;
				/* within the group, as an intracommunicator's Reduce_scatter (describe_flows)
				 */
				within_sent += flow(me, k, rc[k] * es);
				within_expected += flow(k, me, rc[me] * es);
			}
		for (int j = 0; j < q; j++) {
			sent += flow(me, j, total ^ x);
			expected += flow(j, me, total ^ x);
		}
		break;
	}
	default:
		return 0;
	}
	return by_flows(d, kind, sent, expected, within_sent, within_expected);
}

/* The description of a collective on communicator `c` that its agreement compares (agree.c), from the
 * arguments prepare() accepted: kind, root, and for a reduction the operator and element type with the count,
 * for the others the bytes of a rank's block; for a v-form (sc, rc: its counts) the flows of its blocks
 * instead of a count.  A Bcast, Reduce or Allreduce also says where its data are, for the agreement to carry
 * it out if it is small.  A neighbour collective gives describe_neighbours' description, any collective on an
 * intercommunicator describe_inter's.  0 when this rank describes nothing: a v-form without the counts this
 * rank must give, a topology MPI does not tell, or a Bcast, Reduce or Allreduce without the buffers MPI would
 * need (MPI then judges the call). */
static int describe(const struct motor_comm *c, enum kind kind, const void *sbuf, void *rbuf, int64_t count,
                    int dt, int op, int root, const int32_t *sc, const int32_t *rc, struct motor_carry *d)
{
	int reduction = kind == REDUCE || kind == ALLREDUCE || kind == SCAN || kind == EXSCAN ||
	                kind == REDUCE_SCATTER_BLOCK || kind == REDUCE_SCATTER;
	int rooted = kind == BCAST || kind == REDUCE || kind == SCATTER || kind == GATHER ||
	             kind == SCATTERV || kind == GATHERV;
	int vform = kind == SCATTERV || kind == GATHERV || kind == ALLGATHERV || kind == ALLTOALLV ||
	            kind == REDUCE_SCATTER;
	if (c->inter)
		return describe_inter(c, kind, count, dt, op, root, sc, rc, d);
	if (kind == NEIGHBOR_ALLGATHER || kind == NEIGHBOR_ALLGATHERV || kind == NEIGHBOR_ALLTOALL ||
	    kind == NEIGHBOR_ALLTOALLV)
		return describe_neighbours(c, kind, count, sc, rc, (int64_t)motor_mpi_type_size(dt), d);
	if (!(reduction || rooted || vform || kind == ALLGATHER || kind == ALLTOALL))
		return 0;
	int cop, builtin = compared_reduction(reduction, dt, op, &cop);
	*d = (struct motor_carry){.kind = kind,
	                          .root = rooted ? root : -1,
	                          .op = cop,
	                          .dt = builtin ? dt : CARRY_DT_BYTES,
	                          .bytes = (size_t)count * motor_mpi_type_size(dt)};
	d->count = builtin ? count : (int64_t)d->bytes;
	if (vform) {
		d->count = -1;
		d->bytes = 0;
		return describe_flows(c, kind, sbuf, rbuf, count, sc, rc, root, motor_mpi_type_size(dt), d);
	}
	if (kind != BCAST && kind != REDUCE && kind != ALLREDUCE)
		return 1;                                 /* compared, never carried: no data */
	int whole = kind == ALLREDUCE || root == c->rank; /* this rank has the whole: data or result */
	if (kind == BCAST) {
		d->in = whole ? rbuf : NULL;
		d->out = whole ? NULL : rbuf;
	} else {
		d->in = sbuf == MOTOR_IN_PLACE ? rbuf : sbuf;
		d->out = whole ? rbuf : NULL;
	}
	/* A rank without the buffers it should have (an in-place form MPI does not allow here, a null buffer)
	 * describes nothing. */
	return !((kind != BCAST && !d->in) || d->in == MOTOR_IN_PLACE || d->out == MOTOR_IN_PLACE ||
	         (d->bytes && (kind == BCAST || whole) && !rbuf));
}

/* prepare() and the agreement, which compares the collective's description and, for a small Bcast, Reduce
 * or Allreduce, carries it out (agree.c): then *done.  MOTOR_OK when every rank may go on with it. */
static int begin_carried(struct coll *a, enum kind kind, const void *sbuf, void *rbuf, int64_t count, int dt,
                         int op, int root, int comm, const int32_t *scounts, const int32_t *rcounts,
                         int *done)
{
	int rc = prepare(a, kind, sbuf, rbuf, count, dt, op, root, comm);
	struct motor_comm *c = motor_mpi__comm(comm);
	struct motor_carry d;

	*done = 0;
	if (rc == MOTOR_ECOMM || !c)
		return MOTOR_ECOMM;
	int described =
	    rc == MOTOR_OK && describe(c, kind, sbuf, rbuf, count, dt, op, root, scounts, rcounts, &d);
	return motor_mpi__agree_carry(c, rc, described ? &d : NULL, done);
}

/* begin_carried() for a collective the agreement never carries out: a v-form with its counts `scounts` and
 * `rcounts` (NULL where it has none), which its agreement compares, or any other with NULL. */
static int begin(struct coll *a, enum kind kind, const void *sbuf, void *rbuf, int64_t count, int dt, int op,
                 int root, int comm, const int32_t *scounts, const int32_t *rcounts)
{
	int done;
	return begin_carried(a, kind, sbuf, rbuf, count, dt, op, root, comm, scounts, rcounts, &done);
}

static int call_blocking(const struct coll *a)
{
	switch (a->kind) {
	case BCAST:
		return MPI_Bcast(a->rbuf, a->count, a->type, a->root, a->comm);
	case SCATTER:
		return MPI_Scatter(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root, a->comm);
	case GATHER:
		return MPI_Gather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root, a->comm);
	case ALLGATHER:
		return MPI_Allgather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->comm);
	case ALLTOALL:
		return MPI_Alltoall(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->comm);
	case SCATTERV:
		return MPI_Scatterv(a->sbuf, a->sc, a->sd, a->type, a->rbuf, a->count, a->type, a->root,
		                    a->comm);
	case GATHERV:
		return MPI_Gatherv(a->sbuf, a->count, a->type, a->rbuf, a->rc, a->rd, a->type, a->root,
		                   a->comm);
	case ALLGATHERV:
		return MPI_Allgatherv(a->sbuf, a->count, a->type, a->rbuf, a->rc, a->rd, a->type, a->comm);
	case ALLTOALLV:
		return MPI_Alltoallv(a->sbuf, a->sc, a->sd, a->type, a->rbuf, a->rc, a->rd, a->type, a->comm);
	case REDUCE:
		return MPI_Reduce(a->sbuf, a->rbuf, a->count, a->type, a->op, a->root, a->comm);
	case ALLREDUCE:
		return MPI_Allreduce(a->sbuf, a->rbuf, a->count, a->type, a->op, a->comm);
	case SCAN:
		return MPI_Scan(a->sbuf, a->rbuf, a->count, a->type, a->op, a->comm);
	case EXSCAN:
		return MPI_Exscan(a->sbuf, a->rbuf, a->count, a->type, a->op, a->comm);
	case REDUCE_SCATTER_BLOCK:
		return MPI_Reduce_scatter_block(a->sbuf, a->rbuf, a->count, a->type, a->op, a->comm);
	case BARRIER:
		return MPI_Barrier(a->comm);
	case REDUCE_SCATTER:
		return MPI_Reduce_scatter(a->sbuf, a->rbuf, a->rc, a->type, a->op, a->comm);
	case NEIGHBOR_ALLGATHER:
		return MPI_Neighbor_allgather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type,
		                              a->comm);
	case NEIGHBOR_ALLGATHERV:
		return MPI_Neighbor_allgatherv(a->sbuf, a->count, a->type, a->rbuf, a->rc, a->rd, a->type,
		                               a->comm);
	case NEIGHBOR_ALLTOALL:
		return MPI_Neighbor_alltoall(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->comm);
	case NEIGHBOR_ALLTOALLV:
		return MPI_Neighbor_alltoallv(a->sbuf, a->sc, a->sd, a->type, a->rbuf, a->rc, a->rd, a->type,
		                              a->comm);
	case FILE_READ_AT_ALL:
	case FILE_WRITE_AT_ALL:
		break; /* only non-blocking (file.c) */
	}
	return MOTOR_EARG;
}

int motor_mpi__coll_start(const struct coll *a, MPI_Request *r)
{
	switch (a->kind) {
	case FILE_READ_AT_ALL:
		return MPI_File_iread_at_all(a->fh, a->offset, a->rbuf, a->count, a->type, r);
	case FILE_WRITE_AT_ALL:
		return MPI_File_iwrite_at_all(a->fh, a->offset, a->sbuf, a->count, a->type, r);
	case BCAST:
		return MPI_Ibcast(a->rbuf, a->count, a->type, a->root, a->comm, r);
	case SCATTER:
		return MPI_Iscatter(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root, a->comm,
		                    r);
	case GATHER:
		return MPI_Igather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root, a->comm,
		                   r);
	case ALLGATHER:
		return MPI_Iallgather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->comm, r);
	case ALLTOALL:
		return MPI_Ialltoall(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->comm, r);
	case SCATTERV:
		return MPI_Iscatterv(a->sbuf, a->sc, a->sd, a->type, a->rbuf, a->count, a->type, a->root,
		                     a->comm, r);
	case GATHERV:
		return MPI_Igatherv(a->sbuf, a->count, a->type, a->rbuf, a->rc, a->rd, a->type, a->root,
		                    a->comm, r);
	case ALLGATHERV:
		return MPI_Iallgatherv(a->sbuf, a->count, a->type, a->rbuf, a->rc, a->rd, a->type, a->comm,
		                       r);
	case ALLTOALLV:
		return MPI_Ialltoallv(a->sbuf, a->sc, a->sd, a->type, a->rbuf, a->rc, a->rd, a->type, a->comm,
		                      r);
	case REDUCE:
		return MPI_Ireduce(a->sbuf, a->rbuf, a->count, a->type, a->op, a->root, a->comm, r);
	case ALLREDUCE:
		return MPI_Iallreduce(a->sbuf, a->rbuf, a->count, a->type, a->op, a->comm, r);
	case SCAN:
		return MPI_Iscan(a->sbuf, a->rbuf, a->count, a->type, a->op, a->comm, r);
	case EXSCAN:
		return MPI_Iexscan(a->sbuf, a->rbuf, a->count, a->type, a->op, a->comm, r);
	case REDUCE_SCATTER_BLOCK:
		return MPI_Ireduce_scatter_block(a->sbuf, a->rbuf, a->count, a->type, a->op, a->comm, r);
	case BARRIER:
		return MPI_Ibarrier(a->comm, r);
	case REDUCE_SCATTER:
		return MPI_Ireduce_scatter(a->sbuf, a->rbuf, a->rc, a->type, a->op, a->comm, r);
	case NEIGHBOR_ALLGATHER:
		return MPI_Ineighbor_allgather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type,
		                               a->comm, r);
	case NEIGHBOR_ALLGATHERV:
		return MPI_Ineighbor_allgatherv(a->sbuf, a->count, a->type, a->rbuf, a->rc, a->rd, a->type,
		                                a->comm, r);
	case NEIGHBOR_ALLTOALL:
		return MPI_Ineighbor_alltoall(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->comm,
		                              r);
	case NEIGHBOR_ALLTOALLV:
		return MPI_Ineighbor_alltoallv(a->sbuf, a->sc, a->sd, a->type, a->rbuf, a->rc, a->rd, a->type,
		                               a->comm, r);
	}
	return MOTOR_EARG;
}

/* The bytes an in-place REDUCE (at the root) or REDUCE_SCATTER reads from its buffer, or 0 for any other
 * collective. */
static size_t inplace_reduced_bytes(const struct coll *a)
{
	MPI_Aint lb = 0, extent = 0;
	int64_t n = 0;
	if (a->sbuf != MPI_IN_PLACE || MPI_Type_get_extent(a->type, &lb, &extent) != MPI_SUCCESS)
		return 0;
	if (a->kind == REDUCE)
		n = a->count;
	else if (a->kind == REDUCE_SCATTER) {
		int size = 0;
		MPI_Comm_size(a->comm, &size);
		for (int i = 0; i < size; i++)
			n += a->rc[i];
	}
	return (size_t)n * (size_t)extent;
}

static int run(const struct coll *a);

/* An in-place reduction that MPICH gets wrong (mpi-compat.h), reduced from a copy of the buffer. */
static __attribute__((noinline, cold)) int run_from_copy(const struct coll *a, size_t bytes)
{
	struct coll b = *a;
	/* Every rank has agreed to go ahead: without memory for the copy, this one runs in place as asked
	 * rather than leave the others waiting. */
	if (!(b.sbuf = malloc(bytes)))
		return run(a);
	memcpy(b.sbuf, a->rbuf, bytes);
	int rc = run(&b);
	free(b.sbuf);
	return rc;
}

int motor_mpi__coll_run(const struct coll *a)
{
	size_t bytes = MOTOR_COMPAT_INPLACE_REDUCE_COPY ? inplace_reduced_bytes(a) : 0;
	return bytes ? run_from_copy(a, bytes) : run(a);
}

static int run(const struct coll *a)
{
	int rc;

	if (motor_mpi__coll_nb) {
		MPI_Request req;
		if ((rc = motor_mpi__coll_start(a, &req)) != MPI_SUCCESS)
			return rc;
		return motor_mpi__complete(&req, 1, NULL);
	}
	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = call_blocking(a);
	motor_mpi__block_end(&b);
	return rc;
}

int motor_mpi_bcast(void *buf, int64_t count, int dt, int root, int comm)
{
	struct coll a;
	int done;
	int rc = begin_carried(&a, BCAST, NULL, buf, count, dt, -1, root, comm, NULL, NULL, &done);
	return rc == MOTOR_OK && !done ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_scatter(const void *sbuf, void *rbuf, int64_t count, int dt, int root, int comm)
{
	struct coll a;
	int rc = begin(&a, SCATTER, sbuf, rbuf, count, dt, -1, root, comm, NULL, NULL);
	return rc == MOTOR_OK ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_gather(const void *sbuf, void *rbuf, int64_t count, int dt, int root, int comm)
{
	struct coll a;
	int rc = begin(&a, GATHER, sbuf, rbuf, count, dt, -1, root, comm, NULL, NULL);
	return rc == MOTOR_OK ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_allgather(const void *sbuf, void *rbuf, int64_t count, int dt, int comm)
{
	struct coll a;
	int rc = begin(&a, ALLGATHER, sbuf, rbuf, count, dt, -1, NO_ROOT, comm, NULL, NULL);
	return rc == MOTOR_OK ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_alltoall(const void *sbuf, void *rbuf, int64_t count, int dt, int comm)
{
	struct coll a;
	int rc = begin(&a, ALLTOALL, sbuf, rbuf, count, dt, -1, NO_ROOT, comm, NULL, NULL);
	return rc == MOTOR_OK ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_scatterv(const void *sbuf, const int32_t *counts, const int32_t *displs, void *rbuf,
                       int64_t rcount, int dt, int root, int comm)
{
	struct coll a;
	int rc = begin(&a, SCATTERV, sbuf, rbuf, rcount, dt, -1, root, comm, counts, NULL);
	if (rc != MOTOR_OK)
		return rc;
	a.sc = counts;
	a.sd = displs;
	return motor_mpi__coll_run(&a);
}

int motor_mpi_gatherv(const void *sbuf, int64_t scount, void *rbuf, const int32_t *counts,
                      const int32_t *displs, int dt, int root, int comm)
{
	struct coll a;
	int rc = begin(&a, GATHERV, sbuf, rbuf, scount, dt, -1, root, comm, NULL, counts);
	if (rc != MOTOR_OK)
		return rc;
	a.rc = counts;
	a.rd = displs;
	return motor_mpi__coll_run(&a);
}

/* Allgatherv and Alltoallv, over all ranks or (NEIGHBOR_*) over a topology's neighbours. */
static int gatherv_all(enum kind kind, const void *sbuf, int64_t scount, void *rbuf, const int32_t *rcounts,
                       const int32_t *rdispls, int dt, int comm)
{
	struct coll a;
	int rc = begin(&a, kind, sbuf, rbuf, scount, dt, -1, NO_ROOT, comm, NULL, rcounts);
	if (rc != MOTOR_OK)
		return rc;
	a.rc = rcounts;
	a.rd = rdispls;
	return motor_mpi__coll_run(&a);
}

static int alltoallv(enum kind kind, const void *sbuf, const int32_t *scounts, const int32_t *sdispls,
                     void *rbuf, const int32_t *rcounts, const int32_t *rdispls, int dt, int comm)
{
	struct coll a;
	int rc = begin(&a, kind, sbuf, rbuf, 0, dt, -1, NO_ROOT, comm, scounts, rcounts);
	if (rc != MOTOR_OK)
		return rc;
	a.sc = scounts;
	a.sd = sdispls;
	a.rc = rcounts;
	a.rd = rdispls;
	return motor_mpi__coll_run(&a);
}

int motor_mpi_allgatherv(const void *sbuf, int64_t scount, void *rbuf, const int32_t *counts,
                         const int32_t *displs, int dt, int comm)
{
	return gatherv_all(ALLGATHERV, sbuf, scount, rbuf, counts, displs, dt, comm);
}

int motor_mpi_alltoallv(const void *sbuf, const int32_t *scounts, const int32_t *sdispls, void *rbuf,
                        const int32_t *rcounts, const int32_t *rdispls, int dt, int comm)
{
	return alltoallv(ALLTOALLV, sbuf, scounts, sdispls, rbuf, rcounts, rdispls, dt, comm);
}

int motor_mpi_reduce(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int root, int comm)
{
	struct coll a;
	if (op < 0)
		return motor_mpi_coll_refuse(comm, MOTOR_EOP);
	int done;
	int rc = begin_carried(&a, REDUCE, sbuf, rbuf, count, dt, op, root, comm, NULL, NULL, &done);
	return rc == MOTOR_OK && !done ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_allreduce(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int comm)
{
	struct coll a;
	if (op < 0)
		return motor_mpi_coll_refuse(comm, MOTOR_EOP);
	int done;
	int rc = begin_carried(&a, ALLREDUCE, sbuf, rbuf, count, dt, op, NO_ROOT, comm, NULL, NULL, &done);
	return rc == MOTOR_OK && !done ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_scan(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int comm)
{
	struct coll a;
	if (op < 0)
		return motor_mpi_coll_refuse(comm, MOTOR_EOP);
	int rc = begin(&a, SCAN, sbuf, rbuf, count, dt, op, NO_ROOT, comm, NULL, NULL);
	return rc == MOTOR_OK ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_exscan(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int comm)
{
	struct coll a;
	if (op < 0)
		return motor_mpi_coll_refuse(comm, MOTOR_EOP);
	int rc = begin(&a, EXSCAN, sbuf, rbuf, count, dt, op, NO_ROOT, comm, NULL, NULL);
	return rc == MOTOR_OK ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_reduce_scatter_block(const void *sbuf, void *rbuf, int64_t count, int dt, int op, int comm)
{
	struct coll a;
	if (op < 0)
		return motor_mpi_coll_refuse(comm, MOTOR_EOP);
	int rc = begin(&a, REDUCE_SCATTER_BLOCK, sbuf, rbuf, count, dt, op, NO_ROOT, comm, NULL, NULL);
	return rc == MOTOR_OK ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_reduce_scatter(const void *sbuf, void *rbuf, const int32_t *counts, int dt, int op, int comm)
{
	struct coll a;
	if (op < 0)
		return motor_mpi_coll_refuse(comm, MOTOR_EOP);
	int rc = begin(&a, REDUCE_SCATTER, sbuf, rbuf, 0, dt, op, NO_ROOT, comm, NULL, counts);
	if (rc != MOTOR_OK)
		return rc;
	a.rc = counts;
	return motor_mpi__coll_run(&a);
}

int motor_mpi_neighbor_allgather(const void *sbuf, void *rbuf, int64_t count, int dt, int comm)
{
	struct coll a;
	int rc = begin(&a, NEIGHBOR_ALLGATHER, sbuf, rbuf, count, dt, -1, NO_ROOT, comm, NULL, NULL);
	return rc == MOTOR_OK ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_neighbor_alltoall(const void *sbuf, void *rbuf, int64_t count, int dt, int comm)
{
	struct coll a;
	int rc = begin(&a, NEIGHBOR_ALLTOALL, sbuf, rbuf, count, dt, -1, NO_ROOT, comm, NULL, NULL);
	return rc == MOTOR_OK ? motor_mpi__coll_run(&a) : rc;
}

int motor_mpi_neighbor_allgatherv(const void *sbuf, int64_t scount, void *rbuf, const int32_t *rcounts,
                                  const int32_t *rdispls, int dt, int comm)
{
	return gatherv_all(NEIGHBOR_ALLGATHERV, sbuf, scount, rbuf, rcounts, rdispls, dt, comm);
}

int motor_mpi_neighbor_alltoallv(const void *sbuf, const int32_t *scounts, const int32_t *sdispls, void *rbuf,
                                 const int32_t *rcounts, const int32_t *rdispls, int dt, int comm)
{
	return alltoallv(NEIGHBOR_ALLTOALLV, sbuf, scounts, sdispls, rbuf, rcounts, rdispls, dt, comm);
}

int motor_mpi_get_coll_nonblocking(void)
{
	return motor_mpi__coll_nb;
}

/* On an intercommunicator, or an intracommunicator of several ranks, the agreement and the data run in two
 * stages (icoll.c); a barrier has no argument that one rank could refuse, and posts at once. */
static int staged(const struct motor_comm *c, int kind)
{
	return kind != MOTOR_COLL_BARRIER && (c->inter || c->size > 1) && motor_mpi__coll_agree;
}

int motor_mpi_icoll_refuse(int comm, int code)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	if (!c)
		return MOTOR_ECOMM;
	if (!staged(c, MOTOR_COLL_BCAST))
		return motor_mpi__agree(c, code);
	struct coll a = {.kind = BARRIER};
	motor_req unused;
	return motor_mpi__staged_post(c, comm, &a, code, NULL, &unused);
}

int motor_mpi_icoll(const struct motor_coll_args *x, int verdict, int comm, motor_req *req)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	struct coll a = {.kind = BARRIER};
	MPI_Request r = MPI_REQUEST_NULL;
	int rc = verdict;

	motor_mpi__req_set(req, MPI_REQUEST_NULL);
	if (!c)
		return MOTOR_ECOMM;
	if (rc == MOTOR_OK &&
	    ((x->kind >= MOTOR_COLL_REDUCE && x->kind <= MOTOR_COLL_REDUCE_SCATTER_BLOCK) ||
	     x->kind == MOTOR_COLL_REDUCE_SCATTER) &&
	    x->op < 0)
		rc = MOTOR_EOP;
	int rooted = x->kind == MOTOR_COLL_BCAST || x->kind == MOTOR_COLL_SCATTER ||
	             x->kind == MOTOR_COLL_GATHER || x->kind == MOTOR_COLL_SCATTERV ||
	             x->kind == MOTOR_COLL_GATHERV || x->kind == MOTOR_COLL_REDUCE;
	if (rc == MOTOR_OK && x->kind != MOTOR_COLL_BARRIER)
		rc = prepare(&a, (enum kind)x->kind, x->sbuf, x->rbuf, x->count, x->dt, x->op,
		             rooted ? x->root : NO_ROOT, comm);
	a.comm = c->comm;
	a.sc = x->sc;
	a.sd = x->sd;
	a.rc = x->rc;
	a.rd = x->rd;
	struct motor_carry d;
	int described = rc == MOTOR_OK && describe(c, (enum kind)x->kind, x->sbuf, x->rbuf, x->count, x->dt,
	                                           x->op, rooted ? x->root : NO_ROOT, x->sc, x->rc, &d);
	if (staged(c, x->kind))
		return motor_mpi__staged_post(c, comm, &a, rc, described ? &d : NULL, req);
	/* Not staged: a barrier, one rank alone, or no agreement at all (MOTOR_COLL_AGREE=0). */
	int done;
	if (x->kind != MOTOR_COLL_BARRIER &&
	    (rc = motor_mpi__agree_carry(c, rc, described ? &d : NULL, &done)) != MOTOR_OK)
		return rc;
	rc = motor_mpi__coll_start(&a, &r);
	motor_mpi__req_set(req, r);
	return rc;
}
