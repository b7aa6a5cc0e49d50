/**
 * The bank's in-memory state (one ledger both views read, decisions.md "Amounts and identities"),
 * its JSON Schema, and snapshot export/import. Later issues add their collections here: one
 * property in BankStateSchema plus its empty value in emptyState().
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  SandboxCardAccountRequestBlock,
  SandboxCardTransactionBlock,
} from '../spec/schemas/sandbox.js';
import { SpecValidator, problemText } from '../spec/validation.js';

/** A card account as the sandbox created it (§2.6 request fields plus its resourceId). */
export const CardAccountRecordSchema = Type.Object({
  resourceId: Type.String({ minLength: 1 }),
  ...SandboxCardAccountRequestBlock.properties,
});
export type CardAccountRecord = Static<typeof CardAccountRecordSchema>;

/** A card transaction as the sandbox created it (§2.6 request item) on a card account. */
export const CardTransactionRecordSchema = Type.Object({
  accountId: Type.String({ minLength: 1 }),
  ...SandboxCardTransactionBlock.properties,
});
export type CardTransactionRecord = Static<typeof CardTransactionRecordSchema>;

export const BankStateSchema = Type.Object(
  {
    cardAccounts: Type.Array(CardAccountRecordSchema),
    cardTransactions: Type.Array(CardTransactionRecordSchema),
  },
  { additionalProperties: false },
);
export type BankState = Static<typeof BankStateSchema>;

export function emptyState(): BankState {
  return { cardAccounts: [], cardTransactions: [] };
}

export const SNAPSHOT_FORMAT = 'psd2-workbench/bank-state';
export const SNAPSHOT_VERSION = 1;

export interface BankSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** Bank clock time of the export. */
  exportedAt: string;
  mode: string;
  state: BankState;
}

export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

const validator = new SpecValidator();

export function exportSnapshot(state: BankState, mode: string, now: Date): BankSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    exportedAt: now.toISOString(),
    mode,
    state: structuredClone(state),
  };
}

/**
 * Validates a snapshot (object or JSON text) and returns its state. Collections a snapshot lacks
 * (written before a later issue added them) start empty; anything else wrong is refused with a
 * message naming the field.
 */
export function readSnapshot(input: unknown): BankState {
  let value = input;
  if (typeof input === 'string' || Buffer.isBuffer(input)) {
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
    throw new SnapshotError(
      `snapshot version ${String(envelope.version)} is not supported (expected ${SNAPSHOT_VERSION})`,
    );
  if (
    typeof envelope.state !== 'object' ||
    envelope.state === null ||
    Array.isArray(envelope.state)
  )
    throw new SnapshotError('snapshot has no state object');
  const state = { ...emptyState(), ...structuredClone(envelope.state) };
  const check = validator.check(BankStateSchema, state);
  if (!check.ok)
    throw new SnapshotError(
      `snapshot state is invalid: ${check.problems.slice(0, 5).map(problemText).join('; ')}`,
    );
  checkReferences(state);
  return state;
}

function checkReferences(state: BankState): void {
  const ids = new Set<string>();
  for (const account of state.cardAccounts) {
    if (ids.has(account.resourceId))
      throw new SnapshotError(`snapshot state has card account '${account.resourceId}' twice`);
    ids.add(account.resourceId);
  }
  for (const [index, transaction] of state.cardTransactions.entries())
    if (!ids.has(transaction.accountId))
      throw new SnapshotError(
        `snapshot state cardTransactions[${index}] refers to unknown card account '${transaction.accountId}'`,
      );
}
