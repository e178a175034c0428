#!/usr/bin/env python3
"""readme_examples.py - run every command of the documentation's example blocks.

    readme_examples.py BUILD SOURCE FILE... [--list]

FILE is README.md or a page of docs/, each run on its own, as a reader
starting on that page would.  An example block is a run of lines indented by four spaces after a blank
line (fenced blocks hold code or output, not commands).  A line is a
command when its first word is a program this project's examples use
(collect, analyze, cc, ...); a trailing backslash joins the next line;
`cd DIR` moves the following commands of its block.  Commands run in a
scratch directory (one for each FILE) in which `build` is the build tree
and the source tree's folders are reachable, with collect and analyze on
PATH, one after another, so that a file one example of a page writes is
there for the next.

What cannot run here is skipped and counted, never failed: the project's
own scripts (the demo, the suite itself, the benchmarks), MPI (and
scripts/mpi-hosts, Slurm's srun), and a
command naming an input that does not exist (your own tool, your old and
new library, a file from elsewhere).  Collections get short budgets
(--budget at most 0.5 s, 2 s on a coarse clock, and 0.5 s added where
none is given and no --runs or --n bounds them; --runs at most 2): the examples must run, not
measure well.  A command that exits non-zero fails the test, but for
collect --until's 3 (the target not met) where the budget was cut here; a
line for each FILE and the last line say how many ran, were skipped and
failed.

What a page shows a command printing (a fenced block right after its
example block) is checked too where the output is the same on every
machine (no collection; every input in data/): the shown lines, an
excerpt (stretches between lines of "..."), must lie in the command's
output as they are.  A page whose example no longer prints what it shows
fails, naming the first line that is not there.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

PROGRAMS = {"collect", "analyze", "cc", "gcc", "gfortran", "zcat", "awk",
            "cd", "hyperfine", "mpirun", "mpicc", "collect-mpi", "scripts/mpi-hosts",
            "srun", "scripts/demo", "scripts/test", "scripts/bench", "scripts/fuzz",
            "meson", "man", "pkg-config", "mybench", "gnuplot"}
SKIP_FIRST = {"scripts/demo": "the demo itself", "scripts/test": "the test suite itself",
              "scripts/bench": "the benchmarks (minutes)", "scripts/fuzz": "fuzzing (minutes)",
              "meson": "the build itself", "mpirun": "MPI", "mpicc": "MPI",
              "collect-mpi": "MPI", "scripts/mpi-hosts": "MPI across hosts, as root",
              "srun": "Slurm"}
# Options whose next word is a file the command writes, or a directory.
OUTPUTS = {"-o", "--output", "--excess", "--minima", "--plot", "--report", ">"}
INPUT_SUFFIX = re.compile(r"\.(st|json|txt|csv|c|f90|so|gz|bin|html|md)(:[A-Za-z_]\w*)?$")
COARSE = re.compile(r"--clock[ =](monotonic-coarse|realtime-coarse)|--coarsen")


def blocks(text):
    """Each indented block's command lines, joined at backslashes, and the
    output shown after it: the lines of the fenced block that follows it
    with only blank lines between, or None."""
    out, cur, prev_blank, fenced = [], [], True, False
    fence, target, pending = None, None, None
    for raw in text.splitlines():
        if raw.startswith("```"):
            if not fenced:
                if cur:
                    out.append([cur, None])
                    pending, cur = len(out) - 1, []
                target, fence = pending, []
            elif target is not None:
                out[target][1] = fence
            if fenced:
                pending = None
            fenced = not fenced
            continue
        if fenced:
            fence.append(raw.rstrip())
            continue
        if raw.startswith("    ") and (cur or prev_blank):
            cur.append(raw[4:])
        else:
            if cur:
                out.append([cur, None])
                pending, cur = len(out) - 1, []
            if raw.strip():
                pending = None
        prev_blank = raw.strip() == ""
    if cur:
        out.append([cur, None])
    shown = [sh for _, sh in out]
    out = [b for b, _ in out]
    commands = []
    for b, sh in zip(out, shown):
        joined, acc = [], ""
        for line in b:
            if line.rstrip().endswith("\\"):
                acc += line.rstrip()[:-1] + " "
                continue
            joined.append(acc + line)
            acc = ""
        commands.append(([c for c in joined if first_word(c) in PROGRAMS
                          or first_word(c).startswith(("build/", "./"))], sh))
    return [c for c in commands if c[0]]


def first_word(cmd):
    try:
        words = shlex.split(cmd, comments=True)
    except ValueError:
        return ""
    return words[0] if words else ""


def strip_comment(cmd):
    """The command without its trailing # comment (quotes respected)."""
    quote = None
    for i, ch in enumerate(cmd):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or cmd[i - 1].isspace()):
            return cmd[:i].rstrip()
    return cmd.rstrip()


