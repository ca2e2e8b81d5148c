/*
 * agree.c - the agreement of the blocking collectives, and the small collectives it carries.
 *
 * Before a blocking collective moves data, its ranks agree whether every one of them accepted its arguments
 * (motor-mpi.h).  On an intracommunicator that is one MPI_Allreduce of a block (struct block) with an
 * operator of ours (combine); on an intercommunicator two (agree_inter).
 *
 * The block holds more than the lowest refusing rank.  A collective also writes what it is -- kind, root,
 * operator, element type, count (for a v-form or a neighbour collective, whose counts differ between ranks,
 * and on an intercommunicator, where they differ between the groups, the flows of its blocks:
 * coll-internal.h, struct motor_carry) -- and a Bcast, Reduce or Allreduce whose data fit in CARRY_BYTES the
 * data itself: the operator compares the descriptions and, where they are equal, reduces the data on the way
 * (a Bcast's root contributes its data, the others none).  So after the one MPI call every rank knows one of
 * three things:
 *   - a rank refused: the lowest refusing rank, as before;
 *   - the descriptions differ (a count, root or operator not the same on every rank, or flows whose blocks
 *     are not received with the sizes they are sent with, which MPI calls erroneous and cannot see: it would
 *     truncate, hang or compute garbage): MOTOR_EMISMATCH on every rank;
 *   - otherwise, for a small collective, its result: it is complete, and no second MPI call is made.
 * An operator of ours runs inside MPI_Allreduce; MPICH and Open MPI reduce the 96-byte block with it within
 * about 0.1 us of an int with MPI_MIN (doc/benchmarks.md, (e1)), so the agreement costs about what it cost,
 * and a small Bcast, Reduce or Allreduce costs one MPI call instead of two.
 *
 * A description holds no process-local handle: a user-defined operator is described as "user-defined" and a
 * struct element type by its size in bytes, since their handles may differ between ranks.  Such collectives
 * are compared but never carried (the reduction is the user's managed code), and neither are collectives
 * whose data do not fit.
 */
#include <string.h>

#include "coll-internal.h"

/* Bytes of a collective's data the block can carry. */
#define CARRY_BYTES 56

enum { MISMATCH = 1, HAS_DATA = 2 };

struct block {
	int32_t who;     /* the lowest refusing rank, INT32_MAX if none */
	int32_t present; /* ranks that described their collective */
	int32_t flags;   /* MISMATCH: two descriptions differ; HAS_DATA: a Bcast's root's data is in data[] */
	/* the description: equal on every rank that gives one */
	int32_t kind, root, op, dt;
	int32_t flowing; /* 1: data[] holds flows (struct motor_carry), not a collective's data */
	int64_t count;   /* elements of dt, or bytes (CARRY_DT_BYTES) */
	unsigned char data[CARRY_BYTES];
};
_Static_assert(sizeof(struct block) == 96, "the block is one MPI datatype of 96 bytes");

static MPI_Datatype block_type = MPI_DATATYPE_NULL;
static MPI_Op block_op = MPI_OP_NULL;

/* Whether the collective the block describes is carried: its data fit, and its reduction is built in. */
static int carried(const struct block *b)
{
	if (b->count < 0 || (b->kind != BCAST && b->kind != REDUCE && b->kind != ALLREDUCE))
		return 0;
	if (b->kind == BCAST)
		return b->count <= CARRY_BYTES;
	return b->dt >= 0 && b->dt < MOTOR_DT_PREDEFINED && b->op >= 0 && b->op < MOTOR_OP_PREDEFINED &&
	       (uint64_t)b->count * motor_mpi_type_size(b->dt) <= CARRY_BYTES;
}

/* A description by flows (struct motor_carry: a v-form, a neighbour collective, any collective on an
 * intercommunicator) carries them in data[]: what its ranks send, then what they expect. */
static int has_flows(const struct block *b)
{
	return b->flowing;
}

/* The flows in data[]: sent, expected, sent_within, expected_within (struct motor_carry). */
enum { FLOWS = 4 };

static void get_flows(const struct block *b, uint64_t f[FLOWS])
{
	memcpy(f, b->data, FLOWS * sizeof f[0]);
}

static void set_flows(struct block *b, const uint64_t f[FLOWS])
{
	memcpy(b->data, f, FLOWS * sizeof f[0]);
}

static int same(const struct block *a, const struct block *b)
{
	return a->kind == b->kind && a->root == b->root && a->op == b->op && a->dt == b->dt &&
	       a->count == b->count && a->flowing == b->flowing;
}

/* inout = in (+) inout: the lowest refusing rank, whether two descriptions differ, the ranks that gave one,
 * and their data reduced.  Commutative and associative, as MPI needs: a description that reaches a combine
 * meets every other one somewhere in MPI's tree, so any difference sets MISMATCH. */
