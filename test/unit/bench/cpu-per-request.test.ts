import { describe, expect, it } from 'vitest';
import {
  checkCpuBound,
  compareCpu,
  CPU_RATIO_BOUNDS,
  GET_CPU_RATIO_BOUND,
  GET_CPU_RATIO_GOAL,
  microsPerCheck,
  median,
  microsPerRequest,
  POST_CPU_RATIO_BOUND,
  POST_CPU_RATIO_GOAL,
  type CpuWindow,
} from '../../../bench/cpu-per-request.js';

const window = (before: number, after: number, requests: number): CpuWindow => ({
  cpuBeforeMicros: before,
  cpuAfterMicros: after,
  requests,
});

describe('CPU per request of a measured window', () => {
  it('divides the CPU the process used in the window by the requests it answered', () => {
    expect(microsPerRequest(window(1_000_000, 1_300_000, 2_000))).toBe(150);
    expect(microsPerRequest(window(0, 0, 10))).toBe(0);
  });

  it('refuses a window without requests or one whose CPU runs backwards, naming the figure', () => {
    expect(() => microsPerRequest(window(0, 100, 0))).toThrow(/answered 0 requests/);
    expect(() => microsPerRequest(window(0, 100, 1.5))).toThrow(/answered 1.5 requests/);
    expect(() => microsPerRequest(window(500, 100, 10))).toThrow(/500 µs before, 100 µs after/);
    expect(() => microsPerRequest(window(0, Number.NaN, 10))).toThrow(/runs backwards/);
  });
});

describe('bank against bare', () => {
  it('takes the median round of each server and their ratio', () => {
    const bank = [
      window(0, 300_000, 1_000),
      window(0, 1_000_000, 1_000),
      window(0, 200_000, 1_000),
    ];
    const bare = [window(0, 100_000, 1_000), window(0, 150_000, 1_000), window(0, 90_000, 900)];
    expect(compareCpu(bank, bare)).toEqual({ bank: 300, bare: 100, ratio: 3 });
  });

  it('needs rounds of both and a bare server that used CPU', () => {
    expect(() => compareCpu([], [window(0, 1, 1)])).toThrow(/0 bank, 1 bare/);
    expect(() => compareCpu([window(0, 1, 1)], [window(0, 0, 1)])).toThrow(/no measurable CPU/);
  });
});

describe('CPU per check of a runner run', () => {
  it('divides the CPU of the run by the checks it ran', () => {
    expect(microsPerCheck({ cpuBeforeMicros: 2_000, cpuAfterMicros: 402_000, checks: 80 })).toBe(
      5_000,
    );
  });

  it('refuses a run without checks or whose CPU runs backwards, naming the figure', () => {
    expect(() => microsPerCheck({ cpuBeforeMicros: 0, cpuAfterMicros: 9, checks: 0 })).toThrow(
      /ran 0 checks: no CPU per check/,
    );
    expect(() => microsPerCheck({ cpuBeforeMicros: 9, cpuAfterMicros: 0, checks: 3 })).toThrow(
      /9 µs before, 0 µs after/,
    );
  });
});

describe('the bounds of the signed GET and the payment POST', () => {
  it('passes at the bound and fails past it, printing the request, the ratio, the bound and the goal', () => {
    expect(checkCpuBound('GET', 2, { bound: 2, goal: 1.15 })).toEqual({
      ok: true,
      message: "signed GET: 2.00× the bare server's CPU per request (bound 2.00×, goal 1.15×)",
    });
    const past = checkCpuBound('GET', 2.01, { bound: 2, goal: 1.15 });
    expect(past.ok).toBe(false);
    expect(past.message).toMatch(/^signed GET FAILS its bound: 2\.01× .*bound 2\.00×, goal 1\.15×/);
    const post = checkCpuBound('POST', 4.2, { bound: 4, goal: 3 });
    expect(post.ok).toBe(false);
    expect(post.message).toMatch(
      /^payment POST FAILS its bound: 4\.20× .*bound 4\.00×, goal 3\.00×/,
    );
  });

  it('bounds each request by its own bound, the GET above its goal of 1.15×', () => {
    expect(GET_CPU_RATIO_GOAL).toBe(1.15);
    expect(CPU_RATIO_BOUNDS.GET).toEqual({ bound: GET_CPU_RATIO_BOUND, goal: GET_CPU_RATIO_GOAL });
    expect(CPU_RATIO_BOUNDS.POST).toEqual({
      bound: POST_CPU_RATIO_BOUND,
      goal: POST_CPU_RATIO_GOAL,
    });
    expect(GET_CPU_RATIO_BOUND).toBeGreaterThan(GET_CPU_RATIO_GOAL);
    expect(POST_CPU_RATIO_BOUND).toBeGreaterThan(GET_CPU_RATIO_BOUND);
    expect(checkCpuBound('GET', GET_CPU_RATIO_BOUND).ok).toBe(true);
    expect(checkCpuBound('GET', GET_CPU_RATIO_BOUND + 0.01).ok).toBe(false);
    // A POST ratio past the GET's bound but within its own passes: each has its own.
    expect(checkCpuBound('POST', GET_CPU_RATIO_BOUND + 0.01).ok).toBe(true);
    expect(checkCpuBound('POST', POST_CPU_RATIO_BOUND + 0.01).ok).toBe(false);
  });
});

describe('median', () => {
  it('takes the middle value whatever the order, the upper one of an even count', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([7])).toBe(7);
  });

  it('has no median of no values', () => {
    expect(() => median([])).toThrow('no values: no median');
  });
});
