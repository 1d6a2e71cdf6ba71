// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the classic BPF checker and interpreter (filter.c): the
 * programs the checker must refuse, every instruction class on a
 * hand-made IPv4/UDP frame, the metadata loads, loads past the end, and
 * sk_filter()'s cut/drop on a socket.  The skb is built on the stack
 * (head/data/len and header offsets only), so nothing else of the stack
 * is needed.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <linux/filter.h>
#include <linux/selftest.h>
#include <net/sock.h>
#include <asm/byteorder.h>

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

/* 14-byte Ethernet header + 20-byte IPv4 header + UDP 67 -> 68 + 4 bytes. */
static u8 test_frame[14 + 20 + 8 + 4];

static void build_frame(struct sk_buff *skb)
{
	u8 *eth = test_frame, *ip = test_frame + 14, *udp = ip + 20;

	memset(test_frame, 0, sizeof(test_frame));
	memset(eth, 0xff, 6);			/* broadcast destination */
	eth[12] = 0x08;				/* EtherType IPv4 */
	ip[0] = 0x45;				/* version 4, 5 words */
	ip[3] = 20 + 8 + 4;			/* total length */
	ip[8] = 64;
	ip[9] = 17;				/* UDP */
	udp[1] = 67;
	udp[3] = 68;
	udp[5] = 12;

	memset(skb, 0, sizeof(*skb));
	skb->head = test_frame;
	skb->size = sizeof(test_frame);
	skb->data = test_frame + 14;		/* as a SOCK_DGRAM socket sees it */
	skb->len = sizeof(test_frame) - 14;
	skb->mac_header = 0;
	skb->network_header = 14;
	skb->transport_header = 34;
	skb->protocol = cpu_to_be16(0x0800);
	skb->pkt_type = PACKET_BROADCAST;
}

static unsigned int run(const struct sock_filter *prog, unsigned int len,
			const struct sk_buff *skb)
{
	struct sk_filter *fp = sk_filter_create(prog, len);
	unsigned int r;

	if (IS_ERR(fp))
		return 0xdeadbeef;
	r = sk_run_filter(fp, skb);
	sk_filter_put(fp);
	return r;
}

static int bpf_checker_test(void)
{
	static const struct sock_filter no_ret[] = { BPF_STMT(BPF_LD | BPF_IMM, 1) };
	static const struct sock_filter far_jump[] = {
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	static const struct sock_filter far_ja[] = {
		BPF_STMT(BPF_JMP | BPF_JA, 1),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	static const struct sock_filter bad_mem[] = {
		BPF_STMT(BPF_ST, 16),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	static const struct sock_filter div_zero[] = {
		BPF_STMT(BPF_ALU | BPF_DIV | BPF_K, 0),
		BPF_STMT(BPF_RET | BPF_A, 0),
	};
	static const struct sock_filter bad_op[] = {
		{ 0xffff, 0, 0, 0 },
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	static const struct sock_filter ok[] = {
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 1),
		BPF_STMT(BPF_RET | BPF_K, 2),
	};

	ST_ASSERT(sk_chk_filter(ok, 0) == -EINVAL, "empty program");
	ST_ASSERT(sk_chk_filter(ok, BPF_MAXINSNS + 1) == -EINVAL, "too long");
	ST_ASSERT(sk_chk_filter(no_ret, 1) == -EINVAL, "no final return");
	ST_ASSERT(sk_chk_filter(far_jump, 2) == -EINVAL, "jump past the end");
	ST_ASSERT(sk_chk_filter(far_ja, 2) == -EINVAL, "ja past the end");
	ST_ASSERT(sk_chk_filter(bad_mem, 2) == -EINVAL, "M[16]");
	ST_ASSERT(sk_chk_filter(div_zero, 2) == -EINVAL, "division by constant 0");
	ST_ASSERT(sk_chk_filter(bad_op, 2) == -EINVAL, "unknown opcode");
	ST_ASSERT(sk_chk_filter(ok, ARRAY_LEN(ok)) == 0, "a good program");
	return 0;
}
DEFINE_SELFTEST("bpf: the checker refuses unsafe programs", bpf_checker_test);

static int bpf_dhcp_test(void)
{
	/* Keep UDP to port 68 that is not a fragment - what a DHCP client asks for. */
	static const struct sock_filter dhcp[] = {
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 9),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 17, 0, 6),
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 6),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x1fff, 4, 0),
		BPF_STMT(BPF_LDX | BPF_B | BPF_MSH, 0),
		BPF_STMT(BPF_LD | BPF_H | BPF_IND, 2),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 68, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 0xffffffff),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sk_buff skb;

	build_frame(&skb);
	ST_ASSERT(run(dhcp, ARRAY_LEN(dhcp), &skb) == 0xffffffff, "DHCP reply kept");
	test_frame[14 + 20 + 3] = 69;
	ST_ASSERT(run(dhcp, ARRAY_LEN(dhcp), &skb) == 0, "other port dropped");
	test_frame[14 + 20 + 3] = 68;
	test_frame[14 + 7] = 1;			/* fragment offset 8 */
	ST_ASSERT(run(dhcp, ARRAY_LEN(dhcp), &skb) == 0, "fragment dropped");
	test_frame[14 + 7] = 0;
	test_frame[14 + 9] = 6;
	ST_ASSERT(run(dhcp, ARRAY_LEN(dhcp), &skb) == 0, "TCP dropped");
	return 0;
}
DEFINE_SELFTEST("bpf: a DHCP client's filter", bpf_dhcp_test);

