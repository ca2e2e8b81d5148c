/*
 * main.c - the `motor` executable: embeds Mono, initialises MPI, registers the internal calls, loads
 * System.MP.dll and runs a C# program.
 *
 *     motor [--help | --version] program.exe [args...]
 *     mpiexec -n 4 motor program.exe [args...]
 *
 * Exit status: the program's (Main's return value or Environment.ExitCode); 2 for a usage error or a program
 * that cannot be loaded; 1 after an exception escapes Main -- then the whole MPI job is aborted, so that no
 * other rank waits forever for this one.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <mono/jit/jit.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/class.h>
#include <mono/metadata/environment.h>
#include <mono/metadata/exception.h>
#include <mono/metadata/mono-config.h>
#include <mono/metadata/mono-debug.h>
#include <mono/metadata/threads.h>

#include "mono-compat.h"
#include "motor-pin.h"
#include "motor-runtime.h"
#include "motor-ser.h"

#define SYSTEM_MP "System.MP.dll"

static MonoAssembly *system_mp;
/* System.MP.Direct.dll, the calls System.MP makes into C without an internal-call wrapper (direct.c). */
static MonoAssembly *system_mp_direct;
/* The directory System.MP.dll was loaded from, where MPI.dll (MPI.NET's API) is installed beside it. */
static char *system_mp_dir;

/* Any reference to the System.MP assembly resolves to the one this runtime loaded, whatever version the
 * program was compiled against: System.MP is part of the runtime.  A reference to "MPI" (MPI.NET's API,
 * mpinet/) resolves to the MPI.dll beside it, so an MPI.NET program runs from any directory without a copy
 * of MPI.dll; a program that ships its own MPI.dll beside it (MPI.NET's P/Invoke one) gets Motor's all the
 * same, which is the point.  Returning NULL lets Mono search as usual. */
static MonoAssembly *preload_system_mp(MonoAssemblyName *name, char **paths, void *data)
{
	(void)paths;
	(void)data;
	const char *n = mono_assembly_name_get_name(name);
	if (strcmp(n, "System.MP") == 0)
		return system_mp;
	if (strcmp(n, "System.MP.Direct") == 0)
		return system_mp_direct;
	if (strcmp(n, "MPI") == 0 && system_mp_dir) {
		char *path = g_build_filename(system_mp_dir, "MPI.dll", NULL);
		MonoImageOpenStatus status;
		MonoAssembly *a = access(path, R_OK) == 0 ? mono_assembly_open(path, &status) : NULL;
		g_free(path);
		return a;
	}
	return NULL;
}

/* Tells System.MP that it runs inside motor (System.MP.Host.inMotor = true), so that it can refuse clearly to
 * run under plain mono, where none of its internal calls exist; then runs System.MP.Host.Started, which
 * makes Environment.Exit finalize MPI (Host.cs). */
static int mark_hosted(MonoImage *image)
{
	MonoClass *host = mono_class_from_name(image, "System.MP", "Host");
	MonoClassField *field = host ? mono_class_get_field_from_name(host, "inMotor") : NULL;
	MonoVTable *vtable = field ? mono_class_vtable(motor_domain, host) : NULL;
	MonoMethod *started = host ? mono_class_get_method_from_name(host, "Started", 0) : NULL;
	if (!vtable || !started)
		return MOTOR_EARG;
	uint8_t yes = 1; /* a C# bool is one byte */
	mono_field_static_set_value(vtable, field, &yes);
	MonoObject *exc = NULL;
	mono_runtime_invoke(started, NULL, NULL, &exc);
	return exc ? MOTOR_EARG : MOTOR_OK;
}

/* System.MP.dll is looked for in $MOTOR_LIBDIR, beside the executable (the build tree), in ../lib/motor
 * relative to it (a relocated install), and in the configured install directory, in that order. */
