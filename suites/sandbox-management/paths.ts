/**
 * Where the sandbox operations live (decisions.md "Paths"): under /sandbox/ paths, in sandbox
 * mode only; production answers 404 for them.
 */
import { probeControl } from '../kit/probe.js';
import { type Check, defineCheck, type JsonValue } from '../../main/core/runner/check-api/index.js';
import { privatePsu, sandboxCustomers } from '../kit/test-psus.js';
import {
  callSandbox,
  cardAccountBody,
  createCardAccount,
  getAgreement,
  sandboxCheck,
} from './sandbox-api.js';

export const sandboxPathChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-ADDRESSES-UNDER-SANDBOX',
    title: 'Sandbox resources live under /sandbox/ paths',
    rules: ['SANDBOX-PATHS'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const created = await createCardAccount(
        ctx,
        cardAccountBody((await privatePsu(ctx)).customerNumber),
      );
      const links = created._links as Record<string, { href: string }> | undefined;
      for (const relation of ['self', 'transactions']) {
        const href = links?.[relation]?.href ?? '';
        ctx.expect.true(
          href.includes('/sandbox/'),
          `card account _links.${relation} is a /sandbox/ path: ${href}`,
        );
      }
      const self = await callSandbox(
        ctx,
        'GET',
        new URL(links!.self!.href, 'http://x').pathname,
        'self',
      );
      ctx.expect.status(self, 200, 'the card account at its _links.self');
      const [customer] = await sandboxCustomers(ctx);
      const agreement = await getAgreement(ctx, customer!.agreements[0]!.id);
      const agreementSelf = agreement._links?.self?.href ?? '';
      ctx.expect.true(
        agreementSelf.includes('/sandbox/'),
        `agreement _links.self is a /sandbox/ path: ${agreementSelf}`,
      );
    },
  }),
  defineCheck({
    id: 'SBX-NOT-IN-PRODUCTION',
    title: 'Production answers 404 for every /sandbox/ path',
    area: 'sandbox-management',
    rules: ['SANDBOX-NOT-IN-PRODUCTION'],
    // It sends POST /v1/sandbox/initialize and POST /v1/sandbox/card-accounts to see them refused:
    // a bank that took them after all would be reset and given a card account, so a profile that
    // forbids either SKIPS the check rather than risk it.
    effects: ['sandbox-data', 'sandbox-reset'],
    modes: ['production'],
    async run(ctx) {
      await probeControl(ctx, 'the production interface answering on its own paths');
      const cases: [string, 'GET' | 'POST', JsonValue | undefined][] = [
        ['/v1/sandbox/customers', 'GET', undefined],
        ['/v1/sandbox/initialize', 'POST', {}],
        ['/v1/sandbox/accounts', 'GET', undefined],
        ['/v1/sandbox/card-accounts', 'POST', {}],
        ['/v1/sandbox/agreements/agr-1', 'GET', undefined],
      ];
      for (const [path, method, body] of cases) {
        const exchange = await callSandbox(
          ctx,
          method,
          path,
          `${method} ${path} in production`,
          body !== undefined ? { body } : {},
        );
        ctx.expect.status(exchange, 404, `${method} ${path} in production`);
      }
    },
  }),
];
