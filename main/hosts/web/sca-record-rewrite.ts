/**
 * What the recording relay (sca-record-proxy.ts) changes in the bank's answers, as plain
 * functions: its own origin for the bank's in redirects, cookies bound to the relay, and the one
 * recorder script allowed by nonce in the page's Content-Security-Policy.
 */

/** A redirect within the bank stays in the relay; one elsewhere (the TPP, §6) goes as it is. */
export function relayedLocation(location: string, bank: URL, relay: string): string {
  let target: URL;
  try {
    target = new URL(location, bank);
  } catch {
    return location;
  }
  if (target.origin !== bank.origin) return location;
  return new URL(`${target.pathname}${target.search}${target.hash}`, relay).toString();
}

/** Whether a redirect sends the PSU away from the bank's origin (to the TPP, §6). */
export function leavesBank(location: string, bank: URL): boolean {
  try {
    return new URL(location, bank).origin !== bank.origin;
  } catch {
    return false;
  }
}

/** The bank's cookie for the relay's host: no Domain, and no Secure on the loopback relay. */
export function relayedCookie(cookie: string): string {
  return cookie
    .split(';')
    .filter((part) => !/^\s*(domain|secure)\s*(=|$)/i.test(part))
    .map((part) => part.replace(/^(\s*samesite\s*=\s*)none\s*$/i, '$1Lax'))
    .join(';');
}

/** Adds `script-src 'nonce-…'` and `connect-src 'self'` to a policy (the recorder's needs). */
export function recorderCsp(policy: string, nonce: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '');
  const add = (name: string, source: string) => {
    const i = directives.findIndex((d) => d.toLowerCase().split(/\s+/)[0] === name);
    if (i < 0) directives.push(`${name} ${source}`);
    else directives[i] = `${directives[i]!.replace(/\s'none'/i, '')} ${source}`;
  };
  add('script-src', `'nonce-${nonce}'`);
  add('connect-src', "'self'");
  return directives.join('; ');
}

/**
 * A report's page addresses on the bank's origin, not the relay's: the steps are named after the
 * bank (to-steps.ts), and the relay's random name, gone once it stops, is kept in no file.
 */
export function reportAtBank(batch: unknown, relay: string, bank: URL): unknown {
  if (!Array.isArray(batch)) return batch;
  return batch.map((event: unknown) => {
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return event;
    const url = (event as { url?: unknown }).url;
    if (typeof url !== 'string' || (url !== relay && !url.startsWith(`${relay}/`))) return event;
    return { ...event, url: `${bank.origin}${url.slice(relay.length)}` };
  });
}
