#!/bin/sh
# collect-mpi across hosts: scripts/mpi-hosts makes two hosts on this
# machine (network namespaces, a veth link each to a bridge, tbf limiting
# each host's sending to 400 Mbit/s) and runs a rank on each.  A ping-pong
# between them carries what TCP carries at that rate, its latency exceeds
# that of two ranks on one host, each rank's stream names its host
# (analyze --group host), and a Ctrl-C leaves whole streams and no
# namespace behind.  Needs root.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/mpi_hosts_lib.sh"
command -v setsid > /dev/null || skip "no setsid"
env --default-signal=INT true 2> /dev/null || skip "env has no --default-signal"

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

# A kernel on each host, a stream each; a Ctrl-C (SIGINT to the script's
# process group, as a terminal sends it) ends both whole.  env: a
# background job of this shell ignores SIGINT, and so would the script.
setsid env --default-signal=INT TMPDIR="$T/tmp" "$HOSTS" 2 -- "$COLLECT_MPI" --kernel count -b 60 -q \
	--no-priority -o "$T/c.%r.st" 2> "$T/err" &
pid=$!
wait_samples $pid "$T/c.0.st"
wait_samples $pid "$T/c.1.st"
check "while it runs: its namespaces are there" sh -c "ip netns list | grep -q '^subtick-$pid-h2'"
kill -INT "-$pid"
set +e
wait $pid
rc=$?
set -e
check "Ctrl-C: the script exits non-zero ($rc)" [ $rc -ne 0 ]
for r in 0 1; do
	check "Ctrl-C: rank $r's stream ends # interrupted" sh -c "
		tail -n 1 '$T/c.$r.st' | grep -q '^# interrupted:'"
	check "Ctrl-C: rank $r's stream has whole lines" only_complete_lines "$T/c.$r.st"
	check "rank $r's stream names its host, h$((r + 1))" \
		[ "$(header_value "$T/c.$r.st" host)" = h$((r + 1)) ]
done
check "Ctrl-C: no namespace, no file left" no_trace $pid
"$ANALYZE" --group host "$T/c.0.st" "$T/c.1.st" > "$T/group" || fail "analyze --group host exited $?"
check "--group host: a row per host" sh -c "grep -q '^h1 ' '$T/group' && grep -q '^h2 ' '$T/group'"
echo "$checks checks passed"
