#!/bin/sh
# kill -9 loses at most a second of samples: the stream is handed over at
# every sweep's end and at least once a second, in whole lines.  The kills
# come once samples are written, not after a fixed sleep.
. "$(dirname "$0")/lib.sh"

"$COLLECT" --budget 60 -q -o "$T/s" 2> /dev/null &
pid=$!
wait_samples "$pid" "$T/s"
seen=$(now_ms)	# the first sample started before this
sleep 3
ran=$(($(now_ms) - seen))	# before the kill: a stall of this shell
kill -9 "$pid"			# after it lets collect run on, not lose
wait "$pid" 2> /dev/null || true
check "only complete lines" only_complete_lines "$T/s"
ns=$(header_value "$T/s" unit_ns)
# at is the start of a run from the first start: the last one written
last=$(grep -v '^#' "$T/s" | cut -f3 | sort -n | tail -n 1)
echo "sampled for more than $ran ms; the last run written started at $(awk -v a="$last" -v u="$ns" 'BEGIN { print a * u / 1e6 }') ms"
# A second of flushing, and a second more for a loaded machine.
check "no more than 2 s of samples lost" \
	awk -v a="$last" -v u="$ns" -v r="$ran" 'BEGIN { exit !(a * u / 1e6 >= r - 2000) }'

# Two signals in quick succession (the second kills at once) leave whole
# lines, every time.
i=0
while [ $i -lt 10 ]; do
	"$COLLECT" --n 1000,2000,4000 --budget 60 -q 2> /dev/null > "$T/p.$i" &
	pid=$!
	wait_samples "$pid" "$T/p.$i"
	kill -INT "$pid"; kill -INT "$pid" 2> /dev/null || true
	wait "$pid" 2> /dev/null || true
	i=$((i + 1))
done
i=0
while [ $i -lt 10 ]; do
	check "two quick SIGINTs, try $i: only complete lines" only_complete_lines "$T/p.$i"
	i=$((i + 1))
done
