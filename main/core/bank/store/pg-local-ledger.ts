/**
 * The ledger of a bank on PostgreSQL, as this process holds it (pg-bank-store.ts): the card and
 * account transactions in an in-memory SQLite ledger, as a bank without a file has them, with
 * - triggers that note each row a change inserts, updates or deletes, so that a commit writes
 *   those rows (as `bank_ledger` rows: the local row as JSON, NULL when deleted) and no other;
 * - a savepoint per change, so that a change that is not kept is undone here at its cost.
 */
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../persistence/sqlite-file.js';
import { LedgerStore } from '../domain/ledger-store.js';

const LEDGER_TABLES = ['account_transactions', 'card_transactions'] as const;

/** One ledger row as `bank_ledger` holds it. */
export interface LedgerRow {
  tbl: string;
  seq: number;
  /** The local row as JSON; null: deleted. */
  row: string | null;
}

export class LocalLedger {
  readonly store = LedgerStore.inMemory();
  private readonly db: SqliteDatabase = this.store.db;
  private savepoint = false;
  private probe: Statement | undefined;
  /**
   * Whether the ledger ran a write since its changes were last forgotten: until it does, it has
   * noted none, and a read asks SQLite nothing (LedgerStore calls `beforeWrite` before each).
   */
  private wrote = false;

  /** `where` names the database in errors. */
  constructor(private readonly where: string) {
    this.db.exec(
      `CREATE TEMP TABLE ledger_changes (tbl TEXT, seq INTEGER, PRIMARY KEY (tbl, seq))`,
    );
    for (const table of LEDGER_TABLES)
      for (const [event, row] of [
        ['INSERT', 'NEW'],
        ['UPDATE', 'NEW'],
        ['DELETE', 'OLD'],
      ] as const)
        this.db.exec(`CREATE TEMP TRIGGER ${table}_${event.toLowerCase()}_change
          AFTER ${event} ON main.${table} BEGIN
          INSERT OR IGNORE INTO ledger_changes VALUES ('${table}', ${row}.seq); END`);
    this.store.beforeWrite = () => {
      this.wrote = true;
    };
  }

  /** Whether the change in progress wrote a ledger row. */
  changed(): boolean {
    if (!this.wrote) return false;
    this.probe ??= this.db.prepare(`SELECT 1 FROM ledger_changes LIMIT 1`);
    return this.probe.get() !== undefined;
  }

  /** The rows the change in progress wrote, as they are now. */
  changedRows(): LedgerRow[] {
    const changes = this.db.prepare(`SELECT tbl, seq FROM ledger_changes`).all() as {
      tbl: string;
      seq: number;
    }[];
    return changes.map(({ tbl, seq }) => {
      const row = this.db.prepare(`SELECT * FROM ${tbl} WHERE seq = ?`).get(seq) as
        object | undefined;
      return { tbl, seq, row: row === undefined ? null : JSON.stringify(row) };
    });
  }

  /** A row another process committed (or the database holds), without noting it as a change. */
  apply({ tbl, seq, row }: LedgerRow): void {
    if (!(LEDGER_TABLES as readonly string[]).includes(tbl))
      throw new Error(`the PostgreSQL database ${this.where} holds a ledger row of '${tbl}'`);
    if (row === null) {
      this.db.prepare(`DELETE FROM ${tbl} WHERE seq = ?`).run(seq);
    } else {
      const values = JSON.parse(row) as Record<string, unknown>;
      const columns = Object.keys(values).filter((name) => /^[a-z_]+$/.test(name));
      const updates = columns
        .filter((name) => name !== 'seq')
        .map((name) => `${name} = excluded.${name}`);
      this.db
        .prepare(
          `INSERT INTO ${tbl} (${columns.join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})
           ON CONFLICT (seq) DO UPDATE SET ${updates.join(', ')}`,
        )
        .run(values);
    }
  }

  /** What was noted is written (or read from the database): nothing is a change any more. */
  forgetChanges(): void {
    this.db.exec('DELETE FROM ledger_changes');
    this.wrote = false;
  }

  /** Every row gone (before the database's are read whole). */
  clear(): void {
    this.db.exec('DELETE FROM account_transactions; DELETE FROM card_transactions');
  }

  /** `ledger`'s transactions become this one's (a reset, an import), noted as changes. */
  replaceWith(ledger: LedgerStore): void {
    if (ledger === this.store) return;
    this.store.replaceAll(ledger.allAccountTransactions(), ledger.allCardTransactions());
    ledger.close();
  }

  /** Opens the savepoint of a change (undo() goes back to it). */
  open(): void {
    if (this.savepoint) return;
    this.db.exec('SAVEPOINT pg_change');
    this.savepoint = true;
  }

  /** The change is kept: its savepoint goes. */
  release(): void {
    this.close_('RELEASE pg_change');
  }

  /** The change is not kept: the ledger is as at its savepoint. */
  undo(): void {
    this.close_('ROLLBACK TO pg_change; RELEASE pg_change');
  }

  close(): void {
    this.store.close();
  }

  private close_(sql: string): void {
    if (!this.savepoint) return;
    this.db.exec(sql);
    this.savepoint = false;
  }
}
