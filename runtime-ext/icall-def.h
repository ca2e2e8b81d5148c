/*
 * icall-def.h - every internal call of System.MP, one line each: MOTOR_ICALL(managed name, C function).
 *
 * The managed side declares each as `static extern` in managed/MPDirect.cs; the test InternalCallTable checks
 * that the two lists are the same.  All are registered cooperative (no GC-safe transition in the wrapper): the
 * calls that may block enter a GC-safe region themselves, only when they have to wait.
 */
/* environment (icall-env.c) */
MOTOR_ICALL(Initialized, motor_icall_initialized)
MOTOR_ICALL(Finalized, motor_icall_finalized)
MOTOR_ICALL(FinalizeMpi, motor_icall_finalize)
MOTOR_ICALL(QueryThread, motor_icall_query_thread)
MOTOR_ICALL(Wtime, motor_icall_wtime)
MOTOR_ICALL(Wtick, motor_icall_wtick)
MOTOR_ICALL(ProcessorName, motor_icall_processor_name)
MOTOR_ICALL(Abort, motor_icall_abort)
MOTOR_ICALL(ErrorString, motor_icall_error_string)
MOTOR_ICALL(ErrorClass, motor_icall_error_class)
MOTOR_ICALL(TagUB, motor_icall_tag_ub)
MOTOR_ICALL(ElementSize, motor_icall_element_size)
MOTOR_ICALL(AddressOf, motor_icall_address_of)
MOTOR_ICALL(BlockCounts, motor_icall_block_counts)
MOTOR_ICALL(GetSpin, motor_icall_get_spin)
MOTOR_ICALL(SetSpin, motor_icall_set_spin)
MOTOR_ICALL(InternalCalls, motor_icall_internal_calls)
MOTOR_ICALL(CheckBuffer, motor_icall_check_buffer)
/* communicators (icall-comm.c) */
MOTOR_ICALL(CommRank, motor_icall_comm_rank)
MOTOR_ICALL(CommSize, motor_icall_comm_size)
MOTOR_ICALL(CommDup, motor_icall_comm_dup)
MOTOR_ICALL(CommFree, motor_icall_comm_free)
MOTOR_ICALL(Barrier, motor_icall_barrier)
/* point-to-point (icall-p2p.c) */
MOTOR_ICALL(Send, motor_icall_send)
MOTOR_ICALL(Recv, motor_icall_recv)
MOTOR_ICALL(Sendrecv, motor_icall_sendrecv)
MOTOR_ICALL(Probe, motor_icall_probe)
MOTOR_ICALL(Iprobe, motor_icall_iprobe)
/* non-blocking operations and requests (icall-request.c) */
MOTOR_ICALL(Isend, motor_icall_isend)
MOTOR_ICALL(Irecv, motor_icall_irecv)
MOTOR_ICALL(RequestComplete, motor_icall_request_complete)
MOTOR_ICALL(RequestCancel, motor_icall_request_cancel)
MOTOR_ICALL(Waitany, motor_icall_waitany)
MOTOR_ICALL(PinCounts, motor_icall_pin_counts)
/* extended object-oriented operations (icall-object.c, serializer/) */
MOTOR_ICALL(OSend, motor_icall_osend)
MOTOR_ICALL(ORecv, motor_icall_orecv)
MOTOR_ICALL(OIrecvProgress, motor_icall_oirecv_progress)
MOTOR_ICALL(OIsend, motor_icall_oisend)
MOTOR_ICALL(OBcast, motor_icall_obcast)
MOTOR_ICALL(OScatter, motor_icall_oscatter)
MOTOR_ICALL(OGather, motor_icall_ogather)
MOTOR_ICALL(OSerialize, motor_icall_oserialize)
MOTOR_ICALL(ODeserialize, motor_icall_odeserialize)
MOTOR_ICALL(OErrorMessage, motor_icall_oerror_message)
MOTOR_ICALL(OPoolCounts, motor_icall_opool_counts)
