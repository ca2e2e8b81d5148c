#!/bin/bash
# run-io.sh - collective file I/O bandwidth of System.MP (bench/Io.exe under motor: MPI.File.Write_at_all and
# Read_at_all straight out of and into a managed byte[]) against the same in C (bench/io-c) on the same file
# system, in the same run.  Invoked by `make bench-io`:
#
#     MPIEXEC=... MOTOR=/abs/motor BUILDDIR=/abs/builddir bash bench/run-io.sh [--quick] [--reps N] [--scale X]
#                                               [--np "2 4"] [--min BYTES] [--max BYTES] [--dir DIR] [--out DIR]
#
# Measures, per process count, every power-of-two block per rank from 64 KiB to 64 MiB (--min, --max): each rank
# writes its block at offset rank x block of one shared file in --dir (default /tmp), then reads it back.
# Method: N repetitions; in each, both variants run back to back (`-bind-to core`), alternating which goes first.
# Per size: the median aggregate bandwidth (all ranks' bytes over the slowest rank's time) of each variant over
# the repetitions with its spread (min-max), and the paired ratio = the median over repetitions of motor/native
# within the repetition.  There is no target.  With more ranks than cores the iteration counts are divided by 50.
# Both programs check every block they read back; a run that fails, times out or prints the wrong sizes fails
# the benchmark.  The file system is whatever --dir is on (on /tmp usually the page cache: the table then says
# what each side adds to a memory copy through the MPI-IO layer, not what a disk does).
# Output in --out (default $BUILDDIR/bench/results): io-raw.csv, io.md, io-env.txt, logs/io-*.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C

die() { echo "run-io.sh: error: $*" >&2; exit 1; }
MPIEXEC=${MPIEXEC:-mpiexec}
BUILDDIR=${BUILDDIR:-$PWD}
MOTOR=${MOTOR:-$BUILDDIR/motor}
stats=$(dirname "$0")/table.awk # median() and spread() of the tables
reps=5 scale=1 nps="2 4" min=65536 max=67108864 dir=/tmp out= run_timeout=900
while [ $# -gt 0 ]; do
	case $1 in
	--quick) reps=2 scale=0.3 max=16777216 ;;
	--reps) reps=${2:?}; shift ;;
	--scale) scale=${2:?}; shift ;;
	--np) nps=${2:?}; shift ;;
	--min) min=${2:?}; shift ;;
	--max) max=${2:?}; shift ;;
	--dir) dir=${2:?}; shift ;;
	--out) out=${2:?}; shift ;;
	-h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) die "unknown argument '$1'" ;;
	esac
	shift
done
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "--reps needs a positive integer"
[[ $min =~ ^[1-9][0-9]*$ && $max =~ ^[0-9]+$ ]] && ((max >= min)) || die "--min and --max need byte counts, min <= max"
[ -d "$dir" ] && [ -w "$dir" ] || die "--dir $dir is not a writable directory"
out=${out:-$BUILDDIR/bench/results}
mkdir -p "$out/logs"
native=$BUILDDIR/bench/io-c
managed=$BUILDDIR/bench/Io.exe
[ -x "$native" ] || die "$native not built (make bench/io-c)"
[ -f "$managed" ] || die "$managed not built (make bench/Io.exe)"

{
	echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "nproc:    $(nproc)"
	echo "motor:    $("$MOTOR" --version 2>&1 | tr '\n' ' ')"
	echo "settings: reps=$reps scale=$scale np=$nps sizes=$min-$max per rank; mpiexec -n NP -bind-to core; scale/50 when NP > $(nproc) cores (oversubscribed)"
	echo "files:    $dir ($(df -PT "$dir" | awk 'NR == 2 { print $2 }'))"
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "git:      $(git -C "$(dirname "$0")" describe --always --dirty 2>/dev/null || echo unknown)"
} >"$out/io-env.txt"
cat "$out/io-env.txt"

raw=$out/io-raw.csv
echo "np,variant,rep,bytes,write_MBps,read_MBps" >"$raw"
want=""
for ((s = min; s <= max; s *= 2)); do want+="$s "; done

