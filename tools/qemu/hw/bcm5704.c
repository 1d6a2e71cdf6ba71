// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tidewater's QEMU model of one port of the Broadcom BCM5704C dual gigabit
 * controller as HP ships it (NC7782: PCI 14e4:1648, subsystem 0e11:00d0,
 * chip revision 0x2100 = 5704 B0), written from the register, SRAM and
 * descriptor facts of Documentation/networking/tg3.md (the project's
 * hardware brief, section 3) and the public NetXtreme programmer's
 * reference layouts.
 *
 * Usage: -netdev user,id=n0
 *        -device bcm5704,netdev=n0[,mac=MAC][,faults=RULES][,trace=on]
 * The 5704 has two functions, one per port.  A second port is a second
 * instance in the same slot:
 *        -device bcm5704,netdev=n0,addr=5.0,multifunction=on
 *        -device bcm5704,netdev=n1,addr=5.1
 * The function number decides the port: DUAL_MAC_CTRL's ID bit, the
 * PCI-X status function field and the NVRAM offset of the MAC (0x7c or
 * 0xcc).  Each instance has its own SRAM, NVRAM image and PHY (the real
 * chip shares the NVRAM and its arbiter between the two ports).
 *
 * What is emulated (a little-endian host with the usual swap settings is
 * assumed: descriptors, the status block and the statistics block are
 * little-endian 32-bit words whatever GRC_MODE says):
 *   config space  0x68 MISC_HOST_CTRL (revision in 31:16, INTA mask and
 *                 clear, tagged status), 0x6c DMA_RW_CTRL, 0x70 PCISTATE
 *                 (bit 1 = INTA not asserted, PCI-X mode), 0x74
 *                 CLOCK_CTRL, the register window 0x78/0x80, the SRAM
 *                 window 0x7c/0x84, 0xb8 DUAL_MAC_CTRL; capabilities
 *                 PCI-X (0x40) and power management (0x48)
 *   BAR0 (64 KiB) 0x0000-0x00ff config mirror, 0x0200-0x03ff mailboxes,
 *                 0x0400-0x7fff registers (every register keeps what is
 *                 written, so mode registers read back their enable
 *                 bits; the ones below act), 0x8000-0xffff SRAM window
 *   reset         GRC_MISC_CFG bit 0: registers, statistics and ring
 *                 state cleared;
 *                 the bootcode then answers the driver's magic at SRAM
 *                 0xb50 with its complement and writes the data
 *                 signature (0xb54), NIC config (0xb58: copper) and the
 *                 "HK" MAC mailbox (0xc14/0xc18)
 *   NVRAM         0x7000 block: arbiter (0x7020), address, read command,
 *                 read data (byte stream as a big-endian word); a 1 KiB
 *                 image with the 0x669955aa magic and the MAC
 *   rings         send ring 0 in host memory (RCB at SRAM 0x100, host
 *                 producer mailbox 0x304), standard receive ring (RCB at
 *                 0x2450, producer mailbox 0x26c), return ring 0 (RCB at
 *                 SRAM 0x200, consumer mailbox 0x284); TX checksum
 *                 (TCP/UDP over IPv4, pseudo header from the driver when
 *                 GRC_MODE 0x100000 is set) and VLAN tag insertion
 *   status block  DMA'd by host coalescing (0x3c00 enable, 0x3c38/3c3c
 *                 address) after each batch of work: updated bit, link
 *                 change bit (MAC_STATUS link changed and MAC_EVENT
 *                 enable), tag (+1 per update), std consumer, return
 *                 producer, send consumer.  HOSTCC_MODE "now" (0x8)
 *                 forces an update
 *   statistics    a 0x800-byte block DMA'd every 0x3c28 microseconds to
 *                 0x3c30/0x3c34: octets, unicast/multicast/broadcast
 *                 packets each way, FCS errors, rx_errors (frames
 *                 returned with an error), rx_discards and rxbds_empty
 *                 (frames lost because no receive BD was posted)
 *   interrupts    INTx: pending (status written, LOCAL_CTRL 0x4) and not
 *                 masked (config 0x68 bit 1, mailbox 0x204 low bits).
 *                 A write to 0x204 deasserts; in tagged mode a write of
 *                 TAG << 24 re-asserts when TAG is not the newest tag
 *   PHY           a BCM5704 copper PHY at MII address 1 through MI_COM
 *                 (0x44c): BMCR/BMSR, IDs 0020/6190, advertisement and
 *                 link partner (everything, 1000 full preferred),
 *                 1000BASE-T control/status, AUX_STAT speed/duplex, the
 *                 DSP port (0x15-0x17, what Linux's PHY test pattern
 *                 needs), shadow registers kept as written.  The link
 *                 follows the netdev (QEMU's set_link), the BMCR power
 *                 down/reset bits and the faults; a change sets
 *                 MAC_STATUS 0x1000 when MI_STAT bit 0 is set
 * Receive checksums: an IPv4 frame's return BD carries 0x1000 (IP sum
 * in w4 31:16), for TCP/UDP also 0x2000 (and 0x4000 for TCP) with the
 * pseudo header + segment sum in w4 15:0; a right checksum sums to 0xffff.
 * Not emulated: jumbo and mini rings, multiple send/return rings, MSI,
 * TSO, the on-chip CPUs (no firmware can be loaded), NVRAM writes,
 * flow control frames, hash/rule filtering (multicast is accepted,
 * unicast filtered on MAC address 0 unless RX_MODE promiscuous),
 * coalescing timers (the status block is written once per batch).
 *
 * Receive: a frame that finds no standard BD (or a full return ring) is
 * held back by QEMU until the driver posts more (no loss) unless the
 * fault "rxdrop" asks for the hardware's behaviour: drop and count.
 *
 * Fault injection (property "faults", rules separated by '/'; times are
 * milliseconds of virtual time after the driver first enables the
 * receiver, RX_MODE bit 1):
 *   nofw               the bootcode never answers the reset handshake
 *   rxdrop             drop-and-count instead of holding frames back
 *   rxoverflow@MS[*N]  from MS on, the next N (default 64) frames find
 *                      the ring full: dropped, counted in rx_discards
 *                      and rxbds_empty
 *   linkflap@MS[*D]    at MS the link goes down for D ms (default 1000)
 *   rxcrc@MS[*N]       the next N (default 1) frames from MS on arrive
 *                      with a bad FCS: returned with the error flag and
 *                      error bit 0x10000, counted in rx_fcs_errors
 *   dmaerr@MS          the first transmit from MS on hits a read-DMA
 *                      master abort: nothing more is sent, read DMA
 *                      status (0x4804) bit 3 is set and every status
 *                      block carries the error bit (0x4) until a core
 *                      reset
 * See Documentation/dev-tools/qemu-models.md.
 *
 * Locking: everything runs under the big QEMU lock (MMIO, config space,
 * the netdev callbacks, bottom half and timers are main-loop/BQL work).
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
#include "net/net.h"
#include "net/eth.h"
#include "qom/object.h"
#include <zlib.h>

#define TYPE_BCM5704 "bcm5704"
OBJECT_DECLARE_SIMPLE_TYPE(Bcm5704State, BCM5704)

#define BGE_CHIP_REV		0x2100		/* 5704 B0, as HP parts log */
#define BGE_BAR_SIZE		(64 * KiB)
#define BGE_REG_SPACE		0x8000		/* config mirror, mailboxes, registers */
#define BGE_SRAM_SIZE		(128 * KiB)
#define BGE_NVRAM_SIZE		1024
#define BGE_TX_RING		512
#define BGE_STD_RING		512
#define BGE_RET_RING_DEF	1024
#define BGE_MAX_FRAME		(9 * KiB + 64)
#define BGE_STATS_LEN		0x800
#define BGE_STATUS_LEN		0x50
#define BGE_FCS			4

