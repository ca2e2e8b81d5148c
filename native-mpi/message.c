/*
 * message.c - byte messages for the object-oriented operations: matched probe and receive, large counts, and
 * the byte-level collectives that move the parts of a split representation.
 *
 * A serialised object graph is sent as one message.  The receiver does not know its size, so it uses a
 * *matched* probe (MPI_Mprobe/MPI_Improbe): the probe removes the message from matching, and only the
 * MPI_Message handle can receive it.  Two threads receiving with the same wildcards can therefore never probe
 * one message and receive another (the race of MPI_Probe + MPI_Recv), and no separate size message is needed.
 * Counts are 64-bit (MPI-4 large-count functions, or derived datatypes under MPI-3: mpi-compat.h), so a
 * message may exceed 2 GiB.
 *
 * Every operation is posted non-blocking and completed by motor_mpi__complete, which polls before it waits
 * between the blocking hooks, like the rest of native-mpi.
 */
#include <limits.h>
#include <sched.h>
#include <stdlib.h>

#include "motor-mpi-internal.h"

static int check_count(int64_t n)
{
	return n < 0 ? MOTOR_ECOUNT : MOTOR_OK;
}

static int send_args(int64_t n, int dest, int tag, int comm, struct motor_comm **c, int *peer)
{
	int rc;
	if (!(*c = motor_mpi__comm(comm)))
		return MOTOR_ECOMM;
	if ((rc = check_count(n)) != MOTOR_OK || (rc = motor_mpi__dest(*c, dest, peer)) != MOTOR_OK)
		return rc;
	return motor_mpi__send_tag(tag);
}

int motor_mpi_isend_bytes(const void *buf, int64_t n, int dest, int tag, int comm, motor_req *req)
{
	struct motor_comm *c;
	MPI_Request r;
	int peer, rc;

	if ((rc = send_args(n, dest, tag, comm, &c, &peer)) != MOTOR_OK)
		return rc;
	if ((rc = motor_compat_isend(buf, n, peer, tag, c->comm, &r)) == MPI_SUCCESS)
		motor_mpi__req_set(req, r);
	return rc;
}

int motor_mpi_send_bytes(const void *buf, int64_t n, int dest, int tag, int comm)
{
	struct motor_comm *c;
	MPI_Request r;
	int peer, rc;

	if ((rc = send_args(n, dest, tag, comm, &c, &peer)) != MOTOR_OK || peer == MPI_PROC_NULL)
		return rc;
	if ((rc = motor_compat_isend(buf, n, peer, tag, c->comm, &r)) != MPI_SUCCESS)
		return rc;
	/* An eager send finished during the call needs no MPI_Test (as in motor_mpi_send). */
	if (motor_compat_done_at_post(r)) {
		MOTOR_COUNT(&motor_mpi__immediate);
		return MPI_SUCCESS;
	}
	return motor_mpi__complete(&r, 1, NULL);
}

/* A probed message is not a completed request: its cancelled bit is undefined, so it is cleared. */
static void probed(const MPI_Status *ms, int peer, motor_status *st)
{
	if (peer == MPI_PROC_NULL) {
		*st = (motor_status){.source = MOTOR_PROC_NULL, .tag = MOTOR_ANY_TAG};
		return;
	}
	motor_mpi__status_from(ms, st);
	st->cancelled = 0;
}

static int probe_args(int source, int tag, int comm, struct motor_comm **c, int *peer, int *mtag)
{
	int rc;
	if (!(*c = motor_mpi__comm(comm)))
		return MOTOR_ECOMM;
	if ((rc = motor_mpi__source(*c, source, peer)) != MOTOR_OK)
		return rc;
	return motor_mpi__recv_tag(tag, mtag);
}

int motor_mpi_improbe(int source, int tag, int comm, int *flag, motor_msg *msg, motor_status *st)
{
	struct motor_comm *c;
	MPI_Status ms = {0};
	MPI_Message m = MPI_MESSAGE_NULL;
	int peer, mtag, rc;

	*flag = 0;
	if ((rc = probe_args(source, tag, comm, &c, &peer, &mtag)) != MOTOR_OK)
		return rc;
	if ((rc = MPI_Improbe(peer, mtag, c->comm, flag, &m, &ms)) != MPI_SUCCESS)
		return rc;
	if (*flag) {
		motor_mpi__msg_set(msg, m);
		probed(&ms, peer, st);
	}
	return MOTOR_OK;
}

