#!/bin/sh
# collect | analyze on this machine's clocks: invariants only, no timing
# claims (the machine may be busy).
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}"

"$COLLECT" --range 10000:200000:20 --runs 20 -q | "$ANALYZE" --json > "$T/j" ||
	fail "the pipeline failed"
check "20 points" [ "$(json_get "$T/j" points)" = 20 ]
check "400 samples" [ "$(json_get "$T/j" samples)" = 400 ]
check "positive unit cost" awk -v u="$(json_get "$T/j" unit_cost)" 'BEGIN { exit !(u > 0) }'
check "unit cost in ns from the header's unit_ns" \
	awk -v u="$(json_get "$T/j" unit_cost_ns)" 'BEGIN { exit !(u > 0 && u < 100) }'
check "tick from the header" [ "$(json_get "$T/j" tick_source)" = header ]
check "clock recorded" [ "$(json_get "$T/j" clock)" != "" ]
check "the input was complete" [ "$(json_get "$T/j" input_complete)" = true ]
check "estimate inside its interval" inside "$(json_get "$T/j" unit_cost)" "$(json_get "$T/j" unit_cost_interval)"

# The full text report (-v) through a pipe, and its sections; the short
# one of the same stream: the unit cost in time, the warning, -v named.
"$COLLECT" --n 1000,20000,40000,80000 --runs 10 -q | tee "$T/s.st" | "$ANALYZE" -v > "$T/r"
for section in "unit cost" "overhead" "least-values fit" "OLS on means" "excess over the line" "warnings"; do
	check "report has '$section'" grep -q "$section" "$T/r"
done
check "few N warned about" grep -q "few N" "$T/r"
"$ANALYZE" < "$T/s.st" > "$T/short"
check "the short report: the unit cost in time" grep -Eq '^unit cost  [0-9.e+-]+ (ns|µs|ms|s)   bounds' "$T/short"
check "the short report: few N warned about" grep -q "^warning: few N" "$T/short"
check "the short report: -v named last" sh -c "tail -n 1 '$T/short' | grep -q 'analyze -v'"
