/**
 * `npm run bench:tls` ("a production run over TLS + mTLS takes at most 1.5× the same run
 * over plain HTTP"): the production suites by URL against two `workbench bank --mode production`
 * processes of the same build, one over plain HTTP and one with `--tls-cert … --mtls` (docs/ci.md
 * "TLS and mTLS"), run by `workbench run` processes as a CI job runs them.
 *
 * The rounds alternate the two (plain first in odd rounds, TLS first in even ones), so load from
 * other jobs on a shared machine falls on both; it prints every run's duration (the run's own
 * `durationMs` from `--json`), the medians and their ratio, the load average, the connections the
 * runner opened (over TLS: how many resumed a session) and its CPU time (counted by a preload in
 * the
 * runner process that wraps `tls.connect` and `net.connect`; it changes nothing else), and the CPU
 * time the bank process spent during the run (/proc, Linux). On a machine shared with other jobs
 * the CPU times vary less than the durations.
 *
 * Needs `npm run build` first (the processes run out/main/cli.js). Loopback only. Environment:
 * BENCH_ROUNDS (default 3), BENCH_SCA (`headless`: complete SCA with the headless PSU agent, so the
 * checks that need a PSU run too; default none), BENCH_PROFILE (a folder: the bank and run
 * processes write `--cpu-prof` profiles there), BENCH_KEEP (keep the temporary folder), BENCH_CLI
 * (another build's cli.js, e.g. a copy of an earlier out/ inside the clone, to compare builds).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const CLI = resolve(process.env.BENCH_CLI ?? 'out/main/cli.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SCA = process.env.BENCH_SCA ?? 'none';
const PROFILE = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : undefined;

type Side = 'plain' | 'tls';

interface RunFigures {
  side: Side;
  ms: number;
  counts: Record<string, number>;
  /** What the runner process counted (COUNTING_PRELOAD). */
  runner?: { tls: number; resumed: number; plain: number; cpuMs: number };
  /** The bank process's CPU time during the run. */
  bankCpuMs?: number;
}

/**
 * Counts the connections the runner opens (TLS ones and how many resumed a session; plain ones)
 * and its CPU time, written to BENCH_COUNT when it exits. It changes nothing else.
 */
const COUNTING_PRELOAD = `
const tls = require('node:tls');
const net = require('node:net');
const { writeFileSync } = require('node:fs');
const tlsConnect = tls.connect;
const netConnect = net.connect;
let tlsOpened = 0, resumed = 0, plainOpened = 0;
tls.connect = function (...args) {
  const socket = tlsConnect.apply(this, args);
  tlsOpened++;
  socket.once('secureConnect', () => { if (socket.isSessionReused()) resumed++; });
  return socket;
};
net.connect = net.createConnection = function (...args) {
  plainOpened++;
  return netConnect.apply(this, args);
};
process.on('exit', () => {
  const cpu = process.cpuUsage();
  writeFileSync(process.env.BENCH_COUNT, JSON.stringify({
    tls: tlsOpened, resumed, plain: plainOpened, cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  }));
});
`;

/** A process's CPU time so far (user + system) from /proc, in ms; undefined where there is none. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function node(args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
  const flags = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  return spawn(process.execPath, [...flags, CLI, ...args], {
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finished(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.once('close', (code) => done({ code, stdout, stderr })));
}

/** Starts a bank and waits for its `--json` line (docs/ci.md "Startup for machines"). */
async function startBank(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = node(['bank', '--mode', 'production', '--json', ...args]);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string | undefined>((done) => {
    const timer = setTimeout(() => done(undefined), 60_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      done(line);
    });
    child.once('exit', () => done(undefined));
  });
  if (!first) {
    child.kill('SIGTERM');
    throw new Error(`the bank did not start (workbench bank ${args.join(' ')}):\n${stderr}`);
  }
  return { child, url: (JSON.parse(first) as { url: string }).url };
}

async function stopBank(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const closed = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM'); // the bank saves nothing here and exits 0; a profile is written on exit
  await closed;
}

