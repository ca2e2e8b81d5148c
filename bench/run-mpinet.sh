#!/bin/bash
# run-mpinet.sh - blocking byte[] ping-pong through MPI.dll's MPI.NET API (Send<byte[]> / Receive(ref byte[]))
# against the same through System.MP (Send / Recv), bench/MpiNetPingPong.exe under motor at 2 ranks.  Invoked by
# `make bench-mpinet` and by bench/suite.sh:
#
#     MPIEXEC=... MOTOR=/abs/motor BUILDDIR=/abs/builddir bash bench/run-mpinet.sh [--quick] [--reps N]
#                                                                   [--rounds R] [--max BYTES] [--out DIR]
#
# Method: N motor runs, `-bind-to core`; in each, for every size (1 B - 4 MiB by default), R rounds that time both
# variants back to back in the same process, alternating which goes first.  Per size: the median half round-trip
# of each variant over all N x R rounds with its spread, and the paired ratio MPI.dll/System.MP (the median over
# rounds of the ratio within the round).  The target is 1.0: MPI.dll's array path is System.MP's.
# Output in --out (default $BUILDDIR/bench/results): mpinet-raw.csv, mpinet.md, logs/mpinet-*.
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
export LC_ALL=C

die() { echo "run-mpinet.sh: error: $*" >&2; exit 1; }
MPIEXEC=${MPIEXEC:-mpiexec}
BUILDDIR=${BUILDDIR:-$PWD}
MOTOR=${MOTOR:-$BUILDDIR/motor}
reps=3 rounds=5 scale=1 min=1 max=4194304 out= run_timeout=600
while [ $# -gt 0 ]; do
	case $1 in
	--quick) reps=2 rounds=3 scale=0.2 ;;
	--reps) reps=${2:?}; shift ;;
	--rounds) rounds=${2:?}; shift ;;
	--max) max=${2:?}; shift ;;
	--out) out=${2:?}; shift ;;
	-h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) die "unknown argument '$1'" ;;
	esac
	shift
done
[[ $reps =~ ^[1-9][0-9]*$ && $rounds =~ ^[1-9][0-9]*$ ]] || die "--reps and --rounds need positive integers"
out=${out:-$BUILDDIR/bench/results}
mkdir -p "$out/logs"
managed=$BUILDDIR/bench/MpiNetPingPong.exe
[ -f "$managed" ] || die "$managed not built (make bench/MpiNetPingPong.exe)"

raw=$out/mpinet-raw.csv
echo "rep,round,bytes,mpinet_us,systemmp_us" >"$raw"
want=""
for ((s = min; s <= max; s *= 2)); do
	for ((r = 1; r <= rounds; r++)); do want+="$s,$r "; done
done
for ((rep = 1; rep <= reps; rep++)); do
	log=$out/logs/mpinet-$rep
	printf 'rep %d/%d mpinet ping-pong\n' "$rep" "$reps"
	timeout "$run_timeout" "$MPIEXEC" -n 2 -bind-to core "$MOTOR" "$managed" "$min" "$max" "$rounds" "$scale" \
		>"$log.out" 2>"$log.err" || die "rep $rep failed (see $log.err)"
	[ "$(cut -d, -f1,2 "$log.out" | tr '\n' ' ')" = "$want" ] || die "rep $rep printed the wrong sizes or rounds (see $log.out)"
	awk -F, -v r="$rep" '{ print r "," $2 "," $1 "," $3 "," $4 }' "$log.out" >>"$raw"
done

md=$out/mpinet.md
awk -F, '
function median(list,   n, a, i, t, j) {
	n = split(list, a, " ")
	for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
NR == 1 { next }
{ k = $3; a[k] = a[k] " " $4; b[k] = b[k] " " $5; r[k] = r[k] " " ($4 / $5); n[k]++; if (k + 0 > maxb) maxb = k + 0; if (minb == "" || k + 0 < minb) minb = k + 0 }
END {
	print "| bytes | rounds | MPI.dll Send<byte[]>/Receive median us | System.MP Send/Recv median us | paired ratio MPI.dll/System.MP |"
	print "|---:|---:|---:|---:|---:|"
	for (s = minb; s <= maxb; s *= 2) if (s in n)
		printf "| %d | %d | %.2f | %.2f | %.3f |\n", s, n[s], median(a[s]), median(b[s]), median(r[s])
	print "\nHalf round-trip time of a blocking byte[] ping-pong between 2 ranks."
}' "$raw" >"$md"
echo
cat "$md"
