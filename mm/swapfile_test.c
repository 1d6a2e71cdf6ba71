// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of swap areas (CONFIG_SELFTESTS), on in-memory areas made
 * with swap_test_area_add() (no file; see mm/swap.h):
 *
 *   swap entries survive the trip through a pte for every area number
 *   and offsets up to the largest; such ptes are neither empty nor
 *   present nor PROT_NONE, and name no RAM
 *   consecutive get_swap_page() calls on one CPU give consecutive slots;
 *   counts go up and down; a slot freed to 0 is handed out again; an
 *   exhausted area gives val 0; slot 0 and bad slots are never given;
 *   bad entries are refused; swapoff of an area in use is refused
 *   priorities: higher first, equal ones in turn, defaults -2, -3, ...
 *   MAX_SWAPFILES areas at most, then EPERM
 *   a get_swap_device() pin holds swapoff until it is dropped
 *   the extent map built from a block map with holes and broken pages
 *   page I/O to and from slots of an area on ram0, the sectors it used,
 *   pswpin/pswpout, and the error path past the end of the disk
 *
 * Every test removes its areas again, also when it fails: the guest must
 * find no swap on.  Run from the self-test thread; the allocation loops
 * do not sleep, so they stay on one CPU.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/swap.h>
#include <linux/swapops.h>
#include <linux/blkdev.h>
#include <linux/bio.h>
#include <linux/pagemap.h>
#include <linux/vmstat.h>
#include <linux/jiffies.h>
#include <linux/selftest.h>
#include <linux/file.h>
#include <linux/writeback.h>
#include <uapi/linux/fcntl.h>
#include "swap.h"
#include "../fs/vfs_selftest.h"

#define AREA_SLOTS	1024	/* four clusters */

/* Drop every count the test left on si's slots, so the area can go. */
static void release_all(struct swap_info_struct *si)
{
	unsigned long off;

	for (off = 1; off < si->max; off++) {
		swp_entry_t e = swp_entry(si->type, off);
		int n = swp_swapcount(e);

		while (n-- > 0)
			swap_free(e);
	}
}

static void remove_area(struct swap_info_struct *si)
{
	release_all(si);
	if (swap_test_area_remove(si))
		st_diag("test area %u could not be removed", si->type);
}

/* ------------------------------------------------------------ entries in ptes */

static int check_pte_round_trip(unsigned int type, unsigned long offset)
{
	swp_entry_t e = swp_entry(type, offset), back;
	pte_t pte = swp_entry_to_pte(e);

	ST_ASSERT(swp_type(e) == type && swp_offset(e) == offset, "entry (%u, %#lx) packs wrong",
		  type, offset);
	ST_ASSERT(is_swap_pte(pte), "(%u, %#lx): pte %#lx is no swap pte", type, offset,
		  pte_val(pte));
	ST_ASSERT(!pte_none(pte) && !pte_present(pte) && !pte_protnone(pte),
		  "(%u, %#lx): pte %#lx looks none, present or PROT_NONE", type, offset,
		  pte_val(pte));
	ST_ASSERT(!(pte_val(pte) & _PAGE_PRESENT), "present bit set");
	back = pte_to_swp_entry(pte);
	ST_ASSERT(back.val == e.val, "(%u, %#lx) came back as (%u, %#lx)", type, offset,
		  swp_type(back), swp_offset(back));
	/* Offsets an area can have leave address bits that name no RAM. */
	if (offset < (1UL << 32))
		ST_ASSERT(pte_pfn(pte) >= (1UL << (44 - PAGE_SHIFT)),
			  "(%u, %#lx): pte names frame %#lx", type, offset, pte_pfn(pte));
	return 0;
}

