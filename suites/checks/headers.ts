/**
 * §4.1 header groups and formats, and the per-endpoint header lists of §4.2–§4.3: a missing
 * required header is 400 HTTP_HEADER_REQUIRED naming it, a malformed one 400 FORMAT_ERROR naming it.
 */
import { defineCheck, type Check, type CheckContext, type Exchange } from '../check-api.js';
import { expectAccepted, probe } from './probe.js';

const CARD_TRANSACTIONS = '/v1/card-accounts/00000000-unknown/transactions';

function expectNamed(
  ctx: CheckContext,
  exchange: Exchange,
  code: 'HTTP_HEADER_REQUIRED' | 'FORMAT_ERROR',
  header: string,
): void {
  ctx.expect.status(
    exchange,
    400,
    `${header} ${code === 'FORMAT_ERROR' ? 'malformed' : 'missing'}`,
  );
  ctx.expect.tppMessage(exchange, { code, textIncludes: header });
}

/** A format rule: a bad value is refused naming the header; a good one is accepted. */
function formatCheck(
  rule: string,
  header: string,
  bad: string,
  good: string,
  extra: Record<string, string> = {},
): Check {
  return defineCheck({
    id: `${rule}-CHECKED`,
    title: `${header} '${bad}' is refused as malformed; '${good}' is accepted`,
    area: 'headers',
    rules: [rule],
    async run(ctx) {
      expectNamed(
        ctx,
        await probe(ctx, { headers: { ...extra, [header]: bad }, label: `${header}: ${bad}` }),
        'FORMAT_ERROR',
        header,
      );
      const accepted = await probe(ctx, {
        headers: { ...extra, [header]: good },
        label: `${header}: ${good}`,
      });
      ctx.expect.true(
        !(accepted.response?.status === 400 && accepted.response.body.includes(header)),
        `a well-formed ${header} is not refused as malformed`,
      );
    },
  });
}

export const headerChecks: Check[] = [
  formatCheck(
    'HDR-X-REQUEST-ID-UUID',
    'X-Request-ID',
    'request-42',
    '0f8fad5b-d9cb-469f-a165-70867728950e',
  ),
  formatCheck('HDR-PSU-ID-UUID', 'PSU-ID', 'ola.nordmann', '3f0c6f0e-8a43-4a8e-9f43-3d2a1c7b8e11'),
  formatCheck('HDR-PSU-CONTEXT-VALUES', 'PSU-Context', 'BUSINESS', 'PRIVATE'),
  formatCheck('HDR-PSU-HTTP-METHOD-VALUES', 'PSU-HTTP-Method', 'FETCH', 'GET'),
  formatCheck(
    'HDR-PSU-DEVICE-ID-UUID',
    'PSU-Device-ID',
    'my-phone',
    '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
  ),
  formatCheck('HDR-PSU-GEO-LOCATION-FORMAT', 'PSU-Geo-Location', '59.91,10.75', 'GEO:59.91,10.75'),
  formatCheck(
    'GEN-HEADER-DATE-RFC-7231',
    'Date',
    '2026-11-21T10:00:00Z',
    'Sat, 21 Nov 2026 10:00:00 GMT',
  ),
  defineCheck({
    id: 'HDR-TPP-REDIRECT-URI-REQUIRED-ON-CONSENT',
    title: 'TPP-Redirect-URI is required on a request that may need SCA',
    area: 'headers',
    rules: ['HDR-TPP-REDIRECT-URI-REQUIRED'],
    async run(ctx) {
      expectNamed(
        ctx,
        await probe(ctx, { omitHeaders: ['TPP-Redirect-URI'], label: 'no TPP-Redirect-URI' }),
        'HTTP_HEADER_REQUIRED',
        'TPP-Redirect-URI',
      );
    },
  }),
  defineCheck({
    id: 'HDR-NEGOTIATION-NOT-REQUIRED',
    title:
      'Requests without any negotiation header are accepted, and the answer states its Content-Type',
    area: 'headers',
    rules: ['HDR-NEGOTIATION-OPTIONAL', 'HDR-NEGOTIATION-STATED', 'GEN-JSON-PAYLOADS'],
    async run(ctx) {
      const exchange = await probe(ctx, {
        omitHeaders: ['Accept', 'Accept-Language', 'Accept-Encoding', 'Accept-Charset'],
      });
      expectAccepted(ctx, exchange, 'a request without negotiation headers');
      ctx.expect.true(
        /^application\/json/i.test(exchange.response?.headers['content-type'] ?? ''),
        'the response states Content-Type application/json',
      );
    },
  }),
  defineCheck({
    id: 'HDR-CARD-TRANSACTIONS-REQUIRED-EACH',
    title: 'Get card account transactions refuses a request missing any of its required headers',
    area: 'headers',
    rules: ['HDR-CARD-TRANSACTIONS-REQUIRED', 'FIX-HEADER-REQUIRED-WHERE-LISTED'],
    async run(ctx) {
      // §4.2.3 lists x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI,
      // TPP-Signature-Certificate and Signature; the last three matter for signing and are
      // covered by the signing checks.
      for (const header of ['x-accept-fix', 'TPP-Session-ID', 'TPP-Redirect-URI']) {
        const exchange = await ctx.client.send({
          method: 'GET',
          path: CARD_TRANSACTIONS,
          query: { bookingStatus: 'booked' },
          headers: header === 'x-accept-fix' ? {} : { 'x-accept-fix': 'amount-as-string' },
          omitHeaders: [header],
          label: `card transactions without ${header}`,
        });
        expectNamed(ctx, exchange, 'HTTP_HEADER_REQUIRED', header);
      }
    },
  }),
  defineCheck({
    id: 'HDR-SANDBOX-REQUIRED-X-REQUEST-ID',
    title: 'Sandbox operations require X-Request-ID, TPP-Signature-Certificate and Signature',
    area: 'headers',
    rules: ['HDR-SANDBOX-REQUIRED', 'ERR-SANDBOX-SAME-BODY'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const exchange = await ctx.client.send({
        method: 'GET',
        path: '/v1/sandbox/customers',
        omitHeaders: ['X-Request-ID'],
        signing: { signedHeaders: ['tpp-redirect-uri'] },
        label: 'sandbox customers without X-Request-ID',
      });
      expectNamed(ctx, exchange, 'HTTP_HEADER_REQUIRED', 'X-Request-ID');
    },
  }),
];
