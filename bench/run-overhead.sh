#!/bin/bash
# run-overhead.sh - what Motor's runtime itself costs per non-blocking message, with MPI taken out of the way.
#
#     bash bench/run-overhead.sh [--runs N] [--iterations N]
#
# Builds bench/overhead-mpi.c into a preload library that completes MPI_Irecv, MPI_Isend, MPI_Send, MPI_Test and
# MPI_Wait on tag 77 at once, then runs the same loop -- Irecv + Send + Wait of one byte -- in C
# (bench/overhead-c.c) and in System.MP (bench/Overhead.cs), N times each, alternating, rank 0 on its own core.
# Each run prints its fastest and median repetition in ns per iteration; the script prints every run and the
# median of the fastest times.  Motor's figure is the cost of the managed API, the internal calls, buffer
# resolution, the request slot and the Request object; the C figure is what calling MPI through the preload
# costs.  Needs a built tree (make).
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
runs=5 iterations=1000000
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=${2:?--runs needs a value}; shift ;;
	--iterations) iterations=${2:?--iterations needs a value}; shift ;;
	*) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 2 ;;
	esac
	shift
done
top=$(cd "$(dirname "$0")/.." && pwd)
mpicc=${MPICC:-mpicc} mpiexec=${MPIEXEC:-mpiexec}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$mpicc" -O2 -shared -fPIC -o "$work/overhead-mpi.so" "$top/bench/overhead-mpi.c"
"$mpicc" -O2 -o "$work/overhead-c" "$top/bench/overhead-c.c"
mcs -nologo -r:"$top/System.MP.dll" -main:Overhead -out:"$work/Overhead.exe" "$top/bench/Overhead.cs" \
	"$top/samples/LinkedList.cs" "$top/samples/ListPayload.cs"
for ((r = 1; r <= runs; r++)); do
	"$mpiexec" -n 2 -bind-to core -env LD_PRELOAD "$work/overhead-mpi.so" "$work/overhead-c" "$iterations"
	"$mpiexec" -n 2 -bind-to core -env LD_PRELOAD "$work/overhead-mpi.so" "$top/motor" "$work/Overhead.exe" "$iterations"
done | tee "$work/out.csv"
python3 - "$work/out.csv" <<'PY'
import sys, statistics
fast = {}
for line in open(sys.argv[1]):
    name, best, _ = line.strip().split(',')
    fast.setdefault(name, []).append(float(best))
for name in ('c', 'motor'):
    if name in fast:
        print('%-6s median of fastest: %.1f ns per Irecv + Send + Wait (%d runs)' % (name, statistics.median(fast[name]), len(fast[name])))
PY
