#!/bin/sh
# analyze --follow: a stream read as it is written (a file growing in
# chunks, one of them ending mid-line; a pipe) is reported live on stderr,
# then in full; the full report is analyze's on the same lines, and so is
# an error in them.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}" "${SUBTICK_SOURCE_ROOT:?}"
cd "$T"
command -v python3 > /dev/null || skip "python3 not installed"

# a stream of a known truth, small enough that each of the many reports
# below takes a blink (a 1 s collection's took 3 to 5 s each here); the
# pipe below is a real collection
"$SYNTH" --seed 1 --range 1000:40000:32 --runs 60 > s.st || fail "synth exited $?"

# write_slowly SRC DST SECONDS: SRC into DST in 8 chunks over about
# SECONDS, each chunk cut in the middle of a line
cat > slow.py <<'P'
import sys, time
src, dst, secs = sys.argv[1], sys.argv[2], float(sys.argv[3])
data = open(src, 'rb').read()
k, at = 8, 0
with open(dst, 'ab', buffering=0) as f:
    for i in range(1, k + 1):
        b = len(data) * i // k
        nl = data.rfind(b'\n', at, b)
        if i < k and nl >= at:
            b = min(nl + 3, len(data))
        f.write(data[at:b])
        at = b
        time.sleep(secs / k)
    f.write(data[at:])
P
: > g.st
"$ANALYZE" --follow --json g.st > g.json 2> live.txt &
pid=$!
python3 slow.py s.st g.st 4
wait $pid || fail "analyze --follow exited $?"
cat live.txt
check "a file: the stream written in full" cmp -s s.st g.st
check "a file: at least two live reports before the end" [ "$(grep -c '^analyze --follow: .* samples' live.txt)" -ge 2 ]
check "a file: a live report with a unit cost" grep -q 'ns/unit \[' live.txt
check "a file: not said whole when opened" sh -c "! grep -q 'whole when opened' live.txt"
"$ANALYZE" --json g.st > whole.json || fail "analyze g.st exited $?"
check "a file: the final report is analyze's on the whole file" cmp -s g.json whole.json

# a pipe
"$COLLECT" --budget 2 -q | "$ANALYZE" --follow --json > p.json 2> plive.txt ||
	fail "collect | analyze --follow exited $?"
check "a pipe: live reports" grep -q '^analyze --follow: .* samples' plive.txt
check "a pipe: the final report" [ "$(json_get p.json points)" -gt 2 ]

# an error in the stream: the same message as analyze's, naming the file
awk 'NR == 40 { print "12 x 3"; next } { print }' s.st > bad.st
: > gb.st
rc=0
( python3 slow.py bad.st gb.st 1 ) &
"$ANALYZE" --follow gb.st > /dev/null 2> gb.err || rc=$?
wait
rc2=0
"$ANALYZE" bad.st > /dev/null 2> b.err || rc2=$?
check "bad line: exit 1 as analyze's ($rc, $rc2)" [ "$rc" -eq 1 ] && [ "$rc2" -eq 1 ]
check "bad line: the same message, naming gb.st" [ "$(grep '^analyze: gb.st:' gb.err | sed 's/gb\.st/F/')" = "$(sed 's/bad\.st/F/' b.err)" ]

# a file that stops growing without its last line: waited for, until
# SIGINT, then the report of what was read
grep -v '^# done' s.st > cut.st
"$ANALYZE" --follow cut.st > cut.txt 2> cut.err &
pid=$!
wait_for 30 grep -q 'ns/unit' cut.err
kill -INT $pid
rc=0
wait $pid || rc=$?
check "no last line: ended by SIGINT with exit 0 ($rc) and a report" sh -c "[ $rc -eq 0 ] && grep -q '^unit cost' cut.txt"
check "no last line: says it was stopped" grep -q 'stopped by a signal' cut.err
# SIGHUP (a session gone) as SIGINT
if ! hup_ignored; then
	"$ANALYZE" --follow cut.st > hup.txt 2> hup.err &
	pid=$!
	wait_for 30 grep -q 'ns/unit' hup.err
	kill -HUP $pid
	rc=0
	wait $pid || rc=$?
	check "SIGHUP: exit 0 ($rc) and the report of what was read" sh -c "[ $rc -eq 0 ] && grep -q '^unit cost' hup.txt"
fi

