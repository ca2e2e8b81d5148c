/*
 * comm.c - the communicator table, rank/tag checks, Dup, Free, Barrier.
 *
 * Handles are indices into a fixed table so that a stale or forged handle from managed code is caught by a
 * bounds and validity check instead of reaching MPI.  Lookups take no lock; creation and freeing take one,
 * never across a blocking MPI call.
 */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

#include "coll-internal.h"

struct motor_comm motor_mpi__comms[MOTOR_MAX_COMMS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static int lowest_free = MOTOR_COMM_SELF + 1; /* no free entry below it (under table_lock) */
/* Handles reserved for the communicator of an Idup in flight: not valid (every lookup fails) and not free
 * (no other constructor takes them) until the Idup completes.  Under table_lock. */
static unsigned char reserved[MOTOR_MAX_COMMS];

static int fill(struct motor_comm *c, MPI_Comm comm)
{
	int rc, inter = 0;

	c->comm = comm;
	if ((rc = MPI_Comm_rank(comm, &c->rank)) != MPI_SUCCESS ||
	    (rc = MPI_Comm_size(comm, &c->size)) != MPI_SUCCESS ||
	    (rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS)
		return rc;
	c->remote_size = c->size;
	c->inter = inter;
	c->self_peer = inter ? INT_MIN : c->rank;
	if (inter)
		rc = MPI_Comm_remote_size(comm, &c->remote_size);
	return rc;
}

int motor_mpi__comm_add(MPI_Comm comm, int *handle)
{
	int rc = MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
	if (rc != MPI_SUCCESS)
		return rc;

	pthread_mutex_lock(&table_lock);
	int h;
	for (h = lowest_free; h < MOTOR_MAX_COMMS; h++)
		if (!atomic_load_explicit(&motor_mpi__comms[h].valid, memory_order_relaxed) && !reserved[h])
			break;
	lowest_free = h;
	if (h == MOTOR_MAX_COMMS) {
		pthread_mutex_unlock(&table_lock);
		return MOTOR_ECOMMLIMIT;
	}
	rc = fill(&motor_mpi__comms[h], comm);
	if (rc == MPI_SUCCESS) {
		motor_mpi__comm_publish(&motor_mpi__comms[h]);
		lowest_free = h + 1;
	}
	pthread_mutex_unlock(&table_lock);
	if (rc == MPI_SUCCESS)
		*handle = h;
	return rc;
}

int motor_mpi__comm_init(void)
{
	static const struct {
		int handle;
		MPI_Comm comm;
	} builtin[] = {{MOTOR_COMM_WORLD, MPI_COMM_WORLD}, {MOTOR_COMM_SELF, MPI_COMM_SELF}};
	int rc;

	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++) {
		struct motor_comm *c = &motor_mpi__comms[builtin[i].handle];
		if ((rc = MPI_Comm_set_errhandler(builtin[i].comm, MPI_ERRORS_RETURN)) != MPI_SUCCESS ||
		    (rc = fill(c, builtin[i].comm)) != MPI_SUCCESS)
			return rc;
		motor_mpi__comm_publish(c);
	}
	return MOTOR_OK;
}

void motor_mpi__comm_fini(void)
{
	pthread_mutex_lock(&table_lock);
	for (int h = 0; h < MOTOR_MAX_COMMS; h++) {
		if (!atomic_exchange(&motor_mpi__comms[h].valid, 0))
			continue;
		motor_mpi__coll_comm_freed(h);
		if (h > MOTOR_COMM_SELF)
			MPI_Comm_free(&motor_mpi__comms[h].comm);
	}
	pthread_mutex_unlock(&table_lock);
}

int motor_mpi_comm_rank(int comm, int *rank)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	if (!c)
		return MOTOR_ECOMM;
	*rank = c->rank;
	return MOTOR_OK;
}

int motor_mpi_peer_may_be_self(int comm, int peer, int recv)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	return c && !c->inter && (peer == c->rank || (recv && peer == MOTOR_ANY_SOURCE));
}

int motor_mpi_comm_size(int comm, int *size)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	if (!c)
		return MOTOR_ECOMM;
	*size = c->size;
	return MOTOR_OK;
}

