/**
 * How an exported private key is protected. Node's own `KeyObject.export({ cipher, passphrase })`
 * writes PBES2 with PBKDF2-HMAC-SHA256 at 2,048 iterations (OpenSSL 3's PKCS5_DEFAULT_ITER), and
 * node-forge's PKCS#12 writer has a SHA-1 MAC at the same count: both far below OWASP's Password
 * Storage Cheat Sheet (600,000 iterations for PBKDF2-HMAC-SHA256). So both containers are built
 * here, with the expensive derivations in Node's native crypto:
 *
 * - PKCS#8 EncryptedPrivateKeyInfo (RFC 5958): PBES2 (RFC 8018) with PBKDF2-HMAC-SHA256,
 *   600,000 iterations, a 16-byte salt, and AES-256-CBC.
 * - PKCS#12 (RFC 7292): the key in a pkcs8ShroudedKeyBag encrypted exactly as above; the
 *   certificates in a plain SafeContents (they are public); integrity by HMAC-SHA256 whose key comes
 *   from the PKCS#12 KDF (Appendix B) with SHA-256 at 1,200,000 iterations. One iteration of that
 *   KDF is one SHA-256 compression, one PBKDF2-HMAC iteration is two, so guessing the passphrase
 *   against the MAC costs as much as against the key (the MAC must not be the cheaper door).
 *   OpenSSL 3.0 reads both; PBMAC1 (RFC 9579) would need OpenSSL 3.4, so it is not used.
 */
import type { KeyObject } from 'node:crypto';
import {
  createCipheriv,
  createHash,
  createHmac,
  hash,
  pbkdf2Sync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import forge from 'node-forge';

/** OWASP Password Storage Cheat Sheet: PBKDF2-HMAC-SHA256, 600,000 iterations. */
export const PBKDF2_ITERATIONS = 600_000;
/** PKCS#12 MAC key derivation: twice the PBKDF2 count, the same work per guess (see above). */
export const PKCS12_MAC_ITERATIONS = 1_200_000;
const SALT_BYTES = 16;

/**
 * The key-derivation work an export costs. Only the production cost is a default: a lower cost is
 * an explicit argument (tests pass one so that a PKCS#12 takes milliseconds rather than a minute
 * on a busy machine), so nothing outside the caller's own code can weaken an export.
 */
export interface KeyProtectionCost {
  /** PBKDF2-HMAC-SHA256 iterations of the key's PBES2 encryption. */
  readonly pbkdf2Iterations: number;
  /** PKCS#12 KDF (RFC 7292 Appendix B) iterations of the MAC key. */
  readonly macIterations: number;
}

export const PRODUCTION_KEY_PROTECTION_COST: KeyProtectionCost = Object.freeze({
  pbkdf2Iterations: PBKDF2_ITERATIONS,
  macIterations: PKCS12_MAC_ITERATIONS,
});

/** Both counts whole and positive: an ASN.1 INTEGER of 0 or NaN would write an unreadable file. */
function checkedCost(cost: KeyProtectionCost): KeyProtectionCost {
  for (const name of ['pbkdf2Iterations', 'macIterations'] as const) {
    const value = cost[name];
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(
        `key protection: ${name} must be a whole number of at least 1 (got ${String(value)})`,
      );
    }
  }
  return cost;
}

export const OIDS = {
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  hmacWithSHA256: '1.2.840.113549.2.9',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
  data: '1.2.840.113549.1.7.1',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  friendlyName: '1.2.840.113549.1.9.20',
  localKeyId: '1.2.840.113549.1.9.21',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
} as const;

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
const binary = (bytes: Buffer): string => bytes.toString('binary');
const oid = (value: string): forge.asn1.Asn1 =>
  asn1.create(U, T.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: Buffer): forge.asn1.Asn1 =>
  asn1.create(U, T.OCTETSTRING, false, binary(bytes));
const integer = (value: number): forge.asn1.Asn1 =>
  asn1.create(U, T.INTEGER, false, asn1.integerToDer(value).getBytes());
const sequence = (items: forge.asn1.Asn1[]): forge.asn1.Asn1 =>
  asn1.create(U, T.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]): forge.asn1.Asn1 => asn1.create(U, T.SET, true, items);
const explicit0 = (item: forge.asn1.Asn1): forge.asn1.Asn1 =>
  asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [item]);
const der = (item: forge.asn1.Asn1): Buffer => Buffer.from(asn1.toDer(item).getBytes(), 'binary');

