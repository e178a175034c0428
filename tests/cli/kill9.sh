#!/bin/sh
# kill -9 loses at most a second of samples: the stream is handed over at
# every sweep's end and at least once a second, in whole lines.
. "$(dirname "$0")/lib.sh"

"$COLLECT" --budget 60 -q -o "$T/s" 2> /dev/null &
pid=$!
sleep 4
kill -9 "$pid"
wait "$pid" 2> /dev/null || true
check "only complete lines" only_complete_lines "$T/s"
ns=$(header_value "$T/s" unit_ns)
# at is the start of a run from the first start: the last one written
last=$(grep -v '^#' "$T/s" | cut -f3 | sort -n | tail -n 1)
echo "last run written at $(awk -v a="$last" -v u="$ns" 'BEGIN { print a * u / 1e9 }') s"
check "at least a second of samples survived" \
	awk -v a="$last" -v u="$ns" 'BEGIN { exit !(a * u >= 1e9) }'

# Two signals in quick succession (the second kills at once) leave whole
# lines on a pipe, every time.
i=0
while [ $i -lt 10 ]; do
	"$COLLECT" --budget 60 -q 2> /dev/null > "$T/p.$i" &
	pid=$!
	sleep 1.2
	kill -INT "$pid"; kill -INT "$pid" 2> /dev/null || true
	wait "$pid" 2> /dev/null || true
	i=$((i + 1))
done
i=0
while [ $i -lt 10 ]; do
	check "two quick SIGINTs, try $i: only complete lines" only_complete_lines "$T/p.$i"
	i=$((i + 1))
done
