#!/bin/bash
# run-rma.sh - one-sided communication: System.MP (bench/Rma.exe under motor) against native C (bench/rma-c) in
# the same run.  Invoked by `make bench-rma` and by bench/suite.sh (--only rma):
#
#     MPIEXEC=... MOTOR=/abs/motor BUILDDIR=/abs/builddir bash bench/run-rma.sh [--quick] [--reps N] [--scale X]
#                                                                              [--max BYTES] [--out DIR]
#
# Measures, at 2 ranks inside one Lock_all epoch, Put + Flush and Get + Flush latency from rank 0 to rank 1's
# window for every power-of-two size from 8 B to 1 MiB (--max).  Method as bench/run-coll.sh: N repetitions; in
# each, both variants run back to back (`-bind-to core`), alternating which goes first.  Per size and operation:
# the median of each variant over the repetitions with its spread (min-max), and the paired ratio = median over
# repetitions of motor/native within the repetition.  There is no target.  Both programs read back what they put
# and check it; a run that fails (wrong data included), times out or prints the wrong sizes fails the benchmark.
# Output in --out (default $BUILDDIR/bench/results): rma-raw.csv, rma.md, rma-env.txt, logs/rma-*.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C

die() { echo "run-rma.sh: error: $*" >&2; exit 1; }
MPIEXEC=${MPIEXEC:-mpiexec}
BUILDDIR=${BUILDDIR:-$PWD}
MOTOR=${MOTOR:-$BUILDDIR/motor}
reps=5 scale=1 min=8 max=1048576 out= run_timeout=600 np=2
while [ $# -gt 0 ]; do
	case $1 in
	--quick) reps=3 scale=0.2 ;;
	--reps) reps=${2:?}; shift ;;
	--scale) scale=${2:?}; shift ;;
	--max) max=${2:?}; shift ;;
	--out) out=${2:?}; shift ;;
	-h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) die "unknown argument '$1'" ;;
	esac
	shift
done
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "--reps needs a positive integer"
[[ $max =~ ^[0-9]+$ ]] && ((max >= min)) || die "--max needs a number of bytes >= $min"
out=${out:-$BUILDDIR/bench/results}
mkdir -p "$out/logs"
native=$BUILDDIR/bench/rma-c
managed=$BUILDDIR/bench/Rma.exe
[ -x "$native" ] || die "$native not built (make bench/rma-c)"
[ -f "$managed" ] || die "$managed not built (make bench/Rma.exe)"

{
	echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "nproc:    $(nproc)"
	echo "motor:    $("$MOTOR" --version 2>&1 | tr '\n' ' ')"
	echo "settings: reps=$reps scale=$scale np=$np sizes=$min-$max; mpiexec -n $np -bind-to core"
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "git:      $(git -C "$(dirname "$0")" describe --always --dirty 2>/dev/null || echo unknown)"
} >"$out/rma-env.txt"
cat "$out/rma-env.txt"

raw=$out/rma-raw.csv
echo "variant,rep,bytes,put_us,get_us" >"$raw"
want=""
for ((s = min; s <= max; s *= 2)); do want+="$s "; done

# run VARIANT REP
run() {
	local variant=$1 rep=$2 log=$out/logs/rma-$1-$2
	local -a cmd=("$MPIEXEC" -n "$np" -bind-to core)
	if [ "$variant" = native ]; then cmd+=("$native"); else cmd+=("$MOTOR" "$managed"); fi
	timeout "$run_timeout" "${cmd[@]}" "$min" "$max" "$scale" >"$log.out" 2>"$log.err" ||
		die "$variant rep $rep failed (see $log.err)"
	[ "$(cut -d, -f1 "$log.out" | tr '\n' ' ')" = "$want" ] || die "$variant rep $rep printed the wrong sizes (see $log.out)"
	awk -F, -v v="$variant" -v r="$rep" '{ print v "," r "," $1 "," $2 "," $3 }' "$log.out" >>"$raw"
}

for ((rep = 1; rep <= reps; rep++)); do
	if ((rep % 2)); then order="native motor"; else order="motor native"; fi
	for v in $order; do
		printf 'rep %d/%d rma %-6s\n' "$rep" "$reps" "$v"
		run "$v" "$rep"
	done
done

# Summary tables (Markdown), one per operation.
md=$out/rma.md
awk -F, "$(cat "$(dirname "$0")/table.awk")"'
NR == 1 { next }
{
	for (op = 1; op <= 2; op++) {
		key = op SUBSEP $3
		t[key, $1] = t[key, $1] " " $(3 + op)
		val[key, $1, $2] = $(3 + op)
	}
	if ($3 + 0 > maxb) maxb = $3 + 0
	if (minb == "" || $3 + 0 < minb) minb = $3 + 0
}
END {
	split("Put + Flush|Get + Flush", titles, "|")
	for (op = 1; op <= 2; op++) {
		printf "%s### %s under Lock_all, 2 ranks (rank 0 to rank 1'"'"'s window)\n\n", (op > 1 ? "\n" : ""), titles[op]
		print "| bytes | native median us | native min–max us | motor median us | motor min–max us | ratio of medians | paired ratio |"
		print "|---:|---:|---:|---:|---:|---:|---:|"
		for (b = minb; b <= maxb; b *= 2) {
			key = op SUBSEP b
			if (!((key, "native") in t) || !((key, "motor") in t)) continue
			nm = median(t[key, "native"]); mm = median(t[key, "motor"])
			pr = ""
			for (r = 1; r <= 1000; r++) if ((key, "native", r) in val && (key, "motor", r) in val) pr = pr " " val[key, "motor", r] / val[key, "native", r]
			printf "| %d | %.2f | %s | %.2f | %s | %.3f | %.3f |\n", b, nm, spread(t[key, "native"]), mm, spread(t[key, "motor"]), mm / nm, median(pr)
		}
	}
}' "$raw" >"$md"
echo
cat "$md"