static int swap_pte_test(void)
{
	static const unsigned long fixed[] = {
		0, 1, 2, 255, 256, 4095, 1UL << 20, (1UL << 31) + 5, (1UL << 32) - 1,
		1UL << 32, 1UL << 40,
	};
	unsigned long seed = 0x2545f4914f6cdd1dUL, max = swp_max_offset();
	unsigned int type, i;

	ST_ASSERT(max == SWP_PTE_MAX_OFFSET && max >= (1UL << 32),
		  "largest offset %#lx", max);
	for (type = 0; type < MAX_SWAPFILES; type++) {
		for (i = 0; i < ARRAY_SIZE(fixed); i++)
			if (check_pte_round_trip(type, fixed[i]))
				return -1;
		if (check_pte_round_trip(type, max) || check_pte_round_trip(type, max - 1))
			return -1;
		for (i = 0; i < 200; i++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			if (check_pte_round_trip(type, (seed >> 7) % (max + 1)))
				return -1;
		}
	}
	/* Ptes that are not swap entries. */
	ST_ASSERT(!is_swap_pte(__pte(0)), "the empty pte is a swap pte");
	ST_ASSERT(!is_swap_pte(pfn_pte(0x1234, PAGE_NONE)), "a PROT_NONE pte is a swap pte");
	ST_ASSERT(!is_swap_pte(pfn_pte(0x1234, PAGE_KERNEL)), "a present pte is a swap pte");
	return 0;
}
DEFINE_SELFTEST("swap: entries round-trip through non-present ptes", swap_pte_test);

/* ------------------------------------------------------------ slot allocation */

static unsigned long bad_slots[] = { 300, 301, 777 };

