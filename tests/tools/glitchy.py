"""glitchy.py SEED [--unit-ns] [--drift F] [SWEEP:DEPTH ...] - a stream
with clock glitches, or a machine that slows, whose truth is known: 30
shuffled sweeps over N = 1000..32000 (32 N, step 1000), t = 50 + 2 N
plus up to 3 units of noise, read on a clock of 8 units (each reading
rounded down to the tick at a random phase), an `at` column; in each
SWEEP given, the timing at N = 32000 is DEPTH units lower (a reading the
clock got wrong); with --drift F every cost is (1 + F k / 29) times
itself in sweep k (the machine slower by F at the end).  The unit cost
is 2 (the fastest, first sweeps'), the overhead about 50."""
import random
import sys


def main(argv):
    seed = int(argv[0])
    unit_ns = '--unit-ns' in argv[1:]
    drift = float(argv[argv.index('--drift') + 1]) if '--drift' in argv else 0
    low = dict(tuple(int(x) for x in a.split(':')) for a in argv[1:] if ':' in a)
    random.seed(seed)
    print("# subtick 1\n# tick: 8" + ("\n# unit_ns: 1" if unit_ns else "") +
          "\n# columns: n t at")
    at = 0
    for k in range(30):
        for n in random.sample(range(1000, 33000, 1000), 32):
            cost = (50 + 2 * n) * (1 + drift * k / 29) if drift else 50 + 2 * n
            t = 8 * int((cost + 3 * random.random()) / 8 + random.random())
            if n == 32000 and k in low:
                t -= low[k]
            print(n, t, at)
            at += t + 100
    print("# done: samples=960 stop=runs")


if __name__ == '__main__':
    main(sys.argv[1:])
