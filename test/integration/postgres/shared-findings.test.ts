/**
 * The TPP findings of banks sharing one PostgreSQL database, judged from a checkpoint
 * (store/pg-shared-findings.ts). What the recorder remembers across requests — here a §4.2.3
 * page link one bank gave — survives the checkpoint: the link followed through the other bank
 * after it counts as followed. The checkpoint lets the exchange table be trimmed to the request
 * log's capacity while the report still counts every request. Needs Debian's PostgreSQL
 * (test/support/machine.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import { buildInitialState } from '../../../main/core/bank/domain/initial-data.js';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes.js';
import { PgBankStore } from '../../../main/core/bank/store/pg-bank-store.js';
import {
  SETTLE_MARGIN_MS,
  judgeSharedExchanges,
  type LogConnection,
} from '../../../main/core/bank/store/pg-shared-findings.js';
import { SharedCertificates } from '../../../main/core/bank/store/pg-shared-certificates.js';
import { pgLogConnection } from '../../../main/core/bank/store/pg-shared-log.js';
import { VirtualClock } from '../../../main/core/clock.js';
import type { Exchange } from '../../../main/shared/exchange.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import { runPsuAgent } from '../../../main/core/tpp/psu-agent/agent.js';
import { newPsuSession } from '../../../main/core/tpp/psu-session.js';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';
import { REDIRECT_URI, expectStatus, json, testPki } from '../concurrency/harness.js';

const CARD_PATH = '/v1/card-accounts/card-10000001/transactions';
const CAPACITY = 5;

describe.skipIf(!has('postgres'))('TPP findings of a shared sandbox, from a checkpoint', () => {
  let server: ThrowawayPostgres;
  const stores: PgBankStore[] = [];
  const banks: Bank[] = [];
  /** What the banks said on stderr about their shared log. */
  const warnings: string[] = [];
  const clients: TppClient[] = [];
  let db: LogConnection;
  const session = newPsuSession(REDIRECT_URI, { psuIpAddress: '192.0.2.10' });

  beforeAll(async () => {
    server = await startPostgres();
    const url = server.createDatabase('shared_findings');
    const pki = await testPki();
    for (let i = 0; i < 2; i += 1) {
      const clock = new VirtualClock();
      const store = await PgBankStore.open(url, clock);
      await store.start(() => buildInitialState(clock.now(), 'sandbox'));
      stores.push(store);
      const bank = createBank({
        mode: 'sandbox',
        clock,
        sharedStore: store,
        settings: { requestLogCapacity: CAPACITY },
        warn: (line) => warnings.push(line),
      });
      banks.push(bank);
      const listener = await bank.listen();
      clients.push(
        new TppClient({
          baseUrl: listener.url,
          signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
          session: () => session,
          defaultHeaders: { 'x-accept-fix': 'amount-as-string' },
        }),
      );
    }
    db = await pgLogConnection(url)(() => undefined);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await db?.end();
    for (const bank of banks) await bank.close();
    for (const store of stores) await store.close();
    server?.stop();
  });

  const count = async (where: string) =>
    Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM bank_exchanges ${where}`)).rows[0]!
        .n,
    );

  it('remembers a page link across the checkpoint and keeps the table at the log’s capacity', async () => {
    const [one, two] = clients as [TppClient, TppClient];
    const consent = await one.send({ method: 'POST', path: '/v1/consents', body: {} });
    expectStatus(consent, 201);
    const sca = await runPsuAgent(json(consent)._links.scaRedirect.href, {
      nationalIdentityNumber: '15038512363',
      context: 'PRIVATE',
      accounts: 'all',
    });
    if (sca.redirect.outcome !== 'success') throw new Error(`SCA failed: ${sca.redirectUrl}`);
    session.psuId = sca.redirect.psuId;
    const first = await one.send({
      method: 'GET',
      path: CARD_PATH,
      query: { bookingStatus: 'booked', limit: 1 },
    });
    expectStatus(first, 200);
    const next = json(first)._links.next.href as string;
    await banks[0]!.flush();
    const context = {
      routes: new Map(BANK_ROUTES.map((route) => [route.operationId, route])),
      bank: { mode: 'sandbox' },
      now: () => Date.now(),
      certificates: new SharedCertificates(),
    };

    // A writer's upkeep while every exchange is younger than the margin: it reads none of them,
    // nor the checkpoint (it runs every 2,000 exchanges a process writes).
    const read: { text: string; rows: number }[] = [];
    const watched: LogConnection = {
      query: async <Row>(text: string, values?: unknown[]) => {
        const answer = await db.query<Row>(text, values);
        read.push({ text, rows: answer.rows.length });
        return answer;
      },
      end: () => db.end(),
    };
    await judgeSharedExchanges(watched, context, false);
    expect(read.filter(({ text }) => /FROM bank_exchanges/.test(text))).toEqual([
      { text: expect.any(String), rows: 0 },
    ]);
    expect(read.some(({ text }) => /bank_findings_checkpoint/.test(text))).toBe(false);
    expect(await count('WHERE judged')).toBe(0);

    // The checkpoint as a process makes it once these exchanges are older than the margin.
    await judgeSharedExchanges(
      db,
      { ...context, now: () => Date.now() + SETTLE_MARGIN_MS + 1_000 },
      false,
    );
    expect(await count('WHERE NOT judged')).toBe(0);
    expect(await count('')).toBeGreaterThan(CAPACITY); // the SCA pages, the consent, the page

    expectStatus(await two.send({ method: 'GET', path: next }), 200);
    const computed = `${CARD_PATH}?bookingStatus=booked&offset=4&limit=1`;
    expectStatus(await two.send({ method: 'GET', path: computed }), 200);

    const report = await banks[1]!.logs.report();
    const paging = report.rules.find((rule) => rule.id === 'TPP-PAGING-NEXT-LINK')!;
    expect({ passes: paging.passes, failures: paging.failures }).toEqual({
      passes: 1,
      failures: 1,
    });
    expect(paging.findings.find((finding) => finding.verdict === 'pass')!.request).toBe(
      `GET ${next}`,
    );
    expect(report.requestsJudged).toBe(4); // the consent and three pages
    // The report trimmed what the checkpoint covers to the request log's capacity.
    expect(await count('')).toBe(CAPACITY);
    const listed = await banks[0]!.logs.requests(CAPACITY);
    expect(listed.total).toBe(CAPACITY);
    expect(listed.entries.at(-1)!.request.target).toBe(computed);
  });

  it('answers while its log cannot be written, and writes the kept exchanges once it can', async () => {
    await db.query(`ALTER TABLE bank_exchanges RENAME TO bank_exchanges_away`);
    const target = '/v1/consents/no-such-consent';
    let answered: Exchange;
    try {
      answered = await clients[0]!.send({ method: 'GET', path: target });
      await banks[0]!.flush();
      expect(warnings).toEqual([
        expect.stringMatching(/could not be written to PostgreSQL \(relation "bank_exchanges"/),
      ]);
    } finally {
      await db.query(`ALTER TABLE bank_exchanges_away RENAME TO bank_exchanges`);
    }
    expect(answered.response?.status).toBeGreaterThanOrEqual(400); // the bank's own answer
    expect(answered.response?.status).not.toBe(503);
    await banks[0]!.flush();
    expect(warnings.at(-1)).toBe('the shared request log is written to PostgreSQL again');
    const { entries } = await banks[1]!.logs.requests(CAPACITY);
    expect(entries.at(-1)!.request.target).toBe(target);
  });
});