static int alloc_checks(struct swap_info_struct *si, unsigned long *seen)
{
	long free0 = get_nr_swap_pages();
	unsigned long usable = AREA_SLOTS - 1 - ARRAY_SIZE(bad_slots), got = 0, i;
	swp_entry_t e, first, x;

	ST_ASSERT(si->pages == usable, "%lu usable slots, want %lu", si->pages, usable);

	/* One CPU, consecutive calls: consecutive slots of one cluster. */
	first = get_swap_page();
	ST_ASSERT(first.val && swp_type(first) == si->type && swp_offset(first) == 1,
		  "first slot (%u, %lu)", swp_type(first), swp_offset(first));
	for (i = 2; i < 200; i++) {
		e = get_swap_page();
		ST_ASSERT(swp_type(e) == si->type && swp_offset(e) == i,
			  "call %lu gave slot %lu", i, swp_offset(e));
	}
	ST_ASSERT(get_nr_swap_pages() == free0 - 199, "free count %ld, want %ld",
		  get_nr_swap_pages(), free0 - 199);

	/* Counts. */
	x = swp_entry(si->type, 42);
	ST_ASSERT(swp_swapcount(x) == 1, "count %d", swp_swapcount(x));
	ST_ASSERT(swap_duplicate(x) == 0 && swap_duplicate(x) == 0, "duplicate failed");
	ST_ASSERT(swp_swapcount(x) == 3, "count %d after two duplicates", swp_swapcount(x));
	swap_free(x);
	swap_free(x);
	ST_ASSERT(swp_swapcount(x) == 1, "count %d", swp_swapcount(x));
	swap_free(x);
	ST_ASSERT(swp_swapcount(x) == 0, "slot not free at count 0");
	ST_ASSERT(get_nr_swap_pages() == free0 - 198, "freed slot not counted free");
	ST_ASSERT(swap_duplicate(x) == -ENOENT, "duplicate of a free slot accepted");
	swap_free(x);		/* refused with a message; nothing changes */
	ST_ASSERT(swp_swapcount(x) == 0 && get_nr_swap_pages() == free0 - 198,
		  "free of a free slot changed something");

	/* A count stops at SWAP_MAP_MAX. */
	e = swp_entry(si->type, 43);
	for (i = 1; i < SWAP_MAP_MAX; i++)
		if (swap_duplicate(e))
			break;
	ST_ASSERT(i == SWAP_MAP_MAX && swp_swapcount(e) == SWAP_MAP_MAX,
		  "count stuck at %d after %lu duplicates", swp_swapcount(e), i);
	ST_ASSERT(swap_duplicate(e) == -ENOMEM, "count went past SWAP_MAP_MAX");
	for (i = 1; i < SWAP_MAP_MAX; i++)
		swap_free(e);
	ST_ASSERT(swp_swapcount(e) == 1, "count %d after the frees", swp_swapcount(e));

	/* Bad entries. */
	ST_ASSERT(swp_swapcount(swp_entry(si->type, AREA_SLOTS)) == -ENOENT, "offset past the end");
	ST_ASSERT(swp_swapcount(swp_entry(si->type, 0)) == -ENOENT, "slot 0");
	ST_ASSERT(swp_swapcount(swp_entry(si->type, 300)) == -ENOENT, "a bad slot");
	ST_ASSERT(swap_duplicate(swp_entry(MAX_SWAPFILES - 1, 5)) == -ENOENT, "unused area");
	ST_ASSERT(!get_swap_device(swp_entry(si->type, AREA_SLOTS + 5)), "pinned past the end");
	ST_ASSERT(!get_swap_device(swp_entry(MAX_SWAPFILES - 1, 5)), "pinned an unused area");

	/* Exhaustion: every usable slot once, never 0 or a bad one, then none. */
	for (i = 1; i < 200; i++)
		if (i != 42)
			__set_bit(i, seen);
	got = 198;
	for (;;) {
		e = get_swap_page();
		if (!e.val)
			break;
		ST_ASSERT(swp_type(e) == si->type, "slot from area %u", swp_type(e));
		ST_ASSERT(swp_offset(e) && swp_offset(e) < AREA_SLOTS, "slot %lu", swp_offset(e));
		ST_ASSERT(!test_bit(swp_offset(e), seen), "slot %lu handed out twice",
			  swp_offset(e));
		ST_ASSERT(swp_offset(e) != 300 && swp_offset(e) != 301 && swp_offset(e) != 777,
			  "bad slot %lu handed out", swp_offset(e));
		__set_bit(swp_offset(e), seen);
		got++;
	}
	ST_ASSERT(got == usable, "%lu slots handed out, %lu usable", got, usable);
	ST_ASSERT(get_nr_swap_pages() == free0 - (long)usable, "free count %ld when full",
		  get_nr_swap_pages());

	/* A slot freed in a full area is the next one handed out. */
	x = swp_entry(si->type, 600);
	swap_free(x);
	e = get_swap_page();
	ST_ASSERT(e.val == x.val, "after freeing 600 got slot %lu", swp_offset(e));
	ST_ASSERT(!get_swap_page().val, "a full area gave a slot");

	/* swapoff of an area in use is refused, and the area stays usable. */
	ST_ASSERT(swap_test_area_remove(si) == -EBUSY, "swapoff of a used area");
	swap_free(x);
	ST_ASSERT(get_swap_page().val == x.val, "area unusable after a failed swapoff");
	return 0;
}

static int swap_alloc_test(void)
{
	struct swap_info_struct *si;
	unsigned long *seen;
	long free0 = get_nr_swap_pages(), total0 = total_swap_pages;
	int ret;

	seen = kzalloc(BITS_TO_LONGS(AREA_SLOTS) * sizeof(long), GFP_KERNEL);
	ST_ASSERT(seen, "no memory");
	si = swap_test_area_add(AREA_SLOTS, 1000, bad_slots, ARRAY_SIZE(bad_slots), NULL, NULL, 0);
	if (IS_ERR(si)) {
		kfree(seen);
		ST_ASSERT(0, "swap_test_area_add: %ld", PTR_ERR(si));
	}
	ret = alloc_checks(si, seen);
	remove_area(si);
	kfree(seen);
	ST_ASSERT(get_nr_swap_pages() == free0 && total_swap_pages == total0,
		  "totals %ld/%ld after removal, were %ld/%ld", get_nr_swap_pages(),
		  total_swap_pages, free0, total0);
	return ret;
}
DEFINE_SELFTEST("swap: clustered slot allocation, counts, exhaustion, bad entries",
		swap_alloc_test);

/* ------------------------------------------------------------ priorities */

