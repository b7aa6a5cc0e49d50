/**
 * `rsa-sha256` (§5.2.3): RSASSA-PKCS1-v1_5 with SHA-256 over the signing string's bytes.
 */
import {
  KeyObject,
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type KeyLike,
} from 'node:crypto';

/** Something that signs bytes with the TPP's key, e.g. the keystore's `signWith(handle, …)`. */
export type SignFunction = (data: Buffer) => Buffer;

export type SigningKey = KeyObject | string | Buffer | SignFunction;

export function signRsaSha256(data: Buffer, key: SigningKey): Buffer {
  if (typeof key === 'function') return key(data);
  const privateKey = key instanceof KeyObject ? key : createPrivateKey(key);
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new Error(
      `rsa-sha256 needs an RSA key; this key is ${privateKey.asymmetricKeyType ?? 'not asymmetric'}`,
    );
  }
  return sign('sha256', data, privateKey);
}

export function verifyRsaSha256(data: Buffer, signature: Buffer, publicKey: KeyLike): boolean {
  const key = publicKey instanceof KeyObject ? publicKey : createPublicKey(publicKey);
  return verify('sha256', data, key, signature);
}
