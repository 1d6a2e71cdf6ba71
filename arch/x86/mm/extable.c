// SPDX-License-Identifier: GPL-2.0-only
/*
 * Exception-table lookup (see <asm/extable.h>).  The table is sorted once
 * at boot (sort_extable()) and searched by binary search from the fault
 * handlers.  Read-only after boot: no locking.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/sort.h>
#include <asm/extable.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

extern struct exception_table_entry __start___ex_table[], __stop___ex_table[];

static int cmp_ex(const void *a, const void *b)
{
	const struct exception_table_entry *x = a, *y = b;

	if (x->insn != y->insn)
		return x->insn < y->insn ? -1 : 1;
	return 0;
}

void __init sort_extable(void)
{
	sort(__start___ex_table, __stop___ex_table - __start___ex_table,
	     sizeof(struct exception_table_entry), cmp_ex, NULL);
}

const struct exception_table_entry *search_exception_tables(unsigned long ip)
{
	const struct exception_table_entry *lo = __start___ex_table;
	const struct exception_table_entry *hi = __stop___ex_table;

	while (lo < hi) {
		const struct exception_table_entry *mid = lo + (hi - lo) / 2;

		if (mid->insn == ip)
			return mid;
		if (mid->insn < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

bool fixup_exception(struct pt_regs *regs)
{
	const struct exception_table_entry *e = search_exception_tables(regs->ip);

	if (!e)
		return false;
	regs->ip = e->fixup;
	return true;
}
