/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fstest.h - what the storage tests (fsio, fsmeta, blockdev, fstool) share:
 * a deterministic data pattern, a model of a file's expected contents, the
 * ext2 block-map arithmetic and small helpers.  Include after tap.h and
 * util.h (fstool, which prints no TAP, defines FSTEST_NO_TAP first).
 *
 * Pattern.  The byte at absolute file offset X for seed S is byte (X & 7)
 * (little endian) of pat_word(S, X >> 3), a splitmix64 mix of S and X >> 3.
 * Any range can be produced or checked without reading what precedes it,
 * and the host regenerates exactly what the guest wrote (same code, the
 * static fstool binary runs on the host too).
 *
 * File model.  struct fmodel records the writes ('w' OFF LEN SEED) and
 * truncations ('t' SIZE) made to a file, in order; model_fill() computes
 * the expected bytes of any range: zeros, then each op applied in turn
 * (a truncation zeroes everything from its size on, so bytes beyond a
 * shrink read back as zeros after a later extension).  The same model goes
 * to the host as one manifest line:
 *	f NAME SIZE w:OFF:LEN:SEED t:SIZE ...
 * besides "l NAME TARGET" (symlink), "d NAME" (directory) and
 * "h NAME OTHER" (hard link to OTHER).
 *
 * Block map.  ext2_meta_blocks() counts the indirect blocks that a set of
 * data blocks needs in an ext2 inode (12 direct pointers, then single,
 * double, triple indirect blocks of blocksize/4 pointers), so that tests
 * can predict st_blocks exactly.
 *
 * Not thread safe (single-threaded test programs; children only use the
 * pattern functions).
 */
#ifndef SELFTESTS_STORAGE_FSTEST_H
#define SELFTESTS_STORAGE_FSTEST_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EXT2_SUPER_MAGIC 0xEF53
#define EXT2_NDIR_BLOCKS 12

/* ---------------------------------------------------------- pattern */

static inline uint64_t pat_word(uint64_t seed, uint64_t idx)
{
	uint64_t x = seed * 0x9E3779B97F4A7C15ULL + idx * 0xD1B54A32D192ED03ULL + 1;

	x ^= x >> 30;
	x *= 0xBF58476D1CE4E5B9ULL;
	x ^= x >> 27;
	x *= 0x94D049BB133111EBULL;
	x ^= x >> 31;
	return x;
}

static inline unsigned char pat_byte(uint64_t seed, uint64_t off)
{
	return pat_word(seed, off >> 3) >> ((off & 7) * 8);
}

/* buf[0..len) = the pattern of seed at file offsets off..off+len. */
__attribute__((unused)) static void pat_fill(void *buf, uint64_t seed, uint64_t off, size_t len)
{
	unsigned char *p = buf;
	uint64_t w;

	while (len && (off & 7)) {
		*p++ = pat_byte(seed, off++);
		len--;
	}
	while (len >= 8) {
		w = pat_word(seed, off >> 3);
		memcpy(p, &w, 8);	/* x86: little endian */
		p += 8;
		off += 8;
		len -= 8;
	}
	while (len--) {
		*p++ = pat_byte(seed, off++);
	}
}

/*
 * A 64-bit running checksum of a byte stream, independent of how the stream
 * is cut into chunks.  Not cryptographic: it catches misplaced, stale or
 * zeroed blocks, which is what a storage test needs.
 */
struct fsum {
	uint64_t h;
	uint64_t nbytes;
	unsigned char part[8];
	unsigned int npart;
};

static inline void fsum_word(struct fsum *s, uint64_t w)
{
	s->h ^= w + (s->nbytes >> 3) * 0x9E3779B97F4A7C15ULL;
	s->h *= 0x100000001B3ULL;
	s->h = (s->h << 29) | (s->h >> 35);
	s->nbytes += 8;
}

__attribute__((unused)) static void fsum_init(struct fsum *s)
{
	memset(s, 0, sizeof(*s));
	s->h = 0xCBF29CE484222325ULL;
}

__attribute__((unused)) static void fsum_add(struct fsum *s, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	uint64_t w;

	while (len && s->npart) {
		s->part[s->npart++] = *p++;
		len--;
		if (s->npart == 8) {
			memcpy(&w, s->part, 8);
			s->npart = 0;
			fsum_word(s, w);
		}
	}
	while (len >= 8) {
		memcpy(&w, p, 8);
		fsum_word(s, w);
		p += 8;
		len -= 8;
	}
	while (len--)
		s->part[s->npart++] = *p++;
}

