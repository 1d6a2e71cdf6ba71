// SPDX-License-Identifier: GPL-2.0-only
/*
 * tg3: the Broadcom BCM5704C gigabit controller of the HP NC7782 (PCI
 * 14e4:1648), one net device (eth0, eth1, ...) per PCI function / port.
 * Written from Documentation/networking/tg3.md, which gives the register
 * map, the reset handshake, the bring-up order, the descriptor layouts
 * and the state machines below.
 *
 * Chip: reset through GRC_MISC_CFG with the firmware handshake at SRAM
 * 0xb50, then the blocks are programmed and enabled in the documented
 * order (buffer manager, FTQs, rings, MAC, host coalescing, DMA engines,
 * initiators and selectors).  Rings live in one DMA32 area: the return
 * ring (1024 BDs of 32 bytes), the standard receive ring (512 x 32), the
 * send ring (512 x 16), the statistics block and the status block.
 * Received frames go up through napi_gro_receive() (net/core/gro.c).
 * Interrupts: INTx with tagged status; the handler masks through the
 * interrupt mailbox and schedules NAPI; the poll reaps sent frames, hands
 * received ones to the stack, refills the standard ring and unmasks by
 * writing the last status tag it saw (the chip interrupts again when
 * newer work is there).
 *
 * PHY (MII address 1) through MI_COM, auto-polling off: reset, advertise
 * everything, restart autonegotiation; speed and duplex come from
 * AUX_STAT and set MAC_MODE's port mode and duplex.  The chip flags link
 * changes in the status block (MI_STAT link attention + MAC_EVENT); the
 * poll then queues link_work, which reads the PHY and reports "Link is
 * up at S Mbps, D duplex" / "Link is down" and the carrier.  A 1 s
 * service work re-reads the link (a lost event costs at most a second),
 * reports receive overflows and errors from the statistics block and
 * resets the chip when a transmit stalls or the status block says error.
 *
 * Locking: tp->tx_lock (irqsave) guards the send ring (xmit and the
 * reaper in the poll).  The receive rings belong to whoever holds the
 * NAPI context.  tp->phy_lock (a mutex) serializes MI_COM users, all in
 * process context (open, link_work, service work).  Open, stop and the
 * reset work run under rtnl.
 *
 * Boot parameter tg3.debug=1 logs every link-state evaluation.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/ethtool.h>
#include <linux/skbuff.h>
#include <linux/selftest.h>

/* ------------------------------------------------------------ hardware facts */

#define TG3_ASIC_5704		0x2		/* chip revision bits 15:12 */

/* PCI config space (also mirrored at BAR0 0x00-0xff). */
#define TG3_CFG_MISC_HOST	0x68
#define  MHC_CLEAR_INTA		0x00000001
#define  MHC_MASK_INTA		0x00000002
#define  MHC_WORD_SWAP		0x00000008
#define  MHC_PCISTATE_RW	0x00000010
#define  MHC_INDIRECT		0x00000080
#define  MHC_TAGGED_STATUS	0x00000200
#define TG3_CFG_DMA_RW		0x6c
#define TG3_CFG_PCISTATE	0x70
#define  PCISTATE_INTA_IDLE	0x00000002
#define TG3_CFG_CLOCK		0x74
#define  CLOCK_ALTCLK		0x00001000
#define  CLOCK_44MHZ		0x00040000
#define TG3_CFG_MEM_BASE	0x7c
#define TG3_CFG_DUAL_MAC	0xb8
#define  DUAL_MAC_PORT1		0x00000004
#define TG3_CFG_PCIX_CMD	0x40		/* dword: bit 17 = relaxed ordering */
#define TG3_DMA_RW_PCIX		0x769f4000

/* Mailboxes: the low word of each 64-bit mailbox. */
#define MBOX_IRQ0		0x204
#define MBOX_STD_PROD		0x26c
#define MBOX_RET_CONS		0x284
#define MBOX_TX_HOST_PROD	0x304
#define MBOX_TX_NIC_PROD	0x384

/* MAC block. */
#define MAC_MODE		0x400
#define  MAC_MODE_HALF		0x00000002
#define  MAC_MODE_PORT_MII	0x00000004
#define  MAC_MODE_PORT_GMII	0x00000008
#define  MAC_MODE_RX_STATS	0x00000800
#define  MAC_MODE_TX_STATS	0x00004000
#define  MAC_MODE_TDE		0x00200000
#define  MAC_MODE_RDE		0x00400000
#define  MAC_MODE_FHDE		0x00800000
#define MAC_STATUS		0x404
#define  MAC_STATUS_LINK_CHG	0x00001000
#define MAC_EVENT		0x408
#define  MAC_EVENT_LINK_CHG	0x00001000
#define MAC_ADDR_HI(n)		(0x410 + (n) * 8)
#define MAC_ADDR_LO(n)		(0x414 + (n) * 8)
#define MAC_BACKOFF_SEED	0x438
#define MAC_RX_MTU		0x43c
#define MAC_MI_COM		0x44c
#define  MI_COM_FAILED		(1u << 28)
#define  MI_COM_BUSY		(1u << 29)
#define  MI_COM_READ		(2u << 26)
#define  MI_COM_WRITE		(1u << 26)
#define MAC_MI_STAT		0x450
#define  MI_STAT_LINK_ATTN	0x00000001
#define MAC_MI_MODE		0x454
#define  MI_MODE_DEFAULT	0x000c0000	/* clock, no auto-poll */
#define MAC_TX_MODE		0x45c
#define MAC_TX_LENGTHS		0x464
#define  TX_LENGTHS_NORMAL	0x2620
#define  TX_LENGTHS_1000HALF	0x26ff
#define MAC_RX_MODE		0x468
#define  RX_MODE_PROMISC	0x00000100
#define MAC_HASH(n)		(0x470 + (n) * 4)
#define MAC_RULE_CTRL(n)	(0x480 + (n) * 8)
#define MAC_RULE_VAL(n)		(0x484 + (n) * 8)
#define MAC_RULE_CFG		0x500
#define MAC_LOW_WMARK		0x504

/* Block mode registers: bit 1 enables, bit 2 enables attentions. */
#define BLK_ENABLE		0x00000002
#define BLK_ATTN		0x00000004
#define SND_DATA_INIT		0x0c00
#define SND_DATA_COMP		0x1000
#define SND_BD_SEL		0x1400
#define SND_BD_INIT		0x1800
#define SND_BD_COMP		0x1c00
#define RX_LIST_PLACE		0x2000
#define RX_LIST_PLACE_CFG	0x2010
#define RX_LIST_STATS_CTRL	0x2014
#define RX_LIST_STATS_MASK	0x2018
#define RX_DATA_BD_INIT		0x2400
#define  RX_DBDI_ILL_RING_ATTN	0x00000010
#define RX_JUMBO_RCB		0x2440
#define RX_STD_RCB		0x2450
#define RX_MINI_RCB		0x2460
#define RX_DATA_COMP		0x2800
#define RX_BD_INIT		0x2c00
#define RX_STD_THRESH		0x2c18
#define RX_BD_COMP		0x3000
#define RX_LIST_SEL		0x3400
#define MBUF_FREE		0x3800
#define HCC_MODE		0x3c00
#define  HCC_NOW		0x00000008
#define HCC_RX_TICKS		0x3c08
#define HCC_TX_TICKS		0x3c0c
#define HCC_RX_FRAMES		0x3c10
#define HCC_TX_FRAMES		0x3c14
#define HCC_RX_TICKS_IRQ	0x3c18
#define HCC_TX_TICKS_IRQ	0x3c1c
#define HCC_RX_FRAMES_IRQ	0x3c20
#define HCC_TX_FRAMES_IRQ	0x3c24
#define HCC_STATS_TICKS		0x3c28
#define HCC_STATS_ADDR		0x3c30
#define HCC_STATUS_ADDR		0x3c38
#define HCC_STATS_NIC		0x3c40
#define HCC_STATUS_NIC		0x3c44
#define HCC_FLOW_ATTN		0x3c48
#define MEMARB_MODE		0x4000
#define BUFMGR_MODE		0x4400
#define BUFMGR_MB_BASE		0x4408
#define BUFMGR_MB_LEN		0x440c
#define BUFMGR_MB_RDMA_LOW	0x4410
#define BUFMGR_MB_MACRX_LOW	0x4414
#define BUFMGR_MB_HIGH		0x4418
#define BUFMGR_DMA_BASE		0x442c
#define BUFMGR_DMA_LEN		0x4430
#define BUFMGR_DMA_LOW		0x4434
#define BUFMGR_DMA_HIGH		0x4438
#define RDMA_MODE		0x4800
#define RDMA_STATUS		0x4804
#define WDMA_MODE		0x4c00
#define WDMA_STATUS		0x4c04
#define  DMA_ENABLE_ALL		0x000003fe
#define FTQ_RESET		0x5c00
#define DMA_COMP_MODE		0x6400
#define GRC_MODE		0x6800
#define  GRC_MODE_SWAP_NFRM	0x00000004
#define  GRC_MODE_WSWAP_DATA	0x00000010
#define  GRC_MODE_BSWAP_DATA	0x00000020
#define  GRC_MODE_STACKUP	0x00010000
#define  GRC_MODE_HOST_SENDBD	0x00020000
#define  GRC_MODE_NO_TX_PHDR	0x00100000
#define GRC_MISC_CFG		0x6804
#define  MISC_CORE_RESET	0x00000001
#define  MISC_PRESCALER_1US	(65 << 1)
#define GRC_LOCAL_CTRL		0x6808
#define  LOCAL_SET_INT		0x00000004
#define  LOCAL_INT_ON_ATTN	0x00000008
#define  LOCAL_GPIO_MASK	0x0001ff00	/* GPIO enables/outputs: preserved */
#define NVRAM_CMD		0x7000
#define  NVRAM_CMD_DONE		0x00000008
#define  NVRAM_CMD_GO		0x00000010
#define  NVRAM_CMD_FIRST	0x00000080
#define  NVRAM_CMD_LAST		0x00000100
#define NVRAM_ADDR		0x700c
#define NVRAM_RDDATA		0x7010
#define NVRAM_SWARB		0x7020
#define  SWARB_REQ1		0x00000002
#define  SWARB_CLR1		0x00000020
#define  SWARB_GNT1		0x00000200

