#!/bin/bash
# run-critical-path.sh - where a small-message round trip spends its time inside Motor, per segment.
#
#     bash bench/run-critical-path.sh [--scale X] [--reps N]
#
# In a ping-pong, what lies on the critical path is everything a rank does between learning that the message
# has arrived (the MPI_Test that returns true) and handing its reply to MPI (MPI_Isend).  This builds a copy of
# the tree with bench/critical-path.patch applied -- timestamps (rdtsc) at the borders of the steps between
# those two points, summed per segment -- and runs samples/PingPong.exe with 1-byte messages, non-blocking
# (Irecv + Send + Wait) and blocking (Send + Recv), N times each, alternating.  Every rank prints its segments
# (TSC cycles per message; `grep "MHz\|tsc" /proc/cpuinfo` for the clock).  x86-64 only.
#
# The instrumented build is only for this; Motor itself has no tracing on its hot paths.  Each rdtsc costs
# tens of cycles on a virtual machine (the output says how many): compare segments, not totals to a baseline.
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
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$src" && git ls-files -z | xargs -0 cp --parents -t "$work")
cd "$work"
patch -s -p1 <bench/critical-path.patch
{ ./autogen.sh && ./configure && make -j2 motor System.MP.dll samples/PingPong.exe; } >build.log 2>&1 ||
	{ tail -20 build.log; echo "run-critical-path.sh: build failed" >&2; exit 1; }
for ((r = 1; r <= reps; r++)); do
	for mode in --nonblocking ""; do
		if [ -n "$mode" ]; then label="non-blocking (Irecv + Send + Wait)"; else label="blocking (Send + Recv)"; fi
		echo "== $label, run $r"
		${MPIEXEC:-mpiexec} -n 2 -bind-to core ./motor samples/PingPong.exe $mode 1 "$scale" 2>&1 >/dev/null |
			sed 's/^/  /'
	done
done
