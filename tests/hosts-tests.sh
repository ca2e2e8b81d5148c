#!/bin/bash
# hosts-tests.sh - Motor across hosts: ranks spread over two "hosts", each a network namespace with its own host
# name, joined by a veth pair on a private test subnet; launched by the MPI library's own launcher through an
# ssh stand-in, over TCP only; the veth counters prove that the bytes crossed between the hosts.
#
# Run by `make check-hosts` (tests/run-tests.sh with tests/testlist-hosts) as root, with MOTOR, MPIEXEC,
# BUILDDIR and SRCDIR set; it tests the build it is run in (MPICH or Open MPI, from `motor --version`).  Prints
# "ok NAME" / "not ok NAME: why"; where namespaces cannot be made (not root, no ip, a sandbox without network
# namespaces) it prints one "ok hosts-tests # SKIP why" line and changes nothing.
#
# The hosts: namespaces motor-h1 (10.77.99.1) and motor-h2 (10.77.99.2), veth ends mveth1 and mveth2.  Each
# gets /etc/netns/NS/hosts (ip netns exec bind-mounts it over /etc/hosts) naming h1 and h2.  The launcher runs
# in h1; the ssh stand-in runs a command "on" h1 or h2 as `ip netns exec motor-hN unshare --uts` with the host
# name set, so MPI_Get_processor_name tells the hosts apart and neither library takes the other host for its
# own node.  Leftovers of an earlier run that was killed are removed first; everything is removed at exit.
#
# TCP only: MPICH's UCX would otherwise move bytes between the namespaces through shared memory (they share
# /dev/shm and the host name it would see), so UCX_TLS=tcp; Open MPI gets --mca pml ob1 --mca btl tcp,self.
set -u
: "${MOTOR:?}" "${BUILDDIR:?}" "${MPIEXEC:=mpiexec}"
exe=$BUILDDIR/tests/managed
ns1=motor-h1 ns2=motor-h2 dev1=mveth1 dev2=mveth2 net=10.77.99

skip() {
	echo "ok hosts-tests # SKIP $*"
	exit 0
}

teardown() {
	for ns in $ns1 $ns2; do
		ip netns pids $ns 2>/dev/null | xargs -r kill -9 2>/dev/null
		ip netns del $ns 2>/dev/null
		rm -rf /etc/netns/$ns
	done
}

[ "$(id -u)" -eq 0 ] || skip "needs root to create network namespaces (run as root: sudo make check-hosts)"
command -v ip >/dev/null || skip "no ip command (install iproute2)"
command -v unshare >/dev/null || skip "no unshare command (install util-linux)"
teardown
if ! err=$(ip netns add $ns1 2>&1 && ip netns add $ns2 2>&1 &&
	ip link add $dev1 netns $ns1 type veth peer name $dev2 netns $ns2 2>&1); then
	teardown
	skip "cannot create network namespaces and a veth pair here: $err"
fi
tmp=$(mktemp -d)
trap 'teardown; rm -rf "$tmp"' EXIT
for i in 1 2; do
	ns=motor-h$i
	# IPv4 only: an IPv6 link-local address is "tentative" for a second or two after the link comes up, and UCX
	# started in that window sees no usable TCP interface ("no active messages transport ... tcp/lo").
	ip netns exec $ns sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 2>/dev/null
	ip -n $ns addr add $net.$i/24 dev mveth$i && ip -n $ns link set lo up && ip -n $ns link set mveth$i up ||
		skip "cannot configure the veth pair in the namespaces"
	mkdir -p /etc/netns/$ns
	printf '127.0.0.1 localhost\n%s.1 h1\n%s.2 h2\n' $net $net >/etc/netns/$ns/hosts
done
# Both ends up and no address still tentative (at most 10 s) before anything is launched.
for try in $(seq 100); do
	ready=1
	for i in 1 2; do
		[ "$(ip netns exec motor-h$i cat /sys/class/net/mveth$i/operstate)" = up ] &&
			[ -z "$(ip -n motor-h$i addr show dev mveth$i tentative)" ] || ready=0
	done
	[ $ready = 1 ] && break
	sleep 0.1
done
[ $ready = 1 ] || echo "# the veth pair is not up after 10 s; the runs below may fail"

