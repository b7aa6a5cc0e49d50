/**
 * The sandbox data in words, generated from the data itself: the initialize and
 * fixed-test-data routes put it in /openapi.json, and docs/sandbox-data.md holds the same text
 * (test/integration/sandbox/docs.test.ts keeps the file equal to sandboxDataDocument()).
 */
import { minorUnitsToAmountString } from '../../../spec/validators/amount.js';
import { validateNorwegianIdentityNumber } from '../../../spec/validators/national-identity-number.js';
import { addFixedTestData } from '../../domain/fixed-test-data.js';
import { buildInitialState } from '../../domain/initial-data.js';
import { bankDay } from '../../domain/ids.js';
import type { DomainState } from '../../domain/model.js';
import {
  agreementsRepresentedBy,
  cardAccountIban,
  consentableAccounts,
  isConsentable,
} from '../../domain/parties.js';

/** The documented PSU the production-only history belongs to (domain/production-data.ts). */
const PRODUCTION_PSU = '10000001';

/** Any instant works: only dates move with the clock, and the text states them relatively. */
const REFERENCE_NOW = new Date('2025-01-15T12:00:00Z');

const money = (amount: number, currency: string) =>
  `${minorUnitsToAmountString(amount, currency) ?? amount} ${currency}`;

function identityKind(nin: string): string {
  const check = validateNorwegianIdentityNumber(nin);
  return check.ok ? (check.kind === 'd-number' ? 'D-number' : 'birth number') : 'invalid';
}

function daysBack(date: string): number {
  return Math.round(
    (Date.parse(bankDay(REFERENCE_NOW)) - Date.parse(date.slice(0, 10))) / 86_400_000,
  );
}

function span(dates: readonly string[]): string {
  if (dates.length === 0) return '–';
  const back = dates.map(daysBack);
  const oldest = Math.max(...back);
  const newest = Math.min(...back);
  const at = (days: number) =>
    days === 0 ? 'the bank date' : `${days} day${days === 1 ? '' : 's'} before`;
  return newest === oldest ? at(newest) : `${at(oldest)} to ${at(newest)}`;
}

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Markdown of the given customers' data in `state`. */
function describe(state: DomainState, customerNumbers: ReadonlySet<string>): string {
  const customers = state.customers.filter((c) => customerNumbers.has(c.customerNumber));
  const nameOf = (number: string) =>
    state.customers.find((c) => c.customerNumber === number)?.name ?? number;
  const accounts = state.accounts.filter((a) => customerNumbers.has(a.customerNumber));
  const cards = state.cardAccounts.filter((c) => customerNumbers.has(c.customerNumber));
  const allAccountEntries = state.ledger.allAccountTransactions();
  const allCardEntries = state.ledger.allCardTransactions();
  const agreements = state.agreements.filter((a) => customerNumbers.has(a.owner));
  const parts: string[] = [];

  parts.push(
    table(
      ['customerNumber', 'type', 'name', 'identity number (SCA login)'],
      customers.map((c) => [
        c.customerNumber,
        c.type,
        c.name,
        `${c.nationalIdentityNumber} (${identityKind(c.nationalIdentityNumber)})`,
      ]),
    ),
  );
  parts.push(
    '**Accounts** (balances after the seeded history; amounts in the sandbox are int32 minor units)',
    table(
      [
        'id',
        'owner',
        'accountName',
        'iban / bban',
        'cashAccountType',
        'creditLine',
        'closingBooked / expected',
        'transactions (booked + pending), booking dates',
      ],
      accounts.map((a) => {
        const entries = allAccountEntries.filter((t) => t.accountId === a.id);
        const pending = entries.filter((t) => t.status === 'pending').length;
        return [
          `\`${a.id}\``,
          `${a.customerNumber} ${nameOf(a.customerNumber)}`,
          a.accountName,
          `${a.iban} / ${a.bban}`,
          a.cashAccountType,
          money(a.creditLine, a.currency),
          `${money(a.balances.closingBooked, a.currency)} / ${money(a.balances.expected, a.currency)}`,
          `${entries.length - pending} + ${pending}, ${span(entries.map((t) => t.bookingDate))}`,
        ];
      }),
    ),
  );
  if (cards.length > 0)
    parts.push(
      '**Card accounts** (expiry: the bank year plus three)',
      table(
        [
          'resourceId',
          'owner',
          'name',
          'maskedPan',
          'accountNumber (IBAN)',
          'creditLimit',
          'closingBooked / expected',
          'card transactions (booked + pending), booking dates',
        ],
        cards.map((c) => {
          const entries = allCardEntries.filter((t) => t.accountId === c.resourceId);
          const pending = entries.filter((t) => t.status === 'pending').length;
          const foreign = entries.filter((t) => t.currencyExchange).length;
          return [
            `\`${c.resourceId}\``,
            `${c.customerNumber} ${nameOf(c.customerNumber)}`,
            c.name,
            c.maskedPan,
            `${c.accountNumber} (${cardAccountIban(c)})`,
            money(c.creditLimit.amount, c.creditLimit.currency),
            c.balances
              .map((b) => money(b.balanceAmount.amount, b.balanceAmount.currency))
              .join(' / '),
            `${entries.length - pending} + ${pending} (${foreign} in foreign currency), ${span(entries.map((t) => t.bookingDate))}`,
          ];
        }),
      ),
    );
  parts.push(
    '**Agreements and engagements** (an engagement is offered for consent only with REGISTER and VIEW, §4.3 rule 5)',
    table(
      [
        'agreement',
        'type',
        'owner',
        'engagement: customer → account',
        'roles',
        'offered for consent',
      ],
      agreements.flatMap((agreement) =>
        agreement.engagements.map((e) => [
          `\`${agreement.id}\` ${agreement.name}`,
          agreement.type,
          agreement.owner,
          `${e.customer} ${nameOf(e.customer)} → ${e.account.iban}`,
          e.roles.join(', '),
          isConsentable(e) ? 'yes' : 'no',
        ]),
      ),
    ),
  );
  const logins = customers.filter((c) => c.type === 'PRIVATE');
  parts.push(
    '**Who to log in as** (the SCA login asks for the identity number; a corporation is acted for by a person who represents it, chosen as context during SCA)',
    logins
      .flatMap((c) => {
        const offered = (agreementId?: string) =>
          consentableAccounts(state, {
            customerNumber: c.customerNumber,
            ...(agreementId ? { agreementId } : {}),
          })
            .map((a) => `${a.name} (\`${a.id}\`)`)
            .join(', ') || 'nothing (no engagement with REGISTER and VIEW)';
        return [
          `- ${c.name}, ${c.nationalIdentityNumber}, private context: ${offered()}.`,
          ...agreementsRepresentedBy(state, c.customerNumber).map(
            (agreement) =>
              `- ${c.name}, ${c.nationalIdentityNumber}, corporate context \`${agreement.id}\` (${agreement.name}): ${offered(agreement.id)}.`,
          ),
        ];
      })
      .join('\n'),
  );
  return parts.join('\n\n');
}

