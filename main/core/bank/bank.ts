/**
 * createBank: the embedded bank as an object (design property 4 of docs/architecture.md).
 * `handle` runs the whole staged pipeline without a socket (assembly/pipeline.ts); `listen` puts a
 * thin node:http(s) adapter in front (assembly/listener.ts); the state is held by a StateEngine
 * (engine/state-engine.ts): with a database every request is one committed transaction. No
 * module-level state: a sandbox and a production bank can run side by side.
 */
import { profileActive } from './faults/index.js';
import type { Clock } from '../clock.js';
import { MAX_REQUEST_BODY_BYTES } from '../spec/limits.js';
import type { CertificateInspector } from './trust/certificate-inspection.js';
import type { BankListener, ListenOptions } from './listener/http.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi/document.js';
import { TppRegistry } from './trust/registry.js';
import type { RevocationLists } from './trust/revocation.js';
import { RequestLog, DEFAULT_LOG_CAPACITY } from './log/request-log.js';
import { ConsoleEventLog } from './log/console-events.js';
import { localLogs, type BankLogs } from './log/bank-logs.js';
import type { ResponseSigner } from './answers/response-signing.js';
import type { AnswerScript } from './answers/scripted-answer.js';
import { BANK_ROUTES } from './handlers/routes.js';
import { healthResult, isHealthCheck } from './handlers/health.js';
import { handlerResponse } from './answers/response.js';
import { ReadAnswers } from './answers/read-answers.js';
import { buildInitialState } from './domain/initial-data.js';
import type { SessionHook } from './stages/session.js';
import {
  exportSnapshot,
  exportSnapshotParts,
  snapshotStateOf,
  type BankSnapshot,
  type DomainSnapshot,
  type SnapshotReading,
} from './state.js';
import { TppFindingsRecorder, type Observation } from './log/tpp-findings/recorder.js';
import type { DomainState } from './domain/model.js';
import type { BankDatabase } from './store/bank-database.js';
import type { PgBankStore } from './store/pg-bank-store.js';
import { PgSharedLog, pgLogConnection } from './store/pg-shared-log.js';
import { TrustStore } from './trust/trust-store.js';
import type { BankMode } from '../../shared/mode.js';
import type { BankRequest, BankResponse, ServedRequest } from './http/messages.js';
import type { HandlerEnvironment, RouteDefinition } from './context/request-context.js';
import { consoleChanges } from './assembly/console-changes.js';
import { ListenerSet } from './assembly/listener.js';
import { createPipeline, type Pipeline, type PipelineRun } from './assembly/pipeline.js';
import { stateEngineOf } from './engine/open-state-engine.js';
import type { RequestOutcome, StateEngine } from './engine/state-engine.js';
import { unsavedChangeResponse } from './engine/unsaved-change.js';

export { UnsavedChangeError } from './engine/unsaved-change.js';

export interface BankSettings {
  /** Request log capacity (exchanges kept). */
  requestLogCapacity?: number;
  /** Body size limit; above it the bank answers 413. Default 1 MiB. */
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
   * Shown every exchange the TPP findings recorder is shown, after it: a TPP test plan's window
   * (plans/plan-run.ts).
   */
  observe?: (observation: Observation) => void;
  /**
   * A TPP test plan's part (plans/plan-run.ts `answer`): asked for every TPP request that passed
   * every stage, it may answer in the handler's place or change the answer (scripted-answer.ts).
   */
  script?: AnswerScript;
  /**
   * The state POST /v1/sandbox/initialize and reset() return to; by default the sandbox initial
   * data (domain/initial-data.ts) with dates relative to the bank clock.
   */
  initialState?: () => DomainState;
  /**
   * Where the state is held and how its changes are kept (engine/state-engine.ts), as
   * openStateEngine made it from `--db`; otherwise the engine over `database` or `sharedStore`,
   * or the state in memory.
   */
  engine?: StateEngine;
  /**
   * The database file that keeps the state durably (store/bank-database.ts). When given, every
   * request is one transaction, answered after its commit; a failed commit changes nothing and
   * answers 503 (send again). The bank starts from the state the file holds, or from the initial
   * state when the file is new. Without one, the state lives in memory (an in-memory ledger).
   */
  database?: BankDatabase;
  /**
   * A PostgreSQL store (store/pg-bank-store.ts), started, that this bank shares with every other
   * bank process on the same database: each request is a transaction under the sandbox's lock,
   * with what the others committed. Console changes go through `exclusive` (the admin API).
   */
  sharedStore?: PgBankStore;
  /**
   * Where a bank on a `sharedStore` says that its shared request log could not be written
   * (store/pg-shared-log.ts); stderr by default.
   */
  warn?: (line: string) => void;
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
   * What the bank found about the TPPs calling it, per TPP-side rule (tpp-findings/): the
   * conformance report of the client.
   */
  readonly tppFindings: TppFindingsRecorder;
  /**
   * What was done to the bank outside the requests it answered (console-events.ts): the request
   * log view and the sequence diagram show these beside the exchanges.
   */
  readonly consoleEvents: ConsoleEventLog;
  /**
   * The request log, console events and TPP report as the admin API reads them: the three above,
   * or on a `sharedStore` those of every bank process on the database (store/pg-shared-log.ts).
   */
  readonly logs: BankLogs;
  /** The whole pipeline for one request; never throws, never answers 500 for bad input. */
  handle(request: BankRequest): Promise<BankResponse>;
  /** Starts a node:http(s) listener (127.0.0.1, free port by default). */
  listen(options?: ListenOptions): Promise<BankListener>;
  /** The most recent listener's URL and port, if listening. */
  readonly url: string | undefined;
  readonly port: number | undefined;
  /** Closes every listener this bank started (and a shared log's connection, once written). */
  close(): Promise<void>;
  /** A deep copy of the current state, as a snapshot holds it (transactions included). */
  state(): DomainSnapshot;
  exportSnapshot(): BankSnapshot;
  /** The same snapshot as JSON in UTF-8 pieces, made without a copy of the state (state.ts). */
  exportSnapshotParts(): Buffer[];
  /**
   * Replaces the state with a validated snapshot; throws SnapshotError naming the problem.
   * `reading.handOver`: the object becomes the state without a copy (state.ts readSnapshot).
   */
  importSnapshot(snapshot: unknown, reading?: SnapshotReading): void;
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
  /**
   * Runs `work` (an admin API call) alone on the latest state: no request of this bank runs
   * meanwhile (they wait, its own flush() does not); on a shared PostgreSQL store it is one
   * transaction under the sandbox's lock, with what other processes committed pulled first.
   */
  exclusive<T>(work: () => T | Promise<T>): Promise<T>;
  /** Resolves when every request in progress is answered (and, with a database, committed). */
  flush(): Promise<void>;
  openApiDocument(): OpenApiDocument;
}

