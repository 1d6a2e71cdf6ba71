// SPDX-License-Identifier: GPL-2.0-only
/*
 * mmbench - the guest program of the memory-management benchmark
 * (`make bench-mm`, Documentation/dev-tools/mm-bench.md).  One static
 * binary, one mode per invocation; every measuring mode prints exactly one
 * line "mmbench test=NAME key=value ..." on stdout that
 * tools/testing/bench/mm/run tabulates, and exits 0 when the run completed
 * with every byte as written, 1 otherwise.
 *
 *   mmbench mkfile PATH MIB INDEX
 *	write the data file number INDEX of the seed 002 traversal (every
 *	u16 a function of its offset and INDEX); runs on the host too, to
 *	fill the ext2 image that mke2fs -d builds
 *   mmbench seed002 DIR [--files N] [--file-mib M] [--hot-mib H]
 *		[--pause-ms P]
 *	a child keeps H MiB of anonymous memory hot (every page checked and
 *	rewritten each pass, P ms between passes) while the parent maps
 *	DIR/chunk00 ... in turn, reads and checks every u16 and unmaps
 *   mmbench anon --order seq|rand [--mib M | --times X]
 *	write M MiB (default X = 2 times MemTotal) of anonymous memory page
 *	by page, then read it all back and check it, in address order or in
 *	a random page order
 *   mmbench stream PATH --mib M --policy NAME [--interval S] [--listen PORT]
 *	write M MiB of zeros to PATH with 64 KiB write(2) calls, sampling the
 *	file size and /proc/vmstat nr_written every S seconds (default 5)
 *	from a child, then fsync.  With --listen, the M MiB come from one TCP
 *	connection accepted on PORT instead, each read(2) of up to 64 KiB
 *	written as it came: the receiving side of nettool's protocol
 *	(tools/testing/net/nettool.c: greet with "NETTOOL1", answer
 *	"DONE <bytes> -" once the file is synced), so that the host's
 *	`nettool tcp-send` retries until the listener is up and checks that
 *	every byte arrived
 *
 * Figures: elapsed times from CLOCK_MONOTONIC; faults from getrusage(2);
 * pswpin, pswpout, nr_written from /proc/vmstat (system-wide deltas).
 * MB/s is 10^6 bytes a second.  No locking: the processes share only a
 * pipe (seed002) or a MAP_SHARED sample array written by one side
 * (stream).
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

/* write_all(): a write that finishes, shared with nettool */
#include "../../net/netutil.h"

#define MIB		(1024UL * 1024UL)
#define PG		4096UL
#define WORDS_PER_PG	(PG / sizeof(uint64_t))

static void die(const char *what)
{
	fprintf(stderr, "mmbench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: mmbench mkfile PATH MIB INDEX\n"
		"       mmbench seed002 DIR [--files N] [--file-mib M] [--hot-mib H] [--pause-ms P]\n"
		"       mmbench anon --order seq|rand [--mib M | --times X]\n"
		"       mmbench stream PATH --mib M --policy NAME [--interval S] [--listen PORT]\n");
	exit(2);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A counter of /proc/vmstat, or 0 when the kernel has no such line. */
static unsigned long long vmstat_get(const char *name)
{
	char key[64];
	unsigned long long v, found = 0;
	FILE *f = fopen("/proc/vmstat", "r");

	if (!f)
		return 0;
	while (fscanf(f, "%63s %llu", key, &v) == 2) {
		if (!strcmp(key, name)) {
			found = v;
			break;
		}
	}
	fclose(f);
	return found;
}

/* A "Name:  N kB" line of a /proc file, in kB; -1 when it is missing. */
static long kb_field(const char *path, const char *name)
{
	char line[256];
	size_t n = strlen(name);
	long v = -1;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, name, n) && line[n] == ':') {
			v = strtol(line + n + 1, NULL, 10);
			break;
		}
	}
	fclose(f);
	return v;
}

static unsigned long parse_ul(const char *s, const char *what)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end) {
		fprintf(stderr, "mmbench: bad %s '%s'\n", what, s);
		exit(2);
	}
	return v;
}

/* One "--name value" option of a mode: a number or a string. */
struct opt {
	const char *name;
	unsigned long *num;
	const char **str;
};

/* Fill the options in OPTS (ended by a NULL name) from ARGV's pairs. */
static void parse_opts(int argc, char **argv, const struct opt *opts)
{
	const struct opt *o;
	int i;

	for (i = 0; i < argc; i += 2) {
		for (o = opts; o->name && strcmp(o->name, argv[i]); o++)
			;
		if (!o->name || i + 1 >= argc)
			usage();
		if (o->num)
			*o->num = parse_ul(argv[i + 1], o->name);
		else
			*o->str = argv[i + 1];
	}
}

