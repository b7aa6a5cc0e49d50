/**
 * The counts of a run and the tables printed at its end: cases per route and mode (with the
 * well-formed baseline's status and the successes), per mutation kind, per mutation with its
 * statuses, the pipeline stage where each mutation kind ended (from the bank's request log, or
 * 'http-parser' when Node refused the request before the pipeline), and the status histogram.
 */
import type { ExchangeRecord } from '../../../../main/core/bank/index.js';
import type { Outcome } from './send.js';

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
const sorted = <K, V>(map: Map<K, V>) =>
  [...map].sort(([a], [b]) => String(a).localeCompare(String(b)));

/** The counts of one run; the test's coverage checks read them after the run. */
export class Tally {
  readonly statusHistogram = new Map<number | string, number>();
  /** `mode method path` → cases. */
  readonly perRoute = new Map<string, number>();
  readonly perMutation = new Map<string, number>();
  /** Mutation label → status → count. */
  readonly statusesPerMutation = new Map<string, Map<number | string, number>>();
  readonly perMutationKind = new Map<string, number>();
  /** `mode method path` → the status (or outcome) of the well-formed request. */
  readonly baseline = new Map<string, number | string>();
  readonly successes = new Map<string, number>();
  /** Mutation kind → where the pipeline stopped (request log), or 'http-parser' when Node refused. */
  readonly stages = new Map<string, Map<string, number>>();
  private caseCount = 0;
  private currentKind = 'setup';
  private logged = 0;
  private loggedBefore = 0;

  /** Cases so far. */
  get cases(): number {
    return this.caseCount;
  }

  /** The number of the next case (1, 2, …): it makes the case's X-Request-ID and body texts. */
  nextCase(): number {
    return ++this.caseCount;
  }

  /** A record of a bank's request log: the stage the current case ended in. */
  recordLogged(record: ExchangeRecord): void {
    this.logged++;
    const stage = record.rejectedBy?.stage ?? 'handler';
    bump(
      this.stagesOf(this.currentKind),
      `${stage} ${record.response.status < 400 ? 'ok' : 'refused'}`,
    );
  }

  /** A case of mutation kind `kind` is about to be sent. */
  sending(kind: string): void {
    this.currentKind = kind;
    this.loggedBefore = this.logged;
  }

  /** Counts the outcome of the case just sent, under its route key, kind and label. */
  count(key: string, kind: string, label: string, outcome: Outcome): void {
    if (this.logged === this.loggedBefore)
      bump(
        this.stagesOf(kind),
        outcome.kind === 'answer' ? `http-parser ${outcome.status}` : 'no answer',
      );
    bump(this.perRoute, key);
    bump(this.perMutation, label);
    bump(this.perMutationKind, kind);
    const status = outcome.kind === 'answer' ? outcome.status : outcome.kind;
    bump(this.statusHistogram, status);
    if (!this.statusesPerMutation.has(label)) this.statusesPerMutation.set(label, new Map());
    bump(this.statusesPerMutation.get(label)!, status);
    if (typeof status === 'number' && status < 400) bump(this.successes, key);
  }

  /** Every stage any case ended in, as `stage ok|refused` or `http-parser status`. */
  stagesEnded(): Set<string> {
    return new Set([...this.stages.values()].flatMap((map) => [...map.keys()]));
  }

  private stagesOf(kind: string): Map<string, number> {
    let map = this.stages.get(kind);
    if (!map) this.stages.set(kind, (map = new Map()));
    return map;
  }

  /** Prints the tables; `seconds` is the run's duration as text. */
  print(seconds: string): void {
    console.log(`routes.fuzz: ${this.cases} cases in ${seconds} s`);
    console.log(
      `routes.fuzz: cases per route and mode\n${sorted(this.perRoute)
        .map(
          ([key, count]) =>
            `  ${String(count).padStart(4)}  ${key}  (baseline ${this.baseline.get(key)}, ${this.successes.get(key) ?? 0} successes)`,
        )
        .join('\n')}`,
    );
    console.log(
      `routes.fuzz: cases per mutation kind\n${sorted(this.perMutationKind)
        .map(([key, count]) => `  ${String(count).padStart(5)}  ${key}`)
        .join('\n')}`,
    );
    console.log(
      `routes.fuzz: cases per mutation\n${sorted(this.perMutation)
        .map(
          ([key, count]) =>
            `  ${String(count).padStart(5)}  ${key}  (${sorted(this.statusesPerMutation.get(key)!)
              .map(([status, times]) => `${status}×${times}`)
              .join(' ')})`,
        )
        .join('\n')}`,
    );
    console.log(
      `routes.fuzz: where each mutation kind ended (pipeline stage of the request log)\n${sorted(
        this.stages,
      )
        .map(
          ([kind, map]) =>
            `  ${kind}: ${sorted(map)
              .map(([stage, count]) => `${stage} ${count}`)
              .join(', ')}`,
        )
        .join('\n')}`,
    );
    console.log(
      `routes.fuzz: statuses\n${sorted(this.statusHistogram)
        .map(([key, count]) => `  ${key}: ${count}`)
        .join('\n')}`,
    );
  }
}
