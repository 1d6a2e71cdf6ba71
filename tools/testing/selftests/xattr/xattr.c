// SPDX-License-Identifier: GPL-2.0-only
/*
 * xattr - extended attributes (setxattr(2), getxattr(2), listxattr(2),
 * removexattr(2), their l* and f* forms) on an ext2 mount and on tmpfs.
 *
 * Environment: $XATTR_DEV (the ext2 device, /dev/vda), $XATTR_MNT (where
 * it is mounted; this program unmounts and mounts it again on the way)
 * and $XATTR_PHASE:
 *   first    the main checks on ext2, then tmpfs; leaves the test files
 *            (MNT/xattr-test), MNT/xattr-persist and MNT/xattr-shared-a
 *            and -b behind (what tools/testing/selftests/xattr/guest.sh
 *            runs on the first boot)
 *   second   after a reboot: MNT/xattr-persist still has its attributes;
 *            removing it gives its attribute block back; -b shares -a's
 *            attribute block (the host's doing, see run), and changing
 *            it copies the block; everything is removed but
 *            MNT/xattr-corrupt, whose block the host then damages
 *   third    reading that block's attributes is EUCLEAN
 *
 * What is checked: values round-trip, size 0 asks for the length, a
 * short buffer is ERANGE; XATTR_CREATE/XATTR_REPLACE; listing; removal;
 * the attribute block counts in st_blocks and goes with the last
 * attribute or the file; the largest value one ext2 block holds and one
 * byte more (ENOSPC), a value over 64 KiB (E2BIG), a 256-byte name
 * (ERANGE); user.* refused on symlinks; trusted.* for root only; the
 * permission rules for an unprivileged user (uid 1000); security.* open
 * to readers and writers of the file; security.capability only for
 * CAP_SETFCAP, checked for form, and dropped by
 * chown, write and truncate; EROFS on a read-only mount; ctime moves;
 * nouser_xattr (skipped where ext4 serves ext2 and refuses it);
 * persistence across umount/mount and reboot.  tmpfs keeps
 * trusted.* and security.* but no user.* (Linux 6.1).
 *
 * Runs as root; must pass on Linux (the reference) and Tidewater.
 */
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include "tap.h"
#include "util.h"

#define USER		1000	/* the unprivileged user of the checks */
#define CAPS_V2		0x02000000u
#define CAPS_V2_SIZE	20

static const char *dev, *mnt;
static char dir[256], persist[256], shared_a[256], shared_b[256], corrupt[256];
static unsigned long bs;	/* the ext2 block size */

static void path_of(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", dir, name);
}

static int make_file(const char *path, mode_t mode)
{
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, mode);

	if (fd < 0)
		return -1;
	fchmod(fd, mode);
	return close(fd);
}

/* A value of @len bytes from @seed, the same every run. */
static void fill(char *buf, size_t len, unsigned int seed)
{
	for (size_t i = 0; i < len; i++)
		buf[i] = (char)((i * 131 + seed * 7) ^ (i >> 8));
}

/* Does the name list of @path (llistxattr) hold @name? */
static int listed(const char *path, const char *name)
{
	char list[4096];
	ssize_t n = llistxattr(path, list, sizeof(list));

	for (ssize_t off = 0; off < n; off += strlen(list + off) + 1)
		if (!strcmp(list + off, name))
			return 1;
	return 0;
}

static long long blocks_of(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : (long long)st.st_blocks;
}

static long long free_blocks(void)
{
	struct statvfs sv;

	sync();
	return statvfs(mnt, &sv) ? -1 : (long long)sv.f_bfree;
}

static int remount(const char *opts)
{
	if (umount(mnt)) {
		diag("umount %s: %s", mnt, strerror(errno));
		return -1;
	}
	if (mount(dev, mnt, "ext2", MS_NOATIME, opts)) {
		diag("mount %s %s (%s): %s", dev, mnt, opts ? opts : "", strerror(errno));
		return -1;
	}
	return 0;
}

/* A revision 2 file capability: cap_net_bind_service, permitted and effective. */
static void caps_value(char v[CAPS_V2_SIZE])
{
	unsigned int words[5] = { CAPS_V2 | 1, 1u << 10, 0, 0, 0 };

	memcpy(v, words, CAPS_V2_SIZE);
}

