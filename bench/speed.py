"""5. Speed.

analyze on 10^6 and 10^7 samples (samples per second, peak memory from
/usr/bin/time -v); collect's cost per sample against the back-to-back read
cost, and its duty cycle."""

import re

from common import ANALYZE, COLLECT, SYNTH, header, run, trailer


def analyze_speed(tmp, samples):
    path = tmp / f"speed-{samples}.st"
    with open(path, "w") as f:
        f.write(run([SYNTH, "--runs", samples // 64]).stdout)
    r = run(["/usr/bin/time", "-v", ANALYZE, path])
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", r.stderr)
    h, m, s = wall.groups()
    seconds = int(h or 0) * 3600 + int(m) * 60 + float(s)
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr).group(1))
    path.unlink()
    return seconds, rss


def collect_cost(tmp, quick):
    """Runs of N = 1..4: the timed region is nearly all overhead."""
    path = tmp / "speed-collect.st"
    run([COLLECT, "-q", "-o", path, "--n", "1,2,3,4", "--runs", 5000 if quick else 50000])
    h, t = header(path), trailer(path)
    per_sample = float(t["seconds"]) * 1e9 / int(t["samples"])
    overhead_ns = float(h["overhead"]) * float(h["unit_ns"])
    default = tmp / "speed-default.st"
    run([COLLECT, "-q", "-o", default])
    return per_sample, overhead_ns, float(h["read_ns"]), float(t["duty"]), float(trailer(default)["duty"])


def run_section(tmp, quick):
    sizes = (10**5, 10**6) if quick else (10**6, 10**7)
    rows = [(n, *analyze_speed(tmp, n)) for n in sizes]
    return report(rows, collect_cost(tmp, quick)), rows


def report(rows, c):
    per_sample, overhead_ns, read_ns, duty_tiny, duty_default = c
    out = ["| samples | analyze wall time | samples per second | peak memory |",
           "|---|---|---|---|"]
    for n, s, rss in rows:
        out.append(f"| {n:.0e} | {s:.2f} s | {n / s:.3g} | {rss / 1024:.1f} MiB |")
    out.append("")
    out.append("| collect | value |")
    out.append("|---|---|")
    out.append(f"| wall time per sample, runs of N = 1..4 | {per_sample:.0f} ns |")
    out.append(f"| of which the timed region's floor (back-to-back reads, the header's overhead) | {overhead_ns:.1f} ns |")
    out.append(f"| one clock read (header's read_ns) | {read_ns:.1f} ns |")
    out.append(f"| so, outside the timed region per sample (kernel call, CPU check, line, budget check) | {per_sample - overhead_ns:.0f} ns |")
    out.append(f"| duty cycle, runs of N = 1..4 | {100 * duty_tiny:.1f}% |")
    out.append(f"| duty cycle, default collection | {100 * duty_default:.1f}% |")
    return "\n".join(out)
