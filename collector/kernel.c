/*
 * kernel.c - find a kernel by name or in a shared object, set it up and
 * tear it down.
 */
#include "kernel.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

struct builtin {
	const char *name;
	subtick_kernel_fn *run;
	subtick_setup_fn *setup;
	subtick_teardown_fn *teardown;
	uint64_t (*limit)(void);
	uint64_t (*auto_max)(void);
	const char *per;	/* what one unit of N is (header key per) */
	int no_regimes;		/* touches no memory: no cache level to cross */
};

static const struct builtin builtins[] = {
	{ "count", kernel_count_run, NULL, NULL, NULL, NULL, "iterations", 1 },
	{ "memcpy", kernel_memcpy_run, kernel_memcpy_setup,
	  kernel_memcpy_teardown, kernel_memcpy_limit,
	  kernel_memcpy_auto_max, "bytes", 0 },
};

const char *kernel_builtin_names(void)
{
	return "count, memcpy";
}

static int open_builtin(const struct builtin *b, struct kernel *k)
{
	k->run = b->run;
	k->setup = b->setup;
	k->teardown = b->teardown;
	k->n_limit = b->limit ? b->limit() : UINT64_MAX;
	k->n_auto_max = b->auto_max ? b->auto_max() : UINT64_MAX;
	k->per = b->per;
	k->no_regimes = b->no_regimes;
	return 0;
}

/* dlsym for a function: POSIX allows the conversion from void *. */
static void *lookup(void *lib, const char *symbol, const char *suffix)
{
	char name[512];
	if (snprintf(name, sizeof name, "%s%s", symbol, suffix) >=
	    (int)sizeof name)
		return NULL;
	dlerror();
	return dlsym(lib, name);
}

/* The file the loader took (it may have searched for a name without a
 * slash), else path. */
static void note_library_file(struct kernel *k, const char *path)
{
	struct link_map *lm = NULL;
	struct stat st;
	const char *file = dlinfo(k->library, RTLD_DI_LINKMAP, &lm) == 0 && lm != NULL &&
			   lm->l_name != NULL && lm->l_name[0] != '\0' ? lm->l_name : path;
	if (stat(file, &st) == 0) {
		k->library_known = 1;
		k->library_dev = st.st_dev;
		k->library_ino = st.st_ino;
	}
}

static int open_user(const char *spec, struct kernel *k, char *err,
		     size_t err_len)
{
	const char *colon = strrchr(spec, ':');
	char path[512];
	size_t path_len = (size_t)(colon - spec);
	const char *symbol = colon + 1;

	if (path_len == 0 || *symbol == '\0' || path_len >= sizeof path) {
		snprintf(err, err_len,
			 "--kernel '%s': expected FILE.so:SYMBOL", spec);
		return -1;
	}
	memcpy(path, spec, path_len);
	path[path_len] = '\0';
	k->library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (k->library == NULL) {
		snprintf(err, err_len, "--kernel '%s': cannot load %s: %s",
			 spec, path, dlerror());
		return -1;
	}
	note_library_file(k, path);
	*(void **)&k->run = lookup(k->library, symbol, "");
	if (k->run == NULL) {
		snprintf(err, err_len, "--kernel '%s': no symbol '%s' in %s",
			 spec, symbol, path);
		return -1;
	}
	*(void **)&k->setup = lookup(k->library, symbol, "_setup");
	*(void **)&k->teardown = lookup(k->library, symbol, "_teardown");
	*(void **)&k->setup_arg = lookup(k->library, symbol, "_setup_arg");
	*(void **)&k->before = lookup(k->library, symbol, "_before");
	*(void **)&k->check = lookup(k->library, symbol, "_check");
	*(void **)&k->result = lookup(k->library, symbol, "_result");
	k->n_limit = UINT64_MAX;
	k->n_auto_max = UINT64_MAX;
	k->per = NULL;
	return 0;
}

int kernel_open(const char *spec, struct kernel *k, char *err, size_t err_len)
{
	*k = (struct kernel){ 0 };
	snprintf(k->name, sizeof k->name, "%s", spec);
	for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
		if (strcmp(spec, builtins[i].name) == 0)
			return open_builtin(&builtins[i], k);
	if (strchr(spec, ':') == NULL) {
		snprintf(err, err_len,
			 "unknown kernel '%s' (built-in: %s; or FILE.so:SYMBOL)",
			 spec, kernel_builtin_names());
		return -1;
	}
	if (open_user(spec, k, err, err_len) != 0) {
		kernel_close(k);
		return -1;
	}
	return 0;
}

int kernel_setup(struct kernel *k, uint64_t n_max, char *err, size_t err_len)
{
	kernel_teardown(k);
	k->ctx = k->fixed_ctx;
	int rc = k->fixed_ctx != NULL ? 0 : k->setup_arg != NULL ? k->setup_arg(n_max, k->arg, &k->ctx)
	       : k->setup != NULL ? k->setup(n_max, &k->ctx) : 0;
	if (rc != 0) {
		snprintf(err, err_len,
			 "kernel %s: setup for n up to %llu failed", k->name,
			 (unsigned long long)n_max);
		return -1;
	}
	k->ready = 1;
	return 0;
}

void kernel_teardown(struct kernel *k)
{
	if (k->ready && k->teardown != NULL)
		k->teardown(k->ctx);
	k->ready = 0;
	k->ctx = k->fixed_ctx;
}

void kernel_close(struct kernel *k)
{
	kernel_teardown(k);
	if (k->fixed_teardown != NULL && k->fixed_ctx != NULL)
		k->fixed_teardown(k->fixed_ctx);
	k->fixed_ctx = NULL;
	if (k->library != NULL)
		dlclose(k->library);
	k->library = NULL;
}