/* ------------------------------------------------------------ as uid 1000 */

struct user_op {
	const char *path;
	const char *name;
	int what;		/* 'g'et, 's'et, 'l'ist (child returns "listed") */
};

/* In a child: drop to USER, do the op, exit with 0 or the errno. */
static int user_op_child(void *arg)
{
	struct user_op *op = arg;
	char buf[64];

	if (setgroups(0, NULL) || setresgid(USER, USER, USER) || setresuid(USER, USER, USER))
		return 250;
	if (op->what == 'l')
		return listed(op->path, op->name);
	if (op->what == 'g')
		return getxattr(op->path, op->name, buf, sizeof(buf)) < 0 ? errno : 0;
	if (!strcmp(op->name, "security.capability")) {
		caps_value(buf);
		return setxattr(op->path, op->name, buf, CAPS_V2_SIZE, 0) ? errno : 0;
	}
	return setxattr(op->path, op->name, "u", 1, 0) ? errno : 0;
}

/* 0 or the errno an op by USER ended with. */
static int as_user(int what, const char *path, const char *name)
{
	struct user_op op = { path, name, what };
	int st = run_in_child(user_op_child, &op);

	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* ------------------------------------------------------------ ext2 */

static void check_basics(void)
{
	char f[300], buf[64];

	path_of(f, sizeof(f), "basic");
	ok_sys(make_file(f, 0644), "create %s", f);
	ok_sys(setxattr(f, "user.a", "hello", 5, 0), "setxattr user.a");
	memset(buf, 0, sizeof(buf));
	ok(getxattr(f, "user.a", buf, sizeof(buf)) == 5 && !memcmp(buf, "hello", 5),
	   "getxattr user.a gives back its 5 bytes");
	ok_eq(getxattr(f, "user.a", NULL, 0), 5, "getxattr with size 0 gives the length");
	ok_errno(getxattr(f, "user.a", buf, 2), ERANGE, "getxattr into 2 bytes: ERANGE");
	ok_errno(getxattr(f, "user.none", buf, sizeof(buf)), ENODATA, "missing attribute: ENODATA");
	ok_errno(setxattr(f, "user.a", "x", 1, XATTR_CREATE), EEXIST, "XATTR_CREATE of an existing one: EEXIST");
	ok_errno(setxattr(f, "user.b", "x", 1, XATTR_REPLACE), ENODATA, "XATTR_REPLACE of a missing one: ENODATA");
	ok_sys(setxattr(f, "user.a", "bye", 3, XATTR_REPLACE), "XATTR_REPLACE of an existing one");
	ok(getxattr(f, "user.a", buf, sizeof(buf)) == 3 && !memcmp(buf, "bye", 3), "the replaced value reads back");
	ok_sys(setxattr(f, "user.b", "", 0, XATTR_CREATE), "an empty value with XATTR_CREATE");
	ok_eq(getxattr(f, "user.b", buf, sizeof(buf)), 0, "the empty value has length 0");
	ok_eq(listxattr(f, NULL, 0), (long)(sizeof("user.a") + sizeof("user.b")),
	      "listxattr with size 0 gives the list's length");
	ok(listed(f, "user.a") && listed(f, "user.b"), "both names are listed");
	ok_errno(listxattr(f, buf, 3), ERANGE, "listxattr into 3 bytes: ERANGE");
	ok_sys(removexattr(f, "user.b"), "removexattr user.b");
	ok_errno(getxattr(f, "user.b", buf, sizeof(buf)), ENODATA, "a removed attribute is gone");
	ok_errno(removexattr(f, "user.b"), ENODATA, "removing it again: ENODATA");
	ok(!listed(f, "user.b") && listed(f, "user.a"), "the list follows");
	ok_errno(setxattr(f, "bogus.a", "x", 1, 0), EOPNOTSUPP, "an unknown name space: EOPNOTSUPP");
	ok_errno(setxattr(f, "", "x", 1, 0), ERANGE, "an empty name: ERANGE");
}

static void check_fd_forms(void)
{
	char f[300], buf[16];
	int fd;

	path_of(f, sizeof(f), "fdforms");
	fd = open(f, O_CREAT | O_RDWR, 0644);
	ok_sys(fd, "open %s", f);
	ok_sys(fsetxattr(fd, "user.fd", "12", 2, 0), "fsetxattr");
	ok_eq(fgetxattr(fd, "user.fd", buf, sizeof(buf)), 2, "fgetxattr");
	ok_eq(flistxattr(fd, buf, sizeof(buf)), (long)sizeof("user.fd"), "flistxattr");
	ok_sys(fremovexattr(fd, "user.fd"), "fremovexattr");
	ok_eq(flistxattr(fd, buf, sizeof(buf)), 0, "an empty list after removing the last one");
	close(fd);
}

/* The attribute block is counted in st_blocks, and freed with the last attribute. */
static void check_block_accounting(void)
{
	long long before, with, gone;
	char f[300], value[600];

	path_of(f, sizeof(f), "blocks");
	ok_sys(make_file(f, 0644), "create an empty file");
	fill(value, sizeof(value), 1);
	before = free_blocks();
	/* Too big to sit in an ext4 inode's spare bytes: it takes a block. */
	ok_sys(setxattr(f, "user.big", value, sizeof(value), 0), "a 600-byte attribute");
	ok_eq(blocks_of(f), (long long)(bs / 512), "st_blocks counts the attribute block");
	with = free_blocks();
	ok_eq(before - with, 1, "one block more in use");
	ok_sys(removexattr(f, "user.big"), "remove it");
	ok_eq(blocks_of(f), 0, "st_blocks back to 0");
	gone = free_blocks();
	ok_eq(gone, before, "the block is free again");
	ok_sys(setxattr(f, "user.big", value, sizeof(value), 0), "set it again");
	ok_sys(unlink(f), "unlink the file");
	ok_eq(free_blocks(), before, "unlink frees the attribute block");
}

static void check_sizes(void)
{
	size_t max = bs - 32 - 20 - 4;	/* header, entry of a 1-byte name, end mark */
	char f[300], name[300], *value = malloc(70000), *back = malloc(70000);

	path_of(f, sizeof(f), "sizes");
	ok_sys(make_file(f, 0644), "create %s", f);
	fill(value, 70000, 2);
	ok_sys(setxattr(f, "user.v", value, max, 0), "a %zu-byte value fills the block", max);
	ok(getxattr(f, "user.v", back, 70000) == (ssize_t)max && !memcmp(back, value, max),
	   "and reads back whole");
	ok_errno(setxattr(f, "user.v", value, max + 1, 0), ENOSPC, "one byte more: ENOSPC");
	ok(getxattr(f, "user.v", back, 70000) == (ssize_t)max, "the old value survives the failure");
	/* 200 bytes: more than an ext4 inode's spare room holds on Linux. */
	ok_errno(setxattr(f, "user.w", value, 200, 0), ENOSPC, "a second attribute does not fit either");
	ok_errno(setxattr(f, "user.v", value, 65537, 0), E2BIG, "a value over 64 KiB: E2BIG");
	memset(name, 'n', sizeof(name));
	memcpy(name, "user.", 5);
	name[256] = '\0';
	ok_errno(setxattr(f, name, "x", 1, 0), ERANGE, "a 256-byte name: ERANGE");
	name[255] = '\0';
	ok_sys(removexattr(f, "user.v"), "remove the big value");
	ok_sys(setxattr(f, name, "x", 1, 0), "a 255-byte name");
	ok_eq(getxattr(f, name, back, 16), 1, "reads back");
	free(value);
	free(back);
}

static void check_many(void)
{
	char f[300], name[32], value[200], back[200];
	int i, good = 1, n = bs >= 4096 ? 20 : 8;	/* what one block holds */

	path_of(f, sizeof(f), "many");
	ok_sys(make_file(f, 0644), "create %s", f);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "user.k%d", i);
		fill(value, 7 * i + 1, i);
		if (setxattr(f, name, value, 7 * i + 1, 0))
			good = 0;
	}
	ok(good, "%d attributes of 1..%d bytes", n, 7 * n - 6);
	for (i = 0; i < n && good; i++) {
		snprintf(name, sizeof(name), "user.k%d", i);
		fill(value, 7 * i + 1, i);
		good = getxattr(f, name, back, sizeof(back)) == 7 * i + 1 &&
		       !memcmp(back, value, 7 * i + 1) && listed(f, name);
	}
	ok(good, "each reads back and is listed");
	for (i = 0; i < n; i += 2) {
		snprintf(name, sizeof(name), "user.k%d", i);
		removexattr(f, name);
	}
	for (i = 1; i < n && good; i += 2) {
		snprintf(name, sizeof(name), "user.k%d", i);
		fill(value, 7 * i + 1, i);
		good = getxattr(f, name, back, sizeof(back)) == 7 * i + 1 &&
		       !memcmp(back, value, 7 * i + 1);
	}
	ok(good, "after removing every other one the rest are intact");
}