static int bpf_machine_test(void)
{
	static const struct sock_filter alu[] = {
		BPF_STMT(BPF_LD | BPF_IMM, 100),
		BPF_STMT(BPF_ST, 3),			/* M[3] = 100 */
		BPF_STMT(BPF_LDX | BPF_IMM, 7),
		BPF_STMT(BPF_ALU | BPF_MUL | BPF_X, 0),	/* 700 */
		BPF_STMT(BPF_ALU | BPF_SUB | BPF_K, 20),	/* 680 */
		BPF_STMT(BPF_ALU | BPF_DIV | BPF_K, 3),	/* 226 */
		BPF_STMT(BPF_ALU | BPF_MOD | BPF_K, 100),	/* 26 */
		BPF_STMT(BPF_ALU | BPF_LSH | BPF_K, 4),	/* 416 */
		BPF_STMT(BPF_ALU | BPF_OR | BPF_K, 1),	/* 417 */
		BPF_STMT(BPF_ALU | BPF_XOR | BPF_K, 0x10),	/* 433 */
		BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0xff),	/* 177 */
		BPF_STMT(BPF_MISC | BPF_TAX, 0),
		BPF_STMT(BPF_LD | BPF_MEM, 3),		/* 100 */
		BPF_STMT(BPF_ALU | BPF_ADD | BPF_X, 0),	/* 277 */
		BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, 276, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, 1),
		BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 278, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 2),
		BPF_STMT(BPF_RET | BPF_A, 0),
	};
	static const struct sock_filter div_x[] = {
		BPF_STMT(BPF_LDX | BPF_IMM, 0),
		BPF_STMT(BPF_LD | BPF_IMM, 5),
		BPF_STMT(BPF_ALU | BPF_DIV | BPF_X, 0),
		BPF_STMT(BPF_RET | BPF_K, 9),
	};
	static const struct sock_filter past_end[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 30),	/* bytes 30..33 of 32 */
		BPF_STMT(BPF_RET | BPF_K, 9),
	};
	static const struct sock_filter len_neg[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_LEN, 0),
		BPF_STMT(BPF_ALU | BPF_NEG, 0),
		BPF_STMT(BPF_ALU | BPF_NEG, 0),
		BPF_STMT(BPF_RET | BPF_A, 0),
	};
	static const struct sock_filter meta[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SKF_AD_OFF + SKF_AD_PROTOCOL),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x0800, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SKF_AD_OFF + SKF_AD_PKTTYPE),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PACKET_BROADCAST, 0, 3),
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, SKF_LL_OFF + 12),	/* EtherType high byte */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x08, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 1),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	static const struct sock_filter no_dev[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SKF_AD_OFF + SKF_AD_IFINDEX),
		BPF_STMT(BPF_RET | BPF_K, 9),
	};
	struct sk_buff skb;

	build_frame(&skb);
	ST_ASSERT(run(alu, ARRAY_LEN(alu), &skb) == 277, "arithmetic: %u",
		  run(alu, ARRAY_LEN(alu), &skb));
	ST_ASSERT(run(div_x, ARRAY_LEN(div_x), &skb) == 0, "division by X = 0");
	ST_ASSERT(run(past_end, ARRAY_LEN(past_end), &skb) == 0, "load past the end");
	ST_ASSERT(run(len_neg, ARRAY_LEN(len_neg), &skb) == skb.len, "len / neg");
	ST_ASSERT(run(meta, ARRAY_LEN(meta), &skb) == 1, "metadata loads");
	ST_ASSERT(run(no_dev, ARRAY_LEN(no_dev), &skb) == 0, "ifindex without a device");
	return 0;
}
DEFINE_SELFTEST("bpf: instructions, metadata and bounds", bpf_machine_test);

static int bpf_socket_test(void)
{
	static const struct sock_filter cut[] = { BPF_STMT(BPF_RET | BPF_K, 10) };
	static const struct sock_filter none[] = { BPF_STMT(BPF_RET | BPF_K, 0) };
	static struct sock sk;
	struct sk_buff skb;

	memset(&sk, 0, sizeof(sk));
	build_frame(&skb);
	ST_ASSERT(sk_filter(&sk, &skb) == 0 && skb.len == 32, "no filter: untouched");

	sk.sk_filter = sk_filter_create(cut, 1);
	ST_ASSERT(!IS_ERR(sk.sk_filter), "create");
	ST_ASSERT(sk_filter(&sk, &skb) == 0 && skb.len == 10, "cut to 10: %u", skb.len);

	sk_filter_put(sk.sk_filter);
	sk.sk_filter = sk_filter_create(none, 1);
	ST_ASSERT(sk_filter(&sk, &skb) == -EPERM, "return 0 drops");
	ST_ASSERT(sk_detach_filter(&sk) == 0 && !sk.sk_filter, "detach");
	ST_ASSERT(sk_detach_filter(&sk) == -ENOENT, "detach twice");
	return 0;
}
DEFINE_SELFTEST("bpf: sk_filter cuts and drops", bpf_socket_test);
