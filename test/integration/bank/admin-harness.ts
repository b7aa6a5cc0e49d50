/**
 * The admin API's test bank (admin-api*.test.ts): the SCA/payments harness's bank with a second
 * listener that carries the admin API, and `admin()` to call it. `useAdminBank()` starts a fresh
 * bank before each test; the bindings below are that test's bank.
 */
import { request } from 'undici';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { createAdminApi } from '../../../main/core/bank/admin/admin-api.js';
import { MAX_REQUEST_BODY_BYTES } from '../../../main/core/spec/limits.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import { paymentTpp, setClock, startHarness, type Harness, type Tpp } from '../payments/harness.js';

export const TOKEN = 'admin-token-for-tests-0123456789';
export const MINUTE = 60_000;

let pki: Pki;
export let h: Harness;
export let tpp: Tpp;
/** The listener with the admin API; h.baseUrl is the same bank without it. */
export let adminUrl: string;

export function useAdminBank(): void {
  beforeAll(async () => {
    pki = await createPki();
  });
  beforeEach(async () => {
    h = await startHarness({ pki });
    setClock(h, '10:00'); // between the 09:00 and 12:00 batch runs: no scheduled run interferes
    tpp = paymentTpp(h);
    const api = createAdminApi({
      bank: h.bank,
      clock: h.clock,
      token: TOKEN,
      maxBodyBytes: MAX_REQUEST_BODY_BYTES,
    });
    const listener = await h.bank.listen({ intercept: api, bodySink: api.bodySink });
    adminUrl = listener.url;
  });
  afterEach(() => h.close());
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
}

export async function admin(
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; token?: string | null; base?: string } = {},
): Promise<Answer> {
  const token = options.token === undefined ? TOKEN : options.token;
  const text =
    options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await request(`${options.base ?? adminUrl}${path}`, {
    method: method as 'GET',
    headers: {
      ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
      ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(text !== undefined ? { body: text } : {}),
  });
  const body = await response.body.text();
  return {
    status: response.statusCode,
    headers: response.headers,
    body: body === '' ? undefined : JSON.parse(body),
  };
}