static void check_kinds(void)
{
	char d[300], l[300], buf[16];

	path_of(d, sizeof(d), "subdir");
	path_of(l, sizeof(l), "link");
	ok_sys(mkdir(d, 0755), "mkdir");
	ok_sys(setxattr(d, "user.d", "1", 1, 0), "user.* on a directory");
	ok_sys(symlink("subdir", l), "symlink");
	ok_errno(lsetxattr(l, "user.s", "1", 1, 0), EPERM, "lsetxattr user.* on a symlink: EPERM");
	ok_errno(lgetxattr(l, "user.s", buf, sizeof(buf)), ENODATA, "lgetxattr user.* on a symlink: ENODATA");
	ok_sys(lsetxattr(l, "trusted.s", "2", 1, 0), "lsetxattr trusted.* on a symlink as root");
	ok_eq(lgetxattr(l, "trusted.s", buf, sizeof(buf)), 1, "and it reads back");
	ok_eq(getxattr(l, "user.d", buf, sizeof(buf)), 1, "getxattr follows the symlink");
}

static void check_unprivileged(void)
{
	char f[300], p[300], own[300], sticky[300];

	path_of(f, sizeof(f), "root-0644");
	path_of(p, sizeof(p), "root-0600");
	path_of(own, sizeof(own), "user-file");
	path_of(sticky, sizeof(sticky), "sticky");
	ok_sys(chmod(dir, 0777), "the test directory open to all");
	make_file(f, 0644);
	make_file(p, 0600);
	make_file(own, 0644);
	ok_sys(chown(own, USER, USER), "a file of uid %d", USER);
	setxattr(f, "user.r", "1", 1, 0);
	setxattr(p, "user.r", "1", 1, 0);
	setxattr(f, "trusted.t", "1", 1, 0);
	setxattr(f, "security.s", "1", 1, 0);
	ok_eq(as_user('g', f, "user.r"), 0, "user reads user.* of a readable file");
	ok_eq(as_user('s', f, "user.r"), EACCES, "user cannot write user.* of a file it cannot write");
	ok_eq(as_user('g', p, "user.r"), EACCES, "user cannot read user.* of a file it cannot read");
	ok_eq(as_user('s', own, "user.o"), 0, "user sets user.* on its own file");
	ok_eq(as_user('g', f, "trusted.t"), ENODATA, "trusted.* reads as absent to a user");
	ok_eq(as_user('l', f, "trusted.t"), 0, "and is not listed for it");
	ok(listed(f, "trusted.t"), "root sees trusted.* listed");
	ok_eq(as_user('s', own, "trusted.t"), EPERM, "user cannot set trusted.*, even on its own file");
	ok_eq(as_user('g', f, "security.s"), 0, "user reads security.*");
	ok_eq(as_user('l', f, "security.s"), 1, "and sees it listed");
	ok_eq(as_user('s', own, "security.s"), 0, "user sets security.* on a file it may write");
	ok_sys(mkdir(sticky, 01777), "a sticky directory of root");
	chmod(sticky, 01777);
	ok_eq(as_user('s', sticky, "user.x"), EPERM, "user.* of a sticky directory: owner only");
}

