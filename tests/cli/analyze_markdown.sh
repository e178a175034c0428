#!/bin/sh
# analyze --format markdown: a table pasteable in a pull request; every
# row with the table's columns, the numbers those of --json, a name with
# a '|' escaped; --compare's verdict in times and B / A; --group's row
# per group.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"

"$SYNTH" --seed 3 --runs 20 > s.st
"$ANALYZE" --format markdown s.st > s.md || fail "--format markdown exited $?"
"$ANALYZE" --json s.st > s.json || fail "--json exited $?"
cat s.md
check "a heading" grep -q '^### ' s.md
check "every table row has 3 columns (4 bars)" awk '/^\|/ { n = gsub(/[^\\]\|/, "&"); if (substr($0, 1, 1) == "|") n++; if (n != 4) bad = 1 } END { exit bad }' s.md
check "a separator row" grep -q '^|:---|---:|:---|$' s.md
u=$(json_get s.json unit_cost_ns)
digits=$(sed -n 's/^| unit cost | \([^ ]*\) .*/\1/p' s.md)
check "the unit cost $digits is --json's $u" awk -v a="$digits" -v u="$u" 'BEGIN { d = a - u; if (d < 0) d = -d; exit !(d <= 1e-3 * (u < 0 ? -u : u) + 1e-12) }'
check "--format json is --json" sh -c "'$ANALYZE' --format json s.st | cmp -s - s.json"
# a kernel name with a '|' stays in its cell
sed 's/^# kernel: .*/# kernel: a|b/' s.st > p.st
"$ANALYZE" --format markdown p.st > p.md || fail "--format markdown p.st exited $?"
check "a '|' in a name escaped" grep -q 'a\\|b' p.md
# --compare
"$SYNTH" --seed 4 --runs 20 --slope 2 > b.st 2> /dev/null || "$SYNTH" --seed 4 --runs 20 > b.st
"$ANALYZE" --compare --format markdown s.st b.st > c.md || fail "--compare --format markdown exited $?"
cat c.md
check "--compare: rows A and B" grep -q '^| A |' c.md && grep -q '^| B |' c.md
check "--compare: B / A" grep -q '^\*\*B / A = ' c.md
rc=0
"$ANALYZE" --format yaml s.st 2> err || rc=$?
check "--format yaml: exit 2 ($rc)" [ "$rc" -eq 2 ]
check "--compare: the verdict in times as the heading" grep -q '^### B is [0-9.]*× \(faster\|slower\) than A ([0-9.]*× to [0-9.]*×)$' c.md
# --group: the slowest against the fastest, a row per group
sed 's/^# host: .*/# host: one/' s.st > g1.st
sed 's/^# host: .*/# host: two/' b.st > g2.st
"$ANALYZE" --group host --format markdown g1.st g2.st > g.md || fail "--group --format markdown exited $?"
cat g.md
check "--group: the verdict as the heading" grep -q '^### ' g.md
check "--group: a row per group" sh -c "grep -q '^| one |' g.md && grep -q '^| two |' g.md"
check "--group: the fastest named in its row" grep -q '^| .* | the fastest |$' g.md