/* Config space (and its BAR0 mirror). */
enum {
	CFG_PCIX_CAP	= 0x40,
	CFG_PM_CAP	= 0x48,
	CFG_MISC_HOST	= 0x68,
	CFG_DMA_RW	= 0x6c,
	CFG_PCISTATE	= 0x70,
	CFG_CLOCK	= 0x74,
	CFG_REG_BASE	= 0x78,
	CFG_MEM_BASE	= 0x7c,
	CFG_REG_DATA	= 0x80,
	CFG_MEM_DATA	= 0x84,
	CFG_DUAL_MAC	= 0xb8,
};
#define MHC_CLEAR_INT		0x001
#define MHC_MASK_INT		0x002
#define MHC_TAGGED		0x200
#define PCISTATE_INT_NOT_ACTIVE	0x002
#define PCISTATE_CONV_PCI	0x004
#define PCISTATE_RO		(PCISTATE_INT_NOT_ACTIVE | PCISTATE_CONV_PCI | 0x0300)
#define DUAL_MAC_ID		0x004

/* Mailboxes (low word of each 64-bit mailbox). */
enum {
	MB_INT0		= 0x204,
	MB_STD_PROD	= 0x26c,
	MB_RET_CONS	= 0x284,
	MB_TX_PROD	= 0x304,
};

/* Registers. */
enum {
	R_MAC_MODE	= 0x400,
	R_MAC_STATUS	= 0x404,
	R_MAC_EVENT	= 0x408,
	R_MAC_ADDR0_HI	= 0x410,
	R_MAC_ADDR0_LO	= 0x414,
	R_MI_COM	= 0x44c,
	R_MI_STAT	= 0x450,
	R_RX_MODE	= 0x468,
	R_STD_RCB	= 0x2450,
	R_HCC_MODE	= 0x3c00,
	R_HCC_STATS_TICKS = 0x3c28,
	R_HCC_STATS_HI	= 0x3c30,
	R_HCC_STATS_LO	= 0x3c34,
	R_HCC_STATUS_HI	= 0x3c38,
	R_HCC_STATUS_LO	= 0x3c3c,
	R_RDMA_STATUS	= 0x4804,
	R_FTQ_RESET	= 0x5c00,
	R_GRC_MODE	= 0x6800,
	R_GRC_MISC	= 0x6804,
	R_GRC_LOCAL	= 0x6808,
	R_EEPROM_ADDR	= 0x6838,
	R_NV_CMD	= 0x7000,
	R_NV_ADDR	= 0x700c,
	R_NV_RDDATA	= 0x7010,
	R_NV_CFG1	= 0x7014,
	R_NV_SWARB	= 0x7020,
};
#define MAC_STATUS_LINK_CHANGED	0x1000
#define MAC_EVENT_LINK_CHANGED	0x1000
#define MI_STAT_LINK_ATTN	0x1
#define RX_MODE_ENABLE		0x2
#define RX_MODE_PROMISC		0x100
#define HCC_ENABLE		0x2
#define HCC_NOW			0x8
#define RDMA_STATUS_MASTER_ABORT 0x8
#define GRC_NO_TX_PHDR		0x100000
#define GRC_MISC_CORE_RESET	0x1
#define LOCAL_CLEAR_INT		0x2
#define LOCAL_SET_INT		0x4
#define EEPROM_COMPLETE		0x40000000
#define NV_CMD_RESET		0x01
#define NV_CMD_DONE		0x08
#define NV_CMD_GO		0x10
#define NV_CMD_WR		0x20
#define SWARB_REQ_SET0		0x0001
#define SWARB_REQ_CLR0		0x0010
#define SWARB_GNT0		0x0100

/* MI_COM fields. */
#define MI_DATA(v)		((v) & 0xffff)
#define MI_REG(v)		(((v) >> 16) & 0x1f)
#define MI_PHY(v)		(((v) >> 21) & 0x1f)
#define MI_CMD(v)		(((v) >> 26) & 0x3)
#define MI_CMD_WRITE		1
#define MI_CMD_READ		2
#define MI_FAILED		(1u << 28)
#define MI_BUSY			(1u << 29)

/* SRAM. */
enum {
	SRAM_SEND_RCB	= 0x100,
	SRAM_RET_RCB	= 0x200,
	SRAM_FW_MBOX	= 0xb50,
	SRAM_DATA_SIG	= 0xb54,
	SRAM_DATA_CFG	= 0xb58,
	SRAM_MAC_HI	= 0xc14,
	SRAM_MAC_LO	= 0xc18,
};
#define FW_MAGIC		0x4b657654u
#define NIC_CFG_COPPER		0x10
#define RCB_DISABLED		0x2

/* Descriptor flags. */
#define TXF_TCPUDP_CSUM		0x0001
#define TXF_IP_CSUM		0x0002
#define TXF_END			0x0004
#define TXF_VLAN		0x0040
#define RXF_END			0x0004
#define RXF_ERROR		0x0400
#define RXF_IP_CSUM		0x1000
#define RXF_TCPUDP_CSUM		0x2000
#define RXF_IS_TCP		0x4000
#define RXE_BAD_CRC		0x10000

/* Status block word 0. */
#define SB_UPDATED		0x1
#define SB_LINK_CHG		0x2
#define SB_ERROR		0x4

/* Statistics block offsets (64-bit counters, high word first). */
enum {
	ST_RX_OCTETS	= 0x100,
	ST_RX_UCAST	= 0x118,
	ST_RX_MCAST	= 0x120,
	ST_RX_BCAST	= 0x128,
	ST_RX_FCS	= 0x130,
	ST_TX_OCTETS	= 0x300,
	ST_TX_UCAST	= 0x3d8,
	ST_TX_MCAST	= 0x3e0,
	ST_TX_BCAST	= 0x3e8,
	ST_RXBDS_EMPTY	= 0x598,
	ST_RX_DISCARDS	= 0x5a0,
	ST_RX_ERRORS	= 0x5a8,
	ST_NR		= 12,
};
static const uint16_t bge_stat_off[ST_NR] = {
	ST_RX_OCTETS, ST_RX_UCAST, ST_RX_MCAST, ST_RX_BCAST, ST_RX_FCS,
	ST_TX_OCTETS, ST_TX_UCAST, ST_TX_MCAST, ST_TX_BCAST, ST_RXBDS_EMPTY,
	ST_RX_DISCARDS, ST_RX_ERRORS,
};
enum {
	C_RX_OCTETS, C_RX_UCAST, C_RX_MCAST, C_RX_BCAST, C_RX_FCS,
	C_TX_OCTETS, C_TX_UCAST, C_TX_MCAST, C_TX_BCAST, C_RXBDS_EMPTY,
	C_RX_DISCARDS, C_RX_ERRORS,
};

/* PHY registers (MII address 1). */
#define PHY_ADDR		1
enum {
	PHY_BMCR = 0x00, PHY_BMSR = 0x01, PHY_ID1 = 0x02, PHY_ID2 = 0x03,
	PHY_ANAR = 0x04, PHY_ANLPAR = 0x05, PHY_ANER = 0x06, PHY_GCTRL = 0x09,
	PHY_GSTAT = 0x0a, PHY_ESTAT = 0x0f, PHY_DSP_RW = 0x15,
	PHY_DSP_CTRL = 0x16, PHY_DSP_ADDR = 0x17, PHY_AUXCTL = 0x18,
	PHY_AUXSTAT = 0x19, PHY_ISTAT = 0x1a,
};
#define BMCR_RESET		0x8000
#define BMCR_LOOPBACK		0x4000
#define BMCR_SPEED100		0x2000
#define BMCR_ANENABLE		0x1000
#define BMCR_PDOWN		0x0800
#define BMCR_ANRESTART		0x0200
#define BMCR_FULL		0x0100
#define BMCR_SPEED1000		0x0040
#define BMSR_BASE		0x7949	/* 10/100 caps, ext status, AN able */
#define BMSR_ANDONE		0x0020
#define BMSR_LINK		0x0004
#define ANAR_DEFAULT		0x01e1
#define LPA_ALL			0x41e1	/* ack, 100/10 full and half */
#define GCTRL_1000FULL		0x0200
#define GCTRL_1000HALF		0x0100
#define GSTAT_LINK_UP		0x3800	/* both receivers ok, partner 1000 full */
#define ESTAT_1000		0x3000
#define ISTAT_LINK		0x0002
#define DSP_SLOTS		16
#define DSP_WORDS		8

enum fault_kind { FK_NOFW, FK_RXDROP, FK_RXOVERFLOW, FK_LINKFLAP, FK_RXCRC, FK_DMAERR };
#define BGE_MAX_FAULTS		16

