#!/bin/bash
# run-objects.sh - the object-transport benchmarks (invoked by `make bench-objects`):
#
#   1. Linked-list ping-pong (the paper's Figures 10/11): samples/LinkedList.exe --csv, N = 1 ... max elements
#      carrying 4,096 bytes in total, with Motor's OSend/ORecv and with BinaryFormatter + Send/Recv over the same
#      MPI; 2 ranks, -bind-to core; serialisation included.  Targets: BinaryFormatter/Motor >= 30 at every N,
#      and Motor's time per object at N = 2^20 <= 2 x its time per object at N = 2^10.
#   2. bench/ScatterBench.exe on 4 ranks: OScatter of 1,000,000 small objects against OSend of the same objects
#      to one rank.  Target: scatter <= 2 x send.
#
#     MPIEXEC=... MOTOR=/abs/motor BUILDDIR=/abs/builddir bash bench/run-objects.sh [--reps N] [--max N]
#                                                             [--bf-max N] [--budget S] [--timeout S] [--out DIR]
#
# Method: --reps repetitions (default 3); in each, both variants run one after the other, the order alternating
# between repetitions.  Each program reports the median of its own timed round trips per N; per N we report the
# median over repetitions of each variant, and the paired ratio (BinaryFormatter / Motor within a repetition,
# median over repetitions), which cancels drift between repetitions.  --bf-max (default: --max) stops the
# BinaryFormatter runs earlier, since it needs seconds per round trip for long lists; the ratio is reported only
# where both ran.  A run that fails, times out or prints no data fails the benchmark.
#
# Output (in --out, default $BUILDDIR/bench/results): objects-env.txt, linkedlist-raw.csv, linkedlist.csv,
# linkedlist.md, scatter-raw.csv, scatter.md, logs/.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C

die() { echo "run-objects.sh: error: $*" >&2; exit 1; }

MPIEXEC=${MPIEXEC:-mpiexec}
MPIEXEC_FLAGS=${MPIEXEC_FLAGS:-}
BUILDDIR=${BUILDDIR:-$PWD}
MOTOR=${MOTOR:-$BUILDDIR/motor}
reps=3 max=$((1 << 20)) bfmax= budget=0.5 run_timeout=1800 out= scatter_n=1000000
while [ $# -gt 0 ]; do
	case $1 in
	--reps) reps=${2:?}; shift ;;
	--max) max=${2:?}; shift ;;
	--bf-max) bfmax=${2:?}; shift ;;
	--budget) budget=${2:?}; shift ;;
	--timeout) run_timeout=${2:?}; shift ;;
	--scatter-objects) scatter_n=${2:?}; shift ;;
	--out) out=${2:?}; shift ;;
	-h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) die "unknown argument '$1'" ;;
	esac
	shift
done
bfmax=${bfmax:-$max}
out=${out:-$BUILDDIR/bench/results}
mkdir -p "$out/logs"
out=$(cd "$out" && pwd)
prog=$BUILDDIR/samples/LinkedList.exe
scatter=$BUILDDIR/bench/ScatterBench.exe
[ -f "$prog" ] || die "$prog not built"
[ -f "$scatter" ] || die "$scatter not built"

{
	echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "nproc:    $(nproc)"
	echo "cpu:      $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
	echo "motor:    $("$MOTOR" --version 2>&1 | tr '\n' ' ')"
	echo "settings: reps=$reps max=$max bf-max=$bfmax budget=$budget scatter-objects=$scatter_n"
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (at start; > ~0.5 means other work shares the machine)"
	echo "git:      $(git -C "$(dirname "$0")" describe --always --dirty 2>/dev/null || echo unknown)"
} | tee "$out/objects-env.txt"

raw=$out/linkedlist-raw.csv
echo "variant,rep,elements,us,us_per_object" >"$raw"
run_ll() { # variant rep
	local v=$1 rep=$2 log=$out/logs/ll-$1-$2 rc=0
	local -a cmd=("$MPIEXEC" $MPIEXEC_FLAGS -n 2 -bind-to core "$MOTOR" "$prog" --csv --budget "$budget")
	if [ "$v" = bf ]; then cmd+=(--binaryformatter --max "$bfmax"); else cmd+=(--max "$max"); fi
	printf '  rep %d/%d %-6s ... ' "$rep" "$reps" "$v"
	(cd "$BUILDDIR" && timeout -k 10 "$run_timeout" "${cmd[@]}") >"$log.out" 2>"$log.err" </dev/null || rc=$?
	[ $rc -eq 0 ] || { echo FAILED; tail -5 "$log.err" >&2; die "$v rep $rep exited with status $rc"; }
	grep -E '^[0-9]+,' "$log.out" | sed "s/^/$v,$rep,/" >>"$raw"
	grep -qE '^[0-9]+,' "$log.out" || die "$v rep $rep printed no data"
	echo ok
}
echo "Linked-list ping-pong, $reps repetitions:"
for ((rep = 1; rep <= reps; rep++)); do
	if ((rep % 2)); then order="motor bf"; else order="bf motor"; fi
	for v in $order; do run_ll "$v" "$rep"; done
