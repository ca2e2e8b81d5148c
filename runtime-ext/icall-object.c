/*
 * icall-object.c - internal calls for the extended object-oriented operations (OSend, ORecv, OBcast,
 * OScatter, OGather, OAllgather, OIsend, OIrecv).
 *
 * Each serialises into a native buffer from the pool (serializer/), moves bytes with native-mpi/message.c and
 * deserialises on the other side.  Native buffers never move, so nothing is pinned: the MPI calls may wait in
 * a GC-safe region while collections run, and no managed pointer is held across a wait except objects in this
 * frame's arguments (conservatively pinned, like every internal call's).
 *
 * A receive of unknown size uses a matched probe: the message is taken out of matching by the probe and
 * received through its handle, so concurrent receivers with wildcards cannot steal each other's message, and
 * no separate size message is needed (the paper's implementation sent one).
 *
 * Collectives must not leave other ranks waiting when one rank fails before the data moves (it cannot
 * serialise its object, or the root's counts are wrong): the sizes exchanged first carry -1 for "failed",
 * every rank still takes part in the byte collective, and the ranks that depended on the failed one report
 * MOTOR_SER_EREMOTE.
 */
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/class.h>

#include "icalls.h"
#include "motor-pin.h"
#include "motor-runtime.h"
#include "motor-ser.h"

/* The size of the last message this thread serialised: the next buffer starts that large. */
static __thread size_t size_hint;

/* The root object of every object operation goes through serialize() (OScatter: split()), which refuses
 * MPI.IN_PLACE: serialised, it would be an empty array, and the receiver would get a silent nothing. */
static int serialize(MonoObject *obj, int32_t offset, int32_t count, struct motor_ser_buf *b)
{
	if (motor_buffer_is_in_place(obj))
		return MOTOR_EINPLACE;
	int rc = motor_ser_buf_get(b, size_hint);
	if (rc != MOTOR_OK)
		return rc;
	if ((rc = motor_ser_write(b, obj, offset, count)) != MOTOR_OK) {
		motor_ser_buf_release(b);
		return rc;
	}
	size_hint = b->len;
	return MOTOR_OK;
}

int32_t motor_icall_osend(MonoObject *obj, int32_t offset, int32_t count, int32_t dest, int32_t tag,
                          int32_t comm)
{
	struct motor_ser_buf b;
	int rc = serialize(obj, offset, count, &b);
	if (rc != MOTOR_OK)
		return rc;
	rc = motor_mpi_send_bytes(b.data, (int64_t)b.len, dest, tag, comm);
	motor_ser_buf_release(&b);
	MOTOR_KEEP_ALIVE(obj);
	return rc;
}

/* ---- the progress thread of the object receives -------------------------------------------------------
 *
 * While object receives wait unmatched, ORequest's progress thread (ORequest.ProgressLoop) tests them, so
 * that one matches even while every thread of the program waits where the runtime cannot poll: in a blocking
 * collective, or in a wait it began before the receive was posted.  It calls MPI as any thread of the program
 * may under MPI_THREAD_MULTIPLE, with two rules of its own:
 *   - it calls MPI only between the blocking hooks (GC-safe).  A user-defined operator runs managed code
 * inside MPI, which may hold the library's lock meanwhile; if that code allocates, the collection must be
 * able to stop this thread while it waits for the lock (a thread waiting inside an internal call would stall
 * it for ever);
 *   - its rounds end before MPI is finalized (motor_object_progress_stop), and none starts after.
 * Its own waits do not poll: it is the one that tests. */
static _Thread_local int progress_thread;
static atomic_int progress_rounds, progress_stopped;

int motor_object_progress_thread(void)
{
	return progress_thread;
}

int32_t motor_icall_object_progress_enter(void)
{
	if (!progress_thread) {
		progress_thread = 1;
		motor_mpi_poll_exempt(INT_MAX);
	}
	atomic_fetch_add(&progress_rounds, 1);
	if (!atomic_load(&progress_stopped))
		return 1;
	atomic_fetch_sub(&progress_rounds, 1);
	return 0;
}

void motor_icall_object_progress_leave(void)
{
	atomic_fetch_sub(&progress_rounds, 1);
}

