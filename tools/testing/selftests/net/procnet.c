// SPDX-License-Identifier: GPL-2.0-only
/*
 * net/procnet - the network files in /proc/net and /sys/class/net, in the
 * formats tools parse (netstat, ss's fallback, ifconfig, route, arp):
 * /proc/net/tcp (a listener: 0100007F:PORT, state 0A, its inode; an
 * established pair: state 01), /proc/net/udp (a bound socket: state 07),
 * /proc/net/unix (a listening path: type, flags, state, inode, path),
 * /proc/net/dev (two header lines, lo with 16 counters that move with
 * traffic), /proc/net/snmp (Ip/Icmp/Tcp/Udp header and value line pairs,
 * the RFC 1213 counter names, counters that move: ActiveOpens,
 * PassiveOpens, InDatagrams, OutDatagrams, NoPorts, DestUnreachs),
 * /proc/net/route and /proc/net/arp (header lines), and
 * /sys/class/net/lo/{address,mtu,operstate,carrier,ifindex,type,
 * statistics/rx_bytes,statistics/tx_bytes}.
 */
#include <dirent.h>
#include <sys/stat.h>
#include <sys/un.h>

#include "tap.h"
#include "util.h"
#include "nettest.h"

static char text[65536];

/* The first line of a file, NUL-terminated, in text; NULL if unreadable. */
static char *first_line(const char *path)
{
	char *nl;

	if (read_text(path, text, sizeof(text)) < 0)
		return NULL;
	nl = strchr(text, '\n');
	if (nl)
		*nl = '\0';
	return text;
}

/* The whitespace-separated words of s match want[] in order (a prefix). */
static int words_are(const char *s, const char *const *want)
{
	char word[64];
	int n;

	for (; *want; want++) {
		if (!s || sscanf(s, "%63s%n", word, &n) != 1 || strcmp(word, *want))
			return 0;
		s += n;
	}
	return 1;
}

static unsigned long inode_of(int fd)
{
	struct stat st;

	return fstat(fd, &st) ? 0 : st.st_ino;
}

/* A /proc/net/{tcp,udp} line: local and remote (hex) and state. */
struct inet_line {
	unsigned int laddr, lport, raddr, rport, state, uid;
	unsigned long inode;
};

/* Find the line of a socket by local port (and remote port if rport >= 0). */
static int find_inet(const char *path, unsigned int lport, int rport, struct inet_line *out)
{
	const char *p;

	if (read_text(path, text, sizeof(text)) < 0)
		return 0;
	for (p = strchr(text, '\n'); p && p[1]; p = strchr(p + 1, '\n')) {
		struct inet_line l;
		unsigned int txq, rxq, tr, when, retr;
		int sl, timeout;

		if (sscanf(p + 1, "%d: %x:%x %x:%x %x %x:%x %x:%x %x %u %d %lu", &sl, &l.laddr,
			   &l.lport, &l.raddr, &l.rport, &l.state, &txq, &rxq, &tr, &when, &retr,
			   &l.uid, &timeout, &l.inode) != 14)
			continue;
		if (l.lport == lport && (rport < 0 || l.rport == (unsigned int)rport)) {
			*out = l;
			return 1;
		}
	}
	return 0;
}

