#!/bin/sh
# abi_check.sh LIBRARY HEADERS DUMP [--update]: the ABI of the built
# libsubtick against DUMP, the ABI as released (libabigail's abidw and
# abidiff).  HEADERS: the directories of the headers that declare what it
# exports, separated by ':' (subtick.h's, and collector/lib's compat.h:
# what it keeps for programs built with an older subtick.h).  Any
# difference fails, additions included, until DUMP is updated on purpose:
#
#     tests/abi/abi_check.sh build/collector/libsubtick.so \
#         collector/include/subtick:collector/lib tests/abi/libsubtick.abi --update
#
# An incompatible change (a function removed, a parameter or a struct
# changed) also needs a new soversion (collector/meson.build); an addition
# a new SUBTICK_API_VERSION and minor version (subtick(3), VERSIONS).
set -eu
lib=$1 headers=$2 dump=$3 mode=${4:-check}
if ! command -v abidw > /dev/null || ! command -v abidiff > /dev/null; then
	echo "SKIP: abigail-tools not installed (apt-get install abigail-tools)"
	exit 77
fi
if ! readelf -S "$lib" | grep -q '\.debug_info'; then
	echo "SKIP: $lib has no debug information (buildtype debug or debugoptimized)"
	exit 77
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# Only what the headers declare and the library exports; no paths.
dirs=""
IFS=:
for d in $headers; do
	dirs="$dirs --headers-dir $d"
done
unset IFS
# shellcheck disable=SC2086 # $dirs: an option and a path (no blanks) each
abidw $dirs --drop-private-types --exported-interfaces-only \
	--no-show-locs --no-comp-dir-path --no-corpus-path --no-elf-needed \
	"$lib" > "$T/now.abi"
if [ "$mode" = --update ]; then
	cp "$T/now.abi" "$dump"
	echo "updated $dump"
	exit 0
fi
rc=0
abidiff --no-show-locs "$dump" "$T/now.abi" > "$T/diff" 2>&1 || rc=$?
if [ "$rc" -ne 0 ]; then
	cat "$T/diff"
	# abidiff's status is a bit set: 1 error, 2 usage, 4 a change, 8 an
	# incompatible one
	if [ $((rc & 3)) -ne 0 ]; then
		echo "FAIL: abidiff could not compare (status $rc)"
	elif [ $((rc & 8)) -ne 0 ]; then
		echo "FAIL: an incompatible ABI change: it needs a new soversion, then $dump updated on purpose"
	else
		echo "FAIL: the ABI changed (see above): a changed type or function needs a new soversion, an addition a new SUBTICK_API_VERSION; then update $dump on purpose"
	fi
	exit 1
fi
echo "ok - the ABI of $(basename "$lib") is that of $(basename "$dump")"
