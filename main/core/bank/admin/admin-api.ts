/**
 * The admin API of a running bank (docs/ci.md "Admin API"): move the virtual
 * clock, run the payment batch, reset, export and import the state snapshot, read the request log,
 * from outside the process. Off unless a host turns it on with a token; it is the workbench's own,
 * outside the PSD2 interface: no TPP headers, no signature, not in /openapi.json, not in the
 * request log, no fault profile applies. Every /admin request needs `Authorization: Bearer
 * <token>` (compared in constant time); bad input is 400 with `{ error: { code, message, field } }`
 * naming the field, never a 500.
 *
 * Wired in front of the bank pipeline through the listener's `intercept` hook (listener/http.ts):
 * an
 * answer for /admin and everything under it, `undefined` for any other path.
 */
import { constants as bufferConstants } from 'node:buffer';
import { createHash, timingSafeEqual } from 'node:crypto';
import { runBatchNow, type BatchReport } from '../domain/batch.js';
import { batchRunText, type ConsoleEventKind } from '../log/console-events.js';
import { UnsavedChangeError, type Bank } from '../bank.js';
import { LogUnavailableError } from '../log/bank-logs.js';
import { SnapshotError } from '../state.js';
import type { TppReport } from '../log/tpp-findings/model.js';
import type { BodyLimitHead, BodySink } from '../listener/http.js';
import { JsonIntake } from '../http/json-intake.js';
import type { BankRequest, BankResponse } from '../http/messages.js';
import { AdminProblem, answer, badRequest, jsonObject, problemAnswer, queryOf } from './answers.js';
import { moveClock, type AdjustableClock } from './clock-move.js';
import { planRoutes, type PlanReportRenderer } from './plan-routes.js';
import type { PlanRun } from '../plans/plan-run.js';

export type { AdjustableClock };

export interface AdminApiOptions {
  bank: Bank;
  /** The bank's own clock, as an adjustable one. */
  clock: AdjustableClock;
  /** The bearer token; at least ADMIN_TOKEN_MIN_LENGTH visible ASCII characters. */
  token: string;
  /** Bodies above this are 413 (the listener keeps at most this + 1 bytes). */
  maxBodyBytes: number;
  /**
   * Renders the TPP conformance report in a format other than JSON (JUnit, HTML). The renderers
   * live above the bank (main/core/runner/reporters/tpp-report.ts): the host hands them in.
   */
  renderReport?: ReportRenderer;
  /** The TPP test plan the bank plays (`workbench bank --plan`), served under /admin/plan. */
  plan?: PlanRun;
  /** Renders a plan report in JUnit or HTML; handed in by the host as renderReport is. */
  renderPlanReport?: PlanReportRenderer;
}

/** The report formats GET /admin/report serves besides json, by the `format` query value. */
export type ReportRenderer = (
  report: TppReport,
  format: 'junit' | 'html',
) => { contentType: string; body: string };

const REPORT_FORMATS = ['json', 'junit', 'html'] as const;

/** A handler's answer that is not a value to serialise (the rendered reports, the snapshot). */
class TextAnswer {
  constructor(
    readonly contentType: string,
    readonly body: string | readonly Buffer[],
  ) {}
}

export type AdminIntercept = ((request: BankRequest) => Promise<BankResponse | undefined>) & {
  /**
   * The listener's `bodySink` (listener/http.ts): `PUT /admin/snapshot` with the right token may
   * carry a snapshot as large as GET gives, up to SNAPSHOT_MAX_BYTES, and it is parsed as it
   * arrives (http/json-intake.ts), so its bytes and its text are never held beside the state they
   * become. Every other request keeps the listener's limit and its body.
   */
  bodySink(head: BodyLimitHead): BodySink | undefined;
};

/**
 * The largest snapshot `PUT /admin/snapshot` takes: the longest string V8 can hold (about 512 MiB
 * on 64-bit Node), which is also the largest JSON text GET /admin/snapshot can give. A snapshot
 * the bank could export always goes back in; only the token's holder may send that much.
 */
export const SNAPSHOT_MAX_BYTES = bufferConstants.MAX_STRING_LENGTH;

export const ADMIN_TOKEN_MIN_LENGTH = 16;
/** Visible ASCII, no spaces: what a Bearer credential can carry as one header token. */
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/** Why `token` cannot be an admin token, or undefined when it can. */
export function adminTokenProblem(token: string): string | undefined {
  if (token.length < ADMIN_TOKEN_MIN_LENGTH)
    return `must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters long (got ${token.length})`;
  if (!TOKEN_CHARACTERS.test(token))
    return 'must be visible ASCII characters only (no spaces or control characters)';
  return undefined;
}

export const DEFAULT_REQUEST_LIMIT = 50;

/** The routes that read or clear the logs, not the bank's state (log/bank-logs.ts). */
const LOG_ROUTES = new Set(['/admin/requests', '/admin/events', '/admin/report']);

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

