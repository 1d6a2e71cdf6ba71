/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Extended attributes in the Linux ABI: the setxattr(2) flags and the
 * name spaces an attribute name starts with (xattr(7)).
 */
#ifndef _UAPI_LINUX_XATTR_H
#define _UAPI_LINUX_XATTR_H

#define XATTR_CREATE	0x1	/* setxattr: fail with EEXIST if it exists */
#define XATTR_REPLACE	0x2	/* setxattr: fail with ENODATA if it does not */

#define XATTR_USER_PREFIX	"user."
#define XATTR_TRUSTED_PREFIX	"trusted."
#define XATTR_SECURITY_PREFIX	"security."
#define XATTR_SYSTEM_PREFIX	"system."

#define XATTR_CAPS_SUFFIX	"capability"
#define XATTR_NAME_CAPS		XATTR_SECURITY_PREFIX XATTR_CAPS_SUFFIX

#endif /* _UAPI_LINUX_XATTR_H */
