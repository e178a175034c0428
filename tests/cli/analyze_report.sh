#!/bin/sh
# analyze --report FILE.html: one self-contained page (no script, link,
# or file from elsewhere), its figures inline as SVG, names from the input
# escaped, the headline's numbers those of --json; written whole or not
# at all.  (Shown in a headless browser: analyze_report_render.)
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}" "${SUBTICK_SOURCE_ROOT:?}"
cd "$T"
command -v python3 > /dev/null || skip "python3 not installed"
command -v gnuplot > /dev/null || skip "gnuplot not installed: no figures to inline"

"$SYNTH" --seed 5 --runs 30 | sed 's/^# kernel: .*/# kernel: <script>alert("x")<\/script> \& <b>co/' > s.st
grep -q '^# kernel: <script>' s.st || "$SYNTH" --seed 5 --runs 30 > s.st
mkdir tmp
TMPDIR="$T/tmp" "$ANALYZE" --report r.html s.st > s.txt || fail "analyze --report exited $?"
"$ANALYZE" --json s.st > s.json || fail "analyze --json exited $?"
check "the text report still on stdout" grep -q '^unit cost' s.txt
check "a page" sh -c "head -c 15 r.html | grep -q '<!DOCTYPE html>'"
check "its figures inline as SVG (at least 4)" [ "$(grep -c '<svg' r.html)" -ge 4 ]
# (SVG's xlink:href='#...' point inside the page)
check "self-contained: no script, no link, no src= or href= out of the page" sh -c \
	"! grep -qiE -e '<script' -e '<link' -e \"(src|href)=['\\\"][^#]\" r.html"
check "the hostile name escaped everywhere (no tag made of it)" sh -c "! grep -q '<b>co' r.html"
check "the page's tags nest" python3 "$SUBTICK_SOURCE_ROOT/tests/tools/html_page.py" nest r.html
u=$(json_get s.json unit_cost_ns)
shown=$(sed -n 's/^<tr><th>unit cost<\/th><td class=n>\([^ ]*\) .*/\1/p' r.html)
check "the unit cost $shown is --json's $u (in ns)" awk -v a="$shown" -v u="$u" 'BEGIN { d = a - u; if (d < 0) d = -d; exit !(a != "" && d <= 1e-3 * u) }'
check "the minima per N, a row each" [ "$(grep -c '^<tr><td class=n>' r.html)" -eq "$(json_get s.json points)" ]
# The tick's marks (the green line at one tick over the step function,
# axes of "excess + 1 tick") only where a tick is known: a stream's page
# has them, other tools' results (no clock tick) have none.
check "a stream's page: its tick's marks" sh -c "grep -q 'excess + 1 tick' r.html && grep -qF 'tick*floor(line/tick)' r.html"
python3 - > gb.json <<'PY'
import json
b = [{"name": f"BM_x/{n}", "run_type": "iteration", "iterations": 20000,
      "real_time": 300 + 0.25 * n + 0.1 * r + (2000 if r == 7 else 0), "cpu_time": 1, "time_unit": "ns"}
     for n in (1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000) for r in range(40)]
print(json.dumps({"benchmarks": b}))
PY
"$ANALYZE" --from gbench --report g.html gb.json > g.txt || fail "analyze --report of Google Benchmark's results exited $?"
check "Google Benchmark's page: tick unknown" grep -q 'tick unknown' g.txt
check "... no tick's marks in its figures" sh -c \
	"! grep -q -e '1 tick' -e 'tick\\*floor' -e 'within a tick' -e 'on the line below green' g.html"
check "... its figures drawn all the same (at least 4)" [ "$(grep -c '<svg' g.html)" -ge 4 ]
rc=0
"$ANALYZE" --report "$T/no/such/dir/r.html" s.st > /dev/null 2> err || rc=$?
check "an unwritable page: exit 1 ($rc), named" sh -c "[ $rc -eq 1 ] && grep -q 'no/such/dir/r.html' err"
check "no temporary left in TMPDIR" [ -z "$(ls -A tmp)" ]
check "no temporary left beside the page" [ -z "$(ls -A | grep '^\.')" ]

# analyze ended by a signal while it draws the page's figures: no
# temporary left in TMPDIR.  A gnuplot of our own (first on PATH) notes
# its pid and waits, so the signal comes while it runs.  (SIGINT is
# ignored in a background job of sh, and so by analyze: not sent.)
mkdir fake ktmp
printf '#!/bin/sh\necho $$ > "%s/gnuplot.pid"\nexec sleep 600\n' "$T" > fake/gnuplot
chmod +x fake/gnuplot
for sig in TERM HUP; do
	[ $sig = HUP ] && hup_ignored && continue
	rm -f gnuplot.pid
	PATH="$T/fake:$PATH" TMPDIR="$T/ktmp" "$ANALYZE" --report k.html s.st > /dev/null 2>&1 &
	pid=$!
	# (or analyze gone: then the checks below fail at once)
	wait_for 60 sh -c "[ -s '$T/gnuplot.pid' ] || ! kill -0 $pid 2> /dev/null"
	check "SIG$sig: the figures under way in TMPDIR" sh -c "ls -d '$T'/ktmp/analyze-report.* > /dev/null"
	kill -$sig $pid
	rc=0
	wait $pid || rc=$?
	check "SIG$sig: analyze ended by it ($rc)" [ "$rc" -gt 128 ]
	check "SIG$sig: no temporary left in TMPDIR ($(ls -A ktmp))" [ -z "$(ls -A ktmp)" ]
	check "SIG$sig: no page, no temporary beside it" [ -z "$(ls -A | grep -e '^k\.html' -e '^\.')" ]
	check "SIG$sig: gnuplot ended" sh -c "! kill -0 $(cat gnuplot.pid) 2> /dev/null"
done

# A page stays a page: its figures draw a few thousand samples, not all
# (64 N x 2000 runs, drawn whole: 54 MB)
"$SYNTH" --seed 6 --runs 2000 > big.st
"$ANALYZE" --report big.html big.st > /dev/null || fail "analyze --report (128000 samples) exited $?"
check "128000 samples: the page under 8 MB ($(wc -c < big.html) bytes)" [ "$(wc -c < big.html)" -lt 8000000 ]
check "128000 samples: its figures inline" [ "$(grep -c '<svg' big.html)" -ge 4 ]
echo "$checks checks passed"
