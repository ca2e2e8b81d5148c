/*
 * p2p.c - blocking point-to-point operations.
 *
 * Each is posted as its non-blocking form and completed by motor_mpi__complete (request.c), so an operation
 * that must wait does so between the blocking hooks and one that completes at once never calls them.
 */
#include <limits.h>
#include <sched.h>
#include <stdlib.h>

#include "motor-mpi-internal.h"

/* One side of a transfer with every argument checked and mapped to the MPI library's values. */
struct side {
	const struct motor_comm *c;
	MPI_Comm comm;
	MPI_Datatype type;
	int count, peer, tag;
};

/* The data of a transfer on communicator `c`, checked and mapped into `s`. */
static inline int resolve(struct motor_comm *c, int dt, int64_t count, struct side *s)
{
	if (!motor_mpi__type_of(dt, &s->type))
		return MOTOR_EARG;
	/* Managed arrays hold at most INT32_MAX elements, so counts always fit MPI's int. */
	if (count < 0 || count > INT_MAX)
		return MOTOR_ECOUNT;
	s->c = c;
	s->comm = c->comm;
	s->count = (int)count;
	return MOTOR_OK;
}

/* The communicator and the data of a transfer with `peer`, checked in that order, then the peer: 1 if the
 * peer still has to be checked.  A peer that is one of the communicator's ranks, the common case, is checked
 * with the communicator itself (motor_mpi__comm_peer). */
static inline int resolve_peer(int comm, int peer, int dt, int64_t count, struct side *s, int *rc)
{
	struct motor_comm *c = motor_mpi__comm_peer(comm, peer);
	if (__builtin_expect(c != NULL, 1)) {
		if (peer < 0)
			__builtin_unreachable(); /* motor_mpi__comm_peer said so, in terms the compiler can
			                            use */
		*rc = resolve(c, dt, count, s);
		s->peer = peer;
		return 0;
	}
	*rc = (c = motor_mpi__comm(comm)) ? resolve(c, dt, count, s) : MOTOR_ECOMM;
	return 1;
}

static int send_side(int64_t count, int dt, int dest, int tag, int comm, struct side *s)
{
	int rc;

	if (resolve_peer(comm, dest, dt, count, s, &rc) && rc == MOTOR_OK)
		rc = motor_mpi__dest(s->c, dest, &s->peer);
	if (rc != MOTOR_OK || (rc = motor_mpi__send_tag(tag)) != MOTOR_OK)
		return rc;
	s->tag = tag;
	return MOTOR_OK;
}

static int recv_side(int64_t count, int dt, int source, int tag, int comm, struct side *s)
{
	int rc;

	if (resolve_peer(comm, source, dt, count, s, &rc) && rc == MOTOR_OK)
		rc = motor_mpi__source(s->c, source, &s->peer);
	if (rc != MOTOR_OK)
		return rc;
	return motor_mpi__recv_tag(tag, &s->tag);
}

/* The status of a receive or probe from PROC_NULL, which completes at once.  Filled here rather than read
 * back from MPI, because not every library fills it for a request from PROC_NULL. */
static void proc_null_status(motor_status *st)
{
	if (st)
		*st = (motor_status){.source = MOTOR_PROC_NULL, .tag = MOTOR_ANY_TAG};
}

/* Posts the non-blocking operation that every form of send and receive starts with, on a side that
 * send_side/recv_side have already checked. */
static int isend_side(const void *buf, int mode, const struct side *s, MPI_Request *req)
{
	int (*post)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
	switch (mode) {
	case MOTOR_SEND_STANDARD:
		post = MPI_Isend;
		break;
	case MOTOR_SEND_SYNC:
		post = MPI_Issend;
		break;
	case MOTOR_SEND_BUFFERED:
		post = MPI_Ibsend;
		break;
	case MOTOR_SEND_READY:
		post = MPI_Irsend;
		break;
	default:
		return MOTOR_EARG;
	}
	int size;
	if (mode == MOTOR_SEND_BUFFERED && s->peer != MPI_PROC_NULL &&
	    (MPI_Type_size(s->type, &size) != MPI_SUCCESS ||
	     !motor_mpi__bsend_fits((int64_t)size * s->count)))
		return MOTOR_EBSEND;
	int rc = post(buf, s->count, s->type, s->peer, s->tag, s->comm, req);
	/* No buffer attached, or too little room left in it: say so instead of the library's wording. */
	int cls;
	if (rc != MPI_SUCCESS && mode == MOTOR_SEND_BUFFERED && MPI_Error_class(rc, &cls) == MPI_SUCCESS &&
	    cls == MPI_ERR_BUFFER)
		return MOTOR_EBSEND;
	return rc;
}

