// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the IPv4 internals: the Internet checksum against a
 * word-by-word reference, route lookup order (longest prefix, then
 * metric) with routes that need no device, and reassembly of crafted
 * fragments - in order, out of order, duplicated, overlapping, beyond
 * 64 KiB, and timing out.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/netdevice.h>
#include <linux/selftest.h>
#include <net/ip.h>
#include <net/route.h>
#include <net/checksum.h>

/* The sum of big-endian 16-bit words, folded: RFC 1071's definition, slowly. */
static u16 slow_sum(const u8 *p, int len)
{
	u32 s = 0;

	for (int i = 0; i < len; i += 2)
		s += (p[i] << 8) | (i + 1 < len ? p[i + 1] : 0);
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return s;
}

static int csum_vectors_test(void)
{
	/* RFC 1071 section 3's example: 00 01 f2 03 f4 f5 f6 f7 sums to ddf2 */
	static const u8 ex[] = { 0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7 };
	/* a valid IPv4 header (checksum b861 in place) */
	static const u8 hdr[] = { 0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
				  0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7 };
	u8 *buf;
	u16 v;

	v = (u16)~csum_fold(csum_partial(ex, sizeof(ex), 0));
	ST_ASSERT(ntohs(v) == 0xddf2, "sum %04x", ntohs(v));
	ST_ASSERT(ip_fast_csum(hdr, 5) == 0, "a valid header does not check");

	buf = kmalloc(2100, GFP_KERNEL);
	ST_ASSERT(buf, "no memory");
	get_random_bytes(buf, 2100);
	for (int off = 0; off < 8; off++) {
		for (int len = 0; len < 2048; len += 1 + (len >> 3)) {
			/* the sum of odd-length data starting at an odd address */
			v = (u16)~csum_fold(csum_partial(buf + off, len, 0));
			if (ntohs(v) != slow_sum(buf + off, len) &&
			    !(len && ntohs(v) == 0xffff && slow_sum(buf + off, len) == 0)) {
				st_diag("off %d len %d: %04x vs %04x", off, len, ntohs(v),
					slow_sum(buf + off, len));
				kfree(buf);
				return -1;
			}
		}
	}
	/* a running sum over two pieces (even split) equals the sum of the whole */
	v = csum_fold(csum_partial(buf + 100, 600, csum_partial(buf, 100, 0)));
	ST_ASSERT(v == csum_fold(csum_partial(buf, 700, 0)), "split sums differ");
	kfree(buf);
	return 0;
}
DEFINE_SELFTEST("ipv4: checksum against RFC 1071 and a reference sum", csum_vectors_test);

static __be32 a4(u8 a, u8 b, u8 c, u8 d)
{
	return htonl((u32)a << 24 | (u32)b << 16 | (u32)c << 8 | d);
}

static int reject_route(int add, u8 type, __be32 dst, u8 len, u32 metric)
{
	struct ip_route_entry e = {
		.dst = dst, .dst_len = len, .table = RT_TABLE_MAIN, .type = type,
		.protocol = RTPROT_BOOT, .priority = metric,
	};

	return add ? ip_route_add(&e) : ip_route_del(&e);
}

