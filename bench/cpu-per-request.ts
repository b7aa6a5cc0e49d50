/**
 * The CPU arithmetic of `npm run bench:bank`: the CPU time a server process spent over a measured
 * window divided by the requests it answered in that window, for the bank and for the bare
 * verifying server, and their ratio. CPU time holds on a loaded machine where requests per second
 * do not: a neighbour's burst takes wall time from a server, not CPU per request.
 */

/** One measured window of one server process: its CPU (user + system, µs) at both ends. */
export interface CpuWindow {
  cpuBeforeMicros: number;
  cpuAfterMicros: number;
  requests: number;
}

export interface CpuComparison {
  /** CPU µs per request, the median over the rounds. */
  bank: number;
  bare: number;
  /** bank / bare. */
  ratio: number;
}

/**
 * The bounds on bank / bare CPU per request, past which the bench fails its own run, and the goals
 * they are lowered towards as the bank's own stages get cheaper. On a loaded machine the bank
 * batches fewer answers per event-loop turn and its ratio rises (1.6–2.3× for the GET, 5.0–8.8×
 * for the POST at load 12–18): take the figures on a quiet machine (docs/performance.md, "CPU per
 * request").
 * - The signed GET: the goal is 1.15×. The bank measured 1.3–1.5× on a quiet machine, and its CPU
 *   per GET against the bare check has fallen by a tenth since (in process), so 1.80× keeps a
 *   margin over what it reaches.
 * - The payment POST: the bank does what the bare server does not (a payment initiated, its ids,
 *   its SCA link, the TPP findings of a payment), so its goal is 3.00× and its bound 5.00×.
 */
export const GET_CPU_RATIO_BOUND = 1.8;
export const GET_CPU_RATIO_GOAL = 1.15;
export const POST_CPU_RATIO_BOUND = 5.0;
export const POST_CPU_RATIO_GOAL = 3.0;

/** Bound and goal of each measured request, by method. */
export const CPU_RATIO_BOUNDS: Readonly<Record<'GET' | 'POST', { bound: number; goal: number }>> = {
  GET: { bound: GET_CPU_RATIO_BOUND, goal: GET_CPU_RATIO_GOAL },
  POST: { bound: POST_CPU_RATIO_BOUND, goal: POST_CPU_RATIO_GOAL },
};

/** What the bench prints of each request it bounds. */
const REQUEST_NAMES: Readonly<Record<'GET' | 'POST', string>> = {
  GET: 'signed GET',
  POST: 'payment POST',
};

/** CPU µs per request answered in one window; a window without requests has no figure. */
export function microsPerRequest(window: CpuWindow): number {
  return microsPer(
    window.cpuBeforeMicros,
    window.cpuAfterMicros,
    window.requests,
    'answered',
    'request',
  );
}

/** One run of checks in one process: its CPU (user + system, µs) at both ends. */
export interface CheckRunWindow {
  cpuBeforeMicros: number;
  cpuAfterMicros: number;
  checks: number;
}

/** The runner's CPU µs per check (its bank's included, in the same process). */
export function microsPerCheck(window: CheckRunWindow): number {
  return microsPer(window.cpuBeforeMicros, window.cpuAfterMicros, window.checks, 'ran', 'check');
}

function microsPer(before: number, after: number, count: number, verb: string, unit: string) {
  const used = after - before;
  if (!Number.isFinite(used) || used < 0)
    throw new Error(`CPU window runs backwards: ${before} µs before, ${after} µs after`);
  if (!Number.isInteger(count) || count <= 0)
    throw new Error(`CPU window ${verb} ${count} ${unit}s: no CPU per ${unit}`);
  return used / count;
}

/** The median (the upper one of an even count); no values, no median. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no values: no median');
  return [...values].sort((a, b) => a - b)[values.length >> 1]!;
}

/** The median CPU per request of each server's rounds, and bank / bare. */
export function compareCpu(bank: readonly CpuWindow[], bare: readonly CpuWindow[]): CpuComparison {
  if (bank.length === 0 || bare.length === 0)
    throw new Error(
      `CPU comparison needs rounds of both: ${bank.length} bank, ${bare.length} bare`,
    );
  const bankMicros = median(bank.map(microsPerRequest));
  const bareMicros = median(bare.map(microsPerRequest));
  if (bareMicros === 0) throw new Error('the bare server used no measurable CPU: no ratio');
  return { bank: bankMicros, bare: bareMicros, ratio: bankMicros / bareMicros };
}

/** Whether `ratio` is within its bound, and the line the bench prints either way. */
export function checkCpuBound(
  method: 'GET' | 'POST',
  ratio: number,
  { bound, goal } = CPU_RATIO_BOUNDS[method],
): { ok: boolean; message: string } {
  const ok = ratio <= bound;
  const name = REQUEST_NAMES[method];
  const figures = `${ratio.toFixed(2)}× the bare server's CPU per request (bound ${bound.toFixed(2)}×, goal ${goal.toFixed(2)}×)`;
  return { ok, message: ok ? `${name}: ${figures}` : `${name} FAILS its bound: ${figures}` };
}
