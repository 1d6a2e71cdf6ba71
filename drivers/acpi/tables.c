// SPDX-License-Identifier: GPL-2.0-only
/*
 * ACPI static tables: find the RSDP, walk the XSDT (or RSDT), check every
 * table's checksum and keep a directory of the good ones; parse the FADT,
 * MCFG and HPET tables, then let the architecture parse the MADT.
 *
 * Interface (<linux/acpi.h>): acpi_table_init() (boot hook, after the
 * memory allocator and before init_IRQ()), acpi_get_table(),
 * acpi_table_parse(), acpi_os_map_memory(), acpi_gas_read/write(),
 * acpi_pm_timer_read().
 *
 * Where the RSDP may be, in order: the boot loader's boot_params
 * acpi_rsdp_addr (EFI and some loaders), the first KiB of the EBDA, then
 * the BIOS area 0xE0000-0xFFFFF, on 16-byte boundaries.
 *
 * Tables are usually in reserved or ACPI e820 ranges that the direct map
 * does not cover, so they are ioremap()ed (and stay mapped).  A table
 * with a bad checksum or an absurd length is reported and ignored.
 *
 * Locking: none; everything here runs once on the boot CPU before SMP and
 * the results are read-only afterwards.
 */
#define pr_fmt(fmt) "ACPI: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/acpi.h>
#include <linux/memblock.h>
#include <linux/errno.h>
#include <asm/io.h>
#include <asm/page.h>
#include <asm/setup.h>

#define ACPI_MAX_TABLES		64
/* No sane table is bigger; a larger length means a corrupt header. */
#define ACPI_MAX_TABLE_LEN	(4u << 20)
#define BIOS_ROM_BASE		0xe0000
#define BIOS_ROM_END		0x100000
#define BDA_EBDA_SEGMENT	0x40e	/* word: EBDA segment in the BIOS data area */
#define EBDA_SEARCH_LEN		1024

struct acpi_table_desc {
	u64 phys;
	struct acpi_table_header *table;
};

bool acpi_disabled;
struct acpi_table_fadt acpi_gbl_FADT;
struct acpi_mcfg_allocation acpi_mcfg[ACPI_MAX_MCFG];
int acpi_mcfg_nr;
u64 acpi_hpet_address;
struct acpi_generic_address acpi_pm1a_cnt, acpi_pm1b_cnt, acpi_pm_tmr;
unsigned int acpi_pm_tmr_bits;

static struct acpi_table_desc acpi_tables[ACPI_MAX_TABLES];
static int acpi_nr_tables;

static int __init parse_acpi(char *arg)
{
	if (!strcmp(arg, "off")) {
		acpi_disabled = true;
		return 1;
	}
	pr_warn("ignoring acpi=%s (only acpi=off is understood)\n", arg);
	return 1;
}
early_param("acpi=", parse_acpi);

/* ------------------------------------------------------------ mapping */

static bool in_direct_map(u64 start, u64 end)
{
	struct memblock_region *r;

	for_each_mem_region(r)
		if (start >= r->base && end <= r->base + r->size)
			return true;
	return false;
}

void *acpi_os_map_memory(u64 phys, u64 size)
{
	if (!size || phys + size < phys)
		return NULL;
	if (in_direct_map(phys, phys + size))
		return __va(phys);
	return ioremap(phys, size);
}

static void acpi_os_unmap_memory(void *virt)
{
	unsigned long va = (unsigned long)virt;

	if (va >= VMALLOC_START && va <= VMALLOC_END)
		iounmap(virt);
}

/* ------------------------------------------------------------ checks */

static u8 checksum(const void *p, u32 len)
{
	const u8 *b = p;
	u8 sum = 0;

	while (len--)
		sum += *b++;
	return sum;
}

/* OEM strings may hold NULs or junk: make them printable. */
static void printable(char *dst, const char *src, int n)
{
	for (int i = 0; i < n; i++)
		dst[i] = (src[i] >= 0x20 && src[i] < 0x7f) ? src[i] : ' ';
	dst[n] = '\0';
}

static void print_table_header(u64 phys, const struct acpi_table_header *h)
{
	char sig[5], oem[7], oem_table[9], creator[5];

	printable(sig, h->signature, 4);
	printable(oem, h->oem_id, 6);
	printable(oem_table, h->oem_table_id, 8);
	printable(creator, h->asl_compiler_id, 4);
	pr_info("%s 0x%016llX %06X (v%02d %-6s %-8s %08X %-4s %08X)\n", sig, phys, h->length,
		h->revision, oem, oem_table, h->oem_revision, creator, h->asl_compiler_revision);
}

