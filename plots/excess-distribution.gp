# excess-distribution.gp - how each run's excess over its N's floor at its
# speed is distributed, by what the model attributes it to: a histogram on
# log axes, the classes stacked in their colours, the counts the fitted
# jitter's tail expects drawn over it and the thresholds of an
# interruption marked; below, the share of runs above each excess, with
# the jitter's alone: where the two part, interruptions begin.
#   gnuplot -c excess-distribution.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
# (the key's rows set the height before the terminal is set)
nsrc = 0
load ARG1."/attribution.gp"
rows = 4 + nsrc
height = 950 + 15 * rows
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8
load here."/model.gp"

# residual.txt: lo hi, the runs of each class (columns 3 to 13: jitter,
# speed, unexplained, source1..source8), the share of runs above hi, the
# jitter's expected runs in the bin, its share above hi
cum(c) = sum [i = 0:c] column(3 + i)
xmid(lo, hi) = lo > 0 ? sqrt(lo * hi) : hi / 2
xlo(lo, hi) = lo > 0 ? lo : hi / 4

# (stats before any range is set: it counts only what lies within them)
share_least = 0
stats data."/residual.txt" using ($14 > 0 ? $14 : 1/0) nooutput
if (exists("STATS_records") && STATS_records > 0) { share_least = STATS_min }
# both panels over the same excess: from the first bar's drawn edge
stats data."/residual.txt" using 2 nooutput
xtop = STATS_max * 1.2
set xrange [STATS_min / 4 : xtop]
keyh = 15.0 * (rows + 1) / height
set multiplot title TITLE
set lmargin 12
set rmargin 4
set logscale x
set format x "% h"
set xlabel sprintf("excess over the N's floor at the machine's speed then (%s, log; the first bar holds every run at its floor, %s)", XUNIT, w_within)
set style fill solid 0.8 noborder
set style textbox opaque noborder
# each threshold where it lies within the axis; one beyond every run (a
# heavy jitter's, past the run itself) named in the lower panel's corner
beyond = ""
if (judged && T_short > 0) {
	apart = T_long > 1.5 * T_short || T_short > 1.5 * T_long
	if (T_short <= xtop) {
		set arrow 2 from T_short, graph 0 to T_short, graph 1 nohead dt 2 lc rgb red
		set label 2 "interrupted above (shortest N)" at T_short, graph 0.06 left offset 0.5,0 tc rgb red front boxed
	} else {
		beyond = sprintf("the shortest N: interrupted above ".(T_short < 1e4 ? "%.4g" : "%.0f")." %s, above every run here", T_short, XUNIT)
	}
	if (apart && T_long <= xtop) {
		set arrow 3 from T_long, graph 0 to T_long, graph 1 nohead dt 3 lc rgb red
		set label 3 (beyond eq "" ? "(longest N)" : "interrupted above (longest N)") at T_long, graph 0.16 left offset 0.5,0 tc rgb red front boxed
	} else {
		if (apart) {
			beyond = beyond.(beyond eq "" ? "" : "; ").sprintf("the longest N: interrupted above ".(T_long < 1e4 ? "%.4g" : "%.0f")." %s, above every run here", T_long, XUNIT)
		}
	}
}

set size 1, 0.93 - 0.38 - keyh
set origin 0, 0.38 + keyh
set format x ""
xlabel_kept = sprintf("excess over the N's floor at the machine's speed then (%s, log; the first bar holds every run at its floor, %s)", XUNIT, w_within)
unset xlabel
set title "histogram of the runs' excess (8 bins per octave), each class stacked in its colour"
set ylabel "runs per bin (log)"
set logscale y
set yrange [0.8:*]
set key at screen 0.5, screen 0.38 + keyh center top vertical maxrows rows Left reverse invert samplen 1 font ",9"
plot for [c = classes:0:-1] data."/residual.txt" using (xmid($1, $2)):(cum(c) > 0 ? cum(c) : 1/0):(xlo($1, $2)):2:(0.8):(cum(c)) \
	with boxxyerror lc rgb colour(c) title class_name(c), \
     data."/residual.txt" using (xmid($1, $2)):($15 >= 0.5 ? $15 : 1/0) with lines dt 2 lw 2 lc rgb "#000000" \
	title sprintf("the jitter's fitted tail (the heaviest the data allow%s): the runs it expects per bin", judged ? ", as the threshold" : "")

set size 1, 0.36
set origin 0, 0
set format x "% h"
set xlabel xlabel_kept
set title "share of runs whose excess is above x"
set ylabel "share above (log)"
set format y "%g"
set yrange [(share_least > 0 ? share_least / 10 : 1e-6):1.2]
unset key
set key inside bottom left vertical noinvert
if (beyond ne "") {
	set label 4 beyond at graph 0.99, graph 0.92 right tc rgb red front
}
plot data."/residual.txt" using 2:($14 > 0 ? $14 : 1/0) with steps lw 2 lc rgb purple title "all runs", \
     data."/residual.txt" using 2:($16 > 0 ? $16 : 1/0) with lines dt 2 lw 2 lc rgb "#000000" title "the jitter's fitted tail alone (the heaviest the data allow)"
unset multiplot
