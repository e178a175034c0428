#!/bin/sh
# Every bad input: "analyze: FILE:LINE: what is wrong" on stderr, exit 1,
# nothing on stdout; unknown options exit 2.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}"

# bad NAME LINE WORDS: the file $T/NAME fails at LINE with WORDS.
bad() {
	name=$1 line=$2 words=$3
	rc=0
	"$ANALYZE" "$T/$name" > "$T/out" 2> "$T/err" || rc=$?
	check "$name: exit 1 (got $rc)" [ "$rc" -eq 1 ]
	check "$name: nothing on stdout" [ ! -s "$T/out" ]
	check "$name: one line on stderr" [ "$(wc -l < "$T/err")" -eq 1 ]
	check "$name: names $T/$name:$line" grep -q "^analyze: $T/$name:$line: " "$T/err"
	check "$name: says '$words'" grep -qi -- "$words" "$T/err"
	echo "    $(cat "$T/err")"
}

good="# subtick 1
# tick: 2
# unit_ns: 0.5
# columns: n t at
100	300	0
200	500	1000
300	700	2000"

printf '' > "$T/empty";			bad empty 1 "no samples"
# a stored stream given compressed: said, with the way to read it
if command -v gzip > /dev/null; then
	printf '%s\n' "$good" | gzip -c > "$T/stored.st.gz";	bad stored.st.gz 1 "gzip-compressed data.*zcat FILE | analyze"
