/** Fake checks, targets and exchanges for runner tests: no HTTP, no bank. */
import type {
  Check,
  CheckContext,
  EvidenceExchange,
  TargetClient,
  TargetInfo,
  TargetRequest,
} from '../../../main/core/runner/check-api/index';
import type { CheckEnvironment } from '../../../main/core/runner/engine/check-context';
import type { RunOptions } from '../../../main/core/runner/engine/run';
import type { Reporter, RunEvent } from '../../../main/core/runner/engine/events';
import type { CheckResult, CheckStatus, RunResult } from '../../../main/shared/run-result';

export const sandboxTarget: TargetInfo = {
  baseUrl: 'http://127.0.0.1:9999',
  mode: 'sandbox',
  hasSandboxApi: true,
  name: 'fake bank',
};

let exchangeSeq = 0;

/** An exchange as a client would record it. */
export function fakeExchange(
  overrides: {
    method?: string;
    path?: string;
    status?: number;
    body?: string;
    json?: unknown;
    headers?: Record<string, string>;
    requestBody?: string;
  } = {},
): EvidenceExchange {
  const body =
    overrides.body ?? (overrides.json !== undefined ? JSON.stringify(overrides.json) : '');
  const exchange: EvidenceExchange = {
    id: `x-${++exchangeSeq}`,
    request: {
      method: overrides.method ?? 'GET',
      url: `${sandboxTarget.baseUrl}${overrides.path ?? '/v1/accounts'}`,
      headers: { 'x-request-id': '9b2e2cf5-9c36-4a3b-8d52-2d07f1a1f0a1' },
    },
    signingString: 'x-request-id: 9b2e2cf5-9c36-4a3b-8d52-2d07f1a1f0a1',
    response: {
      status: overrides.status ?? 200,
      headers: overrides.headers ?? { 'content-type': 'application/json' },
      body,
    },
    timings: { startedAt: '2024-01-01T00:00:00.000Z', durationMs: 3 },
  };
  if (overrides.requestBody !== undefined) exchange.request.body = overrides.requestBody;
  if (overrides.json !== undefined) exchange.response!.json = overrides.json as never;
  return exchange;
}

/** A client that answers every request with `respond(request)` (default: 200, empty JSON). */
export function fakeClient(
  respond: (request: TargetRequest) => EvidenceExchange = (request) =>
    fakeExchange({ method: request.method, path: request.path, json: {} }),
): TargetClient & { requests: TargetRequest[] } {
  const requests: TargetRequest[] = [];
  return {
    requests,
    async send(request) {
      requests.push(request);
      return respond(request);
    },
  };
}

export function check(
  id: string,
  run: (ctx: CheckContext) => Promise<void> = async () => {},
  extra: Partial<Omit<Check, 'id' | 'run'>> = {},
): Check {
  return {
    id,
    title: `title of ${id}`,
    area: 'general',
    rules: ['GEN-JSON-PAYLOADS'],
    ...extra,
    run,
  };
}

export function environment(extra: Partial<CheckEnvironment> = {}): CheckEnvironment {
  return { client: fakeClient(), ...extra };
}

/** Options for runChecks with a fake environment per check; override what the test is about. */
export function runOptions(checks: Check[], extra: Partial<RunOptions> = {}): RunOptions {
  return {
    checks,
    target: sandboxTarget,
    createEnvironment: () => environment(),
    logger: { error: () => {} },
    ...extra,
  };
}

/** A reporter that records every event, in order. */
export function recordingReporter(): Reporter & { events: RunEvent[] } {
  const events: RunEvent[] = [];
  const record = (event: RunEvent) => {
    events.push(event);
  };
  return {
    name: 'recording',
    events,
    onRunBegin: record,
    onSuiteBegin: record,
    onCheckBegin: record,
    onCheckEvidence: record,
    onCheckEnd: record,
    onSuiteEnd: record,
    onRunEnd: record,
  };
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves once `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A run result with the given statuses, as the engine would produce it. */
export function resultWith(statuses: Record<string, CheckStatus>): RunResult {
  const checks = Object.entries(statuses).map(([checkId, status]) => ({
    checkId,
    title: `title of ${checkId}`,
    area: 'general',
    rules: ['GEN-JSON-PAYLOADS'],
    tags: [],
    status,
    startedAt: '2024-01-01T00:00:00.000Z',
    durationMs: 1,
    warnings: status === 'WARNING' ? ['a warning'] : [],
    evidence: [],
    ...(status === 'FAIL' ? { failure: { message: 'failed' } } : {}),
    ...(status === 'SKIPPED' ? { skipReason: 'skipped' } : {}),
  }));
  const counts = {
    total: checks.length,
    PASS: 0,
    FAIL: 0,
    WARNING: 0,
    SKIPPED: 0,
    INCONCLUSIVE: 0,
    REVIEW: 0,
  };
  for (const c of checks) counts[c.status] += 1;
  return {
    format: 'psd2-workbench/run-result',
    formatVersion: 4,
    runId: 'run-1',
    startedAt: '2024-01-01T00:00:00.000Z',
    finishedAt: '2024-01-01T00:00:01.000Z',
    durationMs: 1000,
    target: sandboxTarget,
    cancelled: false,
    counts,
    checks,
  };
}

/** The result of check `id` in a run's results (throws when the run has none). */
export function byId(results: readonly CheckResult[], id: string): CheckResult {
  const result = results.find((r) => r.checkId === id);
  if (!result) throw new Error(`no result for ${id}`);
  return result;
}
