// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for the slab allocator (CONFIG_SELFTESTS): every kmalloc
 * size class and odd sizes in between, caches with constructors,
 * krealloc growth, a random alloc/free stress, SLAB_TYPESAFE_BY_RCU page
 * retention, and no page leaks.  The boot parameter mm_selftest_warn=1
 * also exercises the double-free and bad-pointer WARN paths (off by
 * default: they put WARNING reports in the log on purpose).
 *
 * Leak checks compare slab_pages_in_use() after kmem_cache_shrink_all()
 * before and after a test; they assume nothing else allocates from slab
 * meanwhile, which holds while the self tests run.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/selftest.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include "slab.h"

static bool selftest_warn;

static int __init mm_selftest_warn_setup(char *arg)
{
	return kstrtobool(arg, &selftest_warn) == 0;
}
__setup("mm_selftest_warn=", mm_selftest_warn_setup);

static u64 rnd_state = 0x9e3779b97f4a7c15ULL;

static u32 rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return (u32)(rnd_state >> 16);
}

static void fill(void *p, size_t n, u8 seed)
{
	u8 *b = p;

	for (size_t i = 0; i < n; i++)
		b[i] = (u8)(seed + i * 7);
}

static bool check(const void *p, size_t n, u8 seed)
{
	const u8 *b = p;

	for (size_t i = 0; i < n; i++)
		if (b[i] != (u8)(seed + i * 7))
			return false;
	return true;
}

/* Pattern the head and tail of a block (whole-block loops are slow under TCG). */
static void fill_ends(void *p, size_t n, u8 seed)
{
	fill(p, min_t(size_t, n, 512), seed);
	if (n >= 1024)
		fill(p + n - 64, 64, seed + 1);
}

static bool check_ends(const void *p, size_t n, u8 seed)
{
	return check(p, min_t(size_t, n, 512), seed) &&
	       (n < 1024 || check(p + n - 64, 64, seed + 1));
}

static unsigned long slab_baseline(void)
{
	kmem_cache_shrink_all();
	return slab_pages_in_use();
}

#define PER_SIZE 6

static int kmalloc_sizes_test(void)
{
	static const size_t sizes[] = {
		1, 7, 8, 9, 16, 17, 32, 33, 63, 64, 65, 96, 97, 128, 129, 192, 193,
		256, 257, 511, 512, 513, 1000, 1024, 1025, 2047, 2048, 2049, 4095, 4096,
		4097, 8191, 8192, 8193, 12000, 16384, 65536, 100000, 1 << 20, 4 << 20,
	};
	unsigned long base = slab_baseline();
	void *p[PER_SIZE];

	for (unsigned int i = 0; i < ARRAY_SIZE(sizes); i++) {
		size_t sz = sizes[i];
		size_t align = sz >= 8 && sz <= PAGE_SIZE && is_power_of_2(sz) ? sz : 8;

		/* Big sizes cost page zeroing: fewer of them. */
		int n = sz > 65536 ? 2 : PER_SIZE;

		for (int j = 0; j < n; j++) {
			p[j] = (j & 1) ? kzalloc(sz, GFP_KERNEL) : kmalloc(sz, GFP_KERNEL);
			ST_ASSERT(p[j], "kmalloc(%zu) failed", sz);
			ST_ASSERT(IS_ALIGNED((unsigned long)p[j], align),
				  "kmalloc(%zu) = %px not %zu-aligned", sz, p[j], align);
			ST_ASSERT(ksize(p[j]) >= sz, "ksize %zu < %zu", ksize(p[j]), sz);
			if (j & 1)
				ST_ASSERT(!memchr_inv(p[j], 0, min_t(size_t, sz, 8192)),
					  "kzalloc(%zu) not zeroed", sz);
			fill_ends(p[j], sz, i * PER_SIZE + j);
		}
		for (int j = 0; j < n; j++) {
			ST_ASSERT(check_ends(p[j], sz, i * PER_SIZE + j),
				  "kmalloc(%zu) object %d overwritten", sz, j);
			kfree(p[j]);
		}
	}
	ST_ASSERT(kmalloc(0, GFP_KERNEL) == ZERO_SIZE_PTR, "kmalloc(0) is not ZERO_SIZE_PTR");
	kfree(ZERO_SIZE_PTR);
	kfree(NULL);
	st_diag("%zu sizes x %d objects, slab pages %lu -> %lu", ARRAY_SIZE(sizes), PER_SIZE,
		base, slab_baseline());
	ST_ASSERT(slab_baseline() == base, "slab pages leaked");
	return 0;
}
DEFINE_SELFTEST("slab: every kmalloc size class and odd sizes", kmalloc_sizes_test);

