#!/bin/sh
# Every warning has a stable code: warning_codes in the JSON, one for
# each of warnings, in their order, each one of analyzer/fit/warnings.h's
# and docs/json.md's; the codes of known warnings are the expected ones.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}" "${SUBTICK_SOURCE_ROOT:?}"
cd "$T"
# few N, narrow range, few runs (the golden warnings stream)
"$SYNTH" --seed 9 --range 1000:1010:5 --runs 3 > w.st
"$ANALYZE" --json w.st > w.json
# a machine slowing: a speed ramp
"$SYNTH" --seed 1 --runs 40 --drift 0.02 > d.st
"$ANALYZE" --json d.st > d.json
python3 - "$SUBTICK_SOURCE_ROOT" w.json d.json <<'PY'
import json, re, sys
root = sys.argv[1]
names = set(re.findall(r'\[WARN_[A-Z0-9_]+\] = "([a-z0-9_]+)"',
                       open(root + "/analyzer/fit/warnings.c").read()))
doc = open(root + "/docs/json.md").read()
rows = [l for l in doc.splitlines() if l.startswith("| `warning_codes` |")]
assert len(rows) == 1, ("docs/json.md: one row of warning_codes", len(rows))
documented = set(re.findall(r"`([a-z0-9_]+)`", rows[0])) - {"warning_codes", "warnings"}
assert names == documented, ("warnings.c and docs/json.md differ", names ^ documented)
want = {"w.json": {"few_n", "narrow_range", "few_runs"}, "d.json": {"speed_ramp"}}
for path in sys.argv[2:]:
    j = json.load(open(path))
    codes, texts = j["warning_codes"], j["warnings"]
    assert len(codes) == len(texts), (path, codes, texts)
    assert set(codes) <= names, (path, codes)
    for c, t in zip(codes, texts):
        # the text begins with its code's words where it has a prefix
        assert not (c == "few_n") or t.startswith("few N"), (c, t)
        assert not c.startswith("speed") or t.startswith("speed:"), (c, t)
    assert want[path.split("/")[-1]] <= set(codes), (path, codes)
print("ok")
PY
check "warning_codes: one a warning, known, documented, the expected ones" true
