"""scripts/bench: run the benchmarks and write bench/RESULTS.md.

    python3 bench/run.py [--quick] [--only clocks,truth,noise,repeat,speed,coverage,mpi,pairs,diagnosis]

--quick shortens every budget and repetition (a smoke test, which
scripts/test --all runs: its numbers are not the results, and a failed
command fails it).  Nothing here is a test: a missed target is reported, not
failed."""

import argparse
import sys
import tempfile
import time
from pathlib import Path

import clocks
import coverage
import diagnosis
import mpi
import noise
import pairs
import repeat
import speed
import truth
from common import COMMANDS, ROOT, machine

SECTIONS = {
    "clocks": ("1. Sub-tick on real clocks", clocks.run, clocks.__doc__),
    "truth": ("2. Truth", truth.run_section, truth.__doc__),
    "noise": ("3. Noise robustness", noise.run_section, noise.__doc__),
    "repeat": ("4. Repeatability", repeat.run_section, repeat.__doc__),
    "speed": ("5. Speed", speed.run_section, speed.__doc__),
    "coverage": ("6. Coverage of the bounds", coverage.run_section, coverage.__doc__),
    "mpi": ("7. MPI messages", mpi.run_section, mpi.__doc__),
    "pairs": ("8. Compare: in turn or apart", pairs.run_section, pairs.__doc__),
    "diagnosis": ("9. Diagnosis", diagnosis.run_section, diagnosis.__doc__),
}


# Sections that other scripts' long runs make, which the benchmarks do not
# rerun: carried over from the results written before.
KEPT = ("Fuzzing", "10. Stopping at a precision (collect --until)")


def kept_sections(path):
    """The KEPT sections of the results at path, as lines."""
    if not path.exists():
        return []
    kept, keep = [], False
    for line in path.read_text().split("\n"):
        if line.startswith("## "):
            keep = line[3:].strip() in KEPT
        if keep:
            kept.append(line)
    return kept


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--only", default=",".join(SECTIONS))
    p.add_argument("--out", default=str(ROOT / "bench" / "RESULTS.md"))
    p.add_argument("--notes", default=str(ROOT / "bench" / "NOTES.md"),
                   help="written conclusions appended after the tables")
    a = p.parse_args()
    m = machine()
    parts = [
        "# subtick benchmark results",
        "",
        f"Made by `scripts/bench{' --quick' if a.quick else ''}` on {m['date']}, commit {m['commit']}.",
        f"Machine: {m['cpu']}, {m['cores']} cores, Linux {m['kernel']}, clocksource {m['clocksource']}.",
        "The machine is shared and noisy: these are one run's numbers, not guarantees.",
        "",
    ]
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="subtick-bench-") as tmp:
        for key in a.only.split(","):
            title, fn, doc = SECTIONS[key]
            t0 = time.time()
            print(f"bench: {title} ...", file=sys.stderr, flush=True)
            text, _ = fn(Path(tmp), a.quick)
            parts += [f"## {title}", "", doc.strip().split("\n", 1)[1].strip(), "", text,
                      "", f"({time.time() - t0:.0f} s)", ""]
    notes = Path(a.notes)
    if notes.exists() and not a.quick:
        parts += [notes.read_text().strip(), ""]
    if not a.quick:
        parts += kept_sections(Path(a.out))
    parts += ["## Commands", "",
              f"Run in {time.time() - started:.0f} s. Every command, in order:", "",
              "<details><summary>" + f"{len(COMMANDS)} commands" + "</summary>", "", "```"]
    parts += [c.replace(tmp, "$TMP") for c in COMMANDS]
    parts += ["```", "", "</details>", ""]
    Path(a.out).write_text("\n".join(parts))
    print(f"bench: wrote {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
