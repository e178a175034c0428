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
check "... saying so" grep -q 'without a numeric argument for N' err
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
# 10^7 decrements a step of K (4 ms and more): far above the start-up
# jitter of a process, even an instrumented one.
hyperfine -N --runs 5 --warmup 1 --parameter-scan K 1 8 --export-json hf.json \
	"$SUBTICK_SPIN {K}0000000" > /dev/null 2>&1 || fail "hyperfine failed"
"$ANALYZE" --json hf.json > hf.out || fail "analyze hf.json exited $?"
check "hyperfine: 8 N" [ "$(json_get hf.out points)" -eq 8 ]
check "hyperfine: 40 runs" [ "$(json_get hf.out samples)" -eq 40 ]
check "hyperfine: a positive cost per unit of K" awk -v u="$(json_get hf.out unit_cost_ns)" 'BEGIN { exit !(u > 0) }'