int motor_mpi_comm_dup(int comm, int *newcomm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Comm dup = MPI_COMM_NULL;
	struct motor_block b;

	if (!c)
		return MOTOR_ECOMM;
	/* The blocking form, between the blocking hooks like the other constructors: MPICH's MPI_Comm_idup
	 * reports running out of communicators as "Invalid communicator" (mpi-compat.h). */
	motor_mpi__block_begin(&b);
	int rc = MPI_Comm_dup(c->comm, &dup);
	motor_mpi__block_end(&b);
	return motor_mpi__comm_made(rc, dup, newcomm);
}

int motor_mpi_comm_free(int comm)
{
	if (comm == MOTOR_COMM_WORLD || comm == MOTOR_COMM_SELF)
		return motor_mpi__comm(comm) ? MOTOR_ECOMMFREE : MOTOR_ECOMM;

	/* Its non-blocking collectives first: the handle may be reused once it is free. */
	if (motor_mpi__comm(comm))
		motor_mpi__staged_comm_freed(comm);
	pthread_mutex_lock(&table_lock);
	struct motor_comm *c = motor_mpi__comm(comm);
	if (!c) {
		pthread_mutex_unlock(&table_lock);
		return MOTOR_ECOMM;
	}
	atomic_store_explicit(&c->valid, 0, memory_order_release);
	if (comm < lowest_free)
		lowest_free = comm;
	MPI_Comm mc = c->comm;
	pthread_mutex_unlock(&table_lock);
	motor_mpi__comm_freed(comm);
	motor_mpi__coll_comm_freed(comm);
	return MPI_Comm_free(&mc);
}

int motor_mpi_barrier(int comm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Request req;

	if (!c)
		return MOTOR_ECOMM;
	int rc = MPI_Ibarrier(c->comm, &req);
	if (rc != MPI_SUCCESS)
		return rc;
	return motor_mpi__complete(&req, 1, NULL);
}

int motor_mpi_tag_ub(void)
{
	return motor_mpi__tag_ub;
}

int motor_mpi__comm_add_or_null(MPI_Comm comm, int *handle)
{
	*handle = -1;
	if (comm == MPI_COMM_NULL)
		return MOTOR_OK;
	int rc = motor_mpi__comm_add(comm, handle);
	if (rc != MOTOR_OK)
		MPI_Comm_free(&comm);
	return rc;
}

int motor_mpi__comm_made(int rc, MPI_Comm comm, int *handle)
{
	if (rc != MPI_SUCCESS) {
		if (comm != MPI_COMM_NULL)
			MPI_Comm_free(&comm);
		*handle = -1;
		return motor_compat_out_of_comms(rc) ? MOTOR_ECOMMLIMIT : rc;
	}
	return motor_mpi__comm_add_or_null(comm, handle);
}

/* The collective constructors below have no non-blocking form in MPI: they run whole between the blocking
 * hooks, so a rank that waits in them for its peers never stalls the garbage collector. */

int motor_mpi_comm_split(int comm, int color, int key, int *newcomm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Comm nc = MPI_COMM_NULL;
	struct motor_block b;

	if (!c)
		return MOTOR_ECOMM;
	int rc = color < 0 && color != MOTOR_UNDEFINED ? MOTOR_EARG : MOTOR_OK;
	/* Ranks may pass different colours: agree before MPI_Comm_split, as the collectives do (coll.c); the
	 * agreement's MPI_Allreduce would mix the two groups of an intercommunicator, which has no such
	 * check. */
	if (!c->inter)
		rc = motor_mpi__agree(c, rc);
	if (rc != MOTOR_OK)
		return rc;
	motor_mpi__block_begin(&b);
	rc = MPI_Comm_split(c->comm, color == MOTOR_UNDEFINED ? MPI_UNDEFINED : color, key, &nc);
	motor_mpi__block_end(&b);
	return motor_mpi__comm_made(rc, nc, newcomm);
}

int motor_mpi_comm_create(int comm, int group, int *newcomm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Group g = motor_mpi__group(group);
	MPI_Comm nc = MPI_COMM_NULL;
	struct motor_block b;

	if (!c)
		return MOTOR_ECOMM;
	if (c->inter)
		return MOTOR_EINTER;
	int rc = motor_mpi__agree(c, g == MPI_GROUP_NULL ? MOTOR_EGROUP : MOTOR_OK);
	if (rc != MOTOR_OK)
		return rc;
	motor_mpi__block_begin(&b);
	rc = MPI_Comm_create(c->comm, g, &nc);
	motor_mpi__block_end(&b);
	return motor_mpi__comm_made(rc, nc, newcomm);
}

