// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host tests of the initramfs decompressors (lib/decompress*.c), through
 * hu_decompress() in decompress_shim.c:
 *
 *  - real files: inputs made here (random, text, zeros, a 2 MiB cpio-like
 *    mix) are compressed at test time by the host's gzip (-1..-9), xz
 *    (--check=crc32 and crc64, -0..-9e) and zstd (-1..-19, with and
 *    without --no-check); each must decode to the original, using exactly
 *    the file's bytes.  Concatenated members/streams/frames decode one by
 *    one.  A tool that is missing skips its cases.
 *  - corruption: a few thousand mutations (bit flips, byte changes,
 *    truncations, inserted and deleted bytes; fixed seed) of small files
 *    of each format must give an error or some output, never a crash or
 *    a hang.  The same file is built with -fsanitize=address,undefined as
 *    the decompress_fuzz harness (DT_FUZZ_MAIN), which runs this part.
 *  - speed: with DECOMPRESS_BENCH=1 in the environment, the decode speed
 *    of a 10 MiB input in each format, as "# ..." lines.
 *
 * Host code: libc, no kernel headers; kernel functions only through
 * hostunit.h.
 */
#ifndef DT_FUZZ_MAIN
#define HU_HOST
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "hostunit.h"

#ifdef DT_FUZZ_MAIN
static int fz_tests, fz_failed;

void hu_ok(int ok, const char *name)
{
	fz_tests++;
	if (!ok)
		fz_failed++;
	printf("%sok %d - %s\n", ok ? "" : "not ", fz_tests, name);
}

void hu_diag(const char *msg)
{
	printf("# %s\n", msg);
}

/*
 * The kernel code's allocator, from libc.  Thousands of decodes each take
 * a window and state of a few hundred KiB; a freed block is kept for the
 * next request of its size, which spares ASan's allocator a fresh mapping
 * (and the run most of its time).  Overruns still hit the block's redzone.
 */
#define FZ_CACHE 8
static struct {
	void *p;
	unsigned long size;
} fz_cache[FZ_CACHE], fz_sizes[64];

void *vmalloc(unsigned long size)
{
	void *p;

	for (int i = 0; i < FZ_CACHE; i++) {
		if (fz_cache[i].p && fz_cache[i].size == size) {
			p = fz_cache[i].p;
			fz_cache[i].p = NULL;
			return p;
		}
	}
	p = malloc(size);
	for (int i = 0; p && i < 64; i++) {
		if (!fz_sizes[i].p) {
			fz_sizes[i].p = p;
			fz_sizes[i].size = size;
			break;
		}
	}
	return p;
}

void vfree(const void *p)
{
	unsigned long size = 0;
	int i;

	if (!p)
		return;
	for (i = 0; i < 64; i++) {
		if (fz_sizes[i].p == p) {
			size = fz_sizes[i].size;
			break;
		}
	}
	for (int j = 0; size && j < FZ_CACHE; j++) {
		if (!fz_cache[j].p) {
			fz_cache[j].p = (void *)p;
			fz_cache[j].size = size;
			return;
		}
	}
	if (i < 64)
		fz_sizes[i].p = NULL;
	free((void *)p);
}
#endif

static char tmpdir[64];

/* ------------------------------------------------------------ inputs */

struct blob {
	unsigned char *data;
	size_t len;
};

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static void gen_random(struct blob *b, size_t len)
{
	b->data = malloc(len);
	b->len = len;
	for (size_t i = 0; i < len; i++)
		b->data[i] = hu_rand_next(&rng) >> 32;
}

static const char *const words[] = {
	"the", "kernel", "unpacks", "initramfs", "archive", "into", "rootfs", "before",
	"init", "runs", "a", "compressed", "member", "window", "of", "bytes", "and",
	"distance", "length", "literal", "Huffman", "table", "block", "stream", "frame",
	"checksum", "mismatch", "\n", "busybox", "/lib/modules", "ext4.ko", "=", "0x1f",
};

static void gen_text(struct blob *b, size_t len)
{
	size_t n = sizeof(words) / sizeof(words[0]);

	b->data = malloc(len);
	b->len = 0;
	while (b->len < len) {
		const char *w = words[hu_rand_next(&rng) % n];
		size_t l = strlen(w);

		if (l + 1 > len - b->len)
			break;
		memcpy(b->data + b->len, w, l);
		b->len += l;
		b->data[b->len++] = ' ';
	}
	while (b->len < len)
		b->data[b->len++] = '.';
}

