// SPDX-License-Identifier: GPL-2.0-only
/*
 * Power off through ACPI S5 (soft off).
 *
 * S5 needs two facts: where the PM1a/PM1b control registers are (FADT)
 * and the SLP_TYP values for S5, which only the AML knows: the \_S5
 * object, normally "Name (_S5, Package () { a, b, ... })".  Without an
 * AML interpreter the DSDT (then the SSDTs) is scanned for the bytes
 * NameOp "_S5_" PackageOp and the package is decoded: its PkgLength, the
 * element count, then integers in any of the AML encodings (Zero, One,
 * Ones, Byte/Word/DWord/QWord prefixes).  An \_S5 defined as a method
 * is not supported (reported; no power off then).
 *
 * acpi_power_off() switches the chipset to ACPI mode if the firmware
 * has not (SMI_CMD <- ACPI_ENABLE, wait for SCI_EN), writes SLP_TYP to
 * PM1a/PM1b, then SLP_TYP | SLP_EN.
 *
 * Interface: acpi_sleep_init() (from acpi_table_init()), which sets
 * pm_power_off.  Power off runs on one CPU with the others stopped; no
 * locking.
 */
#define pr_fmt(fmt) "ACPI: PM: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/acpi.h>
#include <linux/delay.h>
#include <linux/reboot.h>
#include <linux/errno.h>
#include <asm/io.h>
#include <asm/irqflags.h>

#define AML_ZERO_OP		0x00
#define AML_ONE_OP		0x01
#define AML_NAME_OP		0x08
#define AML_BYTE_PREFIX		0x0a
#define AML_WORD_PREFIX		0x0b
#define AML_DWORD_PREFIX	0x0c
#define AML_QWORD_PREFIX	0x0e
#define AML_PACKAGE_OP		0x12
#define AML_METHOD_OP		0x14
#define AML_ONES_OP		0xff
#define AML_ROOT_CHAR		'\\'

/* How long the firmware may take to switch to ACPI mode (Linux: 3 s). */
#define ACPI_ENABLE_TIMEOUT_MS	3000

static u8 s5_typ_a, s5_typ_b;

/* PkgLength: bits 7:6 of the lead byte count the bytes that follow. */
static int aml_pkg_length(const u8 *p, const u8 *end, u32 *len, u32 *nbytes)
{
	u32 follow = p[0] >> 6;

	if (p + 1 + follow > end)
		return -EINVAL;
	if (!follow) {
		*len = p[0] & 0x3f;
	} else {
		*len = p[0] & 0x0f;
		for (u32 i = 1; i <= follow; i++)
			*len |= (u32)p[i] << (4 + 8 * (i - 1));
	}
	*nbytes = 1 + follow;
	return 0;
}

/* One integer data object at *pp, which is advanced past it. */
static int aml_integer(const u8 **pp, const u8 *end, u64 *val)
{
	const u8 *p = *pp;
	unsigned int size;

	if (p >= end)
		return -EINVAL;
	switch (*p) {
	case AML_ZERO_OP:
		*val = 0;
		*pp = p + 1;
		return 0;
	case AML_ONE_OP:
		*val = 1;
		*pp = p + 1;
		return 0;
	case AML_ONES_OP:
		*val = ~0ULL;
		*pp = p + 1;
		return 0;
	case AML_BYTE_PREFIX:
		size = 1;
		break;
	case AML_WORD_PREFIX:
		size = 2;
		break;
	case AML_DWORD_PREFIX:
		size = 4;
		break;
	case AML_QWORD_PREFIX:
		size = 8;
		break;
	default:
		return -EINVAL;
	}
	if (p + 1 + size > end)
		return -EINVAL;
	*val = 0;
	memcpy(val, p + 1, size);
	*pp = p + 1 + size;
	return 0;
}

