/**
 * `npm run bench:bank`, the bank against a bare verifying server, each in a process of its own so
 * that each one's CPU time is its own: the parent forks both (`--serve-cpu bank|bare`), loads them
 * in turn with autocannon over loopback, and asks each over IPC for its `process.cpuUsage()` before
 * and after every round. Two requests: the signed GET /v1/sandbox/customers and a signed payment
 * POST /v1/payments/sepa-credit-transfers, both signed once in advance. The bare server checks
 * the Digest of the body and the RSA-SHA256 signature as the bank does (§5.2) and answers the
 * bank's own bytes.
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBank, type BankRequest, type BankResponse } from '../main/core/bank/index.js';
import type { VirtualClock } from '../main/core/clock.js';
import { tppRequest, type Seal } from './bank-entities.js';
import { compareCpu, median, type CpuComparison, type CpuWindow } from './cpu-per-request.js';
import { openStoredBank, type StoreSpec } from './engine-stores.js';

/** The answers the bare server gives, by method: the bank's own for the same requests. */
export type Answers = Record<string, Pick<BankResponse, 'status' | 'headers' | 'body'>>;

const digestOf = (body: Buffer) => `SHA-256=${createHash('sha256').update(body).digest('base64')}`;

/**
 * The bare server's check of one request: the Digest of the body and the RSA-SHA256 signature over
 * the listed headers (§5.2), nothing else. `headers` as node:http gives them (lower-case names).
 */
export function bareVerify(
  publicKey: KeyObject,
  request: { method: string; url: string; headers: Record<string, unknown>; body: Buffer },
): boolean {
  const { headers, body } = request;
  const signature = String(headers.signature ?? '');
  const names = /headers="([^"]*)"/.exec(signature)?.[1]?.split(' ') ?? [];
  const value = /signature="([^"]*)"/.exec(signature)?.[1] ?? '';
  const signingString = names
    .map((name) =>
      name === '(request-target)'
        ? `${name}: ${request.method.toLowerCase()} ${request.url}`
        : `${name}: ${String(headers[name])}`,
    )
    .join('\n');
  const digestOk =
    headers.digest === undefined ? body.length === 0 : headers.digest === digestOf(body);
  return (
    digestOk &&
    createVerify('RSA-SHA256')
      .update(Buffer.from(signingString, 'latin1'))
      .verify(publicKey, value, 'base64')
  );
}

