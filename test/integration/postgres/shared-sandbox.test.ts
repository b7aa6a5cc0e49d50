/**
 * Two `workbench bank` processes on one PostgreSQL database serve one sandbox. A
 * consent made through one is authorised through the other's SCA pages and read through
 * either; a payment authorised the same way is settled by the batch exactly once, whichever
 * process's request ran it; the clock moved through one's admin API is the other's clock.
 * Needs Debian's PostgreSQL (a named skip here, a failure in CI: test/support/machine.ts).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TppClient } from '../../../main/core/tpp/client.js';
import { newPsuSession } from '../../../main/core/tpp/psu-session.js';
import type { BankSnapshot } from '../../../main/core/bank/state.js';
import type { RunResult } from '../../../main/core/runner/index.js';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';
import {
  REDIRECT_URI,
  driveToFinalForm,
  expectStatus,
  json,
  sct,
  submitOverHttp,
  testPki,
} from '../concurrency/harness.js';
import { adminCall, killStartedBanks, startBank, type Started } from '../hosts/workbench-bank.js';

const BIN = 'bin/workbench.js';

describe.skipIf(!has('postgres'))('two bank processes on one PostgreSQL database', () => {
  let server: ThrowawayPostgres;
  let one: Started;
  let two: Started;
  let tpp: TppClient;

  beforeAll(async () => {
    if (!existsSync('out/main/cli.js'))
      execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
    server = await startPostgres();
    const url = server.createDatabase('shared_sandbox');
    const bank = (extra: string[] = []) =>
      startBank(process.execPath, [
        BIN,
        'bank',
        '--mode',
        'sandbox',
        '--json',
        '--admin',
        '--db',
        url,
        ...extra,
      ]);
    one = await bank();
    two = await bank();
    const pki = await testPki();
    const session = newPsuSession(REDIRECT_URI, { psuIpAddress: '192.0.2.10' });
    tpp = new TppClient({
      baseUrl: one.line.url,
      signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
      session: () => session,
    });
  }, 180_000);

  afterAll(async () => {
    await tpp?.close();
    killStartedBanks();
    server?.stop();
  });

  /** The same path and query on the other process. */
  const onTwo = (link: string) => {
    const url = new URL(link, one.line.url);
    return new URL(`${url.pathname}${url.search}`, two.line.url).toString();
  };
  const send = (bank: Started, method: string, path: string, headers = {}, body?: object) =>
    tpp.send({
      method,
      path: new URL(path, bank.line.url).toString(),
      headers,
      ...(body ? { body } : {}),
    });
  const admin = adminCall;

  it('the clock moved through one admin API is the other process’s clock', async () => {
    // The clock runs on from the instant set: compared within a minute (a loaded machine).
    const target = Date.parse('2031-05-05T10:00:00.000Z');
    const before = await admin(two, 'GET', '/clock');
    expect(Math.abs(Date.parse(String(before.now)) - Date.now())).toBeLessThan(60_000);
    const set = await admin(one, 'POST', '/clock', { set: new Date(target).toISOString() });
    expect(Math.abs(Date.parse(String(set.now)) - target)).toBeLessThan(60_000);
    const seen = await admin(two, 'GET', '/clock');
    expect(Math.abs(Date.parse(String(seen.now)) - target)).toBeLessThan(60_000);
  });

  it('a consent made through one is authorised through the other’s SCA pages and read through both', async () => {
    const started = await send(one, 'POST', '/v1/consents', {}, {});
    expectStatus(started, 201);
    const { consentId } = json(started);
    const form = await driveToFinalForm(onTwo(json(started)._links.scaRedirect.href));
    expect(form.step).toBe('consent');
    expect(form.url.port).toBe(String(two.line.url.split(':').at(-1)));
    const done = await submitOverHttp(form);
    expect(done.status, done.html).toBe(303);
    for (const bank of [one, two]) {
      const read = await send(bank, 'GET', `/v1/consents/${consentId}`);
      expectStatus(read, 200);
      expect(json(read).consentStatus).toBe('valid');
    }
  });

  it('a payment authorised across them is settled by the batch exactly once', async () => {
    const created = await send(
      one,
      'POST',
      '/v1/payments/sepa-credit-transfers',
      { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' },
      sct('123.45', 'Shared sandbox'),
    );
    expectStatus(created, 201);
    const { paymentId } = json(created);
    const form = await driveToFinalForm(onTwo(json(created)._links.scaRedirect.href));
    expect(form.step).toBe('authorise');
    expect((await submitOverHttp(form)).status).toBe(303);
    const path = `/v1/payments/sepa-credit-transfers/${paymentId}/status`;
    expect(json(await send(one, 'GET', path)).transactionStatus).toBe('ACTC');
    // Past the next batch run; both processes then answer, each request after the other's.
    await admin(two, 'POST', '/clock', { advance: 'PT4H' });
    const reads = await Promise.all([
      send(one, 'GET', path),
      send(two, 'GET', path),
      send(one, 'GET', path),
    ]);
    for (const read of reads) expect(json(read).transactionStatus).toBe('ACSC');
    for (const bank of [one, two]) {
      const snapshot = (await admin(bank, 'GET', '/snapshot')) as unknown as BankSnapshot;
      const entries = snapshot.state.accountTransactions.filter(
        (entry) => entry.paymentId === paymentId,
      );
      expect(entries.map((entry) => entry.amount).sort((a, b) => a - b)).toEqual([-12_345, 12_345]);
      const payment = snapshot.state.payments.find((p) => p.paymentId === paymentId)!;
      expect(payment.statusHistory.map((entry) => entry.transactionStatus)).toEqual([
        'RCVD',
        'ACTC',
        'ACSC',
      ]);
    }
  });

  it('a full sandbox suite run by URL passes against the PostgreSQL-backed bank', async () => {
    // The checks that date their data take the real day: the bank's clock back to it first.
    await admin(one, 'POST', '/clock', { set: new Date().toISOString() });
    const dir = mkdtempSync(join(tmpdir(), 'pg-suite-'));
    const run = promisify(execFile);
    await run(process.execPath, [BIN, 'certs', 'create', '--out', join(dir, 'certs')]);
    const out = join(dir, 'report');
    const signing = ['--sign-cert', join(dir, 'certs', 'qsealc.pem')];
    signing.push('--sign-key', join(dir, 'certs', 'qsealc.key.pem'));
    const report = ['--reporter', 'json', '--out', out];
    let code = 0;
    try {
      await run(
        process.execPath,
        [BIN, 'run', '--target', two.line.url, '--sca', 'headless', ...signing, ...report],
        { maxBuffer: 64 * 1024 * 1024 },
      );
    } catch (error) {
      code = (error as { code: number }).code;
    }
    const result = JSON.parse(readFileSync(join(out, 'run-result.json'), 'utf8')) as RunResult;
    const failed = result.checks
      .filter((check) => check.status === 'FAIL')
      .map((check) => `${check.checkId}: ${check.failure?.message ?? ''}`);
    expect(failed).toEqual([]);
    expect(code).toBe(0);
    expect(result.counts.PASS).toBeGreaterThan(50);
  }, 600_000);
});
