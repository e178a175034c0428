#!/bin/sh
# collect | head ends quietly, soon.
. "$(dirname "$0")/lib.sh"

start=$(date +%s)
"$COLLECT" --budget 30 -q 2> "$T/err" | head -n 40 > "$T/out"
end=$(date +%s)
check "head got 40 lines" [ "$(wc -l < "$T/out")" -eq 40 ]
check "no error on stderr (warnings about this machine allowed)" \
	sh -c "! grep -v '^collect: \\(warning\\|note\\): ' '$T/err'"
check "collect stopped long before its 30 s budget" [ $((end - start)) -lt 15 ]