def missing_input(words, cwd, source):
    """The first word naming an input that is not there, or None."""
    skip_next = False
    for i, w in enumerate(words):
        if skip_next:
            skip_next = False
            continue
        if w in OUTPUTS:
            skip_next = True
            continue
        if i == 0 and w in PROGRAMS:
            continue
        if i > 0 and words[i - 1] in ("--exec", "--prepare"):
            # a command: its program, when given by a path, must be here
            prog = w.split()[0] if w.split() else ""
            if prog.startswith(("./", "../")) and not os.path.exists(os.path.join(cwd, prog)):
                return prog
            continue
        if w.startswith("-") or "{N}" in w or "$(" in w:
            continue
        path = w.split(":")[0] if INPUT_SUFFIX.search(w) else None
        if path is None:
            continue
        if "," in path and not os.path.exists(os.path.join(cwd, path)):
            parts = path.split(",")
        else:
            parts = [path]
        for p in parts:
            if not os.path.exists(os.path.join(cwd, p)):
                return p
    return None


def deterministic(words):
    """Whether a command's output is the same on every machine: it runs
    no collection, and every input it names lies in data/."""
    if any(w in ("collect", "build/collector/collect", "collect-mpi") for w in words):
        return False
    inputs = [w for w in words[1:] if INPUT_SUFFIX.search(w) and not w.startswith("-")]
    return bool(inputs) and all(w.startswith("data/") for w in inputs)


def shown_in(shown, output):
    """Where the shown output is not in the program's: None, or the first
    line not found.  The shown lines are an excerpt: each stretch between
    lines of "..." lies, whole and in order, among the output's lines."""
    lines = [l.rstrip() for l in output.splitlines()]
    stretches, cur = [], []
    for l in shown:
        if l.strip() in ("...", "\u2026"):
            stretches.append(cur)
            cur = []
        else:
            cur.append(l)
    stretches.append(cur)
    at = 0
    for st in stretches:
        if not st:
            continue
        k = next((i for i in range(at, len(lines) - len(st) + 1)
                  if lines[i:i + len(st)] == st), None)
        if k is None:
            # the longest start of the stretch found, to name the line
            best = 0
            for i in range(at, len(lines)):
                m = 0
                while m < len(st) and i + m < len(lines) and lines[i + m] == st[m]:
                    m += 1
                best = max(best, m)
            return st[best] if best < len(st) else st[0]
        at = k + len(st)
    return None


def shorten(cmd):
    """Short budgets for collections (see the module's comment)."""
    if not re.search(r"(^|[|;&]\s*|\s)(collect|build/collector/collect)\s", cmd + " "):
        return cmd
    cap = 2 if COARSE.search(cmd) else 0.5
    def repl(m):
        return "--budget %g" % min(float(m.group(1)), cap)
    cmd = re.sub(r"--runs[ =]([0-9]+)",
                 lambda m: "--runs %d" % min(int(m.group(1)), 2), cmd)
    if re.search(r"--budget[ =]", cmd):
        return re.sub(r"--budget[ =]([0-9.]+)", repl, cmd)
    if re.search(r"--trace[ =]", cmd):	# a trace times no kernel: no budget
        return re.sub(r"--trace[ =]([0-9.]+)",
                      lambda m: "--trace %g" % min(float(m.group(1)), 1), cmd)
    if re.search(r"--runs|--n |--kbest|--list-clocks|--help|--version", cmd):
        return cmd
    return re.sub(r"(^|[|;&]\s*)((?:build/collector/)?collect)(\s|$)",
                  lambda m: m.group(1) + m.group(2) + " --budget 0.5" + m.group(3), cmd, count=1)


