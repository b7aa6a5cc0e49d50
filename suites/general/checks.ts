/**
 * General rules (§1, §2.1, decisions.md "Paths"): the eIDAS certificate from a trusted CA, UTF-8,
 * ISO 8601 payload dates, the Link shape, the §2.1 currency and country lists, and the production
 * interface served in sandbox mode too.
 */
import { randomUUID } from 'node:crypto';
import { createTestCa, generateRsaKeyPair, issueQsealc } from '../../main/core/certs/index.js';
import { CURRENCIES } from '../../main/core/spec/currencies.js';
import { DATE_TIME } from '../../main/core/spec/dates.js';
import { parseImfFixdate } from '../../main/core/spec/headers.js';
import { signRequest } from '../../main/core/tpp/signer.js';
import {
  defineCheck,
  type Check,
  type CheckContext,
  type EvidenceExchange,
  type TargetRequest,
} from '../../main/core/runner/check-api/index.js';
import {
  SandboxAccountListItemSchema,
  SandboxAccountListSchema,
  SandboxCardAccountCreatedSchema,
} from '../../main/core/spec/schemas/sandbox.js';
import { PaymentInitiationResponseSchema } from '../../main/core/spec/schemas/payments.js';
import {
  CONSENT_CREATED_SCHEMA,
  expectAccepted,
  probe,
  probeControl,
  probeRefusedControl,
} from '../kit/probe.js';
import { expectAnswer, expectRefusal, requireAccepted, sendControl } from '../kit/controls.js';
import { freeNorwegianAccount } from '../kit/account-numbers.js';
import { json } from '../kit/answers.js';
import { readConsent } from '../kit/consent.js';
import { DATE, dayFromToday } from '../kit/dates.js';
import { getUser, signedInSession, tppSession } from '../kit/sca.js';
import { privatePsu, testPeople } from '../kit/test-psus.js';
import { paymentParty, uniqueRemittance } from '../kit/payments.js';

function generalCheck(check: Omit<Check, 'area'>): Check {
  return defineCheck({ area: 'general', ...check });
}

const VERBS = ['GET', 'PUT', 'POST', 'DELETE'];

/** Every entry of `_links` is a Link: href string, verbs a non-empty subset of §2.1's four. */
function expectLinks(ctx: CheckContext, links: unknown, what: string): void {
  ctx.expect.true(
    typeof links === 'object' && links !== null && !Array.isArray(links),
    `${what}: _links is an object`,
  );
  for (const [relation, link] of Object.entries(links as Record<string, unknown>)) {
    const value = link as { href?: unknown; verbs?: unknown };
    ctx.expect.true(
      typeof value === 'object' &&
        value !== null &&
        typeof value.href === 'string' &&
        Array.isArray(value.verbs) &&
        value.verbs.length > 0 &&
        value.verbs.every((verb) => VERBS.includes(String(verb))),
      `${what}: _links.${relation} is { href, verbs } with verbs from ${VERBS.join(', ')}`,
    );
  }
}

