/**
 * The sandbox's customers (§1: the initial customers "can be listed"; §4.3 rule 7): GET
 * /v1/sandbox/customers, the initial state after initialisation, their mocked birth or D-numbers,
 * and the customer references sandbox bodies name, checked for form and type.
 */
import { validateNorwegianIdentityNumber } from '../../main/core/spec/validators/national-identity-number.js';
import type { Check } from '../../main/core/runner/check-api/index.js';
import { privatePsu, sandboxCustomers } from '../kit/test-psus.js';
import { sendControl } from '../kit/controls.js';
import { SandboxCardAccountCreatedSchema } from '../../main/core/spec/schemas/sandbox.js';
import {
  callSandbox,
  cardAccountBody,
  expectSandboxFieldRefused,
  getAgreement,
  initialiseSandbox,
  listAccounts,
  ownedPrivateAgreement,
  sandboxCheck,
} from './sandbox-api.js';

export const customerChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-CUSTOMERS-LISTED',
    title: 'GET /v1/sandbox/customers lists the sandbox customers',
    rules: ['SANDBOX-CUSTOMERS-LIST'],
    async run(ctx) {
      const customers = await sandboxCustomers(ctx);
      ctx.expect.true(customers.length > 0, 'the sandbox lists its customers');
      for (const customer of customers)
        ctx.expect.true(
          typeof customer.customerNumber === 'string' &&
            (customer.type === 'PRIVATE' || customer.type === 'CORPORATE'),
          `customer ${customer.customerNumber}: a customer number and PRIVATE or CORPORATE`,
        );
    },
  }),
  sandboxCheck({
    id: 'SBX-INITIAL-STATE-CUSTOMERS',
    title:
      'After initialisation: two private customers with two accounts and a card account each, two corporate customers with two accounts each',
    rules: ['SANDBOX-INITIAL-CUSTOMERS'],
    // Resets the sandbox (§1 initialisation): nothing else may run on a shared bank meanwhile.
    exclusive: true,
    effects: ['sandbox-reset'],
    async run(ctx) {
      await initialiseSandbox(ctx);
      const customers = await sandboxCustomers(ctx);
      const accounts = await listAccounts(ctx);
      const people = customers.filter((c) => c.type === 'PRIVATE');
      const corporations = customers.filter((c) => c.type === 'CORPORATE');
      ctx.expect.equal(people.length, 2, 'private customers in the initial state');
      ctx.expect.equal(corporations.length, 2, 'corporate customers in the initial state');
      const ibans = new Set(accounts.map((a) => a.iban));
      for (const customer of customers) {
        const own = accounts.filter((a) => a.customerNumber === customer.customerNumber);
        ctx.expect.equal(own.length, 2, `accounts of ${customer.type} customer ${customer.name}`);
      }
      for (const person of people) {
        const agreement = ownedPrivateAgreement(person);
        ctx.expect.true(agreement !== undefined, `${person.name} has a private agreement`);
        const engagements = (await getAgreement(ctx, agreement!.id)).engagements;
        const cards = engagements.filter((e) => !ibans.has(e.account.iban));
        ctx.expect.equal(cards.length, 1, `card accounts in ${person.name}'s private agreement`);
      }
    },
  }),
  sandboxCheck({
    id: 'SBX-CUSTOMER-IDENTITY-NUMBERS',
    title: 'Every initial customer has a valid mock Norwegian birth number or D-number',
    rules: ['SANDBOX-CUSTOMER-NIN'],
    async run(ctx) {
      for (const customer of await sandboxCustomers(ctx)) {
        const check = validateNorwegianIdentityNumber(customer.nationalIdentityNumber ?? '');
        ctx.expect.true(
          check.ok,
          `${customer.name}: ${customer.nationalIdentityNumber} is a birth number or D-number${check.ok ? '' : ` (${check.problem})`}`,
        );
      }
    },
  }),
];

export const customerReferenceChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-CUSTOMER-REFERENCE-VALIDATED',
    title:
      'The sandbox refuses a malformed customer reference and the wrong customer type, saying so',
    rules: ['SANDBOX-VALIDATES-PSU-ID'],
    effects: ['sandbox-data'],
    async run(ctx) {
      // The control: the same card account of a customer the sandbox lists is accepted, else a
      // refusal of 'abc' shows nothing (docs/writing-checks.md §2).
      const person = await privatePsu(ctx);
      await sendControl(
        ctx,
        {
          method: 'POST',
          path: '/v1/sandbox/card-accounts',
          body: cardAccountBody(person.customerNumber),
        },
        {
          what: `the same card account of customer ${person.customerNumber}`,
          status: 201,
          schema: SandboxCardAccountCreatedSchema,
        },
      );
      const malformed = await callSandbox(
        ctx,
        'POST',
        '/v1/sandbox/card-accounts',
        'customer abc',
        {
          body: cardAccountBody('abc'),
        },
      );
      expectSandboxFieldRefused(ctx, malformed, 'customerNumber', "customerNumber 'abc'");
      const wrongType = await callSandbox(ctx, 'POST', '/v1/sandbox/agreements', 'private owner', {
        body: { name: 'Not a corporation', owner: person.customerNumber, engagements: [] },
      });
      ctx.expect.status(wrongType, 400, 'a corporate agreement owned by a private customer');
      ctx.expect.true(
        /private|corporate/i.test(wrongType.response?.body ?? ''),
        'the message names the customer type',
      );
    },
  }),
];
