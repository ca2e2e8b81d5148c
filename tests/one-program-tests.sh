#!/bin/bash
# one-program-tests.sh - one compiled program, both MPI libraries: app.exe is compiled once, against the MPICH
# build's System.MP.dll, and run unchanged under the MPICH-built motor and under the Open MPI-built motor
# (OMPI_BUILDDIR: an Open MPI build of the same source, configured with MPICC=mpicc.openmpi
# MPIEXEC=/usr/bin/mpiexec.openmpi).  Each run must report its own library, compute the same results and see
# MPI.Wtime count from the same kind of origin (seconds since boot, not since MPI_Init).
# Run by `make check-hosts` from the MPICH build, with MOTOR, MPIEXEC, BUILDDIR and SRCDIR set.  Prints
# "ok NAME" / "not ok NAME: why", or one "ok one-program # SKIP why" line where there is no second build.
set -u
: "${MOTOR:?}" "${BUILDDIR:?}" "${MPIEXEC:=mpiexec}"
"$MOTOR" --version | grep -q MPICH || {
	echo "ok one-program # SKIP run from the MPICH build (this motor is not built with MPICH)"
	exit 0
}
ompi=${OMPI_BUILDDIR:-}
[ -n "$ompi" ] && [ -x "$ompi/motor" ] || {
	echo "ok one-program # SKIP no Open MPI build: set OMPI_BUILDDIR to one (make check-hosts OMPI_BUILDDIR=DIR)"
	exit 0
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

result() { # name condition-status why
	if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "not ok $1: $3"; fi
}

cat >"$tmp/App.cs" <<'CS'
using System;
using System.MP;

static class App
{
	static int Main ()
	{
		var w = MPI.COMM_WORLD;
		int rank = w.Get_rank (), size = w.Get_size ();
		var sum = new long[1];
		w.Allreduce (new long[] { rank + 1 }, sum, Op.SUM);
		var got = new int[1];
		w.Sendrecv (new[] { rank * 10 }, (rank + 1) % size, 3, got, (rank + size - 1) % size, 3, null);
		var names = (string[]) w.OAllgather (new[] { "r" + rank });
		double t = MPI.Wtime ();
		if (rank == 0)
			Console.WriteLine ("library: " + Diagnostics.MpiLibrary.Split ('\n')[0].Trim ());
		Console.WriteLine ("rank " + rank + " of " + size + ": sum " + sum[0] + ", from left " + got[0] +
			", names " + string.Join (",", names) + ", wtime " + (long) t);
		return 0;
	}
}
CS
(cd "$tmp" && mcs -nologo -r:"$BUILDDIR/System.MP.dll" App.cs >"$tmp/mcs.log" 2>&1)
result one-program-compiles-once $? "$(head -c 600 "$tmp/mcs.log")"
sum=$(md5sum <"$tmp/App.exe")
uptime=$(cut -d' ' -f1 /proc/uptime)
uptime=${uptime%.*}

for lib in mpich openmpi; do
	if [ $lib = mpich ]; then
		cmd=("$MPIEXEC" -n 2 "$MOTOR")
		name=MPICH
	else
		cmd=(/usr/bin/mpiexec.openmpi --allow-run-as-root --oversubscribe -n 2 "$ompi/motor")
		name="Open MPI"
	fi
	timeout -k 5 120 "${cmd[@]}" "$tmp/App.exe" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	ok=0
	[ $status -eq 0 ] && grep -q "^library: $name" "$tmp/out" &&
		grep -q '^rank 0 of 2: sum 3, from left 10, names r0,r1, wtime ' "$tmp/out" &&
		grep -q '^rank 1 of 2: sum 3, from left 0, names r0,r1, wtime ' "$tmp/out" || ok=1
	result "one-program-runs-under-$lib" $ok "status $status: $(cat "$tmp/out" "$tmp/err" | head -c 800)"
	# MPI.Wtime counts seconds from the same origin under both libraries (the monotonic clock: since boot).
	ok=0
	for t in $(sed -n 's/.*, wtime \([0-9]*\)$/\1/p' "$tmp/out"); do
		[ "$t" -ge "$uptime" ] && [ "$t" -le $((uptime + 300)) ] || ok=1
	done
	result "one-program-wtime-counts-from-boot-under-$lib" $ok "uptime $uptime s at start: $(grep wtime "$tmp/out")"
done
[ "$(md5sum <"$tmp/App.exe")" = "$sum" ]
result one-program-is-the-same-file-throughout $? "App.exe changed"
