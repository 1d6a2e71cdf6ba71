/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ACPI static tables: layouts (ACPI 6.x, little-endian, packed) and the
 * table directory drivers/acpi/tables.c builds at boot.  There is no AML
 * interpreter; the only AML ever looked at is the \_S5 package
 * (drivers/acpi/sleep.c).
 *
 * Interface:
 *   acpi_table_init()          boot hook: find the RSDP, check and map every
 *                              table, parse FADT/MCFG/HPET, then the MADT
 *                              (arch: acpi_boot_init()) and \_S5
 *   acpi_get_table(sig, n)     the n-th table with that signature, or NULL
 *   acpi_table_parse(sig, fn)  call fn on the first table with that signature
 *   acpi_gbl_FADT              the FADT, zero-extended to the newest layout
 *   acpi_mcfg[] / acpi_hpet_address   the PCIe ECAM windows and HPET base
 *
 * Tables are mapped once at boot and never unmapped; every pointer handed
 * out stays valid.  All of this is written once by the boot CPU before SMP
 * and read-only afterwards, so there is no locking.
 */
#ifndef _LINUX_ACPI_H
#define _LINUX_ACPI_H

#include <linux/types.h>
#include <linux/compiler.h>

#define ACPI_SIG_RSDP	"RSD PTR "
#define ACPI_SIG_RSDT	"RSDT"
#define ACPI_SIG_XSDT	"XSDT"
#define ACPI_SIG_FADT	"FACP"
#define ACPI_SIG_FACS	"FACS"
#define ACPI_SIG_DSDT	"DSDT"
#define ACPI_SIG_SSDT	"SSDT"
#define ACPI_SIG_MADT	"APIC"
#define ACPI_SIG_MCFG	"MCFG"
#define ACPI_SIG_HPET	"HPET"

struct acpi_table_rsdp {
	char signature[8];		/* "RSD PTR " */
	u8 checksum;			/* over the first 20 bytes */
	char oem_id[6];
	u8 revision;			/* 0: ACPI 1.0 (RSDT only), 2: has XSDT */
	u32 rsdt_physical_address;
	u32 length;			/* revision >= 2 from here on */
	u64 xsdt_physical_address;
	u8 extended_checksum;		/* over the whole structure */
	u8 reserved[3];
} __packed;

struct acpi_table_header {
	char signature[4];
	u32 length;			/* of the whole table, header included */
	u8 revision;
	u8 checksum;			/* the whole table sums to 0 */
	char oem_id[6];
	char oem_table_id[8];
	u32 oem_revision;
	char asl_compiler_id[4];
	u32 asl_compiler_revision;
} __packed;

/* Generic Address Structure: where a register lives. */
struct acpi_generic_address {
	u8 space_id;			/* ACPI_ADR_SPACE_* */
	u8 bit_width;
	u8 bit_offset;
	u8 access_width;		/* 1 byte, 2 word, 3 dword, 4 qword */
	u64 address;
} __packed;

#define ACPI_ADR_SPACE_SYSTEM_MEMORY	0
#define ACPI_ADR_SPACE_SYSTEM_IO	1
#define ACPI_ADR_SPACE_PCI_CONFIG	2

/* ---------------------------------------------------------------- FADT */

struct acpi_table_fadt {
	struct acpi_table_header header;
	u32 facs;
	u32 dsdt;
	u8 model;
	u8 preferred_profile;
	u16 sci_interrupt;
	u32 smi_command;		/* port the OS writes acpi_enable to */
	u8 acpi_enable;
	u8 acpi_disable;
	u8 s4_bios_request;
	u8 pstate_control;
	u32 pm1a_event_block;
	u32 pm1b_event_block;
	u32 pm1a_control_block;		/* SLP_TYP / SLP_EN live here */
	u32 pm1b_control_block;
	u32 pm2_control_block;
	u32 pm_timer_block;		/* 3.579545 MHz counter */
	u32 gpe0_block;
	u32 gpe1_block;
	u8 pm1_event_length;
	u8 pm1_control_length;
	u8 pm2_control_length;
	u8 pm_timer_length;
	u8 gpe0_block_length;
	u8 gpe1_block_length;
	u8 gpe1_base;
	u8 cst_control;
	u16 c2_latency;
	u16 c3_latency;
	u16 flush_size;
	u16 flush_stride;
	u8 duty_offset;
	u8 duty_width;
	u8 day_alarm;
	u8 month_alarm;
	u8 century;			/* CMOS index of the century byte, 0 = none */
	u16 boot_flags;			/* IA-PC boot architecture flags */
	u8 reserved;
	u32 flags;
	struct acpi_generic_address reset_register;	/* revision >= 2 */
	u8 reset_value;
	u16 arm_boot_flags;
	u8 minor_revision;
	u64 x_facs;
	u64 x_dsdt;
	struct acpi_generic_address x_pm1a_event_block;
	struct acpi_generic_address x_pm1b_event_block;
	struct acpi_generic_address x_pm1a_control_block;
	struct acpi_generic_address x_pm1b_control_block;
	struct acpi_generic_address x_pm2_control_block;
	struct acpi_generic_address x_pm_timer_block;
	struct acpi_generic_address x_gpe0_block;
	struct acpi_generic_address x_gpe1_block;
	struct acpi_generic_address sleep_control;
	struct acpi_generic_address sleep_status;
	u64 hypervisor_id;
} __packed;

