/**
 * The signing client through the contract: the endpoint catalogue (from the bank's route
 * definitions) and the spec's JSON Schemas for the composer, preview (the exchange as it would be
 * sent, signing string included), send, follow a `_links` relation, the history with HAR export,
 * the PSU session of each target and the SCA redirect (§5.3, §6).
 */
import type { PsuContext } from '../../core/spec/enums.js';
import type { ScaRedirectParams } from '../../core/tpp/sca-redirect.js';
import type { Exchange, HttpMethod } from '../../shared/exchange.js';
import { Type, type Static } from '@sinclair/typebox';
import { call, event } from './define.js';
import { HEADER_NAME_PATTERN, HEADER_VALUE_PATTERN } from './targets.js';
import type { BankMode } from '../../shared/mode.js';

/** The methods the bank's operations use, and so the ones the composer offers. */
export type EndpointMethod = Exclude<HttpMethod, 'HEAD' | 'OPTIONS'>;

export interface EndpointParameterView {
  name: string;
  required: boolean;
  description?: string;
  /** JSON type of a query parameter ('string', 'integer', 'boolean'). */
  type?: string;
  enum?: string[];
  format?: string;
}

/** One operation of the bank, as the composer offers it. */
export interface EndpointView {
  operationId: string;
  method: EndpointMethod;
  /** With `{name}` path parameters, e.g. `/v1/card-accounts/{account-id}/transactions`. */
  pathTemplate: string;
  /** 'production': part of the production interface (also served by the sandbox bank). */
  group: BankMode;
  tag: string;
  summary: string;
  description: string;
  tppRole: 'AISP' | 'PISP' | null;
  pathParameters: EndpointParameterView[];
  query: EndpointParameterView[];
  /** Header names in the spec's spelling (§4.1). */
  requiredHeaders: string[];
  optionalHeaders: string[];
  /** §9.2: whether x-accept-fix is required here and the fix it must list. */
  acceptFix: { required: boolean; value?: string };
  /** `$id` of the body's JSON Schema (see `spec.schemas`), when the body has one. */
  bodySchemaId?: string;
  /** 'schema': validated; 'ignored': any JSON; 'none': no body. */
  body: 'schema' | 'ignored' | 'none';
  /** An example body (JSON text) that satisfies the schema's structure. */
  exampleBody?: string;
}

export interface EndpointCatalogueView {
  endpoints: EndpointView[];
  /** §9.2 fix catalogue, for the x-accept-fix field. */
  fixes: { name: string; effect: string; defaultFrom: string }[];
  /** Headers the client adds to every request: generated (§5.2) and from the PSU session. */
  automaticHeaders: { generated: string[]; session: string[] };
}

export interface SpecSchemaView {
  uri: string;
  schema: Record<string, unknown>;
}

/** Where a header of a prepared request came from (the composer's header table marks them). */
export type HeaderSource = 'request' | 'target' | 'session' | 'generated';

/** One exchange as the client recorded it (or, from `tpp.preview`, as it would be sent). */
export interface ExchangeView extends Exchange {
  targetId: string;
  /** False for a preview: nothing was sent. */
  sent: boolean;
  headerSources: Record<string, HeaderSource>;
  /** The exact request as a curl command (signature included: replaying sends the same bytes). */
  curl: string;
}

/** What the TPP knows about the PSU on one target (§5.3.8, §6.1). */
export interface PsuSessionView {
  targetId: string;
  tppSessionId: string;
  tppRedirectUri: string;
  psuId?: string;
  psuCorporateId?: string;
  context?: PsuContext;
  /** Bank clock time the last SCA completed; valid for 1 hour (§3.4). */
  scaCompletedAt?: string;
}

/**
 * The bank's view of a target's TPP session (§3.4): read from the embedded bank's own state, or,
 * for an external bank that cannot be asked, estimated from the redirect the workbench received.
 */
export interface BankSessionView {
  targetId: string;
  tppSessionId: string;
  /** 'bank': the embedded bank's own record; 'workbench': the workbench's estimate. */
  source: 'bank' | 'workbench';
  state: 'valid' | 'expired' | 'replaced' | 'none';
  /** Bank clock time the SCA of this session id completed. */
  scaCompletedAt?: string;
  /** When the SCA stops covering calls that need SCA (1 hour after it, §3.4). */
  scaValidUntil?: string;
  /** The TPP-Session-ID whose completed SCA replaced this one (§3.4 row 3). */
  replacedBy?: string;
  /** The bank clock when this was read. */
  bankNow: string;
}

/** The §6.1/§6.2 parameters of a redirect back from the bank, and where they break the spec. */
export type ScaRedirectView = ScaRedirectParams;