static int has_caps(const char *path)
{
	char buf[64];

	return getxattr(path, "security.capability", buf, sizeof(buf)) == CAPS_V2_SIZE;
}

static void check_capability(void)
{
	char f[300], own[300], v[CAPS_V2_SIZE], back[64];
	int fd;

	caps_value(v);
	path_of(f, sizeof(f), "capfile");
	path_of(own, sizeof(own), "user-file");
	ok_sys(make_file(f, 0755), "create %s", f);
	ok_sys(setxattr(f, "security.capability", v, sizeof(v), 0), "root sets security.capability");
	ok(getxattr(f, "security.capability", back, sizeof(back)) == CAPS_V2_SIZE &&
	   !memcmp(back, v, CAPS_V2_SIZE), "it reads back as set");
	ok_errno(setxattr(f, "security.capability", v, 8, 0), EINVAL, "a malformed capability: EINVAL");
	ok_eq(as_user('s', own, "security.capability"), EPERM,
	      "a user without CAP_SETFCAP cannot set it on its own file");
	ok_sys(chown(f, USER, USER), "chown the file");
	ok_errno(getxattr(f, "security.capability", back, sizeof(back)), ENODATA,
		 "chown removed security.capability");
	setxattr(f, "security.capability", v, sizeof(v), 0);
	fd = open(f, O_WRONLY);
	ok(has_caps(f) && write(fd, "#", 1) == 1, "write to a file with capabilities");
	ok(!has_caps(f), "the write removed security.capability");
	setxattr(f, "security.capability", v, sizeof(v), 0);
	ok(has_caps(f) && ftruncate(fd, 0) == 0 && !has_caps(f), "so does truncation");
	close(fd);
	setxattr(f, "security.capability", v, sizeof(v), 0);
	ok_sys(removexattr(f, "security.capability"), "root removes security.capability");
}

