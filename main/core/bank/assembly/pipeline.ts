/**
 * The staged pipeline of one request: the batch catch-up, the stages in
 * order, the handler, the answer with its faults and signature, and the request log entry with
 * the TPP findings it feeds.
 */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../../clock.js';
import { SigningCertificateCache } from '../../signature/index.js';
import { bankError } from '../../spec/errors.js';
import type { FixName } from '../../spec/fixes.js';
import { SpecValidator } from '../../spec/validation.js';
import { cachedInspector, inspectTppCertificate } from '../trust/certificate-inspection.js';
import { httpDates, isoTimestamps } from '../log/iso-timestamp.js';
import type { TppRegistry } from '../trust/registry.js';
import type { ExchangeRecord, RequestLog } from '../log/request-log.js';
import { requestLogger } from '../log/logged-request.js';
import {
  applyErrorFaults,
  applyResponseFaults,
  applyResponseSignatureFault,
  spoilResponseSignature,
} from '../answers/response-faults.js';
import {
  SCRIPTED_REFUSAL_RULE,
  type AnswerScript,
  type ScriptedAnswer,
} from '../answers/scripted-answer.js';
import { handlerResponse, rejectionResponse } from '../answers/response.js';
import type { ReadAnswers } from '../answers/read-answers.js';
import type { ResponseSigner } from '../answers/response-signing.js';
import type { RevocationLists } from '../trust/revocation.js';
import type { DomainState } from '../domain/model.js';
import { batchCatchUp } from './catch-up.js';
import { faultSetOf } from '../context/fault-set.js';
import { certificateStage } from '../stages/certificate.js';
import { fixesStage } from '../stages/fixes.js';
import { headerStage } from '../stages/headers.js';
import { paramsStage } from '../stages/params.js';
import { requestSchemaStage } from '../stages/request-schema.js';
import { NO_QUERY, compileRoutes, routeOf, routeStage } from '../stages/route.js';
import { pageErrorResponse, pageResponse } from '../handlers/sca/pages/response.js';
import { scaSessionHook, sessionStage, type SessionHook } from '../stages/session.js';
import { signatureStage } from '../stages/signature.js';
import { transportStage } from '../stages/transport.js';
import type { Observation } from '../log/tpp-findings/recorder.js';
import type { TrustStore } from '../trust/trust-store.js';
import type { CertificateInspector } from '../trust/certificate-inspection.js';
import { isRejection, reject, type Rejection } from '../http/refusal.js';
import type { BankMode } from '../../../shared/mode.js';
import type { BankRequest, BankResponse } from '../http/messages.js';
import type {
  HandlerEnvironment,
  HandlerResult,
  RequestContext,
  RouteDefinition,
  Stage,
  StageName,
} from '../context/request-context.js';

/**
 * Compiled request schemas depend only on the route definitions, so every bank shares one cache:
 * compiling a query or body schema costs milliseconds, and suites start a bank per check.
 */
const requestValidator = new SpecValidator();

export interface PipelineOptions {
  mode: BankMode;
  clock: Clock;
  routes: readonly RouteDefinition[];
  maxBodyBytes: number;
  trustStore: TrustStore;
  registry: TppRegistry;
  revocation: RevocationLists | undefined;
  inspectCertificate: CertificateInspector | undefined;
  sessionHook: SessionHook | undefined;
  signResponse: ResponseSigner | undefined;
  /** A TPP test plan's scripted answers (answers/scripted-answer.ts); none without. */
  script: AnswerScript | undefined;
  requestLog: RequestLog;
  /** The TPP findings recorder (and, on PostgreSQL, the shared log) each exchange is shown to. */
  tppFindings: { observe(observation: Observation): void };
  env: HandlerEnvironment;
  /**
   * The kept answers of pure reads, let go whenever the state may change; none on a store other
   * processes change (answers/read-answers.ts).
   */
  readAnswers: ReadAnswers | undefined;
  /** The live state as the request finds it (a reset or import may replace it). */
  state(): DomainState;
}

