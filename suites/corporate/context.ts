/**
 * Private and corporate context (§1, §2.6 "Meaning of engagement fields"): the PSU chooses the
 * context during SCA, and each context shows its own accounts: the PSU's in private context, in
 * corporate context only the corporation's accounts engaged to that PSU.
 */
import { SandboxEngagementCreationSchema } from '../../main/core/spec/schemas/sandbox.js';
import type { Check } from '../../main/core/runner/check-api/index.js';
import { expectAnswer } from '../kit/controls.js';
import { consentFlow, grantedReferences } from '../kit/consent.js';
import { expectSuccess } from '../kit/sca.js';
import { corporateScript, sandboxCustomers, testRepresentative } from '../kit/test-psus.js';
import {
  corporateCheck,
  corporateConsent,
  engage,
  newAccountOf,
  sandboxAccounts,
  sandboxAgreement,
} from './setup.js';

const ibansOf = (references: readonly string[]) =>
  references.filter((reference) => /^[A-Z]{2}[0-9]{2}/.test(reference)).sort();

export const contextChecks: Check[] = [
  corporateCheck({
    id: 'CORP-CONTEXT-CHOSEN-BY-PSU',
    title: 'The PSU chooses private or corporate context during SCA',
    rules: ['CORP-CONTEXT-CHOSEN-DURING-SCA'],
    needs: ['psu-agent'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const privately = await consentFlow(ctx, { login: representative.login, context: 'PRIVATE' });
      ctx.expect.equal(
        expectSuccess(ctx, privately.redirect, 'private consent').context,
        'PRIVATE',
        'context after choosing private',
      );
      const corporately = await consentFlow(ctx, corporateScript(representative));
      ctx.expect.equal(
        expectSuccess(ctx, corporately.redirect, 'corporate consent').context,
        'CORPORATE',
        `context after choosing ${representative.agreement.name}`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-PRIVATE-CONTEXT-OWN-ACCOUNTS',
    title: 'In private context the PSU is offered its own accounts, not the corporation’s',
    rules: ['CORP-PRIVATE-SEES-OWN-ACCOUNTS'],
    // §1 names no mode: production banks are judged too, by what their contexts offer.
    needs: ['psu-agent'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const flow = await consentFlow(ctx, {
        login: representative.login,
        context: 'PRIVATE',
        consent: { grant: ['*'] },
      });
      expectSuccess(ctx, flow.redirect, 'private consent');
      if (!ctx.target.hasSandboxApi) {
        // No sandbox to list the PSU's own accounts: the corporation's, as the corporate context
        // offers them, must not be among those offered in private context.
        const offered = ibansOf(await grantedReferences(ctx, flow.consentId));
        const corporately = await consentFlow(ctx, corporateScript(representative));
        expectSuccess(ctx, corporately.redirect, 'corporate consent');
        const corporate = ibansOf(await grantedReferences(ctx, corporately.consentId));
        if (offered.length === 0 || corporate.length === 0)
          ctx.inconclusive(
            `${representative.name} is offered no account in ${offered.length === 0 ? 'private' : 'corporate'} context, so the two cannot be told apart`,
          );
        ctx.expect.equal(
          offered.filter((iban) => corporate.includes(iban)),
          [],
          `accounts of ${representative.agreement.name} offered to ${representative.name} in private context`,
        );
        return;
      }
      const own = (await sandboxAccounts(ctx))
        .filter((a) => a.customerNumber === representative.customerNumber)
        .map((a) => a.iban)
        .sort();
      ctx.expect.equal(
        ibansOf(await grantedReferences(ctx, flow.consentId)),
        own,
        `accounts offered to ${representative.name} in private context`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-REPRESENTATIVE-SEES-OWN-ENGAGEMENTS',
    title: 'A representative is offered only the corporate accounts engaged to it',
    rules: ['CORP-REPRESENTATIVE-SEES-GRANTED'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const agreement = await sandboxAgreement(ctx, representative.agreement.id);
      const other = (await sandboxCustomers(ctx)).find(
        (c) => c.type === 'PRIVATE' && c.customerNumber !== representative.customerNumber,
      );
      if (!other) return ctx.skip('the sandbox has only one private customer');
      const iban = await newAccountOf(ctx, agreement.owner!);
      expectAnswer(
        ctx,
        await engage(ctx, agreement.id, other.customerNumber, iban),
        201,
        SandboxEngagementCreationSchema,
        `engage ${other.name} on a new corporate account`,
      );
      // The representative's consentable engagements on accounts (card accounts are granted by
      // masked PAN, not IBAN), read before and after the consent: on a shared bank other checks
      // may engage this PSU meanwhile, so what is offered must lie between the two readings.
      const engaged = async () => {
        const accounts = new Set((await sandboxAccounts(ctx)).map((a) => a.iban));
        return (await sandboxAgreement(ctx, agreement.id)).engagements
          .filter(
            (e) =>
              e.customer === representative.customerNumber &&
              e.roles.includes('REGISTER') &&
              e.roles.includes('VIEW') &&
              accounts.has(e.account.iban),
          )
          .map((e) => e.account.iban)
          .sort();
      };
      const before = await engaged();
      const consent = await corporateConsent(ctx, representative);
      const after = await engaged();
      const offered = ibansOf(consent.granted);
      ctx.expect.equal(
        before.filter((reference) => !offered.includes(reference)),
        [],
        `corporate accounts engaged to ${representative.name} and not offered`,
      );
      ctx.expect.equal(
        offered.filter((reference) => !after.includes(reference)),
        [],
        `corporate accounts offered to ${representative.name} but not engaged to it (${other.name}'s ${iban})`,
      );
    },
  }),
];
