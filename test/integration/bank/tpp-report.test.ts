/**
 * The TPP's conformance report: a TPP client over loopback that does most
 * things right and makes three known mistakes — PSU-ID sent but left out of the signed headers
 * (§5.2(4)), a page read by a computed offset instead of the `next` link (§4.2.3), a request
 * without TPP-Redirect-URI (§5.3(2)) — gets a report from the bank that fails exactly those three
 * rules, passes the rules its other requests exercised, and shows the signing-string forensics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TppReport } from '../../../main/core/bank/log/tpp-findings/model.js';
import { renderTppReport } from '../../../main/core/runner/reporters/tpp-report.js';
import { TPP_RULES } from '../../../main/core/spec/tpp-rules.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import { OLA, OLA_CARD, startAis, type AisHarness, type AisTpp } from '../ais/harness.js';

const CARD_PATH = `/v1/card-accounts/${OLA_CARD}/transactions`;

let h: AisHarness;
let report: TppReport;
const rule = (id: string) => report.rules.find((r) => r.id === id)!;

/** What a careful TPP does: SCA redirect handled, paging by links, within the §8 budget. */
async function careful(tpp: AisTpp): Promise<void> {
  // §5.3(1): GET /v1/user needs SCA; the answer's scaRedirect is where the PSU goes (the consent
  // SCA below completes it for this TPP-Session-ID), and only then the TPP calls again.
  const before = await tpp.get('/v1/user');
  expect(before.status, before.text).toBe(401);
  await tpp.consent({ nationalIdentityNumber: OLA.nin });
  const after = await tpp.get('/v1/user');
  expect(after.status, after.text).toBe(200);

  const first = await tpp.get(CARD_PATH, { bookingStatus: 'booked', limit: 1 });
  expect(first.status, first.text).toBe(200);
  const second = await tpp.call('GET', first.body._links.next.href);
  expect(second.status, second.text).toBe(200);
  // §8: a call without PSU-IP-Address, within the 4 a day.
  const withoutIp = await tpp.get(
    CARD_PATH,
    { bookingStatus: 'booked' },
    { 'PSU-IP-Address': null },
  );
  expect(withoutIp.status, withoutIp.text).toBe(200);
}

beforeAll(async () => {
  h = await startAis();
  const tpp = h.tpp();
  await careful(tpp);

  // Mistake 1 (§4.2.3): page 4 by arithmetic; the bank gave links up to offset 2 only.
  const computed = await tpp.get(CARD_PATH, { bookingStatus: 'booked', offset: 3, limit: 1 });
  expect(computed.status, computed.text).toBe(200);

  // Mistake 2 (§5.2(4)): PSU-ID added after signing, so it is not in the Signature's headers.
  const client = new TppClient({
    baseUrl: h.bank.url!,
    signing: { key: h.pki.seal.privateKey, certificate: h.pki.seal.certificateDer },
  });
  const unsigned = await client.send({
    method: 'GET',
    path: `${CARD_PATH}?bookingStatus=booked`,
    headers: {
      'x-accept-fix': 'amount-as-string',
      'TPP-Session-ID': tpp.session.tppSessionId,
      'TPP-Redirect-URI': 'https://tpp.example/callback',
      'PSU-IP-Address': '192.0.2.10',
    },
    afterSigning: (wire) => {
      wire.headers['PSU-ID'] = tpp.session.psuId!;
    },
  });
  await client.close();
  expect(unsigned.response?.status, unsigned.response?.body).toBe(400);

  // Mistake 3 (§5.3(2)): no TPP-Redirect-URI.
  const noRedirect = await tpp.get(
    CARD_PATH,
    { bookingStatus: 'booked' },
    { 'TPP-Redirect-URI': null },
  );
  expect(noRedirect.status, noRedirect.text).toBe(400);

  report = h.bank.tppFindings.report();
}, 60_000);

afterAll(() => h?.close());

