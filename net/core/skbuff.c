// SPDX-License-Identifier: GPL-2.0-only
/*
 * Packet buffers: allocation, copies, headroom growth and the locked
 * queue operations of include/linux/skbuff.h.
 *
 * The descriptor (struct sk_buff) comes from its own slab cache; the
 * data area is one kmalloc() block.  kmalloc() hands out whole pages
 * above KMALLOC_MAX_CACHE_SIZE, up to MAX_ORDER, so a loopback frame of
 * 64 KiB plus headers is a single physically contiguous area like any
 * other.  Nothing is reference counted: a buffer has one owner and a
 * copy is a new buffer (see the header's comment).
 *
 * Interface: alloc_skb(), netdev_alloc_skb(), kfree_skb(), consume_skb(),
 * skb_copy(), skb_copy_expand(), skb_cow_head(), skb_copy_bits(),
 * skb_put_from_iter() and skb_queue_{head,tail}, skb_dequeue{,_tail},
 * skb_unlink, skb_queue_purge; for offloads skb_checksum_help() (finish
 * a CHECKSUM_PARTIAL sum) and skb_gso_segment() (cut a TCP/IPv4 GSO
 * packet into frames, copying each payload while summing it).
 *
 * kfree_skb() and consume_skb() differ only in intent (a drop or a
 * normal end); neither keeps a count today.
 *
 * Locking: none of its own besides each sk_buff_head's spinlock, taken
 * with interrupts off because drivers queue from interrupt handlers.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/uio.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <uapi/linux/in.h>
#include <uapi/linux/ip.h>
#include <uapi/linux/tcp.h>
#include <net/checksum.h>

/* Bytes a receive buffer keeps in front of the frame: 64 spare + 2 so the IP header is 4-aligned. */
#define NETDEV_RX_HEADROOM	66

static struct kmem_cache *skbuff_cache;

static int __init skb_init(void)
{
	skbuff_cache = kmem_cache_create("skbuff_head_cache", sizeof(struct sk_buff),
					 __alignof__(struct sk_buff), 0, NULL);
	return skbuff_cache ? 0 : -ENOMEM;
}
core_initcall(skb_init);

/* A descriptor over a fresh @size-byte area, everything else cleared. */
struct sk_buff *alloc_skb(unsigned int size, gfp_t gfp)
{
	struct sk_buff *skb;
	unsigned char *area;

	if (WARN_ON_ONCE(!skbuff_cache))
		return NULL;
	/* Round the area so the tail stays word aligned after small puts. */
	size = ALIGN(size ? size : 1, sizeof(long));
	skb = kmem_cache_zalloc(skbuff_cache, gfp);
	if (!skb)
		return NULL;
	area = kmalloc(size, gfp);
	if (!area) {
		kmem_cache_free(skbuff_cache, skb);
		return NULL;
	}
	skb->head = skb->data = area;
	skb->size = size;
	skb->truesize = size + sizeof(*skb);
	skb->mac_header = skb->network_header = skb->transport_header = SKB_HEADER_UNSET;
	return skb;
}

struct sk_buff *alloc_skb_with_headroom(unsigned int size, gfp_t gfp)
{
	struct sk_buff *skb = alloc_skb(size + MAX_HEADER_ROOM, gfp);

	if (skb)
		skb_reserve(skb, MAX_HEADER_ROOM);
	return skb;
}

/* Drivers fill receive buffers from NAPI polls and probes alike: never sleep. */
struct sk_buff *netdev_alloc_skb(struct net_device *dev, unsigned int size)
{
	struct sk_buff *skb = alloc_skb(size + NETDEV_RX_HEADROOM, GFP_ATOMIC);

	if (skb) {
		skb_reserve(skb, NETDEV_RX_HEADROOM);
		skb->dev = dev;
	}
	return skb;
}

static void skb_release(struct sk_buff *skb)
{
	WARN_ON_ONCE(skb->next || skb->prev);
	skb_orphan(skb);
	kfree(skb->head);
	kmem_cache_free(skbuff_cache, skb);
}

void kfree_skb(struct sk_buff *skb)
{
	if (!skb)
		return;
	skb_release(skb);
}

void consume_skb(struct sk_buff *skb)
{
	if (skb)
		skb_release(skb);
}

/* The bytes moved @shift further from head: so do the header offsets that are set. */
static void skb_shift_headers(struct sk_buff *skb, int shift)
{
	u16 *offsets[] = { &skb->mac_header, &skb->network_header, &skb->transport_header };

	for (unsigned int i = 0; i < ARRAY_SIZE(offsets); i++)
		if (*offsets[i] != SKB_HEADER_UNSET)
			*offsets[i] += shift;
	if (skb->ip_summed == CHECKSUM_PARTIAL)
		skb->csum_start += shift;
}

