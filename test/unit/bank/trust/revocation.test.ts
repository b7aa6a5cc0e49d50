/** The bank's CRLs (revocation.ts): which count, and for which CA. */
import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { RevocationLists, TrustStore } from '../../../../main/core/bank/index.js';
import { buildCrl, initialCrl, revokedEntryDer } from '../../../../main/core/certs/crl.js';
import { createPki, type Pki } from '../fixtures.js';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

const DAY = 24 * 60 * 60 * 1000;
const intermediate = () => new X509Certificate(pki.ca.intermediate.certificateDer);

describe('RevocationLists', () => {
  it('refuses a CRL no trusted CA signed, naming its issuer', async () => {
    const lists = new RevocationLists({ trustStore: new TrustStore([pki.ca.chainPem]) });
    const other = await pki.otherCa();
    expect(() => lists.add(initialCrl(other.issuer))).toThrow(
      /the CRL of 'CN=Other Issuing CA,C=SE' is not signed by a CA in the bank's trust store/,
    );
    expect(() => lists.add(Buffer.from('junk'))).toThrow(/not a readable CRL/);
    expect(lists.size).toBe(0);
  });

  it('a CRL past its nextUpdate still counts: a revocation is not undone', () => {
    const lists = new RevocationLists({ trustStore: new TrustStore([pki.ca.chainPem]) });
    const long = Date.now() - 400 * DAY;
    lists.add(
      buildCrl({
        issuer: pki.ca.issuer,
        crlNumber: 7n,
        thisUpdate: new Date(long),
        nextUpdate: new Date(long + DAY),
        revoked: [revokedEntryDer(pki.seal.serialNumber, new Date(long), 'superseded')],
      }),
      'old.crl',
    );
    expect(lists.revocationOf(intermediate(), pki.seal.serialNumber)).toMatchObject({
      source: 'old.crl',
      crlNumber: 7n,
      entry: { serialNumber: pki.seal.serialNumber, reason: 'superseded' },
    });
  });

  it('a serial counts only on the CRL of the CA that issued the certificate', async () => {
    const other = await pki.otherCa();
    const lists = new RevocationLists({
      trustStore: new TrustStore([pki.ca.chainPem, other.chainPem]),
    });
    lists.add(
      buildCrl({
        issuer: other.issuer,
        crlNumber: 2n,
        thisUpdate: new Date(),
        nextUpdate: new Date(Date.now() + DAY),
        revoked: [revokedEntryDer(pki.seal.serialNumber, new Date())],
      }),
    );
    expect(lists.revocationOf(intermediate(), pki.seal.serialNumber)).toBeUndefined();
    expect(
      lists.revocationOf(
        new X509Certificate(other.intermediate.certificateDer),
        pki.seal.serialNumber,
      ),
    ).toBeDefined();
  });
});
