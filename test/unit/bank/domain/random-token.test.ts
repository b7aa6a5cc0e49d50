/**
 * randomToken (main/core/bank/domain/random-token.ts): 24 random bytes in base64url, from a pool
 * the CSPRNG fills once per 256 tokens; no two tokens share bytes.
 */
import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

const fills = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return {
    ...actual,
    randomFillSync: ((buffer: Buffer) => {
      fills.count += 1;
      return actual.randomFillSync(buffer);
    }) as typeof actual.randomFillSync,
  };
});

const { randomToken } = await import('../../../../main/core/bank/domain/random-token.js');

describe('randomToken', () => {
  it('gives 32 base64url characters, all different, with one fill of the pool per 256', () => {
    const tokens = Array.from({ length: 600 }, () => randomToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(600);
    expect(fills.count).toBe(3);
  });
});
