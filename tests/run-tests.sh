#!/bin/bash
# run-tests.sh - runs every test in a testlist and ends with "N passed, N failed".
#
#   MPIEXEC=mpiexec MOTOR=/path/motor BUILDDIR=/path SRCDIR=/path bash tests/run-tests.sh tests/testlist
#
# testlist lines: PROGRAM NPROCS... [OPTION...]   ('#' starts a comment)
#   PROGRAM  a .exe (run as `mpiexec -n N motor PROGRAM`), a native test binary, or a .sh script (run once,
#            with the environment above; NPROCS are passed to it as arguments)
#   OPTIONS  timeout=S      seconds before the run is killed (default 120)
#            args="A B"     arguments for the program (no spaces inside one argument)
#
# A program prints "ok NAME" / "not ok NAME: why" lines; each counts as one test.  A run that exits non-zero,
# times out or prints no result line counts as one more failure.  Output of failed runs is shown.
set -u
list=${1:?usage: run-tests.sh TESTLIST}
: "${MPIEXEC:=mpiexec}" "${MPIEXEC_FLAGS:=}" "${MOTOR:?}" "${BUILDDIR:?}" "${SRCDIR:=$BUILDDIR}"
export MPIEXEC MPIEXEC_FLAGS MOTOR BUILDDIR SRCDIR
# For sanitized builds (configure --enable-sanitizers): Mono and the MPI library keep memory until exit by
# design, so leak reports would be theirs, not ours.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
passed=0
failed=0
logdir=$BUILDDIR/tests/logs
mkdir -p "$logdir"

run_one() { # program nprocs timeout args...
	local prog=$1 np=$2 limit=$3
	shift 3
	local path=$BUILDDIR/$prog
	[ -e "$path" ] || path=$SRCDIR/$prog
	local label="$prog${np:+ (np=$np)}"
	local log=$logdir/$(basename "$prog").${np:-x}.log
	local -a cmd
	case $prog in
	*.sh) cmd=(bash "$path" "$@") ;;
	*.exe) cmd=("$MPIEXEC" $MPIEXEC_FLAGS -n "$np" "$MOTOR" "$path" "$@") ;;
	*) cmd=("$MPIEXEC" $MPIEXEC_FLAGS -n "$np" "$path" "$@") ;;
	esac
	local start=$SECONDS
	timeout -k 5 "$limit" "${cmd[@]}" >"$log.out" 2>"$log.err" </dev/null
	local status=$?
	local ok notok
	ok=$(grep -c '^ok ' "$log.out")
	notok=$(grep -c '^not ok ' "$log.out")
	grep -E '^(ok|not ok) ' "$log.out" | sed "s|^|[$label] |"
	passed=$((passed + ok))
	failed=$((failed + notok))
	local why=""
	if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
		why="timed out after ${limit}s"
	elif [ "$status" -ne 0 ]; then
		why="exit status $status"
	elif [ "$ok" -eq 0 ] && [ "$notok" -eq 0 ]; then
		why="no test result printed"
	fi
	if [ -n "$why" ]; then
		echo "[$label] not ok run: $why ($((SECONDS - start))s)"
		failed=$((failed + 1))
	fi
	if [ -n "$why" ] || [ "$notok" -gt 0 ]; then
		echo "---- $label: stdout (last 20 lines) ----"; tail -n 20 "$log.out"
		echo "---- $label: stderr (last 40 lines) ----"; tail -n 40 "$log.err"
		echo "----"
	fi
}

while read -r line; do
	line=${line%%#*}
	[ -z "${line// /}" ] && continue
	read -r -a words <<<"$line"
	prog=${words[0]}
	nps=()
	limit=120
	args=()
	for w in "${words[@]:1}"; do
		case $w in
		[0-9]*) nps+=("$w") ;;
		timeout=*) limit=${w#timeout=} ;;
		args=*) w=${w#args=}; w=${w//\"/}; args+=(${w//,/ }) ;;
		*) echo "run-tests.sh: bad option '$w' in: $line" >&2; exit 2 ;;
		esac
	done
	case $prog in
	*.sh) run_one "$prog" "" "$limit" "${nps[@]}" ;;
	*) for np in "${nps[@]}"; do run_one "$prog" "$np" "$limit" "${args[@]}"; done ;;
	esac
done <"$list"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
