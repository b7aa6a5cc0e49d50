/**
 * §4.1 header groups and formats, and the per-endpoint header lists of §4.2–§4.3: a missing
 * required header is 400 HTTP_HEADER_REQUIRED naming it, a malformed one 400 FORMAT_ERROR naming it.
 */
import {
  defineCheck,
  type Check,
  type CheckContext,
  type EvidenceExchange,
} from '../../main/core/runner/check-api/index.js';
import { CardAccountTransactionsResponseSchema } from '../../main/core/spec/schemas/card-accounts.js';
import { SandboxAccountListItemSchema } from '../../main/core/spec/schemas/sandbox.js';
import { expectAccepted, probe, probeControl, probeRefusedControl } from '../kit/probe.js';
import { freeNorwegianAccount } from '../kit/account-numbers.js';
import { absoluteHref, scaRedirectOf } from '../kit/answers.js';
import { expectAnswer, requireAccepted, sendControl } from '../kit/controls.js';
import { aisGet, cardTransactionsPath, firstCardAccount } from '../kit/account-information.js';
import { aisConsent } from '../kit/consent.js';
import { signedInPsuHeaders } from '../kit/sca.js';
import { knownPsu, privatePsu } from '../kit/test-psus.js';

/** A consented card account's transactions: the read the card-transaction header checks vary. */
async function cardTransactionsRead(ctx: CheckContext) {
  const session = await aisConsent(ctx);
  const path = cardTransactionsPath((await firstCardAccount(ctx, session)).resourceId);
  return { session, path, query: { bookingStatus: 'booked' } };
}

function expectNamed(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  code: 'HTTP_HEADER_REQUIRED' | 'FORMAT_ERROR',
  header: string,
): void {
  ctx.expect.status(
    exchange,
    400,
    `${header} ${code === 'FORMAT_ERROR' ? 'malformed' : 'missing'}`,
  );
  ctx.expect.tppMessage(exchange, { code, path: header, textIncludes: header });
}

/**
 * A format rule: with a good value the probe is accepted (the positive control: else the check
 * cannot judge), and the same probe with a bad one is refused naming the header. With `psu`, the
 * good PSU-ID is one the bank gave this TPP (the PSU signs in first).
 */
function formatCheck(
  rule: string,
  header: string,
  bad: string,
  good: string,
  extra: Record<string, string> = {},
  psu = false,
): Check {
  return defineCheck({
    id: `${rule}-CHECKED`,
    title: `${header} '${bad}' is refused as malformed; '${good}' is accepted`,
    area: 'headers',
    rules: [rule],
    ...(psu ? { needs: ['psu-agent'] as const } : {}),
    async run(ctx) {
      const base = psu ? await signedInPsuHeaders(ctx, 'private') : {};
      const wellFormed = base[header] ?? good;
      await probeControl(ctx, `the probe with ${header}: ${wellFormed}`, {
        headers: { ...extra, ...base, [header]: wellFormed },
      });
      expectNamed(
        ctx,
        await probe(ctx, {
          headers: { ...extra, ...base, [header]: bad },
          label: `${header}: ${bad}`,
        }),
        'FORMAT_ERROR',
        header,
      );
    },
  });
}

/** The §5.2(4) headers a read with `psuHeaders` and no X-Request-ID signs. */
const signedWithout = (psuHeaders: Record<string, string>): string[] => [
  ...Object.keys(psuHeaders)
    .map((name) => name.toLowerCase())
    .filter((name) => name === 'psu-id' || name === 'psu-corporate-id'),
  'tpp-redirect-uri',
];