static int prio_checks(struct swap_info_struct **a)
{
	swp_entry_t e;
	int i;

	ST_ASSERT(a[0]->prio == 5 && a[1]->prio == 5 && a[2]->prio == 9,
		  "priorities %d %d %d", a[0]->prio, a[1]->prio, a[2]->prio);
	ST_ASSERT(a[3]->prio == -2 && a[4]->prio == -3, "defaults %d %d", a[3]->prio, a[4]->prio);
	/* The highest priority is used until it is full. */
	for (i = 0; i < 255; i++) {
		e = get_swap_page();
		ST_ASSERT(swp_type(e) == a[2]->type, "slot %d from area %u, not %u", i,
			  swp_type(e), a[2]->type);
	}
	/* Then the two of priority 5 in turn. */
	for (i = 0; i < 20; i++) {
		unsigned int t1 = swp_type(get_swap_page()), t2 = swp_type(get_swap_page());

		ST_ASSERT(t1 != t2 && (t1 == a[0]->type || t1 == a[1]->type) &&
			  (t2 == a[0]->type || t2 == a[1]->type),
			  "round %d: areas %u and %u", i, t1, t2);
	}
	/* Taking the default -2 away moves -3 up. */
	remove_area(a[3]);
	a[3] = NULL;
	ST_ASSERT(a[4]->prio == -2, "the -3 area is now %d", a[4]->prio);
	return 0;
}

static int swap_prio_test(void)
{
	static const int prio[] = { 5, 5, 9, -1, -1 };
	struct swap_info_struct *a[ARRAY_SIZE(prio)] = { NULL };
	unsigned int i;
	int ret = -1;

	for (i = 0; i < ARRAY_SIZE(prio); i++) {
		a[i] = swap_test_area_add(256, prio[i], NULL, 0, NULL, NULL, 0);
		if (IS_ERR(a[i])) {
			st_diag("area %u: %ld", i, PTR_ERR(a[i]));
			a[i] = NULL;
			goto out;
		}
	}
	ret = prio_checks(a);
out:
	for (i = 0; i < ARRAY_SIZE(prio); i++)
		if (a[i])
			remove_area(a[i]);
	return ret;
}
DEFINE_SELFTEST("swap: priorities, equal ones in turn, default -2, -3 renumbered",
		swap_prio_test);

/* At most MAX_SWAPFILES areas; one more is refused with EPERM (swapon(2)). */
static int swap_max_areas_test(void)
{
	struct swap_info_struct *a[MAX_SWAPFILES] = { NULL }, *extra;
	unsigned int i, made = 0;
	int ret = -1;

	for (i = 0; i < MAX_SWAPFILES; i++) {
		a[i] = swap_test_area_add(16, 10, NULL, 0, NULL, NULL, 0);
		if (IS_ERR(a[i])) {
			st_diag("area %u of %d: %ld (is other swap on?)", i, MAX_SWAPFILES,
				PTR_ERR(a[i]));
			a[i] = NULL;
			goto out;
		}
		made++;
	}
	extra = swap_test_area_add(16, 10, NULL, 0, NULL, NULL, 0);
	if (!IS_ERR(extra)) {
		st_diag("area %d was accepted", MAX_SWAPFILES + 1);
		remove_area(extra);
		goto out;
	}
	if (PTR_ERR(extra) != -EPERM) {
		st_diag("area %d: %ld, want -EPERM", MAX_SWAPFILES + 1, PTR_ERR(extra));
		goto out;
	}
	ret = 0;
out:
	for (i = 0; i < made; i++)
		remove_area(a[i]);
	return ret;
}
DEFINE_SELFTEST("swap: at most MAX_SWAPFILES areas, one more is EPERM", swap_max_areas_test);

/* ------------------------------------------------------------ pins */

static int remover(void *arg)
{
	return swap_test_area_remove(arg);
}

