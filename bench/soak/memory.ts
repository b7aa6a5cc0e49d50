/** The soak's memory readings (run.ts): a line for the progress, a settled reading for the check. */
import { mib } from './invariants.js';

export interface MemoryReading {
  rssBytes: number;
  heapUsedBytes: number;
  /** Memory of C++ objects bound to JavaScript, buffers included. */
  externalBytes: number;
}

export function memoryLine(): string {
  const { rss, heapTotal, heapUsed } = process.memoryUsage();
  return `RSS ${mib(rss)} (heap ${mib(heapUsed)} used of ${mib(heapTotal)})`;
}

function memoryAfterGc(): MemoryReading {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rssBytes: rss, heapUsedBytes: heapUsed, externalBytes: external };
}

/**
 * Resident memory swings by tens of MiB as V8 grows and shrinks its heap, so one reading is
 * noise: a reading is the median (by RSS) of five, each after a full GC, 200 ms apart.
 */
export const MEMORY_SAMPLES = 5;
export const MEMORY_SAMPLE_GAP_MS = 200;
export async function settledMemory(): Promise<MemoryReading> {
  const samples: MemoryReading[] = [];
  for (let i = 0; i < MEMORY_SAMPLES; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, MEMORY_SAMPLE_GAP_MS));
    samples.push(memoryAfterGc());
  }
  return samples.sort((a, b) => a.rssBytes - b.rssBytes)[Math.floor(MEMORY_SAMPLES / 2)]!;
}
