/*
 * icalls.h - the C side of every internal call in icall-def.h.  Each validates its arguments, resolves
 * buffers, calls native-mpi and returns MOTOR_OK, a MOTOR_E* code or an MPI error code; managed code turns
 * codes into exceptions (managed/Errors.cs).  None raises a managed exception itself.
 */
#ifndef MOTOR_ICALLS_H
#define MOTOR_ICALLS_H

#include <mono/metadata/object.h>
#include <mono/metadata/reflection.h>

#include "motor-mpi.h"

/* icall-env.c */
int32_t motor_icall_initialized(void);
int32_t motor_icall_finalized(void);
int32_t motor_icall_finalize(void);
int32_t motor_icall_query_thread(int32_t *provided);
int32_t motor_icall_is_thread_main(int32_t *flag);
void motor_icall_get_version(int32_t *version, int32_t *subversion);
double motor_icall_wtime(void);
double motor_icall_wtick(void);
MonoString *motor_icall_processor_name(void);
MonoString *motor_icall_library_version(void);
int32_t motor_icall_abort(int32_t comm, int32_t errorcode);
MonoString *motor_icall_error_string(int32_t code);
MonoString *motor_icall_argument_name(int32_t cls);
int32_t motor_icall_error_class(int32_t code);
int32_t motor_icall_truncate_class(void);
int32_t motor_icall_tag_ub(void);
int32_t motor_icall_buffer_attach(int32_t size);
int32_t motor_icall_buffer_detach(int32_t *size);
int32_t motor_icall_bsend_overhead(void);
int32_t motor_icall_element_size(MonoReflectionType *type);
int64_t motor_icall_address_of(MonoObject *obj);
void motor_icall_block_counts(int64_t *waited, int64_t *immediate);
int32_t motor_icall_get_spin(void);
void motor_icall_set_spin(int32_t polls);
MonoArray *motor_icall_internal_calls(void);
int32_t motor_icall_check_buffer(MonoObject *buf, int32_t offset, int32_t count);

/* icall-comm.c */
int32_t motor_icall_comm_rank(int32_t comm);
int32_t motor_icall_comm_size(int32_t comm);
int32_t motor_icall_comm_dup(int32_t comm, int32_t *newcomm);
int32_t motor_icall_comm_free(int32_t comm);
int32_t motor_icall_barrier(int32_t comm);

/* icall-p2p.c */
int32_t motor_icall_send(MonoObject *buf, int32_t offset, int32_t count, int32_t dest, int32_t tag,
                         int32_t comm, int32_t mode);
int32_t motor_icall_recv(MonoObject *buf, int32_t offset, int32_t count, int32_t source, int32_t tag,
                         int32_t comm, motor_status *st);
int32_t motor_icall_send_standard(MonoObject *buf, int32_t offset, int32_t count, int32_t dest, int32_t tag,
                                  int32_t comm);
int32_t motor_icall_recv_no_status(MonoObject *buf, int32_t offset, int32_t count, int32_t source,
                                   int32_t tag, int32_t comm);
int32_t motor_icall_check_sendrecv(MonoObject *sbuf, int32_t soffset, int32_t scount, MonoObject *rbuf,
                                   int32_t roffset, int32_t rcount);
int32_t motor_icall_sendrecv(MonoObject *sbuf, int32_t soffset, int32_t scount, int32_t dest, int32_t stag,
                             MonoObject *rbuf, int32_t roffset, int32_t rcount, int32_t source, int32_t rtag,
                             int32_t comm, motor_status *st);
int32_t motor_icall_probe(int32_t source, int32_t tag, int32_t comm, motor_status *st);
int32_t motor_icall_iprobe(int32_t source, int32_t tag, int32_t comm, int32_t *flag, motor_status *st);

/* icall-request.c */
int32_t motor_icall_isend(MonoObject *buf, int32_t offset, int32_t count, int32_t comm, int32_t mode,
                          MonoObject *req);
int32_t motor_icall_irecv(MonoObject *buf, int32_t offset, int32_t count, int32_t comm, MonoObject *req);
int32_t motor_icall_send_layout(MonoObject *buf, int32_t offset, int32_t layout, int32_t dest, int32_t tag,
                                int32_t comm, int32_t mode);
