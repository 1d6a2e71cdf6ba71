// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tidewater's QEMU model of the Compaq/HP Smart Array 6i (CISS interface,
 * PCI 0e11:0046, subsystem 0e11:4091), written from the register, config
 * table and command-block facts in Documentation/block/cciss.md and the
 * public CISS specification's layouts.
 *
 * Usage: -drive if=none,id=d0,file=disk.img,format=raw
 *        -device cciss,drive=d0[,drive1=d1,...][,faults=RULES][,trace=on]
 *
 * Each drive is one logical volume (LUN address 00 00 00 40+N ...).  The
 * controller speaks the "simple" CISS transport only:
 *   BAR0 (64-bit MMIO, 8 KiB)  registers; the config table at 0x1000 and
 *                              the (unused) transport-method table at 0x1100
 *   BAR2 (I/O, 256 bytes)      present, reads 0, writes ignored
 *   BAR3 (64-bit MMIO, 256 KiB) present, reads 0, writes ignored
 * Commands written to the inbound queue (0x40) are queued and run from a
 * bottom half in the main loop (synchronous block I/O on the image), so the
 * guest always sees them finish after the posting write returns.  Finished
 * tags go to the outbound FIFO (0x44); INTx is (FIFO non-empty) and not
 * masked (0x34 bit 3).
 *
 * Fault injection (property "faults", rules separated by '/'):
 *   LBA:ACTION[*COUNT]   a READ/WRITE whose blocks include LBA gets ACTION,
 *                        COUNT times (default: every time)
 * ACTION is one of
 *   status<N>   CommandStatus N (1..12) with error information; status1 is
 *               CHECK CONDITION, MEDIUM ERROR (03/11/00), status2 an
 *               underrun with half the data moved
 *   busy        target status BUSY (CommandStatus 1, SCSI status 0x08)
 *   badtag      first post a tag that names no command, then the real one
 *   rsvdtag     post the tag with reserved bit 0 set
 *   drop        never complete the command (until an abort or reset)
 *   hang        the controller stops answering: this and every later
 *               command, aborts included, are never completed
 * See Documentation/dev-tools/qemu-models.md.
 *
 * Locking: everything runs under the big QEMU lock (MMIO handlers, the
 * bottom half and the doorbell timer are all main-loop or BQL context).
 */
#include "qemu/osdep.h"
#include "qemu/units.h"
#include "qemu/bswap.h"
#include "qemu/timer.h"
#include "qemu/main-loop.h"
#include "qemu/module.h"
#include "qemu/cutils.h"
#include "qapi/error.h"
#include "hw/pci/pci.h"
#include "hw/qdev-properties.h"
#include "hw/qdev-properties-system.h"
#include "migration/vmstate.h"
#include "sysemu/block-backend.h"
#include "qom/object.h"

#define TYPE_CCISS "cciss"
OBJECT_DECLARE_SIMPLE_TYPE(CcissState, CCISS)

#define CC_MAX_VOLS	4
#define CC_BLOCK	512
#define CC_MAX_SG	31
#define CC_FIFO		1024	/* inbound and outbound entries */
#define CC_MAX_XFER	(8 * MiB)
#define CC_MAX_RULES	32

/* Register offsets in BAR0. */
enum {
	REG_DOORBELL	= 0x20,
	REG_INTR_STATUS	= 0x30,
	REG_INTR_MASK	= 0x34,
	REG_INBOUND	= 0x40,
	REG_OUTBOUND	= 0x44,
	REG_SCRATCHPAD	= 0xb0,
	REG_CFG_BAR	= 0xb4,
	REG_CFG_OFF	= 0xb8,
};
#define INTR_REPLY	0x08	/* status: reply FIFO not empty; mask: masked */
#define DB_CFG_CHANGE	0x01
#define FW_READY	0xffff0000u
#define CFG_TABLE_OFF	0x1000
#define CFG_TABLE_LEN	0x100
#define TRANS_TABLE_OFF	0x1100	/* relative offset 0x100 from the table */
#define TRANS_TABLE_LEN	0x100

/*
 * The config table's layout (little-endian words).  The
 * model keeps the table as bytes and uses this struct for the offsets.
 */
struct cc_cfgtable {
	char signature[4];
	uint32_t valence, trans_support, trans_active, trans_request;
	uint32_t pool_addr_high, coal_delay, coal_count;
	uint32_t cmds_out_max, bus_types, trans_offset;
	char server_name[16];
	uint32_t heartbeat, driver_flags, max_sg;
	uint32_t max_logical, max_phys, max_per_lv, max_perf_cmds;
};
#define CT(field)	offsetof(struct cc_cfgtable, field)
QEMU_BUILD_BUG_ON(CT(heartbeat) != 0x3c || CT(max_perf_cmds) != 0x54);
#define TRANSPORT_SIMPLE	0x02

/* Command-block layout (host memory). */
#define CB_HDR_LEN	0x34
#define CB_SG_LEN	16
#define CB_TYPE_MSG	1
#define CB_DIR_WRITE	1
#define CB_DIR_READ	2

/* CommandStatus values. */
enum {
	CS_OK, CS_TARGET_STATUS, CS_UNDERRUN, CS_OVERRUN, CS_INVALID,
	CS_PROTOCOL, CS_HARDWARE, CS_CONN_LOST, CS_ABORTED, CS_ABORT_FAILED,
	CS_UNSOL_ABORT, CS_TIMEOUT, CS_UNABORTABLE,
};
#define ERRINFO_LEN	48

