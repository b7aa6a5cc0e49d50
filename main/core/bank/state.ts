/**
 * The bank's state as a snapshot (one ledger both views read, decisions.md "Amounts and
 * identities"): export and import. The collections themselves are defined in domain/model.ts.
 * A snapshot holds every collection as JSON arrays; the live state (DomainState) keeps the
 * transactions in its ledger store, and the two convert here.
 */
import {
  DomainSnapshotSchema,
  emptyDomainSnapshot,
  type DomainSnapshot,
  type DomainState,
} from './domain/model.js';
import type { LedgerStore } from './domain/ledger-store.js';
import { plainCollection } from './domain/collection-index.js';
import { SpecValidator, problemText } from '../spec/validation.js';

/**
 * The bank's whole state is its domain (domain/model.ts), under two names: DomainState, the live
 * state (its transactions in the ledger store), and DomainSnapshot, the state as a snapshot holds
 * it (every collection as JSON, transactions included). BankSnapshot is the file a snapshot is
 * exported in: a DomainSnapshot with its format, version, mode and time.
 */
export { DomainSnapshotSchema, emptyDomainSnapshot, type DomainSnapshot };

/** How a snapshot is taken from the live state. */
export interface SnapshotTaking {
  /**
   * False: the entities are the live ones, not copies, for a caller that serialises the snapshot
   * at once and keeps nothing of it (exportSnapshotText). True by default: the caller may keep it.
   */
  copy?: boolean;
}

/** The live state as a snapshot: its small entities copied, its ledger read out whole. */
export function snapshotStateOf(
  live: DomainState,
  { copy = true }: SnapshotTaking = {},
): DomainSnapshot {
  const { ledger, ...small } = live;
  // A durable bank's large collections may be read from its file as they are copied.
  const plain = Object.fromEntries(
    Object.entries(small).map(([name, items]) => [name, plainCollection(items)]),
  ) as typeof small;
  return {
    ...(copy ? structuredClone(plain) : plain),
    accountTransactions: ledger.allAccountTransactions(),
    cardTransactions: ledger.allCardTransactions(),
  };
}

/** A (checked) snapshot state made live on `ledger`, whose transactions it replaces. */
export function liveStateOf(snapshot: DomainSnapshot, ledger: LedgerStore): DomainState {
  const { accountTransactions, cardTransactions, ...small } = snapshot;
  ledger.replaceAll(accountTransactions, cardTransactions);
  return { ...small, ledger };
}

export const SNAPSHOT_FORMAT = 'psd2-workbench/bank-state';
export const SNAPSHOT_VERSION = 1;

export interface BankSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** Bank clock time of the export. */
  exportedAt: string;
  mode: string;
  state: DomainSnapshot;
}

export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

const validator = new SpecValidator();

export function exportSnapshot(
  state: DomainState,
  mode: string,
  now: Date,
  taking: SnapshotTaking = {},
): BankSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    exportedAt: now.toISOString(),
    mode,
    state: snapshotStateOf(state, taking),
  };
}

/** The size of the pieces exportSnapshotParts gives: one socket write each. */
const PART_BYTES = 64 * 1024;

/**
 * The snapshot as the bytes of its JSON text (what `JSON.stringify(exportSnapshot(…))` gives), in
 * pieces of about PART_BYTES, serialised from the live state in one synchronous step: nothing can
 * change the state between the read and the text, so no copy of it is made first (a 100k-entity
 * state is about 150 MB of heap), and no single string of the whole text either (GET
 * /admin/snapshot): the pieces are each entity's JSON, gathered.
 */
export function exportSnapshotParts(state: DomainState, mode: string, now: Date): Buffer[] {
  const { state: taken, ...envelope } = exportSnapshot(state, mode, now, { copy: false });
  const parts: Buffer[] = [];
  let pending = JSON.stringify(envelope).slice(0, -1) + ',"state":{';
  const add = (text: string) => {
    pending += text;
    if (pending.length < PART_BYTES) return;
    parts.push(Buffer.from(pending, 'utf8'));
    pending = '';
  };
  let first = true;
  for (const [name, value] of Object.entries(taken)) {
    // JSON.stringify leaves out a property whose value it cannot write, and writes null for
    // such an array element: so does this.
    if (!Array.isArray(value)) {
      const text = JSON.stringify(value) as string | undefined;
      if (text === undefined) continue;
      add(`${first ? '' : ','}${JSON.stringify(name)}:${text}`);
    } else {
      add(`${first ? '' : ','}${JSON.stringify(name)}:[`);
      for (let at = 0; at < value.length; at++) {
        const text = JSON.stringify(value[at]) as string | undefined;
        add(`${at === 0 ? '' : ','}${text ?? 'null'}`);
      }
      add(']');
    }
    first = false;
  }
  parts.push(Buffer.from(`${pending}}}`, 'utf8'));
  return parts;
}

