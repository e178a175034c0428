#!/bin/sh
# Files analyze writes never damage what is there, and no argument reaches
# a shell or gnuplot as code.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"
"$SYNTH" --seed 3 --range 1000:20000:20 --runs 10 > s.st

rc_of() { rc=0; "$@" > out 2> err || rc=$?; echo "$rc"; }

# --excess onto things that are not regular files: refused, left alone.
mkfifo fifo
echo keep > other.txt
ln -s other.txt link
for target in fifo link /dev/null; do
	before=$(ls -lL "$target" 2> /dev/null | cut -c1)
	rc=$(rc_of "$ANALYZE" --excess "$target" s.st)
	check "--excess $target: exit 1 ($rc)" [ "$rc" -eq 1 ]
	check "--excess $target: says it is not a regular file" grep -q 'not a regular file' err
	check "--excess $target: no report on stdout" [ ! -s out ]
	check "--excess $target: still what it was" [ "$(ls -lL "$target" | cut -c1)" = "$before" ]
done
check "the symlink and its file are untouched" [ -L link ] && [ "$(cat other.txt)" = keep ]
if [ "$(id -u)" -eq 0 ] && [ -c /dev/full ]; then
	rc=$(rc_of "$ANALYZE" --excess /dev/full s.st)
	check "--excess /dev/full (root): refused ($rc)" [ "$rc" -eq 1 ]
	check "/dev/full is still a device" [ -c /dev/full ]
fi

# New files get 0666 & ~umask; a replaced file keeps its mode.
for mask in 022 077 002; do
	rm -f e.txt
	(umask $mask && "$ANALYZE" --excess e.txt s.st > /dev/null) || fail "--excess under umask $mask"
	want=$(printf '%o' $((0666 & ~0$mask)))
	check "umask $mask: --excess file mode $want" [ "$(stat -c %a e.txt)" = "$want" ]
done
chmod 640 e.txt
"$ANALYZE" --excess e.txt s.st > /dev/null
check "a replaced file keeps its mode 640" [ "$(stat -c %a e.txt)" = 640 ]
rm -rf figs
(umask 027 && "$ANALYZE" --plot figs s.st > /dev/null) || fail "--plot under umask 027"
check "figures get 0666 & ~umask" [ "$(stat -c %a figs/timings.png)" = 640 ]
check "plot data files too" [ "$(stat -c %a figs/minima.txt)" = 640 ]

# A plot directory holding a symlink where a figure goes: refused whole,
# before a sample is read (exit 1; it had been exit 3 after the report).
mkdir -p guarded
ln -s /dev/null guarded/timings.png
rc=$(rc_of "$ANALYZE" --plot guarded s.st)
check "--plot over a symlink: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "the symlink is untouched" [ -L guarded/timings.png ]
check "nothing else was written" [ "$(ls guarded | wc -l)" -eq 1 ]

# Names gnuplot would read as commands or datablocks.
command -v gnuplot > /dev/null || skip "gnuplot not installed"
for name in '<touch PWNED;cat ' '|touch PWNED2' '$x' "quote'd\"dir"; do
	rc=$(rc_of "$ANALYZE" --plot "$name" s.st)
	check "--plot '$name': exit 0 ($rc)" [ "$rc" -eq 0 ]
	check "--plot '$name': figures drawn" [ -s "$name/timings.png" ]
done
check "nothing was run" [ ! -e PWNED ] && [ ! -e /PWNED ] && [ ! -e PWNED2 ]
cp s.st '<touch PWNED3;cat '
rc=$(rc_of "$ANALYZE" --plot figs2 '<touch PWNED3;cat ')
check "an input named like a command: exit 0 ($rc)" [ "$rc" -eq 0 ]
check "nothing was run" [ ! -e PWNED3 ]