export interface ScaAttemptView {
  id: string;
  targetId: string;
  /** The scaRedirect to open, resolved against the target's base URL. */
  url: string;
  tppSessionId: string;
  startedAt: string;
  /** True when the host opened the SCA window itself (the desktop app); the view opens none. */
  openedByHost: boolean;
  /** True when what the PSU does on the bank's pages is being recorded as PSU steps. */
  recording?: boolean;
}

/** A recording of the SCA pages (docs/sca.md, "Recording SCA steps") and the steps it makes. */
export interface ScaRecordingView {
  attemptId: string;
  /** Reports the bank's pages sent (pages seen, typing, submissions). */
  events: number;
  /** The bank sent the PSU back to the TPP while recording. */
  redirected: boolean;
  stopped: boolean;
  /** The PSU steps (the headless and browser agents' format), once a form was submitted. */
  steps?: unknown;
  /** The steps file's text and a name to save it under. */
  file?: { name: string; text: string };
  /** Environment variables replay needs (`${env:NAME}`), one per secret field. */
  secrets: string[];
  warnings: string[];
  /** Why no steps could be made yet. */
  problem?: string;
}

/** One page the browser agent played, as it looked before its submission. */
export interface ScaReplayScreenshot {
  step: string;
  url: string;
  at: string;
  /** PNG, base64. */
  png: string;
}

/** One field PSU steps will fill or send, with the value as the steps write it (no secret). */
export interface ScaReplayTyping {
  page: string;
  action: 'fill' | 'choose' | 'tick' | 'untick' | 'submit';
  field: string;
  /** As written: `${env:WORKBENCH_PROFILE_PSU_PASSWORD}` names the variable, never its value. */
  value: string;
  /** The environment variables the value reads. */
  env: string[];
}

/** What a replay will type where, shown before it types anything (SECURITY.md). */
export interface ScaReplayConfirmation {
  /** Give it back as `confirm` (same target, scaRedirect and steps) to play the steps. */
  token: string;
  /** The page the steps start on: the values go to the pages served from there. */
  url: string;
  typing: ScaReplayTyping[];
}

export interface ScaReplayView {
  /** The attempt the replay played (absent while it waits for the confirmation). */
  attemptId?: string;
  /** Without `confirm`: what the replay would type where; nothing was played. */
  confirmation?: ScaReplayConfirmation;
  redirect?: ScaRedirectView;
  /** Why the steps did not reach the redirect (the page they stopped on is the last screenshot). */
  error?: string;
  screenshots: ScaReplayScreenshot[];
}

export interface ScaRedirectEvent {
  /** The attempt the redirect answers, when one was waiting. */
  attemptId?: string;
  targetId?: string;
  redirect: ScaRedirectView;
  /** The updated PSU session (success only). */
  session?: PsuSessionView;
}

const Method = Type.Union([
  Type.Literal('GET'),
  Type.Literal('POST'),
  Type.Literal('PUT'),
  Type.Literal('DELETE'),
  Type.Literal('PATCH'),
]);
const TargetId = Type.String({ minLength: 1, maxLength: 100 });
const ExchangeId = Type.String({ minLength: 1, maxLength: 100 });

/** A request as the composer (or a saved collection) holds it. */
export const ComposedRequestSchema = Type.Object(
  {
    method: Method,
    /** A path below the target's base URL, or an absolute URL (a followed link). */
    path: Type.String({ pattern: '^(/|https?://)', maxLength: 4000 }),
    query: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Type.String({ maxLength: 4000 })),
    ),
    /** `null` removes a header the client would add (target default, session, X-Request-ID). */
    headers: Type.Optional(
      Type.Record(
        Type.String({ pattern: HEADER_NAME_PATTERN }),
        Type.Union([
          Type.String({ maxLength: 16_384, pattern: HEADER_VALUE_PATTERN }),
          Type.Null(),
        ]),
        { additionalProperties: false },
      ),
    ),
    /** JSON text sent byte for byte; omitted or empty for no body. */
    body: Type.Optional(Type.String({ maxLength: 1_000_000 })),
    /** Sign the request (default: when the target has a signing certificate). */
    sign: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ComposedRequest = Static<typeof ComposedRequestSchema>;

