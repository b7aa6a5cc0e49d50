/**
 * `${env:…}` in a profile: the caller's policy decides which variables may be named (the UI's:
 * WORKBENCH_PROFILE_* only), every value the environment gives outside the fields that name the
 * target is a secret of the run, and the run's redaction finds it as written, JSON-escaped and
 * URL-encoded.
 */
import { describe, expect, it } from 'vitest';
import { expandEnvSecrets } from '../../../../main/core/runner/target-profile/env-secrets';
import { redactSecretValues, runSecrets } from '../../../../main/core/runner/targets/run-secrets';
import { jsonSyntaxProblem } from '../../../../main/shared/json';
import type { LoadedTargetProfile } from '../../../../main/core/runner/target-profile/load';

const env = {
  WORKBENCH_PROFILE_TOKEN: 'profile-token-1234',
  WORKBENCH_KEYSTORE_PASSPHRASE: 'keystore-passphrase',
  BANK_URL: 'https://bank.example',
};
const onlyProfile = {
  mayName: (name: string) => name.startsWith('WORKBENCH_PROFILE_'),
  rule: 'only WORKBENCH_PROFILE_*',
};

describe('expandEnvSecrets', () => {
  it('refuses a name the policy does not allow, in either form, and fills nothing from it', () => {
    const { value, refused, missing, secrets } = expandEnvSecrets(
      {
        admin: { token: '${env:WORKBENCH_KEYSTORE_PASSPHRASE}' },
        name: '${env:WORKBENCH_KEYSTORE_PASSPHRASE:-x}',
        signing: { passphrase: '${env:WORKBENCH_PROFILE_TOKEN}' },
      },
      env,
      onlyProfile,
    );
    expect(refused).toEqual([
      'WORKBENCH_KEYSTORE_PASSPHRASE at /admin/token',
      'WORKBENCH_KEYSTORE_PASSPHRASE at /name',
    ]);
    expect(missing).toEqual([]);
    expect(JSON.stringify(value)).not.toContain('keystore-passphrase');
    expect(secrets).toEqual(['profile-token-1234']);
  });

  it('counts a value from the environment as a secret, except where it names the target', () => {
    const { secrets } = expandEnvSecrets(
      {
        baseUrl: '${env:BANK_URL:-http://127.0.0.1:8080}',
        redirectUri: 'https://tpp.example/${env:WORKBENCH_PROFILE_TOKEN}',
        admin: { url: '${env:BANK_URL}/admin', token: '${env:UNSET:-literal-default}' },
      },
      env,
    );
    // The default written in the file is no secret; the base URL and admin URL name the target.
    expect(secrets).toEqual(['profile-token-1234']);
  });
});

describe('the fields every report shows', () => {
  it('refuses ${env:} in the name, and userinfo, a query or a fragment from it in a URL', () => {
    const problems = (profile: object) =>
      expandEnvSecrets(profile, { ...env, KEYED: 'https://u:p@bank.example/?key=k#f' }).problems;
    expect(problems({ name: 'Bank ${env:BANK_URL}' })).toEqual([
      expect.stringMatching(/^\/name: takes no \$\{env:…\}: the name shows in every report/),
    ]);
    expect(problems({ name: '${env:UNSET:-Bank}' })).toHaveLength(1);
    expect(
      problems({ baseUrl: '${env:KEYED}', admin: { url: '${env:BANK_URL}?t=${env:BANK_URL}' } }),
    ).toEqual([
      '/baseUrl: with ${env:…} it may take only a scheme, host, port and path, not userinfo or a query string or a fragment: the URL shows in every report and the evidence bundle, so no key or token may sit in it',
      expect.stringMatching(/^\/admin\/url: .* not a query string:/),
    ]);
    // A host, port and path from the environment; and what the file writes itself, as it is.
    expect(
      problems({
        name: 'Bank',
        baseUrl: '${env:BANK_URL}:8443/psd2',
        admin: { url: 'https://admin.example/?written=here' },
      }),
    ).toEqual([]);
  });
});

describe('the run secrets', () => {
  it('are redacted as written, JSON-escaped and URL-encoded, in keys and values', () => {
    const loaded = {
      profile: { admin: { url: 'http://a', token: 'admin-token-literal' } },
      secrets: ['pa"ss word/1', 'short'],
    } as unknown as LoadedTargetProfile;
    const secrets = runSecrets(loaded);
    const redacted = redactSecretValues(
      {
        url: 'https://tpp.example/pa%22ss%20word%2F1?x=1',
        body: '{"p":"pa\\"ss word/1"}',
        header: 'admin-token-literal',
        short: 'short',
        ['pa"ss word/1']: 1,
      },
      secrets,
    );
    expect(redacted).toEqual({
      url: 'https://tpp.example/[redacted]?x=1',
      body: '{"p":"[redacted]"}',
      header: '[redacted]',
      short: 'short',
      '[redacted]': 1,
    });
  });
});

describe('jsonSyntaxProblem', () => {
  it('says where the syntax breaks without quoting the text', () => {
    const problem = (text: string) => {
      try {
        JSON.parse(text);
      } catch (error) {
        return jsonSyntaxProblem(text, error);
      }
      return 'parsed';
    };
    expect(problem('root:*:20240:0:99999:7:::')).not.toMatch(/root|:\*:|2024/);
    expect(problem('')).toBe('it is empty');
    expect(problem('{"a": 1')).toMatch(
      /^(it ends too early|its syntax breaks at line 1, column 8)$/,
    );
    expect(problem('{\n  "a": 1,\n  }')).toMatch(
      /^its syntax (breaks at line 3, column 3|is broken)$/,
    );
  });
});