static char *find_system_mp(void)
{
	char exe[PATH_MAX];
	char *candidates[4] = {NULL, NULL, NULL, NULL};
	const char *env = getenv("MOTOR_LIBDIR");
	char *found = NULL;
	int n = 0;

	if (env && *env)
		candidates[n++] = g_build_filename(env, SYSTEM_MP, NULL);
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0) {
		exe[len] = '\0';
		char *dir = g_path_get_dirname(exe);
		candidates[n++] = g_build_filename(dir, SYSTEM_MP, NULL);
		candidates[n++] = g_build_filename(dir, "..", "lib", "motor", SYSTEM_MP, NULL);
		g_free(dir);
	}
	candidates[n++] = g_build_filename(MOTOR_PKGLIBDIR, SYSTEM_MP, NULL);
	for (int i = 0; i < n; i++) {
		if (!found && access(candidates[i], R_OK) == 0)
			found = candidates[i];
		else
			g_free(candidates[i]);
	}
	return found;
}

/* This process's rank in COMM_WORLD, kept when MPI starts: the reports below may come after the program has
 * finalized MPI (MPI.NET's Environment.Dispose), when the communicator table no longer answers. */
static int rank_at_start;

static int world_rank(void)
{
	return rank_at_start;
}

/* A property of an exception as UTF-8 (g_free it), or NULL.  Getters that throw are ignored. */
static char *exception_string(MonoObject *exc, const char *property)
{
	MonoProperty *p = mono_class_get_property_from_name(mono_object_get_class(exc), property);
	MonoObject *inner = NULL;
	if (!p)
		return NULL;
	MonoObject *v = mono_property_get_value(p, exc, NULL, &inner);
	if (!v || inner)
		return NULL;
	char *s = mono_string_to_utf8((MonoString *)v);
	char *copy = g_strdup(s);
	mono_free(s);
	return copy;
}

/* Prints "rank N: Type: message" and the stack trace, then aborts the whole job.  Never returns. */
static void abort_on_exception(MonoObject *exc)
{
	MonoClass *k = mono_object_get_class(exc);
	const char *ns = mono_class_get_namespace(k);
	char *msg = exception_string(exc, "Message");
	char *trace = exception_string(exc, "StackTrace");

	fflush(stdout);
	fprintf(stderr, "rank %d: %s%s%s: %s\n", world_rank(), ns && *ns ? ns : "", ns && *ns ? "." : "",
	        mono_class_get_name(k), msg ? msg : "");
	if (trace)
		fprintf(stderr, "%s\n", trace);
	fflush(stderr);
	g_free(msg);
	g_free(trace);
	/* The process manager forwards stderr asynchronously and stops forwarding when the job is aborted:
	 * give it a moment, or the reason can be lost (seen in CI: only Mono's own report of a thread's
	 * exception arrived). */
	g_usleep(200 * 1000);
	if (motor_mpi_initialized() && !motor_mpi_finalized())
		motor_mpi_abort(MOTOR_COMM_WORLD, 1);
	_exit(1);
}

/* Runs the program's AppDomain.UnhandledException handlers for an exception that escaped Main, as Mono runs
 * them for any other thread.  The host's code runs GC-safe and mono_unhandled_exception does not switch: the
 * region around it copies the stack between the stack pointer and `here`, a local of this uninstrumented
 * frame (see block_enter below). */
__attribute__((no_sanitize_address, noinline)) static void run_unhandled_handlers(MonoObject *exc)
{
	void *here = NULL;
	void *cookie = mono_threads_enter_gc_unsafe_region_unbalanced(&here);
	mono_unhandled_exception(exc);
	mono_threads_exit_gc_unsafe_region_unbalanced(cookie, &here);
}

static void on_unhandled(MonoObject *exc, void *data)
{
	abort_on_exception(exc);
}

/* Blocking hooks for native-mpi.  Managed threads call MPI from internal calls, in GC-unsafe mode, and must
 * enter a GC-safe region to wait.  The main thread outside Main is in native code (already GC-safe: the
 * embedding API leaves it so), where entering again would abort ("blocking is not nestable").  Threads other
 * than the main one call MPI only from internal calls. */
