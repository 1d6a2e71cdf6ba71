// SPDX-License-Identifier: GPL-2.0-only
/*
 * cciss: the Compaq/HP Smart Array 6i (CISS "simple" transport) as
 * /dev/cciss/c<C>d<D> with partitions c<C>d<D>p<N>, one disk per logical
 * volume, majors 104 + C, and /proc/driver/cciss/cciss<C>.
 *
 * Controller interface (Documentation/block/cciss.md has the details):
 * command blocks live in one DMA32 pool, one slot per command; a command
 * is started by writing its bus address to the inbound queue; the
 * controller hands back the slot's tag through the outbound queue (bit 1
 * set when it wrote the slot's error information).  Tags are
 * (generation << 16) | (slot << 2): the low two bits are reserved by the
 * controller, and the generation catches a tag posted twice or late.
 *
 * I/O: ->queue_rq() maps a request to READ/WRITE(10), or (16) when the
 * LBA or the count does not fit, with at most 31 SG entries; REQ_OP_FLUSH
 * becomes the BMIC cache flush (the queue advertises a write cache).
 * Completions are collected by the INTx handler, or with cciss.poll=1 by
 * a timer every jiffy with the interrupt masked.  A timer (the watchdog)
 * also resubmits busy commands, and aborts commands older than
 * cciss.timeout= seconds; when an abort itself is not answered the
 * controller is declared dead and every command fails with -EIO (the 6i
 * must not be reset).
 *
 * Locking: h->lock (irqsave) guards the slots, the free map, the
 * outbound-queue reads and the posting; requests are ended after it is
 * dropped.  Discovery and the flushes at shutdown use synchronous
 * commands that poll for their own completion (safe with or without
 * the interrupt).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/bitops.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/pci.h>
#include <linux/blkdev.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/reboot.h>
#include <linux/kstrtox.h>
#include <linux/selftest.h>
#include <uapi/linux/hdreg.h>
#include <asm/byteorder.h>

#define CCISS_MAJOR_BASE	104	/* Linux's majors for c0..c7 */
#define CCISS_MAX_CTLRS		8
#define CCISS_MAX_VOLS		16	/* 16 minors each: 256 minors per major */
#define CCISS_MINORS		16
#define CCISS_MAX_SG		31
#define CCISS_MAX_DEPTH		64	/* I/O slots at most */
#define CCISS_SYNC_SLOTS	2	/* kept for discovery, flush and aborts */
#define CCISS_MAX_SECTORS	2048	/* 1 MiB per request */
#define CCISS_BUSY_RETRIES	8
#define CCISS_ABORT_GRACE	(5 * HZ)

/* BAR0 registers. */
#define REG_DOORBELL		0x20
#define REG_INTR_STATUS		0x30
#define REG_INTR_MASK		0x34
#define REG_INBOUND		0x40
#define REG_OUTBOUND		0x44
#define REG_SCRATCHPAD		0xb0
#define REG_CFG_BAR		0xb4
#define REG_CFG_OFF		0xb8
#define INTR_REPLY		0x08
#define DOORBELL_CFG		0x01
#define FW_READY		0xffff0000u
#define OUTBOUND_EMPTY		0xffffffffu

/* Config-table fields. */
#define CT_SIGNATURE		0x00
#define CT_TRANS_SUPPORT	0x08
#define CT_TRANS_ACTIVE		0x0c
#define CT_TRANS_REQUEST	0x10
#define CT_CMDS_OUT_MAX		0x20
#define CT_SERVER_NAME		0x2c
#define CT_HEARTBEAT		0x3c
#define CT_MAX_SG		0x44
#define TRANSPORT_SIMPLE	0x02
#define CISS_SIGNATURE		0x53534943	/* "CISS" read as a little-endian word */

/* Command status (error information, CommandStatus). */
enum cciss_status {
	CS_OK, CS_TARGET_STATUS, CS_UNDERRUN, CS_OVERRUN, CS_INVALID,
	CS_PROTOCOL, CS_HARDWARE, CS_CONN_LOST, CS_ABORTED, CS_ABORT_FAILED,
	CS_UNSOL_ABORT, CS_TIMEOUT, CS_UNABORTABLE,
};

static const char *const cciss_status_names[] = {
	"success", "target status", "data underrun", "data overrun",
	"invalid command", "protocol error", "hardware error",
	"connection lost", "aborted", "abort failed", "unsolicited abort",
	"timeout", "unabortable",
};

/* The command block as the controller reads it (little-endian). */
struct cciss_sg {
	__le64 addr;
	__le32 len;
	__le32 ext;
} __packed;

struct cciss_block {
	u8 reply_queue;
	u8 sg_in_cmd;
	__le16 sg_total;
	__le32 tag;
	__le32 tag_high;
	u8 lun[8];
	u8 cdb_len;
	u8 type_attr_dir;
	__le16 timeout;
	u8 cdb[16];
	__le64 err_addr;
	__le32 err_len;
	struct cciss_sg sg[CCISS_MAX_SG];
} __packed;

struct cciss_errinfo {
	u8 scsi_status;
	u8 sense_len;
	__le16 cmd_status;
	__le32 residual;
	u8 extra[8];
	u8 sense[32];
} __packed;

#define TYPE_CMD		0x00
#define TYPE_MSG		0x01
#define ATTR_SIMPLE		(4 << 3)
#define DIR_NONE		(0 << 6)
#define DIR_WRITE		(1 << 6)
#define DIR_READ		(2 << 6)

/*
 * One slot of the DMA pool: the command block, then its error
 * information; 640 bytes keeps every block 32-byte aligned.
 */
struct cciss_dma_slot {
	struct cciss_block blk;
	u8 pad0[576 - sizeof(struct cciss_block)];
	struct cciss_errinfo err;
	u8 pad1[640 - 576 - sizeof(struct cciss_errinfo)];
} __packed;

/* The layouts the controller reads and writes (CISS specification). */
BUILD_BUG_ON(offsetof(struct cciss_block, cdb) != 0x18);
BUILD_BUG_ON(offsetof(struct cciss_block, err_addr) != 0x28);
BUILD_BUG_ON(offsetof(struct cciss_block, sg) != 0x34);
BUILD_BUG_ON(sizeof(struct cciss_errinfo) != 48);
BUILD_BUG_ON(sizeof(struct cciss_dma_slot) % 32);

enum slot_state { SLOT_FREE, SLOT_POSTED, SLOT_RETRY, SLOT_ABORTING, SLOT_DONE };

struct cciss_ctlr;

/* Host-side state of a slot. */
struct cciss_slot {
	enum slot_state state;
	u16 gen;
	struct request *rq;		/* NULL for synchronous commands */
	struct cciss_vol *vol;
	unsigned long deadline;		/* jiffies */
	unsigned long retry_at;
	int busy_tries;
	int unsol_tries;
	bool orphan;			/* nobody waits: the watchdog frees it when done */
	u32 tag;
	/* synchronous commands: the result */
	bool sync_done;
	u16 sync_status;
	u32 sync_residual;
	struct cciss_slot *next_done;	/* completion batch */
	blk_status_t result;
	unsigned int good_bytes;	/* underrun: completed part */
	bool resend_rest;		/* underrun: send the rest once more */
	int underruns;
};

