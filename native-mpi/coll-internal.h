/*
 * coll-internal.h - what coll.c and icoll.c share: one collective described with the MPI library's values,
 * and the switch that starts its non-blocking form.  Never installed.
 */
#ifndef MOTOR_COLL_INTERNAL_H
#define MOTOR_COLL_INTERNAL_H

#include <limits.h>

#include "motor-mpi-internal.h"

enum kind {
	BCAST,
	SCATTER,
	GATHER,
	ALLGATHER,
	ALLTOALL,
	SCATTERV,
	GATHERV,
	ALLGATHERV,
	ALLTOALLV,
	REDUCE,
	ALLREDUCE,
	SCAN,
	EXSCAN,
	REDUCE_SCATTER_BLOCK,
	BARRIER, /* non-blocking only (motor_mpi_icoll): the blocking barrier is comm.c's */
	REDUCE_SCATTER,
	NEIGHBOR_ALLGATHER,
	NEIGHBOR_ALLGATHERV,
	NEIGHBOR_ALLTOALL,
	NEIGHBOR_ALLTOALLV,
	/* file.c's non-blocking collective I/O (MPI_File_iread_at_all / _iwrite_at_all): staged like the
	 * collectives, started on the file rather than on the shadow */
	FILE_READ_AT_ALL,
	FILE_WRITE_AT_ALL
};

/* Not collectives of data: kinds only the agreement compares (struct motor_carry's kind), after every kind
 * above.  What win.c's Set_info tells its agreement (the hints' digest as its count), and the object
 * collectives (motor_mpi_coll_agree_object) in the order of enum motor_ocoll_kind. */
enum described {
	WIN_SET_INFO = FILE_WRITE_AT_ALL + 1,
	OBJECT_BCAST,
	OBJECT_SCATTER,
	OBJECT_GATHER,
	OBJECT_ALLGATHER,
	OBJECT_ALLTOALL
};

_Static_assert(OBJECT_ALLTOALL - OBJECT_BCAST == (int)MOTOR_OCOLL_ALLTOALL,
               "enum motor_ocoll_kind (motor-mpi.h) and the OBJECT_ kinds are in the same order");
_Static_assert((int)MOTOR_COLL_REDUCE_SCATTER_BLOCK == (int)REDUCE_SCATTER_BLOCK &&
                   (int)MOTOR_COLL_BARRIER == (int)BARRIER &&
                   (int)MOTOR_COLL_REDUCE_SCATTER == (int)REDUCE_SCATTER &&
                   (int)MOTOR_COLL_NEIGHBOR_ALLTOALLV == (int)NEIGHBOR_ALLTOALLV,
               "motor_coll_kind (motor-mpi.h) and enum kind name the same collectives in the same order");

/* The root argument of a collective that has none. */
#define NO_ROOT INT_MIN

/* One collective with every argument mapped to the MPI library's values. */
struct coll {
	enum kind kind;
	void *sbuf, *rbuf;
	int count;                    /* elements per rank (the receive count of the v-forms that have one) */
	const int *sc, *sd, *rc, *rd; /* counts and displacements of the v-forms */
	MPI_Datatype type;
	MPI_Op op;
	int root;
	MPI_Comm comm;
	MPI_File fh; /* FILE_*: the file, and the offset in etypes of its view */
	MPI_Offset offset;
};

/* Runs `a` to completion: the blocking MPI collective between the blocking hooks, or its non-blocking form
 * polled and waited for (motor_mpi__coll_nb). */
int motor_mpi__coll_run(const struct coll *a);

/* What a collective tells its agreement (agree.c, coll.c describe): its description -- kind, root (-1 where
 * it has none), built-in operator (else -1), built-in element type with count in elements, or CARRY_DT_BYTES
 * with count in bytes -- and, for a Bcast, Reduce or Allreduce the agreement may carry out, where its data
 * are: `in` the data this rank contributes (NULL: none), `out` where the result goes (NULL: nowhere), `bytes`
 * their size. */
