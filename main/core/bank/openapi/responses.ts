/**
 * The statuses and response headers /openapi.json documents for every operation, derived from the
 * pipeline (bank.ts: transport → route → headers → fixes → signature → certificate → session →
 * params → request-schema → handler) rather than listed per route. Each stage says here what it
 * can answer and on which routes; the handler's own answers are the route's `responses`. A stage
 * added to STAGE_NAMES without an entry here does not compile.
 */
import { ERROR_STATUS, TRANSPORT_STATUS, type ErrorCode } from '../../spec/errors.js';
import type { BankMode } from '../../../shared/mode.js';
import type { RouteDefinition, StageName } from '../context/request-context.js';

/** What the document is built for: the mode, and what the running bank adds to every answer. */
export interface ResponseOptions {
  mode: BankMode;
  /** §5.2.7: the bank signs its answers (response-signing.ts): Digest and Signature on each. */
  signedResponses: boolean;
  /** The state is in a database file: a failed commit answers 503 with Retry-After (bank.ts). */
  durable: boolean;
}

/** A status some stage answers, with the sentence the document shows for it. */
interface StageAnswer {
  status: number;
  description: string;
  /** The §7.2 code of the answer's example (the most common one for the status here). */
  code: ErrorCode;
}

/** A documented error answer: its description and an example tppMessages body. */
export interface PipelineAnswer {
  description: string;
  example: { tppMessages: { category: 'ERROR'; code: ErrorCode; text: string }[] };
}

type StageAnswers = (route: RouteDefinition, options: ResponseOptions) => StageAnswer[];

/**
 * Per stage, the error statuses it answers on `route` (all with a tppMessages body, §7). The
 * handler stage answers what the route declares (`responses`), added by the caller.
 */
export const STAGE_ANSWERS: Readonly<Record<StageName, StageAnswers>> = {
  // Before routing, so on every operation.
  transport: () => [
    {
      status: TRANSPORT_STATUS.payloadTooLarge,
      description: 'Request body over 1 MiB (code BAD_REQUEST).',
      code: 'BAD_REQUEST',
    },
  ],
  // A malformed request target is 400; an unknown path 404. (405 with Allow answers a method the
  // path does not offer: it belongs to no operation, so the document's description states it.)
  route: () => [
    {
      status: ERROR_STATUS.BAD_REQUEST,
      description: 'Malformed request target (BAD_REQUEST).',
      code: 'BAD_REQUEST',
    },
    {
      status: ERROR_STATUS.NOT_FOUND,
      description: 'NOT_FOUND or RESOURCE_UNKNOWN.',
      code: 'RESOURCE_UNKNOWN',
    },
  ],
  // §4.1: required headers and their formats; only signed routes are checked.
  headers: (route) =>
    route.signed
      ? [
          {
            status: ERROR_STATUS.HTTP_HEADER_REQUIRED,
            description: 'A header missing (HTTP_HEADER_REQUIRED) or malformed (FORMAT_ERROR).',
            code: 'HTTP_HEADER_REQUIRED',
          },
        ]
      : [],
  // §9.2: x-accept-fix.
  fixes: (route) =>
    route.signed
      ? [
          {
            status: ERROR_STATUS.FORMAT_ERROR,
            description: 'An unknown x-accept-fix value.',
            code: 'FORMAT_ERROR',
          },
        ]
      : [],
  // §5.2(1): a missing or invalid signature is 400.
  signature: (route) =>
    route.signed
      ? [
          {
            status: ERROR_STATUS.BAD_REQUEST,
            description: 'Signature or Digest failed (§5.2).',
            // stages/signature.ts errorCodeOf: a signature that does not verify.
            code: 'BAD_REQUEST',
          },
        ]
      : [],
  // Production only: a trusted, valid certificate of a registered TPP with the route's role.
  certificate: (route, { mode }) =>
    route.signed && mode === 'production'
      ? [
          {
            status: ERROR_STATUS.FORBIDDEN,
            description:
              'FORBIDDEN: certificate (QSealC or QWAC) not trusted or not valid, or the TPP not registered for the role.',
            code: 'FORBIDDEN',
          },
        ]
      : [],
  // §5.3, §3.4: the PSU context and the session's SCA (docs/sca.md).
  session: (route) =>
    route.signed && route.access !== undefined
      ? [
          {
            status: ERROR_STATUS.PSU_CREDENTIALS_INVALID,
            description:
              'PSU_CREDENTIALS_INVALID, or SCA_NOT_FOUND / SCA_EXPIRED / SCA_INVALID where the session needs SCA (§3.4).',
            code: 'PSU_CREDENTIALS_INVALID',
          },
          {
            status: ERROR_STATUS.BAD_REQUEST,
            description: 'PSU headers missing or inconsistent (§5.3).',
            code: 'HTTP_HEADER_REQUIRED',
          },
        ]
      : [],
  // decisions.md "Paths": an unknown payment product is 404 PRODUCT_UNKNOWN.
  params: (route) =>
    route.resolveParams
      ? [
          {
            status: ERROR_STATUS.PRODUCT_UNKNOWN,
            description: 'PRODUCT_UNKNOWN.',
            code: 'PRODUCT_UNKNOWN',
          },
        ]
      : [],
  'request-schema': (route) =>
    route.signed && (route.query !== undefined || route.body !== undefined)
      ? [
          {
            status: ERROR_STATUS.FORMAT_ERROR,
            description: 'Query or body error (FORMAT_ERROR, QUERY_PARAMETER_REQUIRED).',
            code: 'FORMAT_ERROR',
          },
        ]
      : [],
  handler: () => [],
};

