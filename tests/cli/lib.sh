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

# hup_ignored: SIGHUP is ignored here (nohup), and so, rightly, by the
# programs started from here: a check that sends it is not made.
hup_ignored() {
	ign=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status 2> /dev/null || true)
	[ -n "$ign" ] && [ $(( 0x$ign & 1 )) -eq 1 ] &&
		echo "SIGHUP is ignored here (nohup?): not sent"
}

# small_tmpfs DIR: a file system of 64 KiB mounted on DIR (made), for a
# full disk; unmounted on exit.  Root only: 1 where it cannot be mounted
# (a check that needs it is then skipped, and says so).
small_tmpfs() {
	mkdir -p "$1"
	[ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=64k tmpfs "$1" 2> /dev/null || return 1
	mounted="${mounted-} $1"
	trap 'for m in $mounted; do umount "$m"; done; rm -rf "$T"' EXIT
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

# Under an emulator (a cross build's tests, run by qemu-user: meson sets
# SUBTICK_EMULATOR) only the tests below run: they time nothing or assert
# nothing of the times.  The others time real clocks, whose readings under
# emulation say nothing of the CPU's costs, or run analyses that take
# minutes there (analyze runs 6 to 15 times slower); they run natively.
if [ -n "${SUBTICK_EMULATOR:-}" ]; then
	case $(basename "$0" .sh) in
	list_clocks | budget_stream | cross_aarch64 | analyze_golden | \
	analyze_bad_input | foreign_input | analyze_arch | versions) ;;
	analyze_* | foreign | pipeline | plots | man_pages | help | tunables | \
	warning_codes | install | readme)
		skip "left to the native builds: under $SUBTICK_EMULATOR it would add minutes to the suite" ;;
	*)
		skip "times real clocks, which under $SUBTICK_EMULATOR say nothing of the CPU's costs: run natively" ;;
	esac
fi


# python3, resolved once to the interpreter itself: a version manager's
# shim on PATH can take a third of a second to start, and the longest
# tests start it dozens of times (on a loaded machine, minutes in all)
if py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) && [ -x "$py" ]; then
	PYTHON3=$py
	python3() { "$PYTHON3" "$@"; }
fi

# error_lines FILE: a program's stderr without the usage that follows a
# usage error's own line ("usage:" up to "Every option: PROG --help.").
error_lines() {
	sed '/^usage:$/,/^Every option: .* --help\.$/d' "$1"
}

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
# within max(1, value/1e6) of a multiple of TICK (collector/core/tick.h);
# TICK may be a mean step, not an integer (within 1.5 of one, then: each
# reading is rounded to a unit).
near_multiples() {
	awk -v f="$2" -v k="$3" '!/^#/ { n++; r = $f % k; if (k - r < r) r = k - r; tol = $f * 1e-6; if (tol < 1) tol = 1; if (k != int(k) && tol < 1.5) tol = 1.5; if (r <= tol || k == 1) ok++ } END { exit !(n > 0 && 4 * ok >= 3 * n) }' "$1"
}

# not_within VALUE TRUTH TOLERANCE: |VALUE - TRUTH| > TOLERANCE
not_within() {
	! within "$@"
}

# Waiting for an event, not for a time: a test that sleeps a fixed time and
# hopes the event came is calibrated on one machine's speed and load.

# tries N COMMAND...: run COMMAND until it succeeds, N times at most; 0 if
# it did.  For two collections compared, which a slow stretch of the
# machine falling on one of them can part: a real difference parts every
# try.  ($try is the try's number.)
tries() {
	tries_max=$1
	shift
	try=0
	while [ "$try" -lt "$tries_max" ]; do
		try=$((try + 1))
		"$@" && return 0
	done
	return 1
}

# wait_for SECONDS COMMAND...: run COMMAND every 50 ms until it succeeds;
# fail after SECONDS (a deadline for a slow, loaded machine, not a claim).
wait_for() {
	limit=$1
	shift
	start=$(date +%s)
	until "$@"; do
		[ $(($(date +%s) - start)) -lt "$limit" ] || fail "waited $limit s for: $*"
		sleep 0.05
	done
}

