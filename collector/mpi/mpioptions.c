/*
 * mpioptions.c - collect-mpi's options: --pairs, --help, --manual and
 * --version here, the rest through collect's parser (options_parse_as).
 */
#include "mpioptions.h"
#include "help.h"
#include "helptext.h"

#include <stdlib.h>
#include <string.h>

#include "version.h"

static const char synopsis[] =
"    mpirun -n P collect-mpi [--kernel pingpong|allreduce] [OPTIONS] | analyze\n"
"    mpirun -n P collect-mpi --kernel count -o out.%r.st [OPTIONS]\n"
"    mpirun -n P collect-mpi --list-clocks\n";

void mpi_options_help(FILE *out)
{
	fputs(
"NAME\n"
"    collect-mpi - collect under MPI: message costs between ranks, or a\n"
"    kernel timed on every rank at once\n"
"\n"
"SYNOPSIS\n", out);
	fputs(synopsis, out);
	fputs(
"\n"
"DESCRIPTION\n"
"    Each rank reads its clock as collect does (the gcd tick, serialized\n"
"    reads, pinning to one CPU, the same stream format), and the ranks agree\n"
"    between stages: a rank that cannot start stops them all with its own\n"
"    message and exit status, and a rank that fails once sampling has begun\n"
"    ends the job on every rank (MPI_Abort), naming itself.\n"
"\n"
"KERNELS\n"
"    pingpong    ranks 0 and 1 exchange N bytes; rank 0 times the round\n"
"                trip and writes the stream.  Other ranks stay idle, or with\n"
"                --pairs ping-pong in pairs (2-3, 4-5, ...), each even rank\n"
"                writing its own stream.  The fit's overhead is the round\n"
"                trip's latency, its unit cost the cost of a byte there and\n"
"                back (analyze reports the one-way latency and bandwidth).\n"
"    allreduce   MPI_Allreduce of N doubles, MPI_SUM, over all ranks, after\n"
"                a barrier, timed on every rank; the stream's t is each\n"
"                run's slowest rank, and the columns rank0, rank1, ... hold\n"
"                each rank's own (analyze --column rank1), the header keys\n"
"                host_rank0, host_rank1, ... where each ran.  Ranks on\n"
"                different hosts need a clock counted in ns (--clock\n"
"                monotonic).\n"
"    count, memcpy, FILE.so:SYMBOL\n"
"                run on every rank at once, each rank writing its own\n"
"                stream (-o with %r); rank 0 plans and every rank times the\n"
"                same N.  analyze --group rank compares them.\n"
"\n"
"    Without --n or --range, a message kernel is timed at N = 0, 1, 2, 4,\n"
"    ... until a run takes 0.1 ms, and where the time steps up\n"
"    between two sizes more than the cost per byte explains (a protocol\n"
"    switch: eager to rendezvous) the sizes split into regimes.  The plan\n"
"    stays in the highest regime (where the bandwidth is) and says so on\n"
"    stderr and in the header key regimes; --range LO:HI times another.  A\n"
"    given --n or --range that spans a step gets a warning.\n"
"\n", out);
	fputs(
"OPTIONS\n"
"    --pairs               pingpong in pairs of ranks (2i, 2i+1)\n"
"    -o, --output PATTERN  the stream's file; %r becomes the rank, %% a %.\n"
"                          Needed, with %r, where several ranks write.\n"
"    --list-clocks         rank 0 prints, for every rank and clock: host,\n"
"                          CPU, the gcd tick, MPI_Wtick(), the smallest of\n"
"                          a few consecutive differences (MPICH's tick) and\n"
"                          the cost of a reading, then per host and clock\n"
"                          whether the ranks agree and where the others\n"
"                          disagree with the gcd tick\n"
"    --cpu N               pin every rank to CPU N (default: each rank to its\n"
"                          place among the ranks of its host, within its\n"
"                          affinity mask)\n"
"    -c, --clock, --coarsen, --also-clock, -k, --kernel, --kernel-arg, --n,\n"
"    --range, --geometric, -r, --runs, -b, --budget, --precision, --until,\n"
"    --max-n, --kbest, --no-priority, --seed, -q, --quiet, --force\n"
"                          as in collect(1), on every rank\n"
"    -h, --help            every option in a few lines, with its default\n"
"        --manual          this text, the manual (man collect-mpi)\n"
"    --version             the version\n"
"\n"
"STREAM\n"
"    collect's stream (data/FORMAT.md) with the header keys rank, ranks,\n"
"    host and mpi_library; a message kernel's also message_kernel, peer\n"
"    (pingpong) and regimes.\n"
"\n"
"EXIT STATUS\n"
"    0 done; 1 an error; 2 a usage error (also: fewer ranks than the\n"
"    kernel needs); 3 --until not met, as in collect (the rank's stream\n"
"    whole all the same); 128+N stopped by signal N, every stream with\n"
"    whole lines and its last line # interrupted.  A stop signal that\n"
"    reaches one rank stops them all; SIGCONT stops a rank too, since\n"
"    mpirun ending a job sends it first (then SIGTERM, then SIGKILL) and\n"
"    the MPI library may end a rank before SIGTERM comes.  A rank whose\n"
"    launcher exits (mpirun killed, or ended at once by a second SIGINT\n"
"    within 5 s, as timeout -s INT without --foreground sends) gets\n"
"    SIGCONT from the kernel; Open MPI ends it about a second later, and\n"
"    its last line is there if it stopped first.  mpirun's own status is\n"
"    not 0 when a rank's was not (Open MPI: that rank's, or 1 when mpirun\n"
"    stopped the job itself, as on Ctrl-C).\n"
"\n"
"EXAMPLES\n"
"    mpirun -n 2 collect-mpi --kernel pingpong | analyze\n"
"    mpirun -n 2 collect-mpi --kernel pingpong --range 0:2048 | analyze\n"
"    mpirun -n 4 collect-mpi --kernel allreduce --clock monotonic -o ar.st\n"
"    mpirun -n 2 collect-mpi --kernel count -o count.%r.st\n"
"    analyze --group rank count.0.st count.1.st\n"
"\n"
"SEE ALSO\n"
"    collect(1), analyze(1), subtick(3), mpirun(1)\n", out);
}

