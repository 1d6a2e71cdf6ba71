// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/net/snmp, /proc/net/netstat and /proc/net/sockstat: the IPv4 MIB
 * counters of <net/snmp.h> under the names and in the order Linux 6.1
 * prints them (netstat -s and nstat parse these files: every line of
 * names is followed by a line of values with the same prefix).
 *
 * Columns we do not count are printed as 0 so that the layout matches.
 * The TCP counters are TCP's (tcp_mib); TcpExt has its names and zeros.
 *
 * Locking: none - the counters are atomics read one by one.
 */
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <net/ip.h>
#include <net/snmp.h>
#include <net/udp.h>
#include <net/raw.h>

atomic64_t ip_mib[IPSTATS_MIB_MAX];
atomic64_t tcp_mib[TCP_MIB_MAX];	/* counted by net/ipv4/tcp*.c, printed here */


static const char *const ip_names[IPSTATS_MIB_MAX] = {
	"Forwarding", "DefaultTTL", "InReceives", "InHdrErrors", "InAddrErrors",
	"ForwDatagrams", "InUnknownProtos", "InDiscards", "InDelivers", "OutRequests",
	"OutDiscards", "OutNoRoutes", "ReasmTimeout", "ReasmReqds", "ReasmOKs",
	"ReasmFails", "FragOKs", "FragFails", "FragCreates",
};

static const char *const tcp_names[TCP_MIB_MAX] = {
	"RtoAlgorithm", "RtoMin", "RtoMax", "MaxConn", "ActiveOpens", "PassiveOpens",
	"AttemptFails", "EstabResets", "CurrEstab", "InSegs", "OutSegs", "RetransSegs",
	"InErrs", "OutRsts", "InCsumErrors",
};

static const char *const udp_names[UDP_MIB_MAX] = {
	"InDatagrams", "NoPorts", "InErrors", "OutDatagrams", "RcvbufErrors",
	"SndbufErrors", "InCsumErrors", "IgnoredMulti", "MemErrors",
};

/* The per-type columns of "Icmp:" (RFC 792 types, Linux's names). */
static const struct {
	u8 type;
	const char *name;
} icmp_type_names[] = {
	{ 3, "DestUnreachs" }, { 11, "TimeExcds" }, { 12, "ParmProbs" },
	{ 4, "SrcQuenchs" }, { 5, "Redirects" }, { 8, "Echos" }, { 0, "EchoReps" },
	{ 13, "Timestamps" }, { 14, "TimestampReps" }, { 17, "AddrMasks" },
	{ 18, "AddrMaskReps" },
};

static void print_pair(struct seq_file *m, const char *prefix, const char *const *names,
		       const s64 *vals, int n)
{
	seq_printf(m, "%s:", prefix);
	for (int i = 0; i < n; i++)
		seq_printf(m, " %s", names[i]);
	seq_printf(m, "\n%s:", prefix);
	for (int i = 0; i < n; i++)
		seq_printf(m, " %lld", vals[i]);
	seq_putc(m, '\n');
}

struct icmpmsg_entry {
	const char *dir;	/* "In" or "Out" */
	int type;
	s64 val;
};

/* One IcmpMsg: header line and value line for @n entries. */
static void icmpmsg_lines(struct seq_file *m, const struct icmpmsg_entry *ent, int n)
{
	seq_puts(m, "IcmpMsg:");
	for (int i = 0; i < n; i++)
		seq_printf(m, " %sType%d", ent[i].dir, ent[i].type);
	seq_puts(m, "\nIcmpMsg:");
	for (int i = 0; i < n; i++)
		seq_printf(m, " %lld", ent[i].val);
	seq_putc(m, '\n');
}

