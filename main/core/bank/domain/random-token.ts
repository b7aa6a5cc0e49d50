/**
 * The bank's secret tokens (an SCA link's and its form's, a browser's binding to an SCA): 24
 * random bytes in base64url. The bytes come from a pool the CSPRNG fills for 256 tokens at a time,
 * one system call where each token made its own (a payment initiation makes two), as node's
 * randomUUID does with its entropy cache. Each byte of the pool goes into one token only.
 */
import { randomFillSync } from 'node:crypto';

const TOKEN_BYTES = 24;
const TOKENS_PER_FILL = 256;

const pool = Buffer.alloc(TOKEN_BYTES * TOKENS_PER_FILL);
let next = pool.length;

/** A new secret token: 24 random bytes, base64url (32 characters). */
export function randomToken(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const token = pool.toString('base64url', next, next + TOKEN_BYTES);
  next += TOKEN_BYTES;
  return token;
}
