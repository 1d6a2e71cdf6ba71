// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit-test harness: prints TAP for the kernel-side test groups
 * (*_test.c, linked in with a "k_" prefix, see hostunit.h), compares our
 * errno numbers with the host's, and checks the output of scripts/kallsyms
 * on a small fixture ELF, both as raw tables and through a second copy of
 * kernel/kallsyms.c + lib/vsprintf.c (prefix "f_") that uses them.
 *
 * Usage: hostunit FIXTURE.nm   (nm -S --defined-only output of the fixture)
 * Ends with "N passed, M failed"; exit status 1 if anything failed.
 */
#define HU_HOST
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "hostunit.h"

static int test_num, failed;
static const char *current_group = "startup";

/* TAP treats '#' in a description as a directive: escape it. */
static void print_escaped(const char *s)
{
	for (; *s; s++) {
		if (*s == '#' || *s == '\\')
			putchar('\\');
		if ((unsigned char)*s < 0x20)
			printf("\\x%02x", (unsigned char)*s);
		else
			putchar(*s);
	}
}

void hu_ok(int ok, const char *name)
{
	test_num++;
	if (!ok)
		failed++;
	printf("%sok %d - ", ok ? "" : "not ", test_num);
	print_escaped(name);
	putchar('\n');
}

void hu_diag(const char *msg)
{
	printf("# %s\n", msg);
}

void hu_check_str(const char *got, const char *want, const char *name)
{
	int ok = got && !strcmp(got, want);

	hu_ok(ok, name);
	if (!ok)
		printf("#   got:  \"%s\"\n#   want: \"%s\"\n",
		       got ? got : "(NULL)", want);
}

void hu_check_fmt(const char *got, int ret, const char *want, const char *fmt)
{
	char name[512];
	int ok = !strcmp(got, want) && ret == (int)strlen(want);

	snprintf(name, sizeof(name), "\"%s\" -> \"%s\"", fmt, want);
	hu_ok(ok, name);
	if (!ok)
		printf("#   got:  \"%s\" (returned %d)\n", got, ret);
}

void hu_check_long(long long got, long long want, const char *name)
{
	hu_ok(got == want, name);
	if (got != want)
		printf("#   got %lld, want %lld\n", got, want);
}

/* ------------------------------------------------------------ kernel services */

/* vmalloc()/vfree() for the kernel code (the decompressors' windows). */
void *k_vmalloc(unsigned long size)
{
	return malloc(size);
}

void k_vfree(const void *p)
{
	free((void *)p);
}

/* ------------------------------------------------------------ errno */

#define ERRNO(name) { #name, name },
static const struct hu_errno host_errnos[] = {
#include "errno_list.h"
};
#undef ERRNO

static void test_errno(void)
{
	int i, n = sizeof(host_errnos) / sizeof(host_errnos[0]);
	int bad = 0;

	for (i = 0; i < n && i < hu_errno_count; i++) {
		if (strcmp(host_errnos[i].name, hu_errno_table[i].name) ||
		    host_errnos[i].value != hu_errno_table[i].value) {
			printf("# %s: ours %d, host %d\n", hu_errno_table[i].name,
			       hu_errno_table[i].value, host_errnos[i].value);
			bad++;
		}
	}
	hu_ok(n == hu_errno_count && !bad,
	      "uapi errno numbers match the host's Linux ABI");
}

/* ------------------------------------------------------------ kallsyms tool */

/* Tables scripts/kallsyms generated from the fixture (unprefixed)... */
extern const unsigned long kallsyms_num_syms;
extern const unsigned long kallsyms_addresses[];
extern const unsigned int kallsyms_sizes[];
extern const unsigned int kallsyms_name_offsets[];
extern const char kallsyms_names[];
/* ... the --empty output, prefixed "empty_" ... */
extern const unsigned long empty_kallsyms_num_syms;
/* ... and the kernel code that reads them, prefixed "f_". */
const char *f_kallsyms_lookup(unsigned long addr, unsigned long *symsize,
			      unsigned long *offset);
unsigned long f_kallsyms_lookup_name(const char *name);
int f_snprintf(char *buf, size_t size, const char *fmt, ...);

struct nm_sym {
	unsigned long addr;
	unsigned long size;
	char type;
	char name[64];
	int matched;
};

#define MAX_NM 256
static struct nm_sym nm_syms[MAX_NM];
static int nm_count;

static int read_nm(const char *path)
{
	char line[256];
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f) && nm_count < MAX_NM) {
		struct nm_sym *s = &nm_syms[nm_count];

		if (sscanf(line, "%lx %lx %c %63s", &s->addr, &s->size,
			   &s->type, s->name) == 4 ||
		    (s->size = 0,
		     sscanf(line, "%lx %c %63s", &s->addr, &s->type,
			    s->name) == 3))
			nm_count++;
	}
	fclose(f);
	return 0;
}

static const struct nm_sym *nm_find(const char *name)
{
	int i;

	for (i = 0; i < nm_count; i++)
		if (!strcmp(nm_syms[i].name, name))
			return &nm_syms[i];
	return NULL;
}

/* Text symbols the tool should keep: nm's t/T/W minus temporaries. */
static int nm_expected(const struct nm_sym *s)
{
	return strchr("tTW", s->type) && strncmp(s->name, ".L", 2) &&
	       s->name[0] != '$';
}

static const char *table_name(unsigned long i)
{
	return &kallsyms_names[kallsyms_name_offsets[i]];
}

