/**
 * Signing-string forensics (§5.2(4), §5.2(5)): the verifier hands the report the string it built
 * and the one that verifies or was due; the comparison shows the lines where they differ.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compareSigningStrings,
  diffLines,
} from '../../../../../main/core/bank/log/tpp-findings/forensics.js';
import { verifySignedRequest } from '../../../../../main/core/signature/index.js';
import { signRequest } from '../../../../../main/core/tpp/signer.js';
import { createPki, lowerCase, type Pki } from '../../fixtures.js';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

function signed(headers: Record<string, string>, names?: string[]) {
  const request = signRequest({
    method: 'GET',
    path: '/v1/accounts',
    headers,
    certificate: pki.seal.certificateDer,
    signingKey: pki.seal.privateKey,
    ...(names ? { signedHeaderNames: names } : {}),
  });
  return { method: 'GET', target: '/v1/accounts', headers: lowerCase(request.headers) };
}

describe('diffLines', () => {
  it('keeps common lines and marks only the differing ones', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc')).toEqual([
      { op: ' ', text: 'a' },
      { op: '+', text: 'x' },
      { op: '-', text: 'b' },
      { op: ' ', text: 'c' },
    ]);
    expect(diffLines('a\nc', 'a\nb\nc').filter((line) => line.op !== ' ')).toEqual([
      { op: '+', text: 'b' },
    ]);
  });
});

describe('verifier forensics', () => {
  const headers = {
    'X-Request-ID': '0f8fad5b-d9cb-469f-a165-70867728950e',
    'TPP-Redirect-URI': 'https://tpp.example/callback',
  };

  it('a signature over the headers in another order: the verifying string is found', () => {
    const request = signed(headers, ['tpp-redirect-uri', 'x-request-id']);
    // Claim the other order in the Signature header: the bank builds a string that does not verify.
    request.headers.signature = request.headers.signature!.replace(
      'headers="tpp-redirect-uri x-request-id"',
      'headers="x-request-id tpp-redirect-uri"',
    );
    const result = verifySignedRequest(request);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure.reason).toBe('signature-mismatch');
    const comparison = compareSigningStrings(result.failure.forensics!);
    expect(comparison.right?.kind).toBe('verifying');
    expect(comparison.built).toBe(
      'x-request-id: 0f8fad5b-d9cb-469f-a165-70867728950e\ntpp-redirect-uri: https://tpp.example/callback',
    );
    expect(comparison.right?.signingString).toBe(
      'tpp-redirect-uri: https://tpp.example/callback\nx-request-id: 0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    expect(comparison.differences?.some((line) => line.op !== ' ')).toBe(true);
  });

  it('a present header left out of the list: the due string has it', () => {
    const request = signed(headers, ['x-request-id']);
    const result = verifySignedRequest(request);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure.reason).toBe('not-signed');
    const comparison = compareSigningStrings(result.failure.forensics!);
    expect(comparison.right).toEqual({
      kind: 'expected',
      signingString:
        'x-request-id: 0f8fad5b-d9cb-469f-a165-70867728950e\ntpp-redirect-uri: https://tpp.example/callback',
    });
    expect(comparison.differences?.filter((line) => line.op !== ' ')).toEqual([
      { op: '+', text: 'tpp-redirect-uri: https://tpp.example/callback' },
    ]);
  });
});