fi
printf '# only\n# comments\n' > "$T/comments";	bad comments 2 "no samples"
printf '1 10\n1 12\n2 20\n2 21\n' > "$T/two-n";	bad two-n 4 "only 2 distinct N"
printf '1 10\n2 x\n3 30\n' > "$T/word";		bad word 2 "not a number"
printf '1 10\n2 nan\n3 30\n' > "$T/nan";		bad nan 2 "NaN"
printf '1 10\n2 -inf\n3 30\n' > "$T/inf";		bad inf 2 "NaN or infinity"
printf '1 10\n2 -20\n3 30\n' > "$T/negative";	bad negative 2 "negative"
printf '1 10\n-2 20\n3 30\n' > "$T/negative-n";	bad negative-n 2 "negative"
printf '1 10\n2 18446744073709551616\n' > "$T/huge";	bad huge 2 "beyond 2^64"
printf '1 10\n2 99999999999999999999999\n' > "$T/huger";	bad huger 2 "beyond 2^64"
printf '1 10\n2\n3 30\n' > "$T/missing";		bad missing 2 "fields"
printf '%s\n400\t900\n' "$good" > "$T/missing-at";	bad missing-at 8 "expected 3 fields"
printf '%s\n# done: samples=3\n400\t900\t3000\n' "$good" > "$T/after-done";	bad after-done 9 "a sample after the stream's last line"
printf '%s\n# interrupted: signal=SIGINT\n400 900 3000\n' "$good" > "$T/after-int";	bad after-int 9 "a sample after the stream's last line"
# two streams run together: one cut (no last line) and the next whole; a
# last line after a last line; a count that is not the stream's
printf '%s\n%s\n# done: samples=3\n' "$good" "$good" > "$T/spliced";	bad spliced 8 "a second stream's first line"
printf '%s\n# interrupted: signal=SIGINT samples=3\n# done: samples=3\n' "$good" > "$T/two-last";	bad two-last 9 "a second last line"
printf '%s\n# done: samples=99999999 dropped=0\n' "$good" > "$T/miscount";	bad miscount 8 "counts 99999999 samples, the stream holds 3"
# the second's samples without its header: at falls back to the first's
# at or below, where only another stream starts (a clock that steps back
# lowers at, but no further), in the common lines (tabs), in blanks, in
# bare columns, and past the first batch of lines (1024) read at once
printf '%s\n400\t900\t0\n500\t1100\t1000\n' "$good" > "$T/restart";	bad restart 8 "at falls back from 2000 to 0, to the stream's first (0) or before: two streams? give them as two files"
printf '%s\n400 900 0\n' "$good" > "$T/restart-blanks";	bad restart-blanks 8 "at falls back from 2000 to 0"
printf '1 10 500\n2 20 900\n3 30 1300\n1 10 480\n' > "$T/restart-bare";	bad restart-bare 4 "at falls back from 1300 to 480, to the stream's first (500)"
{ printf '# subtick 1\n# tick: 1\n# columns: n t at\n'
  for k in 0 1; do awk -v k=$k 'BEGIN { for (i = 0; i < 1500 + k; i++) printf "%d\t%d\t%d\n", 100 * (i % 5 + 1), 50 + 200 * (i % 5 + 1) + k, 1000 * i }'; done
} > "$T/restart-batch";	bad restart-batch 1504 "at falls back from 1499000 to 0"
# a clock stepped back between two runs, by less than the time since the
# first: read as it is, at going on from below (at the limit: to one above
# the first at)
printf '%s\n400\t900\t1500\n500\t1100\t2600\n600 1300 1\n' "$good" > "$T/stepped"
check "a clock stepped back (at 2000 to 1500, 2600 to 1): read" sh -c "'$ANALYZE' '$T/stepped' > /dev/null"
printf '0 10 0\n1 20 0\n2 30 0\n3 40 4\n' > "$T/same-tick"
check "runs begun in the first tick of a coarse clock (at 0 again): read" sh -c "'$ANALYZE' '$T/same-tick' > /dev/null"
printf '# subtick 1\n# tick: 0\n1 2 3\n' > "$T/tick0";	bad tick0 2 "bad tick"
printf '# subtick 1\n# tick: -2\n1 2 3\n' > "$T/tickneg";	bad tickneg 2 "bad tick"
printf '# subtick 1\n# tick: 4ms\n1 2 3\n' > "$T/tickunit";	bad tickunit 2 "bad tick"
printf '# subtick 1\n# tick_mean: 0\n1 2 3\n' > "$T/mean0";	bad mean0 2 "bad tick_mean"
printf '# subtick 1\n# tick_mean: nan\n1 2 3\n' > "$T/meannan";	bad meannan 2 "bad tick_mean"
printf '# subtick 1\n# tick: 10\n# tick_mean: 99999\n1 2 3\n' > "$T/meanbig";	bad meanbig 3 "does not fit"
printf '# subtick 1\n# tick_mean: 9.5\n# tick: 10\n1 2 3\n' > "$T/meanlow";	bad meanlow 3 "does not fit"
printf '# subtick 1\n# kbest: 3\n1 2 3\n' > "$T/kbest1";	bad kbest1 2 "bad kbest"
printf '# subtick 1\n# kbest: 0 0.01\n1 2 3\n' > "$T/kbest0";	bad kbest0 2 "bad kbest"
printf '# subtick 1\n# kbest: 3 1.5\n1 2 3\n' > "$T/kbestbig";	bad kbestbig 2 "bad kbest"
printf '# subtick 1\n# kbest: -3 0.1\n1 2 3\n' > "$T/kbestneg";	bad kbestneg 2 "bad kbest"
printf '# subtick 1\n# kbest: 99999999999 0.1\n1 2 3\n' > "$T/kbesthuge";	bad kbesthuge 2 "bad kbest"
printf '# subtick 1\n# unit_ns: 0\n1 2 3\n' > "$T/unit0";	bad unit0 2 "bad unit_ns"
printf '# subtick 1\n# unit_ns: fast\n1 2 3\n' > "$T/unitword";	bad unitword 2 "bad unit_ns"
printf '# subtick 7\n1 2 3\n' > "$T/version";	bad version 1 "version"
# the kernel's timer period feeds the saturated? check and names the
# kernel's tick among the sources: a value that is no period is refused,
# not taken for none (0 is collect's where clock_getres fails: unknown)
for v in 4ms -4000000 inf nan ''; do
	printf '# subtick 1\n# timer_period_ns: %s\n1 2 3\n' "$v" > "$T/period$v"
	bad "period$v" 2 "bad timer_period_ns '$v': expected a number of nanoseconds (0: unknown)"
