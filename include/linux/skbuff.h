/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Packet buffers (net/core/skbuff.c): struct sk_buff carries one packet
 * through the stack, from a socket down to a driver or from a driver up to
 * a socket, and struct sk_buff_head queues them.
 *
 * A buffer is one linear kmalloc'ed area.  Inside it:
 *
 *	head            data                 data+len       head+size
 *	 |  headroom     |  the packet bytes   |   tailroom    |
 *
 * Going down, each layer skb_push()es its header into the headroom; the
 * sender reserves room for every header below it (MAX_HEADER_ROOM covers
 * Ethernet + IPv4 with options + TCP with options).  Going up, each layer
 * records where its header starts (skb_reset_*_header) and skb_pull()s
 * past it.  Header positions are offsets from head, so they stay valid
 * when data moves.
 *
 * The data area is never shared: there are no clones.  Whoever needs a
 * second copy of a packet (TCP keeping a segment for retransmission, an
 * AF_PACKET tap) makes one with skb_copy().  So any holder of an skb may
 * write into it.
 *
 * Ownership: an skb has exactly one owner at a time; handing it to a
 * function that "consumes" it (dev_queue_xmit, netif_receive_skb, a
 * protocol handler, sock_queue_rcv_skb on success) passes ownership.  An
 * skb charged to a socket (skb_set_owner_r/w) runs its destructor on
 * kfree_skb() to give the memory back to the socket's account.
 *
 * Locking: an sk_buff_head has its own irq-safe spinlock, taken by the
 * skb_queue_* and skb_dequeue* functions; the __skb_* variants leave the
 * locking to the caller.
 */
#ifndef _LINUX_SKBUFF_H
#define _LINUX_SKBUFF_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/spinlock.h>
#include <linux/gfp.h>
#include <linux/bug.h>
#include <asm/atomic.h>

struct sock;
struct net_device;
struct iov_iter;

/* Headroom a locally made packet reserves for every header below it. */
#define MAX_HEADER_ROOM		192

/* skb->pkt_type: who the frame was addressed to (as AF_PACKET reports). */
#define PACKET_HOST		0	/* to us */
#define PACKET_BROADCAST	1
#define PACKET_MULTICAST	2
#define PACKET_OTHERHOST	3	/* to someone else (promiscuous) */
#define PACKET_OUTGOING		4	/* sent by us (seen by a tap) */
#define PACKET_LOOPBACK		5

/* skb->ip_summed */
#define CHECKSUM_NONE		0	/* nothing verified: check it in software */
#define CHECKSUM_UNNECESSARY	1	/* the device (or loopback) vouches for it */
/*
 * Going out: the transport checksum is not done.  The field at csum_start
 * + csum_offset holds the pseudo-header sum; whoever finishes it (the
 * device, or skb_checksum_help() in dev_queue_xmit()) sums from
 * csum_start to the end and stores the folded result there.
 */
#define CHECKSUM_PARTIAL	3

/* skb->gso_type */
#define SKB_GSO_TCPV4		0x1	/* TCP over IPv4: cut at gso_size payload bytes */

#define SKB_HEADER_UNSET	0xffff

struct sk_buff {
	/* On an sk_buff_head (or a private list); both NULL otherwise. */
	struct sk_buff *next;
	struct sk_buff *prev;

	struct sock *sk;		/* charged to this socket, or NULL */
	struct net_device *dev;		/* arrived on / leaves through */
	void (*destructor)(struct sk_buff *skb);

	unsigned char *head;		/* start of the area */
	unsigned char *data;		/* start of the bytes in use */
	unsigned int len;		/* bytes in use, from data */
	unsigned int size;		/* bytes in the area */
	unsigned int truesize;		/* what it costs a socket's buffer account */

	u16 mac_header;			/* offsets from head, or SKB_HEADER_UNSET */
	u16 network_header;
	u16 transport_header;

	__be16 protocol;		/* EtherType of the payload (ETH_P_*) */
	u8 pkt_type;			/* PACKET_* */
	u8 ip_summed;			/* CHECKSUM_* */
	int skb_iif;			/* ifindex it arrived on (0: local) */
	u32 priority;
	u32 mark;
	u64 tstamp;			/* ktime_get_real_ns() on receive, 0 if unset */

	/* Scratch space for the layer that owns the skb right now. */
	char cb[48] __aligned(8);

