/**
 * One request/response exchange as the workbench records it: what was sent (after signing), what
 * came back, how long it took, what was signed and whether the response signature held. The same
 * record is the composer's response view, the history, and a suite check's evidence.
 */
import { parseBankJson, type JsonLimits, type JsonRefusal } from './safe-json.js';

export interface ExchangeRequest {
  method: string;
  url: string;
  /** As sent, in order, with the sender's spelling. */
  headers: Record<string, string>;
  /** UTF-8 text of the body; `bodyBase64` instead when the bytes are not valid UTF-8. */
  body?: string;
  bodyBase64?: string;
}

export interface ExchangeResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
  /** Set when the body was kept to an excerpt (over a limit); `body` ends with a marker. */
  truncated: boolean;
  /**
   * Why a JSON body was not parsed (too large or nested too deep, checked before parsing): a named
   * finding. `body` then holds an excerpt.
   */
  jsonRefusal?: JsonRefusal;
}

export type ResponseSignatureResult =
  | { status: 'absent' }
  | { status: 'valid'; keyId: string; signedHeaderNames: string[] }
  | { status: 'invalid'; reason: string }
  | { status: 'unverifiable'; reason: string };

export interface Exchange {
  id: string;
  /** Free label: the composer's request name, a check id. */
  label?: string;
  startedAt: string;
  request: ExchangeRequest;
  signing?: { signingString: string; signedHeaderNames: string[]; keyId: string };
  response?: ExchangeResponse;
  /** Set when no response arrived (connection refused, timeout, TLS failure). */
  error?: string;
  timings: { headersMs: number; totalMs: number };
  responseSignature: ResponseSignatureResult;
}

/** Text of a body for display and export; undefined when it is not valid UTF-8. */
export function utf8Text(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * A JSON answer's value, through the size and depth guards of safe-json.ts. `refusal` is set when a
 * guard refused the text; invalid JSON or another content type is neither value nor refusal.
 */
export function parseJson(
  text: string,
  contentType: string | undefined,
  limits?: JsonLimits,
): { json?: unknown; refusal?: JsonRefusal } {
  if (text === '' || !(contentType ?? '').toLowerCase().includes('json')) return {};
  const parsed = parseBankJson(text, limits);
  if (parsed.ok) return { json: parsed.value };
  return parsed.refusal ? { refusal: parsed.refusal } : {};
}
