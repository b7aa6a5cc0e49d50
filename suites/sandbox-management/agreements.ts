/**
 * Sandbox agreements and engagements (§2.6 "Meaning of engagement fields", §4.3 rules 4, 5, 7):
 * POST and GET /v1/sandbox/agreements, POST .../engagements, their fields and roles; and §4.3
 * rule 5 seen through the consent screen: only an engagement with REGISTER and VIEW is offered.
 */
import {
  SandboxAgreementSchema,
  SandboxEngagementSchema,
} from '../../main/core/spec/schemas/sandbox.js';
import { ENGAGEMENT_ROLES } from '../../main/core/spec/enums.js';
import type { Check, JsonValue } from '../../main/core/runner/check-api/index.js';
import { json } from '../kit/answers.js';
import { consentFlow, grantedReferences } from '../kit/consent.js';
import { expectSuccess } from '../kit/sca.js';
import {
  corporateRepresentative,
  corporateScript,
  type SandboxCustomer,
  sandboxCustomers,
  testRepresentative,
} from '../kit/test-psus.js';
import type { JsonObject } from '../../main/core/runner/check-api/index.js';
import {
  accountBody,
  callSandbox,
  createAccount,
  expectSandboxFieldRefused,
  engagementBody,
  getAgreement,
  postEngagement,
  ownedPrivateAgreement,
  sandboxCheck,
} from './sandbox-api.js';

const corporateAgreementOwnedBy = (customer: SandboxCustomer) =>
  customer.agreements.find((a) => a.type === 'CORPORATE' && a.relation === 'owner');

