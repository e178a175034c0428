#!/usr/bin/env python3
"""man.py - a man page (roff) from one of the project's own texts, so that
the pages say what the programs and documents say.

  man.py VERSION DOCDIR PLOTSDIR help NAME SECTION PROGRAM...
        (PROGRAM --manual: NAME, SYNOPSIS...; a cross build's emulator first)
  man.py VERSION DOCDIR PLOTSDIR markdown NAME SECTION TITLE FILE.md
        (# and ## headings)

Text is set as written (.nf), under .SH headings; roff's special
characters are escaped.  VERSION heads the page.  The texts cite the
source tree (data/FORMAT.md, docs/, collector/examples/), which
the installed pages cite where meson installs them: DOCDIR and PLOTSDIR,
absolute paths."""
import re
import subprocess
import sys


def installed_paths(text, docdir, plotsdir):
    """Source-tree paths as the installed ones (meson.build installs
    data/FORMAT.md, docs/ and the examples under DOCDIR, the gnuplot
    scripts under PLOTSDIR)."""
    start = r"(?<![\w/.$-])"
    for source, installed in [
            (r"data/FORMAT\.md", docdir + "/FORMAT.md"),
            (r"docs/", docdir + "/docs/"),
            (r"(?:collector/)?examples/", docdir + "/examples/"),
            (r"share/doc/subtick\b", docdir),
            (r"share/subtick/plots\b", plotsdir)]:
        text = re.sub(start + source, lambda m: installed, text)
    return text


def esc(line):
    line = line.replace("\\", "\\e")
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def head(name, section, title):
    return [f'.TH {name.upper()} {section} "" "subtick {VERSION}" "{title}"', ".nh", ".ad l"]


def from_help(name, section, text):
    out = head(name, section, "subtick manual")
    for line in text.splitlines():
        if re.fullmatch(r"[A-Z][A-Z ]+", line):
            out += [".fi", f".SH {line}", ".nf"]
        else:
            out.append(esc(line[4:] if line.startswith("    ") else line))
    out.append(".fi")
    return out


def inline(line):
    """Markdown's inline marks as roff fonts: `code` and **strong** bold,
    *emphasis* italic, [text](link) as text; the rest escaped."""
    line = re.sub(r"\[([^]]+)\]\([^)]+\)", r"\1", line)
    out, parts = "", re.split(r"(`[^`]*`|\*\*[^*]+\*\*)", line)
    for p in parts:
        if p.startswith("`") and p.endswith("`") and len(p) >= 2:
            out += "\\fB" + esc(p[1:-1]).replace("\\&", "") + "\\fR"
        elif p.startswith("**") and p.endswith("**") and len(p) >= 4:
            out += "\\fB" + esc(p[2:-2]).replace("\\&", "") + "\\fR"
        else:
            out += esc(p).replace("\\&", "") if out else esc(p)
    return out


def cells(line):
    """A table row's cells, its escaped bars kept in them."""
    line = line.strip().strip("|")
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)]


def from_markdown(name, section, title, text):
    """Headings as .SH/.SS, paragraphs filled, code blocks as they are
    (.nf), tables as tagged paragraphs (the first cell the tag), lists
    as indented paragraphs; no Markdown mark is left for the reader."""
    out = head(name, section, "subtick manual")
    out += [".SH NAME", f"{name} \\- {title}"]
    code = False
    header = None
    blank = True    # the line before was empty: an indented line is code
    for line in text.splitlines():
        was_blank, blank = blank, not line.strip()
        if line.startswith("```"):
            code = not code
            out += [".nf", ".RS 4"] if code else [".RE", ".fi"]
            continue
        if code:
            out.append(esc(line))
            continue
        m = re.match(r"(#+) (.*)", line)
        if m:
            level = len(m.group(1))
            out.append((".SH " if level <= 2 else ".SS ") + inline(m.group(2).upper() if level <= 2 else m.group(2)))
            header = None
            continue
        if line.startswith("|"):
            row = cells(line)
            if all(re.fullmatch(r":?-+:?", c) for c in row if c):
                continue
            if header is None:
                header = row
                continue
            out += [".TP", inline(row[0])]
            out.append(inline("; ".join(c for c in row[1:] if c)))
            continue
        header = None
        if not line.strip():
            out.append(".PP")
        elif re.match(r"\s*[-*] ", line):
            out += [".IP \\(bu 2", inline(re.sub(r"^\s*[-*] ", "", line))]
        elif line.startswith("    ") and (was_blank or out[-2:] == [".RE", ".fi"]):
            if out[-2:] == [".RE", ".fi"]:     # the block goes on
                del out[-2:]
            else:
                out += [".nf", ".RS 4"]
            out += [esc(line[4:]), ".RE", ".fi"]
        else:
            out.append(inline(line.strip()))
    return out


VERSION = ""


def main():
    global VERSION
    VERSION, docdir, plotsdir = sys.argv[1:4]
    kind, name, section = sys.argv[4:7]
    if kind == "help":
        text = subprocess.run(sys.argv[7:] + ["--manual"], check=True,
                              capture_output=True, text=True).stdout
        text = installed_paths(text, docdir, plotsdir)
        lines = from_help(name, section, text)
    else:
        with open(sys.argv[8]) as f:
            text = installed_paths(f.read(), docdir, plotsdir)
        lines = from_markdown(name, section, sys.argv[7], text)
    sys.stdout.write("\n".join(lines) + "\n")


main()
