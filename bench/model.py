"""The diagnosis model against known truth: synthetic collections of every
kind the model must tell apart (tests/tools/disturb), several seeds each,
each figure analyze gives scored against the truth the collection's header
holds.

A figure is right where (the issue "Diagnosis as a model"):
  - a speed state: a reported state within 0.03 of its factor, 0.05 of its
    share and (its first stretch) 100 ms of its start; a ramp: a reported
    ramp within 0.03 at both ends and 100 ms at both ends;
  - a source: a periodic source within 1% of its period (the fundamental),
    10% of its rate and 10% of its cost; bursts at their period (1%) and
    rate (10%); the random remainder within 10% of rate and cost (rates
    against the interrupts that landed in runs, over the time in runs);
  - nothing named where there is nothing: every source reported is one of
    the truth's, and no speed state or ramp beyond the truth's;
  - the unit cost: its bounds hold the truth, or the compensated unit
    cost's do where the runs are saturated.

    python3 bench/model.py [--seeds N] [--only NAME[,NAME]] [--show]
"""

import argparse
import json
import math
import re
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = Path(os.environ.get("BUILD", ROOT / "build"))
DISTURB = BUILD / "tests" / "disturb"
ANALYZE = Path(os.environ["ANALYZE"]) if os.environ.get("ANALYZE") else BUILD / "analyzer" / "analyze"
sys.path.insert(0, str(ROOT / "tests" / "tools"))
import attribution  # noqa: E402  (tests/tools/attribution.py: the runs' truth against --excess)
from common import checked  # noqa: E402  (bench/common.py: its directory, the script's, is on the path)
SLOPE = 0.57  # the kernel's cost at speed 1: the fastest moments' is SLOPE x their factor

# this Intel guest's quiet collections, as disturb draws them: the TSC's
# tick of 2 units at 0.3846 ns, runs of 0.16 to 7 us for 2 s
GUEST = ["--tick", "2", "--unit-ns", "0.3846", "--slope", "0.684", "--intercept", "57",
         "--range", "429:27444:64", "--seconds", "2"]

# an AMD EPYC guest's demo collections: the TSC's tick of 26 units at
# 0.3846 ns, runs of 1.6 to 98 us at full speed for 2 s
AMD = ["--tick", "26", "--unit-ns", "0.3846", "--slope", "0.61", "--intercept", "70",
       "--range", "6500:417000:64", "--seconds", "2"]

