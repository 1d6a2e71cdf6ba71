/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The TCP header (RFC 9293 section 3.1) and tcp(7)'s SOL_TCP options.
 * The header's flags are kept as one byte (TCPHDR_* bits) rather than
 * bit fields.
 */
#ifndef _UAPI_LINUX_TCP_H
#define _UAPI_LINUX_TCP_H

#include <uapi/linux/types.h>

struct tcphdr {
	__u16 source;
	__u16 dest;
	__u32 seq;
	__u32 ack_seq;
	__u8 doff_res;		/* data offset (32-bit words) in the top 4 bits */
	__u8 flags;		/* TCPHDR_* */
	__u16 window;
	__u16 check;
	__u16 urg_ptr;
};

#define TCPHDR_FIN	0x01
#define TCPHDR_SYN	0x02
#define TCPHDR_RST	0x04
#define TCPHDR_PSH	0x08
#define TCPHDR_ACK	0x10
#define TCPHDR_URG	0x20
#define TCPHDR_ECE	0x40
#define TCPHDR_CWR	0x80

static inline unsigned int tcp_hdr_doff(const struct tcphdr *th)
{
	return th->doff_res >> 4;
}

/* SOL_TCP options */
#define TCP_NODELAY		1
#define TCP_MAXSEG		2
#define TCP_CORK		3
#define TCP_KEEPIDLE		4
#define TCP_KEEPINTVL		5
#define TCP_KEEPCNT		6
#define TCP_SYNCNT		7
#define TCP_LINGER2		8
#define TCP_DEFER_ACCEPT	9
#define TCP_WINDOW_CLAMP	10
#define TCP_INFO		11
#define TCP_QUICKACK		12
#define TCP_CONGESTION		13
#define TCP_USER_TIMEOUT	18

/* Connection states as /proc/net/tcp and TCP_INFO number them. */
enum {
	TCP_ESTABLISHED = 1,
	TCP_SYN_SENT,
	TCP_SYN_RECV,
	TCP_FIN_WAIT1,
	TCP_FIN_WAIT2,
	TCP_TIME_WAIT,
	TCP_CLOSE,
	TCP_CLOSE_WAIT,
	TCP_LAST_ACK,
	TCP_LISTEN,
	TCP_CLOSING,
	TCP_NEW_SYN_RECV,
	TCP_MAX_STATES
};

/* TCP_INFO: the leading part of Linux's struct tcp_info (ABI layout). */
#define TCPI_OPT_TIMESTAMPS	1
#define TCPI_OPT_SACK		2
#define TCPI_OPT_WSCALE		4
#define TCPI_OPT_ECN		8

struct tcp_info {
	__u8 tcpi_state;
	__u8 tcpi_ca_state;
	__u8 tcpi_retransmits;
	__u8 tcpi_probes;
	__u8 tcpi_backoff;
	__u8 tcpi_options;
	__u8 tcpi_snd_wscale : 4, tcpi_rcv_wscale : 4;
	__u8 tcpi_delivery_rate_app_limited : 1, tcpi_fastopen_client_fail : 2;

	__u32 tcpi_rto;
	__u32 tcpi_ato;
	__u32 tcpi_snd_mss;
	__u32 tcpi_rcv_mss;

	__u32 tcpi_unacked;
	__u32 tcpi_sacked;
	__u32 tcpi_lost;
	__u32 tcpi_retrans;
	__u32 tcpi_fackets;

	__u32 tcpi_last_data_sent;
	__u32 tcpi_last_ack_sent;
	__u32 tcpi_last_data_recv;
	__u32 tcpi_last_ack_recv;

	__u32 tcpi_pmtu;
	__u32 tcpi_rcv_ssthresh;
	__u32 tcpi_rtt;
	__u32 tcpi_rttvar;
	__u32 tcpi_snd_ssthresh;
	__u32 tcpi_snd_cwnd;
	__u32 tcpi_advmss;
	__u32 tcpi_reordering;

	__u32 tcpi_rcv_rtt;
	__u32 tcpi_rcv_space;

	__u32 tcpi_total_retrans;
};

#define TCP_CA_NAME_MAX		16

#endif /* _UAPI_LINUX_TCP_H */
