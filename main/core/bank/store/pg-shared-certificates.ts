/**
 * A TPP's certificate kept once in the shared request log (bank_certificates), not in every
 * exchange that carries it. A TPP sends the same TPP-Signature-Certificate (§5.2(4), about 1.5 KB
 * of base64) on every signed request: it was half of each stored exchange, and the bytes of a row
 * are what its write costs the bank process (escaped, copied into the driver's buffers, sent) and
 * the server (docs/performance.md, "The certificate stored once").
 *
 * An exchange's stored record names the certificate by a key (its SHA-256) in place of the
 * header's value; the row holding the certificate is written by the same statement as the
 * exchange (pg-shared-log.ts), so no stored record names a certificate the table lacks. Readers
 * (the request log's latest entries, the findings' judging) put the value back, so every record
 * reads as it was sent.
 *
 * Only a certificate the bank accepted is kept so (a signed route whose request got past the
 * certificate stage): those are the TPPs' own, few and sent again and again. Any other value, a
 * fuzzer's or a broken client's, stays in its record, so the table never grows with what a
 * client makes up. A process keys at most CERTIFICATES_KEPT of them; beyond, they stay inline.
 */
import { createHash } from 'node:crypto';
import { STAGE_NAMES } from '../context/request-context.js';
import type { ExchangeRecord } from '../log/request-log.js';
import type { Observation } from '../log/tpp-findings/recorder.js';

export const CERTIFICATE_HEADER = 'tpp-signature-certificate';

/**
 * What a stored header value holds in place of a kept certificate: a NUL, which no HTTP field
 * value contains (RFC 9110 §5.5; the listener's parser refuses it), so no value sent is read as
 * one, then the certificate's key.
 */
const MARK = '\u0000certificate:';

/** Distinct certificates one process keeps once (a sandbox's TPPs; each about 1.5 KB here). */
export const CERTIFICATES_KEPT = 64;

/** Where the pipeline stage that checks the certificate falls (context/request-context.ts). */
const CERTIFICATE_STAGE = STAGE_NAMES.indexOf('certificate');

/** The connection's query (pg-shared-findings.ts LogConnection). */
interface Queries {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/** An exchange's record as stored: without its id (the row's), the certificate named by key. */
export type StoredRecord = Omit<ExchangeRecord, 'id'>;

export interface CertificateRow {
  key: string;
  certificate: string;
}

/** One process's certificates: keys it gave (writing) and texts it read (reading). */
export class SharedCertificates {
  /** Certificate text → key. */
  private readonly keys = new Map<string, string>();
  /** Key → certificate text, as read back. */
  private readonly texts = new Map<string, string>();

  /**
   * The record to store for `observation`, and the certificate row it names (undefined when the
   * certificate, if any, stays in the record).
   */
  stored(observation: Observation): { record: StoredRecord; certificate?: CertificateRow } {
    const { id: _id, ...record } = observation.record;
    const headers = record.request.headers;
    const certificate = headers[CERTIFICATE_HEADER];
    if (certificate === undefined || !accepted(observation)) return { record };
    const key = this.keyOf(certificate);
    if (key === undefined) return { record };
    return {
      record: {
        ...record,
        request: { ...record.request, headers: { ...headers, [CERTIFICATE_HEADER]: MARK + key } },
      },
      certificate: { key, certificate },
    };
  }

  /**
   * Puts each kept certificate back into `records` (parsed stored records), reading the ones
   * this process has not seen yet from bank_certificates.
   */
  async restore(db: Queries, records: readonly StoredRecord[]): Promise<void> {
    const marked = records.filter((record) => keyIn(record) !== undefined);
    if (marked.length === 0) return;
    const missing = [...new Set(marked.map((record) => keyIn(record)!))].filter(
      (key) => !this.texts.has(key),
    );
    if (missing.length > 0) {
      const { rows } = await db.query<CertificateRow>(
        `SELECT key, certificate FROM bank_certificates WHERE key = ANY($1::text[])`,
        [missing],
      );
      // Keys are content hashes: a text once read stays right; the cache keeps the latest few.
      for (const row of rows) this.remember(row.key, row.certificate);
    }
    for (const record of marked) {
      const key = keyIn(record)!;
      record.request.headers[CERTIFICATE_HEADER] =
        this.texts.get(key) ?? `(certificate ${key} is not in bank_certificates)`;
    }
  }

  private keyOf(certificate: string): string | undefined {
    const known = this.keys.get(certificate);
    if (known !== undefined || this.keys.size >= CERTIFICATES_KEPT) return known;
    const key = createHash('sha256').update(certificate).digest('base64url');
    this.keys.set(certificate, key);
    this.remember(key, certificate);
    return key;
  }

  private remember(key: string, certificate: string): void {
    if (this.texts.size >= CERTIFICATES_KEPT * 4) this.texts.clear();
    this.texts.set(key, certificate);
  }
}

/** The certificate row values of `rows` (distinct keys), for the statement that stores them. */
export function certificateRows(rows: readonly (CertificateRow | undefined)[]): string[][] {
  const byKey = new Map<string, string>();
  for (const row of rows) if (row) byKey.set(row.key, row.certificate);
  return [...byKey].map(([key, certificate]) => [key, certificate]);
}

/** The bank accepted the request's certificate: a signed route, past the certificate stage. */
function accepted({ route, refusedAt }: Observation): boolean {
  if (!route || route.kind === 'page' || !route.signed) return false;
  return refusedAt === undefined || STAGE_NAMES.indexOf(refusedAt) > CERTIFICATE_STAGE;
}

/** The key a stored record names in place of its certificate, if it does. */
function keyIn(record: StoredRecord): string | undefined {
  const value = record.request?.headers?.[CERTIFICATE_HEADER];
  return typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : undefined;
}