# name, disturb arguments, what is true (in words)
KINDS = [
    ("quiet", [], "exponential jitter of 5 units (2.4 ns), nothing else"),
    ("heavy jitter", ["--jitter", "pareto:5:0.5"], "Pareto jitter (shape 0.5), added"),
    ("heavy spread", ["--range", "50000:2000000:48", "--spread", "pareto:0.002:0.5"],
     "Pareto jitter in proportion to the run (0.2%, shape 0.5)"),
    ("spread", ["--range", "50000:2000000:48", "--spread", "exp:0.008"],
     "exponential jitter in proportion to the run (0.8%)"),
    ("ramp", ["--ramp", "1.05@500:1500"], "speed ramps 1 to 1.05 over 500-1500 ms"),
    ("drift", ["--ramp", "1.04@0:2000"], "speed drifts 1 to 1.04 over the collection"),
    ("steep ramp", AMD + ["--ramp", "1.8@500:800"],
     "speed ramps 1 to 1.8 over 500-800 ms in 256 steps, runs of 1.6 to 98 us at full speed"),
    ("wander", ["--wave", "0.03@200"], "speed wanders 1 to 1.03 every 200 ms"),
    ("turbo", ["--bursts", "0.90909@10/100"], "1.1x faster for 10 ms of every 100 ms"),
    ("slow end", ["--speed", "1.3@1600:2000"], "1.3x slower for the last 400 ms"),
    ("slow middle", ["--speed", "2@800:1200"], "2x slower from 800 to 1200 ms"),
    ("1 kHz", ["--periodic", "1000:20"], "1 ms x 20 us"),
    ("random", ["--random", "300:5"], "300/s x 5 us at random"),
    ("bursts", ["--irq-bursts", "50@5/200:10"], "50 within 5 ms every 200 ms, 10 us each"),
    ("in phase", ["--periodic", "1000:5:0:unseen:1:100", "--periodic", "4000:25:0:unseen:1:100"],
     "1 ms x 5 us and 4 ms x 25 us on its marks"),
    ("out of phase", ["--periodic", "1000:20", "--periodic", "2700:50"], "1 ms x 20 us, 2.7 ms x 50 us"),
    ("half a period apart", ["--periodic", "4000:27:0:unseen:1:1000", "--periodic", "4000:10:0:unseen:1:3000"],
     "4 ms x 27 us at 1 ms and 4 ms x 10 us at 3 ms: events every 2 ms"),
    ("half a tick apart", ["--periodic", "1000:36:0.05:unseen:1:100", "--periodic", "4000:38:0.05:irq:1:600"],
     "1 ms x 36 us; 4 ms x 38 us, 0.5 ms after every fourth of its marks"),
    ("on the ticks", ["--periodic", "1000:36:0:unseen:1:100", "--periodic", "2700:90", "--on-grid", "1000:100"],
     "1 ms x 36 us; 2.7 ms x 90 us, each on the next 1 ms mark"),
    ("on the ticks + random", ["--periodic", "1000:36:0:unseen:1:100", "--periodic", "2700:90",
                               "--on-grid", "1000:100", "--random", "300:9"],
     "as on the ticks; 300/s x 9 us at random beside"),
    ("random + 2 periodic", ["--random", "1400:24:0.3", "--periodic", "4000:5:0:irq",
                             "--periodic", "2700:50"], "1400/s x 24 us, 4 ms x 5 us, 2.7 ms x 50 us"),
    ("heavy jitter + random", ["--jitter", "pareto:40:0.6", "--periodic", "1000:36",
                               "--random", "1500:24"],
     "Pareto jitter (shape 0.6), 1 ms x 36 us, 1500/s x 24 us at random"),
    ("stops + 1 kHz", ["--periodic", "1000:20", "--random", "80:4000"],
     "1 ms x 20 us; stops of 4 ms at random, 80/s"),
    ("two at random", ["--range", "500:27600:64", "--seconds", "4", "--random", "18000:2.2:0.2",
                       "--random", "100:4000"],
     "18000/s x 2.2 us and 100/s x 4 ms at random, runs to 7.5 us, 4 s"),
    ("slow end + 1 kHz", ["--speed", "1.3@1600:2000", "--periodic", "1000:20"],
     "1.3x slower for the last 400 ms; 1 ms x 20 us"),
    ("20 kHz", ["--random", "20000:5", "--range", "50000:3000000:64"],
     "20000/s x 5 us, runs to 0.8 ms"),
    ("40 kHz", ["--random", "40000:0.5", "--range", "50000:3000000:64"],
     "40000/s x 0.5 us, runs to 0.8 ms"),
    ("saturated partly", ["--periodic", "1000:20", "--range", "50000:8000000:48"],
     "1 ms x 20 us, runs to 2.2 ms"),
    ("saturated fully", ["--periodic", "1000:20", "--range", "11000000:37000000:16",
                         "--seconds", "6"], "1 ms x 20 us, runs of 3 to 10 ms"),
    ("saturated at 48 N", ["--periodic", "1000:20", "--range", "11000000:37000000:48",
                            "--seconds", "4"], "1 ms x 20 us, runs of 3 to 10 ms, 12 runs per N"),
    ("cost grows", ["--periodic", "1000:20", "--grow", "1"], "1 ms x 20 to 40 us, growing with N"),
    ("just seen", ["--periodic", "1000:0.15"], "1 ms x 150 ns, near the threshold"),
    ("random in spread", ["--range", "50000:2000000:48", "--random", "300:5", "--spread", "exp:0.008"],
     "300/s x 5 us; jitter 0.8% of the run"),
    ("one lattice", AMD + ["--periodic", "4000:15:0.1:irq:1:500", "--periodic", "10000:17:0.1:unseen:1:2500",
                           "--random", "250:14:0.3", "--random", "1500:0.5:0.3"],
     "4 ms x 15 us; 10 ms x 17 us 2 ms after its marks (its every second mark on one of them); "
     "250/s x 14 us; 1500/s x 0.5 us; runs to 0.1 ms"),
    ("marks near", GUEST + ["--periodic", "4000:27:0.1:irq:1:2920", "--periodic", "10000:40:0.1:unseen:1:3560",
                            "--random", "20000:2.2:0.3"],
     "4 ms x 27 us; 10 ms x 40 us, its marks 0.64 ms after the 4 ms ones every 20 ms; 20000/s x 2.2 us; runs to 7 us"),
    ("slowed after", GUEST + ["--spread", "exp:0.003", "--periodic", "4000:27:0.1:irq:1:2920",
                              "--periodic", "10000:40:0.1:unseen:1:3560", "--slowed-after", "200:0.06",
                              "--random", "20000:2.2:0.3"],
     "as marks near; runs 60 ns slower for 200 us after each 10 ms stop; jitter 0.3% of the run"),
    ("slowed after short", GUEST + ["--spread", "exp:0.003", "--periodic", "4000:27:0.1:irq:1:2920",
                                     "--periodic", "10000:40:0.1:unseen:1:3560", "--slowed-after", "100:0.15",
                                     "--random", "20000:2.2:0.3"],
     "as marks near; every run 150 ns slower for 100 us after each 10 ms stop; jitter 0.3% of the run"),
    ("here and there", GUEST + ["--spread", "twospeed:0.085:0.97", "--periodic", "4000:27:0.1:irq:1:2920",
                                "--random", "20000:2.2:0.3"],
     "3% of the runs 6 to 8.5% slower, here and there; 4 ms x 27 us; 20000/s x 2.2 us; runs to 7 us"),
    ("lagged timer", GUEST + ["--spread", "exp:0.003", "--periodic", "4000:27:0.1:irq:1:1000",
                              "--periodic", "4000:10:0.1:unseen:1:1200", "--random", "20000:2.2:0.3"],
     "4 ms x 27 us; 4 ms x 10 us 200 us after its marks; 20000/s x 2.2 us; runs to 7 us"),
    ("timer for a part", ["--periodic", "1000:20", "--during", "500:1500"],
     "1 ms x 20 us from 500 to 1500 ms only"),
    ("shorter for a part", AMD + ["--range", "200000:417000:64", "--periodic", "40:0.5",
                                  "--during", "0:1000"],
     "40 us x 500 ns in runs of 47 to 98 us, for the first 1000 ms only"),
    ("shorter beside a wave", AMD + ["--range", "200000:417000:64", "--periodic", "40:0.5",
                                     "--wave", "0.02@100"],
     "40 us x 500 ns in runs of 47 to 98 us; speed wanders 1 to 1.02 every 100 ms"),
    ("for a part beside a wave", AMD + ["--range", "200000:417000:64", "--periodic", "40:0.5",
                                        "--during", "500:1500", "--wave", "0.02@100"],
     "as shorter beside a wave, the source from 500 to 1500 ms only"),
]


