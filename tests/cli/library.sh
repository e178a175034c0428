#!/bin/sh
# libsubtick: the C and Fortran examples build against the library, time
# their loops and write streams analyze reads; the recorder and collect's
# own timing agree on the count kernel, timed alternately in one process.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SUBTICK_SOURCE_ROOT:?}" "${LIBSUBTICK_DIR:?}" "${RECORD_COUNT:?}"
cd "$T"
src=$SUBTICK_SOURCE_ROOT/collector
CC=${CC:-cc}

san=${SUBTICK_SANITIZE_FLAGS:-}	# as the library was built
# Linked with libsubtick.a as `pkg-config --static --libs subtick` says:
# with -lm (the archive is one object, all of which a program links).
# shellcheck disable=SC2086 # $san is one flag or none
"$CC" -O2 $san -I "$src/include" "$src/examples/loop.c" "$LIBSUBTICK_DIR/libsubtick.a" -lm -o loop ||
	fail "the C example did not build"
./loop loop.st > loop.out || fail "the C example exited $?"
check "C example: a stream" [ "$(head -n 1 loop.st)" = "# subtick 1" ]
check "C example: its label" grep -q '^# kernel: lcg-loop$' loop.st
check "C example: ends with # done" sh -c "tail -n 1 loop.st | grep -q '^# done: samples='"
check "C example: whole lines" only_complete_lines loop.st
"$ANALYZE" --json loop.st > loop.json || fail "analyze loop.st exited $?"
check "C example: a positive unit cost" awk -v u="$(json_get loop.json unit_cost)" 'BEGIN { exit !(u > 0) }'
# subtick_result in the program: the line analyze fits to the same
# samples (the same minima, the same hull: equal to the digits printed)
# and bounds that meet analyze's (the same band; halves of other
# stretches of time)
cat loop.out
# shellcheck disable=SC2046
set -- $(sed -n 's/^\([^ ]*\) ns per multiply-add, bounds \[\([^,]*\), \([^]]*\)\].*/\1 \2 \3/p' loop.out)
check "C example: subtick_result printed a unit cost" [ $# -eq 3 ]
u=$(json_get loop.json unit_cost_ns)
check "C example: subtick_result's unit cost $1 is analyze's $u" \
	[ "$(awk -v u="$u" 'BEGIN { printf "%.4g", u }')" = "$1" ]
# shellcheck disable=SC2046
set -- "$2" "$3" $(json_get loop.json unit_cost_ns_interval)
check "C example: its bounds [$1, $2] meet analyze's [$3, $4]" \
	awk -v a="$1" -v b="$2" -v c="$3" -v d="$4" 'BEGIN { exit !(a <= d && c <= b) }'

# Two versions timed in turn, two recorders tied by the keys collect
# writes for two kernels: --compare pairs them.
# shellcheck disable=SC2086
"$CC" -O2 $san -I "$src/include" "$src/examples/versions.c" "$LIBSUBTICK_DIR/libsubtick.a" -lm -o versions ||
	fail "the versions example did not build"
./versions old.st new.st || fail "the versions example exited $?"
check "versions: two whole streams" only_complete_lines old.st && only_complete_lines new.st
check "versions: one id, sides A and B" [ -n "$(header_value old.st interleaved)" ] &&
	[ "$(header_value old.st interleaved)" = "$(header_value new.st interleaved)" ] &&
	[ "$(header_value old.st interleave_side)" = A ] && [ "$(header_value new.st interleave_side)" = B ]
"$ANALYZE" --compare --json old.st new.st > v.json || fail "analyze --compare old.st new.st exited $?"
# shellcheck disable=SC2046 # paired, the ratio, its two bounds
set -- $("$JSONQ" v.json compare.paired compare.ratio compare.ratio_bounds)
check "versions: compared paired, the ratio $2 within its bounds [$3, $4]" \
	awk -v p="$1" -v r="$2" -v lo="$3" -v hi="$4" 'BEGIN { exit !(p == "true" && 0 < lo && lo <= r && r <= hi) }'

# A region whose work falls as n grows: the unit cost is negative, and the
# bits say so (not that the line rises too little)
cat > falling.c <<'C'
#include <stdio.h>
#include <stdint.h>
#include <subtick/subtick.h>
static volatile uint64_t sink;
int main(void)
{
	subtick_recorder *r = subtick_open("falling.st", "falling", NULL);
	if (r == NULL)
		return 1;
	for (int sweep = 0; sweep < 20; sweep++)
		for (uint64_t n = 1; n <= 32; n++) {
			uint64_t t0 = subtick_start(r), x = 1;
			for (uint64_t i = 0; i < (33 - n) * 2000; i++)
				x = x * 6364136223846793005u + 1442695040888963407u;
			sink = x;
			subtick_stop(r, n, t0);
		}
	struct subtick_result res;
	if (subtick_result(r, &res) != 0 || !res.ok)
		return 1;
	printf("%g %u %u %u\n", res.unit_cost, res.warnings & SUBTICK_WARN_NOT_POSITIVE ? 1u : 0u,
	       res.warnings & SUBTICK_WARN_FEW_TICKS ? 1u : 0u, (unsigned)(res.warnings & SUBTICK_WARN_NO_LINE));
	return subtick_close(r) != 0;
}
C
# shellcheck disable=SC2086
"$CC" -O2 $san -I "$src/include" falling.c "$LIBSUBTICK_DIR/libsubtick.a" -lm -o falling ||
	fail "the falling-cost program did not build"
# shellcheck disable=SC2046 # unit cost, NOT_POSITIVE, FEW_TICKS, NO_LINE
set -- $(./falling) || fail "the falling-cost program exited $?"
check "a falling cost ($1): SUBTICK_WARN_NOT_POSITIVE, not FEW_TICKS" \
	sh -c "awk -v u='$1' 'BEGIN { exit !(u < 0) }' && [ '$2' = 1 ] && [ '$3' = 0 ]"

# Regions during which the thread changed CPU are dropped: the samples
# kept are whole, and the numbers stand.  The summary at close says how
# many as a fact, not a warning (it had said "(warning: samples dropped)"
# while analyze, on the same stream, said "warnings: none").
cat > moved.c <<'C'
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdint.h>
#include <subtick/subtick.h>
static volatile uint64_t sink;
static void work(uint64_t n)
{
	uint64_t x = 1;
	for (uint64_t i = 0; i < n * 2000; i++)
		x = x * 6364136223846793005u + 1442695040888963407u;
	sink = x;
}
static int on(int cpu)
{
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	return sched_setaffinity(0, sizeof s, &s);
}
int main(void)
{
	cpu_set_t all;
	int c[2], k = 0;
	if (sched_getaffinity(0, sizeof all, &all) != 0)
		return 1;
	for (int i = 0; i < CPU_SETSIZE && k < 2; i++)
		if (CPU_ISSET(i, &all))
			c[k++] = i;
	if (k < 2)
		return 77;	/* one CPU: no region can change CPU */
	struct subtick_options o;
	subtick_options_init(&o);
	o.summary = 1;
	subtick_recorder *r = subtick_open("moved.st", "moved", &o);
	if (r == NULL)
		return 1;
	for (int sweep = 0; sweep < 20; sweep++)
		for (uint64_t n = 1; n <= 8; n++) {
			int move = sweep == 0 && n <= 2;	/* two regions moved */
			if (move && on(c[0]) != 0)
				return 1;
			uint64_t t0 = subtick_start(r);
			if (move && on(c[1]) != 0)	/* moves this thread now */
				return 1;
			work(n);
			subtick_stop(r, n, t0);
			if (move && sched_setaffinity(0, sizeof all, &all) != 0)
				return 1;
		}
	printf("%llu\n", (unsigned long long)subtick_dropped(r));
	return subtick_close(r) != 0;
}
C
# shellcheck disable=SC2086
"$CC" -O2 $san -I "$src/include" moved.c "$LIBSUBTICK_DIR/libsubtick.a" -lm -o moved ||
	fail "the moved-regions program did not build"
rc=0
./moved > moved.out 2> moved.err || rc=$?
if [ "$rc" -eq 77 ]; then
	echo "SKIP (part): one CPU, no region can change CPU"
else
	[ "$rc" -eq 0 ] || fail "the moved-regions program exited $rc"
	cat moved.err
	check "moved regions: 2 dropped, as # done says" sh -c \
		"[ \"\$(cat moved.out)\" = 2 ] && tail -n 1 moved.st | grep -q ' dropped=2 migrations=2 '"
	check "... the summary says so as a fact" grep -q ', 2 dropped (the CPU changed during them)' moved.err
	check "... and warns of no dropped sample" sh -c "! grep -q 'warning: [^)]*dropped' moved.err"
	"$ANALYZE" -v moved.st > moved.txt || fail "analyze moved.st exited $?"
	check "... as analyze warns of none" sh -c "! sed -n '/^warnings\$/,\$p' moved.txt | grep -qi dropped"
fi

# The recorder against collect's timing, interleaved in one process: two
# estimates, each with its bounds; a slow stretch that falls on one of them
# more than the other can part them, so up to three tries.
recorder_agrees() {
	"$RECORD_COUNT" a.st b.st || fail "record_count exited $?"
	"$ANALYZE" --json a.st > a.json || fail "analyze a.st exited $?"
	"$ANALYZE" --json b.st > b.json || fail "analyze b.st exited $?"
	# shellcheck disable=SC2046 # each: unit cost, its two bounds
	set -- $("$JSONQ" a.json unit_cost unit_cost_interval) $("$JSONQ" b.json unit_cost unit_cost_interval)
	echo "try $try: recorder $1 [$2, $3], collect $4 [$5, $6]"
	awk -v alo="$2" -v ahi="$3" -v blo="$5" -v bhi="$6" 'BEGIN { exit !(alo <= bhi && blo <= ahi) }'
}
check "recorder and collect agree within their bounds (in one of 3 tries)" tries 3 recorder_agrees

command -v gfortran > /dev/null && [ -f "$LIBSUBTICK_DIR/subtick.mod" ] ||
	skip "gfortran not installed: the Fortran example is not built"
# shellcheck disable=SC2086
gfortran -O2 $san -I "$LIBSUBTICK_DIR" "$src/examples/loop.f90" \
	"$LIBSUBTICK_DIR/libsubtick_fortran.a" "$LIBSUBTICK_DIR/libsubtick.a" -o loopf ||
	fail "the Fortran example did not build"
./loopf loopf.st > loopf.out 2> loopf.err || fail "the Fortran example exited $?"
check "Fortran example: its label" grep -q '^# kernel: fortran-loop$' loopf.st
check "Fortran example: whole lines" only_complete_lines loopf.st
"$ANALYZE" --json loopf.st > loopf.json || fail "analyze loopf.st exited $?"
check "Fortran example: a positive unit cost" awk -v u="$(json_get loopf.json unit_cost)" 'BEGIN { exit !(u > 0) }'
# subtick_result from Fortran: analyze's unit cost to the 4 digits it
# printed (g0.4), bounds that meet analyze's; the summary at close says
# the same cost (%.5g)
cat loopf.out loopf.err
# shellcheck disable=SC2046
set -- $(sed -n 's/^ *\([^ ]*\) ns per multiply-add, bounds \[\([^,]*\), \([^]]*\)\].*/\1 \2 \3/p' loopf.out)
check "Fortran example: subtick_result printed a unit cost" [ $# -eq 3 ]
u=$(json_get loopf.json unit_cost_ns)
check "Fortran example: subtick_result's unit cost $1 is analyze's $u" \
	awk -v f="$1" -v u="$u" 'BEGIN { d = f - u; exit !(d * d <= (6e-4 * u) ^ 2) }'
# shellcheck disable=SC2046
set -- "$2" "$3" $(json_get loopf.json unit_cost_ns_interval)
check "Fortran example: its bounds [$1, $2] meet analyze's [$3, $4]" \
	awk -v a="$1" -v b="$2" -v c="$3" -v d="$4" 'BEGIN { exit !(a <= d + 6e-4 * d && c <= b + 6e-4 * b) }'
s=$(sed -n 's/^subtick: fortran-loop: \([^ ]*\) ns per unit .*/\1/p' loopf.err)
check "Fortran example: the summary at close, $s ns per unit, is analyze's $u" \
	awk -v s="$s" -v u="$u" 'BEGIN { d = s - u; exit !(s != "" && d * d <= (6e-5 * u) ^ 2) }'

# The module's options and keys reach the header; a refused key (one the
# library writes itself) gives a null recorder, not a stream.
cat > opts.f90 <<'F'
program opts
  use subtick
  implicit none
  type(c_ptr) :: r
  type(subtick_result_t) :: res
  integer(c_int64_t) :: t0, n
  integer :: i, status
  r = subtick_open('bad.st', 'x', keys=[character(8) :: 'unit_ns', '1000'])
  if (c_associated(r)) stop 'unit_ns accepted'
  r = subtick_open('opts.st', 'opts', clock='monotonic-raw', coarsen_bits=2, &
       capacity=16_c_size_t, raise_priority=.false., &
       keys=[character(8) :: 'rank', '3', 'language', 'fortran'])
  if (.not. c_associated(r)) stop 'subtick_open failed'
  do i = 1, 100
     n = 1000 * int(mod(i, 5) + 1, c_int64_t)
     t0 = subtick_start(r)
     call subtick_stop(r, n, t0, status)
     if (status < 0) stop 'subtick_stop refused'
  end do
  call subtick_stop(r, n, t0, status)
  if (status /= -1) stop 'a second stop was taken'
  if (subtick_samples(r) + subtick_dropped(r) /= 100) stop 'counts'
  if (subtick_result(r, res) /= 0) stop 'subtick_result failed'
  if (res%ok == 0 .or. res%points /= 5 .or. res%samples /= subtick_samples(r)) &
       stop 'subtick_result: not 5 n and the samples kept'
  if (iand(res%warnings, SUBTICK_WARN_FEW_POINTS) == 0) stop 'fewer than 8 n not warned'
  if (len(subtick_version()) == 0) stop 'no version'
  if (subtick_close(r) /= 0) stop 'subtick_close failed'
  if (subtick_close(r) /= -1) stop 'closed twice'
  if (subtick_result(r, res) /= -1) stop 'a result after close'
end program opts
F
# shellcheck disable=SC2086
gfortran -O2 $san -I "$LIBSUBTICK_DIR" opts.f90 \
	"$LIBSUBTICK_DIR/libsubtick_fortran.a" "$LIBSUBTICK_DIR/libsubtick.a" -o opts ||
	fail "the Fortran options program did not build"
./opts || fail "the Fortran options program exited $?"
check "Fortran: a refused key made no file" [ ! -e bad.st ]
check "Fortran: its keys in the header" [ "$(header_value opts.st rank)" = 3 ] &&
	[ "$(header_value opts.st language)" = fortran ]
check "Fortran: its clock and coarsening" [ "$(header_value opts.st clock)" = monotonic-raw ] &&
	[ "$(header_value opts.st coarsen)" = 2 ]
kept=$(sed -n 's/^# done: samples=\([0-9]*\) .*/\1/p' opts.st)
writes=$(sed -n 's/^# done: .* writes=\([0-9]*\) .*/\1/p' opts.st)
check "Fortran: its capacity, 16 samples a write ($kept samples, $writes writes)" \
	[ "$writes" -eq $((kept / 16 + 1)) ]
