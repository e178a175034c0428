#!/usr/bin/env python3
"""variance_growth.py - how the variance of an N's runs grows with their
length, on the synthetic kinds of bench/model.py (docs/model.md, "What it
gets right, measured"): random interruptions at rate r of costs c add
r E[c^2] per unit of length (a Poisson count's variance grows as its
mean); the jitter adds a constant, or a term in the square of the length
where it is in proportion to the run.

    DISTURB=build/tests/disturb python3 bench/variance_growth.py [--seeds K]

For each kind and seed: b, the fitted growth (ns^2 per ns), and z, b over
its standard error (from the fit's own residual scatter where that
exceeds the normal theory's).  Each N's variance is weighted by
(runs - 1) / (2 v^2), v its fitted value, fitted three times."""
import math
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import model  # noqa: E402  (the kinds)


def solve(a, b):
    """a x = b for a 3x3 a (Gauss-Jordan, partial pivoting); None if singular."""
    m = [row[:] + [v] for row, v in zip(a, b)]
    for i in range(3):
        p = max(range(i, 3), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        if m[i][i] == 0:
            return None
        for r in range(3):
            if r != i:
                f = m[r][i] / m[i][i]
                for c in range(i, 4):
                    m[r][c] -= f * m[i][c]
    return [m[i][3] / m[i][i] for i in range(3)]


def growth(text):
    """(b, z) of a stream's text."""
    unit, runs = 1.0, defaultdict(list)
    for line in text.splitlines():
        if line.startswith("# unit_ns:"):
            unit = float(line.split(":")[1])
        if not line or line[0] == "#":
            continue
        f = line.split()
        runs[int(f[0])].append(int(f[1]) * unit)
    t, v, n = [], [], []
    for _, ts in sorted(runs.items()):
        if len(ts) < 8:
            continue
        m = sum(ts) / len(ts)
        t.append(m)
        v.append(sum((x - m) ** 2 for x in ts) / (len(ts) - 1))
        n.append(len(ts))
    top = max(t)
    x = [ti / top for ti in t]
    w = [1.0] * len(x)
    for _ in range(3):
        a = [[sum(wi * xi ** (i + j) for wi, xi in zip(w, x)) for j in range(3)] for i in range(3)]
        c = solve(a, [sum(wi * vi * xi ** i for wi, vi, xi in zip(w, v, x)) for i in range(3)])
        fit = [c[0] + c[1] * xi + c[2] * xi * xi for xi in x]
        w = [(k - 1) / (2 * (f if f > 0 else max(vi, 1e-30)) ** 2) for k, f, vi in zip(n, fit, v)]
    s2 = sum(wi * (vi - f) ** 2 for wi, vi, f in zip(w, v, fit)) / (len(x) - 3)
    inv = [solve(a, [1.0 if i == j else 0.0 for i in range(3)]) for j in range(3)]
    se = math.sqrt(max(s2, 1) * inv[1][1])
    return c[1] / top, c[1] / se


def main():
    seeds = int(sys.argv[sys.argv.index("--seeds") + 1]) if "--seeds" in sys.argv else 2
    disturb = os.environ.get("DISTURB", "build/tests/disturb")
    print("| kind | " + " | ".join(f"seed {s}: b, z" for s in range(1, seeds + 1)) + " |")
    print("|---|" + "---|" * seeds)
    for name, args, _ in model.KINDS:
        cells = []
        for seed in range(1, seeds + 1):
            text = subprocess.run([disturb, "--seed", str(seed), *args], check=True,
                                  capture_output=True, text=True).stdout
            b, z = growth(text)
            cells.append(f"{b:.3g}, {z:.1f}")
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
