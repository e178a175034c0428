/*
 * outfile.c - complete files or none (outfile.h).
 */
#include "outfile.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outpath.h"

enum { GUARD_FILES = 8, GUARD_DIRS = 2 };

/* What the signal handler must reach (the only globals): temporaries,
 * directories and their files (one may be inside the other: the last
 * guarded is removed first), children.  A slot is filled before its flag
 * or the count is set, and released before it is reused. */
static struct {
	char file[GUARD_FILES][PATH_MAX];
	volatile sig_atomic_t file_used[GUARD_FILES];
	struct {
		char path[PATH_MAX];
		const char (*names)[OUTFILE_NAME_MAX];
		size_t names_count;
	} dir[GUARD_DIRS];
	volatile sig_atomic_t dirs;
	volatile pid_t child[OUTFILE_CHILDREN];
	int installed;
} guard;

static const int guarded_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ };

/* Only async-signal-safe calls: kill, waitpid, unlink, rmdir, sigaction,
 * raise; the paths are joined by hand. */
static void on_fatal(int sig)
{
	for (int i = 0; i < OUTFILE_CHILDREN; i++) {
		pid_t child = guard.child[i];
		if (child > 0)
			kill(child, SIGKILL);
	}
	for (int i = 0; i < OUTFILE_CHILDREN; i++) {
		pid_t child = guard.child[i];
		if (child > 0)
			waitpid(child, NULL, 0);	/* it writes nothing more */
	}
	for (int i = 0; i < GUARD_FILES; i++)
		if (guard.file_used[i])
			unlink(guard.file[i]);
	for (int j = guard.dirs - 1; j >= 0; j--) {
		char p[PATH_MAX];
		size_t d = strlen(guard.dir[j].path);
		for (size_t i = 0; i < guard.dir[j].names_count; i++) {
			size_t k = strlen(guard.dir[j].names[i]);
			if (d + 1 + k >= sizeof p)
				continue;
			memcpy(p, guard.dir[j].path, d);
			p[d] = '/';
			memcpy(p + d + 1, guard.dir[j].names[i], k + 1);
			unlink(p);
		}
		rmdir(guard.dir[j].path);
	}
	struct sigaction dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	raise(sig);	/* blocked until the handler returns, then fatal */
}

