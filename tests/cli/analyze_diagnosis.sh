#!/bin/sh
# What disturbed the timings, recovered from collections with a known truth
# (tests/tools/disturb): speed states apart from interruptions, the rate,
# cost and period of the interruptions (the fundamental, each source of
# several), none named where there are none, the compensated unit cost
# where no long run escapes them, and an activity trace's attribution.
# Runs slowed by a speed that changes faster than the speed windows
# follow are told from interruptions by how their excess grows with N.
# Within the figures the diagnosis promises: rate and cost within 10%,
# period within 2% and no harmonic, speed factor within 0.03, share within
# 0.05, start within 100 ms.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${DISTURB:?}"
cd "$T"

# judge FILE PYTHON: run the assertions on analyze --json of FILE (j).
judge() {
	"$ANALYZE" --json "$1" > j.json || fail "$1: analyze exited $?"
	python3 -c '
import json, sys
j = json.load(open("j.json"))
def near(v, t, rel): return abs(v / t - 1) <= rel
def states(): return j["speed_states"]
def sources(): return sorted(j["periodic"], key=lambda s: s["period_ns"])
assert not any(w.endswith("...") for w in j["warnings"]), j["warnings"]
# (a mixed tail only where a case looks for it)
assert "spread_tail_mixed" in sys.argv[1] or j.get("spread_tail_mixed") is None, j["spread_tail_mixed"]
exec(sys.argv[1])' "$2"
}

# two sources at one period, at other phases (every 4 ms at 15 us, and at
# half its marks at 40 us, as a guest's timer beside a host's): two
# sources, each at its own phase (phase_ns, the mark nearest the middle,
# on the truth's grid within 1% of the period), and the report says how
# far apart their marks are (after or before, the nearer way round), not
# one source listed twice
for seed in 5 6 7; do
	"$DISTURB" --seed $seed --seconds 3 --periodic 4000:15 --periodic 4000:40:0.1:unseen:0.5 > ph.st
	p15=$(sed -n 's/^# truth_source: periodic 4000:15 .* phase_ms=\([0-9.]*\)$/\1/p' ph.st)
	p40=$(sed -n 's/^# truth_source: periodic 4000:40:.* phase_ms=\([0-9.]*\)$/\1/p' ph.st)
	check "two sources at 4 ms, seed $seed: each at its own phase (truth $p15 ms, $p40 ms)" judge ph.st "
s = sorted(j['periodic'], key=lambda s: s['cost_ns'])
assert len(s) == 2 and all(near(x['period_ns'], 4e6, 1e-3) for x in s), j['periodic']
def off(x, truth_ms):
    d = (x['phase_ns'] - truth_ms * 1e6) % x['period_ns']
    return min(d, x['period_ns'] - d) / x['period_ns']
assert off(s[0], $p15) < 0.01 and off(s[1], $p40) < 0.01, (off(s[0], $p15), off(s[1], $p40))"
	"$ANALYZE" ph.st > ph.txt || fail "analyze ph.st exited $?"
	"$ANALYZE" --json ph.st > ph.json || fail "analyze --json ph.st exited $?"
	# (read as UTF-8 whatever the locale: the offset may be in µs)
	check "two sources at 4 ms, seed $seed: the weaker's marks after or before the stronger's as in truth" \
		python3 -c "
import json, re
line = [l for l in open('ph.txt', encoding='utf-8') if 'the marks of the strongest 4 ms source' in l]
assert len(line) == 1, line
m = re.search(r', ([0-9.]+) (ns|µs|ms) (after|before) the marks', line[0])
assert m, line[0]
a = float(m.group(1)) * {'ns': 1e-6, 'µs': 1e-3, 'ms': 1}[m.group(2)]
a = a if m.group(3) == 'after' else 4 - a
strong15 = abs(json.load(open('ph.json'))['periodic'][0]['cost_ns'] - 15e3) < 5e3
d = (($p40 - $p15) if strong15 else ($p15 - $p40)) % 4
assert min(abs(a - d), 4 - abs(a - d)) < 0.04, (a, d, line[0])"
done

# a 4 ms timer and a 10 ms source whose marks fall on one 2 ms grid (as a
# guest's timer and a host's): both lock to 2 ms, and the 10 ms source's
# events sit at the phases the timer leaves empty, and beside some of its
# marks.  4 ms and 10 ms, each at its rate: not one source of 2 ms (seeds
# 7, 11, 36 had been), nor the 10 ms one split into two of 20 ms (seed 13)
for seed in 7 11 13 36; do
	"$DISTURB" --seed $seed --periodic 4000:14 --periodic 10000:17 --random 2000:1 --seconds 2 > grid.st
	check "4 ms and 10 ms on one 2 ms grid, seed $seed: both, at their periods and rates" judge grid.st "
s = sources()
assert len(s) == 2, s
assert near(s[0]['period_ns'], 4e6, 1e-3) and near(s[0]['per_s'], 250, 0.05), s
assert near(s[1]['period_ns'], 10e6, 1e-3) and near(s[1]['per_s'], 100, 0.05), s
assert s[0]['events'] <= 501, s"
done

# a 10 ms source whose every other mark falls within a run of a 4 ms
# timer's (both fire in that run, at the cost of both): 10 ms at 100 a
# second, not 20 ms at 50 (as on this guest's demo, three times in six);
# and a true 20 ms source whose marks half a period on fall on the
# timer's: 20 ms (those runs cost the timer's alone)
for seed in 1 2; do
	for off in 1000 1010; do
		"$DISTURB" --seed $seed --periodic 4000:14:0:unseen:1:1000 --periodic 10000:17:0:unseen:1:$off --random 1000:1 > shared.st
		check "10 ms sharing every other mark with a 4 ms timer (at $off us), seed $seed: 10 ms at 100 a second" judge shared.st '
p = sources()
assert len(p) == 2 and near(p[1]["period_ns"], 10e6, 1e-3) and near(p[1]["per_s"], 100, 0.05), p'
	done
	"$DISTURB" --seed $seed --periodic 4000:14:0:unseen:1:1000 --periodic 20000:17:0:unseen:1:3000 --random 1000:1 > shared20.st
	check "20 ms whose half-period marks fall on a 4 ms timer's, seed $seed: 20 ms at 50 a second" judge shared20.st '
p = sources()
assert len(p) == 2 and near(p[1]["period_ns"], 20e6, 1e-3) and near(p[1]["per_s"], 50, 0.05), p'
done

# the README's collection of this guest (data/count-tsc.st.gz): its 250 Hz
# timer and 100 Hz source, and its slowed runs counted apart, not as
# interruptions (a change of the speed taken at its windows had made them
# interruptions, and the timer three sources of 4 ms)
gzip -dc "${SUBTICK_SOURCE_ROOT:?}/data/count-tsc.st.gz" > ctsc.st
check "data/count-tsc.st.gz: the 4 ms timer and the 10 ms source, the slowed runs apart" judge ctsc.st '
assert j["slowed_runs"] is not None, j["interrupt_excess_growth"]
p = sources()
assert len(p) == 2, p
assert near(p[0]["period_ns"], 4e6, 1e-3) and near(p[0]["per_s"], 250, 0.05), p
assert near(p[1]["period_ns"], 10e6, 1e-3) and near(p[1]["per_s"], 100, 0.05), p'

# a collection of an AMD EPYC guest (data/count-speedup.st.gz) that ran
# 5% faster for two stretches of some 50 ms, each between ramps of 10 to
# 30 ms: the stretches a state of their own, and the line's minima its
# (the ramps within the best stretch found had made it look like the
# crest of a wandering speed: one state, and the minima "faster than any
# stretch the machine held")
gzip -dc "${SUBTICK_SOURCE_ROOT:?}/data/count-speedup.st.gz" > cspeed.st
check "data/count-speedup.st.gz: two stretches 5% faster, a state, the minima its" judge cspeed.st '
s = states()
assert len(s) >= 2 and 0.02 <= s[0]["share"] <= 0.12 and s[0]["stretches"] == 2, s
assert any(1.03 <= x["factor"] <= 1.07 and x["share"] >= 0.8 for x in s), s
assert j["speed_minima_factor"] < 1.02, j["speed_minima_factor"]
assert any(w.startswith("speed: the machine ran") for w in j["warnings"]), j["warnings"]
p = sources()
assert near(p[0]["period_ns"], 1e6, 1e-3) and near(p[1]["period_ns"], 4e6, 1e-3), p
# a count well beyond its sources (1250 a second) comes with its caveat
caveat = j["spread_tail_mixed"] is not None or j["spread_tail_heavy"] is not None
assert j["interrupts_per_s"] < 1.5 * 1250 or caveat, j["interrupts_per_s"]'

# sources on one 1 ms grid, one firing at half its marks (at random):
# 20 ms and 5 ms, or 10 ms and 5 ms.  Each at its period, not the 5 ms
# one as pieces of 20 or 10 ms (the 5 ms one's events fill every slot of
# 20 ms alike, and the 20 ms one's add to one of them; the 5 ms one's
# marks, folded at 10 ms, fall into two slots half a period apart)
for seed in 1 3 4; do
	for pair in 20000:2:0:unseen:1:2100 10000:5:0:unseen:1:100; do
		"$DISTURB" --seed $seed --periodic $pair --periodic 5000:2:0:unseen:0.5:1100 > halfgrid.st
		check "${pair%%:*} us and 5 ms at half its marks on one 1 ms grid, seed $seed: each at its period" judge halfgrid.st "
s = sources()
assert len(s) == 2, s
assert near(s[0]['period_ns'], 5e6, 1e-3) and near(s[0]['per_s'], 100, 0.15), s
assert near(s[1]['period_ns'], ${pair%%:*}e3, 1e-3) and near(s[1]['per_s'], 1e6 / ${pair%%:*}, 0.05), s"
	done
done

