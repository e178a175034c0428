#!/bin/sh
# The 95% interval holds the true unit cost in at least 36 of 40 streams
# of each kind (fixed seeds: the outcome never changes from run to run).
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"

coverage() {
	name=$1 truth=$2
	shift 2
	hit=0
	for seed in $(seq 1 40); do
		"$SYNTH" --seed "$seed" "$@" | "$ANALYZE" --json --replicates 100 > "$T/j"
		inside "$truth" "$(json_get "$T/j" unit_cost_interval)" && hit=$((hit + 1))
	done
	check "$name: interval holds the truth in $hit of 40" [ "$hit" -ge 36 ]
}

coverage "fine clock, few runs" 1.15 --runs 5 --jitter 50 --range 1000:400000:32
coverage "Krutar" 359 --tick 500 --slope 359 --intercept 1000 --unit-ns 1 \
	--range 1:2000:50 --jitter 200 --runs 10
coverage "4 ms clock" 0.4348 --tick 4000000 --slope 0.4348 --intercept 100 \
	--unit-ns 1 --range 10000000:1000000000:32 --jitter 2000 --runs 5
