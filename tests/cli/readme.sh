#!/bin/sh
# Every command of the README's example blocks runs (exit 0), with short
# budgets; what needs MPI, another tool or a file that is not here is
# skipped and counted (tests/tools/readme_examples.py).
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_SOURCE_ROOT:?}"
build=$(dirname "$(dirname "$COLLECT")")
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/readme_examples.py" \
	"$SUBTICK_SOURCE_ROOT/README.md" "$build" "$SUBTICK_SOURCE_ROOT"
