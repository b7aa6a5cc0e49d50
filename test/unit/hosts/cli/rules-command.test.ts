import { TPP_RULES } from '../../../../main/core/spec/tpp-rules.js';
import { describe, expect, it } from 'vitest';
import { captureCliIo } from '../../../support/cli-capture';
import { UsageError } from '../../../../main/hosts/cli/io';
import { createRulesCommand, rulesCommand } from '../../../../main/hosts/cli/rules-command';
import type { Check } from '../../../../main/core/runner/check-api/index';
import { RULES } from '../../../../suites/catalogue';
import type { Rule } from '../../../../main/core/runner/check-api/rule';

const capture = captureCliIo;

const rules: Rule[] = [
  {
    id: 'SIGN-MISSING-400',
    section: '§5.2(1)',
    statement: 'Unsigned: 400.',
    area: 'signing',
    testable: true,
  },
  {
    id: 'SIGN-RFC-2047',
    section: '§5.2(6)',
    statement: 'MIME-encoded.',
    area: 'signing',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'GEN-TLS-1-2',
    section: '§5.1',
    statement: 'TLS 1.2.',
    area: 'general',
    testable: false,
    reason: 'deployment property',
  },
];
const probe = (id: string, ruleIds: string[]): Check => ({
  id,
  title: id,
  area: 'signing',
  rules: ruleIds,
  run: async () => {},
});
const command = createRulesCommand({
  rules,
  checks: [probe('CHK-UNSIGNED', ['SIGN-MISSING-400'])],
});

