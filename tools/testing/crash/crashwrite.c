// SPDX-License-Identifier: GPL-2.0-only
/*
 * crashwrite - the guest half of the crash-consistency trials: writes files
 * with known content and tells the console each time one is durable.
 *
 * Usage: crashwrite -d DIR [-s SEED] [-n FILES] [-m MIN] [-M MAX]
 *        crashwrite -R -d DIR [-s SEED] [-M MAX]
 *        crashwrite -v CLAIMS -d DIR
 *
 * Write mode runs until killed (or FILES files): for file i it
 *   - writes f<i> (MIN..MAX bytes, content from SEED and i) in chunks of
 *     random size, in order or back to front (pwrite), sometimes leaving a
 *     hole that a later write fills;
 *   - fsync()s the file, close()s it, fsync()s DIR;
 *   - prints "FSYNCED f<i> <len> <cksum>" once both fsyncs returned;
 * and between files it
 *   - appends a record to DIR/log and makes it durable with fdatasync() or
 *     fsync() (alternately), printing "FSYNCED log <len> <cksum>": the first
 *     <len> bytes of log are then durable;
 *   - churns: creates, rewrites, renames and deletes scratch files t<i>
 *     without syncing them, so that blocks and inodes are freed and reused
 *     around the files that are synced.
 * A reported file is never touched again.  <cksum> is the POSIX cksum(1)
 * CRC of the bytes, so the host can check with cksum alone.  Lines are
 * written with one write(2) each, after the fsync returned: a line that
 * reached the console is a promise the kernel made.
 *
 * Reuse mode (-R) is one scripted step of the same kind, the case where a
 * file system must order a block's release before its reuse:
 *   - writes the scratch files ta and tb (MAX bytes each, 256 KiB by
 *     default: indirect blocks too) and makes them durable;
 *   - fills the file system with "fill" until ENOSPC (made durable too);
 *   - cuts ta to a few blocks and deletes tb, syncing neither, so that the
 *     disk still has their old inodes pointing at the freed blocks;
 *   - writes f00000 into the freed space (every free block is one of
 *     theirs), fsync()s it and DIR and claims it, then "CRASH-DONE" and
 *     waits to be killed.
 * A repair must not let the stale inodes take f00000's blocks back.
 *
 * Verify mode reads CLAIMS (lines as above) and checks DIR against them;
 * prints "ok"/"BAD ..." per claim and exits 1 if any is bad.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/statvfs.h>

#define CHUNK_MAX	(64 * 1024)
#define LOG_REC_MAX	3000

static uint32_t crc_table[256];

static void crc_init(void)
{
	uint32_t c;
	int i, j;

	for (i = 0; i < 256; i++) {
		c = (uint32_t)i << 24;
		for (j = 0; j < 8; j++)
			c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
		crc_table[i] = c;
	}
}

static uint32_t crc_update(uint32_t crc, const unsigned char *p, size_t n)
{
	while (n--)
		crc = (crc << 8) ^ crc_table[((crc >> 24) ^ *p++) & 0xff];
	return crc;
}

/* cksum(1) appends the length, least significant byte first. */
static uint32_t crc_final(uint32_t crc, unsigned long long len)
{
	unsigned char b;

	for (; len; len >>= 8) {
		b = len & 0xff;
		crc = crc_update(crc, &b, 1);
	}
	return ~crc;
}

/* xorshift64*: the content and the decisions, reproducible from a seed */
static uint64_t rnd_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static uint64_t rnd_seed(uint64_t a, uint64_t b)
{
	uint64_t s = (a + 1) * 0x9e3779b97f4a7c15ULL ^ (b + 7) * 0xbf58476d1ce4e5b9ULL;
	int i;

	if (!s)
		s = 1;
	for (i = 0; i < 4; i++)
		rnd_next(&s);
	return s;
}

static unsigned long long rnd_range(uint64_t *s, unsigned long long lo,
				    unsigned long long hi)
{
	return lo + rnd_next(s) % (hi - lo + 1);
}

static void fill(unsigned char *buf, size_t len, uint64_t seed)
{
	uint64_t s = seed, v = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (!(i & 7))
			v = rnd_next(&s);
		buf[i] = v >> ((i & 7) * 8);
	}
}

static void die(const char *what, const char *path)
{
	char msg[512];
	int n = snprintf(msg, sizeof(msg), "CRASH-ERROR %s %s: %s\n", what, path,
			 strerror(errno));

	if (write(1, msg, n) < 0)
		exit(2);
	exit(2);
}

static void say(const char *fmt, const char *name, unsigned long long len, uint32_t crc)
{
	char line[128];
	int n = snprintf(line, sizeof(line), fmt, name, len, (unsigned long)crc);

	if (write(1, line, n) != n)
		exit(2);
}

