/**
 * What the reports are written from: secrets redacted (signatures and certificates kept), the
 * spec sections of failed checks, the run's metadata; and how the HTML and JUnit reports show
 * them (failures first, screenshots within a budget).
 */
import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../../../../main/shared/baseline';
import {
  presentRunResult,
  redactExchange,
  redactText,
  REDACTED,
} from '../../../../main/core/runner/results/report-result';
import { renderHtmlReport } from '../../../../main/core/runner/reporters/html';
import { renderJUnit } from '../../../../main/core/runner/reporters/junit';
import {
  parseRunResult,
  serializeRunResult,
} from '../../../../main/core/runner/results/result-file';
import type { RunMetadata, RunResult } from '../../../../main/shared/run-result';
import { describeRule } from '../../../../suites/catalogue';
import { fakeExchange, resultWith } from '../fakes';
import { parseXml, childrenNamed } from '../xml';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
const ADMIN = 'admin-token-0123456789abcdef';
const KEY =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
const CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----';
const SIGNATURE =
  'keyId="SN=1,CA=CN=Test CA",algorithm="rsa-sha256",headers="digest x-request-id",signature="c2ln"';

const meta: RunMetadata = {
  workbench: { name: 'PSD2 Workbench', version: '9.9.9' },
  spec: {
    document: 'docs/spec/interface-spec.md',
    xs2aVersion: '1.3',
    berlinGroupOpenApi: '1.3.8',
    catalogueSha256: 'a'.repeat(64),
    rules: 3,
  },
  target: {
    name: 'fake bank',
    url: 'http://127.0.0.1:9999',
    mode: 'sandbox',
    profileFile: 'bank.json',
  },
  selection: {
    suites: ['payments'],
    rules: [],
    tags: [],
    grep: null,
    exclude: ['slow'],
    rerunFailed: null,
    checks: 3,
  },
  baseline: 'ci/baseline.json',
  machine: { hostname: 'ci-runner-7', platform: 'linux', arch: 'x64', node: 'v20.0.0' },
  runName: '127.0.0.1-9999-sandbox-20240101T000000Z',
};

function secretExchange() {
  const exchange = fakeExchange({
    path: `/v1/accounts?access_token=${TOKEN}`,
    headers: {
      'content-type': 'application/json',
      'set-cookie': 'sid=s3cr3t-session; Path=/; HttpOnly',
    },
    json: { access_token: TOKEN, note: `Bearer ${TOKEN}`, key: KEY, cert: CERT },
    requestBody: `grant_type=password&password=hunter2hunter2&admin=${ADMIN}`,
  });
  exchange.request.headers = {
    authorization: `Bearer ${TOKEN}`,
    cookie: 'sid=s3cr3t-session; csrf=abc123',
    signature: SIGNATURE,
    'tpp-signature-certificate': 'MIIBszCCAVmgAwIBAgIU',
    'x-request-id': '9b2e2cf5-9c36-4a3b-8d52-2d07f1a1f0a1',
  };
  exchange.response!.body = JSON.stringify(exchange.response!.json);
  return exchange;
}

