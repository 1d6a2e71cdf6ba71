// SPDX-License-Identifier: GPL-2.0-only
/*
 * The random number generator: an entropy input pool feeding a ChaCha20
 * DRBG, getrandom(2), and the interface in <linux/random.h>.
 *
 * Input pool.  A sponge over the ChaCha20 permutation (chacha_permute():
 * the 20 rounds without the feed-forward): 512 bits of state, of which
 * the 256-bit "rate" half absorbs input by XOR and the other 256 bits
 * (the capacity, initialised with the ChaCha constants so the state is
 * never symmetric) are never touched by input or shown in output.
 * Absorbing a full rate block, or extracting, applies the permutation.
 * Extraction pads (0x01 after the data, 0x80 at the end of the rate),
 * permutes, reads the rate as the 32-byte seed, then overwrites the rate
 * and permutes again, so a later compromise of the pool does not reveal
 * seeds already handed out.  Sources: RDSEED/RDRAND (trusted like Linux's
 * default random.trust_cpu=on and credited), timer-interrupt jitter
 * sampled against the cycle counter (random_get_entropy(), <asm/timex.h>)
 * while a reader waits for the first seed (one bit per timer interrupt,
 * as Linux credits it), interrupt arrival times (1 bit per 64
 * interrupts), and uncredited device data (the RTC time, the command
 * line).
 *
 * CRNG.  A 256-bit base key, reseeded from the pool once 256 bits have
 * been credited (then the CRNG is "ready") and every 60 s afterwards.
 * Every request first runs one ChaCha20 block under the base key: its
 * first half replaces the base key ("fast key erasure": the key that made
 * earlier output is gone), its second half keys the ChaCha20 keystream
 * for that request alone, generated without any lock held.
 *
 * Devices (minors of the mem major, <linux/memdev.h>): /dev/random (1:8)
 * blocks until the CRNG is seeded, then reads like /dev/urandom (1:9),
 * which never blocks (Linux 5.18+ semantics).
 * Writes mix data into the pool without crediting it; the RND* ioctls
 * credit entropy or force a reseed (CAP_SYS_ADMIN).
 *
 * Locking: input_pool.lock and base_crng.lock are irq-safe spinlocks
 * (producers run in interrupt handlers); base_crng.lock may be taken
 * first and input_pool.lock inside it, never the other way round.  The
 * per-CPU interrupt accumulators and word batches are used with local
 * interrupts off.
 */
#define pr_fmt(fmt) "random: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/spinlock.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/random.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/limits.h>
#include <linux/timekeeping.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/memdev.h>
#include <linux/capability.h>
#include <uapi/linux/fcntl.h>
#include <asm/percpu.h>
#include <asm/uaccess.h>
#include <asm/archrandom.h>
#include <asm/timex.h>
#include <asm/irqflags.h>
#include <crypto/chacha.h>
#include <crypto/utils.h>
#if __has_include(<linux/poll.h>)
#include <linux/poll.h>	/* poll() support arrives with the poll infrastructure */
#endif

#define POOL_RATE_BYTES		32	/* state words 8..15 */
#define POOL_READY_BITS		256	/* credited bits that make the CRNG ready */
#define CRNG_RESEED_INTERVAL	(60 * HZ)	/* Linux's reseed period once ready */
#define IRQ_FLUSH_COUNT		64	/* interrupts per bit credited */
/* Longest single getrandom()/read(): Linux's MAX_RW_COUNT on 4 KiB pages. */
#define MAX_RANDOM_READ		(INT_MAX & ~4095)

/* ------------------------------------------------------------ input pool */

static struct {
	spinlock_t lock;
	u32 s[CHACHA_STATE_WORDS];
	unsigned int pos;		/* next rate byte to absorb into */
	unsigned int init_bits;		/* credited so far, capped at POOL_READY_BITS */
	unsigned int new_bits;		/* credited since the last extraction */
} input_pool = {
	.lock = __SPIN_LOCK_UNLOCKED(input_pool.lock),
	.s = { CHACHA_CONST0, CHACHA_CONST1, CHACHA_CONST2, CHACHA_CONST3 },
};

static u8 *pool_rate(void)
{
	return (u8 *)&input_pool.s[8];
}

