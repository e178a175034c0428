#!/bin/sh
# The text reports (the full one, -v, and the short one) and the JSON of
# fixed synthetic streams.  Text must match exactly; numbers within a
# relative 1e-9 or one unit in their last printed digit
# (tests/tools/numdiff.py), so that another compiler or libm passes.
# After an intended change of the reports, regenerate them with
#   SUBTICK_UPDATE_GOLDEN=1 meson test -C build analyze_golden
# and read the diff before committing it.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}" "${SUBTICK_SOURCE_ROOT:?}"
G=$SUBTICK_SOURCE_ROOT/tests/golden

# golden NAME SYNTH-OPTIONS: the reports of one stream, compared below.
pairs=""
golden() {
	name=$1
	shift
	"$SYNTH" "$@" > "$T/$name.st"
	"$ANALYZE" -v "$T/$name.st" > "$T/$name.txt" || fail "$name: analyze -v exited $?"
	"$ANALYZE" "$T/$name.st" > "$T/$name.short.txt" || fail "$name: analyze exited $?"
	"$ANALYZE" --json "$T/$name.st" > "$T/$name.json" || fail "$name: --json exited $?"
	for ext in txt short.txt json; do
		if [ "${SUBTICK_UPDATE_GOLDEN:-0}" = 1 ]; then
			cp "$T/$name.$ext" "$G/$name.$ext"
		fi
		pairs="$pairs $G/$name.$ext $T/$name.$ext"
	done
}

# A TSC-like clock with the timer interrupt every 4 ms.
golden timer --seed 7 --runs 40 --period 9.2e6 --interrupt-every 0 --interrupt-cost 4000
# Krutar's tick of 500 ns against a unit cost of 359 ns.
golden krutar --seed 8 --tick 500 --slope 359 --intercept 1000 --unit-ns 1 \
	--range 1:2000:50 --jitter 200 --runs 20
# Too few N, too narrow a range, few runs: the warnings.
golden warnings --seed 9 --range 1000:1010:5 --runs 3

# Every pair in one process; the differences are printed.
# shellcheck disable=SC2086 # $pairs is a list of paths without blanks
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/numdiff.py" $pairs > "$T/diff" || cat "$T/diff"
for name in timer krutar warnings; do
	for ext in txt short.txt json; do
		check "$name.$ext matches tests/golden/$name.$ext" grep -qx "same $T/$name.$ext" "$T/diff"
	done
done
