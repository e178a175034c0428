#!/bin/sh
# A clock glitch (one timing 20 ticks low, or t = 0) at the first, a middle
# or the last N: named in a warning and left out, so the unit cost stays
# right; --keep-low keeps it and says so.  Clean streams raise no alarm.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"
"$SYNTH" --seed 8 --tick 500 --slope 359 --intercept 1000 --unit-ns 1 \
	--range 500:2000:50 --jitter 200 --runs 20 > clean.st
"$ANALYZE" --json clean.st > clean.json
check "clean: no glitch" sh -c "! '$ANALYZE' clean.st | grep -q glitch"
check "clean: unit cost within 0.5% of 359" within "$(json_get clean.json unit_cost)" 359 1.8

# glitch WHERE DROP: one timing at the first, middle or last N lowered.
glitch() {
	awk -v w="$1" -v d="$2" 'BEGIN { OFS = "\t" }
		/^#/ { print; next }
		!done && ((w == "first" && $1 == 500) || (w == "mid" && $1 > 1200 && $1 < 1300) ||
			  (w == "last" && $1 == 2000)) { $2 = d == "zero" ? 0 : $2 - d; done = 1 }
		{ print }' clean.st > g.st
}
for where in first mid last; do
	for drop in 10000 zero; do
		glitch $where $drop
		"$ANALYZE" g.st > g.txt
		"$ANALYZE" --json g.st > g.json
		check "$where, $drop: a glitch warning" grep -q 'clock glitch? at N = ' g.txt
		check "$where, $drop: left out" grep -q 'it was left out (--keep-low keeps it)' g.txt
		check "$where, $drop: unit cost $(json_get g.json unit_cost) within 0.5% of 359" \
			within "$(json_get g.json unit_cost)" 359 1.8
		"$ANALYZE" --keep-low --json g.st > k.json
		"$ANALYZE" --keep-low g.st > k.txt
		check "$where, $drop: --keep-low says it was kept" grep -q 'it was kept (--keep-low)' k.txt
		check "$where, $drop: --keep-low moves the unit cost ($(json_get k.json unit_cost))" \
			not_within "$(json_get k.json unit_cost)" 359 1.8
	done
done