static void pwrite_all(int fd, const unsigned char *buf, size_t len, off_t off,
		       const char *path)
{
	ssize_t n;

	while (len) {
		n = pwrite(fd, buf, len, off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die("write", path);
		buf += n;
		len -= n;
		off += n;
	}
}

/* Write len bytes of buf to path in random chunks; back to front if rev. */
static void write_file(const char *path, const unsigned char *buf, size_t len,
		       uint64_t *r, int sync)
{
	size_t chunks[64], nchunks = 0, off = 0, c;
	int fd, rev = rnd_next(r) % 4 == 0;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die("open", path);
	while (off < len) {
		c = rnd_range(r, 1, CHUNK_MAX);
		if (c > len - off || nchunks == 63)
			c = len - off;
		chunks[nchunks++] = c;
		off += c;
	}
	if (rev) {
		/* back to front: the file is sparse until the first chunk lands */
		size_t i, end = len;

		for (i = nchunks; i-- > 0;) {
			end -= chunks[i];
			pwrite_all(fd, buf + end, chunks[i], end, path);
		}
	} else {
		size_t i;

		for (i = 0, off = 0; i < nchunks; off += chunks[i], i++)
			pwrite_all(fd, buf + off, chunks[i], off, path);
	}
	if (sync && fsync(fd))
		die("fsync", path);
	if (close(fd))
		die("close", path);
}

/* DIR itself, for fsync()ing its entries. */
static int open_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		die("open", dir);
	return fd;
}

static void churn(const char *dir, unsigned long i, uint64_t *r, unsigned char *buf,
		  size_t maxsize)
{
	char a[600], b[600];
	size_t len = rnd_range(r, 0, maxsize);

	snprintf(a, sizeof(a), "%s/t%05lu", dir, i);
	fill(buf, len, rnd_next(r));
	write_file(a, buf, len, r, 0);
	switch (rnd_next(r) % 4) {
	case 0:		/* rename over an older scratch file, if any */
		snprintf(b, sizeof(b), "%s/t%05lu", dir, i >= 3 ? i - 3 : 0);
		if (rename(a, b) && errno != ENOENT)
			die("rename", a);
		break;
	case 1:		/* delete an older one */
		snprintf(b, sizeof(b), "%s/t%05lu", dir, i >= 2 ? i - 2 : 0);
		if (unlink(b) && errno != ENOENT)
			die("unlink", b);
		break;
	case 2:		/* truncate an older one in the middle */
		snprintf(b, sizeof(b), "%s/t%05lu", dir, i >= 1 ? i - 1 : 0);
		if (truncate(b, rnd_range(r, 0, maxsize / 2)) && errno != ENOENT)
			die("truncate", b);
		break;
	}
	/* keep the number of scratch files bounded */
	if (i >= 8) {
		snprintf(b, sizeof(b), "%s/t%05lu", dir, i - 8);
		if (unlink(b) && errno != ENOENT)
			die("unlink", b);
	}
}

static int write_mode(const char *dir, uint64_t seed, unsigned long nfiles,
		      size_t minsize, size_t maxsize)
{
	unsigned char *buf = malloc(maxsize + LOG_REC_MAX);
	unsigned long long loglen = 0;
	uint32_t logcrc = 0;
	char path[600], name[32];
	uint64_t r = rnd_seed(seed, ~0ULL);
	unsigned long i;
	int dfd, lfd;
	size_t len;

	if (!buf)
		die("malloc", dir);
	dfd = open_dir(dir);
	snprintf(path, sizeof(path), "%s/log", dir);
	lfd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	if (lfd < 0)
		die("open", path);
	if (fsync(lfd) || fsync(dfd))
		die("fsync", path);

	for (i = 0; !nfiles || i < nfiles; i++) {
		uint64_t fr = rnd_seed(seed, i);

		len = rnd_range(&fr, minsize, maxsize);
		fill(buf, len, rnd_next(&fr));
		snprintf(name, sizeof(name), "f%05lu", i);
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		write_file(path, buf, len, &fr, 1);
		if (fsync(dfd))
			die("fsync", dir);
		say("FSYNCED %s %llu %lu\n", name, len,
		    crc_final(crc_update(0, buf, len), len));

		/* the log: append, make durable, claim its new length */
		len = rnd_range(&r, 1, LOG_REC_MAX);
		fill(buf, len, rnd_next(&r));
		snprintf(path, sizeof(path), "%s/log", dir);
		pwrite_all(lfd, buf, len, loglen, path);
		if (i % 2 ? fdatasync(lfd) : fsync(lfd))
			die("fsync", path);
		logcrc = crc_update(logcrc, buf, len);
		loglen += len;
		say("FSYNCED %s %llu %lu\n", "log", loglen, crc_final(logcrc, loglen));

		churn(dir, i, &r, buf, maxsize);
	}
	return 0;
}

/* Appends to fd until the file system is full. */
static void fill_up(int fd, const char *path, unsigned char *buf, size_t bufsize)
{
	size_t chunk = bufsize;
	ssize_t n;

	for (;;) {
		n = write(fd, buf, chunk);
		if (n > 0 || (n < 0 && errno == EINTR))
			continue;
		if (n < 0 && errno != ENOSPC)
			die("write", path);
		if (chunk <= 512)
			return;
		chunk /= 2;	/* the last free blocks, in smaller pieces */
	}
}

