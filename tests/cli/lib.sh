# lib.sh - helpers for the CLI tests.  Source it; it sets -eu and a scratch
# directory $T that is removed on exit.
set -eu

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
checks=0

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# check DESCRIPTION COMMAND...: run COMMAND, fail with DESCRIPTION if false.
check() {
	desc=$1
	shift
	checks=$((checks + 1))
	if ! "$@"; then
		fail "$desc"
	fi
	echo "ok $checks - $desc"
}

skip() {
	echo "SKIP: $*"
	exit 77
}

# header_value FILE KEY: the value of "# KEY: value" in a stream.
header_value() {
	sed -n "s/^# $2: //p" "$1" | head -n 1
}

# only_complete_lines FILE: every line is a comment or three unsigned
# integers, and the file ends with a newline.
only_complete_lines() {
	[ -s "$1" ] || return 1
	[ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || return 1
	awk '/^#/ { next } NF != 3 || $1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/ || $3 !~ /^[0-9]+$/ { bad = 1 } END { exit bad }' "$1"
}

: "${COLLECT:?COLLECT must name the collect binary}"

# json_get FILE PATH: a value from analyze --json, read by tests/jsonq (one
# process of C, not a python3 start): lists as "lo hi", true, false and null
# as JSON spells them; PATH may go deeper (compare.ratio_bounds).
json_get() {
	"${JSONQ:?JSONQ must name the jsonq tool}" "$1" "$2"
}

# within VALUE TRUTH TOLERANCE: |VALUE - TRUTH| <= TOLERANCE
within() {
	awk -v v="$1" -v t="$2" -v e="$3" 'BEGIN { d = v - t; if (d < 0) d = -d; exit !(d <= e) }'
}

# inside VALUE "LO HI"
inside() {
	set -- "$1" $2
	awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(lo <= v && v <= hi) }'
}

# near_multiples FILE FIELD TICK: at least 3/4 of the samples' FIELD are
# within max(1, value/1e6) of a multiple of TICK (collector/lib/tick.h).
near_multiples() {
	awk -v f="$2" -v k="$3" '!/^#/ { n++; r = $f % k; if (k - r < r) r = k - r; tol = $f * 1e-6; if (tol < 1) tol = 1; if (r <= tol || k == 1) ok++ } END { exit !(n > 0 && 4 * ok >= 3 * n) }' "$1"
}

# not_within VALUE TRUTH TOLERANCE: |VALUE - TRUTH| > TOLERANCE
not_within() {
	! within "$@"
}