void motor_object_progress_stop(void)
{
	atomic_store(&progress_stopped, 1);
	/* Between the hooks: the round under way may need a collection. */
	void *stackdata;
	void *cookie = motor_runtime_block_enter(&stackdata);
	while (atomic_load(&progress_rounds))
		g_usleep(100);
	motor_runtime_block_leave(cookie, &stackdata);
}

/* MPI_Improbe for ORequest.Probe and Comm.Improbe.  Its results go to the caller's stack (the managed frame's
 * locals), which a collection does not move. */
int32_t motor_icall_improbe(int32_t source, int32_t tag, int32_t comm, int32_t *flag, motor_msg *msg,
                            motor_status *st)
{
	if (!progress_thread)
		return motor_mpi_improbe(source, tag, comm, flag, msg, st);
	void *stackdata;
	void *cookie = motor_runtime_block_enter(&stackdata);
	int rc = motor_mpi_improbe(source, tag, comm, flag, msg, st);
	motor_runtime_block_leave(cookie, &stackdata);
	return rc;
}

/* Receives a matched message into native memory `data`: on the progress thread between the blocking hooks. */
static MOTOR_COLD int mrecv_bytes_blocked(void *data, int64_t n, motor_msg *msg)
{
	void *stackdata;
	void *cookie = motor_runtime_block_enter(&stackdata);
	int rc = motor_mpi_mrecv_bytes(data, n, msg, NULL);
	motor_runtime_block_leave(cookie, &stackdata);
	return rc;
}

static inline int mrecv_bytes(void *data, int64_t n, motor_msg *msg)
{
	return progress_thread ? mrecv_bytes_blocked(data, n, msg)
	                       : motor_mpi_mrecv_bytes(data, n, msg, NULL);
}

/* Receives the matched message `msg` of st->bytes bytes and rebuilds its graph.  The message is always
 * consumed, even when no buffer can be had (then it is received truncated into nothing). */
static MonoObject *receive_matched(motor_msg *msg, motor_status *st, struct motor_ser_spare *spare, int *rcp)
{
	struct motor_ser_buf b = {0};
	MonoObject *result = NULL;
	int rc = motor_ser_buf_get(&b, (size_t)st->bytes);
	if (rc != MOTOR_OK) {
		char none;
		mrecv_bytes(&none, 0, msg);
		*rcp = rc;
		return NULL;
	}
	rc = mrecv_bytes(b.data, st->bytes, msg);
	if (rc == MOTOR_OK && st->source != MOTOR_PROC_NULL)
		rc = motor_ser_read_spare(b.data, (size_t)st->bytes, spare, &result);
	motor_ser_buf_release(&b);
	st->error = rc > 0 ? rc : 0;
	*rcp = rc;
	return result;
}

/* A blocking matched probe, then the message received and its graph rebuilt; *matched 0 if the probe itself
 * failed (*rcp its error). */
static inline MonoObject *probe_and_receive(int32_t source, int32_t tag, int32_t comm, motor_status *st,
                                            int32_t *rcp, int32_t *matched)
{
	motor_msg msg;
	motor_status s = {0};
	struct motor_ser_spare spare;
	motor_ser_spare_make(&spare);
	int rc = motor_mpi_mprobe(source, tag, comm, &msg, &s);
	*matched = rc == MOTOR_OK;
	if (rc != MOTOR_OK) {
		*rcp = rc;
		return NULL;
	}
	MonoObject *result = receive_matched(&msg, &s, &spare, &rc);
	if (st)
		*st = s;
	*rcp = rc;
	return result;
}

MonoObject *motor_icall_orecv(int32_t source, int32_t tag, int32_t comm, motor_status *st, int32_t *rcp)
{
	int32_t matched;
	return probe_and_receive(source, tag, comm, st, rcp, &matched);
}

MonoObject *motor_icall_oirecv_wait(int32_t source, int32_t tag, int32_t comm, int32_t *matched,
                                    motor_status *st, int32_t *rcp)
{
	/* This thread waits for one of the object receives waiting unmatched: only the others make the probe
	 * poll (ORequest.CompleteNative blocks only when there are none). */
	motor_mpi_poll_exempt(1);
	MonoObject *result = probe_and_receive(source, tag, comm, st, rcp, matched);
	motor_mpi_poll_exempt(0);
	return result;
}

