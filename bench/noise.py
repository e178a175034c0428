"""3. Noise robustness.

Quiet against loaded.  The count and memcpy kernels, each over 16 fixed N, timed by collect
(least-values and OLS on the means from analyze) and by Google Benchmark
(its Complexity(oN) coefficient, wall and CPU time), quiet and with
stress-ng spinning on the same CPU.  Quiet and loaded runs alternate; each
number is the median of the pairs.  Both tools run pinned to CPU 0 at
nice -20."""

import subprocess
import time

from common import COMMANDS, analyze, collect, gbench, median, pct, rel

NS = {
    "count": [10000 + i * 39000 for i in range(16)],
    "memcpy": [4096 + i * 34680 for i in range(16)],
}
CPU = 0


def measure(tmp, kernel, tag, budget, min_time):
    path = collect(tmp / f"noise-{kernel}-{tag}.st", "--kernel", kernel,
                   "--n", ",".join(map(str, NS[kernel])), "--budget", str(budget),
                   "--cpu", str(CPU))
    d = analyze(path)
    real, cpu, rms = gbench(kernel, NS[kernel], CPU, min_time)
    return {"least-values": d["unit_cost_ns"],
            "OLS on means": d["ols_means"]["unit_cost"] * d["unit_ns"],
            "Google Benchmark (wall)": real, "Google Benchmark (CPU)": cpu}


def loaded(tmp, kernel, tag, budget, min_time):
    argv = ["taskset", "-c", str(CPU), "stress-ng", "--cpu", "1",
            "--timeout", "600s", "--quiet"]
    COMMANDS.append(" ".join(argv))
    load = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    if load.poll() is not None:  # a missing stress-ng: no load, not a result
        raise RuntimeError(f"{' '.join(argv)} ended at once (status {load.returncode})")
    try:
        return measure(tmp, kernel, tag, budget, min_time)
    finally:
        load.terminate()
        load.wait()


def run_section(tmp, quick):
    pairs, budget, min_time = (1, 1, 0.02) if quick else (5, 2, 0.1)
    result = {}
    for kernel in NS:
        quiet, load = [], []
        for p in range(pairs):
            quiet.append(measure(tmp, kernel, f"quiet{p}", budget, min_time))
            load.append(loaded(tmp, kernel, f"loaded{p}", budget, min_time))
        result[kernel] = (quiet, load)
    return report(result, pairs), result


def report(result, pairs):
    out = ["| kernel | method | quiet, ns per unit | loaded, ns per unit | shift |",
           "|---|---|---|---|---|"]
    for kernel, (quiet, load) in result.items():
        for m in quiet[0]:
            q = median([r[m] for r in quiet])
            l = median([r[m] for r in load])
            out.append(f"| {kernel} | {m} | {q:.5g} | {l:.5g} | {pct(rel(l, q), 2)} |")
    out.append("")
    out.append(f"Medians of {pairs} quiet/loaded pairs. N: count "
               f"{NS['count'][0]}..{NS['count'][-1]}, memcpy {NS['memcpy'][0]}..{NS['memcpy'][-1]} bytes (16 values).")
    return "\n".join(out)