struct cciss_vol {
	struct cciss_ctlr *h;
	int index;
	u8 lun[8];
	u64 blocks;
	unsigned int block_size;
	bool use16;
	bool ro;			/* write protected (MODE SENSE) */
	u16 cyl;
	u8 heads, sectors, raid;
	struct gendisk *disk;
};

struct cciss_ctlr {
	struct pci_dev *pdev;
	int index;
	void *regs;
	void *cfg;
	spinlock_t lock;
	struct cciss_dma_slot *pool;	/* DMA32, physically contiguous */
	phys_addr_t pool_phys;
	unsigned int pool_order;
	struct cciss_slot *slots;
	unsigned int nslots;		/* I/O slots + CCISS_SYNC_SLOTS */
	unsigned int io_slots;
	void *buf;			/* one DMA32 page for discovery replies */
	struct mutex sync_mutex;	/* the discovery buffer, the sync slots */
	bool use_irq;
	bool dead;
	bool starved;			/* a queue got BLK_STS_RESOURCE */
	struct timer_list watchdog;
	struct timer_list poller;
	u32 cmds_out_max;
	u32 max_sg;
	char fw[5];
	int nvols;
	struct cciss_vol *vols[CCISS_MAX_VOLS];
	/* statistics for /proc */
	unsigned long completed, errors, busy_retries, timeouts, bad_tags;
	unsigned int in_flight, max_in_flight;
	bool rsvd_tag_seen;
};

static unsigned int cciss_timeout = 30;		/* seconds */
static bool cciss_poll;
static struct cciss_ctlr *cciss_ctlrs[CCISS_MAX_CTLRS];
static DEFINE_MUTEX(cciss_ctlrs_lock);
static struct proc_dir_entry *cciss_proc_dir;

static int __init cciss_timeout_setup(char *s)
{
	if (kstrtouint(s, 0, &cciss_timeout) || cciss_timeout < 2 || cciss_timeout > 3600) {
		pr_warn("cciss: bad cciss.timeout=%s, using 30\n", s);
		cciss_timeout = 30;
	}
	return 1;
}
__setup("cciss.timeout=", cciss_timeout_setup);

static int __init cciss_poll_setup(char *s)
{
	cciss_poll = s[0] == '1' || s[0] == 'y' || s[0] == 'Y';
	return 1;
}
__setup("cciss.poll=", cciss_poll_setup);

/* Big-endian fields of CDBs and SCSI replies, at any alignment. */
static void put_be16(u8 *p, u16 v)
{
	p[0] = v >> 8;
	p[1] = v;
}

static void put_be32(u8 *p, u32 v)
{
	put_be16(p, v >> 16);
	put_be16(p + 2, v);
}

static void put_be64(u8 *p, u64 v)
{
	put_be32(p, v >> 32);
	put_be32(p + 4, v);
}

static u16 get_be16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static u32 get_be32(const u8 *p)
{
	return (u32)get_be16(p) << 16 | get_be16(p + 2);
}

static u64 get_be64(const u8 *p)
{
	return (u64)get_be32(p) << 32 | get_be32(p + 4);
}

static inline u32 cciss_tag(unsigned int slot, u16 gen)
{
	return ((u32)gen << 16) | (slot << 2);
}

static phys_addr_t cciss_slot_phys(struct cciss_ctlr *h, unsigned int i)
{
	return h->pool_phys + i * sizeof(struct cciss_dma_slot);
}

static const char *cciss_status_name(unsigned int st)
{
	return st < ARRAY_SIZE(cciss_status_names) ? cciss_status_names[st] : "unknown status";
}

/* ------------------------------------------------------------ slots */

/* A free slot in [first, last), or -1.  Caller holds h->lock. */
static int cciss_get_slot(struct cciss_ctlr *h, unsigned int first, unsigned int last)
{
	for (unsigned int i = first; i < last; i++) {
		if (h->slots[i].state == SLOT_FREE) {
			struct cciss_slot *s = &h->slots[i];
			u16 gen = s->gen + 1;

			memset(s, 0, sizeof(*s));
			s->gen = gen;
			s->state = SLOT_POSTED;
			s->tag = cciss_tag(i, gen);
			return i;
		}
	}
	return -1;
}

/* Fill the header of slot i's block. */
static struct cciss_block *cciss_prep(struct cciss_ctlr *h, unsigned int i, const u8 *lun,
				      u8 type_attr_dir, const u8 *cdb, unsigned int cdb_len)
{
	struct cciss_dma_slot *d = &h->pool[i];
	struct cciss_block *b = &d->blk;

	memset(d, 0, sizeof(*d));
	b->tag = cpu_to_le32(h->slots[i].tag);
	if (lun)
		memcpy(b->lun, lun, 8);
	b->cdb_len = cdb_len;
	b->type_attr_dir = type_attr_dir;
	memcpy(b->cdb, cdb, cdb_len);
	b->err_addr = cpu_to_le64(cciss_slot_phys(h, i) + offsetof(struct cciss_dma_slot, err));
	b->err_len = cpu_to_le32(sizeof(struct cciss_errinfo));
	return b;
}

/* Hand slot i to the controller.  Caller holds h->lock. */
static void cciss_post(struct cciss_ctlr *h, unsigned int i)
{
	struct cciss_slot *s = &h->slots[i];

	s->state = SLOT_POSTED;
	s->deadline = jiffies + cciss_timeout * HZ;
	h->in_flight++;
	h->max_in_flight = max(h->max_in_flight, h->in_flight);
	wmb();	/* the block before the doorbell */
	writel((u32)cciss_slot_phys(h, i), h->regs + REG_INBOUND);
}

/* ------------------------------------------------------------ completion */

static void cciss_log_sense(struct cciss_ctlr *h, struct cciss_slot *s,
			    const struct cciss_errinfo *ei)
{
	const u8 *sense = ei->sense;
	u8 key = 0, asc = 0, ascq = 0;

	if (ei->sense_len >= 14 && (sense[0] & 0x7e) == 0x70) {
		key = sense[2] & 0x0f;
		asc = sense[12];
		ascq = sense[13];
	}
	dev_err(&h->pdev->dev, "tag %08x: SCSI status %#04x, sense key %#x asc %#04x ascq %#04x\n",
		s->tag, ei->scsi_status, key, asc, ascq);
}

/*
 * Decide what a finished command with error information means.  Returns
 * true when the command is done (s->result set), false when it was put
 * back for a retry.  Caller holds h->lock.
 */
