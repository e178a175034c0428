#!/bin/sh
# -h/--help of collect, analyze and collect-mpi: the usage, then every
# option the manual names, each as an entry of its own, whole (nothing cut
# with "..."), the manual's defaults with it, no line over 80 columns.  A
# usage error: its own line, then the usage (the help's own lines), exit 2;
# a mistyped long option answered with the one meant.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SUBTICK_SOURCE_ROOT:?}"

# options FILE: the long options named by the option entries of FILE's
# OPTIONS section (--manual): each entry's words before its description
# (two spaces), "-c, --clock NAME" or collect-mpi's list of collect's.
options() {
	sed -n '/^OPTIONS$/,/^[A-Z][A-Z ]*$/p' "$1" | grep -E '^ {4,8}-' |
		sed -E 's/^ +//; s/  .*//' | grep -oE -- '--[a-z0-9][a-z0-9-]*' | sort -u
}

# defaults FILE: "OPTION VALUE" for each option entry of FILE (--manual or
# --help: the same layout) whose text says "(default V" or "(default: V".
defaults() {
	awk '
	function flush() {
		gsub(/ +/, " ", text)
		if (opt != "" && match(text, /\(default:? [^ ;,):]+/)) {
			v = substr(text, RSTART, RLENGTH)
			sub(/^\(default:? /, "", v)
			print opt, v
		}
		opt = ""
	}
	{ match($0, /^ */); ind = RLENGTH }
	(ind == 4 && /^    (-[a-zA-Z], )?--[a-z]/) || (ind == 8 && /^ *--[a-z]/) {
		flush(); s = $0; sub(/^ +(-[a-zA-Z], )?/, "", s); split(s, w, " ")
		opt = w[1]; text = $0; next
	}
	ind >= 20 && NF > 0 { text = text " " $0; next }
	{ flush() }
	END { flush() }' "$1"
}

# help_of NAME BIN [TABLE]: the checks of NAME's --help (TABLE: the source
# file of its getopt table, whose options must all be there too).
help_of() {
	name=$1 bin=$2 table=${3:-}
	rc=0
	"$bin" --help > "$T/$name.help" 2> "$T/$name.err" || rc=$?
	check "$name --help: exit 0 ($rc), nothing on stderr" sh -c "[ $rc -eq 0 ] && [ ! -s '$T/$name.err' ]"
	check "$name --help: starts with the usage" sh -c "head -n 1 '$T/$name.help' | grep -qx 'usage:'"
	"$bin" --manual > "$T/$name.manual" || fail "$name --manual exited $?"
	options "$T/$name.manual" > "$T/$name.opts"
	if [ -n "$table" ]; then
		sed -n 's/^[[:space:]]*{ "\([a-z0-9-]*\)", .*/--\1/p' "$SUBTICK_SOURCE_ROOT/$table" >> "$T/$name.opts"
		sort -u -o "$T/$name.opts" "$T/$name.opts"
	fi
	check "$name: its manual's options read ($(wc -l < "$T/$name.opts"))" [ "$(wc -l < "$T/$name.opts")" -gt 15 ]
	missing=$(while read -r o; do
		grep -qE -- "^ {4}(-[a-zA-Z], | {4})$o( |\$)" "$T/$name.help" || echo "$o"
	done < "$T/$name.opts")
	check "$name --help: an entry for every option of the manual${missing:+ (missing: $missing)}" [ -z "$missing" ]
	long=$(awk 'length > 80 { print FILENAME ":" FNR ": " length " columns" }' "$T/$name.help")
	check "$name --help: no line over 80 columns${long:+ ($long)}" [ -z "$long" ]
	cut=$(sed '1,/^$/d' "$T/$name.help" | grep -F '...' || true)
	check "$name --help: nothing cut with '...'${cut:+ ($cut)}" [ -z "$cut" ]
	check "$name --help: points to the manual" grep -q "man $name" "$T/$name.help"
	check "$name --manual: the long form (longer than --help)" \
		[ "$(wc -l < "$T/$name.manual")" -gt "$(wc -l < "$T/$name.help")" ]
	# each entry one to three lines, its words included
	awk 'function flush() { if (n > 3) print opt ": " n " lines"; n = 0 }
	     { match($0, /^ */); ind = RLENGTH }
	     (ind == 4 || ind == 8) && /^ *-/ { flush(); opt = $1 " " $2; n = 1; next }
	     ind == 26 && NF > 0 { n++; next }
	     { flush() }
	     END { flush() }' "$T/$name.help" > "$T/$name.long"
	check "$name --help: one to three lines an option$( [ -s "$T/$name.long" ] && printf ' (%s)' "$(cat "$T/$name.long")")" [ ! -s "$T/$name.long" ]
	# the defaults the manual gives, numbers and names, in --help alike
	defaults "$T/$name.manual" > "$T/$name.mdefaults"
	defaults "$T/$name.help" > "$T/$name.hdefaults"
	while read -r o v; do
		case "$v:$o" in
		[0-9]*|*:--clock|*:--column|*:--method) echo "$o $v" ;;
		esac
	done < "$T/$name.mdefaults" > "$T/$name.compared"
	differ=$(grep -vxF -f "$T/$name.hdefaults" "$T/$name.compared" || true)
	check "$name --help: the manual's defaults ($(paste -s -d, "$T/$name.compared"))${differ:+ (not so: $differ)}" [ -z "$differ" ]
	sed -n '1,/^$/p' "$T/$name.help" | sed '$d' > "$T/$name.usage"
}

