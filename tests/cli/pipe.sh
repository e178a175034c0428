#!/bin/sh
# collect | head ends quietly, as soon as head has its lines: long before
# its budget of an hour (a watchdog ends it after 100 s if it does not).
. "$(dirname "$0")/lib.sh"

{ timeout 100 "$COLLECT" --budget 3600 -q 2> "$T/err"; echo $? > "$T/rc"; } | head -n 40 > "$T/out"
check "head got 40 lines" [ "$(wc -l < "$T/out")" -eq 40 ]
check "no error on stderr (warnings about this machine allowed)" \
	sh -c "! grep -v '^collect: \\(warning\\|note\\): ' '$T/err'"
check "collect stopped on its own, not by the watchdog (exit $(cat "$T/rc"))" [ "$(cat "$T/rc")" -ne 124 ]
