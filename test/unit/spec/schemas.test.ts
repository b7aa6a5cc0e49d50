import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CardAccountTransactionsResponseSchema,
  PaymentInitiationResponseSchema,
  PaymentInitiationSctSchema,
  SPEC_SCHEMAS,
  SandboxCardAccountRequestSchema,
  SandboxCardTransactionSchema,
  SandboxEngagementCreationSchema,
  SpecValidator,
  TppMessageSchema,
  specSchema,
  specSchemasAsJson,
  type PaymentInitiationSct,
} from '../../../main/core/spec/index.js';

const validator = new SpecValidator();

const payment = (): PaymentInitiationSct => ({
  endToEndIdentification: 'e2e-1',
  instructedAmount: { amount: '123.45', currency: 'NOK' },
  creditorName: 'Kari Nordmann',
  creditorAccount: { iban: 'NO9386011117947', currency: 'NOK' },
  creditorAddress: { street: 'Karl Johans gate', city: 'Oslo', country: 'NO' },
  debtorAccount: { iban: 'NO7215031234562', currency: 'NOK' },
  remittanceInformationUnstructured: 'Invoice 42',
  requestedExecutionDate: '2025-01-31',
});

function problems(schema: Parameters<SpecValidator['check']>[0], value: unknown) {
  const result = validator.check(schema, value);
  return result.ok ? [] : result.problems;
}