/* ------------------------------------------------------------- seed 002 */

/* The u16 at index I of data file number F. */
static inline uint16_t chunk_word(uint64_t i, unsigned int f)
{
	return (uint16_t)((i * 0x9e37u) ^ (f * 0x7f4bu) ^ (i >> 16));
}

static int mode_mkfile(int argc, char **argv)
{
	uint16_t buf[32768];
	unsigned long mib, idx, words, i = 0;
	int fd;

	if (argc != 3)
		usage();
	mib = parse_ul(argv[1], "size");
	idx = parse_ul(argv[2], "index");
	fd = open(argv[0], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(argv[0]);
	words = mib * MIB / 2;
	while (i < words) {
		size_t n = 0;

		while (n < 32768 && i < words)
			buf[n++] = chunk_word(i++, idx);
		if (write(fd, buf, n * 2) != (ssize_t)(n * 2))
			die("write");
	}
	if (close(fd))
		die("close");
	return 0;
}

struct hot_report {
	unsigned long passes, bad, majflt;
	long vmswap_max_kb;
};

static volatile sig_atomic_t hot_stop;

static void hot_on_signal(int sig)
{
	(void)sig;
	hot_stop = 1;
}

/*
 * The hot working set: word 0 of each page holds the pass number and the
 * page number, the last word a fixed tag; a pass checks both and writes the
 * next pass number.  Reports through REPORT_FD when SIGUSR1 arrives.
 */
static void hot_child(unsigned long mib, unsigned long pause_ms, int ready_fd, int report_fd)
{
	unsigned long pages = mib * MIB / PG, p, gen = 1;
	struct timespec pause = { pause_ms / 1000, (pause_ms % 1000) * 1000000L };
	struct hot_report r = { 0, 0, 0, 0 };
	struct sigaction sa;
	struct rusage ru0, ru1;
	double next_sample = 0;
	uint64_t *mem;
	long kb;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = hot_on_signal;
	sigaction(SIGUSR1, &sa, NULL);
	mem = mmap(NULL, pages * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		die("mmap hot set");
	for (p = 0; p < pages; p++) {
		uint64_t *w = mem + p * WORDS_PER_PG;

		w[0] = (gen << 32) | p;
		w[WORDS_PER_PG - 1] = 0x484f5400ULL ^ p;
	}
	getrusage(RUSAGE_SELF, &ru0);
	if (write(ready_fd, "r", 1) != 1)
		die("ready pipe");
	close(ready_fd);
	while (!hot_stop) {
		for (p = 0; p < pages; p++) {
			uint64_t *w = mem + p * WORDS_PER_PG;

			if (w[0] != ((gen << 32) | p) || w[WORDS_PER_PG - 1] != (0x484f5400ULL ^ p))
				r.bad++;
			w[0] = ((gen + 1) << 32) | p;
		}
		gen++;
		r.passes++;
		if (now_s() >= next_sample) {
			kb = kb_field("/proc/self/status", "VmSwap");
			if (kb > r.vmswap_max_kb)
				r.vmswap_max_kb = kb;
			next_sample = now_s() + 0.05;
		}
		if (pause_ms)
			nanosleep(&pause, NULL);
	}
	kb = kb_field("/proc/self/status", "VmSwap");
	if (kb > r.vmswap_max_kb)
		r.vmswap_max_kb = kb;
	getrusage(RUSAGE_SELF, &ru1);
	r.majflt = ru1.ru_majflt - ru0.ru_majflt;
	if (write(report_fd, &r, sizeof(r)) != sizeof(r))
		die("report pipe");
	_exit(0);
}

static int mode_seed002(int argc, char **argv)
{
	unsigned long files = 12, file_mib = 40, hot_mib = 10, pause_ms = 10, f, bad = 0;
	unsigned long long out0, in0, out1, in1;
	int ready[2], report[2], st;
	struct hot_report hr = { 0, 0, 0, -1 };
	struct rusage ru0, ru1;
	const char *dir;
	double t0, t1;
	char c, path[4096];
	pid_t pid;

	if (argc < 1)
		usage();
	dir = argv[0];
	parse_opts(argc - 1, argv + 1, (const struct opt[]) {
		{ "--files", &files, NULL }, { "--file-mib", &file_mib, NULL },
		{ "--hot-mib", &hot_mib, NULL }, { "--pause-ms", &pause_ms, NULL },
		{ NULL, NULL, NULL } });
	if (!files || !file_mib || !hot_mib)
		usage();
	if (pipe(ready) || pipe(report))
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		close(ready[0]);
		close(report[0]);
		hot_child(hot_mib, pause_ms, ready[1], report[1]);
	}
	close(ready[1]);
	close(report[1]);
	if (read(ready[0], &c, 1) != 1) {
		fprintf(stderr, "mmbench: the hot process died before it was ready\n");
		return 1;
	}

	out0 = vmstat_get("pswpout");
	in0 = vmstat_get("pswpin");
	getrusage(RUSAGE_SELF, &ru0);
	t0 = now_s();
	for (f = 0; f < files; f++) {
		size_t len = file_mib * MIB, words = len / 2, w;
		const uint16_t *u;
		void *map;
		int fd;

		snprintf(path, sizeof(path), "%s/chunk%02lu", dir, f);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			die(path);
		map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
		if (map == MAP_FAILED)
			die("mmap chunk");
		close(fd);
		u = map;
		for (w = 0; w < words; w++)
			if (u[w] != chunk_word(w, f))
				bad++;
		if (munmap(map, len))
			die("munmap");
	}
	t1 = now_s();
	getrusage(RUSAGE_SELF, &ru1);
	out1 = vmstat_get("pswpout");
	in1 = vmstat_get("pswpin");

	kill(pid, SIGUSR1);
	if (read(report[0], &hr, sizeof(hr)) != sizeof(hr))
		fprintf(stderr, "mmbench: no report from the hot process\n");
	waitpid(pid, &st, 0);

	printf("mmbench test=seed002 files=%lu file_mib=%lu hot_mib=%lu pause_ms=%lu"
	       " elapsed_s=%.3f majflt=%ld minflt=%ld pswpout=%llu pswpin=%llu"
	       " hot_passes=%lu hot_majflt=%lu hot_vmswap_max_kb=%ld hot_bad=%lu bad=%lu\n",
	       files, file_mib, hot_mib, pause_ms, t1 - t0,
	       ru1.ru_majflt - ru0.ru_majflt, ru1.ru_minflt - ru0.ru_minflt,
	       out1 - out0, in1 - in0, hr.passes, hr.majflt, hr.vmswap_max_kb, hr.bad, bad);
	return bad || hr.bad || !hr.passes ? 1 : 0;
}

/* ------------------------------------------------------------ anon */

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;

static uint64_t rng_next(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* ORDER[0..N-1]: 0..N-1 in address order, or a fresh random permutation. */
static void page_order(uint32_t *order, unsigned long n, int random)
{
	unsigned long i, j;
	uint32_t t;

	for (i = 0; i < n; i++)
		order[i] = i;
	if (!random)
		return;
	for (i = n - 1; i > 0; i--) {
		j = rng_next() % (i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
}

static inline uint64_t anon_word(uint64_t page, unsigned int w)
{
	return ((page << 9) | w) * 0x9e3779b97f4a7c15ULL;
}

static int mode_anon(int argc, char **argv)
{
	unsigned long mib = 0, pages, k, bad = 0;
	unsigned long long out0, in0, out1, in1, out2, in2;
	double times = 2.0, t0, t1, t2, bytes;
	const char *order_name = NULL, *times_arg = NULL;
	uint32_t *order;
	uint64_t *mem;
	int random;
	unsigned int w;

	parse_opts(argc, argv, (const struct opt[]) {
		{ "--order", NULL, &order_name }, { "--mib", &mib, NULL },
		{ "--times", NULL, &times_arg }, { NULL, NULL, NULL } });
	if (times_arg)
		times = strtod(times_arg, NULL);
	if (!order_name || (strcmp(order_name, "seq") && strcmp(order_name, "rand")))
		usage();
	random = !strcmp(order_name, "rand");
	if (!mib) {
		long total = kb_field("/proc/meminfo", "MemTotal");

		if (total <= 0 || times <= 0) {
			fprintf(stderr, "mmbench: no MemTotal in /proc/meminfo\n");
			return 1;
		}
		mib = (unsigned long)(total * times / 1024);
	}
	pages = mib * MIB / PG;
	order = malloc(pages * sizeof(*order));
	if (!order)
		die("malloc");
	mem = mmap(NULL, pages * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		die("mmap");

	page_order(order, pages, random);
	out0 = vmstat_get("pswpout");
	in0 = vmstat_get("pswpin");
	t0 = now_s();
	for (k = 0; k < pages; k++) {
		uint64_t *pw = mem + (uint64_t)order[k] * WORDS_PER_PG;

		for (w = 0; w < WORDS_PER_PG; w++)
			pw[w] = anon_word(order[k], w);
	}
	t1 = now_s();
	out1 = vmstat_get("pswpout");
	in1 = vmstat_get("pswpin");
	/* read back in a new order: the write order's tail is what is in RAM */
	page_order(order, pages, random);
	for (k = 0; k < pages; k++) {
		const uint64_t *pw = mem + (uint64_t)order[k] * WORDS_PER_PG;

		for (w = 0; w < WORDS_PER_PG; w++)
			if (pw[w] != anon_word(order[k], w))
				bad++;
	}
	t2 = now_s();
	out2 = vmstat_get("pswpout");
	in2 = vmstat_get("pswpin");

	bytes = (double)pages * PG;
	printf("mmbench test=anon-%s mib=%lu write_s=%.3f read_s=%.3f write_MBps=%.2f"
	       " read_MBps=%.2f MBps=%.2f pswpout=%llu pswpin=%llu swap_MBps=%.2f"
	       " write_pswpout=%llu read_pswpin=%llu bad=%lu\n",
	       order_name, mib, t1 - t0, t2 - t1, bytes / (t1 - t0) / 1e6,
	       bytes / (t2 - t1) / 1e6, 2 * bytes / (t2 - t0) / 1e6,
	       out2 - out0, in2 - in0,
	       (double)(out2 - out0 + in2 - in0) * PG / (t2 - t0) / 1e6,
	       out1 - out0, in2 - in1, bad);
	(void)in1;
	return bad ? 1 : 0;
}

/* ---------------------------------------------------------- stream */

struct sample {
	double t;
	unsigned long long size, written;
};

#define MAX_SAMPLES 4096

static void sampler(const char *path, double start, unsigned long interval,
		    struct sample *s, volatile unsigned long *count)
{
	struct timespec at;
	struct stat sb;
	unsigned long k;

	for (k = 1; k < MAX_SAMPLES; k++) {
		double when = start + (double)k * interval;

		at.tv_sec = (time_t)when;
		at.tv_nsec = (long)((when - (double)at.tv_sec) * 1e9);
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR)
			;
		s[k].t = now_s() - start;
		s[k].size = stat(path, &sb) ? 0 : (unsigned long long)sb.st_size;
		s[k].written = vmstat_get("nr_written");
		*count = k + 1;
	}
	_exit(0);
}

/* Mean and coefficient of variation of V[0..N-1]; the CV is 0 for N < 2. */
static void mean_cv(const double *v, unsigned long n, double *mean, double *cv)
{
	double sum = 0, sq = 0;
	unsigned long i;

	*mean = 0;
	*cv = 0;
	if (!n)
		return;
	for (i = 0; i < n; i++)
		sum += v[i];
	*mean = sum / n;
	for (i = 0; i < n; i++)
		sq += (v[i] - *mean) * (v[i] - *mean);
	if (n > 1 && *mean > 0)
		*cv = sqrt(sq / n) / *mean;
}

/*
 * The TCP source of a stream: wait on PORT (every local address) for one
 * connection and greet it as a nettool receiver does.  Returns the
 * connected socket.
 */
static int stream_accept(unsigned long port)
{
	static const char greeting[] = "NETTOOL1\n";
	struct sockaddr_in sa;
	int one = 1, lfd, fd;

	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	sa.sin_addr.s_addr = htonl(INADDR_ANY);
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0)
		die("socket");
	if (setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)))
		die("SO_REUSEADDR");
	if (bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) || listen(lfd, 1))
		die("bind/listen");
	do
		fd = accept(lfd, NULL, NULL);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		die("accept");
	close(lfd);
	if (write(fd, greeting, sizeof(greeting) - 1) != (ssize_t)sizeof(greeting) - 1)
		die("greeting");
	return fd;
}

