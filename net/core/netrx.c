// SPDX-License-Identifier: GPL-2.0-only
/*
 * The receive side of the device layer: NAPI scheduling, the per-CPU
 * "netrx/N" threads that run the polls, the netif_rx() backlog, and the
 * dispatch of frames to packet handlers (dev_add_pack()).
 *
 * There are no softirqs (Documentation/networking/design.md).  Each CPU
 * has a struct netrx_cpu with a list of scheduled NAPI contexts and a
 * thread bound to the CPU that takes them off one at a time and calls
 * ->poll(napi, weight).  napi_schedule() may run in hard-irq context; it
 * only links the context and wakes the thread.  netif_rx() queues on one
 * CPU's backlog, which is drained by a NAPI context of its own.
 *
 * Backlog steering: the frames of one flow (the IPv4 addresses and, for
 * TCP and UDP, the ports; or else the device) must
 * be handed to the stack in the order they were queued, or TCP sees
 * reordering that is not on the wire.  The two directions of a
 * connection are two flows.  A small table maps a flow hash to
 * the CPU whose backlog last took the flow and the backlog position of
 * that frame.  A frame goes to the sending CPU's own backlog unless the
 * flow still has frames waiting (or being handled) on another CPU; then
 * it follows them there.  So a flow moves between CPUs only when none of
 * its frames is in flight, and one thread at a time handles it.  A frame
 * queued from process context on the local backlog also asks for a
 * reschedule, so the netrx thread runs before the sender returns to user
 * mode (the kernel is not preemptive; otherwise it would wait for the
 * sender's timeslice to end).
 *
 * NAPI state (napi->state): SCHED is owned by whoever has the context
 * on a list or is polling it; napi_schedule() while SCHED is set records
 * MISSED instead, and napi_complete_done() then keeps SCHED and puts it
 * back on the list, so an interrupt that raced with the end of a poll
 * is never lost.  DISABLE makes the thread give up a context at the end
 * of its poll so napi_disable() can take SCHED for itself.
 *
 * Handlers may sleep (lock_sock()), so the handler lists cannot be
 * walked under rcu_read_lock() (whose read side must not sleep here).
 * Walkers instead count themselves in one of two phase counters;
 * dev_remove_pack() unlinks, then flips the phase twice, each time
 * waiting for the previous phase's walkers to finish - a small
 * sleepable-RCU.  Lists change under ptype_mutex.
 *
 * Locking: netrx_cpu->lock (irq-safe) guards the poll list; the backlog
 * has its queue lock; netrx_flow_lock (irq-safe) the flow table and the
 * backlogs' queued counts, and is taken before a backlog's queue lock.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/smp.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/timekeeping.h>
#include <linux/netdevice.h>
#include <uapi/linux/ip.h>
#include <uapi/linux/in.h>
#include "dev.h"

/* Frames the backlog of one CPU holds before netif_rx() drops (Linux's netdev_max_backlog). */
#define NETRX_MAX_BACKLOG	1000

struct netrx_cpu {
	spinlock_t lock;		/* poll_list */
	struct list_head poll_list;	/* scheduled NAPI contexts */
	struct task_struct *thread;	/* netrx/N, NULL until started */
	struct sk_buff_head backlog;	/* netif_rx() frames */
	struct napi_struct backlog_napi;
	unsigned long processed;	/* frames handed to the stack */
	unsigned long dropped;		/* backlog overflows */
	u32 queued;			/* backlog frames ever queued (netrx_flow_lock) */
	u32 finished;			/* of those, the ones the stack is done with */
};

static DEFINE_PER_CPU(struct netrx_cpu, netrx_cpus);

/* Flow steering table (see the top of the file); a power of two. */
#define NETRX_FLOW_SLOTS	1024

struct netrx_flow {
	s16 cpu;		/* backlog the flow last went to; -1: none yet */
	u32 tail;		/* that backlog's queued count after the frame */
};

