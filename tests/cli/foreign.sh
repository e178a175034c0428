#!/bin/sh
# Other tools' results, from the tools themselves: a real Google Benchmark
# run over 8 N (JSON with repetitions, and CSV), with every kind of
# variant of one function, and real hyperfine parameter scans (failed
# runs, two commands) are read right; broken ones are refused with a
# reason (tests/cli/foreign_input.sh builds inputs to fool the readers).
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SUBTICK_SPIN:?}"
cd "$T"

printf '{"benchmarks": [{"name": "x", "run_type": "iteration"}]}\n' > bad.json
rc=0
"$ANALYZE" bad.json > out 2> err || rc=$?
check "a benchmark name without N: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "... saying so" grep -q 'without a whole-number argument to be N' err

# minima_of FILE NAME KEY: "n minimum" per N of the iteration results of
# Google Benchmark's JSON whose name is NAME with N for the first
# argument, KEY in ns; compared with analyze --minima.
minima_of() {
	python3 - "$@" <<'PY'
import json, re, sys
path, want, key = sys.argv[1:]
unit = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
m = {}
for b in json.load(open(path))["benchmarks"]:
    if b.get("run_type") != "iteration":
        continue
    parts = b["name"].split("/")
    if len(parts) < 2 or not parts[1].isdigit():
        continue
    if "/".join([parts[0], "N"] + parts[2:]) != want:
        continue
    n, t = int(parts[1]), b[key] * unit[b["time_unit"]]
    m[n] = min(m.get(n, t), t)
for n in sorted(m):
    print(n, repr(m[n]))
PY
}

# same_minima EXPECTED ANALYZE_CSV [ANALYZE_JSON]: the same N, each minimum
# within 1e-12; but where analyze's JSON names a minimum a clock glitch
# (left out, warned of: on a loaded machine a timing of the others' may
# stand far enough above it), that minimum is the glitch's and analyze's
# lies above it.
same_minima() {
	awk -F, 'NR > 1 { print $1, $2 }' "$2" > got
	python3 - "$1" got "${3:-}" <<'PY'
import json, sys
a = [l.split() for l in open(sys.argv[1])]
b = [l.split() for l in open(sys.argv[2])]
glitch = {}
if sys.argv[3]:
    glitch = {str(g["n"]): g["t"] for g in json.load(open(sys.argv[3]))["glitches"]}
assert [x[0] for x in a] == [x[0] for x in b], (a, b)
for x, y in zip(a, b):
    if x[0] in glitch:
        assert abs(float(x[1]) / glitch[x[0]] - 1) < 1e-12 and float(y[1]) > float(x[1]), (x, y, glitch)
    else:
        assert abs(float(x[1]) / float(y[1]) - 1) < 1e-12, (a, b)
PY
}

if [ -n "${GBENCH_KERNELS:-}" ] && [ -x "$GBENCH_KERNELS" ]; then
	n=1000,2000,3000,4000,5000,6000,7000,8000
	# one run writes both formats: JSON on stdout, CSV to --benchmark_out
	# (which begins with the context: date, CPU, caches, load)
	"$GBENCH_KERNELS" --n $n --benchmark_filter=count --benchmark_repetitions=3 \
		--benchmark_min_time=0.01 --benchmark_format=json \
		--benchmark_out=gb.csv --benchmark_out_format=csv > gb.json 2> /dev/null ||
		fail "the Google Benchmark run failed"
	"$ANALYZE" --json gb.json > gb.out || fail "analyze gb.json exited $?"
	check "gbench JSON: 8 N" [ "$(json_get gb.out points)" -eq 8 ]
	check "gbench JSON: 24 samples (the repetitions, no aggregates)" [ "$(json_get gb.out samples)" -eq 24 ]
	check "gbench JSON: a positive unit cost in ns" awk -v u="$(json_get gb.out unit_cost_ns)" 'BEGIN { exit !(u > 0.05 && u < 50) }'
	check "gbench JSON: the note on means" sh -c "'$ANALYZE' gb.json | grep -q 'means over many iterations'"
	# each repetition a mean of its iterations: no interruption judged
	check "gbench JSON: interruptions not judged, each sample a mean" sh -c \
		"'$ANALYZE' -v gb.json | grep -q '^  interruptions: not judged: each sample is a mean of [0-9]'"
	# shellcheck disable=SC2046 # fewest and most iterations, interrupts
	set -- $("$JSONQ" gb.out samples_mean_of interrupts)
	check "gbench JSON: samples_mean_of [$1, $2], more than 1; interrupts $3" \
		sh -c "[ $1 -gt 1 ] && [ $2 -ge $1 ] && [ $3 = null ]"
	check "gbench JSON from a pipe, detected" sh -c "cat gb.json | '$ANALYZE' --json > pipe.out"
	check "... the same samples" [ "$(json_get pipe.out samples)" -eq 24 ]
	"$ANALYZE" --json gb.csv > csv.out || fail "analyze gb.csv exited $?"
	check "gbench CSV: 8 N, 24 samples (the repetitions, no aggregates)" \
		[ "$(json_get csv.out points) $(json_get csv.out samples)" = "8 24" ]
	# docs/other-tools.md: analyze --column BM_copy gb.json, one of several.
	"$GBENCH_KERNELS" --n $n --benchmark_min_time=0.01 --benchmark_format=json > two.json 2> /dev/null
	rc=0
	"$ANALYZE" two.json > out 2> err || rc=$?
	check "two benchmarks in one file: exit 1 ($rc), asks for --column" sh -c "[ $rc -eq 1 ] && grep -q -- '--column' err"
	check "... and names both" sh -c "grep -q '^  count/N ' err && grep -q '^  memcpy/N ' err"
	"$ANALYZE" --json --minima m.csv --column memcpy two.json > m.out || fail "--column memcpy exited $?"
	minima_of two.json memcpy/N real_time > want
	check "--column memcpy: memcpy's minima, real_time" same_minima want m.csv m.out
	"$ANALYZE" --json --minima m.csv --column memcpy --column cpu_time two.json > m.out ||
		fail "--column memcpy --column cpu_time exited $?"
	minima_of two.json memcpy/N cpu_time > want
	check "--column cpu_time: memcpy's minima of cpu_time" same_minima want m.csv m.out

	# Variants of the count loop: never pooled.  (Fewer N and repetitions:
	# 9 variants of one function run long on a loaded machine.)
	"$GBENCH_KERNELS" --n 1000,2000,4000,6000,8000 --variants --benchmark_repetitions=2 \
		--benchmark_min_time=0.01 \
		--benchmark_filter='count_by|count/[0-9]+/|count_named|count_template|running_mean' \
		--benchmark_format=json --benchmark_out=v.csv --benchmark_out_format=csv \
		> v.json 2> /dev/null || fail "the variants' run failed"
	python3 -c '
