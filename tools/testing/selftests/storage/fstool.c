// SPDX-License-Identifier: GPL-2.0-only
/*
 * fstool - the storage tests' data tool, one static binary for the guest
 * and the host (it needs nothing but the C library), so that both sides
 * produce and check the same bytes (the pattern and manifests of
 * storage/fstest.h):
 *
 *   fstool gen SEED SIZE               pattern bytes 0..SIZE to stdout
 *   fstool gensum SEED SIZE            "SIZE CHECKSUM" of that pattern
 *   fstool sum [FILE]                  "SIZE CHECKSUM" of FILE (or stdin);
 *                                      the read rate goes to stderr
 *   fstool write SEED SIZE FILE        write the pattern with 1 MiB writes,
 *                                      fsync; prints the rate
 *   fstool verify SEED FILE [SIZE]     FILE must be exactly the pattern
 *   fstool read [-p PROCS] [-r ROUNDS] FILE
 *                                      PROCS processes each read FILE
 *                                      ROUNDS times with 1 MiB reads, all
 *                                      started together; prints the
 *                                      aggregate rate
 *   fstool expect MANIFEST NAME        the contents NAME must have
 *   fstool cmp MANIFEST NAME [FILE]    compare FILE (or stdin) with that
 *   fstool apply MANIFEST NAME OUT     create OUT (sparse) with them
 *   fstool list MANIFEST               the manifest's "f" names, one a line
 *
 * SIZE may end in K, M or G.  Exit status 0, 1 on a mismatch, 2 on usage
 * or I/O errors.
 */
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "storage/fstest.h"

#define CHUNK (1 << 20)

static char buf[CHUNK], want[CHUNK];

static void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "fstool: ");
	fprintf(stderr, fmt, arg, strerror(errno));
	fprintf(stderr, "\n");
	exit(2);
}

