#!/bin/sh
# collect-mpi across hosts: scripts/mpi-hosts makes two hosts on this
# machine (network namespaces, a veth link each to a bridge, tbf limiting
# each host's sending to 400 Mbit/s) and runs a rank on each.  A ping-pong
# between them carries what TCP carries at that rate, its latency exceeds
# that of two ranks on one host, its stream names both hosts, and no
# namespace is left behind.  Needs root.  Three hosts, an allreduce, a
# stream on each host and Ctrl-C: mpi_hosts3.sh.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/mpi_hosts_lib.sh"

# Refused without root, with a reason, before making anything.
if command -v setpriv > /dev/null; then
	set +e
	setpriv --reuid=65534 --regid=65534 --clear-groups "$HOSTS" 2 -- true 2> "$T/err"
	rc=$?
	set -e
	check "not root: exit 1, said ($(cat "$T/err"))" sh -c "[ $rc = 1 ] && grep -q 'needs root' '$T/err'"
fi

# latency_of FILE: the ping-pong's latency (ns) and whether it is resolved
latency_of() {
	"$ANALYZE" --json "$1" > "$1.json" || fail "analyze $1 exited $?"
	"$JSONQ" "$1.json" message.latency_ns message.latency_resolved
}

# The small messages' latency (below tbf's bucket: no rate applies), on
# one host (shared memory) and between two.
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --allow-run-as-root \
	--oversubscribe -n 2 "$COLLECT_MPI" --kernel pingpong --range 0:1024 -b 1 -q \
	-o "$T/one.st" 2> "$T/err" || fail "pingpong on one host exited $?: $(cat "$T/err")"
# shellcheck disable=SC2046 # latency, resolved
set -- $(latency_of "$T/one.st")
one=$1
# A loaded machine can leave a second's collection without a resolved
# latency (its line had none, once in a matrix run beside a fuzzer): a
# second try, its report shown; a latency below one host's misses both.
latency_between() {
	start=$(date +%s)
	hosts 2 --rate 400mbit -- "$COLLECT_MPI" --kernel pingpong --range 0:1024 -b 1 -q \
		-o "$T/two.st" 2> "$T/err" || fail "pingpong between hosts exited $?: $(cat "$T/err")"
	echo "two hosts, small messages: $(($(date +%s) - start)) s"
	"$ANALYZE" "$T/two.st" | grep -E '^(latency|bandwidth|  warning)' || true
	two=$(latency_of "$T/two.st") || return 1
	# shellcheck disable=SC2086 # latency, resolved
	set -- $two
	lat=$1 resolved=$2
	awk -v two="$lat" -v r="$resolved" -v one="$one" 'BEGIN { exit !(r == "true" && two > one) }'
}
lat=none resolved=none
near=0
tries 2 latency_between || near=$?
check "between hosts: the stream is rank 0's on h1, its peer on h2" sh -c "
	[ '$(header_value "$T/two.st" host)' = h1 ] && [ '$(header_value "$T/two.st" peer_host)' = h2 ]"
check "latency between hosts $lat ns (resolved: $resolved) above that on one host, $one ns (try $try of 2)" \
	[ "$near" -eq 0 ]
check "no namespace, no file left" no_trace "$hosts_pid"

# The bandwidth at 400 Mbit/s: what TCP carries there (tcp_gb_per_s:
# 47.82 MB/s; measured 47.60 to 47.88).  Messages above tbf's bucket (32
# KiB) and Open MPI's eager limit (64 KiB): each leaves as the rate
# allows, the bucket's head start a constant the line's slope does not
# see.
# A slow stretch of a loaded machine can lift some N's minima and tilt
# the line (the worst of eight runs: +3.9%): a second try; a wrong rate
# misses both.
truth=$(tcp_gb_per_s 400)
bandwidth_near_truth() {
	start=$(date +%s)
	hosts 2 --rate 400mbit -- "$COLLECT_MPI" --kernel pingpong --range 131072:524288 -b 3 -q \
		-o "$T/bw.st" 2> "$T/err" || fail "pingpong at 400mbit exited $?: $(cat "$T/err")"
	echo "two hosts, 400 Mbit/s: $(($(date +%s) - start)) s"
	"$ANALYZE" "$T/bw.st" | grep -E '^(latency|bandwidth)'
	"$ANALYZE" --json "$T/bw.st" > "$T/bw.json" || fail "analyze bandwidth exited $?"
	bw=$(json_get "$T/bw.json" message.bandwidth_gb_per_s)
	awk -v b="$bw" -v t="$truth" 'BEGIN { d = b / t - 1; exit !(d < 0.06 && d > -0.06) }'
}
near=0
tries 2 bandwidth_near_truth || near=$?
check "bandwidth at 400 Mbit/s: $bw GB/s within 6% of $truth (try $try of 2)" [ "$near" -eq 0 ]
check "no namespace, no file left" no_trace "$hosts_pid"

echo "$checks checks passed"
