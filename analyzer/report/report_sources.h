/*
 * report_sources.h - the sources of interruptions (noise/sources.h), as
 * text lines and as JSON: a collection's and an activity trace's alike.
 */
#ifndef SUBTICK_REPORT_SOURCES_H
#define SUBTICK_REPORT_SOURCES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "counters.h"
#include "sources.h"

struct source_view {
	const struct sources *ss;
	const uint64_t *runs;	/* each source's events, all of them; NULL:
				 * the sample's */
	const char *stretch;	/* "run", "slice" */
	double unit_ns;		/* 0: unknown */
	double middle;		/* the collection's middle, clock units */
	const uint64_t *shared;	/* each periodic source's events that a
				 * source before explains (NULL: none) */
	double tick;		/* the kernel's tick, clock units, where its
				 * count says it ran all along; 0: not known */
	double tick_per_s;	/* its timer's count, per second */
};

/* The kernel's tick for a source_view: timer_period_ns in clock units
 * where the count c says it ran all along (counted_tick_ran), else 0. */
double source_view_tick(const struct counted *c, double timer_period_ns, double unit_ns);

/* Per second from a rate per clock unit (NAN without unit_ns). */
double source_per_s(double rate, double unit_ns);

/* A source in a few words, for a figure's title or a file's legend:
 * "every 1 ms (1000 Hz), 997.6 per second, each 20 µs". */
const char *report_source_title(char *buf, size_t len, const struct source *s, double unit_ns);

/* The i-th source in one plain line, not indented: "every 4 ms
 * (250 Hz), 19.9 µs each". */
void report_source_plain(FILE *out, const struct source_view *v, size_t i);

/* The lines of the sources, indented by four. */
void report_sources_text(FILE *out, const struct source_view *v);

/* "sources": [...] and "periodic": [...] (the periodic ones alone, as
 * before there were others). */
void report_sources_json(FILE *out, int *first, const struct source_view *v);

#endif /* SUBTICK_REPORT_SOURCES_H */