# a file rewritten while followed (collect -o truncates it at its first
# sample and writes a new stream from the start): shorter, or as long but
# with other first lines: refused, exit 1, not two streams spliced
half=$(( $(wc -l < cut.st) / 2 ))
for how in shorter longer; do
	head -n "$half" cut.st > rw.st
	rm -f rw.err rw.txt	# (the last try's: not to be waited on)
	"$ANALYZE" --follow rw.st > rw.txt 2> rw.err &
	pid=$!
	wait_for 30 grep -q 'ns/unit' rw.err
	if [ $how = shorter ]; then
		head -n 40 cut.st > rw.new
		cat rw.new > rw.st
	else	# over it in place, never shorter meanwhile
		sed 's/^# date: .*/# date: 2099-01-01T00:00:00Z/' cut.st > rw.new
		dd if=rw.new of=rw.st conv=notrunc status=none
	fi
	rc=0
	# a watchdog that leaves no sleep behind holding the test's output
	(trap 'kill ${s-} 2> /dev/null; exit 0' TERM
	 sleep 30 & s=$!
	 wait $s
	 kill -INT $pid 2> /dev/null) > /dev/null 2>&1 &
	dog=$!
	wait $pid || rc=$?
	kill $dog 2> /dev/null || true
	check "rewritten ($how): exit 1 ($rc)" [ "$rc" -eq 1 ]
	if [ $how = shorter ]; then
		check "rewritten (shorter): said it shrank" grep -q '^analyze: --follow: rw.st: it shrank from' rw.err
	else
		check "rewritten (longer): said its first lines changed" grep -q '^analyze: --follow: rw.st: its first lines changed' rw.err
	fi
	check "rewritten ($how): no report" [ ! -s rw.txt ]
done