static bool cciss_judge(struct cciss_ctlr *h, unsigned int i, struct cciss_slot *s)
{
	const struct cciss_errinfo *ei = &h->pool[i].err;
	unsigned int st = le16_to_cpu(ei->cmd_status);
	u32 resid = le32_to_cpu(ei->residual);
	struct device *dev = &h->pdev->dev;
	unsigned int bytes = s->rq ? blk_rq_bytes(s->rq) : 0;

	s->sync_status = st;
	s->sync_residual = resid;
	s->result = BLK_STS_IOERR;
	switch (st) {
	case CS_OK:
		s->result = BLK_STS_OK;
		return true;
	case CS_TARGET_STATUS:
		/* BUSY (0x08) and TASK SET FULL (0x28): try again a little later. */
		if ((ei->scsi_status == 0x08 || ei->scsi_status == 0x28) &&
		    s->busy_tries < CCISS_BUSY_RETRIES) {
			s->busy_tries++;
			h->busy_retries++;
			s->state = SLOT_RETRY;
			s->retry_at = jiffies + (HZ / 50) * s->busy_tries;
			if (s->busy_tries == 1)
				dev_notice(dev, "tag %08x: volume busy (SCSI status %#04x), retrying\n",
					   s->tag, ei->scsi_status);
			return false;
		}
		if (ei->scsi_status == 0x08 || ei->scsi_status == 0x28)
			dev_err(dev, "tag %08x: still busy after %d retries, failing\n",
				s->tag, s->busy_tries);
		else
			cciss_log_sense(h, s, ei);
		return true;
	case CS_UNDERRUN:
		/* Discovery replies are shorter than their buffers: normal. */
		if (!s->rq) {
			s->result = BLK_STS_OK;
			return true;
		}
		/* Complete what arrived (whole blocks); send the rest once more. */
		s->good_bytes = resid < bytes ? (bytes - resid) & ~(s->vol->block_size - 1) : 0;
		s->resend_rest = s->good_bytes && s->underruns++ == 0;
		dev_err(dev, "tag %08x: data underrun, %u of %u bytes transferred%s\n",
			s->tag, bytes - min(resid, bytes), bytes,
			s->resend_rest ? "; sending the rest again" : "");
		return true;
	case CS_UNSOL_ABORT:
		if (s->unsol_tries++ < 3) {
			dev_warn(dev, "tag %08x: unsolicited abort, retrying\n", s->tag);
			s->state = SLOT_RETRY;
			s->retry_at = jiffies + HZ / 10;
			return false;
		}
		break;
	case CS_INVALID:
		dev_err(dev, "tag %08x: controller refused the command as invalid (offending byte %#x)\n",
			s->tag, ei->extra[0]);
		return true;
	default:
		break;
	}
	dev_err(dev, "tag %08x: command failed: %s (CommandStatus %u)\n", s->tag,
		cciss_status_name(st), st);
	return true;
}

/* Write the slot's block to the controller again (busy retry). */
static void cciss_repost(struct cciss_ctlr *h, unsigned int i)
{
	memset(&h->pool[i].err, 0, sizeof(h->pool[i].err));
	h->in_flight--;		/* cciss_post() counts it again */
	cciss_post(h, i);
}

/* Finish slot i: queue it on *done (requests) or wake the sync waiter. */
static void cciss_finish(struct cciss_ctlr *h, unsigned int i, struct cciss_slot **done)
{
	struct cciss_slot *s = &h->slots[i];

	h->in_flight--;
	h->completed++;
	if (s->result != BLK_STS_OK)
		h->errors++;
	if (s->rq) {
		s->state = SLOT_DONE;
		s->next_done = *done;
		*done = s;
	} else {
		s->state = SLOT_DONE;
		s->sync_done = true;
	}
}

/*
 * Empty the outbound queue.  Caller holds h->lock; finished requests are
 * added to *done for the caller to end after unlocking.
 */
static void cciss_drain(struct cciss_ctlr *h, struct cciss_slot **done)
{
	struct device *dev = &h->pdev->dev;
	u32 v;

	while ((v = readl(h->regs + REG_OUTBOUND)) != OUTBOUND_EMPTY) {
		u32 tag = v & ~3u;
		unsigned int i = (tag >> 2) & 0x3fff;
		struct cciss_slot *s;

		if (v & 1) {
			if (!h->rsvd_tag_seen)
				dev_warn(dev, "completion %08x has reserved bit 0 set; ignoring the bit\n",
					 v);
			h->rsvd_tag_seen = true;
		}
		if (i >= h->nslots || h->slots[i].tag != tag ||
		    (h->slots[i].state != SLOT_POSTED && h->slots[i].state != SLOT_ABORTING)) {
			h->bad_tags++;
			dev_err(dev, "completion with unknown tag %08x ignored\n", v);
			continue;
		}
		s = &h->slots[i];
		rmb();	/* the error information after the tag */
		if (!(v & 2)) {
			s->result = BLK_STS_OK;
			s->sync_status = CS_OK;
		} else if (!cciss_judge(h, i, s)) {
			continue;	/* retried later by the watchdog */
		}
		if (s->state == SLOT_ABORTING && s->sync_status != CS_ABORTED)
			dev_notice(dev, "tag %08x: finished while being aborted\n", s->tag);
		cciss_finish(h, i, done);
	}
}

static int cciss_build_rw(struct cciss_ctlr *h, unsigned int i, struct cciss_vol *v,
			  struct request *rq);
static void cciss_post(struct cciss_ctlr *h, unsigned int i);

/*
 * After an underrun: rq has been advanced past what arrived; send the
 * rest in the same slot.  False if that is impossible (the caller ends
 * rq with an error).
 */
static bool cciss_resend_rest(struct cciss_ctlr *h, struct cciss_slot *s)
{
	unsigned int i = s - h->slots;
	unsigned long flags;
	bool sent = false;

	spin_lock_irqsave(&h->lock, flags);
	if (!h->dead && !cciss_build_rw(h, i, s->vol, s->rq)) {
		s->good_bytes = 0;
		s->resend_rest = false;
		cciss_post(h, i);
		sent = true;
	}
	spin_unlock_irqrestore(&h->lock, flags);
	return sent;
}

/* End the requests of a completion batch; free their slots. */
static void cciss_end_batch(struct cciss_ctlr *h, struct cciss_slot *done)
{
	unsigned long flags;
	bool rerun;

	while (done) {
		struct cciss_slot *s = done;
		struct request *rq = s->rq;
		blk_status_t st = s->result;
		unsigned int good = s->good_bytes;

		done = s->next_done;
		if (st != BLK_STS_OK && good) {
			if (!blk_update_request(rq, BLK_STS_OK, good))
				goto free;	/* nothing left (cannot happen) */
			if (s->resend_rest && cciss_resend_rest(h, s))
				continue;
		}
		blk_mq_end_request(rq, st);
free:
		spin_lock_irqsave(&h->lock, flags);
		s->state = SLOT_FREE;
		spin_unlock_irqrestore(&h->lock, flags);
	}
	spin_lock_irqsave(&h->lock, flags);
	rerun = h->starved;
	h->starved = false;
	spin_unlock_irqrestore(&h->lock, flags);
	if (rerun) {
		for (int v = 0; v < h->nvols; v++)
			if (h->vols[v] && h->vols[v]->disk)
				blk_mq_run_hw_queues(h->vols[v]->disk->queue, true);
	}
}

