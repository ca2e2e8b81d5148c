#!/bin/bash
# slurm-tests.sh - Motor under Slurm: starts a one-node Slurm of its own from Debian's packages (munged,
# slurmctld and slurmd, on their own ports, with a slurm.conf, key, state and logs in a temporary directory),
# runs 2-rank Motor jobs with `srun --mpi=pmi2` (this MPICH build), `srun --mpi=pmix` (the Open MPI build in
# OMPI_BUILDDIR, if given) and `sbatch` scripts that call mpiexec, checks that each job is one world of 2
# ranks, checks that plain `srun` (no --mpi=) gives two singletons that warn with the fix, and stops every
# daemon it started.
#
# Run by `make check-slurm` (tests/run-tests.sh with tests/testlist-slurm) as root, with MOTOR, MPIEXEC,
# BUILDDIR and SRCDIR set.  Prints "ok NAME" / "not ok NAME: why"; one "ok slurm-tests # SKIP why" line where
# Slurm or munge is not installed or it is not run as root.
set -u
: "${MOTOR:?}" "${BUILDDIR:?}" "${MPIEXEC:=mpiexec}"
exe=$BUILDDIR/tests/managed
ompi=${OMPI_BUILDDIR:-}

skip() {
	echo "ok slurm-tests # SKIP $*"
	exit 0
}
result() { # name condition-status why
	if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "not ok $1: $3"; fi
}

[ "$(id -u)" -eq 0 ] || skip "needs root to run slurmctld and slurmd (sudo make check-slurm)"
for c in munged slurmctld slurmd srun sbatch sinfo; do
	command -v $c >/dev/null || skip "no $c (apt-get install slurm-wlm munge)"
done
"$MOTOR" --version | grep -q MPICH || skip "run from the MPICH build (OMPI_BUILDDIR names the Open MPI build)"

tmp=$(mktemp -d)
chmod 700 "$tmp"
stop() { # the daemons this script started, by their pid files
	[ -f "$tmp/slurm.conf" ] && SLURM_CONF=$tmp/slurm.conf scancel --quiet --user=root 2>/dev/null
	for d in slurmd slurmctld munged; do
		[ -f "$tmp/$d.pid" ] && kill "$(cat "$tmp/$d.pid")" 2>/dev/null
	done
	sleep 1
	for d in slurmd slurmctld munged; do
		[ -f "$tmp/$d.pid" ] && kill -9 "$(cat "$tmp/$d.pid")" 2>/dev/null
	done
}
trap 'stop; rm -rf "$tmp"' EXIT

# munge: a key of its own and a socket in the temporary directory (a system munged, if any, is left alone).
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge.key"
mkdir -m 700 "$tmp/munge"
munged --force --socket="$tmp/munge/munge.socket" --key-file="$tmp/munge.key" --pid-file="$tmp/munged.pid" \
	--log-file="$tmp/munged.log" --seed-file="$tmp/munge/seed" >"$tmp/munged.out" 2>&1 ||
	skip "munged does not start here: $(cat "$tmp/munged.out" "$tmp/munged.log" 2>/dev/null | head -c 400)"

host=$(hostname -s)
mkdir -p "$tmp/state" "$tmp/spool"
cat >"$tmp/slurm.conf" <<EOF
ClusterName=motortest
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
SlurmctldPort=26817
SlurmdPort=26818
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
NodeName=motornode NodeAddr=127.0.0.1 NodeHostname=$(hostname) CPUs=2 State=UNKNOWN
PartitionName=motor Nodes=motornode Default=YES MaxTime=10 State=UP
EOF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -f "$SLURM_CONF" >"$tmp/slurmctld.out" 2>&1
slurmd -f "$SLURM_CONF" -N motornode >"$tmp/slurmd.out" 2>&1
up=1
for i in $(seq 60); do
	sinfo -h -o '%T' 2>/dev/null | grep -qx idle && { up=0; break; }
	sleep 1
done
result slurm-node-comes-up $up "$(sinfo 2>&1; tail -n 5 "$tmp"/slurmctld.log "$tmp"/slurmd.log "$tmp"/*.out 2>&1 | head -c 1500)"
[ $up -eq 0 ] || exit 1

cat >"$tmp/Job.cs" <<'CS'
using System;
using System.MP;