static void test_tcp(void)
{
	static const char *const head[] = { "sl", "local_address", "rem_address", "st",
					     "tx_queue", "rx_queue", NULL };
	struct inet_line l;
	int fd, port = 0, c, s, cport, found;

	ok(words_are(first_line("/proc/net/tcp"), head),
	   "/proc/net/tcp: header \"sl local_address rem_address st tx_queue rx_queue ...\"");
	ok(strstr(text, "inode") != NULL, "/proc/net/tcp: the header names the inode column");
	fd = tcp_listener(4, &port);
	if (fd < 0)
		return setup_failed("tcp: listener");
	found = find_inet("/proc/net/tcp", port, -1, &l);
	ok(found && l.laddr == htonl(INADDR_LOOPBACK) && l.state == 0x0A && l.raddr == 0 &&
	   l.rport == 0, "/proc/net/tcp lists the listener: 0100007F:PORT, 00000000:0000, st 0A");
	ok(found && l.inode == inode_of(fd) && l.uid == getuid(),
	   "its inode column is the socket's inode (fstat), its uid ours");
	deadline(3000);
	c = tcp_connect_to(port);
	s = c >= 0 ? accept(fd, NULL, NULL) : -1;
	deadline(0);
	cport = local_port(c);
	ok(c >= 0 && s >= 0 && find_inet("/proc/net/tcp", cport, port, &l) && l.state == 0x01 &&
	   find_inet("/proc/net/tcp", port, cport, &l) && l.state == 0x01,
	   "an established connection: both ends listed, st 01, ports crossed");
	if (c >= 0)
		close(c);
	if (s >= 0)
		close(s);
	close(fd);
}

static void test_udp(void)
{
	static const char *const head[] = { "sl", "local_address", "rem_address", "st", NULL };
	struct sockaddr_in a = lo_addr(0);
	struct inet_line l;
	int fd, found;

	ok(words_are(first_line("/proc/net/udp"), head),
	   "/proc/net/udp: header \"sl local_address rem_address st ...\"");
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (bind(fd, SA(&a), sizeof(a)))
		return setup_failed("udp: UDP socket");
	found = find_inet("/proc/net/udp", local_port(fd), -1, &l);
	ok(found && l.laddr == htonl(INADDR_LOOPBACK) && l.state == 0x07 &&
	   l.inode == inode_of(fd),
	   "/proc/net/udp lists the bound socket: 0100007F:PORT, st 07, its inode");
	close(fd);
}

static void test_unix(void)
{
	static const char *const head[] = { "Num", "RefCount", "Protocol", "Flags", "Type", "St",
					     "Inode", "Path", NULL };
	char dir[] = "/tmp/net-procnet.XXXXXX";
	struct sockaddr_un a;
	const char *p;
	int fd, found = 0;
	unsigned long ino;

	ok(words_are(first_line("/proc/net/unix"), head),
	   "/proc/net/unix: header \"Num RefCount Protocol Flags Type St Inode Path\"");
	if (!mkdtemp(dir))
		return setup_failed("unix: mkdtemp");
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	snprintf(a.sun_path, sizeof(a.sun_path), "%s/listening", dir);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (bind(fd, SA(&a), sizeof(a)) || listen(fd, 1))
		return setup_failed("unix: unix listener");
	ino = inode_of(fd);
	read_text("/proc/net/unix", text, sizeof(text));
	for (p = strchr(text, '\n'); p && p[1]; p = strchr(p + 1, '\n')) {
		unsigned int ref, proto, flags, type, st;
		unsigned long inode;
		char path[128];
		const char *q = strchr(p + 1, ':');

		if (!q || sscanf(q + 1, "%x %x %x %x %x %lu %127s", &ref, &proto, &flags, &type, &st,
				 &inode, path) != 7)
			continue;
		if (!strcmp(path, a.sun_path) && inode == ino && type == SOCK_STREAM &&
		    (flags & 0x10000) && st == 1)
			found = 1;
	}
	ok(found, "/proc/net/unix lists the listening path: type 0001, flags 00010000, st 01, its inode");
	close(fd);
	unlink(a.sun_path);
	rmdir(dir);
}

/* lo's 16 counters from /proc/net/dev. */
static int lo_dev(unsigned long long v[16])
{
	const char *p;

	if (read_text("/proc/net/dev", text, sizeof(text)) < 0)
		return 0;
	for (p = text; p; p = strchr(p, '\n')) {
		while (*p == '\n' || *p == ' ')
			p++;
		if (!strncmp(p, "lo:", 3))
			return sscanf(p + 3, "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu "
					     "%llu %llu %llu %llu",
				      &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8],
				      &v[9], &v[10], &v[11], &v[12], &v[13], &v[14], &v[15]) == 16;
	}
	return 0;
}