# another column (--column cpu, as of collect --exec): its own keys
# (tick_cpu, unit_ns_cpu) give the live line its unit, ns
python3 - > cpu.st <<'PY'
import random
random.seed(4)
print("# subtick 1\n# tick: 1\n# unit_ns: 1\n# tick_cpu: 1000\n# unit_ns_cpu: 1\n# columns: n t at cpu")
at = 0
for r in range(8):
    for n in random.sample(range(1, 33), 32):
        t = 50000 + 20000 * n + random.randint(0, 900)
        print(n, t, at, (t // 1000) * 1000)
        at += t + 100
print("# done: samples=256 stop=runs")
PY
: > gcpu.st
"$ANALYZE" --follow --column cpu gcpu.st > cpu.txt 2> cpu.err &
pid=$!
python3 slow.py cpu.st gcpu.st 3
wait $pid || fail "analyze --follow --column cpu exited $?"
check "--column cpu: the live line in ns, from tick_cpu and unit_ns_cpu" grep -q 'ns/unit \[' cpu.err

# a clock glitch (one reading 400 ticks low at the largest N, in the
# 6th of 30 sweeps): the live line leaves it out as analyze does, and
# says so; its unit cost is the truth, 2 (with the glitch the line tilts
# to 1.9)
# live NAME SECONDS [OPTIONS]: NAME.st written into a file over about
# SECONDS while analyze --follow OPTIONS reads it (the report in
# NAME.txt, the live lines in NAME.err); $last: the last live line
live() {
	name=$1 secs=$2
	shift 2
	: > "live-$name.st"
	"$ANALYZE" --follow "$@" "live-$name.st" > "$name.txt" 2> "$name.err" &
	pid=$!
	python3 slow.py "$name.st" "live-$name.st" "$secs"
	wait $pid || fail "analyze --follow $* on $name.st exited $?"
	last=$(grep 'ns/unit' "$name.err" | tail -n 1)
	echo "last live line ($name): $last"
}
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/glitchy.py" 7 --unit-ns 5:3200 > glitch.st
live glitch 3
check "a glitch: the last live line says it was left out" sh -c "echo '$last' | grep -q '(1 clock glitch left out)'"
check "a glitch: the last live line's unit cost is 2 within 1%, its bounds hold 2" \
	sh -c "echo '$last' | sed 's/.*N  \([^ ]*\) ns\/unit \[\([^,]*\), \([^]]*\)\].*/\1 \2 \3/' |
	awk '{ exit !(\$1 > 1.98 && \$1 < 2.02 && \$2 <= 2 && 2 <= \$3) }'"
check "a glitch: the full report left it out too" grep -q 'clock glitch? at N = 32000' glitch.txt
# --keep-low: kept in the live line too, which says so, and tilts with it
cp glitch.st keep.st
live keep 2 --keep-low
check "--keep-low: the live line keeps the glitch and says so, its unit cost below 1.98" \
	sh -c "echo '$last' | grep -q '(a clock glitch kept: --keep-low)' &&
	echo '$last' | sed 's/.*N  \([^ ]*\) ns\/unit.*/\1/' | awk '{ exit !(\$1 < 1.98) }'"

# a machine 4% slower by the end: the live line says the fifths drifted
# apart, as the report's speed (or, unjudged, drift) warning does
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/glitchy.py" 9 --unit-ns --drift 0.04 > drift.st
live drift 3
check "a drift: the live line says so" sh -c "echo '$last' | grep -q '(drift: +[0-9.]*% between fifths)'"
check "a drift: the report's warning too" grep -Eq "^warning: (drift: the unit cost changed|speed: the machine's speed)" drift.txt

# bare columns (no header: analyze takes the tick from the data), on a
# clock of 8 units whose timings tie (no spread to judge a glitch by but
# the tick), comma-separated with CR LF ends, through a pipe: the live
# line judges the glitch on the data's tick as the report does, one stray
# timing (3 units off the tick) no matter (a gcd of the timings fell to 1
# on it, and the live bounds were ten times too narrow)
python3 - > bare.csv <<'PY'
import random
random.seed(5)
for k in range(30):
    for n in random.sample(range(1000, 33000, 1000), 32):
        t = 8 * ((48 + 2 * n) // 8)
        if k == 5 and n == 32000:
            t -= 400 * 8
        if k == 10 and n == 16000:
            t += 3
        print("%d,%d\r" % (n, t))
PY
python3 slow.py bare.csv /dev/stdout 3 | "$ANALYZE" --follow -v > bare.txt 2> bare.err ||
	fail "analyze --follow on bare columns exited $?"
last=$(grep 'clock units/unit' bare.err | tail -n 1)
echo "last live line (bare): $last"
width() { sed -n 's/.*\[\([^,]*\), \([^]]*\)\].*/\1 \2/p' | head -n 1 | awk '{ print $2 - $1 }'; }
live_w=$(echo "$last" | width) report_w=$(grep '^ *bounds \[' bare.txt | width)
check "bare columns: the live bounds ($live_w) at least half as wide as the report's ($report_w)" \
	awk -v l="$live_w" -v r="$report_w" 'BEGIN { exit !(l > 0 && r > 0 && l >= r / 2) }'
check "bare columns: the live line left the glitch out, as the report" \
	sh -c "echo '$last' | grep -q '(1 clock glitch left out)' && grep -q 'clock glitch? at N = 32000' bare.txt"
check "bare columns: the live line's unit cost is 2 within 1%, its bounds hold 2" \
	sh -c "echo '$last' | sed 's/.*N  \([^ ]*\) clock units\/unit \[\([^,]*\), \([^]]*\)\].*/\1 \2 \3/' |
	awk '{ exit !(\$1 > 1.98 && \$1 < 2.02 && \$2 <= 2 && 2 <= \$3) }'"
# a header value analyze refuses (a tick of 1e30): no live numbers made
# of it (bounds of +-6e25 had been drawn), and the refusal at the end
{ echo '# subtick 1'; echo '# tick: 1e30'; grep -v '^#' glitch.st; } > badtick.st
rc=0
python3 slow.py badtick.st /dev/stdout 2 | "$ANALYZE" --follow > /dev/null 2> badtick.err || rc=$?
check "a refused header value: no live numbers, exit 1 ($rc) naming its line" \
	sh -c "[ $rc -eq 1 ] && grep -q 'a header value analyze refuses: no live numbers' badtick.err &&
	! grep -q 'units/unit' badtick.err && grep -q '^analyze: -:2: bad tick' badtick.err"
# timings that are no integers: the live fit cannot fold them, and says so
awk -F, '{ printf "%d %.9f\n", $1, $2 * 1e-9 }' bare.csv > dec.st
python3 slow.py dec.st /dev/stdout 2 | "$ANALYZE" --follow > dec.txt 2> dec.err ||
	fail "analyze --follow on decimal timings exited $?"
check "decimal timings: no live line, and the live report says why" grep -q 'timings that are no integers: no live line' dec.err
check "decimal timings: the final report" grep -q '^unit cost' dec.txt

# a file already whole (its last line there): its report, and a note
# that it is no collection still being written (collect -o keeps an old
# stream in the file until its own first sample)
"$ANALYZE" --follow s.st > whole.txt 2> whole.err || fail "analyze --follow on a whole file exited $?"
check "a whole file: its report" grep -q '^unit cost' whole.txt
check "a whole file: said so" grep -q '^analyze --follow: s.st was whole when opened' whole.err

# two streams run together in a pipe: refused as analyze refuses them,
# not cut at the first's last line
cat s.st s.st > twice.st
rc=0
"$ANALYZE" twice.st > /dev/null 2> t1.err || rc=$?
rc2=0
cat twice.st | "$ANALYZE" --follow > /dev/null 2> t2.err || rc2=$?
check "two streams in a pipe: exit 1 as analyze's ($rc2, $rc)" [ "$rc" -eq 1 ] && [ "$rc2" -eq 1 ]
check "two streams in a pipe: the second's first line, said" grep -q "a second stream's first line.*two streams run together" t2.err
# the second's samples without its header, into a file followed: at
# falls back to 0 there; from then on the live line shows no numbers and
# says why, and the end refuses the stream at that line, as analyze does
{ grep -v '^# done' s.st; sed '1,/^# columns/d' s.st; } > splice.st
rc=0
"$ANALYZE" splice.st > /dev/null 2> sp1.err || rc=$?
: > gsplice.st
"$ANALYZE" --follow gsplice.st > /dev/null 2> sp2.err &
pid=$!
python3 slow.py splice.st gsplice.st 4
rc2=0
wait $pid || rc2=$?
check "spliced samples: exit 1 as analyze's ($rc2, $rc)" sh -c "[ $rc -eq 1 ] && [ $rc2 -eq 1 ]"
check "spliced samples: the same message, naming gsplice.st at the line" \
	[ "$(grep '^analyze: gsplice.st:' sp2.err | sed 's/gsplice\.st/F/')" = "$(sed 's/splice\.st/F/' sp1.err)" ]
check "... that line is the second's first sample" grep -q "^analyze: gsplice.st:$(($(grep -vc '^# done' s.st) + 1)): at falls back from [0-9]* to 0" sp2.err
check "spliced samples: the last live line says at fell back, with no numbers" \
	sh -c "grep '^analyze --follow:' sp2.err | tail -n 1 | grep -q 'at fell back to the stream.s start: two streams? no live numbers'"

# a UTF-8 byte order mark before the stream: read past, as analyze does
{ printf '\357\273\277'; cat s.st; } > bom.st
"$ANALYZE" --json < s.st > nobom.json || fail "analyze < s.st exited $?"
cat bom.st | "$ANALYZE" --follow --json > fbom.json 2> fbom.err ||
	fail "analyze --follow after a byte order mark exited $?: $(cat fbom.err)"
check "a byte order mark: read past, the report analyze's without it" cmp -s nobom.json fbom.json

# the copy in TMPDIR (else /tmp): where it cannot be made or written,
# the error says so, with the directory and why (not "out of memory, or
# ..."), and nothing is reported
rc=0
TMPDIR=/nonexistent "$ANALYZE" --follow s.st > nodir.txt 2> nodir.err || rc=$?
check "TMPDIR=/nonexistent: exit 1 ($rc), no report" sh -c "[ $rc -eq 1 ] && [ ! -s nodir.txt ]"
check "... the directory named, and why" grep -qx "analyze: --follow: /nonexistent: the temporary copy of the stream cannot be created there: No such file or directory (TMPDIR chooses the directory)" nodir.err
if small_tmpfs "$T/full"; then
	awk 'BEGIN { print "# subtick 1\n# tick: 1\n# columns: n t at"
		for (i = 0; i < 10000; i++) printf "%d\t%d\t%d\n", i % 10 + 1, 100 + 2 * (i % 10), 1000 * i
		print "# done: samples=10000" }' > big.st
	rc=0
	TMPDIR="$T/full" "$ANALYZE" --follow big.st > full.txt 2> full.err || rc=$?
	cat full.err
	check "a full TMPDIR: exit 1 ($rc), no report" sh -c "[ $rc -eq 1 ] && [ ! -s full.txt ]"
	check "... the directory named, and why" grep -qx "analyze: --follow: $T/full: the temporary copy of the stream could not be written there: No space left on device (TMPDIR chooses the directory)" full.err
else
	echo "SKIP (this part): a full disk needs a small tmpfs mounted, as root"
fi

# usage
rc=0
"$ANALYZE" --follow --compare a b 2> u.err || rc=$?
check "--follow --compare: exit 2 ($rc)" [ "$rc" -eq 2 ]

# A directory is no stream: refused, named.
rc=0
"$ANALYZE" --follow "$T" > /dev/null 2> dir.err || rc=$?
check "--follow a directory: exit 1 ($rc), named" sh -c "[ $rc -eq 1 ] && grep -q 'a directory, not a stream' dir.err && grep -q '$T' dir.err"
