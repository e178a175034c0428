"""1. Sub-tick on real clocks.

The count and memcpy kernels read through the TSC made coarse with
collect --coarsen 8, 12, 14, 16 and through the 4 ms CLOCK_MONOTONIC_COARSE,
each with the automatic plan for that clock and, in the same runs, through
the fine TSC (collect --also-clock tsc: the fine reading of every run
beside the coarse one).  The difference between the two columns is what
the coarse clock's resolution costs.  The reference is a separate fine TSC
collection with the automatic plan: the kernel's cost in short runs."""

from common import analyze, collect, pct, rel

TARGETS = {14: 0.001, "4ms": 0.01}


def one_clock(tmp, kernel, label, coarse_args, budget, max_n):
    """One collection, read through the coarse clock (t) and the fine TSC
    (t2) around the same runs.  --force: where the longest run the budget
    and --max-n allow spans fewer than 10 ticks (memcpy's gigabyte copy
    on the 4 ms clock of a machine that copies fast, or the quick run's
    budget), collect would refuse; the row is measured all the same and
    says how many ticks it spans."""
    path = collect(tmp / f"{kernel}-{label.replace(' ', '')}.st", "--kernel", kernel,
                   "--budget", str(budget), "--also-clock", "tsc", "--force", *max_n,
                   *coarse_args)
    dc, df = analyze(path), analyze(path, "--column", "t2")
    return {"kernel": kernel, "clock": label, "coarse": dc, "fine": df,
            "n_max": dc["n_max"]}


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
    out = ["| kernel | clock | tick (units) | tick / unit cost | unit cost, ns (95% interval) | fine TSC, same runs, ns | difference | N max | runs per N | vs reference | target |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    verdicts = []
    for r in rows:
        dc, df = r["coarse"], r["fine"]
        u, lo, hi = dc["unit_cost_ns"], *dc["unit_cost_ns_interval"]
        d = rel(u, df["unit_cost_ns"])
        # memcpy's coarse runs copy far beyond the caches: not the
        # in-cache reference's cost
        versus = pct(rel(u, refs[r["kernel"]]["unit_cost_ns"])) if r["kernel"] == "count" else "-"
        key = 14 if r["clock"].endswith(" 14") else "4ms" if "monotonic" in r["clock"] else None
        target = ""
        if key is not None and r["kernel"] == "count":
            met = abs(d) <= TARGETS[key]
            target = f"<= {100 * TARGETS[key]:g}%: " + ("met" if met else "missed")
            verdicts.append(verdict(r, d, TARGETS[key], met, refs))
        if key is None or r["kernel"] != "count":
            if abs(d) > 0.01:
                verdicts.append(beyond(r, d))
        per_tick = f"{dc['tick'] / dc['unit_cost']:.3g}" if dc["unit_cost"] > 0 else "-"
        out.append(f"| {r['kernel']} | {r['clock']} | {dc['tick']:.0f} | {per_tick} "
                   f"| {u:.5g} ({lo:.5g} .. {hi:.5g}) | {df['unit_cost_ns']:.5g} | {pct(d)} "
                   f"| {r['n_max']} | {dc['runs_median']} | {versus} | {target} |")
    lines = [f"- reference, fine TSC, automatic plan: {k} {v['unit_cost_ns']:.5g} ns per unit "
             f"(95% {v['unit_cost_ns_interval'][0]:.5g} .. {v['unit_cost_ns_interval'][1]:.5g}), "
             f"N up to {v['n_max']}" for k, v in refs.items()]
    return "\n".join(lines + [""] + out + [""] + verdicts), {"rows": rows, "refs": refs}


def no_rise(r):
    """A sentence on a row whose line does not rise: a plan that spans
    less than a tick, which analyze warns of; no ratio can be given."""
    dc = r["coarse"]
    said = " / ".join(dc.get("warnings") or []) or "no warning"
    return (f"the line does not rise (unit cost {dc['unit_cost_ns']:.3g} ns, N {dc['n_min']} "
            f"to {dc['n_max']}, {dc['runs_median']} runs per N). analyze said: {said}")


def beyond(r, d):
    """A sentence on a row (no target) more than 1% from the fine TSC."""
    dc = r["coarse"]
    if not dc["unit_cost_ns"] > 0:
        return f"- {r['clock']}, {r['kernel']}: {no_rise(r)}"
    ticks = dc["unit_cost"] * (dc["n_max"] - dc["n_min"]) / dc["tick"]
    half = (dc["unit_cost_ns_interval"][1] - dc["unit_cost_ns_interval"][0]) / 2 / dc["unit_cost_ns"]
    return (f"- {r['clock']}, {r['kernel']}: {pct(d)} against the fine TSC on the same runs. "
            f"The longest run spans only {ticks:.0f} ticks (N up to {r['n_max']}) over "
            f"{dc['runs_median']} runs per N; the 95% interval, +-{100 * half:.2g}%, says as much.")


def verdict(r, d, target, met, refs):
    """A sentence on a target: met or missed, and what limits it."""
    dc, df = r["coarse"], r["fine"]
    if not dc["unit_cost_ns"] > 0:
        return f"- **{r['clock']}, count: missed**: {no_rise(r)}"
    ticks = dc["unit_cost"] * (dc["n_max"] - dc["n_min"]) / dc["tick"]
    half = (dc["unit_cost_ns_interval"][1] - dc["unit_cost_ns_interval"][0]) / 2 / dc["unit_cost_ns"]
    drift = rel(df["unit_cost_ns"], refs["count"]["unit_cost_ns"])
    text = (f"- **{r['clock']}, count: {'met' if met else 'missed'}** ({pct(d)} against the fine TSC on the "
            f"same runs; target {100 * target:g}%). The longest run spans {ticks:.0f} ticks over "
            f"{dc['runs_median']} runs per N; the 95% interval is +-{100 * half:.2g}%. ")
    if not met:
        text += ("What limits it: the span in ticks that the budget allows and the noise of the long runs "
                 "it forces (the minima of few runs at the tick's resolution); a longer --budget or "
                 "--precision give more ticks per run. ")
    text += (f"The fine TSC on these long runs reads {pct(drift)} from the short-run reference: "
             "what long runs cost on this machine, not the clock's error.")
    return text
