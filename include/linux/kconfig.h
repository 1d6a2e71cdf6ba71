/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Included first by every kernel compilation unit (via -include): pulls in
 * the configuration as CONFIG_* macros and provides IS_ENABLED().
 */
#ifndef _LINUX_KCONFIG_H
#define _LINUX_KCONFIG_H

#include <generated/autoconf.h>

/*
 * IS_ENABLED(CONFIG_FOO) is 1 when CONFIG_FOO is defined to 1, else 0, and
 * works in plain C expressions so both branches are compiled and checked.
 * A defined option expands to 1, which pastes into __cfg_yes_1: that
 * expands to two list elements and shifts the 1 into the picked slot.  An
 * undefined one pastes into an unknown name and the 0 stays picked.
 */
#define __cfg_yes_1 __cfg_junk, 1
#define __cfg_pick(a, b, ...) b
#define __cfg_apply(args) __cfg_pick args
#define __cfg_test(probe) __cfg_apply((probe, 0))
#define __cfg_expand(val) __cfg_test(__cfg_yes_##val)
#define IS_ENABLED(option) __cfg_expand(option)

#endif /* _LINUX_KCONFIG_H */