def truth_of(text):
    """The truth lines of a disturb stream."""
    t = {"sources": [], "speed": [], "ramp": None, "bursts": None, "wave": None, "in_runs_ms": 0}
    for line in text.splitlines():
        if not line.startswith("# truth_"):
            continue
        key, _, rest = line[8:].partition(": ")
        fields = dict(kv.split("=", 1) for kv in rest.split() if "=" in kv)
        if key == "source":
            kind, spec = rest.split()[0], rest.split()[1]
            t["sources"].append({"kind": kind, "spec": spec, "hits": int(fields["hits"]),
                                 "slowed": "slowed" in fields,
                                 "from_ms": float(fields["from_ms"]) if "from_ms" in fields else None,
                                 "to_ms": float(fields["to_ms"]) if "to_ms" in fields else None,
                                 "in_runs_ms": float(fields["in_runs_ms"]) if "in_runs_ms" in fields else None})
        elif key == "speed":
            t["speed"].append({k: float(v) for k, v in fields.items()})
        elif key == "ramp":
            t["ramp"] = {k: float(v) for k, v in fields.items()}
        elif key == "bursts":
            t["bursts"] = {k: float(v) for k, v in fields.items()}
        elif key == "wave":
            t["wave"] = {k: float(v) for k, v in fields.items()}
        elif key == "spread":
            t["spread"] = rest.strip()
        elif key == "in_runs_ms":
            t["in_runs_ms"] = float(rest)
    return t


def near(x, want, rel):
    return x is not None and want is not None and abs(x - want) <= rel * abs(want)


