#!/usr/bin/env python3
"""fewfifths.py - how often clean collections of few N are called drift
or fifths apart, and how often drifting ones are warned (bench/RESULTS.md,
section 6).

    python3 bench/fewfifths.py [ANALYZE] [N,N,...]
    python3 bench/fewfifths.py --drift [ANALYZE] [N,N,...]

N = 1..n, 10, 20 and 40 shuffled sweeps with start times, a cost of
3000 + 100 N units and an exponential excess of mean 100 per run, a
1-unit tick, 200 streams a row: none has a drift, so every drift or
fifths warning is a false alarm.

With --drift: 20 sweeps of the same, the machine slowing by 2% and 5%
over the collection, 40 streams a row: how many are warned (drift,
fifths, or a speed state, ramp or minima), and how many have bounds that
hold the first sweep's cost (100 units an N)."""
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


DRIFT_WARNINGS = {"drift", "fifths", "speed_state", "speed_ramp", "speed_minima"}


def stream(rng, npts, runs, slope, icpt, jit, drift=0.0):
    ns = list(range(1, npts + 1))
    lines = ["# subtick 1", "# clock: synthetic", "# tick: 1", "# unit_ns: 1", "# columns: n t at"]
    x = 0.0
    for k in range(runs):
        for j, n in enumerate(rng.sample(ns, len(ns))):
            slower = 1 + drift * (k * npts + j) / (runs * npts)
            d = slower * (icpt + slope * n) + rng.expovariate(1 / jit)
            lines.append(f"{n}\t{int(d)}\t{int(x)}")
            x += d + 100
    lines.append(f"# done: samples={runs * npts} stop=runs")
    return "\n".join(lines) + "\n"


def drifting(analyze, counts, path):
    for npts in counts:
        row = []
        for drift in (0.02, 0.05):
            warned = held = 0
            for seed in range(40):
                rng = random.Random(seed * 1000 + npts * 7 + int(drift * 1000))
                path.write_text(stream(rng, npts, 20, 100, 3000, 100, drift))
                out = subprocess.run([analyze, "--json", str(path)], capture_output=True, text=True)
                if out.returncode != 0:
                    continue
                j = json.loads(out.stdout)
                warned += bool(DRIFT_WARNINGS & set(j["warning_codes"]))
                lo, hi = j["unit_cost_interval"]
                held += lo <= 100 <= hi
            row.append(f"{100 * drift:.0f}%: warned {warned} of 40, bounds hold {held}")
        print(f"{npts} N, 20 runs: " + "; ".join(row), flush=True)


def main():
    args = sys.argv[1:]
    drift = "--drift" in args
    args = [a for a in args if a != "--drift"]
    analyze = args[0] if args else str(ROOT / "build" / "analyzer" / "analyze")
    default = [8, 10, 16, 24] if drift else [8, 10, 12, 16, 20, 24]
    counts = [int(a) for a in args[1].split(",")] if len(args) > 1 else default
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.st"
        if drift:
            drifting(analyze, counts, path)
            return
        for npts in counts:
            for runs in (10, 20, 40):
                hits = 0
                for seed in range(200):
                    rng = random.Random(seed * 1000 + npts * 7 + runs)
                    path.write_text(stream(rng, npts, runs, 100, 3000, 100))
                    out = subprocess.run([analyze, "--json", str(path)], capture_output=True,
                                         text=True)
                    if out.returncode == 0:
                        hits += bool({"drift", "fifths"} & set(json.loads(out.stdout)["warning_codes"]))
                print(f"{npts} N, {runs} runs: drift or fifths in {hits} of 200", flush=True)


if __name__ == "__main__":
    main()
