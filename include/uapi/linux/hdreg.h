/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The one hard-disk ioctl still in general use: HDIO_GETGEO, the
 * BIOS-style geometry fdisk and friends ask for (block/ioctl.c).
 */
#ifndef _UAPI_LINUX_HDREG_H
#define _UAPI_LINUX_HDREG_H

#define HDIO_GETGEO	0x0301	/* struct hd_geometry * */

struct hd_geometry {
	unsigned char heads;
	unsigned char sectors;
	unsigned short cylinders;
	unsigned long start;	/* first sector of the partition */
};

#endif /* _UAPI_LINUX_HDREG_H */
