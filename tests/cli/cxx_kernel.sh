#!/bin/sh
# A kernel written in C++ with SUBTICK_KERNEL loads in collect by its plain
# name (the header gives it C linkage), and its NAME_check is found too.
. "$(dirname "$0")/lib.sh"
[ -n "${SUBTICK_CXX_SO:-}" ] || skip "no C++ compiler: the C++ kernel was not built"
so=$SUBTICK_CXX_SO
check "cxxsum is exported unmangled" sh -c "nm -D --defined-only '$so' | grep -q ' T cxxsum$'"
check "cxxsum_check is exported unmangled" sh -c "nm -D --defined-only '$so' | grep -q ' T cxxsum_check$'"
"$COLLECT" --kernel "$so:cxxsum" --n 1000,2000,4000,8000 --runs 10 -q -o "$T/s" 2> "$T/err" ||
	fail "collect on the C++ kernel exited $?: $(cat "$T/err")"
check "40 samples" [ "$(grep -vc '^#' "$T/s")" -eq 40 ]
check "its check ran" grep -q '^# checked: NAME_check at N=1000 8000' "$T/s"
check "t grows with n" awk '
	!/^#/ { if (!($1 in m) || $2 < m[$1]) m[$1] = $2 }
	END { exit !(m[8000] > 4 * m[1000]) }' "$T/s"
