// SPDX-License-Identifier: GPL-2.0-only
/*
 * vmstat - processes, memory, paging, block I/O, interrupts and CPU activity,
 * printed in the layout of procps-ng 4.0 vmstat(8) (Debian 12).
 *
 * Usage: vmstat [-n] [-t] [-y] [-o csv] [delay [count]]
 *
 * The first line averages since boot, the following ones cover one delay
 * each; the numbers are computed the way procps computes them:
 *   r b      procs_running, procs_blocked of /proc/stat (r counts vmstat)
 *   swpd     SwapTotal - SwapFree; free MemFree; buff Buffers;
 *   cache    Cached + SReclaimable (kB, /proc/meminfo)
 *   si so    pswpin/pswpout of /proc/vmstat in kB/s
 *   bi bo    pgpgin/pgpgout of /proc/vmstat (kB) per second
 *   in cs    intr and ctxt of /proc/stat per second
 *   us sy id wa st  shares of the "cpu" line of /proc/stat: user+nice,
 *            system+irq+softirq, idle, iowait, steal
 * Since-boot rates divide by the CPU tick total of all CPUs (procps does
 * the same, so on an N-CPU machine they read as per-CPU averages); interval
 * rates divide by the delay, rounded.  The header is repeated every
 * (terminal rows - 3) lines, 21 when stdout is no terminal, unless -n.
 *
 * -o csv (not in procps) prints comma-separated lines for programs: the same
 * columns preceded by the uptime in seconds and followed by nr_dirty,
 * nr_writeback, nr_dirty_threshold and nr_dirty_background_threshold from
 * /proc/vmstat (pages; empty when the kernel lacks them).
 *
 * Only plain read(2) of /proc and nanosleep(2) are used, so it runs on any
 * kernel with Linux's /proc formats; missing files or fields count as 0.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "read_proc.h"

#define BUF_SIZE	65536

enum { DIRTY, WRITEBACK, DIRTY_THRESH, BG_THRESH, NR_WB_FIELDS };

struct sample {
	unsigned long long user, nice, system, idle, iowait, irq, softirq, steal;
	unsigned long long intr, ctxt;
	unsigned long running, blocked;
	unsigned long long pgpgin, pgpgout, pswpin, pswpout;
	long long wb[NR_WB_FIELDS];	/* -1: the kernel lacks the field */
	unsigned long mem_free, buffers, cached, sreclaimable;
	unsigned long swap_total, swap_free;
	double uptime;
};

static const char *const wb_names[NR_WB_FIELDS] = {
	"nr_dirty", "nr_writeback", "nr_dirty_threshold",
	"nr_dirty_background_threshold",
};

static int opt_csv;
static int opt_timestamp;

