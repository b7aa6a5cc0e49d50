/**
 * The state in memory: plain objects and an in-memory ledger (domain/ledger-store.ts). Nothing is
 * committed, so a request is answered as soon as its pipeline ran, and nothing outlives the
 * process. `exclusive` holds new requests back until its work is done (as on PostgreSQL), after
 * the pipelines in progress.
 */
import type { DomainState } from '../domain/model.js';
import type { BankRequest } from '../http/messages.js';
import { undoLedgerOnThrow } from './ledger-undo.js';
import type { EngineRun, RequestOutcome, StateEngine } from './state-engine.js';

export class MemoryEngine implements StateEngine {
  readonly kind = 'memory';
  readonly durable = false;
  readonly generation = 0;
  readonly sharedUrl = undefined;

  /** The pipelines in progress: an exclusive change waits for them. */
  private readonly running = new Set<Promise<unknown>>();
  /** While an exclusive change runs: what new requests wait for. */
  private gate: Promise<unknown> | undefined;
  private exclusives: Promise<unknown> = Promise.resolve();

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
    // Without an exclusive change in progress the pipeline starts at once.
    const run = this.gate ? this.gate.then(runPipeline) : runPipeline();
    this.running.add(run);
    const forget = () => this.running.delete(run);
    run.then(forget, forget);
    return run.then((done) => ({ run: done }));
  }

  change<T>(operation: () => T): T {
    return undoLedgerOnThrow(this.state.ledger, operation);
  }

  exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    const result = this.exclusives.then(async () => {
      const done = Promise.resolve().then(async () => {
        await Promise.allSettled([...this.running]);
        return work();
      });
      this.gate = done.catch(() => undefined);
      try {
        return await done;
      } finally {
        this.gate = undefined;
      }
    });
    this.exclusives = result.catch(() => undefined);
    return result;
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
