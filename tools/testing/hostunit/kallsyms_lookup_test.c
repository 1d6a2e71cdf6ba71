// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host unit tests for kernel/kallsyms.c with hand-made tables: binary
 * search, aliases, symbols without a size, the _stext/_etext bounds, the
 * sprint_symbol() formats and %pS/%ps/%pB in vsnprintf.
 *
 * The "text" is a plain 0x200-byte block whose first 0x180 bytes are
 * delimited by _stext/_etext, placed by the asm below so that both labels
 * are at known offsets from each other.
 */
#include <linux/kallsyms.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#include "hostunit.h"

__asm__(".pushsection .data\n"
	".globl _stext\n"
	".globl _etext\n"
	".balign 64\n"
	"_stext:\n"
	".skip 0x180\n"
	"_etext:\n"
	".skip 0x80\n"
	".popsection\n");

#define TEXT(off) ((unsigned long)_stext + (off))

const unsigned long kallsyms_num_syms = 5;
const unsigned long kallsyms_addresses[] = {
	TEXT(0x000), TEXT(0x040), TEXT(0x040), TEXT(0x080), TEXT(0x100),
};
const unsigned int kallsyms_sizes[] = { 0x40, 0x20, 0x20, 0, 0x30 };
const unsigned int kallsyms_name_offsets[] = { 0, 8, 16, 24, 34 };
const char kallsyms_names[] =
	"startup\0alias_a\0alias_b\0asm_label\0last_func";

/* Look addr up and compare name, size and offset in one test point. */
static void check_lookup(unsigned long off, const char *name,
			 unsigned long size, unsigned long offset,
			 const char *what)
{
	unsigned long got_size = 0, got_off = 0;
	const char *got = kallsyms_lookup(TEXT(off), &got_size, &got_off);

	if (!name) {
		hu_ok(got == NULL, what);
		return;
	}
	hu_ok(got && !strcmp(got, name) && got_size == size &&
	      got_off == offset, what);
}

void hu_test_kallsyms_lookup(void)
{
	char buf[KSYM_SYMBOL_LEN], want[64];
	int ret;

	check_lookup(0x10, "startup", 0x40, 0x10, "lookup inside a function");
	check_lookup(0x00, "startup", 0x40, 0, "lookup at a symbol start");
	check_lookup(0x45, "alias_a", 0x20, 5,
		     "aliases: the first name at an address wins");
	check_lookup(0x70, "alias_a", 0x40, 0x30,
		     "past st_size the extent runs to the next symbol");
	check_lookup(0x90, "asm_label", 0x80, 0x10,
		     "sizeless symbol extends to the next symbol");
	check_lookup(0x17f, "last_func", 0x80, 0x7f,
		     "last symbol extends to _etext");
	check_lookup(0x180, NULL, 0, 0, "_etext itself is outside the text");
	hu_ok(kallsyms_lookup(TEXT(0) - 1, NULL, NULL) == NULL,
	      "address below _stext finds nothing");
	hu_ok(kallsyms_lookup(0, NULL, NULL) == NULL, "NULL finds nothing");

	ret = sprint_symbol(buf, sizeof(buf), TEXT(0x10));
	hu_check_fmt(buf, ret, "startup+0x10/0x40", "sprint_symbol");
	ret = sprint_symbol_no_offset(buf, sizeof(buf), TEXT(0x10));
	hu_check_fmt(buf, ret, "startup", "sprint_symbol_no_offset");
	ret = sprint_backtrace(buf, sizeof(buf), TEXT(0x40));
	hu_check_fmt(buf, ret, "startup+0x40/0x40",
		     "sprint_backtrace names the caller of a tail call");
	ret = sprint_symbol(buf, sizeof(buf), TEXT(0x1c0));
	snprintf(want, sizeof(want), "0x%lx", TEXT(0x1c0));
	hu_check_fmt(buf, ret, want, "sprint_symbol outside text prints hex");
	ret = sprint_symbol(buf, 8, TEXT(0x10));
	hu_ok(ret == 7 && !strcmp(buf, "startup"),
	      "sprint_symbol truncates like scnprintf");

	snprintf(buf, sizeof(buf), "[%pS]", (void *)TEXT(0x44));
	hu_check_str(buf, "[alias_a+0x4/0x20]", "%pS");
	snprintf(buf, sizeof(buf), "[%ps]", (void *)TEXT(0x44));
	hu_check_str(buf, "[alias_a]", "%ps");
	snprintf(buf, sizeof(buf), "[%-12ps]", (void *)TEXT(0x44));
	hu_check_str(buf, "[alias_a     ]", "%-12ps pads");
	snprintf(buf, sizeof(buf), "[%pB]", (void *)TEXT(0x100));
	hu_check_str(buf, "[asm_label+0x80/0x80]", "%pB");

	hu_ok(kallsyms_lookup_name("asm_label") == TEXT(0x80) &&
	      kallsyms_lookup_name("alias_b") == TEXT(0x40) &&
	      kallsyms_lookup_name("nope") == 0, "kallsyms_lookup_name");
}