static void gen_zeros(struct blob *b, size_t len)
{
	b->data = calloc(1, len);
	b->len = len;
}

/* newc headers with text, random, zero and repeated binary "files". */
static void gen_mix(struct blob *b, size_t len)
{
	size_t ino = 1;

	b->data = malloc(len);
	b->len = 0;
	while (b->len < len) {
		char hdr[160];
		size_t fsize = hu_rand_next(&rng) % 40000, l, i;
		int kind = hu_rand_next(&rng) % 4;

		l = snprintf(hdr, sizeof(hdr), "070701%08zX%08X%08X%08X%08X%08X%08zX"
			     "0000000000000000000000000000000D00000000usr/lib/f%05zu",
			     ino, 0100644, 0, 0, 1, 1700000000, fsize, ino);
		ino++;
		l = (l + 4) & ~3UL;
		if (l > len - b->len)
			break;
		memset(b->data + b->len, 0, l);
		memcpy(b->data + b->len, hdr, strlen(hdr));
		b->len += l;
		fsize = fsize < len - b->len ? fsize : len - b->len;
		for (i = 0; i < fsize; i++) {
			unsigned char c;

			switch (kind) {
			case 0:
				c = words[(i / 7 + ino) % 20][i % 3];
				break;
			case 1:
				c = hu_rand_next(&rng);
				break;
			case 2:
				c = 0;
				break;
			default:
				c = (unsigned char)(i * 7 + (i >> 8)) ^ (i % 251 ? 0 : 0x5a);
				break;
			}
			b->data[b->len++] = c;
		}
	}
}

/* ------------------------------------------------------------ files and tools */

static int write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	int ok;

	if (!f)
		return -1;
	ok = fwrite(data, 1, len, f) == len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

static int read_file(const char *path, struct blob *b)
{
	FILE *f = fopen(path, "rb");
	struct stat st;

	b->data = NULL;
	b->len = 0;
	if (!f)
		return -1;
	if (fstat(fileno(f), &st) || !(b->data = malloc(st.st_size + 1)) ||
	    fread(b->data, 1, st.st_size, f) != (size_t)st.st_size) {
		fclose(f);
		free(b->data);
		b->data = NULL;
		return -1;
	}
	b->len = st.st_size;
	fclose(f);
	return 0;
}

static int have_tool(const char *tool)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", tool);
	return system(cmd) == 0;
}

/* Compress in with "tool args" into out; 0 on success. */
static int compress(const char *cmdline, const struct blob *in, struct blob *out)
{
	char inpath[128], outpath[128], cmd[512];

	snprintf(inpath, sizeof(inpath), "%s/in", tmpdir);
	snprintf(outpath, sizeof(outpath), "%s/out", tmpdir);
	if (write_file(inpath, in->data, in->len))
		return -1;
	snprintf(cmd, sizeof(cmd), "%s <%s >%s", cmdline, inpath, outpath);
	if (system(cmd))
		return -1;
	return read_file(outpath, out);
}

/* ------------------------------------------------------------ decoding */

struct expect {
	const unsigned char *want;
	size_t want_len;
	size_t pos;
	int mismatch;
	unsigned long max_piece;
};

static int expect_flush(void *ctx, const void *out, unsigned long len)
{
	struct expect *e = ctx;

	if (len > e->max_piece)
		e->max_piece = len;
	if (e->mismatch)
		return 0;
	if (len > e->want_len - e->pos || memcmp(e->want + e->pos, out, len))
		e->mismatch = 1;
	e->pos += len;
	return 0;
}

static int discard_flush(void *ctx, const void *out, unsigned long len)
{
	unsigned long long *total = ctx;

	*total += len;
	/* Touch the output, so ASan sees every byte handed out. */
	if (len)
		*total += ((const volatile unsigned char *)out)[len - 1] & 0;
	return 0;
}

/* Decode comp (one or more members) and compare with want. */
static int decode_all(const struct blob *comp, const struct blob *want, char *why,
		      size_t whylen)
{
	struct expect e = { want->data, want->len, 0, 0, 0 };
	size_t pos = 0;
	int members = 0;

	while (pos < comp->len) {
		unsigned long used;
		unsigned long long total;
		char err[128];
		int ret;

		/* Padding between xz streams. */
		if (members && !comp->data[pos]) {
			pos++;
			continue;
		}
		ret = hu_decompress(comp->data + pos, comp->len - pos, &used, &total,
				    expect_flush, &e, err, sizeof(err));
		if (ret) {
			snprintf(why, whylen, "member %d: error %d: %s", members, ret, err);
			return -1;
		}
		if (!used || used > comp->len - pos) {
			snprintf(why, whylen, "member %d: used %lu of %zu", members, used,
				 comp->len - pos);
			return -1;
		}
		pos += used;
		members++;
	}
	if (e.mismatch || e.pos != want->len) {
		snprintf(why, whylen, "output differs (%zu of %zu bytes%s)", e.pos, want->len,
			 e.mismatch ? ", mismatch" : "");
		return -1;
	}
	return 0;
}

