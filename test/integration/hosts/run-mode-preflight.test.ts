/**
 * The mode check before a run against a bank by URL (docs/targets.md `mode`): a bank that answers
 * GET /v1/sandbox/customers as the other mode stops the run with exit 2 and one sentence that
 * says what the bank answered and what to change — no usage text, no sentence said twice. A 405
 * there shows neither mode: a sandbox lists its customers (§1), a production bank has no such
 * path (§4.3: 404), so it stops the run in both modes. A 400 there confirms neither mode either:
 * the run goes on trusting the profile, and says so in one sentence with a hint.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../main/hosts/cli/index';
import { createTppIdentity } from '../../../main/core/runner/targets/embedded-target';
import { captureCliIo } from '../../support/cli-capture';

let dir: string;
let server: Server;
let base: string;
/** What the bank answers on GET /v1/sandbox/customers; every other request is 404. */
let customersStatus = 200;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mode-preflight-'));
  const { qsealc } = await createTppIdentity();
  await writeFile(join(dir, 'seal.pem'), qsealc.certificatePem);
  await writeFile(
    join(dir, 'seal.key.pem'),
    qsealc.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  );
  server = createServer((request, response) => {
    const listed = request.url === '/v1/sandbox/customers';
    response.statusCode = listed ? customersStatus : 404;
    response.setHeader('content-type', 'application/json');
    response.end(listed && customersStatus === 200 ? '[]' : '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function run(mode: 'sandbox' | 'production') {
  // The run would stop only when asked: the mode check must end it on its own.
  const io = captureCliIo(() => new Promise(() => undefined));
  const code = await runCli(
    [
      'run',
      '--target',
      base,
      '--mode',
      mode,
      '--sign-cert',
      join(dir, 'seal.pem'),
      '--sign-key',
      join(dir, 'seal.key.pem'),
      '--grep',
      'CONSENT-BODY-IGNORED',
      '--out',
      join(dir, 'out'),
    ],
    io,
  );
  return { code, stderr: io.stderr.join('\n') };
}

describe('the mode check of workbench run', () => {
  it('a production run against a bank that lists its sandbox customers: exit 2, one sentence and a hint', async () => {
    customersStatus = 200;
    const { code, stderr } = await run('production');
    expect(code).toBe(2);
    expect(stderr).toBe(
      'workbench run: the command line: the profile says production, but GET /v1/sandbox/customers answered 200: the bank has the sandbox operations. Hint: set "mode": "sandbox" in the profile, or point baseUrl at the bank\'s production interface.',
    );
  });

  it.each(['sandbox', 'production'] as const)(
    'a %s run against a bank that answers 405 there stops too, naming both modes’ answers',
    async (mode) => {
      customersStatus = 405;
      const { code, stderr } = await run(mode);
      expect(code).toBe(2);
      expect(stderr).toMatch(
        new RegExp(
          `^workbench run: the command line: the profile says ${mode}, but GET /v1/sandbox/customers answered 405: .*§1.*§4\\.3.*\\. Hint: point baseUrl at the bank's ${mode} `,
        ),
      );
      expect(stderr.split('\n')).toHaveLength(1);
    },
  );

  it.each([
    ['sandbox', 'lists its customers there (§1)'],
    ['production', 'answers 404 there (§4.3)'],
  ] as const)(
    'a %s run against a bank that answers 400 there confirms neither mode: one sentence and a hint',
    async (mode, expected) => {
      customersStatus = 400;
      const { code, stderr } = await run(mode);
      // Not a pass: the run goes on trusting the profile and says, once, that nothing confirmed it.
      expect(code).not.toBe(0);
      const [first] = stderr.split('\n');
      expect(first).toBe(
        `workbench run: mode ${mode} not confirmed: GET /v1/sandbox/customers answered 400: neither a sandbox's list (2xx) nor a production bank's 404, so the mode cannot be told. Hint: make sure the bank runs in ${mode} mode (a ${mode} bank ${expected}); the run trusts the profile's "mode".`,
      );
      expect(stderr).not.toMatch(/Usage|--target/);
    },
  );
});