/** A TPP certificate from a CA the bank does not know, made for this check (1024-bit keys: fast). */
async function untrustedSeal() {
  const key = await generateRsaKeyPair(1024);
  const ca = await createTestCa({
    rootKey: key,
    intermediateKey: key,
    rootSubject: { commonName: 'Unknown Root CA', organizationName: 'Nobody', countryName: 'NO' },
  });
  return issueQsealc({
    issuer: ca.issuer,
    keyPair: key,
    subject: {
      commonName: 'Untrusted TPP',
      organizationName: 'Untrusted TPP',
      countryName: 'NO',
      organizationIdentifier: 'PSDNO-FSA-UNTRUSTED',
    },
    roles: ['PSP_AI', 'PSP_PI'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
}

/** A card transaction on a new card account of the first private customer, with `address`. */
async function cardTransactionWithAddress(
  ctx: CheckContext,
  cardAccountId: string,
  country: string,
): Promise<EvidenceExchange> {
  const today = await ctx.bankNow();
  return ctx.client.send({
    method: 'POST',
    path: `/v1/sandbox/card-accounts/${encodeURIComponent(cardAccountId)}/transactions`,
    label: `card acceptor country ${country}`,
    body: [
      {
        cardTransactionId: `wb-country-${randomUUID().slice(0, 8)}`,
        terminalId: 'T1',
        bookingDate: dayFromToday(-3, today),
        transactionDate: dayFromToday(-2, today),
        transactionAmount: { currency: 'NOK', amount: -1_000 },
        originalAmount: { currency: 'NOK', amount: -1_000 },
        merchantCategoryCode: '5411',
        cardAcceptorId: 'ACQ1',
        cardAcceptorAddress: { city: 'Somewhere', country },
        maskedPan: '525412******7788',
        transactionDetails: 'Purchase',
        invoiced: 'false',
        proprietaryBankTransactionCode: 'PURCHASE',
      },
    ],
  });
}

export const generalChecks: Check[] = [
  defineCheck({
    id: 'GEN-ROLE-MUST-BE-REGISTERED',
    title: 'A TPP registered for AISP only may read consents but not initiate payments',
    area: 'general',
    rules: ['GEN-TPP-ROLE-REGISTERED'],
    // The sandbox checks signatures, not the registry (§1: registries are checked on production calls).
    modes: ['production'],
    async run(ctx) {
      const aisp = ctx.aispOnlyClient;
      if (!aisp) ctx.skip('this run has no second TPP registered for AISP only');
      const party = await paymentParty(ctx);
      const consent = await aisp!.send({
        method: 'POST',
        path: '/v1/consents',
        body: {},
        label: 'AISP-only TPP: consent',
      });
      expectAnswer(
        ctx,
        consent,
        201,
        CONSENT_CREATED_SCHEMA,
        'an AIS call by a TPP registered for AISP',
      );
      const payment: TargetRequest = {
        method: 'POST',
        path: '/v1/payments/sepa-credit-transfers',
        headers: { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' },
        body: {
          instructedAmount: { currency: 'NOK', amount: '10.00' },
          creditorName: party.creditor.name,
          creditorAccount: { iban: 'NO9386011117947', currency: 'NOK' },
          debtorAccount: { iban: party.debtor, currency: 'NOK' },
          // Unique: a later run on the same bank must not meet this one as a logical duplicate.
          remittanceInformationUnstructured: uniqueRemittance(),
        },
      };
      await sendControl(
        ctx,
        { ...payment, label: 'control: the same payment by the TPP registered for PISP' },
        {
          what: 'the same payment by the TPP registered for PISP',
          status: 201,
          schema: PaymentInitiationResponseSchema,
        },
      );
      const refused = await aisp!.send({ ...payment, label: 'AISP-only TPP: payment' });
      expectRefusal(
        ctx,
        refused,
        { status: 403, code: 'FORBIDDEN', textIncludes: 'PISP' },
        'a payment initiation by a TPP not registered for PISP',
      );
    },
  }),
  generalCheck({
    id: 'GEN-CERTIFICATE-FROM-TRUSTED-CA',
    title: 'A request signed with a certificate from an unknown CA is refused',
    rules: ['GEN-TPP-EIDAS-CERTIFICATE'],
    modes: ['production'],
    timeoutMs: 10_000,
    async run(ctx) {
      await probeControl(ctx, "the probe signed with the suite TPP's certificate");
      const seal = await untrustedSeal();
      const path = '/v1/user';
      const signed = signRequest({
        method: 'GET',
        path,
        headers: {
          'X-Request-ID': randomUUID(),
          'TPP-Session-ID': randomUUID(),
          'TPP-Redirect-URI': 'http://127.0.0.1:9/suite-callback',
        },
        signingKey: seal.privateKey,
        certificate: seal.certificateDer,
      });
      const exchange = await ctx.client.send({
        method: 'GET',
        path,
        sign: false,
        headers: signed.headers,
        label: 'signed with a certificate of an unknown CA',
      });
      expectRefusal(
        ctx,
        exchange,
        { status: 403, code: 'FORBIDDEN', textIncludes: 'certificate' },
        'a certificate whose CA the bank does not trust',
      );
    },
  }),
  generalCheck({
    id: 'GEN-UTF-8-ROUND-TRIP',
    title: 'Non-ASCII text travels as UTF-8 both ways',
    rules: ['GEN-UTF-8'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const name = 'Ærlig Østre Åsen – sparing €';
      const { bban, iban } = freeNorwegianAccount();
      const created = await ctx.client.send({
        method: 'POST',
        path: '/v1/sandbox/accounts',
        label: 'an account named with æ, ø, å, – and €',
        body: {
          customerNumber: (await privatePsu(ctx)).customerNumber,
          accountName: name,
          bban,
          iban,
          currency: 'NOK',
          product: 'Sparekonto',
          cashAccountType: 'SVGS',
          creditLine: 0,
          balances: [],
        },
      });
      ctx.expect.status(created, 201, 'POST /v1/sandbox/accounts');
      const type = created.response?.headers['content-type'] ?? '';
      ctx.expect.true(
        !/charset=/i.test(type) || /charset=utf-?8/i.test(type),
        `the answer's Content-Type (${type}) is UTF-8`,
      );
      ctx.expect.equal(json(created).accountName, name, 'the name comes back as sent');
      const listed = await ctx.client.send({ method: 'GET', path: '/v1/sandbox/accounts' });
      ctx.expect.true(
        (json<{ accountName: string }[]>(listed) ?? []).some((a) => a.accountName === name),
        'the account list shows the name as sent',
      );
    },
  }),
  generalCheck({
    id: 'GEN-PAYLOAD-DATES-ISO-8601',
    title: 'Dates in payloads are ISO 8601 (YYYY-MM-DD)',
    rules: ['GEN-PAYLOAD-DATE-FORMAT'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      const consentId = json<{ consentId: string }>(
        await probeControl(ctx, 'a consent to read'),
      ).consentId;
      const consent = await readConsent(ctx, consentId);
      for (const field of ['validUntil', 'lastActionDate'] as const)
        ctx.expect.true(
          DATE.test(consent[field] ?? ''),
          `consent ${field} '${consent[field]}' is YYYY-MM-DD`,
        );
      if (!ctx.target.hasSandboxApi) return;
      const accounts = json<{ id: string }[]>(
        await sendControl(
          ctx,
          { method: 'GET', path: '/v1/sandbox/accounts' },
          { what: 'the sandbox accounts', status: 200, schema: SandboxAccountListSchema },
        ),
      );
      if (accounts.length === 0) ctx.inconclusive('the sandbox lists no account to read');
      const transactions = await ctx.client.send({
        method: 'GET',
        path: `/v1/sandbox/accounts/${encodeURIComponent(accounts[0]!.id)}/transactions`,
      });
      ctx.expect.status(transactions, 200, 'the transactions of a sandbox account');
      for (const entry of json<{ bookingDate: string; valueDate: string }[]>(transactions) ?? [])
        ctx.expect.true(
          DATE.test(entry.bookingDate) && DATE.test(entry.valueDate),
          `transaction dates ${entry.bookingDate} / ${entry.valueDate} are YYYY-MM-DD`,
        );
    },
  }),
  generalCheck({
    id: 'GEN-PAYLOAD-DATE-TIMES-SPEC-FORM',
    title: 'Date-times in payloads are YYYY-MM-DDThh:mm:ss+00:00 (GET /v1/user scaValidUntil)',
    rules: ['GEN-PAYLOAD-DATE-TIME-FORM'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const { sessionId, redirect } = await signedInSession(
        ctx,
        { login: psu.login },
        'identity SCA',
      );
      const user = await getUser(ctx, { ...tppSession(sessionId), 'PSU-ID': redirect.psuId });
      ctx.expect.status(user, 200, 'GET /v1/user after SCA');
      const until = json<{ scaValidUntil?: unknown }>(user).scaValidUntil;
      ctx.expect.true(
        typeof until === 'string' && DATE_TIME.test(until),
        `scaValidUntil ${JSON.stringify(until)} is YYYY-MM-DDThh:mm:ss+00:00 (§1)`,
      );
    },
  }),
  generalCheck({
    id: 'GEN-RESPONSE-DATE-IMF-FIXDATE',
    title: 'The Date response header is an RFC 7231 IMF-fixdate, on success and on error',
    rules: ['GEN-RESPONSE-DATE-HEADER-RFC-7231'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      const created = await probe(ctx);
      expectAccepted(ctx, created, 'POST /v1/consents');
      const answers = [
        created,
        await ctx.client.send({
          method: 'GET',
          path: `/v1/consents/${randomUUID()}`,
          label: 'an unknown consent (error answer)',
        }),
      ];
      for (const exchange of answers) {
        const date = exchange.response?.headers['date'];
        ctx.expect.true(
          date !== undefined && parseImfFixdate(date) !== undefined,
          `${exchange.label ?? exchange.request.url}: Date ${JSON.stringify(date)} is an IMF-fixdate such as 'Tue, 24 Nov 2026 18:25:09 GMT' (§1, RFC 7231)`,
        );
      }
    },
  }),
  generalCheck({
    id: 'GEN-LINKS-ARE-LINKS',
    title: '_links map relation names to Links: href and verbs from GET, PUT, POST, DELETE',
    rules: ['GEN-LINK-SHAPE'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      const created = await probe(ctx);
      expectAccepted(ctx, created, 'POST /v1/consents');
      expectLinks(ctx, json(created)._links, 'POST /v1/consents');
      const consent = await readConsent(ctx, json<{ consentId: string }>(created).consentId);
      expectLinks(ctx, consent._links, 'GET /v1/consents/{consentId}');
    },
  }),
  generalCheck({
    id: 'GEN-CURRENCY-FROM-THE-LIST',
    title: 'A currency must be an ISO 4217 code of the §2.1 list',
    rules: ['GEN-CURRENCY-CODES'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const owner = (await privatePsu(ctx)).customerNumber;
      const post = (currency: string) => {
        const { bban, iban } = freeNorwegianAccount();
        return ctx.client.send({
          method: 'POST',
          path: '/v1/sandbox/accounts',
          label: `currency ${currency}`,
          body: {
            customerNumber: owner,
            accountName: `Konto i ${currency}`,
            bban,
            iban,
            currency,
            product: 'Valutakonto',
            cashAccountType: 'CACC',
            creditLine: 0,
            balances: [],
          },
        });
      };
      requireAccepted(ctx, await post('SEK'), {
        what: 'an account in SEK',
        status: 201,
        schema: SandboxAccountListItemSchema,
      });
      expectRefusal(
        ctx,
        await post('XYZ'),
        { code: 'FORMAT_ERROR', path: 'currency', textIncludes: 'currency' },
        'an account in XYZ (not ISO 4217)',
      );
      const listed = json<{ currency: string }[]>(
        await ctx.client.send({ method: 'GET', path: '/v1/sandbox/accounts' }),
      );
      for (const account of listed ?? [])
        ctx.expect.true(
          (CURRENCIES as readonly string[]).includes(account.currency),
          `listed currency ${account.currency} is on the §2.1 list`,
        );
    },
  }),
  generalCheck({
    id: 'GEN-COUNTRY-FROM-THE-LIST',
    title: 'A country must be an ISO 3166-1 alpha-2 code of the §2.1 list',
    rules: ['GEN-COUNTRY-CODES'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const card = await ctx.client.send({
        method: 'POST',
        path: '/v1/sandbox/card-accounts',
        label: 'a card account',
        body: {
          customerNumber: (await privatePsu(ctx)).customerNumber,
          maskedPan: '525412******7788',
          currency: 'NOK',
          creditLimit: { currency: 'NOK', amount: 100_000 },
          balances: [],
          cardId: 'wb-country',
          cardIdVNo: '01',
          accountNumber: freeNorwegianAccount().bban,
          expiry: '2030-12',
          name: 'Country check card',
          product: 'VISA',
          status: 'enabled',
        },
      });
      requireAccepted(ctx, card, {
        what: 'a card account to book on',
        status: 201,
        schema: SandboxCardAccountCreatedSchema,
      });
      const id = String(json(card).resourceId);
      requireAccepted(ctx, await cardTransactionWithAddress(ctx, id, 'SE'), {
        what: 'a card transaction with card acceptor country SE',
        status: 201,
      });
      for (const country of ['XX', 'NOR', 'no'])
        expectRefusal(
          ctx,
          await cardTransactionWithAddress(ctx, id, country),
          {
            code: 'FORMAT_ERROR',
            path: '[0].cardAcceptorAddress.country',
            textIncludes: 'country',
          },
          `country ${country} (not on the §2.1 list)`,
        );
    },
  }),
  generalCheck({
    id: 'GEN-PRODUCTION-INTERFACE-IN-SANDBOX',
    title: 'The sandbox serves the production interface too',
    rules: ['GEN-PRODUCTION-PATHS-IN-SANDBOX'],
    modes: ['sandbox'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      expectAccepted(ctx, await probe(ctx), 'POST /v1/consents in sandbox mode');
      const reads: [string, Record<string, string | number>][] = [
        ['/v1/user', {}],
        ['/v1/accounts', {}],
        ['/v1/card-accounts/unknown/transactions', { bookingStatus: 'booked' }],
      ];
      for (const [path, query] of reads) {
        const exchange = await ctx.client.send({
          method: 'GET',
          path,
          query,
          headers: { 'x-accept-fix': 'amount-as-string' },
          label: `GET ${path} in sandbox mode`,
        });
        const code = (json<{ tppMessages?: { code: string }[] }>(exchange)?.tppMessages ?? [])[0]
          ?.code;
        ctx.expect.true(code !== 'NOT_FOUND', `GET ${path} exists in sandbox mode (no NOT_FOUND)`);
      }
    },
  }),
];
