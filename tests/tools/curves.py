"""curves.py KIND SPACING SEED - a stream whose cost is not linear in N.

KIND: lin (2 N), nlogn (0.2 N log2 N), pow (0.5 N^1.2), step (2 per unit
up to N = 200000, 2.6 beyond: a cache level); SPACING: lin or geo, 64 N
from 1000 to 10^6; 10 shuffled sweeps, one-sided exponential noise of
0.2% of the cost, tick 1."""
import math, random, sys
kind, spacing, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(seed)
K = 64
if spacing == 'lin':
    ns = [1000 + i * (1000000 - 1000) // (K - 1) for i in range(K)]
else:
    ns = sorted(set(int(round(1000 * (1000 ** (i / (K - 1))))) for i in range(K)))
def cost(n):
    if kind == 'lin': return 50 + 2.0 * n
    if kind == 'nlogn': return 50 + 0.2 * n * math.log2(n)
    if kind == 'pow': return 50 + 0.5 * n ** 1.2
    if kind == 'step': return 50 + (2.0 * n if n <= 200000 else 2.0 * 200000 + 2.6 * (n - 200000))
print('# subtick 1\n# tick: 1\n# columns: n t at')
at = 0
for r in range(10):
    for n in random.sample(ns, len(ns)):
        t = int(cost(n) + random.expovariate(1 / (0.002 * cost(n))))
        print(n, t, at); at += t + 100
