/**
 * One data folder, two processes, as a user has them: the web host (`npm run web`, the built
 * bundle) open on the saved collections while the CLI imports a collection into the same folder.
 * The host's next change keeps the CLI's import, and the host shows it without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import WebSocket from 'ws';

const BIN = resolve('bin/workbench.js');
const FIXTURE = resolve('test/fixtures/collections/postman/psd2-sandbox.postman_collection.json');

let configHome: string;
let host: ChildProcess;
let socket: WebSocket;
const answers = new Map<number, (outcome: unknown) => void>();
let nextId = 1;

const env = () => ({
  ...process.env,
  XDG_CONFIG_HOME: configHome,
  WORKBENCH_KEYSTORE_PASSPHRASE: 'shared folder test passphrase',
});

function call(name: string, args: unknown): Promise<{ ok: boolean; result?: unknown }> {
  const id = nextId++;
  return new Promise((resolveCall) => {
    answers.set(id, resolveCall as (outcome: unknown) => void);
    socket.send(JSON.stringify({ type: 'call', id, name, args }));
  });
}

const names = (outcome: { result?: unknown }) =>
  ((outcome.result ?? []) as { name: string }[]).map((c) => c.name).sort();

beforeAll(async () => {
  configHome = mkdtempSync(join(tmpdir(), 'workbench-shared-folder-'));
  host = spawn(process.execPath, ['out/main/web.js', '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: env(),
  });
  const first = await new Promise<string>((resolveLine, reject) => {
    createInterface({ input: host.stdout! }).once('line', resolveLine);
    host.once('exit', (code) => reject(new Error(`web host exited with ${code}; build first`)));
  });
  const { url, origin } = JSON.parse(first) as { url: string; origin: string };
  const token = new URL(url).hash.replace('#token=', '');
  socket = new WebSocket(`${origin.replace('http', 'ws')}/api?token=${token}`, { origin });
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; id?: number; outcome?: unknown };
    if (frame.type === 'result' && frame.id !== undefined) answers.get(frame.id)?.(frame.outcome);
  });
  await new Promise((resolveOpen, reject) => {
    socket.once('open', resolveOpen);
    socket.once('error', reject);
  });
}, 60_000);

afterAll(() => {
  socket?.close();
  host?.kill('SIGTERM');
  rmSync(configHome, { recursive: true, force: true });
});

describe('the CLI and the web host on one data folder', () => {
  it('keeps a collection the CLI imported while the host had the folder open', async () => {
    // The host reads the saved collections (empty) and keeps them open.
    expect(names(await call('collections.list', {}))).toEqual([]);

    await promisify(execFile)(
      process.execPath,
      [BIN, 'collection', 'import', '--format', 'postman', FIXTURE, '--name', 'From CLI'],
      { env: env() },
    );

    // The host shows the import without a restart, and its own next change keeps it.
    expect(names(await call('collections.list', {}))).toEqual(['From CLI']);
    const created = await call('collections.create', { collection: 'From host' });
    expect(created.ok).toBe(true);
    expect(names(created)).toEqual(['From CLI', 'From host']);

    const onDisk = JSON.parse(
      readFileSync(join(configHome, 'psd2-workbench', 'collections.json'), 'utf8'),
    ) as { name: string }[];
    expect(onDisk.map((c) => c.name).sort()).toEqual(['From CLI', 'From host']);
  }, 60_000);
});
