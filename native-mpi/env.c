/*
 * env.c - MPI initialisation and finalisation, timers, processor name, abort, blocking hooks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "motor-mpi-internal.h"

motor_block_enter_fn motor_mpi__block_enter;
motor_block_leave_fn motor_mpi__block_leave;
int motor_mpi__spin = 256;
atomic_uint_fast64_t motor_mpi__waited, motor_mpi__immediate;
int motor_mpi__tag_ub = 32767; /* the minimum MPI guarantees; replaced by the attribute at init */

static atomic_int finalized_by_us;

static int to_mpi_level(int level)
{
	static const int levels[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
	                             MPI_THREAD_MULTIPLE};
	return levels[level < 0 ? 0 : level > 3 ? 3 : level];
}

static int from_mpi_level(int level)
{
	return level == MPI_THREAD_MULTIPLE     ? MOTOR_THREAD_MULTIPLE
	       : level == MPI_THREAD_SERIALIZED ? MOTOR_THREAD_SERIALIZED
	       : level == MPI_THREAD_FUNNELED   ? MOTOR_THREAD_FUNNELED
	                                        : MOTOR_THREAD_SINGLE;
}

/* The value of environment variable `name` as an integer from 0 to `max`, or `fallback` when it is unset or
 * empty.  A value that is not such a number is not taken: rank 0 says so on stderr, naming the variable, and
 * the default holds (atoi read "abc" as 0 and wrapped 99999999999). */
static int env_int(const char *name, int max, int fallback)
{
	const char *v = getenv(name);
	if (!v || !*v)
		return fallback;
	char *end = NULL;
	long n = strtol(v, &end, 10);
	if (*end == '\0' && n >= 0 && n <= max)
		return (int)n;
	int rank = 0;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (rank == 0)
		fprintf(stderr, "motor: %s=%s is not a whole number from 0 to %d; using %d\n", name, v, max,
		        fallback);
	return fallback;
}

int motor_mpi_init(int *argc, char ***argv, int required, int *provided)
{
	int flag = 0, rc;

	int level = MPI_THREAD_SINGLE;
	MPI_Initialized(&flag);
	if (!flag) {
		motor_compat_before_init();
		rc = MPI_Init_thread(argc, argv, to_mpi_level(required), &level);
		if (rc != MPI_SUCCESS)
			return rc;
	} else {
		MPI_Query_thread(&level);
	}
	*provided = from_mpi_level(level);
	motor_mpi_set_spin(env_int("MOTOR_SPIN", 1 << 30, motor_mpi__spin));
	motor_mpi_set_coll_nonblocking(env_int("MOTOR_COLL_NB", 1, motor_mpi__coll_nb));
	motor_mpi__coll_agree = env_int("MOTOR_COLL_AGREE", 1, motor_mpi__coll_agree);

	int *ub = NULL;
	MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
	if (flag && ub)
		motor_mpi__tag_ub = *ub;
	motor_mpi__group_init();
	if ((rc = motor_mpi__agree_init()) != MPI_SUCCESS || (rc = motor_mpi__op_init()) != MPI_SUCCESS)
		return rc;
	return motor_mpi__comm_init();
}

int motor_mpi_finalize(void)
{
	int flag = 0;

	MPI_Finalized(&flag);
	if (flag)
		return MOTOR_OK;
	MPI_Initialized(&flag);
	if (!flag)
		return MOTOR_OK;
	/* Only one caller finalizes; the others return at once. */
	if (atomic_exchange(&finalized_by_us, 1))
		return MOTOR_OK;
	motor_mpi__win_fini();
	motor_mpi__file_fini();
	motor_mpi__bsend_fini();
	motor_mpi__staged_fini();
	motor_mpi__comm_fini();
	motor_mpi__group_fini();
	motor_mpi__agree_fini();
	motor_mpi__op_fini();
	motor_mpi__type_fini();
	/* MPI_Finalize synchronises with the other ranks in some libraries: wait between the hooks. */
	struct motor_block b;
	motor_mpi__block_begin(&b);
	motor_compat_before_finalize();
	int rc = MPI_Finalize();
	motor_mpi__block_end(&b);
	return rc;
}