/* Caller holds input_pool.lock. */
static void pool_absorb(const void *buf, size_t len)
{
	const u8 *p = buf;

	while (len--) {
		pool_rate()[input_pool.pos++] ^= *p++;
		if (input_pool.pos == POOL_RATE_BYTES) {
			chacha_permute(input_pool.s);
			input_pool.pos = 0;
		}
	}
}

static void mix_pool_bytes(const void *buf, size_t len)
{
	unsigned long flags;

	spin_lock_irqsave(&input_pool.lock, flags);
	pool_absorb(buf, len);
	spin_unlock_irqrestore(&input_pool.lock, flags);
}

/* Squeeze a 32-byte seed out of the pool; see the file comment. */
static void pool_extract(u8 seed[POOL_RATE_BYTES])
{
	unsigned long hw[4], flags;
	size_t n;
	u64 cycles = random_get_entropy();

	n = arch_get_random_seed_longs(hw, ARRAY_SIZE(hw));
	if (n < ARRAY_SIZE(hw))
		n += arch_get_random_longs(hw + n, ARRAY_SIZE(hw) - n);

	spin_lock_irqsave(&input_pool.lock, flags);
	pool_absorb(hw, n * sizeof(long));
	pool_absorb(&cycles, sizeof(cycles));
	pool_rate()[input_pool.pos] ^= 0x01;
	pool_rate()[POOL_RATE_BYTES - 1] ^= 0x80;
	chacha_permute(input_pool.s);
	memcpy(seed, pool_rate(), POOL_RATE_BYTES);
	memset(pool_rate(), 0, POOL_RATE_BYTES);
	chacha_permute(input_pool.s);
	input_pool.pos = 0;
	input_pool.new_bits = 0;
	spin_unlock_irqrestore(&input_pool.lock, flags);
	memzero_explicit(hw, sizeof(hw));
}

/* ------------------------------------------------------------ the CRNG */

enum { CRNG_EMPTY, CRNG_READY };

static struct {
	spinlock_t lock;
	u8 key[CHACHA_KEY_SIZE];
	unsigned long birth;		/* jiffies of the last reseed */
	unsigned long generation;	/* reseeds so far */
} base_crng = {
	.lock = __SPIN_LOCK_UNLOCKED(base_crng.lock),
};

static int crng_init = CRNG_EMPTY;
static DECLARE_WAIT_QUEUE_HEAD(crng_init_wait);

static bool crng_ready(void)
{
	return READ_ONCE(crng_init) == CRNG_READY;
}

bool rng_is_initialized(void)
{
	return crng_ready();
}

/* Caller holds base_crng.lock. */
static void crng_reseed_locked(void)
{
	u8 seed[POOL_RATE_BYTES];

	pool_extract(seed);
	for (int i = 0; i < CHACHA_KEY_SIZE; i++)
		base_crng.key[i] ^= seed[i];
	base_crng.birth = jiffies;
	base_crng.generation++;
	memzero_explicit(seed, sizeof(seed));
}

static void crng_reseed(void)
{
	unsigned long flags;

	spin_lock_irqsave(&base_crng.lock, flags);
	crng_reseed_locked();
	spin_unlock_irqrestore(&base_crng.lock, flags);
}

static bool crng_reseed_due(void)
{
	if (!crng_ready())
		return READ_ONCE(input_pool.new_bits) > 0;
	return time_after(jiffies, base_crng.birth + CRNG_RESEED_INTERVAL);
}

/* A fresh key for one request; the base key moves on (fast key erasure). */
static void crng_make_key(u8 key[CHACHA_KEY_SIZE])
{
	static const u8 zero_nonce[CHACHA_NONCE_SIZE];
	u32 state[CHACHA_STATE_WORDS];
	u8 block[CHACHA_BLOCK_SIZE];
	unsigned long flags;

	spin_lock_irqsave(&base_crng.lock, flags);
	if (crng_reseed_due())
		crng_reseed_locked();
	chacha_init(state, base_crng.key, zero_nonce, 0);
	chacha20_block(state, block);
	memcpy(base_crng.key, block, CHACHA_KEY_SIZE);
	spin_unlock_irqrestore(&base_crng.lock, flags);

	memcpy(key, block + CHACHA_KEY_SIZE, CHACHA_KEY_SIZE);
	memzero_explicit(block, sizeof(block));
	memzero_explicit(state, sizeof(state));
}

