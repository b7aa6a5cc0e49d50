/**
 * General rules (§1, §2.1, §5.1, decisions.md "Paths"): the eIDAS certificate from a trusted CA, TLS 1.2 or higher, UTF-8,
 * ISO 8601 payload dates, the Link shape, the §2.1 currency and country lists, and the production
 * interface served in sandbox mode too.
 */
import { type Check } from '../../main/core/runner/check-api/index.js';
import { expectAccepted, probe, probeRefusedControl } from '../kit/probe.js';
import { json } from '../kit/answers.js';
import { generalCheck } from './check.js';
import { tppIdentityChecks } from './tpp-identity.js';
import { payloadFormatChecks } from './payload-formats.js';
import { codeListChecks } from './code-lists.js';
import { tlsVersionChecks } from './tls-versions.js';

export const generalChecks: Check[] = [
  ...tppIdentityChecks,
  ...payloadFormatChecks,
  ...codeListChecks,
  ...tlsVersionChecks,
  generalCheck({
    id: 'GEN-PRODUCTION-INTERFACE-IN-SANDBOX',
    title: 'The sandbox serves the production interface too',
    rules: ['GEN-PRODUCTION-PATHS-IN-SANDBOX'],
    modes: ['sandbox'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      await expectAccepted(ctx, await probe(ctx), 'POST /v1/consents in sandbox mode');
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
