# compare.gp - analyze --compare --plot: both collections' minima per N and
# their least-values lines, in one unit (ns when both know it).
#   gnuplot -c compare.gp DATADIR OUT FORMAT TITLE NUMBERS UNIT UNIT
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
data = ARG1
fmt = ARG3
TITLE = ARG4
UNIT = ARG6
NUNIT = ARG8 eq "" ? "units of work" : ARG8
num(i) = word(ARG5, i) + 0
slope_a = num(1)
icpt_a = num(2)
slope_b = num(3)
icpt_b = num(4)
ka = num(5)
kb = num(6)
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
# each line over its own N only: a line carried past its data claims
# what was not measured (A's line had run ten times past its N)
stats data."/minima_a.txt" using 1 nooutput prefix "NA"
stats data."/minima_b.txt" using 1 nooutput prefix "NB"
fa(x) = x >= NA_min && x <= NA_max ? (icpt_a + slope_a * x) * ka : 1/0
fb(x) = x >= NB_min && x <= NB_max ? (icpt_b + slope_b * x) * kb : 1/0
set samples 1000
plot data."/minima_a.txt" using 1:($2 * ka) with points pt 7 ps 0.9 lc rgb "#1f4e9c" title "A: minimum per N", \
     fa(x) with lines lw 2 lc rgb "#1f4e9c" title sprintf("A: %.6g + %.6g N", icpt_a * ka, slope_a * ka), \
     data."/minima_b.txt" using 1:($2 * kb) with points pt 5 ps 0.9 lc rgb "#d62728" title "B: minimum per N", \
     fb(x) with lines lw 2 lc rgb "#d62728" title sprintf("B: %.6g + %.6g N", icpt_b * kb, slope_b * kb)
