/**
 * A shared log record refers to its certificate (store/pg-log-certificates.ts): the reference
 * stands where the header's value stood, the value goes once per flush, and a row read back with
 * its certificate is the record as it was settled.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../../../main/core/bank/log/request-log.js';
import {
  CertificateReferences,
  certificateRows,
  restoreCertificate,
  type StoredCertificate,
} from '../../../../main/core/bank/store/pg-log-certificates.js';

const record = (headers: Record<string, string>): Omit<ExchangeRecord, 'id'> => ({
  mode: 'sandbox',
  receivedAt: '2026-01-01T00:00:00.000Z',
  arrivedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  stageTimings: {},
  request: { method: 'GET', target: '/v1/accounts', headers, bodySize: 0 },
  response: { status: 200, headers: {}, body: undefined },
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('certificate references of the shared log', () => {
  it('puts the digest of the value’s JSON text in the header’s place, the value in the batch', () => {
    const references = new CertificateReferences();
    const batch = new Map<string, StoredCertificate>();
    const headers = { a: '1', 'tpp-signature-certificate': 'MIIB', b: '2' };
    const stored = references.store(record(headers), batch);
    const digest = sha256('"MIIB"');
    expect(stored.certificate).toBe(digest);
    const parsed = JSON.parse(stored.record) as ExchangeRecord;
    expect(Object.entries(parsed.request.headers)).toEqual([
      ['a', '1'],
      ['tpp-signature-certificate', digest],
      ['b', '2'],
    ]);
    expect(stored.record).not.toContain('MIIB');
    expect([...batch.values()]).toEqual([{ digest, value: '"MIIB"' }]);
    // The settled record is not changed.
    expect(headers['tpp-signature-certificate']).toBe('MIIB');
  });

  it('sends a value once per batch however many records carry it', () => {
    const references = new CertificateReferences();
    const batch = new Map<string, StoredCertificate>();
    for (let i = 0; i < 5; i += 1)
      references.store(record({ 'tpp-signature-certificate': 'one' }), batch);
    references.store(record({ 'tpp-signature-certificate': 'two' }), batch);
    references.store(record({}), batch);
    const rows = certificateRows(batch);
    expect(rows.map((row) => row.value).sort()).toEqual(['"one"', '"two"']);
    expect(rows.map((row) => row.digest)).toEqual(rows.map((row) => row.digest).sort());
  });

  it('leaves a record without the header as it is', () => {
    const stored = new CertificateReferences().store(record({ a: '1' }), new Map());
    expect(stored).toEqual({ record: JSON.stringify(record({ a: '1' })), certificate: null });
  });

  it('reads a row back as the record it was, whatever the value', () => {
    const references = new CertificateReferences();
    for (const value of ['MIIB', 'not base64 \u0000 \ud800 "', 'A'.repeat(100_000)]) {
      const batch = new Map<string, StoredCertificate>();
      const settled = record({ x: '1', 'tpp-signature-certificate': value });
      const stored = references.store(settled, batch);
      const row = {
        record: stored.record,
        digest: stored.certificate,
        certificate: batch.get(stored.certificate!)!.value,
      };
      expect(restoreCertificate(row)).toEqual(settled);
    }
    // A row written before references (no digest) reads as it was.
    const old = record({ 'tpp-signature-certificate': 'MIIB' });
    expect(
      restoreCertificate({ record: JSON.stringify(old), digest: null, certificate: null }),
    ).toEqual(old);
  });
});