struct bge_fault {
	enum fault_kind kind;
	int64_t at_ms;		/* after the receiver was first enabled */
	uint32_t arg;		/* frames, or ms down */
	bool fired;
};

struct bge_dsp_slot {
	uint16_t addr;
	bool used;
	uint16_t word[DSP_WORDS];
};

struct Bcm5704State {
	PCIDevice parent_obj;

	MemoryRegion mmio;
	NICState *nic;
	NICConf conf;
	char *faults;
	bool trace;
	int port;

	uint32_t regs[BGE_REG_SPACE / 4];
	uint32_t *sram;
	uint8_t nvram[BGE_NVRAM_SIZE];

	/* ring state the chip keeps inside */
	uint32_t tx_cons;
	uint32_t std_cons;
	uint32_t ret_prod;
	uint32_t status_tag;
	bool irq_pending;
	bool status_dirty;
	QEMUBH *status_bh;
	QEMUTimer *stats_timer;
	QEMUTimer *fault_timer;
	uint64_t counter[ST_NR];

	/* PHY */
	uint16_t phy[32];
	uint16_t auxctl_shadow[8];
	uint16_t dsp_addr;
	unsigned int dsp_idx;
	struct bge_dsp_slot dsp[DSP_SLOTS];
	bool link;		/* what the PHY reports now */
	bool flap_down;

	/* faults */
	struct bge_fault fault[BGE_MAX_FAULTS];
	int nfaults;
	int64_t rx_epoch_ms;	/* -1 until RX_MODE is first enabled */
	uint32_t overflow_left;
	uint32_t crc_left;
	bool dma_err_armed;	/* the next transmit's read DMA fails */
	bool dma_failed;	/* until the next core reset */
	bool drop_when_full;
	bool no_fw;

	uint8_t frame[BGE_MAX_FRAME + 8];
};

