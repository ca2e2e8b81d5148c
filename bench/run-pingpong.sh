#!/bin/bash
# run-pingpong.sh - compare the System.MP ping-pong (samples/PingPong.exe --csv under motor) with the native C baseline
# (bench/pingpong-c) and the P/Invoke wrapper baselines (bench/pinvoke/PingPongPinvoke.exe under mono: GCHandle pin
# per operation, and `fixed`).  Invoked by bench/suite.sh (`make bench`):
#
#     MPIEXEC=... MPIEXEC_FLAGS=... MOTOR=/abs/motor BUILDDIR=/abs/builddir \
#         bash bench/run-pingpong.sh [--quick] [--nonblocking] [--reps N] [--max BYTES] [--scale X]
#                                    [--timeout SEC] [--out DIR]
#
# --nonblocking compares the non-blocking protocol (Irecv + Send + Wait) instead; its files are named
# pingpong-nb* (the P/Invoke variant is the GCHandle one: a `fixed` pin cannot outlive a call).  It adds the
# variant native-polled: the C program driving MPI the way Motor must (pingpong-c --polled: waits poll MPI_Test
# before MPI_Wait, sends are MPI_Isend + such a wait), so motor/native-polled is what Motor's own layers add and
# native-polled/native what the never-block-the-collector rule costs in C alone.
# Both protocols also run the variant native-single: the C program at MPI_THREAD_SINGLE (pingpong-c --single),
# as a single-threaded C program would run, where the other C variants run at MPI_THREAD_MULTIPLE as Motor's
# runtime must (its collector completes requests from whichever thread collects).  native-single/native is
# what that level costs C; motor/native-single is Motor against such a program.  No target is set on either.
# --no-pinvoke leaves the P/Invoke variants out (they need MPICH's integer handles).
#
# Method: N repetitions; each repetition runs every variant (2 ranks, `-bind-to core`), rotating which one goes
# first so slow drift on the machine hits all equally.  Per size we report the median (and min/max) of the N
# samples of each variant and its ratio to native C (median / native median, and the paired ratio).
#
# Honesty: a run fails the whole benchmark (non-zero exit) if it times out, exits non-zero (both programs
# verify every payload and exit non-zero on corruption), prints no data, or does not print exactly the sizes
# 1, 2, 4, ... <= max in order.
#
# Output (in --out, default $BUILDDIR/bench/results): env.txt, pingpong-raw.csv (variant,rep,bytes,us),
# pingpong.csv (bytes,variant,median_us,min_us,max_us,ratio,paired_ratio), pingpong.md (tables + targets),
# logs/ (stdout/stderr of every run).
# Only bash, coreutils, awk and sort are needed (no python).

# `make` runs us with $(SHELL); make sure it is bash.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C # '.' decimal point and byte-order sorting in sort/awk/printf

die() { echo "run-pingpong.sh: error: $*" >&2; exit 1; }
fail() { echo "FAILED"; die "$@"; } # ends a "rep ... " progress line first
usage() { sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit "${1:-0}"; }

# --- configuration ---------------------------------------------------------------------------------------
MPIEXEC=${MPIEXEC:-mpiexec}
MPIEXEC_FLAGS=${MPIEXEC_FLAGS:-}
BUILDDIR=${BUILDDIR:-$PWD}
MOTOR=${MOTOR:-$BUILDDIR/motor}
reps=7 max=$((4 << 20)) scale=1 run_timeout=300 out= name=pingpong mode=() pinvoke=1
MONO=${MONO:-mono}

# --quick only changes the defaults, so explicit options win wherever they appear.
for arg; do if [ "$arg" = --quick ]; then reps=3 max=65536 scale=0.3; fi; done
while [ $# -gt 0 ]; do
	case $1 in
	--quick) ;;
	--nonblocking) name=pingpong-nb mode=(--nonblocking) ;;
	--no-pinvoke) pinvoke=0 ;;
	--reps) reps=${2:?--reps needs a value}; shift ;;
	--max) max=${2:?--max needs a value}; shift ;;
	--scale) scale=${2:?--scale needs a value}; shift ;;
	--timeout) run_timeout=${2:?--timeout needs a value}; shift ;;
	--out) out=${2:?--out needs a value}; shift ;;
	-h|--help) usage 0 ;;
	*) echo "run-pingpong.sh: unknown argument '$1'" >&2; usage 2 >&2 ;;
	esac
	shift
