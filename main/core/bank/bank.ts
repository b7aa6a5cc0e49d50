/**
 * createBank: the embedded bank as an object (issue "Embedded bank", ARCHITECTURE property 4).
 * `handle` runs the whole staged pipeline without a socket; `listen` puts a thin node:http(s)
 * adapter in front. No module-level state: a sandbox and a production bank can run side by side.
 */
import type { Clock } from '../clock.js';
import { isLoopbackAddress, loopbackHostHeaders } from '../../shared/loopback.js';
import { SigningCertificateCache } from '../signature/index.js';
import { bankError } from '../spec/errors.js';
import { MAX_REQUEST_BODY_BYTES } from '../spec/limits.js';
import { SpecValidator } from '../spec/validation.js';
import {
  cachedInspector,
  inspectTppCertificate,
  type CertificateInspector,
} from './certificateInspection.js';
import { listenBank, type BankListener, type ListenOptions } from './http.js';
import { isoTimestamps } from './iso-timestamp.js';
import { pkiIntercept } from './pki.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';
import { TppRegistry } from './registry.js';
import type { RevocationLists } from './revocation.js';
import {
  RequestLog,
  BODY_TEXT_MAX,
  DEFAULT_LOG_CAPACITY,
  type ExchangeRecord,
} from './requestLog.js';
import { ConsoleEventLog } from './console-events.js';
import {
  applyErrorFaults,
  applyResponseFaults,
  applyResponseSignatureFault,
} from './response-faults.js';
import { handlerResponse, rejectionResponse } from './response.js';
import type { ResponseSigner } from './response-signing.js';
import { BANK_ROUTES } from './routes.js';
import { startDueBatches } from './domain/batch.js';
import { buildInitialState } from './domain/initial-data.js';
import { certificateStage } from './stages/certificate.js';
import { fixesStage } from './stages/fixes.js';
import { headerStage } from './stages/headers.js';
import { paramsStage } from './stages/params.js';
import { requestSchemaStage } from './stages/requestSchema.js';
import { compileRoutes, routeStage } from './stages/route.js';
import { pageResponse } from './pages/response.js';
import { scaSessionHook, sessionStage, type SessionHook } from './stages/session.js';
import { signatureStage } from './stages/signature.js';
import { transportStage } from './stages/transport.js';
import {
  checkState,
  exportSnapshot,
  liveStateOf,
  readSnapshot,
  snapshotStateOf,
  type BankSnapshot,
  type BankState,
} from './state.js';
import { TppFindingsRecorder } from './tpp-findings/recorder.js';
import type { DomainState } from './domain/model.js';
import type { BankDatabase } from './store/bank-database.js';
import type { LedgerStore } from './store/ledger-store.js';
import { TrustStore } from './trustStore.js';
import {
  isRejection,
  reject,
  type BankMode,
  type BankRequest,
  type BankResponse,
  type HandlerEnvironment,
  type HandlerResult,
  type Rejection,
  type RequestContext,
  type ServedRequest,
  type RouteDefinition,
  type Stage,
  type StageName,
} from './types.js';

export interface BankSettings {
  /** Request log capacity (exchanges kept). */
  requestLogCapacity?: number;
  /** Body size limit; above it the bank answers 413. Default 1 MiB (issue req. 6). */
  maxBodyBytes?: number;
}

export interface BankOptions {
  mode: BankMode;
  clock: Clock;
  trustStore?: TrustStore;
  registry?: TppRegistry;
  settings?: BankSettings;
  /** Session/SCA/consent stage; scaSessionHook by default (stages/session.ts, docs/sca.md). */
  sessionHook?: SessionHook;
  /**
   * The state POST /v1/sandbox/initialize and reset() return to; by default the sandbox initial
   * data (domain/initial-data.ts) with dates relative to the bank clock.
   */
  initialState?: () => DomainState;
  /**
   * The database file that keeps the state durably (store/bank-database.ts). When given, every
   * request is one transaction, answered after its commit; a failed commit changes nothing and
   * answers 503 (send again). The bank starts from the state the file holds, or from the initial
   * state when the file is new. Without one, the state lives in memory (an in-memory ledger).
   */
  database?: BankDatabase;
  /** Endpoints; BANK_ROUTES by default. */
  routes?: readonly RouteDefinition[];
  /** Reads organizationIdentifier and PSD2 roles from a certificate. */
  inspectCertificate?: CertificateInspector;
  /** §5.2.7: signs every answer of the pipeline (response-signing.ts); unsigned without. */
  signResponse?: ResponseSigner;
  /**
   * The CAs' CRLs (revocation.ts): production refuses a certificate on its CA's CRL (403), and
   * every listener serves them, with the trusted CA certificates, under /pki/ (pki.ts).
   */
  revocation?: RevocationLists;
}

