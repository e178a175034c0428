#!/bin/sh
# The model checks look everywhere in N and raise no false alarm: a step
# in the middle of the range is named; a linear stream near 2^60 units, an
# allreduce whose small N rise by a few ticks, and interrupt-heavy streams
# raise none.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${DISTURB:?}"
cd "$T"

# A ping-pong: latency 1.81 us (3.62 round trip), 6 GB/s one way, a +3 us
# protocol step at 64 KiB, 32 sizes from 4 KiB to 512 KiB.
for seed in 1 2 3; do
	python3 - $seed > step.st <<'PY'
import random, sys
random.seed(int(sys.argv[1]))
ns = sorted(set(int(round(4096 * 128 ** (i / 31))) for i in range(32)))
print("# subtick 1\n# tick: 1\n# unit_ns: 1\n# per: bytes\n# columns: n t at")
at = 0
for r in range(50):
    for n in random.sample(ns, len(ns)):
        base = 3620 + n / 3.0 + (3000 if n > 65536 else 0)
        t = int(base + random.expovariate(1 / (0.003 * base)))
        print(n, t, at)
        at += t + 100
PY
	"$ANALYZE" step.st > step.txt
	check "a step in the middle third, seed $seed: nonlinear named" grep -q '^warning: nonlinear: ' step.txt
done

# Linear at 2^60 units, tick 1: exact in the fit, no alarm from doubles.
python3 - > big.st <<'PY'
import random
random.seed(5)
print("# subtick 1\n# tick: 1\n# columns: n t at")
for r in range(20):
    for i, n in enumerate(random.sample(range(1000, 65000, 1000), 64)):
        print(n, 2 ** 60 + 3 * n + random.randint(0, 5), r * 10 ** 7 + i * 10 ** 5)
PY
"$ANALYZE" big.st > big.txt
check "linear near 2^60: no nonlinear warning" sh -c "! grep -q 'nonlinear' big.txt"

# The same at 1000 units an N with an exponential excess of 50: the
# blocks keep their minima as doubles, rounded to 256 units there, and a
# fifth's slope moved by 0.0018 units an N: "fifths: ... (+0.00%)" in 4 of
# 5 seeds.
for seed in 1 2 3; do
	python3 - $seed > big1000.st <<'PY'
import random, sys
rng = random.Random(int(sys.argv[1]))
print("# subtick 1\n# tick: 1\n# unit_ns: 1\n# columns: n t at")
k = 0
for r in range(20):
    for n in rng.sample(range(1000, 65000, 1000), 64):
        print(n, 2 ** 60 + 1000 * n + int(rng.expovariate(1 / 50)), k * 10 ** 12)
        k += 1
PY
	"$ANALYZE" big1000.st > big1000.txt
	check "near 2^60, 1000 an N, seed $seed: no fifths or drift warning" \
		sh -c "! grep -Eq '^warning: (fifths|drift)' big1000.txt"
done

# An allreduce of 1..65536 doubles: 10 us of latency, 0.3 ns a byte; the
# lowest third of N rises by a few ticks only.
for seed in 1 2 3; do
	python3 - $seed > ar.st <<'PY'
