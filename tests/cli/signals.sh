#!/bin/sh
# SIGINT, SIGTERM or SIGHUP: "# interrupted", complete lines, exit 128 +
# signal.
# Each signal is sent once the event it tests has begun (samples written, a
# run under way), never after a fixed sleep.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_ARG_SO:?}"

for sig in INT TERM HUP; do
	[ $sig = HUP ] && hup_ignored && continue
	"$COLLECT" --budget 60 -q -o "$T/s.$sig" 2> "$T/err" &
	pid=$!
	wait_samples "$pid" "$T/s.$sig"
	kill -"$sig" "$pid"
	rc=0
	wait "$pid" || rc=$?
	case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
	check "SIG$sig: exit status $rc is $want" [ "$rc" -eq "$want" ]
	check "SIG$sig: last line is # interrupted" \
		sh -c "tail -n 1 '$T/s.$sig' | grep -q '^# interrupted: signal=SIG$sig '"
	check "SIG$sig: only complete lines" only_complete_lines "$T/s.$sig"
	check "SIG$sig: kept samples" [ "$(grep -vc '^#' "$T/s.$sig")" -gt 0 ]
	n=$(grep -vc '^#' "$T/s.$sig")
	check "SIG$sig: trailer counts the $n samples kept" \
		sh -c "tail -n 1 '$T/s.$sig' | grep -q ' samples=$n '"
done

# The same through a pipe: the reader gets every complete line.
mkfifo "$T/fifo"
cat "$T/fifo" > "$T/piped" &
reader=$!
"$COLLECT" --budget 60 -q > "$T/fifo" 2>/dev/null &
pid=$!
wait_samples "$pid" "$T/piped"
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
wait "$reader"
check "piped: exit $rc is 130" [ "$rc" -eq 130 ]
check "piped: only complete lines" only_complete_lines "$T/piped"
check "piped: ends with # interrupted" sh -c "tail -n 1 '$T/piped' | grep -q '^# interrupted'"

# A run that takes long: about a minute of the count kernel, sized from
# its speed measured here (or one of a range up to 2^64 - 1, that no
# single SIGTERM could once end): a run of a built-in kernel in hand is
# dropped anyway, so one signal ends it at once.  The speed is the best
# of three runs of 2 x 10^7 over their N (the overhead, tens of ns, is
# nothing beside them): never zero or below, where the difference of two
# N's minima was on a busy machine (its shorter runs all slowed), and at
# worst too high, a run then shorter than a minute, still far longer than
# the 1.5 s the checks need.
"$COLLECT" --n 10000000,20000000 --runs 3 -q -o "$T/speed" 2> /dev/null ||
	fail "the speed run exited $?"
n=$(awk -v u="$(header_value "$T/speed" unit_ns)" '
	!/^#/ { if (!($1 in m) || $2 < m[$1]) m[$1] = $2 }
	END { ns = m[20000000] * u / 2e7; if (!(ns > 0)) exit 1; printf "%.0f", 60e9 / ns }' "$T/speed") ||
	fail "no cost per unit from the speed run"
k=0
for plan in "--n $n --runs 1" "--range 1:18446744073709551615"; do
	k=$((k + 1))
	"$COLLECT" $plan -q -o "$T/long$k" 2> /dev/null &
	pid=$!
	# a new file's header is written just before the first (warm-up) run
	wait_for 120 grep -q '^# columns:' "$T/long$k"
	sleep 0.5
	start=$(date +%s)
	kill -TERM "$pid"
	rc=0
	wait "$pid" || rc=$?
	check "$plan: one SIGTERM ends the long run at once" [ $(($(date +%s) - start)) -le 3 ]
	check "$plan: stopped by SIGTERM ($rc)" [ "$rc" -eq 143 ]
	check "$plan: # interrupted, no sample" \
		sh -c "tail -n 1 '$T/long$k' | grep -q '^# interrupted: signal=SIGTERM samples=0 '"
done

# A user's kernel may hold a lock or a half-built state: its run in hand
# (a minute long: the kernel counts as the count kernel does) is waited
# for after one SIGINT, and the second stops it at once.
"$COLLECT" --kernel "$SUBTICK_ARG_SO:counted" --kernel-arg "$T/report" \
	--n "$n" --runs 1 -q -o "$T/user" 2> /dev/null &
pid=$!
# The kernel makes report.started before its first (warm-up) run: a
# signal before then would end collect before any run, rightly; half a
# second on, the minute-long run is under way.
wait_for 120 test -e "$T/report.started"
sleep 0.5
kill -INT "$pid"
sleep 1
check "after one SIGINT the user kernel's long run ($n units) goes on" kill -0 "$pid"
kill -INT "$pid"
start=$(date +%s)
rc=0
wait "$pid" || rc=$?
check "the second SIGINT stops it at once (not the minute the run lasts)" [ $(($(date +%s) - start)) -le 10 ]
check "stopped by SIGINT ($rc)" [ "$rc" -eq 130 ]
check "the header is whole" only_complete_lines "$T/user"
