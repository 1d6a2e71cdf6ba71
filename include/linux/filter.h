/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Classic BPF inside the kernel (net/core/filter.c): a checked program
 * and the functions that check and run one.  Sockets use the wrappers in
 * <net/sock.h> (sk_filter(), sk_attach_filter()); this header is for code
 * that runs a program by itself (and the self tests).
 */
#ifndef _LINUX_FILTER_H
#define _LINUX_FILTER_H

#include <linux/types.h>
#include <asm/atomic.h>
#include <uapi/linux/filter.h>

struct sk_buff;

/* A program that passed sk_chk_filter(); shared by reference count. */
struct sk_filter {
	atomic_t refcnt;
	unsigned int len;		/* instructions */
	struct sock_filter insns[];
};

/* 0 if @prog (@len instructions) is safe to run, -EINVAL otherwise. */
int sk_chk_filter(const struct sock_filter *prog, unsigned int len);
/* A checked copy of a kernel-space program (refcnt 1), or ERR_PTR. */
struct sk_filter *sk_filter_create(const struct sock_filter *prog, unsigned int len);
void sk_filter_put(struct sk_filter *fp);
/* Run @fp over @skb (data at the start the socket sees): bytes to keep, 0 = drop. */
unsigned int sk_run_filter(const struct sk_filter *fp, const struct sk_buff *skb);

#endif /* _LINUX_FILTER_H */
