/**
 * Exported keys are protected at OWASP's strength (PBKDF2-HMAC-SHA256 600,000, AES-256) and the
 * PKCS#12 MAC is HMAC-SHA256 at 1,200,000 PKCS#12-KDF rounds — read back from the files themselves:
 * by `openssl asn1parse` / `openssl pkcs12 -info` where OpenSSL is installed, and always by parsing
 * the ASN.1 with node-forge. The format tests export at the test cost; one test, on its own time
 * budget, checks that the production cost is what an export without a cost gets.
 */
import { execFileSync } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportPkcs12,
  exportPrivateKeyEncrypted,
  importPkcs12,
} from '../../../main/core/certs/import-export.js';
import {
  OIDS,
  PBKDF2_ITERATIONS,
  PKCS12_MAC_ITERATIONS,
} from '../../../main/core/certs/key-protection.js';
import { TEST_KEY_PROTECTION_COST as COST } from '../../support/key-protection-cost.js';
import { makeTestPki, openssl, scratchDirectory, type TestPki } from './helpers.js';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let pki: TestPki;
const scratch = scratchDirectory();
beforeAll(async () => {
  pki = await makeTestPki();
});
afterAll(() => scratch.cleanup());

type Node = forge.asn1.Asn1;
const children = (node: Node): Node[] => node.value as Node[];
const oidOf = (node: Node): string => forge.asn1.derToOid(node.value as string);
const intOf = (node: Node): number =>
  Number.parseInt(forge.util.bytesToHex(node.value as string), 16);
const parse = (der: Buffer): Node => forge.asn1.fromDer(der.toString('binary'));

/** The PBES2 parameters of an EncryptedPrivateKeyInfo, as its ASN.1 says them. */
function pbes2Parameters(encryptedPrivateKeyInfo: Node) {
  const [algorithm] = children(encryptedPrivateKeyInfo);
  const [scheme, parameters] = children(algorithm!);
  const [kdf, cipher] = children(parameters!);
  const [kdfOid, kdfParameters] = children(kdf!);
  const [salt, iterations, prf] = children(kdfParameters!);
  return {
    scheme: oidOf(scheme!),
    kdf: oidOf(kdfOid!),
    saltBytes: (salt!.value as string).length,
    iterations: intOf(iterations!),
    prf: oidOf(children(prf!)[0]!),
    cipher: oidOf(children(cipher!)[0]!),
  };
}

const expectedPbes2 = (iterations: number) => ({
  scheme: OIDS.pbes2,
  kdf: OIDS.pbkdf2,
  saltBytes: 16,
  iterations,
  prf: OIDS.hmacWithSHA256,
  cipher: OIDS.aes256Cbc,
});

/** The MAC's digest, lengths and iteration count, and every bag, of a PFX as its ASN.1 says. */
function pkcs12Parts(p12: Buffer) {
  const [version, authSafe, macData] = children(parse(p12));
  const [digestInfo, macSalt, macIterations] = children(macData!);
  const safes = children(
    parse(Buffer.from(children(children(authSafe!)[1]!)[0]!.value as string, 'binary')),
  );
  return {
    version: intOf(version!),
    macDigest: oidOf(children(children(digestInfo!)[0]!)[0]!),
    macBytes: (children(digestInfo!)[1]!.value as string).length,
    macSaltBytes: (macSalt!.value as string).length,
    macIterations: intOf(macIterations!),
    bags: safes.flatMap((safe) =>
      children(parse(Buffer.from(children(children(safe)[1]!)[0]!.value as string, 'binary'))),
    ),
  };
}
const shroudedKeys = (bags: Node[]): Node[] =>
  bags
    .filter((bag) => oidOf(children(bag)[0]!) === OIDS.pkcs8ShroudedKeyBag)
    .map((bag) => children(children(bag)[1]!)[0]!);

describe('PKCS#8 export', () => {
  it('is PBES2 with PBKDF2-HMAC-SHA256 at the given iterations and AES-256-CBC', () => {
    const der = exportPrivateKeyEncrypted(
      pki.keys.tpp.privateKey,
      'export passphrase',
      'der',
      COST,
    );
    expect(pbes2Parameters(parse(der))).toEqual(expectedPbes2(COST.pbkdf2Iterations));
    const key = createPrivateKey({
      key: der,
      format: 'der',
      type: 'pkcs8',
      passphrase: 'export passphrase',
    });
    expect(key.equals(pki.keys.tpp.privateKey)).toBe(true);
  });

  it.runIf(hasOpenssl)('shows its KDF parameters to openssl asn1parse', () => {
    const pem = exportPrivateKeyEncrypted(
      pki.keys.tpp.privateKey,
      'export passphrase',
      'pem',
      COST,
    );
    const dump = openssl(['asn1parse', '-in', scratch.file('key.pem', pem)]).toString();
    expect(dump).toMatch(/OBJECT\s+:PBES2/);
    expect(dump).toMatch(/OBJECT\s+:PBKDF2/);
    // 1,000 = 0x03E8
    expect(dump).toMatch(/INTEGER\s+:03E8/);
    expect(dump).toMatch(/OBJECT\s+:hmacWithSHA256/);
    expect(dump).toMatch(/OBJECT\s+:aes-256-cbc/);
  });

  it.runIf(hasOpenssl)('reads back in OpenSSL with a non-ASCII passphrase (UTF-8)', () => {
    const pem = exportPrivateKeyEncrypted(
      pki.keys.tpp.privateKey,
      'blåbærsyltetøy 🔑',
      'pem',
      COST,
    );
    const path = scratch.file('utf8.pem', pem);
    expect(() =>
      openssl(['pkey', '-in', path, '-passin', 'pass:blabaersyltetoy', '-noout']),
    ).toThrow();
    expect(() =>
      openssl(['pkey', '-in', path, '-passin', 'pass:blåbærsyltetøy 🔑', '-noout']),
    ).not.toThrow();
  });
});