/* Receives the message a non-blocking matched probe (MPI.Improbe) matched for an ORequest, st as the probe
 * filled it, and rebuilds its graph (ORequest.Take). */
MonoObject *motor_icall_omrecv(motor_msg *msg, motor_status *st, int32_t *rcp)
{
	struct motor_ser_spare spare = {0};
	int rc;
	MonoObject *result = receive_matched(msg, st, &spare, &rc);
	*rcp = rc;
	return result;
}

/* native-mpi's poll hook (motor_mpi_set_poll_hook): ORequest.ProgressUnmatched, which tests the object
 * receives waiting unmatched.  A wait of native-mpi calls it between its tests, outside the blocking hooks,
 * so managed code may run; an exception it raises is dropped here (each request keeps its own error). */
static MonoMethod *progress_unmatched_method;

static void progress_unmatched(void)
{
	MonoObject *exc = NULL;
	mono_runtime_invoke(progress_unmatched_method, NULL, NULL, &exc);
}

/* ORequest.AwaitBefore: for a blocking typed receive that recv-order.c refuses, waits until the receives
 * listed before it with an overlapping envelope have matched.  Called inside the receive's internal call,
 * before anything is posted: its buffer is pinned by the frames that hold it, as across any wait. */
static MonoMethod *await_before_method;

void motor_object_await_before(int32_t source, int32_t tag, int32_t comm)
{
	void *args[3] = {&source, &tag, &comm};
	MonoObject *exc = NULL;
	mono_runtime_invoke(await_before_method, NULL, args, &exc);
}

int motor_object_poll_init(MonoImage *image)
{
	MonoClass *k = mono_class_from_name(image, "System.MP", "ORequest");
	progress_unmatched_method = k ? mono_class_get_method_from_name(k, "ProgressUnmatched", 0) : NULL;
	await_before_method = k ? mono_class_get_method_from_name(k, "AwaitBefore", 3) : NULL;
	if (!progress_unmatched_method || !await_before_method)
		return MOTOR_EARG;
	motor_mpi_set_poll_hook(progress_unmatched);
	return MOTOR_OK;
}

int32_t motor_icall_oisend(MonoObject *obj, int32_t dest, int32_t tag, int32_t comm, MonoObject *req)
{
	struct motor_ser_buf b;
	int rc = serialize(obj, 0, -1, &b);
	if (rc != MOTOR_OK)
		return rc;
	/* The request owns the buffer from here until it completes. */
	rc = motor_pin_post_bytes(req, b.data, (int64_t)b.len, b.cap, motor_ser_pool_put, dest, tag, comm);
	if (rc != MOTOR_OK)
		motor_ser_buf_release(&b);
	MOTOR_KEEP_ALIVE(obj);
	return rc;
}

/* ---- collectives ------------------------------------------------------------------------------------ */

/* The shape of the communicator and this rank's part in a collective rooted at `root`
 * (motor_mpi_coll_role: negative for a bad root).  A bad root is not returned at once but agreed on (agree),
 * so that no rank waits for this one. */
static int comm_info(int32_t comm, int32_t root, struct motor_coll_shape *sh, int *role)
{
	int rc = motor_mpi_coll_shape(comm, sh);
	if (rc != MOTOR_OK)
		return rc;
	*role = motor_mpi_coll_role(sh, root);
	return MOTOR_OK;
}

/* Before any data moves, every rank learns whether another refused its arguments, and on an intracommunicator
 * whether all called the same object collective with the same root (motor_mpi_coll_agree_object): the
 * agreement of the zero-copy collectives (coll.c).  A rank that refused keeps its own code.  On an
 * intracommunicator (`role` negative: a bad root) the others get MOTOR_EPEER (the lowest refusing rank) or
 * MOTOR_EMISMATCH; a rank that cannot serialise is not a refusal there: it sends sizes of -1, and the ranks
 * that needed its data name it. On an intercommunicator, where that rank's own group would not hear of it,
 * its `local` failure is agreed on, and the others get MOTOR_SER_EREMOTE naming the lowest failing rank of
 * their own group or, if none, of the remote group.  With the agreement turned off (MOTOR_COLL_AGREE=0) each
 * rank refuses alone. */
