#!/bin/sh
# collect --exec: a whole command per N, its user and system time as
# columns; --prepare runs untimed; a failing command stops the collection
# with its status and stderr.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SUBTICK_SPIN:?}"
cd "$T"

# A command of known cost: decrements, all user time, from hi / 10 to hi,
# hi being 10^7 or, where the command's start-up jitter (measured here) is
# larger, the work of 5 times that jitter.
spin_measure
hi=$(awk -v h="$(spin_units $((5 * spin_jitter_ns)))" 'BEGIN { printf "%.0f", (h > 1e7 ? h : 1e7) }')
"$COLLECT" --exec "$SUBTICK_SPIN {N}" --range $((hi / 10)):"$hi":6 --runs 5 -q -o spin.st ||
	fail "collect --exec exited $?"
check "columns n t at user sys cpu" [ "$(header_value spin.st columns)" = "n t at user sys cpu" ]
check "6 fields a sample" awk '!/^#/ && NF != 6 { bad = 1 } END { exit bad }' spin.st
check "cpu is user + sys" awk '!/^#/ && $6 != $4 + $5 { bad = 1 } END { exit bad }' spin.st
check "30 samples" [ "$(grep -vc '^#' spin.st)" -eq 30 ]
check "the command's wall time holds its CPU time" \
	awk -v u="$(header_value spin.st unit_ns)" '!/^#/ && $6 > $2 * u + 2000000 { bad = 1 } END { exit bad }' spin.st
"$ANALYZE" --json spin.st > t.json || fail "analyze on t exited $?"
"$ANALYZE" --json --column cpu spin.st > c.json || fail "analyze --column cpu exited $?"
check "wall: a positive cost per decrement" awk -v x="$(json_get t.json unit_cost_ns)" 'BEGIN { exit !(x > 0.05 && x < 50) }'
check "cpu: a positive cost per decrement, in ns" awk -v x="$(json_get c.json unit_cost_ns)" 'BEGIN { exit !(x > 0.05 && x < 50) }'
check "cpu: the tick of rusage, 1000 ns" within "$(json_get c.json tick)" 1000 0
"$ANALYZE" --column user spin.st > /dev/null || fail "analyze --column user exited $?"
"$ANALYZE" --column sys spin.st > /dev/null || fail "analyze --column sys exited $?"

# Through a shell, with an input of N bytes made untimed before each run.
"$COLLECT" --shell --prepare "head -c {N} /dev/zero > $T/in" --exec "cksum < $T/in" \
	--n 100000,200000,400000 --runs 3 -q -o sh.st || fail "--shell --prepare exited $?"
check "--shell --prepare: 9 samples" [ "$(grep -vc '^#' sh.st)" -eq 9 ]
check "--prepare made the input" [ -s in ]

# A failing command: exit 1, its status and stderr, whole lines kept.
rc=0
"$COLLECT" --shell --exec 'echo broken pipe dream >&2; exit 3' --n 1,2,3 --runs 2 -q -o f.st 2> err || rc=$?
check "a failing command: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "its status" grep -q 'exited with status 3' err
check "its stderr" grep -q 'broken pipe dream' err
check "the stream ends stop=command" sh -c "tail -n 1 f.st | grep -q 'stop=command'"
rc=0
"$COLLECT" --exec "$SUBTICK_SPIN {N}" -q > /dev/null 2> err || rc=$?
check "--exec without --n: usage error ($rc)" [ "$rc" -eq 2 ]
rc=0
"$COLLECT" --exec "/no/such/program {N}" --n 1,2 --runs 1 -q > /dev/null 2> err || rc=$?
check "a missing program: exit 1 ($rc), named" sh -c "[ $rc -eq 1 ] && grep -q 'status 127' err"

# What a command leaves running in its process group (a child in the
# background) ends with its run: one a run had run on, disturbing the
# next ones.
: > bgpids
"$COLLECT" --shell --exec "sleep 60 & echo \$! >> '$T/bgpids'; true" --n 1,2,3 --runs 2 -q -o bg.st 2> err ||
	fail "a command leaving a child: exit $?: $(cat err)"
sleep 1
# (a process gone or a zombie is no longer running; one whose pid another
# process took since is not ours to kill)
left=0
for p in $(cat bgpids); do
	if [ -r "/proc/$p/stat" ] && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$p/stat" 2> /dev/null &&
	   tr '\0' ' ' < "/proc/$p/cmdline" 2> /dev/null | grep -q '^sleep 60'; then
		left=$((left + 1))
		kill "$p" 2> /dev/null
	fi
done
check "every run (the warm-up's too) left a child: $(wc -l < bgpids) of 9" [ "$(wc -l < bgpids)" -eq 9 ]
check "... none of them still running ($left)" [ "$left" -eq 0 ]
# --prepare's (a server the command needs) runs on
: > prpids
"$COLLECT" --shell --prepare "sleep 60 & echo \$! >> '$T/prpids'" --exec true --n 1,2 --runs 1 -q -o pr.st 2> err ||
	fail "a --prepare leaving a child: exit $?: $(cat err)"
alive=0
for p in $(cat prpids); do
	if tr '\0' ' ' < "/proc/$p/cmdline" 2> /dev/null | grep -q '^sleep 60'; then
		alive=$((alive + 1))
		kill "$p" 2> /dev/null
	fi
done
check "--prepare's children run on ($alive of $(wc -l < prpids))" [ "$alive" -ge 1 ]
