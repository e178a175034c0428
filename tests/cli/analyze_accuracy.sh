#!/bin/sh
# analyze recovers known truths from synthetic streams.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"

case_check() {
	name=$1 truth=$2 tol=$3
	shift 3
	"$SYNTH" "$@" > "$T/s"
	"$ANALYZE" --json "$T/s" > "$T/j" || fail "$name: analyze exited $?"
	got=$(json_get "$T/j" unit_cost_ns)
	check "$name: unit cost $got ns within $tol of $truth" within "$got" "$truth" "$tol"
	check "$name: interval [$(json_get "$T/j" unit_cost_ns_interval)] holds $truth" \
		inside "$truth" "$(json_get "$T/j" unit_cost_ns_interval)"
}

# A TSC-like clock (tick 2 units of 0.4347826 ns), jitter and interrupts
# that grow with run length: 1.15 units = 0.49999999 ns, to 1e-5.
case_check "fine clock" 0.49999999 0.000005 --seed 3 --runs 50
# Krutar's case: tick 500 ns, unit cost 359 ns (his Moire example).
case_check "Krutar" 359 0.5 --seed 4 --tick 500 --slope 359 --intercept 1000 \
	--unit-ns 1 --range 1:2000:50 --jitter 200 --runs 20
# A 4 ms clock and a 0.4348 ns unit cost: 10^7 times finer than the tick,
# to 1%.
case_check "4 ms clock" 0.4348 0.004348 --seed 5 --tick 4000000 --slope 0.4348 \
	--intercept 100 --unit-ns 1 --range 10000000:1000000000:64 --jitter 2000 \
	--interrupt-every 4000000 --interrupt-cost 3000 --runs 20
# Heavy noise: few runs, large jitter; the minima still find the line.
case_check "heavy noise" 0.49999999 0.0005 --seed 6 --runs 10 --jitter 400 \
	--interrupt-every 1e5 --interrupt-cost 20000

# Bare columns in seconds from another tool: --unit-ns 1e9 makes ns.
"$SYNTH" --seed 8 --runs 20 --float > "$T/f"
check "bare data has no header" sh -c "! grep -q '^#' '$T/f'"
"$ANALYZE" --json --unit-ns 1e9 "$T/f" > "$T/j"
got=$(json_get "$T/j" unit_cost_ns)
check "bare seconds: unit cost $got ns within 1e-5 of 0.5" within "$got" 0.49999999 0.00001
# The tick is the resolution of the digits ("%.9e": 1e-14 s here).
check "bare seconds: a tick from the digits, at most 1e-13 s" \
	awk -v t="$(json_get "$T/j" tick)" 'BEGIN { exit !(t > 0 && t <= 1e-13) }'
# ("%.9e" across a power of ten: the digits of the larger minima)
src=$(json_get "$T/j" tick_source)
check "bare seconds: the tick's source ($src)" [ "${src%%,*}" = "data's decimal digits" ]
check "bare seconds: 64 points" [ "$(json_get "$T/j" points)" = 64 ]

# Seconds written to six significant digits ("%g") across a power of
# ten: digits of 1e-5 below 10 ms, 1e-4 above.  The tick is the coarser,
# that of the largest minima (the rule's, on the most of them, was the
# finer: a band too narrow, and bounds that missed the truth 17 times in
# 30); the bounds hold the truth for each slope.
for k in 1 2 3 4 5 6; do
	awk -v k=$k 'BEGIN { s = 0.00071234567 + k * 1.7e-10; x = k
		for (r = 0; r < 5; r++) for (n = 1000; n <= 20000; n += 475) {
			x = (x * 69069 + 1) % 4294967296
			printf "%d %g\n", n, s * n + 0.5 + 1e-7 * x / 4294967296 }
		printf "%.12g\n", s > "/dev/stderr" }' > "$T/g" 2> "$T/gtruth"
	"$ANALYZE" --json "$T/g" > "$T/j" || fail "%g seconds, slope $k: analyze exited $?"
	check "%g seconds across 10, slope $k: bounds [$(json_get "$T/j" unit_cost_interval)] hold $(cat "$T/gtruth")" \
		inside "$(cat "$T/gtruth")" "$(json_get "$T/j" unit_cost_interval)"
	check "%g seconds across 10, slope $k: the tick is the larger minima's digit, 1e-4" \
		within "$(json_get "$T/j" tick)" 0.0001 1e-12
done
check "%g seconds across 10: the tick's source says so" \
	[ "$(json_get "$T/j" tick_source)" = "data's decimal digits, as written for its largest minima" ]

