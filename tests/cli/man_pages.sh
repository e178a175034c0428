#!/bin/sh
# The manual pages as man shows them: formatted, no Markdown left (no
# backquote, no pipe table); every long option of collect and analyze
# (their getopt tables) in their pages.  (--help: tests/cli/help.sh.)
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SUBTICK_SOURCE_ROOT:?}"
build=${ANALYZE%/analyzer/analyze}
command -v man > /dev/null || skip "man not installed"
for page in collect.1 analyze.1 subtick.3 subtick-stream.5; do
	[ -s "$build/$page" ] || skip "$page not built (python3 missing?)"
	man -l "$build/$page" 2> /dev/null | col -b > "$T/$page.txt"
	check "$page: shown ($(wc -l < "$T/$page.txt") lines)" [ "$(wc -l < "$T/$page.txt")" -gt 20 ]
	check "$page: no backquote" sh -c "! grep -q '\`' '$T/$page.txt'"
	check "$page: no pipe table" sh -c "! grep -qE '^ *\\|.*\\|' '$T/$page.txt'"
	check "$page: no Markdown heading or bold marks" sh -c "! grep -qE '^ *#{2,} |\\*\\*' '$T/$page.txt'"
done
for prog in collect:collector/options.c analyze:analyzer/options.c; do
	name=${prog%%:*} src=$SUBTICK_SOURCE_ROOT/${prog#*:}
	sed -n 's/^[[:space:]]*{ "\([a-z0-9-]*\)", .*/\1/p' "$src" | sort -u > "$T/opts"
	check "$name: its option table read ($(wc -l < "$T/opts") options)" [ "$(wc -l < "$T/opts")" -gt 10 ]
	missing=$(while read -r o; do grep -q -- "--$o" "$T/$name.1.txt" || echo "--$o"; done < "$T/opts")
	check "$name(1) documents every option${missing:+ (missing: $missing)}" [ -z "$missing" ]
done

