// SPDX-License-Identifier: GPL-2.0-only
/*
 * IPv4 reassembly (RFC 791 3.2 and RFC 1122 3.3.2).
 *
 * Fragments of one datagram are those with the same source, destination,
 * protocol and Identification.  Each datagram being rebuilt has a queue:
 * its fragments kept sorted by offset, the end of the last fragment once
 * the one without MF has come, and a deadline 30 s (net.ipv4.
 * ipfrag_time) after the first fragment.  The datagram is complete when
 * the pieces cover [0, end) without a gap; then one new buffer is made
 * with the first fragment's header.
 *
 * Hostile input is expected.  A fragment whose end passes 65535, a
 * non-last fragment whose length is not a multiple of 8, a second "last"
 * fragment disagreeing on the end, or a piece beyond a known end kills
 * the queue.  Overlap between different fragments kills the queue too
 * (RFC 5722's rule for IPv6, applied here: overlaps have no legitimate
 * use and only serve to evade filters); an exact duplicate is ignored.
 * Memory is bounded: at most IPFRAG_MAX_QUEUES queues and
 * net.ipv4.ipfrag_high_thresh bytes of fragments; beyond that the oldest
 * queues are dropped.  A queue that times out after its first fragment
 * (offset 0) arrived gets ICMP time exceeded (code 1) to the sender.
 *
 * Interface: ip_defrag() in <net/ip.h>.
 *
 * Locking: frag_lock (a spinlock; process context only) guards the
 * queues; ICMP is sent and buffers freed after it is dropped.  Expiry
 * runs from a delayed work item.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <net/ip.h>
#include <net/icmp.h>
#include <uapi/linux/icmp.h>

#define IPFRAG_MAX_QUEUES	256
#define IPFRAG_MAX_DGRAM	65535

int sysctl_ipfrag_time = 30;			/* seconds */
int sysctl_ipfrag_high_thresh = 4 << 20;	/* bytes */

struct frag_queue {
	struct list_head list;		/* on frag_queues, oldest first */
	__be32 saddr, daddr;
	__be16 id;
	u8 protocol;
	bool have_last;
	unsigned int end;		/* known total payload length once have_last */
	unsigned int got;		/* payload bytes held */
	unsigned int mem;		/* truesize held */
	unsigned long deadline;
	struct sk_buff_head frags;	/* sorted by offset */
};

/* Where a held fragment's payload sits in the datagram (in skb->cb after IPCB). */
struct frag_cb {
	struct inet_skb_parm ip;
	unsigned int offset;
	unsigned int end;
};
#define FRAG_CB(skb)	((struct frag_cb *)((skb)->cb))

static LIST_HEAD(frag_queues);
static DEFINE_SPINLOCK(frag_lock);
static int frag_nqueues;
static int frag_mem;
static struct delayed_work frag_expire_work;

int ipfrag_mem_used(void)
{
	return READ_ONCE(frag_mem);
}

int ipfrag_queue_count(void)
{
	return READ_ONCE(frag_nqueues);
}

/* Take @q off the list (frag_lock held); its skbs move to @trash. */
static void fq_kill(struct frag_queue *q, struct sk_buff **trash)
{
	struct sk_buff *skb;

	list_del(&q->list);
	frag_nqueues--;
	frag_mem -= q->mem;
	while ((skb = __skb_dequeue(&q->frags)) != NULL)
		skb_chain_push(trash, skb);
	kfree(q);
}

static void purge(struct sk_buff **trash)
{
	struct sk_buff *skb;

	while ((skb = skb_chain_pop(trash)) != NULL)
		kfree_skb(skb);
}

static struct frag_queue *fq_find(const struct iphdr *iph, bool create)
{
	struct frag_queue *q;

