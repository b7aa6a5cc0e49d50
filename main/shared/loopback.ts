/**
 * Loopback addresses and the Host header a loopback server may accept (DNS rebinding): a web page
 * that points its own name at 127.0.0.1 reaches a local server with that name in Host, so a server
 * on loopback answers only requests addressed to a loopback name with its port. Pure vocabulary:
 * the embedded bank (main/core/bank/bank.ts) checks its own routes with it.
 */

/** The names a loopback-only server binds to. */
export const LOOPBACK_ADDRESSES: readonly string[] = ['127.0.0.1', '::1', 'localhost'];

export function isLoopbackAddress(host: string): boolean {
  return LOOPBACK_ADDRESSES.includes(host);
}

/**
 * The Host header values that address a loopback server on `port` (lower case): each loopback
 * name with the port, and without it when the port is the scheme's default.
 */
export function loopbackHostHeaders(port: number, defaultPort: number): ReadonlySet<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  return new Set([
    ...names.map((name) => `${name}:${port}`),
    ...(port === defaultPort ? names : []),
  ]);
}