/* NIC SRAM, reached through the BAR0 window at 0x8000 (window base 0). */
#define SRAM_WINDOW		0x8000
#define SRAM_SEND_RCB		0x0100
#define SRAM_RET_RCB		0x0200
#define SRAM_STATS		0x0300
#define SRAM_STATUS		0x0b00
#define SRAM_FW_MBOX		0x0b50
#define  FW_MAGIC		0x4b657654
#define SRAM_MAC_HI		0x0c14
#define  MAC_MBOX_SIG		0x484b		/* "HK" */
#define SRAM_MAC_LO		0x0c18
#define SRAM_MBUF_POOL		0x8000
#define SRAM_MBUF_LEN		0x10000
#define SRAM_DMA_POOL		0x2000
#define SRAM_DMA_LEN		0x2000
#define SRAM_STD_BD_CACHE	0x6000
#define SRAM_SEND_BD_CACHE	0x4000

/* RCB (ring control block) words. */
#define RCB_HOST_HI		0x0
#define RCB_HOST_LO		0x4
#define RCB_LEN_FLAGS		0x8
#define  RCB_DISABLED		0x00000002
#define RCB_NIC_ADDR		0xc

/* Rings. */
#define TG3_TX_RING		512
#define TG3_STD_RING		512
#define TG3_RET_RING		1024
#define TG3_RX_POSTED		(TG3_STD_RING - 1)	/* full would look empty */
#define TG3_RX_BUF		1536			/* the 5704's std buffer size */
#define TG3_TX_WAKE		32
#define TG3_NAPI_WEIGHT		NAPI_POLL_WEIGHT

/* Send BD flags. */
#define TXD_TCPUDP_CSUM		0x0001
#define TXD_END			0x0004

/* Return BD flags and errors. */
#define RXD_END			0x0004
#define RXD_ERROR		0x0400
#define RXD_TCPUDP_CSUM		0x2000		/* w4 15:0 holds the TCP/UDP sum */
#define RXD_CSUM_GOOD		0xffff		/* a right sum, pseudo header included */
#define RXE_BAD_CRC		0x00010000
#define RXE_ODD_NIBBLE		0x00100000	/* harmless alone */
#define RXE_GIANT		0x01000000

/* Status block word 0. */
#define SB_UPDATED		0x1
#define SB_LINK_CHG		0x2
#define SB_ERROR		0x4

/* MII registers and bits. */
#define TG3_PHY_ADDR		1
#define MII_BMCR		0x00
#define  BMCR_RESET		0x8000
#define  BMCR_ANENABLE		0x1000
#define  BMCR_ANRESTART		0x0200
#define MII_BMSR		0x01
#define  BMSR_LINK		0x0004
#define MII_PHYID1		0x02
#define MII_PHYID2		0x03
#define MII_ADVERTISE		0x04
#define  ADV_ALL_10_100		0x01e1	/* 100/10 full and half, 802.3 */
#define MII_CTRL1000		0x09
#define  CTRL1000_ALL		0x0300
#define MII_AUX_STAT		0x19
#define  AUX_SPEED_SHIFT	8
#define  AUX_SPEED_MASK		0x7

#define TG3_RESET_TIMEOUT_MS	1000
#define TG3_TX_STALL_S		5

/* ------------------------------------------------------------ descriptors */

struct tg3_send_bd {
	__le32 addr_hi;
	__le32 addr_lo;
	__le32 len_flags;		/* length << 16 | TXD_* */
	__le32 vlan_mss;
};

struct tg3_recv_bd {
	__le32 addr_hi;
	__le32 addr_lo;
	__le32 index_len;		/* ring index << 16 | length (with FCS) */
	__le32 type_flags;
	__le32 csums;
	__le32 err_vlan;
	__le32 reserved;
	__le32 opaque;			/* our cookie: the std ring slot */
};

struct tg3_status_block {
	__le32 status;
	__le32 tag;
	__le16 jumbo_cons;
	__le16 std_cons;
	__le16 mini_cons;
	__le16 pad;
	__le16 ret_prod;
	__le16 tx_cons;
	u8 rest[0x50 - 0x14];
};

/* The statistics block counters we read (64-bit, high word first). */
#define STAT_RX_FCS_ERRORS	0x130
#define STAT_RX_DISCARDS	0x5a0
#define TG3_STATS_LEN		0x800

/* The DMA32 area, one allocation. */
#define AREA_RET		0x0000
#define AREA_STD		(AREA_RET + TG3_RET_RING * 32)
#define AREA_TX			(AREA_STD + TG3_STD_RING * 32)
#define AREA_STATS		(AREA_TX + TG3_TX_RING * 16)
#define AREA_STATUS		(AREA_STATS + TG3_STATS_LEN)
#define AREA_PAD		(AREA_STATUS + 0x80)	/* zeros for short frames */
#define AREA_LEN		(AREA_PAD + ETH_ZLEN)

struct tg3 {
	struct pci_dev *pdev;
	struct net_device *dev;
	void *regs;
	int port;			/* 0 or 1: the NC7782 port */
	u16 chip_rev;

	struct page *area_pages;
	unsigned int area_order;
	u8 *area;
	phys_addr_t area_phys;
	struct tg3_recv_bd *ret_ring;
	struct tg3_recv_bd *std_ring;
	struct tg3_send_bd *tx_ring;
	struct tg3_status_block *status;

	struct napi_struct napi;

	/* send ring: tx_lock */
	spinlock_t tx_lock;
	struct sk_buff *tx_skb[TG3_TX_RING];
	unsigned int tx_prod, tx_cons;
	unsigned long tx_progress;	/* jiffies when tx_cons last moved */

	/* receive rings: the NAPI owner */
	struct sk_buff *rx_skb[TG3_STD_RING];
	unsigned int std_prod, rx_posted, ret_cons;
	u8 last_tag;

	/* link: phy_lock */
	struct mutex phy_lock;
	bool link_up;
	int speed;
	u8 duplex;

	struct work_struct link_work;
	struct work_struct reset_work;
	struct delayed_work service;
	bool running;
	bool fw_warned;
	bool error_seen;		/* status-block error reported; reset pending */
	bool stats_live;		/* the statistics block belongs to the running chip */

	/* statistics-block counters already reported, and totals of earlier chip runs */
	u64 seen_discards, seen_fcs;
	u64 prev_discards, prev_fcs;
	u64 rx_crc_errors;		/* returned with the CRC error bit */
};

static bool tg3_debug;

static int __init tg3_debug_setup(char *s)
{
	tg3_debug = s[0] == '1' || s[0] == 'y' || s[0] == 'Y';
	return 1;
}
__setup("tg3.debug=", tg3_debug_setup);

#define tg3_info(tp, fmt, ...) pr_info("tg3 %s: " fmt, (tp)->dev->name, ##__VA_ARGS__)
#define tg3_warn(tp, fmt, ...) pr_warn("tg3 %s: " fmt, (tp)->dev->name, ##__VA_ARGS__)
#define tg3_err(tp, fmt, ...) pr_err("tg3 %s: " fmt, (tp)->dev->name, ##__VA_ARGS__)

