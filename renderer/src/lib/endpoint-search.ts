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
