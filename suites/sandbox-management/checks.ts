/**
 * Sandbox management (§1 "Sandbox behaviour", §2.6, §3.3, §4.3 and its rules 1–7, decisions.md
 * "Paths" and "Amounts and identities"): the /v1/sandbox/ operations, their bodies field by field
 * (required fields, int32 amounts, enumerations, lengths at the limit and one past), and
 * initialisation. Every check sets up its own data through the sandbox API, never bank internals.
 */
import {
  CARD_ACCOUNT_STATUSES,
  CASH_ACCOUNT_TYPES,
  ENGAGEMENT_ROLES,
  SANDBOX_BALANCE_TYPES,
} from '../../main/core/spec/enums.js';
import {
  BANK_TRANSACTION_CODE_MAX,
  BANK_TRANSACTION_CODE_MIN,
  INT32_MAX,
  STREET_MAX,
} from '../../main/core/spec/limits.js';
import {
  SandboxAccountListSchema,
  SandboxAccountTransactionSchema,
  SandboxAgreementSchema,
  SandboxCardAccountCreatedSchema,
  SandboxCardAccountResponseSchema,
  SandboxCardTransactionsResponseSchema,
  SandboxEngagementSchema,
} from '../../main/core/spec/schemas/sandbox.js';
import { isValidNorwegianBban } from '../../main/core/spec/validators/norwegianBban.js';
import { validateNorwegianIdentityNumber } from '../../main/core/spec/validators/nationalIdentityNumber.js';
import {
  defineCheck,
  type Check,
  type CheckContext,
  type Exchange,
  type JsonValue,
} from '../../main/core/runner/check-api/index.js';
import { accountsOf, aisGet } from '../kit/account-information.js';
import {
  approve,
  createPayment,
  ownAccountBody,
  paymentStatus,
  sctBody,
  type CreatedPayment,
} from '../kit/payments.js';
import { freeNorwegianAccount, norwegianIban } from '../kit/account-numbers.js';
import { json } from '../kit/answers.js';
import { consentFlow, grantedReferences } from '../kit/consent.js';
import { dayFromToday } from '../kit/dates.js';
import { expectSuccess, psuHeaders } from '../kit/sca.js';
import {
  corporateRepresentative,
  corporateScript,
  privatePsu,
  type SandboxCustomer,
  sandboxCustomers,
  testRepresentative,
} from '../kit/test-psus.js';

type Json = Record<string, JsonValue>;

/** A sandbox check: sandbox mode only, needs the /v1/sandbox/ operations (§4.3). */
function sandboxCheck(check: Omit<Check, 'area' | 'modes'>): Check {
  return defineCheck({
    area: 'sandbox-management',
    modes: ['sandbox'],
    ...check,
    needs: [...new Set(['sandbox-api' as const, ...(check.needs ?? [])])],
  });
}

function call(
  ctx: CheckContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  label: string,
  extra: { body?: JsonValue; query?: Record<string, string | number | undefined> } = {},
): Promise<Exchange> {
  return ctx.client.send({ method, path, label, ...extra });
}

/** An account outside the bank, as counterparty. */
const OUTSIDE = { iban: 'NO9386011117947', bban: '86011117947' };

function accountBody(customerNumber: string, overrides: Json = {}): Json {
  const { bban, iban } = freeNorwegianAccount();
  return {
    customerNumber,
    accountName: 'Workbench check account',
    bban,
    iban,
    currency: 'NOK',
    product: 'Brukskonto',
    cashAccountType: 'CACC',
    creditLine: 0,
    balances: [
      { balanceAmount: { currency: 'NOK', amount: 100_000 }, balanceType: 'closingBooked' },
      { balanceAmount: { currency: 'NOK', amount: 100_000 }, balanceType: 'expected' },
    ],
    ...overrides,
  };
}

function cardAccountBody(customerNumber: string, overrides: Json = {}): Json {
  return {
    customerNumber,
    maskedPan: '525412******7788',
    currency: 'NOK',
    creditLimit: { currency: 'NOK', amount: 1_000_000 },
    balances: [{ balanceAmount: { currency: 'NOK', amount: 0 }, balanceType: 'closingBooked' }],
    cardId: 'workbench-card',
    cardIdVNo: '01',
    accountNumber: freeNorwegianAccount().bban,
    expiry: '2030-12',
    name: 'Workbench check card',
    product: 'MASTERCARD',
    status: 'enabled',
    ...overrides,
  };
}

let cardTransactionCounter = 0;

function cardTransactionItem(overrides: Json = {}): Json {
  cardTransactionCounter += 1;
  return {
    cardTransactionId: `wb-ct-${Date.now().toString(36)}-${cardTransactionCounter}`,
    terminalId: 'T0001',
    bookingDate: dayFromToday(-3),
    transactionDate: dayFromToday(-2),
    transactionAmount: { currency: 'NOK', amount: -12_900 },
    originalAmount: { currency: 'NOK', amount: -12_900 },
    merchantCategoryCode: '5411',
    cardAcceptorId: 'ACQ000000001',
    cardAcceptorAddress: { street: 'Storgata 1', city: 'Oslo', country: 'NO' },
    maskedPan: '525412******7788',
    transactionDetails: 'Purchase Matkroken, Oslo',
    invoiced: 'false',
    proprietaryBankTransactionCode: 'PURCHASE',
    ...overrides,
  };
}

function currencyExchange(overrides: Json = {}): Json {
  return {
    sourceCurrency: 'EUR',
    targetCurrency: 'NOK',
    unitCurrency: 'EUR',
    exchangeRate: '11.52',
    quotationDate: dayFromToday(-3),
    markupFee: { currency: 'NOK', amount: 226 },
    markupFeePercentage: '1.75',
    ...overrides,
  };
}

/** A credit from outside the bank onto `account`. */
function accountTransactionItem(account: { iban: string; bban: string }, overrides: Json = {}) {
  return {
    amount: 50_000,
    currency: 'NOK',
    valueDate: dayFromToday(-1),
    remittanceInformationUnstructured: 'Workbench check',
    creditorName: 'Account Holder',
    creditorAccount: { iban: account.iban, bban: account.bban },
    debtorName: 'Utenfor Banken AS',
    debtorAccount: OUTSIDE,
    bankTransactionCode: 'PMNT-RCDT-DMCT',
    ultimateDebtor: 'Utenfor Banken AS',
    ultimateCreditor: 'Account Holder',
    purposeCode: 'OTHR',
    bookingDate: dayFromToday(-1),
    ...overrides,
  } as Json;
}

interface AccountItem {
  id: string;
  customerNumber: string;
  iban: string;
  bban: string;
  currency: string;
  cashAccountType: string;
  creditLine: number;
  balances: { balanceAmount: { currency: string; amount: number }; balanceType: string }[];
  _links?: Record<string, { href: string }>;
}

interface Agreement {
  id: string;
  name: string;
  owner?: string;
  engagements: { customer: string; account: { iban: string; bban: string }; roles: string[] }[];
  _links?: Record<string, { href: string }>;
}