static void cciss_collect(struct cciss_ctlr *h)
{
	struct cciss_slot *done = NULL;
	unsigned long flags;

	spin_lock_irqsave(&h->lock, flags);
	if (!h->dead)
		cciss_drain(h, &done);
	spin_unlock_irqrestore(&h->lock, flags);
	cciss_end_batch(h, done);
}

static irqreturn_t cciss_interrupt(int irq, void *dev_id)
{
	struct cciss_ctlr *h = dev_id;

	/* A dead controller's line is masked; anything else is not ours. */
	if (h->dead || !(readl(h->regs + REG_INTR_STATUS) & INTR_REPLY))
		return IRQ_NONE;
	/* Drain until the controller's reply bit stays clear. */
	do {
		cciss_collect(h);
	} while (!h->dead && (readl(h->regs + REG_INTR_STATUS) & INTR_REPLY));
	return IRQ_HANDLED;
}

static void cciss_poll_timer(struct timer_list *t)
{
	struct cciss_ctlr *h = from_timer(h, t, poller);

	cciss_collect(h);
	mod_timer(&h->poller, jiffies + 1);
}

/* ------------------------------------------------------------ watchdog */

/* Fail everything outstanding: the controller stopped answering. */
static void cciss_declare_dead(struct cciss_ctlr *h, struct cciss_slot **done)
{
	dev_err(&h->pdev->dev,
		"controller not answering; failing all %u outstanding commands (no reset on this board)\n",
		h->in_flight);
	h->dead = true;
	writel(INTR_REPLY, h->regs + REG_INTR_MASK);
	for (unsigned int i = 0; i < h->nslots; i++) {
		struct cciss_slot *s = &h->slots[i];

		if (s->state == SLOT_FREE || s->state == SLOT_DONE)
			continue;
		s->result = BLK_STS_IOERR;
		s->sync_status = CS_TIMEOUT;
		cciss_finish(h, i, done);
	}
}

/* Send an abort message for slot victim.  Caller holds h->lock. */
static bool cciss_send_abort(struct cciss_ctlr *h, unsigned int victim)
{
	u8 cdb[16] = { 0 };
	int i = cciss_get_slot(h, h->io_slots, h->nslots);

	if (i < 0)
		return false;
	cdb[0] = 0x00;			/* abort */
	cdb[1] = 0x00;			/* task */
	memcpy(&cdb[4], &h->pool[victim].blk.tag, 4);	/* as the block holds it */
	cciss_prep(h, i, NULL, TYPE_MSG | ATTR_SIMPLE | DIR_NONE, cdb, 12);
	memcpy(h->pool[i].blk.lun, h->pool[victim].blk.lun, 8);
	h->slots[i].sync_done = false;
	h->slots[i].vol = NULL;
	h->slots[i].rq = NULL;
	h->slots[i].orphan = true;
	cciss_post(h, i);
	return true;
}

static void cciss_watchdog(struct timer_list *t)
{
	struct cciss_ctlr *h = from_timer(h, t, watchdog);
	struct device *dev = &h->pdev->dev;
	struct cciss_slot *done = NULL;
	unsigned long flags;

	spin_lock_irqsave(&h->lock, flags);
	if (!h->dead)
		cciss_drain(h, &done);
	for (unsigned int i = 0; i < h->nslots && !h->dead; i++) {
		struct cciss_slot *s = &h->slots[i];

		switch (s->state) {
		case SLOT_RETRY:
			if (time_after_eq(jiffies, s->retry_at))
				cciss_repost(h, i);
			break;
		case SLOT_DONE:
			/* Abort messages and abandoned synchronous commands. */
			if (s->orphan)
				s->state = SLOT_FREE;
			break;
		case SLOT_POSTED:
			if (!time_after(jiffies, s->deadline))
				break;
			h->timeouts++;
			/* An unanswered abort (or orphan) leaves nothing to try. */
			if (s->orphan || !cciss_send_abort(h, i)) {
				cciss_declare_dead(h, &done);
				break;
			}
			dev_err(dev, "tag %08x: no answer in %u s, aborting it\n", s->tag,
				cciss_timeout);
			s->state = SLOT_ABORTING;
			s->deadline = jiffies + CCISS_ABORT_GRACE;
			break;
		case SLOT_ABORTING:
			if (time_after(jiffies, s->deadline))
				cciss_declare_dead(h, &done);
			break;
		default:
			break;
		}
	}
	spin_unlock_irqrestore(&h->lock, flags);
	cciss_end_batch(h, done);
	mod_timer(&h->watchdog, jiffies + HZ / 10);
}

/* ------------------------------------------------------------ synchronous commands */

/*
 * Run one command to lun (NULL: the controller) and wait for it, polling
 * the outbound queue ourselves.  data/len is a reply or payload in h->buf
 * (or NULL).  Returns 0, or -EIO/-ETIMEDOUT; *status gets CommandStatus
 * and *resid the residual.  Caller holds h->sync_mutex; may sleep.
 */
static int cciss_sync(struct cciss_ctlr *h, const u8 *lun, u8 dir, const u8 *cdb,
		      unsigned int cdb_len, unsigned int len, unsigned int tmo_s,
		      u16 *status, u32 *resid)
{
	unsigned long flags, deadline = jiffies + tmo_s * HZ;
	struct cciss_block *b;
	struct cciss_slot *s;
	int i, err = 0;

	spin_lock_irqsave(&h->lock, flags);
	if (h->dead) {
		spin_unlock_irqrestore(&h->lock, flags);
		return -EIO;
	}
	i = cciss_get_slot(h, h->io_slots, h->nslots);
	if (i < 0) {
		spin_unlock_irqrestore(&h->lock, flags);
		return -EBUSY;
	}
	s = &h->slots[i];
	b = cciss_prep(h, i, lun, TYPE_CMD | ATTR_SIMPLE | dir, cdb, cdb_len);
	if (len) {
		b->sg_in_cmd = 1;
		b->sg_total = cpu_to_le16(1);
		b->sg[0].addr = cpu_to_le64(__pa(h->buf));
		b->sg[0].len = cpu_to_le32(len);
	}
	cciss_post(h, i);
	spin_unlock_irqrestore(&h->lock, flags);

	for (;;) {
		struct cciss_slot *done = NULL;

		spin_lock_irqsave(&h->lock, flags);
		if (!h->dead)
			cciss_drain(h, &done);
		if (s->sync_done || h->dead)
			break;
		if (time_after(jiffies, deadline)) {
			/* Leave it to the watchdog; report the timeout. */
			s->rq = NULL;
			s->orphan = true;
			err = -ETIMEDOUT;
			spin_unlock_irqrestore(&h->lock, flags);
			cciss_end_batch(h, done);
			dev_err(&h->pdev->dev, "command %#04x: no answer in %u s\n", cdb[0], tmo_s);
			return err;
		}
		spin_unlock_irqrestore(&h->lock, flags);
		cciss_end_batch(h, done);
		msleep(1);
	}
	if (!s->sync_done || s->result != BLK_STS_OK)
		err = -EIO;
	if (status)
		*status = s->sync_done ? s->sync_status : CS_TIMEOUT;
	if (resid)
		*resid = s->sync_residual;
	s->state = SLOT_FREE;
	spin_unlock_irqrestore(&h->lock, flags);
	return err;
}