int32_t motor_icall_recv_layout(MonoObject *buf, int32_t offset, int32_t layout, int32_t source, int32_t tag,
                                int32_t comm, motor_status *st);
int32_t motor_icall_isend_layout(MonoObject *buf, int32_t offset, int32_t layout, int32_t dest, int32_t tag,
                                 int32_t comm, int32_t mode, MonoObject *req);
int32_t motor_icall_irecv_layout(MonoObject *buf, int32_t offset, int32_t layout, int32_t source, int32_t tag,
                                 int32_t comm, MonoObject *req);
int32_t motor_icall_layout_make(MonoObject *buf, MonoArray *shape, int32_t *layout);
void motor_icall_layout_free(int32_t layout);
int32_t motor_icall_sendrecv_layout(MonoObject *sbuf, int32_t soffset, int32_t slayout, int32_t dest,
                                    int32_t stag, MonoObject *rbuf, int32_t roffset, int32_t rlayout,
                                    int32_t source, int32_t rtag, int32_t comm, motor_status *st);
int32_t motor_icall_check_layout(MonoObject *buf, int32_t offset, int32_t layout);
int32_t motor_icall_request_complete(MonoObject *req, int32_t slot, int32_t gen, int32_t wait, int32_t *flag);
int32_t motor_icall_request_wait(MonoObject *req);
int32_t motor_icall_request_wait_status(MonoObject *req);
int32_t motor_icall_request_test(MonoObject *req);
int32_t motor_icall_request_test_status(MonoObject *req);
int32_t motor_icall_request_settle(MonoObject *req);
int32_t motor_icall_request_cancel(int32_t slot, int32_t gen);
int32_t motor_icall_request_posted(int32_t slot, int32_t gen, int64_t *count, int32_t *dt);
int32_t motor_icall_request_waitall(MonoArray *reqs, int32_t from, int32_t *at);
int32_t motor_icall_request_testall(MonoArray *reqs, int32_t from, int32_t *at);
int32_t motor_icall_waitany(MonoArray *reqs, int32_t *index);
void motor_icall_pin_counts(MonoArray *counts);

/* icall-spawn.c */
int32_t motor_icall_comm_spawn(const char *block, int32_t nstrings, int32_t maxprocs, int32_t root,
                               int32_t comm, int32_t *intercomm, int32_t *errcodes);
/* icall-coll.c; flags: 1 = the send buffer is MPI.IN_PLACE, 2 = the receive buffer is */
int32_t motor_icall_bcast(MonoObject *buf, int32_t offset, int32_t count, int32_t root, int32_t comm);
int32_t motor_icall_scatter(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t root, int32_t comm);
int32_t motor_icall_gather(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t root, int32_t comm);
int32_t motor_icall_allgather(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t comm);
int32_t motor_icall_alltoall(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t comm);
int32_t motor_icall_scatterv(MonoObject *sbuf, MonoArray *counts, MonoArray *displs, MonoObject *rbuf,
                             int32_t flags, int32_t root, int32_t comm);
int32_t motor_icall_gatherv(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, MonoArray *displs,
                            int32_t flags, int32_t root, int32_t comm);
int32_t motor_icall_allgatherv(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, MonoArray *displs,
                               int32_t flags, int32_t comm);
int32_t motor_icall_alltoallv(MonoObject *sbuf, MonoArray *scounts, MonoArray *sdispls, MonoObject *rbuf,
                              MonoArray *rcounts, MonoArray *rdispls, int32_t flags, int32_t comm);
int32_t motor_icall_reduce(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t root,
                           int32_t comm);
int32_t motor_icall_allreduce(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm);
int32_t motor_icall_scan(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm);
int32_t motor_icall_exscan(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op, int32_t comm);
int32_t motor_icall_reduce_scatter_block(MonoObject *sbuf, MonoObject *rbuf, int32_t flags, int32_t op,
                                         int32_t comm);
/* Non-blocking collectives, every kind (motor_coll_kind) through one call; see icall-coll.c. */
int32_t motor_icall_icollective(int32_t kind, MonoObject *sbuf, MonoObject *rbuf, int32_t offset,
                                int32_t count, MonoArray *v1, MonoArray *v2, MonoArray *v3, MonoArray *v4,
                                int32_t flags, int32_t op, int32_t root, int32_t comm, MonoObject *req);
