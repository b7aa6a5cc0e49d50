/** Flag parsing for CLI commands: node:util parseArgs in strict mode, its errors as UsageErrors. */
import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestName } from './did-you-mean.js';
import { UsageError } from './io.js';

export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw unknownFlag((error as Error).message, Object.keys(options));
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * An unknown flag, named, with the known flag it most likely meant: the remedy in one line
 * instead of the whole usage to search.
 */
function unknownFlag(parseMessage: string, known: readonly string[]): UsageError {
  const flag = /'([^']+)'/.exec(parseMessage)?.[1] ?? parseMessage;
  const meant = closestName(
    flag.replace(/^-+/, ''),
    known.filter((name) => name.length > 1),
  );
  return new UsageError(`unknown flag '${flag}'`, meant ? `did you mean --${meant}?` : undefined);
}

/** A flag that takes one of a few words; anything else is refused listing them. */
export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  flag: string,
): T {
  if (!value || !(allowed as readonly string[]).includes(value))
    throw new UsageError(
      `${flag} must be ${allowed.join(', ')}${value ? `, not '${value}'` : ''}.`,
    );
  return value as T;
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

/** Longest whole-exchange timeout accepted: a day. */
const MAX_TIMEOUT_SECONDS = 86_400;

/** A timeout in seconds (fractions allowed, above 0, at most a day), returned in milliseconds. */
export function parseTimeoutSeconds(
  value: string | undefined,
  flag: string,
  fallbackMs: number,
): number {
  if (value === undefined) return fallbackMs;
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(seconds > 0) || seconds > MAX_TIMEOUT_SECONDS)
    throw new UsageError(
      `${flag} must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, not '${value}'`,
    );
  return Math.max(1, Math.round(seconds * 1000));
}

/** A response body limit: a positive whole number of bytes, at most 2 GiB. */
export function parseMaxBody(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const bytes = Number(value);
  if (!/^\d+$/.test(value) || bytes < 1 || bytes > 2 ** 31)
    throw new UsageError(
      `${flag} must be a whole number of bytes from 1 to ${2 ** 31}, not '${value}'`,
    );
  return bytes;
}

/** The bytes of a file a flag names; one that does not read is a UsageError naming the flag. */
export async function readFlagFile(path: string, flag: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new UsageError(
      `${flag}: cannot read '${path}' (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}
