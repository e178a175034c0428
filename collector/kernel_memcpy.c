/*
 * kernel_memcpy.c - copy n bytes between two buffers allocated once for the
 * largest n and warmed (Krutar: "declaring all buffers to be of some large
 * fixed size makes any cost related to the buffer size constant").
 */
#include "kernel.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct memcpy_buffers {
	unsigned char *src;
	unsigned char *dst;
};

enum { BUFFER_ALIGN = 64 };

static uint64_t physical_memory_bytes(void)
{
	long pages = -1, size = sysconf(_SC_PAGESIZE);
#if defined(HAVE_SC_PHYS_PAGES)
	pages = sysconf(_SC_PHYS_PAGES);
#endif
	if (pages <= 0 || size <= 0)
		return UINT64_C(1) << 30;
	return (uint64_t)pages * (uint64_t)size;
}

/* Two buffers of n bytes may take at most half of the machine's memory. */
uint64_t kernel_memcpy_limit(void)
{
	return physical_memory_bytes() / 4;
}

/* The automatic plan keeps both buffers within half the L2 cache, so that
 * the cost per byte is that of one memory level. */
uint64_t kernel_memcpy_auto_max(void)
{
	long l2 = -1;
#if defined(HAVE_SC_LEVEL2_CACHE_SIZE)	/* glibc; musl has no such name */
	l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
	if (l2 <= 0)
		l2 = 256 * 1024;
	return (uint64_t)l2 / 4;
}

int kernel_memcpy_setup(uint64_t n_max, void **ctx)
{
	if (n_max > kernel_memcpy_limit())
		return -1;
	size_t size = (size_t)n_max + BUFFER_ALIGN;
	size -= size % BUFFER_ALIGN;
	struct memcpy_buffers *b = malloc(sizeof *b);
	if (b == NULL)
		return -1;
	b->src = aligned_alloc(BUFFER_ALIGN, size);
	b->dst = aligned_alloc(BUFFER_ALIGN, size);
	if (b->src == NULL || b->dst == NULL) {
		free(b->src);
		free(b->dst);
		free(b);
		return -1;
	}
	/* Touch every page (no first-touch faults while timing) and leave
	 * the data in cache as far as it fits. */
	for (size_t i = 0; i < size; i++)
		b->src[i] = (unsigned char)(i * 131u + 7u);
	memset(b->dst, 0, size);
	memcpy(b->dst, b->src, size);
	*ctx = b;
	return 0;
}

void kernel_memcpy_run(uint64_t n, void *ctx)
{
	struct memcpy_buffers *b = ctx;
	memcpy(b->dst, b->src, (size_t)n);
	subtick_keep_memory(b->dst);
}

void kernel_memcpy_teardown(void *ctx)
{
	struct memcpy_buffers *b = ctx;
	free(b->src);
	free(b->dst);
	free(b);
}