/* Decode "_S5_" PackageOp ... at name; 0 and the two values on success. */
static int parse_s5_package(const u8 *name, const u8 *end, u8 *a, u8 *b)
{
	const u8 *p = name + 4, *pkg_end;
	u32 len, nbytes, count;
	u64 va, vb = 0;

	if (p >= end || *p != AML_PACKAGE_OP)
		return -EINVAL;
	p++;
	if (aml_pkg_length(p, end, &len, &nbytes))
		return -EINVAL;
	pkg_end = p + len;	/* PkgLength counts its own bytes */
	if (pkg_end > end || len < nbytes + 1)
		return -EINVAL;
	p += nbytes;
	count = *p++;
	if (count < 1 || aml_integer(&p, pkg_end, &va))
		return -EINVAL;
	if (count >= 2 && aml_integer(&p, pkg_end, &vb))
		return -EINVAL;
	*a = va & 7;
	*b = vb & 7;
	return 0;
}

static int find_s5(const struct acpi_table_header *t, u8 *a, u8 *b)
{
	const u8 *start = (const u8 *)t + sizeof(*t), *end = (const u8 *)t + t->length;

	for (const u8 *p = start + 1; p + 4 < end; p++) {
		const u8 *op = p - 1;

		if (memcmp(p, "_S5_", 4))
			continue;
		if (*op == AML_ROOT_CHAR && op > start)
			op--;
		if (*op == AML_METHOD_OP || (op > start && op[-1] == AML_METHOD_OP)) {
			pr_warn("\\_S5 is a method; cannot evaluate it without AML\n");
			continue;
		}
		if (*op == AML_NAME_OP && !parse_s5_package(p, end, a, b))
			return 0;
	}
	return -ENOENT;
}

static void acpi_enable_mode(void)
{
	const struct acpi_table_fadt *f = &acpi_gbl_FADT;
	u32 v;

	if (acpi_gas_read(&acpi_pm1a_cnt, &v) || (v & ACPI_PM1_SCI_EN))
		return;
	if (!f->smi_command || !f->acpi_enable)
		return;	/* hardware that is always in ACPI mode */
	outb(f->acpi_enable, f->smi_command);
	for (int ms = 0; ms < ACPI_ENABLE_TIMEOUT_MS; ms++) {
		if (!acpi_gas_read(&acpi_pm1a_cnt, &v) && (v & ACPI_PM1_SCI_EN))
			return;
		mdelay(1);
	}
	pr_warn("firmware did not enter ACPI mode; trying S5 anyway\n");
}

static void write_slp(const struct acpi_generic_address *reg, u8 typ, bool enable)
{
	u32 v;

	if (acpi_gas_read(reg, &v))
		return;
	v &= ~(ACPI_PM1_SLP_TYP_MASK | ACPI_PM1_SLP_EN);
	v |= (u32)typ << ACPI_PM1_SLP_TYP_SHIFT;
	if (enable)
		v |= ACPI_PM1_SLP_EN;
	acpi_gas_write(reg, v);
}

static void acpi_power_off(void)
{
	local_irq_disable();
	acpi_enable_mode();
	write_slp(&acpi_pm1a_cnt, s5_typ_a, false);
	write_slp(&acpi_pm1b_cnt, s5_typ_b, false);
	write_slp(&acpi_pm1a_cnt, s5_typ_a, true);
	write_slp(&acpi_pm1b_cnt, s5_typ_b, true);
	/* Power should be gone within microseconds; the caller reports failure. */
	mdelay(500);
}

void __init acpi_sleep_init(void)
{
	struct acpi_table_header *t;
	int found = -ENOENT;

	if (!acpi_pm1a_cnt.address) {
		pr_info("no PM1a control register: power off unsupported\n");
		return;
	}
	t = acpi_get_table(ACPI_SIG_DSDT, 0);
	if (t)
		found = find_s5(t, &s5_typ_a, &s5_typ_b);
	for (int i = 0; found && (t = acpi_get_table(ACPI_SIG_SSDT, i)); i++)
		found = find_s5(t, &s5_typ_a, &s5_typ_b);
	if (found) {
		pr_info("no \\_S5 package in the DSDT/SSDTs: power off unsupported\n");
		return;
	}
	pm_power_off = acpi_power_off;
	pr_info("(supports S0 S5): SLP_TYP %u/%u, PM1a_CNT %#llx%s\n", s5_typ_a, s5_typ_b,
		acpi_pm1a_cnt.address, acpi_pm1b_cnt.address ? " + PM1b" : "");
}