static void icmp_show(struct seq_file *m)
{
	int nt = ARRAY_SIZE(icmp_type_names);
	struct icmpmsg_entry ent[16];
	int n = 0;

	seq_puts(m, "Icmp: InMsgs InErrors InCsumErrors");
	for (int i = 0; i < nt; i++)
		seq_printf(m, " In%s", icmp_type_names[i].name);
	seq_puts(m, " OutMsgs OutErrors OutRateLimitGlobal OutRateLimitHost");
	for (int i = 0; i < nt; i++)
		seq_printf(m, " Out%s", icmp_type_names[i].name);
	seq_printf(m, "\nIcmp: %lld %lld %lld",
		   (s64)atomic64_read(&icmp_mib[ICMP_MIB_INMSGS]),
		   (s64)atomic64_read(&icmp_mib[ICMP_MIB_INERRORS]),
		   (s64)atomic64_read(&icmp_mib[ICMP_MIB_INCSUMERRORS]));
	for (int i = 0; i < nt; i++)
		seq_printf(m, " %lld", (s64)atomic64_read(&icmp_in_type[icmp_type_names[i].type]));
	seq_printf(m, " %lld %lld %lld %lld",
		   (s64)atomic64_read(&icmp_mib[ICMP_MIB_OUTMSGS]),
		   (s64)atomic64_read(&icmp_mib[ICMP_MIB_OUTERRORS]),
		   (s64)atomic64_read(&icmp_mib[ICMP_MIB_RATELIMITGLOBAL]),
		   (s64)atomic64_read(&icmp_mib[ICMP_MIB_RATELIMITHOST]));
	for (int i = 0; i < nt; i++)
		seq_printf(m, " %lld", (s64)atomic64_read(&icmp_out_type[icmp_type_names[i].type]));
	seq_putc(m, '\n');

	/* IcmpMsg: only the types seen, In before Out, at most 16 per line pair */
	for (int dir = 0; dir < 2; dir++) {
		atomic64_t *arr = dir ? icmp_out_type : icmp_in_type;

		for (int t = 0; t < 256; t++) {
			s64 v = atomic64_read(&arr[t]);

			if (!v)
				continue;
			ent[n].dir = dir ? "Out" : "In";
			ent[n].type = t;
			ent[n].val = v;
			if (++n == ARRAY_SIZE(ent)) {
				icmpmsg_lines(m, ent, n);
				n = 0;
			}
		}
	}
	if (n)
		icmpmsg_lines(m, ent, n);
}

static int snmp_show(struct seq_file *m, void *v)
{
	s64 vals[32];

	for (int i = 0; i < IPSTATS_MIB_MAX; i++)
		vals[i] = atomic64_read(&ip_mib[i]);
	vals[IPSTATS_MIB_FORWARDING] = READ_ONCE(sysctl_ip_forward) ? 1 : 2;
	vals[IPSTATS_MIB_DEFAULTTTL] = READ_ONCE(sysctl_ip_default_ttl);
	print_pair(m, "Ip", ip_names, vals, IPSTATS_MIB_MAX);

	icmp_show(m);

	for (int i = 0; i < TCP_MIB_MAX; i++)
		vals[i] = atomic64_read(&tcp_mib[i]);
	vals[TCP_MIB_RTOALGORITHM] = 1;
	vals[TCP_MIB_RTOMIN] = 200;
	vals[TCP_MIB_RTOMAX] = 120000;
	vals[TCP_MIB_MAXCONN] = -1;
	print_pair(m, "Tcp", tcp_names, vals, TCP_MIB_MAX);

	for (int i = 0; i < UDP_MIB_MAX; i++)
		vals[i] = atomic64_read(&udp_mib[i]);
	print_pair(m, "Udp", udp_names, vals, UDP_MIB_MAX);
	memset(vals, 0, sizeof(vals));
	print_pair(m, "UdpLite", udp_names, vals, UDP_MIB_MAX);
	return 0;
}