/** The initial data (POST /v1/sandbox/initialize, and a fresh bank). */
export function describeInitialData(): string {
  const state = buildInitialState(REFERENCE_NOW);
  const text = describe(state, new Set(state.customers.map((c) => c.customerNumber)));
  state.ledger.close();
  return text;
}

/** What POST /v1/sandbox/fixed-test-data adds. */
export function describeFixedTestData(): string {
  const state = buildInitialState(REFERENCE_NOW);
  const summary = addFixedTestData(state, REFERENCE_NOW);
  const text = describe(state, new Set(summary.customers));
  state.ledger.close();
  return text;
}

/** What a production-mode bank holds for the documented PSU: the initial data and more. */
export function describeProductionData(): string {
  const state = buildInitialState(REFERENCE_NOW, 'production');
  const text = describe(state, new Set([PRODUCTION_PSU]));
  state.ledger.close();
  return text;
}

/** docs/sandbox-data.md, whole. */
export function sandboxDataDocument(): string {
  return [
    '# Sandbox data',
    '<!-- Generated from main/core/bank/domain/initial-data.ts and fixed-test-data.ts by main/core/bank/handlers/sandbox/data-description.ts. Do not edit by hand: run `UPDATE_SANDBOX_DOCS=1 npx vitest run test/integration/sandbox/docs.test.ts`. -->',
    'The embedded bank starts in this state, and POST /v1/sandbox/initialize returns to it (removing everything created by hand). Ids, names, numbers and amounts are fixed. Dates are relative to the **bank date** (the bank clock, UTC): transaction booking dates count back from it, so the history is always recent; "the bank date" below means the day the bank was initialised. Identity numbers are valid mock Norwegian birth numbers or D-numbers (two mod-11 check digits), BBANs pass the mod-11 check and IBANs the mod-97 check. A card account’s IBAN (what engagements name) is the Norwegian IBAN of its accountNumber.',
    'In every sandbox body a customer may be named by its customerNumber or by its identity number. The sandbox operations, their bodies (where the spec does not show them), rules and status codes are described in the bank’s API reference (GET /openapi.json, tag Sandbox).',
    '## Initial data',
    describeInitialData(),
    '## Fixed test data',
    'POST /v1/sandbox/fixed-test-data adds this set next to the initial data (calling it again replaces it; POST /v1/sandbox/initialize removes it): hundreds of account transactions over a year for paging and date filters, pending ones on the bank date, and a year of card transactions, many in foreign currencies with currencyExchange (SEK, EUR, USD, GBP, DKK at fixed rates plus a 1.75 % markup fee).',
    describeFixedTestData(),
    '## Production data',
    'A bank in production mode (`workbench bank --mode production`, or the embedded bank with a production target) has no /v1/sandbox to create data with (§4.3). Its initial state is the initial data above plus what the rules that hold in both modes need to be seen: Ola Nordmann also has a bill account with more booked transactions than one default page (§8: 200 per call without paging parameters, the next and previous links carrying 200) and a second card account with as many card transactions and pending ones (§8: card account reads filter pending transactions by dateFrom, dateTo and limit). All of it lies inside the default 90-day window. The production checks of those rules find such an account through AIS, after the PSU’s consent; a bank under test without one makes them “could not test”, naming what they looked for. Ola Nordmann’s holdings in production mode:',
    describeProductionData(),
    '',
  ].join('\n\n');
}