/* Credit bits to the pool; the crossing of POOL_READY_BITS seeds the CRNG. */
static void credit_init_bits(unsigned int bits)
{
	unsigned long flags;
	bool now_ready = false;

	if (!bits)
		return;
	spin_lock_irqsave(&input_pool.lock, flags);
	input_pool.new_bits += bits;
	if (input_pool.init_bits < POOL_READY_BITS) {
		input_pool.init_bits = min(input_pool.init_bits + bits, (unsigned int)POOL_READY_BITS);
		now_ready = input_pool.init_bits == POOL_READY_BITS;
	}
	spin_unlock_irqrestore(&input_pool.lock, flags);

	if (now_ready) {
		crng_reseed();
		WRITE_ONCE(crng_init, CRNG_READY);
		wake_up_interruptible_all(&crng_init_wait);
		pr_notice("crng init done\n");
	}
}

/* ------------------------------------------------------------ consumers */

static void chacha_stream(const u8 key[CHACHA_KEY_SIZE], u32 counter, u8 *out, size_t len)
{
	static const u8 zero_nonce[CHACHA_NONCE_SIZE];
	u32 state[CHACHA_STATE_WORDS];
	u8 block[CHACHA_BLOCK_SIZE];

	chacha_init(state, key, zero_nonce, counter);
	while (len >= CHACHA_BLOCK_SIZE) {
		chacha20_block(state, out);
		out += CHACHA_BLOCK_SIZE;
		len -= CHACHA_BLOCK_SIZE;
	}
	if (len) {
		chacha20_block(state, block);
		memcpy(out, block, len);
		memzero_explicit(block, sizeof(block));
	}
	memzero_explicit(state, sizeof(state));
}

void get_random_bytes(void *buf, size_t len)
{
	u8 key[CHACHA_KEY_SIZE];

	if (!len)
		return;
	crng_make_key(key);
	chacha_stream(key, 0, buf, len);
	memzero_explicit(key, sizeof(key));
}

/* Per-CPU batches of words, so small requests cost a copy, not two blocks. */
struct random_batch {
	u64 words[CHACHA_BLOCK_SIZE * 2 / sizeof(u64)];
	unsigned int left;
	unsigned long generation;	/* base_crng.generation at refill */
};
static DEFINE_PER_CPU(struct random_batch, random_batch);

u64 get_random_u64(void)
{
	struct random_batch *b;
	unsigned long flags;
	u64 v;

	local_irq_save(flags);
	b = this_cpu_ptr(&random_batch);
	/* Refill after a reseed too, so the first seed reaches every word. */
	if (!b->left || b->generation != READ_ONCE(base_crng.generation)) {
		b->generation = READ_ONCE(base_crng.generation);
		get_random_bytes(b->words, sizeof(b->words));
		b->left = ARRAY_SIZE(b->words);
	}
	v = b->words[--b->left];
	b->words[b->left] = 0;
	local_irq_restore(flags);
	return v;
}

u32 get_random_u32(void)
{
	return (u32)get_random_u64();
}

/* Uniform in [0, ceil): multiply-shift with rejection of the biased low range. */
u32 get_random_u32_below(u32 ceil)
{
	u64 m;
	u32 low, threshold;

	if (ceil <= 1)
		return 0;
	threshold = -ceil % ceil;
	do {
		m = (u64)get_random_u32() * ceil;
		low = (u32)m;
	} while (low < threshold);
	return m >> 32;
}

/* ------------------------------------------------------------ producers */

void add_device_randomness(const void *buf, size_t len)
{
	u64 cycles = random_get_entropy();

	mix_pool_bytes(&cycles, sizeof(cycles));
	mix_pool_bytes(buf, len);
}

/* Per-CPU accumulator of interrupt arrival times. */
struct fast_pool {
	u64 words[4];
	unsigned int count;
};
static DEFINE_PER_CPU(struct fast_pool, irq_randomness);

void add_interrupt_randomness(int irq)
{
	struct fast_pool *fp;
	unsigned long flags;
	u64 cycles = random_get_entropy();

	local_irq_save(flags);
	fp = this_cpu_ptr(&irq_randomness);
	/* A cheap reversible mix; the pool's permutation does the real work. */
	fp->words[fp->count & 3] ^= cycles ^ ((u64)irq << 48) ^ jiffies;
	fp->words[(fp->count + 1) & 3] += (fp->words[fp->count & 3] << 13) |
					  (fp->words[fp->count & 3] >> 51);
	if (++fp->count >= IRQ_FLUSH_COUNT) {
		mix_pool_bytes(fp->words, sizeof(fp->words));
		fp->count = 0;
		local_irq_restore(flags);
		credit_init_bits(1);
		return;
	}
	local_irq_restore(flags);
}

