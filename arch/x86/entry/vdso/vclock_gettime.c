// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vDSO's code: clock_gettime(), gettimeofday(), time(), clock_getres()
 * and getcpu() that run in user mode.  Built -fPIC into a small shared
 * object (vdso.lds), never linked into the kernel: no libc, no kernel
 * functions, no data of its own; everything it knows comes from the vvar
 * page (<asm/vdso/vvar.h>) the kernel maps just below it.
 *
 * Exported with version LINUX_2.6 as glibc looks them up: __vdso_NAME and
 * the plain NAME as a weak alias.  Clocks the vvar page does not describe
 * (the CPU-time clocks, CLOCK_TAI, bad ids), a NULL timespec,
 * and gettimeofday() with a time zone make the real system call, which
 * gives the errors.  getcpu() reads the CPUNODE descriptor (<asm/segment.h>).
 *
 * Locking: the vvar sequence count (reader side), see vvar.h.
 */
#include <uapi/linux/time.h>
#include <asm/vdso/vvar.h>
#include <asm/segment.h>
#include <generated/uapi/asm/unistd_64.h>

#define NSEC_PER_SEC	1000000000ULL
#define NSEC_PER_USEC	1000ULL

/* Placed by vdso.lds one page below the image. */
extern const volatile struct vdso_data vvar_data __attribute__((visibility("hidden")));

#define VDSO_API	__attribute__((visibility("default")))
#define VDSO_EXPORT(name, plain) \
	extern __typeof__(name) plain __attribute__((weak, alias(#name), visibility("default")))

static long vdso_syscall2(long nr, long a, long b)
{
	long ret;

	asm volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a), "S"(b) : "rcx", "r11", "memory");
	return ret;
}

static long vdso_syscall3(long nr, long a, long b, long c)
{
	long ret;

	asm volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a), "S"(b), "d"(c)
		     : "rcx", "r11", "memory");
	return ret;
}

static inline __u64 tsc_read(void)
{
	__u32 lo, hi;

	/* LFENCE keeps the read from running ahead of the seq load. */
	asm volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return ((__u64)hi << 32) | lo;
}

static inline __u32 seq_begin(void)
{
	__u32 seq;

	while ((seq = vvar_data.seq) & 1)
		asm volatile("pause");
	asm volatile("" : : : "memory");	/* x86: loads are not reordered with loads */
	return seq;
}

static inline int seq_retry(__u32 seq)
{
	asm volatile("" : : : "memory");
	return vvar_data.seq != seq;
}

/* The clock in ns, or -1 when the system call must answer. */
static long long vdso_clock_ns(int clock)
{
	long long ns;
	__u64 delta;
	__u32 seq;

	do {
		seq = seq_begin();
		if (vvar_data.clock_mode != VDSO_CLOCK_TSC)
			return -1;
		switch (clock) {
		case CLOCK_REALTIME:
		case CLOCK_MONOTONIC:
		case CLOCK_MONOTONIC_RAW:
		case CLOCK_BOOTTIME:
			delta = tsc_read() - vvar_data.tsc_base;
			if ((long long)delta < 0)
				delta = 0;
			ns = (long long)(((unsigned __int128)delta * vvar_data.mult) >>
					 vvar_data.shift);
			break;
		case CLOCK_REALTIME_COARSE:
		case CLOCK_MONOTONIC_COARSE:
			ns = vvar_data.coarse_mono_ns;
			break;
		default:
			return -1;
		}
		if (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)
			ns += vvar_data.mono_to_real_ns;
	} while (seq_retry(seq));
	return ns;
}

VDSO_API int __vdso_clock_gettime(int clock, struct __kernel_timespec *ts)
{
	long long ns = ts ? vdso_clock_ns(clock) : -1;

	if (ns < 0)
		return vdso_syscall2(__NR_clock_gettime, clock, (long)ts);
	ts->tv_sec = ns / NSEC_PER_SEC;
	ts->tv_nsec = ns % NSEC_PER_SEC;
	return 0;
}
VDSO_EXPORT(__vdso_clock_gettime, clock_gettime);

VDSO_API int __vdso_gettimeofday(struct __kernel_old_timeval *tv, struct timezone *tz)
{
	long long ns = (tv && !tz) ? vdso_clock_ns(CLOCK_REALTIME) : -1;

	if (ns < 0)
		return vdso_syscall2(__NR_gettimeofday, (long)tv, (long)tz);
	tv->tv_sec = ns / NSEC_PER_SEC;
	tv->tv_usec = ns % NSEC_PER_SEC / NSEC_PER_USEC;
	return 0;
}
VDSO_EXPORT(__vdso_gettimeofday, gettimeofday);

/* Seconds of the coarse wall clock, like the system call. */
VDSO_API long __vdso_time(long *t)
{
	long long ns = vdso_clock_ns(CLOCK_REALTIME_COARSE);
	long secs;

	if (ns < 0)
		return vdso_syscall2(__NR_time, (long)t, 0);
	secs = ns / NSEC_PER_SEC;
	if (t)
		*t = secs;
	return secs;
}
VDSO_EXPORT(__vdso_time, time);

VDSO_API int __vdso_clock_getres(int clock, struct __kernel_timespec *res)
{
	long long ns;

	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_BOOTTIME:
		ns = 1;
		break;
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
		ns = vvar_data.coarse_res_ns;
		break;
	default:
		ns = 0;
		break;
	}
	if (!ns || vvar_data.clock_mode != VDSO_CLOCK_TSC)
		return vdso_syscall2(__NR_clock_getres, clock, (long)res);
	if (res) {
		res->tv_sec = 0;
		res->tv_nsec = ns;
	}
	return 0;
}
VDSO_EXPORT(__vdso_clock_getres, clock_getres);

/*
 * The CPU and node come from the limit of this CPU's CPUNODE descriptor
 * (LSL works in user mode on every x86_64).  Should LSL fail (ZF clear),
 * ask the kernel.  The third argument (a cache) is ignored, as in Linux.
 */
VDSO_API long __vdso_getcpu(unsigned int *cpu, unsigned int *node, void *unused)
{
	unsigned int limit = 0;
	unsigned char valid;

	asm volatile("lsl %[sel], %[limit]\n\tsetz %[valid]"
		     : [limit] "=r"(limit), [valid] "=qm"(valid)
		     : [sel] "r"((unsigned int)__CPUNODE_SEG), "0"(limit) : "cc");
	if (!valid)
		return vdso_syscall3(__NR_getcpu, (long)cpu, (long)node, (long)unused);
	if (cpu)
		*cpu = limit & VDSO_CPUNODE_MASK;
	if (node)
		*node = limit >> VDSO_CPUNODE_BITS;
	return 0;
}
VDSO_EXPORT(__vdso_getcpu, getcpu);
