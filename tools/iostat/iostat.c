// SPDX-License-Identifier: GPL-2.0-only
/*
 * iostat - CPU and block device statistics in the layout of sysstat 12
 * iostat(1) (Debian 12 ships 12.6).
 *
 * Usage: iostat [-c] [-d] [-x] [-k|-m] [-t] [-y] [-z] [-p [ALL|dev,...]]
 *               [-o csv] [interval [count]] [ALL | device...]
 *
 * Sources: /proc/stat (the "cpu" line), /proc/diskstats (11 fields, plus
 * discards from Linux 4.18 and flushes from 5.5 when present), /proc/uptime
 * (the interval), /sys/block/<dev> (whether a name is a whole device).
 * The first report covers the time since boot, later ones one interval.
 *
 * Figures, as sysstat computes them (d = counter delta, t = interval in s):
 *   tps       (reads + writes + discards completed) / t
 *   r/s w/s d/s f/s        completed requests / t
 *   rkB/s ... sectors / 2 / t (rMB/s with -m: sectors / 2048 / t)
 *   rrqm/s    merged requests / t;  %rrqm  merged / (merged + completed)
 *   r_await   ms spent by reads / reads (w_, d_, f_ alike)
 *   rareq-sz  sectors / 2 / reads: average request size in kB (any unit)
 *   aqu-sz    weighted ms doing I/O / (t * 1000)
 *   %util     ms doing I/O / (t * 10)
 *   avg-cpu   shares of the "cpu" ticks: user-guest, nice-guest_nice,
 *             system+irq+softirq, iowait, steal, idle
 * Without a device list only whole devices that have done I/O since boot
 * are shown; -z also hides those idle in the interval; -p adds partitions.
 *
 * -o csv (sysstat has -o JSON instead) prints one comma-separated line per
 * device and report, for programs: uptime in seconds (the moment of the
 * sample), the device name, then the -x columns in -x order.  No banner, no
 * CPU lines; a header line comes first.
 *
 * Only read(2) of /proc, access(2) on /sys and nanosleep(2) are used, so it
 * runs on any kernel with Linux's /proc formats.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>
#include <ctype.h>

#include "read_proc.h"

#define BUF_SIZE	(256 * 1024)
#define MAX_DEVS	1024
#define MAX_LIST	256
#define NAME_LEN	72

struct io {
	unsigned long long rd_ios, rd_merges, rd_sec, rd_ticks;
	unsigned long long wr_ios, wr_merges, wr_sec, wr_ticks;
	unsigned long long in_flight, tot_ticks, rq_ticks;
	unsigned long long dc_ios, dc_merges, dc_sec, dc_ticks;
	unsigned long long fl_ios, fl_ticks;
};

struct dev {
	char name[NAME_LEN];
	int whole;		/* a /sys/block entry, not a partition */
	int seen;		/* present in the latest sample */
	struct io io[2];	/* previous and current sample, by index */
};

struct cpu {
	unsigned long long user, nice, system, idle, iowait, irq, softirq;
	unsigned long long steal, guest, guest_nice;
};

static struct dev devs[MAX_DEVS];
static int nr_devs;
static struct cpu cpus[2];
static unsigned long long uptime_cs[2];	/* centiseconds */

static char *dev_list[MAX_LIST];	/* names given on the command line */
static int nr_list;
static char *part_list[MAX_LIST];	/* -p dev,...: show their partitions */
static int nr_part_list;

static int show_cpu, show_disk, extended, megabytes, timestamp;
static int omit_first, omit_idle, unfiltered, all_partitions, csv;
static int iso_time;
static int nr_cpus = 1;
static long hz = 100;

