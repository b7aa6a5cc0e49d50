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

/** Every `_links.*.href` of an object. */
function ownLinks(node: unknown): string[] {
  const links = (node as { _links?: unknown } | undefined)?._links;
  if (typeof links !== 'object' || links === null) return [];
  return Object.values(links as Record<string, unknown>).flatMap((link) => {
    const href = (link as { href?: unknown } | null)?.href;
    return typeof href === 'string' ? [href] : [];
  });
}

/**
 * Every link of a JSON answer: its own `_links` and those of its members, since a list's paging
 * links sit beside the list (`transactions._links.next` of account transactions, §2.6).
 */
export function linksOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  return [...ownLinks(body), ...Object.values(body).flatMap(ownLinks)];
}
