#!/bin/sh
# A machine that slows during the collection: the fifths show it, a
# warning names it (the speed's ramp), and the bounds widen; a line resting on a short fast
# burst says so.  Quiet without drift.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"
for seed in 1 2 3; do
	"$SYNTH" --seed $seed --runs 40 > flat.st
	"$ANALYZE" flat.st > flat.txt
	check "no drift, seed $seed: no drift warning" sh -c "! grep -q 'drift:' flat.txt"
	check "no drift, seed $seed: no burst warning" sh -c "! grep -q 'short burst' flat.txt"
	"$SYNTH" --seed $seed --runs 40 --drift 0.02 > drift.st
	"$ANALYZE" drift.st > drift.txt
	"$ANALYZE" --json drift.st > drift.json
	check "2% drift, seed $seed: a warning names the speed's change" \
		grep -Eq "drift: the unit cost changed|speed: the machine's speed moved" drift.txt
	f=$(json_get drift.json 'fifths.*.unit_cost')
	check "2% drift, seed $seed: the fifths rise ($f)" awk -v f="$f" 'BEGIN {
		k = split(f, u, " ")
		for (i = 2; i <= k; i++) if (u[i] <= u[i - 1]) exit 1
		d1 = u[1] / 1.15 - 1; d5 = u[k] / (1.15 * 1.02) - 1
		exit !(k == 5 && d1 * d1 < 0.003 ^ 2 && d5 * d5 < 0.006 ^ 2) }'
	check "2% drift, seed $seed: the bounds hold the first sweep's cost 1.15" \
		inside 1.15 "$(json_get drift.json unit_cost_interval)"
done

# Each N's runs together, one N after another (a parameter scan), with no
# start times: the N's minima were taken in the order of N, a drift would
# tilt the line unseen, and a warning says the order cannot tell, once or
# three times over.  Not for shuffled sweeps (two of them too), nor where
# start times are given (the fifths in time see a drift).
"$SYNTH" --seed 6 --runs 10 > sweeps.st
grep -v '^#' sweeps.st | sort -s -n -k1,1 | cut -f1,2 > scan.st
grep -v '^#' sweeps.st | sort -s -n -k1,1 > scan_at.st
grep -v '^#' sweeps.st | cut -f1,2 > sweeps_no_at.st
"$ANALYZE" scan.st > scan.txt
check "N one after another, no start times: the order warned" grep -q '^warning: order: ' scan.txt
cat scan.st scan.st scan.st > scan3.st
"$ANALYZE" scan3.st > scan3.txt
check "that scan three times over: the order warned" grep -q '^warning: order: ' scan3.txt
"$SYNTH" --seed 7 --runs 2 | grep -v '^#' | cut -f1,2 > sweeps2.st
# sweeps in increasing N, no start times, a machine that slowed by 2%
# over the collection: every minimum from the first sweep, the unit cost
# 0.1% high beyond its bounds; warned.  Runs in pairs within shuffled
# sweeps are no order (each pair's minimum is anywhere in time).
"$SYNTH" --seed 8 --runs 20 --in-order --drift 0.02 | grep -v '^#' | cut -f1,2 > ordered.st
"$ANALYZE" ordered.st > ordered.txt
check "sweeps in increasing N, a 2% drift, no start times: the order warned" \
	grep -q '^warning: order: the N.s minima were taken in the order of increasing N' ordered.txt
"$SYNTH" --seed 9 --runs 10 | grep -v '^#' | cut -f1,2 | awk '{ print; print }' > pairs.st
for f in sweeps_no_at scan_at sweeps2 pairs; do
	"$ANALYZE" $f.st > $f.txt
	check "$f: no order warning" sh -c "! grep -q '^warning: order: ' $f.txt"
done

# 10% slower but for a burst of 0.5% of the runs: the line rests on it.
"$SYNTH" --seed 4 --runs 40 --slope 1.265 > slow.st
"$SYNTH" --seed 5 --runs 40 --slope 1.15 > fast.st
# The runs from the middle of the slow stream on, 1/200 of them, take the
# time of the fast stream's first run of their N.
total=$(grep -vc '^#' slow.st)
awk -v from=$((total / 2)) -v k=$((total / 200)) 'BEGIN { OFS = "\t" }
	FNR == NR { if (!/^#/ && !($1 in fast)) fast[$1] = $2; next }
	/^#/ { print; next }
	{ if (d >= from && d < from + k) $2 = fast[$1]; d++; print }' fast.st slow.st > burst.st
"$ANALYZE" -v burst.st > burst.txt
check "a fast burst: the short-burst warning" grep -q 'the line rests on a short burst' burst.txt
check "a fast burst: when its minima were taken" grep -q 'its minima were taken at' burst.txt

# Fifths whose lines rise a few ticks (N = 1..10 on a 1-unit tick, 0.57 a
# unit: 5 units) cannot fit a slope: a fifth had read 1.0 for 0.57 and
# drift "+100%" was warned on a clean stream.  No drift is judged there.
for seed in 1 2 3 4 5 6; do
	"$SYNTH" --range 1:10:10 --runs 20 --seed $seed --slope 0.57 --intercept 40 \
		--jitter 5 --tick 1 > few$seed.st
	"$ANALYZE" few$seed.st > few$seed.txt
done
check "fifths too short to fit a slope: no drift, in 6 seeds" \
	sh -c "! grep -qE '^warning: (drift|fifths):' few?.txt"
