/**
 * The TPP-Signature-Certificate header of the shared request log's exchanges (pg-shared-log.ts),
 * written once per distinct value. A TPP sends the same certificate (§5.2(4), about 1.5 KB of
 * base64, half of a signed GET's record) with every request, so an exchange's stored record holds
 * a reference in its place — the SHA-256 of the value's JSON text, also in the row's
 * `certificate` column — and the value is a row of `bank_certificates`, inserted in the statement
 * that inserts the exchanges referring to it. Every reader of `bank_exchanges` joins it back
 * (`restoreCertificate`): the record is read as it was settled, the header in its place.
 *
 * The value is stored as its JSON text: a header given to `bank.handle` may hold what a TEXT
 * column cannot (a NUL, a lone surrogate), and the record it came from held it as JSON too.
 */
import { createHash } from 'node:crypto';
import type { ExchangeRecord } from '../log/request-log.js';

export const CERTIFICATE_HEADER = 'tpp-signature-certificate';

/** Values remembered with their digest: beyond, the oldest is forgotten (hashed again if seen). */
const REMEMBERED = 256;
/** A longer value is hashed each time it is written, never kept: the memory stays bounded. */
const REMEMBERED_CHARS = 32 * 1024;

/** A certificate as `bank_certificates` holds it. */
export interface StoredCertificate {
  digest: string;
  /** The header's value as JSON text. */
  value: string;
}

/** One exchange as its `bank_exchanges` row holds it. */
export interface StoredExchange {
  record: string;
  /** The digest of its certificate header's value; null without the header. */
  certificate: string | null;
}

/** Writes records with references, remembering each distinct value's digest (one per process). */
export class CertificateReferences {
  private readonly remembered = new Map<string, StoredCertificate>();

  /**
   * The stored form of `record` (without its id); its certificate, if any, added to `batch`
   * (the certificates of one flush by digest).
   */
  store(record: Omit<ExchangeRecord, 'id'>, batch: Map<string, StoredCertificate>): StoredExchange {
    const headers = record.request.headers;
    const value = headers[CERTIFICATE_HEADER];
    if (value === undefined) return { record: JSON.stringify(record), certificate: null };
    const certificate = this.certificateOf(value);
    batch.set(certificate.digest, certificate);
    // The spread keeps the headers' order: the reference stands where the value stood.
    const referring = {
      ...record,
      request: {
        ...record.request,
        headers: { ...headers, [CERTIFICATE_HEADER]: certificate.digest },
      },
    };
    return { record: JSON.stringify(referring), certificate: certificate.digest };
  }

  private certificateOf(value: string): StoredCertificate {
    // The log keeps one string for a repeated value (log/logged-request.ts): a hit is a pointer
    // compare with the string's hash already computed.
    const known = this.remembered.get(value);
    if (known) return known;
    const text = JSON.stringify(value);
    const certificate = { digest: createHash('sha256').update(text).digest('hex'), value: text };
    if (value.length > REMEMBERED_CHARS) return certificate;
    if (this.remembered.size >= REMEMBERED)
      this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(value, certificate);
    return certificate;
  }
}

/**
 * The certificates of one flush, in the order of their digests: two processes inserting the same
 * two certificates at once then wait for each other in one order, never in a deadlock.
 */
export function certificateRows(batch: Map<string, StoredCertificate>): StoredCertificate[] {
  return [...batch.values()].sort((a, b) => (a.digest < b.digest ? -1 : 1));
}

/** A `bank_exchanges` row read with its certificate (`EXCHANGE_COLUMNS`). */
export interface ExchangeRecordRow {
  record: string;
  /** The reference (`bank_exchanges.certificate`). */
  digest: string | null;
  /** The value as JSON text (`bank_certificates.value`). */
  certificate: string | null;
}

/** The columns and join a reader of `bank_exchanges x` selects for `restoreCertificate`. */
export const EXCHANGE_COLUMNS = `x.record, x.certificate AS digest, c.value AS certificate`;
export const WITH_CERTIFICATE = `bank_exchanges x LEFT JOIN bank_certificates c ON c.digest = x.certificate`;

/** The record of a row as it was settled: its certificate header's value back in its place. */
export function restoreCertificate(row: ExchangeRecordRow): Omit<ExchangeRecord, 'id'> {
  const record = JSON.parse(row.record) as Omit<ExchangeRecord, 'id'>;
  if (row.digest !== null && row.certificate !== null)
    record.request.headers[CERTIFICATE_HEADER] = JSON.parse(row.certificate) as string;
  return record;
}

/**
 * Removes the certificates no exchange refers to any more (after the log's trim), under the
 * exclusive certificates lock: a writer holds it shared from before it inserts its certificates
 * (ON CONFLICT DO NOTHING relies on a row that is there) until its exchanges are committed, so a
 * prune sees them, or the writer inserts the row again. One query of two statements, one
 * transaction; the DELETE's snapshot is taken once the lock is held.
 */
export function pruneCertificatesSql(lock: number): string {
  return `SELECT pg_advisory_xact_lock(${lock});
    DELETE FROM bank_certificates c
    WHERE NOT EXISTS (SELECT FROM bank_exchanges x WHERE x.certificate = c.digest)`;
}
