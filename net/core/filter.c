// SPDX-License-Identifier: GPL-2.0-only
/*
 * Classic BPF socket filters (socket(7) SO_ATTACH_FILTER, packet(7)).
 *
 * A program is a list of fixed-size instructions for a tiny machine with
 * an accumulator A, an index register X and sixteen scratch words M[].
 * The checker (sk_chk_filter) accepts a program only if every opcode is
 * known, every jump lands inside the program (jumps only go forward, so
 * it always ends), scratch indexes are below 16, no division or modulo
 * is by the constant 0, and the last instruction returns.  The
 * interpreter (sk_run_filter) then needs no further safety checks than the
 * packet bounds: a load outside the packet, or a division by X == 0,
 * ends the program with 0 ("drop").
 *
 * Packet offsets count from skb->data, i.e. from whatever the socket
 * would deliver first (the link header for SOCK_RAW packet sockets, the
 * network header for SOCK_DGRAM ones, the IP header for raw IP).  The
 * negative offsets of <uapi/linux/filter.h> reach the metadata
 * (SKF_AD_*), or count from the network / link header.
 *
 * Sockets: sk->sk_filter points at a reference-counted struct sk_filter.
 * Attaching or detaching swaps the pointer under filter_lock; the receive
 * path takes its own reference under the same lock, so a program being
 * replaced is freed only after the last packet running it is done.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/spinlock.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/random.h>
#include <linux/smp.h>
#include <linux/filter.h>
#include <net/sock.h>
#include <asm/uaccess.h>
#include <asm/byteorder.h>

static DEFINE_SPINLOCK(filter_lock);

/* ------------------------------------------------------------- checker */

/* Is @code one of the instructions the machine knows? */
static bool bpf_opcode_known(u16 code)
{
	u16 mode = BPF_MODE(code), size = BPF_SIZE(code);

	switch (BPF_CLASS(code)) {
	case BPF_LD:
		if (mode == BPF_ABS || mode == BPF_IND)
			return size == BPF_W || size == BPF_H || size == BPF_B;
		return (mode == BPF_IMM || mode == BPF_MEM || mode == BPF_LEN) &&
		       size == BPF_W;
	case BPF_LDX:
		if (mode == BPF_MSH)
			return size == BPF_B;
		return (mode == BPF_IMM || mode == BPF_MEM || mode == BPF_LEN) &&
		       size == BPF_W;
	case BPF_ST:
	case BPF_STX:
		return (code & ~0x07) == 0;
	case BPF_ALU:
		switch (BPF_OP(code)) {
		case BPF_ADD: case BPF_SUB: case BPF_MUL: case BPF_DIV:
		case BPF_OR: case BPF_AND: case BPF_LSH: case BPF_RSH:
		case BPF_MOD: case BPF_XOR:
			return (code & 0x07) == BPF_ALU;
		case BPF_NEG:
			return code == (BPF_ALU | BPF_NEG);
		}
		return false;
	case BPF_JMP:
		switch (BPF_OP(code)) {
		case BPF_JA:
			return code == (BPF_JMP | BPF_JA);
		case BPF_JEQ: case BPF_JGT: case BPF_JGE: case BPF_JSET:
			return true;
		}
		return false;
	case BPF_RET:
		return BPF_RVAL(code) == BPF_K || BPF_RVAL(code) == BPF_A;
	case BPF_MISC:
		return code == (BPF_MISC | BPF_TAX) || code == (BPF_MISC | BPF_TXA);
	}
	return false;
}

int sk_chk_filter(const struct sock_filter *prog, unsigned int len)
{
	unsigned int pc;

	if (!prog || len == 0 || len > BPF_MAXINSNS)
		return -EINVAL;

	for (pc = 0; pc < len; pc++) {
		const struct sock_filter *in = &prog[pc];
		unsigned int left = len - pc - 1;	/* instructions after this one */
		u16 cls = BPF_CLASS(in->code);

		if (!bpf_opcode_known(in->code))
			return -EINVAL;

		/* Scratch memory accesses. */
		if (((cls == BPF_LD || cls == BPF_LDX) && BPF_MODE(in->code) == BPF_MEM) ||
		    cls == BPF_ST || cls == BPF_STX) {
			if (in->k >= BPF_MEMWORDS)
				return -EINVAL;
		}

		/* A constant divisor of zero can be refused right away. */
		if (cls == BPF_ALU && BPF_SRC(in->code) == BPF_K &&
		    (BPF_OP(in->code) == BPF_DIV || BPF_OP(in->code) == BPF_MOD) &&
		    in->k == 0)
			return -EINVAL;

		if (cls == BPF_JMP) {
			if (BPF_OP(in->code) == BPF_JA) {
				if (in->k >= left)
					return -EINVAL;
			} else if (in->jt >= left || in->jf >= left) {
				return -EINVAL;
			}
		}
	}

	/* Falling off the end is impossible once the last one returns. */
	if (BPF_CLASS(prog[len - 1].code) != BPF_RET)
		return -EINVAL;
	return 0;
}

struct sk_filter *sk_filter_create(const struct sock_filter *prog, unsigned int len)
{
	struct sk_filter *fp;
	int err = sk_chk_filter(prog, len);