int motor_mpi_mprobe(int source, int tag, int comm, motor_msg *msg, motor_status *st)
{
	struct motor_comm *c;
	MPI_Status ms = {0};
	MPI_Message m = MPI_MESSAGE_NULL;
	int peer, mtag, rc, flag = 0;

	if ((rc = probe_args(source, tag, comm, &c, &peer, &mtag)) != MOTOR_OK)
		return rc;
	/* There is no request to wait on for a probe: poll with MPI_Improbe, then block in MPI_Mprobe. */
	for (int i = 0; i < motor_mpi__spin && !flag; i++)
		if ((rc = MPI_Improbe(peer, mtag, c->comm, &flag, &m, &ms)) != MPI_SUCCESS)
			return rc;
	if (!flag) {
		struct motor_block b;
		motor_mpi__block_begin(&b);
		/* While non-blocking collectives agree, keep starting them (icoll.c); while object receives
		 * wait unmatched, let the runtime test them. */
		while (!flag && rc == MPI_SUCCESS && motor_mpi__polling()) {
			motor_mpi__poll_round(&b);
			if ((rc = MPI_Improbe(peer, mtag, c->comm, &flag, &m, &ms)) == MPI_SUCCESS && !flag)
				sched_yield();
		}
		if (!flag && rc == MPI_SUCCESS)
			rc = MPI_Mprobe(peer, mtag, c->comm, &m, &ms);
		motor_mpi__block_end(&b);
		if (rc != MPI_SUCCESS)
			return rc;
	}
	motor_mpi__msg_set(msg, m);
	probed(&ms, peer, st);
	return MOTOR_OK;
}

int motor_mpi_mrecv_bytes(void *buf, int64_t n, motor_msg *msg, motor_status *st)
{
	MPI_Message m = motor_mpi__msg_get(msg);
	MPI_Request r;
	int rc;

	if (n < 0)
		n = 0;
	if ((rc = motor_compat_imrecv(buf, n, &m, &r)) != MPI_SUCCESS)
		return rc;
	motor_mpi__msg_set(msg, MPI_MESSAGE_NULL);
	/* Without a status wanted, none is filled in: the error is the return code. */
	rc = motor_mpi__complete(&r, 1, st);
	return rc;
}

/* ---- collectives ------------------------------------------------------------------------------------ */

/* Checks `root` and gives MPI's root and this rank's part (motor_mpi_coll_role).  On an intercommunicator
 * `root` follows MPI's convention (MOTOR_ROOT at the root, MOTOR_PROC_NULL on its group mates, the root's
 * rank in the remote group on the other group) and becomes MPI_ROOT, MPI_PROC_NULL or that rank. */
static int coll_args(int root, int comm, struct motor_comm **c, int *mroot, int *role)
{
	if (!(*c = motor_mpi__comm(comm)))
		return MOTOR_ECOMM;
	struct motor_coll_shape s = {
	    .rank = (*c)->rank, .size = (*c)->size, .blocks = (*c)->remote_size, .inter = (*c)->inter};
	if ((*role = motor_mpi_coll_role(&s, root)) < 0)
		return *role;
	*mroot = !s.inter                   ? root
	         : *role == MOTOR_ROLE_ROOT ? MPI_ROOT
	         : *role == MOTOR_ROLE_IDLE ? MPI_PROC_NULL
	                                    : root;
	return MOTOR_OK;
}

/* A broadcast travels in pieces of at most BCAST_PIECE bytes (an int count), one after the other; every rank
 * knows `n`, so all cut it alike.  No large-count function is needed, which is as well: MPICH 4.0.2's
 * MPI_Ibcast_c fails beyond INT_MAX bytes ("Invalid communicator" from its schedule).  A piece of 1 GiB costs
 * one more latency per GiB.
 *
 * On an intercommunicator the root's group mates do not know `n` (MPI sends them nothing), so they could not
 * count the pieces, and every rank of both groups must make the same calls: there the broadcast is one call,
 * of `n` bytes or, beyond INT_MAX, of one element of a datatype of 1 GiB pieces (motor_compat_bytes_at). */
#define BCAST_PIECE (1 << 30)