static class Job
{
	static int Main ()
	{
		var w = MPI.COMM_WORLD;
		int rank = w.Get_rank (), size = w.Get_size ();
		var sum = new int[1];
		w.Allreduce (new[] { rank + 1 }, sum, Op.SUM);
		Console.WriteLine ("rank " + rank + " of " + size + " sum " + sum[0]);
		return 0;
	}
}
CS
(cd "$tmp" && mcs -nologo -r:"$BUILDDIR/System.MP.dll" Job.cs >"$tmp/mcs.log" 2>&1) || {
	echo "not ok slurm-job-program-builds: $(head -c 600 "$tmp/mcs.log")"
	exit 1
}

run() { # a command with a time limit: status, stdout, stderr
	timeout -k 5 "${LIMIT:-120}" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
}
one_world() { # the job ran as one world of 2 ranks: both lines, sum 1 + 2
	[ $status -eq 0 ] && [ "$(sort "$tmp/out" | grep -c '^rank [01] of 2 sum 3$')" -eq 2 ] &&
		! grep -q 'motor: warning' "$tmp/err"
}
why() { echo "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 800)"; }

run srun --mpi=pmi2 -n 2 "$MOTOR" "$tmp/Job.exe"
one_world
result srun-mpi-pmi2-mpich-one-world-of-2 $? "$(why)"
run srun --mpi=pmi2 -n 2 "$MOTOR" "$exe/P2PTests.exe"
[ $status -eq 0 ] && grep -q '^ok ' "$tmp/out" && ! grep -q '^not ok' "$tmp/out"
result srun-mpi-pmi2-mpich-p2p-tests $? "$(why)"

# srun without --mpi= starts each MPICH process as a singleton: each warns, naming srun --mpi=pmi2.
run srun -n 2 "$MOTOR" "$tmp/Job.exe"
[ $status -eq 0 ] && [ "$(grep -c '^rank 0 of 1 sum 1$' "$tmp/out")" -eq 2 ] &&
	[ "$(grep -c 'motor: warning: this process is an MPI singleton' "$tmp/err")" -eq 2 ] &&
	grep -qF 'srun --mpi=pmi2 motor app.exe' "$tmp/err"
result srun-without-mpi-warns-each-singleton $? "$(why)"

if [ -n "$ompi" ] && [ -x "$ompi/motor" ]; then
	run srun --mpi=pmix -n 2 "$ompi/motor" "$tmp/Job.exe"
	one_world
	result srun-mpi-pmix-openmpi-one-world-of-2 $? "$(why)"
	run srun --mpi=pmix -n 2 "$ompi/motor" "$ompi/tests/managed/P2PTests.exe"
	[ $status -eq 0 ] && grep -q '^ok ' "$tmp/out" && ! grep -q '^not ok' "$tmp/out"
	result srun-mpi-pmix-openmpi-p2p-tests $? "$(why)"
else
	echo "ok srun-mpi-pmix-openmpi # SKIP no Open MPI build: set OMPI_BUILDDIR (make check-slurm OMPI_BUILDDIR=DIR)"
fi

# sbatch: a batch script that calls mpiexec (Hydra and Open MPI's mpirun start the ranks inside the allocation
# through Slurm); running motor directly in the batch script is a real singleton and does not warn.
batch() { # name "mpiexec [flags]" motor
	cat >"$tmp/$1.sh" <<EOF
#!/bin/bash
"$3" "$tmp/Job.exe" >"$tmp/$1.single" 2>&1
$2 -n \$SLURM_NTASKS "$3" "$tmp/Job.exe"
EOF
	run sbatch --wait -n 2 -o "$tmp/$1.out" -e "$tmp/$1.err" "$tmp/$1.sh"
	cat "$tmp/$1.out" >"$tmp/out"
	cat "$tmp/$1.err" >"$tmp/err"
	one_world && grep -qx 'rank 0 of 1 sum 1' "$tmp/$1.single" && ! grep -q 'motor: warning' "$tmp/$1.single"
}
batch mpich "$MPIEXEC" "$MOTOR"
result sbatch-mpiexec-mpich-one-world-of-2 $? "$(why) $(cat "$tmp/mpich.single" 2>/dev/null | head -c 300)"
if [ -n "$ompi" ] && [ -x "$ompi/motor" ]; then
	batch openmpi "/usr/bin/mpiexec.openmpi --allow-run-as-root" "$ompi/motor"
	result sbatch-mpiexec-openmpi-one-world-of-2 $? "$(why) $(cat "$tmp/openmpi.single" 2>/dev/null | head -c 300)"
fi