static void check_ctime_and_rofs(void)
{
	char f[300], buf[8];
	struct stat a, b;

	path_of(f, sizeof(f), "ctime");
	make_file(f, 0644);
	stat(f, &a);
	sleep(1);
	ok_sys(setxattr(f, "user.c", "1", 1, 0), "setxattr");
	stat(f, &b);
	ok(b.st_ctime > a.st_ctime, "setxattr moved ctime (%ld -> %ld)", (long)a.st_ctime,
	   (long)b.st_ctime);
	ok_sys(mount(NULL, mnt, NULL, MS_REMOUNT | MS_RDONLY | MS_NOATIME, NULL), "remount read-only");
	ok_errno(setxattr(f, "user.d", "1", 1, 0), EROFS, "setxattr on a read-only mount: EROFS");
	ok_errno(removexattr(f, "user.c"), EROFS, "removexattr: EROFS");
	ok_eq(getxattr(f, "user.c", buf, sizeof(buf)), 1, "getxattr still works");
	ok_sys(mount(NULL, mnt, NULL, MS_REMOUNT | MS_NOATIME, NULL), "remount read-write");
}

/* The attributes MNT/xattr-persist carries from the first run to the second. */
static void persist_values(char user[600], char caps[CAPS_V2_SIZE])
{
	fill(user, 600, 9);
	caps_value(caps);
}

static void check_persist(const char *when)
{
	char user[600], caps[CAPS_V2_SIZE], back[1600];

	persist_values(user, caps);
	ok(getxattr(persist, "user.p", back, sizeof(back)) == sizeof(user) &&
	   !memcmp(back, user, sizeof(user)), "%s: user.p intact", when);
	ok(getxattr(persist, "security.capability", back, sizeof(back)) == CAPS_V2_SIZE &&
	   !memcmp(back, caps, CAPS_V2_SIZE), "%s: security.capability intact", when);
	ok(getxattr(persist, "trusted.p", back, sizeof(back)) == 3 && !memcmp(back, "abc", 3),
	   "%s: trusted.p intact", when);
}

