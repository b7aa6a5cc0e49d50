/**
 * GET /v1/consents/{consentId} and its /status (main/core/bank/handlers/consents.ts) are pure
 * reads (answers/read-answers.ts): the answer is made once while the state stays as it was, for
 * the consent and the TPP that asks, and made again when the bank clock runs the consent's 180
 * days out (§8 SCA renewal: the read stores it expired) and after a request changed its status,
 * in memory and on SQLite.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Bank } from '../../../../main/core/bank/index.js';
import { DAY_MS } from '../../../../main/shared/calendar.js';
import type { IssuedCertificate } from '../../../../main/core/certs/issue.js';
import { countedReadsBank } from '../counted-reads.js';
import { aisHeaders, createPki, signedRequest, type Pki } from '../fixtures.js';

const NOW = new Date('2025-03-14T10:00:00.000Z');
const READS = new Set(['getConsentInformation', 'getConsentStatus']);

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});
let bank: Bank | undefined;
afterEach(async () => {
  await bank?.close();
  bank = undefined;
});

/** A sandbox bank whose two consent reads count their handler's calls; SQLite when `db`. */
async function startBank(db: boolean) {
  const started = await countedReadsBank(READS, { db, now: NOW });
  bank = started.bank;
  return started;
}

async function send(method: string, path: string, certificate?: IssuedCertificate) {
  return bank!.handle(
    signedRequest(pki, {
      method,
      path,
      headers: { ...aisHeaders(), 'X-Request-ID': randomUUID() },
      ...(method === 'POST' ? { body: Buffer.from('{}') } : {}),
      ...(certificate ? { certificate } : {}),
    }),
  );
}

/** A consent of this TPP made valid by an SCA at NOW, as the SCA pages leave it. */
async function validConsent(): Promise<string> {
  const created = await send('POST', '/v1/consents');
  expect(created.status).toBe(201);
  const { consentId } = JSON.parse(created.body) as { consentId: string };
  bank!.act((state) => {
    const consent = state.consents.find((c) => c.consentId === consentId)!;
    consent.consentStatus = 'valid';
    consent.scaCompletedAt = NOW.toISOString();
  });
  return consentId;
}

async function read(path: string) {
  const answer = await send('GET', path);
  expect(answer.status).toBe(200);
  return answer.body;
}

const statusOf = (text: string) => (JSON.parse(text) as { consentStatus: string }).consentStatus;

describe.each([
  ['in memory', false],
  ['on SQLite', true],
])('GET /v1/consents/{consentId} %s', (_where, db) => {
  it('is answered from the kept answer, byte for byte, while nothing changes', async () => {
    const { counter } = await startBank(db);
    const consentId = await validConsent();
    const first = await read(`/v1/consents/${consentId}`);
    expect(await read(`/v1/consents/${consentId}`)).toBe(first);
    const status = await read(`/v1/consents/${consentId}/status`);
    expect(await read(`/v1/consents/${consentId}/status`)).toBe(status);
    expect([statusOf(first), statusOf(status), counter.calls]).toEqual(['valid', 'valid', 2]);
  });

  it('answers expired once the bank clock runs out its 180 days, and after the clock goes back', async () => {
    const { clock, counter } = await startBank(db);
    const consentId = await validConsent();
    expect(statusOf(await read(`/v1/consents/${consentId}`))).toBe('valid');
    expect(statusOf(await read(`/v1/consents/${consentId}/status`))).toBe('valid');
    clock.advance(180 * DAY_MS);
    // The read that finds the 180 days run out stores the consent expired (§8 SCA renewal).
    expect(statusOf(await read(`/v1/consents/${consentId}/status`))).toBe('expired');
    expect(statusOf(await read(`/v1/consents/${consentId}`))).toBe('expired');
    clock.advance(-200 * DAY_MS);
    expect(statusOf(await read(`/v1/consents/${consentId}`))).toBe('expired');
    expect(statusOf(await read(`/v1/consents/${consentId}/status`))).toBe('expired');
    // Made anew: the read at the crossing (keeping nothing), then each route once after it.
    expect(counter.calls).toBe(5);
  });

  it('answers anew after a request changed the status (DELETE: terminatedByTpp)', async () => {
    await startBank(db);
    const consentId = await validConsent();
    expect(statusOf(await read(`/v1/consents/${consentId}/status`))).toBe('valid');
    expect((await send('DELETE', `/v1/consents/${consentId}`)).status).toBe(204);
    expect(statusOf(await read(`/v1/consents/${consentId}/status`))).toBe('terminatedByTpp');
  });

  it('refuses another TPP the consent a kept answer holds (403 CONSENT_UNKNOWN)', async () => {
    await startBank(db);
    const consentId = await validConsent();
    await read(`/v1/consents/${consentId}`);
    const other = await pki.issueSeal({ organizationIdentifier: 'PSDNO-FSA-987654321' });
    const refused = await send('GET', `/v1/consents/${consentId}`, other);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('CONSENT_UNKNOWN');
  });
});
