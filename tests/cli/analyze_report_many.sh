#!/bin/sh
# analyze --compare and --group with --report FILE.html: a page as the one
# of a collection, the verdict first and in times, its numbers those of
# --json and its words those of --format markdown; the warnings before
# the tables; one figure of every collection, each line from its first N
# to its last and no further; a table per collection; names from the
# input escaped; self-contained, its tags nested, no temporary left.
# (Shown in a headless browser: analyze_report_render.)
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}" "${SUBTICK_SOURCE_ROOT:?}"
cd "$T"
command -v python3 > /dev/null || skip "python3 not installed"
command -v gnuplot > /dev/null || skip "gnuplot not installed: no figures to inline"
page() {
	python3 "$SUBTICK_SOURCE_ROOT/tests/tools/html_page.py" "$@"
}
# self_contained FILE: no script, no link, no src= or href= out of the
# page (SVG's xlink:href='#...' point inside it)
self_contained() {
	! grep -qiE -e '<script' -e '<link' -e "(src|href)=['\"][^#]" "$1"
}
# verdict_first FILE: the body's first heading, table, warning or figure
# is its h1
verdict_first() {
	[ "$(grep -m 1 -oE '<(h1|h2|table|div|p|figure)[ >]' "$1")" = "<h1>" ]
}
# near X Y: X within 1% of Y
near() {
	awk -v x="$1" -v y="$2" 'BEGIN { d = x - y; if (d < 0) d = -d; exit !(x != "" && d <= 0.01 * y) }'
}
# near_inverses X Y A B: X and Y within 1% of 1 / A and 1 / B
near_inverses() {
	near "$1" "$(awk -v r="$3" 'BEGIN { print 1 / r }')" &&
		near "$2" "$(awk -v r="$4" 'BEGIN { print 1 / r }')"
}

# A drifting (a warning), B about 9.4 times faster over a tenth of A's N,
# its name hostile
"$SYNTH" --seed 1 --runs 20 --drift 0.05 > a.st
"$SYNTH" --seed 2 --runs 20 --slope 0.1226 --range 1000:40000:32 |
	sed 's/^# kernel: .*/# kernel: <b>new<\/b> \& co/' > b.st
mkdir tmp
TMPDIR="$T/tmp" "$ANALYZE" --compare --report c.html a.st b.st > c.txt ||
	fail "analyze --compare --report exited $?"