static void bge_trace(Bcm5704State *s, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void bge_trace(Bcm5704State *s, const char *fmt, ...)
{
	va_list ap;

	if (!s->trace)
		return;
	va_start(ap, fmt);
	fprintf(stderr, "bcm5704.%d: ", s->port);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static inline uint32_t reg(Bcm5704State *s, hwaddr off)
{
	return s->regs[off / 4];
}

static inline uint32_t sram_get(Bcm5704State *s, uint32_t off)
{
	return s->sram[(off % BGE_SRAM_SIZE) / 4];
}

static inline void sram_put(Bcm5704State *s, uint32_t off, uint32_t v)
{
	s->sram[(off % BGE_SRAM_SIZE) / 4] = v;
}

/* ------------------------------------------------------------ interrupts */

static bool bge_int_masked(Bcm5704State *s)
{
	return (pci_get_long(s->parent_obj.config + CFG_MISC_HOST) & MHC_MASK_INT) ||
	       (reg(s, MB_INT0) & 0x00ffffff);
}

static void bge_update_irq(Bcm5704State *s)
{
	PCIDevice *d = PCI_DEVICE(s);
	bool level = s->irq_pending && !bge_int_masked(s);
	uint32_t st = pci_get_long(d->config + CFG_PCISTATE);

	if (level)
		st &= ~PCISTATE_INT_NOT_ACTIVE;
	else
		st |= PCISTATE_INT_NOT_ACTIVE;
	pci_set_long(d->config + CFG_PCISTATE, st);
	pci_set_irq(d, level);
}

/* ------------------------------------------------------------ status and statistics */

static bool bge_hcc_on(Bcm5704State *s)
{
	return reg(s, R_HCC_MODE) & HCC_ENABLE;
}

static void bge_write_status(Bcm5704State *s)
{
	uint64_t addr = ((uint64_t)reg(s, R_HCC_STATUS_HI) << 32) | reg(s, R_HCC_STATUS_LO);
	uint8_t blk[0x14];
	uint32_t word = SB_UPDATED;

	s->status_dirty = false;
	if (!bge_hcc_on(s) || !addr)
		return;
	if ((reg(s, R_MAC_STATUS) & MAC_STATUS_LINK_CHANGED) &&
	    (reg(s, R_MAC_EVENT) & MAC_EVENT_LINK_CHANGED))
		word |= SB_LINK_CHG;
	if (s->dma_failed)
		word |= SB_ERROR;
	s->status_tag = (s->status_tag + 1) & 0xff;
	memset(blk, 0, sizeof(blk));
	stl_le_p(blk + 0x00, word);
	stl_le_p(blk + 0x04, s->status_tag);
	stw_le_p(blk + 0x0a, s->std_cons);
	stw_le_p(blk + 0x10, s->ret_prod);
	stw_le_p(blk + 0x12, s->tx_cons);
	/* indices before the tag and the updated bit: a driver that sees the new tag sees them */
	pci_dma_write(PCI_DEVICE(s), addr + 8, blk + 8, sizeof(blk) - 8);
	smp_wmb();
	pci_dma_write(PCI_DEVICE(s), addr, blk, 8);
	s->irq_pending = true;
	bge_update_irq(s);
}

static void bge_status_bh(void *opaque)
{
	Bcm5704State *s = opaque;

	if (s->status_dirty)
		bge_write_status(s);
}

/* Something the driver should see happened: one status write per batch. */
static void bge_status_changed(Bcm5704State *s)
{
	s->status_dirty = true;
	qemu_bh_schedule(s->status_bh);
}

static void bge_write_stats(Bcm5704State *s)
{
	uint64_t addr = ((uint64_t)reg(s, R_HCC_STATS_HI) << 32) | reg(s, R_HCC_STATS_LO);
	g_autofree uint8_t *blk = NULL;

	if (!bge_hcc_on(s) || !addr)
		return;
	blk = g_malloc0(BGE_STATS_LEN);
	for (int i = 0; i < ST_NR; i++) {
		stl_le_p(blk + bge_stat_off[i], s->counter[i] >> 32);
		stl_le_p(blk + bge_stat_off[i] + 4, (uint32_t)s->counter[i]);
	}
	pci_dma_write(PCI_DEVICE(s), addr, blk, BGE_STATS_LEN);
}

static void bge_arm_stats(Bcm5704State *s)
{
	uint32_t us = reg(s, R_HCC_STATS_TICKS);

	if (bge_hcc_on(s) && us)
		timer_mod(s->stats_timer, qemu_clock_get_us(QEMU_CLOCK_VIRTUAL) + MAX(us, 1000));
	else
		timer_del(s->stats_timer);
}

static void bge_stats_tick(void *opaque)
{
	Bcm5704State *s = opaque;

	bge_write_stats(s);
	bge_arm_stats(s);
}

static void bge_count_frame(Bcm5704State *s, const uint8_t *f, size_t len, bool rx)
{
	int base = rx ? C_RX_OCTETS : C_TX_OCTETS;

	s->counter[base] += len;
	if (is_broadcast_ether_addr(f))
		s->counter[base + 3]++;
	else if (is_multicast_ether_addr(f))
		s->counter[base + 2]++;
	else
		s->counter[base + 1]++;
}

/* ------------------------------------------------------------ PHY */

/* Speed (10/100/1000) and duplex the link runs at, from BMCR or autoneg. */
static void bge_phy_resolve(Bcm5704State *s, int *speed, bool *full)
{
	uint16_t bmcr = s->phy[PHY_BMCR], anar = s->phy[PHY_ANAR], g = s->phy[PHY_GCTRL];

	if (!(bmcr & BMCR_ANENABLE)) {
		*speed = (bmcr & BMCR_SPEED1000) ? 1000 : (bmcr & BMCR_SPEED100) ? 100 : 10;
		*full = bmcr & BMCR_FULL;
		return;
	}
	/* The partner offers everything: the best common mode wins. */
	if (g & GCTRL_1000FULL)
		*speed = 1000, *full = true;
	else if (g & GCTRL_1000HALF)
		*speed = 1000, *full = false;
	else if (anar & 0x0100)
		*speed = 100, *full = true;
	else if (anar & 0x0080)
		*speed = 100, *full = false;
	else if (anar & 0x0040)
		*speed = 10, *full = true;
	else if (anar & 0x0020)
		*speed = 10, *full = false;
	else
		*speed = 0, *full = false;
}

static bool bge_phy_link(Bcm5704State *s)
{
	NetClientState *nc = qemu_get_queue(s->nic);
	int speed;
	bool full;

	if (nc->link_down || s->flap_down)
		return false;
	if (s->phy[PHY_BMCR] & (BMCR_PDOWN | BMCR_RESET))
		return false;
	bge_phy_resolve(s, &speed, &full);
	return speed != 0;
}

/* Re-evaluate the link; a change raises the MAC's link attention. */
static void bge_link_check(Bcm5704State *s)
{
	bool up = bge_phy_link(s);

	if (up == s->link)
		return;
	s->link = up;
	s->phy[PHY_ISTAT] |= ISTAT_LINK;
	bge_trace(s, "link %s", up ? "up" : "down");
	if (reg(s, R_MI_STAT) & MI_STAT_LINK_ATTN) {
		s->regs[R_MAC_STATUS / 4] |= MAC_STATUS_LINK_CHANGED;
		if (reg(s, R_MAC_EVENT) & MAC_EVENT_LINK_CHANGED)
			bge_status_changed(s);
	}
	if (up)
		qemu_flush_queued_packets(qemu_get_queue(s->nic));
}

static void bge_phy_reset(Bcm5704State *s)
{
	memset(s->phy, 0, sizeof(s->phy));
	memset(s->auxctl_shadow, 0, sizeof(s->auxctl_shadow));
	s->phy[PHY_BMCR] = BMCR_ANENABLE | BMCR_FULL | BMCR_SPEED1000;
	s->phy[PHY_ID1] = 0x0020;
	s->phy[PHY_ID2] = 0x6190;
	s->phy[PHY_ANAR] = ANAR_DEFAULT;
	s->phy[PHY_GCTRL] = GCTRL_1000FULL | GCTRL_1000HALF;
	s->phy[PHY_ESTAT] = ESTAT_1000;
}

static struct bge_dsp_slot *bge_dsp_slot(Bcm5704State *s, uint16_t addr, bool create)
{
	struct bge_dsp_slot *free_slot = NULL;

	for (int i = 0; i < DSP_SLOTS; i++) {
		if (s->dsp[i].used && s->dsp[i].addr == addr)
			return &s->dsp[i];
		if (!s->dsp[i].used && !free_slot)
			free_slot = &s->dsp[i];
	}
	if (!create)
		return NULL;
	if (!free_slot)
		free_slot = &s->dsp[addr % DSP_SLOTS];	/* recycle */
	memset(free_slot, 0, sizeof(*free_slot));
	free_slot->used = true;
	free_slot->addr = addr;
	return free_slot;
}

static uint16_t bge_phy_read(Bcm5704State *s, int r)
{
	int speed;
	bool full;
	uint16_t v;

	switch (r) {
	case PHY_BMSR:
		v = BMSR_BASE;
		if (s->link) {
			v |= BMSR_LINK;
			if (s->phy[PHY_BMCR] & BMCR_ANENABLE)
				v |= BMSR_ANDONE;
		}
		return v;
	case PHY_ANLPAR:
		return s->link && (s->phy[PHY_BMCR] & BMCR_ANENABLE) ? LPA_ALL : 0;
	case PHY_ANER:
		return s->link ? 0x0001 : 0;
	case PHY_GSTAT:
		return s->link && (s->phy[PHY_BMCR] & BMCR_ANENABLE) ? GSTAT_LINK_UP : 0;
	case PHY_AUXSTAT:
		if (!s->link)
			return 0;
		bge_phy_resolve(s, &speed, &full);
		/* bits 10:8: 7/6 = 1000 full/half, 5/3 = 100, 2/1 = 10 */
		v = speed == 1000 ? (full ? 7 : 6) : speed == 100 ? (full ? 5 : 3) : (full ? 2 : 1);
		return v << 8;
	case PHY_ISTAT:
		v = s->phy[PHY_ISTAT];
		s->phy[PHY_ISTAT] = 0;		/* read clears */
		return v;
	case PHY_DSP_RW: {
		struct bge_dsp_slot *slot = bge_dsp_slot(s, s->dsp_addr, false);

		v = slot ? slot->word[s->dsp_idx % DSP_WORDS] : 0;
		s->dsp_idx++;
		return v;
	}
	case PHY_DSP_CTRL:
		return s->phy[r] & ~0x1000;	/* the macro is always done */
	case PHY_AUXCTL:
		return s->auxctl_shadow[s->phy[PHY_AUXCTL] & 7];
	default:
		return s->phy[r];
	}
}

static void bge_phy_write(Bcm5704State *s, int r, uint16_t v)
{
	switch (r) {
	case PHY_BMCR:
		if (v & BMCR_RESET) {
			bge_trace(s, "phy: reset");
			bge_phy_reset(s);	/* completes at once: the bit reads 0 */
			break;
		}
		s->phy[r] = v & ~BMCR_ANRESTART;
		break;
	case PHY_BMSR: case PHY_ID1: case PHY_ID2: case PHY_ANLPAR: case PHY_GSTAT:
	case PHY_ESTAT: case PHY_AUXSTAT:
		break;				/* read-only */
	case PHY_DSP_ADDR:
		if (v == 0x000b)
			bge_trace(s, "phy: DSP address 0x000b (a test-pattern mismatch writes it)");
		s->dsp_addr = v;
		s->dsp_idx = 0;
		s->phy[r] = v;
		break;
	case PHY_DSP_RW: {
		struct bge_dsp_slot *slot = bge_dsp_slot(s, s->dsp_addr, true);

		slot->word[s->dsp_idx % DSP_WORDS] = v;
		s->dsp_idx++;
		break;
	}
	case PHY_DSP_CTRL:
		s->dsp_idx = 0;			/* a macro restarts the word sequence */
		s->phy[r] = v;
		break;
	case PHY_AUXCTL:
		s->phy[r] = v;
		s->auxctl_shadow[v & 7] = v;
		break;
	default:
		s->phy[r] = v;
		break;
	}
	bge_link_check(s);
}

static void bge_mi_com(Bcm5704State *s, uint32_t v)
{
	uint32_t result = v & ~MI_BUSY;

	if (!(v & MI_BUSY)) {
		s->regs[R_MI_COM / 4] = result;
		return;
	}
	if (MI_PHY(v) != PHY_ADDR) {
		result |= MI_FAILED | 0xffff;	/* nobody answers */
	} else if (MI_CMD(v) == MI_CMD_READ) {
		result = (result & ~0xffffu) | bge_phy_read(s, MI_REG(v));
	} else if (MI_CMD(v) == MI_CMD_WRITE) {
		bge_phy_write(s, MI_REG(v), MI_DATA(v));
	}
	s->regs[R_MI_COM / 4] = result;
}

/* ------------------------------------------------------------ faults */

static bool bge_parse_one(const char *r, struct bge_fault *f)
{
	static const struct { const char *name; enum fault_kind kind; bool timed; uint32_t def; } kinds[] = {
		{ "nofw", FK_NOFW, false, 0 },
		{ "rxdrop", FK_RXDROP, false, 0 },
		{ "rxoverflow", FK_RXOVERFLOW, true, 64 },
		{ "linkflap", FK_LINKFLAP, true, 1000 },
		{ "rxcrc", FK_RXCRC, true, 1 },
		{ "dmaerr", FK_DMAERR, true, 1 },
	};
	const char *p;
	uint64_t n;

	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++) {
		if (!strstart(r, kinds[i].name, &p))
			continue;
		f->kind = kinds[i].kind;
		f->arg = kinds[i].def;
		f->at_ms = 0;
		if (!kinds[i].timed)
			return *p == '\0';
		if (*p != '@' || qemu_strtou64(p + 1, &p, 10, &n))
			return false;
		f->at_ms = n;
		if (*p == '*') {
			if (qemu_strtou64(p + 1, &p, 10, &n) || !n || n > UINT32_MAX)
				return false;
			f->arg = n;
		}
		return *p == '\0';
	}
	return false;
}

static bool bge_parse_faults(Bcm5704State *s, Error **errp)
{
	g_auto(GStrv) rules = NULL;

	s->nfaults = 0;
	if (!s->faults)
		return true;
	rules = g_strsplit(s->faults, "/", -1);
	for (char **r = rules; *r; r++) {
		struct bge_fault *f = &s->fault[s->nfaults];

		if (!**r)
			continue;
		if (s->nfaults == BGE_MAX_FAULTS || !bge_parse_one(*r, f)) {
			error_setg(errp, "bcm5704: bad fault '%s' (nofw, rxdrop, "
				   "rxoverflow@MS[*N], linkflap@MS[*MS], rxcrc@MS[*N], dmaerr@MS; "
				   "at most %d)",
				   *r, BGE_MAX_FAULTS);
			return false;
		}
		if (f->kind == FK_NOFW)
			s->no_fw = true;
		else if (f->kind == FK_RXDROP)
			s->drop_when_full = true;
		s->nfaults++;
	}
	return true;
}

/* Fire due faults and arm the timer for the next one. */
static void bge_fault_tick(void *opaque)
{
	Bcm5704State *s = opaque;
	int64_t now, next = INT64_MAX;

	if (s->rx_epoch_ms < 0)
		return;
	now = qemu_clock_get_ms(QEMU_CLOCK_VIRTUAL) - s->rx_epoch_ms;
	for (int i = 0; i < s->nfaults; i++) {
		struct bge_fault *f = &s->fault[i];
		int64_t due = f->at_ms;

		if (f->kind == FK_NOFW || f->kind == FK_RXDROP)
			continue;
		if (f->kind == FK_LINKFLAP && f->fired)
			due = f->at_ms + f->arg;	/* the end of the flap */
		if (due < 0 || (f->fired && f->kind != FK_LINKFLAP))
			continue;
		if (due > now) {
			next = MIN(next, due);
			continue;
		}
		switch (f->kind) {
		case FK_RXOVERFLOW:
			s->overflow_left += f->arg;
			f->fired = true;
			bge_trace(s, "fault: the next %u frames overflow the ring", f->arg);
			break;
		case FK_RXCRC:
			s->crc_left += f->arg;
			f->fired = true;
			break;
		case FK_DMAERR:
			s->dma_err_armed = true;
			f->fired = true;
			bge_trace(s, "fault: the next transmit's read DMA fails");
			break;
		case FK_LINKFLAP:
			if (!f->fired) {
				f->fired = true;
				s->flap_down = true;
				next = MIN(next, f->at_ms + f->arg);
			} else {
				s->flap_down = false;
				f->at_ms = -1 - (int64_t)f->arg;	/* done */
			}
			bge_link_check(s);
			break;
		default:
			break;
		}
	}
	if (next != INT64_MAX)
		timer_mod(s->fault_timer, s->rx_epoch_ms + next);
}

/* ------------------------------------------------------------ transmit */

static uint16_t bge_fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

static uint32_t bge_sum(const uint8_t *p, size_t len, uint32_t sum)
{
	for (size_t i = 0; i + 1 < len; i += 2)
		sum += lduw_be_p(p + i);
	if (len & 1)
		sum += p[len - 1] << 8;
	return sum;
}

/*
 * Where an IPv4 header starts (after Ethernet and an optional 802.1Q
 * tag) and how long it is; false for other frames or a short one.
 */
static bool bge_find_ipv4(const uint8_t *f, size_t len, size_t *l3, size_t *ihl)
{
	size_t at = ETH_HLEN;
	uint16_t type = lduw_be_p(f + 12);

	if (type == ETH_P_VLAN && len >= ETH_HLEN + 4) {
		type = lduw_be_p(f + 16);
		at += 4;
	}
	if (type != ETH_P_IP || len < at + 20 || (f[at] >> 4) != 4)
		return false;
	*l3 = at;
	*ihl = (f[at] & 0xf) * 4;
	return *ihl >= 20 && len >= at + *ihl;
}

/* TCP/UDP (and IPv4 header) checksums of an outgoing IPv4 frame. */
static void bge_tx_csum(Bcm5704State *s, uint8_t *f, size_t len, uint32_t flags)
{
	size_t l3, ihl, l4, off;
	uint8_t proto;
	uint32_t sum;

	if (!bge_find_ipv4(f, len, &l3, &ihl))
		return;
	if (flags & TXF_IP_CSUM) {
		stw_be_p(f + l3 + 10, 0);
		stw_be_p(f + l3 + 10, ~bge_fold(bge_sum(f + l3, ihl, 0)) & 0xffff);
	}
	if (!(flags & TXF_TCPUDP_CSUM))
		return;
	proto = f[l3 + 9];
	l4 = l3 + ihl;
	off = proto == IP_PROTO_TCP ? 16 : proto == IP_PROTO_UDP ? 6 : 0;
	if (!off || len < l4 + off + 2)
		return;
	sum = 0;
	if (!(reg(s, R_GRC_MODE) & GRC_NO_TX_PHDR)) {
		/* The chip adds the pseudo header itself. */
		size_t l4len = MIN(len, l3 + lduw_be_p(f + l3 + 2)) - l4;

		stw_be_p(f + l4 + off, 0);
		sum = bge_sum(f + l3 + 12, 8, 0) + proto + l4len;
	}
	sum = bge_sum(f + l4, MIN(len, l3 + lduw_be_p(f + l3 + 2)) - l4, sum);
	sum = ~bge_fold(sum) & 0xffff;
	if (proto == IP_PROTO_UDP && !sum)
		sum = 0xffff;
	stw_be_p(f + l4 + off, sum);
}

static void bge_transmit(Bcm5704State *s)
{
	uint32_t rcb_flags = sram_get(s, SRAM_SEND_RCB + 8);
	uint64_t ring = ((uint64_t)sram_get(s, SRAM_SEND_RCB) << 32) |
			sram_get(s, SRAM_SEND_RCB + 4);
	uint32_t prod = reg(s, MB_TX_PROD) % BGE_TX_RING;
	size_t len = 0;
	uint32_t frame_flags = 0;	/* checksum/VLAN requests: any BD of the frame */
	bool bad = false, sent = false;

	if ((rcb_flags & RCB_DISABLED) || !ring || s->dma_failed)
		return;
	if (s->dma_err_armed && s->tx_cons != prod) {
		/* a master abort on the BD fetch: the send path stops here */
		s->dma_err_armed = false;
		s->dma_failed = true;
		s->regs[R_RDMA_STATUS / 4] |= RDMA_STATUS_MASTER_ABORT;
		bge_trace(s, "fault: read DMA master abort, transmit stopped until reset");
		bge_status_changed(s);
		return;
	}
	while (s->tx_cons != prod) {
		uint32_t bd[4];
		uint64_t addr;
		uint32_t blen, flags;

		pci_dma_read(PCI_DEVICE(s), ring + s->tx_cons * 16, bd, sizeof(bd));
		addr = ((uint64_t)le32_to_cpu(bd[0]) << 32) | le32_to_cpu(bd[1]);
		blen = le32_to_cpu(bd[2]) >> 16;
		flags = le32_to_cpu(bd[2]) & 0xffff;
		s->tx_cons = (s->tx_cons + 1) % BGE_TX_RING;
		if (len + blen > BGE_MAX_FRAME) {
			bad = true;
		} else {
			pci_dma_read(PCI_DEVICE(s), addr, s->frame + len, blen);
			len += blen;
		}
		frame_flags |= flags;
		if (!(flags & TXF_END))
			continue;
		flags = frame_flags;
		if (bad || len < ETH_HLEN) {
			bge_trace(s, "tx: dropped a bad frame (%zu bytes)", len);
		} else {
			if (flags & (TXF_TCPUDP_CSUM | TXF_IP_CSUM))
				bge_tx_csum(s, s->frame, len, flags);
			if (flags & TXF_VLAN) {
				memmove(s->frame + 16, s->frame + 12, len - 12);
				stw_be_p(s->frame + 12, ETH_P_VLAN);
				stw_be_p(s->frame + 14, le32_to_cpu(bd[3]) & 0xffff);
				len += 4;
			}
			if (s->link) {
				bge_count_frame(s, s->frame, len, false);
				qemu_send_packet(qemu_get_queue(s->nic), s->frame, len);
			}
		}
		len = 0;
		frame_flags = 0;
		bad = false;
		sent = true;
	}
	if (sent)
		bge_status_changed(s);
}

/* ------------------------------------------------------------ receive */

/*
 * Receive checksums of an IPv4 frame: the ones'-complement sums over the
 * IP header and over pseudo header + TCP/UDP segment (not for fragments),
 * each 0xffff when the frame's checksum is right.  Returns the flags for
 * the return BD and fills its checksum word (IP sum << 16 | L4 sum).
 */
static uint32_t bge_rx_csum(const uint8_t *f, size_t len, uint32_t *word)
{
	size_t l3, ihl, tot;
	uint32_t sum;
	uint8_t proto;

	*word = 0;
	if (!bge_find_ipv4(f, len, &l3, &ihl))
		return 0;
	tot = lduw_be_p(f + l3 + 2);
	if (tot < ihl || len < l3 + tot)
		return 0;
	*word = (uint32_t)bge_fold(bge_sum(f + l3, ihl, 0)) << 16;
	proto = f[l3 + 9];
	if ((lduw_be_p(f + l3 + 6) & 0x3fff) || (proto != IP_PROTO_TCP && proto != IP_PROTO_UDP))
		return RXF_IP_CSUM;
	sum = bge_sum(f + l3 + 12, 8, 0) + proto + (tot - ihl);
	*word |= bge_fold(bge_sum(f + l3 + ihl, tot - ihl, sum));
	return RXF_IP_CSUM | RXF_TCPUDP_CSUM | (proto == IP_PROTO_TCP ? RXF_IS_TCP : 0);
}

static uint32_t bge_ret_size(Bcm5704State *s)
{
	uint32_t n = sram_get(s, SRAM_RET_RCB + 8) >> 16;

	return n ? n : BGE_RET_RING_DEF;
}

static bool bge_rx_room(Bcm5704State *s)
{
	uint32_t std_prod = reg(s, MB_STD_PROD) % BGE_STD_RING;
	uint32_t ret_cons = reg(s, MB_RET_CONS) % bge_ret_size(s);

	return s->std_cons != std_prod && (s->ret_prod + 1) % bge_ret_size(s) != ret_cons;
}

static bool bge_rx_enabled(Bcm5704State *s)
{
	return (reg(s, R_RX_MODE) & RX_MODE_ENABLE) && s->link;
}

static bool bge_can_receive(NetClientState *nc)
{
	Bcm5704State *s = qemu_get_nic_opaque(nc);

	if (!bge_rx_enabled(s))
		return true;		/* dropped in receive, as on the wire */
	return s->drop_when_full || s->overflow_left || bge_rx_room(s);
}

static bool bge_rx_wanted(Bcm5704State *s, const uint8_t *f)
{
	uint8_t mac[6];

	if ((reg(s, R_RX_MODE) & RX_MODE_PROMISC) || is_multicast_ether_addr(f))
		return true;
	stw_be_p(mac, reg(s, R_MAC_ADDR0_HI));
	stl_be_p(mac + 2, reg(s, R_MAC_ADDR0_LO));
	return !memcmp(f, mac, 6);
}

static ssize_t bge_receive(NetClientState *nc, const uint8_t *buf, size_t size)
{
	Bcm5704State *s = qemu_get_nic_opaque(nc);
	PCIDevice *d = PCI_DEVICE(s);
	uint64_t std_ring, ret_ring, baddr;
	uint32_t bd[8], blen, fcs, err = 0, ret_size, csum_flags, csum_word = 0;
	uint8_t pad[ETH_ZLEN];

	if (!bge_rx_enabled(s) || size < ETH_HLEN || !bge_rx_wanted(s, buf))
		return size;
	if (s->overflow_left || !bge_rx_room(s)) {
		if (!s->overflow_left && !s->drop_when_full)
			return 0;	/* QEMU holds it until the driver posts buffers */
		if (s->overflow_left)
			s->overflow_left--;
		s->counter[C_RXBDS_EMPTY]++;
		s->counter[C_RX_DISCARDS]++;
		bge_trace(s, "rx: no buffer, frame of %zu bytes discarded", size);
		return size;
	}
	if (size < ETH_ZLEN) {
		/* the wire pads short frames */
		memcpy(pad, buf, size);
		memset(pad + size, 0, ETH_ZLEN - size);
		buf = pad;
		size = ETH_ZLEN;
	}
	std_ring = ((uint64_t)reg(s, R_STD_RCB) << 32) | reg(s, R_STD_RCB + 4);
	ret_ring = ((uint64_t)sram_get(s, SRAM_RET_RCB) << 32) | sram_get(s, SRAM_RET_RCB + 4);
	ret_size = bge_ret_size(s);
	pci_dma_read(d, std_ring + s->std_cons * 32, bd, sizeof(bd));
	baddr = ((uint64_t)le32_to_cpu(bd[0]) << 32) | le32_to_cpu(bd[1]);
	blen = le32_to_cpu(bd[2]) & 0xffff;
	if (size + BGE_FCS > blen) {
		/* too big for the buffer: a giant, returned with the error bit */
		err = 0x1000000;
		size = blen > BGE_FCS ? blen - BGE_FCS : 0;
	}
	fcs = cpu_to_le32(crc32(0, buf, size));
	if (s->crc_left) {
		s->crc_left--;
		fcs = ~fcs;
		err |= RXE_BAD_CRC;
		s->counter[C_RX_FCS]++;
	}
	pci_dma_write(d, baddr, buf, size);
	pci_dma_write(d, baddr + size, &fcs, BGE_FCS);
	if (!err)
		bge_count_frame(s, buf, size + BGE_FCS, true);
	else
		s->counter[C_RX_ERRORS]++;

	/* the return BD: buffer, index and length (with FCS), END, opaque */
	bd[2] = cpu_to_le32((s->std_cons << 16) | (uint32_t)(size + BGE_FCS));
	csum_flags = err ? 0 : bge_rx_csum(buf, size, &csum_word);
	bd[3] = cpu_to_le32(RXF_END | (err ? RXF_ERROR : 0) | csum_flags);
	bd[4] = cpu_to_le32(csum_flags ? csum_word : 0);
	bd[5] = cpu_to_le32(err);
	bd[6] = 0;
	pci_dma_write(d, ret_ring + s->ret_prod * 32, bd, sizeof(bd));
	s->std_cons = (s->std_cons + 1) % BGE_STD_RING;
	s->ret_prod = (s->ret_prod + 1) % ret_size;
	bge_status_changed(s);
	return size;
}

static void bge_set_link(NetClientState *nc)
{
	bge_link_check(qemu_get_nic_opaque(nc));
}

/* ------------------------------------------------------------ reset and NVRAM */

static void bge_bootcode(Bcm5704State *s)
{
	const uint8_t *m = s->conf.macaddr.a;

	if (sram_get(s, SRAM_FW_MBOX) == FW_MAGIC && !s->no_fw)
		sram_put(s, SRAM_FW_MBOX, ~FW_MAGIC);
	sram_put(s, SRAM_DATA_SIG, FW_MAGIC);
	sram_put(s, SRAM_DATA_CFG, NIC_CFG_COPPER);
	sram_put(s, SRAM_MAC_HI, 0x484b0000 | (m[0] << 8) | m[1]);
	sram_put(s, SRAM_MAC_LO, ldl_be_p(m + 2));
}

/* Registers, ring state and interrupt after a core reset (GRC_MISC_CFG bit 0). */
static void bge_core_reset(Bcm5704State *s)
{
	PCIDevice *d = PCI_DEVICE(s);

	memset(s->regs, 0, sizeof(s->regs));
	s->tx_cons = s->std_cons = s->ret_prod = 0;
	s->status_tag = 0;
	s->status_dirty = false;
	s->irq_pending = false;
	s->dma_err_armed = s->dma_failed = false;
	memset(s->counter, 0, sizeof(s->counter));	/* the MAC statistics reset too */
	timer_del(s->stats_timer);
	pci_set_long(d->config + CFG_MISC_HOST, BGE_CHIP_REV << 16);
	s->regs[R_MI_STAT / 4] = 0;
	s->regs[R_NV_CFG1 / 4] = 0;	/* EEPROM-style NVRAM, no flash interface */
	bge_update_irq(s);
	bge_bootcode(s);
	s->link = bge_phy_link(s);
}

static void bge_nvram_init(Bcm5704State *s)
{
	const uint8_t *m = s->conf.macaddr.a;
	unsigned int off = s->port ? 0xcc : 0x7c;

	memset(s->nvram, 0, sizeof(s->nvram));
	stl_be_p(s->nvram, 0x669955aa);
	/* 8 bytes: two of padding, then the MAC */
	memcpy(s->nvram + off + 2, m, 6);
}

static void bge_nvram_cmd(Bcm5704State *s, uint32_t v)
{
	uint32_t addr = reg(s, R_NV_ADDR) & 0xfffffc;

	if (v & NV_CMD_RESET) {
		s->regs[R_NV_CMD / 4] = NV_CMD_DONE;
		return;
	}
	if (!(v & NV_CMD_GO)) {
		s->regs[R_NV_CMD / 4] = v;
		return;
	}
	if (!(v & NV_CMD_WR))
		s->regs[R_NV_RDDATA / 4] = addr + 4 <= BGE_NVRAM_SIZE ?
					   ldl_be_p(s->nvram + addr) : 0xffffffff;
	/* writes are accepted and ignored: the image is read-only */
	s->regs[R_NV_CMD / 4] = (v & ~NV_CMD_GO) | NV_CMD_DONE;
}

static void bge_nvram_arb(Bcm5704State *s, uint32_t v)
{
	uint32_t cur = reg(s, R_NV_SWARB);

	/* four requesters (bits 3:0 set, 7:4 clear, grants 11:8): granted at once */
	for (int i = 0; i < 4; i++) {
		if (v & (SWARB_REQ_SET0 << i))
			cur |= SWARB_GNT0 << i;
		if (v & (SWARB_REQ_CLR0 << i))
			cur &= ~(SWARB_GNT0 << i);
	}
	s->regs[R_NV_SWARB / 4] = cur;
}

/* ------------------------------------------------------------ config space */

static uint32_t bge_cfg_dev_read(Bcm5704State *s, uint32_t off)
{
	PCIDevice *d = PCI_DEVICE(s);

	switch (off) {
	case CFG_REG_DATA:
		return 0;	/* filled by the caller, who knows the register path */
	case CFG_MEM_DATA:
		return sram_get(s, pci_get_long(d->config + CFG_MEM_BASE) & ~3u);
	default:
		return pci_get_long(d->config + off);
	}
}

static uint64_t bge_mmio_read(void *opaque, hwaddr addr, unsigned size);
static void bge_mmio_write(void *opaque, hwaddr addr, uint64_t val, unsigned size);

/* A 32-bit write to one of the chip's own config registers (0x68..0xff). */
static void bge_cfg_dev_write(Bcm5704State *s, uint32_t off, uint32_t v)
{
	PCIDevice *d = PCI_DEVICE(s);
	uint32_t old = pci_get_long(d->config + off);

	switch (off) {
	case CFG_MISC_HOST:
		if (v & MHC_CLEAR_INT)
			s->irq_pending = false;
		pci_set_long(d->config + off, (BGE_CHIP_REV << 16) | (v & 0xfffe));
		bge_update_irq(s);
		break;
	case CFG_PCISTATE:
		pci_set_long(d->config + off, (old & PCISTATE_RO) | (v & ~PCISTATE_RO));
		break;
	case CFG_CLOCK:
		pci_set_long(d->config + off, (v & ~0x1fu) | 0x7);	/* 133 MHz PCI-X */
		break;
	case CFG_REG_DATA:
		bge_mmio_write(s, pci_get_long(d->config + CFG_REG_BASE) & 0x7ffc, v, 4);
		break;
	case CFG_MEM_DATA:
		sram_put(s, pci_get_long(d->config + CFG_MEM_BASE) & ~3u, v);
		break;
	case CFG_DUAL_MAC:
		pci_set_long(d->config + off, (v & ~DUAL_MAC_ID) | (s->port ? DUAL_MAC_ID : 0));
		break;
	default:
		if (off >= CFG_MISC_HOST && off < 0x100)
			pci_set_long(d->config + off, v);
		break;
	}
}

static uint32_t bge_config_read(PCIDevice *d, uint32_t addr, int len)
{
	Bcm5704State *s = BCM5704(d);
	uint32_t base = addr & ~3u, v;

	if (addr < CFG_MISC_HOST || addr >= 0x100)
		return pci_default_read_config(d, addr, len);
	if (base == CFG_REG_DATA)
		v = bge_mmio_read(s, pci_get_long(d->config + CFG_REG_BASE) & 0x7ffc, 4);
	else
		v = bge_cfg_dev_read(s, base);
	v >>= (addr & 3) * 8;
	return len == 4 ? v : v & ((1u << (len * 8)) - 1);
}

static void bge_config_write(PCIDevice *d, uint32_t addr, uint32_t val, int len)
{
	Bcm5704State *s = BCM5704(d);
	uint32_t base = addr & ~3u, shift = (addr & 3) * 8, mask, v;

	if (addr < CFG_MISC_HOST || addr >= 0x100) {
		pci_default_write_config(d, addr, val, len);
		return;
	}
	/* merge a narrow write into the dword (data windows want dwords) */
	mask = len == 4 ? 0xffffffffu : ((1u << (len * 8)) - 1) << shift;
	v = (pci_get_long(d->config + base) & ~mask) | ((val << shift) & mask);
	bge_cfg_dev_write(s, base, v);
}

/* ------------------------------------------------------------ BAR0 */

static uint64_t bge_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
	Bcm5704State *s = opaque;
	PCIDevice *d = PCI_DEVICE(s);
	uint32_t v;

	addr &= ~3ull;
	if (addr >= BGE_REG_SPACE) {
		uint32_t base = pci_get_long(d->config + CFG_MEM_BASE) & ~0x7fffu;

		return sram_get(s, base + (addr - BGE_REG_SPACE));
	}
	if (addr < 0x100) {
		if (addr >= CFG_MISC_HOST)
			return addr == CFG_REG_DATA ? 0 : bge_cfg_dev_read(s, addr);
		return pci_get_long(d->config + addr);
	}
	switch (addr) {
	case R_FTQ_RESET:
		return 0;
	case R_GRC_MISC:
		return reg(s, addr) & ~GRC_MISC_CORE_RESET;
	case R_GRC_LOCAL:
		return reg(s, addr) & ~(LOCAL_SET_INT | LOCAL_CLEAR_INT);
	case R_HCC_MODE:
		return reg(s, addr) & ~HCC_NOW;
	default:
		v = reg(s, addr);
		return v;
	}
}

