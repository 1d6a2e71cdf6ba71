/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The interface between the host unit-test harness (main.c, built against
 * the host libc) and the test code built like kernel code (*_test.c,
 * -nostdinc with the kernel's headers, linked with the kernel's lib/
 * objects).
 *
 * The kernel side is linked into one relocatable object whose every symbol
 * gets the prefix "k_" (objcopy --prefix-symbols), so the kernel's memcpy,
 * strlen or sort never collide with libc's.  HU() names a kernel-side
 * symbol from either side: main.c is compiled with HU_HOST defined.
 *
 * Only plain C types cross this boundary; no kernel or libc typedefs.
 */
#ifndef HOSTUNIT_H
#define HOSTUNIT_H

#ifdef HU_HOST
#define HU(sym) k_##sym
#else
#define HU(sym) sym
#endif

/* Reporting, implemented by the host (TAP lines). */
#define hu_ok HU(hu_ok)
#define hu_check_str HU(hu_check_str)
#define hu_check_fmt HU(hu_check_fmt)
#define hu_check_long HU(hu_check_long)
#define hu_diag HU(hu_diag)

/* One TAP test point: "ok N - name" or "not ok N - name". */
void hu_ok(int ok, const char *name);
/* got must equal want. */
void hu_check_str(const char *got, const char *want, const char *name);
/* A printf result: the text must equal want and ret must be strlen(want). */
void hu_check_fmt(const char *got, int ret, const char *want, const char *fmt);
void hu_check_long(long long got, long long want, const char *name);
/* A "# ..." comment line. */
void hu_diag(const char *msg);

/* Kernel-side test groups, run in this order by the host. */
#define hu_test_string HU(hu_test_string)
#define hu_test_printf HU(hu_test_printf)
#define hu_test_kstrtox HU(hu_test_kstrtox)
#define hu_test_sort HU(hu_test_sort)
#define hu_test_rbtree HU(hu_test_rbtree)
#define hu_test_list HU(hu_test_list)
#define hu_test_bitops HU(hu_test_bitops)
#define hu_test_macros HU(hu_test_macros)
#define hu_test_kallsyms_lookup HU(hu_test_kallsyms_lookup)

void hu_test_string(void);
void hu_test_printf(void);
void hu_test_kstrtox(void);
void hu_test_sort(void);
void hu_test_rbtree(void);
void hu_test_list(void);
void hu_test_bitops(void);
void hu_test_macros(void);
void hu_test_kallsyms_lookup(void);

/*
 * One gzip member, xz stream or zstd frame through decompress_one()
 * (decompress_shim.c); the host side is decompress_test.c.
 */
#define hu_decompress HU(hu_decompress)
int hu_decompress(const void *in, unsigned long in_len, unsigned long *in_used,
		  unsigned long long *out_total,
		  int (*flush)(void *ctx, const void *out, unsigned long len), void *ctx,
		  char *err, unsigned long err_len);
/* Whether a decoder is built in: 1 gzip, 2 xz, 3 zstd (enum decompress_format). */
#define hu_decompress_supported HU(hu_decompress_supported)
int hu_decompress_supported(int fmt);
/* Host side: decoding files made by the host's gzip, xz and zstd. */
void decompress_host_tests(void);

/* Our errno numbers, for comparison with the host's (same ABI). */
struct hu_errno {
	const char *name;
	int value;
};
#define hu_errno_table HU(hu_errno_table)
#define hu_errno_count HU(hu_errno_count)
extern const struct hu_errno hu_errno_table[];
extern const int hu_errno_count;

/* Deterministic pseudo-random numbers (xorshift64), kernel side. */
static inline unsigned long long hu_rand_next(unsigned long long *state)
{
	unsigned long long x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

#endif /* HOSTUNIT_H */