def expected_speed(t, seconds):
    """States (factor, share, from_ms or None) and ramps the truth holds."""
    states, ramps = [], []
    T = seconds * 1e3
    if t["speed"]:
        slow = sum(s["to_ms"] - s["from_ms"] for s in t["speed"])
        states.append((1.0, 1 - slow / T, 0.0))
        for s in t["speed"]:
            states.append((s["factor"], (s["to_ms"] - s["from_ms"]) / T, s["from_ms"]))
    elif t["bursts"]:
        b = t["bursts"]
        f, share = b["factor"], b["length_ms"] / b["every_ms"]
        fast = min(f, 1.0)
        states.append((1.0, share if f < 1 else 1 - share, None))
        states.append((max(f, 1.0) / fast if f > 1 else 1 / f, 1 - share if f < 1 else share, None))
    elif t["ramp"]:
        r = t["ramp"]
        if r["from_ms"] > 100:
            states.append((1.0, r["from_ms"] / T, 0.0))
        if T - r["to_ms"] > 100:
            states.append((r["factor"], (T - r["to_ms"]) / T, r["to_ms"]))
        ramps.append((1.0, r["factor"], r["from_ms"], r["to_ms"]))
    elif not t["wave"]:
        states.append((1.0, 1.0, 0.0))
    return states, ramps


def slowed_here_and_there(t):
    """(the largest slowing, the share of runs slowed) of a twospeed spread
    whose runs are mostly at full speed, else None."""
    f = (t.get("spread") or "").split(":")
    if f[0] != "twospeed":
        return None
    fast = float(f[2]) if len(f) > 2 else 0.25
    return (float(f[1]), 1 - fast) if fast > 0.5 else None


def score_speed(j, t, seconds, figures):
    here = None
    states, ramps = expected_speed(t, seconds)
    got = j.get("speed_states") or []
    got_ramps = j.get("speed_ramps") or []
    for f, share, start in states:
        ok = any(abs(s["factor"] - f) <= 0.03 and abs(s["share"] - share) <= 0.05 and
                 (start is None or abs(s["from_ms"] - start) <= 100) for s in got)
        figures.append((f"speed state {f:.3g} x {100 * share:.0f}%", ok))
    for a, b, x, y in ramps:
        ok = any(abs(r["from_factor"] - a) <= 0.03 and abs(r["to_factor"] - b) <= 0.03 and
                 abs(r["from_ms"] - x) <= 100 and abs(r["to_ms"] - y) <= 100 for r in got_ramps)
        if not ok and len(got_ramps) > 1:  # a ramp in pieces: its span
            lo = min(got_ramps, key=lambda r: r["from_ms"])
            hi = max(got_ramps, key=lambda r: r["to_ms"])
            ok = (abs(lo["from_factor"] - a) <= 0.03 and abs(hi["to_factor"] - b) <= 0.03 and
                  abs(lo["from_ms"] - x) <= 100 and abs(hi["to_ms"] - y) <= 100)
        figures.append((f"ramp {a:.3g} to {b:.3g}", ok))
    if t["wave"]:
        amp = t["wave"]["amplitude"]
        top = max([s["factor"] for s in got] + [max(r["from_factor"], r["to_factor"]) for r in got_ramps] or [1])
        figures.append((f"wander to {1 + amp:.3g}", abs(top - (1 + amp)) <= 0.03))
    else:
        # nothing beyond the truth: no state of 5% or more, no ramp of 5%
        # of the time, that the truth does not hold
        extra = [s for s in got if s["share"] >= 0.05 and
                 not any(abs(s["factor"] - f) <= 0.03 for f, _, _ in states)]
        if not ramps and (j.get("speed_ramp_share") or 0) >= 0.05:
            extra.append("ramps")
        # runs slower here and there: only where a minority of the runs
        # is (disturb's twospeed with most runs at full speed)
        here = slowed_here_and_there(t)
        if here is None and j.get("speed_slowed"):
            extra.append("runs slower here and there")
        figures.append(("no speed beyond the truth's", not extra))
    if here is not None:
        got = j.get("speed_slowed")
        top, share = here
        ok = (got is not None and 0.7 * top * 0.95 <= got["of_length"] <= top * 1.05 and
              near(got["share_of_runs"], share, 0.25))
        figures.append((f"{100 * share:.0f}% of the runs {100 * 0.7 * top:.2g} to {100 * top:.2g}% slower", ok))


