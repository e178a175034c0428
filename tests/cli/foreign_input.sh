#!/bin/sh
# Other tools' results built to fool the readers: values of the wrong type
# (each once a crash), variants of one Google Benchmark function that
# must not be pooled, CSV quoting, hyperfine runs that failed, inputs
# without start times.  Every refusal names the file and the place, exit
# 1, nothing on stdout, no control character from the file on stderr.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}"
cd "$T"

# refuse WHAT FILE WORDS [ANALYZE OPTIONS]: exit 1 with "analyze: FILE...:
# WORDS" (FILE may carry :LINE), nothing on stdout, no raw ESC or BEL.
refuse() {
	what=$1 file=$2 words=$3
	shift 3
	rc=0
	"$ANALYZE" "$@" "$file" > out 2> err || rc=$?
	check "$what: exit 1 ($rc), nothing on stdout" sh -c "[ $rc -eq 1 ] && [ ! -s out ]"
	check "$what: names $file and says '$words'" grep -q "^analyze: $file[:0-9]*: .*$words" err
	check "$what: no control character on stderr" sh -c "! LC_ALL=C grep -q '[[:cntrl:]]' err"
	echo "    $(head -n 1 err)"
}
ok='{"name":"a/2","run_type":"iteration","real_time":20,"time_unit":"ns"},{"name":"a/3","run_type":"iteration","real_time":30,"time_unit":"ns"},{"name":"a/4","run_type":"iteration","real_time":40,"time_unit":"ns"}'
gb() { printf '{"benchmarks":[%s,%s]}\n' "$1" "$ok" > g.json; }
# JSON nulls where strings belong reached strcmp as NULL (SIGSEGV).
gb '{"name":null,"run_type":"iteration","real_time":10,"time_unit":"ns"}'
refuse "name null" g.json 'benchmarks\[0\]: name is null, not a string'
gb '{"name":"a/1","run_type":null,"real_time":10,"time_unit":"ns"}'
refuse "run_type null" g.json "benchmarks\[0\], benchmark 'a/1': run_type is null"
gb '{"name":"a/1","run_type":"iteration","real_time":10,"time_unit":null}'
refuse "time_unit null" g.json "benchmark 'a/1': time_unit is not a string"
gb '{"name":"a/1","run_type":"iteration","real_time":10,"time_unit":"ns","error_occurred":"no"}'
refuse "error_occurred a string" g.json "error_occurred is not true or false"
gb '5'
refuse "an entry that is a number" g.json 'benchmarks\[0\] is a number, not an object'
for v in null '"abc"' NaN 1e999 99999999999999999999999 -5; do
	gb "{\"name\":\"a/1\",\"run_type\":\"iteration\",\"real_time\":$v,\"time_unit\":\"ns\"}"
	refuse "real_time $v" g.json "benchmarks\[0\], benchmark 'a/1': real_time is"
done
gb '{"name":"a/1","run_type":"iteration","real_time":1,"time_unit":"ps"}'
refuse "an unknown time unit" g.json "time_unit 'ps' is not ns, us, ms or s"
gb '{"name":"a/-5","run_type":"iteration","real_time":10,"time_unit":"ns"}'
refuse "a negative N" g.json '2 benchmarks in one file'
check "... listed as a name without N" grep -q '^  a/-5  (1 result; no whole-number argument to be N)' err
# ESC and BEL in a name reached the terminal raw.
gb '{"name":"x\u001b[2J\u0007","run_type":"iteration","real_time":1,"time_unit":"ns"}'
refuse "ESC and BEL in a name" g.json '2 benchmarks in one file'
check "... the name escaped" grep -q '^  x\\x1b\[2J\\x07  (1 result' err
# Two functions registered under one name would pool unseen.
gb '{"name":"a/1","family_index":1,"run_type":"iteration","real_time":10,"time_unit":"ns"},{"name":"a/5","family_index":0,"run_type":"iteration","real_time":50,"time_unit":"ns"}'
refuse "one name, two families" g.json "family_index 1 and 0"
printf '{"benchmarks":[{"name":"a/1_mean","run_type":"aggregate","aggregate_name":"mean","real_time":1,"time_unit":"ns"}]}' > agg.json
refuse "aggregates only" agg.json 'only aggregates.*--benchmark_report_aggregates_only'
printf '{"benchmarks": [\n  {"name": "a/1",\n   "real_time": 1,,\n' > p.json
refuse "JSON that does not parse" p.json 'not valid JSON'
check "... names its line" grep -q '^analyze: p.json:3: ' err
printf '{"benchmarks": [' > cut.json
refuse "cut JSON" cut.json 'not valid JSON: it ends before' --from gbench

