/**
 * BankDatabase (main/core/bank/store/bank-database.ts) loads the state a file holds row by row:
 * the whole state's JSON text is never held beside the entities parsed from it, and what is
 * loaded is what was committed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import { BankDatabase } from '../../../../main/core/bank/store/bank-database.js';

const folders: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('BankDatabase.load', () => {
  it('reads the entities row by row, never all at once, and gives back what was committed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'bank-database-'));
    folders.push(folder);
    const path = join(folder, 'bank.db');
    const written = await BankDatabase.open(path);
    const state = buildInitialState(new Date('2025-03-14T10:00:00.000Z'));
    written.begin();
    written.adopt({ ...state, ledger: written.ledger });
    written.commit();
    written.close();

    const database = await BankDatabase.open(path);
    const prepare = database.db.prepare.bind(database.db);
    const wholeReads: string[] = [];
    vi.spyOn(database.db, 'prepare').mockImplementation(((sql: string) => {
      const statement = prepare(sql);
      if (/FROM bank_entities/.test(sql)) {
        const all = statement.all.bind(statement);
        statement.all = ((...args: unknown[]) => {
          wholeReads.push(sql);
          return all(...(args as []));
        }) as typeof statement.all;
      }
      return statement;
    }) as typeof database.db.prepare);
    const loaded = database.load();
    expect(wholeReads).toEqual([]);
    expect(loaded.customers).toEqual(state.customers);
    expect(loaded.accounts).toEqual(state.accounts);
    expect(loaded.behaviour).toEqual(state.behaviour);
    database.close();
  });
});