async function runOnce(
  side: Side,
  bank: { url: string; child: ChildProcess },
  certs: string,
  folder: string,
  round: number,
): Promise<RunFigures> {
  const c = (file: string) => join(certs, file);
  const tls =
    side === 'tls'
      ? ['--tls-cert', c('qwac.pem'), '--tls-key', c('qwac.key.pem'), '--ca', c('ca-root.pem')]
      : [];
  const countFile = join(folder, `count-${side}-${round}.json`);
  const preload = join(folder, 'count-tls.cjs');
  const bankCpuBefore = cpuMsOf(bank.child.pid);
  const child = node(
    [
      'run',
      '--target',
      bank.url,
      '--mode',
      'production',
      '--sca',
      SCA,
      '--sign-cert',
      c('qsealc.pem'),
      '--sign-key',
      c('qsealc.key.pem'),
      ...tls,
      '--json',
      '--out',
      join(folder, `report-${side}`),
    ],
    {
      BENCH_COUNT: countFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim(),
    },
  );
  const { code, stdout, stderr } = await finished(child);
  const bankCpuAfter = cpuMsOf(bank.child.pid);
  const line = stdout.trim().split('\n').at(-1);
  if (!line || (code !== 0 && code !== 1))
    throw new Error(`workbench run against the ${side} bank exited ${code}:\n${stderr}`);
  const result = JSON.parse(line) as { durationMs: number; counts: Record<string, number> };
  const figures: RunFigures = { side, ms: result.durationMs, counts: result.counts };
  if (existsSync(countFile))
    figures.runner = JSON.parse(readFileSync(countFile, 'utf8')) as RunFigures['runner'];
  if (bankCpuBefore !== undefined && bankCpuAfter !== undefined)
    figures.bankCpuMs = bankCpuAfter - bankCpuBefore;
  return figures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const loadText = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One run's line: duration, counts, the runner's connections and both processes' CPU. */
function runText(run: RunFigures): string {
  const parts = [`${run.side.padEnd(5)} ${String(run.ms).padStart(6)} ms`, countsText(run.counts)];
  if (run.runner) {
    const { tls, resumed, plain, cpuMs } = run.runner;
    parts.push(
      run.side === 'tls' ? `${tls} TLS connections (${resumed} resumed)` : `${plain} connections`,
      `runner CPU ${cpuMs} ms`,
    );
  }
  if (run.bankCpuMs !== undefined) parts.push(`bank CPU ${run.bankCpuMs} ms`);
  return parts.join(', ');
}

const countsText = (counts: Record<string, number>) =>
  `${counts.total} checks, ${counts.PASS} PASS, ${counts.FAIL} FAIL, ${counts.SKIPPED} SKIPPED`;

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'npm run build' first`);
  if (!['none', 'headless'].includes(SCA)) throw new Error(`BENCH_SCA must be none or headless`);
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('BENCH_ROUNDS must be at least 1');
  const folder = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  const certs = join(folder, 'certs');
  writeFileSync(join(folder, 'count-tls.cjs'), COUNTING_PRELOAD);
  const banks: ChildProcess[] = [];
  try {
    const made = await finished(node(['certs', 'create', '--out', certs]));
    if (made.code !== 0) throw new Error(`workbench certs create failed:\n${made.stderr}`);
    const trust = [
      '--trust-ca',
      join(certs, 'ca-chain.pem'),
      '--registry',
      join(certs, 'registry.json'),
    ];
    const plain = await startBank(trust);
    banks.push(plain.child);
    const tls = await startBank([
      ...trust,
      '--tls-cert',
      join(certs, 'bank-tls.pem'),
      '--tls-key',
      join(certs, 'bank-tls.key.pem'),
      '--mtls',
    ]);
    banks.push(tls.child);
    const bank: Record<Side, { url: string; child: ChildProcess }> = { plain, tls };
    process.stdout.write(
      `production run by URL, --sca ${SCA}, ${ROUNDS} rounds; load average at start ${loadText()}\n`,
    );
    const runs: RunFigures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order: Side[] = round % 2 ? ['plain', 'tls'] : ['tls', 'plain'];
      for (const side of order) {
        const figures = await runOnce(side, bank[side], certs, folder, round);
        runs.push(figures);
        process.stdout.write(
          `round ${round} ${runText(figures)}  load ${loadavg()[0]!.toFixed(2)}\n`,
        );
      }
    }
    const of = (side: Side, value: (run: RunFigures) => number | undefined) =>
      median(runs.filter((run) => run.side === side).map((run) => value(run) ?? NaN));
    const row = (what: string, value: (run: RunFigures) => number | undefined) => {
      const [plainMs, tlsMs] = [of('plain', value), of('tls', value)];
      return `${what.padEnd(11)} plain ${String(plainMs).padStart(6)} ms, TLS + mTLS ${String(tlsMs).padStart(6)} ms: ratio ${(tlsMs / plainMs).toFixed(2)}`;
    };
    process.stdout.write(
      `medians:\n${row('run', (run) => run.ms)} (target ≤ 1.5)\n` +
        `${row('runner CPU', (run) => run.runner?.cpuMs)}\n` +
        `${row('bank CPU', (run) => run.bankCpuMs)}\n` +
        `load average at end ${loadText()}\n`,
    );
    const differing = runs.some((run) => countsText(run.counts) !== countsText(runs[0]!.counts));
    if (differing) process.stdout.write('warning: the runs did not all have the same counts\n');
  } finally {
    for (const bank of banks) await stopBank(bank);
    if (!process.env.BENCH_KEEP) rmSync(folder, { recursive: true, force: true });
    else process.stdout.write(`kept ${folder}\n`);
  }
}

await main();