int motor_mpi_initialized(void)
{
	int flag = 0;
	MPI_Initialized(&flag);
	return flag;
}

int motor_mpi_finalized(void)
{
	int flag = 0;
	MPI_Finalized(&flag);
	return flag || atomic_load(&finalized_by_us);
}

int motor_mpi_query_thread(int *provided)
{
	int level = MPI_THREAD_SINGLE;
	if (motor_mpi_finalized())
		return MOTOR_EFINALIZED;
	int rc = MPI_Query_thread(&level);
	*provided = from_mpi_level(level);
	return rc;
}

int motor_mpi_is_thread_main(int *flag)
{
	*flag = 0;
	if (motor_mpi_finalized())
		return MOTOR_EFINALIZED;
	return MPI_Is_thread_main(flag);
}

void motor_mpi_get_version(int *version, int *subversion)
{
	if (MPI_Get_version(version, subversion) != MPI_SUCCESS) {
		*version = MPI_VERSION;
		*subversion = MPI_SUBVERSION;
	}
}

/* Motor's clock is CLOCK_MONOTONIC, read directly, not MPI_Wtime: the libraries' MPI_Wtime counts from
 * different origins (Open MPI 4.1 from MPI_Init, so it starts at 0; Debian 12's MPICH from its own base), and
 * may not be called before MPI_Init or after MPI_Finalize (MPICH aborts the process), so a program that timed
 * across Finalize saw the clock jump.  One clock keeps MPI.Wtime's promise -- seconds since a moment fixed
 * for the life of the process -- under both libraries, at any point, at the same cost (a vDSO call, as both
 * libraries' own MPI_Wtime on Linux). */
double motor_mpi_wtime(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double motor_mpi_wtick(void)
{
	struct timespec res;
	if (clock_getres(CLOCK_MONOTONIC, &res) != 0)
		return 1e-9;
	return (double)res.tv_sec + (double)res.tv_nsec * 1e-9;
}

int motor_mpi_processor_name(char *buf, size_t buflen)
{
	char name[MPI_MAX_PROCESSOR_NAME + 1];
	int len = 0;

	if (motor_mpi_finalized())
		return MOTOR_EFINALIZED;
	int rc = MPI_Get_processor_name(name, &len);
	if (rc != MPI_SUCCESS)
		return rc;
	name[len] = '\0';
	snprintf(buf, buflen, "%s", name);
	return MOTOR_OK;
}

int motor_mpi_abort(int comm, int errorcode)
{
	/* A freed communicator is refused, not taken for COMM_WORLD; after MPI_Finalize none is valid. */
	struct motor_comm *c = motor_mpi__comm(comm);
	if (!c)
		return motor_mpi_finalized() ? MOTOR_EFINALIZED : MOTOR_ECOMM;
	return MPI_Abort(c->comm, errorcode);
}

const char *motor_mpi_library_version(void)
{
	static char version[MPI_MAX_LIBRARY_VERSION_STRING + 1];
	int len = 0;

	if (!version[0]) {
		if (MPI_Get_library_version(version, &len) != MPI_SUCCESS)
			snprintf(version, sizeof version, "%s", MOTOR_MPI_FLAVOUR);
		/* Keep the first line: MPICH appends its whole configuration. */
		char *nl = strchr(version, '\n');
		if (nl)
			*nl = '\0';
	}
	return version;
}

void motor_mpi_set_block_hooks(motor_block_enter_fn enter, motor_block_leave_fn leave)
{
	motor_mpi__block_enter = enter;
	motor_mpi__block_leave = leave;
}

void motor_mpi_set_spin(int polls)
{
	motor_mpi__spin = polls < 0 ? 0 : polls;
}

int motor_mpi_get_spin(void)
{
	return motor_mpi__spin;
}

void motor_mpi_block_counts(uint64_t *waited, uint64_t *immediate)
{
	*waited = atomic_load(&motor_mpi__waited);
	*immediate = atomic_load(&motor_mpi__immediate);
}
