/*
 * follow.h - analyze --follow: read a stream as it grows, report the line
 * of what came so far every second on stderr, and hand the whole of it to
 * the analysis once it ends (follow.c).
 */
#ifndef SUBTICK_FOLLOW_H
#define SUBTICK_FOLLOW_H

#include <stddef.h>

#include "analysis.h"

/*
 * Follow s->files[0] (or stdin) until the stream's last line, a pipe's
 * end, or SIGINT/SIGTERM/SIGHUP; then make stdin a copy of every line
 * read and point s->files at it (s->stdin_name: the file's name for
 * messages).
 * Returns 0, or -1 with msg.
 */
int follow_input(struct analysis_settings *s, char *msg, size_t msg_len);

#endif /* SUBTICK_FOLLOW_H */