	if (err)
		return ERR_PTR(err);
	fp = kmalloc(sizeof(*fp) + len * sizeof(*prog), GFP_KERNEL);
	if (!fp)
		return ERR_PTR(-ENOMEM);
	atomic_set(&fp->refcnt, 1);
	fp->len = len;
	memcpy(fp->insns, prog, len * sizeof(*prog));
	return fp;
}

void sk_filter_put(struct sk_filter *fp)
{
	if (fp && atomic_dec_and_test(&fp->refcnt))
		kfree(fp);
}

/* ----------------------------------------------------------- interpreter */

/*
 * Where a load of @size bytes at program offset @off really reads from,
 * or NULL when that is outside the packet.  Negative offsets below
 * SKF_AD_OFF are relative to the network or the link header.
 */
static const u8 *bpf_packet_ptr(const struct sk_buff *skb, s32 off, unsigned int size)
{
	const u8 *base = skb->data;
	const u8 *end = skb->data + skb->len;
	const u8 *p;

	if (off >= 0) {
		p = base + off;
	} else if (off >= SKF_NET_OFF && off < SKF_AD_OFF) {
		if (skb->network_header == SKB_HEADER_UNSET)
			return NULL;
		p = skb_network_header(skb) + (off - SKF_NET_OFF);
	} else if (off >= SKF_LL_OFF && off < SKF_NET_OFF) {
		if (!skb_mac_header_was_set(skb))
			return NULL;
		p = skb_mac_header(skb) + (off - SKF_LL_OFF);
	} else {
		return NULL;
	}
	/* Headers may sit before data (already pulled) but never before head. */
	if (p < skb->head || p + size > end || p + size < p)
		return NULL;
	return p;
}

/* Metadata loads: true with *val set, false for an unknown one. */
static bool bpf_ancillary(const struct sk_buff *skb, s32 which, u32 a, u32 x, u32 *val)
{
	switch (which) {
	case SKF_AD_PROTOCOL:
		*val = be16_to_cpu(skb->protocol);
		return true;
	case SKF_AD_PKTTYPE:
		*val = skb->pkt_type;
		return true;
	case SKF_AD_IFINDEX:
		if (!skb->dev)
			return false;
		*val = skb->dev->ifindex;
		return true;
	case SKF_AD_HATYPE:
		if (!skb->dev)
			return false;
		*val = skb->dev->type;
		return true;
	case SKF_AD_MARK:
		*val = skb->mark;
		return true;
	case SKF_AD_QUEUE:
	case SKF_AD_RXHASH:
	case SKF_AD_VLAN_TAG:
	case SKF_AD_VLAN_TAG_PRESENT:
	case SKF_AD_VLAN_TPID:
		*val = 0;		/* one queue, no hashing, no VLAN offload */
		return true;
	case SKF_AD_CPU:
		*val = smp_processor_id();
		return true;
	case SKF_AD_ALU_XOR_X:
		*val = a ^ x;
		return true;
	case SKF_AD_RANDOM:
		*val = get_random_u32();
		return true;
	case SKF_AD_PAY_OFFSET:
		*val = skb_transport_header_was_set(skb) ?
		       (u32)(skb_transport_header(skb) - skb->data) : 0;
		return true;
	}
	return false;
}

/* Load @size (4, 2 or 1) bytes big-endian at @off; false when out of range. */
static bool bpf_load(const struct sk_buff *skb, s32 off, unsigned int size,
		     u32 a, u32 x, u32 *val)
{
	const u8 *p;

	if (off < 0 && off >= SKF_AD_OFF)
		return size == 4 && bpf_ancillary(skb, off - SKF_AD_OFF, a, x, val);
	p = bpf_packet_ptr(skb, off, size);
	if (!p)
		return false;
	switch (size) {
	case 4:
		*val = ((u32)p[0] << 24) | ((u32)p[1] << 16) | ((u32)p[2] << 8) | p[3];
		break;
	case 2:
		*val = ((u32)p[0] << 8) | p[1];
		break;
	default:
		*val = p[0];
	}
	return true;
}

static unsigned int bpf_size_bytes(u16 code)
{
	switch (BPF_SIZE(code)) {
	case BPF_H:
		return 2;
	case BPF_B:
		return 1;
	}
	return 4;
}

