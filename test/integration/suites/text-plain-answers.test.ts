/**
 * A check asserts before it reads: every check against a bank whose API answers carry the right
 * status codes but are text/plain (the embedded bank behind a proxy that relabels each JSON answer
 * `Content-Type: text/plain`; the SCA pages pass as they are). No body parses, so a check that
 * reads a field of one before judging it would end INCONCLUSIVE on its own exception ("Cannot
 * read properties of undefined"). None may: such an answer FAILS the assertion on it.
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
import type { BankMode } from '../../../main/shared/mode';

/** A reason that is an exception's text rather than a judgement (as do-nothing-banks.test.ts). */
const EXCEPTION =
  /\b(TypeError|ReferenceError|RangeError|SyntaxError)\b|Cannot read propert|is not a function|is not iterable|of undefined|of null/;
const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

let dir: string;
const banks: Bank[] = [];
const proxies: Server[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'text-plain-'));
  const identity = await createTppIdentity();
  await writeFile(join(dir, 'qsealc.pem'), identity.qsealc.certificatePem);
  await writeFile(
    join(dir, 'qsealc.key.pem'),
    identity.qsealc.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  );
}, 60_000);

/** The embedded bank in `mode` behind a proxy that relabels its JSON answers text/plain. */
async function textPlainBank(mode: BankMode): Promise<string> {
  const bank = createBank({ mode, clock: new VirtualClock() });
  banks.push(bank);
  // The proxy in front of the bank sends its own Host (127.0.0.1 with its port): allowed, as
  // `workbench bank --allow-host` does for a bank behind a proxy.
  const bankUrl = (await bank.listen({ allowedHosts: ['127.0.0.1'] })).url;
  const proxy = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      `${bankUrl}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
        if (/json/i.test(String(headers['content-type'] ?? '')))
          headers['content-type'] = 'text/plain; charset=utf-8';
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

afterAll(async () => {
  for (const proxy of proxies) await new Promise((resolve) => proxy.close(resolve));
  await Promise.all(banks.map((bank) => bank.close()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('every check against answers that are text/plain', () => {
  it.each(['sandbox', 'production'] as const)(
    '%s: no check ends INCONCLUSIVE on an exception of its own',
    async (mode) => {
      const proxyUrl = await textPlainBank(mode);
      const loaded = await loadTargetProfile(
        {
          profileVersion: TARGET_PROFILE_VERSION,
          baseUrl: proxyUrl,
          mode,
          signing: { certificate: 'qsealc.pem', key: 'qsealc.key.pem' },
          sca: { mode: 'headless' },
          requestTimeoutSeconds: 10,
        },
        { source: 'the text/plain bank', baseDir: dir },
      );
      const plan = suitesPlan({ kind: 'profile', loaded }, { concurrency: 4, timeoutMs: 20_000 });
      const { result } = await runSession(plan, { logger: { error: () => {} } });
      const exceptions = result.checks
        .filter(
          (r) =>
            r.couldNotTest?.error !== undefined ||
            EXCEPTION.test(r.couldNotTest?.reason ?? '') ||
            (r.status === 'FAIL' && EXCEPTION.test(r.failure?.message ?? '')),
        )
        .map(
          (r) =>
            `${r.checkId} ${r.status}: ${r.couldNotTest?.error?.message ?? r.couldNotTest?.reason ?? r.failure?.message}`,
        );
      console.log(`[text-plain] ${mode}: ${JSON.stringify(result.counts)}`);
      expect(exceptions).toEqual([]);
      // The consent answer that does not parse is a FAIL of the check that judges it. Only the
      // sandbox run gets one: in production this test's bank refuses the consent request (403)
      // with an answer the proxy made unreadable, which the check cannot judge.
      const consentCreated = result.checks.find((r) => r.checkId === 'CONSENT-CREATED-201');
      expect(consentCreated?.status).toBe(mode === 'sandbox' ? 'FAIL' : 'INCONCLUSIVE');
    },
    600_000,
  );
});
