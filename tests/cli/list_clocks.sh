#!/bin/sh
# collect --list-clocks finds the real tick of each clock.
. "$(dirname "$0")/lib.sh"

"$COLLECT" --list-clocks > "$T/list" || fail "--list-clocks exited $?"
cat "$T/list"

tick() { awk -v c="$1" '$1 == c { print $2 }' "$T/list"; }
claim() { awk -v c="$1" '$1 == c { print $4 }' "$T/list"; }

# The COARSE clocks step once per timer interrupt; clock_getres() reports
# that period for them (4 ms here, at HZ=250), and detection must agree.
for c in monotonic-coarse realtime-coarse; do
	check "$c tick $(tick $c) equals its jiffy $(claim $c)" \
		[ "$(tick $c)" = "$(claim $c)" ]
	check "$c tick is at least 1 ms" [ "$(tick $c)" -ge 1000000 ]
done
if [ "$(uname -m)" = x86_64 ] && [ -z "${SUBTICK_EMULATOR:-}" ]; then
	# The TSC counts at GHz rates; a guest may see it step by more than one
	# unit (2 on an Intel KVM guest, 26 = 10 ns on an AMD one), never by
	# more than a fine clock's step.
	t=$(tick tsc)
	t_ns=$(awk '$1 == "tsc" { print $3 }' "$T/list")
	check "tsc tick $t is at least 1" [ "$t" -ge 1 ]
	check "tsc tick $t_ns ns is at most 100 ns" awk -v x="$t_ns" 'BEGIN { exit !(x > 0 && x <= 100) }'
fi
# aarch64's counter, CNTVCT_EL0 (the TSC's role): a tick of a unit or
# more, in ns too (under qemu-user the counter is the emulator's, 62.5 MHz
# in qemu 7.2, whose tick says nothing of a CPU's: not asserted).
if grep -q '^cntvct ' "$T/list" || [ -n "${SUBTICK_EMULATOR:-}" ]; then
	t=$(tick cntvct)
	t_ns=$(awk '$1 == "cntvct" { print $3 }' "$T/list")
	check "cntvct is listed, its tick $t at least 1" [ "${t:-0}" -ge 1 ]
	check "and $t_ns ns, more than 0" [ "${t_ns:-0}" -gt 0 ]
fi
check "monotonic tick is below 1 us" [ "$(tick monotonic)" -lt 1000 ]

# One clock, coarsened: 2^10 times the native tick.  Not under an
# emulator: there the native tick read in one run (1 ns) and the next
# (10 ns) differ with the emulated reads' pace, and the two runs' ticks
# are no measure of each other.
"$COLLECT" --list-clocks --clock monotonic-raw > "$T/one"
"$COLLECT" --list-clocks --clock monotonic-raw --coarsen 10 > "$T/coarse"
n=$(awk '$1 == "monotonic-raw" { print $2 }' "$T/one")
k=$(awk '$1 == "monotonic-raw" { print $2 }' "$T/coarse")
if [ -z "${SUBTICK_EMULATOR:-}" ]; then
	check "--coarsen 10 multiplies the tick by 1024 ($n -> $k)" [ "$k" -eq $((n * 1024)) ]
else
	r=$((k % 1024))
	check "--coarsen 10: a tick of a multiple of 1024 ($k), under an emulator" \
		[ "$k" -ge 1024 -a "$r" -eq 0 ]
fi
check "--clock limits the list to one clock" [ "$(grep -vc '^#' "$T/one")" -eq 1 ]
