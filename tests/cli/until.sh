#!/bin/sh
# collect --until REL: sampling stops once the unit cost's bounds, fitted
# between sweeps by the code analyze runs, are narrower than REL of it
# (exit 0), or the budget ends: exit 3, the stream whole all the same, and
# collect says how far it got and why; the last line holds the stop and
# the precision reached, which is analyze's on the same stream.  The
# progress line is drawn on a terminal (under script and tmux), never in a
# pipe; its fields are checked, never this machine's values.
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
# kernel's cost; or, where the machine's speed moves by more than that
# while it samples (a shared machine under load: the fifths 5.3% apart
# within a second), stopped by that drift, exit 3, the movement named.
rc=0
"$COLLECT" --until 0.05 --budget 30 -o u.st 2> u.err || rc=$?
cat u.err
last=$(tail -n 1 u.st)
p=$(echo "$last" | sed -n 's/.* precision=\([^ ]*\).*/\1/p')
check "until 0.05: header key until" [ "$(header_value u.st until)" = 0.05 ]
case "$last" in
*' stop=drift '*)
	reached=no
	check "until 0.05: stopped by a drift of the machine's speed, exit 3 ($rc)" [ "$rc" -eq 3 ]
	check "until 0.05: stderr names the movement" \
		grep -qE -- '^collect: --until 0.05 not met \(stop=drift after [0-9.]+ s\): the machine.s speed moved' u.err ;;
*)
	reached=yes
	check "until 0.05: reached, exit 0 ($rc)" [ "$rc" -eq 0 ]
	check "until 0.05: stopped by it ($last)" sh -c "echo '$last' | grep -q ' stop=until precision='"
	check "until 0.05: the precision reached, $p, is within 0.05" awk -v p="$p" 'BEGIN { exit !(p > 0 && p <= 0.05) }'
	check "until 0.05: stderr says it was reached and when" grep -q -- '--until 0.05 reached after [0-9.]* s' u.err ;;
esac
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

# An REL no budget of a second reaches: the budget stops it, exit 3; the
# stream is whole (analyze reads it) and its last line says so with the
# precision it got; stderr says by how much it missed and why.
rc=0
"$COLLECT" --until 1e-9 --budget 1 -o b.st 2> b.err || rc=$?
cat b.err
check "until 1e-9, budget 1 s: missed, exit 3 ($rc)" [ "$rc" -eq 3 ]
last=$(tail -n 1 b.st)
# (or by a drift of the machine's speed beyond the target, which a
# shared machine may show within the second: exit 3 all the same)
stop=budget
case "$last" in *' stop=drift '*) stop=drift ;; esac
check "until 1e-9: stopped by the budget or a drift ($last)" sh -c "echo '$last' | grep -q '^# done: .* stop=$stop precision='"
check "until 1e-9: whole lines" only_complete_lines b.st
"$ANALYZE" b.st > b.txt || fail "analyze b.st exited $?"
check "until 1e-9: analyze reads the stream" grep -q 'unit cost' b.txt
p=$(echo "$last" | sed -n 's/.* precision=\([^ ]*\).*/\1/p')
check "until 1e-9: the precision reached, $p, is above 1e-9" awk -v p="$p" 'BEGIN { exit !(p > 1e-9) }'
if [ $stop = budget ]; then
check "until 1e-9: stderr says it was not met, and the width reached" \
	grep -q -- '^collect: --until 1e-09 not met (stop=budget after [0-9.]* s): the width reached [0-9.e+-]*% of 1e-07%$' b.err
w=$(sed -n 's/.* the width reached \([0-9.e+-]*\)% of .*/\1/p' b.err)
check "until 1e-9: the width said, $w%, is the last line's $p" \
	awk -v w="$w" -v p="$p" 'BEGIN { d = w / (100 * p) - 1; exit !(d < 0.06 && d > -0.06) }'
check "until 1e-9: stderr says why, from the width's trend" \
	grep -qE -- '^collect: --until: the width( was still falling| was falling, but| had stopped falling|.s trend is unclear)' b.err
# ... and, unless it was still falling, what widens the bounds
if ! grep -q 'was still falling' b.err; then
	check "until 1e-9: stderr says what widens the bounds" \
		grep -qE -- "^collect: --until: (the fifths of the collection disagree|the tick band alone spans|refits on (random )?halves of the|analyze's report says what)" b.err
fi
fi

# A machine whose speed moves: a kernel whose cost per unit grows by half
# its own every CPU second.  The fifths of the collection in time drift
# apart by more than the target, and stay apart while the samples double:
# collect stops by it (stop=drift, exit 3) long before its budget, and
# says which fifths and by how much.
rc=0
"$COLLECT" --kernel "$SUBTICK_SLOWING_SO:slowing" --until 1e-3 --budget 120 -o d.st 2> d.err || rc=$?
cat d.err
last=$(tail -n 1 d.st)
check "drift: exit 3 ($rc)" [ "$rc" -eq 3 ]
check "drift: stopped by it ($last)" sh -c "echo '$last' | grep -q '^# done: .* stop=drift precision='"
secs=$(echo "$last" | sed -n 's/.* seconds=\([0-9.]*\) .*/\1/p')
check "drift: before the budget ($secs s of 120)" awk -v s="$secs" 'BEGIN { exit !(s < 120) }'
check "drift: stderr names the movement" \
	grep -qE -- '^collect: --until 0.001 not met \(stop=drift after [0-9.]+ s\): the machine.s speed moved: the (first|second|third|fourth|last) fifth of the collection in time ran [0-9.e+]+% slower than the (first|second|third|fourth|last)' d.err