static int agree(int32_t comm, const struct motor_coll_shape *sh, enum motor_ocoll_kind kind, int root,
                 int role, int local, const char *what)
{
	int verdict = role < 0 ? role : sh->inter ? local : MOTOR_OK;
	int rc = motor_mpi_coll_agree_object(comm, kind, root, verdict);
	if (rc == verdict || rc > MOTOR_EPEER_BASE || !sh->inter)
		return rc;
	if (rc <= MOTOR_EPEER_REMOTE_BASE)
		return motor_ser_fail(MOTOR_SER_EREMOTE, "%s failed on rank %d of the remote group", what,
		                      MOTOR_EPEER_REMOTE_BASE - rc);
	return motor_ser_fail(MOTOR_SER_EREMOTE, "%s failed on rank %d of this group", what,
	                      MOTOR_EPEER_BASE - rc);
}

/* On an intercommunicator the root's group mates (MOTOR_ROLE_IDLE) take part in every step with nothing and
 * return NULL; the root returns its own object and the remote group a copy. */
MonoObject *motor_icall_obcast(MonoObject *obj, int32_t root, int32_t comm, int32_t *rcp)
{
	struct motor_ser_buf b = {0};
	struct motor_coll_shape sh;
	MonoObject *result = NULL;
	int role, rc, mine = MOTOR_OK;
	int64_t n = 0;

	if ((rc = comm_info(comm, root, &sh, &role)) != MOTOR_OK)
		goto out;
	if (role == MOTOR_ROLE_ROOT) {
		mine = serialize(obj, 0, -1, &b);
		n = mine == MOTOR_OK ? (int64_t)b.len : -1;
	}
	if ((rc = agree(comm, &sh, MOTOR_OCOLL_BCAST, root, role, mine, "OBcast")) != MOTOR_OK)
		goto out;
	if ((rc = motor_mpi_bcast_bytes(&n, role == MOTOR_ROLE_IDLE ? 0 : sizeof n, root, comm)) != MOTOR_OK)
		goto out;
	if (n < 0) {
		rc = role == MOTOR_ROLE_ROOT ? mine
		                             : motor_ser_fail(MOTOR_SER_EREMOTE,
		                                              "OBcast: the root (rank %d) could not "
		                                              "serialise its object",
		                                              root);
		goto out;
	}
	if (role == MOTOR_ROLE_LEAF && (rc = motor_ser_buf_get(&b, (size_t)n)) != MOTOR_OK)
		goto out;
	if ((rc = motor_mpi_bcast_bytes(b.data, n, root, comm)) != MOTOR_OK)
		goto out;
	if (role == MOTOR_ROLE_LEAF)
		rc = motor_ser_read(b.data, (size_t)n, &result);
	else if (role == MOTOR_ROLE_ROOT)
		result = obj;
out:
	motor_ser_buf_release(&b);
	MOTOR_KEEP_ALIVE(obj);
	*rcp = rc;
	return result;
}

/* The parts of the root's array: explicit counts (checked) or an even split, larger parts first.  On an
 * intercommunicator (`one_each`) the array holds exactly one element per remote rank. */
static int split(MonoObject *arr, MonoArray *counts, int size, int one_each, int64_t *cnt)
{
	if (!arr)
		return MOTOR_ENULL;
	if (motor_buffer_is_in_place(arr))
		return MOTOR_EINPLACE;
	MonoClass *k = mono_object_get_class(arr);
	if (mono_class_get_rank(k) != 1 || mono_type_get_type(mono_class_get_type(k)) != MONO_TYPE_SZARRAY)
		return motor_ser_fail(MOTOR_ENOTARRAY, "OScatter needs a one-dimensional array");
	int64_t len = (int64_t)mono_array_length((MonoArray *)arr), sum = 0;
	if (one_each && len != size)
		return motor_ser_fail(
		    MOTOR_SER_ECOUNT,
		    "OScatter on an intercommunicator: the array has %lld elements for %d remote ranks "
		    "(it needs one per rank of the remote group)",
		    (long long)len, size);
	if (!counts) {
		for (int r = 0; r < size; r++)
			cnt[r] = len / size + (r < len % size ? 1 : 0);
		return MOTOR_OK;
	}
	if ((int64_t)mono_array_length(counts) != size)
		return motor_ser_fail(MOTOR_SER_ECOUNT, "OScatter: counts has %llu entries for %d ranks",
		                      (unsigned long long)mono_array_length(counts), size);
	for (int r = 0; r < size; r++) {
		cnt[r] = mono_array_get(counts, int32_t, r);
		if (cnt[r] < 0)
			return motor_ser_fail(MOTOR_SER_ECOUNT, "OScatter: counts[%d] is negative", r);
		sum += cnt[r];
	}
	if (sum != len)
		return motor_ser_fail(MOTOR_SER_ECOUNT,
		                      "OScatter: the counts add up to %lld, the array has %lld elements",
		                      (long long)sum, (long long)len);
	return MOTOR_OK;
}