/* Whether `g` holds only processes of `c`'s group: MOTOR_OK, MOTOR_ESUBGROUP, or the library's error. */
static int subgroup(const struct motor_comm *c, MPI_Group g)
{
	MPI_Group cg = MPI_GROUP_NULL, outside = MPI_GROUP_NULL;
	int n = 0, rc = MPI_Comm_group(c->comm, &cg);
	if (rc == MPI_SUCCESS)
		rc = MPI_Group_difference(g, cg, &outside);
	if (rc == MPI_SUCCESS)
		rc = MPI_Group_size(outside, &n);
	if (outside != MPI_GROUP_NULL && outside != MPI_GROUP_EMPTY)
		MPI_Group_free(&outside);
	if (cg != MPI_GROUP_NULL)
		MPI_Group_free(&cg);
	return rc == MPI_SUCCESS && n > 0 ? MOTOR_ESUBGROUP : rc;
}

int motor_mpi_comm_create_group(int comm, int group, int tag, int *newcomm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Group g = motor_mpi__group(group);
	MPI_Comm nc = MPI_COMM_NULL;
	struct motor_block b;
	int member = MPI_UNDEFINED;

	*newcomm = -1;
	if (!c)
		return MOTOR_ECOMM;
	if (c->inter)
		return MOTOR_EINTER;
	if (g == MPI_GROUP_NULL)
		return MOTOR_EGROUP;
	if ((unsigned)tag > (unsigned)motor_mpi__tag_ub)
		return MOTOR_ETAG;
	int rc = subgroup(c, g);
	if (rc == MPI_SUCCESS)
		rc = MPI_Group_rank(g, &member);
	if (rc != MPI_SUCCESS || member == MPI_UNDEFINED)
		return rc;
	motor_mpi__block_begin(&b);
	rc = MPI_Comm_create_group(c->comm, g, tag, &nc);
	motor_mpi__block_end(&b);
	return motor_mpi__comm_made(rc, nc, newcomm);
}

int motor_mpi_comm_compare(int comm1, int comm2, int *result)
{
	struct motor_comm *a = motor_mpi__comm(comm1), *b = motor_mpi__comm(comm2);
	int r, rc;

	if (!a || !b)
		return MOTOR_ECOMM;
	if ((rc = MPI_Comm_compare(a->comm, b->comm, &r)) == MPI_SUCCESS)
		*result = motor_mpi__compare_result(r);
	return rc;
}

int motor_mpi_comm_group(int comm, int remote, int *group)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Group g = MPI_GROUP_NULL;

	if (!c)
		return MOTOR_ECOMM;
	if (remote && !c->inter)
		return MOTOR_EINTRA;
	int rc = remote ? MPI_Comm_remote_group(c->comm, &g) : MPI_Comm_group(c->comm, &g);
	if (rc != MPI_SUCCESS)
		return rc;
	return motor_mpi__group_add(g, group);
}

int motor_mpi_comm_kind(int comm, int *inter, int *remote_size)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	if (!c)
		return MOTOR_ECOMM;
	*inter = c->inter;
	*remote_size = c->remote_size;
	return MOTOR_OK;
}

/* A group's outcome as its leader tells the other group's (intercomm_create): INT_MAX for none, the lowest
 * refusing rank, or -2 for arguments that differ between the group's ranks; and back. */
static int outcome_out(int rc, int leader)
{
	if (rc == MOTOR_OK)
		return INT_MAX;
	if (rc <= MOTOR_EPEER_BASE && rc > MOTOR_EPEER_REMOTE_BASE)
		return MOTOR_EPEER_BASE - rc;
	return rc == MOTOR_EMISMATCH ? -2 : leader;
}

static int outcome_in(int x)
{
	return x == INT_MAX ? MOTOR_OK
	       : x == -2    ? MOTOR_EMISMATCH
	       : x < 0      ? MOTOR_EREMOTE
	                    : MOTOR_EPEER_REMOTE(x);
}

/* Every rank of both groups refuses alike: each group agrees on its leader first (the same valid rank on
 * every rank), then on the rest -- the tag, the same everywhere, and at the leader the peer communicator and
 * the remote leader, which MPI reads there only (MPI 4.0 §7.6.2) -- and the leaders exchange their groups'
 * outcomes over the peer communicator before either enters MPI_Intercomm_create, each telling its group the
 * other's.  A group without an agreed leader, or whose leader cannot reach the other leader (a bad peer
 * communicator or remote leader), raises, but cannot tell the other group, which waits for that leader as
 * in C. */
