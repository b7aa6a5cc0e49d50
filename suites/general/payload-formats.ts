/**
 * General rules about payloads (§2.1): UTF-8 both ways, ISO 8601 dates and date-times, the
 * Date header in IMF-fixdate, and the Link shape of `_links`.
 */
import { randomUUID } from 'node:crypto';
import { DATE_TIME } from '../../main/core/spec/dates.js';
import { parseImfFixdate } from '../../main/core/spec/headers.js';
import { type Check, type CheckContext } from '../../main/core/runner/check-api/index.js';
import { SandboxAccountListSchema } from '../../main/core/spec/schemas/sandbox.js';
import { expectAccepted, probe, probeControl, probeRefusedControl } from '../kit/probe.js';
import { sendControl } from '../kit/controls.js';
import { freeNorwegianAccount } from '../kit/account-numbers.js';
import { json } from '../kit/answers.js';
import { readConsent } from '../kit/consent.js';
import { DATE } from '../kit/dates.js';
import { sendGetUser, signedInSession, tppSession } from '../kit/sca.js';
import { privatePsu, testPeople } from '../kit/test-psus.js';
import { generalCheck } from './check.js';

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

export const payloadFormatChecks: Check[] = [
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
      const user = await sendGetUser(ctx, { ...tppSession(sessionId), 'PSU-ID': redirect.psuId });
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
      await expectAccepted(ctx, created, 'POST /v1/consents');
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
      await expectAccepted(ctx, created, 'POST /v1/consents');
      expectLinks(ctx, json(created)._links, 'POST /v1/consents');
      const consent = await readConsent(ctx, json<{ consentId: string }>(created).consentId);
      expectLinks(ctx, consent._links, 'GET /v1/consents/{consentId}');
    },
  }),
];
