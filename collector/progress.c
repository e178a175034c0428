/*
 * progress.c - "[=======>     ]  62%  ETA 0.8 s  12345 samples".
 */
#include "progress.h"

#include <stdio.h>
#include <unistd.h>

enum { BAR_WIDTH = 30 };

void progress_init(struct progress *p, int enabled, uint64_t now_ns)
{
	p->enabled = enabled && isatty(STDERR_FILENO);
	p->start_ns = now_ns;
	p->last_ns = 0;
	p->drawn = 0;
}

void progress_update(struct progress *p, uint64_t now_ns, double fraction,
		     uint64_t samples)
{
	if (!p->enabled || now_ns - p->last_ns < 100000000u)
		return;
	p->last_ns = now_ns;
	if (fraction < 0)
		fraction = 0;
	if (fraction > 1)
		fraction = 1;
	double elapsed = (double)(now_ns - p->start_ns) / 1e9;
	int filled = (int)(fraction * BAR_WIDTH);
	char bar[BAR_WIDTH + 1];
	for (int i = 0; i < BAR_WIDTH; i++)
		bar[i] = i < filled ? '=' : i == filled ? '>' : ' ';
	bar[BAR_WIDTH] = '\0';
	if (fraction > 0.01)
		fprintf(stderr, "\r[%s] %3.0f%%  ETA %.1f s  %llu samples ", bar,
			100 * fraction, elapsed * (1 - fraction) / fraction,
			(unsigned long long)samples);
	else
		fprintf(stderr, "\r[%s] %3.0f%%  ETA ?  %llu samples ", bar,
			100 * fraction, (unsigned long long)samples);
	p->drawn = 1;
}

void progress_clear(struct progress *p)
{
	if (p->drawn)
		fprintf(stderr, "\r%*s\r", BAR_WIDTH + 48, "");
	p->drawn = 0;
}
