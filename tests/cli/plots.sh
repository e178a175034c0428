#!/bin/sh
# analyze --plot DIR: real figures in every format, text from the data
# never run as gnuplot code, and a clear message without gnuplot.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
command -v gnuplot > /dev/null || skip "gnuplot not installed"

"$SYNTH" --seed 7 --runs 20 --period 9.2e6 --interrupt-every 0 --interrupt-cost 4000 > "$T/s"
figures="timings excess-n excess-distribution excess-time speed sources"

magic() { od -An -c -N "$2" "$1" | tr -d ' \n'; }

"$ANALYZE" --plot "$T/png" "$T/s" > "$T/report" || fail "--plot png exited $?"
check "the report is printed with --plot" grep -q "unit cost" "$T/report"
for f in $figures; do
	check "$f.png is a PNG" [ "$(magic "$T/png/$f.png" 4)" = '211PNG' ]
	check "$f.png is a real picture (> 10 kB)" [ "$(wc -c < "$T/png/$f.png")" -gt 10000 ]
done
check "samples.txt holds every sample" [ "$(grep -vc '^#' "$T/png/samples.txt")" -eq "$(grep -vc '^#' "$T/s")" ]

"$ANALYZE" --plot "$T/svg" --plot-format svg "$T/s" > /dev/null || fail "svg exited $?"
for f in $figures; do
	check "$f.svg is SVG" grep -q '<svg' "$T/svg/$f.svg"
done
"$ANALYZE" --plot "$T/pdf" --plot-format pdf "$T/s" > /dev/null || fail "pdf exited $?"
check "timings.pdf is a PDF" [ "$(magic "$T/pdf/timings.pdf" 4)" = '%PDF' ]

"$ANALYZE" --plot "$T/dumb" --plot-format dumb "$T/s" > "$T/term" || fail "dumb exited $?"
check "dumb: drawn in the terminal, after the report" grep -q "N (units of work)" "$T/term"
check "dumb: the axes' text" grep -q "least-values line" "$T/term"
check "dumb: the period's figure" grep -q "phase within the period" "$T/term"
check "dumb: also kept in DIR" [ -s "$T/dumb/excess-time.txt" ]
# a jitter whose threshold lies beyond every run (Pareto of shape 0.9:
# past the runs themselves) is named in a corner of both excess figures,
# not drawn off their axes (its line and label had floated between the
# panels)
"$SYNTH" --seed 7 --runs 20 --period 9.2e6 --interrupt-every 0 --interrupt-cost 4000 |
	"$DISTURB" --seed 1 --jitter pareto:5:0.9 > "$T/heavy" || fail "disturb exited $?"
"$ANALYZE" -v --plot "$T/heavy.d" --plot-format dumb "$T/heavy" > "$T/heavy.term" || fail "heavy: exited $?"
check "heavy: the report says the threshold lies beyond the runs" grep -Eq "more than (the|its) run itself" "$T/heavy.term"
for f in excess-time excess-distribution; do
	check "heavy: $f names the threshold beyond every run" grep -q "interrupted above .* above every run here" "$T/heavy.d/$f.txt"
	check "heavy: $f draws no line of it" sh -c "! grep -q 'interrupted above this (shortest N)\|interrupted above (shortest N)' '$T/heavy.d/$f.txt'"
done
# every N's minimum 0 (runs within a tick): the speed not judged, and
# said why, in the report and the figures; no NaN (every window's speed
# had been NaN, the report printed "nan" and gnuplot found no point in
# excess-time: exit 3)
"$DISTURB" --slope 0.01 --intercept 5 --range 1:100:20 --runs 50 > "$T/zero" || fail "disturb exited $?"
rc=0
"$ANALYZE" -v --plot "$T/zero.d" --plot-format dumb "$T/zero" > "$T/zero.term" || rc=$?
check "zero minima: analyze --plot exits 0 ($rc)" [ "$rc" -eq 0 ]
check "zero minima: no nan in the report" sh -c "! grep -qi nan '$T/zero.term'"
check "zero minima: the speed not judged, and why" grep -q "speed: not judged (no run tells a speed" "$T/zero.term"
check "zero minima: excess-time says why" grep -q "no run tells a speed" "$T/zero.d/excess-time.txt"
# the key's symbols: samples and minima drawn apart (both had been "G")
sym() { grep "$1" "$T/dumb/timings.txt" | awk '{ print $NF }'; }
check "dumb: samples ($(sym 'every sample')) and minima ($(sym 'minimum per N')) in two symbols" \
	sh -c "[ -n '$(sym 'every sample')' ] && [ '$(sym 'every sample')' != '$(sym 'minimum per N')' ]"
