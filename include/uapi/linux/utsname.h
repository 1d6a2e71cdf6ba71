/* SPDX-License-Identifier: GPL-2.0-only */
/* uname(2): struct new_utsname, six NUL-terminated strings of 65 bytes (390 bytes). */
#ifndef _UAPI_LINUX_UTSNAME_H
#define _UAPI_LINUX_UTSNAME_H

#define __NEW_UTS_LEN 64

struct new_utsname {
	char sysname[__NEW_UTS_LEN + 1];	/* "Linux" */
	char nodename[__NEW_UTS_LEN + 1];	/* sethostname() */
	char release[__NEW_UTS_LEN + 1];
	char version[__NEW_UTS_LEN + 1];
	char machine[__NEW_UTS_LEN + 1];	/* "x86_64" */
	char domainname[__NEW_UTS_LEN + 1];	/* setdomainname() */
};

#endif /* _UAPI_LINUX_UTSNAME_H */
