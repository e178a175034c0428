#!/bin/sh
# analyze --compare on pairs with a known ratio of unit costs (1.00, 1.01,
# 1.10, with interrupt noise): the bounds hold the truth, 1.00 is never
# called a difference, 1.10 always is; different clocks without unit_ns
# are refused.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"
noise="--runs 20 --jitter 20 --interrupt-every 2e5 --interrupt-cost 5000"
for ratio in 1.00 1.01 1.10; do
	slope_b=$(awk -v r=$ratio 'BEGIN { printf "%.10g", 1.15 * r }')
	for seed in 1 2 3; do
		# shellcheck disable=SC2086 # $noise is a list of options
		"$SYNTH" --seed $seed $noise > a.st
		# shellcheck disable=SC2086
		"$SYNTH" --seed $((seed + 100)) --slope "$slope_b" $noise > b.st
		"$ANALYZE" --compare --json a.st b.st > c.json || fail "--compare exited $?"
		"$ANALYZE" --compare a.st b.st > c.txt
		# shellcheck disable=SC2046 # ratio, its two bounds, resolved
		set -- $("$JSONQ" c.json compare.ratio compare.ratio_bounds compare.resolved)
		check "ratio $ratio, seed $seed: bounds [$2, $3] hold the truth" inside "$ratio" "$2 $3"
		case $ratio in
		1.00) check "ratio 1.00, seed $seed: no difference claimed" [ "$4" = false ]
		      check "... and the text says so" grep -q '^no difference is resolved' c.txt ;;
		1.10) check "ratio 1.10, seed $seed: resolved" [ "$4" = true ]
		      check "... higher, in words" \
			grep -q "^B is 1\.[0-9]*× slower than A (bounds 1\.[0-9]*× to 1\.[0-9]*×): B's unit cost is .*% higher than A's" c.txt ;;
		esac
	done
