# timings.gp - every sample, the minimum per N, the least-values line and,
# for contrast, the OLS line on the means.
#   gnuplot -c timings.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8

set title TITLE
set xlabel "N (".NUNIT.")"
set ylabel "t (".YUNIT.")"
# the legend under the plot, off the data
set key below horizontal nobox noopaque
set bmargin 8
f(x) = intercept + slope * x
g(x) = ols_intercept + ols_slope * x
# Log axes need positive N and t: their ranges come from analyze, and a
# zero never reaches them (it is undefined on a log axis, not an error).
if (logscale && n_min_pos > 0 && t_min_pos > 0) {
	set logscale xy
	set format x "%.0e"
	set format y "%.0e"
	set xrange [n_min_pos / 1.3 : n_max * 1.3]
	set yrange [t_min_pos * yscale / 1.5 : (t_max > t_min_pos ? t_max : t_min_pos) * yscale * 3]
} else {
	set yrange [0 : (ymax_timings > 0 ? ymax_timings : w) * yscale]
	if (logscale) { set title TITLE."\n(linear axes: no positive N or t for log ones)" }
}
# the lines' terms in ns where unit_ns is known, else in clock units
k_ns = unit_ns > 0 ? unit_ns : 1
in_ns = unit_ns > 0 ? " ns" : ""
line_unit = unit_ns > 0 ? "" : " (".VALUEUNIT.")"
# the minima last: drawn over the line that rests on them (a terminal
# figure keeps one character a cell)
plot data."/samples.txt" using 1:($2 * yscale) with points pt dot ps 0.25 lc rgb grey title "every sample (some above the frame: see the excess figures)", \
     f(x) * yscale with lines lw 2 lc rgb red title sprintf("least-values line: %.6g%s + %.6g%s N%s", intercept * k_ns, in_ns, slope * k_ns, in_ns, line_unit), \
     g(x) * yscale with lines dt 2 lw 2 lc rgb orange title sprintf("OLS on the means: %.6g%s + %.6g%s N%s", ols_intercept * k_ns, in_ns, ols_slope * k_ns, in_ns, line_unit), \
     data."/minima.txt" using 1:($2 * yscale) with points pt mark ps 0.9 lc rgb blue title "minimum per N"