	/* Offloads (appended): see CHECKSUM_PARTIAL and skb_is_gso(). */
	u16 csum_start;			/* offset from head where the sum starts */
	u16 csum_offset;		/* from csum_start to the checksum field */
	u16 gso_size;			/* payload bytes per segment; 0: one packet */
	u16 gso_segs;			/* segments it stands for */
	u8 gso_type;			/* SKB_GSO_* */
	u8 xmit_more;			/* to a driver: another frame follows at once */
};

struct sk_buff_head {
	/* The queue is a ring: an empty queue points at itself. */
	struct sk_buff *next;
	struct sk_buff *prev;
	u32 qlen;
	spinlock_t lock;
};

/* ---------------------------------------------------- allocation (skbuff.c) */

/*
 * alloc_skb - a buffer of at least @size bytes, data == head, len 0.
 * NULL when memory is short.  @gfp: GFP_KERNEL in process context,
 * GFP_ATOMIC from interrupts.
 */
struct sk_buff *alloc_skb(unsigned int size, gfp_t gfp);
/* alloc_skb() + skb_reserve(MAX_HEADER_ROOM): room for @size payload bytes. */
struct sk_buff *alloc_skb_with_headroom(unsigned int size, gfp_t gfp);
/* A driver's receive buffer: @size bytes after NET_IP_ALIGN-friendly headroom; sets dev. */
struct sk_buff *netdev_alloc_skb(struct net_device *dev, unsigned int size);
/* Drop @skb (NULL is fine): runs the destructor, frees the area.  Counts as a drop. */
void kfree_skb(struct sk_buff *skb);
/* Same, for a packet that was used normally (no drop accounting). */
void consume_skb(struct sk_buff *skb);
/* A private copy of @skb: same bytes, headers, metadata; no owner. */
struct sk_buff *skb_copy(const struct sk_buff *skb, gfp_t gfp);
/* Like skb_copy() but with at least @headroom bytes before data. */
struct sk_buff *skb_copy_expand(const struct sk_buff *skb, unsigned int headroom,
				unsigned int tailroom, gfp_t gfp);
/* Make sure there are @headroom bytes before data (reallocating if not); 0 or -ENOMEM. */
int skb_cow_head(struct sk_buff *skb, unsigned int headroom);
/* Drop every skb on @list (takes its lock). */
void skb_queue_purge(struct sk_buff_head *list);

/* Copy @len bytes from offset @offset of the packet to @iter; 0 or -EFAULT. */
int skb_copy_datagram_iter(const struct sk_buff *skb, int offset,
			   struct iov_iter *iter, int len);
/* Append @len bytes from @iter at the tail (skb_put); 0 or -EFAULT. */
int skb_put_from_iter(struct sk_buff *skb, struct iov_iter *iter, int len);
/* Copy @len bytes from offset @offset of the packet to @to; 0 or -EFAULT if out of range. */
int skb_copy_bits(const struct sk_buff *skb, int offset, void *to, int len);

/* --------------------------------------------------------- geometry */

static inline unsigned char *skb_tail_pointer(const struct sk_buff *skb)
{
	return skb->data + skb->len;
}

static inline unsigned char *skb_end_pointer(const struct sk_buff *skb)
{
	return skb->head + skb->size;
}

static inline unsigned int skb_headroom(const struct sk_buff *skb)
{
	return skb->data - skb->head;
}

static inline unsigned int skb_tailroom(const struct sk_buff *skb)
{
	return skb_end_pointer(skb) - skb_tail_pointer(skb);
}

/* Move data (and the tail with it) @len bytes on: only on an empty skb. */
static inline void skb_reserve(struct sk_buff *skb, unsigned int len)
{
	BUG_ON(skb->len || len > skb_tailroom(skb));
	skb->data += len;
}

/* Grow the packet at its tail by @len bytes; returns where they start. */
static inline void *skb_put(struct sk_buff *skb, unsigned int len)
{
	unsigned char *old_tail = skb_tail_pointer(skb);

	BUG_ON(len > skb_tailroom(skb));
	skb->len += len;
	return old_tail;
}

static inline void *skb_put_data(struct sk_buff *skb, const void *src, unsigned int len)
{
	void *dst = skb_put(skb, len);

	memcpy(dst, src, len);
	return dst;
}

static inline void *skb_put_zero(struct sk_buff *skb, unsigned int len)
{
	void *dst = skb_put(skb, len);

	memset(dst, 0, len);
	return dst;
}

/* Grow the packet at its front by @len bytes (a header); returns the new data. */
static inline void *skb_push(struct sk_buff *skb, unsigned int len)
{
	BUG_ON(len > skb_headroom(skb));
	skb->data -= len;
	skb->len += len;
	return skb->data;
}