/* On an intercommunicator remote rank j receives element j as a one-element array (the managed side unwraps
 * it); the root and its group mates return NULL. */
MonoObject *motor_icall_oscatter(MonoObject *arr, MonoArray *counts, int32_t root, int32_t comm, int32_t *rcp)
{
	struct motor_ser_buf b = {0}, mine_buf = {0};
	struct motor_coll_shape sh;
	MonoObject *result = NULL;
	int64_t *sizes = NULL, *displs = NULL, *cnt = NULL, mine = 0;
	int role, rc, local = MOTOR_OK;

	if ((rc = comm_info(comm, root, &sh, &role)) != MOTOR_OK)
		goto out;
	int blocks = sh.blocks;
	if (role == MOTOR_ROLE_ROOT) {
		sizes = calloc((size_t)blocks, sizeof *sizes);
		displs = calloc((size_t)blocks, sizeof *displs);
		cnt = calloc((size_t)blocks, sizeof *cnt);
		if (!sizes || !displs || !cnt) {
			rc = MOTOR_ENOMEM; /* three words per rank: the other ranks would wait, but this
			                      cannot happen */
			goto out;
		}
		local = split(arr, sh.inter ? NULL : counts, blocks, sh.inter, cnt);
		/* One pass: every part is appended to one buffer, each with its own type table. */
		if (local == MOTOR_OK)
			local = motor_ser_buf_get(&b, size_hint);
		for (int r = 0, off = 0; r < blocks && local == MOTOR_OK; off += (int)cnt[r], r++) {
			displs[r] = (int64_t)b.len;
			local = motor_ser_write(&b, arr, off, (int32_t)cnt[r]);
			sizes[r] = (int64_t)b.len - displs[r];
		}
		if (local == MOTOR_OK)
			size_hint = b.len / (size_t)(blocks > 0 ? blocks : 1);
		else
			for (int r = 0; r < blocks; r++)
				sizes[r] = -1;
	}
	if ((rc = agree(comm, &sh, MOTOR_OCOLL_SCATTER, root, role, local, "OScatter")) != MOTOR_OK)
		goto out;
	if ((rc = motor_mpi_exchange_i64(MOTOR_I64_SCATTER, &mine, sizes, root, comm)) != MOTOR_OK)
		goto out;
	if (mine < 0) {
		rc = role == MOTOR_ROLE_ROOT
		         ? local
		         : motor_ser_fail(MOTOR_SER_EREMOTE, "OScatter failed on the root (rank %d)", root);
		goto out;
	}
	int receives = !sh.inter || role == MOTOR_ROLE_LEAF;
	if (receives && (rc = motor_ser_buf_get(&mine_buf, (size_t)mine)) != MOTOR_OK)
		goto out;
	if ((rc = motor_mpi_scatterv_bytes(b.data, sizes, displs, mine_buf.data, mine, root, comm)) !=
	    MOTOR_OK)
		goto out;
	if (receives)
		rc = motor_ser_read(mine_buf.data, (size_t)mine, &result);
out:
	motor_ser_buf_release(&b);
	motor_ser_buf_release(&mine_buf);
	free(sizes);
	free(displs);
	free(cnt);
	MOTOR_KEEP_ALIVE(arr);
	MOTOR_KEEP_ALIVE(counts);
	*rcp = rc;
	return result;
}

/* Turns the part sizes a rank received into displacements in one buffer.  A size of -1 (the rank could not
 * serialise) becomes an empty part, and *failed is the first such rank (-1 if none).  Returns the total. */
