// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's names: init_uts_ns (uname(2) and the kernel.* name
 * sysctls) and linux_banner (/proc/version).  The release comes from the
 * top-level Makefile (include/generated/utsrelease.h): TIDEWATER_VERSION is
 * Tidewater's own release, e.g. 0.6.0-00017-gabc1234[-dirty], and
 * UTS_RELEASE the string uname -r shows, "6.1.0-tidewater-" followed by it
 * (libc checks the leading Linux ABI level).  User space sees "Linux" as the
 * system name, as the ABI requires.
 */
#include <linux/kernel.h>
#include <linux/utsname.h>
#include <generated/utsrelease.h>

/* uname -v: no build date, so that builds are reproducible. */
#define UTS_VERSION	"#1 SMP Tidewater " TIDEWATER_VERSION
#define UTS_MACHINE	"x86_64"

struct uts_namespace init_uts_ns = {
	.name = {
		.sysname = "Linux",
		.nodename = "(none)",
		.release = UTS_RELEASE,
		.version = UTS_VERSION,
		.machine = UTS_MACHINE,
		.domainname = "(none)",
	},
};

DECLARE_RWSEM(uts_sem);

/* Tools only look for the leading "Linux version <release>". */
const char linux_banner[] =
	"Linux version " UTS_RELEASE " (Tidewater " TIDEWATER_VERSION ") (gcc version "
	__VERSION__ ") " UTS_VERSION "\n";