static void check_tool(const char *cmdline, const char *input_name, const struct blob *in)
{
	struct blob comp;
	char name[256], why[256];
	int ok;

	snprintf(name, sizeof(name), "decompress: %s of %s (%zu bytes)", cmdline, input_name,
		 in->len);
	if (compress(cmdline, in, &comp)) {
		hu_ok(0, name);
		hu_diag("the compressor failed");
		return;
	}
	ok = !decode_all(&comp, in, why, sizeof(why));
	hu_ok(ok, name);
	if (!ok)
		hu_diag(why);
	free(comp.data);
}

struct input {
	const char *name;
	struct blob b;
};

static struct input inputs[4];

#ifndef DT_FUZZ_MAIN
static void make_inputs(void)
{
	inputs[0].name = "random";
	gen_random(&inputs[0].b, 100 * 1024);
	inputs[1].name = "text";
	gen_text(&inputs[1].b, 300 * 1024);
	inputs[2].name = "zeros";
	gen_zeros(&inputs[2].b, 1024 * 1024);
	inputs[3].name = "cpio-like mix";
	gen_mix(&inputs[3].b, 2 * 1024 * 1024);
}

static void test_gzip_files(void)
{
	char cmd[64];

	for (int level = 1; level <= 9; level++) {
		snprintf(cmd, sizeof(cmd), "gzip -%d -n", level);
		for (int i = 0; i < 4; i++)
			if (level == 1 || level == 6 || level == 9 || i == 1)
				check_tool(cmd, inputs[i].name, &inputs[i].b);
	}
}

static void test_concat(const char *first, const char *second, const char *name)
{
	struct blob a, b, cat;
	struct blob want;
	char why[256];
	int ok;

	if (compress(first, &inputs[1].b, &a) || compress(second, &inputs[0].b, &b)) {
		hu_ok(0, name);
		return;
	}
	cat.len = a.len + b.len;
	cat.data = malloc(cat.len);
	memcpy(cat.data, a.data, a.len);
	memcpy(cat.data + a.len, b.data, b.len);
	want.len = inputs[1].b.len + inputs[0].b.len;
	want.data = malloc(want.len);
	memcpy(want.data, inputs[1].b.data, inputs[1].b.len);
	memcpy(want.data + inputs[1].b.len, inputs[0].b.data, inputs[0].b.len);
	ok = !decode_all(&cat, &want, why, sizeof(why));
	hu_ok(ok, name);
	if (!ok)
		hu_diag(why);
	free(a.data);
	free(b.data);
	free(cat.data);
	free(want.data);
}
#endif

/* ------------------------------------------------------------ corruption */

static int mutate_one(const struct blob *src, struct blob *dst, unsigned long long *seed)
{
	size_t pos = src->len ? hu_rand_next(seed) % src->len : 0;
	int kind = hu_rand_next(seed) % 6;

	dst->data = malloc(src->len + 16);
	memcpy(dst->data, src->data, src->len);
	dst->len = src->len;
	switch (kind) {
	case 0:		/* one bit */
	case 1:
		dst->data[pos] ^= 1 << (hu_rand_next(seed) % 8);
		break;
	case 2:		/* a byte */
		dst->data[pos] = hu_rand_next(seed);
		break;
	case 3:		/* truncated */
		dst->len = pos;
		break;
	case 4:		/* a byte deleted */
		memmove(dst->data + pos, dst->data + pos + 1, src->len - pos - 1);
		dst->len--;
		break;
	default:	/* several bytes changed */
		for (int i = 0; i < 4; i++)
			dst->data[hu_rand_next(seed) % src->len] ^= hu_rand_next(seed);
		break;
	}
	return kind;
}

static unsigned long long fuzz_seed = 0x1234abcd5678ef01ULL;