/* Diagnostics: 1 = collectives use their non-blocking forms, 0 = blocking forms, -1 = unchanged; returns the
 * old mode. */
int32_t motor_icall_coll_mode(int32_t nonblocking);
/* This rank's part, as a refusal, in the agreement of a collective that managed code refused before calling
 * its internal call (motor_mpi_coll_refuse; motor_mpi_icoll_refuse for a non-blocking one).  Returns 0, or
 * MOTOR_ECOMM for a communicator that is not valid. */
int32_t motor_icall_coll_refuse(int32_t comm, int32_t nonblocking);

/* icall-op.c */
int32_t motor_icall_op_create(MonoReflectionType *type, int32_t commute, void *fn, void *ctx, int32_t *op);
int32_t motor_icall_op_free(int32_t op);
int32_t motor_icall_reduce_local(MonoObject *in, MonoObject *inout, int32_t op);
int32_t motor_icall_reduce_local_foreign_thread(MonoObject *in, MonoObject *inout, int32_t op);
/* icall-object.c */
int32_t motor_icall_osend(MonoObject *obj, int32_t offset, int32_t count, int32_t dest, int32_t tag,
                          int32_t comm);
MonoObject *motor_icall_orecv(int32_t source, int32_t tag, int32_t comm, motor_status *st, int32_t *rc);
MonoObject *motor_icall_oirecv_wait(int32_t source, int32_t tag, int32_t comm, int32_t *matched,
                                    motor_status *st, int32_t *rc);
MonoObject *motor_icall_omrecv(motor_msg *msg, motor_status *st, int32_t *rcp);
int32_t motor_icall_improbe(int32_t source, int32_t tag, int32_t comm, int32_t *flag, motor_msg *msg,
                            motor_status *st);
int32_t motor_icall_object_progress_enter(void);
void motor_icall_object_progress_leave(void);
int32_t motor_icall_oisend(MonoObject *obj, int32_t dest, int32_t tag, int32_t comm, MonoObject *req);
MonoObject *motor_icall_obcast(MonoObject *obj, int32_t root, int32_t comm, int32_t *rc);
MonoObject *motor_icall_oscatter(MonoObject *arr, MonoArray *counts, int32_t root, int32_t comm, int32_t *rc);
MonoArray *motor_icall_ogather(MonoObject *part, int32_t root, int32_t all, int32_t comm, int32_t *rc);
MonoArray *motor_icall_oserialize(MonoObject *obj, int32_t *rc);
MonoObject *motor_icall_odeserialize(MonoArray *bytes, int32_t *rc);
MonoString *motor_icall_oerror_message(void);
void motor_icall_opool_counts(MonoArray *counts);
/* recv-order.c: the envelopes of the receives waiting in ORequest's list (add_it 1 lists one, 0 removes one);
 * the post of a queued receive in its turn (layout -1: `count` elements, else through that layout). */
int32_t motor_icall_recv_order_list(int32_t add_it, int32_t source, int32_t tag, int32_t comm);
int32_t motor_icall_irecv_queued(MonoObject *buf, int32_t offset, int32_t count, int32_t layout,
                                 int32_t source, int32_t tag, int32_t comm, MonoObject *req);
/* MOTOR_EBEHIND if a typed receive of this envelope would overtake a receive listed there, else MOTOR_OK;
 * motor_recv_order_wait, for a blocking receive, waits for its turn instead (motor_object_await_before). */
int motor_recv_order_check(int32_t source, int32_t tag, int32_t comm);
int motor_recv_order_wait(int32_t source, int32_t tag, int32_t comm);
/* icall-object.c: runs ORequest.AwaitBefore (source, tag, comm); whether this thread is the object receives'
 * progress thread. */
void motor_object_await_before(int32_t source, int32_t tag, int32_t comm);
int motor_object_progress_thread(void);
/* icall-object.c: OAlltoall, OSendrecv */
MonoArray *motor_icall_oalltoall(MonoObject *arr, int32_t comm, int32_t *rc);
MonoObject *motor_icall_osendrecv(MonoObject *obj, int32_t dest, int32_t sendtag, int32_t source,
                                  int32_t recvtag, int32_t comm, motor_status *st, int32_t *rc);