done
printf '# subtick 1\n# timer_period_ns: 2e9\n1 2 3\n' > "$T/period-slow"; bad period-slow 2 "timer_period_ns 2e9 is out of range"
for v in 0 4000000 1e9; do
	printf '%s\n# timer_period_ns: %s\n400\t900\t3000\n' "$good" "$v" > "$T/period-ok"
	check "timer_period_ns $v: read" sh -c "'$ANALYZE' '$T/period-ok' > /dev/null"
done
# Values no arithmetic of the analysis holds, refused at their line: a
# timing beyond 2^63 (2^64 - 1 as a double is 2^64, cast back to 64 bits
# it overflowed), a unit_ns no clock has (1e-320, subnormal: a trace's
# periods turned NaN; 1e-300: a rate of inf), in a stream's common lines
# (tabs), in blanks, and in bare columns.
printf '%s\n400\t18446744073709551615\t3000\n' "$good" > "$T/t-max";	bad t-max 8 "timing 18446744073709551615 is too large (at most 2^63)"
printf '%s\n400 9223372036854775809 3000\n' "$good" > "$T/t-2-63";	bad t-2-63 8 "timing 9223372036854775809 is too large"
printf '1 10\n2 20\n3 1.5e19\n' > "$T/t-decimal";	bad t-decimal 3 "timing 1.5e19 is too large"
# and a timing so small its square is no normal double (a subnormal one,
# 6.4e-318, had held the compensation in a loop)
printf '1 10\n2 20\n3 6.4e-318\n' > "$T/t-subnormal";	bad t-subnormal 3 "timing 6.4e-318 is too small to compute with"
printf '1 10\n2 20\n3 1e-160\n' > "$T/t-tiny";	bad t-tiny 3 "timing 1e-160 is too small to compute with"
# the same in other tools' results: hyperfine's and Google Benchmark's
# JSON (read and reported as 6.4e-309 ns a unit, exit 0, before)
printf '{"results":[{"command":"x","times":[6.4e-318,2e-9],"parameters":{"n":"1"}},{"command":"x","times":[1e-9,2e-9],"parameters":{"n":"2"}},{"command":"x","times":[1e-9,2e-9],"parameters":{"n":"3"}}]}\n' > "$T/hf-tiny.json"
printf '{"context":{"date":"x"},"benchmarks":[{"name":"BM/1","run_name":"BM/1","run_type":"iteration","iterations":10,"real_time":6.4e-318,"cpu_time":1,"time_unit":"ns"},{"name":"BM/2","run_name":"BM/2","run_type":"iteration","iterations":10,"real_time":2,"cpu_time":2,"time_unit":"ns"},{"name":"BM/3","run_name":"BM/3","run_type":"iteration","iterations":10,"real_time":3,"cpu_time":3,"time_unit":"ns"}]}\n' > "$T/gb-tiny.json"
for f in hf-tiny.json gb-tiny.json; do
	rc=0
	"$ANALYZE" "$T/$f" > "$T/out" 2> "$T/err" || rc=$?
	check "$f: a subnormal time refused, exit 1 ($rc), nothing on stdout" \
		sh -c "[ $rc -eq 1 ] && grep -q 'is too small to compute with' '$T/err' && [ ! -s '$T/out' ]"
done
printf '# subtick 1\n# unit_ns: 1e-320\n1 2 3\n' > "$T/unit-sub";	bad unit-sub 2 "unit_ns 1e-320 is out of range"
printf '# subtick 1\n# unit_ns: 1e-300\n1 2 3\n' > "$T/unit-tiny";	bad unit-tiny 2 "unit_ns 1e-300 is out of range"
printf '# subtick 1\n# unit_ns: 2e9\n1 2 3\n' > "$T/unit-big";	bad unit-big 2 "unit_ns 2e9 is out of range"
printf '# subtick 1\n# unit_ns2: 1e-320\n# columns: n t at t2\n1 2 3 4\n' > "$T/unit2-sub"
rc=0
"$ANALYZE" --column t2 "$T/unit2-sub" > "$T/out" 2> "$T/err" || rc=$?
check "unit_ns2 1e-320 for --column t2: exit 1 ($rc), at its line" sh -c \
	"[ $rc -eq 1 ] && grep -q '^analyze: $T/unit2-sub:2: unit_ns2 1e-320 is out of range' '$T/err'"
