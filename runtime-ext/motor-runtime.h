/*
 * motor-runtime.h - what the files of runtime-ext/ share: buffer resolution, the internal-call table.  What
 * they know of Mono's internals (the GC-safe transitions, SGen's constants, the object layout) is in
 * gc-hooks/mono-compat.h.  Never installed.
 */
#ifndef MOTOR_RUNTIME_H
#define MOTOR_RUNTIME_H

#include <stdint.h>

#include <mono/metadata/object.h>

#include "motor-mpi.h"
#include "motor-object.h"

/* ---- buffer.c ------------------------------------------------------------------------------------- */

/* Resolves `obj` as an MPI buffer: the whole object when count == -1 (offset must be 0), else elements
 * [offset, offset + count) of an array.  Returns MOTOR_OK or a MOTOR_E* code: ENULL, EBUFTYPE (reference
 * fields, string, arrays of references, pointers), ENOTARRAY, EOFFSET, ECOUNT.  Runs in GC-unsafe mode; the
 * first use of a class reads its metadata, later uses cost a hash probe. */
int motor_buffer_resolve(MonoObject *obj, int32_t offset, int32_t count, struct motor_buffer *b);
/* motor_buffer_resolve's common case alone, without a call: 1 and `b` filled for an array of the class this
 * thread resolved last and a range that fits; 0 for anything else (then motor_buffer_resolve decides). */
int motor_buffer_resolve_fast(MonoObject *obj, int32_t offset, int32_t count, struct motor_buffer *b);
/* The elements of the array `obj` that the layout handle `layout` (motor_mpi_layout_make) selects from
 * element `offset` on: b->count 1 of datatype `layout`.  MOTOR_EOFFSET, MOTOR_ELAYOUTEND (it runs past the
 * array's end), MOTOR_EARG (not a live layout of the array's element type), or what motor_buffer_resolve
 * refuses. */
int motor_buffer_resolve_layout(MonoObject *obj, int32_t offset, int32_t layout, struct motor_buffer *b);
/* motor_mpi_layout_make for the element type of the array `obj` and the shape in the int[] `shape`. */
int motor_buffer_layout_make(MonoObject *obj, MonoArray *shape, int32_t *layout);
/* Whether `obj` is MPI.IN_PLACE (which motor_buffer_resolve refuses with MOTOR_EINPLACE).  For the object
 * operations, whose roots do not go through motor_buffer_resolve; a few metadata calls, no cache. */
int motor_buffer_is_in_place(MonoObject *obj);
/* Bytes per element when `type` is used as a buffer element (primitive or blittable struct), else a MOTOR_E*
 * code. */
int motor_buffer_element_size(MonoType *type);
/* The datatype handle of `type` as a buffer element (and its size in bytes), or a MOTOR_E* code. */
int motor_buffer_element_dt(MonoType *type, uint32_t *size);

/* ---- icall-object.c -------------------------------------------------------------------------------- */

/* Registers ORequest.ProgressUnmatched of System.MP's `image` as native-mpi's poll hook
 * (motor_mpi_set_poll_hook).  MOTOR_EARG if the image has no such method. */
int motor_object_poll_init(MonoImage *image);
/* Lets no new round of the object receives' progress thread start and waits for the one under way to end
 * (icall-object.c), between the blocking hooks.  Before MPI is finalized. */
void motor_object_progress_stop(void);
/* The blocking hooks of main.c, for an internal call that waits outside native-mpi: a collection may run
 * meanwhile. */
void *motor_runtime_block_enter(void **stackdata);
void motor_runtime_block_leave(void *cookie, void **stackdata);

/* ---- icalls.c ------------------------------------------------------------------------------------- */

/* Registers every internal call of icall-def.h under "System.MP.MPDirect::<name>". */
void motor_icall_register(void);
/* The number of entries in the table and the name of entry i. */
int motor_icall_count(void);
const char *motor_icall_name(int i);

/* icall-win.c: releases every window's base and origin buffers (after MPI_Finalize, which freed the windows
 * the program dropped). */
void motor_win_shutdown(void);

/* Completes the requests still in flight, then finalises MPI (main.c).  Idempotent. */
int motor_runtime_finalize(void);

/* The runtime's domain, set by main.c before any managed code runs. */
extern MonoDomain *motor_domain;

/* direct.c: loads System.MP.Direct.dll from `dir` and binds its calls to their C functions (direct-def.h).
 * NULL after saying on stderr why not. */
#define MOTOR_DIRECT_DLL "System.MP.Direct.dll"
MonoAssembly *motor_direct_bind(const char *dir);

/* perfmap.c: writes /tmp/perf-PID.map, the names of the methods the JIT compiles from now on, for Linux perf
 * (MOTOR_PERF_MAP=1).  MOTOR_EARG if the file cannot be created. */
int motor_perf_map_start(void);

/* launch-check.c: after MPI_Init, if this process is an MPI singleton while Slurm's or another MPI library's
 * launcher says the job has several tasks, prints one warning on stderr naming the fix (srun --mpi=..., the
 * right mpiexec). */
void motor_launch_check(void);

#endif /* MOTOR_RUNTIME_H */
