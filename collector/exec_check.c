/*
 * exec_check.c - A's and B's standard outputs compared before timing
 * (exec_check.h).
 */
#include "exec_check.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kernel_exec.h"
#include "tempfile.h"

struct compare {
	int fd;			/* A's output, an unlinked file */
	uint64_t a_len;		/* its bytes */
	uint64_t b_len;		/* B's bytes so far */
	uint64_t differ;	/* the first byte where they differ (from 0;
				 * said from 1, as cmp does), or UINT64_MAX */
	int error;		/* errno of a failed write or read */
};

static void keep_a(const char *data, size_t len, void *arg)
{
	struct compare *c = arg;
	while (len > 0 && c->error == 0) {
		ssize_t k = pwrite(c->fd, data, len, (off_t)c->a_len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			c->error = k < 0 ? errno : EIO;
			return;
		}
		c->a_len += (uint64_t)k, data += k, len -= (size_t)k;
	}
}

static void compare_b(const char *data, size_t len, void *arg)
{
	struct compare *c = arg;
	char buf[16384];
	while (len > 0 && c->differ == UINT64_MAX && c->error == 0) {
		if (c->b_len >= c->a_len) {	/* B's is longer */
			c->differ = c->b_len;
			break;
		}
		size_t want = len < sizeof buf ? len : sizeof buf;
		if (want > c->a_len - c->b_len)
			want = (size_t)(c->a_len - c->b_len);
		ssize_t k = pread(c->fd, buf, want, (off_t)c->b_len);
		if (k <= 0) {
			c->error = k < 0 ? errno : EIO;
			return;
		}
		const char *at = NULL;	/* where B first differs */
		for (ssize_t i = 0; i < k && at == NULL; i++)
			if (buf[i] != data[i])
				at = data + i;
		if (at != NULL) {
			c->differ = c->b_len + (uint64_t)(at - data);
			break;
		}
		c->b_len += (uint64_t)k, data += k, len -= (size_t)k;
	}
	c->b_len += len;	/* the rest, past the difference */
}

/* The N to check, ascending: the smallest, the largest and up to
 * EXEC_CHECK_RANDOM others drawn with splitmix64 from seed. */
static size_t pick(const struct plan *p, uint64_t seed, uint64_t out[])
{
	size_t lo = 0, hi = 0, k = 0;
	if (p->count <= 2 + EXEC_CHECK_RANDOM) {
		memcpy(out, p->n, p->count * sizeof *out);
		k = p->count;
	} else {
		for (size_t i = 1; i < p->count; i++) {
			lo = p->n[i] < p->n[lo] ? i : lo;
			hi = p->n[i] > p->n[hi] ? i : hi;
		}
		size_t idx[2 + EXEC_CHECK_RANDOM] = { lo, hi };
		for (k = 2; k < 2 + EXEC_CHECK_RANDOM; ) {
			uint64_t z = (seed += 0x9e3779b97f4a7c15u);
			z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
			z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
			size_t i = (size_t)((z ^ (z >> 31)) % p->count), j = 0;
			while (j < k && idx[j] != i)
				j++;
			if (j == k)
				idx[k++] = i;
		}
		for (size_t i = 0; i < k; i++)
			out[i] = p->n[idx[i]];
	}
	for (size_t i = 1; i < k; i++)	/* insertion sort: k <= 5 */
		for (size_t j = i; j > 0 && out[j - 1] > out[j]; j--) {
			uint64_t t = out[j];
			out[j] = out[j - 1], out[j - 1] = t;
		}
	return k;
}

/* A and B at n: 0 alike, 1 stopped, -1 with a message. */
static int check_one(struct kernel *a, struct kernel *b, uint64_t n,
		     struct compare *c, char *err, size_t err_len)
{
	char why[1024];
	if (ftruncate(c->fd, 0) != 0)
		c->error = errno;
	c->a_len = c->b_len = 0;
	c->differ = UINT64_MAX;
	int rc = c->error ? -1 : kernel_exec_output(a, n, keep_a, c, why, sizeof why);
	if (rc == 0 && c->error == 0)
		rc = kernel_exec_output(b, n, compare_b, c, why, sizeof why);
	if (c->error) {
		snprintf(err, err_len, "--check-output: cannot keep A's output: %s",
			 strerror(c->error));
		return -1;
	}
	if (rc != 0) {
		if (rc < 0)
			snprintf(err, err_len, "--check-output: %s", why);
		return rc;
	}
	if (c->differ == UINT64_MAX && c->b_len != c->a_len)
		c->differ = c->b_len;	/* B's is a prefix of A's */
	if (c->differ == UINT64_MAX)
		return 0;
	snprintf(err, err_len,
		 "--check-output: at N=%llu, A (%s) and B (%s) write different output, from byte %llu on (A wrote %llu bytes, B %llu): nothing was timed",
		 (unsigned long long)n, a->name, b->name, (unsigned long long)c->differ + 1,
		 (unsigned long long)c->a_len, (unsigned long long)c->b_len);
	return -1;
}

int exec_check_output(struct kernel *a, struct kernel *b, const struct plan *p,
		      uint64_t seed, char *checked, size_t checked_len,
		      char *err, size_t err_len)
{
	uint64_t n[2 + EXEC_CHECK_RANDOM];
	size_t count = pick(p, seed, n);
	struct compare c = { .fd = tempfile_open("subtick-check") };
	if (c.fd < 0) {
		snprintf(err, err_len, "--check-output: cannot make a file for A's output in %s: %s",
			 tempfile_dir(), strerror(errno));
		return -1;
	}
	int rc = 0;
	size_t at = (size_t)snprintf(checked, checked_len, "output at N=");
	for (size_t i = 0; i < count && rc == 0; i++) {
		rc = check_one(a, b, n[i], &c, err, err_len);
		if (at < checked_len)
			at += (size_t)snprintf(checked + at, checked_len - at, "%s%llu",
					       i ? "," : "", (unsigned long long)n[i]);
	}
	if (at < checked_len)
		snprintf(checked + at, checked_len - at, " (stdout of A and B, byte for byte)");
	close(c.fd);
	return rc;
}