import random, sys
random.seed(int(sys.argv[1]))
print("# subtick 1\n# tick: 21\n# unit_ns: 0.476\n# columns: n t at")
ns = sorted(set(int(round(2 ** (16 * i / 63))) for i in range(64)))
at = 0
for r in range(30):
    for n in random.sample(ns, len(ns)):
        t = int((21000 + 2.4 * n + random.expovariate(1 / 300.0)) // 21 * 21)
        print(n, t, at)
        at += t + 500
PY
	"$ANALYZE" ar.st > ar.txt
	check "allreduce-like, seed $seed: no nonlinear warning" sh -c "! grep -q 'nonlinear' ar.txt"
done

# Interrupt-heavy streams without glitch or drift: none named.
for args in "--random 3000:10:0.5" "--periodic 1000:20 --periodic 2700:50" \
	    "--random 20000:5 --range 5000:2000000:64" \
	    "--seed 3 --periodic 1000:20 --range 50000:8000000:48"; do
	"$DISTURB" $args > heavy.st
	"$ANALYZE" heavy.st > heavy.txt
	check "interrupt-heavy ($args): no glitch or drift warning" \
		sh -c "! grep -Eq 'clock glitch|drift:' heavy.txt"
done

# A ping-pong's latency and bandwidth name the message sizes they hold for:
# large messages here, so the line says small ones take another regime.
python3 - > pp.st <<'PY'
import random
random.seed(7)
ns = [4096 * k for k in range(1, 33)]
print("# subtick 1\n# tick: 1\n# unit_ns: 1\n# per: bytes\n# message_kernel: pingpong\n# columns: n t at")
at = 0
for r in range(30):
    for n in random.sample(ns, len(ns)):
        t = int(3620 + n / 3.0 + random.expovariate(1 / 20))
        print(n, t, at)
        at += t + 100
PY
"$ANALYZE" pp.st > pp.txt || fail "analyze pp.st exited $?"
check "ping-pong: latency and bandwidth from messages of 4096 to 131072 bytes" \
	grep -q 'both from messages of 4096 to 131072 bytes: .*small messages take another' pp.txt

# Geometric N, exactly linear, runs 0.3% slower at random: the largest N
# sit above a scatter taken mostly from the small ones, and the line may
# rest on one by chance; its slope without it moves by nothing the bounds
# do not hold: no warning (5 seeds)
for seed in 1 2 3 4 5; do
	python3 - $seed > geo.st <<'PY'
import math, random, sys
random.seed(int(sys.argv[1]))
ns = sorted(set(int(round(100 * 1e6 ** (i / 7))) for i in range(8)))
print("# subtick 1\n# tick: 1\n# unit_ns: 1\n# columns: n t at")
at = 0.0
for r in range(300):
    for n in random.sample(ns, len(ns)):
        d = (50 + 0.6 * n) * (1 + random.expovariate(1 / 0.003)) + random.expovariate(1)
        print(n, int(math.floor(random.random() + d)), int(at))
        at += d + 200
PY
	"$ANALYZE" geo.st > geo.txt || fail "geo, seed $seed: exit $?"
	check "geometric N, linear, seed $seed: no nonlinear warning" sh -c "! grep -q 'nonlinear' geo.txt"
done

# One N cheaper than the line of the others (the largest, the one before
# it, one in the middle; 10% and 2% cheaper): the line rests on it and
# tilts, and the segments' own lines tilt with it; named, with the unit
# cost without it.  The same streams without the dip: no warning.
for seed in 1 2 3; do
	for where in 31 30 15 none; do
		for factor in 0.9 0.98; do
			python3 - $seed $where $factor > dip.st <<'PY'
import random, sys
r = random.Random(int(sys.argv[1]))
where, factor = sys.argv[2], float(sys.argv[3])
ns = [10000 * i for i in range(1, 33)]
dip = None if where == "none" else ns[int(where)]
print("# subtick 1\n# tick: 26\n# unit_ns: 1\n# columns: n t at")
at = 0
for s in range(60):
    for n in r.sample(ns, len(ns)):
        d = 200 + 2.43 * (n * factor if n == dip else n) + r.expovariate(1 / 30)
        print(n, int(d // 26 * 26), at)
        at += int(d) + 500
PY
			"$ANALYZE" dip.st > dip.txt || fail "dip $where $factor: exit $?"
			if [ $where = none ]; then
				check "no cheaper N, seed $seed: no nonlinear warning" sh -c "! grep -q 'nonlinear' dip.txt"
				break
			fi
			n=$(( (where + 1) * 10000 ))
			check "N = $n at $factor of its cost, seed $seed: named, 2.43 without it" \
				grep -q "^warning: nonlinear: the line rests on N = $n, .*(2\.4[23][0-9]* ns without it)" dip.txt
		done
	done
	# two or three together: each one's line rests on the others
	for where in 31,30 31,30,29 31,29 15,16; do
		for factor in 0.9 0.98; do
			python3 - $seed $where $factor > dip.st <<'PY'
import random, sys
r = random.Random(int(sys.argv[1]))
where, factor = [int(w) for w in sys.argv[2].split(",")], float(sys.argv[3])
ns = [10000 * i for i in range(1, 33)]
dips = [ns[w] for w in where]
print("# subtick 1\n# tick: 26\n# unit_ns: 1\n# columns: n t at")
at = 0
for s in range(60):
    for n in r.sample(ns, len(ns)):
        d = 200 + 2.43 * (n * factor if n in dips else n) + r.expovariate(1 / 30)
        print(n, int(d // 26 * 26), at)
        at += int(d) + 500
PY
			"$ANALYZE" dip.st > dip.txt || fail "dips $where $factor: exit $?"
			k=$(echo "$where" | tr ',' '\n' | wc -l)
			case $where in
			31,*) check "N at $where at $factor of their cost, seed $seed: $k named, 2.43 without them" \
				grep -q "^warning: nonlinear: the line rests on $k N .*(2\.4[23][0-9]* ns without them)" dip.txt ;;
			*) check "N at $where at $factor of their cost, seed $seed: nonlinear (a step or the N)" \
				grep -q "^warning: nonlinear: " dip.txt ;;
			esac
		done
	done
done

# The kernel's tick (timer_period_ns), which its count says ran all along
# (collect's counters: irq and loc), with every run longer than its
# period: the minima hold floor(run / period) of its interruptions
# whether or not the model sees them (8 N over 3 to 10 ms cannot tell a 1
# ms tick's sawtooth), and a saturated? warning says so; runs shorter
# than the period, a tick the count says stopped, or a timer that is not
# the kernel's (a hypervisor's) get no such word.
"$DISTURB" --seed 1 --periodic 1000:20:0.05:irq --range 11000000:37000000:8 --seconds 6 > kt.st
"$ANALYZE" kt.st > kt.txt || fail "a counted timer in long runs: exit $?"
check "the kernel's 1 ms tick in runs of 3 to 10 ms: said" \
	grep -q "^warning: saturated? the kernel's tick (every 1 ms, its timer counted 1000 times a second on this CPU) interrupted every run as long as the longest (10.2. ms) 10 times at least" kt.txt
"$ANALYZE" --json kt.st | grep -q '"warning_codes": \[[^]]*"saturated_maybe"' ||
	fail "... its code in the JSON"
"$DISTURB" --seed 1 --periodic 1000:20:0.05:unseen --range 11000000:37000000:8 --seconds 6 > ku.st
"$ANALYZE" -v ku.st > ku.txt || fail "an uncounted timer in long runs: exit $?"
check "... a timer not the kernel's: not said" sh -c "! grep -q \"saturated? the kernel's tick\" ku.txt"
# (a header that says a 0.5 ms tick the count does not hold: it stopped)
sed 's/^# timer_period_ns: .*/# timer_period_ns: 500000/' kt.st > kh.st
"$ANALYZE" -v kh.st > kh.txt || fail "a tick the count does not hold: exit $?"
check "... a tick that did not run all along (counted 1000 a second of 2000): not said" \
	sh -c "! grep -q \"saturated? the kernel's tick\" kh.txt"
"$DISTURB" --seed 1 --periodic 4000:38:0.05:irq > ks.st
"$ANALYZE" -v ks.st > ks.txt || fail "the tick in short runs: exit $?"
check "... the kernel's 4 ms tick in runs under 1 ms: not said" \
	sh -c "! grep -q \"saturated? the kernel's tick\" ks.txt"
# The source at the kernel's tick is named as the tick, where the count
# says it ran all along, and only there.
check "the source at the kernel's counted tick: named the kernel's tick" \
	grep -q "every 4 ms (250 Hz), the kernel's tick (its timer counted [0-9.]* a second on this CPU): " ks.txt
"$ANALYZE" --json ks.st | grep -q '"kernel_tick": true' || fail "... kernel_tick in the JSON"
check "... not where the count does not hold it" sh -c "! grep -q \", the kernel's tick (its timer\" kh.txt"
check "... nor a timer the kernel does not count" sh -c "! grep -q \", the kernel's tick (its timer\" ku.txt"
