/*
 * collect-mpi - collect under MPI: message kernels timed between ranks, or
 * any kernel on every rank at once, each rank with its own stream.
 *
 * Every rank parses the same options; the stages run as in collect
 * (session.h), with a point between them where all ranks agree to go on
 * (world_agree), so a rank that cannot start stops them all with its own
 * message and status.  Once sampling has begun, a rank that fails ends
 * the job (MPI_Abort), naming itself.
 */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "clock.h"
#include "msgkernel.h"
#include "mpiclocks.h"
#include "mpioptions.h"
#include "mpiplan.h"
#include "options.h"
#include "sampler.h"
#include "session.h"
#include "stopsignals.h"
#include "world.h"

/* The one global: what the signal handler must reach. */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
	sampler_abandon_run();	/* a built-in kernel's run in hand */
}

enum { TAG_HOST = 7301 };

enum role { ROLE_OWN, ROLE_ROOT, ROLE_FOLLOWER, ROLE_IDLE };

struct run {
	struct world w;
	struct mpi_options mo;
	struct collect_options opt;
	int kind;		/* enum msg_kind, or -1: a kernel of its own */
	enum role role;
	MPI_Comm comm;		/* the message kernel's; MPI_COMM_NULL */
	char prog[48];
	char output[4096];
	char peer[16];
	char peer_host[64];	/* pingpong: the host at the other end */
	char regimes[512];
	const char *keys[16];
	struct world_stop stop;	/* a stop on one rank reaches all */
};

static int open_kernel(const char *spec, struct kernel *k, char *err,
		       size_t err_len, void *arg)
{
	struct run *r = arg;
	int kind = msg_kind_of(spec);
	if (kind < 0 && strchr(spec, ':') == NULL && kernel_open(spec, k, err, err_len) != 0) {
		/* the message kernels are collect-mpi's own: name them too */
		snprintf(err, err_len, "unknown kernel '%s' (built-in: pingpong, allreduce, %s; or FILE.so:SYMBOL)",
			 spec, kernel_builtin_names());
		return -1;
	}
	if (kind < 0 && strchr(spec, ':') == NULL)
		return 0;
	if (kind < 0)
		return kernel_open(spec, k, err, err_len);
	return msg_kernel_open((enum msg_kind)kind, r->comm, r->opt.clock, k,
			       err, err_len);
}

/* Which rank does what, and in which communicator.  Collective. */
static void assign_roles(struct run *r)
{
	int rank = r->w.rank;
	r->comm = MPI_COMM_NULL;
	r->role = ROLE_OWN;
	if (r->kind < 0)
		return;
	int color = MPI_UNDEFINED;
	if (r->kind == MSG_ALLREDUCE)
		color = 0;
	else if (r->mo.pairs ? rank / 2 * 2 + 1 < r->w.ranks : rank < 2)
		color = rank / 2;
	MPI_Comm_split(MPI_COMM_WORLD, color, rank, &r->comm);
	if (r->comm == MPI_COMM_NULL) {
		r->role = ROLE_IDLE;
		return;
	}
	int in_comm;
	MPI_Comm_rank(r->comm, &in_comm);
	r->role = in_comm == 0 ? ROLE_ROOT : ROLE_FOLLOWER;
	snprintf(r->peer, sizeof r->peer, "%d",
		 r->kind == MSG_PINGPONG ? (rank ^ 1) : 0);
	if (r->kind == MSG_PINGPONG)	/* the pair's two ranks, 0 and 1 */
		MPI_Sendrecv(r->w.host, sizeof r->w.host, MPI_CHAR, 1 - in_comm, TAG_HOST,
			     r->peer_host, sizeof r->peer_host, MPI_CHAR, 1 - in_comm,
			     TAG_HOST, r->comm, MPI_STATUS_IGNORE);
	r->peer_host[sizeof r->peer_host - 1] = '\0';
}

/* How many streams are written: each needs its own name. */
static int writers(const struct run *r)
{
	if (r->kind < 0)
		return r->w.ranks;
	if (r->kind == MSG_PINGPONG && r->mo.pairs)
		return r->w.ranks / 2;
	return 1;
}

