/**
 * The request log, the console events and the TPP findings of two `workbench bank`
 * processes on one PostgreSQL database are one (docs/ci.md "A shared sandbox on PostgreSQL"):
 * the admin API of either answers the requests and events of both, the report judges the
 * TPP's requests of both in the order they arrived — a §4.2.3 page link given by one process
 * and followed through the other counts as followed, a §5.3(1) SCA refusal repeated through the
 * other counts as a call again — DELETE /admin/report through one clears the other's, and
 * `workbench bank --report` at exit reports them all. Needs Debian's PostgreSQL
 * (test/support/machine.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleEventRecord } from '../../../main/core/bank/log/console-events.js';
import type { ExchangeRecord } from '../../../main/core/bank/log/request-log.js';
import type { TppReport } from '../../../main/core/bank/log/tpp-findings/model.js';
import type { Exchange } from '../../../main/shared/exchange.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import { runPsuAgent } from '../../../main/core/tpp/psu-agent/agent.js';
import { newPsuSession } from '../../../main/core/tpp/psu-session.js';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';
import { REDIRECT_URI, expectStatus, json, testPki } from '../concurrency/harness.js';
import { adminCall, killStartedBanks, startBank, type Started } from '../hosts/workbench-bank.js';

const BIN = 'bin/workbench.js';
const CARD_PATH = '/v1/card-accounts/card-10000001/transactions';
const OLA_NIN = '15038512363';

/**
 * Retries `check` until it passes: another process writes its log within a fraction of a second
 * (pg-shared-log.ts FLUSH_DELAY_MS), not before it answers.
 */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe.skipIf(!has('postgres'))('two bank processes share their logs and findings', () => {
  let server: ThrowawayPostgres;
  let url: string;
  let sealCertificate: string;
  let one: Started;
  let two: Started;
  let reportDir: string;
  const clients: TppClient[] = [];
  const session = newPsuSession(REDIRECT_URI, { psuIpAddress: '192.0.2.10' });
  /** One TPP, one TPP-Session-ID, whichever process a request reaches (a load balancer). */
  let tpp: (bank: Started, method: string, path: string, body?: object) => Promise<Exchange>;

  beforeAll(async () => {
    if (!existsSync('out/main/cli.js'))
      execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
    server = await startPostgres();
    url = server.createDatabase('shared_logs');
    reportDir = mkdtempSync(join(tmpdir(), 'pg-logs-report-'));
    const bank = (extra: string[] = []) =>
      startBank(process.execPath, [
        BIN,
        'bank',
        ...['--mode', 'sandbox', '--json', '--admin', '--db', url],
        ...extra,
      ]);
    one = await bank(['--report', 'json', '--report-dir', reportDir]);
    two = await bank();
    const pki = await testPki();
    sealCertificate = Buffer.from(pki.seal.certificateDer).toString('base64');
    const clientOf = new Map<Started, TppClient>();
    for (const started of [one, two]) {
      const client = new TppClient({
        baseUrl: started.line.url,
        signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
        session: () => session,
        defaultHeaders: { 'x-accept-fix': 'amount-as-string' },
      });
      clients.push(client);
      clientOf.set(started, client);
    }
    tpp = (started, method, path, body) => {
      const target = new URL(path, 'http://bank.invalid');
      return clientOf.get(started)!.send({
        method,
        path: `${started.line.url}${target.pathname}${target.search}`,
        ...(body ? { body } : {}),
      });
    };
  }, 180_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    killStartedBanks();
    server?.stop();
  });

  const admin = adminCall;
  const report = async (bank: Started) =>
    (await admin(bank, 'GET', '/report')) as unknown as TppReport;
  const rule = (of: TppReport, id: string) => of.rules.find((entry) => entry.id === id)!;
  const requests = async (bank: Started) =>
    (await admin(bank, 'GET', '/requests?limit=100')).entries as ExchangeRecord[];

  let firstPage: string;
  let followed: string;

  it('judges requests of both processes in the order they arrived (§5.3(1), §4.2.3)', async () => {
    // §5.3(1): refused for SCA through one, then the same call through the other with no PSU at
    // the SCA pages in between: a call again instead of a redirect.
    expectStatus(await tpp(one, 'GET', '/v1/user'), 401);
    expectStatus(await tpp(two, 'GET', '/v1/user'), 401);
    const consent = await tpp(one, 'POST', '/v1/consents', {});
    expectStatus(consent, 201);
    const sca = await runPsuAgent(json(consent)._links.scaRedirect.href, {
      nationalIdentityNumber: OLA_NIN,
      context: 'PRIVATE',
      accounts: 'all',
    });
    if (sca.redirect.outcome !== 'success') throw new Error(`SCA failed: ${sca.redirectUrl}`);
    session.psuId = sca.redirect.psuId;
    // After the PSU's SCA, the call again passes: through the process that refused first.
    expectStatus(await tpp(one, 'GET', '/v1/user'), 200);

    // §4.2.3: the next link one gave, followed through two; then an offset no link gave.
    firstPage = `${CARD_PATH}?bookingStatus=booked&limit=1`;
    const first = await tpp(one, 'GET', firstPage);
    expectStatus(first, 200);
    followed = json(first)._links.next.href as string;
    expect(followed).toMatch(/offset=1/);
    expectStatus(await tpp(two, 'GET', followed), 200);
    expectStatus(await tpp(two, 'GET', `${CARD_PATH}?bookingStatus=booked&offset=3&limit=1`), 200);

    for (const bank of [two, one])
      await eventually(async () => {
        const judged = await report(bank);
        const paging = rule(judged, 'TPP-PAGING-NEXT-LINK');
        expect({ passes: paging.passes, failures: paging.failures }).toEqual({
          passes: 1,
          failures: 1,
        });
        const pass = paging.findings.find((finding) => finding.verdict === 'pass')!;
        expect(pass.request).toBe(`GET ${followed}`);
        expect(paging.findings.find((f) => f.verdict === 'fail')!.request).toMatch(/offset=3/);
        const redirect = rule(judged, 'TPP-SCA-REDIRECT');
        expect({ passes: redirect.passes, failures: redirect.failures }).toEqual({
          passes: 1,
          failures: 1,
        });
        // Every signed request of both processes: 3 × /v1/user, the consent, 3 pages.
        expect(judged.requestsJudged).toBe(7);
      });
  });

  it('GET /admin/requests on either process lists the requests of both, oldest first', async () => {
    const lists = await Promise.all(
      [one, two].map((bank) =>
        eventually(async () => {
          const entries = await requests(bank);
          const targets = entries.map((entry) => entry.request.target);
          expect(targets).toContain(firstPage); // answered by one
          expect(targets).toContain(followed); // answered by two
          return entries;
        }),
      ),
    );
    expect(lists[0]!.map((entry) => entry.id)).toEqual(lists[1]!.map((entry) => entry.id));
    const arrivals = lists[0]!.map((entry) => entry.arrivedAt);
    expect(arrivals).toEqual([...arrivals].sort());
    expect(lists[0]!.indexOf(lists[0]!.find((e) => e.request.target === firstPage)!)).toBeLessThan(
      lists[0]!.indexOf(lists[0]!.find((e) => e.request.target === followed)!),
    );
  });

  it('stores the TPP’s certificate once, and each process lists every request with it as sent', async () => {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const rows = await eventually(async () => {
        const { rows } = await db.query<{ record: string }>(
          `SELECT record FROM bank_exchanges WHERE record LIKE '%/v1/card-accounts/%'`,
        );
        expect(rows.length).toBeGreaterThanOrEqual(2); // through one and through two
        return rows;
      });
      // One row of the certificate; no stored exchange holds its text.
      const kept = await db.query<{ certificate: string }>(
        `SELECT certificate FROM bank_certificates`,
      );
      expect(kept.rows.map((row) => row.certificate)).toEqual([sealCertificate]);
      for (const row of rows) expect(row.record).not.toContain(sealCertificate.slice(0, 200));
    } finally {
      await db.end();
    }
    for (const bank of [one, two]) {
      const signed = (await requests(bank)).filter((entry) =>
        entry.request.target.startsWith('/v1/card-accounts/'),
      );
      expect(signed.length).toBeGreaterThanOrEqual(2);
      for (const entry of signed)
        expect(entry.request.headers['tpp-signature-certificate']).toBe(sealCertificate);
    }
  });

  it('a console event made through one is listed by the other’s /admin/events', async () => {
    await admin(one, 'POST', '/clock', { advance: 'PT1M' });
    // The admin call answers once its event is written: no wait.
    const { entries } = (await admin(two, 'GET', '/events')) as { entries: ConsoleEventRecord[] };
    expect(
      entries.map((entry) => entry.text),
      JSON.stringify(entries),
    ).toContain('Bank clock advanced +1 min (admin API)');
  });

  it('DELETE /admin/report through one clears the other’s, and the report goes on', async () => {
    await admin(one, 'DELETE', '/report');
    const cleared = await report(two);
    expect(cleared.requestsJudged).toBe(0);
    expect(cleared.counts.NOT_EXERCISED).toBe(cleared.counts.total);
    expectStatus(await tpp(two, 'GET', `${CARD_PATH}?bookingStatus=booked&offset=2&limit=1`), 200);
    await eventually(async () => {
      const after = await report(one);
      expect(after.requestsJudged).toBe(1);
      expect(rule(after, 'TPP-PAGING-NEXT-LINK').failures).toBe(1);
    });
  });

  it('workbench bank --report at exit reports the findings of every process', async () => {
    await eventually(async () =>
      expect((await requests(one)).map((entry) => entry.request.target)).toContain(
        `${CARD_PATH}?bookingStatus=booked&offset=2&limit=1`,
      ),
    );
    one.child.kill('SIGTERM');
    expect((await one.exit).code).toBe(0);
    const written = JSON.parse(
      readFileSync(join(reportDir, 'tpp-report.json'), 'utf8'),
    ) as TppReport;
    expect(written.requestsJudged).toBe(1);
    const paging = rule(written, 'TPP-PAGING-NEXT-LINK');
    expect(paging.status).toBe('FAIL');
    expect(paging.findings[0]!.request).toMatch(/offset=2/); // answered by two
  });
});