static const char tcpext_names[] =
	"SyncookiesSent SyncookiesRecv SyncookiesFailed EmbryonicRsts PruneCalled "
	"RcvPruned OfoPruned OutOfWindowIcmps LockDroppedIcmps ArpFilter TW TWRecycled "
	"TWKilled PAWSActive PAWSEstab DelayedACKs DelayedACKLocked DelayedACKLost "
	"ListenOverflows ListenDrops TCPHPHits TCPPureAcks TCPHPAcks TCPRenoRecovery "
	"TCPSackRecovery TCPSACKReneging TCPSACKReorder TCPRenoReorder TCPTSReorder "
	"TCPFullUndo TCPPartialUndo TCPDSACKUndo TCPLossUndo TCPLostRetransmit "
	"TCPRenoFailures TCPSackFailures TCPLossFailures TCPFastRetrans "
	"TCPSlowStartRetrans TCPTimeouts TCPLossProbes TCPLossProbeRecovery "
	"TCPRenoRecoveryFail TCPSackRecoveryFail TCPRcvCollapsed TCPBacklogCoalesce "
	"TCPDSACKOldSent TCPDSACKOfoSent TCPDSACKRecv TCPDSACKOfoRecv TCPAbortOnData "
	"TCPAbortOnClose TCPAbortOnMemory TCPAbortOnTimeout TCPAbortOnLinger "
	"TCPAbortFailed TCPMemoryPressures TCPMemoryPressuresChrono TCPSACKDiscard "
	"TCPDSACKIgnoredOld TCPDSACKIgnoredNoUndo TCPSpuriousRTOs TCPMD5NotFound "
	"TCPMD5Unexpected TCPMD5Failure TCPSackShifted TCPSackMerged "
	"TCPSackShiftFallback TCPBacklogDrop PFMemallocDrop TCPMinTTLDrop "
	"TCPDeferAcceptDrop IPReversePathFilter TCPTimeWaitOverflow "
	"TCPReqQFullDoCookies TCPReqQFullDrop TCPRetransFail TCPRcvCoalesce "
	"TCPOFOQueue TCPOFODrop TCPOFOMerge TCPChallengeACK TCPSYNChallenge "
	"TCPFastOpenActive TCPFastOpenActiveFail TCPFastOpenPassive "
	"TCPFastOpenPassiveFail TCPFastOpenListenOverflow TCPFastOpenCookieReqd "
	"TCPFastOpenBlackhole TCPSpuriousRtxHostQueues BusyPollRxPackets "
	"TCPAutoCorking TCPFromZeroWindowAdv TCPToZeroWindowAdv TCPWantZeroWindowAdv "
	"TCPSynRetrans TCPOrigDataSent TCPHystartTrainDetect TCPHystartTrainCwnd "
	"TCPHystartDelayDetect TCPHystartDelayCwnd TCPACKSkippedSynRecv "
	"TCPACKSkippedPAWS TCPACKSkippedSeq TCPACKSkippedFinWait2 "
	"TCPACKSkippedTimeWait TCPACKSkippedChallenge TCPWinProbe TCPKeepAlive "
	"TCPMTUPFail TCPMTUPSuccess TCPDelivered TCPDeliveredCE TCPAckCompressed "
	"TCPZeroWindowDrop TCPRcvQDrop TCPWqueueTooBig TCPFastOpenPassiveAltKey "
	"TcpTimeoutRehash TcpDuplicateDataRehash TCPDSACKRecvSegs "
	"TCPDSACKIgnoredDubious TCPMigrateReqSuccess TCPMigrateReqFailure";

static const char ipext_names[] =
	"InNoRoutes InTruncatedPkts InMcastPkts OutMcastPkts InBcastPkts OutBcastPkts "
	"InOctets OutOctets InMcastOctets OutMcastOctets InBcastOctets OutBcastOctets "
	"InCsumErrors InNoECTPkts InECT1Pkts InECT0Pkts InCEPkts ReasmOverlaps";

/* A names line and a line of as many zeros. */
static void zero_pair(struct seq_file *m, const char *prefix, const char *names)
{
	int n = 1;

	for (const char *c = names; *c; c++)
		n += *c == ' ';
	seq_printf(m, "%s: %s\n%s:", prefix, names, prefix);
	while (n--)
		seq_puts(m, " 0");
	seq_putc(m, '\n');
}

static int netstat_show(struct seq_file *m, void *v)
{
	zero_pair(m, "TcpExt", tcpext_names);
	zero_pair(m, "IpExt", ipext_names);
	return 0;
}

static int sockstat_show(struct seq_file *m, void *v)
{
	int udp = udp_sockets_in_use(), raw = raw_sockets_in_use();

	seq_printf(m, "sockets: used %d\n", udp + raw);
	seq_puts(m, "TCP: inuse 0 orphan 0 tw 0 alloc 0 mem 0\n");
	seq_printf(m, "UDP: inuse %d mem 0\n", udp);
	seq_puts(m, "UDPLITE: inuse 0\n");
	seq_printf(m, "RAW: inuse %d\n", raw);
	seq_printf(m, "FRAG: inuse %d memory %d\n", ipfrag_queue_count(), ipfrag_mem_used());
	return 0;
}

void ip_proc_add(const char *name, int (*show)(struct seq_file *m, void *v))
{
	/* no /proc/net without the net core */
	if (proc_net)
		proc_create_single(name, 0444, proc_net, show);
}

void ip_proc_init(void)
{
	ip_proc_add("snmp", snmp_show);
	ip_proc_add("netstat", netstat_show);
	ip_proc_add("sockstat", sockstat_show);
}