	list_for_each_entry(q, &frag_queues, list)
		if (q->id == iph->id && q->saddr == iph->saddr && q->daddr == iph->daddr &&
		    q->protocol == iph->protocol)
			return q;
	if (!create)
		return NULL;
	q = kzalloc(sizeof(*q), GFP_ATOMIC);
	if (!q)
		return NULL;
	q->saddr = iph->saddr;
	q->daddr = iph->daddr;
	q->id = iph->id;
	q->protocol = iph->protocol;
	q->deadline = jiffies + READ_ONCE(sysctl_ipfrag_time) * HZ;
	skb_queue_head_init(&q->frags);
	list_add_tail(&q->list, &frag_queues);
	frag_nqueues++;
	if (!delayed_work_pending(&frag_expire_work))
		schedule_delayed_work(&frag_expire_work, HZ);
	return q;
}

/* Build the whole datagram from a complete queue (frag_lock held). NULL if no memory. */
static struct sk_buff *fq_glue(struct frag_queue *q)
{
	struct sk_buff *first = skb_peek(&q->frags), *f, *skb;
	const struct iphdr *fih = ip_hdr(first);
	unsigned int hlen = fih->ihl * 4;
	struct iphdr *iph;

	skb = alloc_skb(MAX_HEADER_ROOM + hlen + q->end, GFP_ATOMIC);
	if (!skb)
		return NULL;
	skb_reserve(skb, MAX_HEADER_ROOM);
	skb_reset_network_header(skb);
	iph = skb_put_data(skb, fih, hlen);
	skb_queue_walk(&q->frags, f)
		skb_put_data(skb, f->data, FRAG_CB(f)->end - FRAG_CB(f)->offset);
	iph->tot_len = htons(hlen + q->end);
	iph->frag_off = 0;
	iph->check = 0;
	iph->check = ip_fast_csum(iph, iph->ihl);
	skb->dev = first->dev;
	skb->skb_iif = first->skb_iif;
	skb->pkt_type = first->pkt_type;
	skb->protocol = first->protocol;
	skb->tstamp = skb_peek_tail(&q->frags)->tstamp;
	skb->ip_summed = CHECKSUM_NONE;
	memcpy(skb->cb, first->cb, sizeof(struct inet_skb_parm));
	IPCB(skb)->flags |= IPSKB_REASSEMBLED;
	return skb;
}

/* Is the queue complete: [0, end) covered with no hole? (frags sorted, disjoint) */
static bool fq_complete(const struct frag_queue *q)
{
	return q->have_last && q->got == q->end;
}

struct sk_buff *ip_defrag(struct sk_buff *skb)
{
	struct sk_buff *trash = NULL;
	const struct iphdr *iph = ip_hdr(skb);
	unsigned int hlen = iph->ihl * 4;
	unsigned int offset = (ntohs(iph->frag_off) & IP_OFFSET) * 8;
	unsigned int len = skb->len - hlen;
	unsigned int end = offset + len;
	bool more = iph->frag_off & htons(IP_MF);
	struct sk_buff *pos, *done = NULL;
	struct frag_queue *q;

	IP_INC_STATS(IPSTATS_MIB_REASMREQDS);

	/* offset in IPCB-following cb; payload at data */
	skb_pull(skb, hlen);

	spin_lock(&frag_lock);
	/* make room: the oldest queues go first */
	while (!list_empty(&frag_queues) &&
	       (frag_mem + (int)skb->truesize > READ_ONCE(sysctl_ipfrag_high_thresh) ||
		frag_nqueues >= IPFRAG_MAX_QUEUES)) {
		fq_kill(list_first_entry(&frag_queues, struct frag_queue, list), &trash);
		IP_INC_STATS(IPSTATS_MIB_REASMFAILS);
	}
	q = fq_find(iph, true);
	if (!q)
		goto drop_this;

