/*
 * direct-def.h - the calls System.MP makes straight into C, one line each:
 * MOTOR_DIRECT(managed name, C function, IL return type, (IL parameter types)).
 *
 * Every other call of System.MP is an internal call (icall-def.h), which Mono reaches through a wrapper of
 * about 45 instructions: it saves five registers, links a frame record (Mono's LMF) for stack walks that
 * cross the C code, and checks for a pending thread interruption on return.  The per-message calls below
 * skip it.  managed/gen-direct.awk makes System.MP.Direct.dll from this list: for each line a static method
 * System.MP.Direct.<name> that loads the C function's address from a static field and makes an unmanaged
 * `calli` to it, which Mono 6.8's JIT compiles to a plain call.  The host writes the addresses into those
 * fields at startup (direct.c), before any managed code runs.
 *
 * What a function may do to be listed here (doc/design.md, "Direct calls"):
 * - return its errors as codes, never raise a managed exception (nothing would deliver it);
 * - block only inside its own GC-safe region, as every internal call of Motor does;
 * - call managed code only through mono_runtime_invoke with an exception out-parameter (the poll hook and
 *   the receive order's wait do), since stack walks made inside it do not see the frames of its callers.
 * Object parameters are passed as raw pointers, which the caller's frame keeps pinned as for an internal
 * call.
 */
/* Parameter types: object (a reference, passed as a raw pointer), int32, int64, native int, out int32 (a
 * pointer to the caller's int). */
/* point-to-point (icall-p2p.c); a count of -1 means the whole buffer */
MOTOR_DIRECT(SendStandard, motor_icall_send_standard, int32, (object, int32, int32, int32, int32, int32))
MOTOR_DIRECT(Send, motor_icall_send, int32, (object, int32, int32, int32, int32, int32, int32))
MOTOR_DIRECT(RecvNoStatus, motor_icall_recv_no_status, int32, (object, int32, int32, int32, int32, int32))
MOTOR_DIRECT(Recv, motor_icall_recv, int32, (object, int32, int32, int32, int32, int32, native int))
MOTOR_DIRECT(Sendrecv, motor_icall_sendrecv, int32,
             (object, int32, int32, int32, int32, object, int32, int32, int32, int32, int32, native int))
MOTOR_DIRECT(SendrecvReplace, motor_icall_sendrecv_replace, int32,
             (object, int32, int32, int32, int32, int32, int32, int32, native int))
MOTOR_DIRECT(Probe, motor_icall_probe, int32, (int32, int32, int32, native int))
MOTOR_DIRECT(Iprobe, motor_icall_iprobe, int32, (int32, int32, int32, out int32, native int))
/* non-blocking operations and requests (icall-request.c) */
MOTOR_DIRECT(Isend, motor_icall_isend, int32, (object, int32, int32, int32, int32, object))
MOTOR_DIRECT(Irecv, motor_icall_irecv, int32, (object, int32, int32, int32, object))
/* RequestTest: 1 completed, 0 in flight, < 0 an error code.  The Status forms also write the status into the
 * Request's result. */
MOTOR_DIRECT(RequestWait, motor_icall_request_wait, int32, (object))
MOTOR_DIRECT(RequestWaitStatus, motor_icall_request_wait_status, int32, (object))
MOTOR_DIRECT(RequestTest, motor_icall_request_test, int32, (object))
MOTOR_DIRECT(RequestTestStatus, motor_icall_request_test_status, int32, (object))
/* Waitall: waits for reqs[from..] as Wait () does, in order; 0 when all are done, else stops at reqs[at]: 1
 * to wait for it the general way, 2 to raise its (reported) completion's error, < 0 an error code for it.
 * Testall: tests each of reqs[from..] without reporting (as Peek), past any still in flight: at the end 3
 * when all have completed, 0 when not; or stops at reqs[at]: 1 to test it the general way, < 0 an error code
 * for it. */
MOTOR_DIRECT(RequestWaitall, motor_icall_request_waitall, int32, (object, int32, out int32))
MOTOR_DIRECT(RequestTestall, motor_icall_request_testall, int32, (object, int32, out int32))
MOTOR_DIRECT(Waitany, motor_icall_waitany, int32, (object, out int32))
