#!/bin/bash
# run-coll.sh - compare System.MP collectives (bench/Coll.exe under motor) with native C (bench/coll-c) in the
# same run.  Invoked by `make bench-coll`:
#
#     MPIEXEC=... MOTOR=/abs/motor BUILDDIR=/abs/builddir bash bench/run-coll.sh [--reps N] [--scale X] [--np "2 4"]
#
# Measures Allreduce of doubles (MPI_SUM, 8 B - 1 MiB) and Bcast (1 B - 4 MiB) at each process count, their
# non-blocking forms followed at once by Wait (Iallreduce 8 B - 1 MiB, Ibcast 1 B - 1 MiB), and a
# user-defined SUM on double against the built-in SUM (64 KiB - 1 MiB, both in the same motor run).
#
# Method: N repetitions; in each, both variants run back to back (`-bind-to core`), alternating which goes
# first.  Per size: the median of each variant over the repetitions with its spread (min-max over the
# repetitions, shown as "min–max" beside each median), and the paired ratio = median over
# repetitions of motor/native within the repetition (the targets are judged on it: <= 1.10 below 64 KiB,
# <= 1.02 from 64 KiB).  With more ranks than cores the iteration counts are divided by 50 (oversubscribed
# ranks wait for time slices, milliseconds per operation).  A run that fails, times out or prints the wrong sizes fails the benchmark.
# Output in --out (default $BUILDDIR/bench/results): coll-raw.csv, coll.md, env.txt, logs/.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C

die() { echo "run-coll.sh: error: $*" >&2; exit 1; }
MPIEXEC=${MPIEXEC:-mpiexec}
BUILDDIR=${BUILDDIR:-$PWD}
MOTOR=${MOTOR:-$BUILDDIR/motor}
reps=7 scale=1 nps="2 4" out= run_timeout=600
while [ $# -gt 0 ]; do
	case $1 in
	--quick) reps=3 scale=0.3 ;;
	--reps) reps=${2:?}; shift ;;
	--scale) scale=${2:?}; shift ;;
	--np) nps=${2:?}; shift ;;
	--out) out=${2:?}; shift ;;
	-h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) die "unknown argument '$1'" ;;
	esac
	shift
done
out=${out:-$BUILDDIR/bench/results}
mkdir -p "$out/logs"
native=$BUILDDIR/bench/coll-c
managed=$BUILDDIR/bench/Coll.exe
[ -x "$native" ] || die "$native not built (make bench/coll-c)"
[ -f "$managed" ] || die "$managed not built (make bench/Coll.exe)"

{
	echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "nproc:    $(nproc)"
	echo "cpu:      $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
	echo "motor:    $("$MOTOR" --version 2>&1 | tr '\n' ' ')"
	echo "settings: reps=$reps scale=$scale np=$nps; mpiexec -n NP -bind-to core; scale/50 when NP > $(nproc) cores (oversubscribed)"
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "git:      $(git -C "$(dirname "$0")" describe --always --dirty 2>/dev/null || echo unknown)"
} >"$out/env.txt"
cat "$out/env.txt"

raw=$out/coll-raw.csv
echo "kind,np,variant,rep,bytes,us,us2" >"$raw"

# run KIND NP VARIANT REP MIN MAX
run() {
	local kind=$1 np=$2 variant=$3 rep=$4 min=$5 max=$6 log=$out/logs/$1-$2-$3-$4
	local -a cmd=("$MPIEXEC" -n "$np" -bind-to core)
	# More ranks than cores: every operation waits for time slices (milliseconds), so far fewer iterations.
	local s=$scale
	if ((np > $(nproc))); then s=$(awk -v s="$scale" 'BEGIN { print s / 50 }'); fi
	if [ "$variant" = native ]; then cmd+=("$native" "$kind" "$min" "$max" "$s"); else cmd+=("$MOTOR" "$managed" "$kind" "$min" "$max" "$s"); fi
	timeout "$run_timeout" "${cmd[@]}" >"$log.out" 2>"$log.err" || die "$kind np=$np $variant rep $rep failed (see $log.err)"
	local want="" s
	for ((s = min; s <= max; s *= 2)); do want+="$s "; done
	[ "$(cut -d, -f1 "$log.out" | tr '\n' ' ')" = "$want" ] || die "$kind np=$np $variant rep $rep printed the wrong sizes (see $log.out)"
	awk -F, -v k="$kind" -v np="$np" -v v="$variant" -v r="$rep" '{ print k "," np "," v "," r "," $1 "," $2 "," ($3 == "" ? "" : $3) }' "$log.out" >>"$raw"
}

