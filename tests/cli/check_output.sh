#!/bin/sh
# collect --check-output with two commands: their standard outputs are
# compared at the plan's smallest and largest N and a few random ones
# before anything is timed; a B that computes something else is refused
# (exit 1, the N and both commands named), and the header says what was
# checked.
. "$(dirname "$0")/lib.sh"
cd "$T"

"$COLLECT" --shell --exec 'seq {N}' --exec 'seq 1 {N}' --check-output \
	--range 1:3000:20 --runs 2 -q -o a.st -o b.st 2> err || fail "alike outputs: exited $? $(cat err)"
checked=$(header_value a.st checked)
echo "checked: $checked"
check "the header records the check, alike in A and B" \
	sh -c "[ -n '$checked' ] && [ '$checked' = \"\$(sed -n 's/^# checked: //p' b.st)\" ]"
check "... the smallest and the largest N among those checked" \
	sh -c "echo '$checked' | grep -q 'output at N=1,.*,3000 '"
check "... five N (two ends, three drawn)" \
	[ "$(echo "$checked" | sed 's/^output at N=\([0-9,]*\) .*/\1/' | tr ',' '\n' | wc -l)" -eq 5 ]
check "then timed as usual" sh -c "tail -n 1 a.st | grep -q '^# done' && tail -n 1 b.st | grep -q '^# done'"

# B is wrong at the largest N only (always checked): refused before timing;
# "3000\n" ends A's 13893 bytes: its last 0, byte 13892 (counted from 1,
# as cmp does), becomes 1.
printf 'old A\n' > a.st
rc=0
"$COLLECT" --shell --exec 'seq {N}' --exec 'seq {N} | sed s/^3000$/3001/' --check-output \
	--range 1:3000:20 --runs 2 -q -o a.st -o new_b.st 2> err || rc=$?
cat err
check "a B that differs: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "... the N named" grep -q 'at N=3000' err
check "... both commands named" sh -c "grep -q 'exec: seq {N})' err && grep -q 'sed s/^3000\$/3001/' err"
check "... where they part" grep -q 'from byte 13892 on' err
check "... nothing timed: A's old file kept, B's not made" \
	sh -c "[ \"\$(cat a.st)\" = 'old A' ] && [ ! -e new_b.st ]"

# A B that writes a prefix of A's output differs too.
rc=0
"$COLLECT" --shell --exec 'seq {N}' --exec 'seq {N} | head -n 2' --check-output \
	--n 1,2,5 --runs 1 -q -o x.st -o y.st 2> err || rc=$?
check "a shorter output differs: exit 1 ($rc), at N=5" sh -c "[ $rc -eq 1 ] && grep -q 'at N=5,.*A wrote 10 bytes, B 4' err"

# A command that fails during the check is a failure, named.
rc=0
"$COLLECT" --shell --exec 'seq {N}' --exec 'exit 7' --check-output --n 1,2,3 --runs 1 \
	-q -o x.st -o y.st 2> err || rc=$?
check "a command failing in the check: exit 1 ($rc)" sh -c "[ $rc -eq 1 ] && grep -q 'exited with status 7' err"

rc=0
"$COLLECT" --exec 'seq {N}' --check-output --n 1,2,3 --runs 1 -q > /dev/null 2> err || rc=$?
check "--check-output with one command: usage error ($rc)" sh -c "[ $rc -eq 2 ] && grep -q 'give --exec twice' err"
echo "$checks checks passed"