static void corrupt_format(const char *cmdline, const char *fmt, int rounds)
{
	struct blob in, comp;
	unsigned long long seed = fuzz_seed;
	int errors = 0, survived = 0, i;
	char name[160];

	gen_text(&in, 6000);
	memcpy(in.data + 3000, inputs[0].b.data, 1500);
	if (compress(cmdline, &in, &comp)) {
		snprintf(name, sizeof(name), "decompress: %s corruption (compressor failed)", fmt);
		hu_ok(0, name);
		free(in.data);
		return;
	}
	for (i = 0; i < rounds; i++) {
		struct blob bad;
		unsigned long used;
		unsigned long long total = 0, out_total;
		char err[128];

		mutate_one(&comp, &bad, &seed);
		if (hu_decompress(bad.data, bad.len, &used, &out_total, discard_flush, &total,
				  err, sizeof(err))) {
			errors++;
			if (!err[0]) {
				snprintf(name, sizeof(name), "decompress: %s corruption %d: "
					 "an error without a message", fmt, i);
				hu_ok(0, name);
			}
		} else {
			survived++;
		}
		free(bad.data);
	}
	/* Every truncation of the file. */
	for (size_t len = 0; len < comp.len; len++) {
		unsigned long used;
		unsigned long long total = 0, out_total;
		char err[128];

		if (!hu_decompress(comp.data, len, &used, &out_total, discard_flush, &total, err,
				   sizeof(err))) {
			snprintf(name, sizeof(name), "decompress: %s truncated to %zu of %zu "
				 "bytes accepted", fmt, len, comp.len);
			hu_ok(0, name);
			break;
		}
	}
	snprintf(name, sizeof(name), "decompress: %s: %d mutations (%d errors, %d decoded) "
		 "and every truncation of %zu bytes, no crash", fmt, rounds, errors, survived,
		 comp.len);
	hu_ok(1, name);
	free(in.data);
	free(comp.data);
}

/* The host has the tool and the kernel code the decoder (fmt: 1 gzip, 2 xz, 3 zstd). */
static int usable(const char *tool, int fmt)
{
	char msg[96];

	if (!hu_decompress_supported(fmt)) {
		snprintf(msg, sizeof(msg), "SKIP %s tests: decoder not built", tool);
		hu_diag(msg);
		return 0;
	}
	if (!have_tool(tool)) {
		snprintf(msg, sizeof(msg), "SKIP %s tests: no %s on the host", tool, tool);
		hu_diag(msg);
		return 0;
	}
	return 1;
}

static void test_corruption(int rounds)
{
	if (usable("gzip", 1))
		corrupt_format("gzip -9", "gzip", rounds);
	if (usable("xz", 2)) {
		corrupt_format("xz --check=crc32 --lzma2=preset=6,dict=64KiB", "xz crc32",
			       rounds);
		corrupt_format("xz --check=crc64 --lzma2=preset=1,dict=64KiB,lc=1,lp=2,pb=1",
			       "xz crc64",
			       rounds);
	}
	if (usable("zstd", 3)) {
		corrupt_format("zstd -q -19", "zstd -19", rounds);
		corrupt_format("zstd -q -1 --no-check", "zstd -1", rounds);
	}
}

