/** The Runner's catalogue tree: coverage, filters, text search, statuses, and the selection. */
import { describe, expect, it } from 'vitest';
import type { CheckView, RuleView } from '../../../../../main/api/contract';
import {
  NO_CATALOGUE_FILTER,
  buildTree,
  coverageCounts,
  coverageOf,
  runnableSelection,
  selectionState,
  toggleSelection,
  treeSize,
  type Catalogue,
} from '../../../../../renderer/src/features/runner/catalogue-tree';
import type { CheckStatus } from '../../../../../main/shared/run-status';

const rule = (id: string, area: string, checkIds: string[], extra: Partial<RuleView> = {}) =>
  ({
    id,
    area,
    section: '§5.2',
    statement: `statement of ${id}`,
    testable: true,
    checkIds,
    ...extra,
  }) as RuleView;

const check = (id: string, area: string, rules: string[], extra: Partial<CheckView> = {}) =>
  ({
    id,
    title: `title of ${id}`,
    area,
    rules,
    tags: [],
    modes: ['sandbox', 'production'],
    needs: [],
    ...extra,
  }) as CheckView;

const catalogue: Catalogue = {
  rules: [
    rule('SIGN-MISSING-400', 'signing', ['SIGN-MISSING-SIGNATURE-400']),
    rule('SIGN-INVALID-400', 'signing', ['SIGN-INVALID-SIGNATURE-400', 'SIGN-SHARED']),
    rule('SIGN-TPP-SIGNS', 'signing', [], {
      testable: false,
      reason: 'An obligation on the TPP.',
    }),
    rule('HDR-REQUEST-ID', 'headers', ['HDR-REQUEST-ID-REQUIRED', 'SIGN-SHARED']),
    rule('HDR-NOT-YET', 'headers', []),
  ],
  checks: [
    check('SIGN-MISSING-SIGNATURE-400', 'signing', ['SIGN-MISSING-400']),
    check('SIGN-INVALID-SIGNATURE-400', 'signing', ['SIGN-INVALID-400'], {
      title: 'A signature that does not verify is refused',
    }),
    check('SIGN-SHARED', 'signing', ['SIGN-INVALID-400', 'HDR-REQUEST-ID'], {
      modes: ['sandbox'],
      tags: ['slow'],
    }),
    check('HDR-REQUEST-ID-REQUIRED', 'headers', ['HDR-REQUEST-ID']),
  ],
};

const none = new Map<string, CheckStatus>();
const ids = (tree: ReturnType<typeof buildTree>) =>
  tree.map((a) => [a.area, a.rules.map((r) => [r.rule.id, r.checks.map((c) => c.check.id)])]);

describe('coverage', () => {
  it('says covered, no check or untestable, and counts each', () => {
    expect(catalogue.rules.map(coverageOf)).toEqual([
      'covered',
      'covered',
      'untestable',
      'covered',
      'no-check',
    ]);
    expect(coverageCounts(catalogue.rules)).toEqual({
      all: 5,
      covered: 3,
      'no-check': 1,
      client: 0,
      untestable: 1,
    });
  });

  it('counts a rule judged by comparing two runs as covered, not as a rule without a check', () => {
    const compared = rule('SCA-BOTH', 'sca-sessions', [], {
      comparisons: ['COMPARE-SCA-FLOW-BOTH-ENVIRONMENTS'],
    });
    expect(coverageOf(compared)).toBe('covered');
    expect(coverageOf(rule('SCA-NONE', 'sca-sessions', []))).toBe('no-check');
  });

  it('counts a rule the run judges on every answer as covered, without a check', () => {
    const observed = rule('ERR-STATUS-500', 'errors', [], { everyAnswer: true });
    expect(coverageOf(observed)).toBe('covered');
    expect(coverageOf(rule('ERR-STATUS-500', 'errors', []))).toBe('no-check');
  });

  it('says judged of the client for a rule no check of a bank observes that the TPP side names', () => {
    const judged = rule('SIGN-TPP-SIGNS', 'signing', [], {
      testable: false,
      reason: 'An obligation on the TPP.',
      client: { tppRules: ['TPP-SIGN-REQUEST'], report: true, modules: ['basic:SIGNED-FLOW'] },
    });
    expect(coverageOf(judged)).toBe('client');
    expect(coverageCounts([judged, ...catalogue.rules.slice(0, 2)])).toMatchObject({
      client: 1,
      untestable: 0,
    });
  });
});

