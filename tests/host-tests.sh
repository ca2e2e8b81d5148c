#!/bin/bash
# host-tests.sh - the motor executable: command line, exit status, aborting a job on an exception, install.
# Run by tests/run-tests.sh with MOTOR, MPIEXEC, MPIEXEC_FLAGS, BUILDDIR and SRCDIR set.  Prints "ok NAME" or
# "not ok NAME: why" per test.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
exe=$BUILDDIR/tests/managed

result() { # name condition-status why
	if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "not ok $1: $3"; fi
}

run() { # runs a command with a time limit, capturing status, stdout, stderr and seconds
	local start=$SECONDS
	timeout -k 5 "${LIMIT:-60}" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	elapsed=$((SECONDS - start))
}

# Spawn from a job of one motor process started without mpiexec (an MPI singleton).  Open MPI places the two
# children only where there are free cores unless told it may oversubscribe (MPICH ignores the variable).
run env OMPI_MCA_rmaps_base_oversubscribe=1 "$MOTOR" "$exe/SpawnTests.exe"
[ $status -eq 0 ] && [ "$(grep -c '^ok ' "$tmp/out")" -eq 4 ] && ! grep -q '^not ok' "$tmp/out"
result spawn-from-singleton $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 400)"

# The nursery: 32 MB unless MONO_GC_PARAMS names a size (then that one, other parameters kept).
run env -u MONO_GC_PARAMS MOTOR_TEST_NURSERY_MB=32 "$MOTOR" "$exe/EnvTests.exe" NurseryIsMotorsUnlessGcParamsNameOne
[ $status -eq 0 ] && grep -q '^ok NurseryIsMotorsUnlessGcParamsNameOne' "$tmp/out"
result nursery-default $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 400)"
run env MONO_GC_PARAMS=major=marksweep,nursery-size=8m MOTOR_TEST_NURSERY_MB=8 "$MOTOR" "$exe/EnvTests.exe" \
	NurseryIsMotorsUnlessGcParamsNameOne
[ $status -eq 0 ] && grep -q '^ok NurseryIsMotorsUnlessGcParamsNameOne' "$tmp/out"
result nursery-from-gc-params $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 400)"

# The nursery's memory is faulted in at start, unless MOTOR_PREFAULT=0 (the control: then allocation faults).
# Kernels before 5.14 lack MADV_POPULATE_WRITE; there motor runs without prefaulting and only the control is run.
run env MOTOR_TEST_PREFAULT=0 MOTOR_PREFAULT=0 "$MOTOR" "$exe/EnvTests.exe" NurseryIsFaultedInAtStart
[ $status -eq 0 ] && grep -q '^ok NurseryIsFaultedInAtStart' "$tmp/out"
result nursery-prefault-off $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 400)"
if printf '%s\n' 5.14 "$(uname -r)" | sort -V -C; then
	run env MOTOR_TEST_PREFAULT=1 MOTOR_STATS=1 "$MOTOR" "$exe/EnvTests.exe" NurseryIsFaultedInAtStart
	[ $status -eq 0 ] && grep -q '^ok NurseryIsFaultedInAtStart' "$tmp/out" && grep -q 'nursery populated at start 32 MB' "$tmp/err"
	result nursery-prefault $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 400)"
fi

# MOTOR_PERF_MAP=1: /tmp/perf-PID.map names the methods the JIT compiled, as "START SIZE NAME" lines.
touch "$tmp/marker"
run env MOTOR_PERF_MAP=1 "$MOTOR" "$exe/ExitCode.exe" 0
maps=$(find /tmp -maxdepth 1 -name 'perf-*.map' -newer "$tmp/marker")
[ $status -eq 0 ] && [ -n "$maps" ] && grep -qE '^[0-9a-f]+ [0-9a-f]+ ExitCode:Main \(string\[\]\)$' $maps
result perf-map $? "status $status, maps '$maps': $(cat "$tmp/err" | head -c 300)"
rm -f $maps