describe('PKCS#12 export', () => {
  const options = () => ({
    privateKey: pki.keys.tpp.privateKey,
    certificates: [pki.qsealc.certificateDer, pki.ca.intermediate.certificatePem],
    passphrase: 'export passphrase',
    friendlyName: 'QSealC',
    cost: COST,
  });

  it('shrouds the key with PBES2 (SHA-256, AES-256) and MACs with SHA-256, at the given cost', () => {
    const pfx = pkcs12Parts(exportPkcs12(options()));
    expect(pfx).toMatchObject({
      version: 3,
      macDigest: OIDS.sha256,
      macBytes: 32,
      macSaltBytes: 16,
      macIterations: COST.macIterations,
    });
    const bagTypes = pfx.bags.map((bag) => oidOf(children(bag)[0]!));
    expect(bagTypes.filter((type) => type === OIDS.certBag)).toHaveLength(2);
    // The key only shrouded: no plain keyBag.
    expect(bagTypes).not.toContain(OIDS.keyBag);
    const shrouded = shroudedKeys(pfx.bags);
    expect(shrouded).toHaveLength(1);
    expect(pbes2Parameters(shrouded[0]!)).toEqual(expectedPbes2(COST.pbkdf2Iterations));
  });

  it.runIf(hasOpenssl)('shows the MAC and the key encryption to openssl pkcs12 -info', () => {
    const path = scratch.file('out.p12', exportPkcs12(options()));
    // openssl writes -info to stderr.
    const both = execFileSync(
      'sh',
      ['-c', `openssl pkcs12 -in '${path}' -info -noout -passin 'pass:export passphrase' 2>&1`],
      { encoding: 'utf8' },
    );
    expect(both).toMatch(/MAC: sha256, Iteration 2000\b/);
    expect(both).toMatch(
      /Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC, Iteration 1000, PRF hmacWithSHA256/,
    );
    expect(() =>
      openssl(['pkcs12', '-in', path, '-info', '-noout', '-passin', 'pass:wrong passphrase']),
    ).toThrow();
  });

  it('round-trips an EC key and refuses a wrong passphrase by the MAC', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const p12 = exportPkcs12({
      privateKey,
      certificates: [],
      passphrase: 'export passphrase',
      cost: COST,
    });
    expect(importPkcs12(p12, 'export passphrase').privateKey?.equals(privateKey)).toBe(true);
    expect(() => importPkcs12(p12, 'export passphrasE')).toThrow(/passphrase is wrong/);
  });

  it('detects a changed byte by the MAC', () => {
    const p12 = exportPkcs12(options());
    // A byte inside the certificate bag (the authenticated safe begins after the PFX header).
    const tampered = Buffer.from(p12);
    tampered[200] = tampered[200]! ^ 0x01;
    expect(() => importPkcs12(tampered, 'export passphrase')).toThrow();
  });
});

describe('key-derivation cost', () => {
  it('refuses a cost that is not a whole number of at least 1, naming the count', () => {
    const privateKey = pki.keys.tpp.privateKey;
    const base = { privateKey, certificates: [], passphrase: 'export passphrase' };
    expect(() => exportPkcs12({ ...base, cost: { ...COST, macIterations: 0 } })).toThrow(
      /macIterations must be a whole number of at least 1 \(got 0\)/,
    );
    expect(() =>
      exportPrivateKeyEncrypted(privateKey, 'export passphrase', 'der', {
        ...COST,
        pbkdf2Iterations: 1.5,
      }),
    ).toThrow(/pbkdf2Iterations must be a whole number/);
  });

  // The production cost once, on its own budget: the PKCS#12 MAC key alone is 1,200,000 SHA-256
  // rounds in a JavaScript loop, and the import derives it again.
  it(
    'is 600,000 PBKDF2 and 1,200,000 MAC iterations when an export names no cost',
    { timeout: 300_000 },
    () => {
      expect(PBKDF2_ITERATIONS).toBe(600_000);
      expect(PKCS12_MAC_ITERATIONS).toBe(1_200_000);
      const key = exportPrivateKeyEncrypted(pki.keys.tpp.privateKey, 'export passphrase', 'der');
      expect(pbes2Parameters(parse(key))).toEqual(expectedPbes2(600_000));
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const p12 = exportPkcs12({ privateKey, certificates: [], passphrase: 'export passphrase' });
      const pfx = pkcs12Parts(p12);
      expect(pfx.macIterations).toBe(1_200_000);
      expect(pbes2Parameters(shroudedKeys(pfx.bags)[0]!)).toEqual(expectedPbes2(600_000));
      expect(importPkcs12(p12, 'export passphrase').privateKey?.equals(privateKey)).toBe(true);
    },
  );
});