static void merge(const struct block *in, struct block *io)
{
	/* Counted first: the copy below overwrites io->present. */
	int32_t present = io->present + in->present;
	if (in->who < io->who)
		io->who = in->who;
	io->flags |= in->flags & MISMATCH;
	if (in->present && io->present && !same(in, io))
		io->flags |= MISMATCH;
	if (in->present && !io->present) {
		int32_t who = io->who, flags = io->flags;
		*io = *in;
		io->who = who;
		io->flags = flags | (in->flags & HAS_DATA);
	} else if (in->present && io->present && !(io->flags & MISMATCH) && has_flows(io)) {
		uint64_t a[FLOWS], b[FLOWS];
		get_flows(in, a);
		get_flows(io, b);
		for (int k = 0; k < FLOWS; k++)
			b[k] += a[k];
		set_flows(io, b);
	} else if (in->present && io->present && !(io->flags & MISMATCH) && carried(io)) {
		if (io->kind != BCAST) {
			motor_mpi__reduce_builtin(io->dt, io->op, in->data, io->data, io->count);
		} else if (in->flags & HAS_DATA) {
			memcpy(io->data, in->data, (size_t)io->count);
			io->flags |= HAS_DATA;
		}
	}
	io->present = present;
}

/* The operator (MPI_User_function).  MPI may hand over blocks at any alignment: each is copied out first. */
static void combine(void *invec, void *inoutvec, int *len, MPI_Datatype *type)
{
	(void)type;
	for (int i = 0; i < *len; i++) {
		struct block a, b;
		memcpy(&a, (const char *)invec + (size_t)i * sizeof a, sizeof a);
		memcpy(&b, (char *)inoutvec + (size_t)i * sizeof b, sizeof b);
		merge(&a, &b);
		memcpy((char *)inoutvec + (size_t)i * sizeof b, &b, sizeof b);
	}
}

int motor_mpi__agree_init(void)
{
	int rc = MPI_Type_contiguous((int)sizeof(struct block), MPI_BYTE, &block_type);
	if (rc == MPI_SUCCESS)
		rc = MPI_Type_commit(&block_type);
	if (rc == MPI_SUCCESS)
		rc = MPI_Op_create(combine, 1, &block_op);
	return rc;
}

void motor_mpi__agree_fini(void)
{
	if (block_op != MPI_OP_NULL)
		MPI_Op_free(&block_op);
	if (block_type != MPI_DATATYPE_NULL)
		MPI_Type_free(&block_type);
}

/* One element of `type` reduced with `op` over communicator `c`, waited for between the blocking hooks. */
static int allreduce(const struct motor_comm *c, void *sbuf, void *rbuf, MPI_Datatype type, MPI_Op op)
{
	struct coll a = {.kind = ALLREDUCE,
	                 .sbuf = sbuf,
	                 .rbuf = rbuf,
	                 .count = 1,
	                 .type = type,
	                 .op = op,
	                 .root = NO_ROOT,
	                 .comm = c->comm};
	return motor_mpi__coll_run(&a);
}

_Static_assert(sizeof(struct block) == sizeof(struct motor_agree) &&
                   _Alignof(struct block) <= _Alignof(struct motor_agree),
               "struct motor_agree holds a block");

int motor_mpi__agree_fill(struct motor_agree *blk, const struct motor_comm *c, int side, int verdict,
                          const struct motor_carry *d)
{
	struct block b = {.who = verdict == MOTOR_OK ? INT32_MAX : c->rank};
	if (verdict == MOTOR_OK && d) {
		b.present = 1;
		b.kind = d->kind;
		b.root = d->root;
		b.op = d->op;
		b.dt = d->dt;
		b.count = d->count;
		b.flowing = d->flows;
		if (d->flows)
			set_flows(&b, (const uint64_t[FLOWS]){d->sent, d->expected, d->sent_within,
			                                      d->expected_within});
		else if (carried(&b) && d->in && d->bytes) {
			memcpy(b.data, d->in, d->bytes);
			if (d->kind == BCAST)
				b.flags = HAS_DATA;
		}
	}
	if (side < 0) {
		memcpy(blk, &b, sizeof b);
		return 1;
	}
	/* An empty block changes nothing it is merged with. */
	struct block empty = {.who = INT32_MAX};
	memcpy(&blk[side], &b, sizeof b);
	memcpy(&blk[1 - side], &empty, sizeof empty);
	return 2;
}

int motor_mpi__agree_start(struct motor_agree *blk, int n, MPI_Comm comm, MPI_Request *r)
{
	return MPI_Iallreduce(MPI_IN_PLACE, blk, n, block_type, block_op, comm, r);
}

