#!/bin/sh
# The automatic plan stays in one regime: a kernel whose cost per unit
# quadruples past N = 65536 is planned at or below it, and says why; --max-n
# overrides.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_STEP_SO:?}"
K="$SUBTICK_STEP_SO:step"
maxn() { grep -v '^#' "$1" | cut -f1 | sort -n | tail -n 1; }

# A fine clock and a wanted precision that plan far past the step.
"$COLLECT" --kernel "$K" --clock monotonic --precision 1e-6 --budget 2 -q \
	-o "$T/s" 2> "$T/err" || fail "collect exited $?: $(cat "$T/err")"
cat "$T/err"
reason=$(header_value "$T/s" max_n_reason)
echo "max_n_reason: $reason; largest N $(maxn "$T/s")"
check "max_n_reason names the rise of the cost per unit" \
	sh -c "echo '$reason' | grep -q 'cost per unit rises'"
check "stderr says so" grep -q 'cost per unit rises' "$T/err"
check "no N beyond the step ($(maxn "$T/s") <= 65536)" [ "$(maxn "$T/s")" -le 65536 ]

"$COLLECT" --kernel "$K" --clock monotonic --precision 1e-6 --budget 1 \
	--max-n 300000 -q -o "$T/m" 2> "$T/err" || fail "collect --max-n exited $?"
check "--max-n: the reason is --max-n" [ "$(header_value "$T/m" max_n_reason)" = "--max-n" ]
check "--max-n: N goes past the step" [ "$(maxn "$T/m")" -gt 65536 ]

# The count kernel is linear: no stop, whatever the machine's noise.
"$COLLECT" --clock monotonic --precision 1e-6 --budget 1 -q -o "$T/c" 2> "$T/err" ||
	fail "collect count exited $?"
check "count: no regime stop ($(header_value "$T/c" max_n_reason))" \
	sh -c "! grep -q 'rises' '$T/c'"
