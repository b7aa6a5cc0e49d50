/**
 * The CLI's error messages say the next step: one line of cause, one of remedy, and the usage only
 * when asked for (`workbench help <command>`, `--help`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import { runCli } from '../../../main/hosts/cli/index';
import { closestName, editDistance } from '../../../main/hosts/cli/did-you-mean';
import { readRunFlags } from '../../../main/hosts/cli/run-flags';
import { runCommand } from '../../../main/hosts/cli/run-command';
import { captureCliIo } from '../../support/cli-capture';

async function cli(argv: string[]) {
  const io = captureCliIo();
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('did you mean', () => {
  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('tagret-file', 'target-file')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('suggests the closest name only when it is near enough to be a typo', () => {
    expect(closestName('target-fil', ['target', 'target-file', 'tag'])).toBe('target-file');
    expect(closestName('Target', ['target', 'target-file'])).toBe('target');
    expect(closestName('zzzzzzzz', ['target', 'target-file'])).toBeUndefined();
  });
});

describe('workbench run: an unknown flag', () => {
  it('names the flag, suggests the known one and points at the help, without the usage', async () => {
    const ran = await cli(['run', '--target-fil', 'bank.json']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toEqual([
      "workbench run: unknown flag '--target-fil'",
      "did you mean --target-file? (see 'workbench help run')",
    ]);
  });

  it('points at the help alone when no flag is close', async () => {
    const ran = await cli(['run', '--frobnicate-everything']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toEqual([
      "workbench run: unknown flag '--frobnicate-everything'",
      "see 'workbench help run' for its options",
    ]);
  });

  it('does the same for the other commands that read flags', async () => {
    const ran = await cli(['doctor', '--target-flie', 'x.json']);
    expect(ran.code).toBe(2);
    expect(ran.stderr.join('\n')).toMatch(/did you mean --target-file\?/);
    expect(ran.stderr.join('\n')).not.toMatch(/Usage:/);
  });
});

describe('workbench run: a target profile that does not read', () => {
  it('exits 2 naming the file and its problem, with a remedy and without the usage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-next-step-'));
    const profile = join(dir, 'bank.json');
    writeFileSync(profile, '{ "profileVersion": 1, ');
    const ran = await cli(['run', '--target-file', profile]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toHaveLength(2);
    expect(ran.stderr[0]).toContain(`workbench run: --target-file ${profile}`);
    expect(ran.stderr[1]).toMatch(/docs\/targets\.md.*workbench target init/);
    expect(ran.stderr.join('\n')).not.toMatch(/Usage:|workbench help/);
  });
});

describe('workbench run: a profile problem found while preparing the run', () => {
  it('exits 2 with the problem alone, not the help of the command line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-next-step-'));
    const certs = join(dir, 'certs');
    expect(await runCli(['certs', 'create', '--out', certs], captureCliIo())).toBe(0);
    const profile = join(dir, 'bank.json');
    writeFileSync(
      profile,
      JSON.stringify({
        profileVersion: 1,
        // Nothing listens on port 1: the pre-flight gets a refusal, an answer, and goes on.
        baseUrl: 'http://127.0.0.1:1',
        mode: 'sandbox',
        signing: { certificate: join(certs, 'qsealc.pem'), key: join(certs, 'qsealc.key.pem') },
        sca: { mode: 'browser', executablePath: join(dir, 'no-such-browser') },
      }),
    );
    const ran = await cli(['run', '--target-file', profile]);
    expect(ran.code).toBe(2);
    const problem = ran.stderr.filter((line) => line.startsWith('workbench run: '));
    expect(problem.at(-1)).toMatch(/\/sca: the browser for SCA does not start/);
    expect(ran.stderr.join('\n')).not.toMatch(/Usage:|workbench help/);
  }, 60_000);
});

describe('workbench help <command>', () => {
  it("prints the command's own help, as --help does", async () => {
    const help = await cli(['help', 'run']);
    expect(help.code).toBe(0);
    expect(help.stdout).toEqual([runCommand.usage]);
    expect((await cli(['run', '--help'])).stdout).toEqual(help.stdout);
  });

  it('prints the command list without a command, and names an unknown one', async () => {
    expect((await cli(['help'])).stdout.join('\n')).toMatch(/Usage: workbench <command>/);
    const unknown = await cli(['help', 'rnu']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toEqual([
      "workbench: unknown command 'rnu'",
      "did you mean 'run'? see 'workbench help' for the commands",
    ]);
  });
});

describe('workbench run --rule', () => {
  it('refuses a check id naming the rule it covers as the next step', async () => {
    const ran = await cli(['run', '--target', 'embedded', '--rule', 'CONSENT-GRANTED-DURING-SCA']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toEqual([
      "workbench run: --rule: 'CONSENT-GRANTED-DURING-SCA' is a check id, not a rule id",
      "that check covers CONSENT-GIVEN-DURING-SCA: --rule CONSENT-GIVEN-DURING-SCA runs every check of that rule (see 'workbench help run')",
    ]);
  });

  it('suggests the closest rule id for a typo', async () => {
    const ran = await cli(['run', '--target', 'embedded', '--rule', 'CONSENT-GIVEN-DURING-SAC']);
    expect(ran.code).toBe(2);
    expect(ran.stderr[1]).toMatch(/^did you mean CONSENT-GIVEN-DURING-SCA\? 'workbench rules'/);
  });

  it('runs the checks that cover a rule id, as the catalogue maps them', async () => {
    const { plan } = await readRunFlags(
      ['--target', 'embedded', '--rule', 'CONSENT-GIVEN-DURING-SCA'],
      CHECKS,
      captureCliIo(),
    );
    const covering = CHECKS.filter((check) => check.rules.includes('CONSENT-GIVEN-DURING-SCA'));
    expect(plan.checks.map((check) => check.id)).toEqual(covering.map((check) => check.id));
    expect(plan.checks.map((check) => check.id)).toContain('CONSENT-GRANTED-DURING-SCA');
  });
});