static int irecv_side(void *buf, const struct side *s, MPI_Request *req)
{
	return MPI_Irecv(buf, s->count, s->type, s->peer, s->tag, s->comm, req);
}

int motor_mpi_send(const void *buf, int64_t count, int dt, int dest, int tag, int comm, int mode)
{
	struct side s;
	int rc;

	/* A send to PROC_NULL completes at once, as in MPI. */
	if ((rc = send_side(count, dt, dest, tag, comm, &s)) != MOTOR_OK || s.peer == MPI_PROC_NULL)
		return rc;
	MPI_Request req;
	if ((rc = isend_side(buf, mode, &s, &req)) != MPI_SUCCESS)
		return rc;
	/* An eager send the transport finished during the call needs no MPI_Test: the C program's MPI_Send
	 * makes one MPI call here, and so do we. */
	if (motor_compat_done_at_post(req)) {
		MOTOR_COUNT(&motor_mpi__immediate);
		return MPI_SUCCESS;
	}
	return motor_mpi__complete(&req, 1, NULL);
}

int motor_mpi_recv(void *buf, int64_t count, int dt, int source, int tag, int comm, motor_status *st)
{
	struct side s;
	int rc;

	if ((rc = recv_side(count, dt, source, tag, comm, &s)) != MOTOR_OK)
		return rc;
	if (s.peer == MPI_PROC_NULL) {
		proc_null_status(st);
		return MOTOR_OK;
	}
	MPI_Request req;
	if ((rc = irecv_side(buf, &s, &req)) != MPI_SUCCESS)
		return rc;
	return motor_mpi__complete(&req, 1, st);
}

int motor_mpi_isend(const void *buf, int64_t count, int dt, int dest, int tag, int comm, int mode,
                    motor_req *req, int *to_self)
{
	struct side s;
	MPI_Request r;
	int rc = send_side(count, dt, dest, tag, comm, &s);
	if (rc == MOTOR_OK && (rc = isend_side(buf, mode, &s, &r)) == MPI_SUCCESS) {
		motor_mpi__req_set(req, r);
		*to_self = dest == s.c->self_peer;
	}
	return rc;
}

int motor_mpi_irecv(void *buf, int64_t count, int dt, int source, int tag, int comm, motor_req *req,
                    int *to_self)
{
	struct side s;
	MPI_Request r;
	int rc = recv_side(count, dt, source, tag, comm, &s);
	if (rc == MOTOR_OK && (rc = irecv_side(buf, &s, &r)) == MPI_SUCCESS) {
		motor_mpi__req_set(req, r);
		/* Negative: ANY_SOURCE (to self on an intracommunicator) or PROC_NULL (reported as well,
		 * for its status); one test on the common path, as a test for ANY_SOURCE alone. */
		*to_self = source == s.c->self_peer    ? 1
		           : source >= 0               ? 0
		           : source == MOTOR_PROC_NULL ? MOTOR_TO_PROC_NULL
		                                       : !s.c->inter;
	}
	return rc;
}

int motor_mpi_irecv_hooked(void *buf, int64_t count, int dt, int source, int tag, int comm, motor_req *req,
                           int *to_self)
{
	void *stackdata = NULL;
	void *cookie = motor_mpi__block_enter ? motor_mpi__block_enter(&stackdata) : NULL;
	int rc = motor_mpi_irecv(buf, count, dt, source, tag, comm, req, to_self);
	if (motor_mpi__block_leave)
		motor_mpi__block_leave(cookie, &stackdata);
	return rc;
}

int motor_mpi_sendrecv(const void *sbuf, int64_t scount, int sdt, int dest, int stag, void *rbuf,
                       int64_t rcount, int rdt, int source, int rtag, int comm, motor_status *st)
{
	struct side snd, rcv;
	MPI_Request reqs[2];
	motor_status sts[2];
	int rc;

	/* Both sides are checked before either is posted, so a refused call leaves no request behind. */
	if ((rc = send_side(scount, sdt, dest, stag, comm, &snd)) != MOTOR_OK ||
	    (rc = recv_side(rcount, rdt, source, rtag, comm, &rcv)) != MOTOR_OK)
		return rc;
	/* reqs[0] is the send, reqs[1] the receive.  The receive is posted first, so that a message from the
	 * peer lands in it directly -- except for a message to self where the library loses truncation errors
	 * that way (motor_compat_self_send_first).  If the second post fails, the first is cancelled and
	 * completed, so nothing is left behind. */
	const struct motor_comm *c = motor_mpi__comm(comm);
	int first = motor_compat_self_send_first(!c->inter && snd.peer == c->rank) ? 0 : 1;
	for (int k = 0; k < 2; k++) {
		int i = k == 0 ? first : 1 - first;
		rc = i == 0 ? isend_side(sbuf, MOTOR_SEND_STANDARD, &snd, &reqs[0])
		            : irecv_side(rbuf, &rcv, &reqs[1]);
		if (rc != MPI_SUCCESS) {
			if (k == 1) {
				MPI_Cancel(&reqs[first]);
				motor_mpi__complete(&reqs[first], 1, NULL);
			}
			return rc;
		}
	}
	rc = motor_mpi__complete(reqs, 2, sts);
	if (rcv.peer == MPI_PROC_NULL)
		proc_null_status(&sts[1]);
	if (st)
		*st = sts[1];
	return rc;
}