static int route_lpm_test(void)
{
	struct ip_route rt;
	int ret = 0;

	rtnl_lock();
	/* 198.18/15 is for benchmarks (RFC 2544): nothing real uses it */
	ST_ASSERT(!reject_route(1, RTN_UNREACHABLE, a4(198, 18, 0, 0), 15, 0), "add /15");
	ST_ASSERT(!reject_route(1, RTN_BLACKHOLE, a4(198, 18, 1, 0), 24, 0), "add /24");
	ST_ASSERT(!reject_route(1, RTN_PROHIBIT, a4(198, 18, 1, 7), 32, 5), "add /32 m5");
	ST_ASSERT(!reject_route(1, RTN_UNREACHABLE, a4(198, 18, 1, 7), 32, 9), "add /32 m9");
	ST_ASSERT(reject_route(1, RTN_UNREACHABLE, a4(198, 18, 1, 7), 32, 9) == -EEXIST,
		  "a duplicate is refused");
	rtnl_unlock();

	if (ip_route_output(a4(198, 18, 1, 7), 0, 0, &rt) != -EACCES)
		ret = -1, st_diag("the /32 with the lower metric should win");
	if (ip_route_output(a4(198, 18, 1, 8), 0, 0, &rt) != -EINVAL)
		ret = -1, st_diag("the /24 blackhole should win");
	if (ip_route_output(a4(198, 19, 200, 1), 0, 0, &rt) != -EHOSTUNREACH)
		ret = -1, st_diag("the /15 should match 198.19/16");

	rtnl_lock();
	ST_ASSERT(!reject_route(0, RTN_PROHIBIT, a4(198, 18, 1, 7), 32, 5), "del m5");
	if (ip_route_output(a4(198, 18, 1, 7), 0, 0, &rt) != -EHOSTUNREACH)
		ret = -1, st_diag("after deleting metric 5, metric 9 should answer");
	reject_route(0, RTN_UNREACHABLE, a4(198, 18, 1, 7), 32, 9);
	reject_route(0, RTN_BLACKHOLE, a4(198, 18, 1, 0), 24, 0);
	reject_route(0, RTN_UNREACHABLE, a4(198, 18, 0, 0), 15, 0);
	ST_ASSERT(reject_route(0, RTN_UNREACHABLE, a4(198, 18, 0, 0), 15, 0) == -ESRCH,
		  "deleting twice");
	rtnl_unlock();
	return ret;
}
DEFINE_SELFTEST("ipv4: route lookup by longest prefix, then metric", route_lpm_test);

/* ---------------------------------------------------------- reassembly */

#define FT_SRC	a4(192, 0, 2, 1)	/* TEST-NET-1: never routed here */

/* A fragment of datagram @id: payload bytes [off, off+len) of a pattern. */
static struct sk_buff *make_frag(u16 id, unsigned int off, unsigned int len, bool more)
{
	struct sk_buff *skb = alloc_skb(MAX_HEADER_ROOM + 20 + len, GFP_KERNEL);
	struct iphdr *iph;
	u8 *p;

	if (!skb)
		return NULL;
	skb_reserve(skb, MAX_HEADER_ROOM);
	skb_reset_network_header(skb);
	iph = skb_put_zero(skb, sizeof(*iph));
	iph->version = 4;
	iph->ihl = 5;
	iph->tot_len = htons(20 + len);
	iph->id = htons(id);
	iph->frag_off = htons((more ? IP_MF : 0) | (off / 8));
	iph->ttl = 64;
	iph->protocol = 253;	/* RFC 3692 experimentation */
	iph->saddr = FT_SRC;
	iph->daddr = htonl(INADDR_LOOPBACK);
	iph->check = ip_fast_csum(iph, 5);
	p = skb_put(skb, len);
	for (unsigned int i = 0; i < len; i++)
		p[i] = (u8)((off + i) * 7 + id);
	skb->dev = loopback_dev;
	memset(skb->cb, 0, sizeof(skb->cb));
	IPCB(skb)->route_type = RTN_LOCAL;
	return skb;
}

/* Feed fragments (offset, len, more) in the given order; the result or NULL. */
static struct sk_buff *feed(u16 id, const unsigned int (*f)[3], int n, int *early)
{
	struct sk_buff *done = NULL;

	*early = 0;
	for (int i = 0; i < n; i++) {
		struct sk_buff *skb = make_frag(id, f[i][0], f[i][1], f[i][2]);

		if (!skb)
			return NULL;
		if (done)
			(*early)++;
		skb = ip_defrag(skb);
		if (skb) {
			if (done)
				kfree_skb(done);
			done = skb;
		}
	}
	return done;
}