/** Answers of the bank itself rather than of a stage: a bank bug (500), a failed commit (503). */
function bankAnswers(options: ResponseOptions): StageAnswer[] {
  const answers: StageAnswer[] = [
    {
      status: ERROR_STATUS.SYSTEM_ERROR,
      description: 'SYSTEM_ERROR: an internal error of the bank (never bad input).',
      code: 'SYSTEM_ERROR',
    },
  ];
  if (options.durable)
    answers.push({
      status: 503,
      description:
        'SYSTEM_ERROR: the change could not be saved; nothing was changed, send the request again after Retry-After.',
      code: 'SYSTEM_ERROR',
    });
  return answers;
}

/**
 * Every status the pipeline can answer on `route` that is not the handler's, lowest first: the
 * descriptions of the stages that answer it, and an example body with the first one's code.
 */
export function pipelineAnswers(
  route: RouteDefinition,
  options: ResponseOptions,
): Map<number, PipelineAnswer> {
  const answers = new Map<number, PipelineAnswer>();
  const stageAnswers = Object.values(STAGE_ANSWERS).flatMap((answersOf) =>
    answersOf(route, options),
  );
  for (const { status, description, code } of [...stageAnswers, ...bankAnswers(options)]) {
    const previous = answers.get(status);
    answers.set(
      status,
      previous
        ? { ...previous, description: `${previous.description} ${description}` }
        : {
            description,
            example: { tppMessages: [{ category: 'ERROR', code, text: description }] },
          },
    );
  }
  return new Map([...answers].sort(([a], [b]) => a - b));
}

/** Response header names the document describes (components.headers keys). */
export type ResponseHeaderName =
  | 'X-Request-ID'
  | 'Location'
  | 'ASPSP-SCA-Approach'
  | 'Retry-After'
  | 'Digest'
  | 'Signature'
  | 'ASPSP-Signature-Certificate';

/** The header objects, one per name: how the bank fills each in. */
export const RESPONSE_HEADERS: Readonly<Record<ResponseHeaderName, Record<string, unknown>>> = {
  'X-Request-ID': {
    description:
      'The X-Request-ID of the request, echoed (§4.1) when the request carried a well-formed one.',
    schema: { type: 'string' },
  },
  Location: {
    description: 'The created resource (201 answers).',
    schema: { type: 'string' },
  },
  'ASPSP-SCA-Approach': {
    description: 'The SCA approach: always REDIRECT (§5.3(1)).',
    schema: { type: 'string', enum: ['REDIRECT'] },
  },
  'Retry-After': {
    description: 'Seconds to wait before sending the same request again.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  Digest: {
    description: '§5.2.7: SHA-256 of the response body, signed in Signature.',
    schema: { type: 'string' },
  },
  Signature: {
    description:
      '§5.2.7: the bank signature over digest and x-request-id, in the §5.2(3) format (keyId, algorithm, headers, signature).',
    schema: { type: 'string' },
  },
  'ASPSP-Signature-Certificate': {
    description: '§5.2.7: the bank QSealC that made Signature, DER in Base64.',
    schema: { type: 'string' },
  },
};

/**
 * The headers of one documented response (name → required). X-Request-ID is echoed on every
 * answer but only required where the route requires it on the request and the answer is not an
 * error (an error may answer a request that lacked it); Retry-After is on every 503.
 */
export function responseHeaders(
  route: RouteDefinition,
  status: number,
  options: ResponseOptions,
): Map<ResponseHeaderName, boolean> {
  const headers = new Map<ResponseHeaderName, boolean>();
  const success = status < 400;
  headers.set('X-Request-ID', success && route.headers.required.includes('x-request-id'));
  for (const name of route.responses[status]?.headers ?? []) headers.set(name, true);
  if (status === 503) headers.set('Retry-After', true);
  if (options.signedResponses) {
    // response-signing.ts: every answer, a body-less 204 included (the digest of no bytes).
    headers.set('Digest', true);
    headers.set('Signature', true);
    headers.set('ASPSP-Signature-Certificate', true);
  }
  return headers;
}
