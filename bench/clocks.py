"""1. Sub-tick on real clocks.

The count and memcpy kernels read through the fine TSC, through the TSC
made coarse with collect --coarsen 8, 12, 14, 16, and through the 4 ms
CLOCK_MONOTONIC_COARSE.  Every coarse collection is followed by a fine
TSC collection over the same N (its plan copied), so that the clock's
resolution is separated from what long runs cost on this machine; the fine
collection is also coarsened afterwards (the same samples, as a coarse
clock would have read them).  The reference is a fine TSC collection with
the automatic plan."""

from common import (analyze, coarsen_stream, collect, pct, plan_range, rel)

TARGETS = {14: 0.001, "4ms": 0.01}


def one_clock(tmp, kernel, label, coarse_args, budget, max_n):
    """A coarse collection, the fine one over the same N, and the fine one
    coarsened afterwards when the coarse clock is the TSC."""
    c = collect(tmp / f"{kernel}-{label}.st", "--kernel", kernel,
                "--budget", str(budget), *max_n, *coarse_args)
    lo, hi, k = plan_range(c)
    f = collect(tmp / f"{kernel}-{label}-fine.st", "--kernel", kernel,
                "--range", f"{lo}:{hi}:{k}", "--budget", str(budget))
    dc, df = analyze(c), analyze(f)
    row = {"kernel": kernel, "clock": label, "coarse": dc, "fine": df,
           "n_max": hi}
    if coarse_args[0] == "--coarsen":
        bits = int(coarse_args[1])
        s = coarsen_stream(f, tmp / f"{kernel}-{label}-same.st", bits)
        row["same"] = analyze(s)
    return row


def run(tmp, quick):
    q = 5 if quick else 1
    rows, refs = [], {}
    for kernel in ("count", "memcpy"):
        # memcpy: coarse clocks need long copies, beyond the L2 cache
        max_n = ["--max-n", "1073741824"] if kernel == "memcpy" else []
        ref = collect(tmp / f"{kernel}-ref.st", "--kernel", kernel,
                      "--budget", str(5 / q))
        refs[kernel] = analyze(ref)
        for bits in (8, 12, 14, 16):
            rows.append(one_clock(tmp, kernel, f"tsc --coarsen {bits}",
                                  ["--coarsen", str(bits)], 10 / q, max_n))
        rows.append(one_clock(tmp, kernel, "monotonic-coarse",
                              ["--clock", "monotonic-coarse"], 60 / q, max_n))
    return report(rows, refs)


def report(rows, refs):
    out = ["| kernel | clock | tick (units) | tick / unit cost | unit cost, ns (95% interval) | fine TSC, same N, ns | difference | same samples coarsened | N max | runs per N | vs reference | target |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        dc, df = r["coarse"], r["fine"]
        u, lo, hi = dc["unit_cost_ns"], *dc["unit_cost_ns_interval"]
        d = rel(u, df["unit_cost_ns"])
        same = pct(rel(r["same"]["unit_cost"], df["unit_cost"])) if "same" in r else "-"
        # memcpy's coarse runs copy far beyond the caches: not the
        # in-cache reference's cost
        versus = pct(rel(u, refs[r["kernel"]]["unit_cost_ns"])) if r["kernel"] == "count" else "-"
        key = 14 if r["clock"].endswith(" 14") else "4ms" if "monotonic" in r["clock"] else None
        target = ""
        if key is not None and r["kernel"] == "count":
            target = f"<= {100 * TARGETS[key]:g}%: " + ("met" if abs(d) <= TARGETS[key] else "missed")
        out.append(f"| {r['kernel']} | {r['clock']} | {dc['tick']:.0f} | {dc['tick'] / dc['unit_cost']:.3g} "
                   f"| {u:.5g} ({lo:.5g} .. {hi:.5g}) | {df['unit_cost_ns']:.5g} | {pct(d)} | {same} "
                   f"| {r['n_max']} | {dc['runs_median']} | {versus} | {target} |")
    lines = [f"- reference, fine TSC, automatic plan: {k} {v['unit_cost_ns']:.5g} ns per unit "
             f"(95% {v['unit_cost_ns_interval'][0]:.5g} .. {v['unit_cost_ns_interval'][1]:.5g}), "
             f"N up to {v['n_max']}" for k, v in refs.items()]
    return "\n".join(lines + [""] + out), {"rows": rows, "refs": refs}
