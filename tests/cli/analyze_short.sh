#!/bin/sh
# The short report, analyze's default, of every stream kept in data/ and
# of synthetic ones: 15 lines but for its warnings (at most 15 with the
# few the data/ streams have); the unit cost in a time unit with its
# bounds, the same as the full report's (-v); every warning of the full
# report, one line each, whatever their number; no clock units but in
# parentheses beside a time, or said so where no time is known; -v named
# on the last line.  Where the lines do not hold every disturbance, the
# last of them says how many more -v shows.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}" "${SUBTICK_SOURCE_ROOT:?}"
cd "$T"

# short NAME [OPTIONS]: NAME.st's short report (NAME.txt) and full one
# (NAME.v), and the checks every short report passes
short() {
	name=$1
	shift
	"$ANALYZE" "$@" "$name.st" > "$name.txt" || fail "$name: analyze exited $?"
	"$ANALYZE" -v "$@" "$name.st" > "$name.v" || fail "$name: analyze -v exited $?"
	sed -n '/^warnings$/,$p' "$name.v" | sed '1d; s/^  //' | grep -vx 'none' > "$name.w" || true
	lines=$(wc -l < "$name.txt") warned=$(grep -c '^warning: ' "$name.txt" || true)
	check "$name: $lines lines, $warned of them warnings: 15 but for the warnings" \
		[ $((lines - warned)) -le 15 ]
	check "$name: every warning of the full report ($(wc -l < "$name.w")), one line each" \
		sh -c "[ $warned -eq $(wc -l < "$name.w") ] &&
		while IFS= read -r w; do grep -qxF \"warning: \$w\" '$name.txt' || exit 1; done < '$name.w'"
	check "$name: -v named on the last line" sh -c "tail -n 1 '$name.txt' | grep -q 'analyze -v'"
	check "$name: no bare units (clock units, said so)" sh -c "! grep -Eq '[0-9] units' '$name.txt'"
	grep -q '^subtick analyze: activity trace' "$name.txt" && return
	check "$name: the first line names the clock, its tick and the samples" \
		grep -Eq '^subtick analyze: .* on clock .*, tick .*; [0-9]+ N from [0-9]+ to [0-9]+, [0-9]+ samples' "$name.txt"
	# the unit cost in time with its bounds, the full report's; in clock
	# units, said so, without the stream's unit_ns
	if grep -q '^# unit_ns: ' "$name.st"; then
		u=$(sed -n 's/^unit cost  \([-0-9.e+]* [nµm]*s\)   bounds \[[-0-9.e+]*, [-0-9.e+]*\] [nµm]*s.*/\1/p' "$name.txt")
		check "$name: the unit cost in time with its bounds ($u), the full report's" \
			sh -c "[ -n '$u' ] && grep -Eq '^unit cost  $u( \\(.* clock units\\))?\$' '$name.v'"
		check "$name: no clock units but in parentheses beside a time" \
			sh -c "! grep -v '^warning: ' '$name.txt' | grep -E '[0-9] clock units' | grep -vE '\\([-0-9.e+]+ clock units\\)'"
	else
		u=$(sed -n 's/^unit cost  \([-0-9.e+]*\) clock units   bounds \[.*\] clock units$/\1/p' "$name.txt")
		check "$name: no unit_ns, the unit cost in clock units ($u), the full report's" \
			sh -c "[ -n '$u' ] && grep -q '^unit cost  $u clock units\$' '$name.v'"
		check "$name: no unit_ns, no time made up" sh -c "! grep -v '^warning' '$name.txt' | grep -Eq '[0-9] (ns|µs|ms|s)( |\$)'"
	fi
}

for f in "$SUBTICK_SOURCE_ROOT"/data/*.st "$SUBTICK_SOURCE_ROOT"/data/*.st.gz; do
	name=$(basename "$f" .gz)
	name=${name%.st}
	case $f in
	*.gz) gzip -dc "$f" > "$name.st" ;;
	*) cp "$f" "$name.st" ;;
	esac
	short "$name"
	check "$name: 15 lines at most" [ "$(wc -l < "$name.txt")" -le 15 ]
done
set -- ./*.txt
check "data/: the streams read ($#, 5 or more)" [ $# -ge 5 ]
# the sources and speed states of the full report, one line each: as
# many sources, or those that do not fit counted in the last line ("and K
# more"), each state held 1% of the time or more by its share and factor
for name in count-tsc count-speedup trace-tsc; do
	full=$(grep -cE '^    (every |in [0-9]+ bursts|at random: )' $name.v)
	shown=$(grep -cE '^(disturbed|sources|) +(every|[0-9]+ bursts|at random,)' $name.txt)
	more=$(sed -n 's/^ *and \([0-9]*\) more (analyze -v)$/\1/p' $name.txt)
	check "$name: each source of the full report ($full) in a line of its own ($shown), or among the rest (${more:-0})" \
		sh -c "[ $shown -le $full ] && [ $((shown + ${more:-0})) -ge $full ]"
	sed -n 's/^    \([0-9.]*\) *\([0-9.]*%\) of the time, .*slower$/\2 of the time \1× slower/p' $name.v > $name.states
	check "$name: each slower state of the full report ($(wc -l < $name.states)) in a line" \
		sh -c "while IFS= read -r s; do grep -q \"^[a-z ]* \$s\\\$\" $name.txt || exit 1; done < $name.states"
done
check "count-tsc: a slower state seen" [ -s count-tsc.states ]

# More lines of the headline (rates) and more warnings (the stream cut
# short): the disturbances get the lines left, the last counting the rest.
grep -v '^# done' count-tsc.st > cut.st
short cut --per bytes --ops-per-unit 2
check "cut: 15 lines" [ "$(wc -l < cut.txt)" -eq 15 ]
check "cut: the throughput and the Mops/s" sh -c "grep -q '^throughput ' cut.txt && grep -q '^rate .* Mops/s' cut.txt"
check "cut: the disturbances that do not fit counted" grep -Eq '^ +and [0-9]+ more \(analyze -v\)$' cut.txt

# Many warnings: every one printed, past 15 lines (three files of a
# collection of a message kernel, few N, few runs, each stream ending
# another way).
for i in 1 2 3 4; do
	"$SYNTH" --seed $i --range 1000:1010:5 --runs 1 |
		sed 's/^# columns:/# per: bytes\n# message_kernel: pingpong\n# in_turn_vs_alone: 1.2 (1.1 to 1.3)\n# columns:/' > p$i.st
done
sed -i 's/stop=[a-z]*$/stop=check/' p1.st
sed -i 's/stop=[a-z]*$/stop=kbest/' p2.st
sed -i '/^# done/d' p3.st
sed -i 's/^# done: \(.*\) stop=[a-z]*$/# interrupted: signal=SIGINT \1 stop=signal/' p4.st
short p4 --ops-per-unit 2 p1.st p2.st p3.st
check "many warnings: 8, the report past 15 lines ($(wc -l < p4.txt))" \
	sh -c "[ \$(grep -c '^warning: ' p4.txt) -eq 8 ] && [ \$(wc -l < p4.txt) -gt 15 ]"
check "many warnings: the latency and bandwidth" sh -c "grep -q '^latency ' p4.txt && grep -q '^bandwidth ' p4.txt"

# No unit_ns: clock units, said so.
"$SYNTH" --seed 9 --runs 5 | grep -v '^# unit_ns' > bare.st
short bare
