/**
 * The project's JSON Schemas for account information against the Berlin Group 1.3.8 OpenAPI
 * (decisions.md: Berlin Group where the spec is silent): property names and JSON types agree,
 * except where the interface spec says otherwise (§2.5) — each such difference is listed here with
 * its reason, so a schema change that drifts from Berlin Group, or from §2.5, fails this test.
 */
import { berlinGroupOpenApiText } from '../../spec/specText.js';
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import {
  AccountBalancesResponseBlock,
  AccountDetailsBlock,
  AccountListBlock,
  AccountTransactionBlock,
  AccountTransactionsResponseBlock,
  BalanceBlock,
  CardAccountBalancesResponseBlock,
  CardAccountDetailsBlock,
  CardAccountListBlock,
} from '../../../../main/core/spec/schemas/accounts.js';
import {
  CardAccountTransactionsResponseBlock,
  CardCurrencyExchangeBlock,
  CardTransactionBlock,
} from '../../../../main/core/spec/schemas/card-accounts.js';
import { AmountBlock } from '../../../../main/core/spec/schemas/shared.js';
import { readYaml, type YamlValue } from './yaml-subset.js';

type Node = { [key: string]: YamlValue };
const document = readYaml(berlinGroupOpenApiText) as Node;
const schemas = (document.components as Node).schemas as Node;

/** A Berlin Group schema with its `$ref` resolved (one level at a time). */
function resolve(node: YamlValue): Node {
  let current = node as Node;
  while (typeof current.$ref === 'string') {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = schemas[name] as Node;
    if (!current) throw new Error(`Berlin Group has no schema ${name}`);
  }
  return current;
}
const bg = (name: string) => resolve({ $ref: `#/components/schemas/${name}` });
const bgType = (node: YamlValue) => (resolve(node).type as string | undefined) ?? 'object';
const oursType = (schema: TSchema) => (schema.type as string | undefined) ?? 'object';

interface Differences {
  /** Berlin Group properties the project leaves out, with the reason. */
  leftOut?: Record<string, string>;
  /** Properties whose JSON type differs, with the reason. */
  typeDiffers?: Record<string, string>;
  /** Berlin Group required properties that are optional here, with the reason. */
  optionalHere?: Record<string, string>;
  /** Properties the project adds, with the reason. */
  added?: Record<string, string>;
}

