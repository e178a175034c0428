#!/bin/sh
# A user kernel, built the way the README and docs/collect.md say, runs
# under collect.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_SOURCE_ROOT:?}"

cc -O2 -shared -fPIC -I "$SUBTICK_SOURCE_ROOT/collector/include" \
	-o "$T/libsum.so" "$SUBTICK_SOURCE_ROOT/collector/examples/sum.c" ||
	fail "the documented build command for the example failed"
"$COLLECT" --kernel "$T/libsum.so:sum" --n 1000,2000,4000,8000 --runs 10 -q \
	-o "$T/s" 2> "$T/err" || fail "collect exited $?: $(cat "$T/err")"
check "kernel recorded in the header" \
	[ "$(header_value "$T/s" kernel)" = "$T/libsum.so:sum" ]
check "40 samples" [ "$(grep -vc '^#' "$T/s")" -eq 40 ]
check "collection finished" sh -c "tail -n 1 '$T/s' | grep -q '^# done'"
# The work is really done: the minimum at 8000 is well above that at 1000.
check "t grows with n" awk '
	!/^#/ { if (!($1 in m) || $2 < m[$1]) m[$1] = $2 }
	END { exit !(m[8000] > 4 * m[1000]) }' "$T/s"

# The automatic plan probes the user kernel (setup/teardown in pairs).
"$COLLECT" --kernel "$T/libsum.so:sum" --budget 0.3 -q -o "$T/auto" 2> "$T/err" ||
	fail "automatic plan on the user kernel: $(cat "$T/err")"
check "automatic plan wrote samples" [ "$(grep -vc '^#' "$T/auto")" -gt 64 ]

# A kernel whose setup fails is an error, not a crash.
cat > "$T/bad.c" <<'C'
#include "subtick/kernel.h"
SUBTICK_KERNEL(bad);
int bad_setup(uint64_t n_max, void **ctx) { (void)n_max; (void)ctx; return -1; }
void bad(uint64_t n, void *ctx) { (void)n; (void)ctx; }
void bad_teardown(void *ctx) { (void)ctx; }
C
cc -O2 -shared -fPIC -I "$SUBTICK_SOURCE_ROOT/collector/include" -o "$T/libbad.so" "$T/bad.c"
rc=0
"$COLLECT" --kernel "$T/libbad.so:bad" --n 1,2,3 --runs 1 -o "$T/none" 2> "$T/err" || rc=$?
check "failing setup: exit 1 ($rc)" [ "$rc" -eq 1 ]
check "failing setup: says so" grep -q 'setup' "$T/err"
check "failing setup: no output file" [ ! -e "$T/none" ]
