# sources.gp - one panel per source of interruptions the model found, its
# rate, cost and significance in the panel's title: a periodic source's
# runs folded at its period (its marks at phase 0.5, where they gather),
# bursts and the random rest against the time the runs started.  The
# source's own runs are drawn in its colour over every other run.
#   gnuplot -c sources.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
here = "."
do for [i = strlen(ARG0):1:-1] { if (here eq "." && ARG0[i:i] eq "/") { here = ARG0[1:i-1] } }
# (the source count sets the height before the terminal is set)
nsrc = 0
load ARG1."/attribution.gp"
height = nsrc > 1 ? 120 + 300 * nsrc : 700
call here."/style.gp" ARG1 ARG2 ARG3 ARG4 ARG5 ARG6 ARG7 ARG8
load here."/model.gp"

set ylabel sprintf("excess + %s (%s, log)", w_name, XUNIT)
set logscale y
set format y "%g"
unset key
other(c) = column(8) == c ? 1/0 : (column(7) > 0 ? column(7) : 0) + xw
fold(t, period, phase) = (t - phase) / period + 0.5 - floor((t - phase) / period + 0.5)

if (!has_time || nsrc == 0) {
	set title TITLE."\nsources of interruptions: ".(has_time ? "none found" : "the input has no start times (no 'at' column): none can be sought")
	set xrange [0:1]
	set yrange [1:10]
	plot 1/0 notitle
	exit
}
# the other runs, grey, one in nsrc (others.txt): every panel together
# draws about as many points as one figure (an HTML page holds every point
# drawn); the source's own from marked.txt, the runs of a class
set multiplot layout nsrc, 1 title TITLE
do for [k = 1:nsrc] {
	c = 2 + k
	kind = value(sprintf("src_kind%d", k))
	p = value(sprintf("src_p%d", k))
	# (the chance on a line of its own: a title with where the source
	# was there is as wide as the figure)
	set title value(sprintf("src_title%d", k)).(p < 0 ? sprintf("\nchance of so strong a finding were there none: 10^%.0f", p) : "") tc rgb colour(c)
	if (kind == 0) {
		period = value(sprintf("src_period%d", k))
		phase = value(sprintf("src_phase%d", k))
		set xrange [0:1]
		set xlabel sprintf("phase within the period of %.4g %s (0.5: the source's marks; every run, by when it started)", period, TIMEUNIT)
		plot data."/others.txt" using (fold($5, period, phase)):(other(c)) with points pt dot ps 0.3 lc rgb grey, \
		     data."/marked.txt" using (fold($5, period, phase)):(rx(c)) with points pt mark ps 0.5 lc rgb colour(c)
	} else {
		set xrange [*:*]
		set xlabel sprintf("start of the run (%s since the first)", TIMEUNIT)
		plot data."/others.txt" using 5:(other(c)) with points pt dot ps 0.3 lc rgb grey, \
		     data."/marked.txt" using 5:(rx(c)) with points pt mark ps 0.5 lc rgb colour(c)
	}
}
unset multiplot
