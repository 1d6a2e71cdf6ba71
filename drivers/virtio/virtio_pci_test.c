// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end transport self test on a real virtio block device (QEMU's
 * -drive if=virtio), without the block layer: the first virtio-blk
 * device is taken from virtio_blk if that drives it (which exercises its
 * remove: del_gendisk, reset, queues freed), a throw-away virtio driver
 * binds to it (bus match, feature negotiation, find_vqs with MSI-X or
 * INTx, interrupt-driven completion), and afterwards the device goes
 * back to virtio_blk (a second probe of the same device).  It reads sector 0 twice - one data piece, then
 * eight (chained or indirect) - and compares, then reads past the end
 * and expects VIRTIO_BLK_S_IOERR.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/selftest.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>
#include <linux/virtio_ids.h>
#include <linux/virtio_blk.h>

#define ST_BLK_TIMEOUT	(5 * HZ)	/* TCG is slow, but not that slow */

static struct completion st_done;
static int st_result = ST_SKIP;

static void st_blk_done(struct virtqueue *vq)
{
	complete(&st_done);
}

/* Read sector into data in npieces equal pieces; returns the status byte or -errno. */
static int st_read(struct virtqueue *vq, u64 sector, u8 *data, unsigned int npieces)
{
	struct virtio_blk_outhdr *hdr = kzalloc(sizeof(*hdr), GFP_KERNEL);
	u8 *status = kmalloc(1, GFP_KERNEL);
	struct scatterlist hsg, dsg[8], ssg, *sgs[3];
	unsigned int len = 0, piece = 512 / npieces;
	void *tok;
	int ret = -ENOMEM;

	if (!hdr || !status || npieces > 8)
		goto out;
	hdr->type = cpu_to_le32(VIRTIO_BLK_T_IN);
	hdr->sector = cpu_to_le64(sector);
	*status = 0xff;
	sg_init_one(&hsg, hdr, sizeof(*hdr));
	sg_init_table(dsg, npieces);
	for (unsigned int i = 0; i < npieces; i++)
		sg_set_buf(&dsg[i], data + i * piece, piece);
	sg_init_one(&ssg, status, 1);
	sgs[0] = &hsg;
	sgs[1] = dsg;
	sgs[2] = &ssg;
	reinit_completion(&st_done);
	ret = virtqueue_add_sgs(vq, sgs, 1, 2, hdr, GFP_KERNEL);
	if (ret)
		goto out;
	virtqueue_kick(vq);
	if (!wait_for_completion_timeout(&st_done, ST_BLK_TIMEOUT)) {
		st_diag("no completion interrupt within %d s", ST_BLK_TIMEOUT / HZ);
		ret = -ETIMEDOUT;
		goto out;	/* the buffers stay with the device until reset */
	}
	tok = virtqueue_get_buf(vq, &len);
	/* On errors QEMU counts the whole buffer as written; the spec allows either. */
	if (tok != hdr || (*status == VIRTIO_BLK_S_OK ? len != 513 : len < 1)) {
		st_diag("get_buf: token %p (want %p) len %u status %u", tok, hdr, len, *status);
		ret = -EIO;
		goto out;
	}
	ret = *status;
out:
	if (ret != -ETIMEDOUT) {
		kfree(hdr);
		kfree(status);
	}
	return ret;
}

static int st_blk_run(struct virtio_device *vdev, struct virtqueue *vq)
{
	u8 *a = kmalloc(512, GFP_KERNEL), *b = kmalloc(512, GFP_KERNEL);
	u64 capacity = virtio_cread64(vdev, VIRTIO_BLK_CFG_CAPACITY);
	int ret = -1, s;

	if (!a || !b)
		goto out;
	st_diag("%s: capacity %llu sectors, features %#llx, %s", dev_name(&vdev->dev), capacity,
		vdev->features, vdev->config->bus_name(vdev));
	memset(a, 0x5a, 512);
	memset(b, 0xa5, 512);
	s = st_read(vq, 0, a, 1);
	if (s != VIRTIO_BLK_S_OK) {
		st_diag("sector 0 read: %d", s);
		goto out;
	}
	s = st_read(vq, 0, b, 8);
	if (s != VIRTIO_BLK_S_OK || memcmp(a, b, 512)) {
		st_diag("second read of sector 0: %d, %s", s, s ? "" : "data differs");
		goto out;
	}
	st_diag("sector 0 starts %02x %02x %02x %02x, ends %02x %02x", a[0], a[1], a[2], a[3],
		a[510], a[511]);
	s = st_read(vq, capacity, a, 1);
	if (s != VIRTIO_BLK_S_IOERR) {
		st_diag("read past the end: status %d, expected IOERR", s);
		goto out;
	}
	ret = 0;
out:
	kfree(a);
	kfree(b);
	return ret;
}

static int st_blk_probe(struct virtio_device *vdev)
{
	struct virtqueue *vq;

	if (st_result != ST_SKIP)
		return -ENODEV;		/* one device is enough */
	init_completion(&st_done);
	vq = virtio_find_single_vq(vdev, st_blk_done, "selftest");
	if (IS_ERR(vq)) {
		st_diag("find_vqs: %ld", PTR_ERR(vq));
		st_result = -1;
		return PTR_ERR(vq);
	}
	virtio_device_ready(vdev);
	st_result = st_blk_run(vdev, vq);
	return 0;
}

static void st_blk_remove(struct virtio_device *vdev)
{
	virtio_reset_device(vdev);
	vdev->config->del_vqs(vdev);
}

static const struct virtio_device_id st_blk_ids[] = {
	{ VIRTIO_ID_BLOCK, VIRTIO_DEV_ANY_ID },
	{ 0 },
};

static struct virtio_driver st_blk_driver = {
	.driver.name = "virtio_blk_selftest",
	.id_table = st_blk_ids,
	.probe = st_blk_probe,
	.remove = st_blk_remove,
};

static int match_blk(struct device *dev, const void *data)
{
	return dev_to_virtio(dev)->id.device == VIRTIO_ID_BLOCK;
}

static int virtio_blk_transport_test(void)
{
	struct device_driver *owner;
	struct device *dev;
	int err;

	dev = bus_find_device(&virtio_bus, NULL, NULL, match_blk);
	if (!dev) {
		st_diag("no virtio block device");
		return ST_SKIP;
	}
	device_lock(dev);
	owner = dev->driver;
	device_unlock(dev);
	if (owner) {
		st_diag("taking %s from %s", dev_name(dev), owner->name);
		device_release_driver(dev);
	}

	st_result = ST_SKIP;
	err = register_virtio_driver(&st_blk_driver);
	if (!err)
		unregister_virtio_driver(&st_blk_driver);

	if (owner && (device_attach(dev) != 1 || READ_ONCE(dev->driver) != owner)) {
		st_diag("%s did not go back to %s", dev_name(dev), owner->name);
		st_result = -1;
	}
	put_device(dev);
	ST_ASSERT(!err, "register_virtio_driver: %d", err);
	if (st_result == ST_SKIP)
		st_diag("the test driver did not bind");
	return st_result;
}
DEFINE_SELFTEST("virtio: read sector 0 of a virtio-blk device through a virtqueue",
		virtio_blk_transport_test);