/** PKCS#8 EncryptedPrivateKeyInfo, DER: PBES2, PBKDF2-HMAC-SHA256 600,000, AES-256-CBC. */
export function encryptPrivateKeyInfo(
  key: KeyObject,
  passphrase: string,
  cost: KeyProtectionCost = PRODUCTION_KEY_PROTECTION_COST,
): Buffer {
  const { pbkdf2Iterations } = checkedCost(cost);
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(16);
  // RFC 8018 leaves the password's encoding open; OpenSSL (and so Node's import) uses UTF-8.
  const derived = pbkdf2Sync(Buffer.from(passphrase, 'utf8'), salt, pbkdf2Iterations, 32, 'sha256');
  const cipher = createCipheriv('aes-256-cbc', derived, iv);
  const plain = key.export({ type: 'pkcs8', format: 'der' });
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  return der(
    sequence([
      sequence([
        oid(OIDS.pbes2),
        sequence([
          sequence([
            oid(OIDS.pbkdf2),
            sequence([
              octets(salt),
              integer(pbkdf2Iterations),
              sequence([oid(OIDS.hmacWithSHA256), asn1.create(U, T.NULL, false, '')]),
            ]),
          ]),
          sequence([oid(OIDS.aes256Cbc), octets(iv)]),
        ]),
      ]),
      octets(encrypted),
    ]),
  );
}

const MAC_DIGESTS: Record<string, string> = {
  [OIDS.sha1]: 'sha1',
  [OIDS.sha256]: 'sha256',
  [OIDS.sha384]: 'sha384',
  [OIDS.sha512]: 'sha512',
};

/**
 * RFC 7292 Appendix B.2 with ID 3 (MAC key), for a key as long as the digest (one block A1, which
 * is all an HMAC key needs). The password is a BMPString with its two-byte terminator.
 */
export function pkcs12MacKey(
  passphrase: string,
  salt: Buffer,
  iterations: number,
  digest: string,
): Buffer {
  const blockBytes = digest === 'sha384' || digest === 'sha512' ? 128 : 64;
  const password = Buffer.from(`${passphrase}\u0000`, 'utf16le').swap16();
  const fill = (source: Buffer): Buffer => {
    const length = blockBytes * Math.ceil(source.length / blockBytes);
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i += 1) out[i] = source[i % source.length]!;
    return out;
  };
  let a = Buffer.concat([Buffer.alloc(blockBytes, 3), fill(salt), fill(password)]);
  // One-shot hashing: a third faster than createHash at a million rounds.
  for (let i = 0; i < iterations; i += 1) a = hash(digest, a, 'buffer');
  return a;
}

/** The friendlyName and localKeyId attributes that pair the key with its certificate. */
function bagAttributes(localKeyId: Buffer, friendlyName: string | undefined): forge.asn1.Asn1 {
  const attributes = [sequence([oid(OIDS.localKeyId), set([octets(localKeyId)])])];
  if (friendlyName !== undefined) {
    attributes.push(
      sequence([oid(OIDS.friendlyName), set([asn1.create(U, T.BMPSTRING, false, friendlyName)])]),
    );
  }
  return set(attributes);
}

const dataContentInfo = (content: Buffer): forge.asn1.Asn1 =>
  sequence([oid(OIDS.data), explicit0(octets(content))]);

/** PKCS#12 PFX, DER: the key shrouded as encryptPrivateKeyInfo, certificates, HMAC-SHA256. */
export function buildPkcs12(options: {
  privateKey: KeyObject;
  certificates: readonly Buffer[];
  passphrase: string;
  friendlyName?: string;
  cost?: KeyProtectionCost;
}): Buffer {
  const { passphrase } = options;
  const cost = checkedCost(options.cost ?? PRODUCTION_KEY_PROTECTION_COST);
  // As OpenSSL and forge do: the SHA-1 of the key's certificate pairs bag and certificate.
  const localKeyId = options.certificates[0]
    ? createHash('sha1').update(options.certificates[0]).digest()
    : randomBytes(20);
  const attributes = () => bagAttributes(localKeyId, options.friendlyName);
  const certificateBags = options.certificates.map((certificate, index) =>
    sequence([
      oid(OIDS.certBag),
      explicit0(sequence([oid(OIDS.x509Certificate), explicit0(octets(certificate))])),
      ...(index === 0 ? [attributes()] : []),
    ]),
  );
  const keyBag = sequence([
    oid(OIDS.pkcs8ShroudedKeyBag),
    explicit0(asn1.fromDer(binary(encryptPrivateKeyInfo(options.privateKey, passphrase, cost)))),
    attributes(),
  ]);
  const safes = [
    ...(certificateBags.length > 0 ? [dataContentInfo(der(sequence(certificateBags)))] : []),
    dataContentInfo(der(sequence([keyBag]))),
  ];
  const authenticatedSafe = der(sequence(safes));
  const macSalt = randomBytes(SALT_BYTES);
  const macKey = pkcs12MacKey(passphrase, macSalt, cost.macIterations, 'sha256');
  const mac = createHmac('sha256', macKey).update(authenticatedSafe).digest();
  return der(
    sequence([
      integer(3),
      dataContentInfo(authenticatedSafe),
      sequence([
        sequence([sequence([oid(OIDS.sha256), asn1.create(U, T.NULL, false, '')]), octets(mac)]),
        octets(macSalt),
        integer(cost.macIterations),
      ]),
    ]),
  );
}

