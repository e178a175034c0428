#!/bin/sh
# A stream read on two threads (its text parsed on one, its samples taken
# on the other: analyzer/read/batchpipe.h) gives what one thread gives:
# the same report, bit for bit, and the same first error, whatever lines
# break the batches (comments, samples of another form, blank lines, a
# second file), and an error of the samples taken before the reader's own.
. "$(dirname "$0")/lib.sh"

# 30,000 samples over 300 N; a comment every 997 lines, a decimal timing
# (read one at a time, not in a batch) every 1499, a blank line every
# 4001: batches cut at every length
awk 'BEGIN { srand(7); print "# subtick 1\n# tick: 1\n# columns: n t at"
	at = 1000
	for (i = 1; i <= 30000; i++) {
		n = 1000 * (i % 300 + 1); t = int(n * 1.25 + 80 + (rand() < 0.1 ? 2000 * rand() : 3 * rand()))
		if (i % 997 == 0) print "# a note"
		if (i % 4001 == 0) print ""
		if (i % 1499 == 0) printf "%d\t%d.5\t%d\n", n, t, at
		else printf "%d\t%d\t%d\n", n, t, at
		at += t + 50
	} }' > "$T/a.st"
awk 'BEGIN { print "# subtick 1\n# tick: 1\n# columns: n t at"
	for (i = 1; i <= 5000; i++) printf "%d\t%d\t%d\n", 1000 * (i % 50 + 1), 1250 * (i % 50 + 1) + 90, 100 * i }' > "$T/b.st"

# a comment after every sample: batches of one, too short for the thread
# to pay (BATCH_PIPE_WORTH); the reader goes on alone after the first few
awk 'BEGIN { print "# subtick 1\n# tick: 1\n# columns: n t at"
	for (i = 1; i <= 20000; i++)
		printf "%d\t%d\t%d\n# a note\n", 1000 * (i % 50 + 1), 1250 * (i % 50 + 1) + 90 + i % 5, 100 * i }' > "$T/c.st"

for files in "a.st" "a.st b.st" "c.st" "c.st a.st"; do
	set -- $files
	(cd "$T" && SUBTICK_THREADS=1 "$ANALYZE" --json "$@" > one.json)
	(cd "$T" && SUBTICK_THREADS=2 "$ANALYZE" --json "$@" > two.json)
	check "$files: a report" [ -s "$T/two.json" ]
	check "$files: the same report on one thread and on two" cmp -s "$T/one.json" "$T/two.json"
done

# the first error, the same on one thread and two: a bad word after
# thousands of samples, a start time falling back to before the first
first_error() {	# FILE: analyze's error on one thread and on two, alike
	r1=0 r2=0
	SUBTICK_THREADS=1 "$ANALYZE" "$1" > /dev/null 2> "$T/e1" || r1=$?
	SUBTICK_THREADS=2 "$ANALYZE" "$1" > /dev/null 2> "$T/e2" || r2=$?
	[ "$r1" -eq 1 ] && [ "$r2" -eq 1 ] && cmp -s "$T/e1" "$T/e2"
}
awk 'NR == 20004 { print "2000\tword\t99" } { print }' "$T/a.st" > "$T/word.st"
check "a bad word on line 20004: exit 1, the same error on one thread and two" first_error "$T/word.st"
check "... naming that line" grep -q "^analyze: $T/word.st:20004: " "$T/e2"
awk 'NR == 25000 { print "2000\t2600\t5" } { print }' "$T/a.st" > "$T/back.st"
check "a start before the first on line 25000: the same error" first_error "$T/back.st"
check "... naming that line" grep -q "^analyze: $T/back.st:25000: at falls back" "$T/e2"

# an error of the samples taken (their temporary file full) comes before
# a bad line the reader meets later
if small_tmpfs "$T/full"; then
	awk 'BEGIN { print "# subtick 1\n# tick: 1\n# columns: n t at"
		for (i = 0; i < 100000; i++) printf "%d\t%d\t%d\n", i % 10 + 1, 100 + 2 * (i % 10), 1000 * i
		print "1\tword\t1" }' > "$T/big.st"
	for th in 1 2; do
		rc=0
		SUBTICK_THREADS=$th TMPDIR="$T/full" "$ANALYZE" "$T/big.st" > "$T/out" 2> "$T/err$th" || rc=$?
		check "a full TMPDIR and a bad last line, $th thread(s): exit 1 ($rc)" [ "$rc" -eq 1 ]
		check "... the full TMPDIR named, not the bad line" \
			grep -q "^analyze: $T/big.st:[0-9]*: the temporary file of the samples in $T/full.*: No space left on device" "$T/err$th"
	done
	check "... at the same line on one thread and two" cmp -s "$T/err1" "$T/err2"
else
	echo "SKIP (this part): a full disk needs a small tmpfs mounted, as root"
fi