static int64_t place_parts(int64_t *sizes, int64_t *displs, int n, int *failed)
{
	int64_t total = 0;
	*failed = -1;
	for (int r = 0; r < n; r++) {
		if (sizes[r] < 0) {
			*failed = *failed < 0 ? r : *failed;
			sizes[r] = 0;
		}
		displs[r] = total;
		total += sizes[r];
	}
	return total;
}

/* The `n` received parts at `data`, each deserialised, as an object[]; NULL with *rcp set when one cannot be
 * rebuilt or the array cannot be allocated. */
static MonoArray *read_parts(const uint8_t *data, const int64_t *sizes, const int64_t *displs, int n,
                             int *rcp)
{
	MonoArray *parts = mono_array_new(mono_domain_get(), mono_get_object_class(), (uintptr_t)n);
	int rc = MOTOR_OK;
	if (!parts) {
		*rcp = MOTOR_ENOMEM;
		return NULL;
	}
	for (int r = 0; r < n && rc == MOTOR_OK; r++) {
		MonoObject *o = NULL;
		rc = motor_ser_read(data + displs[r], (size_t)sizes[r], &o);
		if (rc == MOTOR_OK)
			mono_array_setref(parts, r, o);
	}
	*rcp = rc;
	return rc == MOTOR_OK ? parts : NULL;
}

/* On an intracommunicator every rank sends its `part` (a non-null array).  On an intercommunicator the remote
 * group of a gather (every rank of an allgather) sends `part`, any object or null; the root receives one per
 * remote rank, and its group mates send and receive nothing. */
MonoArray *motor_icall_ogather(MonoObject *part, int32_t root, int32_t all, int32_t comm, int32_t *rcp)
{
	struct motor_ser_buf b = {0}, rbuf = {0};
	struct motor_coll_shape sh;
	MonoArray *parts = NULL;
	int64_t *sizes = NULL, *displs = NULL, mine = -1;
	int role, rc, local = MOTOR_OK;

	if ((rc = comm_info(comm, all ? 0 : root, &sh, &role)) != MOTOR_OK)
		goto out;
	int blocks = sh.blocks, receives = all || role == MOTOR_ROLE_ROOT;
	int sends = !sh.inter || all || role == MOTOR_ROLE_LEAF;
	if (!sends)
		mine = 0;
	else if (!part && !sh.inter)
		local = motor_ser_fail(MOTOR_ENULL, "the part is null");
	else if ((local = serialize(part, 0, -1, &b)) == MOTOR_OK)
		mine = (int64_t)b.len;
	if (receives) {
		sizes = calloc((size_t)blocks, sizeof *sizes);
		displs = calloc((size_t)blocks, sizeof *displs);
		if (!sizes || !displs) {
			/* Every rank must still take part; this one reports the failure afterwards. */
			free(sizes);
			free(displs);
			sizes = displs = NULL;
			rc = MOTOR_ENOMEM;
			goto out;
		}
	}
	if ((rc = agree(comm, &sh, all ? MOTOR_OCOLL_ALLGATHER : MOTOR_OCOLL_GATHER, all ? 0 : root, role,
	                local, all ? "OAllgather" : "OGather")) != MOTOR_OK)
		goto out;
	if ((rc = motor_mpi_exchange_i64(all ? MOTOR_I64_ALLGATHER : MOTOR_I64_GATHER, &mine, sizes, root,
	                                 comm)) != MOTOR_OK)
		goto out;
	int failed = -1;
	int64_t total = receives ? place_parts(sizes, displs, blocks, &failed) : 0;
	if (receives && (rc = motor_ser_buf_get(&rbuf, (size_t)total)) != MOTOR_OK)
		goto out;
	rc = motor_mpi_gatherv_bytes(b.data, mine < 0 ? 0 : mine, rbuf.data, sizes, displs, root, all, comm);
	if (rc != MOTOR_OK)
		goto out;
	if (local != MOTOR_OK) {
		rc = local;
		goto out;
	}
	if (!receives)
		goto out;
	if (failed >= 0) {
		rc = motor_ser_fail(MOTOR_SER_EREMOTE, "rank %d%s could not serialise its part", failed,
		                    sh.inter ? " of the remote group" : "");
		goto out;
	}
	parts = read_parts(rbuf.data, sizes, displs, blocks, &rc);
out:
	motor_ser_buf_release(&b);
	motor_ser_buf_release(&rbuf);
	free(sizes);
	free(displs);
	MOTOR_KEEP_ALIVE(part);
	*rcp = rc;
	return rc == MOTOR_OK ? parts : NULL;
}