describe('buildTree', () => {
  it('groups area → rule → check in catalogue order, a shared check under each of its rules', () => {
    const tree = buildTree(catalogue, none, NO_CATALOGUE_FILTER);
    expect(ids(tree)).toEqual([
      [
        'signing',
        [
          ['SIGN-MISSING-400', ['SIGN-MISSING-SIGNATURE-400']],
          ['SIGN-INVALID-400', ['SIGN-INVALID-SIGNATURE-400', 'SIGN-SHARED']],
          ['SIGN-TPP-SIGNS', []],
        ],
      ],
      [
        'headers',
        [
          ['HDR-REQUEST-ID', ['HDR-REQUEST-ID-REQUIRED', 'SIGN-SHARED']],
          ['HDR-NOT-YET', []],
        ],
      ],
    ]);
    // An area's checks are listed once, for its checkbox.
    expect(tree[0]!.checkIds).toEqual([
      'SIGN-MISSING-SIGNATURE-400',
      'SIGN-INVALID-SIGNATURE-400',
      'SIGN-SHARED',
    ]);
    expect(treeSize(tree)).toEqual({ rules: 5, checks: 4 });
  });

  it('filters by area and by coverage (the untestable tab keeps the reasons)', () => {
    const headers = buildTree(catalogue, none, { ...NO_CATALOGUE_FILTER, area: 'headers' });
    expect(headers.map((a) => a.area)).toEqual(['headers']);
    const untestable = buildTree(catalogue, none, {
      ...NO_CATALOGUE_FILTER,
      coverage: 'untestable',
    });
    expect(ids(untestable)).toEqual([['signing', [['SIGN-TPP-SIGNS', []]]]]);
    expect(untestable[0]!.rules[0]!.rule.reason).toBe('An obligation on the TPP.');
    const noCheck = buildTree(catalogue, none, { ...NO_CATALOGUE_FILTER, coverage: 'no-check' });
    expect(ids(noCheck)).toEqual([['headers', [['HDR-NOT-YET', []]]]]);
  });

  it('searches rules (all their checks show) and checks (only the matching ones show)', () => {
    const byStatement = buildTree(catalogue, none, {
      ...NO_CATALOGUE_FILTER,
      text: 'STATEMENT OF sign-invalid',
    });
    expect(ids(byStatement)).toEqual([
      ['signing', [['SIGN-INVALID-400', ['SIGN-INVALID-SIGNATURE-400', 'SIGN-SHARED']]]],
    ]);
    const byCheckTitle = buildTree(catalogue, none, {
      ...NO_CATALOGUE_FILTER,
      text: 'does not verify',
    });
    expect(ids(byCheckTitle)).toEqual([
      ['signing', [['SIGN-INVALID-400', ['SIGN-INVALID-SIGNATURE-400']]]],
    ]);
    const byReason = buildTree(catalogue, none, { ...NO_CATALOGUE_FILTER, text: 'obligation' });
    expect(ids(byReason)).toEqual([['signing', [['SIGN-TPP-SIGNS', []]]]]);
    const byTag = buildTree(catalogue, none, { ...NO_CATALOGUE_FILTER, text: 'slow' });
    expect(treeSize(byTag)).toEqual({ rules: 2, checks: 1 });
    expect(buildTree(catalogue, none, { ...NO_CATALOGUE_FILTER, text: 'nothing like it' })).toEqual(
      [],
    );
  });

  it('shows the last run: statuses, the worst per rule and area, and the status filter', () => {
    const statuses = new Map<string, CheckStatus>([
      ['SIGN-MISSING-SIGNATURE-400', 'PASS'],
      ['SIGN-INVALID-SIGNATURE-400', 'FAIL'],
      ['SIGN-SHARED', 'WARNING'],
      ['HDR-REQUEST-ID-REQUIRED', 'PASS'],
    ]);
    const tree = buildTree(catalogue, statuses, NO_CATALOGUE_FILTER);
    expect(tree.map((a) => a.status)).toEqual(['FAIL', 'WARNING']);
    expect(tree[0]!.rules.map((r) => r.status)).toEqual(['PASS', 'FAIL', undefined]);
    expect(tree[0]!.rules[1]!.checks.map((c) => c.status)).toEqual(['FAIL', 'WARNING']);

    const failed = buildTree(catalogue, statuses, { ...NO_CATALOGUE_FILTER, status: 'FAIL' });
    expect(ids(failed)).toEqual([
      ['signing', [['SIGN-INVALID-400', ['SIGN-INVALID-SIGNATURE-400']]]],
    ]);
    const partial = new Map<string, CheckStatus>([['SIGN-SHARED', 'PASS']]);
    const notRun = buildTree(catalogue, partial, { ...NO_CATALOGUE_FILTER, status: 'not-run' });
    expect(treeSize(notRun)).toEqual({ rules: 3, checks: 3 });
  });
});

describe('selection', () => {
  it('toggles checks immutably and tells all, some or none for a checkbox', () => {
    const empty = new Set<string>();
    const some = toggleSelection(empty, ['A', 'B'], true);
    expect(empty.size).toBe(0);
    expect(selectionState(some, ['A', 'B'])).toBe('all');
    expect(selectionState(some, ['A', 'C'])).toBe('some');
    expect(selectionState(some, ['C'])).toBe('none');
    expect([...toggleSelection(some, ['A'], false)]).toEqual(['B']);
  });

  it('runs only the selected checks that exist in the chosen mode', () => {
    const selected = new Set(['SIGN-SHARED', 'HDR-REQUEST-ID-REQUIRED', 'NO-SUCH-CHECK']);
    expect(runnableSelection(catalogue, selected, 'sandbox')).toEqual([
      'SIGN-SHARED',
      'HDR-REQUEST-ID-REQUIRED',
    ]);
    expect(runnableSelection(catalogue, selected, 'production')).toEqual([
      'HDR-REQUEST-ID-REQUIRED',
    ]);
  });
});
