/*
 * exec_check.h - collect --check-output: two commands (A and B) compute the
 * same thing before either is timed.
 *
 * "B is 2x faster" means nothing if B is broken (Herrero & Navarro run an
 * oracle beside the code under test and refuse to time a code whose
 * results differ).  At the plan's smallest and largest N and at
 * EXEC_CHECK_RANDOM more drawn from the rest, A and B run untimed (each
 * after its --prepare) and their standard outputs are compared byte for
 * byte: A's is kept in an unlinked file under $TMPDIR (any size), B's is
 * compared with it as it comes.
 */
#ifndef SUBTICK_EXEC_CHECK_H
#define SUBTICK_EXEC_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"
#include "plan.h"

enum { EXEC_CHECK_RANDOM = 3 };

/* Returns 0 with what was checked in `checked` ("output at N=1,...");
 * 1 when the stop flag ended a run; -1 with a message in err (the N and
 * both commands when their outputs differ; a command that failed). */
int exec_check_output(struct kernel *a, struct kernel *b, const struct plan *p,
		      uint64_t seed, char *checked, size_t checked_len,
		      char *err, size_t err_len);

#endif /* SUBTICK_EXEC_CHECK_H */