type Handler = (request: BankRequest, url: URL) => Promise<unknown>;

export function createAdminApi(options: AdminApiOptions): AdminIntercept {
  const { bank, clock, maxBodyBytes } = options;
  const problem = adminTokenProblem(options.token);
  if (problem) throw new RangeError(`admin token ${problem}`);
  const expected = digest(options.token);

  /** Constant time: both sides are hashed to the same length first. */
  function authorised(request: Pick<BankRequest, 'headers'>): boolean {
    const header = request.headers.authorization;
    const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
    const given = digest(match?.[1] ?? '');
    return timingSafeEqual(given, expected) && match !== null;
  }

  // What the admin API does to the bank shows beside the exchanges (console-events.ts).
  const event = (kind: ConsoleEventKind, text: string) =>
    bank.consoleEvents.record({
      mode: bank.mode,
      kind,
      actor: 'bank',
      text,
      bankTime: clock.now().toISOString(),
    });
  const context = { bank, clock, maxBodyBytes, event };
  const routes: Routes = {
    ...stateRoutes(context),
    ...logRoutes({ ...context, renderReport: options.renderReport }),
  };

  if (options.plan)
    Object.assign(
      routes,
      planRoutes({
        plan: options.plan,
        control: {
          act: (operation) => bank.act(operation),
          exclusive: (work) => bank.exclusive(work),
        },
        maxBodyBytes,
        ...(options.renderPlanReport ? { render: options.renderPlanReport } : {}),
        text: (contentType, body) => new TextAnswer(contentType, body),
      }),
    );

  const intercept = async (request: BankRequest): Promise<BankResponse | undefined> => {
    let url: URL;
    try {
      url = new URL(request.target, 'http://admin.invalid');
    } catch {
      return undefined; // not a path of ours; the pipeline answers it
    }
    if (
      !request.target.startsWith('/') ||
      (url.pathname !== '/admin' && !url.pathname.startsWith('/admin/'))
    )
      return undefined;
    try {
      if (!authorised(request))
        throw new AdminProblem(
          401,
          'UNAUTHORIZED',
          'the admin API needs Authorization: Bearer <token> with the token the bank printed at start',
          'Authorization',
          { 'www-authenticate': 'Bearer realm="workbench-admin"' },
        );
      const route = routes[url.pathname];
      if (!route) throw new AdminProblem(404, 'NOT_FOUND', `no admin route ${url.pathname}`);
      const handler = route[request.method];
      if (!handler)
        throw new AdminProblem(
          405,
          'METHOD_NOT_ALLOWED',
          `${url.pathname} allows ${Object.keys(route).join(', ')}, not ${request.method}`,
          undefined,
          { allow: Object.keys(route).join(', ') },
        );
      // On a PostgreSQL store shared by several bank processes: the latest state, one transaction.
      // The logs are not the state: read outside the sandbox's lock, which every request needs.
      const result = LOG_ROUTES.has(url.pathname)
        ? await handler(request, url)
        : await bank.exclusive(() => handler(request, url));
      // The console event of a change is where every process reads it when the change answers.
      if (request.method !== 'GET') await bank.logs.flush();
      if (result instanceof TextAnswer) {
        const headers = { 'content-type': result.contentType, 'cache-control': 'no-store' };
        return typeof result.body === 'string'
          ? { status: 200, headers, body: result.body }
          : { status: 200, headers, body: '', parts: result.body };
      }
      return answer(200, result);
    } catch (error) {
      return errorAnswer(error);
    }
  };
  return Object.assign(intercept, {
    bodySink: (head: BodyLimitHead) =>
      head.method === 'PUT' &&
      /^\/admin\/snapshot(\?|$)/.test(head.target) &&
      authorised({ headers: head.authorization ? { authorization: head.authorization } : {} })
        ? new JsonIntake(SNAPSHOT_MAX_BYTES)
        : undefined,
  });
}

type Routes = Record<string, Partial<Record<string, Handler>>>;

/** What the routes act on; `event` notes a change beside the exchanges. */
interface RouteContext {
  bank: Bank;
  clock: AdjustableClock;
  maxBodyBytes: number;
  event(kind: ConsoleEventKind, text: string): void;
}

