# style.gp - called by every figure script (call passes ARG1..ARG8 on;
# load would clear them): the terminal, the output, the
# colours, and the numbers of ARG5 by name.
#
# Every figure script is run as
#   gnuplot -c FIGURE.gp DATADIR OUT FORMAT TITLE NUMBERS TIMEUNIT VALUEUNIT NUNIT
# DATADIR and OUT are absolute paths (a name starting with < or | would be
# a command to gnuplot).  ARG4 (TITLE) holds text from the input: it is
# only ever used as a string (set title TITLE), on a noenhanced terminal,
# never eval'd nor expanded.  ARG5 (NUMBERS) is written by analyze: the
# numbers below, in this order, each as %.17e (gnuplot reads "1e-08" + 0
# as an error, "1.0e-08" + 0 as a number), never nan or inf.

data = ARG1
fmt = ARG3
TITLE = ARG4
TIMEUNIT = ARG6
VALUEUNIT = ARG7
# What one unit of N is (the header's per, or --per), a string only.
NUNIT = ARG8 eq "" ? "units of work" : ARG8

num(i) = word(ARG5, i) + 0
slope = num(1)
intercept = num(2)
ols_slope = num(3)
ols_intercept = num(4)
tick = num(5)
unit_ns = num(6)
threshold = num(7)
period = num(8)
phase = num(9)
logscale = int(num(10))
ymax_timings = num(11)
excess_q50 = num(12)
excess_q99 = num(13)
on_line = num(14)
excess_max = num(15)
minima_excess_max = num(16)
band = num(17)
period_level = num(18)
share_min = num(19)
has_time = int(num(20))
n_min_pos = num(21)
n_max = num(22)
t_min_pos = num(23)
t_max = num(24)

# The excess scale of the figures: the tick, or without one the on-line
# width; a float, so that w / 2 is never integer division (tick 1).
w = (tick > 0 ? tick : on_line) * 1.0
if (w <= 0) { w = 1.0 }
# w in words, as the log axes add it to an excess so that 0 shows: a tick
# only where one is known (other tools' results have none, nor has
# bare columns of decimals): else the text report's on-line width
w_name = tick > 0 ? "1 tick" : "the on-line width"
w_within = tick > 0 ? "within a tick" : "within the on-line width"

# A figure script may set height (pixels at 1200 wide) before the call.
if (!exists("height")) { height = 760 }
if (fmt eq "png") {
	set terminal pngcairo size 1200,height font "DejaVu Sans,11" noenhanced
} else {
	if (fmt eq "svg") {
		set terminal svg size 1200,height dynamic font "DejaVu Sans,11" noenhanced
	} else {
		if (fmt eq "pdf") {
			set terminal pdfcairo size 12in,(height / 100.0)in font "DejaVu Sans,11" noenhanced
		} else {
			set terminal dumb size 110,(height / 22) noenhanced
		}
	}
}
set output ARG2
# Point types: a small point for the many (samples, weak excesses), a mark
# for the few (minima, strong ones); in a terminal (dumb) characters, so
# that the two differ there too (both had drawn as "G").
dot = (fmt eq "dumb") ? "." : 5
mark = (fmt eq "dumb") ? "o" : 7

grey = "#b8b8b8"
blue = "#1f4e9c"
red = "#d62728"
orange = "#ff7f0e"
green = "#2ca02c"
purple = "#7b3294"
set grid lc "#e6e6e6"
if (fmt eq "dumb") { unset grid }	# its dots would read as samples
set key top left opaque box lc "#cccccc"
set border lc "#555555"
set datafile missing "nan"

# The unit of time for a span of v clock units: its factor from clock
# units, and its name (clock units where unit_ns is unknown).
tu_scale(v) = unit_ns <= 0 ? 1.0 : (v * unit_ns >= 1e9 ? unit_ns / 1e9 : (v * unit_ns >= 1e6 ? unit_ns / 1e6 : (v * unit_ns >= 1e3 ? unit_ns / 1e3 : unit_ns)))
tu_name(v) = unit_ns <= 0 ? VALUEUNIT : (v * unit_ns >= 1e9 ? "s" : (v * unit_ns >= 1e6 ? "ms" : (v * unit_ns >= 1e3 ? "µs" : "ns")))

# Times in ns, µs, ms or s where unit_ns is known (by the magnitude of the
# tallest timing shown), clock units otherwise: a figure multiplies its
# times by yscale and labels them YUNIT.
ytop = (ymax_timings > 0 ? ymax_timings : w) * (unit_ns > 0 ? unit_ns : 1)
yscale = 1.0
YUNIT = VALUEUNIT
if (unit_ns > 0) {
	if (ytop >= 1e9) { yscale = unit_ns / 1e9; YUNIT = "s" } else {
	if (ytop >= 1e6) { yscale = unit_ns / 1e6; YUNIT = "ms" } else {
	if (ytop >= 1e3) { yscale = unit_ns / 1e3; YUNIT = "µs" } else {
	yscale = unit_ns; YUNIT = "ns" } } }
}
