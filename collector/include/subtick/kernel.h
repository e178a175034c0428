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
 * Two more, optional, so that collect times only a kernel that computes
 * the right thing (Herrero & Navarro's oracle):
 *   int  NAME_check(uint64_t n, void *ctx);
 *   int  NAME_result(void *ctx, const void **data, size_t *bytes);
 * Before it times anything, collect calls NAME(n, ctx) untimed (after
 * NAME_before) at the smallest, the largest and a few random n of its
 * plan, and after each call NAME_check(n, ctx): 0 when the result of that
 * call is right (the kernel's own oracle: a closed form, a slow reference,
 * a property), anything else to stop the collection before anything is
 * timed (exit 1, naming the kernel and n).  After the sampling it checks
 * once more, at the largest n (a failure ends the stream with stop=check).
 * NAME_result points *data at the result of the last call and sets *bytes
 * to its size; it returns SUBTICK_RESULT_BYTES (compared byte for byte)
 * or SUBTICK_RESULT_DOUBLES (bytes / 8 doubles, compared within collect
 * --check-tolerance REL of the largest magnitude among them; NaN matches
 * NaN only), or -1 when there is no result.  With two kernels
 * (--kernel A --kernel B), when both have NAME_result, collect compares
 * B's result with A's at each of those n: "B is 2x faster" is then not
 * "B is broken".  The stream's header key `checked` says what was checked.
 * These are checks at a few n, not a proof: a bug that shows only at
 * other n passes them.
 *
 * NAME must do the same work for the same n every time, and its result must
 * be used, or the compiler may delete the work: pass the result to
 * subtick_keep_u64() or the buffer to subtick_keep_memory().
 *
 * C++: the header declares everything extern "C", and SUBTICK_KERNEL(NAME)
 * gives NAME and its companions C linkage, so collect finds them by name.
 *
 * Build: cc -O2 -shared -fPIC $(pkg-config --cflags subtick) -o libmine.so mine.c
 * (or -I DIR, DIR the folder that holds subtick/kernel.h)
 *        (c++ for a kernel in C++)
 */
#ifndef SUBTICK_KERNEL_H
#define SUBTICK_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#define SUBTICK_EXTERN_C extern "C"
#else
#define SUBTICK_EXTERN_C
#endif

/* 2: NAME_check and NAME_result. */
#define SUBTICK_KERNEL_API 2

/* What NAME_result returns: how collect compares two kernels' results. */
#define SUBTICK_RESULT_BYTES 0
#define SUBTICK_RESULT_DOUBLES 1

typedef void subtick_kernel_fn(uint64_t n, void *ctx);
typedef int subtick_setup_fn(uint64_t n_max, void **ctx);
typedef void subtick_teardown_fn(void *ctx);
typedef int subtick_setup_arg_fn(uint64_t n_max, const char *arg, void **ctx);
typedef void subtick_before_fn(uint64_t n, void *ctx);
typedef int subtick_check_fn(uint64_t n, void *ctx);
typedef int subtick_result_fn(void *ctx, const void **data, size_t *bytes);

/* Declares NAME and its companions (NAME_setup, NAME_teardown,
 * NAME_setup_arg, NAME_before, NAME_check, NAME_result) with the right
 * types and C linkage, so the compiler checks the definitions that follow
 * (define only those you need):  SUBTICK_KERNEL(mine); */
#define SUBTICK_KERNEL(name)                                                  \
	SUBTICK_EXTERN_C subtick_kernel_fn name;                              \
	SUBTICK_EXTERN_C subtick_setup_fn name##_setup;                       \
	SUBTICK_EXTERN_C subtick_teardown_fn name##_teardown;                 \
	SUBTICK_EXTERN_C subtick_setup_arg_fn name##_setup_arg;               \
	SUBTICK_EXTERN_C subtick_before_fn name##_before;                     \
	SUBTICK_EXTERN_C subtick_check_fn name##_check;                       \
	SUBTICK_EXTERN_C subtick_result_fn name##_result

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

#ifdef __cplusplus
}
#endif

#endif /* SUBTICK_KERNEL_H */
