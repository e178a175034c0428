/*
 * handle.h - a recorder's handle, made so that misuse is refused rather
 * than undefined.
 *
 * The handle lives in pages of its own that are never given back: after
 * subtick_close the caller's pointer still points at a readable handle
 * marked closed, so a second close or any later call is refused (EINVAL)
 * instead of reading freed memory.  That costs two pages (8 KB) per
 * recorder ever opened (a recorder takes a second to open: a program opens
 * few).  A second page is wiped in a child after fork
 * (MADV_WIPEONFORK), so that a call in the child knows, without a system
 * call, that the recorder is its parent's (where the kernel lacks it, the
 * process id is compared).  A flag taken with an atomic exchange keeps two
 * threads from being inside calls on one recorder at once (EBUSY).
 */
#ifndef SUBTICK_HANDLE_H
#define SUBTICK_HANDLE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct handle {
	_Atomic uint64_t state;	/* HANDLE_LIVE while open */
	atomic_int busy;	/* a call is inside */
	const volatile char *alive;	/* nonzero in the opening process;
					 * NULL: compare pid */
	pid_t pid;
	size_t pages_bytes;	/* what was mapped */
};

/* Zeroed memory of size bytes (at most a page) beginning with a struct
 * handle, not yet live; NULL with errno when it cannot be mapped. */
void *handle_new(size_t size);

void handle_set_live(struct handle *h);

/* Marked closed: every later handle_enter refuses it (EINVAL). */
void handle_set_closed(struct handle *h);

/* 1 if h is open and this is the process that opened it. */
int handle_live(const struct handle *h);

/* 1 once handle_set_closed. */
int handle_closed(const struct handle *h);

/* 1 in a child (after fork) of the process that opened h. */
int handle_in_child(const struct handle *h);

/* Enter a call on h: 0 when h is open, of this process, and no other call
 * is inside (then handle_leave is due); else an errno: EINVAL (NULL or
 * closed), EPERM (a child's copy), EBUSY (another thread is inside). */
int handle_enter(struct handle *h);
void handle_leave(struct handle *h);

/* Give the pages back: only for a handle never handed out, or one closed
 * that nothing will use again (recorder_unreserve). */
void handle_free(struct handle *h);

#endif /* SUBTICK_HANDLE_H */