/* ------------------------------------------------------------ RSDP */

static struct acpi_table_rsdp *rsdp_valid(void *p)
{
	struct acpi_table_rsdp *r = p;

	if (memcmp(r->signature, ACPI_SIG_RSDP, 8) || checksum(r, 20))
		return NULL;
	if (r->revision >= 2 && (r->length < sizeof(*r) || r->length > 4096 ||
				 checksum(r, r->length)))
		return NULL;
	return r;
}

/* Search [phys, phys + len) on 16-byte boundaries; copies the RSDP out. */
static bool __init rsdp_scan(u64 phys, u32 len, struct acpi_table_rsdp *out, u64 *found)
{
	u8 *base = acpi_os_map_memory(phys, len);
	bool ok = false;

	if (!base)
		return false;
	for (u32 off = 0; off + 20 <= len; off += 16) {
		struct acpi_table_rsdp *r = (void *)(base + off);
		u32 need = 20;

		if (memcmp(r->signature, ACPI_SIG_RSDP, 8))
			continue;
		if (r->revision >= 2)
			need = sizeof(*r);
		if (off + need > len || !rsdp_valid(r))
			continue;
		memset(out, 0, sizeof(*out));
		memcpy(out, r, need);
		*found = phys + off;
		ok = true;
		break;
	}
	acpi_os_unmap_memory(base);
	return ok;
}

static bool __init find_rsdp(struct acpi_table_rsdp *rsdp, u64 *phys)
{
	u64 hint = boot_params.acpi_rsdp_addr;
	u16 *bda;

	if (hint && rsdp_scan(hint, sizeof(*rsdp), rsdp, phys))
		return true;
	if (hint)
		pr_warn("boot loader's RSDP pointer %#llx is not valid; searching\n", hint);

	bda = acpi_os_map_memory(BDA_EBDA_SEGMENT, 2);
	if (bda) {
		u64 ebda = (u64)READ_ONCE(*bda) << 4;

		acpi_os_unmap_memory(bda);
		/* A plausible EBDA sits in the top of conventional memory. */
		if (ebda >= 0x80000 && ebda < 0xa0000 &&
		    rsdp_scan(ebda, min_t(u64, EBDA_SEARCH_LEN, 0xa0000 - ebda), rsdp, phys))
			return true;
	}
	return rsdp_scan(BIOS_ROM_BASE, BIOS_ROM_END - BIOS_ROM_BASE, rsdp, phys);
}

/* ------------------------------------------------------------ tables */

/*
 * Map the table at phys completely, check it and (if sig is given) its
 * signature.  Returns NULL for anything that does not look right.
 */
static struct acpi_table_header *__init map_table(u64 phys, const char *sig)
{
	struct acpi_table_header *h;
	u32 len;

	if (!phys)
		return NULL;
	h = acpi_os_map_memory(phys, sizeof(*h));
	if (!h)
		return NULL;
	len = h->length;
	if (sig && memcmp(h->signature, sig, 4)) {
		pr_warn("table at %#llx: expected %.4s, found junk\n", phys, sig);
		acpi_os_unmap_memory(h);
		return NULL;
	}
	acpi_os_unmap_memory(h);
	if (len < sizeof(*h) || len > ACPI_MAX_TABLE_LEN) {
		pr_warn("table at %#llx has a bad length %u; ignored\n", phys, len);
		return NULL;
	}
	h = acpi_os_map_memory(phys, len);
	if (!h)
		return NULL;
	if (checksum(h, len)) {
		pr_warn("[Firmware Bug]: %.4s at %#llx has a bad checksum; ignored\n",
			h->signature, phys);
		acpi_os_unmap_memory(h);
		return NULL;
	}
	return h;
}

static void __init add_table(u64 phys, struct acpi_table_header *h)
{
	print_table_header(phys, h);
	if (acpi_nr_tables == ACPI_MAX_TABLES) {
		pr_warn("more than %d tables; %.4s ignored\n", ACPI_MAX_TABLES, h->signature);
		return;
	}
	acpi_tables[acpi_nr_tables].phys = phys;
	acpi_tables[acpi_nr_tables].table = h;
	acpi_nr_tables++;
}

struct acpi_table_header *acpi_get_table(const char *sig, int instance)
{
	for (int i = 0; i < acpi_nr_tables; i++)
		if (!memcmp(acpi_tables[i].table->signature, sig, 4) && instance-- == 0)
			return acpi_tables[i].table;
	return NULL;
}

