#!/bin/sh
# The collector compiles for aarch64 (CNTVCT_EL0), warning-free, and reads
# the counter between two isb; libsubtick.a made for aarch64 the way meson
# makes it exports only the API.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_SOURCE_ROOT:?}"
CC=aarch64-linux-gnu-gcc
OBJCOPY=aarch64-linux-gnu-objcopy
command -v $CC > /dev/null || skip "$CC not installed (Debian: gcc-aarch64-linux-gnu)"
command -v $OBJCOPY > /dev/null || skip "$OBJCOPY not installed (Debian: binutils-aarch64-linux-gnu)"
[ -e /usr/aarch64-linux-gnu/lib/libc.so ] ||
	skip "the aarch64 C library is not installed (Debian: libc6-dev-arm64-cross)"
[ -d /usr/include/gsl ] || skip "GSL headers not installed"

src=$SUBTICK_SOURCE_ROOT/collector
mkdir "$T/inc"
ln -s /usr/include/gsl "$T/inc/gsl"	# GSL's headers are the same on every architecture
# The core's and the library's code as meson builds libsubtick's: its
# functions hidden but the API's, position-independent; its version.c
# made from version.c.in as vcs_tag and meson's -D make it.
sed -e 's/@VCS_TAG@/cross/' -e 's/SUBTICK_[A-Z]*_VERSION/"0"/' "$src/core/version.c.in" > "$T/version.c"
libobjs=""
for f in "$src"/*.c "$src"/core/*.c "$src"/lib/*.c "$T/version.c"; do
	o="$T/$(basename "$f").o" lib=""
	case $f in
	"$src"/core/* | "$src"/lib/* | "$T"/version.c)
		lib="-fvisibility=hidden -fPIC"
		libobjs="$libobjs $o" ;;
	esac
	# shellcheck disable=SC2086 # $lib is several flags or none
	check "$(basename "$f") compiles for aarch64" \
		$CC -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Wpedantic -Werror $lib \
		-I "$src" -I "$src/include" -I "$src/core" -I "$src/lib" -isystem "$T/inc" \
		-c "$f" -o "$o"
done
aarch64-linux-gnu-objdump -d "$T/sampler.c.o" > "$T/d" 2> /dev/null ||
	objdump -d "$T/sampler.c.o" > "$T/d"
check "the sampler reads cntvct_el0" grep -q 'mrs.*cntvct_el0' "$T/d"
check "between isb barriers" sh -c "grep -B1 -A1 'cntvct_el0' '$T/d' | grep -c isb | awk '\$1 >= 2 { ok = 1 } END { exit !ok }'"

# libsubtick.a for aarch64, made as collector/meson.build makes it with a
# cross file naming the cross objcopy: the objects joined by the compiler
# driver (-r), their hidden symbols made local.  Its only global names are
# the API's, and a program that defines the core's names links with it.
# shellcheck disable=SC2086 # $libobjs is a list of files (no blanks: mktemp's)
check "the library's objects join into one (-r)" \
	$CC -r -nostdlib -o "$T/joined.o" $libobjs
check "objcopy --localize-hidden" $OBJCOPY --localize-hidden "$T/joined.o" "$T/public.o"
aarch64-linux-gnu-ar rcs "$T/libsubtick.a" "$T/public.o"
nm -g --defined-only "$T/libsubtick.a" | awk 'NF == 3 { print $3 }' > "$T/names"
echo "    defined: $(tr '\n' ' ' < "$T/names")"
check "libsubtick.a for aarch64 defines only subtick_*" sh -c "! grep -v '^subtick_' '$T/names'"
check "and subtick_open" grep -qx subtick_open "$T/names"
cat > "$T/mine.c" <<'C'
#include <subtick/subtick.h>
int parse_u64(void);
int rng_seed(void);
int stream_init(void);
int select_kth(void);
int parse_u64(void) { return 1; }
int rng_seed(void) { return 2; }
int stream_init(void) { return 3; }
int select_kth(void) { return 4; }
int main(void)
{
	subtick_recorder *r = subtick_open("mine.st", "mine", 0);
	return parse_u64() + rng_seed() + stream_init() + select_kth() != 10 || subtick_close(r) != 0;
}
C
check "a program with parse_u64, rng_seed, stream_init and select_kth links with it" \
	$CC -I "$src/include" "$T/mine.c" "$T/libsubtick.a" -lm -o "$T/mine"
