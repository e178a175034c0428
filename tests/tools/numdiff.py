#!/usr/bin/env python3
"""numdiff.py EXPECTED ACTUAL - compare two reports, numbers with a tolerance.

Text between numbers must be equal.  Two numbers agree when they differ by
at most a relative 1e-9, or by one unit in the last digit either of them
printed (a "%.4g" may round the other way after a change of compiler or
libm).  Prints the first disagreements and exits 1 when there are any.
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


def main():
    exp, act = (open(f).read().splitlines() for f in sys.argv[1:3])
    bad = 0
    if len(exp) != len(act):
        print(f"line count differs: {len(exp)} expected, {len(act)} actual")
        bad += 1
    for i, (e, a) in enumerate(zip(exp, act), 1):
        pe, pa = split(e), split(a)
        ok = len(pe) == len(pa) and all(
            (k1 == k2 and (v1 == v2 if k1 == 'text' else agree(v1, v2)))
            for (k1, v1), (k2, v2) in zip(pe, pa))
        if not ok:
            bad += 1
            if bad <= 10:
                print(f"line {i}:\n- {e}\n+ {a}")
    sys.exit(1 if bad else 0)


main()