# The ssh stand-in: [ssh options] HOST COMMAND... runs COMMAND through a shell "on" HOST (h1 or h2).
cat >"$tmp/ssh" <<'EOF'
#!/bin/bash
while [ $# -gt 0 ]; do case $1 in -[lpoiF]) shift 2 ;; -*) shift ;; *) break ;; esac; done
host=$1
shift
exec ip netns exec "motor-$host" unshare --uts sh -c 'hostname "$0" && eval "$*"' "$host" "$@"
EOF
chmod +x "$tmp/ssh"

# The launcher, run "on" h1: launch RANKS-PER-HOST PROGRAM ARGS...
if "$MOTOR" --version | grep -q 'Open MPI'; then
	lib=openmpi
	cat >"$tmp/launch" <<EOF
#!/bin/bash
n=\$1
shift
exec "$MPIEXEC" --allow-run-as-root --host h1:\$n,h2:\$n -n \$((2 * n)) --mca plm_rsh_agent "$tmp/ssh" \\
	--mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include $net.0/24 --mca oob_tcp_if_include $net.0/24 \\
	"$MOTOR" "\$@"
EOF
else
	lib=mpich
	cat >"$tmp/launch" <<EOF
#!/bin/bash
n=\$1
shift
UCX_TLS=tcp exec "$MPIEXEC" -launcher ssh -launcher-exec "$tmp/ssh" -hosts h1:\$n,h2:\$n -n \$((2 * n)) \\
	"$MOTOR" "\$@"
EOF
fi
chmod +x "$tmp/launch"

crossed() { # bytes through h1's end of the veth pair, both ways
	ip netns exec $ns1 cat /sys/class/net/$dev1/statistics/tx_bytes /sys/class/net/$dev1/statistics/rx_bytes |
		awk '{ s += $1 } END { print s }'
}

run() { # ranks-per-host program args...: runs it in h1, captures status, stdout, stderr and the bytes crossed
	local before
	before=$(crossed)
	timeout -k 5 "${LIMIT:-300}" "$tmp/ssh" h1 "$tmp/launch" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	bytes=$(($(crossed) - before))
}

result() { # name condition-status why
	if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "not ok $1: $3"; fi
}

# The placement and the bytes: rank 0 sends 8 MiB to every other rank, which checks every element.  Ranks 0..n-1
# must run on h1 and n..2n-1 on h2, and at least 8 MiB per rank on h2 must cross the veth pair.
cat >"$tmp/Crossing.cs" <<'EOF'
using System;
using System.MP;

static class Crossing
{
	static int Main ()
	{
		var w = MPI.COMM_WORLD;
		int rank = w.Get_rank (), size = w.Get_size ();
		var data = new double[1 << 20];
		if (rank == 0) {
			for (int i = 0; i < data.Length; i++)
				data[i] = i * 0.5;
			for (int r = 1; r < size; r++)
				w.Send (data, r, 7);
		} else {
			w.Recv (data, 0, 7, null);
			for (int i = 0; i < data.Length; i++)
				if (data[i] != i * 0.5) {
					Console.WriteLine ("rank " + rank + ": element " + i + " is " + data[i]);
					return 1;
				}
		}
		var hosts = (string[]) w.OAllgather (new[] { MPI.Get_processor_name () });
		if (rank == 0)
			Console.WriteLine ("hosts: " + string.Join (" ", hosts));
		return 0;
	}
}
EOF
if ! (cd "$tmp" && mcs -nologo -r:"$BUILDDIR/System.MP.dll" Crossing.cs >"$tmp/mcs.log" 2>&1); then
	echo "not ok hosts-crossing-program-builds: $(head -c 600 "$tmp/mcs.log")"
	exit 1
fi

for n in 1 2; do
	run $n "$tmp/Crossing.exe"
	want="hosts: $(for i in $(seq $n); do printf 'h1 '; done; for i in $(seq $((n - 1))); do printf 'h2 '; done)h2"
	[ $status -eq 0 ] && grep -qx "$want" "$tmp/out" && [ "$bytes" -ge $((n * 8 << 20)) ]
	result "$lib-$n+$n-ranks-on-both-hosts-bytes-cross-the-veth" $? "status $status, $bytes bytes crossed \
(want $((n * 8 << 20))+), wanted '$want': $(cat "$tmp/out" "$tmp/err" | head -c 800)"
done

# The test programs, every test in them, at 1+1 and 2+2 ranks; each run must move its bytes across the veth.
for prog in P2PTests NonBlockingTests ObjectTests CollectiveTests; do
	for n in 1 2; do
		run $n "$exe/$prog.exe"
		ok=$(grep -c '^ok ' "$tmp/out")
		[ $status -eq 0 ] && [ "$ok" -gt 0 ] && ! grep -q '^not ok' "$tmp/out" && [ "$bytes" -gt 65536 ]
		result "$lib-$n+$n-$prog" $? "status $status, $ok ok, $bytes bytes crossed: $(grep '^not ok' "$tmp/out" |
			head -c 600) $(tail -c 800 "$tmp/err")"
		echo "# $lib $n+$n $prog: $ok tests passed across the hosts, $bytes bytes crossed the veth pair"
	done
done