int motor_mpi_bcast_bytes(void *buf, int64_t n, int root, int comm)
{
	struct motor_comm *c;
	int rc, mroot, role;

	if ((rc = coll_args(root, comm, &c, &mroot, &role)) != MOTOR_OK)
		return rc;
	if (n < 0)
		return MOTOR_ECOUNT;
	if (c->inter) {
		int count, disp;
		MPI_Datatype t;
		if ((rc = motor_compat_bytes_at(0, role == MOTOR_ROLE_IDLE ? 0 : n, &count, &disp, &t)) !=
		    MPI_SUCCESS)
			return rc;
		/* Blocking: Open MPI 4.1's MPI_Ibcast on an intercommunicator (libnbc) hung at 3 ranks with a
		 * root that has group mates (IntercommObjectTests); its MPI_Bcast, which the zero-copy Bcast
		 * uses, does not. */
		struct motor_block b;
		motor_mpi__block_begin(&b);
		rc = MPI_Bcast(buf, count, t, mroot, c->comm);
		motor_mpi__block_end(&b);
		motor_compat_type_free(&t);
		return rc;
	}
	int64_t at = 0;
	do {
		int64_t piece = n - at < BCAST_PIECE ? n - at : BCAST_PIECE;
		MPI_Request r;
		if ((rc = MPI_Ibcast((char *)buf + at, (int)piece, MPI_BYTE, root, c->comm, &r)) !=
		        MPI_SUCCESS ||
		    (rc = motor_mpi__complete(&r, 1, NULL)) != MOTOR_OK)
			return rc;
		at += piece;
	} while (at < n);
	return MOTOR_OK;
}

/* Scatterv (0), Gatherv (1), Allgatherv (2) of bytes.  The count arrays have a block per rank of the remote
 * group (the group on an intracommunicator).  The scratch for the library's count arrays lives until the
 * request has completed. */
static int bytesv(int op, const void *sb, int64_t sn, void *rb, int64_t rn, const int64_t *counts,
                  const int64_t *displs, int root, int comm)
{
	struct motor_comm *c;
	MPI_Request r;
	int rc, mroot, role;

	if ((rc = coll_args(op == 2 ? 0 : root, comm, &c, &mroot, &role)) != MOTOR_OK ||
	    (rc = check_count(sn)) != MOTOR_OK || (rc = check_count(rn)) != MOTOR_OK)
		return rc;
	int reads = op == 2 || role == MOTOR_ROLE_ROOT, blocks = c->remote_size;
	if (reads) {
		if (!counts || !displs)
			return MOTOR_ENULL;
		for (int i = 0; i < blocks; i++)
			if ((rc = check_count(counts[i])) != MOTOR_OK ||
			    (rc = check_count(displs[i])) != MOTOR_OK)
				return rc;
	}
	void *scratch = malloc(motor_compat_bytesv_scratch(blocks));
	if (!scratch)
		return MOTOR_ENOMEM;
	rc = motor_compat_ibytesv(op, sb, sn, rb, rn, reads ? counts : NULL, reads ? displs : NULL, blocks,
	                          role == MOTOR_ROLE_ROOT, mroot, scratch, c->comm, &r);
	if (rc == MPI_SUCCESS) {
		rc = motor_mpi__complete(&r, 1, NULL);
		motor_compat_bytesv_release(scratch, blocks);
	}
	free(scratch);
	return rc;
}

int motor_mpi_scatterv_bytes(const void *sbuf, const int64_t *counts, const int64_t *displs, void *rbuf,
                             int64_t rcount, int root, int comm)
{
	return bytesv(0, sbuf, 0, rbuf, rcount, counts, displs, root, comm);
}

int motor_mpi_gatherv_bytes(const void *sbuf, int64_t scount, void *rbuf, const int64_t *counts,
                            const int64_t *displs, int root, int all, int comm)
{
	return bytesv(all ? 2 : 1, sbuf, scount, rbuf, 0, counts, displs, root, comm);
}

int motor_mpi_alltoallv_bytes(const void *sbuf, const int64_t *scounts, const int64_t *sdispls, void *rbuf,
                              const int64_t *rcounts, const int64_t *rdispls, int comm)
{
	struct motor_comm *c;
	MPI_Request r;
	int rc;

	if (!(c = motor_mpi__comm(comm)))
		return MOTOR_ECOMM;
	int n = c->remote_size; /* an entry per rank, of the remote group on an intercommunicator */
	for (int i = 0; i < n; i++)
		if ((rc = check_count(scounts[i])) != MOTOR_OK ||
		    (rc = check_count(sdispls[i])) != MOTOR_OK ||
		    (rc = check_count(rcounts[i])) != MOTOR_OK || (rc = check_count(rdispls[i])) != MOTOR_OK)
			return rc;
	void *scratch = calloc(1, motor_compat_alltoallv_scratch(n));
	if (!scratch)
		return MOTOR_ENOMEM;
	rc = motor_compat_ialltoallv_bytes(sbuf, scounts, sdispls, rbuf, rcounts, rdispls, n, scratch,
	                                   c->comm, &r);
	if (rc == MPI_SUCCESS) {
		rc = motor_mpi__complete(&r, 1, NULL);
		motor_compat_bytesv_release(scratch, n);
	}
	free(scratch);
	return rc;
}

