#!/bin/sh
# Kernels checked before they are timed: a kernel's own NAME_check, and
# B's result against A's (NAME_result).  A failure stops collect before
# anything is timed, names the kernel and N, and empties no output.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_CHECK_SO:?}" "${SUBTICK_SOURCE_ROOT:?}" "${ANALYZE:?}"
so=$SUBTICK_CHECK_SO
cd "$T"

# collect_rc ARGS...: collect's exit status; its stderr in err
collect_rc() {
	rc=0
	"$COLLECT" -q "$@" > out 2> err || rc=$?
	echo "$rc"
}

check "a right kernel is timed" [ "$(collect_rc --kernel "$so:good" --n 100,200,300,400,500,600,700 --runs 3 -o good.st)" -eq 0 ]
checked=$(header_value good.st checked)
echo "    checked: $checked"
check "the header says what was checked" sh -c "echo '$checked' | grep -q '^NAME_check at N=100 700 .* before timing, again at N=700 after'"
check "five N checked" [ "$(echo "$checked" | sed 's/.*at N=\([0-9 ]*\) before.*/\1/' | wc -w)" -eq 5 ]
check "the samples follow" [ "$(grep -vc '^#' good.st)" -eq 21 ]
"$COLLECT" -q --kernel count --n 100,200,300 --runs 1 -o plain.st
check "nothing to check: no key" [ -z "$(header_value plain.st checked)" ]

# A check that fails at the largest N: refused before timing; the file
# given keeps what it held.
echo "precious" > old.st
check "a wrong result at one N: exit 1" [ "$(collect_rc --kernel "$so:wrongat" --kernel-arg 300 --n 100,200,300 --runs 3 -o old.st)" -eq 1 ]
echo "    $(cat err)"
check "the message names the kernel and N" grep -q "kernel $so:wrongat: NAME_check says its result at N=300 is wrong: nothing was timed" err
check "the output is untouched" [ "$(cat old.st)" = precious ]
check "... and at the smallest" [ "$(collect_rc --kernel "$so:wrongat" --kernel-arg 100 --n 100,200,300 --runs 3 -o new.st)" -eq 1 ]
check "no file made" [ ! -e new.st ]

# Right at first, wrong after many calls: the check after the sampling
# ends the stream with stop=check.
check "wrong after the sampling: exit 1" [ "$(collect_rc --kernel "$so:late" --kernel-arg 50 --n 100,200,300 --runs 40 -o late.st)" -eq 1 ]
echo "    $(cat err)"
check "the message says after the sampling" grep -q "after the sampling, kernel $so:late: NAME_check says its result at N=300 is wrong" err
check "the stream ends with stop=check" sh -c "tail -n 1 late.st | grep -q '^# done: .* stop=check$'"
check "its samples are whole" only_complete_lines late.st

# Two kernels: B's result against A's, at the N checked.
check "B wrong at odd N: exit 1" [ "$(collect_rc --kernel "$so:good" --kernel "$so:odd" --n 100,201,300 --runs 2 -o a.st -o b.st)" -eq 1 ]
echo "    $(cat err)"
check "the message names B, N and the byte" grep -q "kernel B ($so:odd): its result at N=201 differs from A's ($so:good): byte 5 of 8" err
check "neither output made" [ ! -e a.st ] && [ ! -e b.st ]
check "B right at even N: timed" [ "$(collect_rc --kernel "$so:good" --kernel "$so:odd" --n 100,200,300 --runs 2 -o a.st -o b.st)" -eq 0 ]
check "both headers say the results were compared" sh -c "header_value() { sed -n \"s/^# \$2: //p\" \"\$1\"; }; header_value a.st checked | grep -q \"A's NAME_check, and B's result against A's\" && [ \"\$(header_value a.st checked)\" = \"\$(header_value b.st checked)\" ]"

# Doubles within --check-tolerance (default 1e-9).
check "doubles 1e-7 apart: refused" [ "$(collect_rc --kernel "$so:dbl" --kernel "$so:near" --n 1000,2000,3000 --runs 2 -o a2.st -o b2.st)" -eq 1 ]
check "the message gives the doubles and the tolerance" grep -q "double 0 of 1 is .*, A's 499500 (beyond 1e-09 of the largest magnitude, 499500: --check-tolerance)" err
check "doubles 1e-7 apart: within --check-tolerance 1e-6" [ "$(collect_rc --kernel "$so:dbl" --kernel "$so:near" --n 1000,2000,3000 --runs 2 --check-tolerance 1e-6 -o a2.st -o b2.st)" -eq 0 ]
check "the tolerance in the header" grep -q '^# checked: .*doubles within 1e-06' a2.st
check "bytes against doubles: refused" [ "$(collect_rc --kernel "$so:dbl" --kernel "$so:good" --n 100,200,300 --runs 2 -o a3.st -o b3.st)" -eq 1 ]
check "... saying so" grep -q "it is bytes, A's doubles" err
check "B without NAME_result: timed, with a note" [ "$(collect_rc --kernel "$so:good" --kernel "$so:unchecked" --n 100,200,300 --runs 2 -o a4.st -o b4.st)" -eq 0 ]
check "... the note" grep -q 'not compared: B has no NAME_result' err
check "... and the header" grep -q "^# checked: A's NAME_check at N=.*results not compared: B has no NAME_result" a4.st
for v in -1 1 abc 0x1 ''; do
	check "--check-tolerance '$v': usage error" [ "$(collect_rc --check-tolerance "$v" --n 1,2,3 --runs 1 -o x.st)" -eq 2 ]
done

# The examples of docs/collect.md: dot.c right, dot_unrolled.c wrong at N
# not a multiple of 4, built as it says.
src=$SUBTICK_SOURCE_ROOT/collector
${CC:-cc} -O2 -shared -fPIC -I "$src/include" -o libdot.so "$src/examples/dot.c" &&
	${CC:-cc} -O2 -shared -fPIC -I "$src/include" -o libdot_unrolled.so "$src/examples/dot_unrolled.c" ||
	fail "the documented build of the dot examples failed"
check "dot against dot_unrolled at 1000, 1001, 1003: refused" \
	[ "$(collect_rc --kernel ./libdot.so:dot --kernel ./libdot_unrolled.so:dot_unrolled --n 1000,1001,1003 --runs 2 -o dot.st -o unrolled.st)" -eq 1 ]
echo "    $(cat err)"
check "... at N=1003, B named" grep -q 'kernel B (./libdot_unrolled.so:dot_unrolled): its result at N=1003 differs from A' err
check "at multiples of 4 the bug is invisible: timed" \
	[ "$(collect_rc --kernel ./libdot.so:dot --kernel ./libdot_unrolled.so:dot_unrolled --n 1000,2000,4000 --runs 2 -o dot.st -o unrolled.st)" -eq 0 ]

# analyze says so of a stream that ended with stop=check.
"$ANALYZE" late.st > late.txt 2>&1 || fail "analyze late.st exited $?"
check "analyze warns of stop=check" grep -q "check failed after the collection (stop=check)" late.txt