unsigned int sk_run_filter(const struct sk_filter *fp, const struct sk_buff *skb)
{
	u32 mem[BPF_MEMWORDS] = { 0 };
	u32 a = 0, x = 0, v, operand;
	unsigned int pc = 0;

	while (pc < fp->len) {
		const struct sock_filter *in = &fp->insns[pc++];
		u16 code = in->code;

		switch (BPF_CLASS(code)) {
		case BPF_LD:
			switch (BPF_MODE(code)) {
			case BPF_IMM:
				a = in->k;
				break;
			case BPF_MEM:
				a = mem[in->k];
				break;
			case BPF_LEN:
				a = skb->len;
				break;
			case BPF_ABS:
				if (!bpf_load(skb, (s32)in->k, bpf_size_bytes(code), a, x, &a))
					return 0;
				break;
			case BPF_IND:
				if (!bpf_load(skb, (s32)(x + in->k), bpf_size_bytes(code),
					      a, x, &a))
					return 0;
				break;
			}
			break;
		case BPF_LDX:
			switch (BPF_MODE(code)) {
			case BPF_IMM:
				x = in->k;
				break;
			case BPF_MEM:
				x = mem[in->k];
				break;
			case BPF_LEN:
				x = skb->len;
				break;
			case BPF_MSH:
				/* The IPv4 header length at byte k, in bytes. */
				if (!bpf_load(skb, (s32)in->k, 1, a, x, &v))
					return 0;
				x = (v & 0x0f) * 4;
				break;
			}
			break;
		case BPF_ST:
			mem[in->k] = a;
			break;
		case BPF_STX:
			mem[in->k] = x;
			break;
		case BPF_ALU:
			operand = BPF_SRC(code) == BPF_X ? x : in->k;
			switch (BPF_OP(code)) {
			case BPF_ADD: a += operand; break;
			case BPF_SUB: a -= operand; break;
			case BPF_MUL: a *= operand; break;
			case BPF_OR:  a |= operand; break;
			case BPF_AND: a &= operand; break;
			case BPF_XOR: a ^= operand; break;
			case BPF_LSH: a = operand < 32 ? a << operand : 0; break;
			case BPF_RSH: a = operand < 32 ? a >> operand : 0; break;
			case BPF_NEG: a = -a; break;
			case BPF_DIV:
				if (!operand)
					return 0;
				a /= operand;
				break;
			case BPF_MOD:
				if (!operand)
					return 0;
				a %= operand;
				break;
			}
			break;
		case BPF_JMP:
			operand = BPF_SRC(code) == BPF_X ? x : in->k;
			switch (BPF_OP(code)) {
			case BPF_JA:
				pc += in->k;
				break;
			case BPF_JEQ:
				pc += a == operand ? in->jt : in->jf;
				break;
			case BPF_JGT:
				pc += a > operand ? in->jt : in->jf;
				break;
			case BPF_JGE:
				pc += a >= operand ? in->jt : in->jf;
				break;
			case BPF_JSET:
				pc += (a & operand) ? in->jt : in->jf;
				break;
			}
			break;
		case BPF_RET:
			return BPF_RVAL(code) == BPF_A ? a : in->k;
		case BPF_MISC:
			if (code == (BPF_MISC | BPF_TAX))
				x = a;
			else
				a = x;
			break;
		}
	}
	return 0;	/* the checker makes this unreachable */
}

/* ------------------------------------------------------------- sockets */

static struct sk_filter *sk_filter_get(struct sock *sk)
{
	struct sk_filter *fp;
	unsigned long flags;

	spin_lock_irqsave(&filter_lock, flags);
	fp = sk->sk_filter;
	if (fp)
		atomic_inc(&fp->refcnt);
	spin_unlock_irqrestore(&filter_lock, flags);
	return fp;
}

/* Put @fp on @sk (NULL detaches); the old program's reference is dropped. */
static struct sk_filter *sk_filter_swap(struct sock *sk, struct sk_filter *fp)
{
	unsigned long flags;

	spin_lock_irqsave(&filter_lock, flags);
	swap(sk->sk_filter, fp);
	spin_unlock_irqrestore(&filter_lock, flags);
	return fp;		/* what was attached before */
}

int sk_filter(struct sock *sk, struct sk_buff *skb)
{
	struct sk_filter *fp;
	unsigned int keep;

	if (!READ_ONCE(sk->sk_filter))
		return 0;
	fp = sk_filter_get(sk);
	if (!fp)
		return 0;
	keep = sk_run_filter(fp, skb);
	sk_filter_put(fp);
	if (!keep)
		return -EPERM;
	skb_trim(skb, keep);
	return 0;
}

int sk_attach_filter(struct sock *sk, const void *optval, unsigned int optlen)
{
	struct sock_fprog fprog;
	struct sock_filter *prog;
	struct sk_filter *fp;
	size_t bytes;

	if (optlen < sizeof(fprog))
		return -EINVAL;
	memcpy(&fprog, optval, sizeof(fprog));
	if (fprog.len == 0 || fprog.len > BPF_MAXINSNS || !fprog.filter)
		return -EINVAL;

	bytes = (size_t)fprog.len * sizeof(*prog);
	prog = kmalloc(bytes, GFP_KERNEL);
	if (!prog)
		return -ENOMEM;
	if (copy_from_user(prog, fprog.filter, bytes)) {
		kfree(prog);
		return -EFAULT;
	}
	fp = sk_filter_create(prog, fprog.len);
	kfree(prog);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	sk_filter_put(sk_filter_swap(sk, fp));
	return 0;
}

int sk_detach_filter(struct sock *sk)
{
	struct sk_filter *old = sk_filter_swap(sk, NULL);

	if (!old)
		return -ENOENT;
	sk_filter_put(old);
	return 0;
}

void sk_filter_release(struct sock *sk)
{
	sk_filter_put(sk_filter_swap(sk, NULL));
}