describe('workbench rules', () => {
  it('prints the catalogue with coverage per area, checks, reasons and needs', async () => {
    const io = capture();
    expect(await command.run([], io)).toBe(0);
    expect(io.stdout).toEqual([
      'Rule catalogue: 3 rules: 2 testable (1 with checks, 1 without), 0 judged of the client, 1 untestable. Checks in the registry: 1.',
      '',
      'general: 1 rules: 0 testable (0 with checks, 0 without), 0 judged of the client, 1 untestable',
      '  [untestable] GEN-TLS-1-2 (§5.1) TLS 1.2.',
      '               why untestable: deployment property',
      '',
      'signing: 2 rules: 2 testable (1 with checks, 1 without), 0 judged of the client, 0 untestable',
      '  [1 check]    SIGN-MISSING-400 (§5.2(1)) Unsigned: 400.',
      '               checks: CHK-UNSIGNED',
      '  [no check]   SIGN-RFC-2047 (§5.2(6)) MIME-encoded.',
      '               needs: sandbox-api',
    ]);
    expect(io.stderr).toEqual([]);
  });

  it('filters by --area and --state', async () => {
    const io = capture();
    await command.run(['--area', 'signing', '--state', 'uncovered'], io);
    expect(io.stdout.filter((line) => line.startsWith('  ['))).toEqual([
      '  [no check]   SIGN-RFC-2047 (§5.2(6)) MIME-encoded.',
    ]);
  });

  it('prints machine-readable JSON with --json', async () => {
    const io = capture();
    await command.run(['--json', '--area', 'general', '--area', 'signing'], io);
    const output = JSON.parse(io.stdout.join('\n'));
    expect(output.summary).toEqual({
      rules: 3,
      testable: 2,
      covered: 1,
      uncovered: 1,
      client: 0,
      untestable: 1,
      checks: 1,
    });
    expect(output.areas.map((a: { area: string }) => a.area)).toEqual(['general', 'signing']);
    expect(output.rules[0]).toMatchObject({
      id: 'GEN-TLS-1-2',
      testable: false,
      reason: 'deployment property',
      state: 'untestable',
      checks: [],
    });
    expect(output.rules[1]).toMatchObject({
      id: 'SIGN-MISSING-400',
      state: 'covered',
      checks: ['CHK-UNSIGNED'],
    });
    expect(output.problems).toEqual([]);
  });

  it('refuses an unknown area or state as a usage error', async () => {
    await expect(command.run(['--area', 'signin'], capture())).rejects.toThrow(UsageError);
    await expect(command.run(['--area', 'signin'], capture())).rejects.toThrow(
      /--area must be one of general, signing/,
    );
    await expect(command.run(['--state', 'done'], capture())).rejects.toThrow(
      /--state must be one of covered, uncovered, client, untestable/,
    );
  });

  it('exits 1 and says why when a check names a rule the catalogue lacks', async () => {
    const io = capture();
    const broken = createRulesCommand({ rules, checks: [probe('CHK-TYPO', ['SIGN-MISING-400'])] });
    expect(await broken.run([], io)).toBe(1);
    expect(io.stderr).toEqual([
      'workbench rules: check CHK-TYPO names rule SIGN-MISING-400, which the catalogue does not have',
    ]);
  });

  it('shows a rule no check of a bank observes as judged of the client when the TPP side names it', async () => {
    const tpp = [
      {
        id: 'TPP-TLS',
        section: '§5.1',
        title: 'TLS',
        statement: 'TLS.',
        catalogue: ['GEN-TLS-1-2'],
        report: true as const,
        modules: ['basic:TLS'],
      },
    ];
    const both = createRulesCommand({
      rules,
      checks: [probe('CHK-UNSIGNED', ['SIGN-MISSING-400'])],
      tpp,
    });
    const io = capture();
    expect(await both.run(['--area', 'general'], io)).toBe(0);
    expect(io.stdout).toEqual([
      'Rule catalogue: 1 rules: 0 testable (0 with checks, 0 without), 1 judged of the client, 0 untestable. Checks in the registry: 1.',
      '',
      'general: 1 rules: 0 testable (0 with checks, 0 without), 1 judged of the client, 0 untestable',
      '  [client]     GEN-TLS-1-2 (§5.1) TLS 1.2.',
      '               judged of the client: TPP-TLS by the TPP report and modules basic:TLS',
      '               why no check of a bank: deployment property',
    ]);
    const json = capture();
    await both.run(['--json', '--state', 'client'], json);
    expect(JSON.parse(json.stdout.join('\n')).rules).toEqual([
      expect.objectContaining({
        id: 'GEN-TLS-1-2',
        state: 'client',
        client: { tppRules: ['TPP-TLS'], report: true, modules: ['basic:TLS'] },
      }),
    ]);
  });

  it('counts the real catalogue: the TPP obligations judged of the client are not untestable', async () => {
    const io = capture();
    expect(await rulesCommand.run(['--json'], io)).toBe(0);
    const { summary, rules: listed } = JSON.parse(io.stdout.join('\n')) as {
      summary: Record<string, number>;
      rules: { id: string; state: string; testable: boolean; client?: { modules: string[] } }[];
    };
    const stateOf = new Map(listed.map((rule) => [rule.id, rule.state]));
    for (const id of [
      'SIGN-TPP-SIGNS-EVERY-REQUEST',
      'HDR-X-REQUEST-ID-UNIQUE',
      'SCA-PSU-ID-STORED-BY-TPP',
      'CONSENT-REVOKED-WITH-BANK',
      'CARDTX-LINKS-PREFERRED',
      'CONSENT-PAYMENT-PERMISSION-REMOVABLE',
      'SCA-RISK-BASED',
      'SCA-APP-LINKING-SITE-BINDINGS',
    ])
      expect([id, stateOf.get(id)]).toEqual([id, 'client']);
    expect(listed.find((rule) => rule.id === 'HDR-X-REQUEST-ID-UNIQUE')?.client?.modules).toEqual([
      'basic:X-REQUEST-ID-UNIQUE',
    ]);
    expect(
      listed.find((rule) => rule.id === 'CONSENT-PAYMENT-PERMISSION-REMOVABLE')?.client?.modules,
    ).toEqual(['payments:PAYMENT-PERMISSION-REMOVED']);
    const notOfBank = listed.filter((rule) => !rule.testable).length;
    expect(summary.client! + summary.untestable!).toBe(notOfBank);
    expect(summary.client).toBe(listed.filter((rule) => rule.state === 'client').length);
    expect(summary.testable! + summary.client! + summary.untestable!).toBe(summary.rules);
    // At most 20 rules neither a check of a bank nor a judgement of the client can observe, each
    // with its reason (suites/*/rules.ts).
    expect(summary.untestable).toBeLessThanOrEqual(20);
  });

  it('shows ERR-STATUS-500 covered by the run on every answer, with no check', async () => {
    const io = capture();
    expect(await rulesCommand.run(['--json'], io)).toBe(0);
    const { rules: listed } = JSON.parse(io.stdout.join('\n')) as {
      rules: { id: string; state: string; checks: string[]; everyAnswer?: string }[];
    };
    expect(listed.find((rule) => rule.id === 'ERR-STATUS-500')).toMatchObject({
      state: 'covered',
      checks: [],
      everyAnswer: 'EVERY-ANSWER-ERR-STATUS-500',
    });
    const text = capture();
    expect(await rulesCommand.run(['--area', 'errors'], text)).toBe(0);
    const lines = text.stdout.join('\n');
    expect(lines).toMatch(/\[every answer\] ERR-STATUS-500 /);
    expect(lines).toContain(
      'judged on every answer of a run it speaks of: EVERY-ANSWER-ERR-STATUS-500',
    );
  });

  it('shows §1 one SCA flow in both environments as judged by the run comparison, not untestable', async () => {
    const json = capture();
    expect(await rulesCommand.run(['--json', '--area', 'sca-sessions'], json)).toBe(0);
    const { rules: listed } = JSON.parse(json.stdout.join('\n')) as {
      rules: { id: string; state: string; checks: string[]; comparisons?: string[] }[];
    };
    expect(listed.find((rule) => rule.id === 'SCA-SAME-FLOW-BOTH-ENVIRONMENTS')).toMatchObject({
      state: 'covered',
      checks: [],
      comparisons: ['COMPARE-SCA-FLOW-BOTH-ENVIRONMENTS'],
    });
    const text = capture();
    await rulesCommand.run(['--area', 'sca-sessions'], text);
    const at = text.stdout.findIndex((line) => line.includes('SCA-SAME-FLOW-BOTH-ENVIRONMENTS'));
    expect(text.stdout[at]).toMatch(/^ {2}\[compared\] +SCA-SAME-FLOW-BOTH-ENVIRONMENTS/);
    expect(text.stdout[at + 1]).toContain(
      'judged by comparing two runs (workbench compare): COMPARE-SCA-FLOW-BOTH-ENVIRONMENTS',
    );
  });

  it('lists the real catalogue', async () => {
    const io = capture();
    expect(rulesCommand.name).toBe('rules');
    expect(await rulesCommand.run(['--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout.join('\n')).rules).toHaveLength(RULES.length);
  });

  it('lists the TPP side with how each rule is judged of the client', async () => {
    const io = capture();
    expect(await rulesCommand.run(['--json'], io)).toBe(0);
    const { tpp } = JSON.parse(io.stdout.join('\n'));
    expect(tpp.rules).toBe(TPP_RULES.length);
    expect(tpp.entries.map((rule: { id: string }) => rule.id)).toEqual(TPP_RULES.map((r) => r.id));
    expect(
      tpp.entries.find((rule: { id: string }) => rule.id === 'TPP-X-REQUEST-ID-UNIQUE'),
    ).toMatchObject({
      catalogue: ['HDR-X-REQUEST-ID-UNIQUE'],
      report: true,
      modules: ['basic:X-REQUEST-ID-UNIQUE'],
    });
    // §5.3(6): no request shows the redirect domain's bindings; only the plan's module judges them.
    expect(
      tpp.entries.find((rule: { id: string }) => rule.id === 'TPP-APP-SITE-BINDINGS'),
    ).toMatchObject({
      catalogue: ['SCA-APP-LINKING-SITE-BINDINGS'],
      report: false,
      modules: ['app-linking:APP-SITE-BINDINGS'],
    });
    const { rules } = JSON.parse(io.stdout.join('\n'));
    expect(
      rules.find((rule: { id: string }) => rule.id === 'SCA-APP-LINKING-SITE-BINDINGS'),
    ).toMatchObject({
      state: 'client',
      client: { tppRules: ['TPP-APP-SITE-BINDINGS'], report: false },
    });
    const text = capture();
    await rulesCommand.run([], text);
    expect(text.stdout.join('\n')).toMatch(/TPP side: \d+ rules, judged of the client/);
    const filtered = capture();
    await rulesCommand.run(['--json', '--area', 'signing'], filtered);
    expect(JSON.parse(filtered.stdout.join('\n'))).not.toHaveProperty('tpp');
  });
});