/* This rank's side of OAlltoall: checks that `arr` has one element per rank and serialises element r as a
 * part of its own into `b`, at displacement sd[r] with size ss[r].  When the array is refused or a part
 * cannot be serialised, every size is -1 and the reason is returned. */
static int serialize_parts(MonoObject *arr, int size, int inter, struct motor_ser_buf *b, int64_t *ss,
                           int64_t *sd)
{
	int local = MOTOR_OK;
	if (!arr)
		local = motor_ser_fail(MOTOR_ENULL, "OAlltoall: the array is null");
	else if (motor_buffer_is_in_place(arr))
		local = MOTOR_EINPLACE;
	else if (mono_class_get_rank(mono_object_get_class(arr)) != 1 ||
	         mono_type_get_type(mono_class_get_type(mono_object_get_class(arr))) != MONO_TYPE_SZARRAY)
		local = motor_ser_fail(MOTOR_SER_ETYPE, "OAlltoall needs a one-dimensional array");
	else if (mono_array_length((MonoArray *)arr) != (uintptr_t)size)
		local =
		    motor_ser_fail(MOTOR_SER_ETYPE, "OAlltoall: the array has %llu elements for %d ranks%s",
		                   (unsigned long long)mono_array_length((MonoArray *)arr), size,
		                   inter ? " of the remote group" : "");
	if (local == MOTOR_OK)
		local = motor_ser_buf_get(b, size_hint);
	for (int r = 0; r < size && local == MOTOR_OK; r++) {
		sd[r] = (int64_t)b->len;
		local = motor_ser_write(b, arr, r, 1);
		ss[r] = (int64_t)b->len - sd[r];
	}
	if (local == MOTOR_OK) {
		size_hint = b->len / (size_t)size;
	} else {
		for (int r = 0; r < size; r++)
			ss[r] = -1;
	}
	return local;
}

/* OAlltoall: element j of this rank's array goes to rank j.  One pass serialises every element as a part of
 * its own (a one-element array with its own type table) into one buffer; the part sizes go out by one
 * MPI_Alltoall and the parts by one Alltoallv of bytes.  A rank that cannot serialise sends -1 as every size
 * and nothing else: every rank still takes part in both exchanges, and the others report MOTOR_SER_EREMOTE
 * naming it.  On an intercommunicator element j goes to rank j of the remote group, and a rank's failure is
 * first agreed on by both groups (its own group receives nothing from it), as for OGather. */
MonoArray *motor_icall_oalltoall(MonoObject *arr, int32_t comm, int32_t *rcp)
{
	struct motor_ser_buf b = {0}, rbuf = {0};
	MonoArray *parts = NULL;
	int64_t *v = NULL;
	struct motor_coll_shape sh;
	int role, rc, local = MOTOR_OK, failed = -1;

	if ((rc = comm_info(comm, 0, &sh, &role)) != MOTOR_OK)
		goto out;
	int size = sh.blocks;
	/* sizes and displacements to send, then to receive */
	if (!(v = calloc(4 * (size_t)size, sizeof *v))) {
		rc = MOTOR_ENOMEM;
		goto out;
	}
	int64_t *ss = v, *sd = v + size, *rs = v + 2 * size, *rd = v + 3 * size;
	local = serialize_parts(arr, size, sh.inter, &b, ss, sd);
	if ((rc = agree(comm, &sh, MOTOR_OCOLL_ALLTOALL, 0, role, local, "OAlltoall")) != MOTOR_OK)
		goto out;
	if ((rc = motor_mpi_exchange_i64(MOTOR_I64_ALLTOALL, ss, rs, 0, comm)) != MOTOR_OK)
		goto out;
	/* Having told the others it failed, this rank sends nothing. */
	for (int r = 0; local != MOTOR_OK && r < size; r++)
		ss[r] = sd[r] = 0;
	int64_t total = place_parts(rs, rd, size, &failed);
	if ((rc = motor_ser_buf_get(&rbuf, (size_t)total)) != MOTOR_OK)
		goto out; /* cannot happen short of memory; the other ranks then wait here */
	if ((rc = motor_mpi_alltoallv_bytes(b.data, ss, sd, rbuf.data, rs, rd, comm)) != MOTOR_OK)
		goto out;
	if (local != MOTOR_OK) {
		rc = local;
		goto out;
	}
	if (failed >= 0) {
		rc = motor_ser_fail(MOTOR_SER_EREMOTE, "OAlltoall: rank %d%s could not serialise its array",
		                    failed, sh.inter ? " of the remote group" : "");
		goto out;
	}
	parts = read_parts(rbuf.data, rs, rd, size, &rc);
out:
	motor_ser_buf_release(&b);
	motor_ser_buf_release(&rbuf);
	free(v);
	MOTOR_KEEP_ALIVE(arr);
	*rcp = rc;
	return rc == MOTOR_OK ? parts : NULL;
}

