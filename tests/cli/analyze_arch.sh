#!/bin/sh
# analyze's reports on the collection's streams (data/) are the same from
# the aarch64 build (run here under qemu-user) as from the native one
# ($SUBTICK_NATIVE_ANALYZE, which scripts/test --aarch64 sets to build/'s):
# the text (short and -v) byte for byte, the JSON value for value, but
# for the numbers explained below.  data/*.st by default; the collections
# (data/*.st.gz) too with SUBTICK_ARCH_ALL=1: under emulation they take
# minutes each (count-speedup's text: 40 s here, all of them 7 minutes).
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SUBTICK_SOURCE_ROOT:?}"
[ -n "${SUBTICK_EMULATOR:-}" ] || skip "compares a cross build's analyze with the native one: a cross build only"
native=${SUBTICK_NATIVE_ANALYZE:-}
[ -x "$native" ] || skip "SUBTICK_NATIVE_ANALYZE does not name the native analyze (scripts/test --aarch64 sets it)"

streams=$(ls "$SUBTICK_SOURCE_ROOT"/data/*.st)
[ "${SUBTICK_ARCH_ALL:-0}" = 1 ] && streams="$streams $(ls "$SUBTICK_SOURCE_ROOT"/data/*.st.gz)"
for s in $streams; do
	name=$(basename "$s")
	for how in text full json; do
		o=""
		[ $how = full ] && o=-v
		[ $how = json ] && o=--json
		# shellcheck disable=SC2086 # $o is one option or none
		gzip -dcf "$s" | "$native" $o - > "$T/native.$how" || fail "$name: native analyze $o exited $?"
		# shellcheck disable=SC2086
		gzip -dcf "$s" | "$ANALYZE" $o - > "$T/aarch64.$how" || fail "$name: aarch64 analyze $o exited $?"
	done
	check "$name: the text reports are the same" cmp "$T/native.text" "$T/aarch64.text"
	check "$name: the full text reports (-v) are the same" cmp "$T/native.full" "$T/aarch64.full"
	check "$name: the JSON reports are the same (see the tolerances)" python3 - "$T/native.json" "$T/aarch64.json" <<'PY'
import json, sys
# Numbers that may differ, each by a relative 1e-12 at most (a few units
# in the last place of a double), and why:
# - the standard errors of the least-squares fits (ols_*: *_se): GSL's
#   gsl_fit_linear, whose arm64 build fuses multiply-adds (gcc contracts
#   a*b+c to one fma outside ISO C, and aarch64 always has it; x86-64's
#   baseline has none); the fits themselves are equal, their residual
#   sums not to the last bit (7e-13 relative on synthetic-timer, whose
#   minima lie on the line but for ticks: a residual sum of cancelled
#   terms; 1e-14 to 6e-14 on the others);
# - coherence, period_coherence: a source's, sqrt of a Rayleigh sum of
#   libm's cos and sin (coherence_of, analyzer/noise/sources.c), which
#   glibc computes differently on each architecture (not correctly
#   rounded; on x86-64 even by CPU, FMA or not): 1e-16 relative on
#   count-tsc;
# - log10_p, a periodic source's chance: its Rayleigh Z (the same on
#   both) over the periodogram's level about its period, a median of
#   GSL's FFT powers (gsl_fft_real_transform, analyzer/noise/
#   periodogram.c), fused multiply-adds again: 4e-16 relative on
#   count-tsc;
# - per_s_bounds, a random source's Poisson bounds: gamma quantiles by
#   bisection on GSL's gsl_cdf_gamma_P (gamma_quantile, analyzer/noise/
#   rates.c), fused multiply-adds again: where the distribution at a
#   midpoint differs by an ulp across the share sought, the other half
#   is kept, and the bound moves by the last bracket at most, 1e-13
#   relative (none of data/'s streams differs there).
TOL = 1e-12
def explained(path):
    key = path[-1]
    return (key.endswith("_se") and any(p.startswith("ols_") for p in path)) or \
        key in ("coherence", "period_coherence", "log10_p", "per_s_bounds")
bad = []
def walk(a, b, path):
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            bad.append(f"{'.'.join(path)}: keys {list(a)} != {list(b)}")
        for k in a:
            if k in b:
                walk(a[k], b[k], path + [k])
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            bad.append(f"{'.'.join(path)}: {len(a)} items != {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            walk(x, y, path + [str(i)])
    elif a != b:
        near = isinstance(a, float) and isinstance(b, float) and \
            abs(a - b) <= TOL * max(abs(a), abs(b))
        if not (near and explained([p for p in path if not p.isdigit()])):
            bad.append(f"{'.'.join(path)}: {a!r} != {b!r}")
a, b = (json.load(open(f)) for f in sys.argv[1:3])
walk(a, b, [])
for line in bad[:20]:
    print("   ", line)
sys.exit(1 if bad else 0)
PY
done
