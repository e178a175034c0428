"""2. Truth.

Synthetic streams with a known unit cost.  A grid of tick / unit-cost ratios (0.01 .. 10^4) and noise levels; for
each cell, the median relative error of the least-values fit, of OLS on
the minima and of OLS on the means, and how often the 95% interval held
the truth.  The unit cost is 100 clock units per N, N runs over 64 values
from 1000 to 100000 (runs of 10^5 .. 10^7 units), and the tick grows from
1 to 10^6 units."""

import subprocess

from common import ROOT, SYNTH, analyze, median, run

RATIOS = (0.01, 0.1, 1, 10, 100, 1000, 10000)
NOISE = {
    "none": ["--jitter", "0", "--interrupt-every", "0"],
    "jitter": ["--jitter", "500", "--interrupt-every", "0"],
    "jitter + interrupts": ["--jitter", "500", "--interrupt-every", "5e7",
                            "--interrupt-cost", "1e5"],
    "heavy": ["--jitter", "5000", "--interrupt-every", "5e6",
              "--interrupt-cost", "5e5"],
}
SLOPE = 100.0


def cell(tmp, ratio, noise, seeds, runs):
    err = {"lv": [], "ols_minima": [], "ols_means": []}
    held = 0
    for seed in range(1, seeds + 1):
        path = tmp / "truth.st"
        argv = [SYNTH, "--seed", seed, "--slope", SLOPE, "--intercept", 5000,
                "--tick", max(1, round(ratio * SLOPE)), "--unit-ns", 1,
                "--range", "1000:100000:64", "--runs", runs, *NOISE[noise]]
        path.write_text(run(argv).stdout)
        d = analyze(path, "--replicates", "100")
        err["lv"].append(abs(d["unit_cost"] / SLOPE - 1))
        err["ols_minima"].append(abs(d["ols_minima"]["unit_cost"] / SLOPE - 1))
        err["ols_means"].append(abs(d["ols_means"]["unit_cost"] / SLOPE - 1))
        lo, hi = d["unit_cost_interval"]
        held += lo <= SLOPE <= hi
    return {k: median(v) for k, v in err.items()}, held


def run_section(tmp, quick):
    seeds, runs = (2, 10) if quick else (5, 30)
    rows = []
    for noise in NOISE:
        for ratio in RATIOS:
            e, held = cell(tmp, ratio, noise, seeds, runs)
            rows.append((noise, ratio, e, held, seeds))
    data = tmp / "truth.dat"
    with open(data, "w") as f:
        for i, noise in enumerate(NOISE):
            f.write(f"# {noise}\n")
            for n, ratio, e, _, _ in rows:
                if n == noise:
                    f.write(f"{ratio} {max(e['lv'], 1e-9)} {max(e['ols_minima'], 1e-9)} {max(e['ols_means'], 1e-9)}\n")
            f.write("\n\n")
    # a quick run's figure is no result: it stays out of the source tree
    png = (tmp if quick else ROOT / "bench") / "truth.png"
    subprocess.run(["gnuplot", "-c", str(ROOT / "bench" / "truth.gp"), str(data), str(png)],
                   check=True)
    return report(rows), rows


def report(rows):
    out = ["| noise | tick / unit cost | least-values | OLS on minima | OLS on means | interval held the truth |",
           "|---|---|---|---|---|---|"]
    for noise, ratio, e, held, seeds in rows:
        out.append(f"| {noise} | {ratio:g} | {e['lv']:.2e} | {e['ols_minima']:.2e} "
                   f"| {e['ols_means']:.2e} | {held} of {seeds} |")
    out.append("")
    out.append("Median relative error of the unit cost over the seeds (0: recovered exactly; "
               "the figure draws errors below 1e-9 at 1e-9).")
    out.append("")
    out.append("![error against tick / unit cost](truth.png)")
    return "\n".join(out)
