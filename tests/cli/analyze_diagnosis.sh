#!/bin/sh
# What disturbed the timings, as analyze says it: the model's figures on
# collections of a known truth are the unit test's (tests/unit/
# test_model.c); here, what the program shows of them: the text and JSON
# of a collection and of an activity trace, pooled files (no period
# sought across them), a stream without start times, --threshold, the
# recorded collections of data/, and disturb's refusals.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${DISTURB:?}"
cd "$T"

# judge FILE PYTHON: run the assertions on analyze --json of FILE (j).
judge() {
	"$ANALYZE" --json "$1" > j.json || fail "$1: analyze exited $?"
	python3 -c '
import json, sys
j = json.load(open("j.json"))
def near(v, t, rel): return v is not None and abs(v / t - 1) <= rel
def periodic(): return sorted(j["periodic"], key=lambda s: s["period_ns"])
assert not any(w.endswith("...") for w in j["warnings"]), j["warnings"]
exec(sys.argv[1])' "$2"
}

# two sources: the text names each with its rate and cost, and the JSON
# the model's account (the jitter, every source with its kind)
"$DISTURB" --seed 1 --periodic 1000:20 --periodic 2700:50 --random 300:5 > two.st
"$ANALYZE" -v two.st > two.txt || fail "analyze two.st exited $?"
check "text: each periodic source with its rate" sh -c "
	grep -q '^    every 1 ms (1000 Hz): 1000 per second, each 20 µs' two.txt &&
	grep -q '^    every 2.7 ms (370.4 Hz): 370.4 per second, each 50 µs' two.txt"
check "text: the random rest, and the jitter's threshold" sh -c "
	grep -q '^    at random: ' two.txt && grep -q 'runs cross it 0.1 times by chance' two.txt"
"$ANALYZE" two.st > two.short || fail "analyze two.st exited $?"
check "the short report: each source in one plain line, its cost the full report's" sh -c "
	grep -q '^disturbed  every 1 ms (1000 Hz), 20 µs each\$' two.short &&
	grep -q '^           every 2.7 ms (370.4 Hz), 50 µs each\$' two.short &&
	grep -q '^           at random, .* per second .*, [0-9.]* µs each\$' two.short"
check "JSON: the model's account" judge two.st '
assert j["jitter"] is not None and j["jitter"]["false_alarms"] == 0.1, j["jitter"]
kinds = sorted(s["kind"] for s in j["sources"])
assert kinds == ["periodic", "periodic", "random"], kinds
assert [round(s["period_ns"] / 1e5) for s in periodic()] == [10, 27], j["periodic"]
assert j["periods_searched"] is True and j["period_found"] is True
assert j["interrupts"] > 0 and near(j["interrupts_per_s"], 1000 + 370.4 + 300, 0.1), j["interrupts_per_s"]
for k in ("slowed_runs", "spread_tail_heavy", "spread_tail_mixed", "short_runs_events"):
    assert j[k] is None, k'

# nothing but jitter: none, and from what cost one would be seen
"$DISTURB" --seed 2 > quiet.st
"$ANALYZE" -v quiet.st > quiet.txt || fail "analyze quiet.st exited $?"
check "quiet: no interruption, and from what cost one would be seen" \
	grep -q '^  interruptions: none (one would be seen from a cost of ' quiet.txt
check "quiet, JSON: no source, no warning" judge quiet.st '
assert j["sources"] == [] and j["interrupts"] == 0 and j["warnings"] == [], (j["sources"], j["warnings"])
assert len(j["speed_states"]) == 1 and j["speed_ramps"] == [], j["speed_states"]'

# a speed that ramps: the ramp, in the text and in JSON
"$DISTURB" --seed 1 --ramp 1.05@500:1500 > ramp.st
"$ANALYZE" -v ramp.st > ramp.txt || fail "analyze ramp.st exited $?"
check "a ramp: said as one, and warned" sh -c "
	grep -q '^    ramps (the speed moved along a line): ' ramp.txt &&
	grep -q '^  speed: the machine.s speed moved along ramps' ramp.txt"
check "a ramp, JSON: from 1 to 1.05 between 500 and 1500 ms" judge ramp.st '
r = j["speed_ramps"]
assert abs(r[0]["from_ms"] - 500) <= 100 and abs(r[-1]["to_ms"] - 1500) <= 100, r
assert abs(r[0]["from_factor"] - 1) <= 0.03 and abs(r[-1]["to_factor"] - 1.05) <= 0.03, r'

