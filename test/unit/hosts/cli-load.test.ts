/**
 * Loading the `workbench` command table builds no sandbox data: the data set is built for a
 * bank, or when the API reference's description of it is read, never at module load.
 */
import { describe, expect, it, vi } from 'vitest';
import { captureCliIo } from '../../support/cli-capture';
import packageJson from '../../../package.json' with { type: 'json' };
import type * as InitialData from '../../../main/core/bank/domain/initial-data.js';

const built = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../../main/core/bank/domain/initial-data.js', async (importOriginal) => {
  const original = await importOriginal<typeof InitialData>();
  return {
    ...original,
    buildInitialState: (...args: Parameters<typeof original.buildInitialState>) => {
      built.count += 1;
      return original.buildInitialState(...args);
    },
  };
});

describe('loading the workbench commands', () => {
  it('builds no sandbox data set; the routes describe it when the description is read', async () => {
    await import('../../../main/hosts/cli/commands.js');
    const { BANK_ROUTES } = await import('../../../main/core/bank/handlers/routes.js');
    expect(built.count).toBe(0);

    const initialize = BANK_ROUTES.find((route) => route.operationId === 'initializeSandbox')!;
    const fill = BANK_ROUTES.find((route) => route.operationId === 'fillSandboxFixedTestData')!;
    expect(initialize.description).toMatch(/Ola Nordmann/);
    expect(fill.description).toMatch(/\*\*Accounts\*\*/);
    expect(built.count).toBe(2);
    // Made once: reading it again builds nothing more.
    expect(initialize.description).toBe(initialize.description);
    expect(built.count).toBe(2);
  });
});

describe('workbench --version', () => {
  it('answers without loading the command table', async () => {
    const { runEntry } = await import('../../../main/hosts/cli/entry.js');
    const load = vi.fn(() => import('../../../main/hosts/cli/index.js'));
    const io = captureCliIo();
    expect(await runEntry(['--version'], io, load)).toBe(0);
    expect(await runEntry(['-v'], io, load)).toBe(0);
    expect(io.stdout).toEqual([packageJson.version, packageJson.version]);
    expect(load).not.toHaveBeenCalled();

    expect(await runEntry(['--help'], io, load)).toBe(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(io.stdout.at(-1)).toMatch(/Usage: workbench <command>/);
  });
});
