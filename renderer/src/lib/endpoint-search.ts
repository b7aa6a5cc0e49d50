/** The composer's operation picker: search, grouping by area, help text for people. Pure. */
import type { EndpointView } from '../../../main/api/contract';

/** Every word of the search occurs in the operation's summary, path, method, id or area. */
export function matchesEndpoint(endpoint: EndpointView, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    endpoint.summary,
    endpoint.pathTemplate,
    endpoint.method,
    endpoint.operationId,
    areaOf(endpoint),
    endpoint.group,
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export interface EndpointGroup {
  label: string;
  endpoints: EndpointView[];
}

/**
 * The area an operation belongs to: its tag; for sandbox management (one tag for all) the kind of
 * mock data its path manages, e.g. "Sandbox · card accounts".
 */
export function areaOf(endpoint: EndpointView): string {
  if (endpoint.group !== 'sandbox') return endpoint.tag;
  const segment = endpoint.pathTemplate.split('/')[3] ?? '';
  return segment ? `Sandbox · ${segment.replace(/-/g, ' ')}` : 'Sandbox';
}

/** Grouped by area: production interface first, then sandbox management. */
export function endpointGroups(endpoints: readonly EndpointView[]): EndpointGroup[] {
  const groups = new Map<string, EndpointGroup>();
  const ordered = [...endpoints].sort((a, b) =>
    a.group === b.group ? 0 : a.group === 'production' ? -1 : 1,
  );
  for (const endpoint of ordered) {
    const label = areaOf(endpoint);
    let group = groups.get(label);
    if (!group) groups.set(label, (group = { label, endpoints: [] }));
    group.endpoints.push(endpoint);
  }
  return [...groups.values()];
}

/**
 * Help text without references to the workbench's own files ("decisions.md", "(docs/sca.md)"):
 * the spec's sections (§) are what a tester looks up.
 */
export function readableHelp(text: string): string {
  return text
    .replace(/\s*\((?:see )?[\w./-]+\.md\b[^)]*\)/g, '')
    .replace(/,\s*[\w./-]+\.md\b(?=[:;,])/g, '')
    .replace(/\b[\w./-]+\.md\b:?\s*/g, '')
    .replace(/\s+([.,;:])/g, '$1')
    .trim();
}

/** What a key pressed in the find box does. */
export type FindBoxAction =
  | { kind: 'highlight'; index: number }
  | { kind: 'pick'; index: number }
  | { kind: 'clear' }
  /** Ctrl/⌘+Enter: left to the composer, which sends the form as it stands. */
  | { kind: 'none' };

/**
 * The find box's keys: the arrows move the highlight over the matches, Enter picks the highlighted
 * match (and sends nothing), Escape clears the search. Ctrl/⌘+Enter changes nothing here: it sends
 * what the form shows, never a match the search happens to put first.
 */
export function findBoxKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  highlighted: number,
  matches: number,
): FindBoxAction {
  const last = matches - 1;
  const current = Math.min(Math.max(highlighted, 0), Math.max(last, 0));
  switch (event.key) {
    case 'ArrowDown':
      return matches
        ? { kind: 'highlight', index: current >= last ? 0 : current + 1 }
        : { kind: 'none' };
    case 'ArrowUp':
      return matches
        ? { kind: 'highlight', index: current <= 0 ? last : current - 1 }
        : { kind: 'none' };
    case 'Enter':
      if (event.ctrlKey || event.metaKey || event.altKey || matches === 0) return { kind: 'none' };
      return { kind: 'pick', index: current };
    case 'Escape':
      return { kind: 'clear' };
    default:
      return { kind: 'none' };
  }
}
