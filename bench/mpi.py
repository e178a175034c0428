"""7. MPI messages.

`mpirun -n 2 collect-mpi --kernel pingpong | analyze`, repeated, in the
automatic plan's regime (above the protocol switch) and in the eager
regime below it (`--range 0:2048`): the least-values latency (one way) and
bandwidth, beside two naive estimates from the same runs: the OLS line
through the mean round trip per N (what averaging gives), and the
OSU-style figures (half the mean round trip at the smallest N; the largest
N over half its mean round trip).  The truth is not known here; what the
table shows is how far averaging sits from the floor and how much each
estimate moves from one collection to the next.

Then across hosts (as root, `scripts/mpi-hosts`: network namespaces on
this machine, TCP over veth links): the same ping-pong between two ranks
on one host (shared memory), on two hosts, and on two hosts whose links
tbf limits to 100 Mbit/s, 400 Mbit/s and 1 Gbit/s.  The latency is the
small messages' (`--range 0:1024`, below tbf's bucket), the bandwidth the
large ones' (`--range 131072:524288`, above the bucket and Open MPI's
eager limit), each beside what TCP carries at the rate: RATE/8 x
1448/1514 (a full frame of 1514 bytes as tbf counts it carries 1448 of
TCP's).  And an allreduce over three hosts at 100 and 400 Mbit/s,
beside what no algorithm can beat (each host sends its whole vector at
least once: at most the link's rate reduced per second) and what Open
MPI's choice for 3 ranks above 256 KiB, Rabenseifner's, costs on its
longest path (a third of it)."""

import json
import os
import shutil
import statistics
from pathlib import Path

from common import ANALYZE, BUILD, ROOT, run

COLLECT_MPI = BUILD / "collector" / "collect-mpi"
MPI_HOSTS = ROOT / "scripts" / "mpi-hosts"


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


def one_host(tmp, quick):
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
    return out


def tcp_mb_per_s(mbit):
    """What TCP carries over a link tbf limits to mbit Mbit/s, MB/s."""
    return mbit * 1e6 / 8 * 1448 / 1514 / 1e6


def message(tmp, name, hosts, rate, args):
    """(latency us, bandwidth MB/s) of a collect-mpi message kernel on
    `hosts` hosts (0: two ranks on this one) at rate Mbit/s (None: no
    limit)."""
    path = tmp / f"{name}.st"
    if hosts == 0:
        mpirun("-q", "-o", path, *args)
    else:
        limit = ["--rate", f"{rate}mbit"] if rate else []
        run([MPI_HOSTS, str(hosts), *limit, "--", COLLECT_MPI, "-q", "-o", path, *args])
    m = json.loads(run([ANALYZE, "--json", path]).stdout)["message"]
    # (null where the line's slope is not positive: a short collection
    # over a narrow range of N, its minima a few ticks apart, may have
    # one; it is reported so, not a number)
    if m is None:
        return None, None
    return m["latency_ns"] / 1e3, m["bandwidth_gb_per_s"] * 1e3


def num(x):
    """4 significant digits, without an exponent up to 10^6."""
    return f"{x:.4g}" if abs(x) < 1e4 else f"{x:.0f}"


def told(v):
    """The values analyze gave (None: no positive slope)."""
    return [x for x in v if x is not None]


def spread(v):
    t, lost = told(v), sum(x is None for x in v)
    if not t:
        return f"- (no positive slope in {lost})"
    note = f", no positive slope in {lost}" if lost else ""
    return f"{num(statistics.median(t))} ({num(min(t))} .. {num(max(t))}{note})"


def across_hosts(tmp, quick):
    """The table of one host, two hosts and two hosts at each rate, and
    the allreduce over three."""
    if os.geteuid() != 0 or shutil.which("ip") is None or shutil.which("tc") is None:
        return ["Across hosts: not run (scripts/mpi-hosts needs root, ip and tc)."]
    runs = 1 if quick else 3
    budget = "0.5" if quick else "3"
    small = ["--kernel", "pingpong", "--range", "0:1024", "-b", budget]
    large = ["--kernel", "pingpong", "--range", "131072:524288", "-b", budget]
    rows = [("one host (shared memory)", 0, None), ("two hosts", 2, None)]
    rows += [(f"two hosts at {r} Mbit/s", 2, r) for r in (100, 400, 1000)]
    if quick:
        rows = [rows[3]]
    out = [f"**Across hosts** (scripts/mpi-hosts), {runs} collection{'s' if runs > 1 else ''} "
           f"each, median (least .. most):", "",
           "| ranks | latency, us (one way, N 0..1024) | bandwidth, MB/s (one way, "
           "N 128..512 KiB) | TCP at the rate, MB/s | bandwidth / TCP |",
           "|---|---|---|---|---|"]
    for label, hosts, rate in rows:
        key = f"{hosts}-{rate or 0}"
        lat = [message(tmp, f"lat-{key}-{i}", hosts, rate, small)[0] for i in range(runs)]
        bw = [message(tmp, f"bw-{key}-{i}", hosts, rate, large)[1] for i in range(runs)]
        tcp = tcp_mb_per_s(rate) if rate else None
        out.append(f"| {label} | {spread(lat)} | {spread(bw)} | "
                   f"{num(tcp) if tcp else '-'} | "
                   f"{f'{statistics.median(told(bw)) / tcp:.3f}' if tcp and told(bw) else '-'} |")
    # The allreduce: 256..512 KiB, above Open MPI's last change of
    # algorithm for 3 ranks (262144 bytes); three sweeps.
    ar = ["--kernel", "allreduce", "--clock", "monotonic", "--range", "32768:65536:16",
          "-r", "1" if quick else "3"]
    out += ["", "| ranks | bandwidth, MB/s of doubles reduced (N 256..512 KiB) "
            "| at most (TCP at the rate) | Rabenseifner's (a third) | bandwidth / TCP |",
            "|---|---|---|---|---|"]
    for rate in (400,) if quick else (100, 400):
        bw = [message(tmp, f"ar-{rate}-{i}", 3, rate, ar)[1] for i in range(runs)]
        tcp = tcp_mb_per_s(rate)
        out.append(f"| allreduce, three hosts at {rate} Mbit/s | {spread(bw)} | {num(tcp)} | "
                   f"{num(tcp / 3)} | "
                   f"{f'{statistics.median(told(bw)) / tcp:.3f}' if told(bw) else '-'} |")
    return out


def run_section(tmp, quick):
    if not COLLECT_MPI.exists() or shutil.which("mpirun") is None:
        return "collect-mpi or mpirun missing: not run.", None
    return "\n".join(one_host(tmp, quick) + across_hosts(tmp, quick)), None