describe('redaction', () => {
  it('removes tokens, cookie values, private keys and given secrets; keeps signatures and certificates', () => {
    const redacted = redactExchange(secretExchange(), [ADMIN]);
    const text = JSON.stringify(redacted);
    for (const secret of [
      TOKEN,
      's3cr3t-session',
      'abc123',
      'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
      'hunter2hunter2',
      ADMIN,
    ])
      expect(text).not.toContain(secret);
    expect(redacted.request.headers.authorization).toBe(`Bearer ${REDACTED}`);
    expect(redacted.request.headers.cookie).toBe(`sid=${REDACTED}; csrf=${REDACTED}`);
    expect(redacted.response!.headers['set-cookie']).toBe(`sid=${REDACTED}; Path=/; HttpOnly`);
    expect(redacted.request.headers.signature).toBe(SIGNATURE);
    expect(redacted.request.headers['tpp-signature-certificate']).toBe('MIIBszCCAVmgAwIBAgIU');
    expect(redacted.response!.json).toMatchObject({ access_token: REDACTED, cert: CERT });
    // The body is the JSON text: the certificate with its newlines escaped.
    expect(redacted.response!.body).toContain(JSON.stringify(CERT).slice(1, -1));
    expect(redacted.response!.body).toContain('-----BEGIN PRIVATE KEY-----');
    expect(redacted.signingString).toBe(secretExchange().signingString);
  });

  it('leaves text without secrets as it was', () => {
    const text = 'GET /v1/accounts → 200 {"iban":"DE89370400440532013000"}';
    // Credentials only: PSU data kept as with --no-redact.
    expect(redactText(text, ['short'], 'keep')).toBe(text);
  });

  it('masks PSU data by default, one value one token, and keeps it with keep', () => {
    const psuId = '8f14e45f-ceea-467f-a8f4-1d2c3b4a5e6f';
    const text = [
      `GET /cb?code=x&psu-id=${psuId} {"iban":"NO9386011117947","ownerName":"Kari Nordmann"}`,
      `login 01017012345 and DE89370400440532013000`,
      `psu-id: ${psuId}`,
    ].join('\n');
    const masked = redactText(text);
    expect(masked).not.toContain(psuId);
    expect(masked).not.toContain('Kari');
    expect(masked).not.toContain('01017012345');
    expect(masked).toContain('"iban":"NO93…7947"');
    expect(masked).toContain('DE89…3000');
    expect(masked).toMatch(/"ownerName":"\[name:[0-9a-f]{8}\]"/);
    expect(masked).toMatch(/login \[id-number:[0-9a-f]{8}\]/);
    // The redirect's psu-id and the signing-string line get the same token.
    const tokens = masked.match(/\[psu-id:[0-9a-f]{8}\]/g)!;
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(tokens[1]);
    expect(redactText(text, [], 'keep')).toBe(text);
  });

  it('masks PSU headers and JSON members of exchanges, never the Signature or Digest', () => {
    const psuId = '8f14e45f-ceea-467f-a8f4-1d2c3b4a5e6f';
    const signature = 'keyId="SN=1,CA=x",headers="psu-id digest",signature="AB12CDEFGHIJKLMNOP="';
    const exchange = redactExchange({
      id: 'e1',
      request: {
        method: 'GET',
        url: 'https://bank/v1/accounts',
        headers: {
          'PSU-ID': psuId,
          'X-PSU-IDENTITY': '01017012345',
          Signature: signature,
          Digest: 'SHA-256=NO9386011117947abc=',
        },
      },
      signingString: `psu-id: ${psuId}\ndigest: SHA-256=x`,
      response: {
        status: 200,
        headers: {},
        body: '{"accounts":[{"iban":"NO9386011117947"}]}',
        json: { accounts: [{ iban: 'NO9386011117947', ownerName: 'Kari Nordmann', psuId }] },
      },
      timings: { startedAt: '2025-01-01T00:00:00Z', durationMs: 1 },
    });
    expect(exchange.request.headers['Signature']).toBe(signature);
    expect(exchange.request.headers['Digest']).toBe('SHA-256=NO9386011117947abc=');
    expect(exchange.request.headers['PSU-ID']).toMatch(/^\[psu-id:[0-9a-f]{8}\]$/);
    expect(exchange.signingString).toBe(
      `psu-id: ${exchange.request.headers['PSU-ID']}\ndigest: SHA-256=x`,
    );
    expect(exchange.request.headers['X-PSU-IDENTITY']).toMatch(/^\[id-number:[0-9a-f]{8}\]$/);
    expect(exchange.response!.body).toBe('{"accounts":[{"iban":"NO93…7947"}]}');
    expect(exchange.response!.json).toEqual({
      accounts: [
        {
          iban: 'NO93…7947',
          ownerName: expect.stringMatching(/^\[name:/),
          psuId: exchange.request.headers['PSU-ID'],
        },
      ],
    });
  });
});

describe('presentRunResult', () => {
  function failedRun(): RunResult {
    const result = resultWith({ A: 'PASS', B: 'FAIL', C: 'FAIL' });
    result.checks[1]!.rules = ['PAY-E2EID-MAX-35'];
    result.checks[1]!.failure = { message: `got Bearer ${TOKEN}` };
    result.checks[1]!.evidence = [
      { kind: 'exchange', at: result.startedAt, exchange: secretExchange() },
      { kind: 'note', at: result.startedAt, text: `admin ${ADMIN}` },
    ];
    return result;
  }

  it('adds the metadata and the spec sections of failed checks, redacts, and re-imports', () => {
    const input = failedRun();
    const presented = presentRunResult(input, { meta, describeRule, secrets: [ADMIN] });
    const text = serializeRunResult(presented);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(ADMIN);
    expect(presented.checks[1]!.specSections).toEqual([
      { rule: 'PAY-E2EID-MAX-35', section: describeRule('PAY-E2EID-MAX-35')!.section },
    ]);
    expect(presented.checks[0]!.specSections).toBeUndefined();
    expect(parseRunResult(text).meta).toEqual(meta);
    // The engine's result is left alone.
    expect(JSON.stringify(input)).toContain(TOKEN);
  });

  it('shows the sections and metadata in JUnit and HTML, failures first', () => {
    const marked = applyBaseline(failedRun(), {
      expectedFailures: [{ checkId: 'C', reason: 'BANK-9' }],
    }).result;
    const presented = presentRunResult(marked, { meta, describeRule });
    const section = describeRule('PAY-E2EID-MAX-35')!.section;

    const xml = renderJUnit(presented);
    const root = parseXml(xml);
    const suite = childrenNamed(root, 'testsuite')[0]!;
    const properties = childrenNamed(childrenNamed(suite, 'properties')[0]!, 'property');
    const property = (name: string) =>
      properties.find((p) => p.attributes.name === name)?.attributes.value;
    expect(property('workbenchVersion')).toBe('9.9.9');
    expect(property('profileFile')).toBe('bank.json');
    expect(property('runName')).toBe(meta.runName);
    expect(property('machine')).toBe('ci-runner-7 (linux x64, Node v20.0.0)');
    expect(JSON.parse(property('selection')!)).toMatchObject({
      suites: ['payments'],
      exclude: ['slow'],
    });
    expect(xml).toContain(`spec: ${section.replace(/&/g, '&amp;')} (PAY-E2EID-MAX-35)`);
    // And as a property of the suite, by check id; a passed check has none.
    const specOf = (checkId: string) =>
      childrenNamed(root, 'testsuite')
        .flatMap((s) => childrenNamed(childrenNamed(s, 'properties')[0]!, 'property'))
        .find((p) => p.attributes.name === `spec:${checkId}`)?.attributes.value;
    expect(specOf('B')).toBe(`${section} (PAY-E2EID-MAX-35)`);
    expect(specOf('A')).toBeUndefined();

    const html = renderHtmlReport(presented, { describeRule });
    expect(html).toContain('<dt>Workbench</dt><dd>PSD2 Workbench 9.9.9</dd>');
    expect(html).toContain('<dt>Machine</dt><dd>ci-runner-7 (linux x64, Node v20.0.0)</dd>');
    expect(html).toContain('--suite payments --exclude slow');
    const failures = html.indexOf('<section id="failures">');
    const firstArea = html.indexOf('<section><h2>general');
    expect(failures).toBeGreaterThan(0);
    expect(failures).toBeLessThan(firstArea);
    // B (outside the baseline) before C (expected), and neither again under its area.
    const failuresHtml = html.slice(failures, firstArea);
    expect(failuresHtml.indexOf('<code>B</code>')).toBeLessThan(
      failuresHtml.indexOf('<code>C</code>'),
    );
    expect(failuresHtml).toContain('<strong>Spec:</strong> ');
    // The jump list at the top links each failure to its section, the expected one marked.
    const jumps = failuresHtml.slice(0, failuresHtml.indexOf('</nav>'));
    expect(jumps).toContain('<nav class="jump-list" aria-label="Failed checks">');
    expect(jumps).toContain('<a href="#check-B"><code>B</code></a>');
    expect(jumps).toMatch(
      /<a href="#check-C"><code>C<\/code><\/a>[^<]*<span class="time">\(expected by the baseline\)/,
    );
    expect(failuresHtml).toContain('<details class="check s-fail" id="check-B" open>');
    expect(html.slice(firstArea)).not.toContain('<details class="check s-fail"');
    expect(html.slice(firstArea)).toContain(
      '2 failed check(s) of this area are under Failures above',
    );
    // A bank without fault profiles on says nothing of them.
    expect(html).not.toContain('Deliberately broken bank');
    expect(property('faultProfiles')).toBeUndefined();
  });

  it('says at the top of the HTML, and in JUnit and JSON, that the bank was broken on purpose', () => {
    const faulty = {
      ...meta,
      target: { ...meta.target, faultProfiles: ['SIGN-INVALID-400'] },
      selection: { ...meta.selection, suites: [], exclude: [], checkIds: ['B', 'C'] },
    };
    const presented = presentRunResult(failedRun(), { meta: faulty, describeRule });
    const html = renderHtmlReport(presented, { describeRule });
    const top = html.slice(0, html.indexOf('<dl class="meta">'));
    expect(top).toContain('<strong>Deliberately broken bank.</strong>');
    expect(top).toContain('fault profile SIGN-INVALID-400 on');
    expect(html).toContain('<dt>Fault profiles</dt><dd>SIGN-INVALID-400</dd>');
    // The checks chosen one by one are the selection, not "all of the mode".
    expect(html).toMatch(/<dt>Selection<\/dt><dd>\d+ checks: chosen: general \(2\): B, C<\/dd>/);
    const suite = childrenNamed(parseXml(renderJUnit(presented)), 'testsuite')[0]!;
    const faults = childrenNamed(childrenNamed(suite, 'properties')[0]!, 'property').find(
      (p) => p.attributes.name === 'faultProfiles',
    );
    expect(faults?.attributes.value).toBe('SIGN-INVALID-400');
    expect(parseRunResult(serializeRunResult(presented)).meta?.target.faultProfiles).toEqual([
      'SIGN-INVALID-400',
    ]);
  });
});

describe('HTML text limits', () => {
  it('cuts long bodies and header values with a note; the JSON result keeps them whole', () => {
    const result = resultWith({ A: 'PASS' });
    const exchange = fakeExchange({ body: 'x'.repeat(20_000) });
    exchange.request.headers['tpp-signature-certificate'] = 'M'.repeat(1500);
    result.checks[0]!.evidence = [{ kind: 'exchange', at: result.startedAt, exchange }];
    const html = renderHtmlReport(result);
    expect(html).toContain(
      `tpp-signature-certificate: ${'M'.repeat(256)}… (1500 characters; whole in the JSON result)`,
    );
    expect(html).not.toContain('M'.repeat(257));
    expect(html).toContain(
      'x'.repeat(16_000) + '\n… (4000 more characters cut; the JSON result has the whole body)',
    );
    expect(serializeRunResult(result)).toContain('x'.repeat(20_000));
  });
});

describe('HTML screenshot budget', () => {
  it('embeds screenshots up to the budget and names the rest as kept in the JSON', () => {
    const result = resultWith({ A: 'PASS' });
    const png = Buffer.alloc(3000, 7).toString('base64');
    result.checks[0]!.evidence = [1, 2, 3].map((n) => ({
      kind: 'screenshot' as const,
      at: result.startedAt,
      step: `step-${n}`,
      url: 'http://bank.example/sca',
      pngBase64: png,
    }));
    const html = renderHtmlReport(result, { screenshotBudgetBytes: 6500 });
    expect(html.split('<img src="data:image/png;base64,').length - 1).toBe(2);
    expect(html).toContain(
      'Not embedded: this report already holds 0.0 MiB of screenshots (the limit); the PNG (3 KiB) is in run-result.json.',
    );
  });
});