/** The routes that change the bank's state: the clock, the batch, reset and the snapshot. */
function stateRoutes({ bank, clock, maxBodyBytes, event }: RouteContext): Routes {
  return {
    '/admin/clock': {
      GET: async (_request, url) => {
        queryOf(url, []);
        return clock.state();
      },
      POST: async (request, url) => {
        queryOf(url, []);
        const body = jsonObject(
          request,
          maxBodyBytes,
          'a JSON object: {"advance":"PT61M"}, {"advanceMs":3660000} or {"set":"…"}',
        ) as Record<string, unknown>;
        // A change of the state: with --db it is committed (the clock is kept across a restart).
        const moved = bank.act(() => moveClock(clock, body));
        event('clock', `Bank clock ${moved} (admin API)`);
        return clock.state();
      },
    },
    '/admin/batch': {
      POST: async (_request, url) => {
        queryOf(url, []);
        const report: BatchReport = bank.act((state, now) => runBatchNow(state, now));
        await bank.flush();
        event('batch-run', batchRunText(report, 'admin API'));
        return { now: clock.now().toISOString(), ...report };
      },
    },
    '/admin/reset': {
      POST: async (_request, url) => {
        queryOf(url, []);
        bank.reset();
        await bank.flush();
        event('reset', 'Bank reset to its initial state (admin API)');
        return { reset: true, now: clock.now().toISOString() };
      },
    },
    '/admin/snapshot': {
      GET: async (_request, url) => {
        queryOf(url, []);
        // Serialised here, inside the exclusive section, from the live state itself.
        return new TextAnswer('application/json; charset=utf-8', bank.exportSnapshotParts());
      },
      PUT: async (request, url) => {
        queryOf(url, []);
        const snapshot = jsonObject(
          request,
          SNAPSHOT_MAX_BYTES,
          'a JSON object, a bank state snapshot',
        );
        try {
          // The body was parsed for this call alone: handed over, not copied (one full copy of
          // a snapshot of hundreds of MiB is enough).
          bank.importSnapshot(snapshot, { handOver: true });
        } catch (error) {
          if (error instanceof UnsavedChangeError) throw error; // the disk's fault: 503
          // importSnapshot replaces the state only once the snapshot passed: whatever else it
          // throws (SnapshotError, or a RangeError for JSON nested too deep to copy) is about the
          // input.
          const reason =
            error instanceof SnapshotError
              ? error.message
              : `snapshot could not be read (${(error as Error).message})`;
          throw badRequest(
            'snapshot',
            `the snapshot was refused and the state is unchanged: ${reason}`,
          );
        }
        await bank.flush();
        event('snapshot-import', 'Bank state replaced by a snapshot (admin API)');
        return { imported: true, now: clock.now().toISOString() };
      },
    },
  };
}

/**
 * The routes that read or clear the logs (LOG_ROUTES): the request log, the console events and
 * the TPP report.
 */
function logRoutes({
  bank,
  renderReport,
}: RouteContext & { renderReport: ReportRenderer | undefined }): Routes {
  return {
    '/admin/requests': {
      GET: async (_request, url) => {
        return bank.logs.requests(limitOf(url, bank.requestLog.capacity));
      },
    },
    // What was done to the bank outside its requests (console-events.ts): clock moves, batch
    // runs, resets, a PSU's revocation at the bank — the same events the desktop log shows.
    '/admin/events': {
      GET: async (_request, url) => {
        return bank.logs.events(limitOf(url, bank.consoleEvents.capacity));
      },
    },
    // What the bank found about the TPP's requests so far (docs/ci.md).
    '/admin/report': {
      GET: async (_request, url) => {
        const format = queryOf(url, ['format']).get('format') ?? 'json';
        if (!(REPORT_FORMATS as readonly string[]).includes(format))
          throw badRequest('format', `format must be one of ${REPORT_FORMATS.join(', ')}`);
        const report = await bank.logs.report();
        if (format === 'json') return report;
        if (!renderReport)
          throw badRequest('format', `this bank's host renders no ${format} reports; ask for json`);
        const rendered = renderReport(report, format as 'junit' | 'html');
        return new TextAnswer(rendered.contentType, rendered.body);
      },
      DELETE: async (_request, url) => {
        queryOf(url, []);
        await bank.logs.clearReport();
        return { cleared: true };
      },
    },
  };
}

/** `?limit=N` (the only parameter): the last N entries of a log of `capacity`. */
function limitOf(url: URL, capacity: number): number {
  const text = queryOf(url, ['limit']).get('limit');
  if (text === undefined) return Math.min(DEFAULT_REQUEST_LIMIT, capacity);
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < 1 || Number(text) > capacity)
    throw badRequest('limit', `limit must be a whole number from 1 to ${capacity}`);
  return Number(text);
}

/** A route's failure as the admin API answers it: the problem it names, 503, or a bank bug's 500. */
function errorAnswer(error: unknown): BankResponse {
  if (error instanceof AdminProblem) return problemAnswer(error);
  // A full disk or a read-only file: nothing changed, send it again (as the PSD2 routes say);
  // a shared log's database out of reach: ask again.
  if (error instanceof UnsavedChangeError || error instanceof LogUnavailableError)
    return problemAnswer(
      new AdminProblem(503, 'SERVICE_UNAVAILABLE', error.message, undefined, {
        'retry-after': '1',
      }),
    );
  // A bank bug or a failed save, never bad input.
  return answer(500, {
    error: { code: 'INTERNAL_ERROR', message: (error as Error).message ?? String(error) },
  });
}