static int swap_pin_test(void)
{
	struct swap_info_struct *si = swap_test_area_add(256, 100, NULL, 0, NULL, NULL, 0);
	struct swap_info_struct *pin, *late;
	struct task_struct *t;
	int ret;

	ST_ASSERT(!IS_ERR(si), "swap_test_area_add: %ld", PTR_ERR(si));
	pin = get_swap_device(swp_entry(si->type, 7));
	if (!pin) {
		remove_area(si);
		ST_ASSERT(0, "no pin on a live area");
	}
	t = selftest_thread_start(remover, si, "swaptest-off", -1);
	if (!t) {
		put_swap_device(pin);
		remove_area(si);
		ST_ASSERT(0, "no thread");
	}
	/* swapoff must wait for the pin: it sleeps, uninterruptibly. */
	ret = selftest_wait_sleeping(t, TASK_UNINTERRUPTIBLE, 5 * HZ) ? 0 : -1;
	if (ret)
		st_diag("swapoff did not wait for the pin");
	late = get_swap_device(swp_entry(si->type, 7));
	if (late) {
		st_diag("pinned an area being swapped off");
		put_swap_device(late);
		ret = -1;
	}
	put_swap_device(pin);
	ST_ASSERT(selftest_thread_reap(t) == 0, "swapoff failed after the pin went");
	return ret;
}
DEFINE_SELFTEST("swap: a get_swap_device() pin holds swapoff", swap_pin_test);

/* ------------------------------------------------------------ extents */

/*
 * A fake file of 1 KiB blocks, four to a page: page p at disk block
 * 1000 + 4p, except pages 10..19 at 5000 + 4p (a second run), page 7
 * whose last block is elsewhere (broken: skipped), and optionally a hole
 * at page 30.
 */
struct fake_map {
	bool hole;
};

static sector_t fake_bmap(void *ctx, sector_t block)
{
	struct fake_map *fm = ctx;
	sector_t page = block / 4;

	if (fm->hole && page == 30)
		return 0;
	if (page == 7 && block % 4 == 3)
		return 90000;
	if (page >= 10 && page < 20)
		return 5000 + block;
	return 1000 + block;
}

static int extent_checks(struct swap_info_struct *si)
{
	struct fake_map fm = { .hole = false };
	unsigned long skipped;
	sector_t s;

	ST_ASSERT(swap_build_extents(si, 10, fake_bmap, &fm, &skipped) == 0, "build failed");
	ST_ASSERT(skipped == 1 && si->swap_map[7] == SWAP_MAP_BAD, "skipped %lu, map[7] %u",
		  skipped, si->swap_map[7]);
	/* Pages 1-6, 8-9, 10-19, 20-63: four runs. */
	ST_ASSERT(si->nr_extents == 4, "%u extents", si->nr_extents);
	ST_ASSERT(!swap_slot_sector(si, 1, &s) && s == (1000 + 4) * 2, "page 1 at %llu",
		  (unsigned long long)s);
	ST_ASSERT(!swap_slot_sector(si, 9, &s) && s == (1000 + 36) * 2, "page 9 at %llu",
		  (unsigned long long)s);
	ST_ASSERT(!swap_slot_sector(si, 12, &s) && s == (5000 + 48) * 2, "page 12 at %llu",
		  (unsigned long long)s);
	ST_ASSERT(!swap_slot_sector(si, 63, &s) && s == (1000 + 252) * 2, "page 63 at %llu",
		  (unsigned long long)s);
	ST_ASSERT(swap_slot_sector(si, 7, &s) == -EINVAL, "the broken page has a sector");
	ST_ASSERT(swap_slot_sector(si, 0, &s) == -EINVAL, "the header page has a sector");
	ST_ASSERT(swap_slot_sector(si, 64, &s) == -EINVAL, "a page past the end has a sector");

	vfree(si->extents);
	si->extents = NULL;
	si->nr_extents = 0;
	fm.hole = true;
	ST_ASSERT(swap_build_extents(si, 10, fake_bmap, &fm, &skipped) == -EINVAL,
		  "a hole was accepted");
	return 0;
}