enum fault_action {
	FA_STATUS, FA_BUSY, FA_BADTAG, FA_RSVDTAG, FA_DROP, FA_HANG,
};

struct cc_rule {
	uint64_t lba;
	enum fault_action action;
	int status;
	int count;		/* < 0: unlimited */
};

/* A command held by the controller (dropped, waiting for abort/reset). */
struct cc_held {
	uint32_t addr;
	uint32_t tag;
	uint64_t err_addr;
	uint32_t err_len;
};

struct CcissState {
	PCIDevice parent_obj;

	MemoryRegion regs;
	MemoryRegion io;
	MemoryRegion bar3;
	BlockBackend *blk[CC_MAX_VOLS];
	int nvols;
	uint32_t cmds_out_max;
	char *faults;
	bool trace;

	uint32_t doorbell;
	uint32_t intr_mask;
	uint8_t table[CFG_TABLE_LEN + TRANS_TABLE_LEN];
	QEMUTimer *doorbell_timer;
	QEMUTimer *heartbeat_timer;
	QEMUBH *bh;

	uint32_t inq[CC_FIFO];
	unsigned int inq_head, inq_count;
	uint32_t outq[CC_FIFO];
	unsigned int outq_head, outq_count;

	struct cc_rule rules[CC_MAX_RULES];
	int nrules;
	struct cc_held held[CC_FIFO];
	int nheld;
	bool hung;

	uint8_t *buf;		/* CC_MAX_XFER data bounce buffer */
};

/* The decoded command block. */
struct cc_cmd {
	uint32_t addr;
	uint8_t sg_in_cmd;
	uint16_t sg_total;
	uint32_t tag;
	uint32_t tag_hi;
	uint8_t lun[8];
	uint8_t cdb_len;
	uint8_t type, attr, dir;
	uint8_t cdb[16];
	uint64_t err_addr;
	uint32_t err_len;
	uint64_t sg_addr[CC_MAX_SG];
	uint32_t sg_len[CC_MAX_SG];
	uint64_t sg_bytes;
	/* result */
	uint8_t errinfo[ERRINFO_LEN];
	bool error;
	enum fault_action post;	/* FA_STATUS = normal posting */
};

