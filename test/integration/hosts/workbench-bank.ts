/**
 * `workbench bank` started as its own process from the built CLI, as a TPP's CI starts it: the
 * JSON line it prints once it listens, and a clean-up that kills whatever a test started.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { expect } from 'vitest';

export interface BankLine {
  url: string;
  health: string;
  openapi: string;
  mode: string;
  pid: number;
  tls: { mtls: boolean; caFile: string | null } | null;
  admin: { url: string; token: string } | null;
}

export interface Started {
  child: ChildProcess;
  line: BankLine;
  stdout: string[];
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
const pids: number[] = [];

/** Kills every bank (and its launcher) started through startBank; call it in afterAll. */
export function killStartedBanks(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Starts `command args` and resolves with the bank's JSON line. */
export function startBank(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Started> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  children.push(child);
  const stdout: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no JSON line within 60 s: ${stderr}`)),
      60_000,
    );
    void exit.then(({ code }) => reject(new Error(`bank exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (text) => {
      stdout.push(text);
      if (stdout.length !== 1) return;
      clearTimeout(timer);
      const line = JSON.parse(text) as BankLine;
      pids.push(line.pid);
      resolve({ child, line, stdout, stderr: () => stderr, exit });
    });
  });
}

/**
 * `workbench target init` for a started bank, as docs/targets.md has a user do it: its JSON line
 * written to `<file>.bank.json`, the profile to `file`.
 */
export async function targetInit(line: BankLine, certs: string, file: string): Promise<string> {
  const bankJson = `${file}.bank.json`;
  await writeFile(bankJson, JSON.stringify(line) + '\n');
  await promisify(execFile)(process.execPath, [
    'bin/workbench.js',
    'target',
    'init',
    '--bank-json',
    bankJson,
    '--certs',
    certs,
    '--out',
    file,
  ]);
  return file;
}

/** `workbench bank` flags of a production bank over TLS with mTLS, from `certs create`'s files. */
export const productionTlsArgs = (certs: string): string[] => [
  '--tls-cert',
  `${certs}/bank-tls.pem`,
  '--tls-key',
  `${certs}/bank-tls.key.pem`,
  '--mtls',
  '--trust-ca',
  `${certs}/ca-chain.pem`,
  '--registry',
  `${certs}/registry.json`,
];

/** A call to a started bank's admin API (--admin), expected to answer 200; its JSON answer. */
export async function adminCall(
  bank: Started,
  method: string,
  path: string,
  body?: object,
): Promise<Record<string, unknown>> {
  const response = await request(`${bank.line.admin!.url}${path}`, {
    method: method as 'GET',
    headers: {
      authorization: `Bearer ${bank.line.admin!.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.body.json()) as Record<string, unknown>;
  expect(response.statusCode, JSON.stringify(answer)).toBe(200);
  return answer;
}