done
# A and B timed in turn (synth --pair) while the machine slows by 5%: the
# paired bounds hold the true ratio and are narrower than the same
# streams' bounds compared as two collections (the key removed).
for ratio in 1.00 1.02; do
	for seed in 11 12 13; do
		"$SYNTH" --seed $seed --runs 40 --drift 0.05 --jitter 20 --pair "$ratio" pb.st > pa.st
		sed '/^# interleaved:/d' pb.st > pb-apart.st
		"$ANALYZE" --compare --json pa.st pb.st > p.json || fail "paired --compare exited $?"
		"$ANALYZE" --compare --json pa.st pb-apart.st > u.json || fail "unpaired --compare exited $?"
		# shellcheck disable=SC2046 # paired, drift, the bounds, 5 fifths
		set -- $("$JSONQ" p.json compare.paired compare.ratio_drift compare.ratio_bounds compare.ratio_by_fifths)
		check "in turn, ratio $ratio, seed $seed: paired" [ "$1" = true ]
		check "... a drift both share is not the ratio's" [ "$2" = null ]
		check "... B / A in five fifths" [ $# -eq 9 ]
		check "... paired bounds [$3, $4] hold the truth" inside "$ratio" "$3 $4"
		# shellcheck disable=SC2046 # paired, the bounds
		set -- "$3" "$4" $("$JSONQ" u.json compare.paired compare.ratio_bounds)
		check "... apart: not paired" [ "$3" = false ]
		check "... and the paired bounds are narrower than apart [$4, $5]" \
			awk -v a="$1" -v b="$2" -v c="$4" -v d="$5" 'BEGIN { exit !(b - a < d - c) }'
	done
done
"$ANALYZE" --compare pa.st pb.st > p.txt
check "paired: the text says A and B were timed in turn" grep -q '^(A and B were timed in turn in one collection (synth13)' p.txt
# Paired, but only B slows (5%): the ratio itself drifts, and is warned.
"$SYNTH" --seed 21 --runs 40 --jitter 20 > da.st
"$SYNTH" --seed 22 --runs 40 --jitter 20 --drift 0.05 > db.st
sed -i 's/^# columns:/# interleaved: d1\n# interleave_side: A\n# columns:/' da.st
sed -i 's/^# columns:/# interleaved: d1\n# interleave_side: B\n# columns:/' db.st
"$ANALYZE" --compare --json da.st db.st > d.json || fail "--compare, B alone drifting, exited $?"
# shellcheck disable=SC2046 # paired, the bounds, 5 fifths
set -- $("$JSONQ" d.json compare.paired compare.ratio_bounds compare.ratio_by_fifths)
check "B alone drifts: paired, the ratio rises, its bounds hold 1" \
	awk -v p="$1" -v lo="$2" -v hi="$3" -v f1="$4" -v f5="$8" \
	'BEGIN { exit !(p == "true" && f5 > f1 && lo <= 1 && 1 <= hi) }'
check "... and its drift is warned" [ "$(json_get d.json compare.ratio_drift)" != null ]
"$ANALYZE" --compare da.st db.st > d.txt
check "... in the text" grep -q '^warning: B / A changed during the collection' d.txt

# Headers that say in turn, but B ran after A (its start times follow
# A's), on a machine 3% slower by then: no pairing, whatever the headers
# say (it had given +3.0003% within [2.9976%, 3.0024%], the truth 1), and
# the text says why.
"$SYNTH" --seed 23 --runs 40 --jitter 20 --slope 1.1845 > later.st
end=$(grep -v '^#' da.st | tail -n 1 | cut -f3)
awk -v off="$end" 'BEGIN { OFS = "\t" } /^#/ { print; next } { $3 += off + 1000; print }' later.st > seq.st
sed -i 's/^# columns:/# interleaved: d1\n# interleave_side: B\n# columns:/' seq.st
"$ANALYZE" --compare --json da.st seq.st > seq.json || fail "--compare, B after A, exited $?"
check "headers in turn, B after A: not paired" [ "$(json_get seq.json compare.paired)" = false ]
check "headers in turn, B after A: --json says why not" \
	grep -q '"unpaired_why": "their start times do not hold the same moments' seq.json
"$ANALYZE" --compare da.st seq.st > seq.txt
check "... and the text says their start times do not hold the same moments" \
	grep -q 'their start times do not hold the same moments' seq.txt

head -n 1500 pb.st > pb-cut.st
echo "# done: samples=$(grep -vc '^#' pb-cut.st)" >> pb-cut.st
"$ANALYZE" --compare --json pa.st pb-cut.st > cut.json || fail "--compare with B cut short exited $?"
check "B cut short: its stretches are not A's, not paired" [ "$(json_get cut.json compare.paired)" = false ]
"$ANALYZE" --compare pa.st pb-apart.st > u.txt
check "apart: the text says drift between them is not in the bounds" grep -q 'speed changed between the two is not in them' u.txt

# Several files of one collection on a side.
"$SYNTH" --seed 7 --runs 10 > a1.st
"$SYNTH" --seed 8 --runs 10 > a2.st
"$ANALYZE" --compare a1.st,a2.st b.st > two.txt || fail "--compare with a,b lists exited $?"
check "two files on side A" grep -q '^A: .* 1280 samples' two.txt

sed 's/^# clock: .*/# clock: monotonic/; /^# unit_ns:/d' b.st > other.st
sed '/^# unit_ns:/d' a.st > a-nons.st
rc=0
"$ANALYZE" --compare a-nons.st other.st > out 2> err || rc=$?
check "different clocks without unit_ns: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "... saying why" grep -q 'cannot be compared' err
# a unit cost of 0 on side A: refused, naming A's file (B's had been named)
"$SYNTH" --seed 3 --slope 0 --runs 10 > flat.st
rc=0
"$ANALYZE" --compare flat.st b.st > /dev/null 2> err || rc=$?
check "a unit cost of 0 on side A: exit 1 ($rc), naming A's file" \
	sh -c "[ $rc -eq 1 ] && grep -q '^analyze: flat.st:.*not positive' err"
rc=0
"$ANALYZE" --compare a.st, b.st > /dev/null 2> err || rc=$?
check "--compare with an empty name in a list: usage error ($rc)" [ "$rc" -eq 2 ]
rc=0
"$ANALYZE" --compare a.st > /dev/null 2> err || rc=$?
check "--compare with one collection: usage error ($rc)" [ "$rc" -eq 2 ]

# A's unit cost bounds reach down to 0: B / A has no upper bound.  The
# verdict's digits once came from (int)log10(0), an infinity made an int
# (the sanitizer build stops there); the JSON stays strict.
printf '2\t0\n1\t1\n5\t1\n' > low.txt
"$ANALYZE" --compare low.txt low.txt > low.out 2> err || fail "--compare, a bound at 0, exited $? ($(head -c 160 err))"
check "a bound at 0: no difference resolved" grep -q '^no difference is resolved: B / A = 1,' low.out
"$ANALYZE" --compare --json low.txt low.txt > low.json || fail "--compare --json, a bound at 0, exited $?"
check "... and its JSON parses, strictly" "$JSONQ" low.json
check "... unresolved" [ "$(json_get low.json compare.resolved)" = false ]

# --group ranks in clock units when not all groups know unit_ns: one that
# knows a unit_ns of its own was once compared with the fastest in ns,
# and came out 75% cheaper than "the fastest".  Refused; with --unit-ns,
# every group is at least as slow as the fastest.
for r in 0 1 2; do
	"$SYNTH" --seed $((30 + r)) --range 100:2000:4 --runs 8 --slope 1.$r |
		sed "s/^# columns:/# rank: $r\n# columns:/" > g$r.st
done
sed -i 's/^# unit_ns: .*/# unit_ns: 0.1/' g1.st
sed -i '/^# unit_ns:/d' g2.st
rc=0
"$ANALYZE" --group rank g0.st g1.st g2.st > group.out 2> err || rc=$?
check "--group, unit_ns known to some, not alike: refused ($rc)" [ "$rc" -eq 1 ]
check "... saying why" grep -q "unit_ns 0.1 differs from .* of rank 0, and not all groups know unit_ns" err
check "... with no report" [ ! -s group.out ]
"$ANALYZE" --group rank --json --unit-ns 1 g0.st g1.st g2.st > group.json ||
	fail "--group --unit-ns 1 exited $?"
check "... with --unit-ns, no group below the fastest" \
	awk -v r="$(json_get group.json 'group.groups.*.ratio_to_fastest')" \
	'BEGIN { n = split(r, x, " "); for (i = 1; i <= n; i++) if (x[i] < 1) exit 1; exit n != 3 }'

# In turn but with 5 runs an N: not paired, and the report says why (not
# that A and B should be timed in turn: they were)
"$SYNTH" --seed 14 --runs 5 --pair 1.00 p5b.st > p5a.st
"$ANALYZE" --compare p5a.st p5b.st > p5.txt || fail "--compare, 5 runs, exited $?"
check "in turn, 5 runs an N: not paired, for fewer than 8 runs" \
	grep -q 'bounds are not paired: fewer than 8 runs an N' p5.txt
check "... and no advice to time them in turn" sh -c "! grep -q 'time A and B in turn' p5.txt"

# A's unit cost may be 0 (its bounds cross 0): B / A has no bounds, null
# in the JSON, which stays JSON (-inf had been written)
printf '100 12\n200 23\n300 32\n400 42\n99200 22\n200 22\n300 32\n400 42\n' > zero.st
"$ANALYZE" --compare --json --unit-ns 0.5 zero.st zero.st > zero.json || fail "--compare on a cost that may be 0 exited $?"
check "a cost that may be 0: strict JSON, B / A's upper bound null" python3 -c "
import json, sys
def bad(x): sys.exit('not JSON: ' + x)
j = json.load(open('zero.json'), parse_constant=bad)
sys.exit(j['compare']['ratio_bounds'][1] is not None)"

# The figure: both sets of minima and both lines.
command -v gnuplot > /dev/null || skip "gnuplot not installed"
"$ANALYZE" --compare --plot figs a.st b.st > /dev/null || fail "--compare --plot exited $?"
check "compare.png drawn" [ -s figs/compare.png ]
check "both sides' minima written" [ -s figs/minima_a.txt ] && [ -s figs/minima_b.txt ]

# B ten times cheaper: said as times faster, with bounds that hold 10
"$SYNTH" --seed 31 --runs 10 --pair 0.1 tenth_b.st > tenth_a.st
"$ANALYZE" --compare tenth_a.st tenth_b.st > tenth.txt
check "B ten times cheaper: 'B is ...× faster than A'" \
	grep -q "^B is [0-9.]*× faster than A (bounds [0-9.]*× to [0-9.]*×): B's unit cost is .*% lower than A's" tenth.txt
# shellcheck disable=SC2046
set -- $(sed -n "s/^B is \([0-9.]*\)× faster than A (bounds \([0-9.]*\)× to \([0-9.]*\)×).*/\1 \2 \3/p" tenth.txt)
check "... its bounds hold 10 ($2 to $3)" inside 10 "$2 $3"