__attribute__((unused)) static uint64_t fsum_final(struct fsum *s)
{
	uint64_t w = 0, total = s->nbytes + s->npart;

	if (s->npart) {
		memcpy(&w, s->part, s->npart);
		fsum_word(s, w ^ 0x80);
		s->npart = 0;
	}
	s->h ^= total;
	s->h *= 0xFF51AFD7ED558CCDULL;
	s->h ^= s->h >> 33;
	return s->h;
}

/* ---------------------------------------------------------- file model */

struct fop {
	char kind;		/* 'w' write, 't' truncate */
	uint64_t off;		/* 'w': offset; 't': new size */
	uint64_t len;
	uint64_t seed;
};

struct fmodel {
	struct fop *ops;
	int n, cap;
	uint64_t size;
};

__attribute__((unused)) static void model_reset(struct fmodel *m)
{
	m->n = 0;
	m->size = 0;
}

__attribute__((unused)) static void model_add(struct fmodel *m, char kind, uint64_t off,
					      uint64_t len, uint64_t seed)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 16;
		m->ops = realloc(m->ops, m->cap * sizeof(*m->ops));
		if (!m->ops) {
			fprintf(stderr, "fstest: out of memory\n");
			exit(3);
		}
	}
	m->ops[m->n++] = (struct fop){ kind, off, len, seed };
	if (kind == 'w') {
		if (len && off + len > m->size)
			m->size = off + len;
	} else {
		m->size = off;
	}
}

/* Expected bytes of [off, off + len) (beyond the size: zeros). */
__attribute__((unused)) static void model_fill(const struct fmodel *m, void *buf,
					       uint64_t off, size_t len)
{
	uint64_t end = off + len, a, b;
	int i;

	memset(buf, 0, len);
	for (i = 0; i < m->n; i++) {
		const struct fop *op = &m->ops[i];

		if (op->kind == 'w') {
			a = op->off > off ? op->off : off;
			b = op->off + op->len < end ? op->off + op->len : end;
			if (a < b)
				pat_fill((char *)buf + (a - off), op->seed, a, b - a);
		} else if (op->off < end) {
			a = op->off > off ? op->off : off;
			memset((char *)buf + (a - off), 0, end - a);
		}
	}
}

/* Manifest form: "w:OFF:LEN:SEED t:SIZE ..." after "f NAME SIZE". */
__attribute__((unused)) static void model_print(FILE *f, const char *name,
						const struct fmodel *m)
{
	int i;

	fprintf(f, "f %s %llu", name, (unsigned long long)m->size);
	for (i = 0; i < m->n; i++) {
		const struct fop *op = &m->ops[i];

		if (op->kind == 'w')
			fprintf(f, " w:%llu:%llu:%llu", (unsigned long long)op->off,
				(unsigned long long)op->len, (unsigned long long)op->seed);
		else
			fprintf(f, " t:%llu", (unsigned long long)op->off);
	}
	fprintf(f, "\n");
}

/*
 * Parse the ops of a manifest "f" line (the part after "f NAME SIZE ").
 * Returns 0, or -1 on a malformed op.
 */
