/** An imported bundle's label (renderer/src/features/runner/bundle-provenance.ts). */
import { describe, expect, it } from 'vitest';
import {
  importedMark,
  provenanceLine,
} from '../../../../../renderer/src/features/runner/bundle-provenance';

const sealed = {
  fileName: 'evidence.zip',
  verified: true,
  problems: [],
  signerSubject: 'C=NO, O=TPP, CN=TPP seal',
  signerFingerprint256: 'AB:CD',
};

describe('bundle provenance', () => {
  it('says where a verified bundle came from and who sealed it, with no warning', () => {
    expect(provenanceLine(sealed)).toEqual({
      verified: true,
      headline: 'Imported from evidence.zip, signed by C=NO, O=TPP, CN=TPP seal, verified ✓',
      fingerprint: 'AB:CD',
      problems: [],
    });
    expect(importedMark(sealed)).toBe('bundle ✓ · ');
    expect(importedMark(undefined)).toBe('');
  });

  it('says NOT verified with the count and each reason, and warns the content is not evidence', () => {
    const line = provenanceLine({
      ...sealed,
      verified: false,
      problems: ['run-result.json: SHA-256 1, the manifest says 2'],
    });
    expect(line.headline).toBe(
      'Imported from evidence.zip, signed by C=NO, O=TPP, CN=TPP seal, NOT verified ✗ (1 problem)',
    );
    expect(line.warning).toMatch(/not evidence/);
    expect(line.problems).toEqual(['run-result.json: SHA-256 1, the manifest says 2']);
    expect(importedMark({ ...sealed, verified: false })).toBe('bundle ✗ · ');
  });

  it('names an unreadable signer instead of inventing one', () => {
    const { signerSubject: _s, signerFingerprint256: _f, ...unsigned } = sealed;
    const line = provenanceLine({
      ...unsigned,
      verified: false,
      problems: ['signer.pem: missing'],
    });
    expect(line.headline).toContain('signer unreadable');
    expect(line.fingerprint).toBeUndefined();
  });
});