/** A bare node:http server that checks the Digest and signature as the bank does. */
export async function bareServer(certificateDer: Buffer, answers: Answers) {
  const publicKey = new X509Certificate(certificateDer).publicKey;
  const bare = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const ok = bareVerify(publicKey, {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
      });
      const answer = answers[req.method ?? ''];
      if (!ok || !answer) {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(answer.status, {
        ...answer.headers,
        'content-length': Buffer.byteLength(answer.body),
      });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  return bare;
}

/**
 * `store`: the bank's state is held as engine-stores.ts opens it (an empty in-memory bank without
 * it); the bare server ignores it.
 */
export type ToChild =
  | { type: 'start'; certificateDer: string; answers: Answers; store?: StoreSpec }
  | { type: 'cpu' }
  | { type: 'memory' };
type FromChild =
  | { type: 'listening'; url: string }
  | { type: 'cpu'; micros: number }
  | { type: 'memory'; rss: number; peakRss: number };

/**
 * Child process `--serve-cpu bank|bare`: serves until its parent disconnects; answers each `cpu`
 * message with its CPU time so far (user + system, µs), each `memory` message with its RSS after
 * a collection and its peak (`process.resourceUsage().maxRSS`), bytes.
 */
export function serveCpuChild(kind: string, clock: () => VirtualClock): void {
  if (kind !== 'bank' && kind !== 'bare')
    throw new Error(`--serve-cpu takes bank or bare: ${kind}`);
  let close = async () => {};
  process.on('message', (message: ToChild) => {
    if (message.type === 'cpu') {
      const used = process.cpuUsage();
      process.send!({ type: 'cpu', micros: used.user + used.system } satisfies FromChild);
      return;
    }
    if (message.type === 'memory') {
      // After a collection (the fork has --expose-gc): what the bank holds, not the garbage the
      // rounds left; the peak keeps the rounds' high-water mark.
      (globalThis as { gc?: () => void }).gc?.();
      const peakRss = process.resourceUsage().maxRSS * 1024;
      process.send!({
        type: 'memory',
        rss: process.memoryUsage().rss,
        peakRss,
      } satisfies FromChild);
      return;
    }
    void (async () => {
      let url: string;
      if (kind === 'bare') {
        const certificate = Buffer.from(message.certificateDer, 'base64');
        const bare = await bareServer(certificate, message.answers);
        url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
        close = () => new Promise<void>((resolve) => bare.close(() => resolve()));
      } else {
        const opened = message.store
          ? await openStoredBank(message.store, clock())
          : createEmptyBank(clock());
        url = (await opened.bank.listen()).url;
        close = opened.close;
      }
      process.send!({ type: 'listening', url } satisfies FromChild);
    })();
  });
  process.on('disconnect', () => void close().then(() => process.exit(0)));
}

function createEmptyBank(clock: VirtualClock) {
  const bank = createBank({ mode: 'sandbox', clock });
  return { bank, close: () => bank.close() };
}

/** A forked server and the way to ask it for its CPU time and its memory. */
export async function forkServer(
  script: string,
  kind: 'bank' | 'bare',
  start: ToChild,
  /** More Node options for this child alone (a profile: `--cpu-prof`). */
  extraArgs: readonly string[] = [],
) {
  const child: ChildProcess = fork(script, ['--serve-cpu', kind], {
    stdio: 'inherit',
    execArgv: [...process.execArgv, '--expose-gc', ...extraArgs],
  });
  // One question at a time: each message answers the oldest waiting one.
  const waiting: { resolve: (message: FromChild) => void; reject: (error: Error) => void }[] = [];
  child.on('message', (message: FromChild) => waiting.shift()?.resolve(message));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('exit', (code) => {
    for (const waiter of waiting.splice(0))
      waiter.reject(new Error(`${kind} server exited (${code})`));
  });
  const next = () => new Promise<FromChild>((resolve, reject) => waiting.push({ resolve, reject }));
  const listening = next();
  child.send(start);
  const ready = await listening;
  if (ready.type !== 'listening') {
    child.kill();
    throw new Error(`${kind} server did not start`);
  }
  const cpu = async () => {
    const answer = next();
    child.send({ type: 'cpu' } satisfies ToChild);
    const message = await answer;
    if (message.type !== 'cpu') throw new Error(`${kind} server did not answer its CPU time`);
    return message.micros;
  };
  const memory = async () => {
    const answer = next();
    child.send({ type: 'memory' } satisfies ToChild);
    const message = await answer;
    if (message.type !== 'memory') throw new Error(`${kind} server did not answer its memory`);
    return { rss: message.rss, peakRss: message.peakRss };
  };
  /** Disconnects (the child closes and exits); killed, by its own pid, if it has not in 10 s. */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill(), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { kind, url: ready.url, cpu, memory, stop };
}

export interface ServedComparison {
  method: 'GET' | 'POST';
  label: string;
  bytes: number;
  /** Requests per second, the median of the rounds. */
  bankRate: number;
  bareRate: number;
  cpu: CpuComparison;
}

/** The signed GET and the payment POST of the CPU rows, each signed once. */
export function cpuRequests(seal: Seal): { get: BankRequest; post: BankRequest } {
  const get = tppRequest(seal, 'GET', '/v1/sandbox/customers');
  // The same signed POST again and again: §4.2.2 refuses a logical duplicate unless allowed.
  const paymentTarget = '/v1/payments/sepa-credit-transfers?allowLogicalDuplicate=true';
  const post = tppRequest(seal, 'POST', paymentTarget, {
    instructedAmount: { amount: '1.00', currency: 'NOK' },
    debtorAccount: { iban: 'NO5297100512347', currency: 'NOK' },
    creditorAccount: { iban: 'NO6997100712346', currency: 'NOK' },
    creditorName: 'Kari Nordmann',
    remittanceInformationUnstructured: 'bench cpu',
  });
  return { get, post };
}

/** The signed GET and payment POST, bank against bare, `rounds` alternated rounds of each. */
export async function servedComparison(
  script: string,
  seal: Seal,
  clock: () => VirtualClock,
  options: { connections: number; duration: number; rounds: number },
): Promise<ServedComparison[]> {
  const { get, post } = cpuRequests(seal);
  // The bank's own answers, for the bare server to give byte for byte.
  const reference = createBank({ mode: 'sandbox', clock: clock() });
  const answers: Answers = {};
  for (const [request, status] of [
    [get, 200],
    [post, 201],
  ] as const) {
    const { status: answered, headers, body } = await reference.handle(request);
    if (answered !== status) throw new Error(`${request.method} ${request.target}: ${answered}`);
    answers[request.method] = { status, headers, body };
  }
  await reference.close();
  const start: ToChild = {
    type: 'start',
    certificateDer: seal.certificateDer.toString('base64'),
    answers,
  };
  const servers = {
    bare: await forkServer(script, 'bare', start),
    bank: await forkServer(script, 'bank', start),
  };
  try {
    const results: ServedComparison[] = [];
    for (const request of [get, post])
      results.push(await compareOne(request, servers, answers, options));
    return results;
  } finally {
    await Promise.all([servers.bare.stop(), servers.bank.stop()]);
  }
}

export type Server = Awaited<ReturnType<typeof forkServer>>;

/** One request, bank against bare: `rounds` alternated rounds of each, after a second of each. */
export async function compareOne(
  request: BankRequest,
  servers: { bank: Server; bare: Server },
  answers: Answers,
  options: { connections: number; duration: number; rounds: number },
): Promise<ServedComparison> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => name !== 'host'),
  );
  const load = (server: Server, duration: number) =>
    autocannon({
      url: `${server.url}${request.target}`,
      method: request.method,
      headers,
      // As a string: autocannon's worker thread gets a Buffer as a plain Uint8Array.
      ...(request.body.length > 0 ? { body: request.body.toString('utf8') } : {}),
      connections: options.connections,
      duration,
      workers: 1,
    });
  const round = async (server: Server): Promise<CpuWindow & { rate: number }> => {
    const cpuBeforeMicros = await server.cpu();
    const result = await load(server, options.duration);
    const cpuAfterMicros = await server.cpu();
    const failures = result.non2xx + result.errors + result.timeouts;
    if (failures > 0)
      throw new Error(
        `${server.kind} server: ${failures} failed ${request.method}s (${JSON.stringify(result.statusCodeStats)})`,
      );
    return {
      cpuBeforeMicros,
      cpuAfterMicros,
      requests: result.requests.total,
      rate: result.requests.average,
    };
  };
  const bank: (CpuWindow & { rate: number })[] = [];
  const bare: (CpuWindow & { rate: number })[] = [];
  // A second of each, not measured: the first requests measure the JIT compiling.
  await load(servers.bare, 1);
  await load(servers.bank, 1);
  for (let i = 0; i < options.rounds; i += 1) {
    bare.push(await round(servers.bare));
    bank.push(await round(servers.bank));
  }
  return {
    method: request.method === 'GET' ? 'GET' : 'POST',
    label: `${request.method} ${request.target}`,
    bytes: answers[request.method]!.body.length,
    bankRate: median(bank.map((r) => r.rate)),
    bareRate: median(bare.map((r) => r.rate)),
    cpu: compareCpu(bank, bare),
  };
}
