/**
 * A value `${env:…}` fills into a target profile is a secret of the run (SECURITY.md): neither
 * the UI's run (its events, its result, the JSON, JUnit and HTML reports it exports) nor
 * `workbench run` (its reports and the signed bundle's HAR and curl script) ever shows it. The
 * target is the app's own sandbox bank on loopback, reached by URL as any other bank; the secret
 * rides in the TPP-Redirect-URI every consent sends. The fields every report shows as they are
 * (`name`, `baseUrl`, `admin.url`) cannot hold one: the name takes no `${env:…}`, and a URL only a
 * scheme, host, port and path from it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/api/services';
import type { CallOutcome, RunSummaryView, TargetsView } from '../../../main/api/contract';
import { runCli } from '../../../main/hosts/cli/index';
import type { CliIo } from '../../../main/hosts/cli/io';
import { readZip } from '../../../main/core/runner/evidence/zip';

const SECRET = 'cb-secret-5e8f2a71d0c4';
const VARIABLE = 'WORKBENCH_PROFILE_CALLBACK_KEY';
const CHECK = 'CONSENT-GRANTED-DURING-SCA';

const lines: string[] = [];
const io: CliIo = {
  out: (line) => lines.push(line),
  err: (line) => lines.push(line),
  stopRequested: () => new Promise(() => {}),
};

let dir: string;
let services: Services;
let profile: string;
let bankUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-env-secrets-'));
  expect(await runCli(['certs', 'create', '--out', join(dir, 'certs')], io)).toBe(0);
  process.env[VARIABLE] = SECRET;
  services = createServices({ kind: 'web', dataDir: await mkdtemp(join(dir, 'data-')) });
  bankUrl = (await services.banks.start('sandbox', {})).url!;
  profile = join(dir, 'bank.json');
  await writeFile(
    profile,
    JSON.stringify({
      profileVersion: 1,
      name: 'Loopback bank',
      baseUrl: bankUrl,
      mode: 'sandbox',
      signing: { certificate: 'certs/qsealc.pem', key: 'certs/qsealc.key.pem' },
      sca: { mode: 'headless' },
      redirectUri: `https://tpp.example/callback/\${env:${VARIABLE}}?state=1`,
    }),
  );
}, 60_000);
afterAll(async () => {
  delete process.env[VARIABLE];
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  lines.length = 0;
});

async function ok<T>(outcome: Promise<CallOutcome>): Promise<T> {
  const result = await outcome;
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.result as T;
}

/** Where the secret would show: as written, JSON-escaped, URL-encoded (none differ here). */
function expectNoSecret(what: string, text: string): void {
  expect(text.includes(SECRET), `${what} holds the secret`).toBe(false);
}

describe('a value from ${env:…} in a run', () => {
  it('is in none of what the UI shows or exports of the run', async () => {
    const events: unknown[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'runner.event') events.push(payload);
    });
    const view = await ok<TargetsView>(services.dispatch('targets.addProfile', { path: profile }));
    const id = view.profiles.find((p) => p.path === profile)!.id;
    const finished = new Promise<RunSummaryView>((resolve) =>
      services.events.subscribe((name, payload) => {
        if (name === 'runner.finished') resolve(payload as RunSummaryView);
      }),
    );
    const { runId } = await ok<{ runId: string }>(
      services.dispatch('runner.start', { target: id, selection: { checkIds: [CHECK] } }),
    );
    expect((await finished).counts).toMatchObject({ PASS: 1 });
    const result = JSON.stringify(await ok(services.dispatch('runner.result', { runId })));
    expectNoSecret('the run result', result);
    // The value was there: the redirect URI of the consent, redacted.
    expect(result).toContain('https://tpp.example/callback/[redacted]?state=1');
    expectNoSecret('the run events', JSON.stringify(events));
    for (const format of ['json', 'junit', 'html'] as const) {
      const file = await ok<{ content: string }>(
        services.dispatch('runner.report', { runId, format }),
      );
      expectNoSecret(`the ${format} report`, file.content);
    }
  }, 90_000);

  it('is in none of the reports, the HAR, the curl script and the bundle of workbench run', async () => {
    const out = join(dir, 'report');
    const bundle = join(dir, 'evidence.zip');
    const code = await runCli(
      [
        'run',
        '--target-file',
        profile,
        '--grep',
        CHECK,
        '--reporter',
        'junit,json,html',
        '--out',
        out,
        '--bundle',
        bundle,
      ],
      io,
    );
    expect(code, lines.join('\n')).toBe(0);
    expectNoSecret('the console', lines.join('\n'));
    for (const name of await readdir(out))
      expectNoSecret(name, await readFile(join(out, name), 'utf8'));
    const files = readZip(await readFile(bundle));
    expect(files.map((f) => f.name)).toEqual(
      expect.arrayContaining(['exchanges.har', 'exchanges.curl.sh']),
    );
    for (const file of files) expectNoSecret(`${file.name} in the bundle`, file.content.toString());
    const har = files.find((f) => f.name === 'exchanges.har')!.content.toString();
    expect(har).toContain('https://tpp.example/callback/[redacted]?state=1');
  }, 90_000);
});

describe('${env:…} in the fields every report shows', () => {
  const BANK = 'WORKBENCH_PROFILE_LOOPBACK_BANK';
  afterEach(() => {
    delete process.env[BANK];
  });

  /** `workbench run` of a profile with `fields`; the reports go to the returned folder. */
  async function run(fields: object): Promise<{ code: number; out: string }> {
    const file = join(dir, `fields-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(
      file,
      JSON.stringify({
        profileVersion: 1,
        name: 'Loopback bank',
        baseUrl: bankUrl,
        mode: 'sandbox',
        signing: { certificate: 'certs/qsealc.pem', key: 'certs/qsealc.key.pem' },
        sca: { mode: 'headless' },
        ...fields,
      }),
    );
    const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
    const code = await runCli(
      ['run', '--target-file', file, '--grep', CHECK, '--reporter', 'json,html', '--out', out],
      io,
    );
    return { code, out };
  }

  it('refuses a name from the environment, naming the field, and writes no report', async () => {
    const { code, out } = await run({ name: `Bank \${env:${VARIABLE}}` });
    expect(code).not.toBe(0);
    expect(lines.join('\n')).toContain('/name: takes no ${env:…}');
    expectNoSecret('the console', lines.join('\n'));
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a base URL whose value from the environment carries a query, naming the field', async () => {
    process.env[BANK] = `${bankUrl}/?key=${SECRET}`;
    const { code, out } = await run({ baseUrl: `\${env:${BANK}}` });
    expect(code).not.toBe(0);
    expect(lines.join('\n')).toContain('/baseUrl: with ${env:…} it may take only a scheme, host');
    expectNoSecret('the console', lines.join('\n'));
    expect(existsSync(out)).toBe(false);
  });

  it('takes the host and port from the environment, and the reports name them', async () => {
    process.env[BANK] = bankUrl;
    const { code, out } = await run({ baseUrl: `\${env:${BANK}}` });
    expect(code, lines.join('\n')).toBe(0);
    const names = await readdir(out);
    expect(names.length).toBeGreaterThan(0);
    const json = names.find((n) => n.endsWith('.json'))!;
    expect(await readFile(join(out, json), 'utf8')).toContain(bankUrl);
  }, 90_000);
});
