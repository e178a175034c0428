#!/bin/sh
# collect --budget 1 writes a whole stream (its header, only complete
# sample lines, the last line "# done:"), which analyze reads: text and
# JSON, exit 0.  Nothing of the times is asserted: under an emulator
# (SUBTICK_EMULATOR) the clock is the emulator's.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${JSONQ:?}"

"$COLLECT" --budget 1 -q -o "$T/s.st" 2> "$T/err" || fail "collect exited $?: $(cat "$T/err")"
check "the stream holds only comments and complete samples" only_complete_lines "$T/s.st"
check "and some samples" samples_in "$T/s.st" 10
check "its header names the clock" [ -n "$(header_value "$T/s.st" clock)" ]
check "it ends with '# done:'" sh -c "tail -n 1 '$T/s.st' | grep -q '^# done:'"
"$ANALYZE" "$T/s.st" > "$T/report" 2> "$T/aerr" || fail "analyze exited $?: $(cat "$T/aerr")"
check "analyze reports the unit cost" grep -q 'unit cost' "$T/report"
"$ANALYZE" --json "$T/s.st" > "$T/report.json" || fail "analyze --json exited $?"
check "and its JSON a finite unit cost" awk -v x="$(json_get "$T/report.json" unit_cost)" 'BEGIN { exit !(x + 0 == x && x > -1e300 && x < 1e300) }'