static int swap_extent_test(void)
{
	struct swap_info_struct *si = kzalloc(sizeof(*si), GFP_KERNEL);
	int ret;

	ST_ASSERT(si, "no memory");
	si->max = 64;
	si->name = "(extent test)";
	si->swap_map = vzalloc(si->max * sizeof(*si->swap_map));
	if (!si->swap_map) {
		kfree(si);
		ST_ASSERT(0, "no memory");
	}
	ret = extent_checks(si);
	vfree(si->extents);
	vfree(si->swap_map);
	kfree(si);
	return ret;
}
DEFINE_SELFTEST("swap: extent map of a swap file from its block map", swap_extent_test);

/* ------------------------------------------------------------ page I/O */

#define RAMDISK_MAJOR	1
#define IO_BASE		24576	/* sectors: the last quarter of the 16 MiB ram0 */

static void fill(struct page *page, unsigned int seed)
{
	u32 *p = page_address(page);
	unsigned int i;

	for (i = 0; i < PAGE_SIZE / 4; i++)
		p[i] = seed * 0x9e3779b1u + i;
}

/* Read 8 sectors at @sector of @bdev straight from the disk into @page. */
static int raw_read(struct block_device *bdev, struct page *page, sector_t sector)
{
	struct bio *bio = bio_alloc(bdev, 1, REQ_OP_READ, GFP_KERNEL);
	int err;

	bio->bi_iter.bi_sector = sector;
	bio_add_page(bio, page, PAGE_SIZE, 0);
	err = submit_bio_wait(bio);
	bio_put(bio);
	return err;
}

static int io_checks(struct swap_info_struct *si, struct block_device *bdev, struct page **pg)
{
	unsigned long in0 = sum_vm_event(PSWPIN), out0 = sum_vm_event(PSWPOUT);
	swp_entry_t e[3] = { swp_entry(si->type, 2), swp_entry(si->type, 5),
			     swp_entry(si->type, 9) };
	static const sector_t where[3] = { IO_BASE + 8, IO_BASE + 160, IO_BASE + 64 };
	unsigned int i;

	/* Write three slots: two synchronously, one not. */
	for (i = 0; i < 3; i++) {
		fill(pg[i], i + 1);
		ST_ASSERT(set_page_writeback(pg[i]), "page %u already under writeback", i);
		ST_ASSERT(swap_writepage_entry(pg[i], e[i], i != 1) == 0, "write %u failed", i);
	}
	wait_on_page_writeback(pg[1]);
	ST_ASSERT(!PageError(pg[1]) && !PageWriteback(pg[1]), "async write ended badly");
	ST_ASSERT(sum_vm_event(PSWPOUT) - out0 == 3, "pswpout +%lu",
		  sum_vm_event(PSWPOUT) - out0);

	/* They went where the extents say. */
	for (i = 0; i < 3; i++) {
		ST_ASSERT(!raw_read(bdev, pg[3], where[i]), "raw read %u failed", i);
		ST_ASSERT(!memcmp(page_address(pg[3]), page_address(pg[i]), PAGE_SIZE),
			  "slot %lu is not at sector %llu", swp_offset(e[i]),
			  (unsigned long long)where[i]);
	}

	/* And read back through swap_readpage(), sync and async. */
	for (i = 0; i < 3; i++) {
		memset(page_address(pg[3]), 0, PAGE_SIZE);
		ClearPageUptodate(pg[3]);
		lock_page(pg[3]);
		ST_ASSERT(swap_readpage(pg[3], e[i], i != 0) == 0, "read %u failed", i);
		if (i == 0)
			wait_on_page_locked(pg[3]);
		ST_ASSERT(!PageLocked(pg[3]) && PageUptodate(pg[3]) && !PageError(pg[3]),
			  "read %u: page flags %#lx", i, pg[3]->flags);
		ST_ASSERT(!memcmp(page_address(pg[3]), page_address(pg[i]), PAGE_SIZE),
			  "slot %lu read back wrong", swp_offset(e[i]));
	}
	ST_ASSERT(sum_vm_event(PSWPIN) - in0 == 3, "pswpin +%lu", sum_vm_event(PSWPIN) - in0);

	/* Slot 12 lies past the end of ram0: the I/O fails, nothing hangs. */
	ST_ASSERT(set_page_writeback(pg[0]), "writeback bit");
	ST_ASSERT(swap_writepage_entry(pg[0], swp_entry(si->type, 12), true) == -EIO,
		  "a write past the end of the disk succeeded");
	ST_ASSERT(PageError(pg[0]) && !PageWriteback(pg[0]), "failed write: flags %#lx",
		  pg[0]->flags);
	lock_page(pg[3]);
	ST_ASSERT(swap_readpage(pg[3], swp_entry(si->type, 12), true) == -EIO,
		  "a read past the end of the disk succeeded");
	ST_ASSERT(PageError(pg[3]) && !PageUptodate(pg[3]) && !PageLocked(pg[3]),
		  "failed read: flags %#lx", pg[3]->flags);

	/* A slot without an extent (bad) fails at once, page released. */
	lock_page(pg[3]);
	ST_ASSERT(swap_readpage(pg[3], swp_entry(si->type, 1), true) == -EINVAL,
		  "read of a bad slot");
	ST_ASSERT(!PageLocked(pg[3]), "page left locked");
	ClearPageError(pg[0]);
	ClearPageError(pg[3]);
	return 0;
}

