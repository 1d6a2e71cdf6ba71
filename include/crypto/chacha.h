/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ChaCha20 block function (RFC 8439, section 2.3): 512-bit state of
 * sixteen 32-bit words - four constants, a 256-bit key, a 32-bit block
 * counter and a 96-bit nonce - run through 20 rounds and added to itself.
 *
 *   chacha_init(state, key, nonce)   set up constants, key, counter 0, nonce
 *   chacha20_block(state, out)       64 bytes of keystream; counter += 1
 *   chacha_permute(x)                the 20 rounds alone, no feed-forward
 *                                    (used as a sponge permutation)
 *   chacha20_crypt(...)              XOR keystream into a buffer
 *
 * Pure functions of their arguments: no locking.
 */
#ifndef _CRYPTO_CHACHA_H
#define _CRYPTO_CHACHA_H

#include <linux/types.h>

#define CHACHA_KEY_SIZE		32
#define CHACHA_NONCE_SIZE	12
#define CHACHA_BLOCK_SIZE	64
#define CHACHA_STATE_WORDS	16

/* "expand 32-byte k" as four little-endian words */
#define CHACHA_CONST0	0x61707865U
#define CHACHA_CONST1	0x3320646eU
#define CHACHA_CONST2	0x79622d32U
#define CHACHA_CONST3	0x6b206574U

void chacha_init(u32 state[CHACHA_STATE_WORDS], const u8 key[CHACHA_KEY_SIZE],
		 const u8 nonce[CHACHA_NONCE_SIZE], u32 counter);
void chacha_permute(u32 x[CHACHA_STATE_WORDS]);
void chacha20_block(u32 state[CHACHA_STATE_WORDS], u8 out[CHACHA_BLOCK_SIZE]);
void chacha20_crypt(u32 state[CHACHA_STATE_WORDS], u8 *dst, const u8 *src, size_t len);

/* The quarter round, exposed for the known-answer test of RFC 8439 2.1.1. */
void chacha_quarter_round(u32 *a, u32 *b, u32 *c, u32 *d);

#endif /* _CRYPTO_CHACHA_H */