describe('the TPP conformance report of a client with three mistakes', () => {
  it('fails exactly the three rules the mistakes break', () => {
    const failed = report.rules.filter((r) => r.status === 'FAIL').map((r) => r.id);
    expect(failed.sort()).toEqual(['TPP-PAGING-NEXT-LINK', 'TPP-REDIRECT-URI', 'TPP-SIGN-HEADERS']);
    for (const id of failed) expect(rule(id).failures, id).toBe(1);
  });

  it('passes every other rule the client exercised; corporate context, a refused consent, payment status polling, a refused payment, an exempted payment and the answers only a plan scripts are left unexercised', () => {
    const rest = report.rules.filter((r) => r.status !== 'FAIL');
    expect(rest.filter((r) => r.status === 'NOT_EXERCISED').map((r) => r.id)).toEqual([
      'TPP-PSU-CORPORATE-ID',
      'TPP-NEW-CONSENT-AFTER-REFUSAL',
      'TPP-PAYMENT-STATUS-POLLING',
      'TPP-ACCESS-EXCEEDED-BACKOFF',
      'TPP-SYSTEM-ERROR-BACKOFF',
      'TPP-RESPONSE-SIGNATURE-CHECKED',
      'TPP-PAYMENT-REFUSAL-FINAL',
      'TPP-SCA-EXEMPTION-HONOURED',
    ]);
    for (const r of rest.filter((r) => r.status === 'PASS')) {
      expect(r.failures, r.id).toBe(0);
      expect(r.passes, r.id).toBeGreaterThan(0);
    }
    // A rule no request shows is a plan module's (§5.3(6)'s bindings), never this report's.
    const ofRequests = TPP_RULES.filter((r) => !('judgedBy' in r));
    expect(report.rules.map((r) => r.id)).toEqual(ofRequests.map((r) => r.id));
    expect(report.rules.map((r) => r.id)).not.toContain('TPP-APP-SITE-BINDINGS');
    expect(report.counts).toEqual({
      total: ofRequests.length,
      PASS: ofRequests.length - 11,
      FAIL: 3,
      NOT_EXERCISED: 8,
    });
    // The paging rule passed for the page read through the link, before the computed one.
    expect(rule('TPP-PAGING-NEXT-LINK').passes).toBe(1);
    expect(rule('TPP-SCA-REDIRECT').passes).toBe(1);
    expect(rule('TPP-PSU-IP-BUDGET').passes).toBe(1);
  });

  it('keeps each failed request as evidence, with the bank rule that refused it', () => {
    const redirect = rule('TPP-REDIRECT-URI').findings.find((f) => f.verdict === 'fail')!;
    expect(redirect.rejectedBy).toEqual({
      stage: 'headers',
      rule: 'headers.required.tpp-redirect-uri',
    });
    expect(redirect.text).toMatch(/TPP-Redirect-URI header is required/);
    const exchange = report.exchanges.find((e) => e.id === redirect.exchangeId)!;
    expect(exchange.request.headers['tpp-redirect-uri']).toBeUndefined();
    expect(exchange.response.status).toBe(400);

    const paging = rule('TPP-PAGING-NEXT-LINK').findings.find((f) => f.verdict === 'fail')!;
    expect(paging.request).toMatch(/offset=3/);
    expect(paging.text).toMatch(/follow _links\.next/);
  });

  it('shows the signing string the bank built, the one due, and the line where they differ', () => {
    const finding = rule('TPP-SIGN-HEADERS').findings.find((f) => f.verdict === 'fail')!;
    expect(finding.rejectedBy?.rule).toBe('signature.headers.not-signed');
    const signing = finding.signing!;
    expect(signing.listed).not.toContain('psu-id');
    expect(signing.built).not.toMatch(/^psu-id:/m);
    expect(signing.right?.kind).toBe('expected');
    expect(signing.right?.signingString).toMatch(/^psu-id: [0-9a-f-]{36}$/m);
    expect(signing.differences?.filter((line) => line.op !== ' ')).toEqual([
      { op: '+', text: expect.stringMatching(/^psu-id: /) as string },
    ]);
  });

  it('renders the same verdicts as JUnit and as a self-contained HTML page', () => {
    const junit = renderTppReport(report, 'junit');
    expect(junit.match(/<failure /g)).toHaveLength(3);
    expect(junit).toMatch(/<testcase classname="tpp-conformance" name="TPP-SIGN-HEADERS" /);
    expect(junit).toMatch(/<property name="title:TPP-SIGN-HEADERS" value="[^"]+"\/>/);
    expect(junit.match(/<skipped /g)).toHaveLength(8);
    const html = renderTppReport(report, 'html');
    expect(html).toContain('Signing-string forensics');
    expect(html).not.toMatch(/<script|<link |src="http/);
    expect(JSON.parse(renderTppReport(report, 'json'))).toEqual(report);
  });

  it('forgets everything on clear()', () => {
    const bankFindings = h.bank.tppFindings;
    const copy = bankFindings.report();
    bankFindings.clear();
    const empty = bankFindings.report();
    expect(empty.requestsJudged).toBe(0);
    expect(empty.rules.every((r) => r.status === 'NOT_EXERCISED')).toBe(true);
    expect(copy.requestsJudged).toBeGreaterThan(0);
  });
});
