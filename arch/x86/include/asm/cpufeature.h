/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU identification and feature flags, probed once from CPUID on the boot
 * CPU (identify_boot_cpu()).  Code never assumes a feature the DL380 G4's
 * early EM64T Xeons may lack (NX, CX16, PCID, x2APIC, TSC-deadline,
 * invariant TSC, SMEP/SMAP): it asks boot_cpu_has() first.
 */
#ifndef _ASM_X86_CPUFEATURE_H
#define _ASM_X86_CPUFEATURE_H

#include <linux/types.h>

enum x86_feature {
	X86_FEATURE_FPU, X86_FEATURE_TSC, X86_FEATURE_MSR, X86_FEATURE_PAE,
	X86_FEATURE_APIC, X86_FEATURE_PGE, X86_FEATURE_PAT, X86_FEATURE_CLFLUSH,
	X86_FEATURE_FXSR, X86_FEATURE_SSE, X86_FEATURE_SSE2, X86_FEATURE_HT,
	X86_FEATURE_SSE3, X86_FEATURE_MWAIT, X86_FEATURE_SSSE3, X86_FEATURE_CX16,
	X86_FEATURE_PCID, X86_FEATURE_X2APIC, X86_FEATURE_TSC_DEADLINE,
	X86_FEATURE_XSAVE, X86_FEATURE_OSXSAVE, X86_FEATURE_AVX, X86_FEATURE_RDRAND,
	X86_FEATURE_HYPERVISOR, X86_FEATURE_NX, X86_FEATURE_PDPE1GB,
	X86_FEATURE_RDTSCP, X86_FEATURE_LM, X86_FEATURE_LAHF_LM,
	X86_FEATURE_CONSTANT_TSC, X86_FEATURE_FSGSBASE, X86_FEATURE_SMEP,
	X86_FEATURE_SMAP, X86_FEATURE_INVPCID, X86_FEATURE_RDSEED,
	NR_X86_FEATURES
};

struct cpuinfo_x86 {
	char vendor[13];
	char model_name[49];
	u32 family, model, stepping;
	u32 max_leaf, max_ext_leaf;
	u32 phys_bits, virt_bits;
	u32 clflush_size;
	unsigned long features[(NR_X86_FEATURES + 63) / 64];
};

extern struct cpuinfo_x86 boot_cpu_data;
extern const char *const x86_feature_names[NR_X86_FEATURES];

static inline bool boot_cpu_has(enum x86_feature f)
{
	return boot_cpu_data.features[f / 64] & (1UL << (f % 64));
}

void identify_boot_cpu(void);

#endif /* _ASM_X86_CPUFEATURE_H */