export const agreementChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-AGREEMENT-CREATED',
    title: 'POST /v1/sandbox/agreements creates an agreement that can be read back',
    rules: ['SANDBOX-AGREEMENT-CREATE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const { psu, agreement } = await corporateRepresentative(ctx);
      const owner = (await getAgreement(ctx, agreement.id)).owner!;
      const account = await createAccount(ctx, accountBody(owner));
      const created = await callSandbox(
        ctx,
        'POST',
        '/v1/sandbox/agreements',
        'create an agreement',
        {
          body: {
            name: 'Workbench check agreement',
            owner,
            engagements: [engagementBody(psu.customerNumber, account.iban)],
          },
        },
      );
      ctx.expect.status(created, 201, 'POST /v1/sandbox/agreements');
      const id = String(json(created).id);
      const read = await getAgreement(ctx, id);
      ctx.expect.equal(read.name, 'Workbench check agreement', 'the agreement read back');
      ctx.expect.equal(read.engagements.length, 1, 'with its engagement');
    },
  }),
  sandboxCheck({
    id: 'SBX-AGREEMENT-READ',
    title: 'GET /v1/sandbox/agreements/{id} answers private and corporate agreements',
    rules: ['SANDBOX-AGREEMENT-GET'],
    async run(ctx) {
      const customers = await sandboxCustomers(ctx);
      const person = customers.find((c) => c.type === 'PRIVATE')!;
      const corporation = customers.find((c) => c.type === 'CORPORATE')!;
      const privateAgreement = await getAgreement(ctx, ownedPrivateAgreement(person)!.id);
      ctx.expect.true(
        privateAgreement.engagements.length > 0,
        'a private agreement with engagements',
      );
      const corporate = corporateAgreementOwnedBy(corporation);
      ctx.expect.true(corporate !== undefined, `${corporation.name} owns a corporate agreement`);
      await getAgreement(ctx, corporate!.id);
    },
  }),
  sandboxCheck({
    id: 'SBX-AGREEMENT-FIELDS',
    title: 'A sandbox agreement has id, name, engagements, _links, and owner when corporate',
    rules: ['SANDBOX-AGREEMENT-FIELDS'],
    async run(ctx) {
      const customers = await sandboxCustomers(ctx);
      const ids = new Set(customers.flatMap((c) => c.agreements.map((a) => a.id)));
      for (const id of ids) {
        const exchange = await callSandbox(
          ctx,
          'GET',
          `/v1/sandbox/agreements/${encodeURIComponent(id)}`,
          id,
        );
        ctx.expect.schema(json(exchange), SandboxAgreementSchema, `agreement ${id} (§2.6)`);
      }
    },
  }),
  sandboxCheck({
    id: 'SBX-ENGAGEMENT-FIELDS',
    title: 'An engagement has id, customer, account, roles, the three rights and both limits',
    rules: ['SANDBOX-ENGAGEMENT-FIELDS'],
    async run(ctx) {
      const customers = await sandboxCustomers(ctx);
      const corporate = customers.flatMap((c) => c.agreements).find((a) => a.type === 'CORPORATE');
      const agreement = await getAgreement(ctx, corporate!.id);
      ctx.expect.true(agreement.engagements.length > 0, 'a corporate agreement with engagements');
      for (const engagement of agreement.engagements)
        ctx.expect.schema(engagement, SandboxEngagementSchema, 'an engagement (§2.6)');
    },
  }),
  sandboxCheck({
    id: 'SBX-ENGAGEMENT-ROLE-VALUES',
    title: 'Engagement roles are the seven §2.6 values; others are refused',
    rules: ['SANDBOX-ENGAGEMENT-ROLES'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const { psu, agreement } = await corporateRepresentative(ctx);
      const owner = (await getAgreement(ctx, agreement.id)).owner!;
      const account = await createAccount(ctx, accountBody(owner));
      const post = (roles: string[]) =>
        postEngagement(
          ctx,
          agreement.id,
          engagementBody(psu.customerNumber, account.iban, roles),
          `roles ${roles.join(',')}`,
        );
      const all = await post([...ENGAGEMENT_ROLES]);
      ctx.expect.status(all, 201, 'an engagement with all seven roles');
      ctx.expect.equal(
        [...(json<{ roles?: string[] }>(all).roles ?? [])].sort(),
        [...ENGAGEMENT_ROLES].sort(),
        'the engagement keeps the roles',
      );
      expectSandboxFieldRefused(
        ctx,
        await post(['VIEW', 'ADMIN']),
        'roles',
        'role ADMIN (not a §2.6 value)',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ENGAGEMENT-CREATED-201',
    title: 'POST .../engagements answers 201 with the engagement',
    rules: ['SANDBOX-ENGAGEMENT-CREATE-201'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const { psu, agreement } = await corporateRepresentative(ctx);
      const owner = (await getAgreement(ctx, agreement.id)).owner!;
      const account = await createAccount(ctx, accountBody(owner));
      const body = {
        customer: psu.customerNumber,
        account: { iban: account.iban },
        roles: ['REGISTER', 'VIEW'],
        registerLimit: 5_000,
        approvalLimit: 1_000,
      };
      const created = await postEngagement(ctx, agreement.id, body, 'create an engagement');
      ctx.expect.status(created, 201, 'POST .../engagements');
      const answer = json<JsonObject>(created);
      for (const field of ['customer', 'roles', 'registerLimit', 'approvalLimit'] as const)
        ctx.expect.equal(answer[field], body[field] as JsonValue, `engagement ${field}`);
      ctx.expect.equal(
        (answer.account as { iban?: string } | undefined)?.iban,
        account.iban,
        'engagement account.iban',
      );
      const after = await getAgreement(ctx, agreement.id);
      ctx.expect.true(
        after.engagements.some((e) => e.account.iban === account.iban),
        'the agreement lists the new engagement',
      );
    },
  }),
];

export const engagementConsentChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-ENGAGEMENT-OFFERED-WITH-REGISTER-AND-VIEW',
    title: 'An engagement is offered for consent only with both REGISTER and VIEW',
    rules: ['SANDBOX-ENGAGEMENT-REGISTER-AND-VIEW'],
    effects: ['sandbox-data'],
    needs: ['psu-agent'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const owner = (await getAgreement(ctx, representative.agreement.id)).owner!;
      const roles: Record<string, string[]> = {
        'VIEW only': ['VIEW'],
        'REGISTER only': ['REGISTER'],
        'REGISTER and VIEW': ['REGISTER', 'VIEW'],
      };
      const ibans: Record<string, string> = {};
      for (const [what, list] of Object.entries(roles)) {
        const account = await createAccount(ctx, accountBody(owner));
        ibans[what] = account.iban;
        const engaged = await postEngagement(
          ctx,
          representative.agreement.id,
          engagementBody(representative.customerNumber!, account.iban, list),
          `engagement with ${what}`,
        );
        ctx.expect.status(engaged, 201, `an engagement with ${what}`);
      }
      const flow = await consentFlow(ctx, {
        ...corporateScript(representative),
        consent: { grant: ['*'] },
      });
      expectSuccess(ctx, flow.redirect, 'corporate consent granting everything offered');
      const granted = await grantedReferences(ctx, flow.consentId);
      ctx.expect.true(granted.includes(ibans['REGISTER and VIEW']!), 'REGISTER and VIEW: offered');
      ctx.expect.true(!granted.includes(ibans['VIEW only']!), 'VIEW only: not offered');
      ctx.expect.true(!granted.includes(ibans['REGISTER only']!), 'REGISTER only: not offered');
    },
  }),
];
