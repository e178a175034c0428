#!/bin/sh
# A machine that slows during the collection: the fifths show it, a
# warning names it, and the bounds widen; a line resting on a short fast
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
	check "2% drift, seed $seed: a drift warning" grep -q 'drift: the unit cost changed' drift.txt
	check "2% drift, seed $seed: the fifths rise" python3 -c '
import json, sys
f = [x["unit_cost"] for x in json.load(open(sys.argv[1]))["fifths"]]
assert all(b > a for a, b in zip(f, f[1:])), f
assert abs(f[0] / 1.15 - 1) < 0.003 and abs(f[-1] / (1.15 * 1.02) - 1) < 0.006, f' drift.json
	check "2% drift, seed $seed: the bounds hold the first sweep's cost 1.15" \
		inside 1.15 "$(json_get drift.json unit_cost_interval)"
done

# 10% slower but for a burst of 0.5% of the runs: the line rests on it.
"$SYNTH" --seed 4 --runs 40 --slope 1.265 > slow.st
"$SYNTH" --seed 5 --runs 40 --slope 1.15 > fast.st
python3 - slow.st fast.st > burst.st <<'PY'
import sys
slow = [l for l in open(sys.argv[1])]
fast = [l for l in open(sys.argv[2]) if not l.startswith("#")]
data = [i for i, l in enumerate(slow) if not l.startswith("#")]
start = data[len(data) // 2]
for k, i in enumerate(data[len(data) // 2: len(data) // 2 + len(data) // 200]):
    n, t, at = slow[i].split()
    f = [l for l in fast if l.split()[0] == n][0].split()
    slow[i] = f"{n}\t{f[1]}\t{at}\n"
sys.stdout.write("".join(slow))
PY
"$ANALYZE" burst.st > burst.txt
check "a fast burst: the short-burst warning" grep -q 'the line rests on a short burst' burst.txt
check "a fast burst: when its minima were taken" grep -q 'its minima were taken at' burst.txt
