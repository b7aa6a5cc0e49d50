/**
 * What the bank console does to the live state outside the requests (Bank `importSnapshot`,
 * `reset`, `update`, `act` in bank.ts): each is one change of the state engine
 * (engine/state-engine.ts), kept or undone as a whole.
 */
import type { Clock } from '../../clock.js';
import type { DomainState } from '../domain/model.js';
import { plainCollection } from '../domain/collection-index.js';
import type { StateEngine } from '../engine/state-engine.js';
import { checkState, liveStateOf, readSnapshot, type SnapshotReading } from '../state.js';

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
    importSnapshot(snapshot: unknown, reading?: SnapshotReading): void {
      const imported = readSnapshot(snapshot, reading);
      change(() => engine.replace(liveStateOf(imported, engine.state.ledger)));
    },
    reset(): void {
      change(() => engine.replace(initialState()));
    },
    update<T>(update: (state: DomainState, now: Date) => T): T {
      // The draft: copies of the collections the change reaches for, on the live ledger; the
      // engine's change undoes the ledger rows it wrote when the result is invalid.
      return change(() => {
        const { ledger: _ledger, ...live } = engine.raw;
        const { draft, reached } = draftOf(engine.raw);
        const result = update(draft, clock.now());
        checkState({ ...live, ...reached, accountTransactions: [], cardTransactions: [] });
        // Keep the state object itself: a request between two of its stages reads the new values.
        Object.assign(engine.state, reached);
        return result;
      });
    },
    act<T>(operation: (state: DomainState, now: Date) => T): T {
      return change(() => operation(engine.state, clock.now()));
    },
  };
}

type Collections = Omit<DomainState, 'ledger'>;

/**
 * A console change's draft of `live`: each collection is copied when the change first reaches for
 * it, and only those (`reached`) are put back. A change of the behaviour copies the behaviour, not
 * 100,000 payments, and on a database rewrites that row alone; the copies replace only what they
 * copy (a copy takes more memory than the entity a request or a load made).
 */
function draftOf(live: DomainState): { draft: DomainState; reached: Partial<Collections> } {
  const { ledger, ...collections } = live;
  const reached: Partial<Record<keyof Collections, unknown>> = {};
  const draft = { ledger } as DomainState;
  for (const name of Object.keys(collections) as (keyof Collections)[])
    Object.defineProperty(draft, name, {
      enumerable: true,
      get: () => {
        if (!Object.hasOwn(reached, name))
          reached[name] = structuredClone(plainCollection(collections[name]));
        return reached[name];
      },
      set: (value: unknown) => {
        reached[name] = value;
      },
    });
  return { draft, reached: reached as Partial<Collections> };
}