/* CPUs as sysstat counts them: cpuN directories in sysfs, else /proc/stat. */
static int count_cpus(char *buf)
{
	DIR *d = opendir("/sys/devices/system/cpu");
	struct dirent *e;
	int max = -1, n = 0;
	char *p;

	if (d) {
		while ((e = readdir(d))) {
			if (!strncmp(e->d_name, "cpu", 3) && isdigit((unsigned char)e->d_name[3])) {
				int i = atoi(e->d_name + 3);

				if (i > max)
					max = i;
			}
		}
		closedir(d);
		if (max >= 0)
			return max + 1;
	}
	read_proc("/proc/stat", buf, BUF_SIZE);
	for (p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p)
		if (!strncmp(p, "cpu", 3) && isdigit((unsigned char)p[3]))
			n++;
	return n ? n : 1;
}

static void read_cpu(struct cpu *c, char *buf)
{
	memset(c, 0, sizeof(*c));
	read_proc("/proc/stat", buf, BUF_SIZE);
	if (!strncmp(buf, "cpu ", 4))
		sscanf(buf + 4, "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
		       &c->user, &c->nice, &c->system, &c->idle, &c->iowait,
		       &c->irq, &c->softirq, &c->steal, &c->guest, &c->guest_nice);
}

static unsigned long long cpu_total(const struct cpu *c)
{
	return c->user + c->nice + c->system + c->idle + c->iowait + c->irq +
	       c->softirq + c->steal;
}

/* /proc/uptime in centiseconds; without it the CPU ticks of one CPU. */
static unsigned long long read_uptime(const struct cpu *c, char *buf)
{
	unsigned long s, f = 0;
	char *dot;

	if (read_proc("/proc/uptime", buf, BUF_SIZE) && sscanf(buf, "%lu", &s) == 1) {
		dot = strchr(buf, '.');
		if (dot && isdigit((unsigned char)dot[1]))
			f = (dot[1] - '0') * 10 + (isdigit((unsigned char)dot[2]) ?
						   dot[2] - '0' : 0);
		return (unsigned long long)s * 100 + f;
	}
	return cpu_total(c) * 100 / hz / nr_cpus;
}

static int is_whole_device(const char *name)
{
	char path[NAME_LEN + 16], *p;
	static int have_sys_block = -1;

	if (have_sys_block < 0)
		have_sys_block = access("/sys/block", F_OK) == 0;
	if (!have_sys_block)
		return 1;	/* no sysfs: cannot tell, show everything */
	snprintf(path, sizeof(path), "/sys/block/%s", name);
	for (p = path + 11; *p; p++)
		if (*p == '/')
			*p = '!';
	return access(path, F_OK) == 0;
}

static struct dev *find_dev(const char *name)
{
	int i;

	for (i = 0; i < nr_devs; i++)
		if (!strcmp(devs[i].name, name))
			return &devs[i];
	if (nr_devs == MAX_DEVS)
		return NULL;
	memset(&devs[nr_devs], 0, sizeof(devs[0]));
	snprintf(devs[nr_devs].name, NAME_LEN, "%s", name);
	devs[nr_devs].whole = is_whole_device(name);
	return &devs[nr_devs++];
}

/* Returns 0 if /proc/diskstats cannot be read. */
static int read_diskstats(int cur, char *buf)
{
	char *line, *next, name[NAME_LEN], *p;
	unsigned int major, minor;
	struct io io;
	struct dev *d;
	int i, n;

	if (!read_proc("/proc/diskstats", buf, BUF_SIZE))
		return 0;
	for (i = 0; i < nr_devs; i++)
		devs[i].seen = 0;
	for (line = buf; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		memset(&io, 0, sizeof(io));
		n = sscanf(line, "%u %u %71s %llu %llu %llu %llu %llu %llu %llu %llu "
			   "%llu %llu %llu %llu %llu %llu %llu %llu %llu",
			   &major, &minor, name,
			   &io.rd_ios, &io.rd_merges, &io.rd_sec, &io.rd_ticks,
			   &io.wr_ios, &io.wr_merges, &io.wr_sec, &io.wr_ticks,
			   &io.in_flight, &io.tot_ticks, &io.rq_ticks,
			   &io.dc_ios, &io.dc_merges, &io.dc_sec, &io.dc_ticks,
			   &io.fl_ios, &io.fl_ticks);
		if (n < 14)
			continue;	/* old 2.6 partition lines: 4 fields */
		/* cciss!c0d0 is shown as cciss/c0d0 */
		for (p = name; *p; p++)
			if (*p == '!')
				*p = '/';
		d = find_dev(name);
		if (!d)
			continue;
		d->io[cur] = io;
		d->seen = 1;
	}
	return 1;
}