/** What one request's pipeline made: the answer and what its log entry needs. */
export interface PipelineRun {
  ctx: RequestContext;
  outcome: HandlerResult | Rejection;
  response: BankResponse;
  stageTimings: ExchangeRecord['stageTimings'];
  current: StageName;
  started: number;
  arrivedAt: string;
  /** A stage or handler threw (a bank bug). */
  failed: boolean;
  /** What a plan's script changed of the answer. */
  scripted?: ScriptedAnswer;
}

export interface Pipeline {
  run(request: BankRequest): Promise<PipelineRun>;
  /** The request log entry and the TPP findings of an answered request. */
  record(request: BankRequest, run: PipelineRun, response: BankResponse): void;
  /** The bank's signature over an answer (§5.2.7); unsigned without a signer. */
  signed(response: BankResponse, sign?: boolean): BankResponse;
  /**
   * A request whose change could not be saved (`unsaved`, the API's 503) as the bank answers it:
   * signed for a TPP, an HTML page for the PSU's browser on an SCA page.
   */
  unsavedAnswer(request: BankRequest, unsaved: BankResponse): BankResponse;
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const { mode, env } = options;
  const routes = compileRoutes(options.routes);
  const stages = pipelineStages(options, routes);
  // §1 sandbox batch: a request first catches up with what is due on the bank clock.
  const { readAnswers } = options;
  const catchUp = batchCatchUp(
    () => options.state(),
    () => readAnswers?.changed(),
  );
  const wallClockText = isoTimestamps();
  const record = exchangeRecorder(options);

  function signed(response: BankResponse, sign = true): BankResponse {
    return options.signResponse && sign ? options.signResponse(response) : response;
  }
  const answerOf = answering(mode, signed);

  /**
   * The route's handler, or the kept answer of a pure read (answers/read-answers.ts). `read.changes`
   * is set when a pure read's route says that this time it changes the state (its key undefined).
   */
  function answerOfRoute(ctx: RequestContext, read: { changes: boolean }) {
    const route = ctx.route!;
    if (!readAnswers || !route.answerKey) return route.handle(ctx, env);
    const key = route.answerKey(ctx, env);
    if (key !== undefined) return readAnswers.answer(route, key, ctx, env);
    read.changes = true;
    return route.handle(ctx, env);
  }

  /** The staged pipeline for one request; `failed` when a stage or handler threw (a bank bug). */
  async function run(request: BankRequest): Promise<PipelineRun> {
    const started = performance.now();
    const arrivedAt = wallClockText(Date.now());
    let ctx = newRequestContext(request, options);
    const stageTimings: ExchangeRecord['stageTimings'] = {};
    let current: StageName = 'transport';
    let outcome: HandlerResult | Rejection | undefined;
    let failed = false;
    let scripted: ScriptedAnswer | undefined;
    const read = { changes: false };
    try {
      // §1 sandbox batch: the runs (and periodic executions) due on the bank clock happen first.
      const catchingUp = catchUp(ctx.now);
      if (catchingUp) await catchingUp;
      // A stage or handler that answers at once is not awaited: an await of a value still makes
      // a promise and waits a microtask turn, ten times a request for nothing. A stage's end is
      // the next one's beginning: one clock reading a stage.
      let mark = performance.now();
      // Indexed, without destructuring: with an await in the loop, V8 kept each iteration's
      // iterator results as garbage, 400 bytes a request.
      for (let index = 0; index < stages.length; index += 1) {
        const entry = stages[index]!;
        const name = entry[0];
        const stage = entry[1];
        current = name;
        const returned = stage(ctx);
        const result = returned instanceof Promise ? await returned : returned;
        const ended = performance.now();
        stageTimings[name] = inMicroseconds(ended - mark);
        mark = ended;
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
        scripted = scriptFor(options.script, ctx);
        const begin = performance.now();
        const answered = scripted?.refuse
          ? scriptedRefusal(scripted.refuse)
          : answerOfRoute(ctx, read);
        outcome = answered instanceof Promise ? await answered : answered;
        stageTimings.handler = inMicroseconds(performance.now() - begin);
      }
    } catch (error) {
      // A bank bug, never bad input: answer SYSTEM_ERROR, log it, keep serving.
      failed = true;
      outcome = internalError(current, error);
    }
    // Any request but a pure read may have changed the state, its handler or a stage before it.
    if (!ctx.route?.answerKey || read.changes) readAnswers?.changed();
    const { response, played } = answerOf(request, ctx, outcome, scripted);
    return {
      ctx,
      outcome,
      response,
      stageTimings,
      current,
      started,
      arrivedAt,
      failed,
      ...(played ? { scripted: played } : {}),
    };
  }

