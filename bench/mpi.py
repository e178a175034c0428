"""7. MPI messages.

`mpirun -n 2 collect-mpi --kernel pingpong | analyze`, repeated, in the
automatic plan's regime (above the protocol switch) and in the eager
regime below it (`--range 0:2048`): the least-values latency (one way) and
bandwidth, beside two naive estimates from the same runs: the OLS line
through the mean round trip per N (what averaging gives), and the
OSU-style figures (half the mean round trip at the smallest N; the largest
N over half its mean round trip).  The truth is not known here; what the
table shows is how far averaging sits from the floor and how much each
estimate moves from one collection to the next."""

import shutil
import statistics
from pathlib import Path

from common import ANALYZE, BUILD, run

COLLECT_MPI = BUILD / "collector" / "collect-mpi"


def mpirun(*args):
    return run(["mpirun", "--allow-run-as-root", "--oversubscribe", "-n", "2",
                COLLECT_MPI, *args])


def means(path):
    """{N: mean t} of a stream."""
    acc = {}
    for line in open(path):
        if line.startswith("#"):
            continue
        n, t = line.split()[:2]
        acc.setdefault(int(n), []).append(int(t))
    return {n: statistics.mean(v) for n, v in acc.items()}


def one(tmp, name, args):
    import json
    path = tmp / f"{name}.st"
    mpirun("-q", "-o", path, *args)
    d = json.loads(run([ANALYZE, "--json", path]).stdout)
    u = d["unit_ns"]
    m = d["message"]
    ols = d["ols_means"]
    mu = means(path)
    lo, hi = min(mu), max(mu)
    return {
        "lv_lat": m["latency_ns"], "lv_bw": m["bandwidth_gb_per_s"],
        "lv_lat_b": m["latency_ns_bounds"], "lv_bw_b": m["bandwidth_gb_per_s_bounds"],
        "ols_lat": ols["overhead"] * u / 2, "ols_bw": 2 / (ols["unit_cost"] * u),
        "osu_lat": mu[lo] * u / 2, "osu_bw": hi / (mu[hi] * u / 2),
        "range": f"{lo}..{hi}", "warnings": len(d["warnings"]),
    }


def cv(v):
    return 100 * statistics.stdev(v) / statistics.mean(v) if len(v) > 1 else 0


def run_section(tmp, quick):
    if not COLLECT_MPI.exists() or shutil.which("mpirun") is None:
        return "collect-mpi or mpirun missing: not run.", None
    runs = 2 if quick else 5
    budget = "0.5" if quick else "2"
    out = []
    for regime, args in (("auto (above the switch)", []),
                         ("eager, --range 0:2048", ["--range", "0:2048"])):
        rows = [one(tmp, f"pp-{i}-{len(args)}", ["--kernel", "pingpong", "-b", budget, *args])
                for i in range(runs)]
        out += [f"**{regime}**, N {rows[0]['range']} bytes, {runs} collections:", "",
                "| estimate | latency, us (one way) | CV | bandwidth, GB/s (one way) | CV |",
                "|---|---|---|---|---|"]
        for label, lat, bw in (("least-values (analyze)", "lv_lat", "lv_bw"),
                               ("OLS on the means per N", "ols_lat", "ols_bw"),
                               ("OSU-style means", "osu_lat", "osu_bw")):
            L = [r[lat] / 1e3 for r in rows]
            B = [r[bw] for r in rows]
            out.append(f"| {label} | {statistics.median(L):.4g} ({min(L):.4g} .. {max(L):.4g}) "
                       f"| {cv(L):.1f}% | {statistics.median(B):.4g} ({min(B):.4g} .. {max(B):.4g}) "
                       f"| {cv(B):.1f}% |")
        held = sum(1 for r in rows for o in rows
                   if r is not o and r["lv_bw_b"][0] <= o["lv_bw"] <= r["lv_bw_b"][1])
        out += ["", f"Least-values bounds: the bandwidth bounds of one collection held another's "
                f"estimate in {held} of {runs * (runs - 1)} pairs; warnings per collection: "
                f"{', '.join(str(r['warnings']) for r in rows)}.", ""]
    return "\n".join(out), None