#define CTOR_MAGIC 0x5a17c0de5a17c0deULL

struct ctor_obj {
	u64 magic;
	u32 uses;
	u8 payload[180];
};

static int ctor_calls;

static void ctor_obj_init(void *p)
{
	struct ctor_obj *o = p;

	o->magic = CTOR_MAGIC;
	o->uses = 0;
	ctor_calls++;
}

#define CTOR_OBJS 300

static int cache_ctor_test(void)
{
	unsigned long base = slab_baseline();
	struct ctor_obj **objs = kcalloc(CTOR_OBJS, sizeof(*objs), GFP_KERNEL);
	struct kmem_cache *c, *plain;

	ST_ASSERT(objs, "kcalloc failed");
	c = kmem_cache_create("test_ctor", sizeof(struct ctor_obj), 0, SLAB_HWCACHE_ALIGN,
			      ctor_obj_init);
	ST_ASSERT(c, "kmem_cache_create failed");
	ctor_calls = 0;
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < CTOR_OBJS; i++) {
			objs[i] = kmem_cache_alloc(c, GFP_KERNEL);
			ST_ASSERT(objs[i], "alloc %d failed", i);
			ST_ASSERT(IS_ALIGNED((unsigned long)objs[i], 64), "not cache aligned");
			ST_ASSERT(objs[i]->magic == CTOR_MAGIC, "object %d not constructed", i);
			/* Users return objects in constructed state: only touch payload/uses. */
			objs[i]->uses++;
			fill(objs[i]->payload, sizeof(objs[i]->payload), i);
		}
		for (int i = 0; i < CTOR_OBJS; i++) {
			ST_ASSERT(check(objs[i]->payload, sizeof(objs[i]->payload), i),
				  "object %d overwritten", i);
			kmem_cache_free(c, objs[i]);
		}
	}
	st_diag("constructor ran %d times for %d allocations", ctor_calls, 2 * CTOR_OBJS);
	ST_ASSERT(ctor_calls >= CTOR_OBJS && ctor_calls < 2 * CTOR_OBJS,
		  "constructor ran %d times", ctor_calls);
	kmem_cache_destroy(c);

	/* A plain cache of an odd size: create, fill, destroy. */
	plain = kmem_cache_create("test_odd", 13, 4, 0, NULL);
	ST_ASSERT(plain, "kmem_cache_create(13) failed");
	for (int i = 0; i < CTOR_OBJS; i++) {
		objs[i] = kmem_cache_zalloc(plain, GFP_KERNEL);
		ST_ASSERT(objs[i] && !memchr_inv(objs[i], 0, 13), "zalloc %d", i);
		fill(objs[i], 13, i);
	}
	for (int i = 0; i < CTOR_OBJS; i++) {
		ST_ASSERT(check(objs[i], 13, i), "odd object %d overwritten", i);
		kmem_cache_free(plain, objs[i]);
	}
	kmem_cache_destroy(plain);
	kfree(objs);
	ST_ASSERT(slab_baseline() == base, "slab pages leaked: %lu -> %lu", base,
		  slab_pages_in_use());
	return 0;
}
DEFINE_SELFTEST("slab: kmem_cache create/destroy with constructors", cache_ctor_test);

static int krealloc_test(void)
{
	unsigned long base = slab_baseline();
	size_t size = 1;
	char *p = kmalloc(size, GFP_KERNEL), *q;
	char *s;

	ST_ASSERT(p, "kmalloc(1)");
	fill(p, size, 3);
	while (size < (64 << 10)) {
		size_t n = size * 2 + (size & 1);

		q = krealloc(p, n, GFP_KERNEL);
		ST_ASSERT(q, "krealloc to %zu failed", n);
		ST_ASSERT(check(q, size, 3), "krealloc %zu -> %zu lost contents", size, n);
		fill(q + size, n - size, 3 + size * 7);
		p = q;
		size = n;
	}
	q = krealloc(p, 10, GFP_KERNEL);
	ST_ASSERT(q == p && check(q, 10, 3), "shrinking krealloc moved or lost data");
	ST_ASSERT(krealloc(q, 0, GFP_KERNEL) == ZERO_SIZE_PTR, "krealloc(p, 0)");

	s = kstrdup("tidewater", GFP_KERNEL);
	ST_ASSERT(s && !strcmp(s, "tidewater"), "kstrdup");
	kfree(s);
	s = kstrndup("tidewater", 4, GFP_KERNEL);
	ST_ASSERT(s && !strcmp(s, "tide"), "kstrndup");
	kfree(s);
	s = kmemdup("abc", 4, GFP_KERNEL);
	ST_ASSERT(s && !memcmp(s, "abc", 4), "kmemdup");
	kfree(s);
	ST_ASSERT(!kcalloc(SIZE_MAX / 4, 8, GFP_KERNEL | __GFP_NOWARN), "kcalloc overflow");
	ST_ASSERT(slab_baseline() == base, "slab pages leaked");
	return 0;
}
DEFINE_SELFTEST("slab: krealloc growth keeps contents; kstrdup family", krealloc_test);