__attribute__((unused)) static int model_parse(struct fmodel *m, char *ops)
{
	unsigned long long a, b, c;
	char *tok, *save = NULL;

	model_reset(m);
	for (tok = strtok_r(ops, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
		if (sscanf(tok, "w:%llu:%llu:%llu", &a, &b, &c) == 3)
			model_add(m, 'w', a, b, c);
		else if (sscanf(tok, "t:%llu", &a) == 1)
			model_add(m, 't', a, 0, 0);
		else
			return -1;
	}
	return 0;
}

/* ---------------------------------------------------------- ext2 block map */

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Sort and deduplicate; returns the new count. */
__attribute__((unused)) static size_t u64_uniq(uint64_t *v, size_t n)
{
	size_t i, o = 0;

	qsort(v, n, sizeof(*v), u64_cmp);
	for (i = 0; i < n; i++)
		if (!o || v[o - 1] != v[i])
			v[o++] = v[i];
	return o;
}

/*
 * Indirect blocks an ext2 inode with block size bs needs to map the data
 * blocks blk[0..n) (any order, duplicates allowed; blk is reordered).
 */
__attribute__((unused)) static uint64_t ext2_meta_blocks(uint64_t bs, uint64_t *blk, size_t n)
{
	uint64_t p = bs / 4, b, *key;
	size_t i, k = 0;

	key = calloc(3 * n + 1, sizeof(*key));
	if (!key)
		return 0;
	for (i = 0; i < n; i++) {
		b = blk[i];
		if (b < EXT2_NDIR_BLOCKS)
			continue;
		b -= EXT2_NDIR_BLOCKS;
		if (b < p) {
			key[k++] = 1ULL << 60;			/* the IND block */
			continue;
		}
		b -= p;
		if (b < p * p) {
			key[k++] = 2ULL << 60;			/* the DIND block */
			key[k++] = (3ULL << 60) | (b / p);	/* its IND blocks */
			continue;
		}
		b -= p * p;
		key[k++] = 4ULL << 60;				/* the TIND block */
		key[k++] = (5ULL << 60) | (b / (p * p));	/* its DIND blocks */
		key[k++] = (6ULL << 60) | (b / p);		/* their IND blocks */
	}
	k = u64_uniq(key, k);
	free(key);
	return k;
}

/*
 * Data blocks the model's file has allocated: every block a write touched,
 * minus those a truncation cut off.  Returns the count of data blocks
 * (into *data) and of indirect blocks (return value); -1 if too many to
 * track.
 */
__attribute__((unused)) static long long model_blocks(const struct fmodel *m, uint64_t bs,
						      uint64_t *data)
{
	uint64_t *blk = NULL, b, keep;
	size_t n = 0, cap = 0, i, o;
	long long meta;
	int k;

	for (k = 0; k < m->n; k++) {
		const struct fop *op = &m->ops[k];

		if (op->kind == 't') {
			keep = (op->off + bs - 1) / bs;
			for (i = o = 0; i < n; i++)
				if (blk[i] < keep)
					blk[o++] = blk[i];
			n = o;
			continue;
		}
		if (!op->len)
			continue;
		for (b = op->off / bs; b <= (op->off + op->len - 1) / bs; b++) {
			if (n == cap) {
				if (cap >= (1 << 20)) {
					free(blk);
					return -1;
				}
				cap = cap ? 2 * cap : 256;
				blk = realloc(blk, cap * sizeof(*blk));
				if (!blk)
					return -1;
			}
			blk[n++] = b;
		}
		n = u64_uniq(blk, n);
	}
	n = n ? u64_uniq(blk, n) : 0;
	*data = n;
	meta = ext2_meta_blocks(bs, blk, n);
	free(blk);
	return meta;
}

/* First block of the double and triple indirect ranges (single: 12). */
static inline uint64_t ext2_dind_start(uint64_t bs)
{
	return EXT2_NDIR_BLOCKS + bs / 4;
}

static inline uint64_t ext2_tind_start(uint64_t bs)
{
	return EXT2_NDIR_BLOCKS + bs / 4 + (bs / 4) * (bs / 4);
}

/* ---------------------------------------------------------- helpers */

__attribute__((unused)) static long long env_ll(const char *name, long long def)
{
	const char *v = getenv(name);
	char *end;
	long long x;

	if (!v || !*v)
		return def;
	x = strtoll(v, &end, 0);
	return *end ? def : x;
}

/* Full pwrite/pread (loops over short counts); bytes done or -1. */
__attribute__((unused)) static ssize_t pwrite_full(int fd, const void *buf, size_t len,
						   off_t off)
{
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = pwrite(fd, (const char *)buf + done, len - done, off + done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return done ? (ssize_t)done : -1;
		done += n;
	}
	return done;
}

__attribute__((unused)) static ssize_t pread_full(int fd, void *buf, size_t len, off_t off)
{
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = pread(fd, (char *)buf + done, len - done, off + done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return done ? (ssize_t)done : -1;
		if (n == 0)
			break;
		done += n;
	}
	return done;
}

/* sync, then drop the page cache, dentries and inodes: 0 or -1. */
__attribute__((unused)) static int drop_caches(void)
{
	int fd, r;

	sync();
	fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	r = write(fd, "3\n", 2) == 2 ? 0 : -1;
	close(fd);
	return r;
}

/* ---------------------------------------------------------- TAP side */
#ifdef SELFTESTS_TAP_H
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/statfs.h>

static char fst_base[PATH_MAX];	/* our private directory on the fs under test */
static char fst_root[PATH_MAX];	/* the directory we were given */
static uint64_t fst_bs;		/* the file system's block size */
static int fst_ext2;		/* f_type is EXT2_SUPER_MAGIC */

/* fst_base/NAME, printf-style; eight rotating buffers. */
__attribute__((format(printf, 1, 2), unused)) static const char *P(const char *fmt, ...)
{
	static char bufs[8][PATH_MAX];
	static int next;
	char *buf = bufs[next++ & 7];
	va_list ap;
	int n;

	n = snprintf(buf, PATH_MAX, "%s/", fst_base);
	va_start(ap, fmt);
	vsnprintf(buf + n, PATH_MAX - n, fmt, ap);
	va_end(ap);
	return buf;
}

/*
 * The directory under test is argv[1] or $FSTEST_DIR.  Without one, print a
 * single skipped test and return -1 (the suite then just finishes).
 * Otherwise make NAME.PID inside it and learn the block size.
 */
__attribute__((unused)) static int fst_setup(int argc, char **argv, const char *name)
{
	const char *dir = argc > 1 ? argv[1] : getenv("FSTEST_DIR");
	struct statfs sf;

	if (!dir || !*dir) {
		skip("no directory to test: give one as argument or in $FSTEST_DIR");
		return -1;
	}
	snprintf(fst_root, sizeof(fst_root), "%s", dir);
	if (statfs(dir, &sf))
		bail_out("statfs %s: %s", dir, strerror(errno));
	fst_bs = sf.f_bsize;
	fst_ext2 = sf.f_type == EXT2_SUPER_MAGIC;
	snprintf(fst_base, sizeof(fst_base), "%s/%s.%d", dir, name, (int)getpid());
	if (mkdir(fst_base, 0755))
		bail_out("mkdir %s: %s", fst_base, strerror(errno));
	diag("testing in %s: f_type %#lx%s, block size %llu", fst_base, (unsigned long)sf.f_type,
	     fst_ext2 ? " (ext2)" : "", (unsigned long long)fst_bs);
	if (!fst_ext2)
		diag("not ext2: the exact block-count checks are skipped");
	return 0;
}

static int fst_rm(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		return rmdir(path) ? (diag("rmdir %s: %s", path, strerror(errno)), 0) : 0;
	return unlink(path) ? (diag("unlink %s: %s", path, strerror(errno)), 0) : 0;
}

/*
 * Run one group of tests and say how long it took.  $FSTEST_ONLY, a list of
 * group names (test_appends,test_fsync), runs only those: the NFS suite
 * reuses the groups that do not depend on a local disk file system.
 */
#define RUN(fn) do {							\
	const char *__only = getenv("FSTEST_ONLY");			\
	long long __t0 = now_ns(CLOCK_MONOTONIC);			\
	if (__only && *__only && !strstr(__only, #fn))			\
		break;							\
	fn();								\
	diag("%s: %.1f s", #fn, (now_ns(CLOCK_MONOTONIC) - __t0) / 1e9); \
} while (0)

/* Remove a tree (no error if it does not exist). */
__attribute__((unused)) static void rm_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st) == 0)
		nftw(path, fst_rm, 32, FTW_DEPTH | FTW_PHYS);
}

