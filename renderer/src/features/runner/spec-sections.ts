/**
 * The spec text a rule's reference points at, so a tester reads the rule where it is written: a
 * rule names its section as `§4.2.3` or `§9(4)` (interface-spec.md, a numbered heading and maybe
 * a paragraph of it), as `decisions.md#Paths` (a heading of decisions.md) or as decisions.md
 * whole. The two documents
 * are the repository's own, bundled as text; this module only finds a section in them. Pure.
 */
import interfaceSpec from '../../../../docs/spec/interface-spec.md?raw';
import decisions from '../../../../docs/spec/decisions.md?raw';

export interface SpecPassage {
  /** The document's file name, as the references spell it. */
  document: 'interface-spec.md' | 'decisions.md';
  /** The heading's text, without its `#` marks. */
  heading: string;
  /** The section's markdown, its heading first, up to the next heading of its level or above. */
  text: string;
}

/** What a reference shows as: `§7(4)` as it is, `decisions.md#Paths` as `decisions.md › Paths`. */
export function referenceLabel(reference: string): string {
  const decision = /^decisions\.md#(.+)$/.exec(reference);
  return decision ? `decisions.md › ${decision[1]}` : reference;
}

const HEADING = /^(#{1,6})\s+(.*)$/;

/** The section under the first heading `matches` accepts, or undefined. */
export function sectionOf(
  markdown: string,
  matches: (heading: string) => boolean,
): { heading: string; text: string } | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => {
    const heading = HEADING.exec(line);
    return heading !== null && matches(heading[2]!.trim());
  });
  if (start < 0) return undefined;
  const level = HEADING.exec(lines[start]!)![1]!.length;
  let end = start + 1;
  while (end < lines.length) {
    const heading = HEADING.exec(lines[end]!);
    if (heading && heading[1]!.length <= level) break;
    end++;
  }
  return {
    heading: HEADING.exec(lines[start]!)![2]!.trim(),
    text: lines.slice(start, end).join('\n').trim(),
  };
}

/**
 * The section a rule's reference names, from the given documents (the bundled ones by default);
 * undefined for a reference that names no heading of them.
 */
export function specSection(
  reference: string,
  documents: { interfaceSpec: string; decisions: string } = { interfaceSpec, decisions },
): SpecPassage | undefined {
  if (reference.trim() === 'decisions.md') {
    // The document as a whole: its title's section is all of it.
    const whole = sectionOf(documents.decisions, () => true);
    return whole && { document: 'decisions.md', ...whole };
  }
  const decision = /^decisions\.md#(.+)$/.exec(reference.trim());
  if (decision) {
    const found = sectionOf(documents.decisions, (heading) => heading === decision[1]);
    return found && { document: 'decisions.md', ...found };
  }
  // §9(4) is paragraph (4) of section 9: the section is shown whole.
  const numbered = /^§\s*(\d+(?:\.\d+)*)/.exec(reference.trim());
  if (!numbered) return undefined;
  const number = numbered[1]!;
  const found = sectionOf(
    documents.interfaceSpec,
    (heading) => heading.startsWith(`${number}. `) || heading.startsWith(`${number} `),
  );
  return found && { document: 'interface-spec.md', ...found };
}
