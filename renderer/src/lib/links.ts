/** What a response body says to a TPP: its `_links` (§2.1) and `tppMessages` (§7.1). Pure. */

export interface LinkEntry {
  relation: string;
  href: string;
  verbs?: string[];
}

/** `_links` of a JSON body: relation → Link object or plain href, in the bank's order. */
export function linksOf(body: unknown): LinkEntry[] {
  const links = (body as { _links?: unknown } | null | undefined)?._links;
  if (typeof links !== 'object' || links === null || Array.isArray(links)) return [];
  const entries: LinkEntry[] = [];
  for (const [relation, link] of Object.entries(links)) {
    if (typeof link === 'string') entries.push({ relation, href: link });
    else if (typeof link === 'object' && link !== null) {
      const { href, verbs } = link as { href?: unknown; verbs?: unknown };
      if (typeof href === 'string') {
        entries.push({
          relation,
          href,
          ...(Array.isArray(verbs) ? { verbs: verbs.map(String) } : {}),
        });
      }
    }
  }
  return entries;
}

/** A link the client follows with GET (SCA redirects are opened for the PSU instead). */
export function isFollowable(link: LinkEntry): boolean {
  if (link.relation === 'scaRedirect') return false;
  return !link.verbs || link.verbs.length === 0 || link.verbs.includes('GET');
}

export interface TppMessageEntry {
  category: string;
  code: string;
  path?: string;
  text?: string;
}

export function tppMessagesOf(body: unknown): TppMessageEntry[] {
  const messages = (body as { tppMessages?: unknown } | null | undefined)?.tppMessages;
  if (!Array.isArray(messages)) return [];
  return messages
    .filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null)
    .map((m) => ({
      category: String(m.category ?? ''),
      code: String(m.code ?? ''),
      ...(typeof m.path === 'string' ? { path: m.path } : {}),
      ...(typeof m.text === 'string' ? { text: m.text } : {}),
    }));
}

/** `scaStatus` of an authorisation answer (§3.1), if the body carries one. */
export function scaStatusOf(body: unknown): string | undefined {
  const status = (body as { scaStatus?: unknown } | null | undefined)?.scaStatus;
  return typeof status === 'string' ? status : undefined;
}
