#!/bin/bash
# suite.sh - Motor's benchmark suite: `make bench` (all experiments, ~10 min on 2 cores) or
# `make bench BENCH_ARGS=--quick` (fewer repetitions and sizes, ~2 min).
#
#     MPIEXEC=... MOTOR=... BUILDDIR=... MONO=... MPI_FLAVOUR=... bash bench/suite.sh [--quick] [--out DIR]
#                                                                     [--doc FILE | --no-doc] [--only LIST]
#
# Experiments (each interleaves its variants, repeats them and reports medians and ratios to native C):
#   pingpong     blocking ping-pong 1 B - 4 MiB: native C (MPI_THREAD_MULTIPLE and _SINGLE), System.MP, P/Invoke wrapper (GCHandle and fixed)
#   pingpong-nb  non-blocking ping-pong (Irecv + Send + Wait): native C (also polled, and at MPI_THREAD_SINGLE), System.MP, P/Invoke (GCHandle)
#   linkedlist   the paper's linked-list ping-pong (4,096 bytes over N elements): OSend/ORecv vs BinaryFormatter
#                over System.MP and over the P/Invoke wrapper (the latter MPICH only)
#   scatter      OScatter of 1,000,000 objects over 4 ranks vs OSend of them to one rank (bench/run-objects.sh)
#   coll         Allreduce (8 B - 1 MiB) and Bcast (1 B - 4 MiB), Iallreduce + Wait (8 B - 64 KiB) and Ibcast + Wait
#                (1 B - 64 KiB) against the same in C, at 2 and 4 ranks (2 only with --quick), and a user-defined SUM
#                against the built-in one (bench/run-coll.sh)
#   halo         halo exchange on a ring of 2 ranks, 8 B - 64 KiB per neighbour: Isend/Irecv + Waitall every
#                iteration against persistent requests (Send_init/Recv_init once, Startall + Waitall), interleaved in
#                the same motor run; no C variant, the ratio is persistent/isend (bench/run-halo.sh)
#   rma          one-sided Put + Flush and Get + Flush (8 B - 1 MiB) under Lock_all at 2 ranks, against the same in
#                C (bench/run-rma.sh)
#   io           collective file write and read (Write_at_all, Read_at_all, 64 KiB - 64 MiB per rank, one shared file
#                in /tmp) at 2 ranks, against the same in C (bench/run-io.sh)
#   mpinet       blocking byte[] ping-pong 1 B - 4 MiB through MPI.dll's MPI.NET API against System.MP, interleaved
#                in the same motor run; the ratio is MPI.dll/System.MP (bench/run-mpinet.sh)
# --only LIST runs only the experiments named in the comma-separated LIST (pingpong, pingpong-nb, objects, coll,
# halo, rma, io, mpinet), for trying the suite out; like --quick, it writes no doc/benchmarks-latest.md unless --doc asks for it.
# Then it draws PNG plots with gnuplot (if installed: apt-get install gnuplot-nox) and writes summary.md.
# A full run (not --quick) also writes its tables, the machine (lscpu, MPI and Mono versions) and the command to
# doc/benchmarks-latest.md in the source tree (--doc FILE writes them elsewhere, --no-doc nowhere); doc/benchmarks.md
# takes its current tables from it.
# Any variant that fails, times out or reports corrupted data fails the suite.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
BUILDDIR=${BUILDDIR:-$PWD}
out=$BUILDDIR/bench/results quick=() pp=() doc=$here/../doc/benchmarks-latest.md doc_given=0 only=
command_line="make bench${*:+ BENCH_ARGS=\"$*\"}"
while [ $# -gt 0 ]; do
	case $1 in
	--quick) quick=(--quick) ;;
	--out) out=${2:?--out needs a value}; shift ;;
	--doc) doc=${2:?--doc needs a value} doc_given=1; shift ;;
	--no-doc) doc= doc_given=1 ;;
	--only) only=${2:?--only needs a value}; shift ;;
	-h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "suite.sh: unknown argument '$1'" >&2; exit 2 ;;
	esac
	shift
