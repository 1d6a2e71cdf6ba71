/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The IPv4 MIB counters behind /proc/net/snmp and /proc/net/netstat
 * (RFC 4293 Ip, RFC 792/4293 Icmp, RFC 4022 Tcp, RFC 4113 Udp, plus
 * Linux's TcpExt names).  Each protocol counts its own events with the
 * *_INC_STATS() macros; net/ipv4/proc.c prints them under the names
 * user space (netstat -s, nstat) expects - the enum order here is the
 * order of the printed columns.  Counters are per-CPU-free atomics:
 * simple, and exact.
 */
#ifndef _NET_SNMP_H
#define _NET_SNMP_H

#include <linux/types.h>
#include <asm/atomic.h>

enum ip_mib {		/* "Ip:" */
	IPSTATS_MIB_FORWARDING,		/* 2 = not a router (a constant, not counted) */
	IPSTATS_MIB_DEFAULTTTL,		/* printed from the sysctl */
	IPSTATS_MIB_INRECEIVES,
	IPSTATS_MIB_INHDRERRORS,
	IPSTATS_MIB_INADDRERRORS,
	IPSTATS_MIB_FORWDATAGRAMS,
	IPSTATS_MIB_INUNKNOWNPROTOS,
	IPSTATS_MIB_INDISCARDS,
	IPSTATS_MIB_INDELIVERS,
	IPSTATS_MIB_OUTREQUESTS,
	IPSTATS_MIB_OUTDISCARDS,
	IPSTATS_MIB_OUTNOROUTES,
	IPSTATS_MIB_REASMTIMEOUT,
	IPSTATS_MIB_REASMREQDS,
	IPSTATS_MIB_REASMOKS,
	IPSTATS_MIB_REASMFAILS,
	IPSTATS_MIB_FRAGOKS,
	IPSTATS_MIB_FRAGFAILS,
	IPSTATS_MIB_FRAGCREATES,
	IPSTATS_MIB_MAX
};

enum icmp_mib {		/* "Icmp:" (the per-type In/Out columns are kept apart) */
	ICMP_MIB_INMSGS,
	ICMP_MIB_INERRORS,
	ICMP_MIB_INCSUMERRORS,
	ICMP_MIB_OUTMSGS,
	ICMP_MIB_OUTERRORS,
	ICMP_MIB_RATELIMITGLOBAL,	/* OutRateLimitGlobal */
	ICMP_MIB_RATELIMITHOST,		/* OutRateLimitHost */
	ICMP_MIB_MAX
};

enum tcp_mib {		/* "Tcp:" */
	TCP_MIB_RTOALGORITHM,		/* 1 = other (constant) */
	TCP_MIB_RTOMIN,			/* ms (constant) */
	TCP_MIB_RTOMAX,
	TCP_MIB_MAXCONN,		/* -1 */
	TCP_MIB_ACTIVEOPENS,
	TCP_MIB_PASSIVEOPENS,
	TCP_MIB_ATTEMPTFAILS,
	TCP_MIB_ESTABRESETS,
	TCP_MIB_CURRESTAB,		/* a gauge */
	TCP_MIB_INSEGS,
	TCP_MIB_OUTSEGS,
	TCP_MIB_RETRANSSEGS,
	TCP_MIB_INERRS,
	TCP_MIB_OUTRSTS,
	TCP_MIB_CSUMERRORS,
	TCP_MIB_MAX
};

enum udp_mib {		/* "Udp:" */
	UDP_MIB_INDATAGRAMS,
	UDP_MIB_NOPORTS,
	UDP_MIB_INERRORS,
	UDP_MIB_OUTDATAGRAMS,
	UDP_MIB_RCVBUFERRORS,
	UDP_MIB_SNDBUFERRORS,
	UDP_MIB_CSUMERRORS,
	UDP_MIB_IGNOREDMULTI,
	UDP_MIB_MEMERRORS,
	UDP_MIB_MAX
};

extern atomic64_t ip_mib[IPSTATS_MIB_MAX];
extern atomic64_t icmp_mib[ICMP_MIB_MAX];
extern atomic64_t icmp_in_type[256], icmp_out_type[256];
extern atomic64_t tcp_mib[TCP_MIB_MAX];
extern atomic64_t udp_mib[UDP_MIB_MAX];

#define IP_INC_STATS(f)		atomic64_inc(&ip_mib[f])
#define IP_ADD_STATS(f, n)	atomic64_add(n, &ip_mib[f])
#define ICMP_INC_STATS(f)	atomic64_inc(&icmp_mib[f])
#define ICMPMSG_IN_INC(type)	atomic64_inc(&icmp_in_type[(u8)(type)])
#define ICMPMSG_OUT_INC(type)	atomic64_inc(&icmp_out_type[(u8)(type)])
#define TCP_INC_STATS(f)	atomic64_inc(&tcp_mib[f])
#define TCP_DEC_STATS(f)	atomic64_dec(&tcp_mib[f])
#define TCP_ADD_STATS(f, n)	atomic64_add(n, &tcp_mib[f])
#define UDP_INC_STATS(f)	atomic64_inc(&udp_mib[f])

#endif /* _NET_SNMP_H */