# the minima drawn over the line that rests on them: their symbol shows
# in the frame (the line's characters had hidden every one)
check "dumb: the minima's symbol ($(sym 'minimum per N')) in the frame, not only in the key" \
	sh -c "[ \$(grep -v 'minimum per N' '$T/dumb/timings.txt' | grep '|' | grep -c -F '$(sym 'minimum per N')') -ge 5 ]"
check "--json keeps stdout JSON only" sh -c "'$ANALYZE' --json --plot '$T/dj' --plot-format dumb '$T/s' | '$JSONQ' -"

# --compare draws its figure in the terminal too, after its report (it
# had been written to DIR/compare.txt only); with --json, in DIR only.
"$SYNTH" --seed 8 --runs 20 > "$T/s2"
"$ANALYZE" --compare --plot "$T/cd" --plot-format dumb "$T/s" "$T/s2" > "$T/cterm" ||
	fail "--compare, dumb, exited $?"
check "--compare, dumb: drawn in the terminal, after the report" sh -c \
	"sed -n '/B \\/ A/,\$p' '$T/cterm' | grep -q 'N (units of work)'"
check "--compare, dumb: also kept in DIR" [ -s "$T/cd/compare.txt" ]
check "--compare --json, dumb: stdout JSON only" sh -c \
	"'$ANALYZE' --json --compare --plot '$T/cdj' --plot-format dumb '$T/s' '$T/s2' | '$JSONQ' -"

# --plot-log: log-log timings.
"$ANALYZE" --plot "$T/log" --plot-log "$T/s" > /dev/null || fail "--plot-log exited $?"
check "--plot-log draws" [ "$(wc -c < "$T/log/timings.png")" -gt 10000 ]

# Injection: text from the stream's header reaches the figures' titles and
# nothing else.  Quotes in the directory's name, too.
evil="x\"; system(\"touch $T/pwned\"); print \""
sed "s|^# kernel: .*|# kernel: $evil|; s|^# clock: .*|# clock: '; system('touch $T/pwned2'); '|" "$T/s" > "$T/evil"
dir="$T/we\"ird 'dir"
"$ANALYZE" --plot "$dir" "$T/evil" > /dev/null 2> "$T/err" || fail "the injection stream failed: $(cat "$T/err")"
check "injection: nothing ran" [ ! -e "$T/pwned" ] && [ ! -e "$T/pwned2" ]
check "injection: the figures were drawn" [ -s "$dir/timings.png" ] && [ -s "$dir/excess-time.png" ]
"$ANALYZE" --plot "$T/evil-dumb" --plot-format dumb "$T/evil" > "$T/evil-term"
check "injection: the text is shown as text" grep -q 'system("touch' "$T/evil-term"
check "injection: still nothing ran" [ ! -e "$T/pwned" ]

# Without gnuplot: the report still prints, the message names gnuplot and
# how to install it, exit 3.
mkdir "$T/nopath"
rc=0
PATH="$T/nopath" "$ANALYZE" --plot "$T/none" "$T/s" > "$T/report" 2> "$T/err" || rc=$?
check "no gnuplot: exit 3 ($rc)" [ "$rc" -eq 3 ]
check "no gnuplot: the report printed" grep -q "unit cost" "$T/report"
check "no gnuplot: names gnuplot" grep -q "gnuplot is not installed" "$T/err"
check "no gnuplot: says how to install it" grep -q "apt-get install gnuplot" "$T/err"

# A directory that cannot be made: said before the samples are read,
# exit 1, no report (a report, then "cannot make" and exit 3, had made
# the user wait for an analysis whose figures could not be kept).
rc=0
"$ANALYZE" --plot /nonexistent/a/b "$T/s" > "$T/report" 2> "$T/err" || rc=$?
check "bad DIR: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "bad DIR: named" grep -q "/nonexistent/a/b" "$T/err"
check "bad DIR: no report" [ ! -s "$T/report" ]