static void cc_log(CcissState *s, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void cc_log(CcissState *s, const char *fmt, ...)
{
	va_list ap;

	if (!s->trace)
		return;
	va_start(ap, fmt);
	fprintf(stderr, "cciss: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* ------------------------------------------------------------ interrupts */

static void cc_update_irq(CcissState *s)
{
	bool level = s->outq_count && !(s->intr_mask & INTR_REPLY);

	pci_set_irq(PCI_DEVICE(s), level);
}

static void cc_post(CcissState *s, uint32_t tag)
{
	if (s->outq_count == CC_FIFO) {
		/* The host posted more than CmdsOutMax: drop, as a real FIFO would. */
		cc_log(s, "outbound FIFO full, tag %08x lost", tag);
		return;
	}
	s->outq[(s->outq_head + s->outq_count) % CC_FIFO] = tag;
	s->outq_count++;
	cc_update_irq(s);
}

/* ------------------------------------------------------------ table */

static uint32_t cc_table_get(CcissState *s, unsigned int off)
{
	return ldl_le_p(&s->table[off]);
}

static void cc_table_set(CcissState *s, unsigned int off, uint32_t v)
{
	stl_le_p(&s->table[off], v);
}

static void cc_table_init(CcissState *s)
{
	memset(s->table, 0, sizeof(s->table));
	memcpy(&s->table[CT(signature)], "CISS", 4);
	cc_table_set(s, CT(valence), 1);
	cc_table_set(s, CT(trans_support), TRANSPORT_SIMPLE);
	cc_table_set(s, CT(cmds_out_max), s->cmds_out_max);
	cc_table_set(s, CT(bus_types), 0x2);	/* Ultra320 SCSI */
	cc_table_set(s, CT(trans_offset), TRANS_TABLE_OFF - CFG_TABLE_OFF);
	memcpy(&s->table[CT(server_name)], "TIDEWATER-6I", 12);
	cc_table_set(s, CT(max_sg), CC_MAX_SG);
	cc_table_set(s, CT(max_logical), 32);
	cc_table_set(s, CT(max_phys), 14);
	cc_table_set(s, CT(max_per_lv), 14);
	/*
	 * Linux's hpsa sizes its pool from this field even in simple mode
	 * (and warns "max supported commands of 0"); what the 6i's firmware
	 * puts here is unverified, CmdsOutMax is the sensible value.
	 */
	cc_table_set(s, CT(max_perf_cmds), s->cmds_out_max);
}

/* The doorbell's "re-read the config table" takes effect after 1 ms. */
static void cc_doorbell_done(void *opaque)
{
	CcissState *s = opaque;
	uint32_t req = cc_table_get(s, CT(trans_request));

	/* Only the simple transport exists; asking for others changes nothing. */
	cc_table_set(s, CT(trans_active), req & TRANSPORT_SIMPLE);
	s->doorbell &= ~DB_CFG_CHANGE;
	cc_log(s, "doorbell: transport request %#x -> active %#x", req,
	       cc_table_get(s, CT(trans_active)));
}

static void cc_heartbeat(void *opaque)
{
	CcissState *s = opaque;

	if (!s->hung)
		cc_table_set(s, CT(heartbeat), cc_table_get(s, CT(heartbeat)) + 1);
	timer_mod(s->heartbeat_timer, qemu_clock_get_ms(QEMU_CLOCK_VIRTUAL) + 100);
}

/* ------------------------------------------------------------ faults */

static bool cc_parse_rule(const char *r, struct cc_rule *rule)
{
	const char *p = r, *act;
	uint64_t lba;
	unsigned long n;

	if (qemu_strtou64(p, &act, 0, &lba) || *act != ':')
		return false;
	act++;
	rule->lba = lba;
	rule->count = -1;
	rule->status = 0;
	if (strstart(act, "status", &p)) {
		if (qemu_strtoul(p, &p, 10, &n) || n < 1 || n > 12)
			return false;
		rule->action = FA_STATUS;
		rule->status = n;
	} else if (strstart(act, "busy", &p)) {
		rule->action = FA_BUSY;
	} else if (strstart(act, "badtag", &p)) {
		rule->action = FA_BADTAG;
	} else if (strstart(act, "rsvdtag", &p)) {
		rule->action = FA_RSVDTAG;
	} else if (strstart(act, "drop", &p)) {
		rule->action = FA_DROP;
	} else if (strstart(act, "hang", &p)) {
		rule->action = FA_HANG;
	} else {
		return false;
	}
	if (*p == '*') {
		if (qemu_strtoul(p + 1, &p, 10, &n) || n < 1)
			return false;
		rule->count = n;
	}
	return *p == '\0';
}

static bool cc_parse_faults(CcissState *s, Error **errp)
{
	g_auto(GStrv) parts = NULL;

	if (!s->faults || !*s->faults)
		return true;
	parts = g_strsplit(s->faults, "/", -1);
	for (int i = 0; parts[i]; i++) {
		if (!*parts[i])
			continue;
		if (s->nrules == CC_MAX_RULES) {
			error_setg(errp, "cciss: at most %d fault rules", CC_MAX_RULES);
			return false;
		}
		if (!cc_parse_rule(parts[i], &s->rules[s->nrules])) {
			error_setg(errp, "cciss: bad fault rule '%s' (LBA:ACTION[*COUNT])",
				   parts[i]);
			return false;
		}
		s->nrules++;
	}
	return true;
}

/* The first live rule for blocks [lba, lba + n), or NULL. */
static struct cc_rule *cc_match_fault(CcissState *s, uint64_t lba, uint64_t n)
{
	for (int i = 0; i < s->nrules; i++) {
		struct cc_rule *r = &s->rules[i];

		if (r->count == 0 || r->lba < lba || r->lba >= lba + n)
			continue;
		if (r->count > 0)
			r->count--;
		return r;
	}
	return NULL;
}

/* ------------------------------------------------------------ results */

static void cc_fail(struct cc_cmd *c, int status)
{
	c->error = true;
	stw_le_p(&c->errinfo[2], status);
}

/* CHECK CONDITION with fixed-format sense key/ASC/ASCQ. */
static void cc_check(struct cc_cmd *c, uint8_t key, uint8_t asc, uint8_t ascq)
{
	uint8_t *sense = &c->errinfo[0x10];

	cc_fail(c, CS_TARGET_STATUS);
	c->errinfo[0] = 0x02;		/* CHECK CONDITION */
	c->errinfo[1] = 18;		/* sense length */
	sense[0] = 0x70;
	sense[2] = key;
	sense[7] = 10;
	sense[12] = asc;
	sense[13] = ascq;
}

static void cc_invalid(struct cc_cmd *c, uint8_t offending)
{
	cc_fail(c, CS_INVALID);
	c->errinfo[0x08] = offending;	/* extra info: offending byte */
}

/*
 * Copy len bytes of reply into the host's buffers.  A reply shorter than
 * the buffers is an underrun with the difference as residual.
 */
static void cc_reply(CcissState *s, struct cc_cmd *c, const uint8_t *data, uint64_t len)
{
	uint64_t done = 0;

	for (int i = 0; i < c->sg_in_cmd && done < len; i++) {
		uint64_t n = MIN(c->sg_len[i], len - done);

		if (pci_dma_write(PCI_DEVICE(s), c->sg_addr[i], data + done, n) != MEMTX_OK) {
			cc_fail(c, CS_HARDWARE);
			return;
		}
		done += n;
	}
	if (done < c->sg_bytes) {
		cc_fail(c, CS_UNDERRUN);
		stl_le_p(&c->errinfo[4], c->sg_bytes - done);
	}
}

/* Gather the host's buffers into s->buf (writes). */
static bool cc_gather(CcissState *s, struct cc_cmd *c, uint64_t len)
{
	uint64_t done = 0;

	for (int i = 0; i < c->sg_in_cmd && done < len; i++) {
		uint64_t n = MIN(c->sg_len[i], len - done);

		if (pci_dma_read(PCI_DEVICE(s), c->sg_addr[i], s->buf + done, n) != MEMTX_OK)
			return false;
		done += n;
	}
	return true;
}

/* ------------------------------------------------------------ volume commands */

static uint64_t cc_vol_blocks(CcissState *s, int vol)
{
	int64_t len = blk_getlength(s->blk[vol]);

	return len > 0 ? len / CC_BLOCK : 0;
}

static void cc_geometry(uint64_t blocks, unsigned int *cyl, unsigned int *heads,
			unsigned int *sectors)
{
	/* The 6i's translations: 255x32 for big volumes, 128x32 or 64x32 else. */
	*sectors = 32;
	*heads = blocks > 8 * 1024 * 1024 ? 255 : blocks > 4 * 1024 * 1024 ? 128 : 64;
	*cyl = MIN(blocks / (*heads * *sectors), 0xffff);
}

static void cc_inquiry_volume(CcissState *s, struct cc_cmd *c, int vol)
{
	uint8_t r[96] = { 0 };
	unsigned int alloc = lduw_be_p(&c->cdb[3]), len, cyl, heads, sectors;
	uint64_t blocks = cc_vol_blocks(s, vol);

	if (c->cdb[1] & 1) {
		r[1] = c->cdb[2];
		switch (c->cdb[2]) {
		case 0x00:	/* supported pages */
			r[3] = 4;
			r[4] = 0x00;
			r[5] = 0x80;
			r[6] = 0x83;
			r[7] = 0xc1;
			len = 8;
			break;
		case 0x80:	/* unit serial number */
			r[3] = 16;
			snprintf((char *)&r[4], 17, "TW6I%04X%08X", vol & 0xfff, 0x5eed0000u + (vol & 0xfff));
			len = 20;
			break;
		case 0x83:	/* device identification: one NAA 6 designator */
			r[3] = 20;
			r[4] = 0x01;	/* binary */
			r[5] = 0x03;	/* NAA, LUN association */
			r[7] = 16;
			r[8] = 0x60;
			r[9] = 0x01;
			r[10] = 0x43;
			r[11] = 0x80;	/* HP-ish OUI 001438 */
			stl_be_p(&r[12], 0x6101a000);
			stl_be_p(&r[16], 0x5eed0000 + vol);
			stl_be_p(&r[20], 0x00000042);
			len = 24;
			break;
		case 0xc1:	/* logical drive geometry */
			cc_geometry(blocks, &cyl, &heads, &sectors);
			r[3] = 5;
			stw_be_p(&r[4], cyl);
			r[6] = heads;
			r[7] = sectors;
			r[8] = 0;	/* RAID 0 */
			len = 9;
			break;
		default:
			cc_check(c, 0x05, 0x24, 0x00);	/* invalid field in CDB */
			return;
		}
	} else {
		if (c->cdb[2]) {
			cc_check(c, 0x05, 0x24, 0x00);
			return;
		}
		r[0] = 0x00;		/* direct-access block device */
		r[2] = 0x05;		/* SPC-3 */
		r[3] = 0x02;		/* response format 2 */
		r[4] = 36 - 5;
		r[7] = 0x02;		/* CmdQue */
		memcpy(&r[8], "COMPAQ  ", 8);
		memcpy(&r[16], "LOGICAL VOLUME  ", 16);
		memcpy(&r[32], "2.84", 4);
		len = 36;
	}
	cc_reply(s, c, r, MIN(len, alloc));
}

static void cc_read_capacity(CcissState *s, struct cc_cmd *c, int vol, bool sixteen)
{
	uint8_t r[32] = { 0 };
	uint64_t last = cc_vol_blocks(s, vol) - 1;

	if (sixteen) {
		stq_be_p(&r[0], last);
		stl_be_p(&r[8], CC_BLOCK);
		cc_reply(s, c, r, MIN(32u, ldl_be_p(&c->cdb[10])));
	} else {
		stl_be_p(&r[0], MIN(last, 0xffffffffull));
		stl_be_p(&r[4], CC_BLOCK);
		cc_reply(s, c, r, 8);
	}
}

static void cc_mode_sense(CcissState *s, struct cc_cmd *c, int vol)
{
	bool ten = c->cdb[0] == 0x5a;
	uint8_t page = c->cdb[2] & 0x3f, r[64] = { 0 };
	unsigned int hdr = ten ? 8 : 4, len = hdr;
	unsigned int alloc = ten ? lduw_be_p(&c->cdb[7]) : c->cdb[4];

	if (page == 0x08 || page == 0x3f) {
		/* Caching page: write cache reported off (battery-backed array cache). */
		r[len] = 0x08;
		r[len + 1] = 0x12;
		len += 20;
	} else if (page != 0x00) {
		cc_check(c, 0x05, 0x24, 0x00);
		return;
	}
	/* Device-specific parameter: WP for a read-only drive. */
	if (ten) {
		stw_be_p(&r[0], len - 2);
		r[3] = blk_is_writable(s->blk[vol]) ? 0 : 0x80;
	} else {
		r[0] = len - 1;
		r[2] = blk_is_writable(s->blk[vol]) ? 0 : 0x80;
	}
	cc_reply(s, c, r, MIN(len, alloc));
}

static void cc_rw(CcissState *s, struct cc_cmd *c, int vol)
{
	bool write = c->cdb[0] == 0x2a || c->cdb[0] == 0x8a;
	bool sixteen = c->cdb[0] == 0x88 || c->cdb[0] == 0x8a;
	uint64_t lba = sixteen ? ldq_be_p(&c->cdb[2]) : ldl_be_p(&c->cdb[2]);
	uint64_t n = sixteen ? ldl_be_p(&c->cdb[10]) : lduw_be_p(&c->cdb[7]);
	uint64_t blocks = cc_vol_blocks(s, vol), len = n * CC_BLOCK, moved;
	struct cc_rule *rule;
	int ret;

	if (lba > blocks || n > blocks - lba) {
		cc_check(c, 0x05, 0x21, 0x00);	/* LBA out of range */
		return;
	}
	if (len > CC_MAX_XFER) {
		cc_invalid(c, 7);
		return;
	}
	if ((c->dir == CB_DIR_WRITE) != write || (n && c->dir == 0)) {
		cc_invalid(c, 0x15);		/* direction disagrees with the CDB */
		return;
	}
	if (write && !blk_is_writable(s->blk[vol])) {
		cc_check(c, 0x07, 0x27, 0x00);	/* DATA PROTECT, write protected */
		return;
	}
	rule = cc_match_fault(s, lba, n);
	if (rule) {
		cc_log(s, "fault at LBA %" PRIu64 ": action %d status %d",
		       rule->lba, rule->action, rule->status);
		switch (rule->action) {
		case FA_STATUS:
			if (rule->status == CS_TARGET_STATUS) {
				cc_check(c, 0x03, 0x11, 0x00);	/* unrecovered read error */
				return;
			}
			if (rule->status != CS_UNDERRUN) {
				cc_fail(c, rule->status);
				return;
			}
			len = (n / 2) * CC_BLOCK;	/* half the data moves */
			break;
		case FA_BUSY:
			cc_fail(c, CS_TARGET_STATUS);
			c->errinfo[0] = 0x08;		/* BUSY */
			return;
		default:
			c->post = rule->action;		/* the posting misbehaves */
			break;
		}
	}
	moved = MIN(len, c->sg_bytes);
	if (write) {
		if (!cc_gather(s, c, moved)) {
			cc_fail(c, CS_HARDWARE);
			return;
		}
		ret = blk_pwrite(s->blk[vol], lba * CC_BLOCK, moved, s->buf, 0);
	} else {
		ret = blk_pread(s->blk[vol], lba * CC_BLOCK, moved, s->buf, 0);
	}
	if (ret < 0) {
		cc_check(c, write ? 0x03 : 0x03, write ? 0x0c : 0x11, 0x00);
		return;
	}
	if (!write) {
		cc_reply(s, c, s->buf, moved);
		if (c->error)
			return;
	}
	if (c->sg_bytes < n * CC_BLOCK) {
		cc_fail(c, CS_OVERRUN);		/* more data than buffer */
	} else if (moved < c->sg_bytes) {
		cc_fail(c, CS_UNDERRUN);
		stl_le_p(&c->errinfo[4], c->sg_bytes - moved);
	}
}

static void cc_volume_cmd(CcissState *s, struct cc_cmd *c, int vol)
{
	static const uint8_t none[18] = { 0x70, 0, 0, 0, 0, 0, 0, 10 };

	switch (c->cdb[0]) {
	case 0x00:		/* TEST UNIT READY */
		break;
	case 0x03:		/* REQUEST SENSE: nothing pending */
		cc_reply(s, c, none, MIN(18u, c->cdb[4]));
		break;
	case 0x12:
		cc_inquiry_volume(s, c, vol);
		break;
	case 0x25:
		cc_read_capacity(s, c, vol, false);
		break;
	case 0x9e:
		if ((c->cdb[1] & 0x1f) != 0x10) {
			cc_check(c, 0x05, 0x24, 0x00);
			break;
		}
		cc_read_capacity(s, c, vol, true);
		break;
	case 0x28: case 0x2a: case 0x88: case 0x8a:
		cc_rw(s, c, vol);
		break;
	case 0x35: case 0x91:	/* SYNCHRONIZE CACHE (10/16) */
		if (blk_flush(s->blk[vol]) < 0)
			cc_check(c, 0x04, 0x44, 0x00);
		break;
	case 0x1a: case 0x5a:
		cc_mode_sense(s, c, vol);
		break;
	default:
		cc_check(c, 0x05, 0x20, 0x00);	/* invalid command operation code */
		break;
	}
}

/* ------------------------------------------------------------ controller commands */

static void cc_report_luns(CcissState *s, struct cc_cmd *c, bool logical)
{
	uint8_t r[8 + 8 * CC_MAX_VOLS] = { 0 };
	unsigned int n = logical ? s->nvols : 0;
	uint32_t alloc = ldl_be_p(&c->cdb[6]);

	stl_be_p(&r[0], n * 8);
	for (unsigned int i = 0; i < n; i++)
		stl_le_p(&r[8 + 8 * i], 0x40000000u | i);
	cc_reply(s, c, r, MIN(8 + n * 8, alloc));
}

static void cc_inquiry_ctlr(CcissState *s, struct cc_cmd *c)
{
	uint8_t r[64] = { 0 };
	unsigned int alloc = lduw_be_p(&c->cdb[3]), len;

	if (c->cdb[1] & 1) {
		if (c->cdb[2] != 0x00) {
			cc_check(c, 0x05, 0x24, 0x00);
			return;
		}
		r[3] = 1;	/* supported pages: this one only */
		len = 5;
	} else {
		r[0] = 0x0c;	/* storage array controller */
		r[2] = 0x05;
		r[3] = 0x02;
		r[4] = 36 - 5;
		memcpy(&r[8], "COMPAQ  ", 8);
		memcpy(&r[16], "Smart Array 6i  ", 16);
		memcpy(&r[32], "2.84", 4);	/* firmware revision */
		len = 36;
	}
	cc_reply(s, c, r, MIN(len, alloc));
}

/* BMIC commands: 0x26 read / 0x27 write, the BMIC opcode in CDB[6]. */
static void cc_bmic(CcissState *s, struct cc_cmd *c)
{
	uint8_t r[512] = { 0 };
	unsigned int size = lduw_be_p(&c->cdb[7]);

	if (c->cdb[0] == 0x27 && c->cdb[6] == 0xc2) {	/* cache flush */
		for (int v = 0; v < s->nvols; v++) {
			if (blk_flush(s->blk[v]) < 0) {
				cc_fail(c, CS_HARDWARE);
				return;
			}
		}
		cc_log(s, "BMIC cache flush");
		return;
	}
	if (c->cdb[0] == 0x26 && c->cdb[6] == 0x11) {	/* identify controller */
		r[0] = s->nvols;			/* configured logical drives */
		memcpy(&r[5], "2.84", 4);		/* running firmware revision */
		cc_reply(s, c, r, MIN(size, sizeof(r)));
		return;
	}
	cc_invalid(c, 6);
}

/* A message (type 1): abort (CDB[0] 0) or reset (CDB[0] 1). */
static void cc_message(CcissState *s, struct cc_cmd *c, uint32_t *extra, int *nextra)
{
	uint32_t tag = ldl_le_p(&c->cdb[4]);

	*nextra = 0;
	if (c->cdb[0] == 0x00) {
		for (int i = 0; i < s->nheld; i++) {
			if ((s->held[i].tag & ~3u) != (tag & ~3u))
				continue;
			extra[(*nextra)++] = i;
			cc_log(s, "abort of tag %08x", tag);
			return;
		}
		cc_log(s, "abort of unknown tag %08x", tag);
		cc_fail(c, CS_ABORT_FAILED);
		return;
	}
	if (c->cdb[0] == 0x01) {
		for (int i = 0; i < s->nheld; i++)
			extra[(*nextra)++] = i;
		cc_log(s, "reset message: %d held commands aborted", s->nheld);
		return;
	}
	cc_invalid(c, 0x18);
}

/* ------------------------------------------------------------ command engine */

static void cc_write_errinfo(CcissState *s, uint64_t addr, uint32_t len, const uint8_t *ei)
{
	if (addr && len)
		pci_dma_write(PCI_DEVICE(s), addr, ei, MIN(len, ERRINFO_LEN));
}

/* Finish a held command with CommandStatus ABORTED. */
static void cc_finish_held(CcissState *s, int i)
{
	uint8_t ei[ERRINFO_LEN] = { 0 };

	stw_le_p(&ei[2], CS_ABORTED);
	cc_write_errinfo(s, s->held[i].err_addr, s->held[i].err_len, ei);
	cc_post(s, s->held[i].tag | 2);
}

static bool cc_fetch(CcissState *s, uint32_t addr, struct cc_cmd *c)
{
	uint8_t h[CB_HDR_LEN + CC_MAX_SG * CB_SG_LEN];
	PCIDevice *d = PCI_DEVICE(s);

	memset(c, 0, sizeof(*c));
	c->addr = addr;
	if (pci_dma_read(d, addr, h, CB_HDR_LEN) != MEMTX_OK)
		return false;
	c->sg_in_cmd = h[1];
	c->sg_total = lduw_le_p(&h[2]);
	c->tag = ldl_le_p(&h[4]);
	c->tag_hi = ldl_le_p(&h[8]);
	memcpy(c->lun, &h[0x0c], 8);
	c->cdb_len = h[0x14];
	c->type = h[0x15] & 7;
	c->attr = (h[0x15] >> 3) & 7;
	c->dir = h[0x15] >> 6;
	memcpy(c->cdb, &h[0x18], 16);
	c->err_addr = ldq_le_p(&h[0x28]);
	c->err_len = ldl_le_p(&h[0x30]);
	if (c->sg_in_cmd > CC_MAX_SG)
		return true;	/* refused by the caller */
	if (c->sg_in_cmd &&
	    pci_dma_read(d, addr + CB_HDR_LEN, &h[CB_HDR_LEN], c->sg_in_cmd * CB_SG_LEN) != MEMTX_OK)
		return false;
	for (int i = 0; i < c->sg_in_cmd; i++) {
		const uint8_t *e = &h[CB_HDR_LEN + i * CB_SG_LEN];

		c->sg_addr[i] = ldq_le_p(e);
		c->sg_len[i] = ldl_le_p(e + 8);
		c->sg_bytes += c->sg_len[i];
	}
	return true;
}

static void cc_run(CcissState *s, uint32_t addr)
{
	struct cc_cmd cmd, *c = &cmd;
	uint32_t extra[CC_FIFO];
	int nextra = 0;
	uint32_t lun0 = 0;

	if (s->hung)
		return;
	if (!cc_fetch(s, addr, c)) {
		/* Nowhere to write the result: log and lose it, as hardware would. */
		cc_log(s, "command at %#x: DMA read failed", addr);
		return;
	}
	cc_log(s, "cmd %#x tag %08x lun %02x%02x%02x%02x type %d dir %d sg %d/%u cdb %02x %02x "
	       "%02x%02x%02x%02x%02x%02x%02x%02x", addr, c->tag, c->lun[0], c->lun[1],
	       c->lun[2], c->lun[3], c->type, c->dir, c->sg_in_cmd, (unsigned int)c->sg_bytes,
	       c->cdb[0], c->cdb[1], c->cdb[2], c->cdb[3], c->cdb[4], c->cdb[5], c->cdb[6],
	       c->cdb[7], c->cdb[8], c->cdb[9]);

	lun0 = ldl_le_p(&c->lun[0]);
	if (c->tag & 3) {
		cc_invalid(c, 0x04);		/* reserved tag bits set */
	} else if (c->sg_in_cmd > CC_MAX_SG || c->sg_total != c->sg_in_cmd) {
		cc_invalid(c, 0x01);		/* too many / chained SG entries */
	} else if (c->cdb_len == 0 || c->cdb_len > 16) {
		cc_invalid(c, 0x14);
	} else if (c->type == CB_TYPE_MSG) {
		cc_message(s, c, extra, &nextra);
	} else if (c->type != 0) {
		cc_invalid(c, 0x15);
	} else if (ldq_le_p(c->lun) == 0) {
		switch (c->cdb[0]) {
		case 0x00:
			break;
		case 0x12:
			cc_inquiry_ctlr(s, c);
			break;
		case 0xc2: case 0xc3:
			cc_report_luns(s, c, c->cdb[0] == 0xc2);
			break;
		case 0x26: case 0x27:
			cc_bmic(s, c);
			break;
		default:
			cc_invalid(c, 0x18);
			break;
		}
	} else if ((lun0 >> 30) == 1 && (lun0 & 0x3fffffff) < (uint32_t)s->nvols &&
		   ldl_le_p(&c->lun[4]) == 0) {
		cc_volume_cmd(s, c, lun0 & 0x3fffffff);
	} else {
		cc_fail(c, CS_CONN_LOST);	/* no such device */
	}

	switch (c->post) {
	case FA_DROP:
		if (s->nheld < CC_FIFO)
			s->held[s->nheld++] = (struct cc_held) {
				addr, c->tag, c->err_addr, c->err_len };
		cc_log(s, "holding tag %08x", c->tag);
		return;
	case FA_HANG:
		cc_log(s, "controller hangs (tag %08x)", c->tag);
		s->hung = true;
		return;
	default:
		break;
	}
	if (c->error) {
		cc_log(s, "tag %08x: CommandStatus %u scsi %02x residual %u", c->tag,
		       lduw_le_p(&c->errinfo[2]), c->errinfo[0], ldl_le_p(&c->errinfo[4]));
		cc_write_errinfo(s, c->err_addr, c->err_len, c->errinfo);
	}
	if (c->post == FA_BADTAG)
		cc_post(s, 0xbad0000c);
	cc_post(s, c->tag | (c->error ? 2 : 0) | (c->post == FA_RSVDTAG ? 1 : 0));
	/* Commands an abort or reset freed finish after the message. */
	for (int i = nextra - 1; i >= 0; i--) {
		cc_finish_held(s, extra[i]);
		s->held[extra[i]] = s->held[--s->nheld];
	}
}

static void cc_bh(void *opaque)
{
	CcissState *s = opaque;

	while (s->inq_count) {
		uint32_t addr = s->inq[s->inq_head];

		s->inq_head = (s->inq_head + 1) % CC_FIFO;
		s->inq_count--;
		cc_run(s, addr);
	}
}

/* ------------------------------------------------------------ MMIO */

static uint64_t cc_read(void *opaque, hwaddr addr, unsigned size)
{
	CcissState *s = opaque;
	uint32_t v = 0;

	if (addr >= CFG_TABLE_OFF && addr + size <= CFG_TABLE_OFF + sizeof(s->table)) {
		uint64_t r = 0;

		memcpy(&r, &s->table[addr - CFG_TABLE_OFF], size);
		return le64_to_cpu(r);
	}
	switch (addr) {
	case REG_DOORBELL:
		v = s->doorbell;
		break;
	case REG_INTR_STATUS:
		v = s->outq_count ? INTR_REPLY : 0;
		break;
	case REG_INTR_MASK:
		v = s->intr_mask;
		break;
	case REG_OUTBOUND:
		if (!s->outq_count) {
			v = 0xffffffff;
			break;
		}
		v = s->outq[s->outq_head];
		s->outq_head = (s->outq_head + 1) % CC_FIFO;
		s->outq_count--;
		cc_update_irq(s);
		break;
	case REG_SCRATCHPAD:
		v = FW_READY;
		break;
	case REG_CFG_BAR:
		v = PCI_BASE_ADDRESS_0;
		break;
	case REG_CFG_OFF:
		v = CFG_TABLE_OFF;
		break;
	}
	return v;
}

static void cc_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
	CcissState *s = opaque;

	if (addr >= CFG_TABLE_OFF && addr + size <= CFG_TABLE_OFF + sizeof(s->table)) {
		uint64_t le = cpu_to_le64(val);
		hwaddr off = addr - CFG_TABLE_OFF;

		/* The host owns the request and driver fields; the rest is read-only. */
		if (off >= CT(trans_request) && off < CT(cmds_out_max))
			memcpy(&s->table[off], &le, size);
		else if (off >= CT(driver_flags) && off < CT(max_sg))
			memcpy(&s->table[off], &le, size);
		return;
	}
	switch (addr) {
	case REG_DOORBELL:
		if (val & DB_CFG_CHANGE && !(s->doorbell & DB_CFG_CHANGE)) {
			s->doorbell |= DB_CFG_CHANGE;
			timer_mod(s->doorbell_timer, qemu_clock_get_ms(QEMU_CLOCK_VIRTUAL) + 1);
		}
		break;
	case REG_INTR_MASK:
		s->intr_mask = val;
		cc_update_irq(s);
		break;
	case REG_INBOUND:
		if (s->inq_count == CC_FIFO) {
			cc_log(s, "inbound queue full, command %#x lost", (uint32_t)val);
			break;
		}
		s->inq[(s->inq_head + s->inq_count) % CC_FIFO] = val;
		s->inq_count++;
		qemu_bh_schedule(s->bh);
		break;
	}
}

static const MemoryRegionOps cc_regs_ops = {
	.read = cc_read,
	.write = cc_write,
	.endianness = DEVICE_LITTLE_ENDIAN,
	.impl = { .min_access_size = 4, .max_access_size = 4 },
	.valid = { .min_access_size = 1, .max_access_size = 4 },
};

static uint64_t cc_null_read(void *opaque, hwaddr addr, unsigned size)
{
	return 0;
}

static void cc_null_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
}

static const MemoryRegionOps cc_null_ops = {
	.read = cc_null_read,
	.write = cc_null_write,
	.endianness = DEVICE_LITTLE_ENDIAN,
};

/* ------------------------------------------------------------ device */

static void cc_reset(DeviceState *dev)
{
	CcissState *s = CCISS(dev);

	s->doorbell = 0;
	s->intr_mask = INTR_REPLY;
	s->inq_head = s->inq_count = 0;
	s->outq_head = s->outq_count = 0;
	s->nheld = 0;
	s->hung = false;
	cc_table_init(s);
	timer_del(s->doorbell_timer);
	cc_update_irq(s);
}

static void cc_realize(PCIDevice *pdev, Error **errp)
{
	CcissState *s = CCISS(pdev);

	for (int i = 0; i < CC_MAX_VOLS; i++) {
		uint64_t perm = BLK_PERM_CONSISTENT_READ;

		if (!s->blk[i])
			break;
		if (blk_supports_write_perm(s->blk[i]))
			perm |= BLK_PERM_WRITE;
		if (blk_set_perm(s->blk[i], perm, BLK_PERM_ALL, errp) < 0)
			return;
		s->nvols = i + 1;
	}
	if (!s->nvols) {
		error_setg(errp, "cciss: drive property not set");
		return;
	}
	for (int i = s->nvols; i < CC_MAX_VOLS; i++) {
		if (s->blk[i]) {
			error_setg(errp, "cciss: drive%d set but drive%d is not", i, s->nvols);
			return;
		}
	}
	if (s->cmds_out_max < 1 || s->cmds_out_max > 512) {
		error_setg(errp, "cciss: cmds-out-max must be 1..512");
		return;
	}
	if (!cc_parse_faults(s, errp))
		return;

	pci_config_set_interrupt_pin(pdev->config, 1);
	memory_region_init_io(&s->regs, OBJECT(s), &cc_regs_ops, s, "cciss-regs", 8 * KiB);
	memory_region_init_io(&s->io, OBJECT(s), &cc_null_ops, s, "cciss-io", 256);
	memory_region_init_io(&s->bar3, OBJECT(s), &cc_null_ops, s, "cciss-bar3", 256 * KiB);
	pci_register_bar(pdev, 0, PCI_BASE_ADDRESS_SPACE_MEMORY | PCI_BASE_ADDRESS_MEM_TYPE_64,
			 &s->regs);
	pci_register_bar(pdev, 2, PCI_BASE_ADDRESS_SPACE_IO, &s->io);
	pci_register_bar(pdev, 3, PCI_BASE_ADDRESS_SPACE_MEMORY | PCI_BASE_ADDRESS_MEM_TYPE_64,
			 &s->bar3);

	s->buf = g_malloc(CC_MAX_XFER);
	s->bh = qemu_bh_new(cc_bh, s);
	s->doorbell_timer = timer_new_ms(QEMU_CLOCK_VIRTUAL, cc_doorbell_done, s);
	s->heartbeat_timer = timer_new_ms(QEMU_CLOCK_VIRTUAL, cc_heartbeat, s);
	timer_mod(s->heartbeat_timer, qemu_clock_get_ms(QEMU_CLOCK_VIRTUAL) + 100);
	cc_table_init(s);
	s->intr_mask = INTR_REPLY;
}

static void cc_exit(PCIDevice *pdev)
{
	CcissState *s = CCISS(pdev);

	qemu_bh_delete(s->bh);
	timer_free(s->doorbell_timer);
	timer_free(s->heartbeat_timer);
	g_free(s->buf);
}

static Property cc_props[] = {
	DEFINE_PROP_DRIVE("drive", CcissState, blk[0]),
	DEFINE_PROP_DRIVE("drive1", CcissState, blk[1]),
	DEFINE_PROP_DRIVE("drive2", CcissState, blk[2]),
	DEFINE_PROP_DRIVE("drive3", CcissState, blk[3]),
	DEFINE_PROP_UINT32("cmds-out-max", CcissState, cmds_out_max, 64),
	DEFINE_PROP_STRING("faults", CcissState, faults),
	DEFINE_PROP_BOOL("trace", CcissState, trace, false),
	DEFINE_PROP_END_OF_LIST(),
};

static const VMStateDescription cc_vmstate = {
	.name = "cciss",
	.unmigratable = 1,
};

static void cc_class_init(ObjectClass *oc, void *data)
{
	DeviceClass *dc = DEVICE_CLASS(oc);
	PCIDeviceClass *k = PCI_DEVICE_CLASS(oc);

	k->realize = cc_realize;
	k->exit = cc_exit;
	k->vendor_id = 0x0e11;
	k->device_id = 0x0046;
	k->subsystem_vendor_id = 0x0e11;
	k->subsystem_id = 0x4091;
	k->revision = 1;
	k->class_id = PCI_CLASS_STORAGE_RAID;
	dc->desc = "Smart Array 6i (CISS, simple transport)";
	dc->reset = cc_reset;
	dc->vmsd = &cc_vmstate;
	device_class_set_props(dc, cc_props);
	set_bit(DEVICE_CATEGORY_STORAGE, dc->categories);
}

static const TypeInfo cc_info = {
	.name = TYPE_CCISS,
	.parent = TYPE_PCI_DEVICE,
	.instance_size = sizeof(CcissState),
	.class_init = cc_class_init,
	.interfaces = (InterfaceInfo[]) {
		{ INTERFACE_CONVENTIONAL_PCI_DEVICE },
		{ },
	},
};

static void cc_register_types(void)
{
	type_register_static(&cc_info);
}

type_init(cc_register_types)
