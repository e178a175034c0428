#!/bin/sh
# Where collect writes: -o - is stdout; new files get 0666 & ~umask, as
# analyze's; an existing file is kept until the first sample is due, so a
# collection that fails or is stopped before loses nothing; a full
# standard output is an error with a message; no output is the kernel's
# shared object, nor a symbolic link; a FIFO needs its reader.
. "$(dirname "$0")/lib.sh"
cd "$T"

"$COLLECT" --n 1000,2000,3000 --runs 2 -q -o - > out 2> err || fail "-o - exited $?"
check "-o -: the stream on stdout" sh -c "head -n 1 out | grep -q '^# subtick 1' && tail -n 1 out | grep -q '^# done'"
check "-o -: no file named -" [ ! -e ./- ]

for mask in 000 022 077; do
	(umask $mask && "$COLLECT" --n 1000,2000,3000 --runs 1 -q -o m$mask.st) ||
		fail "umask $mask: exited $?"
	want=$(printf '%o' $((0666 & ~0$mask)))
	check "umask $mask: a new stream has mode $want ($(stat -c %a m$mask.st))" \
		[ "$(stat -c %a m$mask.st)" = "$want" ]
done

# A command that fails in the warm-up: nothing of the old file is lost.
printf 'precious\n' > existing.st
chmod 0640 existing.st
rc=0
"$COLLECT" --exec /bin/false --n 1,2,3 --runs 2 -q -o existing.st 2> err || rc=$?
check "a failing command: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "... the existing file kept as it was" [ "$(cat existing.st)" = precious ]
check "... and said so" grep -q 'existing.st left as it was' err
# Stopped in the warm-up (a run of 60 s): kept too.
"$COLLECT" --exec 'sleep 60' --n 1,2,3 --runs 2 -q -o existing.st 2> err &
pid=$!
sleep 1
kill -INT $pid
rc=0
wait $pid || rc=$?
check "stopped before the first sample: exit 130 ($rc)" [ "$rc" -eq 130 ]
check "... the existing file kept as it was" [ "$(cat existing.st)" = precious ]
check "... and said so" grep -q 'interrupted before the first sample: existing.st left as it was' err
# Once the first sample is due the file is the new stream, mode kept.
"$COLLECT" --exec true --n 1,2,3 --runs 2 -q -o existing.st || fail "true exited $?"
check "a collection replaces it once samples come" sh -c "! grep -q precious existing.st && tail -n 1 existing.st | grep -q '^# done'"
check "... keeping its mode" [ "$(stat -c %a existing.st)" = 640 ]

# An output that is the kernel's shared object (it would be emptied under
# the mapped code): a usage error, the file left whole; as A's or B's
# output, through a link, or stdout appended to it.
: "${SUBTICK_STEP_SO:?}"
cp "$SUBTICK_STEP_SO" k.so
cp k.so k.orig
ln -s k.so klink.so
# refused CASE WHAT MESSAGE: collect -k ./k.so:step CASE exits 2, says
# MESSAGE, and leaves the shared object and target.st untouched
printf 'precious\n' > target.st
refused() {
	rc=0
	# shellcheck disable=SC2086 # the case is words
	"$COLLECT" -k ./k.so:step $1 --n 100,200,300 --runs 2 -q 2> err || rc=$?
	check "$1, $2: exit 2 ($rc)" [ "$rc" -eq 2 ]
	check "... says so" grep -q "$3" err
	check "... what it points to untouched" sh -c '[ "$(cat target.st)" = precious ] && cmp -s k.so k.orig'
}
for case in "-o k.so" "-k count -o a.st -o k.so" "-k count -o k.so -o b.st"; do
	refused "$case" "the kernel's shared object" "it is also an input (the shared object of --kernel ./k.so:step)"
done
check "... the other stream, made by the refused runs, removed again" sh -c '[ ! -e a.st ] && [ ! -e b.st ]'
rc=0
"$COLLECT" -k ./k.so:step --n 100,200,300 --runs 2 -q >> k.so 2> err || rc=$?
check "stdout appended to the kernel's shared object: exit 2 ($rc)" [ "$rc" -eq 2 ]
check "... the shared object untouched" cmp -s k.so k.orig
"$COLLECT" -k ./k.so:step --n 100,200,300 --runs 2 -q -o beside.st 2> err ||
	fail "a stream beside the shared object: exit $?: $(cat err)"

# A symbolic link to a file is refused before anything is timed
# (analyze's outputs and subtick_open refuse them too); a FIFO with no
# reader is said at once, not waited on; one with a reader takes the
# stream as a pipe does.
ln -s target.st link.st
for case in "-o link.st" "-o klink.so" "-k count -o a.st -o link.st"; do
	refused "$case" "a symbolic link" "a symbolic link to a file"
done
check "... no other stream made" [ ! -e a.st ]
mkfifo fifo
rc=0
timeout 20 "$COLLECT" --n 100,200,300 --runs 2 -q -o fifo 2> err || rc=$?
check "a FIFO with no reader: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "... says so" grep -q "fifo: a FIFO with no reader" err
timeout 60 cat fifo > got &
reader=$!
# (the reader opens the FIFO once it runs: collect waits for it)
i=0
while ! "$COLLECT" --n 100,200,300 --runs 2 -q -o fifo 2> err && [ $i -lt 50 ]; do
	grep -q "no reader" err || fail "-o fifo with a reader: $(cat err)"
	i=$((i + 1))
	sleep 0.1
done
wait $reader
check "a FIFO with a reader: the stream whole through it" \
	sh -c "head -n 1 got | grep -q '^# subtick 1' && tail -n 1 got | grep -q '^# done'"
# a link to a pipe or a device is followed: /dev/stdout, a process
# substitution's /dev/fd/N
"$COLLECT" --n 100,200,300 --runs 2 -q -o /dev/stdout > viastdout 2> err ||
	fail "-o /dev/stdout: exit $?: $(cat err)"
check "-o /dev/stdout: the stream on stdout" sh -c "tail -n 1 viastdout | grep -q '^# done'"
ln -s nothing dangling.st
rc=0
"$COLLECT" --n 100,200,300 --runs 2 -q -o dangling.st 2> err || rc=$?
check "a link to nothing: exit 2 ($rc), said, nothing made" \
	sh -c "[ $rc -eq 2 ] && grep -q 'a symbolic link to nothing' err && [ ! -e nothing ]"

if [ -w /dev/full ]; then
	rc=0
	"$COLLECT" --list-clocks --clock monotonic > /dev/full 2> err || rc=$?
	check "--list-clocks > /dev/full: exit 1 ($rc)" [ "$rc" -eq 1 ]
	check "... with a message" grep -q 'collect: standard output: No space left on device' err
fi
echo "$checks checks passed"