static __thread int in_host_code; /* set on the main thread except while Main runs */
/* Blocking hooks entered and not left on this thread: only the outermost pair enters the GC-safe region (the
 * object receives' progress thread calls native-mpi, which waits between the hooks, between hooks of its
 * own). */
static __thread int block_depth;

#if defined(__SANITIZE_ADDRESS__)
/* Entering a GC-safe region copies the stack between the current stack pointer and `stackdata` with memcpy,
 * which AddressSanitizer reports as a read of the redzones around our locals.  In sanitized builds the region
 * is entered with a `stackdata` in this uninstrumented frame instead of the caller's, so the copied range
 * holds no redzones.  Under the default (hybrid) suspend policy a GC-safe thread is stopped with a signal and
 * its whole stack is scanned from the signal context, so the buffers in the callers' frames stay pinned
 * either way. */
__attribute__((no_sanitize_address, noinline)) static void *block_enter(void **stackdata)
{
	void *here = NULL;
	return in_host_code || block_depth++ ? NULL : mono_threads_enter_gc_safe_region_unbalanced(&here);
}
#else
static void *block_enter(void **stackdata)
{
	return in_host_code || block_depth++ ? NULL : mono_threads_enter_gc_safe_region_unbalanced(stackdata);
}
#endif

static void block_leave(void *cookie, void **stackdata)
{
	if (!in_host_code && !--block_depth)
		mono_threads_exit_gc_safe_region_unbalanced(cookie, stackdata);
}

void *motor_runtime_block_enter(void **stackdata)
{
	return block_enter(stackdata);
}

void motor_runtime_block_leave(void *cookie, void **stackdata)
{
	block_leave(cookie, stackdata);
}

/* Whether environment variable `name` is set to exactly `value`. */
static int env_is(const char *name, const char *value)
{
	const char *v = getenv(name);
	return v && strcmp(v, value) == 0;
}

static atomic_int finalizing;
static size_t nursery_populated; /* bytes of nursery faulted in at start (prefault_nursery) */

int motor_runtime_finalize(void)
{
	if (atomic_exchange(&finalizing, 1) || !motor_mpi_initialized() || motor_mpi_finalized())
		return MOTOR_OK;
	motor_object_progress_stop();
	int left = motor_pin_shutdown();
	if (env_is("MOTOR_STATS", "1")) {
		struct motor_pin_counts c;
		uint64_t waited, immediate;
		motor_pin_counts(&c);
		motor_mpi_block_counts(&waited, &immediate);
		fprintf(
		    stderr,
		    "rank %d: motor stats: pins taken %llu, pins avoided %llu, pins released by GC %llu, "
		    "requests completed by GC %llu, requests in flight %llu (left at exit %d), slots %llu, "
		    "blocking operations waited %llu, completed at once %llu, nursery populated at start %zu "
		    "MB\n",
		    world_rank(), (unsigned long long)c.pins_taken, (unsigned long long)c.pins_avoided,
		    (unsigned long long)c.gc_released, (unsigned long long)c.gc_completed,
		    (unsigned long long)c.in_flight, left, (unsigned long long)c.slots,
		    (unsigned long long)waited, (unsigned long long)immediate, nursery_populated >> 20);
	}
	int rc = motor_mpi_finalize();
	motor_win_shutdown();
	return rc;
}

