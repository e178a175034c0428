"""8. Compare: in turn or apart.

Did B make it faster?  A = collect's counting loop, B = the same loop
doing 1.00, 1.01 or 1.10 times the iterations (bench/scaledcount.c), so
the true ratio of unit costs B / A is known.  Apart: two collections one
after the other, 2 s each (collect -o a.st; collect -o b.st).  In turn:
one collection of 4 s that times A and B alternately at every N (collect
--kernel A --kernel B -o a.st -o b.st, 2 s of runs each), whose bounds
pair the two streams' stretches of time.  Then analyze --compare a.st
b.st: how often the bounds hold the true ratio, how often a difference is
claimed, the median ratio found and the median width of its bounds."""

import json
import statistics

from common import ANALYZE, BUILD, run

KERNELS = BUILD / "bench" / "libscaledcount.so"
TRUTHS = (("x100", 1.00), ("x101", 1.01), ("x110", 1.10))


def compare(a, b):
    c = json.loads(run([ANALYZE, "--compare", "--json", a, b]).stdout)["compare"]
    lo, hi = c["ratio_bounds"]
    return c["ratio"], lo, hi, c["resolved"], c["paired"]


def collect(*args):
    from common import COLLECT
    run([COLLECT, "-q", *args])


def one(tmp, kind, b):
    a_spec, b_spec = f"{KERNELS}:count_x100", f"{KERNELS}:count_{b}"
    a, bb = tmp / "pair-a.st", tmp / "pair-b.st"
    if kind == "in turn":
        collect("--kernel", a_spec, "--kernel", b_spec, "-o", a, "-o", bb, "--budget", "4")
    else:
        collect("--kernel", a_spec, "-o", a, "--budget", "2")
        collect("--kernel", b_spec, "-o", bb, "--budget", "2")
    return compare(a, bb)


def run_section(tmp, quick):
    reps = 1 if quick else 10
    rows = []
    for b, truth in TRUTHS:
        for kind in ("apart", "in turn"):
            res = [one(tmp, kind, b) for _ in range(reps)]
            held = sum(lo <= truth <= hi for _, lo, hi, _, _ in res)
            claimed = sum(r for *_, r, _ in res)
            ratio = statistics.median(r for r, *_ in res)
            width = statistics.median(hi - lo for _, lo, hi, _, _ in res)
            paired = sum(p for *_, p in res)
            rows.append((truth, kind, reps, held, claimed, ratio, width, paired))
    return report(rows), rows


def report(rows):
    out = ["| true B / A | collected | bounds hold the truth | a difference claimed "
           "| median B / A | median width of the bounds | paired |",
           "|---|---|---|---|---|---|---|"]
    for truth, kind, reps, held, claimed, ratio, width, paired in rows:
        wrong = " (false)" if truth == 1.0 and claimed else ""
        out.append(f"| {truth:.2f} | {kind} | {held}/{reps} | {claimed}/{reps}{wrong} "
                   f"| {ratio:.4f} | {100 * width:.2f}% | {paired}/{reps} |")
    return "\n".join(out)