int acpi_table_parse(const char *sig, int (*fn)(struct acpi_table_header *table))
{
	struct acpi_table_header *t = acpi_get_table(sig, 0);

	return t ? fn(t) : -ENODEV;
}

/* ------------------------------------------------------------ GAS, PM timer */

int acpi_gas_read(const struct acpi_generic_address *gas, u32 *val)
{
	unsigned int width = gas->bit_width ? gas->bit_width : 8;

	if (!gas->address)
		return -ENODEV;
	if (gas->space_id != ACPI_ADR_SPACE_SYSTEM_IO || gas->address > 0xffff)
		return -EINVAL;
	if (width <= 8)
		*val = inb(gas->address);
	else if (width <= 16)
		*val = inw(gas->address);
	else
		*val = inl(gas->address);
	return 0;
}

int acpi_gas_write(const struct acpi_generic_address *gas, u32 val)
{
	unsigned int width = gas->bit_width ? gas->bit_width : 8;

	if (!gas->address)
		return -ENODEV;
	if (gas->space_id != ACPI_ADR_SPACE_SYSTEM_IO || gas->address > 0xffff)
		return -EINVAL;
	if (width <= 8)
		outb(val, gas->address);
	else if (width <= 16)
		outw(val, gas->address);
	else
		outl(val, gas->address);
	return 0;
}

u32 acpi_pm_timer_read(void)
{
	u32 v;

	if (acpi_gas_read(&acpi_pm_tmr, &v))
		return 0;
	return acpi_pm_tmr_bits == 32 ? v : v & 0xffffff;
}

/* ------------------------------------------------------------ FADT */

/* Prefer the 64-bit GAS when it is filled in and in I/O space. */
static void __init pick_register(struct acpi_generic_address *out,
				 const struct acpi_generic_address *x, u32 legacy, u8 len)
{
	memset(out, 0, sizeof(*out));
	if (x->address && x->space_id == ACPI_ADR_SPACE_SYSTEM_IO) {
		*out = *x;
		if (!out->bit_width)
			out->bit_width = len * 8;
		return;
	}
	if (!legacy)
		return;
	out->space_id = ACPI_ADR_SPACE_SYSTEM_IO;
	out->bit_width = len * 8;
	out->address = legacy;
}

static void __init parse_fadt(u64 fadt_phys, struct acpi_table_header *h)
{
	struct acpi_table_fadt *f = &acpi_gbl_FADT;
	struct acpi_table_header *dsdt;
	u64 facs, dsdt_phys;

	memcpy(f, h, min_t(u32, h->length, sizeof(*f)));
	f->header.length = h->length;

	/* The FACS has no checksum and a short header: just note it. */
	facs = f->x_facs && h->length >= offsetof(struct acpi_table_fadt, x_dsdt) ? f->x_facs : f->facs;
	if (facs) {
		u32 *p = acpi_os_map_memory(facs, 8);

		if (p && !memcmp(p, ACPI_SIG_FACS, 4))
			pr_info("FACS 0x%016llX %06X\n", facs, p[1]);
		if (p)
			acpi_os_unmap_memory(p);
	}

	dsdt_phys = f->x_dsdt && h->length >= offsetof(struct acpi_table_fadt, x_pm1a_event_block) ?
		    f->x_dsdt : f->dsdt;
	dsdt = map_table(dsdt_phys, ACPI_SIG_DSDT);
	if (dsdt)
		add_table(dsdt_phys, dsdt);

	pick_register(&acpi_pm1a_cnt, &f->x_pm1a_control_block, f->pm1a_control_block,
		      f->pm1_control_length ? f->pm1_control_length : 2);
	pick_register(&acpi_pm1b_cnt, &f->x_pm1b_control_block, f->pm1b_control_block,
		      f->pm1_control_length ? f->pm1_control_length : 2);
	pick_register(&acpi_pm_tmr, &f->x_pm_timer_block, f->pm_timer_block, 4);
	/* The PM timer register is always read as a dword. */
	acpi_pm_tmr.bit_width = 32;
	acpi_pm_tmr_bits = (f->flags & ACPI_FADT_32BIT_TIMER) ? 32 : 24;
	if (f->pm_timer_length != 4 && !f->x_pm_timer_block.address)
		memset(&acpi_pm_tmr, 0, sizeof(acpi_pm_tmr));
	if (acpi_pm_tmr.address)
		pr_info("PM-Timer IO Port: %#llx (%u bits)\n", acpi_pm_tmr.address,
			acpi_pm_tmr_bits);
	if (f->flags & ACPI_FADT_HW_REDUCED)
		pr_warn("hardware-reduced ACPI: no PM1 registers, no S5 power off\n");
}

