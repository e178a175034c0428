#!/bin/sh
# The count kernel is one dependent decrement per iteration: a scalar loop
# with a backward branch, no vector instructions, not removed.
. "$(dirname "$0")/lib.sh"
command -v objdump > /dev/null || skip "objdump not installed"
[ "$(uname -m)" = x86_64 ] || skip "x86-64 only"

objdump -d --no-show-raw-insn "$COLLECT" --disassemble=kernel_count_run > "$T/d"
sed -n '/<kernel_count_run>:/,/^$/p' "$T/d" > "$T/f"
cat "$T/f"
check "kernel_count_run is in the binary" [ -s "$T/f" ]
check "no vector registers" sh -c "! grep -Eq '%[xyz]mm' '$T/f'"
# gcc writes sub $0x1, clang add $-1 (shown as add $0xffffffffffffffff).
check "a decrement (sub \$0x1, add \$-1 or dec)" \
	grep -Eq 'sub +\$0x1,|add +\$0xffffffffffffffff,|add +\$-1,|dec ' "$T/f"
# A conditional jump to an address inside the function, before itself.
backward=0
while read -r addr op target rest; do
	case $op in j*) ;; *) continue ;; esac
	case $op in jmp) continue ;; esac
	addr=${addr%:}
	[ $((0x$target)) -lt $((0x$addr)) ] && backward=1
done < "$T/f"
check "a backward conditional branch" [ "$backward" -eq 1 ]
check "at most 8 instructions (not unrolled)" [ "$(grep -c '^ *[0-9a-f]*:' "$T/f")" -le 8 ]