/* Drop @len bytes from the front; NULL (and nothing changes) if there are fewer. */
static inline void *skb_pull(struct sk_buff *skb, unsigned int len)
{
	if (len > skb->len)
		return NULL;
	skb->len -= len;
	skb->data += len;
	return skb->data;
}

/* Are the first @len bytes there?  (The area is linear: just a length check.) */
static inline bool pskb_may_pull(const struct sk_buff *skb, unsigned int len)
{
	return len <= skb->len;
}

/* Cut the packet to @len bytes (no-op if it is shorter). */
static inline void skb_trim(struct sk_buff *skb, unsigned int len)
{
	if (skb->len > len)
		skb->len = len;
}

/* ----------------------------------------------------------- headers */

static inline unsigned char *skb_mac_header(const struct sk_buff *skb)
{
	return skb->head + skb->mac_header;
}

static inline unsigned char *skb_network_header(const struct sk_buff *skb)
{
	return skb->head + skb->network_header;
}

static inline unsigned char *skb_transport_header(const struct sk_buff *skb)
{
	return skb->head + skb->transport_header;
}

static inline bool skb_mac_header_was_set(const struct sk_buff *skb)
{
	return skb->mac_header != SKB_HEADER_UNSET;
}

static inline bool skb_transport_header_was_set(const struct sk_buff *skb)
{
	return skb->transport_header != SKB_HEADER_UNSET;
}

static inline void skb_reset_mac_header(struct sk_buff *skb)
{
	skb->mac_header = skb->data - skb->head;
}

static inline void skb_reset_network_header(struct sk_buff *skb)
{
	skb->network_header = skb->data - skb->head;
}

static inline void skb_reset_transport_header(struct sk_buff *skb)
{
	skb->transport_header = skb->data - skb->head;
}

static inline void skb_set_network_header(struct sk_buff *skb, int offset)
{
	skb->network_header = skb->data - skb->head + offset;
}

static inline void skb_set_transport_header(struct sk_buff *skb, int offset)
{
	skb->transport_header = skb->data - skb->head + offset;
}

/* Bytes from the network header to the transport header. */
static inline int skb_network_header_len(const struct sk_buff *skb)
{
	return skb->transport_header - skb->network_header;
}

/* Offset of the network header from data (negative once pulled past it). */
static inline int skb_network_offset(const struct sk_buff *skb)
{
	return skb_network_header(skb) - skb->data;
}

/* ------------------------------------------------------- offloads */

/*
 * A GSO packet stands for gso_segs segments of gso_size payload bytes
 * (the last may be shorter), all behind one copy of the headers.  Devices
 * with NETIF_F_TSO take it whole; dev_queue_xmit() cuts it for the others.
 */
static inline bool skb_is_gso(const struct sk_buff *skb)
{
	return skb->gso_size != 0;
}

/* Where the sum of a CHECKSUM_PARTIAL packet starts, as an offset from data. */
static inline int skb_checksum_start_offset(const struct sk_buff *skb)
{
	return skb->csum_start - skb_headroom(skb);
}

/* Mark @skb CHECKSUM_PARTIAL: sum from the transport header, result at @field_off in it. */
static inline void skb_set_partial_csum(struct sk_buff *skb, unsigned int field_off)
{
	skb->ip_summed = CHECKSUM_PARTIAL;
	skb->csum_start = skb->transport_header;
	skb->csum_offset = field_off;
}

/* Finish a CHECKSUM_PARTIAL packet in software (net/core/skbuff.c); 0 or -EINVAL. */
int skb_checksum_help(struct sk_buff *skb);
/*
 * Cut the GSO packet @skb (data at the link header, network header set)
 * into complete frames with their checksums done, chained through
 * ->next.  @skb itself is left alone.  NULL when memory ran out or the
 * packet is not one we know how to cut.
 */
struct sk_buff *skb_gso_segment(const struct sk_buff *skb);

/* ------------------------------------------------------------ queues */

static inline void skb_queue_head_init(struct sk_buff_head *list)
{
	spin_lock_init(&list->lock);
	list->next = list->prev = (struct sk_buff *)list;
	list->qlen = 0;
}

static inline bool skb_queue_empty(const struct sk_buff_head *list)
{
	return list->next == (const struct sk_buff *)list;
}

static inline u32 skb_queue_len(const struct sk_buff_head *list)
{
	return READ_ONCE(list->qlen);
}

/* First / last skb on the queue, or NULL; the caller holds the lock or owns the queue. */
static inline struct sk_buff *skb_peek(const struct sk_buff_head *list)
{
	struct sk_buff *skb = list->next;

	return skb == (const struct sk_buff *)list ? NULL : skb;
}

