#!/bin/sh
# Units of work: --per bytes gives GB/s, --ops-per-unit Mops/s, the header's
# per key is used; --minima writes the per-N minima as CSV.
. "$(dirname "$0")/lib.sh"
: "${ANALYZE:?}" "${SYNTH:?}"
cd "$T"
# 2 units per N at 0.5 ns per unit: 1 ns per N, no noise to speak of.
"$SYNTH" --seed 3 --slope 2 --intercept 100 --unit-ns 0.5 --jitter 0.01 --runs 20 > s.st
"$ANALYZE" --json --per bytes --ops-per-unit 4 s.st > j.json || fail "analyze exited $?"
check "1 ns per byte is 1 GB/s" within "$(json_get j.json gb_per_s)" 1 0.001
check "4 operations per ns is 4000 Mops/s" within "$(json_get j.json mops_per_s)" 4000 4
check "per is bytes" [ "$(json_get j.json per)" = bytes ]
"$ANALYZE" --per bytes s.st > r.txt
check "the report says GB/s" grep -q '^throughput 1.*GB/s' r.txt

# The header's per key (collect writes it for its kernels).
sed 's/^# columns:/# per: bytes\n# columns:/' s.st > p.st
"$ANALYZE" --json p.st > p.json
check "per from the header" [ "$(json_get p.json per)" = bytes ]
check "GB/s from the header's per" within "$(json_get p.json gb_per_s)" 1 0.001

rc=0
"$ANALYZE" --per 'Bytes!' s.st > /dev/null 2> err || rc=$?
check "--per with odd characters: usage error ($rc)" [ "$rc" -eq 2 ]

"$ANALYZE" --minima m.csv s.st > /dev/null || fail "--minima exited $?"
check "minima CSV: a header line" [ "$(head -n 1 m.csv)" = "n,minimum,runs,mean,excess_of_minimum" ]
check "minima CSV: one row per N" [ "$(($(wc -l < m.csv) - 1))" -eq "$(json_get j.json points)" ]
check "minima CSV: every N has 20 runs" awk -F, 'NR > 1 && $3 != 20 { bad = 1 } END { exit bad }' m.csv
check "minima CSV: the minima are the stream's" awk -F'[,\t ]' '
	FNR == NR { if (FNR > 1) { csv[$1] = $2; rows++ } next }
	/^#/ { next }
	!($1 in m) || $2 < m[$1] { m[$1] = $2 }
	END { for (n in csv) if (!(n in m) || csv[n] != m[n]) exit 1; exit !(rows > 0) }' m.csv s.st
rc=0
"$ANALYZE" --minima s.st s.st > /dev/null 2> err || rc=$?
check "--minima over the input: usage error ($rc)" [ "$rc" -eq 2 ]

# A message kernel's line (collect-mpi): latency and bandwidth.  1 ns per
# unit of N and 50 ns of overhead: a ping-pong's round trip moves each byte
# twice (2 GB/s one way) and its one-way latency is half the overhead; an
# allreduce's unit is a double of 8 bytes (8 GB/s), its latency all of it.
for kind in pingpong allreduce; do
	per=bytes
	[ $kind = allreduce ] && per=doubles
	sed "s/^# columns:/# per: $per\n# message_kernel: $kind\n# columns:/" s.st > $kind.st
	"$ANALYZE" --json $kind.st > $kind.json || fail "analyze $kind exited $?"
	"$ANALYZE" $kind.st | grep -E '^(latency|bandwidth)'
done
check "pingpong: one-way latency is half the overhead" \
	within "$(json_get pingpong.json message.latency_ns)" \
	"$(awk -v o="$(json_get pingpong.json overhead_ns)" 'BEGIN { printf "%.17g", o / 2 }')" 0.001
check "pingpong: 2 GB/s one way" within "$(json_get pingpong.json message.bandwidth_gb_per_s)" 2 0.002
check "allreduce: 8 GB/s of doubles" within "$(json_get allreduce.json message.bandwidth_gb_per_s)" 8 0.008
check "no message object for other kernels" [ "$(json_get j.json message)" = null ]
"$ANALYZE" --json --per ops pingpong.st > renamed.json
check "no latency or bandwidth once --per says N is not bytes" \
	[ "$(json_get renamed.json message)" = null ]

# Many columns (collect-mpi's allreduce writes one per rank): each one can
# be fitted.
awk 'BEGIN { OFS = "\t" }
	/^# columns:/ { s = "# columns: n t at"; for (i = 0; i < 40; i++) s = s " rank" i; print s; next }
	/^#/ { print; next }
	{ s = $1 "\t" $2 "\t" $3; for (i = 0; i < 40; i++) s = s "\t" $2; print s }' s.st > wide.st
"$ANALYZE" --json --column rank39 wide.st > w.json 2> err || fail "43 columns: analyze exited $?: $(cat err)"
check "43 columns: --column rank39 fits as t does" \
	within "$(json_get w.json unit_cost)" "$(json_get j.json unit_cost)" 1e-9

# No overhead to speak of: no latency to report as one.
"$SYNTH" --seed 3 --slope 2 --intercept 0 --unit-ns 0.5 --jitter 0.01 --runs 20 |
	sed 's/^# columns:/# per: bytes\n# message_kernel: pingpong\n# columns:/' > z.st
"$ANALYZE" --json z.st > z.json
"$ANALYZE" z.st > z.txt
check "a latency whose bounds reach zero: not resolved" \
	[ "$(json_get z.json message.latency_resolved)" = false ]
check "the report says so" grep -q '^latency .*not resolved' z.txt
check "a latency well above zero: resolved" \
	[ "$(json_get pingpong.json message.latency_resolved)" = true ]
