/**
 * A TPP's certificate kept once in the shared request log (store/pg-shared-certificates.ts): an
 * accepted certificate is named by its key in the stored record and written once per statement
 * beside it; anything else stays in its record; a reader puts the value back, reading each key
 * it does not know once.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BANK_ROUTES } from '../../../../main/core/bank/handlers/routes.js';
import type { ExchangeRecord } from '../../../../main/core/bank/log/request-log.js';
import type { Observation } from '../../../../main/core/bank/log/tpp-findings/recorder.js';
import {
  CERTIFICATE_HEADER,
  CERTIFICATES_KEPT,
  SharedCertificates,
  type StoredRecord,
} from '../../../../main/core/bank/store/pg-shared-certificates.js';
import { insertStatement } from '../../../../main/core/bank/store/pg-shared-log.js';

const signedRoute = BANK_ROUTES.find((route) => route.operationId === 'getConsentInformation')!;
const pageRoute = BANK_ROUTES.find((route) => route.kind === 'page')!;

const CERTIFICATE = 'MIIE' + 'A'.repeat(1_500);
const keyOf = (text: string) => createHash('sha256').update(text).digest('base64url');

function observation(
  certificate: string | undefined,
  extra: Partial<Observation> = { route: signedRoute },
): Observation {
  const headers: Record<string, string> = { 'x-request-id': 'r-1' };
  if (certificate !== undefined) headers[CERTIFICATE_HEADER] = certificate;
  headers.signature = 'keyId="k",signature="s"';
  const record: ExchangeRecord = {
    id: 7,
    mode: 'sandbox',
    receivedAt: '2026-01-01T00:00:00.000Z',
    arrivedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    stageTimings: {},
    request: { method: 'GET', target: '/v1/consents/c-1', headers, bodySize: 0 },
    response: { status: 200, headers: {}, body: undefined },
  };
  return { record, ...extra };
}

/** A connection holding bank_certificates' rows, counting the keys it was asked for. */
function certificateTable(rows: Map<string, string>) {
  const asked: string[][] = [];
  return {
    asked,
    async query<Row>(_text: string, values: unknown[] = []): Promise<{ rows: Row[] }> {
      const keys = values[0] as string[];
      asked.push(keys);
      return {
        rows: keys
          .filter((key) => rows.has(key))
          .map((key) => ({ key, certificate: rows.get(key)! }) as Row),
      };
    },
  };
}

describe('the shared log keeps a TPP’s certificate once', () => {
  it('names an accepted certificate by its key, in its place among the headers', () => {
    const { record, certificate } = new SharedCertificates().stored(observation(CERTIFICATE));
    expect(certificate).toEqual({ key: keyOf(CERTIFICATE), certificate: CERTIFICATE });
    const headers = record.request.headers;
    expect(Object.keys(headers)).toEqual(['x-request-id', CERTIFICATE_HEADER, 'signature']);
    expect(headers[CERTIFICATE_HEADER]).toBe(`\u0000certificate:${keyOf(CERTIFICATE)}`);
    expect(JSON.stringify(record)).not.toContain(CERTIFICATE);
    expect('id' in record).toBe(false);
  });

  it('keeps in its record a certificate the bank did not accept, and requests without one', () => {
    const certificates = new SharedCertificates();
    const refused = [
      observation(CERTIFICATE, { route: signedRoute, refusedAt: 'signature' }),
      observation(CERTIFICATE, { route: signedRoute, refusedAt: 'certificate' }),
      observation(CERTIFICATE, { route: pageRoute }),
      observation(CERTIFICATE, {}),
    ];
    for (const each of refused) {
      const { record, certificate } = certificates.stored(each);
      expect(certificate).toBeUndefined();
      expect(record.request.headers[CERTIFICATE_HEADER]).toBe(CERTIFICATE);
    }
    // Refused after the certificate was checked: accepted.
    const later = certificates.stored(
      observation(CERTIFICATE, { route: signedRoute, refusedAt: 'request-schema' }),
    );
    expect(later.certificate?.key).toBe(keyOf(CERTIFICATE));
    expect(certificates.stored(observation(undefined)).certificate).toBeUndefined();
  });

  it('keys at most CERTIFICATES_KEPT certificates; the others stay in their records', () => {
    const certificates = new SharedCertificates();
    for (let index = 0; index < CERTIFICATES_KEPT; index += 1)
      expect(certificates.stored(observation(`${CERTIFICATE}${index}`)).certificate).toBeDefined();
    const beyond = certificates.stored(observation(`${CERTIFICATE}x`));
    expect(beyond.certificate).toBeUndefined();
    expect(beyond.record.request.headers[CERTIFICATE_HEADER]).toBe(`${CERTIFICATE}x`);
    // One already keyed still is.
    expect(certificates.stored(observation(`${CERTIFICATE}0`)).certificate).toBeDefined();
  });

  it('puts each certificate back, reading a key it does not know once', async () => {
    const writer = new SharedCertificates();
    const stored = [1, 2, 3].map(
      () =>
        JSON.parse(JSON.stringify(writer.stored(observation(CERTIFICATE)).record)) as StoredRecord,
    );
    const inline = JSON.parse(
      JSON.stringify(writer.stored(observation(CERTIFICATE, { route: pageRoute })).record),
    ) as StoredRecord;
    const table = certificateTable(new Map([[keyOf(CERTIFICATE), CERTIFICATE]]));
    const reader = new SharedCertificates();
    await reader.restore(table, [...stored, inline]);
    for (const record of [...stored, inline])
      expect(record.request.headers[CERTIFICATE_HEADER]).toBe(CERTIFICATE);
    expect(table.asked).toEqual([[keyOf(CERTIFICATE)]]);
    const again = JSON.parse(
      JSON.stringify(writer.stored(observation(CERTIFICATE)).record),
    ) as StoredRecord;
    await reader.restore(table, [again]);
    expect(table.asked).toHaveLength(1);
    expect(again.request.headers[CERTIFICATE_HEADER]).toBe(CERTIFICATE);
  });

  it('says which key a record names when the table lacks it', async () => {
    const record = JSON.parse(
      JSON.stringify(new SharedCertificates().stored(observation(CERTIFICATE)).record),
    ) as StoredRecord;
    await new SharedCertificates().restore(certificateTable(new Map()), [record]);
    expect(record.request.headers[CERTIFICATE_HEADER]).toBe(
      `(certificate ${keyOf(CERTIFICATE)} is not in bank_certificates)`,
    );
  });

  it('writes each certificate a statement names once, in the same statement', () => {
    const other = `${CERTIFICATE}B`;
    const [text, values] = insertStatement(
      [observation(CERTIFICATE), observation(other), observation(CERTIFICATE)],
      [],
      new SharedCertificates(),
    );
    expect(text).toMatch(
      /^WITH certificates AS \(INSERT INTO bank_certificates \(key, certificate\) VALUES \(\$10, \$11\), \(\$12, \$13\)\s+ON CONFLICT \(key\) DO NOTHING\) INSERT INTO bank_exchanges/,
    );
    expect(values.slice(9)).toEqual([keyOf(CERTIFICATE), CERTIFICATE, keyOf(other), other]);
    for (const index of [1, 4, 7]) expect(values[index] as string).not.toContain(CERTIFICATE);
  });
});