done

# Median per (variant, N), and the paired BinaryFormatter/Motor ratio.
awk -F, 'NR > 1 { t[$1, $2, $3] = $4; o[$1, $2, $3] = $5; reps[$2] = 1; ns[$3] = 1 }
	function median(a, n,   i, j, x) {
		for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	END {
		print "elements,motor_us,motor_us_per_object,bf_us,bf_us_per_object,paired_ratio"
		for (n = 1; n in ns; n *= 2) {
			k = 0; kb = 0; kr = 0; ko = 0; delete m; delete b; delete r; delete mo
			for (rep in reps) {
				if (("motor", rep, n) in t) { m[++k] = t["motor", rep, n]; mo[++ko] = o["motor", rep, n] }
				if (("bf", rep, n) in t) b[++kb] = t["bf", rep, n]
				if (("motor", rep, n) in t && ("bf", rep, n) in t) r[++kr] = t["bf", rep, n] / t["motor", rep, n]
			}
			bfus = kb ? sprintf("%.2f", median(b, kb)) : ""
			bfo = kb ? sprintf("%.4f", median(b, kb) / (2 * n)) : ""
			printf "%d,%.2f,%.4f,%s,%s,%s\n", n, median(m, k), median(mo, ko), bfus, bfo, kr ? sprintf("%.1f", median(r, kr)) : ""
		}
	}' "$raw" >"$out/linkedlist.csv"

awk -F, 'NR == 1 { next } { mo[$1] = $3; rows[++n] = $0 }
	END {
		print "| elements | objects | Motor us/round trip | Motor us/object | BinaryFormatter us/round trip | BF us/object | BF/Motor (paired) | >= 30 |"
		print "|---:|---:|---:|---:|---:|---:|---:|:---:|"
		for (i = 1; i <= n; i++) {
			split(rows[i], f, ",")
			met = f[6] == "" ? "-" : (f[6] + 0 >= 30 ? "yes" : "no")
			if (met == "no") missed = missed " " f[1]
			printf "| %d | %d | %.2f | %.4f | %s | %s | %s | %s |\n", f[1], 2 * f[1], f[2], f[3], f[4] == "" ? "-" : f[4], f[5] == "" ? "-" : f[5], f[6] == "" ? "-" : f[6], met
		}
		if ((1024 in mo) && (1048576 in mo))
			printf "\nMotor time per object: %.4f us at N = 2^20, %.4f us at N = 2^10: ratio %.2f (target <= 2: %s)\n",
				mo[1048576], mo[1024], mo[1048576] / mo[1024], mo[1048576] / mo[1024] <= 2 ? "met" : "missed"
		print "BF/Motor >= 30 missed at N:" (missed == "" ? " none" : missed)
	}' "$out/linkedlist.csv" >"$out/linkedlist.md"
cat "$out/linkedlist.md"
echo

echo "Scatter of $scatter_n objects over 4 ranks vs send to one rank:"
log=$out/logs/scatter
rc=0
(cd "$BUILDDIR" && timeout -k 10 "$run_timeout" "$MPIEXEC" $MPIEXEC_FLAGS -n 4 -bind-to core "$MOTOR" "$scatter" "$scatter_n" $((2 * reps + 3))) \
	>"$log.out" 2>"$log.err" </dev/null || rc=$?
[ $rc -eq 0 ] || { tail -5 "$log.err" >&2; die "ScatterBench exited with status $rc"; }
{ echo "rep,scatter_ms,send_ms"; grep -E '^[0-9]+,' "$log.out"; } >"$out/scatter-raw.csv"
awk -F, 'NR > 1 { s[++n] = $2; d[n] = $3; q[n] = $2 / $3 }
	function median(a, n,   i, j, x) {
		for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	END {
		ms = median(s, n); md = median(d, n); mq = median(q, n)
		print "| OScatter ms (median) | OSend to one rank ms (median) | scatter/send (paired median) | <= 2 |"
		print "|---:|---:|---:|:---:|"
		printf "| %.1f | %.1f | %.2f | %s |\n", ms, md, mq, mq <= 2 ? "yes" : "no"
		printf "\n%d repetitions, 4 ranks (-bind-to core on %s cores).\n", n, "'"$(nproc)"'"
	}' "$out/scatter-raw.csv" >"$out/scatter.md"
cat "$out/scatter.md"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/objects-env.txt"
