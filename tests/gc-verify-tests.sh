#!/bin/bash
# gc-verify-tests.sh - non-blocking array messages and object messages under Mono's GC verifier, every received
# byte checked (tests/managed/GcVerifyTraffic.exe).  MONO_GC_DEBUG puts canaries after nursery objects, checks
# the heap before every collection and the remembered sets, and collects every few allocations; the nursery is
# 1 MB, so that objects move all the time around messages in flight.  A verifier report or a corrupted byte fails
# the test.  Run by tests/run-tests.sh with MOTOR, MPIEXEC, MPIEXEC_FLAGS and BUILDDIR set and the process counts
# as arguments.  Prints "ok NAME" or "not ok NAME: why" per run.
set -u
exe=$BUILDDIR/tests/managed/GcVerifyTraffic.exe
test=NonBlockingAndObjectTrafficKeepsEveryByteUnderTheGcVerifier
rounds=24
log=$(mktemp)
trap 'rm -f "$log"' EXIT

for np in "${@:-2}"; do
	name=gc-verifier-nonblocking-and-object-traffic-np$np
	timeout -k 5 120 "$MPIEXEC" $MPIEXEC_FLAGS -n "$np" env \
		MONO_GC_DEBUG=nursery-canaries,verify-before-collections,collect-before-allocs=7,check-remset-consistency \
		MONO_GC_PARAMS=nursery-size=1m "$MOTOR" "$exe" "$test" "$rounds" >"$log" 2>&1 </dev/null
	status=$?
	# The verifier's progress lines ("Checking nursery canaries...") are noise; anything it finds is not.
	if [ $status -eq 0 ] && grep -q "^ok $test\$" "$log" && ! grep -q '^not ok' "$log" &&
		! grep -qiE 'canary|corrupt|invalid|bad (ref|remset)|not marked|missing remset' \
			<(grep -v 'Checking nursery canaries\.\.\.$' "$log"); then
		echo "ok $name"
	else
		echo "not ok $name: status $status: $(grep -v 'Checking nursery canaries\.\.\.$' "$log" | head -c 800)"
	fi
done
