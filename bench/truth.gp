# truth.gp - the relative error of three estimators of the unit cost
# against tick / unit cost, one panel per noise level.
#   gnuplot -c truth.gp DATA OUT
set terminal pngcairo size 1200,900 font "DejaVu Sans,11" noenhanced
set output ARG2
set multiplot layout 2,2 title "Synthetic streams: relative error of the unit cost (median over seeds)"
set logscale xy
set format x "10^%T"
set format y "10^%T"
set xlabel "tick / unit cost"
set ylabel "relative error"
set yrange [1e-9:10]
set grid lc "#e6e6e6"
set key bottom right
names = "none jitter jitter+interrupts heavy"
do for [i = 0:3] {
	set title "noise: ".word(names, i + 1)
	plot ARG1 index i using 1:2 with linespoints pt 7 lw 2 lc "#d62728" title "least-values (minima, LP)", \
	     ARG1 index i using 1:3 with linespoints pt 5 lw 1.5 lc "#1f4e9c" title "OLS on minima", \
	     ARG1 index i using 1:4 with linespoints pt 9 lw 1.5 lc "#ff7f0e" title "OLS on means"
}
unset multiplot
