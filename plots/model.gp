# model.gp - loaded by the figures that show the model's account of the
# runs (after style.gp): attribution.gp (written by analyze: numbers, and
# names it made of numbers), each class's colour and name.
# A run's class (samples.txt column 8): 0 within the jitter, 1 the
# machine's speed, 2 interrupted and no source's, 2 + K source K.
nsrc = 0
span = 0
judged = 0
XUNIT = "clock units"
xw = w
T_short = 0
T_long = 0
load data."/attribution.gp"
src_colours = "#1f77b4 #d62728 #2ca02c #9467bd #8c564b #e377c2 #17becf #bcbd22"
colour(c) = c == 0 ? "#b8b8b8" : c == 1 ? "#ff7f0e" : c == 2 ? "#000000" : word(src_colours, c - 2)
class_name(c) = c == 0 ? (judged ? "within the jitter (below its N's threshold)" : "every run (none judged interrupted)") : \
	c == 1 ? "long from the machine's speed alone" : \
	c == 2 ? "interrupted, no source's" : value(sprintf("src_title%d", c - 2))
# (none judged, too few runs or samples that are means: every run is of
# class 0, and the others are not keyed)
classes = judged ? 2 + nsrc : 0
# the excess of column 7, drawn on a log axis (+ xw, one tick or the
# on-line width: a run at its floor, or below it at its speed, is drawn
# at xw)
rx(c) = column(8) == c ? (column(7) > 0 ? column(7) : 0) + xw : 1/0
