/**
 * The admin API (main/core/bank/admin/admin-api.ts): PUT /admin/snapshot parses the body once and
 * hands the parsed snapshot to the bank, which holds it without a second copy.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminApi } from '../../../../main/core/bank/admin/admin-api.js';
import { createBank } from '../../../../main/core/bank/index.js';
import { VirtualClock } from '../../../../main/core/clock.js';

const TOKEN = 'admin-token-for-tests-0123456789';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PUT /admin/snapshot', () => {
  it('imports the parsed body without copying the snapshot state again', async () => {
    const clock = new VirtualClock();
    const bank = createBank({ mode: 'sandbox', clock });
    const text = JSON.stringify(bank.exportSnapshot());
    bank.reset();
    const admin = createAdminApi({ bank, clock, token: TOKEN, maxBodyBytes: 1 << 20 });
    const clones = vi.spyOn(globalThis, 'structuredClone');
    const answer = await admin({
      method: 'PUT',
      target: '/admin/snapshot',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: Buffer.from(text),
    });
    expect(answer?.status, String(answer?.body)).toBe(200);
    const stateCopies = clones.mock.calls.filter(([value]) =>
      Object.hasOwn(Object(value), 'payments'),
    );
    expect(stateCopies).toHaveLength(0);
    expect(bank.state()).toEqual(JSON.parse(text).state);
    await bank.close();
  });
});
