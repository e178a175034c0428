#!/bin/sh
# Other tools' results: a real Google Benchmark run over 8 N (JSON with
# repetitions, and CSV) and a real hyperfine parameter scan are read and
# fitted; broken ones are refused with a reason.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SUBTICK_SPIN:?}"
cd "$T"

printf '{"benchmarks": [{"name": "x", "run_type": "iteration"}]}\n' > bad.json
rc=0
"$ANALYZE" bad.json > out 2> err || rc=$?
check "a benchmark name without N: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "... saying so" grep -q 'without a whole number as its first argument' err
# Values that once read as numbers they are not: a negative N (wrapped to
# 2^64 - 5), a time that is a string or null (read as 0).
refuse() {
	printf '%s' "$2" > r.json
	rc=0
	"$ANALYZE" r.json > out 2> err || rc=$?
	check "$1: exit 1 ($rc), nothing on stdout" sh -c "[ $rc -eq 1 ] && [ ! -s out ]"
	check "$1: names the file and says why" grep -q "^analyze: r.json: $3" err
}
ok='{"name":"a/2","run_type":"iteration","real_time":20,"time_unit":"ns"},{"name":"a/3","run_type":"iteration","real_time":30,"time_unit":"ns"}'
refuse "a negative N" "{\"benchmarks\":[{\"name\":\"a/-5\",\"run_type\":\"iteration\",\"real_time\":10,\"time_unit\":\"ns\"},$ok]}" 'a benchmark name without a whole number'
refuse "a string time" "{\"benchmarks\":[{\"name\":\"a/1\",\"run_type\":\"iteration\",\"real_time\":\"abc\",\"time_unit\":\"ns\"},$ok]}" 'a result without a real_time'
refuse "an unknown time unit" "{\"benchmarks\":[{\"name\":\"a/1\",\"run_type\":\"iteration\",\"real_time\":1,\"time_unit\":\"ps\"},$ok]}" 'a result without a real_time'
hf='{"command":"x","times":[0.2],"parameters":{"N":"2"}},{"command":"x","times":[0.3],"parameters":{"N":"3"}}'
refuse "a hyperfine time that is null" "{\"results\":[{\"command\":\"x\",\"times\":[null],\"parameters\":{\"N\":\"1\"}},$hf]}" 'a time that is not'
refuse "a negative parameter" "{\"results\":[{\"command\":\"x\",\"times\":[0.1],\"parameters\":{\"N\":\"-1\"}},$hf]}" 'a parameter that is not a whole number'
# A Google Benchmark CSV: a row with an error has no time and is skipped;
# a time that is not a number is refused.
h='name,iterations,real_time,cpu_time,time_unit,bytes_per_second,items_per_second,label,error_occurred,error_message'
printf '%s\n"a/1",10,10,5,ns,,,,,\n"a/2",10,20,5,ns,,,,,\n"a/3",10,30,5,ns,,,,,\n"a/4",0,0,0,ns,,,,true,"boom"\n' "$h" > e.csv
"$ANALYZE" --json e.csv > e.out || fail "a CSV with an errored row exited $?"
check "3 N" [ "$(json_get e.out points)" -eq 3 ]
check "unit cost 10 ns" within "$(json_get e.out unit_cost)" 10 1e-9
printf '%s\n"a/1",10,abc,5,ns,,,,,\n"a/2",10,20,5,ns,,,,,\n"a/3",10,30,5,ns,,,,,\n' "$h" > x.csv
rc=0
"$ANALYZE" x.csv > out 2> err || rc=$?
check "a CSV time that is not a number: exit 1 ($rc)" sh -c "[ $rc -eq 1 ] && grep -q 'not a number' err"

printf '{"benchmarks": [' > cut.json
rc=0
"$ANALYZE" --from gbench cut.json > out 2> err || rc=$?
check "cut JSON: exit 1 ($rc), not valid JSON" sh -c "[ $rc -eq 1 ] && grep -q 'not valid JSON' err"

if [ -n "${GBENCH_KERNELS:-}" ] && [ -x "$GBENCH_KERNELS" ]; then
	n=1000,2000,3000,4000,5000,6000,7000,8000
	"$GBENCH_KERNELS" --n $n --benchmark_filter=count --benchmark_repetitions=3 \
		--benchmark_min_time=0.01 --benchmark_format=json > gb.json 2> /dev/null ||
		fail "the Google Benchmark run failed"
	"$ANALYZE" --json gb.json > gb.out || fail "analyze gb.json exited $?"
	check "gbench JSON: 8 N" [ "$(json_get gb.out points)" -eq 8 ]
	check "gbench JSON: 24 samples (the repetitions, no aggregates)" [ "$(json_get gb.out samples)" -eq 24 ]
	check "gbench JSON: a positive unit cost in ns" awk -v u="$(json_get gb.out unit_cost_ns)" 'BEGIN { exit !(u > 0.05 && u < 50) }'
	check "gbench JSON: the note on means" sh -c "'$ANALYZE' gb.json | grep -q 'means over many iterations'"
	"$GBENCH_KERNELS" --n $n --benchmark_filter=count --benchmark_min_time=0.01 \
		--benchmark_format=csv > gb.csv 2> /dev/null || fail "the CSV run failed"
	"$ANALYZE" --json gb.csv > csv.out || fail "analyze gb.csv exited $?"
	check "gbench CSV: 8 N" [ "$(json_get csv.out points)" -eq 8 ]
	"$GBENCH_KERNELS" --n $n --benchmark_min_time=0.01 --benchmark_format=json > two.json 2> /dev/null
	rc=0
	"$ANALYZE" two.json > out 2> err || rc=$?
	check "two benchmarks in one file: exit 1 ($rc), asks for --column" sh -c "[ $rc -eq 1 ] && grep -q -- '--column NAME' err"
	"$ANALYZE" --column memcpy two.json > /dev/null || fail "--column memcpy exited $?"
else
	echo "SKIP (part): no Google Benchmark build (libbenchmark-dev)"
fi

command -v hyperfine > /dev/null || skip "hyperfine not installed"
# Each step of K is work twice the start-up jitter of the command (measured
# here: milliseconds, tens of them under a sanitizer), 5 ms at least; K
# counts spin's decrements.
spin_measure
step=$(spin_units "$(awk -v j="$spin_jitter_ns" 'BEGIN { s = 2 * j; print (s > 5e6 ? s : 5e6) }')")
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
