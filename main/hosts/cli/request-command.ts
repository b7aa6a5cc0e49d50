/**
 * `workbench request`: one signed request like curl, through the same TPP client the workbench
 * uses everywhere (signer, transport, mTLS), printing the response.
 */
import { readFile } from 'node:fs/promises';
import { TppClient } from '../../core/tpp/client.js';
import { importCertificateMaterial } from '../../core/certs/index.js';
import { toCurl } from '../../core/tpp/export.js';
import type { Exchange } from '../../shared/exchange.js';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TOTAL_TIMEOUT_MS } from '../../core/tpp/transport.js';
import { UsageError, type CliIo } from './io.js';
import { parseFlags, parseMaxBody, parseTimeoutSeconds } from './parse.js';
import type { CliCommand } from './command.js';

const usage = `Usage: workbench request METHOD URL [--header 'Name: value']... [--body FILE|-]
                        --sign-cert FILE --sign-key FILE [--tls-cert FILE --tls-key FILE]
                        [--ca FILE]... [--bank-cert FILE]... [--bank-ca FILE]...
                        [--digest SHA-256|SHA-512] [--request-target]
                        [--no-sign] [--verbose] [--fail] [--curl]
                        [--timeout SECONDS] [--max-body BYTES]

Signs (§5.2) and sends one request and prints the response body.
  --header H       a request header; repeatable. X-Request-ID is generated unless given.
  --body FILE      the request body from a file, or - for standard input (sent byte for byte)
  --sign-cert F    QSealC (PEM or DER) and --sign-key F its private key (PEM)
  --tls-cert F     QWAC (PEM) and --tls-key F its key, for mTLS
  --ca F           extra CA certificate (PEM) to trust for the server; repeatable
  --bank-cert F    the bank's response-signing certificate (PEM or DER; §5.2.7); repeatable
  --bank-ca F      the CA (PEM) that issues the bank's response-signing certificate; repeatable
  --digest ALG     Digest algorithm (default SHA-256)
  --request-target sign (request-target) too
  --no-sign        send without Signature, Digest and TPP-Signature-Certificate
  --verbose        also print the headers sent, the signing string and the response headers
  --fail           exit 1 when the status is 400 or above
  --curl           print the signed request as a curl command instead of sending it (no network)
  --timeout S      deadline for the whole exchange: connect, headers and body (default 30)
  --max-body B     largest response body in bytes (default ${DEFAULT_MAX_RESPONSE_BYTES}); a larger
                   one is an error (exit 1), never cut silently
A signed response (§5.2.7: Signature, Digest, the bank's certificate in ASPSP-Signature-Certificate)
is verified, and its signer must be the --bank-cert certificate or issued by the --bank-ca CA: a
signature that does not verify, or one by any other certificate, is named on stderr (both
certificates, subject and SHA-256 fingerprint). Without --bank-cert or --bank-ca a signature that
verifies is reported as "signature verifies, signer not trusted".
Exit code: 0 answered, 1 no answer (refused, timed out, body over --max-body), a JSON answer too
large or too deep to parse, a response signature that does not verify or is not by the bank's
certificate, or with --fail a status of 400 or above; 2 a bad command line.`;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