# two 5 ms sources of one cost 2.59 ms apart, not half a period: two,
# not one of 2.5 ms (the other's runs then counted again at random)
for seed in 1 2; do
	"$DISTURB" --seed $seed --periodic 5000:10:0.2:unseen:1:0 --periodic 5000:10:0.2:unseen:1:2590 > near.st
	check "two 5 ms sources 2.59 ms apart, seed $seed: two, 400 a second" judge near.st '
p = sources()
assert len(p) == 2 and all(near(x["period_ns"], 5e6, 1e-3) for x in p), p
assert near(j["interrupts_per_s"], 400, 0.05), j["interrupts_per_s"]'
done

# 2% slower for 2 ms of every 40 ms (shorter than a speed window) beside
# 300 a second of 5 us at random: the runs the bursts slowed are no
# interruptions.  Their excess grows as m^1 at the marks they come at,
# where that of all the events, random ones among them, grows as m^0.27
# only: named slowed, every 40 ms, and the rate is the random ones' (the
# bursts had been two sources of 40 ms and 423 to 460 a second, with no
# warning).  They are said 2% slower (their own marks' excess: all the
# events', random ones among them, read 1.05%), in about 6% of the runs
# (those the bursts overlap; 12.5% had counted the random ones the raised
# threshold hides).  Above that threshold, the random ones show in the
# short runs only: their rate rests on few of them.
for seed in 1 2 3; do
	"$DISTURB" --seed $seed --seconds 2 --range 50000:2000000:48 --random 300:5 --bursts 1.02@2/40 > b40.st
	check "2% slower 2 ms in 40 beside 300/s x 5 us, seed $seed: slowed every 40 ms, not interruptions" judge b40.st '
s = j["slowed_runs"]
assert s is not None and s["period_ns"] is not None and near(s["period_ns"], 40e6, 0.01), s
assert near(s["median"], 0.02, 0.15) and 0.03 <= s["runs"] / j["samples"] <= 0.1, (s, j["samples"])
assert j["interrupt_excess_growth_at_marks"] >= 0.8, j["interrupt_excess_growth_at_marks"]
assert not any(near(x["period_ns"], 40e6, 0.01) for x in j["periodic"]), j["periodic"]
assert 0.5 * 300 <= j["interrupts_per_s"] <= 1.2 * 300, j["interrupts_per_s"]
assert any(w.startswith("speed: the machine") and "at the periodic marks" in w for w in j["warnings"]), j["warnings"]'
done

# but a 4 ms timer of 3 us beside 500 a second of 30 us at random: the
# longer runs more often hold a random one beside a mark, and the marks'
# trimmed means grow (m^1.15), their medians not; and a timer of 5 us in
# an exponential spread of 0.5%, whose raised threshold keeps only the
# costlier of its events in the longer runs (m^0.91 with no one cut):
# timers, at 250 a second, no runs slowed (both had been)
for case in "3 --periodic 4000:3 --random 500:30" "5 --periodic 4000:3 --random 500:30"; do
	set -- $case
	"$DISTURB" --seed $1 --seconds 2 --range 50000:2000000:48 $2 $3 $4 $5 > tb.st
	check "a 4 ms timer of 3 us beside 500/s x 30 us, seed $1: a timer, not bursts" judge tb.st '
