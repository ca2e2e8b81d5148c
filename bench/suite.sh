#!/bin/bash
# suite.sh - Motor's benchmark suite: `make bench` (all experiments, ~10 min on 2 cores) or
# `make bench BENCH_ARGS=--quick` (fewer repetitions and sizes, ~2 min).
#
#     MPIEXEC=... MOTOR=... BUILDDIR=... MONO=... MPI_FLAVOUR=... bash bench/suite.sh [--quick] [--out DIR]
#
# Experiments (each interleaves its variants, repeats them and reports medians and ratios to native C):
#   pingpong     blocking ping-pong 1 B - 4 MiB: native C (MPI_THREAD_MULTIPLE and _SINGLE), System.MP, P/Invoke wrapper (GCHandle and fixed)
#   pingpong-nb  non-blocking ping-pong (Irecv + Send + Wait): native C (also polled, and at MPI_THREAD_SINGLE), System.MP, P/Invoke (GCHandle)
#   linkedlist   the paper's linked-list ping-pong (4,096 bytes over N elements): OSend/ORecv vs BinaryFormatter
#                over System.MP and over the P/Invoke wrapper (the latter MPICH only)
#   scatter      OScatter of 1,000,000 objects over 4 ranks vs OSend of them to one rank (bench/run-objects.sh)
#   coll         Allreduce (8 B - 1 MiB) and Bcast (1 B - 4 MiB) at 2 and 4 ranks (2 only with --quick), and a
#                user-defined SUM against the built-in one (bench/run-coll.sh)
# Then it draws PNG plots with gnuplot (if installed: apt-get install gnuplot-nox) and writes summary.md.
# Any variant that fails, times out or reports corrupted data fails the suite.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
BUILDDIR=${BUILDDIR:-$PWD}
out=$BUILDDIR/bench/results quick=() pp=()
while [ $# -gt 0 ]; do
	case $1 in
	--quick) quick=(--quick) ;;
	--out) out=${2:?--out needs a value}; shift ;;
	-h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "suite.sh: unknown argument '$1'" >&2; exit 2 ;;
	esac
	shift
done
[ "${MPI_FLAVOUR:-mpich}" = mpich ] || pp=(--no-pinvoke)
mkdir -p "$out"
start=$(date +%s)

echo "=== (a) blocking ping-pong"
bash "$here/run-pingpong.sh" "${quick[@]}" "${pp[@]}" --out "$out"
echo
echo "=== (b) non-blocking ping-pong"
bash "$here/run-pingpong.sh" "${quick[@]}" "${pp[@]}" --nonblocking --out "$out"
echo
echo "=== (c, d) object transport"
if [ ${#quick[@]} -gt 0 ]; then
	bash "$here/run-objects.sh" "${pp[@]}" --reps 1 --max 16384 --bf-max 4096 --out "$out"
else
	bash "$here/run-objects.sh" "${pp[@]}" --reps 3 --bf-max 65536 --out "$out"
fi
echo
echo "=== (e) collectives"
if [ ${#quick[@]} -gt 0 ]; then
	bash "$here/run-coll.sh" --quick --np 2 --out "$out"
else
	# Three repetitions: at 4 ranks on 2 cores every operation waits for time slices (milliseconds), and five
	# took the suite past ten minutes.
	bash "$here/run-coll.sh" --reps 3 --out "$out"
fi
echo

# --- plots -----------------------------------------------------------------------------------------------
plots=()
if command -v gnuplot >/dev/null; then
	for name in pingpong pingpong-nb; do
		csv=$out/$name.csv
		[ -f "$csv" ] || continue
		variants=$(awk -F, 'NR > 1 && !seen[$2]++ { printf "%s ", $2 }' "$csv")
		for v in $variants; do
			awk -F, -v v="$v" 'NR > 1 && $2 == v { print $1, $3, $4, $5, $7 }' "$csv" >"$out/$name.$v.dat"
		done
		gnuplot <<-GP
			set terminal pngcairo size 900,600 noenhanced
			set datafile separator " "
			set logscale xy
			set grid
			set key left top
			set xlabel "message size (bytes)"
			set ylabel "time per round trip (us)"
			set title "$name: median time per round trip (2 ranks, bound to cores)"
			set output "$out/$name-time.png"
			plot $(for v in $variants; do printf '"%s" using 1:2:3:4 with yerrorlines title "%s", ' "$out/$name.$v.dat" "$v"; done | sed 's/, $//')
			unset logscale y
			set ylabel "time / native C time (paired median)"
			set title "$name: ratio to native C"
			set output "$out/$name-ratio.png"
			plot 1.10 with lines dashtype 2 title "target 1.10", $(for v in $variants; do [ "$v" = native ] || printf '"%s" using 1:5 with linespoints title "%s", ' "$out/$name.$v.dat" "$v"; done | sed 's/, $//')
		GP
		plots+=("$name-time.png" "$name-ratio.png")
	done
	# Objects: time per round trip against list length, and BinaryFormatter's time as a multiple of Motor's.
	csv=$out/linkedlist.csv
	if [ -f "$csv" ]; then
		awk -F, 'NR > 1 { for (i = 1; i <= NF; i++) if ($i == "" || $i == "-") $i = "NaN"; print $1, $2, $4, $6, $8, $9 }' \
			"$csv" >"$out/linkedlist.dat"
		gnuplot <<-GP
			set terminal pngcairo size 900,600 noenhanced
			set datafile missing "NaN"
			set logscale xy
			set grid
			set key left top
			set xlabel "list elements N (4,096 bytes in total; 2N objects)"
			set ylabel "time per round trip (us)"
			set title "linked-list ping-pong: median time per round trip (2 ranks, serialisation included)"
			set output "$out/linkedlist-time.png"
			plot "$out/linkedlist.dat" using 1:2 with linespoints title "Motor OSend/ORecv", \
			     "$out/linkedlist.dat" using 1:3 with linespoints title "BinaryFormatter + System.MP", \
			     "$out/linkedlist.dat" using 1:4 with linespoints title "BinaryFormatter + P/Invoke"
			unset logscale y
			set key right bottom
			set ylabel "BinaryFormatter time / Motor time (paired median)"
			set title "linked-list ping-pong: how many times faster Motor is"
			set output "$out/linkedlist-ratio.png"
			plot 30 with lines dashtype 2 title "target 30", \
			     "$out/linkedlist.dat" using 1:5 with linespoints title "BinaryFormatter + System.MP", \
			     "$out/linkedlist.dat" using 1:6 with linespoints title "BinaryFormatter + P/Invoke"
		GP
		plots+=(linkedlist-time.png linkedlist-ratio.png)
	fi
else
	echo "suite.sh: gnuplot not installed (apt-get install gnuplot-nox): no plots" >&2
fi

# --- summary ---------------------------------------------------------------------------------------------
{
	echo "# Motor benchmark results"
	echo
	echo '```'
	cat "$out/env.txt"
	echo '```'
	for name in pingpong pingpong-nb linkedlist scatter coll; do
		[ -f "$out/$name.md" ] || continue
		echo
		echo "## $name"
		echo
		cat "$out/$name.md"
	done
	if [ ${#plots[@]} -gt 0 ]; then
		echo
		echo "## Plots"
		echo
		for p in "${plots[@]}"; do echo "![$p]($p)"; done
	fi
	echo
	echo "Suite wall time: $(( $(date +%s) - start )) s."
} >"$out/summary.md"
echo "Summary: $out/summary.md"