static void bge_mailbox_write(Bcm5704State *s, hwaddr addr, uint32_t v)
{
	s->regs[addr / 4] = v;
	switch (addr) {
	case MB_INT0:
		s->irq_pending = false;
		if ((pci_get_long(s->parent_obj.config + CFG_MISC_HOST) & MHC_TAGGED) &&
		    !(v & 0x00ffffff) && (v >> 24) != s->status_tag)
			s->irq_pending = true;	/* work newer than the driver's tag */
		bge_update_irq(s);
		break;
	case MB_TX_PROD:
		bge_transmit(s);
		break;
	case MB_STD_PROD:
	case MB_RET_CONS:
		if (bge_rx_room(s))
			qemu_flush_queued_packets(qemu_get_queue(s->nic));
		break;
	}
}

static void bge_mmio_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
	Bcm5704State *s = opaque;
	PCIDevice *d = PCI_DEVICE(s);
	uint32_t v = val, old;

	addr &= ~3ull;
	if (addr >= BGE_REG_SPACE) {
		uint32_t base = pci_get_long(d->config + CFG_MEM_BASE) & ~0x7fffu;

		sram_put(s, base + (addr - BGE_REG_SPACE), v);
		return;
	}
	if (addr < 0x100) {
		if (addr >= CFG_MISC_HOST)
			bge_cfg_dev_write(s, addr, v);
		return;		/* the standard header is not writable through BAR0 */
	}
	if (addr >= 0x200 && addr < 0x400) {
		bge_mailbox_write(s, addr, v);
		return;
	}
	old = reg(s, addr);
	s->regs[addr / 4] = v;
	switch (addr) {
	case R_MAC_STATUS:
		s->regs[addr / 4] = old & ~v;	/* write 1 to clear */
		break;
	case R_MI_COM:
		bge_mi_com(s, v);
		break;
	case R_MI_STAT:
	case R_MAC_EVENT:
		break;
	case R_RX_MODE:
		if ((v & RX_MODE_ENABLE) && s->rx_epoch_ms < 0) {
			s->rx_epoch_ms = qemu_clock_get_ms(QEMU_CLOCK_VIRTUAL);
			bge_fault_tick(s);
		}
		if (v & RX_MODE_ENABLE)
			qemu_flush_queued_packets(qemu_get_queue(s->nic));
		break;
	case R_HCC_MODE:
		s->regs[addr / 4] = v & ~HCC_NOW;
		if ((v & HCC_NOW) && (v & HCC_ENABLE))
			bge_write_status(s);
		bge_arm_stats(s);
		break;
	case R_HCC_STATS_TICKS:
		bge_arm_stats(s);
		break;
	case R_GRC_MISC:
		s->regs[addr / 4] = v & ~GRC_MISC_CORE_RESET;
		if (v & GRC_MISC_CORE_RESET) {
			bge_trace(s, "core reset");
			bge_core_reset(s);
		}
		break;
	case R_GRC_LOCAL:
		s->regs[addr / 4] = v & ~(LOCAL_SET_INT | LOCAL_CLEAR_INT);
		if (v & LOCAL_CLEAR_INT)
			s->irq_pending = false;
		if (v & LOCAL_SET_INT)
			s->irq_pending = true;
		bge_update_irq(s);
		break;
	case R_EEPROM_ADDR:
		s->regs[addr / 4] = v | EEPROM_COMPLETE;	/* no serial EEPROM: done, reads 0 */
		break;
	case R_NV_CMD:
		bge_nvram_cmd(s, v);
		break;
	case R_NV_SWARB:
		s->regs[addr / 4] = old;
		bge_nvram_arb(s, v);
		break;
	case R_FTQ_RESET:
		s->regs[addr / 4] = 0;
		break;
	}
}

