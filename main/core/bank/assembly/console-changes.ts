/**
 * What the bank console does to the live state outside the requests (Bank `importSnapshot`,
 * `reset`, `update`, `act` in bank.ts): each is one change of the state engine
 * (engine/state-engine.ts), kept or undone as a whole.
 */
import type { Clock } from '../../clock.js';
import type { DomainState } from '../domain/model.js';
import type { StateEngine } from '../engine/state-engine.js';
import { checkState, liveStateOf, readSnapshot, type SnapshotReading } from '../state.js';

/** The console's changes of `engine`'s state; `initialState` is what a reset returns to. */
export function consoleChanges(engine: StateEngine, clock: Clock, initialState: () => DomainState) {
  return {
    importSnapshot(snapshot: unknown, reading?: SnapshotReading): void {
      const imported = readSnapshot(snapshot, reading);
      engine.change(() => engine.replace(liveStateOf(imported, engine.state.ledger)));
    },
    reset(): void {
      engine.change(() => engine.replace(initialState()));
    },
    update<T>(update: (state: DomainState, now: Date) => T): T {
      // The draft: copies of the small entities on the live ledger; the engine's change undoes
      // the ledger rows it wrote when the result is invalid.
      return engine.change(() => {
        const { ledger, ...small } = engine.raw;
        const draft: DomainState = { ...structuredClone(small), ledger };
        const result = update(draft, clock.now());
        const { ledger: _ledger, ...entities } = draft;
        checkState({ ...entities, accountTransactions: [], cardTransactions: [] });
        // Keep the state object itself: a request between two of its stages reads the new values.
        Object.assign(engine.state, draft);
        return result;
      });
    },
    act<T>(operation: (state: DomainState, now: Date) => T): T {
      return engine.change(() => operation(engine.state, clock.now()));
    },
  };
}
