/**
 * Issue "Reliability" §3: the bank process is killed (SIGKILL) while requests are in flight; on
 * restart from its state file, every change it acknowledged is there. A corrupt state file is
 * refused with a message naming the problem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { TppClient } from '../../../main/core/tpp/client';
import { newPsuSession } from '../../../main/core/tpp/psu-session';
import { createTppIdentity, type TppIdentity } from '../../../main/core/runner/embedded-target';

const CLI = 'out/main/cli.js';
let identity: TppIdentity;
const dir = mkdtempSync(join(tmpdir(), 'bank-state-'));

beforeAll(async () => {
  // The bank runs as its own process, from the built CLI, exactly as a user starts it.
  if (!existsSync(CLI)) execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  identity = await createTppIdentity();
}, 120_000);

function startBank(stateFile: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [CLI, 'bank', '--mode', 'sandbox', '--port', '0', '--state', stateFile, '--persist'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    child.once('exit', (code) => reject(new Error(`bank exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = /listening at (\S+)/.exec(line)?.[1];
      if (url) resolve({ child, url });
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
    const stateFile = join(dir, 'sandbox.json');
    const first = await startBank(stateFile);
    children.push(first.child);
    const client = clientFor(first.url);
    const acknowledged: string[] = [];
    let unanswered = 0;
    // A burst of 200 changes; the bank is killed at the third acknowledgement, with the rest in flight.
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

    const second = await startBank(stateFile);
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

  it('refuses a corrupt state file, naming the problem', async () => {
    const stateFile = join(dir, 'corrupt.json');
    writeFileSync(
      stateFile,
      '{"format":"psd2-workbench/bank-state","version":1,"state":{"customers":"oops"}',
    );
    await expect(startBank(stateFile)).rejects.toThrow(
      /exited with 2.*--state .*corrupt\.json: snapshot is not valid JSON/s,
    );
  });
});
