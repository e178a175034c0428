#!/bin/sh
# collect --until REL: sampling stops once the unit cost's bounds, fitted
# between sweeps by the code analyze runs, are narrower than REL of it, or
# the budget ends and collect says how far it got; the last line holds the
# stop and the precision reached, which is analyze's on the same stream.
# The progress line is drawn on a terminal (under tmux), never in a pipe.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}"
cd "$T"

# bad values are usage errors
for bad in 0 1 -0.1 abc 1e-3x nan; do
	rc=0
	"$COLLECT" --until "$bad" -o bad.st 2> err || rc=$?
	check "--until $bad: exit 2 ($rc), says --until" sh -c "[ $rc -eq 2 ] && grep -q -- '--until' err"
	check "--until $bad: no stream" [ ! -e bad.st ]
done

# A loose REL, reached on any machine within the budget: 5% of the count
# kernel's cost.
"$COLLECT" --until 0.05 --budget 30 -o u.st 2> u.err || fail "collect --until 0.05 exited $?"
cat u.err
last=$(tail -n 1 u.st)
check "until 0.05: header key until" [ "$(header_value u.st until)" = 0.05 ]
check "until 0.05: stopped by it ($last)" sh -c "echo '$last' | grep -q ' stop=until precision='"
p=$(echo "$last" | sed -n 's/.* precision=\([^ ]*\).*/\1/p')
check "until 0.05: the precision reached, $p, is within 0.05" awk -v p="$p" 'BEGIN { exit !(p > 0 && p <= 0.05) }'
check "until 0.05: stderr says it was reached and when" grep -q -- '--until 0.05 reached after [0-9.]* s' u.err
check "until 0.05: whole lines" only_complete_lines u.st
"$ANALYZE" --json u.st > u.json || fail "analyze u.st exited $?"
# shellcheck disable=SC2046 # the unit cost and its two bounds
set -- $("$JSONQ" u.json unit_cost unit_cost_interval)
check "until 0.05: analyze's bounds [$2, $3] hold its unit cost $1" \
	awk -v u="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(lo <= u && u <= hi) }'
# the tick band is the same computation on the same minima: within what
# the last line says (which also holds the refits on stretches of time,
# cut by samples in collect and by time in analyze: those may differ)
set -- $("$JSONQ" u.json unit_cost band_unit_cost_interval)
check "until 0.05: analyze's tick band [$2, $3] spans no more than the last line's $p" \
	awk -v u="$1" -v lo="$2" -v hi="$3" -v p="$p" 'BEGIN { exit !((hi - lo) / u <= p * 1.006) }'

# An REL no budget of half a second reaches: the budget stops it, the
# last line says so with the precision it got, and so does stderr.
"$COLLECT" --until 1e-9 --budget 0.5 -o b.st 2> b.err || fail "collect --until 1e-9 exited $?"
last=$(tail -n 1 b.st)
check "until 1e-9, budget 0.5 s: stopped by the budget ($last)" sh -c "echo '$last' | grep -q ' stop=budget precision='"
p=$(echo "$last" | sed -n 's/.* precision=\([^ ]*\).*/\1/p')
check "until 1e-9: the precision reached, $p, is above 1e-9" awk -v p="$p" 'BEGIN { exit !(p > 1e-9) }'
check "until 1e-9: stderr says it was not reached" grep -q -- '--until 1e-09 not reached' b.err

# Every N's runs: at least 5 where --until stopped it (fewer, and the
# minima may not have reached their floor, however narrow the bounds)
check "until 0.05: 5 runs at every N at least" sh -c "[ \"\$(grep -v '^#' u.st | cut -f1 | sort | uniq -c | sort -n | head -n 1 | awk '{ print \$1 }')\" -ge 5 ]"
# 3 runs an N (--runs 3): bounds within 0.5 or not, not reached
"$COLLECT" --until 0.5 --runs 3 -o r3.st 2> r3.err || fail "collect --until 0.5 --runs 3 exited $?"
check "until 0.5, 3 runs: stopped by the runs" sh -c "tail -n 1 r3.st | grep -q ' stop=runs precision='"
check "until 0.5, 3 runs: not reached" grep -q -- '--until 0.5 not reached' r3.err

# --kbest, the other rule that stops early: the header says K and EPS,
# and analyze warns that a short collection's bounds hold no slower
# machine all through it
"$COLLECT" --kbest 3:0.01 --budget 30 -o kb.st 2> kb.err || fail "collect --kbest exited $?"
check "kbest: the header says 3 0.01" [ "$(header_value kb.st kbest)" = "3 0.01" ]
if tail -n 1 kb.st | grep -q ' stop=kbest'; then
	"$ANALYZE" kb.st > kb.txt || fail "analyze kb.st exited $?"
	check "stop=kbest: warned, with its 1%" grep -q '^  kbest: collect stopped once every N.s best timings agreed within 1% (--kbest)' kb.txt
fi

# No progress line in a pipe: stderr is not a terminal (no carriage return).
check "until, stderr a file: no progress line drawn" sh -c "! grep -q \"\$(printf '\\r')\" u.err"

command -v tmux > /dev/null || skip "tmux not installed: the progress line on a terminal is not checked"
# On a terminal the line is drawn while sampling and redrawn in place: the
# pane shows it, on one line, and its elapsed seconds grow.
sock="$T/tmux.sock"
tmux -S "$sock" new-session -d -x 200 -y 20 \
	"'$COLLECT' --budget 30 -o t.st; echo collect-ended; sleep 60" ||
	fail "tmux did not start"
trap 'tmux -S "$sock" kill-server 2> /dev/null; rm -rf "$T"' EXIT
pane() { tmux -S "$sock" capture-pane -p; }
wait_for 60 sh -c "tmux -S '$sock' capture-pane -p | grep -q ' samples'"
first=$(pane | grep ' samples' | head -n 1)
echo "pane: $first"
check "terminal: the line shows elapsed time of the budget, and samples" sh -c "echo '$first' | grep -qE '^[0-9.]+ s of 30 s  .*  [0-9]+ samples *\$'"
s1=$(echo "$first" | awk '{ print $1 }')
wait_for 60 sh -c "tmux -S '$sock' capture-pane -p | grep ' samples' | awk -v s=$s1 '\$1 > s + 0.5 { f = 1 } END { exit !f }'"
check "terminal: redrawn in place (one progress line in the pane)" [ "$(pane | grep -c ' samples')" -eq 1 ]
tmux -S "$sock" send-keys C-c
wait_for 60 sh -c "tmux -S '$sock' capture-pane -p | grep -q collect-ended"
check "terminal: Ctrl-C ends it with a whole stream" only_complete_lines t.st
