#!/bin/sh
# collect --also-clock: two clocks around the same runs; analyze --column t2.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}"
[ "$(uname -m)" = x86_64 ] || skip "uses the TSC"

"$COLLECT" --clock monotonic-raw --also-clock tsc --n 100000,200000,400000,800000 \
	--runs 10 -q -o "$T/s" || fail "collect exited $?"
check "columns are n t at t2" [ "$(header_value "$T/s" columns)" = "n t at t2" ]
for key in clock2 tick2 unit_ns2 overhead2; do
	check "header has $key" [ -n "$(header_value "$T/s" $key)" ]
done
check "clock2 is tsc" [ "$(header_value "$T/s" clock2)" = tsc ]
check "four fields per sample" awk '!/^#/ && NF != 4 { bad = 1 } END { exit bad }' "$T/s"
# Each clock has its own quantization: t by tick, t2 by tick2 (or by their
# mean steps, where a clock's steps are uneven: monotonic-raw on an AMD
# guest steps 10 ns and now and then 11).
tick2=$(header_value "$T/s" tick2)
grid() { v=$(header_value "$T/s" "tick_mean$1"); [ -n "$v" ] || v=$(header_value "$T/s" "tick$1"); echo "$v"; }
check "t2 are near multiples of tick2 ($(grid 2))" near_multiples "$T/s" 4 "$(grid 2)"
check "t are near multiples of tick ($(grid ''))" near_multiples "$T/s" 2 "$(grid '')"
# The TSC is read inside the raw clock's reads: its interval, in ns, is
# never longer (1e-5 for calibration, 2 ns for the raw clock's steps).
u=$(header_value "$T/s" unit_ns2)
check "the inner clock's interval fits in the outer's" \
	awk -v u="$u" '!/^#/ && $4 * u * (1 - 1e-5) > $2 + 2 { bad = 1 } END { exit bad }' "$T/s"

"$ANALYZE" --json "$T/s" > "$T/t1" || fail "analyze exited $?"
"$ANALYZE" --json --column t2 "$T/s" > "$T/t2" || fail "analyze --column t2 exited $?"
check "t: the first clock" [ "$(json_get "$T/t1" clock)" = monotonic-raw ]
# A clock of uneven steps: analyze's tick is their mean and the unit each
# reading is rounded down to (the same stream, tick and tick_mean made up,
# too).
m=$(header_value "$T/s" tick_mean)
if [ -n "$m" ]; then
	check "tick_mean $m: analyze's tick is one more" within "$(json_get "$T/t1" tick)" "$(awk -v m="$m" 'BEGIN { printf "%.12g", m + 1 }')" 1e-9
fi
grep -v '^# tick_mean:' "$T/s" | sed 's/^# tick: .*/# tick: 9\n# tick_mean: 9.5/' > "$T/s9"
"$ANALYZE" --json "$T/s9" > "$T/t9" || fail "analyze (tick_mean 9.5) exited $?"
check "tick 9, tick_mean 9.5: analyze's tick is 10.5, its tick_mean 9.5" \
	sh -c "[ '$(json_get "$T/t9" tick)' = 10.5 ] && [ '$(json_get "$T/t9" tick_mean)' = 9.5 ]"
check "t2: the second clock's name" [ "$(json_get "$T/t2" clock)" = tsc ]
check "t2: the second clock's tick" within "$(json_get "$T/t2" tick)" "$tick2" 0
check "t2: the second clock's unit_ns" within "$(json_get "$T/t2" unit_ns)" "$u" 1e-12
check "both clocks see a positive unit cost in ns" awk \
	-v a="$(json_get "$T/t1" unit_cost_ns)" -v b="$(json_get "$T/t2" unit_cost_ns)" \
	'BEGIN { exit !(a > 0 && b > 0) }'

# The TSC coarsened (t) against the raw TSC (t2) on the same runs: two
# clocks, one counter.  The automatic plan sizes the runs from the kernel's
# speed, measured, and the coarsened tick (--max-n far beyond what the
# budget allows: no search for a jump of the cost per unit, which the
# count kernel has none of, and which a loaded machine had once faked at
# N = 32768, stopping the plan where 2 s span under a coarsened tick)
"$COLLECT" --coarsen 10 --also-clock tsc --budget 2 --max-n 100000000000 -q -o "$T/k" 2> "$T/err" ||
	fail "--coarsen 10 --also-clock tsc exited $?: $(cat "$T/err")"
q=$(header_value "$T/k" tick)
check "coarsened: clock is the TSC" [ "$(header_value "$T/k" clock)" = tsc ]
check "coarsened: clock2 is the TSC" [ "$(header_value "$T/k" clock2)" = tsc ]
check "coarsened: tick $q is 1024 x the native tick" \
	[ "$q" -eq $(($(header_value "$T/k" native_tick) * 1024)) ]
check "coarsened: every t is a multiple of $q" awk -v q="$q" '!/^#/ && $2 % q { bad = 1 } END { exit bad }' "$T/k"
# t2 is read inside t's reads: never longer than t plus one coarse step.
check "coarsened: t2 <= t + $q" awk -v q="$q" '!/^#/ && $4 > $2 + q { bad = 1 } END { exit bad }' "$T/k"
"$ANALYZE" --json "$T/k" > "$T/k1" || fail "analyze of the coarsened t exited $?"
"$ANALYZE" --json --column t2 "$T/k" > "$T/k2" || fail "analyze of the raw t2 exited $?"
# shellcheck disable=SC2046 # each: unit cost, its two bounds
set -- $("$JSONQ" "$T/k1" unit_cost unit_cost_interval) $("$JSONQ" "$T/k2" unit_cost unit_cost_interval)
check "coarsened $1 [$2, $3] and raw $4 [$5, $6]: one unit cost within their bounds" \
	awk -v alo="$2" -v ahi="$3" -v blo="$5" -v bhi="$6" 'BEGIN { exit !(alo <= bhi && blo <= ahi) }'

rc=0
"$ANALYZE" --column t3 "$T/s" > /dev/null 2> "$T/err" || rc=$?
check "--column t3: exit 1" [ "$rc" -eq 1 ]
check "--column t3: names the column and the line" grep -q "^analyze: $T/s:[0-9]*: .*t3" "$T/err"
printf '1 10\n2 20\n3 30\n' > "$T/bare"
rc=0
"$ANALYZE" --column t2 "$T/bare" > /dev/null 2> "$T/err" || rc=$?
check "--column t2 on bare columns: exit 1" [ "$rc" -eq 1 ]
rc=0
"$ANALYZE" --column "X!" "$T/s" > /dev/null 2> "$T/err" || rc=$?
check "--column X! (a name another tool's results may hold): exit 1, no such column" \
	sh -c "[ $rc -eq 1 ] && grep -q 'X!' '$T/err'"
rc=0
"$COLLECT" --also-clock nope > /dev/null 2> "$T/err" || rc=$?
check "--also-clock nope: usage error 2" [ "$rc" -eq 2 ]

# A coarse outer clock with a fine inner one: t steps by 4 ms, t2 does not.
"$COLLECT" --clock monotonic-coarse --also-clock monotonic-raw --n 1e7,2e7,4e7 \
	--runs 3 -q -o "$T/c" || fail "coarse + fine exited $?"
check "coarse t: near multiples of 4 ms" near_multiples "$T/c" 2 "$(header_value "$T/c" tick)"
check "fine t2: tick2 is below 1 us" [ "$(header_value "$T/c" tick2)" -lt 1000 ]