static inline struct sk_buff *skb_peek_tail(const struct sk_buff_head *list)
{
	struct sk_buff *skb = list->prev;

	return skb == (const struct sk_buff *)list ? NULL : skb;
}

/* The skb after @skb on @list, or NULL at the end. */
static inline struct sk_buff *skb_peek_next(const struct sk_buff *skb,
					    const struct sk_buff_head *list)
{
	struct sk_buff *next = skb->next;

	return next == (const struct sk_buff *)list ? NULL : next;
}

/* Link @newsk between @prev and @next (both on @list). Unlocked. */
static inline void __skb_insert(struct sk_buff *newsk, struct sk_buff *prev,
				struct sk_buff *next, struct sk_buff_head *list)
{
	newsk->prev = prev;
	newsk->next = next;
	prev->next = newsk;
	next->prev = newsk;
	list->qlen++;
}

static inline void __skb_queue_tail(struct sk_buff_head *list, struct sk_buff *newsk)
{
	__skb_insert(newsk, list->prev, (struct sk_buff *)list, list);
}

static inline void __skb_queue_head(struct sk_buff_head *list, struct sk_buff *newsk)
{
	__skb_insert(newsk, (struct sk_buff *)list, list->next, list);
}

/* Put @newsk right after / before @pos, which is on @list. */
static inline void __skb_queue_after(struct sk_buff_head *list, struct sk_buff *pos,
				     struct sk_buff *newsk)
{
	__skb_insert(newsk, pos, pos->next, list);
}

static inline void __skb_queue_before(struct sk_buff_head *list, struct sk_buff *pos,
				      struct sk_buff *newsk)
{
	__skb_insert(newsk, pos->prev, pos, list);
}

static inline void __skb_unlink(struct sk_buff *skb, struct sk_buff_head *list)
{
	struct sk_buff *before = skb->prev, *after = skb->next;

	before->next = after;
	after->prev = before;
	skb->next = skb->prev = NULL;
	list->qlen--;
}

static inline struct sk_buff *__skb_dequeue(struct sk_buff_head *list)
{
	struct sk_buff *skb = skb_peek(list);

	if (skb)
		__skb_unlink(skb, list);
	return skb;
}

static inline struct sk_buff *__skb_dequeue_tail(struct sk_buff_head *list)
{
	struct sk_buff *skb = skb_peek_tail(list);

	if (skb)
		__skb_unlink(skb, list);
	return skb;
}

/* Move every skb of @from to the tail of @to (both unlocked); @from ends empty. */
static inline void __skb_queue_splice_tail_init(struct sk_buff_head *from,
						struct sk_buff_head *to)
{
	struct sk_buff *skb;

	while ((skb = __skb_dequeue(from)) != NULL)
		__skb_queue_tail(to, skb);
}

/* Locked variants (net/core/skbuff.c). */
void skb_queue_tail(struct sk_buff_head *list, struct sk_buff *newsk);
void skb_queue_head(struct sk_buff_head *list, struct sk_buff *newsk);
struct sk_buff *skb_dequeue(struct sk_buff_head *list);
struct sk_buff *skb_dequeue_tail(struct sk_buff_head *list);
void skb_unlink(struct sk_buff *skb, struct sk_buff_head *list);

#define skb_queue_walk(queue, skb)					\
	for (skb = (queue)->next; skb != (struct sk_buff *)(queue);	\
	     skb = skb->next)

#define skb_queue_walk_safe(queue, skb, tmp)				\
	for (skb = (queue)->next, tmp = skb->next;			\
	     skb != (struct sk_buff *)(queue);				\
	     skb = tmp, tmp = skb->next)

/* A private LIFO chain of skbs linked through skb->next (no lock, no count). */
static inline void skb_chain_push(struct sk_buff **chain, struct sk_buff *skb)
{
	skb->next = *chain;
	*chain = skb;
}

static inline struct sk_buff *skb_chain_pop(struct sk_buff **chain)
{
	struct sk_buff *skb = *chain;

	if (skb) {
		*chain = skb->next;
		skb->next = NULL;
	}
	return skb;
}

/* ------------------------------------------------------- ownership */

/* Detach @skb from its socket: runs and clears the destructor. */
static inline void skb_orphan(struct sk_buff *skb)
{
	if (skb->destructor)
		skb->destructor(skb);
	skb->destructor = NULL;
	skb->sk = NULL;
}

#endif /* _LINUX_SKBUFF_H */