/*
 * Jitter: while a reader waits for the first seed, keep the CPU busy
 * sampling the cycle counter and let the timer interrupt land somewhere
 * in that loop; where it lands is not predictable to the cycle, so each
 * timer expiry credits one bit (Linux's try_to_generate_entropy()
 * argument).
 */
struct entropy_timer_state {
	struct timer_list timer;
	unsigned long samples;
	u64 entropy;
};

static void entropy_timer_fn(struct timer_list *t)
{
	struct entropy_timer_state *st = from_timer(st, t, timer);
	u64 v = st->entropy ^ random_get_entropy() ^ st->samples;

	mix_pool_bytes(&v, sizeof(v));
	credit_init_bits(1);
}

static void try_to_generate_entropy(void)
{
	struct entropy_timer_state st = { .samples = 0 };

	timer_setup_on_stack(&st.timer, entropy_timer_fn, 0);
	while (!crng_ready() && !signal_pending(current)) {
		if (!timer_pending(&st.timer))
			mod_timer(&st.timer, jiffies + 1);
		st.entropy = random_get_entropy();
		st.samples++;
		mix_pool_bytes(&st.entropy, sizeof(st.entropy));
		cond_resched();
	}
	del_timer_sync(&st.timer);
	destroy_timer_on_stack(&st.timer);
}

int wait_for_random_bytes(void)
{
	while (!crng_ready()) {
		int ret;

		try_to_generate_entropy();
		ret = wait_event_interruptible_timeout(crng_init_wait, crng_ready(), HZ);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* ------------------------------------------------------------ getrandom(2) */

/*
 * Copy len random bytes to user memory.  Returns the count copied, or
 * -EFAULT if nothing could be.  Long requests stop early (with what was
 * copied so far) when a signal arrives, as on Linux.
 */
static long get_random_bytes_user(char *ubuf, size_t len)
{
	u8 key[CHACHA_KEY_SIZE], chunk[256];
	size_t done = 0;
	u32 counter = 0;

	if (!len)
		return 0;
	if (len > MAX_RANDOM_READ)
		len = MAX_RANDOM_READ;
	crng_make_key(key);
	while (done < len) {
		size_t n = min_t(size_t, len - done, sizeof(chunk));
		size_t left;

		chacha_stream(key, counter, chunk, sizeof(chunk));
		counter += sizeof(chunk) / CHACHA_BLOCK_SIZE;
		left = copy_to_user(ubuf + done, chunk, n);
		done += n - left;
		if (left)
			break;
		if (done % 4096 == 0 && done < len) {
			if (signal_pending(current))
				break;
			cond_resched();
		}
	}
	memzero_explicit(chunk, sizeof(chunk));
	memzero_explicit(key, sizeof(key));
	return done ? (long)done : -EFAULT;
}

/*
 * getrandom(2): bytes from the generator once it has been seeded.
 * GRND_INSECURE does not wait for that; GRND_NONBLOCK fails with EAGAIN
 * instead of waiting; GRND_RANDOM means nothing more today (it was the
 * blocking pool) but may not be combined with GRND_INSECURE.
 */
SYSCALL_DEFINE3(getrandom, char *, ubuf, size_t, len, unsigned int, flags)
{
	const unsigned int known = GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE;
	int err;

	if (flags & ~known)
		return -EINVAL;
	if ((flags & GRND_INSECURE) && (flags & GRND_RANDOM))
		return -EINVAL;
	if (crng_ready() || (flags & GRND_INSECURE))
		return get_random_bytes_user(ubuf, len);
	if (flags & GRND_NONBLOCK)
		return -EAGAIN;
	err = wait_for_random_bytes();
	return err ? err : get_random_bytes_user(ubuf, len);
}

/* ------------------------------------------------------------ /dev/random, /dev/urandom */

static ssize_t random_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	bool is_random = MINOR(file_inode(file)->i_rdev) == MEM_RANDOM_MINOR;
	int ret;

	if (is_random && !crng_ready()) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = wait_for_random_bytes();
		if (ret)
			return ret;
	}
	return get_random_bytes_user(ubuf, count);
}

