#!/bin/sh
# --coarsen BITS: the tick is 2^BITS times the native tick, and every t is a
# multiple of it.
. "$(dirname "$0")/lib.sh"

"$COLLECT" --clock monotonic-raw --n 100000,200000,400000 --runs 5 -q -o "$T/fine"
"$COLLECT" --clock monotonic-raw --coarsen 10 --n 100000,200000,400000 --runs 5 -q -o "$T/c10"
fine=$(header_value "$T/fine" tick)
coarse=$(header_value "$T/c10" tick)
check "coarsened tick $coarse = 1024 x $fine" [ "$coarse" -eq $((fine * 1024)) ]
check "native_tick is the uncoarsened tick" [ "$(header_value "$T/c10" native_tick)" -eq "$fine" ]
check "coarsen recorded" [ "$(header_value "$T/c10" coarsen)" = 10 ]
check "coarsened tick was detected, not derived" [ "$(header_value "$T/c10" tick_method)" = gcd ]
check "every t is a multiple of $coarse" \
	awk -v k="$coarse" '!/^#/ && $2 % k != 0 { bad = 1 } END { exit bad }' "$T/c10"
check "every at is a multiple of $coarse" \
	awk -v k="$coarse" '!/^#/ && $3 % k != 0 { bad = 1 } END { exit bad }' "$T/c10"
