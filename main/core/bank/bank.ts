/**
 * createBank: the embedded bank as an object (issue "Embedded bank", ARCHITECTURE property 4).
 * `handle` runs the whole staged pipeline without a socket; `listen` puts a thin node:http(s)
 * adapter in front. No module-level state: a sandbox and a production bank can run side by side.
 */
import type { Clock } from '../clock.js';
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
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';
import { TppRegistry } from './registry.js';
import {
  RequestLog,
  BODY_TEXT_MAX,
  DEFAULT_LOG_CAPACITY,
  type ExchangeRecord,
} from './requestLog.js';
import { applyErrorFaults, applyResponseFaults } from './response-faults.js';
import { GroupCommitter, type StateStore } from './persistence.js';
import { handlerResponse, rejectionResponse } from './response.js';
import type { ResponseSigner } from './response-signing.js';
import { BANK_ROUTES } from './routes.js';
import { runDueBatches } from './domain/batch.js';
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
  readSnapshot,
  type BankSnapshot,
  type BankState,
} from './state.js';
import { TppFindingsRecorder } from './tpp-findings/recorder.js';
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
  initialState?: () => BankState;
  /**
   * Where the state is kept durably. When given, every answer to a request that changed the state
   * waits until the change is saved (persistence.ts: atomic, group-committed writes).
   */
  stateStore?: StateStore;
  /** Endpoints; BANK_ROUTES by default. */
  routes?: readonly RouteDefinition[];
  /** Reads organizationIdentifier and PSD2 roles from a certificate. */
  inspectCertificate?: CertificateInspector;
  /** §5.2.7: signs every answer of the pipeline (response-signing.ts); unsigned without. */
  signResponse?: ResponseSigner;
}

