#!/bin/sh
# libsubtick's own plan (subtick_next): the C and Fortran examples loop
# over it timing a dependent count loop; their streams hold the plan's N
# (each timed), say the plan in the header and why it ended in the last
# line, analyze reads them, and its unit cost is the program's
# (subtick_result) with bounds that meet.  Small budgets: a few seconds.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SUBTICK_SOURCE_ROOT:?}" "${LIBSUBTICK_DIR:?}" "${JSONQ:?}"
cd "$T"
src=$SUBTICK_SOURCE_ROOT/collector
CC=${CC:-cc}
san=${SUBTICK_SANITIZE_FLAGS:-}	# as the library was built

# the distinct n of a stream's samples
distinct_n() {
	awk '!/^#/ { seen[$1] = 1 } END { print length(seen) }' "$1"
}

# PROGRAM STREAM OUT: the program's unit cost is analyze's, to the
# digits it printed, and its bounds meet analyze's
agrees_with_analyze() {
	who=$1 stream=$2 out=$3
	"$ANALYZE" --json "$stream" > "$stream.json" || fail "analyze $stream exited $?"
	u=$(json_get "$stream.json" unit_cost_ns)
	check "$who: a positive unit cost" awk -v u="$u" 'BEGIN { exit !(u > 0) }'
	# shellcheck disable=SC2046
	set -- $(sed -n 's/^ *\([^ ]*\) ns per multiply-add, bounds \[\([^,]*\), \([^]]*\)\].*/\1 \2 \3/p' "$out")
	check "$who: subtick_result printed a unit cost" [ $# -eq 3 ]
	check "$who: subtick_result's unit cost $1 is analyze's $u" \
		awk -v f="$1" -v u="$u" 'BEGIN { d = f - u; exit !(d * d <= (6e-4 * u) ^ 2) }'
	# shellcheck disable=SC2046
	set -- "$2" "$3" $(json_get "$stream.json" unit_cost_ns_interval)
	check "$who: its bounds [$1, $2] meet analyze's [$3, $4]" \
		awk -v a="$1" -v b="$2" -v c="$3" -v d="$4" 'BEGIN { exit !(a <= d + 6e-4 * d && c <= b + 6e-4 * b) }'
}

# The C example over the automatic plan, half a second of sweeps.
# shellcheck disable=SC2086 # $san is one flag or none
"$CC" -O2 $san -I "$src/include" "$src/examples/planned.c" "$LIBSUBTICK_DIR/libsubtick.a" -lm -o planned ||
	fail "the planned C example did not build"
./planned p.st 0.5 > p.out || fail "the planned C example exited $?"
cat p.out
check "C: whole lines" only_complete_lines p.st
plan=$(header_value p.st subtick_next)
echo "plan: $plan"
check "C: the automatic plan in the header" sh -c "echo '$plan' | grep -q '^auto: [0-9]* N in \[[0-9]*, [0-9]*\], probe .*budget 0.5 s'"
k=$(echo "$plan" | sed -n 's/^auto: \([0-9]*\) N in.*/\1/p')
check "C: every one of the plan's $k N timed, no other ($(distinct_n p.st))" \
	[ "$(distinct_n p.st)" = "$k" ]
check "C: at most 64 N, 3 at least" [ "$k" -ge 3 ] && [ "$k" -le 64 ]
lo=$(echo "$plan" | sed -n 's/.* N in \[\([0-9]*\), .*/\1/p')
check "C: no probe N (below $lo) among the samples" \
	awk -v lo="$lo" '!/^#/ && $1 < lo { bad = 1 } END { exit bad }' p.st
check "C: ended by the budget" sh -c "tail -n 1 p.st | grep -q '^# done: .* stop=budget\$'"
agrees_with_analyze C p.st p.out

# The same with a precision to reach: it ends there, or at the budget
# (a loaded machine), and says which.
./planned u.st 3 0.05 > u.out || fail "the planned C example (until) exited $?"
check "C until: ended by the precision or the budget" \
	sh -c "tail -n 1 u.st | grep -Eq ' stop=(until|budget)\$'"
if tail -n 1 u.st | grep -q ' stop=until$'; then
	# shellcheck disable=SC2046
	set -- $(sed -n 's/^\([^ ]*\) ns per multiply-add, bounds \[\([^,]*\), \([^]]*\)\].*/\1 \2 \3/p' u.out)
	check "C until: reached, the program's bounds [$2, $3] span 5% of $1 or less (+ the slack of resampling)" \
		awk -v u="$1" -v a="$2" -v b="$3" 'BEGIN { exit !((b - a) <= 0.06 * u) }'
fi

command -v gfortran > /dev/null && [ -f "$LIBSUBTICK_DIR/subtick.mod" ] ||
	skip "gfortran not installed: the Fortran example over subtick_next is not built"
# shellcheck disable=SC2086
gfortran -O2 $san -I "$LIBSUBTICK_DIR" "$src/examples/planned.f90" \
	"$LIBSUBTICK_DIR/libsubtick_fortran.a" "$LIBSUBTICK_DIR/libsubtick.a" -o plannedf ||
	fail "the planned Fortran example did not build"
./plannedf f.st 0.5 > f.out || fail "the planned Fortran example exited $?"
cat f.out
check "Fortran: whole lines" only_complete_lines f.st
check "Fortran: its label" grep -q '^# kernel: fortran-planned$' f.st
plan=$(header_value f.st subtick_next)
k=$(echo "$plan" | sed -n 's/^auto: \([0-9]*\) N in.*/\1/p')
check "Fortran: every one of the plan's $k N timed, no other" [ -n "$k" ] && [ "$(distinct_n f.st)" = "$k" ]
check "Fortran: ended by the budget" sh -c "tail -n 1 f.st | grep -q ' stop=budget\$'"
agrees_with_analyze Fortran f.st f.out