export function createBank(options: BankOptions): Bank {
  const { mode, clock } = options;
  const trustStore = options.trustStore ?? new TrustStore();
  const registry = options.registry ?? new TppRegistry();
  const maxBodyBytes = options.settings?.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
  const requestLog = new RequestLog(options.settings?.requestLogCapacity ?? DEFAULT_LOG_CAPACITY);
  const routes = options.routes ?? BANK_ROUTES;
  const initialState = options.initialState ?? (() => buildInitialState(clock.now(), mode));
  const listeners = new ListenerSet({
    trustStore,
    revocation: options.revocation,
    maxBodyBytes,
    // Made below with the pipeline, and first called when a started listener has a request.
    serve: (request) => serve(request),
    // Read when a listener starts: the fault shapes the TLS server, not a request.
    oldTlsFault: () => profileActive(engine.state, 'GEN-TLS-1-2'),
  });
  const tppFindings = new TppFindingsRecorder({ mode, url: () => listeners.last?.url });
  const consoleEvents = new ConsoleEventLog();
  const engine = stateEngineOf(options, initialState);
  const sharedLog = sharedLogOf(engine.sharedUrl, options, {
    routes,
    listeners,
    requestLog,
    consoleEvents,
  });
  if (sharedLog) consoleEvents.subscribe((record) => sharedLog.addEvent(record));
  const logs = sharedLog ?? localLogs(requestLog, consoleEvents, tppFindings);

  const openApiDocument = () =>
    buildOpenApiDocument(routes, {
      mode,
      ...(listeners.last ? { serverUrl: listeners.last.url } : {}),
      signedResponses: options.signResponse !== undefined,
      durable: engine.durable,
      mutualTls: listeners.lastIsMutualTls(),
    });
  const env = handlerEnvironment(engine, initialState, openApiDocument, listeners);
  const readAnswers = new ReadAnswers(() => engine.generation);
  const changed = () => readAnswers.changed();

  const pipeline = createPipeline({
    mode,
    clock,
    routes,
    maxBodyBytes,
    trustStore,
    registry,
    revocation: options.revocation,
    inspectCertificate: options.inspectCertificate,
    sessionHook: options.sessionHook,
    signResponse: options.signResponse,
    script: options.script,
    requestLog,
    tppFindings: { observe: observers(tppFindings, sharedLog, options) },
    env,
    readAnswers,
    state: () => engine.state,
  });

  const { serve, handle } = requestServing(engine, pipeline, mode);
  const { close, flush } = closing(listeners, engine, sharedLog);

  return {
    mode,
    clock,
    trustStore,
    registry,
    revocation: options.revocation,
    requestLog,
    tppFindings,
    consoleEvents,
    logs,
    handle,
    listen: (listenOptions) => listeners.listen(listenOptions),
    get url() {
      return listeners.last?.url;
    },
    get port() {
      return listeners.last?.port;
    },
    close,
    state: () => snapshotStateOf(engine.raw),
    exportSnapshot: () => exportSnapshot(engine.raw, mode, clock.now()),
    exportSnapshotParts: () => exportSnapshotParts(engine.raw, mode, clock.now()),
    ...consoleChanges(engine, clock, initialState, changed),
    inspect: (read) => read(engine.raw, clock.now()),
    exclusive: (work) => engine.exclusive(work),
    flush,
    openApiDocument,
  };
}