/* ------------------------------------------------------------ register access */

static u32 tg3_rd(struct tg3 *tp, u32 off)
{
	return readl(tp->regs + off);
}

static void tg3_wr(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
}

/* Write and read back, so the write has reached the chip. */
static void tg3_wr_flush(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + off);
	readl(tp->regs + off);
}

static u32 tg3_sram_rd(struct tg3 *tp, u32 off)
{
	return readl(tp->regs + SRAM_WINDOW + off);
}

static void tg3_sram_wr(struct tg3 *tp, u32 off, u32 val)
{
	writel(val, tp->regs + SRAM_WINDOW + off);
}

static void tg3_set_rcb(struct tg3 *tp, bool in_sram, u32 at, u64 host, u32 len_flags, u32 nic)
{
	void (*put)(struct tg3 *, u32, u32) = in_sram ? tg3_sram_wr : tg3_wr;

	put(tp, at + RCB_HOST_HI, upper_32_bits(host));
	put(tp, at + RCB_HOST_LO, lower_32_bits(host));
	put(tp, at + RCB_LEN_FLAGS, len_flags);
	put(tp, at + RCB_NIC_ADDR, nic);
}

/* Wait until (register & mask) == want; false after @usecs. */
static bool tg3_wait_reg(struct tg3 *tp, u32 off, u32 mask, u32 want, unsigned int usecs)
{
	for (unsigned int t = 0; t < usecs; t += 10) {
		if ((tg3_rd(tp, off) & mask) == want)
			return true;
		udelay(10);
	}
	return (tg3_rd(tp, off) & mask) == want;
}

/* MAC bytes 2..5 from/to a word whose bits 31:24 are byte 2. */
static void tg3_mac_tail_put(u8 *mac, u32 w)
{
	for (int i = 0; i < 4; i++)
		mac[2 + i] = w >> (24 - 8 * i);
}

static u32 tg3_mac_tail_get(const u8 *mac)
{
	return ((u32)mac[2] << 24) | (mac[3] << 16) | (mac[4] << 8) | mac[5];
}

static u64 tg3_stat(struct tg3 *tp, unsigned int off)
{
	const __le32 *w = (const __le32 *)(tp->area + AREA_STATS + off);

	return ((u64)le32_to_cpu(READ_ONCE(w[0])) << 32) | le32_to_cpu(READ_ONCE(w[1]));
}

/* ------------------------------------------------------------ PHY */

/* One MI_COM transaction with PHY 1; the result word, or -EIO. */
static int tg3_mi_op(struct tg3 *tp, u32 cmd)
{
	u32 v;

	tg3_wr_flush(tp, MAC_MI_COM, cmd | (TG3_PHY_ADDR << 21) | MI_COM_BUSY);
	for (int t = 0; t < 5000; t++) {
		v = tg3_rd(tp, MAC_MI_COM);
		if (!(v & MI_COM_BUSY))
			return (v & MI_COM_FAILED) ? -EIO : (int)(v & 0xffff);
		udelay(10);
	}
	return -EIO;
}

static int tg3_phy_read(struct tg3 *tp, int reg)
{
	return tg3_mi_op(tp, MI_COM_READ | (reg << 16));
}

static int tg3_phy_write(struct tg3 *tp, int reg, u16 val)
{
	int r = tg3_mi_op(tp, MI_COM_WRITE | (reg << 16) | val);

	return r < 0 ? r : 0;
}

/* Reset the PHY and start autonegotiation with everything advertised. */
static int tg3_phy_start(struct tg3 *tp)
{
	int v, t;

	if (tg3_phy_write(tp, MII_BMCR, BMCR_RESET))
		return -EIO;
	for (t = 0; t < 500; t++) {
		v = tg3_phy_read(tp, MII_BMCR);
		if (v >= 0 && !(v & BMCR_RESET))
			break;
		udelay(10);
	}
	if (t == 500)
		return -ETIMEDOUT;
	if (tg3_phy_write(tp, MII_ADVERTISE, ADV_ALL_10_100) ||
	    tg3_phy_write(tp, MII_CTRL1000, CTRL1000_ALL) ||
	    tg3_phy_write(tp, MII_BMCR, BMCR_ANENABLE | BMCR_ANRESTART))
		return -EIO;
	return 0;
}

/* AUX_STAT speed field -> Mb/s and duplex; false for "not resolved". */
static bool tg3_aux_to_mode(unsigned int aux, int *speed, u8 *duplex)
{
	static const struct { int speed; u8 duplex; } modes[8] = {
		[1] = { SPEED_10, DUPLEX_HALF },  [2] = { SPEED_10, DUPLEX_FULL },
		[3] = { SPEED_100, DUPLEX_HALF }, [5] = { SPEED_100, DUPLEX_FULL },
		[6] = { SPEED_1000, DUPLEX_HALF }, [7] = { SPEED_1000, DUPLEX_FULL },
	};
	unsigned int k = (aux >> AUX_SPEED_SHIFT) & AUX_SPEED_MASK;

	if (!modes[k].speed)
		return false;
	*speed = modes[k].speed;
	*duplex = modes[k].duplex;
	return true;
}

/* Read the PHY, program the MAC for what it found, report changes. */
static void tg3_link_eval(struct tg3 *tp)
{
	int bmsr, aux, speed = SPEED_UNKNOWN;
	u8 duplex = DUPLEX_UNKNOWN;
	bool up = false;
	u32 mode;

	mutex_lock(&tp->phy_lock);
	if (!tp->running) {
		mutex_unlock(&tp->phy_lock);
		return;
	}
	/* clear the attention first: a change after this read raises a new one */
	tg3_wr_flush(tp, MAC_STATUS, MAC_STATUS_LINK_CHG);
	tg3_phy_read(tp, MII_BMSR);		/* the link bit latches low */
	bmsr = tg3_phy_read(tp, MII_BMSR);
	if (bmsr >= 0 && (bmsr & BMSR_LINK)) {
		aux = tg3_phy_read(tp, MII_AUX_STAT);
		up = aux >= 0 && tg3_aux_to_mode(aux, &speed, &duplex);
	}
	if (tg3_debug)
		pr_info("tg3 %s: link check: BMSR %#x -> %s\n", tp->dev->name, bmsr,
			up ? "up" : "down");
	if (up && (!tp->link_up || speed != tp->speed || duplex != tp->duplex)) {
		mode = tg3_rd(tp, MAC_MODE) & ~(MAC_MODE_PORT_MII | MAC_MODE_PORT_GMII | MAC_MODE_HALF);
		mode |= speed == SPEED_1000 ? MAC_MODE_PORT_GMII : MAC_MODE_PORT_MII;
		if (duplex == DUPLEX_HALF)
			mode |= MAC_MODE_HALF;
		tg3_wr_flush(tp, MAC_MODE, mode);
		tg3_wr(tp, MAC_TX_LENGTHS, speed == SPEED_1000 && duplex == DUPLEX_HALF ?
		       TX_LENGTHS_1000HALF : TX_LENGTHS_NORMAL);
		tp->speed = speed;
		tp->duplex = duplex;
		tp->link_up = true;
		netif_carrier_on(tp->dev);
		tg3_info(tp, "Link is up at %d Mbps, %s duplex\n", speed,
			 duplex == DUPLEX_FULL ? "full" : "half");
	} else if (!up && tp->link_up) {
		tp->link_up = false;
		tp->speed = SPEED_UNKNOWN;
		tp->duplex = DUPLEX_UNKNOWN;
		netif_carrier_off(tp->dev);
		tg3_info(tp, "Link is down\n");
	}
	mutex_unlock(&tp->phy_lock);
}

static void tg3_link_work(struct work_struct *work)
{
	tg3_link_eval(container_of(work, struct tg3, link_work));
}

/* ------------------------------------------------------------ MAC address */

static bool tg3_nvram_word(struct tg3 *tp, u32 addr, u32 *val)
{
	bool ok = false;

	tg3_wr(tp, NVRAM_SWARB, SWARB_REQ1);
	if (!tg3_wait_reg(tp, NVRAM_SWARB, SWARB_GNT1, SWARB_GNT1, 20000))
		goto out;
	tg3_wr(tp, NVRAM_ADDR, addr);
	tg3_wr(tp, NVRAM_CMD, NVRAM_CMD_GO | NVRAM_CMD_FIRST | NVRAM_CMD_LAST | NVRAM_CMD_DONE);
	if (tg3_wait_reg(tp, NVRAM_CMD, NVRAM_CMD_DONE, NVRAM_CMD_DONE, 100000)) {
		*val = tg3_rd(tp, NVRAM_RDDATA);	/* the bytes, first in bits 31:24 */
		ok = true;
	}
out:
	tg3_wr(tp, NVRAM_SWARB, SWARB_CLR1);
	return ok;
}

