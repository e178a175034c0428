#!/usr/bin/env python3
"""html_page.py - checks of analyze's pages (--report FILE.html).

    html_page.py nest PAGE        its tags nest (void elements aside)
    html_page.py spans PAGE K     its first figure, of K collections
                                  (plots/compare.gp): each one's line
                                  runs from its first minimum's N to its
                                  last, no further, within a pixel

The figure is gnuplot's SVG: the groups gnuplot_plot_1..K hold the
minima (points, each a <use> translated to its place), K+1..2K the
lines (a path "M x,y L x,y"); with an opaque key their first groups are
the data, a second pass the key.  Exit 1 with what is wrong."""
import html.parser
import re
import sys

VOID = {"meta", "br", "img", "hr", "input", "link"}


class Nest(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            sys.exit("</%s> closes <%s>" % (tag, self.stack[-1] if self.stack else "nothing"))
        self.stack.pop()


def nest(text):
    p = Nest()
    p.feed(text)
    p.close()
    if p.stack:
        sys.exit("left open: %s" % p.stack)


def spans(text, k):
    start = text.index("<svg")
    svg = text[start:text.index("</svg>", start)]
    parts = re.split(r"<title>gnuplot_plot_(\d+)</title>", svg)
    first = {}
    for i in range(1, len(parts), 2):
        # the group ends at its own closing tag (the key's box follows)
        first.setdefault(int(parts[i]), parts[i + 1].split("\n\t</g>")[0])
    for i in range(1, k + 1):
        xs = [float(x) for x in re.findall(r"<use xlink:href='#gpPt\d+' transform='translate\(([-\d.]+),", first.get(i, ""))]
        line = [float(x) for x in re.findall(r"[ML]\s*([-\d.]+),", first.get(k + i, ""))]
        if not xs or not line:
            sys.exit("collection %d: %d minima and %d points of its line in the figure" % (i, len(xs), len(line)))
        lo, hi = min(xs), max(xs)
        if min(line) < lo - 1 or max(line) > hi + 1:
            sys.exit("collection %d: its line runs over x %.1f to %.1f, its minima over %.1f to %.1f"
                     % (i, min(line), max(line), lo, hi))
        if min(line) > lo + 1 or max(line) < hi - 1:
            sys.exit("collection %d: its line (x %.1f to %.1f) stops short of its minima (%.1f to %.1f)"
                     % (i, min(line), max(line), lo, hi))
        print("collection %d: minima and line over x %.1f to %.1f" % (i, lo, hi))


def main():
    what, path = sys.argv[1:3]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if what == "nest":
        nest(text)
    else:
        spans(text, int(sys.argv[3]))


main()