int motor_mpi_exchange_i64(int op, int64_t *mine, int64_t *all, int root, int comm)
{
	struct motor_comm *c;
	MPI_Request r;
	int rc, mroot, role;

	if ((rc = coll_args(op == MOTOR_I64_ALLGATHER || op == MOTOR_I64_ALLTOALL ? 0 : root, comm, &c,
	                    &mroot, &role)) != MOTOR_OK)
		return rc;
	switch (op) {
	case MOTOR_I64_SCATTER:
		rc = MPI_Iscatter(all, 1, MPI_INT64_T, mine, 1, MPI_INT64_T, mroot, c->comm, &r);
		break;
	case MOTOR_I64_GATHER:
		rc = MPI_Igather(mine, 1, MPI_INT64_T, all, 1, MPI_INT64_T, mroot, c->comm, &r);
		break;
	case MOTOR_I64_ALLGATHER:
		rc = MPI_Iallgather(mine, 1, MPI_INT64_T, all, 1, MPI_INT64_T, c->comm, &r);
		break;
	case MOTOR_I64_ALLTOALL:
		rc = MPI_Ialltoall(mine, 1, MPI_INT64_T, all, 1, MPI_INT64_T, c->comm, &r);
		break;
	default:
		return MOTOR_EARG;
	}
	if (rc != MPI_SUCCESS)
		return rc;
	return motor_mpi__complete(&r, 1, NULL);
}

/* ---- matched receives of typed buffers (Comm.Mprobe, Message.Recv/Irecv) --------------------------- */

int motor_mpi_msg_is_no_proc(const motor_msg *msg)
{
	return motor_mpi__msg_get(msg) == MPI_MESSAGE_NO_PROC;
}

/* Checks the buffer and takes the message out of *msg, which is null from then on whatever happens: a message
 * is received once.  *m is MPI_MESSAGE_NO_PROC for a probe from PROC_NULL. */
static int take_message(int64_t count, int dt, motor_msg *msg, MPI_Message *m, MPI_Datatype *type)
{
	*m = motor_mpi__msg_get(msg);
	if (*m == MPI_MESSAGE_NULL)
		return MOTOR_EARG;
	if ((*type = motor_mpi__type(dt)) == MPI_DATATYPE_NULL)
		return MOTOR_EARG;
	/* Managed arrays hold at most INT32_MAX elements. */
	if (count < 0 || count > INT_MAX)
		return MOTOR_ECOUNT;
	motor_mpi__msg_set(msg, MPI_MESSAGE_NULL);
	return MOTOR_OK;
}

int motor_mpi_imrecv(void *buf, int64_t count, int dt, motor_msg *msg, motor_req *req)
{
	MPI_Message m;
	MPI_Datatype type;
	MPI_Request r;
	int rc;

	if ((rc = take_message(count, dt, msg, &m, &type)) != MOTOR_OK)
		return rc;
	/* The "no process" message: nothing to receive, and not every library fills a status for it. */
	if (m == MPI_MESSAGE_NO_PROC) {
		motor_mpi__req_set(req, MPI_REQUEST_NULL);
		return MOTOR_OK;
	}
	if ((rc = MPI_Imrecv(buf, (int)count, type, &m, &r)) == MPI_SUCCESS)
		motor_mpi__req_set(req, r);
	return rc;
}

int motor_mpi_mrecv(void *buf, int64_t count, int dt, motor_msg *msg, motor_status *st)
{
	motor_req req;
	int no_proc = motor_mpi_msg_is_no_proc(msg);
	int rc = motor_mpi_imrecv(buf, count, dt, msg, &req);
	if (rc != MOTOR_OK)
		return rc;
	if (no_proc) {
		if (st)
			*st = (motor_status){.source = MOTOR_PROC_NULL, .tag = MOTOR_ANY_TAG};
		return MOTOR_OK;
	}
	MPI_Request r = motor_mpi__req_get(&req);
	return motor_mpi__complete(&r, 1, st);
}
