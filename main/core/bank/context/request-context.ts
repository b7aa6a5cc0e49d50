/**
 * The context every pipeline stage reads and extends, and the route, handler and stage types over
 * it (design property 4: route → header rules → … → handler → response).
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import type { SigningCertificate } from '../../signature/index.js';
import type { FixName } from '../../spec/fixes.js';
import type { PaymentProduct, PaymentService, TppRole } from '../../spec/enums.js';
import type { BankMode } from '../../../shared/mode.js';
import type { DomainState } from '../domain/model.js';
import type { FaultId } from '../faults/index.js';
import type { BankRequest } from '../http/messages.js';
import type { Rejection } from '../http/refusal.js';

/** The stages in pipeline order, as the request log names them. */
export const STAGE_NAMES = [
  'transport',
  'route',
  'headers',
  'fixes',
  'signature',
  'certificate',
  'session',
  'params',
  'request-schema',
  'handler',
] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** What the certificate stage learnt about the TPP (production: also checked against the registry). */
export interface IdentifiedTpp {
  organizationIdentifier?: string;
  /** TPP roles granted by the certificate's PSD2 QCStatement (PSP_AI → AISP, PSP_PI → PISP). */
  certificateRoles: readonly TppRole[];
  /** Registered name, when the registry knows the TPP. */
  registeredName?: string;
}

export interface RequestContext {
  readonly request: BankRequest;
  readonly mode: BankMode;
  /** The bank clock's reading when the request arrived; every time rule uses it. */
  readonly now: Date;
  route?: RouteDefinition;
  pathParams: Record<string, string>;
  /** The path parameters as typed values (params stage); empty on routes that resolve none. */
  params: ResolvedParams;
  /** Raw query: name → values as sent. */
  rawQuery: ReadonlyMap<string, readonly string[]>;
  /** Query after coercion and validation (request-schema stage). */
  query: Record<string, unknown>;
  /** Active fixes (§9.2): requested plus default-by-date; handlers read fixes only from here. */
  fixes: ReadonlySet<FixName>;
  /** Rules the bank breaks on purpose for this request (faults/); empty unless a profile is on. */
  faults: ReadonlySet<string>;
  requestedFixes: readonly FixName[];
  signature?: { certificate: SigningCertificate; signedHeaderNames: string[]; rfc2047: boolean };
  tpp?: IdentifiedTpp;
  /** Parsed JSON body (request-schema stage), undefined for routes without a body. */
  body?: unknown;
  /** Free slot for the session/SCA/consent hook's findings. */
  session?: unknown;
}

/**
 * Path parameters resolved once, by the params stage, for the handlers to read (the raw strings
 * stay in `pathParams`).
 */
export interface ResolvedParams {
  /** §4.2.2 payment paths (decisions.md "Paths"): the service segment and a product it offers. */
  payment?: PaymentPath;
}

/** A payment path, `/v1/{payment-service}/{payment-product}[/{paymentId}]`, typed. */
export interface PaymentPath {
  service: PaymentService;
  product: PaymentProduct;
  /** As sent; whether it names a payment of this TPP is the handler's question (404). */
  paymentId?: string;
}

/** A successful handler answer. */
export interface HandlerResult {
  status: number;
  /** JSON-serialisable body; undefined for 204. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Page routes only: a complete HTML document, sent as text/html instead of `body`. */
  html?: string;
  /** `body` already serialised as JSON (a kept answer of a pure read, answers/read-answers.ts). */
  bodyText?: string;
}

/** What a handler may touch: the request context and the bank's state. */
export interface HandlerEnvironment {
  state: DomainState;
  /** Replace the whole state (e.g. initialise). */
  replaceState(next: DomainState): void;
  /** The state a sandbox initialisation resets to. */
  initialState(): DomainState;
  /** The API reference of this bank (its mode's routes). */
  openApiDocument(): unknown;
  /** URL of the bank's most recent listener (for absolute `scaRedirect` links); none in-process. */
  listenerUrl?(): string | undefined;
}

export type Handler = (
  ctx: RequestContext,
  env: HandlerEnvironment,
) => HandlerResult | Rejection | Promise<HandlerResult | Rejection>;

