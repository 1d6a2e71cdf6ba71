// SPDX-License-Identifier: GPL-2.0-only
/*
 * wbwrite - the dd of the writeback benchmark: parallel sequential writers,
 * timed together, with device throughput from /proc/diskstats.
 *
 * Usage: wbwrite [-n NAME] [-s SIZE] [-b BS] [-d] [-F] [-t SECS] [-T SECS]
 *                [-w SECS] [-B FILE]... [-D DEV[,DEV...]] [FILE...]
 *   FILE       a timed stream: writes SIZE bytes to FILE in BS blocks, then
 *              fsync()s it (the 2007 dd1 timing includes the final flush)
 *   -B FILE    a background stream: writes FILE until the timed streams
 *              are done (or -t expires), then is killed; no figures of its
 *              own (the device figures show what it achieved)
 *   -s SIZE    bytes per timed stream (K, M, G suffixes: powers of 1024)
 *   -b BS      block size (default 1M)
 *   -d         O_DIRECT (BS and SIZE must be multiples of 4096)
 *   -F         no final fsync()
 *   -t SECS    stop everything after SECS (timed streams then report what
 *              they wrote so far, flagged "cut=1")
 *   -w SECS    start the background streams SECS before the timed ones
 *   -D DEVS    report the sectors each device wrote while the timed streams
 *              ran (from /proc/diskstats), as MB/s
 *   -n NAME    test name put on every output line
 *   -T SECS    hard limit: kill every stream and exit 124 after SECS (a
 *              kernel that stops making progress must not hang the run)
 *
 * All streams are forked first and released together through a pipe, so
 * the clock starts at the same instant for each.  Output, one line each:
 *   WB stream name=N idx=I file=F bytes=B secs=S write_secs=W mbps=M [cut=1]
 *   WB dev name=N dev=D bytes=B secs=S mbps=M
 *   WB total name=N streams=K bytes=B secs=S mbps=M
 *   WB error name=N msg="..."        (a stream failed: open, write, fsync)
 * MB/s are 10^6 bytes per second, like dd's.  Exit status: 0, 1 if a
 * stream failed, 2 on usage errors, 124 when -T expired.
 *
 * Background streams that reach 1 GiB start again at offset 0, so a small
 * disk does not run full however long they run.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_STREAMS	16
#define MAX_DEVS	8
#define BG_WRAP		(1ULL << 30)

struct result {
	int idx;
	int err;		/* errno of the failure, 0 if none */
	char what[16];		/* the call that failed */
	unsigned long long bytes;
	double write_secs;	/* until the last write() returned */
	double secs;		/* until fsync() returned */
	int cut;
};

static const char *name = "wbwrite";
static unsigned long long size, bs = 1 << 20;
static int direct, no_fsync;
static double limit_secs, warmup_secs;
static volatile sig_atomic_t stop;
static pid_t children[2 * MAX_STREAMS + 1];
static int nr_children;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned long long parse_size(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);

	switch (*end) {
	case 'k': case 'K': v <<= 10; end++; break;
	case 'm': case 'M': v <<= 20; end++; break;
	case 'g': case 'G': v <<= 30; end++; break;
	}
	if (*end || !v) {
		fprintf(stderr, "wbwrite: bad size '%s'\n", s);
		exit(2);
	}
	return v;
}

static void on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

static char deadline_msg[128];

static void on_deadline(int sig)
{
	int i;

	(void)sig;
	for (i = 0; i < nr_children; i++)
		kill(children[i], SIGKILL);
	if (write(1, deadline_msg, strlen(deadline_msg)) < 0)
		_exit(124);
	_exit(124);
}

/*
 * One stream.  Waits for the release pipe to close, then writes; reports
 * through fd out.  A background stream (size 0) writes until killed.
 */
