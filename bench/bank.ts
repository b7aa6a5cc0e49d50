/**
 * `npm run bench:bank`: throughput of the embedded bank against a baseline node:http server that
 * does only Digest + RSA-SHA256 verification — what the pipeline costs on top of the
 * cryptography. autocannon, 32 connections, a pre-signed ~500-byte SCT body. Two bank routes:
 * - the pipeline alone: a bench-only signed POST route whose body is validated as an SCT (§2.2)
 *   and whose handler does nothing — route, headers, fixes, signature, certificate, session and
 *   body-schema stages, and the HTTP adapter;
 * - POST /v1/sandbox/initialize, a real route whose handler rebuilds the initial data each time.
 *
 * Environment: BENCH_DURATION (seconds per server, default 10), BENCH_CONNECTIONS (default 32).
 */
import autocannon from 'autocannon';
import { createHash, createVerify, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Type } from '@sinclair/typebox';
import { SANDBOX_WRITE_HEADERS, sandboxRoute } from '../main/core/bank/handlers/sandbox/common.js';
import { BANK_ROUTES, createBank } from '../main/core/bank/index.js';
import { PaymentInitiationSctSchema } from '../main/core/spec/schemas/payments.js';
import { createTestCa, issueQsealc } from '../main/core/certs/issue.js';
import { VirtualClock } from '../main/core/clock.js';
import { signRequest } from '../main/core/tpp/signer.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PIPELINE_PATH = '/v1/sandbox/bench-pipeline';
const INITIALIZE_PATH = '/v1/sandbox/initialize';

/** The pipeline with a handler that does nothing (sandbox mode, signed, SCT body schema). */
const pipelineOnly = sandboxRoute({
  operationId: 'benchPipeline',
  method: 'POST',
  path: PIPELINE_PATH,
  summary: 'Bench only: the pipeline without a handler',
  description: 'Registered by bench/bank.ts only.',
  headers: SANDBOX_WRITE_HEADERS,
  body: { schema: PaymentInitiationSctSchema },
  responses: { 200: { description: 'Passed every stage.', schema: Type.Object({}) } },
  handle: () => ({ status: 200, body: {} }),
});

/** A ~500-byte JSON body (the initialise route accepts and ignores a body, §1-style). */
function body(): Buffer {
  const base = {
    instructedAmount: { amount: '1234.56', currency: 'NOK' },
    creditorName: 'Kari Nordmann',
    creditorAccount: { iban: 'NO9386011117947', currency: 'NOK' },
    debtorAccount: { iban: 'NO7215031234562', currency: 'NOK' },
    creditorAddress: {
      street: 'Karl Johans gate',
      buildingNumber: '1',
      postalCode: '0154',
      city: 'Oslo',
      country: 'NO',
    },
    requestedExecutionDate: '2025-01-31',
    endToEndIdentification: 'bench-0000000000000000000000000001',
    remittanceInformationUnstructured: '',
  };
  const filler = 500 - Buffer.byteLength(JSON.stringify(base));
  base.remittanceInformationUnstructured = 'x'.repeat(Math.max(1, filler));
  return Buffer.from(JSON.stringify(base));
}

/** Baseline: Digest (SHA-256) and RSA-SHA256 over the signing string; nothing else. */
function baselineServer(certificateDer: Buffer) {
  const publicKey = new X509Certificate(certificateDer).publicKey;
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const payload = Buffer.concat(chunks);
      const digest = `SHA-256=${createHash('sha256').update(payload).digest('base64')}`;
      const signature = String(req.headers.signature ?? '');
      const names = /headers="([^"]*)"/.exec(signature)?.[1]?.split(' ') ?? [];
      const value = /signature="([^"]*)"/.exec(signature)?.[1] ?? '';
      const signingString = names
        .map((name) =>
          name === '(request-target)'
            ? `${name}: ${req.method!.toLowerCase()} ${req.url}`
            : `${name}: ${String(req.headers[name])}`,
        )
        .join('\n');
      const ok =
        req.headers.digest === digest &&
        createVerify('RSA-SHA256')
          .update(Buffer.from(signingString, 'latin1'))
          .verify(publicKey, value, 'base64');
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' });
      res.end(ok ? '{}' : '{"tppMessages":[{"category":"ERROR","code":"BAD_REQUEST"}]}');
    });
  });
}

async function run(title: string, url: string, headers: Record<string, string>, payload: Buffer) {
  const result = await autocannon({
    title,
    url,
    method: 'POST',
    headers,
    // A string survives the hand-over to the worker thread (a Buffer arrives as a Uint8Array);
    // the body is ASCII JSON, so the string is exactly the signed bytes.
    body: payload.toString('latin1'),
    connections: CONNECTIONS,
    duration: DURATION,
    // The load generator runs in its own thread so it does not share the servers' event loop.
    workers: 1,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0)
    throw new Error(
      `${title}: ${failures} failed requests (non-2xx ${result.non2xx}, errors ${result.errors})`,
    );
  return { rate: result.requests.average, p99: result.latency.p99, total: result.requests.total };
}

async function main() {
  const ca = await createTestCa();
  const seal = await issueQsealc({
    issuer: ca.issuer,
    subject: { commonName: 'Bench TPP', countryName: 'NO', organizationIdentifier: 'PSDNO-FSA-1' },
    roles: ['PSP_AI', 'PSP_PI'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
  const payload = body();
  const signedFor = (path: string) =>
    signRequest({
      method: 'POST',
      path,
      headers: {
        'X-Request-ID': '3dc3d5b3-7023-4848-9853-f5400a64e80f',
        'Content-Type': 'application/json',
      },
      body: payload,
      certificate: seal.certificateDer,
      signingKey: seal.privateKey,
    }).headers;

  const bank = createBank({
    mode: 'sandbox',
    clock: new VirtualClock(),
    routes: [...BANK_ROUTES, pipelineOnly],
  });
  const bankListener = await bank.listen();
  const baseline = baselineServer(seal.certificateDer);
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;

  console.log(`body ${payload.length} bytes, ${CONNECTIONS} connections, ${DURATION} s per server`);
  const results: [string, Awaited<ReturnType<typeof run>>][] = [];
  for (const [name, url, path] of [
    ['baseline (Digest + RSA-SHA256 only)', baselineUrl, PIPELINE_PATH],
    ['bank pipeline (no-op handler)', bankListener.url, PIPELINE_PATH],
    ['bank POST /v1/sandbox/initialize', bankListener.url, INITIALIZE_PATH],
  ] as const)
    results.push([name, await run(name, `${url}${path}`, signedFor(path), payload)]);
  await bank.close();
  await new Promise<void>((resolve) => baseline.close(() => resolve()));

  const row = (name: string, r: { rate: number; p99: number; total: number }) =>
    `${name.padEnd(36)} ${r.rate.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   (${r.total} requests)`;
  for (const [name, result] of results) console.log(row(name, result));
  const [base, pipeline, initialize] = results.map(([, result]) => result.rate) as [
    number,
    number,
    number,
  ];
  console.log(`ratio pipeline/baseline:   ${(pipeline / base).toFixed(2)}`);
  console.log(`ratio initialize/baseline: ${(initialize / base).toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
