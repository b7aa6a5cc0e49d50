/**
 * Rule ids and check ids are both upper-case words joined by hyphens: only their types keep them
 * apart. The `@ts-expect-error` lines are the test: `npm run typecheck` (tsconfig.node.json
 * includes test/) fails when a check id passes where a rule id is asked for, or the other way.
 */
import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import {
  CheckIdSchema,
  RuleIdSchema,
  type CheckId,
  type RuleId,
} from '../../../main/shared/rule-ids.js';

function ruleOf(rule: RuleId): RuleId {
  return rule;
}
function checkOf(check: CheckId): CheckId {
  return check;
}

describe('RuleId and CheckId', () => {
  it('take a literal or a string read from elsewhere, and give a string', () => {
    const read: string = 'SIGN-KEYID-FORMAT';
    const rule: RuleId = read;
    const check: CheckId = 'SIGN-MISSING-SIGNATURE-400';
    const asText: string = rule;
    expect([ruleOf(rule), checkOf(check), asText]).toEqual([
      'SIGN-KEYID-FORMAT',
      'SIGN-MISSING-SIGNATURE-400',
      'SIGN-KEYID-FORMAT',
    ]);
  });

  it('do not pass for each other', () => {
    const rule: RuleId = 'SIGN-KEYID-FORMAT';
    const check: CheckId = 'SIGN-MISSING-SIGNATURE-400';
    // @ts-expect-error a rule id is not a check id
    const asCheck: CheckId = rule;
    // @ts-expect-error a check id is not a rule id
    const asRule: RuleId = check;
    // @ts-expect-error nor as an argument
    ruleOf(check);
    expect([asCheck, asRule]).toEqual([rule, check]);
  });

  it('are strings in a stored run', () => {
    expect(Value.Check(RuleIdSchema, 'SIGN-KEYID-FORMAT')).toBe(true);
    expect(Value.Check(CheckIdSchema, 42)).toBe(false);
  });
});