static int swap_io_test(void)
{
	struct block_device *bdev = blkdev_get_by_dev(MKDEV(RAMDISK_MAJOR, 0),
						      FMODE_READ | FMODE_WRITE, NULL);
	/* Slots 2-4 and 9-11 in one order on the disk, 5-8 further on, 12 past the end. */
	struct swap_extent ext[] = {
		{ .start_page = 2, .nr_pages = 3, .start_sector = IO_BASE + 8 },
		{ .start_page = 5, .nr_pages = 4, .start_sector = IO_BASE + 160 },
		{ .start_page = 9, .nr_pages = 3, .start_sector = IO_BASE + 64 },
		{ .start_page = 12, .nr_pages = 1, .start_sector = 1UL << 30 },
	};
	unsigned long bad[] = { 1 };
	struct swap_info_struct *si;
	struct page *pg[4] = { NULL };
	unsigned int i;
	int ret = -1;

	if (IS_ERR(bdev)) {
		st_diag("no ram0 (%ld)", PTR_ERR(bdev));
		return ST_SKIP;
	}
	si = swap_test_area_add(16, 100, bad, 1, bdev, ext, ARRAY_SIZE(ext));
	if (IS_ERR(si)) {
		st_diag("swap_test_area_add: %ld", PTR_ERR(si));
		goto out_put;
	}
	for (i = 0; i < 4; i++)
		if (!(pg[i] = alloc_page(GFP_KERNEL)))
			goto out;
	ret = io_checks(si, bdev, pg);
out:
	for (i = 0; i < 4; i++)
		if (pg[i])
			__free_page(pg[i]);
	remove_area(si);
out_put:
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
	return ret;
}
DEFINE_SELFTEST("swap: page I/O through the extent map on ram0, errors past the end",
		swap_io_test);

/* ------------------------------------------------------------ tmpfs pages */

static struct swap_info_struct *tmpfs_test_si;