static const MemoryRegionOps bge_mmio_ops = {
	.read = bge_mmio_read,
	.write = bge_mmio_write,
	.endianness = DEVICE_LITTLE_ENDIAN,
	.impl = { .min_access_size = 4, .max_access_size = 4 },
	.valid = { .min_access_size = 1, .max_access_size = 8 },
};

/* ------------------------------------------------------------ device */

static NetClientInfo bge_net_info = {
	.type = NET_CLIENT_DRIVER_NIC,
	.size = sizeof(NICState),
	.can_receive = bge_can_receive,
	.receive = bge_receive,
	.link_status_changed = bge_set_link,
};

static void bge_reset(DeviceState *dev)
{
	Bcm5704State *s = BCM5704(dev);
	PCIDevice *d = PCI_DEVICE(s);

	memset(s->sram, 0, BGE_SRAM_SIZE);
	s->rx_epoch_ms = -1;
	s->overflow_left = s->crc_left = 0;
	s->flap_down = false;
	for (int i = 0; i < s->nfaults; i++)
		s->fault[i].fired = false;
	timer_del(s->fault_timer);
	bge_parse_faults(s, NULL);
	bge_phy_reset(s);
	memset(s->dsp, 0, sizeof(s->dsp));
	pci_set_long(d->config + CFG_PCISTATE, PCISTATE_INT_NOT_ACTIVE | 0x0200);
	pci_set_long(d->config + CFG_CLOCK, 0x7);
	pci_set_long(d->config + CFG_DUAL_MAC, s->port ? DUAL_MAC_ID : 0);
	bge_core_reset(s);
	/* power-on: the bootcode has run and left its "done" word */
	sram_put(s, SRAM_FW_MBOX, s->no_fw ? 0 : ~FW_MAGIC);
}

