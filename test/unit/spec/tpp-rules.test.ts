/**
 * The TPP-side rule list (main/core/spec/tpp-rules.ts) stays one honest source: unique ids, a
 * spec section each, and every catalogue id it names exists in the rule catalogue.
 */
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../suites/catalogue.js';
import { TPP_RULES, tppRule } from '../../../main/core/spec/tpp-rules.js';

describe('TPP_RULES', () => {
  it('has unique TPP- ids, each with a section of the spec', () => {
    const ids = TPP_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of TPP_RULES) {
      expect(rule.id).toMatch(/^TPP-[A-Z0-9]+(-[A-Z0-9]+)*$/);
      expect(rule.section).toMatch(/^(§\d+(\.\d+)*(\(\d+\))?|decisions\.md#.+)$/);
      expect(tppRule(rule.id)).toBe(rule);
    }
  });

  it('names only rules the catalogue has', () => {
    const known = new Set(RULES.map((rule) => rule.id));
    for (const rule of TPP_RULES)
      for (const id of rule.catalogue) expect(known.has(id), `${rule.id} → ${id}`).toBe(true);
  });
});
