/** The bank's `_links` as the recorder reads them (§4.2.3 paging: the links a page was read by). */

/** Path and query parameters as a sorted key: the same page whichever order the link lists them. */
export function pageKey(target: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target, 'http://bank.invalid');
  } catch {
    return undefined;
  }
  const params = [...url.searchParams].map(([name, value]) => `${name}=${value}`).sort();
  return `${url.pathname}?${params.join('&')}`;
}

/**
 * The pageKey of a link that reads a page at an offset, the only links §4.2.3's paging rule asks
 * about; undefined for any other. A link with neither `offset` nor a `%` (which could spell it) in
 * it is passed over without parsing it as a URL.
 */
export function pagingLinkKey(href: string): string | undefined {
  if (!href.includes('offset') && !href.includes('%')) return undefined;
  const key = pageKey(href);
  if (key === undefined) return undefined;
  const query = key.slice(key.indexOf('?') + 1);
  return query.split('&').some((param) => param.startsWith('offset=')) ? key : undefined;
}

/** Adds every `_links.*.href` of an object to `into`. */
function addOwnLinks(node: unknown, into: string[]): void {
  if (typeof node !== 'object' || node === null) return;
  const links = (node as { _links?: unknown })._links;
  if (typeof links !== 'object' || links === null) return;
  for (const name in links) {
    if (!Object.hasOwn(links, name)) continue;
    const href = (links as Record<string, { href?: unknown } | null>)[name]?.href;
    if (typeof href === 'string') into.push(href);
  }
}

/**
 * Every link of a JSON answer: its own `_links` and those of its members, since a list's paging
 * links sit beside the list (`transactions._links.next` of account transactions, §2.6). Loops,
 * not spreads: this reads every answer the bank gives.
 */
export function linkHrefsOf(body: unknown): string[] {
  const links: string[] = [];
  if (typeof body !== 'object' || body === null) return links;
  addOwnLinks(body, links);
  for (const key of Object.keys(body)) addOwnLinks((body as Record<string, unknown>)[key], links);
  return links;
}
