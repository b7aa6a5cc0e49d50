/**
 * The bank process is killed (SIGKILL) while
 * requests are in flight; on restart from its database file, every change it acknowledged is
 * there. A JSON state file of earlier versions is imported into a database once; a corrupt JSON
 * snapshot or database file is refused with a message naming it; leftover temporary files of a
 * killed JSON writer are removed at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { TppClient } from '../../../main/core/tpp/client';
import { newPsuSession } from '../../../main/core/tpp/psu-session';
import {
  createTppIdentity,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { createBank } from '../../../main/core/bank/bank';
import { VirtualClock } from '../../../main/core/clock';

const CLI = 'out/main/cli.js';
let identity: TppIdentity;
const dir = mkdtempSync(join(tmpdir(), 'bank-state-'));

beforeAll(async () => {
  // The bank runs as its own process, from the built CLI, exactly as a user starts it.
  if (!existsSync(CLI)) execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  identity = await createTppIdentity();
}, 120_000);

function startBank(
  stateFlags: string[],
): Promise<{ child: ChildProcess; url: string; stdout: string[] }> {
  const child = spawn(
    process.execPath,
    [CLI, 'bank', '--mode', 'sandbox', '--port', '0', ...stateFlags],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stdout: string[] = [];
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    child.once('exit', (code) => reject(new Error(`bank exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      stdout.push(line);
      const url = /listening at (\S+)/.exec(line)?.[1];
      if (url) resolve({ child, url, stdout });
    });
  });
}

function clientFor(url: string): TppClient {
  return new TppClient({
    baseUrl: url,
    signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
    session: () => newPsuSession('https://tpp.example/callback'),
  });
}

const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill('SIGKILL')));

describe('durable bank state', () => {
  it('keeps every acknowledged change across a SIGKILL in the middle of a burst', async () => {
    const flags = ['--db', join(dir, 'sandbox.db')];
    const first = await startBank(flags);
    children.push(first.child);
    const client = clientFor(first.url);
    const acknowledged: string[] = [];
    let unanswered = 0;
    // A burst of 200 changes; the bank is killed at the third acknowledgement, with the rest in
    // flight.
    const burst = Array.from({ length: 200 }, () =>
      client.send({ method: 'POST', path: '/v1/consents', body: {} }).then((exchange) => {
        if (exchange.response?.status !== 201) {
          unanswered += 1;
          return;
        }
        acknowledged.push((exchange.response.json as { consentId: string }).consentId);
        if (acknowledged.length === 3) first.child.kill('SIGKILL');
      }),
    );
    await Promise.allSettled(burst);
    expect(unanswered, 'the kill came while requests were in flight').toBeGreaterThan(0);
    await client.close();
    expect(acknowledged.length).toBeGreaterThan(0);

    const second = await startBank(flags);
    children.push(second.child);
    const again = clientFor(second.url);
    for (const consentId of acknowledged) {
      const read = await again.send({ method: 'GET', path: `/v1/consents/${consentId}` });
      expect(read.response?.status, `consent ${consentId} was acknowledged before the kill`).toBe(
        200,
      );
    }
    await again.close();
    second.child.kill('SIGTERM');
  });

  it('imports a JSON state file of earlier versions once into FILE.db (--state FILE --persist)', async () => {
    const stateFile = join(dir, 'legacy.json');
    const exporter = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const snapshot = exporter.exportSnapshot();
    snapshot.state.customers[0]!.name = 'Imported From Json';
    writeFileSync(stateFile, JSON.stringify(snapshot));
    // A JSON writer killed mid-write left these (persistence/atomic-file.ts names).
    const leftovers = ['.legacy.json.4242.a1b2c3d4e5f6.tmp', '.legacy.json.77.000000000000.tmp'];
    for (const name of leftovers) writeFileSync(join(dir, name), '{"partial":');

    const first = await startBank(['--state', stateFile, '--persist']);
    children.push(first.child);
    expect(first.stdout.join('\n')).toContain(`State kept in ${stateFile}.db, imported from`);
    expect(readdirSync(dir).filter((name) => leftovers.includes(name))).toEqual([]);
    const client = clientFor(first.url);
    const customers = await client.send({ method: 'GET', path: '/v1/sandbox/customers' });
    expect(JSON.stringify(customers.response?.json)).toContain('Imported From Json');
    const consent = await client.send({ method: 'POST', path: '/v1/consents', body: {} });
    expect(consent.response?.status).toBe(201);
    await client.close();
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    // The second start reads the database, not the JSON file again: the consent is still there.
    const second = await startBank(['--state', stateFile, '--persist']);
    children.push(second.child);
    expect(second.stdout.join('\n')).toContain('is not read again');
    const again = clientFor(second.url);
    const { consentId } = consent.response!.json as { consentId: string };
    const read = await again.send({ method: 'GET', path: `/v1/consents/${consentId}` });
    expect(read.response?.status).toBe(200);
    await again.close();
    second.child.kill('SIGTERM');
  });

  it('refuses a corrupt state file, naming the problem', async () => {
    const stateFile = join(dir, 'corrupt.json');
    writeFileSync(
      stateFile,
      '{"format":"psd2-workbench/bank-state","version":1,"state":{"customers":"oops"}',
    );
    await expect(startBank(['--state', stateFile, '--persist'])).rejects.toThrow(
      /exited with 2.*--state .*corrupt\.json: snapshot is not valid JSON/s,
    );
    expect(existsSync(`${stateFile}.db`), 'no database is made from a refused snapshot').toBe(
      false,
    );
  });

  it('refuses a corrupt database file, naming it and where it was moved', async () => {
    const dbFile = join(dir, 'corrupt.db');
    writeFileSync(dbFile, 'not a database at all\n'.repeat(300));
    await expect(startBank(['--db', dbFile])).rejects.toThrow(
      /exited with 1.*corrupt\.db is not a readable database.*moved to .*corrupt\.db\.corrupt-/s,
    );
    expect(existsSync(dbFile)).toBe(false);
    expect(readdirSync(dir).some((name) => name.startsWith('corrupt.db.corrupt-'))).toBe(true);
  });
});
