/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Securebits (prctl PR_GET_SECUREBITS/PR_SET_SECUREBITS, capabilities(7)):
 * per-credential switches that turn off the special treatment of uid 0.
 * Each switch has a lock bit just above it; a set lock freezes the switch
 * for the task and everything it starts.
 */
#ifndef _UAPI_LINUX_SECUREBITS_H
#define _UAPI_LINUX_SECUREBITS_H

/* Bit numbers (Linux ABI). */
#define SECURE_NOROOT			0	/* uid 0 gets no capabilities at exec */
#define SECURE_NOROOT_LOCKED		1
#define SECURE_NO_SETUID_FIXUP		2	/* uid changes leave capabilities alone */
#define SECURE_NO_SETUID_FIXUP_LOCKED	3
#define SECURE_KEEP_CAPS		4	/* keep permitted when leaving uid 0 */
#define SECURE_KEEP_CAPS_LOCKED		5
#define SECURE_NO_CAP_AMBIENT_RAISE	6	/* PR_CAP_AMBIENT_RAISE is refused */
#define SECURE_NO_CAP_AMBIENT_RAISE_LOCKED 7

#define issecure_mask(X)	(1U << (X))

#define SECBIT_NOROOT			issecure_mask(SECURE_NOROOT)
#define SECBIT_NOROOT_LOCKED		issecure_mask(SECURE_NOROOT_LOCKED)
#define SECBIT_NO_SETUID_FIXUP		issecure_mask(SECURE_NO_SETUID_FIXUP)
#define SECBIT_NO_SETUID_FIXUP_LOCKED	issecure_mask(SECURE_NO_SETUID_FIXUP_LOCKED)
#define SECBIT_KEEP_CAPS		issecure_mask(SECURE_KEEP_CAPS)
#define SECBIT_KEEP_CAPS_LOCKED		issecure_mask(SECURE_KEEP_CAPS_LOCKED)
#define SECBIT_NO_CAP_AMBIENT_RAISE	issecure_mask(SECURE_NO_CAP_AMBIENT_RAISE)
#define SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED issecure_mask(SECURE_NO_CAP_AMBIENT_RAISE_LOCKED)

/* Every switch, and every lock (each lock is its switch shifted up by one). */
#define SECURE_ALL_BITS		(SECBIT_NOROOT | SECBIT_NO_SETUID_FIXUP | \
				 SECBIT_KEEP_CAPS | SECBIT_NO_CAP_AMBIENT_RAISE)
#define SECURE_ALL_LOCKS	(SECURE_ALL_BITS << 1)

#endif /* _UAPI_LINUX_SECUREBITS_H */