# catches PID NUMBER: process PID has a handler for signal NUMBER.
catches() {
	cgt=$(sed -n 's/^SigCgt:[[:space:]]*//p' /proc/"$1"/status 2> /dev/null) &&
		[ -n "$cgt" ] && [ $(( (0x$cgt >> ($2 - 1)) & 1 )) -eq 1 ]
}

# samples_in FILE [COUNT]: FILE holds at least COUNT (1) sample lines.
samples_in() {
	[ -f "$1" ] && [ "$(grep -vc '^#' "$1")" -ge "${2:-1}" ]
}

# wait_samples PID FILE [COUNT]: wait until FILE holds COUNT (1) samples,
# written by process PID: sampling has begun.  Fails if PID ends first.
wait_samples() {
	wait_for 120 sampling_or_gone "$@"
	kill -0 "$1" 2> /dev/null || fail "process $1 ended before writing samples to $2"
}
sampling_or_gone() {
	! kill -0 "$1" 2> /dev/null || samples_in "$2" "${3:-1}"
}

# now_ms: the wall clock in ms (GNU date).
now_ms() {
	date +%s%3N
}

# spin_measure: time the helper command $SUBTICK_SPIN (N decrements) here,
# through collect --exec, and set
#   spin_jitter_ns  the spread of its start-up: the 8th of 10 runs of
#                   "spin 0" minus the 1st (two outliers of a loaded machine
#                   left out); a sanitizer's start-up makes it milliseconds
#   spin_ns         its cost per decrement, from the fastest of 10 runs
#                   whose work is at least 5 times that spread
# The runs of 0 and of the work alternate in one collection, so that both
# see the same load; the work grows until it stands out of the jitter.
spin_measure() {
	: "${SUBTICK_SPIN:?}"
	m=10000000
	while :; do
		"$COLLECT" --exec "$SUBTICK_SPIN {N}" --n "0,$m" --runs 10 -q -o "$T/spin.st" \
			2> "$T/spin.err" || fail "timing $SUBTICK_SPIN exited $?: $(cat "$T/spin.err")"
		u=$(header_value "$T/spin.st" unit_ns)
		awk -v u="$u" '!/^#/ && $1 == 0 { printf "%.0f\n", $2 * u }' "$T/spin.st" |
			sort -n > "$T/spin0"
		lo=$(sed -n 1p "$T/spin0")
		spin_jitter_ns=$(($(sed -n 8p "$T/spin0") - lo))
		spin_ns=$(awk -v m="$m" -v u="$u" -v lo="$lo" '
			!/^#/ && $1 == m && (!k++ || $2 < best) { best = $2 }
			END { printf "%.6g", (best * u - lo) / m }' "$T/spin.st")
		awk -v j="$spin_jitter_ns" -v s="$spin_ns" -v m="$m" \
			'BEGIN { exit !(s > 0 && m * s >= 5 * j) }' && break
		# more: at least twice as much, and what the work's cost says is
		# enough, taken from its whole time over m (start-up included: a
		# cost per decrement that can only be too high, where the
		# difference of the two minima is too low when the runs of 0
		# were all slowed), up to runs of 5 s
		m=$(awk -v j="$spin_jitter_ns" -v m="$m" -v u="$u" '
			!/^#/ && $1 == m && (!k++ || $2 < best) { best = $2 }
			END { up = best * u / m; n = up > 0 ? 8 * j / up : 4 * m
			      n = n > 2 * m ? n : 2 * m
			      if (up > 0 && m * up >= 5e9) n = 0
			      else if (up > 0 && n * up > 5e9) n = 5e9 / up
			      printf "%.0f", n }' "$T/spin.st")
		[ "$m" -gt 0 ] || fail "spin's work never stood out of its start-up jitter"
	done
	echo "spin: start-up jitter $spin_jitter_ns ns, $spin_ns ns per decrement ($m decrements)"
}

# spin_units NS: how many decrements of spin take NS ns (spin_measure first).
spin_units() {
	awk -v t="$1" -v s="$spin_ns" 'BEGIN { printf "%.0f", t / s }'
}
