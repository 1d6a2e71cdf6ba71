/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * BUG() and WARN().  Both trap at the faulting spot and record it in
 * __bug_table (address, file, line, flags): the architecture supplies the
 * trap instruction and the table entry (<asm/bug.h>, __BUG_FLAGS()).  The
 * trap handler finds the entry with report_bug() and prints "kernel BUG
 * at" or "WARNING: at" with the register dump and a symbolized backtrace
 * of the real context.  A WARN then resumes after the trap; a BUG kills
 * the kernel (panic), since continuing would act on state known to be
 * corrupt.
 */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

#include <linux/compiler.h>
#include <asm/bug.h>

#define BUGFLAG_WARNING	(1 << 0)
#define BUGFLAG_ONCE	(1 << 1)
#define BUGFLAG_DONE	(1 << 2)

struct bug_entry {
	unsigned long addr;
	const char *file;
	unsigned short line;
	unsigned short flags;
	unsigned int pad;
};

#define BUG()									\
	do {									\
		__BUG_FLAGS(0);							\
		__builtin_unreachable();					\
	} while (0)

#define BUG_ON(cond)								\
	do {									\
		if (unlikely(cond))						\
			BUG();							\
	} while (0)

#define WARN_ON(cond)								\
	({									\
		int __ret_warn_on = !!(cond);					\
		if (unlikely(__ret_warn_on))					\
			__BUG_FLAGS(BUGFLAG_WARNING);				\
		unlikely(__ret_warn_on);					\
	})

#define WARN_ON_ONCE(cond)							\
	({									\
		int __ret_warn_on = !!(cond);					\
		if (unlikely(__ret_warn_on))					\
			__BUG_FLAGS(BUGFLAG_WARNING | BUGFLAG_ONCE);		\
		unlikely(__ret_warn_on);					\
	})

/* WARN(cond, fmt, ...): print the message, then the WARN_ON report. */
#define WARN(cond, fmt, ...)							\
	({									\
		int __ret_warn = !!(cond);					\
		if (unlikely(__ret_warn)) {					\
			printk(KERN_WARNING fmt, ##__VA_ARGS__);		\
			__BUG_FLAGS(BUGFLAG_WARNING);				\
		}								\
		unlikely(__ret_warn);						\
	})

#define WARN_ONCE(cond, fmt, ...)						\
	({									\
		static bool __warned;						\
		int __ret_warn_once = !!(cond);					\
		if (unlikely(__ret_warn_once && !__warned)) {			\
			__warned = true;					\
			WARN(1, fmt, ##__VA_ARGS__);				\
		}								\
		unlikely(__ret_warn_once);					\
	})

struct pt_regs;
/* Called from the trap handler; returns true if the fault was a WARN to resume. */
bool report_bug(unsigned long ip, struct pt_regs *regs);

#endif /* _LINUX_BUG_H */