/* Checks every rank makes alike: usage errors, printed by rank 0. */
static int check_usage(struct run *r)
{
	const char *say = NULL;
	char msg[256];
	if (r->opt.exec != NULL)
		say = "--exec: not under MPI (time a command with collect --exec)";
	else if (r->kind >= 0 && r->w.ranks < 2) {
		snprintf(msg, sizeof msg, "--kernel %s needs at least 2 ranks, and runs on %d (mpirun -n 2 collect-mpi ...)",
			 r->opt.kernel, r->w.ranks);
		say = msg;
	} else if (r->mo.pairs && r->kind != MSG_PINGPONG)
		say = "--pairs: only with --kernel pingpong";
	if (say == NULL && writers(r) > 1 &&
	    (r->opt.output == NULL || strstr(r->opt.output, "%r") == NULL)) {
		snprintf(msg, sizeof msg, "--output: %d ranks write streams here: put %%r (the rank) in the name, e.g. -o out.%%r.st",
			 writers(r));
		say = msg;
	}
	if (say == NULL && r->opt.output != NULL &&
	    world_expand(r->opt.output, r->w.rank, r->output, sizeof r->output) != 0)
		say = "--output: a name with % other than %r (the rank) or %%, or too long";
	if (say == NULL)
		return 0;
	if (r->w.rank == 0)
		fprintf(stderr, "collect-mpi: %s\n", say);
	return 2;
}

/* The header keys every rank's stream gets. */
static void set_keys(struct run *r, struct session *s)
{
	size_t k = 0;
	r->keys[k++] = "rank";
	r->keys[k++] = r->w.rank_text;
	r->keys[k++] = "ranks";
	r->keys[k++] = r->w.ranks_text;
	r->keys[k++] = "mpi_library";
	r->keys[k++] = r->w.library;
	if (r->kind >= 0) {
		r->keys[k++] = "message_kernel";
		r->keys[k++] = r->kind == MSG_PINGPONG ? "pingpong" : "allreduce";
	}
	if (r->kind == MSG_PINGPONG) {
		r->keys[k++] = "peer";
		r->keys[k++] = r->peer;
		r->keys[k++] = "peer_host";
		r->keys[k++] = r->peer_host;
	}
	if (r->kind >= 0) {	/* filled by mpi_message_plan, before the
				 * header is written */
		r->keys[k++] = "regimes";
		r->keys[k++] = r->regimes;
	}
	r->keys[k] = NULL;
	s->extra_keys = r->keys;
}

/* The message kernel's root gathers every rank's clock and host (the
 * header's keys of allreduce's rank columns); allreduce takes the slowest
 * of their timings, so they must count the same units. */
static int share_ranks(struct run *r, struct session *s)
{
	struct msg_rank mine = { 0 };
	int size;
	if (r->role == ROLE_ROOT || r->role == ROLE_FOLLOWER) {
		mine.tick = s->cal.tick;
		mine.unit_ns = s->cal.unit_ns;
		snprintf(mine.host, sizeof mine.host, "%s", r->w.host);
		MPI_Comm_size(r->comm, &size);
		struct msg_rank *all = r->role == ROLE_ROOT
			? msg_kernel_ranks(&s->kernel[0]) : NULL;
		MPI_Gather(&mine, (int)sizeof mine, MPI_BYTE, all,
			   (int)sizeof mine, MPI_BYTE, 0, r->comm);
		if (all != NULL && r->kind == MSG_ALLREDUCE && !r->w.one_host &&
		    s->cal.unit_ns_rel_error != 0)
			for (int i = 1; i < size; i++)
				if (all[i].unit_ns != all[0].unit_ns) {
					fprintf(stderr, "%s: --kernel allreduce takes the slowest rank's timing, but ranks on other hosts count %s in other units (%.6g ns a clock unit against %.6g ns): use --clock monotonic\n",
						r->prog, s->clock->name, all[i].unit_ns, all[0].unit_ns);
					return 2;
				}
	}
	return 0;
}

/* A kernel of its own on every rank: rank 0 plans, every rank samples the
 * same N. */
