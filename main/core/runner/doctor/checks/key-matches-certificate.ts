/**
 * `key-matches-certificate`: each private key belongs to its certificate, compared by public key
 * (SubjectPublicKeyInfo). A QSealC with another key makes every signature fail the bank's check
 * (§5.2: 400 on an invalid signature); a QWAC with another key fails the TLS handshake (§5.1).
 * A mixed-up pair is common when several certificates live in one folder, so the line names the
 * certificate the key does belong to when it is one of the profile's.
 */
import { createPublicKey, type KeyObject, type X509Certificate } from 'node:crypto';
import { namedCredentials, type NamedCredential } from '../credentials.js';
import { line, type DoctorCheck } from '../types.js';

/** The SubjectPublicKeyInfo DER of a private key's public half, or of a public key. */
export const spki = (key: KeyObject | X509Certificate['publicKey']): Buffer =>
  (key.type === 'private' ? createPublicKey(key) : key).export({ type: 'spki', format: 'der' });

/** What to do about a key that is not its certificate's (the run refuses with it too). */
export const ownKeyFix = (c: Pick<NamedCredential, 'name' | 'at'>): string =>
  `give the ${c.name}'s own key at ${c.at}/key (or its PKCS#12 at ${c.at}/pkcs12)`;

export const keyMatchesCertificateCheck: DoctorCheck = {
  id: 'key-matches-certificate',
  title: 'each private key belongs to its certificate',
  run({ loaded }) {
    const credentials = namedCredentials(loaded);
    const problems: string[] = [];
    const fixes: string[] = [];
    for (const c of credentials) {
      const key = spki(c.credential.key);
      if (key.equals(spki(c.certificate.publicKey))) continue;
      const owner = credentials.find((other) => key.equals(spki(other.certificate.publicKey)));
      problems.push(
        `${c.at}: the ${c.name}'s key is not its certificate's: it is the key of ${
          owner ? `the ${owner.name} (${owner.at})` : 'another certificate, not one in this profile'
        }`,
      );
      fixes.push(ownKeyFix(c));
    }
    if (problems.length > 0)
      return line(keyMatchesCertificateCheck, 'FAIL', problems.join('; '), fixes.join('; '));
    return line(
      keyMatchesCertificateCheck,
      'PASS',
      credentials.map((c) => `${c.name} key matches its certificate`).join('; '),
    );
  },
};
