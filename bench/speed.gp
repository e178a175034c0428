# speed.gp - analyze's samples per second against the samples of a stream
# over 10^4 N, next to mawk computing only the per-N minimum.
#   gnuplot -c speed.gp DATA OUT
set terminal pngcairo size 900,560 font "DejaVu Sans,11" noenhanced
set output ARG2
set title "analyze: samples per second (full default report), 10^4 distinct N"
set logscale xy
set format x "10^%T"
set format y "10^%T"
set xlabel "samples in the stream"
set ylabel "samples per second"
set yrange [1e4:1e9]
set grid lc "#e6e6e6"
set key top left
plot ARG1 using 1:2 with linespoints pt 7 lw 2 lc "#d62728" title "analyze, full report", \
     ARG1 using 1:3 with linespoints pt 5 lw 1.5 lc "#1f4e9c" title "mawk, minimum per N only", \
     2e7 with lines dt 2 lc "#555555" title "target: 2e7 per second"
