#!/bin/bash
# abort-tests.sh - a job whose rank dies while the others are blocked in MPI ends promptly, with a non-zero status:
#   kill-RANK1-in-OP          3 ranks; ranks 0 and 2 block in OP (Recv, Barrier, Allreduce), rank 1 in a Recv;
#                             the test sends rank 1 SIGKILL.  mpiexec must exit non-zero within 10 s of the kill.
#   unhandled-in-WHERE-OP     2 ranks; rank 0 blocks in OP, rank 1's main thread in a Recv, and an exception
#                             escapes a new Thread or a thread-pool work item on rank 1.  mpiexec must exit
#                             non-zero within 10 s of the start of the blocking, with the exception's type and
#                             message on stderr (runtime-ext/main.c, on_unhandled).
# The program is tests/managed/BlockedRanks.exe (Tasks are left out there, and why).  Every wait is bounded, so a
# regression fails instead of hanging.  Run by tests/run-tests.sh with MOTOR, MPIEXEC, MPIEXEC_FLAGS and BUILDDIR
# set.  Prints "ok NAME" or "not ok NAME: why" per test.
set -u
# As tests/run-tests.sh sets them, for runs by hand: in sanitized builds an aborted rank's exit must not turn
# into leak reports.  Nothing below counts stderr lines, so what a sanitizer prints cannot confuse a verdict.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}
tmp=$(mktemp -d)
job=
trap '[ -n "$job" ] && kill -KILL "$job" 2>/dev/null; rm -rf "$tmp"' EXIT
exe=$BUILDDIR/tests/managed/BlockedRanks.exe
limit=10 # seconds the job may take to end once a rank is gone

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# Starts the job in the background (bounded by `timeout`), in a fresh directory for the ranks' files.
start() { # nprocs op how
	rm -rf "$tmp/run" && mkdir "$tmp/run"
	timeout -k 5 60 "$MPIEXEC" $MPIEXEC_FLAGS -n "$1" "$MOTOR" "$exe" "$2" "$3" "$tmp/run" \
		>"$tmp/out" 2>"$tmp/err" </dev/null &
	job=$!
}

# Waits up to 30 s for every rank to have written ready.RANK: all are about to block.
wait_ready() { # nprocs
	local i
	for ((i = 0; i < 300; i++)); do
		[ "$(ls "$tmp/run" | grep -c '^ready\.')" -eq "$1" ] && return 0
		sleep 0.1
	done
	return 1
}

# Waits for the job to end; sets status and ms (milliseconds since $1).  The status alone cannot tell a timeout
# (124, or 137 after -k) from a job that ended in time: Open MPI's mpiexec exits with 137 when a rank was killed by
# SIGKILL.  The time can: the limit is well below timeout's 60 s.
finish() { # t0
	wait "$job"
	status=$?
	job=
	ms=$(($(now_ms) - $1))
}

for op in recv barrier allreduce; do
	name=kill-rank1-in-$op
	start 3 "$op" kill
	if ! wait_ready 3; then
		finish "$(now_ms)"
		echo "not ok $name: the ranks did not get ready (status $status): $(head -c 400 "$tmp/err")"
		continue
	fi
	sleep 0.5 # into the blocking call
	t0=$(now_ms)
	kill -KILL "$(cat "$tmp/run/pid.1")"
	finish "$t0"
	if [ $status -ne 0 ] && [ $ms -lt $((limit * 1000)) ]; then
		echo "ok $name"
	else
		echo "not ok $name: mpiexec exited with status $status ${ms} ms after the kill: $(head -c 400 "$tmp/err")"
	fi
done

for how in thread pool; do
	case $how in
	thread) message='System.InvalidOperationException: boom from a thread on rank 1' ;;
	pool) message='System.InvalidOperationException: boom from the thread pool on rank 1' ;;
	esac
	for op in recv barrier; do
		name=unhandled-in-$how-aborts-job-blocked-in-$op
		start 2 "$op" "$how"
		wait_ready 2
		t0=$(now_ms)
		finish "$t0"
		if [ $status -ne 0 ] && [ $ms -lt $((limit * 1000)) ] &&
			grep -qF "rank 1: $message" "$tmp/err"; then
			echo "ok $name"
		else
			echo "not ok $name: mpiexec exited with status $status ${ms} ms after the ranks blocked: $(head -c 600 "$tmp/err")"
		fi
	done
done