export type Pkcs12Check = 'verified' | 'wrong-passphrase' | 'left-to-parser';

/**
 * Verifies a PFX's MAC in native crypto and, when it holds, hands back the PFX without its MacData
 * and with every shrouded key bag Node can decrypt turned into a plain key bag, so that the
 * (pure-JavaScript) PKCS#12 parser never runs a 1,200,000- or 600,000-iteration derivation itself.
 * 'left-to-parser': a structure or digest this does not know; the parser decides.
 */
export function unlockPkcs12(
  bytes: Buffer,
  passphrase: string,
  decryptKey: (encryptedPrivateKeyInfo: Buffer) => Buffer | undefined,
): { check: Pkcs12Check; pfx: Buffer } {
  let pfx: forge.asn1.Asn1;
  try {
    pfx = asn1.fromDer(binary(bytes));
  } catch {
    return { check: 'left-to-parser', pfx: bytes };
  }
  const parts = pfx.value as forge.asn1.Asn1[];
  const content = (parts[1]?.value as forge.asn1.Asn1[] | undefined)?.[1]?.value;
  const authSafeOctets = Array.isArray(content)
    ? (content[0] as forge.asn1.Asn1 | undefined)
    : undefined;
  const macData = parts[2]?.value as forge.asn1.Asn1[] | undefined;
  if (
    !authSafeOctets ||
    authSafeOctets.type !== T.OCTETSTRING ||
    typeof authSafeOctets.value !== 'string' ||
    !macData
  ) {
    return { check: 'left-to-parser', pfx: bytes };
  }
  try {
    const digestInfo = macData[0]!.value as forge.asn1.Asn1[];
    const digestOid = asn1.derToOid(
      (digestInfo[0]!.value as forge.asn1.Asn1[])[0]!.value as string,
    );
    const digest = MAC_DIGESTS[digestOid];
    if (!digest) return { check: 'left-to-parser', pfx: bytes };
    const expected = Buffer.from(digestInfo[1]!.value as string, 'binary');
    const salt = Buffer.from(macData[1]!.value as string, 'binary');
    const iterations = macData[2]
      ? Number.parseInt(forge.util.bytesToHex(macData[2].value as string), 16)
      : 1;
    if (!(iterations >= 1) || iterations > 10_000_000)
      return { check: 'left-to-parser', pfx: bytes };
    const authSafe = Buffer.from(authSafeOctets.value, 'binary');
    const key = pkcs12MacKey(passphrase, salt, iterations, digest);
    const actual = createHmac(digest, key).update(authSafe).digest();
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      return { check: 'wrong-passphrase', pfx: bytes };
    }
    authSafeOctets.value = binary(unshroudKeyBags(authSafe, decryptKey));
    parts.splice(2);
    return { check: 'verified', pfx: der(pfx) };
  } catch {
    return { check: 'left-to-parser', pfx: bytes };
  }
}

/** The AuthenticatedSafe with each decryptable pkcs8ShroudedKeyBag as a keyBag (PrivateKeyInfo). */
function unshroudKeyBags(
  authSafe: Buffer,
  decryptKey: (encryptedPrivateKeyInfo: Buffer) => Buffer | undefined,
): Buffer {
  const safes = asn1.fromDer(binary(authSafe));
  for (const contentInfo of safes.value as forge.asn1.Asn1[]) {
    const [type, wrapped] = contentInfo.value as forge.asn1.Asn1[];
    if (!type || asn1.derToOid(type.value as string) !== OIDS.data || !wrapped) continue;
    const inner = (wrapped.value as forge.asn1.Asn1[])[0];
    if (!inner || typeof inner.value !== 'string') continue;
    const safeContents = asn1.fromDer(inner.value);
    for (const bag of safeContents.value as forge.asn1.Asn1[]) {
      const [bagId, bagValue] = bag.value as forge.asn1.Asn1[];
      if (!bagId || asn1.derToOid(bagId.value as string) !== OIDS.pkcs8ShroudedKeyBag) continue;
      const shrouded = (bagValue!.value as forge.asn1.Asn1[])[0]!;
      const plain = decryptKey(der(shrouded));
      if (!plain) continue;
      bagId.value = asn1.oidToDer(OIDS.keyBag).getBytes();
      (bagValue!.value as forge.asn1.Asn1[])[0] = asn1.fromDer(binary(plain));
    }
    inner.value = asn1.toDer(safeContents).getBytes();
  }
  return der(safes);
}
