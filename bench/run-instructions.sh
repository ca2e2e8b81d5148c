#!/bin/bash
# run-instructions.sh - instructions Motor executes per message, counted by callgrind.
#
#     bash bench/run-instructions.sh [--top N] [--rep-stosb] [--loop LOOP]...
#
# LOOP: nonblocking, persistent, status, test, teststatus, waitall, halo, testall, blocking, bytes4k, olist or osmall.
#
# Runs a loop of bench/Overhead.cs on rank 0 under valgrind's callgrind twice, with 20,000 and 120,000
# iterations, and prints the difference divided by 100,000: instructions per iteration, by function and in
# total for Motor's C code, JIT-compiled code (System.MP, its direct calls, the internal-call wrappers, the
# allocator) and the rest.  The loops (nonblocking, blocking and osmall unless --loop chooses): nonblocking, the loop of
# run-overhead.sh (Irecv + Send + Wait of one byte under the stand-in MPI of bench/overhead-mpi.c); status, the
# same with Wait (status), which converts the MPI status; test, the same with Test called until it returns true
# (the stand-in completes the receive at the first test); teststatus, the same with Test (status); waitall,
# Irecv + Isend + Waitall of the two; halo, two Irecv + two Isend + Waitall of the four; testall, the same with Testall until true; persistent, the same as nonblocking with a Recv_init made once and Start
# instead of Irecv; blocking, Send + Recv of one byte under the same stand-in.  The others send a message to the
# stand-in's loopback (tag 78: the send copies the bytes into a stash, the receive copies them out) and receive
# it back, so an iteration is a whole send and receive, serialisation included: bytes4k, Send + Recv of a
# byte[4096], the floor for a message carrying 4 KiB; olist, OSend + ORecv of samples/LinkedList.cs's list at
# N = 1 (a node holding a byte[4096]); osmall, the same with a 16-byte payload.  Unlike a timing, the counts of
# Motor's C code and of the JIT-compiled code do not depend on the machine's load, so they compare two builds
# exactly; the rest (Mono's runtime, libc, MPI) moves by a few instructions between runs, more on a busy
# machine.  The counts do not see cache misses or stalls.  valgrind counts each byte a `rep stosb` stores as an
# instruction, so glibc's memset, which uses that instruction from 2 KiB on, would count SGen's clearing of the
# nursery per byte (about 56 per Request, against one machine instruction per cleared block); the runs
# therefore tell glibc (GLIBC_TUNABLES) to clear with its vector loop at every size, whose instructions count
# as they are.  --rep-stosb keeps glibc's default and gives the per-byte count of earlier rounds
# (doc/benchmarks.md).  Needs valgrind and a built tree (make).
if [ -z "$BASH_VERSION" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
top_n=20
loops=()
tunables=glibc.cpu.x86_rep_stosb_threshold=0xffffffffffffffff
while [ $# -gt 0 ]; do
	case $1 in
	--top) top_n=${2:?--top needs a value}; shift ;;
	--loop) loops+=("${2:?--loop needs a value}"); shift ;;
	--rep-stosb) tunables= ;;
	*) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 2 ;;
	esac
	shift
done
[ ${#loops[@]} -gt 0 ] || loops=(nonblocking blocking osmall)
command -v valgrind >/dev/null || { echo "run-instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
mpicc=${MPICC:-mpicc} mpiexec=${MPIEXEC:-mpiexec}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$mpicc" -O2 -shared -fPIC -o "$work/overhead-mpi.so" "$top/bench/overhead-mpi.c"
mcs -nologo -r:"$top/System.MP.dll" -main:Overhead -out:"$work/Overhead.exe" "$top/bench/Overhead.cs" \
	"$top/samples/LinkedList.cs" "$top/samples/ListPayload.cs"
cat > "$work/rank.sh" <<EOF
#!/bin/bash
if [ "\${PMI_RANK:-\${OMPI_COMM_WORLD_RANK:-0}}" = 0 ]; then
	exec valgrind -q --tool=callgrind --smc-check=all-non-file --callgrind-out-file="$work/cg.\$1.out" "$top/motor" "$work/Overhead.exe" "\$1" 1 "\$2"
fi
exec "$top/motor" "$work/Overhead.exe" "\$1" 1 "\$2"
EOF
chmod +x "$work/rank.sh"
for loop in "${loops[@]}"; do
	for n in 20000 120000; do
		"$mpiexec" -n 2 -env LD_PRELOAD "$work/overhead-mpi.so" -env GLIBC_TUNABLES "$tunables" "$work/rank.sh" "$n" "$loop" >/dev/null \
			2>"$work/valgrind.$n.txt"
		callgrind_annotate --tree=none --threshold=100 --auto=no "$work/cg.$n.out" >"$work/self.$n.txt"
	done
	echo "== $loop"
	python3 - "$work/self.20000.txt" "$work/self.120000.txt" "$top_n" "$loop" <<'PY'
import re, sys
def load(path):
    d = {}
    for line in open(path):
        m = re.match(r'\s*([\d,]+) \([^)]*\)\s+(.*)', line)
        if m:
            d[m.group(2).strip()] = d.get(m.group(2).strip(), 0) + int(m.group(1).replace(',', ''))
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
rows = sorted(((b.get(k, 0) - a.get(k, 0)) / 100000, k) for k in set(a) | set(b) if 'PROGRAM TOTALS' not in k)
rows.reverse()
groups = {}
for v, k in rows:
    g = 'jit' if k.endswith('[???]') else 'motor' if re.search(r'(^|/)(gc-hooks|runtime-ext|native-mpi|serializer)/', k) else 'other'
    groups[g] = groups.get(g, 0) + v
for v, k in rows[:int(sys.argv[3])]:
    print('%8.1f  %s' % (v, k[:110]))
what = {'nonblocking': 'Irecv + Send + Wait', 'persistent': 'Start + Send + Wait (Recv_init)', 'status': 'Irecv + Send + Wait (status)', 'test': 'Irecv + Send + Test', 'teststatus': 'Irecv + Send + Test (status)', 'waitall': 'Irecv + Isend + Waitall', 'halo': '2 Irecv + 2 Isend + Waitall', 'testall': '2 Irecv + 2 Isend + Testall', 'blocking': 'Send + Recv', 'bytes4k': 'Send + Recv of byte[4096]',
        'olist': 'OSend + ORecv of the N = 1 list', 'osmall': 'OSend + ORecv of a 16-byte list node'}
print('instructions per %s: Motor C %.0f, JIT-compiled %.0f, other %.0f, total %.0f'
      % (what.get(sys.argv[4], sys.argv[4]), groups.get('motor', 0), groups.get('jit', 0), groups.get('other', 0), sum(groups.values())))
PY
done
