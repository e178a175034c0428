#!/bin/sh
# Every constant of analyzer/noise/tunables.h stands in docs/model.md's
# table with the same value, and the table names no constant the header
# lacks: the derivations stay beside the values they derive.
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_SOURCE_ROOT:?}"
H=$SUBTICK_SOURCE_ROOT/analyzer/noise/tunables.h
D=$SUBTICK_SOURCE_ROOT/docs/model.md
# NAME VALUE, the value without parentheses
sed -n 's/^#define \([A-Z][A-Z0-9_]*\) \(.*\)$/\1 \2/p' "$H" | tr -d '()' | sort > "$T/header"
sed -n 's/^| `\([A-Z][A-Z0-9_]*\)` | \([^ |]*\) |.*/\1 \2/p' "$D" | sort > "$T/table"
check "tunables.h: its constants read ($(wc -l < "$T/header"))" [ "$(wc -l < "$T/header")" -ge 20 ]
check "docs/model.md: its table read ($(wc -l < "$T/table") rows)" [ -s "$T/table" ]
# the values compared as numbers: 0.1 and 0.10 agree
python3 - "$T/header" "$T/table" > "$T/diff" <<'PY' || true
import sys
def read(p):
    return {n: float(v) for n, v in (l.split() for l in open(p))}
h, t = read(sys.argv[1]), read(sys.argv[2])
for n in sorted(set(h) | set(t)):
    if n not in t:
        print(f"{n} = {h[n]} in tunables.h, not in the table")
    elif n not in h:
        print(f"{n} = {t[n]} in the table, not in tunables.h")
    elif h[n] != t[n]:
        print(f"{n}: {h[n]} in tunables.h, {t[n]} in the table")
PY
cat "$T/diff"
check "every constant in the table, with its value, and no other" [ ! -s "$T/diff" ]
