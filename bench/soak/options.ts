/**
 * `npm run soak` flags. Every bound has a ceiling: the soak is a load on this machine's loopback,
 * never an open-ended one (bounded in request count and time, 127.0.0.1 only).
 */
export interface SoakOptions {
  /** Simulated TPPs, each with its own certificate, organisation and PSU session. */
  tpps: number;
  /** Seconds of load after setup. */
  durationSeconds: number;
  /** Seconds after the start when the "after warm-up" memory is taken. */
  warmupSeconds: number;
  /** The TPPs stop starting journeys once this many requests were sent. */
  maxRequests: number;
  /** Seeds every random choice of the TPPs (journey mix, amounts, SCA answers). */
  seed: number;
  /** Milliseconds between the bank console's batch runs. */
  batchEveryMs: number;
  /** Print the report as JSON instead of text. */
  json: boolean;
  /**
   * Keep the bank's state in a database file (a temporary folder), every request one committed
   * transaction, as `workbench bank --db FILE` does; the end checks that the file holds the state.
   */
  persist: boolean;
  /**
   * Fault profiles (rule ids, bank/faults.ts) turned on after setup: a bank that breaks a rule
   * must make the soak fail — how its invariants are shown to catch a lying bank.
   */
  faults: string[];
}

export const DEFAULT_SOAK_OPTIONS: SoakOptions = {
  tpps: 16,
  durationSeconds: 60,
  warmupSeconds: 10,
  maxRequests: 1_000_000,
  seed: 20_261_121,
  batchEveryMs: 1_000,
  json: false,
  persist: false,
  faults: [],
};

interface IntegerFlag {
  key: 'tpps' | 'durationSeconds' | 'warmupSeconds' | 'maxRequests' | 'seed' | 'batchEveryMs';
  min: number;
  max: number;
  help: string;
}

const INTEGER_FLAGS: Record<string, IntegerFlag> = {
  '--tpps': { key: 'tpps', min: 1, max: 256, help: 'simulated TPPs (default 16)' },
  '--duration': {
    key: 'durationSeconds',
    min: 1,
    max: 3_600,
    help: 'seconds of load (default 60)',
  },
  '--warmup': {
    key: 'warmupSeconds',
    min: 0,
    max: 3_600,
    help: 'seconds before the warm memory reading (default 10, at most half the duration)',
  },
  '--max-requests': {
    key: 'maxRequests',
    min: 1,
    max: 100_000_000,
    help: 'stop starting journeys after this many requests (default 1000000)',
  },
  '--seed': { key: 'seed', min: 0, max: 2 ** 31 - 1, help: 'random seed' },
  '--batch-every': {
    key: 'batchEveryMs',
    min: 50,
    max: 600_000,
    help: 'milliseconds between batch runs (default 1000)',
  },
};

export const SOAK_USAGE = [
  'Usage: npm run soak -- [flags]',
  ...Object.entries(INTEGER_FLAGS).map(([flag, { help }]) => `  ${flag} N`.padEnd(22) + help),
  '  --fault RULE'.padEnd(22) + 'turn a bank fault profile on (repeatable; the soak should fail)',
  '  --json'.padEnd(22) + 'print the report as JSON',
  '  --persist'.padEnd(22) + 'keep the bank state in a database file (temporary folder)',
].join('\n');

export class SoakUsageError extends Error {
  override readonly name = 'SoakUsageError';
}

/** Reads `--flag N` / `--flag=N`; throws SoakUsageError naming the flag and what it accepts. */
export function parseSoakArgs(args: readonly string[]): SoakOptions {
  const options: SoakOptions = { ...DEFAULT_SOAK_OPTIONS };
  let warmupGiven = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json') {
      options.json = true;
      continue;
    }
    if (arg === '--persist') {
      options.persist = true;
      continue;
    }
    if (arg === '--fault' || arg.startsWith('--fault=')) {
      const rule = arg === '--fault' ? args[++i] : arg.slice('--fault='.length);
      if (!rule)
        throw new SoakUsageError(
          '--fault needs a rule id, e.g. --fault SANDBOX-ACCTX-INCLUDES-PAYMENTS',
        );
      options.faults = [...options.faults, rule];
      continue;
    }
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const spec = INTEGER_FLAGS[flag!];
    if (!spec) throw new SoakUsageError(`unknown flag '${arg}'\n${SOAK_USAGE}`);
    const text = inline ?? args[++i];
    if (text === undefined) throw new SoakUsageError(`${flag} needs a number`);
    if (!/^\d+$/.test(text))
      throw new SoakUsageError(`${flag} takes a whole number, not '${text}'`);
    const value = Number(text);
    if (value < spec.min || value > spec.max)
      throw new SoakUsageError(`${flag} must be between ${spec.min} and ${spec.max}, not ${value}`);
    options[spec.key] = value;
    if (spec.key === 'warmupSeconds') warmupGiven = true;
  }
  const halfDuration = Math.floor(options.durationSeconds / 2);
  if (!warmupGiven) options.warmupSeconds = Math.min(options.warmupSeconds, halfDuration);
  else if (options.warmupSeconds > halfDuration)
    throw new SoakUsageError(
      `--warmup must be at most half of --duration (${halfDuration} s): memory after warm-up is compared with memory at the end`,
    );
  return options;
}