static int reuse_mode(const char *dir, uint64_t seed, size_t size)
{
	unsigned char *buf = malloc(size > CHUNK_MAX ? size : CHUNK_MAX);
	uint64_t r = rnd_seed(seed, 1);
	char ta[600], tb[600], path[600];
	unsigned long long len;
	struct statvfs st;
	int dfd, fd;

	if (!buf)
		die("malloc", dir);
	dfd = open_dir(dir);
	snprintf(ta, sizeof(ta), "%s/ta", dir);
	snprintf(tb, sizeof(tb), "%s/tb", dir);
	fill(buf, size, rnd_next(&r));
	write_file(ta, buf, size, &r, 1);
	fill(buf, size, rnd_next(&r));
	write_file(tb, buf, size, &r, 1);

	snprintf(path, sizeof(path), "%s/fill", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die("open", path);
	fill(buf, CHUNK_MAX, rnd_next(&r));
	fill_up(fd, path, buf, CHUNK_MAX);
	if (fsync(fd) || close(fd) || fsync(dfd))
		die("fsync", path);

	/* Release blocks without syncing: the old inodes stay on the disk. */
	if (truncate(ta, rnd_range(&r, 1, 4096)))
		die("truncate", ta);
	if (unlink(tb))
		die("unlink", tb);

	/* f00000 takes the freed blocks: nothing else is free. */
	if (statvfs(dir, &st))
		die("statvfs", dir);
	len = (unsigned long long)st.f_bfree * st.f_bsize;
	len = len > 16 * st.f_bsize ? len - 16 * st.f_bsize : len / 2;
	if (len > size)
		len = size;
	snprintf(path, sizeof(path), "%s/f00000", dir);
	fill(buf, len, rnd_next(&r));
	write_file(path, buf, len, &r, 1);
	if (fsync(dfd))
		die("fsync", dir);
	say("FSYNCED %s %llu %lu\n", "f00000", len, crc_final(crc_update(0, buf, len), len));
	say("CRASH-DONE %s %llu %lu\n", "reuse", (unsigned long long)st.f_bfree, 0);
	for (;;)
		pause();
}

/* Checks one claim; prints the verdict.  0 if it holds. */
static int verify_one(const char *dir, const char *name, unsigned long long len,
		      unsigned long crc)
{
	unsigned char buf[65536];
	unsigned long long got = 0;
	uint32_t c = 0;
	char path[600];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		printf("BAD %s: %s\n", name, strerror(errno));
		return 1;
	}
	while (got < len) {
		size_t want = len - got < sizeof(buf) ? len - got : sizeof(buf);

		n = read(fd, buf, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		c = crc_update(c, buf, n);
		got += n;
	}
	/* a plain file must be exactly len long; the log at least len */
	if (got == len && strcmp(name, "log") && read(fd, buf, 1) > 0)
		got++;
	close(fd);
	if (got != len) {
		printf("BAD %s: length %s %llu\n", name, got < len ? "short of" : "over", len);
		return 1;
	}
	if (crc_final(c, len) != crc) {
		printf("BAD %s: cksum %lu, expected %lu\n", name,
		       (unsigned long)crc_final(c, len), crc);
		return 1;
	}
	printf("ok %s %llu\n", name, len);
	return 0;
}

static int verify_mode(const char *claims, const char *dir)
{
	char line[256], name[64];
	unsigned long long len;
	unsigned long crc;
	int bad = 0, n = 0;
	FILE *f = fopen(claims, "r");

	if (!f)
		die("open", claims);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "FSYNCED %63s %llu %lu", name, &len, &crc) != 3)
			continue;
		bad += verify_one(dir, name, len, crc);
		n++;
	}
	fclose(f);
	printf("verified %d claims, %d bad\n", n, bad);
	return bad ? 1 : 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: crashwrite -d DIR [-s SEED] [-n FILES] [-m MIN] [-M MAX]\n"
		"       crashwrite -R -d DIR [-s SEED] [-M MAX]\n"
		"       crashwrite -v CLAIMS -d DIR\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long long seed = 1;
	unsigned long nfiles = 0;
	size_t minsize = 1, maxsize = 256 * 1024;
	const char *dir = NULL, *claims = NULL;
	int opt, reuse = 0;

	while ((opt = getopt(argc, argv, "d:s:n:m:M:v:R")) != -1) {
		switch (opt) {
		case 'd': dir = optarg; break;
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 'n': nfiles = strtoul(optarg, NULL, 0); break;
		case 'm': minsize = strtoul(optarg, NULL, 0); break;
		case 'M': maxsize = strtoul(optarg, NULL, 0); break;
		case 'v': claims = optarg; break;
		case 'R': reuse = 1; break;
		default: usage();
		}
	}
	if (!dir || optind != argc || minsize > maxsize)
		usage();
	crc_init();
	if (claims)
		return verify_mode(claims, dir);
	if (reuse)
		return reuse_mode(dir, seed, maxsize);
	return write_mode(dir, seed, nfiles, minsize, maxsize);
}
