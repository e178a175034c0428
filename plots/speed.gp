# speed.gp - the machine's speed over the collection: for each window of
# runs in a row, how much longer its fast runs took than the fastest run
# of their N (points), the stretches of one speed (line), and the state
# each belongs to (factor over the fastest state, right axis).
#   gnuplot -c speed.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
speed_why = "no start times, or too few runs"
load ARG1."/attribution.gp"
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8

# (stats leaves STATS_records undefined when the file holds no point)
stats data."/windows.txt" using 2 nooutput
if (!exists("STATS_records") || STATS_records == 0) {
	set title TITLE."\nspeed over time: not judged (".speed_why.")"
	set xrange [0:1]
	set yrange [0:1]
	plot 1/0 notitle
	exit
}
set title TITLE."\nspeed over time: each window's runs against the fastest run of their N"
set xlabel sprintf("start of the window (%s since the first run)", TIMEUNIT)
set ylabel "time taken / the fastest of its N (1: the minima)"
set key top left
lo = STATS_min < 1 ? STATS_min : 1
hi = STATS_max
set yrange [lo - 0.02 * (hi - lo + 0.01) : hi + 0.1 * (hi - lo + 0.01)]
plot data."/windows.txt" using 1:2 with points pt 7 ps 0.3 lc rgb grey title "a window of runs", \
     data."/windows.txt" using 1:3 with steps lw 2 lc rgb blue title "stretches of one speed", \
     data."/windows.txt" using 1:3:(strcol(5) eq "-" ? "" : strcol(5)) with labels left offset 0.5,0.8 textcolor rgb blue notitle