  function unsavedAnswer(request: BankRequest, unsaved: BankResponse): BankResponse {
    const route = routeOf(routes, mode, request.method, request.target);
    return route?.kind === 'page' ? pageErrorResponse(mode, unsaved.status) : signed(unsaved);
  }

  return { run, record, signed, unsavedAnswer };
}

/** One request's stages in order (docs/architecture.md "The walk of one request"). */
function pipelineStages(
  options: PipelineOptions,
  routes: ReturnType<typeof compileRoutes>,
): [StageName, Stage][] {
  const { mode } = options;
  return [
    ['transport', transportStage(options.maxBodyBytes)],
    ['route', routeStage(routes, mode)],
    ['headers', headerStage],
    ['fixes', fixesStage],
    ['signature', signatureStage(new SigningCertificateCache())],
    [
      'certificate',
      certificateStage({
        mode,
        trustStore: options.trustStore,
        registry: options.registry,
        ...(options.revocation ? { revocation: options.revocation } : {}),
        inspect: cachedInspector(options.inspectCertificate ?? inspectTppCertificate),
      }),
    ],
    ['session', sessionStage(options.sessionHook ?? scaSessionHook, options.env)],
    ['params', paramsStage],
    ['request-schema', requestSchemaStage(requestValidator)],
  ];
}

// Until the route and fixes stages read the request's own: shared, since nothing changes them.
const NO_FIXES: ReadonlySet<FixName> = new Set();

/** A request's context as it enters the stages: the bank clock's now, the live fault profiles. */
function newRequestContext(
  request: BankRequest,
  options: Pick<PipelineOptions, 'mode' | 'clock' | 'state'>,
): RequestContext {
  return {
    request,
    mode: options.mode,
    now: options.clock.now(),
    pathParams: {},
    params: {},
    rawQuery: NO_QUERY,
    query: {},
    fixes: NO_FIXES,
    faults: faultSetOf(options.state().behaviour.faultProfiles),
    requestedFixes: [],
  };
}

/** A plan's script for a TPP request that passed every stage (not the PSU's SCA pages). */
function scriptFor(
  script: AnswerScript | undefined,
  ctx: RequestContext,
): ScriptedAnswer | undefined {
  if (!script || !ctx.route || ctx.route.kind === 'page') return undefined;
  return script({
    method: ctx.request.method,
    path: ctx.route.path,
    target: ctx.request.target,
    headers: ctx.request.headers,
    now: ctx.now,
  });
}

/** A plan's script refuses the request in its handler's place. */
function scriptedRefusal(refuse: NonNullable<ScriptedAnswer['refuse']>): Rejection {
  return reject(
    SCRIPTED_REFUSAL_RULE,
    bankError(refuse.code, refuse.text, {
      ...(refuse.status !== undefined ? { status: refuse.status } : {}),
    }),
  );
}

/** A stage or handler threw: a bank bug, answered SYSTEM_ERROR naming the stage. */
function internalError(current: StageName, error: unknown): Rejection {
  const message = error instanceof Error ? error.message : String(error);
  return reject(
    `internal.${current}`,
    bankError('SYSTEM_ERROR', `internal error in stage ${current}: ${message}`),
  );
}

/**
 * How a pipeline shapes an outcome into the answer: the response with its faults, the bank
 * clock's Date, the bank's signature and what a plan's script changes of it (`played`).
 */