/* The port's MAC: SRAM mailbox, else NVRAM, else the MAC registers. */
static const char *tg3_read_mac(struct tg3 *tp, u8 *mac)
{
	u32 hi = tg3_sram_rd(tp, SRAM_MAC_HI), lo, w0, w1;

	if ((hi >> 16) == MAC_MBOX_SIG) {
		lo = tg3_sram_rd(tp, SRAM_MAC_LO);
		mac[0] = hi >> 8;
		mac[1] = hi;
		tg3_mac_tail_put(mac, lo);
		if (is_valid_ether_addr(mac))
			return "SRAM mailbox";
	}
	if (tg3_nvram_word(tp, tp->port ? 0xcc : 0x7c, &w0) &&
	    tg3_nvram_word(tp, tp->port ? 0xd0 : 0x80, &w1)) {
		mac[0] = w0 >> 8;
		mac[1] = w0;
		tg3_mac_tail_put(mac, w1);
		if (is_valid_ether_addr(mac))
			return "NVRAM";
	}
	hi = tg3_rd(tp, MAC_ADDR_HI(0));
	lo = tg3_rd(tp, MAC_ADDR_LO(0));
	mac[0] = hi >> 8;
	mac[1] = hi;
	tg3_mac_tail_put(mac, lo);
	if (is_valid_ether_addr(mac))
		return "MAC registers";
	eth_random_addr(mac);
	return "random (none found)";
}

static void tg3_write_mac(struct tg3 *tp)
{
	const u8 *m = tp->dev->dev_addr;
	u32 hi = (m[0] << 8) | m[1], lo = tg3_mac_tail_get(m), seed = 0;

	for (int i = 0; i < 4; i++) {
		tg3_wr(tp, MAC_ADDR_HI(i), hi);
		tg3_wr(tp, MAC_ADDR_LO(i), lo);
	}
	for (int i = 0; i < ETH_ALEN; i++)
		seed += m[i];
	tg3_wr(tp, MAC_BACKOFF_SEED, seed & 0x3ff);
}

/* ------------------------------------------------------------ reset and bring-up */

static void tg3_misc_host(struct tg3 *tp, bool masked)
{
	u32 v = MHC_WORD_SWAP | MHC_PCISTATE_RW | MHC_INDIRECT | MHC_TAGGED_STATUS;

	pci_write_config_dword(tp->pdev, TG3_CFG_MISC_HOST, masked ? v | MHC_MASK_INTA : v);
}

/*
 * Core reset with the bootcode handshake.  Returns 0; a bootcode that does
 * not answer only means "no firmware", which the chip runs without.
 */
