#!/bin/sh
# runner.sh OUT WORD... PROGRAM: write OUT, an executable script that runs
# PROGRAM through the words before it (a cross build's emulator: qemu-user)
# with its own arguments, so that the CLI tests' "$COLLECT" works unchanged.
set -eu
out=$1
shift
{
	echo '#!/bin/sh'
	printf 'exec'
	for w in "$@"; do
		printf " '%s'" "$(printf '%s' "$w" | sed "s/'/'\\\\''/g")"
	done
	echo ' "$@"'
} > "$out.tmp"
chmod +x "$out.tmp"
mv "$out.tmp" "$out"
