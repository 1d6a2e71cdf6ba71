// SPDX-License-Identifier: GPL-2.0-only
/*
 * The TSC: calibrated frequency used by delays and the clocksource.
 * tsc_khz stays 0 until calibration has run.
 */
#include <asm/tsc.h>

unsigned long tsc_khz;