static void usage(FILE *to)
{
	fprintf(
	    to,
	    "Usage: motor [OPTION...] PROGRAM.exe [ARG...]\n"
	    "Run a C# program on the Motor runtime, with MPI built in (System.MP).\n"
	    "Start several ranks with: mpiexec -n N motor PROGRAM.exe [ARG...]\n\n"
	    "Options:\n"
	    "  -h, --help       show this help and exit\n"
	    "  -V, --version    show the versions of Motor, Mono and the MPI library and exit\n\n"
	    "Environment:\n"
	    "  MOTOR_LIBDIR     directory holding System.MP.dll (searched before the built-in locations)\n"
	    "  MOTOR_SPIN       polls before a blocking operation waits in a GC-safe region (default 256)\n"
	    "  MOTOR_COLL_NB=1  collectives use MPI's non-blocking forms, polled (default: blocking)\n"
	    "  MOTOR_COLL_AGREE=0  no argument agreement before collectives (on every rank; default 1)\n"
	    "  MOTOR_FINALIZE_PAUSE_MS  pause before MPI_Finalize, MPICH over UCX (default 200)\n"
	    "  MOTOR_STATS=1    print pinning and request counters per rank at exit\n"
	    "  MOTOR_PREFAULT=0 do not fault the nursery's memory in at start (default: do)\n"
	    "  MOTOR_PERF_MAP=1 write /tmp/perf-PID.map, the JIT-compiled methods' names for Linux perf\n"
	    "  MOTOR_OPTIMIZE   JIT optimizations added to Mono's defaults, a list as for mono --optimize\n"
	    "                   (default ssa,abcrem; -ssa,-abcrem or empty gives Mono's own defaults)\n"
	    "  MONO_GC_PARAMS   for Mono's collector; Motor adds nursery-size=32m unless it names one\n");
}

/* Motor's nursery is 32 MB, not Mono's 4 MB: a rank that receives an object graph larger than the nursery has
 * every object of it copied out of the nursery while it is built (the linked-list benchmark's time per object
 * grows by a third to a half between 16,384 and 2^20 elements with 4 MB, far less with 32 MB;
 * doc/benchmarks.md).  32 MB a rank is little on a compute node.  A nursery-size given in MONO_GC_PARAMS
 * wins. */
#define MOTOR_NURSERY MOTOR_SGEN_NURSERY_SIZE_OPT "32m"

static void default_gc_params(void)
{
	const char *mine = getenv("MONO_GC_PARAMS");
	if (mine && strstr(mine, MOTOR_SGEN_NURSERY_SIZE_OPT))
		return;
	char *params = mine && *mine ? g_strconcat(mine, ",", MOTOR_NURSERY, NULL) : g_strdup(MOTOR_NURSERY);
	g_setenv("MONO_GC_PARAMS", params, TRUE);
	g_free(params);
}

/* The nursery gets its memory now, not a page fault at a time while the program allocates
 * (gc-hooks/nursery.c). MOTOR_PREFAULT=0 leaves it to the kernel, for comparison. */
static void prefault_nursery(void)
{
	if (env_is("MOTOR_PREFAULT", "0"))
		return;
	motor_nursery_prefault(motor_domain, motor_nursery_size_from(getenv("MONO_GC_PARAMS")),
	                       &nursery_populated);
}

/* Reads motor's own options, which stop at the program's name: everything after it belongs to the program.
 * Returns -1 when the program is to be run, or else the status to exit with (--help, --version, an unknown
 * option). */
static int parse_options(int *argc, char ***argv)
{
	gboolean help = FALSE, version = FALSE;
	GOptionEntry entries[] = {
	    {"help", 'h', 0, G_OPTION_ARG_NONE, &help, NULL, NULL},
	    {"version", 'V', 0, G_OPTION_ARG_NONE, &version, NULL, NULL},
	    {NULL, 0, 0, 0, NULL, NULL, NULL},
	};
	GOptionContext *ctx = g_option_context_new(NULL);
	GError *err = NULL;

	g_option_context_set_help_enabled(ctx, FALSE);
	g_option_context_set_strict_posix(ctx, TRUE);
	g_option_context_add_main_entries(ctx, entries, NULL);
	if (!g_option_context_parse(ctx, argc, argv, &err)) {
		fprintf(stderr, "motor: %s (try 'motor --help')\n", err->message);
		return 2;
	}
	g_option_context_free(ctx);
	if (help) {
		usage(stdout);
		return 0;
	}
	if (version) {
		char *mono = mono_get_runtime_build_info();
		printf("motor %s\nMono %s\n%s\n", PACKAGE_VERSION, mono, motor_mpi_library_version());
		mono_free(mono);
		return 0;
	}
	return -1;
}

