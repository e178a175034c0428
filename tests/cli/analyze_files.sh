#!/bin/sh
# Several files: one collection in pieces is read as one (start times
# follow each other); different measurements are refused unless --merge;
# the same file twice is refused.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"
"$SYNTH" --seed 1 > a.st
"$SYNTH" --seed 2 > b.st
sed 's/^# kernel: .*/# kernel: crc32/' b.st > crc.st
sed 's/^# clock: .*/# clock: monotonic/' b.st > clock.st

refused() {
	want=$1
	shift
	rc=0
	"$ANALYZE" "$@" > out 2> err || rc=$?
	check "$*: exit 1 ($rc)" [ "$rc" -eq 1 ]
	check "$*: nothing on stdout" [ ! -s out ]
	check "$*: says '$want'" grep -q -- "$want" err
}
refused "the same file as a.st" a.st a.st
ln -s a.st again.st
refused "the same file as a.st" a.st again.st
refused "kernel 'crc32' differs" a.st crc.st
refused "clock 'monotonic' differs" a.st clock.st
"$ANALYZE" --merge a.st crc.st > m.txt || fail "--merge exited $?"
check "--merge: a warning names what was pooled" grep -q "pooled (--merge): kernel" m.txt

# Start times: the second file's follow the first's (at restarts at 0 in
# each file); interrupts per second stay those of one file.
"$ANALYZE" --excess x.txt a.st b.st > /dev/null || fail "two files exited $?"
check "at never decreases across the files" \
	awk '!/^#/ { if (seen && $3 < last) bad = 1; seen = 1; last = $3 } END { exit bad }' x.txt
"$ANALYZE" --json a.st > one.json
"$ANALYZE" --json a.st b.st > two.json
check "interrupts per second over two files ~ one file's" \
	awk -v x="$(json_get one.json interrupts_per_s)" -v y="$(json_get two.json interrupts_per_s)" \
	'BEGIN { r = y / x; exit !(r > 0.7 && r < 1.4) }'

# Streams of one clock, one saying its uneven mean step (tick_mean 15) and
# one not: the band takes the larger, in whichever order they come.
"$SYNTH" --seed 3 --runs 8 --tick 1 | sed 's/^# tick: .*/# tick: 10/' > even.st
"$SYNTH" --seed 4 --runs 8 --tick 1 | sed 's/^# tick: .*/# tick: 10\n# tick_mean: 15/' > uneven.st
"$ANALYZE" --json even.st uneven.st > eu.json || fail "even.st uneven.st exited $?"
"$ANALYZE" --json uneven.st even.st > ue.json || fail "uneven.st even.st exited $?"
check "pooled with a tick_mean 15: tick 16" [ "$(json_get eu.json tick)" = 16 ]
check "... in the other order too" [ "$(json_get ue.json tick)" = 16 ]
