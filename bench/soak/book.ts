/**
 * What the soak's TPPs and PSUs did and saw, for the invariants (invariants.ts) and the summary:
 * payments with their intent, deposits, reads with the access the TPP expected, and journeys that
 * did not go as the spec says.
 */
import type { AccessRecord, DepositRecord, PaymentRecord } from './invariants.js';

export type JourneyKind = 'consent' | 'payment' | 'basket' | 'status' | 'sandbox';
export const JOURNEY_KINDS: readonly JourneyKind[] = [
  'consent',
  'payment',
  'basket',
  'status',
  'sandbox',
];

export class SoakBook {
  readonly payments: PaymentRecord[] = [];
  readonly deposits: DepositRecord[] = [];
  readonly access: AccessRecord[] = [];
  readonly balanceSetAccounts = new Set<string>();
  readonly completed = new Map<JourneyKind, number>(JOURNEY_KINDS.map((k) => [k, 0]));
  /** Journeys that met an answer the spec does not allow (not transport failures). */
  readonly deviations: string[] = [];
  private deviationCount = 0;
  batchRuns = 0;
  consoleRevocations = 0;

  journeyDone(kind: JourneyKind): void {
    this.completed.set(kind, this.completed.get(kind)! + 1);
  }

  deviation(text: string): void {
    this.deviationCount++;
    if (this.deviations.length < 50) this.deviations.push(text);
  }

  get deviationTotal(): number {
    return this.deviationCount;
  }

  get journeys(): number {
    let total = 0;
    for (const count of this.completed.values()) total += count;
    return total;
  }
}

/** A small seeded PRNG (mulberry32): the journey mix and every drawn value repeat with the seed. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Picks a key with probability proportional to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, weight] of entries) if ((roll -= weight) < 0) return key;
    return entries.at(-1)![0];
  }
}
