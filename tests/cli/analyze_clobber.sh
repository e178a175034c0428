#!/bin/sh
# No output of analyze is one of its inputs, under any name: each output
# option naming an input (directly, through a symbolic link on either side,
# or a hard link) is a usage error, exit 2, said before anything is read
# or written, and the input is left byte for byte.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"
"$SYNTH" --seed 3 --range 1000:20000:20 --runs 10 > good.st

# refused WHAT OUT IN ARGS...: analyze ARGS exits 2, names OUT as "also an
# input", leaves IN as good.st and writes nothing on stdout.
refused() {
	what=$1 out=$2 in=$3
	shift 3
	rc=0
	"$ANALYZE" "$@" > stdout 2> err || rc=$?
	check "$what: exit 2 ($rc)" [ "$rc" -eq 2 ]
	check "$what: says so" grep -qF "analyze: $out: it is also an input" err
	check "$what: the input is untouched" cmp -s good.st "$in"
	check "$what: nothing on stdout" [ ! -s stdout ]
}

fresh() {
	rm -rf v.st link.st hard.st d
	cp good.st v.st
	ln -s v.st link.st
	ln v.st hard.st
	mkdir d
}

for opt in --report --minima --excess; do
	fresh
	refused "$opt v.st v.st" "$opt v.st" v.st "$opt" v.st v.st
	refused "$opt v.st link.st (the input a link)" "$opt v.st" v.st "$opt" v.st link.st
	refused "$opt link.st v.st (the output a link)" "$opt link.st" v.st "$opt" link.st v.st
	refused "$opt hard.st v.st (a hard link)" "$opt hard.st" v.st "$opt" hard.st v.st
	refused "$opt v.st - < v.st (stdin)" "$opt v.st" v.st "$opt" v.st - < v.st
	refused "$opt v.st < link.st (stdin, no FILE)" "$opt v.st" v.st "$opt" v.st < link.st
	refused "$opt v.st good.st link.st (the second input)" "$opt v.st" v.st "$opt" v.st good.st link.st
done

# --plot DIR with an input where a figure or a data file goes: a stream's,
# an activity trace's (which one the input is shows only once read), in
# the format asked for.
for name in samples.txt minima.txt timings.png trace.txt gaps.png; do
	fresh
	cp good.st "d/$name"
	refused "--plot d over d/$name" "--plot d/$name" "d/$name" --plot d "d/$name"
	ln -s "d/$name" in.st
	refused "--plot d over d/$name, read through a link" "--plot d/$name" "d/$name" --plot d in.st
	rm in.st
done
fresh
cp good.st d/speed.svg
refused "--plot d --plot-format svg over d/speed.svg" "--plot d/speed.svg" d/speed.svg \
	--plot d --plot-format svg d/speed.svg

# --compare: each file of A's and B's lists, and its figure's files.
fresh
cp good.st d/minima_a.txt
cp good.st d/compare.png
refused "--compare --plot d over d/minima_a.txt (A)" "--plot d/minima_a.txt" d/minima_a.txt \
	--compare --plot d d/minima_a.txt good.st
refused "--compare --plot d over d/compare.png in B's list" "--plot d/compare.png" d/compare.png \
	--compare --plot d good.st good.st,d/compare.png

# stdout appended to an input (analyze v.st >> v.st), in every format.
for format in text json markdown; do
	fresh
	rc=0
	"$ANALYZE" --format "$format" link.st >> v.st 2> err || rc=$?
	check "--format $format >> the input: exit 2 ($rc)" [ "$rc" -eq 2 ]
	check "--format $format >> the input: says so" grep -qF "analyze: stdout: it is also an input (link.st)" err
	check "--format $format >> the input: untouched" cmp -s good.st v.st
done
fresh
rc=0
"$ANALYZE" --compare good.st good.st,v.st >> v.st 2> err || rc=$?
check "--compare >> B's input: exit 2 ($rc)" [ "$rc" -eq 2 ]
check "--compare >> B's input: untouched" cmp -s good.st v.st
rc=0
"$ANALYZE" --group rank good.st v.st >> v.st 2> err || rc=$?
check "--group >> an input: exit 2 ($rc)" [ "$rc" -eq 2 ]
check "--group >> an input: untouched" cmp -s good.st v.st

# What is no clash still runs: outputs beside the input, a copy, devices.
fresh
cp good.st copy.st
"$ANALYZE" --report r.html --minima m.csv --excess e.txt --plot d --plot-format dumb \
	copy.st > out 2> err || fail "outputs beside the input: $(cat err)"
check "outputs beside the input: written" sh -c '[ -s r.html ] && [ -s m.csv ] && [ -s e.txt ]'
check "outputs beside the input: the input untouched" cmp -s good.st copy.st
rc=0
"$ANALYZE" good.st < /dev/null > /dev/null 2> err || rc=$?
check "stdin and stdout on /dev/null: no clash, it runs ($rc)" [ "$rc" -eq 0 ]

# An output that cannot be written is said before anything is read: exit
# 1, nothing on stdout (a report had been printed, then "cannot create"
# for the page).
for o in "--report nodir/r.html" "--excess nodir/e.txt" "--minima nodir/m.csv" \
	"--plot nodir/figs" "--plot good.st"; do
	rc=0
	# shellcheck disable=SC2086 # $o is an option and its value
	"$ANALYZE" $o copy.st > out 2> err || rc=$?
	check "$o: exit 1 ($rc)" [ "$rc" -eq 1 ]
	check "$o: said, naming it" grep -qF "analyze: ${o#* }: " err
	check "$o: nothing on stdout" [ ! -s out ]
done
rc=0
"$ANALYZE" --compare --report nodir/c.html copy.st good.st > out 2> err || rc=$?
check "--compare --report nodir/c.html: exit 1, nothing on stdout ($rc)" \
	sh -c "[ $rc -eq 1 ] && [ ! -s out ]"
# ... where the directory is named with a slash at its end, it is made
rm -rf newfigs
"$ANALYZE" --plot newfigs/ --plot-format dumb copy.st > out 2> err || fail "--plot newfigs/: $(cat err)"
check "--plot newfigs/: made, its figures in it" [ -s newfigs/timings.txt ]
# ... a figure's name in it that is no file, a link to nothing, - as a
# name (a file, not stdout): said before a sample is read
mkdir -p held/excess-n.png
ln -sf /nonexistent/x dangling
for o in "--plot held" "--plot dangling"; do
	rc=0
	# shellcheck disable=SC2086 # $o is an option and its value
	"$ANALYZE" $o copy.st > out 2> err || rc=$?
	check "$o: exit 1 ($rc), nothing on stdout" sh -c "[ $rc -eq 1 ] && [ ! -s out ] && grep -q '^analyze: ' err"
done
"$ANALYZE" --report - copy.st > out 2> err || fail "--report -: $(cat err)"
check "--report -: a file named -" [ -s ./- ]
