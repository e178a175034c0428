#!/bin/sh
# One version, meson.build's, everywhere: --version of collect, analyze
# and collect-mpi, the installed subtick.pc, libsubtick's file name (its
# soname the major) and the man pages' heads.  The installed man pages
# cite the installed documents and examples, never the source tree's
# paths, and what they cite under the prefix is installed.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SUBTICK_SOURCE_ROOT:?}" "${SUBTICK_BUILD_ROOT:?}"

v=$(sed -n "s/^ *version : '\([0-9][0-9.]*\)',.*/\1/p" "$SUBTICK_SOURCE_ROOT/meson.build" | head -n 1)
check "meson.build's project version read ($v)" sh -c "echo '$v' | grep -qE '^[0-9]+\.[0-9]+\.[0-9]+$'"
for prog in "collect:$COLLECT" "analyze:$ANALYZE" "collect-mpi:${COLLECT_MPI:-}"; do
	name=${prog%%:*} bin=${prog#*:}
	[ -n "$bin" ] || continue
	"$bin" --version > "$T/version" || fail "$name --version exited $?"
	check "$name --version: $(cat "$T/version")" grep -q "^$name (subtick) $v " "$T/version"
done

# installed as a packager installs: into a staging directory
meson install -C "$SUBTICK_BUILD_ROOT" --no-rebuild --destdir "$T/dest" > "$T/log" 2>&1 ||
	fail "meson install --destdir: $(tail -5 "$T/log")"
analyze_bin=$(find "$T/dest" -path '*/bin/analyze' | head -n 1)
check "analyze installed" [ -n "$analyze_bin" ]
prefix=${analyze_bin#"$T/dest"}
prefix=${prefix%/bin/analyze}
echo "    prefix $prefix"

pc=$(find "$T/dest" -name subtick.pc | head -n 1)
check "subtick.pc installed" [ -n "$pc" ]
check "subtick.pc: Version: $v" grep -qx "Version: $v" "$pc"
if command -v pkg-config > /dev/null; then
	got=$(PKG_CONFIG_PATH="${pc%/subtick.pc}" pkg-config --modversion subtick)
	check "pkg-config --modversion subtick: $got" [ "$got" = "$v" ]
fi
so=$(find "$T/dest" -name "libsubtick.so.$v" | head -n 1)
check "libsubtick.so.$v installed" [ -n "$so" ]
if command -v readelf > /dev/null; then
	check "its soname libsubtick.so.${v%%.*}" sh -c \
		"readelf -d '$so' | grep -q 'SONAME.*\[libsubtick\.so\.${v%%.*}\]'"
fi

pages=$(find "$T/dest" -path '*/man/man[0-9]/*' -type f)
check "man pages installed ($(echo "$pages" | wc -w))" [ "$(echo "$pages" | wc -w)" -ge 4 ]
for page in $pages; do
	name=$(basename "$page")
	check "$name: headed with subtick $v" grep -q "^\.TH .* \"subtick $v\"" "$page"
	# every path-like word: none of the source tree's, and those under
	# the prefix there
	grep -oE '[A-Za-z0-9_.$/-]*[A-Za-z0-9_]/[A-Za-z0-9_./-]*' "$page" |
		sed 's/[.]*$//' | sort -u > "$T/paths"
	source=$(grep -E '^(data|docs|collector|analyzer|plots|tests|scripts|bench|examples)/' "$T/paths" || true)
	check "$name: no source-tree path${source:+ ($source)}" [ -z "$source" ]
	missing=$(grep "^$prefix/" "$T/paths" | while read -r p; do
		[ -e "$T/dest$p" ] || echo "$p"
	done)
	check "$name: what it cites under $prefix is installed${missing:+ (missing: $missing)}" [ -z "$missing" ]
done
check "the pages cite the installed stream format" grep -q "$prefix/share/doc/subtick/FORMAT.md" \
	"$(find "$T/dest" -path '*/man1/analyze.1')"
echo "$checks checks passed"
