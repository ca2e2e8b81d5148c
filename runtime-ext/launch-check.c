/*
 * launch-check.c - warns when a process meant to be one rank of several started as an MPI singleton.
 *
 * A launcher that does not speak the MPI library's process-management interface starts every process as an
 * MPI singleton: each sees an MPI_COMM_WORLD of size 1, and the job becomes N independent one-rank jobs that
 * each run the whole program.  Nothing fails, so nothing tells the user.  Slurm's srun does this to MPICH
 * programs unless given --mpi=pmi2 (Debian's Slurm defaults to MpiDefault=none), and so does one library's
 * mpiexec starting a motor built against the other library.  Those launchers leave the intended number of
 * tasks in the environment; motor compares it with the world's size right after MPI_Init and, when the world
 * is a singleton but the launcher meant more tasks, prints one warning on stderr that names the fix.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "motor-runtime.h"

/* The number in an environment variable, or 0 if it is unset or not a number. */
static long env_count(const char *name)
{
	const char *v = getenv(name);
	char *end;
	if (!v || !*v)
		return 0;
	long n = strtol(v, &end, 10);
	return *end ? 0 : n;
}

void motor_launch_check(void)
{
	int size = 0;
	if (motor_mpi_comm_size(MOTOR_COMM_WORLD, &size) != MOTOR_OK || size != 1)
		return;
	const char *lib = motor_mpi_library_version();
	int ompi = lib && strstr(lib, "Open MPI");
	const char *libname = ompi ? "Open MPI" : "MPICH";
	const char *srun_mpi = ompi ? "--mpi=pmix" : "--mpi=pmi2";

	/* srun's tasks: SLURM_STEP_NUM_TASKS in a job step; SLURM_NTASKS/SLURM_NPROCS (the allocation's) only
	 * in a step too, since a batch script that runs motor directly is a real singleton in an allocation
	 * of several tasks.  A step has a numeric SLURM_STEP_ID (the batch script's is "batch" or unset). */
	long step_id = env_count("SLURM_STEP_ID");
	const char *sid = getenv("SLURM_STEP_ID");
	int in_step = sid && (step_id > 0 || strcmp(sid, "0") == 0);
	const char *var = NULL;
	long n = 0;
	if ((n = env_count("SLURM_STEP_NUM_TASKS")) > 1)
		var = "SLURM_STEP_NUM_TASKS";
	else if (in_step && (n = env_count("SLURM_NTASKS")) > 1)
		var = "SLURM_NTASKS";
	else if (in_step && (n = env_count("SLURM_NPROCS")) > 1)
		var = "SLURM_NPROCS";
	if (var) {
		fprintf(stderr,
		        "motor: warning: this process is an MPI singleton (MPI_COMM_WORLD has 1 rank), but "
		        "%s=%ld says "
		        "the job step has %ld tasks: srun started %ld separate one-rank jobs, because it was "
		        "not told "
		        "how to connect them to %s. Launch with `srun %s motor app.exe` (this motor is built "
		        "with "
		        "%s), or call `mpiexec -n %ld motor app.exe` from the batch script.\n",
		        var, n, n, n, libname, srun_mpi, libname, n);
		return;
	}

	/* The other library's mpiexec: it tells each process the job's size in its own variable. */
	const char *other = ompi ? "PMI_SIZE" : "OMPI_COMM_WORLD_SIZE";
	if ((n = env_count(other)) > 1)
		fprintf(stderr,
		        "motor: warning: this process is an MPI singleton (MPI_COMM_WORLD has 1 rank), but "
		        "%s=%ld says "
		        "the job has %ld ranks: it was started by %s's mpiexec, while this motor is built "
		        "with %s, so "
		        "every process runs alone. Launch it with %s's mpiexec (%s).\n",
		        other, n, n, ompi ? "MPICH" : "Open MPI", libname, libname,
		        ompi ? "mpiexec.openmpi" : "mpiexec.mpich");
}