"$ANALYZE" --compare --json a.st b.st > c.json || fail "analyze --compare --json exited $?"
"$ANALYZE" --compare --format markdown a.st b.st > c.md || fail "analyze --compare --format markdown exited $?"
check "--compare: the text report still on stdout" grep -q '^B / A ' c.txt
check "--compare: a page" sh -c "head -c 15 c.html | grep -q '<!DOCTYPE html>'"
head=$(sed -n 's/^<h1>\(.*\)<\/h1>$/\1/p' c.html)
check "--compare: the verdict first: $head" verdict_first c.html
# shellcheck disable=SC2046 # B / A and its bounds
set -- $(json_get c.json compare.ratio) $(json_get c.json compare.ratio_bounds)
r=$1 rlo=$2 rhi=$3
# shellcheck disable=SC2046 # the times and their bounds
set -- $(echo "$head" | sed -n 's/^B is \([0-9.]*\)× faster than A (\([0-9.]*\)× to \([0-9.]*\)×)$/\1 \2 \3/p')
check "--compare: in times, faster" [ $# -eq 3 ]
check "--compare: $1× is A / B, 1 / $r" near "$1" "$(awk -v r="$r" 'BEGIN { print 1 / r }')"
check "--compare: its bounds $2× to $3×, 1 / B / A's bounds [$rlo, $rhi]" near_inverses "$2" "$3" "$rhi" "$rlo"
share=$(sed -n "s/^<p class=share>B takes \([0-9.]*\)% of A's time per unit (.*)\.<\/p>$/\1/p" c.html)
check "--compare: B takes $share% of A's time, 100 x $r" near "$share" "$(awk -v r="$r" 'BEGIN { print 100 * r }')"
check "--compare: the markdown's heading is the page's" [ "$(head -n 1 c.md)" = "### $head" ]
nwarn=$(( $(json_get c.json compare.a_warnings) + $(json_get c.json compare.b_warnings) ))
check "--compare: A's drift warned" [ "$(json_get c.json compare.a_warnings)" -ge 1 ]
check "--compare: every warning of A and B on the page ($nwarn)" \
	[ "$(grep -c -e '^<li><b>A</b>: ' -e '^<li><b>B</b>: ' c.html)" -eq "$nwarn" ]
check "--compare: the warnings before the tables" sh -c \
	"grep -n -e '<div class=warn>' -e '<table>' c.html | head -n 1 | grep -q 'class=warn'"
check "--compare: each side's headline" [ "$(grep -c '^<tr><th>unit cost</th>' c.html)" -eq 2 ]
check "--compare: one figure inline" [ "$(grep -c '<svg' c.html)" -eq 1 ]
check "--compare: each line over its own N only" page spans c.html 2
check "--compare: the hostile name escaped (no tag made of it)" sh -c "! grep -q '<b>new' c.html && grep -q '&lt;b&gt;new' c.html"
check "--compare: self-contained" self_contained c.html
check "--compare: its tags nest" page nest c.html
check "--compare: no temporary left in TMPDIR" [ -z "$(ls -A tmp)" ]
check "--compare: no temporary left beside the page" [ -z "$(ls -A | grep '^\.')" ]

# three hosts, h3 the slowest over a tenth of the others' N
"$SYNTH" --seed 3 --runs 20 | sed 's/^# host: .*/# host: h1/' > g1.st
"$SYNTH" --seed 4 --runs 20 --slope 0.5 | sed 's/^# host: .*/# host: h2/' > g2.st
"$SYNTH" --seed 5 --runs 20 --slope 3 --range 1000:40000:32 | sed 's/^# host: .*/# host: h3/' > g3.st
TMPDIR="$T/tmp" "$ANALYZE" --group host --report g.html g1.st g2.st g3.st > g.txt ||
	fail "analyze --group --report exited $?"
"$ANALYZE" --group host --json g1.st g2.st g3.st > g.json || fail "analyze --group --json exited $?"
"$ANALYZE" --group host --format markdown g1.st g2.st g3.st > g.md ||
	fail "analyze --group --format markdown exited $?"
check "--group: the text report still on stdout" grep -q '^subtick analyze --group host' g.txt
head=$(sed -n 's/^<h1>\(.*\)<\/h1>$/\1/p' g.html)
check "--group: the verdict first: $head" verdict_first g.html
check "--group: the slowest, h3, against the fastest, $(json_get g.json group.fastest)" \
	sh -c "echo '$head' | grep -q '^host h3 is [0-9.]*× slower than host $(json_get g.json group.fastest) ('"
check "--group: the markdown's heading is the page's" [ "$(head -n 1 g.md)" = "### $head" ]
check "--group: a row per group" [ "$(grep -c '^<tr><td>h[123]</td>' g.html)" -eq 3 ]
check "--group: a table per group" [ "$(grep -c '^<h2>host h[123]: ' g.html)" -eq 3 ]
check "--group: one figure inline" [ "$(grep -c '<svg' g.html)" -eq 1 ]
check "--group: each line over its own N only" page spans g.html 3
check "--group: self-contained" self_contained g.html
check "--group: its tags nest" page nest g.html
check "--group markdown: a row per group, 7 columns each" sh -c \
	"[ \$(grep -c '^| h[123] |' g.md) -eq 3 ] && awk '/^\\| h[123] \\|/ && gsub(/\\|/, \"|\") != 8 { bad = 1 } END { exit bad }' g.md"
check "no temporary left in TMPDIR" [ -z "$(ls -A tmp)" ]
echo "$checks checks passed"