/* BMIC cache flush (write, 4 zero bytes of parameters). */
static int cciss_flush_cache(struct cciss_ctlr *h)
{
	u8 cdb[10] = { 0x27, 0, 0, 0, 0, 0, 0xc2, 0, 4, 0 };
	int err;

	mutex_lock(&h->sync_mutex);
	memset(h->buf, 0, 4);
	err = cciss_sync(h, NULL, DIR_WRITE, cdb, 10, 4, 60, NULL, NULL);
	mutex_unlock(&h->sync_mutex);
	if (err)
		dev_err(&h->pdev->dev, "cache flush failed (%d)\n", err);
	return err;
}

/* ------------------------------------------------------------ I/O */

/* Map rq's data into the block's SG list; returns the entries or -EIO. */
static int cciss_map(struct cciss_block *b, struct request *rq)
{
	struct req_iterator iter;
	struct bio_vec bv;
	int n = 0;

	rq_for_each_segment(bv, rq, iter) {
		u64 addr = page_to_phys(bv.bv_page) + bv.bv_offset;

		if (n && le64_to_cpu(b->sg[n - 1].addr) + le32_to_cpu(b->sg[n - 1].len) == addr) {
			b->sg[n - 1].len = cpu_to_le32(le32_to_cpu(b->sg[n - 1].len) + bv.bv_len);
			continue;
		}
		if (n == CCISS_MAX_SG)
			return -EIO;
		b->sg[n].addr = cpu_to_le64(addr);
		b->sg[n].len = cpu_to_le32(bv.bv_len);
		b->sg[n].ext = 0;
		n++;
	}
	b->sg_in_cmd = n;
	b->sg_total = cpu_to_le16(n);
	return n;
}

/* The READ/WRITE CDB; returns its length. */
static unsigned int cciss_rw_cdb(struct cciss_vol *v, bool write, u64 lba, u32 count, u8 *cdb)
{
	memset(cdb, 0, 16);
	if (!v->use16 && lba <= 0xffffffffull && count <= 0xffff) {
		cdb[0] = write ? 0x2a : 0x28;
		put_be32(&cdb[2], lba);
		put_be16(&cdb[7], count);
		return 10;
	}
	cdb[0] = write ? 0x8a : 0x88;
	put_be64(&cdb[2], lba);
	put_be32(&cdb[10], count);
	return 16;
}

/*
 * Slot i's block for what is left of READ/WRITE request rq; -EIO if its
 * data needs more than 31 SG entries.  Caller holds h->lock.
 */
static int cciss_build_rw(struct cciss_ctlr *h, unsigned int i, struct cciss_vol *v,
			  struct request *rq)
{
	unsigned int shift = ilog2(v->block_size) - SECTOR_SHIFT;
	bool write = req_op(rq) == REQ_OP_WRITE;
	struct cciss_block *b;
	unsigned int cdb_len;
	u8 cdb[16];

	cdb_len = cciss_rw_cdb(v, write, blk_rq_pos(rq) >> shift, blk_rq_sectors(rq) >> shift, cdb);
	b = cciss_prep(h, i, v->lun, TYPE_CMD | ATTR_SIMPLE | (write ? DIR_WRITE : DIR_READ),
		       cdb, cdb_len);
	return cciss_map(b, rq) < 0 ? -EIO : 0;
}

static blk_status_t cciss_queue_rq(struct request_queue *q, struct request *rq, bool last)
{
	struct cciss_vol *v = q->queuedata;
	struct cciss_ctlr *h = v->h;
	struct cciss_block *b;
	unsigned long flags;
	u8 cdb[16] = { 0 };
	int i;

	spin_lock_irqsave(&h->lock, flags);
	if (h->dead) {
		spin_unlock_irqrestore(&h->lock, flags);
		return BLK_STS_IOERR;
	}
	i = cciss_get_slot(h, 0, h->io_slots);
	if (i < 0) {
		h->starved = true;
		spin_unlock_irqrestore(&h->lock, flags);
		return BLK_STS_RESOURCE;
	}
	h->slots[i].rq = rq;
	h->slots[i].vol = v;

	switch (req_op(rq)) {
	case REQ_OP_READ:
	case REQ_OP_WRITE:
		if (cciss_build_rw(h, i, v, rq)) {
			h->slots[i].state = SLOT_FREE;
			spin_unlock_irqrestore(&h->lock, flags);
			dev_err(&h->pdev->dev, "%s: request needs more than %d SG entries\n",
				v->disk->disk_name, CCISS_MAX_SG);
			return BLK_STS_IOERR;
		}
		break;
	case REQ_OP_FLUSH:
		cdb[0] = 0x27;
		cdb[6] = 0xc2;
		cdb[8] = 4;
		b = cciss_prep(h, i, NULL, TYPE_CMD | ATTR_SIMPLE | DIR_WRITE, cdb, 10);
		/* The 4 zero parameter bytes: the (zeroed) reserved tail of the block. */
		b->sg_in_cmd = 1;
		b->sg_total = cpu_to_le16(1);
		b->sg[0].addr = cpu_to_le64(cciss_slot_phys(h, i) + offsetof(struct cciss_dma_slot, pad0));
		b->sg[0].len = cpu_to_le32(4);
		break;
	default:
		h->slots[i].state = SLOT_FREE;
		spin_unlock_irqrestore(&h->lock, flags);
		return BLK_STS_NOTSUPP;
	}
	cciss_post(h, i);
	spin_unlock_irqrestore(&h->lock, flags);
	return BLK_STS_OK;
}

static const struct blk_mq_ops cciss_mq_ops = {
	.queue_rq = cciss_queue_rq,
};

static int cciss_getgeo(struct block_device *bdev, void *arg)
{
	struct cciss_vol *v = bdev->bd_disk->private_data;
	struct hd_geometry *geo = arg;

	geo->heads = v->heads;
	geo->sectors = v->sectors;
	geo->cylinders = v->cyl;
	return 0;
}

static const struct block_device_operations cciss_fops = {
	.getgeo = cciss_getgeo,
};

/* ------------------------------------------------------------ discovery */

static const char *const cciss_raid_names[] = {
	"RAID 0", "RAID 4", "RAID 1(1+0)", "RAID 5", "RAID 5+1", "RAID ADG",
};

