#!/usr/bin/env python3
"""numdiff.py EXPECTED ACTUAL [EXPECTED ACTUAL...] - compare reports, numbers
with a tolerance.

Text between numbers must be equal.  Two numbers agree when they differ by
at most a relative 1e-9, or by one unit in the last digit either of them
printed (a "%.4g" may round the other way after a change of compiler or
libm).  For each pair prints "same ACTUAL", or "differs ACTUAL" and its
first disagreements; exits 1 when any pair differs.
"""
import re
import sys

NUM = re.compile(r'[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?')
REL = 1e-9


def last_digit_unit(tok):
    mant, _, exp = tok.lower().partition('e')
    e = int(exp) if exp else 0
    frac = mant.split('.')[1] if '.' in mant else ''
    return 10.0 ** (e - len(frac))


def split(text):
    parts, pos = [], 0
    for m in NUM.finditer(text):
        parts.append(('text', text[pos:m.start()]))
        parts.append(('num', m.group()))
        pos = m.end()
    parts.append(('text', text[pos:]))
    return parts


def agree(a, b):
    x, y = float(a), float(b)
    if x == y:
        return True
    tol = max(REL * max(abs(x), abs(y)), last_digit_unit(a), last_digit_unit(b))
    return abs(x - y) <= tol * (1 + 1e-12)


def differences(expected, actual):
    """The disagreements of two files, as lines to print."""
    exp, act = (open(f).read().splitlines() for f in (expected, actual))
    out = []
    if len(exp) != len(act):
        out.append(f"line count differs: {len(exp)} expected, {len(act)} actual")
    for i, (e, a) in enumerate(zip(exp, act), 1):
        pe, pa = split(e), split(a)
        ok = len(pe) == len(pa) and all(
            (k1 == k2 and (v1 == v2 if k1 == 'text' else agree(v1, v2)))
            for (k1, v1), (k2, v2) in zip(pe, pa))
        if not ok:
            out.append(f"line {i}:\n- {e}\n+ {a}")
    return out


def main():
    if len(sys.argv) < 3 or len(sys.argv) % 2 == 0:
        sys.exit("usage: numdiff.py EXPECTED ACTUAL [EXPECTED ACTUAL...]")
    bad = 0
    for expected, actual in zip(sys.argv[1::2], sys.argv[2::2]):
        out = differences(expected, actual)
        print(("differs " if out else "same ") + actual)
        print("\n".join(out[:10]) if out else "", end="\n" if out else "")
        bad += bool(out)
    sys.exit(1 if bad else 0)


main()
