/**
 * The state in memory: plain objects and an in-memory ledger (domain/ledger-store.ts). Nothing is
 * committed, so a request is answered as soon as its pipeline ran, and nothing outlives the
 * process.
 */
import type { DomainState } from '../domain/model.js';
import type { BankRequest } from '../types.js';
import { undoLedgerOnThrow } from './ledger-undo.js';
import type { EngineRun, RequestOutcome, StateEngine } from './state-engine.js';

export class MemoryEngine implements StateEngine {
  readonly kind = 'memory';
  readonly durable = false;
  readonly sharedUrl = undefined;

  constructor(public state: DomainState) {}

  get raw(): DomainState {
    return this.state;
  }

  replace(next: DomainState): void {
    // The previous state's ledger goes with it (an in-memory database of its own).
    if (this.state.ledger !== next.ledger) this.state.ledger.close();
    this.state = next;
  }

  run<Run extends EngineRun>(
    _request: BankRequest,
    runPipeline: () => Promise<Run>,
  ): Promise<RequestOutcome<Run>> {
    return runPipeline().then((run) => ({ run }));
  }

  change<T>(operation: () => T): T {
    return undoLedgerOnThrow(this.state.ledger, operation);
  }

  exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    return Promise.resolve().then(work);
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
