#!/usr/bin/env python3
"""man.py - a man page (roff) from one of the project's own texts, so that
the pages say what the programs and documents say.

  man.py help NAME SECTION PROGRAM      (PROGRAM --help: NAME, SYNOPSIS...)
  man.py markdown NAME SECTION TITLE FILE.md   (# and ## headings)

Text is set as written (.nf), under .SH headings; roff's special
characters are escaped."""
import re
import subprocess
import sys


def esc(line):
    line = line.replace("\\", "\\e")
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def head(name, section, title):
    return [f'.TH {name.upper()} {section} "" "subtick" "{title}"', ".nh", ".ad l"]


def from_help(name, section, text):
    out = head(name, section, "subtick manual")
    for line in text.splitlines():
        if re.fullmatch(r"[A-Z][A-Z ]+", line):
            out += [".fi", f".SH {line}", ".nf"]
        else:
            out.append(esc(line[4:] if line.startswith("    ") else line))
    out.append(".fi")
    return out


def from_markdown(name, section, title, text):
    out = head(name, section, "subtick manual")
    out += [".SH NAME", f"{name} \\- {title}", ".nf"]
    code = False
    for line in text.splitlines():
        m = None if code else re.match(r"(#+) (.*)", line)
        if line.startswith("```"):
            code = not code
        elif m and len(m.group(1)) <= 2:
            out += [".fi", f".SH {m.group(2).upper()}", ".nf"]
        else:
            out.append(esc(line))
    out.append(".fi")
    return out


def main():
    kind, name, section = sys.argv[1:4]
    if kind == "help":
        text = subprocess.run([sys.argv[4], "--help"], check=True,
                              capture_output=True, text=True).stdout
        lines = from_help(name, section, text)
    else:
        with open(sys.argv[5]) as f:
            lines = from_markdown(name, section, sys.argv[4], f.read())
    sys.stdout.write("\n".join(lines) + "\n")


main()