export const headerChecks: Check[] = [
  formatCheck(
    'HDR-X-REQUEST-ID-UUID',
    'X-Request-ID',
    'request-42',
    '0f8fad5b-d9cb-469f-a165-70867728950e',
  ),
  formatCheck(
    'HDR-PSU-ID-UUID',
    'PSU-ID',
    'ola.nordmann',
    'the PSU-ID of a signed-in PSU',
    {},
    true,
  ),
  formatCheck('HDR-PSU-CONTEXT-VALUES', 'PSU-Context', 'BUSINESS', 'PRIVATE'),
  formatCheck('HDR-X-PSU-IDENTITY', 'X-PSU-IDENTITY', '15038512364', '15038512363'),
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
      await probeControl(ctx, 'the probe with TPP-Redirect-URI');
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
      await probeRefusedControl(ctx);
      const exchange = await probe(ctx, {
        omitHeaders: ['Accept', 'Accept-Language', 'Accept-Encoding', 'Accept-Charset'],
      });
      await expectAccepted(ctx, exchange, 'a request without negotiation headers');
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
    needs: ['psu-agent'],
    async run(ctx) {
      // §4.2.3 lists x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI,
      // TPP-Signature-Certificate and Signature; the last two are the signing checks'. The rule
      // holds in both modes (§4.2.3 names no mode), so X-Request-ID is judged in production too,
      // not only by the sandbox operations' HDR-SANDBOX-REQUIRED-X-REQUEST-ID.
      const { session, path, query } = await cardTransactionsRead(ctx);
      requireAccepted(ctx, await aisGet(ctx, session, path, { query }), {
        what: 'the consented read with every required header',
        status: 200,
        schema: CardAccountTransactionsResponseSchema,
      });
      for (const header of ['x-accept-fix', 'X-Request-ID', 'TPP-Session-ID', 'TPP-Redirect-URI']) {
        const exchange = await aisGet(ctx, session, path, {
          query,
          omitHeaders: [header],
          // §5.2(4) signs x-request-id when the request carries it: without it, the rest.
          ...(header === 'X-Request-ID'
            ? { signing: { signedHeaders: signedWithout(session.headers) } }
            : {}),
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
      await sendControl(
        ctx,
        {
          method: 'GET',
          path: '/v1/sandbox/customers',
          signing: { signedHeaders: ['x-request-id', 'tpp-redirect-uri'] },
        },
        { what: 'the sandbox customers with X-Request-ID', status: 200 },
      );
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
  defineCheck({
    id: 'HDR-CONTENT-TYPE-STATES-THE-BODY',
    title: 'Content-Type is optional on a body, and when given it states the body type',
    area: 'headers',
    rules: ['HDR-CONTENT-TYPE-ON-BODY'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      await expectAccepted(
        ctx,
        await probe(ctx, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
        'a JSON body stated as application/json; charset=utf-8',
      );
      await expectAccepted(
        ctx,
        await probe(ctx, { signing: { dropHeaders: ['Content-Type'] }, label: 'no Content-Type' }),
        'a JSON body without Content-Type',
      );
      const text = await probe(ctx, {
        headers: { 'Content-Type': 'text/plain' },
        label: 'Content-Type text/plain',
      });
      expectNamed(ctx, text, 'FORMAT_ERROR', 'Content-Type');
    },
  }),
  defineCheck({
    id: 'HDR-TPP-REDIRECT-PREFERRED-TRUE-BY-DEFAULT',
    title: 'Without TPP-Redirect-Preferred the bank uses the browser redirect flow',
    area: 'headers',
    rules: ['HDR-TPP-REDIRECT-PREFERRED-DEFAULT-TRUE'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      const consent = await probe(ctx, { omitHeaders: ['TPP-Redirect-Preferred'] });
      await expectAccepted(ctx, consent, 'a consent without TPP-Redirect-Preferred');
      const href = scaRedirectOf(consent);
      ctx.expect.true(href !== undefined, 'the answer carries _links.scaRedirect (redirect flow)');
      const url = new URL(absoluteHref(href!, consent));
      const page = await ctx.client.send({
        method: 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        sign: false,
        label: 'the SCA page behind scaRedirect',
      });
      ctx.expect.status(page, 200, 'the scaRedirect page opens in the browser');
      ctx.expect.true(
        !(page.response?.body ?? '').includes('data-testid="sca-channel"'),
        'the page continues in the browser; no switch to the app flow was asked for',
      );
    },
  }),
  defineCheck({
    id: 'HDR-TPP-BRAND-LOGGING-OPTIONAL-ACCEPTED',
    title: 'TPP-Brand-Logging-Information is optional, and accepted when sent',
    area: 'headers',
    rules: ['HDR-TPP-BRAND-LOGGING-OPTIONAL'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      await expectAccepted(
        ctx,
        await probe(ctx, { headers: { 'TPP-Brand-Logging-Information': 'Workbench Brand' } }),
        'a request with TPP-Brand-Logging-Information',
      );
      await expectAccepted(
        ctx,
        await probe(ctx, { omitHeaders: ['TPP-Brand-Logging-Information'] }),
        'a request without TPP-Brand-Logging-Information',
      );
    },
  }),
  defineCheck({
    id: 'HDR-PSU-FORWARDED-HEADERS-OPTIONAL',
    title: 'The forwarded PSU headers are accepted when available and not required',
    area: 'headers',
    rules: ['HDR-PSU-FORWARDED-OPTIONAL'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      await expectAccepted(
        ctx,
        await probe(ctx, {
          headers: {
            'PSU-IP-Port': '443',
            'PSU-User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Workbench',
            'PSU-Accept': 'text/html',
            'PSU-Accept-Charset': 'utf-8',
            'PSU-Accept-Encoding': 'gzip',
            'PSU-Accept-Language': 'nb-NO, en;q=0.8',
          },
          label: 'every forwarded PSU header',
        }),
        'a request forwarding the PSU headers',
      );
      await expectAccepted(
        ctx,
        await probe(ctx, {
          omitHeaders: [
            'PSU-IP-Port',
            'PSU-User-Agent',
            'PSU-Accept',
            'PSU-Accept-Charset',
            'PSU-Accept-Encoding',
            'PSU-Accept-Language',
          ],
          label: 'no forwarded PSU header',
        }),
        'a request without forwarded PSU headers',
      );
    },
  }),
  defineCheck({
    id: 'HDR-CARD-TRANSACTIONS-OPTIONAL-EACH',
    title: 'Get card account transactions needs none of its optional headers, and takes them all',
    area: 'headers',
    rules: ['HDR-CARD-TRANSACTIONS-OPTIONAL'],
    needs: ['psu-agent'],
    async run(ctx) {
      const optional = [
        'PSU-ID',
        'PSU-Corporate-ID',
        'PSU-Context',
        'PSU-IP-Address',
        'PSU-User-Agent',
        'TPP-Redirect-Preferred',
        'Accept-Language',
      ];
      const { session, path, query } = await cardTransactionsRead(ctx);
      // The PSU is named by X-PSU-IDENTITY, the §4.1 alternative to PSU-ID.
      const bare = await aisGet(ctx, session, path, {
        query,
        headers: { 'X-PSU-IDENTITY': knownPsu(ctx, 'private').login },
        omitHeaders: optional,
        label: 'card transactions with no optional header (PSU named by X-PSU-IDENTITY)',
      });
      expectAnswer(
        ctx,
        bare,
        200,
        CardAccountTransactionsResponseSchema,
        'card transactions with no optional header',
      );
      const full = await aisGet(ctx, session, path, {
        query,
        headers: {
          'PSU-Context': 'PRIVATE',
          'PSU-IP-Address': '192.0.2.10',
          'PSU-User-Agent': 'Workbench',
          'TPP-Redirect-Preferred': 'true',
          'Accept-Language': 'nb-NO',
        },
        label: 'card transactions with optional headers',
      });
      expectAnswer(
        ctx,
        full,
        200,
        CardAccountTransactionsResponseSchema,
        'card transactions with the optional headers',
      );
    },
  }),
  defineCheck({
    id: 'HDR-SANDBOX-BODY-NEEDS-DIGEST',
    title: 'A sandbox operation with a body requires Digest and accepts Content-Type',
    area: 'headers',
    rules: ['HDR-SANDBOX-DIGEST-WITH-BODY'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const owner = (await privatePsu(ctx)).customerNumber;
      const body = () => {
        const { bban, iban } = freeNorwegianAccount();
        return {
          customerNumber: owner,
          accountName: 'Digest check',
          bban,
          iban,
          currency: 'NOK',
          product: 'Brukskonto',
          cashAccountType: 'CACC',
          creditLine: 0,
          balances: [],
        };
      };
      await sendControl(
        ctx,
        {
          method: 'POST',
          path: '/v1/sandbox/accounts',
          body: body(),
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          label: 'sandbox body with Digest and Content-Type',
        },
        {
          what: 'a sandbox body with Digest and Content-Type',
          status: 201,
          schema: SandboxAccountListItemSchema,
        },
      );
      const withoutDigest = await ctx.client.send({
        method: 'POST',
        path: '/v1/sandbox/accounts',
        body: body(),
        signing: { signedHeaders: ['x-request-id'], dropHeaders: ['Digest'] },
        label: 'sandbox body without Digest',
      });
      expectNamed(ctx, withoutDigest, 'HTTP_HEADER_REQUIRED', 'Digest');
    },
  }),
];