/* READ CAPACITY (10, then 16 when needed) and the C1 geometry page. */
static int cciss_probe_volume(struct cciss_ctlr *h, struct cciss_vol *v)
{
	struct device *dev = &h->pdev->dev;
	u8 cdb[16] = { 0 };
	u8 *r = h->buf;
	u16 st;
	u32 resid;
	int err;

	cdb[0] = 0x25;
	memset(r, 0, 8);
	err = cciss_sync(h, v->lun, DIR_READ, cdb, 10, 8, 30, &st, &resid);
	if (err)
		return err;
	v->blocks = (u64)get_be32(&r[0]) + 1;
	v->block_size = get_be32(&r[4]);
	if (get_be32(&r[0]) == 0xffffffffu) {
		memset(cdb, 0, sizeof(cdb));
		cdb[0] = 0x9e;
		cdb[1] = 0x10;
		put_be32(&cdb[10], 32);
		memset(r, 0, 32);
		err = cciss_sync(h, v->lun, DIR_READ, cdb, 16, 32, 30, &st, &resid);
		if (err)
			return err;
		v->blocks = get_be64(&r[0]) + 1;
		v->block_size = get_be32(&r[8]);
		v->use16 = true;
	}
	if (v->block_size < 512 || v->block_size > PAGE_SIZE || !is_power_of_2(v->block_size)) {
		dev_err(dev, "volume %d: unusable block size %u\n", v->index, v->block_size);
		return -EINVAL;
	}

	/* Write protection: MODE SENSE(6) header, device-specific byte bit 7. */
	memset(cdb, 0, sizeof(cdb));
	cdb[0] = 0x1a;
	cdb[2] = 0x3f;
	cdb[4] = 64;
	memset(r, 0, 64);
	v->ro = !cciss_sync(h, v->lun, DIR_READ, cdb, 6, 64, 30, &st, &resid) && (r[2] & 0x80);

	/* Geometry from VPD page C1; made up (255x32) if the page is missing. */
	memset(cdb, 0, sizeof(cdb));
	cdb[0] = 0x12;
	cdb[1] = 0x01;
	cdb[2] = 0xc1;
	put_be16(&cdb[3], 64);
	memset(r, 0, 64);
	v->raid = 0xff;
	if (!cciss_sync(h, v->lun, DIR_READ, cdb, 6, 64, 30, &st, &resid) && r[1] == 0xc1 &&
	    r[6] && r[7]) {
		v->cyl = get_be16(&r[4]);
		v->heads = r[6];
		v->sectors = r[7];
		v->raid = r[8];
	} else {
		v->heads = 255;
		v->sectors = 32;
		v->cyl = min_t(u64, v->blocks / (255 * 32), 0xffff);
	}
	return 0;
}

static int cciss_add_disk(struct cciss_ctlr *h, struct cciss_vol *v)
{
	struct gendisk *disk;
	struct request_queue *q;
	int err;

	disk = blk_mq_alloc_disk(&cciss_mq_ops, h->io_slots, 0, v);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	v->disk = disk;
	q = disk->queue;
	disk->private_data = v;
	disk->fops = &cciss_fops;
	disk->major = CCISS_MAJOR_BASE + h->index;
	disk->first_minor = v->index * CCISS_MINORS;
	disk->minors = CCISS_MINORS;
	snprintf(disk->disk_name, DISK_NAME_LEN, "cciss/c%dd%d", h->index, v->index);
	blk_queue_logical_block_size(q, v->block_size);
	blk_queue_max_segments(q, min_t(u32, h->max_sg, CCISS_MAX_SG));
	blk_queue_max_hw_sectors(q, CCISS_MAX_SECTORS);
	/* The array cache is battery backed, but flushes still reach it. */
	blk_queue_write_cache(q, true, false);
	set_capacity(disk, v->blocks << (ilog2(v->block_size) - SECTOR_SHIFT));
	if (v->ro)
		set_disk_ro(disk, true);
	err = device_add_disk(&h->pdev->dev, disk, NULL);
	if (err) {
		v->disk = NULL;
		put_disk(disk);
		return err;
	}
	dev_notice(&h->pdev->dev, "%s: %llu %u-byte blocks (%llu MB)%s, %s, geometry %u/%u/%u\n",
		   disk->disk_name, v->blocks, v->block_size,
		   v->blocks * v->block_size / 1000000, v->ro ? ", write protected" : "",
		   v->raid < ARRAY_SIZE(cciss_raid_names) ? cciss_raid_names[v->raid] : "RAID ?",
		   v->cyl, v->heads, v->sectors);
	return 0;
}

/* REPORT LOGICAL LUNS, then one disk per volume. */
static int cciss_discover(struct cciss_ctlr *h)
{
	struct device *dev = &h->pdev->dev;
	unsigned int alloc = 8 + 8 * CCISS_MAX_VOLS, n;
	u8 cdb[12] = { 0xc2 };
	u8 *r = h->buf, luns[CCISS_MAX_VOLS][8];
	u16 st;
	u32 resid;
	int err;

	/* Firmware revision: bytes 32-35 of the controller's INQUIRY. */
	mutex_lock(&h->sync_mutex);
	{
		u8 inq[6] = { 0x12, 0, 0, 0, 36, 0 };

		memset(r, 0, 64);
		if (!cciss_sync(h, NULL, DIR_READ, inq, 6, 36, 30, &st, &resid))
			memcpy(h->fw, &r[32], 4);
	}
	put_be32(&cdb[6], alloc);
	memset(r, 0, alloc);
	err = cciss_sync(h, NULL, DIR_READ, cdb, 12, alloc, 30, &st, &resid);
	if (err) {
		mutex_unlock(&h->sync_mutex);
		dev_err(dev, "REPORT LOGICAL LUNS failed (CommandStatus %u)\n", st);
		return err;
	}
	n = get_be32(&r[0]) / 8;
	if (n > CCISS_MAX_VOLS) {
		dev_warn(dev, "%u logical volumes, using the first %d\n", n, CCISS_MAX_VOLS);
		n = CCISS_MAX_VOLS;
	}
	memcpy(luns, &r[8], n * 8);
	for (unsigned int k = 0; k < n; k++) {
		struct cciss_vol *v = kzalloc(sizeof(*v), GFP_KERNEL);

		if (!v) {
			err = -ENOMEM;
			break;
		}
		v->h = h;
		v->index = k;
		memcpy(v->lun, luns[k], 8);
		err = cciss_probe_volume(h, v);
		if (err) {
			dev_err(dev, "volume %u: not usable (%d)\n", k, err);
			kfree(v);
			continue;
		}
		h->vols[h->nvols++] = v;
	}
	mutex_unlock(&h->sync_mutex);
	if (!h->nvols)
		dev_notice(dev, "no logical volumes\n");
	for (int k = 0; k < h->nvols; k++) {
		err = cciss_add_disk(h, h->vols[k]);
		if (err)
			dev_err(dev, "volume %d: cannot add disk (%d)\n", k, err);
	}
	return 0;
}

/* ------------------------------------------------------------ /proc */