def parse_spec(src):
    f = src["spec"].split(":")
    if src["kind"] == "periodic":
        return {"period_ns": float(f[0]) * 1e3, "cost_ns": float(f[1]) * 1e3}
    if src["kind"] == "random":
        return {"cost_ns": float(f[1]) * 1e3}
    m = re.match(r"(\d+)@([\d.]+)/([\d.]+)", f[0])
    return {"period_ns": float(m.group(3)) * 1e6, "cost_ns": float(f[1]) * 1e3,
            "per_burst": float(m.group(1))}


def there_ok(s, src, t):
    """A source there for a part only: its stretch within 2% of the
    collection's time at both ends (an end at the collection's own start
    or end: none said)."""
    span = t["in_runs_ms"] or 1
    tol = 0.02 * span
    start = src["from_ms"] > tol
    end = src["to_ms"] < span - tol
    got_from, got_to = s.get("there_from_ns"), s.get("there_to_ns")
    if not start and not end:
        return got_from is None and got_to is None
    ok_from = (got_from is not None and abs(got_from / 1e6 - src["from_ms"]) <= tol) if start \
        else got_from is None
    ok_to = (got_to is not None and abs(got_to / 1e6 - src["to_ms"]) <= tol) if end \
        else got_to is None
    return ok_from and ok_to


def score_sources(j, t, name, figures):
    got = list(j.get("sources") or [])
    used = set()
    run_s = t["in_runs_ms"] / 1e3
    grows = "--grow" in " ".join(a for k in KINDS if k[0] == name for a in k[1])
    for src in t["sources"]:
        want = parse_spec(src)
        # (a source there for a part only: its rate while there)
        rate = (src["hits"] / (src["in_runs_ms"] / 1e3) if src["in_runs_ms"]
                else src["hits"] / run_s if run_s else None)
        kind = src["kind"]
        best, ok = None, False
        for i, s in enumerate(got):
            if i in used or s["kind"] != kind:
                continue
            if kind in ("periodic", "bursts") and not near(s.get("period_ns"), want["period_ns"], 0.01):
                continue
            best = i
            cost_ok = (want["cost_ns"] * 0.9 <= (s["cost_ns"] or 0) <= want["cost_ns"] * 2.1 if grows
                       else near(s["cost_ns"], want["cost_ns"], 0.10))
            if kind == "bursts":
                cost_ok = near(s["cost_ns"], want["cost_ns"], 0.10)
            ok = near(s["per_s"], rate, 0.10) and cost_ok
            # (of several at its period, the one that matches it: two
            # sources of one period are named in either order)
            if ok:
                break
        if best is not None and not ok:
            best = next((i for i, s in enumerate(got) if i not in used and s["kind"] == kind and
                         (kind not in ("periodic", "bursts") or
                          near(s.get("period_ns"), want["period_ns"], 0.01))), None)
        if best is not None:
            used.add(best)
        figures.append((f"{kind} {src['spec']}", ok))
        if src["to_ms"] is not None:
            figures.append((f"where {src['spec']} was there", best is not None and
                            there_ok(got[best], src, t)))
    # runs slowed after a periodic source's stops: a line after the one
    # named for it, its window (disturb slows the runs that start within
    # it of the stop's mark) within two steps of the lags tried (2^(1/4)
    # each: one of the two about it, or one beyond) and its cost within a
    # quarter (the cheaper ones are hidden by the jitter)
    args = next(k[1] for k in KINDS if k[0] == name)
    for src in t["sources"]:
        if not src["slowed"]:
            continue
        want = parse_spec(src)
        w_us, c_us = (float(x) for x in args[args.index("--slowed-after") + 1].split(":"))
        of = next((i for i, s in enumerate(got) if s["kind"] == "periodic" and not s.get("after_ns")
                   and near(s.get("period_ns"), want["period_ns"], 0.01)), None)
        hit = next((i for i, s in enumerate(got) if of is not None and s.get("after_source") == of),
                   None)
        ok = (hit is not None and got[hit]["after_ns"] and abs(math.log2(got[hit]["after_ns"] / (w_us * 1e3))) <= 0.5
              and near(got[hit]["cost_ns"], c_us * 1e3, 0.25))
        if hit is not None:
            used.add(hit)
        figures.append((f"runs slowed after {src['spec']}", ok))
    extra = [s for i, s in enumerate(got) if i not in used]
    figures.append(("nothing named beyond the truth's", not extra))


