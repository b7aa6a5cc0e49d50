/**
 * The secrets of a run against a target profile, and the one place they are taken out of it. The
 * values `${env:NAME}` filled into the profile (target-profile/env-secrets.ts) and a literal admin
 * token are redacted from every event, the result and the runner's log lines as the run produces
 * them (session/run.ts), so nothing made from the run afterwards — the UI's views, the JSON,
 * JUnit and HTML reports, the HAR, the curl script, the evidence bundle — can show them.
 */
import { REDACTED } from '../results/report-result.js';
import type { Reporter, RunEvent, RunnerLogger } from '../engine/events.js';
import type { LoadedTargetProfile } from '../target-profile/index.js';
import type { RunResult } from '../../../shared/run-result.js';

/**
 * Shorter values are not searched for: they would match ordinary text (a status, a number) all
 * over a report, and a value that short is no secret. The reports' own rule (report-result.ts).
 */
export const MIN_SECRET_LENGTH = 8;

/** What the run redacts: the profile's values from the environment and its admin token. */
export function runSecrets(loaded: LoadedTargetProfile): string[] {
  return secretForms([...(loaded.secrets ?? []), loaded.profile.admin?.token ?? '']);
}

/**
 * The forms of `values` to search for, longest first. `minLength` 1 where the text searched is
 * short and about the values themselves (a PSU steps replay's error and captions).
 */
export function secretForms(values: readonly string[], minLength = MIN_SECRET_LENGTH): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    if (value.length < Math.max(1, minLength)) continue;
    // As it shows in text, in a JSON body and in a URL.
    forms.add(value);
    forms.add(JSON.stringify(value).slice(1, -1));
    forms.add(encodeURIComponent(value));
  }
  // Longest first: a secret that contains another goes whole.
  return [...forms].sort((a, b) => b.length - a.length);
}

/** `value` with every secret replaced by [redacted] in every string, keys included. */
export function redactSecretValues<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const text = (s: string) => {
    let out = s;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return text(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [text(key), walk(item)]));
    return node;
  };
  return walk(value) as T;
}

const HANDLERS = [
  'onRunBegin',
  'onSuiteBegin',
  'onCheckBegin',
  'onCheckEvidence',
  'onCheckEnd',
  'onSuiteEnd',
  'onRunEnd',
] as const;

export interface RedactingRun {
  reporters: Reporter[];
  logger?: RunnerLogger;
  /** The run's result without its secrets: the object run:end gave the reporters. */
  result(result: RunResult): RunResult;
}

/** The reporters and the logger of a run, seeing every event with the secrets taken out. */
export function redactingRun(
  secrets: readonly string[],
  reporters: readonly Reporter[] = [],
  logger?: RunnerLogger,
): RedactingRun {
  if (secrets.length === 0)
    return { reporters: [...reporters], ...(logger ? { logger } : {}), result: (r) => r };
  // Each event once, however many reporters see it; the result of run:end is the one returned.
  const seen = new WeakMap<object, unknown>();
  const redacted = (event: RunEvent): RunEvent => {
    let out = seen.get(event) as RunEvent | undefined;
    if (!out) {
      seen.set(event, (out = redactSecretValues(event, secrets)));
      if (event.type === 'run:end' && out.type === 'run:end') seen.set(event.result, out.result);
    }
    return out;
  };
  const wrapped = reporters.map((reporter) => {
    const copy: Record<string, unknown> = { name: reporter.name };
    for (const handler of HANDLERS) {
      const deliver = reporter[handler] as ((event: RunEvent) => unknown) | undefined;
      if (deliver) copy[handler] = (event: RunEvent) => deliver.call(reporter, redacted(event));
    }
    return copy as unknown as Reporter;
  });
  return {
    reporters: wrapped,
    result: (result) =>
      (seen.get(result) as RunResult | undefined) ?? redactSecretValues(result, secrets),
    ...(logger
      ? {
          logger: {
            error: (message: string) => logger.error(redactSecretValues(message, secrets)),
          },
        }
      : {}),
  };
}
