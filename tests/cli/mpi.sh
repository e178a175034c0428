#!/bin/sh
# collect-mpi under Open MPI on this machine's cores (oversubscribed): the
# clocks of every rank, a ping-pong's latency and bandwidth, regimes, an
# allreduce over three ranks, every rank's own stream and analyze --group,
# the MPI example on libsubtick, usage errors, a rank that fails, Ctrl-C.
# Asserts what holds on any machine, never a speed.
. "$(dirname "$0")/lib.sh"
[ -n "${COLLECT_MPI:-}" ] || skip "collect-mpi not built (no MPI)"
command -v mpirun > /dev/null || skip "no mpirun"
# Open MPI's own allocations are not ours to judge.
ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
export ASAN_OPTIONS
export OMPI_MCA_rmaps_base_oversubscribe=1
run() {
	np=$1
	shift
	mpirun --allow-run-as-root --oversubscribe -n "$np" "$@"
}

# --list-clocks: one row per rank and clock, equal gcd ticks on one host.
# Each rank detects each tick from its own readings: a detection that
# flips by chance (a share of multiples near the 3/4 majority) makes them
# differ now and then, a wrong one always; so up to three tries, each
# printed.  Not the CPU-time clocks: their readings are each thread's
# (process's) accounted run time, sums of the TSC's steps converted to
# ns, 10 k ns or 10 k +- 1 on the AMD guests, and their share of
# multiples of 10 lies so near the majority that the ranks disagreed in
# 4 of 12 tries here (the other clocks in none), and in all three tries of
# one run of the suite: 1 in 27 runs would fail by chance.
list_clocks_agree() {
	run 2 "$COLLECT_MPI" --list-clocks > "$T/clocks" 2> "$T/err" ||
		fail "--list-clocks exited $?: $(cat "$T/err")"
	cat "$T/clocks"
	awk '!/^#/ && $5 != "unavailable" && $4 !~ /cputime$/ {
		k = $2 " " $4; if (k in t && t[k] != $5) bad = 1; t[k] = $5 }
	     END { exit bad }' "$T/clocks"
}
agreed=0
tries 3 list_clocks_agree || agreed=$?
for r in 0 1; do
	check "--list-clocks: rank $r has a monotonic row" \
		grep -Eq "^ +$r .* monotonic +[0-9]" "$T/clocks"
done
check "--list-clocks: the ranks' gcd ticks agree, clock by clock, the CPU-time clocks aside (try $try of 3)" [ "$agreed" -eq 0 ]
check "--list-clocks: a verdict per clock names all ranks" \
	grep -q "^# monotonic on .*on all 2 ranks" "$T/clocks"

# pingpong: positive latency and bandwidth, a plan within one regime.
run 2 "$COLLECT_MPI" --kernel pingpong -b 1 -q -o "$T/pp.st" 2> "$T/err" ||
	fail "pingpong exited $?: $(cat "$T/err")"
cat "$T/err"
check "pingpong: header keys" sh -c "
	[ '$(header_value "$T/pp.st" rank)' = 0 ] && [ '$(header_value "$T/pp.st" ranks)' = 2 ] &&
	[ '$(header_value "$T/pp.st" message_kernel)' = pingpong ] &&
	[ -n '$(header_value "$T/pp.st" mpi_library)' ] && [ -n '$(header_value "$T/pp.st" host)' ]"
check "pingpong: the stream ends with # done" grep -q '^# done:' "$T/pp.st"
"$ANALYZE" --json "$T/pp.st" > "$T/pp.json" || fail "analyze pingpong exited $?"
"$ANALYZE" "$T/pp.st" | grep -E '^(latency|bandwidth)'
# shellcheck disable=SC2046 # unit cost, latency, bandwidth, resolved, latency's bounds
set -- $("$JSONQ" "$T/pp.json" unit_cost message.latency_ns message.bandwidth_gb_per_s \
	message.latency_resolved message.latency_ns_bounds)
check "pingpong: unit cost per byte $1 > 0, bandwidth $3 GB/s > 0" \
	awk -v u="$1" -v b="$3" 'BEGIN { exit !(u > 0 && b > 0) }'
# The latency is the line's intercept, extrapolated from N = 4096 or so on a
# busy machine: it may come out at or below zero, but then its bounds say
# so, and it is not called resolved.
check "pingpong: latency $2 ns within its bounds [$5, $6], resolved ($4) only above zero" \
	awk -v l="$2" -v r="$4" -v lo="$5" -v hi="$6" -v n=$# \
	'BEGIN { exit !(n == 6 && lo <= l && l <= hi && (r == "true") == (lo > 0)) }'
