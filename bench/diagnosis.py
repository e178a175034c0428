"""9. Diagnosis: what disturbed the timings.

Recovered against true: the model's scorer (bench/model.py) over
synthetic collections of every kind the model must tell apart
(tests/tools/disturb: 64 N, shuffled sweeps, runs back to back, tick 21
units = 10 ns, 2 s): speed states and ramps, jitter added and in
proportion to the run, interruptions periodic, in bursts and at random,
saturated collections; each figure analyze --json gives scored against
the truth the stream's header holds, three seeds each.  Then this machine,
with and without a known disturbance injected into the process
(bench/spinalarm.c by LD_PRELOAD: a SIGALRM every 2.7 ms whose handler
spins 50 us): activity traces (collect --trace 5) and kernel collections
(collect, 2 s), three of each, with the machine's load beside them."""

import json
import os
import statistics
from pathlib import Path

import model
from common import ANALYZE, BUILD, COLLECT, run

SHIM = BUILD / "bench" / "libspinalarm.so"


def analyze(path):
    return json.loads(run([ANALYZE, "--json", path]).stdout)


def fmt_states(j):
    s = j.get("speed_states")
    if not s:
        return "not judged"
    return "; ".join(f"{x['factor']:.3f} x {100 * x['share']:.1f}% from {x['from_ms']:.0f} ms"
                     for x in s)


def fmt_sources(sources, key="per_s"):
    if not sources:
        return "none"
    return "; ".join(f"{s['period_ns'] / 1e6:.4g} ms x {s['cost_ns'] / 1e3:.3g} us "
                     f"({s[key]:.0f}/s)" for s in sorted(sources, key=lambda s: s["period_ns"]))


def synthetic(seeds):
    lines, right, total, runs_right, runs = model.table(seeds)
    return "\n".join(lines + ["", f"{right} of {total} figures right "
                                  f"({100 * right / max(total, 1):.1f}%); {runs_right} of {runs} "
                                  f"runs attributed right ({100 * runs_right / max(runs, 1):.2f}%: "
                                  "each run's attribution in analyze --excess against what "
                                  "landed in it, disturb --truth-runs)."])


def load():
    return os.getloadavg()[0]


def trace_row(tmp, shim, seconds, k):
    path = tmp / f"trace-{k}.st"
    env = dict(os.environ, LD_PRELOAD=str(SHIM)) if shim else None
    before = load()
    run([COLLECT, "-q", "--trace", seconds, "-o", path], env=env)
    t = analyze(path)["trace"]
    return (f"| {'injected' if shim else 'as it is'} | {before:.2f} "
            f"| {t['interruptions_per_s']:.0f} | {t['cost_ns_median'] / 1e3:.3g} "
            f"| {t['max_ns'] / 1e3:.4g} | {100 * t['lost_share']:.2f}% "
            f"| {fmt_sources(t['periodic'])} | {t['kernel_counted_per_s']:.0f} "
            f"(timer {t['local_timer_per_s']:.0f}) | {t['preempted_per_s']:.0f} "
            f"| {t['unattributed_per_s']:.0f} |"), t


def collection_row(tmp, shim, budget, k):
    path = tmp / f"kernel-{k}.st"
    env = dict(os.environ, LD_PRELOAD=str(SHIM)) if shim else None
    before = load()
    run([COLLECT, "-q", "--budget", budget, "-o", path], env=env)
    j = analyze(path)
    kc = j["kernel_counted"] or {}
    near = [s for s in j["periodic"] if abs(s["period_ns"] / 2.7e6 - 1) <= 0.02]
    rnd = [s for s in j["sources"] if s["kind"] == "random"]
    at_random = f"{rnd[0]['per_s']:.0f}" if rnd and rnd[0]["per_s"] is not None else "-"
    return (f"| {'injected' if shim else 'as it is'} | {before:.2f} | {fmt_states(j)} "
            f"| {j['interrupts_per_s'] or 0:.0f} | {at_random} "
            f"| {(j['interrupt_cost_ns'] or 0) / 1e3:.3g} "
            f"| {fmt_sources(j['periodic'])} | {kc.get('interrupts_per_s') or 0:.0f} |"), near