export interface Bank {
  readonly mode: BankMode;
  readonly clock: Clock;
  readonly trustStore: TrustStore;
  readonly registry: TppRegistry;
  /** The CRLs the bank checks in production and publishes under /pki/; none when undefined. */
  readonly revocation: RevocationLists | undefined;
  readonly requestLog: RequestLog;
  /**
   * What the bank found about the TPPs calling it, per TPP-side rule (issue #17 item 5;
   * tpp-findings/): the conformance report of the client.
   */
  readonly tppFindings: TppFindingsRecorder;
  /**
   * What was done to the bank outside the requests it answered (console-events.ts): the request
   * log view and the sequence diagram show these beside the exchanges.
   */
  readonly consoleEvents: ConsoleEventLog;
  /** The whole pipeline for one request; never throws, never answers 500 for bad input. */
  handle(request: BankRequest): Promise<BankResponse>;
  /** Starts a node:http(s) listener (127.0.0.1, free port by default). */
  listen(options?: ListenOptions): Promise<BankListener>;
  /** The most recent listener's URL and port, if listening. */
  readonly url: string | undefined;
  readonly port: number | undefined;
  /** Closes every listener this bank started. */
  close(): Promise<void>;
  /** A deep copy of the current state, as a snapshot holds it (transactions included). */
  state(): BankState;
  exportSnapshot(): BankSnapshot;
  /** Replaces the state with a validated snapshot; throws SnapshotError naming the problem. */
  importSnapshot(snapshot: unknown): void;
  /** Back to the initial state. */
  reset(): void;
  /**
   * Changes the live state as the bank itself would (the bank console: revoke a grant, remove a
   * payment permission, toggle a behaviour). The change is validated like an imported snapshot
   * (its entities; the ledger's posting functions keep the transactions valid); when it would
   * leave an invalid state, nothing changes and the error names the problem.
   */
  update<T>(change: (state: DomainState, now: Date) => T): T;
  /**
   * Runs one of the bank's own domain operations on the live state in place, as a request
   * handler does (the bank console: run the batch, revoke a grant, remove a payment permission).
   * No copy and no whole-state validation: those operations keep the state valid themselves,
   * and a console click costs the same however large the state has grown. With a database, the
   * change is one transaction committed before act() returns (a failed commit throws and leaves
   * the state as it was), as is update()'s.
   */
  act<T>(operation: (state: DomainState, now: Date) => T): T;
  /**
   * Reads the live state without copying or saving it (the views' questions: a session's §3.4
   * state). `read` must not change what it is given.
   */
  inspect<T>(read: (state: Readonly<DomainState>, now: Date) => T): T;
  /** Resolves when every request in progress is answered (and, with a database, committed). */
  flush(): Promise<void>;
  openApiDocument(): OpenApiDocument;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The longest stretch a catch-up of batch runs holds the event loop (domain/batch.ts). */
const CATCH_UP_SLICE_MS = 5;
/**
 * The most work one request's catch-up does; what is left is done by the next request, from where
 * it stopped (domain/batch.ts startDueBatches).
 */
const CATCH_UP_TOTAL_MS = 500;

/**
 * Compiled request schemas depend only on the route definitions, so every bank shares one cache:
 * compiling a query or body schema costs milliseconds, and suites start a bank per check.
 */
const requestValidator = new SpecValidator();

function loggedBody(body: Buffer): string | undefined {
  if (body.length > BODY_TEXT_MAX) return undefined;
  try {
    return utf8.decode(body);
  } catch {
    return undefined;
  }
}

/**
 * The log's own copy of the request headers, as a plain object. The listener's headers have no
 * prototype (http.ts), and a spread of such an object takes V8's slow path: a loop is about four
 * times faster, and this runs on every request.
 */
function copyOfHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const name in headers) {
    // A header named __proto__ stays a header (an own property), as a spread would keep it.
    if (name === '__proto__')
      Object.defineProperty(copy, name, {
        value: headers[name],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else copy[name] = headers[name]!;
  }
  return copy;
}

export function createBank(options: BankOptions): Bank {
  const { mode, clock } = options;
  const trustStore = options.trustStore ?? new TrustStore();
  const registry = options.registry ?? new TppRegistry();
  const maxBodyBytes = options.settings?.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
  const requestLog = new RequestLog(options.settings?.requestLogCapacity ?? DEFAULT_LOG_CAPACITY);
  const routes = options.routes ?? BANK_ROUTES;
  const initialState = options.initialState ?? (() => buildInitialState(clock.now(), mode));
  const listeners = new Set<BankListener>();
  let lastListener: BankListener | undefined;
  const tppFindings = new TppFindingsRecorder({ mode, url: () => lastListener?.url });
  const consoleEvents = new ConsoleEventLog();
  const database = options.database;

  /**
   * `next` made the bank's state: on the database's ledger when there is one (its transactions
   * copied in), else the in-memory ledger it brings replaces the previous one.
   */
  function adopt(next: DomainState, previous: LedgerStore | undefined): DomainState {
    if (database) {
      if (next.ledger === database.ledger) return next;
      const { ledger, ...small } = next;
      database.ledger.replaceAll(ledger.allAccountTransactions(), ledger.allCardTransactions());
      ledger.close();
      return { ...small, ledger: database.ledger };
    }
    if (previous && previous !== next.ledger) previous.close();
    return next;
  }

  let state: DomainState;
  if (database?.hasState()) state = database.load();
  else {
    database?.begin();
    state = adopt(initialState(), undefined);
    database?.commit(state);
  }

  /** Listeners that demand a TLS client certificate (mTLS, tls.ts), for /openapi.json. */
  const mutualTlsListeners = new WeakSet<BankListener>();
  const openApiDocument = () =>
    buildOpenApiDocument(routes, {
      mode,
      ...(lastListener ? { serverUrl: lastListener.url } : {}),
      signedResponses: options.signResponse !== undefined,
      durable: database !== undefined,
      mutualTls: lastListener !== undefined && mutualTlsListeners.has(lastListener),
    });
  const env: HandlerEnvironment = {
    get state() {
      return state;
    },
    replaceState: (next) => {
      state = adopt(next, state.ledger);
    },
    initialState,
    openApiDocument,
    listenerUrl: () => lastListener?.url,
  };

  const stages: [StageName, Stage][] = [
    ['transport', transportStage(maxBodyBytes)],
    ['route', routeStage(compileRoutes(routes), mode)],
    ['headers', headerStage],
    ['fixes', fixesStage],
    ['signature', signatureStage(new SigningCertificateCache())],
    [
      'certificate',
      certificateStage({
        mode,
        trustStore,
        registry,
        ...(options.revocation ? { revocation: options.revocation } : {}),
        inspect: cachedInspector(options.inspectCertificate ?? inspectTppCertificate),
      }),
    ],
    ['session', sessionStage(options.sessionHook ?? scaSessionHook, env)],
    ['params', paramsStage],
    ['request-schema', requestSchemaStage(requestValidator)],
  ];

  /**
   * The catch-up with the bank clock in progress, if it did not fit in one slice (after a jump of
   * the clock with much due). Requests that arrive meanwhile wait for it, then catch up to their
   * own time; between slices the event loop serves everyone else (/health, the admin API).
   */
  let catchingUp: Promise<void> | undefined;

  /** Performs what is due at `now`; a promise when it takes more than one slice. */
  function catchUp(now: Date): Promise<void> | undefined {
    if (catchingUp) return catchingUp.then(() => catchUp(now));
    const run = startDueBatches(state, now, CATCH_UP_TOTAL_MS);
    if (run.step(CATCH_UP_SLICE_MS)) return undefined;
    catchingUp = new Promise<void>((resolve, reject) => {
      const next = () => {
        let done: boolean;
        try {
          // A reset or import replaced the state: what was due on the old one is moot.
          done = run.state !== state || run.step(CATCH_UP_SLICE_MS);
        } catch (error) {
          catchingUp = undefined;
          reject(error); // a bank bug: the waiting requests answer SYSTEM_ERROR, as before
          return;
        }
        if (!done) return void setImmediate(next);
        catchingUp = undefined;
        resolve();
      };
      setImmediate(next);
    });
    return catchingUp;
  }

  const wallClockText = isoTimestamps();
  const bankClockText = isoTimestamps();

  /** The staged pipeline for one request; `failed` when a stage or handler threw (a bank bug). */
  async function runPipeline(request: BankRequest) {
    const started = performance.now();
    const arrivedAt = wallClockText(Date.now());
    let ctx: RequestContext = {
      request,
      mode,
      now: clock.now(),
      pathParams: {},
      params: {},
      rawQuery: new Map(),
      query: {},
      fixes: new Set(),
      faults: new Set(state.behaviour.faultProfiles),
      requestedFixes: [],
    };
    const stageTimings: ExchangeRecord['stageTimings'] = {};
    let current: StageName = 'transport';
    let outcome: HandlerResult | Rejection | undefined;
    let failed = false;
    try {
      // §1 sandbox batch: the runs (and periodic executions) due on the bank clock happen first.
      const catchingUp = catchUp(ctx.now);
      if (catchingUp) await catchingUp;
      for (const [name, stage] of stages) {
        current = name;
        const begin = performance.now();
        const result = await stage(ctx);
        stageTimings[name] = performance.now() - begin;
        if (isRejection(result)) {
          outcome = result;
          break;
        }
        ctx = result; // a stage (e.g. the session hook) may hand on a new context object
        // SCA pages (kind 'page') are the PSU's browser, not a TPP: no header, signature,
        // session or schema stages; the page handler reads its own form (pages/).
        if (name === 'route' && ctx.route?.kind === 'page') break;
      }
      if (!outcome) {
        current = 'handler';
        const begin = performance.now();
        outcome = await ctx.route!.handle(ctx, env);
        stageTimings.handler = performance.now() - begin;
      }
    } catch (error) {
      // A bank bug, never bad input: answer SYSTEM_ERROR, log it, keep serving.
      failed = true;
      const message = error instanceof Error ? error.message : String(error);
      outcome = reject(
        `internal.${current}`,
        bankError('SYSTEM_ERROR', `internal error in stage ${current}: ${message}`),
      );
    }
    const answered = applyResponseFaults(
      ctx,
      isRejection(outcome)
        ? rejectionResponse(request, applyErrorFaults(ctx, outcome))
        : outcome.html !== undefined
          ? pageResponse(outcome)
          : handlerResponse(request, outcome),
    );
    // RFC 9110 §6.6.1: Date is the bank clock's, the clock its data is dated by, so a TPP (and
    // a check, CheckContext.bankNow) reads the bank's today from any answer.
    const dated = { ...answered, headers: { date: ctx.now.toUTCString(), ...answered.headers } };
    // §5.2.7: the bank's own signature over what it answers; SCA pages are for the browser.
    const response = applyResponseSignatureFault(ctx, signed(dated, ctx.route?.kind !== 'page'));
    return { ctx, outcome, response, stageTimings, current, started, arrivedAt, failed };
  }

  function signed(response: BankResponse, sign = true): BankResponse {
    return options.signResponse && sign ? options.signResponse(response) : response;
  }

  function record(
    request: BankRequest,
    run: Awaited<ReturnType<typeof runPipeline>>,
    response: BankResponse,
  ): void {
    const { ctx, outcome, stageTimings, current, started, arrivedAt } = run;
    const bodyText = loggedBody(request.body);
    const entry = requestLog.record({
      mode,
      receivedAt: bankClockText(ctx.now.getTime()),
      arrivedAt,
      durationMs: performance.now() - started,
      stageTimings,
      ...(ctx.route ? { operationId: ctx.route.operationId } : {}),
      request: {
        method: request.method,
        target: request.target,
        headers: copyOfHeaders(request.headers),
        ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
        bodySize: request.body.length,
        ...(bodyText !== undefined ? { bodyText } : {}),
      },
      response: { status: response.status, headers: response.headers, body: response.json },
      ...(isRejection(outcome) ? { rejectedBy: { stage: current, rule: outcome.rule } } : {}),
    });
    tppFindings.observe({
      ...(ctx.route ? { route: ctx.route } : {}),
      ...(isRejection(outcome) ? { refusedAt: current, rejection: outcome } : {}),
      record: entry,
      responseBody: isRejection(outcome) ? outcome.error.body : outcome.body,
    });
  }

  /**
   * With a database, requests run one at a time inside the open transaction (the stages and
   * handlers are synchronous today, so requests never interleave anyway; the queue keeps that
   * true should one ever await), and are answered after the commit that holds them. Group commit:
   * the requests whose pipelines ran in the same turn of the event loop share one commit (one
   * fsync), made by `setImmediate` once they have run. A failed commit rolls the whole group back
   * in the file and in memory, and each of its requests answers 503 (send again); so does a group
   * in which a handler threw (a bank bug): none of its changes is kept.
   */
  let queue: Promise<unknown> = Promise.resolve();
  interface GroupMember {
    request: BankRequest;
    run: Awaited<ReturnType<typeof runPipeline>>;
    answer(response: BankResponse): void;
  }
  let group: GroupMember[] = [];
  let groupFailed = false;
  let commitScheduled = false;

  function commitGroup(): void {
    commitScheduled = false;
    const members = group;
    group = [];
    let failure: unknown;
    if (groupFailed) {
      state = database!.rollback();
      failure = new Error('a request of the same commit failed inside the bank');
    } else {
      try {
        database!.commit(state);
      } catch (error) {
        state = database!.rollback();
        failure = error;
      }
    }
    groupFailed = false;
    for (const { request, run, answer } of members) {
      const response =
        failure === undefined || run.failed
          ? run.response
          : signed(unsavedChangeResponse(request, failure));
      record(request, run, response);
      answer(response);
    }
  }

  /**
   * For the listener (http.ts): the same pipeline as `handle`, with the request log entry left
   * until the answer is written. With a database the answer already waits for its commit, and
   * the log entry is made with it (commitGroup).
   */
  function serve(request: BankRequest): Promise<ServedRequest> {
    if (database) return handle(request).then((response) => ({ response }));
    return runPipeline(request).then((run) => ({
      response: run.response,
      afterSending: () => record(request, run, run.response),
    }));
  }

  function handle(request: BankRequest): Promise<BankResponse> {
    if (!database)
      return runPipeline(request).then((run) => {
        record(request, run, run.response);
        return run.response;
      });
    return new Promise<BankResponse>((answer) => {
      queue = queue.then(async () => {
        database.begin();
        const run = await runPipeline(request);
        if (run.failed) groupFailed = true;
        group.push({ request, run, answer });
        if (!commitScheduled) {
          commitScheduled = true;
          setImmediate(() => {
            if (commitScheduled) commitGroup();
          });
        }
      });
    });
  }

  /**
   * A console change (act, update, import, reset) on the live state. With a database it is one
   * transaction of its own, committed before the call returns; a failed commit leaves the state
   * as it was and throws. Inside a request's open transaction it joins that one.
   */
  function change<T>(operation: () => T): T {
    if (!database) return operation();
    // Requests waiting for their group's commit are committed first: the console change is
    // then a transaction of its own, committed before the call returns.
    if (group.length > 0) commitGroup();
    if (database.db.inTransaction) return operation();
    database.begin();
    let result: T;
    try {
      result = operation();
      database.commit(state);
    } catch (error) {
      state = database.rollback();
      throw storageFault(error) ? new UnsavedChangeError(error) : error;
    }
    return result;
  }

  return {
    mode,
    clock,
    trustStore,
    registry,
    revocation: options.revocation,
    requestLog,
    tppFindings,
    consoleEvents,
    handle,
    async listen(listenOptions = {}) {
      // /pki/ first (the CA certificates and CRLs, both modes), then the host's own intercept.
      const pki = pkiIntercept({
        trustStore,
        ...(options.revocation ? { revocation: options.revocation } : {}),
      });
      const outer = listenOptions.intercept;
      // Set once the listener knows its port: on loopback, the Host its own routes accept.
      let hostCheck: ((request: BankRequest) => BankResponse | undefined) | undefined;
      const intercept = async (request: BankRequest) =>
        hostCheck?.(request) ?? pki(request) ?? (outer ? await outer(request) : undefined);
      const listener = await listenBank({ serve }, { maxBodyBytes, ...listenOptions, intercept });
      if (isLoopbackAddress(listener.host))
        hostCheck = foreignHostRefusal(
          loopbackHostHeaders(listener.port, listenOptions.https ? 443 : 80),
        );
      const https = listenOptions.https;
      if (https?.requestCert === true && https.rejectUnauthorized !== false)
        mutualTlsListeners.add(listener);
      listeners.add(listener);
      lastListener = listener;
      return {
        ...listener,
        close: async () => {
          listeners.delete(listener);
          if (lastListener === listener) lastListener = [...listeners].pop();
          await listener.close();
        },
      };
    },
    get url() {
      return lastListener?.url;
    },
    get port() {
      return lastListener?.port;
    },
    async close() {
      const all = [...listeners];
      listeners.clear();
      lastListener = undefined;
      await Promise.all(all.map((listener) => listener.close()));
    },
    state: () => snapshotStateOf(state),
    exportSnapshot: () => exportSnapshot(state, mode, clock.now()),
    importSnapshot(snapshot) {
      const imported = readSnapshot(snapshot);
      change(() => {
        const ledger = database?.ledger ?? state.ledger;
        state = liveStateOf(imported, ledger);
      });
    },
    reset() {
      change(() => {
        state = adopt(initialState(), state.ledger);
      });
    },
    update(update) {
      // The draft: copies of the small entities on the live ledger, whose changes a savepoint
      // takes back when the result is invalid.
      return change(() => {
        const { ledger, ...small } = state;
        const draft: DomainState = { ...structuredClone(small), ledger };
        ledger.db.exec('SAVEPOINT bank_update');
        let result;
        try {
          result = update(draft, clock.now());
          const { ledger: _ledger, ...entities } = draft;
          checkState({ ...entities, accountTransactions: [], cardTransactions: [] });
        } catch (error) {
          ledger.db.exec('ROLLBACK TO bank_update');
          ledger.db.exec('RELEASE bank_update');
          throw error;
        }
        ledger.db.exec('RELEASE bank_update');
        // Keep the state object itself: a request between two of its stages reads the new values.
        Object.assign(state, draft);
        return result;
      });
    },
    act(operation) {
      return change(() => operation(state, clock.now()));
    },
    inspect: (read) => read(state, clock.now()),
    flush: () =>
      queue.then(() => {
        if (group.length > 0) commitGroup();
      }),
    openApiDocument,
  };
}

/** An error of the database file itself (full disk, read-only file, I/O), not of the change. */
function storageFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

/**
 * A console change (reset, import, act, update) that the database could not save: nothing of it
 * was kept, and the same change may be made again. The admin API answers it 503, as the PSD2
 * routes answer a request whose commit failed.
 */
export class UnsavedChangeError extends Error {
  override readonly name = 'UnsavedChangeError';
  /** The database's error code (SQLITE_FULL, SQLITE_READONLY, …). */
  readonly code: string;
  constructor(cause: unknown) {
    const code = String((cause as { code: string }).code);
    super(
      `the bank could not save this change (${code}: ${(cause as Error).message}); nothing was changed, try again`,
      { cause },
    );
    this.code = code;
  }
}

/** The bank's own routes that change it outside the PSD2 interface: admin API, sandbox data. */
const OWN_ROUTES = /^\/(admin(\/|\?|$)|v1\/sandbox(\/|\?|$))/;

/**
 * For a listener on loopback: the admin API and the sandbox management routes answer only a Host
 * that names loopback with the listener's port; any other is 421 with a tppMessages text. A web
 * page that rebinds its own name to 127.0.0.1 (DNS rebinding) sends its name, and so cannot reset
 * the bank or make data in it. The PSD2 routes need a signature, which such a page cannot make.
 */
function foreignHostRefusal(
  allowed: ReadonlySet<string>,
): (request: BankRequest) => BankResponse | undefined {
  return (request) => {
    if (!OWN_ROUTES.test(request.target)) return undefined;
    const host = request.headers.host;
    if (host !== undefined && allowed.has(host.toLowerCase())) return undefined;
    const error = bankError(
      'BAD_REQUEST',
      `${host === undefined ? 'no Host header' : `Host '${host.slice(0, 100)}'`} is not this bank's loopback address (${[...allowed].join(', ')}): the admin API and the sandbox management routes answer only requests addressed to it (DNS rebinding protection)`,
      { status: 421 },
    );
    return {
      status: error.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(error.body),
    };
  };
}

/**
 * §7: the change could not be committed (a full disk, a read-only file). Nothing of it was kept,
 * so the same request can be sent again; 503 says so, as Retry-After does. SYSTEM_ERROR is the
 * spec's code for a bank-side failure (§7.2 allows no other).
 */
function unsavedChangeResponse(request: BankRequest, error: unknown): BankResponse {
  const cause = (error as { code?: string }).code ?? (error as Error).message;
  const response = rejectionResponse(
    request,
    reject(
      'persistence.commit-failed',
      bankError(
        'SYSTEM_ERROR',
        `the bank could not save this change (${cause}); nothing was changed, send the request again`,
        { status: 503 },
      ),
    ),
  );
  return { ...response, headers: { ...response.headers, 'retry-after': '1' } };
}
