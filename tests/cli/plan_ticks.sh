#!/bin/sh
# The automatic plan never plans below the clock: a longest run that cannot
# span 10 ticks within the budget is refused (exit 2, one line) unless
# --force; the read overhead does not size TSC runs.
. "$(dirname "$0")/lib.sh"

# 2^20 ticks of the native clock: even the CPU-time clocks' ~1 us tick
# coarsens to a second, beyond what 0.3 s can span.
rc=0
"$COLLECT" --clock monotonic --coarsen 30 --budget 0.3 -q > "$T/out" 2> "$T/err" || rc=$?
check "a 1-tick plan: exit 2 (got $rc)" [ "$rc" -eq 2 ]
check "a 1-tick plan: nothing on stdout" [ ! -s "$T/out" ]
check "a 1-tick plan: says how many ticks" grep -q 'ticks of monotonic' "$T/err"
check "a 1-tick plan: names --force" grep -q -- '--force' "$T/err"

# The coarse clock with a 1 s budget: fewer N with longer runs, 10 ticks.
"$COLLECT" --clock monotonic-coarse --budget 1 -q -o "$T/c" 2> "$T/err" ||
	fail "monotonic-coarse --budget 1 exited $?: $(cat "$T/err")"
# The tick is the jiffy clock_getres() claims (4 ms at HZ=250; whatever
# this kernel's HZ makes it).
tick=$(header_value "$T/c" tick)
claim=$(header_value "$T/c" claimed_resolution_ns)
check "monotonic-coarse: tick $tick is clock_getres()'s $claim" \
	awk -v t="$tick" -v c="$claim" 'BEGIN { exit !(t == c) }'
# What the plan aimed for (the header's plan line): a longest run of at
# least 10 ticks.  The runs measured may come out shorter when the probe
# ran while the machine was slower than during the sampling.
planned=$(sed -n 's/.*longest run \([0-9.e+-]*\) ms.*/\1/p' "$T/c")
check "monotonic-coarse: the plan's longest run ($planned ms) spans >= 10 ticks" \
	awk -v p="$planned" -v t="$tick" 'BEGIN { exit !(p * 1e6 >= 10 * t) }'
if [ "$(uname -m)" = x86_64 ]; then
	# TSC runs are sized from the tick (a few units), not the read cost
	# (tens of units): at 1e-4 the longest run spans tick * 1e4 units,
	# a little more for a budget that allows it, never 10x more.
	"$COLLECT" -q -o "$T/tsc" 2> "$T/err" || fail "collect tsc exited $?"
	tick=$(header_value "$T/tsc" tick)
	longest=$(grep -v '^#' "$T/tsc" | sort -n | tail -n 1 | cut -f1)
	per=$(sed -n 's/.*probe \([0-9.e+-]*\) ns\/N.*/\1/p' "$T/tsc")
	ns=$(header_value "$T/tsc" unit_ns)
	echo "tick $tick, largest N $longest at $per ns/N, $ns ns/unit"
	check "the TSC plan spans about tick/precision units, not overhead/precision" \
		awk -v t="$tick" -v n="$longest" -v p="$per" -v u="$ns" \
		'BEGIN { s = n * p / u; exit !(s >= 0.5 * t * 1e4 && s <= 3 * t * 1e4) }'
fi