static unsigned long long sys_counter(const char *name)
{
	char path[128], buf[64];

	snprintf(path, sizeof(path), "/sys/class/net/lo/statistics/%s", name);
	if (read_text(path, buf, sizeof(buf)) <= 0)
		return 0;
	return strtoull(buf, NULL, 10);
}

/* Send n datagrams of len bytes to ourselves over lo. */
static void udp_traffic(int n, int len)
{
	static char data[2000];
	struct sockaddr_in a = lo_addr(0);
	int r = socket(AF_INET, SOCK_DGRAM, 0), s = socket(AF_INET, SOCK_DGRAM, 0), i;

	bind(r, SA(&a), sizeof(a));
	a = lo_addr(local_port(r));
	for (i = 0; i < n; i++) {
		sendto(s, data, len, 0, SA(&a), sizeof(a));
		deadline(2000);
		recv(r, data, sizeof(data), 0);
		deadline(0);
	}
	close(r);
	close(s);
}

static void test_dev(void)
{
	static const char *const head2[] = { "face", "|bytes", "packets", "errs", "drop", "fifo",
					      "frame", "compressed", "multicast|bytes", NULL };
	unsigned long long before[16], after[16], sys_rx, sys_tx;
	const char *l2;

	first_line("/proc/net/dev");
	ok(strstr(text, "Receive") && strstr(text, "Transmit"),
	   "/proc/net/dev: first header line names Receive and Transmit");
	read_text("/proc/net/dev", text, sizeof(text));
	l2 = strchr(text, '\n');
	ok(l2 && words_are(l2 + 1, head2),
	   "/proc/net/dev: second header line \"face |bytes packets errs drop fifo frame ...\"");
	ok(lo_dev(before), "/proc/net/dev has lo: with 16 counters");
	sys_rx = sys_counter("rx_bytes");
	sys_tx = sys_counter("tx_bytes");
	udp_traffic(10, 1000);
	ok(lo_dev(after) && after[0] >= before[0] + 10000 && after[1] >= before[1] + 10 &&
	   after[8] >= before[8] + 10000 && after[9] >= before[9] + 10,
	   "after 10 datagrams of 1000 bytes, lo's rx/tx bytes and packets grew by at least that");
	ok(sys_counter("rx_bytes") >= sys_rx + 10000 && sys_counter("tx_bytes") >= sys_tx + 10000,
	   "/sys/class/net/lo/statistics/rx_bytes and tx_bytes grew too");
}

/* The value of field name on the "Proto:" value line of /proc/net/snmp. */
static long long snmp(const char *proto, const char *name)
{
	char head[2048], vals[2048], prefix[16];
	const char *p;

	if (read_text("/proc/net/snmp", text, sizeof(text)) < 0)
		return -1;
	snprintf(prefix, sizeof(prefix), "%s:", proto);
	for (p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		const char *h = head, *v = vals;
		char word[64], num[32];
		int n, m;

		if (strncmp(p, prefix, strlen(prefix)) || sscanf(p, "%2047[^\n]", head) != 1)
			continue;
		p = strchr(p, '\n');
		if (!p || sscanf(p + 1, "%2047[^\n]", vals) != 1 || strncmp(vals, prefix, strlen(prefix)))
			return -1;
		while (sscanf(h, "%63s%n", word, &n) == 1 && sscanf(v, "%31s%n", num, &m) == 1) {
			if (!strcmp(word, name))
				return strtoll(num, NULL, 10);
			h += n;
			v += m;
		}
		return -1;
	}
	return -1;
}

