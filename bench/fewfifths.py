#!/usr/bin/env python3
"""fewfifths.py - how often clean collections of few N are called drift
or fifths apart (bench/RESULTS.md, section 6).

    python3 bench/fewfifths.py [ANALYZE] [N,N,...]

N = 1..n, 10, 20 and 40 shuffled sweeps with start times, a cost of
3000 + 100 N units and an exponential excess of mean 100 per run, a
1-unit tick, 200 streams a row: none has a drift, so every drift or
fifths warning is a false alarm."""
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def stream(rng, npts, runs, slope, icpt, jit):
    ns = list(range(1, npts + 1))
    lines = ["# subtick 1", "# clock: synthetic", "# tick: 1", "# unit_ns: 1", "# columns: n t at"]
    x = 0.0
    for _ in range(runs):
        for n in rng.sample(ns, len(ns)):
            d = icpt + slope * n + rng.expovariate(1 / jit)
            lines.append(f"{n}\t{int(d)}\t{int(x)}")
            x += d + 100
    lines.append(f"# done: samples={runs * npts} stop=runs")
    return "\n".join(lines) + "\n"


def main():
    analyze = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build" / "analyzer" / "analyze")
    counts = [int(a) for a in sys.argv[2].split(",")] if len(sys.argv) > 2 else [8, 10, 12, 16, 20, 24]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.st"
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
