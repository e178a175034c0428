/*
 * lanes.h - two doubles taken through the same arithmetic side by side
 * (GCC's and clang's vector extensions: SIMD where the machine has it,
 * the scalar operations in turn where not).
 *
 * Each lane's operations are IEEE operations of their own, the same ones
 * a scalar loop would take in the same order: a search that runs two of
 * its steps in two lanes gives, bit for bit, what it gave one step at a
 * time (on a machine that contracts a * b + c into one rounding, each
 * form as the compiler chose it).
 */
#ifndef SUBTICK_LANES_H
#define SUBTICK_LANES_H

#include <stdint.h>

typedef double lanes2 __attribute__((vector_size(2 * sizeof(double))));
typedef int64_t lanes2_mask __attribute__((vector_size(2 * sizeof(int64_t))));

/* x in every lane. */
static inline lanes2 lanes_all(double x)
{
	return (lanes2){ x, x };
}

/* a where the mask (a comparison's: all ones or all zeros) is set, b
 * elsewhere, the bits of each taken as they are. */
static inline lanes2 lanes_select(lanes2_mask m, lanes2 a, lanes2 b)
{
	return (lanes2)(((lanes2_mask)a & m) | ((lanes2_mask)b & ~m));
}

/* floor(x) in each lane, libm's bit for bit: below 2^52 in size, adding
 * and taking away 2^52 (of x's sign) rounds x to a whole number (the
 * doubles' step there is 1), one less where that went up; a whole x
 * (from 2^52 every double is one, and -0) stays as it is, as NaN does. */
static inline lanes2 lanes_floor(lanes2 x)
{
	const lanes2 big = lanes_all(0x1p52), one = lanes_all(1), zero = lanes_all(0);
	lanes2 c = lanes_select(x < zero, -big, big);
	lanes2 r = (x + c) - c;
	r -= lanes_select(r > x, one, zero);
	return lanes_select((x < big) & (x > -big) & (r != x), r, x);
}

/* Four lanes, for the loops that take four at a time: built for AVX2
 * beside the base instructions where the compiler can (LANES_CLONES on
 * the function), the four in one instruction there, in two of two
 * elsewhere, the same IEEE operations in each lane either way (AVX2
 * alone enables no FMA contraction).  No function takes or gives four
 * lanes (that would change the ABI between the two builds): L4 and
 * L4_SELECT are lanes_all and lanes_select, four wide. */
typedef double lanes4 __attribute__((vector_size(4 * sizeof(double))));
typedef int64_t lanes4_mask __attribute__((vector_size(4 * sizeof(int64_t))));
#define L4(x) ((lanes4){ (x), (x), (x), (x) })
#define L4_SELECT(m, a, b) ((lanes4)(((lanes4_mask)(a) & (m)) | ((lanes4_mask)(b) & ~(m))))
/* (not under ThreadSanitizer: the clones' resolver runs before its
 * runtime is ready, and the program crashed before main) */
#if defined(__SANITIZE_THREAD__)
#define LANES_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LANES_TSAN 1
#endif
#endif
#if defined(__x86_64__) && defined(__has_attribute) && !defined(LANES_TSAN)
#if __has_attribute(target_clones)
#define LANES_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef LANES_CLONES
#define LANES_CLONES
#endif

#endif /* SUBTICK_LANES_H */