static long table_index(const char *name)
{
	unsigned long i;

	for (i = 0; i < kallsyms_num_syms; i++)
		if (!strcmp(table_name(i), name))
			return i;
	return -1;
}

static void test_kallsyms_tool(const char *nm_path)
{
	unsigned long i, size, off;
	int j, expected = 0, sorted = 1, match = 1, sizes_ok = 1, clean = 1;
	const struct nm_sym *beta, *label, *etext;
	char buf[128], want[128];
	const char *name;

	if (read_nm(nm_path) || !nm_count) {
		hu_ok(0, "read the fixture's nm output");
		return;
	}
	for (j = 0; j < nm_count; j++)
		expected += nm_expected(&nm_syms[j]);

	for (i = 0; i < kallsyms_num_syms; i++) {
		name = table_name(i);
		if (i && kallsyms_addresses[i - 1] > kallsyms_addresses[i])
			sorted = 0;
		if (!strncmp(name, ".L", 2) || name[0] == '$')
			clean = 0;
		for (j = 0; j < nm_count; j++) {
			struct nm_sym *s = &nm_syms[j];

			if (!s->matched && nm_expected(s) &&
			    !strcmp(s->name, name) &&
			    s->addr == kallsyms_addresses[i]) {
				s->matched = 1;
				if (s->size != kallsyms_sizes[i])
					sizes_ok = 0;
				break;
			}
		}
		if (j == nm_count) {
			printf("# unexpected table entry %s\n", name);
			match = 0;
		}
	}
	hu_ok(sorted, "kallsyms tool: addresses ascending");
	hu_ok(clean, "kallsyms tool: no .L or $ temporaries");
	hu_ok(match && kallsyms_num_syms == (unsigned long)expected,
	      "kallsyms tool: exactly the fixture's text symbols");
	hu_ok(sizes_ok, "kallsyms tool: sizes match st_size");
	hu_ok(table_index("fx_data") < 0 && table_index("fx_end_ref") < 0,
	      "kallsyms tool: data symbols left out");
	hu_ok(table_index("fx_beta") >= 0 && table_index("fx_weak") >= 0 &&
	      table_index("fx_asm_tail") >= 0 && table_index("_stext") >= 0,
	      "kallsyms tool: static, weak and asm symbols kept");
	hu_ok(table_index("fx_alpha") >= 0 &&
	      table_index("fx_alpha") < table_index("fx_alpha_alias") &&
	      table_index("fx_alpha_alias") < table_index("_stext"),
	      "kallsyms tool: at one address, functions first, then by name");
	hu_ok(table_index("fx_asm_func") >= 0 &&
	      table_index("fx_asm_func") < table_index("fx_a_label"),
	      "kallsyms tool: typed function before an untyped label");
	hu_ok(empty_kallsyms_num_syms == 0, "kallsyms tool --empty: no entries");

	/* End to end: the kernel's lookup code over the generated tables. */
	beta = nm_find("fx_beta");
	label = nm_find("fx_a_label");
	etext = nm_find("_etext");
	if (!beta || !label || !etext) {
		hu_ok(0, "fixture has fx_beta, fx_a_label and _etext");
		return;
	}
	name = f_kallsyms_lookup(beta->addr + 3, &size, &off);
	hu_ok(name && !strcmp(name, "fx_beta") && off == 3 &&
	      size == beta->size, "kernel lookup over generated tables");
	f_snprintf(buf, sizeof(buf), "%pS", (void *)(beta->addr + 1));
	snprintf(want, sizeof(want), "fx_beta+0x1/0x%lx", beta->size);
	hu_check_str(buf, want, "%pS over generated tables");
	f_snprintf(buf, sizeof(buf), "%ps", (void *)label->addr);
	hu_check_str(buf, "fx_asm_func", "%ps prefers the function name");
	hu_ok(f_kallsyms_lookup(etext->addr, NULL, NULL) == NULL,
	      "no symbol at _etext");
	hu_ok(f_kallsyms_lookup_name("fx_a_label") == label->addr,
	      "kallsyms_lookup_name over generated tables");
}

/*
 * A bug in the code under test may well crash: report the crash as a
 * failed test of the running group and still print the summary line.
 */
static void crash_handler(int sig)
{
	printf("not ok %d - %s crashed (signal %d)\n", test_num + 1,
	       current_group, sig);
	printf("1..%d\n%d passed, %d failed\n", test_num + 1,
	       test_num - failed, failed + 1);
	fflush(stdout);
	_exit(1);
}

#define RUN(group, ...) do {						\
	current_group = #group;						\
	group(__VA_ARGS__);						\
} while (0)

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s FIXTURE.nm\n", argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGSEGV, crash_handler);
	signal(SIGBUS, crash_handler);
	signal(SIGFPE, crash_handler);
	signal(SIGILL, crash_handler);

	/* TAP allows the plan last; the groups' sizes vary. */
	RUN(hu_test_string);
	RUN(hu_test_printf);
	RUN(hu_test_kstrtox);
	RUN(hu_test_sort);
	RUN(hu_test_rbtree);
	RUN(hu_test_list);
	RUN(hu_test_bitops);
	RUN(hu_test_macros);
	RUN(hu_test_kallsyms_lookup);
	RUN(decompress_host_tests);
	RUN(test_errno);
	RUN(test_kallsyms_tool, argv[1]);

	printf("1..%d\n", test_num);
	printf("%d passed, %d failed\n", test_num - failed, failed);
	return failed ? 1 : 0;
}
