/**
 * The Host rule and the canonical path of a `workbench bank` started as its own process (the built
 * CLI, bin/workbench.js), over raw sockets: bound to 127.0.0.2 it is loopback (no warning), it
 * answers its own address and an --allow-host name, refuses a foreign Host on every route 421 and
 * a dot-segment path 400, and an HTTP/1.1 request without Host 400, each as tppMessages.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstTppMessage, rawRequest } from '../../support/raw-http';
import { killStartedBanks, startBank, type Started } from './workbench-bank';

const BIN = 'bin/workbench.js';
const run = promisify(execFile);
let bank: Started;
let port: number;

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  bank = await startBank(process.execPath, [
    BIN,
    'bank',
    '--mode',
    'sandbox',
    '--json',
    '--admin',
    '--host',
    '127.0.0.2',
    '--allow-host',
    'bank.ci.internal',
  ]);
  port = Number(new URL(bank.line.url).port);
}, 120_000);

afterAll(killStartedBanks);

const send = (head: string) => rawRequest(port, head, '127.0.0.2');

describe('workbench bank on 127.0.0.2 with --allow-host', () => {
  it('is loopback: no warning that it is reachable from the network', () => {
    expect(bank.stderr()).not.toContain('not loopback');
  });

  it('answers its own address and the allowed name, and refuses another Host 421', async () => {
    for (const host of [`127.0.0.2:${port}`, `localhost:${port}`, 'bank.ci.internal:8080'])
      expect((await send(`GET /health HTTP/1.1\r\nHost: ${host}`)).status, host).toBe(200);
    for (const path of ['/health', '/v1/sandbox/customers', '/openapi.json']) {
      const answer = await send(`GET ${path} HTTP/1.1\r\nHost: attacker.example`);
      expect(answer.status, path).toBe(421);
      expect(firstTppMessage(answer).text).toContain('bank.ci.internal');
    }
  });

  it('refuses a dot-segment path to the admin API 400, and a missing Host 400', async () => {
    const admin = `Authorization: Bearer ${bank.line.admin!.token}`;
    const dots = await send(
      `POST /x/../admin/reset HTTP/1.1\r\nHost: attacker.example\r\n${admin}`,
    );
    expect(dots.status).toBe(400);
    expect(firstTppMessage(dots).text).toContain('dot-segment');
    const noHost = await send('GET /health HTTP/1.1');
    expect(noHost.status).toBe(400);
    expect(firstTppMessage(noHost).text).toBe('an HTTP/1.1 request must carry a Host header');
  });

  it('names an --allow-host value that is no host name, exit code 2', async () => {
    const refused = await run(process.execPath, [
      BIN,
      'bank',
      '--mode',
      'sandbox',
      '--allow-host',
      'bank example',
    ]).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain(
      "--allow-host 'bank example' is not NAME or NAME:PORT",
    );
  });
});
