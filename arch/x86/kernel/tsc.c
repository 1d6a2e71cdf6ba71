// SPDX-License-Identifier: GPL-2.0-only
/*
 * The TSC: calibration, and the nanosecond clock everything else reads.
 *
 * Calibration counts TSC cycles over a 10 ms window timed by PIT channel 2
 * (gate on port 0x61, mode 0: OUT2 rises when the count runs out) and
 * reads the ACPI PM timer at both ends of the same window.  The two
 * estimates must agree within 1%; if they do not (an SMI or, under
 * emulation, a descheduled vCPU stretched the PIT poll) the window is
 * repeated, and in the end the PM timer wins because it measures the real
 * elapsed time rather than when the poll noticed it.
 *
 * Clock: ns = (tsc - tsc_base) * mult >> 32, with a 128-bit product so a
 * TSC delta of any size converts exactly; tsc_base is the TSC value at
 * calibration, so the clock starts near 0 there.  The TSC counts at a
 * constant rate on the DL380 G4's Netburst Xeons (family 15 model 3+)
 * and on anything recent, but is not "invariant" on them: it would stop
 * in deep C-states, which this kernel never enters (it idles with HLT).
 *
 * Cross-CPU: SMP bring-up checks every new CPU's TSC against the boot
 * CPU's (check_tsc_sync_*()).  If any CPU was seen behind, the clock keeps
 * a global high-water mark and never returns less than it, so
 * ktime_get_ns() stays monotonic across CPUs at the price of a shared
 * cache line.
 *
 * Interface: tsc_init(), ktime_get_ns(), ktime_get_boottime_ns(),
 * local_clock(), tsc_cycles_to_ns(), check_tsc_sync_source/target(),
 * tsc_clock_params() (for the vDSO).
 * Locking: the clock parameters are written once before SMP; the
 * high-water mark is updated with cmpxchg.
 */
#define pr_fmt(fmt) "tsc: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/acpi.h>
#include <linux/timekeeping.h>
#include <linux/spinlock.h>
#include <linux/smp.h>
#include <asm/tsc.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/cpufeature.h>
#include <asm/atomic.h>
#include <asm/barrier.h>

#define PIT_TICK_RATE		1193182	/* Hz */
#define PIT_CH2_DATA		0x42
#define PIT_MODE		0x43
#define PIT_CH2_GATE_PORT	0x61
#define  PIT_CH2_GATE		0x01
#define  PIT_SPEAKER		0x02
#define  PIT_CH2_OUT		0x20
#define CAL_MS			10
#define CAL_ATTEMPTS		3
/* Fewer polls than this in 10 ms means the PIT is not really counting. */
#define CAL_MIN_LOOPS		1000
#define CAL_MAX_LOOPS		100000000UL
/* Reject a window whose ends are uncertain by more than 1/CAL_MAX_ERROR. */
#define CAL_MAX_ERROR		1000
#define CYC2NS_SHIFT		32
/* How long the boot CPU and a new CPU compare TSCs, in TSC milliseconds. */
#define TSC_SYNC_MS		2

unsigned long tsc_khz;
static u64 tsc_base;
static u64 cyc2ns_mult;
static bool tsc_ready;
static bool tsc_unsynced;
static atomic_long_t last_ns;

/* ------------------------------------------------------------ the clock */

u64 tsc_cycles_to_ns(u64 cycles)
{
	return (u64)(((unsigned __int128)cycles * cyc2ns_mult) >> CYC2NS_SHIFT);
}

/* Keep the clock monotonic across CPUs whose TSCs disagree. */
static u64 clamp_monotonic(u64 ns)
{
	long old = atomic_long_read(&last_ns);

	while ((long)ns > old) {
		long seen = atomic_long_cmpxchg(&last_ns, old, ns);

		if (seen == old)
			return ns;
		old = seen;
	}
	return old;
}

u64 ktime_get_ns(void)
{
	s64 delta;
	u64 ns;

	if (!READ_ONCE(tsc_ready))
		return 0;
	delta = rdtsc_ordered() - tsc_base;
	ns = tsc_cycles_to_ns(delta > 0 ? delta : 0);
	if (unlikely(READ_ONCE(tsc_unsynced)))
		ns = clamp_monotonic(ns);
	return ns;
}

bool tsc_clock_params(u64 *base, u64 *mult, u32 *shift)
{
	if (!READ_ONCE(tsc_ready) || READ_ONCE(tsc_unsynced))
		return false;
	*base = tsc_base;
	*mult = cyc2ns_mult;
	*shift = CYC2NS_SHIFT;
	return true;
}

u64 ktime_get_boottime_ns(void)
{
	return ktime_get_ns();
}

u64 local_clock(void)
{
	return ktime_get_ns();
}

/* ------------------------------------------------------------ calibration */

/*
 * One PIT window.  Returns the TSC rate in kHz (0 if the window cannot be
 * trusted); *pm_khz gets the PM timer's view of the same window (0
 * without one).  The error of the estimate is bounded by how long the
 * start (the write that arms the PIT) and the end (the poll that saw
 * OUT2 rise) took; an SMI or a descheduled vCPU in either shows up there.
 */