def run_file(path, build, source, listing):
    """Run one file's examples in a scratch directory of its own; return
    the counts (ran, skipped, failed)."""
    text = open(path, encoding="utf-8").read()
    scratch = tempfile.mkdtemp(prefix="subtick-readme-")
    ran = skipped = failed = 0
    try:
        for name in os.listdir(source):
            if name not in ("build", ".git") and not name.startswith("build"):
                os.symlink(os.path.join(source, name), os.path.join(scratch, name))
        os.symlink(build, os.path.join(scratch, "build"))
        env = dict(os.environ)
        env["PATH"] = os.pathsep.join([os.path.join(build, "collector"),
                                       os.path.join(build, "analyzer"),
                                       env.get("PATH", "")])
        for block, shown in blocks(text):
            cwd = scratch
            for cmd in block:
                try:
                    words = shlex.split(cmd, comments=True)
                except ValueError:
                    words = cmd.split()
                if not words:
                    continue
                if words[0] == "cd" and len(words) == 2:
                    cwd = os.path.normpath(os.path.join(cwd, words[1]))
                    continue
                reason = SKIP_FIRST.get(words[0])
                if reason is None and any(w in ("mpirun", "collect-mpi") for w in words):
                    reason = "MPI"
                if reason is None:
                    m = missing_input(words, cwd, source)
                    if m is not None:
                        reason = "names %s, not here" % m
                if reason is None and words[0] in ("mybench", "hyperfine") or \
                        any(w.startswith("./mytool") for w in words):
                    reason = "another tool"
                run = shorten(strip_comment(cmd))
                if listing:
                    print("%s: %s" % ("skip (%s)" % reason if reason else "run", run))
                    continue
                if reason is not None:
                    skipped += 1
                    print("skip: %s  (%s)" % (cmd, reason))
                    continue
                ran += 1
                t0 = time.monotonic()
                # a plan stopped at a jump of the cost per unit that a
                # loaded machine faked (the count kernel has none; under a
                # short budget and a coarse tick the plan is then refused,
                # exit 2) is tried again, three times at most
                for attempt in range(3):
                    try:
                        p = subprocess.run(["sh", "-c", run], cwd=cwd, env=env,
                                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                           timeout=120)
                        rc = p.returncode
                        err = p.stderr.decode(errors="replace").strip().splitlines()
                        got = p.stdout.decode(errors="replace")
                    except subprocess.TimeoutExpired:
                        rc, err, got = "timeout", [], ""
                    if not (rc == 2 and any("(a cache level?)" in e for e in err)):
                        break
                    print("again (a jump faked?): %s" % run)
                if rc == 3 and run != strip_comment(cmd) and re.search(r"--until[ =]", run):
                    print("ok (%.1f s, --until not met in the budget cut here): %s"
                          % (time.monotonic() - t0, run))
                elif rc == 0 and cmd is block[-1] and shown is not None and \
                        deterministic(words) and shown_in(shown, got) is not None:
                    # what the page shows it printing, it prints
                    failed += 1
                    print("FAIL (its output is not the page's): %s" % run)
                    print("    the page shows: %s" % shown_in(shown, got))
                elif rc == 0:
                    shows = cmd is block[-1] and shown is not None and deterministic(words)
                    print("ok (%.1f s%s): %s" % (time.monotonic() - t0,
                                                 ", prints what the page shows" if shows else "",
                                                 run))
                else:
                    failed += 1
                    print("FAIL (exit %s): %s" % (rc, run))
                    for line in err[-5:]:
                        print("    " + line)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return ran, skipped, failed


def main():
    args = [a for a in sys.argv[1:] if a != "--list"]
    listing = len(args) < len(sys.argv) - 1
    if len(args) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    build, source = os.path.abspath(args[0]), os.path.abspath(args[1])
    total = [0, 0, 0]
    for path in args[2:]:
        print("== %s" % os.path.relpath(path, source))
        counts = run_file(path, build, source, listing)
        if not listing:
            print("%s: %d ran, %d skipped, %d failed" %
                  ((os.path.relpath(path, source),) + counts))
        total = [t + c for t, c in zip(total, counts)]
    print("%d ran, %d skipped, %d failed" % tuple(total))
    return 1 if total[2] else 0


if __name__ == "__main__":
    sys.exit(main())