/** On PostgreSQL every process's exchanges and events are shared, written behind. */
function sharedLogOf(
  sharedUrl: string | undefined,
  options: BankOptions,
  parts: {
    routes: readonly RouteDefinition[];
    listeners: ListenerSet;
    requestLog: RequestLog;
    consoleEvents: ConsoleEventLog;
  },
): PgSharedLog | undefined {
  if (sharedUrl === undefined) return undefined;
  const { listeners } = parts;
  return new PgSharedLog({
    connect: pgLogConnection(sharedUrl),
    routes: parts.routes,
    bank: { mode: options.mode, url: () => listeners.last?.url },
    requestCapacity: parts.requestLog.capacity,
    eventCapacity: parts.consoleEvents.capacity,
    warn: options.warn ?? ((line) => process.stderr.write(`workbench bank: ${line}\n`)),
  });
}

/** What the handlers see of the bank: the live state held by `engine`, and where it listens. */
function handlerEnvironment(
  engine: StateEngine,
  initialState: () => DomainState,
  openApiDocument: () => OpenApiDocument,
  listeners: ListenerSet,
): HandlerEnvironment {
  return {
    get state() {
      return engine.state;
    },
    replaceState: (next) => engine.replace(next),
    initialState,
    openApiDocument,
    listenerUrl: () => listeners.last?.url,
  };
}

/**
 * How the bank answers a request: through the state engine's run of the pipeline (`handle`), and
 * for the listener with the log entry left until the answer is written (`serve`).
 */
function requestServing(engine: StateEngine, pipeline: Pipeline, mode: BankMode) {
  const sharedUrl = engine.sharedUrl;

  /** A request's answer: its own, or 503 when its change could not be kept (§7). */
  function answerOf(request: BankRequest, outcome: RequestOutcome<PipelineRun>): BankResponse {
    if (outcome.run && (outcome.failure === undefined || outcome.run.failed))
      return outcome.run.response;
    const unsaved = unsavedChangeResponse(request, outcome.failure, outcome.kept === true);
    return pipeline.unsavedAnswer(request, unsaved);
  }

  /**
   * For the listener (http.ts): the same pipeline as `handle`, with the request log entry left
   * until the answer is written. On a durable engine the answer already waits for its commit,
   * and the log entry is made with it.
   */
  function serve(request: BankRequest): Promise<ServedRequest> {
    if (engine.durable) return handle(request).then((response) => ({ response }));
    return engine
      .run(request, () => pipeline.run(request))
      .then((outcome) => {
        const response = answerOf(request, outcome);
        return { response, afterSending: () => pipeline.record(request, outcome.run!, response) };
      });
  }

  function handle(request: BankRequest): Promise<BankResponse> {
    // On a shared store a process is up whatever the sandbox's lock does: /health waits for no
    // change (a stuck holder elsewhere must not make every process look down, docs/ci.md).
    if (sharedUrl !== undefined && isHealthCheck(request))
      return Promise.resolve(pipeline.signed(handlerResponse(request, healthResult(mode))));
    return engine
      .run(request, () => pipeline.run(request))
      .then((outcome) => {
        const response = answerOf(request, outcome);
        // A request whose group was abandoned before its pipeline's fate was known has no entry.
        if (outcome.run) pipeline.record(request, outcome.run, response);
        return response;
      });
  }

  return { serve, handle };
}

/**
 * Who is shown each exchange: the TPP findings recorder, then a shared log's copy for the other
 * processes, then a TPP test plan's window (BankOptions `observe`).
 */
function observers(
  tppFindings: TppFindingsRecorder,
  sharedLog: PgSharedLog | undefined,
  options: Pick<BankOptions, 'observe'>,
): (observation: Observation) => void {
  return (observation) => {
    tppFindings.observe(observation);
    sharedLog?.addExchange(observation);
    options.observe?.(observation);
  };
}

/**
 * Bank `close` and `flush`: a shared log is written behind, so it is flushed after the engine
 * and closed after the listeners and the engine's last requests.
 */
function closing(
  listeners: ListenerSet,
  engine: StateEngine,
  sharedLog: PgSharedLog | undefined,
): Pick<Bank, 'close' | 'flush'> {
  return {
    close: sharedLog
      ? () =>
          listeners
            .closeAll()
            .then(() => engine.flush())
            .then(() => sharedLog.close())
      : () => listeners.closeAll(),
    flush: sharedLog ? () => engine.flush().then(() => sharedLog.flush()) : () => engine.flush(),
  };
}
