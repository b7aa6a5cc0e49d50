/**
 * The bank's entities as rows of its store (SQLite's bank_entities, PostgreSQL's): which
 * collections are rows, and the position arithmetic the change tracker and the stores share.
 */
import type { DomainState } from '../domain/model.js';

/** The collections kept as entity rows (every one but the ledger's). */
export type EntityCollection = Exclude<keyof DomainState, 'ledger'>;

/**
 * The collections that grow with a sandbox's history: a bank with a database keeps them there and
 * reads an entity when a request asks for it (paged-rows.ts); the process holds what requests
 * touch, not the history.
 */
const GROWING: readonly EntityCollection[] = [
  'sessions',
  'authorisations',
  'consents',
  'grants',
  'accessCounts',
  'payments',
  'baskets',
];

export const PAGED_COLLECTIONS: ReadonlySet<EntityCollection> = new Set(GROWING);

/** Every collection kept as entity rows: the sandbox's data, the growing ones, `behaviour` (one row) last. */
export const ENTITY_COLLECTIONS: readonly EntityCollection[] = [
  'customers',
  'accounts',
  'cardAccounts',
  'agreements',
  'psuIdentities',
  'corporateIdentities',
  ...GROWING,
  'behaviour',
];

/** Entities of each paged collection kept in the process between requests. */
export const PAGED_ENTITIES_KEPT = 2_000;

/**
 * The position after the largest of `positions` (0 for none). A loop, not `Math.max(...)`: a
 * spread passes every position as an argument, and past about 120,000 rows (a collection a
 * long-running sandbox reaches) that overflows the stack and the state could not be loaded.
 */
export function afterLast(positions: readonly number[]): number {
  let next = 0;
  for (const position of positions) if (position >= next) next = position + 1;
  return next;
}

/** `behaviour` is one object; the collections are arrays. Both are stored as rows. */
export function rowsOf(value: unknown): object[] {
  return (Array.isArray(value) ? value : [value]) as object[];
}