# At the limits: read.
printf '%s\n400\t9223372036854775808\t3000\n' "$good" > "$T/t-limit"
check "a timing of 2^63 is read" sh -c "'$ANALYZE' '$T/t-limit' > /dev/null"
for u in 1e-6 1e9; do
	sed "s/^# unit_ns: .*/# unit_ns: $u/" "$T/t-limit" > "$T/unit-limit"
	check "unit_ns $u is read" sh -c "'$ANALYZE' '$T/unit-limit' > /dev/null"
done
# Other tools' times too: beyond 2^63 ns.
printf '{"benchmarks":[{"name":"BM_a/1","run_type":"iteration","real_time":1e10,"time_unit":"s"},{"name":"BM_a/2","run_type":"iteration","real_time":2,"time_unit":"ns"},{"name":"BM_a/3","run_type":"iteration","real_time":3,"time_unit":"ns"}]}\n' > "$T/gb-huge.json"
rc=0
"$ANALYZE" "$T/gb-huge.json" > "$T/out" 2> "$T/err" || rc=$?
check "gbench real_time 1e10 s: exit 1 ($rc), beyond 2^63 ns" sh -c \
	"[ $rc -eq 1 ] && [ ! -s '$T/out' ] && grep -q 'real_time is beyond 2^63 ns' '$T/err'"
printf '{"results":[{"command":"x 1","times":[1e10],"parameters":{"n":"1"}},{"command":"x 2","times":[2e-9],"parameters":{"n":"2"}},{"command":"x 3","times":[3e-9],"parameters":{"n":"3"}}]}\n' > "$T/hf-huge.json"
rc=0
"$ANALYZE" "$T/hf-huge.json" > "$T/out" 2> "$T/err" || rc=$?
check "hyperfine times 1e10 s: exit 1 ($rc), beyond 2^63 ns" sh -c \
	"[ $rc -eq 1 ] && [ ! -s '$T/out' ] && grep -q 'beyond 2^63 ns' '$T/err'"
head -c 3000 /dev/urandom > "$T/noise.bin"
printf '1 10\n' | cat - "$T/noise.bin" > "$T/binary"
rc=0
"$ANALYZE" "$T/binary" > "$T/out" 2> "$T/err" || rc=$?
check "binary: exit 1" [ "$rc" -eq 1 ]
check "binary: names the file and a line" grep -q "^analyze: $T/binary:[0-9]*: " "$T/err"
check "binary: nothing on stdout" [ ! -s "$T/out" ]
{ printf '1 10\n2 20\n'; head -c 1048576 /dev/zero | tr '\0' '7'; echo; } > "$T/megaline"
bad megaline 3 "longer than"
printf '1 10\n2 20\n3 30\0\n' > "$T/nul";		bad nul 3 "NUL"

rc=0
"$ANALYZE" "$T/does-not-exist" > "$T/out" 2> "$T/err" || rc=$?
check "missing file: exit 1" [ "$rc" -eq 1 ]
check "missing file: says so" grep -q "^analyze: $T/does-not-exist: No such file" "$T/err"

# The samples' temporary file is made in TMPDIR (else /tmp): where it
# cannot be made or written, the error names the directory and why.
printf '%s\n' "$good" > "$T/good"
rc=0
TMPDIR=/nonexistent "$ANALYZE" "$T/good" > "$T/out" 2> "$T/err" || rc=$?
check "TMPDIR=/nonexistent: exit 1 ($rc), nothing on stdout" sh -c "[ $rc -eq 1 ] && [ ! -s '$T/out' ]"
check "... the directory named, and why" grep -qx "analyze: /nonexistent: the temporary file of the samples cannot be created there: No such file or directory (TMPDIR chooses the directory)" "$T/err"
if small_tmpfs "$T/full"; then
	# 10^5 samples: the first 2^16 of them fill 1 MiB; 10^4: written
	# when read back, after the reading
	for k in 100000 10000; do
		awk -v k=$k 'BEGIN { print "# subtick 1\n# tick: 1\n# columns: n t at"
			for (i = 0; i < k; i++) printf "%d\t%d\t%d\n", i % 10 + 1, 100 + 2 * (i % 10), 1000 * i }' > "$T/big$k.st"
		rc=0
		TMPDIR="$T/full" "$ANALYZE" "$T/big$k.st" > "$T/out" 2> "$T/err" || rc=$?
		echo "    $(cat "$T/err")"
		check "a full TMPDIR, $k samples: exit 1 ($rc), nothing on stdout" sh -c "[ $rc -eq 1 ] && [ ! -s '$T/out' ]"
		check "... the directory named, and why" grep -q "^analyze: $T/big$k.st:[0-9]*: the temporary file of the samples in $T/full.*: No space left on device" "$T/err"
	done