/* Mono's JIT compiles with the optimizations it applies by default plus MOTOR_OPTIMIZE's (Mono's --optimize
 * list: names add, names after a minus remove).  Motor's default adds SSA form with array-bounds-check
 * removal, which Mono leaves off: its constant and copy propagation then see through the arguments of inlined
 * methods, which the default JIT copies to the stack and reads back -- a third of the compiled code of a
 * message loop (doc/benchmarks.md).  An unknown name stops motor, with Mono's message. */
#define MOTOR_OPTIMIZE "ssa,abcrem"

/* MOTOR_OPTIMIZE while Mono parses it: Mono ends the process on a name it does not know, with a message that
 * does not say where the name came from, so an exit handler adds that. */
static const char *optimize_parsing;

static void optimize_refused(void)
{
	if (optimize_parsing)
		fprintf(
		    stderr,
		    "motor: the name above came from MOTOR_OPTIMIZE=%s (Mono's optimization names, as `mono "
		    "--list-opt` lists them, separated by commas; a minus turns one off)\n",
		    optimize_parsing);
}

static void jit_options(void)
{
	const char *mine = getenv("MOTOR_OPTIMIZE");
	char *arg = g_strconcat("--optimize=", mine ? mine : MOTOR_OPTIMIZE, NULL);
	char *argv[] = {arg};
	if (mine && atexit(optimize_refused) == 0)
		optimize_parsing = mine;
	mono_jit_parse_options(1, argv);
	optimize_parsing = NULL;
	g_free(arg);
}

/* Starts the Mono runtime, registers the internal calls and loads System.MP.dll from `mp_path` (freed once
 * it is loaded).  Returns 0, or 2 (the exit status) after saying why not. */
static int start_mono(char *mp_path)
{
	default_gc_params();
	mono_config_parse(NULL);
	/* Stack traces name file:line for assemblies that have debug symbols (an .mdb or .pdb beside them),
	 * as `mono --debug` does.  Only the symbol reader is switched on: mono_jit_parse_options("--debug")
	 * would also change how methods are compiled.  Symbols are read when a method is compiled, never per
	 * call. */
	mono_debug_init(MONO_DEBUG_FORMAT_MONO);
	jit_options();
	motor_domain = mono_jit_init_version("motor", "v4.0.30319");
	motor_icall_register();
	prefault_nursery();
	if (env_is("MOTOR_PERF_MAP", "1") && motor_perf_map_start() != MOTOR_OK)
		fprintf(stderr, "motor: cannot write /tmp/perf-%ld.map (MOTOR_PERF_MAP=1): %s\n",
		        (long)getpid(), strerror(errno));
	system_mp = mono_domain_assembly_open(motor_domain, mp_path);
	if (!system_mp) {
		fprintf(stderr, "motor: cannot load '%s'\n", mp_path);
		return 2;
	}
	system_mp_dir = g_path_get_dirname(mp_path);
	g_free(mp_path);
	system_mp_direct = motor_direct_bind(system_mp_dir);
	if (!system_mp_direct)
		return 2;
	mono_install_assembly_preload_hook(preload_system_mp, NULL);
	return 0;
}

/* The Main method of the C# program at `program`, or NULL after saying why there is none. */
static MonoMethod *load_program(const char *program)
{
	MonoAssembly *assembly = mono_domain_assembly_open(motor_domain, program);
	if (!assembly) {
		fprintf(stderr, "motor: '%s' is not a CLI program\n", program);
		return NULL;
	}
	MonoImage *image = mono_assembly_get_image(assembly);
	uint32_t entry = mono_image_get_entry_point(image);
	MonoMethod *main_method = entry ? mono_get_method(image, entry, NULL) : NULL;
	if (!main_method)
		fprintf(stderr, "motor: '%s' has no Main method (is it a library?)\n", program);
	return main_method;
}

