"""9. Diagnosis: what disturbed the timings.

Recovered against true.  Synthetic collections and traces with known
disturbances (tests/tools/disturb: 64 N, shuffled sweeps, runs back to
back, tick 21 units = 10 ns, 2 s): speed states, slower bursts too short
for the speed windows, a speed that wanders, interruptions periodic and
random, both at once, saturated collections; analyze --json, three
seeds each.  Then this machine, with and without a known disturbance
injected into the process (bench/spinalarm.c by LD_PRELOAD: a SIGALRM
every 2.7 ms whose handler spins 50 us): activity traces (collect --trace
5) and kernel collections (collect, 2 s), three of each, with the
machine's load beside them."""

import json
import os
import statistics
import sys
from pathlib import Path

from common import ANALYZE, BUILD, COLLECT, ROOT, run

DISTURB = BUILD / "tests" / "disturb"
SHIM = BUILD / "bench" / "libspinalarm.so"
SPREAD = ROOT / "tests" / "tools" / "spread.py"

# name, disturb arguments, what is true (for the table)
SYNTHETIC = [
    ("quiet", [], "nothing"),
    ("slower 20%", ["--speed", "1.3@1600:2000"], "1.30 x for 20% from 1600 ms"),
    ("slower 20% + 1 kHz", ["--speed", "1.3@1600:2000", "--periodic", "1000:20"],
     "1.30 x for 20%; 1 ms x 20 us"),
    ("turbo bursts", ["--bursts", "0.90909@10/100"], "1.10 x for 90% (10 ms of 100 faster)"),
    ("short slow bursts", ["--bursts", "1.05@0.23/0.5"], "1.05 x for 0.23 ms of every 0.5 ms"),
    ("slow bursts of 3 ms", ["--bursts", "1.1@3/7"], "1.10 x for 3 ms of every 7 ms"),
    ("short slow bursts + 1 kHz", ["--bursts", "1.03@0.2/0.45", "--periodic", "1000:20"],
     "1.03 x for 0.2 ms of every 0.45 ms; 1 ms x 20 us"),
    ("wandering speed", ["--wave", "0.03@200"], "1 to 1.03 x and back every 200 ms (a sine)"),
    ("1 ms + 2.7 ms", ["--periodic", "1000:20", "--periodic", "2700:50"],
     "1 ms x 20 us, 2.7 ms x 50 us"),
    ("random + 2 periodic", ["--random", "1400:24:0.3", "--periodic", "4000:5:0:irq",
                             "--periodic", "2700:50"],
     "1400/s x 24 us; 4 ms x 5 us; 2.7 ms x 50 us (2020/s)"),
    ("random 3 kHz", ["--random", "3000:10:0.5"], "3000/s x 10 us"),
    ("saturated 1 ms", ["--periodic", "1000:20", "--range", "50000:8000000:48"],
     "1 ms x 20 us, runs to 4.6 ms; unit cost 0.57"),
    ("saturated 20 kHz", ["--random", "20000:5", "--range", "50000:3000000:64"],
     "20000/s x 5 us, runs to 0.8 ms; unit cost 0.57"),
    # and each run slower than its N's fastest by a share of its length
    # (tests/tools/spread.py: KIND SHARE SEED), whose tail lies above the
    # threshold
    ("a spread alone", ["--range", "50000:2000000:48"],
     "nothing; each run 0.8% slower at random (exponential)", ["expo", "0.008"]),
    ("random in a spread", ["--range", "50000:2000000:48", "--random", "300:5"],
     "300/s x 5 us; each run 0.8% slower at random (exponential)", ["expo", "0.008"]),
    ("timer + random in a spread", ["--range", "50000:4000000:48", "--periodic", "4000:17",
                                    "--random", "300:5"],
     "4 ms x 17 us, 300/s x 5 us (550/s); each run 0.4% slower at random (exponential)",
     ["expo", "0.004"]),
    # a host whose speed varies by a fifth from run to run, in two modes (a
    # quarter of the runs at full speed, the rest 19% to 27% slower): a band
    # of interruptions apart above that spread, below 8 x its lower quartile
    ("two speeds alone", [], "nothing; a quarter of the runs at full speed, the rest 19-27% slower",
     ["twospeed", "0.27"]),
    ("1 ms in two speeds", ["--periodic", "1000:37"],
     "1 ms x 37 us (x 1.19-1.27 as stretched); the same two speeds", ["twospeed", "0.27"]),
    ("bursts in two speeds", ["--bursts", "1.45@0.1/2.5"],
     "1.45 x for 0.1 ms of every 2.5 ms; the same two speeds", ["twospeed", "0.27"]),
    # interruptions so dense that their band holds the spread's upper
    # quartile; and the two speeds read on a coarse tick (10 ticks stand
    # above the shorter runs' whole spread), half of the runs at full speed
    ("8 kHz in two speeds", ["--random", "8000:37"],
     "8000/s x 37 us; the same two speeds", ["twospeed", "0.27"]),
    ("two speeds, coarse tick", ["--tick", "1000"],
     "nothing; half the runs at full speed, the rest 19-27% slower; a tick of 1000 units (0.48 us)",
     ["twospeed", "0.27", "0.5"]),
]


