"""curves.py KIND SPACING SEED - a stream whose cost is not linear in N.
   curves.py --dir DIR SEEDS - every KIND and SPACING for seeds 1..SEEDS,
   into DIR/KIND-SPACING-SEED.st (one process: a python3 start per stream
   was most of a test's time).

KIND: lin (2 N), nlogn (0.2 N log2 N), pow (0.5 N^1.2), step (2 per unit
up to N = 200000, 2.6 beyond: a cache level), kink (2 per unit up to N =
200000, 1.99 beyond: a bend of half a percent), concave and convex (2 per
unit up to the middle N, 1.99 or 2.01 beyond: a bend of half a percent at
half the range); SPACING: lin or geo, 64 N from 1000 to 10^6; 10 shuffled
sweeps, one-sided exponential noise of 0.2% of the cost, tick 1."""
import math
import random
import sys

KINDS = ('lin', 'nlogn', 'pow', 'step', 'kink', 'concave', 'convex')
SPACINGS = ('lin', 'geo')
K = 64


def cost(kind, n, mid):
    if kind in ('concave', 'convex'):
        after = 1.99 if kind == 'concave' else 2.01
        return 50 + (2.0 * n if n <= mid else 2.0 * mid + after * (n - mid))
    if kind == 'lin':
        return 50 + 2.0 * n
    if kind == 'nlogn':
        return 50 + 0.2 * n * math.log2(n)
    if kind == 'pow':
        return 50 + 0.5 * n ** 1.2
    if kind == 'step':
        return 50 + (2.0 * n if n <= 200000 else 2.0 * 200000 + 2.6 * (n - 200000))
    if kind == 'kink':
        return 50 + (2.0 * n if n <= 200000 else 2.0 * 200000 + 1.99 * (n - 200000))
    raise SystemExit(f"curves.py: unknown kind '{kind}' ({', '.join(KINDS)})")


def stream(kind, spacing, seed, out):
    rng = random.Random(seed)
    if spacing == 'lin':
        ns = [1000 + i * (1000000 - 1000) // (K - 1) for i in range(K)]
    else:
        ns = sorted(set(int(round(1000 * (1000 ** (i / (K - 1))))) for i in range(K)))
    lines = ['# subtick 1\n# tick: 1\n# columns: n t at']
    at = 0
    for _ in range(10):
        for n in rng.sample(ns, len(ns)):
            c = cost(kind, n, ns[len(ns) // 2])
            t = int(c + rng.expovariate(1 / (0.002 * c)))
            lines.append(f"{n} {t} {at}")
            at += t + 100
    out.write('\n'.join(lines) + '\n')


if sys.argv[1] == '--dir':
    for kind in KINDS:
        for spacing in SPACINGS:
            for seed in range(1, int(sys.argv[3]) + 1):
                with open(f"{sys.argv[2]}/{kind}-{spacing}-{seed}.st", 'w') as f:
                    stream(kind, spacing, seed, f)
else:
    stream(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.stdout)