regimes=$(header_value "$T/pp.st" regimes)
echo "regimes: $regimes"
lo=$(echo "$regimes" | sed -n 's/.*planned: N \([0-9]*\)-\([0-9]*\).*/\1/p')
hi=$(echo "$regimes" | sed -n 's/.*planned: N \([0-9]*\)-\([0-9]*\).*/\2/p')
check "pingpong: the plan names its regime" [ -n "$lo" ] && [ -n "$hi" ]
check "pingpong: every N within the planned regime [$lo, $hi]" \
	awk -v lo="$lo" -v hi="$hi" '!/^#/ && ($1 < lo || $1 > hi) { bad = 1 } END { exit bad }' "$T/pp.st"

# Doublings across the regimes: a reported step is where the minima jump.
# The step is found by a probe of its own (minima of 20 runs, in 4 rounds
# of 5), the jump in the collection after it: on an oversubscribed,
# loaded machine one probe can be fooled, so a try whose steps do not all
# show is collected again, twice at most; a step that is not there fails
# every try.
steps_jump() {	# 0 when every step the probe reported is a jump of the minima
	while read -r below above; do
		awk -v a="$below" -v b="$above" '!/^#/ { if (!($1 in m) || $2 < m[$1]) m[$1] = $2 }
			END { exit !(m[b] - m[a] > 0.1 * m[a]) }' "$T/steps.st" ||
			{ echo "the step from N=$below to N=$above: no jump of the minima"; return 1; }
	done < "$T/steps"
}
steps_collected_jump() {
	run 2 "$COLLECT_MPI" --kernel pingpong --n 0,1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536 \
		-r 100 -q -o "$T/steps.st" 2> "$T/err" || fail "pingpong --n exited $?"
	cat "$T/err"
	grep 'spans a step' "$T/err" | sed 's/.*from N=\([0-9]*\) to N=\([0-9]*\).*/\1 \2/' > "$T/steps"
	steps_jump
}
check "every step reported is a jump of the minima (in one of 3 tries)" tries 3 steps_collected_jump

# allreduce on three ranks (more ranks than cores): t is the slowest rank's.
# Three sweeps, not a budget: how many fit in a budget depends on the
# machine's speed and load.
run 3 "$COLLECT_MPI" --kernel allreduce -r 3 -q -o "$T/ar.st" 2> "$T/err" ||
	fail "allreduce exited $?: $(cat "$T/err")"
check "allreduce: columns per rank" [ "$(header_value "$T/ar.st" columns)" = "n t at rank0 rank1 rank2" ]
check "allreduce: a sample for each N and sweep, or counted as dropped" \
	awk -v p="$(header_value "$T/ar.st" points)" -v n="$(grep -vc '^#' "$T/ar.st")" \
	-v d="$(sed -n 's/.* dropped=\([0-9]*\).*/\1/p' "$T/ar.st")" 'BEGIN { exit !(p > 0 && n > 0 && n + d == 3 * p) }'
check "allreduce: every t is the largest of the ranks' timings" \
	awk '!/^#/ { m = $4; if ($5 > m) m = $5; if ($6 > m) m = $6; if ($2 != m) bad = 1 } END { exit bad }' "$T/ar.st"
check "allreduce: analyze --column rank2" sh -c "'$ANALYZE' --column rank2 '$T/ar.st' > /dev/null"
h=$(header_value "$T/ar.st" host)
for r in 0 1 2; do
	check "allreduce: rank $r's host, this one ($h): host_rank$r" grep -qxF "# host_rank$r: $h" "$T/ar.st"
done

# A kernel on every rank, a stream each; analyze --group rank.
run 2 "$COLLECT_MPI" --kernel count -b 0.2 -q -o "$T/c.%r.st" 2> "$T/err" ||
	fail "count on every rank exited $?: $(cat "$T/err")"
for r in 0 1; do
	check "count: rank $r's stream, whole and done" sh -c "
		[ '$(header_value "$T/c.$r.st" rank)' = $r ] && grep -q '^# done:' '$T/c.$r.st'"
done
check "count: both ranks timed the same N" \
	sh -c "[ \"\$(grep -v '^#' '$T/c.0.st' | cut -f1 | sort -un)\" = \"\$(grep -v '^#' '$T/c.1.st' | cut -f1 | sort -un)\" ]"
"$ANALYZE" --group rank "$T/c.0.st" "$T/c.1.st" > "$T/group" || fail "analyze --group exited $?"
cat "$T/group"
check "--group rank: a row per rank" sh -c "grep -q '^0 ' '$T/group' && grep -q '^1 ' '$T/group'"
"$ANALYZE" --group rank --json "$T/c.0.st" "$T/c.1.st" > "$T/group.json"
r=$(json_get "$T/group.json" 'group.groups.*.ratio_to_fastest')
check "--group rank --json: two groups, the fastest at ratio 1 ($r)" \
	awk -v r="$r" 'BEGIN { k = split(r, x, " "); m = x[1]; for (i = 2; i <= k; i++) if (x[i] < m) m = x[i]; exit !(k == 2 && m == 1) }'