static bool check_dgram(struct sk_buff *skb, u16 id, unsigned int total)
{
	const struct iphdr *iph = ip_hdr(skb);
	const u8 *p = skb->data + iph->ihl * 4;

	if (ntohs(iph->tot_len) != 20 + total || skb->len != 20 + total || iph->frag_off)
		return false;
	if (ip_fast_csum(iph, iph->ihl))
		return false;
	for (unsigned int i = 0; i < total; i++)
		if (p[i] != (u8)(i * 7 + id))
			return false;
	return true;
}

static int frag_reassembly_test(void)
{
	static const unsigned int in_order[][3] = { { 0, 800, 1 }, { 800, 800, 1 }, { 1600, 100, 0 } };
	static const unsigned int reversed[][3] = { { 1600, 100, 0 }, { 800, 800, 1 }, { 0, 800, 1 } };
	static const unsigned int dup[][3] = { { 0, 800, 1 }, { 0, 800, 1 }, { 800, 10, 0 } };
	static const unsigned int overlap[][3] = { { 0, 800, 1 }, { 400, 800, 1 }, { 1200, 8, 0 } };
	static const unsigned int huge[][3] = { { 65528, 16, 0 } };
	static const unsigned int odd_len[][3] = { { 0, 13, 1 }, { 16, 8, 0 } };
	static const unsigned int two_lasts[][3] = { { 800, 8, 0 }, { 800, 16, 0 } };
	struct sk_buff *skb;
	int early;

	if (!loopback_dev) {
		st_diag("no loopback device");
		return ST_SKIP;
	}
	skb = feed(1, in_order, 3, &early);
	ST_ASSERT(skb && check_dgram(skb, 1, 1700), "in order");
	kfree_skb(skb);
	skb = feed(2, reversed, 3, &early);
	ST_ASSERT(skb && check_dgram(skb, 2, 1700), "reversed");
	kfree_skb(skb);
	skb = feed(3, dup, 3, &early);
	ST_ASSERT(skb && check_dgram(skb, 3, 810), "an exact duplicate is ignored");
	kfree_skb(skb);

	skb = feed(4, overlap, 3, &early);
	ST_ASSERT(!skb, "an overlap must kill the datagram");
	skb = feed(5, huge, 1, &early);
	ST_ASSERT(!skb, "past 65535 bytes");
	skb = feed(6, odd_len, 2, &early);
	ST_ASSERT(!skb, "a middle fragment not a multiple of 8");
	skb = feed(7, two_lasts, 2, &early);
	ST_ASSERT(!skb, "two different ends");
	ipfrag_expire_all();
	ST_ASSERT(ipfrag_queue_count() == 0, "%d queues left", ipfrag_queue_count());
	ST_ASSERT(ipfrag_mem_used() == 0, "%d bytes left", ipfrag_mem_used());
	return 0;
}
DEFINE_SELFTEST("ipv4: fragment reassembly, overlaps and limits", frag_reassembly_test);

static int frag_timeout_test(void)
{
	static const unsigned int first_only[][3] = { { 0, 800, 1 } };
	s64 before = atomic64_read(&ip_mib[IPSTATS_MIB_REASMTIMEOUT]);
	struct sk_buff *skb;
	int early;

	if (!loopback_dev)
		return ST_SKIP;
	skb = feed(100, first_only, 1, &early);
	ST_ASSERT(!skb, "one fragment is not a datagram");
	ST_ASSERT(ipfrag_queue_count() == 1, "%d queues", ipfrag_queue_count());
	ipfrag_expire_all();
	ST_ASSERT(ipfrag_queue_count() == 0, "the queue did not time out");
	ST_ASSERT(atomic64_read(&ip_mib[IPSTATS_MIB_REASMTIMEOUT]) == before + 1,
		  "ReasmTimeout not counted");
	return 0;
}
DEFINE_SELFTEST("ipv4: a reassembly queue times out", frag_timeout_test);