describe('published schemas', () => {
  it('each carries a unique $id, a title and a description citing its section', () => {
    const ids = SPEC_SCHEMAS.map((schema) => schema.$id);
    expect(new Set(ids).size).toBe(SPEC_SCHEMAS.length);
    for (const schema of SPEC_SCHEMAS) {
      expect(schema.$id).toMatch(/^https:\/\/psd2-workbench\.invalid\/schemas\/\w+\.json$/);
      expect(schema.description).toMatch(/^§\d+(\.\d+)*\s/);
      expect(specSchema(schema.title as string)).toBe(schema);
    }
  });

  it('covers §2.1–§2.6', () => {
    const titles = SPEC_SCHEMAS.map((schema) => schema.title);
    for (const title of [
      'Amount',
      'Link',
      'TppMessage',
      'PaymentInitiationSct',
      'PaymentInitiationResponse',
      'SigningBasketAuthorisationResponse',
      'CardAccountTransactionsResponse',
      'CardTransaction',
      'SandboxBalance',
      'SandboxCardAccountRequest',
      'SandboxCardAccountCreated',
      'SandboxCardAccountResponse',
      'SandboxCardTransaction',
      'SandboxCardTransactionsResponse',
      'SandboxAccountListItem',
      'SandboxAccountTransaction',
      'SandboxAgreement',
      'SandboxEngagement',
      'SandboxEngagementCreation',
    ])
      expect(titles).toContain(title);
  });

  it('are plain JSON (what the editor registers) and compile in strict Ajv', () => {
    for (const { uri, schema } of specSchemasAsJson()) {
      expect(schema.$id).toBe(uri);
      expect(JSON.stringify(schema)).not.toContain('"const"');
    }
    for (const schema of SPEC_SCHEMAS) expect(() => validator.check(schema, {})).not.toThrow();
  });

  it('keeps schema modules free of Node-only imports (the renderer imports them)', () => {
    const root = join(import.meta.dirname, '../../../main/core/spec');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(readFileSync(file, 'utf8')).not.toMatch(/from 'node:/);
  });
});

describe('§2.2 payment initiation request', () => {
  it('accepts a complete valid request', () => {
    expect(problems(PaymentInitiationSctSchema, payment())).toEqual([]);
  });

  it.each([
    ['endToEndIdentification', 35],
    ['creditorName', 70],
    ['remittanceInformationUnstructured', 140],
  ] as const)('limits %s to %i characters', (field, max) => {
    expect(
      problems(PaymentInitiationSctSchema, { ...payment(), [field]: 'x'.repeat(max) }),
    ).toEqual([]);
    expect(
      problems(PaymentInitiationSctSchema, { ...payment(), [field]: 'x'.repeat(max + 1) }),
    ).toEqual([
      { path: field, message: `must have at most ${max} characters`, keyword: 'maxLength' },
    ]);
  });

  it('limits creditorAddress.street to 70 and requires country inside the address', () => {
    const body = payment();
    body.creditorAddress = { street: 'x'.repeat(71), city: 'Oslo' } as never;
    expect(
      problems(PaymentInitiationSctSchema, body)
        .map((p) => p.path)
        .sort(),
    ).toEqual(['creditorAddress.country', 'creditorAddress.street']);
    const { creditorAddress: _omitted, ...withoutAddress } = payment();
    expect(problems(PaymentInitiationSctSchema, withoutAddress)).toEqual([]);
  });

  it('rejects an empty remittanceInformationUnstructured', () => {
    expect(
      problems(PaymentInitiationSctSchema, {
        ...payment(),
        remittanceInformationUnstructured: '',
      })[0],
    ).toMatchObject({
      path: 'remittanceInformationUnstructured',
      keyword: 'minLength',
    });
  });

  it('requires instructedAmount, creditorName, creditorAccount, debtorAccount', () => {
    expect(
      problems(PaymentInitiationSctSchema, {})
        .map((p) => p.path)
        .sort(),
    ).toEqual(['creditorAccount', 'creditorName', 'debtorAccount', 'instructedAmount']);
  });

  it('checks IBANs with mod-97 and their length (34)', () => {
    const body = payment();
    body.creditorAccount.iban = 'NO9486011117947';
    expect(problems(PaymentInitiationSctSchema, body)).toEqual([
      expect.objectContaining({ path: 'creditorAccount.iban', keyword: 'format' }),
    ]);
    body.creditorAccount.iban = `NO93${'1'.repeat(31)}`;
    expect(
      problems(PaymentInitiationSctSchema, body)
        .map((p) => p.keyword)
        .sort(),
    ).toEqual(['format', 'maxLength']);
  });

  it('checks the minor-unit rule and the currency list', () => {
    const body = payment();
    body.instructedAmount = { amount: '10.5', currency: 'NOK' };
    expect(problems(PaymentInitiationSctSchema, body)).toEqual([
      {
        path: 'instructedAmount.amount',
        keyword: 'x-psd2-amount',
        message: "amount '10.5' has 1 fraction digits; NOK has 2 minor units",
      },
    ]);
    body.instructedAmount = { amount: '10', currency: 'JPY' };
    expect(problems(PaymentInitiationSctSchema, body)).toEqual([]);
    body.instructedAmount = { amount: '10.00', currency: 'XAU' as never };
    expect(problems(PaymentInitiationSctSchema, body)[0]).toMatchObject({
      path: 'instructedAmount.currency',
      keyword: 'enum',
    });
    body.creditorAddress!.country = 'XK' as never;
    expect(problems(PaymentInitiationSctSchema, body).map((p) => p.path)).toContain(
      'creditorAddress.country',
    );
  });

  it('checks requestedExecutionDate as an ISO date', () => {
    expect(
      problems(PaymentInitiationSctSchema, {
        ...payment(),
        requestedExecutionDate: '2025-02-30',
      })[0],
    ).toMatchObject({
      path: 'requestedExecutionDate',
      keyword: 'format',
    });
  });
});

describe('response schemas', () => {
  it('§2.3 requires paymentId and a known transactionStatus; psuMessage ≤ 512', () => {
    expect(
      problems(PaymentInitiationResponseSchema, { paymentId: 'p1', transactionStatus: 'RCVD' }),
    ).toEqual([]);
    expect(
      problems(PaymentInitiationResponseSchema, { paymentId: 'p1', transactionStatus: 'DONE' })[0]
        ?.path,
    ).toBe('transactionStatus');
    expect(
      problems(PaymentInitiationResponseSchema, {
        paymentId: 'p',
        transactionStatus: 'RCVD',
        psuMessage: 'x'.repeat(513),
      })[0]?.path,
    ).toBe('psuMessage');
  });

  it('§2.1 TppMessage limits text to 512 and codes to §7.2', () => {
    expect(
      problems(TppMessageSchema, {
        category: 'ERROR',
        code: 'FORMAT_ERROR',
        text: 'x'.repeat(512),
      }),
    ).toEqual([]);
    expect(
      problems(TppMessageSchema, {
        category: 'ERROR',
        code: 'FORMAT_ERROR',
        text: 'x'.repeat(513),
      }),
    ).toHaveLength(1);
    expect(
      problems(TppMessageSchema, { category: 'ERROR', code: 'SIGNATURE_INVALID' }),
    ).toHaveLength(1);
    expect(problems(TppMessageSchema, { category: 'INFO', code: 'FORMAT_ERROR' })).toHaveLength(1);
  });

  it('§2.5 card transactions: id ≤ 35, details ≤ 140, currencyExchange complete', () => {
    const transaction = {
      cardTransactionId: 'x'.repeat(35),
      bookingDate: '2024-01-02',
      transactionAmount: { amount: '-10.00', currency: 'NOK' },
      currencyExchange: {
        sourceCurrency: 'EUR',
        targetCurrency: 'NOK',
        exchangeRate: '11.5',
        unitCurrency: 'EUR',
        quotationDate: '2024-01-01',
      },
      transactionDetails: 'x'.repeat(140),
      invoiced: false,
    };
    const body = {
      cardAccount: { currency: 'NOK' },
      cardTransactions: { booked: [transaction], pending: [] },
    };
    expect(problems(CardAccountTransactionsResponseSchema, body)).toEqual([]);
    const broken = structuredClone(body);
    broken.cardTransactions.booked[0]!.cardTransactionId += 'x';
    broken.cardTransactions.booked[0]!.transactionDetails += 'x';
    delete (
      broken.cardTransactions.booked[0]!.currencyExchange as Partial<
        typeof transaction.currencyExchange
      >
    ).quotationDate;
    expect(
      problems(CardAccountTransactionsResponseSchema, broken)
        .map((p) => p.path)
        .sort(),
    ).toEqual([
      'cardTransactions.booked[0].cardTransactionId',
      'cardTransactions.booked[0].currencyExchange.quotationDate',
      'cardTransactions.booked[0].transactionDetails',
    ]);
    expect(problems(CardAccountTransactionsResponseSchema, { cardAccount: {} })[0]?.path).toBe(
      'cardAccount.currency',
    );
  });
});

describe('§2.6 sandbox schemas', () => {
  const cardAccount = {
    customerNumber: 'c1',
    maskedPan: '1234********5678',
    currency: 'NOK',
    creditLimit: { currency: 'NOK', amount: 5000000 },
    balances: [
      { balanceAmount: { currency: 'NOK', amount: -12345 }, balanceType: 'closingBooked' },
    ],
    cardId: 'card-1',
    cardIdVNo: '1',
    accountNumber: '86011117947',
    expiry: '2027-12',
    name: 'Visa',
    product: 'VISA',
    status: 'enabled',
  };

  it('card account: all fields required, int32 amounts, status and balanceType enums', () => {
    expect(problems(SandboxCardAccountRequestSchema, cardAccount)).toEqual([]);
    const { cardIdVNo: _omitted, ...missing } = cardAccount;
    expect(problems(SandboxCardAccountRequestSchema, missing)[0]?.path).toBe('cardIdVNo');
    expect(
      problems(SandboxCardAccountRequestSchema, { ...cardAccount, status: 'closed' })[0]?.path,
    ).toBe('status');
    expect(
      problems(SandboxCardAccountRequestSchema, {
        ...cardAccount,
        creditLimit: { currency: 'NOK', amount: 2147483648 },
      })[0]?.path,
    ).toBe('creditLimit.amount');
    expect(
      problems(SandboxCardAccountRequestSchema, {
        ...cardAccount,
        creditLimit: { currency: 'NOK', amount: '10.00' },
      })[0]?.path,
    ).toBe('creditLimit.amount');
    expect(
      problems(SandboxCardAccountRequestSchema, {
        ...cardAccount,
        balances: [{ balanceAmount: { currency: 'NOK', amount: 1 }, balanceType: 'interimBooked' }],
      })[0]?.path,
    ).toBe('balances[0].balanceType');
  });

  it('card transaction: invoiced is the string true/false; acceptor country required, street ≤ 70', () => {
    const item = {
      cardTransactionId: 't1',
      terminalId: 'term',
      bookingDate: '2024-01-02',
      transactionDate: '2024-01-01',
      transactionAmount: { currency: 'NOK', amount: 100 },
      originalAmount: { currency: 'EUR', amount: 9 },
      merchantCategoryCode: '5411',
      cardAcceptorId: 'acc',
      cardAcceptorAddress: { country: 'NO' },
      maskedPan: '1234********5678',
      transactionDetails: 'Groceries',
      invoiced: 'false',
      proprietaryBankTransactionCode: 'PURCHASE',
    };
    expect(problems(SandboxCardTransactionSchema, item)).toEqual([]);
    expect(problems(SandboxCardTransactionSchema, { ...item, invoiced: false })[0]?.path).toBe(
      'invoiced',
    );
    expect(
      problems(SandboxCardTransactionSchema, {
        ...item,
        cardAcceptorAddress: { street: 'x'.repeat(71) },
      })
        .map((p) => p.path)
        .sort(),
    ).toEqual(['cardAcceptorAddress.country', 'cardAcceptorAddress.street']);
    expect(
      problems(SandboxCardTransactionSchema, { ...item, bookingDate: 'yesterday' })[0]?.path,
    ).toBe('bookingDate');
  });

  it('engagement creation: all five fields required, roles from the list', () => {
    const request = {
      customer: 'c1',
      account: { iban: 'NO9386011117947' },
      roles: ['VIEW', 'REGISTER'],
      registerLimit: 0,
      approvalLimit: 0,
    };
    expect(problems(SandboxEngagementCreationSchema, request)).toEqual([]);
    expect(
      problems(SandboxEngagementCreationSchema, { ...request, roles: ['ADMIN'] })[0]?.path,
    ).toBe('roles[0]');
    expect(
      problems(SandboxEngagementCreationSchema, {})
        .map((p) => p.path)
        .sort(),
    ).toEqual(['account', 'approvalLimit', 'customer', 'registerLimit', 'roles']);
  });
});
