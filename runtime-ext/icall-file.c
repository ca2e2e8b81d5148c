/*
 * icall-file.c - internal calls of parallel I/O (System.MP.MPI.File) that take managed objects: a view's
 * element type, and the buffers of reads and writes.  The rest of the file operations take only integers and
 * native memory and are registered straight from native-mpi/file.c (icall-def.h).
 *
 * Buffers are resolved while GC-unsafe.  A blocking read or write waits in native-mpi between the blocking
 * hooks; the buffer stays pinned meanwhile because this frame keeps a pointer to it (MOTOR_KEEP_ALIVE) and
 * thread stacks are scanned conservatively, as for Send and Recv (icall-p2p.c).  A non-blocking one (the
 * collective ones included) is posted into a request slot that holds its buffer until it completes
 * (gc-hooks/req-*.c).
 */
#include "icalls.h"
#include "motor-pin.h"
#include "motor-runtime.h"

/* File.Set_view: the etype is a managed element type (primitive or blittable struct), as a datatype; `shape`
 * (an int[], or null for a contiguous view) describes the filetype (motor_mpi_file_set_view). */
int32_t motor_icall_file_set_view(int32_t fh, int64_t disp, MonoReflectionType *etype, MonoObject *shape,
                                  int32_t verdict)
{
	struct motor_buffer b = {.data = NULL, .count = 0, .dt = MOTOR_DT_I32};
	uint32_t size;
	int dt = -1;
	if (verdict == MOTOR_OK && !etype)
		verdict = MOTOR_ENULL;
	if (verdict == MOTOR_OK &&
	    (dt = motor_buffer_element_dt(mono_reflection_type_get_type(etype), &size)) < 0)
		verdict = dt;
	if (verdict == MOTOR_OK && shape && (verdict = motor_buffer_resolve(shape, 0, -1, &b)) == MOTOR_OK &&
	    b.dt != MOTOR_DT_I32)
		verdict = MOTOR_EARG;
	int rc = motor_mpi_file_set_view(fh, disp, dt, b.data, (int)b.count, verdict);
	MOTOR_KEEP_ALIVE(shape);
	return rc;
}

/* Every blocking read and write (`how`: MOTOR_FILE_*).  A buffer this rank refuses is its verdict in the
 * agreement of a collective form. */
int32_t motor_icall_file_rw(int32_t fh, int32_t how, int64_t offset, MonoObject *buf, int32_t start,
                            int32_t count, int32_t verdict, int64_t *done)
{
	struct motor_buffer b = {.data = NULL, .count = 0, .dt = MOTOR_DT_U8};
	int64_t n = 0;
	if (verdict == MOTOR_OK)
		verdict = motor_buffer_resolve(buf, start, count, &b);
	int rc = motor_mpi_file_rw(fh, how, offset, b.data, b.count, b.dt, verdict, &n);
	MOTOR_KEEP_ALIVE(buf);
	*done = n;
	return rc;
}

struct iat {
	int fh, how;
	int64_t offset;
	const struct motor_buffer *b;
};

static int post_iat(void *ctx, motor_req *r)
{
	const struct iat *a = ctx;
	return motor_mpi_file_iat(a->fh, a->how, a->offset, a->b->data, a->b->count, a->b->dt, r);
}

/* File.Iread_at / Iwrite_at / Iread / Iwrite (`how`: MOTOR_FILE_WRITE | MOTOR_FILE_AT): posted into a request
 * slot, which holds `buf` until the operation completes. */
int32_t motor_icall_file_iat(int32_t fh, int32_t how, int64_t offset, MonoObject *buf, int32_t start,
                             int32_t count, MonoObject *req)
{
	struct motor_buffer b;
	int rc = motor_buffer_resolve(buf, start, count, &b);
	if (rc != MOTOR_OK)
		return rc;
	struct iat a = {.fh = fh, .how = how, .offset = offset, .b = &b};
	return motor_pin_post_op_buffer(req, buf, NULL, &a, post_iat, NULL);
}

static int post_iall(void *ctx, motor_req *r)
{
	const struct iat *a = ctx;
	return motor_mpi_file_iall(a->fh, a->how, a->offset, a->b->data, a->b->count, a->b->dt, MOTOR_OK, r);
}

/* File.Iread_at_all / Iwrite_at_all / Iread_all / Iwrite_all (`how`: MOTOR_FILE_WRITE, MOTOR_FILE_AT): posted
 * into a request slot, which holds `buf` until the operation completes.  A buffer this rank refuses is its
 * verdict in the agreement, which it joins without a request. */
int32_t motor_icall_file_iall(int32_t fh, int32_t how, int64_t offset, MonoObject *buf, int32_t start,
                              int32_t count, int32_t verdict, MonoObject *req)
{
	struct motor_buffer b = {.data = NULL, .count = 0, .dt = MOTOR_DT_U8};
	if (verdict == MOTOR_OK)
		verdict = motor_buffer_resolve(buf, start, count, &b);
	if (verdict != MOTOR_OK || !req) {
		motor_req unused;
		return motor_mpi_file_iall(fh, how, offset, NULL, 0, MOTOR_DT_U8,
		                           verdict != MOTOR_OK ? verdict : MOTOR_EARG, &unused);
	}
	struct iat a = {.fh = fh, .how = how, .offset = offset, .b = &b};
	return motor_pin_post_op_buffer(req, buf, NULL, &a, post_iall, NULL);
}