/* A probed message is not a completed request: MPI_Test_cancelled is undefined on its status (MPICH leaves
 * the bit as it found it), so it is cleared here. */
static void probe_status(const MPI_Status *ms, motor_status *st)
{
	motor_mpi__status_from(ms, st);
	st->cancelled = 0;
}

int motor_mpi_probe(int source, int tag, int comm, motor_status *st)
{
	struct side s;
	MPI_Status ms = {0};
	int rc, flag = 0;

	if ((rc = recv_side(0, MOTOR_DT_U8, source, tag, comm, &s)) != MOTOR_OK)
		return rc;
	if (s.peer == MPI_PROC_NULL) {
		proc_null_status(st);
		return MOTOR_OK;
	}
	/* There is no non-blocking probe to wait on, so poll with MPI_Iprobe and only then block in
	 * MPI_Probe. */
	for (int i = 0; i < motor_mpi__spin && !flag; i++)
		if ((rc = MPI_Iprobe(s.peer, s.tag, s.comm, &flag, &ms)) != MPI_SUCCESS)
			return rc;
	if (!flag) {
		struct motor_block b;
		motor_mpi__block_begin(&b);
		/* While non-blocking collectives agree, keep starting them (icoll.c); while object receives
		 * wait unmatched, let the runtime test them. */
		while (!flag && rc == MPI_SUCCESS && motor_mpi__polling()) {
			motor_mpi__poll_round(&b);
			if ((rc = MPI_Iprobe(s.peer, s.tag, s.comm, &flag, &ms)) == MPI_SUCCESS && !flag)
				sched_yield();
		}
		if (!flag && rc == MPI_SUCCESS)
			rc = MPI_Probe(s.peer, s.tag, s.comm, &ms);
		motor_mpi__block_end(&b);
		if (rc != MPI_SUCCESS)
			return rc;
	}
	if (st)
		probe_status(&ms, st);
	return MOTOR_OK;
}

int motor_mpi_iprobe(int source, int tag, int comm, int *flag, motor_status *st)
{
	struct side s;
	MPI_Status ms = {0};
	int rc;

	if ((rc = recv_side(0, MOTOR_DT_U8, source, tag, comm, &s)) != MOTOR_OK)
		return rc;
	if (s.peer == MPI_PROC_NULL) {
		*flag = 1;
		proc_null_status(st);
		return MOTOR_OK;
	}
	if ((rc = MPI_Iprobe(s.peer, s.tag, s.comm, flag, &ms)) != MPI_SUCCESS)
		return rc;
	if (*flag && st)
		probe_status(&ms, st);
	return MOTOR_OK;
}

/* ---- Sendrecv_replace ------------------------------------------------------------------------------- */

/* MPI_Sendrecv_replace has no non-blocking form before MPI-4 (and Open MPI 4.1 has none), and the blocking
 * one would wait outside the blocking hooks.  What the libraries do inside it -- copy the outgoing data
 * aside, then send from the copy while receiving into the buffer -- is done here, so the pair is polled and
 * waited for like any Sendrecv, and the buffer is written only by the receive. */
int motor_mpi_sendrecv_replace(void *buf, int64_t count, int dt, int dest, int stag, int source, int rtag,
                               int comm, motor_status *st)
{
	struct side snd, rcv;
	int rc;

	/* Checked before anything is allocated, with the same codes as Sendrecv. */
	if ((rc = send_side(count, dt, dest, stag, comm, &snd)) != MOTOR_OK ||
	    (rc = recv_side(count, dt, source, rtag, comm, &rcv)) != MOTOR_OK)
		return rc;
	size_t bytes = (size_t)count * motor_mpi_type_size(dt);
	void *copy = malloc(bytes ? bytes : 1);
	if (!copy)
		return MOTOR_ENOMEM;
	memcpy(copy, buf, bytes);
	rc = motor_mpi_sendrecv(copy, count, dt, dest, stag, buf, count, dt, source, rtag, comm, st);
	free(copy);
	return rc;
}
