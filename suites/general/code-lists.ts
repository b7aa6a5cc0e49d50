/**
 * General rules about code lists (§2.1): currencies are ISO 4217 codes of the §2.1 list and
 * countries ISO 3166-1 alpha-2 codes of it.
 */
import { randomUUID } from 'node:crypto';
import { CURRENCIES } from '../../main/core/spec/currencies.js';
import {
  type Check,
  type CheckContext,
  type EvidenceExchange,
} from '../../main/core/runner/check-api/index.js';
import {
  SandboxAccountListItemSchema,
  SandboxCardAccountCreatedSchema,
} from '../../main/core/spec/schemas/sandbox.js';
import { expectRefusal, requireAccepted } from '../kit/controls.js';
import { freeNorwegianAccount } from '../kit/account-numbers.js';
import { json } from '../kit/answers.js';
import { dayFromToday } from '../kit/dates.js';
import { privatePsu } from '../kit/test-psus.js';
import { generalCheck } from './check.js';

/** A card transaction on a new card account of the first private customer, with `address`. */
async function cardTransactionWithAddress(
  ctx: CheckContext,
  cardAccountId: string,
  country: string,
): Promise<EvidenceExchange> {
  const today = await ctx.bankNow();
  return ctx.client.send({
    method: 'POST',
    path: `/v1/sandbox/card-accounts/${encodeURIComponent(cardAccountId)}/transactions`,
    label: `card acceptor country ${country}`,
    body: [
      {
        cardTransactionId: `wb-country-${randomUUID().slice(0, 8)}`,
        terminalId: 'T1',
        bookingDate: dayFromToday(-3, today),
        transactionDate: dayFromToday(-2, today),
        transactionAmount: { currency: 'NOK', amount: -1_000 },
        originalAmount: { currency: 'NOK', amount: -1_000 },
        merchantCategoryCode: '5411',
        cardAcceptorId: 'ACQ1',
        cardAcceptorAddress: { city: 'Somewhere', country },
        maskedPan: '525412******7788',
        transactionDetails: 'Purchase',
        invoiced: 'false',
        proprietaryBankTransactionCode: 'PURCHASE',
      },
    ],
  });
}

export const codeListChecks: Check[] = [
  generalCheck({
    id: 'GEN-CURRENCY-FROM-THE-LIST',
    title: 'A currency must be an ISO 4217 code of the §2.1 list',
    rules: ['GEN-CURRENCY-CODES'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const owner = (await privatePsu(ctx)).customerNumber;
      const post = (currency: string) => {
        const { bban, iban } = freeNorwegianAccount();
        return ctx.client.send({
          method: 'POST',
          path: '/v1/sandbox/accounts',
          label: `currency ${currency}`,
          body: {
            customerNumber: owner,
            accountName: `Konto i ${currency}`,
            bban,
            iban,
            currency,
            product: 'Valutakonto',
            cashAccountType: 'CACC',
            creditLine: 0,
            balances: [],
          },
        });
      };
      requireAccepted(ctx, await post('SEK'), {
        what: 'an account in SEK',
        status: 201,
        schema: SandboxAccountListItemSchema,
      });
      expectRefusal(
        ctx,
        await post('XYZ'),
        { code: 'FORMAT_ERROR', path: 'currency', textIncludes: 'currency' },
        'an account in XYZ (not ISO 4217)',
      );
      const listed = json<{ currency: string }[]>(
        await ctx.client.send({ method: 'GET', path: '/v1/sandbox/accounts' }),
      );
      for (const account of listed ?? [])
        ctx.expect.true(
          (CURRENCIES as readonly string[]).includes(account.currency),
          `listed currency ${account.currency} is on the §2.1 list`,
        );
    },
  }),
  generalCheck({
    id: 'GEN-COUNTRY-FROM-THE-LIST',
    title: 'A country must be an ISO 3166-1 alpha-2 code of the §2.1 list',
    rules: ['GEN-COUNTRY-CODES'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const card = await ctx.client.send({
        method: 'POST',
        path: '/v1/sandbox/card-accounts',
        label: 'a card account',
        body: {
          customerNumber: (await privatePsu(ctx)).customerNumber,
          maskedPan: '525412******7788',
          currency: 'NOK',
          creditLimit: { currency: 'NOK', amount: 100_000 },
          balances: [],
          cardId: 'wb-country',
          cardIdVNo: '01',
          accountNumber: freeNorwegianAccount().bban,
          expiry: '2030-12',
          name: 'Country check card',
          product: 'VISA',
          status: 'enabled',
        },
      });
      requireAccepted(ctx, card, {
        what: 'a card account to book on',
        status: 201,
        schema: SandboxCardAccountCreatedSchema,
      });
      const id = String(json(card).resourceId);
      requireAccepted(ctx, await cardTransactionWithAddress(ctx, id, 'SE'), {
        what: 'a card transaction with card acceptor country SE',
        status: 201,
      });
      for (const country of ['XX', 'NOR', 'no'])
        expectRefusal(
          ctx,
          await cardTransactionWithAddress(ctx, id, country),
          {
            code: 'FORMAT_ERROR',
            path: '[0].cardAcceptorAddress.country',
            textIncludes: 'country',
          },
          `country ${country} (not on the §2.1 list)`,
        );
    },
  }),
];