hf='{"command":"x 2","times":[0.2],"parameters":{"N":"2"}},{"command":"x 3","times":[0.3],"parameters":{"N":"3"}},{"command":"x 4","times":[0.4],"parameters":{"N":"4"}}'
hyp() { printf '{"results":[%s,%s]}\n' "$1" "$hf" > h.json; }
hyp '{"command":null,"times":[0.1],"parameters":{"N":"1"}}'
refuse "hyperfine command null" h.json 'results\[0\]: command is null, not a string'
hyp '{"command":"x 1","times":[0.1],"parameters":{"N":null}}'
refuse "hyperfine parameter null" h.json "results\[0\], command 'x 1': parameter N is null"
# parameters not an object tripped a json-c assertion (SIGABRT).
for p in 5 '[1]' null 1e999 99999999999999999999999 '{}' '{"N":"1","M":"2"}'; do
	hyp "{\"command\":\"x 1\",\"times\":[0.1],\"parameters\":$p}"
	refuse "hyperfine parameters $p" h.json "command 'x 1': parameters is"
done
# Runs without a parameter, or with two (-L N ... -L M ...): the advice
# names what gives N, one --parameter-scan or one --parameter-list of
# numbers (it had said "no --parameter-list", which reads fine).
printf '{"results":[{"command":"x","times":[0.1]}]}\n' > hnone.json
refuse "hyperfine without a parameter" hnone.json "parameters is missing, not one parameter"
check "... advises a scan or a --parameter-list of numbers" grep -q "one --parameter-scan, or of one --parameter-list of numbers" err
check "... not against --parameter-list" sh -c "! grep -q 'no --parameter-list' err"
hyp '{"command":"x 1 1","times":[0.1],"parameters":{"N":"1","M":"1"}}'
refuse "hyperfine, two parameters" h.json "parameters is several, not one parameter: .*--parameter-list of numbers"
# A --parameter-list of numbers, in no order (-L N 8,1,4,2,16): read as a
# scan is (truth 1 ms per N, 2 ms overhead).
python3 - > hlist.json <<'PYL'
import json
res = [{"command": f"tool {n}", "times": [(2 + n) * 1e-3 * (1 + 0.01 * k) for k in range(3)],
        "parameters": {"N": str(n)}} for n in (8, 1, 4, 2, 16)]
print(json.dumps({"results": res}))
PYL
"$ANALYZE" --json hlist.json > hl.out || fail "hyperfine --parameter-list: exit $?"
check "hyperfine --parameter-list: 5 N, 15 runs" [ "$(json_get hl.out points) $(json_get hl.out samples)" = "5 15" ]
check "hyperfine --parameter-list: 1 ms per N" within "$(json_get hl.out unit_cost)" 1e6 1e-3
hyp '{"command":"x 1","times":[null],"parameters":{"N":"1"}}'
refuse "hyperfine time null" h.json "results\[0\], command 'x 1': times\[0\] is null"
hyp '{"command":"x 1","times":[0.1],"parameters":{"N":"-1"}}'
refuse "hyperfine negative parameter" h.json 'a parameter that is not a number of digits'
hyp '{"command":"x 1","times":[0.1,0.2],"exit_codes":[0],"parameters":{"N":"1"}}'
refuse "exit codes fewer than times" h.json 'exit_codes is an array of another length'
hyp '{"command":"x 1","times":[0.1],"exit_codes":["0"],"parameters":{"N":"1"}}'
refuse "an exit code that is a string" h.json 'exit_codes\[0\] is a string'
refuse "cpu_time of hyperfine" h.json 'hyperfine keeps one time per run' --column cpu_time