def score_cost(j, t, args, figures):
    # the fastest moments' cost: a machine faster than 1 in bursts is
    # timed at its fastest
    fastest = min(1.0, t["bursts"]["factor"]) if t["bursts"] else 1.0
    slope = (float(args[args.index("--slope") + 1]) if "--slope" in args else SLOPE) * fastest
    lo, hi = j["unit_cost_interval"]
    held = lo <= slope <= hi
    if j.get("saturated"):
        c = j["unit_cost_compensated_interval"]
        held = c[0] <= slope <= c[1]
    figures.append(("unit cost within its bounds", held))


def show(j):
    def f(x, d=4):
        return "-" if x is None else f"{x:.{d}g}"
    st = "; ".join(f"{s['factor']:.3f}x{100 * s['share']:.0f}%@{s['from_ms']:.0f}" for s in j.get("speed_states") or [])
    rp = "; ".join(f"{r['from_factor']:.3f}->{r['to_factor']:.3f} {r['from_ms']:.0f}-{r['to_ms']:.0f}"
                   for r in j.get("speed_ramps") or [])
    src = "; ".join(f"{s['kind']} P={f(s['period_ns'] and s['period_ns'] / 1e6)}ms {f(s['per_s'])}/s "
                    f"{f(s['cost_ns'] and s['cost_ns'] / 1e3)}us" for s in j.get("sources") or [])
    sat = f" sat comp {f(j['unit_cost_compensated'], 5)}" if j.get("saturated") else ""
    return f"speed [{st}] ramps [{rp}] | src [{src}] | {f(j['unit_cost'], 5)}{sat} | {j['warnings'] and [w.split(':')[0] for w in j['warnings']]}"


def run_kind(name, args, seed, tmp, verbose):
    """The figures scored, and the runs attributed right and in all."""
    truth_runs, excess = Path(tmp) / "truth", Path(tmp) / "excess"
    text = checked([DISTURB, "--seed", seed, "--truth-runs", truth_runs, *args]).stdout
    path = Path(tmp) / "d.st"
    path.write_text(text)
    j = json.loads(checked([ANALYZE, "--json", "--excess", excess, path]).stdout)
    right, of, _, _ = attribution.score(attribution.read_excess(excess),
                                        attribution.read_truth(truth_runs))
    t = truth_of(text)
    seconds = float(args[args.index("--seconds") + 1]) if "--seconds" in args else 2.0
    figures = []
    score_speed(j, t, seconds, figures)
    score_sources(j, t, name, figures)
    score_cost(j, t, args, figures)
    if verbose:
        print(f"  {name} seed {seed}: {show(j)}")
        for what, ok in figures:
            if not ok:
                print(f"      WRONG: {what}")
    return figures, sum(right.values()), sum(of.values())


def table(seeds, only=(), verbose=False):
    """The markdown table of every kind (or those in only) over seeds
    1..seeds, and the figures right and in all."""
    total = right = runs_right = runs = 0
    lines = ["| kind | truth | figures right | runs attributed right |", "|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        for name, args, truth in KINDS:
            if only and name not in only:
                continue
            k = ok = r_ok = r_all = 0
            for seed in range(1, seeds + 1):
                figs, r1, r2 = run_kind(name, args, seed, tmp, verbose)
                k += len(figs)
                ok += sum(1 for _, good in figs if good)
                r_ok += r1
                r_all += r2
            lines.append(f"| {name} | {truth} | {ok} of {k} | {100 * r_ok / max(r_all, 1):.2f}% |")
            total += k
            right += ok
            runs_right += r_ok
            runs += r_all
    return lines, right, total, runs_right, runs


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seeds", type=int, default=3)
    p.add_argument("--only", default="")
    p.add_argument("--show", action="store_true")
    o = p.parse_args()
    only = [x for x in o.only.split(",") if x]
    lines, right, total, runs_right, runs = table(o.seeds, only, o.show)
    print("\n".join(lines))
    print(f"\n{right} of {total} figures right ({100 * right / max(total, 1):.1f}%); "
          f"{runs_right} of {runs} runs attributed right ({100 * runs_right / max(runs, 1):.2f}%)")


if __name__ == "__main__":
    sys.exit(main())
