/**
 * The kind a keystore listing shows (views.ts): a self-signed certificate made with
 * `openssl req -x509` (basicConstraints cA, no keyCertSign, no QCStatement) is no CA that issues
 * certificates; it is listed as an other certificate with its warnings, a root CA as a CA.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { describeCertificate } from '../../../../../main/core/certs/describe';
import { kindOf } from '../../../../../main/api/services/certs/views';
import { createTestCa } from '../../../../../main/core/certs/issue';
import { openssl, scratchDirectory } from '../../../certs/helpers';

const scratch = scratchDirectory();
afterAll(() => scratch.cleanup());

describe('kindOf', () => {
  it('lists a self-signed certificate that issues nothing as other, a root CA as a CA', async () => {
    const selfSigned = openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${scratch.dir}/self.key`,
      '-subj',
      '/CN=My TPP',
      '-days',
      '1',
    ]).toString();
    const description = describeCertificate(selfSigned);
    expect(kindOf(description)).toBe('other');
    expect(description.warnings.map((warning) => warning.code)).toContain('self-signed');
    const ca = await createTestCa();
    expect(kindOf(describeCertificate(ca.root.certificateDer))).toBe('ca');
    expect(kindOf(describeCertificate(ca.intermediate.certificateDer))).toBe('ca');
  });
});
