/** What a soak run reports (run.ts) and the text `npm run soak` prints of it. */
import { JOURNEY_KINDS, type JourneyKind } from './book.js';
import { mib, type InvariantResult } from './invariants.js';
import type { MemoryReading } from './memory.js';
import type { SoakOptions } from './options.js';

export interface SoakReport {
  options: SoakOptions;
  bankUrl: string;
  loadSeconds: number;
  /** HTTP requests answered or dropped during the load (API calls and SCA pages). */
  requests: number;
  requestsPerSecond: number;
  /** Latency of the TPPs' signed API calls, milliseconds. */
  latencyMs: { p50: number; p99: number };
  journeys: Record<JourneyKind, number>;
  journeysCompleted: number;
  /** Payments by final transactionStatus in the bank after the drain. */
  payments: Record<string, number>;
  reads: number;
  batchRuns: number;
  consoleRevocations: number;
  statuses: Record<string, number>;
  /** Resident and heap memory after warm-up and after the run; the bank state's size at the end. */
  memory: { warm: MemoryReading; end: MemoryReading; bankStateBytes: number };
  invariants: InvariantResult[];
  passed: boolean;
}

export function formatSoakReport(report: SoakReport): string {
  const { memory } = report;
  const lines = [
    `soak: ${report.options.tpps} TPPs, ${report.loadSeconds.toFixed(1)} s on ${report.bankUrl} (seed ${report.options.seed})`,
    `  requests served   ${report.requests} (${report.requestsPerSecond.toFixed(0)} req/s; API + SCA pages)`,
    `  latency (API)     p50 ${report.latencyMs.p50.toFixed(1)} ms, p99 ${report.latencyMs.p99.toFixed(1)} ms`,
    `  journeys          ${report.journeysCompleted} completed: ${JOURNEY_KINDS.map((k) => `${k} ${report.journeys[k]}`).join(', ')}`,
    `  payments          ${
      Object.entries(report.payments)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ') || 'none'
    }; ${report.batchRuns} batch runs`,
    `  reads checked     ${report.reads} (${report.consoleRevocations} revocations in the bank)`,
    `  statuses          ${Object.entries(report.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
    `  memory (RSS)      ${mib(memory.warm.rssBytes)} after warm-up → ${mib(memory.end.rssBytes)} after the run (${(memory.end.rssBytes / memory.warm.rssBytes).toFixed(2)}×)`,
    `  memory (heap)     ${mib(memory.warm.heapUsedBytes)} → ${mib(memory.end.heapUsedBytes)}, external ${mib(memory.warm.externalBytes)} → ${mib(memory.end.externalBytes)}; bank state ${mib(memory.bankStateBytes)} as JSON`,
    'invariants:',
    ...report.invariants.flatMap((invariant) => [
      `  ${invariant.problems.length === 0 ? 'ok  ' : 'FAIL'} ${invariant.name}`,
      ...invariant.problems.map((problem) => `         ${problem}`),
    ]),
    report.passed ? 'soak passed' : 'soak FAILED',
  ];
  return lines.join('\n');
}
