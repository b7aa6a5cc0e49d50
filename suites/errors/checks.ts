/**
 * §7 and decisions.md "Errors": every error body is tppMessages with a §7.2 code, a status per
 * the mapping, a text that names the cause, and bad input never gets a 500.
 */
import { ERROR_CODES, ERROR_STATUS } from '../../main/core/spec/errors.js';
import { ErrorResponseSchema } from '../../main/core/spec/schemas/shared.js';
import { randomUUID } from 'node:crypto';
import {
  defineCheck,
  type Check,
  type EvidenceExchange,
} from '../../main/core/runner/check-api/index.js';
import { aisGet, cardTransactionsPath, firstCardAccount } from '../kit/account-information.js';
import { createPayment, sctBody, paymentParty } from '../kit/payments.js';
import { CardAccountTransactionsResponseSchema } from '../../main/core/spec/schemas/card-accounts.js';
import { SandboxAccountListItemSchema } from '../../main/core/spec/schemas/sandbox.js';
import { json } from '../kit/answers.js';
import { expectRefusal, requireAccepted, sendControl } from '../kit/controls.js';
import { probe, probeControl, requireExplainedRefusals } from '../kit/probe.js';
import { freeNorwegianAccount } from '../kit/account-numbers.js';
import { aisConsent, startConsent } from '../kit/consent.js';
import { completeScaAsPsu, sendGetUser, signedInPsuHeaders } from '../kit/sca.js';
import { privatePsu, testPeople } from '../kit/test-psus.js';

/** Asserts an exchange is a well-formed §7 error whose status matches its code. */
function judgeErrorBody(
  ctx: Parameters<Check['run']>[0],
  exchange: EvidenceExchange,
  what: string,
): void {
  ctx.expect.schema(
    exchange.response?.json,
    ErrorResponseSchema,
    `${what}: the body is { tppMessages: [...] }`,
  );
  const messages =
    (exchange.response?.json as { tppMessages?: { code: string }[] } | undefined)?.tppMessages ??
    [];
  for (const message of messages) {
    ctx.expect.true(
      (ERROR_CODES as readonly string[]).includes(message.code),
      `${what}: code ${message.code} is one of §7.2`,
    );
  }
  const first = messages[0]?.code as keyof typeof ERROR_STATUS | undefined;
  if (first)
    ctx.expect.equal(
      exchange.response?.status,
      ERROR_STATUS[first],
      `${what}: the status decisions.md gives ${first}`,
    );
}

