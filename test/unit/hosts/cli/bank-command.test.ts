/** `workbench bank`: flag parsing and validation, start, base URL, clean stop. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseBankFlags,
  runBankCommand,
  type BankCommandIo,
} from '../../../../main/hosts/cli/bank-command.js';
import { crlPem, initialCrl } from '../../../../main/core/certs/crl.js';
import { ORGANIZATION_ID, createPki, snapshotWith, type Pki } from '../../bank/fixtures.js';

let pki: Pki;
let dir: string;
beforeAll(async () => {
  pki = await createPki();
  dir = mkdtempSync(join(tmpdir(), 'bank-cli-'));
});

function file(name: string, contents: string): string {
  const path = join(dir, name);
  writeFileSync(path, contents);
  return path;
}

function fakeIo() {
  const out: string[] = [];
  const err: string[] = [];
  let stop: (signal: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  let started: (line: string) => void = () => undefined;
  const startedLine = new Promise<string>((resolve) => (started = resolve));
  const io: BankCommandIo = {
    out: (line) => {
      out.push(line);
      if (line.includes('listening at')) started(line);
    },
    err: (line) => err.push(line),
    stopRequested: () => stopped,
  };
  return { io, out, err, stop: (signal = 'SIGINT') => stop(signal), startedLine };
}

describe('parseBankFlags', () => {
  it('reads every flag, --trust-ca repeatable', () => {
    expect(
      parseBankFlags([
        '--mode',
        'production',
        '--port',
        '8080',
        '--host',
        '::1',
        '--trust-ca',
        'a.pem',
        '--trust-ca',
        'b.pem',
        '--crl',
        'a.crl',
        '--crl',
        'b.crl',
        '--registry',
        'r.json',
        '--state',
        's.json',
        '--persist',
      ]),
    ).toEqual({
      mode: 'production',
      port: 8080,
      host: '::1',
      allowHost: [],
      trustCa: ['a.pem', 'b.pem'],
      crl: ['a.crl', 'b.crl'],
      persist: true,
      registry: 'r.json',
      state: 's.json',
      db: 's.json.db',
      tls: { tls: false, mtls: false },
      json: false,
    });
    // A database name after --state is the database itself; --db is durable on its own.
    const named = parseBankFlags(['--mode', 'sandbox', '--state', 'b.sqlite', '--persist']);
    expect([named.db, named.persist, named.state]).toEqual(['b.sqlite', true, undefined]);
    expect(parseBankFlags(['--mode', 'sandbox', '--db', 'b.db'])).toMatchObject({
      db: 'b.db',
      persist: false,
    });
    expect(() => parseBankFlags(['--mode', 'sandbox', '--db', 'b.db', '--persist'])).toThrow(
      /--db FILE is durable already/,
    );
    // A PostgreSQL database: a URL, kept as given; not with --state.
    const url = 'postgres://bank:secret@db.example:5432/sandbox';
    expect(parseBankFlags(['--mode', 'sandbox', '--db', url]).db).toBe(url);
    expect(() =>
      parseBankFlags(['--mode', 'sandbox', '--db', url, '--state', 'snapshot.json']),
    ).toThrow(/--state goes with a database file/);
    expect(() =>
      parseBankFlags(['--mode', 'sandbox', '--db', 'postgres://bank@db:port/x']),
    ).toThrow(/not a valid postgres:\/\/ URL/);
    expect(parseBankFlags(['--mode', 'sandbox'])).toEqual({
      mode: 'sandbox',
      port: 0,
      host: '127.0.0.1',
      allowHost: [],
      trustCa: [],
      crl: [],
      persist: false,
      tls: { tls: false, mtls: false },
      json: false,
    });
    expect(
      parseBankFlags(['--mode', 'sandbox', '--trust-ca', 'ca.pem', '--mtls', '--json']),
    ).toMatchObject({ tls: { tls: true, mtls: true }, json: true });
    expect(() => parseBankFlags(['--mode', 'sandbox', '--persist'])).toThrow(
      /--persist needs --state FILE/,
    );
  });

  it('--allow-host takes NAME or NAME:PORT, repeatable, and names a value that is neither', () => {
    expect(
      parseBankFlags([
        '--mode',
        'sandbox',
        '--allow-host',
        'Bank.CI.internal',
        '--allow-host',
        'lb.example:8443',
        '--allow-host',
        '[fd00::1]:443',
      ]).allowHost,
    ).toEqual(['bank.ci.internal', 'lb.example:8443', '[fd00::1]:443']);
    for (const [bad, said] of [
      ['http://bank.example', /^--allow-host 'http:\/\/bank\.example'/],
      ['bank example', /is not NAME or NAME:PORT/],
      ['bank.example:0', /the port must be 1 to 65535/],
      ['bank.example:99999', /the port must be 1 to 65535/],
      ['', /is not NAME or NAME:PORT/],
    ] as const)
      expect(() => parseBankFlags(['--mode', 'sandbox', '--allow-host', bad])).toThrow(said);
  });

  it('--admin makes a random token; --admin-token takes one of 16 characters or more', () => {
    const first = parseBankFlags(['--mode', 'sandbox', '--admin']).adminToken;
    const second = parseBankFlags(['--mode', 'sandbox', '--admin']).adminToken;
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second).not.toBe(first);
    expect(
      parseBankFlags(['--mode', 'sandbox', '--admin-token', '0123456789abcdef']).adminToken,
    ).toBe('0123456789abcdef');
    expect(parseBankFlags(['--mode', 'sandbox']).adminToken).toBeUndefined();
  });

  it('the token from WORKBENCH_ADMIN_TOKEN or --admin-token-file, out of the process list', async () => {
    const token = 'token-from-the-environment-0123';
    expect(parseBankFlags(['--mode', 'sandbox'], { WORKBENCH_ADMIN_TOKEN: token })).toMatchObject({
      adminToken: token,
      adminTokenFrom: 'environment',
    });
    // A flag wins over the environment; an empty variable is no token.
    expect(
      parseBankFlags(['--mode', 'sandbox', '--admin-token', '0123456789abcdef'], {
        WORKBENCH_ADMIN_TOKEN: token,
      }).adminToken,
    ).toBe('0123456789abcdef');
    expect(parseBankFlags(['--mode', 'sandbox'], { WORKBENCH_ADMIN_TOKEN: '' }).adminToken).toBe(
      undefined,
    );
    expect(() => parseBankFlags(['--mode', 'sandbox'], { WORKBENCH_ADMIN_TOKEN: 'short' })).toThrow(
      /WORKBENCH_ADMIN_TOKEN must be at least 16/,
    );
    expect(() =>
      parseBankFlags([
        '--mode',
        'sandbox',
        '--admin-token',
        'x'.repeat(16),
        '--admin-token-file',
        'f',
      ]),
    ).toThrow(/give the token one way/);

    // The file's first line is the token; stderr does not print it.
    const fromFile = 'token-from-a-file-0123456789';
    const { io, out, err, stop, startedLine } = fakeIo();
    const path = file('admin-token', `${fromFile}\n`);
    const exit = runBankCommand(['--mode', 'sandbox', '--admin-token-file', path], io);
    const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(await startedLine)![1]!;
    const clock = await request(`${url}/admin/clock`, {
      headers: { authorization: `Bearer ${fromFile}` },
    });
    expect(clock.statusCode).toBe(200);
    await clock.body.dump();
    expect([...out, ...err].join('\n')).not.toContain(fromFile);
    expect(err.join('\n')).toContain(`Bearer <the token in ${path}>`);
    stop();
    expect(await exit).toBe(0);

    for (const [contents, message] of [
      ['short\n', /--admin-token-file .*: the token must be at least 16/],
      ['x'.repeat(5000), /not a regular file of at most 4096 bytes/],
    ] as const) {
      const bad = fakeIo();
      const code = await runBankCommand(
        ['--mode', 'sandbox', '--admin-token-file', file('bad-token', contents)],
        bad.io,
      );
      expect(code).toBe(2);
      expect(bad.err[0]).toMatch(message);
    }
  });

  it.each([
    [[], /--mode is required/],
    [['--mode', 'staging'], /--mode must be sandbox or production, not 'staging'/],
    [['--mode', 'sandbox', '--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--mode', 'sandbox', '--port', 'http'], /--port must be an integer/],
    [['--mode', 'sandbox', '--verbose'], /Unknown option '--verbose'/],
    [['--mode', 'sandbox', 'extra'], /positional/i],
    [['--mode', 'sandbox', '--headers-timeout', '0'], /--headers-timeout must be a whole number/],
    [['--mode', 'sandbox', '--request-timeout', '1.5'], /--request-timeout must be a whole/],
    [['--mode', 'sandbox', '--keep-alive-timeout', 'x'], /--keep-alive-timeout must be a whole/],
    [['--mode', 'sandbox', '--max-connections', '99999999999'], /--max-connections must be/],
    [
      ['--mode', 'sandbox', '--admin-token', '0123456789abcde'],
      /--admin-token must be at least 16/,
    ],
    [['--mode', 'sandbox', '--admin-token', '0123456789 abcdef'], /--admin-token must be visible/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseBankFlags(argv as string[])).toThrow(message);
  });
});

describe('HTTP limit flags', () => {
  it('reads --headers-timeout, --request-timeout, --keep-alive-timeout and --max-connections', () => {
    expect(
      parseBankFlags([
        '--mode',
        'sandbox',
        '--headers-timeout',
        '2000',
        '--request-timeout',
        '9000',
        '--keep-alive-timeout',
        '1000',
        '--max-connections',
        '8',
      ]).http,
    ).toEqual({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 9000,
      keepAliveTimeoutMs: 1000,
      maxConnections: 8,
    });
  });

  it('hands them to the listener: a slow head is cut after --headers-timeout', async () => {
    const { io, stop, startedLine } = fakeIo();
    const exit = runBankCommand(['--mode', 'sandbox', '--headers-timeout', '300'], io);
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(await startedLine)![1]);
    const started = performance.now();
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect({ host: '127.0.0.1', port }, () =>
        socket.write('GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
      );
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      setTimeout(() => socket.destroy(), 5000).unref();
    });
    const elapsed = performance.now() - started;
    stop();
    expect(await exit).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('runBankCommand', () => {
  it('exits 2 with the usage for a wrong command line or unreadable files', async () => {
    for (const argv of [
      ['--mode', 'nope'],
      ['--mode', 'production', '--trust-ca', join(dir, 'missing.pem')],
      ['--mode', 'production', '--trust-ca', file('leaf.pem', pki.seal.certificatePem)],
      ['--mode', 'production', '--registry', file('bad-registry.json', '[{"name":"x"}]')],
      ['--mode', 'sandbox', '--state', file('bad-state.json', '{"format":"x"}')],
    ]) {
      const { io, err } = fakeIo();
      expect(await runBankCommand(argv, io)).toBe(2);
      expect(err.join('\n')).toMatch(/^workbench bank: /);
      expect(err.join('\n')).toContain('Usage: workbench bank');
    }
  });

  it('--crl: a missing file, a file that is no CRL, or a CRL no --trust-ca CA signed exits 2 naming it', async () => {
    const trust = ['--trust-ca', file('chain.pem', pki.ca.chainPem)];
    const cases: [string[], RegExp][] = [
      [['--crl', join(dir, 'missing.crl')], /--crl .*missing\.crl: ENOENT/],
      [['--crl', file('not.crl', 'hello')], /--crl .*not\.crl: not a readable CRL/],
      [
        ['--crl', file('other.crl', crlPem(initialCrl((await pki.otherCa()).issuer)))],
        /--crl .*other\.crl: the CRL of 'CN=Other Issuing CA,C=SE' is not signed by a CA in the bank's trust store/,
      ],
    ];
    for (const [flags, message] of cases) {
      const { io, err } = fakeIo();
      expect(await runBankCommand(['--mode', 'production', ...trust, ...flags], io)).toBe(2);
      expect(err[0]).toMatch(message);
    }
  });

  it('--db: a file that cannot be opened exits 1 naming the path and the reason', async () => {
    // A folder that is a file: SQLite alone says "unable to open database file".
    const path = join(file('not-a-folder', 'x'), 'bank.db');
    const { io, err } = fakeIo();
    expect(await runBankCommand(['--mode', 'sandbox', '--db', path], io)).toBe(1);
    expect(err.join('\n')).toContain(`the bank database ${path} cannot be opened`);
    expect(err.join('\n')).toMatch(
      /unable to open database file \(SQLITE_CANTOPEN\); the system says ENOTDIR/,
    );
  });

  it('--db: an empty file starts a new bank and says so on stderr', async () => {
    const path = file('empty.db', '');
    const { io, err, stop, startedLine } = fakeIo();
    const exit = runBankCommand(['--mode', 'sandbox', '--db', path], io);
    await startedLine;
    expect(err.join('\n')).toContain(
      `--db ${path} was an empty file (0 bytes); it is taken as a new database`,
    );
    stop();
    expect(await exit).toBe(0);
    // Once it holds the state it is no longer empty, and nothing more is said.
    const again = fakeIo();
    const second = runBankCommand(['--mode', 'sandbox', '--db', path], again.io);
    await again.startedLine;
    expect(again.err.join('\n')).not.toContain('empty file');
    again.stop();
    expect(await second).toBe(0);
  });

  it('names the file and the problem', async () => {
    const { io, err } = fakeIo();
    await runBankCommand(
      [
        '--mode',
        'production',
        '--registry',
        file('r.json', '[{"organizationIdentifier":"o","name":"n","roles":["BANK"]}]'),
      ],
      io,
    );
    expect(err[0]).toMatch(
      /--registry .*r\.json: registry is invalid: \[0\]\.roles\[0\]: must be one of AISP, PISP/,
    );
  });

  it('starts with trust store, registry and state, prints the base URL, serves, and stops cleanly', async () => {
    const { io, out, err, stop, startedLine } = fakeIo();
    const argv = [
      '--mode',
      'production',
      '--trust-ca',
      file('chain.pem', pki.ca.chainPem),
      '--registry',
      file(
        'registry.json',
        JSON.stringify([{ organizationIdentifier: ORGANIZATION_ID, name: 'TPP', roles: ['AISP'] }]),
      ),
      '--state',
      file('state.json', JSON.stringify(snapshotWith([]))),
    ];
    const exit = runBankCommand(argv, io);
    const line = await startedLine;
    const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)![1]!;
    const response = await request(`${url}/openapi.json`);
    expect(response.statusCode).toBe(200);
    expect(((await response.body.json()) as { info: { title: string } }).info.title).toContain(
      'production',
    );
    const sandboxPath = await request(`${url}/v1/sandbox/initialize`, { method: 'POST' });
    expect(sandboxPath.statusCode).toBe(404);
    await sandboxPath.body.dump();
    stop('SIGTERM');
    expect(await exit).toBe(0);
    expect(out.at(-1)).toBe('Stopped (SIGTERM).');
    expect(err).toEqual([]);
    await expect(request(`${url}/openapi.json`)).rejects.toThrow();
  });

  it('warns when production starts without trust anchors or registry', async () => {
    const { io, err, stop, startedLine } = fakeIo();
    const exit = runBankCommand(['--mode', 'production'], io);
    await startedLine;
    stop();
    expect(await exit).toBe(0);
    expect(err.join('\n')).toMatch(/no --trust-ca given/);
    expect(err.join('\n')).toMatch(/no --registry given/);
  });

  it('exits 1 when the port is taken', async () => {
    const first = fakeIo();
    const running = runBankCommand(['--mode', 'sandbox'], first.io);
    const port = /:(\d+)$/.exec(await first.startedLine)![1]!;
    const second = fakeIo();
    expect(await runBankCommand(['--mode', 'sandbox', '--port', port], second.io)).toBe(1);
    expect(second.err[0]).toMatch(/cannot listen/);
    first.stop();
    expect(await running).toBe(0);
  });
});