check "drift: whole lines" only_complete_lines d.st

# In a pipe, the status still tells the shell (collect | analyze), and
# analyze reads the whole stream.
rc=$( { c=0; "$COLLECT" --until 1e-9 --budget 1 2> p.err || c=$?; echo $c > p.rc; } |
	"$ANALYZE" > p.txt; echo $?)
check "until 1e-9 | analyze: collect exits 3 ($(cat p.rc)), analyze 0 ($rc)" \
	sh -c "[ $(cat p.rc) -eq 3 ] && [ $rc -eq 0 ]"
check "until 1e-9 | analyze: analyze reports" grep -q 'unit cost' p.txt

# A short budget and a loose REL: exit 0 exactly where it was reached
# (stop=until, or at the last fit), 3 where the budget came first, as the
# last line and stderr say.
rc=0
"$COLLECT" --until 0.05 --budget 1 -o s.st 2> s.err || rc=$?
p=$(tail -n 1 s.st | sed -n 's/.* precision=\([^ ]*\).*/\1/p')
if grep -q -- '--until 0.05 reached' s.err; then
	check "until 0.05, budget 1 s: reached ($p), exit 0 ($rc)" [ "$rc" -eq 0 ]
else
	check "until 0.05, budget 1 s: not reached ($p) on this machine now, exit 3 ($rc)" \
		sh -c "[ $rc -eq 3 ] && grep -q -- '--until 0.05 not met' s.err"
fi

# Every N's runs: at least 5 where --until stopped it (fewer, and the
# minima may not have reached their floor, however narrow the bounds)
if [ $reached = yes ]; then
check "until 0.05: 5 runs at every N at least" sh -c "[ \"\$(grep -v '^#' u.st | cut -f1 | sort | uniq -c | sort -n | head -n 1 | awk '{ print \$1 }')\" -ge 5 ]"
fi
# 3 runs an N (--runs 3): bounds within 0.5 or not, not met (exit 3)
rc=0
"$COLLECT" --until 0.5 --runs 3 -o r3.st 2> r3.err || rc=$?
check "until 0.5, 3 runs: exit 3 ($rc)" [ "$rc" -eq 3 ]
check "until 0.5, 3 runs: stopped by the runs" sh -c "tail -n 1 r3.st | grep -q ' stop=runs precision='"
check "until 0.5, 3 runs: not met" grep -q -- '--until 0.5 not met' r3.err

# --kbest, the other rule that stops early: the header says K and EPS,
# and analyze warns that a short collection's bounds hold no slower
# machine all through it
"$COLLECT" --kbest 3:0.01 --budget 30 -o kb.st 2> kb.err || fail "collect --kbest exited $?"
check "kbest: the header says 3 0.01" [ "$(header_value kb.st kbest)" = "3 0.01" ]
if tail -n 1 kb.st | grep -q ' stop=kbest'; then
	"$ANALYZE" kb.st > kb.txt || fail "analyze kb.st exited $?"
	check "stop=kbest: warned, with its 1%" grep -q '^warning: kbest: collect stopped once every N.s best timings agreed within 1% (--kbest)' kb.txt
fi

# No progress line in a pipe: stderr is not a terminal (no carriage return).
check "until, stderr a file: no progress line drawn" sh -c "! grep -q \"\$(printf '\\r')\" u.err"

# On a terminal (script gives collect one) with --until: the line's
# fields in order, whatever their values: the time of the budget, the
# unit cost (or none yet), the width of the bounds and the width wanted,
# what the width's trend says, the samples.  Redrawn in place, the time
# and the samples never going back; the exit status goes through.
if command -v script > /dev/null; then
	rc=0
	script -qefc "stty cols 200; '$COLLECT' --until 1e-9 --budget 2 -o sc.st" sc.ts \
		< /dev/null > /dev/null 2>&1 || rc=$?
	check "terminal, until 1e-9: missed, exit 3 through script ($rc)" [ "$rc" -eq 3 ]
	tr '\r' '\n' < sc.ts | grep -a ' s of 2 s  ' | sed 's/ *$//' > sc.lines
	sed -n '1p;$p' sc.lines
	check "terminal: the line drawn and redrawn ($(wc -l < sc.lines) times)" [ "$(wc -l < sc.lines)" -ge 2 ]
	check "terminal: redrawn in place (carriage returns)" \
		[ "$(tr -dc '\r' < sc.ts | wc -c)" -ge "$(wc -l < sc.lines)" ]
	trend='(  (~[^:]+ to go|~[^:]+: beyond the budget|falling|falling, too slowly to get there|not falling|no clear trend|waiting for 5 runs at every N))?'
	form="^[0-9.]+ s of 2 s  (\\(no line yet\\)|[0-9.e+-]+ (ns|units)/unit)  width ([0-9.e+-]+%|\\?) of 1e-07%$trend  [0-9]+ samples\$"
	bad=$(grep -Ev "$form" sc.lines | head -n 1)
	check "terminal: every line: time of budget, unit cost, width of wanted, trend, samples${bad:+ (not: $bad)}" [ -z "$bad" ]
	check "terminal: the time and the samples never go back" awk '
		{ t = $1; n = $(NF - 1) }
		NR > 1 && (t < lt || n < ln) { bad = 1 }
		{ lt = t; ln = n }
		END { exit bad }' sc.lines
	check "terminal: then stderr says it was not met" grep -aq -- '--until 1e-09 not met' sc.ts
	check "terminal: the stream whole" only_complete_lines sc.st
else
	echo "script not installed: the --until progress line on a terminal is not checked"
fi

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
