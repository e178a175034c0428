# mpi_hosts_lib.sh - for the tests of collect-mpi across hosts made by
# scripts/mpi-hosts (network namespaces on this machine).  Source it after
# lib.sh.  It skips (exit 77, with the reason) unless this machine can make
# them: collect-mpi built, root, ip, tc, mpirun, unshare and taskset, and a
# network namespace with a UTS namespace and tbf in it.  It defines HOSTS,
# hosts, no_trace and tcp_gb_per_s.
[ -n "${COLLECT_MPI:-}" ] || skip "collect-mpi not built (no MPI)"
[ "$(id -u)" -eq 0 ] || skip "not root: network namespaces need it"
for c in ip tc mpirun unshare taskset; do
	command -v $c > /dev/null || skip "no $c"
done
probe=subtick-probe-$$
ip netns add $probe 2> /dev/null || skip "cannot make a network namespace"
ok=1
ip netns exec $probe unshare --uts true 2> /dev/null &&
	ip -n $probe link set lo up &&
	ip netns exec $probe tc qdisc add dev lo root tbf rate 400mbit burst 32768 latency 50ms \
		2> /dev/null || ok=0
ip netns delete $probe
[ $ok = 1 ] || skip "no UTS namespace or no tbf in a network namespace"
ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
export ASAN_OPTIONS
HOSTS="$SUBTICK_SOURCE_ROOT/scripts/mpi-hosts"
# the script's own files (its agent, hostfile, Open MPI's session
# directories) go here, and must be gone after each run
mkdir "$T/tmp"

# hosts ARG...: scripts/mpi-hosts ARG..., its process id in hosts_pid (its
# namespaces are named after it) and its status returned
hosts() {
	TMPDIR="$T/tmp" "$HOSTS" "$@" &
	hosts_pid=$!
	wait "$hosts_pid"
}

# no_trace PID: no namespace of the script run as PID, and none of its
# files.  Another run on this machine (another build's tests) has its own
# namespaces, named after its own process id.
no_trace() {
	! ip netns list | grep -q "^subtick-$1-" && [ -z "$(ls -A "$T/tmp")" ]
}

# tcp_gb_per_s MBIT: what TCP carries, GB/s, over a link that tbf limits
# to MBIT Mbit/s.  tbf counts each packet as the qdisc sees it, the
# Ethernet header (14 bytes) included but no preamble, checksum or gap: a
# full frame of 1514 bytes carries 1448 of TCP's (MTU 1500 less IP's 20,
# TCP's 20 and its timestamps' 12).  400 Mbit/s: 47.82 MB/s (48.27 were
# the header not counted).
tcp_gb_per_s() {
	awk -v m="$1" 'BEGIN { printf "%.6g", m * 1e6 / 8 * 1448 / 1514 / 1e9 }'
}