async function listAccounts(ctx: CheckContext): Promise<AccountItem[]> {
  const exchange = await call(ctx, 'GET', '/v1/sandbox/accounts', 'list sandbox accounts');
  ctx.expect.status(exchange, 200, 'GET /v1/sandbox/accounts');
  return json<AccountItem[]>(exchange) ?? [];
}

async function createAccount(ctx: CheckContext, body: Json): Promise<AccountItem> {
  const exchange = await call(ctx, 'POST', '/v1/sandbox/accounts', 'create a sandbox account', {
    body,
  });
  ctx.expect.status(exchange, 201, 'POST /v1/sandbox/accounts');
  return json<AccountItem>(exchange);
}

async function createCardAccount(ctx: CheckContext, body: Json): Promise<Json> {
  const exchange = await call(ctx, 'POST', '/v1/sandbox/card-accounts', 'create a card account', {
    body,
  });
  ctx.expect.status(exchange, 201, 'POST /v1/sandbox/card-accounts');
  return json<Json>(exchange);
}

const cardTransactionsPath = (resourceId: string) =>
  `/v1/sandbox/card-accounts/${encodeURIComponent(resourceId)}/transactions`;
const accountTransactionsPath = (id: string) =>
  `/v1/sandbox/accounts/${encodeURIComponent(id)}/transactions`;

function postCardTransactions(ctx: CheckContext, resourceId: string, items: Json[], label: string) {
  return call(ctx, 'POST', cardTransactionsPath(resourceId), label, { body: items });
}

async function getAgreement(ctx: CheckContext, id: string): Promise<Agreement> {
  const exchange = await call(
    ctx,
    'GET',
    `/v1/sandbox/agreements/${encodeURIComponent(id)}`,
    `agreement ${id}`,
  );
  ctx.expect.status(exchange, 200, `GET /v1/sandbox/agreements/${id}`);
  return json<Agreement>(exchange);
}

/** A fresh card account of the first private customer; answers its resourceId. */
async function newCardAccount(ctx: CheckContext): Promise<string> {
  const owner = await privatePsu(ctx);
  const created = await createCardAccount(ctx, cardAccountBody(owner.customerNumber));
  return String(created.resourceId);
}

/** A fresh account of the first private customer. */
async function newAccount(ctx: CheckContext, overrides: Json = {}): Promise<AccountItem> {
  const owner = await privatePsu(ctx);
  return createAccount(ctx, accountBody(owner.customerNumber, overrides));
}

/** 400 naming `path` in its text (decisions.md: the text says which field). */
function expectRefused(ctx: CheckContext, exchange: Exchange, path: string, what: string): void {
  ctx.expect.status(exchange, 400, what);
  ctx.expect.true(exchange.response?.body.includes(path), `${what}: the error text names ${path}`);
}

const privateAgreementOf = (customer: SandboxCustomer) =>
  customer.agreements.find((a) => a.type === 'PRIVATE' && a.relation === 'owner');

const corporateAgreementOwnedBy = (customer: SandboxCustomer) =>
  customer.agreements.find((a) => a.type === 'CORPORATE' && a.relation === 'owner');

const HOUR = 60 * 60 * 1000;

/** Moves the bank clock to one minute past the next midnight (UTC); answers that instant. */
async function toNextMidnight(ctx: CheckContext): Promise<Date> {
  const now = await ctx.clock.now();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1);
  await ctx.clock.advance(midnight - now.getTime());
  return new Date(midnight);
}

/** An authorised (SCA done) single SCT of the first test PSU, waiting for the batch. */
async function authorisedPayment(ctx: CheckContext, label: string): Promise<CreatedPayment> {
  const payer = await privatePsu(ctx);
  const payment = await createPayment(ctx, sctBody(), { label });
  await approve(ctx, payment, payer.nationalIdentityNumber);
  return payment;
}

const isInt32 = (value: unknown): boolean =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= INT32_MAX + 1;

