#!/bin/sh
# --kernel-arg reaches NAME_setup_arg, and NAME_before runs before every
# timed call (none without it); a kernel without NAME_setup_arg refuses
# --kernel-arg.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_ARG_SO:?}" "${SUBTICK_EXAMPLE_SO:?}"
cd "$T"
"$COLLECT" --kernel "$SUBTICK_ARG_SO:counted" --kernel-arg "$T/report" \
	--n 1000,2000,3000 --runs 50 -q -o s.st || fail "collect exited $?"
check "the kernel got its argument (it wrote its report there)" [ -s report ]
cat report
check "every timed call had its before" awk -F'[= ]' '{ if ($6 != 0) bad = 1 } END { exit bad }' report
check "as many befores as runs, every time" awk -F'[= ]' '{ if ($2 != $4) bad = 1 } END { exit bad }' report
check "the header records the argument" [ "$(header_value s.st kernel_arg)" = "$T/report" ]
rc=0
"$COLLECT" --kernel "$SUBTICK_EXAMPLE_SO:sum" --kernel-arg 7 --n 1,2,3 --runs 1 -q > out 2> err || rc=$?
check "--kernel-arg to a kernel without NAME_setup_arg: exit 2 ($rc)" [ "$rc" -eq 2 ]
check "... saying so" grep -q 'has no NAME_setup_arg' err