/* icall-coll.c: Reduce_scatter */
int32_t motor_icall_reduce_scatter(MonoObject *sbuf, MonoObject *rbuf, MonoArray *counts, int32_t flags,
                                   int32_t op, int32_t comm);

/* Neighbour collectives (icall-coll.c): kind is a MOTOR_COLL_NEIGHBOR_* kind; v1..v4 as for
 * motor_icall_icollective.  The non-blocking forms go through motor_icall_icollective. */
int32_t motor_icall_neighbor(int32_t kind, MonoObject *sbuf, MonoObject *rbuf, MonoArray *v1, MonoArray *v2,
                             MonoArray *v3, MonoArray *v4, int32_t comm);

/* issue 35: Sendrecv_replace, matched receives (icall-p2p.c, icall-request.c), Idup (icall-comm.c) */
int32_t motor_icall_sendrecv_replace(MonoObject *buf, int32_t offset, int32_t count, int32_t dest,
                                     int32_t stag, int32_t source, int32_t rtag, int32_t comm,
                                     motor_status *st);
int32_t motor_icall_mrecv(MonoObject *buf, int32_t offset, int32_t count, motor_msg *msg, int32_t source,
                          int32_t comm, motor_status *st);
int32_t motor_icall_imrecv(MonoObject *buf, int32_t offset, int32_t count, motor_msg *msg, int32_t source,
                           int32_t comm, MonoObject *req);
int32_t motor_icall_comm_idup(int32_t comm, MonoObject *req, int32_t *newcomm);

/* icall-win.c */
int32_t motor_icall_win_create(MonoObject *base, int32_t disp_unit, int32_t verdict, const char *hints,
                               int32_t comm, int32_t *win);
int32_t motor_icall_win_allocate(int64_t count, int32_t disp_unit, MonoReflectionType *type, int32_t shared,
                                 int32_t verdict, const char *hints, int32_t comm, int32_t *win);
int32_t motor_icall_win_get_info(int32_t win, char *buf, int32_t cap, int32_t *len);
int32_t motor_icall_win_free(int32_t win);
int32_t motor_icall_win_rma(int32_t win, int32_t kind, MonoObject *origin, int32_t ooff, int32_t ocount,
                            MonoObject *result, int32_t roff, MonoObject *compare, int32_t coff,
                            int32_t target, int64_t disp, int32_t op);
int32_t motor_icall_win_rrma(int32_t win, int32_t kind, MonoObject *origin, int32_t ooff, int32_t ocount,
                             MonoObject *result, int32_t roff, int32_t target, int64_t disp, int32_t op,
                             MonoObject *req);
int32_t motor_icall_win_sync(int32_t win, int32_t what, int32_t arg, int32_t lock_type, int32_t assert);
int32_t motor_icall_win_info(int32_t win, int32_t rank, int64_t *bytes, int32_t *disp_unit);
int32_t motor_icall_win_attr(int32_t win, int32_t what, int32_t *value);
int32_t motor_icall_win_copy(int32_t win, int32_t rank, int64_t index, MonoObject *arr, int32_t offset,
                             int32_t count, int32_t to_window);
int64_t motor_icall_win_holds(int32_t win);
void motor_icall_win_counts(int64_t *taken, int64_t *avoided);
/* icall-file.c: parallel I/O (the rest is registered from native-mpi/file.c) */
int32_t motor_icall_file_set_view(int32_t fh, int64_t disp, MonoReflectionType *etype, MonoObject *shape,
                                  int32_t verdict);
int32_t motor_icall_file_rw(int32_t fh, int32_t how, int64_t offset, MonoObject *buf, int32_t start,
                            int32_t count, int32_t verdict, int64_t *done);
int32_t motor_icall_file_iat(int32_t fh, int32_t how, int64_t offset, MonoObject *buf, int32_t start,
                             int32_t count, MonoObject *req);
int32_t motor_icall_file_iall(int32_t fh, int32_t how, int64_t offset, MonoObject *buf, int32_t start,
                              int32_t count, int32_t verdict, MonoObject *req);
/* icall-sermode.c: sets this thread's serializer mode (MOTOR_SER_TRANSPORTABLE / _SERIALIZABLE), returns the
 * previous one or MOTOR_EARG. */
int32_t motor_icall_oset_mode(int32_t mode);

#endif /* MOTOR_ICALLS_H */
