/** Flag parsing for CLI commands: node:util parseArgs in strict mode, its errors as UsageErrors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.js';

export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** A TCP port flag: an integer 0–65535 (0 picks a free port). */
export function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, not '${value}'.`);
  }
  return port;
}
