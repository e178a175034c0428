#!/bin/sh
# analyze --report FILE.html as a browser shows it, a collection's page and
# --compare's: chromium, headless, takes a screenshot of each, and it is
# not blank.  Skipped (exit 77) where chromium or gnuplot is not
# installed.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"
command -v python3 > /dev/null || skip "python3 not installed"
command -v gnuplot > /dev/null || skip "gnuplot not installed: no figures to inline"
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || skip "chromium not installed: the page is not rendered"

"$SYNTH" --seed 5 --runs 30 > s.st
"$SYNTH" --seed 6 --runs 30 --slope 0.1226 > b.st
"$ANALYZE" --report r.html s.st > /dev/null || fail "analyze --report exited $?"
"$ANALYZE" --compare --report c.html s.st b.st > /dev/null || fail "analyze --compare --report exited $?"
for p in r c; do
	# its own profile (not one another run may hold), and a bound on its
	# time: a headless screenshot that hangs fails here, not at the
	# test's timeout
	timeout 90 "$browser" --headless --no-sandbox --disable-gpu --window-size=1200,2400 \
		--user-data-dir="$T/profile-$p" --screenshot="$T/$p.png" "file://$T/$p.html" \
		> /dev/null 2>&1 || fail "chromium on $p.html exited $? (124: still running after 90 s)"
	check "$p.html rendered: a screenshot" [ -s $p.png ]
	check "$p.html rendered: not blank (many colours)" python3 -c "
import sys
d = open('$p.png', 'rb').read()
sys.exit(0 if len(set(d[i:i+3] for i in range(0, len(d) - 3, 97))) > 200 else 1)"
done
echo "$checks checks passed"