/* Initialises MPI (which may take its own arguments out of argc/argv) and what depends on it: the blocking
 * hooks, request tracking, the object serializer, and System.MP's mark that it is hosted.  Returns 0, or 2
 * (the exit status) after saying why not; a failure after MPI started finalizes it first. */
static int start_mpi(int *argc, char ***argv)
{
	int provided = 0;
	int rc = motor_mpi_init(argc, argv, MOTOR_THREAD_MULTIPLE, &provided);
	if (rc != MOTOR_OK) {
		char msg[256];
		motor_mpi_error_string(rc, msg, sizeof msg);
		fprintf(stderr, "motor: MPI initialisation failed: %s\n", msg);
		return 2;
	}
	if (motor_mpi_comm_rank(MOTOR_COMM_WORLD, &rank_at_start) != MOTOR_OK)
		rank_at_start = 0;
	motor_launch_check();
	motor_mpi_set_block_hooks(block_enter, block_leave);
	/* Measured once, for buffer resolution and the serializer (motor_ser_init reports a failure). */
	motor_mono_layout_init(motor_domain);
	MonoClass *request = mono_class_from_name(mono_assembly_get_image(system_mp), "System.MP", "Request");
	if (provided == MOTOR_THREAD_MULTIPLE)
		motor_mpi_set_progress_gate(motor_pin_foreign_enter, motor_pin_foreign_leave);
	if (!request || motor_pin_init(request, provided == MOTOR_THREAD_MULTIPLE) != MOTOR_OK) {
		fprintf(stderr, "motor: cannot set up request tracking (is %s from this version of Motor?)\n",
		        SYSTEM_MP);
		motor_mpi_finalize();
		return 2;
	}
	if (motor_ser_init(motor_domain, mono_assembly_get_image(system_mp)) != MOTOR_OK) {
		fprintf(stderr,
		        "motor: cannot set up the object serializer (is %s from this version of Motor?)\n",
		        SYSTEM_MP);
		motor_mpi_finalize();
		return 2;
	}
	if (mark_hosted(mono_assembly_get_image(system_mp)) != MOTOR_OK ||
	    motor_object_poll_init(mono_assembly_get_image(system_mp)) != MOTOR_OK) {
		fprintf(stderr, "motor: cannot mark %s as hosted (is it from this version of Motor?)\n",
		        SYSTEM_MP);
		motor_mpi_finalize();
		return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	in_host_code = 1;

	int done = parse_options(&argc, &argv);
	if (done >= 0)
		return done;
	if (argc < 2) {
		fprintf(stderr, "motor: no program given (try 'motor --help')\n");
		return 2;
	}
	const char *program = argv[1];
	if (access(program, R_OK) != 0) {
		fprintf(stderr, "motor: cannot open '%s': %s\n", program, strerror(errno));
		return 2;
	}
	char *mp_path = find_system_mp();
	if (!mp_path) {
		fprintf(stderr,
		        "motor: cannot find " SYSTEM_MP " (set MOTOR_LIBDIR to the directory holding it)\n");
		return 2;
	}
	if (start_mono(mp_path) != 0)
		return 2;
	MonoMethod *main_method = load_program(program);
	if (!main_method)
		return 2;
	if (start_mpi(&argc, &argv) != 0)
		return 2;
	mono_install_unhandled_exception_hook(on_unhandled, NULL);

	MonoObject *exc = NULL;
	in_host_code = 0;
	int status = mono_runtime_run_main(main_method, argc - 1, argv + 1, &exc);
	in_host_code = 1;
	if (exc) {
		run_unhandled_handlers(exc);
		abort_on_exception(exc);
	}
	/* Like the .NET host: the process ends when the last foreground thread has, and a Main that returns
	 * no value ends with Environment.ExitCode as it is then. */
	mono_thread_manage();
	MonoType *ret = mono_signature_get_return_type(mono_method_signature(main_method));
	if (ret && mono_type_get_type(ret) == MONO_TYPE_VOID)
		status = mono_environment_exitcode_get();
	motor_runtime_finalize();
	return status;
}