static int in_list(char *const *list, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], name))
			return 1;
	return 0;
}

/* Whether name is a partition of one of the -p devices (vda1 of vda). */
static int partition_of_listed(const char *name)
{
	int i;
	size_t len;

	for (i = 0; i < nr_part_list; i++) {
		len = strlen(part_list[i]);
		if (!strncmp(name, part_list[i], len) && name[len] &&
		    (isdigit((unsigned char)name[len]) || name[len] == 'p'))
			return 1;
	}
	return 0;
}

static int wanted(const struct dev *d, int cur)
{
	const struct io *c = &d->io[cur], *o = &d->io[cur ^ 1];

	if (!d->seen)
		return 0;
	if (all_partitions) {
		/* -p ALL: every device and partition */
	} else if (nr_list || nr_part_list) {
		if (!in_list(dev_list, nr_list, d->name) &&
		    !in_list(part_list, nr_part_list, d->name) &&
		    !partition_of_listed(d->name))
			return 0;
	} else if (!d->whole) {
		return 0;
	}
	if (!unfiltered && !c->rd_ios && !c->wr_ios && !c->dc_ios && !c->fl_ios)
		return 0;
	if (omit_idle && c->rd_ios == o->rd_ios && c->wr_ios == o->wr_ios &&
	    c->dc_ios == o->dc_ios && c->fl_ios == o->fl_ios)
		return 0;
	return 1;
}

/* Per-second rate of a counter over itv centiseconds. */
static double rate(unsigned long long old, unsigned long long new, unsigned long long itv)
{
	return (double)(new - old) / itv * 100;
}

static double ratio(unsigned long long num, unsigned long long den)
{
	return den ? (double)num / den : 0.0;
}

static double percent(unsigned long long part, unsigned long long rest)
{
	return part + rest ? (double)part / (part + rest) * 100 : 0.0;
}

/* The extended figures of one device, in -x column order. */
enum {
	X_RS, X_RKB, X_RRQM, X_PRRQM, X_RAWAIT, X_RAREQ,
	X_WS, X_WKB, X_WRQM, X_PWRQM, X_WAWAIT, X_WAREQ,
	X_DS, X_DKB, X_DRQM, X_PDRQM, X_DAWAIT, X_DAREQ,
	X_FS, X_FAWAIT, X_AQU, X_UTIL, NR_X
};

static const char *const x_names[NR_X] = {
	"r/s", "rkB/s", "rrqm/s", "%rrqm", "r_await", "rareq-sz",
	"w/s", "wkB/s", "wrqm/s", "%wrqm", "w_await", "wareq-sz",
	"d/s", "dkB/s", "drqm/s", "%drqm", "d_await", "dareq-sz",
	"f/s", "f_await", "aqu-sz", "%util",
};

static const char *const x_names_mb[NR_X] = {
	[X_RKB] = "rMB/s", [X_WKB] = "wMB/s", [X_DKB] = "dMB/s",
};

static const int x_width[NR_X] = {
	7, 9, 8, 6, 7, 8,
	7, 9, 8, 6, 7, 8,
	7, 9, 8, 6, 7, 8,
	7, 7, 7, 6,
};

static const char *x_name(int i)
{
	return megabytes && x_names_mb[i] ? x_names_mb[i] : x_names[i];
}

