/**
 * The one form of a request target the bank routes (RFC 3986 §5.2.4 dot-segments, RFC 9112 §3.2
 * origin form). Every decision the bank makes on a path — the Host rule, /pki/, the admin API, the
 * route stage — reads the target as it arrived, and some of them parse it with the WHATWG URL
 * parser, which removes dot-segments, decodes `%2e` and turns `\` into `/`. So a target whose
 * path such a parser would change (`/x/../admin/reset`, `/%2e%2e/admin`, `//x/admin`) is refused
 * before any of them sees it: then every reader sees the same path.
 */

/** Why `target` is not a canonical origin-form target; undefined when it is one. */
export function nonCanonicalTarget(target: string): string | undefined {
  if (!target.startsWith('/'))
    return 'request target must be a path (origin form, starting with /)';
  const queryAt = target.indexOf('?');
  const path = (queryAt < 0 ? target : target.slice(0, queryAt)).toLowerCase();
  const said = `request path '${path.slice(0, 200)}'`;
  if (path.includes('\\') || path.includes('%5c'))
    return `${said} contains a backslash: paths use / only`;
  if (path.includes('%2f')) return `${said} contains an encoded slash (%2F): not a path separator`;
  const segments = path.slice(1).split('/');
  // An empty segment before the last: `//x` reads as a host (protocol-relative) to a URL parser.
  if (segments.slice(0, -1).includes(''))
    return `${said} contains an empty segment (//): not a canonical path`;
  const dots = segments.map((segment) => segment.replaceAll('%2e', '.'));
  if (dots.some((segment) => segment === '.' || segment === '..'))
    return `${said} contains a dot-segment (. or .., also percent-encoded): not a canonical path`;
  return undefined;
}
