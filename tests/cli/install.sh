#!/bin/sh
# After meson install, analyze finds its gnuplot scripts in the prefix.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_SOURCE_ROOT:?}" "${SYNTH:?}"
command -v gnuplot > /dev/null || skip "gnuplot not installed"

# Unoptimized: this checks what is installed and where, not how fast it
# runs, and compiles in half the time.
meson setup --prefix "$T/prefix" -Dtests=disabled -Doptimization=0 "$T/build" "$SUBTICK_SOURCE_ROOT" > "$T/log" 2>&1 ||
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

# The library, as a user builds against it: pkg-config from outside the
# source tree, the C and the Fortran example, and analyze on their streams.
check "libsubtick's header installed" [ -s "$T/prefix/include/subtick/subtick.h" ]
pc=$(find "$T/prefix" -name subtick.pc | head -n 1)
check "subtick.pc installed" [ -n "$pc" ]
export PKG_CONFIG_PATH="${pc%/subtick.pc}"
libdir=$(pkg-config --variable=libdir subtick)
check "pkg-config knows subtick" [ -d "$libdir" ]
check "subtick's link line is C only: $(pkg-config --libs subtick)" \
	sh -c '! pkg-config --libs --static subtick | grep -q fortran'
# The installed library exports its API and nothing else, under the
# soname of its ABI (subtick(3), VERSIONS).
so=$(find "$libdir" -name 'libsubtick.so.*.*' | head -n 1)
nm -D --defined-only "$so" | awk '{ print $NF }' > "$T/exported"
echo "    exported: $(tr '\n' ' ' < "$T/exported")"
check "nm -D shows only subtick_*" sh -c "! grep -v '^subtick_' '$T/exported'"
check "subtick_version exported" grep -qx subtick_version "$T/exported"
check "soname libsubtick.so.1" sh -c "readelf -d '$so' | grep -q 'SONAME.*libsubtick.so.1]'"
# The static library defines no other name either (tests/cli/symbols.sh
# says why), and a program links it with what pkg-config --static adds.
a=$libdir/libsubtick.a
check "libsubtick.a installed" [ -s "$a" ]
nm -g --defined-only "$a" | awk 'NF == 3 { print $3 }' > "$T/defined"
check "nm -g shows only subtick_* in libsubtick.a" sh -c "! grep -v '^subtick_' '$T/defined'"
mkdir "$T/user" && cd "$T/user"
cp "$SUBTICK_SOURCE_ROOT/collector/examples/loop.c" .
# shellcheck disable=SC2046 # pkg-config prints several words
cc -O2 loop.c $(pkg-config --cflags --libs subtick) -o loop ||
	fail "cc loop.c \$(pkg-config --cflags --libs subtick) failed"
check "the C example links no Fortran runtime" sh -c "! ldd ./loop | grep -q gfortran"
# shellcheck disable=SC2046
cc -O2 loop.c $(pkg-config --cflags subtick) "$a" $(pkg-config --static --libs-only-l subtick | sed 's/-lsubtick//') -o loop_static ||
	fail "cc loop.c libsubtick.a \$(pkg-config --static --libs-only-l subtick) failed"
check "linked with libsubtick.a, the C example needs no libsubtick.so" sh -c "! ldd ./loop_static | grep -q libsubtick"
./loop loop.st || fail "the installed C example exited $? (without LD_LIBRARY_PATH: the rpath of pkg-config's Libs)"
"$T/prefix/bin/analyze" loop.st > loop.txt || fail "installed analyze on loop.st exited $?"
check "the C example's stream analyzes" grep -q '^unit cost' loop.txt
cat > version.c <<'C'
#include <stdio.h>
#include <string.h>
#include <subtick/subtick.h>
int main(void)
{
	printf("%s %d\n", subtick_version(), subtick_api_version());
	return subtick_api_version() >= SUBTICK_API_VERSION && strlen(subtick_version()) > 0 ? 0 : 1;
}
C
# shellcheck disable=SC2046
cc version.c $(pkg-config --cflags --libs subtick) -o version || fail "subtick_version() did not build"
./version > version.txt || fail "subtick_version(): exit $?"
check "subtick_version() through pkg-config: $(cat version.txt)" grep -q '^[0-9]' version.txt
if command -v gfortran > /dev/null && pkg-config --exists subtick-fortran; then
	cp "$SUBTICK_SOURCE_ROOT/collector/examples/loop.f90" .
	# shellcheck disable=SC2046
	gfortran -O2 loop.f90 $(pkg-config --cflags --libs subtick-fortran) -o loopf ||
		fail "gfortran against the installed module failed"
	./loopf loopf.st || fail "the installed Fortran example exited $?"
	"$T/prefix/bin/analyze" loopf.st > loopf.txt || fail "installed analyze on loopf.st exited $?"
	check "the Fortran example's stream analyzes" grep -q '^unit cost' loopf.txt
fi

check "the examples installed" [ -s "$T/prefix/share/doc/subtick/examples/loop.c" ] &&
	[ -s "$T/prefix/share/doc/subtick/examples/loop.f90" ] && [ -s "$T/prefix/share/doc/subtick/examples/sum.c" ]
# a kernel built from the installed example and header with pkg-config
# shellcheck disable=SC2046
cc -O2 -shared -fPIC $(pkg-config --cflags subtick) -o libsum.so "$T/prefix/share/doc/subtick/examples/sum.c" ||
	fail "the installed kernel example did not build with pkg-config --cflags subtick"
"$T/prefix/bin/collect" --kernel ./libsum.so:sum --budget 0.3 -q -o sum.st || fail "installed collect --kernel ./libsum.so:sum exited $?"
check "the installed kernel example runs" only_complete_lines sum.st

# The manual: a page for each program, the library and the stream.
for page in man1/collect.1 man1/analyze.1 man3/subtick.3 man5/subtick-stream.5; do
	f=$(find "$T/prefix" -path "*/man/$page" | head -n 1)
	check "man page $page installed" [ -n "$f" ] && [ -s "$f" ]
done
check "collect(1) holds its options" grep -q -- '--coarsen' "$(find "$T/prefix" -path '*/man/man1/collect.1')"
check "FORMAT.md installed" [ -n "$(find "$T/prefix" -path '*/doc/subtick/FORMAT.md')" ]