__attribute__((unused)) static void fst_cleanup(void)
{
	if (fst_base[0])
		rm_tree(fst_base);
}

__attribute__((unused)) static struct stat st_of(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		memset(&st, 0xff, sizeof(st));
	return st;
}

__attribute__((unused)) static struct statfs fs_stat(void)
{
	struct statfs sf;

	if (statfs(fst_root, &sf))
		memset(&sf, 0, sizeof(sf));
	return sf;
}

/* Apply a write to the file and its model: 0, or -1 (with a diag). */
__attribute__((unused)) static int m_write(int fd, struct fmodel *m, uint64_t off, uint64_t len,
					   uint64_t seed)
{
	static char buf[1 << 20];
	uint64_t done = 0, n;

	while (done < len) {
		n = len - done < sizeof(buf) ? len - done : sizeof(buf);
		pat_fill(buf, seed, off + done, n);
		if (pwrite_full(fd, buf, n, off + done) != (ssize_t)n) {
			diag("pwrite %llu bytes at %llu: %s", (unsigned long long)n,
			     (unsigned long long)(off + done), strerror(errno));
			return -1;
		}
		done += n;
	}
	model_add(m, 'w', off, len, seed);
	return 0;
}

__attribute__((unused)) static int m_trunc(int fd, struct fmodel *m, uint64_t size)
{
	if (ftruncate(fd, size)) {
		diag("ftruncate to %llu: %s", (unsigned long long)size, strerror(errno));
		return -1;
	}
	model_add(m, 't', size, 0, 0);
	return 0;
}