int motor_mpi_intercomm_create(int local, int local_leader, int peer, int remote_leader, int tag,
                               int *newcomm)
{
	struct motor_comm *c = motor_mpi__comm(local), *p = NULL;
	MPI_Comm nc = MPI_COMM_NULL;
	struct motor_block b;
	int done;

	if (!c)
		return MOTOR_ECOMM;
	if (c->inter)
		return MOTOR_EINTER;
	struct motor_carry d = {.kind = BARRIER, .root = local_leader, .op = -1, .dt = CARRY_DT_BYTES};
	int rc = motor_mpi__agree_carry(
	    c, local_leader < 0 || local_leader >= c->size ? MOTOR_ERANK : MOTOR_OK, &d, &done);
	if (rc != MOTOR_OK)
		return rc;
	int leader = c->rank == local_leader, verdict = motor_mpi__send_tag(tag);
	if (leader && verdict == MOTOR_OK) {
		if (!(p = motor_mpi__comm(peer)))
			verdict = MOTOR_ECOMM;
		else if (remote_leader < 0 || remote_leader >= p->remote_size)
			verdict = MOTOR_ERANK;
	}
	d.count = tag;
	int mine = motor_mpi__agree_carry(c, verdict, &d, &done);
	int out = outcome_out(mine, local_leader), theirs = INT_MAX, xrc = MPI_SUCCESS;
	motor_mpi__block_begin(&b);
	if (leader && verdict == MOTOR_OK) {
		xrc = MPI_Sendrecv(&out, 1, MPI_INT, remote_leader, tag, &theirs, 1, MPI_INT, remote_leader,
		                   tag, p->comm, MPI_STATUS_IGNORE);
		if (xrc != MPI_SUCCESS)
			theirs = -3;
	}
	rc = MPI_Bcast(&theirs, 1, MPI_INT, local_leader, c->comm);
	if (rc == MPI_SUCCESS && mine == MOTOR_OK && theirs == INT_MAX)
		rc = MPI_Intercomm_create(c->comm, local_leader, leader ? p->comm : MPI_COMM_NULL,
		                          leader ? remote_leader : 0, tag, &nc);
	motor_mpi__block_end(&b);
	if (rc != MPI_SUCCESS || mine != MOTOR_OK)
		return rc != MPI_SUCCESS ? rc : mine;
	if (theirs != INT_MAX)
		return xrc != MPI_SUCCESS ? xrc : outcome_in(theirs);
	return motor_mpi__comm_made(rc, nc, newcomm);
}

int motor_mpi_intercomm_merge(int comm, int high, int *newcomm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Comm nc = MPI_COMM_NULL;
	struct motor_block b;

	if (!c)
		return MOTOR_ECOMM;
	if (!c->inter)
		return MOTOR_EINTRA;
	motor_mpi__block_begin(&b);
	int rc = MPI_Intercomm_merge(c->comm, high != 0, &nc);
	motor_mpi__block_end(&b);
	return motor_mpi__comm_made(rc, nc, newcomm);
}

/* ---- Split_type, names, Idup -------------------------------------------------------------------------- */

int motor_mpi_comm_split_type(int comm, int type, int key, int *newcomm)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	MPI_Comm nc = MPI_COMM_NULL;
	struct motor_block b;

	if (!c)
		return MOTOR_ECOMM;
	if (c->inter)
		return MOTOR_EINTER;
	/* Ranks may pass different types: agree before MPI_Comm_split_type, as Split does. */
	int rc = type == MOTOR_COMM_TYPE_SHARED || type == MOTOR_UNDEFINED ? MOTOR_OK : MOTOR_EARG;
	if ((rc = motor_mpi__agree(c, rc)) != MOTOR_OK)
		return rc;
	motor_mpi__block_begin(&b);
	rc = MPI_Comm_split_type(c->comm, type == MOTOR_UNDEFINED ? MPI_UNDEFINED : MPI_COMM_TYPE_SHARED, key,
	                         MPI_INFO_NULL, &nc);
	motor_mpi__block_end(&b);
	return motor_mpi__comm_made(rc, nc, newcomm);
}