static int tg3_chip_reset(struct tg3 *tp)
{
	u16 cmd;
	u8 lat, cls;
	u32 clk, pcix;
	int t;

	pci_read_config_word(tp->pdev, PCI_COMMAND, &cmd);
	pci_read_config_byte(tp->pdev, PCI_LATENCY_TIMER, &lat);
	pci_read_config_byte(tp->pdev, PCI_CACHE_LINE_SIZE, &cls);
	tg3_misc_host(tp, true);
	pci_read_config_dword(tp->pdev, TG3_CFG_CLOCK, &clk);
	pci_write_config_dword(tp->pdev, TG3_CFG_CLOCK, clk & ~(CLOCK_ALTCLK | CLOCK_44MHZ) & 0xffff);
	pci_write_config_dword(tp->pdev, TG3_CFG_MEM_BASE, 0);

	tg3_sram_wr(tp, SRAM_FW_MBOX, FW_MAGIC);
	tg3_wr(tp, GRC_MISC_CFG, MISC_CORE_RESET);
	/* MMIO is dead for a while: flush through config space and wait */
	pci_read_config_word(tp->pdev, PCI_COMMAND, &cmd);
	udelay(240);

	tg3_misc_host(tp, true);
	pci_write_config_word(tp->pdev, PCI_COMMAND, cmd | PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	pci_write_config_byte(tp->pdev, PCI_LATENCY_TIMER, lat);
	pci_write_config_byte(tp->pdev, PCI_CACHE_LINE_SIZE, cls);
	pci_write_config_dword(tp->pdev, TG3_CFG_MEM_BASE, 0);
	pci_read_config_dword(tp->pdev, TG3_CFG_PCIX_CMD, &pcix);
	if (pcix & (1u << 17))
		pci_write_config_dword(tp->pdev, TG3_CFG_PCIX_CMD, pcix & ~(1u << 17));
	tg3_wr(tp, MEMARB_MODE, BLK_ENABLE);

	for (t = 0; t < TG3_RESET_TIMEOUT_MS; t++) {
		if (tg3_sram_rd(tp, SRAM_FW_MBOX) == ~(u32)FW_MAGIC)
			break;
		msleep(1);
	}
	if (t == TG3_RESET_TIMEOUT_MS && !tp->fw_warned) {
		tp->fw_warned = true;
		dev_notice(&tp->pdev->dev, "no firmware answered the reset handshake (SRAM %#x = %#x); going on without\n",
			   SRAM_FW_MBOX, tg3_sram_rd(tp, SRAM_FW_MBOX));
	}
	tg3_wr_flush(tp, MAC_MODE, 0);
	return 0;
}

/* Clear a block's enable bit and wait for the block to stop. */
static void tg3_stop_block(struct tg3 *tp, u32 off)
{
	tg3_wr(tp, off, tg3_rd(tp, off) & ~BLK_ENABLE);
	if (!tg3_wait_reg(tp, off, BLK_ENABLE, 0, 10000))
		tg3_warn(tp, "block %#x did not stop\n", off);
}

static void tg3_quiesce(struct tg3 *tp)
{
	static const u32 blocks[] = {
		RX_BD_INIT, RX_LIST_PLACE, RX_LIST_SEL, RX_DATA_BD_INIT, RX_DATA_COMP,
		RX_BD_COMP, SND_BD_SEL, SND_BD_INIT, SND_DATA_INIT, RDMA_MODE, SND_DATA_COMP,
		DMA_COMP_MODE, SND_BD_COMP, HCC_MODE, WDMA_MODE, MBUF_FREE,
	};

	tg3_wr_flush(tp, MAC_RX_MODE, tg3_rd(tp, MAC_RX_MODE) & ~BLK_ENABLE);
	tg3_wr_flush(tp, MAC_TX_MODE, tg3_rd(tp, MAC_TX_MODE) & ~BLK_ENABLE);
	for (unsigned int i = 0; i < ARRAY_SIZE(blocks); i++)
		tg3_stop_block(tp, blocks[i]);
	tg3_wr(tp, FTQ_RESET, 0xffffffff);
	tg3_wr(tp, FTQ_RESET, 0);
}

static void tg3_set_rx_mode_reg(struct tg3 *tp)
{
	u32 v = BLK_ENABLE;

	if (tp->dev->flags & IFF_PROMISC)
		v |= RX_MODE_PROMISC;
	tg3_wr_flush(tp, MAC_RX_MODE, v);
}

static void tg3_free_rx(struct tg3 *tp)
{
	for (int i = 0; i < TG3_STD_RING; i++) {
		if (tp->rx_skb[i]) {
			kfree_skb(tp->rx_skb[i]);
			tp->rx_skb[i] = NULL;
		}
	}
	tp->rx_posted = 0;
}

static void tg3_free_tx(struct tg3 *tp)
{
	for (int i = 0; i < TG3_TX_RING; i++) {
		if (tp->tx_skb[i]) {
			kfree_skb(tp->tx_skb[i]);
			tp->tx_skb[i] = NULL;
		}
	}
}

/* Fill free std slots; returns how many were posted (the caller rings). */
static unsigned int tg3_refill(struct tg3 *tp)
{
	unsigned int n = 0;

	while (tp->rx_posted < TG3_RX_POSTED && !tp->rx_skb[tp->std_prod]) {
		struct sk_buff *skb = netdev_alloc_skb(tp->dev, TG3_RX_BUF);
		struct tg3_recv_bd *bd = &tp->std_ring[tp->std_prod];
		phys_addr_t pa;

		if (!skb)
			break;
		pa = __pa(skb->data);
		tp->rx_skb[tp->std_prod] = skb;
		bd->addr_hi = cpu_to_le32(upper_32_bits(pa));
		bd->addr_lo = cpu_to_le32(lower_32_bits(pa));
		bd->index_len = cpu_to_le32(TG3_RX_BUF);
		bd->type_flags = cpu_to_le32(RXD_END);
		bd->opaque = cpu_to_le32(tp->std_prod);
		tp->std_prod = (tp->std_prod + 1) % TG3_STD_RING;
		tp->rx_posted++;
		n++;
	}
	return n;
}

/* Program every block in the documented order and start the chip. */
static int tg3_init_hw(struct tg3 *tp)
{
	phys_addr_t a = tp->area_phys;
	u32 v;

	memset(tp->area, 0, AREA_LEN);
	tp->tx_prod = tp->tx_cons = 0;
	tp->std_prod = tp->ret_cons = 0;
	tp->last_tag = 0;
	for (u32 off = SRAM_STATS; off < SRAM_FW_MBOX; off += 4)
		tg3_sram_wr(tp, off, 0);
	pci_write_config_dword(tp->pdev, TG3_CFG_DMA_RW, TG3_DMA_RW_PCIX);
	tg3_wr(tp, GRC_MODE, GRC_MODE_SWAP_NFRM | GRC_MODE_WSWAP_DATA | GRC_MODE_BSWAP_DATA |
	       GRC_MODE_STACKUP | GRC_MODE_HOST_SENDBD | GRC_MODE_NO_TX_PHDR);
	tg3_wr(tp, GRC_MISC_CFG, MISC_PRESCALER_1US);

	/* buffer manager */
	tg3_wr(tp, BUFMGR_MB_BASE, SRAM_MBUF_POOL);
	tg3_wr(tp, BUFMGR_MB_LEN, SRAM_MBUF_LEN);
	tg3_wr(tp, BUFMGR_DMA_BASE, SRAM_DMA_POOL);
	tg3_wr(tp, BUFMGR_DMA_LEN, SRAM_DMA_LEN);
	tg3_wr(tp, BUFMGR_MB_RDMA_LOW, 0x50);
	tg3_wr(tp, BUFMGR_MB_MACRX_LOW, 0x20);
	tg3_wr(tp, BUFMGR_MB_HIGH, 0x60);
	tg3_wr(tp, BUFMGR_DMA_LOW, 5);
	tg3_wr(tp, BUFMGR_DMA_HIGH, 10);
	tg3_wr(tp, BUFMGR_MODE, BLK_ENABLE | BLK_ATTN);
	if (!tg3_wait_reg(tp, BUFMGR_MODE, BLK_ENABLE, BLK_ENABLE, 20000)) {
		tg3_err(tp, "buffer manager did not start\n");
		return -ENODEV;
	}
	tg3_wr(tp, FTQ_RESET, 0xffffffff);
	tg3_wr(tp, FTQ_RESET, 0);
	if (!tg3_wait_reg(tp, FTQ_RESET, 0xffffffff, 0, 10000)) {
		tg3_err(tp, "flow-through queues stuck in reset\n");
		return -ENODEV;
	}

	/* receive producer rings: standard on, jumbo and mini off */
	tg3_set_rcb(tp, false, RX_STD_RCB, a + AREA_STD, TG3_RX_BUF << 16, SRAM_STD_BD_CACHE);
	tg3_wr(tp, RX_JUMBO_RCB + RCB_LEN_FLAGS, RCB_DISABLED);
	tg3_wr(tp, RX_MINI_RCB + RCB_LEN_FLAGS, RCB_DISABLED);
	tg3_wr(tp, RX_STD_THRESH, TG3_RX_POSTED / 8);

	/* send rings in SRAM: ring 0 in host memory, the other 15 off */
	for (int i = 1; i < 16; i++)
		tg3_sram_wr(tp, SRAM_SEND_RCB + i * 16 + RCB_LEN_FLAGS, RCB_DISABLED);
	tg3_set_rcb(tp, true, SRAM_SEND_RCB, a + AREA_TX, TG3_TX_RING << 16, SRAM_SEND_BD_CACHE);
	tg3_wr(tp, MBOX_TX_HOST_PROD, 0);
	tg3_wr(tp, MBOX_TX_NIC_PROD, 0);

	/* return rings: ring 0, the other 15 off */
	for (int i = 1; i < 16; i++)
		tg3_sram_wr(tp, SRAM_RET_RCB + i * 16 + RCB_LEN_FLAGS, RCB_DISABLED);
	tg3_set_rcb(tp, true, SRAM_RET_RCB, a + AREA_RET, TG3_RET_RING << 16, 0);
	tg3_wr(tp, MBOX_RET_CONS, 0);

	tg3_free_rx(tp);
	if (!tg3_refill(tp)) {
		tg3_err(tp, "no memory for receive buffers\n");
		return -ENOMEM;
	}
	tg3_wr(tp, MBOX_STD_PROD, tp->std_prod);

	/* MAC */
	tg3_write_mac(tp);
	tg3_wr(tp, MAC_RX_MTU, ETH_FRAME_LEN + 4 + ETH_FCS_LEN);
	tg3_wr(tp, MAC_TX_LENGTHS, TX_LENGTHS_NORMAL);
	tg3_wr(tp, MAC_RULE_CFG, 8);
	tg3_wr(tp, MAC_LOW_WMARK, 2);
	for (int i = 0; i < 4; i++)
		tg3_wr(tp, MAC_HASH(i), 0xffffffff);	/* all multicast */
	tg3_wr(tp, RX_LIST_PLACE_CFG, 0x181);
	tg3_wr(tp, RX_LIST_STATS_MASK, 0xffffff);
	tg3_wr(tp, RX_LIST_STATS_CTRL, 1);

	/* host coalescing: status block and statistics */
	tg3_stop_block(tp, HCC_MODE);
	tg3_wr(tp, HCC_RX_TICKS, 20);
	tg3_wr(tp, HCC_TX_TICKS, 72);
	tg3_wr(tp, HCC_RX_FRAMES, 5);
	tg3_wr(tp, HCC_TX_FRAMES, 53);
	tg3_wr(tp, HCC_RX_TICKS_IRQ, 20);
	tg3_wr(tp, HCC_TX_TICKS_IRQ, 72);
	tg3_wr(tp, HCC_RX_FRAMES_IRQ, 5);
	tg3_wr(tp, HCC_TX_FRAMES_IRQ, 53);
	tg3_wr(tp, HCC_STATS_TICKS, 1000000);
	tg3_wr(tp, HCC_STATS_ADDR, upper_32_bits(a + AREA_STATS));
	tg3_wr(tp, HCC_STATS_ADDR + 4, lower_32_bits(a + AREA_STATS));
	tg3_wr(tp, HCC_STATUS_ADDR, upper_32_bits(a + AREA_STATUS));
	tg3_wr(tp, HCC_STATUS_ADDR + 4, lower_32_bits(a + AREA_STATUS));
	tg3_wr(tp, HCC_STATS_NIC, SRAM_STATS);
	tg3_wr(tp, HCC_STATUS_NIC, SRAM_STATUS);
	tg3_wr(tp, HCC_MODE, BLK_ENABLE);

	tg3_wr(tp, RX_BD_COMP, BLK_ENABLE | BLK_ATTN);
	tg3_wr(tp, RX_LIST_SEL, BLK_ENABLE | BLK_ATTN);
	tg3_wr_flush(tp, MAC_MODE, MAC_MODE_TDE | MAC_MODE_RDE | MAC_MODE_FHDE |
		     MAC_MODE_RX_STATS | MAC_MODE_TX_STATS | MAC_MODE_PORT_GMII);
	v = tg3_rd(tp, GRC_LOCAL_CTRL) & LOCAL_GPIO_MASK;
	tg3_wr_flush(tp, GRC_LOCAL_CTRL, v | LOCAL_INT_ON_ATTN);
	tg3_wr(tp, MBOX_IRQ0, 0);

	/* engines, completions, initiators and selectors */
	tg3_wr(tp, DMA_COMP_MODE, BLK_ENABLE);
	tg3_wr_flush(tp, WDMA_MODE, DMA_ENABLE_ALL);
	tg3_wr_flush(tp, RDMA_MODE, DMA_ENABLE_ALL);
	tg3_wr(tp, RX_DATA_COMP, BLK_ENABLE | BLK_ATTN);
	tg3_wr(tp, MBUF_FREE, BLK_ENABLE);
	tg3_wr(tp, SND_DATA_COMP, BLK_ENABLE);
	tg3_wr(tp, SND_BD_COMP, BLK_ENABLE | BLK_ATTN);
	tg3_wr(tp, RX_BD_INIT, BLK_ENABLE | BLK_ATTN);
	tg3_wr(tp, RX_DATA_BD_INIT, BLK_ENABLE | RX_DBDI_ILL_RING_ATTN);
	tg3_wr(tp, SND_DATA_INIT, BLK_ENABLE);
	tg3_wr(tp, SND_BD_INIT, BLK_ENABLE | BLK_ATTN);
	tg3_wr(tp, SND_BD_SEL, BLK_ENABLE | BLK_ATTN);

	/* MAC transmit and receive, PHY management */
	tg3_wr_flush(tp, MAC_TX_MODE, BLK_ENABLE);
	tg3_set_rx_mode_reg(tp);
	tg3_wr_flush(tp, MAC_MI_MODE, MI_MODE_DEFAULT);
	udelay(80);
	tg3_wr(tp, MAC_MI_STAT, MI_STAT_LINK_ATTN);
	tg3_wr(tp, MAC_EVENT, MAC_EVENT_LINK_CHG);

	/* receive rules: the two defaults, the rest cleared */
	tg3_wr(tp, MAC_RULE_CTRL(0), 0x42000000);
	tg3_wr(tp, MAC_RULE_VAL(0), 0x7fffffff);
	tg3_wr(tp, MAC_RULE_CTRL(1), 0x06000004);
	tg3_wr(tp, MAC_RULE_VAL(1), 0x7fffffff);
	for (int i = 2; i < 16; i++) {
		tg3_wr(tp, MAC_RULE_CTRL(i), 0);
		tg3_wr(tp, MAC_RULE_VAL(i), 0);
	}
	return 0;
}

/* Interrupts on: INTA unmasked in config space, the mailbox at our tag. */
static void tg3_unmask(struct tg3 *tp)
{
	tg3_misc_host(tp, false);
	tg3_wr_flush(tp, MBOX_IRQ0, (u32)tp->last_tag << 24);
}

static void tg3_mask(struct tg3 *tp)
{
	tg3_misc_host(tp, true);
	tg3_wr_flush(tp, MBOX_IRQ0, 1);
}

/* ------------------------------------------------------------ transmit */

static unsigned int tg3_tx_free(struct tg3 *tp)
{
	return TG3_TX_RING - 1 - ((tp->tx_prod - tp->tx_cons) % TG3_TX_RING);
}

static void tg3_fill_send_bd(struct tg3 *tp, phys_addr_t pa, unsigned int len, u32 flags)
{
	struct tg3_send_bd *bd = &tp->tx_ring[tp->tx_prod];

	bd->addr_hi = cpu_to_le32(upper_32_bits(pa));
	bd->addr_lo = cpu_to_le32(lower_32_bits(pa));
	bd->len_flags = cpu_to_le32((len << 16) | flags);
	bd->vlan_mss = 0;
	tp->tx_prod = (tp->tx_prod + 1) % TG3_TX_RING;
}

static netdev_tx_t tg3_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct tg3 *tp = netdev_priv(dev);
	unsigned int len = skb->len, need = len < ETH_ZLEN ? 2 : 1;
	u32 flags = skb->ip_summed == CHECKSUM_PARTIAL ? TXD_TCPUDP_CSUM : 0;
	unsigned long irqf;

	if (len > ETH_FRAME_LEN + 4) {
		dev_stats_add(dev, &dev->stats.tx_dropped, 1);
		kfree_skb(skb);
		return NETDEV_TX_OK;
	}
	spin_lock_irqsave(&tp->tx_lock, irqf);
	if (tg3_tx_free(tp) < need) {
		netif_stop_queue(dev);
		spin_unlock_irqrestore(&tp->tx_lock, irqf);
		return NETDEV_TX_BUSY;
	}
	if (tp->tx_prod == tp->tx_cons)
		tp->tx_progress = jiffies;
	tp->tx_skb[tp->tx_prod] = skb;
	if (need == 2) {
		/* a short frame: its bytes, then zeros from the pad area */
		tg3_fill_send_bd(tp, __pa(skb->data), len, flags);
		tp->tx_skb[tp->tx_prod] = NULL;
		tg3_fill_send_bd(tp, tp->area_phys + AREA_PAD, ETH_ZLEN - len, flags | TXD_END);
	} else {
		tg3_fill_send_bd(tp, __pa(skb->data), len, flags | TXD_END);
	}
	if (tg3_tx_free(tp) < 2)
		netif_stop_queue(dev);
	/* the BDs before the doorbell */
	wmb();
	if (!skb->xmit_more || netif_queue_stopped(dev))
		tg3_wr(tp, MBOX_TX_HOST_PROD, tp->tx_prod);
	spin_unlock_irqrestore(&tp->tx_lock, irqf);
	return NETDEV_TX_OK;
}

