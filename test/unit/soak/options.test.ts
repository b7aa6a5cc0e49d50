import { describe, expect, it } from 'vitest';
import { DEFAULT_SOAK_OPTIONS, parseSoakArgs } from '../../../bench/soak/options.js';

describe('soak flags', () => {
  it('defaults to 16 TPPs for 60 s with a 10 s warm-up', () => {
    expect(parseSoakArgs([])).toEqual(DEFAULT_SOAK_OPTIONS);
    expect(DEFAULT_SOAK_OPTIONS).toMatchObject({
      tpps: 16,
      durationSeconds: 60,
      warmupSeconds: 10,
    });
  });

  it('reads --flag N and --flag=N, repeated --fault, and caps the warm-up at half the duration', () => {
    expect(
      parseSoakArgs(['--tpps', '4', '--duration=8', '--fault', 'A', '--fault=B', '--json']),
    ).toMatchObject({
      tpps: 4,
      durationSeconds: 8,
      warmupSeconds: 4,
      faults: ['A', 'B'],
      json: true,
    });
  });

  it.each([
    [['--tpps', '0'], /--tpps must be between 1 and 256, not 0/],
    [['--tpps', '1e3'], /--tpps takes a whole number, not '1e3'/],
    [['--duration'], /--duration needs a number/],
    [['--duration', '99999'], /--duration must be between 1 and 3600/],
    [['--warmup', '6', '--duration', '10'], /--warmup must be at most half of --duration \(5 s\)/],
    [['--host', 'example.com'], /unknown flag '--host'/],
    [['--fault'], /--fault needs a rule id/],
  ])('refuses %j naming the flag', (args, message) => {
    expect(() => parseSoakArgs(args)).toThrow(message);
  });
});
