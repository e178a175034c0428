/*
 * hyperfine.h - hyperfine's --export-json of a --parameter-scan, or of a
 * --parameter-list of numbers, as samples: N is the parameter's value
 * (decimals made whole, hyperfine.c), a sample
 * one run's wall time (times[]), in ns.  Runs whose exit code is not 0
 * (exit_codes[], with --ignore-failure), or that a signal ended (null),
 * are left out and counted.
 *
 * Each result's command is the template with the value written in;
 * results of one template form one benchmark, named by the template with
 * {NAME} where the value was ("mytool {N}").  Several commands scanned at
 * once are several benchmarks, never pooled: --column TEMPLATE picks one,
 * and without it the error lists them.
 */
#ifndef SUBTICK_HYPERFINE_H
#define SUBTICK_HYPERFINE_H

#include <json-c/json.h>

#include "foreign_util.h"

/* The results array of a parsed JSON document.  Returns 0, or -1. */
int hyperfine_json(json_object *root, struct foreign_job *j);

#endif /* SUBTICK_HYPERFINE_H */