/* Header and value lines of a protocol come in a pair with as many fields. */
static int snmp_pair(const char *proto)
{
	char prefix[16];
	const char *p;
	int lines = 0, fields[2] = { 0, 0 };

	if (read_text("/proc/net/snmp", text, sizeof(text)) < 0)
		return 0;
	snprintf(prefix, sizeof(prefix), "%s: ", proto);
	for (p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		const char *q = p;
		char word[64];
		int n, count = 0, numeric = 1;

		if (strncmp(p, prefix, strlen(prefix)))
			continue;
		while (*q != '\n' && *q && sscanf(q, "%63s%n", word, &n) == 1) {
			if (count && word[0] != '-' && (word[0] < '0' || word[0] > '9'))
				numeric = 0;
			count++;
			q += n;
			while (*q == ' ')
				q++;
		}
		if (lines < 2)
			fields[lines] = count;
		if (lines == 1 && !numeric)
			return 0;
		lines++;
	}
	return lines == 2 && fields[0] > 1 && fields[0] == fields[1];
}

static void test_snmp(void)
{
	static const char *const protos[] = { "Ip", "Icmp", "Tcp", "Udp" };
	long long ao, po, ind, outd, nop, odu, idu;
	struct sockaddr_in a = lo_addr(0);
	unsigned int i;
	int c, s, u, d, port;
	char buf[4];

	for (i = 0; i < ARRAY_SIZE(protos); i++)
		ok(snmp_pair(protos[i]),
		   "/proc/net/snmp: a \"%s:\" header line and a value line with as many fields",
		   protos[i]);
	ok(snmp("Ip", "InReceives") >= 0 && snmp("Ip", "OutRequests") >= 0 &&
	   snmp("Ip", "DefaultTTL") == 64,
	   "Ip: has InReceives and OutRequests, DefaultTTL 64");
	ok(snmp("Icmp", "InMsgs") >= 0 && snmp("Icmp", "OutMsgs") >= 0 &&
	   snmp("Icmp", "InDestUnreachs") >= 0 && snmp("Icmp", "OutDestUnreachs") >= 0,
	   "Icmp: has InMsgs, OutMsgs, InDestUnreachs, OutDestUnreachs");
	ok(snmp("Tcp", "ActiveOpens") >= 0 && snmp("Tcp", "PassiveOpens") >= 0 &&
	   snmp("Tcp", "CurrEstab") >= 0 && snmp("Tcp", "InSegs") >= 0 && snmp("Tcp", "OutSegs") >= 0,
	   "Tcp: has ActiveOpens, PassiveOpens, CurrEstab, InSegs, OutSegs");
	ok(snmp("Udp", "InDatagrams") >= 0 && snmp("Udp", "OutDatagrams") >= 0 &&
	   snmp("Udp", "NoPorts") >= 0, "Udp: has InDatagrams, OutDatagrams, NoPorts");

	ao = snmp("Tcp", "ActiveOpens");
	po = snmp("Tcp", "PassiveOpens");
	if (tcp_pair(&c, &s) == 0) {
		ok(snmp("Tcp", "ActiveOpens") == ao + 1 && snmp("Tcp", "PassiveOpens") == po + 1,
		   "one connection over lo: Tcp ActiveOpens and PassiveOpens each grow by 1");
		ok(snmp("Tcp", "CurrEstab") >= 2, "and CurrEstab counts its two ends");
		close(c);
		close(s);
	} else {
		setup_failed("snmp: connected pair");
	}
	ind = snmp("Udp", "InDatagrams");
	outd = snmp("Udp", "OutDatagrams");
	udp_traffic(5, 100);
	ok(snmp("Udp", "InDatagrams") == ind + 5 && snmp("Udp", "OutDatagrams") == outd + 5,
	   "5 datagrams over lo: Udp InDatagrams and OutDatagrams each grow by 5");

	/* To a port nobody has: NoPorts, and an ICMP port unreachable each way. */
	nop = snmp("Udp", "NoPorts");
	odu = snmp("Icmp", "OutDestUnreachs");
	idu = snmp("Icmp", "InDestUnreachs");
	d = socket(AF_INET, SOCK_DGRAM, 0);
	bind(d, SA(&a), sizeof(a));
	port = local_port(d);
	close(d);
	u = socket(AF_INET, SOCK_DGRAM, 0);
	a = lo_addr(port);
	connect(u, SA(&a), sizeof(a));
	send(u, "x", 1, 0);
	deadline(2000);
	recv(u, buf, sizeof(buf), 0);	/* ECONNREFUSED once the ICMP is in */
	deadline(0);
	close(u);
	ok(snmp("Udp", "NoPorts") == nop + 1, "a datagram to an unbound port: Udp NoPorts grows by 1");
	ok(snmp("Icmp", "OutDestUnreachs") == odu + 1 && snmp("Icmp", "InDestUnreachs") == idu + 1,
	   "and Icmp OutDestUnreachs and InDestUnreachs each by 1");
}

