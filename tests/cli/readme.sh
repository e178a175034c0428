#!/bin/sh
# Every command of the example blocks of the README and of the pages in
# docs/ runs (exit 0), with short budgets, and prints what the page shows
# where that is the same on every machine (a recorded stream of data/);
# what needs MPI, another tool or a file that is not here is skipped and
# counted (tests/tools/readme_examples.py).
. "$(dirname "$0")/lib.sh"
: "${SUBTICK_SOURCE_ROOT:?}"
build=$(dirname "$(dirname "$COLLECT")")
set -- "$SUBTICK_SOURCE_ROOT"/docs/*.md
check "docs/: its pages found ($#)" [ -f "$1" ]
python3 "$SUBTICK_SOURCE_ROOT/tests/tools/readme_examples.py" "$build" "$SUBTICK_SOURCE_ROOT" \
	"$SUBTICK_SOURCE_ROOT/README.md" "$@"