# Google Benchmark CSV: names quoted with commas and "" inside, CRLF; a
# name ending like an aggregate's (running_mean) is a benchmark; the
# aggregates of repetitions (_mean, _median, _stddev, _cv, BigO, RMS) and
# a skipped run are left out, the skipped one counted.
h='name,iterations,real_time,cpu_time,time_unit,bytes_per_second,items_per_second,label,error_occurred,error_message'
{
	printf '%s\r\n' "$h"
	for n in 1 2 3 4; do
		printf '"BM_T<int, 2>/%d",10,%d,5,ns,,,,,\r\n' $n $((10 * n))
		printf '"BM_T<int, 2>/%d",10,%d,5,ns,,,,,\r\n' $n $((10 * n + 3))
		printf '"BM_T<int, 2>/%d_mean",2,1,1,ns,,,,,\r\n' $n
		printf '"BM_T<int, 2>/%d_cv",2,0.1,0.1,,,,,,\r\n' $n
		printf '"BM_running_mean/%d",10,%d,5,ns,,,,,\r\n' $n $((7 * n))
		printf '"say ""hi""/%d",10,%d,5,us,,,,,\r\n' $n $((2 * n))
	done
	printf '"BM_T<int, 2>/5",,,,,,,,false,"skipped: no data"\r\n'
	printf '"BM_T<int, 2>_BigO",,9.5,9.5,N,,,,,\r\n"BM_T<int, 2>_RMS",,0.1,0.1,,,,,,\r\n'
} > q.csv
"$ANALYZE" --json --column 'BM_T<int, 2>/N' q.csv > q.out 2> err || fail "CSV, templated name: exit $? ($(cat err))"
check "CSV: the templated benchmark's 8 rows, no aggregate" [ "$(json_get q.out samples)" -eq 8 ]
check "CSV: its unit cost (10 ns per N)" within "$(json_get q.out unit_cost)" 10 1e-9
check "CSV: the skipped run counted in a warning" grep -q '1 result with error_occurred or skipped left out' q.out
check "CSV: each sample a mean of its iterations (10)" [ "$(json_get q.out samples_mean_of)" = "10 10" ]
"$ANALYZE" --json --column BM_running_mean q.csv > m.out || fail "CSV, running_mean: exit $?"
check "CSV: running_mean is a benchmark, not an aggregate (7 ns per N)" within "$(json_get m.out unit_cost)" 7 1e-9
"$ANALYZE" --json --column 'say "hi"' q.csv > s.out || fail "CSV, a quoted quote: exit $?"
check "CSV: \"\" inside a name, time in us (2000 ns per N)" within "$(json_get s.out unit_cost)" 2000 1e-6
refuse "CSV with three benchmarks, none chosen" q.csv "3 benchmarks in one file"
check "... the error lists every one" sh -c "grep -c '^  ' err | grep -qx 3 && grep -q 'BM_T<int, 2>/N' err && grep -q 'say \"hi\"/N' err"
printf '%s\n"a/1",10,10,5,ns,,,,,\n"a/2",10,abc,5,ns,,,,,\n"a/3",10,30,5,ns,,,,,\n' "$h" > x.csv
refuse "a CSV time that is not a number" x.csv "benchmark 'a/2': real_time 'abc': not a number"
check "... names its line" grep -q '^analyze: x.csv:3: ' err
printf '%s\n"a/1,10,10,5,ns,,,,,\n' "$h" > o.csv
refuse "a CSV quote left open" o.csv 'a quoted field left open'
check "... names its line" grep -q '^analyze: o.csv:2: ' err