done
[ "${MPI_FLAVOUR:-mpich}" = mpich ] || pp=(--no-pinvoke)
for name in ${only//,/ }; do
	case $name in
	pingpong|pingpong-nb|objects|coll|halo|rma|io|mpinet) ;;
	*) echo "suite.sh: --only: unknown experiment '$name' (pingpong, pingpong-nb, objects, coll, halo, rma, io, mpinet)" >&2; exit 2 ;;
	esac
done
# selected NAME: whether the experiment NAME runs (all of them without --only).
selected() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }
# A --quick or --only run is a trial: its numbers do not replace a full run's unless --doc asks for it.
if { [ ${#quick[@]} -gt 0 ] || [ -n "$only" ]; } && [ $doc_given = 0 ]; then doc=; fi
mkdir -p "$out"
start=$(date +%s)

# --- the machine, recorded once before any run (the scripts' own env.txt files overwrite each other) -------
MOTOR=${MOTOR:-$BUILDDIR/motor}
lscpu_field() { lscpu 2>/dev/null | sed -n "s/^$1:[[:space:]]*//p" | head -1; }
motor_version=$("$MOTOR" --version 2>&1 || true)
{
	echo "date:     $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "cpu:      $(lscpu_field 'Model name' || true)"
	echo "cores:    $(lscpu_field 'CPU(s)') CPUs ($(lscpu_field 'Thread(s) per core') threads per core), $(nproc) usable"
	echo "virtual:  $(lscpu_field 'Hypervisor vendor' | sed 's/^$/none reported/')"
	echo "memory:   $(awk '/^MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo)"
	echo "kernel:   $(uname -srm)"
	echo "os:       $(sed -n 's/^PRETTY_NAME=//p' /etc/os-release 2>/dev/null | tr -d '"')"
	echo "mpi:      $(sed -n 3p <<<"$motor_version" | tr -s ' \t' ' ')$(command -v mpichversion >/dev/null && [ "${MPI_FLAVOUR:-mpich}" = mpich ] && mpichversion | sed -n 's/^MPICH Device:[[:space:]]*/, device /p')"
	echo "mono:     $(sed -n 2p <<<"$motor_version")"
	echo "motor:    $(sed -n 1p <<<"$motor_version")"
	echo "mpiexec:  ${MPIEXEC:-mpiexec}${MPIEXEC_FLAGS:+ $MPIEXEC_FLAGS}"
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-minute load average at start)"
} >"$out/machine.txt"
cat "$out/machine.txt"
echo

# The tables this run writes (NAME.md in $out), in order: only they go into the summary, not those an earlier run
# left in the same --out.
tables=()

if selected pingpong; then
	echo "=== (a) blocking ping-pong"
	bash "$here/run-pingpong.sh" "${quick[@]}" "${pp[@]}" --out "$out"
	tables+=(pingpong)
	echo
fi
if selected pingpong-nb; then
	echo "=== (b) non-blocking ping-pong"
	bash "$here/run-pingpong.sh" "${quick[@]}" "${pp[@]}" --nonblocking --out "$out"
	tables+=(pingpong-nb)
	echo
fi
if selected objects; then
	echo "=== (c, d) object transport"
	if [ ${#quick[@]} -gt 0 ]; then
		bash "$here/run-objects.sh" "${pp[@]}" --reps 1 --max 16384 --bf-max 4096 --out "$out"
	else
		bash "$here/run-objects.sh" "${pp[@]}" --reps 3 --bf-max 65536 --out "$out"
	fi
	tables+=(linkedlist scatter)
	echo
fi
if selected coll; then
	# run-coll.sh measures Allreduce, Bcast, Iallreduce + Wait, Ibcast + Wait and the user-defined SUM in every
	# repetition; coll.md has a table for each.
	echo "=== (e) collectives"
	if [ ${#quick[@]} -gt 0 ]; then
		bash "$here/run-coll.sh" --quick --np 2 --out "$out"
	else
		# Three repetitions: at 4 ranks on 2 cores every operation waits for time slices (milliseconds), and five
		# took the suite past ten minutes.
		bash "$here/run-coll.sh" --reps 3 --out "$out"
	fi
	tables+=(coll)
	echo
fi
if selected halo; then
	echo "=== (f) halo exchange"
	if [ ${#quick[@]} -gt 0 ]; then
		bash "$here/run-halo.sh" --quick --np 2 --out "$out"
	else
		bash "$here/run-halo.sh" --reps 3 --rounds 5 --np 2 --out "$out"
	fi
	tables+=(halo)
	echo
fi
if selected rma; then
	echo "=== (g) one-sided communication"
	if [ ${#quick[@]} -gt 0 ]; then
		bash "$here/run-rma.sh" --quick --out "$out"
	else
		bash "$here/run-rma.sh" --reps 5 --out "$out"
	fi
	tables+=(rma)
	echo
fi
if selected io; then
	echo "=== (h) parallel I/O"
	if [ ${#quick[@]} -gt 0 ]; then
		bash "$here/run-io.sh" --quick --np 2 --out "$out"
	else
		bash "$here/run-io.sh" --np 2 --out "$out"
	fi
	tables+=(io)
	echo
fi
if selected mpinet; then
	echo "=== (i) MPI.NET API (MPI.dll) against System.MP"
	if [ ${#quick[@]} -gt 0 ]; then
		bash "$here/run-mpinet.sh" --quick --out "$out"
	else
		bash "$here/run-mpinet.sh" --reps 3 --rounds 5 --out "$out"
	fi
	tables+=(mpinet)
	echo
fi

# --- plots -----------------------------------------------------------------------------------------------
plots=()
if command -v gnuplot >/dev/null; then
	for name in pingpong pingpong-nb; do
		csv=$out/$name.csv
		[[ " ${tables[*]} " == *" $name "* ]] && [ -f "$csv" ] || continue
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
	if [[ " ${tables[*]} " == *" linkedlist "* ]] && [ -f "$csv" ]; then
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
	echo "Command: \`$command_line\`"
	echo
	echo '```'
	cat "$out/machine.txt"
	echo '```'
	for name in "${tables[@]}"; do
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

# --- the tables for the documentation --------------------------------------------------------------------
if [ -n "$doc" ]; then
	{
		echo "# Benchmark results: the latest \`make bench\`"
		echo
		echo "Generated by \`bench/suite.sh\` at the end of a run; do not edit by hand.  What each experiment"
		echo "measures, the method and the targets are in [benchmarks.md](benchmarks.md)."
		echo
		echo "Command: \`$command_line\` (that is, \`bash bench/suite.sh\` with those arguments); the whole"
		echo "suite took $(( $(date +%s) - start )) s."
		echo
		echo "## Machine"
		echo
		echo '```'
		cat "$out/machine.txt"
		echo '```'
		for pair in "pingpong:(a) Blocking ping-pong" "pingpong-nb:(b) Non-blocking ping-pong" \
			"linkedlist:(c) Linked-list ping-pong" "scatter:(d) OScatter against OSend" "coll:(e) Collectives" \
			"halo:(f) Halo exchange: Isend/Irecv against persistent requests" \
			"rma:(g) One-sided Put and Get with Flush under Lock_all" \
			"io:(h) Collective file write and read" \
			"mpinet:(i) MPI.NET API (MPI.dll) against System.MP: byte[] ping-pong"; do
			name=${pair%%:*}
			[[ " ${tables[*]} " == *" $name "* ]] && [ -f "$out/$name.md" ] || continue
			echo
			echo "## ${pair#*:}"
			echo
			cat "$out/$name.md"
		done
	} >"$doc.tmp" && mv "$doc.tmp" "$doc"
	echo "Tables for the documentation: $doc"
fi
