#!/bin/sh
# collect --trace: the activity trace's stream (whole lines, every gap above
# the threshold, the kernel's counters at both ends, the last line), what
# analyze makes of it, a collection's counters, usage errors, Ctrl-C.
# Invariants only: what disturbs this machine is not the test's business.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${DISTURB:?}"
cd "$T"

"$COLLECT" --trace 0.3 -o t.st 2> err || fail "collect --trace exited $?: $(cat err)"
check "trace: a subtick stream of kind trace" sh -c "head -n 1 t.st | grep -qx '# subtick 1' && grep -qx '# stream: trace' t.st"
check "trace: columns start length" grep -qx '# columns: start length' t.st
check "trace: the counters at both ends" sh -c "grep -q '^# counters_start: ns=' t.st && grep -q '^# counters_end: ns=' t.st"
threshold=$(header_value t.st trace_threshold)
check "trace: two integers a gap, each longer than the threshold ($threshold), in order" \
	awk -v th="$threshold" '/^#/ { next } NF != 2 || $1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/ || $2 <= th || $1 < last { bad = 1 } { last = $1 } END { exit bad }' t.st
gaps=$(grep -vc '^#' t.st || true)
check "trace: the last line counts the $gaps gaps" sh -c "tail -n 1 t.st | grep -q '^# done: gaps=$gaps reads=[0-9]* seconds=[0-9.]* stop=time'"
# the span ends at the first read past 0.3 s: later by at most the gap that
# crossed the end (a preemption, the host's steal), plus 0.1 s of slack
seconds=$(tail -n 1 t.st | sed -n 's/.* seconds=\([0-9.]*\).*/\1/p')
longest=$(awk -v u="$(header_value t.st unit_ns)" '!/^#/ && $2 * u / 1e9 > m { m = $2 * u / 1e9 } END { printf "%.9f", m }' t.st)
check "trace: seconds=$seconds, from 0.3 to 0.3 + the longest gap ($longest s) + 0.1" \
	awk -v s="$seconds" -v g="$longest" 'BEGIN { exit !(s >= 0.3 && s <= 0.4 + g) }'

"$ANALYZE" -v t.st > t.txt || fail "analyze of a trace exited $?"
check "analyze of a trace: the rate" grep -q '^interruptions  ' t.txt
"$ANALYZE" --json t.st > t.json || fail "analyze --json of a trace exited $?"
check "analyze --json of a trace: its object, within bounds" python3 -c '
import json, sys
j = json.load(open("t.json"))
t = j["trace"]
assert j["kind"] == "trace" and t["gaps"] == int(sys.argv[1]), t
assert 0 <= t["lost_share"] <= 1 and t["interruptions_per_s"] >= 0, t
assert abs(t["seconds"] - float(sys.argv[2])) < 1e-3, (t["seconds"], sys.argv[2])
for k in ("cost_ns_median", "max_ns", "kernel_counted_per_s", "preempted_per_s", "unattributed_per_s"):
    assert k in t, k
' "$gaps" "$seconds"
# no line: --excess and --minima refuse a trace, and write nothing (the
# excess had crashed there, leaving its temporary file)
for o in --excess --minima; do
	rc=0; "$ANALYZE" $o out t.st > r.txt 2> err || rc=$?
	check "analyze $o of a trace: exit 1 ($rc), why, nothing written" sh -c \
		"[ $rc -eq 1 ] && grep -q 'analyze: $o: an activity trace' err && [ ! -s r.txt ] && ! ls out out.* > /dev/null 2>&1"
done
if command -v gnuplot > /dev/null; then
	"$ANALYZE" --plot figs t.st > /dev/null || fail "analyze --plot of a trace exited $?"
	check "a trace's figures" sh -c "[ -s figs/activity.png ] && [ -s figs/gaps.png ]"
	# the gap histogram's bins: a blank line (the share's line broken)
	# exactly where empty bins lie between two
	check "gaphist.txt: a break exactly between bins that do not meet" awk '
		/^#/ { next }
		/^$/ { gap = 1; next }
		{ if (seen && (($1 > hi * 1.0001) != gap)) bad = 1; seen = 1; hi = $2; gap = 0 }
		END { exit bad || !seen }' figs/gaphist.txt
fi