/* Move page 0 of tmpfs file fd to swap as reclaim would, then read it back. */
static int tmpfs_round_trip(int fd, struct address_space *mapping, const u8 *data, u8 *back)
{
	struct writeback_control wbc = { .sync_mode = WB_SYNC_NONE, .nr_to_write = 1,
					 .for_reclaim = 1 };
	unsigned long in0 = sum_vm_event(PSWPIN), out0 = sum_vm_event(PSWPOUT);
	struct page *page;
	swp_entry_t entry;
	int ret;

	lru_add_drain_all();	/* an LRU batch's reference would make the page look busy */
	page = find_get_page(mapping, 0);
	ST_ASSERT(page && PageSwapBacked(page), "page 0 missing or not swap-backed");
	lock_page(page);
	ret = mapping->a_ops->writepage ? mapping->a_ops->writepage(page, &wbc) : -1;
	if (ret)
		unlock_page(page);
	ST_ASSERT(!ret, "->writepage kept the page (%d)", ret);
	entry.val = page_private(page);
	ST_ASSERT(PageSwapCache(page) && !page->mapping && swp_type(entry) == tmpfs_test_si->type,
		  "not in the swap cache at the test area (flags %#lx)", page->flags);
	wait_on_page_writeback(page);
	ST_ASSERT(!PageError(page) && sum_vm_event(PSWPOUT) - out0 == 1, "write failed");
	ST_ASSERT(!find_get_page(mapping, 0), "still in the file's cache");
	ST_ASSERT(swp_swapcount(entry) == 2, "slot count %d, not map + cache",
		  swp_swapcount(entry));
	/* Let the cached copy go, so that the read really comes from ram0. */
	lock_page(page);
	ret = remove_swap_mapping(page);
	unlock_page(page);
	put_page(page);
	ST_ASSERT(ret == 1 && swp_swapcount(entry) == 1, "the swap cache kept the page");
	ST_ASSERT(t_pread(fd, back, PAGE_SIZE, 0) == PAGE_SIZE, "read back failed");
	ST_ASSERT(!memcmp(back, data, PAGE_SIZE), "read back different data");
	ST_ASSERT(sum_vm_event(PSWPIN) - in0 == 1, "pswpin +%lu", sum_vm_event(PSWPIN) - in0);
	ST_ASSERT(swp_swapcount(entry) == 0, "the slot was not freed (%d)", swp_swapcount(entry));
	page = find_get_page(mapping, 0);
	ST_ASSERT(page, "page 0 is not back in the file's cache");
	ret = PageSwapCache(page) || !PageSwapBacked(page);
	put_page(page);
	ST_ASSERT(!ret, "the page came back in the wrong state");
	return 0;
}

static int tmpfs_swap_body(void)
{
	u8 *data = kmalloc(PAGE_SIZE, GFP_KERNEL), *back = kzalloc(PAGE_SIZE, GFP_KERNEL);
	struct file *file = NULL;
	int fd = -1, ret = -1;

	if (!data || !back)
		goto out;
	for (unsigned int i = 0; i < PAGE_SIZE; i++)
		data[i] = (u8)(i * 7 + 3);
	fd = t_open("f", O_RDWR | O_CREAT, 0600);
	if (fd < 0 || t_pwrite(fd, data, PAGE_SIZE, 0) != PAGE_SIZE) {
		st_diag("cannot write the tmpfs file (%d)", fd);
		goto out;
	}
	file = fget(fd);
	if (file)
		ret = tmpfs_round_trip(fd, file->f_mapping, data, back);
out:
	if (file)
		fput(file);
	if (fd >= 0)
		t_close(fd);
	kfree(data);
	kfree(back);
	return ret;
}

static int tmpfs_swap_test(void)
{
	struct block_device *bdev = blkdev_get_by_dev(MKDEV(RAMDISK_MAJOR, 0),
						      FMODE_READ | FMODE_WRITE, NULL);
	struct swap_extent ext = { .start_page = 1, .nr_pages = 15,
				   .start_sector = IO_BASE + 1024 };
	int ret = -1;

	if (IS_ERR(bdev)) {
		st_diag("no ram0 (%ld)", PTR_ERR(bdev));
		return ST_SKIP;
	}
	tmpfs_test_si = swap_test_area_add(16, 100, NULL, 0, bdev, &ext, 1);
	if (IS_ERR(tmpfs_test_si)) {
		st_diag("swap_test_area_add: %ld", PTR_ERR(tmpfs_test_si));
	} else {
		ret = vfs_run_sandboxed("tmpfs-swap", "tmpfs", NULL, tmpfs_swap_body);
		remove_area(tmpfs_test_si);
	}
	blkdev_put(bdev, FMODE_READ | FMODE_WRITE);
	return ret;
}
DEFINE_SELFTEST("swap: a tmpfs page goes to swap through ->writepage and comes back",
		tmpfs_swap_test);
