/**
 * The bank state as the console shows it: one human table per kind of record (a few columns that
 * fit the column, amounts in major units with their currency, dates), each row with the actions
 * the bank offers on it. Sessions come from the bank's own §3.4 reading (`bank.sessions`), not the
 * stored record. Pure: the view renders what this returns.
 */
import type { BankSessionRowView } from '../../../../main/api/contract';
import { formatInstant } from '../../lib/format';

/** What a row's button does: a bank-side change, or a sandbox API operation (§4.3) on the row. */
export type RowAction =
  | { kind: 'revokeConsent'; label: string; consentId: string }
  | { kind: 'cardStatus'; label: string; cardAccountId: string; status: 'enabled' | 'blocked' }
  | { kind: 'sandbox'; label: string; operationId: string; resourceId: string };

export interface ConsoleColumn {
  key: string;
  label: string;
}

export interface ConsoleRow {
  id: string;
  cells: Record<string, string>;
  actions: RowAction[];
}

export interface ConsoleTable {
  name: string;
  title: string;
  columns: ConsoleColumn[];
  rows: ConsoleRow[];
}

type Rec = Record<string, unknown>;

const str = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? '' : String(value);

function fractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** 123456 NOK minor units → "1,234.56 NOK". */
export function formatMinor(minor: unknown, currency: unknown): string {
  if (typeof minor !== 'number' || !Number.isFinite(minor)) return '';
  const code = str(currency);
  const digits = fractionDigits(code);
  const major = minor / 10 ** digits;
  const text = major.toLocaleString('en', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return code ? `${text} ${code}` : text;
}

/** A sandbox amount block `{ amount: <minor units>, currency }` (§2.6) → "12.50 NOK". */
function formatAmountBlock(block: unknown): string {
  const { amount, currency } = (block ?? {}) as Rec;
  return formatMinor(amount, currency);
}

/** "2026-04-01T12:00:05.000Z" → "2026-04-01 12:00:05 UTC"; a plain date stays a date. */
export function formatWhen(value: unknown): string {
  const text = str(value);
  if (!text) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return formatInstant(text);
}

function records(state: Rec, name: string): Rec[] {
  const value = state[name];
  return Array.isArray(value)
    ? value.filter((r): r is Rec => typeof r === 'object' && r !== null)
    : [];
}

function table(
  name: string,
  title: string,
  columns: [string, string][],
  rows: ConsoleRow[],
): ConsoleTable {
  return { name, title, columns: columns.map(([key, label]) => ({ key, label })), rows };
}

export function consoleTables(snapshot: unknown, sessions: BankSessionRowView[]): ConsoleTable[] {
  const state = (snapshot as { state?: unknown } | null)?.state;
  if (typeof state !== 'object' || state === null) return [];
  const s = state as Rec;
  const customerName = new Map(
    records(s, 'customers').map((c) => [str(c.customerNumber), str(c.name)]),
  );
  const who = (customerNumber: unknown) => {
    const number = str(customerNumber);
    const name = customerName.get(number);
    return name ? `${name} (${number})` : number;
  };
  const grants = records(s, 'grants');
  const accountCurrency = new Map(records(s, 'accounts').map((a) => [str(a.id), str(a.currency)]));
  const stateRecords: StateRecords = { s, who, grants, accountCurrency, sessions };

  return [
    customersTable(stateRecords),
    accountsTable(stateRecords),
    accountTransactionsTable(stateRecords),
    cardAccountsTable(stateRecords),
    cardTransactionsTable(stateRecords),
    agreementsTable(stateRecords),
    consentsTable(stateRecords),
    sessionsTable(stateRecords),
    paymentsTable(stateRecords),
  ];
}

/** The snapshot's state and what several tables look up in it. */
interface StateRecords {
  s: Rec;
  /** A customer number as "Name (number)". */
  who(customerNumber: unknown): string;
  grants: Rec[];
  accountCurrency: Map<string, string>;
  sessions: BankSessionRowView[];
}

/** The bank's customers: private PSUs and companies. */
function customersTable({ s }: StateRecords): ConsoleTable {
  return table(
    'customers',
    'Customers',
    [
      ['name', 'Name'],
      ['type', 'Type'],
      ['customerNumber', 'Customer number'],
      ['nationalIdentityNumber', 'National id'],
    ],
    records(s, 'customers').map((c) => ({
      id: str(c.customerNumber),
      cells: {
        name: str(c.name),
        type: str(c.type),
        customerNumber: str(c.customerNumber),
        nationalIdentityNumber: str(c.nationalIdentityNumber),
      },
      actions: [],
    })),
  );
}

/** The accounts, their owner and booked balance; the sandbox operations on an account (§4.3). */
function accountsTable({ s, who }: StateRecords): ConsoleTable {
  return table(
    'accounts',
    'Accounts',
    [
      ['accountName', 'Account'],
      ['iban', 'IBAN'],
      ['owner', 'Owner'],
      ['booked', 'Booked balance'],
      ['status', 'Status'],
    ],
    records(s, 'accounts').map((a) => {
      const balances = (a.balances ?? {}) as Rec;
      return {
        id: str(a.id),
        cells: {
          accountName: str(a.accountName),
          iban: str(a.iban),
          owner: who(a.customerNumber),
          booked: formatMinor(balances.closingBooked, a.currency),
          status: `${str(a.status)}${a.paymentPermission === false ? ', no payments' : ''}`,
        },
        actions: [
          {
            kind: 'sandbox',
            label: 'Change balances',
            operationId: 'changeSandboxAccountBalances',
            resourceId: str(a.id),
          },
          {
            kind: 'sandbox',
            label: 'Add transactions',
            operationId: 'createSandboxAccountTransactions',
            resourceId: str(a.id),
          },
        ],
      };
    }),
  );
}

/** The accounts' transactions, amounts in the account's currency when the record has none. */
function accountTransactionsTable({ s, accountCurrency }: StateRecords): ConsoleTable {
  return table(
    'accountTransactions',
    'Account transactions',
    [
      ['bookingDate', 'Booked'],
      ['amount', 'Amount'],
      ['counterparty', 'Counterparty'],
      ['text', 'Text'],
      ['status', 'Status'],
    ],
    records(s, 'accountTransactions').map((t) => ({
      id: str(t.id),
      cells: {
        bookingDate: formatWhen(t.bookingDate),
        amount: formatMinor(t.amount, t.currency ?? accountCurrency.get(str(t.accountId))),
        counterparty: str(t.creditorName) || str(t.debtorName),
        text: str(t.remittanceInformationUnstructured),
        status: str(t.status),
      },
      actions: [],
    })),
  );
}

/** The card accounts; the bank blocks or unblocks one, the sandbox adds its transactions. */
function cardAccountsTable({ s, who }: StateRecords): ConsoleTable {
  return table(
    'cardAccounts',
    'Card accounts',
    [
      ['name', 'Card account'],
      ['maskedPan', 'Card'],
      ['owner', 'Owner'],
      ['status', 'Status'],
    ],
    records(s, 'cardAccounts').map((c) => {
      const id = str(c.resourceId);
      const status = str(c.status);
      const actions: RowAction[] = [];
      if (status === 'enabled')
        actions.push({
          kind: 'cardStatus',
          label: 'Block',
          cardAccountId: id,
          status: 'blocked',
        });
      if (status === 'blocked')
        actions.push({
          kind: 'cardStatus',
          label: 'Unblock',
          cardAccountId: id,
          status: 'enabled',
        });
      actions.push({
        kind: 'sandbox',
        label: 'Add transactions',
        operationId: 'createSandboxCardTransactions',
        resourceId: id,
      });
      return {
        id,
        cells: {
          name: str(c.name),
          maskedPan: str(c.maskedPan),
          owner: who(c.customerNumber ?? c.ownerCustomerNumber),
          status,
        },
        actions,
      };
    }),
  );
}

/** The card transactions (§2.6 amount blocks). */
function cardTransactionsTable({ s }: StateRecords): ConsoleTable {
  return table(
    'cardTransactions',
    'Card transactions',
    [
      ['bookingDate', 'Booked'],
      ['amount', 'Amount'],
      ['details', 'Details'],
      ['status', 'Status'],
    ],
    records(s, 'cardTransactions').map((t) => ({
      id: `${str(t.accountId)}/${str(t.cardTransactionId)}`,
      cells: {
        bookingDate: formatWhen(t.bookingDate),
        amount: formatAmountBlock(t.transactionAmount),
        details: str(t.transactionDetails),
        status: str(t.status),
      },
      actions: [],
    })),
  );
}

/** The corporate agreements and how many engagements each has; the sandbox adds one. */
function agreementsTable({ s, who }: StateRecords): ConsoleTable {
  return table(
    'agreements',
    'Agreements',
    [
      ['name', 'Agreement'],
      ['type', 'Type'],
      ['owner', 'Owner'],
      ['engagements', 'Engagements'],
    ],
    records(s, 'agreements').map((a) => ({
      id: str(a.id),
      cells: {
        name: str(a.name),
        type: str(a.type),
        owner: who(a.owner),
        engagements: String(Array.isArray(a.engagements) ? a.engagements.length : 0),
      },
      actions: [
        {
          kind: 'sandbox',
          label: 'Add engagement',
          operationId: 'createSandboxEngagement',
          resourceId: str(a.id),
        },
      ],
    })),
  );
}

/** The consents with the accounts still granted; the PSU revokes one at the bank (§1). */
function consentsTable({ s, who, grants }: StateRecords): ConsoleTable {
  return table(
    'consents',
    'Consents',
    [
      ['consentId', 'Consent'],
      ['tppId', 'TPP'],
      ['psu', 'PSU'],
      ['status', 'Status'],
      ['accounts', 'Accounts granted'],
      ['createdAt', 'Created'],
    ],
    records(s, 'consents').map((c) => {
      const id = str(c.consentId);
      const granted = grants.filter((g) => g.consentId === id && g.revokedAt === undefined);
      const status = str(c.consentStatus);
      return {
        id,
        cells: {
          consentId: id,
          tppId: str(c.tppId),
          psu: who(c.customerNumber),
          status,
          accounts: String(granted.length),
          createdAt: formatWhen(c.createdAt),
        },
        actions:
          status === 'valid' || granted.length > 0
            ? [{ kind: 'revokeConsent', label: 'Revoke', consentId: id }]
            : [],
      };
    }),
  );
}

/** The TPP sessions as the bank reads them now (§3.4), not the stored record. */
function sessionsTable({ who, sessions }: StateRecords): ConsoleTable {
  return table(
    'sessions',
    'Sessions',
    [
      ['tppSessionId', 'TPP session'],
      ['tppId', 'TPP'],
      ['psu', 'PSU'],
      ['state', 'State (bank clock now)'],
      ['until', 'SCA valid until'],
    ],
    sessions.map((session) => ({
      id: session.tppSessionId,
      cells: {
        tppSessionId: session.tppSessionId,
        tppId: session.tppId,
        psu: `${who(session.customerNumber)}, ${session.context.toLowerCase()}`,
        state:
          session.state === 'replaced' && session.replacedBy
            ? `replaced by ${session.replacedBy.slice(0, 8)}…`
            : session.state,
        until: formatWhen(session.scaValidUntil),
      },
      actions: [],
    })),
  );
}

/** The payments and their transaction status. */
function paymentsTable({ s }: StateRecords): ConsoleTable {
  return table(
    'payments',
    'Payments',
    [
      ['paymentId', 'Payment'],
      ['product', 'Product'],
      ['amount', 'Amount'],
      ['status', 'Status'],
      ['createdAt', 'Created'],
    ],
    records(s, 'payments').map((p) => ({
      id: str(p.paymentId),
      cells: {
        paymentId: str(p.paymentId),
        product: `${str(p.paymentService)} ${str(p.paymentProduct)}`,
        amount: formatMinor(p.amount, p.currency),
        status: str(p.transactionStatus),
        createdAt: formatWhen(p.createdAt),
      },
      actions: [],
    })),
  );
}

/** The rows whose cells contain every word of `text` (case-insensitive). */
export function filterRows(rows: ConsoleRow[], text: string): ConsoleRow[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const haystack = Object.values(row.cells).join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