static void extended_stats(const struct io *c, const struct io *o,
			   unsigned long long itv, double *x)
{
	double div = megabytes ? 2048 : 2;
	unsigned long long ios, sec;

	ios = c->rd_ios - o->rd_ios;
	sec = c->rd_sec - o->rd_sec;
	x[X_RS] = rate(o->rd_ios, c->rd_ios, itv);
	x[X_RKB] = rate(o->rd_sec, c->rd_sec, itv) / div;
	x[X_RRQM] = rate(o->rd_merges, c->rd_merges, itv);
	x[X_PRRQM] = percent(c->rd_merges - o->rd_merges, ios);
	x[X_RAWAIT] = ratio(c->rd_ticks - o->rd_ticks, ios);
	x[X_RAREQ] = ratio(sec, ios) / 2;

	ios = c->wr_ios - o->wr_ios;
	sec = c->wr_sec - o->wr_sec;
	x[X_WS] = rate(o->wr_ios, c->wr_ios, itv);
	x[X_WKB] = rate(o->wr_sec, c->wr_sec, itv) / div;
	x[X_WRQM] = rate(o->wr_merges, c->wr_merges, itv);
	x[X_PWRQM] = percent(c->wr_merges - o->wr_merges, ios);
	x[X_WAWAIT] = ratio(c->wr_ticks - o->wr_ticks, ios);
	x[X_WAREQ] = ratio(sec, ios) / 2;

	ios = c->dc_ios - o->dc_ios;
	sec = c->dc_sec - o->dc_sec;
	x[X_DS] = rate(o->dc_ios, c->dc_ios, itv);
	x[X_DKB] = rate(o->dc_sec, c->dc_sec, itv) / div;
	x[X_DRQM] = rate(o->dc_merges, c->dc_merges, itv);
	x[X_PDRQM] = percent(c->dc_merges - o->dc_merges, ios);
	x[X_DAWAIT] = ratio(c->dc_ticks - o->dc_ticks, ios);
	x[X_DAREQ] = ratio(sec, ios) / 2;

	x[X_FS] = rate(o->fl_ios, c->fl_ios, itv);
	x[X_FAWAIT] = ratio(c->fl_ticks - o->fl_ticks, c->fl_ios - o->fl_ios);
	x[X_AQU] = rate(o->rq_ticks, c->rq_ticks, itv) / 1000;
	x[X_UTIL] = rate(o->tot_ticks, c->tot_ticks, itv) / 10;
}

static void print_cpu(int cur)
{
	const struct cpu *c = &cpus[cur], *o = &cpus[cur ^ 1];
	unsigned long long tot, shift = 0;
	double user, nice;

	/* user and nice include guest time: take it out, never below 0 */
	if (c->user - c->guest < o->user - o->guest)
		shift += (c->user - c->guest) - (o->user - o->guest);
	if (c->nice - c->guest_nice < o->nice - o->guest_nice)
		shift += (c->nice - c->guest_nice) - (o->nice - o->guest_nice);
	tot = cpu_total(c) - cpu_total(o) + shift;
	if (!tot)
		tot = 1;
	user = c->user - c->guest < o->user - o->guest ? 0.0 :
	       (double)((c->user - c->guest) - (o->user - o->guest)) / tot * 100;
	nice = c->nice - c->guest_nice < o->nice - o->guest_nice ? 0.0 :
	       (double)((c->nice - c->guest_nice) - (o->nice - o->guest_nice)) / tot * 100;
	printf("avg-cpu:  %%user   %%nice %%system %%iowait  %%steal   %%idle\n");
	printf("       %8.2f%8.2f%8.2f%8.2f%8.2f%8.2f\n\n", user, nice,
	       (double)((c->system + c->irq + c->softirq) -
			(o->system + o->irq + o->softirq)) / tot * 100,
	       (double)(c->iowait - o->iowait) / tot * 100,
	       (double)(c->steal - o->steal) / tot * 100,
	       c->idle < o->idle ? 0.0 : (double)(c->idle - o->idle) / tot * 100);
}

