# excess-time.gp - what disturbed each run, against the time it started:
# above, the machine's speed (each window of runs against the fastest run
# of their N, and its stretches); below, each run's excess over its N's
# floor at that speed, coloured by what the model attributes it to: its
# jitter, the speed, a source (named in the key), or nothing it knows.
#   gnuplot -c excess-time.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
# (the key's rows set the height before the terminal is set)
nsrc = 0
speed_why = "too few runs"
load ARG1."/attribution.gp"
rows = 3 + nsrc
height = 900 + 20 * rows
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8
load here."/model.gp"

if (!has_time) {
	set title TITLE."\nexcess against time: the input has no start times (no 'at' column), so there is nothing to draw"
	set xrange [0:1]
	set yrange [0:1]
	set xlabel "start of the run (unknown)"
	plot 1/0 notitle
	exit
}
# span: the last start drawn (attribution.gp)
span = span > 0 ? span : 1
set multiplot title TITLE
set lmargin 12
set rmargin 4
set xrange [0:span]

# the speed, on the same time axis
set size 1, 0.27
set origin 0, 0.70
set title "the machine's speed: each window of runs against the fastest run of their N"
set ylabel "speed factor"
set format x ""
unset xlabel
set key top left
stats data."/windows.txt" using 2 nooutput
if (exists("STATS_records") && STATS_records > 0) {
	lo = STATS_min < 1 ? STATS_min : 1
	hi = STATS_max
	set yrange [lo - 0.05 * (hi - lo + 0.01) : hi + 0.25 * (hi - lo + 0.01)]
	plot data."/windows.txt" using 1:2 with points pt dot ps 0.3 lc rgb grey title "a window of runs", \
	     data."/windows.txt" using 1:3 with steps lw 2 lc rgb "#ff7f0e" title "stretches of one speed"
} else {
	set yrange [0:2]
	set label 1 sprintf("not judged (%s)", speed_why) at graph 0.5, graph 0.5 center
	plot 1/0 notitle
	unset label 1
}

# each run's excess over its floor at that speed, by attribution
# the key below, a class a row
keyh = 0.015 + 15.0 * (rows + 1) / height
set size 1, 0.70 - keyh
set origin 0, keyh
set title "each run's excess over its N's floor at the machine's speed then, coloured by what the model attributes it to"
set format x "% h"
set xlabel sprintf("start of the run (%s since the first)", TIMEUNIT)
set ylabel sprintf("excess over the floor at its speed + %s (%s, log)", w_name, XUNIT)
set logscale y
set format y "%g"
set yrange [*:*]
set key at screen 0.5, screen 0.005 center bottom vertical maxrows rows Left reverse samplen 1 font ",9"
if (judged && T_long > 0) {
	# the axis ends at the decade over the highest run, and a threshold
	# beyond it (a heavy jitter's, past the run itself) is named in the
	# corner, not drawn off the graph
	ytop = 0
	stats data."/samples.txt" using ((column(7) > 0 ? column(7) : 0) + xw) nooutput
	if (exists("STATS_records") && STATS_records > 0 && STATS_max > 0) {
		ytop = 10 ** ceil(log10(STATS_max))
		set yrange [*:ytop]
	}
	set style textbox opaque noborder
	apart = T_long > 1.5 * T_short || T_short > 1.5 * T_long
	beyond = ""
	if (T_short + xw <= ytop) {
		set arrow 2 from graph 0, first T_short + xw to graph 1, first T_short + xw nohead dt 2 lc rgb red
		set label 2 "interrupted above this (shortest N)" at graph 0.99, first T_short + xw right offset 0,0.6 tc rgb red front boxed
	} else {
		beyond = sprintf("the shortest N: interrupted above ".(T_short < 1e4 ? "%.4g" : "%.0f")." %s, above every run here", T_short, XUNIT)
	}
	if (apart && T_long + xw <= ytop) {
		set arrow 3 from graph 0, first T_long + xw to graph 1, first T_long + xw nohead dt 3 lc rgb red
		set label 3 (beyond eq "" ? "(longest N)" : "interrupted above this (longest N)") at graph 0.99, first T_long + xw right offset 0,0.6 tc rgb red front boxed
	} else {
		if (apart) {
			beyond = beyond.(beyond eq "" ? "" : "; ").sprintf("the longest N: interrupted above ".(T_long < 1e4 ? "%.4g" : "%.0f")." %s, above every run here", T_long, XUNIT)
		}
	}
	if (beyond ne "") {
		set label 4 beyond at graph 0.99, graph 0.96 right tc rgb red front boxed
	}
}
# the runs of every class but the jitter in one pass over theirs
# (marked.txt), each in its class's colour (a pass a class read them
# classes times over); the key's entries drawn from no data
array rgb[classes + 1]
do for [c = 0:classes] { rgb[c + 1] = ("0x".colour(c)[2:7]) + 0 }
hit(x) = column(8) >= 1 ? (x > 0 ? x : 0) + xw : 1/0
plot data."/samples.txt" using 5:(rx(0)) with points pt dot ps 0.3 lc rgb colour(0) title class_name(0), \
     data."/marked.txt" using 5:(hit(column(7))):(rgb[int(column(8)) + 1]) with points pt mark ps 0.45 lc rgb variable notitle, \
     for [c = 1:classes] 1/0 with points pt mark ps 0.45 lc rgb colour(c) title class_name(c)
unset multiplot