static void stream(int idx, const char *path, unsigned long long bytes,
		   int release, int out)
{
	struct result r = { .idx = idx };
	unsigned long long off = 0;
	char *buf, c;
	double t0;
	ssize_t n;
	int fd;

	if (posix_memalign((void **)&buf, 4096, bs)) {
		r.err = ENOMEM;
		strcpy(r.what, "malloc");
		goto report;
	}
	/* not zeros: nothing on the way may skip or compress them */
	for (off = 0; off < bs; off++)
		buf[off] = (char)(off * 131 + idx * 7 + 1);
	off = 0;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | (direct ? O_DIRECT : 0), 0644);
	if (fd < 0) {
		r.err = errno;
		strcpy(r.what, "open");
	}
	while (read(release, &c, 1) < 0 && errno == EINTR)
		;
	if (r.err)
		goto report;
	t0 = now();
	while (!stop && (!bytes || off < bytes)) {
		size_t len = bs;

		if (bytes && bytes - off < len)
			len = bytes - off;
		n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			r.err = n < 0 ? errno : ENOSPC;
			strcpy(r.what, "write");
			break;
		}
		off += n;
		r.bytes += n;
		if (!bytes && off >= BG_WRAP) {
			lseek(fd, 0, SEEK_SET);
			off = 0;
		}
	}
	r.write_secs = now() - t0;
	r.cut = stop;
	if (!r.err && !no_fsync && !stop && fsync(fd)) {
		r.err = errno;
		strcpy(r.what, "fsync");
	}
	r.secs = now() - t0;
	close(fd);
report:
	if (write(out, &r, sizeof(r)) != sizeof(r))
		_exit(1);
	_exit(r.err ? 1 : 0);
}

/* Write sectors of dev from /proc/diskstats; -1 if not found. */
static long long dev_write_sectors(const char *dev)
{
	static char buf[1 << 16];
	unsigned long long v[7];
	char devname[64], *line;
	ssize_t len = 0, n;
	int fd = open("/proc/diskstats", O_RDONLY);

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	for (line = buf; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : 0) {
		if (sscanf(line, "%*u %*u %63s %llu %llu %llu %llu %llu %llu %llu",
			   devname, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6]) == 8 &&
		    !strcmp(devname, dev))
			return v[6];
	}
	return -1;
}

static void usage(void)
{
	fprintf(stderr, "usage: wbwrite [-n NAME] [-s SIZE] [-b BS] [-d] [-F] [-t SECS] "
		"[-T SECS] [-w SECS] [-B FILE]... [-D DEV[,DEV]] [FILE...]\n");
	exit(2);
}

static void sleep_secs(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (time_t)s) * 1e9) };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

