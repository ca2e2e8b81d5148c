#!/bin/bash
# samples-tests.sh - the samples as tests: each runs under mpiexec at the listed process counts, checks its own
# result (against a serial computation, or the payload it gets back) and exits non-zero if it is wrong.  Prints "ok NAME" / "not ok NAME: why".
# Run by tests/run-tests.sh with MOTOR, MPIEXEC, MPIEXEC_FLAGS and BUILDDIR set.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # name nprocs expected-regex program args...
	local name=$1 np=$2 want=$3
	shift 3
	# shellcheck disable=SC2086 # MPIEXEC_FLAGS is deliberately word-split
	timeout -k 5 180 "$MPIEXEC" $MPIEXEC_FLAGS -n "$np" "$MOTOR" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	local status=$?
	if [ $status -eq 0 ] && grep -qE "$want" "$tmp/out"; then
		echo "ok $name-np$np"
	else
		echo "not ok $name-np$np: status $status: $(cat "$tmp/out" "$tmp/err" | head -c 400 | tr '\n' ' ')"
	fi
}

for np in 1 2 3 4; do
	check heat2d "$np" 'largest difference from the serial run: 0$' "$BUILDDIR/samples/Heat2D.exe" 48 400
done
# Checkpoint and restart with collective MPI-IO: uneven blocks (50 over 3 or 4), a checkpoint between convergence
# checks; the restarted run must end bit for bit where the first did.
for np in 1 2 4; do
	check heat2d-checkpoint "$np" 'restarted: 0 cells differ' "$BUILDDIR/samples/Heat2D.exe" 50 300 1e-3 133 "$tmp/heat2d.ckpt"
done
for np in 1 2 3; do
	check matmul "$np" 'result checked' "$BUILDDIR/samples/MatMul.exe" 150
done
for np in 1 2 3 4; do
	check histogram "$np" 'bins different from the serial count: 0$' "$BUILDDIR/samples/Histogram.exe" 37 20000
done
check hello 3 'rank 2 of 3' "$BUILDDIR/samples/Hello.exe"
# The benchmarks' programs, briefly: every payload that comes back is checked.
check pingpong 2 '^4096,' "$BUILDDIR/samples/PingPong.exe" --csv 4096 0.01
check pingpong-nonblocking 2 '^4096,' "$BUILDDIR/samples/PingPong.exe" --csv --nonblocking 4096 0.01
check pingpong-nonblocking 3 '^64,' "$BUILDDIR/samples/PingPong.exe" --csv --nonblocking 64 0.01
check linkedlist 2 '^256,' "$BUILDDIR/samples/LinkedList.exe" --csv --max 256 --budget 0.01
check linkedlist-binaryformatter 2 '^16,' "$BUILDDIR/samples/LinkedList.exe" --csv --binaryformatter --max 16 --budget 0.01