# Two formats in one stream: integer ns on some lines, "%.6g" on others
# (1.18794e+06: digits of 10 past a million).  The integers' digits are
# the finest, but the "%.6g" lines can be the minima: their digit is the
# tick (the finest had missed the truth 11 times in 20); the same for
# "%.4e" on a fifth of the lines (digits of 100).
for fmt in %.6g:2 %.4e:5; do
	for k in 1 2 3; do
		awk -v f=${fmt%%:*} -v every=${fmt##*:} -v k=$k 'BEGIN { x = k
			for (r = 0; r < 20; r++) for (i = 1; i <= 32; i++) {
				n = 10000 * ((i * 7 + r * 5) % 32 + 1)
				x = (x * 69069 + 1) % 4294967296
				t = 3.7123 * n + 50 + 10 * x / 4294967296
				if ((i + r + k) % every == 0) printf "%d " f "\n", n, t
				else printf "%d %d\n", n, t } }' > "$T/mix"
		"$ANALYZE" --json "$T/mix" > "$T/j" || fail "mixed ${fmt%%:*}, $k: analyze exited $?"
		check "integers and ${fmt%%:*} mixed, $k: bounds [$(json_get "$T/j" unit_cost_interval)] hold 3.7123, tick $(json_get "$T/j" tick)" \
			inside 3.7123 "$(json_get "$T/j" unit_cost_interval)"
	done
done

# Bare integer ns from a clock whose steps are uneven (a counter of
# 26.001 or 10.019 ns read in whole ns, as CLOCK_MONOTONIC on a guest
# whose TSC steps 21 units of 2.096 GHz): the timings are no multiples of
# any tick, and the rule on them finds 1; the steps between each N's
# timings show the clock's, and the band is one of them and two more (a
# band of 1 missed the truth every time).
for p in 26.001 10.019; do
	for k in 1 2 3; do
		awk -v p=$p -v k=$k 'function rd(x) { return int(int(x / p) * p) }
			BEGIN { x = k; at = 1e6 * k
			for (r = 0; r < 20; r++) for (i = 1; i <= 32; i++) {
				n = 10000 * ((i * 7 + r * 5) % 32 + 1)
				x = (x * 69069 + 1) % 4294967296
				d = 3.7 * n + 50 + 6 * x / 4294967296
				printf "%d %d\n", n, rd(at + d) - rd(at)
				at += d + 40 } }' > "$T/u"
		"$ANALYZE" --json "$T/u" > "$T/j" || fail "uneven $p ns, $k: analyze exited $?"
		check "bare ns from a clock of $p ns steps, $k: bounds [$(json_get "$T/j" unit_cost_interval)] hold 3.7" \
			inside 3.7 "$(json_get "$T/j" unit_cost_interval)"
		src=$(json_get "$T/j" tick_source)
		check "bare ns from a clock of $p ns steps, $k: tick $(json_get "$T/j" tick) from the steps ($src)" \
			[ "$src" = "steps between each N's timings, plus two (uneven)" ]
	done
done

# The tick from the data when no header gives it.
"$SYNTH" --seed 9 --tick 16 --runs 20 | grep -v '^#' > "$T/bare"
"$ANALYZE" --json "$T/bare" > "$T/j"
check "tick 16 found in the data" within "$(json_get "$T/j" tick)" 16 0
check "tick_source is data" [ "$(json_get "$T/j" tick_source)" = data ]
check "no unit_ns: unit_cost_ns is null" [ "$(json_get "$T/j" unit_cost_ns)" = null ]

# --method picks one; the default runs both and they agree.
"$SYNTH" --seed 10 --runs 20 > "$T/s"
for m in lp hull; do
	"$ANALYZE" --json --method $m "$T/s" > "$T/$m"
	check "--method $m reported" [ "$(json_get "$T/$m" method)" = $m ]
done
check "lp and hull give the same unit cost" \
	[ "$(json_get "$T/lp" unit_cost)" = "$(json_get "$T/hull" unit_cost)" ]
"$ANALYZE" --json "$T/s" > "$T/both"
check "default: both, difference reported" within "$(json_get "$T/both" lp_hull_difference)" 0 1e-6

# Two files of one collection read as one.
head -n 3000 "$T/s" > "$T/a"
(grep '^#' "$T/s" | head -n 10; tail -n +3001 "$T/s") > "$T/b"
"$ANALYZE" --json "$T/a" "$T/b" > "$T/two"
check "two files: same samples as one" [ "$(json_get "$T/two" samples)" = "$(json_get "$T/both" samples)" ]
check "two files: same unit cost" [ "$(json_get "$T/two" unit_cost)" = "$(json_get "$T/both" unit_cost)" ]