/*
 * Mix len bytes of user memory into the input pool, no credit given.
 * Returns how many were taken: fewer than len only if a copy faulted.
 */
static size_t mix_from_user(const u8 *ubuf, size_t len)
{
	u8 bounce[256];
	size_t taken = 0;

	while (taken < len) {
		size_t step = min_t(size_t, len - taken, sizeof(bounce));

		if (copy_from_user(bounce, ubuf + taken, step))
			break;
		mix_pool_bytes(bounce, step);
		taken += step;
		cond_resched();
	}
	memzero_explicit(bounce, sizeof(bounce));
	return taken;
}

/* Anyone may stir data into the pool; it earns no entropy credit. */
static ssize_t random_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	size_t taken = mix_from_user((const u8 *)ubuf, count);

	if (!taken && count)
		return -EFAULT;
	return taken;
}

/*
 * random(4) ioctls.  RNDGETENTCNT is open to all; the others change the
 * pool's state and need CAP_SYS_ADMIN.  RNDZAPENTCNT and RNDCLEARPOOL
 * are accepted and do nothing, as on Linux since 5.18.
 */
static long random_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int *p = (int *)arg;
	int bits, len;

	if (cmd == RNDGETENTCNT)
		return put_user((int)READ_ONCE(input_pool.init_bits), p);
	if (cmd != RNDADDTOENTCNT && cmd != RNDADDENTROPY && cmd != RNDZAPENTCNT &&
	    cmd != RNDCLEARPOOL && cmd != RNDRESEEDCRNG)
		return -EINVAL;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;

	if (cmd == RNDZAPENTCNT || cmd == RNDCLEARPOOL)
		return 0;
	if (cmd == RNDRESEEDCRNG) {
		/* Only a seeded generator can be reseeded. */
		if (!crng_ready())
			return -ENODATA;
		crng_reseed();
		return 0;
	}

	/* RNDADDTOENTCNT: int bits; RNDADDENTROPY: int bits, int len, u8 data[len]. */
	if (get_user(bits, p))
		return -EFAULT;
	if (cmd == RNDADDENTROPY) {
		if (get_user(len, p + 1))
			return -EFAULT;
		if (len < 0)
			return -EINVAL;
	}
	if (bits < 0)
		return -EINVAL;
	if (cmd == RNDADDENTROPY && mix_from_user((const u8 *)(p + 2), len) != (size_t)len)
		return -EFAULT;
	credit_init_bits(bits);
	return 0;
}

#if __has_include(<linux/poll.h>)
static __poll_t random_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &crng_init_wait, wait);
	return crng_ready() ? POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM :
			      POLLOUT | POLLWRNORM;
}
#endif

static const struct file_operations random_fops = {
	.llseek = noop_llseek,
#if __has_include(<linux/poll.h>)
	.poll = random_poll,
#endif
	.read = random_read,
	.write = random_write,
	.unlocked_ioctl = random_ioctl,
};

static int __init random_dev_init(void)
{
	int ret = register_mem_minor(MEM_RANDOM_MINOR, "random", 0666, &random_fops);

	return ret ? ret : register_mem_minor(MEM_URANDOM_MINOR, "urandom", 0666, &random_fops);
}
device_initcall(random_dev_init);

/* ------------------------------------------------------------ boot */

/*
 * Seed from the CPU's generator when it has one (256 bits of RDSEED or
 * RDRAND output, credited as Linux does by default), plus the uncredited
 * boot-time facts: cycle counter, wall clock, command line.
 */
static int __init random_init(void)
{
	unsigned long hw[POOL_READY_BITS / (8 * sizeof(long))];
	u64 now = ktime_get_real_ns(), cycles = random_get_entropy();
	size_t n;

	add_device_randomness(&now, sizeof(now));
	add_device_randomness(&cycles, sizeof(cycles));
	add_device_randomness(boot_command_line, strlen(boot_command_line));

	n = arch_get_random_seed_longs(hw, ARRAY_SIZE(hw));
	n += arch_get_random_longs(hw + n, ARRAY_SIZE(hw) - n);
	mix_pool_bytes(hw, n * sizeof(long));
	memzero_explicit(hw, sizeof(hw));
	crng_reseed();
	if (n == ARRAY_SIZE(hw))
		credit_init_bits(n * 8 * sizeof(long));
	else
		pr_info("no RDSEED/RDRAND: seeding from interrupt timing\n");
	return 0;
}
core_initcall(random_init);