static void bge_realize(PCIDevice *d, Error **errp)
{
	Bcm5704State *s = BCM5704(d);
	DeviceState *dev = DEVICE(d);
	uint8_t *c = d->config;
	int off;

	s->port = PCI_FUNC(d->devfn) & 1;
	if (!bge_parse_faults(s, errp))
		return;
	pci_config_set_interrupt_pin(c, s->port ? 2 : 1);
	pci_set_byte(c + PCI_LATENCY_TIMER, 0x40);

	/* PCI-X: command, then status with the function number, 64-bit, 133 MHz */
	off = pci_add_capability(d, PCI_CAP_ID_PCIX, CFG_PCIX_CAP, 8, errp);
	if (off < 0)
		return;
	pci_set_long(c + off + 4, 0x00030000 | PCI_FUNC(d->devfn));
	off = pci_add_capability(d, PCI_CAP_ID_PM, CFG_PM_CAP, 8, errp);
	if (off < 0)
		return;
	pci_set_word(c + off + 2, 0x0002);	/* PM 1.1 */
	pci_set_word(d->wmask + off + 4, 0x0003);	/* PMCSR power state */

	memory_region_init_io(&s->mmio, OBJECT(s), &bge_mmio_ops, s, "bcm5704-bar0", BGE_BAR_SIZE);
	pci_register_bar(d, 0, PCI_BASE_ADDRESS_SPACE_MEMORY | PCI_BASE_ADDRESS_MEM_TYPE_64,
			 &s->mmio);

	s->sram = g_malloc0(BGE_SRAM_SIZE);
	qemu_macaddr_default_if_unset(&s->conf.macaddr);
	bge_nvram_init(s);
	s->nic = qemu_new_nic(&bge_net_info, &s->conf, object_get_typename(OBJECT(s)),
			      dev->id, &dev->mem_reentrancy_guard, s);
	qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);
	s->status_bh = qemu_bh_new(bge_status_bh, s);
	s->stats_timer = timer_new_us(QEMU_CLOCK_VIRTUAL, bge_stats_tick, s);
	s->fault_timer = timer_new_ms(QEMU_CLOCK_VIRTUAL, bge_fault_tick, s);
	bge_reset(dev);
}