import json, sys
names = set()
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b["run_type"] == "iteration":
        p = b["name"].split("/")
        p[1] = "N" if p[1].isdigit() else p[1].split(":")[0] + ":N"
        names.add("/".join(p))
print("\n".join(sorted(names)))' v.json > variants
	rc=0
	"$ANALYZE" v.json > out 2> err || rc=$?
	check "variants, none chosen: exit 1 ($rc)" [ "$rc" -eq 1 ]
	sed -n 's/^  \(.*\)  ([0-9]* results*.*/\1/p' err | sort > listed
	check "... every one of the $(wc -l < variants) variants listed, and only they" cmp -s variants listed
	for v in 'count_by/N/8' 'count/N/threads:2' 'count/N/real_time' 'count/N/min_time:0.010' \
		 'count_named/n:N' 'count_template<int, 2>/N' 'running_mean/N'; do
		check "... among them $v" grep -qxF "$v" listed
	done
	rc=0
	"$ANALYZE" --column count v.json > out 2> err || rc=$?
	check "--column count (four variants): exit 1, says so" sh -c "[ $rc -eq 1 ] && grep -q \"'count' has 4 variants\" err"
	"$ANALYZE" --json --minima m8.csv --column count_by/N/8 v.json > by8.out || fail "count_by/N/8 exited $?"
	"$ANALYZE" --json --column count_by/N/1 v.json > by1.out || fail "count_by/N/1 exited $?"
	minima_of v.json count_by/N/8 real_time > want
	check "count_by/N/8: its own minima" same_minima want m8.csv by8.out
	# pooled, both would read the same cost; a machine twice as slow for
	# the longest N of one and the shortest of the other moves the ratio
	# from 8 to about 2.7, still above the margin
	check "count_by/N/1 costs more than 2 times count_by/N/8 (8 times the work)" awk \
		-v a="$(json_get by1.out unit_cost)" -v b="$(json_get by8.out unit_cost)" 'BEGIN { exit !(a > 2 * b) }'
	for v in 'count_template<int, 2>/N' 'running_mean'; do
		"$ANALYZE" --json --column "$v" v.csv > c.out || fail "CSV --column $v exited $?"
		check "CSV --column $v: 5 N, 10 samples (its repetitions, no aggregate)" \
			[ "$(json_get c.out points) $(json_get c.out samples)" = "5 10" ]
	done
else
	echo "SKIP (part): no Google Benchmark build (libbenchmark-dev)"
fi

command -v hyperfine > /dev/null || skip "hyperfine not installed"
# Each step of K is work twice the start-up jitter of the command (measured
# here: milliseconds, tens of them under a sanitizer), 5 ms at least and
# 50 ms at most: a loaded machine's 80 ms of jitter had made steps of
# 160 ms, and the hyperfine runs below (the minima of 3 to 5 runs, which
# stand below the jitter) outlasted the test's time.  K counts spin's
# decrements.
spin_measure
step=$(spin_units "$(awk -v j="$spin_jitter_ns" 'BEGIN { s = 2 * j; print (s < 5e6 ? 5e6 : s > 5e7 ? 5e7 : s) }')")
hyperfine -N --runs 5 --warmup 1 --parameter-scan K "$step" $((8 * step)) -D "$step" \
	--export-json hf.json "$SUBTICK_SPIN {K}" > /dev/null 2>&1 || fail "hyperfine failed"