static DEFINE_SPINLOCK(netrx_flow_lock);
static struct netrx_flow netrx_flows[NETRX_FLOW_SLOTS];

/* ------------------------------------------------------------ NAPI */

/* Put @napi on @rx's poll list and wake @rx's thread. */
static void napi_link_on(struct netrx_cpu *rx, struct napi_struct *napi)
{
	unsigned long flags;

	spin_lock_irqsave(&rx->lock, flags);
	list_add_tail(&napi->poll_list, &rx->poll_list);
	spin_unlock_irqrestore(&rx->lock, flags);
	if (rx->thread)
		wake_up_process(rx->thread);
}

static void napi_link(struct napi_struct *napi)
{
	napi_link_on(this_cpu_ptr(&netrx_cpus), napi);
}

/* Take SCHED for @napi; true when the caller must link it (it was idle). */
static bool napi_claim(struct napi_struct *napi)
{
	unsigned long old, new;

	do {
		old = READ_ONCE(napi->state);
		if (old & BIT(NAPI_STATE_DISABLE))
			return false;
		new = old | BIT(NAPI_STATE_SCHED);
		if (old & BIT(NAPI_STATE_SCHED))
			new |= BIT(NAPI_STATE_MISSED);
	} while (cmpxchg(&napi->state, old, new) != old);
	return !(old & BIT(NAPI_STATE_SCHED));
}

void napi_schedule(struct napi_struct *napi)
{
	if (napi_claim(napi))
		napi_link(napi);
}

bool napi_complete_done(struct napi_struct *napi, int work_done)
{
	unsigned long old, new;

	/* While SCHED is still ours: nothing may stay held past the poll. */
	napi_gro_flush(napi);
	do {
		old = READ_ONCE(napi->state);
		if (old & BIT(NAPI_STATE_MISSED))
			new = old & ~BIT(NAPI_STATE_MISSED);
		else
			new = old & ~BIT(NAPI_STATE_SCHED);
	} while (cmpxchg(&napi->state, old, new) != old);
	if (old & BIT(NAPI_STATE_MISSED)) {
		/* Scheduled while we polled: go round again. */
		napi_link(napi);
		return false;
	}
	return true;
}

void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		    int (*poll)(struct napi_struct *, int), int weight)
{
	INIT_LIST_HEAD(&napi->poll_list);
	/* Born disabled: SCHED held until napi_enable(). */
	napi->state = BIT(NAPI_STATE_SCHED);
	napi->weight = weight > 0 ? weight : NAPI_POLL_WEIGHT;
	napi->poll = poll;
	napi->dev = dev;
	napi->gro_skb = NULL;
	if (dev)
		list_add_tail(&napi->dev_list, &dev->napi_list);
	else
		INIT_LIST_HEAD(&napi->dev_list);
}

void netif_napi_del(struct napi_struct *napi)
{
	WARN_ON(!(READ_ONCE(napi->state) & BIT(NAPI_STATE_SCHED)) ||
		!list_empty(&napi->poll_list));
	list_del_init(&napi->dev_list);
}

void napi_enable(struct napi_struct *napi)
{
	WRITE_ONCE(napi->state, 0);
}

void napi_disable(struct napi_struct *napi)
{
	set_bit(NAPI_STATE_DISABLE, &napi->state);
	while (test_and_set_bit(NAPI_STATE_SCHED, &napi->state))
		msleep(1);
	clear_bit(NAPI_STATE_MISSED, &napi->state);
	clear_bit(NAPI_STATE_DISABLE, &napi->state);
}