"$ANALYZE" "$T/c.0.st" "$T/c.1.st" > "$T/pooled" || fail "analyze of two ranks exited $?"
check "two ranks read as one collection: warned as pooled" grep -q 'pooled: streams of different rank' "$T/pooled"

# The MPI example: libsubtick on every rank, one stream per rank.
if [ -n "${MPI_EXAMPLE:-}" ]; then
	(cd "$T" && run 2 "$MPI_EXAMPLE" ex) > /dev/null 2>&1 || fail "the MPI example exited $?"
	check "example: a stream per rank with key rank" sh -c "
		[ '$(header_value "$T/ex.1.st" rank)' = 1 ] && grep -q '^# done:' '$T/ex.0.st'"
	check "example: analyze --group rank" sh -c "'$ANALYZE' --group rank '$T/ex.0.st' '$T/ex.1.st' > /dev/null"
fi

# Usage: too few ranks, no %r for several streams.
set +e
run 1 "$COLLECT_MPI" --kernel pingpong > /dev/null 2> "$T/err"
rc=$?
set -e
cat "$T/err"
check "pingpong on one rank: exit 2" [ "$rc" = 2 ]
check "pingpong on one rank: one line of ours" [ "$(grep -c '^collect-mpi:' "$T/err")" = 1 ]
set +e
run 2 "$COLLECT_MPI" -o "$T/same.st" > /dev/null 2> "$T/err"
rc=$?
set -e
check "two ranks, one name: exit 2, asks for %r" sh -c "[ $rc = 2 ] && grep -q '%r' '$T/err'"

# A rank whose output is the kernel's shared object refuses it, and the
# job stops with the file whole.
if [ -n "${SUBTICK_STEP_SO:-}" ]; then
	cp "$SUBTICK_STEP_SO" "$T/k.1.so"
	cp "$T/k.1.so" "$T/k.orig"
	set +e
	run 2 "$COLLECT_MPI" --kernel "$T/k.1.so:step" --n 100,200,300 -r 5 -q \
		-o "$T/k.%r.so" > /dev/null 2> "$T/err"
	rc=$?
	set -e
	check "rank 1's output is the kernel's shared object: non-zero exit ($rc), said" \
		sh -c "[ $rc != 0 ] && grep -q 'rank 1: --output .*k.1.so: it is also an input' '$T/err'"
	check "... the shared object untouched" cmp -s "$T/k.1.so" "$T/k.orig"
fi

# A rank whose setup fails stops every rank, named; one that crashes ends
# the job, and the other rank's stream keeps whole lines.
if [ -n "${SUBTICK_CRASH_SO:-}" ]; then
	set +e
	SUBTICK_TEST_SETUP_FAILS_ON=1 run 2 "$COLLECT_MPI" --kernel "$SUBTICK_CRASH_SO:crash" \
		--n 100,200,300 -r 5 -q -o "$T/f.%r.st" > /dev/null 2> "$T/err"
	rc=$?
	set -e
	check "setup fails on rank 1: non-zero exit ($rc), rank 1 named" \
		sh -c "[ $rc != 0 ] && grep -q 'collect-mpi: rank 1:' '$T/err'"
	set +e
	SUBTICK_TEST_CRASHES_ON=1 run 2 "$COLLECT_MPI" --kernel "$SUBTICK_CRASH_SO:crash" \
		--n 100,200,300 -b 20 -q -o "$T/k.%r.st" > /dev/null 2> "$T/err"
	rc=$?
	set -e
	tail -n 5 "$T/err"
	# named by collect-mpi or mpirun: "rank 1", or mpirun's process name
	# [[job,1],1] where the rank died by an exit status (the sanitizers'
	# exit on a crash), not a signal
	check "a crash on rank 1: non-zero exit ($rc), rank 1 named" \
		sh -c "[ $rc != 0 ] && grep -qiE 'rank 1|\[\[[0-9]+,[0-9]+\],1\]' '$T/err'"
	check "a crash on rank 1: rank 0's stream has whole lines" \
		awk '/^#/ { next } NF != 3 { bad = 1 } END { exit bad }' "$T/k.0.st"
fi

