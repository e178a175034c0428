#!/bin/sh
# collect --exec ends as the built-in kernels do: a signal during a run
# gives "# interrupted", exit 130/143/129, every complete sample kept and
# the command's whole process group ended and reaped (even one that
# ignores SIGINT and SIGTERM); collect killed outright takes the command's
# process with it; --exec-timeout ends a run that hangs; the command
# starts with default signal dispositions and an empty mask, gets any
# number of words, and its stderr costs no file.
. "$(dirname "$0")/lib.sh"
cd "$T"

# alive PIDFILE: some process named in PIDFILE still runs.
alive() {
	for p in $(cat "$1"); do
		kill -0 "$p" 2> /dev/null && return 0
	done
	return 1
}
ended() { ! alive "$1"; }

# samples FILE: how many sample lines FILE has (0 if there is no FILE).
samples() {
	if [ -f "$1" ]; then awk '!/^#/ { n++ } END { print n + 0 }' "$1"; else echo 0; fi
}

# Every run records its pid (the shell's, exec'd into sleep) and sleeps.
for sig in INT TERM HUP; do
	[ $sig = HUP ] && hup_ignored && continue
	: > pids.$sig
	"$COLLECT" --shell --exec "echo \$\$ >> $T/pids.$sig; exec sleep 0.3" --n 1,2,3 \
		--runs 100 -q -o s.$sig 2> err.$sig &
	pid=$!
	i=0	# until samples are written (after the warm-up and a flush)
	while [ $i -lt 300 ] && [ "$(samples s.$sig)" -lt 2 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -$sig $pid
	rc=0
	wait $pid || rc=$?
	case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
	check "SIG$sig during a command: exit $want ($rc)" [ "$rc" -eq $want ]
	check "SIG$sig: the stream ends # interrupted, stop=signal" \
		sh -c "tail -n 1 s.$sig | grep -q '^# interrupted: signal=SIG$sig .*stop=signal$'"
	n=$(samples s.$sig)
	check "SIG$sig: the $n complete samples kept and counted" \
		sh -c "[ $n -ge 2 ] && tail -n 1 s.$sig | grep -q ' samples=$n '"
	check "SIG$sig: not taken for a failure" sh -c "! grep -q 'command failed' err.$sig"
	check "SIG$sig: the command's process ended" ended pids.$sig
done

# gone PID: no such process, or a zombie (killed, not yet reaped by
# whatever adopted it).
gone() {
	st=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' /proc/"$1"/status 2> /dev/null) || return 0
	[ -z "$st" ] || [ "$st" = Z ]
}

# collect killed outright (SIGKILL; SIGUSR1, which it does not take): the
# command's process gets SIGKILL too, not left running under init.
for sig in KILL USR1; do
	: > pids.$sig
	"$COLLECT" --shell --exec "echo \$\$ >> $T/pids.$sig; exec sleep 30" \
		--n 1,2 --runs 1 -q -o k.$sig 2> /dev/null &
	pid=$!
	wait_for 60 test -s pids.$sig
	kill -$sig $pid
	wait $pid || true
	for p in $(cat pids.$sig); do
		i=0	# the kernel delivers it at once; 10 s for a loaded machine
		while [ $i -lt 100 ] && ! gone "$p"; do
			sleep 0.1
			i=$((i + 1))
		done
		left=0
		gone "$p" || left=1
		kill -KILL "$p" 2> /dev/null || true
		check "SIG$sig to collect: its command ($p) is not left running" [ $left -eq 0 ]
	done
done

# A command that ignores SIGINT and SIGTERM: its group gets SIGKILL after
# the grace period, and collect ends with its stream whole.
: > pids.ign
"$COLLECT" --shell --exec "trap '' INT TERM; echo \$\$ >> $T/pids.ign; exec sleep 60" \
	--n 1,2 --runs 1 -q -o ign.st 2> /dev/null &
pid=$!
i=0
while [ $i -lt 100 ] && ! [ -s pids.ign ]; do
	sleep 0.1
	i=$((i + 1))
done
start=$(date +%s)
kill -TERM $pid
rc=0
wait $pid || rc=$?
check "a command deaf to SIGTERM: collect exits 143 ($rc)" [ "$rc" -eq 143 ]
check "... within the grace period, not the command's 60 s" [ $(($(date +%s) - start)) -le 10 ]
check "... and the command is gone" ended pids.ign
check "... the stream ends # interrupted" sh -c "tail -n 1 ign.st | grep -q '^# interrupted'"

# --exec-timeout: the run at N=2 hangs; it is ended, not written, counted.
# (2 s: a shell's start on a loaded machine never takes that long.)
"$COLLECT" --shell --exec 'if [ {N} = 2 ]; then exec sleep 60; fi' --exec-timeout 2 \
	--n 1,2,3 --runs 2 -q -o to.st 2> err || fail "--exec-timeout exited $?"
check "--exec-timeout: no sample at the hanging N" sh -c "! grep -q '^2	' to.st"
check "--exec-timeout: the other N kept" [ "$(grep -vc '^#' to.st)" -eq 4 ]
check "--exec-timeout: the last line counts them" \
	sh -c "tail -n 1 to.st | grep -q 'dropped=2 .*timeouts=2 .*stop=runs'"
check "--exec-timeout: the header says the limit" [ "$(header_value to.st exec_timeout_s)" = 2 ]
check "--exec-timeout: warned" grep -q 'ran past --exec-timeout' err
rc=0
"$COLLECT" --exec 'true' --exec-timeout 0 --n 1,2,3 --runs 1 -q > /dev/null 2>&1 || rc=$?
check "--exec-timeout 0: usage error ($rc)" [ "$rc" -eq 2 ]

# The command's signals: none ignored, none blocked (collect ignores SIGPIPE
# and SIGXFSZ, and blocks SIGINT, SIGTERM and SIGCHLD while it forks).
"$COLLECT" --shell --exec 'exec awk '\''/^Sig(Ign|Blk):/ && $2 !~ /^0+$/ { bad = 1 } END { exit bad }'\'' /proc/self/status' \
	--n 1,2,3 --runs 1 -q -o sig.st 2> err ||
	fail "a signal is ignored or blocked in the command: $(cat err)"
check "default signals, empty mask: the runs succeeded" [ "$(grep -vc '^#' sig.st)" -eq 3 ]
rc=0	# the failure shows the end of the command's stderr
"$COLLECT" --shell --exec 'yes | head -c 100000 > /dev/null; echo end >&2; exit 3' \
	--n 1,2,3 --runs 1 -q -o yes.st 2> err || rc=$?
check "yes | head ends quietly (no Broken pipe in its stderr)" \
	sh -c "[ $rc -eq 1 ] && grep -q 'its stderr ends: end' err && ! grep -qi 'broken pipe' err"

# Any number of words without --shell: 100 words reach the program.
printf '#!/bin/sh\necho $# > %s/argc\n' "$T" > args.sh
chmod +x args.sh
words=$(seq -s ' ' 1 99)
"$COLLECT" --exec "$T/args.sh $words {N}" --n 1,2,3 --runs 1 -q -o w.st ||
	fail "a 100-word command exited $?"
check "100 words reach the program ($(cat argc))" [ "$(cat argc)" -eq 100 ]

# The children's stderr: its end is kept in memory, not in a file.
"$COLLECT" --shell --exec 'head -c 3000000 /dev/zero | tr "\0" x >&2; sleep 0.2' \
	--n 1,2,3 --runs 3 -q -o e.st 2> /dev/null &
pid=$!
sleep 1
check "no file holds the commands' stderr" sh -c "! ls -l /proc/$pid/fd 2> /dev/null | grep -q deleted"
wait $pid || fail "the stderr writer exited $?"
rc=0
"$COLLECT" --shell --exec 'head -c 1000000 /dev/zero | tr "\0" y >&2; echo last words >&2; exit 4' \
	--n 1,2 --runs 1 -q -o f.st 2> err || rc=$?
check "a failing command: exit 1 ($rc), the end of its stderr named" \
	sh -c "[ $rc -eq 1 ] && grep -q 'exited with status 4.*yyyylast words' err"
echo "$checks checks passed"
