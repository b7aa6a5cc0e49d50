/**
 * openStateEngine (main/core/bank/engine/open-state-engine.ts): the one place `--db`'s value
 * chooses the engine. None is memory, a postgres:// URL is PostgreSQL (out of reach: an error
 * naming it, without its password), anything else a SQLite file, which takes a --state snapshot
 * only when new.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import {
  openStateEngine,
  StateStoreUnavailableError,
} from '../../../../main/core/bank/engine/open-state-engine.js';
import { snapshotStateOf } from '../../../../main/core/bank/state.js';
import { VirtualClock } from '../../../../main/core/clock.js';

const START = new Date('2025-03-14T10:00:00.000Z');

function clock(): VirtualClock {
  const clock = new VirtualClock();
  clock.freeze(); // frozen first: a running clock set, then frozen, moves on by the time between
  clock.set(START);
  return clock;
}

/** A snapshot of the initial data with its first account renamed. */
function snapshotNamed(name: string) {
  const snapshot = snapshotStateOf(buildInitialState(START, 'sandbox'));
  snapshot.accounts[0]!.accountName = name;
  return snapshot;
}

describe('openStateEngine', () => {
  it('keeps the state in memory without --db, starting from the snapshot when given', async () => {
    const opened = await openStateEngine({
      db: undefined,
      mode: 'sandbox',
      clock: clock(),
      snapshot: snapshotNamed('From the snapshot'),
    });
    expect([opened.engine.kind, opened.engine.durable, opened.where]).toEqual([
      'memory',
      false,
      undefined,
    ]);
    expect(opened.engine.state.accounts[0]!.accountName).toBe('From the snapshot');
  });

  it('keeps it in a SQLite file, which takes the snapshot only when new', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'open-engine-')), 'bank.db');
    const first = await openStateEngine({
      db: path,
      mode: 'sandbox',
      clock: clock(),
      snapshot: snapshotNamed('First snapshot'),
    });
    expect([first.engine.kind, first.engine.durable, first.fresh, first.where]).toEqual([
      'sqlite',
      true,
      true,
      path,
    ]);
    await first.engine.close();
    const again = await openStateEngine({
      db: path,
      mode: 'sandbox',
      clock: clock(),
      snapshot: snapshotNamed('Second snapshot'),
    });
    expect(again.fresh).toBe(false);
    expect(again.engine.state.accounts[0]!.accountName).toBe('First snapshot');
    await again.engine.close();
  });

  it.each(['postgres', 'postgresql', 'POSTGRES'])(
    'takes a %s:// URL as PostgreSQL, and names it without its password when out of reach',
    async (scheme) => {
      const failure = await openStateEngine({
        db: `${scheme}://bank:secret@127.0.0.1:1/sandbox`,
        mode: 'sandbox',
        clock: clock(),
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StateStoreUnavailableError);
      expect((failure as Error).message).toMatch(/127\.0\.0\.1:1\/sandbox/);
      expect((failure as Error).message).not.toContain('secret');
    },
  );
});
