# excess-distribution.gp - how the excess is distributed: a histogram on a
# log axis, and the share of samples above each excess; the noise classes
# (on the line, jitter, interrupts) show as separate humps.
#   gnuplot -c excess-distribution.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8

set multiplot layout 2,1 title TITLE
set logscale x
set format x "%.0e"
set xlabel "excess over the least-values line (".VALUEUNIT.", log; the first bar holds all excesses below its right edge)"
set style fill solid 0.6 noborder
set arrow 1 from w, graph 0 to w, graph 1 nohead dt 2 lc rgb green
set arrow 2 from threshold, graph 0 to threshold, graph 1 nohead dt 2 lc rgb red
set label 1 "1 tick" at w, graph 0.95 left offset 0.5,0 tc rgb green
set label 2 "interrupt-like" at threshold, graph 0.95 left offset 0.5,0 tc rgb red

set title "histogram of the excess (8 bins per octave)"
set ylabel "samples per bin (log)"
set logscale y
set yrange [0.8:*]
unset key
# x y xlow xhigh ylow yhigh; the first bin, [0, edge], is drawn from edge/2
plot data."/histogram.txt" using ($1 > 0 ? sqrt($1 * $2) : $2):3:($1 > 0 ? $1 : $2 / 2):2:(0.8):3 with boxxyerror lc rgb blue

set title "share of samples whose excess is above x"
set ylabel "share above (log)"
set format y "%g"
if (share_min > 0) {
	set yrange [share_min / 2 : 1]
} else {
	set yrange [0.1 : 1]
	set label 3 "every sample is in the first bin: no share above it to draw" at graph 0.5, graph 0.5 center
}
plot data."/histogram.txt" using 2:($4 > 0 ? $4 : 1/0) with steps lw 2 lc rgb purple
unset multiplot