# --plot DIR over an input file in DIR: refused, the input kept.
mkdir "$T/clash"
cp "$T/s" "$T/clash/samples.txt"
rc=0
"$ANALYZE" --plot "$T/clash" "$T/clash/samples.txt" > /dev/null 2> "$T/err" || rc=$?
check "--plot over an input: exit 2" [ "$rc" -eq 2 ]
check "--plot over an input: input intact" cmp -s "$T/s" "$T/clash/samples.txt"

# One figure's gnuplot fails while others are drawn beside it (two at
# once): its message once, naming it, exit 3, and no file of the
# directory changed (the figures drawn beside it are not kept).
mkdir "$T/failing"
real_gnuplot=$(command -v gnuplot)
printf '#!/bin/sh\ncase $2 in */excess-n.gp) echo "a failure of ours" >&2; exit 1 ;; esac\nexec "%s" "$@"\n' \
	"$real_gnuplot" > "$T/failing/gnuplot"
chmod +x "$T/failing/gnuplot"
rc=0
SUBTICK_THREADS=2 PATH="$T/failing:$PATH" "$ANALYZE" --plot "$T/failed" "$T/s" > /dev/null 2> "$T/err" || rc=$?
check "a figure failing: exit 3 ($rc)" [ "$rc" -eq 3 ]
check "a figure failing: said once, named" \
	sh -c "[ \$(grep -c 'figure excess-n: gnuplot failed' '$T/err') -eq 1 ] && grep -q 'a failure of ours' '$T/err'"
check "a figure failing: no other figure's failure said" \
	sh -c "[ \$(grep -c 'gnuplot failed' '$T/err') -eq 1 ]"
check "a figure failing: no figure kept, no private directory left" \
	sh -c "! ls -a '$T/failed' | grep -q 'png\\|subtick-plot'"

# analyze killed while it plots: its private directory is removed and
# every gnuplot ended (two at once).  A gnuplot of our own (first on
# PATH) notes its pid and waits, so the signal comes while it runs.
# (SIGINT is ignored in a background job of sh, so it cannot be sent
# here.)
mkdir "$T/fake"
printf '#!/bin/sh\necho $$ >> "%s/gnuplot.pid"\nexec sleep 600\n' "$T" > "$T/fake/gnuplot"
chmod +x "$T/fake/gnuplot"
# A signal ignored when the test started (SIGHUP under nohup) is ignored by
# analyze too, as it should be: not sent.
ignored=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status 2> /dev/null || true)
for sig in TERM HUP; do
	case $sig in TERM) num=15 ;; HUP) num=1 ;; esac
	if [ -n "$ignored" ] && [ $(( (0x$ignored >> (num - 1)) & 1 )) -eq 1 ]; then
		echo "SIG$sig is ignored here (nohup?): analyze ignores it too; not sent"
		continue
	fi
	rm -f "$T/gnuplot.pid"
	SUBTICK_THREADS=2 PATH="$T/fake:$PATH" "$ANALYZE" --plot "$T/killed" "$T/s" > /dev/null 2>&1 &
	pid=$!
	# (or analyze gone: then the check below fails at once)
	wait_for 60 sh -c "[ \$(cat '$T/gnuplot.pid' 2> /dev/null | wc -l) -ge 2 ] || ! kill -0 $pid 2> /dev/null"
	check "SIG$sig: two gnuplots at once" [ "$(wc -l < "$T/gnuplot.pid")" -eq 2 ]
	check "SIG$sig: gnuplot started, in a private directory" \
		sh -c "ls -d '$T'/killed/.subtick-plot.* > /dev/null"
	kill -$sig $pid
	rc=0
	wait $pid || rc=$?
	check "SIG$sig: analyze ended by it ($rc)" [ "$rc" -gt 128 ]
	check "SIG$sig: no .subtick-plot.* left" sh -c "! ls -a '$T/killed' | grep -q subtick-plot"
	for g in $(cat "$T/gnuplot.pid"); do
		check "SIG$sig: gnuplot $g ended" sh -c "! kill -0 $g 2> /dev/null"
	done
done
