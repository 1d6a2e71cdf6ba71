/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The state of a path walk and the steps fs/namei_open.c needs to finish
 * one its own way: fs/namei.c walks to the last component, namei_open.c
 * decides what open(2) does with it.  Nobody else includes this.
 *
 * A walk is set up with set_nameidata(), started with path_init(), run
 * with walk_to_end() (which calls back for each last component, the
 * name's own or a symlink body's) and always ended with terminate_walk(),
 * which drops whatever references the walk still holds.
 */
#ifndef _FS_NAMEI_WALK_H
#define _FS_NAMEI_WALK_H

#include <linux/fs.h>
#include <linux/namei.h>

/* One symlink being walked: its path and what follows it in the name. */
struct saved {
	struct path link;
	struct delayed_call done;
	const char *name;	/* the rest of the name after the link, NULL at the end */
};

struct nameidata {
	struct path path;	/* where we are (referenced) */
	struct qstr last;	/* the last component seen */
	struct path root;	/* the walk's root (referenced once set) */
	struct inode *inode;	/* path.dentry's inode */
	unsigned int flags;	/* LOOKUP_* */
	int last_type;		/* LAST_* of last */
	unsigned int depth;	/* symlinks on the stack */
	int total_link_count;
	struct saved *stack;
	struct saved internal[2];
	int dfd;
	const struct filename *name;
	bool root_preset;	/* root given by the caller: start there */
};

#define WALK_TRAILING	1	/* the last component of the whole name */
#define WALK_MORE	2	/* more components follow in this string */
#define WALK_NOFOLLOW	4

void set_nameidata(struct nameidata *nd, int dfd, const struct filename *name,
		   const struct path *root);
const char *path_init(struct nameidata *nd, unsigned int flags);
int walk_to_end(struct nameidata *nd, const char *s,
		const char *(*last)(struct nameidata *, void *), void *arg);
void terminate_walk(struct nameidata *nd);
int path_lookupat(struct nameidata *nd, unsigned int flags, struct path *path);

/* Steps for a last-component callback. */
struct dentry *lookup_component(struct nameidata *nd);
const char *handle_dots(struct nameidata *nd, int type);
const char *step_into(struct nameidata *nd, int flags, struct dentry *dentry);
void put_link(struct nameidata *nd);

#endif /* _FS_NAMEI_WALK_H */