static unsigned long __init pit_calibrate(unsigned long *pm_khz)
{
	u32 latch = PIT_TICK_RATE / (1000 / CAL_MS);
	u64 armed, t0, t1, last_low;
	u32 pm0, pm1, pm_ticks;
	unsigned long loops = 0;

	outb((inb(PIT_CH2_GATE_PORT) & ~PIT_SPEAKER) | PIT_CH2_GATE, PIT_CH2_GATE_PORT);
	/* Channel 2, low byte then high byte, mode 0, binary. */
	outb(0xb0, PIT_MODE);
	outb(latch & 0xff, PIT_CH2_DATA);
	armed = rdtsc_ordered();
	outb(latch >> 8, PIT_CH2_DATA);
	pm0 = acpi_pm_timer_read();
	t0 = last_low = rdtsc_ordered();
	while (!(inb(PIT_CH2_GATE_PORT) & PIT_CH2_OUT)) {
		last_low = rdtsc();
		if (++loops > CAL_MAX_LOOPS)
			return 0;	/* the PIT never fired */
	}
	t1 = rdtsc_ordered();
	pm1 = acpi_pm_timer_read();

	*pm_khz = 0;
	pm_ticks = (pm1 - pm0) & (acpi_pm_tmr_bits == 32 ? 0xffffffffu : 0xffffffu);
	if (acpi_pm_tmr.address && pm_ticks)
		*pm_khz = (t1 - t0) * ACPI_PM_TIMER_FREQUENCY / pm_ticks / 1000;

	if (loops < CAL_MIN_LOOPS)
		return 0;
	if (((t0 - armed) + (t1 - last_low)) * CAL_MAX_ERROR > t1 - t0)
		return 0;
	return (t1 - t0) / CAL_MS;
}

static bool close_enough(unsigned long a, unsigned long b)
{
	unsigned long diff = a > b ? a - b : b - a;

	return diff * 100 <= b;
}

static unsigned long __init calibrate_tsc(void)
{
	unsigned long pit = 0, pm = 0;

	for (int i = 0; i < CAL_ATTEMPTS; i++) {
		pit = pit_calibrate(&pm);
		if (pit && (!pm || close_enough(pit, pm))) {
			if (pm)
				pr_info("PIT calibration confirmed by the PM timer (%lu vs %lu kHz)\n",
					pit, pm);
			else
				pr_info("calibrated against the PIT (no PM timer to cross-check)\n");
			return pit;
		}
	}
	if (pm) {
		pr_warn("PIT calibration (%lu kHz) disagrees with the PM timer; using the PM timer (%lu kHz)\n",
			pit, pm);
		return pm;
	}
	return pit;
}

void __init tsc_init(void)
{
	unsigned long khz;

	if (!boot_cpu_has(X86_FEATURE_TSC)) {
		pr_err("no TSC: no clock, delays are uncalibrated\n");
		return;
	}
	khz = calibrate_tsc();
	if (!khz) {
		pr_err("calibration failed: the clock stays at 0, delays assume 4 GHz\n");
		return;
	}
	tsc_base = rdtsc_ordered();
	cyc2ns_mult = (NSEC_PER_MSEC << CYC2NS_SHIFT) / khz;
	tsc_khz = khz;
	smp_wmb();
	WRITE_ONCE(tsc_ready, true);
	pr_info("Detected %lu.%03lu MHz processor\n", khz / 1000, khz % 1000);
	if (!boot_cpu_has(X86_FEATURE_CONSTANT_TSC))
		pr_info("TSC is not flagged invariant: trusted while CPUs idle in HLT only\n");
	pr_info("clocksource: ns = cycles * %llu >> %d\n", cyc2ns_mult, CYC2NS_SHIFT);
}

/* ------------------------------------------------------------ SMP sync check */

/*
 * The two CPUs take turns under sync_lock, each reading its TSC and
 * comparing it with the last value either of them wrote.  Reading a
 * smaller value than the other CPU wrote before it (in lock order) means
 * this TSC is behind: a warp.
 */
static DEFINE_SPINLOCK(sync_lock);
static u64 sync_last;
static s64 sync_max_warp;
static atomic_t sync_start, sync_done;

static void tsc_sync_loop(void)
{
	u64 end = rdtsc_ordered() + (u64)tsc_khz * TSC_SYNC_MS;

	for (;;) {
		u64 prev, now;

		spin_lock(&sync_lock);
		prev = sync_last;
		now = rdtsc_ordered();
		sync_last = now;
		if ((s64)(now - prev) < 0 && (s64)(prev - now) > sync_max_warp)
			sync_max_warp = prev - now;
		spin_unlock(&sync_lock);
		if (now > end)
			break;
	}
}

void check_tsc_sync_source(int cpu)
{
	if (!tsc_khz)
		return;
	sync_last = 0;
	sync_max_warp = 0;
	atomic_set(&sync_done, 0);
	/* Start together: wait for the target to arrive, then let it go. */
	while (atomic_read(&sync_start) != 1)
		cpu_relax();
	atomic_set(&sync_start, 2);
	tsc_sync_loop();
	while (atomic_read(&sync_done) != 1)
		cpu_relax();
	atomic_set(&sync_start, 0);
	if (sync_max_warp) {
		pr_warn("TSC of CPU%d is up to %lld cycles behind CPU%d; keeping the clock monotonic by hand\n",
			cpu, sync_max_warp, smp_processor_id());
		WRITE_ONCE(tsc_unsynced, true);
	}
}

void check_tsc_sync_target(void)
{
	if (!tsc_khz)
		return;
	atomic_set(&sync_start, 1);
	while (atomic_read(&sync_start) != 2)
		cpu_relax();
	tsc_sync_loop();
	atomic_set(&sync_done, 1);
}
