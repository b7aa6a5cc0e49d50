/**
 * GEN-TLS-OLD-VERSIONS-REFUSED (§5.1 "TLS 1.2 or higher") against banks reached by URL, as
 * `workbench run --target` meets them: a TLS server on loopback that refuses TLS 1.0 and 1.1
 * passes it; one that accepts TLS 1.0 fails it; an http:// URL SKIPS it with the reason.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import { runChecks } from '../../../main/core/runner/index';
import { NO_TLS_REASON } from '../../../main/core/runner/engine/check-context';
import {
  createTppIdentity,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { externalTarget } from '../../../main/core/runner/targets/external-target';
import { generateServerTls, type GeneratedServerTls } from '../../../main/core/bank/index';

const check = CHECKS.find((c) => c.id === 'GEN-TLS-OLD-VERSIONS-REFUSED')!;

let identity: TppIdentity;
let serverTls: GeneratedServerTls;
const servers: Server[] = [];
beforeAll(async () => {
  identity = await createTppIdentity();
  serverTls = await generateServerTls();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** An HTTPS server on loopback with these protocol settings; its https:// URL. */
async function tlsServer(options: { minVersion: 'TLSv1' | 'TLSv1.2'; ciphers?: string }) {
  const server = createServer({ key: serverTls.key, cert: serverTls.cert, ...options }, (_, res) =>
    res.end('{}'),
  );
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function runAgainst(baseUrl: string) {
  const target = externalTarget({
    baseUrl,
    mode: 'sandbox',
    signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
    transport: { ca: [serverTls.caPem] },
  });
  try {
    const result = await runChecks({
      checks: [check],
      target: target.info,
      createEnvironment: (_, signal) => target.createEnvironment(signal),
    });
    return result.checks[0]!;
  } finally {
    await target.close();
  }
}

describe('GEN-TLS-OLD-VERSIONS-REFUSED against a bank by URL', () => {
  it('passes a TLS server that speaks only TLS 1.2 and newer', async () => {
    const result = await runAgainst(await tlsServer({ minVersion: 'TLSv1.2' }));
    expect(result.status, result.failure?.message).toBe('PASS');
  });

  it('fails a TLS server that accepts TLS 1.0, naming the version', async () => {
    const url = await tlsServer({ minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' });
    const result = await runAgainst(url);
    expect(result.status).toBe('FAIL');
    expect(result.failure?.message).toMatch(/only TLSv1 .*accepted \(TLSv1\)/);
    // Each handshake is evidence: what was offered, and what the server answered.
    const notes = result.evidence.flatMap((item) => (item.kind === 'note' ? [item.text] : []));
    expect(notes).toContain(
      `TLS handshake with ${url.slice('https://'.length)} offering TLSv1 to TLSv1: accepted, TLSv1`,
    );
  });

  it('skips a target by an http:// URL, and says why (a run over plain HTTP still exits 0)', async () => {
    const result = await runAgainst('http://127.0.0.1:9');
    expect(result.status).toBe('SKIPPED');
    expect(result.skipReason).toBe(NO_TLS_REASON);
  });
});
