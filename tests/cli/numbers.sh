#!/bin/sh
# One set of rules for numbers on both command lines (collector/core/
# numparse.h): decimal only, the whole argument, no blanks, no hex, no
# sign; seeds 1..2^32-1.  collect refuses before it calibrates anything.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
"$SYNTH" --seed 3 --runs 5 > "$T/s"

collect_rc() {
	rc=0
	"$COLLECT" --kernel count --n 1000,2000,3000 --runs 1 -q -o "$T/c.st" "$@" \
		> /dev/null 2> "$T/err" || rc=$?
	echo "$rc"
}
analyze_rc() {
	rc=0
	"$ANALYZE" "$@" "$T/s" > /dev/null 2> "$T/err" || rc=$?
	echo "$rc"
}

for v in 0 4294967296 18446744073709551615 ' 7' '7 ' 0x20 -1 +-1 1e400 nan '' 7x; do
	check "collect --seed '$v' refused" [ "$(collect_rc --seed "$v")" -eq 2 ]
	check "analyze --seed '$v' refused" [ "$(analyze_rc --seed "$v")" -eq 2 ]
	check "the message names --seed" grep -q -- "--seed '$v'" "$T/err"
done
for v in 1 7 4294967295 1e3; do
	check "collect --seed $v accepted" [ "$(collect_rc --seed "$v")" -eq 0 ]
	check "collect --seed $v: in the header" [ "$(header_value "$T/c.st" seed)" = "$(awk -v v="$v" 'BEGIN { printf "%.0f", v }')" ]
	check "analyze --seed $v accepted" [ "$(analyze_rc --seed "$v")" -eq 0 ]
done
# collect's own seed obeys the rule it asks of others
"$COLLECT" --kernel count --n 1000,2000,3000 --runs 1 -q -o "$T/c.st"
seed=$(header_value "$T/c.st" seed)
check "collect's own seed ($seed) within 1..2^32-1" [ "$seed" -ge 1 ] && [ "$seed" -le 4294967295 ]

for v in 0x20 ' 20' '20 ' 2e1x 9 100001 -20; do
	check "analyze --replicates '$v' refused" [ "$(analyze_rc --replicates "$v")" -eq 2 ]
	check "collect --runs '$v' follows the same rule" sh -c "[ '$v' = 9 ] || [ '$v' = 100001 ] || [ \$1 -eq 2 ]" - "$(collect_rc --runs "$v")"
done
check "analyze --replicates 20 accepted" [ "$(analyze_rc --replicates 20)" -eq 0 ]
check "analyze --replicates 2e1 accepted" [ "$(analyze_rc --replicates 2e1)" -eq 0 ]
check "collect --runs 2e0 accepted" [ "$(collect_rc --runs 2e0)" -eq 0 ]
for v in 0x1p-1 ' 0.5' 0.5x -0.5 inf; do
	check "analyze --unit-ns '$v' refused" [ "$(analyze_rc --unit-ns "$v")" -eq 2 ]
	check "collect --budget '$v' refused" [ "$(collect_rc --budget "$v")" -eq 2 ]
done
check "analyze --unit-ns 2.5e-1 accepted" [ "$(analyze_rc --unit-ns 2.5e-1)" -eq 0 ]

# N beyond 2^63 (a command given N as a number, not a count of work): the
# COUNT values of --range stay distinct; rounding with llround once made
# every one above 2^63 exactly 2^63.
"$COLLECT" --exec 'true {N}' --range 1:18446744073709551615:5 --runs 1 -q -o "$T/big.st" \
	2> "$T/err" || fail "collect --range 1:2^64-1:5 exited $? ($(head -c 160 "$T/err"))"
check "--range 1:2^64-1:5 times 5 distinct N" [ "$(grep -v '^#' "$T/big.st" | cut -f 1 | sort -u | wc -l)" -eq 5 ]
check "... 3/4 of the way is 13835058055282163712" grep -q '^13835058055282163712	' "$T/big.st"
