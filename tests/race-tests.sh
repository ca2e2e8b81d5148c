#!/bin/bash
# race-tests.sh - the GC hook and user threads on the same request slots, with the race windows held open.
# MOTOR_TEST_RACE_DELAY_US=50 makes the hook pause up to 50 us between finding an active slot and taking it,
# and again after taking it (gc-hooks/gc-hook.c), so that a user thread often completes the slot's operation and
# posts another into it meanwhile.  Before free slots were kept out of the hook's reach (state UNUSED), the
# hook could then finish an operation the user thread was posting: 9 of 10 GC-storm runs here failed this way
# (MPICH's request reference count went negative), and once, without the pauses, a receive buffer was lost.
# Run by tests/run-tests.sh with MOTOR, MPIEXEC, MPIEXEC_FLAGS and BUILDDIR set and the process counts as
# arguments.  Prints "ok NAME" or "not ok NAME: why" per run.
set -u
exe=$BUILDDIR/tests/managed/NonBlockingTests.exe

check() { # name nprocs test
	local out status
	out=$(timeout -k 5 120 "$MPIEXEC" $MPIEXEC_FLAGS -n "$2" env MOTOR_TEST_RACE_DELAY_US=50 "$MOTOR" "$exe" "$3" \
		2>&1 </dev/null)
	status=$?
	if [ $status -eq 0 ] && grep -q "^ok $3\$" <<<"$out" && ! grep -q '^not ok' <<<"$out"; then
		echo "ok $1"
	else
		echo "not ok $1: status $status: $(head -c 600 <<<"$out")"
	fi
}

for np in "${@:-2}"; do
	for run in 1 2 3 4 5; do
		check "race-gc-storm-np$np-run$run" "$np" GcStormWhileTenThousandPairsCross
	done
	check "race-threads-np$np" "$np" ThreadsUsingRequestsAtOnce
	check "race-dropped-requests-np$np" "$np" DroppedRequestsLeaveNothingBehind
	check "race-waitany-np$np" "$np" WaitanyAndTestall
done