/* Tell the sender how many bytes were stored, then wait for its close. */
static void stream_verdict(int sock, unsigned long long bytes)
{
	char line[64], sink[256];
	int n = snprintf(line, sizeof(line), "DONE %llu -\n", bytes);

	if (write_all(sock, line, (size_t)n))
		fprintf(stderr, "mmbench: sending the verdict: %s\n", strerror(errno));
	shutdown(sock, SHUT_WR);
	while (read(sock, sink, sizeof(sink)) > 0)
		;
	close(sock);
}

static int mode_stream(int argc, char **argv)
{
	static char buf[65536];
	unsigned long mib = 0, interval = 5, port = 0, n, k, full, reads = 0;
	const char *path, *policy = NULL;
	volatile unsigned long *count;
	double start, t_write, t_sync, mean, cv, dmean, dcv;
	double *rate, *drate;
	unsigned long long total, done = 0;
	struct sample *s;
	int fd, st, sock = -1;
	pid_t pid;

	if (argc < 1)
		usage();
	path = argv[0];
	parse_opts(argc - 1, argv + 1, (const struct opt[]) {
		{ "--mib", &mib, NULL }, { "--policy", NULL, &policy },
		{ "--interval", &interval, NULL }, { "--listen", &port, NULL },
		{ NULL, NULL, NULL } });
	if (!mib || !policy || !interval || port > 65535)
		usage();
	total = (unsigned long long)mib * MIB;

	s = mmap(NULL, sizeof(*s) * MAX_SAMPLES + 64, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		die("mmap samples");
	count = (volatile unsigned long *)(s + MAX_SAMPLES);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(path);
	/* the clock starts once the sender is there */
	if (port)
		sock = stream_accept(port);
	s[0].t = 0;
	s[0].size = 0;
	s[0].written = vmstat_get("nr_written");
	*count = 1;
	start = now_s();
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0)
		sampler(path, start, interval, s, count);

	while (done < total) {
		size_t len = total - done < sizeof(buf) ? total - done : sizeof(buf);
		ssize_t r = (ssize_t)len;

		if (sock >= 0) {
			r = read(sock, buf, len);
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0) {
				kill(pid, SIGKILL);
				die("read from the connection");
			}
			if (r == 0)
				break;	/* the sender stopped early */
			reads++;
		}
		if (write_all(fd, buf, (size_t)r)) {
			kill(pid, SIGKILL);
			die("write");
		}
		done += (unsigned long long)r;
	}
	t_write = now_s() - start;
	if (fsync(fd))
		die("fsync");
	t_sync = now_s() - start;
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	close(fd);
	if (sock >= 0)
		stream_verdict(sock, done);

	/* the intervals that ended before the last write returned */
	n = *count;
	full = 0;
	while (full + 1 < n && s[full + 1].t <= t_write)
		full++;
	rate = calloc(full + 1, sizeof(*rate));
	drate = calloc(full + 1, sizeof(*drate));
	if (!rate || !drate)
		die("calloc");
	for (k = 1; k <= full; k++) {
		double dt = s[k].t - s[k - 1].t;

		rate[k - 1] = (double)(s[k].size - s[k - 1].size) / dt / 1e6;
		drate[k - 1] = (double)(s[k].written - s[k - 1].written) * PG / dt / 1e6;
	}
	mean_cv(rate, full, &mean, &cv);
	mean_cv(drate, full, &dmean, &dcv);

	printf("mmbench test=seed004-%s mib=%lu source=%s bytes=%llu interval_s=%lu"
	       " elapsed_s=%.3f sync_s=%.3f MBps=%.2f sync_MBps=%.2f intervals=%lu",
	       policy, mib, sock >= 0 ? "tcp" : "zeros", done, interval, t_write, t_sync,
	       done / t_write / 1e6, done / t_sync / 1e6, full);
	/* no whole interval: no mean; fewer than two: no spread */
	if (full)
		printf(" mean_MBps=%.2f disk_mean_MBps=%.2f", mean, dmean);
	else
		printf(" mean_MBps=n/a disk_mean_MBps=n/a");
	if (full > 1)
		printf(" cv=%.3f disk_cv=%.3f", cv, dcv);
	else
		printf(" cv=n/a disk_cv=n/a");
	/* how the reader met the stream: one that keeps up gets short reads */
	if (reads)
		printf(" reads=%lu read_avg_B=%llu", reads, done / reads);
	printf(" rates=");
	for (k = 0; k < full; k++)
		printf("%s%.1f", k ? "," : "", rate[k]);
	printf(" disk_rates=");
	for (k = 0; k < full; k++)
		printf("%s%.1f", k ? "," : "", drate[k]);
	printf("\n");
	if (done < total) {
		fprintf(stderr, "mmbench: the sender stopped after %llu of %llu bytes\n",
			done, total);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2)
		usage();
	if (!strcmp(argv[1], "mkfile"))
		return mode_mkfile(argc - 2, argv + 2);
	if (!strcmp(argv[1], "seed002"))
		return mode_seed002(argc - 2, argv + 2);
	if (!strcmp(argv[1], "anon"))
		return mode_anon(argc - 2, argv + 2);
	if (!strcmp(argv[1], "stream"))
		return mode_stream(argc - 2, argv + 2);
	usage();
	return 2;
}