# run NP VARIANT REP
run() {
	local np=$1 variant=$2 rep=$3 log=$out/logs/io-$1-$2-$3 file=$dir/motor-bench-io-$$-$2
	local -a cmd=("$MPIEXEC" -n "$np" -bind-to core)
	local s=$scale
	if ((np > $(nproc))); then s=$(awk -v s="$scale" 'BEGIN { print s / 50 }'); fi
	if [ "$variant" = native ]; then cmd+=("$native"); else cmd+=("$MOTOR" "$managed"); fi
	cmd+=("$file" "$min" "$max" "$s")
	timeout "$run_timeout" "${cmd[@]}" >"$log.out" 2>"$log.err" || { rm -f "$file"; die "np=$np $variant rep $rep failed (see $log.err)"; }
	[ "$(cut -d, -f1 "$log.out" | tr '\n' ' ')" = "$want" ] || die "np=$np $variant rep $rep printed the wrong sizes (see $log.out)"
	awk -F, -v np="$np" -v v="$variant" -v r="$rep" '{ print np "," v "," r "," $1 "," $2 "," $3 }' "$log.out" >>"$raw"
}

for ((rep = 1; rep <= reps; rep++)); do
	for np in $nps; do
		if ((rep % 2)); then order="native motor"; else order="motor native"; fi
		for v in $order; do
			printf 'rep %d/%d np=%d %-6s\n' "$rep" "$reps" "$np" "$v"
			run "$np" "$v" "$rep"
		done
	done
done

# Summary tables (Markdown), one per process count and direction.
md=$out/io.md
awk -F, "$(cat "$stats")"'
NR == 1 { next }
{
	key = $1 SUBSEP $4
	bw[key, $2, "w"] = bw[key, $2, "w"] " " $5; bw[key, $2, "r"] = bw[key, $2, "r"] " " $6
	val[key, $2, $3, "w"] = $5; val[key, $2, $3, "r"] = $6; reps[key] = reps[key] " " $3
	if (!($1 in seen)) { seen[$1] = 1; nps[++nnp] = $1 }
	if ($4 + 0 > maxb) maxb = $4 + 0
	if (minb == "" || $4 + 0 < minb) minb = $4 + 0
}
END {
	split("w r", dirs, " "); names["w"] = "Write_at_all"; names["r"] = "Read_at_all"
	for (i = 1; i <= nnp; i++)
		for (d = 1; d <= 2; d++) {
			np = nps[i]; x = dirs[d]
			printf "%s### %s, %d ranks: aggregate bandwidth\n\n", (i + d > 2 ? "\n" : ""), names[x], np
			print "| bytes per rank | native median MB/s | native min–max MB/s | motor median MB/s | motor min–max MB/s | ratio of medians | paired ratio motor/native |"
			print "|---:|---:|---:|---:|---:|---:|---:|"
			for (s = minb; s <= maxb; s *= 2) {
				key = np SUBSEP s
				if (!((key, "native", x) in bw)) continue
				# Paired: motor over native within each repetition that has both.
				pr = ""; nr = split(reps[key], rl, " "); delete done
				for (k = 1; k <= nr; k++) {
					r = rl[k]
					if (r in done) continue
					done[r] = 1
					if (((key, "native", r, x) in val) && ((key, "motor", r, x) in val) && val[key, "native", r, x] > 0)
						pr = pr " " (val[key, "motor", r, x] / val[key, "native", r, x])
				}
				nm = median(bw[key, "native", x]); mm = median(bw[key, "motor", x])
				printf "| %d | %.2f | %s | %.2f | %s | %.3f | %s |\n", s, nm, spread(bw[key, "native", x]), mm,
					spread(bw[key, "motor", x]), (nm > 0 ? mm / nm : 0), (pr == "" ? "-" : sprintf("%.3f", median(pr)))
			}
		}
	printf "\nBandwidth: all ranks'"'"' bytes over the slowest rank'"'"'s time for one collective call, mean over the iterations of a run; higher is better, a paired ratio above 1 means motor was faster.\n"
}' "$raw" >"$md"
echo
cat "$md"