# two collections pooled: each file's start times follow the last's by a
# made-up gap, so their sources' phases are unrelated: no period sought
# across them, said and warned; each file alone has its sources
"$DISTURB" --seed 1 --periodic 4000:30 > pool1.st
"$DISTURB" --seed 2 --periodic 4000:30 > pool2.st
"$ANALYZE" --json pool1.st pool2.st > pool.json || fail "analyze of two files exited $?"
"$ANALYZE" -v pool1.st pool2.st > pool.txt || fail "analyze of two files exited $?"
check "two files: no period sought across them, said, and warned of" sh -c "
	grep -q 'periods and bursts not searched: the runs of 2 files' pool.txt &&
	python3 -c 'import json; j = json.load(open(\"pool.json\")); assert j[\"periods_searched\"] is False and j[\"periodic\"] == []; assert any(w.startswith(\"pooled: the runs of 2 files\") for w in j[\"warnings\"]), j[\"warnings\"]'"
check "pool1 alone: its 4 ms source" judge pool1.st "
assert [round(s['period_ns'] / 1e5) for s in j['periodic']] == [40], j['periodic']"

# bare columns (no start times): no speed judged, no period sought; the
# interruptions at random
awk '!/^#/ { print $1, $2 }' two.st > bare.st
check "no start times: the speed not judged, no period sought" judge bare.st '
assert j["speed_states"] is None and j["periods_searched"] is False, (j["speed_states"], j["periods_searched"])'

# --threshold: every run above it interrupted, said
"$ANALYZE" -v --threshold 5000 two.st > thr.txt || fail "analyze --threshold exited $?"
check "--threshold: said as given" grep -q 'passes .* (--threshold)' thr.txt
# ... and acted on: above a 1 ms timer's 20 us cost, nothing is seen; below
# it, the timer is (the option had been said and not used)
"$DISTURB" --seed 3 --periodic 1000:20 > thr1.st
"$ANALYZE" -v --threshold 100000 thr1.st > thr_hi.txt
"$ANALYZE" -v --threshold 5000 thr1.st > thr_lo.txt
check "--threshold above the timer's cost: no interruption" grep -q '^  interruptions: none' thr_hi.txt
check "--threshold below it: the timer named" grep -q '^    every 1 ms (1000 Hz)' thr_lo.txt

# a collection too short for speed states: the phases at its middle,
# within a period of it
"$DISTURB" --seed 1 --periodic 200:5 --range 20000:200000:4 --runs 62 > short.st
check "a short collection: phase_ns at its middle, within a period" judge short.st "
rows = [l.split() for l in open('short.st') if not l.startswith('#')]
unit = float([l.split()[2] for l in open('short.st') if l.startswith('# unit_ns:')][0])
mid = max(int(r[2]) + int(r[1]) for r in rows) * unit / 2
assert len(j['periodic']) == 1, j['periodic']
assert all(abs(s['phase_ns'] - mid) <= s['period_ns'] for s in j['periodic']), (mid, j['periodic'])"

# an AMD EPYC guest's collection (data/count-speedup.st.gz) that ran 5%
# faster for two stretches of some 50 ms: those a state of their own, the
# host's 1 ms source and the guest's 4 ms timer at their rates
gzip -dc "$SUBTICK_SOURCE_ROOT/data/count-speedup.st.gz" > cspeed.st
check "data/count-speedup.st.gz: the faster stretches a state, the 1 ms and 4 ms sources" judge cspeed.st '
s = j["speed_states"]
assert len(s) >= 2 and 0.02 <= s[0]["share"] <= 0.12 and s[0]["stretches"] == 2, s
p = periodic()
assert any(near(x["period_ns"], 1e6, 0.01) and near(x["per_s"], 1000, 0.1) for x in p), p
assert any(near(x["period_ns"], 4e6, 0.01) and near(x["per_s"], 250, 0.1) for x in p), p'

# this AMD EPYC guest's collection of 2 s (data/count-loaded.st.gz) while
# the test suite ran beside it: the machine up to 1.65 times slower in
# states, the host's 1 ms source, and a source there for a part whose
# marks' pairs tell a cost of 0 or less (their median), which had been
# taken for an error ("cannot read back the samples", exit 1)
gzip -dc "$SUBTICK_SOURCE_ROOT/data/count-loaded.st.gz" > cloaded.st
check "data/count-loaded.st.gz: analyzed, its slower states and the 1 ms source named" judge cloaded.st '
s = j["speed_states"]
assert len(s) >= 3 and max(x["factor"] for x in s) >= 1.4, s
p = periodic()
assert any(near(x["period_ns"], 1e6, 0.01) for x in p), p'

