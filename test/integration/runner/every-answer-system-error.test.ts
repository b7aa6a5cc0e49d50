/**
 * ERR-STATUS-500 judged on every answer of a run by URL (answer-rules.ts): the embedded bank
 * behind a proxy that answers its accounts list 500. No check provokes a SYSTEM_ERROR; the run
 * judges the answers it got: a 500 with another code FAILs EVERY-ANSWER-ERR-STATUS-500, a 500
 * SYSTEM_ERROR PASSes it, and a run whose answers were never 500 or SYSTEM_ERROR has no verdict.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index';
import { VirtualClock } from '../../../main/core/clock';
import { createTppIdentity } from '../../../main/core/runner/targets/embedded-target';
import { runSession } from '../../../main/core/runner/session/index';
import { suitesPlan } from '../../support/session-plan';
import {
  loadTargetProfile,
  TARGET_PROFILE_VERSION,
} from '../../../main/core/runner/target-profile/index';

const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);
const ACCOUNTS = /^\/v1\/accounts(\?|$)/;

let dir: string;
const banks: Bank[] = [];
const proxies: Server[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'system-error-'));
  const identity = await createTppIdentity();
  await writeFile(join(dir, 'qsealc.pem'), identity.qsealc.certificatePem);
  await writeFile(
    join(dir, 'qsealc.key.pem'),
    identity.qsealc.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  );
}, 60_000);

afterAll(async () => {
  for (const proxy of proxies) await new Promise((resolve) => proxy.close(resolve));
  await Promise.all(banks.map((bank) => bank.close()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The sandbox bank behind a proxy that answers `GET /v1/accounts` 500 with `code` in a §7 body
 * (the bank's own answer otherwise), or passes everything when `code` is undefined.
 */
async function failingBank(code: string | undefined): Promise<string> {
  const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  banks.push(bank);
  // The proxy sends its own Host (127.0.0.1 with its port), as `--allow-host` allows.
  const bankUrl = (await bank.listen({ allowedHosts: ['127.0.0.1'] })).url;
  const proxy = createServer((incoming, outgoing) => {
    if (code !== undefined && incoming.method === 'GET' && ACCOUNTS.test(incoming.url ?? '')) {
      incoming.resume();
      outgoing.writeHead(500, {
        'content-type': 'application/json',
        date: new Date().toUTCString(),
      });
      outgoing.end(
        JSON.stringify({ tppMessages: [{ category: 'ERROR', code, text: 'the backend failed' }] }),
      );
      return;
    }
    const forward = httpRequest(
      `${bankUrl}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
        outgoing.writeHead(answer.statusCode!, headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(forward);
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

/** The EVERY-ANSWER-ERR-STATUS-500 results of a run of ACCOUNTS-LIST by URL through the proxy. */
async function judged(code: string | undefined) {
  const loaded = await loadTargetProfile(
    {
      profileVersion: TARGET_PROFILE_VERSION,
      baseUrl: await failingBank(code),
      mode: 'sandbox',
      signing: { certificate: 'qsealc.pem', key: 'qsealc.key.pem' },
      sca: { mode: 'headless' },
      requestTimeoutSeconds: 10,
    },
    { source: 'the failing bank', baseDir: dir },
  );
  const plan = suitesPlan(
    { kind: 'profile', loaded },
    { selection: { ids: ['ACCOUNTS-LIST'] }, concurrency: 1, timeoutMs: 60_000 },
  );
  const { result } = await runSession(plan, { logger: { error: () => {} } });
  const own = result.checks.find((r) => r.checkId === 'ACCOUNTS-LIST');
  // The check read the accounts: its own verdict is the answer's, not a run that could not test.
  expect(own?.status).toBe(code === undefined ? 'PASS' : 'FAIL');
  return result.checks.filter((r) => r.checkId === 'EVERY-ANSWER-ERR-STATUS-500');
}

describe('ERR-STATUS-500 on every answer of a run by URL', () => {
  it('FAILs a bank that answers its accounts list 500 with a code other than SYSTEM_ERROR', async () => {
    const [result, ...more] = await judged('INTERNAL');
    expect(more).toEqual([]);
    expect(result?.status).toBe('FAIL');
    expect(result!.failure!.message).toMatch(
      /^the answer to GET \S+\/v1\/accounts\S* \(in ACCOUNTS-LIST\): the 500 answer carries INTERNAL, not SYSTEM_ERROR/,
    );
    expect(result!.observedIn).toEqual(['ACCOUNTS-LIST']);
  }, 120_000);

  it('PASSes a bank whose 500 carries SYSTEM_ERROR', async () => {
    const [result, ...more] = await judged('SYSTEM_ERROR');
    expect(more).toEqual([]);
    expect(result?.status).toBe('PASS');
  }, 120_000);

  it('has no verdict on a bank that never failed', async () => {
    expect(await judged(undefined)).toEqual([]);
  }, 120_000);
});