/* Free what the chip has sent (up to its consumer index). */
static void tg3_reap_tx(struct tg3 *tp, unsigned int hw_cons)
{
	struct net_device *dev = tp->dev;
	struct sk_buff *done = NULL;
	u64 packets = 0, bytes = 0;
	unsigned long irqf;
	bool wake;

	spin_lock_irqsave(&tp->tx_lock, irqf);
	if (hw_cons >= TG3_TX_RING || ((hw_cons - tp->tx_cons) % TG3_TX_RING) >
	    ((tp->tx_prod - tp->tx_cons) % TG3_TX_RING)) {
		spin_unlock_irqrestore(&tp->tx_lock, irqf);
		tg3_err(tp, "send consumer %u outside the ring (%u..%u), resetting\n",
			hw_cons, tp->tx_cons, tp->tx_prod);
		schedule_work(&tp->reset_work);
		return;
	}
	if (hw_cons != tp->tx_cons)
		tp->tx_progress = jiffies;
	while (tp->tx_cons != hw_cons) {
		struct sk_buff *skb = tp->tx_skb[tp->tx_cons];

		if (skb) {
			tp->tx_skb[tp->tx_cons] = NULL;
			packets++;
			bytes += skb->len;
			skb->next = done;
			done = skb;
		}
		tp->tx_cons = (tp->tx_cons + 1) % TG3_TX_RING;
	}
	wake = netif_queue_stopped(dev) && tg3_tx_free(tp) >= TG3_TX_WAKE;
	spin_unlock_irqrestore(&tp->tx_lock, irqf);
	while (done) {
		struct sk_buff *skb = done;

		done = skb->next;
		skb->next = NULL;
		consume_skb(skb);
	}
	if (packets) {
		spin_lock_irqsave(&dev->stats_lock, irqf);
		dev->stats.tx_packets += packets;
		dev->stats.tx_bytes += bytes;
		spin_unlock_irqrestore(&dev->stats_lock, irqf);
	}
	if (wake)
		netif_wake_queue(dev);
}

/* ------------------------------------------------------------ receive */

static void tg3_rx_error(struct tg3 *tp, u32 err, u32 flags)
{
	struct net_device *dev = tp->dev;

	dev_stats_add(dev, &dev->stats.rx_errors, 1);
	if (err & RXE_BAD_CRC) {
		tp->rx_crc_errors++;
		printk_ratelimited(KERN_WARNING "tg3 %s: frame with a bad CRC dropped\n", dev->name);
	} else if (err & RXE_GIANT) {
		dev_stats_add(dev, &dev->stats.rx_length_errors, 1);
		printk_ratelimited(KERN_WARNING "tg3 %s: oversized frame dropped\n", dev->name);
	} else {
		dev_stats_add(dev, &dev->stats.rx_frame_errors, 1);
		printk_ratelimited(KERN_WARNING "tg3 %s: receive error %#x (flags %#x), frame dropped\n",
				   dev->name, err, flags);
	}
}

static int tg3_receive(struct tg3 *tp, unsigned int hw_prod, int budget)
{
	struct net_device *dev = tp->dev;
	u64 packets = 0, bytes = 0, mcast = 0;
	unsigned long irqf;
	int done = 0;

	while (tp->ret_cons != hw_prod && done < budget) {
		struct tg3_recv_bd *bd = &tp->ret_ring[tp->ret_cons];
		u32 slot = le32_to_cpu(bd->opaque), flags = le32_to_cpu(bd->type_flags);
		u32 err = le32_to_cpu(bd->err_vlan) & 0xffff0000;
		unsigned int len = le32_to_cpu(bd->index_len) & 0xffff;
		struct sk_buff *skb;

		tp->ret_cons = (tp->ret_cons + 1) % TG3_RET_RING;
		done++;
		if (slot >= TG3_STD_RING || !tp->rx_skb[slot]) {
			printk_ratelimited(KERN_ERR "tg3 %s: return BD names buffer %#x, which was not posted\n",
					   dev->name, slot);
			dev_stats_add(dev, &dev->stats.rx_errors, 1);
			continue;
		}
		skb = tp->rx_skb[slot];
		tp->rx_skb[slot] = NULL;
		tp->rx_posted--;
		if ((flags & RXD_ERROR) && err != RXE_ODD_NIBBLE) {
			tg3_rx_error(tp, err, flags);
			kfree_skb(skb);
			continue;
		}
		if (len < ETH_HLEN + ETH_FCS_LEN || len > TG3_RX_BUF) {
			dev_stats_add(dev, &dev->stats.rx_length_errors, 1);
			dev_stats_add(dev, &dev->stats.rx_errors, 1);
			kfree_skb(skb);
			continue;
		}
		skb_put(skb, len - ETH_FCS_LEN);
		if ((flags & RXD_TCPUDP_CSUM) &&
		    (le32_to_cpu(bd->csums) & 0xffff) == RXD_CSUM_GOOD)
			skb->ip_summed = CHECKSUM_UNNECESSARY;
		skb->protocol = eth_type_trans(skb, dev);
		if (skb->pkt_type == PACKET_MULTICAST)
			mcast++;
		packets++;
		bytes += len - ETH_FCS_LEN;
		napi_gro_receive(&tp->napi, skb);
	}
	if (done)
		tg3_wr(tp, MBOX_RET_CONS, tp->ret_cons);
	if (tg3_refill(tp))
		tg3_wr(tp, MBOX_STD_PROD, tp->std_prod);
	if (packets) {
		spin_lock_irqsave(&dev->stats_lock, irqf);
		dev->stats.rx_packets += packets;
		dev->stats.rx_bytes += bytes;
		dev->stats.multicast += mcast;
		spin_unlock_irqrestore(&dev->stats_lock, irqf);
	}
	return done;
}