static uint64_t parse_size(const char *s)
{
	char *end;
	uint64_t v = strtoull(s, &end, 0);

	switch (*end) {
	case 'K': case 'k': v <<= 10; end++; break;
	case 'M': case 'm': v <<= 20; end++; break;
	case 'G': case 'g': v <<= 30; end++; break;
	}
	if (*end || end == s) {
		fprintf(stderr, "fstool: bad size '%s'\n", s);
		exit(2);
	}
	return v;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int write_all(int fd, const void *p, size_t len)
{
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = write(fd, (const char *)p + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		done += n;
	}
	return 0;
}

/* read() until len bytes or EOF; bytes read, -1 on error. */
static ssize_t read_full(int fd, void *p, size_t len)
{
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = read(fd, (char *)p + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		done += n;
	}
	return done;
}

static int cmd_gen(uint64_t seed, uint64_t size)
{
	uint64_t off, n;

	for (off = 0; off < size; off += n) {
		n = size - off < CHUNK ? size - off : CHUNK;
		pat_fill(buf, seed, off, n);
		if (write_all(1, buf, n))
			die("write to stdout: %s%s", "");
	}
	return 0;
}

static int cmd_gensum(uint64_t seed, uint64_t size)
{
	struct fsum s;
	uint64_t off, n;

	fsum_init(&s);
	for (off = 0; off < size; off += n) {
		n = size - off < CHUNK ? size - off : CHUNK;
		pat_fill(buf, seed, off, n);
		fsum_add(&s, buf, n);
	}
	printf("%llu %016llx\n", (unsigned long long)size, (unsigned long long)fsum_final(&s));
	return 0;
}

static int open_in(const char *path)
{
	int fd;

	if (!path || !strcmp(path, "-"))
		return 0;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		die("open %s: %s", path);
	return fd;
}

static int cmd_sum(const char *path)
{
	int fd = open_in(path);
	struct fsum s;
	double t0 = now(), t;
	ssize_t n;

	fsum_init(&s);
	while ((n = read_full(fd, buf, CHUNK)) > 0)
		fsum_add(&s, buf, n);
	if (n < 0)
		die("read %s: %s", path ? path : "stdin");
	t = now() - t0;
	fprintf(stderr, "fstool: read %llu bytes in %.2f s, %.1f MB/s\n",
		(unsigned long long)(s.nbytes + s.npart), t, (s.nbytes + s.npart) / 1e6 / t);
	n = s.nbytes + s.npart;
	printf("%llu %016llx\n", (unsigned long long)n, (unsigned long long)fsum_final(&s));
	return 0;
}

static int cmd_write(uint64_t seed, uint64_t size, const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	double t0 = now(), tw, t;
	uint64_t off, n;

	if (fd < 0)
		die("open %s: %s", path);
	for (off = 0; off < size; off += n) {
		n = size - off < CHUNK ? size - off : CHUNK;
		pat_fill(buf, seed, off, n);
		if (write_all(fd, buf, n))
			die("write %s: %s", path);
	}
	tw = now() - t0;
	if (fsync(fd) || close(fd))
		die("fsync %s: %s", path);
	t = now() - t0;
	printf("wrote %llu bytes in %.2f s (%.2f s before fsync): %.1f MB/s\n",
	       (unsigned long long)size, t, tw, size / 1e6 / t);
	return 0;
}

static int cmd_verify(uint64_t seed, const char *path, int64_t size)
{
	int fd = open_in(path);
	uint64_t off = 0;
	ssize_t n, i;

	while ((n = read_full(fd, buf, CHUNK)) > 0) {
		pat_fill(want, seed, off, n);
		if (memcmp(buf, want, n)) {
			for (i = 0; buf[i] == want[i]; i++)
				;
			printf("%s: first difference at byte %llu (MiB %llu): %#x, want %#x\n",
			       path, (unsigned long long)(off + i),
			       (unsigned long long)((off + i) >> 20), (unsigned char)buf[i],
			       (unsigned char)want[i]);
			return 1;
		}
		off += n;
	}
	if (n < 0)
		die("read %s: %s", path);
	if (size >= 0 && off != (uint64_t)size) {
		printf("%s: %llu bytes, want %lld\n", path, (unsigned long long)off, (long long)size);
		return 1;
	}
	printf("%s: %llu bytes match seed %llu\n", path, (unsigned long long)off,
	       (unsigned long long)seed);
	return 0;
}

static int cmd_read(int procs, int rounds, const char *path)
{
	int go[2], i, st, bad = 0;
	struct stat sb;
	double t0, t;
	pid_t pid;
	char c;

	if (stat(path, &sb))
		die("stat %s: %s", path);
	if (pipe(go))
		die("pipe%s: %s", "");
	fflush(stdout);
	for (i = 0; i < procs; i++) {
		pid = fork();
		if (pid < 0)
			die("fork%s: %s", "");
		if (pid == 0) {
			int fd = open(path, O_RDONLY);

			close(go[1]);
			if (fd < 0 || read(go[0], &c, 1) != 0)	/* wait for the start */
				_exit(2);
			for (int r = 0; r < rounds; r++) {
				ssize_t n;

				lseek(fd, 0, SEEK_SET);
				while ((n = read(fd, buf, CHUNK)) > 0)
					;
				if (n < 0)
					_exit(2);
			}
			_exit(0);
		}
	}
	close(go[0]);
	usleep(200000);		/* all children opened the file and wait */
	t0 = now();
	close(go[1]);		/* EOF releases them all at once */
	while (wait(&st) > 0)
		bad |= !WIFEXITED(st) || WEXITSTATUS(st);
	t = now() - t0;
	printf("%d process%s x %d reads of %llu bytes in %.2f s: %.1f MB/s aggregate\n",
	       procs, procs == 1 ? "" : "es", rounds, (unsigned long long)sb.st_size, t,
	       (double)procs * rounds * sb.st_size / 1e6 / t);
	return bad ? 2 : 0;
}

/* Find NAME's "f" line in MANIFEST and load its model. */
static void load(const char *manifest, const char *name, struct fmodel *m)
{
	static char line[1 << 16];
	char *kind, *nm, *size, *save;
	FILE *f = fopen(manifest, "r");

	if (!f)
		die("open %s: %s", manifest);
	while (fgets(line, sizeof(line), f)) {
		kind = strtok_r(line, " \n", &save);
		nm = strtok_r(NULL, " \n", &save);
		if (!kind || !nm || strcmp(kind, "f") || strcmp(nm, name))
			continue;
		size = strtok_r(NULL, " \n", &save);
		if (!size || model_parse(m, save) || m->size != strtoull(size, NULL, 10)) {
			fprintf(stderr, "fstool: %s: bad line for %s\n", manifest, name);
			exit(2);
		}
		fclose(f);
		return;
	}
	fprintf(stderr, "fstool: %s: no file %s\n", manifest, name);
	exit(2);
}

static int cmd_expect(const char *manifest, const char *name)
{
	struct fmodel m = { 0 };
	uint64_t off, n;

	load(manifest, name, &m);
	for (off = 0; off < m.size; off += n) {
		n = m.size - off < CHUNK ? m.size - off : CHUNK;
		model_fill(&m, buf, off, n);
		if (write_all(1, buf, n))
			die("write to stdout: %s%s", "");
	}
	return 0;
}

static int cmd_cmp(const char *manifest, const char *name, const char *path)
{
	struct fmodel m = { 0 };
	int fd = open_in(path);
	uint64_t off = 0;
	ssize_t n, i;

	load(manifest, name, &m);
	while ((n = read_full(fd, buf, CHUNK)) > 0) {
		if (off + n > m.size) {
			printf("%s: longer than %llu bytes\n", name, (unsigned long long)m.size);
			return 1;
		}
		model_fill(&m, want, off, n);
		if (memcmp(buf, want, n)) {
			for (i = 0; buf[i] == want[i]; i++)
				;
			printf("%s: first difference at byte %llu: %#x, want %#x\n", name,
			       (unsigned long long)(off + i), (unsigned char)buf[i],
			       (unsigned char)want[i]);
			return 1;
		}
		off += n;
	}
	if (n < 0)
		die("read %s: %s", path ? path : "stdin");
	if (off != m.size) {
		printf("%s: %llu bytes, want %llu\n", name, (unsigned long long)off,
		       (unsigned long long)m.size);
		return 1;
	}
	return 0;
}

static int cmd_apply(const char *manifest, const char *name, const char *out)
{
	struct fmodel m = { 0 };
	int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644), i;
	uint64_t off, n;

	if (fd < 0)
		die("open %s: %s", out);
	load(manifest, name, &m);
	/* replay the ops, so that holes stay holes */
	for (i = 0; i < m.n; i++) {
		struct fop *op = &m.ops[i];

		if (op->kind == 't') {
			if (ftruncate(fd, op->off))
				die("ftruncate %s: %s", out);
			continue;
		}
		for (off = op->off; off < op->off + op->len; off += n) {
			n = op->off + op->len - off < CHUNK ? op->off + op->len - off : CHUNK;
			pat_fill(buf, op->seed, off, n);
			if (pwrite(fd, buf, n, off) != (ssize_t)n)
				die("pwrite %s: %s", out);
		}
	}
	if (ftruncate(fd, m.size) || close(fd))
		die("close %s: %s", out);
	return 0;
}