static int cciss_proc_show(struct seq_file *m, void *unused)
{
	struct cciss_ctlr *h = m->private;

	seq_printf(m, "cciss%d: HP Smart Array 6i Controller\n", h->index);
	seq_printf(m, "Board ID: 0x%04x%04x\n", h->pdev->subsystem_device,
		   h->pdev->subsystem_vendor);
	seq_printf(m, "Firmware Version: %s\n", h->fw[0] ? h->fw : "?");
	seq_printf(m, "IRQ: %u%s\n", h->pdev->irq, h->use_irq ? "" : " (polling)");
	seq_printf(m, "Logical drives: %d\n", h->nvols);
	seq_printf(m, "Transport: simple\n");
	seq_printf(m, "Max commands: %u (controller %u)\n", h->io_slots, h->cmds_out_max);
	seq_printf(m, "Current Q depth: %u\n", h->in_flight);
	seq_printf(m, "Max Q depth since init: %u\n", h->max_in_flight);
	seq_printf(m, "Max SG entries: %u\n", min_t(u32, h->max_sg, CCISS_MAX_SG));
	seq_printf(m, "Commands completed: %lu\n", h->completed);
	seq_printf(m, "Commands failed: %lu\n", h->errors);
	seq_printf(m, "Busy retries: %lu\n", h->busy_retries);
	seq_printf(m, "Timeouts: %lu\n", h->timeouts);
	seq_printf(m, "Unknown tags: %lu\n", h->bad_tags);
	seq_printf(m, "State: %s\n", h->dead ? "dead (not answering)" : "ok");
	seq_putc(m, '\n');
	for (int k = 0; k < h->nvols; k++) {
		struct cciss_vol *v = h->vols[k];

		seq_printf(m, "cciss/c%dd%d: %llu.%02lluGB %s\n", h->index, v->index,
			   v->blocks * v->block_size / 1000000000,
			   v->blocks * v->block_size / 10000000 % 100,
			   v->raid < ARRAY_SIZE(cciss_raid_names) ? cciss_raid_names[v->raid] :
			   "RAID ?");
	}
	return 0;
}

/* ------------------------------------------------------------ bring-up */

/* The simple-mode initialization (Documentation/block/cciss.md). */
static int cciss_init_transport(struct cciss_ctlr *h)
{
	struct device *dev = &h->pdev->dev;
	u32 bar_cfg, off, v;
	int bar, t;

	for (t = 0; readl(h->regs + REG_SCRATCHPAD) != FW_READY; t++) {
		if (t == 1200) {
			dev_err(dev, "firmware not ready after 120 s (scratchpad %#x)\n",
				readl(h->regs + REG_SCRATCHPAD));
			return -ENODEV;
		}
		msleep(100);
	}
	/* The table's BAR by config offset; 64-bit BARs take two slots. */
	bar_cfg = readl(h->regs + REG_CFG_BAR) & 0xffff;
	off = readl(h->regs + REG_CFG_OFF);
	bar = -1;
	for (int b = 0, cfg = PCI_BASE_ADDRESS_0; b < PCI_STD_NUM_BARS; b++) {
		unsigned long fl = pci_resource_flags(h->pdev, b);

		if (cfg == (int)bar_cfg) {
			bar = b;
			break;
		}
		cfg += (fl & IORESOURCE_MEM_64) ? 8 : 4;
		if (fl & IORESOURCE_MEM_64)
			b++;
	}
	if (bar < 0 || off + 0x100 > pci_resource_len(h->pdev, bar)) {
		dev_err(dev, "config table at BAR offset %#x + %#x is not mappable\n", bar_cfg, off);
		return -ENODEV;
	}
	h->cfg = bar == 0 ? h->regs + off : pci_iomap_range(h->pdev, bar, off, 0x100);
	if (!h->cfg)
		return -ENOMEM;
	if (readl(h->cfg + CT_SIGNATURE) != CISS_SIGNATURE) {
		dev_err(dev, "no CISS signature in the config table\n");
		return -ENODEV;
	}
	v = readl(h->cfg + CT_TRANS_SUPPORT);
	if (!(v & TRANSPORT_SIMPLE)) {
		dev_err(dev, "controller offers no simple transport (%#x)\n", v);
		return -ENODEV;
	}
	h->cmds_out_max = readl(h->cfg + CT_CMDS_OUT_MAX);
	h->max_sg = readl(h->cfg + CT_MAX_SG);
	if (!h->max_sg)
		h->max_sg = CCISS_MAX_SG;	/* 0 means 31 */
	if (!h->cmds_out_max) {
		dev_err(dev, "controller accepts no commands (CmdsOutMax 0)\n");
		return -ENODEV;
	}

	writel(INTR_REPLY, h->regs + REG_INTR_MASK);
	writel(TRANSPORT_SIMPLE, h->cfg + CT_TRANS_REQUEST);
	writel(DOORBELL_CFG, h->regs + REG_DOORBELL);
	for (t = 0; readl(h->regs + REG_DOORBELL) & DOORBELL_CFG; t++) {
		if (t == 3000) {
			dev_err(dev, "controller did not take the config change in 30 s\n");
			return -ENODEV;
		}
		msleep(10);
	}
	if (!(readl(h->cfg + CT_TRANS_ACTIVE) & TRANSPORT_SIMPLE)) {
		dev_err(dev, "simple transport not active after the request (%#x)\n",
			readl(h->cfg + CT_TRANS_ACTIVE));
		return -ENODEV;
	}
	return 0;
}

static int cciss_alloc(struct cciss_ctlr *h)
{
	size_t pool_bytes;
	struct page *pg;

	h->io_slots = min_t(u32, h->cmds_out_max, CCISS_MAX_DEPTH + CCISS_SYNC_SLOTS);
	if (h->io_slots <= CCISS_SYNC_SLOTS) {
		dev_err(&h->pdev->dev, "CmdsOutMax %u is too small\n", h->cmds_out_max);
		return -ENODEV;
	}
	h->io_slots -= CCISS_SYNC_SLOTS;
	h->nslots = h->io_slots + CCISS_SYNC_SLOTS;
	pool_bytes = h->nslots * sizeof(struct cciss_dma_slot);
	h->pool_order = get_order(pool_bytes);
	/* Below 4 GiB: the inbound queue takes 32-bit addresses. */
	pg = alloc_pages(GFP_KERNEL | GFP_DMA32 | __GFP_ZERO, h->pool_order);
	if (!pg)
		return -ENOMEM;
	h->pool = page_address(pg);
	h->pool_phys = page_to_phys(pg);
	h->buf = (void *)__get_free_page(GFP_KERNEL | GFP_DMA32 | __GFP_ZERO);
	h->slots = kcalloc(h->nslots, sizeof(*h->slots), GFP_KERNEL);
	if (!h->buf || !h->slots)
		return -ENOMEM;
	return 0;
}

static void cciss_free(struct cciss_ctlr *h)
{
	kfree(h->slots);
	if (h->buf)
		free_page((unsigned long)h->buf);
	if (h->pool)
		free_pages((unsigned long)h->pool, h->pool_order);
}

