#!/bin/bash
# run-objects.sh - the object-transport benchmarks (invoked by `make bench-objects`):
#
#   1. Linked-list ping-pong (the paper's Figures 10/11): N = 1 ... max elements carrying 4,096 bytes in total,
#      2 ranks, -bind-to core, serialisation included, in three variants:
#        motor       samples/LinkedList.exe under motor: Motor's OSend/ORecv;
#        bf          samples/LinkedList.exe --binaryformatter under motor: BinaryFormatter into a byte[] sent with
#                    System.MP's Send/Probe/Recv (same transport as motor: isolates the serialiser);
#        bf-pinvoke  bench/pinvoke/LinkedListPinvoke.exe under plain mono: BinaryFormatter into a byte[] sent with
#                    the P/Invoke wrapper (GCHandle pin per operation, MPI_Probe + MPI_Get_count + MPI_Recv) --
#                    what a user of a wrapper library does today.
#      Targets: BinaryFormatter over P/Invoke / Motor >= 30 at every N (judged on BinaryFormatter over System.MP
#      when the P/Invoke baseline is left out), and Motor's time per object at N = 2^20 <= 2 x its time per object
#      at N = 2^10.
#   2. bench/ScatterBench.exe on 4 ranks: OScatter of 1,000,000 small objects against OSend of the same objects
#      to one rank, 2 x --reps + 3 repetitions in one run: median and min-max of each, and the paired median of
#      scatter/send.  Target: scatter <= 2 x send.
#
#     MPIEXEC=... MOTOR=/abs/motor BUILDDIR=/abs/builddir MONO=mono bash bench/run-objects.sh [--reps N] [--max N]
#                                          [--bf-max N] [--budget S] [--timeout S] [--no-pinvoke] [--out DIR]
#
# --no-pinvoke leaves the bf-pinvoke variant out (the P/Invoke baseline needs MPICH's integer handles and is
# built only there); otherwise bench/pinvoke/LinkedListPinvoke.exe must have been built.
#
# Method: --reps repetitions (default 3); in each, every variant runs once, rotating which goes first between
# repetitions.  Each program reports the median of its own timed round trips per N; per N we report the median
# over repetitions of each variant with its spread (min and max over the repetitions: "min–max" beside each us/round
# trip in linkedlist.md), and the paired ratios (BinaryFormatter variant / Motor within a repetition, median over
# repetitions), which cancel drift between repetitions.  --bf-max (default: --max) stops both
# BinaryFormatter variants earlier, since they need seconds per round trip for long lists; a ratio is reported
# only where both of its variants ran.  A run that fails, times out, prints no data or not exactly the N
# = 1, 2, 4, ... up to its maximum fails the benchmark.
#
# Output (in --out, default $BUILDDIR/bench/results): objects-env.txt, linkedlist-raw.csv, linkedlist.csv,
# linkedlist.md, scatter-raw.csv, scatter.md, logs/.  linkedlist.csv's min/max columns (us per round trip) come
# after the paired ratios, so readers of the earlier columns by position (bench/suite.sh) are unaffected.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C

die() { echo "run-objects.sh: error: $*" >&2; exit 1; }

MPIEXEC=${MPIEXEC:-mpiexec}
MPIEXEC_FLAGS=${MPIEXEC_FLAGS:-}
BUILDDIR=${BUILDDIR:-$PWD}
MOTOR=${MOTOR:-$BUILDDIR/motor}
MONO=${MONO:-mono}
reps=3 max=$((1 << 20)) bfmax= budget=0.5 run_timeout=1800 out= scatter_n=1000000 pinvoke=1
while [ $# -gt 0 ]; do
	case $1 in
	--reps) reps=${2:?}; shift ;;
	--max) max=${2:?}; shift ;;
	--bf-max) bfmax=${2:?}; shift ;;
	--budget) budget=${2:?}; shift ;;
	--timeout) run_timeout=${2:?}; shift ;;
	--scatter-objects) scatter_n=${2:?}; shift ;;
	--no-pinvoke) pinvoke=0 ;;
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
pinvoke_prog=$BUILDDIR/bench/pinvoke/LinkedListPinvoke.exe
[ -f "$prog" ] || die "$prog not built"
[ -f "$scatter" ] || die "$scatter not built"
variants="motor bf"
if [ $pinvoke = 1 ]; then
	[ -f "$pinvoke_prog" ] || die "$pinvoke_prog not built (make bench/pinvoke/LinkedListPinvoke.exe; MPICH only) -- or pass --no-pinvoke"
	command -v "$MONO" >/dev/null || die "mono not found (needed for the P/Invoke baseline)"
	variants+=" bf-pinvoke"