static void bge_exit(PCIDevice *d)
{
	Bcm5704State *s = BCM5704(d);

	qemu_bh_delete(s->status_bh);
	timer_free(s->stats_timer);
	timer_free(s->fault_timer);
	qemu_del_nic(s->nic);
	g_free(s->sram);
}

static Property bge_props[] = {
	DEFINE_NIC_PROPERTIES(Bcm5704State, conf),
	DEFINE_PROP_STRING("faults", Bcm5704State, faults),
	DEFINE_PROP_BOOL("trace", Bcm5704State, trace, false),
	DEFINE_PROP_END_OF_LIST(),
};

static const VMStateDescription bge_vmstate = {
	.name = TYPE_BCM5704,
	.unmigratable = 1,
};

static void bge_class_init(ObjectClass *oc, void *data)
{
	DeviceClass *dc = DEVICE_CLASS(oc);
	PCIDeviceClass *k = PCI_DEVICE_CLASS(oc);

	k->realize = bge_realize;
	k->exit = bge_exit;
	k->config_read = bge_config_read;
	k->config_write = bge_config_write;
	k->vendor_id = 0x14e4;
	k->device_id = 0x1648;
	k->subsystem_vendor_id = 0x0e11;
	k->subsystem_id = 0x00d0;
	k->revision = 0x10;
	k->class_id = PCI_CLASS_NETWORK_ETHERNET;
	dc->desc = "Broadcom BCM5704C gigabit port (HP NC7782)";
	dc->reset = bge_reset;
	dc->vmsd = &bge_vmstate;
	device_class_set_props(dc, bge_props);
	set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
}

static const TypeInfo bge_type = {
	.name = TYPE_BCM5704,
	.parent = TYPE_PCI_DEVICE,
	.instance_size = sizeof(Bcm5704State),
	.class_init = bge_class_init,
	.interfaces = (InterfaceInfo[]) {
		{ INTERFACE_CONVENTIONAL_PCI_DEVICE },
		{ },
	},
};

static void bge_register(void)
{
	type_register_static(&bge_type);
}

type_init(bge_register)
