/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory-management assertions.  With CONFIG_DEBUG_KERNEL,
 * VM_BUG_ON_PAGE()/VM_WARN_ON_PAGE() print the page's descriptor
 * (dump_page()) before the BUG/WARN report; without it they compile to
 * nothing (the condition is still type-checked, never evaluated).
 */
#ifndef _LINUX_MMDEBUG_H
#define _LINUX_MMDEBUG_H

#include <linux/bug.h>

struct page;

/* Print a page descriptor's fields with a reason line. */
void dump_page(const struct page *page, const char *reason);

#ifdef CONFIG_DEBUG_KERNEL
#define VM_BUG_ON(cond) BUG_ON(cond)
#define VM_WARN_ON(cond) (void)WARN_ON(cond)
#define VM_BUG_ON_PAGE(cond, page)						\
	do {									\
		if (unlikely(cond)) {						\
			dump_page(page, "VM_BUG_ON_PAGE(" #cond ")");		\
			BUG();							\
		}								\
	} while (0)
#define VM_WARN_ON_PAGE(cond, page)						\
	({									\
		int __ret = !!(cond);						\
		if (unlikely(__ret)) {						\
			dump_page(page, "VM_WARN_ON_PAGE(" #cond ")");		\
			WARN_ON(1);						\
		}								\
		unlikely(__ret);						\
	})
#else
#define VM_BUG_ON(cond) do { if (0) (void)(cond); } while (0)
#define VM_WARN_ON(cond) do { if (0) (void)(cond); } while (0)
#define VM_BUG_ON_PAGE(cond, page) do { if (0) { (void)(cond); (void)(page); } } while (0)
#define VM_WARN_ON_PAGE(cond, page) ({ if (0) { (void)(cond); (void)(page); } 0; })
#endif

#endif /* _LINUX_MMDEBUG_H */