export const sandboxManagementChecks: Check[] = [
  // ---- §1: customers, initial state, initialisation, fixed test data ------------------------
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
    async run(ctx) {
      const init = await call(ctx, 'POST', '/v1/sandbox/initialize', 'initialise', { body: {} });
      ctx.expect.status(init, 200, 'POST /v1/sandbox/initialize');
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
        const agreement = privateAgreementOf(person);
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
  sandboxCheck({
    id: 'SBX-INIT-RESTORES-BALANCES',
    title: 'Initialisation brings changed data back to the known state',
    rules: ['SANDBOX-INIT-KNOWN-STATE'],
    async run(ctx) {
      const [before] = await listAccounts(ctx);
      ctx.expect.true(before !== undefined, 'the sandbox has an account');
      const changed = await call(
        ctx,
        'PUT',
        `/v1/sandbox/accounts/${encodeURIComponent(before!.id)}/balances`,
        'change a balance',
        {
          body: [
            {
              balanceAmount: { currency: before!.currency, amount: 4_242 },
              balanceType: 'closingBooked',
            },
          ],
        },
      );
      ctx.expect.status(changed, [200, 204], 'PUT .../balances');
      const init = await call(ctx, 'POST', '/v1/sandbox/initialize', 'initialise', { body: {} });
      ctx.expect.status(init, 200, 'POST /v1/sandbox/initialize');
      const after = (await listAccounts(ctx)).find((a) => a.id === before!.id);
      ctx.expect.equal(after?.balances, before!.balances, `balances of ${before!.id} after init`);
    },
  }),
  sandboxCheck({
    id: 'SBX-INIT-REMOVES-CREATED',
    title: 'Initialisation removes accounts and card accounts created by hand',
    rules: ['SANDBOX-INIT-REMOVES-MANUAL-DATA'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const cardAccountId = await newCardAccount(ctx);
      const init = await call(ctx, 'POST', '/v1/sandbox/initialize', 'initialise', { body: {} });
      ctx.expect.status(init, 200, 'POST /v1/sandbox/initialize');
      const accounts = await listAccounts(ctx);
      ctx.expect.true(
        !accounts.some((a) => a.id === account.id),
        'the created account is gone after initialisation',
      );
      const card = await call(
        ctx,
        'GET',
        `/v1/sandbox/card-accounts/${encodeURIComponent(cardAccountId)}`,
        'the created card account after initialisation',
      );
      ctx.expect.status(card, 404, 'the created card account is gone after initialisation');
    },
  }),
  sandboxCheck({
    id: 'SBX-FIXED-TEST-DATA-FILL',
    title: 'POST /v1/sandbox/fixed-test-data adds the fixed test data',
    rules: ['SANDBOX-FIXED-TEST-DATA'],
    async run(ctx) {
      const before = await listAccounts(ctx);
      const fill = await call(ctx, 'POST', '/v1/sandbox/fixed-test-data', 'fixed test data', {
        body: {},
      });
      ctx.expect.status(fill, [200, 201], 'POST /v1/sandbox/fixed-test-data');
      const after = await listAccounts(ctx);
      ctx.expect.true(after.length > before.length, 'the fill adds accounts');
      const added = after.find((a) => !before.some((b) => b.id === a.id));
      const transactions = await call(
        ctx,
        'GET',
        accountTransactionsPath(added!.id),
        'transactions of an added account',
        { query: { limit: 50 } },
      );
      ctx.expect.status(transactions, 200, 'transactions of an account the fill added');
      ctx.expect.true(
        (json<unknown[]>(transactions) ?? []).length > 0,
        'an account of the fill has transactions',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ADDRESSES-UNDER-SANDBOX',
    title: 'Sandbox resources live under /sandbox/ paths',
    rules: ['SANDBOX-PATHS'],
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
      const self = await call(ctx, 'GET', new URL(links!.self!.href, 'http://x').pathname, 'self');
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
    modes: ['production'],
    async run(ctx) {
      const cases: [string, 'GET' | 'POST', JsonValue | undefined][] = [
        ['/v1/sandbox/customers', 'GET', undefined],
        ['/v1/sandbox/initialize', 'POST', {}],
        ['/v1/sandbox/accounts', 'GET', undefined],
        ['/v1/sandbox/card-accounts', 'POST', {}],
        ['/v1/sandbox/agreements/agr-1', 'GET', undefined],
      ];
      for (const [path, method, body] of cases) {
        const exchange = await call(
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

  // ---- §2.1, §2.6: amounts, balances ----------------------------------------------------------
  sandboxCheck({
    id: 'SBX-AMOUNTS-INT32',
    title: 'Sandbox amounts are int32 numbers and currencies plain strings',
    rules: ['SANDBOX-AMOUNT-INT32'],
    async run(ctx) {
      const account = await newAccount(ctx, {
        creditLine: INT32_MAX,
        balances: [
          { balanceAmount: { currency: 'NOK', amount: 12_345 }, balanceType: 'closingBooked' },
        ],
      });
      ctx.expect.equal(account.creditLine, INT32_MAX, 'creditLine 2147483647 (int32 maximum)');
      for (const balance of account.balances) {
        ctx.expect.true(
          isInt32(balance.balanceAmount.amount),
          `${balance.balanceType} amount ${JSON.stringify(balance.balanceAmount.amount)} is an int32`,
        );
        ctx.expect.equal(balance.balanceAmount.amount, 12_345, `${balance.balanceType} amount`);
        ctx.expect.true(
          typeof balance.balanceAmount.currency === 'string',
          'a currency is a plain string',
        );
      }
      for (const [value, what] of [
        [INT32_MAX + 1, '2147483648 (beyond int32)'],
        [123.45, '123.45 (not an integer)'],
        ['12345', '"12345" (a string)'],
      ] as const) {
        const exchange = await call(ctx, 'POST', '/v1/sandbox/accounts', `creditLine ${what}`, {
          body: accountBody((await privatePsu(ctx)).customerNumber, { creditLine: value }),
        });
        expectRefused(ctx, exchange, 'creditLine', `creditLine ${what}`);
      }
      for (const listed of await listAccounts(ctx))
        for (const balance of listed.balances)
          ctx.expect.true(
            isInt32(balance.balanceAmount.amount),
            `account ${listed.id} ${balance.balanceType}: an int32 amount`,
          );
    },
  }),
  sandboxCheck({
    id: 'SBX-BALANCE-SHAPE',
    title: 'A sandbox Balance has balanceAmount and balanceType closingBooked or expected',
    rules: ['SANDBOX-BALANCE-FIELDS'],
    async run(ctx) {
      const accounts = await listAccounts(ctx);
      ctx.expect.true(accounts.length > 0, 'the sandbox lists accounts');
      for (const account of accounts)
        for (const balance of account.balances)
          ctx.expect.true(
            typeof balance.balanceAmount?.currency === 'string' &&
              isInt32(balance.balanceAmount.amount) &&
              (SANDBOX_BALANCE_TYPES as readonly string[]).includes(balance.balanceType),
            `account ${account.id}: balance ${JSON.stringify(balance)}`,
          );
      const wrongType = await call(ctx, 'POST', '/v1/sandbox/accounts', 'balanceType booked', {
        body: accountBody((await privatePsu(ctx)).customerNumber, {
          balances: [{ balanceAmount: { currency: 'NOK', amount: 1 }, balanceType: 'booked' }],
        }),
      });
      expectRefused(ctx, wrongType, 'balanceType', 'balanceType booked (not a §2.6 value)');
    },
  }),

  // ---- card accounts ------------------------------------------------------------------------
  sandboxCheck({
    id: 'SBX-CARD-ACCOUNT-CREATED',
    title: 'POST /v1/sandbox/card-accounts creates a card account that can be read back',
    rules: ['SANDBOX-CARD-ACCOUNT-CREATE'],
    async run(ctx) {
      const created = await createCardAccount(
        ctx,
        cardAccountBody((await privatePsu(ctx)).customerNumber),
      );
      ctx.expect.true(typeof created.resourceId === 'string', 'the answer has a resourceId');
      const read = await call(
        ctx,
        'GET',
        `/v1/sandbox/card-accounts/${encodeURIComponent(String(created.resourceId))}`,
        'read the created card account',
      );
      ctx.expect.status(read, 200, 'the created card account can be read');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-ACCOUNT-CREATE-ANSWER',
    title: 'The created card account has resourceId, every request field and _links',
    rules: ['SANDBOX-CARD-ACCOUNT-CREATE-RESPONSE'],
    async run(ctx) {
      const body = cardAccountBody((await privatePsu(ctx)).customerNumber);
      const created = await createCardAccount(ctx, body);
      ctx.expect.schema(
        created,
        SandboxCardAccountCreatedSchema,
        'the created card account (§2.6)',
      );
      for (const [field, value] of Object.entries(body))
        if (field !== 'customerNumber')
          ctx.expect.equal(created[field], value, `created card account ${field}`);
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-ACCOUNT-READ',
    title: 'GET /v1/sandbox/card-accounts/{id} answers the card account wrapped in cardAccount',
    rules: ['SANDBOX-CARD-ACCOUNT-GET'],
    async run(ctx) {
      const body = cardAccountBody((await privatePsu(ctx)).customerNumber);
      const created = await createCardAccount(ctx, body);
      const read = await call(
        ctx,
        'GET',
        `/v1/sandbox/card-accounts/${encodeURIComponent(String(created.resourceId))}`,
        'read one card account',
      );
      ctx.expect.status(read, 200, 'GET /v1/sandbox/card-accounts/{id}');
      ctx.expect.schema(json(read), SandboxCardAccountResponseSchema, 'the card account (§2.6)');
      const card = json<{ cardAccount?: Json }>(read).cardAccount;
      ctx.expect.equal(card?.resourceId, created.resourceId, 'cardAccount.resourceId');
      ctx.expect.equal(card?.maskedPan, body.maskedPan, 'cardAccount.maskedPan');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-ACCOUNT-STATUS-VALUES',
    title: 'A card account status is enabled, deleted or blocked',
    rules: ['SANDBOX-CARD-ACCOUNT-STATUS'],
    async run(ctx) {
      const owner = (await privatePsu(ctx)).customerNumber;
      for (const status of CARD_ACCOUNT_STATUSES) {
        const created = await createCardAccount(ctx, cardAccountBody(owner, { status }));
        ctx.expect.equal(created.status, status, `a card account created with status ${status}`);
      }
      const refused = await call(ctx, 'POST', '/v1/sandbox/card-accounts', 'status active', {
        body: cardAccountBody(owner, { status: 'active' }),
      });
      expectRefused(ctx, refused, 'status', 'status active (not a §3.3 value)');
    },
  }),

  // ---- card transactions --------------------------------------------------------------------
  sandboxCheck({
    id: 'SBX-CARD-TX-CREATED',
    title: 'POST .../card-accounts/{id}/transactions creates every transaction of the array',
    rules: ['SANDBOX-CARD-TX-CREATE'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const items = [cardTransactionItem(), cardTransactionItem()];
      const created = await postCardTransactions(ctx, id, items, 'two card transactions');
      ctx.expect.status(created, 201, 'POST .../transactions');
      const booked = json<{ cardTransactions?: { booked?: { cardTransactionId: string }[] } }>(
        created,
      ).cardTransactions?.booked;
      ctx.expect.equal(
        (booked ?? []).map((t) => t.cardTransactionId).sort(),
        items.map((t) => String(t.cardTransactionId)).sort(),
        'the answer holds both created transactions',
      );
      const list = await call(ctx, 'GET', cardTransactionsPath(id), 'list', {
        query: { bookingStatus: 'booked' },
      });
      ctx.expect.equal(
        (json<{ cardTransactions?: { booked?: unknown[] } }>(list).cardTransactions?.booked ?? [])
          .length,
        2,
        'both transactions are listed',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-REQUIRED-EACH',
    title: 'Every required card transaction field is required; currencyExchange is optional',
    rules: ['SANDBOX-CARD-TX-REQUIRED-FIELDS'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const template = cardTransactionItem();
      for (const field of Object.keys(template)) {
        const { [field]: _left, ...item } = cardTransactionItem();
        const exchange = await postCardTransactions(ctx, id, [item], `without ${field}`);
        expectRefused(ctx, exchange, field, `a card transaction without ${field}`);
      }
      const withExchange = await postCardTransactions(
        ctx,
        id,
        [
          cardTransactionItem({
            originalAmount: { currency: 'EUR', amount: -1_120 },
            currencyExchange: currencyExchange(),
          }),
        ],
        'with currencyExchange',
      );
      ctx.expect.status(withExchange, 201, 'a card transaction with currencyExchange');
      const without = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem()],
        'without currencyExchange',
      );
      ctx.expect.status(without, 201, 'a card transaction without currencyExchange (optional)');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-INVOICED-TRUE-OR-FALSE',
    title: "invoiced is the string 'true' or 'false'",
    rules: ['SANDBOX-CARD-TX-INVOICED-STRING'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      for (const invoiced of ['true', 'false']) {
        const exchange = await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ invoiced })],
          `invoiced '${invoiced}'`,
        );
        ctx.expect.status(exchange, 201, `invoiced '${invoiced}'`);
      }
      for (const [invoiced, what] of [
        [true, 'the JSON boolean true'],
        ['yes', "the string 'yes'"],
      ] as const) {
        const exchange = await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ invoiced })],
          `invoiced ${what}`,
        );
        expectRefused(ctx, exchange, 'invoiced', `invoiced ${what}`);
      }
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-CURRENCY-EXCHANGE-FIELDS',
    title: 'A currencyExchange needs all seven of its fields',
    rules: ['SANDBOX-CARD-TX-CURRENCY-EXCHANGE'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const foreign = { originalAmount: { currency: 'EUR', amount: -1_120 } };
      const complete = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem({ ...foreign, currencyExchange: currencyExchange() })],
        'complete currencyExchange',
      );
      ctx.expect.status(complete, 201, 'a complete currencyExchange');
      for (const field of Object.keys(currencyExchange())) {
        const { [field]: _left, ...partial } = currencyExchange();
        const exchange = await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ ...foreign, currencyExchange: partial })],
          `currencyExchange without ${field}`,
        );
        expectRefused(ctx, exchange, field, `currencyExchange without ${field}`);
      }
      const badCurrency = await postCardTransactions(
        ctx,
        id,
        [
          cardTransactionItem({
            ...foreign,
            currencyExchange: currencyExchange({ unitCurrency: 'EURO' }),
          }),
        ],
        'unitCurrency EURO',
      );
      expectRefused(ctx, badCurrency, 'unitCurrency', 'unitCurrency EURO (not a Currency)');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-ACCEPTOR-ADDRESS-RULES',
    title: 'cardAcceptorAddress: country required; street at most 70 characters',
    rules: ['SANDBOX-CARD-ACCEPTOR-ADDRESS'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const post = (address: Json, label: string) =>
        postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ cardAcceptorAddress: address })],
          label,
        );
      ctx.expect.status(
        await post({ country: 'NO' }, 'country only'),
        201,
        'an address of country only',
      );
      ctx.expect.status(
        await post({ street: 'S'.repeat(STREET_MAX), country: 'SE' }, `street of ${STREET_MAX}`),
        201,
        `a street of ${STREET_MAX} characters (the limit)`,
      );
      expectRefused(
        ctx,
        await post(
          { street: 'S'.repeat(STREET_MAX + 1), country: 'SE' },
          `street of ${STREET_MAX + 1}`,
        ),
        'street',
        `a street of ${STREET_MAX + 1} characters (one past the limit)`,
      );
      expectRefused(
        ctx,
        await post({ city: 'Oslo' }, 'no country'),
        'country',
        'an address without country',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-ANSWER-SHAPE',
    title: 'The card transactions response has cardAccount.maskedPan, booked items and pending ids',
    rules: ['SANDBOX-CARD-TX-RESPONSE'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const created = await postCardTransactions(ctx, id, [cardTransactionItem()], 'create one');
      ctx.expect.status(created, 201, 'POST .../transactions');
      ctx.expect.schema(
        json(created),
        SandboxCardTransactionsResponseSchema,
        'create answer (§2.6)',
      );
      const list = await call(ctx, 'GET', cardTransactionsPath(id), 'list both', {
        query: { bookingStatus: 'both' },
      });
      ctx.expect.status(list, 200, 'GET .../transactions');
      ctx.expect.schema(json(list), SandboxCardTransactionsResponseSchema, 'list answer (§2.6)');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-LIST-QUERY',
    title: 'Listing card transactions: bookingStatus required; fromDate and toDate filter',
    rules: ['SANDBOX-CARD-TX-LIST'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const older = cardTransactionItem({
        bookingDate: dayFromToday(-21),
        transactionDate: dayFromToday(-20),
      });
      const newer = cardTransactionItem();
      ctx.expect.status(
        await postCardTransactions(ctx, id, [older, newer], 'two transactions'),
        201,
        'create two transactions',
      );
      const missing = await call(ctx, 'GET', cardTransactionsPath(id), 'no bookingStatus');
      ctx.expect.status(missing, 400, 'a list without bookingStatus');
      ctx.expect.tppMessage(missing, {
        code: 'QUERY_PARAMETER_REQUIRED',
        textIncludes: 'bookingStatus',
      });
      const wrong = await call(ctx, 'GET', cardTransactionsPath(id), 'bookingStatus all', {
        query: { bookingStatus: 'all' },
      });
      expectRefused(ctx, wrong, 'bookingStatus', 'bookingStatus all');
      const ids = async (query: Record<string, string>) => {
        const list = await call(ctx, 'GET', cardTransactionsPath(id), JSON.stringify(query), {
          query: { bookingStatus: 'booked', ...query },
        });
        ctx.expect.status(list, 200, `list ${JSON.stringify(query)}`);
        return (
          json<{ cardTransactions?: { booked?: { cardTransactionId: string }[] } }>(list)
            .cardTransactions?.booked ?? []
        ).map((t) => t.cardTransactionId);
      };
      ctx.expect.equal(
        await ids({ fromDate: dayFromToday(-10) }),
        [newer.cardTransactionId],
        'fromDate leaves out the older transaction',
      );
      ctx.expect.equal(
        await ids({ toDate: dayFromToday(-10) }),
        [older.cardTransactionId],
        'toDate leaves out the newer transaction',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-LIST-LIMIT-AT-LEAST-1',
    title: 'Sandbox transaction lists refuse limit 0 and honour limit 1',
    rules: ['SANDBOX-LIST-LIMIT-MIN-1'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      await postCardTransactions(ctx, id, [cardTransactionItem(), cardTransactionItem()], 'two');
      const zero = await call(ctx, 'GET', cardTransactionsPath(id), 'limit 0', {
        query: { bookingStatus: 'booked', limit: 0 },
      });
      expectRefused(ctx, zero, 'limit', 'card transactions with limit 0');
      const one = await call(ctx, 'GET', cardTransactionsPath(id), 'limit 1', {
        query: { bookingStatus: 'booked', limit: 1 },
      });
      ctx.expect.equal(
        json<{ cardTransactions?: { booked?: unknown[] } }>(one).cardTransactions?.booked?.length,
        1,
        'limit 1 answers one transaction',
      );
      const [account] = await listAccounts(ctx);
      const accountZero = await call(ctx, 'GET', accountTransactionsPath(account!.id), 'limit 0', {
        query: { limit: 0 },
      });
      expectRefused(ctx, accountZero, 'limit', 'account transactions with limit 0');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-ONLY-CREATED-ONES',
    title: 'A new card account lists only the transactions created for it',
    rules: ['SANDBOX-CARD-TX-ONLY-CREATED'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const list = async (what: string) => {
        const exchange = await call(ctx, 'GET', cardTransactionsPath(id), what, {
          query: { bookingStatus: 'both' },
        });
        ctx.expect.status(exchange, 200, what);
        const body = json<{
          cardTransactions?: { booked?: { cardTransactionId: string }[]; pending?: string[] };
        }>(exchange);
        return [
          ...(body.cardTransactions?.booked ?? []).map((t) => t.cardTransactionId),
          ...(body.cardTransactions?.pending ?? []),
        ];
      };
      ctx.expect.equal(
        await list('a new card account'),
        [],
        'a new card account has no transactions',
      );
      const item = cardTransactionItem();
      await postCardTransactions(ctx, id, [item], 'one transaction');
      ctx.expect.equal(
        await list('after creating one'),
        [item.cardTransactionId],
        'exactly the created transaction',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-DATES-BEFORE-NOW',
    title: 'Card transaction booking and value dates must lie before the current time',
    rules: ['SANDBOX-CARD-TX-DATES-IN-PAST'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const future = dayFromToday(2);
      expectRefused(
        ctx,
        await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ bookingDate: future, transactionDate: future })],
          'both dates in the future',
        ),
        'bookingDate',
        'booking and value date in two days',
      );
      expectRefused(
        ctx,
        await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ bookingDate: dayFromToday(-1), transactionDate: future })],
          'value date in the future',
        ),
        'transactionDate',
        'a value date (transactionDate) in two days',
      );
      ctx.expect.status(
        await postCardTransactions(ctx, id, [cardTransactionItem()], 'dates in the past'),
        201,
        'dates in the past',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-BOOKING-NOT-AFTER-VALUE',
    title: 'A card transaction booking date must not be after its value date',
    rules: ['SANDBOX-CARD-TX-BOOKING-NOT-AFTER-VALUE'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      expectRefused(
        ctx,
        await postCardTransactions(
          ctx,
          id,
          [
            cardTransactionItem({
              bookingDate: dayFromToday(-2),
              transactionDate: dayFromToday(-5),
            }),
          ],
          'booking after value date',
        ),
        'bookingDate',
        'a booking date three days after the value date',
      );
      ctx.expect.status(
        await postCardTransactions(
          ctx,
          id,
          [
            cardTransactionItem({
              bookingDate: dayFromToday(-5),
              transactionDate: dayFromToday(-5),
            }),
          ],
          'booking on the value date',
        ),
        201,
        'a booking date on the value date',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-PRIVATE-CARD-ACCOUNT-JOINS-AGREEMENT',
    title: "A private customer's new card account joins the customer's agreement",
    rules: ['SANDBOX-PRIVATE-CARD-ACCOUNT-IN-AGREEMENT'],
    async run(ctx) {
      const owner = await privatePsu(ctx);
      const body = cardAccountBody(owner.customerNumber);
      await createCardAccount(ctx, body);
      const agreement = privateAgreementOf(owner);
      ctx.expect.true(agreement !== undefined, `${owner.name} has a private agreement`);
      const engagements = (await getAgreement(ctx, agreement!.id)).engagements;
      ctx.expect.true(
        engagements.some((e) => e.account.bban === body.accountNumber),
        `the private agreement has an engagement for the new card account ${String(body.accountNumber)}`,
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CORPORATE-CARD-ACCOUNT-EXPLICIT',
    title: "A corporate customer's card account is in an agreement only once added explicitly",
    rules: ['SANDBOX-CORPORATE-CARD-ACCOUNT-EXPLICIT'],
    async run(ctx) {
      const { psu, agreement } = await corporateRepresentative(ctx);
      const corporation = (await getAgreement(ctx, agreement.id)).owner;
      ctx.expect.true(corporation !== undefined, 'the corporate agreement names its owner');
      const body = cardAccountBody(corporation!);
      await createCardAccount(ctx, body);
      const has = async () =>
        (await getAgreement(ctx, agreement.id)).engagements.some(
          (e) => e.account.bban === body.accountNumber,
        );
      ctx.expect.true(!(await has()), 'the new corporate card account is in no agreement yet');
      const engagement = await call(
        ctx,
        'POST',
        `/v1/sandbox/agreements/${encodeURIComponent(agreement.id)}/engagements`,
        'add it explicitly',
        {
          body: {
            customer: psu.customerNumber,
            account: { iban: norwegianIban(String(body.accountNumber)) },
            roles: ['REGISTER', 'VIEW'],
            registerLimit: 0,
            approvalLimit: 0,
          },
        },
      );
      ctx.expect.status(engagement, 201, 'POST .../engagements for the card account');
      ctx.expect.true(await has(), 'the card account is in the agreement once added');
    },
  }),

  // ---- accounts -----------------------------------------------------------------------------
  sandboxCheck({
    id: 'SBX-ACCOUNT-CREATED',
    title: 'POST /v1/sandbox/accounts creates an account that the account list shows',
    rules: ['SANDBOX-ACCOUNT-CREATE'],
    async run(ctx) {
      const created = await newAccount(ctx);
      ctx.expect.true(typeof created.id === 'string', 'the created account has an id');
      ctx.expect.true(
        (await listAccounts(ctx)).some((a) => a.id === created.id),
        'the account list shows the created account',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNTS-LIST-ARRAY',
    title: 'GET /v1/sandbox/accounts answers an array of account list items',
    rules: ['SANDBOX-ACCOUNTS-LIST'],
    async run(ctx) {
      const exchange = await call(ctx, 'GET', '/v1/sandbox/accounts', 'list accounts');
      ctx.expect.status(exchange, 200, 'GET /v1/sandbox/accounts');
      ctx.expect.true(Array.isArray(json(exchange)), 'the answer is an array');
      ctx.expect.true((json<unknown[]>(exchange) ?? []).length > 0, 'the array lists accounts');
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-ITEM-FIELDS',
    title: 'Account list items have every §2.6 field',
    rules: ['SANDBOX-ACCOUNT-LIST-ITEM-FIELDS'],
    async run(ctx) {
      await newAccount(ctx);
      const exchange = await call(ctx, 'GET', '/v1/sandbox/accounts', 'list accounts');
      ctx.expect.schema(json(exchange), SandboxAccountListSchema, 'the account list items (§2.6)');
    },
  }),
  sandboxCheck({
    id: 'SBX-CASH-ACCOUNT-TYPE-ISO',
    title: 'cashAccountType is one of the §2.6 values, in lists and on creation',
    rules: ['SANDBOX-CASH-ACCOUNT-TYPE-VALUES'],
    async run(ctx) {
      for (const account of await listAccounts(ctx))
        ctx.expect.true(
          (CASH_ACCOUNT_TYPES as readonly string[]).includes(account.cashAccountType),
          `account ${account.id}: cashAccountType ${account.cashAccountType} is a §2.6 value`,
        );
      const created = await newAccount(ctx, { cashAccountType: 'TRAS' });
      ctx.expect.equal(created.cashAccountType, 'TRAS', 'an account created as TRAS');
      const refused = await call(ctx, 'POST', '/v1/sandbox/accounts', 'cashAccountType CURRENT', {
        body: accountBody((await privatePsu(ctx)).customerNumber, { cashAccountType: 'CURRENT' }),
      });
      expectRefused(ctx, refused, 'cashAccountType', 'cashAccountType CURRENT');
    },
  }),
  sandboxCheck({
    id: 'SBX-BBAN-MOD-11-CHECKED',
    title: 'A Norwegian BBAN with a wrong mod-11 check digit is refused',
    rules: ['SANDBOX-BBAN-MOD-11'],
    async run(ctx) {
      for (const account of await listAccounts(ctx))
        if (account.iban.startsWith('NO'))
          ctx.expect.true(isValidNorwegianBban(account.bban), `${account.bban} passes mod-11`);
      const wrong = freeNorwegianAccount({ validCheckDigit: false });
      const refused = await call(ctx, 'POST', '/v1/sandbox/accounts', 'bad check digit', {
        body: accountBody((await privatePsu(ctx)).customerNumber, wrong),
      });
      expectRefused(ctx, refused, 'bban', `BBAN ${wrong.bban} (wrong mod-11 check digit)`);
    },
  }),
  sandboxCheck({
    id: 'SBX-BALANCES-CHANGED',
    title: 'PUT /v1/sandbox/accounts/{id}/balances changes the balances',
    rules: ['SANDBOX-BALANCES-CHANGE'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const changed = await call(
        ctx,
        'PUT',
        `/v1/sandbox/accounts/${encodeURIComponent(account.id)}/balances`,
        'change balances',
        {
          body: [
            { balanceAmount: { currency: 'NOK', amount: 777_700 }, balanceType: 'closingBooked' },
            { balanceAmount: { currency: 'NOK', amount: 700_000 }, balanceType: 'expected' },
          ],
        },
      );
      ctx.expect.status(changed, [200, 204], 'PUT .../balances');
      const listed = (await listAccounts(ctx)).find((a) => a.id === account.id);
      const amount = (type: string) =>
        listed?.balances.find((b) => b.balanceType === type)?.balanceAmount.amount;
      ctx.expect.equal(amount('closingBooked'), 777_700, 'closingBooked after the change');
      ctx.expect.equal(amount('expected'), 700_000, 'expected after the change');
    },
  }),

  // ---- account transactions -----------------------------------------------------------------
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-CREATED',
    title: 'POST /v1/sandbox/accounts/{id}/transactions creates every transaction of the array',
    rules: ['SANDBOX-ACCTX-CREATE'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const created = await call(ctx, 'POST', accountTransactionsPath(account.id), 'create two', {
        body: [accountTransactionItem(account), accountTransactionItem(account, { amount: 1_000 })],
      });
      ctx.expect.status(created, 201, 'POST .../transactions');
      const items = json<{ id?: string }[]>(created) ?? [];
      ctx.expect.equal(items.length, 2, 'the answer holds both created transactions');
      ctx.expect.true(
        items.every((item) => typeof item.id === 'string'),
        'each created transaction has an id',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-LIST-PAGING',
    title: 'Listing account transactions honours fromDate, toDate, offset and limit',
    rules: ['SANDBOX-ACCTX-LIST'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const day = (n: number) => ({ bookingDate: dayFromToday(-n), valueDate: dayFromToday(-n) });
      const created = await call(ctx, 'POST', accountTransactionsPath(account.id), 'three', {
        body: [
          accountTransactionItem(account, { amount: 100, ...day(30) }),
          accountTransactionItem(account, { amount: 200, ...day(20) }),
          accountTransactionItem(account, { amount: 300, ...day(10) }),
        ],
      });
      ctx.expect.status(created, 201, 'create three transactions');
      const amounts = async (query: Record<string, string | number>) => {
        const list = await call(
          ctx,
          'GET',
          accountTransactionsPath(account.id),
          JSON.stringify(query),
          {
            query,
          },
        );
        ctx.expect.status(list, 200, `list ${JSON.stringify(query)}`);
        ctx.expect.true(Array.isArray(json(list)), 'the list is an array');
        return (json<{ amount: number }[]>(list) ?? []).map((t) => t.amount).sort((a, b) => a - b);
      };
      ctx.expect.equal(await amounts({}), [100, 200, 300], 'every transaction');
      ctx.expect.equal(await amounts({ fromDate: dayFromToday(-25) }), [200, 300], 'fromDate');
      ctx.expect.equal(await amounts({ toDate: dayFromToday(-15) }), [100, 200], 'toDate');
      const page1 = await amounts({ offset: 0, limit: 2 });
      const page2 = await amounts({ offset: 2, limit: 2 });
      ctx.expect.equal(page1.length, 2, 'limit 2 answers two');
      ctx.expect.equal(
        [...page1, ...page2].sort((a, b) => a - b),
        [100, 200, 300],
        'offset 2 answers the rest',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-READ-ONE',
    title: 'GET .../transactions/{id} answers that one transaction',
    rules: ['SANDBOX-ACCTX-GET-ONE'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const created = await call(ctx, 'POST', accountTransactionsPath(account.id), 'create two', {
        body: [
          accountTransactionItem(account, { amount: 111 }),
          accountTransactionItem(account, { amount: 222 }),
        ],
      });
      for (const item of json<{ id: string; amount: number }[]>(created) ?? []) {
        const read = await call(
          ctx,
          'GET',
          `${accountTransactionsPath(account.id)}/${encodeURIComponent(item.id)}`,
          `read ${item.id}`,
        );
        ctx.expect.status(read, 200, 'GET .../transactions/{id}');
        ctx.expect.equal(json(read).id, item.id, 'the transaction read has the id asked for');
        ctx.expect.equal(json(read).amount, item.amount, 'and its amount');
      }
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-FIELDS',
    title: 'An account transaction has every §2.6 field',
    rules: ['SANDBOX-ACCTX-FIELDS'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const created = await call(ctx, 'POST', accountTransactionsPath(account.id), 'create one', {
        body: [accountTransactionItem(account)],
      });
      ctx.expect.status(created, 201, 'POST .../transactions');
      for (const item of json<unknown[]>(created) ?? [])
        ctx.expect.schema(item, SandboxAccountTransactionSchema, 'the created transaction (§2.6)');
      const list = await call(ctx, 'GET', accountTransactionsPath(account.id), 'list');
      for (const item of json<unknown[]>(list) ?? [])
        ctx.expect.schema(item, SandboxAccountTransactionSchema, 'a listed transaction (§2.6)');
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-BTC-LENGTH',
    title: `bankTransactionCode has ${BANK_TRANSACTION_CODE_MIN} to ${BANK_TRANSACTION_CODE_MAX} characters`,
    rules: ['SANDBOX-ACCTX-BTC-4-14'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const post = (code: string) =>
        call(
          ctx,
          'POST',
          accountTransactionsPath(account.id),
          `bankTransactionCode of ${code.length}`,
          {
            body: [accountTransactionItem(account, { bankTransactionCode: code })],
          },
        );
      for (const length of [BANK_TRANSACTION_CODE_MIN, BANK_TRANSACTION_CODE_MAX])
        ctx.expect.status(await post('P'.repeat(length)), 201, `a code of ${length} characters`);
      for (const length of [BANK_TRANSACTION_CODE_MIN - 1, BANK_TRANSACTION_CODE_MAX + 1])
        expectRefused(
          ctx,
          await post('P'.repeat(length)),
          'bankTransactionCode',
          `a code of ${length} characters`,
        );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-LISTS-ALL-CREATED',
    title: 'A created account lists every transaction created for it',
    rules: ['SANDBOX-ACCTX-LIST-ALL'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const ids: string[] = [];
      for (const amount of [1_000, 2_000, 3_000]) {
        const created = await call(
          ctx,
          'POST',
          accountTransactionsPath(account.id),
          `create ${amount}`,
          {
            body: [accountTransactionItem(account, { amount })],
          },
        );
        ctx.expect.status(created, 201, 'POST .../transactions');
        ids.push(...(json<{ id: string }[]>(created) ?? []).map((t) => t.id));
      }
      const list = await call(ctx, 'GET', accountTransactionsPath(account.id), 'list all');
      ctx.expect.equal(
        (json<{ id: string }[]>(list) ?? []).map((t) => t.id).sort(),
        ids.sort(),
        'the list holds exactly the created transactions',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-OTHER-DEBTOR-REFUSED',
    title: 'Creating an account transaction with another account of the bank as debtor is an error',
    rules: ['SANDBOX-ACCTX-OTHER-DEBTOR-ERROR'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const other = (await listAccounts(ctx)).find((a) => a.id !== account.id)!;
      const exchange = await call(
        ctx,
        'POST',
        accountTransactionsPath(account.id),
        'other debtor',
        {
          body: [
            accountTransactionItem(account, {
              debtorAccount: { iban: other.iban, bban: other.bban },
            }),
          ],
        },
      );
      ctx.expect.status(exchange, 400, `a credit on ${account.iban} debiting ${other.iban}`);
      ctx.expect.true(
        exchange.response?.body.includes('debtorAccount'),
        'the error names debtorAccount',
      );
    },
  }),

  // ---- agreements and engagements -----------------------------------------------------------
  sandboxCheck({
    id: 'SBX-AGREEMENT-CREATED',
    title: 'POST /v1/sandbox/agreements creates an agreement that can be read back',
    rules: ['SANDBOX-AGREEMENT-CREATE'],
    async run(ctx) {
      const { psu, agreement } = await corporateRepresentative(ctx);
      const owner = (await getAgreement(ctx, agreement.id)).owner!;
      const account = await createAccount(ctx, accountBody(owner));
      const created = await call(ctx, 'POST', '/v1/sandbox/agreements', 'create an agreement', {
        body: {
          name: 'Workbench check agreement',
          owner,
          engagements: [
            {
              customer: psu.customerNumber,
              account: { iban: account.iban },
              roles: ['REGISTER', 'VIEW'],
              registerLimit: 0,
              approvalLimit: 0,
            },
          ],
        },
      });
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
      const privateAgreement = await getAgreement(ctx, privateAgreementOf(person)!.id);
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
        const exchange = await call(
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
    async run(ctx) {
      const { psu, agreement } = await corporateRepresentative(ctx);
      const owner = (await getAgreement(ctx, agreement.id)).owner!;
      const account = await createAccount(ctx, accountBody(owner));
      const post = (roles: string[]) =>
        call(
          ctx,
          'POST',
          `/v1/sandbox/agreements/${encodeURIComponent(agreement.id)}/engagements`,
          `roles ${roles.join(',')}`,
          {
            body: {
              customer: psu.customerNumber,
              account: { iban: account.iban },
              roles,
              registerLimit: 0,
              approvalLimit: 0,
            },
          },
        );
      const all = await post([...ENGAGEMENT_ROLES]);
      ctx.expect.status(all, 201, 'an engagement with all seven roles');
      ctx.expect.equal(
        [...(json<{ roles?: string[] }>(all).roles ?? [])].sort(),
        [...ENGAGEMENT_ROLES].sort(),
        'the engagement keeps the roles',
      );
      expectRefused(ctx, await post(['VIEW', 'ADMIN']), 'roles', 'role ADMIN (not a §2.6 value)');
    },
  }),
  sandboxCheck({
    id: 'SBX-ENGAGEMENT-CREATED-201',
    title: 'POST .../engagements answers 201 with the engagement',
    rules: ['SANDBOX-ENGAGEMENT-CREATE-201'],
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
      const created = await call(
        ctx,
        'POST',
        `/v1/sandbox/agreements/${encodeURIComponent(agreement.id)}/engagements`,
        'create an engagement',
        { body },
      );
      ctx.expect.status(created, 201, 'POST .../engagements');
      const answer = json<Json>(created);
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
  sandboxCheck({
    id: 'SBX-CUSTOMER-REFERENCE-VALIDATED',
    title:
      'The sandbox refuses a malformed customer reference and the wrong customer type, saying so',
    rules: ['SANDBOX-VALIDATES-PSU-ID'],
    async run(ctx) {
      const malformed = await call(ctx, 'POST', '/v1/sandbox/card-accounts', 'customer abc', {
        body: cardAccountBody('abc'),
      });
      expectRefused(ctx, malformed, 'customerNumber', "customerNumber 'abc'");
      const person = await privatePsu(ctx);
      const wrongType = await call(ctx, 'POST', '/v1/sandbox/agreements', 'private owner', {
        body: { name: 'Not a corporation', owner: person.customerNumber, engagements: [] },
      });
      ctx.expect.status(wrongType, 400, 'a corporate agreement owned by a private customer');
      ctx.expect.true(
        /private|corporate/i.test(wrongType.response?.body ?? ''),
        'the message names the customer type',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ENGAGEMENT-OFFERED-WITH-REGISTER-AND-VIEW',
    title: 'An engagement is offered for consent only with both REGISTER and VIEW',
    rules: ['SANDBOX-ENGAGEMENT-REGISTER-AND-VIEW'],
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
        const engaged = await call(
          ctx,
          'POST',
          `/v1/sandbox/agreements/${encodeURIComponent(representative.agreement.id)}/engagements`,
          `engagement with ${what}`,
          {
            body: {
              customer: representative.customerNumber!,
              account: { iban: account.iban },
              roles: list,
              registerLimit: 0,
              approvalLimit: 0,
            },
          },
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
  sandboxCheck({
    id: 'SBX-AMOUNTS-ARE-MINOR-UNITS',
    title: 'A sandbox amount of 12345 NOK is 123.45 NOK in the account information view',
    rules: ['SANDBOX-AMOUNT-MINOR-UNITS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const psu = await privatePsu(ctx);
      const account = await createAccount(
        ctx,
        accountBody(psu.customerNumber, {
          balances: [
            { balanceAmount: { currency: 'NOK', amount: 12_345 }, balanceType: 'closingBooked' },
            { balanceAmount: { currency: 'NOK', amount: 12_345 }, balanceType: 'expected' },
          ],
        }),
      );
      ctx.expect.equal(
        account.balances.map((b) => b.balanceAmount.amount),
        [12_345, 12_345],
        'the sandbox answers the balances as given (int32 minor units)',
      );
      const flow = await consentFlow(ctx, {
        login: psu.nationalIdentityNumber,
        context: 'PRIVATE',
        consent: { grant: [account.iban] },
      });
      const session = {
        consentId: flow.consentId,
        headers: psuHeaders(expectSuccess(ctx, flow.redirect, 'consent for the account')),
      };
      const view = (await accountsOf(ctx, session)).accounts.find((a) => a.iban === account.iban);
      ctx.expect.true(view !== undefined, 'GET /v1/accounts lists the account');
      const balances = await aisGet(
        ctx,
        session,
        `/v1/accounts/${encodeURIComponent(view!.resourceId)}/balances`,
      );
      ctx.expect.status(balances, 200, 'GET /v1/accounts/{id}/balances');
      const amounts = (
        json<{ balances?: { balanceAmount: { amount: unknown; currency: string } }[] }>(balances)
          .balances ?? []
      ).map((b) => `${String(b.balanceAmount.amount)} ${b.balanceAmount.currency}`);
      ctx.expect.true(amounts.length > 0, 'the account information view has balances');
      for (const amount of amounts)
        ctx.expect.equal(amount, '123.45 NOK', 'a balance of 12345 minor units');
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-INCLUDE-PAYMENTS',
    title: "A sandbox account's transaction list includes what payments booked on it",
    rules: ['SANDBOX-ACCTX-INCLUDES-PAYMENTS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const psu = await privatePsu(ctx);
      const own = (await listAccounts(ctx)).find((a) => a.customerNumber === psu.customerNumber);
      ctx.expect.true(own !== undefined, `${psu.name} has an account to pay from`);
      const target = await createAccount(ctx, accountBody(psu.customerNumber));
      const payment = await createPayment(
        ctx,
        ownAccountBody({
          instructedAmount: { amount: '250.00', currency: 'NOK' },
          debtorAccount: { iban: own!.iban, currency: 'NOK' },
          creditorAccount: { iban: target.iban, currency: 'NOK' },
          creditorName: psu.name,
        }),
        {
          product: 'instant-sepa-credit-transfers',
          label: 'an instant payment to the new account',
        },
      );
      await approve(ctx, payment, psu.nationalIdentityNumber);
      const list = await call(ctx, 'GET', accountTransactionsPath(target.id), 'the new account');
      ctx.expect.status(list, 200, 'GET .../transactions of the new account');
      const amounts = (json<{ amount: number }[]>(list) ?? []).map((t) => t.amount);
      ctx.expect.true(
        amounts.includes(25_000),
        `the payment's credit of 25000 (250.00 NOK) is listed (got ${JSON.stringify(amounts)})`,
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-BATCH-FIVE-RUNS-A-DAY',
    title: 'The sandbox settles authorised payments in five batch runs a day',
    rules: ['SANDBOX-BATCH-5-PER-DAY'],
    needs: ['psu-agent', 'clock-control'],
    timeoutMs: 20_000,
    async run(ctx) {
      const start = await toNextMidnight(ctx);
      const runHours: number[] = [];
      let waiting = await authorisedPayment(ctx, 'a payment for the first run');
      for (let hour = 0; hour < 24; hour++) {
        await ctx.clock.advance(HOUR);
        const status = await paymentStatus(ctx, waiting.path, `status after hour ${hour + 1}`);
        if (status.transactionStatus === 'ACSC') {
          runHours.push(hour);
          waiting = await authorisedPayment(ctx, `a payment for the run after hour ${hour + 1}`);
        }
      }
      ctx.evidence.note(
        `batch runs of ${start.toISOString().slice(0, 10)} settled payments in the hours starting ${runHours.map((h) => `${String(h).padStart(2, '0')}:01`).join(', ')} (UTC, bank clock)`,
      );
      ctx.expect.equal(runHours.length, 5, 'batch runs in one day');
    },
  }),
  sandboxCheck({
    id: 'SBX-BATCH-SKIPS-PERIODIC',
    title: 'The batch run settles single payments, not periodic ones',
    rules: ['SANDBOX-BATCH-NOT-PERIODIC'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      await toNextMidnight(ctx);
      const payer = await privatePsu(ctx);
      const periodic = await createPayment(
        ctx,
        sctBody({ startDate: dayFromToday(0, await ctx.clock.now()), frequency: 'Monthly' }),
        { service: 'periodic-payments', label: 'a periodic payment starting today' },
      );
      await approve(ctx, periodic, payer.nationalIdentityNumber);
      const single = await authorisedPayment(ctx, 'a single payment');
      let settled = false;
      for (let hour = 0; hour < 24 && !settled; hour++) {
        await ctx.clock.advance(HOUR);
        settled = (await paymentStatus(ctx, single.path)).transactionStatus === 'ACSC';
      }
      ctx.expect.true(settled, 'a batch run settled the single payment within a day');
      const status = await paymentStatus(ctx, periodic.path, 'the periodic payment after the run');
      ctx.expect.true(
        status.transactionStatus !== 'ACSC',
        `the batch run left the periodic payment alone (${status.transactionStatus})`,
      );
    },
  }),
];
