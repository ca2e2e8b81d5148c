#!/bin/bash
# run-halo.sh - halo exchange on a 1-D ring in System.MP (bench/Halo.exe under motor): every rank exchanges a block
# of doubles with its left and right neighbours each iteration, (a) with Irecv/Isend posted every iteration and
# Request.Waitall, (b) with persistent requests made once per size (Recv_init/Send_init) and Prequest.Startall +
# Request.Waitall every iteration.  Invoked by `make bench-halo` and by bench/suite.sh:
#
#     MPIEXEC=... MOTOR=/abs/motor BUILDDIR=/abs/builddir bash bench/run-halo.sh [--quick] [--reps N] [--rounds R]
#                                                                  [--scale X] [--np "2"] [--max BYTES] [--out DIR]
#
# Method: N motor runs (repetitions) per process count, `-bind-to core`; in each, for every block size (8 B - 64 KiB
# by default), R rounds that time both variants back to back in the same process, alternating which goes first.
# Per size: the median time per iteration of each variant over all N x R rounds with its spread (min-max), and the
# paired ratio (b)/(a) = the median over rounds of persistent/isend within the round.  There is no target: the table
# says what persistent requests save (or cost) against posting afresh.  With more ranks than cores the iteration
# counts are divided by 50.  Halo.exe checks the received data every iteration; a run that fails (wrong data
# included), times out or prints the wrong sizes fails the benchmark.
# Output in --out (default $BUILDDIR/bench/results): halo-raw.csv, halo.md, halo-env.txt, logs/halo-*.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C

die() { echo "run-halo.sh: error: $*" >&2; exit 1; }
MPIEXEC=${MPIEXEC:-mpiexec}
BUILDDIR=${BUILDDIR:-$PWD}
MOTOR=${MOTOR:-$BUILDDIR/motor}
stats=$(dirname "$0")/stats.awk # median() and spread() of the tables
reps=3 rounds=5 scale=1 nps=2 min=8 max=65536 out= run_timeout=600
while [ $# -gt 0 ]; do
	case $1 in
	--quick) reps=2 rounds=3 scale=0.2 ;;
	--reps) reps=${2:?}; shift ;;
	--rounds) rounds=${2:?}; shift ;;
	--scale) scale=${2:?}; shift ;;
	--np) nps=${2:?}; shift ;;
	--max) max=${2:?}; shift ;;
	--out) out=${2:?}; shift ;;
	-h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) die "unknown argument '$1'" ;;
	esac
	shift
done
[[ $reps =~ ^[1-9][0-9]*$ && $rounds =~ ^[1-9][0-9]*$ ]] || die "--reps and --rounds need positive integers"
[[ $max =~ ^[0-9]+$ ]] && ((max >= min)) || die "--max needs a number of bytes >= $min"
out=${out:-$BUILDDIR/bench/results}
mkdir -p "$out/logs"
managed=$BUILDDIR/bench/Halo.exe
[ -f "$managed" ] || die "$managed not built (make bench/Halo.exe)"

{
	echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "nproc:    $(nproc)"
	echo "motor:    $("$MOTOR" --version 2>&1 | tr '\n' ' ')"
	echo "settings: reps=$reps rounds=$rounds scale=$scale np=$nps sizes=$min-$max; mpiexec -n NP -bind-to core; scale/50 when NP > $(nproc) cores (oversubscribed)"
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "git:      $(git -C "$(dirname "$0")" describe --always --dirty 2>/dev/null || echo unknown)"
} >"$out/halo-env.txt"
cat "$out/halo-env.txt"

raw=$out/halo-raw.csv
echo "np,rep,round,bytes,isend_us,persistent_us" >"$raw"
want=""
for ((s = min; s <= max; s *= 2)); do
	for ((r = 1; r <= rounds; r++)); do want+="$s,$r "; done
done

for ((rep = 1; rep <= reps; rep++)); do
	for np in $nps; do
		log=$out/logs/halo-$np-$rep
		s=$scale
		if ((np > $(nproc))); then s=$(awk -v s="$scale" 'BEGIN { print s / 50 }'); fi
		printf 'rep %d/%d np=%d halo\n' "$rep" "$reps" "$np"
		timeout "$run_timeout" "$MPIEXEC" -n "$np" -bind-to core "$MOTOR" "$managed" "$min" "$max" "$rounds" "$s" \
			>"$log.out" 2>"$log.err" || die "np=$np rep $rep failed (see $log.err)"
		[ "$(cut -d, -f1,2 "$log.out" | tr '\n' ' ')" = "$want" ] || die "np=$np rep $rep printed the wrong sizes or rounds (see $log.out)"
		awk -F, -v np="$np" -v r="$rep" '{ print np "," r "," $2 "," $1 "," $3 "," $4 }' "$log.out" >>"$raw"
	done
done

# Summary table (Markdown), one per process count.
md=$out/halo.md
awk -F, "$(cat "$stats")"'
NR == 1 { next }
{
	key = $1 SUBSEP $4
	a[key] = a[key] " " $5; b[key] = b[key] " " $6; r[key] = r[key] " " ($6 / $5); n[key]++
	if (!($1 in seen)) { seen[$1] = 1; nps[++nnp] = $1 }
	if ($4 + 0 > maxb) maxb = $4 + 0
	if (minb == "" || $4 + 0 < minb) minb = $4 + 0
}
END {
	for (i = 1; i <= nnp; i++) {
		np = nps[i]
		printf "%s### Halo exchange on a ring, %d ranks: (a) Isend/Irecv + Waitall, (b) Startall + Waitall of persistent requests\n\n", (i > 1 ? "\n" : ""), np
		print "| bytes per neighbour | rounds | (a) isend median us | (a) min–max us | (b) persistent median us | (b) min–max us | ratio of medians (b)/(a) | paired ratio (b)/(a) |"
		print "|---:|---:|---:|---:|---:|---:|---:|---:|"
		for (s = minb; s <= maxb; s *= 2) {
			key = np SUBSEP s
			if (!(key in n)) continue
			ma = median(a[key]); mb = median(b[key])
			printf "| %d | %d | %.2f | %s | %.2f | %s | %.3f | %.3f |\n", s, n[key], ma, spread(a[key]), mb, spread(b[key]), mb / ma, median(r[key])
		}
	}
	printf "\nTime per iteration: one exchange with both neighbours (two sends, two receives), the slowest rank'"'"'s mean.\n"
}' "$raw" >"$md"
echo
cat "$md"
