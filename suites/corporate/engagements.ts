/**
 * The sandbox agreements behind corporate context (§2.6 "Meaning of engagement fields"): an
 * engagement's customer is the PSU who sees the account, its account is the corporation's, and
 * a corporate agreement is owned by the corporation that owns its accounts.
 */
import { SandboxEngagementCreationSchema } from '../../main/core/spec/schemas/sandbox.js';
import type { Check } from '../../main/core/runner/check-api/index.js';
import { expectAnswer, expectRefusal, requireAccepted } from '../kit/controls.js';
import { sandboxCustomers, testRepresentative } from '../kit/test-psus.js';
import {
  corporateCheck,
  corporateConsent,
  engage,
  newAccountOf,
  sandboxAccounts,
  sandboxAgreement,
} from './setup.js';

export const engagementChecks: Check[] = [
  corporateCheck({
    id: 'CORP-ENGAGEMENT-SHOWS-TO-ITS-CUSTOMER',
    title: "An engagement's customer is the PSU who sees the account when granting consent",
    rules: ['CORP-ENGAGEMENT-CUSTOMER-SEES-ACCOUNT'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const owner = (await sandboxAgreement(ctx, representative.agreement.id)).owner!;
      const iban = await newAccountOf(ctx, owner);
      expectAnswer(
        ctx,
        await engage(ctx, representative.agreement.id, representative.customerNumber!, iban),
        201,
        SandboxEngagementCreationSchema,
        'engage the PSU on a new corporate account',
      );
      const consent = await corporateConsent(ctx, representative);
      ctx.expect.true(
        consent.granted.includes(iban),
        `${representative.name} was offered the engaged account ${iban}`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-ENGAGEMENT-ACCOUNT-OF-THE-CORPORATION',
    title: "An engagement's account is the corporation's, never the PSU's own",
    rules: ['CORP-ENGAGEMENT-ACCOUNT-NOT-OWNED-BY-PSU'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const owner = (await sandboxAgreement(ctx, representative.agreement.id)).owner!;
      const psu = representative.customerNumber!;
      const own = (await sandboxAccounts(ctx)).find((a) => a.customerNumber === psu);
      ctx.expect.true(own !== undefined, `${representative.name} owns an account`);
      // The control: the same engagement on an account of the corporation is accepted, so the
      // refusal that follows is about whose account it is.
      const corporate = await newAccountOf(ctx, owner);
      requireAccepted(ctx, await engage(ctx, representative.agreement.id, psu, corporate), {
        what: "the same engagement on the corporation's account",
        status: 201,
        schema: SandboxEngagementCreationSchema,
      });
      const refused = await engage(ctx, representative.agreement.id, psu, own!.iban);
      // The reason: an entry on the account's iban saying the PSU owns it (§2.6).
      expectRefusal(
        ctx,
        refused,
        { code: ['BAD_REQUEST', 'FORMAT_ERROR'], path: 'iban', textIncludes: 'owned' },
        `an engagement on ${representative.name}'s own account`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-AGREEMENT-OWNED-BY-CORPORATION',
    title: "A corporate agreement's owner is the corporation that owns its accounts",
    rules: ['CORP-AGREEMENT-OWNER-IS-CORPORATION'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const customers = await sandboxCustomers(ctx);
      const accounts = await sandboxAccounts(ctx);
      const corporate = new Set(
        customers.flatMap((c) =>
          c.agreements.filter((a) => a.type === 'CORPORATE').map((a) => a.id),
        ),
      );
      ctx.expect.true(corporate.size > 0, 'the sandbox has corporate agreements');
      for (const id of corporate) {
        const agreement = await sandboxAgreement(ctx, id);
        const owner = customers.find((c) => c.customerNumber === agreement.owner);
        ctx.expect.equal(owner?.type, 'CORPORATE', `owner ${agreement.owner} of ${id}`);
        for (const engagement of agreement.engagements) {
          const account = accounts.find((a) => a.iban === engagement.account.iban);
          if (account)
            ctx.expect.equal(
              account.customerNumber,
              agreement.owner,
              `owner of ${engagement.account.iban} in ${id}`,
            );
        }
      }
    },
  }),
];
