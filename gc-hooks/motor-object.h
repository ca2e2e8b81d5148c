/*
 * motor-object.h - what the C layers over Mono's object model share: a managed buffer resolved into the
 * memory MPI reads or writes, keeping an object reachable from the C stack, and the hot/cold marks of the
 * per-message path.  runtime-ext/ fills in motor_buffer (buffer.c); gc-hooks/ pins what it points into.
 * Never installed.
 */
#ifndef MOTOR_OBJECT_H
#define MOTOR_OBJECT_H

#include <stdint.h>

/* Keeps `p` in a register or stack slot up to this point, so that the conservative stack scan sees it -- and
 * so pins and keeps alive the object it points into -- for as long as a blocking call before it runs. */
#define MOTOR_KEEP_ALIVE(p) __asm__ volatile("" : : "g"(p) : "memory")

/* The internal calls of the per-message path (Send, Recv, Isend, Irecv, completing a request) are compiled as
 * one function each: every call they make into Motor's own C code, across files (link-time optimisation), is
 * inlined.  What only the first use or an error reaches is marked MOTOR_COLD and stays a call. */
#define MOTOR_HOT_PATH __attribute__((flatten))
#define MOTOR_COLD __attribute__((noinline, cold))

/* A managed object resolved into the memory MPI reads or writes.  `data` points into the object, so the
 * object must stay reachable from the C stack (MOTOR_KEEP_ALIVE) while MPI uses it. */
struct motor_buffer {
	void *data;
	int64_t count;      /* elements of `dt` */
	int dt;             /* motor-mpi datatype handle */
	uint64_t obj_bytes; /* size of the whole object, header included (what decides whether it can move) */
};

#endif /* MOTOR_OBJECT_H */