/* OSendrecv: the send is posted non-blocking before the receive's matched probe, so two ranks that exchange
 * large objects with each other cannot both wait in a send. */
MonoObject *motor_icall_osendrecv(MonoObject *obj, int32_t dest, int32_t sendtag, int32_t source,
                                  int32_t recvtag, int32_t comm, motor_status *st, int32_t *rcp)
{
	struct motor_ser_buf b;
	motor_req req;
	motor_msg msg;
	motor_status s = {0};
	struct motor_ser_spare spare;
	MonoObject *result = NULL;
	int rc = serialize(obj, 0, -1, &b);

	if (rc != MOTOR_OK)
		goto out;
	if ((rc = motor_mpi_isend_bytes(b.data, (int64_t)b.len, dest, sendtag, comm, &req)) != MOTOR_OK) {
		motor_ser_buf_release(&b);
		goto out;
	}
	motor_ser_spare_make(&spare);
	rc = motor_mpi_mprobe(source, recvtag, comm, &msg, &s);
	if (rc == MOTOR_OK)
		result = receive_matched(&msg, &s, &spare, &rc);
	/* The send is always completed, whatever the receive did, so that no request outlives the buffer. */
	int sent = motor_mpi_wait(&req, NULL);
	motor_ser_buf_release(&b);
	if (rc == MOTOR_OK)
		rc = sent;
	if (st)
		*st = s;
out:
	MOTOR_KEEP_ALIVE(obj);
	*rcp = rc;
	return rc == MOTOR_OK ? result : NULL;
}

/* ---- diagnostics: serialise to and from managed byte arrays (tests, fuzzing) -----------------------------
 */

MonoArray *motor_icall_oserialize(MonoObject *obj, int32_t *rcp)
{
	struct motor_ser_buf b;
	MonoArray *bytes = NULL;
	int rc = serialize(obj, 0, -1, &b);
	if (rc == MOTOR_OK) {
		bytes = mono_array_new(mono_domain_get(), mono_get_byte_class(), b.len);
		if (bytes)
			memcpy(mono_array_addr_with_size(bytes, 1, 0), b.data, b.len);
		else
			rc = MOTOR_ENOMEM;
		motor_ser_buf_release(&b);
	}
	MOTOR_KEEP_ALIVE(obj);
	*rcp = rc;
	return bytes;
}

MonoObject *motor_icall_odeserialize(MonoArray *bytes, int32_t *rcp)
{
	MonoObject *result;
	*rcp = motor_ser_read_array(bytes, &result);
	return result;
}

MonoString *motor_icall_oerror_message(void)
{
	return mono_string_new(mono_domain_get(), motor_ser_last_error());
}

void motor_icall_opool_counts(MonoArray *counts)
{
	struct motor_ser_pool_counts c;
	uint64_t made, used;
	motor_ser_pool_counts(&c);
	motor_ser_spare_counts(&made, &used);
	const uint64_t v[] = {c.allocated, c.reused, c.trimmed, c.pooled, c.pooled_bytes, made, used};
	uintptr_t n = counts ? mono_array_length(counts) : 0;
	for (uintptr_t i = 0; i < n && i < sizeof v / sizeof v[0]; i++)
		mono_array_set(counts, int64_t, i, (int64_t)v[i]);
}
