/**
 * What three doctor lines say, each from what was seen: the fix of a profile file that cannot be
 * read names no JSON path (none was named); the reachability line says the status and code the
 * probe got rather than calling every answer the expected refusal; the AISP-only QSealC's line
 * lists the roles its certificate really carries.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueQsealc } from '../../../../main/core/certs/index.js';
import { profileErrorLine } from '../../../../main/core/runner/doctor/checks/profile.js';
import { psd2RolesCheck } from '../../../../main/core/runner/doctor/checks/psd2-roles.js';
import { reachableCheck } from '../../../../main/core/runner/doctor/checks/reachable.js';
import { doctorTargetFile, type DoctorContext } from '../../../../main/core/runner/doctor/index.js';
import { TargetProfileError } from '../../../../main/core/runner/target-profile/index.js';
import type { Exchange } from '../../../../main/shared/exchange.js';
import {
  ORG_ID,
  issueTpp,
  keyPem,
  lineOf,
  loadProfile,
  profileFor,
  tppOptions,
  writeTppFiles,
  type TppFiles,
} from './fixtures.js';

let tpp: TppFiles;
beforeAll(async () => {
  tpp = writeTppFiles(await issueTpp());
}, 60_000);

describe('doctor: the profile line', () => {
  it('a missing profile file: the fix names the file, not a JSON path', async () => {
    const report = await doctorTargetFile(join(tpp.dir, 'no-such-profile.json'));
    const entry = lineOf(report, 'profile');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain('cannot read it (ENOENT)');
    expect(entry.fix).not.toContain('JSON path');
    expect(entry.fix).toContain("profile's file name");
  });

  it('a file that is not JSON: the fix names the JSON text, not a JSON path', () => {
    const entry = profileErrorLine(
      new TargetProfileError('bank.json', ['not JSON: Unexpected token } in JSON at position 9']),
    );
    expect(entry.fix).not.toContain('JSON path');
    expect(entry.fix).toContain('JSON text');
  });

  it('a field that is wrong: the fix still points at the JSON path named', () => {
    const entry = profileErrorLine(
      new TargetProfileError('bank.json', ["/signing/key: cannot read 'k.pem' (ENOENT)"]),
    );
    expect(entry.fix).toContain('JSON path named above');
  });
});

describe('doctor: the reachable line says what the probe got', () => {
  const answer = (status: number, code?: string): Exchange => ({
    id: 'probe',
    startedAt: new Date(0).toISOString(),
    request: { method: 'GET', url: 'http://bank.test/v1/accounts', headers: {} },
    response: {
      status,
      headers: {},
      body: '',
      truncated: false,
      ...(code ? { json: { tppMessages: [{ category: 'ERROR', code, text: 'why' }] } } : {}),
    },
    timings: { headersMs: 12, totalMs: 12 },
    responseSignature: { status: 'absent' },
  });
  const reachable = async (exchange: Exchange) => {
    const context = {
      loaded: { profile: { baseUrl: 'http://bank.test' } },
      probes: {
        reachability: () =>
          Promise.resolve({ exchange, sentAt: new Date(0), receivedAt: new Date(12) }),
      },
    } as unknown as DoctorContext;
    return reachableCheck.run(context);
  };

  it('the refusal of the unknown consent is called expected', async () => {
    const entry = await reachable(answer(403, 'CONSENT_UNKNOWN'));
    expect(entry.status).toBe('PASS');
    expect(entry.detail).toContain('answered 403 CONSENT_UNKNOWN (why) in 12 ms');
    expect(entry.detail).toContain('refused the unknown Consent-ID the probe sent, as expected');
  });

  it('a refusal for another reason names its code and is not called expected', async () => {
    const entry = await reachable(answer(400, 'HTTP_HEADER_REQUIRED'));
    expect(entry.detail).toContain('answered 400 HTTP_HEADER_REQUIRED');
    expect(entry.detail).toContain(
      'refused the probe with HTTP_HEADER_REQUIRED, not for its unknown Consent-ID',
    );
    expect(entry.detail).not.toContain('expected');
  });

  it('a 200 says the bank accepted a Consent-ID nobody issued', async () => {
    const entry = await reachable(answer(200));
    expect(entry.detail).toContain('answered 200 in 12 ms');
    expect(entry.detail).toContain('answered 200 to a Consent-ID nobody issued');
    expect(entry.detail).not.toContain('expected');
  });

  it('a server error says so', async () => {
    const entry = await reachable(answer(500));
    expect(entry.detail).toContain('server error (500)');
  });
});

describe('doctor: the psd2-roles line lists the roles each certificate carries', () => {
  const rolesLine = async (dir: string) =>
    psd2RolesCheck.run({
      loaded: await loadProfile(dir, profileFor('http://127.0.0.1:9')),
    } as unknown as DoctorContext);

  it('an AISP-only QSealC with PSP_AI alone is listed with PSP_AI alone', async () => {
    const entry = await rolesLine(tpp.dir);
    expect(entry.status).toBe('PASS');
    expect(entry.detail).toContain('QSealC: certificate roles PSP_AI, PSP_PI');
    expect(entry.detail).toContain('AISP-only QSealC: certificate roles PSP_AI; used for PSP_AI');
  });

  it('an AISP-only QSealC that also carries PSP_PI says its registration, not its certificate, limits it', async () => {
    const both = await issueQsealc({
      ...tppOptions(tpp.ca, ['PSP_AI', 'PSP_PI']),
      subject: { ...tppOptions(tpp.ca).subject, organizationIdentifier: `${ORG_ID}-AIS` },
    });
    writeFileSync(join(tpp.dir, 'aisp-qsealc.pem'), both.certificatePem);
    writeFileSync(join(tpp.dir, 'aisp-qsealc.key.pem'), keyPem(both));
    try {
      const entry = await rolesLine(tpp.dir);
      expect(entry.detail).toContain(
        "AISP-only QSealC: certificate roles PSP_AI, PSP_PI; used for PSP_AI only (AISP only by the bank's registration, not by its certificate)",
      );
    } finally {
      writeFileSync(join(tpp.dir, 'aisp-qsealc.pem'), tpp.aispOnly.certificatePem);
      writeFileSync(join(tpp.dir, 'aisp-qsealc.key.pem'), keyPem(tpp.aispOnly));
    }
  });
});