const SendArgs = Type.Object(
  {
    targetId: TargetId,
    request: ComposedRequestSchema,
    label: Type.Optional(Type.String({ maxLength: 200 })),
    /**
     * The user confirmed sending an absolute URL of another origin than the target's: it goes
     * unsigned, without the target's default and session headers and client certificate.
     */
    allowForeignOrigin: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const tppCalls = {
  'tpp.endpoints': call<EndpointCatalogueView>()(
    "The bank's operations (from its route definitions) for the composer.",
    Type.Object({}, { additionalProperties: false }),
  ),
  'spec.schemas': call<SpecSchemaView[]>()(
    'The JSON Schemas the bank validates with, for the editor.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'tpp.preview': call<ExchangeView>()(
    'The request as it would be sent to the target — headers filled and signed — without sending.',
    SendArgs,
  ),
  'tpp.send': call<ExchangeView>()('Signs and sends a request; it joins the history.', SendArgs),
  'tpp.follow': call<ExchangeView>()(
    'Follows a `_links` relation of an exchange (GET, freshly signed). `record: false` keeps it ' +
      'out of the history (status polling).',
    Type.Object(
      {
        exchangeId: ExchangeId,
        relation: Type.String({ minLength: 1, maxLength: 100 }),
        record: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
  'tpp.history': call<ExchangeView[]>()(
    'Exchanges the client sent, newest last; `text` searches method, URL, status and bodies.',
    Type.Object(
      { text: Type.Optional(Type.String({ maxLength: 500 })) },
      { additionalProperties: false },
    ),
  ),
  'tpp.exportHar': call<{ fileName: string; text: string }>()(
    'Exchanges as HAR 1.2 (all, or those named).',
    Type.Object(
      { ids: Type.Optional(Type.Array(ExchangeId, { maxItems: 5000 })) },
      { additionalProperties: false },
    ),
  ),
  'tpp.clearHistory': call<{ cleared: number }>()(
    'Forgets the history.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'session.list': call<PsuSessionView[]>()(
    'The PSU session of every target.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'session.reset': call<PsuSessionView>()(
    'Starts a new TPP session (new TPP-Session-ID); forgets the PSU identity unless ' +
      "`keep: 'psu'` (a new session for the same PSU, who must complete SCA again, §3.4).",
    Type.Object(
      { targetId: TargetId, keep: Type.Optional(Type.Literal('psu')) },
      { additionalProperties: false },
    ),
  ),
  'session.undoReset': call<PsuSessionView>()(
    'Brings back the session the last reset of the target replaced, while nothing has used the ' +
      'new one yet.',
    Type.Object({ targetId: TargetId }, { additionalProperties: false }),
  ),
  'session.bankView': call<BankSessionView>()(
    "The bank's view of the target's TPP session (§3.4): valid, expired, replaced or none.",
    Type.Object({ targetId: TargetId }, { additionalProperties: false }),
  ),
  'session.update': call<PsuSessionView>()(
    'Sets the PSU identity by hand (e.g. a PSU-Corporate-ID chosen from GET /v1/agreements, §1).',
    Type.Object(
      {
        targetId: TargetId,
        psuId: Type.Optional(Type.Union([Type.String({ format: 'uuid' }), Type.Null()])),
        psuCorporateId: Type.Optional(
          Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
        ),
        context: Type.Optional(
          Type.Union([Type.Literal('PRIVATE'), Type.Literal('CORPORATE'), Type.Null()]),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  'sca.begin': call<ScaAttemptView>()(
    'Announces that the PSU opens an scaRedirect; the redirect back arrives as `sca.redirect`.',
    Type.Object(
      {
        targetId: TargetId,
        href: Type.String({ minLength: 1, maxLength: 4000 }),
        /** Record what the PSU does on the bank's pages as PSU steps (`sca.recording`). */
        record: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
  'sca.recording': call<ScaRecordingView>()(
    'The PSU steps recorded so far on an attempt begun with `record`; `stop` ends the recording.',
    Type.Object(
      {
        attemptId: Type.String({ minLength: 1, maxLength: 100 }),
        stop: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
  'sca.replay': call<ScaReplayView>()(
    'Plays PSU steps in Chromium (browser mode) on an scaRedirect, a screenshot per page; the redirect back updates the PSU session as `sca.redirect`. Without `confirm` it only answers what it would type where and a token; with that token it plays.',
    Type.Object(
      {
        targetId: TargetId,
        href: Type.String({ minLength: 1, maxLength: 4000 }),
        steps: Type.Object({}, { description: 'PSU steps (docs/sca.md)' }),
        confirm: Type.Optional(
          Type.String({
            minLength: 1,
            maxLength: 200,
            description: 'the token of the confirmation a call without it answered',
          }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
};

export const tppEvents = {
  'history.added': event<ExchangeView>('The client sent a request (composer, link, SCA polling).'),
  'session.changed': event<PsuSessionView>('A PSU session changed (SCA completed, reset, edited).'),
  'sca.redirect': event<ScaRedirectEvent>(
    "The bank redirected the PSU's browser back to the workbench after SCA (§6.1, §6.2).",
  ),
};
