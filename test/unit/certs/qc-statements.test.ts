import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCertificate } from '../../../main/core/certs/describe.js';
import { issueQsealc } from '../../../main/core/certs/issue.js';
import { generateRsaKeyPairSync, type RsaKeyPair } from '../../../main/core/certs/keys.js';
import { PSD2_ROLES, PSD2_ROLE_NAMES, type Psd2Role } from '../../../main/core/certs/psd2-roles.js';
import {
  QC_STATEMENTS_OID,
  decodeQcStatements,
  encodeQcStatements,
} from '../../../main/core/certs/qc-statements.js';
import { readCertificateFields } from '../../../main/core/signature/der.js';
import { makeTestPki, openssl, scratchDirectory, TPP_SUBJECT, type TestPki } from './helpers.js';

let pki: TestPki;
let key: RsaKeyPair;
const scratch = scratchDirectory();
beforeAll(async () => {
  pki = await makeTestPki({ roles: ['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC'] });
  key = generateRsaKeyPairSync();
});
afterAll(() => scratch.cleanup());

describe('QCStatements (ETSI EN 319 412-5, ETSI TS 119 495)', () => {
  it('round-trips every role subset with NCA name and id', () => {
    const subsets: Psd2Role[][] = [
      ['PSP_AI'],
      ['PSP_PI'],
      ['PSP_AI', 'PSP_PI'],
      [...PSD2_ROLE_NAMES],
    ];
    for (const roles of subsets) {
      const der = Buffer.from(
        encodeQcStatements({
          types: ['eseal'],
          psd2: { roles, ncaName: 'Finanstilsynet', ncaId: 'NO-FSA' },
        }),
        'binary',
      );
      expect(decodeQcStatements(der)).toEqual({
        compliance: true,
        types: ['eseal'],
        psd2: {
          roles: roles.map((role) => ({ oid: PSD2_ROLES[role], name: role })),
          ncaName: 'Finanstilsynet',
          ncaId: 'NO-FSA',
        },
        statementIds: ['0.4.0.1862.1.1', '0.4.0.1862.1.6', '0.4.0.19495.2'],
      });
    }
  });

  it('round-trips the roles through an issued certificate', async () => {
    const certificate = await issueQsealc({
      issuer: pki.ca.issuer,
      subject: TPP_SUBJECT,
      roles: ['PSP_IC', 'PSP_AI'],
      ncaName: 'Bundesanstalt für Finanzdienstleistungsaufsicht',
      ncaId: 'DE-BAFIN',
      keyPair: key,
    });
    expect(describeCertificate(certificate.certificateDer).psd2).toEqual({
      roles: [
        { oid: '0.4.0.19495.1.4', name: 'PSP_IC' },
        { oid: '0.4.0.19495.1.3', name: 'PSP_AI' },
      ],
      ncaName: 'Bundesanstalt für Finanzdienstleistungsaufsicht',
      ncaId: 'DE-BAFIN',
    });
  });

  it('has the ASN.1 structure OpenSSL reads: OIDs, UTF8String role names, NCA name and id', () => {
    const extension = readCertificateFields(pki.qwac.certificateDer).extensions.find(
      (e) => e.oid === QC_STATEMENTS_OID,
    )!;
    const path = scratch.file('qc.der', extension.value);
    const dump = openssl(['asn1parse', '-inform', 'DER', '-in', path]).toString();
    const objects = [...dump.matchAll(/OBJECT\s+:(\S+)/g)].map((match) => match[1]);
    expect(objects).toEqual([
      '0.4.0.1862.1.1', // QcCompliance
      '0.4.0.1862.1.6', // QcType
      '0.4.0.1862.1.6.3', // web (QWAC)
      '0.4.0.19495.2', // PSD2
      '0.4.0.19495.1.1',
      '0.4.0.19495.1.2',
      '0.4.0.19495.1.3',
      '0.4.0.19495.1.4',
    ]);
    const strings = [...dump.matchAll(/UTF8STRING\s+:(.+)/g)].map((match) => match[1]!.trim());
    expect(strings).toEqual(['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC', 'Finanstilsynet', 'NO-FSA']);
  });

  it('marks a QSealC as eseal and a QWAC as web', () => {
    expect(describeCertificate(pki.qsealc.certificateDer).qcTypes).toEqual(['eseal']);
    expect(describeCertificate(pki.qwac.certificateDer).qcTypes).toEqual(['web']);
  });

  it('refuses to build a PSD2 statement without roles', () => {
    expect(() =>
      encodeQcStatements({ psd2: { roles: [], ncaName: 'x', ncaId: 'NO-FSA' } }),
    ).toThrow(/role/);
  });
});
