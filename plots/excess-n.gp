# excess-n.gp - each sample's excess over the least-values line (Krutar's
# magnified view), and over the step function tick*floor(line/tick), which
# cures the Moire beat of tick and unit cost.
#   gnuplot -c excess-n.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8

unset key
set multiplot layout 2,1 title TITLE
set xlabel "N (".NUNIT.")"

# Top: linear, magnified to the floor (Krutar's view): the frame holds the
# minima's own excess three times over, or 8 band widths, whichever is
# larger; the noisier samples are off the top.
top = 3 * minima_excess_max > 8 * band ? 3 * minima_excess_max : 8 * band
if (top <= 0) { top = 4 * w }
es = tu_scale(top)	# the excess in time where unit_ns is known
set yrange [-0.5 * w * es : top * es]
if (logscale && n_min_pos > 0) {
	set logscale x
	set format x "%.0e"
	set xrange [n_min_pos / 1.3 : n_max * 1.3]
}
set ylabel "excess over the line (".tu_name(top).")"
set title sprintf("excess over the least-values line (red), magnified to %.4g %s: minimum per N (blue), samples (grey; noisier ones off the top)", top * es, tu_name(top))
plot data."/samples.txt" using 1:($3 * es) with points pt dot ps 0.3 lc rgb grey, \
     data."/minima.txt" using 1:($5 * es) with points pt mark ps 0.9 lc rgb blue, \
     0 with lines lw 1.5 lc rgb red

# Bottom: log, over the step function, shifted by one tick so that the
# on-line samples (0 or 1 tick) sit at the bottom.  Without a tick (other
# tools' results, decimals) there is no step function: the excess over
# the line, shifted by the on-line width, and no tick's line.
set logscale y
set format y "%g"	# (the default prints 0.0000010 on a log axis of ms)
eb = tu_scale(excess_max + w)	# in time too where unit_ns is known
set yrange [w / 2 * eb : (excess_max + w) * 2 * eb]
set ylabel sprintf("excess + %s (%s, log)", w_name, tu_name(excess_max + w))
# (threshold 0: none judged, too few runs or samples that are means)
strong = threshold > 0 ? sprintf("strong: the runs found interrupted (red: the shortest runs' threshold, %.4g %s)", threshold * tu_scale(threshold), tu_name(threshold)) : "no run judged interrupted"
threshold_at = threshold > 0 ? (threshold + w) * eb : NaN
if (tick > 0) {
	set title "excess over tick*floor(line/tick): on the line below green; ".strong
	plot data."/samples.txt" using 1:(column(6) > 0 ? 1/0 : ($4 + w) * eb) with points pt dot ps 0.3 lc rgb "#c9b3d9", \
	     data."/marked.txt" using 1:(column(6) > 0 ? ($4 + w) * eb : 1/0) with points pt mark ps 0.3 lc rgb purple, \
	     2 * w * eb with lines dt 2 lw 1.5 lc rgb green, \
	     threshold_at with lines dt 2 lw 1.5 lc rgb red
} else {
	set title "excess over the line (no clock tick known: no step function); ".strong
	plot data."/samples.txt" using 1:(column(6) > 0 ? 1/0 : ($4 + w) * eb) with points pt dot ps 0.3 lc rgb "#c9b3d9", \
	     data."/marked.txt" using 1:(column(6) > 0 ? ($4 + w) * eb : 1/0) with points pt mark ps 0.3 lc rgb purple, \
	     threshold_at with lines dt 2 lw 1.5 lc rgb red
}
unset multiplot