done
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "--reps must be a positive integer (got '$reps')"
[[ $max =~ ^[1-9][0-9]*$ ]] || die "--max must be a positive integer (got '$max')"
[[ $scale =~ ^[0-9]*\.?[0-9]+$ ]] || die "--scale must be a positive number (got '$scale')"
[[ $run_timeout =~ ^[1-9][0-9]*$ ]] || die "--timeout must be a positive integer (got '$run_timeout')"

out=${out:-$BUILDDIR/bench/results}
mkdir -p "$out/logs" || die "cannot create output directory '$out'"
out=$(cd "$out" && pwd)
rm -f "$out"/logs/*.out "$out"/logs/*.err

native_prog=$BUILDDIR/bench/pingpong-c
motor_prog=$BUILDDIR/samples/PingPong.exe
[ -x "$native_prog" ] || die "$native_prog not built (make bench/pingpong-c)"
[ -f "$motor_prog" ] || die "$motor_prog not built (make samples/PingPong.exe)"
[ -x "$MOTOR" ] || die "motor binary '$MOTOR' not found (make motor)"
pinvoke_prog=$BUILDDIR/bench/pinvoke/PingPongPinvoke.exe
variants="native motor"
[ "$name" = pingpong-nb ] && variants+=" native-polled"
variants+=" native-single"
if [ $pinvoke = 1 ]; then
	[ -f "$pinvoke_prog" ] || die "$pinvoke_prog not built (make bench/pinvoke/PingPongPinvoke.exe; MPICH only) -- or pass --no-pinvoke"
	command -v "$MONO" >/dev/null || die "mono not found (needed for the P/Invoke baseline)"
	if [ "$name" = pingpong-nb ]; then variants+=" pinvoke-gchandle"; else variants+=" pinvoke-gchandle pinvoke-fixed"; fi
fi
command -v "$MPIEXEC" >/dev/null || die "MPI launcher '$MPIEXEC' not found"
command -v timeout >/dev/null || die "'timeout' (coreutils) not found"

# The sizes both programs must print: 1, 2, 4, ... <= max.
expected=""
for ((s = 1; s <= max; s *= 2)); do expected+="$s "; done

start_ns=$(date +%s%N)

# --- 1. environment --------------------------------------------------------------------------------------
motor_version=$("$MOTOR" --version 2>&1) || die "'$MOTOR --version' failed"
if command -v mpichversion >/dev/null; then
	mpi_version=$(mpichversion | head -1)
else
	mpi_version=$(grep -iE 'mpi' <<<"$motor_version" | grep -iv '^motor' | head -1)
fi
{
	echo "date:        $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "host:        $(uname -n)"
	echo "nproc:       $(nproc)"
	echo "cpu:         $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
	echo "kernel:      $(uname -srm)"
	echo "mpi:         $(tr -s ' \t' ' ' <<<"$mpi_version")"
	echo "mono:        $(grep -m1 '^Mono' <<<"$motor_version" || echo unknown)"
	echo "motor:       $(head -1 <<<"$motor_version")"
	echo "mpiexec:     $MPIEXEC${MPIEXEC_FLAGS:+ $MPIEXEC_FLAGS} -n 2 -bind-to core"
	echo "settings:    reps=$reps max=$max scale=$scale timeout=${run_timeout}s"
	echo "load:        $(cut -d" " -f1-3 /proc/loadavg) (1/5/15-min load average at start; > ~0.5 means a noisy machine)"
	echo "git:         $(git -C "$(dirname "$0")" describe --always --dirty 2>/dev/null || echo unknown)"
} >"$out/env.txt"
cat "$out/env.txt"
echo

# --- 2. interleaved runs ---------------------------------------------------------------------------------
raw=$out/$name-raw.csv
echo "variant,rep,bytes,us" >"$raw"

# run_variant VARIANT REP: one mpiexec run; validates the output and appends it to the raw CSV.
run_variant() {
	local variant=$1 rep=$2 log=$out/logs/$1-$2 rc=0
	local -a cmd
	# shellcheck disable=SC2206 # MPIEXEC_FLAGS is deliberately word-split
	cmd=("$MPIEXEC" $MPIEXEC_FLAGS -n 2 -bind-to core)
	case $variant in
	native) cmd+=("$native_prog" "${mode[@]}" "$max" "$scale") ;;
	native-polled) cmd+=("$native_prog" --nonblocking --polled "$max" "$scale") ;;
	native-single) cmd+=("$native_prog" "${mode[@]}" --single "$max" "$scale") ;;
	motor) cmd+=("$MOTOR" "$motor_prog" --csv "${mode[@]}" "$max" "$scale") ;;
	pinvoke-*) cmd+=("$MONO" "$pinvoke_prog" --pin "${variant#pinvoke-}" "${mode[@]}" "$max" "$scale") ;;
	esac
	printf '  rep %d/%d  %-16s ... ' "$rep" "$reps" "$variant"
	local t0 ms
	t0=$(date +%s%N)
	(cd "$BUILDDIR" && timeout -k 10 "$run_timeout" "${cmd[@]}") >"$log.out" 2>"$log.err" </dev/null || rc=$?
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	if [ $rc -ne 0 ]; then
		echo "FAILED"
		[ $rc -eq 124 ] && echo "run-pingpong.sh: $variant rep $rep timed out after ${run_timeout}s" >&2
		echo "run-pingpong.sh: $variant rep $rep exited with status $rc: ${cmd[*]}" >&2
		tail -n 20 "$log.err" >&2
		exit 1
	fi
	# Data lines are "bytes,us"; anything else on stdout is kept in the log but ignored.
	local data got
	data=$(grep -E '^[0-9]+,[0-9]+(\.[0-9]+)?$' "$log.out" || true)
	[ -n "$data" ] || fail "$variant rep $rep printed no data lines (see $log.out, $log.err)"
	got=$(cut -d, -f1 <<<"$data" | tr '\n' ' ')
	[ "$got" = "$expected" ] ||
		fail "$variant rep $rep printed sizes [${got% }], expected [${expected% }] (see $log.out)"
	awk -F, -v v="$variant" -v r="$rep" '$2 + 0 <= 0 { bad = 1 } { print v "," r "," $1 "," $2 }
		END { exit bad }' <<<"$data" >>"$raw" || fail "$variant rep $rep reported a non-positive time"
	printf 'ok (%d.%03d s)\n' $((ms / 1000)) $((ms % 1000))
}

echo "Running $reps interleaved repetitions (max $max B, scale $scale):"
read -ra vlist <<<"$variants"
for ((rep = 1; rep <= reps; rep++)); do
	# Rotate the order: each variant goes first as often as the others.
	for ((k = 0; k < ${#vlist[@]}; k++)); do
		run_variant "${vlist[(k + rep - 1) % ${#vlist[@]}]}" "$rep"
	done
done
echo

# --- 3. summary ------------------------------------------------------------------------------------------
# Sort the samples by variant, size, time; then each (variant, size) group is a sorted run of values, whose
# first/last are min/max and whose middle element(s) give the median.  Paired ratios: the runs of one
# repetition are adjacent in time and share the machine's state, so variant/native within a repetition cancels
# drift between repetitions; its median over the repetitions is the figure the targets are judged on (the ratio
# of the medians is shown beside it).
tail -n +2 "$raw" | sort -t, -k1,1 -k3,3n -k4,4g | awk -F, -v variants="$variants" '
	function median(a, n) { return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
	function flush() {
		if (n == 0) return
		med[key] = median(v, n); lo[key] = v[1]; hi[key] = v[n]
		n = 0
	}
	{ k = $1 SUBSEP $3; if (k != key) { flush(); key = k } v[++n] = $4; sizes[$3] = 1; t[$1 SUBSEP $2 SUBSEP $3] = $4; reps[$2] = 1 }
	END {
		flush()
		nv = split(variants, vs, " ")
		print "bytes,variant,median_us,min_us,max_us,ratio,paired_ratio"
		for (s = 1; s in sizes; s *= 2)
			for (i = 1; i <= nv; i++) {
				x = vs[i]; m = 0
				for (r in reps)
					if (("native" SUBSEP r SUBSEP s) in t && (x SUBSEP r SUBSEP s) in t)
						q[++m] = t[x SUBSEP r SUBSEP s] / t["native" SUBSEP r SUBSEP s]
				for (a = 2; a <= m; a++) { y = q[a]; for (b = a - 1; b >= 1 && q[b] > y; b--) q[b + 1] = q[b]; q[b + 1] = y }
				printf "%d,%s,%.4f,%.4f,%.4f,%.3f,%.3f\n", s, x, med[x SUBSEP s], lo[x SUBSEP s], hi[x SUBSEP s],
					med[x SUBSEP s] / med["native" SUBSEP s], median(q, m)
			}
	}' >"$out/$name.csv"

# Markdown: one row per size, each variant's median, and the judged ratios with their targets:
# motor/native <= 1.10 for 1 B..4 KiB and <= 1.02 from 64 KiB (blocking); motor vs P/Invoke: at least 20% less
# time than the GCHandle wrapper and 10% less than `fixed` at 1 B..1 KiB, never slower at any size.
awk -F, -v reps="$reps" -v scale="$scale" -v variants="$variants" -v nb="$([ "$name" = pingpong-nb ] && echo 1 || echo 0)" '
	NR == 1 { next }
	{ med[$1, $2] = $3; pr[$1, $2] = $7; sizes[$1] = 1 }
	END {
		nv = split(variants, vs, " ")
		hdr = "| bytes |"; sep = "|------:|"
		for (i = 1; i <= nv; i++) { hdr = hdr " " vs[i] " us |"; sep = sep "------:|" }
		hdr = hdr " motor/native | target | met |"; sep = sep "------:|:------:|:---:|"
		for (i = 3; i <= nv; i++)
			if (vs[i] ~ /^native-/) { hdr = hdr " " vs[i] "/native | motor/" vs[i] " |"; sep = sep "------:|------:|" }
			else { hdr = hdr " motor/" vs[i] " | target | met |"; sep = sep "------:|:------:|:---:|" }
		print hdr; print sep
		for (s = 1; s in sizes; s *= 2) {
			line = "| " s " |"
			for (i = 1; i <= nv; i++) line = line sprintf(" %.2f |", med[s, vs[i]])
			r = pr[s, "motor"]
			target = s <= 4096 ? 1.10 : (s >= 65536 && !nb ? 1.02 : 0)
			if (target) { met = r <= target + 1e-9 ? "yes" : "no"; if (met == "no") missed = missed " native@" s; tg = sprintf("<=%.2f", target) }
			else { met = "-"; tg = "-" }
			line = line sprintf(" %.3f | %s | %s |", r, tg, met)
			for (i = 3; i <= nv; i++) {
				# motor/X from the paired ratios to native: (motor/native) / (X/native).
				q = r / pr[s, vs[i]]
				if (vs[i] ~ /^native-/) { line = line sprintf(" %.3f | %.3f |", pr[s, vs[i]], q); continue }
				lim = s <= 1024 ? (vs[i] == "pinvoke-gchandle" ? 0.80 : 0.90) : 1.00
				m2 = q <= lim + 1e-9 ? "yes" : "no"
				if (m2 == "no") missed = missed " " vs[i] "@" s
				line = line sprintf(" %.3f | <=%.2f | %s |", q, lim, m2)
			}
			print line
		}
		printf "\nMedians of %d interleaved runs per variant (scale %s), us per round trip.  Ratios are paired: the median over\n", reps, scale
		print "repetitions of variant/native within one repetition (motor/X = paired motor/native over paired X/native)."
		print "Targets missed: " (missed == "" ? "none" : substr(missed, 2))
	}' "$out/$name.csv" >"$out/$name.md"

# --- 4. report -------------------------------------------------------------------------------------------
wall_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
wall=$(printf '%d.%03d' $((wall_ms / 1000)) $((wall_ms % 1000)))
{
	echo "load-end:    $(cut -d" " -f1-3 /proc/loadavg)"
	echo "wall:        ${wall} s"
} >>"$out/env.txt"
cat "$out/$name.md"
echo
echo "Total wall time: ${wall} s.  Results in $out"