else
	echo "SKIP (this part): a full disk needs a small tmpfs mounted, as root"
fi

# A good file after a bad one changes nothing: the error still wins.
rc=0
"$ANALYZE" "$T/good" "$T/word" > "$T/out" 2> "$T/err" || rc=$?
check "good then bad: exit 1, nothing on stdout" sh -c "[ $rc -eq 1 ] && [ ! -s '$T/out' ]"
check "the good file alone works" sh -c "'$ANALYZE' '$T/good' > /dev/null"

# Different clocks cannot be mixed.
sed 's/^# tick: 2/# tick: 4/' "$T/good" > "$T/other-tick"
rc=0
"$ANALYZE" "$T/good" "$T/other-tick" > "$T/out" 2> "$T/err" || rc=$?
check "two ticks: exit 1" [ "$rc" -eq 1 ]
check "two ticks: says which" grep -q "tick 4 differs" "$T/err"

# Usage errors: exit 2.
for empty in --excess --plot; do
	rc=0
	"$ANALYZE" "$empty" '' "$T/good" > "$T/out" 2> "$T/err" || rc=$?
	check "analyze $empty '': exit 2 (got $rc)" [ "$rc" -eq 2 ]
done
rc=0
"$ANALYZE" '' > "$T/out" 2> "$T/err" || rc=$?
check "analyze '': exit 2 (got $rc)" [ "$rc" -eq 2 ]
for args in "--bogus" "--method simplex" "--unit-ns 0" "--unit-ns x" "--tick -1" \
	"--threshold nan" "--replicates 3" "--plot-format gif --plot d" "--plot-format svg" \
	"--unit-ns 1e-320" "--unit-ns 1e-300" "--unit-ns 2e9"; do
	rc=0
	"$ANALYZE" $args "$T/good" > "$T/out" 2> "$T/err" || rc=$?
	check "analyze $args: exit 2 (got $rc)" [ "$rc" -eq 2 ]
	check "analyze $args: one line (but the usage)" [ "$(error_lines "$T/err" | wc -l)" -eq 1 ]
done
check "--unit-ns 2e9: says the range" grep -q "^analyze: --unit-ns '2e9': expected nanoseconds per clock unit, 1e-6 to 1e9" "$T/err"

# A cluster of short options named the program's path as the option.
rc=0
(cd "$T" && "$ANALYZE" -lead.st > out 2> err) || rc=$?
check "analyze -lead.st: exit 2 (got $rc)" [ "$rc" -eq 2 ]
check "... names '-l' in '-lead.st', and ./-lead.st" grep -q "^analyze: option '-l' (in '-lead.st'): unknown.*\./-lead.st" "$T/err"
check "... not the program" sh -c "! grep -qF '$ANALYZE' '$T/err'"
# --column takes any benchmark's name, but no control character (it is
# echoed in messages); Google Benchmark's cpu_time is not a stream's.
esc=$(printf 'a\033[2Jb')
rc=0
"$ANALYZE" --column "$esc" "$T/good" > "$T/out" 2> "$T/err" || rc=$?
check "--column with ESC: exit 2 (got $rc), not echoed raw" sh -c "[ $rc -eq 2 ] && ! LC_ALL=C grep -q '[[:cntrl:]]' '$T/err'"
rc=0
"$ANALYZE" --column 'BM_T<int, 2>/N' "$T/good" > "$T/out" 2> "$T/err" || rc=$?
check "--column 'BM_T<int, 2>/N' on a stream: exit 1 (got $rc), no such column" sh -c "[ $rc -eq 1 ] && grep -q 'no column BM_T<int, 2>/N\|must name the columns n and BM_T' '$T/err'"
rc=0
"$ANALYZE" --column cpu_time "$T/good" > "$T/out" 2> "$T/err" || rc=$?
check "--column cpu_time on a stream: exit 1 (got $rc), says why" sh -c "[ $rc -eq 1 ] && grep -q 'only Google Benchmark' '$T/err'"