# A trace with no gap above the threshold: its report, figures and page say
# so; the page shows no unit cost (its points are gaps, no N), and nothing
# fails for want of a gap to draw.
"$DISTURB" --seed 9 --trace 1 > quiet.st
check "a trace without gaps: none in it" sh -c "! grep -qv '^#' quiet.st"
"$ANALYZE" -v quiet.st > quiet.txt || fail "analyze of a trace without gaps exited $?"
check "a trace without gaps: 0 per second" grep -q '^interruptions  0 per second' quiet.txt
if command -v gnuplot > /dev/null; then
	rc=0
	"$ANALYZE" --plot quietfigs quiet.st > /dev/null 2> err || rc=$?
	check "a trace without gaps: its figures drawn (exit $rc: $(head -c 200 err))" \
		sh -c "[ $rc -eq 0 ] && [ -s quietfigs/activity.png ] && [ -s quietfigs/gaps.png ]"
	rc=0
	"$ANALYZE" --report quiet.html quiet.st > /dev/null 2> err || rc=$?
	check "a trace without gaps: its page (exit $rc: $(head -c 200 err))" [ "$rc" -eq 0 ]
	check "a trace's page: the trace's headline, no unit cost" \
		sh -c "grep -q '<h1>activity trace' quiet.html && grep -q '<th>gaps</th><td class=n>0, 0 per second' quiet.html && ! grep -q 'unit cost' quiet.html"
	printf '# subtick 1\n# stream: trace\n# columns: start length\n' > bare.st
	rc=0
	"$ANALYZE" --plot barefigs bare.st > /dev/null 2> err || rc=$?
	check "a trace without a threshold in its header, nor a gap: its figures (exit $rc: $(head -c 200 err))" \
		sh -c "[ $rc -eq 0 ] && [ -s barefigs/gaps.png ]"
	"$ANALYZE" --report t.html t.st > /dev/null 2> err || fail "analyze --report of a trace exited $?: $(cat err)"
	check "a trace's page: its gaps ($gaps), no unit cost, no minima" \
		sh -c "grep -q '<th>gaps</th><td class=n>$gaps, ' t.html && ! grep -q 'unit cost' t.html && ! grep -q 'Minimum per N' t.html"
fi

# A collection records the counters too, and analyze shows their rates.
"$COLLECT" -q --n 1000,2000,4000,8000 --runs 20 -o c.st || fail "collect exited $?"
check "a collection: counters_start in the header, counters_end before the last line" \
	sh -c "grep -q '^# counters_start: ns=' c.st && tail -n 2 c.st | head -n 1 | grep -q '^# counters_end: ns='"
"$ANALYZE" --json c.st > c.json || fail "analyze exited $?"
check "a collection: kernel_counted" python3 -c '
import json
k = json.load(open("c.json"))["kernel_counted"]
assert k is not None and k["seconds"] > 0, k'

for bad in "--trace 0" "--trace x" "--trace 4000" "--trace 1 --runs 3" "--trace 1 --kernel memcpy"; do
	rc=0
	"$COLLECT" $bad > /dev/null 2> err || rc=$?
	check "$bad: usage error (exit 2, $rc)" [ "$rc" -eq 2 ]
	check "$bad: says which" grep -q -- '--trace' err
done

# Ctrl-C, and SIGHUP (a session gone), stop it the same way: the gaps so
# far, then # interrupted, exit 128 + the signal's number.
for sig in INT:2 HUP:1; do
	name=${sig%:*} num=${sig#*:}
	[ "$name" = HUP ] && hup_ignored && continue
	"$COLLECT" --trace 60 -o "s$name.st" 2> err &
	pid=$!
	wait_for 30 catches "$pid" "$num"
	sleep 0.5
	kill -"$name" "$pid"
	rc=0
	wait "$pid" || rc=$?
	check "SIG$name: exit $((128 + num)) ($rc)" [ "$rc" -eq $((128 + num)) ]
	check "SIG$name: the gaps so far, then # interrupted" \
		sh -c "tail -n 1 s$name.st | grep -q '^# interrupted: signal=SIG$name gaps=[0-9]* .* stop=signal'"
done

# -o FILE is written beside FILE and renamed over it once whole: an old
# FILE outlives a collect killed outright (kill -9), and one stopped by a
# signal replaces it with the trace so far; no temporary is left.
echo old > k.st
"$COLLECT" --trace 60 -o k.st 2> err &
pid=$!
# the trace under way (or the old file already emptied: then the check fails)
wait_for 30 sh -c "ls k.st.* > /dev/null 2>&1 || ! grep -qx old k.st"
kill -KILL "$pid"
wait "$pid" || true
check "kill -9: the old file kept as it was" [ "$(cat k.st)" = old ]
rm -f k.st.*
"$COLLECT" --trace 60 -o k.st 2> err &
pid=$!
wait_for 30 sh -c "ls k.st.* > /dev/null 2>&1"
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
check "SIGTERM: exit 143 ($rc)" [ "$rc" -eq 143 ]
check "SIGTERM: the old file replaced by the trace so far" \
	sh -c "head -n 1 k.st | grep -qx '# subtick 1' && tail -n 1 k.st | grep -q '^# interrupted: signal=SIGTERM '"
check "no temporary left beside the outputs" [ -z "$(ls | grep -e '^k\.st\.' -e '^t\.st\.')" ]
