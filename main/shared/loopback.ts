/**
 * Loopback addresses and the Host header a loopback server may accept (DNS rebinding): a web page
 * that points its own name at 127.0.0.1 reaches a local server with that name in Host, so a server
 * on loopback answers only requests addressed to a loopback name with its port. Pure vocabulary:
 * the embedded bank (main/core/bank/bank.ts) checks its routes with it.
 */

/** The names a loopback-only server binds to. */
export const LOOPBACK_ADDRESSES: readonly string[] = ['127.0.0.1', '::1', 'localhost'];

/** 127.0.0.0/8 is loopback as a whole (RFC 1122 §3.2.1.3), not only 127.0.0.1. */
const IPV4_LOOPBACK =
  /^127\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)$/;

export function isLoopbackAddress(host: string): boolean {
  return LOOPBACK_ADDRESSES.includes(host) || IPV4_LOOPBACK.test(host);
}

/**
 * The Host header values that address a loopback server bound to `boundTo` on `port` (lower
 * case): each loopback name and the bound address with the port, and without it when the port is
 * the scheme's default.
 */
export function loopbackHostHeaders(
  port: number,
  defaultPort: number,
  boundTo = '127.0.0.1',
): ReadonlySet<string> {
  const bound = boundTo.includes(':') ? `[${boundTo}]` : boundTo;
  const names = [...new Set(['127.0.0.1', 'localhost', '[::1]', bound.toLowerCase()])];
  return new Set([
    ...names.map((name) => `${name}:${port}`),
    ...(port === defaultPort ? names : []),
  ]);
}

const NAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const BRACKETED_IPV6 = /^\[[0-9a-f:.]+\]$/;

/**
 * A further Host a loopback bank answers (`workbench bank --allow-host`, docs/ci.md): `NAME`
 * (that name with any port or none) or `NAME:PORT`; lower case. Throws an Error naming what is
 * wrong.
 */
export function parseAllowedHost(text: string): string {
  const value = text.trim().toLowerCase();
  const portAt = value.startsWith('[') ? value.indexOf(']:') + 1 : value.lastIndexOf(':');
  const name = portAt > 0 ? value.slice(0, portAt) : value;
  const port = portAt > 0 ? value.slice(portAt + 1) : undefined;
  if (!NAME.test(name) && !BRACKETED_IPV6.test(name))
    throw new Error(`'${text}' is not NAME or NAME:PORT (a host name, IPv4 or [IPv6] address)`);
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    throw new Error(`'${text}': the port must be 1 to 65535`);
  return port === undefined ? name : `${name}:${Number(port)}`;
}

/** Whether a Host header names `allowed` (exact values) or an extra entry (parseAllowedHost). */
export function hostAllowed(
  host: string,
  allowed: ReadonlySet<string>,
  extra: readonly string[],
): boolean {
  const value = host.toLowerCase();
  if (allowed.has(value)) return true;
  const portAt = value.startsWith('[') ? value.indexOf(']:') + 1 : value.lastIndexOf(':');
  const name = portAt > 0 ? value.slice(0, portAt) : value;
  return extra.some((entry) => entry === value || entry === name);
}
