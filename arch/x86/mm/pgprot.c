// SPDX-License-Identifier: GPL-2.0-only
/*
 * vm_get_page_prot(): the pte protection bits that user pages of a VMA
 * with the given vm_flags are mapped with (declared in <linux/mm.h>).
 *
 * x86 page tables can say present, writable and no-execute, nothing
 * finer: there is no write-only or execute-only page, so any access
 * right makes the page readable, and a VMA with none maps PAGE_NONE
 * (not present to the MMU, see <asm/pgtable.h>).  Only shared writable
 * VMAs are mapped writable here; a private writable page is made
 * writable by the fault path once it is the task's own copy.  NX is set
 * for non-executable VMAs when the CPU has it (__supported_pte_mask).
 *
 * A pure function of vm_flags: no locking.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <asm/pgtable.h>

pgprot_t vm_get_page_prot(unsigned long vm_flags)
{
	pteval_t bits = __PAGE_USER_BASE;

	if (!(vm_flags & VM_ACCESS_FLAGS))
		return PAGE_NONE;
	if ((vm_flags & (VM_SHARED | VM_WRITE)) == (VM_SHARED | VM_WRITE))
		bits |= _PAGE_RW;
	if (!(vm_flags & VM_EXEC))
		bits |= _PAGE_NX;
	return __pgprot(bits & __supported_pte_mask);
}
