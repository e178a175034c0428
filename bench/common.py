"""Shared helpers of the benchmarks: running collect, analyze, synth and
the Google Benchmark peer, reading their results, describing the machine.

Every command run is recorded, so that RESULTS.md can list them."""

import json
import os
import platform
import re
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
COLLECT = BUILD / "collector" / "collect"
ANALYZE = BUILD / "analyzer" / "analyze"
SYNTH = BUILD / "tests" / "synth"
GBENCH = BUILD / "bench" / "gbench_kernels"

COMMANDS = []


def checked(argv, **kw):
    """Run argv (a list), unrecorded; return the CompletedProcess.  A
    failure raises with what the command wrote to stderr, its cause:
    without it a failed run shows only its exit status."""
    p = subprocess.run([str(a) for a in argv], capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(str(a) for a in argv)}: exit status {p.returncode}\n"
                           f"{p.stderr.strip()}")
    return p


def run(argv, **kw):
    """Run argv (a list), record it, return the CompletedProcess."""
    COMMANDS.append(" ".join(str(a) for a in argv))
    return checked(argv, **kw)


def header(path):
    """The '# key: value' lines and the last line of a stream."""
    keys = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"# ([a-z0-9_]+): (.*)", line)
            if m:
                keys[m.group(1)] = m.group(2)
    return keys


def trailer(path):
    """Fields of '# done: a=1 b=2' as a dict of strings."""
    fields = {}
    with open(path) as f:
        for line in f:
            if line.startswith("# done:") or line.startswith("# interrupted:"):
                for kv in line.split(":", 1)[1].split():
                    k, _, v = kv.partition("=")
                    fields[k] = v
    return fields


def collect(out, *args):
    """collect -q -o out ARGS; returns the stream's path."""
    run([COLLECT, "-q", "-o", out, *args])
    return out


def analyze(path, *args):
    """analyze --json; the result as a dict."""
    return json.loads(run([ANALYZE, "--json", *args, path]).stdout)


def plan_range(path):
    """(first N, last N, count) of an automatic plan, from the header."""
    m = re.search(r"(\d+) N in \[(\d+), (\d+)\]", header(path)["plan"])
    return int(m.group(2)), int(m.group(3)), int(m.group(1))


def gbench(kernel, ns, cpu, min_time):
    """Google Benchmark's Complexity(oN) coefficients for kernel over ns,
    pinned to cpu at nice -20 like collect: (real ns/N, cpu ns/N, rms)."""
    argv = ["nice", "-n", "-20", "taskset", "-c", str(cpu), GBENCH,
            "--n", ",".join(str(n) for n in ns),
            f"--benchmark_filter=^{kernel}/",
            f"--benchmark_min_time={min_time}",
            "--benchmark_format=json"]
    out = json.loads(run(argv).stdout)
    big = next(b for b in out["benchmarks"] if b["name"].endswith("_BigO"))
    rms = next(b for b in out["benchmarks"] if b["name"].endswith("_RMS"))
    scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[big.get("time_unit", "ns")]
    return (big["real_coefficient"] * scale, big["cpu_coefficient"] * scale,
            rms["rms"])


def machine():
    """A few lines on the machine the numbers come from."""
    model = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    source = Path("/sys/devices/system/clocksource/clocksource0/current_clocksource")
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "kernel": platform.release(),
        "clocksource": source.read_text().strip() if source.exists() else "unknown",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "commit": commit or "unknown",
    }


def rel(a, b):
    """(a - b) / b"""
    return (a - b) / b


def median(v):
    return statistics.median(v)


def pct(x, digits=3):
    return f"{100 * x:+.{digits}f}%"