/** Request body policy: a schema, 'ignored' (well-formed JSON, contents unused), or none. */
export type BodyPolicy =
  { schema: TSchema; description?: string } | { ignored: true; description: string };

export interface ResponseDescription {
  description: string;
  schema?: TSchema;
  /** Headers the handler sets on this answer (for /openapi.json; openapi-responses.ts). */
  headers?: readonly RouteResponseHeader[];
}

/** Response headers a handler sets itself (201 answers: the new resource, §5.3(1) approach). */
export type RouteResponseHeader = 'Location' | 'ASPSP-SCA-Approach';

/**
 * One endpoint. Later issues add endpoints as one file exporting a RouteDefinition plus one line
 * in handlers/routes.ts.
 */
export interface RouteDefinition {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path template with `{name}` parameters, e.g. `/v1/card-accounts/{account-id}/transactions`. */
  path: string;
  summary: string;
  /** Spec section and any "not shown" choice, for the API reference. */
  description: string;
  /** Tag in the API reference. */
  tag: string;
  modes: readonly BankMode[];
  /** Lower-case header names (§4.1–§4.3). */
  headers: { required: readonly string[]; optional: readonly string[] };
  /**
   * §9.2: a fix the x-accept-fix header must list on this endpoint (e.g. `amount-as-string`,
   * §4.2.1/§4.2.2). Whether the header itself is required is in `headers.required`.
   */
  acceptFixValue?: FixName;
  /** Role the TPP needs in production (AIS → AISP, PIS → PISP); null for none. */
  tppRole: TppRole | null;
  /** False only for the bank's own meta routes (e.g. /openapi.json): no header/signature stages. */
  signed: boolean;
  pathParameters?: Record<string, { description: string }>;
  query?: TObject;
  body?: BodyPolicy;
  responses: Record<number, ResponseDescription>;
  handle: Handler;
  /** Left out of /openapi.json (the bank's own meta routes). */
  internal?: boolean;
  /**
   * 'page': an HTML page of the bank's SCA site (handlers/sca/pages/), reached by the PSU's browser: unsigned,
   * no TPP headers; only the transport and route stages run before the handler. Default 'api'.
   */
  kind?: 'api' | 'page';
  /**
   * What the session stage (stages/session.ts, docs/sca.md) demands: 'none' resolves the PSU
   * context from the headers; 'psu' also needs an identified PSU (PSU-ID or X-PSU-IDENTITY);
   * 'sca' needs SCA within the TPP session's hour (§3.4). Absent: the stage does nothing.
   */
  access?: RouteAccess;
  /**
   * Resolves the path parameters to typed values (params stage), or refuses a path naming
   * nothing — an unknown payment product — before the query and body are read.
   */
  resolveParams?: (ctx: RequestContext) => ResolvedParams | Rejection;
  /**
   * Fault profiles (faults/) that drop required headers on this route: rule id → lower-case
   * header keys the header stage then does not require.
   */
  requirementFaults?: Readonly<Partial<Record<FaultId, readonly string[]>>>;
  /**
   * §1: after SCA in corporate context a request carrying PSU-ID must carry PSU-Corporate-ID too
   * (400 HTTP_HEADER_REQUIRED). True on routes that serve the choice of context (GET /v1/agreements).
   */
  corporateIdOptional?: boolean;
  /**
   * A pure read: the answer is a function of the state and of this key alone (what the handler
   * reads of the request: the page, the fault profiles it honours, the TPP when it matters), never
   * of the bank clock or anything the read itself or the batch's bookkeeping changes. The bank
   * keeps such an answer until the state changes (answers/read-answers.ts). Undefined: this time
   * the read changes the state (a consent whose 180 days ran out on the bank clock is stored
   * expired), so the handler runs and every kept answer goes. Absent: the handler runs each time.
   */
  answerKey?: (ctx: RequestContext, env: HandlerEnvironment) => string | undefined;
}

export type RouteAccess = 'none' | 'psu' | 'sca';

export type StageResult = RequestContext | Rejection;
export type Stage = (ctx: RequestContext) => StageResult | Promise<StageResult>;