# Variants of one function, pooled once: BM_par/N/1 costs 1 ns per N,
# BM_par/N/8 0.125; /threads:1 and /threads:4 likewise.  Never pooled:
# refused with both named, or one chosen.  BM_q/3/N takes N from the
# second argument (listed as BM_q/N/100...: N is the first by default).
rows=''
for n in 100 200 300 400 500 600 700 800; do
	for v in "BM_par/$n/1 $n" "BM_par/$n/8 $((n / 8))" "BM_th/$n/threads:1 $n" "BM_th/$n/threads:4 $((n / 4))" \
		 "BM_q/3/$n $((2 * n))" "BM_q/5/$n $((4 * n))"; do
		set -- $v
		rows="$rows${rows:+,}{\"name\":\"$1\",\"run_type\":\"iteration\",\"real_time\":$2,\"time_unit\":\"ns\"}"
	done
done
printf '{"benchmarks":[%s]}\n' "$rows" > v.json
refuse "variants, none chosen" v.json "12 benchmarks in one file"
for v in BM_par/N/1 BM_par/N/8 BM_th/N/threads:1 BM_th/N/threads:4; do
	check "... the list names $v" grep -q "^  $v  (8 results)" err
done
refuse "a function with two variants" v.json "'BM_par' has 2 variants, never pooled" --column BM_par
check "... the list names both" sh -c "[ \$(grep -c '^  BM_par/N/' err) -eq 2 ] && ! grep -q BM_th err"
refuse "a benchmark that is not there" v.json "no benchmark 'BM_copy' in this file" --column BM_copy
for v in "BM_par/N/1 1" "BM_par/N/8 0.125" "BM_th/N/threads:4 0.25" "BM_q/3/N 2" "BM_q/5/N 4"; do
	set -- $v
	"$ANALYZE" --json --column "$1" v.json > c.out || fail "--column $1 exited $?"
	check "--column $1: its unit cost $2" within "$(json_get c.out unit_cost)" "$2" 1e-9
	check "--column $1: the kernel named so" [ "$(json_get c.out kernel)" = "$1" ]
done

# Google Benchmark's samples are means over many iterations: no single
# interruption shows in a mean, so none is judged (they had been given
# as "4.685e+04 per second of running time" and a cost each): one line
# says why, in every format; the jitter of the means is still given.
# Each N's 40 repetitions, a mean of 20000 iterations, 6% of them 2 us
# slower (a mean that an interrupt fell into).
gbmeans() {
	python3 - "$1" <<'PY'
import json, random, sys
random.seed(1)
b = []
for n in (1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000):
    for r in range(40):
        t = 300 + 0.25 * n + random.expovariate(1 / 5.0)
        if random.random() < 0.06:
            t += 2000 + random.expovariate(1 / 500)
        b.append({"name": f"BM_x/{n}", "run_type": "iteration", "iterations": int(sys.argv[1]),
                  "real_time": t, "cpu_time": t, "time_unit": "ns"})
print(json.dumps({"context": {}, "benchmarks": b}))
PY
}
gbmeans 20000 > gm.json
"$ANALYZE" -v gm.json > gm.txt || fail "Google Benchmark's means: exit $?"
sed -n '/^what disturbed/,/^$/p' gm.txt
check "means: interruptions not judged, said why" \
	grep -q '^  interruptions: not judged: each sample is a mean of 20000 iterations: single interruptions do not show$' gm.txt
check "... no rate, cost, source or threshold of interruptions" sh -c \
	"! grep -q -e 'per second' -e 'at random' -e 'is interrupted where' -e 'expect .* interruption' gm.txt"
check "... the jitter of the means still given" grep -q '^  jitter: median ' gm.txt
check "... the warning says so too" grep -q 'means over many iterations.*single interruptions do not show' gm.txt
"$ANALYZE" --json gm.json > gm.out || fail "Google Benchmark's means, --json: exit $?"
check "means, JSON: samples_mean_of [20000, 20000]" [ "$(json_get gm.out samples_mean_of)" = "20000 20000" ]
check "means, JSON: the interruption keys null" [ "$("$JSONQ" gm.out interrupts interrupts_per_s interrupt_cost_ns excess_threshold interrupt_counted_from | sort -u)" = null ]
check "means, JSON: no source, nothing compensated" \
	[ "$("$JSONQ" gm.out sources periodic saturated unit_cost_compensated | tr '\n' ' ')" = "  false null " ]
