#!/bin/sh
# The manual pages as man shows them: formatted, no Markdown left (no
# backquote, no pipe table); every long option of collect and analyze
# (their getopt tables) in their --help and so in their pages.
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

# -h/--help: a short usage, one line an option, every option in it; a
# clause cut at the line's end says so (analyze's --merge: "pool files
# whose kernel, clock, coarsening" had read as whole)
for prog in "$COLLECT:collector/options.c" "$ANALYZE:analyzer/options.c"; do
	bin=${prog%%:*} src=$SUBTICK_SOURCE_ROOT/${prog#*:}
	name=$(basename "$bin")
	"$bin" --help > "$T/help" || fail "$name --help exited $?"
	check "$name --help: at most 60 lines ($(wc -l < "$T/help"))" [ "$(wc -l < "$T/help")" -le 60 ]
	sed -n 's/^[[:space:]]*{ "\([a-z0-9-]*\)", .*/\1/p' "$src" | sort -u > "$T/opts"
	missing=$(while read -r o; do grep -q -- "--$o\\b" "$T/help" || echo "--$o"; done < "$T/opts")
	check "$name --help: every option${missing:+ (missing: $missing)}" [ -z "$missing" ]
	check "$name --help: points to the manual" grep -q "man $name" "$T/help"
	# one line an option, not two joined (a long option's own words)
	check "$name --help: no line over 100 columns" sh -c "! awk 'length > 100' '$T/help' | grep -q ."
	check "$name --help: every option with words of its own, not '...' alone" \
		sh -c "! grep -Eq \"^ +(-[a-z], )?--[a-z-]+( ('[^']*'|[A-Z][A-Z_]*|[a-z|]+))? +\\.\\.\\.\$\" '$T/help'"
	[ "$name" = analyze ] &&
		check "analyze --help: a cut clause ends with ..." grep -q -- '--merge .*coarsening \.\.\.$' "$T/help"
	"$bin" --manual > "$T/manual" || fail "$name --manual exited $?"
	check "$name --manual: the whole text (longer than --help)" [ "$(wc -l < "$T/manual")" -gt "$(wc -l < "$T/help")" ]
done