p = sources()
assert j["slowed_runs"] is None, j["slowed_runs"]
assert any(near(x["period_ns"], 4e6, 1e-3) and near(x["per_s"], 250, 0.05) for x in p), p'
done
"$DISTURB" --seed 1 --seconds 2 --range 50000:4000000:48 --periodic 4000:5 > ts.st
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" expo 0.005 1 < ts.st > tsx.st
# and a 4 ms timer of 6 us beside 1000 a second of 10 us over runs to
# 1.1 ms, or two timers (4 and 10 ms) beside 300 a second of 5 us over
# runs to 2.2 ms: half the long runs' marks share their run with another
# interruption, and the medians of the marks' events grow (m^1.12 to
# m^1.23, taken for bursts, the timers lost); their lower quartiles, a
# timer's own cost, do not: no bursts, and the timer found (of the two,
# the 10 ms one: the 4 ms one is lost at seed 2 as before)
for case in "2 --periodic 4000:6 --random 1000:10 --range 50000:4000000:48" \
	    "3 --periodic 4000:6 --random 1000:10 --range 50000:4000000:48" \
	    "2 --periodic 4000:3 --periodic 10000:8 --random 300:5 --range 50000:8000000:48"; do
	seed=${case%% *}
	"$DISTURB" --seed $seed --seconds 2 ${case#* } > tq.st
	check "timers beside other interruptions sharing their long runs ($case): no bursts" judge tq.st '
assert j["slowed_runs"] is None, j["slowed_runs"]
assert any(near(x["period_ns"], 1e7 if "10000:8" in "'"$case"'" else 4e6, 1e-3) for x in sources()), sources()'
done
check "a 4 ms timer of 5 us in an exponential spread: a timer, not bursts" judge tsx.st '
p = sources()
assert j["slowed_runs"] is None, j["slowed_runs"]
assert any(near(x["period_ns"], 4e6, 1e-3) and near(x["per_s"], 250, 0.05) for x in p), p
# (spread_tail_mixed: either way)'

# 10% slower for 10 ms of every 50 ms beside 300 a second of 3 us at
# random: no source every 50 ms (a window's own speed taken for its runs
# had left the bursts' edges as interruptions, sources of 50 ms)
for seed in 1 2; do
	"$DISTURB" --seed $seed --bursts 1.1@10/50 --random 300:3 > b50.st
	check "10% slower 10 ms in 50 beside 300/s x 3 us, seed $seed: no periodic source, the rate within 30%" judge b50.st '
assert sources() == [], sources()
assert j["interrupts_per_s"] < 1.3 * 300, j["interrupts_per_s"]'
done

# a 1 kHz timer of 10 us over runs to 4.6 ms (every long run holds it) and
# a speed drifting by 2% every 200 ms: saturated, and the compensated unit
# cost at the truth (it had read the timer at 4% of its rate, unsaturated)
for seed in 1 2; do
	"$DISTURB" --seed $seed --range 50000:8000000:48 --periodic 1000:10:0.1 --wave 0.02@200 > satwave.st
	check "1 kHz x 10 us saturating runs, speed drifting 2%, seed $seed: 1000 a second, compensated 0.57" judge satwave.st '
assert near(j["interrupts_per_s"], 1000, 0.1), j["interrupts_per_s"]
assert j["unit_cost_compensated"] is not None and near(j["unit_cost_compensated"], 0.57, 0.002), j["unit_cost_compensated"]'
done

# 30% slower for 20 ms of every 100 ms, nothing else: stretches of a
# speed, no interruption (the windows at their edges had made 13 to 31 a
# second with their own speed taken over the stretches')
for seed in 1 2 3; do
	"$DISTURB" --seed $seed --bursts 1.3@20/100 > bursts.st
	check "30% slower 20 ms in 100, seed $seed: no interruptions" judge bursts.st '
assert j["interrupts_per_s"] < 2, j["interrupts_per_s"]'
done

# a timer of 0.5 us, within a spread of 0.5% in proportion to each run:
# its runs above the threshold are its own, not the spread's tail (they
# had been, and the timer came out at 78 a second)
for seed in 1 2; do
	"$DISTURB" --seed $seed --periodic 4000:0.5 > small.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" gauss 0.005 $seed < small.st > smalltail.st
	check "a 4 ms timer of 0.5 us in a spread of 0.5%, seed $seed: at 250 a second" judge smalltail.st '
p = sources()
assert len(p) >= 1 and near(p[0]["period_ns"], 4e6, 1e-3) and near(p[0]["per_s"], 250, 0.05), p'
done

# no interruption at all, but each run slower than its N's fastest by a
# share of its length, half-normal (sigma 0.5%) or exponential (mean
# 0.5%): the runs above the threshold are the tail of that spread, not
# interruptions (1748 of them had been counted, 893 a second, and put
# down to a hypervisor)
"$DISTURB" --seed 1 --seconds 2 > calm.st
for kind in gauss expo; do
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" $kind 0.005 3 < calm.st > tail.st
	check "a spread of 0.5% in proportion to each run ($kind), no interruptions: none counted, the tail said" judge tail.st '
assert j["interrupts"] == 0 and j["interrupts_per_s"] == 0, (j["interrupts"], j["interrupts_per_s"])
assert j["spread_tail_runs"] > 0, j["spread_tail_runs"]
assert j["periodic"] == [], j["periodic"]'
	"$ANALYZE" tail.st > tail.txt || fail "analyze tail.st exited $?"
	check "the spread's tail ($kind): said not counted, no source blamed" sh -c "
	grep -q 'not counted: .* the tail of the runs. own spread' tail.txt && ! grep -q 'hypervisor' tail.txt"
done

# a host whose speed varies by a fifth from run to run, in two modes (a
# quarter of the runs at full speed, the rest 19% to 27% slower): the
# spread's lower quartile lies far from zero, and 8 x it, 128% of a run,
# stood above 1000 interruptions a second of 37 us (a 1 ms source, or at
# random), a band apart above the spread: "none" was reported.  The
# threshold is now the valley below the band: 1000 a second, each 37 us
# as the spread stretched it (x 1.19 to 1.27), not with the spread's own
# share of the run added.  With no interruption, no band and none.
# twospeed OUT SCALE SEED DISTURB-ARGS...: a 2 s collection (its truth in
# band.st) spread in two modes to SCALE, into OUT.
twospeed() {
	out=$1 scale=$2 s=$3
	shift 3
	"$DISTURB" --seed $s --seconds 2 "$@" > band.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" twospeed $scale $s < band.st > $out
}
for seed in 1 2; do
	twospeed bandp.st 0.27 $seed --periodic 1000:37
	check "1 ms of 37 us over a spread in two modes to 27%, seed $seed: the band found, 1000 a second" judge bandp.st '
assert j["excess_threshold_spread"] is not None, j["excess_threshold_relative"]
assert near(j["interrupts_per_s"], 1000, 0.1), j["interrupts_per_s"]
p = sources()
assert len(p) >= 1 and near(p[0]["period_ns"], 1e6, 1e-3) and near(p[0]["per_s"], 1000, 0.05), p
assert 37e3 * 1.1 <= j["interrupt_cost_ns"] <= 37e3 * 1.35, j["interrupt_cost_ns"]'
	twospeed bandr.st 0.27 $seed --random 1000:37
	check "1000 a second at random of 37 us over a spread in two modes, seed $seed: within 10%" judge bandr.st '
truth = float(open("band.st").read().split("hits=")[1].split()[0]) / float(open("band.st").read().split("# truth_in_runs_ms: ")[1].split()[0]) * 1e3
assert j["excess_threshold_spread"] is not None, j["excess_threshold_relative"]
assert near(j["interrupts_per_s"], truth, 0.1), (j["interrupts_per_s"], truth)'
	twospeed band0.st 0.27 $seed
	check "a spread in two modes to 27%, no interruptions, seed $seed: no band, none" judge band0.st '
assert j["excess_threshold_spread"] is None, j["excess_threshold_relative"]
assert j["interrupts"] == 0 and j["periodic"] == [], (j["interrupts"], j["periodic"])'
	# 8000 a second of 37 us hit 27% of the runs: the band holds the
	# spread's upper quartile, and none was found above it; the
	# threshold's share of a run (133%) was out of any excess's reach,
	# and "none" was reported.  The band is now sought from the median
	# up too: within 10%, each 37 us as the spread stretched it or not.
	# 12000 a second fill the band past the median: none found, and a
	# warning says that none can be seen (it had gone unsaid).  Where a
	# band is found, no such warning.
	twospeed band8.st 0.27 $seed --random 8000:37
	check "8000 a second of 37 us over a spread in two modes, seed $seed: the band found, within 10%" judge band8.st '
truth = float(open("band.st").read().split("hits=")[1].split()[0]) / float(open("band.st").read().split("# truth_in_runs_ms: ")[1].split()[0]) * 1e3
assert j["excess_threshold_spread"] is not None, j["excess_threshold_relative"]
assert near(j["interrupts_per_s"], truth, 0.1), (j["interrupts_per_s"], truth)
assert 37e3 * 0.9 <= j["interrupt_cost_ns"] <= 37e3 * 1.35, j["interrupt_cost_ns"]'
	twospeed band12.st 0.27 $seed --random 12000:37
	check "12000 a second of 37 us over a spread in two modes, seed $seed: counted, or none said to be unseeable" judge band12.st '
truth = float(open("band.st").read().split("hits=")[1].split()[0]) / float(open("band.st").read().split("# truth_in_runs_ms: ")[1].split()[0]) * 1e3
blind = [w for w in j["warnings"] if w.startswith("interruptions?") and "no interruption can be seen" in w]
assert near(j["interrupts_per_s"] or 1, truth, 0.1) or len(blind) == 1, (j["interrupts_per_s"], truth, j["warnings"])'
	check "1 ms of 37 us over a spread in two modes, seed $seed: no warning that none can be seen" judge bandp.st '
assert not any("can be seen" in w or "hides every interruption" in w for w in j["warnings"]), j["warnings"]'
done
# a spread of 30% (half-normal) in the longer half of N only (runs of 49
# to 74 us; the shorter quiet, so the fixed threshold stays low): the
# threshold's share of a run, 60.6%, hides a 1 ms source of 20 us in every
# run (12 a second were counted of 1000, unwarned); a warning now says
# from what cost on interruptions are seen
"$DISTURB" --seed 1 --seconds 2 --range 100000:150000:16 --periodic 1000:20 > upper.st
python3 -c '
import random, sys
rng, tick = random.Random(1), 1
for line in sys.stdin:
    if line.startswith("#"):
        tick = int(float(line.split(":", 1)[1])) if line.startswith("# tick:") else tick
        sys.stdout.write(line)
        continue
    f = line.split("\t")
    if int(f[0]) >= 125000:
        f[1] = str(tick * int(int(f[1]) * (1 + abs(rng.gauss(0, 0.3))) / tick))
    sys.stdout.write("\t".join(f))' < upper.st > upper2.st
check "a spread of 30% in the longer half of N over a 1 ms source of 20 us: counted, or said to be hidden below a cost above 20 us" judge upper2.st '
hid = [w for w in j["warnings"] if w.startswith("interruptions?") and "hides every interruption of less than" in w]
assert near(j["interrupts_per_s"] or 1, 1000, 0.1) or (len(hid) == 1 and float(hid[0].split("(")[2].split(" us)")[0]) > 20), (j["interrupts_per_s"], j["warnings"])'

# and interruptions of 5 us over a spread in two modes to 30%, within
# twice its width at the longest runs: those of the runs the spread left
# fastest hide in it there, and the count reads low (733 and 825 for 963):
# a band is found, and the warning says the count may be low
for seed in 1 2; do
	twospeed bands.st 0.3 $seed --random 1000:5
	check "1000 a second of 5 us within a spread in two modes to 30%, seed $seed: the band's count said to be maybe low" judge bands.st '
assert j["excess_threshold_spread"] is not None, j["excess_threshold_relative"]
assert any(w.startswith("interruptions?") and "may be low" in w for w in j["warnings"]), j["warnings"]'
done
# and a band of runs slowed as a whole over such a spread, no interruption
# in them (a machine 1.45 times slower for 0.1 ms of every 2.5 ms, 1.3
# times for 0.2 ms of every 4 ms): what stands of it above the spread
# grows with the run as a speed's, m^0.9 to m^1.1 (an interruption's as
# m^0 to m^0.3): no band, none (560 to 880 a second had been counted, at
# made-up sources of the bursts' periods)
for case in "15 1.45@0.1/2.5 0.27" "20 1.3@0.2/4 0.2"; do
	set -- $case
	twospeed bandb.st $3 $1 --bursts $2
	check "bursts $2 over a spread in two modes to $3, seed $1: no band, none" judge bandb.st '
assert j["excess_threshold_spread"] is None, j["excess_threshold_relative"]
assert j["interrupts"] == 0 and j["periodic"] == [], (j["interrupts"], j["periodic"])'
done

# a cheap source beside a costly one (400 a second of 2 us, 100 of 40 us):
# the costly one's share of each third of the runs counted, by their N's
# minimum, swings their trimmed mean by chance, and their growth read as a
# speed's (m^0.9 to m^1.7): they were judged slowed, the threshold raised
# over the cheap ones, and 103 and 116 a second were left of about 500
# (runs 5 times apart: seeds 9 and 19), or 95 to 109 (runs twice apart,
# their thirds 1.6 to 1.85: seeds 1, 5 and 14).  Slowed runs' lower
# quartile of cost grows with the run too; the cheap source's does not.
for case in "9 40000:200000" "19 40000:200000" "1 100000:200000" "5 100000:200000" "14 100000:200000"; do
	set -- $case
	"$DISTURB" --seed $1 --seconds 2 --range $2:16 --random 400:2:0 --random 100:40:0 > mix.st
	check "400 a second of 2 us beside 100 of 40 us over N = $2, seed $1: within 10%, no runs slowed" judge mix.st '
truth = sum(float(x.split()[0]) for x in open("mix.st").read().split("hits=")[1:]) / float(open("mix.st").read().split("# truth_in_runs_ms: ")[1].split()[0]) * 1e3
assert j["slowed_runs"] is None, j["slowed_runs"]
assert near(j["interrupts_per_s"], truth, 0.1), (j["interrupts_per_s"], truth)
assert not any("slowed do" in w for w in j["warnings"]), j["warnings"]'
done

# a spread in three modes, no interruption in it (a quarter of the runs
# at full speed, 40% 2 to 3% slower, 35% 60 to 90% slower): the cheap
# mode's runs stand above the threshold in the longer runs only (where
# the threshold's share of a run falls in the fastest mode), and the
# excess of all grows as m^0.79 to m^0.87, not 0.5 beyond what 2.4
# interruptions a longest run would give (m^0.5): read as 44,000 a second
# with no warning but saturation's (seeds 1 and 3; in seed 2 the slowed
# runs were found).  Now: none, or a warning that they grow nearly as
# slowed runs do.
for seed in 1 3; do
	"$DISTURB" --seed $seed --seconds 2 > three.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" threespeed 0.9 $seed < three.st > three2.st
	check "a spread in three modes, no interruptions, seed $seed: none, or said to grow nearly as slowed runs" judge three2.st '
w = [x for x in j["warnings"] if x.startswith("interruptions?") and "nearly as runs a machine slowed do" in x]
assert j["interrupts"] == 0 or len(w) == 1, (j["interrupts"], j["warnings"])'
done

# a spread in two modes read on a coarse tick (1000 units, 0.48 us; the
# longest runs 114 ticks): the threshold is 10 ticks, and the slowed runs
# stand above it in the longer half of N only, their thirds' minima 1.44
# to 1.84 times apart.  With half or a third of the runs at full speed,
# 14,000 and 20,000 interruptions a second had been counted, all of one
# cost (10 ticks), with no warning: their growth, m^1.0, is judged now
# over 1.5 times (200 events a third), and they are slowed runs.  With a
# quarter (seed 1), the relative threshold (13%) leaves them in runs only
# 1.44 times apart: 24,593 a second with no warning; a warning now says
# they grew as slowed runs do.  A 1 ms source over it stays found.
for case in "0.5 1" "0.5 2" "0.35 1" "0.25 1"; do
	set -- $case
	"$DISTURB" --seed $2 --seconds 2 --tick 1000 > coarse.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" twospeed 0.27 $2 $1 < coarse.st > coarse2.st
	check "a spread in two modes ($1 at full speed) on a tick of 1000, seed $2: no interruptions, or a warning that they grow as slowed runs" judge coarse2.st '
w = [x for x in j["warnings"] if x.startswith("interruptions?") and "too near in length" in x]
assert j["interrupts"] == 0 or len(w) == 1, (j["interrupts"], j["warnings"])
assert j["interrupts"] == 0 or "'$1'" == "0.25", j["interrupts"]'
done
"$DISTURB" --seed 1 --seconds 2 --tick 1000 --periodic 1000:37 > coarse.st
for fast in 0.25 0.5; do
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" twospeed 0.27 1 $fast < coarse.st > coarse2.st
	check "1 ms of 37 us over a spread in two modes ($fast at full speed) on a tick of 1000: 1000 a second, no warning of slowed runs" judge coarse2.st '
assert near(j["interrupts_per_s"], 1000, 0.1), j["interrupts_per_s"]
assert not any("too near in length" in x for x in j["warnings"]), j["warnings"]'
done

# The same spread on a tick of 2000 units (runs of 56 ticks), half the
# runs at full speed: its slowed runs cross the threshold (10 ticks) in
# the longer runs only, 1.24 times apart, and grew as m^0.48 across them
# (flattened by the cut): 3,859 to 3,934 a second of 11 us, with no word.
# Interruptions of fixed costs hit a run half as long half as often at
# least: the shorter runs (up to 0.6 of the longest third's length) hold
# none of what they would leave, and a warning says so.  3000 a second
# of 5 us, half the threshold, counted where two hit a run (167 a
# second): the shorter runs hold fewer than their due (49% to 67% over
# four seeds; warned in one, where that is unlikely by chance).
# Interruptions above the threshold on that tick, at random or from a
# 1 ms source: counted within 10%, no such warning, the shorter runs
# holding their due.
for seed in 1 17; do
	"$DISTURB" --seed $seed --seconds 2 --tick 2000 > coarse.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" twospeed 0.27 $seed 0.5 < coarse.st > coarse2.st
	check "a spread in two modes (half at full speed) on a tick of 2000, seed $seed: none, or a warning that the runs above the threshold come in the longer runs only" judge coarse2.st '
w = [x for x in j["warnings"] if x.startswith("interruptions?") and "in the longer runs only" in x]
e = j["short_runs_events"]
assert j["interrupts"] == 0 or (len(w) == 1 and e["seen"] < 0.5 * e["expected"] and e["p"] < 1e-4), (j["interrupts"], e, j["warnings"])'
done
for seed in 1 3; do
	"$DISTURB" --seed $seed --seconds 2 --tick 2000 --random 3000:5 > pairs.st
	check "3000 a second of 5 us under a threshold of 9.5 us, seed $seed: the shorter runs hold fewer than their due" judge pairs.st '
e = j["short_runs_events"]
assert e["seen"] < 0.8 * e["expected"], e'
done
for src in "--random 1000:20" "--periodic 1000:20"; do
	"$DISTURB" --seed 2 --seconds 2 --tick 2000 $src > coarse.st
	check "$src on a tick of 2000: within 10%, no warning that they come in the longer runs only" judge coarse.st '
truth = float(open("coarse.st").read().split("hits=")[1].split()[0]) / float(open("coarse.st").read().split("# truth_in_runs_ms: ")[1].split()[0]) * 1e3
assert near(j["interrupts_per_s"], truth, 0.1), (j["interrupts_per_s"], truth)
assert not any("in the longer runs only" in x for x in j["warnings"]), j["warnings"]
e = j["short_runs_events"]
assert e["seen"] > 0.7 * e["expected"] and e["p"] > 1e-4, e'
done

# a 4 ms timer of 17 us and a 10 ms source of 19 us, in a spread of the
# runs in proportion to their length (half-normal or exponential): the
# runs above the threshold that no source's mark holds are the spread's
# tail, the threshold rises over them, and the sources stay as first
# found (with the sources there, the tail had been counted: 2393 and
# 10420 a second for 350, put down to a hypervisor)
for case in "gauss 0.01 1" "expo 0.008 2"; do
	set -- $case
	"$DISTURB" --seed $3 --seconds 2 --periodic 4000:17 --periodic 10000:19 > twosrc.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" $1 $2 $3 < twosrc.st > twotail.st
	check "4 ms and 10 ms sources in a $1 spread of $2, seed $3: 350 a second, both sources, the tail not counted" judge twotail.st '
p = sources()
assert len(p) == 2 and near(p[0]["period_ns"], 4e6, 1e-3) and near(p[1]["period_ns"], 1e7, 1e-3), p
assert near(p[0]["per_s"], 250, 0.05) and near(p[1]["per_s"], 100, 0.05), p
assert near(j["interrupts_per_s"], 350, 0.1), j["interrupts_per_s"]
assert j["spread_tail_runs"] > 0 and j["spread_tail_heavy"] is None, j["spread_tail_runs"]
assert j["spread_tail_mixed"] is None, j["spread_tail_mixed"]'
done
"$ANALYZE" twotail.st > twotail.txt || fail "analyze twotail.st exited $?"
check "the tail beside sources: said not counted, the sources as first found" sh -c "
	grep -q 'not counted: .* the tail of the runs. own spread' twotail.txt &&
	grep -q 'periodic (2 sources, as found above the first threshold)' twotail.txt"

# the same sources in a heavy-tailed spread: more stand beyond twice the
# threshold than a spread falling off leaves, and they hit runs of every
# length alike, as a heavy tail does, but so do interruptions of many
# costs (1 to 32 us, the rate halving as the cost doubles, below): the
# runs cannot tell which.  Counted, and a warning gives the count were
# they the spread's, the threshold raised over them: at least the
# sources' 350 a second, and a third of the count at most (it had been no
# warning, 9257 to 11299 a second, and a hypervisor blamed)
for case in "0.003 1" "0.005 2"; do
	set -- $case
	"$DISTURB" --seed $2 --seconds 2 --periodic 4000:17 --periodic 10000:19 > twosrc.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" pareto $1 $2 < twosrc.st > heavy.st
	check "4 ms and 10 ms sources in a heavy spread of $1, seed $2: both sources, warned, the count were the tail the spread's" judge heavy.st '
p = sources()
assert len(p) == 2 and near(p[0]["per_s"], 250, 0.05) and near(p[1]["per_s"], 100, 0.05), p
h = j["spread_tail_heavy"]
assert h is not None and 0.9 * 350 <= h["interrupts_per_s"] <= j["interrupts_per_s"] / 3, (h, j["interrupts_per_s"])
assert any(w.startswith("interruptions?: ") and "tail of the runs" in w for w in j["warnings"]), j["warnings"]'
done
"$ANALYZE" heavy.st > heavy.txt || fail "analyze heavy.st exited $?"
check "the heavy tail: said, with the count were it the spread's" sh -c "
	grep -q 'or the tail of the runs. own spread? .* the runs cannot tell which.  Were they the spread.s: ' heavy.txt &&
	grep -q 'unseen by the kernel (a hypervisor, SMIs, the hardware), or the tail of the runs. own spread (were it, ' heavy.txt"
# a heavy-tailed spread over N whose minima lie less than twice apart
# where the threshold is a share of the run: how the runs beyond twice it
# hit runs of each length cannot be judged, so the runs cannot tell a
# heavy tail from interruptions of many costs either.  Counted, and
# warned, with the count were they the spread's (a 10 ms source of 2 us
# had read 2268 a second, 1000 a second of 5 us 19694, unwarned)
for case in "3 21 133333:400000:32 --periodic 10000:2:0.7 0.003 1" \
	"17 100 15000:60000:16 --random 1000:5:0.3 0.03 9"; do
	set -- $case
	"$DISTURB" --seed $1 --seconds 2 --tick $2 --range $3 $4 $5 > alike.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" pareto $6 $7 < alike.st > alikeheavy.st
	check "a heavy spread of $6 over N too alike to judge (seed $1, $4 $5): warned, the count were the tail the spread's" judge alikeheavy.st '
h = j["spread_tail_heavy"]
assert j["spread_tail_growth"] is None and h is not None, (j["spread_tail_growth"], h)
assert h["interrupts_per_s"] <= j["interrupts_per_s"] / 3, (h, j["interrupts_per_s"])
assert any(w.startswith("interruptions?: ") and "is not judged" in w for w in j["warnings"]), j["warnings"]'
done
"$ANALYZE" alikeheavy.st > alikeheavy.txt || fail "analyze alikeheavy.st exited $?"
check "... and the report says how they hit runs is not judged" \
	grep -q 'and how those hit runs of each length is not judged (.*the runs cannot tell which' alikeheavy.txt

# none above the threshold is not none at all: a 10 kHz source of 2 us
# in a spread of up to 3% of the runs (36 to 108 us) lies below it; the
# report says from what cost one would be seen, more in the longer runs
"$DISTURB" --seed 29 --seconds 2 --tick 21 --range 133333:400000:32 --periodic 100:2:0.3 > tenk.st
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" uniform 0.03 3 < tenk.st > tenkspread.st
"$ANALYZE" tenkspread.st > tenk.txt || fail "analyze tenkspread.st exited $?"
check "none above the threshold: said from what cost one would be counted, higher in the longest runs" awk '
	/^  interruptions \(/ && match($0, /: none \(an interruption would be counted from a cost of [0-9.]+ µs in the shortest runs, [0-9.]+ µs in the longest; cheaper ones would not\)$/) {
		split(substr($0, RSTART), w, " "); lo = w[12]; hi = w[18]; found = 1 }
	END { exit !(found && hi + 0 > lo + 0 && lo + 0 >= 2) }' tenk.txt
check "... and in JSON, the same costs; null with --threshold" judge tenkspread.st '
c = j["interrupt_counted_from"]
assert c is not None and 2000 <= c["shortest_ns"] < c["longest_ns"], c
assert near(c["shortest_ns"] / c["shortest"], j["unit_ns"], 1e-9), (c, j["unit_ns"])
import os, subprocess
k = json.loads(subprocess.run([os.environ["ANALYZE"], "--json", "--threshold", "50", "tenkspread.st"], capture_output=True, text=True).stdout)
assert k["interrupt_counted_from"] is None, k["interrupt_counted_from"]'

# a 10 kHz source of 7 us over runs of 27 to 108 us hits most of the
# longer runs: their scatter, taken for a spread in proportion to the
# run, set the threshold's share to 30% and more, and 10096 a second read
# 50, unwarned.  The shortest runs scatter 3.8 times less than that share
# of theirs: said.  Spreads in proportion to the run (in two modes to 20%,
# uniform to 3% on a coarse tick: the largest ratios, 1.5 and 1.7) are not.
"$DISTURB" --seed 97 --seconds 2 --tick 1000 --range 100000:400000:8 --random 100:23.81:0 --periodic 100:7.14:0.5 > dense.st
check "a 10 kHz source hitting most of the longer runs: said to scatter not in proportion to the runs" judge dense.st '
assert any(w.startswith("interruptions?: the longer runs scatter by") and "does not grow in proportion" in w for w in j["warnings"]), j["warnings"]'
for case in "twospeed 0.2 20000:400000:32 1000" "uniform 0.03 200000:400000:8 1000" "gauss 0.03 100000:200000:16 21"; do
	set -- $case
	"$DISTURB" --seed 5 --seconds 1 --tick $4 --range $3 --random 300:10 | python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" $1 $2 5 > propo.st
	check "a $1 spread of $2 over $3: not said to scatter out of proportion" judge propo.st '
assert not any("does not grow in proportion" in w for w in j["warnings"]), j["warnings"]'
done

# and interruptions of many costs in a half-normal spread: they hit runs
# of every length alike too, and stay counted (3400 a second)
"$DISTURB" --seed 1 --seconds 2 --periodic 4000:17 --random 1600:1 --random 800:2 --random 400:4 --random 200:8 --random 100:16 --random 50:32 > many.st
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" gauss 0.01 1 < many.st > manytail.st
check "interruptions of 1 to 32 us and a timer in a spread: counted, 3400 a second, not said to mix with the tail" judge manytail.st '
assert near(j["interrupts_per_s"], 3400, 0.15), j["interrupts_per_s"]
assert j["spread_tail_mixed"] is None, j["spread_tail_mixed"]'

# but random interruptions of 5 us beside the timer, over runs to 0.8 ms,
# in an exponential spread: those beyond twice the threshold hit the
# short runs far more often than the long ones (whose threshold leaves
# them out), as no spread does; the threshold stays, and they are counted
# (judged by how few stand beyond twice the threshold alone, they are
# taken for the tail, and 270 a second are left of 550)
"$DISTURB" --seed 5 --seconds 2 --range 50000:2000000:48 --periodic 4000:17 --random 300:5 > rnd.st
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" expo 0.008 5 < rnd.st > rndtail.st
check "random 5 us interruptions and a timer in an exponential spread: not taken for its tail, but said to mix with it" judge rndtail.st '
assert j["interrupts_per_s"] >= 0.9 * 550, j["interrupts_per_s"]
assert j["spread_tail_growth"] is not None and j["spread_tail_growth"] < -0.5, j["spread_tail_growth"]
m = j["spread_tail_mixed"]
assert m is not None and abs(m["growth"]) <= 0.5 and m["share"] >= 0.005, m
assert any(w.startswith("interruptions?: ") and "mixes the two" in w for w in j["warnings"]), j["warnings"]'

# the same without the timer: 300 a second of 5 us, and an exponential
# spread whose tail above the threshold is 12% of every N's runs (about
# four times the runs the interruptions hit).  Those runs, within twice
# the threshold, hit runs of every length alike, as no interruptions of
# one cost do: counted, the count is said to mix the two (it had read
# 996 a second, with no warning)
"$DISTURB" --seed 5 --seconds 2 --range 50000:2000000:48 --random 300:5 > rnd1.st
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" expo 0.008 5 < rnd1.st > rnd1tail.st
check "random 5 us interruptions alone in an exponential spread: the count said to mix with its tail" judge rnd1tail.st '
m = j["spread_tail_mixed"]
assert m is not None and abs(m["growth"]) <= 0.5 and m["runs"] >= 0.2 * j["interrupts"], (m, j["interrupts"])
assert any(w.startswith("interruptions?: ") and "mixes the two" in w for w in j["warnings"]), j["warnings"]'
"$ANALYZE" rnd1tail.st > rnd1tail.txt || fail "analyze rnd1tail.st exited $?"
check "the mixed tail: said under the interruptions, and beside the kernel's count" sh -c "
	grep -q '^    and the tail of the runs. own spread among them: .* The count mixes the two' rnd1tail.txt &&
	grep -q 'unseen by the kernel (a hypervisor, SMIs, the hardware), or the tail of the runs. own spread (the count mixes the two)' rnd1tail.txt"

# the light tail beside a timer, random interruptions of 3 to 5 us among
# its runs over runs to 1.5 ms: too few beyond twice the threshold to
# judge how they hit runs, but some: counted (dropped with the tail, 400
# to 480 a second had read 280 to 295 for 550)
for case in "expo 0.004 1 5" "gauss 0.002 1 3"; do
	set -- $case
	"$DISTURB" --seed $3 --seconds 2 --range 50000:4000000:48 --periodic 4000:17 --random 300:$4 > lrnd.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" $1 $2 $3 < lrnd.st > lrndtail.st
	# (the count reads low, 400 for 550: said to mix with the tail)
	check "a timer and random $4 us interruptions over long runs in a $1 spread: not dropped with the tail, said to mix with it" judge lrndtail.st '
assert j["spread_tail_runs"] == 0 and j["interrupts_per_s"] >= 0.7 * 550, (j["spread_tail_runs"], j["interrupts_per_s"])
assert j["spread_tail_mixed"] is not None, j["spread_tail_mixed"]'
done

# the same in a half-normal spread of 0.2%, other seeds: the spread's
# first gaps beyond the threshold had been taken for a ladder of
# interruptions, the threshold capped below the spread, the spread then
# taken for runs slowed in proportion to their length and the timer
# hidden above the threshold raised over them (seen at 1 in 4.4 of its
# marks, 57 a second); and the random rate had been fitted over the N
# whose threshold the timer's cost passes, not theirs (seeds 1 to 3 read
# 400, 166 and 73 a second for 550).  The near tail hits runs alike: the
# count is said to mix with it.
for seed in 1 2 3; do
	"$DISTURB" --seed $seed --seconds 2 --range 50000:4000000:48 --periodic 4000:17 --random 300:3 > hid.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" gauss 0.002 $seed < hid.st > hid$seed.st
	check "a 4 ms timer of 17 us and 300/s x 3 us in a spread of 0.2%, seed $seed: the timer at 250, 550 a second within 20%" judge hid$seed.st '
p = sources()
assert len(p) >= 1 and near(p[0]["period_ns"], 4e6, 1e-3) and near(p[0]["per_s"], 250, 0.05), p
assert near(j["interrupts_per_s"], 550, 0.2), j["interrupts_per_s"]
assert j["slowed_runs"] is None and j["spread_tail_mixed"] is not None, (j["slowed_runs"], j["spread_tail_mixed"])'
done

# a timer hidden in the longer runs by a threshold raised over runs
# slowed in bursts (5% for 1 ms of every 10 ms: twice that, 9% of a run,
# is above the 10 ms source's 20 us in runs of 0.2 ms and more; 2% for 2
# ms of every 40 ms beside a 4 ms timer of 10 us): it fires every period
# all the same, judged from the short runs where its cost passes the
# threshold (they had been counted at 18 and 60 a second, seen at few of
# their marks)
for case in "2 100 10000 --periodic 10000:20 --bursts 1.05@1/10" \
	    "1 250 4000 --periodic 4000:10 --bursts 1.02@2/40"; do
	set -- $case
	"$DISTURB" --seed $1 --seconds 2 --range 50000:2000000:48 --random 300:5 $4 $5 $6 $7 > hb.st
	check "a timer of $3 us period beside bursts of a slower machine, seed $1: slowed, and the timer at $2 a second" judge hb.st '
assert j["slowed_runs"] is not None, j["slowed_runs"]
assert any(near(x["period_ns"], '$3' * 1e3, 1e-3) and near(x["per_s"], '$2', 0.05) for x in sources()), sources()'
done

# a cheap 4 ms timer in a half-normal spread over runs to 2 ms: the
# spread's tail is not counted, and the threshold raised over it hides
# the timer in all but the shortest runs; kept as found at first, it is
# judged to fire every period as it was there, at that threshold (judged
# again at the raised one, from the few runs that still show it, it had
# been seen at 1 in 7.2 of its marks and counted at 35 a second)
for case in "1 5 0.01" "3 3 0.005"; do
	set -- $case
	"$DISTURB" --seed $1 --seconds 2 --range 50000:4000000:48 --periodic 4000:$2 > ct.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" gauss $3 $1 < ct.st > ctg.st
	check "a 4 ms timer of $2 us in a spread of $3, seed $1, the tail not counted: at 250 a second" judge ctg.st '
p = sources()
assert j["spread_tail_runs"] > 0, j["spread_tail_runs"]
assert len(p) == 1 and near(p[0]["period_ns"], 4e6, 1e-3) and near(p[0]["per_s"], 250, 0.05), p'
done

# random interruptions of 3 us alone in a half-normal spread of 0.2%:
# each N's smallest timings show a first gap beyond the threshold, just
# beyond it and alike at every N, as any spread's do; no ladder of
# interruptions, whose rung lies at their cost (seed 3 had capped the
# threshold at half that gap, below the spread's bulk: 3576 a second of
# 214 ns, 74% of the runs, for 300)
for seed in 1 2 3; do
	"$DISTURB" --seed $seed --seconds 2 --range 50000:4000000:48 --random 300:3 > rl.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" gauss 0.002 $seed < rl.st > rl$seed.st
	check "300 a second of 3 us in a spread of 0.2%, seed $seed: no ladder, 300 a second within 25%" judge rl$seed.st '
assert near(j["interrupts_per_s"], 300, 0.25), j["interrupts_per_s"]'
	"$ANALYZE" rl$seed.st > rl.txt || fail "analyze rl$seed.st exited $?"
	check "... the threshold not capped at a rung" sh -c "! grep -q 'ladder' rl.txt"
done

# two files pooled, a 1 kHz timer of 0.6 us in a spread of 1% in each:
# no period searched, so its runs are not told from the tail's; the tail
# is judged on all the runs above the threshold, as a spread falling off
# (judged by how they hit runs of each length, the timer's, beyond twice
# the threshold in the short runs only, had kept the tail: 2266 to 2881 a
# second for 1000)
for seed in 1 2; do
	"$DISTURB" --seed $seed --seconds 2 --periodic 1000:0.6 > ptim.st
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/spread.py" gauss 0.01 $seed < ptim.st > ptim$seed.st
done
"$ANALYZE" --json ptim1.st ptim2.st > ptim.json || fail "analyze of two files exited $?"
check "two files of a 0.6 us timer in a spread, pooled: the tail dropped, about 1000 a second" python3 -c '
import json; j = json.load(open("ptim.json"))
assert j["spread_tail_runs"] > 0 and j["interrupts_per_s"] <= 1.3 * 1000, (j["spread_tail_runs"], j["interrupts_per_s"])'

# two collections pooled: each file's start times follow the last's by a
# made-up gap, so their sources' phases are unrelated; searched across
# them, two 4 ms sources a file had made a 1 ms source.  Not searched, and
# said; each file alone has its two.
"$DISTURB" --seed 1 --seconds 2 --periodic 4000:30 --periodic 4000:20 > pool1.st
"$DISTURB" --seed 2 --seconds 2 --periodic 4000:30 --periodic 4000:20 > pool2.st
"$ANALYZE" --json pool1.st pool2.st > pool.json || fail "analyze of two files exited $?"
"$ANALYZE" pool1.st pool2.st > pool.txt || fail "analyze of two files exited $?"
check "two files: no period searched across them, said, and warned of (the rate is a random source's)" sh -c "
	grep -q 'periodic: not searched: the runs of 2 files' pool.txt &&
	python3 -c 'import json; j = json.load(open(\"pool.json\")); assert j[\"periods_searched\"] is False and j[\"periodic\"] == []; assert any(w.startswith(\"pooled: the runs of 2 files\") for w in j[\"warnings\"]), j[\"warnings\"]'"
for f in pool1 pool2; do
	check "$f alone: its two 4 ms sources" judge $f.st "
assert j['periods_searched'] is True and len(j['periodic']) == 2, j['periodic']
assert all(near(s['period_ns'], 4e6, 1e-3) for s in j['periodic']), j['periodic']"
done

# two sources of other costs (20 and 30 us) at other phases: as many of
# each in every third of the runs by length, so the excess does not grow
# with N (the thirds' medians had been 20 in one and 30 in the other by
# chance: m^0.46 to m^0.50, a hair from being called slowed runs)
for seed in 2 7 9; do
	"$DISTURB" --seed $seed --seconds 2 --periodic 4000:30 --periodic 4000:20 > mix2.st
	check "20 and 30 us sources, seed $seed: their excess does not grow with N" judge mix2.st "
g = j['interrupt_excess_growth']
assert g is not None and abs(g) <= 0.2 and j['slowed_runs'] is None, g"
done

# the same two sources with marks 33 and 42 us apart (truth phases): a
# long run holds both, so the excess grows with N (as m^0.5 to m^0.58),
# yet by half a speed's: interruptions, not slowed runs "by 96%"
for seed in 35 171; do
	"$DISTURB" --seed $seed --seconds 2 --periodic 4000:30 --periodic 4000:20 > close.st
	check "20 and 30 us sources 33-42 us apart, seed $seed: interruptions, not slowed runs" judge close.st "
assert j['slowed_runs'] is None and j['interrupts'] > 0, (j['interrupt_excess_growth'], j['slowed_runs'])"
done

# a collection too short for speed states (248 runs): the phases are
# still given at its middle, within a period of it
"$DISTURB" --seed 1 --periodic 200:5 --periodic 200:8 --range 20000:200000:4 --runs 62 > short.st
check "a short collection: phase_ns at its middle, within a period" judge short.st "
rows = [l.split() for l in open('short.st') if not l.startswith('#')]
unit = float([l.split()[2] for l in open('short.st') if l.startswith('# unit_ns:')][0])
mid = max(int(r[2]) + int(r[1]) for r in rows) * unit / 2
assert len(j['periodic']) == 2, j['periodic']
assert all(abs(s['phase_ns'] - mid) <= s['period_ns'] for s in j['periodic']), (mid, j['periodic'])"

# the truth's own tool refuses speeds and times no machine has (an
# infinite factor would be simulated forever)
for bad in "--speed inf@0:10" "--speed 1.1@0:inf" "--speed nan@0:10" "--speed 1.1@10:5" \
	"--bursts inf@1/5" "--bursts 1.1@1/inf" "--bursts 1.1@5/1" "--bursts 1e300@1/5" \
	"--wave inf@10" "--wave 0.03@inf" "--wave 0.03@0"; do
	rc=0
	# shellcheck disable=SC2086 # an option and its value
	timeout 10 "$DISTURB" $bad > /dev/null 2> bad.err || rc=$?
	check "disturb $bad: refused (exit 2, $rc)" sh -c "[ $rc -eq 2 ] && grep -q expected bad.err"
done

for seed in 1 2 3; do
	# quiet: jitter only
	"$DISTURB" --seed $seed > quiet.st
	check "quiet, seed $seed: one speed, no interruption, no period, no warning" judge quiet.st '
assert len(states()) == 1, states()
assert j["interrupts"] == 0 and j["periodic"] == [] and not j["period_found"], j["interrupts"]
assert j["warnings"] == [], j["warnings"]
assert j["run_spread"][1] < 0.005, j["run_spread"]
assert j["speed_wander"] < 0.005, j["speed_wander"]'

	# a speed that wanders smoothly by 3% every 200 ms (steps too small
	# for stretches): the wander said, nothing interrupted
	"$DISTURB" --seed $seed --wave 0.03@200 > wave.st
	check "a speed wandering by 3%, seed $seed: the wander, no interruption" judge wave.st '
assert abs(j["speed_wander"] - 0.03) <= 0.005, j["speed_wander"]
assert j["interrupts"] == 0 and j["slowed_runs"] is None, j["interrupts"]'

	# by 2% every 100 ms: its crests no stretches between ramps (cut so,
	# the runs' spread around them had read as 589 interruptions a second)
	"$DISTURB" --seed $seed --wave 0.02@100 > wave2.st
	check "a speed wandering by 2% every 100 ms, seed $seed: one state, no interruption" judge wave2.st '
assert len(states()) == 1, states()
assert j["interrupts"] == 0 and j["slowed_runs"] is None, j["interrupts"]'

	# 1.30 times slower for the last 20% of the time, no interruption
	"$DISTURB" --seed $seed --speed 1.3@1600:2000 > slow.st
	check "slower for the last 20%, seed $seed: two states, none interrupted" judge slow.st '
s = states()
assert len(s) == 2 and s[0]["factor"] == 1, s
assert abs(s[1]["factor"] - 1.3) <= 0.03 and abs(s[1]["share"] - 0.2) <= 0.05, s
assert abs(s[1]["from_ms"] - 1600) <= 100, s
assert j["interrupts"] == 0, j["interrupts"]
assert any(w.startswith("speed:") for w in j["warnings"]), j["warnings"]'

	# 1000 Hz x 20 us interrupts and that slowdown
	"$DISTURB" --seed $seed --speed 1.3@1600:2000 --periodic 1000:20 > both.st
	check "slowdown and 1 kHz x 20 us, seed $seed: both, apart" judge both.st '
s = states()
assert len(s) == 2 and abs(s[1]["factor"] - 1.3) <= 0.03 and abs(s[1]["share"] - 0.2) <= 0.05, s
assert near(j["interrupts_per_s"], 1000, 0.1), j["interrupts_per_s"]
assert near(j["interrupt_cost_ns"], 20000, 0.1), j["interrupt_cost_ns"]
p = sources()
assert len(p) == 1 and near(p[0]["period_ns"], 1e6, 0.02), p
assert near(p[0]["per_s"], 1000, 0.1) and near(p[0]["cost_ns"], 20000, 0.1), p
assert j["slowed_runs"] is None, j["slowed_runs"]'

	# 10% slower for 100 ms in the middle, and a 250 Hz timer of 5 us:
	# no single cut in two finds a stretch in the middle (either side's
	# mean holds it diluted below 1%): it was taken for slowed runs, and
	# the timer said to be seen at 1 in 3.9 of its marks, 63 per second
	"$DISTURB" --seed $seed --speed 1.10@950:1050 --periodic 4000:5 > mid.st
	check "10% slower for 100 ms in the middle and 250 Hz x 5 us, seed $seed: the stretch a state, the timer whole" judge mid.st '
s = states()
assert len(s) == 2 and abs(s[1]["factor"] - 1.1) <= 0.02 and abs(s[1]["share"] - 0.05) <= 0.01, s
assert abs(s[1]["from_ms"] - 950) <= 30, s
p = sources()
assert len(p) == 1 and near(p[0]["period_ns"], 4e6, 0.02) and near(p[0]["per_s"], 250, 0.1), p
assert j["slowed_runs"] is None, j["slowed_runs"]'

	# 5000 a second of 3 us at random over runs to 1.1 ms: the longer
	# runs hold about 5 each, their spread (of interruptions) raised
	# their threshold above several costs, and they were counted 24 a
	# second, unwarned; the rate now comes from the N whose threshold
	# lies below a cost (within 40% here: the short N hold few), and the
	# saturation is said (20 s: in 5 the longer runs' spread stays low)
	"$DISTURB" --seed $seed --random 5000:3 --range 40000:4000000:32 --seconds 20 > dense.st
	check "5000/s x 3 us at random, runs to 1.1 ms, seed $seed: the rate within 40%, saturated?" judge dense.st '
assert j["interrupts_per_s"] > 0.6 * 5000 and j["interrupts_per_s"] < 1.4 * 5000, j["interrupts_per_s"]
assert near(j["interrupt_cost_ns"], 3000, 0.1), j["interrupt_cost_ns"]
assert any(x.startswith("saturated?") for x in j["warnings"]), j["warnings"]'

	# a 1 kHz timer of 10 us spread by 1 us over runs to 1.45 ms: the
	# minima of the longer runs hold the cheapest of hundreds (about 7
	# us), not the median: taken out, the median had made the
	# compensated unit cost 0.3% low, its bounds missing 0.57
	"$DISTURB" --seed $seed --periodic 1000:10:0.1 --range 40000:5300000:32 --seconds 5 > spread.st
	check "1 kHz x 10 us +- 1 us over runs to 1.45 ms, seed $seed: the compensated bounds hold 0.57" judge spread.st '
lo, hi = j["unit_cost_compensated_interval"]
assert lo <= 0.57 <= hi, (lo, hi)
assert near(j["unit_cost_compensated"], 0.57, 0.002), j["unit_cost_compensated"]'

	# a step of the cost beside random interruptions that saturate the
	# runs: no staircase (no source fires in every run): said nonlinear,
	# not put down to the interruptions
	"$DISTURB" --seed $seed --random 8000:3 --range 400:4000000:64 --seconds 3 |
		awk 'BEGIN { OFS = "\t" } /^#/ { print; next } $1 >= 2000000 { $2 += 43000 } { print }' > rstep.st
	check "a step of 43000 units beside 8000/s at random, seed $seed: nonlinear, not a step of interruptions" judge rstep.st '
w = j["warnings"]
assert any(x.startswith("nonlinear") for x in w), w
assert not any(x.startswith("step:") for x in w), w'

	# a 1 kHz timer of 20 us over runs to 2.4 ms: every run holds one or
	# two, the minima a staircase of them, the overhead below zero: said
	# as that (saturated, step), not as a cost not linear in N
	"$DISTURB" --seed $seed --periodic 1000:20 --range 200000:10000000:32 --seconds 10 \
		--tick 1 --unit-ns 0.4 --slope 0.6 > stair.st
	check "1 kHz x 20 us saturating runs to 2.4 ms, seed $seed: saturated, a step of interruptions, not nonlinear" judge stair.st '
w = j["warnings"]
assert any(x.startswith("saturated:") for x in w), w
assert not any(x.startswith("nonlinear") for x in w), w
assert all("not linear in N, or small N" not in x for x in w), w'

	# 5% slower for 0.23 ms of every 0.5 ms, and 10% for 3 ms of every
	# 7 ms: too short for windows of 32 runs (about 1 ms); the runs they
	# slowed are said to be slowed, by their factor, not interrupted
	for b in 1.05@0.23/0.5:0.05 1.1@3/7:0.1; do
		"$DISTURB" --seed $seed --bursts "${b%:*}" > fast.st
		check "slower in short bursts ${b%:*}, seed $seed: slowed runs, by ${b##*:}, their period, warned, none interrupted" judge fast.st '
g, s = j["interrupt_excess_growth"], j["slowed_runs"]
assert s is not None and abs(g - 1) <= 0.1, (g, s)
assert abs(s["median"] - '"${b##*:}"') <= 0.01 and s["p75"] <= '"${b##*:}"' + 0.01, s
assert s["runs"] > 0.2 * j["samples"], s
assert abs(j["run_spread"][1] - '"${b##*:}"') <= 0.01, j["run_spread"]
every = float("'"${b#*/}"'".split(":")[0]) * 1e6
assert s["period_ns"] is not None and near(s["period_ns"], every, 0.02), s
assert j["interrupts"] <= 0.001 * j["samples"], j["interrupts"]
assert j["saturated"] is False, j["saturated"]
assert any(w.startswith("speed: the machine\x27s speed changed from run to run") for w in j["warnings"]), j["warnings"]'
	done
	# the same, 3% or 5% slower, beside a 1 kHz timer of 20 us (whose
	# runs lie among the longest slowed ones' top): both, apart, the
	# bursts' period theirs, not the timer's
	for b in 1.03@0.2/0.45:0.03:450000 1.05@0.3/0.9:0.05:900000; do
	f=${b%%:*} x=${b#*:}
	"$DISTURB" --seed $seed --bursts "$f" --periodic 1000:20:0.1 > fastirq.st
	check "slower in short bursts $f and 1 kHz x 20 us, seed $seed: both, apart" judge fastirq.st '
s = j["slowed_runs"]
assert s is not None and abs(s["median"] - '"${x%:*}"') <= 0.005, s
assert s["period_ns"] is not None and near(s["period_ns"], '"${x#*:}"', 0.02), s
assert near(j["interrupts_per_s"], 1000, 0.1) and near(j["interrupt_cost_ns"], 20000, 0.1), j
p = sources()
assert len(p) == 1 and near(p[0]["period_ns"], 1e6, 0.02), p'
	done

	# 60% or 80% slower in short bursts, beside a 250 Hz timer of 30 us
	# on runs up to 16 us: the interruptions found again above twice the
	# slowdown of a run's minimum (as a share of its timing, which no
	# excess reaches: 120% of it left none)
	for b in 1.6@0.2/0.9:0.6 1.8@0.1/3.7:0.8; do
	f=${b%%:*} x=${b#*:}
	"$DISTURB" --seed $seed --range 1000:60000:64 --bursts "$f" --periodic 4000:30:0.1 > bigslow.st
	check "slower by $x in bursts $f and 250 Hz x 30 us, seed $seed: both" judge bigslow.st '
s = j["slowed_runs"]
assert s is not None and abs(s["median"] - '"$x"') <= 0.02, s
assert near(j["interrupts_per_s"], 250, 0.1) and near(j["interrupt_cost_ns"], 30000, 0.1), j
p = sources()
assert len(p) == 1 and near(p[0]["period_ns"], 4e6, 0.02), p
assert not any(w.startswith("interruptions?") for w in j["warnings"]), j["warnings"]'
	done

	# slowdowns of two sizes (25% in bursts, 80% now and then) and no
	# interrupt: what passes twice the first is the second, and grows
	# with m as it does: the interruptions left are doubted, not believed
	"$DISTURB" --seed $seed --bursts 1.25@2/20 --speed 1.8@100:103 --speed 1.8@600:603 \
		--speed 1.8@1100:1103 > twoslow.st
	check "slowdowns of two sizes, seed $seed: what is left is doubted" judge twoslow.st '
assert j["slowed_runs"] is not None, j["slowed_runs"]
assert j["interrupts"] == 0 or any(w.startswith("interruptions?") for w in j["warnings"]), (j["interrupts"], j["warnings"])'

	# 10 ms of every 100 ms 1.10 times faster: the line rests on the bursts
	"$DISTURB" --seed $seed --bursts 0.90909@10/100 > bursts.st
	check "turbo bursts, seed $seed: 90% of the time 1.1 times slower, warned" judge bursts.st '
s = states()
assert len(s) == 2 and abs(s[1]["factor"] - 1.1) <= 0.03 and abs(s[1]["share"] - 0.9) <= 0.05, s
assert j["interrupts"] == 0, j["interrupts"]
assert any(w.startswith("speed:") for w in j["warnings"]), j["warnings"]'

	# two periodic sources: not a common fraction
	"$DISTURB" --seed $seed --periodic 1000:20 --periodic 2700:50 > two.st
	check "1 ms and 2.7 ms, seed $seed: two sources, each its period and cost" judge two.st '
p = sources()
assert len(p) == 2, p
assert near(p[0]["period_ns"], 1e6, 0.02) and near(p[1]["period_ns"], 2.7e6, 0.02), p
assert near(p[0]["per_s"], 1000, 0.1) and near(p[1]["per_s"], 370.4, 0.1), p
assert near(p[0]["cost_ns"], 20000, 0.1) and near(p[1]["cost_ns"], 50000, 0.1), p
assert near(j["interrupts_per_s"], 1370, 0.1), j["interrupts_per_s"]
assert j["slowed_runs"] is None and abs(j["interrupt_excess_growth"]) < 0.3, j["slowed_runs"]'

	# a source on a 5 ms grid that fires at a fifth of its marks (the
	# truth: about 80 of 400), beside a 4 ms timer at every mark: the
	# report says at how many of its marks, not that it fires every 5 ms
	"$DISTURB" --seed $seed --periodic 5000:20:0:unseen:0.2 --periodic 4000:5 > share.st
	"$ANALYZE" share.st > share.txt || fail "share.st: analyze exited $?"
	check "a 5 ms source at a fifth of its marks, seed $seed: at 1 in about 5" \
		grep -Eq 'every 5 ms \(200 Hz\), seen at 1 in [3-7](\.[0-9])? of its marks: ' share.txt
	check "... and the 4 ms timer at every mark: no share" \
		grep -Eq 'every 4 ms \(250 Hz\): [0-9]+ runs, 250 per second' share.txt

	# two sources 0.3% apart in period, of one cost: however the search
	# cuts them into sources, every interruption is counted once (a merge
	# of near periods had counted some both in a source and at random)
	"$DISTURB" --seed $seed --periodic 10000:20 --periodic 10030:20 > near.st
	check "10 ms and 10.03 ms, seed $seed: 200 interruptions a second" judge near.st '
assert near(j["interrupts_per_s"], 200, 0.15), j["interrupts_per_s"]'

	# random interruptions among two periodic sources, and a kernel that
	# counts one of them (the 4 ms timer)
	"$DISTURB" --seed $seed --random 1400:24:0.3 --periodic 4000:5:0:irq --periodic 2700:50 > mix.st
	check "random and periodic, seed $seed: the two periods, the whole rate" judge mix.st '
p = sources()
assert len(p) == 2, p
assert near(p[0]["period_ns"], 2.7e6, 0.02) and near(p[1]["period_ns"], 4e6, 0.02), p
assert near(p[0]["cost_ns"], 50000, 0.1) and near(p[1]["cost_ns"], 5000, 0.1), p
assert near(j["interrupts_per_s"], 2020, 0.1), j["interrupts_per_s"]
k = j["kernel_counted"]
assert k is not None and near(k["interrupts_per_s"], 250, 0.02), k
assert j["slowed_runs"] is None, j["slowed_runs"]'

	# random interrupts alone, costs spread
	"$DISTURB" --seed $seed --random 3000:10:0.5 > random.st
	check "3 kHz at random x 10 us, seed $seed: rate and cost, no period" judge random.st '
assert near(j["interrupts_per_s"], 3000, 0.1) and near(j["interrupt_cost_ns"], 10000, 0.1), j
assert j["periodic"] == [], j["periodic"]
assert j["slowed_runs"] is None, j["slowed_runs"]'
done
check "the text report names the sources" sh -c "'$ANALYZE' two.st | grep -q 'every 2.7 ms (370.4 Hz)'"
check "the text report says the wander" sh -c "'$ANALYZE' wave.st | grep -q 'within their stretches the windows.* speeds wandered over 2.9'"
"$ANALYZE" fast.st > fast.txt || fail "fast.st: analyze exited $?"
check "slowed runs, text: said in the speed section" grep -q '^    and from run to run, faster than the windows follow: .* slower in proportion' fast.txt
check "... and in the interruptions'" grep -q '^    not counted: [0-9]* runs (.*) the machine slowed in proportion to their length' fast.txt
check "... and its warning whole" grep -q 'the unit cost is that of the fastest runs$' fast.txt
# without start times (no speed states): the slowed runs still said
awk '/^# columns/ { print "# columns: n t"; next } /^#/ { print; next } { print $1 "\t" $2 }' fast.st > fast-noat.st
check "slowed runs without start times: found and warned" judge fast-noat.st '
assert j["speed_states"] is None and j["slowed_runs"] is not None, j["slowed_runs"]
assert any(w.startswith("speed: the machine\x27s speed changed from run to run:") for w in j["warnings"]), j["warnings"]'

# Saturated: a 1 ms timer of 20 us that every run longer than 1 ms holds
# at least once.  The least-values line rises with it; the compensated
# unit cost takes it out and its bounds hold the truth.  (Seed 3: the
# shortest runs' events are sparse, and the period search must scan the
# whole window it was given after passing over stages of too few events.)
for seed in 1 2 3; do
	"$DISTURB" --seed $seed --periodic 1000:20 --range 50000:8000000:48 > sat.st
	check "saturated 1 ms timer, seed $seed: compensated within its bounds of 0.57" judge sat.st '
assert j["saturated"], j["saturated"]
lo, hi = j["unit_cost_compensated_interval"]
assert lo <= 0.57 <= hi and near(j["unit_cost_compensated"], 0.57, 0.002), j["unit_cost_compensated"]
assert any(w.startswith("saturated:") for w in j["warnings"]), j["warnings"]'
	"$DISTURB" --seed $seed --random 20000:5 --range 50000:3000000:64 > satr.st
	check "saturated 20 kHz at random, seed $seed: compensated bounds hold 0.57" judge satr.st '
assert j["saturated"], j["saturated"]
lo, hi = j["unit_cost_compensated_interval"]
assert lo <= 0.57 <= hi, (lo, hi)
assert near(j["interrupt_cost_ns"], 5000, 0.1), j["interrupt_cost_ns"]
assert j["slowed_runs"] is None, j["slowed_runs"]
assert j["speed_wander"] is None, j["speed_wander"]'
done

# A cheap timer beside costlier random interruptions that hit most long
# runs (runs to 0.54 ms; 2000 a second of 10 us, 1500 of 12 us, or 3000
# of 10 us spread by half): a run at a mark that one of those hit too is
# theirs, so the timer shows alone in fewer runs than its marks.  It
# fires every period all the same (it had been judged to fire at 1 in 2.1
# of its marks: 122 a second, not 250), and the random interruptions at
# its marks are counted as theirs.  Nor is it taken for bursts of a
# slower machine at its period: its marks' runs hold more of the others
# the longer they are, and their lower quartile too, but not the runs
# the others left (seed 2 of the third: 7.5% of the runs "slowed", 1645
# a second counted for 3250).
for seed in 1 2 3; do
	for spec in 4000:3:2000:10 1000:4:1500:12 4000:5:3000:10:0.5; do
		set -- $(echo "$spec" | tr ':' ' ')
		"$DISTURB" --seed $seed --seconds 3 --range 5000:2000000:64 \
			--periodic "$1:$2" --random "$3:$4${5:+:$5}" > cheap.st
		check "a ${1} us timer of ${2} us beside $3 a second of ${4} us${5:+ (spread $5)}, seed $seed: every period, the total within 10%, no bursts" \
			judge cheap.st "
s = sources()
assert len(s) == 1 and near(s[0]['period_ns'], $1 * 1e3, 1e-3), s
assert near(s[0]['per_s'], 1e6 / $1, 0.02), s
assert near(j['interrupts_per_s'], 1e6 / $1 + $3, 0.1), j['interrupts_per_s']
assert j['slowed_runs'] is None, j['slowed_runs']"
	done
done

# And the other way round: a timer alone whose costs spread by their
# median (1 ms of 10 us spread by 10 us) has its own costliest runs at
# its marks, no random interruptions (counted as such, they had made 1000
# a second 1161); a timer at 4 in 10 of its marks beside cheaper random
# interruptions (5000 a second of 1 us), which leave its runs its own, is
# counted by its hits (the others' rate taken off its marks had made it
# fire every period: 250 a second for 100).
for seed in 1 2 3; do
	"$DISTURB" --seed $seed --seconds 3 --range 5000:2000000:64 --periodic 1000:10:1.0 > spreadt.st
	check "a 1 ms timer whose costs spread by their median, seed $seed: 1000 a second, no random ones" \
		judge spreadt.st "
s = sources()
assert len(s) == 1 and near(s[0]['per_s'], 1000, 0.02), s
assert near(j['interrupts_per_s'], 1000, 0.03), j['interrupts_per_s']"
	"$DISTURB" --seed $seed --seconds 3 --range 5000:700000:64 \
		--periodic 4000:20:0:unseen:0.4 --random 5000:1 > skip.st
	hits=$(sed -n 's/^# truth_source: periodic 4000:20:.* hits=\([0-9]*\) .*/\1/p' skip.st)
	check "a 4 ms timer at 4 in 10 of its marks beside 5000 a second of 1 us, seed $seed: counted by its hits ($hits)" \
		judge skip.st "
s = [x for x in sources() if near(x['period_ns'], 4e6, 1e-3)]
assert len(s) == 1 and near(s[0]['per_s'] * 3, $hits, 0.1), (s, $hits)"
done

# 2% bursts of 2 ms every 40 ms beside 1500 a second of 10 us, over runs
# to 0.54 ms: not told from the interruptions (a limit the README states:
# they read as sources every 40 ms), but those sources' costlier runs,
# beyond chance at their marks, are their own: not counted as random
# ones too (that had made the count 16 to 18% high).
for seed in 1 2; do
	"$DISTURB" --seed $seed --seconds 3 --range 5000:2000000:64 --bursts 1.02@2/40 \
		--random 1500:10 > bursts.st
	hits=$(sed -n 's/^# truth_source: random 1500:10 hits=\([0-9]*\) .*/\1/p' bursts.st)
	ms=$(sed -n 's/^# truth_in_runs_ms: //p' bursts.st)
	check "bursts every 40 ms beside 1500 a second of 10 us, seed $seed: the count within 10% of the random ones'" \
		judge bursts.st "
assert near(j['interrupts_per_s'], $hits / ($ms / 1e3), 0.1), (j['interrupts_per_s'], $hits / ($ms / 1e3))"
done

# Saturated everywhere: even the shortest runs hold interruptions, and no
# threshold tells them from the runs' scatter: said, not hidden.
"$DISTURB" --random 20000:5 --range 500000:2000000:64 > satall.st
check "every run interrupted: a saturated? warning" judge satall.st '
assert any(w.startswith("saturated?") for w in j["warnings"]), j["warnings"]'

# An activity trace: rate, cost, periods and what the kernel saw.
"$DISTURB" --trace 2 --periodic 1000:25:0.3 --periodic 4000:5:0.2:irq \
	--random 100:30:0.5:preempt --periodic 2700:50 > trace.st
check "trace: interruptions, their cost, the sources, the attribution" judge trace.st '
t = j["trace"]
assert j["kind"] == "trace"
truth = 1000 + 250 + 93 + 370.4
assert near(t["interruptions_per_s"], truth, 0.1), t["interruptions_per_s"]
p = sorted(t["periodic"], key=lambda s: s["period_ns"])
assert [round(s["period_ns"] / 1e5) for s in p] == [10, 27, 40], p
assert near(t["kernel_counted_per_s"], 250, 0.02) and near(t["preempted_per_s"], 93, 0.1), t
assert near(t["unattributed_per_s"], 1370.4, 0.1), t["unattributed_per_s"]
assert 0.03 < t["lost_share"] < 0.07, t["lost_share"]'
"$ANALYZE" trace.st > trace.txt
check "trace, text: the unseen rest" grep -q 'unseen by the kernel' trace.txt
check "trace, text: its sources' rates in Hz" grep -q 'every 1 ms (1000 Hz)' trace.txt
# without unit_ns the periods are clock units: no rate in Hz is made up
grep -v '^# unit_ns:' trace.st > trace_nounit.st
"$ANALYZE" trace_nounit.st > trace_nounit.txt || fail "analyze of a trace without unit_ns exited $?"
check "trace without unit_ns: periods in units, no Hz" sh -c "
	grep -q '^    every [0-9.e+]* units: ' trace_nounit.txt && ! grep -q 'Hz' trace_nounit.txt"
rc=0
"$ANALYZE" trace.st quiet.st > /dev/null 2> err || rc=$?
check "a trace with a collection: refused (exit 1)" [ "$rc" -eq 1 ]
check "a trace with a collection: says why" grep -q 'analyzed alone' err
