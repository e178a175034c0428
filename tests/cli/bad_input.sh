#!/bin/sh
# Every bad input: one line on stderr naming the problem, exit 2, no output
# (after a usage error in the command line's words, the usage follows it).
. "$(dirname "$0")/lib.sh"

bad() {
	rc=0
	"$COLLECT" "$@" > "$T/out" 2> "$T/err" || rc=$?
	check "collect $*: exit 2 (got $rc)" [ "$rc" -eq 2 ]
	check "collect $*: one line on stderr (but the usage)" [ "$(error_lines "$T/err" | wc -l)" -eq 1 ]
	check "collect $*: message names collect" grep -q '^collect: ' "$T/err"
	check "collect $*: nothing on stdout" [ ! -s "$T/out" ]
	echo "    $(error_lines "$T/err")"
}

bad --clock nope
if [ "$(uname -m)" = x86_64 ]; then bad --clock cntvct; else bad --clock tsc; fi
bad --kernel nope
bad --kernel ./does-not-exist.so:k
bad --kernel "$COLLECT:no_such_symbol"
bad --kernel ":sym"
bad --runs 0
bad --runs -3
bad --budget 0
bad --budget -1
bad --budget abc
bad --budget nan
bad --budget inf
bad --range 10:1
bad --range 5:5
bad --range 1:x
bad --n 1,two,3
bad --n ''
bad --kernel memcpy --n 1000000000000000
bad --cpu 4096
bad --cpu x
bad --coarsen 41
bad --precision 0
bad --precision 2
bad --kbest 0
bad --kbest 3:1
bad --kbest 3:1.5
bad --max-n 0
bad -o ''
bad --n ,,,
bad --n 1,,2
bad --n 1,2,3,
bad --n 0,0,0
bad --budget 1e30
bad --also-clock "$(uname -m | sed 's/x86_64/tsc/;s/aarch64/cntvct/')"
bad --clock monotonic --also-clock monotonic
# K equal minima on a clock 2^16 ticks coarse are no evidence of convergence.
bad --coarsen 16 --kbest 3 --n 1000,2000,3000
bad --kernel memcpy --max-n 1000000000000000
bad --n 1,2 --range 1:5
bad --geometric
bad --range 0:100 --geometric
bad unexpected
bad --no-such-option
check "an unknown option points to --help" grep -q -- '--help' "$T/err"

# The CPU outside this process's affinity mask (when there is one).
outside=$(awk '/^Cpus_allowed_list/ { print $2 }' /proc/self/status |
	awk -F'[-,]' '{ print $NF + 1 }')
bad --cpu "$outside"

# -o into a directory that does not exist: runtime error 1, not 2.
rc=0
"$COLLECT" --n 1,2,3 --runs 1 -o /nonexistent/dir/s 2> "$T/err" || rc=$?
check "unwritable -o: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "unwritable -o: names the file" grep -q '/nonexistent/dir/s' "$T/err"

# A mistyped long option: exit 2, the option meant named; none for a word
# far from every option.
for pair in kernal:kernel bugdet:budget untill:until; do
	rc=0
	"$COLLECT" "--${pair%%:*}" x 2> "$T/err" || rc=$?
	check "--${pair%%:*}: exit 2 ($rc), did you mean --${pair#*:}?" sh -c \
		"[ $rc -eq 2 ] && grep -q -- 'did you mean --${pair#*:}?' '$T/err'"
done
rc=0
"$COLLECT" --frobnicate 2> "$T/err" || rc=$?
check "--frobnicate: exit 2 ($rc), no suggestion" sh -c "[ $rc -eq 2 ] && ! grep -q 'did you mean' '$T/err'"

# --exec with --kernel: what to do instead, not a riddle
rc=0
"$COLLECT" --exec true --kernel count --n 1,2,3 2> "$T/err" || rc=$?
check "--exec with --kernel: exit 2 ($rc), a command or a kernel" sh -c \
	"[ $rc -eq 2 ] && grep -q 'a command or a kernel, not one of each' '$T/err'"
# a pipeline without --shell: said before it fails as the program's own error
"$COLLECT" --exec 'echo 1 | cat' --n 1,2,3 --runs 1 -q -o "$T/e.st" 2> "$T/err" || true
check "--exec with a '|' and no --shell: the warning names --shell" grep -q "'|' is read by a shell only.*--shell" "$T/err"
