#!/bin/bash
# run-critical-path.sh - where a small-message round trip spends its time inside Motor, per segment.
#
#     bash bench/run-critical-path.sh [--scale X] [--reps N]
#
# In a ping-pong, what lies on the critical path is everything a rank does between learning that the message
# has arrived (the MPI_Test that returns true) and handing its reply to MPI (MPI_Isend).  This builds a copy of
# the tree with bench/critical-path.patch applied -- timestamps (rdtsc) at the borders of the steps between
# those two points, summed per segment -- and runs, N times each, alternating:
#   - samples/PingPong.exe with 1-byte messages, non-blocking (Irecv + Send + Wait) and blocking (Send + Recv);
#   - the loop of run-overhead.sh (bench/Overhead.cs under the stand-in MPI of bench/overhead-mpi.c), the same
#     segments with MPI taken out and the code hot in the caches ("hot");
#   - the C baseline with bench/critical-path-c.patch (bench/pingpong-c --nonblocking --polled, 1 byte): the
#     same borders in C, where only MPI_Irecv lies between them.
# Every rank prints its segments (TSC cycles per message; `grep "MHz\|tsc" /proc/cpuinfo` for the clock).
# x86-64 only.
#
# The instrumented builds are only for this; Motor itself has no tracing on its hot paths.  Each rdtsc costs
# tens of cycles on a virtual machine (the output says how many) and keeps the segments from overlapping:
# compare segments with each other, not totals with an uninstrumented run.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
scale=3 reps=2
while [ $# -gt 0 ]; do
	case $1 in
	--scale) scale=${2:?--scale needs a value}; shift ;;
	--reps) reps=${2:?--reps needs a value}; shift ;;
	*) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 2 ;;
	esac
	shift
done
. "$(dirname "$0")/patched-copy.sh" critical-path.patch critical-path-c.patch
build ./autogen.sh
build ./configure
build make -j2 motor System.MP.dll samples/PingPong.exe
build "$mpicc" -O2 -o pingpong-c-cp bench/pingpong-c.c
build "$mpicc" -O2 -shared -fPIC -o overhead-mpi.so bench/overhead-mpi.c
build mcs -nologo -r:System.MP.dll -out:Overhead.exe bench/Overhead.cs
# Each run prints its segments on stderr; the programs' own output is not needed.
segments() { "$@" 2>&1 >/dev/null | sed 's/^/  /'; }
for ((r = 1; r <= reps; r++)); do
	echo "== non-blocking (Irecv + Send + Wait), run $r"
	segments "$mpiexec" -n 2 -bind-to core ./motor samples/PingPong.exe --nonblocking 1 "$scale"
	echo "== hot: the same segments under the stand-in MPI (rank 0 only), run $r"
	segments "$mpiexec" -n 2 -bind-to core -env LD_PRELOAD "$work/overhead-mpi.so" ./motor Overhead.exe 200000 3
	echo "== C baseline, non-blocking and polled, run $r"
	segments "$mpiexec" -n 2 -bind-to core ./pingpong-c-cp --nonblocking --polled 1 "$scale"
	echo "== blocking (Send + Recv), run $r"
	segments "$mpiexec" -n 2 -bind-to core ./motor samples/PingPong.exe 1 "$scale"
done
