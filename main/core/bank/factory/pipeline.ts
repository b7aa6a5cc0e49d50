/**
 * The staged pipeline of one request: the batch catch-up, the stages in
 * order, the handler, the answer with its faults and signature, and the request log entry with
 * the TPP findings it feeds.
 */
import type { Clock } from '../../clock.js';
import { SigningCertificateCache } from '../../signature/index.js';
import { bankError } from '../../spec/errors.js';
import { SpecValidator } from '../../spec/validation.js';
import { cachedInspector, inspectTppCertificate } from '../trust/certificate-inspection.js';
import { httpDates, isoTimestamps } from '../log/iso-timestamp.js';
import type { TppRegistry } from '../trust/registry.js';
import { BODY_TEXT_MAX, type ExchangeRecord, type RequestLog } from '../log/request-log.js';
import {
  applyErrorFaults,
  applyResponseFaults,
  applyResponseSignatureFault,
  spoilResponseSignature,
} from '../listener/response-faults.js';
import {
  SCRIPTED_REFUSAL_RULE,
  type AnswerScript,
  type ScriptedAnswer,
} from '../listener/scripted-answer.js';
import { handlerResponse, rejectionResponse } from '../listener/response.js';
import type { ResponseSigner } from '../listener/response-signing.js';
import type { RevocationLists } from '../trust/revocation.js';
import { startDueBatches } from '../domain/batch.js';
import type { DomainState } from '../domain/model.js';
import { certificateStage } from '../stages/certificate.js';
import { fixesStage } from '../stages/fixes.js';
import { headerStage } from '../stages/headers.js';
import { paramsStage } from '../stages/params.js';
import { requestSchemaStage } from '../stages/requestSchema.js';
import { compileRoutes, routeOf, routeStage } from '../stages/route.js';
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
  /** A TPP test plan's scripted answers (listener/scripted-answer.ts); none without. */
  script: AnswerScript | undefined;
  requestLog: RequestLog;
  /** The TPP findings recorder (and, on PostgreSQL, the shared log) each exchange is shown to. */
  tppFindings: { observe(observation: Observation): void };
  env: HandlerEnvironment;
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
  const { mode, clock, env, requestLog, tppFindings } = options;
  const routes = compileRoutes(options.routes);
  const stages: [StageName, Stage][] = [
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
    const run = startDueBatches(options.state(), now, CATCH_UP_TOTAL_MS);
    if (run.step(CATCH_UP_SLICE_MS)) return undefined;
    catchingUp = new Promise<void>((resolve, reject) => {
      const next = () => {
        let done: boolean;
        try {
          // A reset or import replaced the state: what was due on the old one is moot.
          done = run.state !== options.state() || run.step(CATCH_UP_SLICE_MS);
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
  const dateHeader = httpDates();

  function signed(response: BankResponse, sign = true): BankResponse {
    return options.signResponse && sign ? options.signResponse(response) : response;
  }

  /** A plan's script for a TPP request that passed every stage (not the PSU's SCA pages). */
  function scriptFor(ctx: RequestContext): ScriptedAnswer | undefined {
    if (!options.script || !ctx.route || ctx.route.kind === 'page') return undefined;
    return options.script({
      method: ctx.request.method,
      path: ctx.route.path,
      target: ctx.request.target,
      headers: ctx.request.headers,
      now: ctx.now,
    });
  }

  /** The staged pipeline for one request; `failed` when a stage or handler threw (a bank bug). */
  async function run(request: BankRequest): Promise<PipelineRun> {
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
      faults: new Set(options.state().behaviour.faultProfiles),
      requestedFixes: [],
    };
    const stageTimings: ExchangeRecord['stageTimings'] = {};
    let current: StageName = 'transport';
    let outcome: HandlerResult | Rejection | undefined;
    let failed = false;
    let scripted: ScriptedAnswer | undefined;
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
        scripted = scriptFor(ctx);
        const begin = performance.now();
        outcome = scripted?.refuse
          ? reject(
              SCRIPTED_REFUSAL_RULE,
              bankError(scripted.refuse.code, scripted.refuse.text, {
                ...(scripted.refuse.status !== undefined ? { status: scripted.refuse.status } : {}),
              }),
            )
          : await ctx.route!.handle(ctx, env);
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

  function record(request: BankRequest, run: PipelineRun, response: BankResponse): void {
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
      ...(isRejection(outcome)
        ? {
            refusedAt: current,
            rejection: {
              rule: outcome.rule,
              text: outcome.error.body.tppMessages[0]?.text ?? outcome.rule,
              ...(outcome.forensics ? { forensics: outcome.forensics } : {}),
            },
          }
        : {}),
      record: entry,
      responseBody: isRejection(outcome) ? outcome.error.body : outcome.body,
      ...(run.scripted ? { scripted: run.scripted } : {}),
    });
  }

  function unsavedAnswer(request: BankRequest, unsaved: BankResponse): BankResponse {
    const route = routeOf(routes, mode, request.method, request.target);
    return route?.kind === 'page' ? pageErrorResponse(mode, unsaved.status) : signed(unsaved);
  }

  return { run, record, signed, unsavedAnswer };
}

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

/** A script without its bad signature: what was played of it on an answer the bank did not sign. */
function withoutBadSignature(scripted: ScriptedAnswer): ScriptedAnswer | undefined {
  const { badSignature: _unplayed, ...rest } = scripted;
  return Object.keys(rest).length > 0 ? rest : undefined;
}
