#!/bin/sh
# After meson install, analyze finds its gnuplot scripts in the prefix.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_SOURCE_ROOT:?}" "${SYNTH:?}"
command -v gnuplot > /dev/null || skip "gnuplot not installed"

meson setup --prefix "$T/prefix" -Dtests=disabled "$T/build" "$SUBTICK_SOURCE_ROOT" > "$T/log" 2>&1 ||
	fail "meson setup: $(tail -5 "$T/log")"
ninja -C "$T/build" > "$T/log" 2>&1 || fail "ninja: $(tail -5 "$T/log")"
meson install -C "$T/build" > "$T/log" 2>&1 || fail "meson install: $(tail -5 "$T/log")"
rm -rf "$T/build"	# nothing left but the installed files

check "collect installed" [ -x "$T/prefix/bin/collect" ]
check "analyze installed" [ -x "$T/prefix/bin/analyze" ]
check "the scripts installed" [ -s "$T/prefix/share/subtick/plots/timings.gp" ]
check "the kernel header installed" [ -s "$T/prefix/include/subtick/kernel.h" ]
"$SYNTH" --seed 2 --runs 10 > "$T/s"
"$T/prefix/bin/analyze" --plot "$T/fig" "$T/s" > /dev/null 2> "$T/err" ||
	fail "installed analyze --plot: $(cat "$T/err")"
check "installed analyze drew its figures" [ -s "$T/fig/excess-time.png" ]
