#!/bin/sh
# libsubtick defines no global name but its API, in the shared library
# (hidden visibility) and in the static one (one object whose hidden
# symbols objcopy made local: collector/meson.build), so that a program
# linked with either may give its own functions the names of the
# library's core (parse_u64, rng_seed, stream_init, select_kth, ...): it
# links, and the library calls its own code, not the program's.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_SOURCE_ROOT:?}" "${LIBSUBTICK_DIR:?}"
cd "$T"
src=$SUBTICK_SOURCE_ROOT/collector
lib=$LIBSUBTICK_DIR
CC=${CC:-cc}
san=${SUBTICK_SANITIZE_FLAGS:-}	# as the library was built
command -v nm > /dev/null || skip "nm not installed (binutils)"

# defined FILE...: the global names FILE defines, once each
defined() {
	nm -g --defined-only "$@" | awk 'NF == 3 { print $3 }' | sort -u
}

# The API: what subtick.h declares with SUBTICK_API, and what compat.h
# does (a function kept for programs built against an older header).
sed -n 's/^SUBTICK_API .*[ *(]\(subtick_[a-z0-9_]*\))*(.*/\1/p' \
	"$src/include/subtick/subtick.h" "$src/lib/compat.h" | sort -u > api
check "the API read from the headers: $(wc -l < api) functions" \
	sh -c "[ \$(wc -l < api) -ge 10 ] && grep -qx subtick_open api"

# What a linker defines in every shared object it makes, which some
# versions of binutils leave global in its symbol table: the ends of its
# sections and its init and fini code, each object's own (never looked
# up across objects).
printf '%s\n' __bss_start _edata _end _fini _init > linker

# only_api FILE...: FILE defines the API, all of it, and nothing else.
only_api() {
	defined "$@" | grep -vxF -f linker > names || true
	if ! cmp -s api names; then
		echo "  defined but not the API: $(comm -13 api names | tr '\n' ' ')"
		echo "  the API but not defined: $(comm -23 api names | tr '\n' ' ')"
		return 1
	fi
}
check "libsubtick.a defines the API and nothing else" only_api "$lib/libsubtick.a"
check "libsubtick.so defines the API and nothing else" only_api "$lib/libsubtick.so"
check "libsubtick.so exports the API and nothing else" \
	sh -c "nm -D --defined-only '$lib/libsubtick.so' | awk 'NF == 3 { print \$3 }' | sort -u | cmp -s api -"

# The Fortran module's library: gfortran names a procedure or derived type
# of module subtick __subtick_MOD_NAME (and the copy, default, type-bound
# table and finalizer of each type __subtick_MOD___copy_..., ...): names
# of the module's own, which C reserves (two underscores) and which a
# Fortran program meets only through a module of its own named subtick.
# It holds none of the C library's code.
fortran_only_module() {
	defined "$@" | grep -vxF -f linker | grep -v '^__subtick_MOD_' > names || true
	[ ! -s names ] || { echo "  not the module's: $(tr '\n' ' ' < names)"; return 1; }
}
if [ -f "$lib/libsubtick_fortran.a" ]; then
	check "libsubtick_fortran.a defines only __subtick_MOD_*" fortran_only_module "$lib/libsubtick_fortran.a"
	check "libsubtick_fortran.so defines only __subtick_MOD_*" fortran_only_module "$lib/libsubtick_fortran.so"
fi

# A program of the core's names.  Its own parse_u64, rng_seed, stream_init
# and select_kth count their calls (the program's 4, none by the library);
# every other global name the library's internal archives define is an
# array of its own.
cat > mine.c <<'C'
#include <stdint.h>
#include <stdio.h>
#include <subtick/subtick.h>

static volatile int calls;

int parse_u64(const char *s);
unsigned long rng_seed(unsigned long x);
double stream_init(double x);
int select_kth(int k);

int parse_u64(const char *s) { calls++; return s[0]; }
unsigned long rng_seed(unsigned long x) { calls++; return x + 1; }
double stream_init(double x) { calls++; return 2 * x; }
int select_kth(int k) { calls++; return -k; }

int main(int argc, char **argv)
{
	if (argc != 2 || parse_u64("7") != '7' || rng_seed(1) != 2 ||
	    stream_init(1.5) != 3.0 || select_kth(4) != -4)
		return 1;
	subtick_recorder *r = subtick_open(argv[1], "mine", NULL);
	if (r == NULL) {
		perror(argv[1]);
		return 1;
	}
	for (uint64_t i = 0; i < 300; i++) {
		volatile uint64_t x = 0;
		uint64_t n = 100 * (i % 10 + 1);
		uint64_t t0 = subtick_start(r);
		for (uint64_t k = 0; k < n; k++)
			x += k;
		if (subtick_stop(r, n, t0) < 0)
			return 1;
	}
	struct subtick_result res;
	if (subtick_result(r, &res) != 0 || subtick_close(r) != 0)
		return 1;
	printf("%d %d\n", calls, res.ok);
	return 0;
}
C
# the names of the core and the recorder, where their archives are (the
# build tree); C's names only (ASan adds its own, __odr_asan.build_version)
: > names.c
for a in "$lib/core/libsubtick_core.a" "$lib/libsubtick_recorder.a"; do
	[ -f "$a" ] || continue
	defined "$a" | grep -v '^subtick_' | grep -x '[A-Za-z_][A-Za-z0-9_]*' |
		grep -vx -e parse_u64 -e rng_seed -e stream_init -e select_kth |
		sed 's/.*/char &[1];/' >> names.c
done
echo "    the program defines $(($(wc -l < names.c) + 4)) of the core's names"

# shellcheck disable=SC2086 # $san is one flag or none
"$CC" -O1 $san -I "$src/include" mine.c names.c "$lib/libsubtick.a" -lm -o mine_static 2> link.err ||
	fail "a program defining the core's names did not link with libsubtick.a: $(grep -m 3 -i 'multiple\|error' link.err)"
# shellcheck disable=SC2086
"$CC" -O1 $san -I "$src/include" mine.c names.c -L "$lib" -lsubtick -Wl,-rpath,"$lib" -o mine_shared 2> link.err ||
	fail "a program defining the core's names did not link with libsubtick.so: $(grep -m 3 -i 'multiple\|error' link.err)"
for how in static shared; do
	out=$(./mine_$how "$how.st") || fail "the program linked $how exited $?"
	check "linked $how: the program's own functions called by it alone ($out: 4 calls, a line)" \
		[ "$out" = "4 1" ]
	check "linked $how: a whole stream" only_complete_lines "$how.st"
done