static void print_disks(int cur, unsigned long long itv)
{
	const char *u = megabytes ? "MB" : "kB";
	double x[NR_X];
	char h[3][16];
	int i, j;

	if (extended) {
		printf("%-13s", "Device");
		for (j = 0; j < NR_X; j++)
			printf(" %*s", x_width[j], x_name(j));
		printf("\n");
	} else {
		snprintf(h[0], sizeof(h[0]), "%s_read/s", u);
		snprintf(h[1], sizeof(h[1]), "%s_wrtn/s", u);
		snprintf(h[2], sizeof(h[2]), "%s_dscd/s", u);
		printf("%-13s %8s %12s %12s %12s %10s %10s %10s\n", "Device", "tps",
		       h[0], h[1], h[2], u[0] == 'k' ? "kB_read" : "MB_read",
		       u[0] == 'k' ? "kB_wrtn" : "MB_wrtn",
		       u[0] == 'k' ? "kB_dscd" : "MB_dscd");
	}
	for (i = 0; i < nr_devs; i++) {
		const struct dev *d = &devs[i];
		const struct io *c = &d->io[cur], *o = &d->io[cur ^ 1];
		unsigned long long f = megabytes ? 2048 : 2;

		if (!wanted(d, cur))
			continue;
		printf("%-13s", d->name);
		if (extended) {
			extended_stats(c, o, itv, x);
			for (j = 0; j < NR_X; j++)
				printf(" %*.2f", x_width[j], x[j]);
			printf("\n");
			continue;
		}
		printf(" %8.2f %12.2f %12.2f %12.2f %10llu %10llu %10llu\n",
		       rate(o->rd_ios + o->wr_ios + o->dc_ios,
			    c->rd_ios + c->wr_ios + c->dc_ios, itv),
		       rate(o->rd_sec, c->rd_sec, itv) / f,
		       rate(o->wr_sec, c->wr_sec, itv) / f,
		       rate(o->dc_sec, c->dc_sec, itv) / f,
		       (c->rd_sec - o->rd_sec) / f, (c->wr_sec - o->wr_sec) / f,
		       (c->dc_sec - o->dc_sec) / f);
	}
}

static void print_csv_header(void)
{
	int j;

	printf("uptime,device");
	for (j = 0; j < NR_X; j++)
		printf(",%s", x_name(j));
	printf("\n");
}

static void print_csv(int cur, unsigned long long itv)
{
	double x[NR_X];
	int i, j;

	for (i = 0; i < nr_devs; i++) {
		const struct dev *d = &devs[i];

		if (!wanted(d, cur))
			continue;
		extended_stats(&d->io[cur], &d->io[cur ^ 1], itv, x);
		printf("%llu.%02llu,%s", uptime_cs[cur] / 100, uptime_cs[cur] % 100,
		       d->name);
		for (j = 0; j < NR_X; j++)
			printf(",%.2f", x[j]);
		printf("\n");
	}
}

static void print_report(int cur)
{
	unsigned long long itv = uptime_cs[cur] - uptime_cs[cur ^ 1];
	char when[64];
	time_t now;
	struct tm *tm;

	if (!itv)
		itv = 1;
	if (csv) {
		print_csv(cur, itv);
		fflush(stdout);
		return;
	}
	if (timestamp) {
		now = time(NULL);
		tm = localtime(&now);
		when[0] = '\0';
		if (tm)
			strftime(when, sizeof(when), iso_time ? "%FT%T%z" : "%x %X", tm);
		printf("%s\n", when);
	}
	if (show_cpu)
		print_cpu(cur);
	if (show_disk)
		print_disks(cur, itv);
	printf("\n\n");
	fflush(stdout);
}

static void banner(void)
{
	struct utsname u;
	char date[32] = "";
	time_t now = time(NULL);
	struct tm *tm = localtime(&now);

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	if (tm)
		strftime(date, sizeof(date), iso_time ? "%Y-%m-%d" : "%x", tm);
	printf("%s %s (%s) \t%s \t_%s_\t(%d CPU)\n\n", u.sysname, u.release,
	       u.nodename, date, u.machine, nr_cpus);
}

static void sample(int cur, char *buf)
{
	read_cpu(&cpus[cur], buf);
	uptime_cs[cur] = read_uptime(&cpus[cur], buf);
	if (show_disk && !read_diskstats(cur, buf)) {
		fprintf(stderr, "Cannot find disk data\n");
		exit(2);
	}
}

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
		if (rel.tv_sec < 0 || nanosleep(&rel, NULL) == 0 || errno != EINTR)
			return;
	}
}