check "means, JSON: the jitter given" [ "$(json_get gm.out jitter)" != null ]
check "means, JSON: gbench_means among the warnings" sh -c "'$JSONQ' gm.out warning_codes | grep -qw gbench_means"
"$ANALYZE" --format markdown gm.json > gm.md || fail "Google Benchmark's means, markdown: exit $?"
check "means, markdown: the warning says why" grep -q '^- Google Benchmark.*single interruptions do not show' gm.md
"$ANALYZE" --excess gm.excess gm.json > /dev/null || fail "Google Benchmark's means, --excess: exit $?"
check "means, --excess: no run attributed to an interruption" sh -c \
	"! grep -v '^#' gm.excess | awk '{ print \$NF }' | grep -q -e unexplained -e source"
rc=0
"$ANALYZE" --report gm.html gm.json > /dev/null 2>&1 || rc=$?
check "means, --report: a page (exit $rc: 3 without gnuplot)" sh -c "[ $rc -eq 0 ] || [ $rc -eq 3 ]"
check "means, --report: interruptions not judged, said why" grep -q 'interruptions: not judged: each sample is a mean of 20000 iterations' gm.html
check "... and no rate of them" sh -c "! grep -q -e 'per second of running time' -e 'at random:' gm.html"
# The same results of one iteration each are single runs: judged.
gbmeans 1 > g1.json
"$ANALYZE" --json g1.json > g1.out || fail "Google Benchmark, one iteration each: exit $?"
check "one iteration each: single runs (samples_mean_of null), interruptions judged" \
	sh -c "[ \"\$('$JSONQ' g1.out samples_mean_of)\" = null ] && [ \"\$('$JSONQ' g1.out interrupts)\" -gt 0 ]"
check "... and no warning of means" sh -c "! '$JSONQ' g1.out warning_codes | grep -qw gbench_means"

# hyperfine: a run per N that exited 1 early would set the minimum (truth
# 2 ms per N and 10 ms overhead); it is left out and counted.  Ten runs
# per N listed N by N, with no start times: no fifths, no drift.
python3 - > hfail.json <<'PY'
import json
res = []
for n in range(1, 11):
    t = [(10 + 2 * n) * 1e-3 * (1 + 0.01 * k) for k in range(10)]
    res.append({"command": f"tool --size {n}", "times": t + [1e-3], "exit_codes": [0] * 10 + [1],
                "parameters": {"N": str(n)}})
print(json.dumps({"results": res}))
PY
"$ANALYZE" --json hfail.json > hf.out || fail "hyperfine with failed runs: exit $?"
check "hyperfine: 2 ms per N, not the failed runs' line" within "$(json_get hf.out unit_cost)" 2e6 1e-3
check "hyperfine: 10 ms overhead" within "$(json_get hf.out overhead)" 1e7 1e-2
check "hyperfine: 100 runs kept" [ "$(json_get hf.out samples)" -eq 100 ]
check "hyperfine: the 10 failed runs counted in a warning" grep -q '10 runs with a non-zero exit code' hf.out
check "hyperfine: the template with {N} as the kernel" [ "$(json_get hf.out kernel)" = 'tool --size {N}' ]
check "hyperfine: no start times" [ "$(json_get hf.out start_times)" = false ]
check "hyperfine: no fifths" [ "$(json_get hf.out fifths)" = null ]
check "hyperfine: a run is one run, not a mean (samples_mean_of null)" [ "$(json_get hf.out samples_mean_of)" = null ]
# A parameter scan of step 0.5 (and one value of two decimals): N is the
# parameter times 100, said in the kernel's name; the unit cost is per N
# (truth 3 ms per unit of the parameter, 4 ms overhead)
python3 - > hhalf.json <<'PY'
import json
res = []
for x in ["0.5", "1", "1.5", "2", "2.5", "3", "3.25"]:
    t = [(4 + 3 * float(x)) * 1e-3 * (1 + 0.01 * k) for k in range(5)]
    res.append({"command": f"tool --scale {x}", "times": t, "parameters": {"x": x}})
