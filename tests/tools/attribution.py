#!/usr/bin/env python3
"""attribution.py - how many runs analyze --excess attributes right, against
the truth disturb --truth-runs wrote for the same collection.

    attribution.py EXCESS TRUTH_RUNS [--min SHARE]

A run's truth is what made it longer than its N's floor (the least of its
N's runs, which the model measures every run from): a source (bit k of its
mask: the k-th source given to disturb) where more interrupts landed in
it than in the fewest of its N's runs, else the machine's speed (a factor
above the fastest when it started), else neither (its jitter).  Each
source analyze names stands for the truth source most of its runs hold.
A run is right when:
  - a source made it longer and analyze names a source that stands for
    one of those that landed in it;
  - none did: analyze says jitter, or speed where the machine was slower
    then than its fastest (a run slowed by a few per cent is within its
    jitter).
Prints the share right, of all runs and per truth, and the confusion
counts; with --min, exits 1 when the share right is below SHARE.
"""
import sys
from collections import Counter, defaultdict


def read_excess(path):
    labels = []
    for line in open(path):
        if line.startswith('#'):
            continue
        f = line.split()
        if len(f) < 6:
            sys.exit(f'{path}: no attribution column')
        labels.append(f[5])
    return labels


def read_truth(path):
    """(mask, speed) per run: mask 0 where no more interrupts landed in it
    than in the fewest of its N's runs; speed over the fastest."""
    rows = [line.split() for line in open(path)]
    fewest = {}
    for n, _, _, _, hits in rows:
        fewest[n] = min(fewest.get(n, int(hits)), int(hits))
    fastest = min(float(r[3]) for r in rows) if rows else 1
    return [(int(mask) if int(hits) > fewest[n] else 0, float(speed) / fastest)
            for n, _, mask, speed, hits in rows]


def truth_name(mask, speed):
    if mask:
        return 'sources:' + ','.join(str(k + 1) for k in range(32) if mask >> k & 1)
    return 'speed' if speed > 1.0005 else 'jitter'


def score(labels, truth):
    """The runs right (a Counter per truth kind), the runs of each kind,
    the confusion counts, and which truth source each named one stands
    for."""
    if len(labels) != len(truth):
        sys.exit(f'{len(labels)} runs in the excess file, {len(truth)} in the truth')
    # each source analyze names stands for the truth source most of its
    # runs hold
    held = defaultdict(Counter)
    for lab, (mask, _) in zip(labels, truth):
        if lab.startswith('source'):
            for k in range(32):
                if mask >> k & 1:
                    held[lab][k] += 1
    stands = {lab: c.most_common(1)[0][0] for lab, c in held.items() if c}
    right, of, confusion = Counter(), Counter(), Counter()
    for lab, (mask, speed) in zip(labels, truth):
        t = truth_name(mask, speed)
        kind = t.split(':')[0]
        of[kind] += 1
        confusion[(t, lab)] += 1
        if mask:
            ok = lab in stands and mask >> stands[lab] & 1
        else:
            ok = lab == 'jitter' or (lab == 'speed' and speed > 1.0005)
        right[kind] += bool(ok)
    return right, of, confusion, stands


def share_right(excess_path, truth_path):
    """The share of the runs attributed right."""
    right, of, _, _ = score(read_excess(excess_path), read_truth(truth_path))
    return sum(right.values()) / max(sum(of.values()), 1)


def main(argv):
    args = [a for a in argv if not a.startswith('--')]
    least = None
    if '--min' in argv:
        least = float(argv[argv.index('--min') + 1])
        args.remove(argv[argv.index('--min') + 1])
    labels = read_excess(args[0])
    right, of, confusion, stands = score(labels, read_truth(args[1]))
    total = sum(right.values()) / len(labels)
    print(f'right: {total:.4f} of {len(labels)} runs')
    for kind in sorted(of):
        print(f'  {kind}: {right[kind] / of[kind]:.4f} of {of[kind]}')
    print('  sources stand for: ' + ', '.join(f'{k} -> {v + 1}' for k, v in sorted(stands.items())))
    for (t, lab), c in sorted(confusion.items(), key=lambda x: -x[1])[:12]:
        print(f'    truth {t:16s} said {lab:12s} {c}')
    if least is not None and total < least:
        print(f'below {least}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