static void usage(void)
{
	fprintf(stderr,
		"Usage: iostat [ options ] [ <interval> [ <count> ] ]\n"
		"Options are:\n"
		"[ -c ] [ -d ] [ -k | -m ] [ -t ] [ -x ] [ -y ] [ -z ] [ -o CSV ]\n"
		"[ -p [ <device> [,...] | ALL ] ] [ <device> [...] | ALL ]\n");
	exit(1);
}

static void add_part_list(char *arg)
{
	char *t;

	for (t = strtok(arg, ","); t; t = strtok(NULL, ",")) {
		if (!strcmp(t, "ALL"))
			all_partitions = 1;
		else if (nr_part_list < MAX_LIST)
			part_list[nr_part_list++] = t;
	}
}

static int is_number(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	static char buf[BUF_SIZE];
	long interval = 0, count = 1;
	int i, j, cur = 1, report_set = 0, nums = 0;
	struct timespec next;
	const char *fmt = getenv("S_TIME_FORMAT");

	iso_time = fmt && !strcmp(fmt, "ISO");
	for (i = 1; i < argc; i++) {
		char *a = argv[i];

		if (!strcmp(a, "-p")) {
			show_disk = 1;
			unfiltered = 1;
			if (i + 1 < argc && argv[i + 1][0] != '-' && !is_number(argv[i + 1]))
				add_part_list(argv[++i]);
			else
				all_partitions = 1;
		} else if (!strcmp(a, "-o")) {
			if (++i == argc)
				usage();
			if (strcasecmp(argv[i], "csv")) {
				fprintf(stderr, "iostat: output format %s not supported (CSV is)\n",
					argv[i]);
				exit(1);
			}
			csv = 1;
		} else if (a[0] == '-' && a[1]) {
			for (j = 1; a[j]; j++) {
				switch (a[j]) {
				case 'c':
					show_cpu = 1;
					report_set = 1;
					break;
				case 'd':
					show_disk = 1;
					report_set = 1;
					break;
				case 'k':
					if (megabytes)
						usage();
					break;
				case 'm':
					megabytes = 1;
					break;
				case 't':
					timestamp = 1;
					break;
				case 'x':
					extended = 1;
					break;
				case 'y':
					omit_first = 1;
					break;
				case 'z':
					omit_idle = 1;
					break;
				case 'p':
					all_partitions = 1;
					unfiltered = 1;
					break;
				default:
					usage();
				}
			}
		} else if (!is_number(a)) {
			unfiltered = 1;
			if (strcmp(a, "ALL") && nr_list < MAX_LIST)
				dev_list[nr_list++] = strncmp(a, "/dev/", 5) ? a : a + 5;
		} else if (nums == 0) {
			interval = atol(a);
			count = -1;
			nums = 1;
		} else if (nums == 1) {
			count = atol(a);
			if (count < 1 || !interval)
				usage();
			nums = 2;
		} else {
			usage();
		}
	}
	if (!interval)
		count = 1;
	if (!report_set) {
		show_cpu = 1;
		show_disk = 1;
	}
	if (all_partitions || extended || unfiltered || csv)
		show_disk = 1;
	if (csv) {
		show_cpu = 0;
		extended = 1;
	}
	hz = sysconf(_SC_CLK_TCK);
	if (hz <= 0)
		hz = 100;
	nr_cpus = count_cpus(buf);

	if (csv)
		print_csv_header();
	else
		banner();
	if (omit_first && interval > 0) {
		/* the since-boot report is measured but not shown */
		sample(cur, buf);
		cur ^= 1;
		if (!csv)
			printf("\n");
	}
	clock_gettime(CLOCK_MONOTONIC, &next);
	if (omit_first && interval > 0)
		next.tv_sec += interval;
	for (;;) {
		sleep_until(&next);
		sample(cur, buf);
		print_report(cur);
		if (count > 0)
			count--;
		if (!count)
			break;
		cur ^= 1;
		next.tv_sec += interval;
	}
	return 0;
}
