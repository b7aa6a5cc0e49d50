/**
 * §7 and decisions.md "Errors": every error body is tppMessages with a §7.2 code, a status per
 * the mapping, a text that names the cause, and bad input never gets a 500.
 */
import { ERROR_CODES, ERROR_STATUS } from '../../main/core/spec/errors.js';
import { ErrorResponseSchema } from '../../main/core/spec/schemas/shared.js';
import { defineCheck, type Check, type Exchange } from '../check-api.js';
import { probe } from './probe.js';

/** Asserts an exchange is a well-formed §7 error whose status matches its code. */
function judgeErrorBody(ctx: Parameters<Check['run']>[0], exchange: Exchange, what: string): void {
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
      const exchange = await probe(ctx, { omitHeaders: ['TPP-Redirect-URI'] });
      ctx.expect.tppMessage(exchange, {
        code: 'HTTP_HEADER_REQUIRED',
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
      ctx.expect.status(xml, 400, 'an XML body (§1: XML is not supported)');
    },
  }),
];
