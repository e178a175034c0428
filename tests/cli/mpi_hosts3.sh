#!/bin/sh
# collect-mpi across three hosts (scripts/mpi-hosts: network namespaces on
# this machine, tbf limiting each host's sending to 400 Mbit/s): an
# allreduce's stream names every rank's host and costs at least what the
# link's rate allows whatever the algorithm; a kernel on each host writes a
# stream naming its host, analyze --group host compares the three, and a
# Ctrl-C leaves whole streams and no namespace behind.  Needs root.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/mpi_hosts_lib.sh"
command -v setsid > /dev/null || skip "no setsid"
env --default-signal=INT true 2> /dev/null || skip "env has no --default-signal"

# An allreduce of N doubles, n = 8N bytes, over three hosts, each sending
# at most what TCP carries at 400 Mbit/s, R = 47.82 MB/s (tcp_gb_per_s).
# Whatever the algorithm, each host sends at least n bytes: the others'
# results are its vector plus terms that do not depend on it, so what
# leaves it must tell its n bytes apart, and all of it leaves before the
# last rank has its result.  The slowest rank's run (the stream's t) thus
# takes at least n / R, less the tbf bucket's head start (32 KiB at most
# for each of the algorithm's pauses) and the ranks' skew leaving the
# barrier, constants the slope does not see: analyze's bandwidth of an
# allreduce (8 bytes over the cost per double) is at most R.  Algorithms
# send more: a ring 4n/3 from each host (2(p-1)/p n); Open MPI 4.1 and 5.0
# take Rabenseifner's above 256 KiB for 3 ranks, which folds the third
# rank in and out (3 = 2 + 1) and costs 3n / R on its longest path, R/3
# reduced per second.  Only the bound that holds for every algorithm is
# asserted, with the 6% the ping-pong's fit is allowed (mpi_hosts.sh).
# The sizes: 256 to 512 KiB, above the last size at which Open MPI
# changes algorithm for 3 ranks (262144 bytes), so that one algorithm
# makes the line, and 8 to 16 times tbf's bucket.  Three sweeps, not a
# budget: how many fit in one depends on the machine's speed.
truth=$(tcp_gb_per_s 400)
start=$(date +%s)
hosts 3 --rate 400mbit -- "$COLLECT_MPI" --kernel allreduce --clock monotonic \
	--range 32768:65536:16 -r 3 -q -o "$T/ar.st" 2> "$T/err" ||
	fail "allreduce across 3 hosts exited $?: $(cat "$T/err")"
echo "three hosts, allreduce at 400 Mbit/s: $(($(date +%s) - start)) s"
check "allreduce: no namespace, no file left" no_trace "$hosts_pid"
check "allreduce: the stream is rank 0's on h1, its rank columns' hosts h1 h2 h3" sh -c "
	[ '$(header_value "$T/ar.st" host)' = h1 ] &&
	[ '$(header_value "$T/ar.st" columns)' = 'n t at rank0 rank1 rank2' ] &&
	[ '$(header_value "$T/ar.st" host_rank0)' = h1 ] &&
	[ '$(header_value "$T/ar.st" host_rank1)' = h2 ] &&
	[ '$(header_value "$T/ar.st" host_rank2)' = h3 ]"
"$ANALYZE" "$T/ar.st" | grep -E '^(latency|bandwidth|  warning)' || true
"$ANALYZE" --json "$T/ar.st" > "$T/ar.json" || fail "analyze allreduce exited $?"
bw=$(json_get "$T/ar.json" message.bandwidth_gb_per_s)
check "allreduce: analyze reads it as one ($(json_get "$T/ar.json" message.kernel))" \
	[ "$(json_get "$T/ar.json" message.kernel)" = allreduce ]
check "allreduce at 400 Mbit/s: $bw GB/s of doubles reduced, at most $truth (+6%), what each host's link carries" \
	awk -v b="$bw" -v t="$truth" 'BEGIN { exit !(b > 0 && b < 1.06 * t) }'
for r in 0 1 2; do
	"$ANALYZE" --json --column rank$r "$T/ar.st" > "$T/ar.$r.json" ||
		fail "analyze --column rank$r exited $?"
	check "allreduce: rank $r's own timings (h$((r + 1))): $(json_get "$T/ar.$r.json" message.bandwidth_gb_per_s) GB/s" \
		[ -n "$(json_get "$T/ar.$r.json" message.bandwidth_gb_per_s)" ]
done

# A kernel on each host, a stream each; a Ctrl-C (SIGINT to the script's
# process group, as a terminal sends it) ends all three whole.  env: a
# background job of this shell ignores SIGINT, and so would the script.
setsid env --default-signal=INT TMPDIR="$T/tmp" "$HOSTS" 3 -- "$COLLECT_MPI" --kernel count \
	-b 60 -q --no-priority -o "$T/c.%r.st" 2> "$T/err" &
pid=$!
for r in 0 1 2; do
	wait_samples $pid "$T/c.$r.st"
done
check "while it runs: its namespaces are there" sh -c "ip netns list | grep -q '^subtick-$pid-h3'"
kill -INT "-$pid"
set +e
wait $pid
rc=$?
set -e
check "Ctrl-C: the script exits non-zero ($rc)" [ $rc -ne 0 ]
for r in 0 1 2; do
	check "Ctrl-C: rank $r's stream ends # interrupted (its last line: $(tail -n 1 "$T/c.$r.st" | cut -c 1-80); said: $(grep -v setpgid "$T/err" | tail -n 3))" sh -c "
		tail -n 1 '$T/c.$r.st' | grep -q '^# interrupted:'"
	check "Ctrl-C: rank $r's stream has whole lines" only_complete_lines "$T/c.$r.st"
	check "rank $r's stream names its host, h$((r + 1))" \
		[ "$(header_value "$T/c.$r.st" host)" = h$((r + 1)) ]
done
check "Ctrl-C: no namespace, no file left" no_trace $pid
"$ANALYZE" --group host "$T/c.0.st" "$T/c.1.st" "$T/c.2.st" > "$T/group" ||
	fail "analyze --group host exited $?"
cat "$T/group"
check "--group host: a row per host, each compared with the fastest" sh -c "
	grep -q '^h1 ' '$T/group' && grep -q '^h2 ' '$T/group' && grep -q '^h3 ' '$T/group' &&
	grep -q 'the fastest' '$T/group'"
echo "$checks checks passed"
