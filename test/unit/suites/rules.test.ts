import { describe, expect, it } from 'vitest';
import {
  isRuleArea,
  parseReference,
  RULE_AREAS,
  RULE_ID_PATTERN,
  RULE_NEEDS,
  RULES,
  RULES_BY_AREA,
  ruleById,
  ruleReference,
  rulesInArea,
  type Rule,
} from '../../../suites/catalogue';
import { decisionsText, specText } from '../spec/specText.js';

const spec = specText;
const decisions = decisionsText;

/** `## 1. What…` → `1`, `### 2.1 Shared…` → `2.1`, `#### 4.2.3 Get…` → `4.2.3`, with the body. */
function specSections(): Map<string, string> {
  const sections = new Map<string, string>();
  const headings = [...spec.matchAll(/^(#{2,4}) (\d+(?:\.\d+)*)\.? .*$/gm)];
  headings.forEach((heading, index) => {
    const start = (heading.index ?? 0) + heading[0].length;
    // A section's own text runs to the next heading of any depth.
    const end = headings[index + 1]?.index ?? spec.length;
    sections.set(heading[2] ?? '', spec.slice(start, end));
  });
  return sections;
}

const SECTIONS = specSections();
const DECISION_HEADINGS = [...decisions.matchAll(/^## (.+)$/gm)].map((match) => match[1]?.trim());

function referencesOf(rule: Rule): string[] {
  return [rule.section, ...(rule.seeAlso ?? [])];
}

describe('rule catalogue: shape', () => {
  it('has well over a hundred rules, in every area', () => {
    expect(RULES.length).toBeGreaterThan(150);
    for (const area of RULE_AREAS) expect(rulesInArea(area).length, area).toBeGreaterThan(0);
  });

  it('has unique, well-formed ids', () => {
    const ids = RULES.map((rule) => rule.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !RULE_ID_PATTERN.test(id))).toEqual([]);
    expect(RULE_ID_PATTERN.test('SIGN-KEYID-FORMAT')).toBe(true);
    expect(RULE_ID_PATTERN.test('sign-keyid')).toBe(false);
    expect(RULE_ID_PATTERN.test('SIGN')).toBe(false);
  });

  it('keeps each area file to its own area', () => {
    for (const area of RULE_AREAS) {
      expect(RULES_BY_AREA[area].filter((rule) => rule.area !== area).map((r) => r.id)).toEqual([]);
    }
  });

  it('states every rule in one non-empty line', () => {
    const bad = RULES.filter(
      (rule) => !/^\S[^\n]*[.)]$/.test(rule.statement) || rule.statement.length > 500,
    );
    expect(bad.map((rule) => rule.id)).toEqual([]);
  });

  it('gives every untestable rule a reason, and no testable rule one', () => {
    const untestable = RULES.filter((rule) => !rule.testable);
    expect(untestable.length).toBeGreaterThan(10);
    expect(
      untestable
        .filter((rule) => !rule.testable && rule.reason.trim().length < 20)
        .map((r) => r.id),
    ).toEqual([]);
    expect(RULES.filter((rule) => rule.testable && 'reason' in rule).map((r) => r.id)).toEqual([]);
  });

  it('declares only known needs, and only on testable rules', () => {
    for (const rule of RULES) {
      for (const need of rule.needs ?? []) expect(RULE_NEEDS, rule.id).toContain(need);
      if (!rule.testable) expect(rule.needs, rule.id).toBeUndefined();
    }
  });
});

describe('rule catalogue: faithful to the spec', () => {
  it('finds the spec headings it checks against (guards the parser)', () => {
    expect([...SECTIONS.keys()]).toEqual(
      expect.arrayContaining(['1', '2.1', '3.4', '4.2.3', '5.2', '5.3', '7', '8', '9']),
    );
    expect(DECISION_HEADINGS).toEqual([
      'Paths',
      'Errors',
      'Amounts and identities',
      'Ambiguities decided',
      'HTTP signatures',
    ]);
  });

  it('points every rule (and every see-also) at a section or numbered item that exists', () => {
    const broken: string[] = [];
    for (const rule of RULES) {
      for (const reference of referencesOf(rule)) {
        const parsed = parseReference(reference);
        if (!parsed) {
          broken.push(`${rule.id}: unreadable reference ${reference}`);
        } else if (parsed.document === 'decisions') {
          if (parsed.heading !== undefined && !DECISION_HEADINGS.includes(parsed.heading)) {
            broken.push(`${rule.id}: decisions.md has no heading '${parsed.heading}'`);
          }
        } else {
          const body = SECTIONS.get(parsed.section);
          if (body === undefined)
            broken.push(`${rule.id}: the spec has no section ${parsed.section}`);
          else if (
            parsed.item !== undefined &&
            !new RegExp(`^\\s*${parsed.item}\\. `, 'm').test(body)
          ) {
            broken.push(
              `${rule.id}: section ${parsed.section} has no numbered item ${parsed.item}`,
            );
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('rejects references that do not name a section', () => {
    expect(parseReference('§5.2(3)')).toEqual({ document: 'spec', section: '5.2', item: 3 });
    expect(parseReference('decisions.md#Errors')).toEqual({
      document: 'decisions',
      heading: 'Errors',
    });
    expect(parseReference('5.2')).toBeUndefined();
    expect(parseReference('§5.2.1.1.1')).toBeUndefined();
    expect(parseReference('decisions.md#')).toBeUndefined();
  });

  it('draws rules from every spec section that states something, and every decisions.md heading', () => {
    const referenced = new Set(
      RULES.flatMap(referencesOf)
        .map(parseReference)
        .map((p) => (p?.document === 'spec' ? p.section : `decisions#${p?.heading ?? ''}`)),
    );
    // Parent headings with no text of their own, and §4.2.4, which only names operations that
    // other sections and decisions.md describe.
    const noStatements = ['2', '3', '4', '4.2', '4.2.4', '5'];
    const missing = [...SECTIONS.keys()].filter(
      (s) => !noStatements.includes(s) && !referenced.has(s),
    );
    expect(missing).toEqual([]);
    for (const heading of DECISION_HEADINGS)
      expect(referenced, heading).toContain(`decisions#${heading}`);
  });

  it('draws rules from every numbered item of §5.2, §5.3, §4.3, §7 and §9 that is not "not shown"', () => {
    const referenced = new Set(RULES.flatMap(referencesOf));
    for (const section of ['4.3', '5.2', '5.3', '7', '9']) {
      const body = SECTIONS.get(section) ?? '';
      for (const [, number, text] of body.matchAll(/^(\d+)\. (.*)$/gm)) {
        if (/not shown\.?$/.test(text ?? '')) continue;
        expect(referenced, `§${section}(${number}) ${text}`).toContain(`§${section}(${number})`);
      }
    }
  });
});

describe('rule catalogue: lookups', () => {
  it('finds a rule by id and the rules of an area', () => {
    expect(ruleById('SIGN-KEYID-FORMAT')).toMatchObject({
      area: 'signing',
      section: '§5.2(3)',
      testable: true,
    });
    expect(ruleById('NO-SUCH-RULE')).toBeUndefined();
    expect(rulesInArea('limits').map((rule) => rule.id)).toContain('LIMIT-NO-PSU-IP-4-PER-DAY');
    expect(isRuleArea('signing')).toBe(true);
    expect(isRuleArea('signin')).toBe(false);
  });

  it('formats a rule reference with its see-also sections', () => {
    expect(ruleReference(ruleById('SIGN-MISSING-400') as Rule)).toBe(
      '§5.2(1); see also §7(3), decisions.md#Errors',
    );
  });

  it('tests TLS versions below HTTP, against a target reached over HTTPS', () => {
    expect(ruleById('GEN-TLS-1-2')).toMatchObject({ testable: true, needs: ['https'] });
  });

  it('marks rules that cannot be observed over the API as untestable, with why', () => {
    expect(ruleById('GEN-OPERATIONAL-NOTICES')).toMatchObject({
      testable: false,
      reason: expect.stringMatching(/TPP dialogue interface is outside the API/),
    });
  });
});