static void test_route_arp(void)
{
	static const char *const route[] = { "Iface", "Destination", "Gateway", "Flags", "RefCnt",
					      "Use", "Metric", "Mask", "MTU", "Window", "IRTT",
					      NULL };
	static const char *const arp[] = { "IP", "address", "HW", "type", "Flags", "HW",
					    "address", "Mask", "Device", NULL };
	const char *p;
	int lines_ok = 1;

	ok(words_are(first_line("/proc/net/route"), route),
	   "/proc/net/route: header \"Iface Destination Gateway Flags RefCnt Use Metric Mask MTU Window IRTT\"");
	if (read_text("/proc/net/route", text, sizeof(text)) < 0)
		lines_ok = 0;
	for (p = strchr(text, '\n'); lines_ok && p && p[1]; p = strchr(p + 1, '\n')) {
		char iface[32];
		unsigned int dst, gw, flags, mask, mtu, win, irtt;
		int ref, use, metric;

		if (sscanf(p + 1, "%31s %x %x %x %d %d %d %x %u %u %u", iface, &dst, &gw, &flags, &ref,
			   &use, &metric, &mask, &mtu, &win, &irtt) != 11)
			lines_ok = 0;
	}
	ok(lines_ok, "/proc/net/route: every route line has 11 fields");
	ok(words_are(first_line("/proc/net/arp"), arp),
	   "/proc/net/arp: header \"IP address HW type Flags HW address Mask Device\"");
}

static int sys_is(const char *name, const char *want)
{
	char path[128], buf[64];

	snprintf(path, sizeof(path), "/sys/class/net/lo/%s", name);
	return read_text(path, buf, sizeof(buf)) > 0 && !strcmp(buf, want);
}

static void test_sysfs(void)
{
	char buf[64], want[32];
	struct dirent *de;
	DIR *d = opendir("/sys/class/net");
	int found = 0;

	while (d && (de = readdir(d)))
		found |= !strcmp(de->d_name, "lo");
	if (d)
		closedir(d);
	ok(found, "/sys/class/net lists lo");
	ok(sys_is("address", "00:00:00:00:00:00\n"), "/sys/class/net/lo/address: 00:00:00:00:00:00");
	ok(sys_is("mtu", "65536\n"), "/sys/class/net/lo/mtu: 65536");
	/* lo has no link state to report: Linux says unknown (RFC 2863) */
	ok(sys_is("operstate", "unknown\n") || sys_is("operstate", "up\n"),
	   "/sys/class/net/lo/operstate: unknown (or up)");
	ok(sys_is("carrier", "1\n"), "/sys/class/net/lo/carrier: 1");
	snprintf(want, sizeof(want), "%u\n", if_nametoindex("lo"));
	ok(sys_is("ifindex", want), "/sys/class/net/lo/ifindex: the SIOCGIFINDEX index");
	ok(sys_is("type", "772\n"), "/sys/class/net/lo/type: 772 (ARPHRD_LOOPBACK)");
	ok(read_text("/sys/class/net/lo/statistics/rx_bytes", buf, sizeof(buf)) > 0 &&
	   buf[0] >= '0' && buf[0] <= '9' && strchr(buf, '\n'),
	   "/sys/class/net/lo/statistics/rx_bytes: a number and a newline");
}

int main(void)
{
	lo_up();
	test_tcp();
	test_udp();
	test_unix();
	test_dev();
	test_snmp();
	test_route_arp();
	test_sysfs();
	return tap_finish();
}
