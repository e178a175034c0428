"""4. Repeatability.

The coefficient of variation of the unit cost over repeated default runs
(collect with no options | analyze), beside Google Benchmark's
Complexity(oN) coefficient on the same kernel over 16 of the same N."""

import statistics

from common import analyze, collect, gbench, header, plan_range


def cv(v):
    return statistics.stdev(v) / statistics.mean(v)


def run_section(tmp, quick):
    runs, min_time = (2, 0.02) if quick else (10, 0.1)
    rows = []
    for kernel in ("count", "memcpy"):
        ours, peer, cpu = [], [], header(collect(tmp / "probe.st", "--kernel", kernel,
                                                  "--budget", "0.2"))["cpu"]
        lo, hi, _ = plan_range(tmp / "probe.st")
        ns = [lo + (hi - lo) * i // 15 for i in range(16)]
        for i in range(runs):
            d = analyze(collect(tmp / f"repeat-{kernel}-{i}.st", "--kernel", kernel))
            ours.append(d["unit_cost_ns"])
            peer.append(gbench(kernel, ns, cpu, min_time)[0])
        rows.append((kernel, ours, peer))
    return report(rows, runs), rows


def report(rows, runs):
    out = ["| kernel | tool | mean, ns per unit | min .. max | coefficient of variation |",
           "|---|---|---|---|---|"]
    for kernel, ours, peer in rows:
        for name, v in (("subtick (collect | analyze, defaults)", ours),
                        ("Google Benchmark, Complexity(oN), wall", peer)):
            out.append(f"| {kernel} | {name} | {statistics.mean(v):.5g} | {min(v):.5g} .. {max(v):.5g} "
                       f"| {100 * cv(v):.3f}% |")
    out.append("")
    out.append(f"{runs} runs each, one after the other.")
    return "\n".join(out)