# MOTOR_OPTIMIZE reaches Mono's JIT: the same methods compile to other sizes with Mono's own defaults
# (-ssa,-abcrem, or MOTOR_OPTIMIZE set but empty) than with motor's (ssa,abcrem), and an unknown name stops
# motor with Mono's message.
# code_bytes [VALUE]: total size of the methods in the perf map of one run of ExitCode.exe, with
# MOTOR_OPTIMIZE=VALUE (unset without an argument)
code_bytes() {
	touch "$tmp/marker"
	run env MOTOR_PERF_MAP=1 ${1+MOTOR_OPTIMIZE=$1} "$MOTOR" "$exe/ExitCode.exe" 0
	local map
	map=$(find /tmp -maxdepth 1 -name 'perf-*.map' -newer "$tmp/marker")
	local start size name n=0
	if [ $status -eq 0 ] && [ -n "$map" ]; then
		while read -r start size name; do n=$((n + 16#$size)); done <$map
		echo $n
	fi
	rm -f $map
}
mine=$(code_bytes) monos=$(code_bytes "-ssa,-abcrem") empty=$(code_bytes "")
[ -n "$mine" ] && [ -n "$monos" ] && [ "$mine" != "$monos" ] && [ "$empty" = "$monos" ]
result optimize-reaches-jit $? "code bytes: default '$mine', Mono's defaults '$monos', set but empty '$empty'"
run env MOTOR_OPTIMIZE=nosuchpass "$MOTOR" "$exe/ExitCode.exe" 0
[ $status -ne 0 ] && grep -q nosuchpass "$tmp/err" && grep -q 'came from MOTOR_OPTIMIZE=nosuchpass' "$tmp/err"
result optimize-unknown-refused $? "status $status: $(head -c 300 "$tmp/err")"

# A numeric setting that is not a number in its range is not taken: motor says so, naming the variable, and
# keeps the default (before, MOTOR_SPIN=abc silently meant 0, and 99999999999 wrapped).
for setting in MOTOR_SPIN=abc MOTOR_SPIN=-5 MOTOR_SPIN=99999999999 MOTOR_COLL_NB=yes MOTOR_COLL_AGREE=2; do
	run env "$setting" "$MOTOR" "$exe/ExitCode.exe" 0
	[ $status -eq 0 ] && grep -q "motor: $setting is not a whole number from 0 to" "$tmp/err"
	result "bad-number-refused-$setting" $? "status $status: $(head -c 300 "$tmp/err")"
done

# A program built with -debug (an .mdb beside it) gets file:line in the trace of an unhandled exception.
cat >"$tmp/Throws.cs" <<'EOF'
class Throws
{
	static void Fail (int x)
	{
		throw new System.InvalidOperationException ("thrown on line 5, x = " + x);
	}

	static void Main ()
	{
		Fail (3);
	}
}
EOF
(cd "$tmp" && mcs -nologo -debug Throws.cs >"$tmp/mcs.log" 2>&1) && run "$MOTOR" "$tmp/Throws.exe"
[ "${status:-0}" -ne 0 ] && grep -q 'thrown on line 5, x = 3' "$tmp/err" && grep -q 'Throws\.cs:5' "$tmp/err" &&
	grep -q 'Throws\.cs:10' "$tmp/err"
result trace-names-file-and-line $? "status ${status:-}: $(cat "$tmp/mcs.log" "$tmp/err" 2>/dev/null | head -c 600)"

# System.MP loaded by plain mono (found through MONO_PATH) refuses with one clear exception on first use.
cat >"$tmp/Plain.cs" <<'EOF'
class Plain
{
	static void Main ()
	{
		System.Console.WriteLine ("rank " + System.MP.MPI.COMM_WORLD.Rank);
	}
}
EOF
(cd "$tmp" && mcs -nologo -r:"$BUILDDIR/System.MP.dll" Plain.cs >"$tmp/mcs.log" 2>&1) &&
	run env MONO_PATH="$BUILDDIR" mono "$tmp/Plain.exe"
[ "${status:-0}" -ne 0 ] && ! grep -q '^rank' "$tmp/out" &&
	grep -qF 'InvalidOperationException: System.MP runs inside the motor runtime, not under plain mono: run `motor app.exe` (or `mpiexec -n N motor app.exe`)' "$tmp/err"
result plain-mono-says-run-under-motor $? "status ${status:-}: $(cat "$tmp/mcs.log" "$tmp/out" "$tmp/err" 2>/dev/null | head -c 600)"

# A singleton whose environment says the job has more tasks -- srun without --mpi= (SLURM_STEP_NUM_TASKS, or
# SLURM_NTASKS/SLURM_NPROCS in a step), or the other MPI library's mpiexec -- runs, and warns once on stderr with
# the fix for the library motor is built with.  A singleton in a batch script (step "batch") does not warn.
if "$MOTOR" --version | grep -q 'Open MPI'; then srun_mpi=--mpi=pmix other=PMI_SIZE; else srun_mpi=--mpi=pmi2 other=OMPI_COMM_WORLD_SIZE; fi
for vars in "SLURM_STEP_NUM_TASKS=2 SLURM_NTASKS=2 SLURM_STEP_ID=0" "SLURM_NPROCS=3 SLURM_STEP_ID=4"; do
	run env $vars "$MOTOR" "$exe/ExitCode.exe" 0
	n=${vars%% *}
	[ $status -eq 0 ] && grep -qx 'args: 0' "$tmp/out" && [ "$(grep -c 'motor: warning' "$tmp/err")" -eq 1 ] &&
		grep -qF "MPI singleton (MPI_COMM_WORLD has 1 rank), but $n says the job step has ${n#*=} tasks" "$tmp/err" &&
		grep -qF "srun $srun_mpi motor app.exe" "$tmp/err"
	result "singleton-under-srun-warns-${n%%=*}" $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
done
run env SLURM_NTASKS=2 SLURM_NPROCS=2 SLURM_STEP_ID=batch "$MOTOR" "$exe/ExitCode.exe" 0
[ $status -eq 0 ] && grep -qx 'args: 0' "$tmp/out" && ! grep -q 'motor: warning' "$tmp/err"
result singleton-in-batch-script-does-not-warn $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
run env $other=2 "$MOTOR" "$exe/ExitCode.exe" 0
[ $status -eq 0 ] && grep -qx 'args: 0' "$tmp/out" && [ "$(grep -c 'motor: warning' "$tmp/err")" -eq 1 ] &&
	grep -qF "$other=2 says the job has 2 ranks" "$tmp/err"
result singleton-under-other-librarys-mpiexec-warns $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
run "$MPIEXEC" $MPIEXEC_FLAGS -n 2 "$MOTOR" "$exe/ExitCode.exe" 0
[ $status -eq 0 ] && ! grep -q 'motor: warning' "$tmp/err"
result no-launch-warning-under-mpiexec $? "status $status: $(cat "$tmp/err" | head -c 600)"

run "$MOTOR" --help
[ $status -eq 0 ] && grep -q '^Usage: motor' "$tmp/out"
result help $? "status $status: $(head -c 200 "$tmp/out")"

run "$MOTOR" --version
[ $status -eq 0 ] && grep -q '^motor [0-9]' "$tmp/out" && grep -q '^Mono ' "$tmp/out" && grep -qiE 'mpich|open mpi' "$tmp/out"
result version $? "status $status: $(cat "$tmp/out")"

run "$MOTOR"
[ $status -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
result no-program $? "status $status: $(cat "$tmp/err")"

run "$MOTOR" --no-such-option x.exe
[ $status -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
result bad-option $? "status $status: $(cat "$tmp/err")"

run "$MOTOR" "$tmp/missing.exe"
[ $status -ne 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "cannot open '$tmp/missing.exe'" "$tmp/err"
result missing-program $? "status $status: $(cat "$tmp/err")"

echo "not an assembly" >"$tmp/bogus.exe"
run "$MOTOR" "$tmp/bogus.exe"
[ $status -ne 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "is not a CLI program" "$tmp/err"
result invalid-program $? "status $status: $(cat "$tmp/err")"

run "$MOTOR" "$BUILDDIR/System.MP.dll"
[ $status -ne 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "has no Main" "$tmp/err"
result library-as-program $? "status $status: $(cat "$tmp/err")"

# System.MP.Direct.dll (the per-message calls into the runtime, runtime-ext/direct.c) must be beside System.MP.dll
# and bind every call: without it, or with one whose calls differ from this motor's, motor refuses to start, in
# one line naming the file, instead of jumping to an unbound address later.
mkdir -p "$tmp/lib-nodirect" "$tmp/lib-otherdirect"
cp "$BUILDDIR/System.MP.dll" "$tmp/lib-nodirect/"
MOTOR_LIBDIR=$tmp/lib-nodirect run "$MOTOR" "$exe/ExitCode.exe" 0
[ $status -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	grep -q "cannot use '$tmp/lib-nodirect/System.MP.Direct.dll' (missing" "$tmp/err"
result direct-calls-missing $? "status $status: $(cat "$tmp/err")"
cp "$BUILDDIR/System.MP.dll" "$tmp/lib-otherdirect/"
grep -v '^MOTOR_DIRECT(RequestTest,' "$SRCDIR/runtime-ext/direct-def.h" >"$tmp/direct-def.h"
if awk -f "$SRCDIR/managed/gen-lib.awk" -f "$SRCDIR/managed/gen-direct.awk" "$tmp/direct-def.h" >"$tmp/Direct.il" &&
	"${ILASM:-ilasm}" -dll -out:"$tmp/lib-otherdirect/System.MP.Direct.dll" "$tmp/Direct.il" >"$tmp/ilasm.log" 2>&1; then
	MOTOR_LIBDIR=$tmp/lib-otherdirect run "$MOTOR" "$exe/ExitCode.exe" 0
	[ $status -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "its calls differ from this motor's" "$tmp/err"
	result direct-calls-from-another-version $? "status $status: $(cat "$tmp/err")"
else
	result direct-calls-from-another-version 1 "could not assemble: $(cat "$tmp/ilasm.log")"
fi

run "$MOTOR" "$exe/ExitCode.exe" 7 a --b
[ $status -eq 7 ] && grep -qx 'args: 7|a|--b' "$tmp/out"
result exit-status-and-arguments $? "status $status: $(cat "$tmp/out" "$tmp/err")"

run "$MPIEXEC" $MPIEXEC_FLAGS -n 2 "$MOTOR" "$exe/ExitCode.exe" 0 x
[ $status -eq 0 ] && grep -qx 'args: 0|x' "$tmp/out"
result exit-status-under-mpiexec $? "status $status: $(cat "$tmp/out" "$tmp/err")"

run "$MPIEXEC" $MPIEXEC_FLAGS -n 2 "$MOTOR" "$exe/ExitCode.exe" 3
[ $status -ne 0 ]
result nonzero-exit-under-mpiexec $? "status $status"

# Environment.Exit(0) on every rank ends the job as a return from Main does: MPI finalized, every rank's output
# there, status 0 (without the finalisation the process manager saw rank 0 end as a crash and killed the others).
# Environment.Exit(3) leaves MPI as it is: the job ends, with a non-zero status.
run "$MPIEXEC" $MPIEXEC_FLAGS -n 3 "$MOTOR" "$exe/ExitCode.exe" 0 exit
[ $status -eq 0 ] && [ "$(grep -c '^rank [0-2] exits$' "$tmp/out")" -eq 3 ]
result environment-exit-0-finalizes $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 400)"
run "$MPIEXEC" $MPIEXEC_FLAGS -n 3 "$MOTOR" "$exe/ExitCode.exe" 3 exit
[ $status -ne 0 ] && [ $status -ne 124 ]
result environment-exit-3-ends-the-job $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 400)"

# A Main that returns no value ends with Environment.ExitCode.
run "$MPIEXEC" $MPIEXEC_FLAGS -n 2 "$MOTOR" "$exe/ExceptionAbort.exe" exitcode 5
[ $status -eq 5 ]
result environment-exitcode-is-the-status $? "status $status: $(head -c 400 "$tmp/err")"

# An exception escaping Main on rank 1 of 3 ends the job in bounded time, with a non-zero status and the rank,
# type and message on stderr, printed once, after the program's AppDomain.UnhandledException handler ran --
# while ranks 0 and 2 are blocked waiting for rank 1, or (finalized) after every rank has finalized MPI.
for where in main thread finalized; do
	LIMIT=60 run "$MPIEXEC" $MPIEXEC_FLAGS -n 3 "$MOTOR" "$exe/ExceptionAbort.exe" $where
	[ $status -ne 0 ] && [ $status -ne 124 ] && [ $elapsed -le 30 ] &&
		[ "$(grep -c '^rank 1: System.InvalidOperationException: boom from rank 1$' "$tmp/err")" -eq 1 ] &&
		grep -q '^handler: boom from rank 1$' "$tmp/err" && ! grep -q 'Unhandled Exception' "$tmp/err"
	result exception-aborts-job-$where $? "status $status after ${elapsed}s: $(head -c 600 "$tmp/err")"
done

# make install honours DESTDIR; the installed motor finds its System.MP.dll; the pkg-config file names it.
dest=$tmp/dest
if make -C "$BUILDDIR" install DESTDIR="$dest" >"$tmp/install.log" 2>&1; then
	prefix=$(sed -n 's/^prefix=//p' "$BUILDDIR/motor.pc")
	libdir=$(PKG_CONFIG_PATH="$BUILDDIR" pkg-config --variable=libdir motor)
	root=$dest$prefix
	[ -x "$dest$prefix/bin/motor" ] && [ -f "$dest$libdir/motor/System.MP.dll" ] &&
		[ -f "$dest$libdir/motor/System.MP.Direct.dll" ] && [ -f "$dest$libdir/pkgconfig/motor.pc" ]
	result install-destdir $? "files missing under $dest: $(cd "$dest" && find . -type f | head)"
	libs=$(PKG_CONFIG_PATH="$dest$libdir/pkgconfig" pkg-config --define-variable=prefix="$root" --libs motor)
	cp "$SRCDIR/samples/Hello.cs" "$tmp/"
	(cd "$tmp" && mcs -nologo $libs Hello.cs >"$tmp/mcs.log" 2>&1) &&
		MOTOR_LIBDIR= run "$MPIEXEC" $MPIEXEC_FLAGS -n 2 "$root/bin/motor" "$tmp/Hello.exe"
	[ "${status:-1}" -eq 0 ] && grep -q 'Hello from rank 1 of 2' "$tmp/out"
	result installed-motor-runs-program-built-with-pkg-config $? "libs '$libs'; $(cat "$tmp/mcs.log" "$tmp/out" "$tmp/err" 2>/dev/null | head -c 600)"
	# The doc comments are installed beside System.MP.dll (where mcs -pkg:motor points, and IDEs look), and they
	# cover the public API: a summary, params and returns everywhere, exceptions on the key operations.
	run "${MONO:-mono}" "$BUILDDIR/tests/DocCheck.exe" "$dest$libdir/motor/System.MP.dll" "$dest$libdir/motor/System.MP.xml" \
		M:System.MP.Comm.Recv M:System.MP.Comm.Send M:System.MP.Intracomm.Allreduce M:System.MP.Intracomm.Bcast \
		M:System.MP.Request.Wait M:System.MP.Request.Test
	[ $status -eq 0 ] && grep -q '<member name="M:System.MP.Comm.Recv(System.Object,System.Int32,System.Int32,System.MP.Status)">' \
		"$dest$libdir/motor/System.MP.xml"
	result installed-api-reference-covers-public-api $? "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
else
	result install-destdir 1 "make install failed: $(tail -5 "$tmp/install.log")"
fi