int motor_mpi_max_object_name(void)
{
	return MPI_MAX_OBJECT_NAME - 1; /* MPI's limit counts the terminating NUL */
}

int motor_mpi_comm_set_name(int comm, const uint8_t *name, int len)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	char buf[MPI_MAX_OBJECT_NAME];

	if (!c)
		return MOTOR_ECOMM;
	if (!name || len < 0 || len > motor_mpi_max_object_name() || memchr(name, 0, (size_t)len))
		return MOTOR_EARG;
	memcpy(buf, name, (size_t)len);
	buf[len] = 0;
	return MPI_Comm_set_name(c->comm, buf);
}

int motor_mpi_comm_get_name(int comm, uint8_t *out, int cap, int *len)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	char buf[MPI_MAX_OBJECT_NAME];
	int n = 0, rc;

	if (!c)
		return MOTOR_ECOMM;
	if (!out || cap < 0)
		return MOTOR_EARG;
	if ((rc = MPI_Comm_get_name(c->comm, buf, &n)) != MPI_SUCCESS)
		return rc;
	memcpy(out, buf, (size_t)(n < cap ? n : cap));
	*len = n;
	return MOTOR_OK;
}

struct idup {
	MPI_Comm parent;
	MPI_Comm made; /* written by MPI when the request completes */
	int handle;
};

int motor_mpi_idup_overlaps_nbc(void)
{
	return MOTOR_COMPAT_IDUP_OVERLAPS_NBC;
}

int motor_mpi_comm_idup_prepare(int comm, int *newcomm, void **ctx)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	struct idup *d;
	int h;

	if (!c)
		return MOTOR_ECOMM;
	if (!(d = malloc(sizeof *d)))
		return MOTOR_ENOMEM;
	pthread_mutex_lock(&table_lock);
	for (h = lowest_free; h < MOTOR_MAX_COMMS; h++)
		if (!atomic_load_explicit(&motor_mpi__comms[h].valid, memory_order_relaxed) && !reserved[h])
			break;
	if (h < MOTOR_MAX_COMMS) {
		reserved[h] = 1;
		lowest_free = h + 1;
	}
	pthread_mutex_unlock(&table_lock);
	if (h == MOTOR_MAX_COMMS) {
		free(d);
		return MOTOR_ECOMMLIMIT;
	}
	d->parent = c->comm;
	d->made = MPI_COMM_NULL;
	d->handle = h;
	*newcomm = h;
	*ctx = d;
	return MOTOR_OK;
}

int motor_mpi_comm_idup_post(void *ctx, motor_req *req)
{
	struct idup *d = ctx;
	MPI_Request r;
	int rc = MPI_Comm_idup(d->parent, &d->made, &r);
	if (rc != MPI_SUCCESS)
		return motor_compat_out_of_comms(rc) ? MOTOR_ECOMMLIMIT : rc;
	motor_mpi__req_set(req, r);
	return MOTOR_OK;
}

static void unreserve(int h)
{
	pthread_mutex_lock(&table_lock);
	reserved[h] = 0;
	if (h < lowest_free)
		lowest_free = h;
	pthread_mutex_unlock(&table_lock);
}

void motor_mpi_comm_idup_abandon(void *ctx)
{
	struct idup *d = ctx;
	unreserve(d->handle);
	free(d);
}

void motor_mpi_comm_idup_done(void *ctx, size_t unused)
{
	struct idup *d = ctx;
	struct motor_comm *c = &motor_mpi__comms[d->handle];
	int rc = MPI_ERR_COMM;

	(void)unused;
	if (d->made != MPI_COMM_NULL &&
	    (rc = MPI_Comm_set_errhandler(d->made, MPI_ERRORS_RETURN)) == MPI_SUCCESS) {
		pthread_mutex_lock(&table_lock);
		rc = fill(c, d->made);
		if (rc == MPI_SUCCESS) {
			motor_mpi__comm_publish(c);
			reserved[d->handle] = 0;
		}
		pthread_mutex_unlock(&table_lock);
	}
	/* A failed duplication (its error is the request's) or a communicator that could not be described:
	 * the handle goes back, and a managed Comm holding it reports the communicator as unusable. */
	if (rc != MPI_SUCCESS) {
		if (d->made != MPI_COMM_NULL)
			MPI_Comm_free(&d->made);
		unreserve(d->handle);
	}
	free(d);
}
