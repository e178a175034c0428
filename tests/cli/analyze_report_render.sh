#!/bin/sh
# analyze --report FILE.html as a browser shows it: chromium, headless,
# takes a screenshot of the page, and it is not blank.  Skipped (exit 77)
# where chromium or gnuplot is not installed.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"
command -v python3 > /dev/null || skip "python3 not installed"
command -v gnuplot > /dev/null || skip "gnuplot not installed: no figures to inline"
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || skip "chromium not installed: the page is not rendered"

"$SYNTH" --seed 5 --runs 30 > s.st
"$ANALYZE" --report r.html s.st > /dev/null || fail "analyze --report exited $?"
# its own profile (not one another run may hold), and a bound on its time:
# a headless screenshot that hangs fails here, not at the test's timeout
timeout 90 "$browser" --headless --no-sandbox --disable-gpu --window-size=1200,2400 \
	--user-data-dir="$T/profile" --screenshot="$T/shot.png" "file://$T/r.html" \
	> /dev/null 2>&1 || fail "chromium exited $? (124: still running after 90 s)"
check "rendered: a screenshot" [ -s shot.png ]
check "rendered: not blank (many colours)" python3 -c "
import zlib, struct, sys
d = open('shot.png', 'rb').read()
sys.exit(0 if len(set(d[i:i+3] for i in range(0, len(d) - 3, 97))) > 200 else 1)"
echo "$checks checks passed"
