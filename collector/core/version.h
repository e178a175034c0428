/*
 * version.h - the version of this build: the project's version and the
 * commit it was built from ("0.1.0 (626a3e1)", "+" when the tree had
 * changes), made by meson's vcs_tag at build time.  Programs print it with
 * --version and write it in the stream's generator key; libsubtick returns
 * it from subtick_version().  The library's own version, that of its ABI,
 * is another number: --version says both.
 */
#ifndef SUBTICK_CORE_VERSION_H
#define SUBTICK_CORE_VERSION_H

extern const char build_version[];
/* libsubtick's version, its ABI's ("1.3.0": subtick(3), VERSIONS). */
extern const char subtick_library_version[];

#endif /* SUBTICK_CORE_VERSION_H */
