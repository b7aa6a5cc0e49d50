/**
 * What a caller holding the web host's page token may reach on the host (SECURITY.md, "What the
 * UI may reach on the host"), driven through the host's WebSocket as the page drives it: no
 * environment variable outside WORKBENCH_PROFILE_* goes into a profile (so none is sent to a URL
 * the caller names), no byte of a file shows in an error, and a device or a FIFO is refused at
 * once instead of filling memory or blocking the call.
 */
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createServices } from '../../../main/api/services';
import type { CallOutcome, TargetsView } from '../../../main/api/contract';
import { startWebHost, type WebHost } from '../../../main/hosts/web/server';
import { runCli } from '../../../main/hosts/cli/index';
import type { CliIo } from '../../../main/hosts/cli/io';

const quiet: CliIo = { out: () => {}, err: () => {}, stopRequested: () => new Promise(() => {}) };

const PASSPHRASE = 'keystore-passphrase-7d41c9e2';
/** What /etc/shadow begins with: the finding read `root:*:202` through an error message. */
const SHADOW = 'root:*:20240:0:99999:7:::\ndaemon:*:20240:0:99999:7:::\n';

let dir: string;
let certs: string;
let web: WebHost;
let ws: WebSocket;
let listener: Server;
let listenerUrl: string;
/** Everything the caller's own listener received: request lines, headers and bodies. */
const received: string[] = [];
let nextId = 1;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-host-reach-'));
  certs = join(dir, 'certs');
  expect(await runCli(['certs', 'create', '--out', certs], quiet)).toBe(0);
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>wb</title>');
  web = await startWebHost({ services: createServices({ kind: 'web' }), rendererDir });
  const port = new URL(web.origin).port;
  ws = new WebSocket(`ws://127.0.0.1:${port}/api?token=${web.token}`, { origin: web.origin });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  listener = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    req.on('end', () => {
      received.push(`${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${body}`);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"now":"2026-01-01T00:00:00Z"}');
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  ws?.close();
  await web?.close();
  await new Promise((resolve) => listener?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const setVariables: string[] = [];
function setEnv(name: string, value: string): void {
  process.env[name] = value;
  setVariables.push(name);
}
afterEach(() => {
  for (const name of setVariables.splice(0)) delete process.env[name];
});

/** One call over the page's socket; a call that takes longer than `ms` is a failure of its own. */
function call(name: string, args: object, ms = 10_000): Promise<CallOutcome> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.off('message', onMessage);
      reject(new Error(`${name} got no answer within ${ms} ms`));
    }, ms);
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(data.toString()) as {
        type: string;
        id?: number;
        outcome?: CallOutcome;
      };
      if (frame.type !== 'result' || frame.id !== id) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(frame.outcome!);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'call', id, name, args }));
  });
}

/** The refusal's message; a crash would read "<call> failed: …", an acceptance fails here. */
function refusal(outcome: CallOutcome): string {
  if (outcome.ok) throw new Error(`accepted: ${JSON.stringify(outcome.result).slice(0, 300)}`);
  expect(outcome.error.code).toBe('FAILED');
  expect(outcome.error.message).not.toMatch(/^targets\.\w+ failed:/);
  return outcome.error.message;
}

const form = (overrides: object = {}) => ({
  name: 'Reach',
  baseUrl: listenerUrl,
  mode: 'sandbox',
  signing: { certificate: join(certs, 'qsealc.pem'), key: join(certs, 'qsealc.key.pem') },
  scaMode: 'none',
  ...overrides,
});

let profiles = 0;
function profilePath(): string {
  return join(dir, `profile-${++profiles}.json`);
}

/** A profile file on disk, as one the caller could point targets.addProfile at. */
function profileFile(fields: object): string {
  const path = profilePath();
  writeFileSync(
    path,
    JSON.stringify({
      profileVersion: 1,
      baseUrl: listenerUrl,
      mode: 'sandbox',
      signing: { certificate: 'certs/qsealc.pem', key: 'certs/qsealc.key.pem' },
      sca: { mode: 'none' },
      ...fields,
    }),
  );
  return path;
}

/** When a profile got in anyway, its pre-flight: what the listener receives is the proof. */
async function preflightIfAdded(outcome: CallOutcome, path: string): Promise<void> {
  if (!outcome.ok) return;
  const id = (outcome.result as TargetsView).profiles.find((p) => p.path === path)?.id;
  if (id) await call('targets.preflight', { id }, 20_000);
}

