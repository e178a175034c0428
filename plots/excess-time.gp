# excess-time.gp - the excess against the time each run started: interrupts
# that recur with a period show as stripes.  When analyze found a period:
# a zoom on twenty periods with their marks, and the whole collection
# folded at the period, where periodic disturbances gather at one phase.
# The runs analyze found interrupted (beyond what the machine's speed
# explains) are drawn strong.
#   gnuplot -c excess-time.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
if (word(ARG5, 8) + 0 > 0) { height = 1100 }
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8

top = excess_max + w
unset key
set logscale y
set yrange [w / 2 : top * 1.5]
set ylabel "excess over the step function + 1 tick (log)"
set xlabel sprintf("start of the run (%s since the first)", TIMEUNIT)
strong(e) = column(6) > 0 ? e + w : 1/0
weak(e) = column(6) > 0 ? 1/0 : e + w
marks = data."/period.txt"

if (!has_time) {
	set title TITLE."\nexcess against time: the input has no start times (no 'at' column), so there is nothing to draw"
	set xrange [0:1]
	set xlabel "start of the run (unknown)"
	plot 1/0 notitle
} else { if (period > 0) {
	set multiplot layout 3,1 title TITLE
	set title "excess against time (strong: the runs found interrupted)"
	plot data."/samples.txt" using 5:(weak($4)) with points pt dot ps 0.3 lc rgb "#c9b3d9", \
	     data."/samples.txt" using 5:(strong($4)) with points pt mark ps 0.4 lc rgb purple
	stats data."/samples.txt" using 5 nooutput
	zoom = 20 * period < STATS_max ? 20 * period : STATS_max
	set title sprintf("zoom on %.0f periods; marks every %.4g %s (the strongest period found)", zoom / period, period, TIMEUNIT)
	set xrange [phase - 0.5 * period : phase - 0.5 * period + zoom]
	plot marks using 1:(w / 2):(0):(top * 1.5 - w / 2) with vectors nohead lc rgb "#8fcc8f", \
	     data."/samples.txt" using 5:(weak($4)) with points pt dot ps 0.4 lc rgb "#c9b3d9", \
	     data."/samples.txt" using 5:(strong($4)) with points pt mark ps 0.6 lc rgb purple
	set title "the whole collection folded at the period: periodic disturbances gather at one phase"
	set xlabel sprintf("phase within the period of %.4g %s (0.5: the phase found)", period, TIMEUNIT)
	set xrange [0:1]
	fold(t) = (t - phase) / period + 0.5 - floor((t - phase) / period + 0.5)
	plot data."/samples.txt" using (fold($5)):(weak($4)) with points pt dot ps 0.3 lc rgb "#c9b3d9", \
	     data."/samples.txt" using (fold($5)):(strong($4)) with points pt mark ps 0.5 lc rgb purple
	unset multiplot
} else {
	set title TITLE."\nexcess against time: no period found (strong: the runs found interrupted)"
	plot data."/samples.txt" using 5:(weak($4)) with points pt dot ps 0.3 lc rgb "#c9b3d9", \
	     data."/samples.txt" using 5:(strong($4)) with points pt mark ps 0.4 lc rgb purple
}
}