print(json.dumps({"results": res}))
PY
"$ANALYZE" --json hhalf.json > hh.out || fail "hyperfine, step 0.5: exit $?"
check "hyperfine, step 0.5: N = 100 x in the kernel's name" \
	[ "$(json_get hh.out kernel)" = 'tool --scale {x}, N = 100 x' ]
check "hyperfine, step 0.5: N from 50 to 325" \
	[ "$(json_get hh.out n_min)" -eq 50 ] && [ "$(json_get hh.out n_max)" -eq 325 ]
check "hyperfine, step 0.5: 30 us per N (3 ms per x)" within "$(json_get hh.out unit_cost)" 3e4 1e-3
hyp '{"command":"x 1","times":[0.1],"parameters":{"N":"1."}}'
refuse "hyperfine parameter 1." h.json 'a parameter that is not a number of digits, a point'
# Curved in N: each fifth of the file, a range of N, has its own slope.
python3 - > hcurve.json <<'PY'
import json
res = [{"command": f"x {n}", "times": [(n ** 1.5) * 1e-3 * (1 + 0.001 * k) for k in range(10)],
        "parameters": {"N": str(n)}} for n in range(1, 31)]
print(json.dumps({"results": res}))
PY
"$ANALYZE" hcurve.json > curve.txt || fail "hyperfine, curved: exit $?"
check "no start times: said once" [ "$(grep -c 'no start times' curve.txt)" -eq 1 ]
check "no start times: no fifths in time, no drift warning" sh -c "! grep -q -e 'by fifths' -e 'drift:' curve.txt"
# Two commands scanned at once are two benchmarks.
python3 - > two.json <<'PY'
import json
res = []
for n in range(1, 6):
    res.append({"command": f"sleep 0.{n}", "times": [0.1 * n], "parameters": {"N": str(n)}})
    res.append({"command": f"run {n} {n}0", "times": [0.2 * n], "parameters": {"N": str(n)}})
print(json.dumps({"results": res}))
PY
refuse "two hyperfine commands, none chosen" two.json "2 commands in one file"
check "... both templates listed" sh -c "grep -q '^  sleep 0.{N}  (5 values' err && grep -q '^  run {N} {N}0  (5 values' err"
"$ANALYZE" --json --column 'run {N} {N}0' two.json > two.out || fail "--column 'run {N} {N}0' exited $?"
check "hyperfine --column TEMPLATE: its cost (0.2 s per N)" within "$(json_get two.out unit_cost)" 2e8 1e-3

# A UTF-8 byte order mark before the JSON or the CSV (an editor's, a
# Windows tool's) is read past, from a file and from a pipe.
python3 - > bom.json <<'PY'
import json, sys
b = [{"name": f"BM_x/{n}", "run_name": f"BM_x/{n}", "run_type": "iteration",
      "repetitions": 3, "repetition_index": r, "iterations": 1000,
      "real_time": 10 + 0.5 * n + r, "cpu_time": 10 + 0.5 * n, "time_unit": "ns"}
     for n in (1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000) for r in range(3)]
sys.stdout.buffer.write(b"\xef\xbb\xbf" + json.dumps({"context": {}, "benchmarks": b}).encode())
PY
"$ANALYZE" bom.json > bom.txt || fail "Google Benchmark JSON after a byte order mark: exit $?"
check "JSON after a byte order mark: read (unit cost 0.5)" grep -q '^unit cost  0\.5000' bom.txt
cat bom.json | "$ANALYZE" > bomp.txt || fail "the same from a pipe: exit $?"
check "... from a pipe too" grep -q '^unit cost  0\.5000' bomp.txt

