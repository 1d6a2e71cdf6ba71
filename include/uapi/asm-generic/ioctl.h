/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The encoding of ioctl command numbers (x86 uses the generic layout):
 *
 *   bits 31-30  direction: 0 none, 1 write (user -> kernel), 2 read, 3 both
 *   bits 29-16  size of the argument structure
 *   bits 15-8   type (a driver's letter, 'T' for terminals)
 *   bits 7-0    number
 *
 * Old commands such as TCGETS (0x5401) predate the scheme and carry no
 * direction or size; they are plain numbers.
 */
#ifndef _UAPI_ASM_GENERIC_IOCTL_H
#define _UAPI_ASM_GENERIC_IOCTL_H

#define _IOC_NRBITS	8
#define _IOC_TYPEBITS	8
#define _IOC_SIZEBITS	14
#define _IOC_DIRBITS	2

#define _IOC_NRMASK	((1 << _IOC_NRBITS) - 1)
#define _IOC_TYPEMASK	((1 << _IOC_TYPEBITS) - 1)
#define _IOC_SIZEMASK	((1 << _IOC_SIZEBITS) - 1)
#define _IOC_DIRMASK	((1 << _IOC_DIRBITS) - 1)

#define _IOC_NRSHIFT	0
#define _IOC_TYPESHIFT	(_IOC_NRSHIFT + _IOC_NRBITS)
#define _IOC_SIZESHIFT	(_IOC_TYPESHIFT + _IOC_TYPEBITS)
#define _IOC_DIRSHIFT	(_IOC_SIZESHIFT + _IOC_SIZEBITS)

#define _IOC_NONE	0U
#define _IOC_WRITE	1U
#define _IOC_READ	2U

#define _IOC(dir, type, nr, size)			\
	(((dir) << _IOC_DIRSHIFT) |			\
	 ((type) << _IOC_TYPESHIFT) |			\
	 ((nr) << _IOC_NRSHIFT) |			\
	 ((size) << _IOC_SIZESHIFT))

#define _IO(type, nr)		_IOC(_IOC_NONE, (type), (nr), 0)
#define _IOR(type, nr, t)	_IOC(_IOC_READ, (type), (nr), sizeof(t))
#define _IOW(type, nr, t)	_IOC(_IOC_WRITE, (type), (nr), sizeof(t))
#define _IOWR(type, nr, t)	_IOC(_IOC_READ | _IOC_WRITE, (type), (nr), sizeof(t))

#define _IOC_DIR(nr)		(((nr) >> _IOC_DIRSHIFT) & _IOC_DIRMASK)
#define _IOC_TYPE(nr)		(((nr) >> _IOC_TYPESHIFT) & _IOC_TYPEMASK)
#define _IOC_NR(nr)		(((nr) >> _IOC_NRSHIFT) & _IOC_NRMASK)
#define _IOC_SIZE(nr)		(((nr) >> _IOC_SIZESHIFT) & _IOC_SIZEMASK)

#endif /* _UAPI_ASM_GENERIC_IOCTL_H */