/*
 * Read [off, off + len) with reads of `chunk` bytes (0: 1 MiB) and compare
 * with the model (the read must stop at the model's size).  Returns 1 if
 * every byte matched, else 0 after a diag naming the first bad offset.
 */
__attribute__((unused)) static int m_check_chunked(int fd, const struct fmodel *m, uint64_t off,
						   uint64_t len, size_t chunk)
{
	static char got[1 << 20] __attribute__((aligned(4096)));	/* O_DIRECT too */
	static char want[1 << 20];
	uint64_t pos = off, end = off + len, want_end, n;
	ssize_t r;
	size_t i;

	if (!chunk || chunk > sizeof(got))
		chunk = sizeof(got);
	want_end = end < m->size ? end : m->size;
	if (want_end < pos)
		want_end = pos;
	while (pos < end) {
		n = end - pos < chunk ? end - pos : chunk;
		r = pread_full(fd, got, n, pos);
		if (r < 0) {
			diag("pread %llu bytes at %llu: %s", (unsigned long long)n,
			     (unsigned long long)pos, strerror(errno));
			return 0;
		}
		if ((uint64_t)r != (want_end > pos ? (want_end - pos < n ? want_end - pos : n) : 0)) {
			diag("pread %llu bytes at %llu returned %zd (file size should be %llu)",
			     (unsigned long long)n, (unsigned long long)pos, r,
			     (unsigned long long)m->size);
			return 0;
		}
		if (r == 0)
			return 1;
		model_fill(m, want, pos, r);
		if (memcmp(got, want, r)) {
			for (i = 0; got[i] == want[i]; i++)
				;
			diag("first difference at offset %llu (block %llu + %llu): got %#x, want %#x",
			     (unsigned long long)(pos + i), (unsigned long long)((pos + i) / fst_bs),
			     (unsigned long long)((pos + i) % fst_bs), (unsigned char)got[i],
			     (unsigned char)want[i]);
			return 0;
		}
		pos += r;
	}
	return 1;
}

__attribute__((unused)) static int m_check(int fd, const struct fmodel *m, uint64_t off,
					   uint64_t len)
{
	return m_check_chunked(fd, m, off, len, 0);
}

/* The whole file: its size and every byte. */
__attribute__((unused)) static int m_check_all(int fd, const struct fmodel *m)
{
	struct stat st;

	if (fstat(fd, &st) || (uint64_t)st.st_size != m->size) {
		diag("file size %lld, want %llu", (long long)st.st_size,
		     (unsigned long long)m->size);
		return 0;
	}
	return m_check(fd, m, 0, m->size + 1);
}

/* st_blocks the model predicts for ext2 (512-byte units), or -1. */
__attribute__((unused)) static long long m_st_blocks(const struct fmodel *m)
{
	uint64_t data;
	long long meta = model_blocks(m, fst_bs, &data);

	return meta < 0 ? -1 : (long long)((data + meta) * (fst_bs / 512));
}

/* ok() that st_blocks of fd matches the model exactly (ext2 only). */
__attribute__((unused)) static void check_st_blocks(int fd, const struct fmodel *m,
						    const char *what)
{
	long long want = m_st_blocks(m);
	struct stat st;

	if (!fst_ext2 || want < 0) {
		skip("%s: st_blocks (not ext2)", what);
		return;
	}
	fstat(fd, &st);
	ok_eq(st.st_blocks, want, "%s: st_blocks counts exactly the written blocks and "
	      "their indirect blocks", what);
}
#endif /* SELFTESTS_TAP_H */

#endif /* SELFTESTS_STORAGE_FSTEST_H */