/** Names, JSON types and required-ness of `ours` against the Berlin Group object `theirs`. */
function compare(ours: TSchema, theirs: Node, differences: Differences = {}): string[] {
  const problems: string[] = [];
  const ourProperties = (ours.properties ?? {}) as Record<string, TSchema>;
  const bgProperties = (theirs.properties ?? {}) as Node;
  const ourRequired = new Set<string>((ours.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries(ourProperties)) {
    if (differences.added?.[name]) continue;
    const theirsProperty = bgProperties[name];
    if (theirsProperty === undefined) {
      problems.push(`${name}: not a Berlin Group property`);
      continue;
    }
    if (!differences.typeDiffers?.[name] && bgType(theirsProperty) !== oursType(schema))
      problems.push(`${name}: ${oursType(schema)} here, ${bgType(theirsProperty)} in Berlin Group`);
  }
  for (const name of Object.keys(bgProperties))
    if (!(name in ourProperties) && !differences.leftOut?.[name])
      problems.push(`${name}: Berlin Group property missing here`);
  for (const name of (theirs.required as string[] | undefined) ?? [])
    if (name in ourProperties && !ourRequired.has(name) && !differences.optionalHere?.[name])
      problems.push(`${name}: required in Berlin Group, optional here`);
  for (const name of Object.keys(differences.leftOut ?? {}))
    if (name in ourProperties) problems.push(`${name}: listed as left out but present`);
  return problems;
}

const property = (schema: TSchema, name: string) =>
  (schema.properties as Record<string, TSchema>)[name]!;

describe('§2.5 card account transactions against Berlin Group 1.3.8', () => {
  it('reads the Berlin Group file (the YAML subset reader works)', () => {
    expect(Object.keys(schemas).length).toBeGreaterThan(200);
    expect(bg('cardTransaction').required).toEqual(['transactionAmount']);
    expect(bgType((bg('cardTransaction').properties as Node).currencyExchange!)).toBe('array');
  });

  it('CardTransaction = cardTransaction, except where §2.5 says otherwise', () => {
    expect(
      compare(CardTransactionBlock, bg('cardTransaction'), {
        typeDiffers: { currencyExchange: '§2.5: one object, not the Berlin Group array' },
        optionalHere: { transactionAmount: '§2.5 marks every CardTransaction field optional' },
        leftOut: Object.fromEntries(
          [
            'terminalId',
            'acceptorTransactionDateTime',
            'markupFee',
            'markupFeePercentage',
            'cardAcceptorId',
            'cardAcceptorAddress',
            'cardAcceptorPhone',
            'maskedPAN',
          ].map((name) => [name, '§2.5 does not list it in the production CardTransaction']),
        ),
      }),
    ).toEqual([]);
  });

  it('currencyExchange = reportExchangeRate (the object of its array)', () => {
    const item = resolve(bg('reportExchangeRateList').items!);
    expect(
      compare(CardCurrencyExchangeBlock, item, {
        leftOut: { contractIdentification: '§2.5 does not list it' },
      }),
    ).toEqual([]);
  });

  it('cardTransactions = cardAccountReport, cardAccount = accountReference, the response = cardAccountsTransactionsResponse200', () => {
    expect(
      compare(
        property(CardAccountTransactionsResponseBlock, 'cardTransactions'),
        bg('cardAccountReport'),
        {
          optionalHere: { booked: '§2.5 marks booked optional' },
          leftOut: { _links: '§2.5 puts _links (with the paging links) at the top level' },
        },
      ),
    ).toEqual([]);
    expect(
      compare(
        property(CardAccountTransactionsResponseBlock, 'cardAccount'),
        bg('accountReference'),
        {
          leftOut: Object.fromEntries(
            ['iban', 'bban', 'pan', 'msisdn'].map((name) => [
              name,
              '§2.5: maskedPan and currency only',
            ]),
          ),
        },
      ),
    ).toEqual([]);
    expect(
      compare(CardAccountTransactionsResponseBlock, bg('cardAccountsTransactionsResponse200'), {
        leftOut: { balances: '§2.5 does not list balances in the response' },
      }),
    ).toEqual([]);
  });

  it('Amount = amount', () => {
    expect(compare(AmountBlock, bg('amount'))).toEqual([]);
  });
});

describe('account information shapes (decisions.md: Berlin Group 1.3.8)', () => {
  const notServed = (names: string[]) =>
    Object.fromEntries(names.map((name) => [name, 'the bank has no data for it (docs/ais.md)']));

  it('accounts and card accounts', () => {
    expect(
      compare(AccountDetailsBlock, bg('accountDetails'), {
        leftOut: notServed([
          'msisdn',
          'displayName',
          'bic',
          'linkedAccounts',
          'details',
          'ownerName',
        ]),
        optionalHere: {},
      }),
    ).toEqual([]);
    expect(
      compare(CardAccountDetailsBlock, bg('cardAccountDetails'), {
        leftOut: notServed(['ownerName', 'displayName', 'details']),
      }),
    ).toEqual([]);
    expect(compare(AccountListBlock, bg('accountList'))).toEqual([]);
    expect(compare(CardAccountListBlock, bg('cardAccountList'))).toEqual([]);
    expect(
      compare(BalanceBlock, bg('balance'), {
        leftOut: notServed(['lastChangeDateTime', 'lastCommittedTransaction']),
      }),
    ).toEqual([]);
    expect(compare(AccountBalancesResponseBlock, bg('readAccountBalanceResponse-200'))).toEqual([]);
    expect(
      compare(CardAccountBalancesResponseBlock, bg('readCardAccountBalanceResponse-200')),
    ).toEqual([]);
  });

  it('account transactions', () => {
    expect(
      compare(AccountTransactionBlock, bg('transactions'), {
        leftOut: notServed([
          'entryReference',
          'endToEndId',
          'mandateId',
          'checkId',
          'creditorId',
          'currencyExchange',
          'creditorAgent',
          'debtorAgent',
          'remittanceInformationUnstructuredArray',
          'remittanceInformationStructured',
          'remittanceInformationStructuredArray',
          'additionalInformation',
          'additionalInformationStructured',
          'proprietaryBankTransactionCode',
          'balanceAfterTransaction',
        ]),
      }),
    ).toEqual([]);
    expect(
      compare(property(AccountTransactionsResponseBlock, 'transactions'), bg('accountReport'), {
        leftOut: notServed(['information']),
      }),
    ).toEqual([]);
    expect(
      compare(AccountTransactionsResponseBlock, bg('transactionsResponse-200_json'), {
        leftOut: {
          balances: 'withBalance is not offered on the transaction list (docs/ais.md)',
          _links: 'no download link: the list is never too large for JSON',
        },
      }),
    ).toEqual([]);
  });
});