#define STRESS_OBJS 2000
#define STRESS_OPS 6000

static int slab_stress_test(void)
{
	unsigned long base = slab_baseline(), peak = base;
	void **objs = kcalloc(STRESS_OBJS, sizeof(void *), GFP_KERNEL);
	u16 *sizes = kcalloc(STRESS_OBJS, sizeof(u16), GFP_KERNEL);
	int live = 0;

	ST_ASSERT(objs && sizes, "kcalloc");
	for (int op = 0; op < STRESS_OPS; op++) {
		int i = rnd() % STRESS_OBJS;

		if (objs[i]) {
			ST_ASSERT(check(objs[i], min_t(size_t, sizes[i], 64), i),
				  "object %d (size %u) corrupted", i, sizes[i]);
			kfree(objs[i]);
			objs[i] = NULL;
			live--;
		} else {
			sizes[i] = 1 + rnd() % (rnd() & 1 ? 256 : 3000);
			objs[i] = kmalloc(sizes[i], GFP_KERNEL);
			ST_ASSERT(objs[i], "kmalloc(%u)", sizes[i]);
			fill(objs[i], min_t(size_t, sizes[i], 64), i);
			live++;
			peak = max(peak, slab_pages_in_use());
		}
	}
	for (int i = 0; i < STRESS_OBJS; i++) {
		if (!objs[i])
			continue;
		ST_ASSERT(check(objs[i], min_t(size_t, sizes[i], 64), i), "object %d corrupted", i);
		kfree(objs[i]);
	}
	kfree(objs);
	kfree(sizes);
	st_diag("%d random ops, %d left live at the end, slab pages %lu -> peak %lu -> %lu",
		STRESS_OPS, live, base, peak, slab_baseline());
	ST_ASSERT(slab_baseline() == base, "slab pages leaked");
	return 0;
}
DEFINE_SELFTEST("slab: random alloc/free stress, no page leak", slab_stress_test);

struct rcu_obj {
	atomic_t ref;
	int key;
};

#define RCU_OBJS 600

static int typesafe_rcu_test(void)
{
	struct kmem_cache *c = kmem_cache_create("test_rcu", sizeof(struct rcu_obj), 0,
						 SLAB_TYPESAFE_BY_RCU, NULL);
	struct rcu_obj **objs = kcalloc(RCU_OBJS, sizeof(*objs), GFP_KERNEL), *again;
	unsigned long before, after_alloc, slabs;

	ST_ASSERT(c && objs, "kmem_cache_create");
	before = slab_baseline();
	for (int i = 0; i < RCU_OBJS; i++) {
		objs[i] = kmem_cache_alloc(c, GFP_KERNEL);
		ST_ASSERT(objs[i], "alloc");
		atomic_set(&objs[i]->ref, 1);
		objs[i]->key = i;
	}
	after_alloc = slab_pages_in_use();
	slabs = c->nr_slabs;
	for (int i = 0; i < RCU_OBJS; i++) {
		atomic_set(&objs[i]->ref, 0);
		kmem_cache_free(c, objs[i]);
	}
	/* A free object keeps its contents: the free pointer lives after it. */
	ST_ASSERT(objs[5]->key == 5 && atomic_read(&objs[5]->ref) == 0,
		  "freed object's contents changed");
	kmem_cache_shrink(c);
	ST_ASSERT(c->nr_slabs == slabs && c->nr_free_slabs == slabs,
		  "empty slabs left the cache: %lu of %lu kept", c->nr_free_slabs, slabs);
	ST_ASSERT(slab_pages_in_use() == after_alloc,
		  "pages of a TYPESAFE_BY_RCU cache went back (%lu -> %lu)", after_alloc,
		  slab_pages_in_use());
	again = kmem_cache_alloc(c, GFP_KERNEL);
	ST_ASSERT(again, "realloc");
	ST_ASSERT(virt_to_head_page(again)->slab_cache == c, "reused memory changed type");
	kmem_cache_free(c, again);
	kmem_cache_destroy(c);
	kfree(objs);
	st_diag("%lu slabs; slab pages %lu before, %lu with objects, %lu after destroy "
		"(kept until RCU exists)", slabs, before, after_alloc, slab_pages_in_use());
	ST_ASSERT(slab_pages_in_use() == after_alloc, "RCU slab pages were freed on destroy");
	return 0;
}
DEFINE_SELFTEST("slab: SLAB_TYPESAFE_BY_RCU pages never change type", typesafe_rcu_test);