function answering(mode: BankMode, signed: Pipeline['signed']) {
  const dateHeader = httpDates();
  return (
    request: BankRequest,
    ctx: RequestContext,
    outcome: HandlerResult | Rejection,
    scripted: ScriptedAnswer | undefined,
  ): { response: BankResponse; played: ScriptedAnswer | undefined } => {
    const answered = applyResponseFaults(
      ctx,
      isRejection(outcome)
        ? ctx.route?.kind === 'page'
          ? pageErrorResponse(mode, outcome.error.status)
          : rejectionResponse(request, applyErrorFaults(ctx, outcome))
        : outcome.html !== undefined
          ? pageResponse(outcome)
          : handlerResponse(request, outcome),
    );
    // RFC 9110 §6.6.1: Date is the bank clock's, the clock its data is dated by, so a TPP (and
    // a check, CheckContext.bankNow) reads the bank's today from any answer.
    const dated = {
      ...answered,
      headers: { date: dateHeader(ctx.now.getTime()), ...answered.headers, ...scripted?.headers },
    };
    // §5.2.7: the bank's own signature over what it answers; SCA pages are for the browser.
    const faulted = applyResponseSignatureFault(ctx, signed(dated, ctx.route?.kind !== 'page'));
    // Only a signed answer has a signature to spoil: on a bank that signs nothing the script's
    // bad signature is not played, and the module says the bank must sign (--sign-responses).
    const played =
      scripted?.badSignature && faulted.headers.signature === undefined
        ? withoutBadSignature(scripted)
        : scripted;
    const response = played?.badSignature ? spoilResponseSignature(faulted) : faulted;
    return { response, played };
  };
}

/**
 * Milliseconds to the microsecond: finer than any reader of a timing needs, and a stored exchange
 * (a shared log's row, an export) is not seventeen digits longer for each of its eleven timings.
 */
function inMicroseconds(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** The request log entry and the TPP findings of an answered request (Pipeline `record`). */
function exchangeRecorder(
  options: Pick<PipelineOptions, 'mode' | 'requestLog' | 'tppFindings'>,
): Pipeline['record'] {
  const { mode, requestLog, tppFindings } = options;
  const bankClockText = isoTimestamps();
  const loggedRequest = requestLogger();
  // Built by assignment, in the order of the fields, not by spreading literals of optional
  // fields: this runs on every request, and each spread is an object made and copied.
  return (request, run, response) => {
    const { ctx, outcome, current } = run;
    const entry = {
      mode,
      receivedAt: bankClockText(ctx.now.getTime()),
      arrivedAt: run.arrivedAt,
      durationMs: inMicroseconds(performance.now() - run.started),
      stageTimings: run.stageTimings,
    } as Omit<ExchangeRecord, 'id'>;
    if (ctx.route) entry.operationId = ctx.route.operationId;
    entry.request = loggedRequest(request);
    entry.response = { status: response.status, headers: response.headers, body: response.json };
    const observation = {} as Observation;
    if (ctx.route) observation.route = ctx.route;
    if (isRejection(outcome)) {
      entry.rejectedBy = { stage: current, rule: outcome.rule };
      observation.refusedAt = current;
      observation.rejection = observedRejection(outcome);
    }
    observation.record = requestLog.record(entry);
    if (isRejection(outcome)) observation.responseBody = outcome.error.body;
    else {
      observation.responseBody = outcome.body;
      if (outcome.bodyText !== undefined) observation.responseBodyText = outcome.bodyText;
    }
    if (run.scripted) observation.scripted = run.scripted;
    tppFindings.observe(observation);
  };
}

/** What the TPP findings are shown of a refusal: its rule, its first text, its forensics. */
function observedRejection(rejection: Rejection): NonNullable<Observation['rejection']> {
  const observed: NonNullable<Observation['rejection']> = {
    rule: rejection.rule,
    text: rejection.error.body.tppMessages[0]?.text ?? rejection.rule,
  };
  if (rejection.forensics) observed.forensics = rejection.forensics;
  return observed;
}

/** A script without its bad signature: what was played of it on an answer the bank did not sign. */
function withoutBadSignature(scripted: ScriptedAnswer): ScriptedAnswer | undefined {
  const { badSignature: _unplayed, ...rest } = scripted;
  return Object.keys(rest).length > 0 ? rest : undefined;
}
