#!/bin/sh
# The collector compiles for aarch64 (CNTVCT_EL0), warning-free, and reads
# the counter between two isb.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_SOURCE_ROOT:?}"
CC=aarch64-linux-gnu-gcc
command -v $CC > /dev/null || skip "$CC not installed (Debian: gcc-aarch64-linux-gnu)"
[ -d /usr/include/gsl ] || skip "GSL headers not installed"

src=$SUBTICK_SOURCE_ROOT/collector
mkdir "$T/inc"
ln -s /usr/include/gsl "$T/inc/gsl"	# GSL's headers are the same on every architecture
for f in "$src"/*.c "$src"/core/*.c "$src"/lib/*.c; do
	check "$(basename "$f") compiles for aarch64" \
		$CC -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Wpedantic -Werror \
		-I "$src" -I "$src/include" -I "$src/core" -I "$src/lib" -isystem "$T/inc" \
		-c "$f" -o "$T/$(basename "$f").o"
done
aarch64-linux-gnu-objdump -d "$T/sampler.c.o" > "$T/d" 2> /dev/null ||
	objdump -d "$T/sampler.c.o" > "$T/d"
check "the sampler reads cntvct_el0" grep -q 'mrs.*cntvct_el0' "$T/d"
check "between isb barriers" sh -c "grep -B1 -A1 'cntvct_el0' '$T/d' | grep -c isb | awk '\$1 >= 2 { ok = 1 } END { exit !ok }'"