static int cmd_list(const char *manifest)
{
	char line[1 << 12], *save, *kind, *nm;
	FILE *f = fopen(manifest, "r");

	if (!f)
		die("open %s: %s", manifest);
	while (fgets(line, sizeof(line), f)) {
		if (!strchr(line, '\n') && !feof(f)) {	/* a long "f" line: skip its rest */
			int c;

			while ((c = fgetc(f)) != EOF && c != '\n')
				;
		}
		kind = strtok_r(line, " \n", &save);
		nm = strtok_r(NULL, " \n", &save);
		if (kind && nm && !strcmp(kind, "f"))
			printf("%s\n", nm);
	}
	fclose(f);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: fstool gen|gensum SEED SIZE | sum [FILE] | write SEED SIZE FILE |\n"
			"       verify SEED FILE [SIZE] | read [-p N] [-r N] FILE |\n"
			"       expect|cmp MANIFEST NAME [FILE] | apply MANIFEST NAME OUT |\n"
			"       list MANIFEST\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	if (!strcmp(cmd, "gen") && argc == 4)
		return cmd_gen(strtoull(argv[2], NULL, 0), parse_size(argv[3]));
	if (!strcmp(cmd, "gensum") && argc == 4)
		return cmd_gensum(strtoull(argv[2], NULL, 0), parse_size(argv[3]));
	if (!strcmp(cmd, "sum") && argc <= 3)
		return cmd_sum(argc == 3 ? argv[2] : NULL);
	if (!strcmp(cmd, "write") && argc == 5)
		return cmd_write(strtoull(argv[2], NULL, 0), parse_size(argv[3]), argv[4]);
	if (!strcmp(cmd, "verify") && (argc == 4 || argc == 5))
		return cmd_verify(strtoull(argv[2], NULL, 0), argv[3],
				  argc == 5 ? (int64_t)parse_size(argv[4]) : -1);
	if (!strcmp(cmd, "read")) {
		int procs = 1, rounds = 1, i;

		for (i = 2; i + 1 < argc && argv[i][0] == '-'; i += 2) {
			if (!strcmp(argv[i], "-p"))
				procs = atoi(argv[i + 1]);
			else if (!strcmp(argv[i], "-r"))
				rounds = atoi(argv[i + 1]);
			else
				usage();
		}
		if (i != argc - 1 || procs < 1 || rounds < 1)
			usage();
		return cmd_read(procs, rounds, argv[i]);
	}
	if (!strcmp(cmd, "expect") && argc == 4)
		return cmd_expect(argv[2], argv[3]);
	if (!strcmp(cmd, "cmp") && (argc == 4 || argc == 5))
		return cmd_cmp(argv[2], argv[3], argc == 5 ? argv[4] : NULL);
	if (!strcmp(cmd, "apply") && argc == 5)
		return cmd_apply(argv[2], argv[3], argv[4]);
	if (!strcmp(cmd, "list") && argc == 3)
		return cmd_list(argv[2]);
	usage();
	return 2;
}