static int share_plan(struct run *r, struct session *s)
{
	int rc = 0;
	if (r->w.rank == 0)
		rc = session_plan(s);
	if ((rc = world_agree(rc)) != 0)
		return rc;
	uint64_t count = s->plan.count;
	MPI_Bcast(&count, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	if (r->w.rank != 0) {
		plan_free(&s->plan);
		s->plan.n = malloc(count * sizeof *s->plan.n);
		if (s->plan.n == NULL)
			MPI_Abort(MPI_COMM_WORLD, 1);
		s->plan.count = count;
	}
	MPI_Bcast(s->plan.n, (int)count, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	MPI_Bcast(s->plan_text, sizeof s->plan_text, MPI_CHAR, 0, MPI_COMM_WORLD);
	MPI_Bcast(s->max_n_reason, sizeof s->max_n_reason, MPI_CHAR, 0, MPI_COMM_WORLD);
	return 0;
}

static void poll_stop(void *arg)
{
	world_stop_poll(arg);
}

/* One rank's part, from resolve to its stream's last line. */
static int collect_rank(struct run *r)
{
	struct session s;
	int rc = 0;
	memset(&s, 0, sizeof s);
	world_stop_open(&r->stop, &r->w, &stop_signal);
	if (r->role != ROLE_IDLE) {
		rc = session_resolve(&s, &r->opt, &stop_signal);
		s.poll = poll_stop;
		s.poll_arg = &r->stop;
		if (rc == 0)
			rc = session_calibrate(&s);
	}
	if ((rc = world_agree(rc)) == 0)
		rc = world_agree(share_ranks(r, &s));
	if (rc != 0)
		goto out;
	set_keys(r, &s);
	switch (r->role) {
	case ROLE_OWN:
		if ((rc = share_plan(r, &s)) != 0)
			goto out;
		MPI_Barrier(MPI_COMM_WORLD);
		rc = session_collect(&s);
		if (rc != 0 && rc < 128 && rc != SESSION_UNTIL_MISSED) {
			fprintf(stderr, "%s: the collection ends on every rank\n", r->prog);
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
		break;
	case ROLE_ROOT:
		rc = mpi_message_plan(&s, r->regimes, sizeof r->regimes);
		if (rc == 0)
			rc = session_plan(&s);
		if (rc == 0)
			rc = session_collect(&s);
		msg_release(r->comm);
		break;
	case ROLE_FOLLOWER:
		msg_follow((enum msg_kind)r->kind, r->comm, &s.setup, &r->stop);
		break;
	case ROLE_IDLE:
		break;
	}
out:
	if (r->role != ROLE_IDLE)
		session_close(&s);
	world_wait_all(&r->stop);
	world_stop_close(&r->stop);
	return rc;
}

/*
 * A rank whose launcher dies stops as on SIGCONT.  mpirun ends at once,
 * without a word to the ranks, when a second SIGINT comes within 5 s of
 * the first (Open MPI 4.1: "forcibly terminate"; timeout -s INT sends two,
 * to mpirun and to its process group), or when it is killed; Open MPI
 * then ends each rank with _exit about a second later, from a thread of
 * its own, once it notices its server gone: no signal, no atexit, so the
 * rank's last line is there only if it stopped before.  The kernel sends
 * the signal the moment the launcher (mpirun, or the daemon that started
 * the rank on another host) exits, once for each of its threads the rank
 * is handed to as they end: SIGCONT, whose handler is reset after the
 * first and whose default does nothing, not SIGTERM, whose second
 * delivery would kill the rank before its last line.  Only with more than
 * one rank: a rank alone may have been started by a shell, whose end it
 * may outlive (nohup).  launcher: the parent at start, gone already if it
 * changed.
 */
static void stop_with_launcher(pid_t launcher, int ranks)
{
	if (ranks > 1 && prctl(PR_SET_PDEATHSIG, SIGCONT) == 0 && getppid() != launcher)
		raise(SIGCONT);
}

int main(int argc, char **argv)
{
	static struct run r;
	pid_t launcher = getppid();
	if (mpi_options_early(argc, argv))
		return fflush(stdout) != 0 || ferror(stdout);
	MPI_Init(&argc, &argv);
	r.comm = MPI_COMM_NULL;
	world_init(&r.w);
	int rc = mpi_options_parse(argc, argv, &r.mo, &r.opt, r.w.rank);
	if (rc == MPI_OPTIONS_RUN) {
		snprintf(r.prog, sizeof r.prog, "collect-mpi: rank %d", r.w.rank);
		r.opt.prog = r.prog;
		r.opt.open_kernel = open_kernel;
		r.opt.open_kernel_arg = &r;
		r.kind = msg_kind_of(r.opt.kernel);
		if (r.opt.list_clocks) {
			rc = mpi_list_clocks(&r.w, stdout, r.opt.clock_given ? r.opt.clock : NULL);
		} else if ((rc = check_usage(&r)) == 0) {
			if (r.opt.output != NULL)
				r.opt.output = r.output;
			if (r.opt.cpu < 0)
				r.opt.cpu = world_cpu(&r.w);
			assign_roles(&r);
			stop_signals_install(on_signal);
			/* mpirun ends a job it is told to end (SIGINT,
			 * SIGTERM) by sending each rank SIGCONT, SIGTERM a
			 * second later and SIGKILL a second after that (Open
			 * MPI 4.1, measured); meanwhile the MPI library, its
			 * daemon gone, may end the rank by itself (exit_group,
			 * no signal) before SIGTERM: 2 streams of 16 had no
			 * last line.  So SIGCONT stops a rank too (one stopped
			 * and continued by hand ends as well). */
			stop_signal_add(SIGCONT, on_signal);
			stop_with_launcher(launcher, r.w.ranks);
			rc = collect_rank(&r);
		}
	} else {
		rc = rc == MPI_OPTIONS_DONE ? 0 : 2;
	}
	if (r.comm != MPI_COMM_NULL)
		MPI_Comm_free(&r.comm);
	MPI_Finalize();
	return rc;
}