	if (end > IPFRAG_MAX_DGRAM - hlen || (more && (len & 7)) || (more && !len))
		goto kill;
	if (!more) {
		if (q->have_last && q->end != end)
			goto kill;
		q->have_last = true;
		q->end = end;
		skb_queue_walk(&q->frags, pos)
			if (FRAG_CB(pos)->end > end)
				goto kill;
	} else if (q->have_last && end > q->end) {
		goto kill;
	}
	if (!len)
		goto drop_this;		/* a last fragment with no data: only told us the end */

	/* find the first held fragment starting after us; check both neighbours */
	skb_queue_walk(&q->frags, pos)
		if (FRAG_CB(pos)->offset > offset)
			break;
	{
		struct sk_buff *prev = pos->prev;
		bool has_prev = prev != (struct sk_buff *)&q->frags;
		bool has_next = pos != (struct sk_buff *)&q->frags;

		if (has_prev && FRAG_CB(prev)->offset == offset && FRAG_CB(prev)->end == end)
			goto drop_this;	/* exact duplicate */
		if (has_prev && FRAG_CB(prev)->end > offset)
			goto kill;
		if (has_next && FRAG_CB(pos)->offset < end)
			goto kill;
		FRAG_CB(skb)->offset = offset;
		FRAG_CB(skb)->end = end;
		if (has_next)
			__skb_queue_before(&q->frags, pos, skb);
		else
			__skb_queue_tail(&q->frags, skb);
	}
	q->got += len;
	q->mem += skb->truesize;
	frag_mem += skb->truesize;
	/* keep the first fragment's header reachable for ICMP / the glued copy */

	if (fq_complete(q)) {
		done = fq_glue(q);
		fq_kill(q, &trash);
		if (done)
			IP_INC_STATS(IPSTATS_MIB_REASMOKS);
		else
			IP_INC_STATS(IPSTATS_MIB_REASMFAILS);
	}
	spin_unlock(&frag_lock);
	purge(&trash);
	return done;

kill:
	fq_kill(q, &trash);
	IP_INC_STATS(IPSTATS_MIB_REASMFAILS);
drop_this:
	spin_unlock(&frag_lock);
	kfree_skb(skb);
	purge(&trash);
	return NULL;
}

static void frag_expire(struct work_struct *w)
{
	struct sk_buff *trash = NULL, *notify = NULL;
	struct frag_queue *q, *next;
	struct sk_buff *skb;

	spin_lock(&frag_lock);
	list_for_each_entry_safe(q, next, &frag_queues, list) {
		struct sk_buff *first = skb_peek(&q->frags);

		if (!time_after_eq(jiffies, q->deadline))
			continue;
		IP_INC_STATS(IPSTATS_MIB_REASMTIMEOUT);
		IP_INC_STATS(IPSTATS_MIB_REASMFAILS);
		/* RFC 792/1122: time exceeded only if fragment zero arrived */
		if (first && FRAG_CB(first)->offset == 0) {
			__skb_unlink(first, &q->frags);
			q->mem -= first->truesize;
			frag_mem -= first->truesize;
			skb_chain_push(&notify, first);
		}
		fq_kill(q, &trash);
	}
	if (!list_empty(&frag_queues))
		schedule_delayed_work(&frag_expire_work, HZ);
	spin_unlock(&frag_lock);

	while ((skb = skb_chain_pop(&notify)) != NULL) {
		if (IPCB(skb)->route_type == RTN_LOCAL)
			icmp_send(skb, ICMP_TIME_EXCEEDED, ICMP_EXC_FRAGTIME, 0);
		kfree_skb(skb);
	}
	purge(&trash);
}

/* For the self tests: expire every queue now. */
void ipfrag_expire_all(void)
{
	struct frag_queue *q;

	spin_lock(&frag_lock);
	list_for_each_entry(q, &frag_queues, list)
		q->deadline = jiffies - 1;
	spin_unlock(&frag_lock);
	frag_expire(NULL);
}

void ipfrag_init(void)
{
	INIT_DELAYED_WORK(&frag_expire_work, frag_expire);
}