/*
 * @to takes @from's metadata (header offsets moved by @shift bytes) but
 * keeps its own area, and belongs to no socket or queue.
 */
static void skb_copy_meta(struct sk_buff *to, const struct sk_buff *from, int shift)
{
	struct sk_buff area = *to;

	*to = *from;
	to->next = to->prev = NULL;
	to->sk = NULL;
	to->destructor = NULL;
	to->head = area.head;
	to->data = area.data;
	to->len = area.len;
	to->size = area.size;
	to->truesize = area.truesize;
	skb_shift_headers(to, shift);
}

struct sk_buff *skb_copy(const struct sk_buff *skb, gfp_t gfp)
{
	struct sk_buff *n = alloc_skb(skb->size, gfp);

	if (!n)
		return NULL;
	/* Everything up to the tail, so headers already pulled stay readable. */
	memcpy(n->head, skb->head, skb_tail_pointer(skb) - skb->head);
	n->data = n->head + skb_headroom(skb);
	n->len = skb->len;
	skb_copy_meta(n, skb, 0);
	return n;
}

struct sk_buff *skb_copy_expand(const struct sk_buff *skb, unsigned int headroom,
				unsigned int tailroom, gfp_t gfp)
{
	unsigned int old_room = skb_headroom(skb);
	unsigned int room = max(headroom, old_room);
	int shift = room - old_room;
	struct sk_buff *n;

	n = alloc_skb(room + skb->len + tailroom, gfp);
	if (!n)
		return NULL;
	memcpy(n->head + shift, skb->head, skb_tail_pointer(skb) - skb->head);
	n->data = n->head + room;
	n->len = skb->len;
	skb_copy_meta(n, skb, shift);
	return n;
}

int skb_cow_head(struct sk_buff *skb, unsigned int headroom)
{
	unsigned int old_room = skb_headroom(skb);
	unsigned int shift, size;
	unsigned char *area;

	if (old_room >= headroom)
		return 0;
	shift = ALIGN(headroom - old_room, sizeof(long));
	size = skb->size + shift;
	area = kmalloc(size, GFP_ATOMIC);
	if (!area)
		return -ENOMEM;
	memcpy(area + shift, skb->head, skb_tail_pointer(skb) - skb->head);
	kfree(skb->head);
	skb->head = area;
	skb->data = area + old_room + shift;
	skb->size = size;
	/* truesize stays: the owner's socket account was charged with it. */
	skb_shift_headers(skb, shift);
	return 0;
}

int skb_put_from_iter(struct sk_buff *skb, struct iov_iter *iter, int len)
{
	unsigned char *dst;

	if (len < 0 || (unsigned int)len > skb_tailroom(skb))
		return -EFAULT;
	dst = skb_put(skb, len);
	if (copy_from_iter(dst, len, iter) != (size_t)len) {
		skb->len -= len;
		return -EFAULT;
	}
	return 0;
}

int skb_copy_bits(const struct sk_buff *skb, int offset, void *to, int len)
{
	if (offset < 0 || len < 0 || (unsigned int)offset + len > skb->len)
		return -EFAULT;
	memcpy(to, skb->data + offset, len);
	return 0;
}

/* ------------------------------------------------------------ offloads */

int skb_checksum_help(struct sk_buff *skb)
{
	int start = skb_checksum_start_offset(skb);
	__sum16 sum;

	if (skb->ip_summed != CHECKSUM_PARTIAL)
		return 0;
	if (start < 0 || (unsigned int)start + skb->csum_offset + sizeof(sum) > skb->len)
		return -EINVAL;
	/* The field holds the pseudo-header sum: summing over it finishes the job. */
	sum = csum_fold(csum_partial(skb->data + start, skb->len - start, 0));
	memcpy(skb->data + start + skb->csum_offset, &sum, sizeof(sum));
	skb->ip_summed = CHECKSUM_NONE;
	return 0;
}

/*
 * One frame of a TCP/IPv4 GSO packet: the headers (@hdr_len bytes from
 * data) copied, then @len payload bytes from @off, with IP length, ID,
 * header checksum, sequence number, flags and TCP checksum made right.
 */
