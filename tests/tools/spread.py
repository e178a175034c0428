#!/usr/bin/env python3
"""spread.py KIND SCALE SEED [FAST] < STREAM > STREAM - each run slower in
proportion to its length: every timing t becomes t x (1 + x), x drawn
half-normal (KIND gauss, sigma SCALE), exponential (KIND expo, mean
SCALE), uniform up to a sharp edge (KIND uniform, from 0 to SCALE), in
two modes (KIND twospeed: a share FAST of the runs at full speed, a
quarter unless given, the rest slower by 0.7 SCALE to SCALE, as a guest
whose core another shares from run to run), in three (KIND threespeed: a
quarter at full speed, 40% slower by SCALE / 45 to SCALE / 30, the rest
by 2 SCALE / 3 to SCALE) or heavy-tailed (KIND pareto: SCALE x (Pareto(1.2) - 1), its
median 0.78 SCALE, one run in 16 beyond 9 SCALE, at most 1: a run at
most twice as long), then floored to the header's tick.  Header lines
pass unchanged.
A spread of the runs with no interruption in it, for the diagnosis tests."""
import random
import sys

try:
    kind, scale, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    fast = float(sys.argv[4]) if len(sys.argv) == 5 and kind == "twospeed" else 0.25
    if len(sys.argv) not in (4, 5) or (len(sys.argv) == 5 and kind != "twospeed"):
        raise ValueError
    if kind not in ("gauss", "expo", "uniform", "twospeed", "threespeed", "pareto") or not 0 < scale < 1 \
            or not 0 <= fast <= 1:
        raise ValueError
except (IndexError, ValueError):
    print("usage: spread.py gauss|expo|uniform|twospeed|threespeed|pareto SCALE SEED [FAST] < STREAM > STREAM"
          " (0 < SCALE < 1; FAST, twospeed only: 0 to 1)", file=sys.stderr)
    sys.exit(2)
rng = random.Random(seed)


def three(u):
    if u < 0.25:
        return 0.0
    return rng.uniform(scale / 45, scale / 30) if u < 0.65 else rng.uniform(2 * scale / 3, scale)


draw = {"gauss": lambda: abs(rng.gauss(0, scale)),
        "expo": lambda: rng.expovariate(1 / scale),
        "uniform": lambda: rng.uniform(0, scale),
        "twospeed": lambda: 0.0 if rng.random() < fast else rng.uniform(0.7 * scale, scale),
        "threespeed": lambda: three(rng.random()),
        "pareto": lambda: min(scale * (rng.paretovariate(1.2) - 1), 1.0)}[kind]
tick = 1
for number, line in enumerate(sys.stdin, 1):
    try:
        if line.startswith("#"):
            if line.startswith("# tick:"):
                tick = int(float(line.split(":", 1)[1]))
                if tick < 1:
                    raise ValueError("a tick below 1")
            sys.stdout.write(line)
            continue
        f = line.rstrip("\n").split("\t")
        f[1] = str(tick * int(int(f[1]) * (1 + draw()) / tick))
    except (IndexError, ValueError, OverflowError) as e:
        sys.exit(f"spread.py: stdin:{number}: not a line of collect's stream (n<TAB>t...): {e}")
    sys.stdout.write("\t".join(f) + "\n")