"$ANALYZE" --json hf.json > hf.out || fail "analyze hf.json exited $?"
check "hyperfine: 8 N" [ "$(json_get hf.out points)" -eq 8 ]
check "hyperfine: 40 runs" [ "$(json_get hf.out samples)" -eq 40 ]
# Wall time, on a machine that may be busy: a decrement's cost read in ns
# (not s), not the figure spin_measure saw.
u=$(json_get hf.out unit_cost_ns)
check "hyperfine: a decrement costs $u ns, between 0.05 and 50 (spin_measure: $spin_ns)" \
	awk -v u="$u" 'BEGIN { exit !(u > 0.05 && u < 50) }'
check "hyperfine: the command with {K} as the kernel" [ "$(json_get hf.out kernel)" = "$SUBTICK_SPIN {K}" ]
"$ANALYZE" hf.json > hf.txt
check "hyperfine: no start times, said once; no fifths, no drift" sh -c \
	"[ \$(grep -c 'no start times' hf.txt) -eq 1 ] && ! grep -q -e 'by fifths' -e 'drift:' hf.txt"

# A --parameter-list of numbers (hyperfine -L) reads as a scan does.
hyperfine -N --runs 2 -L K "$((4 * step)),$step,$((2 * step))" --export-json list.json \
	"$SUBTICK_SPIN {K}" > /dev/null 2>&1 || fail "hyperfine -L failed"
"$ANALYZE" --json list.json > list.out || fail "analyze list.json exited $?"
check "hyperfine -L: 3 N, 6 runs" [ "$(json_get list.out points) $(json_get list.out samples)" = "3 6" ]

# The first run of each K fails at once (--ignore-failure keeps it): it
# is left out, counted, and the minima are those of the runs that exited
# with 0.
cmd="sh -c 'if [ ! -e f{K} ]; then : > f{K}; exit 1; fi; exec $SUBTICK_SPIN {K}0000000'"
hyperfine -N -i --runs 4 --warmup 0 --parameter-scan K 1 6 --export-json fail.json "$cmd" \
	> /dev/null 2>&1 || fail "hyperfine -i failed"
"$ANALYZE" --json --minima fm.csv fail.json > fail.out || fail "analyze fail.json exited $?"
check "hyperfine -i: 18 runs kept of 24" [ "$(json_get fail.out samples)" -eq 18 ]
check "hyperfine -i: 6 failed runs counted in a warning" grep -q '6 runs with a non-zero exit code' fail.out
check "hyperfine -i: the template, {K} in every place" [ "$(json_get fail.out kernel)" = "$cmd" ]
python3 - fail.json > want <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    ok = [t * 1e9 for t, c in zip(r["times"], r["exit_codes"]) if c == 0]
    print(r["parameters"]["K"], repr(min(ok)))
PY
check "hyperfine -i: the minima of the runs that succeeded" same_minima want fm.csv

# Two commands, one with ten times the other's work, both sized as above.
# Wall time of 3 runs at each of 4 N, on a machine that may be busy (a
# sanitizer's build beside a parallel suite once read the ten times the
# work at less than 3 times the cost): the costs are compared in one of
# three collections; what is read of the file, in the last.
two_costs() {
	hyperfine -N --runs 3 --parameter-scan K "$step" $((4 * step)) -D "$step" --export-json two.json \
		"$SUBTICK_SPIN {K}" "$SUBTICK_SPIN {K}0" > /dev/null 2>&1 || fail "hyperfine, two commands, failed"
	"$ANALYZE" --json --column "$SUBTICK_SPIN {K}" two.json > t1.out || fail "--column TEMPLATE exited $?"
	"$ANALYZE" --json --column "$SUBTICK_SPIN {K}0" two.json > t10.out || fail "--column TEMPLATE exited $?"
	a=$(json_get t10.out unit_cost)
	b=$(json_get t1.out unit_cost)
	echo "two commands, try $try: ten times the work $a per unit, once $b"
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 3 * b) }'
}
check "hyperfine, two commands: 10 times the work costs more than 3 times (in one of 3 tries)" \
	tries 3 two_costs
rc=0
"$ANALYZE" two.json > out 2> err || rc=$?
check "hyperfine, two commands: exit 1 ($rc), both listed" sh -c \
	"[ $rc -eq 1 ] && [ \$(grep -c '^  .*spin {K}0*  (4 values, 12 runs)' err) -eq 2 ]"
check "hyperfine, two commands: each its own, 12 runs" \
	[ "$(json_get t1.out samples) $(json_get t10.out samples)" = "12 12" ]