int motor_mpi__agree_outcome(const struct motor_agree *blk, int size, const struct motor_carry *d, int *done)
{
	struct block b;
	memcpy(&b, blk, sizeof b);
	*done = 0;
	if (b.who != INT32_MAX)
		return MOTOR_EPEER(b.who);
	if (b.flags & MISMATCH)
		return MOTOR_EMISMATCH;
	if (b.present == size && has_flows(&b)) {
		uint64_t f[FLOWS];
		get_flows(&b, f);
		if (f[0] != f[1])
			return MOTOR_EMISMATCH;
	}
	if (d && b.present == size && carried(&b)) {
		if (d->out && d->bytes)
			memcpy(d->out, b.data, d->bytes);
		*done = 1;
	}
	return MOTOR_OK;
}

/* The outcome of an agreement on an intercommunicator: `own` holds the blocks of this rank's group (of `size`
 * ranks) combined, `remote` those of the other group (of `remote_size`).  Either group's lowest refusing
 * rank, and for a collective described by its flows, whether what each group sends is what the other expects.
 */
static int inter_outcome(const struct motor_agree *own, const struct motor_agree *remote, int size,
                         int remote_size)
{
	struct block l, r;
	memcpy(&l, own, sizeof l);
	memcpy(&r, remote, sizeof r);
	if (l.who != INT32_MAX)
		return MOTOR_EPEER(l.who);
	if (r.who != INT32_MAX)
		return MOTOR_EPEER_REMOTE(r.who);
	if ((l.flags | r.flags) & MISMATCH)
		return MOTOR_EMISMATCH;
	if (l.present == size && r.present == remote_size && l.flowing && r.flowing) {
		uint64_t lf[FLOWS], rf[FLOWS];
		get_flows(&l, lf);
		get_flows(&r, rf);
		/* Between the groups both ways, and within each. */
		if (lf[0] != rf[1] || rf[0] != lf[1] || lf[2] != lf[3] || rf[2] != rf[3] || l.kind != r.kind)
			return MOTOR_EMISMATCH;
	}
	return MOTOR_OK;
}

/* On an intercommunicator an MPI_Allreduce gives each group the other group's reduction, never its own.  So
 * it takes two: the first gives every rank the remote group's block combined; in the second the remote
 * group's rank 0 offers what it received (every other rank an empty block, since a sum taken once per rank
 * would count it that many times), and so every rank receives its own group's block combined.  Both are made
 * by every rank of both groups, whatever it found, so no rank waits.  Then each group's lowest refusing rank
 * is known, and for a collective described by its flows, whether what each group sends is what the other
 * expects. */
static int agree_inter(const struct motor_comm *c, int verdict, const struct motor_carry *d)
{
	struct motor_agree mine, remote, give, own;
	struct block empty = {.who = INT32_MAX};
	motor_mpi__agree_fill(&mine, c, -1, verdict, d);
	int rc = allreduce(c, &mine, &remote, block_type, block_op);
	if (c->rank == 0)
		give = remote;
	else
		memcpy(&give, &empty, sizeof empty);
	if (rc == MPI_SUCCESS)
		rc = allreduce(c, &give, &own, block_type, block_op);
	if (verdict != MOTOR_OK)
		return verdict;
	if (rc != MPI_SUCCESS)
		return rc;
	return inter_outcome(&own, &remote, c->size, c->remote_size);
}

int motor_mpi__agree_outcome_inter(const struct motor_agree *blk, int side, int size, int remote_size)
{
	return inter_outcome(&blk[side], &blk[1 - side], size, remote_size);
}

int motor_mpi__agree_carry(const struct motor_comm *c, int verdict, const struct motor_carry *d, int *done)
{
	*done = 0;
	/* One rank alone agrees with itself; its flows (a neighbour collective with itself as its neighbour)
	 * must still balance. */
	if (c->size == 1 && !c->inter)
		return verdict == MOTOR_OK && d && d->flows && d->sent != d->expected ? MOTOR_EMISMATCH
		                                                                      : verdict;
	if (!motor_mpi__coll_agree)
		return verdict;
	if (c->inter)
		return agree_inter(c, verdict, d);
	struct motor_agree blk;
	motor_mpi__agree_fill(&blk, c, -1, verdict, d);
	int rc = allreduce(c, MPI_IN_PLACE, &blk, block_type, block_op);
	if (verdict != MOTOR_OK)
		return verdict;
	if (rc != MPI_SUCCESS)
		return rc;
	return motor_mpi__agree_outcome(&blk, c->size, d, done);
}

int motor_mpi__agree(const struct motor_comm *c, int verdict)
{
	int done;
	return motor_mpi__agree_carry(c, verdict, NULL, &done);
}
