/**
 * What the bank console does to the live state outside the requests (Bank `importSnapshot`,
 * `reset`, `update`, `act` in bank.ts): each is one change of the state engine
 * (engine/state-engine.ts), kept or undone as a whole.
 */
import type { Clock } from '../../clock.js';
import type { DomainState } from '../domain/model.js';
import type { StateEngine } from '../engine/state-engine.js';
import { checkState, liveStateOf, readSnapshot } from '../state.js';

/**
 * The console's changes of `engine`'s state; `initialState` is what a reset returns to. `changed`
 * is told after each, kept or undone (the kept answers of pure reads go, answers/read-answers.ts).
 */
export function consoleChanges(
  engine: StateEngine,
  clock: Clock,
  initialState: () => DomainState,
  changed: () => void = () => undefined,
) {
  const change = <T>(operation: () => T): T => {
    try {
      return engine.change(operation);
    } finally {
      changed();
    }
  };
  return {
    importSnapshot(snapshot: unknown): void {
      const imported = readSnapshot(snapshot);
      change(() => engine.replace(liveStateOf(imported, engine.state.ledger)));
    },
    reset(): void {
      change(() => engine.replace(initialState()));
    },
    update<T>(update: (state: DomainState, now: Date) => T): T {
      // The draft: copies of the small entities on the live ledger; the engine's change undoes
      // the ledger rows it wrote when the result is invalid.
      return change(() => {
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
      return change(() => operation(engine.state, clock.now()));
    },
  };
}
