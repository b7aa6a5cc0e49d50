import { describe, expect, it } from 'vitest';
import {
  clientCoverage,
  describeProblem,
  ruleCoverage,
} from '../../../../main/core/runner/results/coverage';
import type { Rule } from '../../../../main/core/runner/check-api/rule';
import { check } from '../fakes';

const rules: Rule[] = [
  { id: 'A-ONE', section: '§1', statement: 'One.', area: 'general', testable: true },
  { id: 'A-TWO', section: '§1', statement: 'Two.', area: 'general', testable: true },
  {
    id: 'A-TLS',
    section: '§5.1',
    statement: 'TLS.',
    area: 'general',
    testable: false,
    reason: 'deployment',
  },
];

describe('ruleCoverage', () => {
  it('sorts rules into covered, uncovered and untestable, with the checks covering each', () => {
    const report = ruleCoverage(rules, [
      check('C-1', undefined, { rules: ['A-ONE'] }),
      check('C-2', undefined, { rules: ['A-ONE'] }),
    ]);
    expect(report.rules.map((r) => [r.rule.id, r.state, r.checkIds])).toEqual([
      ['A-ONE', 'covered', ['C-1', 'C-2']],
      ['A-TWO', 'uncovered', []],
      ['A-TLS', 'untestable', []],
    ]);
    expect(report.summary).toEqual({
      rules: 3,
      testable: 2,
      covered: 1,
      uncovered: 1,
      client: 0,
      untestable: 1,
    });
    expect(report.problems).toEqual([]);
  });

  it('counts a rule judged by comparing two runs as covered, naming the comparison, without a check', () => {
    const report = ruleCoverage(rules, [], [], [{ id: 'COMPARE-BOTH', rules: ['A-TWO'] }]);
    expect(report.rules.map((r) => [r.rule.id, r.state, r.comparisons])).toEqual([
      ['A-ONE', 'uncovered', undefined],
      ['A-TWO', 'covered', ['COMPARE-BOTH']],
      ['A-TLS', 'untestable', undefined],
    ]);
    expect(report.rules[1]!.checkIds).toEqual([]);
    expect(report.summary).toMatchObject({ covered: 1, uncovered: 1 });
  });

  it('counts a testable rule the run judges on every answer as covered, without a check', () => {
    const report = ruleCoverage(
      rules,
      [check('C-1', undefined, { rules: ['A-ONE'] })],
      [],
      [],
      ['A-TWO', 'A-ONE'],
    );
    expect(report.rules.map((r) => [r.rule.id, r.state, r.checkIds, r.everyAnswer])).toEqual([
      ['A-ONE', 'covered', ['C-1'], true],
      ['A-TWO', 'covered', [], true],
      ['A-TLS', 'untestable', [], undefined],
    ]);
    expect(report.summary).toMatchObject({ covered: 2, uncovered: 0 });
  });

  it('takes the every-answer rules of the run by default: ERR-STATUS-500 has no check', () => {
    const errStatus500: Rule = {
      id: 'ERR-STATUS-500',
      section: 'decisions.md#Errors',
      statement: 'SYSTEM_ERROR is answered with HTTP 500.',
      area: 'errors',
      testable: true,
    };
    const [entry] = ruleCoverage([errStatus500], []).rules;
    expect(entry).toMatchObject({ state: 'covered', checkIds: [], everyAnswer: true });
  });

  it('flips an untestable rule to client when a judged TPP-side rule names it', () => {
    const tpp = [
      { id: 'TPP-TLS', catalogue: ['A-TLS', 'A-ONE'], report: true, modules: ['basic:TLS'] },
      { id: 'TPP-MORE', catalogue: ['A-TLS'], report: true, modules: ['basic:TLS', 'other:M'] },
    ];
    const report = ruleCoverage(rules, [check('C-1', undefined, { rules: ['A-ONE'] })], tpp);
    expect(report.rules.map((r) => [r.rule.id, r.state])).toEqual([
      ['A-ONE', 'covered'],
      ['A-TWO', 'uncovered'],
      ['A-TLS', 'client'],
    ]);
    expect(report.rules[2]!.client).toEqual({
      tppRules: ['TPP-TLS', 'TPP-MORE'],
      report: true,
      modules: ['basic:TLS', 'other:M'],
    });
    // A testable rule keeps its checks' state, and says the client is judged on it too.
    expect(report.rules[0]!.client?.tppRules).toEqual(['TPP-TLS']);
    expect(report.rules[1]).not.toHaveProperty('client');
    expect(report.summary).toMatchObject({ testable: 2, client: 1, untestable: 0 });
  });

  it('leaves a rule untestable when the TPP-side rule naming it is judged by nothing', () => {
    const tpp = [{ id: 'TPP-IDLE', catalogue: ['A-TLS'], report: false, modules: [] }];
    expect(clientCoverage(tpp).size).toBe(0);
    expect(ruleCoverage(rules, [], tpp).rules[2]!.state).toBe('untestable');
  });

  it('reports checks naming unknown or untestable rules, or none', () => {
    const report = ruleCoverage(rules, [
      check('TYPO', undefined, { rules: ['A-ONNE'] }),
      check('TLS', undefined, { rules: ['A-TLS'] }),
      check('NOTHING', undefined, { rules: [] }),
    ]);
    expect(report.problems.map(describeProblem)).toEqual([
      'check TYPO names rule A-ONNE, which the catalogue does not have',
      'check TLS names rule A-TLS, which the catalogue marks untestable',
      'check NOTHING names no rule',
    ]);
  });
});