static struct sk_buff *skb_gso_one(const struct sk_buff *skb, unsigned int hdr_len,
				   unsigned int off, unsigned int len, unsigned int index,
				   bool last)
{
	unsigned int room = skb_headroom(skb);
	int nh = skb_network_offset(skb);
	struct sk_buff *seg = alloc_skb(room + hdr_len + len, GFP_ATOMIC);
	struct iphdr *iph;
	struct tcphdr *th;
	unsigned int thl;
	__wsum sum;

	if (!seg)
		return NULL;
	skb_reserve(seg, room);
	memcpy(skb_put(seg, hdr_len), skb->data, hdr_len);
	sum = csum_partial_copy(skb->data + hdr_len + off, skb_put(seg, len), len, 0);
	skb_copy_meta(seg, skb, 0);
	seg->ip_summed = CHECKSUM_NONE;
	seg->gso_size = seg->gso_segs = seg->gso_type = 0;
	seg->xmit_more = 0;

	iph = (struct iphdr *)(seg->data + nh);
	th = (struct tcphdr *)((u8 *)iph + iph->ihl * 4);
	thl = hdr_len - nh - iph->ihl * 4;
	iph->tot_len = htons(iph->ihl * 4 + thl + len);
	iph->id = htons(ntohs(iph->id) + index);
	iph->check = 0;
	iph->check = ip_fast_csum(iph, iph->ihl);
	th->seq = htonl(ntohl(th->seq) + off);
	if (!last)
		th->flags &= ~(TCPHDR_FIN | TCPHDR_PSH);
	th->check = 0;
	sum = csum_partial(th, thl, sum);
	th->check = csum_tcpudp_magic(iph->saddr, iph->daddr, thl + len, IPPROTO_TCP, sum);
	return seg;
}

struct sk_buff *skb_gso_segment(const struct sk_buff *skb)
{
	int nh = skb_network_offset(skb);
	const struct iphdr *iph;
	const struct tcphdr *th;
	struct sk_buff *head = NULL, **tail = &head;
	unsigned int hdr_len, payload, mss = skb->gso_size, index = 0;

	if (!(skb->gso_type & SKB_GSO_TCPV4) || !mss || nh < 0 ||
	    (unsigned int)nh + sizeof(*iph) > skb->len)
		return NULL;
	iph = (const struct iphdr *)(skb->data + nh);
	if (iph->version != 4 || iph->protocol != IPPROTO_TCP || iph->ihl < 5)
		return NULL;
	hdr_len = nh + iph->ihl * 4;
	if (hdr_len + sizeof(*th) > skb->len)
		return NULL;
	th = (const struct tcphdr *)(skb->data + hdr_len);
	hdr_len += tcp_hdr_doff(th) * 4;
	if (tcp_hdr_doff(th) < 5 || hdr_len > skb->len)
		return NULL;
	payload = skb->len - hdr_len;
	for (unsigned int off = 0; off < payload || !index; off += mss, index++) {
		unsigned int len = min(mss, payload - off);
		struct sk_buff *seg = skb_gso_one(skb, hdr_len, off, len, index,
						  off + len >= payload);

		if (!seg) {
			while (head) {
				seg = head;
				head = head->next;
				seg->next = NULL;
				kfree_skb(seg);
			}
			return NULL;
		}
		*tail = seg;
		tail = &seg->next;
	}
	return head;
}

/* ------------------------------------------------------------ locked queues */

/* Every locked operation either adds at one end ... */
static void skb_queue_add_locked(struct sk_buff_head *list, struct sk_buff *newsk, bool front)
{
	unsigned long flags;

	spin_lock_irqsave(&list->lock, flags);
	if (front)
		__skb_queue_head(list, newsk);
	else
		__skb_queue_tail(list, newsk);
	spin_unlock_irqrestore(&list->lock, flags);
}

/* ... or takes off @skb, or when NULL the first (@back: last) one. */
static struct sk_buff *skb_queue_take_locked(struct sk_buff_head *list, struct sk_buff *skb,
					     bool back)
{
	unsigned long flags;

	spin_lock_irqsave(&list->lock, flags);
	if (!skb)
		skb = back ? skb_peek_tail(list) : skb_peek(list);
	if (skb)
		__skb_unlink(skb, list);
	spin_unlock_irqrestore(&list->lock, flags);
	return skb;
}

void skb_queue_tail(struct sk_buff_head *list, struct sk_buff *newsk)
{
	skb_queue_add_locked(list, newsk, false);
}

void skb_queue_head(struct sk_buff_head *list, struct sk_buff *newsk)
{
	skb_queue_add_locked(list, newsk, true);
}

struct sk_buff *skb_dequeue(struct sk_buff_head *list)
{
	return skb_queue_take_locked(list, NULL, false);
}

struct sk_buff *skb_dequeue_tail(struct sk_buff_head *list)
{
	return skb_queue_take_locked(list, NULL, true);
}

void skb_unlink(struct sk_buff *skb, struct sk_buff_head *list)
{
	skb_queue_take_locked(list, skb, false);
}

void skb_queue_purge(struct sk_buff_head *list)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(list)) != NULL)
		kfree_skb(skb);
}
