/**
 * `key-id`: the keyId the client will send, read back the way the bank reads it (§5.2.3:
 * `SN=<serial in upper-case hex>,CA=<issuer DN, RFC 2253>`). The keyId comes from the signer
 * itself (main/core/tpp/signer.ts) signing a throwaway request, so it is byte for byte what a run
 * sends; it is then parsed with the bank's reader (parseKeyId) and compared with the certificate:
 * the serial as a number, the CA with the issuer Name by meaning (matchKeyIdIssuer). A keyId the
 * bank cannot tie to the TPP-Signature-Certificate fails every signed request with 400.
 */
import { randomUUID } from 'node:crypto';
import {
  matchKeyIdIssuer,
  parseKeyId,
  readCertificateFields,
  sameSerialNumber,
  serialNumberHex,
} from '../../../signature/index.js';
import { signRequest } from '../../../tpp/signer.js';
import { namedCredentials } from '../credentials.js';
import { line, type DoctorCheck } from '../types.js';

export const keyIdCheck: DoctorCheck = {
  id: 'key-id',
  title: 'keyId reads back as the bank reads it',
  run({ loaded }) {
    const problems: string[] = [];
    const keyIds: string[] = [];
    for (const c of namedCredentials(loaded).filter((n) => n.signs)) {
      let keyId: string;
      try {
        keyId = signRequest({
          method: 'GET',
          path: '/v1/accounts',
          headers: { 'X-Request-ID': randomUUID() },
          signingKey: c.credential.key,
          certificate: c.certificate.raw,
        }).keyId;
      } catch (error) {
        problems.push(`${c.at}: the ${c.name} cannot sign: ${(error as Error).message}`);
        continue;
      }
      const parsed = parseKeyId(keyId);
      if (!parsed.ok) {
        problems.push(`${c.at}: the ${c.name}'s keyId ${keyId} does not parse: ${parsed.text}`);
        continue;
      }
      const fields = readCertificateFields(c.certificate.raw);
      const serial = serialNumberHex(fields.serialNumber);
      if (!sameSerialNumber(parsed.keyId.serialNumber, serial))
        problems.push(
          `${c.at}: the ${c.name}'s keyId SN ${parsed.keyId.serialNumber} is not its serial ${serial}`,
        );
      const issuer = matchKeyIdIssuer(parsed.keyId.issuer, fields.issuer);
      if (!issuer.ok)
        problems.push(`${c.at}: the ${c.name}'s keyId CA does not name its issuer: ${issuer.text}`);
      keyIds.push(`${c.name} keyId ${keyId}`);
    }
    if (problems.length > 0)
      return line(
        keyIdCheck,
        'FAIL',
        [...problems, ...keyIds].join('; '),
        'the certificate is unusual for §5.2.3 (e.g. a non-RSA key or an issuer name that does not survive RFC 2253): use a certificate with an RSA key, or report the keyId above with the certificate',
      );
    return line(keyIdCheck, 'PASS', keyIds.join('; '));
  },
};
