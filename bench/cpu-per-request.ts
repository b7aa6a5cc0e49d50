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
 * The signed GET's bound on bank / bare CPU per request, past which the bench fails its own run.
 * The goal is GET_CPU_RATIO_GOAL; the bank measured 1.3–1.5× on a quiet machine, so the bound is
 * what it reaches now, to be lowered towards the goal as its own stages get cheaper. On a loaded
 * machine the bank batches fewer answers per event-loop turn and its ratio rose to 1.5–3.7×, past
 * the bound: take the figure on a quiet machine (docs/performance.md, "CPU per request").
 */
export const GET_CPU_RATIO_BOUND = 2.0;
export const GET_CPU_RATIO_GOAL = 1.15;

/** CPU µs per request answered in one window; a window without requests has no figure. */
export function microsPerRequest(window: CpuWindow): number {
  const used = window.cpuAfterMicros - window.cpuBeforeMicros;
  if (!Number.isFinite(used) || used < 0)
    throw new Error(
      `CPU window runs backwards: ${window.cpuBeforeMicros} µs before, ${window.cpuAfterMicros} µs after`,
    );
  if (!Number.isInteger(window.requests) || window.requests <= 0)
    throw new Error(`CPU window answered ${window.requests} requests: no CPU per request`);
  return used / window.requests;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

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

/** Whether `ratio` is within `bound`, and the line the bench prints either way. */
export function checkCpuBound(
  ratio: number,
  bound = GET_CPU_RATIO_BOUND,
  goal = GET_CPU_RATIO_GOAL,
): { ok: boolean; message: string } {
  const ok = ratio <= bound;
  const figures = `${ratio.toFixed(2)}× the bare server's CPU per request (bound ${bound.toFixed(2)}×, goal ${goal.toFixed(2)}×)`;
  return {
    ok,
    message: ok ? `signed GET: ${figures}` : `signed GET FAILS its bound: ${figures}`,
  };
}