for ((rep = 1; rep <= reps; rep++)); do
	for np in $nps; do
		for spec in "allreduce 8 1048576" "bcast 1 4194304" "iallreduce 8 1048576" "ibcast 1 1048576"; do
			set -- $spec
			if ((rep % 2)); then order="native motor"; else order="motor native"; fi
			for v in $order; do
				printf 'rep %d/%d np=%d %-9s %-6s\n' "$rep" "$reps" "$np" "$1" "$v"
				run "$1" "$np" "$v" "$rep" "$2" "$3"
			done
		done
		printf 'rep %d/%d np=%d userop\n' "$rep" "$reps" "$np"
		run userop "$np" motor "$rep" 65536 1048576
	done
done

# Summary tables (Markdown).
md=$out/coll.md
awk -F, "$(cat "$(dirname "$0")/table.awk")"'
NR == 1 { next }
$1 == "userop" { key = $2 SUBSEP $5; ub[key] = ub[key] " " $6; uu[key] = uu[key] " " $7; ur[key] = ur[key] " " ($7 / $6); ukeys[key] = 1; next }
{
	key = $1 SUBSEP $2 SUBSEP $5
	t[key, $3] = t[key, $3] " " $6
	val[key, $3, $4] = $6
	keys[key] = 1
	reps[key] = reps[key] " " $4
}
END {
	split("allreduce bcast iallreduce ibcast", kinds, " ")
	split("Allreduce (double, SUM)|Bcast (byte)|Iallreduce + Wait (double, SUM)|Ibcast + Wait (byte)", titles, "|")
	for (kind_i = 1; kind_i <= 4; kind_i++) {
		kind = kinds[kind_i]
		for (np = 2; np <= 4; np += 2) {
			hdr = 0
			for (b = 1; b <= 4194304; b *= 2) {
				key = kind SUBSEP np SUBSEP b
				if (!(key in keys)) continue
				if (!hdr) {
					printf "\n### %s, %d ranks\n\n| bytes | native median us | native min–max us | motor median us | motor min–max us | ratio of medians | paired ratio | target | met |\n|---:|---:|---:|---:|---:|---:|---:|:---:|:---:|\n", titles[kind_i], np
					hdr = 1
				}
				nm = median(t[key, "native"]); mm = median(t[key, "motor"])
				pr = ""
				for (r = 1; r <= 1000; r++) if ((key, "native", r) in val && (key, "motor", r) in val) pr = pr " " val[key, "motor", r] / val[key, "native", r]
				p = median(pr)
				target = b >= 65536 ? 1.02 : 1.10
				printf "| %d | %.2f | %s | %.2f | %s | %.3f | %.3f | <=%.2f | %s |\n", b, nm, spread(t[key, "native"]), mm, spread(t[key, "motor"]),
					mm / nm, p, target, p <= target ? "yes" : "no"
			}
		}
	}
	printf "\n### User-defined SUM vs built-in SUM on double (Allreduce, same motor run)\n\n| ranks | bytes | built-in median us | built-in min–max us | user-defined median us | user-defined min–max us | paired ratio | target | met |\n|---:|---:|---:|---:|---:|---:|---:|:---:|:---:|\n"
	for (np = 2; np <= 4; np += 2)
		for (b = 65536; b <= 1048576; b *= 2) {
			key = np SUBSEP b
			if (!(key in ukeys)) continue
			p = median(ur[key])
			printf "| %d | %d | %.2f | %s | %.2f | %s | %.3f | %s | %s |\n", np, b, median(ub[key]), spread(ub[key]), median(uu[key]), spread(uu[key]), p, b == 1048576 ? "<=3" : "-", b == 1048576 ? (p <= 3 ? "yes" : "no") : "-"
		}
}' "$raw" >"$md"
echo
cat "$md"
