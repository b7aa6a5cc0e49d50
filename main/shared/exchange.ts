/**
 * One HTTP request/response exchange as the workbench records it: what was sent (after signing),
 * what came back, how long it took, what was signed and whether the response signature held. The
 * same record is the composer's response view, the history, the HAR export and, projected to the
 * run result's evidence shape (`EvidenceExchange`), a check's evidence.
 */
import type { JsonValue } from './json.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface ExchangeRequest {
  method: string;
  /** The full URL as sent, query included. */
  url: string;
  /** As sent, in order, with the sender's spelling; repeated headers are joined with `, `. */
  headers: Record<string, string>;
  /** UTF-8 text of the body; `bodyBase64` instead when the bytes are not valid UTF-8. */
  body?: string;
  bodyBase64?: string;
}

export interface ExchangeResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Body text as received (UTF-8). */
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json?: JsonValue;
  /** Set when the body was kept to an excerpt (over a limit); `body` ends with a marker. */
  truncated: boolean;
  /**
   * Why a JSON body was not parsed (too large or nested too deep, checked before parsing): a named
   * finding. `body` then holds an excerpt.
   */
  jsonRefusal?: JsonRefusal;
}

/** A bank's JSON answer refused before parsing (main/core/tpp/safe-json.ts). */
export interface JsonRefusal {
  code: 'JSON_TOO_LARGE' | 'JSON_TOO_DEEP';
  message: string;
}

/**
 * §5.2.7, how a response signature fared: `valid` — it verifies and its signer is the bank's
 * configured signing certificate or issued by its configured CA; `untrusted` — it verifies, but
 * no trust anchor is configured, so the signer (`CN=… (SHA-256 …)`) may be anyone; `invalid` —
 * it does not verify, or a signer other than the configured one made it (the reason names both
 * certificates); `unverifiable` — signed, but no certificate to verify it with.
 */
export type ResponseSignatureResult =
  | { status: 'absent' }
  | { status: 'valid'; keyId: string; signedHeaderNames: string[]; signer: string }
  | { status: 'untrusted'; reason: string }
  | { status: 'invalid'; reason: string }
  | { status: 'unverifiable'; reason: string };

export interface Exchange {
  /** Unique within a run or a history; assertions and failures point at exchanges by this id. */
  id: string;
  /** Free label: the composer's request name, a check id, what a check's request is for. */
  label?: string;
  startedAt: string;
  request: ExchangeRequest;
  /** The §5.2(5) signing string and what it covered, when the request was signed. */
  signing?: { signingString: string; signedHeaderNames: string[]; keyId: string };
  /** Absent when no response arrived; then `error` says why. */
  response?: ExchangeResponse;
  /** Set when no response arrived (connection refused, timeout, TLS failure). */
  error?: string;
  timings: { headersMs: number; totalMs: number };
  responseSignature: ResponseSignatureResult;
}

/**
 * An exchange as a check's evidence in a run result (the unit of evidence, OBIE-style): the
 * exchange without what only the client's history shows, in the run-result file's field names.
 */
export interface EvidenceExchange {
  id: Exchange['id'];
  label?: Exchange['label'];
  /** A body that is not UTF-8 is kept as `(binary, base64) <base64>` in `body`. */
  request: Omit<ExchangeRequest, 'bodyBase64'>;
  /** The §5.2(5) signing string, when the request was signed. */
  signingString?: string;
  /** Absent when no response arrived; then `transportError` says why. */
  response?: Omit<ExchangeResponse, 'truncated' | 'jsonRefusal'> & {
    /** Why the JSON body was not parsed (`jsonRefusal`'s message); `body` is then an excerpt. */
    jsonRefused?: string;
  };
  transportError?: string;
  /**
   * §5.2.7: set when the response was signed and its signature did not verify or came from a
   * signer other than the configured one ('invalid'), could not be checked ('unverifiable'), or
   * verifies with no trust anchor to judge its signer by ('untrusted'); absent for an unsigned
   * response or one signed by the trusted signer.
   */
  responseSignature?: { status: 'invalid' | 'unverifiable' | 'untrusted'; reason: string };
  timings: {
    /** When the request was sent, ISO 8601. */
    startedAt: string;
    durationMs: number;
  };
}

/**
 * What a run's evidence and reports show in place of a secret (a token, a cookie, a value from the
 * environment): the run redacts them as it produces them (main/core/runner/results/report-result.ts).
 */
export const REDACTED = '[redacted]';

/** How evidence keeps a request body that is not UTF-8: this prefix, then its base64. */
const BINARY_BODY = '(binary, base64) ';

/** Evidence's request back in the client's shape: a binary body as `bodyBase64` again. */
export function requestOfEvidence(request: EvidenceExchange['request']): ExchangeRequest {
  const { body, ...rest } = request;
  if (body === undefined) return rest;
  return body.startsWith(BINARY_BODY)
    ? { ...rest, bodyBase64: body.slice(BINARY_BODY.length) }
    : { ...rest, body };
}

/** Turns a recorded exchange into check evidence. */
export function toEvidence(exchange: Exchange): EvidenceExchange {
  const request = exchange.request;
  return {
    id: exchange.id,
    ...(exchange.label ? { label: exchange.label } : {}),
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(request.bodyBase64 !== undefined ? { body: `${BINARY_BODY}${request.bodyBase64}` } : {}),
    },
    ...(exchange.signing ? { signingString: exchange.signing.signingString } : {}),
    ...(exchange.response
      ? {
          response: {
            status: exchange.response.status,
            headers: exchange.response.headers,
            body: exchange.response.body,
            ...(exchange.response.json !== undefined ? { json: exchange.response.json } : {}),
            ...(exchange.response.jsonRefusal
              ? { jsonRefused: exchange.response.jsonRefusal.message }
              : {}),
          },
        }
      : {}),
    ...(exchange.error ? { transportError: exchange.error } : {}),
    ...(exchange.responseSignature.status === 'invalid' ||
    exchange.responseSignature.status === 'unverifiable' ||
    exchange.responseSignature.status === 'untrusted'
      ? {
          responseSignature: {
            status: exchange.responseSignature.status,
            reason: exchange.responseSignature.reason,
          },
        }
      : {}),
    timings: { startedAt: exchange.startedAt, durationMs: exchange.timings.totalMs },
  };
}
