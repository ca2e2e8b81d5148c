/*
 * icall-spawn.c - Intracomm.Spawn: starts new ranks running a managed program under this same motor
 * executable.
 *
 * The managed side passes the program and its arguments as one block of NUL-terminated UTF-8 strings (the
 * program first), in a pinned byte array; only the root reads it.  A root that passes no block (a program
 * that does not exist) makes every rank fail together instead of leaving the others waiting
 * (native-mpi/spawn.c).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "icalls.h"
#include "motor-runtime.h"

int32_t motor_icall_comm_spawn(const char *block, int32_t nstrings, int32_t maxprocs, int32_t root,
                               int32_t comm, int32_t *intercomm, int32_t *errcodes)
{
	char exe[PATH_MAX];
	char **argv = NULL;
	int rc;

	*intercomm = -1;
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (block && nstrings > 0 && len > 0) {
		exe[len] = '\0';
		argv = calloc((size_t)nstrings + 1, sizeof *argv);
		if (!argv)
			return MOTOR_ENOMEM;
		const char *s = block;
		for (int i = 0; i < nstrings; i++) {
			argv[i] = (char *)s;
			s += strlen(s) + 1;
		}
	}
	int h = -1;
	rc = motor_mpi_comm_spawn(argv ? exe : NULL, argv, maxprocs, root, comm, &h, errcodes);
	free(argv);
	*intercomm = h;
	return rc;
}
