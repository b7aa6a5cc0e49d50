/**
 * §8 limits and §5.3.7 history over loopback: card transactions reads without PSU-IP-Address (4 a
 * bank-clock day per consent and card account, the day rolling over at midnight UTC; only while
 * the consent is at most 180 days old; calls with the header not counted), and history older than
 * 90 days only with SCA inside the TPP session's hour (else a fresh scaRedirect).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runPsuAgent } from '../../../main/core/tpp/psu-agent/agent.js';
import {
  DAY_MS,
  OLA,
  OLA_ACCOUNT,
  OLA_CARD,
  TODAY,
  codeOf,
  startAis,
  type AisHarness,
  type AisTpp,
} from './harness.js';

let h: AisHarness;
afterEach(() => h?.close());

const cardPath = `/v1/card-accounts/${OLA_CARD}/transactions`;
const withoutIp = (tpp: AisTpp) =>
  tpp.get(cardPath, { bookingStatus: 'booked' }, { 'PSU-IP-Address': null });
const statusesOf = async (tpp: AisTpp, calls: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < calls; i++) statuses.push((await withoutIp(tpp)).status);
  return statuses;
};

describe('§8 card transactions reads without PSU-IP-Address', () => {
  it('allows 4 a bank-clock day; the fifth is 429 ACCESS_EXCEEDED until midnight UTC', async () => {
    h = await startAis();
    const tpp = h.tpp();
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    expect(await statusesOf(tpp, 4)).toEqual([200, 200, 200, 200]);
    const fifth = await withoutIp(tpp);
    expect([fifth.status, codeOf(fifth)]).toEqual([429, 'ACCESS_EXCEEDED']);
    expect(fifth.body.tppMessages[0].text).toContain('PSU-IP-Address');

    // Calls with the header are neither limited nor counted.
    for (let i = 0; i < 3; i++)
      expect((await tpp.get(cardPath, { bookingStatus: 'booked' })).status).toBe(200);

    h.clock.set(new Date(`${TODAY}T23:59:30Z`));
    expect((await withoutIp(tpp)).status).toBe(429);
    h.clock.set(new Date(Date.parse(`${TODAY}T00:00:30Z`) + DAY_MS));
    expect(await statusesOf(tpp, 5)).toEqual([200, 200, 200, 200, 429]);
  });

  it('counts per consent and card account: other reads and a new consent start afresh', async () => {
    h = await startAis();
    const tpp = h.tpp();
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    expect(await statusesOf(tpp, 5)).toEqual([200, 200, 200, 200, 429]);
    // §8 names the card account transactions read only.
    const account = await tpp.get(
      `/v1/accounts/${OLA_ACCOUNT}/transactions`,
      { bookingStatus: 'booked' },
      {
        'PSU-IP-Address': null,
      },
    );
    expect(account.status).toBe(200);
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    expect((await withoutIp(tpp)).status).toBe(200);
  });

  it('needs a consent at most 180 days old', async () => {
    h = await startAis();
    const tpp = h.tpp();
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    h.advanceDays(179);
    expect((await withoutIp(tpp)).status).toBe(200);
    h.advanceDays(1);
    const late = await withoutIp(tpp);
    expect([late.status, codeOf(late)]).toEqual([401, 'CONSENT_EXPIRED']);
  });
});

describe('§5.3.7 history older than 90 days', () => {
  const yearBack = new Date(Date.parse(`${TODAY}T00:00:00Z`) - 365 * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const ninetyBack = new Date(Date.parse(`${TODAY}T00:00:00Z`) - 90 * DAY_MS)
    .toISOString()
    .slice(0, 10);

  it('is served within the SCA hour, then asks for a new SCA, and is served again after it', async () => {
    h = await startAis();
    const tpp = h.tpp();
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    for (const path of [cardPath, `/v1/accounts/${OLA_ACCOUNT}/transactions`])
      expect((await tpp.get(path, { bookingStatus: 'booked', dateFrom: yearBack })).status).toBe(
        200,
      );

    h.clock.advance(60 * 60 * 1000);
    expect(
      (await tpp.get(cardPath, { bookingStatus: 'booked', dateFrom: ninetyBack })).status,
    ).toBe(200);
    const old = await tpp.get(cardPath, { bookingStatus: 'booked', dateFrom: yearBack });
    expect([old.status, codeOf(old)]).toEqual([401, 'SCA_EXPIRED']);
    expect(old.body._links.scaRedirect.href).toMatch(/\/sca\//);
    const accountOld = await tpp.get(`/v1/accounts/${OLA_ACCOUNT}/transactions`, {
      bookingStatus: 'both',
      dateFrom: yearBack,
    });
    expect([accountOld.status, codeOf(accountOld)]).toEqual([401, 'SCA_EXPIRED']);

    const sca = await runPsuAgent(old.body._links.scaRedirect.href, {
      nationalIdentityNumber: OLA.nin,
      context: 'PRIVATE',
    });
    expect(sca.redirect.outcome).toBe('success');
    expect((await tpp.get(cardPath, { bookingStatus: 'booked', dateFrom: yearBack })).status).toBe(
      200,
    );
  });

  it('without any SCA in the TPP session is SCA_NOT_FOUND', async () => {
    h = await startAis();
    const tpp = h.tpp();
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    tpp.session.tppSessionId = 'another-session';
    const old = await tpp.get(cardPath, { bookingStatus: 'booked', dateFrom: yearBack });
    expect([old.status, codeOf(old)]).toEqual([401, 'SCA_NOT_FOUND']);
    expect((await tpp.get(cardPath, { bookingStatus: 'booked' })).status).toBe(200);
  });
});
