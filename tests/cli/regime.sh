#!/bin/sh
# The automatic plan stays in one regime at any speed: a kernel whose cost
# per unit quadruples past N = 4096, 65536 or 2^20 is planned at or below
# it, and says why; a gradual rise is stopped before its steep part; strlen
# is planned within one cache level (its unit cost agrees with the one
# timed well inside that level, L1 or L2); --max-n overrides; the count kernel (linear) is
# never stopped, nor is a linear user kernel, even beside a busy loop on
# its CPU at its own priority.
# The budget of each collection comes from the kernel's speed, measured
# here first.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_STEP_SO:?}" "${SUBTICK_STRLEN_SO:?}" "${ANALYZE:?}"
K="$SUBTICK_STEP_SO:step"
maxn() { grep -v '^#' "$1" | cut -f1 | sort -n | tail -n 1; }

# The step kernel's cost per unit below its step, ns (a step far away).
"$COLLECT" --kernel "$K" --kernel-arg 1000000000000 --range 1000:200000:16 \
	--runs 30 -q -o "$T/speed" 2> "$T/err" || fail "collect (speed) exited $?: $(cat "$T/err")"
"$ANALYZE" --json "$T/speed" > "$T/speed.json"
c=$(json_get "$T/speed.json" unit_cost_ns)
echo "the step kernel costs $c ns per unit below its step"
# Sampling time that lets the plan (64 N, 10 sweeps at least) reach four
# times the step, so that only the regime can stop it below: 640 runs of
# up to 4 x STEP units, doubled, and a second more.
budget_for() {
	awk -v at="$1" -v c="$c" 'BEGIN { b = 2 * 640 * 4 * at * c / 1e9 + 1; if (b > 30) b = 30; printf "%d\n", b + 0.999 }'
}

# One collection with a step at $1; 0 if it was planned at or below it and
# said why.  A jump is taken only where 8 of 9 side-by-side rounds show
# it, so a loaded machine can pass it over now and then, where a plan
# that ignores it always would: up to two tries, each printed.
step_case() {
	b=$(budget_for "$1")
	"$COLLECT" --kernel "$K" --kernel-arg "$1" --clock monotonic --precision 1e-7 \
		--budget "$b" -q -o "$T/s$1" 2> "$T/err" ||
		fail "collect (step at $1) exited $?: $(cat "$T/err")"
	cat "$T/err"
	reason=$(header_value "$T/s$1" max_n_reason)
	echo "step at $1, budget $b s: max_n_reason: $reason; largest N $(maxn "$T/s$1")"
	echo "$reason" | grep -q 'cost per unit rises' && grep -q 'cost per unit rises' "$T/err" &&
		[ "$(maxn "$T/s$1")" -le "$1" ]
}

for at in 4096 65536 1048576; do
	tries 2 step_case "$at" || :
	check "step at $at: max_n_reason names the rise of the cost per unit (try $try)" \
		sh -c "echo '$reason' | grep -q 'cost per unit rises'"
	check "step at $at: stderr says so" grep -q 'cost per unit rises' "$T/err"
	check "step at $at: no N beyond the step ($(maxn "$T/s$at") <= $at)" \
		[ "$(maxn "$T/s$at")" -le "$at" ]
done

# A rise spread over doublings (1.2x, 1.5x, 2x, 2.5x per unit): stopped
# where it begins on a quiet machine, and below its steepest part (2x and
# more) always: on a loaded one the 1.5x doubling's rounds can scatter too
# much to be confirmed (tests/unit/test_probe.c checks the rule itself).
# A machine so busy that no doubling from the rise on could be judged
# (both cores taken: 1 collection in 9 here), or none below it, must say
# so, never plan on past the rise in silence; up to two tries, as for the
# steps.
at=65536
gradual_case() {
	"$COLLECT" --kernel "$K" --kernel-arg "$at:g" --clock monotonic --precision 1e-7 \
		--budget "$(budget_for $at)" -q -o "$T/g" 2> "$T/err" ||
		fail "collect (gradual) exited $?: $(cat "$T/err")"
	cat "$T/err"
	echo "gradual from $at: $(header_value "$T/g" max_n_reason); largest N $(maxn "$T/g")"
	# blind from N=B on, or below N=Y (the rise, from 2 x at, unseen
	# where it lies below Y: then taken as blind from N=1)
	blind=$(sed -n -e 's/.*could not judge the cost per unit .*from N=\([0-9]*\) on.*/\1/p' \
		-e 's/.*could not judge the cost per unit at any N.*/1/p' "$T/err")
	below=$(sed -n 's/.*could not judge the cost per unit below N=\([0-9]*\).*/\1/p' "$T/err")
	[ -n "$below" ] && [ "$below" -ge $((2 * at)) ] && blind=1
	[ "$(maxn "$T/g")" -le $((4 * at)) ] || { [ -n "$blind" ] && [ "$blind" -le $((4 * at)) ]; }
}
tries 2 gradual_case || :
check "gradual: the plan stops before the steepest part ($(maxn "$T/g") <= $((4 * at))), or says it could not judge it (from N=${blind:-none}) (try $try)" \
	sh -c "[ '$(maxn "$T/g")' -le $((4 * at)) ] || { [ -n '$blind' ] && [ '${blind:-0}' -le $((4 * at)) ]; }"

