/**
 * readSnapshot (main/core/bank/state.ts): a snapshot is held once. An object the caller keeps is
 * copied (the caller may change it after); an object handed over, and text parsed here, become
 * the state as they are, so a snapshot of hundreds of MiB is not copied a second time. The
 * export as text (GET /admin/snapshot) is made from the live state, also without a copy.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSnapshot } from '../../../main/core/bank/state.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { createBank } from '../../../main/core/bank/index.js';

const exported = () => createBank({ mode: 'sandbox', clock: new VirtualClock() }).exportSnapshot();

/** The structuredClone calls whose argument is a whole snapshot state. */
function stateCopies() {
  const spy = vi.spyOn(globalThis, 'structuredClone');
  return () => spy.mock.calls.filter(([value]) => Object.hasOwn(Object(value), 'payments'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readSnapshot holds a snapshot once', () => {
  it('copies an object the caller keeps: changing it after changes nothing read', () => {
    const snapshot = exported();
    const state = readSnapshot(snapshot);
    expect(state.customers).toEqual(snapshot.state.customers);
    expect(state.customers).not.toBe(snapshot.state.customers);
    snapshot.state.customers[0]!.name = 'Changed After';
    expect(state.customers[0]!.name).not.toBe('Changed After');
  });

  it('takes a handed-over object as it is, without a copy', () => {
    const snapshot = exported();
    const copies = stateCopies();
    const state = readSnapshot(snapshot, { handOver: true });
    expect(state.customers).toBe(snapshot.state.customers);
    expect(state.payments).toBe(snapshot.state.payments);
    expect(copies()).toHaveLength(0);
  });

  it('makes no copy of the text it parsed itself (string or Buffer)', () => {
    const text = JSON.stringify(exported());
    const copies = stateCopies();
    expect(readSnapshot(text).customers).toEqual(JSON.parse(text).state.customers);
    expect(readSnapshot(Buffer.from(text)).customers).toHaveLength(
      JSON.parse(text).state.customers.length,
    );
    expect(copies()).toHaveLength(0);
  });

  it('still refuses a handed-over snapshot that breaks its schema, naming the field', () => {
    const snapshot = exported() as unknown as { state: Record<string, unknown> };
    snapshot.state.payments = 'none';
    expect(() => readSnapshot(snapshot, { handOver: true })).toThrow(/payments/);
  });
});

describe('exportSnapshotParts serialises the live state without a copy', () => {
  /** The text without its exportedAt, which follows the clock between two exports. */
  const timeless = (text: string) => text.replace(/"exportedAt":"[^"]*"/, '');

  it("gives exportSnapshot's JSON text byte for byte, in pieces, and copies nothing first", () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    bank.act((state) => {
      state.customers[0]!.name = 'Zoë Exported As Live';
      // Enough entities for several pieces of 64 KiB.
      for (let i = 0; i < 400; i++)
        state.customers.push({
          ...structuredClone(state.customers[0]!),
          customerNumber: `C-${i}`,
        });
    });
    const kept = JSON.stringify(bank.exportSnapshot());
    const copies = stateCopies();
    const parts = bank.exportSnapshotParts();
    expect(copies()).toHaveLength(0);
    expect(parts.length).toBeGreaterThan(1);
    expect(timeless(Buffer.concat(parts).toString('utf8'))).toBe(timeless(kept));
  });

  it('still copies for a caller that keeps the snapshot (exportSnapshot)', () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const copies = stateCopies();
    const snapshot = bank.exportSnapshot();
    expect(copies()).toHaveLength(1);
    snapshot.state.customers[0]!.name = 'Changed After';
    const text = Buffer.concat(bank.exportSnapshotParts()).toString('utf8');
    expect(JSON.parse(text).state.customers[0].name).not.toBe('Changed After');
  });
});