static int make_tmpdir(void)
{
	strcpy(tmpdir, "/tmp/hu-decompress-XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static void remove_tmpdir(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	if (system(cmd))
		hu_diag("could not remove the temporary directory");
}

#ifndef DT_FUZZ_MAIN
/* ------------------------------------------------------------ real files */

static void test_xz_files(void)
{
	static const char *const presets[] = {
		"-0", "-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "-9", "-0e", "-6e", "-9e",
	};
	char cmd[96];

	for (size_t p = 0; p < sizeof(presets) / sizeof(presets[0]); p++) {
		for (int c = 0; c < 2; c++) {
			snprintf(cmd, sizeof(cmd), "xz --check=%s %s", c ? "crc64" : "crc32",
				 presets[p]);
			check_tool(cmd, inputs[1].name, &inputs[1].b);
		}
	}
	check_tool("xz --check=crc32 -6", inputs[3].name, &inputs[3].b);
	check_tool("xz --check=crc64 -9e", inputs[3].name, &inputs[3].b);
	check_tool("xz --check=none -1", inputs[0].name, &inputs[0].b);
	check_tool("xz --check=crc32 -6", inputs[2].name, &inputs[2].b);
	check_tool("xz --check=crc64 -1", inputs[0].name, &inputs[0].b);
	/* Several blocks, sizes in the block headers, and odd lc/lp/pb. */
	check_tool("xz --check=crc64 --block-size=50000 -3", inputs[3].name, &inputs[3].b);
	check_tool("xz --check=crc32 --lzma2=preset=6,lc=0,lp=4,pb=4", inputs[3].name,
		   &inputs[3].b);
	check_tool("xz --check=crc32 --lzma2=preset=2,lc=4,lp=0,pb=0", inputs[1].name,
		   &inputs[1].b);
}

static void test_zstd_files(void)
{
	char cmd[96];

	for (int level = 1; level <= 19; level++) {
		snprintf(cmd, sizeof(cmd), "zstd -q -%d%s", level,
			 level % 2 ? "" : " --no-check");
		check_tool(cmd, inputs[1].name, &inputs[1].b);
	}
	for (int i = 0; i < 4; i++) {
		check_tool("zstd -q -3", inputs[i].name, &inputs[i].b);
		check_tool("zstd -q -19 --no-check", inputs[i].name, &inputs[i].b);
	}
	check_tool("zstd -q -9 --long=24", inputs[3].name, &inputs[3].b);
	check_tool("zstd -q --ultra -22", inputs[3].name, &inputs[3].b);
	check_tool("zstd -q -1 --no-content-size", inputs[3].name, &inputs[3].b);
}

/* ------------------------------------------------------------ speed */

/* CPU time: the machine may be shared, wall time would count the others. */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void bench(const char *cmdline, const struct blob *in)
{
	struct blob comp;
	char msg[200], why[200];
	double t;

	if (compress(cmdline, in, &comp)) {
		hu_diag("bench: compressor failed");
		return;
	}
	t = now();
	if (decode_all(&comp, in, why, sizeof(why))) {
		hu_diag(why);
	} else {
		t = now() - t;
		snprintf(msg, sizeof(msg), "bench: %s: %zu -> %zu bytes, decoded in %.3f s "
			 "of CPU, %.0f MB/s of output", cmdline, in->len, comp.len, t,
			 in->len / t / 1e6);
		hu_diag(msg);
	}
	free(comp.data);
}

static void run_bench(void)
{
	struct blob big;

	big.len = 10 * 1024 * 1024;
	big.data = malloc(big.len);
	/* Text and the cpio-like mix, half and half. */
	for (size_t i = 0; i < big.len; i += inputs[1].b.len + inputs[3].b.len) {
		size_t n = big.len - i < inputs[3].b.len ? big.len - i : inputs[3].b.len;

		memcpy(big.data + i, inputs[3].b.data, n);
		if (i + n < big.len) {
			size_t m = big.len - i - n < inputs[1].b.len ? big.len - i - n :
								       inputs[1].b.len;

			memcpy(big.data + i + n, inputs[1].b.data, m);
		}
	}
	bench("gzip -6", &big);
	bench("xz --check=crc32 -6", &big);
	bench("zstd -q -19", &big);
	bench("zstd -q -3", &big);
	free(big.data);
}

void decompress_host_tests(void)
{
	if (make_tmpdir()) {
		hu_ok(0, "decompress: temporary directory");
		return;
	}
	make_inputs();
	if (usable("gzip", 1)) {
		test_gzip_files();
		test_concat("gzip -c", "gzip -1", "decompress: two gzip members");
	}
	if (usable("xz", 2)) {
		test_xz_files();
		test_concat("xz -1", "xz -2", "decompress: two xz streams");
	}
	if (usable("zstd", 3)) {
		test_zstd_files();
		test_concat("zstd -q -1", "zstd -q -5", "decompress: two zstd frames");
	}
	test_corruption(600);
	if (getenv("DECOMPRESS_BENCH"))
		run_bench();
	for (int i = 0; i < 4; i++)
		free(inputs[i].b.data);
	remove_tmpdir();
}
#else
/*
 * DECOMPRESS_FUZZ_ROUNDS and DECOMPRESS_FUZZ_SEED (non-zero) in the
 * environment make longer or different runs than the default.
 */
int main(void)
{
	const char *rounds = getenv("DECOMPRESS_FUZZ_ROUNDS");
	const char *seed = getenv("DECOMPRESS_FUZZ_SEED");

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (make_tmpdir())
		return 1;
	if (seed && strtoull(seed, NULL, 0))
		fuzz_seed = strtoull(seed, NULL, 0);
	gen_random(&inputs[0].b, 100 * 1024);
	test_corruption(rounds ? atoi(rounds) : 1000);
	free(inputs[0].b.data);
	remove_tmpdir();
	printf("1..%d\n%d passed, %d failed\n", fz_tests, fz_tests - fz_failed, fz_failed);
	return fz_failed ? 1 : 0;
}
#endif
