# gaps.gp - an activity trace's gaps by length: how many (bars, log; each
# source's stacked in its colour, as the other figures: model.gp), and
# what share of the lost time each length holds (line, right axis).
#   gnuplot -c gaps.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8
load here."/model.gp"

threshold = num(25)
longest = num(26)
cost = num(31)
gaps = num(33)
us = unit_ns > 0 ? "µs" : "clock units"
set title TITLE."\ngaps of the reading loop by length (8 bins an octave)"
set xlabel sprintf("gap length (%s, log)", us)
set ylabel "gaps (log)"
set y2label "share of the lost time"
set logscale x
set logscale y
set y2range [0 : *]
set ytics nomirror
set y2tics
# a trace whose header gives no threshold, and has no gap: a range a log
# axis can hold all the same
lo = threshold > 0 ? threshold : (longest > 0 ? longest : 1)
set xrange [lo / 1.5 : (longest > lo ? longest : lo) * 2]
set yrange [0.5 : *]
set key top right
if (gaps > 0) {
	set arrow from cost, graph 0 to cost, graph 1 nohead lc rgb red dt 2
	# gaphist.txt: lo hi count share, then the gaps of class 2 (no
	# source's) and of each source (columns 5 to 13), stacked
	cum(c) = sum [i = 2:c] column(3 + i)
	set key top right font ",9" samplen 1 opaque
	# room above the bars and the share's peak for the key: its rows
	# (each source's, no source's, the share, the median) take about 3%
	# of the height each, and the data stay below them
	# (stats keeps to the axes' ranges: the shares lie below 0.5)
	set yrange [* : *]
	stats data."/gaphist.txt" using 3 nooutput name "N"
	stats data."/gaphist.txt" using 4 nooutput name "S"
	room = (classes + 2) * 0.03
	room = room < 0.5 ? room : 0.5
	top = exists("N_max") && N_max > 1 ? N_max : 1
	set yrange [0.5 : exp(log(top) + (log(top) - log(0.5)) * room / (1 - room))]
	set y2range [0 : (exists("S_max") && S_max > 0 ? S_max : 1) / (1 - room)]
	plot for [c = classes:2:-1] data."/gaphist.txt" using (sqrt($1 * $2)):(cum(c) > 0 ? cum(c) : 1/0):1:2:(0.5):(cum(c)) \
		with boxxyerrorbars fs solid 0.7 noborder lc rgb colour(c) title (c == 2 ? "no source's" : class_name(c)), \
	     data."/gaphist.txt" using (sqrt($1 * $2)):4 axes x1y2 with linespoints pt 7 ps 0.6 lc rgb orange title "share of the lost time", \
	     1/0 with lines lc rgb red dt 2 title sprintf("median cost %.3g %s", cost, us)
} else {
	unset logscale y
	set yrange [0:1]
	plot 1/0 title "no gap longer than the threshold"
}
