"""5. Speed.

analyze at 10^4 and 10^6 distinct N, with 10^6 and 10^7 samples (samples
per second, peak memory from /usr/bin/time -v, and that memory per
distinct N), next to mawk computing only the per-N minimum of the same
file in the same run; how the rate scales from 10^4 to 10^8 samples over
10^4 N (speed.png); collect's cost per sample against the back-to-back
read cost, and its duty cycle.  Targets: 2e7 samples per second for the
full default report at 10^7 samples over 10^4 N, at most a quarter of
mawk's time, and at most 120 bytes per distinct N at 10^6 N."""

import re
import subprocess
import time

from common import ANALYZE, COLLECT, COMMANDS, ROOT, SYNTH, header, run, trailer


def timed(argv):
    """Wall seconds (to the microsecond, around the run: /usr/bin/time
    says hundredths, which made a 4 ms run 0 s) and peak RSS (KiB, from
    /usr/bin/time -v) of argv."""
    start = time.perf_counter()
    r = run(["/usr/bin/time", "-v", *argv])
    seconds = time.perf_counter() - start
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr).group(1))
    return seconds, rss


MAWK_MIN = "!($1 in m) || $2 < m[$1] { m[$1] = $2 } END { for (n in m) k++; print k }"


def analyze_speed(tmp, points, samples):
    """One stream of `points` distinct N and `samples` samples: analyze
    against mawk's per-N minimum, the better of two runs each (the
    machine is shared: the slower run is the noise's)."""
    path = tmp / f"speed-{points}-{samples}.st"
    with open(path, "w") as f:
        subprocess.run([str(SYNTH), "--range", f"1000:{1000 + 1000 * points}:{points}",
                        "--runs", str(samples // points)], stdout=f, check=True)
    COMMANDS.append(f"{SYNTH} --range 1000:{1000 + 1000 * points}:{points} --runs {samples // points} > {path}")
    seconds, rss = min(timed([ANALYZE, path]) for _ in range(2))
    mawk_s, mawk_rss = min(timed(["mawk", "-F", "\t", MAWK_MIN, path]) for _ in range(2))
    path.unlink()
    return seconds, rss, mawk_s, mawk_rss


def scaling(tmp, quick):
    """Samples per second from 10^4 to 10^8 samples over 10^4 N (to 10^6
    in a quick run): analyze's and mawk's per-N minimum; a figure."""
    top = 6 if quick else 8
    rows = []
    for e in range(4, top + 1):
        s, _, ms, _ = analyze_speed(tmp, 10**4, 10**e)
        rows.append((10**e, s, ms))
    data = tmp / "speed.dat"
    data.write_text("".join(f"{n} {n / max(s, 1e-4):.6g} {n / max(ms, 1e-4):.6g}\n"
                            for n, s, ms in rows))
    png = (tmp if quick else ROOT / "bench") / "speed.png"
    subprocess.run(["gnuplot", "-c", str(ROOT / "bench" / "speed.gp"), str(data), str(png)],
                   check=True)
    COMMANDS.append(f"gnuplot -c bench/speed.gp {data} {png}")
    out = ["| samples (over 10^4 N) | analyze | samples per second | mawk, minimum per N only | samples per second |",
           "|---|---|---|---|---|"]
    for n, s, ms in rows:
        out.append(f"| {n:.0e} | {s:.3g} s | {n / max(s, 1e-4):.3g} | {ms:.3g} s | {n / max(ms, 1e-4):.3g} |")
    out += ["", "![samples per second against samples](speed.png)"]
    return "\n".join(out)

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
    sizes = ([(10**4, 10**5), (10**5, 10**5)] if quick else
             [(10**4, 10**6), (10**4, 10**7), (10**6, 10**6), (10**6, 10**7)])
    base = analyze_speed(tmp, 10, 1000)[1]
    rows = [(p, n, *analyze_speed(tmp, p, n)) for p, n in sizes]
    text = report(rows, base, collect_cost(tmp, quick))
    return text + "\n\n" + targets(rows, base) + "\n\n" + scaling(tmp, quick), rows


def targets(rows, base):
    """The targets, met or not, from the rows at 10^7 samples."""
    out = ["| target | measured | met |", "|---|---|---|"]
    for p, n, s, rss, ms, _ in rows:
        if n != 10**7:
            continue
        if p == 10**4:
            out.append(f"| 2e7 samples per second (10^7 samples, 10^4 N) | {n / s:.3g} | {'yes' if n / s >= 2e7 else 'no'} |")
            out.append(f"| at most 0.25 x mawk's time | {s / ms:.2f} x | {'yes' if s <= 0.25 * ms else 'no'} |")
        if p == 10**6:
            per = (rss - base) * 1024 / p
            out.append(f"| at most 120 bytes per distinct N (10^6 N) | {per:.0f} | {'yes' if per <= 120 else 'no'} |")
    return "\n".join(out) if len(out) > 2 else "(targets: at 10^7 samples only, not in a quick run)"


def report(rows, base, c):
    per_sample, overhead_ns, read_ns, duty_tiny, duty_default = c
    out = [f"Peak memory per distinct N is above that of a 10-N stream ({base / 1024:.1f} MiB).",
           "",
           "| distinct N | samples | analyze wall time | samples per second | peak memory | per distinct N | mawk, minimum per N only: time, memory |",
           "|---|---|---|---|---|---|---|"]
    for p, n, s, rss, ms, mrss in rows:
        out.append(f"| {p:.0e} | {n:.0e} | {s:.2f} s | {n / max(s, 0.01):.3g} | {rss / 1024:.1f} MiB "
                   f"| {(rss - base) * 1024 / p:.0f} bytes | {ms:.2f} s, {mrss / 1024:.1f} MiB |")
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