#define CARRY_DT_BYTES (-1)
struct motor_carry {
	int kind, root, op, dt;
	int64_t count;
	const void *in;
	void *out;
	size_t bytes;
	/* A v-form (counts that differ between ranks) is described with count -1 and its blocks as flows:
	 * `sent` sums a hash of (from, to, bytes) over the blocks this rank sends, `expected` over those it
	 * receives.  Summed over all ranks the two are equal exactly when every block is received with the
	 * size it is sent with (but for a chance of 2^-64).  On an intercommunicator they count the blocks
	 * between the groups, and sent_within/expected_within the same within this rank's group (only a
	 * Reduce_scatter has any: every rank of a group must pass the same counts). */
	int flows;
	uint64_t sent, expected, sent_within, expected_within;
};
/* The agreement's block (agree.c), for icoll.c, which posts the agreement of a non-blocking collective
 * itself: fill it with this rank's verdict and description (`d` may be NULL), start the MPI_Iallreduce of it,
 * and once that has completed on every rank of a communicator of `size` ranks, read the outcome as
 * motor_mpi__agree_carry returns it (*done: the collective is carried out, its result in d->out).
 * An intercommunicator's agreement is two blocks, one per group, reduced over an intracommunicator that
 * spans both groups: the fill takes this rank's group's `side` (0 or 1; -1 for an intracommunicator's one
 * block) and returns the number of blocks to reduce; the outcome is read with motor_mpi__agree_outcome_inter
 * (`size` this rank's group's, `remote_size` the other's). */
struct motor_agree {
	_Alignas(8) unsigned char bytes[96];
};
int motor_mpi__agree_fill(struct motor_agree *blk, const struct motor_comm *c, int side, int verdict,
                          const struct motor_carry *d);
int motor_mpi__agree_start(struct motor_agree *blk, int n, MPI_Comm comm, MPI_Request *r);
int motor_mpi__agree_outcome(const struct motor_agree *blk, int size, const struct motor_carry *d, int *done);
int motor_mpi__agree_outcome_inter(const struct motor_agree *blk, int side, int size, int remote_size);

/* motor_mpi__agree for the collective `d` describes (NULL: none), on an intracommunicator or not: also
 * MOTOR_EMISMATCH when ranks described different collectives, and *done when the agreement carried out the
 * collective itself (its result is in d->out). */
int motor_mpi__agree_carry(const struct motor_comm *c, int verdict, const struct motor_carry *d, int *done);

/* Starts the non-blocking form of `a` (MPI_Ibcast, MPI_Iallreduce, ...) into *r. */
int motor_mpi__coll_start(const struct coll *a, MPI_Request *r);

/* icoll.c: a non-blocking collective on communicator `c` (handle `comm`) in two stages.  Posts the
 * agreement (an MPI_Iallreduce of the block of agree.c: this rank's verdict and the collective's description
 * `d`, NULL for a collective that gives none) and queues `a`, which is started on the
 * communicator's shadow once the agreement has completed and every earlier collective of the queue has been
 * started -- unless the agreement carried it out (then the request ends without it).  With `verdict` MOTOR_OK
 * *req becomes a staged request (motor_mpi__staged_of); otherwise the agreement still runs (the other ranks
 * learn of the refusal from it) and `verdict` is returned. */
int motor_mpi__staged_post(struct motor_comm *c, int comm, const struct coll *a, int verdict,
                           const struct motor_carry *d, motor_req *req);
/* Marks communicator `comm`'s queue as needing no shadow: its staged operations run elsewhere (a file's
 * non-blocking collective I/O runs on the file, in the queue's order), so the first one does not make a
 * duplicate of the communicator -- which under Open MPI is a blocking MPI_Comm_dup that would make the post
 * wait for every rank's first post. */
int motor_mpi__staged_unshadowed(int comm);

/* This rank's part, as a refusal with `verdict` (returned), in a staged agreement on intracommunicator `c`
 * that it cannot queue (a file's communicator that found no place in the table): the other ranks' requests
 * complete with MOTOR_EPEER naming it. */
int motor_mpi__staged_refuse(const struct motor_comm *c, int verdict);

#endif /* MOTOR_COLL_INTERNAL_H */