# the truth's own tool refuses speeds and times no machine has (an
# infinite factor would be simulated forever)
for bad in "--speed inf@0:10" "--speed 1.1@0:inf" "--speed nan@0:10" "--speed 1.1@10:5" \
	"--bursts inf@1/5" "--bursts 1.1@1/inf" "--bursts 1.1@5/1" "--bursts 1e300@1/5" \
	"--wave inf@10" "--wave 0.03@inf" "--wave 0.03@0" "--ramp inf@0:10" \
	"--irq-bursts 0@5/200:10" "--irq-bursts 50@300/200:10" "--irq-bursts 4000@0.001/0.002:1" \
	"--periodic 10:20" "--random 2000000:1" "--jitter pareto:5:2" \
	"--spread exp:1.5"; do
	rc=0
	# shellcheck disable=SC2086 # an option and its value
	timeout 10 "$DISTURB" $bad > /dev/null 2> bad.err || rc=$?
	check "disturb $bad: refused (exit 2, $rc)" sh -c "[ $rc -eq 2 ] && grep -q expected bad.err"
done

# a speed that changes where rounding puts the change at the run's own
# moment (a burst's end at a clock unit of 0.3846 ns) is passed, not
# simulated forever
rc=0
timeout 30 "$DISTURB" --unit-ns 0.3846 --range 429:27444:64 --seconds 0.5 \
	--bursts 1.08@0.05/1 > edge.st || rc=$?
check "disturb: a burst's end at rounding's mercy ends ($rc)" sh -c "[ $rc -eq 0 ] && grep -q '^# done' edge.st"

# An activity trace: rate, cost, periods and what the kernel saw.
"$DISTURB" --trace 2 --periodic 1000:25:0.3 --periodic 4000:5:0.2:irq \
	--random 100:30:0.5:preempt --periodic 2700:50 > trace.st
check "trace: interruptions, the sources, the attribution" judge trace.st '
t = j["trace"]
assert j["kind"] == "trace"
truth = 1000 + 250 + 93 + 370.4
assert near(t["interruptions_per_s"], truth, 0.1), t["interruptions_per_s"]
p = sorted(t["periodic"], key=lambda s: s["period_ns"])
assert [round(s["period_ns"] / 1e5) for s in p][:3] == [10, 27, 40], p
assert near(t["kernel_counted_per_s"], 250, 0.02) and near(t["preempted_per_s"], 93, 0.1), t
assert near(t["unattributed_per_s"], 1370.4, 0.15), t["unattributed_per_s"]
assert t["unattributed_per_s_hi"] >= t["unattributed_per_s"] >= 0, t
assert 0.03 < t["lost_share"] < 0.07, t["lost_share"]'
"$ANALYZE" -v trace.st > trace.txt
check "trace, text: the unseen rest" grep -q 'unseen by the kernel' trace.txt
check "trace, text: its sources' rates in Hz" grep -q 'every 1 ms (1000 Hz)' trace.txt
"$ANALYZE" trace.st > trace.short
check "trace, the short report: the timer in a line, the unseen rest, -v named" sh -c "
	grep -q 'every 1 ms (1000 Hz), [0-9.]* µs each' trace.short &&
	grep -q '^unseen .* the kernel did not count' trace.short &&
	tail -n 1 trace.short | grep -q 'analyze -v'"
# without unit_ns the periods are clock units: no rate in Hz is made up
grep -v '^# unit_ns:' trace.st > trace_nounit.st
"$ANALYZE" -v trace_nounit.st > trace_nounit.txt || fail "analyze of a trace without unit_ns exited $?"
check "trace without unit_ns: periods in units, no Hz" sh -c "
	grep -q '^    every [0-9.e+]* clock units: ' trace_nounit.txt && ! grep -q 'Hz' trace_nounit.txt"
rc=0
"$ANALYZE" trace.st quiet.st > /dev/null 2> err || rc=$?
check "a trace with a collection: refused (exit 1)" [ "$rc" -eq 1 ]
check "a trace with a collection: says why" grep -q 'analyzed alone' err
# a 100 ms timer's 20 events in 2 s: too few for the period search to
# claim a period even at one phase; named at random, the report says
# that so few events cannot tell (and how many could)
"$DISTURB" --seed 1 --periodic 100000:20 > slow.st
"$ANALYZE" slow.st > slow.short
check "20 events of a 100 ms timer: 'at random' says they cannot tell a period" \
	grep -q '^disturbed  at random (or at a period 20 events cannot tell: it takes [0-9]* or more), ' slow.short