/** How readSnapshot takes an object. */
export interface SnapshotReading {
  /**
   * The caller hands the object over (the admin API's body, parsed for this call alone): its state
   * becomes the bank's without a copy, so a large snapshot is never held twice. Otherwise the
   * state is copied: the caller may keep and change its object.
   */
  handOver?: boolean;
}

/**
 * Validates a snapshot (object or JSON text) and returns its state. Collections a snapshot lacks
 * (written before a later issue added them) start empty; anything else wrong is refused with a
 * message naming the field.
 */
export function readSnapshot(input: unknown, reading: SnapshotReading = {}): DomainSnapshot {
  let value = input;
  // Text parsed here is nobody else's: no copy of it either.
  let handOver = reading.handOver === true;
  if (typeof input === 'string' || Buffer.isBuffer(input)) {
    handOver = true;
    try {
      value = JSON.parse(input.toString());
    } catch (error) {
      throw new SnapshotError(`snapshot is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SnapshotError('snapshot must be a JSON object');
  const envelope = value as Partial<BankSnapshot>;
  if (envelope.format !== SNAPSHOT_FORMAT)
    throw new SnapshotError(`snapshot format must be '${SNAPSHOT_FORMAT}'`);
  if (envelope.version !== SNAPSHOT_VERSION)
    throw new SnapshotError(versionProblem(envelope.version));
  if (
    typeof envelope.state !== 'object' ||
    envelope.state === null ||
    Array.isArray(envelope.state)
  )
    throw new SnapshotError('snapshot has no state object');
  const given = envelope.state as Partial<DomainSnapshot>;
  const state = { ...emptyDomainSnapshot(), ...(handOver ? given : structuredClone(given)) };
  checkState(state);
  return state;
}

/** What is wrong with a snapshot's `version`: missing, another number, or not a number at all. */
function versionProblem(version: unknown): string {
  if (version === undefined)
    return `snapshot has no version (expected the number ${SNAPSHOT_VERSION})`;
  if (typeof version === 'number')
    return `snapshot version ${version} is not supported (expected ${SNAPSHOT_VERSION})`;
  const shown = JSON.stringify(version) ?? String(version);
  const kind =
    version === null ? 'null' : Array.isArray(version) ? 'an array' : `a ${typeof version}`;
  return `snapshot version must be the number ${SNAPSHOT_VERSION}, not ${kind} (${shown.slice(0, 40)})`;
}

/** Throws SnapshotError naming the first problems when `state` breaks its schema or references. */
export function checkState(state: DomainSnapshot): void {
  const check = validator.check(DomainSnapshotSchema, state);
  if (!check.ok)
    throw new SnapshotError(
      `snapshot state is invalid: ${check.problems.slice(0, 5).map(problemText).join('; ')}`,
    );
  checkReferences(state);
}

/** Cross-references a schema cannot express: unique ids, and entries pointing at what exists. */
function checkReferences(state: DomainSnapshot): void {
  const unique = (what: string, ids: string[]) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) throw new SnapshotError(`snapshot state has ${what} '${id}' twice`);
      seen.add(id);
    }
    return seen;
  };
  const customers = unique(
    'customer',
    state.customers.map((c) => c.customerNumber),
  );
  const accounts = unique(
    'account',
    state.accounts.map((a) => a.id),
  );
  const cardAccounts = unique(
    'card account',
    state.cardAccounts.map((a) => a.resourceId),
  );
  unique(
    'payment',
    state.payments.map((p) => p.paymentId),
  );
  unique(
    'consent',
    state.consents.map((c) => c.consentId),
  );
  unique(
    'authorisation',
    state.authorisations.map((a) => a.authorisationId),
  );
  unique(
    'agreement',
    state.agreements.map((a) => a.id),
  );
  const refer = (what: string, index: number, id: string, known: Set<string>, kind: string) => {
    if (!known.has(id))
      throw new SnapshotError(`snapshot state ${what}[${index}] refers to unknown ${kind} '${id}'`);
  };
  state.accounts.forEach((a, i) => refer('accounts', i, a.customerNumber, customers, 'customer'));
  state.cardAccounts.forEach((a, i) =>
    refer('cardAccounts', i, a.customerNumber, customers, 'customer'),
  );
  state.accountTransactions.forEach((t, i) =>
    refer('accountTransactions', i, t.accountId, accounts, 'account'),
  );
  state.cardTransactions.forEach((t, i) =>
    refer('cardTransactions', i, t.accountId, cardAccounts, 'card account'),
  );
  state.agreements.forEach((a, i) => refer('agreements', i, a.owner, customers, 'customer'));
}
