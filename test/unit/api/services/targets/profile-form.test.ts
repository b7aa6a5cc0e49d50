/**
 * The profile writer (main/api/services/targets/profile-form.ts): the form's fields land where the profile
 * schema wants them, keystore entries and files alike, and a secret typed into the form never
 * lands in the profile — the file names a WORKBENCH_PROFILE_* variable instead.
 */
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import type { ProfileForm } from '../../../../../main/api/contract/targets';
import { CallRefused } from '../../../../../main/api/dispatch';
import {
  profileFromForm,
  secretVariableName,
} from '../../../../../main/api/services/targets/profile-form';
import { TargetProfileSchema } from '../../../../../main/core/runner/target-profile/index';

const form = (overrides: Partial<ProfileForm> = {}): ProfileForm => ({
  name: 'Nordlys test',
  baseUrl: 'https://bank.example/',
  mode: 'sandbox',
  signing: { keystore: 'TPP QSealC' },
  scaMode: 'headless',
  ...overrides,
});

describe('the profile writer', () => {
  it('writes keystore entries and files where the profile schema wants them', () => {
    const { profile, secrets } = profileFromForm(
      form({
        tlsClient: { certificate: 'qwac.pem', key: 'qwac.key.pem' },
        ca: ['ca-root.pem', ' '],
        aispOnlySigning: { keystore: 'AISP only' },
        bankSigningCert: 'bank-signing.pem',
        bankCa: 'bank-ca.pem',
        psus: {
          private: [{ login: '01017012345', name: 'Kari' }, { login: ' ' }],
          corporate: [{ login: '02028012345', agreement: 'Nordlys Rørlegger AS' }],
        },
      }),
    );
    expect(Value.Check(TargetProfileSchema, profile)).toBe(true);
    expect(secrets).toEqual([]);
    expect(profile).toMatchObject({
      baseUrl: 'https://bank.example',
      signing: { keystore: 'TPP QSealC' },
      tls: {
        clientCertificate: { certificate: 'qwac.pem', key: 'qwac.key.pem' },
        ca: ['ca-root.pem'],
      },
      aispOnlyTpp: { signing: { keystore: 'AISP only' } },
      bankSigningCert: 'bank-signing.pem',
      bankCa: 'bank-ca.pem',
      psus: {
        private: [{ login: '01017012345', name: 'Kari' }],
        corporate: [{ login: '02028012345', agreement: { name: 'Nordlys Rørlegger AS' } }],
      },
    });
  });

  it('never writes a secret typed into the form: the file names a variable, the value goes aside', () => {
    const token = 's3cret-admin-token-value';
    const { profile, secrets } = profileFromForm(
      form({ adminUrl: 'https://bank.example/admin', adminToken: token }),
    );
    const variable = secretVariableName(form(), 'ADMIN_TOKEN');
    expect(variable).toBe('WORKBENCH_PROFILE_NORDLYS_TEST_ADMIN_TOKEN');
    expect(JSON.stringify(profile)).not.toContain(token);
    expect(profile.admin).toEqual({
      url: 'https://bank.example/admin',
      token: `\${env:${variable}}`,
    });
    expect(secrets).toEqual([{ variable, at: '/admin/token', value: token }]);
  });

  it('never writes a PSU password typed into the form either', () => {
    const { profile, secrets } = profileFromForm(
      form({
        psus: {
          private: [{ login: '01017012345', password: 'kari-pass-77' }],
          corporate: [
            {
              login: '02028012345',
              agreement: 'Nordlys Rørlegger AS',
              password: '${env:WORKBENCH_PROFILE_OLA}',
            },
          ],
        },
      }),
    );
    expect(JSON.stringify(profile)).not.toContain('kari-pass-77');
    const variable = 'WORKBENCH_PROFILE_NORDLYS_TEST_PSU_01017012345_PASSWORD';
    expect(profile.psus?.private[0]?.password).toBe(`\${env:${variable}}`);
    expect(profile.psus?.corporate?.[0]?.password).toBe('${env:WORKBENCH_PROFILE_OLA}');
    expect(secrets).toEqual([{ variable, at: '/psus/private/0/password', value: 'kari-pass-77' }]);
  });

  it('keeps a reference as given, and refuses one the UI may not read', () => {
    const reference = '${env:WORKBENCH_PROFILE_MY_TOKEN}';
    const { profile, secrets } = profileFromForm(
      form({ adminUrl: 'https://bank.example/admin', adminToken: reference }),
    );
    expect(profile.admin?.token).toBe(reference);
    expect(secrets).toEqual([]);
    expect(() =>
      profileFromForm(form({ adminUrl: 'https://b/admin', adminToken: '${env:HOME}' })),
    ).toThrow(/WORKBENCH_PROFILE_/);
    // Half a reference around a secret would put the secret in the file: refused, not echoed.
    let message = '';
    try {
      profileFromForm(form({ adminUrl: 'https://b/admin', adminToken: 'abcdefgh${env:X}' }));
    } catch (error) {
      expect(error).toBeInstanceOf(CallRefused);
      message = (error as Error).message;
    }
    expect(message).toContain('one reference');
    expect(message).not.toContain('abcdefgh');
  });

  it('refuses half pairs, naming what is missing', () => {
    expect(() => profileFromForm(form({ adminUrl: 'https://b/admin' }))).toThrow(/admin API/);
    expect(() => profileFromForm(form({ signing: { certificate: 'a.pem', key: ' ' } }))).toThrow(
      /QSealC.*key file/,
    );
    expect(() =>
      profileFromForm(form({ psus: { private: [], corporate: [{ login: 'x', agreement: 'A' }] } })),
    ).toThrow(/private PSU/);
  });
});
