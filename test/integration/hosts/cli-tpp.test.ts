/**
 * The TPP side from the CLI, as a TPP team's script would use it: `workbench certs create` makes
 * certificates OpenSSL reads, and `workbench request` signs with them against a running bank.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runCli } from '../../../main/hosts/cli/index';
import { captureCliIo } from '../../support/cli-capture';
import { createBank, type Bank } from '../../../main/core/bank/index';
import { VirtualClock } from '../../../main/core/clock';

const run = promisify(execFile);

const capture = () => captureCliIo(() => new Promise(() => undefined));

const dir = mkdtempSync(join(tmpdir(), 'wb-certs-'));
let bank: Bank;
let baseUrl: string;

beforeAll(async () => {
  const io = capture();
  const code = await runCli(
    ['certs', 'create', '--out', dir, '--org-id', 'PSDNO-FSA-987654', '--roles', 'PSP_AI,PSP_PI'],
    io,
  );
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
  bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  baseUrl = (await bank.listen()).url;
});
afterAll(() => bank.close());

describe('workbench certs create', () => {
  it('writes certificates OpenSSL parses, with the organizationIdentifier and QCStatements', async () => {
    const { stdout } = await run('openssl', [
      'x509',
      '-in',
      join(dir, 'qsealc.pem'),
      '-noout',
      '-text',
    ]);
    expect(stdout).toContain('organizationIdentifier = PSDNO-FSA-987654');
    expect(stdout).toMatch(/qcStatements|1\.3\.6\.1\.5\.5\.7\.1\.3/);
    const verify = await run('openssl', [
      'verify',
      '-CAfile',
      join(dir, 'ca-root.pem'),
      '-untrusted',
      join(dir, 'ca-intermediate.pem'),
      join(dir, 'qsealc.pem'),
    ]);
    expect(verify.stdout).toContain(': OK');
  });

  it('keeps private keys to the owner and writes a registry for workbench bank', () => {
    expect(statSync(join(dir, 'qsealc.key.pem')).mode & 0o077).toBe(0);
    expect(statSync(join(dir, 'aisp-qsealc.key.pem')).mode & 0o077).toBe(0);
    // The second TPP is registered for AISP only: its payments are refused by the registry.
    expect(JSON.parse(readFileSync(join(dir, 'registry.json'), 'utf8'))).toEqual([
      {
        organizationIdentifier: 'PSDNO-FSA-987654',
        name: 'Workbench Test TPP',
        roles: ['AISP', 'PISP'],
      },
      {
        organizationIdentifier: 'PSDNO-FSA-987654-AIS',
        name: 'Workbench Test TPP (AISP only)',
        roles: ['AISP'],
      },
    ]);
  });

  it('refuses to overwrite without --force, and names a bad role', async () => {
    const io = capture();
    expect(await runCli(['certs', 'create', '--out', dir], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/exists; use --force/);
    const bad = capture();
    expect(
      await runCli(['certs', 'create', '--out', dir, '--roles', 'PSP_XX', '--force'], bad),
    ).toBe(2);
    expect(bad.stderr.join('\n')).toMatch(/'PSP_XX' is not a PSD2 role/);
  });
});

describe('workbench request', () => {
  const signFlags = () => [
    '--sign-cert',
    join(dir, 'qsealc.pem'),
    '--sign-key',
    join(dir, 'qsealc.key.pem'),
  ];

  it('signs a request the bank accepts and prints the signing string with --verbose', async () => {
    const body = join(dir, 'body.json');
    writeFileSync(body, '{}');
    const io = capture();
    const code = await runCli(
      [
        'request',
        'POST',
        `${baseUrl}/v1/sandbox/initialize`,
        '--body',
        body,
        '--header',
        'Content-Type: application/json',
        '--verbose',
        '--fail',
        ...signFlags(),
      ],
      io,
    );
    expect(io.stderr.join('\n')).toMatch(/< 2\d\d/);
    expect(code).toBe(0);
    expect(io.stderr.join('\n')).toMatch(/signing string:\n>\s+digest: SHA-256=/);
  });

  it('shows the bank refusal and exits 1 with --fail when unsigned', async () => {
    const io = capture();
    const code = await runCli(
      [
        'request',
        'GET',
        `${baseUrl}/v1/card-accounts/x/transactions?bookingStatus=booked`,
        '--no-sign',
        '--fail',
      ],
      io,
    );
    expect(code).toBe(1);
    expect(io.stdout.join('\n')).toMatch(/tppMessages/);
  });

  it('prints a replayable curl command with --curl, without sending', async () => {
    const io = capture();
    const before = bank.requestLog.entries().length;
    expect(
      await runCli(
        ['request', 'GET', `${baseUrl}/v1/card-accounts/x/transactions`, '--curl', ...signFlags()],
        io,
      ),
    ).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/^curl --request GET/);
    expect(io.stdout.join('\n')).toMatch(/--header 'Signature: keyId="SN=/);
    expect(bank.requestLog.entries().length).toBe(before);
  });

  it.each([
    [['request', 'FETCH', 'http://127.0.0.1:1/'], /METHOD must be one of/],
    [['request', 'GET', 'not a url', '--no-sign'], /not an absolute URL/],
    [['request', 'GET', 'http://127.0.0.1:1/'], /--sign-cert and --sign-key are required/],
    [
      ['request', 'GET', 'http://127.0.0.1:1/', '--no-sign', '--header', 'nocolon'],
      /is not 'Name: value'/,
    ],
    [
      [
        'request',
        'GET',
        'http://127.0.0.1:1/',
        '--sign-cert',
        '/nonexistent',
        '--sign-key',
        '/nonexistent',
      ],
      /cannot read '\/nonexistent' \(ENOENT\)/,
    ],
  ])('names what is wrong in %j', async (argv, message) => {
    const io = capture();
    expect(await runCli(argv, io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(message);
  });
});