export interface Bank {
  readonly mode: BankMode;
  readonly clock: Clock;
  readonly trustStore: TrustStore;
  readonly registry: TppRegistry;
  readonly requestLog: RequestLog;
  /**
   * What the bank found about the TPPs calling it, per TPP-side rule (issue #17 item 5;
   * tpp-findings/): the conformance report of the client.
   */
  readonly tppFindings: TppFindingsRecorder;
  /** The whole pipeline for one request; never throws, never answers 500 for bad input. */
  handle(request: BankRequest): Promise<BankResponse>;
  /** Starts a node:http(s) listener (127.0.0.1, free port by default). */
  listen(options?: ListenOptions): Promise<BankListener>;
  /** The most recent listener's URL and port, if listening. */
  readonly url: string | undefined;
  readonly port: number | undefined;
  /** Closes every listener this bank started. */
  close(): Promise<void>;
  /** A deep copy of the current state. */
  state(): BankState;
  exportSnapshot(): BankSnapshot;
  /** Replaces the state with a validated snapshot; throws SnapshotError naming the problem. */
  importSnapshot(snapshot: unknown): void;
  /** Back to the initial state. */
  reset(): void;
  /**
   * Changes the live state as the bank itself would (the bank console: revoke a grant, remove a
   * payment permission, toggle a behaviour). The change is validated like an imported snapshot;
   * when it would leave an invalid state, nothing changes and the error names the problem.
   */
  update<T>(change: (state: BankState, now: Date) => T): T;
  /**
   * Runs one of the bank's own domain operations on the live state in place, as a request
   * handler does (the bank console: run the batch, revoke a grant, remove a payment permission).
   * No copy and no whole-state validation: those operations keep the state valid themselves,
   * and a console click costs the same however large the state has grown. With a stateStore,
   * the change is saved in the background (`flush()` waits for it), as is update()'s.
   */
  act<T>(operation: (state: BankState, now: Date) => T): T;
  /**
   * Reads the live state without copying or saving it (the views' questions: a session's §3.4
   * state). `read` must not change what it is given.
   */
  inspect<T>(read: (state: Readonly<BankState>, now: Date) => T): T;
  /** Resolves when the current state is durable (with a stateStore; at once without). */
  flush(): Promise<void>;
  openApiDocument(): OpenApiDocument;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

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

export function createBank(options: BankOptions): Bank {
  const { mode, clock } = options;
  const trustStore = options.trustStore ?? new TrustStore();
  const registry = options.registry ?? new TppRegistry();
  const maxBodyBytes = options.settings?.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
  const requestLog = new RequestLog(options.settings?.requestLogCapacity ?? DEFAULT_LOG_CAPACITY);
  const routes = options.routes ?? BANK_ROUTES;
  const initialState = options.initialState ?? (() => buildInitialState(clock.now()));
  const listeners = new Set<BankListener>();
  let lastListener: BankListener | undefined;
  const tppFindings = new TppFindingsRecorder({ mode, url: () => lastListener?.url });
  let state = initialState();

  const openApiDocument = () =>
    buildOpenApiDocument(routes, {
      mode,
      ...(lastListener ? { serverUrl: lastListener.url } : {}),
    });
  const env: HandlerEnvironment = {
    get state() {
      return state;
    },
    replaceState: (next) => {
      state = next;
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
        inspect: cachedInspector(options.inspectCertificate ?? inspectTppCertificate),
      }),
    ],
    ['session', sessionStage(options.sessionHook ?? scaSessionHook, env)],
    ['params', paramsStage],
    ['request-schema', requestSchemaStage(requestValidator)],
  ];

  async function handle(request: BankRequest): Promise<BankResponse> {
    const started = performance.now();
    const arrivedAt = new Date().toISOString();
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
    try {
      // §1 sandbox batch: the runs (and periodic executions) due on the bank clock happen first.
      runDueBatches(state, ctx.now);
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
    // §5.2.7: the bank's own signature over what it answers; SCA pages are for the browser.
    const response =
      options.signResponse && ctx.route?.kind !== 'page'
        ? options.signResponse(answered)
        : answered;
    const bodyText = loggedBody(request.body);
    const record = requestLog.record({
      mode,
      receivedAt: ctx.now.toISOString(),
      arrivedAt,
      durationMs: performance.now() - started,
      stageTimings,
      ...(ctx.route ? { operationId: ctx.route.operationId } : {}),
      request: {
        method: request.method,
        target: request.target,
        headers: { ...request.headers },
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
      record,
      responseBody: isRejection(outcome) ? outcome.error.body : outcome.body,
    });
    try {
      await persist();
    } catch (error) {
      // The change happened in memory but is not durable: say so instead of acknowledging it.
      const failure = bankError(
        'SYSTEM_ERROR',
        `the bank could not save its state: ${(error as Error).message}`,
      );
      const unsaved: BankResponse = {
        status: failure.status,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(failure.body),
      };
      return options.signResponse ? options.signResponse(unsaved) : unsaved;
    }
    return response;
  }

  const committer = options.stateStore ? new GroupCommitter(options.stateStore) : undefined;
  let persistedState: string | undefined;
  /** The write of `persistedState`; resolves when it is durable. */
  let persisting: Promise<void> = Promise.resolve();
  /**
   * Saves the state if it changed since the last save; resolves when it is durable. Issue
   * "Reliability" §3: an unchanged state still waits for the write of `persistedState` in flight
   * (another request's change), so no answer shows what a kill could lose; a failed write is
   * tried again by the next request instead of being taken as saved.
   */
  function persist(): Promise<void> {
    if (!committer) return Promise.resolve();
    const text = JSON.stringify(state);
    if (text === persistedState) return persisting;
    persistedState = text;
    persisting = committer
      .commit(JSON.stringify(exportSnapshot(state, mode, clock.now())))
      .catch((error: unknown) => {
        if (persistedState === text) persistedState = undefined;
        throw error;
      });
    return persisting;
  }

  /**
   * A bank-console change is saved without waiting for the next request. Nobody awaits it: a
   * failed write is tried again by the next request (persist), which then answers SYSTEM_ERROR.
   */
  function persistInBackground(): void {
    persist().catch(() => {});
  }

  return {
    mode,
    clock,
    trustStore,
    registry,
    requestLog,
    tppFindings,
    handle,
    async listen(listenOptions = {}) {
      const listener = await listenBank(handle, { maxBodyBytes, ...listenOptions });
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
    state: () => structuredClone(state),
    exportSnapshot: () => exportSnapshot(state, mode, clock.now()),
    importSnapshot(snapshot) {
      state = readSnapshot(snapshot);
    },
    reset() {
      state = initialState();
    },
    update(change) {
      const draft = structuredClone(state);
      const result = change(draft, clock.now());
      checkState(draft);
      // Keep the state object itself: a request between two of its stages reads the new values.
      Object.assign(state, draft);
      persistInBackground();
      return result;
    },
    act(operation) {
      try {
        return operation(state, clock.now());
      } finally {
        persistInBackground();
      }
    },
    inspect: (read) => read(state, clock.now()),
    flush: () => persist(),
    openApiDocument,
  };
}
