#!/bin/bash
# run-layers.sh - what each of Motor's layers adds to the non-blocking ping-pong, found by taking them away.
#
#     bash bench/run-layers.sh [--reps N] [--max BYTES] [--scale X]
#
# Builds a copy of the tree with bench/layers.patch applied and runs, N times each (default 11), alternating in
# a rotating order, from 1 B to BYTES (default 1024):
#   native  bench/pingpong-c --nonblocking: MPI_Irecv + MPI_Send + MPI_Wait in C;
#   floor   bench/FloorPingPong.cs (in the patch): managed code calling internal calls that go straight to MPI --
#           no Request object, no request slot, nothing checked; what any design built on Mono 6.8's internal
#           calls pays at least;
#   api     samples/PingPong.exe --nonblocking with MOTOR_LAYERS=api: System.MP's Irecv, Send and Wait and their
#           Request objects, the internal calls going straight to MPI as in floor;
#   slots   MOTOR_LAYERS=slots: as api, but the receive is posted into a request slot and Wait completes it
#           through the slot (gc-hooks/pin.c: the status-dependent pinning); no buffer resolution, no argument
#           or overlap checks, the send as in floor;
#   motor   the same program with all of Motor (the patched build, whose only difference on this path is one
#           predictable branch per internal call).
# Prints, per size, each variant's median in us per round trip and its paired ratio to native (the median over
# runs of variant / native within a run), then the mean of those ratios over the sizes.  The layers without
# checks take byte arrays of the world communicator only; the patch is for measuring and is never in Motor.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
reps=11 max=1024 scale=1
while [ $# -gt 0 ]; do
	case $1 in
	--reps) reps=${2:?--reps needs a value}; shift ;;
	--max) max=${2:?--max needs a value}; shift ;;
	--scale) scale=${2:?--scale needs a value}; shift ;;
	*) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 2 ;;
	esac
	shift
done
. "$(dirname "$0")/patched-copy.sh" layers.patch
build ./autogen.sh
build ./configure
build make -j2 motor System.MP.dll samples/PingPong.exe
build "$mpicc" -O2 -o pingpong-c bench/pingpong-c.c
build mcs -nologo -r:System.MP.dll -out:FloorPingPong.exe bench/FloorPingPong.cs
names=(native floor api slots motor)
run() {
	local run=(env) how=("$mpiexec" -n 2 -bind-to core)
	case $1 in
	native) how+=(./pingpong-c --nonblocking) ;;
	floor) how+=(./motor FloorPingPong.exe) ;;
	api | slots) run+=(MOTOR_LAYERS="$1"); how+=(./motor samples/PingPong.exe --csv --nonblocking) ;;
	motor) how+=(./motor samples/PingPong.exe --csv --nonblocking) ;;
	esac
	"${run[@]}" "${how[@]}" "$max" "$scale"
}
for ((r = 0; r < reps; r++)); do
	for ((k = 0; k < ${#names[@]}; k++)); do
		v=${names[$(((k + r) % ${#names[@]}))]}
		run "$v" | awk -F, -v v="$v" -v r="$r" 'NF == 2 && $1 + 0 > 0 { print v "," r "," $1 "," $2 }' >>results.csv
	done
done
python3 - results.csv "${names[@]}" <<'PY'
import statistics as st, sys
names = sys.argv[2:]
t = {}
for line in open(sys.argv[1]):
    v, r, size, us = line.strip().split(',')
    t[(v, int(size), int(r))] = float(us)
sizes = sorted({k[1] for k in t})
runs = sorted({k[2] for k in t})
print('| bytes | ' + ' | '.join(n + ' us' for n in names) + ' | ' + ' | '.join(n + '/native' for n in names[1:]) + ' |')
print('|---:|' + '---:|' * (2 * len(names) - 1))
ratios = {n: [] for n in names[1:]}
for s in sizes:
    us = [st.median([t[(n, s, r)] for r in runs if (n, s, r) in t]) for n in names]
    rs = []
    for n in names[1:]:
        q = st.median([t[(n, s, r)] / t[('native', s, r)] for r in runs if (n, s, r) in t and ('native', s, r) in t])
        ratios[n].append(q)
        rs.append(q)
    print('| %d | ' % s + ' | '.join('%.2f' % u for u in us) + ' | ' + ' | '.join('%.3f' % q for q in rs) + ' |')
print('| mean | ' + ' | '.join('' for n in names) + ' | ' + ' | '.join('%.3f' % st.mean(ratios[n]) for n in names[1:]) + ' |')
PY