static int cciss_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct device *dev = &pdev->dev;
	struct cciss_ctlr *h;
	int err, index = -1;

	mutex_lock(&cciss_ctlrs_lock);
	for (int k = 0; k < CCISS_MAX_CTLRS; k++) {
		if (!cciss_ctlrs[k]) {
			index = k;
			break;
		}
	}
	mutex_unlock(&cciss_ctlrs_lock);
	if (index < 0) {
		dev_err(dev, "more than %d controllers\n", CCISS_MAX_CTLRS);
		return -ENOSPC;
	}
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	h->pdev = pdev;
	h->index = index;
	spin_lock_init(&h->lock);
	mutex_init(&h->sync_mutex);
	timer_setup(&h->watchdog, cciss_watchdog, 0);
	timer_setup(&h->poller, cciss_poll_timer, 0);

	err = pci_enable_device(pdev);
	if (err)
		goto out_free;
	pci_set_master(pdev);
	h->regs = pci_iomap(pdev, 0, 0);
	if (!h->regs) {
		err = -ENOMEM;
		goto out_disable;
	}
	err = cciss_init_transport(h);
	if (err)
		goto out_unmap;
	err = cciss_alloc(h);
	if (err)
		goto out_unmap;

	mutex_lock(&cciss_ctlrs_lock);
	cciss_ctlrs[index] = h;
	mutex_unlock(&cciss_ctlrs_lock);
	err = register_blkdev(CCISS_MAJOR_BASE + index, "cciss");
	if (err < 0)
		goto out_slot;

	h->use_irq = !cciss_poll && pdev->irq;
	if (h->use_irq) {
		err = request_irq(pdev->irq, cciss_interrupt, IRQF_SHARED, "cciss", h);
		if (err) {
			dev_warn(dev, "IRQ %u unavailable (%d), polling\n", pdev->irq, err);
			h->use_irq = false;
		}
	}
	if (h->use_irq)
		writel(0, h->regs + REG_INTR_MASK);
	else
		mod_timer(&h->poller, jiffies + 1);
	mod_timer(&h->watchdog, jiffies + HZ / 10);
	dev_notice(dev, "cciss%d: Smart Array 6i, simple transport, %u commands, %u SG entries, %s\n",
		   index, h->io_slots, min_t(u32, h->max_sg, CCISS_MAX_SG),
		   h->use_irq ? "INTx" : "polling");

	if (cciss_proc_dir) {
		char name[16];

		snprintf(name, sizeof(name), "cciss%d", index);
		proc_create_single_data(name, 0444, cciss_proc_dir, cciss_proc_show, h);
	}
	pci_set_drvdata(pdev, h);
	cciss_discover(h);
	return 0;

out_slot:
	mutex_lock(&cciss_ctlrs_lock);
	cciss_ctlrs[index] = NULL;
	mutex_unlock(&cciss_ctlrs_lock);
	cciss_free(h);
out_unmap:
	pci_iounmap(pdev, h->regs);
out_disable:
	pci_disable_device(pdev);
out_free:
	kfree(h);
	return err;
}

static const struct pci_device_id cciss_ids[] = {
	/* Smart Array 6i: Compaq 0046 with HP's 4091 subsystem. */
	{ .vendor = 0x0e11, .device = 0x0046, .subvendor = 0x0e11, .subdevice = 0x4091 },
	{ 0 },
};

static struct pci_driver cciss_driver = {
	.name = "cciss",
	.id_table = cciss_ids,
	.probe = cciss_probe,
};

/* ------------------------------------------------------------ shutdown */

/* Flush every controller's cache before the machine goes down. */
static int cciss_reboot(struct notifier_block *nb, unsigned long action, void *unused)
{
	mutex_lock(&cciss_ctlrs_lock);
	for (int k = 0; k < CCISS_MAX_CTLRS; k++) {
		struct cciss_ctlr *h = cciss_ctlrs[k];

		if (!h || h->dead)
			continue;
		if (!cciss_flush_cache(h))
			dev_notice(&h->pdev->dev, "cciss%d: cache flushed for shutdown\n", k);
	}
	mutex_unlock(&cciss_ctlrs_lock);
	return NOTIFY_OK;
}

static struct notifier_block cciss_reboot_nb = {
	.notifier_call = cciss_reboot,
};

static int __init cciss_init(void)
{
	cciss_proc_dir = proc_mkdir("driver/cciss", NULL);
	register_reboot_notifier(&cciss_reboot_nb);
	return pci_register_driver(&cciss_driver);
}
module_init(cciss_init);

/* ------------------------------------------------------------ self tests */

#ifdef CONFIG_SELFTESTS
/* READ/WRITE(10) while LBA and count fit, (16) past them or when asked. */
static int cciss_cdb_test(void)
{
	struct cciss_vol v = { .block_size = 512 };
	u8 cdb[16];

	ST_ASSERT(cciss_rw_cdb(&v, false, 0x12345678, 8, cdb) == 10 && cdb[0] == 0x28 &&
		  get_be32(&cdb[2]) == 0x12345678 && get_be16(&cdb[7]) == 8,
		  "READ(10) for LBA 0x12345678, 8 blocks");
	ST_ASSERT(cciss_rw_cdb(&v, true, 0xffffffffull, 0xffff, cdb) == 10 && cdb[0] == 0x2a,
		  "WRITE(10) at the last 32-bit LBA with 65535 blocks");
	ST_ASSERT(cciss_rw_cdb(&v, false, 0x100000000ull, 1, cdb) == 16 && cdb[0] == 0x88 &&
		  get_be64(&cdb[2]) == 0x100000000ull && get_be32(&cdb[10]) == 1,
		  "READ(16) past 2^32");
	ST_ASSERT(cciss_rw_cdb(&v, true, 0, 0x10000, cdb) == 16 && cdb[0] == 0x8a &&
		  get_be32(&cdb[10]) == 0x10000, "WRITE(16) for 65536 blocks");
	v.use16 = true;
	ST_ASSERT(cciss_rw_cdb(&v, false, 0, 1, cdb) == 16, "a (16)-only volume gets READ(16)");
	return 0;
}
DEFINE_SELFTEST("cciss: READ/WRITE(10) and (16) CDBs", cciss_cdb_test);

/* Tags keep the controller's bits 1:0 clear and give back slot and generation. */
static int cciss_tag_test(void)
{
	static const struct { unsigned int slot; u16 gen; } cases[] = {
		{ 0, 0 }, { 1, 1 }, { 65, 0xffff }, { 4095, 0x1234 },
	};

	for (unsigned int k = 0; k < ARRAY_SIZE(cases); k++) {
		u32 tag = cciss_tag(cases[k].slot, cases[k].gen);

		ST_ASSERT(!(tag & 3) && ((tag >> 2) & 0x3fff) == cases[k].slot &&
			  tag >> 16 == cases[k].gen, "slot %u gen %u: tag %08x",
			  cases[k].slot, cases[k].gen, tag);
	}
	return 0;
}
DEFINE_SELFTEST("cciss: command tags", cciss_tag_test);
#endif