/* The value after "key" (followed by space or ':') at a line start. */
static int find_value(const char *text, const char *key, unsigned long long *val)
{
	size_t klen = strlen(key);
	const char *p = text;

	while (p && *p) {
		if (!strncmp(p, key, klen) && (p[klen] == ' ' || p[klen] == ':' ||
					       p[klen] == '\t')) {
			p += klen + 1;
			while (*p == ' ' || *p == '\t' || *p == ':')
				p++;
			*val = strtoull(p, NULL, 10);
			return 1;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return 0;
}

static unsigned long long value_or_zero(const char *text, const char *key)
{
	unsigned long long v = 0;

	find_value(text, key, &v);
	return v;
}

static void take_sample(struct sample *s, char *buf)
{
	unsigned long long v;
	int i;

	memset(s, 0, sizeof(*s));

	read_proc("/proc/stat", buf, BUF_SIZE);
	if (!strncmp(buf, "cpu ", 4))
		sscanf(buf + 4, "%llu %llu %llu %llu %llu %llu %llu %llu",
		       &s->user, &s->nice, &s->system, &s->idle, &s->iowait,
		       &s->irq, &s->softirq, &s->steal);
	s->intr = value_or_zero(buf, "intr");
	s->ctxt = value_or_zero(buf, "ctxt");
	s->running = value_or_zero(buf, "procs_running");
	s->blocked = value_or_zero(buf, "procs_blocked");

	read_proc("/proc/vmstat", buf, BUF_SIZE);
	s->pgpgin = value_or_zero(buf, "pgpgin");
	s->pgpgout = value_or_zero(buf, "pgpgout");
	s->pswpin = value_or_zero(buf, "pswpin");
	s->pswpout = value_or_zero(buf, "pswpout");
	for (i = 0; i < NR_WB_FIELDS; i++)
		s->wb[i] = find_value(buf, wb_names[i], &v) ? (long long)v : -1;

	read_proc("/proc/meminfo", buf, BUF_SIZE);
	s->mem_free = value_or_zero(buf, "MemFree");
	s->buffers = value_or_zero(buf, "Buffers");
	s->cached = value_or_zero(buf, "Cached");
	s->sreclaimable = value_or_zero(buf, "SReclaimable");
	s->swap_total = value_or_zero(buf, "SwapTotal");
	s->swap_free = value_or_zero(buf, "SwapFree");

	read_proc("/proc/uptime", buf, BUF_SIZE);
	s->uptime = strtod(buf, NULL);
}

/*
 * procps scales kB through a float (unit conversion for -S), which rounds
 * values above 2^24 kB; do the same so the figures match to the digit.
 */
static unsigned long kb(unsigned long size)
{
	float f = (float)size / 1024 * 1024;

	return (unsigned long)f;
}

static void header(void)
{
	if (opt_csv) {
		printf("uptime,r,b,swpd,free,buff,cache,si,so,bi,bo,in,cs,"
		       "us,sy,id,wa,st,nr_dirty,nr_writeback,"
		       "nr_dirty_threshold,nr_dirty_background_threshold\n");
		return;
	}
	printf("procs -----------memory---------- ---swap-- -----io---- "
	       "-system-- ------cpu-----%s\n",
	       opt_timestamp ? " -----timestamp-----" : "");
	printf("%2s %2s %6s %6s %6s %6s %4s %4s %5s %5s %4s %4s %2s %2s %2s %2s %2s",
	       "r", "b", "swpd", "free", "buff", "cache", "si", "so", "bi", "bo",
	       "in", "cs", "us", "sy", "id", "wa", "st");
	if (opt_timestamp) {
		char zone[32] = "";
		time_t now = time(NULL);
		struct tm *tm = localtime(&now);

		if (tm)
			strftime(zone, sizeof(zone), "%Z", tm);
		printf(" %19s", zone);
	}
	printf("\n");
}

/* The columns after the memory ones, already computed. */
struct rates {
	unsigned si, so, bi, bo, in, cs, us, sy, id, wa, st;
};

static void line(const struct sample *s, const struct rates *r)
{
	unsigned long swpd = s->swap_total - s->swap_free;
	unsigned long cache = s->cached + s->sreclaimable;
	int i;

	if (opt_csv) {
		printf("%.2f,%lu,%lu,%lu,%lu,%lu,%lu,%u,%u,%u,%u,%u,%u,"
		       "%u,%u,%u,%u,%u",
		       s->uptime, s->running, s->blocked, kb(swpd),
		       kb(s->mem_free), kb(s->buffers), kb(cache),
		       r->si, r->so, r->bi, r->bo, r->in, r->cs,
		       r->us, r->sy, r->id, r->wa, r->st);
		for (i = 0; i < NR_WB_FIELDS; i++) {
			if (s->wb[i] >= 0)
				printf(",%lld", s->wb[i]);
			else
				printf(",");
		}
		printf("\n");
		fflush(stdout);
		return;
	}
	printf("%2lu %2lu %6lu %6lu %6lu %6lu %4u %4u %5u %5u %4u %4u "
	       "%2u %2u %2u %2u %2u",
	       s->running, s->blocked, kb(swpd), kb(s->mem_free),
	       kb(s->buffers), kb(cache), r->si, r->so, r->bi, r->bo,
	       r->in, r->cs, r->us, r->sy, r->id, r->wa, r->st);
	if (opt_timestamp) {
		char when[32] = "";
		time_t now = time(NULL);
		struct tm *tm = localtime(&now);

		if (tm)
			strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", tm);
		printf(" %s", when);
	}
	printf("\n");
	fflush(stdout);
}

/*
 * CPU shares in percent of div ticks, rounded half up; an idle count that
 * ran backwards (a kernel accounting hiccup) is carried as a debt into the
 * next interval, as procps does.
 */
static void cpu_shares(struct rates *r, long long use, long long sys,
		       long long idl, long long iow, long long stl, long long *debt)
{
	long long div, half;

	if (*debt) {
		idl += *debt;
		*debt = 0;
	}
	if (idl < 0) {
		*debt = idl;
		idl = 0;
	}
	div = use + sys + idl + iow + stl;
	if (!div) {
		div = 1;
		idl = 1;
	}
	half = div / 2;
	r->us = (100 * use + half) / div;
	r->sy = (100 * sys + half) / div;
	r->id = (100 * idl + half) / div;
	r->wa = (100 * iow + half) / div;
	r->st = (100 * stl + half) / div;
}

static void first_line(const struct sample *s, long hz)
{
	unsigned long long use = s->user + s->nice;
	unsigned long long sys = s->system + s->irq + s->softirq;
	unsigned long long div = use + sys + s->idle + s->iowait + s->steal;
	unsigned long long half, kpp = sysconf(_SC_PAGESIZE) / 1024;
	long long debt = 0;
	struct rates r;

	cpu_shares(&r, use, sys, s->idle, s->iowait, s->steal, &debt);
	if (!div)
		div = 1;
	half = div / 2;
	r.si = (kb(s->pswpin * kpp) * hz + half) / div;
	r.so = (kb(s->pswpout * kpp) * hz + half) / div;
	r.bi = (s->pgpgin * hz + half) / div;
	r.bo = (s->pgpgout * hz + half) / div;
	r.in = (s->intr * hz + half) / div;
	r.cs = (s->ctxt * hz + half) / div;
	line(s, &r);
}

static void next_line(const struct sample *o, const struct sample *s,
		      unsigned delay, long long *debt)
{
	unsigned long long kpp = sysconf(_SC_PAGESIZE) / 1024;
	unsigned half = delay / 2;
	struct rates r;

	cpu_shares(&r, (long long)(s->user + s->nice - o->user - o->nice),
		   (long long)(s->system + s->irq + s->softirq -
			       o->system - o->irq - o->softirq),
		   (long long)(s->idle - o->idle), (long long)(s->iowait - o->iowait),
		   (long long)(s->steal - o->steal), debt);
	r.si = (kb((s->pswpin - o->pswpin) * kpp) + half) / delay;
	r.so = (kb((s->pswpout - o->pswpout) * kpp) + half) / delay;
	r.bi = (s->pgpgin - o->pgpgin + half) / delay;
	r.bo = (s->pgpgout - o->pgpgout + half) / delay;
	r.in = (s->intr - o->intr + half) / delay;
	r.cs = (s->ctxt - o->ctxt + half) / delay;
	line(s, &r);
}

static int term_rows(void)
{
	struct winsize ws;

	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0)
		return ws.ws_row;
	return 24;
}

static void add_ns(struct timespec *t, long long ns)
{
	ns += t->tv_nsec;
	t->tv_sec += ns / 1000000000;
	t->tv_nsec = ns % 1000000000;
}

/* Sleep until the absolute CLOCK_MONOTONIC time t. */
static void sleep_until(const struct timespec *t)
{
	struct timespec now, rel;

	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		rel.tv_sec = t->tv_sec - now.tv_sec;
		rel.tv_nsec = t->tv_nsec - now.tv_nsec;
		if (rel.tv_nsec < 0) {
			rel.tv_nsec += 1000000000;
			rel.tv_sec--;
		}
		if (rel.tv_sec < 0)
			return;
		if (nanosleep(&rel, NULL) == 0)
			return;
		if (errno != EINTR)
			return;
	}
}

