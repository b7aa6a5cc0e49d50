/** A rule's reference finds its text in the spec or in decisions.md. */
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../../../suites/index';
import {
  referenceLabel,
  sectionOf,
  specSection,
} from '../../../../../renderer/src/features/runner/spec-sections';

const documents = {
  interfaceSpec:
    '# Spec\n## 4. Endpoints\nintro\n### 4.2 Production\nA\n#### 4.2.3 Get\nB\n## 5. Auth\nC',
  decisions: '# Decisions\n## Paths\nP\n## Errors\nE',
};

describe('specSection', () => {
  it('finds a numbered section with its subsections, up to the next of its level', () => {
    expect(specSection('§4.2', documents)).toEqual({
      document: 'interface-spec.md',
      heading: '4.2 Production',
      text: '### 4.2 Production\nA\n#### 4.2.3 Get\nB',
    });
    expect(specSection('§4(2)', documents)?.heading).toBe('4. Endpoints');
  });

  it('finds a decisions.md heading by its name', () => {
    expect(specSection('decisions.md#Paths', documents)).toEqual({
      document: 'decisions.md',
      heading: 'Paths',
      text: '## Paths\nP',
    });
  });

  it('takes decisions.md alone as the whole document', () => {
    expect(specSection('decisions.md', documents)?.text).toBe(documents.decisions);
  });

  it('finds nothing for a reference that names no heading', () => {
    expect(specSection('§12', documents)).toBeUndefined();
    expect(specSection('decisions.md#Nowhere', documents)).toBeUndefined();
    expect(specSection('RFC 7230', documents)).toBeUndefined();
    expect(sectionOf('no headings', () => true)).toBeUndefined();
  });

  it("finds every rule's section in the bundled documents", () => {
    const missing = RULES.filter((rule) => !specSection(rule.section)).map(
      (rule) => `${rule.id}: ${rule.section}`,
    );
    expect(missing).toEqual([]);
  });
});

describe('referenceLabel', () => {
  it('shows a decisions.md reference by its heading, a § as it is', () => {
    expect(referenceLabel('decisions.md#Paths')).toBe('decisions.md › Paths');
    expect(referenceLabel('§9(4)')).toBe('§9(4)');
  });
});
