/**
 * The keyId an exported signing script writes is the one the workbench's signer writes
 * (key-id.ts with the OpenSSL RFC 2253 issuer of signing-certificate.ts), for the names and
 * serials that make the form hard: escapes, non-ASCII in each string type, multi-valued RDNs,
 * attributes OpenSSL has no name for, serials with a leading zero byte.
 */
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate } from '../../../main/core/certs/certificate-builder.js';
import { generateRsaKeyPairSync, type RsaKeyPair } from '../../../main/core/certs/keys.js';
import type { NameInput } from '../../../main/core/certs/name.js';
import { keyIdScriptText } from '../../../main/core/collections/signing-script-core.js';
import { buildKeyId, readSigningCertificate } from '../../../main/core/signature/index.js';

let key: RsaKeyPair;
beforeAll(() => {
  key = generateRsaKeyPairSync();
});

/** keyIdOf and pemDer as the script defines them, run where only Buffer exists. */
function scriptKeyId(der: Buffer): string {
  return runInNewContext(`${keyIdScriptText()}\nkeyIdOf(der);`, { Buffer, der }) as string;
}

function both(issuer: NameInput, serialNumber?: string): { script: string; signer: string } {
  const der = issueCertificate({
    subject: issuer,
    publicKey: key.publicKey,
    selfSigningKey: key.privateKey,
    extensions: [],
    ...(serialNumber ? { serialNumber } : {}),
  });
  const certificate = readSigningCertificate(der);
  return {
    script: scriptKeyId(der),
    signer: buildKeyId({ serialNumber: certificate.serialNumber, issuer: certificate.issuer }),
  };
}

describe('the exported script writes keyId as the workbench signer does (§5.2.3)', () => {
  it.each<[string, NameInput]>([
    [
      'a QSealC issuer with organizationIdentifier',
      [
        { type: 'C', value: 'NO' },
        { type: 'O', value: 'Example TPP AS' },
        { type: '2.5.4.97', value: 'PSDNO-FSA-123456' },
        { type: 'CN', value: 'Example CA' },
      ],
    ],
    ['characters RFC 2253 escapes', [{ type: 'O', value: 'A,B+C"D\\E<F>G;H=I' }]],
    [
      '# first, spaces at either end',
      [
        { type: 'OU', value: '#hash' },
        { type: 'CN', value: ' x ' },
      ],
    ],
    ['control characters', [{ type: 'CN', value: 'a\u0001b\u007f' }]],
    ['non-ASCII in a UTF8String', [{ type: 'O', value: 'Bjørnstjerne ÆØÅ' }]],
    [
      'non-ASCII in BMP, T61 and IA5 strings',
      [
        { type: 'C', value: 'NO', valueType: 'printable' },
        { type: 'O', value: 'Sjø Ltd', valueType: 'bmp' },
        { type: 'OU', value: 'Tromsø', valueType: 't61' },
        { type: 'CN', value: 'plain', valueType: 'ia5' },
      ],
    ],
    [
      'a multi-valued RDN',
      [
        { type: 'C', value: 'NO' },
        [
          { type: 'OU', value: 'Unit' },
          { type: 'CN', value: 'Name' },
        ],
      ],
    ],
    ['an attribute OpenSSL has no name for', [{ type: '1.3.6.1.4.1.99999.1', value: 'x' }]],
  ])('%s', (_what, issuer) => {
    const { script, signer } = both(issuer);
    expect(script).toBe(signer);
  });

  it.each(['00A1B2', '7F', '0102030405060708090A0B0C0D0E0F10'])('serial %s', (serial) => {
    const { script, signer } = both([{ type: 'CN', value: 'CA' }], serial);
    expect(script).toBe(signer);
  });
});
