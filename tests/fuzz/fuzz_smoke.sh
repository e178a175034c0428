#!/bin/sh
# fuzz_smoke.sh FUZZER CORPUS DICT RUNS: every input of the corpus, then
# RUNS mutations of it, on a copy (the source tree is never written).  A
# crash fails the test and is shown, so that it can join the corpus.
set -eu
fuzzer=$1 corpus=$2 dict=$3 runs=$4
# A UBSan report stops the run and is a crash (the fuzz build also
# compiles with -fno-sanitize-recover, meson.build).
UBSAN_OPTIONS=${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}halt_on_error=1:print_stacktrace=1
export UBSAN_OPTIONS
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/corpus"
cp "$corpus"/* "$T/corpus/"
rc=0
"$fuzzer" -runs="$runs" -seed=1 -max_len=4096 -dict="$dict" \
	-artifact_prefix="$T/" "$T/corpus" > "$T/log" 2>&1 || rc=$?
tail -n 5 "$T/log"
if [ "$rc" -ne 0 ]; then
	for crash in "$T"/crash-* "$T"/leak-* "$T"/timeout-*; do
		[ -f "$crash" ] || continue
		echo "FAIL: $(basename "$crash") (base64 below; add it to $corpus once fixed):"
		base64 "$crash"
	done
	grep -m 20 -E 'ERROR|runtime error|SUMMARY' "$T/log" || true
	exit 1
fi
echo "ok - $(basename "$fuzzer"): the corpus and $runs mutations, no crash"
