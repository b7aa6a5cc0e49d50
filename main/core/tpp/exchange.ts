/**
 * One request/response exchange as the workbench records it: what was sent (after signing), what
 * came back, how long it took, what was signed and whether the response signature held. The same
 * record is the composer's response view, the history, and a suite check's evidence.
 */
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
  truncated: boolean;
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

export function parseJson(text: string, contentType: string | undefined): unknown {
  if (text === '' || !(contentType ?? '').toLowerCase().includes('json')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