# A stream with no last line (# done or # interrupted: kill -9, a full
# disk) is reported with a warning, in the text as in JSON; a finished
# one is not.
printf '%s\n' "$good" > "$T/cut.st"
printf '%s\n# done: 3 samples\n' "$good" > "$T/done.st"
"$ANALYZE" "$T/cut.st" > "$T/cut.txt" || fail "a cut stream: exit $?"
"$ANALYZE" --json "$T/cut.st" > "$T/cut.json" || fail "a cut stream, --json: exit $?"
check "a cut stream: the text report says so" grep -q 'the stream has no last line.*cut short' "$T/cut.txt"
check "a cut stream: the JSON too" sh -c "grep -q 'the stream has no last line' '$T/cut.json' && grep -q '\"input_complete\": false' '$T/cut.json'"
check "a finished stream: no such warning" sh -c "! '$ANALYZE' '$T/done.st' | grep -q 'no last line'"

# A pipe is read from its start: looking at its first bytes (is it JSON,
# CSV?) took them away from the stream reader.
# (It also opened a FIFO twice, the second time with no writer: a hang.)
mkfifo "$T/fifo"
cat "$T/done.st" > "$T/fifo" &
timeout 60 "$ANALYZE" --json "$T/fifo" > "$T/fifo.json" || echo "a FIFO: exit $?"
kill $! 2> /dev/null || true
check "a FIFO: every sample read" [ "$(json_get "$T/fifo.json" samples)" -eq 3 ]
check "stdin from a pipe: every sample read" sh -c "cat '$T/done.st' | '$ANALYZE' --json > '$T/pipe.json'"
check "... 3 samples" [ "$(json_get "$T/pipe.json" samples)" -eq 3 ]

# A UTF-8 byte order mark before the stream (an editor's, a Windows
# tool's) is read past, as before other tools' JSON and CSV: the same
# report, from a file and from a pipe, of a stream and of bare columns.
# One further in is no white space: refused at its line.
printf '\357\273\277' | cat - "$T/done.st" > "$T/bom.st"
"$ANALYZE" --json "$T/done.st" > "$T/nobom.json"
"$ANALYZE" --json "$T/bom.st" > "$T/bom.json" || fail "a stream after a byte order mark: exit $?"
check "a stream after a byte order mark: read, the same report" cmp -s "$T/nobom.json" "$T/bom.json"
check "... from a pipe too" sh -c "cat '$T/bom.st' | '$ANALYZE' --json | cmp -s - '$T/nobom.json'"
check "... its header read (tick 2 from it)" grep -q '"tick_source": "header"' "$T/bom.json"
printf '\357\273\2771 10\n2 20\n3 30\n' > "$T/bom-bare"
check "bare columns after a byte order mark: read" sh -c "'$ANALYZE' '$T/bom-bare' > /dev/null"
printf '1 10\n\357\273\2772 20\n3 30\n' > "$T/bom-inside";	bad bom-inside 2 "not a number"

# A mistyped long option: exit 2, the option meant named.
for pair in jsno:json folow:follow replcates:replicates; do
	rc=0
	"$ANALYZE" "--${pair%%:*}" < /dev/null 2> "$T/err" || rc=$?
	check "--${pair%%:*}: exit 2 ($rc), did you mean --${pair#*:}?" sh -c \
		"[ $rc -eq 2 ] && grep -q -- 'did you mean --${pair#*:}?' '$T/err'"
done
