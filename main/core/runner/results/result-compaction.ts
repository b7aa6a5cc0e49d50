/**
 * The run result file's compact encoding (format version 2). A full run repeats the same bytes in
 * every exchange: the QSealC in TPP-Signature-Certificate (1–2 KB on each of ~1,000 signed
 * requests) and every JSON response twice, as received (`body`) and parsed (`json`). The file
 * keeps each certificate once, in `certificates` by SHA-256, and the header points at it; a
 * response whose `json` is its `body` parsed says so with `jsonFromBody` instead of a second copy.
 * Reading expands both back, so everything after the file sees the evidence as recorded.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type { JsonValue } from '../../../shared/json.js';
import type { RunResult } from '../../../shared/run-result.js';

/** The request header whose value the file keeps once per distinct certificate (§5.2). */
const CERTIFICATE_HEADER = 'tpp-signature-certificate';
/** A header value in the file that stands for `certificates[<sha256>]`. */
const CERTIFICATE_REF = /^@certificates\/([0-9a-f]{64})$/;

export class CompactionError extends Error {
  override name = 'CompactionError';
}

type StoredResponse = NonNullable<EvidenceExchange['response']> & { jsonFromBody?: true };

function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

type Evidence = RunResult['checks'][number]['evidence'];

/** Every exchange of the result: each check's evidence and that of its earlier attempts. */
function mapExchanges(
  result: RunResult,
  map: (exchange: EvidenceExchange, where: string) => EvidenceExchange,
): RunResult {
  // A file being read is not validated yet: what is not the expected shape is passed on as it
  // is, for the schema check after expansion to name.
  const mapEvidence = (evidence: Evidence, where: string): Evidence =>
    Array.isArray(evidence)
      ? evidence.map((item, e) =>
          item?.kind === 'exchange'
            ? { ...item, exchange: map(item.exchange, `${where}/evidence/${e}/exchange`) }
            : item,
        )
      : evidence;
  return {
    ...result,
    checks: result.checks.map((check, c) =>
      typeof check !== 'object' || check === null
        ? check
        : {
            ...check,
            evidence: mapEvidence(check.evidence, `/checks/${c}`),
            ...(Array.isArray(check.earlierAttempts)
              ? {
                  earlierAttempts: check.earlierAttempts.map((attempt, a) => ({
                    ...attempt,
                    evidence: mapEvidence(attempt?.evidence, `/checks/${c}/earlierAttempts/${a}`),
                  })),
                }
              : {}),
          },
    ),
  };
}

/** The result as the file stores it: certificates once, JSON bodies once. */
export function compactRunResult(result: RunResult): RunResult & {
  certificates: Record<string, string>;
} {
  const certificates: Record<string, string> = {};
  const compacted = mapExchanges(result, (exchange) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(exchange.request.headers)) {
      // Every value of the header goes to the table, short or odd ones too (a check may send
      // anything there): a value that only looks like a reference must not be read as one.
      if (name.toLowerCase() !== CERTIFICATE_HEADER) {
        headers[name] = value;
        continue;
      }
      const sha256 = createHash('sha256').update(value).digest('hex');
      certificates[sha256] = value;
      headers[name] = `@certificates/${sha256}`;
    }
    let response: StoredResponse | undefined = exchange.response;
    if (
      response?.json !== undefined &&
      isDeepStrictEqual(parsedBody(response.body), response.json)
    ) {
      const { json: _json, ...rest } = response;
      response = { ...rest, jsonFromBody: true };
    }
    return { ...exchange, request: { ...exchange.request, headers }, response };
  });
  return { ...compacted, certificates };
}

/**
 * The stored form back to the result as recorded. A reference to a certificate the file does not
 * hold, or `jsonFromBody` on a body that is not JSON, is an error naming where (the file was cut
 * or edited by hand).
 */
export function expandRunResult(stored: Record<string, unknown>): Record<string, unknown> {
  const { certificates = {}, ...rest } = stored as { certificates?: unknown };
  if (typeof certificates !== 'object' || certificates === null || Array.isArray(certificates))
    throw new CompactionError('/certificates: must be an object of SHA-256 → base64 certificate');
  const table = certificates as Record<string, unknown>;
  const result = rest as unknown as RunResult;
  if (!Array.isArray(result.checks)) return rest;
  return mapExchanges(result, (exchange, where) => {
    if (typeof exchange !== 'object' || exchange === null) return exchange;
    let request = exchange.request;
    if (typeof request?.headers === 'object' && request.headers !== null) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        const ref = typeof value === 'string' ? CERTIFICATE_REF.exec(value) : null;
        if (!ref) {
          headers[name] = value;
          continue;
        }
        const certificate = table[ref[1]!];
        if (typeof certificate !== 'string')
          throw new CompactionError(
            `${where}/request/headers/${name}: refers to certificate ${ref[1]!.slice(0, 16)}…, which the file's "certificates" does not hold`,
          );
        headers[name] = certificate;
      }
      request = { ...request, headers };
    }
    let response = exchange.response as StoredResponse | undefined;
    if (response?.jsonFromBody === true) {
      const json = parsedBody(response.body);
      if (json === undefined)
        throw new CompactionError(
          `${where}/response: "jsonFromBody" is set but the body is not JSON`,
        );
      const { jsonFromBody: _flag, ...plain } = response;
      response = { ...plain, json: json as JsonValue };
    }
    return { ...exchange, request, response };
  }) as unknown as Record<string, unknown>;
}
