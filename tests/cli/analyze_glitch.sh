#!/bin/sh
# A clock glitch (one timing 20 ticks low, or t = 0) at the first, a middle
# or the last N: named in a warning and left out, so the unit cost stays
# right; --keep-low keeps it and says so.  Clean streams raise no alarm.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}" "${SUBTICK_SOURCE_ROOT:?}"
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

# Twelve glitches at the last N, 100 units apart (each found once the one
# below it is left out), in a stream without unit_ns: the glitches take
# two warnings, not twelve, and the warnings after theirs are still there
# (twelve had filled the list and pushed out the rest unsaid: the last,
# "no unit_ns", here)
command -v python3 > /dev/null || skip "python3 not installed"
# shellcheck disable=SC2046 # sweeps 1, 3, .. 23: 3200, 3100, .. 2100 low
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/glitchy.py" 3 \
	$(awk 'BEGIN { for (i = 0; i < 12; i++) printf "%d:%d ", 2 * i + 1, 3200 - 100 * i }') > g12.st
"$ANALYZE" g12.st > g12.txt
"$ANALYZE" --json g12.st > g12.json
check "12 glitches: the first in full, the other 11 in one warning" \
	sh -c "[ \$(grep -c 'clock glitch?' g12.txt) -eq 2 ] && grep -q 'clock glitch? 11 more' g12.txt"
check "12 glitches: the warnings after theirs are there (no unit_ns)" grep -q 'no unit_ns' g12.txt
check "12 glitches: all twelve in the JSON" [ "$(python3 -c "import json; print(len(json.load(open('g12.json'))['glitches']))")" = 12 ]
check "12 glitches: unit cost $(json_get g12.json unit_cost) within 0.1% of 2" \
	within "$(json_get g12.json unit_cost)" 2 0.002

# sixteen (the most looked for): the list of the fifteen more holds whole
# entries, "..." where the next would not fit (it had been cut in the
# middle of one)
# shellcheck disable=SC2046 # sweeps 1, 2, .. 16: 3200, 3100, .. 1700 low
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/glitchy.py" 3 \
	$(awk 'BEGIN { for (i = 0; i < 16; i++) printf "%d:%d ", i + 1, 3200 - 100 * i }') > g16.st
"$ANALYZE" g16.st > g16.txt
check "16 glitches: the list of the others in whole entries" sh -c "grep 'clock glitch? 15 more' g16.txt |
	sed 's/.* at N = //; s/; left out.*//; s/ (the most looked for.*//' | tr -s ',' '\n' |
	awk '{ sub(/^ /, \"\") } !/^[0-9]+ \([0-9.e+-]+ (ns|µs|ms|s|clock units) below the line\)\$/ && \$0 != \"...\" { bad = 1 } END { exit bad || NR < 2 }'"