static void check_remounts(void)
{
	char user[600], caps[CAPS_V2_SIZE], buf[16];

	persist_values(user, caps);
	unlink(persist);
	make_file(persist, 0755);
	ok(!setxattr(persist, "user.p", user, sizeof(user), 0) &&
	   !setxattr(persist, "security.capability", caps, sizeof(caps), 0) &&
	   !setxattr(persist, "trusted.p", "abc", 3, 0), "set three attributes on %s", persist);
	if (!ok_sys(remount(NULL), "umount and mount again"))
		bail_out("no file system");
	check_persist("after umount/mount");
	if (remount("nouser_xattr")) {
		/* Linux 6.1 serves ext2 with ext4, which refuses the option. */
		if (errno != EINVAL || mount(dev, mnt, "ext2", MS_NOATIME, NULL))
			bail_out("no file system");
		skip("nouser_xattr: the file system refuses the option");
		return;
	}
	ok(1, "mount -o nouser_xattr");
	ok_errno(getxattr(persist, "user.p", buf, sizeof(buf)), EOPNOTSUPP,
		 "nouser_xattr: user.* reads EOPNOTSUPP");
	ok_errno(setxattr(persist, "user.q", "1", 1, 0), EOPNOTSUPP, "nouser_xattr: no new user.*");
	ok(!listed(persist, "user.p") && listed(persist, "trusted.p"),
	   "nouser_xattr: user.* not listed, trusted.* still");
	if (!ok_sys(remount(NULL), "mount without it"))
		bail_out("no file system");
	check_persist("back with user_xattr");
}

/*
 * Between the boots the host makes xattr-shared-b use xattr-shared-a's
 * attribute block (h_refcount 2), as a kernel that shares identical
 * blocks would.  A change through one of them must copy the block.
 */
static void make_shared(void)
{
	char value[600];

	fill(value, sizeof(value), 5);
	unlink(shared_a);
	unlink(shared_b);
	make_file(shared_b, 0644);
	ok(!make_file(shared_a, 0644) && !setxattr(shared_a, "user.s", value, sizeof(value), 0),
	   "xattr-shared-a with a 600-byte attribute, for the next boot");
}

static void check_shared(void)
{
	char value[600], back[700];
	long long before;

	fill(value, sizeof(value), 5);
	ok(getxattr(shared_b, "user.s", back, sizeof(back)) == sizeof(value) &&
	   !memcmp(back, value, sizeof(value)), "a shared block reads through its second user");
	ok(blocks_of(shared_a) == (long long)(bs / 512) && blocks_of(shared_b) == (long long)(bs / 512),
	   "both users count it in st_blocks");
	before = free_blocks();
	/* 300 bytes, too many for an ext4 inode's spare room: a block it is. */
	fill(value, 300, 6);
	ok_sys(setxattr(shared_b, "user.s", value, 300, 0), "change the attribute of one user");
	ok(getxattr(shared_b, "user.s", back, sizeof(back)) == 300 && !memcmp(back, value, 300),
	   "the changed one sees the new value");
	fill(value, sizeof(value), 5);
	ok(getxattr(shared_a, "user.s", back, sizeof(back)) == sizeof(value) &&
	   !memcmp(back, value, sizeof(value)), "the other user still sees the old value");
	ok_eq(free_blocks(), before - 1, "the change copied the block");
	ok_sys(unlink(shared_a), "unlink the first user");
	ok_eq(free_blocks(), before, "its block, now unshared, is freed");
	ok_sys(unlink(shared_b), "unlink the second");
	ok_eq(free_blocks(), before + 1, "and its copy is freed");
}

/* For the third boot: a file whose attribute block the host then damages. */
static void make_corrupt(void)
{
	char value[600];

	fill(value, sizeof(value), 7);
	unlink(corrupt);
	ok(!make_file(corrupt, 0644) && !setxattr(corrupt, "user.c", value, sizeof(value), 0),
	   "xattr-corrupt with a 600-byte attribute, for the next boot");
}

/* Its block's magic is gone: the file system reports corruption, nothing worse. */
static void check_corrupt(void)
{
	char buf[700];

	ok_errno(getxattr(corrupt, "user.c", buf, sizeof(buf)), EUCLEAN,
		 "getxattr from a damaged attribute block: EUCLEAN");
	ok_errno(listxattr(corrupt, buf, sizeof(buf)), EUCLEAN,
		 "listxattr of a damaged attribute block: EUCLEAN");
	ok(getxattr(corrupt, "user.c", buf, sizeof(buf)) < 0 && errno == EUCLEAN,
	   "and again, the same answer");
}

/* ------------------------------------------------------------ tmpfs */

