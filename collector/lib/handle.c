/*
 * handle.c - pages never reused, a fork mark, a busy flag (handle.h).
 */
#include "handle.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

/* "subtick1" and "closed!!": any other value is no handle of ours. */
#define HANDLE_LIVE 0x316b636974627573ull
#define HANDLE_CLOSED 0x21216465736f6c63ull

void *handle_new(size_t size)
{
	long page = sysconf(_SC_PAGESIZE);
	if (page <= 0 || size > (size_t)page) {
		errno = EINVAL;
		return NULL;
	}
	size_t bytes = 2 * (size_t)page;
	char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	struct handle *h = (struct handle *)p;
	char *mark = p + page;
	*mark = 1;
	h->alive = NULL;
#ifdef MADV_WIPEONFORK
	if (madvise(mark, (size_t)page, MADV_WIPEONFORK) == 0)
		h->alive = mark;
#endif
	h->pid = getpid();
	h->pages_bytes = bytes;
	atomic_init(&h->state, 0);
	atomic_init(&h->busy, 0);
	return h;
}

void handle_set_live(struct handle *h)
{
	atomic_store_explicit(&h->state, HANDLE_LIVE, memory_order_release);
}

void handle_set_closed(struct handle *h)
{
	atomic_store_explicit(&h->state, HANDLE_CLOSED, memory_order_release);
}

static int same_process(const struct handle *h)
{
	return h->alive != NULL ? *h->alive != 0 : getpid() == h->pid;
}

int handle_live(const struct handle *h)
{
	return h != NULL &&
	       atomic_load_explicit(&h->state, memory_order_acquire) == HANDLE_LIVE &&
	       same_process(h);
}

int handle_closed(const struct handle *h)
{
	return h != NULL &&
	       atomic_load_explicit(&h->state, memory_order_acquire) == HANDLE_CLOSED;
}

int handle_in_child(const struct handle *h)
{
	return h != NULL &&
	       atomic_load_explicit(&h->state, memory_order_acquire) == HANDLE_LIVE &&
	       !same_process(h);
}

int handle_enter(struct handle *h)
{
	if (h == NULL || atomic_load_explicit(&h->state, memory_order_acquire) != HANDLE_LIVE)
		return EINVAL;
	if (!same_process(h))
		return EPERM;
	if (atomic_exchange_explicit(&h->busy, 1, memory_order_acquire) != 0)
		return EBUSY;
	/* closed by another thread between the first look and the flag */
	if (atomic_load_explicit(&h->state, memory_order_relaxed) != HANDLE_LIVE) {
		handle_leave(h);
		return EINVAL;
	}
	return 0;
}

void handle_leave(struct handle *h)
{
	atomic_store_explicit(&h->busy, 0, memory_order_release);
}

void handle_free(struct handle *h)
{
	if (h != NULL)
		munmap(h, h->pages_bytes);
}