export const errorChecks: Check[] = [
  defineCheck({
    id: 'ERR-BODY-IS-TPP-MESSAGES',
    title: 'Error answers are tppMessages bodies with §7.2 codes and the mapped status',
    area: 'errors',
    rules: [
      'ERR-BODY-SHAPE',
      'ERR-TPP-MESSAGES',
      'ERR-TPP-MESSAGE-FIELDS',
      'ERR-CODES-ALLOWED',
      'ERR-STATUS-400',
      'ERR-STATUS-404',
    ],
    async run(ctx) {
      await probeControl(ctx, 'the probe without a defect');
      judgeErrorBody(
        ctx,
        await probe(ctx, { omitHeaders: ['TPP-Redirect-URI'], label: 'missing header' }),
        'missing header',
      );
      judgeErrorBody(
        ctx,
        await probe(ctx, { headers: { 'X-Request-ID': 'nope' }, label: 'malformed header' }),
        'malformed header',
      );
      judgeErrorBody(
        ctx,
        await ctx.client.send({
          method: 'GET',
          path: '/v1/card-accounts/no-such-account/transactions',
          query: { bookingStatus: 'booked' },
          headers: { 'x-accept-fix': 'amount-as-string' },
          label: 'unknown resource',
        }),
        'unknown resource',
      );
    },
  }),
  defineCheck({
    id: 'ERR-TEXT-NAMES-THE-HEADER',
    title: 'An error text names what was wrong',
    area: 'errors',
    rules: ['ERR-TEXT-NAMES-CAUSE'],
    async run(ctx) {
      await probeControl(ctx, 'the probe with TPP-Redirect-URI');
      const exchange = await probe(ctx, { omitHeaders: ['TPP-Redirect-URI'] });
      ctx.expect.tppMessage(exchange, {
        code: 'HTTP_HEADER_REQUIRED',
        path: 'TPP-Redirect-URI',
        textIncludes: 'TPP-Redirect-URI',
      });
    },
  }),
  defineCheck({
    id: 'ERR-NO-500-FOR-HOSTILE-INPUT',
    title: 'Malformed input never gets a 500',
    area: 'errors',
    rules: ['ERR-NO-500-FOR-BAD-INPUT', 'GEN-XML-NOT-SUPPORTED'],
    async run(ctx) {
      await probeControl(ctx, 'the probe with a JSON body');
      const cases: [string, Parameters<typeof probe>[1]][] = [
        ['broken JSON', { rawBody: '{"a": ' }],
        ['XML', { rawBody: '<consent/>', headers: { 'Content-Type': 'application/xml' } }],
        ['a JSON array', { rawBody: '[1,2,3]' }],
        ['deep nesting', { rawBody: '['.repeat(5000) + ']'.repeat(5000) }],
        ['a NUL character', { rawBody: '{"a":"\u0000"}' }],
        ['path traversal', { path: '/v1/consents/..%2f..%2fetc%2fpasswd' }],
      ];
      for (const [what, request] of cases) {
        const exchange = await probe(ctx, { ...request, label: what });
        ctx.expect.true(
          exchange.response !== undefined && exchange.response.status < 500,
          `${what}: answered without a server error`,
        );
      }
      const xml = await probe(ctx, {
        rawBody: '<consent/>',
        headers: { 'Content-Type': 'application/xml' },
      });
      expectRefusal(
        ctx,
        xml,
        { code: ['FORMAT_ERROR', 'BAD_REQUEST'], textIncludes: 'XML' },
        'an XML body (§1: XML is not supported)',
      );
    },
  }),
  defineCheck({
    id: 'ERR-EMOJI-400',
    title: 'A character the downstream system cannot process (an emoji) is answered 400',
    area: 'errors',
    rules: ['ERR-UTF-8-UNPROCESSABLE-400'],
    async run(ctx) {
      await probeControl(ctx, 'the same body without the emoji', { body: { note: 'thumbs up' } });
      const exchange = await probe(ctx, {
        body: { note: 'thumbs up \u{1F44D}' },
        label: 'a body with an emoji',
      });
      expectRefusal(
        ctx,
        exchange,
        { code: ['FORMAT_ERROR', 'BAD_REQUEST'], path: 'note' },
        'a request body with U+1F44D',
      );
    },
  }),
  defineCheck({
    id: 'ERR-SCA-FAILURE-BY-REDIRECT',
    title: 'A failed SCA is reported through the §6.2 redirect, with PAYMENT_FAILED for a payment',
    area: 'errors',
    rules: ['ERR-SCA-FAILURE-REDIRECT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const [psu] = await testPeople(ctx);
      const consent = await startConsent(ctx);
      const failed = await completeScaAsPsu(ctx, consent.scaRedirect, {
        login: psu.login,
        outcome: 'abort',
      });
      ctx.expect.equal(failed.outcome, 'failure', 'an aborted consent SCA redirects as a failure');
      for (const parameter of ['status', 'code', 'message'])
        ctx.expect.true(
          failed.params[parameter] !== undefined,
          `the failure redirect carries ${parameter}`,
        );
      const payment = await createPayment(ctx, sctBody(party), { label: 'a payment to cancel' });
      ctx.expect.true(payment.scaRedirect !== undefined, 'the payment needs SCA');
      const cancelled = await completeScaAsPsu(ctx, payment.scaRedirect!, {
        login: psu.login,
        outcome: 'abort',
      });
      ctx.expect.equal(
        cancelled.outcome === 'failure' ? cancelled.code : 'success',
        'PAYMENT_FAILED',
        'a cancelled payment SCA reports PAYMENT_FAILED',
      );
    },
  }),
  defineCheck({
    id: 'ERR-401-CODES',
    title: 'SCA_NOT_FOUND and PSU_CREDENTIALS_INVALID are answered 401',
    area: 'errors',
    rules: ['ERR-STATUS-401'],
    needs: ['psu-agent'],
    async run(ctx) {
      // SCA_NOT_FOUND first: the sign-in below starts from that very 401, so a bank that answers
      // it otherwise would leave the check no session to control with.
      const noSca = await sendGetUser(ctx, { 'TPP-Session-ID': randomUUID() });
      // Any answer but the 401 is judged only from a bank that says why it refuses.
      if (noSca.response?.status !== 401)
        await requireExplainedRefusals(ctx, noSca, 'GET /v1/user without SCA');
      ctx.expect.tppMessage(noSca, { code: 'SCA_NOT_FOUND' });
      ctx.expect.status(noSca, 401, 'SCA_NOT_FOUND');
      requireAccepted(ctx, await sendGetUser(ctx, await signedInPsuHeaders(ctx, 'private')), {
        what: 'GET /v1/user in a session with SCA, with the PSU-ID the bank gave',
        status: 200,
      });
      const unknownPsu = await sendGetUser(ctx, { 'PSU-ID': randomUUID() }, 'an unknown PSU-ID');
      ctx.expect.tppMessage(unknownPsu, { code: 'PSU_CREDENTIALS_INVALID' });
      ctx.expect.status(unknownPsu, 401, 'PSU_CREDENTIALS_INVALID');
    },
  }),
  defineCheck({
    id: 'ERR-403-CONSENT-UNKNOWN',
    title: 'CONSENT_UNKNOWN is answered 403',
    area: 'errors',
    rules: ['ERR-STATUS-403'],
    async run(ctx) {
      const own = json<{ consentId: string }>(await probeControl(ctx, 'a consent of this TPP'));
      await sendControl(
        ctx,
        { method: 'GET', path: `/v1/consents/${encodeURIComponent(own.consentId)}` },
        { what: 'reading a consent this TPP has', status: 200 },
      );
      const exchange = await ctx.client.send({
        method: 'GET',
        path: `/v1/consents/${randomUUID()}`,
        label: 'a consent this TPP never had',
      });
      ctx.expect.tppMessage(exchange, { code: 'CONSENT_UNKNOWN' });
      ctx.expect.status(exchange, 403, 'CONSENT_UNKNOWN');
    },
  }),
  defineCheck({
    id: 'ERR-409-CONFLICT',
    title: 'CONFLICT is answered 409',
    area: 'errors',
    rules: ['ERR-STATUS-409'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const { bban, iban } = freeNorwegianAccount();
      const body = {
        customerNumber: (await privatePsu(ctx)).customerNumber,
        accountName: 'Conflict check',
        bban,
        iban,
        currency: 'NOK',
        product: 'Brukskonto',
        cashAccountType: 'CACC',
        creditLine: 0,
        balances: [],
      };
      await sendControl(
        ctx,
        { method: 'POST', path: '/v1/sandbox/accounts', body },
        {
          what: 'the first account with this BBAN',
          status: 201,
          schema: SandboxAccountListItemSchema,
        },
      );
      const second = await ctx.client.send({
        method: 'POST',
        path: '/v1/sandbox/accounts',
        body,
        label: 'the same BBAN again',
      });
      ctx.expect.tppMessage(second, { code: 'CONFLICT', path: 'bban' });
      ctx.expect.status(second, 409, 'CONFLICT');
    },
  }),
  defineCheck({
    id: 'ERR-429-ACCESS-EXCEEDED',
    title: 'ACCESS_EXCEEDED is answered 429',
    area: 'errors',
    rules: ['ERR-STATUS-429'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const path = cardTransactionsPath((await firstCardAccount(ctx, session)).resourceId);
      let last: EvidenceExchange | undefined;
      for (let call = 1; call <= 5; call++) {
        last = await aisGet(ctx, session, path, {
          query: { bookingStatus: 'booked' },
          omitHeaders: ['PSU-IP-Address'],
          label: `call ${call} without PSU-IP-Address`,
        });
        if (call === 1)
          requireAccepted(ctx, last, {
            what: 'the first read without PSU-IP-Address',
            status: 200,
            schema: CardAccountTransactionsResponseSchema,
          });
      }
      ctx.expect.tppMessage(last!, { code: 'ACCESS_EXCEEDED' });
      ctx.expect.status(last!, 429, 'ACCESS_EXCEEDED');
    },
  }),
];