# The ranks below spin until a signal ends them: at nice -20 on every core
# they starve this script's polling (each of its commands took seconds,
# each stop 15 to 50 s); --no-priority leaves the cores shared.
#
# SIGINT to mpirun: every rank stops after its run in hand.  mpirun sends
# each rank SIGCONT, which stops it; a rank must end its stream within
# about 2 s of it, whatever mpirun's SIGKILL timeout: its MPI library,
# its daemon gone, ends it then (exit_group, no signal; measured with a
# timeout of 5 s, which only made mpirun wait 8 s where it waits 1.5 s).
mpirun --allow-run-as-root --oversubscribe -n 2 "$COLLECT_MPI" --kernel count -b 60 -q \
	--no-priority -o "$T/i.%r.st" 2> "$T/err" &
pid=$!
wait_samples $pid "$T/i.0.st"
wait_samples $pid "$T/i.1.st"
kill -INT $pid
set +e
wait $pid
set -e
for r in 0 1; do
	check "SIGINT: rank $r's stream ends with # interrupted" \
		sh -c "tail -n 1 '$T/i.$r.st' | grep -q '^# interrupted:'"
	check "SIGINT: rank $r's stream has whole lines" only_complete_lines "$T/i.$r.st"
done
# has_samples FILE: FILE holds a sample line (sampling has begun).
has_samples() { [ -f "$1" ] && grep -q '^[0-9]' "$1"; }

# SIGINT to mpirun (as timeout --foreground -s INT sends it) at moments
# spread over the sampling: mpirun sends every rank SIGCONT, SIGTERM later,
# then SIGKILL, and waits for them; every rank's stream must
# end with # interrupted.  One SIGINT, not timeout's two (without
# --foreground it signals mpirun, then its own process group, mpirun in
# it): mpirun takes a second SIGINT within 5 s as "forcibly terminate" and
# exits at once, at times before it has signalled any rank, and Open MPI
# then _exits each rank about a second later, from a thread of its own,
# with no signal to the rank: its stream then has no last line (a stop
# the product cannot see; nor is mpirun's end then the ranks' end).
# (A plan given, not probed: each try reaches its samples sooner.)
for delay in 0 0.5 1 1.6 2.3; do
	rm -f "$T"/t.*.st
	timeout --foreground -s INT 120 mpirun --allow-run-as-root --oversubscribe -n 2 "$COLLECT_MPI" \
		--kernel count --n 100000,200000,400000 -b 60 -q --no-priority -o "$T/t.%r.st" \
		2> "$T/t.err" &
	pid=$!
	i=0
	while [ $i -lt 150 ] && ! { has_samples "$T/t.0.st" && has_samples "$T/t.1.st"; }; do
		sleep 0.2
		i=$((i + 1))
	done
	sleep $delay
	kill -INT $pid
	set +e
	wait $pid
	set -e
	for r in 0 1; do
		tail -n 1 "$T/t.$r.st" | grep -q '^# interrupted:' ||
			{ echo "rank $r's stream ends: $(tail -n 1 "$T/t.$r.st")"; cat "$T/t.err"; }
		check "SIGINT to mpirun after $delay s: rank $r's stream ends # interrupted" \
			sh -c "tail -n 1 '$T/t.$r.st' | grep -q '^# interrupted:'"
	done
done

# A signal that reaches one rank only stops every rank: rank 1 gets
# SIGTERM, rank 0 nothing, and both streams end # interrupted.
printf '#!/bin/sh\necho $$ > "%s/pid.$OMPI_COMM_WORLD_RANK"\nexec "$@"\n' "$T" > "$T/rankpid"
chmod +x "$T/rankpid"
for kernel in count pingpong; do
	rm -f "$T"/pid.* "$T"/o.*.st
	mpirun --allow-run-as-root --oversubscribe -n 2 "$T/rankpid" "$COLLECT_MPI" \
		--kernel $kernel --n 1000,2000,4000 -b 60 -q --no-priority -o "$T/o.%r.st" 2> /dev/null &
	pid=$!
	i=0
	while [ $i -lt 150 ] && ! { has_samples "$T/o.0.st" && [ -s "$T/pid.1" ]; }; do
		sleep 0.2
		i=$((i + 1))
	done
	start=$(date +%s)
	kill -TERM "$(cat "$T/pid.1")"
	set +e
	wait $pid
	set -e
	check "$kernel: SIGTERM to rank 1 ends the job within seconds, not the 60 s budget" \
		[ $(($(date +%s) - start)) -le 20 ]
	streams=0
	[ $kernel = count ] && streams=1	# pingpong: rank 0 writes the one stream
	for r in $(seq 0 $streams); do
		check "$kernel: SIGTERM to rank 1 only: rank $r's stream ends # interrupted" \
			sh -c "tail -n 1 '$T/o.$r.st' | grep -q '^# interrupted: signal=SIGTERM'"
	done
done
echo "$checks checks passed"