void mpi_options_brief(FILE *out)
{
	struct collect_options d = options_defaults("collect-mpi");
	help_usage(out, synopsis);
	fputs("\nTimes messages between ranks, or a kernel on every rank at once, as\n"
	      "collect does; collect's options hold on every rank.\n", out);
	help_group(out, "collect-mpi's own:");
	help_option(out, "-k, --kernel KERNEL", "pingpong: ranks 0 and 1 exchange N bytes; allreduce: MPI_Allreduce of N doubles over all ranks; or collect's, on every rank (default %s)",
		    d.kernel);
	help_option(out, "--pairs", "pingpong in pairs of ranks (2i, 2i+1), each even rank writing its own stream (default: ranks 0 and 1 only)");
	help_option(out, "-o, --output PATTERN", "the stream's file, %%r the rank, %%%% a %% (default stdout); needed, with %%r, where several ranks write");
	help_option(out, "--list-clocks", "rank 0 prints every rank's clocks: host, CPU, tick, MPI_Wtick(), read cost, and whether the ranks agree; then exit");
	help_option(out, "--cpu N", "pin every rank to CPU N (default: each rank to its place among its host's ranks)");
	help_paragraph(out, "A message kernel's automatic N: 0, 1, 2, 4 and on, doubling, until a run takes 0.1 ms; of the regimes found (eager, rendezvous), the highest.");
	collect_help_options(out, 1);
	help_last(out, "collect-mpi");
}

int mpi_options_early(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			mpi_options_brief(stdout);
			return 1;
		}
		if (strcmp(argv[i], "--manual") == 0) {
			mpi_options_help(stdout);
			return 1;
		}
		if (strcmp(argv[i], "--version") == 0) {
			printf("collect-mpi (subtick) %s\n", build_version);
			return 1;
		}
	}
	return 0;
}

int mpi_options_parse(int argc, char **argv, struct mpi_options *mo,
		      struct collect_options *o, int rank)
{
	*mo = (struct mpi_options){ 0 };
	char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
	if (rest == NULL)
		return MPI_OPTIONS_USAGE;
	int k = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (i > 0 && strcmp(a, "--") == 0) {
			while (i < argc)
				rest[k++] = argv[i++];
			break;
		}
		if (i > 0 && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0 ||
			      strcmp(a, "--manual") == 0)) {
			if (rank == 0 && strcmp(a, "--manual") == 0)
				mpi_options_help(stdout);
			else if (rank == 0)
				mpi_options_brief(stdout);
			free(rest);
			return MPI_OPTIONS_DONE;
		}
		if (i > 0 && strcmp(a, "--version") == 0) {
			if (rank == 0)
				printf("collect-mpi (subtick) %s\n", build_version);
			free(rest);
			return MPI_OPTIONS_DONE;
		}
		if (i > 0 && strcmp(a, "--pairs") == 0) {
			mo->pairs = 1;
			continue;
		}
		rest[k++] = argv[i];
	}
	rest[k] = NULL;
	FILE *err = rank == 0 ? stderr : fopen("/dev/null", "w");
	int st = err == NULL ? OPTIONS_USAGE
			     : options_parse_as("collect-mpi", k, rest, o, err);
	if (st == OPTIONS_RUN && (o->kernel2 != NULL || o->exec2 != NULL)) {
		fprintf(err, "collect-mpi: --kernel: one kernel per run (two, timed in turn, are collect's)\n");
		st = OPTIONS_USAGE;
	}
	if (st == OPTIONS_USAGE && err != NULL)
		help_usage_error(err, synopsis, "collect-mpi");
	if (err != NULL && err != stderr)
		fclose(err);
	/* o keeps pointers into argv, not into rest */
	free(rest);
	return st == OPTIONS_RUN ? MPI_OPTIONS_RUN
	       : st == OPTIONS_DONE ? MPI_OPTIONS_DONE : MPI_OPTIONS_USAGE;
}