/* ------------------------------------------------------------ MCFG, HPET */

static int __init parse_mcfg(struct acpi_table_header *h)
{
	struct acpi_mcfg_allocation *e = (void *)((u8 *)h + sizeof(struct acpi_table_mcfg));
	u32 n = (h->length - sizeof(struct acpi_table_mcfg)) / sizeof(*e);

	if (h->length < sizeof(struct acpi_table_mcfg))
		return -EINVAL;
	for (u32 i = 0; i < n; i++, e++) {
		if (e->end_bus_number < e->start_bus_number || !e->address) {
			pr_warn("MCFG entry %u is malformed; ignored\n", i);
			continue;
		}
		if (acpi_mcfg_nr == ACPI_MAX_MCFG) {
			pr_warn("MCFG: more than %d segments; the rest ignored\n", ACPI_MAX_MCFG);
			break;
		}
		acpi_mcfg[acpi_mcfg_nr++] = *e;
		pr_info("MCFG: PCI segment %04x [bus %02x-%02x] at %#llx\n", e->pci_segment,
			e->start_bus_number, e->end_bus_number,
			e->address + ((u64)e->start_bus_number << 20));
	}
	return 0;
}

static int __init parse_hpet(struct acpi_table_header *h)
{
	struct acpi_table_hpet *t = (void *)h;

	if (h->length < sizeof(*t))
		return -EINVAL;
	if (t->address.space_id != ACPI_ADR_SPACE_SYSTEM_MEMORY || !t->address.address) {
		pr_warn("HPET: not in memory space; ignored\n");
		return -EINVAL;
	}
	acpi_hpet_address = t->address.address;
	pr_info("HPET id: %#x base: %#llx\n", t->id, acpi_hpet_address);
	return 0;
}

/* ------------------------------------------------------------ the walk */

static void __init walk_root(u64 root_phys, bool xsdt)
{
	struct acpi_table_header *root = map_table(root_phys, xsdt ? ACPI_SIG_XSDT : ACPI_SIG_RSDT);
	u32 entry_size = xsdt ? 8 : 4, n;
	u8 *entries;

	if (!root) {
		pr_err("no valid %s at %#llx\n", xsdt ? "XSDT" : "RSDT", root_phys);
		return;
	}
	print_table_header(root_phys, root);
	entries = (u8 *)root + sizeof(*root);
	n = (root->length - sizeof(*root)) / entry_size;
	for (u32 i = 0; i < n; i++) {
		u64 phys = 0;
		struct acpi_table_header *h;

		memcpy(&phys, entries + i * entry_size, entry_size);
		h = map_table(phys, NULL);
		if (!h)
			continue;
		add_table(phys, h);
		if (!memcmp(h->signature, ACPI_SIG_FADT, 4) && !acpi_gbl_FADT.header.length)
			parse_fadt(phys, h);
	}
}

void __init acpi_table_init(void)
{
	struct acpi_table_rsdp rsdp;
	u64 rsdp_phys;
	char oem[7];

	if (acpi_disabled) {
		pr_info("disabled by acpi=off\n");
		goto arch;
	}
	if (!find_rsdp(&rsdp, &rsdp_phys)) {
		pr_err("no RSDP found; running without ACPI (boot CPU only)\n");
		acpi_disabled = true;
		goto arch;
	}
	printable(oem, rsdp.oem_id, 6);
	pr_info("RSDP 0x%016llX %06X (v%02d %-6s)\n", rsdp_phys,
		rsdp.revision >= 2 ? rsdp.length : 20, rsdp.revision, oem);

	if (rsdp.revision >= 2 && rsdp.xsdt_physical_address)
		walk_root(rsdp.xsdt_physical_address, true);
	if (!acpi_nr_tables && rsdp.rsdt_physical_address)
		walk_root(rsdp.rsdt_physical_address, false);
	if (!acpi_nr_tables) {
		pr_err("no usable tables; running without ACPI (boot CPU only)\n");
		acpi_disabled = true;
		goto arch;
	}
	acpi_table_parse(ACPI_SIG_MCFG, parse_mcfg);
	acpi_table_parse(ACPI_SIG_HPET, parse_hpet);
arch:
	acpi_boot_init();
	if (!acpi_disabled) {
		acpi_sleep_init();
		acpi_reboot_init();
	}
}
