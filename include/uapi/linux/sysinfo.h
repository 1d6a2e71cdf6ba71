/* SPDX-License-Identifier: GPL-2.0-only */
/* sysinfo(2): struct sysinfo, 112 bytes on x86_64. */
#ifndef _UAPI_LINUX_SYSINFO_H
#define _UAPI_LINUX_SYSINFO_H

#define SI_LOAD_SHIFT	16	/* loads[] are fixed point with this many fraction bits */

struct sysinfo {
	long uptime;			/* seconds since boot */
	unsigned long loads[3];		/* 1, 5 and 15 minute load averages */
	unsigned long totalram;		/* in units of mem_unit bytes */
	unsigned long freeram;
	unsigned long sharedram;
	unsigned long bufferram;
	unsigned long totalswap;
	unsigned long freeswap;
	unsigned short procs;		/* number of threads */
	unsigned short pad;
	unsigned long totalhigh;	/* 0 on 64-bit */
	unsigned long freehigh;
	unsigned int mem_unit;
	char _f[20 - 2 * sizeof(unsigned long) - sizeof(unsigned int)];
};

#endif /* _UAPI_LINUX_SYSINFO_H */
