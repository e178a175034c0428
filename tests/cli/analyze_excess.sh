#!/bin/sh
# --excess FILE: one line per sample, written whole or not at all.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"

"$SYNTH" --seed 11 --runs 10 --tick 500 --slope 359 --intercept 1000 \
	--unit-ns 1 --range 1:2000:50 --jitter 200 > "$T/s"
"$ANALYZE" --excess "$T/x" "$T/s" > "$T/report" || fail "analyze exited $?"
samples=$(grep -vc '^#' "$T/s")
check "one excess line per sample ($samples)" [ "$(grep -vc '^#' "$T/x")" -eq "$samples" ]
check "columns are n t at excess excess_step attribution" \
	grep -q '^# columns: n t at excess excess_step attribution$' "$T/x"
check "five numeric fields and an attribution per line" \
	awk '!/^#/ && (NF != 6 || $6 !~ /^(jitter|speed|unexplained|source[1-8]|-)$/) { bad = 1 } END { exit bad }' "$T/x"
check "excess is never below the line" awk '!/^#/ && $4 < -1e-6 { bad = 1 } END { exit bad }' "$T/x"
check "excess_step is a whole number of ticks" \
	awk '!/^#/ { r = $5 / 500; if (r - int(r) > 1e-6) bad = 1 } END { exit bad }' "$T/x"
check "the step subtrahend removes the Moire sawtooth: excess_step <= excess + 1 tick" \
	awk '!/^#/ && $5 > $4 + 500 + 1e-6 { bad = 1 } END { exit bad }' "$T/x"
check "n t at copied from the stream" sh -c "
	grep -v '^#' '$T/s' | cut -f1-3 > '$T/a'
	grep -v '^#' '$T/x' | cut -f1-3 > '$T/b'
	cmp -s '$T/a' '$T/b'"

# A failure leaves no excess file behind, and no temporary file.
printf '1 10\n2 x\n' > "$T/bad"
"$ANALYZE" --excess "$T/none" "$T/bad" 2> /dev/null && fail "bad input accepted"
check "bad input: no excess file" [ ! -e "$T/none" ]
rc=0
"$ANALYZE" --excess /nonexistent/dir/x "$T/s" > "$T/out" 2> "$T/err" || rc=$?
check "unwritable excess file: exit 1" [ "$rc" -eq 1 ]
check "unwritable excess file: named" grep -q '^analyze: /nonexistent/dir/x: ' "$T/err"
check "unwritable excess file: no report" [ ! -s "$T/out" ]
check "no temporary files left" sh -c "! ls '$T' | grep -q '\\.[A-Za-z0-9]\\{6\\}\$'"

# --excess naming an input (or a link to it) would lose the input: refused.
cp "$T/s" "$T/keep"
ln "$T/keep" "$T/same"
for target in keep same; do
	rc=0
	"$ANALYZE" --excess "$T/$target" "$T/keep" > "$T/out" 2> "$T/err" || rc=$?
	check "--excess over the input ($target): exit 2" [ "$rc" -eq 2 ]
	check "--excess over the input ($target): says so" grep -q "it is also an input" "$T/err"
	check "--excess over the input ($target): input intact" cmp -s "$T/s" "$T/keep"
done

# The attribution column against the truth of a synthetic collection: a
# machine 1.3 times slower for 0.8 s, two timers (1 kHz x 20 us, 250 Hz x
# 8 us) and random interruptions (300/s x 5 us).  Each run's truth is what
# landed in it (disturb --truth-runs); attribution.py maps each source
# analyze names to the truth source most of its runs hold.  The collection
# is seeded: the share is the same on every machine.
: "${DISTURB:?}"
"$DISTURB" --seed 1 --seconds 2 --periodic 1000:20 --periodic 4000:8 --random 300:5 \
	--speed 1.3@500:1300 --truth-runs "$T/truth" > "$T/d"
# (the figures' data too, in the same run, where gnuplot is here)
plot=""
command -v gnuplot > /dev/null && plot="--plot $T/fig --plot-format dumb"
# shellcheck disable=SC2086
"$ANALYZE" --excess "$T/dx" $plot "$T/d" > "$T/dr" || fail "analyze exited $?"
check "one source line per source the report names" \
	[ "$(grep -c '^# source[1-8]: ' "$T/dx")" -eq 3 ]
check "every attribution names a source the header lists, or none" \
	awk '/^# source[1-8]:/ { ok[substr($2, 1, length($2) - 1)] = 1 }
	     !/^#/ && $6 ~ /^source/ && !($6 in ok) { bad = 1 } END { exit bad }' "$T/dx"
python3 "$(dirname "$0")/../tools/attribution.py" "$T/dx" "$T/truth" > "$T/score"
cat "$T/score"
check "attribution: 99% of the runs right" \
	python3 "$(dirname "$0")/../tools/attribution.py" --min 0.99 "$T/dx" "$T/truth"
check "attribution: the slowed runs are the speed's, not a source's" \
	sh -c "! grep -q 'truth speed  *said source' '$T/score'"

# A stop of about 2 ms at random, 25 a second, holds the marks of a 1 ms
# timer of 50 us whatever its start: its runs are drawn as the stops'
# source, not the timer's (every one had been, and the stops' source,
# named, had no run of its own in the figures).
"$DISTURB" --seed 1 --seconds 3 --periodic 1000:50 --random 25:1600 --random 7000:25 \
	--truth-runs "$T/struth" > "$T/s"
"$ANALYZE" --excess "$T/sx" "$T/s" > /dev/null || fail "analyze of the stops exited $?"
stops=$(sed -n 's/^# \(source[1-8]\): at random, .* each [0-9.]* ms$/\1/p' "$T/sx")
check "the stops: named at random, of milliseconds ($stops)" [ -n "$stops" ]
check "the stops: the runs of a millisecond's excess and more are theirs" \
	awk -v s="$stops" -v ns="$(header_value "$T/s" unit_ns)" '!/^#/ && $4 * ns > 1e6 { n++; if ($6 == s) k++ }
		END { exit !(n > 10 && k == n) }' "$T/sx"
check "the stops: attribution 99% right" \
	python3 "$(dirname "$0")/../tools/attribution.py" --min 0.99 "$T/sx" "$T/struth"

# The figures draw what the column says: the model's histogram (every run,
# by class: residual.txt) holds as many runs of each class as the column.
if [ -n "$plot" ]; then
	awk '!/^#/ { n[$6]++ } END { printf "%d %d %d", n["jitter"] + n["-"], n["speed"], n["unexplained"];
		for (k = 1; k <= 8; k++) printf " %d", n["source" k]; print "" }' "$T/dx" > "$T/by_column"
	awk '!/^#/ { for (k = 3; k <= 13; k++) c[k] += $k }
		END { for (k = 3; k <= 13; k++) printf "%s%d", (k > 3 ? " " : ""), c[k]; print "" }' \
		"$T/fig/residual.txt" > "$T/by_figure"
	check "the figures' classes hold the column's runs ($(cat "$T/by_column"))" \
		cmp -s "$T/by_column" "$T/by_figure"
	check "the figures name the sources the column does" \
		[ "$(grep -c '^src_title' "$T/fig/attribution.gp")" -eq 3 ]
fi