describe('what a caller with the page token may reach on the host', () => {
  it('cannot have the host send an environment variable to a URL it names', async () => {
    setEnv('WORKBENCH_KEYSTORE_PASSPHRASE', PASSPHRASE);
    const outcomes: string[] = [];
    for (const token of [
      '${env:WORKBENCH_KEYSTORE_PASSPHRASE}',
      '${env:WORKBENCH_KEYSTORE_PASSPHRASE:-none}',
    ]) {
      // Written from the form…
      const path = profilePath();
      const created = await call('targets.createProfile', {
        path,
        form: form({ adminUrl: `${listenerUrl}/admin`, adminToken: token }),
      });
      await preflightIfAdded(created, path);
      outcomes.push(refusal(created));
      // …or a file on disk added by its path: the same rule.
      const file = profileFile({
        admin: { url: `${listenerUrl}/admin`, token },
        baseUrl: `${listenerUrl}/\${env:WORKBENCH_KEYSTORE_PASSPHRASE:-x}`,
      });
      const added = await call('targets.addProfile', { path: file });
      await preflightIfAdded(added, file);
      outcomes.push(refusal(added));
    }
    expect(received.join('\n')).not.toContain(PASSPHRASE);
    for (const message of outcomes) {
      expect(message).toContain('WORKBENCH_KEYSTORE_PASSPHRASE');
      expect(message).toContain('WORKBENCH_PROFILE_');
      expect(message).not.toContain(PASSPHRASE);
    }
    // A variable set aside for profiles is read, as the policy says.
    setEnv('WORKBENCH_PROFILE_ADMIN_TOKEN', 'profile-admin-token-0b5e');
    const path = profilePath();
    const allowed = await call('targets.createProfile', {
      path,
      form: form({
        adminUrl: `${listenerUrl}/admin`,
        adminToken: '${env:WORKBENCH_PROFILE_ADMIN_TOKEN}',
      }),
    });
    expect(allowed).toMatchObject({ ok: true });
  }, 60_000);

  it('shows no byte of a file it names, only the path and what is wrong', async () => {
    const shadow = join(dir, 'shadow');
    writeFileSync(shadow, SHADOW);
    const messages = [
      refusal(await call('targets.addProfile', { path: shadow })),
      refusal(
        await call('targets.createProfile', {
          path: profilePath(),
          form: form({ signing: { certificate: shadow, key: join(certs, 'qsealc.key.pem') } }),
        }),
      ),
      refusal(await call('targets.addProfile', { path: profileFile({ baseline: shadow }) })),
    ];
    const scriptFile = join(dir, 'steps.json');
    writeFileSync(scriptFile, SHADOW);
    messages.push(
      refusal(
        await call('targets.addProfile', {
          path: profileFile({ sca: { mode: 'headless', script: scriptFile } }),
        }),
      ),
    );
    for (const message of messages) {
      expect(message).not.toMatch(/root|daemon|:\*:|2024|9999/);
    }
    expect(messages[0]).toContain(shadow);
    expect(messages[0]).toContain('not JSON');
    expect(messages[1]).toContain(shadow);
    expect(messages[2]).toContain('/baseline');
    expect(messages[3]).toContain('/sca/script');
  }, 30_000);

  it('refuses a FIFO at once instead of blocking, and a file over the size limit', async () => {
    const fifo = join(dir, 'fifo.pem');
    execFileSync('mkfifo', [fifo]);
    try {
      const messages = [
        refusal(
          await call(
            'targets.createProfile',
            {
              path: profilePath(),
              form: form({ signing: { certificate: join(certs, 'qsealc.pem'), key: fifo } }),
            },
            5_000,
          ),
        ),
        refusal(await call('targets.addProfile', { path: fifo }, 5_000)),
      ];
      for (const message of messages) {
        expect(message).toContain(fifo);
        expect(message).toContain('is a FIFO, not a regular file');
      }
    } finally {
      // Without the fix a read is blocked on the FIFO: a writer that closes at once ends it.
      for (let i = 0; i < 4; i++)
        try {
          closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
        } catch {
          // No reader waiting (ENXIO): nothing is blocked.
        }
    }
    const big = join(dir, 'big.pem');
    writeFileSync(big, Buffer.alloc(2 * 1024 * 1024, 'A'));
    const message = refusal(
      await call('targets.createProfile', {
        path: profilePath(),
        form: form({ signing: { certificate: big, key: join(certs, 'qsealc.key.pem') } }),
      }),
    );
    expect(message).toContain(big);
    expect(message).toContain('is 2097152 bytes, more than the 1048576');
  }, 30_000);

  it('refuses a device at once instead of reading it without end', async () => {
    const messages = [
      refusal(await call('targets.addProfile', { path: '/dev/zero' }, 5_000)),
      refusal(
        await call(
          'targets.createProfile',
          {
            path: profilePath(),
            form: form({
              signing: { certificate: '/dev/zero', key: join(certs, 'qsealc.key.pem') },
            }),
          },
          5_000,
        ),
      ),
    ];
    for (const message of messages) {
      expect(message).toContain('/dev/zero');
      expect(message).toContain('is a character device, not a regular file');
    }
  }, 30_000);
});
