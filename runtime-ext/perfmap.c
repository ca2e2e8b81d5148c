/*
 * perfmap.c - MOTOR_PERF_MAP=1: tells Linux perf the names of JIT-compiled methods.
 *
 * perf names code that has no file behind it from /tmp/perf-PID.map, one "START SIZE NAME" line (hexadecimal
 * START and SIZE) per function.  The mono command writes that file when given --jitmap, but the embedding API
 * has no such option, so motor writes it itself, from the profiler's event for each method the JIT compiles.
 * Methods compiled before motor starts the map (a few in corlib, at start-up) are left out.
 */
#include <stdio.h>
#include <unistd.h>

#include <mono/metadata/debug-helpers.h>
#include <mono/metadata/profiler.h>

#include "motor-runtime.h"

static FILE *map;

static void jit_done(MonoProfiler *prof, MonoMethod *method, MonoJitInfo *ji)
{
	char *name = mono_method_full_name(method, 1);
	/* One fprintf per line: glibc locks the stream per call, so lines of threads compiling at once do not
	 * mix. */
	fprintf(map, "%lx %x %s\n", (unsigned long)(uintptr_t)mono_jit_info_get_code_start(ji),
	        (unsigned)mono_jit_info_get_code_size(ji), name);
	fflush(map);
	mono_free(name);
}

struct _MonoProfiler {
	int unused;
};
static struct _MonoProfiler perf_profiler;

int motor_perf_map_start(void)
{
	char path[64];
	snprintf(path, sizeof path, "/tmp/perf-%ld.map", (long)getpid());
	if (!(map = fopen(path, "w")))
		return MOTOR_EARG;
	MonoProfilerHandle h = mono_profiler_create(&perf_profiler);
	mono_profiler_set_jit_done_callback(h, jit_done);
	return MOTOR_OK;
}
