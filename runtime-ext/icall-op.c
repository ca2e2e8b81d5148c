/*
 * icall-op.c - internal calls for reduction operators.
 *
 * A user-defined operator is a managed Op object.  Its C entry point (native-mpi/op.c, a libffi closure)
 * calls `fn`, the address of a managed method obtained with Marshal.GetFunctionPointerForDelegate, with
 * `ctx`, a GC handle of the Op.  The native-to-managed wrapper Mono generates for that address does what a
 * callback from inside MPI needs: it attaches a thread Mono has never seen, and switches a thread that waits
 * in a GC-safe region (or runs GC-unsafe, while polling) to GC-unsafe mode for the managed code and back
 * afterwards.  The managed method catches every exception, so none unwinds through the MPI library.
 */
#include <mono/metadata/object.h>

#include "icalls.h"
#include "motor-runtime.h"

int32_t motor_icall_op_create(MonoReflectionType *type, int32_t commute, void *fn, void *ctx, int32_t *op)
{
	uint32_t size;
	int h = -1;

	if (!type)
		return MOTOR_ENULL;
	int dt = motor_buffer_element_dt(mono_reflection_type_get_type(type), &size);
	if (dt < 0)
		return dt;
	int rc = motor_mpi_op_create((motor_op_fn)fn, ctx, dt, commute, &h);
	*op = h;
	return rc;
}

int32_t motor_icall_op_free(int32_t op)
{
	return motor_mpi_op_free(op);
}

/* inout[i] = in[i] op inout[i] over two whole arrays of the same element type and length. */
struct local {
	void *in, *inout;
	int64_t count;
	int dt, op;
};

static int resolve_local(MonoObject *in, MonoObject *inout, int32_t op, struct local *l)
{
	struct motor_buffer a, b;
	int rc;

	if ((rc = motor_buffer_resolve(in, 0, -1, &a)) != MOTOR_OK ||
	    (rc = motor_buffer_resolve(inout, 0, -1, &b)) != MOTOR_OK)
		return rc;
	if (a.dt != b.dt ||
	    (a.dt >= MOTOR_DT_PREDEFINED && mono_object_get_class(in) != mono_object_get_class(inout)))
		return MOTOR_ETYPE;
	if (a.count != b.count)
		return MOTOR_ESIZE;
	if (in == inout)
		return MOTOR_EALIAS;
	*l = (struct local){.in = a.data, .inout = b.data, .count = a.count, .dt = a.dt, .op = op};
	return MOTOR_OK;
}

int32_t motor_icall_reduce_local(MonoObject *in, MonoObject *inout, int32_t op)
{
	struct local l;
	int rc = resolve_local(in, inout, op, &l);
	if (rc != MOTOR_OK)
		return rc;
	rc = motor_mpi_reduce_local(l.in, l.inout, l.count, l.dt, l.op);
	MOTOR_KEEP_ALIVE(in);
	MOTOR_KEEP_ALIVE(inout);
	return rc;
}

/* Diagnostics: Reduce_local run on a new thread that Mono has never seen, as when the MPI library calls an
 * operator from a thread of its own. */
int32_t motor_icall_reduce_local_foreign_thread(MonoObject *in, MonoObject *inout, int32_t op)
{
	struct local l;
	int rc = resolve_local(in, inout, op, &l);
	if (rc != MOTOR_OK)
		return rc;
	rc = motor_mpi_reduce_local_on_new_thread(l.in, l.inout, l.count, l.dt, l.op);
	MOTOR_KEEP_ALIVE(in);
	MOTOR_KEEP_ALIVE(inout);
	return rc;
}
