/**
 * RSA keys come from node:crypto (about 150 ms for 2048 bits; node-forge's pure-JS generation takes
 * seconds, TOOLCHAIN.md); forge only ever sees them to build certificates.
 */
import {
  KeyObject,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
} from 'node:crypto';
import forge from 'node-forge';

export interface RsaKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export const DEFAULT_RSA_BITS = 2048;

export function generateRsaKeyPairSync(bits = DEFAULT_RSA_BITS): RsaKeyPair {
  return generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 0x10001 });
}

export function generateRsaKeyPair(bits = DEFAULT_RSA_BITS): Promise<RsaKeyPair> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      'rsa',
      { modulusLength: bits, publicExponent: 0x10001 },
      (error, publicKey, privateKey) =>
        error ? reject(error) : resolve({ publicKey, privateKey }),
    );
  });
}

export function toPrivateKeyObject(key: KeyObject | string | Buffer): KeyObject {
  return key instanceof KeyObject ? key : createPrivateKey(key);
}

export function toPublicKeyObject(key: KeyObject | string | Buffer): KeyObject {
  if (key instanceof KeyObject) return key.type === 'private' ? createPublicKey(key) : key;
  return createPublicKey(key);
}

/** node KeyObject → forge RSA public key (forge handles RSA only). */
export function toForgePublicKey(key: KeyObject): forge.pki.rsa.PublicKey {
  const pem = toPublicKeyObject(key).export({ type: 'spki', format: 'pem' }).toString();
  return forge.pki.publicKeyFromPem(pem) as forge.pki.rsa.PublicKey;
}

/** SHA-256 of the SubjectPublicKeyInfo DER, hex colon-separated: a public handle on a key. */
export function publicKeyFingerprint(key: KeyObject): string {
  const spki = toPublicKeyObject(key).export({ type: 'spki', format: 'der' });
  return colonHex(createHash('sha256').update(spki).digest());
}

export function colonHex(bytes: Buffer): string {
  return (bytes.toString('hex').toUpperCase().match(/../g) ?? []).join(':');
}