static void install(void)
{
	if (guard.installed)
		return;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof guarded_signals / sizeof guarded_signals[0]; i++)
		sigaddset(&sa.sa_mask, guarded_signals[i]);
	for (size_t i = 0; i < sizeof guarded_signals / sizeof guarded_signals[0]; i++) {
		struct sigaction old;
		/* a signal ignored when analyze started stays ignored */
		if (sigaction(guarded_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(guarded_signals[i], &sa, NULL);
	}
	guard.installed = 1;
}

static void guard_file(const char *path)
{
	install();
	for (int i = 0; i < GUARD_FILES; i++)
		if (!guard.file_used[i]) {
			snprintf(guard.file[i], sizeof guard.file[i], "%s", path);
			guard.file_used[i] = 1;
			return;
		}
}

static void unguard_file(const char *path)
{
	for (int i = 0; i < GUARD_FILES; i++)
		if (guard.file_used[i] && strcmp(guard.file[i], path) == 0)
			guard.file_used[i] = 0;
}

void outfile_guard_dir(const char *dir, const char (*names)[OUTFILE_NAME_MAX],
		       size_t count)
{
	install();
	int j = guard.dirs;
	if (j >= GUARD_DIRS)
		return;	/* cannot be: plot_all's inside figures()'s at most */
	snprintf(guard.dir[j].path, sizeof guard.dir[j].path, "%s", dir);
	guard.dir[j].names = names;
	guard.dir[j].names_count = count;
	guard.dirs = j + 1;
}

void outfile_unguard_dir(void)
{
	if (guard.dirs > 0)
		guard.dirs = guard.dirs - 1;
}

void outfile_guard_child(pid_t pid)
{
	install();
	for (int i = 0; i < OUTFILE_CHILDREN; i++)
		if (guard.child[i] <= 0) {
			guard.child[i] = pid;
			return;
		}
}

void outfile_unguard_child(pid_t pid)
{
	for (int i = 0; i < OUTFILE_CHILDREN; i++)
		if (guard.child[i] == pid)
			guard.child[i] = 0;
}

int outfile_check(const char *path, char *err, size_t err_len)
{
	return outpath_check(path, err, err_len);
}

int outfile_can_write(const char *path, int dir, char *err, size_t err_len)
{
	struct stat st;
	char trimmed[PATH_MAX];
	if (snprintf(trimmed, sizeof trimmed, "%s", path) >= (int)sizeof trimmed) {
		snprintf(err, err_len, "path too long");
		return -1;
	}
	/* a directory may be named with a slash at its end (figs/) */
	for (size_t n = strlen(trimmed); dir && n > 1 && trimmed[n - 1] == '/'; n--)
		trimmed[n - 1] = '\0';
	path = trimmed;
	if (dir && lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && stat(path, &st) != 0) {
		snprintf(err, err_len, "a symbolic link to nothing");
		return -1;
	}
	if (dir && stat(path, &st) == 0) {
		if (!S_ISDIR(st.st_mode)) {
			snprintf(err, err_len, "exists and is not a directory");
			return -1;
		}
		if (access(path, W_OK | X_OK) != 0) {
			snprintf(err, err_len, "cannot write in it: %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	if (!dir && outpath_check(path, err, err_len) != 0)
		return -1;
	/* the directory holding it: up to the last '/', or . */
	char parent[PATH_MAX];
	const char *slash = strrchr(path, '/');
	if (slash == NULL)
		snprintf(parent, sizeof parent, ".");
	else if (slash == path)
		snprintf(parent, sizeof parent, "/");
	else
		snprintf(parent, sizeof parent, "%.*s", (int)(slash - path), path);
	if (stat(parent, &st) != 0) {
		snprintf(err, err_len, "its directory %s: %s", parent, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, err_len, "%s is not a directory", parent);
		return -1;
	}
	if (access(parent, W_OK | X_OK) != 0) {
		snprintf(err, err_len, "cannot write in its directory %s: %s", parent,
			 strerror(errno));
		return -1;
	}
	/* a file of another user's in a sticky directory (/tmp) cannot be
	 * renamed over by this one, writable directory or not */
	struct stat f;
	uid_t me = geteuid();
	if (!dir && (st.st_mode & S_ISVTX) && me != 0 && lstat(path, &f) == 0 &&
	    f.st_uid != me && st.st_uid != me) {
		snprintf(err, err_len, "another user's file in a sticky directory (%s): it cannot be replaced",
			 parent);
		return -1;
	}
	return 0;
}

static int make_temp(struct outfile *o, const char *path, const char *dir,
		     char *err, size_t err_len)
{
	memset(o, 0, sizeof *o);
	if (snprintf(o->path, sizeof o->path, "%s", path) >= (int)sizeof o->path) {
		snprintf(err, err_len, "path too long");
		return -1;
	}
	sigset_t block, old;
	sigemptyset(&block);
	for (size_t i = 0; i < sizeof guarded_signals / sizeof guarded_signals[0]; i++)
		sigaddset(&block, guarded_signals[i]);
	sigprocmask(SIG_BLOCK, &block, &old);	/* made and guarded as one */
	int fd = outpath_temp(path, dir, o->tmp, sizeof o->tmp, &o->mode, err, err_len);
	if (fd >= 0)
		guard_file(o->tmp);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (fd < 0)
		o->tmp[0] = '\0';
	return fd;
}

int outfile_open(struct outfile *o, const char *path, char *err,
		 size_t err_len)
{
	int fd = make_temp(o, path, NULL, err, err_len);
	if (fd < 0)
		return -1;
	o->f = fdopen(fd, "w");
	if (o->f == NULL) {
		snprintf(err, err_len, "%s", strerror(errno));
		close(fd);
		unlink(o->tmp);
		return -1;
	}
	return 0;
}

int outfile_reserve(struct outfile *o, const char *path, const char *dir,
		    char *err, size_t err_len)
{
	int fd = make_temp(o, path, dir, err, err_len);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

int outfile_commit(struct outfile *o)
{
	int ok = 1, saved = 0;
	if (o->f != NULL) {
		if (fflush(o->f) != 0 || ferror(o->f))
			ok = 0, saved = errno ? errno : EIO;
		if (fclose(o->f) != 0 && ok)
			ok = 0, saved = errno;
		o->f = NULL;
	}
	if (ok && outpath_commit(o->tmp, o->path, o->mode) != 0)
		ok = 0, saved = errno;	/* and the temporary is gone */
	else if (!ok)
		unlink(o->tmp);
	unguard_file(o->tmp);
	if (ok)
		return 0;
	errno = saved;
	return -1;
}

void outfile_abandon(struct outfile *o)
{
	if (o->f != NULL)
		fclose(o->f);
	o->f = NULL;
	if (o->tmp[0]) {
		unguard_file(o->tmp);
		unlink(o->tmp);
	}
	o->tmp[0] = '\0';
}
