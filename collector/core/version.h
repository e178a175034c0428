/*
 * version.h - the version of this build: the project's version and the
 * commit it was built from ("0.1.0 (626a3e1)", "+" when the tree had
 * changes), made by meson's vcs_tag at build time.
 */
#ifndef SUBTICK_LIB_VERSION_H
#define SUBTICK_LIB_VERSION_H

extern const char subtick_version[];

#endif /* SUBTICK_LIB_VERSION_H */