fi

{
	echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "nproc:    $(nproc)"
	echo "cpu:      $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
	echo "motor:    $("$MOTOR" --version 2>&1 | tr '\n' ' ')"
	echo "settings: reps=$reps max=$max bf-max=$bfmax budget=$budget scatter-objects=$scatter_n variants=\"$variants\""
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (at start; > ~0.5 means other work shares the machine)"
	echo "git:      $(git -C "$(dirname "$0")" describe --always --dirty 2>/dev/null || echo unknown)"
} | tee "$out/objects-env.txt"

raw=$out/linkedlist-raw.csv
echo "variant,rep,elements,us,us_per_object" >"$raw"
run_ll() { # variant rep
	local v=$1 rep=$2 log=$out/logs/ll-$1-$2 rc=0 limit=$bfmax expected="" got n
	local -a cmd=("$MPIEXEC" $MPIEXEC_FLAGS -n 2 -bind-to core)
	case $v in
	motor) cmd+=("$MOTOR" "$prog"); limit=$max ;;
	bf) cmd+=("$MOTOR" "$prog" --binaryformatter) ;;
	bf-pinvoke) cmd+=("$MONO" "$pinvoke_prog") ;;
	esac
	cmd+=(--csv --budget "$budget" --max "$limit")
	for ((n = 1; n <= limit; n *= 2)); do expected+="$n "; done
	printf '  rep %d/%d %-10s ... ' "$rep" "$reps" "$v"
	(cd "$BUILDDIR" && timeout -k 10 "$run_timeout" "${cmd[@]}") >"$log.out" 2>"$log.err" </dev/null || rc=$?
	[ $rc -eq 0 ] || { echo FAILED; tail -5 "$log.err" >&2; die "$v rep $rep exited with status $rc: ${cmd[*]}"; }
	grep -qE '^[0-9]+,' "$log.out" || { echo FAILED; die "$v rep $rep printed no data (see $log.out)"; }
	got=$(grep -E '^[0-9]+,' "$log.out" | cut -d, -f1 | tr '\n' ' ')
	[ "$got" = "$expected" ] || { echo FAILED; die "$v rep $rep printed N = [${got% }], expected [${expected% }] (see $log.out)"; }
	grep -E '^[0-9]+,' "$log.out" | sed "s/^/$v,$rep,/" >>"$raw"
	echo ok
}
echo "Linked-list ping-pong, $reps repetitions, variants: $variants"
read -ra vlist <<<"$variants"
for ((rep = 1; rep <= reps; rep++)); do
	# Rotate the order: each variant goes first as often as the others.
	for ((k = 0; k < ${#vlist[@]}; k++)); do run_ll "${vlist[(k + rep - 1) % ${#vlist[@]}]}" "$rep"; done
done
for v in $variants; do
	grep -q "^$v," "$raw" || die "variant $v has no data in $raw"
done

# Median per (variant, N), the paired ratios of both BinaryFormatter variants to Motor, and min/max per (variant, N)
# (appended at the end: bench/suite.sh reads the first columns by position).
awk -F, 'NR > 1 { t[$1, $2, $3] = $4; reps[$2] = 1; ns[$3] = 1 }
	function median(a, n,   i, j, x) {
		for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	# Median time of variant v at N = n, formatted with fmt after dividing by div; "" if it did not run.
	function med(v, n, div, fmt,   k, a, rep) {
		k = 0
		for (rep in reps) if ((v, rep, n) in t) a[++k] = t[v, rep, n]
		return k ? sprintf(fmt, median(a, k) / div) : ""
	}
	# Min (hi = 0) or max (hi = 1) over repetitions of variant v at N = n, us per round trip; "" if it did not run.
	function ext(v, n, hi,   k, x, rep) {
		k = 0
		for (rep in reps) if ((v, rep, n) in t) { if (!k++ || (hi ? t[v, rep, n] > x : t[v, rep, n] < x)) x = t[v, rep, n] }
		return k ? sprintf("%.2f", x) : ""
	}
	# Median over repetitions of t[v] / t[motor] within a repetition; "" if they never ran together.
	function paired(v, n,   k, a, rep) {
		k = 0
		for (rep in reps) if ((v, rep, n) in t && ("motor", rep, n) in t) a[++k] = t[v, rep, n] / t["motor", rep, n]
		return k ? sprintf("%.1f", median(a, k)) : ""
	}
	END {
		print "elements,motor_us,motor_us_per_object,bf_us,bf_us_per_object,bf_pinvoke_us,bf_pinvoke_us_per_object," \
			"bf_motor_ratio,bf_pinvoke_motor_ratio,motor_us_min,motor_us_max,bf_us_min,bf_us_max,bf_pinvoke_us_min,bf_pinvoke_us_max"
		for (n = 1; n in ns; n *= 2)
			printf "%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", n, med("motor", n, 1, "%.2f"), med("motor", n, 2 * n, "%.4f"),
				med("bf", n, 1, "%.2f"), med("bf", n, 2 * n, "%.4f"),
				med("bf-pinvoke", n, 1, "%.2f"), med("bf-pinvoke", n, 2 * n, "%.4f"), paired("bf", n), paired("bf-pinvoke", n),
				ext("motor", n, 0), ext("motor", n, 1), ext("bf", n, 0), ext("bf", n, 1), ext("bf-pinvoke", n, 0), ext("bf-pinvoke", n, 1)
	}' "$raw" >"$out/linkedlist.csv"

# The >= 30 target is judged on BinaryFormatter over P/Invoke (what wrapper users have), or on BinaryFormatter over
# System.MP when the P/Invoke baseline was left out.  Each us/round trip median is followed by its min–max over
# the repetitions.
awk -F, -v pinvoke="$pinvoke" -v reps="$reps" 'NR == 1 { next } { mo[$1] = $3; rows[++n] = $0 }
	function cell(x) { return x == "" ? "-" : x }
	function range(lo, hi) { return lo == "" ? "-" : lo "–" hi }
	END {
		print "| elements | objects | Motor us/round trip | Motor min–max | Motor us/object | BF + System.MP us/round trip | BF + System.MP min–max " \
			"| BF + System.MP us/object | BF + P/Invoke us/round trip | BF + P/Invoke min–max | BF + P/Invoke us/object " \
			"| BF + System.MP / Motor (paired) | BF + P/Invoke / Motor (paired) | >= 30 |"
		print "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|"
		for (i = 1; i <= n; i++) {
			split(rows[i], f, ",")
			r = pinvoke ? f[9] : f[8]
			met = r == "" ? "-" : (r + 0 >= 30 ? "yes" : "no")
			if (met == "no") missed = missed " " f[1]
			printf "| %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", f[1], 2 * f[1], f[2], range(f[10], f[11]),
				f[3], cell(f[4]), range(f[12], f[13]), cell(f[5]), cell(f[6]), range(f[14], f[15]), cell(f[7]), cell(f[8]), cell(f[9]), met
		}
		if ((1024 in mo) && (1048576 in mo))
			printf "\nMotor time per object: %.4f us at N = 2^20, %.4f us at N = 2^10: ratio %.2f (target <= 2: %s)\n",
				mo[1048576], mo[1024], mo[1048576] / mo[1024], mo[1048576] / mo[1024] <= 2 ? "met" : "missed"
		print (pinvoke ? "BF + P/Invoke / Motor" : "BF + System.MP / Motor (no P/Invoke baseline)") " >= 30 missed at N:" \
			(missed == "" ? " none" : missed)
		printf "\nMedians of %d repetitions (each run reports the median of its timed round trips); min–max over the repetitions.\n", reps
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
	function range(a, n,   i, lo, hi) {
		lo = hi = a[1]
		for (i = 2; i <= n; i++) { if (a[i] < lo) lo = a[i]; if (a[i] > hi) hi = a[i] }
		return sprintf("%.1f–%.1f", lo, hi)
	}
	function median(a, n,   i, j, x) {
		for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	END {
		rs = range(s, n); rd = range(d, n)
		ms = median(s, n); md = median(d, n); mq = median(q, n)
		print "| OScatter ms (median) | OScatter ms (min–max) | OSend to one rank ms (median) | OSend ms (min–max) | scatter/send (paired median) | <= 2 |"
		print "|---:|---:|---:|---:|---:|:---:|"
		printf "| %.1f | %s | %.1f | %s | %.2f | %s |\n", ms, rs, md, rd, mq, mq <= 2 ? "yes" : "no"
		printf "\n%d repetitions, 4 ranks (-bind-to core on %s cores).\n", n, "'"$(nproc)"'"
	}' "$out/scatter-raw.csv" >"$out/scatter.md"
cat "$out/scatter.md"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/objects-env.txt"