/* ------------------------------------------------------------ interrupt and poll */

static irqreturn_t tg3_interrupt(int irq, void *dev_id)
{
	struct tg3 *tp = dev_id;
	struct tg3_status_block *sb = tp->status;

	if (!(READ_ONCE(sb->status) & cpu_to_le32(SB_UPDATED)) &&
	    (tg3_rd(tp, TG3_CFG_PCISTATE) & PCISTATE_INTA_IDLE))
		return IRQ_NONE;
	/* mask and acknowledge; the poll unmasks */
	tg3_wr_flush(tp, MBOX_IRQ0, 1);
	if (tp->running)
		napi_schedule(&tp->napi);
	return IRQ_HANDLED;
}

static int tg3_poll(struct napi_struct *napi, int budget)
{
	struct tg3 *tp = container_of(napi, struct tg3, napi);
	struct tg3_status_block *sb = tp->status;
	u32 st;
	int done;

	tp->last_tag = le32_to_cpu(READ_ONCE(sb->tag));
	/* the indices below are at least as new as this tag */
	rmb();
	st = le32_to_cpu(READ_ONCE(sb->status));
	WRITE_ONCE(sb->status, cpu_to_le32(st & ~(SB_UPDATED | SB_LINK_CHG)));
	if (st & SB_LINK_CHG)
		schedule_work(&tp->link_work);
	if ((st & SB_ERROR) && !tp->error_seen) {
		tp->error_seen = true;
		tg3_err(tp, "chip error: read DMA status %#x, write DMA status %#x, flow attention %#x; resetting the chip\n",
			tg3_rd(tp, RDMA_STATUS), tg3_rd(tp, WDMA_STATUS), tg3_rd(tp, HCC_FLOW_ATTN));
		schedule_work(&tp->reset_work);
	}
	tg3_reap_tx(tp, le16_to_cpu(READ_ONCE(sb->tx_cons)));
	done = tg3_receive(tp, le16_to_cpu(READ_ONCE(sb->ret_prod)) % TG3_RET_RING, budget);
	if (done >= budget)
		return budget;
	if (napi_complete_done(napi, done))
		tg3_wr_flush(tp, MBOX_IRQ0, (u32)tp->last_tag << 24);
	return done;
}

/* ------------------------------------------------------------ service and recovery */

/* Once a second: link, overflow and error reports, transmit stall check. */
static void tg3_service(struct work_struct *work)
{
	struct tg3 *tp = container_of(to_delayed_work(work), struct tg3, service);
	u64 discards, fcs;
	bool stalled;
	unsigned long irqf;

	if (!tp->running)
		return;
	tg3_link_eval(tp);
	discards = tg3_stat(tp, STAT_RX_DISCARDS);
	fcs = tg3_stat(tp, STAT_RX_FCS_ERRORS);
	if (discards > tp->seen_discards)
		tg3_warn(tp, "RX ring overflow: %llu frames dropped by the chip (no receive buffers), %llu in all\n",
			 discards - tp->seen_discards, tp->prev_discards + discards);
	if (fcs > tp->seen_fcs)
		tg3_warn(tp, "%llu frames with a bad CRC, %llu in all\n", fcs - tp->seen_fcs,
			 tp->prev_fcs + fcs);
	tp->seen_discards = discards;
	tp->seen_fcs = fcs;

	spin_lock_irqsave(&tp->tx_lock, irqf);
	stalled = tp->tx_prod != tp->tx_cons && tp->link_up &&
		  time_after(jiffies, tp->tx_progress + TG3_TX_STALL_S * HZ);
	spin_unlock_irqrestore(&tp->tx_lock, irqf);
	if (stalled) {
		tg3_err(tp, "transmit stalled for %d s (producer %u, consumer %u), resetting\n",
			TG3_TX_STALL_S, tp->tx_prod, tp->tx_cons);
		schedule_work(&tp->reset_work);
	}
	schedule_delayed_work(&tp->service, HZ);
}

/* No link known: carrier off, speed and duplex unknown. */
static void tg3_link_forget(struct tg3 *tp)
{
	tp->link_up = false;
	tp->speed = SPEED_UNKNOWN;
	tp->duplex = DUPLEX_UNKNOWN;
	netif_carrier_off(tp->dev);
}

static int tg3_start(struct tg3 *tp)
{
	int err;

	tg3_chip_reset(tp);
	err = tg3_init_hw(tp);
	if (err)
		return err;
	tp->error_seen = false;
	tp->stats_live = tp->running = true;
	tg3_link_forget(tp);
	mutex_lock(&tp->phy_lock);
	err = tg3_phy_start(tp);
	mutex_unlock(&tp->phy_lock);
	if (err)
		tg3_warn(tp, "PHY did not take the reset/autonegotiation (%d)\n", err);
	/* the chip's counters start again at 0 after a reset */
	tp->seen_discards = 0;
	tp->seen_fcs = 0;
	tg3_unmask(tp);
	tg3_link_eval(tp);
	return 0;
}

/* Stop DMA and interrupts; the caller has stopped NAPI or holds it. */
static void tg3_halt(struct tg3 *tp)
{
	if (tp->stats_live) {
		/* keep what this run of the chip counted (its last statistics block) */
		tp->prev_discards += tg3_stat(tp, STAT_RX_DISCARDS);
		tp->prev_fcs += tg3_stat(tp, STAT_RX_FCS_ERRORS);
		tp->stats_live = false;
	}
	tp->running = false;
	tg3_mask(tp);
	tg3_quiesce(tp);
	tg3_chip_reset(tp);
	tg3_free_rx(tp);
	tg3_free_tx(tp);
	tp->tx_prod = tp->tx_cons = 0;
	if (tp->link_up)
		tg3_info(tp, "Link is down\n");
	tg3_link_forget(tp);
}

static void tg3_reset_work(struct work_struct *work)
{
	struct tg3 *tp = container_of(work, struct tg3, reset_work);
	int err;

	rtnl_lock();
	if (!netif_running(tp->dev) || !tp->running) {
		rtnl_unlock();
		return;
	}
	netif_stop_queue(tp->dev);
	napi_disable(&tp->napi);
	mutex_lock(&tp->phy_lock);
	tg3_halt(tp);
	mutex_unlock(&tp->phy_lock);
	err = tg3_start(tp);
	if (err)
		tg3_err(tp, "restart after reset failed (%d); the interface stays down\n", err);
	napi_enable(&tp->napi);
	if (!err) {
		netif_wake_queue(tp->dev);
		tg3_info(tp, "chip reset and restarted\n");
	}
	rtnl_unlock();
}

/* ------------------------------------------------------------ net_device */

static int tg3_open(struct net_device *dev)
{
	struct tg3 *tp = netdev_priv(dev);
	int err;

	err = tg3_start(tp);
	if (err) {
		tg3_halt(tp);
		return err;
	}
	napi_enable(&tp->napi);
	netif_start_queue(dev);
	/* work that arrived while the interrupt was masked */
	tg3_wr(tp, HCC_MODE, BLK_ENABLE | HCC_NOW);
	schedule_delayed_work(&tp->service, HZ);
	return 0;
}

static int tg3_stop(struct net_device *dev)
{
	struct tg3 *tp = netdev_priv(dev);

	tp->running = false;
	cancel_delayed_work_sync(&tp->service);
	cancel_work_sync(&tp->link_work);
	napi_disable(&tp->napi);
	mutex_lock(&tp->phy_lock);
	tg3_halt(tp);
	mutex_unlock(&tp->phy_lock);
	return 0;
}