static void check_tmpfs(void)
{
	const char *t = "/tmp/xattr-tmpfs";
	char f[300], v[CAPS_V2_SIZE], buf[64];
	int fd;

	mkdir(t, 0755);
	if (!ok_sys(mount("tmpfs", t, "tmpfs", 0, NULL), "mount tmpfs"))
		return;
	snprintf(f, sizeof(f), "%s/f", t);
	make_file(f, 0755);
	ok_errno(setxattr(f, "user.a", "1", 1, 0), EOPNOTSUPP, "tmpfs: user.* EOPNOTSUPP (Linux 6.1)");
	ok_sys(setxattr(f, "trusted.a", "tmp", 3, 0), "tmpfs: trusted.*");
	ok(getxattr(f, "trusted.a", buf, sizeof(buf)) == 3 && !memcmp(buf, "tmp", 3),
	   "tmpfs: it reads back");
	ok_errno(setxattr(f, "trusted.a", "x", 1, XATTR_CREATE), EEXIST, "tmpfs: XATTR_CREATE: EEXIST");
	ok_sys(setxattr(f, "security.b", "sec", 3, 0), "tmpfs: security.*");
	ok(listed(f, "trusted.a") && listed(f, "security.b"), "tmpfs: both listed");
	ok_eq(as_user('l', f, "trusted.a"), 0, "tmpfs: trusted.* hidden from a user");
	ok_sys(removexattr(f, "trusted.a"), "tmpfs: remove");
	ok_errno(getxattr(f, "trusted.a", buf, sizeof(buf)), ENODATA, "tmpfs: removed");
	caps_value(v);
	ok_sys(setxattr(f, "security.capability", v, sizeof(v), 0), "tmpfs: security.capability");
	fd = open(f, O_WRONLY);
	ok(fd >= 0 && write(fd, "x", 1) == 1, "tmpfs: write the file");
	close(fd);
	ok_errno(getxattr(f, "security.capability", buf, sizeof(buf)), ENODATA,
		 "tmpfs: the write removed security.capability");
	ok_sys(umount(t), "umount tmpfs");
}

/* ------------------------------------------------------------ main */

static int rm_tree(const char *path)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
	return system(cmd);
}

int main(void)
{
	const char *phase = getenv("XATTR_PHASE");
	struct statvfs sv;
	long long before;

	dev = getenv("XATTR_DEV");
	mnt = getenv("XATTR_MNT");
	if (!dev || !mnt || !phase)
		bail_out("needs XATTR_DEV, XATTR_MNT and XATTR_PHASE (first or second)");
	if (getuid() != 0)
		bail_out("needs root");
	if (statvfs(mnt, &sv))
		bail_out("statvfs %s: %s", mnt, strerror(errno));
	bs = sv.f_bsize;
	diag("ext2 at %s, %lu-byte blocks", mnt, bs);
	snprintf(dir, sizeof(dir), "%s/xattr-test", mnt);
	snprintf(persist, sizeof(persist), "%s/xattr-persist", mnt);
	snprintf(shared_a, sizeof(shared_a), "%s/xattr-shared-a", mnt);
	snprintf(shared_b, sizeof(shared_b), "%s/xattr-shared-b", mnt);
	snprintf(corrupt, sizeof(corrupt), "%s/xattr-corrupt", mnt);

	if (!strcmp(phase, "third")) {
		check_corrupt();
		return tap_finish();
	}
	if (!strcmp(phase, "second")) {
		check_persist("after a reboot");
		check_shared();
		ok_eq(rm_tree(dir), 0, "remove the test files");
		make_corrupt();
		before = free_blocks();
		ok_sys(unlink(persist), "unlink %s", persist);
		ok_eq(free_blocks(), before + 1, "its attribute block is free");
		return tap_finish();
	}
	rm_tree(dir);
	if (mkdir(dir, 0755))
		bail_out("mkdir %s: %s", dir, strerror(errno));
	check_basics();
	check_fd_forms();
	check_block_accounting();
	check_sizes();
	check_many();
	check_kinds();
	check_unprivileged();
	check_capability();
	check_ctime_and_rofs();
	check_remounts();
	check_tmpfs();
	make_shared();
	return tap_finish();
}
