/**
 * GET /v1/sandbox/customers (§1: the initial customers "can be listed"; contract not shown).
 */
import { Type } from '@sinclair/typebox';
import { PSU_CONTEXTS } from '../../../spec/enums.js';
import { StringEnum } from '../../../spec/schemas/common.js';
import { LinkBlock } from '../../../spec/schemas/shared.js';
import { faultActive } from '../../faults/index.js';
import {
  ERROR_RESPONSES,
  PAGING_NOTE,
  PagingQuery,
  SANDBOX_READ_HEADERS,
  page,
  sandboxRoute,
} from './common.js';
import { presentCustomer } from './views.js';

/** The last digit of an identity number moved by one: no longer a valid check digit. */
const breakCheckDigit = (nin: string) =>
  nin.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));

/** The fault profiles the list honours (faults/sandbox.ts): part of its answer's key. */
const CUSTOMER_FAULTS = [
  'SANDBOX-CUSTOMERS-LIST',
  'SANDBOX-INITIAL-CUSTOMERS',
  'SANDBOX-CUSTOMER-NIN',
] as const;

export const SandboxCustomerBlock = Type.Object({
  customerNumber: Type.String({ description: 'Identifies the customer in sandbox bodies.' }),
  type: StringEnum(PSU_CONTEXTS, { description: 'PRIVATE (a person) or CORPORATE.' }),
  name: Type.String(),
  nationalIdentityNumber: Type.String({
    description: 'Mock birth number or D-number: what the sandbox SCA login asks for (§1).',
  }),
  agreements: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      type: StringEnum(PSU_CONTEXTS),
      relation: StringEnum(['owner', 'representative'] as const, {
        description:
          'owner: the customer’s own agreement; representative: an engagement names the customer.',
      }),
      _links: Type.Object({ self: LinkBlock }),
    }),
  ),
});

export const listSandboxCustomers = sandboxRoute({
  operationId: 'listSandboxCustomers',
  method: 'GET',
  path: '/v1/sandbox/customers',
  summary: 'List sandbox customers',
  description: `§1, §4.3. Every customer of the sandbox, in creation order. Item (not shown by the spec): customerNumber, type (PRIVATE or CORPORATE), name, nationalIdentityNumber (the mock birth number or D-number the SCA login asks for), and the agreements the customer owns or is engaged in. ${PAGING_NOTE}`,
  headers: SANDBOX_READ_HEADERS,
  query: PagingQuery,
  responses: {
    200: { description: 'Array of customers.', schema: Type.Array(SandboxCustomerBlock) },
    ...ERROR_RESPONSES,
  },
  // The page and the three fault profiles below are all it reads of the request: a pure read.
  answerKey: (ctx) =>
    [
      ctx.query.offset,
      ctx.query.limit,
      ...CUSTOMER_FAULTS.map((fault) => faultActive(ctx, fault)),
    ].join(' '),
  handle(ctx, env) {
    let customers = page(env.state.customers, ctx.query);
    if (faultActive(ctx, 'SANDBOX-CUSTOMERS-LIST')) customers = [];
    if (faultActive(ctx, 'SANDBOX-INITIAL-CUSTOMERS')) customers = customers.slice(0, -1);
    const body = customers.map((customer) => presentCustomer(env.state, customer));
    if (faultActive(ctx, 'SANDBOX-CUSTOMER-NIN'))
      for (const item of body)
        item.nationalIdentityNumber = breakCheckDigit(item.nationalIdentityNumber);
    return { status: 200, body };
  },
});