"$COLLECT" --kernel "$K" --clock monotonic --precision 1e-6 --budget 1 \
	--max-n 300000 -q -o "$T/m" 2> "$T/err" || fail "collect --max-n exited $?: $(cat "$T/err")"
# (the budget, where a loaded machine's probe made runs look too slow to
# reach it: once under a parallel test run)
reason=$(header_value "$T/m" max_n_reason)
check "--max-n: the reason is --max-n, or the budget, not the regime ($reason)" \
	sh -c "[ '$reason' = '--max-n' ] || [ '$reason' = 'the budget' ]"
check "--max-n: N goes past the step" [ "$(maxn "$T/m")" -gt 65536 ]
# a --max-n the plan does not reach is not the reason
"$COLLECT" --max-n 1000000000000 --budget 0.5 -q -o "$T/m2" 2> "$T/err" ||
	fail "collect --max-n 1e12 exited $?: $(cat "$T/err")"
check "--max-n not reached ($(maxn "$T/m2")): the reason is not --max-n ($(header_value "$T/m2" max_n_reason))" \
	sh -c "[ $(maxn "$T/m2") -lt 1000000000000 ] && [ '$(header_value "$T/m2" max_n_reason)' != '--max-n' ]"

# strlen over its automatic plan against strlen well inside the cache
# level the plan kept to: L1 where its largest N fits there (a core whose
# L1 serves strlen faster than its L2 stops the plan at L1's edge), L2
# otherwise.  Two collections, so a machine that slows down for the whole
# of one of them (speed states of 2-30% last seconds) moves their ratio:
# the pair is collected again, up to three times; a plan that reaches
# beyond its level is off every time.
l1=$(getconf LEVEL1_DCACHE_SIZE 2> /dev/null || echo 0)
l2=$(getconf LEVEL2_CACHE_SIZE 2> /dev/null || echo 0)
case $l1 in '' | *[!0-9]*) l1=0 ;; esac
case $l2 in '' | *[!0-9]*) l2=0 ;; esac
if [ "$l2" -ge 65536 ]; then
	S="$SUBTICK_STRLEN_SO:sl"
	strlen_agrees() {
		"$COLLECT" --kernel "$S" --budget 2 -q -o "$T/sl" 2> "$T/err" ||
			fail "collect strlen exited $?: $(cat "$T/err")"
		level=$l2 name=L2
		if [ "$l1" -ge 16384 ] && [ "$(maxn "$T/sl")" -le "$l1" ]; then
			level=$l1 name=L1
		fi
		"$COLLECT" --kernel "$S" --range $((level / 16)):$((level / 4)):32 --budget 2 -q \
			-o "$T/sl2" 2> "$T/err" || fail "collect strlen in $name exited $?: $(cat "$T/err")"
		"$ANALYZE" --json "$T/sl" > "$T/sl.json"
		"$ANALYZE" --json "$T/sl2" > "$T/sl2.json"
		a=$(json_get "$T/sl.json" unit_cost_ns)
		b=$(json_get "$T/sl2.json" unit_cost_ns)
		echo "strlen, try $try: automatic plan ($(header_value "$T/sl" plan); $(header_value "$T/sl" max_n_reason)): $a ns/B; in $name ($level B): $b ns/B"
		awk -v a="$a" -v b="$b" 'BEGIN { r = a / b; exit !(r >= 0.8 && r <= 1.25) }'
	}
	check "strlen: the automatic plan's unit cost is within 0.8-1.25x of the one inside its cache level (in one of 3 tries)" \
		tries 3 strlen_agrees
else
	echo "strlen: the L2 cache's size is unknown here; not compared"
fi

# The count kernel touches no memory: it has no regimes, and its plan is
# never stopped for one (a loaded host can serve short runs faster than
# long ones, which the probe would take for a jump).
"$COLLECT" --clock monotonic --precision 1e-6 --budget 1 -q -o "$T/c" 2> "$T/err" ||
	fail "collect count exited $?"
check "count: no regime stop ($(header_value "$T/c" max_n_reason))" \
	sh -c "! grep -q 'rises' '$T/c'"

# A linear user kernel (the step kernel, its step far away) is probed:
# no stop from the machine's noise, also beside a busy loop on its CPU at
# the same priority (its preempted runs are left out of the probe).  Two
# tries: a host whose speed changes by half within a second has faked a
# jump a few times in hundreds of probes.
linear() {
	"$COLLECT" --kernel "$K" --kernel-arg 1000000000000 "$@" --clock monotonic \
		--precision 1e-6 --budget 1 -q -o "$T/l" 2> "$T/err" ||
		{ rc=$?; [ -z "${busy-}" ] || kill "$busy"; fail "collect linear exited $rc: $(cat "$T/err")"; }
	echo "linear kernel $*: $(header_value "$T/l" max_n_reason)"
	! grep -q 'rises' "$T/l"
}
check "linear user kernel: no regime stop" tries 2 linear
cpu=$(awk '/^Cpus_allowed_list/ { split($2, a, /[,-]/); print a[1] }' /proc/self/status)
sh -c 'while :; do :; done' &
busy=$!
taskset -pc "$cpu" "$busy" > /dev/null 2>&1 || true
check "linear user kernel beside a busy loop: no regime stop" \
	tries 2 linear --cpu "$cpu" --no-priority
kill "$busy"
