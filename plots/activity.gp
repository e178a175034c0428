# activity.gp - an activity trace (collect --trace): top, every gap the
# reading loop saw, its length against when it began, in the colour of
# the source the model attributes it to (as a collection's figures:
# model.gp); bottom, the slides' activity picture on a stretch of twenty
# periods of the strongest source (or 20 ms): the loop running (green) and
# stopped (in the colour of the stop's source), with that source's marks.
#   gnuplot -c activity.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
height = 1000
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8
load here."/model.gp"

threshold = num(25)
longest = num(26)
seconds = num(27)
period = num(28)
zoom_from = num(29)
zoom_to = num(30)
cost = num(31)
lost = num(32)
gaps = num(33)
us = unit_ns > 0 ? "µs" : "clock units"
ms = unit_ns > 0 ? "ms" : "clock units"
unset key

set multiplot layout 2,1 title TITLE
if (gaps > 0) {
	set title sprintf("every gap of the reading loop (%.0f, %.3g%% of the time lost); longer than %.3g %s", gaps, 100 * lost, threshold, us)
	set logscale y
	# room above the longest gap for the key (a row a source, each about
	# 3.5% of this panel's height): it hides no gap
	room = classes * 0.035
	room = room < 0.6 ? room : 0.6
	lo = threshold / 1.5
	hi = longest * 2 > lo ? longest * 2 : lo * 10
	set yrange [lo : exp(log(hi) + (log(hi) - log(lo)) * room / (1 - room))]
	set xlabel sprintf("when it began (%s into the trace)", ms)
	set ylabel sprintf("length (%s, log)", us)
	set key top right samplen 1 font ",9" opaque
	gap(c) = column(3) == c ? column(2) : 1/0
	plot for [c = 2:classes] data."/trace.txt" using 1:(gap(c)) with points pt 7 ps 0.35 lc rgb colour(c) title (c == 2 ? "no source's" : class_name(c))
	unset key
	unset logscale y
} else {
	set title "no gap longer than the threshold: nothing stopped the loop"
	set xrange [0:1]
	set yrange [0:1]
	unset ytics
	plot -1 notitle	# an empty panel (gnuplot refuses a plot of no point)
}
if (zoom_to > zoom_from) {
	if (period > 0) {
		set title sprintf("activity from %.4g to %.4g %s: the loop running (green) and stopped (in its source's colour); grey: every %.4g %s (the strongest period)", zoom_from, zoom_to, ms, period, ms)
	} else {
		set title sprintf("activity from %.4g to %.4g %s: the loop running (green) and stopped (in its source's colour)", zoom_from, zoom_to, ms)
	}
	set xrange [zoom_from : zoom_to]
	set yrange [0 : 1.2]
	unset ytics
	set ylabel ""
	set xlabel sprintf("time (%s)", ms)
	set object 1 rect from zoom_from, 0.1 to zoom_to, 0.9 fc rgb "#b7e0b7" fs solid 1.0 noborder behind
	# the stopped stretches: at least a pixel wide (a width of 1/1000 of the zoom)
	wmin = (zoom_to - zoom_from) / 1000.0
	lenms(l) = unit_ns > 0 ? l / 1000.0 : l
	plot data."/marks.txt" using 1:(0):(0):(1.1) with vectors nohead lc rgb "#999999" dt 2, \
	     for [c = 2:classes] data."/trace.txt" using ($1 + lenms($2) / 2):(column(3) == c ? 0.5 : 1/0):($1):($1 + (lenms($2) > wmin ? lenms($2) : wmin)):(0.05):(0.95) with boxxyerrorbars fs solid 1.0 lc rgb colour(c)
}
unset multiplot
