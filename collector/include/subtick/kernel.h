/*
 * subtick/kernel.h - the interface of a user kernel for `collect`.
 *
 * A kernel is code whose cost grows linearly with a parameter n: it does n
 * units of work.  `collect --kernel ./libmine.so:mine` loads the shared
 * object, looks up the symbol `mine` and times calls to it at many n.
 *
 * Symbols, for a kernel named NAME (SUBTICK_KERNEL(NAME); declares them):
 *
 *   void NAME(uint64_t n, void *ctx);                 required
 *   int  NAME_setup(uint64_t n_max, void **ctx);      optional
 *   void NAME_teardown(void *ctx);                    optional
 *
 * NAME_setup is called once, outside any timed region, with the largest n
 * the collection will use; it allocates and warms whatever the kernel needs
 * and stores a pointer in *ctx.  It returns 0 on success and any other value
 * on failure (collect then stops with an error).  NAME gets that pointer on
 * every call (NULL when there is no NAME_setup).  NAME_teardown frees it.
 * collect may call setup and teardown more than once (it probes the kernel
 * with small n before choosing the plan), always in pairs.
 *
 * Two more, optional:
 *   int  NAME_setup_arg(uint64_t n_max, const char *arg, void **ctx);
 *   void NAME_before(uint64_t n, void *ctx);
 * NAME_setup_arg is called instead of NAME_setup when it exists, with the
 * string of `collect --kernel-arg STRING` (NULL without one): a size, a
 * seed, a file to read.  NAME_before is called before every timed call of
 * NAME, outside the timed region: to restore an input the kernel destroys
 * (the array a sort sorted), or to evict a cache on purpose.
 *
 * NAME must do the same work for the same n every time, and its result must
 * be used, or the compiler may delete the work: pass the result to
 * subtick_keep_u64() or the buffer to subtick_keep_memory().
 *
 * Build: cc -O2 -shared -fPIC -I/usr/local/include -o libmine.so mine.c
 */
#ifndef SUBTICK_KERNEL_H
#define SUBTICK_KERNEL_H

#include <stdint.h>

#define SUBTICK_KERNEL_API 1

typedef void subtick_kernel_fn(uint64_t n, void *ctx);
typedef int subtick_setup_fn(uint64_t n_max, void **ctx);
typedef void subtick_teardown_fn(void *ctx);
typedef int subtick_setup_arg_fn(uint64_t n_max, const char *arg, void **ctx);
typedef void subtick_before_fn(uint64_t n, void *ctx);

/* Declares NAME, NAME_setup, NAME_teardown, NAME_setup_arg and NAME_before
 * with the right types, so the compiler checks the definitions that
 * follow (define only those you need):  SUBTICK_KERNEL(mine); */
#define SUBTICK_KERNEL(name)                                                  \
	subtick_kernel_fn name;                                               \
	subtick_setup_fn name##_setup;                                        \
	subtick_teardown_fn name##_teardown;                                  \
	subtick_setup_arg_fn name##_setup_arg;                                \
	subtick_before_fn name##_before

#if defined(__GNUC__) || defined(__clang__)
/* Make the compiler believe the value is read, so the work that made it
 * cannot be removed.  Emits no instruction. */
static inline void subtick_keep_u64(uint64_t v)
{
	__asm__ volatile("" : : "r"(v));
}

/* Make the compiler believe the memory behind p is read and written. */
static inline void subtick_keep_memory(const void *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}
#else
static inline void subtick_keep_u64(uint64_t v)
{
	volatile uint64_t sink = v;
	(void)sink;
}

static inline void subtick_keep_memory(const void *p)
{
	const void *volatile sink = p;
	(void)sink;
}
#endif

#endif /* SUBTICK_KERNEL_H */