async function readInput(path: string, what: string): Promise<Buffer> {
  try {
    if (path === '-') {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
    return await readFile(path);
  } catch (error) {
    throw new UsageError(
      `${what}: cannot read '${path}' (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

/** Every certificate in the files given for `flag` (a PEM file may hold several), as DER. */
async function readCertificates(files: string[] | undefined, flag: string): Promise<Buffer[]> {
  const certificates: Buffer[] = [];
  for (const file of files ?? []) {
    const bytes = await readInput(file, flag);
    let found: Buffer[];
    try {
      found = importCertificateMaterial(bytes).certificates;
    } catch (error) {
      throw new UsageError(`${flag}: '${file}' is not a certificate (${(error as Error).message})`);
    }
    if (found.length === 0) throw new UsageError(`${flag}: '${file}' holds no certificate`);
    certificates.push(...found);
  }
  return certificates;
}

export function parseHeader(line: string): [string, string] {
  const colon = line.indexOf(':');
  const name = line.slice(0, colon).trim();
  if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw new UsageError(`--header '${line}' is not 'Name: value'`);
  }
  return [name, line.slice(colon + 1).trim()];
}

/** The command line's flags, parsed (an unknown one refused). */
function parseRequestFlags(argv: string[]) {
  return parseFlags(
    argv,
    {
      header: { type: 'string', multiple: true },
      body: { type: 'string' },
      'sign-cert': { type: 'string' },
      'sign-key': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      ca: { type: 'string', multiple: true },
      'bank-cert': { type: 'string', multiple: true },
      'bank-ca': { type: 'string', multiple: true },
      digest: { type: 'string' },
      'request-target': { type: 'boolean' },
      'no-sign': { type: 'boolean' },
      verbose: { type: 'boolean' },
      fail: { type: 'boolean' },
      curl: { type: 'boolean' },
      timeout: { type: 'string' },
      'max-body': { type: 'string' },
    },
    true,
  );
}

type RequestFlags = ReturnType<typeof parseRequestFlags>['values'];

/** METHOD and URL, checked: a method the command knows, an absolute http(s) URL. */
function parseMethodAndUrl(positionals: string[]): { method: string; url: URL } {
  if (positionals.length !== 2) throw new UsageError('expected METHOD and URL');
  const method = positionals[0]!.toUpperCase();
  if (!METHODS.includes(method))
    throw new UsageError(`METHOD must be one of ${METHODS.join(', ')}, not '${positionals[0]}'`);
  let url: URL;
  try {
    url = new URL(positionals[1]!);
  } catch {
    throw new UsageError(`URL '${positionals[1]}' is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError('URL must be http:// or https://');
  return { method, url };
}

/** The flags' values checked before any file is read: the digest, the limits, pairs of flags. */
interface RequestLimits {
  digest: 'SHA-256' | 'SHA-512' | undefined;
  totalMs: number;
  maxResponseBytes: number;
  sign: boolean;
}

function checkRequestFlags(values: RequestFlags): RequestLimits {
  const digest = values.digest?.toUpperCase();
  if (digest !== undefined && digest !== 'SHA-256' && digest !== 'SHA-512') {
    throw new UsageError(`--digest must be SHA-256 or SHA-512, not '${values.digest}'`);
  }
  const totalMs = parseTimeoutSeconds(values.timeout, '--timeout', DEFAULT_TOTAL_TIMEOUT_MS);
  const maxResponseBytes = parseMaxBody(
    values['max-body'],
    '--max-body',
    DEFAULT_MAX_RESPONSE_BYTES,
  );
  const sign = !values['no-sign'];
  if (sign && (!values['sign-cert'] || !values['sign-key'])) {
    throw new UsageError('--sign-cert and --sign-key are required (or --no-sign)');
  }
  if (Boolean(values['tls-cert']) !== Boolean(values['tls-key'])) {
    throw new UsageError('--tls-cert and --tls-key go together');
  }
  return { digest, totalMs, maxResponseBytes, sign };
}

/** The TPP client the flags describe: its QSealC, its transport (QWAC, CAs) and the bank's signers. */
async function requestClient(
  values: RequestFlags,
  url: URL,
  { digest, totalMs, maxResponseBytes, sign }: RequestLimits,
): Promise<TppClient> {
  const signing = sign
    ? {
        certificate: importCertificateMaterial(await readInput(values['sign-cert']!, '--sign-cert'))
          .certificates[0]!,
        key: (await readInput(values['sign-key']!, '--sign-key')).toString('utf8'),
        ...(digest ? { digestAlgorithm: digest } : {}),
        includeRequestTarget: values['request-target'] ?? false,
      }
    : undefined;
  const transport = {
    ...(values['tls-cert']
      ? {
          clientCertificate: {
            certificate: await readInput(values['tls-cert'], '--tls-cert'),
            key: await readInput(values['tls-key']!, '--tls-key'),
          },
        }
      : {}),
    ca: await Promise.all((values.ca ?? []).map((file) => readInput(file, '--ca'))),
    timeouts: { totalMs },
    maxResponseBytes,
  };

  const bankSigning = {
    certificates: await readCertificates(values['bank-cert'], '--bank-cert'),
    cas: await readCertificates(values['bank-ca'], '--bank-ca'),
  };

  return new TppClient({
    baseUrl: url.origin,
    ...(signing ? { signing } : {}),
    transport,
    bankSigning,
  });
}

/** --verbose: the request as sent and the string that was signed. */
function printRequestSent(io: CliIo, method: string, exchange: Exchange): void {
  io.err(`> ${method} ${exchange.request.url}`);
  for (const [name, value] of Object.entries(exchange.request.headers))
    io.err(`> ${name}: ${value}`);
  if (exchange.signing) {
    io.err('> signing string:');
    for (const line of exchange.signing.signingString.split('\n')) io.err(`>   ${line}`);
  }
}

/** The answer printed and judged: the exit code (see the usage). */
function printResponse(io: CliIo, values: RequestFlags, exchange: Exchange): number {
  if (!exchange.response) {
    const hint = exchange.error?.startsWith('response body exceeds the limit')
      ? ' (raise --max-body to read it)'
      : '';
    io.err(`workbench request: ${exchange.error}${hint}`);
    return 1;
  }
  if (values.verbose) {
    io.err(`< ${exchange.response.status}`);
    for (const [name, value] of Object.entries(exchange.response.headers))
      io.err(`< ${name}: ${value}`);
    io.err(
      `< (${exchange.timings.totalMs.toFixed(1)} ms; response signature: ${exchange.responseSignature.status})`,
    );
  }
  const json = exchange.response.json;
  io.out(json !== undefined ? JSON.stringify(json, null, 2) : exchange.response.body);
  // §5.2.7: a signed answer is verified (TppClient); one that does not verify is not the bank's.
  const signature = exchange.responseSignature;
  if (signature.status === 'invalid') {
    io.err(`workbench request: the response signature is invalid (§5.2.7): ${signature.reason}`);
    return 1;
  }
  if (signature.status === 'untrusted')
    io.err(
      `workbench request: response ${signature.reason} (name it with --bank-cert or --bank-ca)`,
    );
  if (signature.status === 'unverifiable')
    io.err(`workbench request: the response is signed but cannot be verified: ${signature.reason}`);
  if (exchange.response.jsonRefusal) {
    // The excerpt above is evidence; the answer itself was not usable JSON.
    io.err(`workbench request: ${exchange.response.jsonRefusal.message} (body shown cut)`);
    return 1;
  }
  return values.fail && exchange.response.status >= 400 ? 1 : 0;
}

export const requestCommand: CliCommand = {
  name: 'request',
  summary: 'Sign and send one request, like curl, and print the response.',
  usage,
  async run(argv: string[], io: CliIo) {
    const { values, positionals } = parseRequestFlags(argv);
    const { method, url } = parseMethodAndUrl(positionals);
    const limits = checkRequestFlags(values);
    const { sign } = limits;

    const headers: Record<string, string> = {};
    for (const line of values.header ?? []) {
      const [name, value] = parseHeader(line);
      headers[name] = value;
    }
    const body = values.body !== undefined ? await readInput(values.body, '--body') : undefined;
    const client = await requestClient(values, url, limits);
    const pathAndQuery = url.pathname + url.search;
    if (values.curl) {
      // Build the exchange without sending: the transport is never called.
      const exchange = await client.prepare({
        method,
        path: pathAndQuery,
        headers,
        ...(body ? { body } : {}),
        sign,
      });
      io.out(toCurl(exchange));
      await client.close();
      return 0;
    }
    const exchange = await client.send({
      method,
      path: pathAndQuery,
      headers,
      ...(body ? { body } : {}),
      sign,
    });
    await client.close();

    if (values.verbose) printRequestSent(io, method, exchange);
    return printResponse(io, values, exchange);
  },
};
