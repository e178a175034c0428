#!/bin/sh
# --excess FILE: one line per sample, written whole or not at all.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"

"$SYNTH" --seed 11 --runs 10 --tick 500 --slope 359 --intercept 1000 \
	--unit-ns 1 --range 1:2000:50 --jitter 200 > "$T/s"
"$ANALYZE" --excess "$T/x" "$T/s" > "$T/report" || fail "analyze exited $?"
samples=$(grep -vc '^#' "$T/s")
check "one excess line per sample ($samples)" [ "$(grep -vc '^#' "$T/x")" -eq "$samples" ]
check "columns are n t at excess excess_step" grep -q '^# columns: n t at excess excess_step$' "$T/x"
check "five numeric fields per line" awk '!/^#/ && NF != 5 { bad = 1 } END { exit bad }' "$T/x"
check "excess is never below the line" awk '!/^#/ && $4 < -1e-6 { bad = 1 } END { exit bad }' "$T/x"
check "excess_step is a whole number of ticks" \
	awk '!/^#/ { r = $5 / 500; if (r - int(r) > 1e-6) bad = 1 } END { exit bad }' "$T/x"
check "the step subtrahend removes the Moire sawtooth: excess_step <= excess + 1 tick" \
	awk '!/^#/ && $5 > $4 + 500 + 1e-6 { bad = 1 } END { exit bad }' "$T/x"
check "n t at copied from the stream" sh -c "
	grep -v '^#' '$T/s' | cut -f1-3 > '$T/a'
	grep -v '^#' '$T/x' | cut -f1-3 > '$T/b'
	cmp -s '$T/a' '$T/b'"

# A failure leaves no excess file behind, and no temporary file.
printf '1 10\n2 x\n' > "$T/bad"
"$ANALYZE" --excess "$T/none" "$T/bad" 2> /dev/null && fail "bad input accepted"
check "bad input: no excess file" [ ! -e "$T/none" ]
rc=0
"$ANALYZE" --excess /nonexistent/dir/x "$T/s" > "$T/out" 2> "$T/err" || rc=$?
check "unwritable excess file: exit 1" [ "$rc" -eq 1 ]
check "unwritable excess file: named" grep -q '^analyze: /nonexistent/dir/x: ' "$T/err"
check "unwritable excess file: no report" [ ! -s "$T/out" ]
check "no temporary files left" sh -c "! ls '$T' | grep -q '\\.[A-Za-z0-9]\\{6\\}\$'"

# --excess naming an input (or a link to it) would lose the input: refused.
cp "$T/s" "$T/keep"
ln "$T/keep" "$T/same"
for target in keep same; do
	rc=0
	"$ANALYZE" --excess "$T/$target" "$T/keep" > "$T/out" 2> "$T/err" || rc=$?
	check "--excess over the input ($target): exit 2" [ "$rc" -eq 2 ]
	check "--excess over the input ($target): says so" grep -q "it is also an input" "$T/err"
	check "--excess over the input ($target): input intact" cmp -s "$T/s" "$T/keep"
done
