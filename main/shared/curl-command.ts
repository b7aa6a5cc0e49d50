/**
 * A request as a curl command for a terminal: the one renderer of curl, used by the client's
 * exports (History, the CLI, the evidence bundle's script) and by the Runner's evidence. Pure.
 */
import type { ExchangeRequest } from './exchange.js';

/** POSIX shell single-quoting: safe for any byte sequence except NUL. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The exact request as a curl command, with the headers already computed (Digest, Signature):
 * replaying it sends the same bytes, so the bank sees the same signature.
 */
export function curlCommand(
  request: Pick<ExchangeRequest, 'method' | 'url' | 'headers' | 'body' | 'bodyBase64'>,
): string {
  const lines = [`curl --request ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of Object.entries(request.headers)) {
    lines.push(`  --header ${shellQuote(`${name}: ${value}`)}`);
  }
  if (request.body !== undefined) {
    lines.push(`  --data-binary ${shellQuote(request.body)}`);
  } else if (request.bodyBase64 !== undefined) {
    return `printf %s ${shellQuote(request.bodyBase64)} | base64 -d | ${lines.join(' \\\n')} \\\n  --data-binary @-`;
  }
  return lines.join(' \\\n');
}