def machine_runs(tmp, quick):
    reps = 1 if quick else 3
    seconds, budget = ("1", "1") if quick else ("5", "2")
    traces = ["| process | load | per second | cost (us, median) | longest (us) | lost "
              "| periodic sources | kernel counted | preempted | unseen |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    rates = {False: [], True: []}
    for k in range(reps):
        for shim in (False, True):
            row, t = trace_row(tmp, shim, seconds, f"{k}-{int(shim)}")
            traces.append(row)
            rates[shim].append(t["interruptions_per_s"])
    added = statistics.median(rates[True]) - statistics.median(rates[False])
    colls = ["| process | load | speed states | interruptions per s "
             "| at random per s | cost (us) "
             "| periodic sources | kernel counted per s |",
             "|---|---|---|---|---|---|---|---|"]
    found = 0
    for k in range(reps):
        for shim in (False, True):
            row, near = collection_row(tmp, shim, budget, f"{k}-{int(shim)}")
            colls.append(row)
            found += shim and bool(near)
    return "\n".join(["Activity traces (collect --trace " + seconds + "):", ""] + traces + [
        "", f"The injection added {added:.0f} interruptions a second to the traces "
        f"(median of each; true: 370).", "",
        "Kernel collections (collect --budget " + budget + "):", ""] + colls + [
        "", f"The injected 2.7 ms source was named in {found} of {reps} collections with it."])


def compensation(tmp, quick):
    """Long runs (3 to 28 ms) that no interruption spares, timed by the 4 ms
    coarse clock with the TSC inside (--also-clock), between two short-run
    collections on the TSC (runs under 0.1 ms, most of them spared)."""
    budget = "5" if quick else "20"
    short = []
    for k in (0, 1):
        path = tmp / f"short-{k}.st"
        run([COLLECT, "-q", "--budget", "2", "-o", path])
        short.append(analyze(path))
        if k == 0:
            long_path = tmp / "long.st"
            run([COLLECT, "-q", "--clock", "monotonic-coarse", "--also-clock", "tsc",
                 "--range", "10000000:100000000:16", "--budget", budget, "-o", long_path])
    coarse = analyze(long_path)
    tsc = json.loads(run([ANALYZE, "--json", "--column", "t2", long_path]).stdout)
    rows = ["| collection | clock | unit cost (ns) | bounds (ns) | compensated (ns) | its bounds | interruptions per s x cost |",
            "|---|---|---|---|---|---|---|"]
    for name, j in (("short runs, before", short[0]), ("long runs", coarse),
                    ("long runs, the same", tsc), ("short runs, after", short[1])):
        lo, hi = j["unit_cost_ns_interval"]
        comp = "-" if not j["saturated"] else f"{j['unit_cost_compensated_ns']:.5g}"
        cb = "-" if not j["saturated"] else \
            "[" + ", ".join(f"{v * j['unit_ns']:.5g}" for v in j["unit_cost_compensated_interval"]) + "]"
        rate = f"{j['interrupts_per_s'] or 0:.0f} x {(j['interrupt_cost_ns'] or 0) / 1e3:.3g} us"
        rows.append(f"| {name} | {j['clock']} | {j['unit_cost_ns']:.5g} | [{lo:.5g}, {hi:.5g}] "
                    f"| {comp} | {cb} | {rate} |")
    return "\n".join(rows)


def run_section(tmp, quick):
    seeds = 1 if quick else 3
    text = "\n".join(["Synthetic, against the truth (bench/model.py):", "", synthetic(seeds), "",
                      "This machine:", "", machine_runs(Path(tmp), quick), "",
                      "Compensation on this machine: " + compensation.__doc__.strip(), "",
                      compensation(Path(tmp), quick)])
    return text, None
