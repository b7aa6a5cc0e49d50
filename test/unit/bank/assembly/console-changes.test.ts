/**
 * A console change (`bank.update`, main/core/bank/assembly/console-changes.ts) copies only the
 * collections it reaches for: the others stay the live objects they were (no copy of 100,000
 * payments for a behaviour toggle) and, on a database, are not rewritten.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBank } from '../../../../main/core/bank/index.js';
import { SnapshotError } from '../../../../main/core/bank/state.js';
import { BankDatabase } from '../../../../main/core/bank/store/bank-database.js';
import { VirtualClock } from '../../../../main/core/clock.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('bank.update drafts what it reaches for', () => {
  it('a behaviour change leaves every other collection the live objects it was', () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const before = bank.inspect((state) => ({
      customers: state.customers,
      account: state.accounts[0],
      behaviour: state.behaviour,
    }));
    bank.update((state) => {
      state.behaviour.pendingKnownIssue = !state.behaviour.pendingKnownIssue;
    });
    const after = bank.inspect((state) => ({
      customers: state.customers,
      account: state.accounts[0],
      behaviour: state.behaviour,
    }));
    expect(after.customers).toBe(before.customers);
    expect(after.account).toBe(before.account);
    expect(after.behaviour).not.toBe(before.behaviour);
    expect(after.behaviour.pendingKnownIssue).toBe(!before.behaviour.pendingKnownIssue);
  });

  it('a collection read and another written: both as the change left them, the state checked whole', () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const first = bank.state().accounts[0]!;
    bank.update((state) => {
      const owner = state.customers.find((c) => c.customerNumber === first.customerNumber)!;
      state.accounts[0]!.paymentPermission = owner.customerNumber !== '';
    });
    expect(bank.state().accounts[0]!.paymentPermission).toBe(true);
    const untouched = bank.state();
    // A dangling reference is found across collections, the untouched ones included.
    expect(() =>
      bank.update((state) => {
        state.accounts[0]!.customerNumber = 'nobody';
      }),
    ).toThrow(SnapshotError);
    expect(bank.state()).toEqual(untouched);
  });

  it('on a database, a behaviour change writes the behaviour row alone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'console-changes-'));
    folders.push(folder);
    const database = await BankDatabase.open(join(folder, 'bank.db'));
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock(), database });
    const written = database.counters.rowsWritten;
    bank.update((state) => {
      state.behaviour.pendingKnownIssue = !state.behaviour.pendingKnownIssue;
    });
    expect(database.counters.rowsWritten - written).toBe(1);
    await bank.close();
    database.close();
  });
});