static void tg3_set_rx_mode(struct net_device *dev)
{
	struct tg3 *tp = netdev_priv(dev);

	if (tp->running)
		tg3_set_rx_mode_reg(tp);
}

static int tg3_set_mac(struct net_device *dev, void *addr)
{
	struct tg3 *tp = netdev_priv(dev);
	int err = eth_mac_addr(dev, addr);

	if (!err && tp->running)
		tg3_write_mac(tp);
	return err;
}

/* The chip's own counters on top of what the driver counts. */
static void tg3_get_stats64(struct net_device *dev, struct rtnl_link_stats64 *s)
{
	struct tg3 *tp = netdev_priv(dev);

	s->rx_crc_errors += tp->rx_crc_errors;
	s->rx_missed_errors += tp->prev_discards;
	if (tp->stats_live)
		s->rx_missed_errors += tg3_stat(tp, STAT_RX_DISCARDS);
}

static const struct net_device_ops tg3_netdev_ops = {
	.ndo_open = tg3_open,
	.ndo_stop = tg3_stop,
	.ndo_start_xmit = tg3_xmit,
	.ndo_set_mac_address = tg3_set_mac,
	.ndo_set_rx_mode = tg3_set_rx_mode,
	.ndo_get_stats64 = tg3_get_stats64,
};

static int tg3_get_link_ksettings(struct net_device *dev, struct ethtool_link_ksettings *ks)
{
	struct tg3 *tp = netdev_priv(dev);

	ks->base.speed = tp->link_up ? tp->speed : SPEED_UNKNOWN;
	ks->base.duplex = tp->link_up ? tp->duplex : DUPLEX_UNKNOWN;
	ks->base.autoneg = AUTONEG_ENABLE;
	ks->base.port = PORT_TP;
	return 0;
}

static const struct ethtool_ops tg3_ethtool_ops = {
	.get_link_ksettings = tg3_get_link_ksettings,
};

/* ------------------------------------------------------------ probe */

static int tg3_alloc_area(struct tg3 *tp)
{
	tp->area_order = get_order(AREA_LEN);
	/* below 4 GiB, like Linux keeps them: the RCBs take 64-bit addresses, but stay safe */
	tp->area_pages = alloc_pages(GFP_KERNEL | GFP_DMA32 | __GFP_ZERO, tp->area_order);
	if (!tp->area_pages)
		return -ENOMEM;
	tp->area = page_address(tp->area_pages);
	tp->area_phys = page_to_phys(tp->area_pages);
	tp->ret_ring = (struct tg3_recv_bd *)(tp->area + AREA_RET);
	tp->std_ring = (struct tg3_recv_bd *)(tp->area + AREA_STD);
	tp->tx_ring = (struct tg3_send_bd *)(tp->area + AREA_TX);
	tp->status = (struct tg3_status_block *)(tp->area + AREA_STATUS);
	return 0;
}

static int tg3_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct device *d = &pdev->dev;
	struct net_device *dev;
	struct tg3 *tp;
	const char *mac_src;
	u32 v;
	int err;

	dev = alloc_etherdev(sizeof(*tp));
	if (!dev)
		return -ENOMEM;
	tp = netdev_priv(dev);
	tp->pdev = pdev;
	tp->dev = dev;
	spin_lock_init(&tp->tx_lock);
	mutex_init(&tp->phy_lock);
	INIT_WORK(&tp->link_work, tg3_link_work);
	INIT_WORK(&tp->reset_work, tg3_reset_work);
	INIT_DELAYED_WORK(&tp->service, tg3_service);
	tp->speed = SPEED_UNKNOWN;
	tp->duplex = DUPLEX_UNKNOWN;

	err = pci_enable_device(pdev);
	if (err)
		goto out_free;
	pci_set_master(pdev);
	tp->regs = pci_iomap(pdev, 0, 0);
	if (!tp->regs) {
		err = -ENOMEM;
		goto out_disable;
	}
	pci_read_config_dword(pdev, TG3_CFG_MISC_HOST, &v);
	tp->chip_rev = v >> 16;
	if ((tp->chip_rev >> 12) != TG3_ASIC_5704)
		dev_warn(d, "chip revision %#06x is not a 5704; trying anyway\n", tp->chip_rev);
	pci_read_config_dword(pdev, TG3_CFG_DUAL_MAC, &v);
	tp->port = (v & DUAL_MAC_PORT1) ? 1 : 0;

	err = tg3_alloc_area(tp);
	if (err)
		goto out_unmap;
	tg3_chip_reset(tp);
	mac_src = tg3_read_mac(tp, dev->dev_addr);
	tg3_mask(tp);

	dev->netdev_ops = &tg3_netdev_ops;
	dev->ethtool_ops = &tg3_ethtool_ops;
	dev->parent = d;
	dev->features |= NETIF_F_IP_CSUM;
	dev->max_mtu = ETH_DATA_LEN;
	netif_napi_add(dev, &tp->napi, tg3_poll, TG3_NAPI_WEIGHT);
	netif_carrier_off(dev);

	err = request_irq(pdev->irq, tg3_interrupt, IRQF_SHARED, "tg3", tp);
	if (err) {
		dev_err(d, "cannot get IRQ %u (%d)\n", pdev->irq, err);
		goto out_area;
	}
	err = register_netdev(dev);
	if (err)
		goto out_irq;
	pci_set_drvdata(pdev, tp);
	dev_info(d, "%s: BCM5704 rev %04x port %d (NC7782), MAC %02x:%02x:%02x:%02x:%02x:%02x from %s, IRQ %u\n",
		 dev->name, tp->chip_rev, tp->port, dev->dev_addr[0], dev->dev_addr[1],
		 dev->dev_addr[2], dev->dev_addr[3], dev->dev_addr[4], dev->dev_addr[5],
		 mac_src, pdev->irq);
	return 0;

out_irq:
	free_irq(pdev->irq, tp);
out_area:
	netif_napi_del(&tp->napi);
	__free_pages(tp->area_pages, tp->area_order);
out_unmap:
	pci_iounmap(pdev, tp->regs);
out_disable:
	pci_disable_device(pdev);
out_free:
	free_netdev(dev);
	return err;
}

static const struct pci_device_id tg3_ids[] = {
	{ .vendor = 0x14e4, .device = 0x1648, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID },
	{ 0 },
};

static struct pci_driver tg3_driver = {
	.name = "tg3",
	.id_table = tg3_ids,
	.probe = tg3_probe,
};

static int __init tg3_init(void)
{
	return pci_register_driver(&tg3_driver);
}
module_init(tg3_init);

/* ------------------------------------------------------------ self tests */

#ifdef CONFIG_SELFTESTS
static int tg3_aux_test(void)
{
	int speed;
	u8 duplex;

	ST_ASSERT(tg3_aux_to_mode(0x0700, &speed, &duplex) && speed == 1000 &&
		  duplex == DUPLEX_FULL, "AUX_STAT 0x0700 is 1000/full");
	ST_ASSERT(tg3_aux_to_mode(0x0300, &speed, &duplex) && speed == 100 &&
		  duplex == DUPLEX_HALF, "AUX_STAT 0x0300 is 100/half");
	ST_ASSERT(tg3_aux_to_mode(0x0100, &speed, &duplex) && speed == 10, "0x0100 is 10 Mb/s");
	ST_ASSERT(!tg3_aux_to_mode(0x0400, &speed, &duplex), "AUX_STAT 0x0400 is not a mode");
	ST_ASSERT(!tg3_aux_to_mode(0, &speed, &duplex), "AUX_STAT 0 is no link");
	return 0;
}
DEFINE_SELFTEST("tg3: AUX_STAT speed/duplex decoding", tg3_aux_test);

static int tg3_layout_test(void)
{
	ST_ASSERT(sizeof(struct tg3_send_bd) == 16 && sizeof(struct tg3_recv_bd) == 32,
		  "BD sizes %zu/%zu", sizeof(struct tg3_send_bd), sizeof(struct tg3_recv_bd));
	ST_ASSERT(offsetof(struct tg3_status_block, std_cons) == 0x0a &&
		  offsetof(struct tg3_status_block, ret_prod) == 0x10 &&
		  offsetof(struct tg3_status_block, tx_cons) == 0x12 &&
		  sizeof(struct tg3_status_block) == 0x50, "status block layout");
	ST_ASSERT(AREA_LEN <= PAGE_SIZE << get_order(AREA_LEN) && !(AREA_STATUS & 0x3f),
		  "ring area layout");
	return 0;
}
DEFINE_SELFTEST("tg3: descriptor and status block layouts", tg3_layout_test);
#endif
