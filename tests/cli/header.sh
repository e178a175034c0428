#!/bin/sh
# A short collection: every header key, t near multiples of the tick, a
# last line.
. "$(dirname "$0")/lib.sh"

"$COLLECT" --n 1000,2000,4000,8000 --runs 20 -q -o "$T/s" 2> "$T/err" ||
	fail "collect exited $?: $(cat "$T/err")"
check "first line names the format" [ "$(head -n 1 "$T/s")" = "# subtick 1" ]
for key in clock tick unit_ns overhead kernel cpu host date columns; do
	check "header has key '$key'" [ -n "$(header_value "$T/s" "$key")" ]
done
check "columns are n t at" [ "$(header_value "$T/s" columns)" = "n t at" ]
tick=$(header_value "$T/s" tick_mean)	# a clock of uneven steps: their mean
[ -n "$tick" ] || tick=$(header_value "$T/s" tick)
check "4 N x 20 runs = 80 samples" [ "$(grep -vc '^#' "$T/s")" -eq 80 ]
# The tick rule (collector/tick.h): at least 3/4 of the timings are within
# one unit (or 1e-6) of a multiple of the tick; the rest are strays.
check "3/4 of t are near multiples of the tick $tick" near_multiples "$T/s" 2 "$tick"
check "every N appears 20 times" \
	sh -c "grep -v '^#' '$T/s' | cut -f1 | sort | uniq -c | awk '\$1 != 20 { bad = 1 } END { exit bad }'"
check "at starts at 0 and never decreases" \
	awk '!/^#/ { if (seen && $3 < last) bad = 1; if (!seen && $3 != 0) bad = 1; seen = 1; last = $3 } END { exit bad }' "$T/s"
check "last line is # done" sh -c "tail -n 1 '$T/s' | grep -q '^# done: samples=80 '"
check "only complete lines" only_complete_lines "$T/s"
check "unit_ns is a positive number" \
	awk -v u="$(header_value "$T/s" unit_ns)" 'BEGIN { exit !(u > 0 && u < 1e6) }'
check "nothing but warnings on stderr" sh -c "! grep -v '^collect: \\(warning\\|note\\): ' '$T/err'"
