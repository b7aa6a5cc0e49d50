/**
 * A second bank for journeys that run against a target profile: `workbench bank` as its own
 * process from the built CLI (bin/workbench.js), as a TPP's CI starts it, with the TPP's
 * certificates from `workbench certs create` and a profile from `workbench target init`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { createBank } from '../../main/core/bank/index.js';
import { VirtualClock } from '../../main/core/clock.js';

const BIN = 'bin/workbench.js';
const run = promisify(execFile);

export interface BankLine {
  url: string;
  health: string;
  mode: string;
  pid: number;
}

export interface BankProcess {
  line: BankLine;
  /** Stops it by its process id (SIGTERM, then SIGKILL if it lingers). */
  stop(): Promise<void>;
}

/** `workbench certs create --out DIR`: QSealC, QWAC, the test CA, the AISP-only TPP. */
export async function createCerts(dir: string): Promise<void> {
  await run(process.execPath, [BIN, 'certs', 'create', '--out', dir], { timeout: 60_000 });
}

/**
 * A bank state snapshot that breaks `faultProfiles` on purpose (state.behaviour.faultProfiles),
 * for `workbench bank --state FILE`: the CLI has no flag for fault profiles.
 */
export async function writeFaultSnapshot(file: string, faultProfiles: string[]): Promise<void> {
  const snapshot = createBank({ mode: 'sandbox', clock: new VirtualClock() }).exportSnapshot();
  snapshot.state.behaviour.faultProfiles = faultProfiles;
  await writeFile(file, JSON.stringify(snapshot));
}

/** Starts `workbench bank --mode sandbox --json [args]` and reads its JSON line. */
export function startBankProcess(args: string[] = []): Promise<BankProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [BIN, 'bank', '--mode', 'sandbox', '--json', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`workbench bank printed no JSON line within 60 s: ${stderr}`));
    }, 60_000);
    child.once('exit', (code) =>
      reject(new Error(`workbench bank exited with ${code}: ${stderr}`)),
    );
    createInterface({ input: child.stdout! }).once('line', (text) => {
      clearTimeout(timer);
      const line = JSON.parse(text) as BankLine;
      resolve({
        line,
        async stop() {
          try {
            process.kill(line.pid, 'SIGTERM');
          } catch {
            return; // already gone
          }
          const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(late);
        },
      });
    });
  });
}

/** `workbench target init --bank-json FILE --certs DIR --out FILE`. */
export async function initProfile(bank: BankLine, certsDir: string, dir: string): Promise<string> {
  const bankJson = join(dir, 'bank.json');
  await writeFile(bankJson, JSON.stringify(bank));
  const out = join(dir, 'profile.json');
  await run(
    process.execPath,
    [BIN, 'target', 'init', '--bank-json', bankJson, '--certs', certsDir, '--out', out],
    { timeout: 60_000 },
  );
  return out;
}
