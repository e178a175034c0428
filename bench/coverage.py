"""6. Coverage of the bounds.

How often the reported bounds hold the truth, on synthetic streams (synth)
over 40 seeds: a 2-unit tick under a 1.15 unit cost (the TSC), Krutar's
500-unit tick over a 359 unit cost, and each with the machine slowing by
1% and 3% during the collection (synth --drift).  With drift the truth is
a range: from the first sweep's cost (the fastest, which minima track) to
the last's; the table gives how often the bounds hold the first, and the
mid-collection cost.  Then analyze --compare on pairs with a known ratio."""

import json

from common import ANALYZE, SYNTH, run

CASES = [
    ("tick 2, unit cost 1.15", ["--runs", "20"], 1.15),
    ("tick 500, unit cost 359", ["--tick", "500", "--slope", "359", "--intercept", "1000",
                                 "--unit-ns", "1", "--range", "1:2000:50", "--jitter", "200",
                                 "--runs", "20"], 359.0),
]


def one(tmp, args, seed, drift):
    path = tmp / "coverage.st"
    with open(path, "w") as f:
        f.write(run([SYNTH, "--seed", seed, "--drift", drift, *args]).stdout)
    return json.loads(run([ANALYZE, "--json", path]).stdout)


def run_section(tmp, quick):
    seeds = range(1, 11 if quick else 41)
    rows = []
    for name, args, truth in CASES:
        for drift in (0.0, 0.01, 0.03):
            first = mid = 0
            widths = []
            for seed in seeds:
                d = one(tmp, args, seed, drift)
                lo, hi = d["unit_cost_interval"]
                first += lo <= truth <= hi
                mid += lo <= truth * (1 + drift / 2) <= hi
                widths.append((hi - lo) / truth)
            widths.sort()
            rows.append((name, drift, len(seeds), first, mid, widths[len(widths) // 2]))
    out = ["| stream | drift | streams | bounds hold the first sweep's cost | hold the mid-collection cost | median width |",
           "|---|---|---|---|---|---|"]
    for name, drift, n, first, mid, w in rows:
        out.append(f"| {name} | {100 * drift:.0f}% | {n} | {first}/{n} | {mid}/{n} | {100 * w:.3g}% |")
    text, crows = compare_rows(tmp, quick)
    return "\n".join(out) + "\n" + text, rows + crows


def compare_rows(tmp, quick):
    """analyze --compare on pairs with a known ratio (1.00, 1.01, 1.10),
    interrupt noise: how often the bounds hold the ratio, and how often a
    difference is declared."""
    seeds = range(1, 6 if quick else 31)
    noise = ["--runs", "20", "--jitter", "20", "--interrupt-every", "2e5",
             "--interrupt-cost", "5000"]
    rows = []
    for ratio in (1.00, 1.01, 1.10):
        held = resolved = 0
        for seed in seeds:
            a, b = tmp / "cmp-a.st", tmp / "cmp-b.st"
            with open(a, "w") as f:
                f.write(run([SYNTH, "--seed", seed, *noise]).stdout)
            with open(b, "w") as f:
                f.write(run([SYNTH, "--seed", seed + 1000, "--slope", 1.15 * ratio,
                             *noise]).stdout)
            c = json.loads(run([ANALYZE, "--compare", "--json", a, b]).stdout)["compare"]
            lo, hi = c["ratio_bounds"]
            held += lo <= ratio <= hi
            resolved += c["resolved"]
        rows.append((ratio, len(seeds), held, resolved))
    out = ["", "analyze --compare on synthetic pairs:", "",
           "| true ratio B / A | pairs | bounds hold it | a difference declared |",
           "|---|---|---|---|"]
    for ratio, n, held, resolved in rows:
        out.append(f"| {ratio:.2f} | {n} | {held}/{n} | {resolved}/{n} |")
    return "\n".join(out), rows
