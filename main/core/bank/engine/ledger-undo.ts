/**
 * A console change's ledger writes, undone when it throws (state-engine.ts `change`): a savepoint
 * on the ledger's SQLite database, in memory as in a file, so an update whose result is refused
 * leaves no posting behind even inside a transaction that is kept.
 */
import type { LedgerStore } from '../domain/ledger-store.js';

export function undoLedgerOnThrow<T>(ledger: LedgerStore, operation: () => T): T {
  const db = ledger.db;
  db.exec('SAVEPOINT bank_change');
  let result: T;
  try {
    result = operation();
  } catch (error) {
    // A reset or an import may have replaced (and closed) the ledger it started on.
    if (db.open) db.exec('ROLLBACK TO bank_change; RELEASE bank_change');
    throw error;
  }
  if (db.open) db.exec('RELEASE bank_change');
  return result;
}
