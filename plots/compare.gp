# compare.gp - analyze --compare --plot (and the pages of --compare and
# --group): several collections' minima per N and their least-values
# lines, in one unit (ns when all know it).
#   gnuplot -c compare.gp DATADIR OUT FORMAT TITLE NUMBERS UNIT FILES NUNIT NAMES
# NUMBERS (analyze's, as style.gp's): K, then for each collection its
# slope, intercept, ns per clock unit (or 1) and the block of its file
# that holds its minima (gnuplot's index, from 0).  FILES: K words, the
# data files in DATADIR (analyze's names).  NAMES: K lines, each
# collection's name in the legend (text from the input: a string only,
# as TITLE).
data = ARG1
fmt = ARG3
TITLE = ARG4
UNIT = ARG6
NUNIT = ARG8 eq "" ? "units of work" : ARG8
num(i) = word(ARG5, i) + 0
K = int(num(1))
slope(i) = num(2 + 4 * (i - 1))
icpt(i) = num(3 + 4 * (i - 1))
k(i) = num(4 + 4 * (i - 1))
block(i) = int(num(5 + 4 * (i - 1)))
file(i) = data."/".word(ARG7, i)
# the names, a line each
array NAME[K]
rest = ARG9
do for [i = 1:K] {
	at = strstrt(rest, "\n")
	NAME[i] = at > 0 ? rest[1:at - 1] : rest
	rest = at > 0 ? rest[at + 1:] : ""
}
# A blue, B red, then others; the points' shapes alternate
array COLOUR[8] = ["#1f4e9c", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
colour(i) = COLOUR[(i - 1) % 8 + 1]
height = 700
if (fmt eq "png") {
	set terminal pngcairo size 1200,height font "DejaVu Sans,11" noenhanced
} else { if (fmt eq "svg") {
	set terminal svg size 1200,height dynamic font "DejaVu Sans,11" noenhanced
} else { if (fmt eq "pdf") {
	set terminal pdfcairo size 12in,7in font "DejaVu Sans,11" noenhanced
} else {
	set terminal dumb size 110,32 noenhanced
} } }
set output ARG2
set grid lc "#e6e6e6"
set key top left opaque box lc "#cccccc"
set border lc "#555555"
set title TITLE
set xlabel "N (".NUNIT.")"
set ylabel sprintf("minimum time (%s)", UNIT)
# each line from its own first N to its last only: a line carried past
# its data claims what was not measured (A's line had run ten times past
# its N)
array NMIN[K]
array NMAX[K]
do for [i = 1:K] {
	stats file(i) index block(i) using 1 nooutput prefix "N"
	NMIN[i] = N_min
	NMAX[i] = N_max
}
set samples 2
# the lines' equations in the legend while it stays short
plot for [i = 1:K] file(i) index block(i) using 1:($2 * k(i)) with points \
	pt (i % 2 ? 7 : 5) ps 0.9 lc rgb colour(i) title NAME[i].": minimum per N", \
     for [i = 1:K] [t = NMIN[i]:NMAX[i]] '+' using (t):((icpt(i) + slope(i) * t) * k(i)) \
	with lines lw 2 lc rgb colour(i) \
	title (K <= 4 ? sprintf("%s: %.6g + %.6g N", NAME[i], icpt(i) * k(i), slope(i) * k(i)) : "")