static int slab_warn_paths_test(void)
{
	static int not_heap;
	unsigned long base;
	void *p, *q;

	if (!selftest_warn) {
		st_diag("skipped: boot with mm_selftest_warn=1 to exercise the WARN paths");
		return 0;
	}
	base = slab_baseline();
	p = kmalloc(40, GFP_KERNEL);
	ST_ASSERT(p, "kmalloc");
	kfree(p);
	st_diag("expect a double-free WARNING next");
	kfree(p);
	st_diag("expect a not-a-kmalloc-pointer WARNING next");
	kfree(&not_heap);
	q = kmalloc(40, GFP_KERNEL);
	st_diag("expect a not-the-start-of-an-object WARNING next");
	kfree(q + 8);
	/* The allocator must still be consistent: q comes back exactly once. */
	p = kmalloc(40, GFP_KERNEL);
	ST_ASSERT(p != q, "a live object was handed out twice");
	kfree(p);
	kfree(q);
	ST_ASSERT(slab_baseline() == base, "slab pages leaked");
	return 0;
}
DEFINE_SELFTEST("slab: double free and bad pointers WARN without corruption",
		slab_warn_paths_test);

/*
 * Every CPU allocates (GFP_ATOMIC, in the on_each_cpu() callback), then
 * every CPU frees what its neighbour allocated, so objects cross CPUs
 * through the per-CPU arrays and slabs.  With only the boot CPU online
 * each CPU is its own neighbour; once SMP is up this runs concurrently.
 */
#define XCPU_OBJS 192
#define XCPU_PAGES 24

static void *xcpu_objs[NR_CPUS][XCPU_OBJS];
static struct page *xcpu_pages[NR_CPUS][XCPU_PAGES];
static atomic_t xcpu_errors;

static size_t xcpu_size(int i)
{
	return 8 + (i * 37) % 3000;
}

static void xcpu_alloc(void *unused)
{
	int cpu = smp_processor_id();

	for (int i = 0; i < XCPU_OBJS; i++) {
		u32 *p = kmalloc(xcpu_size(i), GFP_ATOMIC | __GFP_NOWARN);

		if (!p) {
			atomic_inc(&xcpu_errors);
			continue;
		}
		p[0] = cpu << 16 | i;
		xcpu_objs[cpu][i] = p;
	}
	for (int i = 0; i < XCPU_PAGES; i++) {
		xcpu_pages[cpu][i] = alloc_pages(GFP_ATOMIC | __GFP_NOWARN, i % 3);
		if (!xcpu_pages[cpu][i])
			atomic_inc(&xcpu_errors);
	}
}

/* The next online CPU after cpu, wrapping; cpu itself if it is alone. */
static int xcpu_neighbour(int cpu)
{
	unsigned int n = cpumask_next(cpu, cpu_online_mask);

	if (n >= NR_CPUS)
		n = cpumask_first(cpu_online_mask);
	return n >= NR_CPUS ? cpu : (int)n;
}

static void xcpu_free(void *unused)
{
	int victim = xcpu_neighbour(smp_processor_id());

	for (int i = 0; i < XCPU_OBJS; i++) {
		u32 *p = xcpu_objs[victim][i];

		if (!p)
			continue;
		if (p[0] != ((u32)victim << 16 | i))
			atomic_inc(&xcpu_errors);
		kfree(p);
		xcpu_objs[victim][i] = NULL;
	}
	for (int i = 0; i < XCPU_PAGES; i++) {
		if (xcpu_pages[victim][i])
			__free_pages(xcpu_pages[victim][i], i % 3);
		xcpu_pages[victim][i] = NULL;
	}
}

static int cross_cpu_test(void)
{
	unsigned long slab_base = slab_baseline(), free_base;

	drain_all_pages();
	free_base = nr_free_pages();
	atomic_set(&xcpu_errors, 0);
	on_each_cpu(xcpu_alloc, NULL, true);
	on_each_cpu(xcpu_free, NULL, true);
	st_diag("%u CPUs online, %d errors; slab pages %lu -> %lu", num_online_cpus(),
		atomic_read(&xcpu_errors), slab_base, slab_baseline());
	ST_ASSERT(atomic_read(&xcpu_errors) == 0, "allocation failures or corrupted objects");
	ST_ASSERT(slab_baseline() == slab_base, "slab pages leaked");
	drain_all_pages();
	ST_ASSERT(nr_free_pages() == free_base, "free pages %lu -> %lu", free_base,
		  nr_free_pages());
	return 0;
}
DEFINE_SELFTEST("slab/buddy: objects allocated on one CPU, freed on another", cross_cpu_test);
