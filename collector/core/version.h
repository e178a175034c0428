/*
 * version.h - the version of this build: the project's version, which is
 * libsubtick's too (meson.build), and the commit it was built from
 * ("1.5.0 (626a3e1)", "+" when the tree had changes), made by meson's
 * vcs_tag at build time.  Programs print it with --version and write it in
 * the stream's generator key; libsubtick returns it from subtick_version().
 */
#ifndef SUBTICK_CORE_VERSION_H
#define SUBTICK_CORE_VERSION_H

extern const char build_version[];

#endif /* SUBTICK_CORE_VERSION_H */