/* One ->poll call for a context taken off the list (SCHED held). */
static void napi_poll_one(struct napi_struct *napi)
{
	int work = napi->poll(napi, napi->weight);

	WARN_ON_ONCE(work > napi->weight);
	if (work < napi->weight)
		return;		/* the driver completed (or was rescheduled) itself */
	napi_gro_flush(napi);
	if (test_bit(NAPI_STATE_DISABLE, &napi->state)) {
		/* napi_disable() is waiting: let it have SCHED. */
		clear_bit(NAPI_STATE_MISSED, &napi->state);
		clear_bit(NAPI_STATE_SCHED, &napi->state);
		return;
	}
	/* Budget used up: more to do, after the others had their turn. */
	napi_link(napi);
}

static int netrx_thread(void *data)
{
	struct netrx_cpu *rx = data;

	for (;;) {
		struct napi_struct *napi = NULL;

		set_current_state(TASK_INTERRUPTIBLE);
		spin_lock_irq(&rx->lock);
		if (!list_empty(&rx->poll_list)) {
			napi = list_first_entry(&rx->poll_list, struct napi_struct, poll_list);
			list_del_init(&napi->poll_list);
		}
		spin_unlock_irq(&rx->lock);
		if (!napi) {
			if (kthread_should_stop())
				break;
			schedule();
			continue;
		}
		__set_current_state(TASK_RUNNING);
		napi_poll_one(napi);
		cond_resched();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

/* ------------------------------------------------------------ backlog */

static int backlog_poll(struct napi_struct *napi, int budget)
{
	struct netrx_cpu *rx = container_of(napi, struct netrx_cpu, backlog_napi);
	int done = 0;

	while (done < budget) {
		struct sk_buff *skb = skb_dequeue(&rx->backlog);

		if (!skb)
			break;
		__netif_receive_skb(skb);
		/* Only now may the flow's next frame go to another CPU. */
		smp_wmb();
		WRITE_ONCE(rx->finished, rx->finished + 1);
		done++;
	}
	if (done < budget)
		napi_complete_done(napi, done);
	return done;
}

/* The flow a received frame belongs to, as a hash (each direction its own). */
static u32 netrx_flow_hash(const struct sk_buff *skb)
{
	const struct iphdr *iph = (const struct iphdr *)skb->data;
	u32 a, b, ports = 0;
	unsigned int hlen;

	if (skb->protocol != htons(ETH_P_IP) || skb->len < sizeof(*iph))
		goto by_device;
	hlen = iph->ihl * 4;
	if (iph->version != 4 || hlen < sizeof(*iph) || skb->len < hlen)
		goto by_device;
	a = (u32)iph->saddr;
	b = (u32)iph->daddr;
	/* Only a first (or only) fragment has the ports; later ones share the addresses. */
	if ((iph->protocol == IPPROTO_TCP || iph->protocol == IPPROTO_UDP) &&
	    !(iph->frag_off & htons(IP_MF | IP_OFFSET)) && skb->len >= hlen + 4) {
		const __be16 *p = (const __be16 *)(skb->data + hlen);

		ports = ((u32)ntohs(p[0]) << 16 | ntohs(p[1])) * 0x9e3779b1u;
	}
	return (a * 0x85ebca6bu) ^ (b * 0xc2b2ae35u) ^ ports ^ iph->protocol;
by_device:
	return skb->dev ? (u32)skb->dev->ifindex * 0xc2b2ae35u : 0;
}

/*
 * Which CPU's backlog takes a frame of the flow in @slot, queued from CPU
 * @here: @here itself, unless frames of the flow are still in flight on
 * another CPU (netrx_flow_lock held).
 */
static int netrx_pick_cpu(const struct netrx_flow *slot, int here)
{
	struct netrx_cpu *prev;

	if (slot->cpu < 0 || slot->cpu == here)
		return here;
	prev = &per_cpu(netrx_cpus, slot->cpu);
	if (!READ_ONCE(prev->thread))
		return here;
	smp_rmb();
	if ((s32)(READ_ONCE(prev->finished) - slot->tail) >= 0)
		return here;		/* all handled: free to move */
	return slot->cpu;
}

int netif_rx(struct sk_buff *skb)
{
	struct netrx_flow *slot;
	struct netrx_cpu *rx;
	unsigned long flags;
	int here, cpu;

	if (!skb->tstamp)
		skb->tstamp = ktime_get_real_ns();
	slot = &netrx_flows[netrx_flow_hash(skb) & (NETRX_FLOW_SLOTS - 1)];
	spin_lock_irqsave(&netrx_flow_lock, flags);
	here = smp_processor_id();
	cpu = netrx_pick_cpu(slot, here);
	rx = &per_cpu(netrx_cpus, cpu);
	if (skb_queue_len(&rx->backlog) >= NETRX_MAX_BACKLOG) {
		rx->dropped++;
		spin_unlock_irqrestore(&netrx_flow_lock, flags);
		if (skb->dev)
			dev_stats_add(skb->dev, &skb->dev->stats.rx_dropped, 1);
		kfree_skb(skb);
		return NET_RX_DROP;
	}
	skb_queue_tail(&rx->backlog, skb);
	rx->queued++;
	slot->cpu = cpu;
	slot->tail = rx->queued;
	spin_unlock(&netrx_flow_lock);
	if (napi_claim(&rx->backlog_napi))
		napi_link_on(rx, &rx->backlog_napi);
	/*
	 * Local backlog, sent by some task other than the netrx thread: let
	 * the thread run at the sender's next scheduling point (for a user
	 * task, its return from the system call) instead of after its
	 * timeslice.
	 */
	if (cpu == here && rx->thread && current != rx->thread)
		set_tsk_need_resched(current);
	local_irq_restore(flags);
	return NET_RX_SUCCESS;
}

/* ------------------------------------------------------------ handlers */

static LIST_HEAD(ptype_all);		/* ETH_P_ALL taps */
static LIST_HEAD(ptype_base);		/* one EtherType each */
static DEFINE_MUTEX(ptype_mutex);	/* writers of both lists */
static atomic_t ptype_walkers[2];
static unsigned int ptype_phase;

static unsigned int ptype_enter(void)
{
	unsigned int idx = READ_ONCE(ptype_phase) & 1;

	atomic_inc(&ptype_walkers[idx]);
	smp_mb();
	return idx;
}

static void ptype_leave(unsigned int idx)
{
	smp_mb();
	atomic_dec(&ptype_walkers[idx]);
}

/* Every walk that might still see an unlinked entry has ended. */
static void ptype_wait_walkers(void)
{
	for (int pass = 0; pass < 2; pass++) {
		unsigned int old = ptype_phase & 1;

		WRITE_ONCE(ptype_phase, ptype_phase + 1);
		smp_mb();
		while (atomic_read(&ptype_walkers[old]))
			msleep(1);
	}
}

static struct list_head *ptype_list(const struct packet_type *pt)
{
	return pt->type == htons(ETH_P_ALL) ? &ptype_all : &ptype_base;
}

void dev_add_pack(struct packet_type *pt)
{
	mutex_lock(&ptype_mutex);
	list_add_tail_rcu(&pt->list, ptype_list(pt));
	mutex_unlock(&ptype_mutex);
}

void dev_remove_pack(struct packet_type *pt)
{
	mutex_lock(&ptype_mutex);
	list_del_rcu(&pt->list);
	ptype_wait_walkers();
	mutex_unlock(&ptype_mutex);
}

static bool ptype_matches_dev(const struct packet_type *pt, const struct net_device *dev)
{
	return !pt->dev || pt->dev == dev;
}

/* Copies of @skb for the taps; @skb itself stays the caller's. */
static void deliver_to_taps(struct sk_buff *skb)
{
	struct packet_type *pt;
	unsigned int idx;

	if (list_empty(&ptype_all))
		return;
	idx = ptype_enter();
	list_for_each_entry_rcu(pt, &ptype_all, list) {
		struct sk_buff *copy;

		if (!ptype_matches_dev(pt, skb->dev))
			continue;
		copy = skb_copy(skb, GFP_ATOMIC);
		if (copy)
			pt->func(copy, copy->dev, pt);
	}
	ptype_leave(idx);
}

void dev_queue_xmit_taps(struct sk_buff *skb)
{
	u8 saved = skb->pkt_type;

	if (list_empty(&ptype_all))
		return;
	/* The copies say "sent by us"; the frame itself goes out unchanged. */
	skb->pkt_type = PACKET_OUTGOING;
	if (!skb->tstamp)
		skb->tstamp = ktime_get_real_ns();
	deliver_to_taps(skb);
	skb->pkt_type = saved;
}

int __netif_receive_skb(struct sk_buff *skb)
{
	struct net_device *dev = skb->dev;
	struct packet_type *pt, *last = NULL;
	unsigned int idx;

	this_cpu_ptr(&netrx_cpus)->processed++;
	skb->skb_iif = dev->ifindex;
	if (!skb->tstamp)
		skb->tstamp = ktime_get_real_ns();
	skb_reset_network_header(skb);
	if (!skb_mac_header_was_set(skb))
		skb_reset_mac_header(skb);

	deliver_to_taps(skb);

	/* Every handler of the type gets a copy except the last, which gets the frame. */
	idx = ptype_enter();
	list_for_each_entry_rcu(pt, &ptype_base, list) {
		if (pt->type != skb->protocol || !ptype_matches_dev(pt, dev))
			continue;
		if (last) {
			struct sk_buff *copy = skb_copy(skb, GFP_ATOMIC);

			if (copy)
				last->func(copy, dev, last);
		}
		last = pt;
	}
	if (last) {
		last->func(skb, dev, last);
		ptype_leave(idx);
		return NET_RX_SUCCESS;
	}
	ptype_leave(idx);
	dev_stats_add(dev, &dev->stats.rx_nohandler, 1);
	kfree_skb(skb);
	return NET_RX_DROP;
}

int netif_receive_skb(struct sk_buff *skb)
{
	struct sk_buff *out[2];
	int n, ret = NET_RX_SUCCESS;

	if (skb->dev->flags & IFF_LOOPBACK)
		return __netif_receive_skb(skb);
	n = rx_fault_apply(skb, out);
	if (n == 0)
		return NET_RX_DROP;
	for (int i = 0; i < n; i++)
		if (__netif_receive_skb(out[i]) != NET_RX_SUCCESS && out[i] == skb)
			ret = NET_RX_DROP;
	return ret;
}

/* ------------------------------------------------------------ boot */

/* Frames processed and dropped by CPU @cpu's backlog (for /proc/net/softnet_stat). */
void netrx_cpu_counts(int cpu, unsigned long *processed, unsigned long *dropped)
{
	struct netrx_cpu *rx = &per_cpu(netrx_cpus, cpu);

	*processed = READ_ONCE(rx->processed);
	*dropped = READ_ONCE(rx->dropped);
}

int __init netrx_init(void)
{
	int cpu, i;

	for (i = 0; i < NETRX_FLOW_SLOTS; i++)
		netrx_flows[i].cpu = -1;
	for_each_possible_cpu(cpu) {
		struct netrx_cpu *rx = &per_cpu(netrx_cpus, cpu);

		spin_lock_init(&rx->lock);
		INIT_LIST_HEAD(&rx->poll_list);
		skb_queue_head_init(&rx->backlog);
		netif_napi_add(NULL, &rx->backlog_napi, backlog_poll, NAPI_POLL_WEIGHT);
		napi_enable(&rx->backlog_napi);
	}
	for_each_online_cpu(cpu) {
		struct netrx_cpu *rx = &per_cpu(netrx_cpus, cpu);
		struct task_struct *t = kthread_create_on_cpu(netrx_thread, rx, cpu, "netrx/%u");

		if (IS_ERR(t))
			return PTR_ERR(t);
		rx->thread = t;
		wake_up_process(t);
	}
	return 0;
}
