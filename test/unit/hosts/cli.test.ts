import { describe, expect, it } from 'vitest';
import { runCli } from '../../../main/hosts/cli/index';
import { captureCliIo } from '../../support/cli-capture';
import packageJson from '../../../package.json' with { type: 'json' };

const capture = captureCliIo;

describe('workbench CLI', () => {
  it('prints help listing its commands', async () => {
    const io = capture();
    expect(await runCli(['--help'], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/Usage: workbench <command>/);
    expect(io.stdout.join('\n')).toMatch(/\bweb\b/);
  });

  it('prints the package version', async () => {
    const io = capture();
    expect(await runCli(['--version'], io)).toBe(0);
    expect(io.stdout).toEqual([packageJson.version]);
  });

  it('exits 2 naming an unknown command', async () => {
    const io = capture();
    expect(await runCli(['frobnicate'], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/unknown command 'frobnicate'/);
  });

  it.each([
    [['web', '--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['web', '--host', '0.0.0.0'], /--host must be a loopback address/],
    [['web', '--bogus'], /unknown flag '--bogus'/],
  ])('exits 2 naming what was wrong in %j', async (argv, message) => {
    const io = capture();
    expect(await runCli(argv, io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(message);
  });
});