/* acpi_table_fadt.flags */
#define ACPI_FADT_WBINVD		(1u << 0)
#define ACPI_FADT_32BIT_TIMER		(1u << 8)	/* PM timer is 32 bits, not 24 */
#define ACPI_FADT_RESET_REGISTER	(1u << 10)	/* reset_register is valid */
#define ACPI_FADT_HW_REDUCED		(1u << 20)

/* acpi_table_fadt.boot_flags */
#define ACPI_FADT_LEGACY_DEVICES	(1u << 0)
#define ACPI_FADT_8042			(1u << 1)
#define ACPI_FADT_NO_VGA		(1u << 2)
#define ACPI_FADT_NO_MSI		(1u << 3)
#define ACPI_FADT_NO_CMOS_RTC		(1u << 5)

/* PM1 control register bits */
#define ACPI_PM1_SCI_EN			(1u << 0)
#define ACPI_PM1_SLP_TYP_SHIFT		10
#define ACPI_PM1_SLP_TYP_MASK		(7u << ACPI_PM1_SLP_TYP_SHIFT)
#define ACPI_PM1_SLP_EN			(1u << 13)

#define ACPI_PM_TIMER_FREQUENCY		3579545	/* Hz */

/* ---------------------------------------------------------------- MADT */

struct acpi_table_madt {
	struct acpi_table_header header;
	u32 address;			/* local APIC physical address */
	u32 flags;			/* bit 0: 8259 PICs present (PCAT_COMPAT) */
} __packed;

struct acpi_subtable_header {
	u8 type;
	u8 length;
} __packed;

enum acpi_madt_type {
	ACPI_MADT_TYPE_LOCAL_APIC = 0,
	ACPI_MADT_TYPE_IO_APIC = 1,
	ACPI_MADT_TYPE_INTERRUPT_OVERRIDE = 2,
	ACPI_MADT_TYPE_NMI_SOURCE = 3,
	ACPI_MADT_TYPE_LOCAL_APIC_NMI = 4,
	ACPI_MADT_TYPE_LOCAL_APIC_OVERRIDE = 5,
	ACPI_MADT_TYPE_LOCAL_X2APIC = 9,
	ACPI_MADT_TYPE_LOCAL_X2APIC_NMI = 10,
};

#define ACPI_MADT_ENABLED		(1u << 0)	/* processor usable now */
#define ACPI_MADT_ONLINE_CAPABLE	(1u << 1)	/* may be hot-added later */

/* MPS INTI flags (overrides, NMI entries) */
#define ACPI_MADT_POLARITY_MASK		3u
#define ACPI_MADT_POLARITY_CONFORMS	0u
#define ACPI_MADT_POLARITY_ACTIVE_HIGH	1u
#define ACPI_MADT_POLARITY_ACTIVE_LOW	3u
#define ACPI_MADT_TRIGGER_MASK		(3u << 2)
#define ACPI_MADT_TRIGGER_CONFORMS	(0u << 2)
#define ACPI_MADT_TRIGGER_EDGE		(1u << 2)
#define ACPI_MADT_TRIGGER_LEVEL		(3u << 2)

struct acpi_madt_local_apic {
	struct acpi_subtable_header header;
	u8 processor_id;		/* ACPI processor UID */
	u8 id;				/* local APIC ID */
	u32 lapic_flags;
} __packed;