def analyze(path):
    return json.loads(run([ANALYZE, "--json", path]).stdout)


def fmt_states(j):
    s = j.get("speed_states")
    if not s:
        return "not judged"
    return "; ".join(f"{x['factor']:.3f} x {100 * x['share']:.1f}% from {x['from_ms']:.0f} ms"
                     for x in s)


def fmt_growth(j):
    g = j.get("interrupt_excess_growth")
    return "-" if g is None else f"{g:.2f}"


def fmt_slowed(j):
    s = j.get("slowed_runs")
    return "no" if s is None else f"{100 * s['median']:.2f}% (75%: {100 * s['p75']:.2f}%)"


def fmt_wander(j):
    w = j.get("speed_wander")
    return "-" if w is None else f"{100 * w:.2f}%"


def fmt_sources(sources, key="per_s"):
    if not sources:
        return "none"
    return "; ".join(f"{s['period_ns'] / 1e6:.4g} ms x {s['cost_ns'] / 1e3:.3g} us "
                     f"({s[key]:.0f}/s)" for s in sorted(sources, key=lambda s: s["period_ns"]))


def synthetic(tmp, seeds):
    rows = ["| collection | true | seed | speed states | interruptions per s | cost (us) "
            "| periodic sources | excess ~ m^x | slowed runs | wander | unit cost (compensated) "
            "| warnings |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, args, truth, *spread in SYNTHETIC:
        for seed in seeds:
            path = tmp / "disturb.st"
            out = run([DISTURB, "--seed", seed, *args]).stdout
            if spread:
                kind = spread[0]  # KIND SCALE [FAST]: the seed before FAST
                out = run([sys.executable, SPREAD, *kind[:2], seed, *kind[2:]], input=out).stdout
            with open(path, "w") as f:
                f.write(out)
            j = analyze(path)
            comp = (f"{j['unit_cost']:.4f} ({j['unit_cost_compensated']:.4f}, bounds "
                    f"{j['unit_cost_compensated_interval'][0]:.4f}..."
                    f"{j['unit_cost_compensated_interval'][1]:.4f})"
                    if j["saturated"] else f"{j['unit_cost']:.4f}")
            warns = ", ".join(sorted({w.split(":")[0].split("?")[0] for w in j["warnings"]})) or "none"
            if j.get("spread_tail_mixed"):
                warns += " (mixed with the spread's tail)"
            elif j.get("spread_tail_heavy"):
                warns += " (or a heavy tail)"
            elif j.get("spread_tail_runs"):
                warns += f" (a tail of {j['spread_tail_runs']} runs not counted)"
            cost = j["interrupt_cost_ns"]
            rows.append(f"| {name} | {truth} | {seed} | {fmt_states(j)} "
                        f"| {j['interrupts_per_s'] or 0:.0f} | {cost / 1e3 if cost else 0:.3g} "
                        f"| {fmt_sources(j['periodic'])} | {fmt_growth(j)} | {fmt_slowed(j)} "
                        f"| {fmt_wander(j)} | {comp} | {warns} |")
    path = tmp / "disturb-trace.st"
    with open(path, "w") as f:
        f.write(run([DISTURB, "--trace", "2", "--periodic", "1000:25:0.3", "--periodic",
                     "4000:5:0.2:irq", "--random", "100:30:0.5:preempt", "--periodic",
                     "2700:50"]).stdout)
    t = analyze(path)["trace"]
    trace = [
        "", "A synthetic trace (2 s): 1 ms x 25 us (unseen), 4 ms x 5 us (counted as "
        "interrupts), 100/s x 30 us at random (preemptions), 2.7 ms x 50 us (unseen); "
        "true: 1713 a second, 250 counted, 93 preempted, 1370 unseen.", "",
        "| per second | cost (us, median) | lost | periodic sources | kernel counted | "
        "preempted | unseen |", "|---|---|---|---|---|---|---|",
        f"| {t['interruptions_per_s']:.0f} | {t['cost_ns_median'] / 1e3:.3g} "
        f"| {100 * t['lost_share']:.2f}% | {fmt_sources(t['periodic'])} "
        f"| {t['kernel_counted_per_s']:.0f} | {t['preempted_per_s']:.0f} "
        f"| {t['unattributed_per_s']:.0f} |"]
    return "\n".join(rows + trace)


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
    heavy = j["spread_tail_heavy"]
    tail = f"{heavy['interrupts_per_s']:.0f}" if heavy else "-"
    return (f"| {'injected' if shim else 'as it is'} | {before:.2f} | {fmt_states(j)} "
            f"| {j['interrupts_per_s']:.0f} | {tail} | {(j['interrupt_cost_ns'] or 0) / 1e3:.3g} "
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
             "| were the tail the spread's | cost (us) "
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
    seeds = ["1"] if quick else ["1", "2", "3"]
    text = "\n".join(["Synthetic, against the truth:", "", synthetic(Path(tmp), seeds), "",
                      "This machine:", "", machine_runs(Path(tmp), quick), "",
                      "Compensation on this machine: " + compensation.__doc__.strip(), "",
                      compensation(Path(tmp), quick)])
    return text, None