static void usage(void)
{
	fprintf(stderr,
		"Usage: vmstat [-n] [-t] [-y] [-o csv] [delay [count]]\n"
		"  -n      print the header only once\n"
		"  -t      add a timestamp column\n"
		"  -y      skip the since-boot line\n"
		"  -o csv  comma-separated output with the dirty/writeback counters\n");
	exit(1);
}

static unsigned long parse_number(const char *s, const char *what)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < 0 || (v == 0 && *what == 'd')) {
		fprintf(stderr, "vmstat: %s must be positive integer\n", what);
		exit(1);
	}
	return v;
}

int main(int argc, char **argv)
{
	static char buf[BUF_SIZE];
	unsigned long delay = 0, count = 1, i;
	int opt, one_header = 0, skip_first = 0, infinite = 0, height;
	struct sample s[2];
	struct timespec next;
	long long debt = 0;
	long hz = sysconf(_SC_CLK_TCK);
	int cur = 0;

	while ((opt = getopt(argc, argv, "ntyo:h")) != -1) {
		switch (opt) {
		case 'n':
			one_header = 1;
			break;
		case 't':
			opt_timestamp = 1;
			break;
		case 'y':
			skip_first = 1;
			break;
		case 'o':
			if (strcasecmp(optarg, "csv")) {
				fprintf(stderr, "vmstat: output format '%s' not supported (csv)\n",
					optarg);
				exit(1);
			}
			opt_csv = 1;
			break;
		default:
			usage();
		}
	}
	if (optind < argc) {
		delay = parse_number(argv[optind++], "delay");
		infinite = 1;
	}
	if (optind < argc) {
		count = parse_number(argv[optind++], "count");
		infinite = 0;
	}
	if (optind < argc)
		usage();
	if (hz <= 0)
		hz = 100;
	if (!delay)
		count = 1;

	height = term_rows() - 3;
	if (height <= 0)
		height = 22;

	header();
	take_sample(&s[cur], buf);
	clock_gettime(CLOCK_MONOTONIC, &next);
	if (!skip_first)
		first_line(&s[cur], hz);
	else
		count++;

	for (i = 1; infinite || i < count; i++) {
		add_ns(&next, (long long)delay * 1000000000);
		sleep_until(&next);
		if (!one_header && !opt_csv && i % height == 0)
			header();
		cur ^= 1;
		take_sample(&s[cur], buf);
		next_line(&s[cur ^ 1], &s[cur], delay, &debt);
	}
	return 0;
}