struct acpi_madt_io_apic {
	struct acpi_subtable_header header;
	u8 id;
	u8 reserved;
	u32 address;
	u32 global_irq_base;
} __packed;

struct acpi_madt_interrupt_override {
	struct acpi_subtable_header header;
	u8 bus;				/* 0: ISA */
	u8 source_irq;
	u32 global_irq;
	u16 inti_flags;
} __packed;

struct acpi_madt_nmi_source {
	struct acpi_subtable_header header;
	u16 inti_flags;
	u32 global_irq;
} __packed;

struct acpi_madt_local_apic_nmi {
	struct acpi_subtable_header header;
	u8 processor_id;		/* 0xff: every processor */
	u16 inti_flags;
	u8 lint;			/* 0 or 1 */
} __packed;

struct acpi_madt_local_apic_override {
	struct acpi_subtable_header header;
	u16 reserved;
	u64 address;
} __packed;

struct acpi_madt_local_x2apic {
	struct acpi_subtable_header header;
	u16 reserved;
	u32 local_apic_id;
	u32 lapic_flags;
	u32 uid;
} __packed;

struct acpi_madt_local_x2apic_nmi {
	struct acpi_subtable_header header;
	u16 inti_flags;
	u32 uid;			/* 0xffffffff: every processor */
	u8 lint;
	u8 reserved[3];
} __packed;

/* ---------------------------------------------------------------- MCFG, HPET */

struct acpi_mcfg_allocation {
	u64 address;			/* ECAM base for bus 0 of this segment */
	u16 pci_segment;
	u8 start_bus_number;
	u8 end_bus_number;
	u32 reserved;
} __packed;

struct acpi_table_mcfg {
	struct acpi_table_header header;
	u8 reserved[8];
	/* struct acpi_mcfg_allocation entries[] follow */
} __packed;

struct acpi_table_hpet {
	struct acpi_table_header header;
	u32 id;				/* event timer block ID (vendor, counters) */
	struct acpi_generic_address address;
	u8 sequence;
	u16 minimum_tick;
	u8 flags;
} __packed;

/* ---------------------------------------------------------------- interface */

/* acpi=off on the command line, or no usable RSDP: everything below is empty. */
extern bool acpi_disabled;

/* The FADT, copied and zero-extended; header.length == 0 when there is none. */
extern struct acpi_table_fadt acpi_gbl_FADT;

#define ACPI_MAX_MCFG 8
extern struct acpi_mcfg_allocation acpi_mcfg[ACPI_MAX_MCFG];
extern int acpi_mcfg_nr;

/* Physical base of the first HPET block, 0 if the firmware lists none. */
extern u64 acpi_hpet_address;

void acpi_table_init(void);
struct acpi_table_header *acpi_get_table(const char *sig, int instance);
/* Returns fn's result, or -ENODEV when there is no such table. */
int acpi_table_parse(const char *sig, int (*fn)(struct acpi_table_header *table));

/* Map firmware memory (tables, ROM areas): the direct map for RAM, else ioremap. */
void *acpi_os_map_memory(u64 phys, u64 size);

/*
 * Registers described by a Generic Address Structure.  Only system I/O space
 * is supported (-EINVAL otherwise): every PM register on PC hardware is there.
 */
int acpi_gas_read(const struct acpi_generic_address *gas, u32 *val);
int acpi_gas_write(const struct acpi_generic_address *gas, u32 val);

/*
 * The PM1a/PM1b control and PM timer registers, normalised from the FADT's
 * 32-bit and extended fields (space_id = SYSTEM_IO, address 0 = absent).
 */
extern struct acpi_generic_address acpi_pm1a_cnt, acpi_pm1b_cnt, acpi_pm_tmr;
/* The ACPI PM timer, 0 if absent; wraps at 2^24 or 2^32 (acpi_pm_tmr_bits). */
u32 acpi_pm_timer_read(void);
extern unsigned int acpi_pm_tmr_bits;

/* Arch hook: parse the MADT (arch/x86/kernel/acpi/boot.c). */
void acpi_boot_init(void);
/* \_S5 and the FADT reset register -> pm_power_off / acpi_reboot_hook. */
void acpi_sleep_init(void);
void acpi_reboot_init(void);

#endif /* _LINUX_ACPI_H */