int main(int argc, char **argv)
{
	const char *bg[MAX_STREAMS], *devs[MAX_DEVS];
	long long sect0[MAX_DEVS];
	pid_t pids[2 * MAX_STREAMS], bgpids[MAX_STREAMS];
	struct result res[MAX_STREAMS];
	int nbg = 0, ndevs = 0, nfg, i, opt, failed = 0, rel[2], bgrel[2], out[2];
	unsigned long long total = 0;
	double t0, tend = 0;
	unsigned hard_limit = 0;
	char *devarg = NULL, *tok;
	struct sigaction sa;

	while ((opt = getopt(argc, argv, "n:s:b:dFt:T:w:B:D:")) != -1) {
		switch (opt) {
		case 'n': name = optarg; break;
		case 's': size = parse_size(optarg); break;
		case 'b': bs = parse_size(optarg); break;
		case 'd': direct = 1; break;
		case 'F': no_fsync = 1; break;
		case 't': limit_secs = atof(optarg); break;
		case 'T': hard_limit = atoi(optarg); break;
		case 'w': warmup_secs = atof(optarg); break;
		case 'B':
			if (nbg == MAX_STREAMS)
				usage();
			bg[nbg++] = optarg;
			break;
		case 'D': devarg = optarg; break;
		default: usage();
		}
	}
	nfg = argc - optind;
	if (nfg > MAX_STREAMS || (nfg && !size) || (!nfg && !limit_secs))
		usage();
	for (tok = devarg ? strtok(devarg, ",") : NULL; tok && ndevs < MAX_DEVS;
	     tok = strtok(NULL, ","))
		devs[ndevs++] = tok;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigaction(SIGUSR1, &sa, NULL);
	if (hard_limit) {
		snprintf(deadline_msg, sizeof(deadline_msg),
			 "WB error name=%s msg=\"timeout after %u s\"\n", name, hard_limit);
		fflush(stdout);
		sa.sa_handler = on_deadline;
		sigaction(SIGALRM, &sa, NULL);
		alarm(hard_limit);
	}
	if (pipe(rel) || pipe(bgrel) || pipe(out)) {
		perror("wbwrite: pipe");
		return 1;
	}
	for (i = 0; i < nbg; i++) {
		bgpids[i] = fork();
		if (bgpids[i] == 0) {
			close(rel[1]);
			close(bgrel[1]);
			close(out[0]);
			stream(100 + i, bg[i], 0, bgrel[0], out[1]);
		}
		children[nr_children++] = bgpids[i];
	}
	for (i = 0; i < nfg; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			close(rel[1]);
			close(bgrel[1]);
			close(out[0]);
			stream(i, argv[optind + i], size, rel[0], out[1]);
		}
		children[nr_children++] = pids[i];
	}
	close(rel[0]);
	close(bgrel[0]);
	close(out[1]);

	close(bgrel[1]);		/* background streams go */
	if (warmup_secs > 0 && nbg)
		sleep_secs(warmup_secs);
	for (i = 0; i < ndevs; i++)
		sect0[i] = dev_write_sectors(devs[i]);
	t0 = now();
	close(rel[1]);			/* timed streams go */

	if (!nfg) {
		sleep_secs(limit_secs);
		tend = now();
	} else if (limit_secs > 0) {
		/* a watchdog child tells the streams to stop at the limit */
		pid_t w = fork();

		if (w == 0) {
			sleep_secs(limit_secs);
			for (i = 0; i < nfg; i++)
				kill(pids[i], SIGUSR1);
			_exit(0);
		}
		pids[nfg] = w;
		children[nr_children++] = w;
	}
	for (i = 0; i < nfg; i++) {
		struct result r;

		if (read(out[0], &r, sizeof(r)) != sizeof(r)) {
			fprintf(stderr, "wbwrite: a stream died\n");
			failed = 1;
			break;
		}
		if (r.idx >= 100) {	/* a background stream failed */
			printf("WB error name=%s msg=\"%s %s: %s\"\n", name, r.what,
			       bg[r.idx - 100], strerror(r.err));
			failed = 1;
			i--;
			continue;
		}
		res[r.idx] = r;
		tend = now();
	}
	for (i = 0; i < ndevs; i++) {
		long long s1 = dev_write_sectors(devs[i]);
		double secs = tend - t0;

		if (sect0[i] < 0 || s1 < 0) {
			printf("WB error name=%s msg=\"no %s in /proc/diskstats\"\n",
			       name, devs[i]);
			continue;
		}
		printf("WB dev name=%s dev=%s bytes=%lld secs=%.3f mbps=%.2f\n", name,
		       devs[i], (s1 - sect0[i]) * 512, secs,
		       secs > 0 ? (s1 - sect0[i]) * 512 / secs / 1e6 : 0.0);
	}
	for (i = 0; i < nbg; i++)
		kill(bgpids[i], SIGKILL);
	if (limit_secs > 0 && nfg)
		kill(pids[nfg], SIGKILL);
	while (wait(NULL) > 0 || errno == EINTR)
		;

	for (i = 0; i < nfg && !failed; i++) {
		struct result *r = &res[i];

		if (r->err) {
			printf("WB error name=%s msg=\"%s %s: %s\"\n", name, r->what,
			       argv[optind + i], strerror(r->err));
			failed = 1;
			continue;
		}
		total += r->bytes;
		printf("WB stream name=%s idx=%d file=%s bytes=%llu secs=%.3f "
		       "write_secs=%.3f mbps=%.2f%s\n", name, i, argv[optind + i],
		       r->bytes, r->secs, r->write_secs,
		       r->secs > 0 ? r->bytes / r->secs / 1e6 : 0.0, r->cut ? " cut=1" : "");
	}
	if (nfg && !failed)
		printf("WB total name=%s streams=%d bytes=%llu secs=%.3f mbps=%.2f\n",
		       name, nfg, total, tend - t0,
		       tend > t0 ? total / (tend - t0) / 1e6 : 0.0);
	fflush(stdout);
	return failed;
}
