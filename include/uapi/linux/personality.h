/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * personality(2): the execution domain word.  Only PER_LINUX exists here;
 * of the flag bits only ADDR_NO_RANDOMIZE changes anything (it turns off
 * address space layout randomisation for the next exec, setarch -R).
 * The values are the Linux ABI.
 */
#ifndef _UAPI_LINUX_PERSONALITY_H
#define _UAPI_LINUX_PERSONALITY_H

#define PER_LINUX		0x0000
#define PER_MASK		0x00ff

#define UNAME26			0x0020000
#define ADDR_NO_RANDOMIZE	0x0040000
#define FDPIC_FUNCPTRS		0x0080000
#define MMAP_PAGE_ZERO		0x0100000
#define ADDR_COMPAT_LAYOUT	0x0200000
#define READ_IMPLIES_EXEC	0x0400000
#define ADDR_LIMIT_32BIT	0x0800000
#define SHORT_INODE		0x1000000
#define WHOLE_SECONDS		0x2000000
#define STICKY_TIMEOUTS		0x4000000
#define ADDR_LIMIT_3GB		0x8000000

/* personality(PER_QUERY) returns the current value and changes nothing. */
#define PER_QUERY		0xffffffffU

#endif /* _UAPI_LINUX_PERSONALITY_H */