# own_line NAME EXPECT FILE: FILE (a usage error's stderr) has one line of
# NAME's, saying EXPECT, just before the usage ("usage:")
own_line() {
	[ "$(grep -c "^$1:" "$3")" -eq 1 ] &&
		grep "^$1:" "$3" | grep -qF -- "$2" &&
		[ "$(grep -B 1 -x 'usage:' "$3" | head -n 1)" = "$(grep "^$1:" "$3")" ]
}

# usage_error NAME WHAT EXPECT CMD...: CMD exits 2 with one line of its own
# (NAME's, saying EXPECT), then the usage --help shows; nothing on stdout.
usage_error() {
	name=$1 what=$2 expect=$3
	shift 3
	rc=0
	"$@" > "$T/out" 2> "$T/err" || rc=$?
	sed "s/^/    /" "$T/err"
	check "$name $what: exit 2 ($rc), nothing on stdout" sh -c "[ $rc -eq 2 ] && [ ! -s '$T/out' ]"
	check "$name $what: one line of its own, '$expect', before the usage" own_line "$name" "$expect" "$T/err"
	sed -n '/^usage:$/,/^Every option/p' "$T/err" | sed '$d' > "$T/err.usage"
	check "$name $what: then the usage, as --help has it" cmp -s "$T/err.usage" "$T/$name.usage"
	check "$name $what: and where every option is" grep -qx "Every option: $name --help." "$T/err"
}

help_of collect "$COLLECT" collector/options.c
help_of analyze "$ANALYZE" analyzer/options.c
for name in collect analyze; do
	grep -q '(default' "$T/$name.help" || fail "$name --help: no default"
done
check "collect --help: the budget's default, 2 s" grep -q 'default 2 s' "$T/collect.help"
check "analyze --help: the replicates' default, 200" grep -q 'default 200)' "$T/analyze.help"

usage_error collect "--budgte 2" "did you mean --budget?" "$COLLECT" --budgte 2
usage_error collect "--kernal x" "did you mean --kernel?" "$COLLECT" --kernal x
usage_error collect "--frobnicate" "option '--frobnicate': unknown" "$COLLECT" --frobnicate
check "... and no suggestion for it" sh -c "! grep -q 'did you mean' '$T/err'"
usage_error collect "--pr 1" "ambiguous; did you mean --precision or --prepare?" "$COLLECT" --pr 1
usage_error collect "--quiet=1" "--quiet takes no value" "$COLLECT" --quiet=1
usage_error collect "--runs (no value)" "option '--runs': needs a value" "$COLLECT" --runs
usage_error collect "--runs 0" "--runs '0': expected a positive integer" "$COLLECT" --runs 0
usage_error collect "--n with --range" "--n and --range exclude each other" "$COLLECT" --n 1,2 --range 1:5
usage_error analyze "--jsno" "did you mean --json?" "$ANALYZE" --jsno
usage_error analyze "--replicates 3" "expected an integer 10..100000" "$ANALYZE" --replicates 3
usage_error analyze "-lead.st" "option '-l' (in '-lead.st'): unknown" "$ANALYZE" -lead.st

# collect-mpi: --help before MPI starts; a usage error from rank 0 of one.
if [ -n "${COLLECT_MPI:-}" ]; then
	help_of collect-mpi "$COLLECT_MPI"
	if command -v mpirun > /dev/null; then
		# Open MPI's own allocations outlive MPI_Finalize: under the
		# sanitizer build, LeakSanitizer would end the rank (as mpi.sh)
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
		export ASAN_OPTIONS
		usage_error collect-mpi "--budgte 2" "did you mean --budget?" \
			mpirun --allow-run-as-root --oversubscribe -n 1 "$COLLECT_MPI" --budgte 2
	else
		echo "no mpirun: collect-mpi's usage error not run"
	fi
else
	echo "collect-mpi not built (no MPI): its --help not checked"
fi
